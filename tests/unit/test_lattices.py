"""Lattices as objects: every built-in lattice against a literal table, validation, modes,
x32 semantics, implicit_cast, the SVG drawing and the CLI.

The literal tables come from outside the code under test: JAX's published x64 table
(``docs/type_promotion.rst``); the x32 lattice = that table with JAX's x32 edge
``uint32 -> int32`` (uint32 with int8/16/32 is int32); the Array API standard's tables
(2025.12, with the RFC's float16 row) and its scalar rules; the design notebook's Options
1-3 computed by a separate brute-force script from the notebook's own edge dicts (plus
weaknp's two additions: bool -> i*, and bfloat16 reached from f* in Options 1 and 2).
``JAX_X32_OPS`` was printed by running ``x + y`` in JAX 0.10.2 with x64 off, operands made
with ``jnp.zeros(2, dtype)`` (64-bit requests truncated) or Python scalars; ``*`` = weak.
In the lattice tables ``i*``/``f*``/``c*`` are weak results and ``-`` raises.
"""

import pathlib
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import weaknp as wnp
from weaknp import _config
from weaknp._lattice import BUILTIN

ROOT = pathlib.Path(__file__).resolve().parents[2]

JAX_X64 = """
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

JAX_X32 = """
     b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
b1   b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
u1   u1  u1  u2  u4  u8  i2  i2  i4  i8  bf  f2  f4  f8  c8 c16  u1  f*  c*
u2   u2  u2  u2  u4  u8  i4  i4  i4  i8  bf  f2  f4  f8  c8 c16  u2  f*  c*
u4   u4  u4  u4  u4  u8  i4  i4  i4  i8  bf  f2  f4  f8  c8 c16  u4  f*  c*
u8   u8  u8  u8  u8  u8  f*  f*  f*  f*  bf  f2  f4  f8  c8 c16  u8  f*  c*
i1   i1  i2  i4  i4  f*  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i1  f*  c*
i2   i2  i2  i4  i4  f*  i2  i2  i4  i8  bf  f2  f4  f8  c8 c16  i2  f*  c*
i4   i4  i4  i4  i4  f*  i4  i4  i4  i8  bf  f2  f4  f8  c8 c16  i4  f*  c*
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

OPTION1 = """
      b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
b1    b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
u1    u1  u1  u2  u4  u8  i2  i2  i4  i8   -  f4  f4  f8  c8 c16  u1  f4  c8
u2    u2  u2  u2  u4  u8  i4  i4  i4  i8   -  f8  f8  f8 c16 c16  u2  f8 c16
u4    u4  u4  u4  u4  u8  i8  i8  i8  i8   -   -   -   -   -   -  u4   -   -
u8    u8  u8  u8  u8  u8   -   -   -   -   -   -   -   -   -   -  u8   -   -
i1    i1  i2  i4  i8   -  i1  i2  i4  i8   -  f2  f4  f8  c8 c16  i1  f2  c8
i2    i2  i2  i4  i8   -  i2  i2  i4  i8   -  f4  f4  f8  c8 c16  i2  f4  c8
i4    i4  i4  i4  i8   -  i4  i4  i4  i8   -  f8  f8  f8 c16 c16  i4  f8 c16
i8    i8  i8  i8  i8   -  i8  i8  i8  i8   -   -   -   -   -   -  i8   -   -
bf    bf   -   -   -   -   -   -   -   -  bf   -   -   -   -   -  bf  bf   -
f2    f2  f4  f8   -   -  f2  f4  f8   -   -  f2  f4  f8  c8 c16  f2  f2  c8
f4    f4  f4  f8   -   -  f4  f4  f8   -   -  f4  f4  f8  c8 c16  f4  f4  c8
f8    f8  f8  f8   -   -  f8  f8  f8   -   -  f8  f8  f8 c16 c16  f8  f8 c16
c8    c8  c8 c16   -   -  c8  c8 c16   -   -  c8  c8 c16  c8 c16  c8  c8  c8
c16  c16 c16 c16   -   - c16 c16 c16   -   - c16 c16 c16 c16 c16 c16 c16 c16
i*    i*  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
f*    f*  f4  f8   -   -  f2  f4  f8   -  bf  f2  f4  f8  c8 c16  f*  f*  c*
c*    c*  c8 c16   -   -  c8  c8 c16   -   -  c8  c8 c16  c8 c16  c*  c*  c*
"""

