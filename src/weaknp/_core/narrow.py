"""Narrow floats reduced through float32 in blocks: widen a block, reduce it, combine.

float16, bfloat16 and the float8/6/4 family accumulate in float32 (``compute_dtype``).
Casting the whole input first costs a full-size float32 copy (twice the memory of NumPy's
float32 reduction of the same data) and, for float16 and float8, NumPy's and ml_dtypes'
scalar cast loops.  Here a block of ``BLOCK`` elements at a time is widened into one
reused float32 buffer (``widen``: bit tricks and lookup tables, exhaustively equal to
NumPy's/ml_dtypes' casts) and reduced by NumPy's own float32 loop.

The results are bit for bit the ones of the whole-array calls they replace, because the
blocks follow NumPy's own summation order (``fold``):

* ``np.add.reduce`` of a contiguous float32 array is pairwise: ``n`` splits at
  ``n2 = n // 2 - (n // 2) % 8`` until 8..128 elements are summed in 8 lanes.  ``tree``
  splits the same way down to a block, whose ``np.add.reduce`` continues the same tree.
* A reduction NumPy computes with a cast (``np.add.reduce(float16, dtype=float32)``) is
  buffered: each ``np.getbufsize()`` chunk is reduced (pairwise) into the running value.
* ``np.multiply.reduce`` and the ``accumulate`` loops are sequential: a block continues
  from the running value (``initial=`` / the carry).
"""

from __future__ import annotations

import math

import numpy as np

from . import dtypes
from .dtype_rules import cast, native_dtype

__all__ = ["BLOCK", "NARROW", "FOLD_PLAIN", "FOLD_NAN", "FOLD_DEV", "FOLD_NANDEV", "FOLD_NANDEV16",
           "byte_values",
           "set_widen", "widen", "widened", "set_fold", "fold", "set_axis_fold", "layout",
           "axis_fold", "set_axis_count", "axis_count",
           "prq_fold", "flat_of", "accumulate",
           "product_dtype", "product_operand", "set_narrowed", "rounded", "in_work",
           "set_vecdot", "vecdot", "vector_dot", "set_outer", "outer", "kron", "einsum_sum", "product_operands",
           "in_work_all"]

#: Elements per block: 256 KB of float32, reused (NumPy's own cast buffer is 64 KB).
BLOCK = 1 << 16
#: The floats computed through float32 here.
NARROW = frozenset(dt for dt in dtypes.REAL_FLOAT if dt.itemsize < 4)

_f32 = dtypes.float32
_i32 = np.dtype(np.int32)
_MAGIC = np.float32(2.0 ** 112)     # 2**(127 - 15): float16's exponent bias into float32's
_SIGN_EXP = np.int32(-0x70000001)   # 0x8FFFFFFF: the sign bit and the 28 bits below it
_INF_EXP = np.int32(0x7F800000)
_TABLES = {}


def byte_values(dt) -> np.ndarray:
    """The 256 values of a one-byte float type as float32 (exact), indexed by bit pattern;
    made once per type (the compiled core's conversion tables start from it too)."""
    t = _TABLES.get(dt)
    if t is None:
        t = _TABLES[dt] = np.arange(256, dtype=np.uint8).view(dt).astype(_f32)
    return t


#: The compiled core's conversion loops (``_fast.narrow.widen``: F16C, C tables), set by
#: ``set_widen`` when the core is compiled; None in the pure build.
_compiled_widen = None


def set_widen(fn) -> None:
    """Widen with ``fn(block, out)`` (the compiled core registers its C loops at import:
    ``_fast`` is above this layer), or with this module's NumPy code when ``fn`` is None."""
    global _compiled_widen
    _compiled_widen = fn


