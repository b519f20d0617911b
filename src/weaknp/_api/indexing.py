"""Indexing functions: take and take_along_axis (keep the dtype and the weak flag)."""

from __future__ import annotations

import numpy as np

from .._core import dtypes
from .._fast.dispatch import wrap
from .._core.errors import numpy_error
from .._array.operands import data_of
from .._array.stored import deliver

__all__ = ["take", "take_along_axis"]


def _indices(indices, function):
    # An int or a list of ints is accepted too (NumPy's and Cubed's calls pass them); an int
    # removes the axis, as in NumPy.
    if isinstance(indices, (int, np.integer)) and not isinstance(indices, bool):
        return np.asarray(indices)
    i, _ = data_of(indices, function) if not isinstance(indices, (list, tuple)) else (
        np.asarray(indices), False)
    if i.dtype not in dtypes.INTEGER:
        raise TypeError(f"{function}: indices must be integers, got {dtypes.dtype_name(i.dtype)}")
    return i


def take(a, indices, axis=None, out=None, mode="raise"):
    """Elements of ``x`` at ``indices`` along ``axis`` (``x`` must be 1-D when axis is None).

    Examples
    --------
    >>> wnp.take(wnp.asarray([10, 20, 30], dtype=wnp.int8), wnp.asarray([2, 0]))
    Array([30, 10], dtype=int8)
    >>> wnp.take(wnp.asarray([[1, 2], [3, 4]], dtype=wnp.uint8), wnp.asarray([1]), axis=1)
    Array([[2],
           [4]], dtype=uint8)
    >>> wnp.take(wnp.full(3, 1.5), wnp.asarray([0, 0]))
    Array([1.5, 1.5], dtype=float64, weak_type=True)
    """
    d, w = data_of(a, "take")
    i = _indices(indices, "take")
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"take: mode must be 'raise', 'wrap' or 'clip', got {mode!r}")
    # NumPy's rule: axis=None takes from the flattened array (the standard requires axis
    # for arrays of more than one dimension).
    try:
        r = np.take(d, i, axis=axis, mode=mode)
    except IndexError as e:   # AxisError included
        raise numpy_error("take", e, "pass indices in -n..n-1 for an axis of size n, or "
                          "mode='wrap' or 'clip'") from None
    return deliver(wrap(np.asarray(r), w), out, "take")


def take_along_axis(arr, indices, axis=-1):
    """Pick values of ``x`` with an index array of the same number of dimensions.

    Examples
    --------
    >>> x = wnp.asarray([[3, 1, 2]], dtype=wnp.int8)
    >>> wnp.take_along_axis(x, wnp.argsort(x), axis=1)
    Array([[1, 2, 3]], dtype=int8)
    """
    d, w = data_of(arr, "take_along_axis")
    i = _indices(indices, "take_along_axis")
    return wrap(np.take_along_axis(d, i, axis=axis), w)
