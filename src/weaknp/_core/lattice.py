"""Promotion lattices as data: the nodes, the edge lists per mode, and the join-table builder.

A lattice is given only by its edges (each node lists the nodes it may promote to).  The
builder derives everything else: the upper-bound set of every node (reflexive-transitive
closure), the check that the graph is acyclic and that every pair with a common upper
bound has exactly one least one, and the full join table, precomputed once per lattice.

Changing promotion means editing edges here, never a table.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable, Mapping, Sequence

import numpy as np

from . import dtypes
from .errors import LatticeError, TypePromotionError, promotion_message

__all__ = [
    "Node", "WEAK_NODES", "STRONG_NODE", "WEAK_NODE", "NODE_DTYPE", "node_label",
    "closure", "build_join", "Lattice", "JoinTable", "STANDARD_EDGES",
    "STRICT_EDGES", "X32_EDGES", "ARRAY_API_EDGES", "OPTION1_EDGES", "OPTION2_EDGES",
    "OPTION3_EDGES", "BUILTIN", "DOC_NODES", "REQUIRED_NODES", "parse_node", "short_label",
    "OUTSIDE", "LATTICE_NODES", "dtype_node",
]

# ---------------------------------------------------------------------------------------
# Nodes: one per dtype plus the three weak nodes.  An IntEnum so that nodes index lists
# directly on the hot path (IntEnum hashing and indexing are C-level).

Node = enum.IntEnum(
    "Node",
    [(dtypes.NAMES[dt], i) for i, dt in enumerate(dtypes.ALL_DTYPES)]
    + [("weak_int", len(dtypes.ALL_DTYPES)), ("weak_float", len(dtypes.ALL_DTYPES) + 1),
       ("weak_complex", len(dtypes.ALL_DTYPES) + 2), ("outside", len(dtypes.ALL_DTYPES) + 3)],
    module=__name__,
)
Node.__doc__ = ("A node of a promotion lattice: a dtype, one of the weak nodes i*, f*, c*, "
                "or ``outside``.")

#: The node of every array whose dtype is outside the lattice (strings, records, dates,
#: void: ``dtypes.is_outside``).  It is no node of any lattice: every join with it is None,
#: and operations with such an operand follow NumPy's own rules (``entries``; decision 72).
OUTSIDE = Node.outside
#: The nodes a lattice is built on: every node but ``OUTSIDE``.
LATTICE_NODES = tuple(n for n in Node if n is not OUTSIDE)

I_W, F_W, C_W = Node.weak_int, Node.weak_float, Node.weak_complex
WEAK_NODES = frozenset({I_W, F_W, C_W})
#: dtype -> its (strong) node
STRONG_NODE = {dt: Node[dtypes.NAMES[dt]] for dt in dtypes.ALL_DTYPES}
#: node -> dtype, for the strong nodes
NODE_DTYPE = {n: dt for dt, n in STRONG_NODE.items()}


def dtype_node(dt) -> Node:
    """The strong node of an array of dtype ``dt``: its lattice node, or ``OUTSIDE`` for a
    dtype outside the lattice (a result of NumPy's own rules: ``str == str`` is bool,
    ``datetime64 - datetime64`` timedelta64)."""
    n = STRONG_NODE.get(dt)
    return n if n is not None else OUTSIDE
_WEAK_OF_KIND = {"bool": Node.bool, "int": I_W, "float": F_W, "complex": C_W}
#: dtype -> the node a *weak* value of that dtype sits at (bool is never weak).
# JAX differs: when every operand is weak it joins their strong dtypes instead
# (W:int8 + W:int8 is int8* there); weaknp reads a weak value as its kind's weak node.
# Decision 5.
WEAK_NODE = {dt: _WEAK_OF_KIND[dtypes.kind_of(dt)] for dt in dtypes.ALL_DTYPES}
#: weak node -> the kind whose default dtype it stands for
WEAK_KIND = {I_W: "int", F_W: "float", C_W: "complex"}


def node_label(node) -> str:
    """``int8``, or ``i*``/``f*``/``c*`` for the weak nodes."""
    if node in WEAK_NODES:
        return {I_W: "i*", F_W: "f*", C_W: "c*"}[node]
    return node.name if isinstance(node, Node) else str(node)


# ---------------------------------------------------------------------------------------
# The generic builder: works on any hashable labels, so tests can feed it toy graphs.

def _find_cycle(nodes: Sequence[Hashable], succ: Mapping) -> list | None:
    WHITE, GREY, BLACK = 0, 1, 2
    colour = {n: WHITE for n in nodes}
    stack: list = []

    def visit(n):
        colour[n] = GREY
        stack.append(n)
        for m in succ.get(n, ()):
            if colour[m] == GREY:
                return stack[stack.index(m):] + [m]
            if colour[m] == WHITE:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        colour[n] = BLACK
        return None

    for n in nodes:
        if colour[n] == WHITE:
            found = visit(n)
            if found:
                return found
    return None


def closure(nodes: Sequence[Hashable], edges: Mapping[Hashable, Iterable[Hashable]],
            *, label=str) -> dict:
    """Upper-bound sets: node -> frozenset of every node reachable from it, itself included.

    Raises ``LatticeError`` for an edge that names an unknown node or for a cycle (the
    message spells the cycle out).
    """
    known = set(nodes)
    succ = {}
    for src, dsts in edges.items():
        if src not in known:
            raise LatticeError(f"lattice: edge source {label(src)} is not a node of the lattice")
        dsts = tuple(dsts)
        for d in dsts:
            if d not in known:
                raise LatticeError(
                    f"lattice: edge {label(src)} -> {label(d)} names unknown node {label(d)}")
        succ[src] = dsts
    cycle = _find_cycle(list(nodes), succ)
    if cycle:
        raise LatticeError("lattice: the edges contain a cycle: "
                           + " -> ".join(label(n) for n in cycle))
    ub: dict = {}

    def up(n):
        if n not in ub:
            s = {n}
            for m in succ.get(n, ()):
                s |= up(m)
            ub[n] = frozenset(s)
        return ub[n]

    for n in nodes:
        up(n)
    return ub


def build_join(nodes: Sequence[Hashable], edges: Mapping[Hashable, Iterable[Hashable]],
               *, label=str) -> tuple[dict, dict]:
    """Derive and check the join of every pair.

    Returns ``(upper_bounds, join)`` where ``join[(a, b)]`` is the least upper bound of
    ``a`` and ``b`` or ``None`` when they have no common upper bound (a partial lattice).
    Raises ``LatticeError`` when a pair has common upper bounds but no single least one,
    naming the pair and the candidates.
    """
    ub = closure(nodes, edges, label=label)
    join: dict = {}
    order = list(nodes)
    for i, a in enumerate(order):
        for b in order[i:]:
            common = ub[a] & ub[b]
            if not common:
                result = None
            else:
                # c in common has ub[c] <= common (transitivity), so c is least exactly
                # when ub[c] is all of common: compare sizes, not sets.
                size = len(common)
                least = [c for c in common if len(ub[c]) == size]
                if len(least) != 1:
                    minimal = sorted((c for c in common
                                      if not any(o != c and c in ub[o] for o in common)),
                                     key=label)
                    raise LatticeError(
                        f"lattice: {label(a)} and {label(b)} have no unique least upper bound; "
                        f"candidates: {', '.join(label(c) for c in minimal)}; add an edge "
                        f"between the candidates or a node below them both")
                result = least[0]
            join[(a, b)] = join[(b, a)] = result
    return ub, join


# ---------------------------------------------------------------------------------------
# The dtype lattices.

_SMALL_FLOATS = [STRONG_NODE[dt] for dt in dtypes.SMALL_FLOATS]
_NARROW_INTS = [STRONG_NODE[dt] for dt in (*dtypes.NARROW_SIGNED, *dtypes.NARROW_UNSIGNED)]

#: JAX's x64 lattice (reference §3.1; JAX's ``_type_promotion_lattice``), extended with
#: every ml_dtypes type where JAX puts it: the narrow floats hang off f*, the sub-byte
#: integers off i*, and none of them promotes further.
STANDARD_EDGES = {
    Node.bool: [I_W],
    I_W: [Node.uint8, Node.int8, *_NARROW_INTS],
    Node.uint8: [Node.int16, Node.uint16],
    Node.uint16: [Node.int32, Node.uint32],
    Node.uint32: [Node.int64, Node.uint64],
    Node.uint64: [F_W],
    Node.int8: [Node.int16],
    Node.int16: [Node.int32],
    Node.int32: [Node.int64],
    Node.int64: [F_W],
    F_W: [*_SMALL_FLOATS, Node.bfloat16, Node.float16, C_W],
    Node.bfloat16: [Node.float32],
    Node.float16: [Node.float32],
    Node.float32: [Node.float64, Node.complex64],
    Node.float64: [Node.complex128],
    C_W: [Node.complex64],
    Node.complex64: [Node.complex128],
}

#: JAX's strict lattice (reference §3.3): a weak value may become any dtype of its own
#: kind (and i* -> f* -> c*); two different dtypes never promote; bool joins only itself.
STRICT_EDGES = {
    I_W: [F_W, *(STRONG_NODE[dt] for dt in dtypes.ALL_DTYPES if dt in dtypes.INTEGER)],
    F_W: [C_W, *(STRONG_NODE[dt] for dt in dtypes.ALL_DTYPES if dt in dtypes.REAL_FLOAT)],
    C_W: [Node.complex64, Node.complex128],
}


#: x32 modes truncate explicit 64-bit dtype requests to these (reference §1.2).
_TRUNCATE_X32 = {dtypes.int64: dtypes.int32, dtypes.uint64: dtypes.uint32,
                 dtypes.float64: dtypes.float32,
                 dtypes.complex128: dtypes.complex64}

#: The 18 nodes of JAX's documented table, in its order, with their short names.
DOC_NODES = (
    *((dtypes.SHORT[dt], STRONG_NODE[dt]) for dt in map(dtypes.to_dtype, (
        "bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
        "bfloat16", "float16", "float32", "float64", "complex64", "complex128"))),
    ("i*", I_W), ("f*", F_W), ("c*", C_W),
)
#: Every lattice must place these dtypes somewhere (as an edge end or an isolated node).
REQUIRED_NODES = tuple(n for _, n in DOC_NODES if n not in WEAK_NODES)
_WEAK_SPELLINGS = {"i*": I_W, "f*": F_W, "c*": C_W, "weak_int": I_W, "weak_float": F_W,
                   "weak_complex": C_W, int: I_W, float: F_W, complex: C_W}


def short_label(node) -> str:
    """``i1``/``f*`` style short name for the 18 documented nodes, else the dtype name."""
    if node in WEAK_NODES:
        return node_label(node)
    return dtypes.SHORT.get(NODE_DTYPE[node], node.name)


def parse_node(spec, *, where: str = "Lattice") -> Node:
    """A node from a dtype-like (``"int8"``, ``np.int8``, ``wnp.int8``) or a weak node name.

    The weak nodes are ``"i*"``, ``"f*"``, ``"c*"`` (or Python's ``int``/``float``/``complex``).
    """
    if isinstance(spec, Node):
        return spec
    try:
        weak = _WEAK_SPELLINGS.get(spec)
    except TypeError:  # unhashable
        weak = None
    if weak is not None:
        return weak
    if spec is bool:
        return Node.bool
    if isinstance(spec, str):
        for short, n in DOC_NODES:
            if spec == short:
                return n
    try:
        return STRONG_NODE[dtypes.to_dtype(spec, function=where)]
    except TypeError:
        raise LatticeError(f"{where}: {spec!r} is not a node; use a dtype ('int8', np.int8, "
                           f"wnp.int8) or a weak node 'i*', 'f*', 'c*'") from None


class JoinTable(list):
    """``table[a][b]`` -> ``(dtype, weak)`` or ``None`` (node ints); call it for printable rows."""

    __slots__ = ("_lattice",)

    def __call__(self, nodes=None, *, short: bool = True) -> list[list[str]]:
        """The join table as rows of labels (first row: the header; ``-``: no join).

        ``nodes`` defaults to the 18 nodes of JAX's documented table.
        """
        lat = self._lattice
        if nodes is None:
            nodes = [n for _, n in DOC_NODES]
        else:
            nodes = [parse_node(n, where="Lattice.table") for n in nodes]
        lab = short_label if short else node_label
        rows = [[""] + [lab(n) for n in nodes]]
        for a in nodes:
            rows.append([lab(a)] + ["-" if lat.node_join[a][b] is None else
                                    lab(lat.node_join[a][b]) for b in nodes])
        return rows


class Lattice:
    """A promotion lattice: edges between dtypes and the weak nodes, with its join precomputed.

    Parameters
    ----------
    edges : mapping
        Each node -> the nodes it may promote to.  Nodes are dtype-likes (``"int8"``,
        ``np.int8``, ``wnp.int8``) or the weak nodes ``"i*"``, ``"f*"``, ``"c*"`` (what
        Python ``int``/``float``/``complex`` scalars and weak arrays sit at).
    name : str
        Used in error messages and by the CLI.
    defaults : {"x64", "x32"} or mapping
        The dtype a weak node stands for (and ``asarray(1.0)``, ``arange(3)``…): 64-bit
        (JAX with x64, NumPy) or 32-bit (JAX's default).  In an x32 lattice, explicit
        64-bit dtype requests warn and are truncated, as in JAX.
    nodes : iterable, optional
        Nodes that take part but have no edges (they join only themselves).
    doc : str
        Where the lattice comes from.

    Construction checks the graph: every dtype of JAX's documented table present
    (bool, the 8 integers, bfloat16, float16/32/64, complex64/128), no cycle, and a
    unique least upper bound for every pair that has an upper bound; otherwise
    ``LatticeError`` names the missing nodes, the cycle or the pair and both candidates.
    A pair with no upper bound at all has no join (a partial lattice): combining such
    operands raises ``TypePromotionError``.  ml_dtypes types the edges do not mention
    join only themselves.

    Examples
    --------
    >>> import weaknp as wnp
    >>> lat = wnp.Lattice({"bool": ["i*"], "i*": ["uint8", "int8", "f*"],
    ...     "uint8": ["uint16", "int16"], "uint16": ["uint32", "int32"],
    ...     "uint32": ["uint64", "int64"], "int8": ["int16"], "int16": ["int32"],
    ...     "int32": ["int64"], "f*": ["float16", "bfloat16", "c*"], "float16": ["float32"],
    ...     "float32": ["float64", "complex64"], "float64": ["complex128"],
    ...     "c*": ["complex64"], "complex64": ["complex128"]}, name="no-mixing")
    >>> lat.join("uint8", "int8")
    (dtype('int16'), False)
    >>> lat.upper_bounds("uint32")
    ('uint32', 'uint64', 'int64')
    >>> lat.join("int8", 2.0)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    weaknp.TypePromotionError: Lattice.join: no implicit dtype promotion between int8 and
    weak float in promotion mode 'no-mixing'; ...
    """

    _is_weaknp_lattice = True

    def __init__(self, edges: Mapping, *, name: str = "custom", defaults="x64",
                 nodes: Iterable = (), doc: str = ""):
        self.name = name
        where = f"Lattice {name!r}"
        parsed: dict = {}
        for k, vs in edges.items():
            src = parse_node(k, where=where)
            if isinstance(vs, (str, bytes)) or not isinstance(vs, Iterable):
                vs = [vs]
            parsed.setdefault(src, [])
            for v in vs:
                dst = parse_node(v, where=where)
                if dst not in parsed[src]:
                    parsed[src].append(dst)
        self.edges = {k: tuple(v) for k, v in parsed.items()}
        present = set(self.edges) | {d for vs in self.edges.values() for d in vs}
        present |= {parse_node(n, where=where) for n in nodes}
        missing = [n for n in REQUIRED_NODES if n not in present]
        if missing:
            raise LatticeError(
                f"{where}: every dtype node must be present; missing: "
                f"{', '.join(node_label(n) for n in missing)}; put each in an edge, or list "
                f"it in nodes= to keep it isolated (it then joins only itself)")
        self.nodes = tuple(n for n in Node if n in present)
        if isinstance(defaults, str):
            if defaults not in ("x64", "x32"):
                raise LatticeError(f"{where}: defaults must be 'x64', 'x32' or a mapping, "
                                   f"got {defaults!r}")
            defaults = dtypes.DEFAULTS_X64 if defaults == "x64" else dtypes.DEFAULTS_X32
        self.defaults = dict(defaults)
        self.x32 = self.defaults["int"] == dtypes.int32
        #: explicit dtype requests truncated in this lattice (JAX x32), else empty
        self.truncate = dict(_TRUNCATE_X32) if self.x32 else {}
        self.doc = self.__doc__ = doc or f"A custom promotion lattice ({name})."
        all_nodes = list(Node)
        try:
            self._ub, join = build_join(LATTICE_NODES, self.edges, label=node_label)
        except LatticeError as exc:
            raise LatticeError(str(exc).replace("lattice:", f"{where}:", 1)) from None
        # OUTSIDE's row and column are None: it joins nothing, itself included
        self.node_join = [[join.get((a, b)) for b in all_nodes] for a in all_nodes]
        resolved = [self._resolve(n) if n is not OUTSIDE else None for n in all_nodes]
        self.table = JoinTable([None if j is None else resolved[j] for j in row]
                               for row in self.node_join)
        self.table._lattice = self
        #: Content identity: lattices equal in it are one promotion mode (``_config``
        #: interns them), so a lattice rebuilt per call reuses the kernel's caches.
        self._cache_key = (name, tuple(sorted((k, tuple(sorted(v)))
                                              for k, v in self.edges.items())),
                           self.nodes, tuple(sorted((k, str(v))
                                                    for k, v in self.defaults.items())))

    # -- the engine's interface (hot path: .table, .node_join, ._resolve, .defaults) ----
    def _resolve(self, node: Node) -> tuple[np.dtype, bool]:
        if node in WEAK_NODES:
            return self.defaults[WEAK_KIND[node]], True
        return NODE_DTYPE[node], False

    # -- public API ---------------------------------------------------------------------
    def join(self, *specs) -> tuple[np.dtype, bool]:
        """``(dtype, weak)`` of the least upper bound of dtype-likes/weak nodes/Python scalars.

        A Python ``int``/``float``/``complex`` value or type, or ``"i*"`` etc., is a weak
        node.  Raises ``TypePromotionError`` naming this lattice and the pair with no join.
        """
        if not specs:
            raise TypeError("Lattice.join: give at least one node")
        nodes = [self._node_of(s) for s in specs]
        acc = nodes[0]
        for n in nodes[1:]:
            j = self.node_join[acc][n]
            if j is None:
                raise self._error("Lattice.join", nodes)
            acc = j
        return self._resolve(acc)

    def join_node(self, a, b) -> str | None:
        """The label (``"int16"``, ``"f*"``) of the join of two nodes, or ``None``."""
        j = self.node_join[self._node_of(a)][self._node_of(b)]
        return None if j is None else node_label(j)

    def upper_bounds(self, node) -> tuple[str, ...]:
        """Every node ``node`` may promote to (itself included), as labels in lattice order."""
        ub = self._ub[self._node_of(node)]
        return tuple(node_label(n) for n in Node if n in ub)

    def check(self) -> bool:
        """Re-verify the join on every node: idempotent, commutative, associative, an upper bound.

        Returns True or raises ``LatticeError`` with the first counter-example.
        """
        J, ub, nodes = self.node_join, self._ub, LATTICE_NODES
        for a in nodes:
            if J[a][a] != a:
                raise LatticeError(f"Lattice {self.name!r}: join not idempotent at "
                                   f"{node_label(a)}")
            for b in nodes:
                j = J[a][b]
                if j != J[b][a]:
                    raise LatticeError(f"Lattice {self.name!r}: join not commutative for "
                                       f"{node_label(a)}, {node_label(b)}")
                if j is not None and not (j in ub[a] and j in ub[b]):
                    raise LatticeError(f"Lattice {self.name!r}: join of {node_label(a)}, "
                                       f"{node_label(b)} is not an upper bound")
                for c in nodes:
                    left = None if j is None else J[j][c]
                    bc = J[b][c]
                    right = None if bc is None else J[a][bc]
                    if left != right:
                        raise LatticeError(
                            f"Lattice {self.name!r}: join not associative for "
                            f"{node_label(a)}, {node_label(b)}, {node_label(c)}")
        return True

    def edge_labels(self) -> list[tuple[str, str]]:
        """Every edge as ``(from, to)`` labels."""
        return [(node_label(a), node_label(b)) for a, bs in self.edges.items() for b in bs]

    def _node_of(self, spec) -> Node:
        t = type(spec)
        if t is bool:   # a Python bool value is the (never weak) bool node
            return Node.bool
        if t is int or t is float or t is complex:
            return {int: I_W, float: F_W, complex: C_W}[t]
        if isinstance(spec, np.generic):   # a NumPy scalar value: its dtype, strong
            spec = spec.dtype
        return parse_node(spec, where="Lattice.join")

    def _error(self, function, nodes):
        pair = nodes
        for i, a in enumerate(nodes):
            for b in nodes[i + 1:]:
                if self.node_join[a][b] is None:
                    pair = (a, b)
                    break
            else:
                continue
            break
        described = [("weak " + WEAK_KIND[n]) if n in WEAK_NODES else node_label(n)
                     for n in pair]
        return TypePromotionError(promotion_message(function, described, self.name))

    def __repr__(self):
        return f"<weaknp.Lattice {self.name!r} ({'x32' if self.x32 else 'x64'} defaults)>"


# ---------------------------------------------------------------------------------------
# Built-in lattices.  Each is a few lines of edges; the ml_dtypes extras (float8/6/4 and
# sub-byte integers) hang off the weak nodes as in JAX and promote nowhere.

def _nodes(*names):
    return [parse_node(n) for n in names]


def _with_ml_extras(edges: dict) -> dict:
    edges = {parse_node(k): _nodes(*v) for k, v in edges.items()}
    edges.setdefault(I_W, []).extend(n for n in _NARROW_INTS if n not in edges[I_W])
    edges.setdefault(F_W, []).extend(n for n in _SMALL_FLOATS if n not in edges[F_W])
    return edges


#: JAX's x32 lattice (reference §3.2; JAX's ``_type_promotion_lattice`` when
#: ``jax_enable_x64`` is off): as x64 but ``uint32 -> int32, uint64``, so no 32-bit pair
#: promotes to a 64-bit type (``uint32 + int32`` is int32).
X32_EDGES = {**STANDARD_EDGES, Node.uint32: [Node.int32, Node.uint64]}

#: The Array API standard 2025.12 ("Type Promotion Rules"; the RFC tables of
#: data-apis/array-api#14): same-kind integer tables, mixed unsigned/signed up to 32-bit
#: unsigned, float32 -> float64, real -> complex of the same precision; no bool/int/float
#: mixing.  Python scalars: int with integer and floating arrays, float with floating
#: arrays, complex with floating arrays (the "promoted array data type" rule).  float16
#: (in the RFC's table) -> float32; bfloat16 is reached only from a Python float.
ARRAY_API_EDGES = _with_ml_extras({
    "i*": ["uint8", "int8", "f*"],
    "uint8": ["uint16", "int16"], "uint16": ["uint32", "int32"], "uint32": ["uint64", "int64"],
    "int8": ["int16"], "int16": ["int32"], "int32": ["int64"],
    "f*": ["float16", "bfloat16", "c*"], "float16": ["float32"],
    "float32": ["float64", "complex64"], "float64": ["complex128"],
    "c*": ["complex64"], "complex64": ["complex128"],
})

# The design notebook (JAX JEP 9407, "Design of Type Promotion Semantics for JAX"),
# section "Mixed Promotion: Integer and Floating", written in its own edges.  The notebook
# has no bool node: weaknp adds bool -> i* (as JAX's final lattice does).
_NOTEBOOK_COMMON = {
    "bool": ["i*"], "c*": ["complex64"], "complex64": ["complex128"],
    "uint8": ["uint16", "int16"], "uint16": ["uint32", "int32"], "uint32": ["uint64", "int64"],
}
#: Option 1, "avoiding all precision loss": signed ints go to the float with twice their
#: bits, unsigned via their signed paths; int64/uint64 reach no float.  bfloat16 has "no
#: sensible place" (the notebook): only a Python float reaches it.
OPTION1_EDGES = _with_ml_extras({
    **_NOTEBOOK_COMMON,
    "i*": ["f*", "uint8", "int8"], "f*": ["c*", "float16", "bfloat16"],
    "int8": ["int16", "float16"], "int16": ["int32", "float32"], "int32": ["int64", "float64"],
    "float16": ["float32"], "float32": ["float64", "complex64"], "float64": ["complex128"],
})
#: Option 2, "avoid most wider-than-necessary promotions": signed ints go to the float of
#: the same width (precision may be lost, magnitude is not); uint64 reaches no float.
OPTION2_EDGES = _with_ml_extras({
    **_NOTEBOOK_COMMON,
    "i*": ["f*", "uint8", "int8"], "f*": ["c*", "float16", "bfloat16"],
    "int8": ["int16"], "int16": ["float16", "int32"], "int32": ["float32", "int64"],
    "int64": ["float64"],
    "float16": ["float32"], "float32": ["float64", "complex64"], "float64": ["complex128"],
})
#: Option 3, "avoid all wider-than-necessary promotions" (with the notebook's bfloat16
#: placement): int64 -> f*, so integers defer to any float's width; uint64 is left
#: unconnected (JAX closes the lattice with uint64 -> f*).
OPTION3_EDGES = _with_ml_extras({
    **_NOTEBOOK_COMMON,
    "i*": ["uint8", "int8"], "f*": ["c*", "float16", "bfloat16"],
    "int8": ["int16"], "int16": ["int32"], "int32": ["int64"], "int64": ["f*"],
    "float16": ["float32"], "bfloat16": ["float32"],
    "float32": ["float64", "complex64"], "float64": ["complex128"],
})

class _Builtins(dict):
    """name -> built-in ``Lattice``, each built on first use (keeps ``import weaknp`` fast).

    Lookups of a built lattice are plain dict lookups; iteration lists every name.
    """

    def __init__(self, factories: dict):
        super().__init__()
        self._factories = factories

    def __missing__(self, name):
        factory = self._factories.get(name)
        if factory is None:
            raise KeyError(name)
        lattice = self[name] = factory()
        return lattice

    def get(self, name, default=None):
        try:
            return self[name]
        except (KeyError, TypeError):
            return default

    def __contains__(self, name):
        return name in self._factories

    def __iter__(self):
        return iter(self._factories)

    def __len__(self):
        return len(self._factories)

    def keys(self):
        return self._factories.keys()

    def values(self):
        return [self[n] for n in self._factories]

    def items(self):
        return [(n, self[n]) for n in self._factories]


BUILTIN = _Builtins({
    "standard": lambda: Lattice(
        STANDARD_EDGES, name="standard",
        doc="JAX's type-promotion lattice with x64 enabled (jax.numpy's documented table; "
            "JAX 0.10.2 jax/_src/dtypes.py). weaknp's default; alias 'jax'."),
    "strict": lambda: Lattice(
        STRICT_EDGES, name="strict", nodes=REQUIRED_NODES,
        doc="JAX's jax_numpy_dtype_promotion='strict': only weak values promote. "
            "Alias 'jax-strict'."),
    "jax-x32": lambda: Lattice(
        X32_EDGES, name="jax-x32", defaults="x32",
        doc="JAX's default mode (jax_enable_x64 off): the x32 lattice (uint32 -> int32, "
            "uint64) with 32-bit defaults (int32, float32, complex64)."),
    "array-api": lambda: Lattice(
        ARRAY_API_EDGES, name="array-api", nodes=["bool"],
        doc="Only the promotions the Array API standard (2025.12) requires; mixed kinds "
            "raise; Python scalars as the standard says."),
    "option-1": lambda: Lattice(
        OPTION1_EDGES, name="option-1",
        doc="JAX design notebook, Option 1: avoid all precision loss (partial lattice)."),
    "option-2": lambda: Lattice(
        OPTION2_EDGES, name="option-2",
        doc="JAX design notebook, Option 2: avoid most wider-than-necessary promotions "
            "(partial lattice)."),
    "option-3": lambda: Lattice(
        OPTION3_EDGES, name="option-3",
        doc="JAX design notebook, Option 3: avoid all wider-than-necessary promotions "
            "(partial lattice; JAX adds uint64 -> f*)."),
})
