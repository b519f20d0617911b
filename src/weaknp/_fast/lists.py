"""Reading nested lists: one walk finds the leaves' join, the Python ints' range and the array.

Part of the compiled core (``dispatch``'s docstring): compiled by Cython in pure-Python mode
(``lists.pxd`` declares the C types), or run as it is in the pure build.  It cimports from
``dispatch`` (``ArrayBase``, the inline ``get_mode`` and ``new_array``) and fills a simple
nest in C (``npyc.nest_array``); the pure build imports the same names from ``dispatch``
and has a Python twin of each C helper (``if not cython.compiled:``).
"""

from __future__ import annotations

import math

import numpy as np

try:
    import cython   # compiled: Cython reads ``cython.compiled`` as True at compile time
except ImportError:   # the pure build where Cython is not installed
    from . import nocython as cython

from .._core.dtypes import INT_BOUNDS as _INT_BOUNDS
from .._core.dtypes import INTEGER as _INTEGER
from .._core.dtypes import dtype_name
from .._core.dtypes import wider_int_fix as _wider_int_fix
from .._core.lattice import STRONG_NODE, Node
from .._core.promotion import default_dtype, join_nodes, scalar_node
from .dispatch import MAX_DEPTH, too_deep

__all__ = ["leaf_summary", "read_list", "list_array", "explicit_int", "COMPILED"]

#: Whether this module is the compiled extension (``weaknp.__compiled__``).
COMPILED = cython.compiled
_ndarray = np.ndarray
_generic = np.generic
_asarray = np.asarray
_array = np.array
#: Dtypes Python scalars land in without anything to overflow (``read_list``).
_QUIET = frozenset(np.dtype(t) for t in ("bool", "int64", "float64", "complex128"))
_BOOL_NODE = Node.bool
_INT_NODE = Node.weak_int
_FLOAT_NODE = Node.weak_float
_COMPLEX_NODE = Node.weak_complex

if not cython.compiled:
    # -- the pure build: the names the compiled build cimports (lists.pxd) ---------------
    # Cython drops this block.  Same names, same results.
    from .dispatch import ArrayBase, get_mode
    from .dispatch import wrap_node as new_array   # (compiled: inline, dispatch.pxd)

    def numpy_api_ready():
        """Nothing to load: the pure build does not call NumPy's C API."""

    def nest_array(obj, shape, kind):
        """The ndarray of simple nest ``obj`` in ``_SIMPLE_DTYPES[kind]``: NumPy's own
        choice for such leaves is the widest kind present (compiled: stored in C)."""
        data = _array(obj)
        dt = _SIMPLE_DTYPES[kind]
        return data if data.dtype == dt else _array(obj, dtype=dt)


numpy_api_ready()   # NumPy's C API table (compiled build)


def leaf_summary(obj, function):
    """``(join, int_min, int_max, has_arrays, inexact, one_kind)`` of a nested list/tuple's
    leaves.

    ``join`` is ``(dtype, weak)`` of every leaf's node, or ``None`` for no leaves;
    ``int_min``/``int_max`` bound the exact Python ints met (``None`` without any);
    ``has_arrays`` says whether an Array leaf must be unwrapped before NumPy reads it;
    ``inexact`` whether a Python float or complex leaf occurs; ``one_kind`` whether every
    leaf is a Python scalar of one kind (bool, int, float or complex).
    """
    others = []                            # nodes of any other leaf (arrays, NumPy scalars)
    bounds = [None, None]
    seen = _walk(obj, others, bounds, function, 1)
    inexact = (seen & (_SEEN_FLOAT | _SEEN_COMPLEX)) != 0
    has_arrays = (seen & _HAS_ARRAYS) != 0
    if others:
        nodes = [n for k, n in enumerate(_SCALAR_NODES) if seen & (1 << k)]
        nodes.extend(others)
        return (join_nodes(nodes, function), bounds[0], bounds[1], has_arrays, inexact, False)
    # only Python scalars: their join depends on the mode and on which kinds occur
    key = (get_mode(), seen & 15)
    join = _SCALAR_JOINS.get(key)
    if join is None:
        nodes = [n for k, n in enumerate(_SCALAR_NODES) if seen & (1 << k)]
        join = join_nodes(nodes, function) if nodes else False
        if len(_SCALAR_JOINS) > 512:   # modes given as many Lattice objects
            _SCALAR_JOINS.clear()
        _SCALAR_JOINS[key] = join
    return ((join if join is not False else None), bounds[0], bounds[1], has_arrays, inexact,
            seen == 1 or seen == 2 or seen == 4 or seen == 8)


