"""The standard's sections beyond elementwise: values against NumPy on the same inputs,
dtypes and weak flags written literally."""

import numpy as np
import pytest

import weaknp as wnp

A = np.array([[3, 1, 2], [1, 5, 4]], dtype=np.int8)


def dw(x):
    name = "bool" if x.dtype == np.bool_ else x.dtype.name
    return name + ("*" if x.weak_type else "")


@pytest.fixture
def x():
    return wnp.asarray(A)


@pytest.fixture
def w():
    return wnp.full((2, 3), 1.5)   # weak float64


# -- manipulation ------------------------------------------------------------------------

def test_manipulation_values(x):
    np.testing.assert_array_equal(np.asarray(wnp.reshape(x, (3, 2))), A.reshape(3, 2))
    np.testing.assert_array_equal(np.asarray(wnp.flip(x, axis=1)), A[:, ::-1])
    np.testing.assert_array_equal(np.asarray(wnp.roll(x, 1, axis=1)), np.roll(A, 1, axis=1))
    np.testing.assert_array_equal(np.asarray(wnp.permute_dims(x, (1, 0))), A.T)
    np.testing.assert_array_equal(np.asarray(wnp.tile(x, (1, 2))), np.tile(A, (1, 2)))
    np.testing.assert_array_equal(np.asarray(wnp.repeat(x, 2, axis=0)), np.repeat(A, 2, 0))
    assert wnp.expand_dims(x, axis=(0, -1)).shape == (1, 2, 3, 1)
    assert wnp.squeeze(wnp.expand_dims(x, axis=0), axis=0).shape == (2, 3)
    assert wnp.moveaxis(x, 0, 1).shape == (3, 2)
    assert [u.shape for u in wnp.unstack(x, axis=1)] == [(2,), (2,), (2,)]
    assert wnp.broadcast_shapes((2, 1), (1, 3)) == (2, 3)
    assert wnp.broadcast_to(x[0], (4, 3)).shape == (4, 3)


def test_manipulation_dtypes(x, w):
    assert dw(wnp.concat([x, wnp.asarray(A, dtype=wnp.uint8)])) == "int16"
    assert dw(wnp.concat([x, x], axis=None)) == "int8"
    assert dw(wnp.stack([w, w])) == "float64*"
    assert dw(wnp.stack([w, x])) == "float64*"          # int8 joined with a weak float
    assert dw(wnp.stack([w, wnp.asarray(A, dtype=wnp.float16)])) == "float16"
    assert dw(wnp.reshape(w, (-1,))) == "float64*"
    assert dw(wnp.flip(w)) == "float64*"
    with pytest.raises(ValueError, match="size"):
        wnp.squeeze(x, axis=0)
    with pytest.raises(wnp.TypePromotionError):
        wnp.concat([wnp.asarray([1], dtype=wnp.int4), x[0]])


def test_reshape_copy_false():
    t = wnp.asarray(np.arange(6).reshape(2, 3).T)
    with pytest.raises(ValueError, match="copy=False"):
        wnp.reshape(t, (6,), copy=False)


# -- searching and sorting ---------------------------------------------------------------

def test_searching(x):
    assert dw(wnp.argmax(x)) == "int64" and int(wnp.argmax(x)) == 4
    np.testing.assert_array_equal(np.asarray(wnp.argmin(x, axis=1)), [1, 0])
    assert int(wnp.count_nonzero(x > 2)) == 3
    rows, cols = wnp.nonzero(x > 2)
    np.testing.assert_array_equal(np.asarray(rows), [0, 1, 1])
    s = wnp.asarray([1, 3, 5], dtype=wnp.int8)
    np.testing.assert_array_equal(np.asarray(wnp.searchsorted(s, wnp.asarray([0, 3, 6],
                                                                          dtype=wnp.int8))),
                                  [0, 1, 3])
    assert int(wnp.searchsorted(s, 4)) == 2
    r = wnp.where(x > 2, x, 0)
    assert dw(r) == "int8"
    np.testing.assert_array_equal(np.asarray(r), np.where(A > 2, A, 0))
    assert dw(wnp.where(x > 2, x, 0.5)) == "float64*"
    assert dw(wnp.where(x > 2, 1.0, 0.5)) == "float64*"
    # NumPy's rule: any condition counts by its truth value; one argument is nonzero
    assert wnp.where(wnp.asarray([0.0, -0.5, float("nan")]), 1, 0).tolist() == [0, 1, 1]
    assert [r.tolist() for r in wnp.where([0, 3, 0, 4])] == [[1, 3]]


