"""weaknp arrays as dask.array chunks.

dask works out output dtypes with NumPy (on NumPy stand-ins for the chunks), so its
``.dtype`` can disagree with the weaknp chunks it computes.  These tests measure the
disagreement (dask's metadata and weaknp's chunk dtype, both literal) and check the ways to
keep metadata right: ``dtype=``/``meta=`` from weaknp, or ``weaknp.scale.dask_elemwise``.
"""

import numpy as np
import pytest

da = pytest.importorskip("dask.array", reason="dask is in the optional 'scale' extra "
                                              "(pip install '.[scale]')")
import ml_dtypes  # noqa: E402

import weaknp as wnp  # noqa: E402
import weaknp.scale  # noqa: E402

BF16 = np.dtype(ml_dtypes.bfloat16)
A = [1, 2, 3, 4, 5]
B = [5, 4, 3, 2, 1]


def _numpy_functions_dispatch():
    try:
        np.sum(wnp.asarray([1, 2]))
    except TypeError:
        return False
    return True


needs_array_function = pytest.mark.skipif(
    not _numpy_functions_dispatch(),
    reason="dask's reductions call numpy.sum etc. on the chunks; weaknp's "
           "Array.__array_function__ does not dispatch them yet")


@pytest.fixture(autouse=True, scope="module")
def registered():
    weaknp.scale.register_dask()


@pytest.fixture(params=["synchronous", "threads"])
def scheduler(request):
    return request.param


def chunked(values, dtype):
    return da.from_array(wnp.asarray(np.asarray(values).astype(dtype)), chunks=2)


def run(arr, scheduler):
    out = arr.compute(scheduler=scheduler)
    assert type(out) is wnp.Array  # chunks are weaknp arrays, concatenated by weaknp
    return out


def test_chunks_are_weaknp_arrays(scheduler):
    x = chunked(A, "int8")
    assert type(x._meta) is wnp.Array
    seen = []
    x.map_blocks(lambda b: seen.append((type(b), b.shape)) or b,
                 dtype=x.dtype).compute(scheduler=scheduler)
    chunks = [s for s in seen if s[1] != (0,)]   # dask also calls it once on its meta
    assert sorted(chunks, key=str) == [(wnp.Array, (1,)), (wnp.Array, (2,)), (wnp.Array, (2,))]
    np.testing.assert_array_equal(np.asarray(run(x, scheduler)), np.array(A, np.int8))


def test_register_dask_is_idempotent():
    weaknp.scale.register_dask()
    weaknp.scale.register_dask()
    from dask.array.chunk_types import is_valid_chunk_type  # noqa: PLC0415
    assert is_valid_chunk_type(wnp.Array)


# -- measured: dask's metadata (NumPy) against weaknp's chunks ----------------------------

@pytest.mark.parametrize("a, b, dask_says, chunks_are", [
    ("int32", "float32", "float64", "float32"),
    ("int64", "float32", "float64", "float32"),
    ("uint32", "complex64", "complex128", "complex64"),
    ("int16", "float16", "float32", "float16"),
    ("int64", "bfloat16", "float64", "bfloat16"),
    # where NumPy and the lattice agree, so do dask and the chunks
    ("int8", "uint8", "int16", "int16"),
    ("int8", "float32", "float32", "float32"),
])
def test_add_metadata_against_chunks(a, b, dask_says, chunks_are, scheduler):
    x, y = chunked(A, a), chunked(B, b)
    z = x + y
    assert z.dtype == np.dtype(dask_says)
    out = run(z, scheduler)
    assert out.dtype == np.dtype(chunks_are)
    want = np.array(A).astype(a).astype(chunks_are) + np.array(B).astype(b).astype(chunks_are)
    np.testing.assert_array_equal(np.asarray(out).astype(np.complex128), want.astype(np.complex128))


@pytest.mark.parametrize("a, b, dask_says, chunks_are", [
    ("int8", "int8", "float64", "float32"),
    ("int32", "uint8", "float64", "float32"),
    ("int64", "int64", "float64", "float64"),
])
def test_divide_metadata_against_chunks(a, b, dask_says, chunks_are, scheduler):
    z = chunked(A, a) / chunked(B, b)
    assert z.dtype == np.dtype(dask_says)
    assert run(z, scheduler).dtype == np.dtype(chunks_are)


def test_numpy_ufunc_on_dask_arrays_runs_weaknp_on_chunks(scheduler):
    # NEP-13: numpy.add(dask, dask) -> dask.add -> numpy.add(chunk, chunk) -> weaknp
    z = np.add(chunked(A, "int32"), chunked(B, "float32"))
    out = run(z, scheduler)
    assert out.dtype == np.dtype("float32")


# -- keeping metadata right ---------------------------------------------------------------

