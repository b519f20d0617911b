"""``weaknp.random``: NumPy's numbers bit for bit, as weaknp arrays with literal dtypes:
generators, the legacy global state, seeding, arguments, in-place shuffles, signatures.

The oracle is NumPy itself, drawing from an identically seeded generator (never weaknp).
"""

import inspect

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp

R = wnp.random

# (id, call on a generator-like object, expected dtype) -- the same call runs on NumPy's
# Generator and on weaknp's, each freshly seeded.
GENERATOR_CALLS = [
    ("random", lambda g: g.random(4), "float64"),
    ("random f32", lambda g: g.random(4, dtype="float32"), "float32"),
    ("random f32 positional", lambda g: g.random(4, np.float32), "float32"),
    ("integers", lambda g: g.integers(0, 100, 5), "int64"),
    ("integers high only", lambda g: g.integers(7, size=5), "int64"),
    ("integers endpoint", lambda g: g.integers(-3, 3, 6, endpoint=True), "int64"),
    ("normal", lambda g: g.normal(1.0, 2.0, 3), "float64"),
    ("standard_normal", lambda g: g.standard_normal((2, 2)), "float64"),
    ("standard_normal f32", lambda g: g.standard_normal(3, dtype=np.float32), "float32"),
    ("uniform", lambda g: g.uniform(0, 1, size=3), "float64"),
    ("uniform low only", lambda g: g.uniform(-2.0, size=3), "float64"),
    ("choice int", lambda g: g.choice(10, 4), "int64"),
    ("choice no replace p", lambda g: g.choice(5, 3, replace=False, p=[.1, .2, .3, .2, .2]),
     "int64"),
    ("choice list", lambda g: g.choice([1.5, 2.5, 3.5], 5), "float64"),
    ("permutation int", lambda g: g.permutation(6), "int64"),
    ("exponential", lambda g: g.exponential(2.0, 3), "float64"),
    ("standard_exponential", lambda g: g.standard_exponential(3), "float64"),
    ("standard_exponential f32 inv",
     lambda g: g.standard_exponential(3, dtype=np.float32, method="inv"), "float32"),
    ("gamma", lambda g: g.gamma(2.0, 1.5, 3), "float64"),
    ("standard_gamma", lambda g: g.standard_gamma(2.0, 3), "float64"),
    ("standard_gamma f32", lambda g: g.standard_gamma(2.0, 3, dtype=np.float32), "float32"),
    ("beta", lambda g: g.beta(1.0, 2.0, 3), "float64"),
    ("binomial", lambda g: g.binomial(10, 0.3, 4), "int64"),
    ("poisson", lambda g: g.poisson(3.0, 4), "int64"),
    ("multinomial", lambda g: g.multinomial(20, [0.2, 0.3, 0.5], size=2), "int64"),
    ("multivariate_normal",
     lambda g: g.multivariate_normal([0.0, 1.0], [[1.0, 0.5], [0.5, 2.0]], 3), "float64"),
    ("lognormal", lambda g: g.lognormal(0.0, 1.0, 3), "float64"),
    ("laplace", lambda g: g.laplace(0.0, 1.0, 3), "float64"),
    ("logistic", lambda g: g.logistic(0.0, 1.0, 3), "float64"),
    ("gumbel", lambda g: g.gumbel(0.0, 1.0, 3), "float64"),
    ("geometric", lambda g: g.geometric(0.3, 4), "int64"),
    ("chisquare", lambda g: g.chisquare(3.0, 3), "float64"),
    ("f", lambda g: g.f(3.0, 5.0, 3), "float64"),
    ("standard_t", lambda g: g.standard_t(4.0, 3), "float64"),
    ("triangular", lambda g: g.triangular(0.0, 0.5, 1.0, 3), "float64"),
    ("vonmises", lambda g: g.vonmises(0.0, 1.0, 3), "float64"),
    ("wald", lambda g: g.wald(1.0, 2.0, 3), "float64"),
    ("weibull", lambda g: g.weibull(1.5, 3), "float64"),
    ("pareto", lambda g: g.pareto(2.0, 3), "float64"),
    ("power", lambda g: g.power(2.0, 3), "float64"),
    ("rayleigh", lambda g: g.rayleigh(1.0, 3), "float64"),
    ("dirichlet", lambda g: g.dirichlet([1.0, 2.0, 3.0], 2), "float64"),
    ("hypergeometric", lambda g: g.hypergeometric(10, 5, 6, 4), "int64"),
    ("negative_binomial", lambda g: g.negative_binomial(3, 0.4, 4), "int64"),
    ("zipf", lambda g: g.zipf(2.0, 4), "int64"),
    ("logseries", lambda g: g.logseries(0.5, 4), "int64"),
    ("noncentral_chisquare", lambda g: g.noncentral_chisquare(3.0, 1.0, 3), "float64"),
    ("noncentral_f", lambda g: g.noncentral_f(3.0, 5.0, 1.0, 3), "float64"),
    ("standard_cauchy", lambda g: g.standard_cauchy(3), "float64"),
    ("multivariate_hypergeometric",
     lambda g: g.multivariate_hypergeometric([3, 4, 5], 6, size=2), "int64"),
]


