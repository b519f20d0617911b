"""The 67 elementwise functions of the Array API, generated from the op table.

Every function is positional-only and accepts a Python scalar for any argument (binary
functions need at least one array, as the standard says; unary ones also take a scalar,
as ``jax.numpy`` does).  Output dtype and weak flag follow the op table's result rule:

* arithmetic keeps the join's weak flag (``int8_array + 1`` is strong int8,
  ``int8_array + 1.5`` is a weak float64);
* the inexact rule maps integer/bool joins to float (``sqrt(int8)`` is float32);
* comparisons and predicates return strong bool (JAX sometimes leaks a weak flag there).
"""

from __future__ import annotations

import operator

import numpy as np

from . import _dtypes as D
from . import _kernel as K
from ._array import operand, wrap, wrap_node
from ._ops import OPS

__all__ = [op.name for op in OPS] + ["clip"]

#: (not exported) ``make_function(op)``: the public function for an op-table row; the
#: NumPy-compatible module builds NumPy's extra ufuncs with it.


def _bad_operand(name: str, x) -> TypeError:
    return TypeError(f"{name}: expected an array or a Python scalar, got "
                     f"{type(x).__name__}; convert it with weaknp.asarray() first")


def _doc(op, example: str) -> str:
    return f"""{op.summary}

Parameters
----------
{"x : Array or Python scalar" if op.arity == 1 else "x1, x2 : Array or Python scalar"}

Returns
-------
Array
    Dtype by the ``{op.rule}`` rule of weaknp's op table; see the module docstring of
    ``weaknp._ops``.
{example}"""


def _unary_function(op):
    unary = K.unary_runner(op)

    def function(x, /):
        o = operand(x)
        if o is None:
            raise _bad_operand(op.name, x)
        r, n = unary(o[0], o[1])
        return wrap_node(r, n)

    function.__name__ = function.__qualname__ = op.name
    function.__doc__ = _doc(op, "")
    function.__module__ = "weaknp"
    return function


def _binary_function(op):
    binary = K.binary_runner(op)

    def function(x1, x2, /):
        a = operand(x1)
        if a is None:
            raise _bad_operand(op.name, x1)
        b = operand(x2)
        if b is None:
            raise _bad_operand(op.name, x2)
        r, n = binary(a[0], a[1], b[0], b[1])
        return wrap_node(r, n)

    function.__name__ = function.__qualname__ = op.name
    function.__doc__ = _doc(op, "")
    function.__module__ = "weaknp"
    return function


def make_function(op):
    """The positional-only public function for op-table row ``op``."""
    return (_unary_function if op.arity == 1 else _binary_function)(op)


_FUNCTIONS = {op.name: make_function(op) for op in OPS}

# Explicit names (a reader and a linter can see every function this module defines).
(abs, acos, acosh, add, asin, asinh, atan, atan2, atanh, bitwise_and, bitwise_left_shift,
 bitwise_invert, bitwise_or, bitwise_right_shift, bitwise_xor, ceil, conj, copysign, cos,
 cosh, divide, equal, exp, expm1, floor, floor_divide, greater, greater_equal, hypot, imag,
 isfinite, isinf, isnan, less, less_equal, log, log1p, log2, log10, logaddexp, logical_and,
 logical_not, logical_or, logical_xor, maximum, minimum, multiply, negative, nextafter,
 not_equal, positive, pow, real, reciprocal, remainder, _round0, sign, signbit, sin, sinh,
 square, sqrt, subtract, tan, tanh, trunc) = (_FUNCTIONS[op.name] for op in OPS)


def round(x, /, decimals=0):
    """Round to the given number of decimals (half to even), elementwise.

    ``decimals`` is NumPy's extension of the standard's ``round(x)``; a negative value
    rounds to tens, hundreds, ...  The dtype and weak flag are those of ``x`` (integers
    stay integers, as in NumPy and JAX).
    """
    if decimals == 0:
        return _round0(x)
    o = operand(x)
    if o is None:
        raise _bad_operand("round", x)
    decimals = _index(decimals, "round", "decimals")
    base = _round0(x)  # dtype, weak flag and kind check of the standard's round
    dt = base._data.dtype
    if dt.kind in "iu" and decimals >= 0:
        return base
    d = K.as_ndarray(o[0], dt, "round")
    work = K.cast(d, D.float32) if dt in D.ML_DTYPES else d
    return wrap(K.cast(np.round(work, decimals), dt), base.weak_type)


def _index(v, function, name):
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError(f"{function}: {name} must be an integer, got "
                        f"{type(v).__name__}") from None

add.__doc__ = add.__doc__ + """
Examples
--------
>>> import weaknp as wnp
>>> x = wnp.asarray([1, 2], dtype=wnp.int8)
>>> wnp.add(x, 2)          # the Python int is weak: the result stays int8
Array([3, 4], dtype=int8)
>>> wnp.add(x, 1.5)        # a float joins int8 at the weak float node
Array([2.5, 3.5], dtype=float64, weak_type=True)
"""


# Hand-written: clip has three operands and keyword bounds.
def clip(x, /, min=None, max=None):
    """Clamp each element of ``x`` to ``[min, max]``.

    Promotion
    ---------
    The result dtype is the join of ``x``, ``min`` and ``max`` (``None`` bounds are left
    out): ``clip(int8_array, 0, 10)`` is int8, ``clip(int8_array, 0.5, 1.5)`` is a weak
    float64.  A Python int bound beyond an integer dtype's range clips nothing on that side.

    Examples
    --------
    >>> import weaknp as wnp
    >>> wnp.clip(wnp.asarray([1, 5, 9], dtype=wnp.int8), 2, 1000)
    Array([2, 5, 9], dtype=int8)
    """
    xo = operand(x)
    if xo is None:
        raise _bad_operand("clip", x)
    lo = (None, None) if min is None else operand(min)
    hi = (None, None) if max is None else operand(max)
    if lo is None:
        raise _bad_operand("clip", min)
    if hi is None:
        raise _bad_operand("clip", max)
    r, w = K.clip(xo[0], xo[1], lo[0], lo[1], hi[0], hi[1])
    return wrap(r, w)
