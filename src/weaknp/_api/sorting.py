"""Sorting functions: sort (keeps dtype and weak flag) and argsort (int64, strong)."""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import sortkeys
from .._core.dtype_rules import native_dtype
from .._fast.dispatch import wrap
from .._array.operands import data_of
from .._core.promotion import default_dtype
from .._core.arguments import one_axis

__all__ = ["argsort", "sort"]


#: Sorting algorithms NumPy names.  Without ``kind=``/``stable=`` (and with ``"stable"``,
#: ``"mergesort"``, ``stable=True``) weaknp gives the stable sort's result, by the fastest
#: algorithm that guarantees it (``_core.sortkeys``); ``"quicksort"``/``"heapsort"`` or
#: ``stable=False`` allow NumPy's unstable algorithm of that name.
_KINDS = (None, "quicksort", "mergesort", "heapsort", "stable")
_UNSTABLE = ("quicksort", "heapsort")


def _prep(function, x, axis, kind, order, stable=None):
    """``(ndarray, weak, axis, unstable)``: ``axis=None`` flattens (NumPy's rule);
    ``unstable`` is the NumPy kind the caller allowed, or ``None`` (stable result)."""
    d, w = data_of(x, function)
    if kind not in _KINDS:
        raise ValueError(f"{function}: unknown sort kind {kind!r}; use one of 'quicksort', "
                         f"'mergesort', 'heapsort', 'stable'")
    if kind is not None and stable is not None:
        raise ValueError(f"{function}: kind={kind!r} and stable={stable!r} both given; "
                         f"give one of them (as NumPy requires)")
    if order is not None and d.dtype.names is None:   # NumPy's ValueError, weaknp's words
        raise ValueError(f"{function}: order= names fields of a record array, and this "
                         f"{dtypes.dtype_name(d.dtype)} array has none; omit order=")
    if axis is None:
        d, axis = d.reshape(-1), 0
    elif d.ndim == 0:
        raise ValueError(f"{function}: not defined for 0-d arrays; use axis=None")
    elif not isinstance(axis, tuple):
        axis = one_axis(axis, d.ndim, function)
    # NumPy's order for complex numbers: lexicographic (real part, then imaginary part);
    # the standard leaves it unspecified.
    # NumPy differs: its default is its unstable quicksort; weaknp's default is the stable
    # result (the standard's stable=True), by the fastest exact route (decision 77).
    unstable = kind if kind in _UNSTABLE else ("quicksort" if stable is False else None)
    return d, w, axis, unstable


def _keys(d):
    if dtypes.is_outside(d.dtype):   # strings, dates, records: NumPy's own order
        return d
    return dtype_rules.cast(d, native_dtype(d.dtype))


def argsort(a, axis=-1, kind=None, order=None, *, descending=False, stable=None):
    """Indices that sort ``x`` along ``axis`` (stable unless ``kind="quicksort"``/
    ``"heapsort"`` or ``stable=False`` allows otherwise); int64.

    Examples
    --------
    >>> wnp.argsort(wnp.asarray([3, 1, 2], dtype=wnp.int8))
    Array([1, 2, 0], dtype=int64)
    >>> wnp.argsort(wnp.asarray([3, 1, 3, 2], dtype=wnp.int8), descending=True)
    Array([0, 2, 3, 1], dtype=int64)
    """
    d, _, axis, unstable = _prep("argsort", a, axis, kind, order, stable)
    return wrap(np.asarray(_argsort(d, axis, descending, unstable, order),
                           dtype=default_dtype("indexing")))


def _numpy_ordered(d, order) -> bool:
    """Sorted by NumPy's own comparison: a record array by ``order=``'s fields, strings,
    dates (the dtypes outside the lattice); ``sortkeys``' routes are for numbers."""
    return order is not None or dtypes.is_outside(d.dtype)