OPTION2 = """
      b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
b1    b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
u1    u1  u1  u2  u4  u8  i2  i2  i4  i8   -  f2  f4  f8  c8 c16  u1  f2  c8
u2    u2  u2  u2  u4  u8  i4  i4  i4  i8   -  f4  f4  f8  c8 c16  u2  f4  c8
u4    u4  u4  u4  u4  u8  i8  i8  i8  i8   -  f8  f8  f8 c16 c16  u4  f8 c16
u8    u8  u8  u8  u8  u8   -   -   -   -   -   -   -   -   -   -  u8   -   -
i1    i1  i2  i4  i8   -  i1  i2  i4  i8   -  f2  f4  f8  c8 c16  i1  f2  c8
i2    i2  i2  i4  i8   -  i2  i2  i4  i8   -  f2  f4  f8  c8 c16  i2  f2  c8
i4    i4  i4  i4  i8   -  i4  i4  i4  i8   -  f4  f4  f8  c8 c16  i4  f4  c8
i8    i8  i8  i8  i8   -  i8  i8  i8  i8   -  f8  f8  f8 c16 c16  i8  f8 c16
bf    bf   -   -   -   -   -   -   -   -  bf   -   -   -   -   -  bf  bf   -
f2    f2  f2  f4  f8   -  f2  f2  f4  f8   -  f2  f4  f8  c8 c16  f2  f2  c8
f4    f4  f4  f4  f8   -  f4  f4  f4  f8   -  f4  f4  f8  c8 c16  f4  f4  c8
f8    f8  f8  f8  f8   -  f8  f8  f8  f8   -  f8  f8  f8 c16 c16  f8  f8 c16
c8    c8  c8  c8 c16   -  c8  c8  c8 c16   -  c8  c8 c16  c8 c16  c8  c8  c8
c16  c16 c16 c16 c16   - c16 c16 c16 c16   - c16 c16 c16 c16 c16 c16 c16 c16
i*    i*  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
f*    f*  f2  f4  f8   -  f2  f2  f4  f8  bf  f2  f4  f8  c8 c16  f*  f*  c*
c*    c*  c8  c8 c16   -  c8  c8  c8 c16   -  c8  c8 c16  c8 c16  c*  c*  c*
"""

OPTION3 = """
      b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
b1    b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
u1    u1  u1  u2  u4  u8  i2  i2  i4  i8  bf  f2  f4  f8  c8 c16  u1  f*  c*
u2    u2  u2  u2  u4  u8  i4  i4  i4  i8  bf  f2  f4  f8  c8 c16  u2  f*  c*
u4    u4  u4  u4  u4  u8  i8  i8  i8  i8  bf  f2  f4  f8  c8 c16  u4  f*  c*
u8    u8  u8  u8  u8  u8   -   -   -   -   -   -   -   -   -   -  u8   -   -
i1    i1  i2  i4  i8   -  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i1  f*  c*
i2    i2  i2  i4  i8   -  i2  i2  i4  i8  bf  f2  f4  f8  c8 c16  i2  f*  c*
i4    i4  i4  i4  i8   -  i4  i4  i4  i8  bf  f2  f4  f8  c8 c16  i4  f*  c*
i8    i8  i8  i8  i8   -  i8  i8  i8  i8  bf  f2  f4  f8  c8 c16  i8  f*  c*
bf    bf  bf  bf  bf   -  bf  bf  bf  bf  bf  f4  f4  f8  c8 c16  bf  bf  c8
f2    f2  f2  f2  f2   -  f2  f2  f2  f2  f4  f2  f4  f8  c8 c16  f2  f2  c8
f4    f4  f4  f4  f4   -  f4  f4  f4  f4  f4  f4  f4  f8  c8 c16  f4  f4  c8
f8    f8  f8  f8  f8   -  f8  f8  f8  f8  f8  f8  f8  f8 c16 c16  f8  f8 c16
c8    c8  c8  c8  c8   -  c8  c8  c8  c8  c8  c8  c8 c16  c8 c16  c8  c8  c8
c16  c16 c16 c16 c16   - c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16 c16
i*    i*  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
f*    f*  f*  f*  f*   -  f*  f*  f*  f*  bf  f2  f4  f8  c8 c16  f*  f*  c*
c*    c*  c*  c*  c*   -  c*  c*  c*  c*  c8  c8  c8 c16  c8 c16  c*  c*  c*
"""

