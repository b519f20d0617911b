"""The tests' shared comparators: what "the same" and "close" mean, said once.

- ``same_bits(got, want)``: elementwise, bit for bit (NaN matches NaN) -- for exhaustive
  tests that report every mismatch;
- ``same_array(got, want, dtype, weak)``: a weaknp Array of exactly that dtype, weak flag and
  shape, holding ``want``'s values bit for bit (NaN matches NaN) -- the literal regressions;
- ``close_array(got, want, rtol, atol)``: shape and values within tolerances, dtypes not
  compared -- values against NumPy computed in another precision;
- ``numpy_match(w, n)``: weaknp's value against NumPy's for the same code (docstring
  examples, tutorials): None or why not, dtypes compared as far as the lattice explains
  them;
- ``outcome(f, *args)``: everything a call does (dtype, weak flag, shape, bytes, or the
  exception type) -- for tests that compare spellings of one operation, with the autouse
  fixture ``no_cast_warnings`` and ``cast_warnings_are_errors``.

``tests/`` is on ``sys.path`` (pytest puts the folder of the root ``conftest.py`` there),
so any test module imports ``from support import ...``.
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import subprocess
import sys
import warnings

import numpy as np
import pytest

import weaknp as wnp
from weaknp._core import dtypes
from weaknp._numpy.polyclasses import ABCPolyBase

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
# A value weaknp gave against the value NumPy gave for the same code (NumPy's docstring
# examples, tutorials run cell by cell)

_KIND = {"b": "b", "i": "i", "u": "i", "f": "f", "c": "c"}


def _dtype_explained(w, n) -> bool:
    """weaknp's dtype ``w`` where NumPy gave ``n``: equal, or the difference the lattice
    explains -- the same kind (bool, integer, float, complex) and not wider than NumPy's
    (JAX's lattice never widens beyond NumPy: ``mean(int8)`` is float32 here, float64 there)."""
    if w == n:
        return True
    kw, kn = _KIND.get(w.kind), _KIND.get(n.kind)
    return kw is not None and kw == kn and w.itemsize <= n.itemsize


def _as_ndarray(v):
    if isinstance(v, wnp.Array):
        return np.asarray(v)
    if isinstance(v, (np.ndarray, np.generic)):
        return np.asarray(v)
    return None


def _plain_poly(v):
    """A ``poly1d`` (NumPy's or weaknp's) compared by its coefficients; a series of
    ``numpy.polynomial`` (NumPy's or weaknp's) by its class, coefficients, domain, window."""
    if isinstance(v, np.poly1d) or type(v).__name__ == "poly1d":
        return np.asarray(v.coeffs)
    if isinstance(v, (np.polynomial._polybase.ABCPolyBase, ABCPolyBase)):
        return (type(v).__name__, v.coef, v.domain, v.window)
    return v


def _masked_match(w, n, depth):
    """A masked array (NumPy's ``n``, weaknp's ``w``): the same mask and the same data
    where unmasked; ``masked`` (the constant) only by ``masked``."""
    if not isinstance(w, wnp.ma.MaskedArray):
        return f"weaknp gave {type(w).__name__}, NumPy a masked array"
    if n is np.ma.masked or w is wnp.ma.masked:
        return None if (n is np.ma.masked) == (w is wnp.ma.masked) else \
            "masked vs NumPy's masked array" if w is wnp.ma.masked else \
            "a masked array vs NumPy's masked"
    nm, wm = np.ma.getmaskarray(n), np.asarray(wnp.ma.getmaskarray(w))
    if wm.shape != nm.shape or not np.array_equal(wm, nm):
        return f"mask {wm.ravel()[:6]} vs NumPy's {nm.ravel()[:6]}"
    nd, wd = np.asarray(n.data), np.asarray(w.data)
    if wd.shape != nd.shape:
        return f"shape {wd.shape} vs NumPy's {nd.shape}"
    return numpy_match(wd[~nm], nd[~nm], depth + 1)  # not the data under the mask


def numpy_match(w, n, depth: int = 0):
    """None when ``w`` (weaknp's value) matches ``n`` (NumPy's), else a short why not.

    Arrays and NumPy scalars: the same shape, a dtype the lattice explains
    (``_dtype_explained``), values within the tolerance of the narrower float dtype (8 of
    its epsilons, at least 1e-7; NaN matches NaN); non-numeric dtypes exactly.  A Python
    number matches a 0-d array of its value.  Lists and tuples element by element; dtypes
    as above; strings, dicts and ``None`` by equality.  Other objects (iterators, functions,
    NumPy's own classes) are not compared."""
    if depth > 4:
        return None
    if isinstance(n, np.ma.MaskedArray):
        return _masked_match(w, n, depth)
    if isinstance(w, wnp.ma.MaskedArray):
        return f"weaknp gave a masked array, NumPy {type(n).__name__}"
    w, n = _plain_poly(w), _plain_poly(n)
    na, wa = _as_ndarray(n), _as_ndarray(w)
    if na is not None or wa is not None:
        if wa is None:
            if isinstance(w, (bool, int, float, complex)) and na is not None and na.ndim == 0:
                wa = np.asarray(w)
            else:
                return f"weaknp gave {type(w).__name__}, NumPy an array"
        if na is None:
            if isinstance(n, (bool, int, float, complex)):
                if wa.ndim != 0:
                    return f"shape {wa.shape} vs NumPy's scalar"
                return _numbers_match(wa, np.asarray(n), check_dtype=False)
            return f"weaknp gave an array, NumPy {type(n).__name__}"
        if wa.shape != na.shape:
            return f"shape {wa.shape} vs NumPy's {na.shape}"
        return _numbers_match(wa, na)
    if isinstance(n, (list, tuple)):
        if not isinstance(w, (list, tuple)) or len(w) != len(n):
            return f"{type(w).__name__} vs NumPy's {type(n).__name__} of {len(n)}"
        for a, b in zip(w, n):
            why = numpy_match(a, b, depth + 1)
            if why:
                return why
        return None
    if isinstance(n, np.dtype) or isinstance(w, np.dtype):
        try:
            return None if _dtype_explained(np.dtype(w), np.dtype(n)) else \
                f"dtype {w} vs NumPy's {n}"
        except TypeError:
            return f"{w!r} vs NumPy's {n!r}"
    if isinstance(n, (bool, int, float, complex)) and isinstance(w, (bool, int, float, complex)):
        return _numbers_match(np.asarray(w), np.asarray(n), check_dtype=False)
    if isinstance(n, (dict, str, bytes)) or n is None:
        return None if w == n else f"{w!r} vs NumPy's {n!r}"
    return None


def _numbers_match(wa, na, check_dtype=True):
    if check_dtype and not _dtype_explained(wa.dtype, na.dtype):
        return f"dtype {wa.dtype} vs NumPy's {na.dtype}"
    if wa.dtype.kind not in "biufc" or na.dtype.kind not in "biufc":
        return None if np.array_equal(wa, na) else "values differ"
    narrow = wa.dtype if wa.dtype.kind in "fc" and (na.dtype.kind not in "fc" or
                                                    wa.dtype.itemsize < na.dtype.itemsize) \
        else na.dtype
    rtol = 1e-7 if narrow.kind not in "fc" else max(1e-7, 8 * float(np.finfo(narrow).eps))
    try:
        ok = np.allclose(wa.astype(np.complex128), na.astype(np.complex128),
                         rtol=rtol, atol=rtol, equal_nan=True)
    except (TypeError, ValueError):
        ok = np.array_equal(wa, na)
    return None if ok else f"values differ: {wa.ravel()[:6]} vs NumPy's {na.ravel()[:6]}"


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


#: NumPy's dispatch targets from AVX2 up: a child process with these off runs NumPy's
#: baseline loops (a CPU without AVX2).  NumPy 2.4 names them by x86-64 level; before it,
#: one by one (numpy 2.3 in CI's oldest environment)
NUMPY_SIMD_OFF = ("X86_V3 X86_V4 AVX512_ICL AVX512_SPR"
                  if tuple(int(p) for p in np.__version__.split(".")[:2]) >= (2, 4) else
                  "F16C FMA3 AVX2 AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL "
                  "AVX512_ICL AVX512_SPR")


def run_child(code: str, **env) -> str:
    """``code`` run by a new Python with this one's ``sys.path`` and ``env`` added to the
    environment (read before NumPy is imported there); its stdout, after asserting that
    it exited with 0."""
    env = dict(os.environ, **env)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                       text=True, timeout=300, check=False)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout
