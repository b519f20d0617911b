"""NumPy-compatible shape manipulation, joining/splitting and creation functions.

Dtypes and weak flags (as ``jax.numpy``)
----------------------------------------
* Data movement keeps the dtype and the weak flag of its input (``ravel``, ``transpose``,
  ``swapaxes``, ``rot90``, ``fliplr``, ``diagonal``, ``diag``, ``atleast_2d``, ``split``,
  ``pad``, ``delete``, ``resize``, ...).
* Joining functions (``concatenate``, ``hstack``, ``vstack``, ``dstack``,
  ``column_stack``, ``block``, ``append``) take the lattice join of all their inputs:
  weak only when the join is weak; Python scalars are weak; lists are strong (as
  ``asarray``).  ``dtype=`` gives a strong result of that dtype.
* Values written into an existing dtype (``insert``'s values, ``pad``'s
  ``constant_values``) follow ``__setitem__``'s rule: a Python int out of range raises
  ``OverflowError``; a value whose join with the array is another dtype raises
  ``TypeError`` (NumPy and JAX cast silently).
* Creation functions without ``dtype`` give the default dtype of the mode, strong
  (``identity``, ``tri``, ``logspace``, ``geomspace``, the window functions: float64 in
  x64 modes); index grids (``mgrid``, ``indices``) the default int.
* ``ndim``, ``shape``, ``size``, ``isscalar``, ``iterable``, ``iscomplexobj``,
  ``isrealobj``, ``isfortran`` return Python values.
"""

from __future__ import annotations

import functools
import operator

import numpy as np

from .._core import dtypes as D
from .._core.dtype_rules import native_dtype
from .._core import kernel as K
from .._array.array import Array
from .._array.convert import to_array
from .._fast.dispatch import wrap
from .._array.operands import array_likes, public, data_of
from .._array.operands import raw as _raw
from .._array.stored import created, stored_value
from .._core.errors import unsupported_argument
from .._core.promotion import default_dtype, resolve_dtype
from .._api.creation import asarray, diagonal_offset
from .._api.manipulation import concat

__all__ = [
    # data movement
    "ravel", "transpose", "swapaxes", "rollaxis", "rot90", "fliplr", "flipud", "diagonal",
    "diag", "diagflat", "atleast_1d", "atleast_2d", "atleast_3d", "resize", "trim_zeros",
    "copy", "delete", "insert", "pad",
    "row_stack",
    # joining and splitting
    "concatenate", "hstack", "vstack", "dstack", "column_stack", "block", "append",
    "split", "array_split", "hsplit", "vsplit", "dsplit",
    # conversion
    "asanyarray", "ascontiguousarray", "asfortranarray", "asarray_chkfinite", "require",
    # creation
    "identity", "tri", "logspace", "geomspace", "vander", "fromfunction", "frombuffer",
    "fromiter", "fromstring", "bartlett", "blackman", "hamming", "hanning", "kaiser",
    "indices", "mgrid", "ogrid", "r_", "c_", "s_", "index_exp",
    # Python-valued queries
    "ndim", "shape", "size", "isscalar", "iterable", "iscomplexobj", "isrealobj",
    "isfortran",
    # functions of functions
    "apply_along_axis", "apply_over_axes",
]


def _wrap_result(r, weak):
    if isinstance(r, np.ndarray):
        return wrap(r, weak)
    if isinstance(r, np.generic):
        return wrap(np.asarray(r), weak)
    if isinstance(r, (list, tuple)):
        return type(r)(_wrap_result(x, weak) for x in r)
    return r


def _movement(np_fn, doc: str):
    """A NumPy data-movement function on one array: same dtype, same weak flag."""
    name = np_fn.__name__

    @functools.wraps(np_fn)
    def function(a, *args, **kwargs):
        if kwargs.get("out") is not None:
            raise unsupported_argument(name, "out", "assign the result instead")
        d, w = data_of(a, name)
        return _wrap_result(np_fn(d, *map(_raw, args),
                                  **{k: _raw(v) for k, v in kwargs.items()}), w)

    function.__module__ = "weaknp"
    function.__doc__ = doc + "\n\nDtype and weak flag: those of the input (data movement)."
    return function


