"""NumPy's functions of ``numpy._core.fromnumeric``: the function forms of ndarray methods.

Dtypes and weak flags (as ``jax.numpy``)
----------------------------------------
* Data movement keeps the dtype and the weak flag of its input (``ravel``, ``transpose``,
  ``swapaxes``, ``diagonal``, ``resize``, ``partition``, ``compress``).
* ``cumsum``/``cumprod``: the ``sum`` rule (bool and signed integers give the default int,
  unsigned the default uint; ``dtype=`` honoured), strong.  JAX differs: its
  ``cumsum``/``cumprod`` keep small integer dtypes (and wrap on overflow).
* ``trace`` follows ``sum``'s rule (``trace(int8)`` is int64), strong, as JAX.
* ``amax``/``amin``/``ptp``: the input's dtype, strong (reductions drop the weak flag).
* ``argpartition`` gives the indexing dtype; ``choose`` takes the lattice join of its
  choices (Python scalars weak); ``put`` writes with the rule of ``x[i] = v``.
* ``ndim``, ``shape``, ``size`` return Python values.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._api import elementwise as E
from .._core.plans import quietly
from .._core.promotion import resolve_dtype, sum_dtype
from .._fast.dispatch import wrap
from .._array.array import Array
from .._array.operands import raw as _raw
from .._array.operands import array_likes, data_of, public
from .._fast.calls import moving
from .._array.stored import stored_value
from .._api.reduce import NOVALUE, cumulative, reduction
from .._core.dtype_rules import compute_dtype
from .._array.stored import deliver
from .multiarray import axis_argument, data_movement, finish, index_result, sortable, written_buffer

_nd = np.ndarray

__all__ = [
    "ravel", "transpose", "swapaxes", "resize", "diagonal", "ndim", "shape", "size",
    "cumsum", "cumprod", "amax", "amin", "ptp", "argpartition", "partition", "compress",
    "choose", "put", "trace", "around",
]


# NumPy's functions here are ``_wrapfunc`` around the ndarray method (``hi``: the positional
# arguments the function takes after the array)
ravel = data_movement(np.ravel, "Flatten to 1-D (a view where possible).", _nd.ravel, 1)
transpose = data_movement(np.transpose, "Permute the axes (reverse them by default).",
                          _nd.transpose, 1)
swapaxes = data_movement(np.swapaxes, "Interchange two axes.", _nd.swapaxes, 2)
resize = data_movement(np.resize, "A new array of ``new_shape``, repeating the data as needed.")


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The diagonal(s) along ``axis1``/``axis2`` (a copy, not NumPy's read-only view).

    Dtype and weak flag: those of the input.
    """
    d, w = data_of(a, "diagonal")
    return wrap(np.diagonal(d, offset, axis1, axis2).copy(), w)


diagonal = moving(_nd.diagonal, diagonal, 3, copy=True)   # np.diagonal is the method

def ndim(a):
    """Number of dimensions of ``a``."""
    return a.ndim if isinstance(a, Array) else np.ndim(a)


def shape(a):
    """Shape of ``a``."""
    return a.shape if isinstance(a, Array) else np.shape(a)


def size(a, axis=None):
    """Number of elements of ``a`` (along ``axis`` when given)."""
    return np.size(a._data if isinstance(a, Array) else a, axis)


def cumulative_function(name, doc):
    def function(a, axis=None, dtype=None, out=None):
        return cumulative(name, a, axis, dtype, out)

    return public(function, name, doc + "\n\nFlattens when ``axis`` is None.  Dtype: the "
                  "``sum`` rule (``cumsum(int8)`` is int64); strong.")


cumsum = cumulative_function("cumsum", "Cumulative sum along ``axis``.")
cumprod = cumulative_function("cumprod", "Cumulative product along ``axis``.")


def extreme_function(name, doc):
    def function(a, axis=None, out=None, keepdims=False, initial=NOVALUE, where=NOVALUE):
        return reduction(name, a, axis, None, out, keepdims, initial, where)

    return public(function, name, doc + "\n\nDtype: the input's; strong.")


amax = extreme_function("amax", "Largest element along ``axis`` (NaN propagates).")
amin = extreme_function("amin", "Smallest element along ``axis`` (NaN propagates).")


def ptp(a, axis=None, out=None, keepdims=False):
    """Range (max - min) along ``axis``; the input's dtype (integers wrap, as NumPy/JAX)."""
    d, _ = data_of(a, "ptp")
    acc = compute_dtype(d.dtype)
    with np.errstate(over="ignore"):
        r = np.ptp(dtype_rules.cast(d, acc), axis=axis_argument(axis), keepdims=keepdims)
    return deliver(finish(r, d.dtype), out, "ptp")


