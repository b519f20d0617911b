"""NumPy's stacking, splitting and axis-wise application (``numpy._core.shape_base`` and
``numpy/lib/_shape_base_impl.py``), with ``kron`` and ``pad`` (``_arraypad_impl``).

Dtypes and weak flags (as ``jax.numpy``)
----------------------------------------
* Joining functions (``hstack``, ``vstack``, ``dstack``, ``column_stack``, ``block``,
  ``row_stack``) take the lattice join of all their inputs: weak only when the join is
  weak; Python scalars are weak; lists are strong (as ``asarray``).  ``dtype=`` gives a
  strong result of that dtype.  ``kron`` joins its two operands, like ``@``.
* Data movement keeps the dtype and the weak flag of its input (``atleast_2d``,
  ``split``, ``pad``, ...).
* ``pad``'s ``constant_values`` and ``put_along_axis``'s values follow ``__setitem__``'s
  rule (``OverflowError`` for an out-of-range Python int, ``TypeError`` across kinds).
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core.dtype_rules import native_dtype
from .._fast.dispatch import wrap
from .._array.array import Array
from .._array.convert import to_array
from .._array.operands import raw as _raw
from .._array.operands import array_likes, data_of, moved, public
from .._array.stored import stored_value
from .multiarray import (
    data_movement, join_arrays, joined_product, stored_into, written_buffer,
)

__all__ = [
    "put_along_axis", "split", "array_split", "hsplit", "vsplit", "dsplit", "atleast_1d",
    "atleast_2d", "atleast_3d", "pad", "hstack", "vstack", "row_stack", "dstack",
    "column_stack", "block", "apply_along_axis", "apply_over_axes", "kron",
]


def put_along_axis(arr, indices, values, axis):
    """Write ``values`` at ``indices`` along ``axis`` in place (values checked)."""
    d, node = written_buffer("put_along_axis", arr)
    np.put_along_axis(d, data_of(indices, "put_along_axis")[0],
                      stored_value("put_along_axis", d, node, values, lists=True), axis)


split = data_movement(np.split, "Split into equal sub-arrays (a list).")
array_split = data_movement(np.array_split, "Split into sub-arrays of nearly equal size.")
hsplit = data_movement(np.hsplit, "Split horizontally (column-wise).")
vsplit = data_movement(np.vsplit, "Split vertically (row-wise).")
dsplit = data_movement(np.dsplit, "Split along the third axis.")


def _atleast(np_fn, name):
    k = int(name[-2])
    implementation = np_fn._implementation   # NumPy's, without __array_function__ dispatch

    def function(*arys):
        out = []
        for a in arys:
            if isinstance(a, Array) and a._data.ndim >= k:
                out.append(a)
            else:
                d, w = data_of(a, name)
                out.append(moved(a, implementation(d), w))
        return out[0] if len(out) == 1 else tuple(out)

    return public(function, name, (f"View inputs as arrays with at least {name[-2]} dimensions "
                        f"(same dtype and weak flag); a tuple for several inputs."))


atleast_1d = _atleast(np.atleast_1d, "atleast_1d")
atleast_2d = _atleast(np.atleast_2d, "atleast_2d")
atleast_3d = _atleast(np.atleast_3d, "atleast_3d")


def pad(array, pad_width, mode="constant", **kwargs):
    """Pad an array (every NumPy mode).  Dtype and weak flag: those of ``array``.

    ``constant_values``/``end_values`` must fit the dtype, as for ``x[i] = v``.
    """
    d, w = data_of(array, "pad")
    for key in ("constant_values", "end_values"):
        if key in kwargs and not callable(mode):
            vals = kwargs[key]
            flat = vals if isinstance(vals, (tuple, list)) else [vals]
            for v in np.ravel(np.asarray(_raw(flat), dtype=object)):
                stored_into("pad", d, w, v.item() if isinstance(v, np.generic) else v)
            kwargs[key] = _raw(vals)
    work = dtype_rules.cast(d, native_dtype(d.dtype))
    r = np.pad(work, _raw(pad_width), mode, **kwargs)
    return wrap(dtype_rules.cast(r, d.dtype) if r.dtype != d.dtype else r, w)


def _stacker(np_fn, name, doc):
    def function(tup, *, dtype=None, casting="same_kind"):
        datas, weak = join_arrays(name, tup, dtype)
        return wrap(np_fn(datas), weak)

    return public(function, name, doc + "\n\nPromotion: the lattice join of all inputs.")


hstack = _stacker(np.hstack, "hstack", "Stack arrays in sequence horizontally (column-wise).")
vstack = _stacker(np.vstack, "vstack", "Stack arrays in sequence vertically (row-wise).")


def row_stack(tup, *, dtype=None, casting="same_kind"):
    """Deprecated NumPy alias of ``vstack`` (kept for old scripts; use ``vstack``)."""
    return vstack(tup, dtype=dtype, casting=casting)


def dstack(tup):
    """Stack arrays along the third axis.  Promotion: the lattice join of all inputs."""
    datas, weak = join_arrays("dstack", tup, None)
    return wrap(np.dstack(datas), weak)


def column_stack(tup):
    """Stack 1-D arrays as columns of a 2-D array.  Promotion: the lattice join."""
    datas, weak = join_arrays("column_stack", tup, None)
    return wrap(np.column_stack(datas), weak)


def block(arrays):
    """Assemble an array from nested lists of blocks.  Promotion: the lattice join."""
    leaves = []

    def collect(x):
        if isinstance(x, list):
            for y in x:
                collect(y)
        else:
            leaves.append(x)

    collect(arrays)
    if not leaves:
        raise ValueError("block: needs at least one array")
    datas, dt, weak = array_likes("block", leaves)
    it = iter(datas)

    def rebuild(x):
        return [rebuild(y) for y in x] if isinstance(x, list) else next(it)

    return wrap(np.block(rebuild(arrays)), weak)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """Apply ``func1d`` to the 1-D slices of ``arr`` along ``axis``.

    ``func1d`` receives weaknp arrays (with ``arr``'s weak flag); the results are stacked
    with the lattice join of their dtypes.
    """
    d, w = data_of(arr, "apply_along_axis")
    if d.ndim == 0:
        raise ValueError("apply_along_axis: arr must have at least one dimension")
    axis = axis % d.ndim if -d.ndim <= axis < d.ndim else None
    if axis is None:
        raise IndexError(f"apply_along_axis: axis out of bounds for {d.ndim} dimensions")
    moved = np.moveaxis(d, axis, -1)
    outer = moved.shape[:-1]
    results = [func1d(wrap(moved[idx], w), *args, **kwargs) for idx in np.ndindex(outer)]
    if not results:
        raise ValueError("apply_along_axis: cannot apply to an empty outer shape")
    datas, dt, weak = array_likes("apply_along_axis", results)
    stacked = np.stack(datas).reshape(outer + datas[0].shape)
    # the function's result axes go where ``axis`` was, as in NumPy
    nres = datas[0].ndim
    order = list(range(len(outer)))
    res_axes = list(range(len(outer), len(outer) + nres))
    perm = order[:axis] + res_axes + order[axis:]
    return wrap(np.transpose(stacked, perm) if nres else stacked, weak)


def apply_over_axes(func, a, axes):
    """Apply ``func(a, axis)`` repeatedly over ``axes``, keeping the dimensions."""
    x = a if isinstance(a, Array) else to_array(a, function="apply_over_axes")
    for axis in np.atleast_1d(np.asarray(_raw(axes))).tolist():
        ax = axis % x.ndim
        r = func(x, ax)
        r = r if isinstance(r, Array) else to_array(r, function="apply_over_axes")
        if r.ndim == x.ndim:
            x = r
        elif r.ndim == x.ndim - 1:
            x = wrap(np.expand_dims(r._data, ax), r.weak_type)
        else:
            raise ValueError("apply_over_axes: function is not returning an array of the "
                             "correct shape")
    return x


kron = joined_product("kron", np.kron, "Kronecker product.")
