"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted, where.

Weak flag: index results (argmax, argmin, nonzero, searchsorted, count_nonzero) are strong
the default indexing dtype (int64; int32 in x32 modes); ``where(c, x1, x2)`` is the join of ``x1`` and ``x2`` (Python scalars weak), as in JAX.
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
    """Index of the largest element (first occurrence); int64."""
    return _arg("argmax", np.argmax, x, axis, keepdims)


def argmin(x, /, *, axis=None, keepdims=False):
    """Index of the smallest element (first occurrence); int64."""
    return _arg("argmin", np.argmin, x, axis, keepdims)


def count_nonzero(x, /, *, axis=None, keepdims=False):
    """Number of non-zero elements; int64."""
    d, _ = data_of(x, "count_nonzero")
    r = np.count_nonzero(d, axis=axis, keepdims=keepdims)
    return wrap(np.asarray(r, dtype=default_dtype("indexing")))


def nonzero(x, /):
    """Indices of the non-zero elements, one int64 array per dimension."""
    d, _ = data_of(x, "nonzero")
    if d.ndim == 0:
        raise ValueError("nonzero: not defined for 0-d arrays; use x[None]")
    return tuple(wrap(np.asarray(i, dtype=default_dtype("indexing"))) for i in np.nonzero(d))


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    """Indices where ``x2`` would be inserted into the sorted 1-D ``x1``; int64.

    ``x2`` may be a Python scalar (weak); both are compared in their joined dtype.
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
