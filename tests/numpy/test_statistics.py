"""NumPy's statistics, ``nan*`` reductions, histograms and whole-array comparisons
and NumPy's other reductions: values against NumPy on the same explicitly cast inputs
(NaN-aware), literal dtypes and weak flags, errors; the harness rows at the end are also
checked against jax.numpy (x64).
"""

import numpy as np
import pytest
from harness import A, W, _leaves, table_tests
from support import close_array

import weaknp as wnp

NAN = np.nan
RNG = np.random.default_rng(7)
X = RNG.normal(size=(3, 4, 5)).astype(np.float32)
X[0, 1, 2] = NAN
X[2, 0, 0] = NAN
XI = RNG.integers(-5, 6, size=(3, 4, 5)).astype(np.int16)


# --- values: reductions over axis (int or tuple) and keepdims --------------------------

REDUCTIONS = ["nansum", "nanprod", "nanmean", "nanvar", "nanstd", "nanmax", "nanmin",
              "amax", "amin", "ptp", "median", "nanmedian"]
AXES = [None, 0, -1, (0, 2)]


@pytest.mark.parametrize("name", REDUCTIONS)
@pytest.mark.parametrize("axis", AXES, ids=str)
def test_reduction_values_float32(name, axis):
    fn = getattr(wnp, name)
    with np.errstate(invalid="ignore"):
        for keepdims in (False, True):
            close_array(fn(wnp.asarray(X), axis=axis, keepdims=keepdims),
                        getattr(np, name)(X, axis=axis, keepdims=keepdims), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction_values_int16(name):
    # NumPy on the same int16 data (NumPy's result dtype may differ; values agree).
    got = getattr(wnp, name)(wnp.asarray(XI), axis=(1, 2))
    close_array(got, getattr(np, name)(XI.astype(np.float64), axis=(1, 2)), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", ["nanargmax", "nanargmin", "cumsum", "cumprod",
                                  "nancumsum", "nancumprod"])
@pytest.mark.parametrize("axis", [None, 0, -1], ids=str)
def test_arg_and_cumulative_values(name, axis):
    close_array(getattr(wnp, name)(wnp.asarray(X), axis=axis), getattr(np, name)(X, axis=axis),
                rtol=1e-5, atol=1e-6)


def test_initial_and_where_are_passed_to_numpy():
    x = np.array([[1.0, NAN, 3.0], [4.0, 5.0, 6.0]])
    assert float(wnp.nansum(wnp.asarray(x), initial=10.0)) == 29.0
    close_array(wnp.nansum(wnp.asarray(x), axis=1, where=wnp.asarray([True, False, True])),
                [4.0, 10.0], 2e-6, atol=1e-6)
    close_array(wnp.nanmax(wnp.asarray(x), axis=0, initial=5.0), [5.0, 5.0, 6.0], 2e-6, atol=1e-6)


def test_priority_reductions_on_narrow_floats_accumulate_in_float32():
    v = [1.0, 2.0, NAN, 4.0, 0.5]
    x = wnp.asarray(v, dtype=wnp.bfloat16)
    assert (wnp.nansum(x).dtype, float(wnp.nansum(x))) == (wnp.bfloat16, 7.5)
    assert (wnp.nanprod(x).dtype, float(wnp.nanprod(x))) == (wnp.bfloat16, 4.0)
    assert (wnp.nanmax(x).dtype, float(wnp.nanmax(x))) == (wnp.bfloat16, 4.0)
    assert int(wnp.nanargmin(x)) == 4
    close_array(wnp.nancumsum(x), [1.0, 3.0, 3.0, 7.0, 7.5], 2e-6, atol=1e-6)
    f16 = wnp.asarray([60000.0, 60000.0, -60000.0], dtype=wnp.float16)
    # float16 accumulates in float32 (as JAX); NumPy's own float16 loop would overflow.
    assert float(wnp.nansum(f16)) == 60000.0
    assert float(wnp.nanmean(f16)) == 20000.0


# --- values: order statistics, every NumPy method --------------------------------------

METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
           "normal_unbiased", "lower", "higher", "midpoint", "nearest"]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("name", ["percentile", "nanpercentile", "quantile", "nanquantile"])
