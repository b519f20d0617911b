"""Array creation functions with JAX's weak-type rules.

Weak flag of the results:

* ``asarray(2)``, ``asarray(2.0)``, ``full(shape, 2)`` (a Python scalar, no dtype) are weak
  with the default dtype of the scalar's kind; Python ``bool`` is never weak.
* Any explicit ``dtype=`` makes the result strong, even the default one.
* Nested lists are never weak: their dtype is the join of the leaves (``[int8(2), 3]`` is
  int8, ``[1, 2.0]`` is float64).
* Converting an existing array keeps its flag (``asarray(w)``, ``zeros_like(w)``).
* ``zeros``/``ones``/``empty``/``eye``/``linspace`` with no dtype are the default float,
  strong; ``arange`` follows its arguments (strong).
"""

from __future__ import annotations

import math
import operator
import warnings

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._array.array import Array
from .._array.convert import to_array, to_ndarray
from .._fast.dispatch import wrap
from .._array.operands import array_likes
from .._array.stored import created, stored_value
from .._core.device import check_device
from .._fast.calls import (QUICK_ASARRAY, QUICK_EMPTY, QUICK_EMPTY_LIKE, CallCore, as_array,
                           empty_call, empty_like_call, quick)
from .._fast.lists import list_array
from .._core.dtype_rules import inexact_dtype
from .._core.lattice import STRONG_NODE
from .._core.promotion import default_dtype, join_nodes, resolve_dtype, scalar_node

__all__ = ["asarray", "array", "zeros", "ones", "empty", "full", "zeros_like", "ones_like",
           "empty_like", "full_like", "arange", "linspace", "eye", "from_dlpack", "meshgrid",
           "tril", "triu"]


def _int_arg(v, name: str, function: str) -> int:
    """An integer argument ``name`` (``num``, ``k``) as a Python int, or a ``TypeError``
    that names the function (``operator.index``'s own message names neither)."""
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError(f"{function}: {name} must be an integer, got {type(v).__name__} "
                        f"{v!r}; pass a Python int or an integer 0-d array") from None


def _shape(shape, function: str) -> tuple:
    if type(shape) is int or isinstance(shape, (int, np.integer)) and not isinstance(
            shape, bool):
        shape = (shape,)
    try:
        shape = tuple(map(operator.index, shape))
    except TypeError:
        raise TypeError(f"{function}: shape must be an int or a tuple of ints, got "
                        f"{shape!r}") from None
    for s in shape:
        if s < 0:
            raise ValueError(f"{function}: negative dimensions are not allowed: {shape}; "
                             f"pass sizes >= 0")
    return shape


_MAX_BYTES = np.iinfo(np.intp).max


def _check_size(function: str, shape: tuple, dt: np.dtype) -> None:
    """``ValueError`` naming the function when ``shape`` of ``dt`` cannot be allocated at
    all (NumPy says "array is too big" without saying which call)."""
    n = math.prod(shape)
    if n * max(dt.itemsize, 1) > _MAX_BYTES:
        raise ValueError(f"{function}: shape {shape} of {dtypes.dtype_name(dt)} needs {n} elements "
                         f"({n * dt.itemsize} bytes), more than any array can hold; pass a "
                         f"smaller shape")