def _argsort(d, axis, descending, unstable=None, order=None):
    """``order``: the fields of a record array that sort it (NumPy's ``order=``)."""
    if not _numpy_ordered(d, order):
        if unstable is not None and not descending and d.dtype not in sortkeys.NARROW_KEYED:
            return np.argsort(_keys(d), axis=axis, kind=unstable)
        r = sortkeys.stable_argsort(d, axis, descending)
        if r is not None:
            return r
    k = _keys(d)
    if descending:
        # Stable descending: sort the reversed keys stably, reverse, map indices back.
        n = d.shape[axis]
        return n - 1 - np.flip(np.argsort(np.flip(k, axis=axis), axis=axis, kind="stable",
                                          order=order), axis=axis)
    return np.argsort(k, axis=axis, kind=unstable or "stable", order=order)


def sort(a, axis=-1, kind=None, order=None, *, descending=False, stable=None):
    """Sorted copy of ``x`` along ``axis``; keeps dtype and weak flag.

    NaN sorts as the largest value (as in NumPy and ``jax.numpy``): last in ascending
    order, first with ``descending=True`` (the standard leaves NaN's place unspecified).
    The result is the stable sort's (equal values such as ``-0.0`` and ``0.0`` keep their
    order), computed by the fastest algorithm that guarantees it.

    Examples
    --------
    >>> wnp.sort(wnp.asarray([2.0, float("nan"), 1.0], dtype=wnp.float32))
    Array([ 1.,  2., nan], dtype=float32)
    >>> wnp.sort(wnp.asarray([2.0, float("nan"), 1.0], dtype=wnp.float32), descending=True)
    Array([nan,  2.,  1.], dtype=float32)
    >>> wnp.sort(wnp.asarray([3, 1, 2], dtype=wnp.int8), descending=True)
    Array([3, 2, 1], dtype=int8)
    >>> wnp.sort(wnp.full(2, 1.5))
    Array([1.5, 1.5], dtype=float64, weak_type=True)
    """
    d, w, axis, unstable = _prep("sort", a, axis, kind, order, stable)
    return wrap(_sorted(d, axis, descending, unstable, order), w)


def _sorted(d, axis, descending, unstable=None, order=None):
    """The sorted ndarray (a new buffer): ``sortkeys``' fast exact routes, else sorted
    through the native keys (stably unless ``unstable`` names NumPy's kind)."""
    if _numpy_ordered(d, order):
        if descending:
            return np.take_along_axis(d, _argsort(d, axis, True, None, order), axis=axis)
        return np.sort(d, axis=axis, kind=unstable or "stable", order=order)
    if unstable is not None and not descending and d.dtype not in dtypes.ML_DTYPES:
        return np.sort(d, axis=axis, kind=unstable)
    s = sortkeys.sort_values(d, axis, descending)
    if s is not None:
        return s
    if descending:
        return np.take_along_axis(d, _argsort(d, axis, True), axis=axis)
    return np.sort(_keys(d), axis=axis, kind="stable").astype(d.dtype, copy=False)


def sort_in_place(x, axis=-1, kind=None, order=None, stable=None):
    """``x.sort()`` (``sort.in_place``): sorts ``x``'s own buffer where NumPy's sort gives
    the stable result there (no copy), else stores ``sort``'s result into it."""
    d, _, ax, unstable = _prep("sort", x, axis, kind, order, stable)
    if axis is None and np.ndim(x) != 1:
        raise ValueError("sort: x.sort(axis=None) of an n-d array has nowhere to put the "
                         "flattened result; use wnp.sort(x, axis=None)")
    if d.dtype not in dtypes.ML_DTYPES and not _numpy_ordered(d, order):
        if unstable is not None:
            d.sort(axis=ax, kind=unstable)
            return
        if sortkeys.sort_in_place(d, ax):
            return
    d[...] = _sorted(d, ax, False, unstable, order)


#: ``Array.sort`` (in place) reaches its body through the public ``sort``.
sort.in_place = sort_in_place
