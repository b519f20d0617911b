"""The kernel that calls NumPy: promote -> check kinds -> result rule -> narrow scalars -> ufunc.

This is the one place a Python scalar is narrowed to a dtype (with the overflow check) and
the one place NumPy ufuncs are called for elementwise work.  Every call pins NumPy's loop
(``signature=``) unless NumPy's own resolution for the operand dtypes was checked, when the
plan was built, to be exactly the loop weaknp chose.  Returns ``(ndarray, weak)``; never
imports ``Array``.  The hot path that runs these plans is ``_dispatch`` (compiled when
built): everything it executes is derived here.
"""

from __future__ import annotations

import math
import warnings
from typing import NamedTuple

import ml_dtypes
import numpy as np

from . import dtypes as D
from .errors import TypePromotionError
from .lattice import STRONG_NODE, WEAK_NODES
from .lattice import BUILTIN, NODE_DTYPE, WEAK_NODE, Node
from .ops import BY_NAME, INEXACT_MAP, Op
from .promotion import current_lattice, promotion_error

__all__ = ["Plan", "plan_for", "narrow_scalar", "weak_values", "strong_values",
           "compare_beyond", "EntrySpec", "entry_spec", "call_code", "mode_cache",
           "MAX_LATTICE_CACHES", "inplace", "clip", "matmul", "cast", "as_ndarray",
           "result_dtype", "shape_error", "check_pow"]

_ndarray = np.ndarray
_asarray = np.asarray
_ML = D.ML_DTYPES
_INT_BOUNDS = D.INT_BOUNDS
_FLOAT_MAX = D.FLOAT_MAX
_INTEGER = D.INTEGER
_REAL_FLOAT = D.REAL_FLOAT
_COMPLEX = D.COMPLEX
_BOOL_DT = D.bool_
_NAN_LESS = D.NAN_LESS
_INT1 = D.NARROW_SIGNED[0]
_INT64_UINT64 = {D.int64, D.uint64}


def _probe_array_out():
    """``...`` where ufuncs accept ``out=...`` (NumPy >= 2.3: always return an ndarray, never
    a NumPy scalar, saving an ``asarray`` per 0-d result), else ``None`` (the default)."""
    try:
        return ... if type(np.add(np.ones(()), 1, out=...)) is np.ndarray else None
    except (TypeError, ValueError):
        return None


#: Pass as ``out=ARRAY_OUT`` to every ufunc call whose result becomes an Array.
ARRAY_OUT = _probe_array_out()


class Plan(NamedTuple):
    """How one op computes for one promoted dtype (cached per op and dtype)."""
    in_dt: np.dtype     # operands are narrowed / cast to this dtype
    sig: tuple          # the NumPy loop, pinned: (loop,)*nin + (loop output,)
    out: np.dtype       # the result dtype (differs from the loop output for ml_dtypes)
    direct: bool        # NumPy resolves (in_dt,)*nin to exactly ``sig``: no kwargs needed
    keeps_weak: bool    # result carries the join's weak flag (False for bool results)
    cast_back: bool     # loop output must be cast to ``out`` (ml_dtypes computed wider)


_PLANS: dict = {}


#: Ops whose value in a wider float loop, rounded back, is not the op on the narrow type
#: (the next float after 1 in float32 rounds back to 1 in bfloat16): ml_dtypes' own loop.
_NARROW_LOOP_OPS = frozenset({"nextafter", "spacing"})


def _loop_dtype(dt: np.dtype, op_name: str = "") -> np.dtype:
    """NumPy computes ml_dtypes types in a wider native loop (bit-identical, much faster)."""
    if dt in _ML and op_name in _NARROW_LOOP_OPS and dt in _REAL_FLOAT:
        return dt
    if dt in _ML:
        # NumPy differs: ml_dtypes' own loops are slower beyond a few thousand elements
        # (``own_loop_sig`` uses them below) and bfloat16 + 1.5 is float32 there (decision 16).
        return D.int32 if dt in _INTEGER else D.float32
    return dt


def result_dtype(op: Op, dt: np.dtype) -> np.dtype:
    """The op's result dtype for promoted dtype ``dt`` (the result rule, no kind check)."""
    rule = op.rule
    if rule == "inexact":
        return INEXACT_MAP.get(dt, dt)
    if rule == "numeric":
        return D.int32 if dt == _BOOL_DT else dt
    if rule == "real":
        return D.COMPLEX_TO_REAL.get(dt, dt)
    if rule in ("bool", "logical"):
        return _BOOL_DT
    return dt


def _kind_error(op: Op, dt: np.dtype, weak: bool) -> TypeError:
    what = "weak " + D.kind_of(dt) if weak else D.dtype_name(dt)
    kinds = sorted({D.kind_of(d) for d in op.accepts})
    return TypeError(
        f"{op.name}: not defined for {what} inputs (accepts {', '.join(kinds)} dtypes); "
        f"cast explicitly with astype() to a dtype it accepts")


def plan_for(op: Op, dt: np.dtype, weak: bool = False) -> Plan:
    """The plan for ``op`` on operands promoted to ``dt`` (built once, then cached)."""
    key = (op.name, dt)
    plan = _PLANS.get(key)
    if plan is not None:
        return plan
    if dt not in op.accepts:
        raise _kind_error(op, dt, weak)
    res = result_dtype(op, dt)
    rule = op.rule
    if rule in ("inexact", "numeric"):
        in_dt = res
    elif rule == "logical":
        in_dt = _BOOL_DT
    else:
        in_dt = dt
    loop = _loop_dtype(in_dt, op.name)
    nin = op.arity
    if rule in ("bool", "logical"):
        loop_out = _BOOL_DT
    elif rule == "real":
        loop_out = D.COMPLEX_TO_REAL.get(loop, loop)
    else:
        loop_out = loop
    sig = (loop,) * nin + (loop_out,)
    if isinstance(op.ufunc, np.ufunc) and not _has_loop(op.ufunc, sig):
        # NumPy has no loop for this dtype (conj/positive of bool, signbit of integers):
        # compute in a wider dtype whose values convert exactly, then cast back.
        loop = (D.float64 if rule == "bool" else D.uint8 if loop == _BOOL_DT else
                D.complex128 if loop in D.COMPLEX else D.float64)
        loop_out = _BOOL_DT if rule in ("bool", "logical") else loop
        sig = (loop,) * nin + (loop_out,)
    direct = False
    # ml_dtypes types are never "direct": NumPy's own resolution of bfloat16 with a Python
    # scalar is a float32 loop, and ``direct`` is also trusted for scalar operands.
    if isinstance(op.ufunc, np.ufunc) and loop == in_dt and in_dt not in _ML:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                direct = tuple(op.ufunc.resolve_dtypes((in_dt,) * nin + (None,))) == sig
        except Exception:  # noqa: BLE001 - no such loop: call with the pinned signature
            direct = False
    plan = Plan(in_dt, sig, res, direct, rule not in ("bool", "logical"), loop_out != res)
    _PLANS[key] = plan
    return plan


def _has_loop(ufunc: np.ufunc, sig: tuple) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found = ufunc.resolve_dtypes(sig[:-1] + (None,), casting="unsafe")
        return tuple(found[:-1]) == sig[:-1]
    except Exception:  # noqa: BLE001 - "no loop" comes as several exception types
        return False


# ---------------------------------------------------------------------------------------
# Python scalars and weak arrays: the one place they are narrowed to a dtype.

