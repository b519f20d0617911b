"""The audit's view of one call: what was called, its operands as the report labels them,
and what NumPy gives on the same operands.

For a recorded call:

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
"""

from __future__ import annotations

import inspect
import warnings

import numpy as np

from .._core import dtypes
from .._array.array import Array
from .._fast.dispatch import wrap
from .._core.config import promotion_mode
from .._core.errors import TypePromotionError
from .._array.interop import namespace

__all__ = ["Site", "Skip", "NumPyRaises"]

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


class Skip(Exception):
    """A call the audit cannot check (the reason is the message)."""


def is_plain(v, depth=0) -> bool:
    """Only values a second run cannot affect: arrays, scalars, dtypes, and containers."""
    if isinstance(v, (Array, np.ndarray, _PLAIN, type)):
        return True
    if depth < 4 and type(v) in (list, tuple):
        return all(is_plain(x, depth + 1) for x in v)
    if depth < 4 and type(v) is dict:
        return all(is_plain(x, depth + 1) for x in v.values())
    return False


def _readonly(a: np.ndarray) -> np.ndarray:
    v = a.view()
    v.flags.writeable = False
    return v


def buffer_of(x) -> np.ndarray:
    d = getattr(x, "buffer_of", None)
    return d if isinstance(d, np.ndarray) else np.asarray(x)


def to_numpy(v, copy=False):
    """``v`` as NumPy sees it: weaknp arrays become read-only views of their data (copies
    with ``copy=True``: a few NumPy paths, e.g. ``ufunc.at``, write to read-only views)."""
    if isinstance(v, Array):
        return np.array(buffer_of(v)) if copy else _readonly(buffer_of(v))
    if copy and isinstance(v, np.ndarray):
        return v.copy()
    t = type(v)
    if t is list or t is tuple:
        return t(to_numpy(x, copy) for x in v)
    if t is dict:
        return {k: to_numpy(x, copy) for k, x in v.items()}
    return v


def _to_rerun(v):
    """``v`` for a second weaknp run: weaknp arrays become read-only arrays, same flag."""
    if isinstance(v, Array):
        return wrap(_readonly(buffer_of(v)), bool(v.weak_type))
    t = type(v)
    if t is list or t is tuple:
        return t(_to_rerun(x) for x in v)
    if t is dict:
        return {k: _to_rerun(x) for k, x in v.items()}
    return v


# ---------------------------------------------------------------------------------------
# Labels.

def _dtype_label(dt) -> str:
    return dtypes.dtype_name(np.dtype(dt))


def label_of(v) -> str | None:
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
        inner = [label_of(x) for x in v if isinstance(x, (Array, np.ndarray, np.generic))
                 or type(x) in (list, tuple)]
        inner = [x for x in inner if x not in (None, "list", "tuple")]
        if not inner:
            return t.__name__
        if len(inner) > 4:
            inner = [*inner[:3], "..."]
        return "[" + ", ".join(inner) + "]"
    return None


def strong_dtypes(values) -> list:
    out = []
    for v in values:
        if isinstance(v, Array):
            if not v.weak_type:
                out.append(v.dtype)
        elif isinstance(v, (np.ndarray, np.generic)):
            out.append(v.dtype)
        elif type(v) in (list, tuple):
            out.extend(strong_dtypes(v))
    return out


def signature_of(r):
    """The dtype(s) of a result, or None when it is not an array (nothing to compare)."""
    if isinstance(r, (Array, np.ndarray, np.generic)):
        return r.dtype
    if isinstance(r, np.dtype):
        return r
    if isinstance(r, (tuple, list)) and 0 < len(r) <= 16:
        s = tuple(signature_of(x) for x in r)
        return None if any(x is None for x in s) else s
    return None


def signature_label(s, result=None) -> str:
    if isinstance(s, tuple):
        parts = [signature_label(x, r) for x, r in zip(s, result if result is not None else s)]
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
        lab = label_of(v)
        if lab is None or lab in ("list", "tuple"):
            continue
        labels.append(lab)
        values.append(v)
    if dtype:
        labels.append(dtype)
    return labels, values


