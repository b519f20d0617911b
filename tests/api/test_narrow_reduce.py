"""Narrow floats through float32: reductions folded in blocks, products through BLAS.

The oracles are NumPy's own whole-array calls the blocked code replaces (float16 with
``dtype=float32`` in NumPy's buffer; ml_dtypes types on a full float32 copy), NumPy's and
ml_dtypes' casts (exhaustively for the widening), and a float64 product rounded once.
"""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from support import same_array, same_bits
from weaknp._core import narrow

F32 = np.dtype(np.float32)
NARROW = [np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16),
          np.dtype(ml_dtypes.float8_e4m3fn), np.dtype(ml_dtypes.float8_e5m2),
          np.dtype(ml_dtypes.float4_e2m1fn)]
IDS = [d.name for d in NARROW]
N = 3 * narrow.BLOCK + 4321   # several blocks, a ragged last one


def _data(dt, n, seed=0, nan=True):
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal(n) * rng.choice([1.0, 10.0, 0.01], n)).astype(F32).astype(dt)
    if nan and dt != np.dtype(ml_dtypes.float4_e2m1fn):
        x[::997] = np.nan
    return x


def _numpy(ufunc, x):
    """NumPy's whole-array reduction as weaknp computed it before blocks."""
    if x.dtype == np.float16:
        return ufunc.reduce(x, axis=None, dtype=F32)
    return ufunc.reduce(x.astype(F32), axis=None)


@pytest.mark.parametrize("dt", [np.dtype(np.float16)] + [
    np.dtype(getattr(ml_dtypes, n)) for n in ("bfloat16", "float8_e4m3fn", "float8_e5m2",
                                              "float4_e2m1fn", "float6_e3m2fn")],
    ids=lambda d: d.name)
def test_widen_is_the_cast_exhaustively(dt):
    bits = np.arange(2 ** (8 * dt.itemsize), dtype=np.uint16 if dt.itemsize == 2 else
                     np.uint8).view(dt)
    got = narrow.widen(bits, np.empty(bits.size, F32))
    assert same_bits(got.view(np.uint32), bits.astype(F32).view(np.uint32)).all()


@pytest.mark.parametrize("dt", NARROW, ids=IDS)
@pytest.mark.parametrize("n", [narrow.BLOCK, N, 10 ** 6 + 7])
def test_sum_and_prod_bit_for_bit(dt, n):
    x = _data(dt, n, nan=False)
    a = wnp.asarray(x)
    same_array(wnp.sum(a), _numpy(np.add, x).astype(dt), dt)
    near_one = (1 + x.astype(F32) * np.float32(0.01)).astype(dt)
    same_array(wnp.prod(wnp.asarray(near_one)), _numpy(np.multiply, near_one).astype(dt), dt)
    # the general path (out=) gives the same bits
    out = wnp.empty((), dtype=dt)
    wnp.sum(a, out=out)
    same_array(out, _numpy(np.add, x).astype(dt), dt)


@pytest.mark.parametrize("dt", NARROW, ids=IDS)
def test_mean_var_std_bit_for_bit(dt):
    x = _data(dt, N, seed=1, nan=False)
    a = wnp.asarray(x)
    s = _numpy(np.add, x)
    same_array(wnp.mean(a), np.true_divide(s, np.float32(N), dtype=F32).astype(dt), dt)
    with np.errstate(all="ignore"):
        want_var = np.var(x if dt == np.float16 else x.astype(F32), dtype=F32, ddof=1)
        want_std = np.std(x if dt == np.float16 else x.astype(F32), dtype=F32)
    same_array(wnp.var(a, correction=1), np.asarray(want_var).astype(dt), dt)
    same_array(wnp.std(a), np.asarray(want_std).astype(dt), dt)


@pytest.mark.parametrize("dt", NARROW[:3], ids=IDS[:3])
def test_nan_reductions_bit_for_bit(dt):
    x = _data(dt, N, seed=2)
    a = wnp.asarray(x)
    src = x if dt == np.float16 else x.astype(F32)
    same_array(wnp.nansum(a), np.asarray(np.nansum(src, dtype=F32)).astype(dt), dt)
    same_array(wnp.nanmean(a), np.asarray(np.nanmean(src, dtype=F32)).astype(dt), dt)
    assert np.isnan(float(wnp.sum(a)))


