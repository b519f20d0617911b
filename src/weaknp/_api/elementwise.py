"""The 67 elementwise functions of the Array API, generated from the op table.

Every function is positional-only and accepts a Python scalar for any argument.  Two
Python scalars work too, as in ``jax.numpy`` (the standard asks for at least one array
and leaves the rest unspecified): ``divide(1, 2)`` is a weak float64 0-d array, the
join of the two weak nodes.  Output dtype and weak flag follow the op table's result rule:

* arithmetic keeps the join's weak flag (``int8_array + 1`` is strong int8,
  ``int8_array + 1.5`` is a weak float64);
* the inexact rule maps integer/bool joins to float (``sqrt(int8)`` is float32);
* comparisons and predicates return strong bool (JAX sometimes leaks a weak flag there).
"""

from __future__ import annotations

import builtins
import functools
import inspect
import operator
import textwrap

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import entries
from .._core import kernel
from .._core import plans
from .._core import scalars
from .._array.operands import data_of
from .._fast.dispatch import operand, wrap
from .._fast.dispatch import CORES, binary, unary
from .._array.stored import deliver
from .._core.ops import OPS
from .ufunc import ufunc

__all__ = [op.name for op in OPS] + ["clip", "ufunc"]

#: (not exported) ``make_function(op)``: the public function for an op-table row; the
#: NumPy-compatible module builds NumPy's extra ufuncs with it.



def _array_like(name: str, x):
    """``x``, or the Array of an array-like NumPy takes (a list, tuple, range...), converted
    as ``asarray`` does (strong, the join of its leaves); off the hot path."""
    return x if operand(x) is not None else wrap(*data_of(x, name))