@pytest.mark.parametrize("call, dtype", [c[1:] for c in GENERATOR_CALLS],
                         ids=[c[0] for c in GENERATOR_CALLS])
def test_generator_methods_draw_numpys_bits_as_strong_arrays(call, dtype):
    got = call(R.default_rng(1234))
    want = call(np.random.default_rng(1234))
    assert type(got) is wnp.Array
    assert str(got.dtype) == dtype and not got.weak_type
    assert want.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(np.asarray(got), want, strict=True)


def test_default_rng_is_numpys_stream_bit_for_bit():
    got = np.asarray(R.default_rng(0).random(3))
    want = np.random.default_rng(0).random(3)
    assert got.tobytes() == want.tobytes()
    # The literal first draws of NumPy's PCG64 seeded with 0.
    assert got.tolist() == [0.6369616873214543, 0.2697867137638703, 0.04097352393619469]


def test_consecutive_draws_continue_the_same_stream():
    g, n = R.default_rng(5), np.random.default_rng(5)
    for _ in range(3):
        np.testing.assert_array_equal(np.asarray(g.normal(size=2)), n.normal(size=2))
        assert g.integers(10) == n.integers(10)
        assert g.random() == n.random()


INTEGER_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                  "bool"]


@pytest.mark.parametrize("dtype", INTEGER_DTYPES)
def test_integers_honours_every_numpy_integer_dtype(dtype):
    high = 2 if dtype == "bool" else 100
    got = R.default_rng(3).integers(0, high, 6, dtype=dtype)
    want = np.random.default_rng(3).integers(0, high, 6, dtype=dtype)
    assert str(got.dtype) == dtype and not got.weak_type
    np.testing.assert_array_equal(np.asarray(got), want, strict=True)


@pytest.mark.parametrize("spelling", [np.int16, np.dtype("int16"), "int16", wnp.int16])
def test_integers_dtype_spellings(spelling):
    assert R.default_rng(0).integers(0, 5, 3, dtype=spelling).dtype == wnp.int16


@pytest.mark.parametrize("name, draw_as", [("int4", "int8"), ("uint4", "uint8"),
                                           ("int2", "int8"), ("uint2", "uint8")])
def test_integers_into_ml_dtypes_integers_draw_the_8_bit_stream(name, draw_as):
    dt = np.dtype(getattr(ml_dtypes, name))
    lo, hi = (-2, 2) if name == "int2" else (0, 4) if name == "uint2" else (-8, 8) \
        if name == "int4" else (0, 16)
    got = R.default_rng(11).integers(lo, hi, 20, dtype=dt)
    want = np.random.default_rng(11).integers(lo, hi, 20, dtype=draw_as)
    assert got.dtype == dt and str(got.dtype) == name
    np.testing.assert_array_equal(np.asarray(got).astype(draw_as), want)
    assert np.asarray(got).astype(int).min() >= lo and np.asarray(got).astype(int).max() < hi


def test_integers_into_int4_with_endpoint_and_scalar_draw():
    g = R.default_rng(2)
    r = g.integers(-8, 7, 50, dtype="int4", endpoint=True)
    assert np.asarray(r).astype(int).min() >= -8
    s = R.default_rng(2).integers(5, dtype="int4")
    assert s.dtype == np.dtype(ml_dtypes.int4)


@pytest.mark.parametrize("call, match", [
    (lambda g: g.integers(0, 9, 3, dtype="int4"),
     r"Generator.integers: high is out of bounds for int4 \(its range is -8..7\)"),
    (lambda g: g.integers(-9, 0, 3, dtype="int4"), "Generator.integers: low is out of bounds"),
    (lambda g: g.integers(0, 8, 3, dtype="int4", endpoint=True), "high is out of bounds"),
    (lambda g: g.integers(-1, 3, 3, dtype="uint2"), "low is out of bounds for uint2"),
])
def test_ml_dtypes_integer_bounds_are_checked(call, match):
    with pytest.raises(ValueError, match=match):
        call(R.default_rng(0))


# ---------------------------------------------------------------- legacy (RandomState) ---

