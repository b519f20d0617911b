"""The entries the dispatch core executes, one per (op, mode, operand-node pair).

Derived here on first use (join -> plan -> ``pair_plan`` -> ``EntrySpec``); errors are
raised, never cached.  ``general`` computes every operand form the dispatch core's plain
forms do not; ml_dtypes' own loops serve small bfloat16 operands.
"""

from __future__ import annotations

import math
import warnings
from typing import NamedTuple

import numpy as np

from . import dtypes
from .dtypes import (COMPLEX, FLOAT_MAX, INTEGER, INT_BOUNDS, ML_DTYPES, NAN_LESS,
                     REAL_FLOAT, bool_)
from .dtype_rules import cast
from . import outside
from .lattice import OUTSIDE, STRONG_NODE, WEAK_NODES
from .lattice import BUILTIN, NODE_DTYPE, WEAK_NODE, Node
from .ops import Op
from .plans import (ARRAY_OUT, CALL_DIRECT, CALL_GENERAL, FIXES, call, call_code, check_pow,
                    plan_for, shape_error, watched)
from .promotion import promotion_error
from .scalars import (COMPARE_UFUNC, F64_EXACT, as_in_dt, compare_beyond, has_beyond,
                      narrow_scalar, prep_code, prepare, scalar_array)

__all__ = ["EntrySpec", "entry_spec", "PairPlan", "pair_plan", "mode_cache",
           "MAX_LATTICE_CACHES", "fast_scalar_check", "OWN_LOOP_MAX_SIZE", "own_loop_spec",
           "set_own_loop", "NP_ERRSTATE", "NP_QUIET", "block_spec", "block_kind", "BLOCK_MIN_SIZE",
           "set_blocked"]

_ndarray = np.ndarray
_asarray = np.asarray
_INT64_UINT64 = {dtypes.int64, dtypes.uint64}

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
    if dt in INTEGER:
        lo, hi = INT_BOUNDS[dt]

        def narrow(v):
            if type(v) is int and lo <= v <= hi:
                return v
            return narrow_scalar(v, dt, function)
    elif dt in REAL_FLOAT and dt not in ML_DTYPES:
        fmax = FLOAT_MAX[dt]

        lim = fmax if dt == dtypes.float64 else min(fmax, F64_EXACT)

        def narrow(v):
            t = type(v)
            # (an int past 2**53 is rounded once into dt by narrow_scalar, not by float())
            if (t is float and -fmax <= v <= fmax) or (t is int and -lim <= v <= lim):
                return v
            return narrow_scalar(v, dt, function)
    elif dt == dtypes.bfloat16:
        fmax = FLOAT_MAX[dt]
        round_bf16 = dt.type

        def narrow(v):
            t = type(v)
            if t is float and -fmax <= v <= fmax:
                # a 0-d bfloat16 array: ml_dtypes rounds the double exactly as its scalar
                # does (below), and NumPy reads the array faster than a number
                return _asarray(v, dtype=dt)
            if t is int and -F64_EXACT <= v <= F64_EXACT:
                # ml_dtypes' scalar rounds a double through float32, exactly as
                # narrow_scalar's np.array(v).astype(bfloat16)
                # (tests/unit/test_elementwise_values.py checks every midpoint), in ~0.1 us
                # instead of ~1.2 us
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


def _truth(narrow):
    """``narrow`` followed by the truth value as a 0-d bool array: a logical op running
    the joined dtype's loop (``plans._TRUTH_LOOPS``) must not cast a Python number into
    that dtype (256 into int8 is 0, 0.5 is 0)."""
    def narrow_to_bool(v):
        return _asarray(bool(narrow(v)))
    return narrow_to_bool


def _operand_prep(n, in_dt, loop, comparison=False):
    if n in WEAK_NODES:
        return 2
    return prep_code(NODE_DTYPE[n], in_dt, loop, comparison)


