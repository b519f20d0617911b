"""NumPy's functions of ``numpy._core.numeric``: comparisons of whole arrays, products,
index searches, grids and Python-valued queries.

Dtypes and weak flags (as ``jax.numpy``)
----------------------------------------
* ``isclose`` gives strong bool; ``allclose``/``array_equal``/``array_equiv`` a 0-d strong
  bool (as ``jax.numpy``; ``if wnp.allclose(a, b):`` works as with NumPy).
* ``outer`` and ``cross`` take the lattice join of their operands and keep its weak flag.
* ``convolve``/``correlate`` apply the inexact rule to the join (NumPy convolves integers
  in their dtype).
* ``argwhere``/``flatnonzero`` give the indexing dtype; ``rollaxis`` keeps the dtype and
  weak flag; ``identity``, ``indices`` and ``fromfunction``'s grids have the mode's
  default dtype, strong.
* ``isscalar``, ``isfortran``, ``base_repr``, ``binary_repr`` return Python values.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core.promotion import resolve_dtype
from .._fast.dispatch import wrap
from .._array.array import Array
from .._array.operands import array_likes, data_of, own_ndarray, public
from .._array.stored import created
from .multiarray import (
    data_movement, float_dtype, float_operands, index_result, joined_product, sortable,
    wrap_created,
)

__all__ = [
    "isclose", "allclose", "array_equal", "array_equiv", "argwhere", "flatnonzero", "outer",
    "cross", "convolve", "correlate", "rollaxis", "identity", "fromfunction", "indices",
    "isscalar", "isfortran", "base_repr", "binary_repr",
]


def _compared(function, a, b):
    try:
        (da, db), joined, _ = array_likes(function, [a, b])
    except OverflowError:
        # A Python int (or weak int array) beyond the joined integer dtype: these are
        # questions about values, answered as ``==`` is (docs/decisions.md, decision 40),
        # so each side keeps its own dtype and NumPy compares them exactly (closeness in
        # float64).
        return own_ndarray(a, function), own_ndarray(b, function)
    if joined in dtypes.ML_DTYPES:
        da, db = dtype_rules.cast(da, dtypes.float32), dtype_rules.cast(db, dtypes.float32)
    return da, db


def _tolerance(t):
    """``rtol``/``atol`` for NumPy's loop: a weaknp array's values (handing NumPy the
    ``Array`` itself would dispatch back here through NEP 18, forever)."""
    return t._data if isinstance(t, Array) else t


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Elementwise ``|a - b| <= atol + rtol * |b|``, compared in the join of ``a`` and
    ``b`` (Python scalars weak); strong bool.  ``rtol``/``atol`` may be arrays."""
    da, db = _compared("isclose", a, b)
    return wrap(np.asarray(np.isclose(da, db, _tolerance(rtol), _tolerance(atol),
                                      equal_nan)))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether every element is close (``isclose``); a 0-d strong bool array."""
    da, db = _compared("allclose", a, b)
    return wrap(np.asarray(np.allclose(da, db, _tolerance(rtol), _tolerance(atol),
                                       equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    """Same shape and equal elements (compared in the join); a 0-d strong bool array."""
    d1, d2 = _compared("array_equal", a1, a2)
    return wrap(np.asarray(np.array_equal(d1, d2, equal_nan=equal_nan)))


def array_equiv(a1, a2):
    """Broadcast-compatible and equal elements; a 0-d strong bool array."""
    d1, d2 = _compared("array_equiv", a1, a2)
    return wrap(np.asarray(np.array_equiv(d1, d2)))


def argwhere(a):
    """Indices of the non-zero elements, one row per element; indexing dtype."""
    d, _ = data_of(a, "argwhere")
    return index_result(np.argwhere(sortable(d)))


def flatnonzero(a):
    """Indices of the non-zero elements of the flattened array; indexing dtype."""
    d, _ = data_of(a, "flatnonzero")
    return index_result(np.flatnonzero(sortable(d)))


outer = joined_product("outer", np.outer, "Outer product of two flattened vectors.")
cross = joined_product("cross", np.cross, "Cross product of 2- or 3-element vectors.")


def _filtered(name, np_fn, doc):
    def function(a, v, mode="full" if name == "convolve" else "valid"):
        (da, dv), out, weak = float_operands(name, [a, v])
        return wrap(dtype_rules.cast(np.asarray(np_fn(da, dv, mode)), out), weak)

    # NumPy differs: it convolves integers in their dtype; JAX and weaknp use the inexact
    # rule (convolve(int32, int32) is float32) (decision 24).
    return public(function, name,
                  doc + "\n\nDtype: the inexact rule on the join of ``a`` and ``v``.")


convolve = _filtered("convolve", np.convolve, "Discrete linear convolution of 1-D arrays.")
correlate = _filtered("correlate", np.correlate, "Cross-correlation of 1-D arrays.")


rollaxis = data_movement(np.rollaxis, "Roll ``axis`` backwards until it lies at ``start``.")


def identity(n, dtype=None, *, like=None):
    """The ``n`` x ``n`` identity matrix (default float dtype, strong)."""
    dt = float_dtype(dtype, "identity")
    return wrap_created(np.identity(n), dt, "identity")


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """Call ``function(*index_grids, **kwargs)``; the grids are weaknp arrays of ``dtype``
    (``float`` means the default float); the result is whatever ``function`` returns."""
    dt = float_dtype(dtype, "fromfunction")
    grids = [wrap(created(g, dt, "fromfunction"))
             for g in np.indices(shape,
                                 dtype=dtypes.float64 if dt in dtypes.FLOATING else dtypes.int64)]
    return function(*grids, **kwargs)


def indices(dimensions, dtype=int, sparse=False):
    """Grids of indices for an array of shape ``dimensions`` (default int dtype, strong)."""
    dt = resolve_dtype(dtype, "indices")
    r = np.indices(dimensions, dtype=dtypes.int64, sparse=sparse)
    if sparse:
        return tuple(wrap(created(g, dt, "indices")) for g in r)
    return wrap(created(r, dt, "indices"))


def isscalar(element):
    """True for Python and NumPy scalars (not for 0-d arrays, as in NumPy)."""
    return False if isinstance(element, Array) else bool(np.isscalar(element))


def isfortran(a):
    """Whether ``a`` is Fortran-contiguous and not C-contiguous."""
    d, _ = data_of(a, "isfortran")
    return bool(d.flags.fnc)   # np.isfortran's own body, without its dispatch


base_repr = np.base_repr
binary_repr = np.binary_repr