LEGACY_CALLS = [
    ("rand", lambda r: r.rand(2, 3), "float64"),
    ("randn", lambda r: r.randn(4), "float64"),
    ("randint", lambda r: r.randint(0, 50, 5), "int64"),
    ("randint high only", lambda r: r.randint(9, size=4), "int64"),
    ("randint uint8", lambda r: r.randint(0, 200, 4, dtype=np.uint8), "uint8"),
    ("randint int8 positional", lambda r: r.randint(-5, 5, 4, "int8"), "int8"),
    ("random_sample", lambda r: r.random_sample(3), "float64"),
    ("normal", lambda r: r.normal(0.0, 1.0, 3), "float64"),
    ("uniform", lambda r: r.uniform(size=3), "float64"),
    ("choice", lambda r: r.choice([10, 20, 30], 4), "int64"),
    ("choice p", lambda r: r.choice(4, 3, p=[0.1, 0.2, 0.3, 0.4]), "int64"),
    ("permutation", lambda r: r.permutation(6), "int64"),
    ("permutation list", lambda r: r.permutation([1.0, 2.0, 3.0]), "float64"),
    ("beta", lambda r: r.beta(2.0, 3.0, 3), "float64"),
    ("binomial", lambda r: r.binomial(10, 0.5, 3), "int64"),
    ("chisquare", lambda r: r.chisquare(2.0, 3), "float64"),
    ("dirichlet", lambda r: r.dirichlet([1.0, 1.0], 2), "float64"),
    ("exponential", lambda r: r.exponential(1.0, 3), "float64"),
    ("f", lambda r: r.f(2.0, 3.0, 3), "float64"),
    ("gamma", lambda r: r.gamma(2.0, 1.0, 3), "float64"),
    ("geometric", lambda r: r.geometric(0.5, 3), "int64"),
    ("gumbel", lambda r: r.gumbel(size=3), "float64"),
    ("hypergeometric", lambda r: r.hypergeometric(5, 5, 3, 3), "int64"),
    ("laplace", lambda r: r.laplace(size=3), "float64"),
    ("logistic", lambda r: r.logistic(size=3), "float64"),
    ("lognormal", lambda r: r.lognormal(size=3), "float64"),
    ("logseries", lambda r: r.logseries(0.5, 3), "int64"),
    ("multinomial", lambda r: r.multinomial(10, [0.5, 0.5], 2), "int64"),
    ("multivariate_normal", lambda r: r.multivariate_normal([0.0, 0.0], np.eye(2), 2),
     "float64"),
    ("negative_binomial", lambda r: r.negative_binomial(2, 0.5, 3), "int64"),
    ("noncentral_chisquare", lambda r: r.noncentral_chisquare(2.0, 1.0, 3), "float64"),
    ("noncentral_f", lambda r: r.noncentral_f(2.0, 3.0, 1.0, 3), "float64"),
    ("pareto", lambda r: r.pareto(2.0, 3), "float64"),
    ("poisson", lambda r: r.poisson(4.0, 3), "int64"),
    ("power", lambda r: r.power(2.0, 3), "float64"),
    ("rayleigh", lambda r: r.rayleigh(size=3), "float64"),
    ("standard_cauchy", lambda r: r.standard_cauchy(3), "float64"),
    ("standard_exponential", lambda r: r.standard_exponential(3), "float64"),
    ("standard_gamma", lambda r: r.standard_gamma(2.0, 3), "float64"),
    ("standard_normal", lambda r: r.standard_normal(3), "float64"),
    ("standard_t", lambda r: r.standard_t(3.0, 3), "float64"),
    ("triangular", lambda r: r.triangular(0.0, 1.0, 2.0, 3), "float64"),
    ("vonmises", lambda r: r.vonmises(0.0, 2.0, 3), "float64"),
    ("wald", lambda r: r.wald(1.0, 1.0, 3), "float64"),
    ("weibull", lambda r: r.weibull(2.0, 3), "float64"),
    ("zipf", lambda r: r.zipf(2.0, 3), "int64"),
]
MODULE_ONLY_CALLS = [
    ("random", lambda r: r.random(3), "float64"),
    ("ranf", lambda r: r.ranf(3), "float64"),
    ("sample", lambda r: r.sample(3), "float64"),
]


@pytest.mark.parametrize("call, dtype", [c[1:] for c in LEGACY_CALLS + MODULE_ONLY_CALLS],
                         ids=[c[0] for c in LEGACY_CALLS + MODULE_ONLY_CALLS])
def test_legacy_functions_equal_numpys_global_randomstate(call, dtype):
    np.random.seed(2024)
    want = call(np.random)
    R.seed(2024)
    got = call(R)
    assert type(got) is wnp.Array and str(got.dtype) == dtype and not got.weak_type
    np.testing.assert_array_equal(np.asarray(got), want, strict=True)


@pytest.mark.parametrize("call, dtype", [c[1:] for c in LEGACY_CALLS],
                         ids=[c[0] for c in LEGACY_CALLS])
def test_randomstate_methods_equal_numpys(call, dtype):
    got = call(R.RandomState(99))
    want = call(np.random.RandomState(99))
    assert type(got) is wnp.Array and str(got.dtype) == dtype and not got.weak_type
    np.testing.assert_array_equal(np.asarray(got), want, strict=True)


def test_seeding_either_library_seeds_both():
    np.random.seed(3)
    a = R.rand(3)
    R.seed(3)
    b = np.random.rand(3)
    np.testing.assert_array_equal(np.asarray(a), b)


