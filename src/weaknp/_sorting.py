"""Sorting functions: sort (keeps dtype and weak flag) and argsort (int64, strong)."""

from __future__ import annotations

import numpy as np

from . import _dtypes as D
from . import _kernel as K
from ._array import data_of, wrap
from ._promotion import default_dtype

__all__ = ["argsort", "sort"]


def _prep(function, x, axis):
    d, w = data_of(x, function)
    if d.ndim == 0:
        raise ValueError(f"{function}: not defined for 0-d arrays")
    if d.dtype in D.COMPLEX:
        raise TypeError(f"{function}: complex arrays have no order in the standard; sort "
                        f"by .real or abs() explicitly")
    return d, w


def _keys(d):
    return K.cast(d, D.float32 if d.dtype in D.REAL_FLOAT else D.int32) \
        if d.dtype in D.ML_DTYPES else d


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    """Indices that sort ``x`` along ``axis`` (stable by default); int64.

    Examples
    --------
    >>> wnp.argsort(wnp.asarray([3, 1, 2], dtype=wnp.int8))
    Array([1, 2, 0], dtype=int64)
    >>> wnp.argsort(wnp.asarray([3, 1, 3, 2], dtype=wnp.int8), descending=True)
    Array([0, 2, 3, 1], dtype=int64)
    """
    d, _ = _prep("argsort", x, axis)
    k = _keys(d)
    if descending:
        # Stable descending: sort the reversed keys stably, reverse, map indices back.
        n = d.shape[axis]
        r = n - 1 - np.flip(np.argsort(np.flip(k, axis=axis), axis=axis, kind="stable"),
                            axis=axis)
    else:
        r = np.argsort(k, axis=axis, kind="stable")
    return wrap(np.asarray(r, dtype=default_dtype("indexing")))


def sort(x, /, *, axis=-1, descending=False, stable=True):
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
    d, w = _prep("sort", x, axis)
    idx = argsort(x, axis=axis, descending=descending, stable=stable)._data
    return wrap(np.take_along_axis(d, idx, axis=axis), w)
