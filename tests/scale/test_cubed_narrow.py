"""Narrow floats in ``cubed.array_api`` after ``weaknp.scale.use_with_cubed()``.

bfloat16, float16 and float8 arrays through every real-float elementwise function, the
reductions and ``astype``, in several chunks.  Expected values come from NumPy on float32
copies of the same inputs, rounded once with ml_dtypes (weaknp's narrow floats compute through
float32); expected dtypes are literal.  ``use_with_cubed`` changes Cubed for the whole
process, so what Cubed does without it is checked in a fresh interpreter.
"""

import os
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

os.environ.setdefault("CUBED_BACKEND_ARRAY_API_MODULE", "weaknp")
cubed = pytest.importorskip("cubed", reason="Cubed is in the optional 'scale' extra "
                                            "(pip install '.[scale]')")
pytest.importorskip("zarr")
import cubed.array_api as xp  # noqa: E402

import weaknp as wnp  # noqa: E402
import weaknp.scale  # noqa: E402

if cubed.backend_array_api.namespace is not wnp:
    pytest.skip("Cubed was imported with another backend before this module set "
                "CUBED_BACKEND_ARRAY_API_MODULE=weaknp", allow_module_level=True)

NARROW = [np.dtype(t) for t in (ml_dtypes.bfloat16, np.float16, ml_dtypes.float8_e4m3fn,
                                 ml_dtypes.float8_e5m2)]
F32 = np.float32


@pytest.fixture(scope="module", autouse=True)
def registered():
    weaknp.scale.use_with_cubed()


@pytest.fixture
def spec(tmp_path):
    return cubed.Spec(work_dir=str(tmp_path), allowed_mem="100MB")


def chunked(values, dt, spec, chunks=2):
    """A Cubed array of ``values`` cast with NumPy/ml_dtypes to ``dt``, in chunks."""
    return xp.asarray(wnp.asarray(np.asarray(values, F32).astype(dt)),
                      chunks=chunks, spec=spec)


def compute(*arrays):
    out = cubed.compute(*arrays, executor=cubed.runtime.create.create_executor(
        "single-threaded"))
    assert all(type(o) is wnp.Array for o in out)
    return [np.asarray(o) for o in out]


def test_registration_is_idempotent_and_names_the_dtypes():
    names = weaknp.scale.use_with_cubed()
    assert weaknp.scale.use_with_cubed() == names
    assert names == ("float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4",
                     "float8_e4m3", "float8_e8m0fnu", "float8_e4m3b11fnuz", "float8_e4m3fn",
                     "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "bfloat16",
                     "float16")
    assert xp.bfloat16 == cubed.bfloat16 == np.dtype(ml_dtypes.bfloat16)
    assert xp.float8_e4m3fn == np.dtype(ml_dtypes.float8_e4m3fn)


_SCRIPT = """
import os, tempfile
os.environ["CUBED_BACKEND_ARRAY_API_MODULE"] = {backend!r}
import cubed, cubed.array_api as xp, numpy as np, weaknp as wnp, weaknp.scale
spec = cubed.Spec(work_dir=tempfile.mkdtemp(), allowed_mem="100MB")
b = xp.astype(xp.asarray(np.arange(4, dtype=np.float32), chunks=2, spec=spec), wnp.bfloat16)
try:
    b * 2
except TypeError as e:
    print("before:", e)
try:
    weaknp.scale.use_with_cubed()
except RuntimeError as e:
    print("register:", e)
    raise SystemExit
y = b * 2
print("after:", y.dtype, xp.sum(y).compute())
"""


@pytest.mark.parametrize("backend, expected", [
    ("weaknp", ["before: Only numeric dtypes are allowed in __mul__",
                "after: bfloat16 12"]),
    ("numpy", ["before: Only numeric dtypes are allowed in __mul__",
               "register: use_with_cubed: Cubed's backend is 'numpy', not weaknp; set "
               "CUBED_BACKEND_ARRAY_API_MODULE=weaknp before the first `import cubed`"]),
])
def test_without_registration_cubed_refuses_bfloat16(backend, expected, tmp_path):
    out = subprocess.run([sys.executable, "-c", _SCRIPT.format(backend=backend)],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path,
                         env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == expected


# -- elementwise ----------------------------------------------------------------------------

X = [0.125, 0.25, 0.5, 0.75, 0.875]
Y = [0.5, 0.25, 0.75, 0.125, 0.875]
NUMPY_NAME = {"acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh",
              "atan": "arctan", "atanh": "arctanh", "atan2": "arctan2", "pow": "power"}
UNARY = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh",
         "exp", "expm1", "floor", "isfinite", "isinf", "isnan", "log", "log10", "log1p",
         "log2", "negative", "positive", "reciprocal", "round", "sign", "signbit", "sin",
         "sinh", "sqrt", "square", "tan", "tanh", "trunc"]
BINARY = ["add", "atan2", "copysign", "divide", "equal", "floor_divide", "greater",
          "greater_equal", "hypot", "less", "less_equal", "logaddexp", "maximum", "minimum",
          "multiply", "not_equal", "pow", "remainder", "subtract"]


def _oracle(name, *values):
    out = getattr(np, NUMPY_NAME.get(name, name))(*values)
    return out


@pytest.mark.parametrize("name", UNARY + BINARY)
def test_elementwise_keeps_the_narrow_dtype(name, spec):
    func = getattr(xp, name)
    xs = [1 + np.array(X, F32)] if name == "acosh" else [np.array(X, F32)]
    if name in BINARY:
        xs.append(np.array(Y, F32))
    outs, wants = [], []
    for dt in NARROW:
        args = [chunked(v, dt, spec) for v in xs]
        outs.append(func(*args))
        want = _oracle(name, *(v.astype(dt).astype(F32) for v in xs))
        wants.append(want if want.dtype == bool else want.astype(dt))
        assert outs[-1].dtype == wants[-1].dtype, (dt, outs[-1].dtype)
    for dt, got, want in zip(NARROW, compute(*outs), wants):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got.astype(F32), want.astype(F32), err_msg=dt)


@pytest.mark.parametrize("dt", NARROW, ids=str)
def test_weak_python_scalars_keep_the_narrow_dtype(dt, spec):
    x = chunked(X, dt, spec)
    ys = [x * 2 + 1, 0.5 * x, x - 1, x / 4]
    assert [y.dtype for y in ys] == [dt] * 4
    v = np.array(X, F32).astype(dt).astype(F32)
    wants = [v * 2 + 1, 0.5 * v, v - 1, v / 4]
    for got, want in zip(compute(*ys), wants):
        np.testing.assert_array_equal(got, want.astype(dt))


def test_the_lattice_decides_across_chunks(spec):
    b = chunked(X, ml_dtypes.bfloat16, spec)
    h = chunked(Y, np.float16, spec)
    assert (b + h).dtype == np.dtype(F32)     # bfloat16 + float16 joins at float32
    f8 = chunked(X, ml_dtypes.float8_e4m3fn, spec)
    with pytest.raises(wnp.TypePromotionError, match="no implicit dtype promotion between"):
        f8 + h                                # float8 is an island: raised when building
    (got,) = compute(b + h)
    want = (np.array(X, F32).astype(ml_dtypes.bfloat16).astype(F32)
            + np.array(Y, F32).astype(np.float16).astype(F32))
    np.testing.assert_array_equal(got, want)


# -- astype ---------------------------------------------------------------------------------

ALL_NARROW = list(weaknp.scale.use_with_cubed.__globals__["_NARROW_FLOATS"])


def _ml_dtypes_casts(src, dst):
    try:
        np.ones(1, src).astype(dst)
    except TypeError:   # ml_dtypes has no cast between some pairs (float8_e5m2 -> e8m0fnu)
        return False
    return True


@pytest.mark.parametrize("src", ALL_NARROW, ids=str)
def test_astype_between_every_pair(src, spec):
    values = np.array([0.5, 1.0, 2.0, 4.0], F32)   # exact in every narrow float
    x = chunked(values, src, spec)
    targets = ALL_NARROW + [np.dtype(F32)]
    outs = [xp.astype(x, dst) for dst in targets if _ml_dtypes_casts(src, dst)]
    for out, got in zip(outs, compute(*outs)):
        assert got.dtype == out.dtype
        np.testing.assert_array_equal(got.astype(F32), values)
    for dst in targets:
        if not _ml_dtypes_casts(src, dst):
            with pytest.raises(TypeError, match="Cannot cast"):
                compute(xp.astype(x, dst))


def test_zarr_round_trip_of_every_narrow_float(tmp_path, spec):
    import zarr

    values = np.array([0.5, 1.0, 2.0, 4.0], F32)
    for dt in ALL_NARROW:
        path = str(tmp_path / f"{dt.name}.zarr")
        cubed.to_zarr(chunked(values, dt, spec), path)
        back = zarr.open_array(path, mode="r")
        assert back.dtype == dt
        np.testing.assert_array_equal(back[:].astype(F32), values)
        (again,) = compute(cubed.from_zarr(path, spec=spec))
        assert again.dtype == dt


# -- reductions -----------------------------------------------------------------------------

R = [0.5, 1, 1.5, 2, 3, 0.25, 0.75, 2.5]   # exact in every tested dtype; sums exact in float32


@pytest.mark.parametrize("name, oracle", [
    ("sum", np.sum), ("prod", np.prod), ("max", np.max), ("min", np.min),
    ("mean", np.mean), ("var", np.var), ("std", np.std), ("nansum", np.nansum),
    ("nanmean", np.nanmean),
])
def test_reductions_keep_the_narrow_dtype(name, oracle, spec):
    func = getattr(xp, name, None) or getattr(cubed, name)
    outs = [func(chunked(R, dt, spec, chunks=3))
            for dt in NARROW]
    for dt, out, got in zip(NARROW, outs, compute(*outs)):
        assert out.dtype == got.dtype == dt
        want = oracle(np.array(R, np.float64)).astype(dt)
        assert got.astype(F32) == want.astype(F32), dt


@pytest.mark.parametrize("name, oracle", [("cumulative_sum", np.cumsum),
                                          ("cumulative_prod", np.cumprod)])
def test_cumulative_keep_the_narrow_dtype(name, oracle, spec):
    outs = [getattr(xp, name)(chunked(R, dt, spec,
                                      chunks=3), axis=0) for dt in NARROW]
    for dt, out, got in zip(NARROW, outs, compute(*outs)):
        assert out.dtype == got.dtype == dt
        want = oracle(np.array(R, np.float64)).astype(dt)
        np.testing.assert_array_equal(got.astype(F32), want.astype(F32), err_msg=dt)


@pytest.mark.parametrize("name", ["sum", "nansum"])
@pytest.mark.parametrize("chunks", [16, 64])
def test_bfloat16_sum_accumulates_in_float32_across_chunks(name, chunks, spec):
    bf16 = np.dtype(ml_dtypes.bfloat16)
    values = (np.sin(np.arange(1000, dtype=F32) * F32(1.3)) * F32(4)).astype(bf16)
    x = xp.asarray(wnp.asarray(values), chunks=chunks, spec=spec)
    func = getattr(xp, name, None) or getattr(cubed, name)
    s = func(x)
    assert s.dtype == bf16
    got, cubeds_own = compute(s, func.__wrapped__(x))
    want = values.astype(np.float64).sum().astype(F32).astype(bf16)   # 1.84375
    assert cubeds_own != want     # bfloat16 partial sums: 1.75 (16 chunks), 1.85938 (64)
    assert got == want


def test_sum_with_a_narrow_dtype_argument(spec):
    x = chunked(R, F32, spec, chunks=3)
    s = xp.sum(x, dtype=xp.bfloat16)
    assert s.dtype == np.dtype(ml_dtypes.bfloat16)
    assert compute(s)[0] == np.float64(sum(R)).astype(ml_dtypes.bfloat16)
    i = xp.sum(chunked(R, np.int8, spec, chunks=3))    # other dtypes: Cubed's own rule
    assert i.dtype == np.dtype("int64")