def test_get_state_and_set_state_replay_the_stream():
    R.seed(8)
    state = R.get_state()
    assert isinstance(state, tuple) and state[0] == "MT19937"
    first = np.asarray(R.randn(4))
    R.set_state(state)
    np.testing.assert_array_equal(np.asarray(R.randn(4)), first)
    rs = R.RandomState(8)
    st = rs.get_state()
    assert type(st[1]) is np.ndarray  # NumPy's state object, unchanged
    x = np.asarray(rs.rand(2))
    rs.set_state(st)
    np.testing.assert_array_equal(np.asarray(rs.rand(2)), x)
    rs.seed(8)
    np.testing.assert_array_equal(np.asarray(rs.randn(4)), first)


def test_random_integers_keeps_numpys_deprecation_and_values():
    with pytest.warns(DeprecationWarning):
        want = np.random.RandomState(1).random_integers(1, 6, 4)
    with pytest.warns(DeprecationWarning):
        got = R.RandomState(1).random_integers(1, 6, 4)
    assert got.dtype == wnp.int64
    np.testing.assert_array_equal(np.asarray(got), want)


def test_tomaxint():
    got = R.RandomState(4).tomaxint(3)
    np.testing.assert_array_equal(np.asarray(got), np.random.RandomState(4).tomaxint(3))
    assert got.dtype == wnp.int64


# ------------------------------------------------------------------- scalars (size=None) ---

def test_size_none_returns_what_numpy_returns():
    g = R.default_rng(0)
    r = g.random()
    assert type(r) is float  # a Python float: weak in weaknp arithmetic, as in NumPy
    x = wnp.asarray([1.0, 2.0], dtype=wnp.float32)
    assert (x * r).dtype == wnp.float32
    i = g.integers(10)
    assert type(i) is np.int64  # NumPy returns a NumPy scalar here: strong int64
    assert type(g.integers(10, dtype=np.int8)) is np.int8
    assert type(g.binomial(5, 0.5)) is int
    R.seed(0)
    assert type(R.rand()) is float and type(R.randint(5)) is int


def test_size_none_values_equal_numpys():
    g, n = R.default_rng(21), np.random.default_rng(21)
    assert g.normal() == n.normal() and g.standard_gamma(2.0) == n.standard_gamma(2.0)
    assert g.integers(0, 1000) == n.integers(0, 1000)


def test_size_empty_tuple_gives_a_0d_strong_array():
    r = R.default_rng(0).random(())
    assert type(r) is wnp.Array and r.shape == () and r.dtype == wnp.float64
    assert not r.weak_type


# ------------------------------------------------------------------ weaknp arguments ---

@pytest.mark.parametrize("loc", [
    wnp.asarray([0.0, 10.0]), wnp.asarray([0.0, 10.0], dtype=wnp.float32),
    wnp.asarray([0, 10], dtype=wnp.int8), wnp.asarray([0, 10], dtype=wnp.bfloat16)],
    ids=["float64", "float32", "int8", "bfloat16"])
def test_weaknp_array_arguments_are_read_as_numpy_reads_arrays(loc):
    got = R.default_rng(6).normal(loc, wnp.asarray(2.0))
    want = np.random.default_rng(6).normal(np.asarray(loc).astype(np.float64), 2.0)
    assert got.dtype == wnp.float64 and not got.weak_type  # NumPy's float64, never float32
    np.testing.assert_array_equal(np.asarray(got), want)


def test_weak_array_arguments_give_strong_results():
    w = wnp.full((3,), 2.0)
    assert w.weak_type
    r = R.default_rng(0).gamma(w)
    assert not r.weak_type and r.dtype == wnp.float64
    np.testing.assert_array_equal(np.asarray(r), np.random.default_rng(0).gamma([2.0] * 3))


def test_array_arguments_for_p_cov_alpha_pvals():
    g, n = R.default_rng(13), np.random.default_rng(13)
    p = [0.1, 0.2, 0.7]
    np.testing.assert_array_equal(np.asarray(g.choice(3, 4, p=wnp.asarray(p))),
                                  n.choice(3, 4, p=p))
    cov = [[2.0, 0.3], [0.3, 1.0]]
    np.testing.assert_array_equal(
        np.asarray(g.multivariate_normal(wnp.zeros(2), wnp.asarray(cov))),
        n.multivariate_normal(np.zeros(2), cov))
    np.testing.assert_array_equal(np.asarray(g.dirichlet(wnp.asarray([1.0, 3.0]))),
                                  n.dirichlet([1.0, 3.0]))
    np.testing.assert_array_equal(np.asarray(g.multinomial(wnp.asarray(9), wnp.asarray(p))),
                                  n.multinomial(9, p))
    # A list holding weaknp arrays.
    np.testing.assert_array_equal(
        np.asarray(g.uniform([wnp.asarray(0.0), wnp.asarray(5.0)], 10.0)),
        n.uniform([0.0, 5.0], 10.0))


