"""The module functions of ``numpy.polynomial`` (``polyval``, ``chebfit``, ``legder``,
``hermroots``, ``lagvander`` ... for the six bases), run by NumPy in float64/complex128 with
the result's dtype decided by the lattice.

Dtypes and weak flags
---------------------
Every array argument that holds coefficients, points or constants (``x``, ``y``, ``z``,
``c``, ``c1``, ``c2``, ``r``, ``roots``, ``off``, ``scl``, ``k``, ``lbnd``, ``pol``) joins on
the lattice, and the result has the inexact rule's dtype of that join, weak only when the
join is: ``polyval(float32 x, float32 c)`` is float32, ``polyval(0.5, float32 c)`` is
float32 (a Python float is weak), ``chebfit(float16 x, float16 y, 2)`` is float16.  The
elements of a list of Python scalars given as ``k``/``lbnd`` join one by one (weak).  NumPy
computes in float64 (complex128 for complex input) and the result is rounded once into the
lattice dtype.  ``*roots`` is complex only when a root is (NumPy's data-dependent rule).
Weights ``w`` do not join (they only weigh).  ``polyutils``' functions (``trimcoef``,
``as_series``, ``mapdomain`` ...) follow the same rule (``old``/``new`` domains and each
series of ``as_series`` join).  Functions without array input (``chebpts1``,
``hermgauss``) give the default float.
"""

from __future__ import annotations

import functools
import inspect

import numpy as np
import numpy.polynomial as _npp

from .._core import dtype_rules
from .._core import dtypes
from .._core.promotion import default_dtype, join_nodes, node_of
from .._fast.dispatch import wrap
from .._array.array import Array
from .._array.operands import data_of

#: NumPy's submodules of ``numpy.polynomial``, by weaknp's name for them.
BASES = ("polynomial", "chebyshev", "legendre", "hermite", "hermite_e", "laguerre")

#: Parameters that hold coefficients, points or constants: they join on the lattice.
JOINED = frozenset({"x", "y", "z", "c", "c1", "c2", "r", "roots", "off", "scl", "k",
                    "lbnd", "pol", "seq", "old", "new", "alist"})


def _is_python_scalar(v):
    return type(v) in (bool, int, float, complex)


def join_of(function, values):
    """``(inexact dtype, weak)`` of the lattice join of ``values``: array-likes (read as
    ``asarray`` reads them: a list is strong, a Python scalar weak) and ``(dtype, weak)``
    pairs.  No value at all gives the default float, strong."""
    nodes = []
    for v in values:
        if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], np.dtype):
            nodes.append(node_of(*v))
        else:
            d, w = data_of(v, function)
            nodes.append(node_of(d.dtype, w))
    if not nodes:
        return default_dtype("float"), False
    dt, weak = join_nodes(nodes, function)
    if dt not in dtypes.NUMERIC | dtypes.BOOL:
        raise TypeError(f"{function}: expected numbers, got {dtypes.dtype_name(dt)}; cast "
                        f"with astype('float64')")
    return dtype_rules.inexact_dtype(dt), weak


def constants(v):
    """An integration constant ``k``/``lbnd`` as values to join: a list or tuple of Python
    scalars joins element by element (each weak, as a single one is)."""
    if isinstance(v, (list, tuple)) and all(_is_python_scalar(e) for e in v):
        return list(v)
    return [] if v is None else [v]


def _joined_values(p, v):
    """The values parameter ``p`` adds to the join: the constants of ``k``/``lbnd``, each
    series of ``as_series``' ``alist`` (they may differ in length), else ``v`` itself."""
    if p in ("k", "lbnd"):
        return constants(v)
    return list(v) if p == "alist" else [v]


def work_dtype(dt):
    """The dtype NumPy computes in for a result of ``dt``."""
    return dtypes.complex128 if dt in dtypes.COMPLEX else dtypes.float64


def to_work(v, work, function):
    """An argument handed to NumPy: Python scalars and lists of them as they are (NumPy
    reads them in float64), anything else as an ndarray of ``work`` (ints too: NumPy would
    compute integer coefficients in float64 as well)."""
    if v is None or _is_python_scalar(v) or (isinstance(v, (list, tuple)) and
                                             all(_is_python_scalar(e) for e in v)):
        return v
    d = v._data if isinstance(v, Array) else data_of(v, function)[0]
    if d.dtype in dtypes.COMPLEX and work not in dtypes.COMPLEX:
        work = dtypes.complex128
    return dtype_rules.cast(d, work)