_SCALAR_NODES = (_BOOL_NODE, _INT_NODE, _FLOAT_NODE, _COMPLEX_NODE)
#: ``_walk``'s bits: which Python scalar kinds occur (in ``_SCALAR_NODES`` order), and
#: whether an Array leaf must be unwrapped.
_SEEN_BOOL, _SEEN_INT, _SEEN_FLOAT, _SEEN_COMPLEX, _HAS_ARRAYS = 1, 2, 4, 8, 16
#: (mode, bits of the Python scalar kinds seen) -> the join of those Python scalars' nodes, or
#: False for no leaves.  A failed join raises and is not kept.
_SCALAR_JOINS: dict = {}


def read_list(obj, dtype, function, summary=None):
    """A nested list/tuple as an ndarray of ``dtype``, or (``dtype`` None) of the join of
    its leaves (lists are never weak, as in JAX).  Into an integer dtype nothing wraps: a
    Python int out of range raises ``OverflowError``; float leaves truncate toward zero
    (as ``astype``), NaN/inf and complex raise (``explicit_int``).  ``summary`` is
    ``leaf_summary``'s if known."""
    if dtype is None and summary is None:
        shape = _simple_shape(obj)
        kind = _simple_kind(obj, shape) if shape is not None else -1
        if kind >= 0:
            data = nest_array(obj, shape, kind)
            if data is not None:
                return data
    return _read_general(obj, dtype, function, summary)


def _read_general(obj, dtype, function, summary):
    """``read_list`` of any nest (``leaf_summary`` walks it unless ``summary`` is given)."""
    if summary is None:
        summary = leaf_summary(obj, function)
    join, lo, hi, has_arrays, inexact, one_kind = summary
    dt = dtype
    if dt is None:
        dt = join[0] if join is not None else default_dtype("float")
    if dt in _INTEGER:
        if inexact:
            _check_python_ints(obj, dt, function, 1)
        elif lo is not None:
            lo_b, hi_b = _INT_BOUNDS[dt]
            if lo < lo_b or hi > hi_b:
                explicit_int(lo if lo < lo_b else hi, dt, function)   # raises
    try:
        if dtype is None and not has_arrays and dt in _QUIET:
            # Python scalars into their own default dtype: nothing to overflow or warn.
            # Scalars of one kind: NumPy's own choice is that dtype (ints range-checked
            # above), and reading without dtype= is faster; anything else is cast.
            if one_kind:
                r = _array(obj)
                if r.dtype is dt:
                    return r
            return _array(obj, dtype=dt)
        with np.errstate(all="ignore"):
            return _array(_deep_unwrap(obj, 1) if has_arrays else obj, dtype=dt)
    except OverflowError as e:
        raise OverflowError(f"{function}: {e}; pass a dtype= that holds the values") from None
    except ValueError as e:
        raise ValueError(f"{function}: cannot build an array from the nested sequence "
                         f"({e}); every level must have the same length") from None
    except TypeError as e:   # a complex leaf into a real dtype
        raise TypeError(f"{function}: the nested sequence has a value "
                        f"{dtype_name(dt)} cannot hold ({e}); pass a complex dtype= "
                        f"or take .real explicitly") from None


def list_array(obj):
    """``asarray(obj)`` of a list or tuple given alone (the common call): a strong Array of
    its leaves' join (``read_list``), built here so the compiled build makes no Python
    call on the way."""
    shape = _simple_shape(obj)
    kind = _simple_kind(obj, shape) if shape is not None else -1
    data = nest_array(obj, shape, kind) if kind >= 0 else None
    if data is None:
        data = _read_general(obj, None, "asarray", None)
        return new_array(data, STRONG_NODE[data.dtype])   # lists are never weak (JAX)
    return new_array(data, _SIMPLE_NODES[kind])


