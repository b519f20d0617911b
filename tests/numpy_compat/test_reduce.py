"""NumPy-compatible reductions and statistics (``_np_reduce``)."""

import numpy as np
import pytest
from harness import A, W, table_tests

import weaknp as wnp

NAN = float("nan")
V = [[1.0, NAN, 3.0], [4.0, 5.0, 6.5]]
I = [[1, 2, 3], [4, 5, 6]]
CASES = [
    ("nansum-f32", lambda m: m.nansum(A(m, V, "float32")), "float32", False),
    ("nansum-int8", lambda m: m.nansum(A(m, I, "int8"), axis=0), "int64", False),
    ("nansum-uint8", lambda m: m.nansum(A(m, I, "uint8")), "uint64", False),
    ("nansum-dtype", lambda m: m.nansum(A(m, I, "int8"), dtype=m.int16), "int16", False),
    ("nanprod-f16", lambda m: m.nanprod(A(m, V, "float16"), axis=1), "float16", False),
    ("nanmean-f32", lambda m: m.nanmean(A(m, V, "float32"), axis=1), "float32", False),
    ("nanmean-int8", lambda m: m.nanmean(A(m, I, "int8")), "float32", False),
    ("nanmean-weak", lambda m: m.nanmean(W(m, 2.0)), "float64", False),
    ("nanvar-f64", lambda m: m.nanvar(A(m, V, "float64"), ddof=1), "float64", False),
    ("nanstd-int16", lambda m: m.nanstd(A(m, I, "int16"), axis=0), "float32", False),
    ("nanvar-c64", lambda m: m.nanvar(A(m, [1j, 2 + 0j], "complex64")), "float32", False),
    ("nanmax-f32", lambda m: m.nanmax(A(m, V, "float32"), axis=1), "float32", False),
    ("nanmin-int8", lambda m: m.nanmin(A(m, I, "int8")), "int8", False),
    ("nanargmax", lambda m: m.nanargmax(A(m, V, "float32"), axis=1), "int64", False),
    ("nanargmin", lambda m: m.nanargmin(A(m, V, "float32")), "int64", False),
    ("cumsum-int8", lambda m: m.cumsum(A(m, I, "int8")), "int64", False),
    ("cumsum-f32-axis", lambda m: m.cumsum(A(m, V, "float32"), 1), "float32", False),
    ("cumprod-uint8", lambda m: m.cumprod(A(m, I, "uint8"), axis=0), "uint64", False),
    ("cumsum-dtype", lambda m: m.cumsum(A(m, I, "int8"), dtype=m.float32), "float32", False),
    ("nancumsum", lambda m: m.nancumsum(A(m, V, "float32"), axis=1), "float32", False),
    ("nancumprod", lambda m: m.nancumprod(A(m, V, "float64")), "float64", False),
    ("amax", lambda m: m.amax(A(m, I, "int8"), axis=1), "int8", False),
    ("amin-keepdims", lambda m: m.amin(A(m, I, "uint16"), axis=0, keepdims=True), "uint16",
     False),
    ("amax-weak", lambda m: m.amax(W(m, 2.0)), "float64", False),
    ("ptp", lambda m: m.ptp(A(m, I, "int8"), axis=1), "int8", False),
    ("median-int8", lambda m: m.median(A(m, I, "int8")), "float32", False),
    ("median-f16-axis", lambda m: m.median(A(m, I, "float16"), axis=1), "float16", False),
    ("nanmedian", lambda m: m.nanmedian(A(m, V, "float32"), axis=1), "float32", False),
    ("percentile", lambda m: m.percentile(A(m, I, "int32"), 30), "float32", False),
    ("percentile-q-list", lambda m: m.percentile(A(m, I, "float32"), A(m, [10, 90], "float32"), axis=0),
     "float32", False),
    ("percentile-nearest", lambda m: m.percentile(A(m, I, "float64"), 40, method="nearest"),
     "float64", False),
    ("nanpercentile", lambda m: m.nanpercentile(A(m, V, "float32"), 50), "float32", False),
    ("quantile", lambda m: m.quantile(A(m, I, "int64"), 0.25), "float64", False),
    ("nanquantile", lambda m: m.nanquantile(A(m, V, "float64"), 0.75, axis=1), "float64",
     False),
    ("average", lambda m: m.average(A(m, I, "int8")), "float32", False),
    ("average-weights", lambda m: m.average(A(m, [1, 2, 3], "float16"),
                                            weights=A(m, [3, 1, 1], "float32")),
     "float32", False),
    ("average-returned", lambda m: m.average(A(m, I, "float32"), axis=1, returned=True),
     "float32", False),
    ("cov", lambda m: m.cov(A(m, [[1, 2, 4], [2, 1, 0]], "float32")), "float32", False),
    ("cov-int", lambda m: m.cov(A(m, [1, 2, 4], "int64"), A(m, [2, 1, 0], "int64")),
     "float64", False),
    ("corrcoef", lambda m: m.corrcoef(A(m, [[1, 2, 4], [2, 1, 0]], "float32")), "float32",
     False),
    ("bincount", lambda m: m.bincount(A(m, [0, 1, 1, 3], "int8")), "int64", False),
    ("bincount-weights", lambda m: m.bincount(A(m, [0, 1, 1], "int32"),
                                              weights=A(m, [0.5, 1, 2], "float32")),
     "float32", False),
    ("histogram_bin_edges", lambda m: m.histogram_bin_edges(A(m, [1, 2, 5], "float32"), 4),
     "float32", False),
    ("isclose", lambda m: m.isclose(A(m, [1.0, 2.0], "float32"), 1.0), "bool", False),
    ("isclose-int", lambda m: m.isclose(A(m, [1, 2], "int8"), A(m, [1, 3], "int8")), "bool",
     False),
    ("allclose", lambda m: m.allclose(A(m, [1.0, 2.0], "float32"), [1.0, 2.0000001]), "bool",
     False),
    ("array_equal", lambda m: m.array_equal(A(m, [1, 2], "int8"), A(m, [1, 2], "uint8")),
     "bool", False),
    ("array_equiv", lambda m: m.array_equiv(A(m, [[1, 2], [1, 2]], "int8"),
                                            A(m, [1, 2], "int8")), "bool", False),
]
JAX_DEVIATIONS = {
    "cumsum-int8": "jnp.cumsum keeps int8 (and wraps on overflow); weaknp follows the Array "
                   "API's sum rule (int64), like cumulative_sum",
    "cumprod-uint8": "jnp.cumprod keeps uint8; weaknp follows the sum rule (uint64)",
    "allclose": "jnp.allclose refuses a list operand; weaknp reads it as asarray does",
}


