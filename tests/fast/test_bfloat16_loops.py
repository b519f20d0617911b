"""bfloat16 arithmetic and comparisons, small and large, bit for bit against ml_dtypes.

weaknp runs small bfloat16 operands through ml_dtypes' own loop and large ones through
NumPy's float32 loop rounded back (faster at each size), and rounds a Python float operand
with ml_dtypes' scalar type.  The oracle is ml_dtypes itself: its loop on bfloat16 arrays,
the Python number rounded by ml_dtypes' float64 -> bfloat16 cast.  Both sizes must give
the same bits; any two NaNs are equal.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from support import same_bits

import weaknp as wnp

BF16 = np.dtype(ml_dtypes.bfloat16)
OPS = ["add", "subtract", "multiply", "divide", "equal", "not_equal", "less", "less_equal",
       "greater", "greater_equal"]
_SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, 3.0, 1e-40, 3.3895e38, -3.3895e38, np.inf, -np.inf,
            np.nan, 255.0, 257.0]


def _bf16(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    vals = np.concatenate([np.array(_SPECIAL), rng.standard_normal(n) * 10.0 ** rng.integers(
        -40, 38, n)])
    with np.errstate(over="ignore"):
        return vals[:n].astype(BF16)


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("n", [1, 100, 5000])   # below and above the own-loop size limit
def test_arrays_equal_ml_dtypes_loop(op, n):
    a, b = _bf16(n, 0), _bf16(n, 1)[::-1].copy()
    ufunc = getattr(np, op)
    with np.errstate(all="ignore"):
        want = ufunc(a, b)
        got = getattr(wnp, op)(wnp.asarray(a), wnp.asarray(b))
    assert same_bits(np.asarray(got), want).all()


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("n", [3, 5000])
@pytest.mark.parametrize("v", [2, -7, 300, 1.5, 0.1, 1 + 2 ** -8 + 2 ** -30, 1e39, -1e-41])
def test_python_scalar_equal_ml_dtypes_loop(op, n, v):
    a = _bf16(n, 2)
    ufunc = getattr(np, op)
    if op in ("less", "less_equal", "greater", "greater_equal", "equal", "not_equal") and \
            abs(v) > 3.3895e38:
        return   # beyond bfloat16's range: compared as the number itself (compare_beyond)
    with np.errstate(all="ignore"):
        rounded = np.array(float(v)).astype(BF16)
        want = ufunc(a, rounded)
        want_r = ufunc(rounded, a)
        assert same_bits(np.asarray(getattr(wnp, op)(wnp.asarray(a), v)), want).all()
        assert same_bits(np.asarray(getattr(wnp, op)(v, wnp.asarray(a))), want_r).all()


def test_python_float_rounding_at_every_midpoint():
    """Every midpoint between adjacent finite bfloat16 values, and the doubles next to it,
    rounds as ml_dtypes' float64 -> bfloat16 cast rounds it."""
    with np.errstate(all="ignore"):
        finite = np.arange(2 ** 16, dtype=np.uint16).view(BF16).astype(np.float64)
        finite = np.unique(finite[np.isfinite(finite)])
        mids = (finite[1:] + finite[:-1]) / 2
        vals = np.concatenate([mids, np.nextafter(mids, np.inf), np.nextafter(mids, -np.inf)])
        want = vals.astype(BF16)
        one = wnp.ones((), dtype=wnp.bfloat16)
        got = np.array([np.asarray(one * v) for v in vals.tolist()]).astype(BF16)
    assert same_bits(got, want).all()


@pytest.mark.parametrize("op", ["less", "less_equal", "greater", "greater_equal", "equal",
                                "not_equal"])
def test_comparisons_with_nan_do_not_warn(op):
    """As float32 arrays: NumPy's comparison loops are quiet on NaN (ml_dtypes' ordered
    comparisons are not, so weaknp runs them with NumPy's error state quiet)."""
    a = wnp.asarray(np.array([np.nan, 1.0, 2.0]).astype(BF16))
    b = wnp.asarray(np.array([1.0, np.nan, 2.0]).astype(BF16))
    got = getattr(wnp, op)(a, b)   # pytest's filterwarnings = error
    assert np.asarray(got).tolist() == getattr(np, op)(np.array([np.nan, 1.0, 2.0], np.float32),
                                                       np.array([1.0, np.nan, 2.0], np.float32)).tolist()


@pytest.mark.parametrize("n", [3, 5000])   # ml_dtypes' loop (quieted) and float32's
@pytest.mark.parametrize("op", ["less", "greater_equal"])
def test_ordered_comparisons_with_nan_under_errstate_raise(op, n):
    """Under the user's ``np.errstate(all="raise")`` a bfloat16 comparison with NaN neither
    raises nor changes that state (NumPy's float32 comparison does not raise either); an
    add that overflows still raises, and a failing comparison leaves the state as it was."""
    a = wnp.asarray(np.full(n, np.nan).astype(BF16))
    b = wnp.asarray(np.ones(n).astype(BF16))
    big = wnp.asarray(np.full(n, 3e38).astype(BF16))
    with np.errstate(all="raise"):
        got = getattr(wnp, op)(a, b)
        assert not np.asarray(got).any()
        assert np.geterr()["invalid"] == "raise"
        with pytest.raises(ValueError):
            getattr(wnp, op)(a, wnp.ones(n + 1, dtype=wnp.bfloat16))
        assert np.geterr() == {"divide": "raise", "over": "raise", "under": "raise",
                               "invalid": "raise"}
        with pytest.raises(FloatingPointError):
            wnp.add(big, big)
    assert np.geterr()["invalid"] == "warn"


def test_the_quiet_error_state_is_checked_before_use(monkeypatch):
    """NumPy's error-state ContextVar (private names) is used only after a check that
    setting it silences ml_dtypes' ``less`` on NaN and gives its result; a value NumPy
    cannot use there (a stand-in for internals that changed) keeps the float32 loop."""
    from weaknp._core import entries as K
    from weaknp._core.ops import ALL_OPS
    less = next(op for op in ALL_OPS if op.name == "less")
    monkeypatch.setattr(K, "_QUIET_WORKS", [])
    if K.NP_ERRSTATE is None:   # another NumPy's internals: never used
        assert not K._quiet_works() and K.own_loop_sig(less, BF16) is None
        return
    assert K._quiet_works()
    assert K.own_loop_sig(less, BF16) == (BF16, BF16, np.dtype(bool))
    monkeypatch.setattr(K, "_QUIET_WORKS", [])
    monkeypatch.setattr(K, "NP_QUIET", "not NumPy's error state")
    assert not K._quiet_works()
    assert K.own_loop_sig(less, BF16) is None