# The simple nest, the common case on a short typed path: a rectangular nest of lists and
# tuples whose leaves are exact Python bools, ints within int64, floats or complexes.  When
# the current mode's join of its leaf kinds is the widest of them in bool, int64, float64,
# complex128 (``_simple_kind`` checks, once per mode and mix of kinds), that is NumPy's own
# choice and nothing can overflow or need a warning: ``nest_array`` makes the array (the
# compiled build with NumPy's C API, storing the leaves in C: ``npyc.pxd``; the pure build
# lets NumPy read the nest).  Every other nest takes ``_read_general``, and so does the
# first simple nest of each mix of kinds in each mode (it finds the join, which
# ``_SCALAR_JOINS`` then holds; a mix with no join raises there every time).

#: The simple kinds (``_simple_walk``'s bits 1, 2, 4, 8) -> their dtype and strong node.
_SIMPLE_DTYPES = tuple(np.dtype(t) for t in ("bool", "int64", "float64", "complex128"))
_SIMPLE_NODES = tuple(STRONG_NODE[dt] for dt in _SIMPLE_DTYPES)
#: mode -> ``_simple_walk`` bits -> index in ``_SIMPLE_DTYPES`` of the join; -1 when the join
#: is not the widest kind present (a mode whose join is another dtype), -2 not known yet.
_SIMPLE_KINDS: dict = {}
_SIMPLE_MAX_NDIM = 32
_I64_MIN, _I64_MAX = _INT_BOUNDS[np.dtype(np.int64)]   # not literals: C would read
                                                      # -9223372036854775808 as unsigned


def _simple_shape(obj):
    """The shape of nest ``obj`` if it is simple: the lengths down the first elements (None
    for an empty level or more than ``_SIMPLE_MAX_NDIM`` levels)."""
    n = len(obj)
    if n == 0:
        return None
    shape = (n,)
    x = obj[0]
    t = type(x)
    while t is list or t is tuple:
        n = len(x)
        if n == 0 or len(shape) == _SIMPLE_MAX_NDIM:
            return None
        shape += (n,)
        x = x[0]
        t = type(x)
    return shape


def _simple_kind(obj, shape):
    """Index in ``_SIMPLE_DTYPES`` of the join of the leaves of ``obj``, a nest of ``shape``
    (``_simple_shape``), or -1 when it is not simple or the join is not known yet."""
    seen = _simple_walk(obj, 0, shape)
    if seen <= 0:
        return -1
    mode = get_mode()
    kinds = _SIMPLE_KINDS.get(mode)
    if kinds is None:
        kinds = [-2] * 16
        if len(_SIMPLE_KINDS) > 64:   # modes given as many Lattice objects
            _SIMPLE_KINDS.clear()
        _SIMPLE_KINDS[mode] = kinds
    kind = kinds[seen]
    if kind == -2:
        join = _SCALAR_JOINS.get((mode, seen))
        if not join:   # the general path finds it (or raises) and keeps it there
            return -1
        kind = -1
        for k in range(4):
            if join[0] == _SIMPLE_DTYPES[k] and seen < (2 << k):
                kind = k
        kinds[seen] = kind
    return kind


def _simple_walk(obj, depth, shape):
    """The kinds of simple nest ``obj``'s leaves (bits: bool 1, int 2, float 4, complex 8),
    or -1 when it is not simple (ragged, another leaf type, an int beyond int64)."""
    seen = 0
    last = len(shape) - 1
    if depth < last:
        n = shape[depth + 1]
        for item in obj:
            t = type(item)
            if (t is not list and t is not tuple) or len(item) != n:
                return -1
            s = _simple_walk(item, depth + 1, shape)
            if s < 0:
                return -1
            seen |= s
        return seen
    try:
        for item in obj:
            t = type(item)
            if t is float:
                seen |= 4
            elif t is int:
                v = item   # compiled: a C long long (OverflowError beyond int64)
                if v < _I64_MIN or v > _I64_MAX:   # the pure build's check
                    return -1
                seen |= 2
            elif t is bool:
                seen |= 1
            elif t is complex:
                seen |= 8
            else:
                return -1
    except OverflowError:
        return -1
    return seen


