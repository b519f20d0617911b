"""The promotion audit: every source line where NumPy's dtype and the lattice's disagree.

``with weaknp.audit() as report:`` and ``python -m weaknp audit SCRIPT [ARGS...]``.

How it hooks in, and why it costs nothing when off: while an audit runs, the public
boundary of weaknp is wrapped — the functions of the ``weaknp`` namespace (and of
``weaknp.linalg``/``weaknp.fft``), the operator, NumPy-protocol and public methods of the
Python-level ``Array`` class, and the ``__call__``/``reduce``/... methods of weaknp's
ufunc-like objects — and when it ends the originals are put back.  Outside an audit no
wrapper exists, so weaknp's own code runs untouched: no flag is tested on any path.  The
wrappers need nothing from weaknp's internals (caches, kernels, a compiled core): they see
the call's arguments and its result, which is what the audit compares.

Each wrapper records a call only when its caller is outside the weaknp package (weaknp's
functions calling each other are one call, reported where the user wrote it; a user
function passed as a callback is audited where it runs).  For a recorded call:

* weaknp's dtype is the dtype of what the call returned;
* NumPy's dtype is computed by NumPy itself on the same operands: for an operator or a
  ufunc, ``ufunc.resolve_dtypes`` on the operands' dtypes, with Python scalars passed as
  ``int``/``float``/``complex`` (NEP 50: NumPy's weak scalars); for any other function,
  the NumPy function of the same name called on read-only views of the same data (a
  weaknp array made from a Python scalar is a strong 0-d array for NumPy, which is what
  NumPy gives where weaknp gives a weak array);
* in a refusal audit (``mode="strict"``, or any lattice where some pairs have no join), the
  script runs in the standard mode and each call is run again on read-only views in the
  audited mode: a ``TypePromotionError`` there is a finding; nothing fails.

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
import json
import linecache
import os
import runpy
import sys
import threading
import traceback
import types
import warnings
from collections import Counter

import numpy as np

from .._core import dtypes as D
from .._fast import dispatch as _dispatch
from .._array.array import Array
from .._fast.dispatch import wrap
from .._core.config import promotion_mode, validate_mode
from .._core.errors import TypePromotionError
from .._array.interop import namespace
from .._core.lattice import BUILTIN, DOC_NODES

__all__ = ["audit", "Finding", "run_script"]

#: weaknp's own source tree (a frame there is not the user's call site)
_PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_getframe = sys._getframe
_state = threading.local()      # .busy: the audit itself is computing (oracle, re-run)
_ACTIVE = None                  # the running audit (one at a time)
_LOCK = threading.Lock()

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

#: Parameters that are options, not operands (left out of the operand list shown).
_OPTIONS = frozenset("""
    axis axes keepdims out ddof correction order kind copy device side sorter num endpoint
    retstep n k shape newshape reps repeats decimals bins return_counts return_index
    return_inverse indexing sparse casting subok like ord mode norm s offset axis1 axis2
    stable descending equal_nan assume_unique invert return_indices indices_or_sections
    source destination kth ndmin overwrite_input method interpolation rtol atol where
    initial nan posinf neginf full_matrices compute_uv hermitian upper UPLO side
    """.split())

#: NumPy functions whose second run would touch files or global state: never re-run.
_NO_RERUN = frozenset("""
    save savez savez_compressed savetxt load loadtxt genfromtxt fromfile fromregex tofile
    dump dumps memmap set_printoptions printoptions seterr seterrcall errstate setbufsize
    copyto put place putmask fill_diagonal put_along_axis at
    """.split())

_PLAIN = (int, float, complex, bool, str, bytes, type(None), slice, type(Ellipsis),
          np.dtype, np.generic, np.ufunc)
_SEP = "\x1f"


class _Skip(Exception):
    """A call the audit cannot check (the reason is the message)."""


def _plain(v, depth=0) -> bool:
    """Only values a second run cannot affect: arrays, scalars, dtypes, and containers."""
    if isinstance(v, (Array, np.ndarray, _PLAIN, type)):
        return True
    if depth < 4 and type(v) in (list, tuple):
        return all(_plain(x, depth + 1) for x in v)
    if depth < 4 and type(v) is dict:
        return all(_plain(x, depth + 1) for x in v.values())
    return False


def _readonly(a: np.ndarray) -> np.ndarray:
    v = a.view()
    v.flags.writeable = False
    return v


def _data(x) -> np.ndarray:
    d = getattr(x, "_data", None)
    return d if isinstance(d, np.ndarray) else np.asarray(x)


def _to_numpy(v, copy=False):
    """``v`` as NumPy sees it: weaknp arrays become read-only views of their data (copies
    with ``copy=True``: a few NumPy paths, e.g. ``ufunc.at``, write to read-only views)."""
    if isinstance(v, Array):
        return np.array(_data(v)) if copy else _readonly(_data(v))
    if copy and isinstance(v, np.ndarray):
        return v.copy()
    t = type(v)
    if t is list or t is tuple:
        return t(_to_numpy(x, copy) for x in v)
    if t is dict:
        return {k: _to_numpy(x, copy) for k, x in v.items()}
    return v


def _to_rerun(v):
    """``v`` for a second weaknp run: weaknp arrays become read-only arrays, same flag."""
    if isinstance(v, Array):
        return wrap(_readonly(_data(v)), bool(v.weak_type))
    t = type(v)
    if t is list or t is tuple:
        return t(_to_rerun(x) for x in v)
    if t is dict:
        return {k: _to_rerun(x) for k, x in v.items()}
    return v


# ---------------------------------------------------------------------------------------
# Labels.

def _dtype_label(dt) -> str:
    return D.dtype_name(np.dtype(dt))


def _label(v) -> str | None:
    """An operand as the report names it (``weak`` marks Python scalars and weak arrays)."""
    if isinstance(v, Array):
        name = _dtype_label(v.dtype)
        return f"weak {name}" if v.weak_type else name
    t = type(v)
    if t is bool:
        return "bool"
    if t in (int, float, complex):
        return f"weak {t.__name__}"
    if isinstance(v, (np.ndarray, np.generic)):
        return _dtype_label(v.dtype)
    if t is list or t is tuple:
        inner = [_label(x) for x in v if isinstance(x, (Array, np.ndarray, np.generic))
                 or type(x) in (list, tuple)]
        inner = [x for x in inner if x not in (None, "list", "tuple")]
        if not inner:
            return t.__name__
        if len(inner) > 4:
            inner = [*inner[:3], "..."]
        return "[" + ", ".join(inner) + "]"
    return None


def _strong_dtypes(values) -> list:
    out = []
    for v in values:
        if isinstance(v, Array):
            if not v.weak_type:
                out.append(v.dtype)
        elif isinstance(v, (np.ndarray, np.generic)):
            out.append(v.dtype)
        elif type(v) in (list, tuple):
            out.extend(_strong_dtypes(v))
    return out


def _sig(r):
    """The dtype(s) of a result, or None when it is not an array (nothing to compare)."""
    if isinstance(r, (Array, np.ndarray, np.generic)):
        return r.dtype
    if isinstance(r, np.dtype):
        return r
    if isinstance(r, (tuple, list)) and 0 < len(r) <= 16:
        s = tuple(_sig(x) for x in r)
        return None if any(x is None for x in s) else s
    return None


def _sig_label(s, result=None) -> str:
    if isinstance(s, tuple):
        parts = [_sig_label(x, r) for x, r in zip(s, result if result is not None else s)]
        return "(" + ", ".join(parts) + ")"
    weak = isinstance(result, Array) and result.weak_type
    return ("weak " if weak else "") + _dtype_label(s)


# ---------------------------------------------------------------------------------------
# Call sites: one per wrapped callable; each knows how to name a call and ask NumPy.

_SIGNATURES: dict = {}
_RESOLVED: dict = {}    # (ufunc, operand dtypes or Python types) -> NumPy's result dtype(s)


def _bind(fn, args, kwargs, alt=None):
    """``[(parameter name or None, value)]`` of a call, bound to ``fn``'s signature (or to
    ``alt``'s, NumPy's function of the same name, when the call does not fit ``fn``)."""
    fallback = None
    for f in (fn, alt):
        if f is None:
            continue
        sig = _SIGNATURES.get(f, False)
        if sig is False:
            try:
                sig = inspect.signature(f)
            except (TypeError, ValueError):
                sig = None
            _SIGNATURES[f] = sig
        if sig is None:
            continue
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError:
            continue
        out, generic = [], False
        for name, value in bound.arguments.items():
            p = sig.parameters[name]
            if p.kind is p.VAR_POSITIONAL:
                out.extend((None, v) for v in value)
                generic = generic or bool(value)
            elif p.kind is p.VAR_KEYWORD:
                out.extend(value.items())
            else:
                out.append((name, value))
        if not generic:
            return out
        # (self, *args, **kwargs), a delegating method: the next signature names more
        fallback = fallback or out
    return fallback or [*((None, a) for a in args), *kwargs.items()]


def _operands(fn, args, kwargs, *, method=False, alt=None):
    """(labels, operand values) of a function call: arrays and the scalars that are data
    (``method``: ``args[0]`` is the object the method is bound to, left out)."""
    labels, values, dtype = [], [], None
    bound = _bind(fn, args, kwargs, alt)
    for name, v in bound[1:] if method else bound:
        if name == "dtype":
            if v is not None:
                try:
                    dtype = "dtype=" + _dtype_label(v)
                except TypeError:
                    dtype = f"dtype={v!r}"
            continue
        if name in _OPTIONS:
            continue
        lab = _label(v)
        if lab is None or lab in ("list", "tuple"):
            continue
        labels.append(lab)
        values.append(v)
    if dtype:
        labels.append(dtype)
    return labels, values


class _Site:
    """One wrapped callable: what it is called in the report and how NumPy computes it."""

    __slots__ = ("kind", "name", "orig", "numpy", "ufunc", "symbol", "forward")

    def __init__(self, kind, name, orig, numpy=None, ufunc=None, symbol=None, forward=None):
        self.kind = kind          # operator | function | method | ufunc | array_ufunc | ...
        self.name = name
        self.orig = orig
        self.numpy = numpy        # NumPy's callable of the same name (functions)
        self.ufunc = ufunc        # NumPy's ufunc (operators)
        self.symbol = symbol
        self.forward = forward    # an in-place operator's out-of-place twin (re-runs)

    # -- what the report says ----------------------------------------------------------
    def short(self, args) -> str:
        """The call's name, without operands (``mean``, ``Array.sum``, ``numpy.mean``)."""
        k = self.kind
        if k == "method":
            return f"Array.{self.name}"
        if k == "array_function":
            return f"numpy.{args[1].__name__}"
        if k == "array_ufunc":
            return f"numpy.{args[1].__name__}.{args[2]}"
        if k in ("ufunc_call", "ufunc_method"):
            return args[0].__name__ + ("" if k == "ufunc_call" else f".{self.name}")
        return self.name

    def describe(self, args, kwargs):
        """``(expression, operand values)`` of one call."""
        k = self.kind
        if k in ("binary", "reflected", "inplace"):
            a, b = (args[1], args[0]) if k == "reflected" else (args[0], args[1])
            la, lb = _label(a) or type(a).__name__, _label(b) or type(b).__name__
            if self.symbol == "divmod":
                return f"divmod({la}, {lb})", (a, b)
            eq = "=" if k == "inplace" else ""
            return f"{la} {self.symbol}{eq} {lb}", (a, b)
        if k == "unary":
            la = _label(args[0])
            if self.symbol == "abs":
                return f"abs({la})", args[:1]
            return f"{self.symbol}{la}", args[:1]
        if k == "method":
            # a method delegating to the namespace function is described by its signature
            alt = getattr(namespace(), self.name, None)
            labels, values = _operands(self.orig, args, kwargs, method=True,
                                       alt=alt if callable(alt) else None)
            return f"{_label(args[0])}.{self.name}({', '.join(labels)})", (args[0], *values)
        if k == "array_ufunc":
            ufunc, method, *inputs = args[1:]
            labels = [_label(x) or type(x).__name__ for x in inputs]
            name = ufunc.__name__ + ("" if method == "__call__" else f".{method}")
            return f"numpy.{name}({', '.join(labels)})", tuple(inputs)
        if k == "array_function":
            func, _, fargs, fkwargs = args[1:]
            labels, values = _operands(func, fargs, fkwargs)
            module = getattr(func, "__module__", None) or "numpy"
            return f"{module}.{func.__name__}({', '.join(labels)})", tuple(values)
        if k == "ufunc_method":
            labels, values = _operands(self.orig, args, kwargs, method=True)
            return f"{args[0].__name__}.{self.name}({', '.join(labels)})", tuple(values)
        if k == "ufunc_call":
            labels, values = _operands(None, args[1:], kwargs)
            return f"{args[0].__name__}({', '.join(labels)})", tuple(values)
        labels, values = _operands(self.orig, args, kwargs, alt=self.numpy)
        return f"{self.name}({', '.join(labels)})", tuple(values)

    # -- NumPy's answer ----------------------------------------------------------------
    def numpy_result(self, args, kwargs, *, real=False):
        """NumPy's result dtype(s) for this call (``_Skip`` when NumPy cannot say)."""
        k = self.kind
        if k in ("binary", "reflected", "unary"):
            ops = (args[1], args[0]) if k == "reflected" else args[:2 if k != "unary" else 1]
            if self.symbol == "divmod":
                return self._ufunc_dtypes(np.divmod, ops, real)
            return self._ufunc_dtypes(self.ufunc, ops, real)
        if k == "inplace" and real:
            if not _plain(args[1]):
                raise _Skip("an argument is not plain data")
            left, right = _to_numpy(args[0], True), _to_numpy(args[1], True)
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                try:
                    self.ufunc(left, right, out=left)
                except Exception as e:  # noqa: BLE001 - NumPy refusing is an answer
                    raise _NumPyRaises(type(e).__name__) from None
            return left.dtype
        if k == "inplace":
            left = args[0]
            res = self._ufunc_dtypes(self.ufunc, args[:2], real=False)
            # NumPy writes in place when its result casts back to the left operand's dtype
            # under the 'same_kind' rule; otherwise it raises.
            if not np.can_cast(res, left.dtype, "same_kind"):
                raise _NumPyRaises("UFuncTypeError")
            return left.dtype
        if k == "array_ufunc":
            ufunc, method, *inputs = args[1:]
            if method == "__call__" and not kwargs:
                return self._ufunc_dtypes(ufunc, inputs, real)
            return self._call(getattr(ufunc, method), inputs, kwargs, copy=real)
        if k == "array_function":
            func, _, fargs, fkwargs = args[1:]
            return self._call(func, fargs, fkwargs, copy=real)
        if k == "method":
            target = getattr(np.ndarray, self.name, None)
            if target is None:
                raise _Skip(f"ndarray has no method {self.name}")
            return self._call(target, args, kwargs, copy=real)
        if k == "ufunc_method":
            u = getattr(np, args[0].__name__, None)
            target = getattr(u, self.name, None) if isinstance(u, np.ufunc) else None
            if target is None:
                raise _Skip(f"NumPy has no {args[0].__name__}.{self.name}")
            return self._call(target, args[1:], kwargs, copy=real)
        target = self.numpy
        if k == "ufunc_call":
            target = getattr(np, args[0].__name__, None)
            args = args[1:]
        if target is None:
            raise _Skip(f"NumPy has no {self.name}")
        if isinstance(target, np.ufunc) and not kwargs and len(args) == target.nin:
            return self._ufunc_dtypes(target, args, real)
        return self._call(target, args, kwargs, copy=real)

    @staticmethod
    def _ufunc_dtypes(ufunc, ops, real):
        """NumPy's output dtype(s) of ``ufunc`` on ``ops``: its own type resolution on the
        operands' dtypes (Python scalars as their types: NEP 50), cached per signature."""
        if not real:
            dts = []
            for v in ops:
                if isinstance(v, Array):
                    dts.append(v.dtype)
                elif type(v) is bool:
                    dts.append(np.dtype(bool))
                elif type(v) in (int, float, complex):
                    dts.append(type(v))
                elif isinstance(v, (np.ndarray, np.generic)):
                    dts.append(v.dtype)
                else:
                    break
            else:
                key = (ufunc, *dts)
                hit = _RESOLVED.get(key)
                if hit is not None:
                    return hit
                try:
                    res = ufunc.resolve_dtypes((*dts, *(None,) * ufunc.nout))
                except (TypeError, ValueError):
                    pass   # e.g. only Python scalars: ask the real call below
                else:
                    out = res[ufunc.nin:]
                    hit = _RESOLVED[key] = out[0] if ufunc.nout == 1 else tuple(out)
                    return hit
        return _Site._call(ufunc, ops, {}, copy=real)

    @staticmethod
    def _call(fn, args, kwargs, copy=False):
        if getattr(fn, "__name__", "") in _NO_RERUN:
            raise _Skip(f"{fn.__name__} is not run twice")
        if kwargs.get("out") is not None:
            # the result is out=, whatever the promotion (and NumPy 2.4 crashes on some
            # out= shapes, e.g. cumsum into a 0-d array)
            raise _Skip("out= given")
        if not (_plain(args) and _plain(kwargs)):
            raise _Skip("an argument is not plain data (a function, file or iterator)")
        a, kw = _to_numpy(args, copy), _to_numpy(kwargs, copy)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                r = fn(*a, **kw)
            except Exception as e:  # noqa: BLE001 - NumPy refusing is an answer
                raise _NumPyRaises(type(e).__name__) from None
        s = _sig(r)
        if s is None:
            raise _Skip("NumPy's result is not an array")
        return s

    # -- the other mode's answer (refusal audits) --------------------------------------
    def rerun(self, args, kwargs, mode):
        """Run the call again in ``mode`` on read-only copies of the operands; return the
        ``TypePromotionError`` it raises, or None."""
        fn = self.forward or self.orig
        if self.kind == "inplace" and self.forward is None:
            raise _Skip("no out-of-place twin")
        # the ufunc object a ufunc call or method is called on is the call, not data
        # (weaknp's ufunc objects fail the plain-data test: np.add(x, y) went unchecked)
        data = args[3:] if self.kind == "array_function" else args[1:] if self.kind in (
            "ufunc_call", "ufunc_method") else args
        if not (_plain(data) and _plain(kwargs)):
            raise _Skip("an argument is not plain data")
        if self.name in _NO_RERUN:
            raise _Skip(f"{self.name} is not run twice")
        a, kw = _to_rerun(args), _to_rerun(kwargs)
        with warnings.catch_warnings(), np.errstate(all="ignore"), promotion_mode(mode):
            warnings.simplefilter("ignore")
            try:
                fn(*a, **kw)
            except TypePromotionError as e:
                return e
            except Exception:  # noqa: BLE001 - only promotion errors are findings
                return None
        return None


