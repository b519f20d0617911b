"""NumPy's type names for weaknp: the abstract scalar types, the C-name aliases
(``intc``, ``double``, ``intp``, ...), ``typecodes`` and ``issubdtype``.

The abstract types (``generic`` ... ``complexfloating``) live in
``weaknp._api.scalar_types``; the aliases are the concrete weaknp types of the dtype NumPy gives the
name on a 64-bit Linux/macOS build (``int_`` and ``intp`` are int64, ``intc`` int32,
``longlong`` int64, ``half`` float16, ``csingle`` complex64).  ``longdouble`` and
``clongdouble`` have no weaknp dtype (extended precision is platform-dependent and has no
place on JAX's lattice): reading them raises an ``AttributeError`` saying to use float64
(``weaknp._numpy.namespace``).
"""

from __future__ import annotations

import numpy as np

from .._api import data_types as T
from .._array.array import Array
from .._api.data_types import isdtype
from .._core.promotion import resolve_dtype
from .._api.scalar_types import (
    ScalarMeta,
    complexfloating,
    dtypes_of,
    floating,
    generic,
    inexact,
    integer,
    number,
    signedinteger,
    unsignedinteger,
)

__all__ = [
    "generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact",
    "floating", "complexfloating", "bool_",
    "byte", "ubyte", "short", "ushort", "intc", "uintc", "int_", "uint", "long", "ulong",
    "longlong", "ulonglong", "intp", "uintp", "half", "single", "double", "csingle",
    "cdouble", "issubdtype",
]

bool_ = T.bool
byte, ubyte, short, ushort = T.int8, T.uint8, T.int16, T.uint16
intc, uintc = T.int32, T.uint32
int_ = long = longlong = intp = T.int64
uint = ulong = ulonglong = uintp = T.uint64
half, single, double = T.float16, T.float32, T.float64
csingle, cdouble = T.complex64, T.complex128

# The aliases must name the dtypes NumPy's do on this platform (a check at import, so a
# platform where they differ fails loudly instead of answering wrongly).
for _name in __all__[9:-1]:
    if np.dtype(getattr(np, _name)) != globals()[_name].dtype:
        raise ImportError(f"weaknp.{_name}: numpy.{_name} is {np.dtype(getattr(np, _name))} "
                          f"on this platform; weaknp assumes a 64-bit Linux/macOS build")
del _name

#: NumPy's type characters by group, of the dtypes weaknp carries.
# NumPy differs: its table also lists longdouble ('g', 'G') and object ('O'), which weaknp
# has no dtype for (docs/decisions.md, decision 19; object: decision 72).
typecodes = {group: chars.translate({ord(c): None for c in "gGO"})
             for group, chars in np.typecodes.items()}
__all__ += ["typecodes"]

_KIND_STRINGS = ("bool", "signed integer", "unsigned integer", "integral", "real floating",
                 "complex floating", "numeric")


def _as_type_or_dtype(arg, function):
    """An abstract type's dtype set, or a concrete dtype (frozenset or np.dtype)."""
    covered = dtypes_of(arg)
    if covered is not None:
        return covered
    if isinstance(arg, Array):
        return arg.dtype
    return resolve_dtype(arg, function)


def issubdtype(arg1, arg2):
    """Whether ``arg1`` is a dtype of kind ``arg2`` (NumPy's ``issubdtype``), for every
    weaknp dtype: ``issubdtype(wnp.bfloat16, wnp.floating)`` and ``issubdtype(wnp.int4,
    np.signedinteger)`` are True (NumPy files the ml_dtypes types under ``generic`` only).

    ``arg2`` may be an abstract type (weaknp's or NumPy's), a dtype, or one of the
    standard's kind names (``'real floating'``, ...).

    Examples
    --------
    >>> x = wnp.asarray([1.5], dtype=wnp.bfloat16)
    >>> wnp.issubdtype(x.dtype, wnp.floating), wnp.issubdtype(x.dtype, wnp.integer)
    (True, False)
    >>> wnp.issubdtype(wnp.int4, wnp.signedinteger), wnp.issubdtype(wnp.uint8, wnp.number)
    (True, True)
    >>> wnp.issubdtype(wnp.floating, wnp.inexact), wnp.issubdtype(wnp.float32, wnp.float64)
    (True, False)
    """
    if T.leaves_lattice(arg1) or T.leaves_lattice(arg2):
        # strings, dates, records: NumPy's type tree answers (decision 72)
        return bool(np.issubdtype(T.numpy_argument(arg1), T.numpy_argument(arg2)))
    if isinstance(arg2, str) and arg2 in _KIND_STRINGS:
        return isdtype(resolve_dtype(arg1, "issubdtype"), arg2)
    a = _as_type_or_dtype(arg1, "issubdtype")
    b = _as_type_or_dtype(arg2, "issubdtype")
    if isinstance(b, frozenset):
        return (a <= b) if isinstance(a, frozenset) else a in b
    if isinstance(a, frozenset):
        return False  # an abstract type is never a sub-dtype of one concrete dtype
    return a == b


del ScalarMeta
