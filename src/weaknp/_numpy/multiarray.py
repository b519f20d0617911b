"""NumPy's functions implemented in C (``numpy._core.multiarray``), and the wrappers the
other ``_numpy`` modules build on.

Its rank is below the other modules of ``_numpy`` (``tests/unit/test_layering.py``): the
helpers more than one of them needs live here (as NumPy's modules take theirs from
``multiarray``): index results (``index_result``), ml_dtypes made sortable, the buffer
written into (``written_buffer``), data movement, the n-ary products (``joined_product``),
the inexact rule on operands (``float_operands``), joining (``join_arrays``).

Dtypes and weak flags (as ``jax.numpy``)
----------------------------------------
* Products (``dot``, ``vdot``, ``inner``) take the lattice join of their operands and
  keep its weak flag, like ``@``: ``dot(int8, int8)`` is int8 (and wraps, as in NumPy and
  JAX).  ml_dtypes types compute in float32 and are cast back.
* ``concatenate`` takes the lattice join of all its inputs (weak only when the join is);
  ``dtype=`` gives a strong result of that dtype.
* Index results (``lexsort``, ``unravel_index``, ``ravel_multi_index``) and ``bincount``
  without weights have the indexing dtype (int64; int32 in x32 modes), strong.
* ``copyto`` and ``putmask`` write into a weaknp array with the rule of ``x[i] = v``: the
  value's join with the array must be the array's dtype (``TypeError`` otherwise), Python
  ints out of range raise ``OverflowError``.  NumPy casts (``same_kind``) instead.
* ``packbits``/``unpackbits`` give uint8; ``frombuffer``/``fromstring``/``fromfile``
  without ``dtype`` the default float, strong.
* ``nditer`` runs NumPy's iterator on the arrays' buffers: the 0-d arrays it yields are
  views, so ``x[...] = v`` writes through (with the rule of ``x[i] = v``), and an output
  operand it allocates (``None``) gets the lattice join of the inputs' dtypes.
"""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import narrow
from .._core import scalars
from .._core.errors import a_dtype, unsupported_argument
from .._core.lattice import STRONG_NODE
from .._core.dtype_rules import inexact_dtype, native_dtype
from .._core.promotion import default_dtype, join_nodes, node_of, resolve_dtype, sum_dtype
from .._fast.dispatch import wrap, wrap_node
from .._array.array import Array
from .._array.convert import to_array
from .._array.interop import masked_function
from .._array.operands import raw as _raw
from .._array.operands import array_likes, data_of, moved, wrap_loaded
from .._fast.calls import QUICK_ASANY, QUICK_CONTIGUOUS, as_array, moving, quick
from .._array.stored import created, stored_value
from .._api.creation import asarray
from .._api.manipulation import concat
from .._core.dtype_rules import compute_dtype
from .._core.plans import quietly
from .._array.stored import deliver

__all__ = [
    "lexsort", "unravel_index", "ravel_multi_index", "copyto", "putmask", "packbits",
    "unpackbits", "concatenate", "asanyarray", "ascontiguousarray", "asfortranarray",
    "require", "frombuffer", "fromiter", "fromstring", "dot", "vdot", "inner", "bincount",
    "min_scalar_type", "may_share_memory", "shares_memory", "fromfile", "nditer",
]


_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


_PARAMS = {"dot": ("a", "b"), "vdot": ("a", "b"), "inner": ("a", "b"), "outer": ("a", "b"),
           "kron": ("a", "b"), "cross": ("a", "b"), "matvec": ("x1", "x2"),
           "vecmat": ("x1", "x2"), "polyadd": ("a1", "a2"), "polysub": ("a1", "a2"),
           "polymul": ("a1", "a2"), "polyval": ("p", "x")}
_ARITY = {"dot": 2, "vdot": 2, "inner": 2, "outer": 2, "kron": 2, "cross": 2, "matvec": 2,
          "vecmat": 2, "convolve": 2, "correlate": 2, "polyadd": 2, "polysub": 2,
          "polymul": 2, "polyval": 2}