#: Each op's doctest lines (the ``Examples`` section of its docstring), keyed by op name.
#: The doctests run in ``tests/unit/test_docstrings.py`` with ``wnp`` bound to weaknp.
_EXAMPLES = {
    "abs": """
        >>> wnp.abs(wnp.asarray([-3, 4], dtype=wnp.int8))
        Array([3, 4], dtype=int8)
        >>> wnp.abs(wnp.asarray([3 + 4j], dtype=wnp.complex64))  # complex gives its real float
        Array([5.], dtype=float32)
        >>> wnp.abs(-2.5)                                        # a Python float stays weak
        Array(2.5, dtype=float64, weak_type=True)
        """,
    "acos": """
        >>> wnp.acos(wnp.asarray([1, -1], dtype=wnp.int8))  # 8-bit ints give float32
        Array([0.       , 3.141592...], dtype=float32)
        >>> wnp.acos(1.0)
        Array(0., dtype=float64, weak_type=True)
        """,
    "acosh": """
        >>> wnp.acosh(wnp.asarray([1, 1], dtype=wnp.uint16))
        Array([0., 0.], dtype=float32)
        >>> wnp.acosh(wnp.asarray([1, 1], dtype=wnp.int64))  # 64-bit ints give float64
        Array([0., 0.], dtype=float64)
        """,
    "add": """
        >>> x = wnp.asarray([1, 2], dtype=wnp.int8)
        >>> wnp.add(x, 2)    # the Python int is weak: the result stays int8
        Array([3, 4], dtype=int8)
        >>> wnp.add(x, 1.5)  # a float joins int8 at the weak float node
        Array([2.5, 3.5], dtype=float64, weak_type=True)
        """,
    "asin": """
        >>> wnp.asin(wnp.asarray([0, 1], dtype=wnp.int16))
        Array([0.       , 1.570796...], dtype=float32)
        >>> wnp.asin(0.0)
        Array(0., dtype=float64, weak_type=True)
        """,
    "asinh": """
        >>> wnp.asinh(wnp.asarray([0, 1], dtype=wnp.float16))  # float16 stays float16
        Array([0.    , 0.881...], dtype=float16)
        >>> wnp.asinh(0)                                       # a weak int gives a weak float
        Array(0., dtype=float64, weak_type=True)
        """,
    "atan": """
        >>> wnp.atan(wnp.asarray([0, 1], dtype=wnp.int64))
        Array([0.        , 0.785398...], dtype=float64)
        >>> wnp.atan(1.0)  # a Python float stays weak
        Array(0.785398..., dtype=float64, weak_type=True)
        """,
    "atan2": """
        >>> wnp.atan2(wnp.asarray([1, -1], dtype=wnp.int8), 0)  # int8 joins the weak int: float32
        Array([ 1.570796..., -1.570796...], dtype=float32)
        >>> wnp.atan2(wnp.asarray([1.], dtype=wnp.float16), 1)
        Array([0.785...], dtype=float16)
        """,
    "atanh": """
        >>> wnp.atanh(wnp.asarray([0, 0], dtype=wnp.int32))
        Array([0., 0.], dtype=float32)
        >>> wnp.atanh(-0.0)
        Array(-0., dtype=float64, weak_type=True)
        """,
    "bitwise_and": """
        >>> wnp.bitwise_and(wnp.asarray([12, 10], dtype=wnp.uint8), 6)
        Array([4, 2], dtype=uint8)
        >>> wnp.bitwise_and(wnp.asarray([True, True]), wnp.asarray([True, False]))
        Array([ True, False], dtype=bool)
        """,
    "bitwise_left_shift": """
        >>> wnp.bitwise_left_shift(wnp.asarray([1, 3], dtype=wnp.uint8), 2)
        Array([ 4, 12], dtype=uint8)
        >>> wnp.bitwise_left_shift(wnp.asarray([1], dtype=wnp.int8), 7)  # wraps in int8
        Array([-128], dtype=int8)
        """,
    "bitwise_invert": """
        >>> wnp.bitwise_invert(wnp.asarray([0, 5], dtype=wnp.uint8))
        Array([255, 250], dtype=uint8)
        >>> wnp.bitwise_invert(wnp.asarray([True, False]))
        Array([False,  True], dtype=bool)
        >>> wnp.bitwise_invert(5)  # a weak int64
        Array(-6, dtype=int64, weak_type=True)
        """,
    "bitwise_or": """
        >>> wnp.bitwise_or(wnp.asarray([8, 1], dtype=wnp.int16), 2)
        Array([10,  3], dtype=int16)
        >>> wnp.bitwise_or(wnp.asarray([1], dtype=wnp.uint8), wnp.asarray([2], dtype=wnp.int8))
        Array([3], dtype=int16)
        """,
    "bitwise_right_shift": """
        >>> wnp.bitwise_right_shift(wnp.asarray([-128, 64], dtype=wnp.int8), 1)  # arithmetic
        Array([-64,  32], dtype=int8)
        >>> wnp.bitwise_right_shift(wnp.asarray([128], dtype=wnp.uint8), 7)
        Array([1], dtype=uint8)
        """,
    "bitwise_xor": """
        >>> wnp.bitwise_xor(wnp.asarray([12, 10], dtype=wnp.uint8), 6)
        Array([10, 12], dtype=uint8)
        >>> wnp.bitwise_xor(wnp.asarray([True, False]), True)
        Array([False,  True], dtype=bool)
        """,
    "ceil": """
        >>> wnp.ceil(wnp.asarray([-1.5, 1.25], dtype=wnp.float32))
        Array([-1.,  2.], dtype=float32)
        >>> wnp.ceil(wnp.asarray([1, 2], dtype=wnp.int8))  # integers stay integers
        Array([1, 2], dtype=int8)
        >>> wnp.ceil(2.5)                                  # a weak float64
        Array(3., dtype=float64, weak_type=True)
        """,
    "conj": """
        >>> wnp.conj(wnp.asarray([1 + 2j], dtype=wnp.complex64))
        Array([1.-2.j], dtype=complex64)
        >>> wnp.conj(wnp.asarray([1, 2], dtype=wnp.int8))  # a real input is kept
        Array([1, 2], dtype=int8)
        """,
    "copysign": """
        >>> wnp.copysign(wnp.asarray([1, 2], dtype=wnp.int8), -1)      # ints give float32
        Array([-1., -2.], dtype=float32)
        >>> wnp.copysign(wnp.asarray([1.5], dtype=wnp.float16), -0.0)  # float16 stays float16
        Array([-1.5], dtype=float16)
        """,
    "cos": """
        >>> wnp.cos(wnp.asarray([0, 0], dtype=wnp.bfloat16))  # bfloat16 stays bfloat16
        Array([1, 1], dtype=bfloat16)
        >>> wnp.cos(0.0)                                      # a weak float64
        Array(1., dtype=float64, weak_type=True)
        """,
    "cosh": """
        >>> wnp.cosh(wnp.asarray([0], dtype=wnp.int32))
        Array([1.], dtype=float32)
        >>> wnp.cosh(0.0)
        Array(1., dtype=float64, weak_type=True)
        """,
    "divide": """
        >>> wnp.divide(wnp.asarray([1, 2], dtype=wnp.int8), 2)       # ints give float32
        Array([0.5, 1. ], dtype=float32)
        >>> wnp.divide(wnp.asarray([1, 2], dtype=wnp.int64), 4)      # 64-bit ints give float64
        Array([0.25, 0.5 ], dtype=float64)
        >>> wnp.divide(wnp.asarray([1., 3.], dtype=wnp.float16), 2)  # float16 stays float16
        Array([0.5, 1.5], dtype=float16)
        """,
    "equal": """
        >>> wnp.equal(wnp.asarray([1, 2], dtype=wnp.int8), 2)  # a strong bool
        Array([False,  True], dtype=bool)
        >>> x = wnp.asarray([0.5, wnp.nan], dtype=wnp.float32)
        >>> wnp.equal(x, x)                                    # NaN is not equal to itself
        Array([ True, False], dtype=bool)
        """,
    "exp": """
        >>> wnp.exp(wnp.asarray([0, 0], dtype=wnp.int8))  # int8 gives float32
        Array([1., 1.], dtype=float32)
        >>> wnp.exp(1.0)                                  # a weak float64
        Array(2.718281..., dtype=float64, weak_type=True)
        """,
    "expm1": """
        >>> wnp.expm1(wnp.asarray([0., 0.], dtype=wnp.float16))
        Array([0., 0.], dtype=float16)
        >>> wnp.expm1(0)
        Array(0., dtype=float64, weak_type=True)
        """,
    "floor": """
        >>> wnp.floor(wnp.asarray([-1.5, 1.25], dtype=wnp.float32))
        Array([-2.,  1.], dtype=float32)
        >>> wnp.floor(wnp.asarray([1, 2], dtype=wnp.uint8))  # integers stay integers
        Array([1, 2], dtype=uint8)
        """,
    "floor_divide": """
        >>> wnp.floor_divide(wnp.asarray([7, -7], dtype=wnp.int8), 2)
        Array([ 3, -4], dtype=int8)
        >>> wnp.floor_divide(wnp.asarray([True]), wnp.asarray([True]))   # bool computes as int32
        Array([1], dtype=int32)
        >>> wnp.floor_divide(wnp.asarray([7, -7], dtype=wnp.int8), 2.0)  # weak float64
        Array([ 3., -4.], dtype=float64, weak_type=True)
        """,
    "greater": """
        >>> wnp.greater(wnp.asarray([1, 3], dtype=wnp.uint8), 2)
        Array([False,  True], dtype=bool)
        >>> wnp.greater(2.5, wnp.asarray([2, 3], dtype=wnp.int8))  # compared as floats
        Array([ True, False], dtype=bool)
        """,
    "greater_equal": """
        >>> wnp.greater_equal(wnp.asarray([1, 2], dtype=wnp.int8), 1.5)
        Array([False,  True], dtype=bool)
        """,
    "hypot": """
        >>> wnp.hypot(wnp.asarray([3, 5], dtype=wnp.int8), wnp.asarray([4, 12], dtype=wnp.int8))
        Array([ 5., 13.], dtype=float32)
        >>> wnp.hypot(wnp.asarray([3.], dtype=wnp.float16), 4)  # float16 stays float16
        Array([5.], dtype=float16)
        """,
    "imag": """
        >>> wnp.imag(wnp.asarray([1 + 2j], dtype=wnp.complex64))  # complex gives its real float
        Array([2.], dtype=float32)
        >>> wnp.imag(wnp.asarray([1.5], dtype=wnp.float32))       # a real input gives zeros
        Array([0.], dtype=float32)
        >>> wnp.imag(1j)  # a weak complex gives a weak float
        Array(1., dtype=float64, weak_type=True)
        """,
    "isfinite": """
        >>> wnp.isfinite(wnp.asarray([1., wnp.inf, wnp.nan], dtype=wnp.float32))
        Array([ True, False, False], dtype=bool)
        >>> wnp.isfinite(1.0)  # a strong bool, even for a weak input
        Array(True, dtype=bool)
        """,
    "isinf": """
        >>> wnp.isinf(wnp.asarray([1., -wnp.inf, wnp.nan], dtype=wnp.float16))
        Array([False,  True, False], dtype=bool)
        >>> wnp.isinf(wnp.asarray([1, 2], dtype=wnp.int8))
        Array([False, False], dtype=bool)
        """,
    "isnan": """
        >>> wnp.isnan(wnp.asarray([1., wnp.inf, wnp.nan], dtype=wnp.bfloat16))
        Array([False, False,  True], dtype=bool)
        >>> wnp.isnan(wnp.nan)  # a strong bool
        Array(True, dtype=bool)
        """,
    "less": """
        >>> wnp.less(wnp.asarray([1, 2, 3], dtype=wnp.int8), 2)
        Array([ True, False, False], dtype=bool)
        >>> wnp.less(wnp.asarray([1, 2], dtype=wnp.uint8), wnp.asarray([1, 3], dtype=wnp.int8))
        Array([False,  True], dtype=bool)
        """,
    "less_equal": """
        >>> wnp.less_equal(wnp.asarray([0.5, 1.5], dtype=wnp.float16), 1)
        Array([ True, False], dtype=bool)
        """,
    "log": """
        >>> wnp.log(wnp.asarray([1, 1], dtype=wnp.int16))
        Array([0., 0.], dtype=float32)
        >>> wnp.log(1.0)
        Array(0., dtype=float64, weak_type=True)
        >>> wnp.log(wnp.asarray([1 + 0j], dtype=wnp.complex64))
        Array([0.+0.j], dtype=complex64)
        """,
    "log1p": """
        >>> wnp.log1p(wnp.asarray([0, 0], dtype=wnp.uint8))
        Array([0., 0.], dtype=float32)
        >>> wnp.log1p(0.0)
        Array(0., dtype=float64, weak_type=True)
        """,
    "log2": """
        >>> wnp.log2(wnp.asarray([1, 8], dtype=wnp.int16))
        Array([0., 3.], dtype=float32)
        >>> wnp.log2(8.0)  # a weak float64 (JAX drops the flag)
        Array(3., dtype=float64, weak_type=True)
        """,
    "log10": """
        >>> wnp.log10(wnp.asarray([1, 1], dtype=wnp.int32))    # 32-bit ints give float32
        Array([0., 0.], dtype=float32)
        >>> wnp.log10(wnp.asarray([1, 100], dtype=wnp.int64))  # 64-bit ints give float64
        Array([0., 2.], dtype=float64)
        """,
    "logaddexp": """
        >>> wnp.logaddexp(wnp.asarray([0., 1.], dtype=wnp.float32), -wnp.inf)
        Array([0., 1.], dtype=float32)
        >>> wnp.logaddexp(wnp.asarray([0, 1], dtype=wnp.int8), -wnp.inf)  # int8 + weak float
        Array([0., 1.], dtype=float64, weak_type=True)
        """,
    "logical_and": """
        >>> wnp.logical_and(wnp.asarray([0, 1, 2], dtype=wnp.int8), True)  # nonzero is True
        Array([False,  True,  True], dtype=bool)
        """,
    "logical_not": """
        >>> wnp.logical_not(wnp.asarray([0., 0.5], dtype=wnp.float32))
        Array([ True, False], dtype=bool)
        >>> wnp.logical_not(0)  # a strong bool
        Array(True, dtype=bool)
        """,
    "logical_or": """
        >>> wnp.logical_or(wnp.asarray([0, 0, 3], dtype=wnp.int8), wnp.asarray([0., 1., 0.]))
        Array([False,  True,  True], dtype=bool)
        """,
    "logical_xor": """
        >>> wnp.logical_xor(wnp.asarray([True, False]), wnp.asarray([0.5, 0.5], dtype=wnp.float32))
        Array([False,  True], dtype=bool)
        """,
    "maximum": """
        >>> wnp.maximum(wnp.asarray([1, 5], dtype=wnp.int8), 3)              # stays int8
        Array([3, 5], dtype=int8)
        >>> wnp.maximum(wnp.asarray([1., wnp.nan], dtype=wnp.float32), 2.0)  # NaN propagates
        Array([ 2., nan], dtype=float32)
        """,
    "minimum": """
        >>> wnp.minimum(wnp.asarray([1, 5], dtype=wnp.uint8), 3)
        Array([1, 3], dtype=uint8)
        >>> wnp.minimum(wnp.asarray([1, 5], dtype=wnp.uint8), 2.5)  # a Python float: weak float64
        Array([1. , 2.5], dtype=float64, weak_type=True)
        """,
    "multiply": """
        >>> wnp.multiply(wnp.asarray([1, 2], dtype=wnp.int8), 3)        # the weak int adapts
        Array([3, 6], dtype=int8)
        >>> wnp.multiply(wnp.asarray([1, 2], dtype=wnp.bfloat16), 0.5)  # bfloat16 stays narrow
        Array([0.5, 1], dtype=bfloat16)
        >>> wnp.multiply(wnp.asarray([1, 2], dtype=wnp.int8), wnp.asarray([1, 2], dtype=wnp.uint8))
        Array([1, 4], dtype=int16)
        """,
    "negative": """
        >>> wnp.negative(wnp.asarray([1, -128], dtype=wnp.int8))  # -(-128) wraps in int8
        Array([  -1, -128], dtype=int8)
        >>> wnp.negative(2)
        Array(-2, dtype=int64, weak_type=True)
        """,
    "nextafter": """
        >>> wnp.nextafter(wnp.asarray([1.], dtype=wnp.float32), 2)  # float32's next value after 1
        Array([1.0000001], dtype=float32)
        >>> wnp.nextafter(0.0, 1.0)
        Array(5.e-324, dtype=float64, weak_type=True)
        """,
    "not_equal": """
        >>> wnp.not_equal(wnp.asarray([1, 2], dtype=wnp.int8), 2)
        Array([ True, False], dtype=bool)
        >>> wnp.not_equal(wnp.nan, wnp.nan)  # a strong bool
        Array(True, dtype=bool)
        """,
    "positive": """
        >>> wnp.positive(wnp.asarray([-1, 2], dtype=wnp.int8))
        Array([-1,  2], dtype=int8)
        >>> wnp.positive(1.5)
        Array(1.5, dtype=float64, weak_type=True)
        """,
    "pow": """
        >>> wnp.pow(wnp.asarray([2, 3], dtype=wnp.int8), 2)                 # stays int8
        Array([4, 9], dtype=int8)
        >>> wnp.pow(wnp.asarray([4, 9], dtype=wnp.int8), 0.5)               # weak float64
        Array([2., 3.], dtype=float64, weak_type=True)
        >>> wnp.pow(wnp.asarray([True, False]), wnp.asarray([True, True]))  # bool gives int32
        Array([1, 0], dtype=int32)
        """,
    "real": """
        >>> wnp.real(wnp.asarray([1 + 2j], dtype=wnp.complex64))  # complex64 gives float32
        Array([1.], dtype=float32)
        >>> wnp.real(wnp.asarray([1, 2], dtype=wnp.int8))
        Array([1, 2], dtype=int8)
        >>> wnp.real(1.5 + 2j)  # a weak complex gives a weak float
        Array(1.5, dtype=float64, weak_type=True)
        """,
    "reciprocal": """
        >>> wnp.reciprocal(wnp.asarray([2, 4], dtype=wnp.int8))  # ints give float32
        Array([0.5 , 0.25], dtype=float32)
        >>> wnp.reciprocal(4.0)
        Array(0.25, dtype=float64, weak_type=True)
        >>> wnp.reciprocal(4)                                    # a weak int gives a weak float
        Array(0.25, dtype=float64, weak_type=True)
        """,
    "remainder": """
        >>> wnp.remainder(wnp.asarray([7, -7], dtype=wnp.int8), 3)   # the sign of x2
        Array([1, 2], dtype=int8)
        >>> wnp.remainder(wnp.asarray([5.5], dtype=wnp.float32), -2)
        Array([-0.5], dtype=float32)
        >>> wnp.remainder(wnp.asarray([True]), wnp.asarray([True]))  # bool computes as int32
        Array([0], dtype=int32)
        """,
    "round": """
        >>> wnp.round(wnp.asarray([0.5, 1.5, 2.5], dtype=wnp.float32))        # half to even
        Array([0., 2., 2.], dtype=float32)
        >>> wnp.round(wnp.asarray([125, 135], dtype=wnp.int16), decimals=-1)  # stays int16
        Array([120, 140], dtype=int16)
        >>> wnp.round(2.5)
        Array(2., dtype=float64, weak_type=True)
        >>> wnp.round(wnp.asarray([1.25, 2.75], dtype=wnp.float16), decimals=1)
        Array([1.2, 2.8], dtype=float16)
        """,
    "sign": """
        >>> wnp.sign(wnp.asarray([-3, 0, 5], dtype=wnp.int8))
        Array([-1,  0,  1], dtype=int8)
        >>> wnp.sign(wnp.asarray([2j, -3], dtype=wnp.complex64))  # x / |x| for complex
        Array([ 0.+1.j, -1.+0.j], dtype=complex64)
        >>> wnp.sign(-2.5)
        Array(-1., dtype=float64, weak_type=True)
        """,
    "signbit": """
        >>> wnp.signbit(wnp.asarray([-0.0, 0.0, -1.], dtype=wnp.float32))
        Array([ True, False,  True], dtype=bool)
        >>> wnp.signbit(wnp.asarray([-1, 1], dtype=wnp.int8))
        Array([ True, False], dtype=bool)
        """,
    "sin": """
        >>> wnp.sin(wnp.asarray([0, 0], dtype=wnp.int8))
        Array([0., 0.], dtype=float32)
        >>> wnp.sin(0.0)
        Array(0., dtype=float64, weak_type=True)
        """,
    "sinh": """
        >>> wnp.sinh(wnp.asarray([0], dtype=wnp.float16))
        Array([0.], dtype=float16)
        >>> wnp.sinh(-0.0)
        Array(-0., dtype=float64, weak_type=True)
        """,
    "square": """
        >>> wnp.square(wnp.asarray([3, 16], dtype=wnp.int8))  # 256 wraps in int8
        Array([9, 0], dtype=int8)
        >>> wnp.square(wnp.asarray([True, False]))            # bool computes as int32
        Array([1, 0], dtype=int32)
        >>> wnp.square(1.5)
        Array(2.25, dtype=float64, weak_type=True)
        """,
    "sqrt": """
        >>> wnp.sqrt(wnp.asarray([4, 9], dtype=wnp.int16))  # 16-bit ints give float32
        Array([2., 3.], dtype=float32)
        >>> wnp.sqrt(wnp.asarray([4, 9], dtype=wnp.int64))  # 64-bit ints give float64
        Array([2., 3.], dtype=float64)
        >>> wnp.sqrt(wnp.asarray([-4 + 0j], dtype=wnp.complex64))
        Array([0.+2.j], dtype=complex64)
        >>> wnp.sqrt(2.25)                                  # a weak float64
        Array(1.5, dtype=float64, weak_type=True)
        """,
    "subtract": """
        >>> wnp.subtract(wnp.asarray([1, 2], dtype=wnp.uint8), 3)  # the weak int adapts; wraps
        Array([254, 255], dtype=uint8)
        >>> wnp.subtract(10, wnp.asarray([1.5], dtype=wnp.float16))
        Array([8.5], dtype=float16)
        """,
    "tan": """
        >>> wnp.tan(wnp.asarray([0, 0], dtype=wnp.uint32))
        Array([0., 0.], dtype=float32)
        >>> wnp.tan(0.0)
        Array(0., dtype=float64, weak_type=True)
        """,
    "tanh": """
        >>> wnp.tanh(wnp.asarray([0., wnp.inf], dtype=wnp.float32))
        Array([0., 1.], dtype=float32)
        >>> wnp.tanh(wnp.asarray([0, 0], dtype=wnp.int64))
        Array([0., 0.], dtype=float64)
        >>> wnp.tanh(-wnp.inf)  # a weak float64
        Array(-1., dtype=float64, weak_type=True)
        """,
    "trunc": """
        >>> wnp.trunc(wnp.asarray([-1.75, 1.75], dtype=wnp.float32))
        Array([-1.,  1.], dtype=float32)
        >>> wnp.trunc(wnp.asarray([-3, 3], dtype=wnp.int8))
        Array([-3,  3], dtype=int8)
        >>> wnp.trunc(-2.5)
        Array(-2., dtype=float64, weak_type=True)
        """,
}

