"""Helpers for the ecosystem tests: weaknp met through the libraries that call it.

Every test here runs a library's own code (scikit-learn, SciPy, xarray, pandas, matplotlib,
array-api-extra, einops: the optional ``ecosystem`` extra) on weaknp arrays, and checks
the values against the same call on NumPy arrays (the oracle), the dtype literally, and
that results are still weaknp arrays.  A module whose library is not installed skips with
the extra's name.

``WEAKNP_ECOSYSTEM_NAMESPACE=array_api_strict`` runs the same cases against
array-api-strict instead (a comparison, not part of CI): ``python
tools/ecosystem_compare.py`` counts both.  ``SCIPY_ARRAY_API=1`` is set by
``tests/conftest.py`` because SciPy reads it once, when first imported.
"""

import importlib
import os

import numpy as np
import pytest
from support import close_array

#: The namespace under test: weaknp, or array_api_strict for the comparison run.
NAMESPACE = os.environ.get("WEAKNP_ECOSYSTEM_NAMESPACE", "weaknp")
xp = importlib.import_module(NAMESPACE)
ARRAY = type(xp.asarray(0.0))
DTYPES = ["float32", "float64"]


def require(module):
    """Import ``module`` or skip: it is part of the optional ``ecosystem`` extra."""
    return pytest.importorskip(
        module, reason=f"{module} is in the optional 'ecosystem' extra "
                       f"(pip install '.[ecosystem]')")


def data(shape, dtype, seed=0):
    """Standard-normal NumPy data of ``dtype`` (the oracle's input; ``xp.asarray`` it)."""
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def check(result, expected, dtype, rtol=None, atol=0.0):
    """``result`` is an array of the namespace under test, of ``dtype``, equal to ``expected``
    (NumPy's answer) within ``rtol`` (by default a few ulps of ``dtype``)."""
    assert isinstance(result, ARRAY), f"got {type(result).__name__}, not {ARRAY.__name__}"
    assert result.dtype == getattr(xp, dtype), f"dtype {result.dtype}, expected {dtype}"
    if rtol is None:
        rtol = {"float32": 2e-5, "float64": 1e-12}.get(dtype, 0)
    close_array(np.asarray(result), expected, rtol, atol)