ARRAY_API = """
      b1  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
b1    b1   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -
u1     -  u1  u2  u4  u8  i2  i2  i4  i8   -   -   -   -   -   -  u1   -   -
u2     -  u2  u2  u4  u8  i4  i4  i4  i8   -   -   -   -   -   -  u2   -   -
u4     -  u4  u4  u4  u8  i8  i8  i8  i8   -   -   -   -   -   -  u4   -   -
u8     -  u8  u8  u8  u8   -   -   -   -   -   -   -   -   -   -  u8   -   -
i1     -  i2  i4  i8   -  i1  i2  i4  i8   -   -   -   -   -   -  i1   -   -
i2     -  i2  i4  i8   -  i2  i2  i4  i8   -   -   -   -   -   -  i2   -   -
i4     -  i4  i4  i8   -  i4  i4  i4  i8   -   -   -   -   -   -  i4   -   -
i8     -  i8  i8  i8   -  i8  i8  i8  i8   -   -   -   -   -   -  i8   -   -
bf     -   -   -   -   -   -   -   -   -  bf   -   -   -   -   -  bf  bf   -
f2     -   -   -   -   -   -   -   -   -   -  f2  f4  f8  c8 c16  f2  f2  c8
f4     -   -   -   -   -   -   -   -   -   -  f4  f4  f8  c8 c16  f4  f4  c8
f8     -   -   -   -   -   -   -   -   -   -  f8  f8  f8 c16 c16  f8  f8 c16
c8     -   -   -   -   -   -   -   -   -   -  c8  c8 c16  c8 c16  c8  c8  c8
c16    -   -   -   -   -   -   -   -   -   - c16 c16 c16 c16 c16 c16 c16 c16
i*     -  u1  u2  u4  u8  i1  i2  i4  i8  bf  f2  f4  f8  c8 c16  i*  f*  c*
f*     -   -   -   -   -   -   -   -   -  bf  f2  f4  f8  c8 c16  f*  f*  c*
c*     -   -   -   -   -   -   -   -   -   -  c8  c8 c16  c8 c16  c*  c*  c*
"""

JAX_X32_OPS = """
        b1   u1   u2   u4   u8   i1   i2   i4   i8   bf   f2   f4   f8   c8  c16   i*   f*   c*
b1      b1   u1   u2   u4   u4   i1   i2   i4   i4   bf   f2   f4   f4   c8   c8  i4*  f4*  c8*
u1      u1   u1   u2   u4   u4   i2   i2   i4   i4   bf   f2   f4   f4   c8   c8   u1  f4*  c8*
u2      u2   u2   u2   u4   u4   i4   i4   i4   i4   bf   f2   f4   f4   c8   c8   u2  f4*  c8*
u4      u4   u4   u4   u4   u4   i4   i4   i4   i4   bf   f2   f4   f4   c8   c8   u4  f4*  c8*
u8      u4   u4   u4   u4   u4   i4   i4   i4   i4   bf   f2   f4   f4   c8   c8   u4  f4*  c8*
i1      i1   i2   i4   i4   i4   i1   i2   i4   i4   bf   f2   f4   f4   c8   c8   i1  f4*  c8*
i2      i2   i2   i4   i4   i4   i2   i2   i4   i4   bf   f2   f4   f4   c8   c8   i2  f4*  c8*
i4      i4   i4   i4   i4   i4   i4   i4   i4   i4   bf   f2   f4   f4   c8   c8   i4  f4*  c8*
i8      i4   i4   i4   i4   i4   i4   i4   i4   i4   bf   f2   f4   f4   c8   c8   i4  f4*  c8*
bf      bf   bf   bf   bf   bf   bf   bf   bf   bf   bf   f4   f4   f4   c8   c8   bf   bf   c8
f2      f2   f2   f2   f2   f2   f2   f2   f2   f2   f4   f2   f4   f4   c8   c8   f2   f2   c8
f4      f4   f4   f4   f4   f4   f4   f4   f4   f4   f4   f4   f4   f4   c8   c8   f4   f4   c8
f8      f4   f4   f4   f4   f4   f4   f4   f4   f4   f4   f4   f4   f4   c8   c8   f4   f4   c8
c8      c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8
c16     c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8   c8
i*     i4*   u1   u2   u4   u4   i1   i2   i4   i4   bf   f2   f4   f4   c8   c8  i4*  f4*  c8*
f*     f4*  f4*  f4*  f4*  f4*  f4*  f4*  f4*  f4*   bf   f2   f4   f4   c8   c8  f4*  f4*  c8*
c*     c8*  c8*  c8*  c8*  c8*  c8*  c8*  c8*  c8*   c8   c8   c8   c8   c8   c8  c8*  c8*  c8*
"""

