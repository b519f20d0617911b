"""Narrow floats searched through a sorter and made unique without float32 copies, bit for
bit as through them.

``searchsorted(a, v, sorter=s)`` into a narrow ``a`` is NumPy's float32 search through the
sorter (``argbinsearch``) step for step, each probed ``a[s[mid]]`` widened on its own
(``_fast.narrow.searchsorted``); ``unique`` (values, counts) of a narrow array without NaNs
or both zeros counts its bit patterns (``_core.sortkeys.counted_unique``).  Oracles: NumPy
only (``astype(float32)``, ``np.searchsorted``/``np.unique``, ``astype`` back), every
narrow float type, every conversion level of the compiled build.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from support import same_bits
from weaknp._core import dtypes
from weaknp._core import sortkeys

F32 = np.dtype(np.float32)
TYPES = [np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16), *dtypes.SMALL_FLOATS]
IDS = [d.name for d in TYPES]


def _values(dt, n, seed, specials=True):
    """``n`` values of ``dt`` (normal-ish, scaled), with zeros of both signs, subnormals,
    the largest value, infinities and NaNs where the type has them."""
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal(n) * rng.choice([1.0, 4.0, 1e-2], n)).astype(F32)
    if specials:
        fi = ml_dtypes.finfo(dt)
        vals = [0.0, -0.0, float(fi.smallest_subnormal), -float(fi.smallest_subnormal),
                float(fi.max), -float(fi.max)]
        with np.errstate(all="ignore"):
            if np.isnan(np.array(np.nan, F32).astype(dt)):
                vals.append(np.nan)
            if np.isinf(np.array(np.inf, F32).astype(dt)):
                vals += [np.inf, -np.inf]
        for i, v in enumerate(vals):
            x[(i * 7) % n::53 + 11 * i] = v
    with np.errstate(all="ignore"):
        return x.astype(dt)


def _search32(a, v, side, sorter):
    with np.errstate(all="ignore"):
        return np.searchsorted(a.astype(F32), np.asarray(v).astype(F32), side=side,
                               sorter=sorter)


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_with_a_sorter_is_numpys_float32_search(dt, side, conversions):
    a = _values(dt, 3001, 1)
    keys = _values(dt, 700, 2)
    with np.errstate(all="ignore"):
        order = np.argsort(a.astype(F32), kind="stable")
        up = np.sort(keys.astype(F32)).astype(dt)
    rev = order[::-1].copy()
    rng = np.random.default_rng(3)
    cases = [(a, keys, order), (a, up, order), (a, up[::-1], order),
             (a, keys, rev),                          # a wrong order: NumPy's indices still
             (a, keys, rng.permutation(a.size)),
             (a[::2], keys, np.argsort(a[::2].astype(F32), kind="stable")),
             (a[::-1], keys[::3], order[::-1]),        # reversed views, strided keys
             (a, keys, np.repeat(order, 2)[::2]),      # a strided sorter
             (a[:0], keys, order[:0]), (a, keys[:0], order), (a, keys[5], order),
             (a[:1], keys, order[:1] * 0), (a, keys.reshape(7, 100), order)]
    for arr, q, s in cases:
        want = _search32(arr, q, side, s)
        got = wnp.searchsorted(arr, q, side=side, sorter=s)
        assert got.dtype == np.dtype(np.int64) and got.shape == np.shape(want)
        assert np.array_equal(np.asarray(got), want), (arr.strides, np.shape(q), s.strides)
    zeros = np.array([0.0, -0.0, 0.0, -0.0], F32).astype(dt)
    for z in (0.0, -0.0):
        got = wnp.searchsorted(zeros, z, side=side, sorter=np.array([3, 0, 2, 1]))
        assert int(got) == (0 if side == "left" else 4)


@pytest.mark.parametrize("dt", [np.dtype(np.float16), np.dtype(ml_dtypes.float8_e4m3fn)],
                         ids=str)
def test_searchsorted_with_a_hostile_sorter_raises_as_numpy(dt, conversions):
    """A sorter index out of range raises NumPy's error (the search stops there); a sorter
    of another integer dtype or length takes NumPy's own handling."""
    a = _values(dt, 100, 4)
    for bad in (np.full(100, -1), np.full(100, 100), np.full(100, np.iinfo(np.intp).max),
                np.where(np.arange(100) == 50, -5, np.arange(100))):   # probed first
        with pytest.raises(ValueError) as got:
            wnp.searchsorted(a, a[:5], sorter=bad)
        with pytest.raises(ValueError) as want:
            np.searchsorted(a.astype(F32), a[:5].astype(F32), sorter=bad)
        assert str(got.value) == str(want.value)
    s32 = np.argsort(a.astype(F32)).astype(np.int32)
    assert np.array_equal(np.asarray(wnp.searchsorted(a, a[:9], sorter=s32)),
                          _search32(a, a[:9], "left", s32))
    with pytest.raises(ValueError):
        wnp.searchsorted(a, a[:5], sorter=np.arange(99))


