"""Narrow floats computed through float32 in blocks: float16, bfloat16 and the float8/6/4 types.

Part of the compiled core (``dispatch``'s docstring).  NumPy and ml_dtypes run scalar loops
on these types; ``blocked`` runs NumPy's float32 loop instead, one block at a time: a block
of each operand is converted into a float32 buffer (L2-resident), the ufunc runs on the
buffers, and the block is rounded back into the result.  Peak memory stays the result's
own plus a few buffers.  The entries (``entries.block_spec``) say which op and dtype may:
the results are bit for bit those of the path it replaces (tests/fast/test_narrow.py).

The conversions: compiled, C loops (``narrow.pxd``): bfloat16 a 16-bit shift (and
round-to-nearest-even back, NaN as ml_dtypes writes it), float16 by F16C where the CPU has
it (checked at run time) with a portable loop giving NumPy's bits (NaN payloads included),
the 8/6/4-bit types by tables made from ml_dtypes' own casts (``byte_tables``; rounding
back by arithmetic checked against them, AVX-512BW look-ups in).  The pure build
converts with NumPy's casts (``to32``/``from32`` below): the same bits.

The cheap ufuncs (``FUSED``, and ``clip`` by two bounds) skip NumPy's loop in the compiled
core: ``wnp_fused`` converts a chunk, applies the one IEEE float32 operation and rounds it
back, in L1 (portable, AVX2 and AVX-512 clones of the same C chosen at run time,
``use_simd``); a chunk raising a floating-point flag NumPy's error state watches goes
back to NumPy's loop for its block (decision 82).
"""

from __future__ import annotations

from functools import partial as _partial

import operator

import numpy as np

try:
    import cython   # compiled: Cython reads ``cython.compiled`` as True at compile time
except ImportError:   # the pure build where Cython is not installed
    from . import nocython as cython

from .._core import dtypes
from .._core import narrow as _reductions
from .._core.dtype_rules import cast
from .._core.entries import NP_ERRSTATE, NP_QUIET, block_kind
from .._core.kernel import clip_loop

__all__ = ["blocked", "widen", "byte_tables", "KIND_F16", "KIND_BF16", "KIND_BYTE", "BLOCK",
           "BLOCK_CALLABLE", "MIN_SIZE", "use_f16c", "COMPILED", "fold", "narrowed", "byte_simd",
           "KIND_BYTE_ARITH", "FUSED", "round_into", "use_simd", "use_pairs", "pair_bytes",
           "fold_axis", "count_axis", "searchsorted", "KIND_F16_TABLE", "TABLE_MIN", "by_table",
           "t16_table", "use_tables", "by_byte_table", "b8_table", "use_byte_tables", "B8_MIN"]

#: Whether this module is the compiled extension.
COMPILED = cython.compiled
#: Elements per block at most: the float32 buffers stay in a core's L2 cache.  Fewer when
#: the buffers would pass 4% of the result's bytes (peak memory ~1.04x the result), never
#: fewer than ``_MIN_BLOCK``.
BLOCK = 8192
#: The same for a callable that is not a ufunc (``clip``'s, ``round``'s): its few
#: microseconds of Python per block are paid over more elements (buffers still in L2).
BLOCK_CALLABLE = 65536
_MIN_BLOCK = 2048
#: Results of fewer elements take the existing path (the blocks' set-up would not pay).
MIN_SIZE = 16384
KIND_F16, KIND_BF16, KIND_BYTE, KIND_BYTE_ARITH = 0, 1, 2, 3
_float32 = dtypes.float32
_bool = dtypes.bool_
_empty = np.empty
_ndarray = np.ndarray
_ufunc = np.ufunc
#: float16's first value that rounds to inf (65520): a finite float32 at or beyond it
#: overflows in the cast back (the pure build's check; the C one flags it while rounding).
_F16_OVERFLOW = np.float32(65520.0)

if not cython.compiled:
    # -- the pure build's twins of the C loops (narrow.pxd): NumPy's casts, the same bits --
    def numpy_api_ready():
        """Nothing to load: the pure build does not call NumPy's C API."""

    def to32(src, start, k, buf, kind, table, itemsize):
        """``src[start:start+k]`` converted into ``buf[:k]`` (float32)."""
        token = NP_ERRSTATE.set(NP_QUIET)
        try:
            np.copyto(buf[:k], src[start:start + k], casting="unsafe")
        finally:
            NP_ERRSTATE.reset(token)
        return 0

    def from32(buf, k, dst, start, kind, table, shift, itemsize):
        """``buf[:k]`` rounded into ``dst[start:start+k]`` as weaknp's ``cast`` does (a NaN
        into a type without NaN is +0); 1 when a finite float16 result overflowed."""
        b = buf[:k]
        if kind == KIND_F16:
            token = NP_ERRSTATE.set(NP_QUIET)
            try:
                np.copyto(dst[start:start + k], b, casting="unsafe")
            finally:
                NP_ERRSTATE.reset(token)
            big = np.abs(b) >= _F16_OVERFLOW
            return 1 if big.any() and np.isfinite(b[big]).any() else 0
        dst[start:start + k] = cast(b, dst.dtype)
        return 0

    def use_f16c(on: bool) -> bool:
        """The pure build converts float16 with NumPy's casts: never F16C."""
        return False

    def use_simd(level: int) -> int:
        """The pure build has no vector clones: level 0."""
        return 0

    def use_pairs(on: bool) -> bool:
        """The pure build has no pair tables: NumPy's loop per block."""
        return False

    def pair_bytes() -> int:
        """The pure build holds no pair tables."""
        return 0

    def fused(op, kind, x, y, xs, ys, out, start, n, isz, values, rounding, shift, mask,
              keep):
        """The pure build has no fused loops: every block runs NumPy's ufunc."""
        return start

    #: the pure build's float16 unary tables (``t16_put``): key -> (results, flags, all)
    _T16_PURE: dict = {}

    def t16_put(key, vals, flags, all_):
        """The pure build's twin of narrow.pxd's ``wnp_t16_put``: a copy kept here (at
        most ``T16_SLOTS``); 1 when the table is there, 0 when no slot is left."""
        if key not in _T16_PURE:
            if len(_T16_PURE) >= T16_SLOTS:
                return 0
            _T16_PURE[key] = (vals.copy(), flags.copy(), all_)
        return 1

    def t16_look(key, src, dst, n, mask):
        """The pure build's twin of ``wnp_t16_look``: NumPy's ``take`` of the results
        (0), 1 when a value's flags meet ``mask``, -1 without the table."""
        t = _T16_PURE.get(key)
        if t is None:
            return -1
        vals, flags, all_ = t
        bits = src.view(np.uint16)
        if mask & all_ and int(np.bitwise_or.reduce(flags.take(bits))) & mask:
            return 1
        vals.take(bits, out=dst.view(np.uint16))
        return 0

    def b8_look(src, dst, n, vals, flags, mask):
        """The pure build's twin of narrow.pxd's ``wnp_b8_look``: NumPy's ``take`` of the
        256 results (0), or 1 when a value's flags meet ``mask`` (nothing written)."""
        bits = src.view(np.uint8)
        if mask and ((flags & np.uint8(mask)) != 0).take(bits).any():
            return 1
        vals.take(bits, out=dst.view(np.uint8))
        return 0
