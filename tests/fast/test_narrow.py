"""Narrow floats computed through float32 in blocks (``_fast.narrow``), bit for bit.

Results of at least ``MIN_SIZE`` elements of float16, bfloat16 and the 8/6/4-bit types run
NumPy's float32 loop in blocks.  The oracles are NumPy's and ml_dtypes' own code: NumPy's
float16 loops (bit for bit, NaN payloads included), ml_dtypes' own loops (NaN matches any
NaN: ``same_bits``), and the path the blocks replace for the ml_dtypes types -- NumPy's
float32 loop on the whole array, rounded back by ml_dtypes' cast (bit for bit).  Unary
ops run over every bit pattern of each type, binary ones over every pair of the 8-bit
types and ~1e6 random plus special pairs of the 16-bit ones.  The compiled build runs its
float16 conversions both with F16C (where the CPU has it) and with the portable loop.
"""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from support import same_bits

import weaknp as wnp
from weaknp._core import dtypes
from weaknp._fast import narrow

F16 = np.dtype(np.float16)
BF16 = np.dtype(ml_dtypes.bfloat16)
BYTE_TYPES = [d for d in sorted(dtypes.ML_DTYPES, key=str)
              if d in dtypes.REAL_FLOAT and d.itemsize == 1 and d.name != "float8_e8m0fnu"]
ML_FLOATS = [BF16] + BYTE_TYPES
MIN = narrow.MIN_SIZE


@pytest.fixture(params=["f16c", "portable"] if narrow.COMPILED else ["numpy"])
def conversions(request):
    """The compiled build's float16 conversions with and without F16C."""
    if request.param == "numpy":
        yield request.param
        return
    narrow.use_f16c(request.param == "f16c")
    try:
        yield request.param
    finally:
        narrow.use_f16c(True)


