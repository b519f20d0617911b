"""NumPy's ufunc-like functions (``numpy/lib/_ufunclike_impl.py``): ``fix``,
``isposinf``, ``isneginf``.

``fix`` is the standard's ``trunc`` (integers stay integers); the predicates take real
inputs and return strong bool.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._api import elementwise as E
from .._fast.dispatch import wrap
from .._array.operands import data_of
from .._array.stored import deliver
from .multiarray import check_real

__all__ = ["fix", "isneginf", "isposinf"]


# JAX differs: jnp.fix was removed (use trunc); NumPy's fix is trunc (integers stay integers).
# Decision 56.
fix = E.trunc


def _real_predicate(function, x, np_fn):
    d, w = data_of(x, function)
    check_real(function, d, w)
    if d.dtype not in dtypes.REAL_FLOAT:
        # an integer or bool is never infinite: no pass over it (NumPy's isposinf of int32
        # runs isinf and a signbit that converts every element to float64)
        return wrap(np.zeros(d.shape, dtypes.bool_), False)
    if d.dtype in dtypes.ML_DTYPES:
        d = dtype_rules.cast(d, dtypes.float32)
    return wrap(np.asarray(np_fn(d)), False)


def isneginf(x, out=None):
    """Whether ``x`` is negative infinity, elementwise (real inputs; strong bool)."""
    return deliver(_real_predicate("isneginf", x, np.isneginf), out, "isneginf")


def isposinf(x, out=None):
    """Whether ``x`` is positive infinity, elementwise (real inputs; strong bool)."""
    return deliver(_real_predicate("isposinf", x, np.isposinf), out, "isposinf")
