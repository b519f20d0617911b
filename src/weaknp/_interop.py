"""NumPy interoperability: NumPy functions and ufunc methods called on weaknp arrays.

``numpy.<function>(weaknp_array, ...)`` reaches ``Array.__array_function__`` (NEP 18),
which calls weaknp's function of the same name (``numpy.linalg.*`` -> ``weaknp.linalg.*``,
``numpy.fft.*`` -> ``weaknp.fft.*``): one promotion rule holds whichever library's
function is called.  NumPy's arguments are bound to NumPy's signature first and then
passed to weaknp's by name, so ``np.sum(x, 0)`` reaches ``weaknp.sum(x, axis=0)`` although
the standard makes ``axis`` keyword-only; NumPy's ``a_min``/``a_max``/``ddof`` spellings
map to the standard's ``min``/``max``/``correction``.  NumPy's reduction keywords that
the standard's functions lack (``initial=``, ``where=``, ``order=``) go to the Array
method of the same name, which takes NumPy's method signature (NumPy's own ``np.sum(obj)``
calls ``obj.sum()`` the same way).

``out=`` (which weaknp's functions do not take) is written after the call, with the rule
of in-place operators: the result must already have out's dtype (``TypeError``
otherwise, never a silent cast).  A NumPy function weaknp does not implement, or another
argument weaknp does not take (with a value other than NumPy's default), raises
``TypeError`` saying what to do: never a silently NumPy-promoted result.

Ufuncs: ``Array.__array_ufunc__`` handles plain calls of the op table's ufuncs itself and
sends everything else (``out=``, ``dtype=``, ``where=``, ``reduce``, ``accumulate``,
``reduceat``, ``outer``, ``at``) to the weaknp ufunc of the same name (``weaknp._ufunc``
documents the rules): NumPy's spelling and weaknp's share one body.
"""

from __future__ import annotations

import inspect
import sys

import numpy as np

from . import _dtypes as D
from ._array import Array
from ._ops import BY_UFUNC

__all__ = ["_array_function", "_numpy_fallback"]

_SIGNATURES: dict = {}
_NOVALUE = np._NoValue
#: NumPy parameter names that the weaknp function spells as the standard does.
_RENAMES = {"a_min": "min", "a_max": "max", "ddof": "correction"}
#: NumPy keywords weaknp's function does not take but the Array method does: a call
#: giving one of them (with a non-default value) calls ``x.<method>(...)``.
_METHOD_KEYWORDS = {
    "sum": {"initial", "where"}, "prod": {"initial", "where"},
    "max": {"initial", "where"}, "min": {"initial", "where"},
    "amax": {"initial", "where"}, "amin": {"initial", "where"},
    "mean": {"where"}, "std": {"where"}, "var": {"where"},
    "all": {"where"}, "any": {"where"},
    "reshape": {"order"}, "ravel": {"order"},
}
_METHOD_NAMES = {"amax": "max", "amin": "min"}
#: NumPy functions whose semantics differ from weaknp's function of the same name (the
#: standard's ``squeeze`` needs ``axis``, its ``take`` needs ``axis`` for n-d arrays, its
#: ``repeat``/``searchsorted`` take arrays only): on an Array they call the method, which
#: has NumPy's semantics and signature.
_METHOD_FIRST = {"squeeze", "take", "repeat", "searchsorted"}
#: Sorting algorithms: weaknp always sorts stably, a valid result for every ``kind``.
_SORT_KINDS = {None, "quicksort", "mergesort", "heapsort", "stable"}


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


def _same(value, default):
    try:
        return value is default or bool(value == default)
    except Exception:  # noqa: BLE001 - arrays compared to a default: not the default
        return False


def _bind(func, args, kwargs):
    try:
        return dict(_signature(func).bind(*args, **kwargs).arguments)
    except TypeError as e:
        raise TypeError(f"numpy.{func.__name__}: {e}") from None