SHORT = ["b1", "u1", "u2", "u4", "u8", "i1", "i2", "i4", "i8", "bf", "f2", "f4", "f8", "c8",
         "c16", "i*", "f*", "c*"]
DTYPE = dict(b1="bool", u1="uint8", u2="uint16", u4="uint32", u8="uint64", i1="int8",
             i2="int16", i4="int32", i8="int64", bf="bfloat16", f2="float16", f4="float32",
             f8="float64", c8="complex64", c16="complex128")
NAME_TO_SHORT = {v: k for k, v in DTYPE.items()}
SCALAR = {"i*": 1, "f*": 1.0, "c*": 1j}


def parse(text):
    lines = text.strip().splitlines()
    header = lines[0].split()
    assert header == SHORT
    cells = {}
    for ln in lines[1:]:
        row, *vals = ln.split()
        assert len(vals) == 18
        cells.update({(row, col): v for col, v in zip(header, vals)})
    assert len(cells) == 324
    return cells


LITERAL = {
    "standard": parse(JAX_X64), "jax-x32": parse(JAX_X32), "array-api": parse(ARRAY_API),
    "option-1": parse(OPTION1), "option-2": parse(OPTION2), "option-3": parse(OPTION3),
}
# Weak results resolve to the lattice's defaults: 64-bit, or 32-bit in jax-x32.
WEAK_DTYPE = {"x64": {"i*": "int64", "f*": "float64", "c*": "complex128"},
              "x32": {"i*": "int32", "f*": "float32", "c*": "complex64"}}


def _label(arr):
    return NAME_TO_SHORT[str(arr.dtype) if arr.dtype != np.bool_ else "bool"]


def test_literal_tables_are_symmetric():
    for name, cells in LITERAL.items():
        assert all(cells[(a, b)] == cells[(b, a)] for a, b in cells), name


@pytest.mark.parametrize("name", sorted(LITERAL))
def test_table_method_equals_literal(name):
    rows = BUILTIN[name].table()
    assert rows[0] == [""] + SHORT
    got = {(r[0], c): v for r in rows[1:] for c, v in zip(SHORT, r[1:])}
    assert got == LITERAL[name]


@pytest.mark.parametrize("name", sorted(LITERAL))
def test_add_operator_follows_literal(name):
    bits = "x32" if name == "jax-x32" else "x64"
    # Arrays made outside the mode: real 64-bit arrays stay 64-bit in jax-x32.
    arrays = {s: wnp.ones(2, dtype=DTYPE[s]) for s in DTYPE}
    with wnp.promotion_mode(name):
        for (a, b), cell in LITERAL[name].items():
            x = SCALAR[a] if a in SCALAR else arrays[a]
            y = SCALAR[b] if b in SCALAR else arrays[b]
            if a in SCALAR and b in SCALAR:
                x = wnp.asarray(x)
            if cell == "-":
                with pytest.raises(wnp.TypePromotionError, match=repr(name)):
                    x + y
                continue
            r = x + y
            if cell in WEAK_DTYPE[bits]:
                assert (str(r.dtype), r.weak_type) == (WEAK_DTYPE[bits][cell], True), (a, b)
            else:
                assert (_label(r), r.weak_type) == (cell, False), (a, b)


def test_x32_ops_equal_jax_default_mode():
    # Operands made as a JAX user would in x32: 64-bit requests are truncated, with a warning.
    expected = parse(JAX_X32_OPS)
    with wnp.promotion_mode("jax-x32"), warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Explicitly requested dtype", UserWarning)
        for (a, b), cell in expected.items():
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


# ---------------------------------------------------------------------------------------
# Names and modes.

def test_modes_and_builtin_names_agree():
    assert set(_config.MODES) == set(BUILTIN)
    for alias, target in _config.ALIASES.items():
        assert target in BUILTIN, alias
    assert _config.ALIASES["jax"] == "standard" and _config.ALIASES["jax-strict"] == "strict"
    for name, lat in BUILTIN.items():
        assert lat.name == name
        assert lat.__doc__ and len(lat.__doc__) > 20


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_builtin_lattices_pass_check(name):
    assert BUILTIN[name].check() is True


