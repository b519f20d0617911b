"""Narrow-float products computed over the narrow input, bit for bit as through float32 copies.

``vecdot`` of float16, bfloat16 and the one-byte floats is einsum's float32 sum of products
of the operands widened to float32, rounded once (decision 65).  The compiled core sums it
in C over the narrow input in einsum's own order (``_fast.narrow.vecdot``); the expected
values here come from NumPy directly: ``astype(float32)``, ``np.einsum``, ``astype`` back.
Rows of lengths around einsum's 16-value groups, its 4-value tail and its 8192-value 1-D
chunks, with NaN, inf, signed zeros, subnormals and float32 overflow in the data,
broadcast batch axes, ``axis=``, ``x . x``; the compiled build with and without F16C, with
the AVX-512 loop and the SSE one.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from weaknp._fast import narrow

F32 = np.dtype(np.float32)
TYPES = [np.dtype(t) for t in (np.float16, ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn,
                               ml_dtypes.float8_e5m2, ml_dtypes.float8_e4m3fnuz)]
IDS = [d.name for d in TYPES]


def _data(dt, shape, seed, specials=True):
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    x = (rng.standard_normal(n) * rng.choice([1.0, 8.0, 1e-2], n)).astype(F32)
    if specials and n:
        fi = ml_dtypes.finfo(dt)
        vals = [0.0, -0.0, float(fi.smallest_subnormal), -float(fi.smallest_subnormal),
                float(fi.max)]
        if np.isnan(np.array(np.nan, F32).astype(dt)):
            vals.append(np.nan)
        if np.isinf(np.array(np.inf, F32).astype(dt)):
            vals.append(-np.inf)
        for i, v in enumerate(vals):
            x[(i * 11) % n::97 + 13 * i] = v
    with np.errstate(all="ignore"):
        return x.astype(dt).reshape(shape)


def _oracle32(a, b):
    """einsum's float32 sum of products of the widened operands (NumPy only)."""
    with np.errstate(all="ignore"):
        return np.einsum("...i,...i->...", a.astype(F32), b.astype(F32))


def _oracle(a, b, dt):
    with np.errstate(all="ignore"):
        return np.asarray(_oracle32(a, b)).astype(dt)


def _same(got, want):
    got = np.asarray(got)
    assert got.dtype == want.dtype and got.shape == want.shape
    bad = np.flatnonzero(got.reshape(-1).view(np.uint8 if got.dtype.itemsize == 1 else
                                              np.uint16 if got.dtype.itemsize == 2 else
                                              np.uint32)
                         != want.reshape(-1).view(np.uint8 if want.dtype.itemsize == 1 else
                                                  np.uint16 if want.dtype.itemsize == 2 else
                                                  np.uint32))
    assert bad.size == 0, f"{bad.size} of {want.size} differ, first at {bad[:5]}: " \
                          f"{got.reshape(-1)[bad[:5]]} != {want.reshape(-1)[bad[:5]]}"


ROWS = [(1, 1), (2, 1), (3, 3), (4, 15), (5, 16), (8, 17), (9, 33), (13, 255), (12, 256),
        (7, 257), (16, 1000), (3, 8193)]


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
@pytest.mark.parametrize("m,n", ROWS)
def test_vecdot_rows(dt, m, n, conversions):
    a, b = _data(dt, (m, n), 1), _data(dt, (m, n), 2)
    with np.errstate(all="ignore"):
        got = wnp.vecdot(wnp.asarray(a), wnp.asarray(b))
    _same(got, _oracle(a, b, dt))


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
@pytest.mark.parametrize("sa,sb", [((5, 33), (33,)), ((40,), (6, 40)), ((2, 3, 17), (1, 1, 17)),
                                   ((1, 300), (300,)), ((2, 1, 19), (2, 1, 19)),
                                   ((9, 64), (1, 64))])