def narrow_scalar(value, dt: np.dtype, function: str):
    """Check a Python scalar against ``dt`` and return the value NumPy should receive.

    An int that does not fit an integer dtype raises ``OverflowError`` (NumPy 2 does the
    same; JAX silently wraps).  A finite float or int beyond a float dtype's range becomes
    ±inf (or NaN for types without inf), as in JAX, without NumPy's overflow warning.
    """
    t = type(value)
    if t is bool:
        if dt == _BOOL_DT:
            return value
        # A bool meets a number dtype as the int it is (True is 1): it is range-checked
        # (True does not fit int1, whose values are -1..0) and rounded into the narrow
        # float types like any int (False is NaN in float8_e8m0fnu, which has no zero).
        # JAX differs: it casts True to int1's -1 and skips the e8m0 rounding of False.
        # Decision 52.
        what, value, t = f"Python bool {value}", int(value), int
    else:
        what = f"Python int {value}"
    if dt in _INTEGER:
        lo, hi = _INT_BOUNDS[dt]
        # JAX differs: it wraps out-of-range Python ints silently (int8 + 1000 -> -24).
        # Decision 2.
        if not lo <= value <= hi:
            raise OverflowError(
                f"{function}: {what} is out of bounds for {D.dtype_name(dt)} "
                f"(range {lo}..{hi}); cast the array explicitly with astype() to a wider dtype")
        return value
    if t is int:
        if not -_F64_EXACT <= value <= _F64_EXACT and dt != D.float64 and (
                dt in _MANT_BITS or dt == D.complex64):
            # round the exact integer once, into dt's precision: float(value) first would
            # round twice (int -> float64 -> float32 gives 2**53 for 2**53 + 2**29 + 1,
            # whose correctly rounded float32 is 2**53 + 2**30)
            # NumPy differs: it rounds through float64 (twice).  Decision 63.
            value = _round_int(value, _MANT_BITS[D.COMPLEX_TO_REAL.get(dt, dt)])
        try:
            value = float(value)
        except OverflowError:
            if dt == _BOOL_DT:   # read as a truth value (logical_and(x, 2**1100))
                return True
            raise OverflowError(
                f"{function}: Python int {_short_int(value)} is too large to convert to "
                f"{D.dtype_name(dt)} (largest finite value "
                f"{_FLOAT_MAX[D.COMPLEX_TO_REAL.get(dt, dt)]:g}); pass float('inf') or "
                f"scale the values first") from None
    if dt in _COMPLEX:
        if dt == D.complex64:
            # NumPy differs: it warns "overflow encountered in cast"; JAX and weaknp give
            # inf quietly (the same rule as for a real float dtype) (decision 15).
            with np.errstate(over="ignore", invalid="ignore"):
                return complex(np.complex64(value))
        return value
    # real float target, value int or float
    fmax = _FLOAT_MAX.get(dt)
    # NumPy differs: it warns "overflow encountered in cast"; JAX and weaknp give inf quietly.
    # Decision 15.
    if (fmax is not None and abs(value) > fmax and math.isfinite(value)) or dt in _ML:
        # Beyond the range, or an ml_dtypes type: round to the narrow type first, as JAX
        # does, then compute in the wide loop.
        return float(cast(np.array(value), dt))
    return value


#: Every int in -2**53..2**53 is a float64; float() of a larger one rounds.
_F64_EXACT = 2 ** 53
#: Significand bits (with the implicit one) of the real float dtypes.
_MANT_BITS = {dt: int((ml_dtypes.finfo(dt) if dt in _ML else np.finfo(dt)).nmant) + 1
              for dt in _REAL_FLOAT}


