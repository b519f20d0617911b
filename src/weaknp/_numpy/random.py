"""``weaknp.random``: NumPy's random numbers, returned as weaknp arrays.

The bits come from NumPy's generators unchanged: ``wnp.random.default_rng(0).random(3)``
equals ``np.random.default_rng(0).random(3)`` bit for bit, and the legacy functions
(``seed``, ``rand``, ``randn``, ``randint``, ``normal``, ...) draw from NumPy's global
``RandomState``, so seeding either library seeds both.

Dtypes are NumPy's, whatever the promotion mode: floats are float64 unless ``dtype=float32``
is passed (``random``, ``standard_normal``, ``standard_exponential``, ``standard_gamma``;
other dtypes raise ``TypeError``), integers are int64 unless ``dtype=`` names another
integer dtype (``integers``, ``randint``: any integer dtype or bool; the ml_dtypes ones,
``int4``/``uint4``/``int2``/..., are drawn as int8/uint8 within their bounds and cast).
``choice``/``permutation``/``permuted`` of an array keep its dtype and weak flag.  Every
other array result is strong: a random draw is data, not a Python scalar.  A draw with
``size=None`` returns what NumPy returns (a Python ``float``/``int`` from most methods, a
NumPy scalar from ``integers``), so ``float32_array * wnp.random.random()`` stays float32,
as in NumPy.  Arguments may be weaknp arrays (their values are read by NumPy as float64,
as NumPy reads any array argument).

``jax.random`` is not a model for this module: it is a functional API where every draw
takes an explicit key; ``weaknp.random`` keeps NumPy's stateful generators.

``shuffle``, ``Generator.permuted(out=)`` and ``out=`` of the float draws work in place on
weaknp arrays.  NumPy's errors are re-raised with the function's name in front
(``Generator.normal: scale < 0``).
"""

from __future__ import annotations

import functools
import inspect

import numpy as np

from .._core import dtypes
from .._array.array import Array
from .._fast.dispatch import wrap
from .._core.kernel import cast
from .._array.operands import raw

__all__ = [
    "MT19937", "PCG64", "PCG64DXSM", "SFC64", "BitGenerator", "Generator", "Philox",
    "RandomState", "SeedSequence",
    # NumPy's legacy functions (the global RandomState) and default_rng
    "beta", "binomial", "bytes", "chisquare", "choice", "default_rng", "dirichlet",
    "exponential", "f", "gamma", "geometric", "get_bit_generator", "get_state", "gumbel",
    "hypergeometric", "laplace", "logistic", "lognormal", "logseries", "multinomial",
    "multivariate_normal", "negative_binomial", "noncentral_chisquare", "noncentral_f",
    "normal", "pareto", "permutation", "poisson", "power", "rand", "randint", "randn",
    "random", "random_integers", "random_sample", "ranf", "rayleigh", "sample", "seed",
    "set_bit_generator", "set_state", "shuffle", "standard_cauchy", "standard_exponential",
    "standard_gamma", "standard_normal", "standard_t", "test", "triangular", "uniform",
    "vonmises", "wald", "weibull", "zipf",
]

# NumPy's seeding machinery is not array-valued: the same classes.
SeedSequence, BitGenerator = np.random.SeedSequence, np.random.BitGenerator
MT19937, PCG64, PCG64DXSM = np.random.MT19937, np.random.PCG64, np.random.PCG64DXSM
Philox, SFC64 = np.random.Philox, np.random.SFC64

_SUPPORTED = frozenset(dtypes.ALL_DTYPES)
_FLOAT_DRAW_DTYPES = frozenset({dtypes.float32, dtypes.float64})
#: ml_dtypes integers are drawn in the NumPy dtype of the same signedness, then cast.
_NARROW_DRAW = {dt: (dtypes.int8 if dt in dtypes.SIGNED else dtypes.uint8)
                for dt in (*dtypes.NARROW_SIGNED, *dtypes.NARROW_UNSIGNED)}

