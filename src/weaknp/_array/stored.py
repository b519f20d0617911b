"""The rule of stored values: a value written into an existing dtype, and data cast to a
dtype a creation function was asked for.

``stored_value`` is the rule of ``x[i] = v`` and of every function writing into an array
(the join must be the array's dtype; values are narrowed with the overflow check);
``created`` is the end of every creation function with ``dtype=`` (an integer dtype never
wraps).  Below ``Array``: arrays are read through the dispatch core's ``operand``.
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes as D
from .._core import kernel as K
from .._fast.dispatch import operand
from .._fast.lists import leaf_summary, read_list
from .._core.errors import a_dtype
from .._core.lattice import STRONG_NODE, WEAK_NODE, WEAK_NODES
from .._core.promotion import PY_SCALAR_NODE, current_lattice, join_nodes

__all__ = ["stored_value", "created"]

_ndarray = np.ndarray
_SUPPORTED = frozenset(D.ALL_DTYPES)


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
        ns_name = D.dtype_name(value.dtype)
        o = (value, _NUMPY_STORE_NODE[D.kind_of(value.dtype)])
        if value.dtype in D.INTEGER and value.size:
            span = (int(value.min()), int(value.max()))
    else:
        o = operand(value)
    if span is not None and d.dtype in D.INTEGER:
        D.check_int_span(function, f"NumPy {ns_name} value", *span, d.dtype,
                         "cast the array explicitly with astype() to a wider dtype")
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
        return read_list(value, d.dtype, function, summary)
    if o is None:
        raise TypeError(f"{function}: cannot store a {type(value).__name__} into an "
                        f"Array; pass an Array, a NumPy array or a Python scalar")
    payload, vnode = o
    res = current_lattice().table[node][vnode]
    # NumPy differs: it casts the value (truncating 1.5 into an int array); JAX casts too.
    # Decision 22.
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
        # Decision 37.
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
        D.check_int_span(function, "value", int(data.min().item()), int(data.max().item()),
                         dt, lambda value: f"{D.wider_int_fix(dt, value)} (astype() casts "
                                           f"without this check)")
    return K.cast(data, dt)
