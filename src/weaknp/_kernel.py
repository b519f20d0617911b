"""The kernel that calls NumPy: promote -> check kinds -> result rule -> narrow scalars -> ufunc.

This is the one place a Python scalar is narrowed to a dtype (with the overflow check) and
the one place NumPy ufuncs are called for elementwise work.  Every call pins NumPy's loop
(``signature=``) unless NumPy's own resolution for the operand dtypes was checked, when the
plan was built, to be exactly the loop weaknp chose.  Returns ``(ndarray, weak)``; never
imports ``Array``.  The hot path that executes these plans is ``_dispatch`` (compiled when
built); everything it runs is derived here.
"""

from __future__ import annotations

import math
import warnings
from typing import NamedTuple

import numpy as np

from . import _dtypes as D
from ._errors import TypePromotionError
from ._lattice import STRONG_NODE, WEAK_NODES
from ._config import get_mode
from ._lattice import BUILTIN, NODE_DTYPE, WEAK_NODE, Node
from ._ops import ALL_OPS, BY_NAME, INEXACT_MAP, Op
from ._promotion import current_lattice, promotion_error

__all__ = ["Plan", "plan_for", "narrow_scalar", "EntrySpec", "entry_spec", "call_code",
           "scalar_array", "inplace", "clip", "matmul", "cast", "as_ndarray", "result_dtype"]

_ndarray = np.ndarray
_asarray = np.asarray
_ML = D.ML_DTYPES
_INT_BOUNDS = D.INT_BOUNDS
_FLOAT_MAX = D.FLOAT_MAX
_INTEGER = D.INTEGER
_REAL_FLOAT = D.REAL_FLOAT
_COMPLEX = D.COMPLEX
_BOOL_DT = D.bool_


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


def _loop_dtype(dt: np.dtype) -> np.dtype:
    """NumPy computes ml_dtypes types in a wider native loop (bit-identical, much faster)."""
    if dt in _ML:
        # NumPy differs: ml_dtypes' own loops are slower and bfloat16 + 1.5 is float32 there.
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
    loop = _loop_dtype(in_dt)
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
    if isinstance(op.ufunc, np.ufunc) and loop == in_dt:
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
# Python scalars: the one place they are narrowed to a dtype.

def narrow_scalar(value, dt: np.dtype, function: str):
    """Check a Python scalar against ``dt`` and return the value NumPy should receive.

    An int that does not fit an integer dtype raises ``OverflowError`` (NumPy 2 does the
    same; JAX silently wraps).  A finite float or int beyond a float dtype's range becomes
    ±inf (or NaN for types without inf), as in JAX, without NumPy's overflow warning.
    """
    t = type(value)
    if t is bool:
        return value if dt == _BOOL_DT else int(value)
    if dt in _INTEGER:
        lo, hi = _INT_BOUNDS[dt]
        # JAX differs: it wraps out-of-range Python ints silently (int8 + 1000 -> -24).
        if not lo <= value <= hi:
            raise OverflowError(
                f"{function}: Python int {value} is out of bounds for {D.dtype_name(dt)} "
                f"(range {lo}..{hi}); cast the array explicitly with astype() to a wider dtype")
        return value
    if dt in _COMPLEX:
        if t is int:
            value = complex(value)  # OverflowError from Python itself names the problem
        return value
    # real float target, value int or float
    fmax = _FLOAT_MAX.get(dt)
    if t is int:
        try:
            value = float(value)
        except OverflowError:
            raise OverflowError(
                f"{function}: Python int {value} is too large to convert to "
                f"{D.dtype_name(dt)}") from None
    # NumPy differs: it warns "overflow encountered in cast"; JAX and weaknp give inf quietly.
    if fmax is not None and abs(value) > fmax and math.isfinite(value):
        with np.errstate(over="ignore", invalid="ignore"):
            return float(np.array(value).astype(dt))
    if dt in _ML:
        # Round to the narrow type first, as JAX does, then compute in the wide loop.
        with np.errstate(over="ignore", invalid="ignore"):
            return float(np.array(value).astype(dt))
    return value


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
        if r is a or (r.base is a and op.name == "real"):
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
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        return x.astype(dt)


def as_ndarray(x, dt: np.dtype, function: str):
    """A Python scalar or ndarray operand as an ndarray of ``dt`` (scalars checked)."""
    if type(x) is _ndarray:
        return cast(x, dt)
    return _asarray(narrow_scalar(x, dt, function), dtype=dt) if dt not in _ML else cast(
        np.asarray(narrow_scalar(x, dt, function)), dt)


