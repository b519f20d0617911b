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

from . import _dtypes as D
from ._errors import LatticeError

__all__ = [
    "Node", "WEAK_NODES", "STRONG_NODE", "WEAK_NODE", "NODE_DTYPE", "node_label",
    "closure", "build_join", "DtypeLattice", "STANDARD_EDGES", "STRICT_EDGES", "BUILTIN",
]

# ---------------------------------------------------------------------------------------
# Nodes: one per dtype plus the three weak nodes.  An IntEnum so that nodes index lists
# directly on the hot path (IntEnum hashing and indexing are C-level).

Node = enum.IntEnum(
    "Node",
    [(D.NAMES[dt], i) for i, dt in enumerate(D.ALL_DTYPES)]
    + [("weak_int", len(D.ALL_DTYPES)), ("weak_float", len(D.ALL_DTYPES) + 1),
       ("weak_complex", len(D.ALL_DTYPES) + 2)],
    module=__name__,
)
Node.__doc__ = "A node of a promotion lattice: a dtype, or one of the weak nodes i*, f*, c*."

I_W, F_W, C_W = Node.weak_int, Node.weak_float, Node.weak_complex
WEAK_NODES = frozenset({I_W, F_W, C_W})
#: dtype -> its (strong) node
STRONG_NODE = {dt: Node[D.NAMES[dt]] for dt in D.ALL_DTYPES}
#: node -> dtype, for the strong nodes
NODE_DTYPE = {n: dt for dt, n in STRONG_NODE.items()}
_WEAK_OF_KIND = {"bool": Node.bool, "int": I_W, "float": F_W, "complex": C_W}
#: dtype -> the node a *weak* value of that dtype sits at (bool is never weak).
# JAX differs: when every operand is weak it joins their strong dtypes instead
# (W:int8 + W:int8 is int8* there); weaknp reads a weak value as its kind's weak node.
WEAK_NODE = {dt: _WEAK_OF_KIND[D.kind_of(dt)] for dt in D.ALL_DTYPES}
#: weak node -> the kind whose default dtype it stands for
WEAK_KIND = {I_W: "int", F_W: "float", C_W: "complex"}


def node_label(node) -> str:
    """``int8``, or ``i*``/``f*``/``c*`` for the weak nodes."""
    if node in WEAK_NODES:
        return {I_W: "i*", F_W: "f*", C_W: "c*"}[node]
    return node.name if isinstance(node, Node) else str(node)


def _n(name: str) -> Node:
    return Node[name]


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
                least = [c for c in common if ub[c] >= common]
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

_SMALL_FLOATS = [STRONG_NODE[dt] for dt in D.SMALL_FLOATS]
_NARROW_INTS = [STRONG_NODE[dt] for dt in (*D.NARROW_SIGNED, *D.NARROW_UNSIGNED)]

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
    I_W: [F_W, *(STRONG_NODE[dt] for dt in D.ALL_DTYPES if dt in D.INTEGER)],
    F_W: [C_W, *(STRONG_NODE[dt] for dt in D.ALL_DTYPES if dt in D.REAL_FLOAT)],
    C_W: [Node.complex64, Node.complex128],
}


class DtypeLattice:
    """A promotion lattice over weaknp's nodes, with its join table precomputed.

    ``table[a][b]`` (``a``, ``b`` node ints) is ``(dtype, weak)`` or ``None`` when the pair
    has no join.  A weak result's dtype is the lattice's default dtype of that kind.
    """

    _is_weaknp_lattice = True

    def __init__(self, name: str, edges: Mapping, *, defaults: Mapping = D.DEFAULTS_X64,
                 doc: str = ""):
        self.name = name
        self.edges = {Node(k): tuple(Node(v) for v in vs) for k, vs in edges.items()}
        self.defaults = dict(defaults)
        self.__doc__ = doc
        nodes = list(Node)
        self.upper_bounds, join = build_join(nodes, self.edges, label=node_label)
        self.node_join = [[join[(a, b)] for b in nodes] for a in nodes]
        resolved = [self._resolve(n) for n in nodes]
        self.table = [[None if j is None else resolved[j] for j in row]
                      for row in self.node_join]

    def _resolve(self, node: Node) -> tuple[np.dtype, bool]:
        if node in WEAK_NODES:
            return self.defaults[WEAK_KIND[node]], True
        return NODE_DTYPE[node], False

    def join(self, a: Node, b: Node) -> Node | None:
        return self.node_join[a][b]

    def __repr__(self):
        return f"<weaknp lattice {self.name!r}>"


BUILTIN = {
    "standard": DtypeLattice(
        "standard", STANDARD_EDGES,
        doc="JAX's type-promotion lattice with x64 enabled (jax.numpy's default promotion)."),
    "strict": DtypeLattice(
        "strict", STRICT_EDGES,
        doc="JAX's jax_numpy_dtype_promotion='strict': only weak values promote."),
}