def test_order_statistic_values_every_method(name, method):
    q = [10.0, 50.0, 95.0] if "perc" in name else [0.1, 0.5, 0.95]
    fn = getattr(wnp, name)
    with np.errstate(invalid="ignore"):
        close_array(fn(wnp.asarray(X), q, axis=(0, 2), method=method, keepdims=True),
                    getattr(np, name)(X, q, axis=(0, 2), method=method, keepdims=True),
                    1e-5, atol=1e-6)
        close_array(fn(wnp.asarray(XI), q[1], axis=1, method=method),
                    getattr(np, name)(XI.astype(np.float32), q[1], axis=1, method=method),
                    1e-5, atol=1e-6)


def test_quantile_weights_and_interpolation_alias():
    x = np.abs(X[1]).astype(np.float64)
    w = RNG.random(x.shape)
    close_array(wnp.quantile(wnp.asarray(x), 0.3, axis=1, method="inverted_cdf",
                        weights=wnp.asarray(w)),
                np.quantile(x, 0.3, axis=1, method="inverted_cdf", weights=w), 1e-12, atol=1e-6)
    r = wnp.quantile(wnp.asarray([1, 2, 3, 4], dtype=wnp.int8), 0.5, interpolation="lower")
    assert (float(r), r.dtype) == (2.0, wnp.float32)


def test_median_percentile_of_python_values():
    assert float(wnp.median(5)) == 5.0
    close_array(wnp.percentile([1, 2, 3], [10, 50]), [1.2, 2.0], 2e-6, atol=1e-6)


# --- values: average, cov, corrcoef, bincount ------------------------------------------

def test_average_values():
    a = X[1]
    w = RNG.random(5).astype(np.float32)
    close_array(wnp.average(wnp.asarray(a), axis=1, weights=wnp.asarray(w)),
                np.average(a, axis=1, weights=w), 1e-5, atol=1e-6)
    got = wnp.average(wnp.asarray(a), axis=1, weights=wnp.asarray(w), returned=True,
                      keepdims=True)
    want = np.average(a, axis=1, weights=w, returned=True, keepdims=True)
    close_array(got[0], want[0], 1e-5, atol=1e-6)
    close_array(got[1], want[1], 1e-5, atol=1e-6)
    got = wnp.average(wnp.asarray(a), axis=(0, 1), returned=True)
    close_array(got[1], np.average(a, axis=(0, 1), returned=True)[1], 2e-6, atol=1e-6)
    assert float(wnp.average(wnp.asarray([1, 2, 3], dtype=wnp.int8),
                             weights=wnp.asarray([1, 0, 1], dtype=wnp.int8))) == 2.0


def test_cov_corrcoef_values():
    m = RNG.normal(size=(3, 6)).astype(np.float32)
    close_array(wnp.cov(wnp.asarray(m)), np.cov(m), 1e-5, atol=1e-6)
    close_array(wnp.cov(wnp.asarray(m), rowvar=False, ddof=2), np.cov(m, rowvar=False, ddof=2),
                1e-5, atol=1e-6)
    m64 = m.astype(np.float64)
    fw, aw = [1, 2, 1, 1, 3, 1], np.linspace(0.1, 1.0, 6)
    close_array(wnp.cov(wnp.asarray(m64), fweights=wnp.asarray(fw), aweights=wnp.asarray(aw)),
                np.cov(m64, fweights=fw, aweights=aw), 1e-12, atol=1e-6)
    close_array(wnp.cov(wnp.asarray(m64), bias=True), np.cov(m64, bias=True), 1e-12, atol=1e-6)
    close_array(wnp.corrcoef(wnp.asarray(m[0]), wnp.asarray(m[1])), np.corrcoef(m[0], m[1]), 1e-5,
                atol=1e-6)
    close_array(wnp.corrcoef(wnp.asarray(m), rowvar=False), np.corrcoef(m, rowvar=False), 1e-5,
                atol=1e-6)


def test_bincount_values():
    close_array(wnp.bincount(wnp.asarray([0, 3, 3, 1]), minlength=6), [1, 1, 0, 2, 0, 0], 2e-6,
                atol=1e-6)
    close_array(wnp.bincount(wnp.asarray([0, 3, 3, 1]), weights=wnp.asarray([0.5, 1, 2, 3])),
                [0.5, 3.0, 0.0, 3.0], 2e-6, atol=1e-6)
    close_array(wnp.bincount([1, 1, 3]), [0, 2, 0, 1], 2e-6, atol=1e-6)


