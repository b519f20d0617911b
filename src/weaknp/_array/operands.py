"""The operands of weaknp's functions: an array argument read as ``(ndarray, weak)``
(``data_of``, ``own_ndarray``), several joined on the lattice and cast to the join
(``promote``, ``array_likes``), weaknp arrays handed on to NumPy (``raw``); and the naming
of generated functions (``public``).

Python scalars are weak (narrowed with the overflow check where they join); arrays keep
their flag; NumPy values and nested lists are strong, read as ``asarray`` reads them.
"""

from __future__ import annotations

import math

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import scalars
from .array import Array
from .convert import to_ndarray
from .._fast.calls import data_of, joined, set_array_like_reader
from .._fast.dispatch import operand, wrap
from .._core.lattice import OUTSIDE, WEAK_NODES
from .._core.promotion import join_nodes

__all__ = ["data_of", "own_ndarray", "raw", "wrap_loaded", "promote", "array_likes", "public",
           "numpy_rules", "moved"]

_ndarray = np.ndarray
_SUPPORTED = frozenset(dtypes.ALL_DTYPES)


#: ``data_of(x, function)``: ``(ndarray, weak)`` of an array argument -- an ``Array``'s own
#: (compiled: no Python frame), or anything NumPy takes as an array, converted as
#: ``asarray`` reads it (``to_ndarray``: a NumPy array or scalar and a nested list are
#: strong, a Python scalar is weak).
set_array_like_reader(to_ndarray)


def moved(source, r, weak: bool):
    """NumPy's result ``r`` of a function of ``source`` that moves data (reshapes,
    transposes, adds or drops axes, broadcasts, splits), wrapped with ``weak``: lists and
    tuples item by item, a NumPy scalar as a 0-d array.

    Every such function ends here, so their views agree with ``x[None]`` and
    ``x.reshape``: a result that is a view (NumPy's ``r.base`` set) records ``source``,
    the Array it was made from, and ``r.base is x`` holds where NumPy's does
    (``Array.base`` follows these records to the Array that owns the memory).
    """
    if isinstance(r, np.ndarray):
        obj = wrap(r, weak)
        if r.base is not None and isinstance(source, Array):
            obj._base = source
        return obj
    if isinstance(r, np.generic):
        return wrap(np.asarray(r), weak)
    if isinstance(r, (list, tuple)):
        return type(r)(moved(source, x, weak) for x in r)
    return r


def raw(v):
    """An argument passed on to NumPy: weaknp arrays (also inside lists and tuples) become
    their ndarrays; anything else is returned as it is."""
    if isinstance(v, Array):
        return v._data
    if isinstance(v, (list, tuple)) and any(isinstance(x, Array) for x in v):
        return type(v)(raw(x) for x in v)
    return v


def wrap_loaded(obj, function: str):
    """An ndarray NumPy produced (a file read by ``load``/``loadtxt``/..., ``vectorize``'s
    results) as a strong weaknp array; anything else as it is."""
    if isinstance(obj, np.ndarray):
        if obj.dtype not in _SUPPORTED and not dtypes.is_outside(obj.dtype):
            raise TypeError(f"{function}: the file holds dtype {obj.dtype}, which weaknp does "
                            f"not support; load it with numpy instead")
        return wrap(obj, False)
    return obj


def own_ndarray(x, function: str) -> np.ndarray:
    """An array-like as an ndarray in its own dtype, for answering value questions
    (``isin``, ``isclose``) when the join cannot hold a value: a Python int beyond int64
    and uint64 becomes a float64 (±inf past float64), ml_dtypes types float32/float64."""
    if type(x) is int and not -2**63 <= x < 2**64:
        try:
            return np.asarray(float(x))
        except OverflowError:
            return np.asarray(math.inf if x > 0 else -math.inf)
    d = data_of(x, function)[0]
    if d.dtype in dtypes.ML_DTYPES:
        d = dtype_rules.cast(d, dtypes.float64 if d.dtype in dtypes.INTEGER else dtypes.float32)
    return d


def array_likes(function: str, values):
    """``data_of`` over several arguments, then their join: ``(ndarrays cast to the
    joined dtype, dtype, weak)``.  Python scalars stay weak in the join.

    Arrays and ndarrays only (the common call): the compiled core's ``joined``, the same
    join and casts without a Python frame per operand."""
    r = joined(function, values)
    if r is not None:
        return r
    ops = []
    for v in values:
        o = operand(v)
        ops.append(o if o is not None else operand(wrap(*to_ndarray(v, None, None, function))))
    return _joined(function, ops)