def test_seeds_may_be_weaknp_arrays():
    s = wnp.asarray([1, 2, 3], dtype=wnp.uint32)
    np.testing.assert_array_equal(np.asarray(R.default_rng(s).random(2)),
                                  np.random.default_rng([1, 2, 3]).random(2))
    np.testing.assert_array_equal(np.asarray(R.RandomState(wnp.asarray(5)).rand(2)),
                                  np.random.RandomState(5).rand(2))


# ------------------------------------------------ choice / permutation keep the input ---

@pytest.mark.parametrize("dtype", ["int8", "uint16", "float32", "bfloat16", "bool"])
def test_choice_and_permutation_keep_the_arrays_dtype(dtype):
    data = np.asarray([1, 0, 1, 1, 0, 1]) if dtype == "bool" else np.arange(6)
    x = wnp.asarray(data.astype(dtype))
    g, n = R.default_rng(4), np.random.default_rng(4)
    for got, want in [(g.choice(x, 4), n.choice(data.astype(dtype), 4)),
                      (g.permutation(x), n.permutation(data.astype(dtype))),
                      (g.permuted(x), n.permuted(data.astype(dtype)))]:
        assert str(got.dtype) == dtype and not got.weak_type
        np.testing.assert_array_equal(np.asarray(got).astype(float), want.astype(float))


def test_choice_and_permutation_keep_the_weak_flag():
    w = wnp.full((4,), 2.5)
    g = R.default_rng(0)
    assert g.choice(w, 2).weak_type and g.permutation(w).weak_type
    assert g.permuted(w).weak_type
    assert R.choice(w, 2).weak_type and R.permutation(w).weak_type
    assert R.RandomState(0).choice(w, 3).weak_type
    one = g.choice(w)  # one element of a weak array: a Python float, weak again
    assert type(one) is float and one == 2.5
    assert (wnp.asarray([1.0], dtype=wnp.float16) + one).dtype == wnp.float16


def test_choice_of_a_2d_array_along_an_axis():
    x = wnp.asarray(np.arange(12, dtype=np.int16).reshape(3, 4))
    got = R.default_rng(1).choice(x, 2, axis=1, replace=False)
    want = np.random.default_rng(1).choice(np.arange(12, dtype=np.int16).reshape(3, 4), 2,
                                           axis=1, replace=False)
    assert got.dtype == wnp.int16 and got.shape == (3, 2)
    np.testing.assert_array_equal(np.asarray(got), want)


# -------------------------------------------------------------------------- in place ---

def test_generator_shuffle_mutates_the_weaknp_array_in_place():
    x = wnp.asarray(np.arange(10, dtype=np.int16))
    before = x._data
    assert R.default_rng(3).shuffle(x) is None
    y = np.arange(10, dtype=np.int16)
    np.random.default_rng(3).shuffle(y)
    assert x._data is before and x.dtype == wnp.int16
    np.testing.assert_array_equal(np.asarray(x), y)


def test_generator_shuffle_along_an_axis_keeps_the_weak_flag():
    x = wnp.asarray(np.arange(10.0).reshape(2, 5))
    w = wnp.full((2, 5), 3.0)  # a weak float array
    R.default_rng(0).shuffle(w, axis=1)
    assert w.weak_type
    R.default_rng(0).shuffle(x, axis=1)
    y = np.arange(10.0).reshape(2, 5)
    np.random.default_rng(0).shuffle(y, axis=1)
    np.testing.assert_array_equal(np.asarray(x), y)


def test_legacy_shuffle_mutates_in_place_with_numpys_permutation():
    x = wnp.asarray(np.arange(8, dtype=np.uint8))
    np.random.seed(5)
    y = np.arange(8, dtype=np.uint8)
    np.random.shuffle(y)
    R.seed(5)
    assert R.shuffle(x) is None
    assert x.dtype == wnp.uint8
    np.testing.assert_array_equal(np.asarray(x), y)
    z = wnp.asarray(np.arange(8, dtype=np.uint8))
    R.RandomState(5).shuffle(z)
    np.testing.assert_array_equal(np.asarray(z), y)


def test_shuffle_still_takes_numpy_arrays_and_lists():
    a = np.arange(5)
    R.default_rng(0).shuffle(a)
    b = np.arange(5)
    np.random.default_rng(0).shuffle(b)
    np.testing.assert_array_equal(a, b)
    lst = [1, 2, 3, 4]
    R.default_rng(0).shuffle(lst)
    assert sorted(lst) == [1, 2, 3, 4]


def test_permuted_out_fills_the_weaknp_array_in_place():
    x = wnp.asarray(np.arange(12, dtype=np.int32).reshape(3, 4))
    out = R.default_rng(2).permuted(x, axis=1, out=x)
    assert out is x and x.dtype == wnp.int32
    np.testing.assert_array_equal(
        np.asarray(x),
        np.random.default_rng(2).permuted(np.arange(12, dtype=np.int32).reshape(3, 4), axis=1))