# --- values: histograms -----------------------------------------------------------------

V = RNG.normal(size=50)


@pytest.mark.parametrize("kw", [{"bins": 5}, {"bins": "auto"}, {"bins": [-1, 0, 1, 3]},
                                {"bins": 4, "range": (-1, 1)}, {"bins": 4, "density": True},
                                {"bins": 4, "weights": RNG.random(50)}],
                         ids=["5", "auto", "edges", "range", "density", "weights"])
def test_histogram_values(kw):
    wkw = {k: wnp.asarray(v) if isinstance(v, np.ndarray) else v for k, v in kw.items()}
    counts, edges = wnp.histogram(wnp.asarray(V), **wkw)
    want_counts, want_edges = np.histogram(V, **kw)
    close_array(counts, want_counts, 1e-12, atol=1e-6)
    close_array(edges, want_edges, 1e-12, atol=1e-6)


def test_histogram_bin_edges_2d_dd_values():
    close_array(wnp.histogram_bin_edges(wnp.asarray(V), bins="fd"),
                np.histogram_bin_edges(V, bins="fd"), 1e-12, atol=1e-6)
    close_array(wnp.histogram_bin_edges(wnp.asarray(V), 3, (0, 1)),
                np.histogram_bin_edges(V, 3, (0, 1)), 1e-12, atol=1e-6)
    got = wnp.histogram2d(wnp.asarray(V[:25]), wnp.asarray(V[25:]), bins=[3, 4], density=True)
    for g, w in zip(got, np.histogram2d(V[:25], V[25:], bins=[3, 4], density=True)):
        close_array(g, w, 1e-12, atol=1e-6)
    s = RNG.normal(size=(20, 3))
    h, edges = wnp.histogramdd(wnp.asarray(s), bins=(2, 3, 4))
    want_h, want_edges = np.histogramdd(s, bins=(2, 3, 4))
    close_array(h, want_h, 1e-12, atol=1e-6)
    assert len(edges) == 3
    for g, w in zip(edges, want_edges):
        close_array(g, w, 1e-12, atol=1e-6)


def test_histogramdd_sequence_of_coordinate_arrays():
    # NumPy reads a list as D coordinate arrays of N points (not as an (N, D) array).
    s = RNG.normal(size=(20, 2)).astype(np.float32)
    h, edges = wnp.histogramdd([wnp.asarray(s[:, 0]), wnp.asarray(s[:, 1])], bins=(2, 3))
    want_h, want_edges = np.histogramdd([s[:, 0], s[:, 1]], bins=(2, 3))
    close_array(h, want_h, 1e-12, atol=1e-6)
    assert [e.dtype for e in edges] == [wnp.float32, wnp.float32]
    for g, w in zip(edges, want_edges):
        close_array(g, w, 1e-6, atol=1e-6)


# --- values: comparisons ----------------------------------------------------------------

def test_comparison_values():
    y = X + np.float32(1e-6)
    close_array(wnp.isclose(wnp.asarray(X), wnp.asarray(y), equal_nan=True),
                np.isclose(X, y, equal_nan=True), 2e-6, atol=1e-6)
    close_array(wnp.isclose(wnp.asarray(X), wnp.asarray(y)), np.isclose(X, y), 2e-6, atol=1e-6)
    assert bool(wnp.allclose(wnp.asarray([1.0, NAN]), [1.0, NAN], equal_nan=True))
    assert not bool(wnp.allclose(wnp.asarray([1.0, NAN]), [1.0, NAN]))
    assert not bool(wnp.allclose(wnp.asarray([1.0, 2.0]), 1.0))
    assert bool(wnp.array_equal([1, 2], wnp.asarray([1, 2], dtype=wnp.uint8)))
    assert not bool(wnp.array_equal([1, 2], [1, 2, 3]))
    assert bool(wnp.array_equal([1.0, NAN], [1.0, NAN], equal_nan=True))
    assert bool(wnp.array_equiv([1, 2], [[1, 2], [1, 2]]))
    assert not bool(wnp.array_equiv([1, 2], [[1, 2], [1, 3]]))
    # Python scalars are weak in the join: 1.0004 becomes float16 1.0 before comparing.
    assert bool(wnp.isclose(wnp.asarray([1.0], dtype=wnp.float16), 1.0004, atol=0, rtol=0)[0])