# ---------------------------------------------------------------------------------------
# Entries: what the dispatch core (``_dispatch``) executes.  One per (op, mode, operand
# node pair), derived here from the join and the plan on first use; errors are raised,
# never cached.

_N = len(Node)
_LATTICE_BY_NAME = BUILTIN.get


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

        def narrow(v):
            t = type(v)
            if (t is float or t is int) and -fmax <= v <= fmax:
                return v
            return narrow_scalar(v, dt, function)
    else:
        def narrow(v):
            return narrow_scalar(v, dt, function)
    return narrow


class EntrySpec(NamedTuple):
    """Everything the dispatch core (``_dispatch``) needs to run one op on one operand-node
    pair in one mode; derived here once (join -> plan -> spec), executed there.

    The ``call_*`` pairs are ``(code, arg)``: how NumPy is called for each operand form
    (see ``call_code``; code 4 means ``arg`` is a Python function of the one operand, for
    ops that are not ufuncs).  ``aa``: both operands ndarrays of their nodes' own dtypes;
    ``as``/``sa``: the second/first a Python scalar passing unchanged; ``g``: anything else.
    ``a_pass``/``b_pass`` are ``(type, lo, hi)``: a Python scalar of exactly that type with
    ``lo <= value <= hi`` passes to NumPy unchanged; any other goes through ``narrow``.
    """
    ufunc: object          # the NumPy ufunc (or function) of the op
    out_node: Node         # the result's node: its dtype's, or its kind's weak node
    in_dt: np.dtype        # Python scalars become values of this dtype
    call_aa: tuple
    call_as: tuple
    call_sa: tuple
    call_g: tuple
    a_pass: tuple
    b_pass: tuple
    narrow: object         # Python scalar -> the value NumPy receives (OverflowError)
    oor: object            # comparisons: (int, array, reflected) -> the answer, else None
    post: object           # None, or (result, *operands) -> result (cast back, fix-ups)


#: The widest dtype a weak array of each weak node can hold (any mode).
_WIDEST_OF_NODE = {Node.weak_int: D.int64, Node.weak_float: D.float64,
                   Node.weak_complex: D.complex128}
_NO_PASS = (None, 1, 0)


def entry_spec(op: Op, mode, an, bn) -> EntrySpec:
    """The entry for ``op`` on operand nodes ``an``, ``bn`` (``bn`` is ``an`` for a unary
    op) in promotion mode ``mode``.  Raises the promotion or kind error if there is none."""
    lattice = _LATTICE_BY_NAME(mode, mode)
    res = lattice.table[an][bn]
    if res is None:
        raise promotion_error(op.name, (an, bn) if an != bn else (an,), lattice)
    dt, weak = res
    plan = plan_for(op, dt, weak)
    out_node = (WEAK_NODE if weak and plan.keeps_weak else STRONG_NODE)[plan.out]
    fix = _FIXES.get(op.name)
    sig = plan.sig
    ufunc = op.ufunc
    narrow = _narrower(plan.in_dt, op.name)
    post = _post(plan.cast_back, plan.out, fix)
    if op.arity == 1:
        if not isinstance(ufunc, np.ufunc):
            general = (CALL_FUNCTION, _function_call(op, sig))
        else:
            general = (CALL_UNSAFE, sig)
        direct = (plan.direct and an not in WEAK_NODES and NODE_DTYPE[an] == plan.in_dt)
        call_a = (CALL_DIRECT, None) if direct else general
        return EntrySpec(ufunc, out_node, plan.in_dt, call_a, general, general, general,
                         _NO_PASS, _NO_PASS, narrow, None, post)
    # NumPy checks that array operands cast "same_kind" to the pinned loop; weaknp decided
    # the loop already, so the check is waived (casting="unsafe") only where it would fail
    # (a weak int64 array into a uint8 loop, numbers read as truth values): it costs time.
    loop = sig[0]
    unsafe = not all(np.can_cast(src, loop, "same_kind") for src in
                     {_WIDEST_OF_NODE.get(an, NODE_DTYPE.get(an)),
                      _WIDEST_OF_NODE.get(bn, NODE_DTYPE.get(bn))})
    general = (CALL_UNSAFE if unsafe else CALL_SIGNATURE, sig)
    a_pass, b_pass = _scalar_pass(an, plan.in_dt), _scalar_pass(bn, plan.in_dt)
    call_aa = call_as = call_sa = general
    if an not in WEAK_NODES and bn not in WEAK_NODES:
        call_aa = call_code(ufunc, (NODE_DTYPE[an], NODE_DTYPE[bn]), sig, unsafe)
    if an not in WEAK_NODES and b_pass[0] is not None:
        call_as = call_code(ufunc, (NODE_DTYPE[an], b_pass[0]), sig, unsafe)
    if bn not in WEAK_NODES and a_pass[0] is not None:
        call_sa = call_code(ufunc, (a_pass[0], NODE_DTYPE[bn]), sig, unsafe)
    oor = _comparer(op) if op.rule == "bool" else None
    return EntrySpec(ufunc, out_node, plan.in_dt, call_aa, call_as, call_sa, general,
                     a_pass, b_pass, narrow, oor, post)


