"""Issue 11's reproductions on the computing paths, as literal regressions.

Each expected value is written out; it was checked against jax.numpy (x64) or NumPy on
inputs explicitly cast to the result dtype, as noted.  No warning may escape (pytest turns
warnings into errors): weaknp's own casts are quiet.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from weaknp import _kernel as K


def arr(values, dtype):
    return wnp.asarray(values, dtype=dtype)


def same(x, values, dtype, weak=False):
    assert isinstance(x, wnp.Array)
    assert x.dtype == np.dtype(dtype), x.dtype
    assert x.weak_type is weak
    want = np.asarray(values).astype(dtype)
    got = np.asarray(x)
    assert got.tobytes() == want.tobytes(), (got, want)


# -- item 1: operators agree with their functions ---------------------------------------

@pytest.mark.parametrize("dtype, result", [
    ("bool", "float32"), ("int8", "float32"), ("int16", "float32"), ("int32", "float32"),
    ("uint8", "float32"), ("uint16", "float32"), ("uint32", "float32"),
    ("int64", "float64"), ("uint64", "float64"), (ml_dtypes.int4, "float32"),
    (ml_dtypes.uint2, "float32"), (ml_dtypes.int1, "float32"),
])
def test_true_division_of_equal_dtypes(dtype, result):
    x = arr([-1, -1] if dtype is ml_dtypes.int1 else [True, True] if dtype == "bool"
            else [1, 1], dtype)
    same(x / x, [1.0, 1.0], result)
    same(wnp.divide(x, x), [1.0, 1.0], result)
    same(np.divide(x, x), [1.0, 1.0], result)


def test_bool_power_remainder_floor_divide_are_int32():
    b = arr([True, False], "bool")
    t = arr([True, True], "bool")
    same(b ** t, [1, 0], "int32")
    same(b % t, [0, 0], "int32")
    same(b // t, [1, 0], "int32")
    same(wnp.pow(b, t), [1, 0], "int32")


# -- item 2: a weak array behaves like its Python scalar ----------------------------------

def test_weak_int_out_of_range_raises_like_the_scalar():
    x = arr([1, 2], "int8")
    for w in (wnp.asarray(1000), wnp.full(2, 1000), 1000):
        with pytest.raises(OverflowError, match="add: .*1000 is out of bounds for int8"):
            x + w
        with pytest.raises(OverflowError):
            w + x
        with pytest.raises(OverflowError):
            wnp.maximum(x, w)
        with pytest.raises(OverflowError, match="where"):
            wnp.where(arr([True, False], "bool"), x, w)
        y = arr([1, 2], "int8")
        with pytest.raises(OverflowError):
            y += w
        same(y, [1, 2], "int8")


def test_weak_n_d_array_checked_elementwise():
    x = arr([1, 2], "int8")
    # values inside the range are fine; any element outside raises
    same(x + wnp.full(2, 100), [101, 102], "int8")
    with pytest.raises(OverflowError, match="1000"):
        x + wnp.Array._new(np.array([1, 1000]), True)
    same(x < wnp.Array._new(np.array([1000, 1]), True), [True, False], "bool")
    same(x >= wnp.Array._new(np.array([-1000, 2]), True), [True, True], "bool")


def test_weak_comparisons_are_mathematically_right():
    x = arr([1, 2], "int8")
    same(x < wnp.asarray(1000), [True, True], "bool")
    same(x > wnp.asarray(1000), [False, False], "bool")
    same(wnp.asarray(1000) > x, [True, True], "bool")
    same(arr([255], "uint8") == wnp.asarray(-1), [False], "bool")
    same(arr([255], "uint8") != wnp.asarray(-1), [True], "bool")
    same(wnp.less(x, wnp.asarray(-129)), [False, False], "bool")


def test_weak_matmul_and_clip_and_searchsorted():
    x = arr([1, 2], "int8")
    with pytest.raises(OverflowError):
        x @ wnp.full(2, 1000)
    same(x @ wnp.full(2, 3), 9, "int8")
    with pytest.raises(OverflowError):
        wnp.clip(x, wnp.asarray(1000), None)
    same(wnp.clip(x, wnp.asarray(-1000), wnp.asarray(1)), [1, 1], "int8")
    with pytest.raises(OverflowError):
        wnp.searchsorted(x, wnp.asarray(1000))
    with pytest.raises(OverflowError):
        wnp.searchsorted(x, 1000)


def test_weak_float_into_narrow_dtype_like_the_scalar():
    # float32 + 1e300: 1e300 becomes inf in float32 (JAX), quietly
    f = arr([1.0], "float32")
    same(f + wnp.asarray(1e300), [np.inf], "float32")
    same(f + wnp.full(1, 1e300), [np.inf], "float32")
    same(f + 1e300, [np.inf], "float32")


# -- item 3: comparisons with numbers beyond a float's range -------------------------------

def test_comparisons_with_ints_beyond_float64():
    x = arr([np.inf, np.nan, -np.inf, 1.0], "float64")
    big = 2 ** 1100
    same(x < big, [False, False, True, True], "bool")
    same(x <= big, [False, False, True, True], "bool")
    same(x > big, [True, False, False, False], "bool")
    same(x >= big, [True, False, False, False], "bool")
    same(x == big, [False, False, False, False], "bool")
    same(x != big, [True, True, True, True], "bool")
    same(x < -big, [False, False, True, False], "bool")
    same(x > -big, [True, False, False, True], "bool")
    same(big > x, [False, False, True, True], "bool")
    same(wnp.less(big, x), [True, False, False, False], "bool")


def test_comparisons_with_numbers_beyond_a_narrow_float():
    # JAX differs: it casts 1e300 to float32 first (inf), so inf > 1e300 is False there.
    x = arr([np.inf, 3.0e38, np.nan], "float32")
    same(x > 1e300, [True, False, False], "bool")
    same(x < 1e300, [False, True, False], "bool")
    same(arr([65504.0, np.inf], "float16") < 100000, [True, False], "bool")
    same(arr([1.0], "complex64") == 1e300, [False], "bool")


# -- item 4: the other operand is rounded to the narrow result dtype ------------------------

def test_narrow_results_round_the_other_operand_first():
    # values from jax.numpy (x64)
    bf = ml_dtypes.bfloat16
    same(wnp.pow(arr([-1.0], bf), arr([65535], "uint16")), [1.0], bf)
    same(arr([1.5], bf) * wnp.full(1, 70000.0), [105472.0], bf)
    same(arr([257], "int16") == arr([256], bf), [True], "bool")
    same(wnp.float_power(arr([65535], "uint16"), arr([-1.0], "float16")), [0.0], "float16")


def test_nextafter_and_spacing_of_narrow_floats_are_exact():
    # values from ml_dtypes' own loops (and jax.numpy for bfloat16)
    bf = ml_dtypes.bfloat16
    same(wnp.nextafter(arr(1, bf), 2), 1.0078125, bf)
    same(wnp.nextafter(arr([1.0], bf), arr([0.0], bf)), [0.99609375], bf)
    same(wnp.spacing(arr([1.0, -1.0], bf)), [0.0078125, -0.0078125], bf)
    e4 = ml_dtypes.float8_e4m3fn
    same(wnp.nextafter(arr([1.0], e4), arr([2.0], e4)), [1.125], e4)
    same(wnp.spacing(arr([1.0], e4)), [0.125], e4)


# -- item 10: clip bounds and floor_divide's infinities -------------------------------------

def test_clip_bounds_outside_the_dtype():
    x = arr([1, 5], "int8")
    # NumPy 2.4 agrees on all four
    with pytest.raises(OverflowError, match="clip: min bound 1000"):
        wnp.clip(x, 1000, 2000)
    with pytest.raises(OverflowError, match="clip: max bound -500"):
        wnp.clip(x, -1000, -500)
    same(wnp.clip(x, -1000, 3), [1, 3], "int8")
    same(wnp.clip(x, 0, 1000), [1, 5], "int8")
    same(x.clip(-1000, 1000), [1, 5], "int8")


def test_floor_divide_sees_infinities_made_by_the_cast():
    # 1e6 and 70000 are inf in float16; the standard: -1 // +inf is -0.0 (NumPy: -1.0)
    h = arr([-1.0, 1.0], "float16")
    same(h // 1e6, [-0.0, 0.0], "float16")
    same(wnp.floor_divide(h, arr([70000, 70000], "int32")), [-0.0, 0.0], "float16")


# -- item 11: errors name the function; no warnings from weaknp's own casts ---------------

def test_arithmetic_errors_name_the_function():
    with pytest.raises(OverflowError, match=r"^add: Python int ~2\*\*1100 is too large to "
                                            r"convert to complex64"):
        arr([1], "complex64") + 2 ** 1100
    with pytest.raises(OverflowError, match="^multiply: Python int"):
        arr([1.0], "float64") * 2 ** 1100
    with pytest.raises(ValueError, match=r"^pow: an integer raised to a negative integer"):
        arr([2], "int8") ** -1
    with pytest.raises(ValueError, match=r"^pow: "):
        wnp.pow(arr([2], "int8"), arr([-1], "int8"))


def test_float_floor_divide_by_a_big_int():
    # 2**64 fits float32; NumPy on float32 inputs: [0., -1.]
    same(arr([1.0, -1.0], "float32") // 2 ** 64, [0.0, -1.0], "float32")


def test_failed_integer_power_in_place_changes_nothing():
    x = arr([3, 3, 3], "int8")
    with pytest.raises(ValueError, match="pow"):
        x **= arr([2, 2, -1], "int8")
    same(x, [3, 3, 3], "int8")


def test_no_warning_from_casts_weaknp_makes():
    same(arr([65535], "uint16") < arr([1.0], "float16"), [False], "bool")
    same(arr([1], "complex64") + 1e300, [complex(np.inf, 0)], "complex64")
    same(arr([1e300], "float64") + arr([1.0], "float32"), [1e300], "float64")


# -- item 12: caches per lattice are bounded ----------------------------------------------

def test_lattice_mode_caches_are_bounded():
    toy = {"bool": ["i*"], "i*": ["uint8", "int8", "f*"], "uint8": ["uint16", "int16"],
           "uint16": ["uint32", "int32"], "uint32": ["uint64", "int64"], "int8": ["int16"],
           "int16": ["int32"], "int32": ["int64"], "f*": ["float16", "bfloat16", "c*"],
           "float16": ["float32"], "float32": ["float64", "complex64"],
           "float64": ["complex128"], "c*": ["complex64"], "complex64": ["complex128"]}
    caches: dict = {"standard": []}
    lattices = [wnp.Lattice(dict(toy), name=f"toy-{i}") for i in range(K.MAX_LATTICE_CACHES + 3)]
    for lat in lattices:
        K.mode_cache(caches, lat, 4)
    assert "standard" in caches
    assert len(caches) == 1 + K.MAX_LATTICE_CACHES
    assert lattices[-1] in caches and lattices[0] not in caches
    # and through the operators: the result is right after a cache was dropped
    x = arr([1, 2], "int8")
    for lat in lattices + lattices[:2]:
        with wnp.promotion_mode(lat):
            same(x + 1, [2, 3], "int8")
            same(wnp.add(x, x), [2, 4], "int8")


def test_lattices_no_longer_used_are_freed():
    import gc
    import weakref

    toy = {"bool": ["i*"], "i*": ["uint8", "int8", "f*"], "uint8": ["uint16", "int16"],
           "uint16": ["uint32", "int32"], "uint32": ["uint64", "int64"], "int8": ["int16"],
           "int16": ["int32"], "int32": ["int64"], "f*": ["float16", "bfloat16", "c*"],
           "float16": ["float32"], "float32": ["float64", "complex64"],
           "float64": ["complex128"], "c*": ["complex64"], "complex64": ["complex128"]}
    x = arr([1, 2], "int8")
    refs = []
    for i in range(3 * K.MAX_LATTICE_CACHES):
        lat = wnp.Lattice(dict(toy), name=f"freed-{i}")
        with wnp.promotion_mode(lat):
            same(x + 1, [2, 3], "int8")
            same(wnp.multiply(x, x), [1, 4], "int8")
            same(x < 1000, [True, True], "bool")
        refs.append(weakref.ref(lat))
        del lat
    gc.collect()
    alive = sum(r() is not None for r in refs)
    # only the lattices still cached by the kernel stay alive
    assert alive <= K.MAX_LATTICE_CACHES


def test_both_sides_beyond_the_compared_dtype():
    # x32: a weak float64 array and 1e300 are compared in float32, where both are past the
    # range; the numbers themselves decide (1e300 > 1e300 is False)
    w = wnp.Array._new(np.array([1e300, 1.0]), True)
    with wnp.promotion_mode("jax-x32"):
        same(wnp.greater(1e300, w), [False, True], "bool")
        same(1e300 > w, [False, True], "bool")
        same(w < 1e300, [False, True], "bool")
        same(wnp.less_equal(w, w), [True, True], "bool")