# --- literal dtypes and weak flags ------------------------------------------------------

def _i8():
    return wnp.asarray([[1, 2, 3], [4, 6, 5]], dtype=wnp.int8)


def _weakf():
    return wnp.broadcast_to(wnp.asarray(1.5), (2, 3))


def _b():
    return wnp.asarray([True, False, True])


DTYPES = [
    ("nansum-int8", lambda: wnp.nansum(_i8()), "int64"),
    ("nansum-uint8", lambda: wnp.nansum(wnp.asarray([1, 2], dtype=wnp.uint8)), "uint64"),
    ("nansum-bool", lambda: wnp.nansum(_b()), "int64"),
    ("nansum-weak", lambda: wnp.nansum(_weakf()), "float64"),
    ("nansum-pyint", lambda: wnp.nansum(2), "int64"),
    ("nansum-dtype", lambda: wnp.nansum(_i8(), dtype=wnp.int16), "int16"),
    ("nanprod-f16", lambda: wnp.nanprod(_i8().astype(wnp.float16), axis=1), "float16"),
    ("nanmean-int8", lambda: wnp.nanmean(_i8()), "float32"),
    ("nanmean-int64", lambda: wnp.nanmean(_i8().astype(wnp.int64)), "float64"),
    ("nanmean-bool", lambda: wnp.nanmean(_b()), "float32"),
    ("nanmean-dtype", lambda: wnp.nanmean(_i8(), dtype=wnp.float64), "float64"),
    ("nanmean-weak", lambda: wnp.nanmean(_weakf()), "float64"),
    ("nanvar-c64", lambda: wnp.nanvar(wnp.asarray([1j, 2], dtype=wnp.complex64)), "float32"),
    ("nanstd-int16", lambda: wnp.nanstd(_i8().astype(wnp.int16), axis=0), "float32"),
    ("nanmax-int8", lambda: wnp.nanmax(_i8()), "int8"),
    ("nanmin-weak", lambda: wnp.nanmin(_weakf()), "float64"),
    ("nanargmax", lambda: wnp.nanargmax(_i8(), axis=1), "int64"),
    ("nanargmin-bf16", lambda: wnp.nanargmin(_i8().astype(wnp.bfloat16)), "int64"),
    ("nancumsum-int8", lambda: wnp.nancumsum(_i8()), "int64"),
    ("nancumprod-f32", lambda: wnp.nancumprod(_i8().astype(wnp.float32), 1), "float32"),
    ("cumsum-int8", lambda: wnp.cumsum(_i8(), 0), "int64"),
    ("cumsum-bool", lambda: wnp.cumsum(_b()), "int64"),
    ("cumsum-weak", lambda: wnp.cumsum(_weakf()), "float64"),
    ("cumprod-uint16", lambda: wnp.cumprod(_i8().astype(wnp.uint16)), "uint64"),
    ("cumsum-dtype", lambda: wnp.cumsum(_i8(), dtype=wnp.int8), "int8"),
    ("amax-int8", lambda: wnp.amax(_i8(), axis=(0, 1)), "int8"),
    ("amin-bf16", lambda: wnp.amin(_i8().astype(wnp.bfloat16)), "bfloat16"),
    ("ptp-uint8", lambda: wnp.ptp(_i8().astype(wnp.uint8)), "uint8"),
    ("median-int8", lambda: wnp.median(_i8()), "float32"),
    ("median-bool", lambda: wnp.median(_b()), "float32"),
    ("median-weak", lambda: wnp.median(_weakf()), "float64"),
    ("nanmedian-f16", lambda: wnp.nanmedian(_i8().astype(wnp.float16)), "float16"),
    ("percentile-int64", lambda: wnp.percentile(_i8().astype(wnp.int64), 30), "float64"),
    ("nanpercentile-int8", lambda: wnp.nanpercentile(_i8(), [5, 50]), "float32"),
    ("quantile-uint32", lambda: wnp.quantile(_i8().astype(wnp.uint32), 0.5), "float32"),
    ("nanquantile-bf16", lambda: wnp.nanquantile(_i8().astype(wnp.bfloat16), 0.5),
     "bfloat16"),
    ("average-int8", lambda: wnp.average(_i8()), "float32"),
    ("average-join", lambda: wnp.average(wnp.asarray([1, 2], dtype=wnp.float16),
                                         weights=wnp.asarray([1, 2], dtype=wnp.int32)),
     "float16"),  # the lattice join: float16 with int32 is float16
    ("average-weak", lambda: wnp.average(_weakf()), "float64"),
    ("average-returned", lambda: wnp.average(_i8(), axis=0, returned=True), "float32"),
    ("cov-int8", lambda: wnp.cov(_i8()), "float32"),
    ("cov-int64", lambda: wnp.cov(_i8().astype(wnp.int64)), "float64"),
    ("cov-dtype", lambda: wnp.cov(_i8(), dtype=wnp.float64), "float64"),
    ("corrcoef-f16", lambda: wnp.corrcoef(_i8().astype(wnp.float16)), "float16"),
    ("bincount", lambda: wnp.bincount(wnp.asarray([0, 1, 1], dtype=wnp.uint8)), "int64"),
    ("bincount-f32-weights", lambda: wnp.bincount(wnp.asarray([0, 1]),
                                                  weights=wnp.asarray([1, 2], dtype=wnp.float32)),
     "float32"),
    ("bincount-int8-weights", lambda: wnp.bincount(wnp.asarray([0, 1]),
                                                   weights=wnp.asarray([1, 2], dtype=wnp.int8)),
     "int64"),
    ("histogram_bin_edges-int8", lambda: wnp.histogram_bin_edges(wnp.ravel(_i8()), 3),
     "float32"),
    ("histogram-density-int8",
     lambda: wnp.histogram(wnp.ravel(_i8()), 3, density=True), "float32"),
    ("isclose-weak", lambda: wnp.isclose(_weakf(), 1.5), "bool"),
    ("allclose", lambda: wnp.allclose(_i8(), 2), "bool"),
    ("array_equal", lambda: wnp.array_equal(_i8(), _i8()), "bool"),
    ("array_equiv", lambda: wnp.array_equiv(_i8(), 1), "bool"),
]


