"""Manipulation functions of the Array API (reshaping, joining, reordering).

Weak flag: data movement keeps it (``reshape``, ``flip``, ``roll``, ``squeeze``,
``expand_dims``, ``permute_dims``, ``moveaxis``, ``broadcast_to``, ``tile``, ``repeat``,
``unstack``); ``concat``/``stack`` take the join of all their arrays (weak only when the join
is weak), as ``jnp.concatenate``/``jnp.stack`` do.
"""

from __future__ import annotations

import operator

import numpy as np

from .._core import dtype_rules
from .._array.array import Array
from .._fast.calls import moving
from .._fast.dispatch import reshape_call, set_reshape_general, wrap
from .._core.errors import numpy_error
from .._array.interop import masked_function
from .._array.operands import array_likes, data_of, moved, promote, raw
from .._core.promotion import resolve_dtype
from .._core import arguments
from .._core.arguments import axes, one_axis
from .._array.stored import deliver

_nd = np.ndarray
_BROADCAST_ARRAYS = np.broadcast_arrays._implementation

__all__ = ["broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims",
           "flip", "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack",
           "tile", "unstack"]


def _sequence(arrays):
    """The arrays of ``concat``/``stack`` as a list (an Array: its rows)."""
    return arrays if type(arrays) is list else list(arrays)


def _masked(function, name, arrays, out, dtype):
    """``weaknp.ma.<name>`` when one of ``arrays`` is a masked array (it keeps the masks,
    where NumPy's ``concatenate`` drops them: decision 80), else None."""
    if all(type(a) is Array for a in arrays):
        return None
    masked = masked_function(name, arrays)
    if masked is not None and (out is not None or dtype is not None):
        raise TypeError(f"{function}: masked arrays join with weaknp.ma.{name}, which takes "
                        f"no out= or dtype=; call it, then astype() the result")
    return masked


def _joined(function, arrays, dtype):
    """The arrays of ``concat``/``stack`` (array-likes) at their join, or at ``dtype=``
    (then strong): ``(ndarrays, weak)``."""
    arrays = _sequence(arrays)
    if not arrays:
        raise ValueError(f"{function}: need at least one array to join")
    if dtype is None and all(type(a) is Array for a in arrays):  # the common call
        datas, _, weak = promote(function, arrays)
        return datas, weak
    datas, _, weak = array_likes(function, arrays)
    target = resolve_dtype(dtype, function)
    if target is not None:
        datas, weak = [dtype_rules.cast(x, target) for x in datas], False
    return datas, weak


def broadcast_arrays(*arrays):
    """Broadcast arrays against each other (each keeps its dtype and weak flag).

    Examples
    --------
    >>> a, b = wnp.broadcast_arrays(wnp.asarray([1, 2], dtype=wnp.int8), wnp.asarray(3))
    >>> a
    Array([1, 2], dtype=int8)
    >>> b
    Array([3, 3], dtype=int64, weak_type=True)
    """
    datas = [_broadcast_operand(a) for a in arrays]
    try:
        # NumPy's implementation: its __array_function__ dispatch has nothing to find here
        out = _BROADCAST_ARRAYS(*[d for d, _ in datas])
    except ValueError:
        raise ValueError(f"broadcast_arrays: shapes {', '.join(str(d.shape) for d, _ in datas)}"
                         f" do not broadcast (shape mismatch: objects cannot be broadcast to a "
                         f"single shape; each axis must match or be 1); reshape or "
                         f"expand_dims the arrays first") from None
    result = []
    for a, o, (_, w) in zip(arrays, out, datas):
        result.append(o if w is None else moved(a, o, w))
    return tuple(result)


def _broadcast_operand(a):
    """``(ndarray, weak)`` for a numeric operand; ``(ndarray, None)`` for a non-numeric one
    (``None``, strings, objects), which ``broadcast_arrays`` hands back as a NumPy array:
    broadcasting changes no value and promotes nothing, so NumPy's object and string
    dtypes may ride along (matplotlib's ``bar`` broadcasts ``hatch=None`` beside the
    data)."""
    if isinstance(a, (str, bytes)):   # a Python string rides along as NumPy's (hatch='/')
        return np.asarray(a), None
    try:
        return data_of(a, "broadcast_arrays")
    except TypeError:
        if isinstance(a, Array):
            raise
        d = np.asarray(a)
        if d.dtype.kind not in "OSUV":
            raise
        return d, None


def broadcast_shapes(*shapes):
    """The shape that ``shapes`` broadcast to (ValueError when they do not).

    Examples
    --------
    >>> wnp.broadcast_shapes((2, 1), (3,))
    (2, 3)
    """
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError as e:
        raise ValueError(f"broadcast_shapes: {e}") from None