class PairPlan(NamedTuple):
    """Everything derived for one op on one operand-node pair (``pair_plan``), before it
    is shaped into the dispatch core's ``EntrySpec``."""
    in_dt: np.dtype     # operands are narrowed / cast to this dtype (``Plan.in_dt``)
    sig: tuple          # the pinned NumPy loop (``Plan.sig``)
    direct: bool        # NumPy resolves (in_dt,)*nin to exactly ``sig`` (``Plan.direct``)
    narrow: object      # narrow(v): a Python scalar checked and narrowed to ``in_dt``
    cast_back: bool     # the loop output is cast to ``out``
    out: np.dtype       # the result dtype
    out_node: Node      # the result's node: its dtype's, or its kind's weak node if weak
    fix: object         # fix(r, a[, b]): the standard's values where NumPy's differ, or None
    ok: frozenset       # exact Python scalar types passed to NumPy unchanged when in lo..hi
    lo: object
    hi: object
    unsafe: bool        # the call waives NumPy's "same_kind" check (weaknp chose the loop)
    prep_a: int         # how an array operand reaches the loop (``prep_code``; 2: weak)
    prep_b: int
    check: object       # check(a, b, name): validates the operands first, or None


def pair_plan(op: Op, lattice, an, bn) -> PairPlan:
    """The ``PairPlan`` of ``op`` on operand nodes ``an``, ``bn`` in ``lattice``: the join,
    the op's plan for it and how each operand form reaches the loop.  Raises the promotion
    or kind error if there is none.
    """
    res = lattice.table[an][bn]
    if res is None:
        raise promotion_error(op.name, (an, bn) if an != bn else (an,), lattice)
    dt, weak = res
    plan = plan_for(op, dt, weak)
    out_node = (WEAK_NODE if weak and plan.keeps_weak else STRONG_NODE)[plan.out]
    ok, lo, hi = fast_scalar_check(plan.in_dt)
    # NumPy checks that array operands cast "same_kind" to the pinned loop; weaknp decided
    # the loop already, so the check is waived (casting="unsafe") only where it would fail
    # (a weak int64 array into a uint8 loop, numbers read as truth values): it costs time.
    loop = plan.sig[0]
    unsafe = not all(np.can_cast(src, loop, "same_kind") for src in
                     {_WIDEST_OF_NODE.get(an, NODE_DTYPE.get(an)),
                      _WIDEST_OF_NODE.get(bn, NODE_DTYPE.get(bn))})
    check = check_pow if op.name == "pow" and plan.in_dt in INTEGER else None
    narrow = _narrower(plan.in_dt, op.name)
    if loop != plan.in_dt and (plan.in_dt in REAL_FLOAT or plan.in_dt in COMPLEX) and \
            plan.in_dt not in ML_DTYPES:
        # a wider loop (float_power of float16): round Python scalars to in_dt first, as
        # array operands are (ml_dtypes types are rounded by narrow_scalar already)
        narrow = _rounding(narrow, plan.in_dt)
        ok = _NO_TYPES
    elif loop != plan.in_dt and op.rule == "logical":
        narrow = _truth(narrow)   # the loop of the joined dtype: the number's truth value
    if op.name in COMPARE_UFUNC and an not in WEAK_NODES and bn not in WEAK_NODES and \
            {NODE_DTYPE[an], NODE_DTYPE[bn]} == _INT64_UINT64:
        # int64 with uint64 joins to float64, which rounds 2**63 - 1 to 2**63; the result
        # is bool whatever the loop, so NumPy's exact mixed loops (qQ->?) compare them.
        # JAX differs: it compares in float64 (int64 [2**63-1] == uint64 [2**63] is True).
        # Decision 54.
        return PairPlan(plan.in_dt, (None, None, bool_), False, narrow, False, plan.out,
                        out_node, None, ok, lo, hi, False, 0, 0, None)
    return PairPlan(plan.in_dt, plan.sig, plan.direct, narrow, plan.cast_back,
                    plan.out, out_node, FIXES.get(op.name), ok, lo, hi, unsafe,
                    _operand_prep(an, plan.in_dt, loop, op.rule == "bool"),
                    _operand_prep(bn, plan.in_dt, loop, op.rule == "bool"), check)