test_dtype, test_values_equal_numpy, test_dtype_matches_jax = table_tests(
    CASES, JAX_DEVIATIONS)


def test_histogram():
    x = [1.0, 2.0, 2.5, 7.0, 9.0]
    for m in (np, wnp):
        c, e = m.histogram(A(m, x, "float32"), bins=4)
        if m is wnp:
            assert (c.dtype, e.dtype) == (wnp.int64, wnp.float32)
            got = (np.asarray(c), np.asarray(e))
        else:
            want = (c, e)
    np.testing.assert_array_equal(got[0], want[0])
    np.testing.assert_allclose(got[1], want[1])
    d, _ = wnp.histogram(wnp.asarray(x, dtype=wnp.float32), bins=4, density=True)
    assert d.dtype == wnp.float32
    h, ex, ey = wnp.histogram2d(wnp.asarray([1, 2, 3]), wnp.asarray([1, 1, 2]), bins=2)
    assert (h.dtype, ex.dtype) == (wnp.float64, wnp.float64)
    np.testing.assert_array_equal(np.asarray(h), np.histogram2d([1, 2, 3], [1, 1, 2], 2)[0])
    hd, edges = wnp.histogramdd(wnp.asarray([[1.0, 2.0], [2.0, 3.0]], dtype=wnp.float32), 2)
    assert hd.dtype == wnp.float64 and edges[0].dtype == wnp.float32


def test_narrow_floats_accumulate_in_float32():
    x = wnp.asarray([1.0, 2.0, float("nan"), 4.0], dtype=wnp.bfloat16)
    assert wnp.nansum(x).dtype == wnp.bfloat16 and float(wnp.nansum(x)) == 7.0
    assert float(wnp.nanmean(x)) == pytest.approx(7 / 3, rel=1e-2)
    assert wnp.cumsum(x).dtype == wnp.bfloat16
    assert wnp.median(wnp.asarray([3, 1, 2], dtype=wnp.int8)).dtype == wnp.float32


def test_reductions_refuse_out_and_wrong_kinds():
    x = wnp.asarray([1.0, 2.0])
    with pytest.raises(ValueError, match=r"nansum: out= has shape \(2,\), the result has"):
        wnp.nansum(x, out=x)
    with pytest.raises(TypeError, match="bincount: x must hold integers"):
        wnp.bincount(x)
    with pytest.raises(TypeError, match="median: not defined for complex"):
        wnp.median(wnp.asarray([1j]))
    with pytest.raises(ValueError):
        wnp.nanargmax(wnp.asarray([float("nan")]))
