"""The ``Array`` class: a NumPy buffer plus a weak-type flag, and its operators.

``Array(...)`` is guarded (use ``weaknp.asarray``); ``Array._new`` is the trusted private
constructor.  Operators are generated from the op table, one visible line each.  Methods
beyond the standard's dunders (``sum``, ``reshape``, …) delegate to the public namespace
functions of the same name, so each behaviour is written once.
"""

from __future__ import annotations

import math
import sys
from types import GenericAlias

import numpy as np

from . import _dtypes as D
from . import _kernel as K
from ._dispatch import CORES, ArrayBase, Method, binary, explicit_int as _explicit_int, \
    leaf_summary, operand, read_list, set_array_type, unary, unwrap_key, wrap, wrap_node
from ._device import CPU, check_device
from ._errors import a_dtype
from ._lattice import STRONG_NODE, WEAK_NODE, WEAK_NODES
from ._ops import BY_UFUNC
from ._promotion import (PY_SCALAR_NODE, current_lattice, join_nodes,
                         resolve_dtype, scalar_node)

__all__ = ["Array", "FlatIter", "operand", "created", "stored_value",
           "node_of_array", "wrap", "wrap_node", "unwrap_key", "to_array", "data_of", "promote",
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


# ---------------------------------------------------------------------------------------
# Operator factories: forward, reflected and in-place methods from one op row.

def _sequence_operand(value):
    """A list, tuple or range operand (``x + [1, 2]``, ``x == [1, 2]``), converted as
    ``asarray`` does (strong, the join of its leaves); None for anything else.  Off the
    hot path: only reached when ``operand`` does not know the value."""
    if isinstance(value, (list, tuple, range)):
        return operand(to_array(value, function="operator"))
    return None


def _delegate(name: str, function: str | None = None):
    """``x.<name>(...)``: ``weaknp.<function>(x, ...)`` -- the method is the namespace
    function bound to ``x``, as NumPy's methods are the functions with ``x`` first (one
    signature, one body; ``Array.<name>`` is the function itself)."""
    return Method(function or name, _namespace_function)


def _namespace_function(name: str):
    return getattr(_namespace(), name)


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
            return created(data, dtype, function), False
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
        elif dtype is not None and dt in D.INTEGER and t is not bool:
            value = _explicit_int(obj, dt, function)
        elif dtype is not None and t is complex and dt not in D.COMPLEX:
            raise TypeError(f"{function}: cannot convert Python complex {obj} to "
                            f"{D.dtype_name(dt)}; take .real first or pass a complex dtype=")
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
        return created(arr, dtype, function), False
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
    """``(ndarray, weak)`` of an array argument: an ``Array`` or anything NumPy takes as an
    array (converted as ``asarray`` does: a NumPy array or scalar and a nested list are
    strong, a Python scalar is weak)."""
    if type(x) is Array:
        return x._data, x._node in WEAK_NODES
    if isinstance(x, Array):
        return x._data, x._weak
    # JAX differs: most jax.numpy functions refuse lists and tuples (docs/decisions.md,
    # decision 21).
    return to_ndarray(x, None, None, function)


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


def _numpy_scalar(value):
    """``(Python scalar, dtype name)`` for a NumPy scalar or 0-d NumPy array of a supported
    dtype, else ``None``."""
    t = type(value)
    if t is _ndarray:
        if value.ndim != 0:
            return None
    elif not isinstance(value, np.generic):
        return None
    a = np.asarray(value)
    dt = a.dtype
    if dt not in _SUPPORTED:
        return None
    py = (bool if dt == D.bool_ else int if dt in D.INTEGER else
          complex if dt in D.COMPLEX else float)(a[()])
    return py, D.dtype_name(dt)


#: The node a NumPy array being stored is read at: the Python scalar of its kind.
_NUMPY_STORE_NODE = {"bool": PY_SCALAR_NODE[bool], "int": PY_SCALAR_NODE[int],
                     "float": PY_SCALAR_NODE[float], "complex": PY_SCALAR_NODE[complex]}


def stored_value(function: str, d: np.ndarray, node, value, *, lists: bool = False):
    """``value`` ready to be written into ``d`` (an array at lattice node ``node``).

    The rule of ``x[i] = v`` and of every function that writes into an existing dtype
    (``insert``, ``pad``, ``copyto``, ``put``, ``place``, ``fill``, ``full``, ...): the join
    of the array and the value must be the array's dtype (``TypeError`` otherwise, e.g. a
    float into an int array), and the value is narrowed exactly as a Python scalar is:

    * Python ints out of range raise ``OverflowError``; so do the values of a *weak* array
      (0-d or n-d), which stands for the Python scalars it holds (``K.weak_values``).
    * A NumPy scalar or 0-d NumPy array is stored like the Python scalar it equals: it may
      go into any dtype of its kind or above (``float32_array[0] = np.float64(0.5)``, rounded
      as ``astype`` would; ``int8_array[0] = np.int64(5)``, range-checked), never into a
      lower kind (``np.float64`` into an int array is a ``TypeError``).  An n-d NumPy array
      likewise stands for the Python scalars it holds (``float32_array[:] = np.zeros(2)``
      works; a float64 NumPy array into an int array does not).  Strong weaknp arrays keep
      their dtype's rule.

    ``lists=True`` also accepts nested lists (read as ``asarray`` does).

    Examples
    --------
    >>> import numpy as np
    >>> x = wnp.asarray([1., 2.], dtype=wnp.float32)
    >>> x[0] = np.float64(0.5)
    >>> x
    Array([0.5, 2. ], dtype=float32)
    """
    ns = _numpy_scalar(value)
    ns_name = None   # the NumPy dtype of a NumPy value (scalar or array) being stored
    span = None      # (min, max) of a NumPy integer value, range-checked below
    if ns is not None:
        # NumPy differs: it casts NumPy scalars of any kind (np.float64(1.5) into an int8
        # array stores 1); JAX casts too.  Strong weaknp 0-d arrays keep their dtype's rule.
        value, ns_name = ns
        o = (value, PY_SCALAR_NODE[type(value)])
        if type(value) is int:
            span = (value, value)
    elif type(value) is _ndarray and value.dtype in _SUPPORTED:
        # NumPy differs: it casts any kind (a float64 array into an int8 array truncates).
        # A NumPy array of the same kind or below is read like the Python scalars it holds
        # (xarray's ``da[0] = 0.0`` on float32 data stores a broadcast float64 NumPy array).
        ns_name = D.dtype_name(value.dtype)
        o = (value, _NUMPY_STORE_NODE[D.kind_of(value.dtype)])
        if value.dtype in D.INTEGER and value.size:
            span = (int(value.min()), int(value.max()))
    else:
        o = operand(value)
    if span is not None and d.dtype in D.INTEGER:
        lo, hi = D.INT_BOUNDS[d.dtype]
        mn, mx = span
        if mn < lo or mx > hi:
            raise OverflowError(
                f"{function}: NumPy {ns_name} value {mn if mn < lo else mx} is out of bounds "
                f"for {D.dtype_name(d.dtype)} (range {lo}..{hi}); cast the array explicitly "
                f"with astype() to a wider dtype")
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
        if ns_name is not None:
            src, fix = f"NumPy {ns_name}", f"value.astype({target!r})"
        elif type(payload) is _ndarray:
            src, fix = D.dtype_name(payload.dtype), f"value.astype({target!r})"
            if vnode in WEAK_NODES:
                src = f"weak {src}"
        else:
            src = f"Python {type(payload).__name__}"
            fix = f"wnp.asarray(value).astype({target!r})"
        raise TypeError(
            f"{function}: storing {src} values into {a_dtype(target)} array would "
            f"change their dtype; convert them explicitly first, e.g. {fix}")
    if type(payload) is not _ndarray:
        return K.narrow_scalar(payload, d.dtype, function)
    if vnode in WEAK_NODES:   # read like the Python scalars it holds: no wrap
        return K.weak_values(payload, d.dtype, function)
    return K.strong_values(payload, d.dtype, function)


_INT1 = D.NARROW_SIGNED[0]


def created(data: np.ndarray, dt: np.dtype, function: str) -> np.ndarray:
    """``data`` (computed by a creation function in a wide loop) cast to the requested
    ``dt``; an integer ``dt`` never wraps.

    Every creation function with ``dtype=`` ends here (``asarray`` of an array,
    ``arange``, ``linspace``, ``logspace``, ``indices``, ...): floats are truncated toward
    zero as ``astype`` does, NaN or infinity raise ``ValueError`` and a value outside the
    integer dtype raises ``OverflowError``, as ``arange(300, dtype=int8)`` does.
    ``astype`` stays the explicit cast that wraps.
    """
    src = data.dtype
    # (bool data is checked only for int1, the one integer dtype without 1: -1..0)
    if dt in D.INTEGER and src != dt and data.size and (src != D.bool_ or dt == _INT1):
        # NumPy differs: linspace(0, 1000, 3, dtype=int8) wraps to [0, -12, -24] there.
        if src in D.COMPLEX:
            data = data.real
        if src not in D.INTEGER:
            finite = np.isfinite(data)
            if not finite.all():
                bad = data[~finite].flat[0]
                raise ValueError(f"{function}: the values include {bad}, which "
                                 f"{D.dtype_name(dt)} cannot hold; pass finite values or a "
                                 f"float dtype= (astype() casts without this check)")
            data = np.trunc(data)
        lo, hi = D.INT_BOUNDS[dt]
        mn, mx = data.min().item(), data.max().item()
        if mn < lo or mx > hi:
            bad = mn if mn < lo else mx
            raise OverflowError(f"{function}: value {int(bad)} is out of bounds for "
                                f"{D.dtype_name(dt)} (range {lo}..{hi}); pass a wider "
                                f"dtype= (astype() casts without this check)")
    return K.cast(data, dt)


def array_like(x, function: str):
    """``(ndarray, weak)`` of a NumPy-style array argument: an ``Array``, a NumPy array or
    scalar (strong), a Python scalar (weak, as in ``asarray``) or a nested list (strong,
    as in ``asarray``).  The NumPy-compatible functions accept all of these, as NumPy does.
    """
    if type(x) is Array:
        return x._data, x._node in WEAK_NODES
    return to_ndarray(x, None, None, function)


def own_ndarray(x, function: str) -> np.ndarray:
    """An array-like as an ndarray in its own dtype, for answering value questions
    (``isin``, ``isclose``) when the join cannot hold a value: a Python int beyond int64
    and uint64 becomes a float64 (±inf past float64), ml_dtypes types float32/float64."""
    if type(x) is int and not -2**63 <= x < 2**64:
        try:
            return np.asarray(float(x))
        except OverflowError:
            return np.asarray(math.inf if x > 0 else -math.inf)
    d = array_like(x, function)[0]
    if d.dtype in D.ML_DTYPES:
        d = K.cast(d, D.float64 if d.dtype in D.INTEGER else D.float32)
    return d


def array_likes(function: str, values):
    """``array_like`` over several arguments, then their join: ``(ndarrays cast to the
    joined dtype, dtype, weak)``.  Python scalars stay weak in the join."""
    ops = []
    for v in values:
        o = operand(v)
        ops.append(o if o is not None else operand(wrap(*to_ndarray(v, None, None, function))))
    return _joined(function, ops)


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
    return _joined(function, ops)


def _joined(function: str, ops):
    """``promote`` of ``(payload, node)`` operands."""
    if not ops:
        raise ValueError(f"{function}: at least one array is required")
    # plain loops, no comprehensions: this runs on every where/clip/concat call
    nodes = []
    for o in ops:
        nodes.append(o[1])
    dt, weak = join_nodes(nodes, function)
    out = []
    for p, n in ops:
        # a weak array is read like the Python scalars it holds (K.weak_values: no wrap);
        # an ndarray already of the joined dtype is returned as it is by either reading
        out.append(p if type(p) is _ndarray and p.dtype == dt else
                   K.as_ndarray(p, dt, function, n))
    return out, dt, weak


#: NumPy ufunc of an op-table row -> (its dispatch core, arity), for ``__array_ufunc__``
_UFUNC_CORES = {u: (CORES[op.name], op.arity) for u, op in BY_UFUNC.items()}


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
    # __hash__: 0-d arrays hash by value (see "NumPy's attributes and Python protocols")
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
        # NumPy's rule: the axes reversed, for any number of dimensions (a 1-D array is
        # itself); the standard defines T for 2-D arrays only.
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
        if type(d) is not _ndarray:  # always an ndarray, never a NumPy scalar
            d = np.asarray(d)
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
        if method == "__call__" and not kwargs:
            plain = _UFUNC_CORES.get(ufunc)   # the op table's ufuncs: the operators' path
            if plain is not None:
                core, arity = plain
                if len(inputs) != arity:
                    return NotImplemented
                return binary(core, *inputs) if arity == 2 else unary(core, *inputs)
            if ufunc is np.matmul and len(inputs) == 2:
                (a, an), (b, bn) = (operand(x) or (None, None) for x in inputs)
                if type(a) is not _ndarray or type(b) is not _ndarray:
                    return NotImplemented
                r, w = K.matmul(a, an, b, bn, "matmul")
                return wrap(r, w)
        return _namespace()._numpy_fallback(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        """NumPy functions on weaknp arrays run weaknp's implementation (see ``_interop``)."""
        return _namespace()._array_function(func, types, args, kwargs)

    # -- indexing (``__getitem__`` is ArrayBase's) ----------------------------------------
    def __setitem__(self, key, value):
        # Everything is checked before the write (value, then NumPy's own index and
        # broadcast checks, which precede its writes): a failing store changes nothing.
        v = stored_value("__setitem__", self._data, self._node, value, lists=True)
        try:
            self._data[unwrap_key(key)] = v
        except (IndexError, ValueError) as e:
            fix = ("write into a copy (x.copy()): this array is a read-only view"
                   if "read-only" in str(e) else
                   "the value must broadcast to the selection's shape (x[i] takes a scalar, "
                   "x[i:j] a sequence) and indices must lie in -n..n-1")
            raise type(e)(f"__setitem__: {str(e).rstrip('.')}; {fix}") from None

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
        """Real part: a view, as ``ndarray.real`` (writes change ``x``); ``weaknp.real(x)``
        is a new array.  Dtype and weak flag as ``weaknp.real``."""
        return wrap(self._data.real, self._node in WEAK_NODES)

    @property
    def imag(self) -> Array:
        """Imaginary part: a view of a complex array, as ``ndarray.imag`` (read-only zeros
        for a real array, as NumPy); ``weaknp.imag(x)`` is a new array.  Dtype and weak
        flag as ``weaknp.imag``."""
        return wrap(self._data.imag, self._node in WEAK_NODES)

    def conj(self) -> Array:
        """Complex conjugate (``weaknp.conj``)."""
        return _namespace().conj(self)

    conjugate = conj

    def reshape(self, *shape, order="C", copy=None) -> Array:
        """``x.reshape(2, 3)`` or ``x.reshape((2, 3))``: ``weaknp.reshape``."""
        if len(shape) == 1:
            shape = shape[0]
        return _namespace().reshape(self, shape, order, copy=copy)

    def transpose(self, *axes) -> Array:
        """``x.transpose()``, ``x.transpose(1, 0)`` or ``x.transpose((1, 0))``."""
        if len(axes) == 1 and not hasattr(axes[0], "__index__"):
            axes = axes[0]
        return _namespace().permute_dims(self, axes or None)

    def compress(self, condition, axis=None, out=None) -> Array:
        """``weaknp.compress(condition, x, axis, out)``."""
        return _namespace().compress(condition, self, axis, out)

    def copy(self, order="C") -> Array:
        """``weaknp.copy`` (NumPy's method defaults to C order)."""
        return _namespace().copy(self, order)

    def flatten(self, order="C") -> Array:
        """A flattened copy: ``weaknp.ravel`` of a copy."""
        return _namespace().ravel(_namespace().copy(self, order), order)

    def sort(self, axis=-1, kind=None, order=None, *, stable=None) -> None:
        """Sort in place (``weaknp.sort`` returns a sorted copy)."""
        self._data[...] = _namespace().sort(self, axis, kind, order, stable=stable)._data

    def partition(self, kth, axis=-1, kind="introselect", order=None) -> None:
        """Partition in place (``weaknp.partition`` returns a copy)."""
        self._data[...] = _namespace().partition(self, kth, axis, kind, order)._data

    # NumPy's ndarray methods: one line each, the namespace function with ``x`` first.
    sum = _delegate("sum")
    prod = _delegate("prod")
    mean = _delegate("mean")
    var = _delegate("var")
    std = _delegate("std")
    max = _delegate("max")
    min = _delegate("min")
    ptp = _delegate("ptp")
    argmax = _delegate("argmax")
    argmin = _delegate("argmin")
    cumsum = _delegate("cumsum")
    cumprod = _delegate("cumprod")
    all = _delegate("all")
    any = _delegate("any")
    clip = _delegate("clip")
    round = _delegate("round")
    dot = _delegate("dot")
    ravel = _delegate("ravel")
    squeeze = _delegate("squeeze")
    swapaxes = _delegate("swapaxes")
    argsort = _delegate("argsort")
    nonzero = _delegate("nonzero")
    repeat = _delegate("repeat")
    take = _delegate("take")
    searchsorted = _delegate("searchsorted")
    trace = _delegate("trace")
    diagonal = _delegate("diagonal")
    choose = _delegate("choose")
    put = _delegate("put")
    argpartition = _delegate("argpartition")

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
        self._data[...] = stored_value("fill", self._data, self._node, value)

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

    # -- NumPy's attributes and Python protocols (issue 13) ----------------------------
    __class_getitem__ = classmethod(GenericAlias)  # Array[...] in annotations, as ndarray

    # Hashing: weaknp returns 0-d arrays where NumPy returns scalars (x[0], x.sum(),
    # iteration), and NumPy code relies on scalars being hashable (`d[label] = ...` over
    # np.unique(y), Counter(a), set(a)).  So a 0-d array hashes by value, like the Python
    # scalar it holds (hash(wnp.asarray(1)) == hash(1) == hash(1.0)), and == answers
    # elementwise, which for 0-d arrays is a 0-d bool with a truth value: dict and set
    # lookups work.  n-d arrays stay unhashable (mutable, and == is elementwise).
    # NumPy differs: its 0-d ndarrays are unhashable (its scalars are hashable).
    # Do not mutate a 0-d array while it is a dict key (as for any value-hashed object).
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
        return _namespace().round(self, ndigits)

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

    def _set_part(self, part: str, value) -> None:
        d = self._data
        if d.dtype in D.COMPLEX:
            target = d.real if part == "real" else d.imag
        elif part == "real":
            target = d
        else:
            raise TypeError(f"imag: a {D.dtype_name(d.dtype)} array has no imaginary part to "
                            f"set; make it complex first with astype()")
        # The part is an array of the real dtype: the value is stored with x[i] = v's rule.
        target[...] = stored_value(part, target, STRONG_NODE[target.dtype], value, lists=True)

    real = real.setter(lambda self, value: self._set_part("real", value))
    imag = imag.setter(lambda self, value: self._set_part("imag", value))

    @property
    def flat(self) -> "FlatIter":
        """A flat (C-order) view for reading and writing: ``x.flat[3]``, ``x.flat[[1, 4]]
        = 0`` (stored with the rule of ``x[i] = v``), ``for v in x.flat``; assigning
        ``x.flat = v`` fills every element (repeating ``v`` as NumPy does)."""
        return FlatIter(self)

    @flat.setter
    def flat(self, value) -> None:
        self._data.flat = stored_value("flat", self._data, self._node, value, lists=True)

    @property
    def base(self):
        """The array whose memory this one uses, or None when it owns its data (as
        NumPy's ``base``, wrapped as a weaknp array; it is a new wrapper, so test sharing
        with ``wnp.shares_memory``, not ``y.base is x``)."""
        b = self._data.base
        if isinstance(b, _ndarray) and b.dtype in _SUPPORTED:
            return wrap(b, False)
        return b

    @property
    def flags(self):
        """NumPy's flags of the data (``x.flags.writeable = False`` works)."""
        return self._data.flags

    def setflags(self, write=None, align=None, uic=None) -> None:
        """NumPy's ``setflags`` on the data."""
        self._data.setflags(write=write, align=align, uic=uic)

    @property
    def data(self) -> memoryview:
        """The buffer as a ``memoryview`` (NumPy's ``data``).  ml_dtypes types have no
        buffer format: view them as unsigned integers of the same size first."""
        try:
            return self._data.data
        except ValueError:
            raise ValueError(f"data: {D.dtype_name(self._data.dtype)} has no buffer format; "
                             f"use x.view(uint{8 * self._data.itemsize}).data") from None

    @property
    def ctypes(self):
        """NumPy's ``ctypes`` interface of the data (pointer, shape, strides)."""
        return self._data.ctypes

    def byteswap(self, inplace=False) -> "Array":
        """Swap the bytes of each element (same dtype and weak flag)."""
        r = self._data.byteswap(inplace=inplace)
        return self if inplace else wrap_node(r, self._node)

    def resize(self, *new_shape, refcheck=True) -> None:
        """Change shape and size in place (NumPy's ``ndarray.resize``): elements are kept
        in C order and new ones are zero.  The array gets new memory; views of the old
        data keep seeing the old data."""
        if len(new_shape) == 1 and not hasattr(new_shape[0], "__index__"):
            new_shape = tuple(new_shape[0])
        shape = tuple(s.__index__() for s in new_shape)
        new = np.zeros(shape, self._data.dtype)
        n = min(new.size, self._data.size)
        new.reshape(-1)[:n] = self._data.reshape(-1)[:n]
        self._data = new

    def tofile(self, fid, sep="", format="%s") -> None:  # noqa: A002 - NumPy's name
        """Write the data to a file (NumPy's ``tofile``; the weak flag is not stored)."""
        self._data.tofile(fid, sep=sep, format=format)

    def dumps(self) -> bytes:
        """A pickle of the array (dtype and weak flag kept)."""
        import pickle  # noqa: PLC0415 - rarely used
        return pickle.dumps(self, protocol=2)

    def dump(self, file) -> None:
        """Pickle the array to ``file`` (a path or a binary file object)."""
        import pickle  # noqa: PLC0415 - rarely used
        if isinstance(file, (str, bytes)) or hasattr(file, "__fspath__"):
            with open(file, "wb") as f:
                pickle.dump(self, f, protocol=2)
        else:
            pickle.dump(self, file, protocol=2)

    def getfield(self, dtype, offset=0):
        """A view of the bytes at ``offset`` of each element as ``dtype`` (NumPy's
        ``getfield``); strong."""
        dt = resolve_dtype(dtype, "getfield")
        if dt not in _SUPPORTED:
            raise TypeError(f"getfield: unsupported dtype {dt}")
        return wrap(self._data.getfield(dt, offset), False)

    def setfield(self, val, dtype, offset=0) -> None:
        """Write ``val`` into the bytes at ``offset`` of each element, read as ``dtype``
        (NumPy's ``setfield``; ``val`` is stored with the rule of ``x[i] = v`` for
        ``dtype``)."""
        dt = resolve_dtype(dtype, "setfield")
        view = self._data.getfield(dt, offset)
        view[...] = stored_value("setfield", view, STRONG_NODE[dt], val, lists=True)


def _python_scalar(d: np.ndarray):
    """The Python scalar of a 0-d (or size-1) ndarray; ml_dtypes values become floats/ints."""
    v = d.reshape(()).item() if d.dtype not in D.ML_DTYPES else d.reshape(())[()]
    if d.dtype in D.ML_DTYPES:
        return int(v) if d.dtype in D.INTEGER else float(v)
    return v


class FlatIter:
    """``x.flat``: a flat, C-order view of an Array for reading and writing (NumPy's
    ``flatiter``).  Elements come back as 0-d arrays with the array's dtype and weak flag;
    writes follow the rule of ``x[i] = v``."""

    __slots__ = ("_array",)

    def __init__(self, array: Array):
        self._array = array

    @property
    def base(self) -> Array:
        """The array being iterated."""
        return self._array

    def __len__(self) -> int:
        return self._array._data.size

    def __iter__(self):
        a = self._array
        flat = a._data.reshape(-1)
        node = a._node
        for i in range(flat.shape[0]):
            yield wrap_node(flat[i, ...], node)

    def __getitem__(self, key):
        a = self._array
        r = a._data.flat[unwrap_key(key)]
        return wrap_node(r if type(r) is _ndarray else np.asarray(r), a._node)

    def __setitem__(self, key, value) -> None:
        a = self._array
        a._data.flat[unwrap_key(key)] = stored_value("flat", a._data, a._node, value,
                                                      lists=True)

    def __array__(self, dtype=None, copy=None):
        r = self._array._data.reshape(-1)
        if dtype is not None:
            r = r.astype(dtype)
        return r.copy() if copy else r

    def copy(self) -> Array:
        """A flattened copy."""
        return wrap_node(self._array._data.flatten(), self._array._node)

    def __repr__(self) -> str:
        return f"<weaknp flat iterator over a {self._array.shape} array>"


set_array_type(Array, _sequence_operand)
