"""NumPy's printing of arrays (``numpy._core.arrayprint``): ``array2string``,
``array_repr``, ``format_float_*`` and the print options.

weaknp prints through NumPy, so NumPy's print options apply.
"""

from __future__ import annotations

import numpy as np

from .._array.array import Array
from .._array.convert import to_array
from .._array.operands import data_of

__all__ = [
    "array2string", "array_repr", "array_str", "format_float_positional",
    "format_float_scientific", "get_printoptions", "set_printoptions", "printoptions",
]


def array2string(a, *args, **kwargs):
    """The string NumPy would print for the array's values."""
    return np.array2string(data_of(a, "array2string")[0], *args, **kwargs)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """``repr(arr)`` with the given print options."""
    if not isinstance(arr, Array):
        arr = to_array(arr, function="array_repr")
    with np.printoptions(**{k: v for k, v in (("linewidth", max_line_width),
                                               ("precision", precision),
                                               ("suppress", suppress_small)) if v is not None}):
        return repr(arr)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """``str(a)`` with the given print options."""
    return np.array_str(data_of(a, "array_str")[0] if isinstance(a, Array) else np.asarray(a),
                        max_line_width, precision, suppress_small)


def _float_scalar(x, function):
    """A NumPy (or ml_dtypes) scalar of ``x``'s own dtype, so the digits printed are those
    of that dtype (a 0-d float32 array prints float32's shortest digits, not float64's)."""
    if isinstance(x, Array):
        if x.ndim != 0:
            raise TypeError(f"{function}: needs a scalar (a 0-d array), got shape {x.shape}")
        return x._data.reshape(())[()]
    return x


def format_float_positional(x, precision=None, unique=True, fractional=True, trim="k",
                            sign=False, pad_left=None, pad_right=None, min_digits=None):
    """NumPy's ``format_float_positional``; a 0-d weaknp array is printed with the digits
    of its own dtype.

    Examples
    --------
    >>> wnp.format_float_positional(wnp.float32(wnp.pi))
    '3.1415927'
    >>> wnp.format_float_positional(wnp.asarray(1.5, dtype=wnp.bfloat16) / 3)
    '0.5'
    """
    return np.format_float_positional(
        _float_scalar(x, "format_float_positional"), precision=precision, unique=unique,
        fractional=fractional, trim=trim, sign=sign, pad_left=pad_left, pad_right=pad_right,
        min_digits=min_digits)


def format_float_scientific(x, precision=None, unique=True, trim="k", sign=False,
                            pad_left=None, exp_digits=None, min_digits=None):
    """NumPy's ``format_float_scientific``; a 0-d weaknp array is printed with the digits
    of its own dtype.

    Examples
    --------
    >>> wnp.format_float_scientific(wnp.float32(wnp.pi))
    '3.1415927e+00'
    """
    return np.format_float_scientific(
        _float_scalar(x, "format_float_scientific"), precision=precision, unique=unique,
        trim=trim, sign=sign, pad_left=pad_left, exp_digits=exp_digits,
        min_digits=min_digits)
get_printoptions = np.get_printoptions
set_printoptions = np.set_printoptions
printoptions = np.printoptions