class Site:
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
            la, lb = label_of(a) or type(a).__name__, label_of(b) or type(b).__name__
            if self.symbol == "divmod":
                return f"divmod({la}, {lb})", (a, b)
            eq = "=" if k == "inplace" else ""
            return f"{la} {self.symbol}{eq} {lb}", (a, b)
        if k == "unary":
            la = label_of(args[0])
            if self.symbol == "abs":
                return f"abs({la})", args[:1]
            return f"{self.symbol}{la}", args[:1]
        if k == "method":
            # a method delegating to the namespace function is described by its signature
            alt = getattr(namespace(), self.name, None)
            labels, values = _operands(self.orig, args, kwargs, method=True,
                                       alt=alt if callable(alt) else None)
            return f"{label_of(args[0])}.{self.name}({', '.join(labels)})", (args[0], *values)
        if k == "array_ufunc":
            ufunc, method, *inputs = args[1:]
            labels = [label_of(x) or type(x).__name__ for x in inputs]
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
        """NumPy's result dtype(s) for this call (``Skip`` when NumPy cannot say)."""
        k = self.kind
        if k in ("binary", "reflected", "unary"):
            ops = (args[1], args[0]) if k == "reflected" else args[:2 if k != "unary" else 1]
            if self.symbol == "divmod":
                return self._ufunc_dtypes(np.divmod, ops, real)
            return self._ufunc_dtypes(self.ufunc, ops, real)
        if k == "inplace" and real:
            if not is_plain(args[1]):
                raise Skip("an argument is not plain data")
            left, right = to_numpy(args[0], True), to_numpy(args[1], True)
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                try:
                    self.ufunc(left, right, out=left)
                except Exception as e:  # noqa: BLE001 - NumPy refusing is an answer
                    raise NumPyRaises(type(e).__name__) from None
            return left.dtype
        if k == "inplace":
            left = args[0]
            res = self._ufunc_dtypes(self.ufunc, args[:2], real=False)
            # NumPy writes in place when its result casts back to the left operand's dtype
            # under the 'same_kind' rule; otherwise it raises.
            if not np.can_cast(res, left.dtype, "same_kind"):
                raise NumPyRaises("UFuncTypeError")
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
                raise Skip(f"ndarray has no method {self.name}")
            return self._call(target, args, kwargs, copy=real)
        if k == "ufunc_method":
            u = getattr(np, args[0].__name__, None)
            target = getattr(u, self.name, None) if isinstance(u, np.ufunc) else None
            if target is None:
                raise Skip(f"NumPy has no {args[0].__name__}.{self.name}")
            return self._call(target, args[1:], kwargs, copy=real)
        target = self.numpy
        if k == "ufunc_call":
            target = getattr(np, args[0].__name__, None)
            args = args[1:]
        if target is None:
            raise Skip(f"NumPy has no {self.name}")
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
        return Site._call(ufunc, ops, {}, copy=real)

    @staticmethod
    def _call(fn, args, kwargs, copy=False):
        if getattr(fn, "__name__", "") in _NO_RERUN:
            raise Skip(f"{fn.__name__} is not run twice")
        if kwargs.get("out") is not None:
            # the result is out=, whatever the promotion (and NumPy 2.4 crashes on some
            # out= shapes, e.g. cumsum into a 0-d array)
            raise Skip("out= given")
        if not (is_plain(args) and is_plain(kwargs)):
            raise Skip("an argument is not plain data (a function, file or iterator)")
        a, kw = to_numpy(args, copy), to_numpy(kwargs, copy)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                r = fn(*a, **kw)
            except Exception as e:  # noqa: BLE001 - NumPy refusing is an answer
                raise NumPyRaises(type(e).__name__) from None
        s = signature_of(r)
        if s is None:
            raise Skip("NumPy's result is not an array")
        return s

    # -- the other mode's answer (refusal audits) --------------------------------------
    def rerun(self, args, kwargs, mode):
        """Run the call again in ``mode`` on read-only copies of the operands; return the
        ``TypePromotionError`` it raises, or None."""
        fn = self.forward or self.orig
        if self.kind == "inplace" and self.forward is None:
            raise Skip("no out-of-place twin")
        # the ufunc object a ufunc call or method is called on is the call, not data
        # (weaknp's ufunc objects fail the plain-data test: np.add(x, y) went unchecked)
        data = args[3:] if self.kind == "array_function" else args[1:] if self.kind in (
            "ufunc_call", "ufunc_method") else args
        if not (is_plain(data) and is_plain(kwargs)):
            raise Skip("an argument is not plain data")
        if self.name in _NO_RERUN:
            raise Skip(f"{self.name} is not run twice")
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


class NumPyRaises(Exception):
    """NumPy raises on this call (the message is the exception's type name)."""
