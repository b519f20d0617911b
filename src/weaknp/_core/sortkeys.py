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

__all__ = ["BLOCK", "NARROW_KEYED", "equal_but_not_same", "rank_keys", "run_starts",
           "sort_in_place", "sort_values", "stable_argsort", "unstable_is_stable"]

#: Real float dtypes sorted through rank keys (NumPy's and ml_dtypes' own sorts of them
#: are scalar comparison loops).
NARROW_KEYED = frozenset(dt for dt in dtypes.REAL_FLOAT
                         if dt.itemsize <= 2)
_UNSIGNED = {1: np.dtype(np.uint8), 2: np.dtype(np.uint16)}
#: Elements a blocked pass looks at per step (bounded temporaries: peak memory stays the
#: array's own).
BLOCK = 1 << 14


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


def stable_argsort(d: np.ndarray, axis: int, descending: bool = False):
    """The indices of a stable sort along ``axis`` by the fastest exact route, or ``None``
    where the caller's ``np.argsort(kind="stable")`` is the route.

    Narrow floats: NumPy's radix sort of the rank keys.  float32, int32, uint32 (the last
    axis of a C-contiguous array): each element's 32-bit order key and its position packed
    into one uint64, sorted by NumPy's default (SIMD) sort -- the packed values are
    distinct, so any sort gives the stable order -- and the positions read back in place.
    """
    if d.dtype in NARROW_KEYED:
        return np.argsort(rank_keys(d, descending), axis=axis, kind="stable")
    if (d.dtype in _KEY32 and d.size and axis == d.ndim - 1 and d.flags.c_contiguous
            and d.shape[-1] < (1 << 32)):
        return _packed_argsort(d, descending)
    return None


_KEY32 = frozenset({dtypes.float32, dtypes.int32, dtypes.uint32})
_LOW = np.uint64(0xFFFFFFFF)


def _key32(b: np.ndarray, descending: bool) -> np.ndarray:
    """The uint32 order keys of a block: equal values one key (``-0.0`` and ``0.0``; every
    NaN the largest key)."""
    if b.dtype == dtypes.float32:
        v = b + np.float32(0)          # -0.0 + 0.0 is 0.0: the zeros share a key
        u = v.view(np.uint32)
        k = np.where(u >> 31, ~u, u | np.uint32(0x80000000))
        k[np.isnan(v)] = 0xFFFFFFFF
    elif b.dtype == dtypes.int32:
        k = b.view(np.uint32) ^ np.uint32(0x80000000)
    else:
        k = b.copy()
    if descending:
        np.invert(k, out=k)
    return k


def _packed_argsort(d: np.ndarray, descending: bool) -> np.ndarray:
    n = d.shape[-1]
    flat = d.reshape(-1)
    packed = np.empty(flat.size, np.uint64)
    with np.errstate(invalid="ignore"):   # x + 0.0 of a signalling NaN
        _pack(flat, packed, n, descending)
    packed = packed.reshape(d.shape)
    packed.sort(axis=-1)
    packed &= _LOW
    return packed.view(np.int64)


def _pack(flat, packed, n, descending):
    """``packed[i] = key(flat[i]) << 32 | i % n``, in blocks."""
    for i in range(0, flat.size, BLOCK):
        j = min(i + BLOCK, flat.size)
        blk = packed[i:j]
        np.left_shift(_key32(flat[i:j], descending), 32, out=blk, dtype=np.uint64)
        blk |= np.arange(i, j, dtype=np.uint64) % np.uint64(n)


def _counting_sort(d: np.ndarray, descending: bool) -> np.ndarray:
    """The stable sort of a 1-d narrow float array, by counting its bit patterns."""
    rank, order, ties, _ = _table(d.dtype)
    b = d.view(rank.dtype)
    # bincount reads its input as intp: in blocks, so the copy stays small.
    counts = np.zeros(len(rank), np.intp)
    step = 1 << 18
    for i in range(0, b.size, step):
        counts += np.bincount(b[i:i + step], minlength=len(rank))
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


def run_starts(s: np.ndarray) -> np.ndarray:
    """Where each run of equal values of the sorted 1-d real array ``s`` starts (bool):
    the first element, and each element unequal to the one before (every NaN is a run of
    its own, as NumPy's ``unique`` with ``equal_nan=False``).  Narrow floats compare their
    rank keys (NumPy's comparison of them is a scalar loop)."""
    first = np.empty(s.shape, np.bool_)
    first[:1] = True
    if s.dtype in NARROW_KEYED:
        rank, _, _, top = _table(s.dtype)
        k = rank[s.view(rank.dtype)]
        np.not_equal(k[1:], k[:-1], out=first[1:])
        first[1:] |= k[1:] == top
    else:
        np.not_equal(s[1:], s[:-1], out=first[1:])
    return first


def unstable_is_stable(dt: np.dtype) -> bool:
    """Whether NumPy's default sort of ``dt`` already gives the stable sort's values."""
    return dt in dtypes.INTEGER or dt in dtypes.BOOL


def _refill(s: np.ndarray, d: np.ndarray) -> None:
    """Refill the zero run and the NaN run of ``s`` (ascending sort of the 1-d float
    ``d`` by NumPy's default sort) with ``d``'s own elements in their original order."""
    # The probes carry s's dtype: a Python float would make searchsorted copy s to float64.
    t = s.dtype.type
    if s.size and s[-1] != s[-1]:
        s[np.searchsorted(s, t(np.nan)):] = d[np.isnan(d)]
    lo, hi = np.searchsorted(s, t(0), "left"), np.searchsorted(s, t(0), "right")
    if hi - lo > 1:
        # Both zeros present: their bit patterns differ (two reductions, no mask).
        z = s[lo:hi].view(f"u{s.dtype.itemsize}")
        if z.min() != z.max():
            s[lo:hi] = d[d == 0]


def equal_but_not_same(d: np.ndarray) -> bool:
    """Whether the float array ``d`` holds values that compare equal with different bits
    (a NaN, or both zeros), scanned in blocks: per block a NaN test and two counts, of
    the zeros and of the ``+0.0`` bit patterns (no boolean indexing)."""
    flat = d.reshape(-1) if d.flags.c_contiguous else d.ravel(order="K")
    bits = np.dtype(f"u{flat.dtype.itemsize}")
    zeros = plus = 0
    for i in range(0, flat.size, BLOCK):
        b = flat[i:i + BLOCK]
        if np.isnan(b).any():
            return True
        zeros += np.count_nonzero(b == 0)
        plus += np.count_nonzero(b.view(bits) == 0)
        if 0 < plus < zeros:
            return True
    return False


def sort_in_place(d: np.ndarray, axis: int) -> bool:
    """Sort the real array ``d`` in place along ``axis`` with the stable sort's result
    when NumPy's default sort gives it without a copy; ``False`` when it cannot."""
    dt = d.dtype
    if unstable_is_stable(dt) or (dt in (dtypes.float32, dtypes.float64)
                                  and not equal_but_not_same(d)):
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
        if equal_but_not_same(d):
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