@pytest.mark.parametrize("dt", NARROW[:3], ids=IDS[:3])
@pytest.mark.parametrize("order", ["C", "F"])
def test_two_dimensional_full_and_axis_reductions(dt, order):
    x = np.asarray(_data(dt, 400 * 500, seed=3, nan=False).reshape(400, 500), order=order)
    a = wnp.asarray(x)
    src = x if dt == np.float16 else x.astype(F32)
    for axis in (None, (0, 1), (1, 0), 0, -1):
        want = np.add.reduce(src, axis=axis, dtype=F32).astype(dt)
        same_array(wnp.sum(a, axis=axis), want, dt)
    same_array(wnp.sum(a, keepdims=True),
               np.add.reduce(src, axis=None, dtype=F32, keepdims=True).astype(dt), dt)


@pytest.mark.parametrize("dt", NARROW[:2], ids=IDS[:2])   # the types with an inf
def test_inf_nan_where_and_empty(dt):
    x = _data(dt, N, seed=4, nan=False)
    x[10] = np.inf
    a = wnp.asarray(x)
    assert float(wnp.sum(a)) == np.inf
    x[11] = -np.inf
    with pytest.warns(RuntimeWarning, match="invalid value"):   # NumPy's own (decision 15)
        assert np.isnan(float(wnp.sum(wnp.asarray(x))))
    mask = np.arange(N) % 3 == 0
    y = _data(dt, N, seed=5, nan=False)
    src = y if dt == np.float16 else y.astype(F32)
    same_array(wnp.sum(wnp.asarray(y), where=mask),
               np.add.reduce(src, dtype=F32, where=mask).astype(dt), dt)
    same_array(wnp.sum(wnp.zeros((0,), dtype=dt)), np.zeros((), dt), dt)
    same_array(wnp.sum(wnp.asarray(np.asarray(1.5, dt))), np.asarray(1.5, dt), dt)


@pytest.mark.parametrize("dt", NARROW[:3], ids=IDS[:3])
def test_cumulative_bit_for_bit(dt):
    rng = np.random.default_rng(6)
    x = (rng.standard_normal((300, 700)) * 0.1).astype(F32).astype(dt)
    src = x if dt == np.float16 else x.astype(F32)
    a = wnp.asarray(x)
    for axis in (0, 1):
        same_array(wnp.cumulative_sum(a, axis=axis),
                   np.add.accumulate(src, axis=axis, dtype=F32).astype(dt), dt)
        same_array(wnp.cumulative_prod(a, axis=axis),
                   np.multiply.accumulate(src, axis=axis, dtype=F32).astype(dt), dt)
    same_array(wnp.cumsum(a), np.add.accumulate(src.reshape(-1), dtype=F32).astype(dt), dt)


def test_half_matmul_through_float32():
    rng = np.random.default_rng(7)
    a = rng.integers(-8, 8, (70, 90)).astype(np.float16)
    b = rng.integers(-8, 8, (90, 50)).astype(np.float16)
    exact = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16)
    same_array(wnp.matmul(wnp.asarray(a), wnp.asarray(b)), exact, np.float16)
    same_array(wnp.asarray(a) @ wnp.asarray(b), exact, np.float16)
    same_array(wnp.tensordot(wnp.asarray(a), wnp.asarray(b), axes=1), exact, np.float16)
    same_array(wnp.vecdot(wnp.asarray(a), wnp.asarray(a)),
               (a.astype(np.float64) ** 2).sum(-1).astype(np.float16), np.float16)
    # random data: float32 sums, one rounding -- within one float16 step of the float64
    # product rounded once plus float32's summation bound (n * 2**-24 * sum |a b|), and
    # rarely off it at all (decision 65)
    x = rng.standard_normal((200, 200)).astype(np.float16)
    got = np.asarray(wnp.matmul(wnp.asarray(x), wnp.asarray(x)))
    x64 = x.astype(np.float64)
    ref = (x64 @ x64).astype(np.float16)
    step = np.maximum(np.spacing(np.abs(got)), np.spacing(np.abs(ref))).astype(np.float64)
    bound = step + 200 * 2.0 ** -24 * (np.abs(x64) @ np.abs(x64))
    off = np.abs(got.astype(np.float64) - ref.astype(np.float64))
    assert (off <= bound).all() and (off != 0).mean() < 0.01