@pytest.mark.parametrize(("build", "dtype"), [c[1:] for c in DTYPES], ids=[c[0] for c in DTYPES])
def test_dtype_literal_and_strong(build, dtype):
    for r in _leaves(build()):
        assert isinstance(r, wnp.Array)
        assert (str(r.dtype), r.weak_type) == (dtype, False)


def test_histogram_count_dtypes():
    x = wnp.asarray([1.0, 2.0, 2.5, 7.0], dtype=wnp.float32)
    c, e = wnp.histogram(x, bins=2)
    assert (c.dtype, e.dtype) == (wnp.int64, wnp.float32)
    c, _ = wnp.histogram(x, bins=2, weights=wnp.asarray([1, 2, 3, 4], dtype=wnp.float16))
    assert c.dtype == wnp.float16
    h, ex, ey = wnp.histogram2d(wnp.asarray([1, 2, 3], dtype=wnp.int8),
                                wnp.asarray([1, 1, 2], dtype=wnp.int8), bins=2)
    assert (h.dtype, ex.dtype, ey.dtype) == (wnp.float64, wnp.float32, wnp.float32)
    hd, edges = wnp.histogramdd(wnp.asarray([[1.0, 2.0], [2.0, 3.0]], dtype=wnp.float16), 2)
    assert (hd.dtype, edges[0].dtype) == (wnp.float64, wnp.float16)


def test_allclose_array_equal_are_0d_and_usable_in_if():
    r = wnp.allclose(wnp.asarray([1.0]), [1.0])
    assert r.shape == () and bool(r) is True
    assert wnp.array_equal([1], [2]).shape == ()


# --- errors -----------------------------------------------------------------------------

@pytest.mark.parametrize("name, q", [(n, None) for n in (
    "nansum", "nanmean", "nanvar", "nanmax", "nanargmin", "cumsum", "nancumprod", "amax",
    "ptp", "median", "nanmedian")] + [(n, 0.5) for n in ("percentile", "quantile",
                                                         "nanquantile")])