def test_sorting():
    v = wnp.asarray([3, 1, 2, 1, 3], dtype=wnp.int8)
    np.testing.assert_array_equal(np.asarray(wnp.argsort(v)), [1, 3, 2, 0, 4])
    np.testing.assert_array_equal(np.asarray(wnp.argsort(v, descending=True)), [0, 4, 2, 1, 3])
    np.testing.assert_array_equal(np.asarray(wnp.sort(v, descending=True)), [3, 3, 2, 1, 1])
    f = wnp.asarray([2.0, np.nan, 1.0])
    np.testing.assert_array_equal(np.asarray(wnp.sort(f)), [1.0, 2.0, np.nan])
    assert dw(wnp.sort(wnp.full(3, 1.5))) == "float64*"
    assert dw(wnp.argsort(v)) == "int64"


# -- sets, utility, indexing -------------------------------------------------------------

def test_sets():
    v = wnp.asarray([3, 1, 3, 2], dtype=wnp.int8)
    r = wnp.unique_all(v)
    np.testing.assert_array_equal(np.asarray(r.values), [1, 2, 3])
    np.testing.assert_array_equal(np.asarray(r.indices), [1, 3, 0])
    np.testing.assert_array_equal(np.asarray(r.inverse_indices), [2, 0, 2, 1])
    np.testing.assert_array_equal(np.asarray(r.counts), [1, 1, 2])
    assert dw(r.values) == "int8" and dw(r.counts) == "int64"
    assert wnp.unique_counts(v).counts.shape == (3,)
    assert wnp.unique_inverse(v).inverse_indices.shape == (4,)
    assert wnp.unique_values(wnp.asarray([np.nan, np.nan])).shape == (2,)
    np.testing.assert_array_equal(np.asarray(wnp.isin(v, wnp.asarray([1, 2]))),
                                  [False, True, False, True])
    assert dw(wnp.isin(v, 3)) == "bool"


def test_utility_and_indexing(x):
    assert dw(wnp.all(x > 0)) == "bool" and bool(wnp.all(x > 0))
    np.testing.assert_array_equal(np.asarray(wnp.any(x > 4, axis=0)), [False, True, False])
    np.testing.assert_array_equal(np.asarray(wnp.diff(x, axis=1)), np.diff(A, axis=1))
    assert dw(wnp.diff(x)) == "int8"
    np.testing.assert_array_equal(np.asarray(wnp.diff(x[0], prepend=0)), [3, -2, 1])
    np.testing.assert_array_equal(np.asarray(wnp.take(x, wnp.asarray([1, 0]), axis=1)),
                                  A[:, [1, 0]])
    idx = wnp.argsort(x, axis=1)
    np.testing.assert_array_equal(np.asarray(wnp.take_along_axis(x, idx, axis=1)),
                                  np.sort(A, axis=1))


# -- statistics --------------------------------------------------------------------------

@pytest.mark.parametrize("dtype, total, mean", [
    ("int8", "int64", "float32"), ("uint8", "uint64", "float32"), ("bool", "int64", "float32"),
    ("int32", "int64", "float32"), ("int64", "int64", "float64"), ("uint64", "uint64", "float64"),
    ("float16", "float16", "float16"), ("bfloat16", "bfloat16", "bfloat16"),
    ("float32", "float32", "float32"), ("complex64", "complex64", "complex64"),
])
def test_statistics_dtypes(dtype, total, mean):
    v = wnp.ones(4, dtype=getattr(wnp, dtype))
    assert dw(wnp.sum(v)) == total
    assert dw(wnp.prod(v)) == total
    assert dw(wnp.cumulative_sum(v)) == total
    assert dw(wnp.mean(v)) == mean
    assert dw(wnp.max(v)) == dtype