def explicit_int(value, dt: np.dtype, function: str) -> int:
    """A Python int or float leaf converted to integer ``dt`` by an explicit ``dtype=``:
    floats truncate toward zero (as ``astype``); nothing wraps."""
    t = type(value)
    if t is complex:
        raise TypeError(f"{function}: cannot convert Python complex {value} to "
                        f"{dtype_name(dt)}; take .real first or pass a complex dtype=")
    if t is float:
        if not math.isfinite(value):
            raise ValueError(f"{function}: cannot convert Python float {value} to "
                             f"{dtype_name(dt)} (NaN and infinity have no integer value); "
                             f"pass a float dtype=")
        v = math.trunc(value)
    else:
        v = value
    lo, hi = _INT_BOUNDS[dt]
    if not lo <= v <= hi:
        raise OverflowError(f"{function}: Python {t.__name__} {value} is out of bounds for "
                            f"{dtype_name(dt)} (range {lo}..{hi}); {_wider_int_fix(dt, v)}")
    return v


def _check_python_ints(obj, dt: np.dtype, function: str, depth: int):
    """Check every Python int/float/complex leaf against integer ``dt`` (``_explicit_int``):
    no silent wrap, no NaN turned into garbage."""
    for item in obj:
        t = type(item)
        if t is int or t is float or t is complex:
            explicit_int(item, dt, function)
        elif t is list or t is tuple:
            if depth >= MAX_DEPTH:
                too_deep(function)
            _check_python_ints(item, dt, function, depth + 1)


def _deep_unwrap(obj, depth):
    if isinstance(obj, ArrayBase):
        arr = obj
        return arr._data
    if isinstance(obj, (list, tuple)) and any(
            isinstance(x, (ArrayBase, list, tuple)) for x in obj):
        if depth >= MAX_DEPTH:
            too_deep("asarray")
        return [_deep_unwrap(x, depth + 1) for x in obj]
    return obj


def _walk(obj, others, bounds, function, depth):
    """Which leaf kinds ``obj`` (a level ``depth`` deep) holds (``_SEEN_*`` bits,
    ``_HAS_ARRAYS``); the nodes of other leaves go to ``others``, the least and greatest
    Python int to ``bounds``.  Nests deeper than ``MAX_DEPTH`` raise (``too_deep``)."""
    seen = 0
    lo = bounds[0]
    hi = bounds[1]
    for item in obj:
        t = type(item)
        if t is float:
            seen |= 4
        elif t is int:
            seen |= 2
            if lo is None:
                lo = hi = item
            elif item < lo:
                lo = item
            elif item > hi:
                hi = item
        elif t is bool:
            seen |= 1
        elif t is complex:
            seen |= 8
        elif t is list or t is tuple or isinstance(item, (list, tuple)):   # subclasses too
            bounds[0] = lo
            bounds[1] = hi
            if depth >= MAX_DEPTH:
                too_deep(function)
            seen |= _walk(item, others, bounds, function, depth + 1)
            lo = bounds[0]
            hi = bounds[1]
        elif isinstance(item, ArrayBase):
            arr = item
            others.append(STRONG_NODE[arr._data.dtype])   # lists are never weak (JAX)
            seen |= 16
        elif isinstance(item, (_ndarray, _generic)):
            dt = _asarray(item).dtype
            node = STRONG_NODE.get(dt)
            if node is None:
                raise TypeError(f"{function}: unsupported element dtype {dt}")
            others.append(node)
        else:
            node = scalar_node(item)
            if node is None:
                raise TypeError(f"{function}: cannot convert an element of type "
                                f"{t.__name__} to an array element; pass numbers, "
                                f"nested lists of numbers, or arrays")
            others.append(node)
    bounds[0] = lo
    bounds[1] = hi
    return seen
