"""Conversion of array-likes, the core of ``asarray``: anything it accepts as
``(ndarray, weak)`` (``to_ndarray``) or as an ``Array`` (``to_array``).

Python scalars are weak, NumPy values and (nested) lists strong; a ``dtype=`` cast never
wraps (``_array.stored.created``).  Below ``Array``, which reads list operands through it: an
array is recognised as the dispatch core's ``ArrayBase`` (``Array`` is its one subclass).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import scalars
from .._fast.dispatch import ArrayBase, wrap
from .._fast.lists import explicit_int as _explicit_int
from .._fast.dispatch import MAX_DEPTH as _MAX_DEPTH
from .._fast.lists import read_list
from .._core.lattice import WEAK_NODES
from .._core.promotion import PY_SCALAR_NODE, current_lattice, resolve_dtype, scalar_node
from .interop import refuse_masked
from .stored import created

if TYPE_CHECKING:  # annotations only: Array is built on this layer
    from .array import Array

__all__ = ["to_ndarray", "to_array", "outside_cast"]

_SUPPORTED = frozenset(dtypes.ALL_DTYPES)


def to_ndarray(obj, dtype=None, copy=None, function: str = "asarray"):
    """``(ndarray, weak)`` for anything ``asarray`` accepts; ``dtype`` is resolved already."""
    if isinstance(obj, ArrayBase):
        return _in_dtype(obj._data, dtype, copy, function), (
            dtype is None and obj._node in WEAK_NODES)
    t = type(obj)
    node = PY_SCALAR_NODE.get(t) or (scalar_node(obj) if not isinstance(
        obj, (np.ndarray, np.generic, list, tuple)) else None)
    if node is not None:
        if copy is False:
            raise ValueError(f"{function}: a Python scalar always needs a copy, but "
                             f"copy=False was given")
        if dtype is None:
            dt, weak = current_lattice()._resolve(node)
        elif dtypes.is_outside(dtype):
            # NumPy's reading (decision 72): 10 into timedelta64[25s] is 10 units of 25 s
            return _numpy_read(obj, dtype, function), False
        else:
            dt, weak = dtype, False
        if dtype is not None and dt == dtypes.bool_ and node is not PY_SCALAR_NODE[bool]:
            value = bool(obj)
        elif dtype is not None and dt in dtypes.INTEGER and t is not bool:
            value = _explicit_int(obj, dt, function)
        elif dtype is not None and t is complex and dt not in dtypes.COMPLEX:
            raise TypeError(f"{function}: cannot convert Python complex {obj} to "
                            f"{dtypes.dtype_name(dt)}; take .real first or pass a complex dtype=")
        else:
            value = scalars.narrow_scalar(obj, dt, function)
        if dt in dtypes.ML_DTYPES:
            return dtype_rules.cast(np.asarray(value), dt), weak
        return np.asarray(value, dtype=dt), weak
    if t is list or t is tuple or t is range:
        if copy is False:
            raise ValueError(f"{function}: building an array from a {t.__name__} always "
                             f"copies, but copy=False was given")
        if dtype is not None and dtypes.is_outside(dtype):
            return _numpy_read(obj, dtype, function), False
        try:
            return read_list(obj if t is not range else list(obj), dtype, function), False
        except TypeError:
            # a nest with strings, dates, records or ranges: NumPy reads it (strings and
            # dates outside the lattice, decision 72; ranges as the lists they are)
            data = _other_nest(obj, dtype, function)
            if data is None:
                raise
            return data, False
    if isinstance(obj, bytearray):   # a buffer, as NumPy reads it: uint8 codes
        obj = memoryview(obj)
    if t is not np.ndarray:
        refuse_masked(obj, function)   # weaknp.ma's arrays: never a silently dropped mask
    try:
        arr = np.asarray(obj) if copy is not False else np.asarray(obj, copy=False)
    except ValueError as e:
        raise ValueError(f"{function}: {e}") from None
    if arr.dtype.kind == "T":
        raise dtypes.variable_width_refused(function)
    if arr.dtype not in _SUPPORTED and not dtypes.is_outside(arr.dtype):
        native = dtypes.native_equivalent(arr.dtype)
        if native is not None:
            # NumPy differs: it keeps the byte order; weaknp reads the values (decision 96)
            if copy is False:
                raise ValueError(f"{function}: the input's byte order ({arr.dtype.str}) is "
                                 f"not native, so reading it copies, but copy=False was "
                                 f"given; pass copy=None")
            return _in_dtype(arr.astype(native), dtype, None, function), False
        raise TypeError(f"{function}: unsupported dtype {arr.dtype} of "
                        f"{type(obj).__name__} input; weaknp supports bool, integer, "
                        f"floating, complex, string, datetime and record dtypes")
    return _in_dtype(arr, dtype, copy, function), False


def _numpy_read(obj, dtype, function: str) -> np.ndarray:
    """NumPy's reading of a nest into ``dtype`` (a dtype outside the lattice, or None),
    with the function's name on its errors; an ``object`` result is refused."""
    try:
        arr = np.array(obj, dtype=dtype)
    except (TypeError, ValueError, OverflowError) as e:
        raise type(e)(f"{function}: {e}") from None
    if arr.dtype.kind == "O":
        raise TypeError(f"{function}: NumPy reads this nest as Python objects (ragged, or "
                        f"mixed kinds); weaknp holds numbers, strings, dates and records: "
                        f"pass a rectangular nest of one kind")
    return arr