def _patterns(dt: np.dtype) -> np.ndarray:
    """Every bit pattern of ``dt`` (the used bits of the 4- and 6-bit types), repeated to at
    least ``MIN`` elements."""
    if dt.itemsize == 2:
        return np.arange(1 << 16, dtype=np.uint16).view(dt)
    bits = {"float4_e2m1fn": 4, "float6_e2m3fn": 6, "float6_e3m2fn": 6}.get(dt.name, 8)
    p = np.arange(1 << bits, dtype=np.uint8)
    return np.tile(p, -(-MIN // p.size)).view(dt)


def _pairs(dt: np.dtype, seed: int = 0):
    """Every pair of an 8-bit type's values, or ~1e6 random pairs of a 16-bit type's bit
    patterns plus every pair of its special values (zeros, infinities, NaNs, subnormals,
    the largest finite values)."""
    if dt.itemsize == 1:
        p = _patterns(dt)[: (1 << 4 if dt.name == "float4_e2m1fn" else 1 << 6
                             if dt.name.startswith("float6") else 1 << 8)]
        a, b = np.meshgrid(p.view(np.uint8), p.view(np.uint8))
        a, b = a.ravel(), b.ravel()
        reps = -(-MIN // a.size)
        return np.tile(a, reps).view(dt), np.tile(b, reps).view(dt)
    rng = np.random.default_rng(seed)
    special = np.array([0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff,
                        0x7c00, 0xfc00, 0x7c01, 0x7e00, 0xfe01, 0x7f7f, 0x7f80, 0xff80,
                        0x7fc0, 0x7f81, 0x3c00, 0x3c01, 0x0080, 0x007f], np.uint16)
    sa, sb = np.meshgrid(special, special)
    a = np.concatenate([sa.ravel(), rng.integers(0, 1 << 16, 1_000_000, dtype=np.uint16)])
    b = np.concatenate([sb.ravel(), rng.integers(0, 1 << 16, 1_000_000, dtype=np.uint16)])
    return a.view(dt), b.view(dt)


def _float32_path(ufunc, dt, *args):
    """The path the blocks replace for the ml_dtypes types: NumPy's float32 loop on the
    whole arrays, rounded back by ml_dtypes' cast (NaN into a type without NaN: +0)."""
    r = ufunc(*[x.astype(np.float32) for x in args])
    if r.dtype == np.bool_:
        return r
    out = r.astype(dt)
    if dt in dtypes.NAN_LESS:
        out[np.isnan(r)] = 0
    return out


def _strict(got, want, operands=None) -> None:
    """Bit for bit, NaN payloads included.  ``operands``: the two operands of a binary op;
    where both are NaN, any NaN is right (IEEE 754 leaves open whose payload the result
    carries, and NumPy's own float32 loops differ: its SIMD loops give the first operand's,
    its baseline loop the second's for ``add``/``multiply``; weaknp's fused loops the first,
    on every CPU -- decision 82)."""
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype and g.shape == w.shape
    u = f"u{g.dtype.itemsize}"
    differ = g.view(u) != w.view(u)
    if operands is not None:
        both = np.isnan(np.asarray(operands[0], np.float32)) & np.isnan(
            np.asarray(operands[1], np.float32))
        differ &= ~(np.broadcast_to(both, g.shape) & np.isnan(g.astype(np.float32))
                    & np.isnan(w.astype(np.float32)))
    bad = np.flatnonzero(differ)
    assert not bad.size, f"{bad.size} differ, first at {bad[:5]}: {g[bad[:5]]} vs {w[bad[:5]]}"


UNARY_ML = ["sqrt", "negative", "abs", "exp", "log", "sin", "floor", "ceil", "round",
            "square", "tanh", "sign"]
BINARY = ["add", "subtract", "multiply", "divide", "equal", "not_equal", "less",
          "less_equal", "greater", "greater_equal", "maximum", "minimum", "pow",
          "atan2", "copysign", "floor_divide", "remainder"]


# ---------------------------------------------------------------------------------------
# float16: NumPy's own float16 loops, bit for bit (NaN payloads included).

@pytest.mark.parametrize("op", ["sqrt", "round", "floor", "ceil", "trunc"])
def test_float16_unary_every_value(op, conversions):
    x = _patterns(F16)
    with np.errstate(all="ignore"):
        _strict(getattr(wnp, op)(wnp.asarray(x)), getattr(np, op)(x))


@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide", "equal",
                                "not_equal", "less", "less_equal", "greater",
                                "greater_equal"])
def test_float16_binary_pairs(op, conversions):
    a, b = _pairs(F16)
    ufunc = getattr(np, op)
    with np.errstate(all="ignore"):
        _strict(getattr(wnp, op)(wnp.asarray(a), wnp.asarray(b)), ufunc(a, b))


@pytest.mark.parametrize("v", [2, 0.1, -3.5, 65504.0, 1e-7])
def test_float16_python_scalar(v, conversions):
    a = _pairs(F16)[0]
    with np.errstate(all="ignore"):
        for op in ("add", "multiply", "less", "divide"):
            ufunc, f = getattr(np, op), getattr(wnp, op)
            if abs(v) > 65504:
                continue   # beyond float16's range: an error, or compared as the number
            _strict(f(wnp.asarray(a), v), ufunc(a, np.asarray(v).astype(F16)))
            _strict(f(v, wnp.asarray(a)), ufunc(np.asarray(v).astype(F16), a))


def test_float16_overflow_warns_as_numpy():
    a = np.full(MIN * 2, 60000.0, F16)
    b = np.full(MIN * 2, 2.0, F16)
    b[-1] = 1.0   # only some elements overflow
    with pytest.warns(RuntimeWarning, match="overflow encountered in multiply"):
        got = wnp.asarray(a) * wnp.asarray(b)
    with np.errstate(over="ignore"):
        _strict(got, a * b)
    with np.errstate(over="raise"), pytest.raises(FloatingPointError):
        wnp.asarray(a) + wnp.asarray(a)


def test_float16_underflow_follows_errstate():
    a = np.full(MIN * 2, 1e-4, F16)
    with np.errstate(under="raise"), pytest.raises(FloatingPointError):
        np.multiply(a, a)
    with np.errstate(under="raise"), pytest.raises(FloatingPointError):
        wnp.asarray(a) * wnp.asarray(a)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _strict(wnp.asarray(a) * wnp.asarray(a), np.multiply(a, a))


# ---------------------------------------------------------------------------------------
# bfloat16 and the 8/6/4-bit types: the float32 path they replace (bit for bit) and
# ml_dtypes' own loops (NaN matches any NaN).

@pytest.mark.parametrize("dt", ML_FLOATS, ids=str)
@pytest.mark.parametrize("op", UNARY_ML)
def test_ml_unary_every_value(dt, op):
    x = _patterns(dt)
    ufunc = getattr(np, op)
    with np.errstate(all="ignore"):
        got = getattr(wnp, op)(wnp.asarray(x))
        _strict(got, _float32_path(ufunc, dt, x))
        if op in ("sqrt", "negative", "abs", "floor", "ceil", "square"):
            assert same_bits(np.asarray(got), ufunc(x)).all()


@pytest.mark.parametrize("dt", ML_FLOATS, ids=str)
@pytest.mark.parametrize("op", BINARY)
def test_ml_binary_pairs(dt, op):
    a, b = _pairs(dt, 1)
    if dt == BF16:
        a, b = a[:300_000], b[:300_000]
    ufunc = getattr(np, {"pow": "power", "atan2": "arctan2"}.get(op, op))
    with np.errstate(all="ignore"):
        got = getattr(wnp, op)(wnp.asarray(a), wnp.asarray(b))
        want = _float32_path(ufunc, dt, a, b)
        if op == "floor_divide":   # weaknp's fix where one operand is infinite (decision 18)
            assert same_bits(np.asarray(got), want)[~(np.isinf(a) ^ np.isinf(b))].all()
            return
        _strict(got, want, (a, b))
        if op in ("add", "subtract", "multiply", "divide", "equal", "not_equal", "less",
                  "less_equal", "greater", "greater_equal"):
            assert same_bits(np.asarray(got), ufunc(a, b)).all()


@pytest.mark.parametrize("dt", ML_FLOATS, ids=str)
@pytest.mark.parametrize("v", [2, -1, 0.5, 1.75])
def test_ml_python_scalar(dt, v):
    a = _pairs(dt, 2)[0]
    with np.errstate(all="ignore"):
        s = np.asarray(float(v)).astype(dt)
        for op in ("add", "multiply", "less", "divide"):
            ufunc, f = getattr(np, op), getattr(wnp, op)
            _strict(f(wnp.asarray(a), v), _float32_path(ufunc, dt, a, s))
            _strict(f(v, wnp.asarray(a)), _float32_path(ufunc, dt, s, a))


# ---------------------------------------------------------------------------------------
# Forms the blocks do not take, and forms they do: the same values either way.

@pytest.mark.parametrize("dt", [F16, BF16, np.dtype(ml_dtypes.float8_e4m3fn)], ids=str)
def test_layouts_and_keywords(dt):
    rng = np.random.default_rng(3)
    base = rng.standard_normal((300, 200))
    a, b = base.astype(dt), (base[::-1] * 3).astype(dt)
    wa, wb = wnp.asarray(a), wnp.asarray(b)
    with np.errstate(all="ignore"):
        want = _float32_path(np.add, dt, a, b) if dt != F16 else a + b
        _strict(wa + wb, want)
        _strict(wnp.asarray(a.T) + wnp.asarray(b.T), want.T)           # F-contiguous
        _strict(wnp.asarray(a[:, ::2]) + wnp.asarray(b[:, ::2]), want[:, ::2])
        _strict(wa + wnp.asarray(b[:1]), _float32_path(np.add, dt, a, b[:1])
                if dt != F16 else a + b[:1])                              # broadcast row
        _strict(wa + wnp.asarray(b[0, 0]), _float32_path(np.add, dt, a, b[0, 0])
                if dt != F16 else a + b[0, 0])                            # 0-d operand
        out = wnp.zeros((300, 200), dtype=dt)
        r = wnp.add(wa, wb, out=out)
        assert r is out
        _strict(out, want)
        mask = base > 0
        out2 = wnp.zeros((300, 200), dtype=dt)
        wnp.add(wa, wb, out=out2, where=wnp.asarray(mask))
        _strict(out2, np.where(mask, want, np.zeros((), dt)))
        _strict(wnp.asarray(a[:0]) + wnp.asarray(b[:0]), a[:0] + b[:0])  # empty
        assert (wa < wb).dtype == np.bool_


def test_blocks_run_and_free_memory():
    """The blocks take large C-contiguous operands and leave the others; their result needs
    no full-size float32 temporary (peak traced memory ~ the output's)."""
    import tracemalloc
    n = 1_000_000
    a = np.linspace(0.5, 2, n).astype(BF16)
    spec = (BF16, BF16, narrow.KIND_BF16, False)
    assert narrow.blocked(np.add, a, a, spec) is not None
    assert narrow.blocked(np.add, a[::2], a[::2], spec) is None      # strided: not taken
    assert narrow.blocked(np.add, a[:100], a[:100], spec) is None    # small: not taken
    wa = wnp.asarray(a)
    wa + wa
    tracemalloc.start()
    wa + wa
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak <= 1.1 * a.nbytes


# ---------------------------------------------------------------------------------------
# clip, round(x, decimals) and the in-place operators: the blocks' callables and the
# writes straight into x's buffer.

ALL_NARROW = [F16] + ML_FLOATS
_CLIP_BOUNDS = [(0.1, 0.9), (-0.0, 0.0), (0.0, 0.0), (0.0, -0.0), (0.9, 0.1), (-2.0, None),
                (None, 3.5), (float("nan"), 1.0), (-1.0, float("nan"))]


def _clip_oracle(x, lo, hi):
    """NumPy's own clip (one bound: maximum/minimum) in float16's own loop, or on the
    ml_dtypes types the float32 path they compute in (decision 78)."""
    dt = x.dtype
    lo = None if lo is None else np.asarray(lo).astype(dt)
    hi = None if hi is None else np.asarray(hi).astype(dt)

    def numpy_clip(v, lo=lo, hi=hi):
        if dt != F16:
            lo, hi = (None if b is None else b.astype(np.float32) for b in (lo, hi))
        if lo is not None and hi is not None:
            return np.clip(v, lo, hi)
        return np.maximum(v, lo) if lo is not None else np.minimum(v, hi)
    return numpy_clip(x) if dt == F16 else _float32_path(numpy_clip, dt, x)


@pytest.mark.parametrize("dt", ALL_NARROW, ids=str)
def test_clip_every_value(dt, conversions):
    x = _patterns(dt)
    if dt == F16:
        x = np.concatenate([x, x[::-1]])
    wx = wnp.asarray(x)
    for lo, hi in _CLIP_BOUNDS:
        if dt in dtypes.NAN_LESS and any(v is not None and v != v for v in (lo, hi)):
            continue   # no NaN to clip with
        if dt.itemsize == 1 and any(v is not None and abs(v) > float(ml_dtypes.finfo(dt).max)
                                    for v in (lo, hi)):
            continue
        with np.errstate(all="ignore"):
            _strict(wnp.clip(wx, lo, hi), _clip_oracle(x, lo, hi))
            _strict(wx.clip(lo, hi), _clip_oracle(x, lo, hi))


def _round_oracle(x, decimals):
    """Decision 53: scaled in float32; where the scaling overflows, x as it was."""
    w = x.astype(np.float32)
    r = np.round(w, decimals)
    r = np.where(np.isfinite(w) & ~np.isfinite(r), w, r)
    out = r.astype(x.dtype)
    if x.dtype in dtypes.NAN_LESS:
        out[np.isnan(r)] = 0
    return out


@pytest.mark.parametrize("dt", ALL_NARROW, ids=str)
def test_round_decimals_every_value(dt, conversions):
    x = _patterns(dt)
    wx = wnp.asarray(x)
    with np.errstate(all="ignore"):
        for d in (2, 1, -1, -3, 40):
            _strict(wnp.round(wx, d), _round_oracle(x, d))
        _strict(wnp.round(wx, 0), _float32_path(np.round, dt, x) if dt != F16 else np.round(x))
    with warnings.catch_warnings():
        warnings.simplefilter("error")   # round never warns: its work is weaknp's own
        wnp.round(wx, 3)


def _inplace_oracle(ufunc, a, b):
    if a.dtype == F16:
        out = a.copy()
        ufunc(out, b, out=out)   # NumPy's own float16 loop, in place
        return out
    return _float32_path(ufunc, a.dtype, a, np.asarray(b).astype(a.dtype))


@pytest.mark.parametrize("dt", ALL_NARROW, ids=str)
@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide"])
def test_inplace_pairs_and_scalars(dt, op, conversions):
    a, b = _pairs(dt, 4)
    if dt != F16 and dt.itemsize == 2:
        a, b = a[:300_000], b[:300_000]
    ufunc = getattr(np, op)
    name = {"add": "__iadd__", "subtract": "__isub__", "multiply": "__imul__",
            "divide": "__itruediv__"}[op]
    with np.errstate(all="ignore"):
        for other in (b, 2, 0.5, -1.75):
            w = wnp.asarray(a.copy())
            r = getattr(w, name)(wnp.asarray(other) if type(other) is np.ndarray else other)
            assert r is w and w.dtype == dt
            _strict(w, _inplace_oracle(ufunc, a, other), (a, other))
        w = wnp.asarray(a.copy())
        w += w   # the operand is the result's own buffer
        _strict(w, _inplace_oracle(np.add, a, a))


def test_inplace_float16_overflow_and_overlap():
    a = np.full(MIN * 4, 1000.0, F16)
    a[MIN * 3:] = 60000.0   # the last blocks overflow: NumPy's own loop, with its warning
    w = wnp.asarray(a.copy())
    with pytest.warns(RuntimeWarning, match="overflow encountered in multiply"):
        w *= 2
    with np.errstate(over="ignore"):
        _strict(w, a * np.float16(2))
    w = wnp.asarray(a.copy())
    with np.errstate(over="raise"), pytest.raises(FloatingPointError):
        w += w
    for dt in (F16, BF16):
        x = np.linspace(-3, 3, MIN * 4).astype(dt)
        w = wnp.asarray(x.copy())
        w[1:] += w[:-1]   # overlapping operands: as NumPy, which reads the old values
        want = x.copy()
        want[1:] = _inplace_oracle(np.add, x[1:], x[:-1])
        _strict(w, want)


def test_inplace_blocks_write_into_x():
    """``x += y`` on a large bfloat16 array needs no full-size temporary."""
    import tracemalloc
    a = np.linspace(0.5, 2, 1_000_000).astype(BF16)
    w, v = wnp.asarray(a.copy()), wnp.asarray(a[::-1].copy())
    buf = np.asarray(w)
    w += v
    tracemalloc.start()
    w += v
    w *= 2
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert np.asarray(w) is buf or np.shares_memory(np.asarray(w), buf)
    assert peak <= 0.1 * a.nbytes
    with np.errstate(all="ignore"):
        want = _float32_path(np.add, BF16, a, a[::-1])
        want = _float32_path(np.add, BF16, want, a[::-1])
        _strict(w, _float32_path(np.multiply, BF16, want, np.full_like(a, 2)))


# ---------------------------------------------------------------------------------------
# The compiled core's fused loops (``narrow.FUSED``, ``wnp_fused``) and arithmetic rounding
# into the one-byte types (``byte_tables``' ``KIND_BYTE_ARITH``): every value, the flags.

@pytest.mark.parametrize("dt", ML_FLOATS, ids=str)
@pytest.mark.parametrize("op", ["rint", "trunc", "negative", "absolute"])
def test_ml_fused_unary_every_value(dt, op):
    x = _patterns(dt)
    ufunc = getattr(np, op)
    with np.errstate(all="ignore"):
        _strict(getattr(wnp, op)(wnp.asarray(x)), _float32_path(ufunc, dt, x))


@pytest.mark.parametrize("dt", [F16, BF16] + BYTE_TYPES, ids=str)
def test_rounding_back_float32_values(dt, conversions):
    """The blocks' rounding of float32 values into a narrow type (``narrow.round_into``:
    the one-byte types by arithmetic where ``byte_tables`` found it exact, else the table)
    against NumPy's/ml_dtypes' cast: random bits of every exponent, every rounding
    boundary of ``dt`` and one float32 ulp either side, the overflow edge, inf and NaN."""
    rng = np.random.default_rng(7)
    vals = _patterns(dt)[: 1 << (8 * dt.itemsize)].astype(np.float32)
    vals = np.unique(vals[np.isfinite(vals)])
    mids = ((vals[1:].astype(np.float64) + vals[:-1]) / 2).astype(np.float32)
    edges = np.concatenate([mids, np.nextafter(mids, np.float32(np.inf)),
                            np.nextafter(mids, np.float32(-np.inf)), vals])
    bits = np.concatenate([
        rng.integers(0, 1 << 32, 300_000, dtype=np.uint64).astype(np.uint32),
        np.arange(0x7F7F0000, 0x7F800010, 7, dtype=np.uint32),
        (np.arange(256, dtype=np.uint32) << 23).repeat(64)
        | rng.integers(0, 1 << 23, 256 * 64, dtype=np.uint64).astype(np.uint32)])
    f = np.concatenate([bits.view(np.float32), edges])
    f = np.concatenate([f, -f])
    with np.errstate(all="ignore"):
        want = f.astype(dt)
    if dt in dtypes.NAN_LESS:
        want[np.isnan(f)] = 0
    got = narrow.round_into(f, np.empty(f.size, dt))
    _strict(got, want)


def test_fused_flags_hand_back_to_numpy():
    """A chunk raising a flag NumPy's error state watches runs NumPy's loop, with its
    warning or error; the ignored flags change nothing."""
    a = np.full(MIN * 4, 2.0, BF16)
    a[MIN * 2 + 5] = -1.0
    wa = wnp.asarray(a)
    with pytest.warns(RuntimeWarning, match="invalid value encountered in sqrt"):
        r = wnp.sqrt(wa)
    with np.errstate(invalid="ignore"):
        _strict(r, _float32_path(np.sqrt, BF16, a))
    with np.errstate(invalid="raise"), pytest.raises(FloatingPointError):
        wnp.sqrt(wa)
    big = np.full(MIN * 4, 3e38, BF16)
    with pytest.warns(RuntimeWarning, match="overflow encountered in multiply"):
        wnp.asarray(big) * 2
    with np.errstate(divide="raise"), pytest.raises(FloatingPointError):
        wnp.asarray(a) / wnp.asarray(np.zeros(MIN * 4, BF16))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with np.errstate(all="ignore"):
            _strict(wnp.asarray(big) * 2, _float32_path(np.multiply, BF16, big,
                                                          np.full_like(big, 2)))


def test_fused_in_place_float16_overflow_in_a_middle_chunk(conversions):
    a = np.full(MIN * 4, 1000.0, F16)
    a[MIN * 2 + 3] = 60000.0   # one element of one chunk overflows
    w = wnp.asarray(a.copy())
    with pytest.warns(RuntimeWarning, match="overflow encountered in multiply"):
        w *= 2
    with np.errstate(over="ignore"):
        _strict(w, a * np.float16(2))


def test_fused_ops_are_numpys_float32_ops():
    """Each fused ufunc (and the clip) is the C operation NumPy's float32 loop computes:
    pairs of bfloat16 values with every special, through the blocks against the whole
    float32 path, at chunk boundaries and with a scalar operand either side."""
    a, b = _pairs(BF16, 9)
    a, b = a[:200_003], b[:200_003]
    with np.errstate(all="ignore"):
        for ufunc in narrow.FUSED:
            if ufunc.nin == 2:
                _strict(getattr(wnp, ufunc.__name__)(wnp.asarray(a), wnp.asarray(b)),
                        _float32_path(ufunc, BF16, a, b), (a, b))
                s = np.asarray(1.5).astype(BF16)
                _strict(getattr(wnp, ufunc.__name__)(wnp.asarray(a), 1.5),
                        _float32_path(ufunc, BF16, a, s))
                _strict(getattr(wnp, ufunc.__name__)(1.5, wnp.asarray(a)),
                        _float32_path(ufunc, BF16, s, a))
            else:
                _strict(getattr(wnp, ufunc.__name__)(wnp.asarray(a)),
                        _float32_path(ufunc, BF16, a))


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_every_simd_level(level):
    """The compiled core's portable, AVX2, AVX-512 and AVX-512 VBMI clones (each as far as
    the CPU has it; the pure build: NumPy's casts) give the same bits: every value of each
    type widened and through a fused op, pairs of bfloat16 values."""
    narrow.use_simd(level)
    try:
        with np.errstate(all="ignore"):
            for dt in [F16] + ML_FLOATS:
                x = _patterns(dt)
                x = np.concatenate([x, x[::-1]])[: x.size + 77]   # a tail past the vectors
                w = narrow.widen(x, np.empty(x.size, np.float32))
                _strict(w, x.astype(np.float32))
                want = (np.sqrt(x) if dt == F16 else _float32_path(np.sqrt, dt, x))
                _strict(wnp.sqrt(wnp.asarray(x)), want)
                want = x * np.float16(3) if dt == F16 else _float32_path(
                    np.multiply, dt, x, np.full_like(x, 3))
                _strict(wnp.asarray(x) * 3, want)
            a, b = _pairs(BF16, 11)
            _strict(wnp.asarray(a) / wnp.asarray(b), _float32_path(np.divide, BF16, a, b))
    finally:
        narrow.use_simd(3)


def test_float16_nan_and_inf_lanes_at_every_alignment(conversions):
    # every float16 bit pattern widened, and float32 NaN payloads (quiet and signalling),
    # infinities and overflowing values rounded back, starting at each lane of the
    # conversion loops' groups of 8: the bits of NumPy's casts (F16C's lanes are blended)
    halves = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(F16)
    rng = np.random.default_rng(7)
    bits = np.concatenate([
        np.arange(0x7F800000, 0x7F800000 + 4096, dtype=np.uint32),         # inf, sNaN
        np.arange(0x7FC00000 - 2048, 0x7FC00000 + 2048, dtype=np.uint32),  # sNaN | qNaN
        np.arange(0xFF800000, 0xFF800000 + 4096, dtype=np.uint32),
        np.arange(0x477FE000, 0x47800100, dtype=np.uint32),                # 65504..65536
        rng.integers(0, 2 ** 32, 20000, dtype=np.uint64).astype(np.uint32)])
    rng.shuffle(bits)
    floats = bits.view(np.float32)
    for start in range(8):
        h = halves[start:].copy()
        got = narrow.widen(h, np.empty(h.size, np.float32))
        with np.errstate(all="ignore"):   # NaN payloads too: the bits themselves
            assert np.array_equal(got.view(np.uint32), h.astype(np.float32).view(np.uint32))
        f = floats[start:].copy()
        out = narrow.round_into(f, np.empty(f.size, F16))
        with np.errstate(all="ignore"):
            assert np.array_equal(out.view(np.uint16), f.astype(F16).view(np.uint16))