def index_result(r, dt=None):
    """Index output(s) of NumPy as strong arrays of the indexing dtype (``dt``: that
    dtype, read once for a tuple of them)."""
    if dt is None:
        dt = default_dtype("indexing")
    node = STRONG_NODE[dt]
    if isinstance(r, (tuple, list)):
        return type(r)([_indices(x, dt, node) for x in r])
    return _indices(r, dt, node)


def _indices(x, dt, node):
    """One of ``index_result``'s outputs: an ndarray of ``dt`` at its strong ``node``."""
    if isinstance(x, (tuple, list)):
        return index_result(x, dt)
    a = x if type(x) is np.ndarray else np.asarray(x)
    return wrap_node(a if a.dtype is dt else a.astype(dt, copy=False), node)


def sortable(d: np.ndarray) -> np.ndarray:
    """NumPy sorts ml_dtypes types through float32 (values convert exactly)."""
    return dtype_rules.cast(d, native_dtype(d.dtype))


def lexsort(keys, axis=-1):
    """Indirect stable sort on several keys (the last key is the primary); indexing dtype."""
    if isinstance(keys, Array):
        keys = [keys[i] for i in range(keys.shape[0])]
    ks = [sortable(data_of(k, "lexsort")[0]) for k in keys]
    return index_result(np.lexsort(ks, axis))


def unravel_index(indices, shape, order="C"):
    """Convert flat indices into a tuple of coordinate arrays; indexing dtype."""
    d, _ = data_of(indices, "unravel_index")
    # JAX differs: it returns the input's dtype (int8 can overflow; weak for a Python int).
    # Decision 32.
    return index_result(np.unravel_index(d, _raw(shape), order))


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    """Convert a tuple of coordinate arrays into flat indices; indexing dtype."""
    idx = tuple(data_of(i, "ravel_multi_index")[0] for i in multi_index)
    # JAX differs: it returns the inputs' dtype (int8 can overflow) (decision 32).
    return index_result(np.ravel_multi_index(idx, _raw(dims), mode, order))


def written_buffer(function, a, numpy_array=False):
    """The buffer written into and its node.  ``numpy_array``: a NumPy array is accepted too,
    as a strong value of its dtype (``copyto`` only: NumPy's ``full`` writes into its own
    array with ``np.copyto(ndarray, fill_value)``, which NEP 18 sends here when
    ``fill_value`` is an Array)."""
    if isinstance(a, Array):
        return a._data, a._node
    if numpy_array and isinstance(a, np.ndarray) and a.dtype in dtypes.ALL_DTYPES:
        return a, node_of(a.dtype, False)
    raise TypeError(f"{function}: the array written into must be a weaknp Array, got "
                    f"{type(a).__name__}")


def copyto(dst, src, casting="same_kind", where=True):
    """Copy ``src`` into ``dst`` (broadcasting), where ``where`` is true.

    Promotion: with ``casting='same_kind'`` (the default) ``src`` is stored by the rule of
    ``dst[...] = src`` (rounded within a kind, out-of-range ints raise ``OverflowError``)
    except that a higher kind is refused, as NumPy's ``'same_kind'`` does (``copyto(int8,
    1.0)`` is a ``TypeError``; decision 70); ``'no'``, ``'equiv'`` and
    ``'safe'`` also require NumPy's ``can_cast`` for a strong ``src``; ``'unsafe'`` is an
    explicit cast and converts as NumPy does.  ``dst`` may be a NumPy array (a strong value
    of its dtype, written in place), as when NumPy's ``full`` fills with an Array."""
    d, node = written_buffer("copyto", dst, numpy_array=True)
    if casting not in _CASTINGS:
        raise ValueError(f"copyto: casting must be one of {', '.join(_CASTINGS)}, got "
                         f"{casting!r}")
    if casting == "unsafe":
        if type(src) is int:
            v = scalars.narrow_scalar(src, d.dtype, "copyto")
        else:
            v = dtype_rules.explicit_cast(data_of(src, "copyto")[0], d.dtype)   # NumPy's warnings
    else:
        # NumPy differs: its 'same_kind' casts int16 into int8 (values wrap); weaknp
        # applies the rule of x[...] = v (int16 values range-checked), downward across
        # kinds refused as 'same_kind' says.  Decision 70.
        v = stored_value("copyto", d, node, src, lists=True, across=casting == "unsafe")
        if casting != "same_kind":
            s, weak = data_of(src, "copyto")
            if not weak and not np.can_cast(s.dtype, d.dtype, casting):
                raise TypeError(
                    f"copyto: cannot copy {dtypes.dtype_name(s.dtype)} into "
                    f"{a_dtype(dtypes.dtype_name(d.dtype))} array under casting={casting!r}; pass a "
                    f"looser casting= or cast src with astype() first")
    np.copyto(d, v, casting="unsafe", where=_raw(where))