def _scalar_pass(node, dt: np.dtype) -> tuple:
    """``(type, lo, hi)``: the Python scalars at ``node`` that NumPy may receive unchanged
    for a loop of ``dt`` (a plain int or float inside the dtype's range), or ``_NO_PASS``."""
    if dt in _ML:
        return _NO_PASS   # a Python scalar is first rounded to the narrow type
    if node == Node.weak_int:
        if dt in _INTEGER:
            lo, hi = _INT_BOUNDS[dt]
            return (int, lo, hi)
        if dt in _REAL_FLOAT:
            return (int, math.ceil(-_FLOAT_MAX[dt]), math.floor(_FLOAT_MAX[dt]))
    if node == Node.weak_float and dt in _REAL_FLOAT:
        return (float, -_FLOAT_MAX[dt], _FLOAT_MAX[dt])
    return _NO_PASS


def _post(cast_back: bool, out: np.dtype, fix):
    """The step after the ufunc call: cast an ml_dtypes result back, then a fix-up."""
    if not cast_back:
        return fix
    if fix is None:
        return lambda r, *args: cast(r, out)
    return lambda r, *args: fix(cast(r, out), *args)


def _function_call(op: Op, sig: tuple):
    """For ops whose NumPy function is not a ufunc (``real``, ``imag``, ``round``)."""
    def call(a):
        return _call(op, sig, False, sig[-1], (a,))
    return call


def _comparer(op: Op):
    def answer(value, arr, reflected):
        return _compare_out_of_range(op, value, arr, reflected=reflected)
    return answer


#: How a call passes its pinned loop to the ufunc (the cheapest spelling that NumPy
#: resolves to exactly that loop; checked once per operand pair with ``resolve_dtypes``).
CALL_DIRECT, CALL_DTYPE, CALL_SIGNATURE, CALL_UNSAFE, CALL_FUNCTION = range(5)


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


def scalar_array(v, dt: np.dtype) -> np.ndarray:
    """A narrowed Python scalar as a 0-d array of ``dt`` (ml_dtypes types cast quietly)."""
    if dt in _ML:
        with np.errstate(over="ignore", invalid="ignore"):
            return np.asarray(v).astype(dt)
    return _asarray(v, dtype=dt)


def inplace(op: Op, a: np.ndarray, an, b, bn):
    """``a op= b`` into ``a``'s buffer; ``TypeError`` if the result dtype is not ``a``'s."""
    lattice = current_lattice()
    res = lattice.table[an][bn]
    if res is None:
        raise promotion_error(op.name, (an, bn), lattice)
    dt, weak = res
    plan = _PLANS.get((op.name, dt)) or plan_for(op, dt, weak)
    # NumPy differs: it casts the result back with casting='same_kind' (int8 += 1.5 works).
    if plan.out != a.dtype:
        raise TypeError(
            f"{op.name} (in-place): the result dtype {D.dtype_name(plan.out)} differs from the "
            f"left operand's {D.dtype_name(a.dtype)}; in-place operators never change dtype: "
            f"write x = x {'op'} y instead, or cast the right operand explicitly with astype()")
    if type(b) is not _ndarray:
        b = narrow_scalar(b, plan.in_dt, op.name)
    else:
        shape = np.broadcast_shapes(a.shape, b.shape)
        if shape != a.shape:
            raise ValueError(
                f"{op.name} (in-place): operand of shape {b.shape} cannot be broadcast to the "
                f"left operand's shape {a.shape}")
    fix = _FIXES.get(op.name)
    if plan.cast_back or fix is not None:
        # computed out of place: the fix needs the original operands
        r = _call(op, plan.sig, plan.cast_back, plan.out, (a, b))
        if fix is not None:
            r = fix(r, a, b)
        a[...] = r
    else:
        op.ufunc(a, b, out=a, signature=plan.sig, casting="unsafe")
    return weak and plan.keeps_weak