#: The widest dtype a weak array of each weak node can hold (any mode).
_WIDEST_OF_NODE = {Node.weak_int: dtypes.int64, Node.weak_float: dtypes.float64,
                   Node.weak_complex: dtypes.complex128}


def fast_scalar_check(dt: np.dtype):
    """(exact Python types, lo, hi) that pass to NumPy unchanged for ``dt`` (inlined check)."""
    if dt in INTEGER and dt not in ML_DTYPES:
        lo, hi = INT_BOUNDS[dt]
        return _INT_ONLY, lo, hi
    if dt in REAL_FLOAT and dt not in ML_DTYPES:
        return _INT_FLOAT, -FLOAT_MAX[dt], FLOAT_MAX[dt]
    return _NO_TYPES, 1, 0


_INT_ONLY = frozenset({int})
_INT_FLOAT = frozenset({int, float})
_NO_TYPES: frozenset = frozenset()


class EntrySpec(NamedTuple):
    """Everything the dispatch core (``_fast.dispatch``) needs to run one op on one operand-node
    pair in one mode: derived here once (join -> plan -> ``pair_plan`` -> spec), executed there.

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
    block: object          # large narrow-float operands: float32 blocks (``block_spec``)


_NOT_PLAIN = (CALL_GENERAL, None)
_NO_PASS = (None, 1, 0)


def entry_spec(op: Op, mode, an, bn) -> EntrySpec:
    """The entry for ``op`` on operand nodes ``an``, ``bn`` (``bn`` is ``an`` for a unary
    op) in promotion mode ``mode``.  Raises the promotion or kind error if there is none.

    An operand outside the lattice (``OUTSIDE``) gives an entry of NumPy's own rules
    (``outside``): every form general, and no fixed result node (None: the dispatch core
    takes the node of the result's dtype, ``lattice.dtype_node``)."""
    if OUTSIDE in (an, bn):
        general = (outside.unary_general(op) if op.arity == 1 else
                   outside.binary_general(op))
        ufunc = op.ufunc if isinstance(op.ufunc, np.ufunc) else None
        return EntrySpec(ufunc, None, _NOT_PLAIN, _NOT_PLAIN, _NOT_PLAIN, _NO_PASS, _NO_PASS,
                         None, general, *_NO_OWN_LOOP, None)
    e = pair_plan(op, _LATTICE_BY_NAME(mode, mode), an, bn)
    in_dt, sig, direct, cast_back, out_node, fix = (
        e.in_dt, e.sig, e.direct, e.cast_back, e.out_node, e.fix)
    ok, lo, hi, unsafe, pa, pb, check = e.ok, e.lo, e.hi, e.unsafe, e.prep_a, e.prep_b, e.check
    ufunc = op.ufunc if isinstance(op.ufunc, np.ufunc) else None
    block = block_spec(op, in_dt, sig, e.out)
    if op.arity == 1:
        plain = (ufunc is not None and direct and an not in WEAK_NODES and
                 NODE_DTYPE[an] == in_dt and fix is None and not cast_back)
        return EntrySpec(ufunc, out_node, (CALL_DIRECT, None) if plain else _NOT_PLAIN,
                         _NOT_PLAIN, _NOT_PLAIN, _NO_PASS, _NO_PASS, None,
                         _unary_general(op, e, block), *_NO_OWN_LOOP, block)
    # A result computed in a loop of wider range (float_power of float32 or bfloat16 runs
    # in float64) is cast back by weaknp, on its own behalf: quietly (``cast``), in
    # ``general``.  The plain forms' cast would warn "overflow encountered in cast" for
    # a finite float64 result beyond the narrow type's range.
    plain = fix is None and not (cast_back and FLOAT_MAX.get(
        dtypes.COMPLEX_TO_REAL.get(sig[-1], sig[-1]), 0.0) > FLOAT_MAX.get(
        dtypes.COMPLEX_TO_REAL.get(e.out, e.out), math.inf))
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
    if cast_back and e.out in NAN_LESS:   # the cast back maps NaN to +0: ``cast``
        call_aa = call_as = call_sa = _NOT_PLAIN
    own = own_loop_spec(op, in_dt)
    general = _binary_general(op, e, own, block)
    if not (cast_back or op.rule == "bool"):   # the plain forms run the loop they pin
        own = _NO_OWN_LOOP
    return EntrySpec(ufunc, out_node, call_aa, call_as, call_sa, a_pass, b_pass,
                     e.out if cast_back else None, general, *own, block)


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
            a = np.array([np.nan, 1.0]).astype(dtypes.bfloat16)
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
    if in_dt != dtypes.bfloat16 or (op.name not in _OWN_LOOP_OPS and not (
            op.name in _ORDERED and _quiet_works())):
        return None
    return (in_dt, in_dt, bool_ if op.rule == "bool" else in_dt)


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


#: Results of at least this many elements of a narrow float type compute in float32 blocks
#: (``block_spec``); smaller ones take the paths above (``_fast.narrow.MIN_SIZE``).
BLOCK_MIN_SIZE = 16384
#: The kinds of narrow float the blocks convert (``_fast.narrow.KIND_*``).
_KIND_F16, _KIND_BF16, _KIND_BYTE = 0, 1, 2
#: float16 ops whose float32 loop, rounded back, gives NumPy's float16 loop's bits: the
#: correctly rounded ones (float32's 24 bits make the double rounding innocuous for +, -,
#: *, / and sqrt of 11-bit values), the comparisons, and the roundings to an integer (exact:
#: the integer a float16 rounds to is a float16).  NumPy's other float16 loops
#: (exp, sin, ...) keep their own loop: their float32 functions differ from the SIMD float32
#: loop in the last bit, and the rounded results may differ where that bit decides.
# NumPy differs: its float16 loops are scalar; these compute in float32 blocks with the
# same bits (decision 68).
_F16_BLOCK_OPS = frozenset({"add", "subtract", "multiply", "divide", "sqrt", "equal",
                            "not_equal", "less", "less_equal", "greater", "greater_equal",
                            "round", "floor", "ceil", "trunc"})


#: float16 unary ops computed by a 65536-entry table of NumPy's own float16 loop's results
#: where that loop is scalar (``_fast.narrow.by_table``; the same bits and warnings).
# NumPy differs: below AVX-512 its float16 loops for these are scalar; weaknp looks NumPy's
# own results up (decision 92).
_F16_TABLE_UFUNCS = frozenset({
    np.exp, np.exp2, np.expm1, np.log, np.log2, np.log10, np.log1p, np.sin, np.cos, np.tan,
    np.arcsin, np.arccos, np.arctan, np.sinh, np.cosh, np.tanh, np.arcsinh, np.arccosh,
    np.arctanh, np.cbrt})
_KIND_F16_TABLE = 4


def block_spec(op: Op, in_dt: np.dtype, sig: tuple, out: np.dtype):
    """``(in_dt, out_dt, kind, to_bool)`` when ``op`` on operands of the narrow float type
    ``in_dt`` may compute in float32 blocks (``_fast.narrow.blocked``), else ``None``.

    bfloat16 and the 8/6/4-bit types already compute in NumPy's float32 loop, rounded back
    (``loop_dtype``): the blocks run that same loop, with bit-identical conversions.
    float16 computes in NumPy's own float16 loop, whose values the float32 loop gives for
    ``_F16_BLOCK_OPS`` only.  float8_e8m0fnu (no zero, float32's exponent range) keeps its
    path.
    """
    ufunc = op.ufunc
    if not isinstance(ufunc, np.ufunc) or ufunc.nout != 1 or in_dt not in REAL_FLOAT:
        return None
    to_bool = sig[-1] == bool_
    if not (out == in_dt or (to_bool and out == bool_)):
        return None
    kind = block_kind(in_dt)
    if kind == _KIND_F16:
        if ufunc in _F16_TABLE_UFUNCS and sig == (in_dt, in_dt) and out == in_dt:
            return (in_dt, out, _KIND_F16_TABLE, False)
        if op.name not in _F16_BLOCK_OPS or sig[:-1] != (in_dt,) * op.arity:
            return None
    elif kind is not None:
        if sig[:-1] != (dtypes.float32,) * op.arity or not (
                to_bool or sig[-1] == dtypes.float32):
            return None
    else:
        return None
    return (in_dt, out, kind, to_bool)


_E8M0 = next((d for d in ML_DTYPES if d.name == "float8_e8m0fnu"), None)


def block_kind(dt: np.dtype):
    """The kind of narrow float (``_fast.narrow.KIND_*``) the blocks convert ``dt`` as, or
    ``None`` when they do not (float32 and wider, float8_e8m0fnu, anything not a float)."""
    if dt == dtypes.float16:
        return _KIND_F16
    if dt in ML_DTYPES and dt in REAL_FLOAT and dt.itemsize <= 2 and dt != _E8M0:
        return _KIND_BF16 if dt == dtypes.bfloat16 else _KIND_BYTE
    return None

#: ``blocked(ufunc, a, b, spec)``: the op in float32 blocks, or None (``_fast.narrow``;
#: handed here with ``set_blocked`` at import, as ``own_loop``).
blocked = None


def set_blocked(function) -> None:
    global blocked
    blocked = function


def _scalar_pass(node, ok, lo, hi, in_dt, nonnegative: bool) -> tuple:
    """``(type, lo, hi)``: the Python scalars at ``node`` that reach the loop unchanged."""
    t = int if node == Node.weak_int else float if node == Node.weak_float else None
    if t is int and in_dt in ML_DTYPES and in_dt in REAL_FLOAT:
        # a narrow float (bfloat16 ...) computed in float32: the ints it holds exactly need
        # no rounding first (``bf16_array * 2``); others go through ``narrow``
        n = _exact_int_range(in_dt)
        return (int, -n, n) if n else _NO_PASS
    if t is None or t not in ok:
        return _NO_PASS
    if t is int:   # int-to-int comparisons are the cheap ones
        lo, hi = math.ceil(lo), math.floor(hi)
        if in_dt in REAL_FLOAT and in_dt != dtypes.float64:
            # NumPy rounds an int to float32 through float64 (twice); ints float64 holds
            # exactly round once, larger ones go through ``narrow`` (``_round_int``)
            lo, hi = max(lo, -F64_EXACT), min(hi, F64_EXACT)
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


def _unary_general(op: Op, e, block):
    """``general(a)``: the one-input op on an ndarray or Python scalar (any form)."""
    in_dt, sig, direct, narrow, cast_back, out, fix, pa = (
        e.in_dt, e.sig, e.direct, e.narrow, e.cast_back, e.out, e.fix, e.prep_a)
    ufunc = op.ufunc
    block_min = BLOCK_MIN_SIZE

    def general(a):
        if type(a) is not _ndarray:
            a = scalar_array(narrow(a), in_dt)
        elif pa and a.dtype is not in_dt:
            a = prepare(a, pa, in_dt, op.name)   # a weak array in an x32 mode
        r = None
        if block is not None and a.size >= block_min:
            r = blocked(ufunc, a, None, block)
        if r is not None:
            pass
        elif direct and a.dtype is in_dt:
            r = ufunc(a, out=ARRAY_OUT)
            if type(r) is not _ndarray:
                r = _asarray(r)
        else:
            r = call(op, sig, cast_back, out, (a,))
        if fix is not None:
            r = fix(r, a)
        return r

    general.__name__ = f"{op.name}_general"
    return general


def _cast_in_loop(ufunc, a, b, sig: tuple, out: np.dtype):
    """``ufunc(a, b)`` in the loop ``sig`` written into a new array of the narrower ``out``
    (NumPy casts each buffer: no result-sized temporary of the loop's dtype), or None when
    a floating-point flag was raised that the user's error state does not ignore: the cast
    may raise one where weaknp's own cast back is quiet, so the caller's path (the whole
    loop result, then ``cast``) reports exactly what the loop itself reports."""
    r = np.empty(np.broadcast_shapes(np.shape(a), np.shape(b)), out)
    _, flagged = watched(lambda: ufunc(a, b, out=r, signature=sig, casting="unsafe"))
    return None if flagged else r


def _binary_general(op: Op, e, own: tuple, block):
    """``general(a, b)``: the two-input op on ndarrays or Python scalars (any form)."""
    in_dt, sig, direct, narrow, cast_back, out, fix = (
        e.in_dt, e.sig, e.direct, e.narrow, e.cast_back, e.out, e.fix)
    ok, lo, hi, unsafe, pa, pb, check = e.ok, e.lo, e.hi, e.unsafe, e.prep_a, e.prep_b, e.check
    ufunc = op.ufunc
    name = op.name
    is_comparison = op.rule == "bool"
    assert isinstance(ufunc, np.ufunc), op.name
    own_sig, own_direct, quiet = own   # ml_dtypes' own loop (``own_loop_spec``)
    ml = in_dt in ML_DTYPES
    own_max = OWN_LOOP_MAX_SIZE
    block_min = BLOCK_MIN_SIZE
    # a loop wider than the result (float_power of float32 runs in float64): large results
    # are cast inside NumPy's loop, a buffer at a time, not as a whole temporary
    cast_in_loop = cast_back and not ml and out not in NAN_LESS

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
                    a = scalar_array(narrow(a), in_dt)
                    ta = True
            elif pb:
                b = prepare(b, pb, in_dt, name)
            if not ta:
                a = narrow(a)
            elif pa:
                a = prepare(a, pa, in_dt, name)
            if check is not None:
                check(a, b, name)
            if fix is not None and in_dt in REAL_FLOAT:
                # the fix-up sees the operands as the loop does (infinities made by the cast)
                a, b = as_in_dt(a, in_dt), as_in_dt(b, in_dt)
            if ml:
                # a Python scalar narrowed to an ml_dtypes type (exactly one of its values)
                # as a 0-d array, NumPy reads ~0.35 us faster than the number itself
                # (``narrow`` makes the array itself for a float meeting bfloat16)
                if type(a) is not _ndarray:
                    a = _asarray(a, dtype=in_dt)
                if type(b) is not _ndarray:
                    b = _asarray(b, dtype=in_dt)
                ta = tb = True
            r = None
            if block is not None and ((ta and a.size >= block_min) or
                                      (tb and b.size >= block_min)):
                r = blocked(ufunc, a, b, block)
            if r is not None:
                if fix is not None:
                    r = fix(r, a, b)
                return r
            if cast_in_loop and ((ta and a.size >= block_min) or (tb and b.size >= block_min)):
                r = _cast_in_loop(ufunc, a, b, sig, out)
                if r is not None:
                    return r if fix is None else fix(r, a, b)
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


def _compare_special(name, a, ta, pa, sa, b, tb, pb, sb, in_dt):
    """A comparison where a side (``sa``/``sb``) is a number outside the fast range or a
    weak array: ``compare_beyond``'s answer when it has values beyond the range of
    ``in_dt``, else ``None`` (compare as usual)."""
    if sa and sb and has_beyond(a, in_dt) and has_beyond(b, in_dt):
        # both sides past the range (1e300 > weak [1e300, 1] in an x32 mode): compare the
        # numbers themselves, which NumPy holds exactly (int64 / float64 / complex128)
        try:
            with np.errstate(all="ignore"):
                return _asarray(COMPARE_UFUNC[name](_asarray(a), _asarray(b)))
        except (OverflowError, TypeError):   # an int past int64 and uint64
            pass
    if sb:
        x = prepare(a, pa, in_dt, name) if ta and pa else a
        r = compare_beyond(name, x, b, in_dt, name, reflected=False)
        if r is not None:
            return r
    if sa:
        x = prepare(b, pb, in_dt, name) if tb and pb else b
        return compare_beyond(name, x, a, in_dt, name, reflected=True)
    return None
