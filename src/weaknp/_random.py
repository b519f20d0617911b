"""``weaknp.random``: NumPy's random numbers, returned as weaknp arrays.

The bits come from NumPy's generators unchanged: ``wnp.random.default_rng(0).random(3)``
equals ``np.random.default_rng(0).random(3)`` bit for bit, and the legacy functions
(``seed``, ``rand``, ``randn``, ``randint``, ``normal``, ...) draw from NumPy's global
``RandomState``, so seeding either library seeds both.

Dtypes: NumPy's.  Floats are float64 unless ``dtype=float32`` is passed (``random``,
``standard_normal``, ``standard_exponential``, ``standard_gamma``); integers are int64
unless ``dtype=`` says otherwise (``integers``, ``randint``); ``choice``/``permutation``
of an array keep its dtype and weak flag.  Array results are strong (a random draw is
not a Python scalar); a draw with ``size=None`` returns a Python scalar, as NumPy does, so
``float32_array * wnp.random.random()`` stays float32.  (``jax.random`` is not the model:
it is a keyed, functional API.)  ``shuffle`` and ``Generator.permuted(out=)`` work in place
on weaknp arrays.
"""

from __future__ import annotations

import functools

import numpy as np

from . import _dtypes as D
from ._array import Array, array_like, wrap
from ._array import raw as _arg
from ._promotion import resolve_dtype

__all__ = [
    "default_rng", "Generator", "RandomState", "SeedSequence", "BitGenerator", "MT19937",
    "PCG64", "PCG64DXSM", "Philox", "SFC64",
    # NumPy's legacy functions (the global RandomState)
    "beta", "binomial", "bytes", "chisquare", "choice", "dirichlet", "exponential", "f",
    "gamma", "geometric", "get_bit_generator", "get_state", "gumbel", "hypergeometric",
    "laplace", "logistic", "lognormal", "logseries", "multinomial", "multivariate_normal",
    "negative_binomial", "noncentral_chisquare", "noncentral_f", "normal", "pareto",
    "permutation", "poisson", "power", "rand", "randint", "randn", "random",
    "random_integers", "random_sample", "ranf", "rayleigh", "sample", "seed",
    "set_bit_generator", "set_state", "shuffle", "standard_cauchy", "standard_exponential",
    "standard_gamma", "standard_normal", "standard_t", "test", "triangular", "uniform",
    "vonmises", "wald", "weibull", "zipf",
]

# NumPy's seeding machinery is not array-valued: the same classes.
SeedSequence, BitGenerator = np.random.SeedSequence, np.random.BitGenerator
MT19937, PCG64, PCG64DXSM = np.random.MT19937, np.random.PCG64, np.random.PCG64DXSM
Philox, SFC64 = np.random.Philox, np.random.SFC64


def _result(r, weak=False):
    if isinstance(r, np.ndarray):
        if r.dtype not in _SUPPORTED:
            raise TypeError(f"random: NumPy returned dtype {r.dtype}, which weaknp does "
                            f"not support")
        return wrap(r, weak)
    if isinstance(r, tuple):
        return tuple(_result(x, weak) for x in r)
    return r  # size=None: a Python or NumPy scalar, as NumPy returns it


_SUPPORTED = frozenset(D.ALL_DTYPES)


def _kwargs(kwargs, function):
    out = {k: _arg(v) for k, v in kwargs.items()}
    if out.get("dtype") is not None:
        out["dtype"] = resolve_dtype(out["dtype"], function)
    if isinstance(out.get("out"), Array):
        raise TypeError(f"{function}: out= must be a NumPy array; weaknp returns new arrays")
    return out


def _wrapped(method, name):
    @functools.wraps(method)
    def function(*args, **kwargs):
        return _result(method(*map(_arg, args), **_kwargs(kwargs, name)))

    function.__module__ = "weaknp.random"
    return function


def _keeps_input(method, name):
    """``choice``/``permutation``: an array argument keeps its dtype and weak flag."""
    @functools.wraps(method)
    def function(a, *args, **kwargs):
        weak = isinstance(a, Array) and a.weak_type
        return _result(method(_arg(a), *map(_arg, args), **_kwargs(kwargs, name)), weak)

    function.__module__ = "weaknp.random"
    return function


def _shuffler(method):
    @functools.wraps(method)
    def shuffle(x, *args, **kwargs):
        """Shuffle ``x`` in place along its first axis (a weaknp or NumPy array)."""
        target = x._data if isinstance(x, Array) else x
        method(target, *args, **kwargs)

    shuffle.__module__ = "weaknp.random"
    return shuffle


