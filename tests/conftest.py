"""Shared fixtures: the JAX oracle (x64, skipped cleanly without jax)."""

import os

import pytest

# SciPy reads SCIPY_ARRAY_API once, when first imported (and scikit-learn's
# array_api_dispatch refuses to start without it): set it here, before any test module
# (tests/ecosystem) can import SciPy, in the main process and in every xdist worker.
os.environ.setdefault("SCIPY_ARRAY_API", "1")


def pytest_report_header(config):
    import weaknp  # noqa: PLC0415 - after the environment is set up

    build = "compiled" if weaknp.__compiled__ else "pure Python"
    return f"weaknp dispatch core: {build} ({weaknp._fast.dispatch.__file__})"


@pytest.fixture(scope="session")
def jnp():
    """``jax.numpy`` with x64 enabled (the oracle for weaknp's default mode)."""
    jax = pytest.importorskip("jax", reason="jax is the differential-test oracle (extra 'oracle')")
    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_platforms", "cpu")
    # The differential tests make JAX raise thousands of times (a refusal is an answer);
    # JAX's traceback filtering walks every frame of pytest's deep stack on each raise
    # (tests/differential took 18% more CPU with it).  Off, the exceptions are the same,
    # their tracebacks unfiltered.
    jax.config.update("jax_traceback_filtering", "off")
    import jax.numpy as jnp_  # noqa: PLC0415 - optional oracle

    return jnp_