def putmask(a, mask, values):
    """Set ``a[mask] = values`` in place, ``values`` repeated to ``a``'s size."""
    d, node = written_buffer("putmask", a)
    np.putmask(d, data_of(mask, "putmask")[0],
               stored_value("putmask", d, node, values, lists=True))


def packbits(a, /, axis=None, bitorder="big"):
    """Pack the elements of a bool/integer array into bits of a uint8 array."""
    d, _ = data_of(a, "packbits")
    if d.dtype not in dtypes.INTEGER | dtypes.BOOL:
        raise TypeError(f"packbits: expected bool or integer input, got "
                        f"{dtypes.dtype_name(d.dtype)}")
    return wrap(np.packbits(sortable(d), axis=axis, bitorder=bitorder))


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    """Unpack a uint8 array into its bits (uint8)."""
    d, _ = data_of(a, "unpackbits")
    if d.dtype != dtypes.uint8:
        raise TypeError(f"unpackbits: expected uint8 input, got {dtypes.dtype_name(d.dtype)}; "
                        f"cast with astype('uint8')")
    return wrap(np.unpackbits(d, axis=axis, count=count, bitorder=bitorder))


def data_movement(np_fn, doc: str, method=None, hi=None):
    """A NumPy data-movement function on one array: same dtype, same weak flag.

    Its common call (an Array and simple positional arguments) is ``Moving``'s, in the
    compiled core:
    ``method`` (the ndarray method NumPy's function calls through ``_wrapfunc``, taking at
    most ``hi`` positional arguments as the function does) or NumPy's implementation
    without the ``__array_function__`` dispatch, on the Array's ndarray."""
    name = np_fn.__name__

    @functools.wraps(np_fn)
    def function(a, *args, **kwargs):
        if kwargs.get("out") is not None:
            raise unsupported_argument(name, "out", "assign the result instead")
        d, w = data_of(a, name)
        return moved(a, np_fn(d, *map(_raw, args), **{k: _raw(v) for k, v in kwargs.items()}),
                     w)

    function.__module__ = "weaknp"
    function.__doc__ = doc + "\n\nDtype and weak flag: those of the input (data movement)."
    if method is None:
        return moving(np_fn._implementation, function)
    return moving(method, function, hi)


def stored_into(function, arr: np.ndarray, weak: bool, values):
    """``values`` as an ndarray of ``arr``'s dtype, checked like ``__setitem__``."""
    return stored_value(function, arr, wrap(arr, weak)._node, values, lists=True)


def join_arrays(function, arrays, dtype):
    if isinstance(arrays, Array) or isinstance(arrays, np.ndarray):
        arrays = list(arrays)
    arrays = list(arrays)
    if not arrays:
        raise ValueError(f"{function}: need at least one array to join")
    datas, dt, weak = array_likes(function, arrays)
    target = resolve_dtype(dtype, function)
    if target is not None and target != dt:
        datas, weak = [dtype_rules.cast(x, target) for x in datas], False
    return datas, weak


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join arrays along an existing axis (``axis=None`` flattens them first).

    Promotion: the lattice join of all inputs (``concatenate([int8, uint8])`` is int16);
    ``dtype=`` gives a strong result of that dtype.
    """
    return concat(arrays, axis, out, dtype=dtype, casting=casting)


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """Same as ``asarray``, except that a weaknp masked array stays one (as NumPy's
    ``asanyarray`` keeps ``numpy.ma`` arrays): ``weaknp.ma.asanyarray``."""
    if dtype is None and order is None and device is None and copy is None:
        r = as_array(a)   # an Array or ndarray with nothing to change (compiled core)
        if r is not None and like is None:
            return r
    if like is not None:
        raise unsupported_argument("asanyarray", "like")
    masked = masked_function("asanyarray", (a,))
    if masked is not None:
        return masked(a, dtype)
    return asarray(a, dtype, order, device=device, copy=copy)


asanyarray = quick(QUICK_ASANY, asanyarray)   # asanyarray(a) alone: no Python frame


def ascontiguousarray(a, dtype=None, *, like=None):
    """A C-contiguous array (at least 1-D, as NumPy); same weak flag unless ``dtype``."""
    x = as_array(a) if dtype is None else None
    if x is None:
        x = to_array(a, dtype, None, "ascontiguousarray")
    r = np.ascontiguousarray(x._data)
    if r is x._data and x is a or isinstance(a, Array) and r is a._data:
        return a  # nothing to change: NumPy returns the input itself
    return wrap(r, x.weak_type)


# ``ascontiguousarray(x)`` of a C-contiguous Array: no Python frame
ascontiguousarray = quick(QUICK_CONTIGUOUS, ascontiguousarray)


def asfortranarray(a, dtype=None, *, like=None):
    """A Fortran-ordered array; same weak flag unless ``dtype`` is given."""
    x = as_array(a) if dtype is None else None
    if x is None:
        x = to_array(a, dtype, None, "asfortranarray")
    r = np.asfortranarray(x._data)
    if isinstance(a, Array) and r is a._data:
        return a  # nothing to change: NumPy returns the input itself
    return wrap(r, x.weak_type)


def require(a, dtype=None, requirements=None, *, like=None):
    """An array meeting NumPy's ``requirements`` flags (``'C'``, ``'F'``, ``'A'``,
    ``'W'``, ``'O'``, ``'E'``); same weak flag unless ``dtype`` is given."""
    x = as_array(a) if dtype is None else None
    if x is None:
        x = to_array(a, dtype, None, "require")
    if not requirements:   # NumPy's require is then asanyarray: the array itself
        return x
    return wrap(np.require(x._data, None, requirements), x.weak_type)

def float_dtype(dtype, function):
    return resolve_dtype(dtype, function) or default_dtype("float")


def wrap_created(data: np.ndarray, dt: np.dtype, function: str):
    return wrap(created(data, dt, function))


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    """A 1-D array viewing ``buffer`` (read-only when the buffer is); ``dtype`` may be one
    outside the lattice (``'S1'``, a record: decision 72)."""
    dt = resolve_dtype(dtype, "frombuffer", outside=True) or default_dtype("float")
    return wrap(np.frombuffer(buffer, dt, count, offset))


def fromiter(iter, dtype, count=-1, *, like=None):
    """A 1-D array from an iterable (``dtype`` is required, as in NumPy); a subarray dtype
    (``dtype((int, 2))``) gives rows, one outside the lattice NumPy's reading (72)."""
    dt = resolve_dtype(dtype, "fromiter", outside=True)
    if dt in dtypes.ML_DTYPES:
        return wrap(dtype_rules.cast(np.fromiter(iter, dtypes.float64, count), dt))
    return wrap(np.fromiter(iter, dt, count))