else:
    def use_f16c(on: bool) -> bool:
        """Convert float16 with the CPU's F16C instructions when it has them (``on``), or
        with the portable loop (tests run both); returns whether F16C is used now."""
        return bool(wnp_set_f16c(1 if on else 0))

    def use_simd(level: int) -> int:
        """Run the compiled loops' clones up to ``level`` (0 portable C, 1 AVX2, 2 AVX-512,
        3 AVX-512 with VBMI's byte look-ups), as far as the CPU has them (tests run each);
        returns the level used now."""
        return wnp_set_simd(int(level))

    def use_pairs(on: bool) -> bool:
        """Compute a + - * / or comparison of two arrays of one one-byte type by its
        cached table of every operand pair's result (``on``, the default), or by the
        chunked loop (tests and benchmarks run both); returns whether tables are used now."""
        return bool(wnp_set_pairs(1 if on else 0))

    def pair_bytes() -> int:
        """The bytes the pair tables hold now (at most 32 tables of 128 KB: 4 MB)."""
        return int(wnp_pair_bytes())


numpy_api_ready()   # NumPy's C API table (compiled build)

# -- float16 unary ops by table (issue 24: exp, log, sin, ... at the AVX2 level) --

#: ``entries.block_spec``'s kind for a float16 unary op computed by ``by_table``.
KIND_F16_TABLE = 4
#: A table is built by a call of at least this many elements (its one-time cost, one
#: NumPy call on the 65536 patterns and 1024 on blocks of 64 for the flags, ~3-6 ms, is
#: then below the saving of that one call at the AVX2 level); once built, every call of
#: ``MIN_SIZE`` elements or more uses it.
TABLE_MIN = 65536
#: The tables at most (the compiled core keeps them in the pair tables' 32 slots).
T16_SLOTS = 32
#: ufunc -> its table's key (>= 0), or -1: NumPy's own loop stays (NumPy has a SIMD float16
#: loop for it on this CPU, or no slot was left).
_T16_KEYS: dict = {}
_T16_PROBE = 64
#: ``use_tables``' mode: 0 where NumPy's float16 loop is scalar, 1 always, -1 never.
_T16_MODE = [0]


def use_tables(mode: int) -> int:
    """Compute the float16 unary ops of ``entries.block_spec``'s table kind by their table
    (``by_table``) where NumPy's float16 loop is scalar (``mode`` 0, the default), always
    (1: tests run the tables on any CPU) or never (-1: NumPy's loop); returns the mode
    before.  A mode other than -1 only affects ufuncs not yet decided for ``always``."""
    before = _T16_MODE[0]
    if mode not in (-1, 0, 1):
        raise ValueError(f"narrow.use_tables: mode must be -1, 0 or 1, not {mode!r}")
    _T16_MODE[0] = mode
    if mode == 1:   # decide again the ufuncs that kept NumPy's loop
        for u in [u for u, k in _T16_KEYS.items() if k < 0]:
            del _T16_KEYS[u]
    return before


def _numpy_half_is_scalar(ufunc) -> bool:
    """Whether NumPy runs ``ufunc``'s float16 loop (``ee``) at its baseline (no SIMD
    target dispatched on this CPU: a scalar loop, half to float, libm, float to half), as
    ``numpy.lib.introspect.opt_func_info`` reports.  On AVX-512 CPUs NumPy's float16 exp,
    log, sin, ... are SIMD and faster than a table look-up (measured: decision 92)."""
    try:
        from numpy.lib.introspect import opt_func_info
        name = ufunc.__name__
        info = opt_func_info(func_name=f"^{name}$")
        current = info.get(name, {}).get("ee", {}).get("current", "baseline")
    except Exception:  # noqa: BLE001 - no introspection: treat the loop as scalar
        return True
    return str(current).startswith("baseline")


def _np_flags(f: int) -> int:
    """NumPy's floating-point status bits (divide 1, over 2, under 4, invalid 8) as the
    ``FLAG_*`` bits."""
    return (((f & 1) << 1) | ((f & 2) << 1) | ((f & 4) << 1) | ((f & 8) >> 3))


def _probed(compute, x, group, each):
    """``(compute(x), flags)``: ``compute`` (one operand's op on a flat array ``x`` of bit
    patterns) on all of ``x``, and the ``FLAG_*`` bits each pattern raises, read under
    ``np.errstate(all="call")``: each group of ``group`` patterns computed alone; a group
    that raised gives its flags to every pattern in it, or (``each``) each of its patterns
    is computed alone for its own; a flag all of ``x`` raise together that no pattern got
    is given to every pattern (more flags than a pattern's own only send a call to NumPy's
    loop or the blocks)."""
    raised = [0]

    def seen(err, f):
        raised[0] |= int(f)
    flags = np.zeros(x.size, np.uint8)
    with np.errstate(all="call", call=seen):
        r = compute(x)
        together = _np_flags(raised[0])
        if together:
            for g in range(0, x.size, group):
                raised[0] = 0
                compute(x[g:g + group])
                if raised[0] and not each:
                    flags[g:g + group] = _np_flags(raised[0])
                elif raised[0]:
                    for v in range(g, min(g + group, x.size)):
                        raised[0] = 0
                        compute(x[v:v + 1])
                        flags[v] = _np_flags(raised[0])
            flags |= np.uint8(together & ~int(np.bitwise_or.reduce(flags)))
    return r, flags


def t16_table(ufunc) -> tuple:
    """``(results, flags, all)``: ``ufunc`` (a float16 unary op) by NumPy's own float16 loop
    on all 65536 bit patterns (uint16, indexed by pattern), the ``FLAG_*`` bits NumPy's
    loop raises on each (``_probed``: every pattern of a block of ``_T16_PROBE`` that
    raises gets the block's flags -- more than its own at most, which only sends a call to
    NumPy's loop), and their union."""
    x = np.arange(65536, dtype=np.uint16).view(dtypes.float16)
    with np.errstate(all="ignore"):
        probe = ufunc(x[:1])
    if probe.dtype != dtypes.float16:
        raise TypeError(f"narrow.t16_table: {ufunc.__name__} of float16 gives {probe.dtype}, "
                        f"not float16")
    r, flags = _probed(ufunc, x, _T16_PROBE, False)
    return r.view(np.uint16), flags, int(np.bitwise_or.reduce(flags))


def _t16_key(ufunc, n):
    """``ufunc``'s table key, built for a call of ``n`` elements when it is large enough
    (``TABLE_MIN``), or -1 (NumPy's loop)."""
    mode = _T16_MODE[0]
    if mode < 0:
        return -1
    key = _T16_KEYS.get(ufunc)
    if key is not None:
        return key
    if n < TABLE_MIN:
        return -1   # not yet: a call this small does not pay for the build
    key = -1
    if mode > 0 or _numpy_half_is_scalar(ufunc):
        vals, flags, all_ = t16_table(ufunc)
        k = len(_T16_KEYS)
        if t16_put(k, vals, flags, all_):
            key = k
    _T16_KEYS[ufunc] = key
    return key


