"""Data types and data type functions: the public dtype objects, ``result_type`` and friends.

``weaknp.int8`` etc. are scalar types in JAX's style: usable wherever a dtype is accepted
(``np.dtype(wnp.int8)``, ``astype(wnp.int8)``, ``dtype=wnp.int8``), equal to and hashing
like the matching ``numpy.dtype``, and callable: ``wnp.float32(1.5)`` is a strong 0-d array.

Weak flags: ``result_type`` returns a dtype (weak results give the default dtype of their
kind, as JAX's public ``result_type`` does); ``result_type(..., return_weak_type_flag=True)``
returns ``(dtype, weak)``.  ``astype`` always returns a strong array.  ``implicit_cast``
converts values to their join; ``Lattice`` (re-exported from the lattice layer) is the
user's handle on a promotion lattice.
"""

from __future__ import annotations

import builtins
from typing import NamedTuple

import ml_dtypes
import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import scalars
from .._array.array import Array
from .._array.convert import outside_cast, to_array
from .._core.device import check_device
from .._core.errors import TypePromotionError
from .._fast.dispatch import operand, wrap
from .._core.lattice import STRONG_NODE, WEAK_NODE, Lattice
from .._core.promotion import (current_lattice, join_nodes, python_type_dtype, read_operand,
                         resolve_dtype, scalar_node)
from .scalar_types import ABSTRACT_BY_NUMPY, ScalarMeta, base_for

__all__ = [
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128", "bfloat16",
    "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz",
    "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn",
    "float4_e2m1fn", "int1", "int2", "int4", "uint1", "uint2", "uint4",
    "astype", "can_cast", "can_promote", "finfo", "iinfo", "isdtype", "result_type", "promote_types",
    "is_weakly_typed", "dtype", "implicit_cast", "Lattice",
]


class _ScalarMeta(ScalarMeta):
    """Metaclass of weaknp's concrete scalar types: they behave as dtypes and build arrays.

    Each derives from NumPy's abstract type of its kind (``weaknp.int4`` from
    ``weaknp.signedinteger``, ``weaknp.bfloat16`` from ``weaknp.floating``; see
    ``_scalar_types``), so ``issubclass``/``issubdtype`` follow NumPy's hierarchy.
    """

    def __eq__(cls, other):
        if isinstance(other, _ScalarMeta):
            return cls.dtype == other.dtype
        if other is None:
            return False  # NumPy says np.dtype("float64") == None; a dtype object must not
        try:
            return cls.dtype == other
        except TypeError:
            return False

    def __ne__(cls, other):
        return not _ScalarMeta.__eq__(cls, other)

    def __hash__(cls):
        return hash(cls.dtype)

    def __repr__(cls):
        return f"weaknp.{cls.__name__}"

    def __call__(cls, value=0, /):
        """``wnp.float32(1.5)``: a strong 0-d (or n-d, for sequences) array of this dtype."""
        return to_array(value, cls.dtype, None, cls.__name__)



def _scalar_type(dt: np.dtype):
    name = dtypes.dtype_name(dt)
    return _ScalarMeta(name, (base_for(dt),),
                       {"dtype": dt, "_dtypes": frozenset({dt}), "__module__": "weaknp",
                        "__doc__": f"The {name} dtype (callable: builds a strong {name} "
                                   f"array)."})


_TYPES = {dtypes.dtype_name(dt): _scalar_type(dt) for dt in dtypes.ALL_DTYPES}
(bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64,
 complex64, complex128, bfloat16, float8_e3m4, float8_e4m3, float8_e4m3b11fnuz, float8_e4m3fn,
 float8_e4m3fnuz, float8_e5m2, float8_e5m2fnuz, float8_e8m0fnu, float6_e2m3fn, float6_e3m2fn,
 float4_e2m1fn, int1, int2, int4, uint1, uint2, uint4) = (
    _TYPES[n] for n in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                        "uint64", "float16", "float32", "float64", "complex64", "complex128",
                        "bfloat16", "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz",
                        "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz",
                        "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn", "float4_e2m1fn",
                        "int1", "int2", "int4", "uint1", "uint2", "uint4"))


