"""The corpus's expected failures and pass rate, written by ``python tests/corpus/report.py --write-expected``.

Every entry is a cell id -> the named cause: a pending item of issue 25 with the part that
owns it ("dtypes:", "mapoly:", "stores:"), a decided deviation ("decided"), or a cascade of
an earlier failing cell.  tests/corpus/test_corpus.py fails when a listed cell passes or an
unlisted one fails: re-run the command after a change and review the diff."""

#: passed / counted cells (NumPy runs them) when written: 494/502
MIN_PASS_RATE = 494 / 502

EXPECTED_FAILURES = {
    'numpy_100:053': "decided (70): a store of values that are not exact in the array's dtype (NumPy truncates)",
    'numpy_100:063': 'decided (76): an Array is not an ndarray subclass (x.view(an ndarray subclass) has no weaknp meaning)',
    'numpy_100:068': "decided (76): an Array is not an ndarray subclass (pandas' groupby(key) takes it for a function)",
    'numpy_100:085': 'decided (76): an Array is not an ndarray subclass (x.view(an ndarray subclass) has no weaknp meaning)',
    'numpy_100:091': "decided (76): numpy.core is NumPy's deprecated private alias (use wnp.rec, ...)",
    'pdsh:02.02:13': "decided (70): a store of values that are not exact in the array's dtype (NumPy truncates)",
    'pdsh:02.09:16': 'decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class',
    'sp_lectures:elaborate_arrays:004': "decided (70): a store of values that are not exact in the array's dtype (NumPy truncates)",
}
