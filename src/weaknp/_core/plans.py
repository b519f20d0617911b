"""How one op computes for one promoted dtype: its plan, its NumPy call, its value fixes.

A ``Plan`` (cached per op and dtype) pins NumPy's loop (``signature=``) unless NumPy's own
resolution for the operand dtypes was checked to be exactly the loop weaknp chose;
``call_code`` picks the cheapest spelling of that call; ``FIXES`` correct NumPy's values
where the Array API standard differs.
"""

from __future__ import annotations

import warnings
from typing import NamedTuple

import numpy as np

from . import dtypes
from .dtypes import COMPLEX, ML_DTYPES, REAL_FLOAT, bool_
from .dtype_rules import cast, loop_dtype, result_dtype
from .ops import BY_NAME, Op

__all__ = ["Plan", "plan_for", "ARRAY_OUT", "call", "call_code", "CALL_DIRECT", "CALL_DTYPE",
           "CALL_SIGNATURE", "CALL_UNSAFE", "CALL_GENERAL", "CALL_THEN_CAST", "CALL_OWN_LOOP",
           "shape_error", "check_pow", "FIXES", "ERR_KINDS", "watched", "quietly"]

_ndarray = np.ndarray
_asarray = np.asarray


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


def _kind_error(op: Op, dt: np.dtype, weak: bool) -> TypeError:
    what = "weak " + dtypes.kind_of(dt) if weak else dtypes.dtype_name(dt)
    kinds = sorted({dtypes.kind_of(d) for d in op.accepts})
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
        in_dt = bool_
    else:
        in_dt = dt
    loop = loop_dtype(in_dt, op.name)
    if rule == "logical" and dt in _TRUTH_LOOPS:
        # NumPy's loop of the joined dtype reads each value's truth (nonzero) inside the
        # loop: the same bools as casting each operand to bool first, without those casts
        # (2.2x faster for int32).  Python scalars are still read as bools (``in_dt``).
        loop = dt
    nin = op.arity
    if rule in ("bool", "logical"):
        loop_out = bool_
    elif rule == "real":
        loop_out = dtypes.COMPLEX_TO_REAL.get(loop, loop)
    else:
        loop_out = loop
    sig = (loop,) * nin + (loop_out,)
    if isinstance(op.ufunc, np.ufunc) and not _has_loop(op.ufunc, sig):
        # NumPy has no loop for this dtype (conj/positive of bool, signbit of integers):
        # compute in a wider dtype whose values convert exactly, then cast back.
        loop = (dtypes.float64 if rule == "bool" else dtypes.uint8 if loop == bool_ else
                dtypes.complex128 if loop in dtypes.COMPLEX else dtypes.float64)
        loop_out = bool_ if rule in ("bool", "logical") else loop
        sig = (loop,) * nin + (loop_out,)
    direct = False
    # ml_dtypes types are never "direct": NumPy's own resolution of bfloat16 with a Python
    # scalar is a float32 loop, and ``direct`` is also trusted for scalar operands.
    if isinstance(op.ufunc, np.ufunc) and loop == in_dt and in_dt not in ML_DTYPES:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                direct = tuple(op.ufunc.resolve_dtypes((in_dt,) * nin + (None,))) == sig
        except Exception:  # noqa: BLE001 - no such loop: call with the pinned signature
            direct = False
    plan = Plan(in_dt, sig, res, direct, rule not in ("bool", "logical"), loop_out != res)
    _PLANS[key] = plan
    return plan


#: Joined dtypes whose own logical_* loops run (every operand casts to them exactly or
#: within range, so no cast warning): the native integers and the float32/64 family.
#: float16 stays on bool (int32 | float16 joins to float16, whose cast may overflow).
_TRUTH_LOOPS = frozenset(d for d in dtypes.INTEGER if d not in ML_DTYPES) | frozenset(
    np.dtype(c) for c in ("float32", "float64", "complex64", "complex128"))


def _has_loop(ufunc: np.ufunc, sig: tuple) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found = ufunc.resolve_dtypes(sig[:-1] + (None,), casting="unsafe")
        return tuple(found[:-1]) == sig[:-1]
    except Exception:  # noqa: BLE001 - "no loop" comes as several exception types
        return False


def check_pow(a, b, function: str):
    """Integer ``x ** y`` with a negative ``y`` has no integer result: refuse before writing."""
    if type(b) is _ndarray:
        neg = b.size and b.dtype in dtypes.SIGNED and bool((b < 0).any())
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

def call(op: Op, sig: tuple, cast_back: bool, out: np.dtype, args):
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


#: NumPy's floating-point error kinds (``np.errstate``'s keywords).
ERR_KINDS = ("divide", "over", "under", "invalid")


def watched(compute, kinds=None):
    """``(compute(), flagged)``: ``compute()`` run with NumPy's error state noting, not
    reporting, a floating-point flag of ``kinds`` (default: the kinds the user's error
    state does not ignore) and ignoring the others; ``flagged`` tells whether one was
    raised.  A one-pass shortcut runs this way and, when flagged, steps aside for the
    longer path that reports (or repairs) exactly as before."""
    if kinds is None:
        modes = np.geterr()
        kinds = [k for k in ERR_KINDS if modes[k] != "ignore"]
    seen = []
    with np.errstate(call=lambda kind, flag: seen.append(flag),
                     **{k: "call" if k in kinds else "ignore" for k in ERR_KINDS}):
        r = compute()
    return r, bool(seen)