# NumPy differs: device, copy and like may also be given by position (NumPy: keyword-only;
# the Array API standard allows either).  CPython calls a function without keyword-only
# parameters on its fast path, about 25 ns sooner: a sixth of np.asarray([1., 2., 3.]).
# Decision 21.
def asarray(a, dtype=None, order=None, device=None, copy=None, like=None):
    """Convert ``obj`` to an Array.

    A Python scalar with no ``dtype`` gives a weak 0-d array of the default dtype of its
    kind (Python ``bool`` gives strong bool); an explicit ``dtype`` gives a strong array;
    nested lists give a strong array whose dtype is the join of their leaves.  Python ints
    that do not fit the dtype raise ``OverflowError``.

    Examples
    --------
    >>> import weaknp as wnp
    >>> wnp.asarray(2)
    Array(2, dtype=int64, weak_type=True)
    >>> wnp.asarray([1, 2], dtype=wnp.int8)
    Array([1, 2], dtype=int8)
    >>> wnp.asarray([1, 2.5])
    Array([1. , 2.5], dtype=float64)
    """
    if dtype is None and copy is None and order is None and device is None:
        t = type(a)
        if t is list or t is tuple:
            # the common call, a list and nothing else: to_array's list path without the
            # checks that cannot fail (issue 14: asarray of a short list within 1.5x of
            # NumPy's); a nest of strings, dates or ranges is to_array's (it reads those,
            # decision 72)
            try:
                return list_array(a)
            except TypeError:
                pass
        else:
            # an Array is itself, an ndarray of a lattice dtype a strong Array on its
            # memory (the compiled core: what to_array gives, without its checks)
            r = as_array(a)
            if r is not None:
                return r
    return _converted(a, dtype, order, device, copy)


def _converted(a, dtype, order, device, copy):
    """``asarray``'s conversion past its common calls (also ``Quick``'s, for a nest
    ``list_array`` does not read)."""
    check_device(device, "asarray")
    if copy not in (None, True, False):
        raise ValueError(f"asarray: copy must be True, False or None, got {copy!r}")
    if isinstance(a, Array) and dtype is None and not copy and order in (None, "K", "A"):
        return a  # NumPy's rule: asarray(x) is x when nothing changes
    return _ordered(to_array(a, dtype, copy, "asarray"), order, "asarray", copy)


# ``asarray(a)`` alone is the compiled core's (``_fast.calls.Quick``: no Python frame);
# every other call is the function above.
asarray = quick(QUICK_ASARRAY, asarray, (list_array, _converted))


def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0,  # noqa: A002
          like=None, device=None):
    """Like ``asarray`` but copies by default (NumPy's ``array``); ``ndmin`` pads dimensions.

    Examples
    --------
    >>> wnp.array([1, 2], dtype=wnp.int8)
    Array([1, 2], dtype=int8)
    >>> wnp.array(2.0)
    Array(2., dtype=float64, weak_type=True)
    >>> wnp.array([1, 2], ndmin=2)
    Array([[1, 2]], dtype=int64)
    """
    check_device(device, "array")
    x = to_array(object, dtype, copy, "array")
    if ndmin and x.ndim < ndmin:
        x = wrap(x._data.reshape((1,) * (ndmin - x.ndim) + x.shape), x._weak)
    return _ordered(x, order, "array", copy)


_ORDERS = (None, "K", "A", "C", "F")


def _ordered(x, order, function, copy=None):
    """``x`` with NumPy's memory ``order=`` ('F': a Fortran-ordered buffer)."""
    if order not in _ORDERS:
        raise ValueError(f"{function}: order must be 'C', 'F', 'A' or 'K', got {order!r}")
    d = x._data
    if order == "F" and d.ndim > 1 and not d.flags.f_contiguous:
        if copy is False:
            raise ValueError(f"{function}: order='F' needs a copy but copy=False was given")
        return wrap(np.asfortranarray(d), x._weak)
    if order == "C" and d.ndim > 1 and not d.flags.c_contiguous:
        if copy is False:
            raise ValueError(f"{function}: order='C' needs a copy but copy=False was given")
        return wrap(np.ascontiguousarray(d), x._weak)
    return x


def _filled(function, shape, dtype, device, fill, order="C"):
    if order != "C" and order != "F":
        raise ValueError(f"{function}: order must be 'C' or 'F', got {order!r}")
    if device is not None:
        check_device(device, function)
    dt = resolve_dtype(dtype, function, outside=True) or default_dtype("float")
    shape = _shape(shape, function)
    _check_size(function, shape, dt)
    if fill is None:   # NumPy's empty, for every dtype (outside the lattice too)
        return wrap(np.empty(shape, dtype=dt, order=order))
    if dtypes.is_outside(dt):   # strings, records, dates: NumPy's own zeros/ones
        return wrap(_NUMPY_FILLED[function](shape, dtype=dt, order=order))
    if fill == 0 and dt not in dtypes.ML_DTYPES:
        # NumPy's zeros: zeroed pages from the allocator, not a pass writing zeros.
        return wrap(np.zeros(shape, dtype=dt, order=order))
    if dt in dtypes.ML_DTYPES:   # ones(2, dtype=int1): 1 is not an int1 value (-1..0)
        created(np.asarray(fill), dt, function)
    return wrap(np.full(shape, fill, dtype=dt, order=order))