def test_out_is_written_and_returned(name, q):
    fn = getattr(wnp, name)
    x = wnp.asarray([1.5, 2.25])   # no result is integral: int8 takes none (decision 70)
    args = (x,) if q is None else (x, q)
    want = fn(*args)
    out = wnp.zeros(want.shape)  # float64: every result here joins into it
    assert fn(*args, out=out) is out
    assert out.tolist() == want.tolist()
    # the rule of out[...] = result: a float result does not go into an int8 array
    bad = wnp.zeros(want.shape, wnp.int8)
    if want.dtype != wnp.int64:
        with pytest.raises(TypeError, match=f"{name}: storing float64 values into an int8"):
            fn(*args, out=bad)
        assert bad.tolist() == wnp.zeros(want.shape, wnp.int8).tolist()  # nothing written


def test_wrong_inputs_raise_clear_errors():
    with pytest.raises(TypeError, match="bincount: x must hold integers"):
        wnp.bincount(wnp.asarray([1.0]))
    with pytest.raises(TypeError, match="quantile: not defined for complex"):
        wnp.quantile(wnp.asarray([1j]), 0.5)
    with pytest.raises(ValueError):
        wnp.nanargmax(wnp.asarray([NAN, NAN]))
    with pytest.raises(ValueError):
        wnp.percentile(wnp.asarray([1.0, 2.0]), 50, method="no-such-method")
    # an int beyond int8 is answered like == (QA11 F7; NumPy: [False])
    assert wnp.isclose(wnp.asarray([1], dtype=wnp.int8), 1000).tolist() == [False]


def test_names_exist_in_numpy():
    names = ["nansum", "nanmean", "nanmax", "nanmin", "nanprod", "nanstd", "nanvar",
             "nanargmax", "nanargmin", "nancumsum", "nancumprod", "cumsum", "cumprod",
             "nanmedian", "nanpercentile", "nanquantile", "median", "percentile", "quantile",
             "average", "amax", "amin", "ptp", "bincount", "cov", "corrcoef", "histogram",
             "histogram2d", "histogramdd", "histogram_bin_edges", "allclose", "isclose",
             "array_equal", "array_equiv"]
    for n in names:
        assert hasattr(np, n) and callable(getattr(wnp, n)), n


# ---------------------------------------------------------------------------------------
# Reductions and statistics as harness rows (``harness.py``): literal dtype and weak flag,
# values against NumPy, dtype against jax.numpy (x64).

