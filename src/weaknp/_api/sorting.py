"""Sorting functions: sort (keeps dtype and weak flag) and argsort (int64, strong)."""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core.dtype_rules import native_dtype
from .._fast.dispatch import wrap
from .._array.operands import data_of
from .._core.promotion import default_dtype
from .._core.arguments import one_axis

__all__ = ["argsort", "sort"]


#: Sorting algorithms NumPy names: weaknp always sorts stably, a valid result for each.
_KINDS = (None, "quicksort", "mergesort", "heapsort", "stable")


def _prep(function, x, axis, kind, order):
    """``(ndarray, weak, axis)``: ``axis=None`` flattens (NumPy's rule)."""
    d, w = data_of(x, function)
    if kind not in _KINDS:
        raise ValueError(f"{function}: unknown sort kind {kind!r}; use one of 'quicksort', "
                         f"'mergesort', 'heapsort', 'stable' (weaknp always sorts stably)")
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
    return d, w, axis


def _keys(d):
    if dtypes.is_outside(d.dtype):   # strings, dates, records: NumPy's own order
        return d
    return dtype_rules.cast(d, native_dtype(d.dtype))


def argsort(a, axis=-1, kind=None, order=None, *, descending=False, stable=None):
    """Indices that sort ``x`` along ``axis`` (stable by default); int64.

    Examples
    --------
    >>> wnp.argsort(wnp.asarray([3, 1, 2], dtype=wnp.int8))
    Array([1, 2, 0], dtype=int64)
    >>> wnp.argsort(wnp.asarray([3, 1, 3, 2], dtype=wnp.int8), descending=True)
    Array([0, 2, 3, 1], dtype=int64)
    """
    d, _, axis = _prep("argsort", a, axis, kind, order)
    return wrap(np.asarray(_argsort(d, axis, descending, order),
                           dtype=default_dtype("indexing")))


def _argsort(d, axis, descending, order=None):
    """``order``: the fields of a record array that sort it (NumPy's ``order=``)."""
    k = _keys(d)
    if descending:
        # Stable descending: sort the reversed keys stably, reverse, map indices back.
        n = d.shape[axis]
        r = n - 1 - np.flip(np.argsort(np.flip(k, axis=axis), axis=axis, kind="stable",
                                       order=order), axis=axis)
    else:
        r = np.argsort(k, axis=axis, kind="stable", order=order)
    return r


def sort(a, axis=-1, kind=None, order=None, *, descending=False, stable=None):
    """Sorted copy of ``x`` along ``axis``; keeps dtype and weak flag.

    NaN sorts as the largest value (as in NumPy and ``jax.numpy``): last in ascending
    order, first with ``descending=True`` (the standard leaves NaN's place unspecified).

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
    d, w, axis = _prep("sort", a, axis, kind, order)
    if not descending:
        return wrap(np.sort(_keys(d), axis=axis, kind="stable").astype(d.dtype, copy=False)
                    if d.dtype in dtypes.ML_DTYPES else
                    np.sort(d, axis=axis, kind="stable", order=order), w)
    return wrap(np.take_along_axis(d, _argsort(d, axis, True, order), axis=axis), w)