def _via_method(func, arguments):
    """``x.<method>(...)`` when the call uses a keyword only the method takes, else None."""
    name = func.__name__
    extra = _METHOD_KEYWORDS.get(name)
    if extra is None and name not in _METHOD_FIRST:
        return None
    args = dict(arguments)
    first = next(iter(args))
    x = args.pop(first)
    if not isinstance(x, Array):
        return None
    params = _signature(func).parameters
    if name not in _METHOD_FIRST and not any(
            k in extra and not _same(v, params[k].default) for k, v in args.items()):
        return None
    method = getattr(x, _METHOD_NAMES.get(func.__name__, func.__name__))
    if func.__name__ == "reshape":
        return method(args.pop("shape"), **args)
    return method(**args)


_KINDS = inspect.Parameter
_BY_NAME = (_KINDS.POSITIONAL_OR_KEYWORD, _KINDS.KEYWORD_ONLY)


class _Plan:
    """What ``_call`` needs of NumPy's and weaknp's signatures, computed once per function."""

    __slots__ = ("by_name", "direct", "info", "n_posonly", "ours", "positional", "required",
                 "var_kw")

    def __init__(self, func, np_sig, our_sig):
        params = list(np_sig.parameters.values())
        #: NumPy parameter name -> (kind, position, default)
        self.info = {p.name: (p.kind, i, p.default) for i, p in enumerate(params)}
        positional = []
        for p in params:
            if p.kind not in (_KINDS.POSITIONAL_ONLY, _KINDS.POSITIONAL_OR_KEYWORD):
                break
            positional.append(p.name)
        self.positional = tuple(positional)
        self.required = tuple(p.name for p in params if p.default is _KINDS.empty
                              and p.kind not in (_KINDS.VAR_POSITIONAL, _KINDS.VAR_KEYWORD))
        self.by_name = frozenset(p.name for p in params if p.kind in _BY_NAME)
        ours = our_sig.parameters
        self.ours = {n: q.kind for n, q in ours.items()}
        self.n_posonly = sum(q.kind is _KINDS.POSITIONAL_ONLY for q in ours.values())
        self.var_kw = any(q.kind is _KINDS.VAR_KEYWORD for q in ours.values())
        # leading positional arguments that pass to weaknp unchanged (np.sum(x))
        self.direct = 0 if func.__name__ in _METHOD_FIRST else \
            min(self.n_posonly, len(self.positional))

    def arguments(self, func, args, kwargs):
        """NumPy's call bound by name (``Signature.bind`` only for unusual calls)."""
        n = len(args)
        if n <= len(self.positional) and all(
                k in self.by_name and k not in self.positional[:n] for k in kwargs):
            bound = dict(zip(self.positional, args))
            bound.update(kwargs)
            if all(r in bound for r in self.required):
                return bound
        return _bind(func, args, kwargs)


_PLANS: dict = {}


def _plan(func, target):
    plan = _PLANS.get(func, False)
    if plan is False:
        np_sig, our_sig = _signature(func), _signature(target)
        plan = None if np_sig is None or our_sig is None else _Plan(func, np_sig, our_sig)
        _PLANS[func] = plan
    return plan


def _call(func, target, args, kwargs):
    """Call ``target`` with NumPy's ``func`` arguments, mapped by name."""
    plan = _plan(func, target)
    if plan is None:
        return target(*args, **kwargs)
    if not kwargs and len(args) <= plan.direct:
        return target(*args)  # the common np.mean(x): nothing to map
    arguments = plan.arguments(func, args, kwargs)
    via = _via_method(func, arguments)
    if via is not None:
        return via
    ours = plan.ours
    positional, keywords, out = [], {}, None
    for name, value in arguments.items():
        kind, index, default = plan.info[name]
        if kind is _KINDS.VAR_POSITIONAL:
            positional.extend(value)
            continue
        if kind is _KINDS.VAR_KEYWORD:
            keywords.update(value)
            continue
        if index < plan.n_posonly and len(positional) == index:
            positional.append(value)
            continue
        mine = name if name in ours else _RENAMES.get(name)
        if mine in ours and ours[mine] is not _KINDS.POSITIONAL_ONLY:
            keywords[mine] = value
        elif plan.var_kw:
            keywords[name] = value
        elif default is not _KINDS.empty and _same(value, default):
            continue  # NumPy's default: nothing to pass on
        elif name == "out":
            out = value if isinstance(value, tuple) else (value,)  # written below
        elif name == "kind" and "stable" in ours and value in _SORT_KINDS:
            continue  # weaknp sorts stably: a valid result for every sorting algorithm
        else:
            raise _unsupported(f"numpy.{func.__name__}",
                               f"weaknp.{target.__name__} has no {name}= argument")
    result = target(*positional, **keywords)
    return result if out is None else _deliver(result, out, True, f"numpy.{func.__name__}")