class Generator:
    """NumPy's ``Generator`` returning weaknp arrays (see the module docstring)."""

    def __init__(self, bit_generator):
        self._gen = (bit_generator if isinstance(bit_generator, np.random.Generator)
                     else np.random.Generator(bit_generator))

    @property
    def bit_generator(self):
        """The underlying NumPy bit generator."""
        return self._gen.bit_generator

    def spawn(self, n_children):
        """Independent child generators."""
        return [Generator(g) for g in self._gen.spawn(n_children)]

    def shuffle(self, x, axis=0):
        """Shuffle ``x`` in place along ``axis``."""
        self._gen.shuffle(x._data if isinstance(x, Array) else x, axis=axis)

    def permuted(self, x, *, axis=None, out=None):
        """A copy of ``x`` with each slice along ``axis`` shuffled (``out=x`` shuffles in
        place); keeps the dtype and weak flag."""
        d, w = array_like(x, "permuted")
        if out is not None:
            target = out._data if isinstance(out, Array) else out
            self._gen.permuted(d, axis=axis, out=target)
            return out
        return wrap(self._gen.permuted(d, axis=axis), w)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        """Random sample from ``a`` (an int means ``arange(a)``); keeps ``a``'s dtype/flag."""
        weak = isinstance(a, Array) and a.weak_type
        return _result(self._gen.choice(_arg(a), size, replace, _arg(p), axis, shuffle), weak)

    def permutation(self, x, axis=0):
        """A permuted copy (an int means ``arange(x)``); keeps the dtype and weak flag."""
        weak = isinstance(x, Array) and x.weak_type
        return _result(self._gen.permutation(_arg(x), axis), weak)

    def __getattr__(self, name):
        method = getattr(self._gen, name)
        if name.startswith("_") or not callable(method):
            return method
        return _wrapped(method, f"Generator.{name}")

    def __repr__(self):
        return f"weaknp.random.Generator({type(self.bit_generator).__name__})"


class RandomState:
    """NumPy's legacy ``RandomState`` returning weaknp arrays."""

    def __init__(self, seed=None):
        self._rs = seed if isinstance(seed, np.random.RandomState) else \
            np.random.RandomState(seed)

    def shuffle(self, x):
        """Shuffle ``x`` in place along its first axis."""
        self._rs.shuffle(x._data if isinstance(x, Array) else x)

    def __getattr__(self, name):
        method = getattr(self._rs, name)
        if name.startswith("_") or not callable(method):
            return method
        if name in ("choice", "permutation"):
            return _keeps_input(method, f"RandomState.{name}")
        return _wrapped(method, f"RandomState.{name}")


def default_rng(seed=None):
    """A ``Generator`` seeded like ``numpy.random.default_rng(seed)`` (same stream)."""
    if isinstance(seed, Generator):
        return seed
    return Generator(np.random.default_rng(_arg(seed)))


_np = np.random
(beta, binomial, bytes, chisquare, dirichlet, exponential, f, gamma, geometric,  # noqa: A001
 gumbel, hypergeometric, laplace, logistic, lognormal, logseries, multinomial,
 multivariate_normal, negative_binomial, noncentral_chisquare, noncentral_f, normal, pareto,
 poisson, power, rand, randint, randn, random, random_integers, random_sample, ranf,
 rayleigh, sample, standard_cauchy, standard_exponential, standard_gamma, standard_normal,
 standard_t, triangular, uniform, vonmises, wald, weibull, zipf) = (
    _wrapped(getattr(_np, n), n) for n in (
        "beta", "binomial", "bytes", "chisquare", "dirichlet", "exponential", "f", "gamma",
        "geometric", "gumbel", "hypergeometric", "laplace", "logistic", "lognormal",
        "logseries", "multinomial", "multivariate_normal", "negative_binomial",
        "noncentral_chisquare", "noncentral_f", "normal", "pareto", "poisson", "power",
        "rand", "randint", "randn", "random", "random_integers", "random_sample", "ranf",
        "rayleigh", "sample", "standard_cauchy", "standard_exponential", "standard_gamma",
        "standard_normal", "standard_t", "triangular", "uniform", "vonmises", "wald",
        "weibull", "zipf"))
choice = _keeps_input(_np.choice, "choice")
permutation = _keeps_input(_np.permutation, "permutation")
shuffle = _shuffler(_np.shuffle)
seed, get_state, set_state = _np.seed, _np.get_state, _np.set_state
get_bit_generator, set_bit_generator = _np.get_bit_generator, _np.set_bit_generator


def test(*args, **kwargs):
    """Not a test runner here: weaknp's tests run with pytest (see the README)."""
    raise TypeError("weaknp.random.test: run weaknp's test suite with pytest (README's "
                    "second command); numpy.random.test runs NumPy's")
