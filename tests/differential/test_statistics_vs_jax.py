"""Dtype and weak flag of NumPy's statistics, ``nan*`` reductions, histograms and
whole-array comparisons against ``jax.numpy`` (x64), for a few input kinds.

The functions live in ``weaknp._numpy.nanfunctions``, ``function_base``, ``histograms`` and
``numeric`` (re-exported at top level).  ``KNOWN_DEVIATIONS``
maps ``function`` or ``function-kind`` to the reason weaknp deliberately differs (each is
an entry of ``docs/decisions.md``); a listed deviation JAX no longer shows fails, so the dict
cannot go stale.  Skips cleanly without jax.
"""

import pytest

import weaknp as wnp

jax = pytest.importorskip("jax")


def _data(m, kind):
    """A 2x3 array of the given kind in namespace ``m`` (or a Python scalar)."""
    if kind == "weakf":
        return m.broadcast_to(m.asarray(1.5), (2, 3))
    if kind == "pyfloat":
        return 2.5
    if kind == "bool":
        return m.asarray([[True, False, True], [False, True, True]])
    return m.asarray([[1, 2, 3], [4, 6, 5]], dtype=getattr(m, kind))


def _flat(m, x):
    return m.ravel(m.asarray(x))


F = {
    "nansum": lambda m, x: m.nansum(x),
    "nanprod": lambda m, x: m.nanprod(x, axis=0),
    "nanmean": lambda m, x: m.nanmean(x),
    "nanvar": lambda m, x: m.nanvar(x, axis=-1),
    "nanstd": lambda m, x: m.nanstd(x),
    "nanmax": lambda m, x: m.nanmax(x),
    "nanmin": lambda m, x: m.nanmin(x),
    "nanargmax": lambda m, x: m.nanargmax(x),
    "nanargmin": lambda m, x: m.nanargmin(x),
    "nancumsum": lambda m, x: m.nancumsum(x),
    "nancumprod": lambda m, x: m.nancumprod(x),
    "cumsum": lambda m, x: m.cumsum(x),
    "cumprod": lambda m, x: m.cumprod(x),
    "amax": lambda m, x: m.amax(x),
    "amin": lambda m, x: m.amin(x),
    "ptp": lambda m, x: m.ptp(x),
    "median": lambda m, x: m.median(x),
    "nanmedian": lambda m, x: m.nanmedian(x),
    "percentile": lambda m, x: m.percentile(x, 30),
    "nanpercentile": lambda m, x: m.nanpercentile(x, 30),
    "quantile": lambda m, x: m.quantile(x, 0.3),
    "nanquantile": lambda m, x: m.nanquantile(x, 0.3),
    "average": lambda m, x: m.average(x),
    "cov": lambda m, x: m.cov(x),
    "corrcoef": lambda m, x: m.corrcoef(x),
    "histogram_bin_edges": lambda m, x: m.histogram_bin_edges(_flat(m, x), 3),
    "histogram": lambda m, x: m.histogram(_flat(m, x), 3),
    "histogram2d": lambda m, x: m.histogram2d(_flat(m, x), _flat(m, x), 2),
    "histogramdd": lambda m, x: m.histogramdd(m.reshape(_flat(m, x), (-1, 1)), 2),
    "bincount": lambda m, x: m.bincount(m.asarray([0, 1, 2, 1, 0, 2]), weights=_flat(m, x)),
    "isclose": lambda m, x: m.isclose(x, 2),
    "allclose": lambda m, x: m.allclose(x, x),
    "array_equal": lambda m, x: m.array_equal(x, x),
    "array_equiv": lambda m, x: m.array_equiv(x, x),
}

#: Input kinds per function: every function meets int8 and float32; the priority reductions
#: also a weak float, a Python float and bool.  (Lean: jax compiles each call.)
KINDS = {name: ["int8", "float32"] for name in F}
for _name in ("nansum", "nanmean", "nanmax", "nanargmax", "cumsum", "median", "average",
              "histogram_bin_edges", "isclose"):
    KINDS[_name] += ["weakf", "bool"]
for _name in ("nansum", "nanmean", "amax"):
    KINDS[_name] += ["pyfloat"]

_CUMULATIVE = ("jnp.{} keeps int8 (and wraps on overflow); weaknp follows the Array API's "
               "sum rule (int64), like cumulative_sum")
KNOWN_DEVIATIONS = {
    **{f"{f}-int8": _CUMULATIVE.format(f) for f in ("cumsum", "cumprod", "nancumsum",
                                                   "nancumprod")},
    "bincount-int8": "jnp.bincount keeps int8 weights (and wraps); weaknp sums integer "
                     "weights in the default int, as nansum does",
    "bincount-bool": "jnp.bincount refuses bool weights; weaknp counts them as 0/1 (int64)",
    **{f"histogram-{k}": "jnp.histogram returns counts in the float dtype of the edges; "
                         "weaknp returns NumPy's integer counts (int64)"
       for k in ("int8", "float32")},
    **{f"{f}-{k}": f"jnp.{f} returns int64 counts; weaknp returns NumPy's float64 counts"
       for f in ("histogram2d", "histogramdd") for k in ("int8", "float32")},
}