_NUMPY_FILLED = {"zeros": np.zeros, "ones": np.ones, "empty": np.empty}


def zeros(shape, dtype=None, order="C", *, device=None, like=None):
    """An array of zeros (default float dtype, strong, when ``dtype`` is None).

    Examples
    --------
    >>> wnp.zeros(2)
    Array([0., 0.], dtype=float64)
    >>> wnp.zeros((2,), dtype=wnp.int8)
    Array([0, 0], dtype=int8)
    """
    return _filled("zeros", shape, dtype, device, 0, order)


def ones(shape, dtype=None, order="C", *, device=None, like=None):
    """An array of ones (default float dtype, strong, when ``dtype`` is None).

    Examples
    --------
    >>> wnp.ones(2)
    Array([1., 1.], dtype=float64)
    >>> wnp.ones(2, dtype=wnp.uint8)
    Array([1, 1], dtype=uint8)
    """
    return _filled("ones", shape, dtype, device, 1, order)


def empty(shape, dtype=None, order="C", *, device=None, like=None):
    """An uninitialised array (default float dtype, strong, when ``dtype`` is None).

    Examples
    --------
    >>> x = wnp.empty((2, 3))
    >>> x.shape, x.dtype, wnp.is_weakly_typed(x)
    ((2, 3), dtype('float64'), False)
    >>> wnp.empty(2, dtype=wnp.int16).dtype
    dtype('int16')
    """
    return empty_call(_EMPTY, shape, dtype, order, device)


def _empty(shape, dtype, order, device):
    """``empty``'s general path (every call ``empty_call`` does not finish)."""
    return _filled("empty", shape, dtype, device, None, order)