def _unique32(a, **kw):
    with np.errstate(all="ignore"):
        return np.unique(a.astype(F32), **kw)


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_unique_by_counting_is_the_float32_unique(dt, conversions):
    """Values (bits) and counts of ``unique`` and the ``unique_*`` family against NumPy's
    float32 unique, with one zero of either sign or none, subnormals, infinities, the
    largest values; 2-d, strided, reversed, empty and 0-d inputs."""
    base = _values(dt, 20_000, 5)
    with np.errstate(all="ignore"):
        nonzero = base[~np.isnan(base.astype(F32)) & (base.astype(F32) != 0)]
        zero = np.array([0.0, -0.0], F32).astype(dt)
        zero = zero[zero.astype(F32) == 0]   # (float8_e8m0fnu has no zero: NaN)
    pos = np.concatenate([nonzero, zero[:1], zero[:1]])
    neg = np.concatenate([zero[1:], nonzero])
    cases = [pos, neg, pos[:1000].reshape(20, 50), pos[::3], pos[::-1],
             pos[:999].reshape(27, 37)[:, ::-2], pos[:0], np.asarray(pos[5]), pos[:1]]
    for a in cases:
        vals, counts = _unique32(a, return_counts=True)
        with np.errstate(all="ignore"):
            want = vals.astype(dt)
        for got in (wnp.unique(a), wnp.unique_values(a), wnp.unique_counts(a).values,
                    wnp.unique(a, return_counts=True)[0]):
            got = np.asarray(got)
            assert got.dtype == dt and got.shape == want.shape
            assert got.tobytes() == want.tobytes(), a.shape
        for c in (wnp.unique(a, return_counts=True)[1], wnp.unique_counts(a).counts):
            assert c.dtype == np.dtype(np.int64)
            assert np.array_equal(np.asarray(c), counts)
        assert sortkeys.counted_unique(a) is not None


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_unique_with_nans_or_both_zeros_keeps_its_values(dt, conversions):
    """NaNs and both zeros take the sorting route (which of the equal bit patterns is kept is
    its choice): the values compare as NumPy's float32 unique's, counts equal."""
    a = _values(dt, 5000, 6)
    for equal_nan in (True, False):
        vals, counts = _unique32(a, return_counts=True, equal_nan=equal_nan)
        got, c = wnp.unique(a, return_counts=True, equal_nan=equal_nan)
        with np.errstate(all="ignore"):
            assert same_bits(np.abs(np.asarray(got).astype(F32)), np.abs(vals)).all()
        assert np.array_equal(np.asarray(c), counts)
    with np.errstate(all="ignore"):
        has_nan = np.isnan(np.array(np.nan, F32).astype(dt))
    if has_nan:
        assert sortkeys.counted_unique(a) is None
    with np.errstate(all="ignore"):
        zeros = np.array([0.0, -0.0, 1.0], F32).astype(dt)
        if (zeros[:2].astype(F32) == 0).all() and zeros[0].tobytes() != zeros[1].tobytes():
            assert sortkeys.counted_unique(zeros) is None
            assert np.asarray(wnp.unique_counts(zeros).counts).tolist() == [2, 1]


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_median_by_counting_is_the_float32_median(dt, conversions):
    """``median`` of a whole narrow array (its middle elements from the bit patterns'
    counts) against NumPy's float32 median rounded back: odd and even sizes, 2-d,
    strided, ``keepdims``, one zero of either sign; NaNs and both zeros keep NumPy's
    path (same values)."""
    base = _values(dt, 20_001, 7)
    with np.errstate(all="ignore"):
        f = base.astype(F32)
        clean = base[~np.isnan(f) & (f != 0)]
    cases = [clean, clean[:-1], clean[:1], clean[:2], clean[:3], clean[:1000].reshape(20, 50),
             clean[::3], clean[::-1], base, np.asarray(clean[4])]
    for a in cases:
        for keepdims in (False, True):
            with np.errstate(all="ignore"):
                want = np.asarray(np.median(a.astype(F32), keepdims=keepdims)).astype(dt)
            got = np.asarray(wnp.median(a, keepdims=keepdims))
            assert got.dtype == dt and got.shape == want.shape
            assert same_bits(got.astype(F32), want.astype(F32)).all(), (a.shape, keepdims)
    sorted_ = sortkeys.order_values(clean, [0, clean.size // 2, clean.size - 1])
    with np.errstate(all="ignore"):
        want = np.sort(clean.astype(F32))[[0, clean.size // 2, clean.size - 1]]
    assert sorted_.dtype == dt and same_bits(sorted_.astype(F32), want).all()
