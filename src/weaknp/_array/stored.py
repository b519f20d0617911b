"""The rule of stored values: a value written into an existing dtype, and data cast to a
dtype a creation function was asked for.

``stored_value`` is the rule of ``x[i] = v`` and of every function writing into an array
(the join must be the array's dtype; values are narrowed with the overflow check);
``deliver`` is the rule of ``out=`` (a result stored into ``out``); ``created`` is the end
of every creation function with ``dtype=`` (an integer dtype never wraps).  Below
``Array``: arrays are read through the dispatch core's ``operand``.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import scalars
from .._fast.dispatch import ArrayBase, operand
from .._fast.lists import leaf_summary, read_list
from .._core.errors import a_dtype
from .._core.lattice import STRONG_NODE, WEAK_NODE, WEAK_NODES
from .._core.promotion import PY_SCALAR_NODE, current_lattice, join_nodes

__all__ = ["stored_value", "deliver", "created"]

_ndarray = np.ndarray
_SUPPORTED = frozenset(dtypes.ALL_DTYPES)


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
    py = (bool if dt == dtypes.bool_ else int if dt in dtypes.INTEGER else
          complex if dt in dtypes.COMPLEX else float)(a[()])
    return py, dtypes.dtype_name(dt)


#: The node a NumPy array being stored is read at: the Python scalar of its kind.
_NUMPY_STORE_NODE = {"bool": PY_SCALAR_NODE[bool], "int": PY_SCALAR_NODE[int],
                     "float": PY_SCALAR_NODE[float], "complex": PY_SCALAR_NODE[complex]}


def stored_value(function: str, d: np.ndarray, node, value, *, lists: bool = False,
                 role: str = dtypes.STORED, across: bool = True):
    """``value`` ready to be written into ``d`` (an array at lattice node ``node``).

    The rule of ``x[i] = v`` and of every function that writes into an existing dtype
    (``insert``, ``pad``, ``copyto``, ``put``, ``place``, ``putmask``, ``fill``, ``full``,
    ``full_like``, ``out=``, ...), decision 70:

    * The value's join with the array is the array's dtype: stored as the lattice says.
      Python ints out of range raise ``OverflowError``; so do the values of a *weak*
      array (0-d or n-d), which stands for the Python scalars it holds
      (``scalars.weak_values``).  A NumPy scalar or NumPy array stands for the Python
      scalars it holds (``float32_array[:] = np.zeros(2)``).
    * Otherwise, within a kind (or from a lower kind) the values are rounded into the
      array's dtype as ``astype`` does (``float32_array[0] = wnp.float64(0.1)``,
      ``complex64`` from ``complex128``); integers are range-checked (``OverflowError``).
    * Across kinds downward (complex -> float -> int -> bool) the store is accepted when
      every value is exactly representable (``bool_array[:2] = 0``, ``int_array[0] = 3.0``,
      a zero imaginary part) and refused otherwise with a ``TypeError``
      (``int_array[0] = 2.7``); an integral value out of range (or infinite) raises
      ``OverflowError``.  ``across=False`` refuses every downward store (ufunc ``out=``
      with ``casting='same_kind'``, as NumPy).

    ``role=dtypes.OPERAND`` (a reduction's ``initial``, ``ufunc.at``'s operand) keeps the
    join rule alone, as for in-place operators.  ``lists=True`` also accepts nested lists
    (read as ``asarray`` does, each leaf a value of its own).

    Examples
    --------
    >>> import numpy as np
    >>> x = wnp.asarray([1., 2.], dtype=wnp.float32)
    >>> x[0] = np.float64(0.5)
    >>> x
    Array([0.5, 2. ], dtype=float32)
    >>> m = wnp.ones(3, dtype=bool)
    >>> m[:2] = 0
    >>> m
    Array([False, False,  True], dtype=bool)
    """
    ns = _numpy_scalar(value)
    ns_name = None   # the NumPy dtype of a NumPy value (scalar or array) being stored
    span = None      # (min, max) of a NumPy integer value, range-checked below
    if ns is not None:
        # NumPy differs: it casts NumPy scalars of any kind (np.float64(1.5) into an int8
        # array stores 1); JAX casts too.  Strong weaknp 0-d arrays keep their dtype's rule.
        # Decision 22.
        value, ns_name = ns
        o = (value, PY_SCALAR_NODE[type(value)])
        if type(value) is int:
            span = (value, value)
    elif type(value) is _ndarray and value.dtype in _SUPPORTED:
        # NumPy differs: it casts any kind (a float64 array into an int8 array truncates).
        # A NumPy array of the same kind or below is read like the Python scalars it holds
        # (xarray's ``da[0] = 0.0`` on float32 data stores a broadcast float64 NumPy array).
        # Decision 22.
        ns_name = dtypes.dtype_name(value.dtype)
        o = (value, _NUMPY_STORE_NODE[dtypes.kind_of(value.dtype)])
        if value.dtype in dtypes.INTEGER and value.size:
            span = (int(value.min()), int(value.max()))
    else:
        o = operand(value)
    if span is not None and d.dtype in dtypes.INTEGER:
        dtypes.check_int_span(function, f"NumPy {ns_name} value", *span, d.dtype, role)
    if o is None and lists and isinstance(value, (list, tuple)):
        # Each leaf of a list being written is a value of its own: Python scalars stay weak
        # (``put(int8_array, [0, 1], [9, 8])`` works; ``[0.5, 2.0]`` into ints does not).
        summary = leaf_summary(value, function)
        res = (d.dtype, False) if summary[0] is None else join_nodes(
            [node, (WEAK_NODE if summary[0][1] else STRONG_NODE)[summary[0][0]]], function)
        if res[0] != d.dtype and role != dtypes.OPERAND:
            # the leaves read at their own join, then stored by the refined rule
            got = _refined(function, d.dtype, read_list(value, summary[0][0], function,
                                                          summary), role, across)
            if got is not None:
                return got
        if res[0] != d.dtype:
            raise TypeError(
                f"{function}: storing a list whose values join to {dtypes.dtype_name(res[0])} "
                f"into {a_dtype(dtypes.dtype_name(d.dtype))} array would change their dtype; "
                f"convert them explicitly first, e.g. "
                f"wnp.asarray(values).astype({dtypes.dtype_name(d.dtype)!r})")
        return read_list(value, d.dtype, function, summary)
    if o is None:
        raise TypeError(f"{function}: cannot store a {type(value).__name__} into an "
                        f"Array; pass an Array, a NumPy array or a Python scalar")
    payload, vnode = o
    res = current_lattice().table[node][vnode]
    if (res is None or res[0] != d.dtype) and role != dtypes.OPERAND:
        got = _refined(function, d.dtype, payload, role, across,
                       ns_name and f"NumPy {ns_name} value")
        if got is not None:
            return got
    # NumPy differs: it casts the value (truncating 1.5 into an int array); JAX casts too.
    # Decision 22.
    if res is None or res[0] != d.dtype:
        target = dtypes.dtype_name(d.dtype)
        if ns_name is not None:
            src, fix = f"NumPy {ns_name}", f"value.astype({target!r})"
        elif type(payload) is _ndarray:
            src, fix = dtypes.dtype_name(payload.dtype), f"value.astype({target!r})"
            if vnode in WEAK_NODES:
                src = f"weak {src}"
        else:
            src = f"Python {type(payload).__name__}"
            fix = f"wnp.asarray(value).astype({target!r})"
        raise TypeError(
            f"{function}: storing {src} values into {a_dtype(target)} array would "
            f"change their dtype; convert them explicitly first, e.g. {fix}")
    if type(payload) is not _ndarray:
        return scalars.narrow_scalar(payload, d.dtype, function, role)
    if vnode in WEAK_NODES:   # read like the Python scalars it holds: no wrap
        return scalars.weak_values(payload, d.dtype, function, role)
    return scalars.strong_values(payload, d.dtype, function)


#: The kinds in the order a value steps down through them (decision 70).
_RANK = {"bool": 0, "int": 1, "float": 2, "complex": 3}


def _refined(function: str, dt: np.dtype, payload, role: str, across: bool, what=None):
    """A value whose join with ``dt`` is not ``dt``, stored by the refined rule
    (``stored_value``): rounded within a kind or from a lower one, accepted across kinds
    downward when every value is exactly representable; ``None`` when refused (the
    caller raises the store's ``TypeError``).  Out of range raises ``OverflowError``."""
    scalar = type(payload) is not _ndarray
    v = np.asarray(payload) if scalar else payload
    if v.dtype not in _SUPPORTED:   # a Python int beyond 64 bits
        return None
    tk, vk = _RANK[dtypes.kind_of(dt)], _RANK[dtypes.kind_of(v.dtype)]
    what = what or (f"Python {type(payload).__name__}" if scalar else "value")
    if vk > tk:
        # NumPy differs: it casts any value (2.7 into an int array stores 2).  Decision 70.
        if not across:
            return None
        if vk == 3:
            if v.size and (v.imag != 0).any():
                return None
            v = v.real
        if tk <= 1 and vk >= 2:     # float values into an integer or bool array
            w = dtype_rules.cast(v, dtypes.float64)
            if v.size:
                if np.isnan(w).any():
                    return None
                inf = np.isinf(w)
                if inf.any():
                    if tk == 0:
                        return None
                    raise dtypes.out_of_range(function, what, float(w[inf].flat[0]), dt,
                                              role)
                if (np.trunc(w) != w).any():
                    return None
            v = w
        if tk == 0:
            if v.size and ((v != 0) & (v != 1)).any():
                return None
            return bool(v) if scalar else dtype_rules.cast(v, dt)
    if dt in dtypes.INTEGER and v.size:
        # (integral floats are named as written: 300.0, 1e+30)
        num = float if v.dtype in dtypes.FLOATING else int
        dtypes.check_int_span(function, what, num(v.min()), num(v.max()), dt, role)
    if scalar:
        v = dtype_rules.cast(v, dt)[()]
        return v.item() if dt not in dtypes.ML_DTYPES else v
    return dtype_rules.cast(v, dt)


def deliver(result, out, function: str):
    """``result`` written into ``out`` (returned), with the rule of ``out[...] = result``:
    the result's join with ``out``'s dtype must be ``out``'s dtype (``TypeError``
    otherwise, naming both); ``out`` must have the result's shape.  ``out=None``: the
    result itself.  Nothing is written when a check fails."""
    if out is None:
        return result
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError(f"{function}: one result but {len(out)} out= arrays")
        out = out[0]
    if isinstance(out, ArrayBase):
        target, node = out._data, out._node
    elif isinstance(out, np.ndarray):
        target, node = out, None
    else:
        raise TypeError(f"{function}: out= must be an Array (or a NumPy array), got "
                        f"{type(out).__name__}")
    if result.shape != target.shape:
        raise ValueError(f"{function}: out= has shape {target.shape}, the result has shape "
                         f"{result.shape}; pass an out of the result's shape")
    if node is None:  # a NumPy array: a strong value of its dtype
        node = STRONG_NODE[target.dtype]
    value = stored_value(function, target, node, result)
    target[...] = value
    return out


_INT1 = dtypes.NARROW_SIGNED[0]


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
    if dt in dtypes.INTEGER and src != dt and data.size and (src != dtypes.bool_ or dt == _INT1):
        # NumPy differs: linspace(0, 1000, 3, dtype=int8) wraps to [0, -12, -24] there.
        # Decision 37.
        if src in dtypes.COMPLEX:
            data = data.real
        if src not in dtypes.INTEGER:
            finite = np.isfinite(data)
            if not finite.all():
                bad = data[~finite].flat[0]
                raise ValueError(f"{function}: the values include {bad}, which "
                                 f"{dtypes.dtype_name(dt)} cannot hold; pass finite values or a "
                                 f"float dtype= (astype() casts without this check)")
            data = np.trunc(data)
        dtypes.check_int_span(function, "value", int(data.min().item()), int(data.max().item()),
                         dt, dtypes.CREATED)
    return dtype_rules.cast(data, dt)
