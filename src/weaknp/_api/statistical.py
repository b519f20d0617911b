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

from .._core.arguments import ddof_of
from .reduce import CORES, NOVALUE, cumulative, reduce_call, reduction

__all__ = ["cumulative_prod", "cumulative_sum", "max", "mean", "min", "prod", "std", "sum",
           "var"]

# the reduction core's entries (``reduce.reduction`` without its name lookup: these five
# are the common calls, ``x.sum()`` included)
_SUM, _PROD, _MAX, _MIN, _MEAN = (CORES[f] for f in ("sum", "prod", "max", "min", "mean"))

# One signature per function: NumPy's, in NumPy's order (what NumPy takes positionally is
# positional-or-keyword here too), plus the standard's keywords (``correction``,
# ``include_initial``).  One body: the reduction core in ``reduce``.


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=NOVALUE,  # noqa: A001
        where=True):
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
    return reduce_call(_SUM, a, axis, dtype, out, keepdims, initial, where)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=NOVALUE, where=True):
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
    return reduce_call(_PROD, a, axis, dtype, out, keepdims, initial, where)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
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
    return cumulative("cumulative_sum", x, axis, dtype, out, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
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
    return cumulative("cumulative_prod", x, axis, dtype, out, include_initial)


def max(a, axis=None, out=None, keepdims=False, initial=NOVALUE, where=True):  # noqa: A001
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
    return reduce_call(_MAX, a, axis, None, out, keepdims, initial, where)


def min(a, axis=None, out=None, keepdims=False, initial=NOVALUE, where=True):  # noqa: A001
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
    return reduce_call(_MIN, a, axis, None, out, keepdims, initial, where)


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
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
    return reduce_call(_MEAN, a, axis, dtype, out, keepdims, NOVALUE, where)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
        mean=NOVALUE, correction=NOVALUE):
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
    return reduction("var", a, axis, dtype, out, keepdims, NOVALUE, where,
                     ddof=ddof_of("var", ddof, correction), mean=mean)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
        mean=NOVALUE, correction=NOVALUE):
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
    return reduction("std", a, axis, dtype, out, keepdims, NOVALUE, where,
                     ddof=ddof_of("std", ddof, correction), mean=mean)
