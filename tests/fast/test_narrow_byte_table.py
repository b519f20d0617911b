"""The one-byte float types' unary ufuncs by a 256-entry table of the blocks' results
(``_fast.narrow.by_byte_table``, issue 24): bit for bit and warning for warning the float32
blocks they replace and NumPy's float32 loop on the widened values rounded back (NumPy and
ml_dtypes the oracle), on every value of every one-byte type, at every SIMD level, both
builds; and, in a child process, with NumPy's AVX2/AVX-512 loops turned off."""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest
from support import NUMPY_SIMD_OFF, run_child

import weaknp as wnp
from weaknp._fast import narrow

#: every one-byte float type the blocks convert (float8_e8m0fnu keeps its own path)
BYTE_TYPES = sorted((np.dtype(getattr(ml_dtypes, n)) for n in (
    "float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz",
    "float8_e4m3b11fnuz", "float8_e4m3", "float8_e3m4", "float6_e2m3fn", "float6_e3m2fn",
    "float4_e2m1fn") if hasattr(ml_dtypes, n)), key=str)
#: (weaknp's name, NumPy's ufunc): the one-operand ufuncs with no fused loop
OPS = [("exp", np.exp), ("exp2", np.exp2), ("expm1", np.expm1), ("log", np.log),
       ("log2", np.log2), ("log10", np.log10), ("log1p", np.log1p), ("sin", np.sin),
       ("cos", np.cos), ("tan", np.tan), ("asin", np.arcsin), ("acos", np.arccos),
       ("atan", np.arctan), ("sinh", np.sinh), ("cosh", np.cosh), ("tanh", np.tanh),
       ("asinh", np.arcsinh), ("acosh", np.arccosh), ("atanh", np.arctanh),
       ("cbrt", np.cbrt), ("square", np.square), ("reciprocal", np.reciprocal),
       ("deg2rad", np.deg2rad), ("rad2deg", np.rad2deg), ("fabs", np.fabs),
       ("sign", np.sign), ("positive", np.positive)]
BOOL_OPS = [("isnan", np.isnan), ("isinf", np.isinf), ("isfinite", np.isfinite),
            ("signbit", np.signbit)]
#: every bit pattern 300 times, shuffled: a call large enough to build the table
EVERY = np.random.default_rng(7).permutation(np.tile(np.arange(256, dtype=np.uint8), 300))


def _oracle(ufunc, x):
    """NumPy's float32 loop on the widened values, rounded back by ml_dtypes (a NaN into a
    type without NaN is +0, as weaknp's cast)."""
    with np.errstate(all="ignore"):
        r = ufunc(x.astype(np.float32))
        if r.dtype == np.bool_:
            return r
        if not np.isnan(np.array(np.nan, np.float32).astype(x.dtype)):
            r = np.where(np.isnan(r), np.float32(0), r)
        return r.astype(x.dtype)


def _blocks(f, *args):
    """``f(*args)`` by the float32 blocks (the tables off)."""
    before = narrow.use_byte_tables(False)
    try:
        return f(*args)
    finally:
        narrow.use_byte_tables(before)


def _bits(a):
    a = np.asarray(a)
    return a.view(np.uint8) if a.dtype.itemsize == 1 else a


@pytest.mark.parametrize("dt", BYTE_TYPES, ids=str)
@pytest.mark.parametrize(("name", "ufunc"), OPS + BOOL_OPS)
def test_every_value_as_the_blocks_and_numpy(dt, name, ufunc):
    x = EVERY.view(dt)
    with np.errstate(all="ignore"):
        got = np.asarray(getattr(wnp, name)(wnp.asarray(x)))
        old = np.asarray(_blocks(getattr(wnp, name), wnp.asarray(x)))
    assert (ufunc, dt, ufunc in dict(BOOL_OPS).values()) in narrow._B8
    want = _oracle(ufunc, x)
    assert got.dtype == want.dtype == old.dtype
    assert np.array_equal(_bits(got), _bits(want))
    assert np.array_equal(_bits(got), _bits(old))


