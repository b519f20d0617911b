"""One reduction core: every reduction and cumulative function, whichever door it is called
through, and the arguments NumPy gives them (``axis``, ``out=``, ``where=``, ``initial=``).

``weaknp.sum``, ``nansum``, ``amax``, ``cumsum``, ``cumulative_sum``, ``x.sum()``
(``weaknp.sum`` bound to ``x``) and ``numpy.sum(x)`` (NEP 18, a lookup and a call) all
end in :func:`reduction` (the dispatch core's ``reduce_call``, whose entries :func:`_spec`
builds, else :func:`_reduction`) or :func:`cumulative`, as NumPy's own ``_methods.py``
routes every ``ndarray`` reduction through its ufuncs' ``reduce``.

The rules, once:

* the result dtype (the standard's: ``sum``-like -> :func:`sum_dtype`, ``mean``-like ->
  the inexact rule, ``var``/``std`` of complex -> real, ``max``/``min`` keep the dtype,
  ``all``/``any`` -> bool; ``dtype=`` is honoured exactly) and the dtype NumPy computes in
  (:func:`compute_dtype`: narrow floats accumulate in float32, sub-byte integers in 64
  bits) are decided here and nowhere else;
* ``axis`` is an int or a tuple of ints (``True`` is refused: it is not an axis);
* ``initial=`` is written into the result dtype with the rule of ``x[i] = v``;
* ``where=`` is a bool array-like;
* ``out=`` receives the result with the rule of ``x[i] = v`` (:func:`deliver`).
"""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import narrow
from .._array.array import Array
from .._fast.calls import CallCore, reduce_call
from .._fast.dispatch import wrap
from .._core.lattice import NODE_DTYPE, STRONG_NODE, Node
from .._core.plans import ARRAY_OUT
from .._array.operands import data_of
from .._core.arguments import axes
from .._core.dtype_rules import compute_dtype, inexact_dtype, native_dtype
from .._core.promotion import outside_error, resolve_dtype, sum_dtype
from .._array.stored import deliver, stored_value

__all__ = ["CORES", "NOVALUE", "cast_sum", "cumulative", "mask",
           "reduce_call", "reduction"]

#: NumPy's "argument not given" marker (``initial=``, ``where=`` ...).
NOVALUE = np._NoValue


def mask(where, function: str):
    """``where=`` as a bool ndarray (None when it selects everything)."""
    if where is True or where is NOVALUE or where is None:
        return None
    m = where._data if isinstance(where, Array) else data_of(where, function)[0]
    if m.dtype != dtypes.bool_:
        raise TypeError(f"{function}: where= must be a bool array, got "
                        f"{dtypes.dtype_name(m.dtype)}; compare it (e.g. x > 0) or cast with "
                        f"astype(bool)")
    return m


def _initial(initial, dt, work, function):
    if initial is NOVALUE or initial is None:
        return None
    zero = np.zeros((), dt)
    # JAX differs: it casts initial into the result dtype (sum(int8, initial=5.5) adds 5).
    # Decision 31.
    value = stored_value(function, zero, STRONG_NODE[dt], initial, role=dtypes.OPERAND)
    return dtype_rules.cast(np.asarray(value), work)[()]


#: name -> (NumPy function, result rule, NumPy function takes dtype=, has an identity)
#: rules: "sum" (the standard's sum rule), "mean" (inexact), "moment" (inexact, complex ->
#: real), "keep" (the input's dtype), "bool".
_SPECS = {
    # the ufuncs' own reduce, as NumPy's _methods.py (np.sum's Python wrapper costs 3 us)
    "sum": (np.add.reduce, "sum", True, True), "prod": (np.multiply.reduce, "sum", True, True),
    "nansum": (np.nansum, "sum", True, True), "nanprod": (np.nanprod, "sum", True, True),
    "max": (np.maximum.reduce, "keep", False, False),
    "min": (np.minimum.reduce, "keep", False, False),
    "amax": (np.maximum.reduce, "keep", False, False),
    "amin": (np.minimum.reduce, "keep", False, False),
    "nanmax": (np.nanmax, "keep", False, False), "nanmin": (np.nanmin, "keep", False, False),
    "mean": (np.mean, "mean", True, True), "nanmean": (np.nanmean, "mean", True, True),
    "var": (np.var, "moment", True, True), "std": (np.std, "moment", True, True),
    "nanvar": (np.nanvar, "moment", True, True), "nanstd": (np.nanstd, "moment", True, True),
    "all": (np.logical_and.reduce, "bool", True, True),
    "any": (np.logical_or.reduce, "bool", True, True),
}


