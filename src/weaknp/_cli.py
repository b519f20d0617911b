"""The command line: ``python -m weaknp`` (a tour and the promotion table) and its subcommands.

``python -m weaknp``                       the tour, then the standard-mode table
``python -m weaknp table [--mode NAME] [--format text|markdown|csv]``
``python -m weaknp explain DTYPE DTYPE``   upper bounds, the join, in words
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

import weaknp as wnp

from . import _dtypes as D
from ._config import validate_mode
from ._lattice import BUILTIN, STRONG_NODE, Node, node_label

__all__ = ["main", "table_rows", "format_table", "SHORT_NODES"]

#: The 18 nodes of JAX's documented table, in its order, with their short names.
SHORT_NODES = [
    ("b1", STRONG_NODE[D.bool_]), ("u1", STRONG_NODE[D.uint8]), ("u2", STRONG_NODE[D.uint16]),
    ("u4", STRONG_NODE[D.uint32]), ("u8", STRONG_NODE[D.uint64]), ("i1", STRONG_NODE[D.int8]),
    ("i2", STRONG_NODE[D.int16]), ("i4", STRONG_NODE[D.int32]), ("i8", STRONG_NODE[D.int64]),
    ("bf", STRONG_NODE[D.bfloat16]), ("f2", STRONG_NODE[D.float16]), ("f4", STRONG_NODE[D.float32]),
    ("f8", STRONG_NODE[D.float64]), ("c8", STRONG_NODE[D.complex64]),
    ("c16", STRONG_NODE[D.complex128]), ("i*", Node.weak_int), ("f*", Node.weak_float),
    ("c*", Node.weak_complex),
]
_SHORT_OF_NODE = {n: s for s, n in SHORT_NODES}


def _lattice(mode: str):
    name = validate_mode(mode, source="python -m weaknp")
    return BUILTIN[name] if isinstance(name, str) else name


def table_rows(mode: str = "standard") -> list[list[str]]:
    """The promotion table as rows of short names (first row: the header)."""
    lattice = _lattice(mode)
    header = [""] + [s for s, _ in SHORT_NODES]
    rows = [header]
    for sa, a in SHORT_NODES:
        row = [sa]
        for _, b in SHORT_NODES:
            j = lattice.node_join[a][b]
            row.append("-" if j is None else _SHORT_OF_NODE.get(j, node_label(j)))
        rows.append(row)
    return rows


def format_table(rows: list[list[str]], fmt: str = "text") -> str:
    if fmt == "markdown":
        out = ["| " + " | ".join(r) + " |" for r in rows[:1]]
        out.append("|" + "---|" * len(rows[0]))
        out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        return "\n".join(out)
    if fmt == "csv":
        return "\n".join(",".join(r) for r in rows)
    width = max(len(c) for r in rows for c in r) + 1
    return "\n".join("".join(c.rjust(width) for c in r) for r in rows)


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


def _explain(a: str, b: str, mode: str) -> str:
    lattice = _lattice(mode)

    def node(name):
        if name in ("i*", "f*", "c*", "int", "float", "complex"):
            return {"i*": Node.weak_int, "int": Node.weak_int, "f*": Node.weak_float,
                    "float": Node.weak_float, "c*": Node.weak_complex,
                    "complex": Node.weak_complex}[name]
        return STRONG_NODE[D.to_dtype(name, function="explain")]

    na, nb = node(a), node(b)
    ub = lattice.upper_bounds
    lines = []
    for n in (na, nb):
        lines.append(f"upper bounds of {node_label(n)}: "
                     + ", ".join(sorted(node_label(m) for m in ub[n])))
    common = ub[na] & ub[nb]
    lines.append("common upper bounds: " + (", ".join(sorted(node_label(m) for m in common))
                                            or "none"))
    j = lattice.node_join[na][nb]
    if j is None:
        lines.append(f"{node_label(na)} and {node_label(nb)} have no join in mode "
                     f"{lattice.name!r}: combining them raises TypePromotionError")
    else:
        dt, weak = lattice._resolve(j)
        lines.append(f"join: {node_label(j)} (the least common upper bound: every other "
                     f"common bound lies above it) -> dtype {D.dtype_name(dt)}"
                     + (", weak" if weak else ""))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m weaknp",
                                     description="weaknp: JAX's promotion lattice on NumPy.")
    sub = parser.add_subparsers(dest="command")
    t = sub.add_parser("table", help="print the promotion table of the 18 documented nodes")
    t.add_argument("--mode", "--lattice", dest="mode", default="standard")
    t.add_argument("--format", choices=("text", "markdown", "csv"), default="text")
    e = sub.add_parser("explain", help="explain the join of two dtypes")
    e.add_argument("a")
    e.add_argument("b")
    e.add_argument("--mode", "--lattice", dest="mode", default="standard")
    args = parser.parse_args(argv)
    try:
        if args.command == "table":
            print(format_table(table_rows(args.mode), args.format))
        elif args.command == "explain":
            print(_explain(args.a, args.b, args.mode))
        else:
            print(tour())
            print("## The promotion table (standard mode; * marks a weak result)")
            print(format_table(table_rows("standard")))
    except (ValueError, TypeError) as exc:
        print(f"python -m weaknp: {exc}", file=sys.stderr)
        return 2
    return 0
