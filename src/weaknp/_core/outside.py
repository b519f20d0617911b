"""Operations on arrays outside the lattice (strings, records, dates, void): NumPy's own rules.

The lattice governs the numbers and NumPy the rest (decision 72).  An operand whose dtype is
outside the lattice (``dtypes.is_outside``) sits at the node ``OUTSIDE``; every op with such
an operand runs NumPy's own ufunc on the payloads as given (``str + str`` concatenates,
``datetime64 - datetime64`` is a timedelta64, ``timedelta64 * 2`` NumPy's answer) and the
result's node follows its dtype (``lattice.dtype_node``): ``str == str`` is an ordinary
strong bool array.  Where NumPy defines no loop, the error names the op, the dtypes and the
fix; ``==``/``!=`` then answer as NumPy's operators do: records field by field, void
scalars by their bytes, all False / all True where NumPy has no answer either.
"""

from __future__ import annotations

import operator

import numpy as np

from . import dtypes
from .ops import Op

__all__ = ["binary_general", "unary_general", "inplace"]

_ndarray = np.ndarray
#: The ops NumPy's operators answer without a ufunc loop (array_richcompare: records field
#: by field, void by bytes), and their answer where even those have none: all False/True.
_OPERATOR = {"equal": operator.eq, "not_equal": operator.ne}
_IDENTITY_ANSWER = {"equal": False, "not_equal": True}


def _describe(value) -> str:
    """``<U5``, ``datetime64[D]``, ``int8``, ``Python int`` for a message."""
    if isinstance(value, _ndarray):
        dt = value.dtype
        return (f"{dtypes.outside_kind(dt)} {dt}" if dtypes.is_outside(dt)
                else dtypes.dtype_name(dt))
    return f"Python {type(value).__name__}"


def _no_loop(op: Op, operands, err) -> TypeError:
    names = " and ".join(_describe(v) for v in operands)
    return TypeError(f"{op.name}: NumPy defines no {op.name} for {names} ({err}); outside "
                     f"the lattice NumPy's own rules apply: convert explicitly first "
                     f"(astype, numpy.strings for text, a record's field rec['name'])")


def _ufunc(op: Op, operands):
    if not isinstance(op.ufunc, np.ufunc):
        names = " and ".join(_describe(v) for v in operands)
        raise TypeError(f"{op.name}: not defined for {names}; it takes numbers only: use a "
                        f"numeric field or astype() first")
    return op.ufunc


def binary_general(op: Op):
    """The ``general`` of an entry with an operand outside the lattice: NumPy's ufunc on the
    payloads as given, returning an ndarray."""
    identity = _IDENTITY_ANSWER.get(op.name)

    def general(a, b):
        f = _ufunc(op, (a, b))
        try:
            r = f(a, b)
        except TypeError as err:
            if identity is None:
                raise _no_loop(op, (a, b), err) from None
            shape = np.broadcast_shapes(np.shape(a), np.shape(b))
            try:    # records compare field by field, void by bytes (np.equal has no loop)
                r = np.asarray(_OPERATOR[op.name](a, b))
            except (TypeError, ValueError):
                r = None
            if r is None or r.dtype != np.bool_ or r.shape != shape:
                return np.full(shape, identity)
            return r
        return r if type(r) is _ndarray else np.asarray(r)

    return general


def unary_general(op: Op):
    """The ``general`` of a one-input entry outside the lattice (``-timedelta64``)."""

    def general(a):
        f = _ufunc(op, (a,))
        try:
            r = f(a)
        except TypeError as err:
            raise _no_loop(op, (a,), err) from None
        return r if type(r) is _ndarray else np.asarray(r)

    return general


def inplace(op: Op, a: np.ndarray, b):
    """``a op= b`` when an operand is outside the lattice: NumPy's ufunc into ``a`` with its
    ``same_kind`` casting rule (``td += td``); the error of the op when NumPy refuses.  NumPy
    checks its loop and casts before writing, so a failing call changes nothing."""
    f = _ufunc(op, (a, b))
    try:
        f(a, b, out=a)
    except TypeError as err:
        raise _no_loop(op, (a, b), err) from None

