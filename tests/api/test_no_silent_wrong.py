"""Nothing is silently wrong: issue 11's reproductions on the computing paths and the
findings of the QA pass after it (F1-F14), as literal regressions.

Each expected value is written out; it was checked against jax.numpy (x64) or NumPy on
inputs explicitly cast to the result dtype, as noted.  No warning may escape (pytest turns
warnings into errors): weaknp's own casts are quiet.
"""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from golden import INEXACT
from support import same_array

import weaknp as wnp
from weaknp._core import entries as K


def arr(values, dtype):
    return wnp.asarray(values, dtype=dtype)


# -- item 1: operators agree with their functions ---------------------------------------

@pytest.mark.parametrize("dtype, result", [
    (getattr(ml_dtypes, n, n) if n in ("int4", "uint2", "int1") else n, INEXACT[n])
    for n in ("bool", "int8", "int16", "int32", "uint8", "uint16", "uint32", "int64",
              "uint64", "int4", "uint2", "int1")
])
def test_true_division_of_equal_dtypes(dtype, result):
    x = arr([-1, -1] if dtype is ml_dtypes.int1 else [True, True] if dtype == "bool"
            else [1, 1], dtype)
    same_array(x / x, [1.0, 1.0], result)
    same_array(wnp.divide(x, x), [1.0, 1.0], result)
    same_array(np.divide(x, x), [1.0, 1.0], result)