def promote(function: str, values, *, python_scalars: bool = True):
    """Join any number of operands: ``(ndarrays cast to the joined dtype, dtype, weak)``.

    Python scalars are weak (and narrowed with the overflow check); arrays keep their flag.
    Arrays and ndarrays only: the compiled core's ``joined``, as in ``array_likes``.
    """
    r = joined(function, values)
    if r is not None:
        return r
    ops = []
    for v in values:
        o = operand(v)
        if o is None or (not python_scalars and type(o[0]) is not _ndarray):
            accepted = " or Python scalars" if python_scalars else ""
            raise TypeError(f"{function}: expected arrays{accepted}"
                            f", got {type(v).__name__}")
        ops.append(o)
    return _joined(function, ops)


def _joined(function: str, ops):
    """``promote`` of ``(payload, node)`` operands."""
    if not ops:
        raise ValueError(f"{function}: at least one array is required")
    # plain loops, no comprehensions: this runs on every where/clip/concat call
    nodes = []
    for o in ops:
        nodes.append(o[1])
    if OUTSIDE in nodes and all(n == OUTSIDE for n in nodes):
        return _numpy_joined(function, ops)
    dt, weak = join_nodes(nodes, function)
    out = []
    for p, n in ops:
        # a weak array is read like the Python scalars it holds (scalars.weak_values: no wrap);
        # an ndarray already of the joined dtype is returned as it is by either reading
        out.append(p if type(p) is _ndarray and p.dtype == dt else
                   scalars.as_ndarray(p, dt, function, n))
    return out, dt, weak


def _numpy_joined(function: str, ops):
    """``promote`` of operands that are all outside the lattice (strings, dates, records):
    NumPy's own ``result_type`` and casts (``concat`` of ``<U3`` and ``<U5`` is ``<U5``;
    decision 72)."""
    payloads = [np.asarray(p) for p, _ in ops]
    try:
        dt = np.result_type(*payloads)
    except TypeError as e:
        raise TypeError(f"{function}: NumPy has no common dtype for "
                        f"{', '.join(str(p.dtype) for p in payloads)} ({e}); convert them "
                        f"explicitly with astype() first") from None
    return [p if p.dtype == dt else p.astype(dt) for p in payloads], dt, False


def _back(r, function: str):
    """A result of a NumPy function as weaknp gives it: arrays and NumPy scalars become
    strong Arrays (0-d for scalars), tuples and lists element by element."""
    if isinstance(r, (np.ndarray, np.generic)):
        d = np.asarray(r).view(np.ndarray)
        if d.dtype.kind == "O":
            raise TypeError(f"{function}: NumPy's result holds Python objects (dtype object: "
                            f"lists, for split), which weaknp does not carry; call NumPy's "
                            f"function on numpy.asarray(x)")
        if d.dtype.type is np.record:   # a recarray's dtype: the plain record dtype
            d = d.view(np.dtype((np.void, d.dtype)))
        return wrap(d, False)
    if type(r) is tuple or type(r) is list:
        return type(r)(_back(v, function) for v in r)
    return r


def numpy_rules(np_function, name: str, module: str):
    """NumPy's ``np_function`` for weaknp arrays, with NumPy's own dtype rules: the
    functions on strings, records and dates (``numpy.strings``, ``numpy.rec``,
    ``busday_count``; decision 72).  Arrays in the arguments (lists of them too) are
    handed on as their ndarrays; results come back as strong Arrays, lattice-typed when
    numeric (``str_len`` is int64); errors are NumPy's, prefixed with the name."""
    def function(*args, **kwargs):
        try:
            r = np_function(*(raw(a) for a in args), **{k: raw(v) for k, v in kwargs.items()})
        except (TypeError, ValueError) as e:
            raise type(e)(f"{name}: {e}") from None
        return _back(r, name)

    return public(function, name, f"NumPy's ``{name}`` on weaknp arrays, with NumPy's own "
                  f"dtype rules (decision 72); results are weaknp Arrays.", module)


def public(function, name: str, doc: str, module: str = "weaknp"):
    """Name a generated function ``name`` in ``module`` with docstring ``doc``."""
    function.__name__ = function.__qualname__ = name
    function.__module__ = module
    function.__doc__ = doc
    return function