class _DtypeMeta(type):
    """``isinstance(x.dtype, wnp.dtype)`` holds for every ``numpy.dtype`` (weaknp's dtypes
    are NumPy's dtype objects)."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, np.dtype)

    def __subclasscheck__(cls, sub):
        return isinstance(sub, type) and issubclass(sub, np.dtype)

    def __repr__(cls):
        return "weaknp.dtype"


class dtype(metaclass=_DtypeMeta):
    """The ``numpy.dtype`` for any dtype spelling weaknp accepts (``wnp.int8``, ``'int8'``…).

    ``wnp.dtype(obj)`` returns a ``numpy.dtype`` (weaknp has no dtype class of its own), and
    ``isinstance(d, wnp.dtype)`` is true of every ``numpy.dtype``, so NumPy code testing
    ``isinstance(d, np.dtype)`` runs unchanged.  The dtypes outside the lattice that
    weaknp carries with NumPy's rules (records, strings, dates, void: decision 72) are
    NumPy's own, as are ``align``, ``copy`` and ``metadata``.

    Examples
    --------
    >>> wnp.dtype(wnp.int8)
    dtype('int8')
    >>> wnp.dtype("float32")
    dtype('float32')
    >>> wnp.dtype(wnp.bfloat16)
    dtype(bfloat16)
    >>> wnp.dtype([("name", "U10"), ("age", "i4")])
    dtype([('name', '<U10'), ('age', '<i4')])
    >>> isinstance(wnp.asarray([1.0]).dtype, wnp.dtype)
    True
    """

    def __new__(cls, dtype, align=False, copy=False, metadata=None):
        dt = resolve_dtype(dtype, "dtype", outside=True)
        if align or copy or metadata is not None:
            # NumPy's options of structured dtypes: NumPy builds it from the spelling given
            spelling = dtype if isinstance(dtype, (list, tuple, dict, str)) else dt
            extra = {} if metadata is None else {"metadata": metadata}
            return np.dtype(spelling, align=align, copy=copy, **extra)
        return dt


def _node_of_arg(arg, function: str):
    """The lattice node of an argument of result_type: array, dtype, or Python scalar/type."""
    if isinstance(arg, Array):
        return (WEAK_NODE if arg._weak else STRONG_NODE)[arg._data.dtype]
    if arg is builtins.bool or arg is int or arg is float or arg is complex:
        return scalar_node(arg(0))
    node = scalar_node(arg) if not isinstance(arg, (np.generic, np.ndarray, str)) else None
    if node is not None:
        return node
    if isinstance(arg, (np.ndarray, np.generic)):
        return read_operand(arg)[1]
    if arg is None:
        raise TypeError(f"{function}: None is not a dtype; pass an array, a dtype or a "
                        f"Python scalar")
    return STRONG_NODE[resolve_dtype(arg, function)]


#: NumPy's (and Python's) types standing for dtypes outside the lattice: ``np.bytes_``,
#: ``np.character``, ``np.datetime64``, ``str`` (ml_dtypes' types derive from none of them).
_OUTSIDE_TYPES = (np.flexible, np.datetime64, np.timedelta64, str, bytes)
#: weaknp's abstract scalar types -> NumPy's
_NUMPY_ABSTRACT = {mine: theirs for theirs, mine in ABSTRACT_BY_NUMPY.items()}


def leaves_lattice(arg) -> builtins.bool:
    """Whether an argument of a dtype question (``result_type``, ``issubdtype``) stands
    for a dtype outside the lattice: an array of one, its spelling (``'S1'``, ``'m8[s]'``,
    a record list) or NumPy's type for one (``np.bytes_``, ``np.character``).  Such a
    question gets NumPy's answer (decision 72)."""
    if isinstance(arg, np.dtype):
        return dtypes.is_outside(arg)
    if isinstance(arg, (Array, np.ndarray, np.generic)):
        return dtypes.is_outside(arg.dtype)
    if isinstance(arg, type):
        return issubclass(arg, _OUTSIDE_TYPES)
    if isinstance(arg, (str, list, tuple, dict)):
        try:
            return dtypes.is_outside(np.dtype(arg))
        except (TypeError, ValueError, SyntaxError):
            return False
    return False


def numpy_argument(arg):
    """``arg`` as NumPy's dtype functions read it: an Array's dtype, NumPy's abstract type
    for weaknp's, anything else as it is (NumPy parses its own spellings)."""
    if isinstance(arg, Array):
        return arg.dtype
    if isinstance(arg, type):
        return _NUMPY_ABSTRACT.get(arg, arg)
    return arg


