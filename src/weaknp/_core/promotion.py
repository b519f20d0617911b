"""Reading operands as lattice nodes and joining them: value/array/dtype -> node -> (dtype, weak).

The join always returns ``(dtype, weak)``, never a bare dtype, so a join over any number
of operands is associative and order-independent, weak operands included.
"""

from __future__ import annotations

import datetime
import sys
import warnings

import numpy as np

from . import dtypes
from .config import get_mode
from .errors import TypePromotionError, describe, promotion_message
from .lattice import BUILTIN, OUTSIDE, STRONG_NODE, WEAK_NODE, WEAK_NODES, Node, node_label

__all__ = [
    "current_lattice", "node_of", "scalar_node", "PY_SCALAR_NODE", "read_operand",
    "join_nodes", "join_pair", "promotion_error", "python_type_dtype", "default_dtype",
    "island_phrase", "resolve_dtype", "sum_dtype", "outside_error", "outside_operand",
]

#: The node of each exact Python scalar type.  Python ``bool`` is strong (never weak).
PY_SCALAR_NODE = {int: Node.weak_int, float: Node.weak_float, complex: Node.weak_complex,
                  bool: Node.bool}


def current_lattice():
    """The lattice of the current promotion mode."""
    mode = get_mode()
    return BUILTIN[mode] if type(mode) is str else mode


def default_dtype(kind: str) -> np.dtype:
    """The current mode's default dtype for ``"int"``, ``"float"``, ``"complex"``, …"""
    return current_lattice().defaults[kind]


def node_of(dtype: np.dtype, weak: bool) -> Node:
    """The lattice node of an array of ``dtype`` with weak flag ``weak``."""
    return WEAK_NODE[dtype] if weak else STRONG_NODE[dtype]


def scalar_node(value) -> Node | None:
    """The node of a Python scalar (exact types first, then int/float/complex subclasses).

    NumPy scalars are not Python scalars here even when they subclass ``float``: they are
    strong values of their dtype (``read_operand`` handles them).
    """
    node = PY_SCALAR_NODE.get(type(value))
    if node is None and not isinstance(value, np.generic):
        for t in (bool, int, float, complex):
            if isinstance(value, t):
                return PY_SCALAR_NODE[t]
    return node


def read_operand(value):
    """Read a non-``Array`` operand as ``(payload, node)``; ``None`` for an unknown type.

    Python scalars stay Python scalars (the kernel narrows them to the result dtype);
    NumPy arrays and NumPy scalars become strong ndarrays of their own dtype; of a dtype
    outside the lattice (decision 72), ndarrays at ``OUTSIDE``; ``object`` values are
    unknown (None).  (A Python ``str`` is an operand of the operators only:
    ``outside_operand``.)
    """
    node = PY_SCALAR_NODE.get(type(value))
    if node is not None:
        return value, node
    if isinstance(value, (np.ndarray, np.generic)):
        arr = np.asarray(value)
        node = STRONG_NODE.get(arr.dtype)
        if node is None and dtypes.is_outside(arr.dtype):
            node = OUTSIDE
        return (arr, node) if node is not None else None
    node = scalar_node(value)
    if node is not None:
        return PY_SCALAR_TYPE[node](value), node
    return None


#: Python values NumPy reads as a dtype outside the lattice (``str`` -> U, ``bytes`` -> S,
#: ``datetime``/``date`` -> datetime64, ``timedelta`` -> timedelta64).
_OUTSIDE_SCALARS = (str, bytes, datetime.date, datetime.timedelta)

def outside_operand(value):
    """``(ndarray, OUTSIDE)`` for a Python value NumPy reads as a dtype outside the lattice
    (``arr == 'Hello'``, ``dates < datetime.date(2025, 1, 1)``), else None.  The operators
    read it (``Array``'s fallback operand reader); functions that take numbers do not."""
    if isinstance(value, _OUTSIDE_SCALARS):
        arr = np.asarray(np.timedelta64(value) if isinstance(value, datetime.timedelta) else
                         np.datetime64(value) if isinstance(value, datetime.date) else value)
        if dtypes.is_outside(arr.dtype):
            return arr, OUTSIDE
    return None


PY_SCALAR_TYPE = {Node.weak_int: int, Node.weak_float: float, Node.weak_complex: complex,
                  Node.bool: bool}


def python_type_dtype(t) -> np.dtype | None:
    """``dtype=int`` etc.: Python's scalar types name the current mode's default dtypes."""
    if t is bool:
        return dtypes.bool_
    kind = {int: "int", float: "float", complex: "complex"}.get(t)
    return None if kind is None else default_dtype(kind)


def resolve_dtype(dtype, function: str, outside: bool = False):
    """A user's ``dtype=`` argument as ``np.dtype`` (``None`` stays ``None``).

    Python's ``bool``/``int``/``float``/``complex`` mean the current mode's defaults.
    ``outside``: the function also takes the dtypes outside the lattice (strings, records,
    dates, void; ``dtypes.to_dtype``).
    """
    if dtype is None:
        return None
    if isinstance(dtype, np.dtype) and dtype in _SUPPORTED:
        dt = dtype
    elif dtype is bool or dtype is int or dtype is float or dtype is complex:
        return python_type_dtype(dtype)
    else:
        # a spelling read once (``wnp.float32``, ``np.int8``, ``"uint8"``), found by
        # identity (the entry holds the object, so its id stays its own)
        seen = _SPELLED.get(id(dtype))
        if seen is not None and seen[0] is dtype and seen[1] == outside:
            dt = seen[2]
        else:
            dt = dtypes.to_dtype(dtype, function=function, outside=outside)
            if len(_SPELLED) < 256 and isinstance(dtype, (type, str, np.dtype)):   # immutable
                _SPELLED[id(dtype)] = (dtype, outside, dt)
        if dtypes.is_outside(dt):
            return dt
    truncate = current_lattice().truncate
    if truncate and dt in truncate and function not in _QUERIES:
        # As JAX with x64 off: an explicit 64-bit request becomes 32-bit, with a warning.
        to = truncate[dt]
        warnings.warn(
            f"Explicitly requested dtype {dt.name} requested in {function} is not available, "
            f"and will be truncated to dtype {to.name}. To keep 64-bit dtypes, use a promotion "
            f"mode with 64-bit defaults, e.g. wnp.promotion_mode('jax').",
            UserWarning, stacklevel=_user_stacklevel())
        return to
    return dt


