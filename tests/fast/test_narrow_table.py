"""float16 unary ops by a table of NumPy's own results (``_fast.narrow.by_table``, issue 24):
bit for bit and warning for warning NumPy's float16 loop, on every value, both builds, the
table forced on (``use_tables(1)``) and, in a child process, chosen by itself where NumPy's
AVX-512 loops are turned off (its float16 loops scalar: the AVX2 level)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from support import NUMPY_SIMD_OFF, run_child

import weaknp as wnp
from weaknp._fast import narrow

#: (weaknp's name, NumPy's ufunc)
OPS = [("exp", np.exp), ("exp2", np.exp2), ("expm1", np.expm1), ("log", np.log),
       ("log2", np.log2), ("log10", np.log10), ("log1p", np.log1p), ("sin", np.sin),
       ("cos", np.cos), ("tan", np.tan), ("asin", np.arcsin), ("acos", np.arccos),
       ("atan", np.arctan), ("sinh", np.sinh), ("cosh", np.cosh), ("tanh", np.tanh),
       ("asinh", np.arcsinh), ("acosh", np.arccosh), ("atanh", np.arctanh),
       ("cbrt", np.cbrt)]
#: every float16 bit pattern, twice, in a shuffled order (a call large enough to build)
EVERY = np.random.default_rng(5).permutation(
    np.tile(np.arange(65536, dtype=np.uint16), 2)).view(np.float16)


@pytest.fixture(params=[1, 0])
def tables(request, conversions):
    """The tables forced on (1) or chosen as by default (0: on this CPU, where NumPy's
    float16 loop is scalar), at every conversion level."""
    before = narrow.use_tables(request.param)
    try:
        yield request.param
    finally:
        narrow.use_tables(before)


def _exact(got, want):
    """The same dtype, shape and bits, NaN payloads included (the tables hold NumPy's own
    results)."""
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype and g.shape == w.shape
    assert g.tobytes() == w.tobytes(), int((g.view(np.uint16) != w.view(np.uint16)).sum())


@pytest.mark.parametrize(("name", "ufunc"), OPS)
def test_every_value_as_numpy(name, ufunc, tables):
    with np.errstate(all="ignore"):
        want = ufunc(EVERY)
        got = getattr(wnp, name)(wnp.asarray(EVERY))
    _exact(got, want)
    assert got.dtype == wnp.float16


def test_table_is_numpy_loop_on_every_pattern():
    x = np.arange(65536, dtype=np.uint16).view(np.float16)
    vals, flags, all_ = narrow.t16_table(np.exp)
    with np.errstate(all="ignore"):
        assert np.array_equal(vals, np.exp(x).view(np.uint16))
    # exp(12) overflows, exp(-20) underflows, exp(1) raises nothing
    over = int(np.float16(12).view(np.uint16))
    under = int(np.float16(-20).view(np.uint16))
    one = int(np.float16(1).view(np.uint16))
    assert flags[over] & narrow.FLAG_OVER and flags[under] & narrow.FLAG_UNDER
    assert flags[one] == 0
    assert all_ == int(np.bitwise_or.reduce(flags))
    with pytest.raises(TypeError, match="t16_table"):
        narrow.t16_table(np.isnan)   # a bool result is not a float16 table


def _record(f, *args):
    """(result bits or the exception's type and text, the warnings' texts)."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = np.asarray(f(*args)).view(np.uint16).tobytes()
        except FloatingPointError as e:
            r = ("FloatingPointError", str(e))
    return r, [(c.category, str(c.message)) for c in w]


#: (ufunc, weaknp's name, the special value put in the middle of ordinary ones)
SPECIALS = [(np.exp, "exp", 12.0), (np.exp, "exp", -20.0), (np.log, "log", -1.0),
            (np.log, "log", 0.0), (np.arccos, "acos", 2.0)]


@pytest.mark.parametrize(("ufunc", "name", "special"), SPECIALS)
@pytest.mark.parametrize("mode", ["raise", "warn", "ignore"])
def test_errstate_as_numpy(ufunc, name, special, mode, tables):
    x = np.linspace(0.5, 2.0, 100_000).astype(np.float16)
    x[54_321] = special
    for state in ({"all": mode}, {"over": mode, "under": "ignore"}, {"under": mode}):
        with np.errstate(**state):
            want = _record(ufunc, x)
        with wnp.errstate(**state):
            got = _record(getattr(wnp, name), wnp.asarray(x))
        assert got == want, state


def test_ordinary_values_raise_nothing_under_raise(tables):
    x = np.linspace(0.5, 2.0, 100_000).astype(np.float16)
    with np.errstate(all="raise"):
        want = np.exp(x)
        got = wnp.exp(wnp.asarray(x))
    _exact(got, want)


def test_out_where_and_layouts(tables):
    x = EVERY[:100_000].reshape(400, 250)
    with np.errstate(all="ignore"):
        # non-contiguous, Fortran order, a view with an offset
        for v in (x[:, ::2], np.asfortranarray(x), x.reshape(-1)[3:]):
            _exact(wnp.sin(wnp.asarray(v)), np.sin(v))
        mask = (np.arange(x.size) % 3 == 0).reshape(x.shape)
        out = np.full(x.shape, 7, np.float16)
        want = np.sin(x, out=out.copy(), where=mask)
        wout = wnp.asarray(out.copy())
        got = wnp.sin(wnp.asarray(x), out=wout, where=wnp.asarray(mask))
        _exact(got, want)
        _exact(wout, want)
        a = x.copy()
        wa = wnp.asarray(a.copy())
        wnp.exp(wa, out=wa)
        _exact(wa, np.exp(a, out=a))


@pytest.mark.parametrize("bad", [
    (np.exp, None), (np.exp, 3), (np.exp, np.zeros(70_000, np.float32)),
    (np.exp, np.zeros((300, 300), np.float16)[:, ::2]), (np.exp, np.float16(1)),
    (np.add, np.zeros(70_000, np.float16)), (np.divmod, np.zeros(70_000, np.float16)),
    (len, np.zeros(70_000, np.float16)), (None, np.zeros(70_000, np.float16)),
    (np.exp, np.zeros(10, np.float16)), (np.exp, np.zeros((), np.float16)),
    (np.exp, np.zeros(70_000, np.uint16)),
    (np.exp, np.frombuffer(bytearray(140_001), np.float16, 70_000, 1)),   # unaligned
])
def test_hostile_arguments_are_refused(bad):
    before = narrow.use_tables(1)
    try:
        assert narrow.by_table(*bad) is None
    finally:
        narrow.use_tables(before)
    with pytest.raises(ValueError, match="use_tables"):
        narrow.use_tables(2)


_CHILD = """
import numpy as np, weaknp as wnp
from weaknp._fast import narrow
x = np.random.default_rng(1).permutation(np.tile(np.arange(65536, dtype=np.uint16), 2))
x = x.view(np.float16)
for name, u in (("exp", np.exp), ("log", np.log), ("tanh", np.tanh)):
    with np.errstate(all="ignore"):
        want, got = u(x), np.asarray(getattr(wnp, name)(wnp.asarray(x)))
    assert np.array_equal(want.view(np.uint16), got.view(np.uint16)), name
    assert narrow._T16_KEYS[u] >= 0, name   # NumPy's float16 loop is scalar: the table
print("ok", narrow.pair_bytes())
"""


def test_chosen_where_numpy_float16_loop_is_scalar():
    assert run_child(_CHILD, NPY_DISABLE_CPU_FEATURES=NUMPY_SIMD_OFF).startswith("ok")
