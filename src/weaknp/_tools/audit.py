"""The promotion audit: every source line where NumPy's dtype and the lattice's disagree.

``with weaknp.audit() as report:`` and ``python -m weaknp audit SCRIPT [ARGS...]``.

How it hooks in, and why it costs nothing when off: while an audit runs, the compiled
core hands every operator call (``binary``/``unary``/``inplace``) and every positional
ufunc call on Arrays to the audit's observer (``_fast.calls.set_observer``; with none set
the core tests one pointer), and the rest of weaknp's public boundary is wrapped — the
functions of the ``weaknp`` namespace (and of ``weaknp.linalg``/``weaknp.fft``), the
NumPy-protocol and public methods of the Python-level ``Array`` class (and the operators it
defines itself: ``@``, ``divmod``), and the ``_call``/``reduce``/... methods of weaknp's
ufunc-like objects.  No operator or ``__call__`` is set on a class (their C slots and
vectorcall stay the core's); when the audit ends the observer is cleared and the wrapped
originals are put back.  The observer and the wrappers need nothing from weaknp's internals
(caches, kernels): they see the call's arguments and its result, which is what the audit
compares.

The observer and each wrapper record a call only when its caller is outside the weaknp package (weaknp's
functions calling each other are one call, reported where the user wrote it; a user
function passed as a callback is audited where it runs).  What a call's operands and
NumPy's result are is ``audit_sites``'s; the findings and the report are
``audit_report``'s; the script runner is ``audit_runner``'s.

The ``python -m weaknp audit`` runner gives the script's own ``import numpy`` (and
``from numpy... import``) weaknp by replacing ``builtins.__import__`` for the duration of the
run: imports made from the script's file are answered with weaknp (``numpy.linalg`` with
``weaknp.linalg``; a NumPy submodule weaknp lacks stays NumPy's), every other module —
libraries, modules beside the script — imports real NumPy, and ``sys.modules["numpy"]``
is never touched.
"""

from __future__ import annotations

import builtins
import functools
import importlib
import inspect
import os
import sys
import types

import numpy as np

from .._fast import calls as _calls
from .._fast import dispatch as _dispatch
from .._array.array import Array
from .._core.config import promotion_mode
from .._array.interop import namespace
from .audit_sites import Site
from .audit_report import Finding, Report, LOCK, thread_state

__all__ = ["audit", "Finding"]

#: weaknp's own source tree (a frame there is not the user's call site)
_PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_getframe = sys._getframe
_FAST = os.path.join(_PKG, "_fast") + os.sep   # the core's frames (pure build) are skipped
_ACTIVE = None                  # the running audit (one at a time)

#: Array operator methods: NumPy ufunc -> (method stem, symbol); each gives the forward,
#: reflected and in-place dunders.
_BINARY = {
    "add": ("add", "+"), "subtract": ("sub", "-"), "multiply": ("mul", "*"),
    "true_divide": ("truediv", "/"), "floor_divide": ("floordiv", "//"),
    "remainder": ("mod", "%"), "power": ("pow", "**"), "matmul": ("matmul", "@"),
    "bitwise_and": ("and", "&"), "bitwise_or": ("or", "|"), "bitwise_xor": ("xor", "^"),
    "left_shift": ("lshift", "<<"), "right_shift": ("rshift", ">>"),
}
#: dunder -> (NumPy ufunc name, symbol, how it reads)
_OPERATORS: dict = {}
for _u, (_stem, _sym) in _BINARY.items():
    _OPERATORS[f"__{_stem}__"] = (_u, _sym, "binary")
    _OPERATORS[f"__r{_stem}__"] = (_u, _sym, "reflected")
    _OPERATORS[f"__i{_stem}__"] = (_u, _sym, "inplace")
_OPERATORS.update({
    "__lt__": ("less", "<", "binary"), "__le__": ("less_equal", "<=", "binary"),
    "__gt__": ("greater", ">", "binary"), "__ge__": ("greater_equal", ">=", "binary"),
    "__eq__": ("equal", "==", "binary"), "__ne__": ("not_equal", "!=", "binary"),
    "__neg__": ("negative", "-", "unary"), "__pos__": ("positive", "+", "unary"),
    "__abs__": ("absolute", "abs", "unary"), "__invert__": ("invert", "~", "unary"),
    "__divmod__": ("divmod", "divmod", "binary"),
    "__rdivmod__": ("divmod", "divmod", "reflected"),
})
del _u, _stem, _sym
#: the core's op name -> the stem of its operator dunders (``dispatch.CORES``)
_CORE_STEM = {"add": "add", "subtract": "sub", "multiply": "mul", "divide": "truediv",
              "floor_divide": "floordiv", "remainder": "mod", "pow": "pow",
              "bitwise_and": "and", "bitwise_or": "or", "bitwise_xor": "xor",
              "bitwise_left_shift": "lshift", "bitwise_right_shift": "rshift"}