def _empty_entry(dtype):
    """``empty_call``'s entry for a ``dtype`` spelling in this mode: ``(np.dtype, node)``
    of a lattice dtype resolved without a warning, else None (the general path)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")   # an x32 mode's truncation warns each call
            dt = resolve_dtype(dtype, "empty", outside=True) or default_dtype("float")
    except Exception:   # the general path raises it (or warns) again
        return None
    node = STRONG_NODE.get(dt)
    return None if node is None else (dt, node)


_EMPTY = CallCore("empty", 0, _empty_entry, _empty)
# ``empty(shape[, dtype[, order]])`` by position: ``empty_call`` with no Python frame
empty = quick(QUICK_EMPTY, empty, _EMPTY)




def _fill_value(function, fill_value, dt):
    """``fill_value`` stored into ``dt`` with the rule of ``x[i] = v`` (``stored_value``):
    the join must be ``dt``, ints are range-checked (weak arrays and NumPy scalars too)."""
    if isinstance(fill_value, (Array, np.ndarray)) and fill_value.ndim != 0:
        raise ValueError(f"{function}: fill_value must be 0-d, got shape {fill_value.shape}; "
                         f"use broadcast_to() or x[...] = values for an array of values")
    if isinstance(fill_value, (list, tuple)):
        raise TypeError(f"{function}: fill_value must be a scalar or a 0-d array, got a "
                        f"{type(fill_value).__name__}")
    return stored_value(function, np.empty((), dt), STRONG_NODE[dt], fill_value,
                        role=dtypes.CREATED)


def full(shape, fill_value, dtype=None, order="C", *, device=None, like=None):
    """An array filled with ``fill_value``.

    With no ``dtype`` a Python scalar fill gives a *weak* array of its kind's default dtype
    (as in JAX); an Array fill gives its dtype and flag; an explicit ``dtype`` is strong.

    Examples
    --------
    >>> import weaknp as wnp
    >>> wnp.full(2, 1.5)
    Array([1.5, 1.5], dtype=float64, weak_type=True)
    >>> wnp.full(2, 7, dtype=wnp.int8)
    Array([7, 7], dtype=int8)
    """
    check_device(device, "full")
    shape = _shape(shape, "full")
    dt = resolve_dtype(dtype, "full", outside=True)
    if dt is None:
        value, weak = to_ndarray(fill_value, None, None, "full")
        if value.ndim != 0:  # NumPy's rule: an array fill value is broadcast to shape
            try:
                np.broadcast_to(value, shape)
            except ValueError:
                raise ValueError(f"full: a fill_value of shape {value.shape} does not "
                                 f"broadcast to shape {shape}") from None
        _check_size("full", shape, value.dtype)
        return _ordered(wrap(np.full(shape, value, dtype=value.dtype), weak), order, "full")
    _check_size("full", shape, dt)
    if dtypes.is_outside(dt):
        return _ordered(wrap(_outside_full("full", shape, fill_value, dt)), order, "full")
    value = _fill_value("full", fill_value, dt)
    return _ordered(wrap(dtype_rules.cast(np.full(shape, value,
                                                  dtype=dt if dt not in dtypes.ML_DTYPES
                                        else None), dt)), order, "full")


def _outside_full(function, shape, fill_value, dt) -> np.ndarray:
    """``fill_value`` in a new array of a dtype outside the lattice: NumPy's conversion
    (``full(2, ('Bob', 3), dtype=record)``, ``full(3, '2025-01-01', dtype='M8[D]')``)."""
    if isinstance(fill_value, Array):
        fill_value = fill_value._data
    try:
        return np.full(shape, fill_value, dtype=dt)
    except (TypeError, ValueError) as e:
        raise type(e)(f"{function}: cannot fill a {dtypes.outside_kind(dt)} array of dtype "
                      f"{dt} with {fill_value!r} ({e}); pass a value NumPy reads as {dt}"
                      ) from None


def _like(function, x, dtype, device, shape=None):
    """``(shape, dtype, weak)`` of the result: ``x``'s unless ``shape``/``dtype`` say
    otherwise (``shape=`` is NumPy's extension of the standard, which dask uses)."""
    check_device(device, function)
    data, weak = to_ndarray(x, None, None, function)
    out_shape = data.shape if shape is None else _shape(shape, function)
    dt = resolve_dtype(dtype, function, outside=True)
    _check_size(function, out_shape, dt or data.dtype)
    if dt is None:
        return out_shape, data.dtype, weak
    return out_shape, dt, False


def zeros_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """Zeros with the shape and dtype of ``x`` (keeps ``x``'s weak flag unless dtype is given).

    Examples
    --------
    >>> wnp.zeros_like(wnp.asarray([1, 2], dtype=wnp.int8))
    Array([0, 0], dtype=int8)
    >>> wnp.zeros_like(wnp.asarray(2.0))
    Array(0., dtype=float64, weak_type=True)
    >>> wnp.zeros_like(wnp.asarray(2.0), dtype=wnp.float64)
    Array(0., dtype=float64)
    """
    shape, dt, weak = _like("zeros_like", a, dtype, device, shape)
    return _ordered(wrap(np.zeros(shape, dtype=dt), weak), order, "zeros_like")


def ones_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """Ones with the shape and dtype of ``x`` (keeps ``x``'s weak flag unless dtype is given).

    Examples
    --------
    >>> wnp.ones_like(wnp.asarray([1, 2], dtype=wnp.uint8))
    Array([1, 1], dtype=uint8)
    >>> wnp.ones_like(wnp.full(2, 3))
    Array([1, 1], dtype=int64, weak_type=True)
    """
    shape, dt, weak = _like("ones_like", a, dtype, device, shape)
    if dt in dtypes.ML_DTYPES:   # 1 is not an int1 value (-1..0)
        created(np.asarray(1), dt, "ones_like")
    return _ordered(wrap(np.ones(shape, dtype=dt), weak), order, "ones_like")


def empty_like(prototype, /, dtype=None, order="K", subok=True, shape=None, *,
               device=None):
    """Uninitialised, with the shape and dtype of ``x`` (keeps its weak flag).

    Examples
    --------
    >>> x = wnp.empty_like(wnp.full(2, 1.5))
    >>> x.shape, x.dtype, wnp.is_weakly_typed(x)
    ((2,), dtype('float64'), True)
    >>> wnp.empty_like(wnp.asarray([1, 2], dtype=wnp.int8)).dtype
    dtype('int8')
    """
    return empty_like_call(_empty_like, prototype, dtype, order, subok, shape, device)


def _empty_like(prototype, dtype, order, subok, shape, device):
    """``empty_like``'s general path (every call ``empty_like_call`` does not finish)."""
    shape, dt, weak = _like("empty_like", prototype, dtype, device, shape)
    return _ordered(wrap(np.empty(shape, dtype=dt), weak), order, "empty_like")


# ``empty_like(x)`` alone: ``empty_like_call`` with no Python frame
empty_like = quick(QUICK_EMPTY_LIKE, empty_like, _empty_like)


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None, *,
              device=None):
    """``fill_value`` with the shape and dtype of ``x``.

    The fill value must join with the dtype without changing it (``full_like(int8_array,
    1000)`` raises ``OverflowError``; JAX wraps to -24).  Weak only when ``x`` is weak and no
    ``dtype`` is given.

    Examples
    --------
    >>> x = wnp.asarray([1, 2], dtype=wnp.int8)
    >>> wnp.full_like(x, 7)
    Array([7, 7], dtype=int8)
    >>> wnp.full_like(wnp.full(2, 1.5), 3)
    Array([3., 3.], dtype=float64, weak_type=True)
    >>> wnp.full_like(x, 1000)
    Traceback (most recent call last):
        ...
    OverflowError: full_like: Python int 1000 is out of bounds for int8 (range -128..127); ...
    """
    shape, dt, weak = _like("full_like", a, dtype, device, shape)
    # JAX differs: there a 0-d weak x gives a weak result for any fill value (shape-dependent).
    # Decision 17.
    if dtypes.is_outside(dt):
        return _ordered(wrap(_outside_full("full_like", shape, fill_value, dt)), order,
                        "full_like")
    value = _fill_value("full_like", fill_value, dt)
    return _ordered(wrap(dtype_rules.cast(np.full(shape, value,
                                                  dtype=dt if dt not in dtypes.ML_DTYPES
                                        else None), dt), weak), order, "full_like")


