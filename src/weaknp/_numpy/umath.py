"""NumPy's ufuncs beyond the Array API (``numpy._core.umath``): its extra ufuncs (op-table
rows), its spellings of the standard's functions, and the hand-written ones.

Dtypes and weak flags
---------------------
* NumPy's extra ufuncs (``cbrt``, ``exp2``, ``fmax``, ``fmod``, ``gcd``, ``heaviside``,
  ``logaddexp2``, ``rint``, ``spacing``, ...) are rows of weaknp's op table
  (``weaknp._core.ops.NUMPY_OPS``) and go through the same kernel as the standard's
  functions: their operands are joined on the lattice (Python scalars weak) and the result
  follows the row's rule (``inexact``: integers and bool map to float32, 64-bit ones to
  float64).
* NumPy's spellings of standard functions (``absolute``, ``arccos``, ``power``,
  ``true_divide``, ``left_shift``, ``bitwise_not``, ``mod``, ``conjugate``, ...) are the
  same function objects as the standard's (``wnp.power is wnp.pow``).
* ``frexp`` returns the inexact dtype of ``x`` and int32 (both strong, as JAX); ``modf``
  keeps the weak flag of its input; ``isnat`` is strong bool.
* ``matvec``/``vecmat`` take the lattice join of their operands, like ``@``.
* ``frompyfunc`` builds a :class:`weaknp.ufunc` whose results convert with ``asarray``.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core.dtype_rules import native_dtype
from .._api import elementwise as E
from .._core.ops import NUMPY_OPS
from .._fast.dispatch import operand, wrap
from .._array.convert import to_array
from .._array.operands import raw as _raw
from .._array.operands import data_of
from .._api.ufunc import ufunc
from .multiarray import check_real, computable, joined_product
from .._core.dtype_rules import inexact_dtype
from .._core.entries import pair_plan
from .._core.lattice import OUTSIDE, WEAK_NODES
from .._core.ops import BY_NAME
from .._core.plans import watched
from .._core.promotion import current_lattice
from .._core.scalars import as_in_dt

__all__ = [
    # NumPy's extra ufuncs (op-table rows)
    *(op.name for op in NUMPY_OPS),
    # NumPy's spellings of the standard's functions
    "absolute", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh",
    "bitwise_not", "invert", "conjugate", "left_shift", "right_shift", "mod", "power",
    "true_divide",
    # hand-written ufuncs
    "bitwise_count", "divmod", "frexp", "isnat", "ldexp", "modf", "matvec", "vecmat",
    "frompyfunc",
]


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


def _bitwise_count(x, /):
    """Number of 1 bits in ``|x|``, elementwise; integer or bool input, uint8 result."""
    d, w = data_of(x, "bitwise_count")
    if d.dtype not in dtypes.BOOL | dtypes.INTEGER:
        raise TypeError(f"bitwise_count: not defined for {dtypes.dtype_name(d.dtype)} inputs "
                        f"(integer and bool only); cast explicitly with astype()")
    # bool: NumPy's uint8 loop, the bool cast in its buffer (0/1, whatever the byte holds)
    work = d if d.dtype in dtypes.BOOL else dtype_rules.cast(d, native_dtype(d.dtype))
    return wrap(np.bitwise_count(work).astype(dtypes.uint8, copy=False), False)


def _divmod(x1, x2, /):
    """``(floor_divide(x1, x2), remainder(x1, x2))``: both with the join's dtype and flag."""
    r = _divmod_one_loop(x1, x2)
    return (E.floor_divide(x1, x2), E.remainder(x1, x2)) if r is None else r


#: From this many elements divmod runs NumPy's one loop (below, it makes no difference).
_DIVMOD_ONE_LOOP_SIZE = 8192
_FLOOR_DIVIDE, _REMAINDER = BY_NAME["floor_divide"], BY_NAME["remainder"]


def _divmod_one_loop(x1, x2):
    """``divmod`` of large plain operands by NumPy's ``divmod`` loop, one pass computing
    both results (the same bits as ``floor_divide`` and ``remainder``: the same C
    routine), or None for the two calls.  Floating-point flags are watched: NumPy would
    warn (or raise) naming ``divmod``, where the two calls name ``floor_divide`` and
    ``remainder``, so a flag the user's error state does not ignore sends it the way of
    the two calls (which give exactly their own warnings and errors)."""
    o1, o2 = operand(x1), operand(x2)
    if o1 is None or o2 is None:
        return None
    (a, an), (b, bn) = o1, o2
    if OUTSIDE in (an, bn):
        return None
    ta, tb = type(a) is np.ndarray, type(b) is np.ndarray
    if not (ta or tb) or max(a.size if ta else 1, b.size if tb else 1) < _DIVMOD_ONE_LOOP_SIZE:
        return None
    lattice = current_lattice()
    try:
        e = pair_plan(_FLOOR_DIVIDE, lattice, an, bn)
    except TypeError:
        return None   # the two calls raise the error
    if (e.cast_back or e.check is not None or e.in_dt in dtypes.ML_DTYPES
            or (ta and e.prep_a) or (tb and e.prep_b)
            or (not ta and not (type(a) in e.ok and e.lo <= a <= e.hi))
            or (not tb and not (type(b) in e.ok and e.lo <= b <= e.hi))
            or pair_plan(_REMAINDER, lattice, an, bn)[:2] != e[:2]):
        return None
    sig = e.sig[:2] + e.sig[2:] * 2
    casting = "unsafe" if e.unsafe else "same_kind"
    try:
        (q, m), flagged = watched(lambda: np.divmod(a, b, signature=sig, casting=casting))
    except ValueError:
        return None   # shapes: the two calls raise weaknp's error
    if flagged:
        return None
    if e.fix is not None and e.in_dt in dtypes.REAL_FLOAT:
        q = e.fix(q, as_in_dt(a, e.in_dt), as_in_dt(b, e.in_dt))
    weak = e.out_node in WEAK_NODES
    return wrap(q, weak), wrap(m, weak)