def test_promotion_mode_by_name_and_alias():
    x, y = wnp.ones(2, dtype=wnp.uint32), wnp.ones(2, dtype=wnp.int32)
    assert (x + y).dtype == np.int64
    for name in ("jax-x32", "x32"):
        with wnp.promotion_mode(name):
            assert (x + y).dtype == np.int32
    with wnp.promotion_mode("jax"):
        assert (x + y).dtype == np.int64
    with pytest.raises(ValueError, match="unknown promotion mode 'jax-x16'"):
        wnp.promotion_mode("jax-x16")


TOY = {"bool": ["i*"], "i*": ["uint8", "int8", "f*"], "uint8": ["uint16", "int16"],
       "uint16": ["uint32", "int32"], "uint32": ["uint64", "int64"], "int8": ["int16"],
       "int16": ["int32"], "int32": ["int64"], "f*": ["float16", "bfloat16", "c*"],
       "float16": ["float32"], "float32": ["float64", "complex64"],
       "float64": ["complex128"], "c*": ["complex64"], "complex64": ["complex128"]}


def test_custom_lattice_in_promotion_mode():
    lat = wnp.Lattice(TOY, name="no-mixing")
    assert lat.join("uint8", "int8") == (np.dtype("int16"), False)
    assert lat.join(np.int8, wnp.int16) == (np.dtype("int16"), False)
    assert lat.join("i*", "f*") == (np.dtype("float64"), True)
    assert lat.join(1, 2.0) == (np.dtype("float64"), True)
    assert lat.upper_bounds("uint32") == ("uint32", "uint64", "int64")
    x8 = wnp.ones(2, dtype=wnp.int8)
    with wnp.promotion_mode(lat):
        assert (x8 + wnp.ones(2, dtype=wnp.uint8)).dtype == np.int16
        assert (wnp.ones(2, dtype=wnp.float16) * 0.5).dtype == np.float16
        with pytest.raises(wnp.TypePromotionError) as info:
            x8 + 1.5
        assert "'no-mixing'" in str(info.value) and "int8" in str(info.value)
        assert "weak float" in str(info.value)
        assert wnp.result_type(wnp.uint16, wnp.int8) == np.int32
    # outside the block the default lattice is back
    assert (x8 + 1.5).dtype == np.float64


def test_rebuilt_lattices_share_one_mode():
    """A lattice rebuilt per call is the same promotion mode (the kernel caches per mode
    object: without this, each rebuild would add ~60 caches of 35x35 entries)."""
    from weaknp._config import get_mode  # noqa: PLC0415 - the mode object itself

    seen = set()
    x8 = wnp.ones(2, dtype=wnp.int8)
    for _ in range(5):
        with wnp.promotion_mode(wnp.Lattice(dict(TOY), name="no-mixing")):
            assert (x8 + wnp.ones(2, dtype=wnp.uint8)).dtype == np.int16
            seen.add(id(get_mode()))
    assert len(seen) == 1
    # different content (here only the name, which error messages show) is another mode
    with wnp.promotion_mode(wnp.Lattice(dict(TOY), name="other-name")):
        assert id(get_mode()) not in seen
        with pytest.raises(wnp.TypePromotionError, match="'other-name'"):
            x8 + 1.5
    with wnp.promotion_mode(wnp.Lattice(dict(TOY), name="no-mixing", defaults="x32")):
        assert id(get_mode()) not in seen
        assert wnp.asarray(1.0).dtype == np.float32


def test_lattice_join_error_names_lattice_and_pair():
    with pytest.raises(wnp.TypePromotionError) as info:
        BUILTIN["option-1"].join("int8", "uint64")
    msg = str(info.value)
    assert "'option-1'" in msg and "int8 and uint64" in msg
    with wnp.promotion_mode("option-3"), pytest.raises(wnp.TypePromotionError) as info:
        wnp.ones(2, dtype=wnp.uint64) + wnp.ones(2, dtype=wnp.float32)
    assert "'option-3'" in str(info.value) and "float32 and uint64" in str(info.value)


def test_table_method_of_custom_nodes():
    rows = BUILTIN["standard"].table(["int8", "uint8", "i*"], short=False)
    assert rows == [["", "int8", "uint8", "i*"], ["int8", "int8", "int16", "int8"],
                    ["uint8", "int16", "uint8", "uint8"], ["i*", "int8", "uint8", "i*"]]


# ---------------------------------------------------------------------------------------
# Invalid lattices: each error names the culprit.

def test_cycle_is_named():
    edges = dict(TOY, float64=["complex128", "float16"])
    with pytest.raises(wnp.LatticeError) as info:
        wnp.Lattice(edges, name="loop")
    msg = str(info.value)
    assert "Lattice 'loop'" in msg and "cycle" in msg
    assert "float16 -> float32 -> float64 -> float16" in msg


