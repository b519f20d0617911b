"""Creation functions: dtype and weak flag written literally (JAX's answers in x64, except
where docs/decisions.md says otherwise), values, copies and errors."""

import numpy as np
import pytest

import weaknp as wnp


def dw(x):
    name = "bool" if x.dtype == np.bool_ else x.dtype.name
    return name + ("*" if x.weak_type else "")


@pytest.mark.parametrize("expr, want", [
    ("wnp.zeros(2)", "float64"),
    ("wnp.ones(2)", "float64"),
    ("wnp.empty(2)", "float64"),
    ("wnp.zeros(2, dtype=int)", "int64"),
    ("wnp.zeros(2, dtype=float)", "float64"),
    ("wnp.zeros(2, dtype=None)", "float64"),
    ("wnp.zeros(2, dtype='int8')", "int8"),
    ("wnp.zeros(2, dtype=wnp.bfloat16)", "bfloat16"),
    ("wnp.full(2, 1)", "int64*"),
    ("wnp.full(2, 1.0)", "float64*"),
    ("wnp.full(2, 1j)", "complex128*"),
    ("wnp.full(2, True)", "bool"),
    ("wnp.full(2, np.int8(1))", "int8"),
    ("wnp.full(2, wnp.asarray(1))", "int64*"),
    ("wnp.full(2, 1, dtype=None)", "int64*"),
    ("wnp.full(2, 1, dtype=int)", "int64"),
    ("wnp.arange(3)", "int64"),
    ("wnp.arange(3.0)", "float64"),
    ("wnp.arange(0, 3, 0.5)", "float64"),
    ("wnp.arange(np.int8(3))", "int8"),
    ("wnp.arange(3, dtype=None)", "int64"),
    ("wnp.linspace(0, 1, 3)", "float64"),
    ("wnp.linspace(0, 10, 3, dtype=int)", "int64"),
    ("wnp.linspace(wnp.float16(0), 1, 3)", "float16"),
    ("wnp.linspace(np.int8(0), 1, 3)", "float32"),
    ("wnp.eye(2)", "float64"),
    ("wnp.asarray(2)", "int64*"),
    ("wnp.asarray(2.0)", "float64*"),
    ("wnp.asarray(2j)", "complex128*"),
    ("wnp.asarray(True)", "bool"),
    ("wnp.array(2)", "int64*"),
    ("wnp.asarray(2, dtype=None)", "int64*"),
    ("wnp.asarray(2, dtype=int)", "int64"),
    ("wnp.asarray(2, dtype=float)", "float64"),
    ("wnp.asarray(2, dtype=wnp.int8)", "int8"),
    ("wnp.array([1, 2])", "int64"),
    ("wnp.array([1.0, 2])", "float64"),
    ("wnp.array([1, 2j])", "complex128"),
    ("wnp.array([True, 2])", "int64"),
    ("wnp.array([True, False])", "bool"),
    ("wnp.array([])", "float64"),
    ("wnp.array([[1], [2]])", "int64"),
    ("wnp.array((1, 2.0))", "float64"),
    ("wnp.asarray(np.int8(1))", "int8"),
    ("wnp.asarray(np.float64(1))", "float64"),
    ("wnp.asarray(np.uint64(1))", "uint64"),
    ("wnp.asarray(np.array([1, 2], dtype=np.int16))", "int16"),
    ("wnp.int8(1)", "int8"),
    ("wnp.float32(1)", "float32"),
    ("wnp.bfloat16(1)", "bfloat16"),
    ("wnp.int4(1)", "int4"),
    ("wnp.float8_e4m3fn(1)", "float8_e4m3fn"),
    ("wnp.asarray(wnp.asarray(2))", "int64*"),
    ("wnp.array(wnp.asarray(2), dtype=wnp.int32)", "int32"),
    ("wnp.array([wnp.asarray(2), wnp.asarray(3)])", "int64"),
    ("wnp.array([wnp.asarray(2), 3])", "int64"),
    ("wnp.array([wnp.int8(2), 3])", "int8"),
    ("wnp.zeros_like(2)", "int64*"),
    ("wnp.zeros_like(2.0)", "float64*"),
    ("wnp.zeros_like(True)", "bool"),
    ("wnp.ones_like(wnp.asarray(2.0))", "float64*"),
    ("wnp.empty_like(3.0)", "float64*"),
    ("wnp.full_like(wnp.zeros(2, dtype=wnp.int8), 100)", "int8"),
    ("wnp.zeros_like(wnp.full(2, 1.5), dtype=wnp.float32)", "float32"),
    ("wnp.asarray(2) + wnp.asarray(3)", "int64*"),
    ("wnp.asarray(2) * 1.5", "float64*"),
    ("wnp.asarray(2.0) + wnp.float16(1)", "float16"),
    ("wnp.float32(2) + 1", "float32"),
    ("wnp.int8(2) + np.int8(1)", "int8"),
    ("wnp.int16(1) + np.array(1)", "int64"),
    ("np.int16(1) + wnp.int16(1)", "int16"),
    ("np.float64(1) + wnp.float16(1)", "float64"),
])
def test_dtype_and_weak_flag(expr, want):
    assert dw(eval(expr)) == want


