"""NumPy functions and ufuncs called on weaknp arrays return weaknp arrays computed with
weaknp's promotion (``__array_function__`` / ``__array_ufunc__``).  Expected dtypes are
written literally; values come from NumPy on the same (already cast) data."""

import numpy as np
import pytest

import weaknp as wnp

I8 = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8)
U8 = wnp.asarray([5, 6], dtype=wnp.uint8)
F32 = wnp.asarray([1.5, -2.5, 4.0], dtype=wnp.float32)
SQ = wnp.asarray([[2.0, 1.0], [1.0, 3.0]], dtype=wnp.float32)

# (call, expected dtype, expected weak flag)
CALLS = [
    ("np.mean(I8)", lambda: np.mean(I8), "float32", False),
    ("np.sum(I8, 0)", lambda: np.sum(I8, 0), "int64", False),
    ("np.sum(I8, axis=1, keepdims=True)", lambda: np.sum(I8, axis=1, keepdims=True), "int64",
     False),
    ("np.prod(F32)", lambda: np.prod(F32), "float32", False),
    ("np.concatenate([I8[0], U8])", lambda: np.concatenate([I8[0], U8]), "int16", False),
    ("np.stack([F32, F32])", lambda: np.stack([F32, F32]), "float32", False),
    ("np.vstack([I8, I8])", lambda: np.vstack([I8, I8]), "int8", False),
    ("np.hstack([U8, I8[0]])", lambda: np.hstack([U8, I8[0]]), "int16", False),
    ("np.where(I8 > 1, I8, 0)", lambda: np.where(I8 > 1, I8, 0), "int8", False),
    ("np.dot(I8, I8)", lambda: np.dot(I8, I8), "int8", False),
    ("np.matmul(SQ, SQ)", lambda: np.matmul(SQ, SQ), "float32", False),
    ("np.reshape(I8, (4,))", lambda: np.reshape(I8, (4,)), "int8", False),
    ("np.transpose(I8)", lambda: np.transpose(I8), "int8", False),
    ("np.ravel(I8)", lambda: np.ravel(I8), "int8", False),
    ("np.squeeze(I8[:1])", lambda: np.squeeze(I8[:1], axis=0), "int8", False),
    ("np.expand_dims(U8, 0)", lambda: np.expand_dims(U8, 0), "uint8", False),
    ("np.clip(I8, 0, 2)", lambda: np.clip(I8, 0, 2), "int8", False),
    ("np.max(I8, axis=1)", lambda: np.max(I8, axis=1), "int8", False),
    ("np.min(F32)", lambda: np.min(F32), "float32", False),
    ("np.argmax(I8)", lambda: np.argmax(I8), "int64", False),
    ("np.argmin(F32)", lambda: np.argmin(F32), "int64", False),
    ("np.sort(F32)", lambda: np.sort(F32), "float32", False),
    ("np.argsort(F32)", lambda: np.argsort(F32), "int64", False),
    ("np.unique(I8)", lambda: np.unique(I8), "int8", False),
    ("np.cumsum(I8)", lambda: np.cumsum(I8), "int64", False),
    ("np.cumprod(F32)", lambda: np.cumprod(F32), "float32", False),
    ("np.std(F32, ddof=1)", lambda: np.std(F32, ddof=1), "float32", False),
    ("np.var(I8)", lambda: np.var(I8), "float32", False),
    ("np.round(F32, 1)", lambda: np.round(F32, 1), "float32", False),
    ("np.allclose(F32, F32)", lambda: np.allclose(F32, F32), "bool", False),
    ("np.isclose(F32, 1.5)", lambda: np.isclose(F32, 1.5), "bool", False),
    ("np.any(I8 > 3)", lambda: np.any(I8 > 3), "bool", False),
    ("np.all(I8 > 0)", lambda: np.all(I8 > 0), "bool", False),
    ("np.linalg.norm(F32)", lambda: np.linalg.norm(F32), "float32", False),
    ("np.linalg.inv(SQ)", lambda: np.linalg.inv(SQ), "float32", False),
    ("np.linalg.solve(SQ, F32[:2])", lambda: np.linalg.solve(SQ, F32[:2]), "float32", False),
    ("np.linalg.det(SQ)", lambda: np.linalg.det(SQ), "float32", False),
    ("np.fft.fft(F32)", lambda: np.fft.fft(F32), "complex64", False),
    ("np.fft.rfft(F32)", lambda: np.fft.rfft(F32), "complex64", False),
    ("np.median(I8)", lambda: np.median(I8), "float32", False),
    ("np.percentile(F32, 50)", lambda: np.percentile(F32, 50), "float32", False),
    ("np.nansum(F32)", lambda: np.nansum(F32), "float32", False),
    ("np.nanmean(F32)", lambda: np.nanmean(F32), "float32", False),
    ("np.diff(F32)", lambda: np.diff(F32), "float32", False),
    ("np.outer(U8, U8)", lambda: np.outer(U8, U8), "uint8", False),
    ("np.tile(U8, 2)", lambda: np.tile(U8, 2), "uint8", False),
    ("np.repeat(U8, 2)", lambda: np.repeat(U8, 2), "uint8", False),
    ("np.flip(F32)", lambda: np.flip(F32), "float32", False),
    ("np.roll(F32, 1)", lambda: np.roll(F32, 1), "float32", False),
    ("np.copy(F32)", lambda: np.copy(F32), "float32", False),
    ("np.zeros_like(I8)", lambda: np.zeros_like(I8), "int8", False),
    ("np.ones_like(F32)", lambda: np.ones_like(F32), "float32", False),
    ("np.full_like(I8, 7)", lambda: np.full_like(I8, 7), "int8", False),
    ("np.trace(I8)", lambda: np.trace(I8), "int64", False),
    ("np.diagonal(I8)", lambda: np.diagonal(I8), "int8", False),
    ("np.einsum('ij,jk', SQ, SQ)", lambda: np.einsum("ij,jk", SQ, SQ), "float32", False),
    ("np.add(I8, 1)", lambda: np.add(I8, 1), "int8", False),
    ("np.multiply(F32, 2)", lambda: np.multiply(F32, 2), "float32", False),
    ("np.abs(I8)", lambda: np.abs(I8), "int8", False),
    ("np.sqrt(F32)", lambda: np.sqrt(F32), "float32", False),
    ("np.exp(I8)", lambda: np.exp(I8), "float32", False),
    ("np.maximum(I8, U8[0])", lambda: np.maximum(I8, U8[0]), "int16", False),
    ("np.fmax(F32, 0)", lambda: np.fmax(F32, 0), "float32", False),
    ("np.add.reduce(I8)", lambda: np.add.reduce(I8), "int64", False),
    ("np.multiply.outer(U8, U8)", lambda: np.multiply.outer(U8, U8), "uint8", False),
    ("np.asarray(I8) * I8", lambda: np.asarray(I8) * I8, "int8", False),
    ("np.float32(2) * I8", lambda: np.ones(2, dtype=np.float16) * I8[0], "float16", False),
]


