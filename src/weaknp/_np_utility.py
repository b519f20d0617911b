"""NumPy's utilities around arrays: dtype helpers (``common_type``, ``min_scalar_type``,
``mintypecode``, ``typename``), memory overlap (``shares_memory``) and functions of
functions (``vectorize``, ``frompyfunc``).

Layer 5.5: may import the standard's section modules (layer 5) and anything below.
"""

from __future__ import annotations

import numpy as np

from . import _dtypes as D
from ._array import Array
from ._convert import to_array
from ._operands import data_of, wrap_loaded
from ._operands import raw as _raw
from ._promotion import resolve_dtype
from ._ufunc import ufunc


__all__ = [
    # dtype utilities
    "common_type", "min_scalar_type", "mintypecode", "typename",
    # memory
    "may_share_memory", "shares_memory",
    # functions of functions
    "vectorize", "frompyfunc",
]

# ---------------------------------------------------------------------------------------
# Dtype utilities.

def _dtype_of(x, function):
    if isinstance(x, Array):
        return x.dtype
    dt = resolve_dtype(x, function) if not isinstance(x, (list, tuple, np.ndarray)) else None
    return dt if dt is not None else data_of(x, function)[0].dtype


def common_type(*arrays):
    """The inexact scalar type the arrays promote to (NumPy's rule: integers count as
    float64), returned as a weaknp dtype."""
    if not arrays:
        raise TypeError("common_type: at least one array is required")
    dts = [_dtype_of(a, "common_type") for a in arrays]
    for dt in dts:
        if dt not in D.NUMERIC:
            raise TypeError(f"common_type: can't get common type for non-numeric "
                            f"{D.dtype_name(dt)}")
    is_complex = any(dt in D.COMPLEX for dt in dts)
    size = max(dt.itemsize // (2 if dt in D.COMPLEX else 1) if dt in D.FLOATING else 8
               for dt in dts)
    if is_complex:
        return D.complex128 if size >= 8 else D.complex64
    return {2: D.float16, 4: D.float32}.get(size, D.float64) if size < 8 else D.float64


def mintypecode(typechars, typeset="GDFgdf", default="d"):
    """NumPy's ``mintypecode`` (character codes; weaknp adds nothing here)."""
    return np.mintypecode(typechars, typeset, default)


def min_scalar_type(a, /):
    """The smallest dtype that can hold ``a`` (NumPy's rule, for values weaknp supports)."""
    if isinstance(a, Array):
        a = a._data
    return np.min_scalar_type(a)


# ---------------------------------------------------------------------------------------
# Memory.

def may_share_memory(a, b, /, max_work=None):
    """Whether ``a`` and ``b`` might share memory (weaknp arrays are NumPy buffers)."""
    return np.may_share_memory(_raw(a), _raw(b), max_work=max_work)


def shares_memory(a, b, /, max_work=None):
    """Whether ``a`` and ``b`` share memory (exact, possibly slow)."""
    return np.shares_memory(_raw(a), _raw(b), max_work=max_work)



def typename(char):
    """NumPy's description of a dtype character code."""
    return np.typename(char)


# ---------------------------------------------------------------------------------------
# Functions of functions.

class vectorize:
    """Call a Python function on every element (NumPy's ``vectorize``; a loop, not fast).

    The inputs are weaknp arrays or array-likes; the output dtype is ``otypes[0]`` when
    given, else the dtype of the function's results as NumPy infers it (strong).
    """

    def __init__(self, pyfunc=np._NoValue, otypes=None, doc=None, excluded=None,
                 cache=False, signature=None):
        self._options = (otypes, doc, excluded, cache, signature)
        if pyfunc is np._NoValue:  # NumPy's decorator form: @vectorize(otypes=[float])
            self.pyfunc = None
            return
        self.pyfunc = pyfunc
        self.otypes = ([resolve_dtype(t, "vectorize") for t in otypes]
                       if otypes is not None and not isinstance(otypes, str) else otypes)
        self._np = np.vectorize(pyfunc, otypes=self.otypes, doc=doc, excluded=excluded,
                                cache=cache, signature=signature)
        self.__doc__ = doc or getattr(pyfunc, "__doc__", None)

    def __call__(self, *args, **kwargs):
        if self.pyfunc is None:  # the decorator form, applied to the function
            return vectorize(args[0], *self._options)
        args = [_raw(a) for a in args]
        kwargs = {k: _raw(v) for k, v in kwargs.items()}
        r = self._np(*args, **kwargs)
        if isinstance(r, tuple):
            return tuple(wrap_loaded(np.asarray(x), "vectorize") for x in r)
        return wrap_loaded(np.asarray(r), "vectorize")


def frompyfunc(func, /, nin, nout, *, identity=None):
    """A :class:`weaknp.ufunc` calling ``func`` on each element (NumPy returns object
    arrays; weaknp converts the results with ``asarray``'s rules, so they must be
    numbers).  It takes NumPy's call keywords (``out=``, ``where=``); ``reduce`` and the
    other methods are not available."""
    np_fn = np.frompyfunc(func, nin, nout, identity=identity)

    def call(*args):
        r = np_fn(*[_raw(a) for a in args])
        conv = (lambda v: to_array(v.tolist() if isinstance(v, np.ndarray) else v,
                                   function="frompyfunc"))
        return tuple(conv(v) for v in r) if nout > 1 else conv(r)

    return ufunc(func=call, nin=nin, nout=nout, identity=identity,
                 name=getattr(func, "__name__", "frompyfunc"),
                 doc=getattr(func, "__doc__", None))
