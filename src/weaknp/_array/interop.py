"""NumPy interoperability: NumPy functions and ufunc methods called on weaknp arrays.

``numpy.<function>(weaknp_array, ...)`` reaches ``Array.__array_function__`` (NEP 18),
which calls weaknp's function of the same name, found in a table from NumPy's function
objects built once from the modules NumPy defines them in (``numpy.linalg.*`` ->
``weaknp.linalg.*``, ``numpy.lib.stride_tricks.*`` -> ``weaknp.lib.stride_tricks.*``,
``numpy.emath.*`` -> ``weaknp.emath.*``): one promotion rule holds whichever library's
function is called.  It is a lookup and a call: weaknp's functions take NumPy's signature
(positional axes, ``out=``, ``where=``, ``initial=``, ``order=``, ``kind=``), so NumPy's
arguments pass through unchanged, and ``np.sum(x, 0)``, ``weaknp.sum(x, 0)`` and
``x.sum(0)`` are one body.  ``out=`` follows the rule of ``out[...] = result`` (see
``_array.stored.deliver``).  A NumPy function weaknp does not implement raises ``TypeError``
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

__all__ = ["bind", "namespace", "without_counterpart", "_array_function", "_numpy_fallback",
           "masked_function", "refuse_masked"]

#: The public namespace (``weaknp``), set once by ``bind``.
_NAMESPACE = None


def bind(module) -> None:
    """Hand the public namespace down (``weaknp/__init__`` calls this once)."""
    global _NAMESPACE
    _NAMESPACE = module


def namespace():
    """The public namespace: every call reaching it runs after ``import weaknp`` ended."""
    return _NAMESPACE



# -- masked arrays (weaknp.ma) met by the namespace's functions ---------------------------

def masked_function(name: str, values):
    """``weaknp.ma.<name>`` when one of ``values`` is a weaknp masked array, else None:
    weaknp's joining functions hand masked arrays on to ``weaknp.ma`` as NEP 18 does
    NumPy's (``wnp.concatenate([m, x])`` is ``wnp.ma.concatenate([m, x])``)."""
    for v in values:
        if getattr(type(v), "_mask_refusal", None) is not None:
            return _module(namespace(), f"ma.{name}")
    return None


def refuse_masked(obj, function: str) -> None:
    """Raise the masked array's own error (``MaskedArray._mask_refusal``) when ``function``
    would read a weaknp masked array ``obj`` as its data and drop the mask: the error names
    ``weaknp.ma.<function>`` (or says how to drop the mask on purpose)."""
    # NumPy differs: its functions read a masked array's data and drop the mask silently
    # (np.concatenate, np.sum on numpy.ma arrays; decision 80).
    refusal = getattr(type(obj), "_mask_refusal", None)
    if refusal is not None:
        error = refusal(function)
        if error is not None:
            raise error


#: Where NumPy defines the functions NEP 18 hands over, and weaknp's module of the same
#: functions (a path of attributes from the public namespace).  The most specific module
#: first: ``numpy.emath.sqrt`` is weaknp's ``emath.sqrt``, not its ``sqrt``.  A weaknp
#: module that does not exist (yet) is passed over.
NUMPY_MODULES = (
    ("numpy.linalg", ("linalg",)),
    ("numpy.fft", ("fft",)),
    ("numpy.emath", ("emath",)),
    ("numpy.lib.scimath", ("emath",)),
    ("numpy.lib.stride_tricks", ("lib", "stride_tricks")),
    ("numpy.lib.recfunctions", ("lib", "recfunctions")),
    ("numpy.lib.array_utils", ("lib", "array_utils")),
    ("numpy.char", ("char",)),
    ("numpy.strings", ("strings",)),
    ("numpy.rec", ("rec",)),
    ("numpy", ()),
)

#: NumPy's function object -> weaknp's function (``_functions``, built once).
_TABLE = None


def _module(root, dotted: str):
    """The module at attribute path ``dotted`` below ``root`` (``"lib.stride_tricks"``),
    or None."""
    for part in dotted.split(".") if dotted else ():
        root = getattr(root, part, None)
    return root


def _public_functions(module):
    """``(name, NumPy function)`` of the functions ``module`` exports that NEP 18
    dispatches (``numpy._ArrayFunctionDispatcher`` objects)."""
    dispatcher = type(np.concatenate)
    if module is None:
        return
    for name in getattr(module, "__all__", None) or dir(module):
        f = getattr(module, name, None)
        if not name.startswith("_") and type(f) is dispatcher:
            yield name, f


def _functions():
    """The table from NumPy's function objects to weaknp's, built on first use (after
    ``bind``) by walking ``NUMPY_MODULES``: a function is matched by identity wherever
    NumPy defines it (``numpy.lib.stride_tricks.sliding_window_view``, which lives in
    ``numpy.lib._stride_tricks_impl``), under the name NumPy exports it by."""
    global _TABLE
    if _TABLE is None:
        table = {}
        for np_name, path in NUMPY_MODULES:
            ours = _module(namespace(), ".".join(path))
            theirs = _module(np, np_name[len("numpy."):])
            if ours is None or theirs is None:
                continue
            for name, f in _public_functions(theirs):
                target = getattr(ours, name, None)
                if callable(target) and target is not f:
                    table.setdefault(f, target)
        _TABLE = table
    return _TABLE


def without_counterpart():
    """The NumPy functions (``module.name``) that NEP 18 dispatches and weaknp does not
    implement: each raises ``_unsupported`` on a weaknp array."""
    table, missing = _functions(), {}
    for np_name, _ in NUMPY_MODULES:
        for name, f in _public_functions(_module(np, np_name[len("numpy."):])):
            if f not in table:
                missing.setdefault(f, f"{np_name}.{name}")
    return sorted(missing.values())


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
    target = _functions().get(func)
    if target is None:
        module = getattr(func, "__module__", "numpy")
        raise _unsupported(f"{module}.{func.__name__}",
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
