"""The golden promotion tables (``tests/golden.py``) against the code, in every built-in mode.

Each literal table is checked against the lattice's own ``table()``, against the public
``result_type`` (dtypes and Python scalars) and against the ``+`` operator on real arrays
and Python scalars; the jax-x32 operators also against the table JAX printed with x64 off.
The CLI's tables are checked in ``test_cli.py``; the tables printed in the docs here too.
"""

import pathlib
import re
import warnings

import numpy as np
import pytest
from golden import (
    DTYPE,
    JAX_X32_OPS,
    JAX_X64,
    NAME_TO_SHORT,
    SCALAR,
    SHORT,
    TABLES,
    WEAK_DTYPE,
    parse,
)

import weaknp as wnp
from weaknp._core.lattice import BUILTIN

MODES = sorted(TABLES)
ROOT = pathlib.Path(__file__).resolve().parents[2]


def _bits(mode):
    return "x32" if mode == "jax-x32" else "x64"


def expected(mode, cell):
    """(dtype name, weak) of a table cell."""
    if cell in SCALAR:
        return WEAK_DTYPE[_bits(mode)][cell], True
    return DTYPE[cell], False


def _label(arr):
    return NAME_TO_SHORT[str(arr.dtype) if arr.dtype != np.bool_ else "bool"]


def _name(dt):
    return "bool" if dt == np.bool_ else np.dtype(dt).name


def test_tables_are_complete_and_symmetric():
    assert set(TABLES) == set(BUILTIN)
    for name, cells in TABLES.items():
        assert len(cells) == 18 * 18, name
        assert all(cells[(a, b)] == cells[(b, a)] for a, b in cells), name


@pytest.mark.parametrize("mode", MODES)
def test_table_method_equals_literal(mode):
    rows = BUILTIN[mode].table()
    assert rows[0] == [""] + SHORT
    got = {(r[0], c): v for r in rows[1:] for c, v in zip(SHORT, r[1:])}
    assert got == TABLES[mode]


@pytest.mark.parametrize("mode", MODES)
def test_result_type(mode):
    """result_type of a dtype (or a Python scalar for the weak nodes) per cell.  In jax-x32
    a 64-bit dtype asked for is truncated (as in JAX), so there the strong nodes are
    arrays made outside the mode."""
    arrays = {s: wnp.ones(2, dtype=DTYPE[s]) for s in DTYPE}

    def arg(n):
        if n in SCALAR:
            return SCALAR[n]
        return arrays[n] if mode == "jax-x32" else getattr(wnp, DTYPE[n])

    with wnp.promotion_mode(mode):
        for (a, b), cell in TABLES[mode].items():
            if cell == "-":
                with pytest.raises(wnp.TypePromotionError, match=repr(mode)):
                    wnp.result_type(arg(a), arg(b), return_weak_type_flag=True)
                continue
            dt, weak = wnp.result_type(arg(a), arg(b), return_weak_type_flag=True)
            assert (_name(dt), weak) == expected(mode, cell), (a, b)


@pytest.mark.parametrize("mode", MODES)
def test_add_operator(mode):
    """``x + y`` on shape-(2,) arrays (made outside the mode: 64-bit arrays stay 64-bit in
    jax-x32) and Python scalars follows the table, shape included."""
    arrays = {s: wnp.ones(2, dtype=DTYPE[s]) for s in DTYPE}
    with wnp.promotion_mode(mode):
        for (a, b), cell in TABLES[mode].items():
            x = SCALAR[a] if a in SCALAR else arrays[a]
            y = SCALAR[b] if b in SCALAR else arrays[b]
            both_scalars = a in SCALAR and b in SCALAR
            if both_scalars:
                x = wnp.asarray(x)  # Python scalar + Python scalar is Python's business
            if cell == "-":
                with pytest.raises(wnp.TypePromotionError, match=repr(mode)):
                    x + y
                continue
            r = x + y
            assert (str(r.dtype), r.weak_type) == expected(mode, cell), (a, b)
            assert r.shape == (() if both_scalars else (2,))


def test_x32_ops_equal_jax_default_mode():
    # Operands made as a JAX user would in x32: 64-bit requests are truncated, with a warning.
    expected_ops = parse(JAX_X32_OPS)
    with wnp.promotion_mode("jax-x32"), warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Explicitly requested dtype", UserWarning)
        for (a, b), cell in expected_ops.items():
            x = SCALAR[a] if a in SCALAR else wnp.zeros(2, dtype=DTYPE[a])
            y = SCALAR[b] if b in SCALAR else wnp.zeros(2, dtype=DTYPE[b])
            if a in SCALAR and b in SCALAR:
                x = wnp.asarray(x)
            r = x + y
            assert _label(r) + ("*" if r.weak_type else "") == cell, (a, b)


def test_jax_x32_differs_from_x64_only_by_canonicalisation():
    # Reference §3.4: every difference between JAX's x32 and x64 tables is 64 -> 32 bits.
    canon = {"i8": "i4", "u8": "u4", "f8": "f4", "c16": "c8", "i*": "i4*", "f*": "f4*",
             "c*": "c8*"}
    x64, ops = parse(JAX_X64), parse(JAX_X32_OPS)
    truncated = {"i8": "i4", "u8": "u4", "f8": "f4", "c16": "c8"}
    for (a, b), cell in ops.items():
        # With truncated inputs, compare against the x64 cell of the truncated inputs.
        ta, tb = truncated.get(a, a), truncated.get(b, b)
        want = canon.get(x64[(ta, tb)], x64[(ta, tb)])
        if {ta, tb} & {"i1", "i2", "i4"} and "u4" in (ta, tb):
            want = "i4"  # the x32 edge uint32 -> int32
        assert cell == want, (a, b)


def test_numpy_disagrees_where_jax_says_so():
    # A sanity check that the golden table is not NumPy's: NumPy promotes int32+float32 to
    # float64 and int8+uint64 to float64; the lattice gives float32 and a weak float.
    standard = TABLES["standard"]
    assert standard[("i4", "f4")] == "f4" and np.result_type(np.int32, np.float32) == np.float64
    assert standard[("i1", "u8")] == "f*"


def _markdown_tables(text):
    """Each run of ``|``-lines in ``text`` as ``{(row, column): cell}``."""
    tables, current = [], []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            current.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif current:
            header = current[0][1:]
            tables.append({(row[0], col): cell for row in current[2:]
                           for col, cell in zip(header, row[1:])})
            current = []
    return tables


def test_docs_tables_equal_golden():
    """The ``<!-- BEGIN table -->`` block (docs/promotion-tables.md, or wherever the docs
    keep it) prints the standard and the strict table, cell for cell."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    blocks = [(p.name, m.group(1)) for p in pages for m in
              re.finditer(r"<!-- BEGIN table -->(.*?)<!-- END table -->", p.read_text(),
                          re.DOTALL)]
    assert [name for name, _ in blocks] == ["promotion-tables.md"]
    assert _markdown_tables(blocks[0][1]) == [TABLES["standard"], TABLES["strict"]]