def broadcast_to(array, shape, subok=False):
    """Broadcast ``x`` to ``shape`` (a read-only view, as in NumPy).

    Examples
    --------
    >>> wnp.broadcast_to(wnp.asarray([1, 2], dtype=wnp.int8), (2, 2))
    Array([[1, 2],
           [1, 2]], dtype=int8)
    >>> wnp.broadcast_to(wnp.asarray(1.5), (2,))
    Array([1.5, 1.5], dtype=float64, weak_type=True)
    """
    d, w = data_of(array, "broadcast_to")
    try:
        return moved(array, np.broadcast_to(d, shape), w)
    except ValueError as e:
        raise ValueError(f"broadcast_to: cannot broadcast shape {d.shape} to {shape}; each "
                         f"axis of the array (aligned from the right) must equal the "
                         f"target's or be 1") from e


# The common call of each data-movement function below is its NumPy function on the Array's
# ndarray, in the compiled core (``_fast.calls.Moving``): NumPy's implementation without its
# ``__array_function__`` dispatch, or the ndarray method (squeeze, permute_dims); it gives
# what the Python body gives wherever it succeeds (the body checks, then calls the same).
broadcast_to = moving(np.broadcast_to._implementation, broadcast_to)


def concat(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join arrays along an existing axis (``axis=None`` flattens first).

    Promotion: the join of all the arrays' dtypes and flags.

    Examples
    --------
    >>> x = wnp.asarray([1], dtype=wnp.int8)
    >>> wnp.concat([x, wnp.asarray([2], dtype=wnp.uint8)])
    Array([1, 2], dtype=int16)
    >>> wnp.concat([x, wnp.full(1, 2)])
    Array([1, 2], dtype=int8)
    >>> wnp.concat([wnp.asarray([[1, 2]], dtype=wnp.int8), x], axis=None)
    Array([1, 2, 1], dtype=int8)
    """
    arrays = _sequence(arrays)
    masked = _masked("concat", "concatenate", arrays, out, dtype)
    if masked is not None:
        return masked(arrays, axis)
    datas, weak = _joined("concat", arrays, dtype)
    if axis is None:
        datas = [d.reshape(-1) for d in datas]
        return deliver(wrap(np.concatenate(datas), weak), out, "concat")
    if any(d.ndim == 0 for d in datas):
        raise ValueError("concat: zero-dimensional arrays cannot be concatenated; use "
                         "wnp.stack for scalars, or reshape them to 1-D first")
    try:
        r = np.concatenate(datas, axis=axis)
    except ValueError as e:   # AxisError included
        raise numpy_error("concat", e, "pass an axis every array has, with the same sizes "
                          "along the other axes") from None
    return deliver(wrap(r, weak), out, "concat")


def expand_dims(a, axis):
    """Insert new axes of size 1 at ``axis`` (an int or a tuple of ints).

    Examples
    --------
    >>> wnp.expand_dims(wnp.asarray([1, 2], dtype=wnp.int8), axis=0)
    Array([[1, 2]], dtype=int8)
    >>> wnp.expand_dims(wnp.asarray(1.5), axis=(0, 1))
    Array([[1.5]], dtype=float64, weak_type=True)
    """
    d, w = data_of(a, "expand_dims")
    n = d.ndim + len(axis if isinstance(axis, tuple) else (axis,))
    axes(axis, n, "expand_dims")
    return moved(a, np.expand_dims(d, axis), w)


expand_dims = moving(np.expand_dims._implementation, expand_dims)


def flip(m, axis=None):
    """Reverse the order of elements along ``axis`` (all axes when None).

    Examples
    --------
    >>> wnp.flip(wnp.asarray([1, 2, 3], dtype=wnp.uint8))
    Array([3, 2, 1], dtype=uint8)
    >>> wnp.flip(wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8), axis=1)
    Array([[2, 1],
           [4, 3]], dtype=int8)
    """
    d, w = data_of(m, "flip")
    if axis is not None:
        axis = axes(axis, d.ndim, "flip")
    return moved(m, np.flip(d, axis=axis), w)


flip = moving(np.flip._implementation, flip)


def moveaxis(a, source, destination):
    """Move axes to new positions.

    Examples
    --------
    >>> wnp.moveaxis(wnp.zeros((2, 3, 4), dtype=wnp.int8), 0, -1).shape
    (3, 4, 2)
    >>> wnp.moveaxis(wnp.asarray([[1, 2]], dtype=wnp.int16), 0, 1)
    Array([[1],
           [2]], dtype=int16)
    """
    d, w = data_of(a, "moveaxis")
    try:
        return moved(a, np.moveaxis(d, source, destination), w)
    except ValueError as e:   # AxisError included
        raise numpy_error("moveaxis", e, f"pass axes in -{d.ndim}..{d.ndim - 1}, each once "
                          f"and as many sources as destinations") from None


moveaxis = moving(np.moveaxis._implementation, moveaxis)


def permute_dims(a, axes=None):
    """Permute the axes (negative axes allowed).

    Examples
    --------
    >>> wnp.permute_dims(wnp.asarray([[1, 2, 3]], dtype=wnp.int8), (1, 0))
    Array([[1],
           [2],
           [3]], dtype=int8)
    >>> wnp.permute_dims(wnp.zeros((2, 3, 4)), (2, 0, -2)).shape
    (4, 2, 3)
    """
    d, w = data_of(a, "permute_dims")
    axes = tuple(range(d.ndim))[::-1] if axes is None else tuple(axes)
    if len(axes) != d.ndim:
        raise ValueError(f"permute_dims: axes {axes} do not match an array of {d.ndim} dims")
    return moved(a, np.transpose(d, arguments.axes(axes, d.ndim, "permute_dims") if axes
                                else ()), w)


# an int axis is the method's (for 1-d) but permute_dims's TypeError: tuples only
permute_dims = moving(_nd.transpose, permute_dims, 1, tuples=True)


def repeat(a, repeats, axis=None):
    """Repeat each element ``repeats`` times (an int or an integer array).

    Examples
    --------
    >>> x = wnp.asarray([1, 2], dtype=wnp.int8)
    >>> wnp.repeat(x, 2)
    Array([1, 1, 2, 2], dtype=int8)
    >>> wnp.repeat(x, wnp.asarray([1, 3]))
    Array([1, 2, 2, 2], dtype=int8)
    >>> wnp.repeat(wnp.full(2, 1.5), 2)
    Array([1.5, 1.5, 1.5, 1.5], dtype=float64, weak_type=True)
    """
    d, w = data_of(a, "repeat")
    if not isinstance(repeats, int):
        repeats = data_of(repeats, "repeat")[0]
    if axis is None:
        d = d.reshape(-1)
        axis = 0
    try:
        return wrap(np.repeat(d, repeats, axis=axis), w)
    except ValueError as e:   # AxisError included
        raise numpy_error("repeat", e, "pass counts >= 0 (one, or one per element along "
                          "axis) and an existing axis") from None


def reshape(a, /, shape=None, order="C", *, newshape=None, copy=None):
    """Give ``x`` a new shape; ``copy=False`` raises when a copy would be needed.

    Examples
    --------
    >>> wnp.reshape(wnp.asarray([1, 2, 3, 4], dtype=wnp.int8), (2, 2))
    Array([[1, 2],
           [3, 4]], dtype=int8)
    >>> wnp.reshape(wnp.full(4, 1.5), (2, -1))
    Array([[1.5, 1.5],
           [1.5, 1.5]], dtype=float64, weak_type=True)
    """
    if newshape is None:
        # the dispatch core: an Array with a tuple or int shape is one ndarray.reshape there
        return reshape_call(a, shape, order, copy)
    if shape is None:
        shape = newshape  # NumPy's deprecated spelling
    return _reshape(a, shape, order, copy)


def _reshape(a, shape, order, copy):
    """``reshape``'s general path (every call ``reshape_call`` does not finish)."""
    d, w = data_of(a, "reshape")
    if shape is None:
        raise TypeError("reshape: pass the new shape (shape=)")
    if type(shape) is not tuple:
        shape = (operator.index(shape),) if hasattr(shape, "__index__") else tuple(shape)
    # ndarray.reshape, not np.reshape: the same C code without NumPy's Python wrapper and
    # its __array_function__ dispatch (about half of this function's time at shape (100,))
    if order not in ("C", "A"):
        if order not in ("F", "K") or copy is False:
            raise ValueError(f"reshape: order must be 'C', 'F' or 'A', got {order!r}")
        return moved(a, d.reshape(shape, order="F"), w)
    if copy is True:
        return wrap(d.reshape(shape).copy(), w)
    if copy is False:
        try:
            return moved(a, np.reshape(d, shape, copy=False), w)
        except ValueError as e:
            raise ValueError(f"reshape: copy=False but the new shape {shape} needs a copy of "
                             f"this memory layout ({e})") from None
    try:
        return moved(a, d.reshape(shape), w)
    except ValueError as e:
        raise numpy_error("reshape", e, f"the new shape must hold the {d.size} elements "
                          f"exactly, with at most one -1 for an inferred size") from None