def test_values():
    np.testing.assert_array_equal(np.asarray(wnp.arange(1, 10, 3)), [1, 4, 7])
    np.testing.assert_array_equal(np.asarray(wnp.arange(5, 0, -2)), [5, 3, 1])
    np.testing.assert_array_equal(np.asarray(wnp.arange(0, 1, 0.25)), [0, 0.25, 0.5, 0.75])
    np.testing.assert_array_equal(np.asarray(wnp.linspace(0, 1, 5)), [0, .25, .5, .75, 1])
    np.testing.assert_array_equal(np.asarray(wnp.linspace(0, 1, 4, endpoint=False)),
                                  [0, .25, .5, .75])
    np.testing.assert_array_equal(np.asarray(wnp.eye(2, 3, k=1)), [[0, 1, 0], [0, 0, 1]])
    np.testing.assert_array_equal(np.asarray(wnp.full((2, 2), 7, dtype=wnp.uint8)),
                                  [[7, 7], [7, 7]])
    assert wnp.zeros((2, 0, 3)).shape == (2, 0, 3)


def test_overflow_in_construction():
    with pytest.raises(OverflowError, match="1000.*int8"):
        wnp.asarray(1000, dtype=wnp.int8)
    with pytest.raises(OverflowError, match="300.*int8"):
        wnp.array([wnp.int8(2), 300])
    with pytest.raises(OverflowError, match="int8"):
        wnp.asarray([[1, 2], [3, 1000]], dtype=wnp.int8)
    with pytest.raises(OverflowError):
        wnp.asarray(2**63)
    with pytest.raises(OverflowError, match="1000.*int8"):
        wnp.full(2, 1000, dtype=wnp.int8)
    with pytest.raises(OverflowError, match="1000.*int8"):
        wnp.full_like(wnp.zeros(2, dtype=wnp.int8), 1000)
    with pytest.raises(OverflowError):
        wnp.arange(250, 260, dtype=wnp.uint8)


def test_fill_value_of_another_kind_refused():
    with pytest.raises(TypeError, match="astype"):
        wnp.full_like(wnp.zeros(2, dtype=wnp.int8), 1.5)
    with pytest.raises(TypeError, match="int8"):
        wnp.full(2, 1.5, dtype=wnp.int8)


def test_copy_semantics():
    base = np.arange(3)
    shared = wnp.asarray(base)
    base[0] = 9
    assert int(shared[0]) == 9                      # no copy by default for ndarrays
    copied = wnp.asarray(base, copy=True)
    base[1] = 9
    assert int(copied[1]) == 1
    with pytest.raises(ValueError, match="copy=False"):
        wnp.asarray([1, 2], copy=False)
    with pytest.raises(ValueError, match="copy=False"):
        wnp.asarray(np.arange(3), dtype=wnp.float32, copy=False)
    x = wnp.asarray([1, 2])
    assert np.shares_memory(np.asarray(wnp.asarray(x)), np.asarray(x))
    assert not np.shares_memory(np.asarray(wnp.asarray(x, copy=True)), np.asarray(x))


def test_bad_input_errors():
    with pytest.raises(TypeError, match="asarray"):
        wnp.asarray([object(), 1])
    with pytest.raises(TypeError, match="dtype"):
        wnp.zeros(2, dtype=object)
    with pytest.raises(ValueError, match="device"):
        wnp.zeros(2, device="gpu")
    with pytest.raises(TypeError, match="arange"):
        wnp.arange(True)
    with pytest.raises(ValueError, match="negative"):
        wnp.zeros(-1)


