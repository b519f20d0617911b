"""Statistical functions of the Array API: sum, prod, cumulative_sum/prod, max, min, mean,
var, std.

Dtype rules (the Array API standard's; JAX agrees except where noted):

* Every reduction drops the weak flag (results are strong), as in JAX.
* ``sum``/``prod``/``cumulative_sum``/``cumulative_prod`` with ``dtype=None``: bool and
  signed integers give the default integer dtype (int64), unsigned integers the default
  unsigned one (uint64); floats and complex keep their dtype; ``dtype=`` is honoured
  exactly.  JAX differs: its ``cumulative_prod`` and ``cumsum`` keep small integer dtypes
  (and wrap).
* ``mean``/``var``/``std``: the inexact rule (bool and 8/16/32-bit integers -> float32,
  64-bit integers -> float64, as JAX's fixed table); ``var``/``std`` of complex give the
  real float of the same precision.
* ``max``/``min`` keep the dtype.
* bfloat16, float16 and the float8 family accumulate in float32 and are cast back (JAX does
  the same); NumPy differs: it accumulates float16 in float16.
"""

from __future__ import annotations

import builtins

import numpy as np

from . import _dtypes as D
from . import _kernel as K
from ._array import data_of, wrap
from ._ops import INEXACT_MAP
from ._promotion import resolve_dtype, sum_dtype

__all__ = ["cumulative_prod", "cumulative_sum", "max", "mean", "min", "prod", "std", "sum",
           "var"]


def _acc(dt):
    """The dtype NumPy accumulates ``dt`` in (narrow floats go through float32)."""
    if dt in D.REAL_FLOAT and dt not in (D.float32, D.float64):
        return D.float32
    if dt in D.ML_DTYPES:  # sub-byte integers
        return D.int64 if dt in D.SIGNED else D.uint64
    return dt


def _axis(axis, ndim, function):
    if axis is None:
        return None
    t = axis if isinstance(axis, tuple) else (axis,)
    out = []
    for a in t:
        if not -ndim <= a < ndim:
            raise IndexError(f"{function}: axis {a} is out of bounds for {ndim} dimensions")
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{function}: axis {axis!r} names an axis twice; pass each axis once")
    return tuple(out)


def _degenerate(function, d, ax, correction, keepdims, out):
    """The standard's result where NumPy warns: NaN when no element (or no degree of
    freedom, ``N - correction <= 0``) is left, quietly -- NumPy's RuntimeWarnings ("Mean
    of empty slice", "Degrees of freedom <= 0") would point at weaknp's own line.
    ``None`` when the reduction is not degenerate."""
    axes = tuple(range(d.ndim)) if ax is None else ax
    n = 1
    for a in axes:
        n *= d.shape[a]
    if n - correction > 0:
        return None
    # NumPy differs: the same NaN, with RuntimeWarnings.
    shape = tuple(1 if i in axes else s for i, s in enumerate(d.shape)) if keepdims else \
        tuple(s for i, s in enumerate(d.shape) if i not in axes)
    if out in D.COMPLEX:
        return wrap(K.cast(np.full(shape, complex(np.nan, np.nan), dtype=D.complex128), out))
    return wrap(K.cast(np.full(shape, np.nan, dtype=D.float64), out))


def _reduce(function, np_fn, x, axis, dtype, keepdims):
    d, _ = data_of(x, function)
    out = resolve_dtype(dtype, function) or sum_dtype(d.dtype)
    acc = _acc(out)
    # NumPy's own floating-point warnings (a float sum overflowing to inf) are kept, as for
    # every computation (README decision 15); integer reductions wrap without a warning.
    r = np_fn(d, axis=_axis(axis, d.ndim, function) if axis is not None else None, dtype=acc,
              keepdims=keepdims)
    return wrap(K.cast(r, out) if type(r) is np.ndarray else K.cast(np.asarray(r), out))