set_reshape_general(_reshape)


def roll(a, shift, axis=None):
    """Roll elements along ``axis`` (flattened when None).

    Examples
    --------
    >>> wnp.roll(wnp.asarray([1, 2, 3], dtype=wnp.int8), 1)
    Array([3, 1, 2], dtype=int8)
    >>> wnp.roll(wnp.asarray([[1, 2], [3, 4]], dtype=wnp.uint16), -1, axis=1)
    Array([[2, 1],
           [4, 3]], dtype=uint16)
    """
    d, w = data_of(a, "roll")
    return wrap(np.roll(d, shift, axis=axis), w)


def squeeze(a, axis=None):
    """Remove axes of size 1 named by ``axis`` (ValueError if one is not of size 1).

    Examples
    --------
    >>> wnp.squeeze(wnp.asarray([[1, 2]], dtype=wnp.int8), axis=0)
    Array([1, 2], dtype=int8)
    >>> wnp.squeeze(wnp.full((1, 1), 2.5), axis=(0, 1))
    Array(2.5, dtype=float64, weak_type=True)
    """
    d, w = data_of(a, "squeeze")
    if axis is None:  # NumPy's default: every axis of size 1
        return moved(a, np.squeeze(d), w)
    ax = axes(axis, d.ndim, "squeeze")
    for i in ax:
        if d.shape[i] != 1:
            raise ValueError(f"squeeze: axis {i} has size {d.shape[i]}, not 1")
    return moved(a, np.squeeze(d, axis=ax), w)


