"""Narrow floats with one array operand (``a * 2``, ``a *= 2``, ``2 - a``, ``clip``, unary
ops): the compiled core's one-pass loops (``narrow.pxd``'s ``wnp_fused_one``: a table of
the 256 results for the one-byte types, one pass per chunk for bfloat16 and float16),
bit for bit against NumPy's and ml_dtypes' own loops.

Every value of each one-byte type and ~300k random plus special bit patterns of the
16-bit ones, scalars 0, -0.0, inf, nan, a subnormal, the largest finite value, in place
and out of place, the scalar on either side, contiguous and strided, at every SIMD level
of the compiled core (the pure build: NumPy's casts); and the error state: a flag NumPy
watches hands the chunk back to NumPy's loop, with its warning (decisions 81, 82).
"""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from test_narrow import _strict as _same   # bit for bit; both NaN: any NaN (decision 82)

import weaknp as wnp
from weaknp._core import dtypes
from weaknp._fast import narrow

F16 = np.dtype(np.float16)
BF16 = np.dtype(ml_dtypes.bfloat16)
BYTE_TYPES = [d for d in sorted(dtypes.ML_DTYPES, key=str)
              if d in dtypes.REAL_FLOAT and d.itemsize == 1 and d.name != "float8_e8m0fnu"]
ALL = [F16, BF16] + BYTE_TYPES
MIN = narrow.MIN_SIZE
OPS = {"add": "__iadd__", "subtract": "__isub__", "multiply": "__imul__",
       "divide": "__itruediv__"}
LEVELS = [0, 1, 2, 3] if narrow.COMPILED else [0]


@pytest.fixture(params=LEVELS)
def level(request):
    """Each of the compiled core's clones (portable C, AVX2, AVX-512, AVX-512 VBMI) as far
    as the CPU has it."""
    narrow.use_simd(request.param)
    try:
        yield request.param
    finally:
        narrow.use_simd(3)


