"""``weaknp.emath`` (``numpy.emath`` = ``numpy.lib.scimath``): math functions that return
complex results where the real function has no real answer.

As in NumPy, an input with a value outside the real domain (a negative number
for ``sqrt``/``log``/``power``, ``|x| > 1`` for ``arccos``/``arcsin``/``arctanh``) is first
made complex; otherwise the real function runs unchanged.  The complex dtype is the
complex of the input's inexact dtype by weaknp's rule (int8, int32, float16, bfloat16 and
float32 give complex64; int64 and float64 complex128), and the weak flag is kept.

NumPy differs: it maps int32 and int64 to complex128 (only int8/int16/float32 and
narrower to complex64).  Like NumPy's, these dtypes depend on the values, which is the
point of the module; the functions of ``weaknp`` itself never do that.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._api import elementwise as E
from .._array.array import Array
from .._fast.dispatch import wrap
from .._array.operands import data_of
from .._core.dtype_rules import inexact_dtype

__all__ = ["arccos", "arcsin", "arctanh", "log", "log10", "log2", "logn", "power", "sqrt"]


def _operand(x, function):
    if isinstance(x, Array) or type(x) in (int, float, complex):
        return x
    return wrap(*data_of(x, function))


def _complex_if(x, outside, function):
    """``x`` as an Array (or Python scalar), made complex when ``outside(values)`` holds
    for any element."""
    x = _operand(x, function)
    if isinstance(x, Array):
        d = x._data
        if d.dtype in dtypes.COMPLEX or not np.any(outside(dtype_rules.cast(d, dtypes.float64))):
            return x
        real = inexact_dtype(d.dtype)
        cdt = dtypes.complex128 if real == dtypes.float64 else dtypes.complex64
        return wrap(dtype_rules.cast(d, cdt), x.weak_type)
    if type(x) is not complex and outside(np.float64(x)):
        return complex(x)
    return x


def _negative(v):
    return v < 0


def _beyond_one(v):
    return np.abs(v) > 1


def sqrt(x):
    """Square root; complex for negative inputs.

    Examples
    --------
    >>> wnp.emath.sqrt(wnp.asarray([4, -1], dtype=wnp.int8))
    Array([2.+0.j, 0.+1.j], dtype=complex64)
    >>> wnp.emath.sqrt(wnp.asarray([4.0, 9.0], dtype=wnp.float32))
    Array([2., 3.], dtype=float32)
    """
    return E.sqrt(_complex_if(x, _negative, "emath.sqrt"))


def log(x):
    """Natural logarithm; complex for negative inputs.

    Examples
    --------
    >>> wnp.emath.log(-wnp.e)
    Array(1.+3.14159265j, dtype=complex128, weak_type=True)
    """
    return E.log(_complex_if(x, _negative, "emath.log"))


def log2(x):
    """Base-2 logarithm; complex for negative inputs."""
    return E.log2(_complex_if(x, _negative, "emath.log2"))


def log10(x):
    """Base-10 logarithm; complex for negative inputs.

    Examples
    --------
    >>> wnp.emath.log10(wnp.asarray([10.0, -10.0]))
    Array([1.+0.j        , 1.+1.36437635j], dtype=complex128)
    """
    return E.log10(_complex_if(x, _negative, "emath.log10"))


def logn(n, x):
    """Logarithm of ``x`` to base ``n``; complex for negative ``n`` or ``x``.

    Examples
    --------
    >>> wnp.emath.logn(2, wnp.asarray([4.0, 8.0], dtype=wnp.float32))
    Array([2., 3.], dtype=float32)
    """
    return E.divide(log(x), log(n))


def power(x, p):
    """``x ** p``; complex for negative ``x``.

    Examples
    --------
    >>> wnp.emath.power(wnp.asarray([-2.0, 2.0]), 2)
    Array([4.-0.j, 4.+0.j], dtype=complex128)
    """
    x = _complex_if(x, _negative, "emath.power")
    pa = _operand(p, "emath.power")
    negative_int_power = (type(pa) is int and pa < 0) or (
        isinstance(pa, Array) and pa.dtype in dtypes.INTEGER and bool(np.any(pa._data < 0)))
    if negative_int_power and isinstance(x, Array) and x.dtype in dtypes.INTEGER | dtypes.BOOL:
        # As NumPy: an integer to a negative integer power is computed in floats.
        x = wrap(dtype_rules.cast(x._data, inexact_dtype(x.dtype)), x.weak_type)
    elif negative_int_power and type(x) is int:
        x = float(x)
    return E.pow(x, pa)


def arccos(x):
    """Inverse cosine; complex for ``|x| > 1``.

    Examples
    --------
    >>> wnp.emath.arccos(wnp.asarray([1.0, 2.0]))
    Array([0.-0.j        , 0.-1.3169579j], dtype=complex128)
    """
    return E.acos(_complex_if(x, _beyond_one, "emath.arccos"))


def arcsin(x):
    """Inverse sine; complex for ``|x| > 1``."""
    return E.asin(_complex_if(x, _beyond_one, "emath.arcsin"))


def arctanh(x):
    """Inverse hyperbolic tangent; complex for ``|x| > 1``."""
    return E.atanh(_complex_if(x, _beyond_one, "emath.arctanh"))