# A new row in the op table needs its examples here (this module makes every row of OPS a
# function; the NumPy-compatible rows built by ``_numpy.umath`` may have none).
if set(_EXAMPLES) != {op.name for op in OPS}:
    raise AssertionError(
        f"_EXAMPLES and the op table differ: missing "
        f"{sorted({op.name for op in OPS} - set(_EXAMPLES))}, "
        f"extra {sorted(set(_EXAMPLES) - {op.name for op in OPS})}")

#: The ``Promotion`` note of a generated docstring, by result rule (``same`` needs none).
#: ``{src}``/``{Src}`` name the dtype the rule starts from, ``{weak}`` when it is weak.
_PROMOTION = {
    "inexact": "{Src} is mapped to a float: bool and integers of up to 32 bits give float32, "
               "64-bit integers float64; floating and complex dtypes are kept.  The result "
               "is weak if {weak}.",
    "numeric": "{Src}, except that bool gives int32 (JAX's rule); the result is weak if "
               "{weak}.",
    "real": "{Src}, except that complex gives the real float of the same precision "
            "(complex64 gives float32); the result is weak if {weak}.",
    "bool": "Always a strong bool, even for Python scalars (JAX can give a weak bool); "
            "the test is done in {src}.",
    "logical": "Always a strong bool, even for Python scalars; nonzero values count as "
               "True.  Operands are first promoted as for arithmetic (the same dtype "
               "errors apply).",
}