def sum(x, /, *, axis=None, dtype=None, keepdims=False):  # noqa: A001 - standard name
    """Sum along ``axis``.  ``sum(int8_array)`` is int64 (the standard's rule); strong.

    Examples
    --------
    >>> wnp.sum(wnp.asarray([1, 2], dtype=wnp.int8))
    Array(3, dtype=int64)
    >>> wnp.sum(wnp.asarray([200, 100], dtype=wnp.uint8))
    Array(300, dtype=uint64)
    >>> wnp.sum(wnp.full(2, 1.5))
    Array(3., dtype=float64)
    >>> wnp.sum(wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8), axis=0, dtype=wnp.int16)
    Array([4, 6], dtype=int16)
    """
    return _reduce("sum", np.add.reduce, x, axis, dtype, keepdims)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    """Product along ``axis``; dtype rule as ``sum``; strong.

    Examples
    --------
    >>> wnp.prod(wnp.asarray([3, 4], dtype=wnp.int8))
    Array(12, dtype=int64)
    >>> wnp.prod(wnp.asarray([16, 16], dtype=wnp.uint8))
    Array(256, dtype=uint64)
    >>> wnp.prod(wnp.asarray([1.5, 2.0], dtype=wnp.float32))
    Array(3., dtype=float32)
    """
    return _reduce("prod", np.multiply.reduce, x, axis, dtype, keepdims)