#: the core's op name -> its dunder, for the comparisons and the unary ops
_CORE_DUNDER = {"equal": "__eq__", "not_equal": "__ne__", "less": "__lt__",
                "less_equal": "__le__", "greater": "__gt__", "greater_equal": "__ge__",
                "negative": "__neg__", "positive": "__pos__", "abs": "__abs__",
                "bitwise_invert": "__invert__"}


class audit(Report):
    """Record every call whose result dtype under weaknp differs from NumPy's.

    ``with weaknp.audit() as report:`` observes the ``Array`` operators and ufunc calls
    through the core's hook and wraps weaknp's public functions and ``Array`` methods for
    the block (and restores them after: code outside an audit pays nothing), and compares each call made from outside weaknp with NumPy on the same
    operands.  ``report.findings`` lists the disagreements (a :class:`Finding` each),
    grouped by source line, most frequent first; ``print(report)`` shows them as
    ``python -m weaknp audit`` does; ``report.as_dict()`` is the ``--format json`` form.

    Parameters
    ----------
    mode : str or weaknp.Lattice
        The lattice to audit.  A total lattice (``"standard"``, ``"jax-x32"``) runs the
        block in that mode and reports dtype differences from NumPy.  A lattice where some
        pairs have no join (``"strict"``: JAX's ``jax_numpy_dtype_promotion='strict'``,
        ``"array-api"``, ...) runs the block in the standard mode and reports each call
        that mode would refuse (``TypePromotionError``); nothing fails.

    Notes
    -----
    Calls through ``wnp.<name>``, ``Array`` operators and methods, NumPy functions and
    ufuncs dispatched to weaknp arrays are audited; a function imported with
    ``from weaknp import f`` before the block, ``weaknp.random`` and index/slice reads are
    not.  The audit holds global state: one runs at a time.

    Examples
    --------
    >>> import weaknp as wnp
    >>> with wnp.audit() as report:
    ...     x = wnp.arange(4, dtype=wnp.int32)
    ...     y = x * wnp.ones(4, dtype=wnp.float32)
    ...     m = x.mean()
    >>> [(f.op, f.numpy, f.weaknp, f.count, f.kind) for f in report.findings]
    [('int32 * float32', 'float64', 'float32', 1, 'precision'),
     ('int32.mean()', 'float64', 'float32', 1, 'precision')]
    """

    def __init__(self, mode="standard", *, _scripts=()):
        super().__init__(mode)
        self._undo: list = []
        self._mode_cm = None
        self._scripts = frozenset(os.path.realpath(p) for p in _scripts)
        self._script_paths: dict = {}
        self._aliases: list = []
        self._op_sites: dict = {}   # operator dunder -> Site (seen through the observer)
        self._ufunc_site = Site("ufunc_call", "__call__", _call_ufunc)

    # -- the context manager -----------------------------------------------------------
    def __enter__(self):
        global _ACTIVE
        with LOCK:
            if _ACTIVE is not None:
                raise RuntimeError("audit: an audit is already running; end it before "
                                   "starting another")
            _ACTIVE = self
        try:
            self._install()
            self._mode_cm = promotion_mode(self.run_mode)
            self._mode_cm.__enter__()
        except BaseException:
            self._uninstall()
            _ACTIVE = None
            raise
        return self

    def __exit__(self, *exc):
        global _ACTIVE
        try:
            if self._mode_cm is not None:
                self._mode_cm.__exit__(*exc)
                self._mode_cm = None
        finally:
            self._uninstall()
            _ACTIVE = None
        return False

    # -- installing and removing the wrappers ------------------------------------------
    def _set(self, owner, name, value):
        had = name in vars(owner)
        old = vars(owner)[name] if had else None
        try:
            setattr(owner, name, value)
        except (TypeError, AttributeError):
            self.not_wrapped.append(f"{getattr(owner, '__name__', owner)}.{name}")
            return
        self._undo.append((owner, name, had, old))

    def _install(self):
        # Array first: its methods bound to namespace functions (``_fast.calls.Method``)
        # look their function up before the namespace holds the wrappers
        self._install_array(Array)
        self._install_namespace()
        _calls.set_observer(_observe)
        if self._scripts:
            self._set(builtins, "__import__", functools.partial(_script_import, self,
                                                                builtins.__import__))

    def _install_namespace(self):
        ns = namespace()
        dir(ns)   # binds the lazily loaded NumPy-compatible functions
        wrappers: dict = {}   # one wrapper per function: aliases stay one object
        for module, prefix, np_module in ((ns, "", np), (ns.linalg, "linalg.", np.linalg),
                                          (ns.fft, "fft.", np.fft)):
            for name in sorted(getattr(module, "__all__", ())):
                if name == "audit" or name.startswith("_"):
                    continue
                obj = getattr(module, name, None)
                if isinstance(obj, (types.FunctionType, types.BuiltinFunctionType,
                                    _calls.Quick)):
                    w = wrappers.get(id(obj))
                    if w is None:
                        own = getattr(obj, "__name__", name)
                        if getattr(module, own, None) is not obj:
                            own = name
                        site = Site("function", prefix + own, obj,
                                     getattr(np_module, own, None))
                        w = wrappers[id(obj)] = _wrapper(site)
                    self._set(module, name, w)
                elif callable(obj) and not isinstance(obj, type) and hasattr(obj, "nin") \
                        and type(obj).__module__.startswith("weaknp"):
                    self._wrap_ufunc_class(type(obj))

    def _install_array(self, cls):
        """Wrap the operators, NumPy protocols and public methods of ``cls`` (set on the
        Python-level class: a method a compiled base defines is overridden there)."""
        originals = {name: getattr(cls, name) for name in dir(cls)}
        sites = []
        for name in sorted(originals):
            attr = inspect.getattr_static(cls, name)
            spec = _OPERATORS.get(name)
            if spec is not None:
                ufunc_name, symbol, kind = spec
                forward = originals.get(name.replace("__i", "__", 1)) \
                    if kind == "inplace" else None
                site = Site(kind, name, originals[name], ufunc=getattr(np, ufunc_name),
                             symbol=symbol, forward=forward)
                if attr is vars(_dispatch.ArrayBase).get(name):
                    # the core's operator: seen through its observer, the class unpatched
                    self._op_sites[name] = site
            elif name in ("__array_ufunc__", "__array_function__"):
                site = Site(name.strip("_"), name, originals[name])
            elif name == "__setitem__":
                site = Site("setitem", name, originals[name])
            elif name.startswith("_") or not isinstance(attr, (
                    types.FunctionType, types.MethodDescriptorType,
                    types.WrapperDescriptorType, _calls.Method)):
                continue
            else:
                site = Site("method", name, originals[name])
            sites.append(site)
        for site in sites:
            if site.name in self._op_sites:
                continue
            self._set(cls, site.name, _wrapper(site))

    def _wrap_ufunc_class(self, cls):
        if any(owner is cls and name in ("_call", "__call__")
               for owner, name, *_ in self._undo):
            return
        if issubclass(cls, _calls.UfuncBase):
            # positional calls on Arrays reach the observer (``positional_call``); every
            # other call is the class's ``_call`` (a plain method: no C slot changes)
            self._set(cls, "_call", _general_call(self._ufunc_site, cls._call))
        else:   # a Python class's call is its method
            self._set(cls, "__call__", _wrapper(Site("ufunc_call", "__call__",
                                                      cls.__call__)))
        for m in ("reduce", "accumulate", "reduceat", "outer"):
            if callable(getattr(cls, m, None)):
                self._set(cls, m, _wrapper(Site("ufunc_method", m, getattr(cls, m))))

    def _uninstall(self):
        _calls.set_observer(None)
        while self._undo:
            owner, name, had, old = self._undo.pop()
            if had:
                setattr(owner, name, old)
            else:
                delattr(owner, name)
        for key in self._aliases:
            sys.modules.pop(key, None)
        self._aliases.clear()

    # -- the script's imports ----------------------------------------------------------
    def _is_script(self, g) -> bool:
        path = g.get("__file__") if isinstance(g, dict) else None
        if not isinstance(path, str):
            return False
        hit = self._script_paths.get(path)
        if hit is None:
            hit = self._script_paths[path] = os.path.realpath(path) in self._scripts
        return hit

    def _numpy_for_script(self, name, fromlist):
        ns = namespace()
        if name == "numpy":
            return ns
        sub = name[len("numpy."):]
        try:
            module = importlib.import_module(f"weaknp.{sub}")
        except ImportError:
            # weaknp has no such submodule (numpy.ctypeslib, ...): the script gets NumPy's,
            # also for ``import numpy.ctypeslib as c`` (found as ``weaknp.ctypeslib``).
            module = importlib.import_module(name)
            key = f"weaknp.{sub}"
            if key not in sys.modules:
                sys.modules[key] = module
                self._aliases.append(key)
        return module if fromlist else ns