def _dtypes(rule, in_dt, dtype, function):
    """(result dtype, dtype NumPy computes in)."""
    asked = resolve_dtype(dtype, function)
    if asked is not None and in_dt in dtypes.COMPLEX and asked not in dtypes.COMPLEX:
        # NumPy differs: it drops the imaginary part with a ComplexWarning (decision 50).
        raise TypeError(f"{function}: dtype={dtypes.dtype_name(asked)} would drop the imaginary "
                        f"part of {dtypes.dtype_name(in_dt)} values; take .real (or abs()) first")
    if rule == "sum":
        res = asked or sum_dtype(in_dt)
        return res, compute_dtype(res)
    if rule == "mean":
        res = asked or inexact_dtype(in_dt)
        return res, compute_dtype(res)
    if rule == "moment":
        inexact = asked or inexact_dtype(in_dt)
        return dtypes.COMPLEX_TO_REAL.get(inexact, inexact), compute_dtype(inexact)
    if rule == "keep":
        return in_dt, compute_dtype(in_dt)
    return dtypes.bool_, native_dtype(in_dt)


def _spec(function, node, dtype):
    """The dispatch core's entry of ``function`` for an array at (strong) ``node`` and the
    ``dtype=`` argument (``_fast.calls.CallEntry``'s arguments: the reduce function, its
    ``dtype=``, the dtype to cast the input to, the dtype to cast the result to, the
    result's node, whether it is a mean), or None where the general path computes it.
    The same decisions as ``_reduction`` (tests compare both paths)."""
    np_fn, rule, takes_dtype, _ = _SPECS[function]
    in_dt = NODE_DTYPE[node]
    try:
        res, work = _dtypes(rule, in_dt, dtype, function)
    except Exception:  # noqa: BLE001 - a bad dtype=: the general path raises (in its order)
        return None
    if function.startswith("nan"):
        # nanmax/nanmin of bool and integers: NumPy's own nanmax is fmax.reduce there (no
        # NaN to skip, so no all-NaN warning): the entry amax's would be, with fmax
        if function not in ("nanmax", "nanmin") or in_dt.kind not in "biu":
            return None
        np_fn = np.fmax.reduce if function == "nanmax" else np.fmin.reduce
    if rule == "mean" and work in dtypes.REAL_FLOAT:  # NumPy's _mean: a sum, then divided
        # (a complex sum divided by a complex count can round differently: the general
        # path, NumPy's own mean)
        kwdtype, cast, mean = work, (work if in_dt in dtypes.ML_DTYPES else None), True
        np_fn = np.add.reduce
        if in_dt in narrow.NARROW and work == dtypes.float32:
            np_fn, cast = _NARROW_REDUCE[np.add], None
    elif rule in ("sum", "keep", "bool"):
        kwdtype = (dtypes.bool_ if rule == "bool" else work) if takes_dtype else None
        cast = work if in_dt in dtypes.ML_DTYPES or (rule == "keep" and in_dt != work) else None
        mean = False
        if rule == "sum" and in_dt in narrow.NARROW and work == dtypes.float32:
            np_fn, cast = _NARROW_REDUCE[np_fn.__self__], None
    else:
        return None  # an integer dtype= mean, var, std: the general path
    made = kwdtype if kwdtype is not None else cast if cast is not None else in_dt
    return (np_fn, kwdtype, cast, None, None if made == res else res, STRONG_NODE[res], mean)


#: Below this many elements a narrow reduction casts the whole array (one call is faster).
_FOLD_MIN = 8192


def _full(ax, ndim):
    """Whether ``ax`` (None or a tuple of axes) reduces every axis."""
    return ax is None or len(set(ax)) == ndim