ravel = _movement(np.ravel, "Flatten to 1-D (a view where possible).")
transpose = _movement(np.transpose, "Permute the axes (reverse them by default).")
swapaxes = _movement(np.swapaxes, "Interchange two axes.")
rollaxis = _movement(np.rollaxis, "Roll ``axis`` backwards until it lies at ``start``.")
rot90 = _movement(np.rot90, "Rotate by 90 degrees in the plane of ``axes``.")
fliplr = _movement(np.fliplr, "Reverse the order of columns (axis 1).")
flipud = _movement(np.flipud, "Reverse the order of rows (axis 0).")
diag = _movement(np.diag, "Extract a diagonal, or build a 2-D array with ``v`` on it.")
diagflat = _movement(np.diagflat, "A 2-D array with the flattened input on diagonal ``k``.")
resize = _movement(np.resize, "A new array of ``new_shape``, repeating the data as needed.")
trim_zeros = _movement(np.trim_zeros, "Trim leading and/or trailing zeros.")
delete = _movement(np.delete, "A copy with the sub-arrays ``obj`` along ``axis`` removed.")
split = _movement(np.split, "Split into equal sub-arrays (a list).")
array_split = _movement(np.array_split, "Split into sub-arrays of nearly equal size.")
hsplit = _movement(np.hsplit, "Split horizontally (column-wise).")
vsplit = _movement(np.vsplit, "Split vertically (row-wise).")
dsplit = _movement(np.dsplit, "Split along the third axis.")


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The diagonal(s) along ``axis1``/``axis2`` (a copy, not NumPy's read-only view).

    Dtype and weak flag: those of the input.
    """
    d, w = data_of(a, "diagonal")
    return wrap(np.diagonal(d, offset, axis1, axis2).copy(), w)


def copy(a, order="K", subok=False):
    """A copy of ``a`` (same dtype and weak flag)."""
    d, w = data_of(a, "copy")
    return wrap(np.array(d, order=order, copy=True), w)


def _atleast(np_fn, name):
    def function(*arys):
        out = [a if isinstance(a, Array) and a.ndim >= int(name[-2]) else
               _wrap_result(np_fn(d), w) for a, (d, w) in
               ((a, data_of(a, name)) for a in arys)]
        return out[0] if len(out) == 1 else tuple(out)

    return public(function, name, (f"View inputs as arrays with at least {name[-2]} dimensions "
                        f"(same dtype and weak flag); a tuple for several inputs."))


atleast_1d = _atleast(np.atleast_1d, "atleast_1d")
atleast_2d = _atleast(np.atleast_2d, "atleast_2d")
atleast_3d = _atleast(np.atleast_3d, "atleast_3d")


def _stored_value(function, arr: np.ndarray, weak: bool, values):
    """``values`` as an ndarray of ``arr``'s dtype, checked like ``__setitem__``."""
    return stored_value(function, arr, wrap(arr, weak)._node, values, lists=True)


def insert(arr, obj, values, axis=None):
    """Insert ``values`` before the indices ``obj`` along ``axis``.

    Promotion: the result has ``arr``'s dtype and weak flag; ``values`` must fit it
    (``TypeError`` for a float into an int array, ``OverflowError`` for an out-of-range
    Python int), as for ``x[i] = v``.
    """
    # NumPy differs: it casts values unsafely (1.5 into int8 is 1); so does JAX (decision 22).
    d, w = data_of(arr, "insert")
    v = _stored_value("insert", d, w, values)
    return wrap(np.insert(d, _raw(obj), v, axis=axis), w)


def pad(array, pad_width, mode="constant", **kwargs):
    """Pad an array (every NumPy mode).  Dtype and weak flag: those of ``array``.

    ``constant_values``/``end_values`` must fit the dtype, as for ``x[i] = v``.
    """
    d, w = data_of(array, "pad")
    for key in ("constant_values", "end_values"):
        if key in kwargs and not callable(mode):
            vals = kwargs[key]
            flat = vals if isinstance(vals, (tuple, list)) else [vals]
            for v in np.ravel(np.asarray(_raw(flat), dtype=object)):
                _stored_value("pad", d, w, v.item() if isinstance(v, np.generic) else v)
            kwargs[key] = _raw(vals)
    work = K.cast(d, native_dtype(d.dtype))
    r = np.pad(work, _raw(pad_width), mode, **kwargs)
    return wrap(K.cast(r, d.dtype) if r.dtype != d.dtype else r, w)


# ---------------------------------------------------------------------------------------
# Joining.

def _join(function, arrays, dtype):
    if isinstance(arrays, Array) or isinstance(arrays, np.ndarray):
        arrays = list(arrays)
    arrays = list(arrays)
    if not arrays:
        raise ValueError(f"{function}: need at least one array to join")
    datas, dt, weak = array_likes(function, arrays)
    target = resolve_dtype(dtype, function)
    if target is not None and target != dt:
        datas, weak = [K.cast(x, target) for x in datas], False
    return datas, weak


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join arrays along an existing axis (``axis=None`` flattens them first).

    Promotion: the lattice join of all inputs (``concatenate([int8, uint8])`` is int16);
    ``dtype=`` gives a strong result of that dtype.
    """
    return concat(arrays, axis, out, dtype=dtype, casting=casting)


def _stacker(np_fn, name, doc):
    def function(tup, *, dtype=None, casting="same_kind"):
        datas, weak = _join(name, tup, dtype)
        return wrap(np_fn(datas), weak)

    return public(function, name, doc + "\n\nPromotion: the lattice join of all inputs.")


hstack = _stacker(np.hstack, "hstack", "Stack arrays in sequence horizontally (column-wise).")
vstack = _stacker(np.vstack, "vstack", "Stack arrays in sequence vertically (row-wise).")


def row_stack(tup, *, dtype=None, casting="same_kind"):
    """Deprecated NumPy alias of ``vstack`` (kept for old scripts; use ``vstack``)."""
    return vstack(tup, dtype=dtype, casting=casting)


def dstack(tup):
    """Stack arrays along the third axis.  Promotion: the lattice join of all inputs."""
    datas, weak = _join("dstack", tup, None)
    return wrap(np.dstack(datas), weak)


def column_stack(tup):
    """Stack 1-D arrays as columns of a 2-D array.  Promotion: the lattice join."""
    datas, weak = _join("column_stack", tup, None)
    return wrap(np.column_stack(datas), weak)


def append(arr, values, axis=None):
    """``arr`` with ``values`` appended (flattened when ``axis`` is None).

    Promotion: the lattice join of ``arr`` and ``values`` (as ``jnp.append``).
    """
    datas, weak = _join("append", [arr, values], None)
    return wrap(np.append(datas[0], datas[1], axis=axis), weak)


def block(arrays):
    """Assemble an array from nested lists of blocks.  Promotion: the lattice join."""
    leaves = []

    def collect(x):
        if isinstance(x, list):
            for y in x:
                collect(y)
        else:
            leaves.append(x)

    collect(arrays)
    if not leaves:
        raise ValueError("block: needs at least one array")
    datas, dt, weak = array_likes("block", leaves)
    it = iter(datas)

    def rebuild(x):
        return [rebuild(y) for y in x] if isinstance(x, list) else next(it)

    return wrap(np.block(rebuild(arrays)), weak)


# ---------------------------------------------------------------------------------------
# Conversion.

def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """Same as ``asarray`` (weaknp has no array subclasses)."""
    if like is not None:
        raise unsupported_argument("asanyarray", "like")
    return asarray(a, dtype, order, device=device, copy=copy)


def _ordered(x: Array, order):
    if order in (None, "K", "A", "C") or (order == "F" and x.ndim < 2):
        return x
    if order == "F":
        return wrap(np.asfortranarray(x._data), x.weak_type)
    raise ValueError(f"order must be one of 'C', 'F', 'A', 'K', got {order!r}")


def ascontiguousarray(a, dtype=None, *, like=None):
    """A C-contiguous array (at least 1-D, as NumPy); same weak flag unless ``dtype``."""
    x = to_array(a, dtype, None, "ascontiguousarray")
    r = np.ascontiguousarray(x._data)
    if r is x._data and x is a or isinstance(a, Array) and r is a._data:
        return a  # nothing to change: NumPy returns the input itself
    return wrap(r, x.weak_type)


def asfortranarray(a, dtype=None, *, like=None):
    """A Fortran-ordered array; same weak flag unless ``dtype`` is given."""
    x = to_array(a, dtype, None, "asfortranarray")
    r = np.asfortranarray(x._data)
    if isinstance(a, Array) and r is a._data:
        return a  # nothing to change: NumPy returns the input itself
    return wrap(r, x.weak_type)


def asarray_chkfinite(a, dtype=None, order=None):
    """``asarray`` that raises ``ValueError`` when the input holds NaN or infinity."""
    x = _ordered(to_array(a, dtype, None, "asarray_chkfinite"), order)
    d = x._data
    if d.dtype in D.FLOATING:
        check = K.cast(d, native_dtype(d.dtype))
        if not np.isfinite(check).all():
            raise ValueError("asarray_chkfinite: array must not contain infs or NaNs")
    return x


def require(a, dtype=None, requirements=None, *, like=None):
    """An array meeting NumPy's ``requirements`` flags (``'C'``, ``'F'``, ``'A'``,
    ``'W'``, ``'O'``, ``'E'``); same weak flag unless ``dtype`` is given."""
    x = to_array(a, dtype, None, "require")
    return wrap(np.require(x._data, None, requirements), x.weak_type)


# ---------------------------------------------------------------------------------------
# Creation.

def _float_dtype(dtype, function):
    return resolve_dtype(dtype, function) or default_dtype("float")


def _made(data: np.ndarray, dt: np.dtype, function: str):
    return wrap(created(data, dt, function))


def identity(n, dtype=None, *, like=None):
    """The ``n`` x ``n`` identity matrix (default float dtype, strong)."""
    dt = _float_dtype(dtype, "identity")
    return _made(np.identity(n), dt, "identity")


def tri(N, M=None, k=0, dtype=float, *, like=None):
    """Ones at and below diagonal ``k`` (``dtype=float`` means the default float)."""
    dt = _float_dtype(dtype, "tri")
    k = diagonal_offset(k, operator.index(N) + (N if M is None else operator.index(M)), "tri")
    return _made(np.tri(N, M, k), dt, "tri")


def _inexact_of(values, dtype, function):
    """Result dtype of logspace/geomspace: ``dtype=``, else the inexact join of the ends."""
    dt = resolve_dtype(dtype, function)
    if dt is not None:
        return dt
    datas, joined, _ = array_likes(function, values)
    if joined in D.FLOATING:
        return joined if any(isinstance(v, (Array, np.ndarray, np.generic)) for v in values) \
            else (default_dtype("complex") if joined in D.COMPLEX else default_dtype("float"))
    return default_dtype("float")


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """Numbers spaced evenly on a log scale, ``base**start`` to ``base**stop``.

    Dtype: ``dtype=``, else the default float (complex if an end is complex); strong.
    """
    dt = _inexact_of([start, stop], dtype, "logspace")
    loop = D.complex128 if dt in D.COMPLEX else D.float64
    r = np.logspace(_raw(start), _raw(stop), num, endpoint, _raw(base), dtype=loop, axis=axis)
    return _made(r, dt, "logspace")


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """Numbers spaced evenly on a log scale, from ``start`` to ``stop``.

    Dtype: ``dtype=``, else the default float (complex if an end is complex); strong.
    """
    dt = _inexact_of([start, stop], dtype, "geomspace")
    loop = D.complex128 if dt in D.COMPLEX else D.float64
    return _made(np.geomspace(_raw(start), _raw(stop), num, endpoint, dtype=loop, axis=axis),
                 dt, "geomspace")


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of ``x``; dtype and weak flag of ``x`` (products in it)."""
    d, w = data_of(x, "vander")
    work = K.cast(d, native_dtype(d.dtype))
    with np.errstate(over="ignore"):
        r = np.vander(work, N, increasing)
    return wrap(K.cast(r, d.dtype), w)


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """Call ``function(*index_grids, **kwargs)``; the grids are weaknp arrays of ``dtype``
    (``float`` means the default float); the result is whatever ``function`` returns."""
    dt = _float_dtype(dtype, "fromfunction")
    grids = [wrap(created(g, dt, "fromfunction"))
             for g in np.indices(shape, dtype=D.float64 if dt in D.FLOATING else D.int64)]
    return function(*grids, **kwargs)


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    """A 1-D array viewing ``buffer`` (read-only when the buffer is)."""
    dt = _float_dtype(dtype, "frombuffer")
    return wrap(np.frombuffer(buffer, dt, count, offset))


def fromiter(iter, dtype, count=-1, *, like=None):
    """A 1-D array from an iterable of numbers (``dtype`` is required, as in NumPy)."""
    dt = resolve_dtype(dtype, "fromiter")
    if dt in D.ML_DTYPES:
        return wrap(K.cast(np.fromiter(iter, D.float64, count), dt))
    return wrap(np.fromiter(iter, dt, count))


def fromstring(string, dtype=float, count=-1, *, sep, like=None):
    """A 1-D array from numbers in a text string separated by ``sep``."""
    dt = _float_dtype(dtype, "fromstring")
    if not sep:
        raise ValueError("fromstring: the binary mode (sep='') is deprecated in NumPy; use "
                         "frombuffer for bytes")
    return wrap(K.cast(np.fromstring(string, D.float64 if dt in D.FLOATING else dt, count,
                                     sep=sep), dt))


def _window(np_fn):
    name = np_fn.__name__

    @functools.wraps(np_fn)
    def function(M, *args):
        return _made(np_fn(M, *args), default_dtype("float"), name)

    function.__module__ = "weaknp"
    function.__doc__ = (f"NumPy's {name} window of ``M`` points; the default float dtype "
                        f"(strong), as jax.numpy.")
    return function


bartlett, blackman, hamming, hanning, kaiser = (
    _window(f) for f in (np.bartlett, np.blackman, np.hamming, np.hanning, np.kaiser))


def indices(dimensions, dtype=int, sparse=False):
    """Grids of indices for an array of shape ``dimensions`` (default int dtype, strong)."""
    dt = resolve_dtype(dtype, "indices")
    r = np.indices(dimensions, dtype=D.int64, sparse=sparse)
    if sparse:
        return tuple(wrap(created(g, dt, "indices")) for g in r)
    return wrap(created(r, dt, "indices"))


class _Grid:
    """``mgrid``/``ogrid``: NumPy's index tricks, with the mode's default dtypes."""

    def __init__(self, np_grid, name):
        self._np = np_grid
        self._name = name

    def __getitem__(self, key):
        r = self._np[key]
        if isinstance(r, (list, tuple)):
            return type(r)(self._fix(g) for g in r)
        return self._fix(r)

    def _fix(self, g):
        g = np.asarray(g)
        kind = "complex" if g.dtype.kind == "c" else "float" if g.dtype.kind == "f" else "int"
        return wrap(K.cast(g, default_dtype(kind)))

    def __repr__(self):
        return f"weaknp.{self._name}"


mgrid = _Grid(np.mgrid, "mgrid")
ogrid = _Grid(np.ogrid, "ogrid")


class _Concatenator:
    """``r_``/``c_``: NumPy's concatenation tricks; the pieces are joined on the lattice
    (Python scalars weak, slices are strong ranges of the default dtype)."""

    def __init__(self, np_conc, name):
        self._np = np_conc
        self._name = name

    def __getitem__(self, key):
        items = key if isinstance(key, tuple) else (key,)
        pieces, where = [], []
        for i, item in enumerate(items):
            if isinstance(item, str):
                continue
            if isinstance(item, slice):
                r = np.r_[item]
                kind = "float" if r.dtype.kind == "f" else "int"
                pieces.append(wrap(K.cast(r, default_dtype(kind))))
            else:
                pieces.append(item)
            where.append(i)
        if not pieces:
            return wrap(np.asarray(self._np[key]))
        datas, dt, weak = array_likes(self._name, pieces)
        new = list(items)
        for i, d in zip(where, datas):
            new[i] = d
        r = np.asarray(self._np[tuple(new)])  # 'r'/'c' directives give np.matrix
        return wrap(K.cast(np.asarray(r), dt) if r.dtype != dt else r, weak)

    def __len__(self):
        return 0

    def __repr__(self):
        return f"weaknp.{self._name}"


r_ = _Concatenator(np.r_, "r_")
c_ = _Concatenator(np.c_, "c_")
s_ = np.s_
index_exp = np.index_exp


# ---------------------------------------------------------------------------------------
# Python-valued queries.

def ndim(a):
    """Number of dimensions of ``a``."""
    return a.ndim if isinstance(a, Array) else np.ndim(a)


def shape(a):
    """Shape of ``a``."""
    return a.shape if isinstance(a, Array) else np.shape(a)


def size(a, axis=None):
    """Number of elements of ``a`` (along ``axis`` when given)."""
    return np.size(a._data if isinstance(a, Array) else a, axis)


def isscalar(element):
    """True for Python and NumPy scalars (not for 0-d arrays, as in NumPy)."""
    return False if isinstance(element, Array) else bool(np.isscalar(element))


def iterable(y):
    """Whether ``iter(y)`` works (a 0-d array is not iterable)."""
    if isinstance(y, Array):
        return y.ndim > 0
    return bool(np.iterable(y))


def iscomplexobj(x):
    """Whether ``x`` has a complex dtype (whatever its values)."""
    if isinstance(x, Array):
        return x.dtype in D.COMPLEX
    return bool(np.iscomplexobj(x))


def isrealobj(x):
    """Whether ``x`` does not have a complex dtype."""
    return not iscomplexobj(x)


