"""Conversion of array-likes, the core of ``asarray``: anything it accepts as
``(ndarray, weak)`` (``to_ndarray``) or as an ``Array`` (``to_array``).

Python scalars are weak, NumPy values and (nested) lists strong; a ``dtype=`` cast never
wraps (``_stored.created``).  Below ``Array``, which reads list operands through it: an
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
from .._fast.lists import read_list
from .._core.lattice import WEAK_NODES
from .._core.promotion import PY_SCALAR_NODE, current_lattice, resolve_dtype, scalar_node
from .stored import created

if TYPE_CHECKING:  # annotations only: Array is built on this layer
    from .array import Array

__all__ = ["to_ndarray", "to_array"]

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
    if t is list or t is tuple:
        if copy is False:
            raise ValueError(f"{function}: building an array from a {t.__name__} always "
                             f"copies, but copy=False was given")
        return read_list(obj, dtype, function), False
    if isinstance(obj, bytes):
        # NumPy differs: np.asarray(b"ab") is a bytes-string array (dtype S2).  weaknp carries
        # no string dtypes through asarray (a str is refused the same way), so a bytes object
        # is refused rather than read as uint8 codes.  Decision 61.
        raise TypeError(
            f"{function}: a bytes object is a string to NumPy (dtype S), which weaknp does "
            f"not support; to read its bytes as numbers use wnp.frombuffer(b, dtype=wnp.uint8) "
            f"(or pass bytearray(b)), or np.asarray(b) for a NumPy string array")
    if isinstance(obj, bytearray):   # a buffer, as NumPy reads it: uint8 codes
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
    return _in_dtype(arr, dtype, copy, function), False


def _in_dtype(data: np.ndarray, dtype, copy, function: str) -> np.ndarray:
    """``data`` in ``dtype`` (None: its own), cast without wrapping (``created``); a copy
    when ``copy`` is true, ``ValueError`` when a cast is needed but ``copy`` is False."""
    if dtype is not None and dtype != data.dtype:
        if copy is False:
            raise ValueError(f"{function}: changing dtype from {dtypes.dtype_name(data.dtype)} to "
                             f"{dtypes.dtype_name(dtype)} needs a copy but copy=False was given")
        return created(data, dtype, function)
    return data.copy() if copy else data


def to_array(obj, dtype=None, copy=None, function: str = "asarray") -> Array:
    """The core of ``asarray``: an ``Array`` with JAX's weak-type rules."""
    data, weak = to_ndarray(obj, resolve_dtype(dtype, function), copy, function)
    return wrap(data, weak)