def _narrow_fold(ufunc, d, ax, keepdims):
    """``ufunc.reduce`` (add, multiply) of a large narrow float ``d`` over the axes ``ax``
    (None or a tuple) in float32, NumPy's order and bits, without a float32 copy: every
    axis folded (``narrow.fold``), leading or trailing axes slab by slab
    (``narrow.axis_fold``); None for anything else (NumPy's own call stays)."""
    if d.size < _FOLD_MIN:
        return None
    buffered = d.dtype == dtypes.float16   # NumPy casts float16 in its buffer
    if _full(ax, d.ndim):
        flat = narrow.flat_of(d)
        if flat is None:
            return None
        r = np.asarray(narrow.fold(ufunc, flat, buffered)[0], dtypes.float32)
        return r.reshape((1,) * d.ndim) if keepdims else r
    r = narrow.axis_fold(ufunc, d, ax, buffered)
    if r is not None and keepdims:
        r = r.reshape(tuple(1 if i in ax else s for i, s in enumerate(d.shape)))
    return r


def _narrow_reduce(ufunc):
    """``ufunc.reduce`` for a narrow float array with ``dtype=float32`` (the dispatch core's
    entry): a large full reduction folds blocks (``narrow.fold``), anything else widens
    as before -- ml_dtypes types by a cast first, float16 in NumPy's own buffer."""

    def reduce(d, axis=None, dtype=None, keepdims=False, out=None):
        # ARRAY_OUT: the dispatch core's "an array, not a scalar" (both are arrays here)
        r = _narrow_fold(ufunc, d, axis, keepdims) if out is None or out is ARRAY_OUT \
            else None
        if r is None:
            src = d if d.dtype == dtypes.float16 else dtype_rules.cast(d, dtypes.float32)
            return ufunc.reduce(src, axis=axis, dtype=dtype, keepdims=keepdims, out=out)
        return r

    return reduce


_NARROW_REDUCE = {u: _narrow_reduce(u) for u in (np.add, np.multiply)}


def _folded(function, d, ax, keepdims, extra):
    """The general path's value of ``function`` (sum, prod, mean, var, std and their nan
    forms) of a large narrow float ``d`` over every axis, folded in float32 blocks in the
    order of NumPy's whole-array call (``narrow``), or over some axes (``_axis_folded``);
    None where NumPy's own call stays.  The moments run under the general path's error
    state (decision 39: quiet invalid and divide)."""
    if d.size < _FOLD_MIN or extra.get("mean", NOVALUE) is not NOVALUE:
        return None
    if _half_copy(function, d):
        # a deviation or square that overflows float16 warns in NumPy's call (its cast,
        # its float16 multiply): that call then computes it, its warnings and all
        try:
            with np.errstate(invalid="ignore", divide="ignore", over="raise"):
                return _moments(function, d, ax, keepdims, extra)
        except FloatingPointError:
            return None
    if _SPECS[function][1] != "sum":
        with np.errstate(invalid="ignore", divide="ignore"):
            return _moments(function, d, ax, keepdims, extra)
    return _moments(function, d, ax, keepdims, extra)


def _half_copy(function, d):
    """Whether NumPy computes ``function`` of ``d`` on a float16 copy: ``nanvar``/``nanstd``
    of float16 (``_replace_nan``'s copy keeps the dtype; ``arr - avg`` and its square are
    written into it, each rounded to float16: ``narrow.FOLD_NANDEV16``), whose sum of
    squares NumPy then casts in its buffer, as the sum before it."""
    return d.dtype == dtypes.float16 and (function == "nanvar" or function == "nanstd")


