"""The op table: one row per elementwise operation, pure data.

Each row names the standard function, the NumPy ufunc that computes it, its arity, which
promoted dtypes it accepts, the rule that turns the promoted dtype into the result dtype,
the operator stem it backs (``add`` -> ``__add__``/``__radd__``/``__iadd__``), and a
one-line summary used for its docstring.  Adding an elementwise op is one row here.

Result rules
------------
``same``     the promoted dtype.
``inexact``  bool and integers map to a float with JAX's fixed table (bool and 8/16/32-bit
             integers -> float32, 64-bit integers -> float64); floats and complex unchanged.
``numeric``  like ``same`` but a bool result is computed as int32 (JAX's rule for
             ``square``, ``**``, ``//``, ``%``).
``real``     complex maps to the real float of the same precision (``abs``, ``real``, ``imag``).
``bool``     the result is bool; operands are compared in the promoted dtype.
``logical``  the result is bool; operands are promoted (for the error check) and then read
             as truth values.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from . import dtypes

__all__ = ["Op", "OPS", "NUMPY_OPS", "ALL_OPS", "BY_NAME", "BY_UFUNC",
           "OPERATOR_STEMS"]


class Op(NamedTuple):
    name: str
    ufunc: np.ufunc | None
    arity: int
    accepts: frozenset
    rule: str
    stem: str | None
    summary: str


_ANY = dtypes.BOOL | dtypes.NUMERIC
_NUM = dtypes.NUMERIC
# real-valued (bool counts: JAX accepts it)
_REAL = dtypes.BOOL | dtypes.INTEGER | dtypes.REAL_FLOAT
_INT = dtypes.BOOL | dtypes.INTEGER
_FLOATS = dtypes.FLOATING | dtypes.INTEGER | dtypes.BOOL   # inexact-rule ops: ints, bool too

_rows = [
    # name, ufunc, arity, accepts, rule, operator stem, summary
    ("abs", np.absolute, 1, _ANY, "real", "abs", "Absolute value, elementwise."),
    ("acos", np.arccos, 1, _FLOATS, "inexact", None, "Inverse cosine, elementwise."),
    ("acosh", np.arccosh, 1, _FLOATS, "inexact", None, "Inverse hyperbolic cosine, elementwise."),
    ("add", np.add, 2, _ANY, "same", "add", "Sum of the two inputs, elementwise."),
    ("asin", np.arcsin, 1, _FLOATS, "inexact", None, "Inverse sine, elementwise."),
    ("asinh", np.arcsinh, 1, _FLOATS, "inexact", None, "Inverse hyperbolic sine, elementwise."),
    ("atan", np.arctan, 1, _FLOATS, "inexact", None, "Inverse tangent, elementwise."),
    # JAX differs: atan2 and logaddexp accept complex there; the standard says real-only.
    # Decision 9.
    ("atan2", np.arctan2, 2, _REAL, "inexact", None,
     "Inverse tangent of x1/x2 using the signs of both to pick the quadrant, elementwise."),
    ("atanh", np.arctanh, 1, _FLOATS, "inexact", None,
     "Inverse hyperbolic tangent, elementwise."),
    ("bitwise_and", np.bitwise_and, 2, _INT, "same", "and", "Bitwise AND, elementwise."),
    # JAX differs: it shifts bool as int32; the standard defines shifts for integers only.
    # Decision 9.
    ("bitwise_left_shift", np.left_shift, 2, dtypes.INTEGER, "same", "lshift",
     "Shift the bits of x1 left by x2, elementwise."),
    ("bitwise_invert", np.invert, 1, _INT, "same", "invert", "Bitwise NOT, elementwise."),
    ("bitwise_or", np.bitwise_or, 2, _INT, "same", "or", "Bitwise OR, elementwise."),
    ("bitwise_right_shift", np.right_shift, 2, dtypes.INTEGER, "same", "rshift",
     "Shift the bits of x1 right by x2 (arithmetic for signed types), elementwise."),
    ("bitwise_xor", np.bitwise_xor, 2, _INT, "same", "xor", "Bitwise XOR, elementwise."),
    ("ceil", np.ceil, 1, _REAL, "same", None, "Smallest integer-valued number >= x, elementwise."),
    ("conj", np.conjugate, 1, _ANY, "same", None, "Complex conjugate, elementwise."),
    ("copysign", np.copysign, 2, _REAL, "inexact", None,
     "Magnitude of x1 with the sign of x2, elementwise."),
    ("cos", np.cos, 1, _FLOATS, "inexact", None, "Cosine, elementwise."),
    ("cosh", np.cosh, 1, _FLOATS, "inexact", None, "Hyperbolic cosine, elementwise."),
    ("divide", np.divide, 2, _ANY, "inexact", "truediv", "True division, elementwise."),
    # JAX differs: comparisons of weak operands give a weak bool there; never here.
    # Decision 4.
    ("equal", np.equal, 2, _ANY, "bool", "eq", "x1 == x2, elementwise."),
    ("exp", np.exp, 1, _FLOATS, "inexact", None, "Exponential, elementwise."),
    ("expm1", np.expm1, 1, _FLOATS, "inexact", None, "exp(x) - 1, accurate near 0, elementwise."),
    ("floor", np.floor, 1, _REAL, "same", None,
     "Largest integer-valued number <= x, elementwise."),
    ("floor_divide", np.floor_divide, 2, _REAL, "numeric", "floordiv",
     "Division rounded towards negative infinity, elementwise."),
    ("greater", np.greater, 2, _ANY, "bool", "gt", "x1 > x2, elementwise."),
    ("greater_equal", np.greater_equal, 2, _ANY, "bool", "ge", "x1 >= x2, elementwise."),
    # JAX differs: hypot, log2 and log10 drop the weak flag there; they keep the join's.
    # Decision 6.
    ("hypot", np.hypot, 2, _REAL, "inexact", None,
     "sqrt(x1**2 + x2**2) without overflow, elementwise."),
    ("imag", np.imag, 1, _ANY, "real", None, "Imaginary part, elementwise."),
    ("isfinite", np.isfinite, 1, _ANY, "bool", None, "Whether x is finite, elementwise."),
    ("isinf", np.isinf, 1, _ANY, "bool", None, "Whether x is infinite, elementwise."),
    ("isnan", np.isnan, 1, _ANY, "bool", None, "Whether x is NaN, elementwise."),
    ("less", np.less, 2, _ANY, "bool", "lt", "x1 < x2, elementwise."),
    ("less_equal", np.less_equal, 2, _ANY, "bool", "le", "x1 <= x2, elementwise."),
    ("log", np.log, 1, _FLOATS, "inexact", None, "Natural logarithm, elementwise."),
    ("log1p", np.log1p, 1, _FLOATS, "inexact", None, "log(1 + x), accurate near 0, elementwise."),
    ("log2", np.log2, 1, _FLOATS, "inexact", None, "Base-2 logarithm, elementwise."),
    ("log10", np.log10, 1, _FLOATS, "inexact", None, "Base-10 logarithm, elementwise."),
    ("logaddexp", np.logaddexp, 2, _REAL, "inexact", None, "log(exp(x1) + exp(x2)), elementwise."),
    ("logical_and", np.logical_and, 2, _ANY, "logical", None, "Logical AND, elementwise."),
    ("logical_not", np.logical_not, 1, _ANY, "logical", None, "Logical NOT, elementwise."),
    ("logical_or", np.logical_or, 2, _ANY, "logical", None, "Logical OR, elementwise."),
    ("logical_xor", np.logical_xor, 2, _ANY, "logical", None, "Logical XOR, elementwise."),
    ("maximum", np.maximum, 2, _ANY, "same", None,
     "Larger of x1 and x2 (NaN propagates), elementwise."),
    ("minimum", np.minimum, 2, _ANY, "same", None,
     "Smaller of x1 and x2 (NaN propagates), elementwise."),
    ("multiply", np.multiply, 2, _ANY, "same", "mul", "Product, elementwise."),
    ("negative", np.negative, 1, _NUM, "same", "neg", "Numerical negative, elementwise."),
    ("nextafter", np.nextafter, 2, _REAL, "inexact", None,
     "Next representable value after x1 towards x2, elementwise."),
    ("not_equal", np.not_equal, 2, _ANY, "bool", "ne", "x1 != x2, elementwise."),
    ("positive", np.positive, 1, _ANY, "same", "pos", "Numerical positive (a copy), elementwise."),
    # JAX differs: a concrete int exponent's dtype is ignored there (bool ** 2 is int32).
    # Decision 7.
    ("pow", np.power, 2, _ANY, "numeric", "pow", "x1 raised to the power x2, elementwise."),
    ("real", np.real, 1, _ANY, "real", None, "Real part, elementwise."),
    ("reciprocal", np.reciprocal, 1, _ANY, "inexact", None, "1 / x, elementwise."),
    ("remainder", np.remainder, 2, _REAL, "numeric", "mod",
     "Remainder of floor division (sign of x2), elementwise."),
    ("round", np.round, 1, _NUM, "same", None,
     "Round to the nearest integer (half to even), elementwise."),
    ("sign", np.sign, 1, _NUM, "same", None, "Sign of x (x/|x| for complex), elementwise."),
    ("signbit", np.signbit, 1, _REAL, "bool", None, "Whether the sign bit is set, elementwise."),
    ("sin", np.sin, 1, _FLOATS, "inexact", None, "Sine, elementwise."),
    ("sinh", np.sinh, 1, _FLOATS, "inexact", None, "Hyperbolic sine, elementwise."),
    ("square", np.square, 1, _ANY, "numeric", None, "x * x, elementwise."),
    ("sqrt", np.sqrt, 1, _FLOATS, "inexact", None, "Principal square root, elementwise."),
    ("subtract", np.subtract, 2, _NUM, "same", "sub", "Difference x1 - x2, elementwise."),
    ("tan", np.tan, 1, _FLOATS, "inexact", None, "Tangent, elementwise."),
    ("tanh", np.tanh, 1, _FLOATS, "inexact", None, "Hyperbolic tangent, elementwise."),
    ("trunc", np.trunc, 1, _REAL, "same", None, "Round towards zero, elementwise."),
]

#: NumPy's elementwise ufuncs beyond the standard (``weaknp._numpy.umath`` exposes them).  Their
#: dtypes follow jax.numpy x64 where JAX is consistent with its own lattice; see the notes.
_numpy_rows = [
    ("cbrt", np.cbrt, 1, _REAL, "inexact", None, "Cube root, elementwise."),
    ("deg2rad", np.deg2rad, 1, _REAL, "inexact", None, "Degrees to radians, elementwise."),
    ("degrees", np.degrees, 1, _REAL, "inexact", None, "Radians to degrees, elementwise."),
    ("exp2", np.exp2, 1, _FLOATS, "inexact", None, "2 ** x, elementwise."),
    ("fabs", np.fabs, 1, _REAL, "inexact", None, "Absolute value as a float, elementwise."),
    # NumPy differs: float_power always computes in float64/complex128; JAX and weaknp
    # use the inexact rule (float32 ** float32 is float32) (decision 24).
    ("float_power", np.float_power, 2, _ANY, "inexact", None,
     "x1 ** x2 in an inexact dtype, elementwise."),
    ("fmax", np.fmax, 2, _ANY, "same", None, "Larger of x1 and x2 (NaN ignored), elementwise."),
    ("fmin", np.fmin, 2, _ANY, "same", None, "Smaller of x1 and x2 (NaN ignored), elementwise."),
    ("fmod", np.fmod, 2, _REAL, "numeric", None,
     "Remainder of truncated division (sign of x1), elementwise."),
    ("gcd", np.gcd, 2, _INT, "numeric", None, "Greatest common divisor, elementwise."),
    # JAX differs: heaviside and logaddexp2 drop the weak flag of a weak-with-strong-int
    # join there; weaknp keeps the join's flag as for every other inexact op (decision 24).
    ("heaviside", np.heaviside, 2, _REAL, "inexact", None,
     "Heaviside step function (x2 where x1 == 0), elementwise."),
    ("lcm", np.lcm, 2, _INT, "numeric", None, "Least common multiple, elementwise."),
    ("logaddexp2", np.logaddexp2, 2, _REAL, "inexact", None,
     "log2(2**x1 + 2**x2), elementwise."),
    ("rad2deg", np.rad2deg, 1, _REAL, "inexact", None, "Radians to degrees, elementwise."),
    ("radians", np.radians, 1, _REAL, "inexact", None, "Degrees to radians, elementwise."),
    # JAX differs: rint of any integer is float64 there (and NumPy gives float16 for int8);
    # weaknp uses the inexact rule like every other integer-to-float op (decision 24).
    ("rint", np.rint, 1, _FLOATS, "inexact", None,
     "Round to the nearest integer (half to even), as a float, elementwise."),
    # JAX differs: spacing drops the weak flag there (decision 24).
    ("spacing", np.spacing, 1, _REAL, "inexact", None,
     "Distance to the next larger-magnitude float, elementwise."),
]

OPS = tuple(Op(*row) for row in _rows)
NUMPY_OPS = tuple(Op(*row) for row in _numpy_rows)
ALL_OPS = OPS + NUMPY_OPS
BY_NAME = {op.name: op for op in ALL_OPS}
#: NumPy ufunc -> the op row that implements it (for ``__array_ufunc__``).
BY_UFUNC = {op.ufunc: op for op in ALL_OPS if isinstance(op.ufunc, np.ufunc)}
#: operator stem -> op row
OPERATOR_STEMS = {op.stem: op for op in OPS if op.stem}
