"""The corpus's expected failures and pass rate, written by ``python tests/corpus/report.py --write-expected``.

Every entry is a cell id -> the named cause: a pending item of issue 25 with the part that
owns it ("dtypes:", "mapoly:", "stores:"), a decided deviation ("decided"), or a cascade of
an earlier failing cell.  tests/corpus/test_corpus.py fails when a listed cell passes or an
unlisted one fails: re-run the command after a change and review the diff."""

#: passed / counted cells (NumPy runs them) when written: 470/502
MIN_PASS_RATE = 470 / 502

EXPECTED_FAILURES = {
    'numpy_100:023': 'dtypes: structured (record) dtypes and views to them',
    'numpy_100:033': 'dtypes: datetime64/timedelta64',
    'numpy_100:034': 'dtypes: datetime64/timedelta64',
    'numpy_100:046': 'dtypes: structured (record) dtypes and views to them',
    'numpy_100:051': 'dtypes: structured (record) dtypes and views to them',
    'numpy_100:053': "decided (70): a store of values that are not exact in the array's dtype (NumPy truncates)",
    'numpy_100:063': 'decided: an Array is not an ndarray subclass (x.view(an ndarray subclass) has no weaknp meaning)',
    'numpy_100:068': "decided: an Array is not an ndarray subclass (pandas' groupby(key) takes it for a function)",
    'numpy_100:073': 'dtypes: structured (record) dtypes and views to them',
    'numpy_100:085': 'decided: an Array is not an ndarray subclass (x.view(an ndarray subclass) has no weaknp meaning)',
    'numpy_100:091': 'dtypes: string arrays',
    'numpy_100:096': 'dtypes: structured (record) dtypes and views to them',
    'pdsh:02.01:11': 'dtypes: arrays from range objects',
    'pdsh:02.02:13': "decided (70): a store of values that are not exact in the array's dtype (NumPy truncates)",
    'pdsh:02.09:04': 'dtypes: structured (record) dtypes and views to them',
    'pdsh:02.09:10': 'dtypes: structured (record) dtypes and views to them',
    'pdsh:02.09:11': 'dtypes: string arrays',
    'pdsh:02.09:12': 'dtypes: structured (record) dtypes and views to them',
    'pdsh:02.09:13': 'dtypes: structured (record) dtypes and views to them',
    'pdsh:02.09:14': 'dtypes: structured (record) dtypes and views to them',
    'pdsh:02.09:16': 'dtypes: structured (record) dtypes and views to them',
    'sp_lectures:advanced_operations:006': 'mapoly: numpy.polynomial',
    'sp_lectures:advanced_operations:007': 'cascade of sp_lectures:advanced_operations:006',
    'sp_lectures:advanced_operations:008': 'mapoly: numpy.polynomial',
    'sp_lectures:advanced_operations:009': 'mapoly: numpy.polynomial',
    'sp_lectures:array_object:036': 'dtypes: string arrays',
    'sp_lectures:elaborate_arrays:004': "decided (70): a store of values that are not exact in the array's dtype (NumPy truncates)",
    'sp_lectures:elaborate_arrays:015': 'dtypes: structured (record) dtypes and views to them',
    'sp_lectures:elaborate_arrays:025': 'mapoly: numpy.ma',
    'sp_lectures:elaborate_arrays:026': 'mapoly: numpy.ma',
    'sp_lectures:elaborate_arrays:027': 'mapoly: numpy.ma',
    'sp_lectures:exercises:019': "dtypes: scalars (argmin gives a 0-d Array, so v[:, j] is a copy where NumPy's integer scalar gives a view written through)",
}