def test_map_blocks_with_dtype_from_result_type(scheduler):
    x, y = chunked(A, "int32"), chunked(B, "float32")
    z = da.map_blocks(wnp.add, x, y, dtype=wnp.result_type(x.dtype, y.dtype))
    assert z.dtype == np.dtype("float32")
    out = run(z, scheduler)
    assert out.dtype == z.dtype
    np.testing.assert_array_equal(np.asarray(out), np.array(A, np.float32) + np.array(B, np.float32))


def test_blockwise_with_meta_from_dask_meta(scheduler):
    x, y = chunked(A, "uint32"), chunked(B, "complex64")
    meta = weaknp.scale.dask_meta(x, y)
    assert type(meta) is wnp.Array and meta.dtype == np.dtype("complex64") and meta.shape == (0,)
    z = da.blockwise(wnp.add, "i", x, "i", y, "i", meta=meta)
    assert z.dtype == np.dtype("complex64") and type(z._meta) is wnp.Array
    assert run(z, scheduler).dtype == z.dtype


def test_dask_meta_with_scalars_and_dtypes():
    assert weaknp.scale.dask_meta(wnp.int8, 1).dtype == np.dtype("int8")
    assert weaknp.scale.dask_meta(chunked(A, "float16"), 0.5).dtype == np.dtype("float16")
    assert weaknp.scale.dask_meta(wnp.int8, 1.5).dtype == np.dtype("float64")
    assert weaknp.scale.dask_meta(wnp.int8, ndim=2).shape == (0, 0)


@pytest.mark.parametrize("func, a, b, expected", [
    (wnp.add, "int32", "float32", "float32"),
    (wnp.divide, "int8", "int8", "float32"),
    (wnp.add, "int64", "bfloat16", "bfloat16"),
    (wnp.less, "int32", "float32", "bool"),
])
def test_dask_elemwise_metadata_matches_chunks(func, a, b, expected, scheduler):
    z = weaknp.scale.dask_elemwise(func, chunked(A, a), chunked(B, b))
    assert z.dtype == np.dtype(expected)
    assert run(z, scheduler).dtype == np.dtype(expected)


def test_dask_elemwise_unary_inexact_rule(scheduler):
    z = weaknp.scale.dask_elemwise(wnp.sqrt, chunked(A, "int8"))
    assert da.sqrt(chunked(A, "int8")).dtype == np.dtype("float16")  # NumPy's answer
    assert z.dtype == np.dtype("float32")                              # weaknp's
    out = run(z, scheduler)
    assert out.dtype == np.dtype("float32")
    np.testing.assert_allclose(np.asarray(out), np.sqrt(np.array(A, np.float32)))


# -- weak scalars and overflow ------------------------------------------------------------

@pytest.mark.parametrize("dtype, scalar, expected", [
    ("int8", 2, "int8"), ("uint8", 200, "uint8"), ("float16", 0.5, "float16"),
    ("float32", 1j, "complex64"),
])
def test_weak_scalars_metadata_and_chunks_agree(dtype, scalar, expected, scheduler):
    z = chunked(A, dtype) * scalar
    assert z.dtype == np.dtype(expected)
    out = run(z, scheduler)
    assert out.dtype == np.dtype(expected) and not out.weak_type


def test_weak_result_keeps_its_flag_in_chunks(scheduler):
    z = chunked(A, "int8") + 1.5
    assert z.dtype == np.dtype("float64")
    out = run(z, scheduler)
    assert out.dtype == np.dtype("float64") and out.weak_type  # chunks stay in memory


def test_bfloat16_with_weak_float_metadata_differs(scheduler):
    z = chunked([1.0, 2.0], "bfloat16") + 1.5
    assert z.dtype == np.dtype("float32")  # NumPy/ml_dtypes' answer
    out = run(z, scheduler)
    assert out.dtype == BF16               # weaknp's: the weak float keeps bfloat16
    z2 = weaknp.scale.dask_elemwise(wnp.add, chunked([1.0, 2.0], "bfloat16"), 1.5)
    assert z2.dtype == BF16 and run(z2, scheduler).dtype == BF16


def test_out_of_range_int_raises_when_the_graph_is_built():
    x = chunked(A, "int8")
    with pytest.raises(OverflowError, match="1000 out of bounds for int8"):
        x + 1000   # NumPy's check on dask's metadata, before any chunk runs
    with pytest.raises(OverflowError, match="dask_elemwise: .*out of bounds for int8"):
        weaknp.scale.dask_elemwise(wnp.add, x, 1000)


# -- astype and reductions ----------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "uint8"])
def test_astype(dtype, scheduler):
    x = chunked([1.0, 2.5, -3.0, 4.0, 250.0], "float64")
    z = x.astype(getattr(wnp, dtype))
    assert z.dtype == np.dtype(getattr(wnp, dtype))
    out = run(z, scheduler)
    assert out.dtype == z.dtype
    want = np.array([1.0, 2.5, -3.0, 4.0, 250.0]).astype(z.dtype)
    np.testing.assert_array_equal(np.asarray(out), want)


