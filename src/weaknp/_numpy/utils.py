"""NumPy's utilities around arrays: dtype helpers (``common_type``, ``min_scalar_type``,
``mintypecode``, ``typename``), memory overlap (``shares_memory``), functions of
functions (``vectorize``, ``frompyfunc``) and the build report (``show_config``).
"""

from __future__ import annotations

import os
import platform
import re
import sys

import numpy as np

from .._core import config as _config
from .._fast import dispatch as _dispatch
from .._core import dtypes as D
from .._array.array import Array
from .._array.convert import to_array
from .._array.operands import data_of, wrap_loaded
from .._array.operands import raw as _raw
from .._core.promotion import resolve_dtype
from .._api.ufunc import ufunc


__all__ = [
    # dtype utilities
    "common_type", "min_scalar_type", "mintypecode", "typename",
    # memory
    "may_share_memory", "shares_memory",
    # functions of functions
    "vectorize", "frompyfunc",
    # the build
    "show_config",
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


# ---------------------------------------------------------------------------------------
# The build.

#: How to get the compiled dispatch core where the pure-Python one runs.
COMPILED_HOWTO = (
    "install a C compiler and Python's headers (Debian/Ubuntu: apt install build-essential "
    "python3-dev), then reinstall weaknp from its source, e.g. in its checkout: pip install "
    "--force-reinstall --no-deps --no-cache-dir -v . (-v shows the build's messages, which "
    "pip otherwise hides), or build it in place there: tools/build_inplace.sh PYTHON")


def _cython_version(path: str) -> str | None:
    """The Cython release the compiled core was built with: the name of Cython's shared
    ABI module (``_cython_3_1_2``) is written into every module it compiles."""
    try:
        with open(path, "rb") as fh:
            found = re.search(rb"_cython_(\d+)_(\d+)_(\d+)", fh.read())
    except OSError:
        return None
    return ".".join(p.decode() for p in found.groups()) if found else None


def build_info() -> dict:
    """weaknp's build: which dispatch core runs and why, and the versions around it."""
    path = _dispatch.__file__
    compiled = not path.endswith(".py")
    info = {"version": _config.VERSION,
            "core": "compiled" if compiled else "pure-Python",
            "core module": path}
    if compiled:
        info["Cython"] = _cython_version(path) or "unknown"
    else:
        here = os.path.dirname(path)
        beside = [f for f in os.listdir(here) if f.startswith("_dispatch.") and
                  f.endswith((".so", ".pyd"))]
        if beside:
            info["why"] = (f"{_config.PURE_PYTHON_ENV_VAR} was set when weaknp was imported "
                           f"(the compiled core {beside[0]} is installed)")
            info["compiled core"] = f"unset {_config.PURE_PYTHON_ENV_VAR}"
        else:
            info["why"] = "the compiled core was not built when weaknp was installed"
            info["compiled core"] = COMPILED_HOWTO
    import ml_dtypes  # noqa: PLC0415 - its version only; weaknp imports it anyway

    info["numpy"] = np.__version__
    info["ml_dtypes"] = ml_dtypes.__version__
    info["python"] = f"{platform.python_version()} ({platform.python_implementation()}, " \
                     f"{sys.executable})"
    simd = np.show_config(mode="dicts").get("SIMD Extensions", {})
    # NumPy's baseline (always used) and the dispatched targets this CPU has ("found")
    info["CPU features (NumPy)"] = [*simd.get("baseline", []), *simd.get("found", [])]
    return info


def show_config(mode="stdout"):
    """Print weaknp's build, then NumPy's (``numpy.show_config``).

    weaknp's part names the dispatch core that runs (compiled or pure-Python, and how to
    get the compiled one), the Cython release it was compiled with, the versions of
    weaknp, NumPy, ml_dtypes and Python, and the CPU features NumPy uses.

    Parameters
    ----------
    mode : {'stdout', 'dicts'}, optional
        As in NumPy: ``'stdout'`` prints and returns None; ``'dicts'`` returns
        ``{"weaknp": {...}, "numpy": numpy.show_config(mode="dicts")}``.

    Examples
    --------
    >>> import weaknp as wnp
    >>> config = wnp.show_config(mode="dicts")
    >>> config["weaknp"]["core"] in ("compiled", "pure-Python")
    True
    """
    if mode not in ("stdout", "dicts"):
        # As NumPy: an AttributeError (numpy.show_config(mode="x") raises one too).
        raise AttributeError(f"show_config: invalid mode {mode!r}; use one of: stdout, dicts")
    info = build_info()
    # NumPy differs: its dicts are its build's sections alone; weaknp's come first, beside
    # them, and its text precedes NumPy's (decision 60).
    if mode == "dicts":
        return {"weaknp": info, "numpy": np.show_config(mode="dicts")}
    width = max(len(k) for k in info)
    print("weaknp:")
    for key, value in info.items():
        text = ", ".join(value) if isinstance(value, list) else value
        print(f"  {key + ':':<{width + 1}} {text}")
    print()
    print("NumPy:")
    np.show_config()
    return None
