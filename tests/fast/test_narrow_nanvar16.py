"""float16 ``nanvar``/``nanstd`` folded in C (``narrow.FOLD_NANDEV16``), bit for bit the
values and warnings of NumPy's own call that weaknp made before (``np.nanvar(x,
dtype=float32)`` on the float16 array, rounded to float16): NumPy's ``nanvar`` edits a
float16 copy (``_replace_nan``), so each deviation ``arr - avg`` and each square is rounded
to float16 before the buffered float32 sum.  The layer (``fold``/``axis_fold`` with
``FOLD_NANDEV16``) against NumPy's own edits of a float16 copy; the functions against
NumPy's ``nanvar``/``nanstd``: every axis and pair of axes, C and Fortran order, strided
views, lengths around NumPy's pairwise splits and its 8192-element buffer, keepdims, ddof,
where=, all-NaN rows, deviations and squares that overflow float16 (NumPy's warning); the
compiled build's conversions with and without F16C, AVX2 and AVX-512.
"""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest
from support import same_array, same_bits

import weaknp as wnp
from weaknp._api import reduce
from weaknp._core import narrow as core
from weaknp._fast import narrow

F16, F32 = np.dtype(np.float16), np.dtype(np.float32)


def _data(shape, seed, scale=10.0):
    """float16 values of mixed magnitudes with NaN, +-0, +-inf-free subnormals."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    x = (rng.standard_normal(n) * rng.choice([1.0, scale, 1e-3], n)).astype(F32)
    tiny = float(np.finfo(F16).smallest_subnormal)
    for i, v in enumerate((0.0, -0.0, tiny, -tiny, np.nan, 3e-5)):
        x[i * 7 % n::37 + i] = v
    return x.astype(F16).reshape(shape)


def _axes(nd):
    return [ax for k in range(1, nd) for ax in itertools.combinations(range(nd), k)]


def _squares(x, ax, means):
    """NumPy's ``nanvar`` edits of its float16 copy (numpy/lib/_nanfunctions_impl.py),
    then its buffered float32 sum."""
    kept = tuple(1 if i in ax else n for i, n in enumerate(x.shape))
    arr = np.array(x, copy=True)   # order K, as _replace_nan's copy
    nan = np.isnan(arr)
    arr[nan] = 0
    with np.errstate(all="ignore"):
        np.subtract(arr, means.reshape(kept), out=arr, casting="unsafe")
        arr[nan] = 0
        np.multiply(arr, arr, out=arr)
        return np.add.reduce(arr, axis=ax, dtype=F32)


def test_fold_axis_rounds_each_deviation_and_square(conversions):
    for shape in [(1000, 1000), (3, 4, 5), (9, 129), (3, 8193), (8193, 3), (40, 1, 30),
                  (5, 17), (4, 65), (3, 1025), (2, 4, 200), (1, 9000), (9000, 1)]:
        x = _data(shape, seed=shape[0] + len(shape))
        for ax in _axes(len(shape)):
            for order in (x, np.asfortranarray(x)):
                w = order.astype(F32)
                finite = np.where(np.isfinite(w), w, np.float32(0))
                means = np.asarray(np.add.reduce(finite, axis=ax) / np.float32(5), F32)
                want = _squares(order, ax, means)
                for fn in (narrow.fold_axis if narrow.COMPILED else None, None):
                    core.set_axis_fold(fn)
                    try:
                        with np.errstate(all="ignore"):
                            got = core.axis_fold(np.add, order, ax, True,
                                                 core.FOLD_NANDEV16, means)
                    finally:
                        core.set_axis_fold(narrow.fold_axis if narrow.COMPILED else None)
                    if got is not None:
                        assert same_bits(got, want).all(), (shape, ax, fn)


@pytest.mark.parametrize("n", [1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 127, 128, 129, 1023,
                               1024, 1025, 8191, 8192, 8193, 16385, 70_001])
def test_fold_in_numpys_buffered_order(n, conversions):
    x = _data((n,), seed=n)
    mean = np.float32(0.37)
    want = _squares(x, (0,), np.asarray(mean))
    with np.errstate(all="ignore"):
        got, _ = core.fold(np.add, x, True, core.FOLD_NANDEV16, mean)
    assert same_bits(got, want).all()


def _oracle(fn, x, **kw):
    """NumPy's call as weaknp made it (float32 accumulation, rounded to float16), with
    the warnings it gives under the general path's error state."""
    with warnings.catch_warnings(record=True) as caught, \
            np.errstate(invalid="ignore", divide="ignore"):
        warnings.simplefilter("always")
        r = np.asarray(getattr(np, fn)(x, dtype=F32, **kw))
        r = r.astype(F16)
    return r, [str(w.message) for w in caught]


def _weaknp(fn, x, **kw):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = getattr(wnp, fn)(x, **kw)
    return r, [str(w.message) for w in caught]


def _same(fn, x, **kw):
    want, warned = _oracle(fn, x, **kw)
    got, said = _weaknp(fn, x, **kw)
    same_array(got, want)
    assert said == warned, (fn, x.shape, kw)


@pytest.mark.parametrize("fn", ["nanvar", "nanstd"])
def test_functions_are_numpys_bits(fn, conversions):
    x = _data((1000, 1000), seed=1)
    for ax in (None, 0, 1, (0, 1)):
        for ddof in (0, 1):
            _same(fn, x, axis=ax, ddof=ddof)
        _same(fn, np.asfortranarray(x), axis=ax)
        _same(fn, x, axis=ax, keepdims=True)
        # the fold computes these layouts (NumPy's own call stays for the others)
        axt = None if ax is None else tuple(np.atleast_1d(ax).tolist())
        assert reduce._folded(fn, x, axt, False, {}) is not None
    _same(fn, x[:, ::2], axis=0)   # strided: NumPy's own call
    _same(fn, x[::3], axis=None)
    _same(fn, x, axis=1, where=np.arange(1000) % 3 > 0)
    big = _data((30, 3, 300), seed=2)
    for ax in [None] + _axes(3):
        _same(fn, big, axis=ax)
        _same(fn, np.asfortranarray(big), axis=ax, correction=1)
    for shape in [(1, 9000), (9000, 1), (8193,), (16385,), (70_001,), (3, 8193), (8193, 3)]:
        y = _data(shape, seed=shape[0])
        for ax in [None] + list(range(len(shape))):
            _same(fn, y, axis=ax)


@pytest.mark.parametrize("fn", ["nanvar", "nanstd"])
def test_all_nan_dof_and_overflow_warn_as_numpy(fn):
    x = _data((400, 300), seed=3)
    x[7] = np.nan   # an all-NaN row: "Degrees of freedom <= 0"
    _same(fn, x, axis=1)
    _same(fn, x, axis=0, ddof=400)   # every column's dof <= 0
    _same(fn, x, ddof=x.size)
    y = _data((300, 400), seed=4, scale=1e4)   # deviations and squares beyond float16
    y[0, 0], y[1, 1] = 60000, -60000
    for ax in (None, 0, 1):
        _same(fn, y, axis=ax)   # NumPy's overflow warnings, from NumPy's own call
        with np.errstate(over="ignore"):
            _same(fn, y, axis=ax)
    z = _data((200, 200), seed=5)
    z[3, 3], z[4, 4] = np.inf, -np.inf   # inf - inf: a NaN mean, quietly
    for ax in (None, 0, 1):
        _same(fn, z, axis=ax)
