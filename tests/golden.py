"""The literal golden tables every test (and the docs check) reads: written once, here.

Plain data plus one parser; it imports nothing from weaknp, so a test that checks weaknp
against these tables never checks weaknp against itself.

Where the tables come from (outside the code under test):

* ``JAX_X64`` -- JAX's published x64 promotion table (``docs/type_promotion.rst``), which
  is weaknp's ``standard`` mode on JAX's 18 documented nodes.
* ``STRICT`` -- JAX with ``jax_numpy_dtype_promotion='strict'`` (x64): a weak value
  becomes a dtype of its own kind (and ``i* -> f* -> c*``); two different dtypes never
  promote; bool joins only itself.
* ``JAX_X32`` -- the x32 lattice: ``JAX_X64`` plus JAX's x32 edge ``uint32 -> int32``
  (uint32 with int8/16/32 is int32).
* ``ARRAY_API`` -- the Array API standard's tables (2025.12, with the RFC's float16 row)
  and its scalar rules.
* ``OPTION1``-``OPTION3`` -- the design notebook's Options 1-3, computed by a separate
  brute-force script from the notebook's own edge dicts (plus weaknp's two additions:
  bool -> i*, and bfloat16 reached from f* in Options 1 and 2).
* ``JAX_X32_OPS`` -- printed by running ``x + y`` in JAX 0.10.2 with x64 off, operands
  made with ``jnp.zeros(2, dtype)`` (64-bit requests truncated) or Python scalars.
* ``INEXACT`` -- the dtype a function that needs an inexact result computes in
  (docs/decisions.md, decision 9: bool and 8/16/32-bit integers -> float32, 64-bit
  integers -> float64, inexact dtypes unchanged).

In the tables ``i*``/``f*``/``c*`` are weak results (``i4*`` in ``JAX_X32_OPS``: a weak
int32) and ``-`` raises ``TypePromotionError``.
"""

#: The 18 nodes of JAX's documented table, in its order.
SHORT = ["b1", "u1", "u2", "u4", "u8", "i1", "i2", "i4", "i8", "bf", "f2", "f4", "f8", "c8",
         "c16", "i*", "f*", "c*"]
#: The strong nodes' dtype names.
DTYPE = {"b1": "bool", "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
         "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64", "bf": "bfloat16",
         "f2": "float16", "f4": "float32", "f8": "float64", "c8": "complex64",
         "c16": "complex128"}
NAME_TO_SHORT = {v: k for k, v in DTYPE.items()}
#: A Python scalar standing for each weak node.
SCALAR = {"i*": 1, "f*": 1.0, "c*": 1j}
#: The dtype each weak result resolves to: 64-bit defaults, or 32-bit in jax-x32.
WEAK_DTYPE = {"x64": {"i*": "int64", "f*": "float64", "c*": "complex128"},
              "x32": {"i*": "int32", "f*": "float32", "c*": "complex64"}}

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


def parse(text: str) -> dict:
    """``{(row, column): cell}`` of one of the tables above (324 cells)."""
    lines = text.strip().splitlines()
    header = lines[0].split()
    assert header == SHORT, header
    cells = {}
    for ln in lines[1:]:
        row, *vals = ln.split()
        assert len(vals) == len(SHORT), ln
        cells.update({(row, col): v for col, v in zip(header, vals)})
    assert len(cells) == len(SHORT) ** 2
    return cells


#: Every built-in promotion mode's literal table, by mode name.
TABLES = {
    "standard": parse(JAX_X64), "strict": parse(STRICT), "jax-x32": parse(JAX_X32),
    "array-api": parse(ARRAY_API), "option-1": parse(OPTION1), "option-2": parse(OPTION2),
    "option-3": parse(OPTION3),
}

#: Input dtype -> the dtype a function needing an inexact result computes in (decision 9).
INEXACT = {
    "bool": "float32", "int1": "float32", "int2": "float32", "int4": "float32",
    "int8": "float32", "int16": "float32", "int32": "float32", "int64": "float64",
    "uint1": "float32", "uint2": "float32", "uint4": "float32", "uint8": "float32",
    "uint16": "float32", "uint32": "float32", "uint64": "float64",
    "bfloat16": "bfloat16", "float16": "float16", "float32": "float32",
    "float64": "float64", "complex64": "complex64", "complex128": "complex128",
}
