"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted, where.

Weak flag: index results (argmax, argmin, nonzero, searchsorted, count_nonzero) are strong
the default indexing dtype (int64; int32 in x32 modes); ``where(c, x1, x2)`` is the join of
``x1`` and ``x2`` (Python scalars weak), as in JAX.
"""

from __future__ import annotations

import numpy as np

from . import _dtypes as D
from . import _kernel as K
from ._array import data_of, operand, promote, wrap
from ._promotion import default_dtype

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]



def _arg(function, np_fn, x, axis, keepdims):
    d, _ = data_of(x, function)
    if d.size == 0:
        raise ValueError(f"{function}: attempt to get {function} of an empty array")
    if d.dtype in D.ML_DTYPES:
        d = K.cast(d, D.float32 if d.dtype in D.REAL_FLOAT else D.int32)
    r = np_fn(d, axis=axis, keepdims=keepdims)
    return wrap(np.asarray(r, dtype=default_dtype("indexing")))


def argmax(x, /, *, axis=None, keepdims=False):
    """Index of the largest element (first occurrence); int64.

    Examples
    --------
    >>> wnp.argmax(wnp.asarray([1, 5, 5], dtype=wnp.int8))
    Array(1, dtype=int64)
    >>> wnp.argmax(wnp.asarray([[1, 5], [7, 2]], dtype=wnp.uint8), axis=1)
    Array([1, 0], dtype=int64)
    """
    return _arg("argmax", np.argmax, x, axis, keepdims)


def argmin(x, /, *, axis=None, keepdims=False):
    """Index of the smallest element (first occurrence); int64.

    Examples
    --------
    >>> wnp.argmin(wnp.asarray([3, 1, 1], dtype=wnp.int8))
    Array(1, dtype=int64)
    >>> wnp.argmin(wnp.asarray([[1, 5], [7, 2]], dtype=wnp.float32), axis=0, keepdims=True)
    Array([[0, 1]], dtype=int64)
    """
    return _arg("argmin", np.argmin, x, axis, keepdims)


def count_nonzero(x, /, *, axis=None, keepdims=False):
    """Number of non-zero elements; int64.

    Examples
    --------
    >>> wnp.count_nonzero(wnp.asarray([0, 1, 2], dtype=wnp.int8))
    Array(2, dtype=int64)
    >>> wnp.count_nonzero(wnp.asarray([[0, 1], [2, 3]], dtype=wnp.int8), axis=1)
    Array([1, 2], dtype=int64)
    """
    d, _ = data_of(x, "count_nonzero")
    r = np.count_nonzero(d, axis=axis, keepdims=keepdims)
    return wrap(np.asarray(r, dtype=default_dtype("indexing")))


def nonzero(x, /):
    """Indices of the non-zero elements, one int64 array per dimension.

    Examples
    --------
    >>> wnp.nonzero(wnp.asarray([0, 3, 0, 4], dtype=wnp.int8))
    (Array([1, 3], dtype=int64),)
    >>> wnp.nonzero(wnp.asarray([[1, 0], [0, 1]], dtype=wnp.uint8))
    (Array([0, 1], dtype=int64), Array([0, 1], dtype=int64))
    """
    d, _ = data_of(x, "nonzero")
    if d.ndim == 0:
        raise ValueError("nonzero: not defined for 0-d arrays; use x[None]")
    return tuple(wrap(np.asarray(i, dtype=default_dtype("indexing"))) for i in np.nonzero(d))


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    """Indices where ``x2`` would be inserted into the sorted 1-D ``x1``; int64.

    ``x2`` may be a Python scalar (weak); both are compared in their joined dtype.

    Examples
    --------
    >>> x = wnp.asarray([1, 3, 5], dtype=wnp.int8)
    >>> wnp.searchsorted(x, 3)
    Array(1, dtype=int64)
    >>> wnp.searchsorted(x, 3, side="right")
    Array(2, dtype=int64)
    >>> wnp.searchsorted(x, wnp.asarray([0, 4], dtype=wnp.int8))
    Array([0, 2], dtype=int64)
    """
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: side must be 'left' or 'right', got {side!r}")
    data_of(x1, "searchsorted")
    (a, v), dt, _ = promote("searchsorted", [x1, x2])
    if dt in D.ML_DTYPES:
        a, v = K.cast(a, D.float32), K.cast(v, D.float32)
    s = None if sorter is None else data_of(sorter, "searchsorted")[0]
    return wrap(np.asarray(np.searchsorted(a, v, side=side, sorter=s), dtype=default_dtype("indexing")))


def where(condition, x1, x2, /):
    """Elements of ``x1`` where ``condition`` holds, else of ``x2``.

    Promotion: the join of ``x1`` and ``x2``; Python scalars are weak
    (``where(c, int8_array, 0)`` is int8).

    Examples
    --------
    >>> c = wnp.asarray([True, False])
    >>> wnp.where(c, wnp.asarray([1, 2], dtype=wnp.int8), 0)
    Array([1, 0], dtype=int8)
    >>> wnp.where(c, wnp.asarray([1, 2], dtype=wnp.int8), wnp.asarray([5, 6], dtype=wnp.uint8))
    Array([1, 6], dtype=int16)
    >>> wnp.where(c, 1.5, 0)
    Array([1.5, 0. ], dtype=float64, weak_type=True)
    """
    c = operand(condition)
    if c is None:
        raise TypeError(f"where: condition must be an array, got {type(condition).__name__}")
    cond = np.asarray(c[0])
    if cond.dtype != D.bool_:
        raise TypeError(f"where: condition must be a bool array, got "
                        f"{D.dtype_name(cond.dtype)}; compare it first (e.g. x != 0)")
    (a, b), dt, weak = promote("where", [x1, x2])
    return wrap(np.asarray(np.where(cond, a, b)), weak)