class _NumPyRaises(Exception):
    """NumPy raises on this call (the message is the exception's type name)."""


# ---------------------------------------------------------------------------------------
# Findings and the report.

class Finding:
    """One kind of disagreement at one source line, with how often it happened.

    Attributes: ``file``, ``line``, ``source`` (the line's text), ``op`` (the operation as
    the report writes it, e.g. ``'int32 * float32'`` or ``'int32.mean()'``), ``operands``
    (their labels; ``weak`` marks Python scalars and weak arrays), ``numpy`` (NumPy's
    dtype), ``weaknp`` (weaknp's dtype, or ``'raises TypePromotionError'``), ``count``,
    ``kind`` (``'widening'``, ``'precision'``, ``'other'``, ``'raises'``, ``'refused'``)
    and ``message`` (the error of a refusal or raise, else None).
    """

    __slots__ = ("file", "line", "source", "op", "operands", "numpy", "weaknp", "count",
                 "kind", "wide64", "message")

    def __init__(self, file, line, source, op, operands, numpy, weaknp, count, kind,
                 wide64=False, message=None):
        self.file, self.line, self.source, self.op = file, line, source, op
        self.operands, self.numpy, self.weaknp, self.count = operands, numpy, weaknp, count
        self.kind, self.wide64, self.message = kind, wide64, message

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__}

    def __repr__(self):
        return (f"Finding({self.file}:{self.line}: {self.op} -> numpy {self.numpy}, "
                f"weaknp {self.weaknp}, x{self.count}, {self.kind})")


