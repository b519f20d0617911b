"""NumPy's set functions (``numpy/lib/_arraysetops_impl.py``): ``unique``, ``union1d``,
``intersect1d``, ``setdiff1d``, ``setxor1d``, ``ediff1d``.

Values keep their dtype (``unique``, ``setdiff1d``: ``ar1``'s) or the lattice join of the
two inputs (``union1d``, ``intersect1d``, ``setxor1d``); index outputs have the indexing
dtype, strong.  ml_dtypes types sort through float32 (values convert exactly).
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import sortkeys
from .._core.lattice import STRONG_NODE
from .._fast.dispatch import wrap
from .._array.operands import array_likes, data_of, public
from .._array.stored import stored_value
from .._core.dtype_rules import compute_dtype
from .multiarray import index_result, sortable

__all__ = ["unique", "union1d", "intersect1d", "setdiff1d", "setxor1d", "ediff1d"]


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):  # noqa: A002 - NumPy's parameter name
    """NumPy's ``unique``: sorted unique values, optionally with first indices, inverse
    and counts (indexing dtype).  Values keep ``ar``'s dtype and weak flag."""
    d, w = data_of(ar, "unique")
    if (d.dtype in sortkeys.NARROW_KEYED and axis is None and sorted
            and not (return_index or return_inverse)):
        # the narrow floats' values and counts by counting bit patterns: the float32 copy
        # and its sort (NumPy float32's own peak: the sorted copy) are not needed
        vc = sortkeys.counted_unique(d)
        if vc is not None:
            return (wrap(vc[0], w), index_result(vc[1])) if return_counts else wrap(vc[0], w)
    work = sortable(d)
    r = np.unique(work, return_index, return_inverse, return_counts, axis,
                  equal_nan=equal_nan, sorted=sorted)
    if not isinstance(r, tuple):
        return wrap(dtype_rules.cast(r, d.dtype), w)
    return (wrap(dtype_rules.cast(r[0], d.dtype), w), *(index_result(x) for x in r[1:]))


def _set_op(np_fn, name, doc):
    def function(ar1, ar2, *args, **kwargs):
        (a, b), dt, weak = array_likes(name, [ar1, ar2])
        r = np_fn(sortable(a), sortable(b), *args, **kwargs)
        if isinstance(r, tuple):
            return (wrap(dtype_rules.cast(r[0], dt), weak), *(index_result(x) for x in r[1:]))
        return wrap(dtype_rules.cast(r, dt), weak)

    return public(function, name, doc + "\n\nPromotion: the lattice join of the two inputs.")


union1d = _set_op(np.union1d, "union1d", "Sorted union of two arrays.")
intersect1d = _set_op(np.intersect1d, "intersect1d",
                      "Sorted intersection of two arrays (optionally with indices).")


def setdiff1d(ar1, ar2, assume_unique=False):
    """Sorted unique values of ``ar1`` not in ``ar2``.

    Promotion: ``ar1``'s dtype and weak flag (the values all come from ``ar1``; as NumPy
    and ``jax.numpy``); ``ar2`` is compared by value."""
    a, w = data_of(ar1, "setdiff1d")
    b, _ = data_of(ar2, "setdiff1d")
    return wrap(dtype_rules.cast(np.setdiff1d(sortable(a), sortable(b), assume_unique), a.dtype),
                w)


setxor1d = _set_op(np.setxor1d, "setxor1d", "Sorted values in exactly one of the inputs.")


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences between consecutive elements of the flattened array; its dtype.

    ``to_end``/``to_begin`` values are stored into that dtype by the rule of
    ``x[i] = v`` (a Python int out of range raises ``OverflowError``)."""
    d, w = data_of(ary, "ediff1d")
    if d.dtype in dtypes.BOOL:
        raise TypeError("ediff1d: bool arrays have no differences (NumPy refuses them too); "
                        "cast to an integer dtype first")
    work = compute_dtype(d.dtype)

    slot = np.empty((), d.dtype)
    node = STRONG_NODE[d.dtype]

    def extra(v):
        # NumPy and JAX differ: they cast the values (to_end=1000 wraps to -24 in int8).
        return None if v is None else dtype_rules.cast(np.asarray(
            stored_value("ediff1d", slot, node, v, lists=True)), work)

    with np.errstate(over="ignore"):
        r = np.ediff1d(dtype_rules.cast(d, work), extra(to_end), extra(to_begin))
    return wrap(dtype_rules.cast(r, d.dtype), w)
