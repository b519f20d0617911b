"""NumPy interoperability: NumPy functions and ufunc methods called on weaknp arrays.

``numpy.<function>(weaknp_array, ...)`` reaches ``Array.__array_function__`` (NEP 18),
which calls weaknp's function of the same name (``numpy.linalg.*`` -> ``weaknp.linalg.*``,
``numpy.fft.*`` -> ``weaknp.fft.*``): one promotion rule holds whichever library's
function is called.  NumPy's arguments are bound to NumPy's signature first and then
passed to weaknp's by name, so ``np.sum(x, 0)`` reaches ``weaknp.sum(x, axis=0)`` although
the standard makes ``axis`` keyword-only; NumPy's ``a_min``/``a_max``/``ddof`` spellings
map to the standard's ``min``/``max``/``correction``.

A NumPy function weaknp does not implement, or an argument weaknp does not take (with a
value other than NumPy's default), raises ``TypeError`` saying what to do: never a
silently NumPy-promoted result.  Ufunc methods: ``reduce``, ``accumulate`` and ``outer``
of the ufuncs with a weaknp counterpart (``np.add.reduce(x)`` is ``weaknp.sum(x,
axis=0)``, with weaknp's dtype rules); anything else raises.
"""

from __future__ import annotations

import inspect
import sys

__all__ = ["_numpy_fallback", "_array_function"]

_SIGNATURES: dict = {}
#: NumPy parameter names that the weaknp function spells as the standard does.
_RENAMES = {"a_min": "min", "a_max": "max", "ddof": "correction"}
#: ufunc name -> (reduction, cumulative) weaknp functions for ufunc.reduce / .accumulate
_REDUCERS = {"add": ("sum", "cumulative_sum"), "multiply": ("prod", "cumulative_prod"),
             "maximum": ("max", None), "minimum": ("min", None),
             "logical_and": ("all", None), "logical_or": ("any", None)}


def _ns():
    return sys.modules["weaknp"]


def _signature(fn):
    sig = _SIGNATURES.get(fn, False)
    if sig is False:
        try:
            sig = inspect.signature(fn)
        except (TypeError, ValueError):
            sig = None
        _SIGNATURES[fn] = sig
    return sig


def _target(func):
    """weaknp's function for NumPy's ``func`` (or None)."""
    module = getattr(func, "__module__", "") or ""
    ns = _ns()
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


def _call(func, target, args, kwargs):
    """Call ``target`` with NumPy's ``func`` arguments, mapped by name."""
    np_sig, our_sig = _signature(func), _signature(target)
    if np_sig is None or our_sig is None:
        return target(*args, **kwargs)
    try:
        bound = np_sig.bind(*args, **kwargs)
    except TypeError as e:
        raise TypeError(f"numpy.{func.__name__}: {e}") from None
    ours = our_sig.parameters
    kinds = inspect.Parameter
    posonly = [p for p in ours.values() if p.kind is kinds.POSITIONAL_ONLY]
    np_params = list(np_sig.parameters.values())
    positional, keywords = [], {}
    for i, (name, value) in enumerate(bound.arguments.items()):
        p = np_sig.parameters[name]
        if p.kind is kinds.VAR_POSITIONAL:
            positional.extend(value)
            continue
        if p.kind is kinds.VAR_KEYWORD:
            keywords.update(value)
            continue
        index = np_params.index(p)
        if index < len(posonly) and len(positional) == index:
            positional.append(value)
            continue
        mine = name if name in ours else _RENAMES.get(name)
        if mine in ours and ours[mine].kind is not kinds.POSITIONAL_ONLY:
            keywords[mine] = value
        elif any(q.kind is kinds.VAR_KEYWORD for q in ours.values()):
            keywords[name] = value
        elif p.default is not inspect.Parameter.empty and _same(value, p.default):
            continue  # NumPy's default: nothing to pass on
        else:
            raise _unsupported(f"numpy.{func.__name__}",
                               f"weaknp.{target.__name__} has no {name}= argument")
    return target(*positional, **keywords)


def _same(value, default):
    try:
        return value is default or bool(value == default)
    except Exception:  # noqa: BLE001 - arrays compared to a default: not the default
        return False


def _array_function(func, types, args, kwargs):
    """``Array.__array_function__``: NumPy functions called on weaknp arrays."""
    ns = _ns()
    if not all(issubclass(t, ns.Array) or t.__module__.startswith("numpy") for t in types):
        return NotImplemented
    target = _target(func)
    if target is None or target is func:
        raise _unsupported(f"numpy.{func.__name__}",
                           "weaknp does not implement this function for its arrays")
    return _call(func, target, args, kwargs)


def _numpy_fallback(ufunc, method, inputs, kwargs):
    """Ufunc calls weaknp's op table does not cover (methods, keyword arguments)."""
    ns = _ns()
    where = f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
    if method == "outer" and not kwargs and len(inputs) == 2 and hasattr(ns, ufunc.__name__):
        a, b = (ns.asarray(x) for x in inputs)
        fn = getattr(ns, ufunc.__name__)
        return fn(ns.reshape(a, a.shape + (1,) * b.ndim), b)
    if method in ("reduce", "accumulate") and ufunc.__name__ in _REDUCERS:
        reducer = _REDUCERS[ufunc.__name__][method == "accumulate"]
        if reducer is not None:
            x = ns.asarray(inputs[0])
            axis = kwargs.pop("axis", 0)
            keepdims = kwargs.pop("keepdims", False)
            dtype = kwargs.pop("dtype", None)
            if not kwargs:
                if method == "reduce":
                    extra = {"dtype": dtype} if reducer in ("sum", "prod") else {}
                    return getattr(ns, reducer)(x, axis=axis, keepdims=keepdims, **extra)
                if not keepdims:
                    return getattr(ns, reducer)(x, axis=axis, dtype=dtype)
    extra = f" with keyword arguments {sorted(kwargs)}" if kwargs else ""
    raise TypeError(
        f"{where}{extra}: weaknp does not run this NumPy ufunc call on its arrays (NumPy's "
        f"dtype promotion would decide the result); use the weaknp function of the same "
        f"name, or convert explicitly with numpy.asarray(x) first")
