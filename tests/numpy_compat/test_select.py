"""NumPy-compatible indexing, selection, in-place writing and sets (``_np_select``)."""

import numpy as np
import pytest
from harness import A, W, table_tests

import weaknp as wnp

M = [[3, 0, 1], [0, 5, 2]]
CASES = [
    ("argwhere", lambda m: m.argwhere(A(m, M, "int8")), "int64", False),
    ("flatnonzero", lambda m: m.flatnonzero(A(m, M, "float32")), "int64", False),
    ("argpartition", lambda m: m.argpartition(A(m, [3, 1, 2], "int8"), 1), "int64", False),
    ("partition", lambda m: m.partition(A(m, [3, 1, 2], "float16"), 1), "float16", False),
    ("lexsort", lambda m: m.lexsort((A(m, [1, 2, 1], "int8"), A(m, [0, 0, 1], "int8"))),
     "int64", False),
    ("digitize", lambda m: m.digitize(A(m, [0.5, 1.5, 3.0], "float32"),
                                      A(m, [0, 1, 2], "float32")), "int64", False),
    ("unravel_index", lambda m: m.unravel_index(A(m, [5, 1], "int64"), (2, 3)), "int64",
     False),
    ("ravel_multi_index", lambda m: m.ravel_multi_index((A(m, [1, 0], "int64"),
                                                         A(m, [2, 1], "int64")), (2, 3)),
     "int64", False),
    ("tril_indices", lambda m: m.tril_indices(3), "int64", False),
    ("triu_indices", lambda m: m.triu_indices(3, 1), "int64", False),
    ("tril_indices_from", lambda m: m.tril_indices_from(A(m, M, "int8")), "int64", False),
    ("triu_indices_from", lambda m: m.triu_indices_from(A(m, M, "int8"), 1), "int64", False),
    ("diag_indices", lambda m: m.diag_indices(3), "int64", False),
    ("diag_indices_from", lambda m: m.diag_indices_from(A(m, [[1, 2], [3, 4]], "int8")),
     "int64", False),
    ("mask_indices", lambda m: m.mask_indices(3, m.triu), "int64", False),
    ("ix_", lambda m: m.ix_(A(m, [0, 1], "int64"), A(m, [2, 0], "int64")), "int64", False),
    ("compress", lambda m: m.compress(A(m, [True, False, True], "bool"),
                                      A(m, [1, 2, 3], "int8")), "int8", False),
    ("compress-weak", lambda m: m.compress(A(m, [True], "bool"), m.atleast_1d(W(m, 2.0))),
     "float64", True),
    ("extract", lambda m: m.extract(A(m, M, "int8") > 0, A(m, M, "uint8")), "uint8", False),
    ("choose", lambda m: m.choose(A(m, [0, 1, 0], "int64"),
                                  [A(m, [1, 2, 3], "int8"), A(m, [4, 5, 6], "uint8")]),
     "int16", False),
    ("select", lambda m: m.select([A(m, [True, False], "bool")], [A(m, [1, 2], "int8")], 0),
     "int8", False),
    ("select-float-default", lambda m: m.select([A(m, [True, False], "bool")],
                                                [A(m, [1, 2], "int8")], 0.5),
     "float64", True),
    ("unique", lambda m: m.unique(A(m, [3, 1, 3, 2], "int8")), "int8", False),
    ("union1d", lambda m: m.union1d(A(m, [1, 2], "int8"), A(m, [2, 3], "uint8")), "int16",
     False),
    ("intersect1d", lambda m: m.intersect1d(A(m, [1, 2, 5], "float32"),
                                            A(m, [2, 5], "float32")), "float32", False),
    ("setdiff1d", lambda m: m.setdiff1d(A(m, [1, 2, 5], "int32"), A(m, [2], "int32")),
     "int32", False),
    ("setxor1d", lambda m: m.setxor1d(A(m, [1, 2], "int16"), A(m, [2, 3], "int16")), "int16",
     False),
    ("packbits", lambda m: m.packbits(A(m, [1, 0, 1, 1], "bool")), "uint8", False),
    ("unpackbits", lambda m: m.unpackbits(A(m, [5], "uint8")), "uint8", False),
    ("sort_complex", lambda m: m.sort_complex(A(m, [3, 1, 2], "float32")), "complex64",
     False),
    ("sort_complex-f64", lambda m: m.sort_complex(A(m, [3, 1, 2], "float64")), "complex128",
     False),
]
JAX_DEVIATIONS = {
    "argpartition": "jnp.argpartition returns int32 even with x64; weaknp returns the "
                    "indexing dtype (int64) like argsort",
    "digitize": "jnp.digitize returns int32 even with x64; weaknp returns the indexing "
                "dtype (int64) like searchsorted",
}