def _examples_section(name: str) -> str:
    lines = _EXAMPLES.get(name)
    if lines is None:
        return ""
    # Each entry is written with its ">>>" lines flush left or under one common indent;
    # removing that indent by hand is ~20x cheaper than textwrap.dedent at import.
    body = lines.lstrip("\n").rstrip().split("\n")
    indent = len(body[0]) - len(body[0].lstrip())
    return "\nExamples\n--------\n" + "\n".join(line[indent:] for line in body) + "\n"


@functools.cache
def _promotion_section(rule: str, arity: int) -> str:
    """The ``Promotion`` note for a result rule (a handful of distinct texts, wrapped once)."""
    note = _PROMOTION.get(rule)
    if note is None:
        return ""
    src = "the input's dtype" if arity == 1 else "the promoted dtype of the inputs"
    weak = "the input is" if arity == 1 else "that dtype is"
    return "\nPromotion\n---------\n" + textwrap.fill(
        note.format(src=src, Src=src[0].upper() + src[1:], weak=weak), 88) + "\n"


def _doc(op) -> str:
    promotion = _promotion_section(op.rule, op.arity)
    return f"""{op.summary}

Parameters
----------
{"x : Array or Python scalar" if op.arity == 1 else "x1, x2 : Array or Python scalar"}

Returns
-------
Array
    Dtype by the ``{op.rule}`` rule of weaknp's op table; see the module docstring of
    ``weaknp._core.ops``.
{promotion}{_examples_section(op.name)}"""