def by_table(ufunc, x):
    """``ufunc(x)`` of a C-contiguous float16 array by ``ufunc``'s table of NumPy's own
    results (``t16_table``): a new array, the bits NumPy's float16 loop gives; None when
    not for the table (another operand, fewer than ``MIN_SIZE`` elements, no table, or a
    value whose flags NumPy's error state watches: NumPy's loop then computes the call,
    with its warning or error, exactly once)."""
    if (type(ufunc) is not _ufunc or ufunc.nin != 1 or ufunc.nout != 1
            or type(x) is not _ndarray or x.dtype != dtypes.float16 or x.ndim == 0
            or not x.flags.c_contiguous or not x.flags.aligned or x.size < MIN_SIZE):
        return None
    n = x.size
    key = _t16_key(ufunc, n)
    if key < 0:
        return None
    out = _empty(x.shape, x.dtype)
    if t16_look(key, x.reshape(-1), out.reshape(-1), n, _flag_mask()) != 0:
        return None
    return out

_TABLES: dict = {}

#: The ufuncs the compiled core computes in one fused C loop (``narrow.pxd``'s
#: ``wnp_fused``: a chunk converted in, one IEEE float32 operation -- the bits NumPy's
#: float32 loop gives -- and rounded back, all in L1, no ufunc call per block), by their
#: code there.  Others run NumPy's float32 loop per block.
FUSED = {np.add: 0, np.subtract: 1, np.multiply: 2, np.divide: 3, np.sqrt: 4,
         np.negative: 5, np.absolute: 6, np.rint: 7, np.floor: 8, np.ceil: 9, np.trunc: 10,
         np.equal: 12, np.not_equal: 13, np.less: 14, np.less_equal: 15, np.greater: 16,
         np.greater_equal: 17}
#: ``clip`` by two bounds (``kernel.clip_loop`` with both given, NumPy's float32 clip):
#: the fused loop's code 11, the bounds passed as a pair
_CLIP = 11
#: The floating-point flags ``wnp_fused`` checks (those NumPy's error state does not
#: ignore): a chunk that raised one is computed by NumPy's loop, with its warning.
FLAG_INVALID, FLAG_DIVIDE, FLAG_OVER, FLAG_UNDER = 1, 2, 4, 8


def _flag_mask() -> int:
    e = np.geterr()
    return ((FLAG_INVALID if e["invalid"] != "ignore" else 0)
            | (FLAG_DIVIDE if e["divide"] != "ignore" else 0)
            | (FLAG_OVER if e["over"] != "ignore" else 0)
            | (FLAG_UNDER if e["under"] != "ignore" else 0))


def byte_tables(dt: np.dtype) -> tuple:
    """``(values, rounding, shift, kind)`` for a one-byte float type: its 256 values as
    float32, and the table rounding a float32 into it (``narrow.pxd``'s ``wnp_from_f32``),
    both made with ml_dtypes' own casts (weaknp's ``cast``: a NaN into a type without NaN
    is +0); ``kind`` is ``KIND_BYTE_ARITH`` when the compiled core's branch-free
    arithmetic rounding gives exactly this table (``_byte_arith``; its parameters then
    follow the table) and every value's low 16 bits are zero (the values are followed by
    their top halves, for the AVX-512BW look-ups), else ``KIND_BYTE`` (tables only).

    The rounding of a float32 to a type with ``m`` mantissa bits depends on its sign,
    exponent, first ``m + 1`` mantissa bits and whether any bit below them is set: the
    table has one entry per such class, computed from one member of it.
    """
    t = _TABLES.get(dt)
    if t is None:
        import ml_dtypes   # the one-byte float types come from ml_dtypes
        m = int(ml_dtypes.finfo(dt).nmant)
        shift = 22 - m
        values = _reductions.byte_values(dt)
        idx = np.arange(1 << (32 - shift + 1), dtype=np.uint32)
        members = ((idx >> 1) << shift) | (idx & 1)
        rounding = cast(members.view(_float32), dt).view(np.uint8).copy()
        arith = _byte_arith(dt, rounding, shift, idx)
        vbits = values.view(np.uint32)
        if arith is not None and not (vbits & np.uint32(0xFFFF)).any():
            rounding = np.concatenate([rounding, arith.view(np.uint8)])
            # the values' top halves (bits 16-31: ``wnp_bytes_avx512``)
            halves = (vbits >> np.uint32(16)).astype(np.uint16)
            values = np.concatenate([values, halves.view(_float32)])
        else:
            arith = None
        t = _TABLES[dt] = (values, rounding, shift,
                           KIND_BYTE if arith is None else KIND_BYTE_ARITH)
    return t


def _kind_of(block):
    """``block``'s ``KIND_*`` when it is a 1-D C-contiguous aligned narrow float ndarray
    (what the C loops read), else -1."""
    dt = block.dtype if type(block) is _ndarray else None
    if dt is None or block.ndim != 1 or not block.flags.c_contiguous or not block.flags.aligned:
        return -1
    return _kind_of_dtype(dt)


def _kind_of_dtype(dt):
    """``dt``'s ``KIND_*``, or -1 when it is not a narrow float dtype."""
    return (KIND_F16 if dt == dtypes.float16 else KIND_BF16 if dt == dtypes.bfloat16
            else KIND_BYTE if dt in _reductions.NARROW else -1)


def _byte_arith(dt, rounding, shift, idx):
    """The parameters of ``narrow.pxd``'s arithmetic rounding into ``dt`` (``WNP_BYTEA``, a
    uint32 array), or None when that rounding, computed here the same way, differs from
    ml_dtypes' table on any class it is used for (each at its smallest and largest member:
    the result depends on the class only)."""
    import ml_dtypes
    fi = ml_dtypes.finfo(dt)
    m, sb, bias = int(fi.nmant), int(fi.nexp) + int(fi.nmant), 1 - int(fi.minexp)
    if 127 - bias <= 0 or 23 - m < 2:
        return None
    u = np.uint32
    sh, off = 23 - m, (127 - bias) << 23
    magic = np.float32(2.0 ** (23 + 1 - bias - m))
    minnorm = (127 - bias + 1) << 23
    finite = np.isfinite(_reductions.byte_values(dt)[: 1 << sb])
    qmax = int(np.flatnonzero(finite).max())
    if not finite[: qmax + 1].all():
        return None
    # lim: the largest float32 (bits, no sign) rounding to at most qmax
    lim = (qmax << sh) + (1 << (sh - 1)) - (qmax & 1) + off
    zmask = 0 if not np.isfinite(_reductions.byte_values(dt)[1 << sb]) else 0xFFFFFFFF
    params = np.array([sb, sh, off, int(magic.view(u)), minnorm, lim, zmask, 0], u)
    with np.errstate(all="ignore"):
        for low in (0, (1 << shift) - 1):
            f = ((idx >> u(1)) << u(shift)) | np.where(idx & u(1), u(low | 1), u(0))
            a = f & u(0x7FFFFFFF)
            use = a <= u(lim)
            f, a = f[use], a[use]
            an = a - u(off)
            qn = (an + u((1 << (sh - 1)) - 1) + ((an >> u(sh)) & u(1))) >> u(sh)
            qs = (a.view(_float32) + magic).view(u) - magic.view(u)
            q = np.where(a < u(minnorm), qs, qn)
            sg = (f >> u(31)) << u(sb)
            r = q | (sg if zmask else np.where(q != 0, sg, u(0)))
            if not np.array_equal(r.astype(np.uint8), rounding[use]):
                return None
    return params


