"""NumPy's own docstring examples for the names of issue 13, run with ``np`` bound to numpy
and to weaknp and compared by value (``docstring_diff``).

Every docstring either matches or is listed in ``KNOWN`` with its reason; an entry that
starts matching (stale) fails too, so the list stays true.  The counts are printed
(``pytest -s``).
"""

import pytest

from docstring_diff import compare_docstring
from issue13_names import NAMES

_NO_SUCH_DTYPE = "string, structured or object dtypes: weaknp has none (skipped category)"
_SCALARS = "weaknp's scalars are 0-d arrays (docs/decisions.md, decision 45)"
KNOWN = {
    # categories weaknp does not have
    "ndarray.byteswap": _NO_SUCH_DTYPE, "ndarray.view": _NO_SUCH_DTYPE,
    "ndarray.fill": _NO_SUCH_DTYPE, "ndarray.item": _NO_SUCH_DTYPE,
    "issubdtype": _NO_SUCH_DTYPE, "can_cast": _NO_SUCH_DTYPE, "frompyfunc": _NO_SUCH_DTYPE,
    "dtype": _NO_SUCH_DTYPE,
    # the lattice decides (docs/decisions.md)
    "ufunc.resolve_dtypes": "int32 + float32 is float32 on the lattice",
    "result_type": "int32 + complex64 is complex64 on the lattice",
    "promote_types": "int64 + float32 is float32 on the lattice",
    "histogram_bin_edges": "edges given as ints come back in the inexact dtype (decision 24)",
    # deliberate design
    "ufunc.types": "weaknp's loops: one per accepted dtype, with the lattice's output",
    "ufunc.ntypes": "weaknp's loops: one per accepted dtype, with the lattice's output",
    "ufunc.signature": "the example reads NumPy's private gufunc numpy.linalg._umath_linalg",
    "left_shift": _SCALARS, "ndarray.tolist": _SCALARS,
    "seterr": _SCALARS + ": int16 overflow wraps as in NumPy arrays (NumPy's scalars check)",
    "ndarray.flat": "x.flat is weaknp's FlatIter, not numpy.flatiter",
    "ndarray.base": "y.base is a new wrapper: test sharing with shares_memory (decision 45)",
    "ndarray.setfield": "a float64 value into an int32 field follows the store rule",
    # other issues' items (array-likes and NumPy keywords: issues 11 and 12)
    "ndarray.resize": "np.array(..., order='C') (order= on creation: issue 12)",
    "ndarray.copy": "np.array(..., order='F') (order= on creation: issue 12)",
    "ndarray.astype": "casting='same_value' (NumPy 2.4's new casting: issue 12)",
}


@pytest.fixture(scope="module")
def results():
    return {name: compare_docstring(obj.__doc__) for name, obj in NAMES.items()}


def test_docstring_examples_match_or_are_known(results):
    differ = {n: r[1] for n, r in results.items() if r[1] is not None}
    unexplained = {n: d for n, d in differ.items() if n not in KNOWN}
    stale = sorted(set(KNOWN) - set(differ))
    with_examples = [n for n, r in results.items() if r[0] or r[1]]
    matched = [n for n in with_examples if results[n][1] is None]
    skipped = sum(1 for n in KNOWN if KNOWN[n] == _NO_SUCH_DTYPE)
    print(f"\nissue 13 docstrings: {len(NAMES)} names, {len(with_examples)} with examples, "
          f"{len(matched)} fully matched ({100 * len(matched) / len(with_examples):.0f}%; "
          f"{100 * len(matched) / (len(with_examples) - skipped):.0f}% without the "
          f"{skipped} about dtypes weaknp lacks), "
          f"{sum(r[0] for r in results.values())} examples compared")
    assert not unexplained, unexplained
    assert not stale, f"these now match: remove them from KNOWN: {stale}"


def test_the_measurement_measures(results):
    """A guard: the names have examples, and most docstrings match (count when written)."""
    matched = sum(1 for r in results.values() if r[0] and r[1] is None)
    assert matched >= 132, matched
