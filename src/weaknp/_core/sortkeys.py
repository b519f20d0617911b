"""Sort keys: the stable sort's result by the fastest algorithm that guarantees it.

A stable sort's output is observable only where values compare equal without being the
same bits.  For integers and bool that never happens, so NumPy's default (unstable, SIMD)
sort gives the stable result.  For float32/float64 it happens for ``-0.0``/``+0.0`` and
for NaNs (NaN sorts last; NumPy's default sort writes its own NaN back, losing payloads
and signs): the default sort is run and those two runs of the output, when present, are
refilled with the original elements in their original order.  The narrow floats
(float16, bfloat16, float8/6/4) are sorted by *rank keys*: each bit pattern's rank among
the dtype's values (``-0.0`` and ``+0.0`` one rank, every NaN the top rank), looked up in
a table of 2**8 or 2**16 entries; a stable sort of 8/16-bit unsigned keys is NumPy's
radix sort, and a 1-d sort of values is a counting sort over the bit patterns.  All of
these are bit-identical to the native stable sort (NaN last, equal values in their
original order).
"""

from __future__ import annotations

import functools

import numpy as np

from . import dtypes

__all__ = ["NARROW_KEYED", "rank_keys", "sort_in_place", "sort_values", "stable_argsort",
           "unstable_is_stable"]

#: Real float dtypes sorted through rank keys (NumPy's and ml_dtypes' own sorts of them
#: are scalar comparison loops).
NARROW_KEYED = frozenset(dt for dt in dtypes.REAL_FLOAT
                         if dt.itemsize <= 2)
_UNSIGNED = {1: np.dtype(np.uint8), 2: np.dtype(np.uint16)}


@functools.cache
def _table(dt: np.dtype):
    """``(rank, order, ties, top)`` for a narrow float dtype: ``rank[bits]`` the key of
    each bit pattern (equal values one key, NaNs the largest), ``order`` every bit
    pattern by ascending rank, ``ties`` the keys shared by several patterns (a tuple of
    ``(key, patterns)``), ``top`` the largest key."""
    u = _UNSIGNED[dt.itemsize]
    bits = np.arange(1 << (8 * dt.itemsize), dtype=np.int64).astype(u)
    with np.errstate(all="ignore"):
        vals = bits.view(dt).astype(np.float64)
    # ml_dtypes' sub-byte floats store their value in the low bits of a byte: the
    # patterns with unused high bits set are not values of the dtype; they read as the
    # value of their low bits, so they rank with it (they never come out of a cast).
    nan = np.isnan(vals)
    uniq = np.unique(vals[~nan])          # -0.0 == +0.0: one entry
    rank = np.searchsorted(uniq, vals).astype(u)
    top = len(uniq)
    rank[nan] = top
    rank.flags.writeable = False
    order = np.argsort(rank, kind="stable").astype(u)
    order.flags.writeable = False
    counts = np.bincount(rank, minlength=top + 1)
    ties = tuple((int(k), np.flatnonzero(rank == k).astype(u))
                 for k in np.flatnonzero(counts > 1))
    return rank, order, ties, top


def rank_keys(d: np.ndarray, descending: bool = False) -> np.ndarray:
    """The rank keys of a narrow float array (same shape; uint8/uint16): equal values
    get equal keys, NaN the largest (the smallest with ``descending``)."""
    rank, _, _, top = _table(d.dtype)
    k = rank[d.view(rank.dtype)]
    if descending:
        np.subtract(rank.dtype.type(top), k, out=k)
    return k


def stable_argsort(d: np.ndarray, axis: int, descending: bool = False) -> np.ndarray:
    """The indices of a stable sort of a narrow float array along ``axis`` (radix sort of
    the rank keys; descending keeps equal values in their original order)."""
    return np.argsort(rank_keys(d, descending), axis=axis, kind="stable")


