"""Set functions: isin and the unique_* family (named-tuple results).

Weak flag: unique values keep the input's dtype and flag; counts and indices are strong
int64; ``isin`` is strong bool, comparing in the join of ``x1`` and ``x2`` (Python scalars
weak).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import sortkeys
from .._core.dtype_rules import native_dtype
from .._array.array import Array
from .._fast.dispatch import wrap
from .._array.operands import array_likes, data_of, own_ndarray
from .._core.promotion import default_dtype

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


class UniqueAllResult(NamedTuple):
    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    values: Array
    inverse_indices: Array


def _index(a):
    return wrap(np.asarray(a, dtype=default_dtype("indexing")))


#: Elements of the sample ``_many_distinct`` looks at.
_SAMPLE = 4096


def _many_distinct(d) -> bool:
    """Whether the 32/64-bit integer array ``d`` likely holds more than ~20000 distinct
    values, where a sort beats NumPy's hash unique (at 1e6 elements: 2x slower with 1e4
    distinct values, 1.3x faster with 3e4, 5x with 1e5, 12-25x with 1e6): fewer than one
    in ten of an evenly spaced sample's values repeat one before them.  Only speed
    depends on the answer; both routes give the same values."""
    if d.itemsize < 4 or d.size <= 4 * _SAMPLE:
        return False
    step = d.size // _SAMPLE
    sample = d.reshape(-1)[::step] if d.flags.c_contiguous else d.flat[::step]
    return sample.size - np.unique_values(sample).size < sample.size // 10


def _unique(x, function, index=False, inverse=False, counts=False):
    """``(values, weak, first indices, inverse, counts)``: only what the caller asks for
    is computed (the others are ``None``); NumPy's unique sorts once either way."""
    d, w = data_of(x, function)
    if not (index or inverse) and d.dtype in sortkeys.NARROW_KEYED:
        # narrow floats: their bit patterns counted (no sort); None with NaNs or both
        # zeros, which the stable sort below orders
        vc = sortkeys.counted_unique(d)
        if vc is not None:
            return vc[0], w, None, None, vc[1] if counts else None
    if not (index or inverse) and (d.dtype in dtypes.REAL_FLOAT):
        # One stable sort of the values (sortkeys' exact routes: NumPy's SIMD sort with
        # the zero and NaN runs refilled, or the narrow floats' counting sort), its runs'
        # first elements: NumPy's stable path gives the same values and counts.
        s = sortkeys.sort_values(d.reshape(-1), 0)
        first = sortkeys.run_starts(s)
        vals, size = s[first], s.size
        del s
        cnt = None
        if counts:   # each run's length: the distance to the next run's start
            cnt = np.flatnonzero(first)
            del first
            cnt[:-1] = cnt[1:] - cnt[:-1]
            cnt[-1:] = size - cnt[-1:]
        return vals, w, None, None, cnt
    if not (index or inverse or counts) and d.dtype in dtypes.INTEGER and _many_distinct(d):
        # NumPy's hash unique slows down steeply with many distinct values (1e6 distinct
        # int32: ~25x a sort); a sort and its runs give the same sorted values.
        s = np.sort(d.reshape(-1))
        return s[sortkeys.run_starts(s)], w, None, None, None
    keys = dtype_rules.cast(d, native_dtype(d.dtype))
    # NumPy sorts stably when asked for first indices: which of -0.0/0.0 is kept and the
    # NaNs' order follow the input then.  Without such values any sort gives that result.
    stable = index or (keys.dtype.kind == "c"
                       or keys.dtype.kind == "f" and sortkeys.equal_but_not_same(keys))
    r = np.unique(keys.reshape(-1), return_index=stable, return_inverse=inverse,
                  return_counts=counts, equal_nan=False)
    r = list(r) if isinstance(r, tuple) else [r]
    vals = r.pop(0)
    idx = r.pop(0) if stable else None
    inv = r.pop(0).reshape(d.shape) if inverse else None
    cnt = r.pop(0) if counts else None
    return dtype_rules.cast(vals, d.dtype), w, idx, inv, cnt


def unique_all(x, /):
    """Unique values, first indices, inverse indices and counts (NaNs are all distinct).

    Examples
    --------
    >>> wnp.unique_all(wnp.asarray([3, 1, 3, 2], dtype=wnp.int8))
    UniqueAllResult(values=Array([1, 2, 3], dtype=int8),
                    indices=Array([1, 3, 0], dtype=int64),
                    inverse_indices=Array([2, 0, 2, 1], dtype=int64),
                    counts=Array([1, 1, 2], dtype=int64))
    """
    v, w, idx, inv, counts = _unique(x, "unique_all", True, True, True)
    return UniqueAllResult(wrap(v, w), _index(idx), _index(inv), _index(counts))


def unique_counts(x, /):
    """Unique values and how often each occurs.

    Examples
    --------
    >>> wnp.unique_counts(wnp.asarray([3, 1, 3], dtype=wnp.int8))
    UniqueCountsResult(values=Array([1, 3], dtype=int8), counts=Array([1, 2], dtype=int64))
    >>> wnp.unique_counts(wnp.full(3, 1.5)).values
    Array([1.5], dtype=float64, weak_type=True)
    """
    v, w, _, _, counts = _unique(x, "unique_counts", counts=True)
    return UniqueCountsResult(wrap(v, w), _index(counts))


def unique_inverse(x, /):
    """Unique values and, for each element of ``x``, the index of its value.

    Examples
    --------
    >>> wnp.unique_inverse(wnp.asarray([3, 1, 3], dtype=wnp.int8))
    UniqueInverseResult(values=Array([1, 3], dtype=int8),
                        inverse_indices=Array([1, 0, 1], dtype=int64))
    """
    v, w, _, inv, _ = _unique(x, "unique_inverse", inverse=True)
    return UniqueInverseResult(wrap(v, w), _index(inv))


def unique_values(x, /):
    """The unique values of ``x``, sorted.

    Examples
    --------
    >>> wnp.unique_values(wnp.asarray([3, 1, 3], dtype=wnp.int8))
    Array([1, 3], dtype=int8)
    >>> wnp.unique_values(wnp.asarray([2.0, float("nan"), float("nan")], dtype=wnp.float32))
    Array([ 2., nan, nan], dtype=float32)
    >>> wnp.unique_values(wnp.full(2, 7))
    Array([7], dtype=int64, weak_type=True)
    """
    v, w, _, _, _ = _unique(x, "unique_values")
    return wrap(v, w)


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Whether each element of ``x1`` occurs in ``x2``; strong bool of ``x1``'s shape.

    Examples
    --------
    >>> x = wnp.asarray([1, 2, 3], dtype=wnp.int8)
    >>> wnp.isin(x, wnp.asarray([2, 3], dtype=wnp.uint8))
    Array([False,  True,  True], dtype=bool)
    >>> wnp.isin(x, 2)
    Array([False,  True, False], dtype=bool)
    >>> wnp.isin(x, wnp.asarray([2, 3], dtype=wnp.int8), invert=True)
    Array([ True, False, False], dtype=bool)
    """
    try:
        (a, b), _, _ = array_likes("isin", [element, test_elements])
    except OverflowError:
        # A Python int (or weak int array) beyond the joined integer dtype matches no
        # element, as ``==`` answers (docs/decisions.md, decision 40): compare each side
        # in its own dtype.
        a, b = own_ndarray(element, "isin"), own_ndarray(test_elements, "isin")
    return wrap(np.asarray(np.isin(a, b, invert=invert)))
