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
    """Indices that sort ``x`` along ``axis`` (stable by default); int64."""
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
    """Sorted copy of ``x`` along ``axis`` (NaNs last); keeps dtype and weak flag."""
    d, w = _prep("sort", x, axis)
    idx = argsort(x, axis=axis, descending=descending, stable=stable)._data
    return wrap(np.take_along_axis(d, idx, axis=axis), w)