# How a forwarded method treats its arguments and result:
#   "draw"  : weaknp arrays in, strong weaknp arrays out
#   "float" : a draw with a float ``dtype=`` (float32/float64 only) and ``out=``
#   "int"   : a draw with an integer ``dtype=`` (``integers``, ``randint``)
#   "keep"  : ``choice``/``permutation``: an array argument keeps its dtype and weak flag
#   "pass"  : seeding and state (``seed``, ``get_state``, ...): NumPy's objects unchanged
_KINDS = {"random": "float", "standard_normal": "float", "standard_exponential": "float",
          "standard_gamma": "float", "integers": "int", "randint": "int",
          "choice": "keep", "permutation": "keep",
          "seed": "pass", "get_state": "pass", "set_state": "pass"}


def _prefixed(error: Exception, function: str) -> Exception:
    """NumPy's ``error`` with ``function`` named in front (same exception type)."""
    msg = str(error)
    if msg.startswith(function):
        return error
    try:
        return type(error)(f"{function}: {msg}")
    except TypeError:  # an exception type with another constructor: keep NumPy's
        return error


def _result(function: str, r, weak: bool = False):
    """NumPy's result as weaknp returns it: ndarrays wrapped, scalars as NumPy gives them."""
    if isinstance(r, np.ndarray):
        if r.dtype not in _SUPPORTED:
            # NumPy differs: numpy.random.choice samples strings and objects too; a weaknp
            # array holds numbers only, so the error says how to sample indices instead.
            # Decision 28.
            raise TypeError(f"{function}: the sample has dtype {r.dtype}, which weaknp "
                            f"arrays cannot hold; sample indices instead (choice(len(a))) "
                            f"or call numpy.random directly")
        return wrap(r, weak)
    if weak and isinstance(r, np.generic):
        # NumPy differs: NumPy returns a NumPy scalar (strong); one element drawn from a
        # weak array is a Python scalar here, so it stays weak as the array was (decision 28).
        return r.item()
    return r  # size=None: a Python or NumPy scalar, as NumPy returns it


def _float_dtype(function: str, dtype) -> np.dtype:
    # JAX differs: jax.random's default float follows x64 (float32 without it); weaknp's
    # draws are NumPy's float64 in every promotion mode, and Python's float means float64.
    # Decision 28.
    dt = dtypes.float64 if dtype is float else dtypes.to_dtype(dtype, function=function)
    if dt not in _FLOAT_DRAW_DTYPES:
        raise TypeError(f"{function}: dtype {dtypes.dtype_name(dt)} is not supported; NumPy's "
                        f"generators draw float64 or float32 (draw float32 and cast with "
                        f"astype)")
    return dt


def _integer_dtype(function: str, dtype) -> np.dtype:
    # NumPy reads Python's int as its default integer, int64, in every promotion mode.
    dt = (dtypes.int64 if dtype is int else dtypes.bool_ if dtype is bool
          else dtypes.to_dtype(dtype, function=function))
    if dt not in dtypes.INTEGER and dt != dtypes.bool_:
        raise TypeError(f"{function}: dtype {dtypes.dtype_name(dt)} is not an integer dtype; "
                        f"draw floats with random or uniform")
    return dt


def _check_narrow_bounds(function: str, dt: np.dtype, a) -> None:
    """``integers``/``randint`` into an ml_dtypes integer: NumPy's bounds checks, for ``dt``."""
    low, high = a.arguments.get("low"), a.arguments.get("high")
    if high is None:
        low, high = 0, low
    lo, hi = dtypes.INT_BOUNDS[dt]
    top = hi if a.arguments.get("endpoint", False) else hi + 1
    name = dtypes.dtype_name(dt)
    if np.any(np.asarray(raw(low)) < lo):
        raise ValueError(f"{function}: low is out of bounds for {name} (its range is "
                         f"{lo}..{hi})")
    if np.any(np.asarray(raw(high)) > top):
        raise ValueError(f"{function}: high is out of bounds for {name} (its range is "
                         f"{lo}..{hi})")