def _outside_result_type(function: str, args) -> np.dtype:
    """NumPy's ``result_type`` of arguments one of which is outside the lattice."""
    try:
        return np.result_type(*map(numpy_argument, args))
    except TypeError as e:   # NumPy's DTypePromotionError is one
        raise TypePromotionError(
            f"{function}: NumPy has no common dtype for these arguments ({e}); outside the "
            f"lattice NumPy's rules apply: convert explicitly first (astype)") from None


def result_type(*arrays_and_dtypes, return_weak_type_flag: bool = False):
    """The dtype that combining the arguments produces: their join on the lattice.

    Python scalars (and the types ``int``, ``float``, ``complex``) are weak; arrays carry
    their own flag.  The join is taken over the whole set, so the answer does not depend on
    argument order.

    Examples
    --------
    >>> import weaknp as wnp
    >>> wnp.result_type(wnp.int8, 1)
    dtype('int8')
    >>> wnp.result_type(wnp.int8, 1.0, return_weak_type_flag=True)
    (dtype('float64'), True)
    """
    if not arrays_and_dtypes:
        raise ValueError("result_type: at least one array or dtype is required")
    if any(map(leaves_lattice, arrays_and_dtypes)):   # strings, dates, records: NumPy's
        dt = _outside_result_type("result_type", arrays_and_dtypes)
        return (dt, False) if return_weak_type_flag else dt
    nodes = [_node_of_arg(a, "result_type") for a in arrays_and_dtypes]
    # Only Python scalars: their weak join's default dtype (NumPy and JAX:
    # result_type(3.0, -2) is float64); the standard asks for an array or a dtype.
    dt, weak = join_nodes(nodes, "result_type")
    return (dt, weak) if return_weak_type_flag else dt


def promote_types(type1, type2, /) -> np.dtype:
    """The join of two dtypes (``int``/``float``/``complex`` mean the weak nodes).

    Examples
    --------
    >>> wnp.promote_types(wnp.int8, wnp.uint8)
    dtype('int16')
    >>> wnp.promote_types(wnp.int8, int)
    dtype('int8')
    >>> wnp.promote_types(wnp.uint64, wnp.int64)
    dtype('float64')
    >>> wnp.promote_types(wnp.float16, wnp.bfloat16)
    dtype('float32')
    """
    return result_type(_as_dtype_arg(type1), _as_dtype_arg(type2))


def _as_dtype_arg(t):
    if t is builtins.bool or t is int or t is float or t is complex:
        return t
    return resolve_dtype(t, "promote_types")


def can_cast(from_, to, /, casting="safe") -> builtins.bool:
    """Whether ``from_`` (a dtype or an array) can be cast to ``to`` under ``casting``:
    NumPy's question and NumPy's answer (``'safe'`` by default: no value changes), for
    every weaknp dtype, ml_dtypes' included.

    It is not the lattice's question: ``can_cast(int64, float16)`` is False (float16
    cannot hold every int64) although promotion takes ``int64`` to ``float16`` when the
    two meet; ``weaknp.can_promote`` asks that.  (The Array API's tests accept both
    readings: they only check same-kind widenings, where the two agree.)

    Examples
    --------
    >>> wnp.can_cast(wnp.int8, wnp.int16), wnp.can_cast(wnp.int16, wnp.int8)
    (True, False)
    >>> wnp.can_cast("i8", "f4"), wnp.can_cast("i8", "f4", casting="same_kind")
    (False, True)
    >>> wnp.can_cast(wnp.float32, wnp.bfloat16), wnp.can_cast(wnp.bfloat16, wnp.float32)
    (False, True)
    """
    to_dt = resolve_dtype(to, "can_cast", outside=True)
    if isinstance(from_, Array):
        from_dt = from_.dtype
    elif type(from_) in (builtins.bool, int, float, complex):
        raise TypeError(f"can_cast: a Python {type(from_).__name__} has no dtype of its own "
                        f"(NumPy 2 refuses it too); ask wnp.can_promote({from_!r}, to) for "
                        f"the lattice's answer, or pass a dtype")
    else:
        from_dt = resolve_dtype(from_, "can_cast", outside=True)
    if casting not in ("no", "equiv", "safe", "same_kind", "unsafe"):
        raise ValueError(f"can_cast: casting must be 'no', 'equiv', 'safe', 'same_kind' or "
                         f"'unsafe', got {casting!r}")
    return builtins.bool(np.can_cast(from_dt, to_dt, casting))


