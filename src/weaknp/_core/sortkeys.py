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
original order).  Stable argsorts: 32-bit keys packed beside the positions into uint64
sorted by NumPy's SIMD sort; float64 by NumPy's default argsort with its runs of equal
keys put back in position order.
"""

from __future__ import annotations

import functools

import numpy as np

from . import dtypes

__all__ = ["BLOCK", "NARROW_KEYED", "counted_unique", "equal_but_not_same",
           "order_values", "rank_keys", "run_starts",
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

    Narrow floats: NumPy's radix sort of the rank keys.  float32, int32, uint32, and
    int64/uint64 holding only 32-bit values (the last axis of a C-contiguous array): each
    element's 32-bit order key and its position packed into one uint64, sorted by NumPy's
    default (SIMD) sort -- the packed values are distinct, so any sort gives the stable
    order -- and the positions read back in place.  float64 (the same axes, at least
    ``_REPAIR_MIN`` elements, no equal values in a probe): NumPy's default argsort with
    its runs of equal keys repaired (``_repaired_argsort``).  Other int64/uint64: NumPy's
    stable argsort is within ~1.15x of its default there, and a repair costs as much.
    """
    if d.dtype in NARROW_KEYED:
        return np.argsort(rank_keys(d, descending), axis=axis, kind="stable")
    last = d.size and axis == d.ndim - 1 and d.shape[-1] < (1 << 32)
    if last and d.flags.c_contiguous and (d.dtype in _KEY32 or (
            d.dtype in _WIDE_INT and _fits32(d))):
        return _packed_argsort(d, descending)
    if (last and d.dtype == dtypes.float64 and d.flags.c_contiguous
            and _REPAIR_MIN <= d.size < (1 << 32)):
        return _repaired_argsort(d, descending)
    return None


_KEY32 = frozenset({dtypes.float32, dtypes.int32, dtypes.uint32})
_LOW = np.uint64(0xFFFFFFFF)


_WIDE_INT = frozenset({dtypes.int64, dtypes.uint64})


def _fits32(d: np.ndarray) -> bool:
    """Whether the int64/uint64 array ``d`` holds only values of int32/uint32 (two
    reductions): then its 32-bit keys pack beside the positions."""
    if d.dtype == dtypes.int64:
        return int(d.min()) >= -(1 << 31) and int(d.max()) < (1 << 31)
    return int(d.max()) < (1 << 32)


def _key32(b: np.ndarray, descending: bool) -> np.ndarray:
    """The uint32 order keys of a block: equal values one key (``-0.0`` and ``0.0``; every
    NaN the largest key); int64/uint64 blocks hold 32-bit values (``_fits32``)."""
    if b.dtype == dtypes.int64:
        b = b.astype(np.int32)
    elif b.dtype == dtypes.uint64:
        b = b.astype(np.uint32)
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


#: Below this many elements the repaired argsort's set-up does not pay.
_REPAIR_MIN = 1 << 14
#: Sorted elements the repair gathers per step (its temporaries ~4 % of the int64 result
#: at 1e6 elements: 1 << 16 made the peak 1.28x NumPy's argsort).
_REPAIR_BLOCK = BLOCK
#: Elements of the duplicate probe (``_repaired_argsort``; 0: none).
_PROBE = 4096


