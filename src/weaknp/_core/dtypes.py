"""Every dtype weaknp supports (NumPy's and ml_dtypes'), their kind sets, defaults and bounds.

This module is the one source of truth for "which dtypes exist and what kind each is".
Everything here is plain data computed once at import: ``np.dtype`` objects, frozensets
of them, and dicts keyed by them.  Nothing on the hot path builds ``iinfo``/``finfo``.

Note: ``np.dtype(ml_dtypes.int1)`` and ``np.dtype(ml_dtypes.uint1)`` hash equal (but
compare unequal), so dicts keyed by dtype still work; never key by ``hash(dtype)``.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

__all__ = [
    "ALL_DTYPES", "BOOL", "SIGNED", "UNSIGNED", "INTEGER", "REAL_FLOAT", "COMPLEX",
    "FLOATING", "NUMERIC", "INEXACT", "ISLANDS", "STANDARD_DTYPES", "NAMES", "SHORT",
    "INT_BOUNDS", "FLOAT_MAX", "COMPLEX_TO_REAL", "REAL_TO_COMPLEX", "to_dtype", "dtype_name",
    "native_equivalent",
    "kind_of", "is_ml_dtype", "DEFAULTS_X64", "DEFAULTS_X32", "check_int_span",
    "wider_int_fix", "out_of_range", "OPERAND", "STORED", "CREATED", "is_outside",
    "OUTSIDE_KINDS", "outside_kind", "variable_width_refused",
]

_d = np.dtype

bool_ = _d(np.bool_)
int8, int16, int32, int64 = _d(np.int8), _d(np.int16), _d(np.int32), _d(np.int64)
uint8, uint16, uint32, uint64 = _d(np.uint8), _d(np.uint16), _d(np.uint32), _d(np.uint64)
float16, float32, float64 = _d(np.float16), _d(np.float32), _d(np.float64)
complex64, complex128 = _d(np.complex64), _d(np.complex128)
bfloat16 = _d(ml_dtypes.bfloat16)

# The ml_dtypes narrow floats in JAX's order (reference §1).
SMALL_FLOAT_NAMES = (
    "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3",
    "float8_e8m0fnu", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz",
    "float8_e5m2", "float8_e5m2fnuz",
)
SMALL_FLOATS = tuple(_d(getattr(ml_dtypes, n)) for n in SMALL_FLOAT_NAMES)
NARROW_SIGNED = tuple(_d(getattr(ml_dtypes, n)) for n in ("int1", "int2", "int4"))
NARROW_UNSIGNED = tuple(_d(getattr(ml_dtypes, n)) for n in ("uint1", "uint2", "uint4"))

BOOL = frozenset({bool_})
SIGNED = frozenset({int8, int16, int32, int64, *NARROW_SIGNED})
UNSIGNED = frozenset({uint8, uint16, uint32, uint64, *NARROW_UNSIGNED})
INTEGER = SIGNED | UNSIGNED
REAL_FLOAT = frozenset({float16, float32, float64, bfloat16, *SMALL_FLOATS})
COMPLEX = frozenset({complex64, complex128})
FLOATING = REAL_FLOAT | COMPLEX
INEXACT = FLOATING
NUMERIC = INTEGER | FLOATING
#: Dtypes that never promote implicitly to another dtype (reference §3.1): sub-byte
#: integers and the float8/float6/float4 family.
ISLANDS = frozenset({*SMALL_FLOATS, *NARROW_SIGNED, *NARROW_UNSIGNED})
#: Real float dtypes with neither NaN nor inf (decision 55): a NaN converted into them
#: becomes +0 in weaknp, whatever the NaN's sign bit (ml_dtypes 0.6 keeps it: -0 for
#: the x86 default NaN of 0.0/0.0, +0 for np.nan, so results would depend on the CPU's
#: code path and on the ml_dtypes release).
NAN_LESS = frozenset(_d(getattr(ml_dtypes, n)) for n in
                     ("float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn"))
#: Dtypes whose arithmetic NumPy has no native loop for; weaknp computes them in a wider loop.
ML_DTYPES = frozenset({bfloat16, *SMALL_FLOATS, *NARROW_SIGNED, *NARROW_UNSIGNED})

#: The dtypes of the Array API standard, in the standard's order.
STANDARD_DTYPES = (
    bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
    float32, float64, complex64, complex128,
)

#: Every supported dtype, in a fixed order (bool, unsigned, signed, floats, complex).
ALL_DTYPES = (
    bool_,
    *NARROW_UNSIGNED, uint8, uint16, uint32, uint64,
    *NARROW_SIGNED, int8, int16, int32, int64,
    *SMALL_FLOATS, bfloat16, float16, float32, float64,
    complex64, complex128,
)

#: The name users write for each dtype (``bool`` rather than NumPy's ``bool_``).
NAMES = {dt: ("bool" if dt == bool_ else dt.name) for dt in ALL_DTYPES}
_BY_NAME = {name: dt for dt, name in NAMES.items()}
_BY_NAME["bool_"] = bool_

#: Short names used in promotion tables (JAX's docs layout: kind + itemsize in bytes).
SHORT = {
    bool_: "b1", uint8: "u1", uint16: "u2", uint32: "u4", uint64: "u8",
    int8: "i1", int16: "i2", int32: "i4", int64: "i8", bfloat16: "bf",
    float16: "f2", float32: "f4", float64: "f8", complex64: "c8", complex128: "c16",
}


def _int_bounds(dt: np.dtype) -> tuple[int, int]:
    info = ml_dtypes.iinfo(dt) if dt in ML_DTYPES else np.iinfo(dt)
    return int(info.min), int(info.max)


#: (min, max) of every integer dtype, as Python ints.
INT_BOUNDS = {dt: _int_bounds(dt) for dt in INTEGER}
INT_BOUNDS[bool_] = (0, 1)

#: Largest finite value of every real floating dtype, as a Python float.
FLOAT_MAX = {
    dt: float((ml_dtypes.finfo(dt) if dt in ML_DTYPES else np.finfo(dt)).max) for dt in REAL_FLOAT
}

COMPLEX_TO_REAL = {complex64: float32, complex128: float64}
REAL_TO_COMPLEX = {float32: complex64, float64: complex128}

#: Default dtypes per kind ("int", "uint", "float", "complex", "indexing") for JAX's
#: x64 mode (weaknp's default) and x32 mode.
DEFAULTS_X64 = {"bool": bool_, "int": int64, "uint": uint64, "float": float64,
                "complex": complex128, "indexing": int64}
DEFAULTS_X32 = {"bool": bool_, "int": int32, "uint": uint32, "float": float32,
                "complex": complex64, "indexing": int32}


def kind_of(dt: np.dtype) -> str:
    """Return ``"bool"``, ``"int"``, ``"float"`` or ``"complex"`` for a supported dtype."""
    if dt in INTEGER:
        return "int"
    if dt in REAL_FLOAT:
        return "float"
    if dt in COMPLEX:
        return "complex"
    if dt == bool_:
        return "bool"
    raise TypeError(f"unsupported dtype {dt!r}")


def is_ml_dtype(dt: np.dtype) -> bool:
    return dt in ML_DTYPES


def dtype_name(dt) -> str:
    """The name users write for a dtype (``int8``, ``bfloat16``, ``bool``)."""
    try:
        return NAMES[dt]
    except (KeyError, TypeError):
        return str(dt)


#: The role of an integer value that does not fit a dtype, which decides the fix its
#: message advises (``out_of_range``): an operand of an operation, a value stored into an
#: existing array, a value of an array being created with ``dtype=``.
OPERAND, STORED, CREATED = "operand", "stored", "created"


def out_of_range(function: str, what: str, value, dt: np.dtype,
                 role: str = OPERAND) -> OverflowError:
    """The one message of an integer value outside integer ``dt``'s range:
    ``"<function>: <what> <value> is out of bounds for <dt> (range lo..hi); <fix>"``.

    The fix follows the value's role: an ``OPERAND`` asks to cast the array to a wider
    dtype, a value ``STORED`` into an array asks to cast that array first, a value
    ``CREATED`` with ``dtype=`` asks for a wider ``dtype=`` (``wider_int_fix``).

    >>> import numpy as np
    >>> from weaknp._core.dtypes import CREATED, out_of_range
    >>> print(out_of_range("full", "Python int", 1000, np.dtype("int8"), CREATED))
    full: Python int 1000 is out of bounds for int8 (range -128..127); pass dtype=int16 (or wider)
    """
    lo, hi = INT_BOUNDS[dt]
    if role == CREATED:
        fix = wider_int_fix(dt, value)
    else:
        wider = _wider_int(dt, value, keep_values=True)
        to = f"{wider.name} (or wider)" if wider is not None else "float64"
        fix = (f"cast the array explicitly with astype() to {to} first" if role == OPERAND
               else f"cast the array it is stored into with astype() to {to} first")
    return OverflowError(f"{function}: {what} {value} is out of bounds for {dtype_name(dt)} "
                         f"(range {lo}..{hi}); {fix}")


def check_int_span(function: str, what: str, lowest: int, highest: int, dt: np.dtype,
                   role: str = OPERAND) -> None:
    """Raise ``out_of_range`` when ``lowest..highest`` leaves integer ``dt``'s range (the
    value named is the first bound that does not fit): the one integer range check of
    values being stored, created or narrowed from a weak array."""
    lo, hi = INT_BOUNDS[dt]
    if lowest < lo or highest > hi:
        raise out_of_range(function, what, lowest if lowest < lo else highest, dt, role)


#: The integer dtypes a value out of range is pointed to, narrowest first (``wider_int_fix``).
_WIDER_INTS = (int8, uint8, int16, uint16, int32, uint32, int64, uint64)


def _wider_int(dt: np.dtype, value: int, keep_values: bool = False):
    """The narrowest integer dtype at least as wide as ``dt`` that holds ``value`` (and,
    with ``keep_values``, every value of ``dt``, so an array can be cast to it), or None."""
    for cand in _WIDER_INTS:
        lo, hi = INT_BOUNDS[cand]
        if cand.itemsize >= dt.itemsize and lo <= value <= hi and not (
                keep_values and (INT_BOUNDS[dt][0] < lo or INT_BOUNDS[dt][1] > hi)):
            return cand
    return None


def wider_int_fix(dt: np.dtype, value: int) -> str:
    """The fix for integer ``value`` out of ``dt``'s range in a call with ``dtype=``: the
    narrowest integer dtype at least as wide as ``dt`` that holds it, else float64
    (``2**64`` fits no integer)."""
    cand = _wider_int(dt, value)
    if cand is not None:
        return f"pass dtype={cand.name}" + (" (or wider)" if cand.itemsize < 8 else "")
    return "no integer dtype holds it: pass dtype=float64 (exact only up to 2**53)"


_SUPPORTED = frozenset(ALL_DTYPES)

#: NumPy's dtype kinds outside the lattice, carried with NumPy's own rules (decision 72):
#: strings (``U``), bytes (``S``), datetime64 (``M``), timedelta64 (``m``), and void,
#: which holds the structured (record) dtypes.  ``object`` (``O``) stays refused.
# NumPy differs: its variable-width StringDType (kind ``T``) is refused too: its arrays
# hold pointers into an arena, not the values (no buffer to share, no view as bytes), and
# its na_object may be any Python object.  Fixed-width ``U`` carries the same text:
# ``astype('U<n>')``.  Decision 79.
OUTSIDE_KINDS = frozenset("USMmV")


def is_outside(dt) -> bool:
    """Whether ``dt`` (an ``np.dtype``) is a dtype outside the lattice that weaknp carries
    with NumPy's own rules: a string, bytes, datetime64, timedelta64, void or record dtype
    (a number with fields, NumPy's union ``dtype((int16, {'x': (int8, 0)}))``, too)."""
    return (dt.kind in OUTSIDE_KINDS or dt.names is not None) and dt not in _SUPPORTED
    # (ml_dtypes' kind is V too: they are in _SUPPORTED)


def variable_width_refused(function: str) -> TypeError:
    """The refusal of NumPy's StringDType (kind ``T``), with its fix (decision 79)."""
    return TypeError(f"{function}: NumPy's variable-width StringDType is not supported "
                     f"(weaknp carries fixed-width strings); convert it to a sized str "
                     f"dtype first: x.astype('U<n>') for strings of at most n characters")


def _object_refused(function: str, obj) -> TypeError:
    return TypeError(f"{function}: dtype {obj!r} (object) is not supported: weaknp arrays "
                     f"hold numbers, strings, bytes, dates and records, not Python objects; "
                     f"use a numeric, str or structured dtype, or a list of Arrays")


def native_equivalent(obj):
    """The native-order dtype of a non-native numeric spelling (``'>i2'`` on a little-endian
    machine: int16), or None for anything else.  weaknp arrays hold native byte order
    (decision 96): non-native data is read converted to it."""
    if not isinstance(obj, (str, np.dtype)) or obj in _BY_NAME:
        return None
    try:
        dt = np.dtype(obj)
    except (TypeError, ValueError, SyntaxError):
        return None
    if dt.isnative or dt.names is not None:
        return None
    native = dt.newbyteorder("=")
    return native if native in _SUPPORTED else None


def _non_native_refused(function: str, obj, native) -> TypeError:
    return TypeError(f"{function}: {obj!r} is a non-native byte order, and weaknp arrays hold "
                     f"native byte order (decision 96); pass {NAMES.get(native, native)} (the "
                     f"same values), and for bytes in the other order use "
                     f"numpy.asarray(x).astype({str(np.dtype(obj))!r}).tobytes()")


def to_dtype(obj, *, function: str = "dtype", outside: bool = False) -> np.dtype:
    """Convert any dtype spelling (np.dtype, name, scalar type, weaknp dtype) to ``np.dtype``.

    Python's ``bool``/``int``/``float``/``complex`` are *not* handled here: what they mean
    depends on the promotion mode's defaults, which callers above this layer resolve.
    With ``outside``, the dtypes outside the lattice (``is_outside``: strings, records,
    dates, void; Python's ``str`` and ``bytes`` too) are accepted as well.
    Raises ``TypeError`` naming ``function`` for anything that is not a supported dtype.
    """
    if outside and not isinstance(obj, np.dtype):
        try:
            dt = np.dtype(obj)
        except (TypeError, ValueError, SyntaxError):
            dt = None
        if dt is not None and is_outside(dt) and not (isinstance(obj, str) and obj in _BY_NAME):
            return dt
    elif outside and is_outside(obj):
        return obj
    if isinstance(obj, np.dtype):
        dt = obj
    elif isinstance(obj, str):
        dt = _BY_NAME.get(obj)
        if dt is None:
            try:
                dt = np.dtype(obj)
            except TypeError:
                dt = None
    else:
        try:
            # A scalar type (np.int8) has a ``dtype`` class attribute that is a descriptor.
            dt = np.dtype(obj if isinstance(obj, type) else getattr(obj, "dtype", obj))
        except TypeError:
            dt = None
    if dt is not None and dt.kind == "O":
        raise _object_refused(function, obj)
    if dt is not None and dt.kind == "T":
        raise variable_width_refused(function)
    if dt is None or dt not in _SUPPORTED:
        native = native_equivalent(obj)
        if native is not None:
            raise _non_native_refused(function, obj, native)
        names = ", ".join(NAMES[d] for d in STANDARD_DTYPES)
        if dt is not None and is_outside(dt):
            raise TypeError(f"{function}: dtype {dt} is a {outside_kind(dt)} dtype, outside "
                            f"the numeric lattice; {function} takes one of {names}, bfloat16 "
                            f"or another ml_dtypes type")
        raise TypeError(
            f"{function}: {obj!r} is not a dtype weaknp supports; "
            f"use one of {names}, bfloat16 or another ml_dtypes type"
        )
    return dt


def outside_kind(dt) -> str:
    """The word messages use for a dtype outside the lattice: ``string``, ``bytes``,
    ``datetime64``, ``timedelta64``, ``record`` or ``void``."""
    if dt.kind == "V" or dt.names is not None:
        return "record" if dt.names is not None else "void"
    return {"U": "string", "S": "bytes", "M": "datetime64", "m": "timedelta64"}[dt.kind]