@pytest.mark.parametrize("name", ["random", "standard_normal", "standard_exponential"])
def test_out_fills_the_weaknp_array_and_returns_it(name):
    out = wnp.zeros(4, dtype=wnp.float32)
    buf = out._data
    r = getattr(R.default_rng(0), name)(dtype=wnp.float32, out=out)
    assert r is out and out._data is buf
    want = getattr(np.random.default_rng(0), name)(4, dtype=np.float32)
    np.testing.assert_array_equal(np.asarray(out), want)


# ---------------------------------------------------------------------- errors ---

@pytest.mark.parametrize("call, error, match", [
    (lambda g: g.random(3, dtype="float16"), TypeError,
     (r"Generator.random: dtype float16 is not supported; NumPy's generators draw "
      r"float64 or float32")),
    (lambda g: g.standard_normal(3, dtype=wnp.bfloat16), TypeError,
     "Generator.standard_normal: dtype bfloat16 is not supported"),
    (lambda g: g.standard_gamma(1.0, 3, dtype="int32"), TypeError,
     "standard_gamma: dtype int32 is not supported"),
    (lambda g: g.integers(0, 5, 3, dtype="float32"), TypeError,
     "Generator.integers: dtype float32 is not an integer dtype; draw floats with random"),
    (lambda g: g.integers(0, 5, 3, dtype="not-a-dtype"), TypeError,
     "Generator.integers: 'not-a-dtype' is not a dtype weaknp supports"),
    (lambda g: g.integers(0, 300, 3, dtype=np.int8), ValueError,
     "Generator.integers: high is out of bounds for int8"),
    (lambda g: g.integers(5, 1), ValueError, "Generator.integers: .*high"),
    (lambda g: g.normal(0.0, -1.0, 3), ValueError, "Generator.normal: scale < 0"),
    (lambda g: g.poisson(-1.0), ValueError, "Generator.poisson: lam < 0"),
    (lambda g: g.choice(2.5, 2), ValueError, "Generator.choice: a must be a sequence"),
    (lambda g: g.choice(3, 5, replace=False), ValueError, "Generator.choice: "),
    (lambda g: g.choice(["a", "b"], 2), TypeError,
     (r"Generator.choice: the sample has dtype <U1, which weaknp arrays cannot hold; "
      r"sample indices instead")),
    (lambda g: g.normal(0.0, 1.0, 3, 4), TypeError, "Generator.normal: "),
    (lambda g: g.random(3, float, None, 4), TypeError, "Generator.random: "),
    (lambda g: g.shuffle(3), TypeError, "Generator.shuffle: "),
    (lambda g: g.permuted(wnp.asarray([1, 2]), axis=3), ValueError, "Generator.permuted: "),
])
def test_bad_arguments_name_the_function(call, error, match):
    with pytest.raises(error, match=match):
        call(R.default_rng(0))