def _plain_function(op):
    """A positional-only function of ``op``'s arity calling its dispatch core (an
    array-like NumPy takes, a list ..., is converted off the hot path)."""
    core = CORES[op.name]
    if op.arity == 1:
        def function(x, /):
            r = unary(x, core)
            return r if r is not NotImplemented else unary(_array_like(op.name, x), core)
    else:
        def function(x1, x2, /):
            r = binary(x1, x2, core)
            return r if r is not NotImplemented else binary(
                _array_like(op.name, x1), _array_like(op.name, x2), core)
    function.__name__ = function.__qualname__ = op.name
    function.__doc__ = _doc(op)
    function.__module__ = "weaknp"
    return function


def make_function(op):
    """The public function for op-table row ``op``: a :class:`weaknp.ufunc` when NumPy's
    function is a ufunc, else (``round``, ``real``, ``imag``: plain functions in NumPy too)
    a positional-only function."""
    if isinstance(op.ufunc, np.ufunc):
        return ufunc(op, doc=_doc(op))
    return _plain_function(op)


_FUNCTIONS = {op.name: make_function(op) for op in OPS}

# One binding per op-table row, by the row's name (a reader and a linter see every
# function this module defines; tests/unit/test_layering.py checks none is missing).
abs = _FUNCTIONS["abs"]
acos = _FUNCTIONS["acos"]
acosh = _FUNCTIONS["acosh"]
add = _FUNCTIONS["add"]
asin = _FUNCTIONS["asin"]
asinh = _FUNCTIONS["asinh"]
atan = _FUNCTIONS["atan"]
atan2 = _FUNCTIONS["atan2"]
atanh = _FUNCTIONS["atanh"]
bitwise_and = _FUNCTIONS["bitwise_and"]
bitwise_left_shift = _FUNCTIONS["bitwise_left_shift"]
bitwise_invert = _FUNCTIONS["bitwise_invert"]
bitwise_or = _FUNCTIONS["bitwise_or"]
bitwise_right_shift = _FUNCTIONS["bitwise_right_shift"]
bitwise_xor = _FUNCTIONS["bitwise_xor"]
ceil = _FUNCTIONS["ceil"]
conj = _FUNCTIONS["conj"]
copysign = _FUNCTIONS["copysign"]
cos = _FUNCTIONS["cos"]
cosh = _FUNCTIONS["cosh"]
divide = _FUNCTIONS["divide"]
equal = _FUNCTIONS["equal"]
exp = _FUNCTIONS["exp"]
expm1 = _FUNCTIONS["expm1"]
floor = _FUNCTIONS["floor"]
floor_divide = _FUNCTIONS["floor_divide"]
greater = _FUNCTIONS["greater"]
greater_equal = _FUNCTIONS["greater_equal"]
hypot = _FUNCTIONS["hypot"]
imag = _FUNCTIONS["imag"]
isfinite = _FUNCTIONS["isfinite"]
isinf = _FUNCTIONS["isinf"]
isnan = _FUNCTIONS["isnan"]
less = _FUNCTIONS["less"]
less_equal = _FUNCTIONS["less_equal"]
log = _FUNCTIONS["log"]
log1p = _FUNCTIONS["log1p"]
log2 = _FUNCTIONS["log2"]
log10 = _FUNCTIONS["log10"]
logaddexp = _FUNCTIONS["logaddexp"]
logical_and = _FUNCTIONS["logical_and"]
logical_not = _FUNCTIONS["logical_not"]
logical_or = _FUNCTIONS["logical_or"]
logical_xor = _FUNCTIONS["logical_xor"]
maximum = _FUNCTIONS["maximum"]
minimum = _FUNCTIONS["minimum"]
multiply = _FUNCTIONS["multiply"]
negative = _FUNCTIONS["negative"]
nextafter = _FUNCTIONS["nextafter"]
not_equal = _FUNCTIONS["not_equal"]
positive = _FUNCTIONS["positive"]
pow = _FUNCTIONS["pow"]
real = _FUNCTIONS["real"]
reciprocal = _FUNCTIONS["reciprocal"]
remainder = _FUNCTIONS["remainder"]
_round0 = _FUNCTIONS["round"]  # the standard's round(x); round(a, decimals) is below
sign = _FUNCTIONS["sign"]
signbit = _FUNCTIONS["signbit"]
sin = _FUNCTIONS["sin"]
sinh = _FUNCTIONS["sinh"]
square = _FUNCTIONS["square"]
sqrt = _FUNCTIONS["sqrt"]
subtract = _FUNCTIONS["subtract"]
tan = _FUNCTIONS["tan"]
tanh = _FUNCTIONS["tanh"]
trunc = _FUNCTIONS["trunc"]