def _scalar_arg(function, name, v):
    if isinstance(v, Array):
        if v.ndim != 0:
            raise TypeError(f"{function}: {name} must be a scalar, got shape {v.shape}")
        return v._data[()], STRONG_NODE[v.dtype]
    if isinstance(v, (np.generic, np.ndarray)):
        a = np.asarray(v)
        return a[()], STRONG_NODE[a.dtype]
    node = scalar_node(v)
    if node is None:
        raise TypeError(f"{function}: {name} must be a real number, got {type(v).__name__}")
    return v, node


def arange(start, /, stop=None, step=None, dtype=None, *, device=None, like=None):
    """Evenly spaced values in ``[start, stop)``.

    With no ``dtype`` the result dtype is the join of the arguments, made strong:
    ``arange(3)`` is the default int, ``arange(0, 1, 0.25)`` the default float,
    ``arange(np.int8(3))`` int8.

    Examples
    --------
    >>> import weaknp as wnp
    >>> wnp.arange(3)
    Array([0, 1, 2], dtype=int64)
    """
    check_device(device, "arange")
    dt = resolve_dtype(dtype, "arange", outside=True)
    if (dt is not None and dtypes.is_outside(dt)) or any(
            _is_date(v) for v in (start, stop, step)):
        return _date_arange(start, stop, step, dt)
    if step is None:
        step = 1
    if stop is None:
        start, stop = 0, start
    args = [_scalar_arg("arange", n, v) for n, v in (("start", start), ("stop", stop),
                                                      ("step", step))]
    if any(isinstance(v, (bool, np.bool_)) for v, _ in args):
        raise TypeError("arange: bool arguments are not allowed; pass ints or floats")
    if any(isinstance(v, (complex, np.complexfloating)) for v, _ in args):
        raise TypeError("arange: complex arguments are not allowed")
    if dt is None:
        dt, _ = join_nodes([n for _, n in args], "arange")
    if dt == dtypes.bool_:
        raise TypeError("arange: dtype bool is not allowed; pass an integer or float dtype")
    start, stop, step = (v for v, _ in args)
    for name, v in (("start", start), ("stop", stop), ("step", step)):
        if not isinstance(v, (int, np.integer)) and not math.isfinite(v):
            raise ValueError(f"arange: {name} must be finite, got {v}; pass finite "
                             f"start, stop and step")
    if step == 0:
        raise ValueError("arange: step must not be zero")
    n = max(0, math.ceil((stop - start) / step))
    _check_size("arange", (n,), dt)
    if dt in dtypes.INTEGER and all(isinstance(v, (int, np.integer)) for v in (start, stop, step)):
        lo, hi = dtypes.INT_BOUNDS[dt]
        last = start + (n - 1) * step if n else start
        for v in (start, last):
            if n and not lo <= v <= hi:
                raise dtypes.out_of_range("arange", "value", v, dt, dtypes.CREATED)
        data = np.arange(int(start), int(start) + n * int(step), int(step), dtype=dtypes.int64
                         if dt not in (dtypes.uint64,) else dtypes.uint64)[:n]
        return wrap(dtype_rules.cast(data, dt))
    loop = dtypes.float64 if dt in dtypes.REAL_FLOAT or dt in dtypes.INTEGER else dt
    try:
        # NumPy's own fill (start + i * ((start + step) - start)), so the float values are
        # NumPy's to the last bit (arange(0.9, 3, 0.7) ends in 3.0, not 2.9999999999999996)
        data = np.arange(start, stop, step, dtype=loop)
    except (OverflowError, TypeError, ValueError):   # ints beyond int64
        data = None
    if data is None or len(data) != n:
        data = start + np.arange(n, dtype=loop) * step
    return wrap(created(data, dt, "arange"))