@pytest.mark.parametrize("call, dtype, weak", [c[1:] for c in CALLS], ids=[c[0] for c in CALLS])
def test_numpy_function_returns_weaknp_array(call, dtype, weak):
    with np.errstate(all="ignore"):
        r = call()
    leaves = r if isinstance(r, tuple) else (r,)
    for x in leaves:
        assert isinstance(x, wnp.Array), type(x)
        assert (str(x.dtype), x.weak_type) == (dtype, weak)


def test_values_match_numpy_on_the_same_data():
    a = np.asarray(I8)
    np.testing.assert_array_equal(np.asarray(np.sum(I8, 0)), np.sum(a, 0))
    np.testing.assert_array_equal(np.asarray(np.cumsum(I8)), np.cumsum(a))
    np.testing.assert_allclose(np.asarray(np.std(F32, ddof=1)), np.std(np.asarray(F32), ddof=1),
                               rtol=1e-6)
    np.testing.assert_array_equal(np.asarray(np.concatenate([I8[0], U8])), [1, 2, 5, 6])


def test_unimplemented_numpy_functions_raise_clearly():
    with pytest.raises(TypeError, match=r"numpy.busday_count|numpy.*weaknp does not"):
        np.busday_count(I8, I8)
    with pytest.raises(TypeError, match="add.at: storing Python float"):
        np.add.at(I8, [0], 1.5)
    with pytest.raises(TypeError, match=r"equal.reduce: equal turns int8 operands into bool"):
        np.equal.reduce(I8)
    with pytest.raises(TypeError, match="sort: order= sorts structured arrays"):
        np.sort(F32, order="f0")


def test_ndarray_times_array_follows_the_lattice():
    r = np.asarray([1, 2], dtype=np.int8) + wnp.asarray([1, 2], dtype=wnp.uint8)
    assert isinstance(r, wnp.Array) and r.dtype == wnp.int16
