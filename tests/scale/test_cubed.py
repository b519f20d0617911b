"""weaknp as Cubed's backend (``CUBED_BACKEND_ARRAY_API_MODULE=weaknp``).

Small arrays split into several chunks, run with Cubed's single-threaded and threaded local
executors.  Expected dtypes are written literally (JAX's lattice); values come from NumPy on
explicitly cast inputs.  What Cubed's own layer does differently (it checks Python scalars
and dtype categories before weaknp sees them) is asserted as the user sees it.
"""

import os
import pickle

import ml_dtypes
import numpy as np
import pytest

# Cubed picks its backend when first imported; this module must be the one to import it.
os.environ.setdefault("CUBED_BACKEND_ARRAY_API_MODULE", "weaknp")
cubed = pytest.importorskip("cubed", reason="Cubed is in the optional 'scale' extra "
                                            "(pip install '.[scale]')")
import cubed.array_api as xp  # noqa: E402
from cubed.runtime.create import create_executor  # noqa: E402

import weaknp as wnp  # noqa: E402
import weaknp.scale  # noqa: E402

if cubed.backend_array_api.namespace is not wnp:
    pytest.skip(f"Cubed was imported with backend "
                f"{cubed.backend_array_api.namespace.__name__!r} before this module set "
                f"CUBED_BACKEND_ARRAY_API_MODULE=weaknp", allow_module_level=True)

BF16 = np.dtype(ml_dtypes.bfloat16)


@pytest.fixture(params=["single-threaded", "threads"])
def executor(request):
    return create_executor(request.param)


@pytest.fixture
def spec(tmp_path):
    weaknp.scale.register_zarr_dtypes()
    return cubed.Spec(work_dir=str(tmp_path), allowed_mem="100MB")


def chunked(values, dtype, spec, chunks=2):
    """A Cubed array of ``values`` cast with NumPy to ``dtype``, in several chunks."""
    return xp.asarray(wnp.asarray(np.asarray(values).astype(dtype)), chunks=chunks, spec=spec)


def run(arr, executor):
    out = arr.compute(executor=executor)
    assert type(out) is wnp.Array  # the computed result is a weaknp array
    return out


A = [1, 2, 3, 4, 5]
B = [5, 4, 3, 2, 1]


# -- the backend --------------------------------------------------------------------------

def test_backend_is_weaknp_and_chunks_are_weaknp_arrays(spec, executor):
    assert cubed.backend_array_api.namespace is wnp
    seen = []

    def record(block):
        seen.append(type(block))
        return block

    x = chunked(A, np.int8, spec)
    out = run(cubed.map_blocks(record, x, dtype=x.dtype), executor)
    assert seen and set(seen) == {wnp.Array}
    assert len(seen) == 3  # five elements in chunks of two
    np.testing.assert_array_equal(np.asarray(out), np.array(A, np.int8))


def test_namespace_info_comes_from_weaknp():
    info = cubed.__array_namespace_info__()
    assert info.default_dtypes()["integral"] == np.dtype("int64")
    assert info.default_dtypes()["real floating"] == np.dtype("float64")
    assert "int8" in info.dtypes()


@pytest.mark.parametrize("a, b, expected", [
    ("int8", "uint8", "int16"),
    ("int32", "float32", "float32"),     # NumPy: float64
    ("uint64", "int64", "float64"),
    ("uint8", "int8", "int16"),
    ("uint32", "int32", "int64"),
    ("int16", "uint32", "int64"),
    ("float32", "complex64", "complex64"),
])
def test_array_array_promotion_follows_the_lattice(a, b, expected, spec, executor):
    x, y = chunked(A, a, spec), chunked(B, b, spec)
    assert xp.result_type(x, y) == np.dtype(expected)
    z = x + y
    assert z.dtype == np.dtype(expected)   # Cubed's metadata comes from weaknp.result_type
    out = run(z, executor)
    assert out.dtype == np.dtype(expected)  # and the chunks agree
    want = np.add(np.array(A).astype(a).astype(expected), np.array(B).astype(b).astype(expected))
    np.testing.assert_array_equal(np.asarray(out), want)


