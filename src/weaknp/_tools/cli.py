"""The command line: ``python -m weaknp`` (a tour and the promotion table) and its subcommands.

``python -m weaknp``                the tour, the standard-mode table, which core runs
``python -m weaknp table [--lattice NAME] [--format text|markdown|csv|html]``
``python -m weaknp lattice [--lattice NAME] [--all] [--svg FILE]``   the edges as text, or
    drawn as SVG (``--svg``); nodes in the tables' short names (``i1`` int8, ``i8`` int64)
``python -m weaknp explain DTYPE DTYPE [--lattice NAME]``   upper bounds, join, path in words
``python -m weaknp compare NAME NAME``                 differing cells (``numpy`` is measured)
``python -m weaknp audit [--mode NAME] [--format text|json] [--output FILE] SCRIPT [ARGS...]``
    run an unchanged NumPy script on weaknp and report where NumPy's dtypes differ

``--mode`` is an alias of ``--lattice``.  A name is a built-in lattice (``jax``,
``jax-strict``, ``jax-x32``, ``array-api``, ``option-1``..``option-3`` …).  Every error is
one line on stderr, ``weaknp <command>: <what went wrong>; <what to do>``, exit status 2
(argparse's own errors included); output paths are checked before any work.
"""

from __future__ import annotations

import argparse
import html
import itertools
import os
import sys
from collections import deque

import numpy as np

import weaknp as wnp

from .._core import dtypes
from .._core.config import ALIASES, MODES, validate_mode
from .._core.errors import LatticeError
from .._numpy.utils import build_info
from .._core.lattice import (BUILTIN, DOC_NODES, NODE_DTYPE, STRONG_NODE, WEAK_NODES, Node,
                       node_label, parse_node, short_label)

__all__ = ["main", "table_rows", "format_table", "SHORT_NODES", "numpy_table", "compare",
           "lattice_svg", "lattice_text", "explain", "core_status"]

#: The 18 nodes of JAX's documented table, in its order, with their short names.
SHORT_NODES = list(DOC_NODES)
_SHORTS = [s for s, _ in SHORT_NODES]


def _lattice(mode):
    name = validate_mode(mode, source="python -m weaknp")
    return BUILTIN[name] if isinstance(name, str) else name


def table_rows(mode="standard") -> list[list[str]]:
    """The promotion table as rows of short names (first row: the header; ``-``: raises)."""
    return _lattice(mode).table()


# ---------------------------------------------------------------------------------------
# NumPy's side, measured from NumPy itself.

def _numpy_operand(short: str):
    if short == "i*":
        return 1
    if short == "f*":
        return 1.0
    if short == "c*":
        return 1j
    return np.zeros(2, dtype=NODE_DTYPE[dict(SHORT_NODES)[short]])


def _numpy_label(out) -> str:
    if type(out) in (int, float, complex):
        return {int: "i*", float: "f*", complex: "c*"}[type(out)]
    dt = out.dtype
    return dtypes.SHORT.get(dt, dt.name) if dt in dtypes.SHORT else dt.name


def numpy_table() -> dict:
    """``{(a, b): label}`` of ``np.add`` on arrays of the 18 nodes (Python scalars for i*/f*/c*).

    NumPy 2 promotes Python scalars weakly (NEP 50) but has no weak arrays: a Python
    scalar result is reported as ``i*``/``f*``/``c*``.  ``-`` where NumPy raises.
    """
    out = {}
    for a, b in itertools.product(_SHORTS, repeat=2):
        x, y = _numpy_operand(a), _numpy_operand(b)
        try:
            r = x + y if not (isinstance(x, np.ndarray) or isinstance(y, np.ndarray)) else \
                np.add(x, y)
            out[(a, b)] = _numpy_label(r)
        except (TypeError, ValueError):
            out[(a, b)] = "-"
    return out


def _cells(name: str) -> dict:
    if name == "numpy":
        return numpy_table()
    rows = table_rows(name)
    return {(r[0], c): v for r in rows[1:] for c, v in zip(rows[0][1:], r[1:])}