def test_half_outer_is_the_half_product():
    rng = np.random.default_rng(8)
    a, b = (rng.standard_normal(300).astype(np.float16) for _ in range(2))
    want = np.multiply.outer(a, b)   # NumPy's float16 loop: one rounding per product
    same_array(wnp.linalg.outer(wnp.asarray(a), wnp.asarray(b)), want, np.float16)


@pytest.mark.parametrize("dt", NARROW, ids=IDS)
def test_outer_rounds_back_as_the_cast(dt):
    """A large outer product (float32 products rounded back by the compiled core's loop)
    is NumPy's/ml_dtypes' float32 outer cast to the type, quietly as before: overflow
    (float16's past 65504), NaN and zeros too."""
    a, b = (_data(dt, 700, seed=s) for s in (10, 11))
    a[:3] = np.asarray([0.0, -0.0, float(ml_dtypes.finfo(dt).max)], F32).astype(dt)
    with np.errstate(all="ignore"):
        want = np.outer(a.astype(F32), b.astype(F32)).astype(dt)
    with np.errstate(over="ignore"):   # bfloat16's max squared passes float32's
        got = wnp.linalg.outer(wnp.asarray(a), wnp.asarray(b))
    assert same_bits(np.asarray(got), want).all()


AXIS_SHAPES = [(1000, 30), (5, 70_000), (40_000, 2), (300, 300), (10, 10_000), (3, 4, 5000),
               (20, 30, 40), (2, 70_000), (40_000, 1), (1, 20_000)]


@pytest.mark.parametrize("dt", NARROW, ids=IDS)
def test_axis_reductions_slab_by_slab(dt):
    """Sums, products, means, variances over leading or trailing axes (slab by slab, no
    float32 copy for the first three) are NumPy's over the same values, bit for bit:
    float16 with dtype=float32 (NumPy's buffer), the others on a float32 copy."""
    rng = np.random.default_rng(12)
    for shape in AXIS_SHAPES:
        x = _data(dt, int(np.prod(shape)), seed=len(shape) + shape[0]).reshape(shape)
        x[(0,) * (len(shape) - 1) + (slice(None, None, 7),)] = np.nan if dt.itemsize > 1 \
            or dt.name.startswith("float8") else 0
        src = x if dt == np.float16 else x.astype(F32)
        a = wnp.asarray(x)
        for ax in (0, -1, (0, 1), (1, 2), (-1, -2)):
            if max(np.atleast_1d(ax) % len(shape)) >= len(shape) or (
                    isinstance(ax, tuple) and len(shape) == 2 and ax != (0, 1)):
                continue
            keep = bool(rng.integers(2))
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")   # NumPy's "Degrees of freedom <= 0"
                cases = ((wnp.sum, np.add.reduce(src, axis=ax, dtype=F32, keepdims=keep)),
                         (wnp.prod, np.multiply.reduce(src, axis=ax, dtype=F32,
                                                       keepdims=keep)),
                         (wnp.mean, np.mean(src, axis=ax, dtype=F32, keepdims=keep)),
                         (wnp.var, np.var(src, axis=ax, dtype=F32, keepdims=keep)),
                         (wnp.std, np.std(src, axis=ax, dtype=F32, keepdims=keep, ddof=1)))
            for fn, want in cases:
                kw = {"correction": 1} if fn is wnp.std else {}
                with np.errstate(all="ignore"):   # the products overflow, as NumPy's
                    got = np.asarray(fn(a, axis=ax, keepdims=keep, **kw))
                    want = np.asarray(want).astype(dt)
                assert got.dtype == dt and got.shape == want.shape
                assert same_bits(got, want).all(), (
                    shape, ax, fn.__name__)


@pytest.mark.parametrize("dt", NARROW, ids=IDS)
def test_numpy_products_widen_and_round_as_the_casts(dt):
    """``dot``/``inner``/``vdot``/``outer`` of narrow operands: NumPy's float32 call on the
    widened operands, rounded back -- the bits of the casts they replace."""
    rng = np.random.default_rng(13)
    m = rng.standard_normal((150, 200)).astype(F32).astype(dt)
    v = rng.standard_normal(200).astype(F32).astype(dt)
    w = rng.standard_normal(40_000).astype(F32).astype(dt)
    m32, v32, w32 = m.astype(F32), v.astype(F32), w.astype(F32)
    with np.errstate(over="ignore", invalid="ignore"):
        cases = ((wnp.dot(m, v), np.dot(m32, v32)), (wnp.dot(m, m.T), np.dot(m32, m32.T)),
                 (wnp.inner(m, m), np.inner(m32, m32)), (wnp.vdot(w, w), np.vdot(w32, w32)),
                 (wnp.outer(w[:300], w[:500]), np.outer(w32[:300], w32[:500])))
        for got, want in cases:
            want = np.asarray(want).astype(dt)
            assert np.asarray(got).dtype == dt
            assert same_bits(np.asarray(got), want).all()


