"""asarray of nested Python lists: the plain nest (exact bool/int/float/complex leaves, ints
within int64, rectangular) and every other nest give the same dtype, values and errors.

The compiled core reads a plain nest on its own short path once its mix of leaf kinds has
been met in the current mode (the first one takes the general path), so every case is
converted three times and must give the same literal answer each time.  Expected values
are written out; the values' oracle is NumPy reading the nest into the expected dtype.
"""

import numpy as np
import pytest

import weaknp as wnp

I64_MAX, I64_MIN = 2 ** 63 - 1, -(2 ** 63)
NAN, INF = float("nan"), float("inf")


def conversions(obj):
    return [wnp.asarray(obj) for _ in range(3)]


@pytest.mark.parametrize("obj, dtype, shape", [
    ([1.0, 2.0, 3.0], "float64", (3,)),
    ([1, 2, 3], "int64", (3,)),
    ([True, False], "bool", (2,)),
    ([1j, 2.5], "complex128", (2,)),
    ([[1, 2], [3, 4]], "int64", (2, 2)),
    ((1, 2), "int64", (2,)),
    ([(1.0, 2.0), [3.0, 4.0]], "float64", (2, 2)),
    ([[[1.5]]], "float64", (1, 1, 1)),
    ([1, 2.5], "float64", (2,)),
    ([True, 2], "int64", (2,)),
    ([True, 2.5], "float64", (2,)),
    ([True, 1j], "complex128", (2,)),
    ([1, -0.0, NAN, INF], "float64", (4,)),
    ([True, 2, 3.5, 4j], "complex128", (4,)),
    ([I64_MAX, I64_MIN, 0], "int64", (3,)),
    ([I64_MIN, 0.5], "float64", (2,)),          # the int rounds to float64 as NumPy's does
    ([2 ** 63, 0.5], "float64", (2,)),          # beyond int64: the general path, same rule
    ([2 ** 53 + 1, 0.5], "float64", (2,)),      # rounds to even, as NumPy's conversion
    ([[0.5] * 3] * 2, "float64", (2, 3)),
])
def test_dtype_shape_and_values(obj, dtype, shape):
    want = np.array(obj, dtype=dtype)
    for x in conversions(obj):
        assert (str(x.dtype), x.weak_type, x.shape) == (dtype, False, shape)
        np.testing.assert_array_equal(np.asarray(x), want)
        assert np.signbit(np.asarray(x).real).tolist() == np.signbit(want.real).tolist()


def test_result_is_an_independent_writeable_c_array():
    obj = [[1.0, 2.0], [3.0, 4.0]]
    for x in conversions(obj):
        d = x._data   # (np.asarray(x) is a view of it from NumPy 2.5)
        assert d.flags.c_contiguous and d.flags.writeable and d.flags.owndata
        x[0, 0] = 9.0
        assert obj[0][0] == 1.0


def test_deep_nests_take_the_general_path():
    obj = 1.5
    for _ in range(40):
        obj = [obj]
    for x in conversions(obj):
        assert x.shape == (1,) * 40 and str(x.dtype) == "float64"


@pytest.mark.parametrize("obj, error, match", [
    ([2 ** 63], OverflowError,
     r"asarray: Python int 9223372036854775808 is out of bounds for int64"),
    ([1, -(2 ** 63) - 1], OverflowError, "asarray: Python int -9223372036854775809 is out"),
    ([[1, 2], [3]], ValueError, "asarray: cannot build an array from the nested sequence"),
    ([[1, 2], 3], ValueError, "asarray: cannot build an array from the nested sequence"),
    ([1, [2]], ValueError, "asarray: cannot build an array from the nested sequence"),
    ([1, object()], TypeError, "asarray: cannot convert an element of type object"),
])
def test_errors(obj, error, match):
    for _ in range(3):
        with pytest.raises(error, match=match):
            wnp.asarray(obj)


@pytest.mark.parametrize("mode, obj, dtype", [
    ("jax-x32", [1.0, 2.0], "float32"),
    ("jax-x32", [1, 2], "int32"),
    ("jax-x32", [1, 2.5], "float32"),
    ("jax-x32", [True, False], "bool"),
    ("strict", [1, 2], "int64"),
    ("strict", [1.0, 2.0], "float64"),
])
def test_each_mode_gives_its_own_join(mode, obj, dtype):
    with wnp.promotion_mode(mode):
        for x in conversions(obj):
            assert (str(x.dtype), x.weak_type) == (dtype, False)
            np.testing.assert_array_equal(np.asarray(x), np.array(obj, dtype=dtype))
    for x in conversions(obj):   # and the default mode its own, after
        assert str(x.dtype) == np.array(obj).dtype.name


def test_strict_mode_refuses_a_mix_every_time():
    with wnp.promotion_mode("strict"):
        for _ in range(3):
            with pytest.raises(wnp.TypePromotionError, match="asarray: no implicit dtype "
                                                             "promotion between bool and weak int"):
                wnp.asarray([True, 1])


def test_other_leaves_and_entries_keep_the_general_rules():
    i8 = wnp.asarray([1], dtype=wnp.int8)
    for _ in range(3):
        assert str(wnp.asarray([np.int8(1), 2]).dtype) == "int8"
        assert str(wnp.asarray([i8[0], 2]).dtype) == "int8"
        assert str(wnp.asarray([1, 2], dtype=wnp.int16).dtype) == "int16"
        assert str(wnp.array([1, 2]).dtype) == "int64"
        assert str(wnp.asarray([np.float32(1), 2.0]).dtype) == "float32"
        assert str(wnp.asarray([]).dtype) == "float64"
        assert wnp.asarray([[], []]).shape == (2, 0)


def test_asarray_takes_device_and_copy_by_position_too():
    # NumPy differs: keyword-only there (see the comment at weaknp.asarray)
    x = wnp.asarray([1, 2], None, None, "cpu", None)
    assert (str(x.dtype), x.tolist()) == ("int64", [1, 2])
    with pytest.raises(ValueError, match="asarray: copy must be True, False or None"):
        wnp.asarray([1, 2], None, None, None, "yes")