def fromstring(string, dtype=float, count=-1, *, sep, like=None):
    """A 1-D array from numbers in a text string separated by ``sep``."""
    dt = float_dtype(dtype, "fromstring")
    if not sep:
        raise ValueError("fromstring: the binary mode (sep='') is deprecated in NumPy; use "
                         "frombuffer for bytes")
    return wrap(dtype_rules.cast(np.fromstring(string,
                                               dtypes.float64 if dt in dtypes.FLOATING else dt, count,
                                     sep=sep), dt))


_OVER_INVALID = {"over": "ignore", "invalid": "ignore"}


#: The products of one multiplication an element, computed from narrow operands by
#: ``_core.narrow`` without their float32 copies.
_NARROW_PRODUCT = {"outer": narrow.outer, "kron": narrow.kron}
#: The products of two vectors, in vecdot's order for narrow operands (``vector_dot``).
_NARROW_VECTOR = frozenset({"dot", "inner", "vdot"})


def joined_product(name, np_fn, doc):
    """An n-ary product: operands joined on the lattice, computed in that dtype."""
    n = _ARITY[name]

    @functools.wraps(np_fn)
    def function(*args, **kwargs):
        if kwargs or len(args) != n:
            out = kwargs.pop("out", None)
            args = list(args)
            for pname in _PARAMS[name][len(args):n]:  # operands passed by keyword
                if pname in kwargs:
                    args.append(kwargs.pop(pname))
            if len(args) < n:
                raise TypeError(f"{name}: expected {n} operands, got {len(args)}")
            operands, rest = args[:n], args[n:]
        else:   # the common call: the operands alone, positional (no list made)
            out, operands, rest = None, args, ()
        datas, dt, weak = array_likes(name, operands)
        work = compute_dtype(dt)
        if (name in _NARROW_PRODUCT and dt in narrow.NARROW and len(args) == n
                and not kwargs and all(x.dtype == dt for x in datas)):
            # float32 products rounded back a row at a time (the same bits), no float32 copy
            r = quietly(_OVER_INVALID, _NARROW_PRODUCT[name], *datas, dt)
            return deliver(wrap(r, weak), out, name)
        if (name in _NARROW_VECTOR and dt in narrow.NARROW and len(args) == n
                and not kwargs and all(x.dtype == dt for x in datas)
                and datas[0].size == datas[1].size
                and (name == "vdot" or datas[0].ndim == datas[1].ndim == 1)):
            # two narrow vectors: vecdot's float32 sum, over the narrow input (decision 91)
            a, b = datas
            if name == "vdot":   # (flattened; one array given twice stays one)
                a, b = a.reshape(-1), (None if b is a else b.reshape(-1))
                b = a if b is None else b
            r = quietly(_OVER_INVALID, narrow.vector_dot, a, b)
            return deliver(wrap(narrow.rounded(r, dt), weak), out, name)
        if work != dt:
            # a narrow operand widens (and the float32 result rounds back) by the compiled
            # core's loops: the bits of the casts, not NumPy's slow loops
            datas = narrow.in_work_all(datas, work)   # dot(x, x): one copy
        r = np.asarray(quietly(_OVER_INVALID, np_fn, *datas, *rest, **kwargs))
        if r.dtype is not dt:   # (the same object: nothing to round, rounded(r, dt) is r)
            r = narrow.rounded(r, dt)
        return deliver(wrap(r, weak), out, name)

    function.__module__ = "weaknp"
    function.__doc__ = doc + ("\n\nPromotion: the lattice join of the operands, weak only "
                              "when the join is (as for ``@``).")
    return function


dot = joined_product("dot", np.dot, "Dot product (matrix product for 2-D operands).")
vdot = joined_product("vdot", np.vdot,
                      "Dot product of flattened operands (conjugating the first).")
inner = joined_product("inner", np.inner, "Inner product over the last axes.")


