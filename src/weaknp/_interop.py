"""NumPy interoperability: NumPy functions and ufunc methods called on weaknp arrays.

``numpy.<function>(weaknp_array, ...)`` reaches ``Array.__array_function__`` (NEP 18),
which calls weaknp's function of the same name (``numpy.linalg.*`` -> ``weaknp.linalg.*``,
``numpy.fft.*`` -> ``weaknp.fft.*``): one promotion rule holds whichever library's
function is called.  It is a lookup and a call: weaknp's functions take NumPy's signature
(positional axes, ``out=``, ``where=``, ``initial=``, ``order=``, ``kind=``), so NumPy's
arguments pass through unchanged, and ``np.sum(x, 0)``, ``weaknp.sum(x, 0)`` and
``x.sum(0)`` are one body.  ``out=`` follows the rule of ``out[...] = result`` (see
``_reduce.deliver``).  A NumPy function weaknp does not implement raises ``TypeError``
saying what to do: never a silently NumPy-promoted result.

Ufuncs (``Array.__array_ufunc__`` handles plain calls of the op table's ufuncs itself and
sends everything else here):

* calls with ``out=``, ``dtype=``, ``where=`` (with ``out=``) or of a ufunc without an op
  row (``divmod``, ``modf``, ``frexp``, ``ldexp``...): weaknp's function of the same name;
  ``dtype=`` casts the array operands first (Python scalars stay weak) and the result must
  have that dtype; ``out=`` must already have the result's dtype (as in-place operators);
* ``reduce``, ``accumulate``, ``reduceat``: ``add`` and ``multiply`` follow ``sum``/``prod``
  (int8 -> int64), every other binary ufunc keeps the dtype its op gives for two operands
  of the input's dtype (``maximum``: int8; ``logical_and``: bool); results are strong;
* ``outer``: the op on ``a[..., None, ...]`` and ``b``, the lattice join of both;
* ``at``: in place, with the rule of ``x[i] = v`` (the value must not change ``a``'s dtype).
"""

from __future__ import annotations

import sys

import numpy as np

from . import _dtypes as D
from . import _kernel as K
from ._array import Array, operand, stored_value, unwrap_key, wrap
from ._ops import BY_UFUNC
from ._promotion import resolve_dtype, sum_dtype
from ._reduce import compute_dtype

__all__ = ["_array_function", "_numpy_fallback"]

_NOVALUE = np._NoValue
#: ufunc keywords accepted with NumPy's default value only.
_UFUNC_DEFAULTS = {"casting": "same_kind", "order": "K", "subok": True, "signature": None}
#: Binary ufuncs whose reduce reads truth values (a bool result from any input dtype).
_LOGICAL = {"logical_and", "logical_or", "logical_xor"}


def _ns():
    return sys.modules["weaknp"]


def _target(func):
    """weaknp's function for NumPy's ``func`` (or None)."""
    module = getattr(func, "__module__", "") or ""
    ns = _ns()
    if module.startswith("numpy.linalg"):
        ns = ns.linalg
    elif module.startswith("numpy.fft"):
        ns = ns.fft
    try:
        return getattr(ns, func.__name__)
    except AttributeError:
        return None


def _unsupported(where, why):
    return TypeError(f"{where}: {why}; convert explicitly with numpy.asarray(x) to use "
                     f"NumPy's own function (and its dtype rules), or call the weaknp "
                     f"function directly")


def _same(value, default):
    try:
        return value is default or bool(value == default)
    except Exception:  # noqa: BLE001 - arrays compared to a default: not the default
        return False


def _array_function(func, types, args, kwargs):
    """``Array.__array_function__``: a lookup and a call.  weaknp's function of the same
    name takes NumPy's signature (README decision 21), so NumPy's arguments pass as given."""
    ns = _ns()
    if not all(issubclass(t, ns.Array) or t.__module__.startswith("numpy") for t in types):
        return NotImplemented
    target = _target(func)
    if target is None or target is func:
        raise _unsupported(f"numpy.{func.__name__}",
                           "weaknp does not implement this function for its arrays")
    return target(*args, **kwargs)


# -- ufuncs ---------------------------------------------------------------------------------

def _ufunc_error(where, why="weaknp does not run this NumPy ufunc call on its arrays"):
    return TypeError(
        f"{where}: {why} (NumPy's dtype promotion would decide the result); use the weaknp "
        f"function of the same name, or convert explicitly with numpy.asarray(x) first")


def _function_of(ufunc):
    """weaknp's function computing ``ufunc`` (its op row's name, else the ufunc's)."""
    op = BY_UFUNC.get(ufunc)
    return getattr(_ns(), op.name if op is not None else ufunc.__name__, None)