def _cumulative(function, np_fn, identity, x, axis, dtype, include_initial):
    d, _ = data_of(x, function)
    if d.ndim == 0:
        raise ValueError(f"{function}: needs at least one dimension")
    if axis is None:
        if d.ndim > 1:
            raise ValueError(f"{function}: axis is required for arrays of more than one "
                             f"dimension")
        axis = 0
    axis = _axis(axis, d.ndim, function)[0]
    out = resolve_dtype(dtype, function) or sum_dtype(d.dtype)
    acc = _acc(out)
    with np.errstate(over="ignore", invalid="ignore"):
        r = np_fn(d, axis=axis, dtype=acc)
    if include_initial:
        shape = list(d.shape)
        shape[axis] = 1
        r = np.concatenate([np.full(shape, identity, dtype=acc), r], axis=axis)
    return wrap(K.cast(r, out))


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    """Cumulative sum along ``axis``; dtype rule as ``sum`` (JAX keeps int8 for cumsum).

    Examples
    --------
    >>> wnp.cumulative_sum(wnp.asarray([1, 2, 3], dtype=wnp.int8))
    Array([1, 3, 6], dtype=int64)
    >>> wnp.cumulative_sum(wnp.asarray([100, 200], dtype=wnp.uint8), include_initial=True)
    Array([  0, 100, 300], dtype=uint64)
    >>> wnp.cumulative_sum(wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8), axis=1)
    Array([[1, 3],
           [3, 7]], dtype=int64)
    """
    return _cumulative("cumulative_sum", np.cumsum, 0, x, axis, dtype, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    """Cumulative product along ``axis``; dtype rule as ``sum``.

    JAX differs: its ``cumulative_prod`` keeps the input dtype for small integers.

    Examples
    --------
    >>> wnp.cumulative_prod(wnp.asarray([2, 3, 4], dtype=wnp.int8))
    Array([ 2,  6, 24], dtype=int64)
    >>> wnp.cumulative_prod(wnp.asarray([16, 16], dtype=wnp.uint8))
    Array([ 16, 256], dtype=uint64)
    >>> wnp.cumulative_prod(wnp.asarray([1.5, 2.0], dtype=wnp.float32), include_initial=True)
    Array([1. , 1.5, 3. ], dtype=float32)
    """
    return _cumulative("cumulative_prod", np.cumprod, 1, x, axis, dtype, include_initial)


def _extreme(function, np_fn, x, axis, keepdims):
    d, _ = data_of(x, function)
    ax = _axis(axis, d.ndim, function)
    if d.size == 0 and (ax is None or builtins.any(d.shape[a] == 0 for a in ax)):
        raise ValueError(f"{function}: the reduction of an empty array has no identity")
    acc = _acc(d.dtype)
    r = np_fn(K.cast(d, acc), axis=ax, keepdims=keepdims)
    return wrap(K.cast(np.asarray(r), d.dtype))


def max(x, /, *, axis=None, keepdims=False):  # noqa: A001 - standard name
    """Largest element along ``axis`` (NaN propagates); keeps the dtype; strong.

    Examples
    --------
    >>> wnp.max(wnp.asarray([1, 5, 3], dtype=wnp.int8))
    Array(5, dtype=int8)
    >>> wnp.max(wnp.asarray([[1, 5], [7, 2]], dtype=wnp.uint8), axis=0)
    Array([7, 5], dtype=uint8)
    >>> wnp.max(wnp.full(2, 1.5))
    Array(1.5, dtype=float64)
    """
    return _extreme("max", np.maximum.reduce, x, axis, keepdims)


def min(x, /, *, axis=None, keepdims=False):  # noqa: A001 - standard name
    """Smallest element along ``axis`` (NaN propagates); keeps the dtype; strong.

    Examples
    --------
    >>> wnp.min(wnp.asarray([1, -5, 3], dtype=wnp.int8))
    Array(-5, dtype=int8)
    >>> wnp.min(wnp.asarray([[1, 5], [7, 2]], dtype=wnp.int16), axis=1, keepdims=True)
    Array([[1],
           [2]], dtype=int16)
    >>> wnp.min(wnp.asarray([1.0, float("nan")], dtype=wnp.float32))
    Array(nan, dtype=float32)
    """
    return _extreme("min", np.minimum.reduce, x, axis, keepdims)


def _inexact(dt):
    return INEXACT_MAP.get(dt, dt)


def mean(x, /, *, axis=None, keepdims=False, dtype=None):
    """Arithmetic mean; ``mean(int8_array)`` is float32 (JAX's inexact rule); strong.

    ``dtype=`` (an extension of the standard, as in NumPy and JAX; Cubed's ``var`` passes
    it) computes and returns that dtype.

    Examples
    --------
    >>> wnp.mean(wnp.asarray([1, 2], dtype=wnp.int16))
    Array(1.5, dtype=float32)
    >>> wnp.mean(wnp.asarray([1, 2], dtype=wnp.int64))
    Array(1.5, dtype=float64)
    >>> wnp.mean(wnp.asarray([True, False]))
    Array(0.5, dtype=float32)
    >>> wnp.mean(wnp.full(2, 1.5))
    Array(1.5, dtype=float64)
    """
    d, _ = data_of(x, "mean")
    out = resolve_dtype(dtype, "mean") or _inexact(d.dtype)
    ax = _axis(axis, d.ndim, "mean")
    nan = _degenerate("mean", d, ax, 0, keepdims, out)
    if nan is not None:
        return nan
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.mean(d, axis=ax, dtype=_acc(out), keepdims=keepdims)
    return wrap(K.cast(np.asarray(r), out))


def _moment(function, np_fn, x, axis, correction, keepdims):
    d, _ = data_of(x, function)
    out = D.COMPLEX_TO_REAL.get(_inexact(d.dtype), _inexact(d.dtype))
    comp = _acc(_inexact(d.dtype))
    ax = _axis(axis, d.ndim, function)
    nan = _degenerate(function, d, ax, correction, keepdims, out)
    if nan is not None:
        return nan
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np_fn(K.cast(d, comp), axis=ax, ddof=correction, keepdims=keepdims)
    return wrap(K.cast(np.asarray(r), out))


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Variance (``correction`` is NumPy's ``ddof``); inexact rule; complex -> real; strong.

    Examples
    --------
    >>> wnp.var(wnp.asarray([1, 2, 3, 4], dtype=wnp.int8))
    Array(1.25, dtype=float32)
    >>> wnp.var(wnp.asarray([1, 3], dtype=wnp.int64), correction=1)
    Array(2., dtype=float64)
    >>> wnp.var(wnp.asarray([1j, -1j], dtype=wnp.complex64))
    Array(1., dtype=float32)
    """
    return _moment("var", np.var, x, axis, correction, keepdims)


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Standard deviation; dtype rule as ``var``; strong.

    Examples
    --------
    >>> wnp.std(wnp.asarray([1, 3], dtype=wnp.int8))
    Array(1., dtype=float32)
    >>> wnp.std(wnp.asarray([1, 2, 3, 4], dtype=wnp.int8))
    Array(1.11803..., dtype=float32)
    >>> wnp.std(wnp.asarray([1, 2, 3], dtype=wnp.int64), correction=1)
    Array(1., dtype=float64)
    """
    return _moment("std", np.std, x, axis, correction, keepdims)