@needs_array_function
@pytest.mark.parametrize("dtype, kwargs, dask_says, chunks_are", [
    ("int8", {}, "int64", "int64"),
    ("uint8", {}, "uint64", "uint64"),
    ("int8", {"dtype": wnp.int16}, "int16", "int16"),
    ("float32", {}, "float32", "float32"),
    ("float32", {"axis": 0, "keepdims": True}, "float32", "float32"),
])
def test_sum(dtype, kwargs, dask_says, chunks_are, scheduler):
    x = chunked(A, dtype)
    z = x.sum(**kwargs)
    assert z.dtype == np.dtype(dask_says)
    out = run(z, scheduler)
    assert out.dtype == np.dtype(chunks_are)
    assert out.shape == ((1,) if kwargs.get("keepdims") else ())
    assert float(np.asarray(out).reshape(())) == 15.0


@needs_array_function
def test_sum_2d_axis(scheduler):
    x = da.from_array(wnp.reshape(wnp.arange(12, dtype=wnp.int16), (3, 4)), chunks=(2, 2))
    out = run(x.sum(axis=1, dtype=wnp.int32, keepdims=True), scheduler)
    assert out.dtype == np.dtype("int32") and out.shape == (3, 1)
    np.testing.assert_array_equal(np.asarray(out), np.arange(12).reshape(3, 4).sum(1, keepdims=True))


@needs_array_function
@pytest.mark.parametrize("dtype, dask_says", [("float32", "float32"), ("int8", "float64")])
def test_mean(dtype, dask_says, scheduler):
    z = chunked(A, dtype).mean()
    assert z.dtype == np.dtype(dask_says)
    out = run(z, scheduler)
    assert float(out) == 3.0


@pytest.mark.parametrize("dtype, kwargs, expected, shape", [
    ("int8", {}, "int64", ()),
    ("uint8", {"axis": 1}, "uint64", (3,)),
    ("int8", {"axis": 0, "keepdims": True, "dtype": wnp.int16}, "int16", (1, 4)),
    ("float16", {"axis": (0, 1)}, "float16", ()),
    ("bool", {}, "int64", ()),
])
def test_dask_sum_metadata_and_chunks(dtype, kwargs, expected, shape, scheduler):
    m = np.arange(12).reshape(3, 4) % 5
    x = da.from_array(wnp.asarray(m.astype(dtype)), chunks=(2, 3))
    z = weaknp.scale.dask_sum(x, **kwargs)
    assert z.dtype == np.dtype(expected) and type(z._meta) is wnp.Array
    out = run(z, scheduler)
    assert out.dtype == np.dtype(expected) and out.shape == shape
    want = m.astype(dtype).astype(np.int64).sum(axis=kwargs.get("axis"),
                                                 keepdims=kwargs.get("keepdims", False))
    np.testing.assert_array_equal(np.asarray(out).astype(np.int64), want)


def test_dask_sum_bfloat16_matches_in_memory_rule(scheduler):
    values = (np.arange(1000, dtype=np.float32) * np.float32(0.37)).astype(BF16)
    z = weaknp.scale.dask_sum(da.from_array(wnp.asarray(values), chunks=64))
    assert z.dtype == BF16
    out = run(z, scheduler)
    want = values.astype(np.float64).sum().astype(np.float32).astype(BF16)
    assert out.dtype == BF16 and np.asarray(out) == want


@needs_array_function
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "float16", "bfloat16", "float32"])
@pytest.mark.parametrize("func", ["sum", "prod", "mean", "max", "var", "std"])
def test_dask_reductions_metadata_matches_chunks(func, dtype, scheduler):
    x = da.from_array(wnp.asarray((np.arange(6) % 3).astype(np.dtype(getattr(wnp, dtype)))),
                      chunks=2)
    z = getattr(x, func)()
    out = run(z, scheduler)
    assert out.dtype == z.dtype


@needs_array_function
def test_dask_sum_of_bfloat16_rounds_each_partial_sum(scheduler):
    # dask's .sum() stores every partial sum as bfloat16; weaknp.scale.dask_sum keeps them
    # in float32 and rounds once, as the in-memory sum does.
    values = (np.arange(100_000, dtype=np.float32) * np.float32(0.37)).astype(BF16)
    x = da.from_array(wnp.asarray(values), chunks=1000)
    in_memory = values.astype(np.float64).sum().astype(np.float32).astype(BF16)
    assert np.asarray(run(weaknp.scale.dask_sum(x), scheduler)) == in_memory
    assert run(x.sum(), scheduler).dtype == BF16