def _values(dt: np.dtype) -> np.ndarray:
    """Every bit pattern of a one-byte type (tiled to ``3 * MIN + 77``: chunk and vector
    tails), or random 16-bit patterns with the specials (zeros, subnormals, largest, inf,
    NaNs quiet and signalling) spread through them."""
    if dt.itemsize == 1:
        return np.tile(np.arange(256, dtype=np.uint8), -(-(3 * MIN + 77) // 256)).view(dt)
    rng = np.random.default_rng(3)
    bits = rng.integers(0, 1 << 16, 300_000 + 77, dtype=np.uint64).astype(np.uint16)
    special = np.array([0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff,
                        0x7c00, 0xfc00, 0x7c01, 0x7e00, 0xfe01, 0x7f7f, 0x7f80, 0xff80,
                        0x7fc0, 0x7f81, 0x3c00, 0x3c01, 0x0080, 0x007f], np.uint16)
    bits[rng.choice(bits.size, 2000, replace=False)] = np.resize(special, 2000)
    return bits.view(dt)


def _scalars(dt: np.dtype) -> list:
    """Python scalars; inf and nan where ``dt`` has them (weaknp's rounding of a weak nan
    or inf into a type without them is not this path's: the arrays hold every NaN)."""
    fi = ml_dtypes.finfo(dt)
    with np.errstate(all="ignore"):
        has = np.asarray([np.inf, np.nan]).astype(dt).astype(np.float32)
    special = [v for v, ok in zip((float("inf"), float("nan")),
                                  (np.isinf(has[0]), np.isnan(has[1]))) if ok]
    return [2, 0.0, -0.0, *special, float(fi.smallest_subnormal), float(fi.max), -1.75,
            0.1, 3]


def _oracle(ufunc, dt, x, y):
    """NumPy's own float16 loop; for the ml_dtypes types NumPy's float32 loop rounded back
    by ml_dtypes' cast (a NaN into a type without NaN: +0); a Python scalar first rounded
    to ``dt`` by NumPy's cast (a weak scalar takes the array's type)."""
    x, y = (np.asarray(float(v)).astype(dt) if not isinstance(v, np.ndarray) else v
            for v in (x, y))
    if dt == F16:
        return ufunc(x, y)
    r = ufunc(x.astype(np.float32), y.astype(np.float32))
    if r.dtype == np.bool_:
        return r
    out = np.asarray(r.astype(dt))
    if dt in dtypes.NAN_LESS:
        out[np.isnan(r)] = 0
    return out


@pytest.mark.parametrize("dt", ALL, ids=str)
@pytest.mark.parametrize("op", list(OPS))
def test_scalar_either_side_in_and_out_of_place(dt, op, level):
    x = _values(dt)
    ufunc = getattr(np, op)
    with np.errstate(all="ignore"):
        for s in _scalars(dt):
            _same(ufunc(wnp.asarray(x), s), _oracle(ufunc, dt, x, s), (x, s))
            _same(ufunc(s, wnp.asarray(x)), _oracle(ufunc, dt, s, x), (s, x))
            w = wnp.asarray(x.copy())
            r = getattr(w, OPS[op])(s)
            assert r is w and w.dtype == dt
            _same(w, _oracle(ufunc, dt, x, s), (x, s))
            # strided: another path, the same bits
            y = np.repeat(x, 2)
            w = wnp.asarray(y)[::2]
            getattr(w, OPS[op])(s)
            _same(w, _oracle(ufunc, dt, x, s), (x, s))
            _same(y[1::2], x)


@pytest.mark.parametrize("dt", ALL, ids=str)
def test_unary_clip_and_comparisons_by_a_scalar(dt, level):
    x = _values(dt)
    with np.errstate(all="ignore"):
        for ufunc in (np.sqrt, np.negative, np.absolute, np.rint, np.floor, np.ceil, np.trunc):
            want = ufunc(x) if dt == F16 else _oracle(lambda a, b: ufunc(a), dt, x, 0.0)
            _same(ufunc(wnp.asarray(x)), want)
        for lo, hi in [(0.1, 0.9), (-0.0, 0.0), (-2.0, 1e4)]:
            x32 = x.astype(np.float32)
            lo_, hi_ = (np.asarray(v).astype(dt).astype(np.float32) for v in (lo, hi))
            r = np.clip(x32, lo_, hi_)
            want = r.astype(dt)
            if dt in dtypes.NAN_LESS:
                want[np.isnan(r)] = 0
            _same(wnp.clip(wnp.asarray(x), lo, hi), want)
        for ufunc in (np.less, np.equal, np.greater_equal):
            for s in (1.5, 0.0, float("nan")):
                _same(ufunc(wnp.asarray(x), s), _oracle(ufunc, dt, x, s))
                _same(ufunc(s, wnp.asarray(x)), _oracle(ufunc, dt, s, x))


@pytest.mark.parametrize("dt", [BF16] + BYTE_TYPES, ids=str)
def test_flags_hand_chunks_back_to_numpy(dt, level):
    """Dividing by zero (and, for the types with inf, a value times a huge scalar: an
    overflow in float32 only for bfloat16) warns as NumPy's loop does and gives its bits;
    under ``raise`` it raises; in place too."""
    x = _values(dt)
    x32 = x.astype(np.float32)
    x = x[np.isfinite(x32) & (x32 != 0)]   # a divide-by-zero flag only (0/0: invalid)
    with np.errstate(all="ignore"):
        want = _oracle(np.divide, dt, x, 0.0)
    with pytest.warns(RuntimeWarning, match="divide by zero encountered in divide"):
        got = wnp.asarray(x) / 0.0
    _same(got, want)
    w = wnp.asarray(x.copy())
    with pytest.warns(RuntimeWarning, match="divide by zero encountered in divide"):
        w /= 0.0
    _same(w, want)
    with np.errstate(divide="raise"), pytest.raises(FloatingPointError):
        wnp.asarray(x) / 0.0
    # no flag NumPy watches: nothing is said
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _same(wnp.asarray(x) * 0.5, _oracle(np.multiply, dt, x, 0.5))
    if dt == BF16:
        big = np.full(MIN * 4, 3e38, BF16)
        w = wnp.asarray(big.copy())
        with pytest.warns(RuntimeWarning, match="overflow encountered in multiply"):
            w *= 2
        with np.errstate(all="ignore"):
            _same(w, _oracle(np.multiply, BF16, big, 2))


@pytest.mark.parametrize("dt", [F16, BF16], ids=str)
def test_in_place_stops_at_the_flagged_register(dt, level):
    """In place, the 16-bit loops write straight into the array: a register (group) that
    raised a flag NumPy watches stays unwritten and NumPy's loop computes it, with its
    warning; NaN and inf results raising no flag are written by the loop itself.  The
    scalar first (``2.0 / a``, out of place) and two arrays (``a += b``) the same."""
    n = 5 * MIN + 37
    x = np.linspace(-3.0, 3.0, n).astype(dt)
    x[[0, 40, 3 * MIN + 5, n - 3]] = np.nan   # quiet NaNs: no flag
    x[[7, MIN + 1]] = np.inf
    x[MIN * 2 + 17] = -np.inf   # + inf: invalid here only
    with np.errstate(all="ignore"):
        want = _oracle(np.add, dt, x, float("inf"))
    w = wnp.asarray(x.copy())
    with pytest.warns(RuntimeWarning, match="invalid value encountered in add"):
        w += float("inf")
    _same(w, want)
    big = 65000.0 if dt == F16 else 3e38
    y = x.copy()
    y[[3, 2 * MIN + 100, n - 1]] = big
    with np.errstate(all="ignore"):
        want = _oracle(np.multiply, dt, y, 2)
    w = wnp.asarray(y.copy())
    with pytest.warns(RuntimeWarning, match="overflow encountered in multiply"):
        w *= 2
    _same(w, want)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        w = wnp.asarray(x.copy())
        w *= -0.5
        _same(w, _oracle(np.multiply, dt, x, -0.5))
    # the scalar first: a register dividing by zero hands its block to NumPy's loop
    z = x.copy()
    z[[11, 2 * MIN + 3, n - 2]] = 0
    with np.errstate(all="ignore"):
        want = _oracle(np.divide, dt, 2.0, z)
    with pytest.warns(RuntimeWarning, match="divide by zero encountered in divide"):
        got = 2.0 / wnp.asarray(z)
    _same(got, want)
    with np.errstate(divide="raise"), pytest.raises(FloatingPointError):
        2.0 / wnp.asarray(z)
    # two arrays: -inf + inf in one register
    v = np.linspace(1.0, 2.0, n).astype(dt)
    v[2 * MIN + 17] = np.inf
    with np.errstate(all="ignore"):
        want = _oracle(np.add, dt, x, v)
    w = wnp.asarray(x.copy())
    with pytest.warns(RuntimeWarning, match="invalid value encountered in add"):
        w += wnp.asarray(v)
    _same(w, want)
    with pytest.warns(RuntimeWarning, match="invalid value encountered in add"):
        got = wnp.asarray(x) + wnp.asarray(v)
    _same(got, want)


@pytest.mark.parametrize("dt", [F16, BF16], ids=str)
@pytest.mark.parametrize("op", list(OPS))
def test_specials_at_every_lane_of_a_register(dt, op, level):
    """The 16-bit loops' registers (AVX2: 16 values an iteration, AVX-512: 16 or 32): one
    inf, NaN, signed zero, subnormal or near-overflow value at each lane of successive
    registers, the rest ordinary, a tail of 7; two arrays, the scalar on either side, in
    place; NumPy's warnings (overflow, invalid, divide) exactly as its own loops give
    them, and its bits."""
    fi = ml_dtypes.finfo(dt)
    specials = [np.inf, -np.inf, np.nan, 0.0, -0.0, float(fi.smallest_subnormal),
                float(fi.max), -float(fi.max) * 0.75]
    n = MIN + 64 * 16 * len(specials) + 7
    x = np.linspace(0.5, 3.0, n).astype(dt)
    y = np.linspace(-2.0, 2.0, n)[::-1].astype(dt)
    pos = 0
    for v in specials:
        for lane in range(32):
            x[pos + lane * 33] = v   # every offset modulo 32, one register apart
            y[pos + lane * 35 + 5] = v
        pos += 32 * 36
    ufunc = getattr(np, op)
    for s in (2.0, -0.5):
        for a, b in ((x, y), (x, s), (s, x)):
            with warnings.catch_warnings(record=True) as seen_np:
                warnings.simplefilter("always")
                want = _oracle(ufunc, dt, a, b)
            wa, wb = (wnp.asarray(v) if isinstance(v, np.ndarray) else v for v in (a, b))
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                got = ufunc(wa, wb)
            _same(got, want, (a, b))
            if dt == F16:   # NumPy's own float16 loop warns; bfloat16's oracle is a cast
                assert sorted({str(w.message) for w in seen}) == sorted(
                    {str(w.message) for w in seen_np})
        with np.errstate(all="ignore"):
            want = _oracle(ufunc, dt, x, s)
            w = wnp.asarray(x.copy())
            getattr(w, OPS[op])(s)
            _same(w, want, (x, s))
            want = _oracle(ufunc, dt, x, y)
            w = wnp.asarray(x.copy())
            getattr(w, OPS[op])(wnp.asarray(y))
            _same(w, want, (x, y))
