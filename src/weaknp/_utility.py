"""Utility functions: all, any (strong bool) and diff (keeps the dtype and weak flag)."""

from __future__ import annotations

import numpy as np

from ._array import data_of, promote, wrap

__all__ = ["all", "any", "diff"]


def all(x, /, *, axis=None, keepdims=False):  # noqa: A001 - the standard's name
    """Whether every element along ``axis`` is truthy; strong bool.

    Examples
    --------
    >>> wnp.all(wnp.asarray([1, 0, 2], dtype=wnp.int8))
    Array(False, dtype=bool)
    >>> wnp.all(wnp.asarray([[True, False], [True, True]]), axis=1)
    Array([False,  True], dtype=bool)
    """
    d, _ = data_of(x, "all")
    return wrap(np.asarray(np.all(d, axis=axis, keepdims=keepdims)))


def any(x, /, *, axis=None, keepdims=False):  # noqa: A001 - the standard's name
    """Whether any element along ``axis`` is truthy; strong bool.

    Examples
    --------
    >>> wnp.any(wnp.asarray([0, 0, 2], dtype=wnp.int8))
    Array(True, dtype=bool)
    >>> wnp.any(wnp.asarray([[0.0, 0.0], [0.0, 0.5]], dtype=wnp.float32), axis=0)
    Array([False,  True], dtype=bool)
    """
    d, _ = data_of(x, "any")
    return wrap(np.asarray(np.any(d, axis=axis, keepdims=keepdims)))


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    """The ``n``-th discrete difference along ``axis``.

    Promotion: ``x``, ``prepend`` and ``append`` are joined first (Python scalars weak);
    the difference is computed in that dtype (bool: logical xor, as NumPy does).

    Examples
    --------
    >>> x = wnp.asarray([1, 4, 9], dtype=wnp.int8)
    >>> wnp.diff(x)
    Array([3, 5], dtype=int8)
    >>> wnp.diff(x, n=2)
    Array([2], dtype=int8)
    >>> wnp.diff(x, prepend=0)
    Array([1, 3, 5], dtype=int8)
    """
    d, w = data_of(x, "diff")
    if d.ndim == 0:
        raise ValueError("diff: not defined for 0-d arrays")
    if n < 0:
        raise ValueError(f"diff: n must be non-negative, got {n}")
    parts = [v for v in (prepend, x, append) if v is not None]
    datas, dt, weak = promote("diff", parts)
    datas = [np.broadcast_to(p, d.shape[:axis % d.ndim] + (1,) + d.shape[axis % d.ndim + 1:])
             if p.ndim == 0 else p for p in datas]
    joined = np.concatenate(datas, axis=axis) if len(datas) > 1 else datas[0]
    with np.errstate(over="ignore"):
        return wrap(np.diff(joined, n=n, axis=axis), weak)