def test_statistics_values():
    v = wnp.asarray([100, 100, 27], dtype=wnp.int8)
    assert int(wnp.sum(v)) == 227                 # no int8 wrap-around
    assert int(wnp.sum(v, dtype=wnp.int8)) == np.int8(227 - 256)
    np.testing.assert_array_equal(np.asarray(wnp.cumulative_sum(v, include_initial=True)),
                                  [0, 100, 200, 227])
    np.testing.assert_array_equal(np.asarray(wnp.cumulative_prod(v[:2])), [100, 10000])
    f = np.array([[1.0, 2.0], [3.0, 5.0]], np.float32)
    wf = wnp.asarray(f)
    np.testing.assert_allclose(np.asarray(wnp.mean(wf, axis=0)), f.mean(axis=0))
    np.testing.assert_allclose(np.asarray(wnp.var(wf, correction=1)), f.var(ddof=1))
    np.testing.assert_allclose(np.asarray(wnp.std(wf, axis=1, keepdims=True)),
                               f.std(axis=1, keepdims=True))
    assert dw(wnp.var(wnp.asarray([1 + 1j, 2], dtype=wnp.complex64))) == "float32"
    assert dw(wnp.sum(wnp.full(3, 1.5))) == "float64"        # reductions drop the flag
    with pytest.raises(ValueError, match="empty"):
        wnp.max(wnp.asarray([], dtype=wnp.float32))


# -- linear algebra ----------------------------------------------------------------------

def test_linear_algebra():
    m = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8)
    assert dw(wnp.matmul(m, m)) == "int8"
    assert dw(wnp.tensordot(m, wnp.asarray([[1.0, 0], [0, 1]], dtype=wnp.float32),
                            axes=1)) == "float32"
    np.testing.assert_array_equal(np.asarray(wnp.vecdot(m, m)), [5, 25])
    np.testing.assert_array_equal(np.asarray(wnp.matrix_transpose(m)), [[1, 3], [2, 4]])
    c = wnp.asarray([1j, 2])
    assert complex(wnp.vecdot(c, c)) == 5   # conjugates the first operand


def test_linalg_extension():
    a = np.array([[4.0, 1.0], [1.0, 3.0]], np.float32)
    wa = wnp.asarray(a)
    L = wnp.linalg
    np.testing.assert_allclose(np.asarray(L.inv(wa)), np.linalg.inv(a), rtol=1e-6)
    assert dw(L.inv(wa)) == "float32"
    assert dw(L.inv(wnp.asarray([[2, 0], [0, 2]], dtype=wnp.int8))) == "float32"
    assert dw(L.det(wnp.asarray([[2, 0], [0, 2]], dtype=wnp.int64))) == "float64"
    np.testing.assert_allclose(np.asarray(L.eigh(wa).eigenvalues), np.linalg.eigvalsh(a),
                               rtol=1e-6)
    assert dw(L.eig(wa).eigenvalues) == "complex64"
    assert dw(L.svdvals(wa)) == "float32"
    q, r = L.qr(wa)
    np.testing.assert_allclose(np.asarray(q @ r), a, rtol=1e-5, atol=1e-6)
    assert dw(L.trace(wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8))) == "int64"
    np.testing.assert_allclose(float(L.vector_norm(wa)), np.linalg.norm(a), rtol=1e-6)
    np.testing.assert_allclose(float(L.matrix_norm(wa)), np.linalg.norm(a), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(L.solve(wa, wnp.asarray([1.0, 2.0],
                                                                 dtype=wnp.float32))),
                               np.linalg.solve(a, [1.0, 2.0]), rtol=1e-6)
    assert L.matmul is wnp.matmul
    assert int(L.matrix_rank(wa)) == 2
    assert dw(L.cross(wnp.asarray([1, 0, 0], dtype=wnp.int8),
                      wnp.asarray([0, 1, 0], dtype=wnp.int8))) == "int8"


def test_fft():
    f = np.array([1.0, 2.0, 0.5, -1.0], np.float32)
    wf = wnp.asarray(f)
    r = wnp.fft.fft(wf)
    assert dw(r) == "complex64"
    np.testing.assert_allclose(np.asarray(r), np.fft.fft(f), rtol=1e-6)
    assert dw(wnp.fft.rfft(wnp.asarray(f.astype(np.float64)))) == "complex128"
    assert dw(wnp.fft.irfft(wnp.fft.rfft(wf))) == "float32"
    np.testing.assert_allclose(np.asarray(wnp.fft.irfft(wnp.fft.rfft(wf))), f, rtol=1e-6)
    assert dw(wnp.fft.fft(wnp.asarray([1, 2], dtype=wnp.int8))) == "complex64"
    assert dw(wnp.fft.fftfreq(4)) == "float64"
    assert dw(wnp.fft.fftfreq(4, dtype=wnp.float32)) == "float32"
    np.testing.assert_array_equal(np.asarray(wnp.fft.fftshift(wnp.asarray([0, 1, 2, 3]))),
                                  [2, 3, 0, 1])
    with pytest.raises(ValueError, match="norm"):
        wnp.fft.fft(wf, norm="bogus")
