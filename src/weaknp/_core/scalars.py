"""Python scalars and weak arrays meeting a dtype: the one place they are narrowed.

Range checks (``OverflowError`` for an int that does not fit, never a wrap), rounding into
narrow types, the mathematically right answer of comparisons beyond a dtype's range, and
how an array operand is prepared for a loop (``prep_code`` / ``prepare``).
"""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np

from . import dtypes
from .dtypes import COMPLEX, FLOAT_MAX, INTEGER, INT_BOUNDS, ML_DTYPES, REAL_FLOAT, bool_
from .dtype_rules import cast, loop_dtype
from .lattice import WEAK_NODES

__all__ = ["narrow_scalar", "weak_values", "strong_values", "as_ndarray", "compare_beyond",
           "has_beyond", "prep_code", "prepare", "scalar_array", "as_in_dt", "short_int",
           "F64_EXACT"]

_ndarray = np.ndarray
_asarray = np.asarray
_INT1 = dtypes.NARROW_SIGNED[0]

def narrow_scalar(value, dt: np.dtype, function: str, role: str = dtypes.OPERAND):
    """Check a Python scalar against ``dt`` and return the value NumPy should receive.

    An int that does not fit an integer dtype raises ``OverflowError`` (NumPy 2 does the
    same; JAX silently wraps); its message advises the fix of the value's ``role``
    (``dtypes.out_of_range``).  A finite float or int beyond a float dtype's range becomes
    ±inf (or NaN for types without inf), as in JAX, without NumPy's overflow warning.
    """
    t = type(value)
    if t is bool:
        if dt == bool_:
            return value
        # A bool meets a number dtype as the int it is (True is 1): it is range-checked
        # (True does not fit int1, whose values are -1..0) and rounded into the narrow
        # float types like any int (False is NaN in float8_e8m0fnu, which has no zero).
        # JAX differs: it casts True to int1's -1 and skips the e8m0 rounding of False.
        # Decision 52.
        what, shown, value, t = "Python bool", value, int(value), int
    else:
        what, shown = "Python int", value
    if dt in INTEGER:
        lo, hi = INT_BOUNDS[dt]
        # JAX differs: it wraps out-of-range Python ints silently (int8 + 1000 -> -24).
        # Decision 2.
        if not lo <= value <= hi:
            raise dtypes.out_of_range(function, what, shown, dt, role)
        return value
    if t is int:
        if not -F64_EXACT <= value <= F64_EXACT and dt != dtypes.float64 and (
                dt in _MANT_BITS or dt == dtypes.complex64):
            # round the exact integer once, into dt's precision: float(value) first would
            # round twice (int -> float64 -> float32 gives 2**53 for 2**53 + 2**29 + 1,
            # whose correctly rounded float32 is 2**53 + 2**30)
            # NumPy differs: it rounds through float64 (twice).  Decision 63.
            value = _round_int(value, _MANT_BITS[dtypes.COMPLEX_TO_REAL.get(dt, dt)])
        try:
            value = float(value)
        except OverflowError:
            if dt == bool_:   # read as a truth value (logical_and(x, 2**1100))
                return True
            raise OverflowError(
                f"{function}: Python int {short_int(value)} is too large to convert to "
                f"{dtypes.dtype_name(dt)} (largest finite value "
                f"{FLOAT_MAX[dtypes.COMPLEX_TO_REAL.get(dt, dt)]:g}); pass float('inf') or "
                f"scale the values first") from None
    if dt in COMPLEX:
        if dt == dtypes.complex64:
            # NumPy differs: it warns "overflow encountered in cast"; JAX and weaknp give
            # inf quietly (the same rule as for a real float dtype) (decision 15).
            with np.errstate(over="ignore", invalid="ignore"):
                return complex(np.complex64(value))
        return value
    # real float target, value int or float
    fmax = FLOAT_MAX.get(dt)
    # NumPy differs: it warns "overflow encountered in cast"; JAX and weaknp give inf quietly.
    # Decision 15.
    if (fmax is not None and abs(value) > fmax and math.isfinite(value)) or dt in ML_DTYPES:
        # Beyond the range, or an ml_dtypes type: round to the narrow type first, as JAX
        # does, then compute in the wide loop.
        return float(cast(np.array(value), dt))
    return value