def from_work(r, dt, weak):
    """NumPy's result as weaknp arrays of ``dt`` (``polyline(1, 2)`` too, which NumPy
    leaves int): complex stays complex (``*roots``); an integer scalar (a full fit's rank)
    and anything else are returned as they are."""
    if isinstance(r, list):
        return [from_work(v, dt, weak) for v in r]
    if isinstance(r, tuple):
        return tuple(from_work(v, dt, weak) for v in r)
    if isinstance(r, np.generic) and r.dtype.kind in "iu":
        return r   # the rank of a full fit, as NumPy gives it
    if isinstance(r, (np.ndarray, np.generic)):
        # NumPy differs: it computes float32 input in float32 and leaves polyline(1, 2)
        # int; weaknp rounds NumPy's float64 result into the lattice dtype (decision 67).
        r = np.asarray(r)
        if r.dtype.kind == "c" and dt not in dtypes.COMPLEX:
            dt = dtypes.REAL_TO_COMPLEX.get(dt, dtypes.complex64)  # narrow floats: complex64
        return wrap(dtype_rules.cast(r, dt), weak)
    return r


def _series_function(np_fn, name):
    """weaknp's ``name``: NumPy's ``np_fn`` with the lattice's dtype."""
    sig = inspect.signature(np_fn)

    @functools.wraps(np_fn)
    def function(*args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{name}: {e}") from None
        joined = [p for p in bound.arguments if p in JOINED]
        dt, weak = join_of(name, [v for p in joined
                                  for v in _joined_values(p, bound.arguments[p])])
        work = work_dtype(dt)
        for p in joined:
            v = bound.arguments[p]
            bound.arguments[p] = [to_work(e, work, name) for e in v] if p == "alist" else \
                to_work(v, work, name)
        if bound.arguments.get("w") is not None:
            bound.arguments["w"] = to_work(bound.arguments["w"], dtypes.float64, name)
        if "func" in bound.arguments:   # chebinterpolate: NumPy computes on what func returns
            bound.arguments["func"] = _numpy_valued(bound.arguments["func"], work)
        with np.errstate(all="ignore"):
            r = np_fn(*bound.args, **bound.kwargs)
        return from_work(r, dt, weak)

    function.__module__ = "weaknp.polynomial"
    function.__doc__ = (f"NumPy's ``numpy.polynomial`` ``{name}`` on weaknp arrays.\n\n"
                        f"Promotion: the inexact rule on the lattice join of the "
                        f"coefficients, points and constants, weak only when the join is "
                        f"(``weaknp._numpy.polyseries``).")
    return function


def _numpy_valued(f, work):
    """``f`` returning an ndarray of ``work`` (NumPy computes on what it returns)."""

    def g(*a):
        v = f(*a)
        return dtype_rules.cast(v._data if isinstance(v, Array) else np.asarray(v), work)

    return g


def _constant(value):
    return wrap(np.asarray(value))


def functions(basis):
    """``{name: weaknp function or constant}`` for NumPy's ``numpy.polynomial.<basis>``
    (its classes left out: ``polyclasses`` has them)."""
    mod = getattr(_npp, basis)
    out = {}
    for name in mod.__all__:
        v = getattr(mod, name)
        if isinstance(v, type):
            continue
        out[name] = _constant(v) if isinstance(v, np.ndarray) else _series_function(v, name)
    return out


#: Every module function, by basis: ``FUNCTIONS["chebyshev"]["chebval"]``.
FUNCTIONS = {b: functions(b) for b in BASES}

#: ``numpy.polynomial.polyutils``' functions on series (its printing helper
#: ``format_float`` left out): ``FUNCTIONS["polyutils"]["trimcoef"]``.
FUNCTIONS["polyutils"] = {n: _series_function(getattr(_npp.polyutils, n), n) for n in (
    "as_series", "trimseq", "trimcoef", "getdomain", "mapdomain", "mapparms")}

__all__ = []