def _options(kwargs, where, *, mask_needs_out=True):
    """Pop ``out``/``where``/``dtype`` (checked) and NumPy's default-only keywords."""
    out = kwargs.pop("out", None)
    mask = kwargs.pop("where", True)
    dtype = kwargs.pop("dtype", None)
    for name, default in _UFUNC_DEFAULTS.items():
        if name in kwargs and not _same(kwargs.pop(name), default):
            raise _ufunc_error(where, f"the {name}= argument is not supported")
    if kwargs:
        raise _ufunc_error(where, f"the {min(kwargs)}= argument is not supported")
    if out is not None and not isinstance(out, tuple):
        out = (out,)
    if out is not None and all(o is None for o in out):
        out = None
    if mask is not True and mask_needs_out and out is None:
        raise TypeError(f"{where}: where= without out= leaves the masked-out elements "
                        f"undefined; pass out= (the array to write into) as well")
    return out, mask, resolve_dtype(dtype, where)


def _mask(mask, where):
    if mask is True:
        return True
    m = mask._data if isinstance(mask, Array) else np.asarray(mask)
    if m.dtype != D.bool_:
        raise TypeError(f"{where}: where= must be a bool array, got {D.dtype_name(m.dtype)}; "
                        f"compare it (e.g. x > 0) or cast with astype(bool)")
    return m


def _is_python_scalar(x):
    return type(x) in (bool, int, float, complex)


def _cast_inputs(inputs, dt):
    """``dtype=``: every array operand cast to ``dt`` (Python scalars stay weak)."""
    ns = _ns()
    return [x if _is_python_scalar(x) else ns.astype(ns.asarray(x), dt) for x in inputs]


def _check_dtype(result, dt, where):
    first = result[0] if isinstance(result, tuple) else result
    if first.dtype != dt:
        raise TypeError(f"{where}: the result is {D.dtype_name(first.dtype)} although "
                        f"dtype={D.dtype_name(dt)} was asked for (an operand promotes it); "
                        f"cast the operands explicitly with astype() first")


def _write(result, out, mask, where):
    """Write ``result`` into ``out`` (an Array or ndarray of the same dtype)."""
    if isinstance(out, Array):
        target = out._data
    elif isinstance(out, np.ndarray):
        target = out
    else:
        raise TypeError(f"{where}: out= must be a weaknp Array or a NumPy array, got "
                        f"{type(out).__name__}")
    # NumPy differs: it casts the result into out with casting='same_kind'.
    if result.dtype != target.dtype:
        raise TypeError(f"{where}: the result dtype {D.dtype_name(result.dtype)} differs from "
                        f"out's {D.dtype_name(target.dtype)}; weaknp never casts a result "
                        f"into out=: pass an out of dtype {D.dtype_name(result.dtype)}, or "
                        f"assign the result instead")
    data = result._data
    try:
        fits = np.broadcast_shapes(data.shape, target.shape) == target.shape
    except ValueError:
        fits = False
    if not fits:
        raise ValueError(f"{where}: a result of shape {data.shape} does not fit out= of "
                         f"shape {target.shape}")
    if mask is True:
        target[...] = data
    else:
        np.copyto(target, data, where=mask)
    if isinstance(out, Array):
        out._weak = result.weak_type  # as in-place operators: the result's flag
    return out


def _deliver(result, out, mask, where):
    if out is None:
        return result
    leaves = result if isinstance(result, tuple) else (result,)
    if len(out) != len(leaves):
        raise ValueError(f"{where}: {len(leaves)} result(s) but {len(out)} out= array(s)")
    mask = _mask(mask, where)
    done = tuple(r if o is None else _write(r, o, mask, where) for r, o in zip(leaves, out))
    return done if isinstance(result, tuple) else done[0]


def _ufunc_call(ufunc, inputs, kwargs, where):
    fn = _function_of(ufunc)
    if fn is None:
        raise _ufunc_error(where)
    out, mask, dt = _options(kwargs, where)
    if dt is not None:
        # NumPy differs: dtype= picks its loop and casts with casting='same_kind'; weaknp
        # casts the array operands and requires the result to have that dtype.
        inputs = _cast_inputs(inputs, dt)
    result = fn(*inputs)
    if dt is not None:
        _check_dtype(result, dt, where)
    return _deliver(result, out, mask, where)


_work = compute_dtype


def _reduce_dtype(ufunc, fn, x, dt, where):
    """The dtype ``ufunc.reduce``/``accumulate`` of ``x`` computes and returns in."""
    ns = _ns()
    empty = ns.reshape(x, (-1,))[:0]
    name = ufunc.__name__
    if dt is None:
        if name in ("add", "multiply"):  # the standard's sum/prod rule (int8 -> int64)
            # JAX differs: its add.accumulate and add.reduceat keep int8 (and wrap).
            return sum_dtype(x.dtype)
        dt = fn(empty, empty).dtype
        if dt == D.bool_ and x.dtype != D.bool_ and name not in _LOGICAL:
            raise _ufunc_error(where, f"its result (bool) is not of the operands' dtype "
                                      f"({D.dtype_name(x.dtype)}), so it cannot be chained")
    if name not in ("add", "multiply"):
        cast = ns.astype(empty, dt)
        got = fn(cast, cast).dtype
        if got != dt:
            raise _ufunc_error(where, f"it turns two {D.dtype_name(dt)} operands into "
                                      f"{D.dtype_name(got)}, so it cannot be chained")
    return dt