@pytest.mark.parametrize("dt", BYTE_TYPES, ids=str)
def test_every_level(dt, conversions):
    x = EVERY[: 70_001].view(dt)   # not a multiple of any vector width
    for name, ufunc in (("exp", np.exp), ("tanh", np.tanh), ("isnan", np.isnan)):
        with np.errstate(all="ignore"):
            got = np.asarray(getattr(wnp, name)(wnp.asarray(x)))
        assert np.array_equal(_bits(got), _bits(_oracle(ufunc, x))), name


def test_table_and_flags():
    dt = np.dtype(ml_dtypes.float8_e5m2)
    vals, flags, all_ = narrow.b8_table(np.exp, dt)
    x = np.arange(256, dtype=np.uint8).view(dt)
    assert np.array_equal(vals, _oracle(np.exp, x).view(np.uint8))
    big = int(np.array(57344.0, np.float32).astype(dt).view(np.uint8))   # exp overflows
    one = int(np.array(1.0, np.float32).astype(dt).view(np.uint8))
    assert flags[big] & narrow.FLAG_OVER and flags[one] == 0
    assert all_ == int(np.bitwise_or.reduce(flags))
    vals, flags, all_ = narrow.b8_table(np.log, dt)
    neg = int(np.array(-1.0, np.float32).astype(dt).view(np.uint8))
    zero = int(np.array(0.0, np.float32).astype(dt).view(np.uint8))
    assert flags[neg] & narrow.FLAG_INVALID and flags[zero] & narrow.FLAG_DIVIDE
    assert flags[one] == 0
    _, flags, all_ = narrow.b8_table(np.tanh, dt)
    assert all_ == 0 and not flags.any()


def _record(f, *args):
    """(result bytes or the exception's type and text, the warnings' texts)."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = _bits(f(*args)).tobytes()
        except FloatingPointError as e:
            r = ("FloatingPointError", str(e))
    return r, [(c.category, str(c.message)) for c in w]


SPECIALS = [("exp", 57344.0), ("exp", -57344.0), ("log", -1.0), ("log", 0.0),
            ("acos", 2.0), ("reciprocal", 0.0), ("exp", float("nan"))]


@pytest.mark.parametrize(("name", "special"), SPECIALS)
@pytest.mark.parametrize("mode", ["raise", "warn", "ignore"])
def test_errstate_as_the_blocks(name, special, mode):
    dt = np.dtype(ml_dtypes.float8_e5m2)
    x = np.linspace(0.5, 2.0, 100_000).astype(dt)
    x[54_321] = special
    f = getattr(wnp, name)
    with np.errstate(all="ignore"):
        f(wnp.asarray(x))   # the table built
    for state in ({"all": mode}, {"over": mode, "under": "ignore"}, {"under": mode},
                  {"invalid": mode, "divide": "ignore"}):
        with wnp.errstate(**state):
            want = _record(_blocks, f, wnp.asarray(x))
            got = _record(f, wnp.asarray(x))
        assert got == want, state


def test_ordinary_values_raise_nothing_under_raise():
    dt = np.dtype(ml_dtypes.float8_e4m3fn)
    x = np.linspace(0.5, 2.0, 100_000).astype(dt)
    with np.errstate(all="raise"):
        got = wnp.exp(wnp.asarray(x))
    assert np.array_equal(_bits(got), _bits(_oracle(np.exp, x)))


@pytest.mark.parametrize("dt", BYTE_TYPES[:3], ids=str)
def test_out_where_inplace_and_layouts(dt):
    x = EVERY[: 75_000].view(dt).reshape(300, 250)
    with np.errstate(all="ignore"):
        for v in (x[:, ::2], np.asfortranarray(x), x.reshape(-1)[3:], x[::-1]):
            got = wnp.sin(wnp.asarray(v))
            assert np.array_equal(_bits(got), _bits(_oracle(np.sin, v)))
        mask = (np.arange(x.size) % 3 == 0).reshape(x.shape)
        out = np.full(x.shape, 1.0, np.float32).astype(dt)
        want = _bits(out).copy()
        want[mask] = _bits(_oracle(np.sin, x))[mask]
        wout = wnp.asarray(out.copy())
        got = wnp.sin(wnp.asarray(x), out=wout, where=wnp.asarray(mask))
        assert np.array_equal(_bits(got), want)
        assert np.array_equal(_bits(wout), want)
        wa = wnp.asarray(x.copy())
        wnp.exp(wa, out=wa)
        assert np.array_equal(_bits(wa), _bits(_oracle(np.exp, x)))


_F8 = np.zeros(70_000, ml_dtypes.float8_e4m3fn)


@pytest.mark.parametrize("bad", [
    (np.exp, None), (np.exp, 3), (np.exp, np.zeros(70_000, np.float32)),
    (np.exp, np.zeros((300, 300), ml_dtypes.float8_e4m3fn)[:, ::2]),
    (np.exp, _F8[0]), (np.add, _F8), (np.divmod, _F8), (len, _F8), (None, _F8),
    (np.sqrt, _F8), (np.exp, _F8[:10]), (np.exp, np.zeros((), ml_dtypes.float8_e4m3fn)),
    (np.exp, np.zeros(70_000, np.uint8)), (np.exp, np.zeros(70_000, np.int8)),
    (np.exp, np.zeros(70_000, np.float16)), (np.exp, np.zeros(70_000, ml_dtypes.bfloat16)),
    (np.exp, np.zeros(70_000, ml_dtypes.float8_e8m0fnu)), (np.frexp, _F8),
])
def test_hostile_arguments_are_refused(bad):
    assert narrow.by_byte_table(*bad) is None


def test_switch():
    before = narrow.use_byte_tables(False)
    try:
        assert narrow.by_byte_table(np.exp, _F8) is None
    finally:
        assert narrow.use_byte_tables(before) is False


_CHILD = """
import numpy as np, ml_dtypes, weaknp as wnp
from weaknp._fast import narrow
x = np.random.default_rng(1).permutation(np.tile(np.arange(256, dtype=np.uint8), 300))
for dt in (ml_dtypes.float8_e4m3fn, ml_dtypes.float6_e2m3fn, ml_dtypes.float4_e2m1fn):
    v = x.view(dt)
    for name, u in (("exp", np.exp), ("log", np.log), ("sin", np.sin)):
        with np.errstate(all="ignore"):
            want = u(v.astype(np.float32))
            want = np.where(np.isnan(want), np.float32(0), want) if dt != ml_dtypes.float8_e4m3fn else want
            want = want.astype(dt)
            got = np.asarray(getattr(wnp, name)(wnp.asarray(v)))
        assert np.array_equal(want.view(np.uint8), got.view(np.uint8)), (dt, name)
        assert (u, np.dtype(dt), False) in narrow._B8, (dt, name)
