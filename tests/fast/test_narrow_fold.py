"""Narrow-float reductions in NumPy's float32 order (``_core.narrow.fold``), bit for bit.

The compiled core's C loops (``_fast.narrow.fold``: NumPy's pairwise sum reading the narrow
input, its buffered chunks, the product in turn) and the pure build's NumPy blocks are
checked against NumPy's own float32 reductions of the same values: ``np.add.reduce`` of a
float32 copy (one pairwise sum), ``np.add.reduce(x, dtype=float32)`` (NumPy's buffered cast),
``np.multiply.reduce``, at lengths around every split of NumPy's pairwise sum (8, 128, the
8192-element buffer, 65536) with NaN, inf, signed zeros and subnormals in the data.  The
compiled build runs its conversions with and without F16C, AVX2 and AVX-512BW.
"""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from support import same_bits

from weaknp._core import dtypes
from weaknp._core import narrow as core
from weaknp._fast import narrow

F32 = np.dtype(np.float32)
TYPES = [np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16)] + [
    d for d in sorted(dtypes.ML_DTYPES, key=str) if d in core.NARROW and d.itemsize == 1]
IDS = [d.name for d in TYPES]
LENGTHS = [1, 5, 7, 8, 9, 15, 16, 17, 127, 128, 129, 255, 256, 257, 1000, 8191, 8192, 8193,
           65535, 65536, 65537, 100_003]


def _data(dt, n, seed, specials=True):
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal(n) * rng.choice([1.0, 10.0, 1e-3], n)).astype(F32)
    if specials:
        tiny = float(ml_dtypes.finfo(dt).smallest_subnormal)
        for i, v in enumerate((0.0, -0.0, tiny, -tiny, np.nan)):
            x[i * 7 % n::53 + i] = v
    with np.errstate(all="ignore"):
        return x.astype(dt)


def _oracle(ufunc, x, buffered, how=core.FOLD_PLAIN, value=0.0):
    """NumPy's own float32 reduction of the values ``fold`` reduces."""
    with np.errstate(all="ignore"):
        if how == core.FOLD_PLAIN and buffered:
            return ufunc.reduce(x, dtype=F32)
        w = x.astype(F32)
        if how == core.FOLD_NAN:
            w[np.isnan(w)] = value
        elif how == core.FOLD_DEV:
            w = np.multiply(w - np.float32(value), w - np.float32(value))
        return ufunc.reduce(w)


def _both(*args):
    """``fold`` by the registered loops (the compiled core's C, or NumPy blocks) and by
    ``_fast.narrow.fold`` directly (in the pure build: the same NumPy blocks).  Where the
    C loop raised a floating-point flag (inf - inf: these types overflow to inf) it
    returns None and ``core.fold`` took the NumPy blocks: both results are then those."""
    with np.errstate(all="ignore"):
        got = core.fold(*args)
        direct = narrow.fold(*args)
        if direct is None:
            core.set_fold(None)
            try:
                direct = core.fold(*args)
            finally:
                core.set_fold(narrow.fold if narrow.COMPILED else None)
    return got, direct


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_sum_every_split(dt, conversions):
    for n in LENGTHS:
        x = _data(dt, n, seed=n, specials=n > 10)
        finite = np.where(np.isnan(x.astype(F32)), 0, x.astype(F32)).astype(dt)
        for data in (x, finite):
            for buffered in (False, True):
                want = _oracle(np.add, data, buffered)
                for got in _both(np.add, data, buffered):
                    assert got[0].dtype == F32 and got[1] == 0
                    assert same_bits(got[0], want).all(), (n, buffered, got, want)


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_nan_and_deviation_transforms(dt, conversions):
    for n in (7, 129, 8193, 65537):
        x = _data(dt, n, seed=n + 1)
        nans = int(np.count_nonzero(np.isnan(x.astype(F32))))
        for value in (0.0, 1.0):
            got, direct = _both(np.add, x, False, core.FOLD_NAN, value)
            want = _oracle(np.add, x, False, core.FOLD_NAN, value)
            for g in (got, direct):
                assert same_bits(g[0], want).all() and g[1] == nans
            want = _oracle(np.multiply, x, False, core.FOLD_NAN, 1.0)
            got, _ = _both(np.multiply, x, False, core.FOLD_NAN, 1.0)
            assert same_bits(got[0], want).all()
        finite = np.where(np.isnan(x.astype(F32)), 0.5, x.astype(F32)).astype(dt)
        mean = np.float32(0.25)
        got, direct = _both(np.add, finite, False, core.FOLD_DEV, mean)
        want = _oracle(np.add, finite, False, core.FOLD_DEV, mean)
        for g in (got, direct):
            assert same_bits(g[0], want).all()


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_product_in_turn(dt, conversions):
    for n in (1, 8, 129, 8193, 70_001):
        x = (1 + _data(dt, n, seed=n, specials=False).astype(F32) * np.float32(1e-3)).astype(dt)
        x[::17] = -x[::17]
        for got in _both(np.multiply, x, False):
            assert same_bits(got[0], _oracle(np.multiply, x, False)).all()


def test_all_negative_zeros_and_single_values():
    for dt in TYPES[:3]:
        for n in (3, 8, 200, 9000):
            z = np.full(n, -0.0, F32).astype(dt)
            for buffered in (False, True):
                got, direct = _both(np.add, z, buffered)
                want = _oracle(np.add, z, buffered)
                assert same_bits(got[0], want).all() and same_bits(direct[0], want).all()


def test_flags_leave_the_warnings_to_numpy():
    """inf - inf and an overflow raise NumPy's warnings (the C loop hands the reduction
    to the NumPy blocks when its floating-point flags say so)."""
    for dt in TYPES[:2]:
        x = _data(dt, 20_000, seed=3, specials=False)
        x[5], x[9000] = np.inf, -np.inf
        with pytest.warns(RuntimeWarning, match="invalid value"):
            r, _ = core.fold(np.add, x, dt == np.float16)
        assert np.isnan(r)
        with warnings.catch_warnings(), np.errstate(invalid="ignore"):
            warnings.simplefilter("error")
            assert np.isnan(core.fold(np.add, x, False)[0])
        big = np.full(20_000, float(ml_dtypes.finfo(dt).max), F32).astype(dt)
        with pytest.warns(RuntimeWarning, match="overflow"):
            r, _ = core.fold(np.multiply, big, False)
        assert r == np.inf
        with np.errstate(over="raise"), pytest.raises(FloatingPointError):
            core.fold(np.multiply, big, False)
    # an underflow: ignored by NumPy's default error state (the C result stands), raised
    # under errstate(under="raise") as NumPy's own product raises it
    tiny = np.full(20_000, 0.01, F32).astype(TYPES[1])
    want = np.multiply.reduce(tiny.astype(F32))
    assert same_bits(core.fold(np.multiply, tiny, False)[0], want).all()
    with np.errstate(under="raise"), pytest.raises(FloatingPointError):
        np.multiply.reduce(tiny.astype(F32))
    with np.errstate(under="raise"), pytest.raises(FloatingPointError):
        core.fold(np.multiply, tiny, False)


def test_bad_arguments_are_refused():
    x = np.zeros(16, np.float16)
    for bad in (x[::2], x.reshape(4, 4), x.astype(F32), [0.0] * 16):
        with pytest.raises(TypeError, match="narrow.fold: needs"):
            narrow.fold(np.add, bad, False)
    with pytest.raises(TypeError, match="narrow.fold: needs"):
        narrow.fold(np.subtract, x, False)
    with pytest.raises(TypeError, match="narrow.fold: needs"):
        narrow.fold(np.add, x, False, 7)