def _repaired_argsort(d: np.ndarray, descending: bool):
    """The stable argsort of the C-contiguous float64 array ``d`` along its last axis:
    NumPy's default (unstable, SIMD) argsort, then the runs of equal keys (``-0.0 ==
    0.0``; the NaNs, last, one run) put back in position order -- none for distinct data,
    found by one blocked pass over the sorted values.  ``None`` (the caller's stable
    sort) where a strided probe of ``_PROBE`` elements holds equal values: many ties make
    the repair cost more than NumPy's stable sort.

    ``descending``: the stable ascending order of each row reversed, reversed back and
    mapped to the original positions (equal elements keep their original order)."""
    flat = d.reshape(-1)
    if _PROBE:   # (0: no probe, the repair always; tests)
        probe = np.sort(flat[::max(1, flat.size // _PROBE)])
        if (probe[1:] == probe[:-1]).any() or (probe.size > 1 and probe[-2] != probe[-2]):
            return None
    n = d.shape[-1]
    idx = np.ascontiguousarray(np.argsort(np.flip(d, axis=-1) if descending else d, axis=-1))
    ties = []    # flat positions whose element equals the one before it in its row
    rows = d.reshape(-1, n)
    ranks = idx.reshape(-1, n)
    if n >= _REPAIR_BLOCK:   # long rows: blocks along each row
        buf = np.empty(_REPAIR_BLOCK + 1, d.dtype)
        for r in range(rows.shape[0]):
            row, rank = rows[r], ranks[r]
            for i in range(0, n, _REPAIR_BLOCK):
                lo, j = max(i - 1, 0), min(i + _REPAIR_BLOCK, n)
                # (np.take of a reversed view would copy the row: the indices are mapped)
                at = n - 1 - rank[lo:j] if descending else rank[lo:j]
                # (argsort's indices are in range; mode='raise' with out= buffers)
                s = np.take(row, at, out=buf[:j - lo], mode="clip")
                eq = s[1:] == s[:-1]
                if s[-1] != s[-1]:   # NaNs sort last: a block holding one ends with one
                    nan = s != s
                    eq |= nan[1:] & nan[:-1]
                if eq.any():
                    ties.append(np.flatnonzero(eq) + (r * n + lo + 1))
    else:                    # short rows: blocks of whole rows
        # Gathered by flat positions (np.take of one index array; take_along_axis builds
        # and broadcasts an index per axis: ~1.6x the gather), into reused buffers.
        step = max(1, _REPAIR_BLOCK // n)
        base = np.arange(0, step * n, n, dtype=np.intp)[:, None]
        at_buf, s_buf = np.empty((step, n), np.intp), np.empty((step, n), d.dtype)
        for r in range(0, rows.shape[0], step):
            k = min(step, rows.shape[0] - r)
            at, s = at_buf[:k], s_buf[:k]
            if descending:   # row i's element n - 1 - rank: flat (r + i) * n + n - 1 - rank
                np.subtract(base[:k] + (r * n + n - 1), ranks[r:r + k], out=at)
            else:
                np.add(ranks[r:r + k], base[:k] + r * n, out=at)
            np.take(flat, at, out=s, mode="clip")   # (argsort's indices: in range)
            eq = s[:, 1:] == s[:, :-1]
            if (s[:, -1] != s[:, -1]).any():
                nan = s != s
                eq |= nan[:, 1:] & nan[:, :-1]
            if eq.any():
                i, j = np.nonzero(eq)
                ties.append((i + r) * n + j + 1)
    if ties:
        e = np.concatenate(ties)
        t = np.union1d(e - 1, e)            # every element of a run of equal keys
        start = np.ones(t.size, np.bool_)   # the first element of its run
        start[np.searchsorted(t, e)] = False
        packed = np.cumsum(start, dtype=np.uint64)
        packed <<= np.uint64(32)
        ix = idx.reshape(-1)
        packed |= ix[t].view(np.uint64)
        packed.sort()                       # run by run, positions ascending
        packed &= _LOW
        ix[t] = packed.view(np.int64)
    if descending:
        _reverse_rows(idx)
        np.subtract(n - 1, idx, out=idx)
    return idx


def _reverse_rows(a: np.ndarray) -> None:
    """Reverse the C-contiguous array ``a`` along its last axis in place, a few blocks
    at a time (``a[...] = a[..., ::-1]`` would copy all of it first)."""
    n = a.shape[-1]
    half = n // 2
    step = max(1, BLOCK // max(1, a.size // max(n, 1)))
    for lo in range(0, half, step):
        k = min(step, half - lo)
        head = a[..., lo:lo + k].copy()
        a[..., lo:lo + k] = a[..., n - lo - k:n - lo][..., ::-1]
        a[..., n - lo - k:n - lo] = head[..., ::-1]


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


def counted_unique(d: np.ndarray):
    """``(values, counts)`` of a narrow float array: its distinct values in ascending
    order (1-d, ``d``'s dtype) and how often each occurs (intp), by counting its bit
    patterns in blocks (no sort, no float32 copy); ``None`` where a NaN is present or
    two bit patterns of one value are (both zeros): which of them a sort keeps is the
    caller's path's.  Without those, every route gives these values and counts."""
    rank, order, ties, top = _table(d.dtype)
    b = d.reshape(-1).view(rank.dtype)
    counts = np.zeros(len(rank), np.intp)
    step = 1 << 18   # bincount reads its input as intp: in blocks, the copy stays small
    for i in range(0, b.size, step):
        counts += np.bincount(b[i:i + step], minlength=len(rank))
    c = counts[order]
    keep = c != 0
    values = order[keep]
    if values.size and rank[values[-1]] == top:
        return None
    for _, patterns in ties:
        if np.count_nonzero(counts[patterns]) > 1:
            return None
    return values.view(d.dtype), c[keep]


def order_values(d: np.ndarray, ks) -> np.ndarray | None:
    """The elements at the ascending positions ``ks`` (ints in ``[0, d.size)``) of the
    sorted narrow float array ``d`` (1-d, ``d``'s dtype), from its bit patterns' counts
    (``counted_unique``: no sort, no float32 copy); ``None`` where it is (NaNs, both
    zeros: which pattern a partition puts there is the caller's path's)."""
    vc = counted_unique(d)
    if vc is None:
        return None
    values, counts = vc
    return values[np.searchsorted(np.cumsum(counts), np.asarray(ks, np.intp), side="right")]