def _is_date(v) -> bool:
    """A date or time argument of ``arange``: a string, a datetime64/timedelta64 value."""
    if isinstance(v, Array):
        v = v._data
    return isinstance(v, (str, np.datetime64, np.timedelta64)) or (
        isinstance(v, np.ndarray) and v.dtype.kind in "Mm")


def _date_arange(start, stop, step, dt):
    """``arange`` of dates or times: NumPy's (``arange('2025-01', '2025-03',
    dtype='datetime64[D]')``), outside the lattice (decision 72)."""
    start, stop, step = (v._data if isinstance(v, Array) else v for v in (start, stop, step))
    try:
        data = np.arange(start, stop, step, dtype=dt)
    except (TypeError, ValueError) as e:
        raise type(e)(f"arange: {e}; pass dates as strings or datetime64 values with a "
                      f"datetime64/timedelta64 dtype=") from None
    if not dtypes.is_outside(data.dtype):
        raise TypeError(f"arange: strings and dates give {data.dtype} here; pass "
                        f"dtype='datetime64[D]' (or another unit) for a range of dates")
    return wrap(data)


_NUMBERS = (int, float, complex)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    """``num`` evenly spaced values from ``start`` to ``stop``.

    With no ``dtype``: the default float, or complex if either end is complex; integer or
    bool NumPy/Array ends map to float by the inexact rule (``linspace(int8(0), 1, 3)`` is
    float32, as in JAX).

    Examples
    --------
    >>> wnp.linspace(0, 1, 5)
    Array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float64)
    >>> wnp.linspace(wnp.int8(0), 1, 3)
    Array([0. , 0.5, 1. ], dtype=float32)
    >>> wnp.linspace(0, 1, 4, endpoint=False, dtype=wnp.float32)
    Array([0.  , 0.25, 0.5 , 0.75], dtype=float32)
    """
    check_device(device, "linspace")
    num = _int_arg(num, "num", "linspace")
    if num < 0:
        raise ValueError(f"linspace: num must be non-negative, got {num}")
    if not (type(start) in _NUMBERS and type(stop) in _NUMBERS) and (
            np.ndim(start) or np.ndim(stop)):
        return _linspace_arrays(start, stop, num, endpoint, retstep, dtype, axis)
    args = [_scalar_arg("linspace", n, v) for n, v in (("start", start), ("stop", stop))]
    dt = resolve_dtype(dtype, "linspace")
    if dt is None:
        joined, weak = join_nodes([n for _, n in args], "linspace")
        if weak:
            dt = joined if joined in dtypes.FLOATING else default_dtype("float")
        else:
            dt = inexact_dtype(joined)
    s, e = (v for v, _ in args)
    _check_size("linspace", (num,), dt)
    loop = dtypes.complex128 if (dt in dtypes.COMPLEX or isinstance(s, complex) or isinstance(e, complex)) \
        else dtypes.float64
    data, step = np.linspace(s, e, num, endpoint=endpoint, dtype=loop, retstep=True)
    if dt in dtypes.INTEGER:
        data = np.floor(data)
    result = wrap(created(data, dt, "linspace"))
    return (result, step) if retstep else result