def float_operands(name, values):
    present = [v for v in values if v is not None]
    datas, dt, weak = array_likes(name, present)
    out = inexact_dtype(dt)
    work = compute_dtype(out)
    # (an ndarray already in ``work`` is what ``cast`` would return: no call)
    return [x if type(x) is np.ndarray and x.dtype is work else dtype_rules.cast(x, work)
            for x in datas], out, weak


def axis_argument(axis):
    if axis is None or isinstance(axis, int):
        return axis
    return tuple(axis)




def finish(r, out_dt):
    return wrap(dtype_rules.cast(np.asarray(r), out_dt))


def bincount(x, /, weights=None, minlength=0):
    """Occurrences of each non-negative integer in ``x``.

    Dtype: the default int without ``weights``; with weights, float and complex weights
    keep their dtype (as ``jnp.bincount``), integer and bool weights follow the ``sum``
    rule (int64 / uint64); strong.
    """
    d, _ = data_of(x, "bincount")
    if d.dtype not in dtypes.INTEGER | dtypes.BOOL:
        raise TypeError(f"bincount: x must hold integers, got {dtypes.dtype_name(d.dtype)}; "
                        f"cast with astype('int64')")
    # NumPy reads any integer array that casts safely to intp itself (no copy here).
    if d.dtype in dtypes.ML_DTYPES or not np.can_cast(d.dtype, np.intp):
        d = d.astype(np.int64)
    if weights is None:
        return finish(np.bincount(d, minlength=minlength),
                       default_dtype("indexing"))
    w, _ = data_of(weights, "bincount")
    # JAX differs: jnp.bincount keeps int8/uint8 weights (and wraps) and refuses bool ones;
    # weaknp sums integer weights with the Array API's sum rule, as nansum does (decision 59).
    out_dt = w.dtype if w.dtype in dtypes.FLOATING else sum_dtype(w.dtype)
    acc = dtypes.complex128 if out_dt in dtypes.COMPLEX else dtypes.float64
    if out_dt in dtypes.COMPLEX:
        r = (np.bincount(d, w.real.astype(np.float64), minlength)
             + 1j * np.bincount(d, w.imag.astype(np.float64), minlength))
    else:
        r = np.bincount(d, dtype_rules.cast(w, acc), minlength)
    return finish(r, out_dt)


def computable(d: np.ndarray, dt: np.dtype) -> np.ndarray:
    """``d`` cast to ``dt``, or to float32 when ``dt`` is an ml_dtypes type (cast back later)."""
    return dtype_rules.cast(d, native_dtype(dt))


_REAL = dtypes.BOOL | dtypes.INTEGER | dtypes.REAL_FLOAT


def check_real(function, d, weak):
    """Refuse a complex (or other non-real) ``d`` for ``function``."""
    if d.dtype not in _REAL:
        what = "weak complex" if weak else dtypes.dtype_name(d.dtype)
        raise TypeError(f"{function}: not defined for {what} inputs (real dtypes only); "
                        f"take the real part with wnp.real() first")


def min_scalar_type(a, /):
    """The smallest dtype that can hold ``a`` (NumPy's rule, for values weaknp supports)."""
    if isinstance(a, Array):
        a = a._data
    return np.min_scalar_type(a)

def may_share_memory(a, b, /, max_work=None):
    """Whether ``a`` and ``b`` might share memory (weaknp arrays are NumPy buffers)."""
    return np.may_share_memory(_raw(a), _raw(b), max_work=max_work)


def shares_memory(a, b, /, max_work=None):
    """Whether ``a`` and ``b`` share memory (exact, possibly slow)."""
    return np.shares_memory(_raw(a), _raw(b), max_work=max_work)


def fromfile(file, dtype=float, count=-1, sep="", offset=0):
    """Read an array from a raw binary or text file."""
    dt = resolve_dtype(dtype, "fromfile", outside=True)
    return wrap_loaded(np.fromfile(file, dt, count, sep, offset), "fromfile")


