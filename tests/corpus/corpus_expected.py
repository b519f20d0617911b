"""The corpus's expected failures and pass rate, written by ``python tests/corpus/report.py --write-expected``.

Every entry is a cell id -> the named cause: a pending item of issue 25 with the part that
owns it ("dtypes:", "mapoly:", "stores:"), a decided deviation ("decided"), a gap found and
not fixed yet ("open:"), or a cascade of an earlier failing cell.  tests/corpus/test_corpus.py
fails when a listed cell passes or an unlisted one fails: re-run the command after a change
and review the diff."""

#: passed / counted cells (NumPy runs them) when written: 1619/1656
MIN_PASS_RATE = 1619 / 1656

EXPECTED_FAILURES = {
    'numpy_100:053': "decided (70): a store of values that are not exact in the array's dtype (NumPy truncates)",
    'numpy_100:063': 'decided (76): an Array is not an ndarray subclass (x.view(an ndarray subclass) has no weaknp meaning)',
    'numpy_100:068': "decided (76): an Array is not an ndarray subclass (pandas' groupby(key) takes it for a function)",
    'numpy_100:085': 'decided (76): an Array is not an ndarray subclass (x.view(an ndarray subclass) has no weaknp meaning)',
    'numpy_100:091': "decided (76): numpy.core is NumPy's deprecated private alias (use wnp.rec, ...)",
    'pdsh:02.02:13': "decided (70): a store of values that are not exact in the array's dtype (NumPy truncates)",
    'pdsh:02.09:16': 'decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class',
    'sp_lectures:elaborate_arrays:004': "decided (70): a store of values that are not exact in the array's dtype (NumPy truncates)",
    'numpy_guide:basics.dispatch:002': "decided (31): weaknp's elementwise functions are weaknp.ufunc objects, not numpy.ufunc instances",
    'numpy_guide:basics.indexing:090': "decided (70): a store of values that are not exact in the array's dtype (NumPy truncates)",
    'numpy_guide:basics.interoperability:003': 'decided (73): no __array_interface__ on Array (np.asarray(x) has it)',
    'numpy_guide:basics.interoperability:006': 'decided (73): no __array_interface__ on Array (np.asarray(x) has it)',
    'numpy_guide:basics.interoperability:044': "decided (45): 0-d arrays are weaknp's scalars (type(np.sum(x)) is Array, not numpy.int64)",
    'numpy_guide:basics.interoperability:050': "decided (94): weaknp's functions read a dask array as an array-like (computed), not through dask's __array_function__",
    'numpy_guide:basics.interoperability:051': 'cascade of numpy_guide:basics.interoperability:050',
    'numpy_guide:basics.rec:091': "decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class (fields by r['name'], not r.name)",
    'numpy_guide:basics.rec:093': "decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class (fields by r['name'], not r.name)",
    'numpy_guide:basics.rec:094': "decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class (fields by r['name'], not r.name)",
    'numpy_guide:basics.rec:095': "decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class (fields by r['name'], not r.name)",
    'numpy_guide:basics.rec:099': 'decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class',
    'numpy_guide:basics.rec:100': 'decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class',
    'numpy_guide:basics.rec:104': "decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class (fields by r['name'], not r.name)",
    'numpy_guide:basics.rec:105': "decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class (fields by r['name'], not r.name)",
    'numpy_guide:basics.strings:006': "decided (79): NumPy's variable-width StringDType is not carried (fixed-width U is)",
    'numpy_guide:basics.strings:008': "decided (79): NumPy's variable-width StringDType is not carried (fixed-width U is)",
    'numpy_guide:basics.strings:010': "decided (79): NumPy's variable-width StringDType is not carried (fixed-width U is)",
    'numpy_guide:basics.strings:014': "decided (79): NumPy's variable-width StringDType is not carried (fixed-width U is)",
    'numpy_guide:basics.strings:015': "decided (79): NumPy's variable-width StringDType is not carried (fixed-width U is)",
    'numpy_guide:basics.strings:016': "decided (79): NumPy's variable-width StringDType is not carried (fixed-width U is)",
    'numpy_guide:basics.strings:018': 'decided (72): str and None in one list make an object array in NumPy; object stays refused',
    'numpy_guide:basics.strings:020': "decided (79): NumPy's variable-width StringDType is not carried (fixed-width U is)",
    'numpy_guide:basics.strings:022': "decided (79): NumPy's variable-width StringDType is not carried (fixed-width U is)",
    'numpy_guide:basics.strings:025': "decided (79): NumPy's variable-width StringDType is not carried (fixed-width U is)",
    'numpy_guide:basics.subclassing:004': 'decided (76): an Array is not an ndarray subclass (x.view(an ndarray subclass) has no weaknp meaning)',
    'numpy_guide:basics.types:019': "decided (45): a 0-d Array is weaknp's scalar but compares as an array (S arrays ignore trailing NULs; NumPy's bytes_ scalar compares as Python bytes)",
    'numpy_guide:basics.ufuncs:019': "decided (19, 72): weaknp.typecodes leaves out longdouble ('g', 'G') and object ('O'), so the table is smaller",
    'numpy_guide:byteswapping:014': 'decided (96): weaknp arrays hold native byte order (a non-native view is read into native values, so tobytes() gives native bytes)',
}