try:
    from numpy._core._ufunc_config import _extobj_contextvar as _NP_ERRSTATE
    from numpy._core._ufunc_config import _make_extobj
except ImportError:   # pragma: no cover - another NumPy's internals
    _NP_ERRSTATE = _make_extobj = None


def quietly(ignore: dict, compute, /, *args, **kwargs):
    """``compute(*args, **kwargs)`` with NumPy's error state set to ``ignore``
    (``np.errstate``'s keywords, e.g. ``{"over": "ignore"}``), the other kinds as the user
    set them.  What
    ``np.errstate`` does on entry and exit, without its object (NumPy's own ContextVar of
    the state), and only where it changes something: the state for ``ignore`` is made once
    per state NumPy holds now (``_quiet_state``: NumPy's state object is immutable, a new
    one each time the user changes it, so its identity is the key), and where that state
    already ignores those kinds (``errstate(all='ignore')``) nothing is set or reset."""
    if _NP_ERRSTATE is None:
        with np.errstate(**ignore):
            return compute(*args, **kwargs)
    now = _NP_ERRSTATE.get()
    seen = _QUIET.get(id(ignore))
    if seen is None or seen[0] is not ignore or seen[1] is not now:
        seen = _quiet_state(ignore, now)
    state = seen[2]
    if state is None:   # NumPy's state already ignores these kinds
        return compute(*args, **kwargs)
    token = _NP_ERRSTATE.set(state)
    try:
        return compute(*args, **kwargs)
    finally:
        _NP_ERRSTATE.reset(token)


#: ``quietly``'s states by ``id(ignore)``: ``(ignore, NumPy's state then, the state to set
#: or None)`` (the tuple holds both, so neither id is reused while it is here).
_QUIET: dict = {}


def _quiet_state(ignore: dict, now):
    """``quietly``'s entry for ``ignore`` while NumPy's state is ``now``: None where ``now``
    already ignores every kind of ``ignore`` (setting it would change nothing), else the
    state ``np.errstate(**ignore)`` sets (``_make_extobj``: the other kinds, the
    callback and the buffer size kept)."""
    modes = np.geterr()
    state = None if all(modes[k] == v for k, v in ignore.items()) else _make_extobj(**ignore)
    seen = (ignore, now, state)
    if len(_QUIET) < 64:
        _QUIET[id(ignore)] = seen
    return seen


#: How a call passes its pinned loop to the ufunc (the cheapest spelling that NumPy
#: resolves to exactly that loop; checked once per operand pair with ``resolve_dtypes``).
CALL_DIRECT, CALL_DTYPE, CALL_SIGNATURE, CALL_UNSAFE = range(4)
#: The dispatch core's further codes (``dispatch.Entry``): an operand form that is not
#: plain (the entry's ``general`` computes it); added to a code above, the same call
#: followed by a cast to ``cast_to`` (or ml_dtypes' own loop on small operands); and that
#: own loop (``own_loop``).
CALL_GENERAL, CALL_THEN_CAST, CALL_OWN_LOOP = -1, 4, 8


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


# ---------------------------------------------------------------------------------------
# Special cases where NumPy's value differs from the Array API standard's.

# NumPy differs: 1.0 // -inf is -1.0 there (Python's divmod); the standard says -0.0.
# Decision 18.
def _fix_floor_divide(r, a, b):
    if r.dtype not in REAL_FLOAT:
        return r
    # Standard: wherever exactly one operand is infinite, the result is floor(x1 / x2) in
    # IEEE arithmetic (finite // ±inf is ±0, ±inf // finite is ±inf); NumPy follows
    # Python's divmod there (-1.0 and NaN).
    a = _asarray(a)
    b = _asarray(b)
    with np.errstate(all="ignore"):
        # One sum per operand (no temporary) shows neither holds an infinity (nor a NaN,
        # nor finite values whose sum overflows, which only send it the long way): the
        # masks below cost four bool arrays of the result's size.
        if _finite_sum(a) and _finite_sum(b):
            return r
        ia, ib = np.isinf(a), np.isinf(b)
        mask = (ia ^ ib) & ~np.isnan(a) & ~np.isnan(b)
        if not mask.any():
            return r
        loop = r.dtype if r.dtype not in ML_DTYPES else dtypes.float32
        fixed = np.floor(np.divide(cast(a, loop), cast(b, loop)))
        r = np.where(mask, fixed.astype(r.dtype), r)
    return _asarray(r)


def _finite_sum(x) -> bool:
    """Whether the sum of ``x``'s elements is finite (NumPy's error state set by the caller;
    narrow floats are summed in float32, where their values cannot overflow a sum)."""
    acc = dtypes.float32 if x.dtype.itemsize < 4 else None
    return x.size == 0 or bool(np.isfinite(np.add.reduce(x, axis=None, dtype=acc)))


def _fix_sign(r, a):
    if r.dtype in COMPLEX:
        zero = a == 0
        if zero.any():
            r = np.where(zero, np.zeros((), r.dtype), r)
    return _asarray(r)


def _fix_expm1(r, a):
    if r.dtype in COMPLEX:
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
    if r.dtype in COMPLEX:
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


FIXES = {"floor_divide": _fix_floor_divide, "sign": _fix_sign, "expm1": _fix_expm1,
          "tanh": _fix_tanh}

# Make sure every op the fixes name exists (a renamed row must not silently skip its fix).
assert all(name in BY_NAME for name in FIXES)
