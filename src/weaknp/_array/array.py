"""The ``Array`` class: a NumPy buffer plus a weak-type flag, with the standard's
attributes, operators and Python protocols.

``Array(...)`` is guarded (use ``weaknp.asarray``); ``Array._new`` is the trusted private
constructor.  The operators are the dispatch core's (``ArrayBase``, one line each from the
op table); NumPy's other methods come from the ``NumpyMethods`` mixin (``_array.methods``).
"""

from __future__ import annotations

import types

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import kernel
from .convert import to_array
from .._core.device import CPU, check_device
from .._fast.dispatch import (
    CORES,
    ArrayBase,
    binary,
    operand,
    outside_node,
    matrix_transposed,
    record_field,
    set_array_type,
    transposed,
    unary,
    unwrap_key,
    wrap,
    wrap_node,
)
from .interop import _array_function, _numpy_fallback, namespace
from .._core.lattice import OUTSIDE, STRONG_NODE, WEAK_NODE, WEAK_NODES
from .methods import NumpyMethods
from .._core.ops import BY_UFUNC
from .._core.promotion import outside_operand, resolve_dtype
from .stored import stored_value

__all__ = ["Array"]

_ndarray = np.ndarray
#: (strong map, weak map) indexed by the weak flag: dtype -> node
_NODE_MAPS = (STRONG_NODE, WEAK_NODE)


def _sequence_operand(value, function):
    """A list, tuple or range operand (``x + [1, 2]``, ``x == [1, 2]``), converted as
    ``asarray`` does (strong, the join of its leaves), or a ``str``, ``bytes`` or date
    (``outside_operand``); None for anything else.  Errors name
    ``function``, the op.  Off the hot path: only reached when ``operand`` does not know
    the value."""
    if isinstance(value, (list, tuple, range)):
        return operand(to_array(value, function=function))
    return outside_operand(value)   # 'Hello', a datetime: NumPy's rules (decision 72)


#: NumPy ufunc of an op-table row -> (its dispatch core, arity), for ``__array_ufunc__``
_UFUNC_CORES = {u: (CORES[op.name], op.arity) for u, op in BY_UFUNC.items()}


def _reconstruct(data, weak):
    return wrap(np.asarray(data), bool(weak))


# Pickles name it ``weaknp._array._reconstruct`` (the package resolves that name).
_reconstruct.__module__ = "weaknp._array"


