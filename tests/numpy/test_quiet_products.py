"""The error state around NumPy's call in the small products and ``trace`` (``quietly``):
overflow and invalid are ignored inside, every other kind stays as the user set it, and
NumPy's state after the call is the one before, whatever that state was (the state object
``quietly`` sets is reused per state NumPy holds; under ``errstate(all='ignore')`` it sets
none)."""

import numpy as np
import pytest

import weaknp as wnp
from weaknp._core.plans import quietly

from tests.support import same_array

BIG = np.array([1e30, 1e30], np.float32)
HUGE = np.array([3e38, 3e38], np.float32)
STATES = [{}, {"all": "raise"}, {"all": "ignore"}, {"all": "warn"},
          {"over": "raise", "invalid": "raise", "divide": "raise"},
          {"over": "ignore", "invalid": "ignore"}, {"over": "ignore", "invalid": "raise"},
          {"under": "raise", "divide": "ignore"}]


@pytest.mark.parametrize("state", STATES, ids=str)
@pytest.mark.parametrize("name", ["inner", "vdot", "dot"])
def test_product_overflow_is_inf_in_every_state(state, name):
    # NumPy's own inner/dot of float32 raise "overflow encountered in dot" under
    # errstate(over='raise'); weaknp's products give inf quietly in every state, as before
    with np.errstate(**state):
        before = np.geterr()
        r = getattr(wnp, name)(wnp.asarray(BIG), wnp.asarray(BIG))
        assert np.geterr() == before
    assert r.dtype == np.float32 and r.shape == () and np.isposinf(np.asarray(r))
    assert not r.weak_type


@pytest.mark.parametrize("state", STATES, ids=str)
def test_trace_and_polyadd_overflow(state):
    with np.errstate(**state):
        before = np.geterr()
        t = wnp.trace(wnp.asarray(np.diag(HUGE)))
        p = wnp.polyadd(wnp.asarray(HUGE), wnp.asarray(HUGE))
        assert np.geterr() == before
    assert t.dtype == np.float32 and np.isposinf(np.asarray(t))
    same_array(p, np.array([np.inf, np.inf], np.float32))


def test_product_values_match_numpy():
    rng = np.random.default_rng(0)
    a, b = rng.random(1000, dtype=np.float32), rng.random(1000, dtype=np.float32)
    for name in ("inner", "vdot", "dot"):
        r = getattr(wnp, name)(wnp.asarray(a), wnp.asarray(b))
        expected = getattr(np, name)(a, b)
        assert np.asarray(r).tobytes() == np.float32(expected).tobytes()
    m = rng.random((30, 30), dtype=np.float32)
    assert np.asarray(wnp.trace(wnp.asarray(m))).tobytes() == np.float32(np.trace(m)).tobytes()


@pytest.mark.parametrize("state", STATES, ids=str)
def test_quietly_sets_only_the_kinds_asked(state):
    ignore = {"over": "ignore", "invalid": "ignore"}
    with np.errstate(**state):
        outside = np.geterr()
        for _ in range(3):   # the second and third calls reuse the state made by the first
            inside = quietly(ignore, np.geterr)
            assert inside == {**outside, "over": "ignore", "invalid": "ignore"}
            assert np.geterr() == outside


def test_quietly_follows_a_changed_state_and_the_callback():
    ignore = {"over": "ignore"}
    seen = []
    old = np.seterr(divide="raise")
    try:
        assert quietly(ignore, np.geterr)["divide"] == "raise"
        np.seterr(divide="ignore")
        assert quietly(ignore, np.geterr)["divide"] == "ignore"
        with np.errstate(call=lambda kind, flag: seen.append(kind), divide="call"):
            inside = quietly(ignore, np.geterr)
            assert inside["divide"] == "call" and inside["over"] == "ignore"
            # the callback is the user's inside too
            quietly(ignore, lambda: np.divide(np.float64(1.0), np.float64(0.0)))
        assert seen == ["divide by zero"]
    finally:
        np.seterr(**old)


def test_quietly_passes_arguments_and_errors():
    assert quietly({"over": "ignore"}, divmod, 7, 2) == (3, 1)
    assert quietly({"over": "ignore"}, dict, a=1) == {"a": 1}
    before = np.geterr()
    with pytest.raises(ZeroDivisionError):
        quietly({"over": "ignore"}, divmod, 1, 0)
    assert np.geterr() == before
