"""The ``Array`` class: a NumPy buffer plus a weak-type flag, and its operators.

``Array(...)`` is guarded (use ``weaknp.asarray``); ``Array._new`` is the trusted private
constructor.  Operators are generated from the op table, one visible line each.  Methods
beyond the standard's dunders (``sum``, ``reshape``, …) delegate to the public namespace
functions of the same name, so each behaviour is written once.
"""

from __future__ import annotations

import sys

import numpy as np

from . import _dtypes as D
from . import _kernel as K
from ._dispatch import CORES, ArrayBase, binary, leaf_summary, operand, read_list, \
    set_array_type, unary, unwrap_key, wrap, wrap_node
from ._device import CPU, check_device
from ._errors import a_dtype
from ._lattice import STRONG_NODE, WEAK_NODE, WEAK_NODES
from ._ops import BY_UFUNC, INEXACT_MAP
from ._promotion import (PY_SCALAR_NODE, current_lattice, default_dtype, join_nodes,
                         read_operand, resolve_dtype, scalar_node, sum_dtype)

__all__ = ["Array", "operand", "node_of_array", "wrap", "wrap_node", "unwrap_key", "to_array",
           "data_of", "promote",
           "to_ndarray"]

_ndarray = np.ndarray
#: (strong map, weak map) indexed by the weak flag: dtype -> node
_NODE_MAPS = (STRONG_NODE, WEAK_NODE)
_SUPPORTED = frozenset(D.ALL_DTYPES)


def node_of_array(x: "Array"):
    return x._node


def _namespace():
    # The public namespace (layer 6) is fully imported before any Array method can run.
    return sys.modules["weaknp"]