def _counting_sort(d: np.ndarray, descending: bool) -> np.ndarray:
    """The stable sort of a 1-d narrow float array, by counting its bit patterns."""
    rank, order, ties, _ = _table(d.dtype)
    b = d.view(rank.dtype)
    counts = np.bincount(b, minlength=len(rank))
    if descending:
        order = order[::-1]
    out = np.repeat(order, counts[order])
    for key, patterns in ties:
        c = counts[patterns]
        if np.count_nonzero(c) < 2:
            continue   # one pattern present: its run is already the original elements
        # The run of this key in the output: the keys before it (after it, descending).
        before = int(counts[rank > key].sum() if descending else counts[rank < key].sum())
        run = b[rank[b] == key]
        out[before:before + run.size] = run
    return out.view(d.dtype)


def unstable_is_stable(dt: np.dtype) -> bool:
    """Whether NumPy's default sort of ``dt`` already gives the stable sort's values."""
    return dt in dtypes.INTEGER or dt in dtypes.BOOL


def _refill(s: np.ndarray, d: np.ndarray) -> None:
    """Refill the zero run and the NaN run of ``s`` (ascending sort of the 1-d float
    ``d`` by NumPy's default sort) with ``d``'s own elements in their original order."""
    n = s.size
    if n and s[-1] != s[-1]:
        s[np.searchsorted(s, np.nan):] = d[np.isnan(d)]
    lo, hi = np.searchsorted(s, 0, "left"), np.searchsorted(s, 0, "right")
    if hi - lo > 1:
        sign = np.signbit(s[lo:hi])
        if sign.any() and not sign.all():
            s[lo:hi] = d[d == 0]


#: Elements a blocked scan looks at per step (bounded temporaries: peak memory stays the
#: array's own).
_BLOCK = 1 << 14


def _equal_but_not_same(d: np.ndarray) -> bool:
    """Whether the float array ``d`` holds values that compare equal with different bits
    (a NaN, or both zeros), scanned in blocks."""
    flat = d.reshape(-1) if d.flags.c_contiguous else d.ravel(order="K")
    neg = pos = False
    for i in range(0, flat.size, _BLOCK):
        b = flat[i:i + _BLOCK]
        if np.isnan(b).any():
            return True
        z = b[b == 0]
        if z.size:
            sign = np.signbit(z)
            neg, pos = neg or bool(sign.any()), pos or not bool(sign.all())
            if neg and pos:
                return True
    return False


def sort_in_place(d: np.ndarray, axis: int) -> bool:
    """Sort the real array ``d`` in place along ``axis`` with the stable sort's result
    when NumPy's default sort gives it without a copy; ``False`` when it cannot."""
    dt = d.dtype
    if unstable_is_stable(dt) or (dt in (dtypes.float32, dtypes.float64)
                                  and not _equal_but_not_same(d)):
        d.sort(axis=axis)
        return True
    return False


def sort_values(d: np.ndarray, axis: int, descending: bool = False):
    """The stable sort of a real (or integer/bool) array's values along ``axis`` by the
    fastest exact route, or ``None`` where the caller's general stable path is needed."""
    dt = d.dtype
    if unstable_is_stable(dt):
        s = np.sort(d, axis=axis)
        return np.flip(s, axis=axis) if descending else s
    if dt in NARROW_KEYED:
        if d.ndim == 1:
            return _counting_sort(d, descending)
        return np.take_along_axis(d, stable_argsort(d, axis, descending), axis=axis)
    if dt not in (dtypes.float32, dtypes.float64):
        return None
    if d.ndim != 1:
        if _equal_but_not_same(d):
            return None
        s = np.sort(d, axis=axis)
        return np.flip(s, axis=axis) if descending else s
    if descending:
        # The reversed ascending sort, its equal runs refilled in original order: refill
        # the ascending sort with the elements reversed, then reverse it.
        s = np.sort(d)
        _refill(s, d[::-1])
        return s[::-1]
    s = np.sort(d)
    _refill(s, d)
    return s
