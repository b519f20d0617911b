"""The golden promotion table, written out literally, checked three ways.

The 18x18 table is JAX's published table (``docs/type_promotion.rst``); ``*`` marks a weak
result (``i*`` = weak int64, ``f*`` = weak float64, ``c*`` = weak complex128 in x64).
Checked against ``result_type``, against the ``+`` operator on real arrays and Python
scalars, against the table printed by ``python -m weaknp table`` and the table in docs/promotion-tables.md.
"""

import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

import weaknp as wnp

STANDARD = """
     b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
b1   b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
u1   u1  u1  u2  u4  u8  i2  i2  i4  i8  bf  f2  f4  f8  c8 c16  u1  f*  c*
u2   u2  u2  u2  u4  u8  i4  i4  i4  i8  bf  f2  f4  f8  c8 c16  u2  f*  c*
u4   u4  u4  u4  u4  u8  i8  i8  i8  i8  bf  f2  f4  f8  c8 c16  u4  f*  c*
u8   u8  u8  u8  u8  u8  f*  f*  f*  f*  bf  f2  f4  f8  c8 c16  u8  f*  c*
i1   i1  i2  i4  i8  f*  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i1  f*  c*
i2   i2  i2  i4  i8  f*  i2  i2  i4  i8  bf  f2  f4  f8  c8 c16  i2  f*  c*
i4   i4  i4  i4  i8  f*  i4  i4  i4  i8  bf  f2  f4  f8  c8 c16  i4  f*  c*
i8   i8  i8  i8  i8  f*  i8  i8  i8  i8  bf  f2  f4  f8  c8 c16  i8  f*  c*
bf   bf  bf  bf  bf  bf  bf  bf  bf  bf  bf  f4  f4  f8  c8 c16  bf  bf  c8
f2   f2  f2  f2  f2  f2  f2  f2  f2  f2  f4  f2  f4  f8  c8 c16  f2  f2  c8
f4   f4  f4  f4  f4  f4  f4  f4  f4  f4  f4  f4  f4  f8  c8 c16  f4  f4  c8
f8   f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8  f8 c16 c16  f8  f8 c16
c8   c8  c8  c8  c8  c8  c8  c8  c8  c8  c8  c8  c8 c16  c8 c16  c8  c8  c8
c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16
i*   i*  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
f*   f*  f*  f*  f*  f*  f*  f*  f*  f*  bf  f2  f4  f8  c8 c16  f*  f*  c*
c*   c*  c*  c*  c*  c*  c*  c*  c*  c*  c8  c8  c8 c16  c8 c16  c*  c*  c*
"""

# JAX's jax_numpy_dtype_promotion='strict' (x64): a weak value becomes a dtype of its own
# kind (and i* -> f* -> c*); two different dtypes never promote; bool joins only itself.
# "-" = TypePromotionError.
STRICT = """
     b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
b1   b1   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -
u1    -  u1   -   -   -   -   -   -   -   -   -   -   -   -   -  u1   -   -
u2    -   -  u2   -   -   -   -   -   -   -   -   -   -   -   -  u2   -   -
u4    -   -   -  u4   -   -   -   -   -   -   -   -   -   -   -  u4   -   -
u8    -   -   -   -  u8   -   -   -   -   -   -   -   -   -   -  u8   -   -
i1    -   -   -   -   -  i1   -   -   -   -   -   -   -   -   -  i1   -   -
i2    -   -   -   -   -   -  i2   -   -   -   -   -   -   -   -  i2   -   -
i4    -   -   -   -   -   -   -  i4   -   -   -   -   -   -   -  i4   -   -
i8    -   -   -   -   -   -   -   -  i8   -   -   -   -   -   -  i8   -   -
bf    -   -   -   -   -   -   -   -   -  bf   -   -   -   -   -  bf  bf   -
f2    -   -   -   -   -   -   -   -   -   -  f2   -   -   -   -  f2  f2   -
f4    -   -   -   -   -   -   -   -   -   -   -  f4   -   -   -  f4  f4   -
f8    -   -   -   -   -   -   -   -   -   -   -   -  f8   -   -  f8  f8   -
c8    -   -   -   -   -   -   -   -   -   -   -   -   -  c8   -  c8  c8  c8
c16   -   -   -   -   -   -   -   -   -   -   -   -   -   - c16 c16 c16 c16
i*    -  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
f*    -   -   -   -   -   -   -   -   -  bf  f2  f4  f8  c8 c16  f*  f*  c*
c*    -   -   -   -   -   -   -   -   -   -   -   -   -  c8 c16  c*  c*  c*
"""

