"""NumPy's abstract scalar types (``generic``, ``number``, ``integer``, ``floating``, ...)
for weaknp: the classes ``issubdtype``/``isinstance``/``issubclass`` test against.

Each abstract type stands for a frozenset of dtypes taken from ``_dtypes``
(the one source of truth for kinds), so the ml_dtypes types take part: ``bfloat16`` and the
float8 family are ``floating``, ``int4`` is a ``signedinteger``, ``uint2`` an
``unsignedinteger`` (NumPy itself files them under ``generic`` only).  weaknp's concrete
types (``wnp.int8``, ``wnp.bfloat16``, ...; built in ``_data_types``) are subclasses, as in
NumPy's hierarchy, and NumPy's and ml_dtypes' own scalar types count as subclasses too:
``issubclass(numpy.float32, wnp.floating)`` and ``issubclass(ml_dtypes.int4,
wnp.signedinteger)`` are True.

``isinstance(v, wnp.floating)`` is True for a NumPy scalar of such a dtype and for a 0-d
weaknp array of one (weaknp's 0-d arrays are what NumPy's scalars are: ``x[0]``,
``x.sum()``); n-d arrays are not scalars.
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes
from .._array.array import Array

__all__ = ["ScalarMeta", "generic", "number", "integer", "signedinteger", "unsignedinteger",
           "inexact", "floating", "complexfloating", "ABSTRACT_BY_NUMPY", "dtypes_of"]


def _dtype_of_type(t):
    """The dtype of a NumPy/ml_dtypes scalar type, or None (abstract NumPy types)."""
    if t in ABSTRACT_BY_NUMPY:
        return None
    try:
        dt = np.dtype(t)
    except TypeError:
        return None
    return dt if dt in _SUPPORTED else None


_SUPPORTED = frozenset(dtypes.ALL_DTYPES)


class ScalarMeta(type):
    """Metaclass of weaknp's scalar types; ``_dtypes`` is the set of dtypes a type covers."""

    _dtypes: frozenset = frozenset()

    def __instancecheck__(cls, obj):
        if isinstance(obj, Array):
            return obj.ndim == 0 and obj.dtype in cls._dtypes
        if isinstance(obj, np.generic):
            return obj.dtype in cls._dtypes
        return type.__instancecheck__(cls, obj)

    def __subclasscheck__(cls, sub):
        if not isinstance(sub, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if type.__subclasscheck__(cls, sub):
            return True
        if isinstance(sub, ScalarMeta):   # weaknp types: covered dtypes included
            return bool(sub._dtypes) and sub._dtypes <= cls._dtypes
        mine = ABSTRACT_BY_NUMPY.get(sub)
        if mine is not None:              # numpy.floating is weaknp.floating, etc.
            return mine._dtypes <= cls._dtypes
        if issubclass(sub, np.generic):
            dt = _dtype_of_type(sub)
            return dt is not None and dt in cls._dtypes
        return False

    def __repr__(cls):
        return f"weaknp.{cls.__name__}"


class generic(metaclass=ScalarMeta):
    """Base class of weaknp's scalar types (NumPy's ``generic``): every dtype."""

    _dtypes = frozenset(dtypes.ALL_DTYPES)

    def __new__(cls, *args, **kwargs):
        raise TypeError(f"cannot create weaknp.{cls.__name__} values: it is an abstract "
                        f"scalar type; use a concrete one such as weaknp.float32(x) or "
                        f"weaknp.asarray(x)")


class number(generic):
    """Numbers: integer, floating and complex dtypes (NumPy's ``number``)."""
    _dtypes = dtypes.NUMERIC


class integer(number):
    """Integer dtypes, sub-byte ones included (NumPy's ``integer``)."""
    _dtypes = dtypes.INTEGER


class signedinteger(integer):
    """Signed integer dtypes: int8 ... int64 and int1/int2/int4."""
    _dtypes = dtypes.SIGNED


class unsignedinteger(integer):
    """Unsigned integer dtypes: uint8 ... uint64 and uint1/uint2/uint4."""
    _dtypes = dtypes.UNSIGNED


class inexact(number):
    """Floating and complex dtypes (NumPy's ``inexact``)."""
    _dtypes = dtypes.INEXACT


class floating(inexact):
    """Real floating dtypes: float16/32/64, bfloat16 and the float8/6/4 types."""
    _dtypes = dtypes.REAL_FLOAT


class complexfloating(inexact):
    """Complex dtypes: complex64, complex128."""
    _dtypes = dtypes.COMPLEX


#: NumPy's abstract scalar types -> weaknp's
ABSTRACT_BY_NUMPY = {
    np.generic: generic, np.number: number, np.integer: integer,
    np.signedinteger: signedinteger, np.unsignedinteger: unsignedinteger,
    np.inexact: inexact, np.floating: floating, np.complexfloating: complexfloating,
}


def base_for(dt: np.dtype):
    """The abstract type a concrete weaknp type of dtype ``dt`` derives from."""
    if dt in dtypes.BOOL:
        return generic
    for t in (signedinteger, unsignedinteger, floating, complexfloating):
        if dt in t._dtypes:
            return t
    raise AssertionError(dt)


def dtypes_of(t):
    """The dtypes an abstract type (weaknp's or NumPy's) covers, or None for other values."""
    if isinstance(t, ScalarMeta) and t.__dict__.get("dtype") is None:
        return t._dtypes
    mine = ABSTRACT_BY_NUMPY.get(t) if isinstance(t, type) else None
    return None if mine is None else mine._dtypes