def round(a, decimals=0, out=None):
    """Round to the given number of decimals (half to even), elementwise.

    ``decimals`` is NumPy's extension of the standard's ``round(x)``; a negative value
    rounds to tens, hundreds, ...  The dtype and weak flag are those of ``x`` (integers
    stay integers, as in NumPy and JAX).
    """
    if out is not None:
        return deliver(round(a, decimals), out, "round")
    x = a if operand(a) is not None else wrap(*data_of(a, "round"))
    o = operand(x)
    if decimals == 0:
        # large narrow arrays: NumPy's float32 rint in blocks (exact: the same bits)
        r = _blocks(np.rint, o[0]) if type(o[0]) is np.ndarray else None
        return _round0(x) if r is None else wrap(r, x.weak_type)
    decimals = _index(decimals, "round", "decimals")
    d0 = o[0]
    if type(d0) is not np.ndarray:   # a Python scalar (weak): one element
        base = _round0(x)
    elif decimals >= 0 and d0.dtype.kind in "iub":
        return _round0(x)   # integers (and bool's refusal): the standard's round
    else:
        # The dtype, weak flag and kind check of the standard's round, on no elements.
        base = _round0(x.reshape(-1)[:0])
    dt = base._data.dtype
    if dt.kind in "iu" and decimals >= 0:
        return base
    d = scalars.as_ndarray(o[0], dt, "round")
    if dt.kind in "iu" or dt in dtypes.INTEGER:
        # exact, as Python's round(int, -n) (half to even); a result outside the dtype
        # raises.  NumPy differs: it wraps (round(int8 127, -1) is -126); JAX refuses
        # decimals < 0 for integers.
        r = [builtins.round(v, decimals) for v in d.ravel().tolist()]
        if r:
            dtypes.check_int_span("round", "the rounded value", min(r), max(r), dt)
        return wrap(np.array(r, dtype=dt).reshape(d.shape), base.weak_type)
    # float16 and the ml_dtypes types are scaled in float32 (as JAX does for float16), so
    # 1000 * 10**2 does not overflow.  Where the scaled value still overflows (x has no
    # digits at that position) x is returned unchanged, as Python's round(1.5, 400) is 1.5.
    # NumPy differs: it scales in the input dtype and returns inf or NaN there (decision 53).
    with np.errstate(all="ignore"):
        # large narrow arrays: the same float32 work in blocks (decision 68)
        r = _blocks(functools.partial(_round_block, decimals=decimals), d)
        if r is not None:
            return wrap(r, base.weak_type)
        work = dtype_rules.cast(d, dtypes.float32) if (
            dt in dtypes.ML_DTYPES or dt == dtypes.float16) else d
        r = _round_float(work, decimals)
    return wrap(dtype_rules.cast(r, dt), base.weak_type)