DTYPES = {"b1": "bool", "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
          "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64", "bf": "bfloat16",
          "f2": "float16", "f4": "float32", "f8": "float64", "c8": "complex64",
          "c16": "complex128"}
WEAK = {"i*": ("int64", 1), "f*": ("float64", 1.0), "c*": ("complex128", 1j)}


def parse(text):
    lines = [ln.split() for ln in text.strip().splitlines()]
    header = lines[0]
    return {(row[0], col): cell for row in lines[1:] for col, cell in zip(header, row[1:])}


GOLDEN = parse(STANDARD)
GOLDEN_STRICT = parse(STRICT)
PAIRS = sorted(GOLDEN)


def expected(cell):
    """(dtype name, weak) of a table cell."""
    if cell in WEAK:
        return WEAK[cell][0], True
    return DTYPES[cell], False


def dtype_arg(name):
    """How result_type receives a node: a dtype, or a Python scalar for the weak nodes."""
    return WEAK[name][1] if name in WEAK else getattr(wnp, DTYPES[name])


def array_arg(name):
    """How the operator receives a node: a shape-(2,) array, or a Python scalar."""
    if name in WEAK:
        return WEAK[name][1]
    return wnp.ones(2, dtype=getattr(wnp, DTYPES[name]))


def test_tables_are_complete():
    assert len(GOLDEN) == len(GOLDEN_STRICT) == 18 * 18


@pytest.mark.parametrize("mode, table", [("standard", GOLDEN), ("strict", GOLDEN_STRICT)])
def test_result_type(mode, table):
    with wnp.promotion_mode(mode):
        for (a, b), cell in table.items():
            args = (dtype_arg(a), dtype_arg(b))
            if cell == "-":
                with pytest.raises(wnp.TypePromotionError):
                    wnp.result_type(*args, return_weak_type_flag=True)
                continue
            dt, weak = wnp.result_type(*args, return_weak_type_flag=True)
            assert (dt.name if dt != np.bool_ else "bool", weak) == expected(cell), (a, b)


@pytest.mark.parametrize("mode, table", [("standard", GOLDEN), ("strict", GOLDEN_STRICT)])
def test_add_operator(mode, table):
    with wnp.promotion_mode(mode):
        for (a, b), cell in table.items():
            x, y = array_arg(a), array_arg(b)
            if a in WEAK and b in WEAK:
                x = wnp.asarray(x)  # Python scalar + Python scalar is Python's business
            if cell == "-":
                with pytest.raises(wnp.TypePromotionError):
                    x + y
                continue
            r = x + y
            name = "bool" if r.dtype == np.bool_ else r.dtype.name
            assert (name, r.weak_type) == expected(cell), (a, b)
            assert r.shape == ((2,) if not (a in WEAK and b in WEAK) else ())


def _rows(text):
    return {tuple(r) for r in (ln.split() for ln in text.strip().splitlines())}


@pytest.mark.parametrize("mode, golden", [("standard", STANDARD), ("strict", STRICT)])
def test_cli_table(mode, golden):
    out = subprocess.run([sys.executable, "-m", "weaknp", "table", "--mode", mode],
                         capture_output=True, text=True, check=True).stdout
    assert _rows(out) == _rows(golden)


def _docs_tables():
    page = pathlib.Path(__file__).resolve().parents[2] / "docs" / "promotion-tables.md"
    text = page.read_text()
    block = re.search(r"<!-- BEGIN table -->(.*?)<!-- END table -->", text, re.S).group(1)
    tables, current = [], []
    for line in block.splitlines():
        if line.startswith("|"):
            current.append(line)
        elif current:
            tables.append(current)
            current = []
    if current:
        tables.append(current)
    return tables


def test_docs_tables_equal_golden():
    tables = _docs_tables()
    assert len(tables) == 2
    for md, golden in zip(tables, (GOLDEN, GOLDEN_STRICT)):
        cells = [[c.strip() for c in ln.strip().strip("|").split("|")] for ln in md]
        header = cells[0][1:]
        parsed = {(row[0], col): cell for row in cells[2:] for col, cell in zip(header, row[1:])}
        assert parsed == golden


def test_numpy_disagrees_where_jax_says_so():
    # A sanity check that the golden table is not NumPy's: NumPy promotes int32+float32 to
    # float64 and int8+uint64 to float64; the lattice gives float32 and a weak float.
    assert GOLDEN[("i4", "f4")] == "f4" and np.result_type(np.int32, np.float32) == np.float64
    assert GOLDEN[("i1", "u8")] == "f*"