NAN_table = float("nan")
V_table = [[1.0, NAN_table, 3.0], [4.0, 5.0, 6.5]]
I = [[1, 2, 3], [4, 5, 6]]
CASES = [
    ("nansum-f32", lambda m: m.nansum(A(m, V_table, "float32")), "float32", False),
    ("nansum-int8", lambda m: m.nansum(A(m, I, "int8"), axis=0), "int64", False),
    ("nansum-uint8", lambda m: m.nansum(A(m, I, "uint8")), "uint64", False),
    ("nansum-dtype", lambda m: m.nansum(A(m, I, "int8"), dtype=m.int16), "int16", False),
    ("nanprod-f16", lambda m: m.nanprod(A(m, V_table, "float16"), axis=1), "float16", False),
    ("nanmean-f32", lambda m: m.nanmean(A(m, V_table, "float32"), axis=1), "float32", False),
    ("nanmean-int8", lambda m: m.nanmean(A(m, I, "int8")), "float32", False),
    ("nanmean-weak", lambda m: m.nanmean(W(m, 2.0)), "float64", False),
    ("nanvar-f64", lambda m: m.nanvar(A(m, V_table, "float64"), ddof=1), "float64", False),
    ("nanstd-int16", lambda m: m.nanstd(A(m, I, "int16"), axis=0), "float32", False),
    ("nanvar-c64", lambda m: m.nanvar(A(m, [1j, 2 + 0j], "complex64")), "float32", False),
    ("nanmax-f32", lambda m: m.nanmax(A(m, V_table, "float32"), axis=1), "float32", False),
    ("nanmin-int8", lambda m: m.nanmin(A(m, I, "int8")), "int8", False),
    ("nanargmax", lambda m: m.nanargmax(A(m, V_table, "float32"), axis=1), "int64", False),
    ("nanargmin", lambda m: m.nanargmin(A(m, V_table, "float32")), "int64", False),
    ("cumsum-int8", lambda m: m.cumsum(A(m, I, "int8")), "int64", False),
    ("cumsum-f32-axis", lambda m: m.cumsum(A(m, V_table, "float32"), 1), "float32", False),
    ("cumprod-uint8", lambda m: m.cumprod(A(m, I, "uint8"), axis=0), "uint64", False),
    ("cumsum-dtype", lambda m: m.cumsum(A(m, I, "int8"), dtype=m.float32), "float32", False),
    ("nancumsum", lambda m: m.nancumsum(A(m, V_table, "float32"), axis=1), "float32", False),
    ("nancumprod", lambda m: m.nancumprod(A(m, V_table, "float64")), "float64", False),
    ("amax", lambda m: m.amax(A(m, I, "int8"), axis=1), "int8", False),
    ("amin-keepdims", lambda m: m.amin(A(m, I, "uint16"), axis=0, keepdims=True), "uint16",
     False),
    ("amax-weak", lambda m: m.amax(W(m, 2.0)), "float64", False),
    ("ptp", lambda m: m.ptp(A(m, I, "int8"), axis=1), "int8", False),
    ("median-int8", lambda m: m.median(A(m, I, "int8")), "float32", False),
    ("median-f16-axis", lambda m: m.median(A(m, I, "float16"), axis=1), "float16", False),
    ("nanmedian", lambda m: m.nanmedian(A(m, V_table, "float32"), axis=1), "float32", False),
    ("percentile", lambda m: m.percentile(A(m, I, "int32"), 30), "float32", False),
    ("percentile-q-list", lambda m: m.percentile(A(m, I, "float32"), A(m, [10, 90], "float32"), axis=0),
     "float32", False),
    ("percentile-nearest", lambda m: m.percentile(A(m, I, "float64"), 40, method="nearest"),
     "float64", False),
    ("nanpercentile", lambda m: m.nanpercentile(A(m, V_table, "float32"), 50), "float32", False),
    ("quantile", lambda m: m.quantile(A(m, I, "int64"), 0.25), "float64", False),
    ("nanquantile", lambda m: m.nanquantile(A(m, V_table, "float64"), 0.75, axis=1), "float64",
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
    assert (h.dtype, ex.dtype, ey.dtype) == (wnp.float64, wnp.float64, wnp.float64)
    want = np.histogram2d([1, 2, 3], [1, 1, 2], 2)
    for got_part, want_part in zip((h, ex, ey), want):
        np.testing.assert_array_equal(np.asarray(got_part), want_part)
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


def test_order_statistics_of_a_cast_buffer_are_numpy_of_the_cast_values():
    """median/percentile/quantile (and the nan forms) partition weaknp's own cast buffer in
    place: NumPy's result on the cast values bit for bit, the input left as it was."""
    import ml_dtypes
    rng = np.random.default_rng(41)
    ints = (rng.random(3001) * 200 - 100).astype(np.int32)
    narrow = rng.standard_normal(3001).astype(ml_dtypes.bfloat16)
    narrow[::97] = np.nan
    for a in (ints, ints[:3000].reshape(3, 1000)[:, ::-1],
              narrow, narrow[::-2], ints.astype(np.bool_), rng.random(999).astype(np.float32)):
        before = a.copy()
        f = a.astype(np.float32)
        for axis in (None, -1):
            for name, args in (("median", ()), ("percentile", (30,)), ("quantile", (0.7,)),
                               ("nanmedian", ()), ("nanpercentile", ([5, 95],))):
                with np.errstate(invalid="ignore"):
                    # q reaches NumPy as an array, as weaknp's operands do (NumPy 2.3
                    # computes a float32 input in float64 then, not for a Python number)
                    want = getattr(np, name)(f, *map(np.asarray, args), axis=axis)
                got = np.asarray(getattr(wnp, name)(a, *args, axis=axis))
                out_dt = a.dtype if a.dtype.kind == "V" else np.dtype(np.float32)
                assert got.dtype == out_dt, name
                assert got.tobytes() == np.asarray(want).astype(out_dt).tobytes(), (name, a.dtype)
        assert a.tobytes() == before.tobytes()
