"""Integer and bool inputs of float-result reductions and of the logical ops take NumPy's
values without a full-size float copy (``_api.reduce._int_moment``, the logical ops' own
loops): the values are NumPy's own calls on the same data, bit for bit."""

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from support import same_array

INTS = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


def _values(dt, n, rng, extreme):
    if dt == "bool":
        return rng.integers(0, 2, n).astype(bool)
    info = np.iinfo(dt)
    lo, hi = (info.min, info.max) if extreme else (max(info.min, -1000), min(info.max, 1000))
    return rng.integers(lo, hi, n, dtype=dt, endpoint=True)


@pytest.mark.parametrize("dt", ["int32", "uint32", "int8", "uint8", "int16", "uint16",
                                "bool"])
@pytest.mark.parametrize("n", [1, 2, 8191, 8193, 65537, 200003])
@pytest.mark.parametrize("extreme", [False, True])
@pytest.mark.parametrize("name", ["var", "std", "nanvar", "nanstd"])
def test_integer_moments_in_blocks_are_numpys_float32_call(dt, n, extreme, name):
    # NumPy's _var makes float64 (int32) or float32 deviations of the integers from their
    # float32 mean; weaknp makes them a block at a time: the same float32 sums.
    x = _values(dt, n, np.random.default_rng(n), extreme)
    for ddof in (0, 1, 0.5):
        if n - ddof <= 0:
            continue
        want = getattr(np, name)(x, dtype=np.float32, ddof=ddof)
        same_array(getattr(wnp, name)(x, ddof=ddof), want, "float32", False)


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@pytest.mark.parametrize("keepdims", [False, True])
def test_int32_moments_keep_layout_keepdims_and_axis(layout, keepdims):
    x = np.random.default_rng(5).integers(-2**31, 2**31 - 1, (257, 300), dtype=np.int32)
    x = {"C": x, "F": np.asfortranarray(x), "strided": x[:, ::3]}[layout]
    for axis in (None, (0, 1), 0, -1):
        want = np.var(x, axis=axis, dtype=np.float32, keepdims=keepdims)
        same_array(wnp.var(x, axis=axis, keepdims=keepdims), want, "float32", False)
        want = np.std(x, axis=axis, dtype=np.float32, keepdims=keepdims, ddof=1)
        same_array(wnp.std(x, axis=axis, keepdims=keepdims, correction=1), want, "float32",
                   False)


@pytest.mark.parametrize("dt", INTS + ["bool"])
def test_moments_of_every_integer_dtype_are_numpys(dt):
    x = _values(dt, 70001, np.random.default_rng(7), True)
    work = np.float64 if np.dtype(dt).itemsize == 8 else np.float32
    for name in ("var", "std", "mean"):
        same_array(getattr(wnp, name)(x), getattr(np, name)(x, dtype=work), work, False)
    w = np.arange(x.size) % 3 == 0
    same_array(wnp.var(x, where=w), np.var(x, dtype=work, where=w), work, False)


def test_moments_without_degrees_of_freedom_stay_nan():
    one = np.array([7], np.int32)
    same_array(wnp.var(one, ddof=1), np.float32(np.nan), "float32", False)
    same_array(wnp.std(np.array([], np.uint32)), np.float32(np.nan), "float32", False)
    with pytest.warns(RuntimeWarning, match="Degrees of freedom"):   # NumPy's nanvar's
        wnp.nanvar(one, ddof=1)


VALUES = [0, 3, 256, -2**63, 2**64, 2**70, 0.0, -0.0, 0.5, 2.5, float("nan"), 1e300, 0j,
          0.5j, True, False]


@pytest.mark.parametrize("dt", INTS + ["bool", "float32", "float64", "complex64", "float16"])
@pytest.mark.parametrize("name", ["logical_and", "logical_or", "logical_xor"])
def test_logical_ops_read_truth_values(dt, name):
    # NumPy's answer on the truth values (x != 0) of each operand is the oracle.
    x = np.array([0, 1, 2, 0, 100, 1], dt)
    f, nf = getattr(wnp, name), getattr(np, name)
    y = x[::-1].copy()
    same_array(f(x, y), nf(x.astype(bool), y.astype(bool)), "bool", False)
    for v in VALUES:
        if isinstance(v, complex) and dt not in ("complex64",) or (
                isinstance(v, float) and abs(v) > 1e38 and dt not in ("float64",)):
            continue
        if isinstance(v, int) and not isinstance(v, bool) and np.dtype(dt).kind in "iu" and \
                not np.iinfo(dt).min <= v <= np.iinfo(dt).max:
            continue   # out of range for a strong integer: OverflowError (another test)
        want = nf(x.astype(bool), bool(v))
        same_array(f(x, v), want, "bool", False)
        same_array(f(v, x), want, "bool", False)
    for other in (np.array([0.5, 0, 0, 1, 0.25, 0], np.float64),
                  np.array([2**63, 0, 1, 0, 0, 2**64 - 1], np.uint64)):
        same_array(f(x, other), nf(x.astype(bool), other.astype(bool)), "bool", False)
    same_array(wnp.logical_not(x), np.logical_not(x.astype(bool)), "bool", False)


def test_logical_ops_of_narrow_types_and_weak_arrays():
    bf = np.array([0, 0.5, -1, 0], ml_dtypes.bfloat16)
    i4 = np.array([0, 1, -1, 7], ml_dtypes.int4)
    same_array(wnp.logical_and(bf, bf[::-1]), np.array([False, True, True, False]), "bool",
               False)
    same_array(wnp.logical_or(i4, 0), np.array([False, True, True, True]), "bool", False)
    weak = wnp.asarray(0.25)
    x = np.array([0, 3, 0], np.int16)
    same_array(wnp.logical_or(x, weak), np.array([True, True, True]), "bool", False)
    same_array(wnp.logical_xor(wnp.asarray(256), x), np.array([True, False, True]), "bool",
               False)
