"""The ops written by hand over the plans: in-place operators, ``matmul`` and ``clip``.

Everything else the kernel did lives by concern in ``dtype_rules`` (result, inexact,
compute and native dtypes; casts), ``scalars`` (narrowing Python scalars and weak arrays),
``plans`` (the loop of an op per dtype, the NumPy call, the value fixes) and ``entries``
(what the dispatch core executes).
"""

from __future__ import annotations

from functools import partial

import numpy as np

from . import dtypes
from . import entries
from .dtypes import INTEGER, INT_BOUNDS, REAL_FLOAT
from .dtype_rules import cast, loop_dtype
from . import outside
from .lattice import OUTSIDE, WEAK_NODES
from .narrow import NARROW, product_operands, rounded, vector_dot
from .ops import Op
from .plans import FIXES, call, check_pow, plan_for, shape_error
from .promotion import current_lattice, promotion_error
from .scalars import as_in_dt, narrow_scalar, prep_code, prepare, scalar_array, weak_values

__all__ = ["inplace", "matmul", "clip", "clip_loop"]

_ndarray = np.ndarray
_asarray = np.asarray


def inplace(op: Op, a: np.ndarray, an, b, bn):
    """``a op= b`` into ``a``'s buffer; ``TypeError`` if the result dtype is not ``a``'s.

    Everything is validated before the first element is written: a failing in-place
    operator leaves ``a`` unchanged.  An operand outside the lattice: NumPy's own rules
    (``outside.inplace``).
    """
    if an == OUTSIDE or bn == OUTSIDE:
        outside.inplace(op, a, b)
        return False
    lattice = current_lattice()
    res = lattice.table[an][bn]
    if res is None:
        raise promotion_error(op.name, (an, bn), lattice)
    dt, weak = res
    plan = plan_for(op, dt, weak)
    # NumPy differs: it casts the result back with casting='same_kind' (int8 += 1.5 works).
    # Decision 11.
    if plan.out != a.dtype:
        raise TypeError(
            f"{op.name} (in-place): the result dtype {dtypes.dtype_name(plan.out)} differs "
            f"from the left operand's {dtypes.dtype_name(a.dtype)}; in-place operators never change dtype: "
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
        code = 2 if bn in WEAK_NODES else prep_code(b.dtype, in_dt, plan.sig[0])
        if code:
            b = prepare(b, code, in_dt, op.name)
    if op.name == "pow" and in_dt in INTEGER:
        check_pow(a, b, op.name)
    fix = FIXES.get(op.name)
    if (a.size >= entries.BLOCK_MIN_SIZE and fix is None and a.dtype == in_dt
            and _inplace_blocks(op, a, b, plan)):
        return weak and plan.keeps_weak
    if plan.cast_back or fix is not None or a.dtype != in_dt:
        # computed out of place: the fix needs the original operands
        a_in = cast(a, in_dt)
        r = call(op, plan.sig, plan.cast_back, plan.out, (a_in, b))
        if fix is not None and in_dt in REAL_FLOAT:
            r = fix(r, a_in, as_in_dt(b, in_dt))
        a[...] = r
    else:
        op.ufunc(a, b, out=a, signature=plan.sig, casting="unsafe")
    return weak and plan.keeps_weak


#: NumPy error modes under which the in-place blocks step aside: a raising (or calling)
#: block would leave ``a`` written up to it, where NumPy's own loop writes it all first.
_ERR_STOPS = ("raise", "call")


def _inplace_blocks(op: Op, a: np.ndarray, b, plan) -> bool:
    """``a op= b`` of a narrow float array of at least ``entries.BLOCK_MIN_SIZE`` elements
    (the caller checks) computed in float32 blocks straight into
    ``a``'s buffer (``entries.blocked``, ``_fast.narrow``'s loops); False when not for the
    blocks (nothing written: the caller's path computes it)."""
    blocked = entries.blocked
    if blocked is None:
        return False
    spec = entries.block_spec(op, plan.in_dt, plan.sig, plan.out)
    if spec is None or spec[3]:
        return False
    # a b that overlaps a (but is not a) would be read after blocks of a were written
    if type(b) is _ndarray and b is not a and np.may_share_memory(a, b):
        return False
    if any(m in _ERR_STOPS for m in np.geterr().values()):
        return False
    # NumPy differs: its loop writes all of a before a warning is raised; a warning the
    # filter turns into an error leaves a written up to the block that raised it
    # (decision 81).
    return blocked(op.ufunc, a, b, spec, True) is not None


# ---------------------------------------------------------------------------------------
# Matmul: a generalised ufunc, pinned like the elementwise ones; no widening of small ints.

_MATMUL_KINDS = dtypes.BOOL | dtypes.NUMERIC


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
        raise TypeError(f"{function}: not defined for {dtypes.dtype_name(dt)} inputs")
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError(f"{function}: operands must be at least 1-D, got shapes {a.shape} "
                         f"and {b.shape}; use multiply() for scalars")
    loop = loop_dtype(dt)
    a = weak_values(a, dt, function) if an in WEAK_NODES else a
    b = weak_values(b, dt, function) if bn in WEAK_NODES else b
    if dt in NARROW and a.ndim == 1 == b.ndim and a.size == b.size:
        # two vectors: vecdot's float32 sum over the narrow input (decision 91)
        return rounded(vector_dot(cast(a, dt), cast(b, dt)), dt), weak
    if dt in NARROW:
        # float32 BLAS, rounded back once (NumPy's float16 loop is scalar; decision 65)
        loop = dtypes.float32
        a, b = product_operands(cast(a, dt), cast(b, dt), dt)
    elif loop != dt:
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
    r = rounded(np.asarray(r), dt) if loop != dt else _asarray(r)
    return r, weak


# ---------------------------------------------------------------------------------------
# Clip: three operands, written by hand (no ufunc pins the bounds' dtype for us).

def _clip_bound(v, node, dt: np.dtype, lower: bool):
    """A clip bound as an ndarray of ``dt`` (``None``: it clips nothing)."""
    if v is None:
        return None
    if dt in INTEGER and (type(v) is int or (type(v) is _ndarray and node in WEAK_NODES)):
        lo, hi = INT_BOUNDS[dt]
        vals = np.asarray(v)
        # JAX differs: it clamps such a bound into the range (clip(int8, 1000, 2000) is 127).
        # A bound past the range on its own side clips nothing there; past the other end
        # it would clip every element to a value the dtype cannot hold: OverflowError, as
        # NumPy 2 does.  (Never a silent clamp to the range end.) (decision 43)
        bad = (vals > hi) if lower else (vals < lo)
        if bad.any():
            raise OverflowError(
                f"clip: {'min' if lower else 'max'} bound {vals[bad].flat[0]} is out of "
                f"bounds for {dtypes.dtype_name(dt)} (range {lo}..{hi}) and would clip every "
                f"element to it; cast x explicitly with astype() to a wider dtype")
        if type(v) is int:
            if (lower and v < lo) or (not lower and v > hi):
                return None
        else:
            v = np.clip(vals, lo, hi)
    if type(v) is _ndarray:
        return weak_values(v, dt, "clip") if node in WEAK_NODES else cast(v, dt)
    return scalar_array(narrow_scalar(v, dt, "clip"), dt)


def clip_loop(x: np.ndarray, lo, hi, out):
    """``x`` clipped by the bounds ``lo``, ``hi`` (each None or of ``x``'s dtype) into
    ``out`` (None: a new array; ``x`` itself when there is no bound)."""
    if lo is not None and hi is not None:
        # NumPy's clip loop: one pass; an x equal to a bound keeps its own bits (-0.0
        # stays -0.0 against a bound of 0.0), as np.clip does for every float dtype
        # (decision 78; a single bound is NumPy's maximum/minimum, the bound's bits).
        return np.clip(x, lo, hi, out=out)
    sig = (x.dtype,) * 3
    if lo is not None:
        return np.maximum(x, lo, signature=sig, out=out)
    if hi is not None:
        return np.minimum(x, hi, signature=sig, out=out)
    return x


def _clip_blocks(x, xn, lo_a, hi_a, dt: np.dtype):
    """``clip`` of a large narrow float array by 0-d bounds of its dtype, through the
    float32 clip loop in blocks (``entries.blocked``), or None when not for the blocks.
    The same bits as the narrow type's own loop: the conversions are exact and keep the
    order, signed zeros and NaN payloads (tests/fast/test_narrow.py; decision 81)."""
    kind = entries.block_kind(dt)
    if (kind is None or entries.blocked is None or xn in WEAK_NODES or type(x) is not _ndarray
            or x.dtype != dt or x.size < entries.BLOCK_MIN_SIZE
            or any(b is not None and b.ndim for b in (lo_a, hi_a))):
        return None
    f32 = dtypes.float32
    lo32 = None if lo_a is None else cast(lo_a, f32)
    hi32 = None if hi_a is None else cast(hi_a, f32)
    if (lo32 is not None and lo32 != lo32) or (hi32 is not None and hi32 != hi32):
        return None   # a NaN bound: float16's loop keeps a NaN x's payload, float32's not
    # a partial, not a lambda: the compiled blocks know it (``_fast.narrow``'s fused clip)
    return entries.blocked(partial(clip_loop, lo=lo32, hi=hi32), x, None,
                           (dt, dt, kind, False))


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
    if dt in dtypes.COMPLEX:
        raise TypeError("clip: not defined for complex inputs; clip the real and imaginary "
                        "parts separately")
    loop = loop_dtype(dt)
    lo_a = _clip_bound(lo, lon, dt, True)
    hi_a = _clip_bound(hi, hin, dt, False)
    r = _clip_blocks(x, xn, lo_a, hi_a, dt)
    if r is not None:
        return r, weak
    xa = weak_values(x, dt, "clip") if xn in WEAK_NODES else cast(x, dt)
    xa = cast(xa, loop)
    r = xa
    # A temporary of weaknp's own (a cast) is clipped in place when the bounds do not
    # widen it: peak memory stays one result.
    out = xa if xa is not x and all(b is None or b.ndim == 0 for b in (lo_a, hi_a)) else None
    try:
        r = clip_loop(xa, lo_a if lo_a is None else cast(lo_a, loop),
                       hi_a if hi_a is None else cast(hi_a, loop), out)
    except ValueError:
        shape_error("clip", x, *(b for b in (lo_a, hi_a) if b is not None))
        raise
    if r is xa:
        r = xa.copy() if xa is x else xa
    r = cast(r, dt)
    return _asarray(r), weak