test_dtype, test_values_equal_numpy, test_dtype_matches_jax = table_tests(
    CASES, JAX_DEVIATIONS)


def test_unique_with_extras():
    x = [3, 1, 3, 2]
    got = wnp.unique(wnp.asarray(x, dtype=wnp.int8), return_index=True, return_inverse=True,
                     return_counts=True)
    want = np.unique(np.asarray(x, dtype=np.int8), return_index=True, return_inverse=True,
                     return_counts=True)
    assert [g.dtype for g in got] == [wnp.int8, wnp.int64, wnp.int64, wnp.int64]
    for g, w in zip(got, want):
        np.testing.assert_array_equal(np.asarray(g), w)


def test_piecewise():
    x = wnp.asarray([-2.0, -0.5, 0.5, 2.0], dtype=wnp.float32)
    r = wnp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v * 2])
    assert r.dtype == wnp.float32
    np.testing.assert_array_equal(np.asarray(r), [2.0, 0.5, 1.0, 4.0])
    r = wnp.piecewise(wnp.asarray([1, 5], dtype=wnp.int8), [wnp.asarray([True, False])],
                      [7, 0])
    np.testing.assert_array_equal(np.asarray(r), [7, 0])


def test_in_place_writers_follow_setitem():
    x = wnp.asarray([1, 2, 3, 4], dtype=wnp.int8)
    wnp.put(x, [0, 2], [9, 8])
    wnp.place(x, x > 8, [0])
    wnp.putmask(x, x == 8, 7)
    np.testing.assert_array_equal(np.asarray(x), [0, 2, 7, 4])
    wnp.copyto(x, 5, where=x == 0)
    np.testing.assert_array_equal(np.asarray(x), [5, 2, 7, 4])
    m = wnp.zeros((3, 3), dtype=wnp.float32)
    wnp.fill_diagonal(m, 2.5)
    np.testing.assert_array_equal(np.asarray(m), np.diag([2.5] * 3).astype(np.float32))
    a = wnp.asarray([[10, 30, 20]], dtype=wnp.int16)
    wnp.put_along_axis(a, wnp.asarray([[1]]), 99, axis=1)
    np.testing.assert_array_equal(np.asarray(a), [[10, 99, 20]])
    assert x.dtype == wnp.int8 and m.dtype == wnp.float32
    with pytest.raises(OverflowError):
        wnp.put(x, [0], 1000)
    with pytest.raises(TypeError, match=r"copyto: storing Python float values into an int8"):
        wnp.copyto(x, 1.5)
    with pytest.raises(TypeError, match="fill_diagonal: the array written into must be a "
                                        "weaknp Array"):
        wnp.fill_diagonal(np.zeros((2, 2)), 1)


def test_errors():
    with pytest.raises(TypeError, match="choose: the index array must hold integers"):
        wnp.choose(wnp.asarray([0.5]), [wnp.asarray([1])])
    with pytest.raises(TypeError, match="select: conditions must be bool"):
        wnp.select([wnp.asarray([1])], [wnp.asarray([1])])
    with pytest.raises(TypeError, match="unpackbits: expected uint8"):
        wnp.unpackbits(wnp.asarray([1], dtype=wnp.int8))