def _compare_out_of_range(op: Op, value: int, arr: np.ndarray, *, reflected: bool):
    """``int8_array < 1000`` and friends: the mathematically right answer, no wrap-around.

    ``value`` lies beyond every value of ``arr``'s integer dtype, so each comparison has the
    same answer for every element.
    """
    # JAX differs: it wraps the int first, so int8_array < 1000 is all False there.
    above = value > 0   # value greater than every element
    name = op.name
    if reflected:  # value OP arr  ==  arr (mirrored OP) value
        name = {"less": "greater", "greater": "less", "less_equal": "greater_equal",
                "greater_equal": "less_equal"}.get(name, name)
    answer = {
        "equal": False, "not_equal": True,
        "less": above, "less_equal": above, "greater": not above, "greater_equal": not above,
    }[name]
    return np.full(arr.shape, answer, dtype=_BOOL_DT)


# ---------------------------------------------------------------------------------------
# Matmul: a generalised ufunc, pinned like the elementwise ones; no widening of small ints.

_MATMUL_KINDS = D.BOOL | D.NUMERIC


def matmul(a: np.ndarray, an, b: np.ndarray, bn, function: str = "matmul"):
    """``a @ b`` in the joined dtype (``int8 @ int8`` is int8, as in JAX)."""
    lattice = current_lattice()
    res = lattice.table[an][bn]
    if res is None:
        raise promotion_error(function, (an, bn), lattice)
    dt, weak = res
    # JAX differs: it refuses int8 @ weak-int ("preferred_element_type must not be narrower").
    if dt not in _MATMUL_KINDS:
        raise TypeError(f"{function}: not defined for {D.dtype_name(dt)} inputs")
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError(f"{function}: operands must be at least 1-D, got shapes {a.shape} "
                         f"and {b.shape}; use multiply() for scalars")
    loop = _loop_dtype(dt)
    r = np.matmul(a, b, dtype=loop, casting="unsafe")
    r = cast(r, dt) if loop != dt else _asarray(r)
    return r, weak


# ---------------------------------------------------------------------------------------
# Clip: three operands, written by hand (no ufunc pins the bounds' dtype for us).

def clip(x: np.ndarray, xn, lo, lon, hi, hin):
    """``clip(x, lo, hi)`` with the lattice join of all three; ``None`` bounds are skipped.

    Python int bounds outside an integer dtype's range cannot clip anything and are
    dropped (the mathematically right answer) instead of raising.
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
    bounds = []
    for v in (lo, hi):
        if v is None or type(v) is _ndarray:
            bounds.append(v)
            continue
        if dt in _INTEGER and type(v) is int:
            lo_b, hi_b = _INT_BOUNDS[dt]
            if v < lo_b or v > hi_b:
                # A bound beyond the dtype's range clips nothing on that side, or clips
                # everything to the range end (a bound below the range as an upper bound).
                v = min(max(v, lo_b), hi_b)
        bounds.append(narrow_scalar(v, dt, "clip"))
    xa = cast(x, loop)
    lo_a = None if bounds[0] is None else cast(np.asarray(bounds[0]) if type(bounds[0]) is _ndarray
                                                else np.asarray(bounds[0], dtype=loop), loop)
    hi_a = None if bounds[1] is None else cast(np.asarray(bounds[1]) if type(bounds[1]) is _ndarray
                                                else np.asarray(bounds[1], dtype=loop), loop)
    r = xa
    if lo_a is not None:
        r = np.maximum(r, lo_a, signature=(loop, loop, loop))
    if hi_a is not None:
        r = np.minimum(r, hi_a, signature=(loop, loop, loop))
    if r is xa:
        r = xa.copy()
    r = cast(r, dt)
    return _asarray(r), weak


# ---------------------------------------------------------------------------------------
# Special cases where NumPy's value differs from the Array API standard's.

# NumPy differs: 1.0 // -inf is -1.0 there (Python's divmod); the standard says -0.0.
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
        fixed = np.floor(np.divide(a, b, dtype=loop))
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
        # Standard: tanh(±inf + yi) for finite y is ±1 + 0i (sign of the zero from sin(2y));
        # NumPy returns NaN parts for some y.
        with np.errstate(all="ignore"):
            re, im = np.real(a), np.imag(a)
            bad = np.isinf(re) & np.isfinite(im)
            if bad.any():
                alt = np.copysign(1, re) + 1j * np.copysign(0, np.sin(2 * im))
                r = np.where(bad, alt.astype(r.dtype), r)
    return _asarray(r)


_FIXES = {"floor_divide": _fix_floor_divide, "sign": _fix_sign, "expm1": _fix_expm1,
          "tanh": _fix_tanh}

# Make sure every op the fixes name exists (a renamed row must not silently skip its fix).
assert all(name in BY_NAME for name in _FIXES)
del TypePromotionError