@pytest.mark.parametrize("dt", NARROW, ids=IDS)
def test_axis_reductions_of_every_layout(dt):
    """sum, prod, nansum, nanprod, mean, var, std over one axis of a 1000x1000 array (the
    compiled core's one pass: C and Fortran order) and of reversed views (NumPy's own
    call), keepdims, dtype= and where= (the general path): NumPy's over the same values,
    bit for bit."""
    x = _data(dt, 10 ** 6, seed=14).reshape(1000, 1000)
    x[5, 6] = np.inf if dt.itemsize == 2 else x[5, 6]
    mask = (np.arange(1000) % 3 == 0)[:, None]
    for data, kind in ((x, "C"), (np.asfortranarray(x), "F"), (x[::-1], "rows reversed"),
                       (x[:, ::-1], "columns reversed")):
        near = (1 + np.nan_to_num(data.astype(F32), posinf=0) * np.float32(1e-3)).astype(dt)
        src = data if dt == np.float16 else data.astype(F32)
        nsrc = near if dt == np.float16 else near.astype(F32)
        a, n = wnp.asarray(data), wnp.asarray(near)
        for ax in (0, 1, -1):
            keep = ax == 1
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                cases = (
                    (wnp.sum(a, axis=ax, keepdims=keep),
                     np.add.reduce(src, axis=ax, dtype=F32, keepdims=keep)),
                    (wnp.prod(n, axis=ax), np.multiply.reduce(nsrc, axis=ax, dtype=F32)),
                    (wnp.nansum(a, axis=ax, keepdims=keep),
                     np.nansum(src, axis=ax, dtype=F32, keepdims=keep)),
                    (wnp.nanprod(n, axis=ax), np.nanprod(nsrc, axis=ax, dtype=F32)),
                    (wnp.mean(a, axis=ax), np.mean(src, axis=ax, dtype=F32)),
                    (wnp.var(a, axis=ax, keepdims=keep),
                     np.var(src, axis=ax, dtype=F32, keepdims=keep)),
                    (wnp.std(a, axis=ax, correction=1), np.std(src, axis=ax, dtype=F32,
                                                               ddof=1)),
                    (a.sum(axis=ax, dtype=F32), np.add.reduce(src, axis=ax, dtype=F32)),
                    (wnp.sum(a, axis=ax, where=mask),
                     np.add.reduce(src, axis=ax, dtype=F32, where=mask)))
                for got, want in cases:
                    got, want = np.asarray(got), np.asarray(want)
                    want = want if got.dtype == F32 else want.astype(dt)
                    assert got.dtype == want.dtype and got.shape == want.shape
                    assert same_bits(got, want).all(), (kind, ax)


@pytest.mark.parametrize("dt", NARROW, ids=IDS)
def test_cumulative_along_later_axes(dt):
    """cumsum/cumprod along a later axis (slabs of whole leading rows; along the first
    axis or past a block per row, slabs along the axis with a carry): NumPy's sequential
    float32 loop over the same values, bit for bit, NaN and signed zeros included."""
    for shape, axes_ in (((3, 4, 5000), (1, 2, -1)), ((2, 70_000), (1,)),
                         ((40_000, 2), (0, 1)), ((9000, 1), (1,))):
        x = (_data(dt, int(np.prod(shape)), seed=shape[0]).reshape(shape).astype(F32)
             * np.float32(0.01)).astype(dt)
        x.reshape(-1)[1::17] = -0.0
        src = x if dt == np.float16 else x.astype(F32)
        a = wnp.asarray(x)
        for axis in axes_:
            with np.errstate(all="ignore"):
                want_s = np.add.accumulate(src, axis=axis, dtype=F32).astype(dt)
                want_p = np.multiply.accumulate(src, axis=axis, dtype=F32).astype(dt)
                got_s, got_p = wnp.cumsum(a, axis=axis), wnp.cumprod(a, axis=axis)
            assert same_bits(np.asarray(got_s), want_s).all(), (shape, axis)
            assert same_bits(np.asarray(got_p), want_p).all(), (shape, axis)