def test_bool_power_remainder_floor_divide_are_int32():
    b = arr([True, False], "bool")
    t = arr([True, True], "bool")
    same_array(b ** t, [1, 0], "int32")
    same_array(b % t, [0, 0], "int32")
    same_array(b // t, [1, 0], "int32")
    same_array(wnp.pow(b, t), [1, 0], "int32")


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
        same_array(y, [1, 2], "int8")


def test_weak_n_d_array_checked_elementwise():
    x = arr([1, 2], "int8")
    # values inside the range are fine; any element outside raises
    same_array(x + wnp.full(2, 100), [101, 102], "int8")
    with pytest.raises(OverflowError, match="1000"):
        x + wnp.Array._new(np.array([1, 1000]), True)
    same_array(x < wnp.Array._new(np.array([1000, 1]), True), [True, False], "bool")
    same_array(x >= wnp.Array._new(np.array([-1000, 2]), True), [True, True], "bool")


def test_weak_comparisons_are_mathematically_right():
    x = arr([1, 2], "int8")
    same_array(x < wnp.asarray(1000), [True, True], "bool")
    same_array(x > wnp.asarray(1000), [False, False], "bool")
    same_array(wnp.asarray(1000) > x, [True, True], "bool")
    same_array(arr([255], "uint8") == wnp.asarray(-1), [False], "bool")
    same_array(arr([255], "uint8") != wnp.asarray(-1), [True], "bool")
    same_array(wnp.less(x, wnp.asarray(-129)), [False, False], "bool")


def test_weak_matmul_and_clip_and_searchsorted():
    x = arr([1, 2], "int8")
    with pytest.raises(OverflowError):
        x @ wnp.full(2, 1000)
    same_array(x @ wnp.full(2, 3), 9, "int8")
    with pytest.raises(OverflowError):
        wnp.clip(x, wnp.asarray(1000), None)
    same_array(wnp.clip(x, wnp.asarray(-1000), wnp.asarray(1)), [1, 1], "int8")
    with pytest.raises(OverflowError):
        wnp.searchsorted(x, wnp.asarray(1000))
    with pytest.raises(OverflowError):
        wnp.searchsorted(x, 1000)


def test_weak_float_into_narrow_dtype_like_the_scalar():
    # float32 + 1e300: 1e300 becomes inf in float32 (JAX), quietly
    f = arr([1.0], "float32")
    same_array(f + wnp.asarray(1e300), [np.inf], "float32")
    same_array(f + wnp.full(1, 1e300), [np.inf], "float32")
    same_array(f + 1e300, [np.inf], "float32")


# -- item 3: comparisons with numbers beyond a float's range -------------------------------

def test_comparisons_with_ints_beyond_float64():
    x = arr([np.inf, np.nan, -np.inf, 1.0], "float64")
    big = 2 ** 1100
    same_array(x < big, [False, False, True, True], "bool")
    same_array(x <= big, [False, False, True, True], "bool")
    same_array(x > big, [True, False, False, False], "bool")
    same_array(x >= big, [True, False, False, False], "bool")
    same_array(x == big, [False, False, False, False], "bool")
    same_array(x != big, [True, True, True, True], "bool")
    same_array(x < -big, [False, False, True, False], "bool")
    same_array(x > -big, [True, False, False, True], "bool")
    same_array(big > x, [False, False, True, True], "bool")
    same_array(wnp.less(big, x), [True, False, False, False], "bool")


def test_comparisons_with_numbers_beyond_a_narrow_float():
    # JAX differs: it casts 1e300 to float32 first (inf), so inf > 1e300 is False there.
    x = arr([np.inf, 3.0e38, np.nan], "float32")
    same_array(x > 1e300, [True, False, False], "bool")
    same_array(x < 1e300, [False, True, False], "bool")
    same_array(arr([65504.0, np.inf], "float16") < 100000, [True, False], "bool")
    same_array(arr([1.0], "complex64") == 1e300, [False], "bool")


# -- item 4: the other operand is rounded to the narrow result dtype ------------------------

def test_narrow_results_round_the_other_operand_first():
    # values from jax.numpy (x64)
    bf = ml_dtypes.bfloat16
    same_array(wnp.pow(arr([-1.0], bf), arr([65535], "uint16")), [1.0], bf)
    same_array(arr([1.5], bf) * wnp.full(1, 70000.0), [105472.0], bf)
    same_array(arr([257], "int16") == arr([256], bf), [True], "bool")
    same_array(wnp.float_power(arr([65535], "uint16"), arr([-1.0], "float16")), [0.0], "float16")


def test_nextafter_and_spacing_of_narrow_floats_are_exact():
    # values from ml_dtypes' own loops (and jax.numpy for bfloat16)
    bf = ml_dtypes.bfloat16
    same_array(wnp.nextafter(arr(1, bf), 2), 1.0078125, bf)
    same_array(wnp.nextafter(arr([1.0], bf), arr([0.0], bf)), [0.99609375], bf)
    same_array(wnp.spacing(arr([1.0, -1.0], bf)), [0.0078125, -0.0078125], bf)
    e4 = ml_dtypes.float8_e4m3fn
    same_array(wnp.nextafter(arr([1.0], e4), arr([2.0], e4)), [1.125], e4)
    same_array(wnp.spacing(arr([1.0], e4)), [0.125], e4)


# -- item 10: clip bounds and floor_divide's infinities -------------------------------------

def test_clip_bounds_outside_the_dtype():
    x = arr([1, 5], "int8")
    # NumPy 2.4 agrees on all four
    with pytest.raises(OverflowError, match="clip: min bound 1000"):
        wnp.clip(x, 1000, 2000)
    with pytest.raises(OverflowError, match="clip: max bound -500"):
        wnp.clip(x, -1000, -500)
    same_array(wnp.clip(x, -1000, 3), [1, 3], "int8")
    same_array(wnp.clip(x, 0, 1000), [1, 5], "int8")
    same_array(x.clip(-1000, 1000), [1, 5], "int8")


def test_floor_divide_sees_infinities_made_by_the_cast():
    # 1e6 and 70000 are inf in float16; the standard: -1 // +inf is -0.0 (NumPy: -1.0)
    h = arr([-1.0, 1.0], "float16")
    same_array(h // 1e6, [-0.0, 0.0], "float16")
    same_array(wnp.floor_divide(h, arr([70000, 70000], "int32")), [-0.0, 0.0], "float16")


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
    same_array(arr([1.0, -1.0], "float32") // 2 ** 64, [0.0, -1.0], "float32")


def test_failed_integer_power_in_place_changes_nothing():
    x = arr([3, 3, 3], "int8")
    with pytest.raises(ValueError, match="pow"):
        x **= arr([2, 2, -1], "int8")
    same_array(x, [3, 3, 3], "int8")


def test_no_warning_from_casts_weaknp_makes():
    same_array(arr([65535], "uint16") < arr([1.0], "float16"), [False], "bool")
    same_array(arr([1], "complex64") + 1e300, [complex(np.inf, 0)], "complex64")
    same_array(arr([1e300], "float64") + arr([1.0], "float32"), [1e300], "float64")


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
            same_array(x + 1, [2, 3], "int8")
            same_array(wnp.add(x, x), [2, 4], "int8")


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
            same_array(x + 1, [2, 3], "int8")
            same_array(wnp.multiply(x, x), [1, 4], "int8")
            same_array(x < 1000, [True, True], "bool")
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
        same_array(wnp.greater(1e300, w), [False, True], "bool")
        same_array(1e300 > w, [False, True], "bool")
        same_array(w < 1e300, [False, True], "bool")
        same_array(wnp.less_equal(w, w), [True, True], "bool")


# ---------------------------------------------------------------------------------------
# The QA pass after issue 11 (findings F1-F14): expected values from NumPy on explicitly
# cast inputs, jax.numpy (x64), ml_dtypes' own loops or Python's exact arithmetic (noted
# per test); where weaknp chose a rule the entry of docs/decisions.md is named.

INT1 = ml_dtypes.int1


def _i8(*v):
    return wnp.asarray(np.array(v, np.int8))


def _int1():
    return wnp.asarray(np.array([-1, 0], INT1))


# F1 -- ediff1d's to_end/to_begin follow the store rule (NumPy: [3, 1, 5] in range).
def test_ediff1d_extras_are_stored_not_wrapped():
    assert wnp.ediff1d(_i8(1, 2), to_end=5, to_begin=[3]).tolist() == [3, 1, 5]
    with pytest.raises(OverflowError, match="ediff1d: Python int 1000 is out of bounds"):
        wnp.ediff1d(_i8(1, 2), to_end=1000)
    with pytest.raises(OverflowError, match="ediff1d: weak int array value 1000"):
        wnp.ediff1d(_i8(1, 2), to_begin=wnp.asarray(1000))


# F2 -- True is 1, which int1 (-1..0) cannot hold (decision 52).
@pytest.mark.parametrize("call", [
    lambda x: x + True,
    lambda x: True * x,
    lambda x: wnp.maximum(x, True),
    lambda x: wnp.maximum(x, wnp.asarray(True)),
    lambda x: x + wnp.asarray([True, False]),
    lambda x: wnp.ones(2, dtype=INT1),
    lambda x: wnp.ones_like(x),
    lambda x: wnp.eye(2, dtype=INT1),
    lambda x: wnp.identity(2, dtype=INT1),
    lambda x: wnp.asarray(True, dtype=INT1),
    lambda x: wnp.asarray(np.array([True, False]), dtype=INT1),
    lambda x: wnp.full(2, True, dtype=INT1),
    lambda x: wnp.full_like(x, True),
    lambda x: x.__setitem__(1, True),
    lambda x: wnp.put(x, [0], True),
    lambda x: x.fill(True),
    lambda x: wnp.copyto(x, wnp.asarray([True, False])),
    lambda x: wnp.where(wnp.asarray([True, False]), x, True),
    lambda x: wnp.concat([x, wnp.asarray([True])]),
    lambda x: wnp.stack([x, wnp.asarray([True, False])]),
])
def test_true_into_int1_raises_and_changes_nothing(call):
    x = _int1()
    with pytest.raises(OverflowError, match="True|value 1 is out of bounds for int1"):
        call(x)
    assert x.tolist() == [-1, 0]


def test_false_and_comparisons_with_int1_are_exact():
    x = _int1()
    assert (x + False).tolist() == [-1, 0]                     # Python: -1 + 0, 0 + 0
    assert (x < True).tolist() == [True, True]                 # Python: -1 < 1, 0 < 1
    assert (x < wnp.asarray(True)).tolist() == [True, True]    # was [False, False]
    assert (x == wnp.asarray([True, False])).tolist() == [False, True]
    assert wnp.concat([x, wnp.asarray([False])]).tolist() == [-1, 0, 0]
    assert wnp.eye(2, dtype=ml_dtypes.int2).tolist() == [[1, 0], [0, 1]]
    assert wnp.logical_and(x, True).tolist() == [True, False]


# F3 -- False is rounded into float8_e8m0fnu (no zero: NaN), as jax.numpy gives.
def test_false_rounds_into_e8m0():
    y = wnp.asarray(np.array([1., 2.], ml_dtypes.float8_e8m0fnu))
    for r in (y + False, wnp.maximum(y, False), wnp.subtract(y, False), y + 0):
        assert np.isnan(r._data.astype(np.float32)).all()


# F4 -- an int beyond float64 read as a truth value (NumPy on bool-cast inputs).
def test_logical_ops_with_a_huge_int():
    assert wnp.logical_and(_i8(1, 0), 2**1100).tolist() == [True, False]
    assert wnp.logical_or(wnp.asarray([1.0, 0.0]), 2**1100).tolist() == [True, True]
    assert wnp.logical_xor(_i8(1, 0), -2**1100).tolist() == [False, True]


# F5 -- a replacement beyond float16 becomes inf quietly (decision 15), no cast warning.
def test_nan_to_num_replacement_beyond_range_is_quiet():
    x = wnp.asarray(np.array([np.inf, np.nan, -np.inf], np.float16))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = wnp.nan_to_num(x, posinf=1e6, nan=2**70, neginf=-1e6)
    assert r.tolist() == [np.inf, np.inf, -np.inf]


# F6 -- shape errors name the function and say what to do (the "broadcast errors").
@pytest.mark.parametrize("name, call", [
    ("add", lambda a, b: a + b),
    ("add", lambda a, b: wnp.add(a, b)),
    ("add", lambda a, b: a.astype(wnp.float32) + b),
    ("less", lambda a, b: a < b),
    ("maximum", lambda a, b: wnp.maximum(a, [1, 2, 3])),
    ("multiply", lambda a, b: a * wnp.full(3, 2)),
    ("where", lambda a, b: wnp.where(wnp.asarray([True, False]), a, b)),
    ("clip", lambda a, b: wnp.clip(a, b, 5)),
])
def test_broadcast_errors_name_the_function(name, call):
    # NumPy's phrase stays inside (SciPy's tests match on it), after the function's name
    with pytest.raises(ValueError, match=rf"^{name}: operands could not be broadcast "
                                         r"together with shapes \(2,\) .*; make the sizes"):
        call(wnp.ones(2), wnp.ones(3))


# F7 -- closeness/membership questions answer like == (NumPy on the exact values).
def test_isclose_isin_with_ints_beyond_the_dtype():
    x = _i8(1, 2)
    assert wnp.isclose(x, 1000).tolist() == [False, False]
    assert wnp.isclose(x, 1000, rtol=1).tolist() == [True, True]   # NumPy: |1-1000| <= 1000
    assert wnp.isin(x, 1000).tolist() == [False, False]
    assert wnp.isin(x, wnp.full(2, 1000)).tolist() == [False, False]
    assert wnp.isin(x, 2**70).tolist() == [False, False]
    assert wnp.isin(x, 1000, invert=True).tolist() == [True, True]
    assert bool(wnp.allclose(x, 2**1100)) is False
    assert bool(wnp.array_equal(x, 1000)) is False


# F8 -- tanh(±inf + yj) for finite y is ±1 + 0j with the zero taking y's sign: the Array
# API standard's special case (y > 0 gives +0j; tanh(conj(z)) = conj(tanh(z)) for y < 0).
# C99/NumPy take sin(2y)'s sign instead (1 - 0j for y = 3.0); decision 57.
def test_tanh_complex_inf_keeps_the_sign_of_zero():
    r = wnp.tanh(wnp.asarray(np.array([complex(np.inf, -1.5), complex(np.inf, 3.0),
                                       complex(-np.inf, 1.0), complex(np.inf, 3.33e16),
                                       complex(-np.inf, -2.0)])))._data
    assert r.real.tolist() == [1.0, 1.0, -1.0, 1.0, -1.0]
    assert np.signbit(r.imag).tolist() == [True, False, False, False, True]


# F10 -- complex ordering with a number beyond complex64 (NumPy's order on complex128).
def test_complex64_ordering_with_a_huge_int():
    c = wnp.asarray(np.array([1, np.inf, complex(np.nan, 0), -np.inf], np.complex64))
    assert (c < 2**1100).tolist() == [True, False, False, True]
    assert (c > 2**1100).tolist() == [False, True, False, False]
    assert (c == 2**1100).tolist() == [False, False, False, False]


# F12 -- int64 vs uint64 compare exactly (NumPy 2's mixed loops).
def test_int64_uint64_comparisons_are_exact():
    u = wnp.asarray(np.array([2**63, 2**64 - 1], np.uint64))
    i = wnp.asarray(np.array([2**63 - 1, -1], np.int64))
    assert (u == i).tolist() == [False, False]
    assert (i < u).tolist() == [True, True]
    assert wnp.less_equal(u, i).tolist() == [False, False]
    assert (i != u).tolist() == [True, True]
    assert (i[:1] == np.uint64(2**63)).tolist() == [False]


# F13 -- round: float16 scaled in float32 (jax.numpy's values), x unchanged where the
# scaled value overflows (Python's round), integers exact or OverflowError.
def test_round_decimals():
    h = wnp.asarray(np.array([1000., 1.2345, 3e4], np.float16))
    assert wnp.round(h, 2).tolist() == [1000.0, 1.23046875, 30000.0]   # jnp.round
    assert wnp.round(h[:2], 5).tolist() == [1000.0, 1.234375]          # jnp.round
    assert wnp.round(wnp.asarray([1.5]), 400).tolist() == [1.5]         # round(1.5, 400)
    assert wnp.round(wnp.asarray(np.array([1.5], np.float32)), 40).tolist() == [1.5]
    assert wnp.round(wnp.asarray(np.array([125, -35, 130], np.int16)), -1).tolist() ==\
        [120, -40, 130]                                                 # NumPy, Python
    with pytest.raises(OverflowError, match="round: the rounded value -130"):
        wnp.round(_i8(127, -128), -1)
    with pytest.raises(OverflowError, match="round: the rounded value 260"):
        wnp.round(wnp.asarray(np.array([255], np.uint8)), -1)


# F14 -- diagonal offsets are clamped (NumPy wraps -k at -2**63); histogram's range=.
def test_diagonal_offsets_and_histogram_range():
    big = -2**63
    assert wnp.tril(wnp.ones((2, 2)), k=wnp.asarray(big)).tolist() == [[0., 0.], [0., 0.]]
    assert wnp.triu(wnp.ones((2, 2)), k=wnp.asarray(big)).tolist() == [[1., 1.], [1., 1.]]
    assert wnp.tri(3, k=wnp.asarray(big), dtype=wnp.int8).tolist() == [[0] * 3] * 3
    assert wnp.tri(3, k=big).tolist() == [[0.] * 3] * 3
    assert wnp.tri(2, k=2**70).tolist() == [[1., 1.], [1., 1.]]
    assert wnp.tril(wnp.ones((2, 2)), k=2**70).tolist() == [[1., 1.], [1., 1.]]
    counts, _ = wnp.histogram(_i8(1, 2), bins=2, range=(0, 2**70))
    assert counts.tolist() == [2, 0]          # NumPy with range=(0, float(2**70))
    with pytest.raises(TypeError, match="histogram: range ends must be real numbers"):
        wnp.histogram(_i8(1, 2), bins=2, range=(0, wnp.asarray(1j)))
    with pytest.raises(TypeError, match="histogram: range ends must be real numbers"):
        wnp.histogram(_i8(1, 2), bins=2, range=(0, 1j))


# F6 -- NumPy's own error texts are given weaknp's form (function first, then the fix).
@pytest.mark.parametrize("exc, pattern, call", [
    (ValueError, r"^matmul: shapes \(2, 3\) and \(2, 3\) do not align.*; transpose",
     lambda: wnp.matmul(wnp.ones((2, 3)), wnp.ones((2, 3)))),
    (ValueError, r"^stack: all arrays must have the same shape, got \(2,\) and \(3,\); ",
     lambda: wnp.stack([wnp.ones(2), wnp.ones(3)])),
    (ValueError, r"^concat: zero-dimensional arrays cannot be concatenated; use wnp.stack",
     lambda: wnp.concat([wnp.ones(2), wnp.asarray(1.0)])),
    (ValueError, r"^repeat: negative dimensions are not allowed; pass counts >= 0",
     lambda: wnp.repeat(wnp.ones(2), -1)),
    (ValueError, r"^tile: negative dimensions are not allowed; pass repetition counts",
     lambda: wnp.tile(wnp.ones(2), -1)),
    (ValueError, r"^reshape: cannot reshape array of size 2 into shape \(3,\); the new shape",
     lambda: wnp.reshape(wnp.ones(2), (3,))),
    (ValueError, r"^reshape: can only specify one unknown dimension; ",
     lambda: wnp.ones(2).reshape(-1, -1)),
    (IndexError, r"^take: index 5 is out of bounds for axis 0 with size 2; pass indices",
     lambda: wnp.take(wnp.ones(2), 5)),
    (np.exceptions.AxisError, r"^concat: axis 5 is out of bounds .*; pass an axis",
     lambda: wnp.concat([wnp.ones(2)], axis=5)),
    (np.exceptions.AxisError, r"^moveaxis: source: axis 3 is out of bounds .*; pass axes",
     lambda: wnp.moveaxis(wnp.ones(2), 3, 0)),
    (TypeError, r"^asarray: the nested sequence has a value float64 cannot hold .*; pass a",
     lambda: wnp.asarray([1 + 1j], dtype=wnp.float64)),
    (ValueError, r"^__setitem__: setting an array element with a sequence; the value must",
     lambda: wnp.ones(2).__setitem__(0, [1])),
    (ValueError, r"^broadcast_to: cannot broadcast shape \(2,\) to \(3,\); each axis",
     lambda: wnp.broadcast_to(wnp.ones(2), (3,))),
    (ValueError, r"^pow.at: an integer raised to a negative integer power \(-1\)",
     lambda: wnp.power.at(_i8(1, 2, 3), [0, 1], -1)),
    (IndexError, r"^add.at: index 5 is out of bounds for axis 0 with size 3; pass indices",
     lambda: wnp.add.at(_i8(1, 2, 3), [0, 5], 1)),
])
def test_numpy_errors_in_weaknp_words(exc, pattern, call):
    with pytest.raises(exc, match=pattern):
        call()


def test_at_refusals_change_nothing_and_ufunc_out_works():
    a = _i8(1, 2, 3)
    with pytest.raises(ValueError):
        wnp.power.at(a, [0, 1], -1)
    with pytest.raises(IndexError):
        wnp.add.at(a, [0, 5], 1)
    assert a.tolist() == [1, 2, 3]
    assert wnp.add(a, 1, out=a).tolist() == [2, 3, 4]   # F6: out= works (h13's ufuncs)
    assert a.tolist() == [2, 3, 4]


# F10 -- arange's float values are NumPy's to the last bit; an int dtype truncates them.
def test_arange_float_steps_match_numpy():
    assert wnp.arange(0.9, 3, 0.7).tolist() == [0.9, 1.6, 2.3000000000000003, 3.0]  # NumPy
    assert wnp.arange(0.9, 3, 0.7, dtype=wnp.int8).tolist() == [0, 1, 2, 3]         # NumPy
    assert wnp.arange(-0.5, 1, dtype=wnp.uint8).tolist() == [0, 0]  # decision 56


# FOLLOWUP -- reductions obey the user's errstate for overflow (NumPy raises here too).
@pytest.mark.parametrize("name", ["sum", "mean", "var", "std", "nanvar", "cumsum"])
def test_reductions_follow_errstate_over(name):
    x = wnp.asarray([1e308, 1e308])
    with wnp.errstate(over="raise"), pytest.raises(FloatingPointError, match="overflow"):
        getattr(wnp, name)(x)
    assert wnp.mean(wnp.zeros(0)).tolist() != wnp.mean(wnp.zeros(0)).tolist()   # NaN, quiet


# F6 / FOLLOWUP -- axis errors outside the reductions are weaknp's.
@pytest.mark.parametrize("exc, pattern, call", [
    (np.exceptions.AxisError, r"^argsort: axis 5 is out of bounds .*; pass an axis in -1\.\.0",
     lambda: wnp.argsort(wnp.ones(2), axis=5)),
    (ValueError, r"^expand_dims: axis \(0, 0\) names an axis twice",
     lambda: wnp.expand_dims(wnp.ones((2, 2)), (0, 0))),
    (ValueError, r"^median: axis \(0, 0\) names an axis twice",
     lambda: wnp.median(wnp.ones((2, 2)), axis=(0, 0))),
    (ValueError, r"^norm: axis \(0, 0\) names an axis twice",
     lambda: wnp.linalg.norm(wnp.ones((2, 2)), axis=(0, 0))),
    (ValueError, r"^vector_norm: axis \(0, 0\) names an axis twice",
     lambda: wnp.linalg.vector_norm(wnp.ones((2, 2)), axis=(0, 0))),
])
def test_axis_errors_in_weaknp_words(exc, pattern, call):
    with pytest.raises(exc, match=pattern):
        call()


def test_axis_checks_keep_valid_calls():
    m = wnp.asarray([[3.0, 4.0], [6.0, 8.0]])
    assert wnp.median(m, axis=[0, 1]).tolist() == 5.0              # NumPy: 5.0
    assert wnp.linalg.norm(m, axis=1).tolist() == [5.0, 10.0]       # NumPy
    assert wnp.linalg.vector_norm(m, axis=(0, 1)).tolist() == 11.180339887498949  # 125**.5
    assert wnp.argsort(m, axis=-2).tolist() == [[0, 0], [1, 1]]


@pytest.mark.parametrize("call, message", [
    (lambda: wnp.asarray([300], dtype=wnp.int8),
     "asarray: Python int 300 is out of bounds for int8 (range -128..127); pass "
     "dtype=int16 (or wider)"),
    (lambda: wnp.asarray([-1], dtype=wnp.uint32),
     "asarray: Python int -1 is out of bounds for uint32 (range 0..4294967295); pass "
     "dtype=int32 (or wider)"),
    (lambda: wnp.asarray([2 ** 63]),
     "asarray: Python int 9223372036854775808 is out of bounds for int64 (range "
     "-9223372036854775808..9223372036854775807); pass dtype=uint64"),
    (lambda: wnp.asarray([[1], [-2 ** 63 - 1]]),
     "asarray: Python int -9223372036854775809 is out of bounds for int64 (range "
     "-9223372036854775808..9223372036854775807); no integer dtype holds it: pass "
     "dtype=float64 (exact only up to 2**53)"),
    (lambda: wnp.linspace(0, 1000, 3, dtype=wnp.int8),
     "linspace: value 1000 is out of bounds for int8 (range -128..127); pass dtype=int16 "
     "(or wider)"),
])
def test_an_int_out_of_range_names_the_dtype_that_holds_it(call, message):
    with pytest.raises(OverflowError) as info:
        call()
    assert str(info.value) == message