def test_two_least_upper_bounds_are_named():
    # uint8 and int8 both reach int16 and float16, which are unordered.
    edges = dict(TOY, uint8=["uint16", "int16", "float16"], int8=["int16", "float16"])
    with pytest.raises(wnp.LatticeError) as info:
        wnp.Lattice(edges, name="numpyish")
    msg = str(info.value)
    assert "Lattice 'numpyish'" in msg
    assert "uint8 and int8 have no unique least upper bound" in msg or \
        "int8 and uint8 have no unique least upper bound" in msg
    assert "candidates: float16, int16" in msg


def test_missing_dtype_node_is_named():
    edges = {k: [v for v in vs if v != "bfloat16"] for k, vs in TOY.items()}
    with pytest.raises(wnp.LatticeError, match="every dtype node must be present; "
                                               "missing: bfloat16;"):
        wnp.Lattice(edges, name="nobf")
    lat = wnp.Lattice(edges, name="isolated-bf", nodes=["bfloat16"])
    assert lat.join("bfloat16", "bfloat16") == (np.dtype("bfloat16"), False)
    with pytest.raises(wnp.TypePromotionError):
        lat.join("bfloat16", 1.0)


def test_unknown_node_spelling_is_named():
    with pytest.raises(wnp.LatticeError, match=r"'int7' is not a node"):
        wnp.Lattice(dict(TOY, int8=["int16", "int7"]))


def test_bad_defaults():
    with pytest.raises(wnp.LatticeError, match="defaults must be"):
        wnp.Lattice(TOY, defaults="x16")


def test_promotion_mode_rejects_non_lattice():
    with pytest.raises(TypeError, match="a name or a weaknp.Lattice"):
        wnp.promotion_mode({"int8": ["int16"]})


def test_check_finds_a_broken_table():
    lat = wnp.Lattice(TOY, name="tampered")
    i8, u8 = wnp._lattice.Node.int8, wnp._lattice.Node.uint8
    lat.node_join[i8][u8] = wnp._lattice.Node.int32  # not commutative any more
    with pytest.raises(wnp.LatticeError, match="not commutative for (int8, uint8|uint8, int8)"):
        lat.check()


# ---------------------------------------------------------------------------------------
# x32 semantics.

def test_x32_defaults():
    with wnp.promotion_mode("jax-x32"):
        one = wnp.asarray(1.0)
        assert (str(one.dtype), one.weak_type) == ("float32", True)
        assert str(wnp.asarray(1).dtype) == "int32"
        assert str(wnp.asarray(1j).dtype) == "complex64"
        assert str(wnp.arange(3).dtype) == "int32"
        assert str(wnp.zeros(2).dtype) == "float32"
        assert str(wnp.asarray([1, 2]).dtype) == "int32"
        assert str(wnp.asarray([1.0]).dtype) == "float32"
        assert str(wnp.ones(2, dtype=int).dtype) == "int32"  # Python type: no warning
        assert str((wnp.ones(2, dtype=wnp.int8) + 1.5).dtype) == "float32"
        with pytest.raises(OverflowError, match="2147483648"):
            wnp.asarray(2**31)


@pytest.mark.parametrize("func, wide, narrow", [
    ("zeros", "int64", "int32"), ("ones", "float64", "float32"),
    ("zeros", "complex128", "complex64"), ("arange", "uint64", "uint32"),
])
def test_x32_explicit_64bit_request_warns_and_truncates(func, wide, narrow):
    msg = (f"Explicitly requested dtype {wide} requested in {func} is not available, and "
           f"will be truncated to dtype {narrow}")
    with wnp.promotion_mode("jax-x32"):
        with pytest.warns(UserWarning, match=msg) as rec:
            r = getattr(wnp, func)(3, dtype=wide)
        assert str(r.dtype) == narrow
    assert rec[0].filename == __file__  # the warning points at the caller


def test_x32_queries_and_numpy_inputs_do_not_truncate():
    with wnp.promotion_mode("jax-x32"):
        assert wnp.isdtype(wnp.int64, "integral")
        assert wnp.iinfo(wnp.int64).max == 2**63 - 1
        # JAX differs: NumPy 64-bit arrays are kept 64-bit (JAX reads them as 32-bit).
        big = wnp.asarray(np.arange(3, dtype=np.int64))
        assert str(big.dtype) == "int64" and str((big + 1).dtype) == "int64"
        assert str((big + wnp.ones(3, dtype=wnp.int8)).dtype) == "int64"