print("ok")
"""


def test_with_numpy_simd_off():
    assert run_child(_CHILD, NPY_DISABLE_CPU_FEATURES=NUMPY_SIMD_OFF).startswith("ok")


@pytest.mark.parametrize("top", [16, 32, 64, 128, 256])
@pytest.mark.parametrize("dt", [np.dtype(ml_dtypes.float8_e4m3fnuz),
                                np.dtype(ml_dtypes.float6_e2m3fn)], ids=str)
def test_lookups_of_bytes_below_top(dt, top, conversions):
    """The AVX2 look-up reads only the rows a block's bytes reach: data whose bytes are
    all below ``top``, then a block of it holding one byte at ``top - 1`` (and, beyond, a
    byte of every row), computed by the tables (exp), the in-place scalar ops and the
    one-operand fused ops, against NumPy's float32 loop rounded back."""
    rng = np.random.default_rng(top)
    bits = rng.integers(0, top, 70_003).astype(np.uint8)
    bits[5000] = top - 1
    bits[-7] = top - 1
    bits[40_000:40_300] = np.arange(300) % 256   # one block with every row
    x = bits.view(dt)
    with np.errstate(all="ignore"):
        for name, ufunc in (("exp", np.exp), ("negative", np.negative)):
            got = np.asarray(getattr(wnp, name)(wnp.asarray(x)))
            assert np.array_equal(_bits(got), _bits(_oracle(ufunc, x))), name
        for stmt, f in (("a *= 2", lambda v: v * np.float32(2)),
                        ("a -= 0.5", lambda v: v - np.float32(0.5))):
            a = wnp.asarray(x.copy())
            exec(stmt, {"a": a})  # noqa: S102 - the in-place statement itself
            assert np.array_equal(_bits(a), _bits(_oracle(f, x))), stmt