def can_promote(from_, to, /) -> builtins.bool:
    """Whether promotion takes ``from_`` to ``to``: their join on the current lattice is
    the strong dtype ``to`` (the lattice's question; ``can_cast`` asks NumPy's).

    ``from_`` may be a dtype, an array or a Python scalar (weak).

    Examples
    --------
    >>> wnp.can_promote(wnp.int8, wnp.int16), wnp.can_promote(wnp.int16, wnp.int8)
    (True, False)
    >>> wnp.can_promote(wnp.int64, wnp.float16)   # int64 + float16 is float16
    True
    >>> wnp.can_promote(1.5, wnp.bfloat16)        # a weak float joins any float dtype
    True
    """
    to_dt = resolve_dtype(to, "can_promote")
    node = _node_of_arg(from_, "can_promote")
    res = current_lattice().table[node][STRONG_NODE[to_dt]]
    return res is not None and res[0] == to_dt and not res[1]


class finfo_object(NamedTuple):
    """Machine limits of a floating dtype, as Python floats (the standard's ``finfo``)."""
    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: np.dtype
    tiny: float
    resolution: float


class iinfo_object(NamedTuple):
    """Machine limits of an integer dtype, as Python ints (the standard's ``iinfo``)."""
    bits: int
    max: int
    min: int
    dtype: np.dtype


def _info_dtype(type_, function):
    if isinstance(type_, Array):
        return type_.dtype
    return resolve_dtype(type_, function)


def finfo(type, /) -> finfo_object:
    """Limits of a floating dtype (any of NumPy's or ml_dtypes'; complex gives its real part).

    Examples
    --------
    >>> wnp.finfo(wnp.float32).eps
    1.1920928955078125e-07
    >>> wnp.finfo(wnp.float16).max
    65504.0
    >>> wnp.finfo(wnp.bfloat16).bits
    16
    >>> wnp.finfo(wnp.complex64).dtype
    dtype('float32')
    """
    dt = _info_dtype(type, "finfo")
    if dt not in dtypes.FLOATING:
        raise TypeError(f"finfo: {dtypes.dtype_name(dt)} is not a floating dtype; use iinfo() for "
                        f"integers")
    real = dtypes.COMPLEX_TO_REAL.get(dt, dt)
    f = ml_dtypes.finfo(real) if real in dtypes.ML_DTYPES else np.finfo(real)
    return finfo_object(int(f.bits), float(f.eps), float(f.max), float(f.min),
                        float(f.smallest_normal), real, float(f.tiny), float(f.resolution))


def iinfo(type, /) -> iinfo_object:
    """Limits of an integer dtype (including ml_dtypes' int1/int2/int4/uint1/uint2/uint4).

    Examples
    --------
    >>> wnp.iinfo(wnp.int8)
    iinfo_object(bits=8, max=127, min=-128, dtype=dtype('int8'))
    >>> wnp.iinfo(wnp.uint8).max
    255
    >>> wnp.iinfo(wnp.int4).min
    -8
    """
    dt = _info_dtype(type, "iinfo")
    if dt not in dtypes.INTEGER:
        raise TypeError(f"iinfo: {dtypes.dtype_name(dt)} is not an integer dtype; use finfo() for "
                        f"floating dtypes")
    lo, hi = dtypes.INT_BOUNDS[dt]
    bits = (ml_dtypes.iinfo(dt) if dt in dtypes.ML_DTYPES else np.iinfo(dt)).bits
    return iinfo_object(int(bits), hi, lo, dt)


_KINDS = {
    "bool": dtypes.BOOL, "signed integer": dtypes.SIGNED, "unsigned integer": dtypes.UNSIGNED,
    "integral": dtypes.INTEGER, "real floating": dtypes.REAL_FLOAT, "complex floating": dtypes.COMPLEX,
    "numeric": dtypes.NUMERIC,
}


def isdtype(dtype, kind) -> builtins.bool:
    """Whether ``dtype`` is of ``kind``: a kind name of the standard, a dtype, or a tuple.

    The kinds include ml_dtypes types: bfloat16 and the float8 family are ``'real
    floating'``, int4 is ``'signed integer'``.

    Examples
    --------
    >>> wnp.isdtype(wnp.int8, "signed integer")
    True
    >>> wnp.isdtype(wnp.bfloat16, "real floating")
    True
    >>> wnp.isdtype(wnp.uint8, ("bool", "signed integer"))
    False
    >>> wnp.isdtype(wnp.float32, wnp.float32)
    True
    """
    dt = resolve_dtype(dtype, "isdtype")
    if isinstance(kind, tuple):
        return any(isdtype(dt, k) for k in kind)
    if isinstance(kind, str):
        try:
            return dt in _KINDS[kind]
        except KeyError:
            raise ValueError(f"isdtype: unknown kind {kind!r}; use one of "
                             f"{', '.join(map(repr, _KINDS))} or a dtype") from None
    return dt == resolve_dtype(kind, "isdtype")