def test_result_type_delegates_to_weaknp():
    assert xp.result_type(xp.int8, xp.uint8) == np.dtype("int16")
    assert xp.result_type(xp.int32, xp.float32) == np.dtype("float32")
    assert xp.result_type(xp.uint64, xp.int64) == np.dtype("float64")
    assert xp.result_type(wnp.float16, wnp.bfloat16) == np.dtype("float32")


def test_comparisons_are_bool(spec, executor):
    x, y = chunked(A, "int8", spec), chunked(B, "uint8", spec)
    out = run(x < y, executor)
    assert out.dtype == np.dtype(bool) and not out.weak_type
    np.testing.assert_array_equal(np.asarray(out), np.array(A) < np.array(B))


# -- Python scalars: Cubed's layer decides before weaknp sees them ------------------------

@pytest.mark.parametrize("dtype, scalar, expected", [
    ("int8", 2, "int8"), ("uint8", 2, "uint8"), ("float32", 0.5, "float32"),
    ("float32", 2, "float32"), ("complex64", 1j, "complex64"),
])
def test_weak_scalars_keep_the_array_dtype(dtype, scalar, expected, spec, executor):
    x = chunked(A, dtype, spec)
    out = run(x * scalar, executor)
    assert out.dtype == np.dtype(expected)
    np.testing.assert_array_equal(np.asarray(out),
                                  np.array(A).astype(dtype) * np.array(scalar).astype(expected))


@pytest.mark.parametrize("dtype, scalar, error, message", [
    ("int8", 1.5, TypeError, "Python float scalars can only be promoted with floating-point"),
    ("float32", 1j, TypeError, "Python complex scalars can only be promoted with complex"),
    ("bool", 1, TypeError, "Only numeric dtypes are allowed in __add__"),
    ("int8", 1000, OverflowError, "must be within the bounds of the dtype"),
    ("uint8", -1, OverflowError, "must be within the bounds of the dtype"),
])
def test_cubed_checks_scalars_with_the_standards_rules(dtype, scalar, error, message, spec):
    # What a user sees: Cubed raises (at graph-building time) where weaknp would promote
    # (int8 + 1.5 -> weak float64, float32 + 1j -> complex64, bool + 1 -> weak int64) or
    # raise its own OverflowError.
    x = chunked(A, dtype, spec)
    with pytest.raises(error, match=message):
        x + scalar


@pytest.mark.parametrize("dtype, scalar, expected", [
    ("int8", 1.5, "float64"), ("float32", 1j, "complex64"), ("bool", 1, "int64"),
    ("int8", 2, "int8"), ("float16", 0.5, "float16"),
])
def test_cubed_elemwise_gives_weaknps_scalar_promotion(dtype, scalar, expected, spec, executor):
    x = chunked(A, dtype, spec)
    z = weaknp.scale.cubed_elemwise(wnp.add, x, scalar)
    assert z.dtype == np.dtype(expected)
    out = run(z, executor)
    assert out.dtype == np.dtype(expected)
    want = np.array(A).astype(dtype).astype(expected) + np.array(scalar).astype(expected)
    np.testing.assert_array_equal(np.asarray(out), want)


def test_cubed_elemwise_overflow_is_weaknps_error(spec):
    x = chunked(A, "int8", spec)
    with pytest.raises(OverflowError, match="cubed_elemwise: .*1000 is out of bounds for int8"):
        weaknp.scale.cubed_elemwise(wnp.add, x, 1000)


def test_out_of_range_python_ints_in_asarray_raise(spec):
    with pytest.raises(OverflowError, match="out of bounds for int8"):
        xp.asarray([1, 1000], dtype=xp.int8, chunks=1, spec=spec)


def test_weak_flag_is_not_kept_by_cubed(spec, executor):
    # Zarr stores dtypes only: a weak chunk comes back strong from a computed Cubed array.
    z = weaknp.scale.cubed_elemwise(wnp.add, chunked(A, "int8", spec), 1.5)
    out = run(z, executor)
    assert out.dtype == np.dtype("float64") and not out.weak_type


# -- bfloat16 -----------------------------------------------------------------------------

