"""Each rule has one body: functions that meet the same mistake word it the same way
(issue 23).  Expected messages and dtypes are literal; the exception types are NumPy's
(``AxisError`` for a bad axis, a subclass of both ``ValueError`` and ``IndexError``)."""

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from weaknp._core import dtype_rules

X = wnp.asarray([[1.0, 2.0], [3.0, 4.0]])


# --- axes: one body (``_core.arguments.axes``) -----------------------------------------

@pytest.mark.parametrize("call", [
    lambda: wnp.flip(X, axis=5),
    lambda: wnp.sum(X, axis=5),
    lambda: wnp.squeeze(X, axis=5),
    lambda: wnp.unstack(X, axis=5),
    lambda: wnp.permute_dims(X, (0, 5)),
    lambda: wnp.argmax(X, axis=5),
    lambda: wnp.nanargmax(X, axis=5),
    lambda: wnp.sort(X, axis=5),
])
def test_an_axis_out_of_range_is_numpys_axis_error_in_weaknps_words(call):
    with pytest.raises(np.exceptions.AxisError,
                       match=r": axis 5 is out of bounds for an array of 2 dimensions; "
                             r"pass an axis in -2\.\.1$"):
        call()


def test_expand_dims_names_the_axis_of_the_result():
    with pytest.raises(np.exceptions.AxisError,
                       match=r"^expand_dims: axis 4 is out of bounds for an array of 3 "
                             r"dimensions; pass an axis in -3\.\.2$"):
        wnp.expand_dims(X, axis=4)


@pytest.mark.parametrize("function", ["flip", "sum", "squeeze", "expand_dims"])
def test_a_repeated_axis_is_one_value_error(function):
    with pytest.raises(ValueError, match=rf"^{function}: axis \(0, 0\) names an axis "
                                         r"twice; pass each axis once$"):
        getattr(wnp, function)(wnp.ones((1, 1)), axis=(0, 0))


@pytest.mark.parametrize("function", ["flip", "sum", "squeeze"])
def test_a_bool_axis_is_refused(function):
    with pytest.raises(TypeError, match=rf"^{function}: axis must be an int or a tuple of "
                                        r"ints, got bool True$"):
        getattr(wnp, function)(wnp.ones((1, 1)), axis=True)


# --- arg-reductions: one body (``_api.searching.arg_reduction``) ----------------------

@pytest.mark.parametrize("function", ["argmax", "nanargmax", "argmin", "nanargmin"])
def test_arg_reductions_word_their_errors_alike(function):
    f = getattr(wnp, function)
    with pytest.raises(TypeError, match=rf"^{function}: axis must be one int, got \(0, 1\)$"):
        f(X, axis=(0, 1))
    with pytest.raises(TypeError, match=rf"^{function}: axis must be an int or a tuple of "
                                        r"ints, got float 0\.5$"):
        f(X, axis=0.5)
    with pytest.raises(ValueError, match=rf"^{function}: attempt to get {function} of an "
                                         r"empty sequence"):
        f(wnp.zeros((0,)))
    assert f(X, axis=1).tolist() == ([1, 1] if "max" in function else [0, 0])
    assert f(X, axis=1).dtype == wnp.int64


def test_nanargmax_of_an_all_nan_slice_says_what_to_do():
    with pytest.raises(ValueError, match=r"^nanargmax: all-NaN slice encountered: it has no "
                                         r"largest element; replace the NaN first"):
        wnp.nanargmax(wnp.asarray([np.nan, np.nan]))


# --- ddof/correction: one body (``_core.arguments.ddof_of``) --------------------------

@pytest.mark.parametrize("function", ["var", "std", "nanvar", "nanstd"])
def test_ddof_and_correction_that_disagree_are_worded_once(function):
    with pytest.raises(ValueError, match=rf"^{function}: ddof=1 and correction=2 disagree; "
                                         r"pass only one of them \(they are the same "
                                         r"parameter\)$"):
        getattr(wnp, function)(X, ddof=1, correction=2)
    # agreeing values are one parameter given twice
    assert float(getattr(wnp, function)(X, ddof=1, correction=1)) == pytest.approx(
        float(getattr(np, function)(np.asarray([[1.0, 2.0], [3.0, 4.0]]), ddof=1)))