def widen(block, out):
    """``out[...] = block``: a 1-D C-contiguous narrow float array into a float32 array of
    its size, with the blocks' conversion loops (``to32``'s; the one-byte types by the
    reductions' SIMD table reads, ``widen32``).  The reductions' blocks
    (``_core.narrow.widen``) use it when the core is compiled."""
    kind = _kind_of(block)
    if (kind < 0 or type(out) is not _ndarray or out.dtype != _float32
            or out.ndim != 1 or out.size != block.size or not out.flags.c_contiguous
            or not out.flags.aligned or not out.flags.writeable):
        raise TypeError(f"narrow.widen: needs a 1-D contiguous narrow float array and a "
                        f"writable float32 array of its size, not {block!r:.60} and {out!r:.60}")
    widen32(block, out, kind, byte_tables(block.dtype)[0] if kind == KIND_BYTE else None)
    return out


def _rounding(dt):
    """``(kind, rounding table, shift)``: how ``from32`` rounds float32 into the narrow
    float ``dt`` (the one-byte types: ``byte_tables``' table, or its arithmetic kind)."""
    kind = _kind_of_dtype(dt)
    if kind == KIND_BYTE:
        _, rounding, shift, kind = byte_tables(dt)
        return kind, rounding, shift
    return kind, None, 0


def round_into(block, out):
    """``out[...] = block`` rounded as weaknp's ``cast`` does: a 1-D C-contiguous float32
    array into a narrow float array of its size, with the blocks' rounding (``from32``)."""
    kind = _kind_of(out)
    if (kind < 0 or type(block) is not _ndarray or block.dtype != _float32
            or block.ndim != 1 or out.size != block.size
            or not block.flags.c_contiguous or not block.flags.aligned
            or not out.flags.writeable):
        raise TypeError(f"narrow.round_into: needs a 1-D contiguous float32 array and a "
                        f"writable narrow float array of its size, not {block!r:.60} and "
                        f"{out!r:.60}")
    kind, rounding, shift = _rounding(out.dtype)
    with np.errstate(all="ignore"):   # the pure build's casts: quiet, as ``cast``
        from32(block, block.size, out, 0, kind, rounding, shift, out.dtype.itemsize)
    return out


# -- the one-byte types' unary ops by table (issue 24: exp, log, sin, ... of float8/6/4) --

#: A one-byte type's table for a ufunc is built by a call of at least this many elements
#: (its one-time cost, today's blocks on the 256 patterns and a probe per flagged pattern,
#: is below the saving of one such call); once built, every call of ``MIN_SIZE`` elements
#: or more uses it.
B8_MIN = 65536
#: ``b8_table`` probes the patterns in groups of this many, then each of a flagged group
_B8_GROUP = 16
#: (ufunc, dtype, bool result) -> (results uint8[256], flags uint8[256], their union)
_B8: dict = {}
#: ``use_byte_tables``' switch: the tables on (the default) or off (today's blocks)
_B8_ON = [True]


def use_byte_tables(on: bool) -> bool:
    """Compute the one-byte types' one-operand ufuncs that are no fused loop (``FUSED``:
    exp, log, sin, square, ...) by their 256-entry table (``by_byte_table``, ``on``, the
    default) or by the float32 blocks (tests and benchmarks run both); returns the switch
    before."""
    before = _B8_ON[0]
    _B8_ON[0] = bool(on)
    return before


def _b8_blocks(ufunc, x, out_dt, to_bool):
    """The blocks' steps on a small flat one-byte array ``x`` (``to32``, ``ufunc`` into
    a float32 or bool buffer, ``from32``), under the caller's error state: the bits and
    floating-point flags ``blocked`` gives each of its values."""
    n = x.size
    values, rounding, shift, kind = byte_tables(x.dtype)
    buf = _empty(n, _float32)
    to32(x, 0, n, buf, kind, values, 1)
    if to_bool:
        out = _empty(n, _bool)
        ufunc(buf, out=out)
        return out
    dst = _empty(n, _float32)
    ufunc(buf, out=dst)
    out = _empty(n, out_dt)
    from32(dst, n, out, 0, kind, rounding, shift, 1)
    return out


def b8_table(ufunc, dt, to_bool=False) -> tuple:
    """``(results, flags, all)``: ``ufunc`` (one operand) of the one-byte float type ``dt``
    as the blocks compute it (``_b8_blocks``: widened, NumPy's float32 loop, rounded back;
    a bool result when ``to_bool``) on all 256 bit patterns (uint8, indexed by pattern),
    the ``FLAG_*`` bits each pattern raises (``_probed``: each group of ``_B8_GROUP``
    patterns, then each pattern of a group that raised one, alone),
    and their union."""
    x = np.arange(256, dtype=np.uint8).view(dt)
    r, flags = _probed(lambda v: _b8_blocks(ufunc, v, dt, to_bool), x, _B8_GROUP, True)
    return r.view(np.uint8), flags, int(np.bitwise_or.reduce(flags))


def by_byte_table(ufunc, x, to_bool=False):
    """``ufunc(x)`` of a C-contiguous one-byte float array (``to_bool``: a bool result) by
    ``ufunc``'s table of the blocks' results (``b8_table``): a new array, the bits the
    blocks give; None when not for the table (a fused loop's ufunc, another operand, fewer
    than ``MIN_SIZE`` elements, a table not built yet by a call this small, or a value
    whose flags NumPy's error state watches: the blocks then compute the call, with their
    warnings or error)."""
    if (not _B8_ON[0] or type(ufunc) is not _ufunc or ufunc.nin != 1 or ufunc.nout != 1
            or ufunc in FUSED or type(x) is not _ndarray or x.ndim == 0
            or x.dtype.itemsize != 1 or not x.flags.c_contiguous or x.size < MIN_SIZE
            or block_kind(x.dtype) != KIND_BYTE):   # not float8_e8m0fnu: it keeps its path
        return None
    n = x.size
    key = (ufunc, x.dtype, bool(to_bool))
    t = _B8.get(key)
    if t is None:
        if n < B8_MIN:
            return None   # not yet: a call this small does not pay for the build
        t = _B8[key] = b8_table(ufunc, x.dtype, to_bool)
    vals, flags, all_ = t
    out = _empty(x.shape, _bool if to_bool else x.dtype)
    if b8_look(x.reshape(-1), out.reshape(-1), n, vals, flags, _flag_mask() & all_) != 0:
        return None
    return out


if cython.compiled:
    _reductions.set_widen(widen)   # the reductions' blocks convert with the C loops too


def _operand(v, in_dt, shape):
    """``(flat array, None)`` for an array operand of ``shape``, ``(None, float32 0-d)``
    for a scalar one, or ``None`` when the operand is not for the blocks."""
    if type(v) is _ndarray:
        if v.dtype != in_dt:
            return None
        if v.ndim == 0:
            return None, cast(v, _float32)
        if v.shape != shape or not (v.flags.c_contiguous and v.flags.aligned):
            return None
        return v.reshape(-1), None
    t = type(v)
    if (t is float or t is int) and -2 ** 53 <= v <= 2 ** 53:
        # NumPy's rounding of a Python number into the loop's dtype, then exact in float32
        token = NP_ERRSTATE.set(NP_QUIET)
        try:
            r = np.asarray(float(v)).astype(in_dt).astype(_float32)
        finally:
            NP_ERRSTATE.reset(token)
        return None, r
    return None