def _moments(function, d, ax, keepdims, extra):
    if not _full(ax, d.ndim):
        return _axis_folded(function, d, ax, keepdims, extra)
    flat = narrow.flat_of(d)
    if flat is None:
        return None
    buffered = d.dtype == dtypes.float16   # NumPy casts float16 in its buffer
    base = function[3:] if function.startswith("nan") else function
    how = narrow.FOLD_NAN if function != base else narrow.FOLD_PLAIN
    s, nans = narrow.fold(np.multiply if base == "prod" else np.add, flat, buffered, how,
                          1.0 if base == "prod" else 0.0)
    n = np.intp(flat.size - nans)
    if base in ("sum", "prod"):
        r = s
    elif base == "mean":
        if n == 0:
            return None   # an all-NaN input: NumPy's own call (and its warning rules)
        r = s.dtype.type(s / n)   # NumPy's _mean (and nanmean's _divide_by_count)
    else:   # NumPy's _var (nanvar): the mean, then the sum of squared deviations
        dof = n - extra.get("ddof", 0)
        if function != base and not dof > 0:
            return None   # nanvar's "Degrees of freedom <= 0": NumPy's own call
        mean = s.dtype.type(s / n)
        half = _half_copy(function, d)
        ss, _ = narrow.fold(np.add, flat, half, narrow.FOLD_NANDEV16 if half else
                            narrow.FOLD_NANDEV if function != base else narrow.FOLD_DEV, mean)
        r = ss.dtype.type(ss / np.maximum(dof, 0))
        if base == "std":
            r = r.dtype.type(np.sqrt(r))
    r = np.asarray(r, dtypes.float32)
    return r.reshape((1,) * d.ndim) if keepdims else r


def _axis_folded(function, d, ax, keepdims, extra):
    """``_folded`` over some axes (``narrow.axis_fold``'s layouts): the sum or product
    (``nansum``/``nanprod``: NaN read as 0/1, NumPy's ``_replace_nan``) in one pass;
    ``mean`` it divided as NumPy's ``_mean``; ``var``/``std`` as NumPy's ``_var``: the
    mean, then the float32 sum of the squared float32 deviations from it, a second pass
    (NumPy's own ``arr - mean`` temporary is a full float32 array; here none).
    ``nanmean``/``nanvar``/``nanstd`` as NumPy's: the NaN-replaced sum divided by each
    output's count of values not NaN (``narrow.axis_count``, from the narrow bits) --
    ``_divide_by_count``'s float64 division rounded to float32 -- and the deviations with
    NaN's places 0 (``FOLD_NANDEV``); an output with no value (no degree of freedom) leaves
    the whole call to NumPy (its warning)."""
    base = function[3:] if function.startswith("nan") else function
    nan = base != function
    n = None
    if base in ("mean", "var", "std"):
        if nan:
            n = narrow.axis_count(d, ax)
            if n is None or not (n > (0 if base == "mean" else extra.get("ddof", 0))).all():
                return None
        else:
            n = 1
            for i in ax:
                n *= d.shape[i]
            n = np.intp(n)
    s = narrow.axis_fold(np.multiply if base == "prod" else np.add, d, ax,
                         d.dtype == dtypes.float16,
                         narrow.FOLD_NAN if nan else narrow.FOLD_PLAIN,
                         1.0 if base == "prod" else 0.0)
    if s is None:
        return None
    kept = tuple(1 if i in ax else k for i, k in enumerate(d.shape))
    if n is not None:
        np.true_divide(s, n, out=s, casting="unsafe")   # NumPy's _mean / _var
        if base != "mean":
            half = _half_copy(function, d)
            s = narrow.axis_fold(np.add, d, ax, half, narrow.FOLD_NANDEV16 if half else
                                 narrow.FOLD_NANDEV if nan else narrow.FOLD_DEV, s)
            np.true_divide(s, np.maximum(n - extra.get("ddof", 0), 0), out=s,
                           casting="unsafe")
            if base == "std":
                np.sqrt(s, out=s)
    return s.reshape(kept) if keepdims else s


def _core(function):
    return CallCore(function, len(Node), functools.partial(_spec, function),
                    functools.partial(_general, function), axes)


def _general(function, a, axis, dtype, out, keepdims, initial, where):
    return _reduction(function, a, axis, dtype, out, keepdims, initial, where, {})


#: function name -> its entries in the dispatch core
CORES = {function: _core(function) for function in _SPECS}