def _frexp(x, /):
    """Mantissa and exponent: ``x == m * 2**e``; ``(inexact dtype of x, int32)``, strong."""
    d, w = data_of(x, "frexp")
    check_real("frexp", d, w)
    dt = inexact_dtype(d.dtype)
    if _cast_in_loop(d):
        m, e = np.frexp(d, signature=(dt, dt, dtypes.int32))
    else:
        m, e = np.frexp(computable(d, dt))
    return wrap(dtype_rules.cast(m, dt), False), wrap(e.astype(dtypes.int32, copy=False), False)


def _cast_in_loop(d) -> bool:
    """Whether ``d`` (integers or bool, NumPy's own) reaches a float loop through the
    loop's buffered cast, no converted copy of the whole array (the same conversion)."""
    return d.dtype in dtypes.BOOL | dtypes.INTEGER and d.dtype not in dtypes.ML_DTYPES


def _ldexp(x1, x2, /):
    """``x1 * 2**x2`` elementwise; ``x2`` must be integer. Dtype: inexact dtype of ``x1``.

    Promotion: the result is strong unless both inputs are weak (as JAX).
    """
    d1, w1 = data_of(x1, "ldexp")
    d2, w2 = data_of(x2, "ldexp")
    check_real("ldexp", d1, w1)
    if d2.dtype not in dtypes.BOOL | dtypes.INTEGER:
        raise TypeError(f"ldexp: the exponent x2 must be an integer array, got "
                        f"{dtypes.dtype_name(d2.dtype)}; cast it with astype('int32')")
    dt = inexact_dtype(d1.dtype)
    # NumPy's ldexp loop takes an int32 exponent; wider ones saturate (2**31 overflows
    # every float anyway).
    e = np.clip(d2, -(2**31), 2**31 - 1).astype(dtypes.int32) if d2.dtype.itemsize >= 4 \
        and d2.dtype not in dtypes.ML_DTYPES else dtype_rules.cast(d2, dtypes.int32)
    r = np.ldexp(computable(d1, dt), e)
    return wrap(dtype_rules.cast(r, dt), w1 and w2)


def _modf(x, /):
    """Fractional and integral parts, both with the sign of ``x``; inexact dtype, keeps the flag."""
    d, w = data_of(x, "modf")
    check_real("modf", d, w)
    dt = inexact_dtype(d.dtype)
    f, i = np.modf(d, signature=(dt, dt, dt)) if _cast_in_loop(d) else np.modf(computable(d, dt))
    return wrap(dtype_rules.cast(f, dt), w), wrap(dtype_rules.cast(i, dt), w)


# NumPy's ufuncs without an op-table row: weaknp ufunc objects around the functions above
# (NumPy's call signature: out=, where=, dtype=; no reduce/accumulate).
bitwise_count = ufunc(func=_bitwise_count, nin=1, nout=1, name="bitwise_count",
                      doc=_bitwise_count.__doc__)
divmod = ufunc(func=_divmod, nin=2, nout=2, name="divmod", doc=_divmod.__doc__)
frexp = ufunc(func=_frexp, nin=1, nout=2, name="frexp", doc=_frexp.__doc__)
ldexp = ufunc(func=_ldexp, nin=2, nout=1, name="ldexp", doc=_ldexp.__doc__)
modf = ufunc(func=_modf, nin=1, nout=2, name="modf", doc=_modf.__doc__)


def _isnat(x, /):
    """NumPy's "is not-a-time" of datetime64 and timedelta64 values: a strong bool array."""
    d, _ = data_of(x, "isnat")
    if d.dtype.kind not in "Mm":
        raise TypeError(f"isnat: only defined for datetime64 and timedelta64 inputs, got "
                        f"{dtypes.dtype_name(d.dtype)}; use isnan for numbers")
    return wrap(np.isnat(d))


isnat = ufunc(func=_isnat, nin=1, nout=1, name="isnat", doc=_isnat.__doc__)


matvec = joined_product("matvec", np.matvec, "Matrix-vector product over the last axes.")
vecmat = joined_product("vecmat", np.vecmat, "Vector-matrix product over the last axes.")


def frompyfunc(func, /, nin, nout, *, identity=None):
    """A :class:`weaknp.ufunc` calling ``func`` on each element (NumPy returns object
    arrays; weaknp converts the results with ``asarray``'s rules, so they must be
    numbers).  It takes NumPy's call keywords (``out=``, ``where=``); ``reduce`` and the
    other methods are not available."""
    np_fn = np.frompyfunc(func, nin, nout, identity=identity)

    def call(*args):
        r = np_fn(*[_raw(a) for a in args])
        conv = (lambda v: to_array(v.tolist() if isinstance(v, np.ndarray) else v,
                                   function="frompyfunc"))
        return tuple(conv(v) for v in r) if nout > 1 else conv(r)

    return ufunc(func=call, nin=nin, nout=nout, identity=identity,
                 name=getattr(func, "__name__", "frompyfunc"),
                 doc=getattr(func, "__doc__", None))