def _linspace_arrays(start, stop, num, endpoint, retstep, dtype, axis):
    """``linspace`` with array ends (NumPy's form): the inexact rule on their join."""
    (s, e), joined, _ = array_likes("linspace", [start, stop])
    dt = resolve_dtype(dtype, "linspace") or inexact_dtype(joined)
    loop = dtypes.complex128 if dt in dtypes.COMPLEX or joined in dtypes.COMPLEX else dtypes.float64
    data, step = np.linspace(dtype_rules.cast(s, loop), dtype_rules.cast(e, loop), num,
                             endpoint=endpoint,
                             retstep=True, axis=axis)
    if dt in dtypes.INTEGER:
        data = np.floor(data)
    result = wrap(created(data, dt, "linspace"))
    return (result, wrap(dtype_rules.cast(np.asarray(step), dt))) if retstep else result


def eye(N, M=None, k=0, dtype=None, order="C", *, device=None, like=None):
    """A 2-D array with ones on the ``k``-th diagonal (default float dtype, strong).

    Examples
    --------
    >>> wnp.eye(2)
    Array([[1., 0.],
           [0., 1.]], dtype=float64)
    >>> wnp.eye(2, 3, k=1, dtype=wnp.int8)
    Array([[0, 1, 0],
           [0, 0, 1]], dtype=int8)
    """
    check_device(device, "eye")
    dt = resolve_dtype(dtype, "eye") or default_dtype("float")
    N, M = _shape((N, N if M is None else M), "eye")
    k = _int_arg(k, "k", "eye")
    _check_size("eye", (N, M), dt)
    if dt in dtypes.ML_DTYPES:   # checked: 1 is not an int1 value (-1..0)
        return _ordered(wrap(created(np.eye(N, M, k=k, dtype=dtypes.float32), dt, "eye")),
                        order, "eye")
    return _ordered(wrap(np.eye(N, M, k=k, dtype=dt)), order, "eye")


def from_dlpack(x, /, *, device=None, copy=None):
    """An Array sharing memory with a DLPack-exporting object (``copy=True`` copies).

    Examples
    --------
    >>> import numpy as np
    >>> wnp.from_dlpack(np.arange(3, dtype=np.int16))
    Array([0, 1, 2], dtype=int16)
    """
    check_device(device, "from_dlpack")
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack: a {type(x).__name__} does not export DLPack (no "
                        f"__dlpack__ method); use weaknp.asarray() for lists, scalars and "
                        f"buffers")
    if isinstance(x, Array):
        # NumPy differs: its DLPack import refuses bfloat16 (decision 64).  A weaknp array
        # of any dtype is its own buffer, as a strong array
        return wrap(x._data.copy() if copy else x._data)
    try:
        data = np.from_dlpack(x, copy=copy)
    except (BufferError, RuntimeError) as e:
        data = _bfloat16_export(x, copy)
        if data is None:
            raise BufferError(f"from_dlpack: {e}") from None
    if data.dtype not in _SUPPORTED_DTYPES:
        raise TypeError(f"from_dlpack: unsupported dtype {data.dtype}")
    return wrap(data)