def non_associative(cells: dict) -> list[tuple]:
    """Triples ``(a, b, c, (a∨b)∨c, a∨(b∨c))`` where the two folds differ."""
    def j(x, y):
        if x == "-" or y == "-":
            return "-"
        return cells.get((x, y), "?")
    bad = []
    for a, b, c in itertools.product(_SHORTS, repeat=3):
        left, right = j(j(a, b), c), j(a, j(b, c))
        if left != right:
            bad.append((a, b, c, left, right))
    return bad


def compare(first: str, second: str, *, examples: int = 5) -> str:
    """The cells where two tables differ (each unordered pair once), plus associativity."""
    ca, cb = _cells(first), _cells(second)
    lines = [f"{first} vs {second}: cells of the 18 documented nodes (* weak, - raises)"]
    diff = [(a, b) for i, a in enumerate(_SHORTS) for b in _SHORTS[i:]
            if ca[(a, b)] != cb[(a, b)] or ca[(b, a)] != cb[(b, a)]]
    lines.append(f"{len(diff)} of 171 unordered pairs differ"
                 + (" (the same table)" if not diff else ""))
    wa = max(len(first), 5)
    if diff:
        lines.append(f"  {'pair':<9} {first:>{wa}} {second:>6}")
    for a, b in diff:
        r1 = ca[(a, b)] if ca[(a, b)] == ca[(b, a)] else f"{ca[(a, b)]}/{ca[(b, a)]}"
        r2 = cb[(a, b)] if cb[(a, b)] == cb[(b, a)] else f"{cb[(a, b)]}/{cb[(b, a)]}"
        lines.append(f"  {a + ' ' + b:<9} {r1:>{wa}} {r2:>6}")
    for name, cells in ((first, ca), (second, cb)) if diff else ((first, ca),):
        bad = non_associative(cells)
        if name != "numpy" and not bad:
            lines.append(f"{name}: associative (a lattice): 0 of {18 ** 3} triples differ")
            continue
        arrays_only = [t for t in bad if not {"i*", "f*", "c*"} & set(t[:3])]
        lines.append(f"{name}: {len(bad)} of {18 ** 3} triples are non-associative "
                     f"((a+b)+c differs from a+(b+c)), {len(arrays_only)} of them among "
                     f"arrays only; e.g.:")
        picked, seen = [], set()
        # varied examples: NumPy's own dtypes first, then bfloat16, then Python scalars
        for t in sorted(bad, key=lambda t: ({"i*", "f*", "c*"} & set(t[:3]) != set(),
                                            "bf" in t[:3])):
            if (t[0], t[1]) not in seen and len(picked) < examples:
                seen.add((t[0], t[1]))
                picked.append(t)
        for a, b, c, left, right in picked:
            lines.append(f"  ({a} + {b}) + {c} = {left}   but   {a} + ({b} + {c}) = {right}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# Formats.

def format_table(rows: list[list[str]], fmt: str = "text", *, differ: set | None = None) -> str:
    """Rows as text, GitHub markdown, CSV or HTML (cells in ``differ`` highlighted)."""
    if fmt == "markdown":
        out = ["| " + " | ".join(r) + " |" for r in rows[:1]]
        out.append("|" + "---|" * len(rows[0]))
        out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        return "\n".join(out)
    if fmt == "csv":
        return "\n".join(",".join(r) for r in rows)
    if fmt == "html":
        differ = differ or set()
        out = ["<table class=\"weaknp-promotion\">",
               "<style>.weaknp-promotion td.d { background-color: #ccf2cc; }</style>",
               "<tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in rows[0]) + "</tr>"]
        for r in rows[1:]:
            cells = [f"<th>{html.escape(r[0])}</th>"]
            for col, c in zip(rows[0][1:], r[1:]):
                cls = " class=\"d\"" if (r[0], col) in differ else ""
                cells.append(f"<td{cls}>{html.escape(c)}</td>")
            out.append("<tr>" + "".join(cells) + "</tr>")
        out.append("</table>")
        out.append("<p>Highlighted cells differ from NumPy's promotion (measured with "
                   "<code>np.add</code>; Python scalars for i*, f*, c*).</p>")
        return "\n".join(out)
    width = max(len(c) for r in rows for c in r) + 1
    return "\n".join("".join(c.rjust(width) for c in r) for r in rows)


# ---------------------------------------------------------------------------------------
# The SVG drawing (standard library only).

_BITS_COL = {8: 1, 16: 2, 32: 3, 64: 4}


def _layout(lattice, include_all: bool) -> dict:
    """node -> (x, y) in grid units: one row per kind (bool, weak int, unsigned, signed,
    float, complex), widths left to right, the float rows continuing where the integer
    rows end (as in the JAX design notebook's final picture)."""
    pos = {Node.bool: (0, 0), Node.weak_int: (0, 1), Node.weak_float: (5, 4),
           Node.weak_complex: (5.5, 5)}
    for dt in (dtypes.uint8, dtypes.uint16, dtypes.uint32, dtypes.uint64):
        pos[STRONG_NODE[dt]] = (_BITS_COL[dt.itemsize * 8], 2)
    for dt in (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64):
        pos[STRONG_NODE[dt]] = (_BITS_COL[dt.itemsize * 8], 3)
    pos[STRONG_NODE[dtypes.float16]] = (6, 3.55)
    pos[STRONG_NODE[dtypes.bfloat16]] = (6, 4.45)
    pos[STRONG_NODE[dtypes.float32]] = (7, 4)
    pos[STRONG_NODE[dtypes.float64]] = (8, 4)
    pos[STRONG_NODE[dtypes.complex64]] = (7.5, 5)
    pos[STRONG_NODE[dtypes.complex128]] = (8.5, 5)
    if include_all:
        for i, dt in enumerate((*dtypes.NARROW_UNSIGNED, *dtypes.NARROW_SIGNED)):
            pos[STRONG_NODE[dt]] = (i, 6.2)
        for i, dt in enumerate(dtypes.SMALL_FLOATS):
            pos[STRONG_NODE[dt]] = (i % 6 + 3, 7.2 + i // 6)
    return {n: p for n, p in pos.items() if n in lattice.nodes or n in WEAK_NODES}


def lattice_svg(mode="standard", *, include_all: bool = False) -> str:
    """The lattice as an SVG document: nodes in rows by kind, weak nodes dashed, edges arrows."""
    lattice = _lattice(mode)
    pos = _layout(lattice, include_all)
    dx, dy, r = 120, 80, 26
    px = {n: (50 + c * dx, 70 + row * dy) for n, (c, row) in pos.items()}
    width = 50 + max(c for c, _ in pos.values()) * dx + 60
    height = 70 + max(row for _, row in pos.values()) * dy + 60
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="13">',
        f"<title>weaknp promotion lattice {html.escape(lattice.name)}</title>",
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" '
        'fill="#555"/></marker></defs>',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="10" y="22" font-size="15">Promotion lattice "{html.escape(lattice.name)}" '
        f'(arrow: may promote to; dashed: weak node)</text>',
    ]
    for a, bs in lattice.edges.items():
        for b in bs:
            if a not in px or b not in px:
                continue
            others = [p for n, p in px.items() if n != a and n != b]
            d = _edge_path(px[a], px[b], others, r)
            out.append(f'<path class="edge" data-from="{node_label(a)}" '
                       f'data-to="{node_label(b)}" d="{d}" fill="none" stroke="#555" '
                       f'stroke-width="1.4" marker-end="url(#arrow)"/>')
    for label, row in (("unsigned", 2), ("signed", 3)):
        out.append(f'<text x="{50}" y="{70 + row * dy + 4}" text-anchor="middle" '
                   f'fill="#777" font-style="italic">{label}</text>')
    for n, (x, y) in px.items():
        weak = n in WEAK_NODES
        style = ('fill="#fff7d6" stroke="#b8860b" stroke-dasharray="4 3"' if weak
                 else 'fill="#eef2f7" stroke="#345"')
        out.append(f'<g class="node" data-node="{node_label(n)}" data-weak="{str(weak).lower()}">'
                   f'<circle cx="{x}" cy="{y}" r="{r}" {style} stroke-width="1.5"/>'
                   f'<text x="{x}" y="{y + 4}" text-anchor="middle">'
                   f'{html.escape(_svg_label(n))}</text></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _edge_path(p1, p2, others, r) -> str:
    """SVG path data for an edge: straight, or a quadratic curve bent just enough to miss
    every other node (the fixed layout is drawn for JAX's lattice; others may cross)."""
    (x1, y1), (x2, y2) = p1, p2
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 or 1.0
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length  # unit normal
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    best = None
    for bend in (0, 40, -40, 80, -80, 120, -120, 170, -170, 230, -230):
        cx, cy = mx + nx * bend, my + ny * bend
        pts = [((1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t * t * x2,
                (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t * t * y2)
               for t in (i / 24 for i in range(1, 24))]
        clearance = min((((px - ox) ** 2 + (py - oy) ** 2) ** 0.5
                         for px, py in pts for ox, oy in others), default=1e9)
        if best is None or clearance > best[0] + 1e-9:
            best = (clearance, cx, cy, bend)
        if clearance >= r + 6:
            best = (clearance, cx, cy, bend)
            break
    _, cx, cy, bend = best

    def trim(x, y, tx, ty):  # move an end point r along the tangent towards (tx, ty)
        dl = ((tx - x) ** 2 + (ty - y) ** 2) ** 0.5 or 1.0
        return x + (tx - x) / dl * r, y + (ty - y) / dl * r

    sx, sy = trim(x1, y1, cx, cy)
    ex, ey = trim(x2, y2, cx, cy)
    if bend == 0:
        return f"M {sx:.1f} {sy:.1f} L {ex:.1f} {ey:.1f}"
    return f"M {sx:.1f} {sy:.1f} Q {cx:.1f} {cy:.1f} {ex:.1f} {ey:.1f}"


def _svg_label(n) -> str:
    # The short names of the tables (i1 is int8, i8 int64: kind + bytes, JAX's docs
    # layout); the nodes without one (float8, int4, ...) by their dtype names.
    return short_label(n)


def lattice_text(mode="standard", *, include_all: bool = False) -> str:
    """The lattice as text: each node and the nodes it may promote to, in the tables'
    short names (what ``lattice`` prints without ``--svg``)."""
    lattice = _lattice(mode)
    doc = [n for _, n in SHORT_NODES]
    nodes = doc + ([n for n in Node if n in lattice.nodes and n not in doc]
                   if include_all else [])
    shown = set(nodes)
    width = max(len(short_label(n)) for n in nodes)
    lines = [f"lattice {lattice.name!r}: each node -> the nodes it may promote to "
             f"(* weak; names as in the tables: i1 is int8, i8 int64, bf bfloat16)"]
    for n in nodes:
        if n not in lattice.nodes and n not in WEAK_NODES:
            continue
        up = [short_label(m) for m in lattice.edges.get(n, ()) if m in shown]
        lines.append(f"  {short_label(n):<{width}} -> {', '.join(up) or '(none)'}")
    if not include_all:
        lines.append("  (--all adds the float8/float6/float4 and sub-byte int types)")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# explain.

def _path(lattice, start, goal) -> list:
    prev, queue = {start: None}, deque([start])
    while queue:
        n = queue.popleft()
        if n == goal:
            break
        for m in lattice.edges.get(n, ()):
            if m not in prev:
                prev[m] = n
                queue.append(m)
    path, n = [], goal
    while n is not None:
        path.append(n)
        n = prev.get(n)
    return path[::-1]


#: Module prefixes a dtype may be written with on the command line (``np.int8``).
_PREFIXES = ("numpy.", "np.", "weaknp.", "wnp.", "ml_dtypes.")


def _node(spec, where: str) -> Node:
    """A node from a dtype (``int8``, ``np.int8``, ``wnp.int8`` or the object), a short
    name of the tables (``i1``, ``bf``) or a weak node (``i*``, ``f*``, ``c*``)."""
    if isinstance(spec, str):
        for prefix in _PREFIXES:
            if spec.startswith(prefix):
                spec = spec[len(prefix):]
                break
    try:
        return parse_node(spec, where=where)
    except (LatticeError, TypeError):
        raise LatticeError(
            f"{where}: {spec!r} is not a dtype or a lattice node; use a dtype name ('int8', "
            f"'np.int8', 'bfloat16'), a short name of the tables ('i1', 'bf') or a weak "
            f"node ('i*', 'f*', 'c*')") from None


def explain(a, b, mode="standard") -> str:
    """Upper-bound sets, their intersection, the join and the path to it, in words.

    ``a`` and ``b``: dtypes (``"int8"``, ``"np.int8"``, ``np.int8``), short names of the
    tables (``"i1"``: int8, ``"i8"``: int64) or weak nodes (``"i*"``, ``"f*"``, ``"c*"``).
    """
    lattice = _lattice(mode)
    na, nb = (_node(x, "explain") for x in (a, b))
    lines = [f"lattice {lattice.name!r}"]
    shown = {na, nb}

    def listing(nodes) -> str:
        # The ml_dtypes islands (float8/6/4, int1-4) are summarised, not listed one by one.
        named = [node_label(m) for m in Node if m in nodes and (m in WEAK_NODES or m in shown
                 or NODE_DTYPE[m] not in dtypes.ISLANDS)]
        hidden = sum(1 for m in nodes if m not in WEAK_NODES and m not in shown
                     and NODE_DTYPE[m] in dtypes.ISLANDS)
        text = ", ".join(named) or "none"
        return text + (f" (and {hidden} float8/float6/float4 or sub-byte int types)"
                       if hidden else "")

    for n in (na, nb):
        lines.append(f"upper bounds of {node_label(n)}: {listing(lattice._ub[n])}")
    common = lattice._ub[na] & lattice._ub[nb]
    lines.append("common upper bounds: " + listing(common))
    j = lattice.node_join[na][nb]
    if j is None:
        lines.append(f"{node_label(na)} and {node_label(nb)} have no join in lattice "
                     f"{lattice.name!r}: combining them raises TypePromotionError")
        return "\n".join(lines)
    dt, weak = lattice._resolve(j)
    lines.append(f"join: {node_label(j)} (the least common upper bound: every other "
                 f"common bound lies above it) -> dtype {dtypes.dtype_name(dt)}"
                 + (", weak" if weak else ""))
    for n in (na, nb) if na != nb else (na,):
        p = _path(lattice, n, j)
        if len(p) == 1:
            lines.append(f"path: {node_label(n)} is the join itself")
        else:
            lines.append(f"path: {node_label(n)} promotes to {node_label(j)} via "
                         + " -> ".join(node_label(m) for m in p))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# The tour.

def _show(expr: str, env: dict) -> str:
    try:
        return f">>> {expr}\n{eval(expr, env)!r}"  # noqa: S307 - fixed tour expressions
    except Exception as e:  # noqa: BLE001 - the tour shows the error on purpose
        return f">>> {expr}\n{type(e).__name__}: {e}"


TOUR = [
    ("Python scalars are weak: they take the array's dtype", [
        "x = wnp.asarray([1, 2], dtype=wnp.int8)",
        "x + 2",
        "wnp.asarray([1.0, 2.0], dtype=wnp.float16) * 0.5",
        "x + 1.5",
    ]),
    ("Array and array meet at their join on the lattice (no trip to 64 bits)", [
        "wnp.asarray([1, 2], dtype=wnp.int32) + wnp.asarray([1.0, 2.0], dtype=wnp.float32)",
        "wnp.asarray([1, 2], dtype=wnp.uint8) + wnp.asarray([1, 2], dtype=wnp.int8)",
    ]),
    ("bfloat16 from ml_dtypes takes part", [
        "b = wnp.asarray([1.5, 2.25], dtype=wnp.bfloat16)",
        "b * 2.0",
        "b + wnp.asarray([1.0, 1.0], dtype=wnp.float16)",
    ]),
    ("Nothing is silently wrong", [
        "x + 1000",
        "x < 1000",
        "wnp.asarray([1.0], dtype=wnp.float8_e4m3fn) + b",
    ]),
]


def tour() -> str:
    env = {"wnp": wnp, "np": np}
    parts = []
    for title, lines in TOUR:
        parts.append(f"## {title}")
        for line in lines:
            if line.startswith(("x =", "b =")):
                exec(line, env)  # noqa: S102 - fixed tour statements
                parts.append(f">>> {line}")
            else:
                parts.append(_show(line, env))
        parts.append("")
    return "\n".join(parts)


def _names() -> str:
    return ", ".join((*MODES, *ALIASES, "numpy (compare only)"))


def core_status() -> str:
    """One paragraph: which dispatch core runs and, for the pure-Python one, how to get
    the compiled one (pip hides the build's warning, so the tour says it)."""
    info = build_info()
    if info["core"] == "compiled":
        return (f"weaknp {info['version']} runs its compiled dispatch core (Cython "
                f"{info['Cython']}); wnp.show_config() prints the build.")
    return (f"weaknp {info['version']} runs its pure-Python dispatch core (same results, "
            f"slower small operations): {info['why']}. For the compiled core: "
            f"{info['compiled core']}. wnp.show_config() prints the build.")


class _Parser(argparse.ArgumentParser):
    """argparse with the CLI's error form: one line, ``weaknp <subcommand>: <what>; <fix>``,
    exit status 2 (argparse's own prints the usage and then the error)."""

    def error(self, message):
        command = self.prog.split()[-1]
        where = "weaknp" if command == "weaknp" else f"weaknp {command}"
        raise _Failure(f"{where}: {message}; see '{self.prog} --help'")


class _Failure(Exception):
    """An error of the command line, already worded as its one line."""


def _check_output(path: str, command: str, option: str) -> None:
    """Refuse an output path that cannot be written, before any work is done."""
    if path == "-":
        return
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise _Failure(f"weaknp {command}: {option} {path!r} is a directory; give a file "
                       f"name")
    if not os.path.isdir(folder):
        raise _Failure(f"weaknp {command}: {option} {path!r}: directory {folder!r} does not "
                       f"exist; create it or choose another path")
    if not os.access(folder, os.W_OK):
        raise _Failure(f"weaknp {command}: {option} {path!r}: directory {folder!r} is not "
                       f"writable; choose another path")


def _mode(name: str, command: str):
    try:
        return validate_mode(name, source=f"weaknp {command}")
    except (ValueError, TypeError) as exc:
        raise _Failure(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m weaknp",
                     description="weaknp: JAX's promotion lattice on NumPy. Without a "
                                 "subcommand: a short tour, the promotion table and which "
                                 "dispatch core runs (compiled or pure-Python).",
                     epilog=f"lattice names: {_names()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    lattice_help = ("the promotion lattice: a built-in name (default: standard, JAX's x64 "
                    "lattice); --mode is the same option")

    def add(name, summary, description):
        return sub.add_parser(name, help=summary, description=description)

    def lattice_option(parser):
        parser.add_argument("--lattice", "--mode", dest="mode", default="standard",
                            metavar="NAME", help=lattice_help)

    t = add("table", "print the promotion table of the 18 documented nodes",
            "Print the result dtype of every pair of the 18 nodes of JAX's documented "
            "table (b1 bool, u1..u8 uint8..uint64, i1..i8 int8..int64 (kind + bytes), bf "
            "bfloat16, f2..f8, c8 complex64, c16 complex128; i*, f*, c* the weak Python "
            "int, float, complex; '*' marks a weak result, '-' a pair that raises).")
    lattice_option(t)
    t.add_argument("--format", choices=("text", "markdown", "csv", "html"), default="text",
                   help="output format (default: text; html highlights the cells where "
                        "NumPy differs)")
    g = add("lattice", "show a lattice: its edges as text, or drawn as SVG (--svg)",
            "Show which node may promote to which. Without --svg: one line per node, in "
            "the tables' short names. With --svg FILE: an SVG drawing (nodes in rows by "
            "kind, weak nodes dashed).")
    lattice_option(g)
    g.add_argument("--svg", metavar="FILE",
                   help="write the drawing to FILE ('-': stdout) instead of printing text")
    g.add_argument("--all", action="store_true",
                   help="include the ml_dtypes types outside the table (float8, float6, "
                        "float4, int4, int2, uint4, uint2)")
    e = add("explain", "explain the join of two dtypes, step by step",
            "Print the upper bounds of both nodes, their common upper bounds, the join (the "
            "result dtype and weak flag) and the path from each node to it.")
    for name in ("a", "b"):
        e.add_argument(name, metavar=name.upper(),
                       help="a dtype (int8, np.int8, bfloat16), a short name of the tables "
                            "(i1, bf) or a weak node (i*, f*, c*; quote them in a shell)")
    lattice_option(e)
    c = add("compare", "the cells where two lattices (or numpy) differ",
            "Print the pairs of the 18 documented nodes whose result differs between two "
            "tables, then whether each table is associative (a lattice's always is). "
            "'numpy' is NumPy's own promotion, measured with np.add.")
    c.add_argument("first", metavar="NAME", help="a lattice name, or numpy")
    c.add_argument("second", metavar="OTHER", help="a lattice name, or numpy")
    a = add("audit", "run a NumPy script with weaknp and report where the dtypes differ",
            "Run SCRIPT as 'python SCRIPT ARGS' would, except that the script's own "
            "'import numpy' gives weaknp (libraries keep NumPy). Its output and exit "
            "status pass through; then the report goes to stderr: every line where "
            "an operation's dtype under weaknp differs from NumPy's on the same "
            "operands (with --mode strict: every call strict promotion refuses).")
    lattice_option(a)
    a.add_argument("--format", choices=("text", "json"), default="text",
                   help="report format (default: text)")
    a.add_argument("--output", metavar="FILE",
                   help="write the report to FILE ('-': stdout) instead of stderr")
    a.add_argument("script", metavar="SCRIPT", help="the Python script to run")
    a.add_argument("args", nargs=argparse.REMAINDER, metavar="ARGS",
                   help="arguments passed to the script")
    return parser


def main(argv: list[str] | None = None) -> int:
    """``python -m weaknp [COMMAND ...]``; returns the exit status.  Every error is one
    line on stderr, ``weaknp <command>: <what went wrong>; <what to do>``, status 2."""
    try:
        return _main(argv)
    except _Failure as failure:
        print(failure, file=sys.stderr)
        return 2


def _main(argv) -> int:
    args = _parser().parse_args(argv)
    command = args.command
    if command == "audit":
        from .audit_runner import run_script  # noqa: PLC0415 - loaded only for this command
        _mode(args.mode, command)
        if args.output is not None:
            # checked first: the script may run for long before the report is written
            _check_output(args.output, command, "--output")
        return run_script(args.script, args.args, mode=args.mode, fmt=args.format,
                          output=args.output)
    if command in ("table", "lattice", "explain"):
        _mode(args.mode, command)
    try:
        if command == "table":
            rows = table_rows(args.mode)
            differ = None
            if args.format == "html":
                npt = numpy_table()
                differ = {(r[0], col) for r in rows[1:] for col, v in zip(rows[0][1:], r[1:])
                          if npt[(r[0], col)] != v}
            print(format_table(rows, args.format, differ=differ))
        elif command == "lattice":
            if args.svg is None:
                print(lattice_text(args.mode, include_all=args.all))
                print(f"(draw it: python -m weaknp lattice --lattice {args.mode}"
                      f"{' --all' if args.all else ''} --svg FILE)")
                return 0
            _check_output(args.svg, command, "--svg")
            svg = lattice_svg(args.mode, include_all=args.all)
            if args.svg == "-":
                sys.stdout.write(svg)
            else:
                try:
                    with open(args.svg, "w", encoding="utf-8") as f:
                        f.write(svg)
                except OSError as exc:
                    raise _Failure(f"weaknp lattice: can't write {args.svg!r} "
                                   f"({exc.strerror}); choose another path") from None
                print(f"wrote {args.svg}")
        elif command == "explain":
            print(explain(args.a, args.b, args.mode))
        elif command == "compare":
            for name in (args.first, args.second):
                if name != "numpy" and ALIASES.get(name, name) not in MODES:
                    known = ", ".join(repr(m) for m in (*MODES, *ALIASES, "numpy"))
                    raise _Failure(f"weaknp compare: unknown lattice {name!r}; use one of "
                                   f"{known}")
            print(compare(args.first, args.second))
        else:
            print(tour())
            print("## The promotion table (standard mode; * marks a weak result)")
            print(format_table(table_rows("standard")))
            print()
            print(core_status())
    except (ValueError, TypeError) as exc:
        text = str(exc)
        if text.startswith(f"{command}: "):
            text = text[len(command) + 2:]
        raise _Failure(f"weaknp {command or ''}".rstrip() + f": {text}") from None
    return 0