def reduction(function, a, axis=None, dtype=None, out=None, keepdims=False,
              initial=NOVALUE, where=True, *, name=None, **extra):
    """The reduction ``function`` (a key of ``_SPECS``) of the array-like ``a``; strong.

    ``extra``: NumPy's further keywords of that function (``ddof``/``correction``/``mean``
    for the moments).  ``name``: the name errors give (``add.reduce`` for ``sum``).
    The common call (an Array, no ``out=``/``initial=``/``where=``) takes the dispatch
    core's entry of the array's node (``_fast.calls.reduce_call``), the rest ``_reduction``."""
    if name is None and not extra:
        return reduce_call(CORES[function], a, axis, dtype, out, keepdims, initial, where)
    return _reduction(function, a, axis, dtype, out, keepdims, initial, where, extra, name)


def _reduction(function, a, axis, dtype, out, keepdims, initial, where, extra, name=None):
    np_fn, rule, takes_dtype, identity = _SPECS[function]
    label = name or function  # the name errors give (add.reduce for sum)
    d, _ = data_of(a, label)
    if dtypes.is_outside(d.dtype):   # NumPy differs: it averages dates (decision 72)
        raise outside_error(label, (Node.outside,))
    ax = axes(axis, d.ndim, label)
    res, work = _dtypes(rule, d.dtype, dtype, label)
    kw = {"keepdims": bool(keepdims)}
    m = mask(where, label)
    if m is not None:
        kw["where"] = m
    init = _initial(initial, res, work, label)
    if init is not None:
        kw["initial"] = init
    if not identity and init is None and _empty_reduction(d, ax, m):
        raise ValueError(f"{label}: the reduction of an empty array (or an all-False "
                         f"where=) has no identity; pass initial=")
    if function in ("mean", "var", "std") and m is None and \
            extra.get("mean", NOVALUE) is NOVALUE:
        nan = _degenerate(d, ax, extra.get("ddof", 0) if rule == "moment" else 0, keepdims,
                          res)
        if nan is not None:
            return deliver(nan, out, label)
    if d.dtype in narrow.NARROW and work == dtypes.float32 and m is None and init is None \
            and rule != "keep" and rule != "bool":
        r = _folded(function, d, ax, keepdims, extra)
        if r is not None:
            return deliver(wrap(dtype_rules.cast(r, res)), out, label)
    if rule == "moment" and d.dtype in _INT_MOMENT and work == dtypes.float32 and \
            m is None and init is None and _full(ax, d.ndim) and \
            extra.get("mean", NOVALUE) is NOVALUE:
        r = _int_moment(function, d, keepdims, extra.get("ddof", 0))
        if r is not None:
            return deliver(wrap(r), out, label)
    if takes_dtype:
        kw["dtype"] = dtypes.bool_ if rule == "bool" else work
    data = dtype_rules.cast(d, work) if (d.dtype in dtypes.ML_DTYPES or not takes_dtype and
                               rule != "bool" and d.dtype != work) else d
    if rule == "bool" and d.dtype in dtypes.ML_DTYPES:
        data = dtype_rules.cast(d, work)
    for k, v in extra.items():
        if k == "mean" and v is not NOVALUE:
            kw["mean"] = dtype_rules.cast(data_of(v, label)[0], work)
        elif v is not NOVALUE:
            kw[k] = v
    if rule in ("sum", "keep", "bool"):
        # NumPy's own floating-point warnings stay (docs/decisions.md, decision 15);
        # integer sums wrap without one, as in NumPy.
        r = np_fn(data, axis=ax, **kw)
    else:
        # 0/0 of a degenerate where= / all-NaN slice is the standard's quiet NaN (decision
        # 39); an overflow is the user's errstate's business, as in sum (decision 15).
        with np.errstate(invalid="ignore", divide="ignore"):
            r = np_fn(data, axis=ax, **kw)
    return deliver(wrap(dtype_rules.cast(np.asarray(r), res)), out, label)


