"""The tests' shared comparators: what "the same" and "close" mean, said once.

- ``same_bits(got, want)``: elementwise, bit for bit (NaN matches NaN) -- for exhaustive
  tests that report every mismatch;
- ``same_array(got, want, dtype, weak)``: a weaknp Array of exactly that dtype, weak flag and
  shape, holding ``want``'s values bit for bit (NaN matches NaN) -- the literal regressions;
- ``close_array(got, want, rtol, atol)``: shape and values within tolerances, dtypes not
  compared -- values against NumPy computed in another precision;
- ``outcome(f, *args)``: everything a call does (dtype, weak flag, shape, bytes, or the
  exception type) -- for tests that compare spellings of one operation, with the autouse
  fixture ``no_cast_warnings`` and ``cast_warnings_are_errors``.

``tests/`` is on ``sys.path`` (pytest puts the folder of the root ``conftest.py`` there),
so any test module imports ``from support import ...``.
"""

from __future__ import annotations

import importlib.util
import pathlib
import warnings

import numpy as np
import pytest

import weaknp as wnp
from weaknp._core import dtypes

# ---------------------------------------------------------------------------------------
# Values


def same_bits(got, want) -> np.ndarray:
    """Elementwise (flattened): True where ``got`` and ``want`` hold the same bits, or both
    hold a NaN (of any sign or payload); a complex element matches when both parts do.
    ``-0.0`` does not match ``0.0``.  Arrays of different dtypes or shapes match nowhere.
    Non-numeric dtypes compare with ``==``."""
    g, w = np.asarray(got), np.asarray(want)
    if g.dtype != w.dtype or g.shape != w.shape:
        return np.zeros(max(g.size, 1), bool)
    if g.dtype not in dtypes.INEXACT:
        return (g == w).ravel()
    parts = 2 if g.dtype in dtypes.COMPLEX else 1
    real = dtypes.COMPLEX_TO_REAL.get(g.dtype, g.dtype)
    g, w = g.ravel().view(real), w.ravel().view(real)
    bits = g.view(f"u{real.itemsize}") == w.view(f"u{real.itemsize}")
    with np.errstate(all="ignore"):
        nan = np.isnan(g.astype(np.float64)) & np.isnan(w.astype(np.float64))
    return (bits | nan).reshape(-1, parts).all(axis=1)


def same_array(got, want, dtype=None, weak=False) -> None:
    """Assert that ``got`` is a weaknp ``Array`` of exactly ``dtype`` (by default ``want``'s,
    which must then be an ndarray) with weak flag ``weak``, of ``want``'s shape, holding
    ``want``'s values bit for bit as ``same_bits`` says (NaN matches NaN, ``-0.0`` is not
    ``0.0``).  ``want`` is anything ``np.asarray(want, dtype=dtype)`` takes: literal values,
    or NumPy's answer."""
    assert isinstance(got, wnp.Array), f"got {type(got).__name__}, not an Array"
    dtype = np.dtype(want.dtype if dtype is None else dtype)
    assert got.dtype == dtype, f"dtype {got.dtype}, expected {dtype}"
    assert got.weak_type is weak, f"weak flag {got.weak_type}, expected {weak}"
    want = np.asarray(want, dtype=dtype)
    data = np.asarray(got)
    assert data.shape == want.shape, f"shape {data.shape}, expected {want.shape}"
    assert same_bits(data, want).all(), f"values {data.tolist()}, expected {want.tolist()}"


def close_array(got, want, rtol, atol=0.0) -> None:
    """Assert that ``got`` (an Array, or anything ``np.asarray`` takes) has ``want``'s shape
    and, compared as complex128, values within ``rtol`` and ``atol`` of ``want``'s as
    ``np.testing.assert_allclose`` measures them (NaN matches NaN; an infinity only the
    same infinity).  Dtypes are not compared: check them on their own."""
    g, w = np.asarray(got), np.asarray(want)
    assert g.shape == w.shape, f"shape {g.shape}, expected {w.shape}"
    np.testing.assert_allclose(g.astype(np.complex128), w.astype(np.complex128),
                               rtol=rtol, atol=atol, equal_nan=True)


# ---------------------------------------------------------------------------------------
# Outcomes of calls (test_equivalence, test_weak_scalars, test_call_entries)

CAST_WARNINGS: list = []


def _label(v):
    if isinstance(v, wnp.Array):
        return f"{'weak ' if v.weak_type else ''}{dtypes.dtype_name(v.dtype)}{list(v.shape)}"
    return repr(v)


@pytest.fixture(autouse=True)
def no_cast_warnings():
    """Autouse where imported: the test fails if a cast weaknp made warned (see
    ``cast_warnings_are_errors``)."""
    CAST_WARNINGS.clear()
    yield
    assert not CAST_WARNINGS, "casts weaknp made warned:\n" + "\n".join(CAST_WARNINGS[:20])


def cast_warnings_are_errors():
    """NumPy's warnings about the computation (1 / 0) are NumPy's; a warning about a cast
    is about a cast weaknp made itself, which must be quiet: an error here."""
    warnings.simplefilter("ignore", RuntimeWarning)
    warnings.filterwarnings("error", message=".*encountered in cast")
    warnings.filterwarnings("error", category=np.exceptions.ComplexWarning)


def outcome(f, *args):
    """What a call does: ``("ok", dtype, weak, shape, bytes)``, ``("raise", type)`` or
    ``("type", type, repr)`` for a result that is not an Array.  Two calls are the same
    operation when their outcomes are equal (bytes: ``-0.0`` is not ``0.0``, and NaN
    payloads count)."""
    try:
        r = f(*args)
    except Warning as e:   # a cast warning (see cast_warnings_are_errors)
        CAST_WARNINGS.append(f"{getattr(f, '__name__', f)}{tuple(map(_label, args))}: {e}")
        return ("raise", type(e).__name__)
    except Exception as e:  # noqa: BLE001 - the exception type is the outcome
        return ("raise", type(e).__name__)
    if not isinstance(r, wnp.Array):
        return ("type", type(r).__name__, repr(r))
    d = r._data
    return ("ok", dtypes.dtype_name(d.dtype), r.weak_type, d.shape, d.tobytes())


# ---------------------------------------------------------------------------------------
# The repository's scripts (tools/, benchmarks/), imported from their files

ROOT = pathlib.Path(__file__).resolve().parents[1]


def script_module(relative: str):
    """The module of the script at ``relative`` (a path from the repository's root)."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