def test_dtype_objects():
    assert wnp.float32 == np.dtype("float32") and np.dtype("float32") == wnp.float32
    assert hash(wnp.float32) == hash(np.dtype("float32"))
    assert np.dtype(wnp.bfloat16).name == "bfloat16"
    assert wnp.int8 != wnp.uint8 and wnp.int1 != wnp.uint1
    assert wnp.float64 != None and None != wnp.float64  # noqa: E711 - the point of the test
    assert wnp.asarray([1], dtype=wnp.int8).dtype == wnp.int8
    assert repr(wnp.float32) == "weaknp.float32"
    assert wnp.iinfo(wnp.int4).min == -8 and wnp.iinfo(wnp.uint2).max == 3
    assert wnp.finfo(wnp.bfloat16).bits == 16 and wnp.finfo(wnp.float8_e4m3fn).max == 448.0
    assert wnp.finfo(wnp.complex64).dtype == np.float32
    assert isinstance(wnp.finfo(wnp.float32).eps, float)
    assert wnp.isdtype(wnp.bfloat16, "real floating")
    assert wnp.isdtype(wnp.int4, "signed integer") and not wnp.isdtype(wnp.int4, "unsigned integer")
    assert wnp.isdtype(wnp.float32, ("integral", "real floating"))


def test_promotion_api():
    assert wnp.promote_types(wnp.int8, wnp.uint8) == np.int16
    assert wnp.promote_types("uint8", int) == np.uint8
    assert wnp.promote_types(int, float) == np.float64
    assert wnp.result_type(wnp.int8, wnp.uint8, 1.0, wnp.float16) == np.float16
    assert wnp.result_type(True, 1, 1.0, 1j, return_weak_type_flag=True) == (
        np.dtype("complex128"), True)
    assert wnp.result_type(wnp.uint64, wnp.int64, 1, return_weak_type_flag=True) == (
        np.dtype("float64"), True)
    assert wnp.result_type(wnp.asarray(1.0), wnp.zeros(2, dtype=wnp.float16)) == np.float16
    with pytest.raises(ValueError, match="at least one"):
        wnp.result_type()
    assert wnp.can_cast(wnp.int8, wnp.int16) and not wnp.can_cast(wnp.int16, wnp.int8)
    assert not wnp.can_cast(wnp.int64, wnp.float16)    # NumPy's casting question
    assert wnp.can_promote(wnp.int64, wnp.float16)     # the lattice's question
    assert not wnp.can_cast(wnp.float32, wnp.int64)
    assert wnp.is_weakly_typed(1.0) and not wnp.is_weakly_typed(True)
    assert wnp.is_weakly_typed(wnp.asarray(1)) and not wnp.is_weakly_typed(wnp.int8(1))
    with pytest.raises(wnp.TypePromotionError, match=r"float8_e4m3fn.*int4|int4.*float8"):
        wnp.result_type(wnp.int4, wnp.float8_e4m3fn)


def test_astype():
    x = wnp.asarray([1.7, -1.7])
    r = wnp.astype(x, wnp.int8)
    assert dw(r) == "int8"
    np.testing.assert_array_equal(np.asarray(r), [1, -1])
    assert dw(x.astype(x.dtype)) == "float64"          # casting drops the weak flag
    assert wnp.astype(r, wnp.int8, copy=False) is r


def test_like_functions_take_numpys_shape_argument():
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    for fn in (wnp.zeros_like, wnp.ones_like, wnp.empty_like):
        r = fn(x, shape=(2, 3))
        assert (r.shape, r.dtype, r.weak_type) == ((2, 3), wnp.int8, False)
    r = wnp.full_like(wnp.asarray(2.0), 7.5, shape=(2,))
    assert (r.shape, r.weak_type) == ((2,), True)
    np.testing.assert_array_equal(np.asarray(r), [7.5, 7.5])
    r = np.zeros_like(x, shape=(3,))   # NumPy's function on a weaknp array (dask does this)
    assert isinstance(r, wnp.Array) and r.dtype == wnp.int8 and r.shape == (3,)
