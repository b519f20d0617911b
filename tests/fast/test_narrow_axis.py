"""Narrow-float reductions over some axes in NumPy's float32 order (``_core.narrow.axis_fold``:
the compiled core's one pass in C, ``_fast.narrow.fold_axis``, or the NumPy slabs of
``prq_fold``), bit for bit against NumPy's own float32 reduction of the same values over the
same axes: ``ufunc.reduce(x, axis, dtype=float32)`` for float16 (NumPy's buffered cast) and
``ufunc.reduce(x.astype(float32), axis)`` for the others, the NaN and deviation transforms
applied to the float32 copy first.  Shapes around NumPy's pairwise splits (8, 128) and its
8192-element buffer, 3-D arrays over every axis and pair of axes, length-1 axes, Fortran
order; NaN, inf, signed zeros and subnormals in the data; the compiled build's conversions
with and without F16C, AVX2 and AVX-512.
"""

from __future__ import annotations

import itertools
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
SHAPES = [(1000, 1000), (3, 4, 5), (1, 9000), (9000, 1), (7, 9), (8, 128), (9, 129),
          (127, 8), (128, 7), (129, 2), (3, 8191), (2, 8192), (3, 8193), (8193, 3),
          (2, 3, 1500), (40, 1, 30), (1, 5, 1, 7), (2, 70_000),
          # around the AVX-512 pass's lanes (16), byte reads (32), column tile (128) and
          # the AVX2 path's WNP_AXIS_COLS (1024)
          (1, 16), (16, 1), (5, 15), (5, 16), (5, 17), (6, 31), (6, 32), (6, 33), (4, 63),
          (4, 64), (4, 65), (3, 127), (3, 128), (3, 129), (3, 1023), (3, 1024), (3, 1025),
          (2, 4, 200)]


def _data(dt, shape, seed):
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    x = (rng.standard_normal(n) * rng.choice([1.0, 10.0, 1e-3], n)).astype(F32)
    tiny = float(ml_dtypes.finfo(dt).smallest_subnormal)
    for i, v in enumerate((0.0, -0.0, tiny, -tiny, np.nan)):
        x[i * 7 % n::53 + i] = v
    with np.errstate(all="ignore"):
        return x.astype(dt).reshape(shape)


def _axes(nd):
    return [ax for k in range(1, nd) for ax in itertools.combinations(range(nd), k)]


def _oracle(ufunc, x, ax, how=core.FOLD_PLAIN, value=0.0):
    with np.errstate(all="ignore"):
        if how == core.FOLD_PLAIN and x.dtype == np.float16:
            return ufunc.reduce(x, axis=ax, dtype=F32)
        w = x.astype(F32)
        if how == core.FOLD_NAN:
            w[np.isnan(w)] = value
        elif how == core.FOLD_DEV:
            kept = tuple(1 if i in ax else n for i, n in enumerate(x.shape))
            w = np.multiply(w - value.reshape(kept), w - value.reshape(kept))
        elif how == core.FOLD_NANDEV:   # NumPy's nanvar (numpy/lib/_nanfunctions_impl.py)
            kept = tuple(1 if i in ax else n for i, n in enumerate(x.shape))
            nan = np.isnan(w)
            w[nan] = 0
            np.subtract(w, value.reshape(kept), out=w)
            w[nan] = 0
            np.multiply(w, w, out=w)
        return ufunc.reduce(w, axis=ax)


def _both(ufunc, x, ax, how=core.FOLD_PLAIN, value=0.0):
    """``axis_fold`` by the registered loops (the compiled core's C, or NumPy slabs) and
    by the NumPy slabs alone (``set_axis_fold(None)``)."""
    buffered = x.dtype == np.float16 and how == core.FOLD_PLAIN
    with np.errstate(all="ignore"):
        got = core.axis_fold(ufunc, x, ax, buffered, how, value)
        core.set_axis_fold(None)
        try:
            slabs = core.axis_fold(ufunc, x, ax, buffered, how, value)
        finally:
            core.set_axis_fold(narrow.fold_axis if narrow.COMPILED else None)
    return got, slabs