# Cubed's own refusal of bfloat16 (before weaknp.scale.use_with_cubed()) is checked in a
# fresh interpreter by test_cubed_narrow.py: the registration changes Cubed process-wide.


def test_bfloat16_arrays_store_compute_and_promote(spec, executor):
    x = xp.astype(chunked([1.0, 2.5, 3.0, -4.0, 0.1], "float32", spec), wnp.bfloat16)
    out = run(x, executor)
    assert out.dtype == BF16
    want = np.array([1.0, 2.5, 3.0, -4.0, 0.1], np.float32).astype(BF16)
    np.testing.assert_array_equal(np.asarray(out), want)
    h = chunked([1.0, 2.0, 3.0, 4.0, 5.0], "float16", spec)
    z = weaknp.scale.cubed_elemwise(wnp.add, x, h)
    assert z.dtype == np.dtype("float32")  # bfloat16 + float16 joins at float32
    np.testing.assert_array_equal(
        np.asarray(run(z, executor)),
        want.astype(np.float32) + np.arange(1, 6, dtype=np.float16).astype(np.float32))
    w = weaknp.scale.cubed_elemwise(wnp.multiply, x, 0.5)
    assert w.dtype == BF16
    np.testing.assert_array_equal(np.asarray(run(w, executor)),
                                  (want.astype(np.float32) * 0.5).astype(BF16))


def test_bfloat16_sum_matches_in_memory_weaknp(spec, executor):
    values = (np.arange(1000, dtype=np.float32) * np.float32(0.37)).astype(BF16)
    x = xp.asarray(wnp.asarray(values), chunks=64, spec=spec)
    s = weaknp.scale.cubed_sum(x)
    assert s.dtype == BF16
    out = run(s, executor)
    assert out.dtype == BF16 and out.shape == ()
    # float32 accumulation, one rounding to bfloat16 at the end
    want = values.astype(np.float32).astype(np.float64).sum().astype(np.float32).astype(BF16)
    assert np.asarray(out) == want


@pytest.mark.parametrize("dtype, kwargs, expected", [
    ("int8", {}, "int64"), ("uint8", {}, "uint64"), ("int8", {"dtype": wnp.int16}, "int16"),
    ("float32", {}, "float32"), ("float16", {}, "float16"),
])
def test_cubed_sum_follows_weaknps_sum_rule(dtype, kwargs, expected, spec, executor):
    x = xp.reshape(chunked(list(range(12)), dtype, spec, chunks=3), (3, 4))
    out = run(weaknp.scale.cubed_sum(x, axis=1, keepdims=True, **kwargs), executor)
    assert out.dtype == np.dtype(expected) and out.shape == (3, 1)
    want = np.arange(12).reshape(3, 4).sum(axis=1, keepdims=True)
    np.testing.assert_array_equal(np.asarray(out).astype(np.int64), want)


# -- reductions through Cubed's own functions ---------------------------------------------

@pytest.mark.parametrize("func, dtype, expected", [
    ("sum", "int8", "int64"), ("sum", "uint8", "uint64"), ("sum", "float32", "float32"),
    ("prod", "int16", "int64"), ("max", "int8", "int8"), ("min", "uint16", "uint16"),
    ("mean", "float32", "float32"),
    # Cubed decides mean's dtype itself: integers give the default float (float64), where
    # weaknp's in-memory mean(int8) is float32 (JAX's inexact rule).
    ("mean", "int8", "float64"),
])
def test_reductions_across_chunks(func, dtype, expected, spec, executor):
    x = chunked(A, dtype, spec)
    out = run(getattr(xp, func)(x), executor)
    assert out.dtype == np.dtype(expected) and out.shape == ()
    ref = getattr(np, func)(np.array(A).astype(dtype).astype(np.float64))
    assert float(out) == ref


def test_in_memory_mean_differs_from_cubeds_for_integers():
    assert wnp.mean(wnp.asarray(A, dtype=wnp.int8)).dtype == np.dtype("float32")