_SUPPORTED_DTYPES = frozenset(dtypes.ALL_DTYPES)


def _bfloat16_export(x, copy):
    """The data of a CPU producer whose DLPack capsule NumPy cannot import (bfloat16,
    kDLBfloat: a JAX bfloat16 array), through its ``__array__``; None when that is not
    a bfloat16 array.  ``copy=False`` cannot be promised that way: ``BufferError``."""
    try:
        on_cpu = x.__dlpack_device__()[0] == 1   # kDLCPU
    except Exception:  # noqa: BLE001 - no usable device answer: not this case
        return None
    if not on_cpu or not hasattr(x, "__array__"):
        return None
    data = np.asarray(x)
    if data.dtype != dtypes.bfloat16:
        return None
    if copy is False:
        raise BufferError("from_dlpack: NumPy cannot import a bfloat16 DLPack capsule "
                          "without a copy; pass copy=None or copy=True")
    return data.copy() if copy or not data.flags.writeable else data


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    """Coordinate matrices from 1-D arrays; all results have the arrays' joined dtype.

    Examples
    --------
    >>> x = wnp.asarray([1, 2], dtype=wnp.int8)
    >>> y = wnp.asarray([0, 1, 2], dtype=wnp.uint8)
    >>> gx, gy = wnp.meshgrid(x, y)
    >>> gx
    Array([[1, 2],
           [1, 2],
           [1, 2]], dtype=int16)
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij', got {indexing!r}")
    if not xi:
        return ()
    # NumPy's rule: every input is flattened (the standard takes 1-D arrays).
    datas, _, weak = array_likes("meshgrid", list(xi))
    grids = np.meshgrid(*[d.reshape(-1) for d in datas], indexing=indexing, sparse=sparse,
                        copy=copy)
    return tuple(wrap(g, weak) for g in grids)


def diagonal_offset(k, size: int, function: str) -> int:
    """A diagonal offset ``k`` as a Python int, clamped to ``[-size, size]`` (``size`` at
    least the number of rows and of columns), where the answer no longer changes: NumPy
    computes with ``-k`` in int64, which wraps for ``k = -2**63`` (``tril(m, k=-2**63)``
    kept everything) and raises its own error beyond int64."""
    try:
        k = operator.index(k)
    except TypeError:
        raise TypeError(f"{function}: k must be an integer, got {type(k).__name__}; pass a "
                        f"Python int or an integer 0-d array") from None
    return min(max(k, -size), size)


def tril(m, k=0):
    """The lower triangle of the last two axes (keeps dtype and weak flag).

    Examples
    --------
    >>> wnp.tril(wnp.ones((3, 3), dtype=wnp.int8))
    Array([[1, 0, 0],
           [1, 1, 0],
           [1, 1, 1]], dtype=int8)
    >>> wnp.tril(wnp.full((2, 2), 2.0))
    Array([[2., 0.],
           [2., 2.]], dtype=float64, weak_type=True)
    """
    data, weak = to_ndarray(m, None, None, "tril")
    if data.ndim < 1:
        raise ValueError("tril: needs at least 1 dimension")
    k = diagonal_offset(k, sum(data.shape[-2:]), "tril")
    return wrap(np.tril(data, k=k), weak)


def triu(m, k=0):
    """The upper triangle of the last two axes (keeps dtype and weak flag).

    Examples
    --------
    >>> wnp.triu(wnp.ones((2, 3), dtype=wnp.int8), k=1)
    Array([[0, 1, 1],
           [0, 0, 1]], dtype=int8)
    """
    data, weak = to_ndarray(m, None, None, "triu")
    if data.ndim < 1:
        raise ValueError("triu: needs at least 1 dimension")
    k = diagonal_offset(k, sum(data.shape[-2:]), "triu")
    return wrap(np.triu(data, k=k), weak)
