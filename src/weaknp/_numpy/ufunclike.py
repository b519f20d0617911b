"""NumPy's elementwise functions beyond the Array API: its extra ufuncs (op-table rows),
its spellings of the standard's functions, and the hand-written ones.

Dtypes and weak flags
---------------------
* NumPy's extra ufuncs (``cbrt``, ``exp2``, ``fmax``, ``fmod``, ``gcd``, ``heaviside``,
  ``logaddexp2``, ``rint``, ``spacing``, ...) are rows of weaknp's op table
  (``weaknp._core.ops.NUMPY_OPS``) and go through the same kernel as the standard's functions:
  their operands are joined on the lattice (Python scalars weak) and the result follows
  the row's rule (``inexact``: integers and bool map to float32, 64-bit ones to float64).
* NumPy's spellings of standard functions (``absolute``, ``arccos``, ``power``,
  ``true_divide``, ``left_shift``, ``bitwise_not``, ``mod``, ``conjugate``, ...) are the
  same function objects as the standard's (``wnp.power is wnp.pow``).
* Predicates (``isneginf``, ``isreal``, ...) return strong bool; ``frexp`` returns the
  inexact dtype of ``x`` and int32 (both strong, as JAX); ``modf``, ``sinc``, ``i0``,
  ``angle`` and ``nan_to_num`` keep the weak flag of their input.
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes as D
from .._api import elementwise as E
from .._core import kernel as K
from .._array.array import Array
from .._fast.dispatch import wrap
from .._core.lattice import STRONG_NODE
from .._array.operands import data_of
from .._core.dtype_rules import inexact_dtype, native_dtype
from .._core.ops import NUMPY_OPS
from .._array.stored import deliver
from .._array.stored import stored_value
from .._api.ufunc import ufunc


__all__ = [
    # NumPy's extra ufuncs (op-table rows)
    *(op.name for op in NUMPY_OPS),
    # NumPy's spellings of the standard's functions
    "absolute", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh",
    "bitwise_not", "invert", "conjugate", "left_shift", "right_shift", "mod", "power",
    "true_divide", "around", "fix",
    # hand-written elementwise functions
    "angle", "bitwise_count", "divmod", "frexp", "i0", "iscomplex", "isnat", "isneginf",
    "isposinf", "isreal", "ldexp", "modf", "nan_to_num", "real_if_close", "sinc",
]

# ---------------------------------------------------------------------------------------
# NumPy's extra ufuncs, generated from the op table like the standard's.

_GENERATED = {op.name: E.make_function(op) for op in NUMPY_OPS}
(cbrt, deg2rad, degrees, exp2, fabs, float_power, fmax, fmin, fmod, gcd, heaviside, lcm,
 logaddexp2, rad2deg, radians, rint, spacing) = (_GENERATED[op.name] for op in NUMPY_OPS)

# NumPy's spellings of the standard's functions: the same objects.
absolute = E.abs
arccos, arccosh, arcsin, arcsinh = E.acos, E.acosh, E.asin, E.asinh
arctan, arctan2, arctanh = E.atan, E.atan2, E.atanh
bitwise_not = invert = E.bitwise_invert
conjugate = E.conj
left_shift, right_shift = E.bitwise_left_shift, E.bitwise_right_shift
mod = E.remainder
power = E.pow
true_divide = E.divide
# JAX differs: jnp.fix was removed (use trunc); NumPy's fix is trunc (integers stay integers).
# Decision 56.
fix = E.trunc


def around(a, decimals=0, out=None):
    """Round to ``decimals`` decimals (NumPy's name for ``round``); same dtype and flag."""
    return E.round(a, decimals, out)


# ---------------------------------------------------------------------------------------
# Hand-written elementwise functions.



def _compute(d: np.ndarray, dt: np.dtype) -> np.ndarray:
    """``d`` cast to ``dt``, or to float32 when ``dt`` is an ml_dtypes type (cast back later)."""
    return K.cast(d, native_dtype(dt))


def _real_only(function, d, weak):
    if d.dtype not in D.BOOL | D.INTEGER | D.REAL_FLOAT:
        what = "weak complex" if weak else D.dtype_name(d.dtype)
        raise TypeError(f"{function}: not defined for {what} inputs (real dtypes only); "
                        f"take the real part with wnp.real() first")


def sinc(x, /):
    """Normalised sinc, ``sin(pi x) / (pi x)``, elementwise; inexact dtype, keeps the flag."""
    d, w = data_of(x, "sinc")
    dt = inexact_dtype(d.dtype)
    return wrap(K.cast(np.sinc(_compute(d, dt)), dt), w)


def i0(x):
    """Modified Bessel function of the first kind, order 0; real inputs, inexact dtype."""
    d, w = data_of(x, "i0")
    _real_only("i0", d, w)
    dt = inexact_dtype(d.dtype)
    return wrap(K.cast(np.i0(_compute(d, dt)), dt), w)


def angle(z, deg=False):
    """Angle of the complex argument (real inputs: 0 or pi).

    Promotion: complex gives its real float; integers and bool use the inexact rule.
    """
    # JAX differs: angle of any integer is float64 there; weaknp uses the inexact rule.
    # Decision 24.
    d, w = data_of(z, "angle")
    dt = inexact_dtype(d.dtype)
    out = D.COMPLEX_TO_REAL.get(dt, dt)
    return wrap(K.cast(np.angle(_compute(d, dt), deg=deg), out), w)


def _bitwise_count(x, /):
    """Number of 1 bits in ``|x|``, elementwise; integer or bool input, uint8 result."""
    d, w = data_of(x, "bitwise_count")
    if d.dtype not in D.BOOL | D.INTEGER:
        raise TypeError(f"bitwise_count: not defined for {D.dtype_name(d.dtype)} inputs "
                        f"(integer and bool only); cast explicitly with astype()")
    work = K.cast(d, D.int32 if d.dtype in D.BOOL else native_dtype(d.dtype))
    return wrap(np.bitwise_count(work).astype(D.uint8, copy=False), False)


def _divmod(x1, x2, /):
    """``(floor_divide(x1, x2), remainder(x1, x2))``: both with the join's dtype and flag."""
    return E.floor_divide(x1, x2), E.remainder(x1, x2)


def _frexp(x, /):
    """Mantissa and exponent: ``x == m * 2**e``; ``(inexact dtype of x, int32)``, strong."""
    d, w = data_of(x, "frexp")
    _real_only("frexp", d, w)
    dt = inexact_dtype(d.dtype)
    m, e = np.frexp(_compute(d, dt))
    return wrap(K.cast(m, dt), False), wrap(e.astype(D.int32, copy=False), False)


def _ldexp(x1, x2, /):
    """``x1 * 2**x2`` elementwise; ``x2`` must be integer. Dtype: inexact dtype of ``x1``.

    Promotion: the result is strong unless both inputs are weak (as JAX).
    """
    d1, w1 = data_of(x1, "ldexp")
    d2, w2 = data_of(x2, "ldexp")
    _real_only("ldexp", d1, w1)
    if d2.dtype not in D.BOOL | D.INTEGER:
        raise TypeError(f"ldexp: the exponent x2 must be an integer array, got "
                        f"{D.dtype_name(d2.dtype)}; cast it with astype('int32')")
    dt = inexact_dtype(d1.dtype)
    # NumPy's ldexp loop takes an int32 exponent; wider ones saturate (2**31 overflows
    # every float anyway).
    e = np.clip(d2, -(2**31), 2**31 - 1).astype(D.int32) if d2.dtype.itemsize >= 4 \
        and d2.dtype not in D.ML_DTYPES else K.cast(d2, D.int32)
    r = np.ldexp(_compute(d1, dt), e)
    return wrap(K.cast(r, dt), w1 and w2)


def _modf(x, /):
    """Fractional and integral parts, both with the sign of ``x``; inexact dtype, keeps the flag."""
    d, w = data_of(x, "modf")
    _real_only("modf", d, w)
    dt = inexact_dtype(d.dtype)
    f, i = np.modf(_compute(d, dt))
    return wrap(K.cast(f, dt), w), wrap(K.cast(i, dt), w)


# NumPy's ufuncs without an op-table row: weaknp ufunc objects around the functions above
# (NumPy's call signature: out=, where=, dtype=; no reduce/accumulate).
bitwise_count = ufunc(func=_bitwise_count, nin=1, nout=1, name="bitwise_count",
                      doc=_bitwise_count.__doc__)
divmod = ufunc(func=_divmod, nin=2, nout=2, name="divmod", doc=_divmod.__doc__)
frexp = ufunc(func=_frexp, nin=1, nout=2, name="frexp", doc=_frexp.__doc__)
ldexp = ufunc(func=_ldexp, nin=2, nout=1, name="ldexp", doc=_ldexp.__doc__)
modf = ufunc(func=_modf, nin=1, nout=2, name="modf", doc=_modf.__doc__)


def _real_predicate(function, x, np_fn):
    d, w = data_of(x, function)
    _real_only(function, d, w)
    if d.dtype in D.ML_DTYPES:
        d = K.cast(d, D.float32)
    return wrap(np.asarray(np_fn(d)), False)


def isneginf(x, out=None):
    """Whether ``x`` is negative infinity, elementwise (real inputs; strong bool)."""
    return deliver(_real_predicate("isneginf", x, np.isneginf), out, "isneginf")


def isposinf(x, out=None):
    """Whether ``x`` is positive infinity, elementwise (real inputs; strong bool)."""
    return deliver(_real_predicate("isposinf", x, np.isposinf), out, "isposinf")


def isreal(x):
    """Whether the imaginary part is zero, elementwise (strong bool)."""
    # JAX differs: isreal/iscomplex of a weak input give a weak bool there (decision 4).
    d, _ = data_of(x, "isreal")
    return wrap(np.asarray(np.imag(d) == 0) if d.dtype in D.COMPLEX else
                np.ones(d.shape, D.bool_), False)


def iscomplex(x):
    """Whether the imaginary part is non-zero, elementwise (strong bool)."""
    d, _ = data_of(x, "iscomplex")
    return wrap(np.asarray(np.imag(d) != 0) if d.dtype in D.COMPLEX else
                np.zeros(d.shape, D.bool_), False)


def _isnat(x, /):
    """NumPy's "is not-a-time": weaknp has no datetime dtypes, so this always raises."""
    d, _ = data_of(x, "isnat")
    raise TypeError(f"isnat: only defined for datetime64 and timedelta64 inputs, got "
                    f"{D.dtype_name(d.dtype)}; weaknp has no datetime dtypes (use NumPy "
                    f"for dates)")


isnat = ufunc(func=_isnat, nin=1, nout=1, name="isnat", doc=_isnat.__doc__)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """Replace NaN with ``nan`` and infinities with ``posinf``/``neginf`` (default: the
    dtype's largest/smallest finite value); dtype and weak flag of ``x``.

    The replacement values may be arrays (broadcast against ``x``); each is stored with
    the rule of ``x[i] = v`` into ``x``'s (real) dtype.

    Examples
    --------
    >>> x = wnp.asarray([wnp.nan, wnp.inf, 1.0], dtype=wnp.float32)
    >>> wnp.nan_to_num(x, nan=wnp.asarray([7, 8, 9], dtype=wnp.int8))
    Array([7.0000000e+00, 3.4028235e+38, 1.0000000e+00], dtype=float32)
    """
    # JAX differs: nan_to_num drops the weak flag of a weak float there (decision 24).
    d, w = data_of(x, "nan_to_num")
    if d.dtype in D.BOOL | D.INTEGER:
        return wrap(d.copy() if copy else d, w)
    part = D.COMPLEX_TO_REAL.get(d.dtype, d.dtype)
    slot = np.empty((), part)

    def value(v):
        if v is None:
            return None
        return np.asarray(stored_value("nan_to_num", slot, STRONG_NODE[part], v, lists=True))

    nan, posinf, neginf = value(nan), value(posinf), value(neginf)
    if d.dtype in D.ML_DTYPES:
        big = float(D.FLOAT_MAX[d.dtype])
        f32 = (lambda v, default: default if v is None else K.cast(v, D.float32))
        r = np.nan_to_num(K.cast(d, D.float32), nan=f32(nan, 0.0),
                          posinf=f32(posinf, big), neginf=f32(neginf, -big))
        return wrap(K.cast(np.asarray(r), d.dtype), w)
    r = np.asarray(np.nan_to_num(d, copy=True, nan=nan, posinf=posinf, neginf=neginf))
    if not copy and isinstance(x, Array):
        x._data[...] = r
        return x
    return wrap(r, w)


def real_if_close(a, tol=100):
    """The real part if every imaginary part is within ``tol`` machine epsilons of zero
    (``tol`` > 1) or absolutely (``tol`` <= 1); otherwise ``a`` unchanged.

    Promotion: the result's dtype depends on the values, as in NumPy (JAX has no
    ``real_if_close``); the weak flag is kept.
    """
    d, w = data_of(a, "real_if_close")
    if d.dtype not in D.COMPLEX:
        return wrap(d, w)
    real_dt = D.COMPLEX_TO_REAL[d.dtype]
    limit = tol * float(np.finfo(real_dt).eps) if tol > 1 else tol
    if np.all(np.abs(d.imag) < limit):
        return wrap(np.ascontiguousarray(d.real), w)
    return wrap(d, w)
