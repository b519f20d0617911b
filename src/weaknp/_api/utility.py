"""Utility functions: all, any (strong bool) and diff (keeps the dtype and weak flag)."""

from __future__ import annotations

import numpy as np

from .._fast.dispatch import wrap
from .._array.operands import array_likes, data_of
from .reduce import reduction

__all__ = ["all", "any", "diff"]


def all(a, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    """Whether every element along ``axis`` is truthy; strong bool.

    Examples
    --------
    >>> wnp.all(wnp.asarray([1, 0, 2], dtype=wnp.int8))
    Array(False, dtype=bool)
    >>> wnp.all(wnp.asarray([[True, False], [True, True]]), axis=1)
    Array([False,  True], dtype=bool)
    """
    return reduction("all", a, axis, None, out, keepdims, where=where)


def any(a, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    """Whether any element along ``axis`` is truthy; strong bool.

    Examples
    --------
    >>> wnp.any(wnp.asarray([0, 0, 2], dtype=wnp.int8))
    Array(True, dtype=bool)
    >>> wnp.any(wnp.asarray([[0.0, 0.0], [0.0, 0.5]], dtype=wnp.float32), axis=0)
    Array([False,  True], dtype=bool)
    """
    return reduction("any", a, axis, None, out, keepdims, where=where)


def diff(a, n=1, axis=-1, prepend=None, append=None):
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
    d, w = data_of(a, "diff")
    x = wrap(d, w)
    if d.ndim == 0:
        raise ValueError("diff: not defined for 0-d arrays")
    if n < 0:
        raise ValueError(f"diff: n must be non-negative, got {n}")
    parts = [v for v in (prepend, x, append) if v is not None]
    datas, dt, weak = array_likes("diff", parts)
    datas = [np.broadcast_to(p, d.shape[:axis % d.ndim] + (1,) + d.shape[axis % d.ndim + 1:])
             if p.ndim == 0 else p for p in datas]
    joined = np.concatenate(datas, axis=axis) if len(datas) > 1 else datas[0]
    with np.errstate(over="ignore"):
        return wrap(np.diff(joined, n=n, axis=axis), weak)
