"""``weaknp.random``: NumPy's streams, bit for bit, as weaknp arrays with NumPy's dtypes."""

import numpy as np
import pytest

import weaknp as wnp

GENERATOR_CALLS = [
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


@pytest.mark.parametrize("call, dtype", [c[1:] for c in GENERATOR_CALLS],
                         ids=[c[0] for c in GENERATOR_CALLS])
def test_generator_matches_numpy_bit_for_bit(call, dtype):
    got = call(wnp.random.default_rng(42))
    want = call(np.random.default_rng(42))
    assert isinstance(got, wnp.Array) and not got.weak_type
    assert str(got.dtype) == dtype
    np.testing.assert_array_equal(np.asarray(got), want)


LEGACY_CALLS = [
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


@pytest.mark.parametrize("call, dtype", [c[1:] for c in LEGACY_CALLS],
                         ids=[c[0] for c in LEGACY_CALLS])
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
