"""weaknp.lib.recfunctions: NumPy's numpy.lib.recfunctions on weaknp arrays (decision 95).

Each function against NumPy's own on the same ndarrays, reached as
``wnp.lib.recfunctions.f`` and through NEP 18 as ``numpy.lib.recfunctions.f``; the dtype
``structured_to_unstructured`` decides by the lattice is written literally.
"""

import numpy as np
import numpy.lib.recfunctions as rf
import pytest

import weaknp as wnp
from support import same_array

ours = wnp.lib.recfunctions

A = np.array([(1, 2, 3.5), (4, 5, 6.25)], dtype=[("a", "i4"), ("b", "i4"), ("c", "f4")])
B = np.array([(1.5, 2.0, 3.0), (4.0, 5.5, 6.0)], dtype=[("x", "f4"), ("y", "f4"), ("z", "f4")])
NESTED = np.array([(1, (2.5, [3, 4]))],
                  dtype=[("a", "u1"), ("b", [("c", "f4"), ("d", "i2", (2,))])])


def both(name, *args, **kwargs):
    """(weaknp's result by name, through NEP 18, NumPy's on the ndarrays)."""
    wargs = [tuple(map(wnp.asarray, a)) if isinstance(a, tuple) else
             wnp.asarray(a) if isinstance(a, np.ndarray) else a for a in args]
    return (getattr(ours, name)(*wargs, **kwargs), getattr(rf, name)(*wargs, **kwargs),
            getattr(rf, name)(*args, **kwargs))


@pytest.mark.parametrize("name, args, kwargs", [
    ("repack_fields", (A[["a", "c"]],), {}),
    ("repack_fields", (A,), {"align": True}),
    ("drop_fields", (A, "b"), {"usemask": False}),
    ("drop_fields", (A, ["a", "c"]), {}),
    ("rename_fields", (A, {"a": "alpha"}), {}),
    ("append_fields", (A, "d", np.arange(2, dtype=np.int16)), {}),
    ("rec_append_fields", (A, "d", np.arange(2, dtype=np.int16)), {}),
    ("rec_drop_fields", (A, "c"), {}),
    ("merge_arrays", ((A, B),), {"flatten": True}),
    ("stack_arrays", ((A, A),), {}),
    ("require_fields", (A, [("c", "f8"), ("a", "i4")]), {}),
    ("unstructured_to_structured", (np.arange(6, dtype=np.int16).reshape(2, 3),),
     {"dtype": np.dtype("i2, f4, u1")}),
    ("structured_to_unstructured", (A,), {"dtype": np.float64}),
    ("structured_to_unstructured", (B[["x", "z"]],), {}),
    ("join_by", ("a", A, A[["a", "c"]]), {"usemask": False}),
])
def test_numpys_result_on_weaknp_arrays(name, args, kwargs):
    for got in both(name, *args, **kwargs)[:2]:
        want = getattr(rf, name)(*args, **kwargs)
        want = np.asarray(want.data if isinstance(want, np.ma.MaskedArray) else want)
        if want.dtype.type is np.record:
            want = want.view(np.dtype((np.void, want.dtype)))
        same_array(got, want)


def test_structured_to_unstructured_joins_on_the_lattice():
    # NumPy's promotion gives float64 for i4 and f4 fields; the lattice's join is float32
    assert rf.structured_to_unstructured(A).dtype == np.float64
    got = ours.structured_to_unstructured(wnp.asarray(A))
    same_array(got, [[1, 2, 3.5], [4, 5, 6.25]], dtype=np.float32)
    same_array(rf.structured_to_unstructured(wnp.asarray(A)), np.asarray(got))
    # nested fields and subarrays: u1, f4, i2 join to float32
    same_array(ours.structured_to_unstructured(wnp.asarray(NESTED)), [[1, 2.5, 3, 4]],
               dtype=np.float32)
    # all fields of one dtype: NumPy's view, written through
    b = wnp.asarray(B.copy())
    view = ours.structured_to_unstructured(b)
    view[0, 0] = 9
    assert np.asarray(b["x"])[0] == 9


def test_apply_along_fields_reduces_the_lattice_join():
    got = rf.apply_along_fields(np.mean, wnp.asarray(A))
    same_array(got, [(1 + 2 + 3.5) / 3, (4 + 5 + 6.25) / 3], dtype=np.float32)
    with pytest.raises(ValueError, match="apply_along_fields: arr must be a structured"):
        ours.apply_along_fields(np.mean, wnp.arange(3))


def test_assign_and_fill_write_into_the_weaknp_array():
    dst = wnp.zeros(2, dtype=[("a", "i4"), ("c", "f8")])
    assert rf.assign_fields_by_name(dst, wnp.asarray(A)) is None
    same_array(dst["c"], [3.5, 6.25], dtype=np.float64)
    same_array(dst["a"], [1, 4], dtype=np.int32)
    out = wnp.zeros(3, dtype=[("a", "i4"), ("b", "i4")])
    ours.recursive_fill_fields(wnp.asarray(A[["a", "b"]]), out)
    same_array(out["b"], [2, 5, 0], dtype=np.int32)


def test_a_masked_result_with_masked_entries_is_refused_with_the_fix():
    short = np.array([(7,)], dtype=[("a", "i4")])
    assert rf.stack_arrays((A, short)).mask["b"].tolist() == [False, False, True]
    with pytest.raises(ValueError, match="stack_arrays: the result has masked .*"
                                         "pass usemask=False"):
        rf.stack_arrays((wnp.asarray(A), wnp.asarray(short)))
    got = rf.stack_arrays((wnp.asarray(A), wnp.asarray(short)), usemask=False)
    same_array(got, rf.stack_arrays((A, short), usemask=False))


def test_find_duplicates_reads_an_array_as_unmasked():
    keys = np.array([(1, 0.5), (2, 1.5), (1, 2.5)], dtype=[("k", "i4"), ("v", "f4")])
    want, where = rf.find_duplicates(np.ma.asarray(keys), key="k", return_index=True)
    got, got_where = rf.find_duplicates(wnp.asarray(keys), key="k", return_index=True)
    same_array(got, want.data)
    same_array(got_where, where)
    same_array(ours.find_duplicates(wnp.asarray(keys), "k"), want.data)


def test_dtype_helpers_are_numpys_and_nep18_reaches_every_function():
    assert ours.get_names is rf.get_names and ours.flatten_descr is rf.flatten_descr
    missing = [n for n in wnp._array.interop.without_counterpart()
               if n.startswith("numpy.lib.recfunctions.")]
    assert missing == []
    assert sorted(ours.__all__) == sorted(rf.__all__)