def test_sum_with_dtype_and_axis(spec, executor):
    x = xp.reshape(chunked(list(range(12)), "int8", spec, chunks=3), (3, 4))
    out = run(xp.sum(x, axis=0, dtype=xp.int16, keepdims=True), executor)
    assert out.dtype == np.dtype("int16") and out.shape == (1, 4)
    np.testing.assert_array_equal(np.asarray(out), np.arange(12).reshape(3, 4).sum(0, keepdims=True))


def test_var_and_std_use_mean_with_dtype(spec, executor):
    # Cubed's var/std call the backend's mean(..., dtype=...), an extension of the
    # standard's mean that weaknp provides (as NumPy and JAX do).
    x = chunked(A, "float32", spec)
    v = run(xp.var(x), executor)
    s = run(xp.std(x), executor)
    assert v.dtype == s.dtype == np.dtype("float32")
    np.testing.assert_allclose(float(v), np.var(np.asarray(A, np.float32)), rtol=1e-6)
    np.testing.assert_allclose(float(s), np.std(np.asarray(A, np.float32)), rtol=1e-6)


def test_nan_reductions(spec, executor):
    values = np.array([1.0, np.nan, 2.5, 4.0, np.nan], np.float32)
    x = xp.asarray(wnp.asarray(values), chunks=2, spec=spec)
    s = run(cubed.nansum(x), executor)
    assert s.dtype == np.dtype("float32") and float(s) == 7.5
    m = run(cubed.nanmean(x), executor)
    assert m.dtype == np.dtype("float32") and float(m) == 2.5


def test_int_nansum_dtype(spec, executor):
    out = run(cubed.nansum(chunked(A, "int8", spec)), executor)
    assert out.dtype == np.dtype("int64") and int(out) == 15


def test_int_nanmean_keeps_the_input_dtype_in_cubed(spec, executor):
    # Cubed's nanmean returns the input dtype (its own rule: dtype or x.dtype), so the mean
    # of int8 values is truncated to int8; weaknp's in-memory nanmean(int8) is float32.
    x = chunked([1, 2, 3, 4, 6], "int8", spec)
    out = run(cubed.nanmean(x), executor)
    assert out.dtype == np.dtype("int8") and int(out) == 3
    assert wnp.nanmean(wnp.asarray([1, 2, 3, 4, 6], dtype=wnp.int8)).dtype == np.dtype("float32")


def test_cumulative_sum_needs_an_axis(spec, executor):
    x = chunked(A, "int8", spec)
    with pytest.raises(TypeError, match="Axis value must be an integer"):
        xp.cumulative_sum(x)   # Cubed's own check; the standard allows axis=None for 1-D
    out = run(xp.cumulative_sum(x, axis=0), executor)
    assert out.dtype == np.dtype("int64")
    np.testing.assert_array_equal(np.asarray(out), np.cumsum(A))


def test_matmul_across_chunks(spec, executor):
    a = xp.reshape(chunked(list(range(16)), "int8", spec, chunks=4), (4, 4))
    b = xp.reshape(chunked(list(range(16)), "uint8", spec, chunks=4), (4, 4))
    out = run(a @ b, executor)
    assert out.dtype == np.dtype("int16")
    m = np.arange(16).reshape(4, 4)
    np.testing.assert_array_equal(np.asarray(out), m @ m)


# -- what Cubed's process-based executors need --------------------------------------------

@pytest.mark.parametrize("dtype", ["int8", "float32", "bfloat16", "complex64", "bool"])
def test_arrays_and_dtypes_pickle(dtype):
    cloudpickle = pytest.importorskip("cloudpickle")
    x = wnp.asarray(np.array([1, 0, 1]).astype(np.dtype(getattr(wnp, dtype))))
    for mod in (pickle, cloudpickle):
        y = mod.loads(mod.dumps(x))
        assert type(y) is wnp.Array and y.dtype == x.dtype and not y.weak_type
        np.testing.assert_array_equal(np.asarray(y), np.asarray(x))
        assert mod.loads(mod.dumps(getattr(wnp, dtype))) is getattr(wnp, dtype)
    w = pickle.loads(pickle.dumps(wnp.asarray(2.5)))
    assert w.weak_type and w.dtype == np.dtype("float64")