def _check(ufunc, x, ax, how=core.FOLD_PLAIN, value=0.0):
    want = _oracle(ufunc, x, ax, how, value)
    for got in _both(ufunc, x, ax, how, value):
        if got is None:   # a layout left to NumPy's own call
            return False
        assert got.dtype == F32 and got.shape == want.shape
        assert same_bits(got, want).all(), (x.shape, ax, ufunc, how)
    return True


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_sum_and_product_over_every_axis(dt, conversions):
    for shape in SHAPES:
        x = _data(dt, shape, seed=sum(shape))
        near_one = (1 + x.astype(F32) * np.float32(1e-3)).astype(dt)
        for ax in _axes(len(shape)):
            if x.ndim == 2 and max(shape[a] for a in ax) > 1:   # every 2-D layout is folded
                assert core.layout(x, ax) is not None
            for ufunc, a in ((np.add, x), (np.multiply, near_one)):
                _check(ufunc, a, ax)
                _check(ufunc, np.asfortranarray(a), ax)


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_nan_and_deviation_transforms(dt, conversions):
    for shape in [(1000, 1000), (3, 4, 5), (9, 129), (3, 8193), (8193, 3), (40, 1, 30),
                  (5, 17), (4, 65), (3, 129)]:
        x = _data(dt, shape, seed=len(shape) + shape[0])
        for ax in _axes(len(shape)):
            for order in (x, np.asfortranarray(x)):
                _check(np.add, order, ax, core.FOLD_NAN, 0.0)
                _check(np.multiply, order, ax, core.FOLD_NAN, 1.0)
                w = order.astype(F32)
                finite = np.where(np.isfinite(w), w, np.float32(0))
                means = np.asarray(np.add.reduce(finite, axis=ax) / np.float32(7), F32)
                _check(np.add, order, ax, core.FOLD_DEV, means)
                _check(np.add, order, ax, core.FOLD_NANDEV, means)


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_counts_of_values_not_nan(dt, conversions):
    """``axis_count`` (the compiled core's pass over the narrow bits, or NumPy's isnan) is
    NumPy's ``sum(~isnan(x), axis, dtype=intp)``, every layout; a type's NaN bit patterns
    exhaustively (``count_axis`` over all 256 / 65536 values)."""
    for shape in [(1000, 1000), (3, 4, 5), (1, 9000), (9000, 1), (6, 33), (3, 1025),
                  (2, 4, 200)]:
        x = _data(dt, shape, seed=shape[0])
        if x.ndim == 2 and (dt.itemsize == 2 or np.isnan(core.byte_values(dt)).any()):
            x[-1] = np.nan   # an all-NaN row
        for ax in _axes(len(shape)):
            for order in (x, np.asfortranarray(x)):
                want = np.sum(~np.isnan(order), axis=ax, dtype=np.intp)
                for fn in (narrow.count_axis if narrow.COMPILED else None, None):
                    core.set_axis_count(fn)
                    try:
                        got = core.axis_count(order, ax)
                    finally:
                        core.set_axis_count(narrow.count_axis if narrow.COMPILED else None)
                    if got is not None:
                        assert got.dtype == np.intp and np.array_equal(got, want), (shape, ax)
    every = np.arange(1 << 8 * dt.itemsize, dtype=np.uint16 if dt.itemsize == 2 else
                      np.uint8).view(dt)
    with np.errstate(invalid="ignore"):   # ml_dtypes' isnan of a signalling NaN
        want = np.sum(~np.isnan(every.reshape(-1, 4)), axis=1, dtype=np.intp)
    # the pure build's count_axis is its NumPy twin of the C pass: both tested here
    got = narrow.count_axis(every, every.size // 4, 4, 1)
    assert got.dtype == np.intp and np.array_equal(got.reshape(-1), want)


def test_layouts_left_to_numpy():
    x = np.zeros((4, 5, 6), np.float16)
    assert core.layout(x, (0, 2)) is None   # the reduced axes not one run
    assert core.layout(x[:, ::2], (1,)) is None   # not one contiguous block
    assert core.layout(x[::-1], (0,)) is None
    assert core.layout(np.zeros((0, 5), np.float16), (0,)) is None
    assert core.layout(np.zeros((1, 5), np.float16), (0,)) is None   # nothing reduced
    c, p, r, q, kept = core.layout(np.zeros((4, 1, 5, 6), np.float16, order="F"), (0, 1))
    assert (p, r, q, kept) == (30, 4, 1, (6, 5)) and c.flags.c_contiguous
    # a float16 run longer than NumPy's buffer, in several rows: NumPy's own call
    assert core.axis_fold(np.add, np.zeros((3, 9000), np.float16), (1,), True) is None


@pytest.mark.parametrize("dt", TYPES[:2], ids=IDS[:2])
def test_flags_leave_the_warnings_to_numpy(dt):
    """inf - inf and an overflow over an axis raise NumPy's warnings (the C loop hands
    the reduction to the NumPy slabs when its floating-point flags say so)."""
    for shape, ax in (((300, 300), (0,)), ((300, 300), (1,))):
        x = _data(dt, shape, seed=5)
        x[np.isnan(x)] = 0   # no NaN before the infinities meet
        x[3, 4], x[4, 4], x[4, 3] = np.inf, -np.inf, np.inf   # a row and a column: inf - inf
        want = _oracle(np.add, x, ax)
        with pytest.warns(RuntimeWarning, match="invalid value"):
            got = core.axis_fold(np.add, x, ax, dt == np.float16)
        assert same_bits(got, want).all()
        with warnings.catch_warnings(), np.errstate(invalid="ignore"):
            warnings.simplefilter("error")
            assert same_bits(core.axis_fold(np.add, x, ax, dt == np.float16), want).all()
        big = np.full(shape, float(ml_dtypes.finfo(dt).max), F32).astype(dt)
        with np.errstate(over="raise"), pytest.raises(FloatingPointError):
            core.axis_fold(np.multiply, big, ax, False)


def test_bad_arguments_are_refused():
    x = np.zeros((4, 4), np.float16)
    means = np.zeros((4, 1), F32)
    for args in ((np.add, x.astype(F32), 4, 4, 1, False), (np.add, x[:, ::2], 4, 2, 1, False),
                 (np.subtract, x, 4, 4, 1, False), (np.add, x, 4, 4, 2, False),
                 (np.add, x, 0, 4, 1, False), (np.add, x, 4.0, 4, 1, False),
                 (np.add, [0.0] * 16, 4, 4, 1, False), (np.add, x, 4, 4, 1, False, 7),
                 (np.add, x, 4, 4, 1, False, core.FOLD_DEV, 0.0),
                 (np.add, x, 4, 4, 1, False, core.FOLD_DEV, means[:2]),
                 (np.add, x, 4, 4, 1, False, core.FOLD_DEV, means.astype(np.float64)),
                 (np.multiply, x, 4, 4, 1, False, core.FOLD_NANDEV, np.ones(4, F32)),
                 (np.add, x, 4, 4, 1, False, core.FOLD_NANDEV, 0.0)):
        with pytest.raises(TypeError, match="narrow.fold_axis: needs"):
            narrow.fold_axis(*args)
    for args in ((x.astype(F32), 4, 4, 1), (x[:, ::2], 4, 2, 1), (x, 4, 4, 2),
                 (x, 0, 4, 1), (x, 4.0, 4, 1), ([0.0] * 16, 4, 4, 1)):
        with pytest.raises(TypeError, match="narrow.count_axis: needs"):
            narrow.count_axis(*args)
    got = narrow.fold_axis(np.add, x + 1, 4, 4, 1, False, core.FOLD_DEV, np.ones(4, F32))
    assert same_bits(got, np.zeros((4, 1), F32)).all()


def test_lanes_past_the_run_raise_no_flag(conversions):
    """The register loops' lanes past a run (or a row) hold zeros: ``(0 - mean)**2`` would
    overflow where every real value equals the mean (bfloat16's range: float32's); no
    flag, no warning, zeros."""
    dt = np.dtype(ml_dtypes.bfloat16)
    big = np.float32(np.array(3e38, F32).astype(dt))
    for n in (1, 5, 7, 9, 13, 21, 131):
        x = np.full(n, big, F32).astype(dt)
        with warnings.catch_warnings(), np.errstate(all="raise"):
            warnings.simplefilter("error")
            got = narrow.fold(np.add, x, False, core.FOLD_DEV, big)
            assert got is not None and same_bits(got[0], np.float32(0)).all()
            for p, r, q in ((1, n, 1), (2, n // 2 or 1, 1), (1, 2, n // 2 or 1),
                            (3, 2, n // 2 or 1)):
                y = np.full(p * r * q, big, F32).astype(dt)
                got = narrow.fold_axis(np.add, y, p, r, q, False, core.FOLD_DEV,
                                       np.full(p * q, big, F32))
                assert got is not None and same_bits(got, np.zeros((p, q), F32)).all()