def widen(block: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``out[...] = block`` (a 1-D narrow float block into float32 of the same size), bit
    for bit ``block.astype(float32)``, NaN payloads included.  The compiled core's C loops
    when it registered them (``set_widen``); otherwise:

    float16: the bits shifted into place (sign-extended, so the sign lands on bit 31) and
    scaled by 2**112, which makes subnormals normal exactly; inf/NaN get float32's
    exponent.  One-byte types: a 256-entry table.  bfloat16: ml_dtypes' cast (a shift)."""
    if _compiled_widen is not None:
        return _compiled_widen(block, out)
    dt = block.dtype
    if dt == dtypes.float16:
        o = out.view(_i32)
        np.left_shift(block.view(np.int16), 13, out=o, dtype=_i32)
        np.bitwise_and(o, _SIGN_EXP, out=o)
        np.multiply(out, _MAGIC, out=out)
        if out.size and (out.max() >= 65536.0 or out.min() <= -65536.0):   # inf or NaN
            o[np.abs(out) >= 65536.0] |= _INF_EXP
    elif dt.itemsize == 1:
        byte_values(dt).take(block.view(np.uint8), out=out, mode="clip")   # "raise" buffers out
    else:
        np.copyto(out, block, casting="unsafe")
    return out


def flat_of(d: np.ndarray):
    """``d`` as the 1-D view NumPy's full reduction walks (memory order), or None when
    it is not one contiguous run (the caller keeps NumPy's own call)."""
    if d.flags.c_contiguous:
        return d.reshape(-1)
    if d.flags.f_contiguous:
        return d.T.reshape(-1)
    return None


#: What ``fold`` does to each widened value first: nothing; a NaN becomes ``value``
#: (``nansum``: 0, ``nanprod``: 1); ``(x - value) * (x - value)`` in float32 (``var``);
#: that with a NaN read as 0 and its square as 0 (NumPy's ``nanvar``: ``arr - avg`` on the
#: NaN-replaced copy, the NaN places set to 0 again, squared; add only); that with the
#: deviation and its square each rounded to float16 (NumPy's ``nanvar`` of float16 edits a
#: float16 copy; add only).
FOLD_PLAIN, FOLD_NAN, FOLD_DEV, FOLD_NANDEV, FOLD_NANDEV16 = 0, 1, 2, 3, 4


def _blocks(flat, lo, hi, buf, how, value, nans):
    """The float32 values of ``flat[lo:hi]`` (at most ``BLOCK``), ``how`` applied; the
    NaNs replaced are added to ``nans[0]``."""
    b = widen(flat[lo:hi], buf[:hi - lo])
    if how == FOLD_NAN:
        nan = np.isnan(b)
        nans[0] += int(np.count_nonzero(nan))
        np.copyto(b, value, where=nan)
    elif how == FOLD_DEV:
        np.subtract(b, value, out=b)
        np.multiply(b, b, out=b)
    elif how == FOLD_NANDEV or how == FOLD_NANDEV16:
        _nan_deviations(b, value, how == FOLD_NANDEV16)
    return b


def _nan_deviations(b, value, half=False):
    """``b`` (float32) edited as NumPy's ``nanvar`` edits its NaN-replaced copy: NaN read
    as 0, ``b - value``, the NaN places 0 again, squared (``value`` broadcast); ``half``:
    the copy is float16, the deviation and the square each rounded to it (NumPy's cast:
    an overflow warns as NumPy's does)."""
    nan = np.isnan(b)
    np.copyto(b, 0, where=nan)
    np.subtract(b, value, out=b)
    if half:
        np.copyto(b, b.astype(np.float16))
    np.copyto(b, 0, where=nan)
    np.multiply(b, b, out=b)
    if half:
        np.copyto(b, b.astype(np.float16))


def _tree(flat, lo, hi, buf, how, value, nans):
    n = hi - lo
    if n <= BLOCK:
        return np.add.reduce(_blocks(flat, lo, hi, buf, how, value, nans))
    n2 = n // 2
    n2 -= n2 % 8   # NumPy's pairwise split (loops_utils.h.src)
    return (_tree(flat, lo, lo + n2, buf, how, value, nans)
            + _tree(flat, lo + n2, hi, buf, how, value, nans))


#: The compiled core's reduction loops (``_fast.narrow.fold``: NumPy's summation order in
#: C over the narrow input), set by ``set_fold`` when the core is compiled; None in the
#: pure build.
_compiled_fold = None


def set_fold(fn) -> None:
    """Reduce with ``fn`` (the compiled core's ``fold``: ``fold``'s arguments and bits, or
    None when its loop raised a floating-point flag), or with this module's NumPy blocks
    when ``fn`` is None."""
    global _compiled_fold
    _compiled_fold = fn


def fold(ufunc, flat: np.ndarray, buffered: bool, how: int = FOLD_PLAIN,
         value=0.0) -> tuple:
    """``(ufunc.reduce, NaNs replaced)``: ``ufunc.reduce`` (``np.add`` or ``np.multiply``)
    of the 1-D narrow ``flat`` in float32, in the order NumPy's call takes: ``buffered``
    -- NumPy casts in its own buffer (float16 with ``dtype=float32``) -- or on a float32
    copy of the whole array.  ``how`` (``FOLD_*``) and ``value`` say what is done to each
    widened value first; the count is of the NaNs ``FOLD_NAN`` replaced.  The compiled
    core's C loops when it registered them (``set_fold``), else NumPy blocks."""
    if _compiled_fold is not None:
        got = _compiled_fold(ufunc, flat, buffered, how, value)
        if got is not None:   # None: a floating-point flag, NumPy's blocks warn as NumPy
            return got
    n = flat.size
    nans = [0]
    if ufunc is np.add and not buffered:
        return _tree(flat, 0, n, np.empty(min(n, BLOCK), _f32), how, value, nans), nans[0]
    # NumPy's buffered chunks start at 0: a block holds whole chunks
    chunk = np.getbufsize() if ufunc is np.add else BLOCK
    step = max(BLOCK - BLOCK % chunk, chunk)
    buf = np.empty(min(n, step), _f32)
    acc = np.float32(ufunc.identity)
    for lo in range(0, n, step):
        hi = min(lo + step, n)
        b = _blocks(flat, lo, hi, buf, how, value, nans)
        if ufunc is np.add and hi - lo == step:   # the chunks' pairwise sums, added in turn
            sums = np.add.reduce(b.reshape(-1, chunk), axis=1)
            acc = np.add.accumulate(np.concatenate(([acc], sums)))[-1]
        else:
            for c in range(0, hi - lo, chunk):
                acc = ufunc.reduce(b[c:c + chunk], initial=acc)
    return acc, nans[0]


#: The compiled core's axis reductions (``_fast.narrow.fold_axis``: one pass in C over the
#: narrow input, NumPy's order), set by ``set_axis_fold`` when the core is compiled; None
#: in the pure build.
_compiled_axis = None


def set_axis_fold(fn) -> None:
    """Reduce over an axis with ``fn`` (the compiled core's ``fold_axis``: ``prq_fold``'s
    arguments and bits, or None when its loop raised a floating-point flag), or with this
    module's NumPy slabs when ``fn`` is None."""
    global _compiled_axis
    _compiled_axis = fn


def layout(d: np.ndarray, ax: tuple):
    """``(c, P, R, Q, kept)``: the reduction of ``d`` over the axes ``ax`` as NumPy's
    iterator walks it -- ``c`` a C-contiguous view of ``d`` (``d.T`` for a Fortran-ordered
    ``d``: the iterator keeps the memory order) seen as ``(P, R, Q)``, the reduced axes
    (length-1 axes dropped, as the iterator drops them) one run ``R`` in the middle;
    ``kept`` the shape of ``c``'s axes not reduced.  None for other layouts (axes not one
    run, no axis of length above 1 reduced, an empty array, not one contiguous block)."""
    nd = d.ndim
    if d.size == 0 or nd == 0:
        return None
    if not d.flags.c_contiguous:
        if not d.flags.f_contiguous:
            return None
        d, ax = d.T, tuple(nd - 1 - a for a in ax)
    red = [a for a in range(nd) if a in ax and d.shape[a] != 1]
    if not red:
        return None
    if any(a not in ax and d.shape[a] != 1 for a in range(red[0], red[-1] + 1)):
        return None
    p = math.prod(d.shape[:red[0]])   # ints: math.prod (np.prod's call costs ~5 us)
    r = math.prod(d.shape[red[0]:red[-1] + 1])
    kept = tuple(n for a, n in enumerate(d.shape) if a not in ax)
    return d, p, r, d.size // (p * r), kept


def axis_fold(ufunc, d: np.ndarray, ax: tuple, buffered: bool, how: int = FOLD_PLAIN,
              value=0.0):
    """``ufunc.reduce(d, axis=ax)`` (``np.add`` or ``np.multiply``) of a narrow float ``d``
    in float32 as NumPy computes it on a float32 copy (``buffered``: float16 with
    ``dtype=float32``, in NumPy's buffer), without that copy -- or None where NumPy's own
    call stays (``layout``'s other layouts; a buffered run of reduced values longer than
    NumPy's buffer, when there are several).  The result has the reduced shape (no kept
    axes), a new float32 array.  ``how``/``value`` as ``fold``'s, except that ``FOLD_DEV``
    takes an array of the result's shape (each output's mean).

    NumPy's order on the float32 array, ``d`` seen as ``(P, R, Q)`` (``layout``):
    * ``Q == 1`` (the trailing axes): each output is one 1-D reduction of its run of ``R``
      (``fold``'s: pairwise for add);
    * ``Q >= 2``: every output starts at the identity and takes its ``R`` values in turn
      (NumPy's elementwise ``add`` of each row into the output).
    The compiled core's one pass in C when it registered it (``set_axis_fold``), else
    ``prq_fold``'s NumPy slabs.
    """
    lay = layout(d, ax)
    if lay is None:
        return None
    c, p, r, q, kept = lay
    if buffered and q == 1 and p > 1 and r > np.getbufsize():
        return None
    if how == FOLD_DEV or how == FOLD_NANDEV or how == FOLD_NANDEV16:
        value = np.asarray(value, _f32)
        value = np.ascontiguousarray(value if c is d else value.T).reshape(p, q)
    out = None
    if _compiled_axis is not None:
        out = _compiled_axis(ufunc, c, p, r, q, buffered, how, value)
    if out is None:   # the pure build; a floating-point flag: NumPy's slabs warn as NumPy
        out = prq_fold(ufunc, c.reshape(p, r, q), buffered, how, value)
    out = out.reshape(kept)
    return out if c is d else out.T


#: The compiled core's count of the values that are not NaN over an axis
#: (``_fast.narrow.count_axis``), set by ``set_axis_count``; None in the pure build.
_compiled_count = None


def set_axis_count(fn) -> None:
    """Count with ``fn(c, p, r, q)`` (the compiled core's pass over the narrow bits), or
    with NumPy's ``isnan`` when ``fn`` is None."""
    global _compiled_count
    _compiled_count = fn


def axis_count(d: np.ndarray, ax: tuple):
    """``np.sum(~np.isnan(d), axis=ax, dtype=np.intp)`` (NumPy's nan functions' ``cnt``)
    for the layouts ``axis_fold`` takes, as a new intp array of the reduced shape (no
    kept axes); None for the others."""
    lay = layout(d, ax)
    if lay is None:
        return None
    c, p, r, q, kept = lay
    if _compiled_count is not None and r < 1 << 31:
        out = _compiled_count(c, p, r, q)
    else:
        with np.errstate(invalid="ignore"):   # ml_dtypes' isnan of a signalling NaN
            out = np.sum(~np.isnan(c.reshape(p, r, q)), axis=1, dtype=np.intp)
    out = out.reshape(kept)
    return out if c is d else out.T


def _slab(block, buf, how, value):
    """``block`` (narrow, C-contiguous) widened into ``buf`` (float32, flat) and shaped as
    ``block``, ``how`` applied with ``value`` (broadcast against it)."""
    b = widen(block.reshape(-1), buf[:block.size]).reshape(block.shape)
    if how == FOLD_NAN:
        np.copyto(b, np.float32(value), where=np.isnan(b))
    elif how == FOLD_DEV:
        np.subtract(b, value, out=b)
        np.multiply(b, b, out=b)
    elif how == FOLD_NANDEV or how == FOLD_NANDEV16:
        _nan_deviations(b, value, how == FOLD_NANDEV16)
    return b


def prq_fold(ufunc, d3: np.ndarray, buffered: bool, how: int = FOLD_PLAIN, value=0.0):
    """``axis_fold`` of a C-contiguous ``d3`` of shape ``(P, R, Q)`` over its middle axis,
    as a new ``(P, Q)`` float32 array, with NumPy's float32 loops on widened slabs of at
    most ``BLOCK`` elements (``value``: ``(P, Q)`` for ``FOLD_DEV``)."""
    p, r, q = d3.shape
    out = np.empty((p, q), _f32)
    dev = how == FOLD_DEV or how == FOLD_NANDEV or how == FOLD_NANDEV16
    if q == 1:
        d2, o = d3.reshape(p, r), out.reshape(p)
        vals = value.reshape(p) if dev else None
        if r > BLOCK or (buffered and r > np.getbufsize()):
            # a run per call: the C loops (or NumPy blocks) in NumPy's order (a buffered
            # run longer than NumPy's buffer: its chunks' sums added in turn)
            for i in range(p):
                o[i] = fold(ufunc, d2[i], buffered and p == 1, how,
                            vals[i] if dev else value)[0]
            return out
        rows = BLOCK // r
        buf = np.empty(rows * r, _f32)
        for i in range(0, p, rows):
            j = min(i + rows, p)
            b = _slab(d2[i:j], buf, how, vals[i:j, None] if dev else value)
            ufunc.reduce(b, axis=1, out=o[i:j])
        return out
    for i in range(p):
        _in_turn(ufunc, d3[i], out[i], how, value[i] if dev else value)
    return out


def _in_turn(ufunc, d2, acc, how, value):
    """``acc[...] = ufunc.reduce`` of the rows of ``d2`` (``(R, Q)``, ``Q >= 2``) taken in
    turn from the identity, a slab of rows (or of columns of long rows) at a time: each
    slab continues from the running values (written as its first row)."""
    r, q = d2.shape
    dev = how == FOLD_DEV or how == FOLD_NANDEV or how == FOLD_NANDEV16
    acc[...] = ufunc.identity
    if q > BLOCK:   # rows longer than a block: each in column chunks, in turn
        buf = np.empty(BLOCK, _f32)
        for c in range(0, q, BLOCK):
            e = min(c + BLOCK, q)
            for i in range(r):
                b = _slab(d2[i, c:e], buf, how, value[c:e] if dev else value)
                ufunc(acc[c:e], b, out=acc[c:e])
        return
    rows = max(1, BLOCK // q)
    buf = np.empty((rows + 1) * q, _f32)
    for i in range(0, r, rows):
        j = min(i + rows, r)
        buf[:q] = acc
        _slab(d2[i:j], buf[q:], how, value)
        # identity, the running values (exactly: a running sum is never -0.0), the rows
        ufunc.reduce(buf[:(j - i + 1) * q].reshape(j - i + 1, q), axis=0, out=acc)


def widened(x: np.ndarray) -> np.ndarray:
    """``x`` (a narrow float array) as a new float32 array of its shape (``widen`` when
    it is one contiguous run, else the cast)."""
    flat = flat_of(x)
    if flat is None or x.dtype not in NARROW:
        return cast(x, _f32)
    out = widen(flat, np.empty(flat.size, _f32))
    return out.reshape(x.shape) if x.flags.c_contiguous else out.reshape(x.T.shape).T


def accumulate(ufunc, d: np.ndarray, axis: int, work: np.dtype, res: np.dtype) -> np.ndarray:
    """``ufunc.accumulate(d, axis, dtype=work)`` cast to ``res``, computed a slab of
    ``BLOCK`` elements along ``axis`` at a time (the loop is sequential: each slab starts
    from the previous one's last values) -- or, along a later axis of a C-contiguous
    ``d``, a slab of whole rows of its first axis at a time -- so no full-size ``work``
    array is made."""
    out = np.empty(d.shape, res)
    n = d.shape[axis]
    if axis > 0 and d.flags.c_contiguous and d.shape[0] > 1 and 0 < d.size // d.shape[0] \
            <= BLOCK:
        # each output takes only its own run along ``axis``: slabs of whole leading rows
        # (contiguous: the C loops widen and round them) give the same bits, no carry
        rows = BLOCK // (d.size // d.shape[0])
        for lo in range(0, d.shape[0], rows):
            part = in_work(d[lo:lo + rows], work)
            out[lo:lo + rows] = rounded(ufunc.accumulate(part, axis=axis, out=part), res)
        return out
    other = d.size // n if n else 0
    step = max(1, BLOCK // max(other, 1))
    carry = None
    for lo in range(0, n, step):
        sl = (slice(None),) * axis + (slice(lo, min(lo + step, n)),)
        part = widened(d[sl]) if work == _f32 else cast(d[sl], work)
        if carry is not None:
            first = (slice(None),) * axis + (slice(0, 1),)
            part[first] = ufunc(carry, part[first])
        r = ufunc.accumulate(part, axis=axis, out=part)
        carry = r[(slice(None),) * axis + (slice(-1, None),)].copy()
        out[sl] = rounded(r, res)
    return out


def product_dtype(dt: np.dtype) -> np.dtype:
    """The dtype ``matmul``/``tensordot``/``vecdot``/``outer`` compute ``dt`` in: float32
    (BLAS) for the narrow floats, else ``native_dtype``.

    # NumPy differs: its float16 matmul/dot is a scalar loop (no BLAS) that accumulates
    # in float32 in index order; BLAS's float32 sums go in another order, so a rare element
    # rounds to the other neighbour (decision 65).
    """
    return _f32 if dt in NARROW else native_dtype(dt)


#: The compiled core's rounding of a float32 array to a narrow type (``_fast.narrow.
#: narrowed``), set by ``set_narrowed``; None in the pure build.
_compiled_narrowed = None


def set_narrowed(fn) -> None:
    """Round float32 products back with ``fn(r, dt)`` (the compiled core's C loops: the
    bits of ``cast``, or None on a float16 overflow), or with ``cast`` when None."""
    global _compiled_narrowed
    _compiled_narrowed = fn


def rounded(r: np.ndarray, dt: np.dtype) -> np.ndarray:
    """``cast(r, dt)`` of a float32 result (a product computed in ``product_dtype(dt)``, a
    cumulative sum's slab): the compiled core's conversion loop for a C-contiguous ``r``
    and a narrow ``dt`` (NumPy's own float32-to-float16 cast is a slow loop: 11 ms per 1e6
    values here, the C one 0.5)."""
    if (_compiled_narrowed is not None and dt in NARROW and r.dtype == _f32
            and r.flags.c_contiguous and r.flags.aligned):
        got = _compiled_narrowed(r, dt)
        if got is not None:
            return got
    return cast(r, dt)


def in_work(x: np.ndarray, work: np.dtype) -> np.ndarray:
    """``cast(x, work)``: a narrow float into float32 by ``widened`` (exact, the cast's
    bits; the compiled core's loops, not NumPy's/ml_dtypes' slow casts)."""
    return widened(x) if work == _f32 and x.dtype in NARROW else cast(x, work)


def product_operand(x: np.ndarray, dt: np.dtype) -> np.ndarray:
    """``x`` (already of ``dt``) as ``product_dtype(dt)``'s array."""
    return widened(x) if dt in NARROW else cast(x, native_dtype(dt))


def _once(xs, convert) -> list:
    """``[convert(x) for x in xs]``, converted once for a 1-D array given again
    (``dot(x, x)``: BLAS ``sdot`` reads the same values, so the same bits, at half the
    widening and memory; a fresh 4 MB float32 copy costs its page faults, 0.1 to several
    ms on a loaded machine).  Not for 2-D operands: NumPy's ``matmul`` takes ``syrk`` for
    ``x @ x.T`` of one buffer, another order than ``gemm``."""
    out = []
    for i, x in enumerate(xs):
        seen = next((j for j in range(i) if xs[j] is x), None) if x.ndim == 1 else None
        out.append(convert(x) if seen is None else out[seen])
    return out


def product_operands(a: np.ndarray, b: np.ndarray, dt: np.dtype):
    """``(product_operand(a, dt), product_operand(b, dt))``, one copy for one 1-D array
    given twice (``_once``)."""
    return tuple(_once([a, b], lambda x: product_operand(x, dt)))


def in_work_all(xs, work: np.dtype) -> list:
    """``[in_work(x, work) for x in xs]``, one copy for a 1-D array given twice (``_once``)."""
    return _once(xs, lambda x: in_work(x, work))


#: The compiled core's sum of products over narrow input (``_fast.narrow.vecdot``), set by
#: ``set_vecdot``; None in the pure build.
_compiled_vecdot = None


def set_vecdot(fn) -> None:
    """Sum ``vecdot``'s products with ``fn(a, b)`` (the compiled core's C loops: einsum's
    float32 result and bits, or None where einsum runs), or not at all when None."""
    global _compiled_vecdot
    _compiled_vecdot = fn


def vecdot(a: np.ndarray, b: np.ndarray):
    """``np.einsum("...i,...i->...")`` of ``a`` and ``b`` (one narrow float dtype) widened
    to float32, as a float32 array, by the compiled core's loops over the narrow input
    (no float32 copies); None where the caller's einsum over ``widened`` copies runs (the
    pure build, layouts and broadcasts the loops do not take)."""
    if _compiled_vecdot is None:
        return None
    return _compiled_vecdot(a, b)


def vector_dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.einsum("i,i->")`` of the 1-D arrays ``a``, ``b`` (one narrow float dtype, one
    size) widened to float32, as a 0-d float32 array: the product of two narrow vectors
    (``dot``, ``inner``, ``vdot``, ``matmul``) sums in ``vecdot``'s order (decision 91),
    by the compiled core's loop over the narrow input, else einsum over ``widened``
    copies (one for ``a is b``)."""
    r = vecdot(a, b)
    if r is None:
        wa = widened(a)
        r = np.einsum("i,i->", wa, wa if b is a else widened(b))
    return np.asarray(r)


#: The compiled core's fused outer product (``_fast.narrow.outer``), set by ``set_outer``;
#: None in the pure build.
_compiled_outer = None


def set_outer(fn) -> None:
    """Compute ``outer`` with ``fn(a, b, dt)`` (the compiled core's fused multiply and
    rounding, a row at a time: the same bits, or None where NumPy's blocks must run)."""
    global _compiled_outer
    _compiled_outer = fn


def outer(a: np.ndarray, b: np.ndarray, dt: np.dtype) -> np.ndarray:
    """``rounded(np.outer(widened(a), widened(b)), dt)`` for ``a``, ``b`` of the narrow
    float ``dt`` (any shape: flattened, as ``np.outer``), a block of rows at a time: each
    element is one float32 product rounded once, so the bits are the same, without the
    full float32 product NumPy's ``outer`` writes and the rounding reads back (twice
    the result's bytes, four times for the one-byte types).  The compiled core multiplies
    and rounds each row in one C pass (``set_outer``); else NumPy's float32 ``multiply``
    runs on each block, with its warnings under the caller's error state."""
    m, n = a.size, b.size
    if m == 0 or n == 0:
        return np.empty((m, n), dt)
    if _compiled_outer is not None:
        got = _compiled_outer(np.ascontiguousarray(a.reshape(-1)),
                              np.ascontiguousarray(b.reshape(-1)), dt)
        if got is not None:
            return got
    res = np.empty((m, n), dt)
    a32, b32 = widened(a.reshape(-1)), widened(b.reshape(-1))
    rows = max(1, 4 * BLOCK // n)   # 1 MB of float32: four calls for 1000 x 1000
    buf = np.empty((min(rows, m), n), _f32)
    for i in range(0, m, rows):
        j = min(i + rows, m)
        part = buf[:j - i]
        np.multiply(a32[i:j, None], b32, out=part)
        res[i:j] = rounded(part, dt)
    return res


def kron(a: np.ndarray, b: np.ndarray, dt: np.dtype) -> np.ndarray:
    """``np.kron`` of ``a``, ``b`` (narrow floats of ``dt``) computed in float32 and
    rounded back: its elements are ``outer``'s (each ``a[i] * b[k]``, one float32 product
    rounded once: the same bits), moved into Kronecker order by one copy of the narrow
    result -- no full-size float32 product."""
    nd = max(a.ndim, b.ndim)
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    b = b.reshape((1,) * (nd - b.ndim) + b.shape)
    o = outer(a, b, dt).reshape(a.shape + b.shape)
    order = [x for i in range(nd) for x in (i, nd + i)]
    return o.transpose(order).reshape(tuple(p * q for p, q in zip(a.shape, b.shape)))


def einsum_sum(d: np.ndarray, k: int):
    """``np.einsum`` of the narrow float ``d`` widened to float32 that sums its first ``k``
    axes and keeps the others in order (``"ij->j"``, ``"ijk->jk"``), as a float32 array of
    ``d.shape[k:]``, without the float32 copy -- or None where einsum itself runs.

    On a C-contiguous operand with more than one value kept, einsum's iterator runs the
    kept values innermost: each output starts at 0 and takes its values in row order,
    which is ``axis_fold``'s order for ``Q >= 2``.  A column giving NaN is summed again by
    einsum (its payload: the operands' order in each add); a zero is ``+0.0`` (einsum's
    output starts at ``+0.0``)."""
    if (type(d) is not np.ndarray or d.dtype not in NARROW or not 0 < k < d.ndim
            or not d.flags.c_contiguous or d.size == 0):
        return None
    q = math.prod(d.shape[k:])
    if q < 2:
        return None
    with np.errstate(all="ignore"):   # einsum raises no floating-point warning
        r = axis_fold(np.add, d, tuple(range(k)), False)
        if r is None:
            return None
        flat = r.reshape(-1)
        flat[flat == 0] = 0.0
        nan = np.flatnonzero(np.isnan(flat))
        if nan.size:
            # einsum over the columns giving NaN, two at least (one column would make the
            # reduced axis the inner loop: another order)
            cols = np.concatenate([nan, nan[:1]]) if nan.size == 1 else nan
            w = widened(np.ascontiguousarray(d.reshape(-1, q)[:, cols]))
            flat[nan] = np.einsum("ij->j", w)[:nan.size]
    return r
