"""NumPy's own docstring examples, run with ``np`` bound to numpy and to weaknp.

For every function weaknp provides under a NumPy name (the namespace, ``linalg``, ``fft``),
the examples of NumPy's docstring run in order, once per library, each in a fresh
namespace.  Each expression's value is compared numerically (not its text):

* the same type of container, shape and values (NaN-aware; the tolerance of the narrower
  float dtype);
* a dtype difference counts only where the lattice explains it: the same kind (bool,
  integer, float, complex) and not wider than NumPy's dtype (weaknp's lattice is JAX's,
  which never widens beyond NumPy: ``int8 + int8`` is int8 in both, ``mean(int8)`` is
  float32 here and float64 in NumPy);
* an example that raises in NumPy must raise in weaknp too (any exception type);
* examples drawing random numbers, marked ``+SKIP``, or printing only, run without a
  comparison.

Examples about object dtypes, matrices, ctypes, memmap, recarray/chararray and matplotlib
are skipped (``SKIP``, counted and printed); so are docstrings left without examples.  The
namespaces covered: weaknp's own names, ``linalg``, ``fft``, ``char``, ``strings``, ``rec``,
``ma``, ``polynomial`` and its six series modules.  ``KNOWN`` lists each docstring not
fully matched, with the reason (``DEVIATIONS``: deliberate, with the decision's number in
docs/decisions.md; ``PENDING``: gaps weaknp still has); the test fails when one of them
starts matching (stale entry) and when another one stops matching.  Run
``python tests/numpy/test_numpy_docstrings.py`` for the table.

The same comparison covers the docstrings of NumPy's objects that are not functions of
the namespace (types, ufunc objects and methods, array attributes, protocols, submodules:
``docstring_objects.py``), through ``docstring_diff.py``.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import os
import pathlib
import re
import sys
import warnings

import numpy
import pytest
from docstring_diff import compare_docstring, scratch_directory, weaknp_source
from docstring_objects import NAMES
from support import numpy_match

import weaknp

#: Examples skipped: their subject stays outside weaknp (each with why).
SKIP = re.compile("|".join((
    r"matplotlib|plt\.|\bplt\b",           # plots: drawing, no values to compare
    r"np\.matrix|np\.asmatrix",             # np.matrix: deprecated by NumPy, not provided
    r"dtype=object|np\.object_|dtype='O|dtype=\"O",  # object dtypes refused (decision 72)
    r"np\.ctypeslib|\.ctypes\b",            # ctypes pointers into NumPy's buffers
    r"np\.memmap",                          # memory-mapped files: no weaknp memmap
    r"np\.recarray|np\.rec\.recarray",      # recarray: weaknp.rec gives plain Arrays (74)
    r"np\.char\.chararray|\.view\(np\.char",  # chararray: deprecated by NumPy, not provided
)))

#: Examples whose value is not compared (random draws, NumPy's own object reprs).
NO_VALUE = re.compile(r"random|np\.empty|default_rng|id\(|\.ctypes|\.flags|__array_interface__|"
                      r"np\.show|np\.info|getbuffer|tobytes|np\.get_printoptions")

#: Docstrings not fully matched because weaknp deliberately differs (docs/decisions.md),
#: with the first example that shows it.
DEVIATIONS: dict[str, str] = {
    "arange": "arange(0, 5, 0.5, dtype=int) is the floor of the float values (0 0 1 1 2 2); "
              "NumPy computes in int after truncating the step (all zeros)",
    "array_repr": "the repr of a weaknp array reads Array([1, 2], dtype=int64), as JAX's does",
    "full_like": "full_like(int_array, 0.1): a float into an int array raises (decision 11); "
                 "NumPy truncates to 0",
    "histogram": "edges have the inexact dtype of the data (decision 24); NumPy keeps integer "
                 "bins' own dtype",
    "histogram_bin_edges": "edges have the inexact dtype of the data; NumPy keeps integer "
                           "bins' own dtype",
    "insert": "storing [7.13, False] into an int array raises (decision 22); NumPy truncates",
    "isin": "a Python set is refused (NumPy makes it a 0-d object array and finds nothing)",
    "ldexp": "ldexp(5, int64 array) is float64 (the inexact rule); NumPy picks float16",
    "linalg.eig": "eig/eigvals are always complex (as JAX); NumPy returns real when it can",
    "linalg.eigvals": "eig/eigvals are always complex (as JAX); NumPy returns real when it can",
    "ndarray": "np.ndarray(shape, ...) : Array's constructor is guarded (use wnp.empty, "
               "wnp.asarray); wnp.ndarray is Array for isinstance",
    "median": "overwrite_input=True never overwrites the input (allowed by NumPy's docs)",
    "percentile": "overwrite_input=True never overwrites the input (allowed by NumPy's docs)",
    "quantile": "overwrite_input=True never overwrites the input (allowed by NumPy's docs)",
    "promote_types": "non-native byte orders ('>i8') are not weaknp dtypes",
    "trim_zeros": "a list input gives an Array (NumPy returns a list)",
    "unique_values": "sorted (as unique); NumPy 2.3+ returns hash order",
    # issue 25's namespaces and dtypes
    "ma.arange": "as arange: arange(0, 5, 0.5, dtype=int) floors the float values",
    "ma.MaskedArray": "np.False_ is np.ma.nomask: weaknp has no NumPy bool scalar (45)",
    "ma.array": "np.False_ is np.ma.nomask: weaknp has no NumPy bool scalar (45)",
    "ma.masked_array": "np.False_ is np.ma.nomask: weaknp has no NumPy bool scalar (45)",
    "mean": "mean of timedelta64: reductions take numbers only (72); NumPy averages dates",
    "isreal": "isreal of a string array raises (72); NumPy answers a scalar False",
    "frompyfunc": "oct_array(...): weaknp's frompyfunc gives strings, not dtype object (72)",
    "char.splitlines": "its result is an object array of lists: object dtypes refused (72)",
    "char.translate": "a[0].maketrans: an element is a 0-d Array, not a str (45)",
    "strings.translate": "a[0].maketrans: an element is a 0-d Array, not a str (45)",
    "strings.slice": "np.dtypes.StringDType: variable-width strings are not carried (79); "
                     "the fixed-width examples match",
    "rec.array": "c.x: weaknp.rec gives plain Arrays, fields by c['x'] (74)",
    "concat": "np.concatenate([masked, x]) keeps the masks (weaknp.ma.concatenate, 80); "
              "NumPy's drops them (mask=False)",
    "concatenate": "as concat: the masks are kept (80); NumPy's np.concatenate drops them",
    "rec.fromarrays": "r.a: weaknp.rec gives plain Arrays, fields by r['a'] (74)",
    "rec.fromrecords": "r.col1: weaknp.rec gives plain Arrays, fields by r['col1'] (74)",
    "polynomial.polynomial.polyline": "polyline(1, -1) is float (67); NumPy: int",
    "polynomial.chebyshev.chebline": "chebline(3, 2) is float (67); NumPy: int",
    "polynomial.legendre.legline": "legline(3, 2) is float (67); NumPy: int",
}

#: Docstrings not fully matched because of a gap in weaknp (issue 25's namespaces and
#: dtypes), with the first example that shows it.  The test fails when one of them starts
#: matching: remove it then.
PENDING: dict[str, str] = {
}

if tuple(int(p) for p in numpy.__version__.split(".")[:2]) >= (2, 5):
    # NumPy 2.5's eig/eigvals return complex always, as weaknp (and JAX) do
    del DEVIATIONS["linalg.eig"], DEVIATIONS["linalg.eigvals"]
KNOWN = {**DEVIATIONS, **PENDING}

#: Examples skipped by ``SKIP`` (printed).
SKIPPED = [0]


def _names():
    """(qualified name, NumPy object) for every NumPy name weaknp provides."""
    out = []
    for name in sorted(set(weaknp.__all__)):
        obj = getattr(numpy, name, None)
        if obj is not None and callable(obj) and getattr(obj, "__doc__", None):
            out.append((name, obj))
    subs = ["linalg", "fft", "char", "strings", "rec", "ma", "polynomial"]
    subs += [f"polynomial.{m}" for m in _SERIES]
    for sub in subs:
        wsub, nsub = _attr(weaknp, sub), _attr(numpy, sub)
        for name in sorted(getattr(wsub, "__all__", dir(wsub))):
            obj = getattr(nsub, name, None)
            if obj is not None and callable(obj) and getattr(obj, "__doc__", None) \
                    and not isinstance(obj, type(numpy)):
                out.append((f"{sub}.{name}", obj))
    return out


#: numpy.polynomial's series modules (each weaknp provides, with its functions and class).
_SERIES = ("polynomial", "chebyshev", "legendre", "laguerre", "hermite", "hermite_e")


def _attr(mod, dotted):
    for part in dotted.split("."):
        mod = getattr(mod, part)
    return mod


def _examples(doc):
    parser = doctest.DocTestParser()
    try:
        return [e for e in parser.get_examples(doc)
                if not e.options.get(doctest.SKIP)]
    except ValueError:
        return []


_IMPORT = re.compile(r"^\s*import numpy as np\s*$|^\s*import numpy\s*$")


def _run(examples, lib):
    """The value (or the exception type) of each example, run in order with ``np = lib``."""
    ns = {"np": lib, "numpy": lib, "__name__": "__docstring__"}
    results = []
    for ex in examples:
        src = ex.source
        if lib is weaknp:   # `from numpy.polynomial import ...` imports weaknp's
            src = weaknp_source(src)
        if _IMPORT.match(src):
            results.append(("skip", None))
            continue
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out), warnings.catch_warnings(), \
                    numpy.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                try:
                    code = compile(src, "<doc>", "eval")
                except SyntaxError:
                    exec(compile(src, "<doc>", "exec"), ns)  # noqa: S102
                    value = None
                else:
                    value = eval(code, ns)  # noqa: S307
            results.append(("value", value))
        except Exception as e:  # noqa: BLE001 - the example's own outcome
            results.append(("raise", type(e).__name__ + ": " + str(e)[:200]))
    return results


def compare(name, obj):
    """``("skip", why)`` or ``(examples compared, first mismatch or None)``."""
    examples = _examples(obj.__doc__ or "")
    kept = [e for e in examples if not SKIP.search(e.source)]
    SKIPPED[0] += len(examples) - len(kept)
    if not kept:
        return "skip", "no examples" if not examples else "dtype or library outside weaknp"
    examples = kept
    # NumPy's examples write files (savetxt('test.out'), save('test.npy')): each side runs
    # in its own scratch directory, never the checkout (test_examples_write_nothing_...)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with scratch_directory():
            got_n = _run(examples, numpy)
        with scratch_directory():
            got_w = _run(examples, weaknp)
    drawn = False   # after an unseeded draw, a value NumPy marks "may vary" is not compared
    for ex, (kn, vn), (kw, vw) in zip(examples, got_n, got_w):
        drawn = drawn or "random" in ex.source
        if kn == "skip":
            continue
        where = ex.source.strip().splitlines()[0][:70]
        if kn == "raise":
            if kw != "raise":
                return len(examples), f"{where}: NumPy raises ({vn}), weaknp does not"
            continue
        if kw == "raise":
            return len(examples), f"{where}: weaknp raises {vw}"
        if NO_VALUE.search(ex.source) or drawn and "may vary" in ex.want:
            continue
        why = numpy_match(vw, vn)
        if why:
            return len(examples), f"{where}: {why}"
    return len(examples), None


def run_all():
    rows = {}
    for name, obj in _names():
        try:
            rows[name] = compare(name, obj)
        except Exception as e:  # noqa: BLE001 - a comparison that cannot be made
            rows[name] = (1, f"comparison failed: {type(e).__name__}: {e}")
    return rows


@pytest.fixture(scope="module")
def rows():
    return run_all()


def test_docstrings_match_numpy(rows):
    ran = {n: r for n, r in rows.items() if r[0] != "skip"}
    failed = {n: r[1] for n, r in ran.items() if r[1] is not None}
    skipped = len(rows) - len(ran)
    matched = len(ran) - len(failed)
    print(f"\nNumPy docstrings: {len(ran)} run, {matched} fully matched "
          f"({100 * matched / len(ran):.1f}%), {len(DEVIATIONS)} deliberate deviations, "
          f"{len(PENDING)} pending, "
          f"{skipped} skipped; {SKIPPED[0]} examples skipped")
    new = {n: why for n, why in failed.items() if n not in KNOWN}
    stale = sorted(n for n in KNOWN if n not in failed)
    assert not new, "docstrings no longer matching NumPy:\n" + "\n".join(
        f"  {n}: {why}" for n, why in sorted(new.items()))
    assert not stale, f"KNOWN entries that match now (remove them): {stale}"
    # The target: 95% fully matched, counting the pending docstrings
    # (listed, and checked to still fail, above).
    assert matched + len(PENDING) >= 0.95 * len(ran), (matched, len(PENDING), len(ran))


# ---------------------------------------------------------------------------------------
# The docstrings of NumPy's types, ufunc objects, array attributes, protocols and
# submodules (``docstring_objects.NAMES``), compared by value with ``docstring_diff``.
# Every docstring either matches or is listed in ``KNOWN_OBJECTS`` with its reason; an
# entry that starts matching (stale) fails too, so the list stays true.
_NO_SUCH_DTYPE = "string, structured or object dtypes: weaknp has none (skipped category)"
_SCALARS = "weaknp's scalars are 0-d arrays (docs/decisions.md, decision 45)"
KNOWN_OBJECTS = {
    # categories weaknp does not have
    "ndarray.byteswap": _NO_SUCH_DTYPE, "ndarray.view": _NO_SUCH_DTYPE,
    "ndarray.fill": _NO_SUCH_DTYPE, "ndarray.item": _NO_SUCH_DTYPE,
    "frompyfunc": _NO_SUCH_DTYPE,
    # the lattice decides (docs/decisions.md)
    "promote_types": "int64 + float32 is float32 on the lattice",
    "histogram_bin_edges": "edges given as ints come back in the inexact dtype (decision 24)",
    "ldexp": "ldexp(5, ints): NumPy takes its narrowest float loop (float16) for the Python "
             "int; on the lattice a weak int made inexact is the default float (float64)",
    # deliberate design
    "ufunc.types": "weaknp's loops: one per accepted dtype, with the lattice's output",
    "ufunc.ntypes": "weaknp's loops: one per accepted dtype, with the lattice's output",
    "ufunc.signature": "the example reads NumPy's private gufunc numpy.linalg._umath_linalg",
    "left_shift": _SCALARS,
    "seterr": _SCALARS + ": int16 overflow wraps as in NumPy arrays (NumPy's scalars check)",
    # other issues' items (array-likes and NumPy keywords: issues 11 and 12)
    "ndarray.resize": "np.array(..., order='C') (order= on creation: issue 12)",
    "ndarray.copy": "np.array(..., order='F') (order= on creation: issue 12)",
}


@pytest.fixture(scope="module")
def results():
    return {name: compare_docstring(obj.__doc__) for name, obj in NAMES.items()}


def test_docstring_examples_match_or_are_known(results):
    differ = {n: r[1] for n, r in results.items() if r[1] is not None}
    unexplained = {n: d for n, d in differ.items() if n not in KNOWN_OBJECTS}
    stale = sorted(set(KNOWN_OBJECTS) - set(differ))
    with_examples = [n for n, r in results.items() if r[0] or r[1]]
    matched = [n for n in with_examples if results[n][1] is None]
    skipped = sum(1 for n in KNOWN_OBJECTS if KNOWN_OBJECTS[n] == _NO_SUCH_DTYPE)
    print(f"\nissue 13 docstrings: {len(NAMES)} names, {len(with_examples)} with examples, "
          f"{len(matched)} fully matched ({100 * len(matched) / len(with_examples):.0f}%; "
          f"{100 * len(matched) / (len(with_examples) - skipped):.0f}% without the "
          f"{skipped} about dtypes weaknp lacks), "
          f"{sum(r[0] for r in results.values())} examples compared")
    assert not unexplained, unexplained
    assert not stale, f"these now match: remove them from KNOWN: {stale}"


#: NumPy docstrings whose examples write a file by a relative name.
_WRITERS = {"savetxt": "test.out", "save": "test.npy"}


def test_examples_write_nothing_into_the_checkout(monkeypatch):
    """Started from the repository root (as pytest and ``python tests/...`` are), the
    examples that write ``test.out`` and ``test.npy`` leave the checkout as it was."""
    root = pathlib.Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    before = sorted(os.listdir(root))
    for name, written in _WRITERS.items():
        doc = getattr(numpy, name).__doc__
        assert f"'{written}'" in doc        # the example does write it (the test can fail)
        compared, mismatch = compare(name, getattr(numpy, name))
        assert compared > 0 and mismatch is None, (name, mismatch)
    compared, _, _ = compare_docstring(numpy.savetxt.__doc__)
    assert compared > 0
    assert os.getcwd() == str(root)
    assert sorted(os.listdir(root)) == before


def test_the_measurement_measures(results):
    """A guard: the names have examples, and most docstrings match (count when written)."""
    matched = sum(1 for r in results.values() if r[0] and r[1] is None)
    assert matched >= 132, matched


if __name__ == "__main__":
    all_rows = run_all()
    ran = {n: r for n, r in all_rows.items() if r[0] != "skip"}
    bad = {n: r[1] for n, r in ran.items() if r[1] is not None}
    for n, why in sorted(bad.items()):
        print(f"{n}: {why}")
    print(f"{len(ran)} run, {len(ran) - len(bad)} matched "
          f"({100 * (len(ran) - len(bad)) / len(ran):.1f}%), "
          f"{len(all_rows) - len(ran)} skipped, {SKIPPED[0]} examples skipped",
          file=sys.stderr)