# -- the rest of Cubed's namespace runs on weaknp chunks ----------------------------------

M = np.arange(12, dtype=np.int16).reshape(3, 4)
FUNCS = {
    "concat": (lambda a: xp.concat([a, a], axis=0), lambda m: np.concatenate([m, m]), "int16"),
    "stack": (lambda a: xp.stack([a, a]), lambda m: np.stack([m, m]), "int16"),
    "flip": (lambda a: xp.flip(a, axis=1), lambda m: np.flip(m, 1), "int16"),
    "roll": (lambda a: xp.roll(a, 1, axis=1), lambda m: np.roll(m, 1, 1), "int16"),
    "repeat": (lambda a: xp.repeat(a, 2, axis=0), lambda m: np.repeat(m, 2, 0), "int16"),
    "permute_dims": (lambda a: xp.permute_dims(a, (1, 0)), lambda m: m.T, "int16"),
    "index": (lambda a: a[1:, ::2], lambda m: m[1:, ::2], "int16"),
    "where": (lambda a: xp.where(a > 3, a, 0), lambda m: np.where(m > 3, m, 0), "int16"),
    "clip": (lambda a: xp.clip(a, 2, 8), lambda m: np.clip(m, 2, 8), "int16"),
    "floor_divide": (lambda a: a // 3, lambda m: m // 3, "int16"),
    "pow": (lambda a: a ** 2, lambda m: m ** 2, "int16"),
    "argmax": (lambda a: xp.argmax(a, axis=1), lambda m: np.argmax(m, 1), "int64"),
    "cumulative_prod": (lambda a: xp.cumulative_prod(a, axis=1),
                        lambda m: np.cumprod(m.astype(np.int64), 1), "int64"),
    "divide": (lambda a: xp.astype(a, xp.float32) / xp.astype(a + 1, xp.float64),
               lambda m: m.astype(np.float64) / (m + 1).astype(np.float64), "float64"),
    "tensordot": (lambda a: xp.tensordot(xp.astype(a, xp.uint8), a, axes=([1], [1])),
                  lambda m: m @ m.T, "int16"),
}


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_namespace_functions_over_chunks(name, spec, executor):
    f, ref, expected = FUNCS[name]
    a = xp.asarray(wnp.asarray(M), chunks=(2, 3), spec=spec)
    out = run(f(a), executor)
    assert out.dtype == np.dtype(expected)
    np.testing.assert_allclose(np.asarray(out), ref(M), rtol=1e-6)


def test_integer_true_division(spec, executor):
    # Cubed's __truediv__ admits floating operands only; weaknp (as JAX) maps int8 / int8
    # to float32 and float32 / int32 to float32.  cubed_elemwise gives weaknp's answer.
    a = chunked(A, "int8", spec)
    with pytest.raises(TypeError, match="Only floating-point dtypes are allowed in __truediv__"):
        a / a
    with pytest.raises(TypeError, match="Only floating-point dtypes are allowed in __truediv__"):
        xp.astype(a, xp.float32) / xp.astype(a, xp.int32)
    out = run(weaknp.scale.cubed_elemwise(wnp.divide, a, chunked(B, "int8", spec)), executor)
    assert out.dtype == np.dtype("float32")
    np.testing.assert_allclose(np.asarray(out), np.array(A, np.float32) / np.array(B, np.float32))


def test_cubed_elemwise_promotion_error_is_raised_when_building(spec):
    x = xp.astype(chunked(A, "float32", spec), wnp.float8_e4m3fn)
    h = chunked(B, "float16", spec)
    with pytest.raises(wnp.TypePromotionError,
                       match="cubed_elemwise: add: no implicit dtype promotion between "
                             "float16 and float8_e4m3fn"):
        weaknp.scale.cubed_elemwise(wnp.add, x, h)


def test_register_zarr_dtypes_is_idempotent():
    names = weaknp.scale.register_zarr_dtypes()
    assert weaknp.scale.register_zarr_dtypes() == names
    assert names == ("float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4",
                     "float8_e4m3", "float8_e8m0fnu", "float8_e4m3b11fnuz", "float8_e4m3fn",
                     "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "bfloat16")