def _dispatch(function: str, method, kind: str, sig, args, kwargs):
    """Call NumPy's ``method`` the weaknp way (see ``_KINDS``)."""
    if kind == "pass":  # seeding and state: NumPy's objects in and out
        return method(*map(raw, args), **{k: raw(v) for k, v in kwargs.items()})
    weak, narrow = False, None
    if kind == "keep":
        a = args[0] if args else kwargs.get(next(iter(sig.parameters)))
        weak = isinstance(a, Array) and a.weak_type
    elif kind != "draw" and (len(args) > sig.dtype_position or "dtype" in kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            raise _prefixed(e, function) from None
        if kind == "float":
            bound.arguments["dtype"] = _float_dtype(function, bound.arguments["dtype"])
        else:
            dt = _integer_dtype(function, bound.arguments["dtype"])
            if dt in _NARROW_DRAW:
                _check_narrow_bounds(function, dt, bound)
                narrow, dt = dt, _NARROW_DRAW[dt]
            bound.arguments["dtype"] = dt
        args, kwargs = bound.args, bound.kwargs
    out = kwargs.get("out")
    try:
        r = method(*map(raw, args), **({k: raw(v) for k, v in kwargs.items()} if kwargs
                                       else kwargs))
    except (ValueError, TypeError, OverflowError, IndexError) as e:
        raise _prefixed(e, function) from None
    if out is not None:
        return out  # filled in place (a weaknp array's buffer, or NumPy's array)
    if narrow is not None:
        # NumPy differs: NumPy has no int4/uint4/int2/... draws; weaknp draws int8/uint8
        # within the narrow dtype's bounds and casts (exact: every value fits) (decision 28).
        return (wrap(cast(r, narrow)) if isinstance(r, np.ndarray)
                else cast(np.asarray(r), narrow)[()])
    return _result(function, r, weak)


def _signature(template, drop_self: bool) -> _Signature:
    """NumPy's signature of ``template`` (without ``self``)."""
    sig = inspect.signature(template)
    params = list(sig.parameters.values())[1 if drop_self else 0:]
    return _Signature(sig.replace(parameters=params))


class _Signature:
    """An ``inspect.Signature`` plus the position of its ``dtype`` parameter."""

    __slots__ = ("_sig", "dtype_position", "parameters")

    def __init__(self, sig):
        self._sig, self.parameters = sig, sig.parameters
        names = list(sig.parameters)
        self.dtype_position = names.index("dtype") if "dtype" in names else len(names)

    def bind(self, *args, **kwargs):
        return self._sig.bind(*args, **kwargs)


def _named(function, template, qualname: str, what: str):
    """``function`` dressed as ``weaknp.random.<qualname>`` with NumPy's signature/doc."""
    functools.update_wrapper(function, template)
    function.__qualname__ = qualname
    function.__name__ = qualname.rsplit(".", 1)[-1]
    function.__module__ = "weaknp.random"
    function.__doc__ = (f"NumPy's ``{what}``, returning weaknp arrays (dtypes: see "
                        f"``weaknp.random``).\n\n" + (template.__doc__ or ""))
    return function


_TEMPLATES = {"Generator": np.random.Generator, "RandomState": np.random.RandomState}


def _forward(cls_name: str, name: str):
    """A method of ``Generator``/``RandomState`` forwarding to NumPy's method ``name``."""
    template = getattr(_TEMPLATES[cls_name], name)
    kind = _KINDS.get(name, "draw")
    sig = None if kind in ("draw", "pass") else _signature(template, drop_self=True)
    function = f"{cls_name}.{name}"

    def method(self, *args, **kwargs):
        return _dispatch(function, getattr(self._np, name), kind, sig, args, kwargs)

    return _named(method, template, function, f"numpy.random.{function}")


def _in_place(function: str, method, x, *args, **kwargs):
    """``shuffle``: NumPy's in-place shuffle on a weaknp array's buffer (or NumPy's array)."""
    try:
        method(x._data if isinstance(x, Array) else x, *args, **kwargs)
    except (ValueError, TypeError, IndexError) as e:
        raise _prefixed(e, function) from None


# NumPy's draw methods (Generator and RandomState share most of them).
_COMMON = (
    "beta", "binomial", "bytes", "chisquare", "choice", "dirichlet", "exponential", "f",
    "gamma", "geometric", "gumbel", "hypergeometric", "laplace", "logistic", "lognormal",
    "logseries", "multinomial", "multivariate_normal", "negative_binomial",
    "noncentral_chisquare", "noncentral_f", "normal", "pareto", "permutation", "poisson",
    "power", "rayleigh", "standard_cauchy", "standard_exponential", "standard_gamma",
    "standard_normal", "standard_t", "triangular", "uniform", "vonmises", "wald", "weibull",
    "zipf")


class Generator:
    """NumPy's ``Generator`` returning weaknp arrays (see the module docstring).

    ``Generator(bit_generator)`` as in NumPy; ``default_rng(seed)`` is the usual way.
    Every method draws exactly NumPy's numbers for the same bit generator state.

    >>> import weaknp as wnp
    >>> wnp.random.default_rng(0).integers(0, 10, size=3, dtype=wnp.int8)
    Array([3, 5, 7], dtype=int8)
    """

    _numpy = np.random.Generator
    __slots__ = ("_np",)

    def __init__(self, bit_generator):
        if isinstance(bit_generator, Generator):
            bit_generator = bit_generator._np
        self._np = (bit_generator if isinstance(bit_generator, np.random.Generator)
                    else np.random.Generator(raw(bit_generator)))

    @property
    def bit_generator(self):
        """The underlying NumPy bit generator (shared with NumPy: same state)."""
        return self._np.bit_generator

    def spawn(self, n_children):
        """Independent child generators, as ``numpy.random.Generator.spawn``."""
        return [Generator(g) for g in self._np.spawn(n_children)]

    def shuffle(self, x, axis=0):
        """Shuffle ``x`` in place along ``axis`` (a weaknp array keeps dtype and flag)."""
        _in_place("Generator.shuffle", self._np.shuffle, x, axis=axis)

    def permuted(self, x, *, axis=None, out=None):
        """A copy of ``x`` with each slice along ``axis`` shuffled independently.

        ``out=x`` shuffles in place and returns ``out``.  Keeps ``x``'s dtype and weak flag.
        """
        weak = isinstance(x, Array) and x.weak_type
        try:
            r = self._np.permuted(raw(x), axis=axis, out=raw(out))
        except (ValueError, TypeError) as e:
            raise _prefixed(e, "Generator.permuted") from None
        return out if out is not None else _result("Generator.permuted", r, weak)

    def __repr__(self):
        return f"weaknp.random.Generator({type(self.bit_generator).__name__})"

    # NumPy's draw methods, each generated by _forward (no hand-written bodies)
    (beta, binomial, bytes, chisquare, choice, dirichlet, exponential, f,
     gamma, geometric, gumbel, hypergeometric, laplace, logistic, lognormal, logseries,
     multinomial, multivariate_normal, negative_binomial, noncentral_chisquare, noncentral_f,
     normal, pareto, permutation, poisson, power, rayleigh, standard_cauchy,
     standard_exponential, standard_gamma, standard_normal, standard_t, triangular, uniform,
     vonmises, wald, weibull, zipf) = (_forward("Generator", n) for n in _COMMON)
    random, integers, multivariate_hypergeometric = (
        _forward("Generator", n) for n in ("random", "integers", "multivariate_hypergeometric"))


class RandomState:
    """NumPy's legacy ``RandomState`` returning weaknp arrays (NumPy's values)."""

    _numpy = np.random.RandomState
    __slots__ = ("_np",)

    def __init__(self, seed=None):
        self._np = (seed if isinstance(seed, np.random.RandomState)
                    else np.random.RandomState(raw(seed)))

    def shuffle(self, x):
        """Shuffle ``x`` in place along its first axis (a weaknp array keeps its flag)."""
        _in_place("RandomState.shuffle", self._np.shuffle, x)

    def __repr__(self):
        return f"weaknp.random.RandomState({type(self._np._bit_generator).__name__})"

    # NumPy's draw methods, each generated by _forward (no hand-written bodies)
    (beta, binomial, bytes, chisquare, choice, dirichlet, exponential, f,
     gamma, geometric, gumbel, hypergeometric, laplace, logistic, lognormal, logseries,
     multinomial, multivariate_normal, negative_binomial, noncentral_chisquare, noncentral_f,
     normal, pareto, permutation, poisson, power, rayleigh, standard_cauchy,
     standard_exponential, standard_gamma, standard_normal, standard_t, triangular, uniform,
     vonmises, wald, weibull, zipf) = (_forward("RandomState", n) for n in _COMMON)
    (rand, randn, randint, random, random_integers, random_sample, tomaxint, seed,
     get_state, set_state) = (_forward("RandomState", n) for n in (
        "rand", "randn", "randint", "random", "random_integers", "random_sample", "tomaxint",
        "seed", "get_state", "set_state"))


def default_rng(seed=None):
    """A ``Generator`` seeded like ``numpy.random.default_rng(seed)`` (the same stream).

    ``seed`` may be an int, a sequence or array of ints, a ``SeedSequence``, a bit
    generator, or a NumPy or weaknp ``Generator`` (returned as a weaknp ``Generator``).
    """
    if isinstance(seed, Generator):
        return seed
    try:
        return Generator(np.random.default_rng(raw(seed)))
    except (ValueError, TypeError) as e:
        raise _prefixed(e, "default_rng") from None


def _legacy(name):
    """``weaknp.random.<name>``: NumPy's function of the global ``RandomState``."""
    template = getattr(np.random, name)
    kind = _KINDS.get(name, "draw")
    sig = None if kind in ("draw", "pass") else _signature(template, drop_self=False)
    qualname = f"random.{name}"

    def function(*args, **kwargs):
        return _dispatch(qualname, template, kind, sig, args, kwargs)

    return _named(function, template, name, f"numpy.random.{name}")


(beta, binomial, bytes, chisquare, choice, dirichlet, exponential, f,
 gamma, geometric, gumbel, hypergeometric, laplace, logistic, lognormal, logseries,
 multinomial, multivariate_normal, negative_binomial, noncentral_chisquare, noncentral_f,
 normal, pareto, permutation, poisson, power, rayleigh, standard_cauchy,
 standard_exponential, standard_gamma, standard_normal, standard_t, triangular, uniform,
 vonmises, wald, weibull, zipf) = map(_legacy, _COMMON)
rand, randn, randint, random, random_integers, random_sample, ranf, sample = map(
    _legacy, ("rand", "randn", "randint", "random", "random_integers", "random_sample",
              "ranf", "sample"))
# Seeding and state: NumPy's own functions (their state is NumPy's global RandomState).
seed, get_state, set_state = np.random.seed, np.random.get_state, np.random.set_state
get_bit_generator, set_bit_generator = np.random.get_bit_generator, np.random.set_bit_generator


def shuffle(x):
    """Shuffle ``x`` in place along its first axis, from NumPy's global ``RandomState``."""
    _in_place("random.shuffle", np.random.shuffle, x)


def test(*args, **kwargs):
    """Not a test runner here: weaknp's tests run with pytest (see the README)."""
    raise TypeError("weaknp.random.test: run weaknp's test suite with pytest (README's "
                    "second command); numpy.random.test runs NumPy's")