def test_x64_never_truncates():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert str(wnp.zeros(2, dtype="int64").dtype) == "int64"


# ---------------------------------------------------------------------------------------
# implicit_cast.

def test_implicit_cast():
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    a, b = wnp.implicit_cast(x, 3)
    assert (str(a.dtype), a.weak_type, str(b.dtype), b.weak_type) == ("int8", False, "int8",
                                                                        False)
    assert b.shape == () and int(b) == 3
    u, i = wnp.implicit_cast(wnp.asarray([200], dtype=wnp.uint8), np.int8(-1))
    assert (str(u.dtype), str(i.dtype)) == ("int16", "int16")
    assert (int(u[0]), int(i)) == (200, -1)
    p, q = wnp.implicit_cast(1, 2.5)
    assert (str(p.dtype), p.weak_type, float(p), float(q)) == ("float64", True, 1.0, 2.5)
    (only,) = wnp.implicit_cast(wnp.asarray(1.0, dtype=wnp.float16))
    assert str(only.dtype) == "float16"
    with pytest.raises(OverflowError):
        wnp.implicit_cast(x, 1000)
    with pytest.raises(wnp.TypePromotionError):
        wnp.implicit_cast(wnp.asarray([1.0], dtype=wnp.float8_e4m3fn), x, 1.0j)
    with pytest.raises(TypeError, match="implicit_cast: argument 1"):
        wnp.implicit_cast(x, "3")
    with pytest.raises(TypeError, match="at least one"):
        wnp.implicit_cast()
    with wnp.promotion_mode("jax-x32"):
        (w,) = wnp.implicit_cast(1.0)
        assert (str(w.dtype), w.weak_type) == ("float32", True)


# ---------------------------------------------------------------------------------------
# The SVG and the CLI.

def _run(*args):
    return subprocess.run([sys.executable, "-m", "weaknp", *args], capture_output=True,
                          text=True, check=True).stdout


SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name", ["jax", "option-3", "array-api"])
def test_svg_parses_and_has_every_node_and_edge(name, tmp_path):
    path = tmp_path / "l.svg"
    _run("lattice", "--lattice", name, "--svg", str(path))
    root = ET.parse(path).getroot()
    nodes = {g.get("data-node"): g.get("data-weak") for g in root.iter(SVG + "g")}
    expected_nodes = {"bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32",
                      "int64", "bfloat16", "float16", "float32", "float64", "complex64",
                      "complex128", "i*", "f*", "c*"}
    assert set(nodes) == expected_nodes
    assert {n for n, w in nodes.items() if w == "true"} == {"i*", "f*", "c*"}
    edges = {(e.get("data-from"), e.get("data-to")) for e in root.iter(SVG + "path")
             if e.get("class") == "edge"}
    lat = BUILTIN[_config.ALIASES.get(name, name)]
    want = {(a, b) for a, b in lat.edge_labels() if a in expected_nodes and b in expected_nodes}
    assert edges == want
    if name == "jax":  # the notebook's final picture, spot-checked literally
        assert {("uint64", "f*"), ("int64", "f*"), ("bfloat16", "float32"),
                ("uint32", "int64"), ("bool", "i*"), ("c*", "complex64")} <= edges
        assert len(edges) == 24


def test_svg_all_includes_ml_dtypes(tmp_path):
    path = tmp_path / "all.svg"
    _run("lattice", "--all", "--svg", str(path))
    root = ET.parse(path).getroot()
    nodes = {g.get("data-node") for g in root.iter(SVG + "g")}
    assert {"float8_e4m3fn", "int4", "uint2", "float4_e2m1fn"} <= nodes
    assert len(nodes) == 35


def test_docs_svg_is_current():
    committed = (ROOT / "docs" / "lattice-jax.svg").read_text()
    assert _run("lattice", "--lattice", "jax", "--svg", "-") == committed
    page = (ROOT / "docs" / "lattices.md").read_text()
    assert "](lattice-jax.svg)" in page


def test_cli_tour():
    out = _run()
    assert "Array([3, 4], dtype=int8)" in out
    assert "dtype=float16" in out
    assert "Array([2.5, 3.5], dtype=float64, weak_type=True)" in out
    assert "bfloat16" in out
    assert "OverflowError: add: Python int 1000 is out of bounds for int8" in out
    table = out.split("## The promotion table")[1]
    rows = {tuple(ln.split()) for ln in table.strip().splitlines()[1:]}
    assert ("u8", "u8", "u8", "u8", "u8", "u8", "f*", "f*", "f*", "f*", "bf", "f2", "f4", "f8",
            "c8", "c16", "u8", "f*", "c*") in rows