# The mixin comes first: its methods are found before ArrayBase's, as if written here.
class Array(NumpyMethods, ArrayBase):
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
    __slots__ = ()   # the storage (_data, _node) is ArrayBase's, in _fast.dispatch
    # __hash__: 0-d arrays hash by value (see "NumPy's attributes and Python protocols")
    # NumPy hands every ufunc call with an Array operand to ``__array_ufunc__`` below, so
    # ``ndarray + Array`` follows weaknp's lattice too.

    # The guard is __new__ (and __init__): the dispatch core makes Arrays with the core's
    # own constructor (``_fast.dispatch._new``: ArrayBase's, never ``Array.__new__``), so
    # ``Array.__new__(Array)`` or a subclass's cannot make an Array with no storage.
    def __new__(cls, shape=None, dtype=float, buffer=None, offset=0, strides=None,
                order=None):
        """``wnp.ndarray(shape, dtype, buffer, offset, strides, order)`` (NumPy's
        constructor) with a ``buffer``: an Array of its memory, as NumPy views it (a
        non-native byte order is read into a native copy, decision 96).  Without one,
        constructing an Array directly is refused: its memory would be uninitialised."""
        if buffer is None or cls is not Array:
            raise TypeError("Array cannot be constructed directly; use weaknp.asarray(obj, "
                            "dtype=...) or another creation function (weaknp.empty(shape, "
                            "dtype) for ndarray(shape, dtype) without a buffer)")
        dt = np.dtype(dtype) if dtypes.native_equivalent(dtype) is not None else \
            resolve_dtype(dtype, "ndarray", outside=True)
        try:
            data = np.ndarray(shape, dt, buffer, offset, strides, order)
        except (TypeError, ValueError) as e:
            raise type(e)(f"ndarray: {e}; the buffer must hold the shape's elements from "
                          f"offset with the strides given") from None
        return to_array(data, function="ndarray")

    def __init__(self, *args, **kwargs):
        """Nothing: ``__new__`` made the Array."""

    _new = staticmethod(wrap)

    # ``Array[wnp.float32]`` in annotations evaluated at run time (the stubs make Array
    # generic over its scalar type; weaknp.typing.NDArray is the same alias).
    __class_getitem__ = classmethod(types.GenericAlias)

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
        n = _NODE_MAPS[bool(weak)].get(self._data.dtype)
        self._node = n if n is not None else outside_node(self._data.dtype)

    # the transposes' getters are the compiled core's (views with no Python frame)
    T = property(transposed, doc="The array with its axes reversed (a view, as ``ndarray.T``).")
    mT = property(matrix_transposed,
                  doc="The array with its last two axes swapped (a view; at least 2-D).")

    # -- conversion --------------------------------------------------------------------
    def __repr__(self) -> str:
        d = self._data
        if self._node is OUTSIDE:   # NumPy's own repr: dtype=[('name', '<U10'), ...]
            return "A" + repr(d)[1:]
        prefix = "Array("
        if d.size == 0 and d.ndim > 0:
            body = f"[], shape={d.shape}"
        else:
            body = np.array2string(d, separator=", ", prefix=prefix)
        extra = ", weak_type=True" if self._weak else ""
        return f"{prefix}{body}, dtype={dtypes.dtype_name(d.dtype)}{extra})"

    def __str__(self) -> str:
        d = self._data
        if d.ndim == 0 and d.dtype.kind == "S":
            # a 0-d Array is weaknp's scalar (decision 45): print(x[0]) of bytes shows
            # b'...' as NumPy's np.bytes_ scalar does (NumPy's 0-d ndarray shows its repr)
            return str(d[()])
        return str(d)

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
        d = self._data
        if d.size != 1:   # NumPy's ValueError and wording
            raise ValueError(
                "The truth value of an array with more than one element is ambiguous. Use "
                "a.any() or a.all()" if d.size else
                "The truth value of an empty array is ambiguous. Use `array.size > 0` to "
                "check that an array is not empty.")
        return bool(d.reshape(())[()])

    def __int__(self) -> int:
        v = self._scalar("__int__")
        if self._data.dtype in dtypes.COMPLEX:
            raise TypeError("__int__: cannot convert a complex array to int; take .real first")
        if np.isnan(v) if self._data.dtype in dtypes.REAL_FLOAT else False:
            raise ValueError("__int__: cannot convert NaN to int")
        if self._data.dtype in dtypes.REAL_FLOAT and np.isinf(v):
            raise OverflowError("__int__: cannot convert infinity to int")
        return int(v)

    def __float__(self) -> float:
        v = self._scalar("__float__")
        if self._data.dtype in dtypes.COMPLEX:
            raise TypeError("__float__: cannot convert a complex array to float; take .real "
                            "or abs() first")
        return float(v)

    def __complex__(self) -> complex:
        return complex(self._scalar("__complex__"))

    def __index__(self) -> int:
        d = self._data
        # As NumPy 2: only a 0-d integer array is an index ([10, 20][x] with x of shape (1,)
        # or a bool x raises; NumPy 1 took size-1 arrays).
        if d.dtype not in dtypes.INTEGER or d.ndim != 0:
            raise TypeError(
                f"__index__: only integer scalar arrays can be converted to a scalar index, "
                f"got {dtypes.dtype_name(d.dtype)} of shape {d.shape}; index with a 0-d integer "
                f"array (x.reshape(()) or x[0]) or a Python int")
        return int(d[()])

    def __array__(self, dtype=None, copy=None):
        d = self._data
        if type(d) is not _ndarray:  # always an ndarray, never a NumPy scalar
            d = np.asarray(d)
        if dtype is not None and np.dtype(dtype) != d.dtype:
            if copy is False:
                raise ValueError("__array__: a copy is needed to change the dtype but "
                                 "copy=False was given")
            return dtype_rules.explicit_cast(d,
                                             np.dtype(dtype))   # np.asarray(x, dtype=): NumPy's warnings
        if copy:
            return d.copy()
        return d

    def __array_namespace__(self, *, api_version=None):
        ns = namespace()
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
        if method == "__call__" and not kwargs:
            plain = _UFUNC_CORES.get(ufunc)   # the op table's ufuncs: the operators' path
            if plain is not None:
                core, arity = plain
                if len(inputs) != arity:
                    return NotImplemented
                return binary(*inputs, core) if arity == 2 else unary(*inputs, core)
            if ufunc is np.matmul and len(inputs) == 2:
                (a, an), (b, bn) = (operand(x) or (None, None) for x in inputs)
                if type(a) is not _ndarray or type(b) is not _ndarray:
                    return NotImplemented
                r, w = kernel.matmul(a, an, b, bn, "matmul")
                return wrap(r, w)
        return _numpy_fallback(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        """NumPy functions on weaknp arrays run weaknp's implementation (see ``_array.interop``)."""
        return _array_function(func, types, args, kwargs)

    # -- indexing (``__getitem__`` is ArrayBase's) ----------------------------------------
    def __setitem__(self, key, value):
        # Everything is checked before the write (value, then NumPy's own index and
        # broadcast checks, which precede its writes): a failing store changes nothing.
        if self._node is OUTSIDE:   # strings, records, dates: NumPy's own assignment
            v = _outside_value(value)
        else:
            v = stored_value("__setitem__", self._data, self._node, value, lists=True)
        try:
            self._data[unwrap_key(key)] = v
        except (IndexError, ValueError) as e:
            name = record_field(self._data, key, "__setitem__")
            if name is not None:   # r[1] = v of a record element: its field, as numpy.void
                return self.__setitem__(name, value)
            fix = ("write into a copy (x.copy()): this array is a read-only view"
                   if "read-only" in str(e) else
                   "the value must broadcast to the selection's shape (x[i] takes a scalar, "
                   "x[i:j] a sequence) and indices must lie in -n..n-1")
            raise type(e)(f"__setitem__: {str(e).rstrip('.')}; {fix}") from None
        except TypeError as e:   # only outside the lattice (NumPy's conversion refused)
            raise TypeError(f"__setitem__: {e}; store values NumPy reads as "
                            f"{self._data.dtype}") from None

    # -- operators: ArrayBase's (one line each, every one through the op's entries) ----
    # matmul is not elementwise: its own kernel, the same three forms.
    def __matmul__(self, other):
        o = operand(other)
        if o is None or type(o[0]) is not _ndarray:
            return NotImplemented
        r, w = kernel.matmul(self._data, self._node, o[0], o[1], "__matmul__")
        return wrap(r, w)

    def __rmatmul__(self, other):
        o = operand(other)
        if o is None or type(o[0]) is not _ndarray:
            return NotImplemented
        r, w = kernel.matmul(o[0], o[1], self._data, self._node, "__rmatmul__")
        return wrap(r, w)

    def __imatmul__(self, other):
        r = self.__matmul__(other)
        if r is NotImplemented:
            return r
        if r.dtype != self.dtype or r.shape != self.shape:
            raise TypeError(f"__imatmul__: the result ({dtypes.dtype_name(r.dtype)}, shape "
                            f"{r.shape}) does not fit the left operand "
                            f"({dtypes.dtype_name(self.dtype)}, shape {self.shape}); write "
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
        (``numpy.can_cast``); ``'same_value'`` (NumPy 2.4's) casts and checks that every
        value comes back unchanged (NaN as NaN), on every NumPy; ``order=`` sets the
        memory layout of the result.
        """
        if casting == "same_value":
            with np.errstate(all="ignore"):   # (a value that changes raises below)
                r = self.astype(dtype, order, "unsafe", subok, copy, device=device)
            return _same_value(self, r)
        if casting != "unsafe":
            dt = resolve_dtype(dtype, "astype", outside=True)
            if not np.can_cast(self._data.dtype, dt, casting):
                raise TypeError(f"astype: cannot cast {dtypes.dtype_name(self._data.dtype)} to "
                                f"{dtypes.dtype_name(dt)} with casting={casting!r} (NumPy's "
                                f"casting rule); omit casting= to cast anyway")
        if order not in ("K", "A", "C", "F"):
            raise ValueError(f"astype: order must be 'K', 'A', 'C' or 'F', got {order!r}")
        r = namespace().astype(self, dtype, copy=copy, device=device)
        if order in ("C", "F") and not r._data.flags[order + "_CONTIGUOUS"]:
            r = wrap(np.asarray(r._data, order=order), False)
        return r



    # Hashing: weaknp returns 0-d arrays where NumPy returns scalars (x[0], x.sum(),
    # iteration), and NumPy code relies on scalars being hashable (`d[label] = ...` over
    # np.unique(y), Counter(a), set(a)).  So a 0-d array hashes by value, like the Python
    # scalar it holds (hash(wnp.asarray(1)) == hash(1) == hash(1.0)), and == answers
    # elementwise, which for 0-d arrays is a 0-d bool with a truth value: dict and set
    # lookups work.  n-d arrays stay unhashable (mutable, and == is elementwise).
    # NumPy differs: its 0-d ndarrays are unhashable (its scalars are hashable).
    # Do not mutate a 0-d array while it is a dict key (as for any value-hashed object).
    # Decision 45.
    def __hash__(self):
        d = self._data
        if d.ndim != 0:
            raise TypeError(f"unhashable type: {d.ndim}-d Array (only 0-d arrays, weaknp's "
                            f"scalars, hash by value); use tuple(x.tolist()) as a key")
        return hash(_python_scalar(d))

    def __contains__(self, value) -> bool:
        """``value in x``: whether any element equals ``value`` (NumPy's rule: ``(x ==
        value).any()``, with weaknp's comparison)."""
        r = self == value
        if r is NotImplemented:
            raise TypeError(f"__contains__: cannot compare an Array with "
                            f"{type(value).__name__}")
        return bool(r._data.any())

    def __format__(self, spec: str) -> str:
        """``f"{x:.3f}"`` for 0-d arrays (formatted as their Python scalar); n-d arrays
        take only the empty spec (``str(x)``), as in NumPy."""
        d = self._data
        if d.ndim == 0:
            return format(_python_scalar(d), spec)
        if spec:
            raise TypeError(f"unsupported format string {spec!r} passed to Array.__format__ "
                            f"for a {d.ndim}-d array; format the elements (x.tolist()) or "
                            f"use numpy.array2string")
        return str(self)

    def __round__(self, ndigits=None):
        """``round(x)`` of a 0-d array, as of a NumPy scalar: a Python int without
        ``ndigits``, else a 0-d array of the same dtype (``wnp.round``)."""
        d = self._data
        if d.ndim != 0:
            raise TypeError(f"round(): not defined for a {d.ndim}-d Array (NumPy's ndarray "
                            f"has no __round__ either); use wnp.round(x, decimals)")
        if ndigits is None:
            v = _python_scalar(d)
            if isinstance(v, complex):
                raise TypeError("round(): cannot round a complex value to an int")
            return round(v)
        return namespace().round(self, ndigits)

    def __divmod__(self, other):
        q = self.__floordiv__(other)
        if q is NotImplemented:
            return q
        return q, self.__mod__(other)

    def __rdivmod__(self, other):
        q = self.__rfloordiv__(other)
        if q is NotImplemented:
            return q
        return q, self.__rmod__(other)

    def _set_shape(self, shape) -> None:
        """``x.shape = (2, 3)`` changes the shape in place without a copy, as NumPy
        (``ValueError`` when the data cannot be viewed with that shape)."""
        if isinstance(shape, int) or hasattr(shape, "__index__"):
            shape = (shape,)
        try:
            self._data = self._data.reshape(tuple(shape), copy=False)
        except ValueError as e:
            raise ValueError(f"shape: cannot set the shape to {tuple(shape)} without a copy "
                             f"({e}); use x = x.reshape(...) instead") from None

    shape = shape.setter(_set_shape)

    def _set_dtype(self, dtype) -> None:
        """``x.dtype = np.int16`` reinterprets the memory in place, as NumPy (``x.view``):
        the last axis grows or shrinks with the item size; the array becomes strong."""
        r = self.view(dtype)
        self._data, self._node = r._data, r._node

    dtype = dtype.setter(_set_dtype)

    # NumPy differs: no __array_interface__ / __array_struct__.  NumPy reads them before
    # __array__, and building an ndarray from them costs 6x (struct) to 16x (interface)
    # what __array__ does (measured: 2.5 / 6.8 us against 0.42 us per np.asarray(x)),
    # for every library that converts weaknp arrays.  np.asarray(x).__array_interface__
    # is the same buffer's.  Decision 73.


def _outside_value(value):
    """A value stored into an array outside the lattice: NumPy converts it (Arrays give
    their data, lists of them too)."""
    if isinstance(value, Array):
        return value._data
    if isinstance(value, list):
        return [_outside_value(v) for v in value] if any(
            isinstance(v, Array) for v in value) else value
    return value


def _python_scalar(d: np.ndarray):
    """The Python scalar of a 0-d (or size-1) ndarray; ml_dtypes values become floats/ints."""
    v = d.reshape(()).item() if d.dtype not in dtypes.ML_DTYPES else d.reshape(())[()]
    if d.dtype in dtypes.ML_DTYPES:
        return int(v) if d.dtype in dtypes.INTEGER else float(v)
    return v



set_array_type(Array, _sequence_operand)


def _same_value(x: Array, r: Array) -> Array:
    """``r`` (``x`` cast with ``casting='unsafe'``) when each of its values cast back to
    ``x``'s dtype is the value it came from (a NaN as a NaN), else NumPy 2.4's
    ``ValueError`` for ``casting='same_value'``, naming the dtypes and the first value."""
    src, got = x._data, r._data
    if got.dtype == dtypes.bool_:   # NumPy's rule: to bool, every value is its truth
        return r
    with np.errstate(all="ignore"):
        back = got.astype(src.dtype) if got.dtype != src.dtype else got
        same = back == src
        if src.dtype.kind in "fc" or src.dtype in dtypes.ML_DTYPES:
            same |= np.isnan(src) & np.isnan(back)
    if not same.all():
        first = (src[~same].flat[0] if src.ndim else src[()]).item()
        raise ValueError(f"astype: could not cast 'same_value' {dtypes.dtype_name(src.dtype)} "
                         f"to {dtypes.dtype_name(got.dtype)}: {int((~same).sum())} value(s) "
                         f"change, the first {first!r}; use casting='unsafe' to accept the "
                         f"change, or a dtype that holds them")
    return r