NAN_TYPES = NARROW + [np.dtype(ml_dtypes.float8_e4m3fnuz), np.dtype(ml_dtypes.float6_e3m2fn)]


def _nan_moment(name, x, kw):
    """NumPy's nanmean/nanvar/nanstd as weaknp called it before the fold (float16 itself,
    the others on a float32 copy, ``dtype=float32``), rounded back; its warnings."""
    src = x if x.dtype == np.float16 else x.astype(F32)
    with np.errstate(invalid="ignore", divide="ignore"), \
            warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = np.asarray(getattr(np, name)(src, dtype=F32, **kw))
    return r, [(w.category, str(w.message)) for w in caught]


@pytest.mark.parametrize("dt", NAN_TYPES, ids=[d.name for d in NAN_TYPES])
def test_nan_moments_over_axes_bit_for_bit(dt):
    """nanmean, nanvar, nanstd over axes (the fold, the counts from the narrow bits) and
    over every axis: NumPy's own function on the same values, bit for bit, every axis of
    3-D arrays, rows and columns around the pairwise and lane sizes, NaN (all-NaN rows:
    NumPy's warning and NaN, as before), inf, signed zeros, subnormals, keepdims, ddof,
    dtype= and where= (the general path)."""
    nan_ok = dt.itemsize == 2 or np.isnan(narrow.byte_values(dt)).any()
    for shape in [(1000, 1000), (3, 4, 5), (1, 9000), (9000, 1), (8, 1031), (129, 64),
                  (16, 33), (1025, 9), (2, 4, 2000)]:
        n = int(np.prod(shape))
        x = _data(dt, n, seed=n % 97, nan=False).reshape(shape)
        flat = x.reshape(-1)
        tiny = float(ml_dtypes.finfo(dt).smallest_subnormal)
        flat[3::101] = tiny
        flat[5::103] = -0.0
        if nan_ok:
            flat[7::11] = np.nan
        moments = x.copy()   # no inf: var of inf is NaN (the same, but says little)
        if dt.itemsize == 2:
            flat[9::1009] = np.inf
        if nan_ok and x.ndim == 2 and shape[0] > 2:
            x[1] = np.nan
        for ax in [None] + list(range(x.ndim)) + ([(1, 2)] if x.ndim == 3 else []):
            for name, kw in (("nanmean", {}), ("nanmean", {"keepdims": True}),
                             ("nanvar", {}), ("nanstd", {"ddof": 1}),
                             ("nanvar", {"ddof": 2, "keepdims": True})):
                data = x if name == "nanmean" else moments
                if name != "nanmean" and nan_ok and data.ndim == 2 and shape[0] > 2:
                    data = data.copy()
                    data[1] = np.nan
                want, warned = _nan_moment(name, data, dict(kw, axis=ax))
                if not nan_ok:   # a type without NaN: every NaN is +0 (decision 55)
                    want = np.where(np.isnan(want), np.float32(0), want)
                with np.errstate(invalid="ignore", divide="ignore"), \
                        warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    got = np.asarray(getattr(wnp, name)(wnp.asarray(data), axis=ax, **kw))
                assert [(w.category, str(w.message)) for w in caught] == warned
                assert got.dtype == dt and got.shape == want.shape, (name, shape, ax)
                assert same_bits(got, want.astype(dt)).all(), (name, kw, shape, ax)
    x = _data(dt, 300 * 40, seed=5, nan=nan_ok).reshape(300, 40)
    mask = (np.arange(40) % 3 == 0)[None, :]
    src = x if dt == np.float16 else x.astype(F32)
    with np.errstate(invalid="ignore", divide="ignore"):
        for name in ("nanmean", "nanvar", "nanstd"):
            same_array(getattr(wnp, name)(wnp.asarray(x), axis=0, dtype=F32),
                       getattr(np, name)(src, axis=0, dtype=F32), F32)
            same_array(getattr(wnp, name)(wnp.asarray(x), axis=1, where=mask),
                       np.asarray(getattr(np, name)(src, axis=1, dtype=F32,
                                                    where=mask)).astype(dt), dt)
