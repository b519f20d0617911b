"""The dtype rules: what dtype an op computes in and returns, and weaknp's own casts.

One body per rule: ``inexact_dtype`` (the dtype a function needing an inexact result gives
for an integer or bool input), ``compute_dtype`` (the dtype a reduction accumulates in),
``native_dtype`` (the NumPy dtype an ml_dtypes type computes in: float32 / int32),
``loop_dtype`` (the elementwise loop of an op), ``result_dtype`` (an op's result rule);
``cast`` / ``explicit_cast`` (the one conversion, without NumPy's cast warnings for the
casts weaknp does on its own behalf).
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

import numpy as np

from . import dtypes
from .dtypes import COMPLEX, INTEGER, ML_DTYPES, NAN_LESS, REAL_FLOAT, bool_

if TYPE_CHECKING:
    from .ops import Op

__all__ = ["INEXACT_MAP", "inexact_dtype", "compute_dtype", "native_dtype", "loop_dtype",
           "result_dtype", "cast", "explicit_cast"]

_asarray = np.asarray

#: JAX's inexact mapping (reference §12.2), extended: weaknp maps the 1- and 2-bit
#: integers to float32 too (JAX leaves them unmapped and then fails or returns int2).
# JAX differs: it leaves int1/int2/uint1/uint2 unmapped (then fails or returns int2).
# Decision 10.
INEXACT_MAP = {dt: (dtypes.float64 if dt in (dtypes.int64, dtypes.uint64) else dtypes.float32)
               for dt in dtypes.INTEGER | dtypes.BOOL}


def inexact_dtype(dt: np.dtype) -> np.dtype:
    """The dtype of a result that must be inexact (``divide``, ``sqrt``, ``mean`` ...) for
    an input of ``dt``: bool and 8/16/32-bit integers give float32, 64-bit integers
    float64 (JAX's table, decision 9); an inexact ``dt`` is kept.

    >>> import numpy as np
    >>> from weaknp._core.dtype_rules import inexact_dtype
    >>> inexact_dtype(np.dtype("int16")), inexact_dtype(np.dtype("uint64"))
    (dtype('float32'), dtype('float64'))
    """
    return INEXACT_MAP.get(dt, dt)


def native_dtype(dt: np.dtype) -> np.dtype:
    """The NumPy dtype an ml_dtypes type computes in (bit-identical results, NumPy's fast
    loops): float32 for the narrow floats, int32 for the sub-byte integers; any other
    dtype is its own.

    >>> import ml_dtypes, numpy as np
    >>> from weaknp._core.dtype_rules import native_dtype
    >>> native_dtype(np.dtype(ml_dtypes.bfloat16)), native_dtype(np.dtype(ml_dtypes.int4))
    (dtype('float32'), dtype('int32'))
    """
    if dt in ML_DTYPES:
        # NumPy differs: ml_dtypes' own loops are slower beyond a few thousand elements
        # and bfloat16 + 1.5 is float32 there (decision 16).
        return dtypes.int32 if dt in INTEGER else dtypes.float32
    return dt


def compute_dtype(dt: np.dtype) -> np.dtype:
    """The dtype a reduction of ``dt`` accumulates in: bfloat16, float16 and the float8
    family in float32 (as JAX; NumPy differs: it accumulates float16 in float16), the
    sub-byte integers in 64 bits; every other dtype in itself.

    >>> import numpy as np
    >>> from weaknp._core.dtype_rules import compute_dtype
    >>> compute_dtype(np.dtype("float16")), compute_dtype(np.dtype("int8"))
    (dtype('float32'), dtype('int8'))
    """
    if dt is dtypes.float32 or dt is dtypes.float64:   # the common call: two pointer tests
        return dt
    if dt in REAL_FLOAT and dt not in (dtypes.float32, dtypes.float64):
        return dtypes.float32
    if dt in ML_DTYPES:  # sub-byte integers
        return dtypes.int64 if dt in dtypes.SIGNED else dtypes.uint64
    return dt


#: Ops whose value in a wider float loop, rounded back, is not the op on the narrow type
#: (the next float after 1 in float32 rounds back to 1 in bfloat16): ml_dtypes' own loop.
_NARROW_LOOP_OPS = frozenset({"nextafter", "spacing"})


def loop_dtype(dt: np.dtype, op_name: str = "") -> np.dtype:
    """NumPy computes ml_dtypes types in a wider native loop (bit-identical, much faster)."""
    if dt in ML_DTYPES and op_name in _NARROW_LOOP_OPS and dt in REAL_FLOAT:
        return dt
    return native_dtype(dt)


def result_dtype(op: Op, dt: np.dtype) -> np.dtype:
    """The op's result dtype for promoted dtype ``dt`` (the result rule, no kind check)."""
    rule = op.rule
    if rule == "inexact":
        return inexact_dtype(dt)
    if rule == "numeric":
        return dtypes.int32 if dt == bool_ else dt
    if rule == "real":
        return dtypes.COMPLEX_TO_REAL.get(dt, dt)
    if rule in ("bool", "logical"):
        return bool_
    return dt


def cast(x, dt: np.dtype):
    """``x.astype(dt)`` as an ndarray, without NumPy's cast warnings (weaknp chose the cast)."""
    x = _asarray(x)
    if x.dtype == dt:
        return x
    with np.errstate(all="ignore"):
        return _converted(x, dt)


def explicit_cast(x, dt: np.dtype):
    """``x.astype(dt)`` as an ndarray for a cast the user asked for (``astype``,
    ``copyto(casting="unsafe")``, ``np.asarray(x, dtype=)``): NumPy's floating-point cast
    warnings ("invalid value encountered in cast") follow the user's ``errstate``, as in
    NumPy; hiding them is for the casts weaknp does on its own behalf (``cast``).  The
    complex-to-real ``ComplexWarning`` stays quiet (decision 56)."""
    x = _asarray(x)
    if x.dtype == dt:
        return x
    return _converted(x, dt)


def _converted(x: np.ndarray, dt: np.dtype) -> np.ndarray:
    """The one conversion of ``cast`` and ``explicit_cast``: complex to real drops the
    imaginary part without NumPy's ``ComplexWarning`` (decision 56); a NaN into a type
    without NaN is +0, whatever its sign bit (decision 55)."""
    if x.dtype in COMPLEX and dt not in COMPLEX:   # catch_warnings costs ~3 us: only here
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
            r = x.astype(dt)
    else:
        r = x.astype(dt)
    if dt in NAN_LESS and (x.dtype in REAL_FLOAT or x.dtype in COMPLEX) and x.size:
        # ml_dtypes maps NaN to a zero with the NaN's sign bit; weaknp's is +0
        nan = np.isnan(x.real if x.dtype in COMPLEX else x)
        if nan.any():
            r[nan] = 0
    return r