def _sig(r):
    if isinstance(r, (list, tuple)):
        return [s for x in r for s in _sig(x)]
    return [(str(r.dtype), bool(getattr(r, "weak_type", False)))]


def _jax_shapes(build, function):
    """jax.numpy's result types without compiling (``eval_shape`` only traces), except for
    ``bincount``, whose output length must be concrete."""
    if function == "bincount":
        return build()
    return jax.eval_shape(build)


CASES = [(f, k) for f in F for k in KINDS[f]]


@pytest.mark.parametrize(("function", "kind"), CASES, ids=[f"{f}-{k}" for f, k in CASES])
def test_dtype_and_weak_flag_match_jax(function, kind, jnp):
    got = _sig(F[function](wnp, _data(wnp, kind)))
    key = f"{function}-{kind}"
    try:
        want = _sig(_jax_shapes(lambda: F[function](jnp, _data(jnp, kind)), function))
    except (TypeError, ValueError):
        assert key in KNOWN_DEVIATIONS, f"jax.numpy refuses {key}; weaknp gives {got}"
        return
    if key in KNOWN_DEVIATIONS:
        assert got != want, f"stale deviation {key}: both give {got}"
    else:
        assert got == want


def _a(m, values, dtype):
    return m.asarray(values, dtype=getattr(m, dtype))


#: Calls joining a second argument (q, weights, y, bins) into the result dtype.
PAIRS = {
    "quantile-q-float64": lambda m: m.quantile(_a(m, [1, 2, 3], "float16"),
                                               _a(m, [0.5], "float64")),
    "percentile-q-int64": lambda m: m.percentile(_a(m, [1, 2, 3], "float32"),
                                                 _a(m, [50], "int64")),
    "average-int8-weights-float64": lambda m: m.average(
        _a(m, [1, 2, 3], "int8"), weights=_a(m, [1, 2, 3], "float64")),
    "average-float16-weights-int8": lambda m: m.average(
        _a(m, [1, 2, 3], "float16"), weights=_a(m, [1, 2, 3], "int8"), returned=True),
    "average-weak-weights-weak": lambda m: m.average(
        m.broadcast_to(m.asarray(1.5), (3,)), weights=m.broadcast_to(m.asarray(1.0), (3,))),
    "cov-int8-y-float16": lambda m: m.cov(_a(m, [1, 2, 3], "int8"), _a(m, [1, 2, 4], "float16")),
    "cov-aweights-float64": lambda m: m.cov(_a(m, [1, 2, 3], "float32"),
                                            aweights=_a(m, [1, 2, 4], "float64")),
    "corrcoef-int16-y-int8": lambda m: m.corrcoef(_a(m, [1, 2, 3], "int16"),
                                                  _a(m, [1, 2, 4], "int8")),
    "isclose-int8-float32": lambda m: m.isclose(_a(m, [1, 2], "int8"), _a(m, [1, 2], "float32")),
    "histogram_bin_edges-bins-float64": lambda m: m.histogram_bin_edges(
        _a(m, [1, 2, 3], "int8"), bins=_a(m, [0, 1.5, 4], "float64")),
    "histogram-weights-float16": lambda m: m.histogram(
        _a(m, [1, 2, 3], "float32"), 2, weights=_a(m, [1, 2, 3], "float16")),
    "histogram2d-weights-float32": lambda m: m.histogram2d(
        _a(m, [1, 2, 3], "float32"), _a(m, [1, 2, 3], "float32"), 2,
        weights=_a(m, [1, 2, 3], "float32")),
    "bincount-weights-uint8": lambda m: m.bincount(_a(m, [0, 1], "int32"),
                                                   weights=_a(m, [1, 2], "uint8")),
    "bincount-weights-complex64": lambda m: m.bincount(_a(m, [0, 1], "int32"),
                                                       weights=_a(m, [1, 2], "complex64")),
    "nanvar-int8-dtype-float64": lambda m: m.nanvar(_a(m, [1, 2, 3], "int8"), dtype=m.float64),
    "cumsum-int8-dtype-int16": lambda m: m.cumsum(_a(m, [1, 2, 3], "int8"), dtype=m.int16),
}
PAIR_DEVIATIONS = {
    "cov-aweights-float64": "jnp.cov joins aweights into the result (float64); weaknp's "
                            "dtype comes from m and y only and casts the weights to it",
    "histogram-weights-float16": "jnp.histogram's counts take the join of the weights and the "
                                 "edges (float32); weaknp keeps the weights' dtype (float16)",
    "bincount-weights-uint8": "jnp.bincount keeps uint8 weights (and wraps); weaknp sums "
                              "integer weights with the sum rule (uint64)",
}


@pytest.mark.parametrize("case", list(PAIRS))
def test_joined_arguments_match_jax(case, jnp):
    got = _sig(PAIRS[case](wnp))
    want = _sig(jax.eval_shape(lambda: PAIRS[case](jnp)) if not case.startswith("bincount")
                else PAIRS[case](jnp))
    if case in PAIR_DEVIATIONS:
        assert got != want, f"stale deviation {case}: both give {got}"
    else:
        assert got == want
