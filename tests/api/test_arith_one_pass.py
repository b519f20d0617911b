"""The one-pass routes of divmod, floor_divide, round(x, decimals), float_power, vecdot,
vander and polyfit give NumPy's values (and weaknp's own special cases), warnings and
errors; sizes are chosen on both sides of each route's threshold."""

import warnings

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from support import same_array, same_bits

#: Above every threshold of the routes (divmod 8192, the cast in the loop 16384 elements).
N = 20000
INTS = ["int8", "uint8", "int16", "int32", "uint32", "int64", "uint64"]


def _messages(record):
    return sorted(str(w.message) for w in record)


def _finite_floats(dt, n, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(n) * 100).astype(dt), (rng.standard_normal(n) * 7 + 0.5).astype(dt)


@pytest.mark.parametrize("n", [N, 7])
@pytest.mark.parametrize("dt", ["float16", "float32", "float64"])
def test_divmod_of_finite_floats_is_numpys_divmod(dt, n):
    x, y = _finite_floats(dt, n)
    with np.errstate(all="ignore"):   # float16 quotients overflow (the two calls' path)
        q, r = wnp.divmod(wnp.asarray(x), wnp.asarray(y))
        nq, nr = np.floor_divide(x, y), np.remainder(x, y)
    same_array(q, nq)
    same_array(r, nr)


@pytest.mark.parametrize("n", [N, 5])
@pytest.mark.parametrize("dt", INTS)
def test_divmod_of_integers_with_edge_values(dt, n):
    info = np.iinfo(dt)
    rng = np.random.default_rng(1)
    x = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
    y = rng.integers(1, 100, n, dtype=dt)
    x[:3] = [info.min, info.max, 0]
    q, r = wnp.divmod(wnp.asarray(x), wnp.asarray(y))
    same_array(q, np.floor_divide(x, y))
    same_array(r, np.remainder(x, y))


@pytest.mark.parametrize("dt", ["int32", "int8", "float32", "float64"])
@pytest.mark.parametrize("mode", ["warn", "ignore", "raise"])
def test_divmod_reports_what_floor_divide_and_remainder_report(dt, mode):
    x, y = (np.arange(N) % 50 - 25).astype(dt), (np.arange(N) % 7 - 3).astype(dt)  # zeros in y
    if np.dtype(dt).kind == "i":
        x[1], y[1] = np.iinfo(dt).min, -1        # overflows
    else:
        x[:4], y[:4] = [np.inf, 1.0, -0.0, np.nan], [2.0, -np.inf, 0.0, 1.0]
    a, b = wnp.asarray(x), wnp.asarray(y)
    with np.errstate(all=mode), warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        try:
            res = wnp.divmod(a, b)
        except FloatingPointError as e:
            res = str(e)
    with np.errstate(all=mode), warnings.catch_warnings(record=True) as want:
        warnings.simplefilter("always")
        try:
            ref = (wnp.floor_divide(a, b), wnp.remainder(a, b))
        except FloatingPointError as e:
            ref = str(e)
    assert _messages(got) == _messages(want)
    if mode != "ignore":
        assert got or isinstance(res, str)   # NumPy's names of the two calls, never divmod's
        assert all("divmod" not in m for m in _messages(got) + [str(res)])
    if isinstance(ref, str):
        assert res == ref
    else:
        same_array(res[0], np.asarray(ref[0]))
        same_array(res[1], np.asarray(ref[1]))


def test_divmod_follows_decision_18_where_one_operand_is_infinite():
    x = np.zeros(N, np.float32)
    y = np.ones(N, np.float32)
    x[:4], y[:4] = [1.0, -1.0, np.inf, -np.inf], [-np.inf, np.inf, 2.0, 3.0]
    with np.errstate(all="ignore"):
        q, r = wnp.divmod(wnp.asarray(x), wnp.asarray(y))
        nr = np.remainder(x, y)
    assert np.asarray(q)[:4].tolist() == [-0.0, -0.0, np.inf, -np.inf]
    assert np.signbit(np.asarray(q)[:2]).all()
    assert same_bits(r, nr).all()