def _wrapper(site: Site):
    """The function installed in place of ``site.orig`` for the audit's duration."""
    orig = site.orig

    def audited(*args, **kwargs):
        a = _ACTIVE
        f = _getframe(1)
        if a is None or getattr(thread_state, "busy", False) or \
                f.f_code.co_filename.startswith(_PKG):
            return orig(*args, **kwargs)
        file, line = f.f_code.co_filename, f.f_lineno
        del f
        try:
            result = orig(*args, **kwargs)
        except Exception as exc:
            a._record(site, file, line, args, kwargs, None, exc)
            raise
        if result is not NotImplemented:
            a._record(site, file, line, args, kwargs, result, None)
        return result

    try:
        functools.update_wrapper(audited, orig)
    except AttributeError:
        pass
    return audited


def _call_ufunc(u, *args, **kwargs):
    """A ufunc call (what a ufunc call's Site re-runs)."""
    return u(*args, **kwargs)


def _caller():
    """The frame that called into weaknp's compiled core (whose own frames, in the pure
    build, are skipped), or None."""
    try:
        f = _getframe(2)
    except ValueError:
        return None
    while f is not None and f.f_code.co_filename.startswith(_FAST):
        f = f.f_back
    return f


def _observe(where, core, a, b, flag):
    """The core's observer while an audit runs (``_fast.calls.set_observer``): records an
    operator or a positional ufunc call made from outside weaknp; None (the core runs the
    call itself) for every other call and for its own re-entry."""
    st = thread_state
    au = _ACTIVE
    if au is None or getattr(st, "inside", False) or getattr(st, "busy", False):
        return None
    f = _caller()
    if f is None or f.f_code.co_filename.startswith(_PKG):
        return None
    if where == "ufunc":
        site, args = au._ufunc_site, ((core, a) if flag == 1 else (core, a, b))
        run = core
    else:
        name = core.name
        if where == "unary":
            dunder = _CORE_DUNDER.get(name)
            args = (a,)
        elif name in _CORE_STEM:
            stem = _CORE_STEM[name]
            dunder = f"__i{stem}__" if where == "inplace" else \
                f"__r{stem}__" if flag else f"__{stem}__"
            args = (a, b)
        else:
            dunder = _CORE_DUNDER.get(name)
            args = (a, b)
        site = au._op_sites.get(dunder)
        if site is None:
            return None
        run = _dispatch.unary if where == "unary" else _dispatch.inplace \
            if where == "inplace" else _dispatch.binary
        args_run = (a, core) if where == "unary" else (core, a, b) \
            if where == "inplace" else (a, b, core, flag)
    return _run_recorded(au, site, f, args, {}, run,
                         args[1:] if where == "ufunc" else args_run)