def test_vecdot_broadcast(dt, sa, sb, conversions):
    a, b = _data(dt, sa, 3), _data(dt, sb, 4)
    with np.errstate(all="ignore"):
        got = wnp.vecdot(wnp.asarray(a), wnp.asarray(b))
    _same(got, _oracle(a, b, dt))


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
@pytest.mark.parametrize("n", [1, 5, 16, 8191, 8192, 8193, 20011, 65537])
@pytest.mark.parametrize("specials", [False, True])
def test_vecdot_one_vector(dt, n, specials, conversions):
    """1-D: einsum's chunks of 8192 values added in turn (NaN: einsum itself)."""
    a, b = _data(dt, (n,), 5, specials), _data(dt, (n,), 6, specials)
    with np.errstate(all="ignore"):
        got = wnp.vecdot(wnp.asarray(a), wnp.asarray(b))
    _same(got, _oracle(a, b, dt))


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
@pytest.mark.parametrize("shape", [(7, 40), (33, 300), (1000,)])
def test_vecdot_self(dt, shape, conversions):
    """``x . x`` (one operand widened once in the C loop)."""
    x = _data(dt, shape, 7)
    with np.errstate(all="ignore"):
        got = wnp.vecdot(wnp.asarray(x), wnp.asarray(x))
    _same(got, _oracle(x, x, dt))


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_vecdot_axis_and_layouts(dt):
    """axis= other than the last, transposed and strided operands: einsum's path."""
    a, b = _data(dt, (6, 40), 8), _data(dt, (6, 40), 9)
    with np.errstate(all="ignore"):
        _same(wnp.vecdot(wnp.asarray(a), wnp.asarray(b), axis=0),
              _oracle(np.moveaxis(a, 0, -1), np.moveaxis(b, 0, -1), dt))
        _same(wnp.vecdot(wnp.asarray(a.T), wnp.asarray(b.T)), _oracle(a.T, b.T, dt))
        _same(wnp.vecdot(wnp.asarray(a[:, ::2]), wnp.asarray(b[:, ::2])),
              _oracle(a[:, ::2], b[:, ::2], dt))


def test_vecdot_nan_rows_payload():
    """A row giving NaN is summed by einsum: the payload NumPy's float32 loop gives."""
    a, b = _data(np.dtype(np.float16), (9, 50), 10, False), _data(np.dtype(np.float16), (9, 50), 11, False)
    a[2, 7] = np.array(0x7E01, np.uint16).view(np.float16)   # quiet NaN, payload 1
    b[2, 9] = np.array(0xFE02, np.uint16).view(np.float16)   # another
    a[5, 3] = np.array(0x7D01, np.uint16).view(np.float16)   # signalling
    with np.errstate(all="ignore"):
        got = wnp.vecdot(wnp.asarray(a), wnp.asarray(b))
    _same(got, _oracle(a, b, np.dtype(np.float16)))


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
@pytest.mark.parametrize("sa,sb", [((13, 257), (13, 257)), ((5, 33), (33,)), ((20011,), (20011,))])
def test_fast_vecdot_float32_bits(dt, sa, sb):
    """``_fast.narrow.vecdot`` (C in the compiled build, NumPy's elementwise twin in the
    pure one) gives einsum's float32 result bit for bit, NaN rows included, or None."""
    a, b = _data(dt, sa, 12, len(sa) > 1), _data(dt, sb, 13, len(sa) > 1)
    got = narrow.vecdot(a, b)
    if got is None:   # this NumPy's einsum sums in another order: einsum runs
        assert not narrow.einsum_order()
        return
    want = np.asarray(_oracle32(a, b))
    assert got.dtype == F32 and got.shape == want.shape
    assert got.tobytes() == want.tobytes()


def test_fast_vecdot_declines():
    """What einsum keeps: other layouts, partial broadcasts, empty results, mixed dtypes."""
    h = np.ones((4, 6), np.float16)
    assert narrow.vecdot(h[:, ::2], h[:, ::2]) is None
    assert narrow.vecdot(np.ones((2, 3, 6), np.float16), np.ones((3, 1, 6), np.float16)) is None
    assert narrow.vecdot(np.ones((0, 6), np.float16), h[:0]) is None
    assert narrow.vecdot(h, h.astype(ml_dtypes.bfloat16)) is None
    assert narrow.vecdot(h.astype(F32), h.astype(F32)) is None
    assert narrow.vecdot(np.ones((4, 0), np.float16), np.ones((4, 0), np.float16)) is None


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
@pytest.mark.parametrize("spec,sa,sb", [("ij,ij->i", (9, 40), (9, 40)), ("i,i->", (20011,), (20011,)),
                                        ("...k,...k->...", (3, 5, 17), (17,)),
                                        ("abc,abc->ab", (2, 3, 33), (2, 3, 33)),
                                        ("ij,ij->j", (6, 7), (6, 7)), ("ij,jk->ik", (5, 6), (6, 4))])
def test_einsum_bits(dt, spec, sa, sb, conversions):
    """einsum's vecdot subscripts take ``narrow.vecdot``; all give NumPy's float32 einsum
    of the widened operands, rounded once."""
    a, b = _data(dt, sa, 14, len(sa) > 1), _data(dt, sb, 15, len(sa) > 1)
    with np.errstate(all="ignore"):
        got = wnp.einsum(spec, wnp.asarray(a), wnp.asarray(b))
        want = np.asarray(np.einsum(spec, a.astype(F32), b.astype(F32))).astype(dt)
    _same(got, want)


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
@pytest.mark.parametrize("m,n", [(1, 1), (3, 7), (1000, 70), (70, 1000), (2, 40000), (0, 5)])
def test_outer_bits(dt, m, n, conversions):
    """``outer`` (NumPy's and ``linalg``'s) in blocks of rows: each element NumPy's float32
    product of the widened values, rounded once."""
    a, b = _data(dt, (m,), 16), _data(dt, (n,), 17)
    with np.errstate(all="ignore"):
        want = np.outer(a.astype(F32), b.astype(F32)).astype(dt)
        _same(wnp.outer(wnp.asarray(a), wnp.asarray(b)), want)
        _same(wnp.linalg.outer(wnp.asarray(a), wnp.asarray(b)), want)
        _same(wnp.outer(wnp.asarray(a.reshape(-1, 1) if m else a), wnp.asarray(b)), want)