#: Every int in -2**53..2**53 is a float64; float() of a larger one rounds.
F64_EXACT = 2 ** 53
#: Significand bits (with the implicit one) of the real float dtypes.
_MANT_BITS = {dt: int((ml_dtypes.finfo(dt) if dt in ML_DTYPES else np.finfo(dt)).nmant) + 1
              for dt in REAL_FLOAT}


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


def short_int(v: int) -> str:
    """An int for a message: its digits, or its size when it has more than 30."""
    text = str(v)
    return text if len(text) <= 30 else f"{'-' if v < 0 else ''}~2**{abs(v).bit_length() - 1}"


def weak_values(v: np.ndarray, dt: np.dtype, function: str,
                role: str = dtypes.OPERAND) -> np.ndarray:
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
    if dt in INTEGER:
        if v.size:
            if v.ndim == 0:
                mn = mx = int(v)
            else:
                mn, mx = int(v.min()), int(v.max())
            # JAX differs: it wraps the values of a weak array (int8 + full(2, 1000)).
            # Decision 40.
            dtypes.check_int_span(function, "weak int array value", mn, mx, dt, role)
        return v.astype(dt)
    if src.kind in "iu" and dt in ML_DTYPES:
        w = cast(v, dtypes.float64)   # exact up to 2**53: one rounding, into the narrow type
        big = (v > F64_EXACT) | (v < -F64_EXACT) if v.size and dt in _MANT_BITS else None
        if big is not None and big.any():
            # beyond 2**53 float64 would round first: each such int is rounded once, into
            # dt's precision, as narrow_scalar rounds a Python int (decision 63)
            bits = _MANT_BITS[dt]
            w[big] = [float(_round_int(int(x), bits)) for x in v[big].tolist()]
        v = w
    return cast(v, dt)


def _range_of(dt: np.dtype):
    """(lo, hi) of ``dt``'s finite values for the range checks of comparisons, or None."""
    if dt in INTEGER:
        return INT_BOUNDS[dt]
    fmax = FLOAT_MAX.get(dt) or FLOAT_MAX.get(dtypes.COMPLEX_TO_REAL.get(dt))
    return None if fmax is None else (-fmax, fmax)