def _other_nest(obj, dtype, function: str):
    """A nest ``read_list`` refused read as NumPy does, when NumPy gives a dtype outside the
    lattice (``["a", "b"]``); a nest holding ranges becomes lists first and is read by
    ``read_list`` (``[range(3), range(3)]``, as NumPy reads it).  None: refused as before."""
    if _has_leaf(obj, range, 0):
        return read_list(_no_ranges(obj, 0), dtype, function)
    if not _has_leaf(obj, _OUTSIDE_LEAVES, 0):
        return None
    try:
        arr = np.array(obj, dtype=dtype)
    except (TypeError, ValueError, OverflowError):
        return None
    return arr if dtypes.is_outside(arr.dtype) else None


#: Leaves NumPy reads as a dtype outside the lattice (NumPy's strings, dates, records too)
_OUTSIDE_LEAVES = (str, bytes, np.str_, np.bytes_, np.datetime64, np.timedelta64, np.void)


def _has_leaf(obj, types, depth: int) -> bool:
    """Whether the nest ``obj`` holds a leaf of ``types`` (at most ``MAX_DEPTH`` deep)."""
    if isinstance(obj, types):
        return True
    return depth < _MAX_DEPTH and isinstance(obj, (list, tuple)) and any(
        _has_leaf(v, types, depth + 1) for v in obj)


def _no_ranges(obj, depth: int):
    if type(obj) is range:
        return list(obj)
    if depth < _MAX_DEPTH and isinstance(obj, (list, tuple)):
        return [_no_ranges(v, depth + 1) for v in obj]
    return obj


def _in_dtype(data: np.ndarray, dtype, copy, function: str) -> np.ndarray:
    """``data`` in ``dtype`` (None: its own), cast without wrapping (``created``); a copy
    when ``copy`` is true, ``ValueError`` when a cast is needed but ``copy`` is False.
    Casts to or from a dtype outside the lattice are NumPy's (decision 72)."""
    if dtype is not None and dtype != data.dtype:
        if copy is False:
            raise ValueError(f"{function}: changing dtype from {dtypes.dtype_name(data.dtype)} to "
                             f"{dtypes.dtype_name(dtype)} needs a copy but copy=False was given")
        if dtypes.is_outside(dtype) or dtypes.is_outside(data.dtype):
            return outside_cast(data, dtype, function)
        return created(data, dtype, function)
    return data.copy() if copy else data


def outside_cast(data: np.ndarray, dtype: np.dtype, function: str) -> np.ndarray:
    """``data`` cast to ``dtype`` by NumPy's rules, where one of them is outside the lattice
    (``'2025-01-01'`` to datetime64, numbers to str); NumPy's error names ``function``."""
    try:
        return data.astype(dtype)
    except (TypeError, ValueError) as e:
        raise type(e)(f"{function}: cannot convert {data.dtype} to {dtype} ({e}); pass "
                      f"values NumPy reads as {dtype}") from None


def to_array(obj, dtype=None, copy=None, function: str = "asarray") -> Array:
    """The core of ``asarray``: an ``Array`` with JAX's weak-type rules; dtypes outside the
    lattice (strings, records, dates) are carried with NumPy's rules."""
    data, weak = to_ndarray(obj, resolve_dtype(dtype, function, outside=True), copy, function)
    return wrap(data, weak)
