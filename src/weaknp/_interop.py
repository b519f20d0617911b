"""NumPy interoperability beyond the ufuncs weaknp implements (``__array_ufunc__`` fallback).

A NumPy ufunc that weaknp has no op-table row for (or a ufunc method such as ``reduce``)
is not silently computed with NumPy's promotion: it raises a ``TypeError`` that says what
to use instead.
"""

from __future__ import annotations

__all__ = ["_numpy_fallback", "_array_function"]


def _numpy_fallback(ufunc, method, inputs, kwargs):
    where = f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
    extra = f" with keyword arguments {sorted(kwargs)}" if kwargs else ""
    raise TypeError(
        f"{where}{extra}: weaknp does not run this NumPy ufunc on its arrays (NumPy's dtype "
        f"promotion would decide the result); use the weaknp function of the same name, or "
        f"convert explicitly with numpy.asarray(x) first")


def _array_function(func, types, args, kwargs):
    """``Array.__array_function__``: NumPy functions called on weaknp arrays."""
    return NotImplemented
