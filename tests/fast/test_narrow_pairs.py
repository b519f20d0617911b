"""Two arrays of one one-byte float type (``a + b``, ``a += b``, ``a < b``): the compiled
core's cached tables (``narrow.pxd``'s ``wnp_fused_pair``: every operand pair's result
and floating-point flags for + - * /, a byte key per value for the comparisons), bit for
bit against NumPy's float32 loop on the widened operands rounded back by ml_dtypes'
cast, and against the chunked loop they replace (NaN payloads included).

Every one of the 65536 operand pairs of each type and op, in place and out of place, with
aliasing, at every SIMD level of the compiled core (the pure build: NumPy's loop per
block); the error state (a flag NumPy watches hands the chunk back to NumPy's loop, with
its warning: decisions 81, 82); broadcasting, strides and mixed one-byte types (other
paths, the same answers).
"""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from test_narrow import _strict as _same   # bit for bit; both NaN: any NaN (decision 82)
from test_narrow_scalar import BYTE_TYPES, LEVELS, _oracle

import weaknp as wnp
from weaknp._core.errors import TypePromotionError
from weaknp._fast import narrow

ARITH = ["add", "subtract", "multiply", "divide"]
COMPARE = ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]
INPLACE = {"add": "__iadd__", "subtract": "__isub__", "multiply": "__imul__",
           "divide": "__itruediv__"}
E5M2 = np.dtype(ml_dtypes.float8_e5m2)


@pytest.fixture(params=LEVELS)
def level(request):
    """Each of the compiled core's clones (portable C, AVX2 gathers, AVX-512 gathers,
    AVX-512 VBMI key look-ups) as far as the CPU has them."""
    narrow.use_simd(request.param)
    try:
        yield request.param
    finally:
        narrow.use_simd(3)


def _pairs(dt: np.dtype, extra: int = 77) -> tuple:
    """``x``, ``y``: every pair of bytes once (x's byte the high one), then ``extra`` more
    (vector and chunk tails): 65536 + extra elements, enough for a table to be built."""
    n = 65536 + extra
    b = np.arange(n, dtype=np.int64) % 65536
    return (b >> 8).astype(np.uint8).view(dt), (b & 255).astype(np.uint8).view(dt)


def _chunked(ufunc, x, y):
    """The same call by the chunked loop (no tables)."""
    narrow.use_pairs(False)
    try:
        return np.asarray(ufunc(wnp.asarray(x), wnp.asarray(y)))
    finally:
        narrow.use_pairs(True)


def _bytes_equal(got, want) -> None:
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype and g.shape == w.shape
    bad = np.flatnonzero(g.view(np.uint8) != w.view(np.uint8))
    assert bad.size == 0, f"{bad.size} differ, first at {bad[:5]}"


@pytest.mark.parametrize("dt", BYTE_TYPES, ids=str)
@pytest.mark.parametrize("op", ARITH + COMPARE)
def test_every_pair_bit_for_bit(dt, op, level):
    x, y = _pairs(dt)
    ufunc = getattr(np, op)
    with np.errstate(all="ignore"):
        want = _oracle(ufunc, dt, x, y)
        got = ufunc(wnp.asarray(x), wnp.asarray(y))
        _same(got, want, (x, y))
        # the chunked loop's own bits, NaN payloads too (decision 82: the first operand's)
        _bytes_equal(got, _chunked(ufunc, x, y))
        # the operators, and x on the right
        _same(ufunc(wnp.asarray(y), wnp.asarray(x)), _oracle(ufunc, dt, y, x), (y, x))
        if op in INPLACE:
            w = wnp.asarray(x.copy())
            r = getattr(w, INPLACE[op])(wnp.asarray(y))
            assert r is w and w.dtype == dt
            _same(w, want, (x, y))
            # y may be the result's own buffer (each element read before it is written)
            v = y.copy()
            ufunc(wnp.asarray(x), wnp.asarray(v), out=wnp.asarray(v))
            _same(v, want, (x, y))
    if narrow.COMPILED:
        assert 0 < narrow.pair_bytes() <= 32 * (131072 + 64)


@pytest.mark.parametrize("dt", BYTE_TYPES, ids=str)
@pytest.mark.parametrize("op", ["add", "multiply", "divide", "less"])
def test_aliasing_in_place(dt, op, level):
    """``a += a`` (the same buffer: the tables) and ``a[1:] += a[:-1]`` (overlapping: the
    blocks step aside, decision 81), each against the oracle on copies."""
    x, _ = _pairs(dt)
    x = x.copy()
    ufunc = getattr(np, op)
    with np.errstate(all="ignore"):
        want = _oracle(ufunc, dt, x, x)
        w = wnp.asarray(x.copy())
        if op in INPLACE:
            getattr(w, INPLACE[op])(w)
            _same(w, want, (x, x))
            w = wnp.asarray(x.copy())
            getattr(w[1:], INPLACE[op])(w[:-1])
            # NumPy's own in-place loop of an overlapping operand buffers: the old values
            tail = _oracle(ufunc, dt, x[1:], x[:-1])
            _same(np.asarray(w)[1:], tail, (x[1:], x[:-1]))
            _same(np.asarray(w)[:1], x[:1])
        else:
            _same(ufunc(w, w), want, (x, x))