def astype(x, dtype, /, *, copy=True, device=None):
    """Cast ``x`` to ``dtype`` (always strong).  ``copy=False`` returns ``x`` unchanged when
    no cast is needed.  Float to int truncates; out-of-range values follow NumPy, warning
    as NumPy does ("invalid value encountered in cast") under the user's ``errstate``.

    Examples
    --------
    >>> wnp.astype(wnp.asarray([1.7, -1.7]), wnp.int8)
    Array([ 1, -1], dtype=int8)
    >>> wnp.astype(wnp.asarray(2.0), wnp.float32)
    Array(2., dtype=float32)
    >>> wnp.astype(wnp.full(2, 3), wnp.int64)
    Array([3, 3], dtype=int64)
    """
    check_device(device, "astype")
    if not isinstance(x, Array):
        raise TypeError(f"astype: expected an Array, got {type(x).__name__}")
    dt = resolve_dtype(dtype, "astype", outside=True)
    d = x._data
    if d.dtype == dt and not copy:
        return x if not x._weak else wrap(d, False)
    if d.dtype != dt and (dtypes.is_outside(dt) or dtypes.is_outside(d.dtype)):
        return wrap(outside_cast(d, dt, "astype"))   # strings, dates: NumPy's cast
    return wrap(d.copy() if d.dtype == dt else dtype_rules.explicit_cast(d, dt), False)


def is_weakly_typed(x) -> builtins.bool:
    """True for weak arrays and for Python scalars (``int``/``float``/``complex``, not bool).

    Examples
    --------
    >>> wnp.is_weakly_typed(wnp.asarray(2.0))
    True
    >>> wnp.is_weakly_typed(wnp.asarray([2.0]))
    False
    >>> wnp.is_weakly_typed(2), wnp.is_weakly_typed(True)
    (True, False)
    """
    if isinstance(x, Array):
        return x._weak
    node = scalar_node(x) if not isinstance(x, (np.generic, np.ndarray)) else None
    return node is not None and node != STRONG_NODE[dtypes.bool_]


def implicit_cast(*args):
    """Convert arrays and scalars to their joined dtype on the current lattice.

    The helper MAX's design names ``implicit_cast`` (JAX has it internally as
    ``promote_args``): every operand comes back as an ``Array`` of the join's dtype.

    Parameters
    ----------
    *args : Array, ndarray, NumPy scalar or Python scalar
        At least one operand.

    Returns
    -------
    tuple of Array
        One array per operand, all of the same dtype.

    Notes
    -----
    Promotion: the weak flag of every result is the join's: ``implicit_cast(x_int8, 2)``
    gives two strong int8 arrays, ``implicit_cast(1, 2.0)`` two weak float64 0-d arrays.
    A Python int that does not fit raises ``OverflowError``; operands with no join raise
    ``TypePromotionError``.

    Examples
    --------
    >>> import weaknp as wnp
    >>> a, b = wnp.implicit_cast(wnp.asarray([1, 2], dtype=wnp.int8), 3)
    >>> b
    Array(3, dtype=int8)
    >>> [x.dtype.name for x in wnp.implicit_cast(wnp.asarray([1], dtype=wnp.uint8),
    ...                                          wnp.asarray([1], dtype=wnp.int8))]
    ['int16', 'int16']
    """
    if not args:
        raise TypeError("implicit_cast: give at least one array or scalar")
    ops = []
    for i, a in enumerate(args):
        o = operand(a)
        if o is None:
            raise TypeError(f"implicit_cast: argument {i} has unsupported type "
                            f"{type(a).__name__}; pass arrays or Python/NumPy scalars")
        ops.append(o)
    dt, weak = join_nodes([n for _, n in ops], "implicit_cast")
    return tuple(wrap(scalars.as_ndarray(payload, dt, "implicit_cast", n), weak) for payload,
                 n in ops)


del python_type_dtype