_SUPPORTED = frozenset(dtypes.ALL_DTYPES)
#: ``dtypes.to_dtype``'s answers for the spellings met (``resolve_dtype``), by the
#: spelling's id: ``(spelling, outside, dtype)``, the same in every mode (the mode's
#: truncation applies after it).
_SPELLED = {}
#: Functions that only ask about a dtype: never truncated in x32 modes.
_QUERIES = frozenset({"isdtype", "can_cast", "can_promote", "issubdtype", "finfo", "iinfo",
                      "explain"})


def _user_stacklevel() -> int:
    """The stacklevel of the first frame outside weaknp (for warnings)."""
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_globals.get("__name__", "").startswith("weaknp"):
        frame, level = frame.f_back, level + 1
    return level


def sum_dtype(dt: np.dtype) -> np.dtype:
    """Result dtype of sum/prod/trace/cumulative_* with ``dtype=None`` (the standard's rule):
    bool and signed integers give the default integer, unsigned the default unsigned."""
    if dt in dtypes.SIGNED or dt == dtypes.bool_:
        return default_dtype("int")
    if dt in dtypes.UNSIGNED:
        return default_dtype("uint")
    return dt


def island_phrase(nodes) -> str | None:
    """If any node is a dtype that never promotes implicitly, the phrase naming its family."""
    for n in nodes:
        if n in WEAK_NODES:
            continue
        dt = dtypes.ALL_DTYPES[n]
        if dt in dtypes.ISLANDS:
            if dt in dtypes.INTEGER:
                return "1-, 2- and 4-bit integers"
            bits = dt.name[5]  # float8_…, float6_…, float4_…
            return f"{bits}-bit floats"
    return None


def _lattice_name(lattice) -> str:
    return getattr(lattice, "name", repr(lattice))


def promotion_error(function: str, nodes, lattice=None) -> TypePromotionError:
    if OUTSIDE in nodes:
        return outside_error(function, nodes)
    lattice = lattice if lattice is not None else current_lattice()
    described = []
    for n in nodes:
        if n in WEAK_NODES:
            described.append("weak " + WEAK_KIND_NAME[n])
        else:
            described.append(describe(node_label(n), False))
    name = _lattice_name(lattice)
    island = island_phrase(nodes) if name == "standard" else None
    return TypePromotionError(promotion_message(function, described, name, island=island))


def outside_error(function: str, nodes) -> TypePromotionError:
    """The error of an array outside the lattice (a string, record, date or void array) met
    where the lattice rules: with a number, or in a function that only takes numbers."""
    others = [n for n in nodes if n is not OUTSIDE]
    if others:
        n = others[0]
        what = ("a weak " + WEAK_KIND_NAME[n] if n in WEAK_NODES else
                describe(node_label(n), False))
        return TypePromotionError(
            f"{function}: a string, record, datetime or void array cannot be combined here "
            f"with {what}: the lattice governs numbers only, and NumPy's own rules apply "
            f"among arrays outside it; convert one side explicitly (astype, or a record's "
            f"field rec['name']) first")
    return TypePromotionError(
        f"{function}: takes numeric arrays only, got a string, record, datetime or void "
        f"array; use a numeric field (rec['name']), astype() to a number, or the NumPy "
        f"function on numpy.asarray(x)")


WEAK_KIND_NAME = {Node.weak_int: "int", Node.weak_float: "float", Node.weak_complex: "complex"}


def join_pair(a: Node, b: Node, function: str):
    """``(dtype, weak)`` of two nodes in the current mode; raises ``TypePromotionError``."""
    lattice = current_lattice()
    res = lattice.table[a][b]
    if res is None:
        raise promotion_error(function, (a, b), lattice)
    return res


def join_nodes(nodes, function: str = "result_type"):
    """``(dtype, weak)`` of any number (>= 1) of nodes: the least upper bound of the set."""
    lattice = current_lattice()
    if type(nodes) is list and len(nodes) == 2:   # the common pair: one table lookup
        res = lattice.table[nodes[0]][nodes[1]]
        if res is None:
            raise promotion_error(function, tuple(nodes), lattice)
        return res
    it = iter(nodes)
    acc = next(it)
    seen = [acc]
    for n in it:
        seen.append(n)
        j = lattice.node_join[acc][n]
        if j is None:
            raise promotion_error(function, _culprits(lattice, seen), lattice)
        acc = j
    return lattice._resolve(acc)


def _culprits(lattice, seen):
    """The smallest pair among ``seen`` that has no join (for a precise message)."""
    for i, a in enumerate(seen):
        for b in seen[i + 1:]:
            if lattice.node_join[a][b] is None:
                return (a, b)
    return tuple(seen)