def blocked(ufunc, x, y, spec, inplace=False):
    """``ufunc(x, y)`` (``ufunc(x)`` when ``y`` is ``None``) of a narrow float type computed
    through NumPy's float32 loop in blocks, or ``None`` when this call is not for the blocks
    (an operand neither C-contiguous of the result's shape nor a scalar, operands of two
    shapes, fewer than ``MIN_SIZE`` elements, a float16 result that overflowed -- the
    caller's own path then computes it, with NumPy's warning).

    ``spec`` (``entries.block_spec``): ``(in_dt, out_dt, kind, to_bool)``; the result is
    a new C-contiguous array of ``out_dt`` (bool when ``to_bool``).  The ufunc runs on each
    block with the caller's error state.  ``ufunc`` may be any callable taking the float32
    block(s) and ``out=`` (``clip``'s bounds, ``round``'s decimals: ``kernel``).

    ``inplace``: the result is written into ``x``'s own buffer, block by block (``x op= y``;
    ``x`` writable, of the result's dtype, and sharing no memory with ``y`` unless ``y``
    is ``x``: the caller checks), and ``x`` is returned.  A float16 block that overflows is
    put back and the rest computed by ``ufunc(x[s:], y[s:], out=x[s:])``, NumPy's own
    float16 loop (and its warning).
    """
    in_dt, out_dt, kind, to_bool = spec
    if kind == KIND_F16_TABLE:
        return by_table(ufunc, x) if y is None and not inplace else None
    if kind == KIND_BYTE:
        if y is None and not inplace and out_dt == (_bool if to_bool else in_dt):
            r = by_byte_table(ufunc, x, to_bool)
            if r is not None:
                return r
        values, rounding, shift, kind = byte_tables(in_dt)
    else:
        values = rounding = None
        shift = 0
        # NumPy's float16 loops flag underflow in their cast back; these blocks do not
        if kind == KIND_F16 and not to_bool and np.geterr()["under"] != "ignore":
            return None
    binary = y is not None
    shape = x.shape if type(x) is _ndarray and x.ndim else (
        y.shape if binary and type(y) is _ndarray else ())
    if not shape:
        return None
    px = _operand(x, in_dt, shape)
    if px is None:
        return None
    xf, xs = px
    xa = xf is not None
    if inplace and (not xa or to_bool or out_dt != in_dt or not x.flags.writeable):
        return None
    yf = ys = None
    ya = False
    if binary:
        py = _operand(y, in_dt, shape)
        if py is None:
            return None
        yf, ys = py
        ya = yf is not None
    n = xf.size if xa else yf.size
    if n < MIN_SIZE:
        return None
    isz = in_dt.itemsize
    out = x if inplace else _empty(shape, _bool if to_bool else out_dt)
    of = out.reshape(-1)
    osz = of.itemsize
    blk = (n * osz) // (100 * (2 if xa and ya else 1))   # 4% of the result, in float32s
    cap = BLOCK if isinstance(ufunc, _ufunc) else BLOCK_CALLABLE
    if blk > cap:
        blk = cap
    if blk < _MIN_BLOCK:
        blk = _MIN_BLOCK
    # the float32 buffers are made when a block first needs them (a fused loop that
    # computes the whole call needs none: no memory beyond the result)
    bx = xs
    by = ys if binary else None
    ready = False
    # the buffer a float result is written into: in place, float16's keeps x's block
    # (an overflowing block is put back from it)
    keep = inplace and kind == KIND_F16
    first = None
    over = 0
    fop = FUSED.get(ufunc, -1) if COMPILED and type(ufunc) is _ufunc else -1
    if fop < 0 and COMPILED and type(ufunc) is _partial and ufunc.func is clip_loop:
        lo, hi = ufunc.keywords.get("lo"), ufunc.keywords.get("hi")
        if lo is not None and hi is not None and not ufunc.args:
            fop, ys = _CLIP, (float(lo), float(hi))
    mask = _flag_mask() if fop >= 0 and not to_bool else 0
    s = 0
    while s < n:
        if fop >= 0:
            # the fused loop up to the first chunk it leaves (a flag NumPy's error state
            # watches, a float16 overflow): that block runs NumPy's loop below
            s = fused(fop, kind, xf if xa else None, yf if ya else None, xs, ys, of, s, n,
                      isz, values, rounding, shift, mask, keep)
            if s >= n:
                break
        if not ready:
            ready = True
            if xa:
                bx = _empty(blk, _float32)
            if ya:
                by = _empty(blk, _float32)
            first = _empty(blk, _float32) if keep else bx if xa else by
        k = n - s
        if k > blk:
            k = blk
        if xa:
            to32(xf, s, k, bx, kind, values, isz)
        if ya:
            to32(yf, s, k, by, kind, values, isz)
        if k == blk:
            ax, ay, dst = bx, by, first
        else:
            ax = bx[:k] if xa else bx
            ay = (by[:k] if ya else by) if binary else None
            dst = first[:k]
        if to_bool:
            dst = of[s:s + k]
        if binary:
            ufunc(ax, ay, out=dst)
        else:
            ufunc(ax, out=dst)
        if not to_bool:
            over = from32(first, k, of, s, kind, rounding, shift, osz)
            if over:
                if not keep:
                    return None
                from32(bx, k, of, s, kind, rounding, shift, osz)   # x's block, exact
                rest = of[s:]
                if binary:
                    ufunc(rest, yf[s:] if ya else y, out=rest)
                else:
                    ufunc(rest, out=rest)
                return out
        s += k
    return out


# -- reductions (issue 24): NumPy's float32 summation order over the narrow input, in C --

if not cython.compiled:
    def fold32(mul, flat, kind, table, isz, how, value, chunk):
        """The pure build's twin of the C loop (narrow.pxd's ``wnp_fold``): the NumPy
        blocks of ``_core.narrow.fold`` (the same bits)."""
        r, nans = _reductions.fold(np.multiply if mul else np.add, flat, chunk > 0, how,
                                   np.float32(value))
        return r, nans, 0

    def byte_simd(level: int) -> int:
        """The pure build reads the one-byte tables with NumPy: level 0."""
        return 0

    def widen32(block, out, kind, table):
        """The pure build's twin of ``wnp_widen``: NumPy's cast (``to32``)."""
        return to32(block, 0, block.size, out, kind, table, block.dtype.itemsize)

    def axis32(mul, src, p, r, q, kind, table, isz, how, value, vals, chunk, out):
        """The pure build's twin of narrow.pxd's ``wnp_axis``: the NumPy slabs of
        ``_core.narrow.prq_fold`` (the same bits)."""
        out.reshape(p, q)[...] = _reductions.prq_fold(
            np.multiply if mul else np.add, src.reshape(p, r, q), chunk > 0, how,
            vals.reshape(p, q) if vals is not None else np.float32(value))
        return 0

    def count32(src, p, r, q, isz, am, lo, span, out):
        """The pure build's twin of narrow.pxd's ``wnp_axis_count``: the same bit test
        with NumPy."""
        bits = src.reshape(p, r, q).view(np.uint8 if isz == 1 else np.uint16)
        nan = ((bits & am) - np.array(lo, bits.dtype)) <= span
        out.reshape(p, q)[...] = r - np.sum(nan, axis=1, dtype=np.intp)
        return 0