def _beyond_scalar(v, dt: np.dtype) -> int:
    """+1 / -1 when the Python number ``v`` lies above / below every finite value of
    ``dt`` (2 for a complex beyond complex64's range), else 0."""
    rng = _range_of(dt)
    if rng is None or (type(v) is bool and dt not in INTEGER):
        return 0
    lo, hi = rng
    t = type(v)
    if t is complex:
        if dt in COMPLEX and (_beyond_scalar(v.real, dt) or _beyond_scalar(v.imag, dt)):
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
COMPARE_UFUNC = {"less": np.less, "greater": np.greater, "less_equal": np.less_equal,
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
        vv = np.where(beyond, cast(v, dtypes.complex128), cast(inner, dtypes.complex128))
    else:
        b = _beyond_scalar(v, dt)
        if b == 0:
            return None
        # An int past every finite value of dt orders against dt's values (finite, ±inf)
        # exactly as float64's largest finite value of its sign does, which NumPy holds
        # exactly (float(2**1100) overflows; float(3.5e38 + 1) might round).
        big = FLOAT_MAX[dtypes.float64]
        vv = complex(v) if type(v) is not int else complex(big if v > 0 else -big)
    if type(x) is not _ndarray:
        x = scalar_array(narrow_scalar(x, dt, function), dt)
    with np.errstate(invalid="ignore"):
        r = COMPARE_UFUNC[name](cast(x, dtypes.complex128), vv)
    return np.array(r, dtype=bool_)


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
    if dt in COMPLEX and name not in ("equal", "not_equal"):
        # JAX differs: it rounds the number into complex64 first (decision 41).
        return _complex_order_beyond(name, x, v, dt, function)
    if type(v) is _ndarray:
        if _range_of(dt) is None or (dt in COMPLEX and name not in ("equal", "not_equal")):
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
        x = scalar_array(narrow_scalar(x, dt, function), dt)
    x = cast(x, dt)
    # What x OP (a value past every finite value of dt) is, above and below:
    if name in ("equal", "not_equal"):
        up = down = np.asarray(name == "not_equal")
    elif dt in INTEGER:
        up, down = np.asarray(name in ("less", "less_equal")), np.asarray(
            name in ("greater", "greater_equal"))
    else:
        xr = cast(x.real if dt in COMPLEX else x, dtypes.float64)
        if name in ("less", "less_equal"):
            up, down = xr < np.inf, xr == -np.inf
        else:
            up, down = xr == np.inf, xr > -np.inf
    if inner is None:
        r = np.where(above, up, down)
        shape = x.shape
    else:
        loop = loop_dtype(dt)
        r0 = COMPARE_UFUNC[name](cast(x, loop), cast(inner, loop))
        r = np.where(above, up, np.where(below, down, r0))
        shape = np.broadcast_shapes(x.shape, v.shape)
    return np.array(np.broadcast_to(r, shape), dtype=bool_)


def has_beyond(v, dt: np.dtype) -> bool:
    """Whether a number or weak array has a value beyond ``dt``'s finite range."""
    if type(v) is _ndarray:
        if v.ndim:
            if _range_of(dt) is None:
                return False
            above, below = _beyond_masks(v, dt)
            return bool(above.any() or below.any())
        v = v.item()
    return _beyond_scalar(v, dt) != 0


def strong_values(x: np.ndarray, dt: np.dtype, function: str) -> np.ndarray:
    """A strong array cast to the joined ``dt``: exact except bool -> int1 (True is 1,
    which int1 cannot hold), which is checked (``OverflowError``) instead of wrapping."""
    if dt == _INT1 and x.dtype == bool_:
        return prepare(x, 3, dt, function)
    return cast(x, dt)


def as_ndarray(x, dt: np.dtype, function: str, node=None):
    """A Python scalar or ndarray operand (at lattice ``node``) as an ndarray of ``dt``:
    scalars and weak arrays are checked (``narrow_scalar``, ``weak_values``)."""
    if type(x) is _ndarray:
        return weak_values(x, dt, function) if node in WEAK_NODES else \
            strong_values(x, dt, function)
    return _asarray(narrow_scalar(x, dt, function), dtype=dt) if dt not in ML_DTYPES else cast(
        np.asarray(narrow_scalar(x, dt, function)), dt)


def prep_code(src: np.dtype, in_dt: np.dtype, loop: np.dtype, comparison: bool = False) -> int:
    """How an array operand of dtype ``src`` reaches a loop for ``in_dt``: 0 NumPy casts it
    inside the loop (exact, or rounded once into ``in_dt`` itself); 1 cast it to ``in_dt``
    first -- the loop is wider than ``in_dt`` (ml_dtypes types, ops without a loop for
    ``in_dt``), so it must be rounded to ``in_dt`` before, or the cast may overflow, which
    weaknp does quietly (``uint16 [65535] < float16 [1.]``)."""
    if src == in_dt:
        return 0
    if src == bool_ and in_dt == _INT1:
        # True is 1, which int1 (-1..0) cannot hold: checked (3), or exact in int8 for a
        # comparison (4).  NumPy and JAX differ: they cast True to int1's -1.
        return 4 if comparison else 3
    # NumPy differs: bfloat16 with uint16 computes in float32 from the exact values.
    # Decision 42.
    if loop != in_dt and in_dt != bool_:
        return 1
    if not (in_dt in REAL_FLOAT or in_dt in COMPLEX):
        return 0
    rng_src, rng_dst = _range_of(src), _range_of(in_dt)
    if rng_src is not None and rng_src[1] > rng_dst[1]:
        return 1
    return 0


def prepare(x, code: int, in_dt: np.dtype, function: str):
    """Apply a ``prep_code`` (2: a weak array, by ``weak_values``; 3/4: a bool array
    into int1, checked / exact in int8)."""
    if code == 2:
        return weak_values(x, in_dt, function)
    if code == 3:
        if x.any():
            raise dtypes.out_of_range(function, "bool value", True, in_dt)
    elif code == 4:
        return cast(x, dtypes.int8)
    return cast(x, in_dt)


def as_in_dt(x, in_dt):
    return cast(x, in_dt) if type(x) is _ndarray else scalar_array(x, in_dt)


def scalar_array(v, dt: np.dtype) -> np.ndarray:
    if dt in ML_DTYPES:
        with np.errstate(over="ignore", invalid="ignore"):
            return np.asarray(v).astype(dt)
    return _asarray(v, dtype=dt)
