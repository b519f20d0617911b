"""Linear algebra functions of the Array API: matmul, matrix_transpose, tensordot, vecdot.

Promotion: the join of the two operands (no widening of small integers: ``int8 @ int8`` is
int8, as in JAX); the weak flag is the join's.  ``matrix_transpose`` keeps dtype and flag.
"""

from __future__ import annotations

import operator

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import kernel
from .._core import narrow
from .._core.narrow import product_operand, rounded
from .._array.array import Array
from .._fast.dispatch import operand, wrap
from .._array.operands import array_likes, data_of, moved
from .._fast.calls import moving

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]


def _two(function, x1, x2):
    # array-likes as NumPy takes them (a list is a strong array, as asarray)
    return tuple(operand(v) if isinstance(v, Array) else operand(wrap(*data_of(v, function)))
                 for v in (x1, x2))


def matmul(x1, x2, /):
    """Matrix product (``@``) in the joined dtype.

    Examples
    --------
    >>> a = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8)
    >>> wnp.matmul(a, wnp.asarray([[1], [1]], dtype=wnp.int8))
    Array([[3],
           [7]], dtype=int8)
    >>> wnp.matmul(a, wnp.asarray([[1], [1]], dtype=wnp.uint8))
    Array([[3],
           [7]], dtype=int16)
    >>> wnp.matmul(wnp.asarray([[1, 2]], dtype=wnp.float32), wnp.full((2, 1), 2))
    Array([[6.]], dtype=float32)
    """
    (a, an), (b, bn) = _two("matmul", x1, x2)
    r, w = kernel.matmul(a, an, b, bn, "matmul")
    return wrap(r, w)


def matrix_transpose(x, /):
    """Transpose the last two axes.

    Examples
    --------
    >>> wnp.matrix_transpose(wnp.asarray([[1, 2, 3]], dtype=wnp.int8))
    Array([[1],
           [2],
           [3]], dtype=int8)
    >>> wnp.matrix_transpose(wnp.full((1, 2), 1.5))
    Array([[1.5],
           [1.5]], dtype=float64, weak_type=True)
    >>> wnp.matrix_transpose(wnp.zeros((5, 2, 3))).shape
    (5, 3, 2)
    """
    d, w = data_of(x, "matrix_transpose")
    if d.ndim < 2:
        raise ValueError(f"matrix_transpose: needs at least 2 dimensions, got {d.ndim}")
    return moved(x, np.swapaxes(d, -1, -2), w)


# its common call in the compiled core: ``ndarray.swapaxes(-1, -2)`` (``_fast.calls.Moving``)
matrix_transpose = moving(operator.methodcaller("swapaxes", -1, -2), matrix_transpose, 0)


def tensordot(a, b, axes=2):
    """Sum products over the given axes, in the joined dtype.

    Examples
    --------
    >>> x = wnp.asarray([1, 2], dtype=wnp.int8)
    >>> wnp.tensordot(x, wnp.asarray([3, 4], dtype=wnp.int16), axes=1)
    Array(11, dtype=int16)
    >>> wnp.tensordot(x, wnp.asarray([3, 4], dtype=wnp.uint8), axes=0)
    Array([[3, 4],
           [6, 8]], dtype=int16)
    """
    (a, b), dt, weak = array_likes("tensordot", [a, b])
    try:
        r = np.tensordot(product_operand(dtype_rules.cast(a, dt), dt),
                         product_operand(dtype_rules.cast(b, dt), dt), axes=axes)
    except (IndexError, ValueError) as e:
        raise ValueError(f"tensordot: axes={axes!r} do not fit shapes {a.shape} and "
                         f"{b.shape} ({e})") from None
    return wrap(rounded(np.asarray(r), dt), weak)


def vecdot(x1, x2, /, *, axis=-1):
    """Dot product of vectors along ``axis`` (complex: the first operand is conjugated).

    Examples
    --------
    >>> m = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8)
    >>> wnp.vecdot(m, wnp.asarray([1, 1], dtype=wnp.uint8), axis=0)
    Array([4, 6], dtype=int16)
    >>> z = wnp.asarray([1j, 1], dtype=wnp.complex64)
    >>> wnp.vecdot(z, z)
    Array(2.+0.j, dtype=complex64)
    """
    (a, b), dt, weak = array_likes("vecdot", [x1, x2])
    for d in (a, b):
        if not -d.ndim <= axis < d.ndim:
            raise np.exceptions.AxisError(
                f"vecdot: axis {axis} is out of bounds for an operand of dimension {d.ndim}; "
                f"pass an axis both operands have (counted from the end: -1, -2, ...)")
    if a.shape[axis] != b.shape[axis]:
        raise ValueError(f"vecdot: sizes {a.shape[axis]} and {b.shape[axis]} along axis "
                         f"{axis} differ")
    a, b = dtype_rules.cast(a, dt), dtype_rules.cast(b, dt)
    if dt in narrow.NARROW and axis in (-1, max(a.ndim, b.ndim) - 1):
        # einsum's float32 sums over the narrow input (no float32 copies): the same bits
        r = narrow.vecdot(a, b)
        if r is not None:
            return wrap(rounded(r, dt), weak)
    a, b = product_operand(a, dt), product_operand(b, dt)
    if dt in dtypes.BOOL or (dt not in narrow.NARROW and dt in dtypes.INEXACT):
        # NumPy's vecdot loop: any(x1 & x2) for bool (einsum's bool loop is ~500x), and
        # for float32/64 and complex its dot per row (BLAS sdot/ddot/cdotc): NumPy's
        # bits at NumPy's speed (decision 89; einsum's sum was 2-4x, complex 9-12x)
        return wrap(rounded(np.asarray(np.vecdot(a, b, axis=axis)), dt), weak)
    # integers: exact either way, einsum's loop is 2-9x NumPy's vecdot loop; narrow
    # floats: einsum's order, as their compiled sum above (decision 84).  Each operand's
    # own axis moved last, as NumPy's vecdot reads it; einsum broadcasts the rest.
    a, b = np.moveaxis(a, axis, -1), np.moveaxis(b, axis, -1)
    r = np.einsum("...i,...i->...", a, b)
    return wrap(rounded(np.asarray(r), dt), weak)