else:
    def byte_simd(level: int) -> int:
        """Read the one-byte types' tables in ``fold`` with at most ``level`` (0: C, 1: AVX2
        gathers, 2: AVX-512BW permutes) of what the CPU has (tests run each); returns the
        level used now."""
        return int(wnp_set_byte_simd(level))


def fold(ufunc, flat, buffered, how=_reductions.FOLD_PLAIN, value=0.0):
    """``_core.narrow.fold`` (the same arguments, result and bits) with C loops: NumPy's
    float32 pairwise sum (``buffered``: one per ``np.getbufsize()`` chunk, added in turn)
    or product in turn, each 128 values widened on the fly (``to32``'s conversions) --
    no float32 buffer, no NumPy call per block.  ``None`` when the loop raised a
    floating-point flag that the caller's error state does not ignore (an overflow,
    inf - inf ...): the caller's NumPy blocks then compute it, with NumPy's warnings.  The
    compiled core registers it with ``_core.narrow`` (``set_fold``)."""
    kind = _kind_of(flat)
    if kind < 0 or (ufunc is not np.add and ufunc is not np.multiply) or not (
            how == _reductions.FOLD_PLAIN or how == _reductions.FOLD_NAN
            or how == _reductions.FOLD_DEV or how == _reductions.FOLD_NANDEV
            or (how == _reductions.FOLD_NANDEV16 and ufunc is np.add)):
        raise TypeError(f"narrow.fold: needs np.add or np.multiply, a 1-D contiguous narrow "
                        f"float array and a FOLD_* transform, not {ufunc!r:.40}, "
                        f"{flat!r:.60} and {how!r:.20}")
    dt = flat.dtype
    mul = ufunc is np.multiply
    chunk = np.getbufsize() if buffered and not mul else 0
    r, nans, flags = fold32(mul, flat, kind, byte_tables(dt)[0] if kind == KIND_BYTE else None,
                            dt.itemsize, how, float(value), chunk)
    if _flagged(flags):
        return None
    return np.float32(r), nans


#: fold32's flag bits and np.geterr()'s names for them.
_FLAGS = ((1, "invalid"), (2, "over"), (4, "divide"), (8, "under"))


def _flagged(flags):
    """Whether the loop raised a floating-point flag the caller's error state watches."""
    if flags:
        err = np.geterr()
        for bit, name in _FLAGS:
            if flags & bit and err[name] != "ignore":
                return True
    return False


#: The transforms taking a mean (``fold_axis``: one per output); the nan ones add only.
_DEVIATIONS = (_reductions.FOLD_DEV, _reductions.FOLD_NANDEV, _reductions.FOLD_NANDEV16)


def fold_axis(ufunc, src, p, r, q, buffered, how=_reductions.FOLD_PLAIN, value=0.0):
    """``_core.narrow.prq_fold`` of ``src`` (a C-contiguous narrow float array of ``p * r
    * q`` values seen as ``(p, r, q)``; the same arguments, result and bits) in one pass in
    C: each output's run of ``r`` values folded as ``fold`` does when ``q == 1``, else the
    rows added (multiplied) in turn into the ``q`` running values, a block of rows or
    columns widened at a time on the stack -- no float32 slab, no NumPy call.  ``value``:
    ``FOLD_DEV``'s ``(p, q)`` float32 array of means, else a number.  ``None`` when the
    loop raised a floating-point flag the caller's error state watches (its NumPy slabs
    then compute it, with NumPy's warnings).  The compiled core registers it with
    ``_core.narrow`` (``set_axis_fold``)."""
    dt = src.dtype if type(src) is _ndarray else None
    kind = _kind_of_dtype(dt) if dt is not None else -1
    dev = how in _DEVIATIONS
    vals = value if dev else None
    if (kind < 0 or (ufunc is not np.add and ufunc is not np.multiply)
            or how not in (_reductions.FOLD_PLAIN, _reductions.FOLD_NAN) + _DEVIATIONS
            or (how in _DEVIATIONS[1:] and ufunc is not np.add)
            or not src.flags.c_contiguous or not src.flags.aligned
            or type(p) is not int or type(r) is not int or type(q) is not int
            or p < 1 or r < 1 or q < 1 or p * r * q != src.size
            or (dev and (type(vals) is not _ndarray or vals.dtype != _float32
                         or vals.size != p * q or not vals.flags.c_contiguous
                         or not vals.flags.aligned))):
        raise TypeError(f"narrow.fold_axis: needs np.add or np.multiply, a C-contiguous "
                        f"narrow float array of p*r*q values and a FOLD_* transform (a "
                        f"float32 array of p*q means for FOLD_DEV), not {ufunc!r:.40}, "
                        f"{src!r:.60}, {(p, r, q)!r:.40} and {how!r:.20}")
    out = _empty(p * q, _float32)
    chunk = np.getbufsize() if buffered and ufunc is np.add and p == 1 and q == 1 else 0
    flags = axis32(ufunc is np.multiply, src, p, r, q, kind,
                   byte_tables(dt)[0] if kind == KIND_BYTE else None, dt.itemsize, how,
                   0.0 if dev else float(value), vals, chunk, out)
    return None if _flagged(flags) else out.reshape(p, q)


#: dtype -> (mask, low, span) of its NaN bit patterns (``count_axis``), or None: no NaN.
_NAN_RUNS = {}


def _nan_run(dt):
    """``dt``'s NaNs as one run of its bits ``x``: ``(x & mask) - low <= span`` (unsigned,
    the item's width), from the type's own ``isnan`` of every value (one-byte types) or
    IEEE's layout (float16, bfloat16); None when it has no NaN."""
    run = _NAN_RUNS.get(dt, False)
    if run is not False:
        return run
    if dt.itemsize == 2:
        top = 0x7c00 if dt == dtypes.float16 else 0x7f80   # the exponent's all-ones
        run = (0x7fff, top + 1, 0x7fff - top - 1)
    else:
        nan = np.flatnonzero(np.isnan(_reductions.byte_values(dt)))
        run = None
        for mask in (0x7f, 0xff) if nan.size else ():
            low, high = int((nan & mask).min()), int((nan & mask).max())
            got = np.flatnonzero(((np.arange(256) & mask) - low) % 256 <= high - low)
            if got.size == nan.size and (got == nan).all():
                run = (mask, low, high - low)
                break
        if nan.size and run is None:   # not reached for ml_dtypes' types
            raise TypeError(f"narrow.count_axis: {dt}'s NaNs are not one run of its bits")
    _NAN_RUNS[dt] = run
    return run