# --- the out-of-range message: one body (``_core.dtypes.out_of_range``) ---------------

@pytest.mark.parametrize("call, message", [
    (lambda: wnp.full(2, 1000, dtype=wnp.int8),
     "full: Python int 1000 is out of bounds for int8 (range -128..127); pass dtype=int16 "
     "(or wider)"),
    (lambda: wnp.full_like(wnp.zeros(2, dtype=wnp.int8), 1000),
     "full_like: Python int 1000 is out of bounds for int8 (range -128..127); pass "
     "dtype=int16 (or wider)"),
    (lambda: wnp.arange(0, 300, 1, dtype=wnp.int8),
     "arange: value 299 is out of bounds for int8 (range -128..127); pass dtype=int16 "
     "(or wider)"),
    (lambda: wnp.asarray([1], dtype=wnp.int8) + 1000,
     "add: Python int 1000 is out of bounds for int8 (range -128..127); cast the array "
     "explicitly with astype() to int16 (or wider) first"),
    (lambda: wnp.asarray([1], dtype=wnp.uint8) + wnp.full(1, -1),
     "add: weak int array value -1 is out of bounds for uint8 (range 0..255); cast the "
     "array explicitly with astype() to int16 (or wider) first"),   # int8 would wrap 255
    (lambda: wnp.round(wnp.asarray([127], dtype=wnp.int8), decimals=-1),
     "round: the rounded value 130 is out of bounds for int8 (range -128..127); cast the "
     "array explicitly with astype() to int16 (or wider) first"),
])
def test_an_out_of_range_int_is_one_message_with_the_fix_of_its_role(call, message):
    with pytest.raises(OverflowError) as info:
        call()
    assert str(info.value) == message


def test_a_stored_out_of_range_int_asks_to_cast_the_target():
    x = wnp.zeros(2, dtype=wnp.int8)
    with pytest.raises(OverflowError) as info:
        x[0] = 1000
    assert str(info.value) == (
        "__setitem__: Python int 1000 is out of bounds for int8 (range -128..127); cast the "
        "array it is stored into with astype() to int16 (or wider) first")
    assert x.tolist() == [0, 0]


# --- the dtype rules: one body each (``_core.dtype_rules``) ---------------------------

BF16, F16, INT4, UINT2 = (np.dtype(t) for t in (ml_dtypes.bfloat16, np.float16,
                                                ml_dtypes.int4, ml_dtypes.uint2))


def test_the_dtype_rules_table():
    i, c, n = dtype_rules.inexact_dtype, dtype_rules.compute_dtype, dtype_rules.native_dtype
    f32, f64 = np.dtype("float32"), np.dtype("float64")
    assert [i(np.dtype(t)) for t in ("bool", "int8", "uint32", "int64", "uint64")] == \
        [f32, f32, f32, f64, f64]
    assert [i(INT4), i(UINT2), i(BF16), i(F16)] == [f32, f32, BF16, F16]
    assert [c(BF16), c(F16), c(INT4), c(UINT2), c(np.dtype("int8"))] == \
        [f32, f32, np.dtype("int64"), np.dtype("uint64"), np.dtype("int8")]
    assert [n(BF16), n(F16), n(INT4), n(UINT2)] == [f32, F16, np.dtype("int32"),
                                                     np.dtype("int32")]


def test_sub_byte_int_products_wrap_like_the_elementwise_ops():
    """``outer``/``cross``/``multi_dot`` of sub-byte integers compute in int32 (the native
    dtype), as ``multiply`` does: the same wrapped values, never a float cast."""
    a = wnp.asarray([7, -8], dtype=wnp.int4)
    assert wnp.outer(a, a).tolist() == [[1, -8], [-8, 0]]   # 49 -> 1, -56 -> -8, 64 -> 0
    assert (wnp.outer(a, a) == wnp.multiply(a[:, None], a[None, :])).all()