_KIND_TEXT = {
    "widening": "NumPy widens", "precision": "lattice loses precision",
    "other": "other", "raises": "only weaknp raises", "refused": "",
}


def _classify(strong, np_sig, w_sig):
    """``(kind, to 64 bits?)`` of a dtype disagreement."""
    if isinstance(np_sig, tuple) or isinstance(w_sig, tuple):
        pairs = [(a, b) for a, b in zip(np_sig, w_sig) if a != b] \
            if isinstance(np_sig, tuple) and isinstance(w_sig, tuple) else []
        if not pairs:
            return "other", False
        np_sig, w_sig = pairs[0]

    def fits(src, dst):
        try:
            return bool(np.can_cast(src, dst, "safe"))
        except TypeError:
            return False

    if any(not fits(s, w_sig) and fits(s, np_sig) for s in strong):
        return "precision", False
    if np_sig.itemsize > w_sig.itemsize and np_sig.kind == w_sig.kind or (
            np_sig.itemsize > w_sig.itemsize and fits(w_sig, np_sig)):
        return "widening", np_sig.itemsize * (2 if np_sig.kind != "c" else 1) >= 16
    return "other", False


def _display_path(path: str) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith(os.pardir) else rel


class audit:
    """Record every call whose result dtype under weaknp differs from NumPy's.

    ``with weaknp.audit() as report:`` wraps weaknp's public functions, the ``Array``
    operators and methods for the block (and restores them after: code outside an audit
    pays nothing), and compares each call made from outside weaknp with NumPy on the same
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
        self.mode = validate_mode(mode, source="audit")
        lattice = BUILTIN[self.mode] if isinstance(self.mode, str) else self.mode
        self.refusals = any(lattice.node_join[a][b] is None
                            for _, a in DOC_NODES for _, b in DOC_NODES)
        self.run_mode = "standard" if self.refusals else self.mode
        self.calls = 0          # calls recorded (made from outside weaknp)
        self.checked = 0        # ... whose result could be compared
        self.unchecked: Counter = Counter()   # "op: reason" -> count
        self.not_wrapped: list[str] = []
        self.label = "weaknp.audit"
        self._found: dict = {}  # key -> [count, extra]
        self._undo: list = []
        self._mode_cm = None
        self._scripts = frozenset(os.path.realpath(p) for p in _scripts)
        self._script_paths: dict = {}
        self._aliases: list = []

    # -- the context manager -----------------------------------------------------------
    def __enter__(self):
        global _ACTIVE
        with _LOCK:
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
        # Array first: its methods bound to namespace functions (``_dispatch.Method``)
        # look their function up before the namespace holds the wrappers
        self._install_array(Array)
        self._install_namespace()
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
                if isinstance(obj, (types.FunctionType, types.BuiltinFunctionType)):
                    w = wrappers.get(id(obj))
                    if w is None:
                        own = getattr(obj, "__name__", name)
                        if getattr(module, own, None) is not obj:
                            own = name
                        site = _Site("function", prefix + own, obj,
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
                site = _Site(kind, name, originals[name], ufunc=getattr(np, ufunc_name),
                             symbol=symbol, forward=forward)
            elif name in ("__array_ufunc__", "__array_function__"):
                site = _Site(name.strip("_"), name, originals[name])
            elif name == "__setitem__":
                site = _Site("setitem", name, originals[name])
            elif name.startswith("_") or not isinstance(attr, (
                    types.FunctionType, types.MethodDescriptorType,
                    types.WrapperDescriptorType, _dispatch.Method)):
                continue
            else:
                site = _Site("method", name, originals[name])
            sites.append(site)
        for site in sites:
            self._set(cls, site.name, _wrapper(site))

    def _wrap_ufunc_class(self, cls):
        if any(owner is cls and name == "__call__" for owner, name, *_ in self._undo):
            return
        self._set(cls, "__call__", _wrapper(_Site("ufunc_call", "__call__",
                                                  cls.__call__)))
        for m in ("reduce", "accumulate", "reduceat", "outer"):
            if callable(getattr(cls, m, None)):
                self._set(cls, m, _wrapper(_Site("ufunc_method", m, getattr(cls, m))))

    def _uninstall(self):
        while self._undo:
            owner, name, had, old = self._undo.pop()
            if had:
                setattr(owner, name, old)
            else:
                delattr(owner, name)
        # setting an operator on Array gave it CPython's generic slots: take the compiled
        # core's own again (a no-op in the pure-Python build)
        _dispatch.refresh_slots()
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
            # weaknp has no such submodule (numpy.typing, ...): the script gets NumPy's,
            # also for ``import numpy.typing as npt`` (found as ``weaknp.typing``).
            module = importlib.import_module(name)
            key = f"weaknp.{sub}"
            if key not in sys.modules:
                sys.modules[key] = module
                self._aliases.append(key)
        return module if fromlist else ns

    # -- recording ---------------------------------------------------------------------
    def _record(self, site, file, line, args, kwargs, result, exc):
        _state.busy = True
        try:
            self._record_call(site, file, line, args, kwargs, result, exc)
        except Exception as e:  # noqa: BLE001 - the audit must never break the script
            with _LOCK:
                self.unchecked[f"{site.name}: audit error {type(e).__name__}: {e}"] += 1
        finally:
            _state.busy = False

    def _record_call(self, site, file, line, args, kwargs, result, exc):
        with _LOCK:
            self.calls += 1
        if site.kind == "setitem":
            if exc is not None:
                self._record_store(file, line, args, exc)
            return
        if exc is not None:
            # weaknp raised: a finding when NumPy, run for real, does not.
            try:
                n = site.numpy_result(args, kwargs, real=True)
            except (_Skip, _NumPyRaises):
                return
            op, operands = site.describe(args, kwargs)
            self._add(file, line, op, operands, _sig_label(n), f"raises {type(exc).__name__}",
                      "raises", False, f"{type(exc).__name__}: {exc}")
            return
        w = _sig(result)
        if w is None:
            return
        if self.refusals:
            try:
                err = site.rerun(args, kwargs, self.mode)
            except _Skip as e:
                self._skip(site, args, str(e))
                return
            with _LOCK:
                self.checked += 1
            if err is None:
                return
            op, operands = site.describe(args, kwargs)
            try:
                n = _sig_label(site.numpy_result(args, kwargs))
            except _Skip:
                n = "?"
            except _NumPyRaises as e:
                n = f"raises {e}"
            self._add(file, line, op, operands, n, "raises TypePromotionError", "refused",
                      False, str(err))
            return
        try:
            n = site.numpy_result(args, kwargs)
        except _Skip as e:
            self._skip(site, args, str(e))
            return
        except _NumPyRaises as e:
            with _LOCK:
                self.checked += 1
            op, operands = site.describe(args, kwargs)
            self._add(file, line, op, operands, f"raises {e}", _sig_label(w, result),
                      "other", False, None)
            return
        with _LOCK:
            self.checked += 1
        if n == w:
            return
        op, operands = site.describe(args, kwargs)
        kind, wide64 = _classify(_strong_dtypes(operands), n, w)
        self._add(file, line, op, operands, _sig_label(n), _sig_label(w, result), kind,
                  wide64, None)

    def _record_store(self, file, line, args, exc):
        """``x[key] = value`` raised in weaknp: a finding when NumPy stores it."""
        x, key, value = args
        if not (_plain(key) and _plain(value)):
            return
        target = np.array(_data(x))
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                target[_to_numpy(key)] = _to_numpy(value)
            except Exception:  # noqa: BLE001 - NumPy refuses too: no disagreement
                return
        op = f"{_label(x)}[...] = {_label(value) or type(value).__name__}"
        self._add(file, line, op, (x, value), _sig_label(target.dtype),
                  f"raises {type(exc).__name__}", "raises", False,
                  f"{type(exc).__name__}: {exc}")

    def _skip(self, site, args, reason):
        with _LOCK:
            self.unchecked[f"{site.short(args)}: {reason}"] += 1

    def _add(self, file, line, op, operands, n, w, kind, wide64, message):
        key = _SEP.join((file, str(line), op, n, w))
        with _LOCK:
            entry = self._found.get(key)
            if entry is None:
                labels = tuple(_label(v) or type(v).__name__ for v in operands)
                self._found[key] = [1, (file, line, op, labels, n, w, kind, wide64, message)]
            else:
                entry[0] += 1

    # -- the report --------------------------------------------------------------------
    @property
    def findings(self) -> list:
        """The disagreements, grouped by line (most frequent line first), then by count."""
        with _LOCK:
            items = [(c, e) for c, e in self._found.values()]
        by_line: dict = {}
        for count, (file, line, op, labels, n, w, kind, wide64, message) in items:
            f = Finding(file, line, linecache.getline(file, line).strip(), op, labels, n, w,
                        count, kind, wide64, message)
            by_line.setdefault((file, line), []).append(f)
        groups = sorted(by_line.items(),
                        key=lambda kv: (-sum(f.count for f in kv[1]), kv[0]))
        return [f for _, fs in groups for f in sorted(fs, key=lambda f: (-f.count, f.op))]

    def summary(self) -> dict:
        fs = self.findings
        calls = sum(f.count for f in fs)
        kinds = Counter()
        for f in fs:
            kinds[f.kind] += f.count
        return {
            "mode": self.mode if isinstance(self.mode, str) else self.mode.name,
            "lines": len({(f.file, f.line) for f in fs}), "calls": calls,
            "widening": kinds["widening"],
            "widening_to_64_bits": sum(f.count for f in fs if f.kind == "widening" and f.wide64),
            "precision": kinds["precision"], "other": kinds["other"],
            "raises": kinds["raises"], "refused": kinds["refused"],
            "audited_calls": self.calls, "checked_calls": self.checked,
            "unchecked_calls": sum(self.unchecked.values()),
        }

    def as_dict(self) -> dict:
        """The report as JSON-ready data (``--format json``)."""
        return {"report": self.label, "summary": self.summary(),
                "findings": [{**f.as_dict(), "file": _display_path(f.file)}
                             for f in self.findings],
                "unchecked": dict(self.unchecked.most_common()),
                "not_wrapped": list(self.not_wrapped)}

    def __str__(self) -> str:
        return self.text()

    def __repr__(self):
        s = self.summary()
        return f"<weaknp.audit mode={s['mode']!r}: {s['lines']} lines, {s['calls']} calls>"

    def text(self) -> str:
        """The report as ``python -m weaknp audit`` prints it."""
        fs = self.findings
        s = self.summary()
        mode = s["mode"]
        what = (f"calls the {mode!r} lattice refuses" if self.refusals else
                f"where NumPy's dtype and the {mode!r} lattice's differ")
        out = [f"{self.label}: {what}"]
        if any("weak" in lab for f in fs for lab in f.operands):
            out.append("(weak: a Python scalar, or a weaknp array made from one; NumPy sees "
                       "the first as NEP 50 does, the second as a strong array)")
        lines: dict = {}
        for f in fs:
            lines.setdefault((f.file, f.line), []).append(f)
        rows = []
        for (file, line), group in lines.items():
            total = sum(f.count for f in group)
            rows.append(f"{_display_path(file)}:{line}: {group[0].source}  "
                        f"[{_n(total, 'call')}]")
            for f in group:
                w = (f"{mode}: {f.weaknp[len('raises '):]}" if f.kind == "refused"
                     else f"weaknp {f.weaknp}")
                rows.append((f.op, f"numpy {f.numpy}", w, f"x{f.count}", _KIND_TEXT[f.kind]))
        cells = [r for r in rows if isinstance(r, tuple)]
        widths = [max((len(c[i]) for c in cells), default=0) for i in range(4)]
        for r in rows:
            if isinstance(r, str):
                out += ["", r]
            else:
                out.append(("    " + "  ".join(c.ljust(widths[i]) if i < 4 else c
                                               for i, c in enumerate(r))).rstrip())
        out.append("")
        checked = f"of {_n(s['checked_calls'], 'checked call')}"
        if not fs:
            out.append(f"summary: no disagreement in {_n(s['checked_calls'], 'checked call')}")
        elif self.refusals:
            out.append(f"summary: {_n(s['lines'], 'line')}, {_n(s['calls'], 'call')} {checked}")
            out.append(f"  {s['refused']} refused by the {mode!r} lattice (TypePromotionError)")
        else:
            out.append(f"summary: {_n(s['lines'], 'line')}, {_n(s['calls'], 'call')} {checked}")
            out.append(f"  {s['widening']} NumPy widens, the lattice does not "
                       f"({s['widening_to_64_bits']} of them to 64 bits)")
            out.append(f"  {s['precision']} the lattice gives up precision NumPy keeps (an "
                       f"operand's dtype does not fit the result, as in int64 + float16 -> "
                       f"float16)")
            out.append(f"  {s['other']} other")
        if fs and s["raises"]:
            out.append(f"  {s['raises']} raise in weaknp, not in NumPy")
        if self.unchecked:
            top = ", ".join(f"{k} (x{v})" for k, v in self.unchecked.most_common(3))
            out.append(f"not checked: {_n(s['unchecked_calls'], 'call')}: {top}")
        if self.not_wrapped:
            out.append("not audited (cannot be wrapped): " + ", ".join(self.not_wrapped))
        return "\n".join(out)


def _n(k: int, noun: str) -> str:
    return f"{k} {noun}{'' if k == 1 else 's'}"


def _wrapper(site: _Site):
    """The function installed in place of ``site.orig`` for the audit's duration."""
    orig = site.orig

    def audited(*args, **kwargs):
        a = _ACTIVE
        f = _getframe(1)
        if a is None or getattr(_state, "busy", False) or \
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