# the axis of size 1 only: ndarray.squeeze(0) of a 0-d array is squeeze's AxisError
squeeze = moving(_nd.squeeze, squeeze, 0)


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join arrays along a new axis.  Promotion: the join of all arrays.

    Examples
    --------
    >>> wnp.stack([wnp.asarray([1, 2], dtype=wnp.int8), wnp.asarray([3, 4], dtype=wnp.uint8)])
    Array([[1, 2],
           [3, 4]], dtype=int16)
    >>> wnp.stack([wnp.asarray(1, dtype=wnp.int8), wnp.asarray(2)])
    Array([1, 2], dtype=int8)
    >>> wnp.stack([wnp.asarray(1.0), wnp.asarray(2)])
    Array([1., 2.], dtype=float64, weak_type=True)
    """
    arrays = _sequence(arrays)
    masked = _masked("stack", "stack", arrays, out, dtype)
    if masked is not None:
        return masked(arrays, axis)
    datas, weak = _joined("stack", arrays, dtype)
    try:
        r = np.stack(datas, axis=axis)
    except ValueError as e:   # AxisError included
        shapes = sorted({d.shape for d in datas}, key=str)
        if len(shapes) > 1:
            raise ValueError(f"stack: all arrays must have the same shape, got "
                             f"{' and '.join(map(str, shapes))}; reshape or pad them first, "
                             f"or join along an existing axis with concat") from None
        raise numpy_error("stack", e, f"pass an axis in -{datas[0].ndim + 1}.."
                          f"{datas[0].ndim}") from None
    return deliver(wrap(r, weak), out, "stack")


def tile(A, reps):
    """Construct an array by repeating ``x`` the number of times given by ``repetitions``.

    Examples
    --------
    >>> wnp.tile(wnp.asarray([1, 2], dtype=wnp.int8), (2,))
    Array([1, 2, 1, 2], dtype=int8)
    >>> wnp.tile(wnp.asarray([1, 2], dtype=wnp.int8), (2, 1))
    Array([[1, 2],
           [1, 2]], dtype=int8)
    """
    d, w = data_of(A, "tile")
    try:
        return wrap(np.tile(d, raw(reps)), w)
    except ValueError as e:
        raise numpy_error("tile", e, "pass repetition counts >= 0") from None


def unstack(x, /, *, axis=0):
    """Split ``x`` into a tuple of arrays along ``axis``.

    Examples
    --------
    >>> x = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8)
    >>> wnp.unstack(x)
    (Array([1, 2], dtype=int8), Array([3, 4], dtype=int8))
    >>> wnp.unstack(x, axis=1)
    (Array([1, 3], dtype=int8), Array([2, 4], dtype=int8))
    """
    d, w = data_of(x, "unstack")
    if d.ndim == 0:
        raise ValueError("unstack: needs at least one dimension")
    ax = one_axis(axis, d.ndim, "unstack")
    return moved(x, tuple(np.moveaxis(d, ax, 0)), w)   # views, as NumPy's x[i]