def _round_int(v: int, bits: int) -> int:
    """``v`` rounded to ``bits`` significant bits, ties to even: the integer a float type
    with that precision (and the range) holds for it, so a later float() is exact."""
    m = abs(v)
    shift = m.bit_length() - bits
    if shift <= 0:
        return v
    q, r = divmod(m, 1 << shift)
    half = 1 << (shift - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return (q << shift) if v > 0 else -(q << shift)


def _short_int(v: int) -> str:
    """An int for a message: its digits, or its size when it has more than 30."""
    text = str(v)
    return text if len(text) <= 30 else f"{'-' if v < 0 else ''}~2**{abs(v).bit_length() - 1}"


def weak_values(v: np.ndarray, dt: np.dtype, function: str) -> np.ndarray:
    """A weak array's values as an ndarray of ``dt``, by the rule of the Python scalars it holds.

    The one rule for a weak (n-d or 0-d) array meeting a dtype: every element is treated
    as the Python scalar it came from -- an integer outside an integer dtype's range raises
    ``OverflowError`` (never a wrap), ints and floats beyond a float dtype's range become
    ±inf quietly, narrow types are rounded from the exact value.  Comparisons answer
    out-of-range elements mathematically instead (``compare_beyond``).
    """
    src = v.dtype
    if src == dt:
        return v
    if dt in _INTEGER:
        if v.size:
            if v.ndim == 0:
                mn = mx = int(v)
            else:
                mn, mx = int(v.min()), int(v.max())
            # JAX differs: it wraps the values of a weak array (int8 + full(2, 1000)).
            # Decision 40.
            D.check_int_span(function, "weak int array value", mn, mx, dt,
                             "cast the array explicitly with astype() to a wider dtype")
        return v.astype(dt)
    if src.kind in "iu" and dt in _ML:
        v = cast(v, D.float64)   # as float(python_int): one rounding, into the narrow type
    return cast(v, dt)


def _range_of(dt: np.dtype):
    """(lo, hi) of ``dt``'s finite values for the range checks of comparisons, or None."""
    if dt in _INTEGER:
        return _INT_BOUNDS[dt]
    fmax = _FLOAT_MAX.get(dt) or _FLOAT_MAX.get(D.COMPLEX_TO_REAL.get(dt))
    return None if fmax is None else (-fmax, fmax)


def _beyond_scalar(v, dt: np.dtype) -> int:
    """+1 / -1 when the Python number ``v`` lies above / below every finite value of
    ``dt`` (2 for a complex beyond complex64's range), else 0."""
    rng = _range_of(dt)
    if rng is None or (type(v) is bool and dt not in _INTEGER):
        return 0
    lo, hi = rng
    t = type(v)
    if t is complex:
        if dt in _COMPLEX and (_beyond_scalar(v.real, dt) or _beyond_scalar(v.imag, dt)):
            return 2
        return 0
    if t is float and not math.isfinite(v):
        return 0
    return 1 if v > hi else -1 if v < lo else 0


def _beyond_masks(v: np.ndarray, dt: np.dtype):
    """(above, below) bool masks of a weak array's elements beyond ``dt``'s range."""
    lo, hi = _range_of(dt)
    if v.dtype.kind in "iu":
        return v > hi, v < lo
    if v.dtype.kind == "c":
        beyond = ((np.abs(v.real) > hi) & np.isfinite(v.real)) | (
            (np.abs(v.imag) > hi) & np.isfinite(v.imag))
        return beyond, np.zeros_like(beyond)
    with np.errstate(invalid="ignore"):
        fin = np.isfinite(v)
        return (v > hi) & fin, (v < lo) & fin


_MIRRORED = {"less": "greater", "greater": "less", "less_equal": "greater_equal",
             "greater_equal": "less_equal", "equal": "equal", "not_equal": "not_equal"}
_COMPARE_UFUNC = {"less": np.less, "greater": np.greater, "less_equal": np.less_equal,
                  "greater_equal": np.greater_equal, "equal": np.equal,
                  "not_equal": np.not_equal}


def _complex_order_beyond(name: str, x, v, dt: np.dtype, function: str):
    """``x OP v`` for an ordered comparison done in complex ``dt`` where ``v`` (a number or
    a weak array) has values beyond ``dt``'s range: NumPy's lexicographic order on the
    exact values (a NaN part anywhere gives False), the other elements of a weak array
    rounded into ``dt`` first, as the Python scalars they hold.  ``None`` when nothing lies
    beyond the range.  One rule for numbers and weak arrays (``complex64 [inf+0j] >
    3.5e38`` and ``> weak [3.5e38]`` are both True; ``complex64 [nanj] < 2**1100`` False).
    """
    if type(v) is _ndarray:
        above, below = _beyond_masks(v, dt)
        beyond = above | below
        if not beyond.any():
            return None
        inner = weak_values(np.where(beyond, np.zeros((), v.dtype), v), dt, function)
        vv = np.where(beyond, cast(v, D.complex128), cast(inner, D.complex128))
    else:
        b = _beyond_scalar(v, dt)
        if b == 0:
            return None
        # An int past every finite value of dt orders against dt's values (finite, ±inf)
        # exactly as float64's largest finite value of its sign does, which NumPy holds
        # exactly (float(2**1100) overflows; float(3.5e38 + 1) might round).
        big = _FLOAT_MAX[D.float64]
        vv = complex(v) if type(v) is not int else complex(big if v > 0 else -big)
    if type(x) is not _ndarray:
        x = _scalar_array(narrow_scalar(x, dt, function), dt)
    with np.errstate(invalid="ignore"):
        r = _COMPARE_UFUNC[name](cast(x, D.complex128), vv)
    return np.array(r, dtype=_BOOL_DT)


def compare_beyond(name: str, x, v, dt: np.dtype, function: str, *, reflected: bool):
    """``x OP v`` (``v OP x`` when ``reflected``) for a number or weak array ``v`` with
    values beyond the range of ``dt``, the dtype the comparison is done in: the
    mathematically right answer for those elements, no wrap and no cast to inf.

    ``int8_array < 1000`` is all True, ``float64 [inf, nan] < 2**1100`` is
    ``[False, False]``; the other elements are compared as usual.  ``None`` when nothing
    lies beyond the range (compare as usual).
    """
    # JAX differs: it rounds the number to the dtype first (float32 [inf] > 1e300 is False
    # there) and wraps ints (int8_array < 1000 is all False) (decision 41).
    if reflected:
        name = _MIRRORED[name]
    if type(v) is _ndarray and v.ndim == 0:
        v = v.item()   # a weak 0-d array is its Python scalar
    if dt in _COMPLEX and name not in ("equal", "not_equal"):
        # JAX differs: it rounds the number into complex64 first (decision 41).
        return _complex_order_beyond(name, x, v, dt, function)
    if type(v) is _ndarray:
        if _range_of(dt) is None or (dt in _COMPLEX and name not in ("equal", "not_equal")):
            return None
        above, below = _beyond_masks(v, dt)
        if not (above.any() or below.any()):
            return None
        inner = weak_values(np.where(above | below, np.zeros((), v.dtype), v), dt, function)
    else:
        b = _beyond_scalar(v, dt)
        # (a real number beyond complex64's range orders by the real part, as NumPy's
        # lexicographic complex order: complex64 [1+0j] < 2**1100 is True)
        if b == 0 or (b == 2 and name not in ("equal", "not_equal")):
            return None
        above, below, inner = b > 0, b < 0, None
    if type(x) is not _ndarray:
        x = _scalar_array(narrow_scalar(x, dt, function), dt)
    x = cast(x, dt)
    # What x OP (a value past every finite value of dt) is, above and below:
    if name in ("equal", "not_equal"):
        up = down = np.asarray(name == "not_equal")
    elif dt in _INTEGER:
        up, down = np.asarray(name in ("less", "less_equal")), np.asarray(
            name in ("greater", "greater_equal"))
    else:
        xr = cast(x.real if dt in _COMPLEX else x, D.float64)
        if name in ("less", "less_equal"):
            up, down = xr < np.inf, xr == -np.inf
        else:
            up, down = xr == np.inf, xr > -np.inf
    if inner is None:
        r = np.where(above, up, down)
        shape = x.shape
    else:
        loop = _loop_dtype(dt)
        r0 = _COMPARE_UFUNC[name](cast(x, loop), cast(inner, loop))
        r = np.where(above, up, np.where(below, down, r0))
        shape = np.broadcast_shapes(x.shape, v.shape)
    return np.array(np.broadcast_to(r, shape), dtype=_BOOL_DT)


def _has_beyond(v, dt: np.dtype) -> bool:
    """Whether a number or weak array has a value beyond ``dt``'s finite range."""
    if type(v) is _ndarray:
        if v.ndim:
            if _range_of(dt) is None:
                return False
            above, below = _beyond_masks(v, dt)
            return bool(above.any() or below.any())
        v = v.item()
    return _beyond_scalar(v, dt) != 0


def check_pow(a, b, function: str):
    """Integer ``x ** y`` with a negative ``y`` has no integer result: refuse before writing."""
    if type(b) is _ndarray:
        neg = b.size and b.dtype in D.SIGNED and bool((b < 0).any())
        first = b[b < 0].flat[0] if neg else None
    else:
        neg = b < 0
        first = b
    if neg:
        # NumPy differs: "Integers to negative integer powers are not allowed." (no name);
        # JAX returns 0 (or garbage) silently (decision 44).
        raise ValueError(
            f"{function}: an integer raised to a negative integer power ({first}) has no "
            f"integer result; cast the base to a float dtype with astype() first")


# ---------------------------------------------------------------------------------------
# Calling NumPy.

def _call(op: Op, sig: tuple, cast_back: bool, out: np.dtype, args):
    """Call the op's NumPy function with the loop pinned to ``sig``."""
    ufunc = op.ufunc
    if isinstance(ufunc, np.ufunc):
        r = ufunc(*args, signature=sig, casting="unsafe")
    else:  # np.real / np.imag / np.round are functions, not ufuncs
        a = cast(args[0], sig[0])
        r = ufunc(a)
        # NumPy differs: np.real/np.imag give views of the input (or read-only zeros); the
        # functions return a new, writable array like every other op (the attributes
        # x.real/x.imag are the views) (decision 36)
        if r is a or r.base is not None or not r.flags.writeable:
            r = r.copy()
    if cast_back:
        r = cast(r, out)
    elif type(r) is not _ndarray:
        r = _asarray(r)
    return r


def cast(x, dt: np.dtype):
    """``x.astype(dt)`` as an ndarray, without NumPy's cast warnings (weaknp chose the cast)."""
    x = _asarray(x)
    if x.dtype == dt:
        return x
    with np.errstate(all="ignore"):
        return _converted(x, dt)


def explicit_cast(x, dt: np.dtype):
    """``x.astype(dt)`` as an ndarray for a cast the user asked for (``astype``,
    ``copyto(casting="unsafe")``, ``np.asarray(x, dtype=)``): NumPy's floating-point cast
    warnings ("invalid value encountered in cast") follow the user's ``errstate``, as in
    NumPy; hiding them is for the casts weaknp does on its own behalf (``cast``).  The
    complex-to-real ``ComplexWarning`` stays quiet (decision 56)."""
    x = _asarray(x)
    if x.dtype == dt:
        return x
    return _converted(x, dt)


def _converted(x: np.ndarray, dt: np.dtype) -> np.ndarray:
    """The one conversion of ``cast`` and ``explicit_cast``: complex to real drops the
    imaginary part without NumPy's ``ComplexWarning`` (decision 56); a NaN into a type
    without NaN is +0, whatever its sign bit (decision 55)."""
    if x.dtype in _COMPLEX and dt not in _COMPLEX:   # catch_warnings costs ~3 us: only here
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
            r = x.astype(dt)
    else:
        r = x.astype(dt)
    if dt in _NAN_LESS and (x.dtype in _REAL_FLOAT or x.dtype in _COMPLEX) and x.size:
        # ml_dtypes maps NaN to a zero with the NaN's sign bit; weaknp's is +0
        nan = np.isnan(x.real if x.dtype in _COMPLEX else x)
        if nan.any():
            r[nan] = 0
    return r


def strong_values(x: np.ndarray, dt: np.dtype, function: str) -> np.ndarray:
    """A strong array cast to the joined ``dt``: exact except bool -> int1 (True is 1,
    which int1 cannot hold), which is checked (``OverflowError``) instead of wrapping."""
    if dt == _INT1 and x.dtype == _BOOL_DT:
        return _prepare(x, 3, dt, function)
    return cast(x, dt)


def as_ndarray(x, dt: np.dtype, function: str, node=None):
    """A Python scalar or ndarray operand (at lattice ``node``) as an ndarray of ``dt``:
    scalars and weak arrays are checked (``narrow_scalar``, ``weak_values``)."""
    if type(x) is _ndarray:
        return weak_values(x, dt, function) if node in WEAK_NODES else \
            strong_values(x, dt, function)
    return _asarray(narrow_scalar(x, dt, function), dtype=dt) if dt not in _ML else cast(
        np.asarray(narrow_scalar(x, dt, function)), dt)


def _prep_code(src: np.dtype, in_dt: np.dtype, loop: np.dtype, comparison: bool = False) -> int:
    """How an array operand of dtype ``src`` reaches a loop for ``in_dt``: 0 NumPy casts it
    inside the loop (exact, or rounded once into ``in_dt`` itself); 1 cast it to ``in_dt``
    first -- the loop is wider than ``in_dt`` (ml_dtypes types, ops without a loop for
    ``in_dt``), so it must be rounded to ``in_dt`` before, or the cast may overflow, which
    weaknp does quietly (``uint16 [65535] < float16 [1.]``)."""
    if src == in_dt:
        return 0
    if src == _BOOL_DT and in_dt == _INT1:
        # True is 1, which int1 (-1..0) cannot hold: checked (3), or exact in int8 for a
        # comparison (4).  NumPy and JAX differ: they cast True to int1's -1.
        return 4 if comparison else 3
    # NumPy differs: bfloat16 with uint16 computes in float32 from the exact values.
    # Decision 42.
    if loop != in_dt and in_dt != _BOOL_DT:
        return 1
    if not (in_dt in _REAL_FLOAT or in_dt in _COMPLEX):
        return 0
    rng_src, rng_dst = _range_of(src), _range_of(in_dt)
    if rng_src is not None and rng_src[1] > rng_dst[1]:
        return 1
    return 0


def _prepare(x, code: int, in_dt: np.dtype, function: str):
    """Apply a ``_prep_code`` (2: a weak array, by ``weak_values``; 3/4: a bool array
    into int1, checked / exact in int8)."""
    if code == 2:
        return weak_values(x, in_dt, function)
    if code == 3:
        if x.any():
            raise OverflowError(
                f"{function}: bool value True (1) is out of bounds for int1 (range -1..0); "
                f"cast the operands explicitly with astype() to a wider dtype such as int8")
    elif code == 4:
        return cast(x, D.int8)
    return cast(x, in_dt)


# ---------------------------------------------------------------------------------------
# Entries: what the dispatch core (``_dispatch``) executes, one per (op, mode, operand
# node pair), derived here on first use (join -> plan -> ``_entry`` -> ``EntrySpec``);
# errors are raised, never cached.

_N = len(Node)
_LATTICE_BY_NAME = BUILTIN.get
#: Caches kept for modes given as Lattice objects (the built-in names are always kept);
#: the oldest is dropped beyond this many, so a program making lattices never grows.
MAX_LATTICE_CACHES = 4


def mode_cache(caches: dict, mode, size: int, width: int = 0) -> list:
    """The (new, empty) cache list of ``mode`` in ``caches``, bounding lattice modes: ``size``
    slots, or ``size`` rows of ``width`` slots each."""
    if type(mode) is not str:
        # list(caches) copies the keys in one C call (no Python code runs meanwhile, so no
        # other thread can change the dict during it); the comprehension then reads the copy
        lattices = [k for k in list(caches) if type(k) is not str]
        while len(lattices) >= MAX_LATTICE_CACHES:
            caches.pop(lattices.pop(0), None)   # another thread may have dropped it
    flat = caches[mode] = [[None] * width for _ in range(size)] if width else [None] * size
    return flat


def _narrower(dt: np.dtype, function: str):
    """A fast scalar check for ``dt``; anything unusual falls back to ``narrow_scalar``."""
    if dt in _INTEGER:
        lo, hi = _INT_BOUNDS[dt]

        def narrow(v):
            if type(v) is int and lo <= v <= hi:
                return v
            return narrow_scalar(v, dt, function)
    elif dt in _REAL_FLOAT and dt not in _ML:
        fmax = _FLOAT_MAX[dt]

        lim = fmax if dt == D.float64 else min(fmax, _F64_EXACT)

        def narrow(v):
            t = type(v)
            # (an int past 2**53 is rounded once into dt by narrow_scalar, not by float())
            if (t is float and -fmax <= v <= fmax) or (t is int and -lim <= v <= lim):
                return v
            return narrow_scalar(v, dt, function)
    elif dt == D.bfloat16:
        fmax = _FLOAT_MAX[dt]
        round_bf16 = dt.type

        def narrow(v):
            t = type(v)
            if t is float and -fmax <= v <= fmax:
                # a 0-d bfloat16 array: ml_dtypes rounds the double exactly as its scalar
                # does (below), and NumPy reads the array faster than a number
                return _asarray(v, dtype=dt)
            if t is int and -_F64_EXACT <= v <= _F64_EXACT:
                # ml_dtypes' scalar rounds a double through float32, exactly as
                # narrow_scalar's np.array(v).astype(bfloat16) (tests/unit/test_elementwise_values.py
                # checks every midpoint), in ~0.1 us instead of ~1.2 us
                return float(round_bf16(float(v)))
            return narrow_scalar(v, dt, function)
    else:
        def narrow(v):
            return narrow_scalar(v, dt, function)
    return narrow


def _rounding(narrow, dt: np.dtype):
    def narrow_and_round(v):
        with np.errstate(over="ignore", invalid="ignore"):
            return np.asarray(narrow(v)).astype(dt)[()].item()
    return narrow_and_round


def _operand_prep(n, in_dt, loop, comparison=False):
    if n in WEAK_NODES:
        return 2
    return _prep_code(NODE_DTYPE[n], in_dt, loop, comparison)


def _entry(op: Op, lattice, an, bn):
    """(in_dt, sig, direct, narrow, cast_back, out, out_node, fix, ok, lo, hi, unsafe,
    prep_a, prep_b, check) for one operand-node pair.

    ``out_node`` is the lattice node of the result: its dtype's node, or the weak node of
    its kind when the result is weak.  ``prep_a``/``prep_b`` say how an array operand is
    brought to the loop (``_prep_code``; 2: a weak array, checked by ``weak_values``).
    ``check`` validates the operands before anything is computed or written.
    """
    res = lattice.table[an][bn]
    if res is None:
        raise promotion_error(op.name, (an, bn) if an != bn else (an,), lattice)
    dt, weak = res
    plan = plan_for(op, dt, weak)
    out_node = (WEAK_NODE if weak and plan.keeps_weak else STRONG_NODE)[plan.out]
    ok, lo, hi = _fast_scalar_check(plan.in_dt)
    # NumPy checks that array operands cast "same_kind" to the pinned loop; weaknp decided
    # the loop already, so the check is waived (casting="unsafe") only where it would fail
    # (a weak int64 array into a uint8 loop, numbers read as truth values): it costs time.
    loop = plan.sig[0]
    unsafe = not all(np.can_cast(src, loop, "same_kind") for src in
                     {_WIDEST_OF_NODE.get(an, NODE_DTYPE.get(an)),
                      _WIDEST_OF_NODE.get(bn, NODE_DTYPE.get(bn))})
    check = check_pow if op.name == "pow" and plan.in_dt in _INTEGER else None
    narrow = _narrower(plan.in_dt, op.name)
    if loop != plan.in_dt and (plan.in_dt in _REAL_FLOAT or plan.in_dt in _COMPLEX) and \
            plan.in_dt not in _ML:
        # a wider loop (float_power of float16): round Python scalars to in_dt first, as
        # array operands are (ml_dtypes types are rounded by narrow_scalar already)
        narrow = _rounding(narrow, plan.in_dt)
        ok = _NO_TYPES
    if op.name in _COMPARE_UFUNC and an not in WEAK_NODES and bn not in WEAK_NODES and \
            {NODE_DTYPE[an], NODE_DTYPE[bn]} == _INT64_UINT64:
        # int64 with uint64 joins to float64, which rounds 2**63 - 1 to 2**63; the result
        # is bool whatever the loop, so NumPy's exact mixed loops (qQ->?) compare them.
        # JAX differs: it compares in float64 (int64 [2**63-1] == uint64 [2**63] is True).
        # Decision 54.
        return (plan.in_dt, (None, None, _BOOL_DT), False, narrow, False, plan.out,
                out_node, None, ok, lo, hi, False, 0, 0, None)
    return (plan.in_dt, plan.sig, plan.direct, narrow, plan.cast_back,
            plan.out, out_node, _FIXES.get(op.name), ok, lo, hi, unsafe,
            _operand_prep(an, plan.in_dt, loop, op.rule == "bool"),
            _operand_prep(bn, plan.in_dt, loop, op.rule == "bool"), check)


#: The widest dtype a weak array of each weak node can hold (any mode).
_WIDEST_OF_NODE = {Node.weak_int: D.int64, Node.weak_float: D.float64,
                   Node.weak_complex: D.complex128}


def _fast_scalar_check(dt: np.dtype):
    """(exact Python types, lo, hi) that pass to NumPy unchanged for ``dt`` (inlined check)."""
    if dt in _INTEGER and dt not in _ML:
        lo, hi = _INT_BOUNDS[dt]
        return _INT_ONLY, lo, hi
    if dt in _REAL_FLOAT and dt not in _ML:
        return _INT_FLOAT, -_FLOAT_MAX[dt], _FLOAT_MAX[dt]
    return _NO_TYPES, 1, 0


_INT_ONLY = frozenset({int})
_INT_FLOAT = frozenset({int, float})
_NO_TYPES: frozenset = frozenset()


class EntrySpec(NamedTuple):
    """Everything the dispatch core (``_dispatch``) needs to run one op on one operand-node
    pair in one mode: derived here once (join -> plan -> ``_entry`` -> spec), executed there.

    The ``call_*`` pairs are ``(code, arg)`` (see ``call_code``), or ``(-1, None)`` when that
    operand form is not plain.  A *plain* form is one ufunc call computing exactly what
    ``general`` would: ``aa`` two arrays of their (strong) nodes' dtypes, ``as``/``sa`` an
    array and a Python scalar of exactly ``pass[0]``'s type inside ``pass[1]..pass[2]``;
    no operand preparation, fix-up or check (a narrow type computed in a wider loop is
    cast back to ``cast_to``).  ``general(a, b)`` (``general(a)``
    for a unary op) computes every other case -- narrowing scalars, weak arrays, narrow
    types, special values, comparisons beyond a dtype's range -- and returns the ndarray.
    """
    ufunc: object          # the NumPy ufunc of the op (None: not a ufunc)
    out_node: Node         # the result's node: its dtype's, or its kind's weak node
    call_aa: tuple
    call_as: tuple
    call_sa: tuple
    a_pass: tuple
    b_pass: tuple
    cast_to: object        # a plain form's loop output is cast to this dtype (or None)
    general: object
    own_sig: object        # ml_dtypes' own loop for small operands (``own_loop_spec``) or None
    own_direct: bool       # that loop needs no ``signature=`` on two arrays of its dtype
    own_quiet: bool        # that loop runs with NumPy's error state quiet (``_ORDERED``)


#: How a call passes its pinned loop to the ufunc (the cheapest spelling that NumPy
#: resolves to exactly that loop; checked once per operand pair with ``resolve_dtypes``).
CALL_DIRECT, CALL_DTYPE, CALL_SIGNATURE, CALL_UNSAFE = range(4)
#: The dispatch core's further codes (``dispatch.Entry``): an operand form that is not
#: plain (the entry's ``general`` computes it); added to a code above, the same call
#: followed by a cast to ``cast_to`` (or ml_dtypes' own loop on small operands); and that
#: own loop (``own_loop``).
CALL_GENERAL, CALL_THEN_CAST, CALL_OWN_LOOP = -1, 4, 8

_NOT_PLAIN = (CALL_GENERAL, None)
_NO_PASS = (None, 1, 0)


def entry_spec(op: Op, mode, an, bn) -> EntrySpec:
    """The entry for ``op`` on operand nodes ``an``, ``bn`` (``bn`` is ``an`` for a unary
    op) in promotion mode ``mode``.  Raises the promotion or kind error if there is none."""
    e = _entry(op, _LATTICE_BY_NAME(mode, mode), an, bn)
    in_dt, sig, direct, _, cast_back, _, out_node, fix, ok, lo, hi, unsafe, pa, pb, check = e
    ufunc = op.ufunc if isinstance(op.ufunc, np.ufunc) else None
    if op.arity == 1:
        plain = (ufunc is not None and direct and an not in WEAK_NODES and
                 NODE_DTYPE[an] == in_dt and fix is None and not cast_back)
        return EntrySpec(ufunc, out_node, (CALL_DIRECT, None) if plain else _NOT_PLAIN,
                         _NOT_PLAIN, _NOT_PLAIN, _NO_PASS, _NO_PASS, None,
                         _unary_general(op, e), *_NO_OWN_LOOP)
    # A result computed in a loop of wider range (float_power of float32 or bfloat16 runs
    # in float64) is cast back by weaknp, on its own behalf: quietly (``cast``), in
    # ``general``.  The plain forms' cast would warn "overflow encountered in cast" for
    # a finite float64 result beyond the narrow type's range.
    plain = fix is None and not (cast_back and _FLOAT_MAX.get(
        D.COMPLEX_TO_REAL.get(sig[-1], sig[-1]), 0.0) > _FLOAT_MAX.get(
        D.COMPLEX_TO_REAL.get(e[5], e[5]), math.inf))
    call_aa = call_as = call_sa = _NOT_PLAIN
    a_pass = b_pass = _NO_PASS
    if plain and an not in WEAK_NODES and bn not in WEAK_NODES and not pa and not pb and \
            check is None:
        call_aa = call_code(ufunc, (NODE_DTYPE[an], NODE_DTYPE[bn]), sig, unsafe)
    if plain and an not in WEAK_NODES and not pa:
        b_pass = _scalar_pass(bn, ok, lo, hi, in_dt, check is not None)
        if b_pass[0] is not None:
            call_as = call_code(ufunc, (NODE_DTYPE[an], b_pass[0]), sig, unsafe)
    if plain and bn not in WEAK_NODES and not pb and check is None:
        a_pass = _scalar_pass(an, ok, lo, hi, in_dt, False)
        if a_pass[0] is not None:
            call_sa = call_code(ufunc, (a_pass[0], NODE_DTYPE[bn]), sig, unsafe)
    if cast_back and e[5] in _NAN_LESS:   # the cast back maps NaN to +0: ``cast``
        call_aa = call_as = call_sa = _NOT_PLAIN
    own = own_loop_spec(op, in_dt)
    general = _binary_general(op, e, own)
    if not (cast_back or op.rule == "bool"):   # the plain forms run the loop they pin
        own = _NO_OWN_LOOP
    return EntrySpec(ufunc, out_node, call_aa, call_as, call_sa, a_pass, b_pass,
                     e[5] if cast_back else None, general, *own)


#: Ops whose ml_dtypes loop on bfloat16 computes exactly what the float32 loop rounded back
#: computes: ml_dtypes converts each element to float32, applies the one correctly rounded
#: IEEE operation and rounds to bfloat16 once -- the same arithmetic, bit for bit
#: (tests/unit/test_bfloat16_loops.py compares against ml_dtypes' loops).
_OWN_LOOP_OPS = frozenset({"add", "subtract", "multiply", "divide", "equal", "not_equal"})
#: ml_dtypes' ordered comparisons give the same bits too, but compare with a signalling
#: instruction: NaN raises the "invalid" flag, which NumPy turns into a RuntimeWarning its
#: own float32 loop never gives.  They run with NumPy's error state quiet (``own_quiet``):
#: NumPy's ContextVar of it and an all-"ignore" value, set and reset around the one call
#: (``np.errstate`` does the same, in ~1 us instead of ~0.1 us).  Private NumPy names, so
#: checked once before first use (``_quiet_works``): without them, or if setting them does
#: not silence the loop, the comparisons keep the float32 loop (the same results, slower).
_ORDERED = frozenset({"less", "less_equal", "greater", "greater_equal"})
try:
    from numpy._core._ufunc_config import _extobj_contextvar as NP_ERRSTATE
    from numpy._core._ufunc_config import _make_extobj
    NP_QUIET = _make_extobj(all="ignore")
except (ImportError, TypeError):   # pragma: no cover - another NumPy's internals
    NP_ERRSTATE = NP_QUIET = None
_QUIET_WORKS: list = []   # [bool] once checked


def _quiet_works() -> bool:
    """Whether ``NP_ERRSTATE``/``NP_QUIET`` silence ml_dtypes' ``less`` on NaN under the
    strictest user setting (``np.errstate(all="raise")``, warnings as errors) and give its
    result (checked on first use, then remembered)."""
    if not _QUIET_WORKS:
        ok = False
        if NP_ERRSTATE is not None:
            a = np.array([np.nan, 1.0]).astype(D.bfloat16)
            try:
                with warnings.catch_warnings(), np.errstate(all="raise"):
                    warnings.simplefilter("error")
                    token = NP_ERRSTATE.set(NP_QUIET)
                    try:
                        r = np.less(a, a[::-1].copy())
                    finally:
                        NP_ERRSTATE.reset(token)
                    ok = r.tolist() == [False, False] and np.geterr()["invalid"] == "raise"
            except Exception:  # noqa: BLE001 - any failure: keep the float32 loop
                ok = False
        _QUIET_WORKS.append(ok)
    return _QUIET_WORKS[0]


#: Up to this many elements per array operand ml_dtypes' own loop is faster (its call costs
#: ~0.4 us against ~1.2 us for a float32 loop with a cast in and out); beyond, NumPy's
#: vectorised float32 loop wins (3x for comparisons at 1e6 elements).
OWN_LOOP_MAX_SIZE = 2048


def own_loop_sig(op: Op, in_dt: np.dtype):
    """The signature of ml_dtypes' own loop for ``op`` on ``in_dt`` when it is bit-identical
    to the wide loop (``_OWN_LOOP_OPS``, bfloat16 only), else ``None``."""
    if in_dt != D.bfloat16 or (op.name not in _OWN_LOOP_OPS and not (
            op.name in _ORDERED and _quiet_works())):
        return None
    return (in_dt, in_dt, _BOOL_DT if op.rule == "bool" else in_dt)


#: ``own_loop_spec`` of an op without an own loop.
_NO_OWN_LOOP = (None, False, False)


def own_loop_spec(op: Op, in_dt: np.dtype) -> tuple:
    """``(sig, direct, quiet)`` of ml_dtypes' own loop for ``op`` on ``in_dt``
    (``own_loop_sig``), or ``_NO_OWN_LOOP``.  ``direct``: NumPy's own resolution runs that
    loop on two arrays of its dtype, which then need no ``signature=`` (~0.1 us less).
    ``quiet``: an ordered comparison, run with NumPy's error state quiet (``_ORDERED``)."""
    sig = own_loop_sig(op, in_dt)
    if sig is None:
        return _NO_OWN_LOOP
    dt = sig[0]
    return (sig, tuple(op.ufunc.resolve_dtypes((dt, dt, None))) == sig, op.name in _ORDERED)


#: ``own_loop(ufunc, a, b, sig, direct, quiet, zd)``: runs ml_dtypes' own loop ``sig`` on
#: small operands (``a`` or ``b`` may be a Python scalar) and returns a new ndarray, a 0-d
#: one when ``zd`` (``sig, direct, quiet``: ``own_loop_spec``).  The dispatch core defines
#: it (C in the compiled build, where its plain forms call it too) and hands it here with
#: ``set_own_loop`` at import.
own_loop = None


def set_own_loop(function) -> None:
    global own_loop
    own_loop = function


def _scalar_pass(node, ok, lo, hi, in_dt, nonnegative: bool) -> tuple:
    """``(type, lo, hi)``: the Python scalars at ``node`` that reach the loop unchanged."""
    t = int if node == Node.weak_int else float if node == Node.weak_float else None
    if t is int and in_dt in _ML and in_dt in _REAL_FLOAT:
        # a narrow float (bfloat16 ...) computed in float32: the ints it holds exactly need
        # no rounding first (``bf16_array * 2``); others go through ``narrow``
        n = _exact_int_range(in_dt)
        return (int, -n, n) if n else _NO_PASS
    if t is None or t not in ok:
        return _NO_PASS
    if t is int:   # int-to-int comparisons are the cheap ones
        lo, hi = math.ceil(lo), math.floor(hi)
        if in_dt in _REAL_FLOAT and in_dt != D.float64:
            # NumPy rounds an int to float32 through float64 (twice); ints float64 holds
            # exactly round once, larger ones go through ``narrow`` (``_round_int``)
            lo, hi = max(lo, -_F64_EXACT), min(hi, _F64_EXACT)
        if nonnegative:   # integer pow: negative exponents are refused by ``general``
            lo = 0
    return (t, lo, hi)


def _exact_int_range(dt: np.dtype) -> int:
    """The largest ``n`` (a power of two, up to 2**24) such that every int in ``-n..n`` is
    exactly a value of ``dt``; 0 if even ``-1..1`` is not (checked by casting)."""
    n = 0
    for p in range(25):
        ints = np.arange(-2 ** p, 2 ** p + 1, dtype=np.int64)
        with np.errstate(all="ignore"):
            back = ints.astype(np.float64).astype(dt).astype(np.float64)
        if not np.array_equal(back, ints):
            break
        n = 2 ** p
    return n


def _unary_general(op: Op, e):
    """``general(a)``: the one-input op on an ndarray or Python scalar (any form)."""
    in_dt, sig, direct, narrow, cast_back, out, _, fix, _, _, _, _, pa, _, _ = e
    ufunc = op.ufunc

    def general(a):
        if type(a) is not _ndarray:
            a = _scalar_array(narrow(a), in_dt)
        elif pa and a.dtype is not in_dt:
            a = _prepare(a, pa, in_dt, op.name)   # a weak array in an x32 mode
        if direct and a.dtype is in_dt:
            r = ufunc(a, out=ARRAY_OUT)
            if type(r) is not _ndarray:
                r = _asarray(r)
        else:
            r = _call(op, sig, cast_back, out, (a,))
        if fix is not None:
            r = fix(r, a)
        return r

    general.__name__ = f"{op.name}_general"
    return general


def _binary_general(op: Op, e, own: tuple):
    """``general(a, b)``: the two-input op on ndarrays or Python scalars (any form)."""
    (in_dt, sig, direct, narrow, cast_back, out, _, fix, ok, lo, hi, unsafe,
     pa, pb, check) = e
    ufunc = op.ufunc
    name = op.name
    is_comparison = op.rule == "bool"
    assert isinstance(ufunc, np.ufunc), op.name
    own_sig, own_direct, quiet = own   # ml_dtypes' own loop (``own_loop_spec``)
    ml = in_dt in _ML
    own_max = OWN_LOOP_MAX_SIZE

    def general(a, b):
        try:
            ta = type(a) is _ndarray
            tb = type(b) is _ndarray
            if is_comparison:
                # a number (or weak array) beyond the range of the dtype compared in?
                sb = pb == 2 if tb else not (type(b) in ok and lo <= b <= hi)
                sa = pa == 2 if ta else not (type(a) in ok and lo <= a <= hi)
                if sa or sb:
                    r = _compare_special(name, a, ta, pa, sa, b, tb, pb, sb, in_dt)
                    if r is not None:
                        return r
            if not tb:
                if not (type(b) in ok and lo <= b <= hi):   # the common case needs no call
                    b = narrow(b)
                if not ta:  # two Python scalars: make one a 0-d array of the joined dtype
                    a = _scalar_array(narrow(a), in_dt)
                    ta = True
            elif pb:
                b = _prepare(b, pb, in_dt, name)
            if not ta:
                a = narrow(a)
            elif pa:
                a = _prepare(a, pa, in_dt, name)
            if check is not None:
                check(a, b, name)
            if fix is not None and in_dt in _REAL_FLOAT:
                # the fix-up sees the operands as the loop does (infinities made by the cast)
                a, b = _as_in_dt(a, in_dt), _as_in_dt(b, in_dt)
            if ml:
                # a Python scalar narrowed to an ml_dtypes type (exactly one of its values)
                # as a 0-d array, NumPy reads ~0.35 us faster than the number itself
                # (``narrow`` makes the array itself for a float meeting bfloat16)
                if type(a) is not _ndarray:
                    a = _asarray(a, dtype=in_dt)
                if type(b) is not _ndarray:
                    b = _asarray(b, dtype=in_dt)
                ta = tb = True
            if direct and (not ta or a.dtype is in_dt) and (not tb or b.dtype is in_dt):
                r = ufunc(a, b, out=ARRAY_OUT)
            elif own_sig is not None and (not ta or a.size <= own_max) and (
                    not tb or b.size <= own_max):
                # small bfloat16 operands: ml_dtypes' own loop, the same bits, faster
                return own_loop(ufunc, a, b, own_sig, own_direct, quiet, True)
            elif unsafe:
                r = ufunc(a, b, signature=sig, casting="unsafe", out=ARRAY_OUT)
            else:
                r = ufunc(a, b, signature=sig, out=ARRAY_OUT)
            if type(r) is not _ndarray:
                r = _asarray(r)
            if cast_back:
                r = cast(r, out)
            if fix is not None:
                r = fix(r, a, b)
        except ValueError:
            shape_error(name, a, b)
            raise
        return r

    general.__name__ = f"{op.name}_general"
    return general



def call_code(ufunc, operands: tuple, sig: tuple, unsafe: bool):
    """``(code, arg)``: how to call ``ufunc`` on ``operands`` (dtypes or the Python types
    ``int``/``float``) so that its loop is ``sig``.

    ``CALL_DIRECT`` (no keyword: NumPy's own resolution already picks ``sig``) and
    ``CALL_DTYPE`` (``dtype=arg``) are used only when ``resolve_dtypes`` confirms they give
    exactly ``sig``; otherwise ``signature=arg`` (with ``casting="unsafe"`` for
    ``CALL_UNSAFE``).  NumPy never decides the loop: it is asked to confirm weaknp's.
    A keyword spelled out costs far less than ``**kwargs`` (about 0.3 us per call), and
    ``dtype=`` less than ``signature=``.
    """
    if unsafe:
        return CALL_UNSAFE, sig
    pinned_output = {"signature": (None,) * len(operands) + sig[-1:]}
    for code, kw in ((CALL_DIRECT, {}), (CALL_DTYPE, pinned_output)):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                found = ufunc.resolve_dtypes(operands + (None,), **kw)
        except Exception:  # noqa: BLE001 - "no loop" / casting errors come as several types
            continue
        if tuple(found) == sig:
            return code, (None if code == CALL_DIRECT else sig[-1])
    return CALL_SIGNATURE, sig


def shape_error(function: str, *operands):
    """Raise weaknp's ``ValueError`` when the operands' shapes do not broadcast (NumPy's
    message names neither the function nor a fix); return otherwise."""
    shapes = [np.shape(x) for x in operands]
    try:
        np.broadcast_shapes(*shapes)
    except ValueError:
        # NumPy's own phrase stays inside the message (SciPy's and others' tests match
        # "operands could not be broadcast together"); weaknp adds the function and a fix.
        # NumPy differs: its message names neither.  Decision 56.
        raise ValueError(
            f"{function}: operands could not be broadcast together with shapes "
            f"{' '.join(str(s) for s in shapes)}; make the sizes match or 1 along each axis "
            f"(reshape, or index with None to add an axis)") from None


def _as_in_dt(x, in_dt):
    return cast(x, in_dt) if type(x) is _ndarray else _scalar_array(x, in_dt)


def _compare_special(name, a, ta, pa, sa, b, tb, pb, sb, in_dt):
    """A comparison where a side (``sa``/``sb``) is a number outside the fast range or a
    weak array: ``compare_beyond``'s answer when it has values beyond the range of
    ``in_dt``, else ``None`` (compare as usual)."""
    if sa and sb and _has_beyond(a, in_dt) and _has_beyond(b, in_dt):
        # both sides past the range (1e300 > weak [1e300, 1] in an x32 mode): compare the
        # numbers themselves, which NumPy holds exactly (int64 / float64 / complex128)
        try:
            with np.errstate(all="ignore"):
                return _asarray(_COMPARE_UFUNC[name](_asarray(a), _asarray(b)))
        except (OverflowError, TypeError):   # an int past int64 and uint64
            pass
    if sb:
        x = _prepare(a, pa, in_dt, name) if ta and pa else a
        r = compare_beyond(name, x, b, in_dt, name, reflected=False)
        if r is not None:
            return r
    if sa:
        x = _prepare(b, pb, in_dt, name) if tb and pb else b
        return compare_beyond(name, x, a, in_dt, name, reflected=True)
    return None


def _scalar_array(v, dt: np.dtype) -> np.ndarray:
    if dt in _ML:
        with np.errstate(over="ignore", invalid="ignore"):
            return np.asarray(v).astype(dt)
    return _asarray(v, dtype=dt)


def inplace(op: Op, a: np.ndarray, an, b, bn):
    """``a op= b`` into ``a``'s buffer; ``TypeError`` if the result dtype is not ``a``'s.

    Everything is validated before the first element is written: a failing in-place
    operator leaves ``a`` unchanged.
    """
    lattice = current_lattice()
    res = lattice.table[an][bn]
    if res is None:
        raise promotion_error(op.name, (an, bn), lattice)
    dt, weak = res
    plan = _PLANS.get((op.name, dt)) or plan_for(op, dt, weak)
    # NumPy differs: it casts the result back with casting='same_kind' (int8 += 1.5 works).
    # Decision 11.
    if plan.out != a.dtype:
        raise TypeError(
            f"{op.name} (in-place): the result dtype {D.dtype_name(plan.out)} differs from the "
            f"left operand's {D.dtype_name(a.dtype)}; in-place operators never change dtype: "
            f"write x = x {'op'} y instead, or cast the right operand explicitly with astype()")
    in_dt = plan.in_dt
    if type(b) is not _ndarray:
        b = narrow_scalar(b, in_dt, op.name)
    else:
        try:
            shape = np.broadcast_shapes(a.shape, b.shape)
        except ValueError:
            shape = None
        if shape != a.shape:
            raise ValueError(
                f"{op.name} (in-place): "
                + ("operands could not be broadcast together with shapes "
                   f"{a.shape} {b.shape}; " if shape is None else "") +
                f"operand of shape {b.shape} cannot be broadcast to the "
                f"left operand's shape {a.shape}; in-place results keep the left shape: "
                f"write x = wnp.{op.name}(x, y) for a new array")
        code = 2 if bn in WEAK_NODES else _prep_code(b.dtype, in_dt, plan.sig[0])
        if code:
            b = _prepare(b, code, in_dt, op.name)
    if op.name == "pow" and in_dt in _INTEGER:
        check_pow(a, b, op.name)
    fix = _FIXES.get(op.name)
    if plan.cast_back or fix is not None or a.dtype != in_dt:
        # computed out of place: the fix needs the original operands
        a_in = cast(a, in_dt)
        r = _call(op, plan.sig, plan.cast_back, plan.out, (a_in, b))
        if fix is not None and in_dt in _REAL_FLOAT:
            r = fix(r, a_in, _as_in_dt(b, in_dt))
        a[...] = r
    else:
        op.ufunc(a, b, out=a, signature=plan.sig, casting="unsafe")
    return weak and plan.keeps_weak


# ---------------------------------------------------------------------------------------
# Matmul: a generalised ufunc, pinned like the elementwise ones; no widening of small ints.

_MATMUL_KINDS = D.BOOL | D.NUMERIC


def matmul(a: np.ndarray, an, b: np.ndarray, bn, function: str = "matmul"):
    """``a @ b`` in the joined dtype (``int8 @ int8`` is int8, as in JAX).

    A weak operand is read by ``weak_values`` (an out-of-range int raises); operands of
    another dtype are cast to the joined dtype first (rounded there for narrow types).
    """
    lattice = current_lattice()
    res = lattice.table[an][bn]
    if res is None:
        raise promotion_error(function, (an, bn), lattice)
    dt, weak = res
    # JAX differs: it refuses int8 @ weak-int ("preferred_element_type must not be narrower").
    # Decision 8.
    if dt not in _MATMUL_KINDS:
        raise TypeError(f"{function}: not defined for {D.dtype_name(dt)} inputs")
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError(f"{function}: operands must be at least 1-D, got shapes {a.shape} "
                         f"and {b.shape}; use multiply() for scalars")
    loop = _loop_dtype(dt)
    a = weak_values(a, dt, function) if an in WEAK_NODES else a
    b = weak_values(b, dt, function) if bn in WEAK_NODES else b
    if loop != dt:
        a, b = cast(a, dt), cast(b, dt)
    try:
        r = np.matmul(a, b, dtype=loop, casting="unsafe")
    except ValueError:
        # NumPy differs: its gufunc text ("mismatch in its core dimension 0 ...").
        # Decision 56.
        raise ValueError(
            f"{function}: shapes {a.shape} and {b.shape} do not align: the last axis of the "
            f"first ({a.shape[-1]}) must equal the "
            f"{'only' if b.ndim == 1 else 'second-to-last'} axis of the second "
            f"({b.shape[0] if b.ndim == 1 else b.shape[-2]}), and the leading axes must "
            f"broadcast; transpose (.mT) or reshape an operand") from None
    r = cast(r, dt) if loop != dt else _asarray(r)
    return r, weak


# ---------------------------------------------------------------------------------------
# Clip: three operands, written by hand (no ufunc pins the bounds' dtype for us).

def _clip_bound(v, node, dt: np.dtype, lower: bool):
    """A clip bound as an ndarray of ``dt`` (``None``: it clips nothing)."""
    if v is None:
        return None
    if dt in _INTEGER and (type(v) is int or (type(v) is _ndarray and node in WEAK_NODES)):
        lo, hi = _INT_BOUNDS[dt]
        vals = np.asarray(v)
        # JAX differs: it clamps such a bound into the range (clip(int8, 1000, 2000) is 127).
        # A bound past the range on its own side clips nothing there; past the other end
        # it would clip every element to a value the dtype cannot hold: OverflowError, as
        # NumPy 2 does.  (Never a silent clamp to the range end.) (decision 43)
        bad = (vals > hi) if lower else (vals < lo)
        if bad.any():
            raise OverflowError(
                f"clip: {'min' if lower else 'max'} bound {vals[bad].flat[0]} is out of "
                f"bounds for {D.dtype_name(dt)} (range {lo}..{hi}) and would clip every "
                f"element to it; cast x explicitly with astype() to a wider dtype")
        if type(v) is int:
            if (lower and v < lo) or (not lower and v > hi):
                return None
        else:
            v = np.clip(vals, lo, hi)
    if type(v) is _ndarray:
        return weak_values(v, dt, "clip") if node in WEAK_NODES else cast(v, dt)
    return _scalar_array(narrow_scalar(v, dt, "clip"), dt)


def clip(x: np.ndarray, xn, lo, lon, hi, hin):
    """``clip(x, lo, hi)`` with the lattice join of all three; ``None`` bounds are skipped.

    An integer bound beyond an integer dtype's range on its own side clips nothing and is
    dropped; one beyond the other end raises ``OverflowError`` (the result would not fit).
    """
    lattice = current_lattice()
    nodes = [xn] + [n for n, v in ((lon, lo), (hin, hi)) if v is not None]
    acc = xn
    for n in nodes[1:]:
        j = lattice.node_join[acc][n]
        if j is None:
            raise promotion_error("clip", (acc, n), lattice)
        acc = j
    dt, weak = lattice._resolve(acc)
    if dt in D.COMPLEX:
        raise TypeError("clip: not defined for complex inputs; clip the real and imaginary "
                        "parts separately")
    loop = _loop_dtype(dt)
    lo_a = _clip_bound(lo, lon, dt, True)
    hi_a = _clip_bound(hi, hin, dt, False)
    xa = weak_values(x, dt, "clip") if xn in WEAK_NODES else cast(x, dt)
    xa = cast(xa, loop)
    r = xa
    try:
        if lo_a is not None:
            r = np.maximum(r, cast(lo_a, loop), signature=(loop, loop, loop))
        if hi_a is not None:
            r = np.minimum(r, cast(hi_a, loop), signature=(loop, loop, loop))
    except ValueError:
        shape_error("clip", x, *(b for b in (lo_a, hi_a) if b is not None))
        raise
    if r is xa:
        r = xa.copy() if xa is x else xa
    r = cast(r, dt)
    return _asarray(r), weak


# ---------------------------------------------------------------------------------------
# Special cases where NumPy's value differs from the Array API standard's.

# NumPy differs: 1.0 // -inf is -1.0 there (Python's divmod); the standard says -0.0.
# Decision 18.
def _fix_floor_divide(r, a, b):
    if r.dtype not in _REAL_FLOAT:
        return r
    # Standard: wherever exactly one operand is infinite, the result is floor(x1 / x2) in
    # IEEE arithmetic (finite // ±inf is ±0, ±inf // finite is ±inf); NumPy follows
    # Python's divmod there (-1.0 and NaN).
    a = _asarray(a)
    b = _asarray(b)
    with np.errstate(all="ignore"):
        ia, ib = np.isinf(a), np.isinf(b)
        mask = (ia ^ ib) & ~np.isnan(a) & ~np.isnan(b)
        if not mask.any():
            return r
        loop = r.dtype if r.dtype not in _ML else D.float32
        fixed = np.floor(np.divide(cast(a, loop), cast(b, loop)))
        r = np.where(mask, fixed.astype(r.dtype), r)
    return _asarray(r)


def _fix_sign(r, a):
    if r.dtype in _COMPLEX:
        zero = a == 0
        if zero.any():
            r = np.where(zero, np.zeros((), r.dtype), r)
    return _asarray(r)


def _fix_expm1(r, a):
    if r.dtype in _COMPLEX:
        # NumPy's complex expm1 loses the special cases (inf/nan parts); use exp(z) - 1
        # where the input is not finite.
        bad = ~np.isfinite(a)
        if bad.any():
            with np.errstate(all="ignore"):
                alt = np.exp(a) - 1
            r = np.where(bad, alt, r)
        # Standard: expm1(±0 ± 0j) is +0 ± 0j (NumPy gives -0 for a -0 real part).
        zero = (a.real == 0) & (a.imag == 0)
        if zero.any():
            r = np.array(r, copy=True)
            r.real[zero] = 0.0
            r.imag[zero] = np.broadcast_to(a.imag, zero.shape)[zero]
    return _asarray(r)


def _fix_tanh(r, a):
    if r.dtype in _COMPLEX:
        # Standard: tanh(+inf + yi) for finite y > 0 is 1 + 0i, and tanh(conj(z)) is
        # conj(tanh(z)), so the zero takes y's sign.  NumPy differs: NaN parts for some y,
        # and C99's sign of sin(2y) elsewhere (tanh(inf + 2j) is 1 - 0j there).
        with np.errstate(all="ignore"):
            re, im = np.real(a), np.imag(a)
            bad = np.isinf(re) & np.isfinite(im)
            if bad.any():
                # built from parts: 1 + (-0j) would make the zero +0
                alt = np.empty(np.broadcast_shapes(re.shape, r.shape), r.dtype)
                alt.real = np.copysign(1, re)
                alt.imag = np.copysign(0, im)
                r = np.where(bad, alt, r)
    return _asarray(r)


_FIXES = {"floor_divide": _fix_floor_divide, "sign": _fix_sign, "expm1": _fix_expm1,
          "tanh": _fix_tanh}

# Make sure every op the fixes name exists (a renamed row must not silently skip its fix).
assert all(name in BY_NAME for name in _FIXES)
del TypePromotionError