def _array_function(func, types, args, kwargs):
    """``Array.__array_function__``: NumPy functions called on weaknp arrays."""
    ns = _ns()
    if not all(issubclass(t, ns.Array) or t.__module__.startswith("numpy") for t in types):
        return NotImplemented
    if func is np.where and len(args) + len(kwargs) == 1:
        return ns.nonzero(*args, **kwargs)  # NumPy's one-argument where is nonzero
    target = _target(func)
    if target is None or target is func:
        raise _unsupported(f"numpy.{func.__name__}",
                           "weaknp does not implement this function for its arrays")
    return _call(func, target, args, kwargs)


# -- ufuncs ---------------------------------------------------------------------------------

def _ufunc_error(where, why="weaknp does not run this NumPy ufunc call on its arrays"):
    return TypeError(
        f"{where}: {why} (NumPy's dtype promotion would decide the result); use the weaknp "
        f"function of the same name, or convert explicitly with numpy.asarray(x) first")


def _function_of(ufunc):
    """weaknp's function computing ``ufunc`` (its op row's name, else the ufunc's)."""
    op = BY_UFUNC.get(ufunc)
    return getattr(_ns(), op.name if op is not None else ufunc.__name__, None)


def _mask(mask, where):
    if mask is True:
        return True
    m = mask._data if isinstance(mask, Array) else np.asarray(mask)
    if m.dtype != D.bool_:
        raise TypeError(f"{where}: where= must be a bool array, got {D.dtype_name(m.dtype)}; "
                        f"compare it (e.g. x > 0) or cast with astype(bool)")
    return m


def _write(result, out, mask, where):
    """Write ``result`` into ``out`` (an Array or ndarray of the same dtype)."""
    if isinstance(out, Array):
        target = out._data
    elif isinstance(out, np.ndarray):
        target = out
    else:
        raise TypeError(f"{where}: out= must be a weaknp Array or a NumPy array, got "
                        f"{type(out).__name__}")
    # NumPy differs: it casts the result into out with casting='same_kind'.
    if result.dtype != target.dtype:
        raise TypeError(f"{where}: the result dtype {D.dtype_name(result.dtype)} differs from "
                        f"out's {D.dtype_name(target.dtype)}; weaknp never casts a result "
                        f"into out=: pass an out of dtype {D.dtype_name(result.dtype)}, or "
                        f"assign the result instead")
    data = result._data
    try:
        fits = np.broadcast_shapes(data.shape, target.shape) == target.shape
    except ValueError:
        fits = False
    if not fits:
        raise ValueError(f"{where}: a result of shape {data.shape} does not fit out= of "
                         f"shape {target.shape}")
    if mask is True:
        target[...] = data
    else:
        np.copyto(target, data, where=mask)
    if isinstance(out, Array):
        out._weak = result.weak_type  # as in-place operators: the result's flag
    return out


def _deliver(result, out, mask, where):
    if out is None:
        return result
    leaves = result if isinstance(result, tuple) else (result,)
    if len(out) != len(leaves):
        raise ValueError(f"{where}: {len(leaves)} result(s) but {len(out)} out= array(s)")
    mask = _mask(mask, where)
    done = tuple(r if o is None else _write(r, o, mask, where) for r, o in zip(leaves, out))
    return done if isinstance(result, tuple) else done[0]


def _numpy_fallback(ufunc, method, inputs, kwargs):
    """Ufunc calls ``Array.__array_ufunc__`` does not run itself: the weaknp ufunc of the
    same name runs them (its ``__call__``, ``reduce``, ``outer``, ...), so NumPy's spelling
    and weaknp's share one body."""
    where = f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
    fn = _function_of(ufunc)
    if not isinstance(fn, _ns().ufunc):
        raise _ufunc_error(where)
    target = fn if method == "__call__" else getattr(fn, method, None)
    if target is None:
        raise _ufunc_error(where)
    return target(*inputs, **kwargs)
