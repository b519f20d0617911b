"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted, where.

Weak flag: index results (argmax, argmin, nonzero, searchsorted, count_nonzero) are strong
the default indexing dtype (int64; int32 in x32 modes); ``where(c, x1, x2)`` is the join of
``x1`` and ``x2`` (Python scalars weak), as in JAX.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import entries
from .._core import plans
from .._core import narrow
from .._core import sortkeys
from .._fast.calls import CallCore, where_call
from .._fast import narrow as fast_narrow
from .._fast.dispatch import wrap
from .._core.lattice import NODE_DTYPE, STRONG_NODE, WEAK_NODES, Node
from .._array.operands import array_likes, data_of
from .._core.promotion import default_dtype, join_nodes
from .._core.dtype_rules import native_dtype
from .._core.arguments import axes, one_axis
from .._array.stored import deliver

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted",
           "where"]


#: NumPy's functions that are an ndarray method of the same name.
_METHODS = {np.argmax: "argmax", np.argmin: "argmin"}
#: NumPy's nanargmax/nanargmin -> the argmax/argmin they are for bool and integers.
_NAN_ARGS = {np.nanargmax: np.argmax, np.nanargmin: np.argmin}
_INTP = np.dtype(np.intp)
_empty = np.empty


def arg_reduction(function, np_fn, a, axis, out, keepdims):
    """The one body of ``argmax``/``argmin`` and their NaN forms (``np_fn`` is NumPy's
    function): the axis checked (``one_axis``), an empty axis and an all-NaN slice
    refused with ``ValueError`` in weaknp's words, the indexing dtype, strong."""
    d, _ = data_of(a, function)
    dt = d.dtype
    if dt.kind in "biu" and dt not in dtypes.ML_DTYPES:
        # NumPy's nanargmax of bool and integers is its argmax (no NaN to replace)
        np_fn = _NAN_ARGS.get(np_fn, np_fn)
    if axis is None and out is None and keepdims is False and d.size:
        # the common call, over the whole array: NumPy's method into a new 0-d array of
        # the indexing dtype (what the general path gives, without its conversions)
        method = _METHODS.get(np_fn)
        idx = default_dtype("indexing")
        if method is not None and idx == _INTP and dt not in dtypes.ML_DTYPES:
            r = _empty((), idx)
            getattr(d, method)(out=r)
            return wrap(r)
    ax = one_axis(axis, d.ndim, function)
    if (d.size == 0 if ax is None else d.shape[ax] == 0):
        raise ValueError(f"{function}: attempt to get {function} of an empty sequence "
                         f"(the reduced axis has length 0)")
    if dt in dtypes.ML_DTYPES:
        d = dtype_rules.cast(d, native_dtype(dt))
    method = _METHODS.get(np_fn)
    try:
        if method is not None:   # NumPy's function is its method behind a Python wrapper
            r = getattr(d, method)(axis=ax, keepdims=bool(keepdims))
        else:
            r = np_fn(d, axis=ax, keepdims=bool(keepdims))
    except ValueError:   # nanargmax/nanargmin: NumPy's bare "All-NaN slice encountered"
        if np_fn is not np.nanargmax and np_fn is not np.nanargmin:
            raise
        # NumPy differs: its message names neither the function nor a fix.  Decision 56.
        raise ValueError(f"{function}: all-NaN slice encountered: it has no "
                         f"{'largest' if 'max' in function else 'smallest'} element; "
                         f"replace the NaN first (nan_to_num, where)") from None
    return deliver(wrap(np.asarray(r, dtype=default_dtype("indexing"))), out, function)


def argmax(a, axis=None, out=None, *, keepdims=False):
    """Index of the largest element (first occurrence); int64.

    Examples
    --------
    >>> wnp.argmax(wnp.asarray([1, 5, 5], dtype=wnp.int8))
    Array(1, dtype=int64)
    >>> wnp.argmax(wnp.asarray([[1, 5], [7, 2]], dtype=wnp.uint8), axis=1)
    Array([1, 0], dtype=int64)
    """
    return arg_reduction("argmax", np.argmax, a, axis, out, keepdims)


def argmin(a, axis=None, out=None, *, keepdims=False):
    """Index of the smallest element (first occurrence); int64.

    Examples
    --------
    >>> wnp.argmin(wnp.asarray([3, 1, 1], dtype=wnp.int8))
    Array(1, dtype=int64)
    >>> wnp.argmin(wnp.asarray([[1, 5], [7, 2]], dtype=wnp.float32), axis=0, keepdims=True)
    Array([[0, 1]], dtype=int64)
    """
    return arg_reduction("argmin", np.argmin, a, axis, out, keepdims)


def count_nonzero(a, axis=None, *, keepdims=False):
    """Number of non-zero elements; int64.

    Examples
    --------
    >>> wnp.count_nonzero(wnp.asarray([0, 1, 2], dtype=wnp.int8))
    Array(2, dtype=int64)
    >>> wnp.count_nonzero(wnp.asarray([[0, 1], [2, 3]], dtype=wnp.int8), axis=1)
    Array([1, 2], dtype=int64)
    """
    d, _ = data_of(a, "count_nonzero")
    r = np.count_nonzero(d, axis=axes(axis, d.ndim, "count_nonzero"), keepdims=keepdims)
    return wrap(np.asarray(r, dtype=default_dtype("indexing")))