def test_cli_table_formats():
    md = _run("table", "--lattice", "option-1", "--format", "markdown").splitlines()
    assert md[0] == "|  | " + " | ".join(SHORT) + " |"
    assert md[7].startswith("| i1 | i1 | i2 | i4 | i8 | - |")
    csv = _run("table", "--mode", "array-api", "--format", "csv").splitlines()
    assert csv[1] == "b1,b1" + ",-" * 17
    html = _run("table", "--format", "html")
    root = ET.fromstring(html.split("<p>")[0])
    cells = {}
    for tr in root.iter("tr"):
        tds = list(tr)
        for col, td in zip(SHORT, tds[1:]):
            cells[(tds[0].text, col)] = (td.text, td.get("class"))
    assert cells[("i4", "f4")] == ("f4", "d")  # NumPy says float64
    assert cells[("i1", "i2")] == ("i2", None)  # NumPy agrees
    assert cells[("i1", "i*")] == ("i1", None)  # NEP 50 agrees
    assert cells[("b1", "i*")] == ("i*", "d")  # NumPy: int64 array


def test_cli_explain():
    out = _run("explain", "int8", "uint64")
    assert "join: f*" in out and "dtype float64, weak" in out
    assert "int8 -> int16 -> int32 -> int64 -> f*" in out
    assert "uint64 -> f*" in out
    out = _run("explain", "int8", "uint64", "--lattice", "option-1")
    assert "have no join in lattice 'option-1'" in out


def test_cli_compare():
    out = _run("compare", "jax", "jax-x32")
    assert "3 of 171 unordered pairs differ" in out
    assert "u4 i1" in out.replace("  ", " ") or "i1 u4" in out.replace("  ", " ")
    out = _run("compare", "jax", "numpy")
    lines = out.splitlines()
    assert any(ln.split()[:4] == ["i4", "f4", "f4", "f8"] for ln in lines if ln.strip())
    assert "jax: associative (a lattice): 0 of 5832 triples differ" in out
    numpy_line = next(ln for ln in lines if ln.startswith("numpy: "))
    assert int(numpy_line.split()[1]) > 12  # "dozens" of non-associative triples
    # the notebook's own example: (i1 + u1) + f2 = f4 in NumPy, i1 + (u1 + f2) = f2
    triples = _run("compare", "numpy", "array-api")
    assert "triples are non-associative" in triples


def test_cli_rejects_unknown_lattice():
    r = subprocess.run([sys.executable, "-m", "weaknp", "table", "--lattice", "nope"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "unknown promotion mode 'nope'" in r.stderr


def test_console_script_entry_point():
    """The ``weaknp`` console script names ``weaknp.__main__:run``, which must exist."""
    from weaknp import __main__ as entry  # noqa: PLC0415
    pyproject = pathlib.Path(__file__).resolve().parents[2] / "pyproject.toml"
    assert 'weaknp = "weaknp.__main__:run"' in pyproject.read_text()
    assert callable(entry.run)


def test_cli_stops_quietly_when_the_reader_leaves():
    """``python -m weaknp table | head -1``: no BrokenPipeError traceback, exit status 0."""
    p = subprocess.Popen([sys.executable, "-m", "weaknp", "table", "--format", "html"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()          # the reader is gone before the first write
    with p.stderr:
        err = p.stderr.read().decode()
    assert p.wait(timeout=60) == 0, err
    assert "Traceback" not in err, err


def test_x32_index_results_are_int32():
    """JAX with x64 off: argmax/argsort/nonzero give int32 (literal, from jax 0.10.2)."""
    import weaknp as wnp_  # noqa: PLC0415
    with wnp_.promotion_mode("jax-x32"):
        x = wnp_.asarray([3, 1, 2])
        assert wnp_.argmax(x).dtype == wnp_.int32
        assert wnp_.argsort(x).dtype == wnp_.int32
        assert wnp_.nonzero(x)[0].dtype == wnp_.int32
        assert wnp_.__array_namespace_info__().default_dtypes()["indexing"] == wnp_.int32
    assert wnp_.argmax(wnp_.asarray([3, 1])).dtype == wnp_.int64