def count_axis(src, p, r, q):
    """The values of ``src`` (``fold_axis``'s C-contiguous narrow float array seen as
    ``(p, r, q)``) that are not NaN, per output: a new ``(p, q)`` intp array, as NumPy's nan
    functions' ``sum(~isnan(a), axis=1, dtype=intp)``, in one pass over the narrow bits
    (no float32 values, no mask array).  The compiled core registers it with
    ``_core.narrow`` (``set_axis_count``)."""
    dt = src.dtype if type(src) is _ndarray else None
    if (dt is None or _kind_of_dtype(dt) < 0 or not src.flags.c_contiguous
            or not src.flags.aligned
            or type(p) is not int or type(r) is not int or type(q) is not int
            or p < 1 or r < 1 or q < 1 or p * r * q != src.size or r >= 1 << 31):
        raise TypeError(f"narrow.count_axis: needs a C-contiguous narrow float array of "
                        f"p*r*q values, r < 2**31, not {src!r:.60} and {(p, r, q)!r:.40}")
    run = _nan_run(dt)
    if run is None:
        return np.full((p, q), r, np.intp)
    out = _empty(p * q, np.intp)
    count32(src, p, r, q, dt.itemsize, run[0], run[1], run[2], out)
    return out.reshape(p, q)


def narrowed(src, dt):
    """``src`` (a C-contiguous float32 array) rounded to the narrow float ``dt`` as a new
    array of its shape, with the blocks' conversion loops (``from32``: the bits of weaknp's
    ``cast``), or None when a finite float16 value overflowed (the caller's ``cast`` then
    rounds it, with NumPy's warning).  Products computed in float32 (``outer``) round
    back through it when the core is compiled."""
    kind = _kind_of_dtype(dt) if isinstance(dt, np.dtype) else -1
    if (kind < 0 or type(src) is not _ndarray or src.dtype != _float32
            or not src.flags.c_contiguous or not src.flags.aligned):
        raise TypeError(f"narrow.narrowed: needs a C-contiguous float32 array and a narrow "
                        f"float dtype, not {src!r:.60} and {dt!r:.40}")
    out = _empty(src.shape, dt)
    kind, rounding, shift = _rounding(dt)
    if from32(src.reshape(-1), src.size, out.reshape(-1), 0, kind, rounding, shift,
              dt.itemsize):
        return None
    return out


if cython.compiled:
    _reductions.set_narrowed(narrowed)   # float32 products round back with the C loops
    _reductions.set_fold(fold)   # the reductions run NumPy's order in C over the narrow input
    _reductions.set_axis_fold(fold_axis)   # ... and over an axis, in one pass
    _reductions.set_axis_count(count_axis)   # the nan functions' counts, from the bits


# -- products (issue 24): einsum's float32 sum of products over the narrow input, in C --

#: einsum's 1-D sum of products goes in chunks of NumPy's NPY_BUFSIZE (a constant, not
#: ``np.getbufsize()``): each chunk summed afresh, added to the output in turn.
EINSUM_CHUNK = 8192

if not cython.compiled:
    def sop32(a, b, astep, bstep, rows, n, kind, table, out):
        """The pure build's twin of ``wnp_sop_rows`` (narrow.pxd): the same float32
        operations in the same order, by NumPy's elementwise loops over the rows."""
        f = np.float32
        wa = cast(a.reshape(-1)[:(rows - 1) * astep + n], f)
        wb = cast(b.reshape(-1)[:(rows - 1) * bstep + n], f)
        wa = np.lib.stride_tricks.as_strided(wa, (rows, n), (astep * 4, 4))
        wb = np.lib.stride_tricks.as_strided(wb, (rows, n), (bstep * 4, 4))
        acc = np.zeros((rows, 4), f)
        g = n - n % 16
        for i in range(0, g, 16):
            ab = wa[:, i + 12:i + 16] * wb[:, i + 12:i + 16] + acc
            ab = wa[:, i + 8:i + 12] * wb[:, i + 8:i + 12] + ab
            ab = wa[:, i + 4:i + 8] * wb[:, i + 4:i + 8] + ab
            acc = wa[:, i:i + 4] * wb[:, i:i + 4] + ab
        for i in range(g, n, 4):
            ab = np.zeros((rows, 4), f)
            k = min(4, n - i)
            ab[:, :k] = wa[:, i:i + k] * wb[:, i:i + k]
            acc = ab + acc
        out[:rows] = f(0) + ((acc[:, 0] + acc[:, 1]) + (acc[:, 2] + acc[:, 3]))
        return 0


def _sop(a, b, astep, bstep, rows, n):
    """``sop32`` into a new float32 array of ``rows`` values: row ``r`` sums the ``n``
    products of ``a``'s values from ``r * astep`` and ``b``'s from ``r * bstep`` (a step
    0: one row for all); a TypeError/ValueError when the rows do not lie inside ``a`` and
    ``b`` (C-contiguous, aligned, of one narrow float dtype)."""
    kind = -1
    if type(a) is _ndarray and type(b) is _ndarray and a.dtype == b.dtype:
        if (a.flags.c_contiguous and a.flags.aligned and b.flags.c_contiguous
                and b.flags.aligned):
            kind = _kind_of_dtype(a.dtype)
    if kind < 0:
        raise TypeError(f"narrow._sop: needs two C-contiguous arrays of one narrow float "
                        f"dtype, not {a!r:.60} and {b!r:.60}")
    astep, bstep, rows, n = (operator.index(v) for v in (astep, bstep, rows, n))
    if min(astep, bstep, rows, n) < 0 or (rows and (
            (rows - 1) * astep + n > a.size or (rows - 1) * bstep + n > b.size)):
        raise ValueError(f"narrow._sop: {rows} rows of {n} values (steps {astep}, {bstep}) "
                         f"do not lie inside arrays of {a.size} and {b.size} values")
    out = _empty(rows, _float32)
    with np.errstate(all="ignore"):   # the pure twin's loops; einsum raises no warning
        sop32(a, b, astep, bstep, rows, n, kind,
              byte_tables(a.dtype)[0] if kind == KIND_BYTE else None, out)
    return out


def _one(a, b, n):
    """einsum's 1-D sum of products of ``a`` and ``b`` (C-contiguous, ``n`` values each):
    one per ``EINSUM_CHUNK``, added in turn to 0."""
    full = n // EINSUM_CHUNK
    parts = [_sop(a, b, EINSUM_CHUNK, EINSUM_CHUNK, full, EINSUM_CHUNK)] if full else []
    if n % EINSUM_CHUNK:
        lo = full * EINSUM_CHUNK
        parts.append(_sop(a.reshape(-1)[lo:], b.reshape(-1)[lo:], 0, 0, 1, n - lo))
    return np.add.accumulate(np.concatenate([np.zeros(1, _float32)] + parts))[-1:]


#: Whether ``sop32`` sums in this NumPy's einsum order (``einsum_order``); None: unchecked.
_EINSUM_ORDER = None