def _check_select(function, kind, order):
    if kind != "introselect":
        raise ValueError(f"{function}: kind must be 'introselect' (NumPy's only selection "
                         f"algorithm), got {kind!r}")
    if order is not None:
        raise TypeError(f"{function}: order= partitions structured arrays, which weaknp does "
                        f"not have; partition the field's array instead")


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition ``a`` around the ``kth`` element(s); indexing dtype."""
    _check_select("argpartition", kind, order)
    d, _ = data_of(a, "argpartition")
    # JAX differs: jnp.argpartition gives int32 even with x64 (and refuses bool input).
    # Decision 25.
    return index_result(np.argpartition(sortable(d), _raw(kth), axis, kind, order))


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A copy of ``a`` partitioned around the ``kth`` element(s); same dtype and flag."""
    _check_select("partition", kind, order)
    d, w = data_of(a, "partition")
    return wrap(dtype_rules.cast(np.partition(sortable(d), _raw(kth), axis, kind, order),
                                 d.dtype), w)


def partition_in_place(x, kth, axis=-1, kind="introselect", order=None):
    """``x.partition(kth)`` (``partition.in_place``): NumPy's in-place partition of ``x``'s
    own buffer where NumPy sorts its dtype (the same algorithm on the same values as
    ``partition``'s copy: the same bits), else ``partition``'s result stored into it."""
    _check_select("partition", kind, order)
    d, _ = written_buffer("partition", x)
    if sortable(d) is d and d.flags.writeable:
        d.partition(_raw(kth), axis, kind, order)
    else:
        d[...] = partition(x, kth, axis, kind, order)._data


#: ``Array.partition`` (in place) reaches its body through the public ``partition``.
partition.in_place = partition_in_place


def compress(condition, a, axis=None, out=None):
    """Elements of ``a`` where ``condition`` is true along ``axis``; ``a``'s dtype and flag."""
    c, _ = data_of(condition, "compress")
    d, w = data_of(a, "compress")
    return deliver(wrap(np.compress(c.astype(bool, copy=False), d, axis), w), out, "compress")


def choose(a, choices, out=None, mode="raise"):
    """Build an array from ``choices`` by the index array ``a``.  Promotion: the lattice
    join of the choices."""
    ia, _ = data_of(a, "choose")
    if ia.dtype not in dtypes.INTEGER | dtypes.BOOL:
        raise TypeError(f"choose: the index array must hold integers, got "
                        f"{dtypes.dtype_name(ia.dtype)}")
    datas, _, weak = array_likes("choose", list(choices))
    # JAX differs: jnp.choose drops the weak flag of a weak join (its select keeps it).
    # Decision 32.
    return deliver(wrap(np.choose(ia.astype(np.int64, copy=False), datas, mode=mode), weak),
                   out, "choose")


def _in_range(i: np.ndarray, n: int) -> bool:
    """Whether every integer index of ``i`` lies in ``[0, n)``, by one reduction: read as
    unsigned, a negative index is larger than any size.  ``False`` leaves the exact
    bounds (negative indices count from the end) to the caller's ``min``/``max``."""
    u = i.view(i.dtype.str.replace("i", "u")) if i.dtype.kind == "i" else i
    return int(u.max()) < n


def put(a, ind, v, mode="raise"):
    """Set ``a.flat[ind] = v`` in place (values checked as for ``x[i] = v``)."""
    d, node = written_buffer("put", a)
    v = stored_value("put", d, node, v, lists=True)
    ind = _raw(ind)
    if mode == "raise":
        # NumPy differs: its put writes the valid indices before an out-of-range one
        # raises; weaknp checks every index first, so a failing put changes nothing.
        # Decision 38.
        i = np.asarray(ind)
        if i.size and i.dtype.kind in "iu" and not _in_range(i, d.size):
            n = d.size
            lo, hi = int(i.min()), int(i.max())
            if lo < -n or hi >= n:
                raise IndexError(f"put: index {lo if lo < -n else hi} is out of bounds for an "
                                 f"array of size {n}; pass indices in [-{n}, {n}) or "
                                 f"mode='wrap'/'clip'")
    np.put(d, ind, v, mode)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sum along a diagonal.  Dtype: the ``sum`` rule (``trace(int8)`` is int64,
    ``dtype=`` honoured), as ``jnp.trace``; the weak flag is dropped (a reduction)."""
    d, _ = data_of(a, "trace")
    dt = resolve_dtype(dtype, "trace") or sum_dtype(d.dtype)
    acc = compute_dtype(dt)
    if acc is d.dtype:   # the common call: summed in its own dtype, no cast first
        r = quietly(_OVER, d.trace, offset, axis1, axis2)
    elif (acc != d.dtype and acc in _EXACT_SUMS and d.dtype in _EXACT_SUMS
            and d.dtype not in dtypes.ML_DTYPES):
        # an integer sum is the same in any order: the diagonal is summed in acc by
        # NumPy's reduction, no copy of the whole array in acc first
        r = d.trace(offset, axis1, axis2, dtype=acc)
    else:
        # (the ndarray method: np.trace's own body, without its dispatch)
        r = quietly(_OVER, dtype_rules.cast(d, acc).trace, offset, axis1, axis2)
    r = np.asarray(r)
    return deliver(wrap(r if r.dtype is dt else dtype_rules.cast(r, dt)), out, "trace")


_OVER = {"over": "ignore"}
_EXACT_SUMS = dtypes.INTEGER | dtypes.BOOL


def around(a, decimals=0, out=None):
    """Round to ``decimals`` decimals (NumPy's name for ``round``); same dtype and flag."""
    return E.round(a, decimals, out)