class nditer:
    """NumPy's ``nditer`` over weaknp arrays (same arguments); yields 0-d weaknp arrays
    (one per operand: a tuple when there are several).

    Examples
    --------
    >>> a = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8)
    >>> with wnp.nditer(a, op_flags=["readwrite"]) as it:
    ...     for x in it:
    ...         x[...] = 2 * x
    >>> a
    Array([[2, 4],
           [6, 8]], dtype=int8)
    >>> it = wnp.nditer([a, 1.5, None])
    >>> [str(x.dtype) for x in it.operands]
    ['int8', 'float64', 'float64']
    """

    def __init__(self, op, flags=None, op_flags=None, op_dtypes=None, order="K",
                 casting="safe", op_axes=None, itershape=None, buffersize=0):
        single = not isinstance(op, (list, tuple))
        ops = [op] if single else list(op)
        datas, nodes = [], []
        for x in ops:
            if x is None:
                datas.append(None)
                nodes.append(None)
                continue
            a = x if isinstance(x, Array) else wrap(*data_of(x, "nditer"))
            datas.append(a._data)
            nodes.append(a._node)
        if op_dtypes is None and any(d is None for d in datas):
            # NumPy differs: it allocates outputs with its own promotion of the inputs.
            # Decision 48.
            known = [n for n in nodes if n is not None]
            joined = join_nodes(known, "nditer")[0] if known else None
            op_dtypes = [None if d is not None else joined for d in datas]
        elif op_dtypes is not None:
            op_dtypes = [None if t is None else resolve_dtype(t, "nditer")
                         for t in (op_dtypes if isinstance(op_dtypes, (list, tuple))
                                   else [op_dtypes] * len(datas))]
        self._single = single
        self._nodes = nodes
        self._dtypes = [None if d is None else d.dtype for d in datas]
        self._it = np.nditer(datas[0] if single else datas, flags, op_flags,
                             op_dtypes[0] if single and op_dtypes else op_dtypes, order,
                             casting, op_axes, itershape, buffersize)

    def _wrap(self, values):
        if self._single or not isinstance(values, tuple):
            return self._wrap_one(values, 0)
        return tuple(self._wrap_one(v, i) for i, v in enumerate(values))

    def _wrap_one(self, v, i):
        """Operand ``i``'s value: its weak flag kept while its dtype is unchanged."""
        v = v if type(v) is np.ndarray else np.asarray(v)
        if self._nodes[i] is not None and v.dtype == self._dtypes[i]:
            return wrap_node(v, self._nodes[i])
        return wrap(v, False)

    def __iter__(self):
        return self

    def __next__(self):
        return self._wrap(next(self._it))

    def __enter__(self):
        self._it.__enter__()
        return self

    def __exit__(self, *exc):
        return self._it.__exit__(*exc)

    def close(self):
        self._it.close()

    def iternext(self) -> bool:
        return self._it.iternext()

    def reset(self):
        self._it.reset()

    @property
    def value(self):
        return self._wrap(self._it.value)

    @property
    def operands(self):
        return tuple(self._wrap_one(o, i) for i, o in enumerate(self._it.operands))

    def __len__(self):
        return len(self._it)

    def __getitem__(self, i):
        """The current value of operand ``i`` (or a tuple for a slice)."""
        r = self._it[i]
        if isinstance(i, slice):
            return tuple(self._wrap_one(v, j) for v, j in
                         zip(r, range(*i.indices(len(self._nodes)))))
        return self._wrap_one(r, i % len(self._nodes))

    def __setitem__(self, i, value):
        """Write operand ``i``'s current value (stored with the rule of ``x[i] = v``)."""
        target = self._it[i]
        node = self._nodes[i]
        if node is None or target.dtype != self._dtypes[i]:
            node = STRONG_NODE[target.dtype]
        self._it[i] = stored_value("nditer", target, node, value, lists=True)

    def __getattr__(self, name):
        # multi_index, index, iterindex, finished, shape, ndim, nop, itersize, ...: NumPy's
        return getattr(self._it, name)