#: Integer dtypes whose deviations from a float32 mean NumPy's ``_var`` computes in
#: float64 (``int32_array - float32_array`` is float64 under NEP 50): a full-size float64
#: temporary, twice the input, for a float32 result.
_WIDE_DEVIATION = frozenset({dtypes.int32, dtypes.uint32})
#: ... and those whose deviations are float32 (a full-size float32 temporary; bool's
#: squares NumPy makes as ``x * conjugate(x)``, a second one).
_INT_MOMENT = _WIDE_DEVIATION | {dtypes.bool_, dtypes.int8, dtypes.uint8, dtypes.int16,
                                 dtypes.uint16}


def _int_moment(function, d, keepdims, ddof):
    """``np.var``/``np.std(d, dtype=float32, ddof=ddof)`` (``nanvar``/``nanstd`` of an
    integer array are the same call) over every axis of a bool or integer ``d`` (up to 32
    bits), bit for bit, with the deviations made a block at a time instead of all at once.

    NumPy's ``_var``: the mean is a float32 sum (cast in NumPy's buffer) divided by the
    count.  int32/uint32: the deviations ``d - mean`` and their squares are float64; their
    sum is float32, cast in NumPy's buffer: chunks of ``getbufsize()`` elements from the
    start, each summed pairwise and added in turn -- so blocks of whole chunks, each
    reduced with ``initial=`` the running sum, add the same numbers in the same order.
    Narrower inputs: float32 deviations and squares, summed pairwise over the whole array
    -- ``cast_sum``'s tree of float32 blocks.  None when ``d`` is not one contiguous run
    or has no degree of freedom (NumPy's own call)."""
    flat = narrow.flat_of(d)
    if flat is None or not flat.size - ddof > 0:   # (NumPy's warnings of nanvar stay)
        return None
    n = np.intp(flat.size)
    mean = np.add.reduce(flat, dtype=dtypes.float32, keepdims=True)
    np.true_divide(mean, n, out=mean, casting="unsafe")
    if d.dtype in _WIDE_DEVIATION:
        acc = _wide_squares(flat, mean.astype(dtypes.float64))   # exact: NumPy's loop's
    else:
        def deviation(block):
            np.subtract(block, mean, out=block)
            np.square(block, out=block)

        acc = cast_sum(flat, deviation)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = acc.dtype.type(acc / (n - ddof))
        if function.endswith("std"):
            r = r.dtype.type(np.sqrt(r))
    r = np.asarray(r)
    return r.reshape((1,) * d.ndim) if keepdims else r


def cast_sum(flat, transform=None):
    """``np.add.reduce`` of the float32 cast of the 1-D bool/integer ``flat`` (each block
    first edited in place by ``transform``), in NumPy's order on the whole cast array --
    its pairwise split -- with a float32 block at a time instead of the whole copy."""
    buf = np.empty(min(flat.size, _MOMENT_BLOCK), dtypes.float32)

    def pairwise(lo, hi):
        if hi - lo > _MOMENT_BLOCK:
            half = (hi - lo) // 2
            half -= half % 8   # NumPy's pairwise split (loops_utils.h.src)
            return pairwise(lo, lo + half) + pairwise(lo + half, hi)
        block = buf[:hi - lo]
        np.copyto(block, flat[lo:hi], casting="unsafe")   # NumPy's cast, as astype
        if transform is not None:
            transform(block)
        return np.add.reduce(block)

    return pairwise(0, flat.size)


def _wide_squares(flat, mean64):
    """The float32 sum (in NumPy's buffered order) of the float64 ``(flat - mean64)**2``."""
    chunk = np.getbufsize()
    step = max(_MOMENT_BLOCK - _MOMENT_BLOCK % chunk, chunk)
    buf = np.empty(min(flat.size, step), dtypes.float64)
    acc = np.float32(0)
    for lo in range(0, flat.size, step):
        dev = buf[:min(step, flat.size - lo)]
        np.copyto(dev, flat[lo:lo + step])   # exact; a plain cast beats the loop's buffer
        np.subtract(dev, mean64, out=dev)
        np.square(dev, out=dev)
        acc = np.add.reduce(dev, dtype=dtypes.float32, initial=acc)
    return acc


#: Elements of float64 deviations per block in ``_int_moment`` (512 KB).
_MOMENT_BLOCK = 1 << 16