def _script_import(a, real_import, name, globals=None, locals=None, fromlist=(), level=0):
    if level == 0 and (name == "numpy" or name.startswith("numpy.")) and \
            globals is not None and a._is_script(globals):
        return a._numpy_for_script(name, fromlist)
    return real_import(name, globals, locals, fromlist, level)


# ---------------------------------------------------------------------------------------
# The runner behind ``python -m weaknp audit``.

def _exit_status(e: SystemExit) -> int:
    code = e.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _print_script_traceback(exc: BaseException, script: str):
    """The traceback as ``python SCRIPT`` prints it: the runner's frames and the audit's
    wrappers left out."""
    real = os.path.realpath(script)
    tb = exc.__traceback__
    t = tb
    while t is not None and os.path.realpath(t.tb_frame.f_code.co_filename) != real:
        t = t.tb_next
    te = traceback.TracebackException(type(exc), exc, t if t is not None else tb)
    seen = set()
    stack = [te]
    while stack:
        e = stack.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        e.stack = traceback.StackSummary.from_list(
            [f for f in e.stack if f.filename != __file__])
        stack += [x for x in (e.__cause__, e.__context__) if x is not None]
    sys.stderr.write("".join(te.format()))


def run_script(script: str, args=(), *, mode="standard", fmt="text", output=None) -> int:
    """Run ``script`` as ``python SCRIPT ARGS`` would, with weaknp for its ``import numpy``,
    then write the audit report (to ``output``: a path, ``'-'`` for stdout, or None for
    stderr).  Returns the script's exit status."""
    if not os.path.isfile(script):
        print(f"weaknp audit: can't open file {script!r}: no such file; check the script's "
              f"path", file=sys.stderr)
        return 2
    report = audit(mode, _scripts=(script,))
    report.label = f"weaknp audit of {script}"
    saved_argv, saved_path = sys.argv, list(sys.path)
    sys.argv = [script, *args]
    # as ``python SCRIPT``: the script's directory is sys.path[0] (in place of the cwd)
    script_dir = os.path.dirname(os.path.abspath(script))
    if sys.path:
        sys.path[0] = script_dir
    else:
        sys.path.append(script_dir)
    status = 0
    try:
        with report:
            try:
                runpy.run_path(script, run_name="__main__")
            except SystemExit as e:
                status = _exit_status(e)
            except KeyboardInterrupt as e:
                _print_script_traceback(e, script)
                status = 130
            except BaseException as e:  # noqa: BLE001 - the script's error, as Python shows it
                _print_script_traceback(e, script)
                status = 1
    finally:
        sys.argv = saved_argv
        sys.path[:] = saved_path
    sys.stdout.flush()
    text = json.dumps(report.as_dict(), indent=1) if fmt == "json" else report.text()
    if output is None:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    elif output == "-":
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    else:
        try:
            with open(output, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        except OSError as exc:   # the command line checks the path first; this is a race
            print(f"weaknp audit: can't write the report to {output!r} ({exc.strerror}); "
                  f"choose another --output", file=sys.stderr)
            return 2
    return status
