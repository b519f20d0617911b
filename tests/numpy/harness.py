"""Shared harness of the NumPy drop-in tests: one table row per call.

A row is ``(id, build, dtype, weak)``: ``build(m)`` makes the call with the namespace
``m`` (weaknp, numpy or jax.numpy) and inputs made by ``A``/``W``; ``dtype``/``weak`` are
weaknp's expected result, written literally.  Three checks use every row:

* ``check_dtype``: weaknp's result has exactly that dtype and weak flag;
* ``check_values``: weaknp's values equal NumPy's on the same inputs (NaN-aware);
* ``check_jax``: jax.numpy (x64) gives the same dtype and weak flag, unless the row's id is
  in the test module's ``JAX_DEVIATIONS`` (id -> reason); rows in ``JAX_LACKS`` check
  that jax.numpy still lacks the function.
"""

import numpy as np
from support import close_array

import weaknp as wnp


def A(m, values, dtype):
    """A strong array of ``dtype`` in namespace ``m``."""
    if m is np:
        return np.asarray(values, dtype=dtype)
    return m.asarray(values, dtype=getattr(m, dtype))


def W(m, value):
    """A weak array (JAX's weak_type=True) in ``m``; NumPy gets a 0-d array."""
    return m.asarray(value)


def _leaves(r):
    if isinstance(r, (list, tuple)):
        for x in r:
            yield from _leaves(x)
    else:
        yield r


def check_dtype(build, dtype, weak):
    got = build(wnp)
    leaves = list(_leaves(got))
    for g in leaves:
        assert isinstance(g, wnp.Array), type(g)
        assert (str(g.dtype), g.weak_type) == (dtype, weak), (g.dtype, g.weak_type)


def check_values(build):
    with np.errstate(all="ignore"):
        want = build(np)
        got = build(wnp)
    gl, wl = list(_leaves(got)), list(_leaves(want))
    assert len(gl) == len(wl)
    for g, w in zip(gl, wl):
        g = np.asarray(g)
        w = np.asarray(w)
        if g.dtype.kind in "fc" or w.dtype.kind in "fc":
            close_array(g, w, rtol=2e-6 if "32" in str(g.dtype) else 1e-12, atol=1e-12)
        else:   # NumPy's integer dtype may be wider than weaknp's: values, not bits
            assert g.shape == w.shape, (g.shape, w.shape)
            np.testing.assert_array_equal(g, w)


# Rows whose function jax.numpy does not provide (AttributeError) or refuses to implement
# (NotImplementedError).  Their dtype is checked against the literal row only; the oracle
# test checks that jax.numpy still lacks them, so an entry goes stale loudly.
JAX_LACKS = frozenset({
    "asanyarray", "ascontiguousarray", "asfortranarray", "asarray_chkfinite", "require",
    "fromiter",  # jnp.fromiter raises NotImplementedError (iterators are not pure)
})


def jax_result(build, jnp):
    r = build(jnp)
    return [(str(x.dtype), bool(getattr(x, "weak_type", False))) for x in _leaves(r)]


def check_jax(case_id, build, dtype, weak, jnp, deviations):
    try:
        got = jax_result(build, jnp)
    except (TypeError, ValueError) as e:
        if case_id in deviations:
            return  # a documented deviation where JAX refuses the call
        raise AssertionError(f"jax.numpy refuses it: {e}") from e
    except (AttributeError, NotImplementedError) as e:
        if case_id in JAX_LACKS:
            return  # checked: jax.numpy still lacks it; test_dtype holds the literal answer
        raise AssertionError(f"jax.numpy fails on {case_id!r} and it is not in "
                             f"JAX_LACKS: {e}") from e
    assert case_id not in JAX_LACKS, f"stale JAX_LACKS entry {case_id!r}: jax.numpy has it now"
    if case_id in deviations:
        assert any(g != (dtype, weak) for g in got), f"stale deviation {case_id}: {got}"
        return
    assert all(g == (dtype, weak) for g in got), got


def table_tests(cases, deviations, skip_values=()):
    """The three table tests of a module's ``CASES`` (assign them to module names)."""
    import pytest  # noqa: PLC0415

    ids = [c[0] for c in cases]

    @pytest.mark.parametrize("case", cases, ids=ids)
    def test_dtype(case):
        check_dtype(case[1], case[2], case[3])

    @pytest.mark.parametrize("case", [c for c in cases if c[0] not in skip_values],
                             ids=[i for i in ids if i not in skip_values])
    def test_values_equal_numpy(case):
        check_values(case[1])

    @pytest.mark.parametrize("case", cases, ids=ids)
    def test_dtype_matches_jax(case, jnp):
        check_jax(case[0], case[1], case[2], case[3], jnp, deviations)

    return test_dtype, test_values_equal_numpy, test_dtype_matches_jax
