"""Integer and bool inputs of median/percentile/quantile, cov/corrcoef, angle and
isposinf/isneginf skip weaknp's own full-size float copies: values are NumPy's on the
float copy it used to make, bit for bit, and the input is never written."""

import numpy as np
import pytest

import weaknp as wnp
from support import same_array

INTS = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


def _values(dt, shape, seed=0):
    rng = np.random.default_rng(seed)
    if dt == "bool":
        return rng.integers(0, 2, shape).astype(bool)
    info = np.iinfo(dt)
    return rng.integers(info.min, info.max, shape, dtype=dt, endpoint=True)


def _work(dt):
    return np.float64 if np.dtype(dt).itemsize == 8 else np.float32


@pytest.mark.parametrize("dt", INTS + ["bool"])
@pytest.mark.parametrize("name,args", [("median", ()), ("percentile", ([5, 50, 99.5],)),
                                       ("quantile", (0.3,)), ("nanmedian", ()),
                                       ("nanpercentile", (37,)),
                                       ("nanquantile", ([0.1, 0.9],))])
def test_order_statistics_partition_their_own_cast(dt, name, args):
    x = _values(dt, (31, 40), 1)
    before = x.copy()
    w = _work(dt)
    for axis in (None, 0, -1):
        for kw in ({}, {"keepdims": True}) + (({"method": "nearest"},) if args else ()):
            # (q reaches NumPy as an array, as weaknp's operands do)
            want = getattr(np, name)(x.astype(w), *map(np.asarray, args), axis=axis,
                                     **kw).astype(w)
            same_array(getattr(wnp, name)(x, *args, axis=axis, **kw), want, w, False)
    assert (x == before).all()
    same_array(wnp.median(np.int32(5)), np.float32(5), "float32", False)


@pytest.mark.parametrize("dt", INTS + ["bool"])
@pytest.mark.parametrize("name", ["cov", "corrcoef"])
def test_cov_of_integers_is_numpys_on_the_cast(dt, name):
    x = _values(dt, (3, 50), 2)
    w = _work(dt)
    with np.errstate(invalid="ignore", divide="ignore"):
        want = getattr(np, name)(x.astype(w)).astype(w)
        same_array(getattr(wnp, name)(x), want, w, False)
        y = _values(dt, (2, 50), 3)
        want = getattr(np, name)(x.astype(w), y.astype(w)).astype(w)
        same_array(getattr(wnp, name)(x, y), want, w, False)


@pytest.mark.parametrize("dt", INTS + ["bool"])
def test_angle_of_integers(dt):
    x = _values(dt, 9, 4)
    w = _work(dt)
    same_array(wnp.angle(x), np.angle(x.astype(w)), w, False)
    same_array(wnp.angle(x, deg=True), np.angle(x.astype(w), deg=True), w, False)
    same_array(wnp.angle(wnp.asarray(-3)), np.angle(np.float64(-3)), "float64", True)


@pytest.mark.parametrize("dt", INTS + ["bool"])
def test_integer_is_never_infinite(dt):
    x = _values(dt, (2, 3), 5)
    for name in ("isposinf", "isneginf"):
        got = getattr(wnp, name)(x)
        same_array(got, getattr(np, name)(x), "bool", False)
        assert np.asarray(got).flags.writeable
    same_array(wnp.isposinf(np.array([], np.int8)), np.array([], bool), "bool", False)
    same_array(wnp.isneginf(np.uint64(7)), np.bool_(False), "bool", False)


@pytest.mark.parametrize("dt", ["int8", "uint8", "int16", "uint16", "int32", "uint32", "bool"])
@pytest.mark.parametrize("n", [1, 129, 65537, 300007])
def test_average_of_integers_folds_numpys_float32_sum(dt, n):
    # np.average of the float32 cast sums it pairwise over the whole array; weaknp folds
    # float32 blocks of the integers in the same tree: the same bits, no full copy.
    x = _values(dt, n, n)
    for arr in (x, x.reshape(1, -1), np.asfortranarray(x.reshape(-1, 1))):
        for kd in (False, True):
            want = np.average(arr.astype(np.float32), keepdims=kd)
            same_array(wnp.average(arr, keepdims=kd), want, "float32", False)
    m = _values(dt, (300, 701), 9)
    same_array(wnp.average(m[:, ::3]), np.average(m[:, ::3].astype(np.float32)), "float32",
               False)
    same_array(wnp.average(m, axis=0), np.average(m.astype(np.float32), axis=0), "float32",
               False)


@pytest.mark.parametrize("dt", INTS + ["bool"])
@pytest.mark.parametrize("dx", [1.0, 1, 0.5, -3])
def test_trapezoid_of_integers_is_numpys_on_the_cast(dt, dx):
    x = _values(dt, (4, 301), 6)
    w = _work(dt)
    for axis in (-1, 0, 1):
        same_array(wnp.trapezoid(x, dx=dx, axis=axis),
                   np.trapezoid(x.astype(w), dx=dx, axis=axis), w, False)
    same_array(wnp.trapezoid(x[0]), np.trapezoid(x[0].astype(w)), w, False)
    same_array(wnp.trapezoid(x[0, :1]), np.trapezoid(x[0, :1].astype(w)), w, False)
    with pytest.raises(IndexError):
        wnp.trapezoid(x, axis=2)


@pytest.mark.parametrize("name,args", [("median", ()), ("percentile", (30,)),
                                       ("nanquantile", (0.5,))])
def test_order_statistics_never_write_a_float_input(name, args):
    # only weaknp's own cast is partitioned in place, never the caller's array
    x = np.random.default_rng(8).standard_normal((50, 41))
    before = x.copy()
    want = getattr(np, name)(x, *args, axis=0)
    same_array(getattr(wnp, name)(x, *args, axis=0), want, "float64", False)
    same_array(getattr(wnp, name)(x, *args), getattr(np, name)(before, *args), "float64",
               False)
    assert (x == before).all()