@pytest.mark.parametrize("call, error, match", [
    (lambda: R.normal(0.0, -2.0), ValueError, r"^random.normal: scale < 0$"),
    (lambda: R.randint(0, 5, 2, dtype="float64"), TypeError,
     "random.randint: dtype float64 is not an integer dtype"),
    (lambda: R.RandomState(0).beta(-1.0, 1.0), ValueError, "RandomState.beta: a <= 0"),
    (lambda: R.RandomState(0).choice([], 2), ValueError, "RandomState.choice: "),
    (lambda: R.shuffle(5), TypeError, "random.shuffle: "),
    (lambda: R.default_rng("seed"), TypeError, "default_rng: "),
    (lambda: R.test(), TypeError, "weaknp.random.test: run weaknp's test suite"),
])
def test_bad_arguments_to_legacy_functions_name_the_function(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_unknown_attribute_is_an_attribute_error():
    with pytest.raises(AttributeError, match="'Generator' object has no attribute 'nope'"):
        _ = R.default_rng(0).nope


# -------------------------------------------------------------------- the namespace ---

def test_every_numpy_random_name_exists():
    missing = [n for n in np.random.__all__ if not hasattr(R, n)]
    assert not missing
    assert set(np.random.__all__) <= set(R.__all__)


@pytest.mark.parametrize("cls, np_cls", [(R.Generator, np.random.Generator),
                                         (R.RandomState, np.random.RandomState)],
                         ids=["Generator", "RandomState"])
def test_every_numpy_method_is_defined_on_the_class_with_numpys_signature(cls, np_cls):
    names = [n for n in dir(np_cls) if not n.startswith("_")]
    missing = [n for n in names if n not in vars(cls)]
    assert not missing
    for n in names:
        attr = vars(cls)[n]
        if callable(attr):
            assert attr.__name__ == n, f"{cls.__name__}.{n} is bound to {attr.__name__}"
            assert inspect.signature(attr) == inspect.signature(getattr(np_cls, n)), n


def test_module_functions_are_named_and_signed_as_numpys():
    for n in ("normal", "randint", "choice", "rand", "random", "zipf", "sample"):
        fn = getattr(R, n)
        assert fn.__name__ == n and fn.__module__ == "weaknp.random"
        assert inspect.signature(fn) == inspect.signature(getattr(np.random, n))
    assert R.normal.__doc__.startswith("NumPy's ``numpy.random.normal``, returning weaknp")


def test_generator_construction_spawn_and_bit_generator():
    g = R.Generator(R.PCG64(7))
    np.testing.assert_array_equal(np.asarray(g.random(2)),
                                  np.random.Generator(np.random.PCG64(7)).random(2))
    assert isinstance(g.bit_generator, np.random.PCG64)
    assert repr(g) == "weaknp.random.Generator(PCG64)"
    assert R.default_rng(g) is g
    wrapped = R.default_rng(np.random.default_rng(7))
    np.testing.assert_array_equal(np.asarray(wrapped.random(2)),
                                  np.random.default_rng(7).random(2))
    ss = R.SeedSequence(42)
    np.testing.assert_array_equal(np.asarray(R.default_rng(ss).random(2)),
                                  np.random.default_rng(np.random.SeedSequence(42)).random(2))
    kids, np_kids = R.default_rng(1).spawn(2), np.random.default_rng(1).spawn(2)
    assert all(type(k) is R.Generator for k in kids)
    np.testing.assert_array_equal(np.asarray(kids[1].random(3)), np_kids[1].random(3))
    for bg in (R.MT19937, R.Philox, R.SFC64, R.PCG64DXSM):
        np.testing.assert_array_equal(np.asarray(R.Generator(bg(3)).standard_normal(2)),
                                      np.random.Generator(bg(3)).standard_normal(2))
    assert repr(R.RandomState(0)) == "weaknp.random.RandomState(MT19937)"


def test_bytes_are_numpys_bytes():
    assert R.default_rng(0).bytes(5) == np.random.default_rng(0).bytes(5)
    R.seed(1)
    got = R.bytes(3)
    np.random.seed(1)
    assert got == np.random.bytes(3)


def test_dtypes_are_numpys_in_every_promotion_mode():
    with wnp.promotion_mode("jax-x32"):
        assert wnp.asarray([1.0]).dtype == wnp.float32  # the mode's default float
        assert R.default_rng(0).random(2).dtype == wnp.float64  # NumPy's
        assert R.default_rng(0).integers(0, 5, 2).dtype == wnp.int64
        assert R.default_rng(0).integers(0, 5, 2, dtype=int).dtype == wnp.int64
        assert R.default_rng(0).random(2, dtype=float).dtype == wnp.float64


def test_submodule_is_the_same_object():
    import weaknp.random as wr
    assert wr is wnp.random and wr.default_rng is R.default_rng


def test_legacy_randint_into_int4():
    got = R.RandomState(3).randint(-8, 8, 10, dtype="int4")
    want = np.random.RandomState(3).randint(-8, 8, 10, dtype=np.int8)
    assert str(got.dtype) == "int4"
    np.testing.assert_array_equal(np.asarray(got).astype(np.int8), want)
    with pytest.raises(ValueError, match="RandomState.randint: high is out of bounds for int4"):
        R.RandomState(3).randint(0, 9, 2, dtype="int4")


def test_generators_copy_and_pickle_with_their_state():
    import copy
    import pickle
    g = R.default_rng(0)
    g.random()
    for h in (copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert type(h) is R.Generator
        np.testing.assert_array_equal(np.asarray(h.random(2)),
                                      np.asarray(copy.deepcopy(g).random(2)))
    r = pickle.loads(pickle.dumps(R.RandomState(1)))
    np.testing.assert_array_equal(np.asarray(r.rand(2)), np.random.RandomState(1).rand(2))
    assert R.Generator(g).bit_generator is g.bit_generator


# ---------------------------------------------------------------------------------------
# Generator and legacy calls on fresh seeds (a second set of rows, with NumPy's dtypes),
# scalar draws, choice/permutation/shuffle of weaknp arrays, spawn.

GENERATOR_CALLS_compat = [
    ("random(3)", lambda g: g.random(3), "float64"),
    ("random(3, dtype=float32)", lambda g: g.random(3, dtype="float32"), "float32"),
    ("integers(0, 10, 4)", lambda g: g.integers(0, 10, 4), "int64"),
    ("integers(0, 10, 4, dtype=int8)", lambda g: g.integers(0, 10, 4, dtype=np.int8), "int8"),
    ("normal(1, 2, 3)", lambda g: g.normal(1, 2, 3), "float64"),
    ("standard_normal(3, dtype=float32)", lambda g: g.standard_normal(3, dtype=np.float32),
     "float32"),
    ("uniform(0, 1, 3)", lambda g: g.uniform(0, 1, 3), "float64"),
    ("exponential(2, 3)", lambda g: g.exponential(2.0, 3), "float64"),
    ("gamma(2, size=3)", lambda g: g.gamma(2.0, size=3), "float64"),
    ("binomial(10, 0.3, 3)", lambda g: g.binomial(10, 0.3, 3), "int64"),
    ("poisson(3, 3)", lambda g: g.poisson(3.0, 3), "int64"),
    ("multinomial(5, [0.5, 0.5])", lambda g: g.multinomial(5, [0.5, 0.5]), "int64"),
    ("multivariate_normal", lambda g: g.multivariate_normal([0, 0], [[1, 0], [0, 1]], 2),
     "float64"),
    ("dirichlet([1, 2])", lambda g: g.dirichlet([1, 2]), "float64"),
    ("beta(1, 2, 3)", lambda g: g.beta(1, 2, 3), "float64"),
    ("choice(5, 3)", lambda g: g.choice(5, 3), "int64"),
    ("permutation(4)", lambda g: g.permutation(4), "int64"),
]


@pytest.mark.parametrize("call, dtype", [c[1:] for c in GENERATOR_CALLS_compat],
                         ids=[c[0] for c in GENERATOR_CALLS_compat])
def test_generator_matches_numpy_bit_for_bit(call, dtype):
    got = call(wnp.random.default_rng(42))
    want = call(np.random.default_rng(42))
    assert isinstance(got, wnp.Array) and not got.weak_type
    assert str(got.dtype) == dtype
    np.testing.assert_array_equal(np.asarray(got), want)


LEGACY_CALLS_compat = [
    ("rand(2, 2)", lambda r: r.rand(2, 2), "float64"),
    ("randn(3)", lambda r: r.randn(3), "float64"),
    ("randint(0, 5, 4)", lambda r: r.randint(0, 5, 4), "int64"),
    ("randint(0, 5, 4, dtype=uint8)", lambda r: r.randint(0, 5, 4, dtype=np.uint8), "uint8"),
    ("random_sample(2)", lambda r: r.random_sample(2), "float64"),
    ("normal(0, 1, 3)", lambda r: r.normal(0, 1, 3), "float64"),
    ("uniform(size=3)", lambda r: r.uniform(size=3), "float64"),
    ("choice([1, 2, 3], 2)", lambda r: r.choice([1, 2, 3], 2), "int64"),
    ("permutation(5)", lambda r: r.permutation(5), "int64"),
    ("laplace(size=2)", lambda r: r.laplace(size=2), "float64"),
    ("standard_t(3, 2)", lambda r: r.standard_t(3, 2), "float64"),
]


@pytest.mark.parametrize("call, dtype", [c[1:] for c in LEGACY_CALLS_compat],
                         ids=[c[0] for c in LEGACY_CALLS_compat])
def test_legacy_functions_share_numpys_global_state(call, dtype):
    np.random.seed(7)
    want = call(np.random)
    wnp.random.seed(7)
    got = call(wnp.random)
    assert isinstance(got, wnp.Array) and str(got.dtype) == dtype
    np.testing.assert_array_equal(np.asarray(got), want)
    got = call(wnp.random.RandomState(3))
    want = call(np.random.RandomState(3))
    np.testing.assert_array_equal(np.asarray(got), want)


def test_scalar_draws_are_python_scalars_so_float32_stays_float32():
    r = wnp.random.default_rng(0).random()
    assert isinstance(r, float)
    x = wnp.asarray([1.0, 2.0], dtype=wnp.float32)
    assert (x * r).dtype == wnp.float32


def test_arrays_keep_dtype_and_weak_flag_through_choice_and_permutation():
    g = wnp.random.default_rng(1)
    x = wnp.asarray([1, 2, 3, 4], dtype=wnp.int8)
    assert g.choice(x, 2).dtype == wnp.int8
    assert g.permutation(x).dtype == wnp.int8
    w = wnp.full((3,), 2.0)
    assert g.permutation(w).weak_type and wnp.random.choice(w, 2).weak_type
    p = g.permuted(wnp.asarray([[1, 2, 3]], dtype=wnp.int16), axis=1)
    assert p.dtype == wnp.int16 and sorted(np.asarray(p)[0].tolist()) == [1, 2, 3]


def test_shuffle_in_place():
    x = wnp.asarray(list(range(10)), dtype=wnp.int16)
    wnp.random.default_rng(3).shuffle(x)
    y = np.arange(10, dtype=np.int16)
    np.random.default_rng(3).shuffle(y)
    np.testing.assert_array_equal(np.asarray(x), y)
    wnp.random.seed(5)
    wnp.random.shuffle(x)
    assert x.dtype == wnp.int16 and sorted(np.asarray(x).tolist()) == list(range(10))


def test_weaknp_arrays_as_arguments_and_spawn():
    g = wnp.random.default_rng(9)
    r = g.normal(wnp.asarray([0.0, 10.0]), 1.0)
    assert r.shape == (2,) and r.dtype == wnp.float64
    kids = g.spawn(2)
    assert all(isinstance(k, wnp.random.Generator) for k in kids)
    assert isinstance(g.bit_generator, np.random.PCG64)
    with pytest.raises(TypeError, match="weaknp.random.test: run weaknp's test suite"):
        wnp.random.test()