def isfortran(a):
    """Whether ``a`` is Fortran-contiguous and not C-contiguous."""
    d, _ = data_of(a, "isfortran")
    return bool(np.isfortran(d))


# ---------------------------------------------------------------------------------------
# Functions of functions.

def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """Apply ``func1d`` to the 1-D slices of ``arr`` along ``axis``.

    ``func1d`` receives weaknp arrays (with ``arr``'s weak flag); the results are stacked
    with the lattice join of their dtypes.
    """
    d, w = data_of(arr, "apply_along_axis")
    if d.ndim == 0:
        raise ValueError("apply_along_axis: arr must have at least one dimension")
    axis = axis % d.ndim if -d.ndim <= axis < d.ndim else None
    if axis is None:
        raise IndexError(f"apply_along_axis: axis out of bounds for {d.ndim} dimensions")
    moved = np.moveaxis(d, axis, -1)
    outer = moved.shape[:-1]
    results = [func1d(wrap(moved[idx], w), *args, **kwargs) for idx in np.ndindex(outer)]
    if not results:
        raise ValueError("apply_along_axis: cannot apply to an empty outer shape")
    datas, dt, weak = array_likes("apply_along_axis", results)
    stacked = np.stack(datas).reshape(outer + datas[0].shape)
    # the function's result axes go where ``axis`` was, as in NumPy
    nres = datas[0].ndim
    order = list(range(len(outer)))
    res_axes = list(range(len(outer), len(outer) + nres))
    perm = order[:axis] + res_axes + order[axis:]
    return wrap(np.transpose(stacked, perm) if nres else stacked, weak)


def apply_over_axes(func, a, axes):
    """Apply ``func(a, axis)`` repeatedly over ``axes``, keeping the dimensions."""
    x = a if isinstance(a, Array) else to_array(a, function="apply_over_axes")
    for axis in np.atleast_1d(np.asarray(_raw(axes))).tolist():
        ax = axis % x.ndim
        r = func(x, ax)
        r = r if isinstance(r, Array) else to_array(r, function="apply_over_axes")
        if r.ndim == x.ndim:
            x = r
        elif r.ndim == x.ndim - 1:
            x = wrap(np.expand_dims(r._data, ax), r.weak_type)
        else:
            raise ValueError("apply_over_axes: function is not returning an array of the "
                             "correct shape")
    return x