def _blocks(f, d):
    """``f`` (a ufunc or a callable taking ``out=``) over the float32 blocks of ``d``, a
    large C-contiguous narrow float array, into a new array of its dtype; None when ``d``
    is not for the blocks (``_fast.narrow.blocked``)."""
    kind = entries.block_kind(d.dtype)
    if kind is None or entries.blocked is None:
        return None
    return entries.blocked(f, d, None, (d.dtype, d.dtype, kind, False))


_ROUND_FLAGS = ("over", "invalid", "divide")


def _round_float(work, decimals, out=None):
    """``round(work, decimals)`` of a float array (into ``out``, not ``work``, when given),
    a value whose scaling overflowed kept as it was; NumPy's error state quiet."""
    # A finite value becomes inf or NaN only through a flag of NumPy's scaling (the
    # multiply overflows, or inf * 0, inf / inf where 10**decimals itself overflowed):
    # the flags, watched during the call, tell whether to look (no pass over the data,
    # where a check of the result would be one more); only then are the overflowed
    # values put back.
    r, flagged = plans.watched(lambda: np.round(work, decimals, out=out), _ROUND_FLAGS)
    if flagged:
        r = np.where(np.isfinite(work) & ~np.isfinite(r), work, r)
    return r


def _round_block(block, decimals, out):
    """``_round_float`` of one float32 block of a narrow array into ``out`` (``block``
    itself: ``_fast.narrow.blocked``)."""
    out[...] = _round_float(block, decimals, np.empty_like(block))


def _index(v, function, name):
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError(f"{function}: {name} must be an integer, got "
                        f"{type(v).__name__}") from None


if round.__doc__ is not None:  # None under python -OO (docstrings stripped)
    round.__doc__ = inspect.cleandoc(round.__doc__) + "\n" + _examples_section("round")


# Hand-written: clip has three operands and keyword bounds.
def clip(a, /, min=None, max=None, out=None, *, a_min=None, a_max=None):  # noqa: A002
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
    # NumPy's spellings a_min/a_max (positional: the standard's min/max come first).
    min = a_min if min is None else min  # noqa: A001
    max = a_max if max is None else max  # noqa: A001
    xo = operand(a) or operand(wrap(*data_of(a, "clip")))
    lo = (None, None) if min is None else (operand(min) or
                                           operand(wrap(*data_of(min, "clip"))))
    hi = (None, None) if max is None else (operand(max) or
                                           operand(wrap(*data_of(max, "clip"))))
    r, w = kernel.clip(xo[0], xo[1], lo[0], lo[1], hi[0], hi[1])
    return deliver(wrap(r, w), out, "clip")