def einsum_order():
    """Whether ``sop32`` gives the bits of this NumPy's ``einsum("...i,...i->...")`` of
    float32 operands: checked once on a few rows (lengths around the 16-value groups, the
    tail and the 1-D chunks) whose sums almost surely round differently in any other
    order (another lane count, fused multiply-adds: an ARM or an AVX-512 build)."""
    global _EINSUM_ORDER
    if _EINSUM_ORDER is None:
        import ml_dtypes
        v = (np.sin(np.arange(3 * 20011, dtype=np.float64) * 0.7) * 3.0).astype(
            ml_dtypes.bfloat16)
        w = v[::-1].copy()
        ok = True
        for n in (1, 5, 16, 37, 1000):
            a, b = v[:4 * n].reshape(4, n), w[:4 * n].reshape(4, n)
            ok = ok and _sop(a, b, n, n, 4, n).tobytes() == np.einsum(
                "...i,...i->...", cast(a, _float32), cast(b, _float32)).tobytes()
        n = 20011
        ok = ok and _one(v[:n], w[:n], n).tobytes() == np.einsum(
            "i,i->", cast(v[:n], _float32), cast(w[:n], _float32)).reshape(1).tobytes()
        _EINSUM_ORDER = ok
    return _EINSUM_ORDER


def vecdot(a, b):
    """``np.einsum("...i,...i->...", a32, b32)`` for ``a``, ``b`` of one narrow float dtype
    (``a32``: ``a`` widened to float32) -- its float32 result and bits -- summed over the
    narrow input a tile at a time (``sop32``: no float32 copies), or None where einsum
    itself runs: an operand not C-contiguous, batch axes broadcast other than whole (one
    row for all), an empty result, a 1-D sum giving NaN, or a NumPy summing in another
    order (``einsum_order``).  A row giving NaN is summed again by einsum (its payload)."""
    if type(a) is not _ndarray or type(b) is not _ndarray or a.ndim == 0 or b.ndim == 0:
        return None
    dt = a.dtype
    n = a.shape[-1]
    if (_kind_of_dtype(dt) < 0 or b.dtype != dt or n == 0 or b.shape[-1] != n
            or not (a.flags.c_contiguous and a.flags.aligned and b.flags.c_contiguous
                    and b.flags.aligned)):
        return None
    try:
        shape = np.broadcast_shapes(a.shape[:-1], b.shape[:-1])
    except ValueError:
        return None
    m = 1
    for s in shape:
        m *= s
    ma, mb = a.size // n, b.size // n
    if m == 0 or ma not in (1, m) or mb not in (1, m) or not einsum_order():
        return None
    if m == 1:
        r = _one(a, b, n)
        return None if np.isnan(r[0]) else r.reshape(shape)
    r = _sop(a, b, n if ma == m else 0, n if mb == m else 0, m, n)
    nan = np.flatnonzero(np.isnan(r))
    if nan.size:
        # einsum's (2-D: one call a row) over the rows giving NaN, two at least
        rows = np.concatenate([nan, nan[:1]]) if nan.size == 1 else nan
        wa = cast(a.reshape(ma, n)[rows if ma == m else np.zeros(1, np.intp)], _float32)
        wb = cast(b.reshape(mb, n)[rows if mb == m else np.zeros(1, np.intp)], _float32)
        r[nan] = np.einsum("...i,...i->...", wa, wb)[:nan.size]
    return r.reshape(shape)


if not cython.compiled:
    def outer32(a, b, kind, rkind, values, rounding, shift, mask, out):
        """The pure build has no fused loops: no row is written here."""
        return 0


def outer(a, b, dt):
    """``np.outer`` of the 1-D C-contiguous narrow arrays ``a``, ``b`` (of ``dt``) in
    float32 rounded back to ``dt``, each row by the fused multiply of the elementwise
    loops (``wnp_fused``, ``a[i]`` its scalar operand: the bits of NumPy's float32
    multiply and of ``cast``), as a new array; None when a row raised a floating-point
    flag NumPy's error state watches or overflowed float16 (or in the pure build): the
    caller's NumPy blocks then compute it, with NumPy's warnings."""
    kind = _kind_of(a)
    if kind < 0 or _kind_of(b) != kind or b.dtype != a.dtype or a.dtype != dt:
        raise TypeError(f"narrow.outer: needs two 1-D contiguous arrays of one narrow float "
                        f"dtype, not {a!r:.60} and {b!r:.60}")
    out = _empty((a.size, b.size), dt)
    if kind == KIND_BYTE:
        values, rounding, shift, rkind = byte_tables(dt)
    else:
        values = rounding = None
        shift = 0
        rkind = kind
    done = outer32(a, b, kind, rkind, values, rounding, shift, _flag_mask(), out)
    return out if done == a.size else None


if cython.compiled:
    _reductions.set_outer(outer)   # outer's rows multiplied and rounded in one C pass
    _reductions.set_vecdot(vecdot)   # vecdot sums over the narrow input in einsum's order


# -- searchsorted into a narrow float array (issue 24) --

if not cython.compiled:
    def search32(a, sorter, keys, out, kind, table, right):
        """The pure build's twin of the C search (narrow.pxd's ``wnp_search``): NumPy's
        float32 search of the widened array (the same comparisons, the same indices),
        through ``sorter`` when not None; -1 where NumPy refuses the sorter's indices (the
        caller lets NumPy raise that error)."""
        try:
            out[...] = np.searchsorted(_reductions.widened(a), keys,
                                       side="right" if right else "left", sorter=sorter)
        except ValueError:
            return -1
        return 0


def searchsorted(a, keys, side, sorter=None):
    """``np.searchsorted(a.astype(float32), keys, side)`` (an intp array of ``keys``' shape)
    for a 1-D narrow float array ``a`` and float32 ``keys``: NumPy's binary search step for
    step (the same indices, sorted ``a`` or not), reading only the probed elements of ``a``,
    each widened on its own, where the float32 copy of ``a`` costs more than the search
    (1000 keys into 1e6 bfloat16: the copy 0.1-0.3 ms, the search ~0.05).  With ``sorter``
    (1-D intp, ``a``'s length): ``np.searchsorted(..., sorter=sorter)``, NumPy's search
    through the sorter step for step; None at a sorter index NumPy refuses."""
    kind = _kind_of_dtype(a.dtype) if type(a) is _ndarray else -1
    if (kind < 0 or a.ndim != 1 or type(keys) is not _ndarray or keys.dtype != _float32
            or side not in ("left", "right")):
        raise TypeError(f"narrow.searchsorted: needs a 1-D narrow float array, float32 keys "
                        f"and 'left' or 'right', not {a!r:.60}, {keys!r:.60} and {side!r:.20}")
    if not (keys.flags.c_contiguous and keys.flags.aligned):
        keys = keys.copy()   # (np.ascontiguousarray would make a 0-d array 1-d)
    if sorter is not None and (type(sorter) is not _ndarray or sorter.dtype != np.intp
                               or sorter.ndim != 1 or sorter.shape[0] != a.shape[0]
                               or not sorter.flags.aligned):
        raise TypeError(f"narrow.searchsorted: the sorter must be a 1-D aligned intp array "
                        f"of a's length, not {sorter!r:.60}")
    out = _empty(keys.shape, np.intp)
    # with a sorter, NumPy's argbinsearch step for step (the probed a[sorter[mid]] widened
    # on their own); None at a sorter index out of range (the caller lets NumPy raise)
    r = search32(a, sorter, keys, out, kind,
                 byte_tables(a.dtype)[0] if kind == KIND_BYTE else None, side == "right")
    return out if r == 0 else None