def test_divmod_broadcasts_strides_scalars_and_out():
    x, y = _finite_floats("float32", 2 * N)
    a = wnp.asarray(x.reshape(2, N))
    q, r = wnp.divmod(a[:, ::2], wnp.asarray(y[: N // 2 * 2: 2]))
    same_array(q, np.floor_divide(x.reshape(2, N)[:, ::2], y[: N // 2 * 2: 2]))
    same_array(r, np.remainder(x.reshape(2, N)[:, ::2], y[: N // 2 * 2: 2]))
    q, r = wnp.divmod(wnp.asarray(x), 3)       # a weak int: float32
    same_array(q, np.floor_divide(x, np.float32(3)))
    same_array(r, np.remainder(x, np.float32(3)))
    i = (np.arange(N) - 5000).astype(np.int16)
    q, r = wnp.divmod(-7, wnp.asarray(i[i != 0]))
    same_array(q, np.floor_divide(np.int16(-7), i[i != 0]))
    same_array(r, np.remainder(np.int16(-7), i[i != 0]))
    oq, orr = wnp.empty(N, dtype="int16"), wnp.empty(N, dtype="int16")
    got = wnp.divmod(wnp.asarray(i), 7, out=(oq, orr))
    assert got[0] is oq and got[1] is orr
    same_array(oq, np.floor_divide(i, np.int16(7)))
    same_array(orr, np.remainder(i, np.int16(7)))
    with pytest.raises(OverflowError):
        wnp.divmod(wnp.asarray(i), 40000)
    with pytest.raises(ValueError, match="divide: operands could not be broadcast|"
                                         "floor_divide: operands could not be broadcast"):
        wnp.divmod(wnp.asarray(x), wnp.asarray(y[:3]))


def test_divmod_of_empty_and_zero_d():
    q, r = wnp.divmod(wnp.asarray(np.zeros(0, np.int32)), 3)
    same_array(q, np.zeros(0, np.int32))
    q, r = wnp.divmod(wnp.asarray(np.float64(7.5)), wnp.asarray(np.float64(-2.0)))
    same_array(q, np.float64(-4.0))
    same_array(r, np.float64(-0.5))


@pytest.mark.parametrize("dt", ["float16", "float32", "float64", ml_dtypes.bfloat16])
def test_floor_divide_standard_cases_on_both_sides_of_the_sum_check(dt):
    x, y = _finite_floats(dt, N)
    with np.errstate(all="ignore"):
        same_array(wnp.floor_divide(wnp.asarray(x), wnp.asarray(y)),
                   np.floor_divide(x.astype(np.float32), y.astype(np.float32)).astype(dt)
                   if dt == ml_dtypes.bfloat16 else np.floor_divide(x, y))
    x[[5, 9, 13, 17]] = np.array([np.inf, 1.0, np.nan, -np.inf]).astype(dt)
    y[[5, 9, 13, 17]] = np.array([2.0, -np.inf, np.inf, np.nan]).astype(dt)
    with np.errstate(all="ignore"):
        got = np.asarray(wnp.floor_divide(wnp.asarray(x), wnp.asarray(y)))
    assert got[[5, 9]].astype(np.float64).tolist() == [np.inf, -0.0]
    assert np.signbit(got[9]) and np.isnan(got[[13, 17]].astype(np.float64)).all()


@pytest.mark.parametrize("dt", ["float32", "float64", "float16", "complex64"])
@pytest.mark.parametrize("decimals", [-40, -3, 2, 5, 37, 39, 300, 400])
def test_round_decimals_against_numpy_where_nothing_overflows(dt, decimals):
    rng = np.random.default_rng(3)
    x = (rng.standard_normal(N) * 1000).astype(dt)
    x[:5] = np.array([0.0, -0.0, np.inf, -np.inf, np.nan]).astype(dt)
    with np.errstate(all="ignore"):
        wide = np.round(x.astype(np.complex128 if dt == "complex64" else np.float64), decimals)
        scaled = np.round(x.astype(np.float32), decimals).astype(dt) if dt == "float16" else \
            np.round(x, decimals)
    got = np.asarray(wnp.round(wnp.asarray(x), decimals))
    # where NumPy's own scaling stayed finite, NumPy's value; where it overflowed (no
    # digits at that position) x itself (decision 53)
    keep = np.isfinite(x) & ~np.isfinite(scaled)
    want = np.where(keep, x, scaled)
    assert same_bits(got, want).all()
    if dt == "float64":
        assert same_bits(got[np.isfinite(wide)], want[np.isfinite(wide)]).all()


def test_round_decimals_warns_nothing_even_when_numpy_state_raises():
    x = np.array([3.0e38, 1.5, -2.25] * (N // 3), np.float32)
    with np.errstate(all="raise"), warnings.catch_warnings():
        warnings.simplefilter("error")
        got = wnp.round(wnp.asarray(x), 2)
    assert np.asarray(got)[:3].tolist() == [np.float32(3.0e38), 1.5, -2.25]
    out = wnp.empty(N // 3 * 3, dtype="float32")
    assert wnp.around(wnp.asarray(x), 1, out=out) is out
    assert np.asarray(out)[:3].tolist() == [np.float32(3.0e38), 1.5, np.float32(-2.2)]


@pytest.mark.parametrize("dt", ["float16", "float32", "complex64"])
def test_float_power_casts_in_the_loop_with_the_old_values_and_warnings(dt):
    rng = np.random.default_rng(4)
    x = (rng.standard_normal(N) * 3).astype(dt)
    y = (rng.standard_normal(N) * 2).astype(dt)
    wide = np.complex128 if dt == "complex64" else np.float64
    with np.errstate(all="ignore"):
        want = np.float_power(x.astype(wide), y.astype(wide)).astype(dt)
    with warnings.catch_warnings(record=True) as got_w:
        warnings.simplefilter("always")
        got = wnp.float_power(wnp.asarray(x), wnp.asarray(y))
    with warnings.catch_warnings(record=True) as want_w:
        warnings.simplefilter("always")
        np.float_power(x.astype(wide), y.astype(wide))
    same_array(got, want)
    assert _messages(got_w) == _messages(want_w)   # NumPy's float_power warnings, no cast's
    # non-contiguous, broadcast, scalar, out=
    same_array(wnp.float_power(wnp.asarray(x)[::2], 2), want_square := np.float_power(
        x[::2].astype(wide), 2).astype(dt))
    assert want_square.size == N // 2
    m = wnp.asarray(x.reshape(2, -1))
    with np.errstate(all="ignore"):
        same_array(wnp.float_power(m, wnp.asarray(y[: N // 2])),
                   np.float_power(x.reshape(2, -1).astype(wide), y[: N // 2].astype(wide)).astype(dt))
    out = wnp.empty(N, dtype=dt)
    with np.errstate(all="ignore"):
        assert wnp.float_power(wnp.asarray(x), wnp.asarray(y), out=out) is out
    same_array(out, want)


def test_float_power_beyond_float32_is_inf_without_a_cast_warning():
    x = np.full(N, 3.0e38, np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = wnp.float_power(wnp.asarray(x), 2.0)
    assert np.isposinf(np.asarray(got)).all() and got.dtype == np.float32


@pytest.mark.parametrize("dt", ["float32", "float64", "int8", "complex64", "complex128",
                                "bfloat16", "float16"])
@pytest.mark.parametrize("sa,sb,axis", [((1000,), (1000,), -1), ((3, 1000), (1000,), -1),
                                         ((50, 40), (50, 40), 0), ((4, 1, 33), (5, 33), -1),
                                         ((0, 5), (5,), -1), ((6, 5), (6, 5), -2),
                                         ((5, 3), (5,), 0), ((2, 7, 3), (7, 3), -2),
                                         ((100, 8), (100, 8), -1)])
def test_vecdot_along_the_axis(dt, sa, sb, axis):
    """float32/float64/complex: NumPy's own vecdot of the same arrays, bit for bit (its
    dot per row, decision 89); integers (exact either way) and narrow floats (einsum's
    float32 sum of the widened operands, rounded once: decisions 65, 84) against einsum
    along each operand's own axis, as NumPy's vecdot reads ``axis``."""
    rng = np.random.default_rng(5)
    x = (rng.standard_normal(sa) * 5).astype(dt)
    y = (rng.standard_normal(sb) * 5).astype(dt)
    if dt in ("float32", "float64", "complex64", "complex128"):
        x = x + 1j * (rng.standard_normal(sa) * 5).astype(dt) if "complex" in dt else x
        want = np.vecdot(x, y, axis=axis)
    else:
        wide = np.float32 if dt in ("bfloat16", "float16") else dt
        xb, yb = np.moveaxis(x.astype(wide), axis, -1), np.moveaxis(y.astype(wide), axis, -1)
        want = np.einsum("...i,...i->...", xb, yb).astype(dt)
    assert want.shape == np.vecdot(np.ones(sa), np.ones(sb), axis=axis).shape
    same_array(wnp.vecdot(wnp.asarray(x), wnp.asarray(y), axis=axis), want)
    same_array(wnp.linalg.vecdot(wnp.asarray(x), wnp.asarray(y), axis=axis), want)


@pytest.mark.parametrize("dt", ["float32", "float16", "int32", "int8", "bool", "uint8",
                                ml_dtypes.bfloat16])
@pytest.mark.parametrize("n,N_,inc", [(1000, None, False), (300, 1000, True), (2000, 80, False),
                                      (5, 3, False), (0, None, False)])
def test_vander_in_row_blocks_is_numpys_wider_vander_cast_back(dt, n, N_, inc):
    rng = np.random.default_rng(6)
    with np.errstate(all="ignore"):
        x = (rng.standard_normal(n) * 3).astype(dt)
        if n > 4 and np.dtype(dt).kind == "f":
            x[:3] = [np.inf, np.nan, -0.0]
        work = x.astype(np.float32) if dt == ml_dtypes.bfloat16 else x
        want = np.vander(work, N_, inc).astype(dt)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = wnp.vander(wnp.asarray(x), N_, inc)
    same_array(got, want)


@pytest.mark.parametrize("dt", ["float32", "float16"])
@pytest.mark.parametrize("kw", [{}, {"full": True}, {"cov": "unscaled"}, {"rcond": 1e-3},
                                {"w": np.linspace(1, 2, 5000)}])
def test_polyfit_of_narrow_data_is_numpys_float64_fit(dt, kw):
    x = np.linspace(0, 1, 5000).astype(dt)
    y = (np.sin(np.linspace(0, 3, 5000)) + np.cos(np.arange(5000)) / 100).astype(dt)
    want = np.polyfit(x.astype(np.float64), y.astype(np.float64), 3, **kw)
    got = wnp.polyfit(wnp.asarray(x), wnp.asarray(y), 3, **kw)
    if not isinstance(want, tuple):
        want, got = (want,), (got,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        w = np.asarray(w)
        same_array(g, w.astype(dt) if w.dtype.kind == "f" else w,
                   dtype=dt if w.dtype.kind == "f" else None)


def test_trace_and_joined_products_stay_quiet_and_restore_the_error_state():
    m = np.full((3, 3), 3.0e38, np.float32)
    with np.errstate(all="raise", under="warn"), warnings.catch_warnings():
        warnings.simplefilter("error")
        got = wnp.trace(wnp.asarray(m))
        added = wnp.polyadd(wnp.asarray(m[0]), wnp.asarray(m[0]))
        assert np.geterr() == {"divide": "raise", "over": "raise", "under": "warn",
                               "invalid": "raise"}
    same_array(got, np.float32(np.inf))
    same_array(added, np.full(3, np.inf, np.float32))
    same_array(wnp.asarray(m).trace(offset=2), np.float32(3.0e38))
    same_array(wnp.trace(wnp.asarray(np.arange(24, dtype=np.int8).reshape(2, 3, 4)), 1, 1, 2),
               np.trace(np.arange(24, dtype=np.int64).reshape(2, 3, 4), 1, 1, 2))
    with pytest.raises(ValueError):
        wnp.trace(wnp.asarray(np.ones(3)))


@pytest.mark.parametrize("dt", ["int8", "uint16", "int32", "uint64", "bool"])
@pytest.mark.parametrize("shape,args", [((60, 50), ()), ((60, 50), (-3,)), ((4, 30, 30), (1, 1, 2)),
                                        ((30, 30, 4), (-2, 0, 1)), ((0, 0), ())])
@pytest.mark.parametrize("dtype", [None, "int64", "uint8"])
def test_integer_trace_sums_the_diagonal_in_the_wider_dtype(dt, shape, args, dtype):
    info = np.iinfo(dt) if dt != "bool" else None
    rng = np.random.default_rng(10)
    x = rng.integers(0, 2, shape).astype(bool) if info is None else \
        rng.integers(info.min, info.max, shape, dtype=dt, endpoint=True)
    wide = dtype or ("uint64" if dt.startswith("u") else "int64")
    want = np.trace(x.astype(wide), *args)
    same_array(wnp.trace(wnp.asarray(x), *args, dtype=dtype), np.asarray(want, wide))
    same_array(wnp.asarray(x).trace(*args, dtype=dtype), np.asarray(want, wide))


@pytest.mark.parametrize("dt", ["int8", "int32", "uint32", "int64", "bool"])
def test_frexp_and_modf_of_integers_cast_in_the_loop(dt):
    x = (np.arange(-600, 600) * 37).astype(dt)[::3]
    flt = np.float64 if np.dtype(dt).itemsize == 8 else np.float32
    m, e = wnp.frexp(wnp.asarray(x))
    nm, ne = np.frexp(x.astype(flt))
    same_array(m, nm)
    same_array(e, ne.astype(np.int32))
    f, i = wnp.modf(wnp.asarray(x))
    nf, ni = np.modf(x.astype(flt))
    same_array(f, nf)
    same_array(i, ni)


@pytest.mark.parametrize("sa,sb,axis", [((1000,), (1000,), -1), ((300, 40), (40,), -1),
                                         ((50, 40), (50, 40), 0), ((4, 1, 33), (5, 33), -1),
                                         ((0, 5), (5,), -1)])
def test_vecdot_of_bool_is_any_of_and(sa, sb, axis):
    rng = np.random.default_rng(11)
    x, y = rng.random(sa) < 0.05, rng.random(sb) < 0.05
    xb, yb = np.broadcast_arrays(x, y)
    want = np.einsum("...i,...i->...", np.moveaxis(xb, axis, -1), np.moveaxis(yb, axis, -1))
    assert want.dtype == bool and 0 < want.sum() < want.size or want.size <= 1
    same_array(wnp.vecdot(wnp.asarray(x), wnp.asarray(y), axis=axis), want)


@pytest.mark.parametrize("axis", [-2, 1, 2, -3])
def test_vecdot_axis_beyond_an_operand_is_axis_error(axis):
    # NumPy raises AxisError (an IndexError and a ValueError) naming the axis
    with pytest.raises(np.exceptions.AxisError, match=f"vecdot: axis {axis} is out of bounds"):
        wnp.vecdot(wnp.ones((2, 3)), wnp.ones(3), axis=axis)
    with pytest.raises(np.exceptions.AxisError):
        np.vecdot(np.ones((2, 3)), np.ones(3), axis=axis)