def _delegate(name: str, doc: str | None = None):
    """A method that calls the namespace function ``weaknp.<name>(self, ...)``."""

    def method(self, *args, **kwargs):
        return getattr(_namespace(), name)(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = doc or f"Same as ``weaknp.{name}(x, ...)``."
    return method


_NOVALUE = np._NoValue


def _work_dtype(dt: np.dtype) -> np.dtype:
    """The dtype NumPy reduces ``dt`` in: narrow floats accumulate in float32 (as
    ``weaknp.sum``), sub-byte integers in int32."""
    if dt in D.REAL_FLOAT and dt not in (D.float32, D.float64):
        return D.float32
    if dt in D.ML_DTYPES:
        return D.int32
    return dt


def _masked_reduction(x: Array, name: str, np_fn, dt, work, axis, keepdims, initial,
                      where, **extra) -> Array:
    """NumPy's ``initial=``/``where=`` reductions (the standard's functions lack them):
    NumPy on the data cast to ``work``, the result cast to ``dt``; strong.  ``initial`` is
    written into ``dt`` with the rule of ``x[i] = v`` (no silent truncation)."""
    function = f"Array.{name}"
    if where is not True:
        m = where._data if isinstance(where, Array) else np.asarray(where)
        if m.dtype != D.bool_:
            raise TypeError(f"{function}: where= must be a bool array, got "
                            f"{D.dtype_name(m.dtype)}; compare (x > 0) or astype(bool) first")
        extra["where"] = m
    if initial is not _NOVALUE and initial is not None:
        zero = np.zeros((), dt)
        # JAX differs: it casts initial into the result dtype (sum(int8, initial=5.5) adds 5).
        v = stored_value(function, zero, STRONG_NODE[dt], initial)
        extra["initial"] = K.cast(np.asarray(v), work)[()]
    r = np_fn(K.cast(x._data, work), axis=axis, keepdims=keepdims, **extra)
    return wrap(K.cast(np.asarray(r), dt))


# ---------------------------------------------------------------------------------------
# Conversion of anything array-like: the core of asarray, used by every creation function.

def _nested_to_ndarray(obj, dt, function, summary=None):
    """A nested list/tuple as an ndarray of ``dt`` (``read_list`` of the dispatch core)."""
    return read_list(obj, dt, function, summary)


def to_ndarray(obj, dtype=None, copy=None, function: str = "asarray"):
    """``(ndarray, weak)`` for anything ``asarray`` accepts; ``dtype`` is resolved already."""
    if isinstance(obj, Array):
        data, weak = obj._data, obj._weak
        if dtype is not None and dtype != data.dtype:
            if copy is False:
                raise ValueError(f"{function}: changing dtype from {D.dtype_name(data.dtype)} to "
                                 f"{D.dtype_name(dtype)} needs a copy but copy=False was given")
            return K.cast(data, dtype), False
        if copy:
            data = data.copy()
        return data, (weak and dtype is None)
    t = type(obj)
    node = PY_SCALAR_NODE.get(t) or (scalar_node(obj) if not isinstance(
        obj, (np.ndarray, np.generic, list, tuple)) else None)
    if node is not None:
        if copy is False:
            raise ValueError(f"{function}: a Python scalar always needs a copy, but "
                             f"copy=False was given")
        if dtype is None:
            dt, weak = current_lattice()._resolve(node)
        else:
            dt, weak = dtype, False
        if dtype is not None and dt == D.bool_ and node is not PY_SCALAR_NODE[bool]:
            value = bool(obj)
        else:
            value = K.narrow_scalar(obj, dt, function)
        if dt in D.ML_DTYPES:
            return K.cast(np.asarray(value), dt), weak
        return np.asarray(value, dtype=dt), weak
    if t is list or t is tuple:
        if copy is False:
            raise ValueError(f"{function}: building an array from a {t.__name__} always "
                             f"copies, but copy=False was given")
        return read_list(obj, dtype, function), False
    if isinstance(obj, (bytes, bytearray)):
        obj = memoryview(obj)
    try:
        arr = np.asarray(obj) if copy is not False else np.asarray(obj, copy=False)
    except ValueError as e:
        raise ValueError(f"{function}: {e}") from None
    if arr.dtype not in _SUPPORTED:
        if arr.dtype == object or dtype is None:
            raise TypeError(f"{function}: unsupported dtype {arr.dtype} of "
                            f"{type(obj).__name__} input; weaknp supports bool, integer, "
                            f"floating and complex dtypes")
    if dtype is not None and arr.dtype != dtype:
        if copy is False:
            raise ValueError(f"{function}: changing dtype from {arr.dtype} to "
                             f"{D.dtype_name(dtype)} needs a copy but copy=False was given")
        return K.cast(arr, dtype), False
    if copy:
        arr = arr.copy()
    return arr, False


def to_array(obj, dtype=None, copy=None, function: str = "asarray") -> "Array":
    """The core of ``asarray``: an ``Array`` with JAX's weak-type rules."""
    data, weak = to_ndarray(obj, resolve_dtype(dtype, function), copy, function)
    return wrap(data, weak)


# ---------------------------------------------------------------------------------------
# Helpers the section modules share (they may not import each other).

def data_of(x, function: str):
    """``(ndarray, weak)`` of an array argument (an ``Array``; NumPy arrays are accepted too)."""
    if type(x) is Array:
        return x._data, x._node in WEAK_NODES
    if isinstance(x, Array):
        return x._data, x._weak
    if isinstance(x, (np.ndarray, np.generic)):
        a = np.asarray(x)
        if a.dtype in _SUPPORTED:
            return a, False
    raise TypeError(f"{function}: expected an Array, got {type(x).__name__}; convert it with "
                    f"weaknp.asarray() first")


def raw(v):
    """An argument passed on to NumPy: weaknp arrays (also inside lists and tuples) become
    their ndarrays; anything else is returned as it is."""
    if isinstance(v, Array):
        return v._data
    if isinstance(v, (list, tuple)) and any(isinstance(x, Array) for x in v):
        return type(v)(raw(x) for x in v)
    return v


def public(function, name: str, doc: str, module: str = "weaknp"):
    """Name a generated function ``name`` in ``module`` with docstring ``doc``."""
    function.__name__ = function.__qualname__ = name
    function.__module__ = module
    function.__doc__ = doc
    return function


def stored_value(function: str, d: np.ndarray, node, value, *, lists: bool = False):
    """``value`` ready to be written into ``d`` (an array at lattice node ``node``).

    The rule of ``x[i] = v`` and of every function that writes into an existing dtype
    (``insert``, ``pad``, ``copyto``, ``put``, ``place``, ...): the join of the array and
    the value must be the array's dtype (``TypeError`` otherwise, e.g. a float into an int
    array); Python ints out of range raise ``OverflowError``.  ``lists=True`` also accepts
    nested lists (read as ``asarray`` does).
    """
    o = operand(value)
    if o is None and lists and isinstance(value, (list, tuple)):
        # Each leaf of a list being written is a value of its own: Python scalars stay weak
        # (``put(int8_array, [0, 1], [9, 8])`` works; a float leaf into ints does not).
        summary = leaf_summary(value, function)
        res = (d.dtype, False) if summary[0] is None else join_nodes(
            [node, (WEAK_NODE if summary[0][1] else STRONG_NODE)[summary[0][0]]], function)
        if res[0] != d.dtype:
            raise TypeError(
                f"{function}: storing a list whose values join to {D.dtype_name(res[0])} "
                f"into {a_dtype(D.dtype_name(d.dtype))} array would change their dtype; "
                f"convert them explicitly first, e.g. "
                f"wnp.asarray(values).astype({D.dtype_name(d.dtype)!r})")
        return _nested_to_ndarray(value, d.dtype, function, summary)
    if o is None:
        raise TypeError(f"{function}: cannot store a {type(value).__name__} into an "
                        f"Array; pass an Array, a NumPy array or a Python scalar")
    payload, vnode = o
    res = current_lattice().table[node][vnode]
    # NumPy differs: it casts the value (truncating 1.5 into an int array); JAX casts too.
    if res is None or res[0] != d.dtype:
        target = D.dtype_name(d.dtype)
        if type(payload) is _ndarray:
            src, fix = D.dtype_name(payload.dtype), f"value.astype({target!r})"
        else:
            src = f"Python {type(payload).__name__}"
            fix = f"wnp.asarray(value).astype({target!r})"
        raise TypeError(
            f"{function}: storing {src} values into {a_dtype(target)} array would "
            f"change their dtype; convert them explicitly first, e.g. {fix}")
    if type(payload) is not _ndarray:
        return K.narrow_scalar(payload, d.dtype, function)
    return K.cast(payload, d.dtype)


def array_like(x, function: str):
    """``(ndarray, weak)`` of a NumPy-style array argument: an ``Array``, a NumPy array or
    scalar (strong), a Python scalar (weak, as in ``asarray``) or a nested list (strong,
    as in ``asarray``).  The NumPy-compatible functions accept all of these, as NumPy does.
    """
    if type(x) is Array:
        return x._data, x._node in WEAK_NODES
    return to_ndarray(x, None, None, function)


def array_likes(function: str, values):
    """``array_like`` over several arguments, then their join: ``(ndarrays cast to the
    joined dtype, dtype, weak)``.  Python scalars stay weak in the join."""
    vals = [v if (type(v) is Array or operand(v) is not None) else
            wrap(*to_ndarray(v, None, None, function)) for v in values]
    return promote(function, vals)


def promote(function: str, values, *, scalars: bool = True):
    """Join any number of operands: ``(ndarrays cast to the joined dtype, dtype, weak)``.

    Python scalars are weak (and narrowed with the overflow check); arrays keep their flag.
    """
    ops = []
    for v in values:
        o = operand(v)
        if o is None or (not scalars and type(o[0]) is not _ndarray):
            raise TypeError(f"{function}: expected arrays{' or Python scalars' if scalars else ''}"
                            f", got {type(v).__name__}")
        ops.append(o)
    if not ops:
        raise ValueError(f"{function}: at least one array is required")
    dt, weak = join_nodes([n for _, n in ops], function)
    # a weak array is read like the Python scalars it holds (K.weak_values: no wrap)
    out = [(K.weak_values(p, dt, function) if n in WEAK_NODES else K.cast(p, dt))
           if type(p) is _ndarray else K.as_ndarray(p, dt, function) for p, n in ops]
    return out, dt, weak


def _reconstruct(data, weak):
    return wrap(np.asarray(data), bool(weak))


class Array(ArrayBase):
    """An n-dimensional array: a NumPy buffer and a weak-type flag.

    Create arrays with ``weaknp.asarray``, ``weaknp.zeros`` etc.; ``Array(...)`` raises.
    A *weak* array is one whose dtype was not chosen by the user (it came from a Python
    scalar); in promotion it defers to strong dtypes of its kind, exactly like the Python
    scalar it came from.

    Examples
    --------
    >>> import weaknp as wnp
    >>> x = wnp.asarray([1, 2], dtype=wnp.int8)
    >>> x + 2
    Array([3, 4], dtype=int8)
    >>> wnp.asarray(2.0)
    Array(2., dtype=float64, weak_type=True)
    """

    # ``_node`` is the array's lattice node: its dtype's node, or the weak node of its kind
    # (i*, f*, c*) for a weak array.  It is the weak flag, stored in the form every
    # operation reads first, so the hot path skips a lookup per operand.
    __slots__ = ()   # the storage (_data, _node) is ArrayBase's, in _dispatch
    __hash__ = None  # mutable, like ndarray
    # NumPy hands every ufunc call with an Array operand to ``__array_ufunc__`` below, so
    # ``ndarray + Array`` follows weaknp's lattice too.

    # The guard is __init__, not __new__: the dispatch core makes Arrays with the inherited
    # (C) constructor, which never runs __init__.
    def __init__(self, *args, **kwargs):
        raise TypeError("Array cannot be constructed directly; use weaknp.asarray(obj, "
                        "dtype=...) or another creation function")

    _new = staticmethod(wrap)

    # -- attributes --------------------------------------------------------------------
    @property
    def dtype(self) -> np.dtype:
        """The dtype (a ``numpy.dtype``; compares equal to ``weaknp.int8`` etc.)."""
        return self._data.dtype

    @property
    def shape(self) -> tuple:
        return self._data.shape

    @property
    def ndim(self) -> int:
        return self._data.ndim

    @property
    def size(self) -> int:
        return self._data.size

    @property
    def device(self):
        return CPU

    @property
    def weak_type(self) -> bool:
        """True when the dtype was not chosen by the user (the value came from a Python scalar)."""
        return self._node in WEAK_NODES

    @property
    def _weak(self) -> bool:
        return self._node in WEAK_NODES

    @_weak.setter
    def _weak(self, weak: bool) -> None:
        self._node = _NODE_MAPS[bool(weak)][self._data.dtype]

    @property
    def T(self) -> "Array":
        if self._data.ndim != 2:
            raise ValueError(f"T: only defined for 2-D arrays, got {self._data.ndim}-D; "
                             f"use matrix_transpose() or permute_dims()")
        return wrap_node(self._data.T, self._node)

    @property
    def mT(self) -> "Array":
        if self._data.ndim < 2:
            raise ValueError(f"mT: needs at least 2 dimensions, got {self._data.ndim}")
        return wrap_node(np.swapaxes(self._data, -1, -2), self._node)

    # -- conversion --------------------------------------------------------------------
    def __repr__(self) -> str:
        d = self._data
        prefix = "Array("
        if d.size == 0 and d.ndim > 0:
            body = f"[], shape={d.shape}"
        else:
            body = np.array2string(d, separator=", ", prefix=prefix)
        extra = ", weak_type=True" if self._weak else ""
        return f"{prefix}{body}, dtype={D.dtype_name(d.dtype)}{extra})"

    def __str__(self) -> str:
        return str(self._data)

    def __len__(self) -> int:
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d array")
        return len(self._data)

    def _scalar(self, name: str):
        d = self._data
        if d.size != 1 or d.ndim != 0:
            if d.size != 1:
                raise TypeError(f"{name}: only 0-d (or size-1) arrays can be converted to "
                                f"Python scalars; this array has shape {d.shape}")
        return d.reshape(())[()]

    def __bool__(self) -> bool:
        return bool(self._scalar("__bool__"))

    def __int__(self) -> int:
        v = self._scalar("__int__")
        if self._data.dtype in D.COMPLEX:
            raise TypeError("__int__: cannot convert a complex array to int; take .real first")
        if np.isnan(v) if self._data.dtype in D.REAL_FLOAT else False:
            raise ValueError("__int__: cannot convert NaN to int")
        if self._data.dtype in D.REAL_FLOAT and np.isinf(v):
            raise OverflowError("__int__: cannot convert infinity to int")
        return int(v)

    def __float__(self) -> float:
        v = self._scalar("__float__")
        if self._data.dtype in D.COMPLEX:
            raise TypeError("__float__: cannot convert a complex array to float; take .real "
                            "or abs() first")
        return float(v)

    def __complex__(self) -> complex:
        return complex(self._scalar("__complex__"))

    def __index__(self) -> int:
        if self._data.dtype not in D.INTEGER:
            raise TypeError(f"__index__: only integer arrays can be used as an index, got "
                            f"{D.dtype_name(self._data.dtype)}")
        return int(self._scalar("__index__"))

    def __array__(self, dtype=None, copy=None):
        d = self._data
        if dtype is not None and np.dtype(dtype) != d.dtype:
            if copy is False:
                raise ValueError("__array__: a copy is needed to change the dtype but "
                                 "copy=False was given")
            return K.cast(d, np.dtype(dtype))
        if copy:
            return d.copy()
        return d

    def __array_namespace__(self, *, api_version=None):
        ns = _namespace()
        if api_version is not None and api_version not in ns._SUPPORTED_API_VERSIONS:
            raise ValueError(
                f"__array_namespace__: unsupported api_version {api_version!r}; weaknp "
                f"implements {', '.join(ns._SUPPORTED_API_VERSIONS)}")
        return ns

    def __reduce__(self):
        return (_reconstruct, (self._data, self._weak))

    def __copy__(self):
        return wrap_node(self._data.copy(), self._node)

    def __deepcopy__(self, memo):
        return wrap_node(self._data.copy(), self._node)

    def to_device(self, device, /, *, stream=None) -> "Array":
        check_device(device, "to_device")
        if stream is not None:
            raise ValueError("to_device: streams are not supported on the CPU; pass stream=None")
        return self

    # -- NumPy interop -----------------------------------------------------------------
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """Route NumPy ufunc calls on weaknp arrays through weaknp's promotion."""
        if ufunc is np.matmul and method == "__call__" and not kwargs and len(inputs) == 2:
            (a, an), (b, bn) = (operand(x) or (None, None) for x in inputs)
            if type(a) is not _ndarray or type(b) is not _ndarray:
                return NotImplemented
            r, w = K.matmul(a, an, b, bn, "matmul")
            return wrap(r, w)
        op = BY_UFUNC.get(ufunc)
        if op is None or method != "__call__" or kwargs:
            return _namespace()._numpy_fallback(ufunc, method, inputs, kwargs)
        core = CORES[op.name]
        if op.arity == 1:
            return unary(core, *inputs) if len(inputs) == 1 else NotImplemented
        return binary(core, *inputs) if len(inputs) == 2 else NotImplemented

    def __array_function__(self, func, types, args, kwargs):
        """NumPy functions on weaknp arrays run weaknp's implementation (see ``_interop``)."""
        return _namespace()._array_function(func, types, args, kwargs)

    # -- indexing (``__getitem__`` is ArrayBase's) ----------------------------------------
    def __setitem__(self, key, value):
        self._data[unwrap_key(key)] = stored_value("__setitem__", self._data, self._node, value,
                                                   lists=True)

    # -- operators: ArrayBase's (one line each, every one through the op's entries) ----
    # matmul is not elementwise: its own kernel, the same three forms.
    def __matmul__(self, other):
        o = operand(other)
        if o is None or type(o[0]) is not _ndarray:
            return NotImplemented
        r, w = K.matmul(self._data, node_of_array(self), o[0], o[1], "__matmul__")
        return wrap(r, w)

    def __rmatmul__(self, other):
        o = operand(other)
        if o is None or type(o[0]) is not _ndarray:
            return NotImplemented
        r, w = K.matmul(o[0], o[1], self._data, node_of_array(self), "__rmatmul__")
        return wrap(r, w)

    def __imatmul__(self, other):
        r = self.__matmul__(other)
        if r is NotImplemented:
            return r
        if r.dtype != self.dtype or r.shape != self.shape:
            raise TypeError(f"__imatmul__: the result ({D.dtype_name(r.dtype)}, shape "
                            f"{r.shape}) does not fit the left operand "
                            f"({D.dtype_name(self.dtype)}, shape {self.shape}); write "
                            f"x = x @ y instead")
        self._data[...] = r._data
        self._weak = r._weak
        return self

    # -- methods that delegate to the namespace (written once, there) ------------------
    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        return self._data.__dlpack__(stream=stream, max_version=max_version,
                                     dl_device=dl_device, copy=copy)

    def __dlpack_device__(self):
        return self._data.__dlpack_device__()

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True, *,
               device=None) -> Array:
        """``weaknp.astype`` with NumPy's method signature; always strong.

        ``casting=`` other than ``'unsafe'`` checks NumPy's casting rule first
        (``numpy.can_cast``); ``order=`` sets the memory layout of the result.
        """
        if casting != "unsafe":
            dt = resolve_dtype(dtype, "astype")
            if not np.can_cast(self._data.dtype, dt, casting):
                raise TypeError(f"astype: cannot cast {D.dtype_name(self._data.dtype)} to "
                                f"{D.dtype_name(dt)} with casting={casting!r} (NumPy's "
                                f"casting rule); omit casting= to cast anyway")
        if order not in ("K", "A", "C", "F"):
            raise ValueError(f"astype: order must be 'K', 'A', 'C' or 'F', got {order!r}")
        r = _namespace().astype(self, dtype, copy=copy, device=device)
        if order in ("C", "F") and not r._data.flags[order + "_CONTIGUOUS"]:
            r = wrap(np.asarray(r._data, order=order), False)
        return r

    # -- NumPy's ndarray methods (NumPy's method signatures; each calls the namespace
    # function of the same name, so dtypes and weak flags have one source of truth).
    @property
    def itemsize(self) -> int:
        """Bytes per element."""
        return self._data.itemsize

    @property
    def nbytes(self) -> int:
        """Bytes of all elements."""
        return self._data.nbytes

    @property
    def strides(self) -> tuple:
        """Bytes to step in each dimension (read-only)."""
        return self._data.strides

    @property
    def real(self) -> Array:
        """Real part (``weaknp.real``)."""
        return _namespace().real(self)

    @property
    def imag(self) -> Array:
        """Imaginary part (``weaknp.imag``)."""
        return _namespace().imag(self)

    def conj(self) -> Array:
        """Complex conjugate (``weaknp.conj``)."""
        return _namespace().conj(self)

    conjugate = conj

    def reshape(self, *shape, order="C", copy=None) -> Array:
        """``x.reshape(2, 3)`` or ``x.reshape((2, 3))``; same dtype and weak flag."""
        if len(shape) == 1 and not hasattr(shape[0], "__index__"):
            shape = tuple(shape[0])
        shape = tuple(s.__index__() for s in shape)
        if order not in ("C", "A"):
            d = np.reshape(self._data, shape, order=order)
            return wrap(d, self._weak)
        return _namespace().reshape(self, shape, copy=copy)

    def _no_out(self, name, out):
        if out is not None:
            raise TypeError(f"Array.{name}: the out= argument is not supported by weaknp; "
                            f"assign the result instead")

    def _sum_like(self, name, np_fn, axis, dtype, out, keepdims, initial, where):
        self._no_out(name, out)
        if initial is _NOVALUE and where is True:
            return getattr(_namespace(), name)(self, axis=axis, dtype=dtype, keepdims=keepdims)
        dt = resolve_dtype(dtype, f"Array.{name}") or sum_dtype(self._data.dtype)
        work = _work_dtype(dt)
        return _masked_reduction(self, name, np_fn, dt, work, axis, keepdims, initial, where,
                                 dtype=work)

    def sum(self, axis=None, dtype=None, out=None, keepdims=False, initial=_NOVALUE,
            where=True):
        """``weaknp.sum`` with NumPy's method signature (``initial=``, ``where=``)."""
        return self._sum_like("sum", np.sum, axis, dtype, out, keepdims, initial, where)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False, initial=_NOVALUE,
             where=True):
        """``weaknp.prod`` with NumPy's method signature (``initial=``, ``where=``)."""
        return self._sum_like("prod", np.prod, axis, dtype, out, keepdims, initial, where)

    def _moment(self, name, np_fn, axis, dtype, out, keepdims, where, **extra):
        self._no_out(name, out)
        x = self if dtype is None else self.astype(dtype)
        if where is True:
            if "ddof" in extra:
                extra = {"correction": extra["ddof"]}
            return getattr(_namespace(), name)(x, axis=axis, keepdims=keepdims, **extra)
        in_dt = INEXACT_MAP.get(x._data.dtype, x._data.dtype)
        dt = D.COMPLEX_TO_REAL.get(in_dt, in_dt) if name != "mean" else in_dt
        return _masked_reduction(x, name, np_fn, dt, _work_dtype(in_dt), axis, keepdims,
                                 _NOVALUE, where, **extra)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
        """``weaknp.mean`` with NumPy's method signature (``dtype=`` casts first)."""
        return self._moment("mean", np.mean, axis, dtype, out, keepdims, where)

    def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True):
        """``weaknp.var`` (``ddof`` is the standard's ``correction``)."""
        return self._moment("var", np.var, axis, dtype, out, keepdims, where, ddof=ddof)

    def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True):
        """``weaknp.std`` (``ddof`` is the standard's ``correction``)."""
        return self._moment("std", np.std, axis, dtype, out, keepdims, where, ddof=ddof)

    def _extremum(self, name, np_fn, axis, out, keepdims, initial, where):
        self._no_out(name, out)
        if initial is _NOVALUE and where is True:
            return getattr(_namespace(), name)(self, axis=axis, keepdims=keepdims)
        dt = self._data.dtype
        return _masked_reduction(self, name, np_fn, dt, _work_dtype(dt), axis, keepdims,
                                 initial, where)

    def max(self, axis=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
        """``weaknp.max`` with NumPy's method signature (``initial=``, ``where=``)."""
        return self._extremum("max", np.max, axis, out, keepdims, initial, where)

    def min(self, axis=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
        """``weaknp.min`` with NumPy's method signature (``initial=``, ``where=``)."""
        return self._extremum("min", np.min, axis, out, keepdims, initial, where)

    def ptp(self, axis=None, out=None, keepdims=False):
        """``weaknp.ptp``."""
        return _namespace().ptp(self, axis, out, keepdims)

    def argmax(self, axis=None, out=None, *, keepdims=False):
        """``weaknp.argmax`` with NumPy's method signature."""
        self._no_out("argmax", out)
        return _namespace().argmax(self, axis=axis, keepdims=keepdims)

    def argmin(self, axis=None, out=None, *, keepdims=False):
        """``weaknp.argmin`` with NumPy's method signature."""
        self._no_out("argmin", out)
        return _namespace().argmin(self, axis=axis, keepdims=keepdims)

    def cumsum(self, axis=None, dtype=None, out=None):
        """``weaknp.cumsum`` (flattens when ``axis`` is None)."""
        return _namespace().cumsum(self, axis, dtype, out)

    def cumprod(self, axis=None, dtype=None, out=None):
        """``weaknp.cumprod`` (flattens when ``axis`` is None)."""
        return _namespace().cumprod(self, axis, dtype, out)

    def all(self, axis=None, out=None, keepdims=False, *, where=True):
        """``weaknp.all`` with NumPy's method signature."""
        self._no_out("all", out)
        if where is True:
            return _namespace().all(self, axis=axis, keepdims=keepdims)
        dt = self._data.dtype
        return _masked_reduction(self, "all", np.all, D.bool_, dt, axis, keepdims, _NOVALUE,
                                 where)

    def any(self, axis=None, out=None, keepdims=False, *, where=True):
        """``weaknp.any`` with NumPy's method signature."""
        self._no_out("any", out)
        if where is True:
            return _namespace().any(self, axis=axis, keepdims=keepdims)
        dt = self._data.dtype
        return _masked_reduction(self, "any", np.any, D.bool_, dt, axis, keepdims, _NOVALUE,
                                 where)

    def clip(self, min=None, max=None, out=None):
        """``weaknp.clip``."""
        self._no_out("clip", out)
        return _namespace().clip(self, min, max)

    def round(self, decimals=0, out=None):
        """``weaknp.round`` with ``decimals``."""
        self._no_out("round", out)
        return _namespace().round(self, decimals)

    def dot(self, b, out=None):
        """``weaknp.dot``."""
        return _namespace().dot(self, b, out=out)

    def copy(self, order="C") -> Array:
        """A copy (same dtype and weak flag)."""
        return wrap(self._data.copy(order=order), self._weak)

    def flatten(self, order="C") -> Array:
        """A flattened copy (same dtype and weak flag)."""
        return wrap(self._data.flatten(order=order), self._weak)

    def ravel(self, order="C") -> Array:
        """Flattened (a view where possible); same dtype and weak flag."""
        return wrap(self._data.ravel(order=order), self._weak)

    def squeeze(self, axis=None) -> Array:
        """Remove axes of size 1 (all of them when ``axis`` is None, as NumPy)."""
        return wrap(np.squeeze(self._data, axis=axis), self._weak)

    def transpose(self, *axes) -> Array:
        """``x.transpose()``, ``x.transpose(1, 0)`` or ``x.transpose((1, 0))``."""
        if len(axes) == 1 and not isinstance(axes[0], int):
            axes = axes[0]
        return wrap(self._data.transpose(*((axes,) if axes else ())), self._weak)

    def swapaxes(self, axis1, axis2) -> Array:
        """Interchange two axes."""
        return wrap(self._data.swapaxes(axis1, axis2), self._weak)

    def tolist(self):
        """Nested Python lists of Python scalars (as ``ndarray.tolist``)."""
        return self._data.tolist()

    def item(self, *args):
        """One element as a Python scalar."""
        return self._data.item(*args)

    def tobytes(self, order="C") -> bytes:
        """The raw bytes of the data."""
        return self._data.tobytes(order=order)

    def fill(self, value) -> None:
        """Fill in place with a scalar (checked as for ``x[...] = value``)."""
        self[...] = value

    @staticmethod
    def _check_sort(name, kind, order):
        # weaknp sorts stably: a valid result for every algorithm NumPy names.
        if kind not in (None, "quicksort", "mergesort", "heapsort", "stable"):
            raise ValueError(f"Array.{name}: unknown sort kind {kind!r}")
        if order is not None:
            raise TypeError(f"Array.{name}: order= sorts structured arrays, which weaknp does "
                            f"not have; sort the field's array instead")

    def sort(self, axis=-1, kind=None, order=None, *, stable=None) -> None:
        """Sort in place (as ``ndarray.sort``); ``weaknp.sort`` returns a sorted copy."""
        self._check_sort("sort", kind, order)
        r = _namespace().sort(self, axis=axis, stable=True if stable is None else stable)
        self._data[...] = r._data

    def argsort(self, axis=-1, kind=None, order=None, *, stable=None) -> Array:
        """``weaknp.argsort``."""
        self._check_sort("argsort", kind, order)
        return _namespace().argsort(self, axis=axis, stable=True if stable is None else stable)

    def nonzero(self) -> tuple:
        """``weaknp.nonzero``."""
        return _namespace().nonzero(self)

    def repeat(self, repeats, axis=None) -> Array:
        """``weaknp.repeat`` (``repeats`` may be a list, as in NumPy)."""
        if isinstance(repeats, (list, tuple)):
            repeats = to_array(repeats, function="repeat")
        return _namespace().repeat(self, repeats, axis=axis)

    def take(self, indices, axis=None, out=None, mode="raise") -> Array:
        """NumPy's ``take`` (flattened when ``axis`` is None); same dtype and weak flag."""
        self._no_out("take", out)
        idx = indices._data if isinstance(indices, Array) else indices
        return wrap(np.asarray(np.take(self._data, idx, axis=axis, mode=mode)), self._weak)

    def searchsorted(self, v, side="left", sorter=None) -> Array:
        """``weaknp.searchsorted`` (``v`` may be a list: a strong array, as ``asarray``)."""
        if isinstance(v, (list, tuple)):
            v = to_array(v, function="searchsorted")
        if isinstance(sorter, (list, tuple)):
            sorter = to_array(sorter, function="searchsorted")
        return _namespace().searchsorted(self, v, side=side, sorter=sorter)

    def trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None) -> Array:
        """``weaknp.trace``."""
        return _namespace().trace(self, offset, axis1, axis2, dtype, out)

    def diagonal(self, offset=0, axis1=0, axis2=1) -> Array:
        """``weaknp.diagonal``."""
        return _namespace().diagonal(self, offset, axis1, axis2)

    def compress(self, condition, axis=None, out=None) -> Array:
        """``weaknp.compress``."""
        return _namespace().compress(condition, self, axis, out)

    def choose(self, choices, out=None, mode="raise") -> Array:
        """``weaknp.choose`` with this array as the index array."""
        return _namespace().choose(self, choices, out, mode)

    def put(self, indices, values, mode="raise") -> None:
        """``weaknp.put`` (in place)."""
        _namespace().put(self, indices, values, mode)

    def partition(self, kth, axis=-1, kind="introselect", order=None) -> None:
        """Partition in place (as ``ndarray.partition``)."""
        self._data[...] = _namespace().partition(self, kth, axis)._data

    def argpartition(self, kth, axis=-1, kind="introselect", order=None) -> Array:
        """``weaknp.argpartition``."""
        return _namespace().argpartition(self, kth, axis)

    def view(self, dtype=None) -> Array:
        """The same memory: ``x.view()`` shares it with the same dtype and weak flag;
        ``x.view(dtype)`` reinterprets the bytes as another dtype of the same item size
        (strong), e.g. ``float32`` bits as ``uint32``."""
        if dtype is None:
            return wrap(self._data.view(), self._weak)
        dt = resolve_dtype(dtype, "view")
        if dt.itemsize != self._data.dtype.itemsize:
            raise ValueError(f"view: {D.dtype_name(dt)} has item size {dt.itemsize}, not "
                             f"{self._data.dtype.itemsize}; weaknp only reinterprets between "
                             f"dtypes of the same size")
        if dt not in _SUPPORTED:
            raise TypeError(f"view: unsupported dtype {dt}")
        return wrap(self._data.view(dt), False)


set_array_type(Array)
