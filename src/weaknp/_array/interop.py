"""NumPy interoperability: NumPy functions and ufunc methods called on weaknp arrays.

``numpy.<function>(weaknp_array, ...)`` reaches ``Array.__array_function__`` (NEP 18),
which calls weaknp's function of the same name (``numpy.linalg.*`` -> ``weaknp.linalg.*``,
``numpy.fft.*`` -> ``weaknp.fft.*``): one promotion rule holds whichever library's
function is called.  It is a lookup and a call: weaknp's functions take NumPy's signature
(positional axes, ``out=``, ``where=``, ``initial=``, ``order=``, ``kind=``), so NumPy's
arguments pass through unchanged, and ``np.sum(x, 0)``, ``weaknp.sum(x, 0)`` and
``x.sum(0)`` are one body.  ``out=`` follows the rule of ``out[...] = result`` (see
``_reduce.deliver``).  A NumPy function weaknp does not implement raises ``TypeError``
saying what to do: never a silently NumPy-promoted result.

Ufuncs: ``Array.__array_ufunc__`` handles plain calls of the op table's ufuncs itself and
sends everything else (``out=``, ``dtype=``, ``where=``, ``reduce``, ``accumulate``,
``reduceat``, ``outer``, ``at``) to the weaknp ufunc of the same name (``weaknp._api.ufunc``
documents the rules): NumPy's spelling and weaknp's share one body.  NumPy's ufuncs are
matched by identity; a foreign ufunc (SciPy's, ``numpy.frompyfunc``'s) runs on the
buffers with its own type resolution and gives strong Arrays (``_foreign_ufunc``).

The lower layers call the public namespace by name only through this module: the public
package hands itself down once (``bind``, at the end of ``weaknp/__init__``) and
``namespace()`` returns it.  ``Array``'s NumPy-style methods (``x.sum()`` is
``weaknp.sum(x)``), ``__array_namespace__`` and NEP 18 read it, so no module below the
public package reaches it through ``sys.modules`` (tests/unit/test_layering.py checks).
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes
from .._fast.dispatch import ArrayBase, wrap
from .._core.ops import BY_UFUNC

_SUPPORTED = frozenset(dtypes.ALL_DTYPES)

__all__ = ["bind", "namespace", "_array_function", "_numpy_fallback"]

#: The public namespace (``weaknp``), set once by ``bind``.
_NAMESPACE = None


def bind(module) -> None:
    """Hand the public namespace down (``weaknp/__init__`` calls this once)."""
    global _NAMESPACE
    _NAMESPACE = module


def namespace():
    """The public namespace: every call reaching it runs after ``import weaknp`` ended."""
    return _NAMESPACE



def _target(func):
    """weaknp's function for NumPy's ``func`` (or None)."""
    module = getattr(func, "__module__", "") or ""
    ns = namespace()
    if module.startswith("numpy.linalg"):
        ns = ns.linalg
    elif module.startswith("numpy.fft"):
        ns = ns.fft
    try:
        return getattr(ns, func.__name__)
    except AttributeError:
        return None


def _unsupported(where, why):
    return TypeError(f"{where}: {why}; convert explicitly with numpy.asarray(x) to use "
                     f"NumPy's own function (and its dtype rules), or call the weaknp "
                     f"function directly")


def _array_function(func, types, args, kwargs):
    """``Array.__array_function__``: a lookup and a call.  weaknp's function of the same
    name takes NumPy's signature (docs/decisions.md, decision 21), so NumPy's arguments
    pass as given."""
    if not all(issubclass(t, ArrayBase) or t.__module__.startswith("numpy") for t in types):
        return NotImplemented
    target = _target(func)
    if target is None or target is func:
        raise _unsupported(f"numpy.{func.__name__}",
                           "weaknp does not implement this function for its arrays")
    return target(*args, **kwargs)


# -- ufuncs ---------------------------------------------------------------------------------

def _ufunc_error(where, why="weaknp does not run this NumPy ufunc call on its arrays"):
    return TypeError(
        f"{where}: {why} (NumPy's dtype promotion would decide the result); use the weaknp "
        f"function of the same name, or convert explicitly with numpy.asarray(x) first")


def _is_numpys(ufunc) -> bool:
    """``ufunc`` is NumPy's own ufunc object (matched by identity, never by name:
    ``scipy.special.cbrt`` is not ``numpy.cbrt``)."""
    return ufunc in BY_UFUNC or getattr(np, ufunc.__name__, None) is ufunc


def _function_of(ufunc):
    """weaknp's function computing NumPy's ``ufunc`` (its op row's name, else the
    ufunc's); None for a ufunc that is not NumPy's own."""
    op = BY_UFUNC.get(ufunc)
    if op is None and not _is_numpys(ufunc):
        return None
    return getattr(namespace(), op.name if op is not None else ufunc.__name__, None)


def _plain(x):
    """An ndarray for an Array (its buffer), ``x`` itself for anything else."""
    return x._data if isinstance(x, ArrayBase) else x


def _foreign_ufunc(ufunc, method, inputs, kwargs):
    """A ufunc that is not NumPy's own (``scipy.special.erf``, ``numpy.frompyfunc``'s):
    weaknp has no rule for it, so it runs on the arrays' buffers with its own (NumPy's)
    type resolution, and a result of a dtype weaknp carries comes back as a strong Array.
    Decision 62."""
    where = f"ufunc {ufunc.__name__!r} (not a NumPy ufunc)" + (
        "" if method == "__call__" else f".{method}")
    if method == "at" or any(isinstance(o, ArrayBase) for o in _outs(kwargs)):
        raise TypeError(f"{where}: weaknp does not let a foreign ufunc write into its "
                        f"arrays (at, out=); call it on numpy.asarray(x) and store the "
                        f"result with x[...] = result")
    # NumPy differs: it would return ndarrays; weaknp wraps them as strong Arrays.
    # Decision 62.
    args = [_plain(x) for x in inputs]
    kw = {k: (_plain(v) if k == "where" else v) for k, v in kwargs.items()}
    r = getattr(ufunc, method)(*args, **kw)
    results = r if isinstance(r, tuple) else (r,)
    out = []
    for x in results:
        x = np.asarray(x)
        if x.dtype not in _SUPPORTED:
            raise TypeError(
                f"{where}: its result has dtype {x.dtype}, which weaknp does not carry; "
                f"call it on numpy.asarray(x) first to get NumPy's array")
        out.append(wrap(x, False))
    return tuple(out) if isinstance(r, tuple) else out[0]


def _outs(kwargs):
    o = kwargs.get("out")
    return o if isinstance(o, tuple) else () if o is None else (o,)


def _numpy_fallback(ufunc, method, inputs, kwargs):
    """Ufunc calls ``Array.__array_ufunc__`` does not run itself: the weaknp ufunc of the
    same name runs them (its ``__call__``, ``reduce``, ``outer``, ...), so NumPy's spelling
    and weaknp's share one body.  A ufunc that is not NumPy's own runs on the buffers
    (``_foreign_ufunc``)."""
    if not _is_numpys(ufunc):
        return _foreign_ufunc(ufunc, method, inputs, kwargs)
    where = f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
    fn = _function_of(ufunc)
    if not isinstance(fn, namespace().ufunc):
        raise _ufunc_error(where)
    target = fn if method == "__call__" else getattr(fn, method, None)
    if target is None:
        raise _ufunc_error(where)
    return target(*inputs, **kwargs)