def test_outer_overflow_warns_as_numpy():
    """A float32 product overflowing (bfloat16's range) warns as NumPy's multiply does in
    ``linalg.outer``, and stays quiet in NumPy's ``outer`` (as ``dot``): inf either way."""
    big = np.array([3e38, 1.0], ml_dtypes.bfloat16)
    with np.errstate(over="ignore"):
        want = np.outer(big.astype(F32), big.astype(F32)).astype(ml_dtypes.bfloat16)
    _same(wnp.outer(wnp.asarray(big), wnp.asarray(big)), want)
    with pytest.warns(RuntimeWarning, match="overflow"):
        np.outer(big.astype(F32), big.astype(F32))   # NumPy's own float32 call warns
    with pytest.warns(RuntimeWarning, match="overflow"):
        got = wnp.linalg.outer(wnp.asarray(big), wnp.asarray(big))
    _same(got, want)


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
@pytest.mark.parametrize("sa,sb", [((3, 4), (5, 6)), ((7,), (2, 3)), ((2, 3, 4), (3,)), ((), (4,)),
                                   ((30, 30), (30, 30)), ((0, 3), (2, 2))])
def test_kron_bits(dt, sa, sb, conversions):
    """``kron``: NumPy's float32 Kronecker product of the widened operands, rounded once."""
    a, b = _data(dt, sa, 18), _data(dt, sb, 19)
    with np.errstate(all="ignore"):
        want = np.kron(a.astype(F32), b.astype(F32)).astype(dt)
        _same(wnp.kron(wnp.asarray(a), wnp.asarray(b)), want)


def _cancelling(dt, n, seed):
    """Two narrow vectors whose float32 sums of products round differently by order:
    magnitudes spread over 2**±8 and a near-cancellation (NumPy alone: ``np.dot``'s BLAS
    ``sdot`` and ``np.einsum`` of the float32 copies, rounded, differ on most seeds)."""
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal(n) * np.exp2(rng.integers(-8, 8, n))).astype(F32)
    y = (rng.standard_normal(n) * np.exp2(rng.integers(-6, 6, n))).astype(F32)
    top = np.float32(ml_dtypes.finfo(dt).max) / 16   # (no NaN from the fnuz types' range)
    x, y = np.clip(x, -top, top), np.clip(y, -top, top)
    a, b = np.concatenate([x, -x[::-1]]), np.concatenate([y, y[::-1]])
    a[::101] *= np.float32(1.001)
    with np.errstate(all="ignore"):
        return a.astype(dt), b.astype(dt)


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_vector_products_sum_in_vecdot_order(dt, conversions):
    """``dot``, ``inner``, ``vdot``, ``matmul``/``@`` of two narrow vectors (and of one
    vector with itself) are ``vecdot``'s float32 sum, einsum's order, rounded once
    (decision 91), with no float32 copy; oracle: NumPy's einsum of the float32 copies.
    On this data BLAS ``sdot``'s order (the path before) gives other results, so the
    test can fail."""
    differ = 0
    for seed in range(6):
        a, b = _cancelling(dt, 2001, seed)
        a32, b32 = a.astype(F32), b.astype(F32)
        with np.errstate(all="ignore"):
            want = np.asarray(np.einsum("i,i->", a32, b32)).astype(dt)
            self_want = np.asarray(np.einsum("i,i->", a32, a32)).astype(dt)
            differ += want.tobytes() != np.asarray(np.dot(a32, b32)).astype(dt).tobytes()
            A, B = wnp.asarray(a), wnp.asarray(b)
            for got in (wnp.dot(A, B), wnp.inner(A, B), wnp.vdot(A, B), wnp.matmul(A, B),
                        A @ B, A.dot(B), wnp.vecdot(A, B), wnp.linalg.vecdot(A, B),
                        wnp.vdot(A.reshape(2, -1), B.reshape(2, -1)),
                        wnp.dot(A[::-1].copy()[::-1], B)):
                _same(got, want)
            for got in (wnp.dot(A, A), wnp.vdot(A, A), A @ A):
                _same(got, self_want)
    assert differ >= 2   # the orders differ here (NumPy alone): the test can fail