def _ufunc_reduction(ufunc, method, inputs, kwargs, where):
    """``reduce``/``accumulate``/``reduceat`` with the dtype pinned (see the module doc)."""
    fn = _function_of(ufunc)
    if fn is None or ufunc.nin != 2 or ufunc.nout != 1:
        raise _ufunc_error(where)
    ns = _ns()
    x = inputs[0] if isinstance(inputs[0], Array) else ns.asarray(inputs[0])
    axis = kwargs.pop("axis", 0)
    extra = {}
    if method == "reduce":
        extra["keepdims"] = kwargs.pop("keepdims", False)
        mask = kwargs.pop("where", True)
        if mask is not True:
            extra["where"] = _mask(mask, where)
    initial = kwargs.pop("initial", _NOVALUE) if method == "reduce" else _NOVALUE
    out, _, dt = _options(kwargs, where)
    dt = _reduce_dtype(ufunc, fn, x, dt, where)
    work = _work(dt)
    if initial is not _NOVALUE and initial is not None:
        # the starting value is written into the result dtype: the rule of x[i] = v
        # JAX differs: it casts initial (sum(int8, initial=5.5) adds 5).
        zero = np.zeros((), dt)
        value = stored_value(where, zero, operand(zero)[1], initial)
        extra["initial"] = K.cast(np.asarray(value), work)[()]
    args = (inputs[1] if not isinstance(inputs[1], Array) else inputs[1]._data,) \
        if method == "reduceat" else ()
    data = K.cast(x._data, work)
    r = getattr(ufunc, method)(data, *args, axis=axis, dtype=work, **extra)
    result = wrap(K.cast(np.asarray(r), dt), False)
    return _deliver(result, out, True, where)


def _ufunc_outer(ufunc, inputs, kwargs, where):
    fn = _function_of(ufunc)
    if fn is None or len(inputs) != 2:
        raise _ufunc_error(where)
    ns = _ns()
    out, mask, dt = _options(kwargs, where)
    a, b = (x if isinstance(x, Array) or _is_python_scalar(x) else ns.asarray(x)
            for x in inputs)
    if dt is not None:
        a, b = _cast_inputs((a, b), dt)
    if isinstance(a, Array):
        b_ndim = b.ndim if isinstance(b, Array) else 0
        a = ns.reshape(a, a.shape + (1,) * b_ndim)
    result = fn(a, b)
    if dt is not None:
        _check_dtype(result, dt, where)
    return _deliver(result, out, mask, where)


def _ufunc_at(ufunc, inputs, kwargs, where):
    """``ufunc.at(a, indices[, b])`` in place: ``b`` must not change ``a``'s dtype."""
    fn = _function_of(ufunc)
    if fn is None or kwargs or ufunc.nout != 1 or len(inputs) != ufunc.nin + 1:
        raise _ufunc_error(where)
    a, index = inputs[0], unwrap_key(inputs[1])
    if isinstance(a, Array):
        data, node = a._data, a._node
    elif isinstance(a, np.ndarray):
        data, node = a, operand(a)[1]
    else:
        raise TypeError(f"{where}: the first argument is written in place: pass an Array "
                        f"or a NumPy array, got {type(a).__name__}")
    dt = data.dtype
    empty = wrap(data.reshape(-1)[:0], False)
    got = (fn(empty) if ufunc.nin == 1 else fn(empty, empty)).dtype
    if got != dt:
        raise TypeError(f"{where}: {ufunc.__name__} turns {D.dtype_name(dt)} into "
                        f"{D.dtype_name(got)}, and at() writes in place; cast the array "
                        f"explicitly with astype() first")
    work = _work(dt)
    rest = ()
    if ufunc.nin == 2:
        value = stored_value(where, data, node, inputs[2], lists=True)
        rest = (K.cast(np.asarray(value), work),)
    if work == dt:
        ufunc.at(data, index, *rest)
    else:  # narrow floats: computed in float32 (as every weaknp op), then written back
        tmp = K.cast(data, work)
        ufunc.at(tmp, index, *rest)
        data[...] = K.cast(tmp, dt)


def _numpy_fallback(ufunc, method, inputs, kwargs):
    """Ufunc calls ``Array.__array_ufunc__`` does not run itself (see the module doc)."""
    where = f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
    kwargs = dict(kwargs)
    if method == "__call__":
        return _ufunc_call(ufunc, inputs, kwargs, where)
    if method in ("reduce", "accumulate", "reduceat"):
        return _ufunc_reduction(ufunc, method, inputs, kwargs, where)
    if method == "outer":
        return _ufunc_outer(ufunc, inputs, kwargs, where)
    if method == "at":
        return _ufunc_at(ufunc, inputs, kwargs, where)
    raise _ufunc_error(where)