@pytest.mark.parametrize("dt", BYTE_TYPES, ids=str)
@pytest.mark.parametrize("op", ["add", "divide", "less_equal"])
def test_broadcasting_and_strides(dt, op, level):
    x, y = _pairs(dt)
    ufunc = getattr(np, op)
    with np.errstate(all="ignore"):
        a, b = x[:65536].reshape(256, 256), y[:256]
        _same(ufunc(wnp.asarray(a), wnp.asarray(b)), _oracle(ufunc, dt, a, b),
              (a, np.broadcast_to(b, a.shape)))
        for sx, sy in [(x[::-1], y[::-1]), (x[:-1:2], y[1::2]), (x[::-3], y[::3])]:
            _same(ufunc(wnp.asarray(sx), wnp.asarray(sy)), _oracle(ufunc, dt, sx, sy),
                  (sx, sy))
        if op in INPLACE:
            big = np.repeat(x, 2)
            w = wnp.asarray(big)[::-2]
            getattr(w, INPLACE[op])(wnp.asarray(y[::-1]))
            _same(w, _oracle(ufunc, dt, x[::-1], y[::-1]), (x[::-1], y[::-1]))


def test_mixed_one_byte_types_do_not_promote():
    """Two different one-byte types never promote (JAX's lattice): the same error as
    before, whatever the size."""
    x, _ = _pairs(np.dtype(ml_dtypes.float8_e4m3fn))
    _, y = _pairs(E5M2)
    with pytest.raises(TypePromotionError, match="8-bit floats never promote implicitly"):
        wnp.asarray(x) + wnp.asarray(y)
    # explicitly widened: float32's own loop
    r = wnp.asarray(x).astype("float32") + wnp.asarray(y).astype("float32")
    with np.errstate(all="ignore"):
        _same(r, x.astype(np.float32) + y.astype(np.float32),
              (x.astype(np.float32), y.astype(np.float32)))


def _flagged(dt, op):
    """Pairs whose float32 operation raises one flag, placed after many quiet ones (the
    flag is met in a later chunk), with the flag's NumPy message."""
    n = 4 * narrow.MIN_SIZE + 77
    one = np.ones(n, np.float32)
    x, y = one.copy(), one.copy()
    if op == "divide":
        y[-50] = 0.0   # 1 / 0: divide by zero
        msg = "divide by zero encountered in divide"
    else:   # e5m2: inf + -inf, invalid
        x[-50], y[-50] = np.inf, -np.inf
        msg = "invalid value encountered in add"
    return x.astype(dt), y.astype(dt), msg


@pytest.mark.parametrize("dt", BYTE_TYPES, ids=str)
def test_flags_warn_and_raise_as_numpy(dt, level):
    """A pair raising a flag NumPy watches hands its chunk back to NumPy's loop: NumPy's
    warning and bits, in place too; under ``raise`` it raises; 0/0 warns invalid; an
    overflow of the rounding (e5m2's largest + largest: inf) says nothing, as ml_dtypes'
    cast; no warning where no pair raises a watched flag."""
    ops = ["divide"] + (["add"] if dt == E5M2 else [])
    for op in ops:
        x, y, msg = _flagged(dt, op)
        ufunc = getattr(np, op)
        with np.errstate(all="ignore"):
            want = _oracle(ufunc, dt, x, y)
        with pytest.warns(RuntimeWarning, match=msg):
            got = ufunc(wnp.asarray(x), wnp.asarray(y))
        _same(got, want, (x, y))
        w = wnp.asarray(x.copy())
        with pytest.warns(RuntimeWarning, match=msg):
            getattr(w, INPLACE[op])(wnp.asarray(y))
        _same(w, want, (x, y))
        with np.errstate(all="raise"), pytest.raises(FloatingPointError):
            ufunc(wnp.asarray(x), wnp.asarray(y))
        # the flag ignored: the table's bits, no warning
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("error")
            _same(ufunc(wnp.asarray(x), wnp.asarray(y)), want, (x, y))
    z = np.zeros(4 * narrow.MIN_SIZE, dt)
    with pytest.warns(RuntimeWarning, match="invalid value encountered in divide"):
        wnp.asarray(z) / wnp.asarray(z)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        x, y = _pairs(dt)
        fin = np.isfinite(x.astype(np.float32)) & np.isfinite(y.astype(np.float32))
        a, b = x[fin], y[fin]
        _same(wnp.asarray(a) * wnp.asarray(b), _oracle(np.multiply, dt, a, b), (a, b))
        _same(wnp.asarray(a) < wnp.asarray(b), _oracle(np.less, dt, a, b))
        if dt == E5M2:
            big = np.full(4 * narrow.MIN_SIZE, ml_dtypes.finfo(dt).max, dt)
            r = np.asarray(wnp.asarray(big) + wnp.asarray(big))
            assert np.isinf(r.astype(np.float32)).all()