def nonzero(a):
    """Indices of the non-zero elements, one int64 array per dimension.

    Examples
    --------
    >>> wnp.nonzero(wnp.asarray([0, 3, 0, 4], dtype=wnp.int8))
    (Array([1, 3], dtype=int64),)
    >>> wnp.nonzero(wnp.asarray([[1, 0], [0, 1]], dtype=wnp.uint8))
    (Array([0, 1], dtype=int64), Array([0, 1], dtype=int64))
    """
    d, _ = data_of(a, "nonzero")
    if d.ndim == 0:
        raise ValueError("nonzero: not defined for 0-d arrays; use x[None]")
    return tuple(wrap(np.asarray(i, dtype=default_dtype("indexing"))) for i in np.nonzero(d))


def searchsorted(a, v, side="left", sorter=None):
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
    x1 = wrap(*data_of(a, "searchsorted"))
    (a, v), dt, _ = array_likes("searchsorted", [x1, v])
    s = None if sorter is None else data_of(sorter, "searchsorted")[0]
    if dt in dtypes.ML_DTYPES and dt in sortkeys.NARROW_KEYED:
        # Searched as float32 values (exact and in the same order; NumPy's float search has
        # NaNs equal and last and -0.0 == 0.0, as the narrow order; ml_dtypes' own search
        # compares through a function pointer).  Without a sorter, NumPy's search step for
        # step with each probed element widened on its own (``_fast.narrow.searchsorted``):
        # 1000 keys into 1e6 read ~20000 elements, where a float32 copy of the array costs
        # 0.1-0.3 ms.
        # With a sorter (1-D intp of a's length), NumPy's search through it step for step
        # the same way (None: an index out of range, NumPy's error below).
        r = None
        if a.ndim == 1 and (s is None or (s.dtype == np.intp and s.ndim == 1
                                          and s.shape[0] == a.shape[0] and s.flags.aligned)):
            r = fast_narrow.searchsorted(a, narrow.widened(v), side, s)
        if r is None:
            r = np.searchsorted(narrow.widened(a), narrow.widened(v), side=side, sorter=s)
    else:
        a = dtype_rules.cast(a, native_dtype(dt))
        r = np.searchsorted(a, dtype_rules.cast(v, native_dtype(dt)), side=side, sorter=s)
    return wrap(np.asarray(r, dtype=default_dtype("indexing")))


def where(condition, x=None, y=None, /):
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
    # the dispatch core: two strong Arrays and a bool Array take their node pair's entry
    # (built by _where_spec); any other call is _where's
    return where_call(_WHERE, condition, x, y)


def _where(condition, x, y):
    """``where``'s general path (every call its entries do not cover)."""
    if x is None and y is None:
        return nonzero(condition)  # NumPy's one-argument form
    if x is None or y is None:
        raise TypeError("where: pass both x and y, or neither (then where(c) is nonzero(c))")
    cond = data_of(condition, "where")[0]
    if cond.dtype != dtypes.bool_:
        # NumPy's rule: any condition counts by its truth value (the standard asks for bool).
        cond = dtype_rules.cast(cond, dtypes.bool_)
    (a, b), dt, weak = array_likes("where", [x, y])
    try:
        r = np.where(cond, a, b)
    except ValueError:
        plans.shape_error("where", cond, a, b)
        raise
    return wrap(r if type(r) is np.ndarray else np.asarray(r), weak)


def _where_spec(xn, yn):
    """The entry of ``where(c, x, y)`` for operands at nodes ``xn``, ``yn`` (the
    ``_fast.calls.CallEntry`` arguments), or None where ``_where`` decides.

    Two strong arrays: each is cast to the join's dtype.  A strong array and a weak node:
    the Python ints/floats that NumPy reads as the array's dtype unchanged, when the join
    is that dtype (``where(c, int8_array, 0)``; weak arrays at that node, and other values,
    go to ``_where``, which narrows them).  ``_where`` also takes two weak operands, a pair
    with no join (it raises) and a bool array into int1 (checked)."""
    weak_x, weak_y = xn in WEAK_NODES, yn in WEAK_NODES
    if weak_x and weak_y:
        return None
    try:
        dt, weak = join_nodes([xn, yn], "where")
    except Exception:  # noqa: BLE001 - the general path raises weaknp's error
        return None
    if weak:
        return None
    casts, passes = [], []
    for n, other in ((xn, yn), (yn, xn)):
        if n in WEAK_NODES:
            t = int if n == Node.weak_int else float if n == Node.weak_float else None
            types, lo, hi = entries.fast_scalar_check(dt)
            if t not in types or NODE_DTYPE[other] != dt or \
                    np.where(_NO_ELEMENT, np.empty(0, dt), t(0)).dtype != dt:
                return None
            casts.append(None)
            passes.append((frozenset({t}), lo, hi))
            continue
        src = NODE_DTYPE[n]
        if src != dt and src == dtypes.bool_:
            return None   # strong_values checks True against int1
        casts.append(None if src == dt else dt)
        passes.append((frozenset(), 1, 0))
    return (_np_where, None, casts[0], casts[1], None, STRONG_NODE[dt], False, passes[0],
            passes[1])


_NO_ELEMENT = np.empty(0, dtypes.bool_)
#: NumPy's where without its ``__array_function__`` dispatch (NEP 18's ``_implementation``;
#: the entries pass it ndarrays and Python scalars only, which that dispatch hands to it)
_np_where = getattr(np.where, "_implementation", np.where)
_WHERE = CallCore("where", len(Node) * len(Node), _where_spec, _where)