def _degenerate(d, ax, correction, keepdims, res):
    """The standard's result where NumPy warns: NaN when no element (or no degree of
    freedom, ``N - correction <= 0``) is left, quietly -- NumPy's RuntimeWarnings ("Mean
    of empty slice", "Degrees of freedom <= 0") would point at weaknp's own line.
    ``None`` when the reduction is not degenerate."""
    axes_ = tuple(range(d.ndim)) if ax is None else ax
    n = 1
    for a in axes_:
        n *= d.shape[a]
    if n - correction > 0:
        return None
    # NumPy differs: the same NaN, with RuntimeWarnings (decision 39).
    shape = tuple(1 if i in axes_ else s for i, s in enumerate(d.shape)) if keepdims else \
        tuple(s for i, s in enumerate(d.shape) if i not in axes_)
    if res in dtypes.COMPLEX:
        return wrap(dtype_rules.cast(np.full(shape, complex(np.nan, np.nan),
                                             dtype=dtypes.complex128), res))
    return wrap(dtype_rules.cast(np.full(shape, np.nan, dtype=dtypes.float64), res))


def _empty_reduction(d, ax, m):
    if d.size and m is None:
        return False
    if ax is None:
        return d.size == 0 or (m is not None and not np.any(m))
    return any(d.shape[i] == 0 for i in ax) or (m is not None and d.size == 0)


#: name -> (NumPy function, identity for include_initial)
_CUMULATIVE = {
    "cumsum": (np.add.accumulate, 0), "cumprod": (np.multiply.accumulate, 1),
    "nancumsum": (np.nancumsum, 0), "nancumprod": (np.nancumprod, 1),
    "cumulative_sum": (np.add.accumulate, 0), "cumulative_prod": (np.multiply.accumulate, 1),
}


def cumulative(function, a, axis=None, dtype=None, out=None, include_initial=False, *,
               name=None):
    """The cumulative ``function`` of the array-like ``a`` (dtype: the ``sum`` rule); strong.

    NumPy's ``cumsum`` flattens when ``axis`` is None; the standard's ``cumulative_sum``
    needs ``axis`` for n-d arrays and refuses 0-d ones (as NumPy's ``cumulative_sum``).
    ``name``: the name errors give (``add.accumulate`` for ``cumsum``)."""
    np_fn, identity = _CUMULATIVE[function]
    label = name or function
    d, _ = data_of(a, label)
    if function.startswith("cumulative"):
        if d.ndim == 0:
            raise ValueError(f"{function}: needs at least one dimension")
        if axis is None:
            if d.ndim > 1:
                raise ValueError(f"{function}: axis is required for arrays of more than "
                                 f"one dimension")
            axis = 0
    elif axis is None:
        d = d.reshape(-1)
        axis = 0
    ax = axes(axis, d.ndim, label)[0]
    res, work = _dtypes("sum", d.dtype, dtype, label)
    # JAX differs: jnp.cumsum/cumprod/cumulative_prod keep int8/int16/int32 (and wrap);
    # weaknp uses the standard's sum rule.  NumPy's own floating-point warnings stay
    # (docs/decisions.md, decision 15); the nan forms compute with NaN replaced, quietly.
    # Decision 23.
    if d.dtype in narrow.NARROW and work == dtypes.float32 and not function.startswith(
            "nan") and not include_initial and d.size >= _FOLD_MIN:
        # the loop is sequential: slabs along the axis, no full-size float32 array
        return deliver(wrap(narrow.accumulate(np_fn.__self__, d, ax, work, res)), out, label)
    data = dtype_rules.cast(d, work) if d.dtype in dtypes.ML_DTYPES else d
    if function.startswith("nan"):
        with np.errstate(over="ignore", invalid="ignore"):
            r = np_fn(data, axis=ax, dtype=work)
    else:
        r = np_fn(data, axis=ax, dtype=work)
    if include_initial:
        shape = list(d.shape)
        shape[ax] = 1
        r = np.concatenate([np.full(shape, identity, dtype=work), r], axis=ax)
    return deliver(wrap(dtype_rules.cast(r, res)), out, label)