def _run_recorded(au, site, f, args, kwargs, run, run_args):
    """``run(*run_args)``, recorded as ``site`` called with ``args``/``kwargs`` at frame
    ``f``'s line; the thread's ``inside`` flag is set meanwhile (the observer lets its own
    re-entry through)."""
    file, line = f.f_code.co_filename, f.f_lineno
    del f
    st = thread_state
    st.inside = True
    try:
        result = run(*run_args)
    except Exception as exc:
        st.inside = False
        au._record(site, file, line, args, kwargs, None, exc)
        raise
    finally:
        st.inside = False
    if result is not NotImplemented:
        au._record(site, file, line, args, kwargs, result, None)
    return result


def _general_call(site, orig):
    """The ufunc class's ``_call`` for the audit's duration: a ufunc call that is not a
    positional call on Arrays (``out=``, ``dtype=``, array-likes ...)."""

    def _call(u, args, kwargs):
        st = thread_state
        au = _ACTIVE
        f = _getframe(1)
        while f is not None and f.f_code.co_filename.startswith(_FAST):
            f = f.f_back
        if au is None or f is None or getattr(st, "inside", False) or \
                getattr(st, "busy", False) or f.f_code.co_filename.startswith(_PKG):
            return orig(u, args, kwargs)
        return _run_recorded(au, site, f, (u, *args), kwargs, orig, (u, args, kwargs))

    return _call


def _script_import(a, real_import, name, globals=None, locals=None, fromlist=(), level=0):
    if level == 0 and (name == "numpy" or name.startswith("numpy.")) and \
            globals is not None and a._is_script(globals):
        return a._numpy_for_script(name, fromlist)
    return real_import(name, globals, locals, fromlist, level)
