"""NumPy's functions of ``numpy/lib/_function_base_impl.py`` (statistics, calculus,
selection, editing, window functions) and of ``numpy._core.function_base`` (``logspace``,
``geomspace``).

Dtypes and weak flags (as ``jax.numpy``)
----------------------------------------
* ``median``/``percentile``/``quantile``/``average``/``cov``/``corrcoef``: the inexact
  rule (bool and 8/16/32-bit integers -> float32, 64-bit -> float64), strong; bfloat16,
  float16 and float8 compute in float32 and are cast back.
* Functions that need a float (``gradient``, ``interp``, ``trapezoid``, ``unwrap``,
  ``sinc``, ``i0``, ``angle``) apply the inexact rule to the join.
* Selections keep the dtype and weak flag of their data (``extract``, ``delete``,
  ``rot90``, ``trim_zeros``, ``copy``); ``select`` and ``piecewise`` take the lattice join of
  their choices; ``append`` joins its inputs; ``digitize`` gives the indexing dtype.
* Values written into an existing dtype (``insert``'s values, ``place``) follow
  ``__setitem__``'s rule: a Python int out of range raises ``OverflowError``; a value whose
  join with the array is another dtype raises ``TypeError`` (NumPy and JAX cast silently).
* ``logspace``, ``geomspace`` and the window functions without ``dtype`` give the mode's
  default float, strong; ``sort_complex`` complex (complex64 for float32 and smaller).
"""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import narrow
from .._core import sortkeys
from .._core.dtype_rules import native_dtype
from .._core.promotion import default_dtype, resolve_dtype
from .._fast.dispatch import wrap
from .._array.array import Array
from .._array.convert import to_array
from .._array.operands import raw as _raw
from .._array.operands import array_likes, data_of, public, wrap_loaded
from .._array.stored import stored_value
from .._core.arguments import axes
from .._core.dtype_rules import compute_dtype
from .._array.stored import deliver
from .._api.reduce import cast_sum
from .multiarray import (
    axis_argument, check_real, computable, data_movement, finish, float_operands,
    index_result, inexact_dtype, join_arrays, sortable, stored_into, wrap_created,
    written_buffer,
)

__all__ = [
    "median", "percentile", "quantile", "average", "cov", "corrcoef", "gradient", "interp",
    "trapezoid", "unwrap", "digitize", "extract", "select", "piecewise", "place",
    "sort_complex", "rot90", "trim_zeros", "delete", "copy", "insert", "append",
    "asarray_chkfinite", "logspace", "geomspace", "bartlett", "blackman", "hamming",
    "hanning", "kaiser", "iterable", "sinc", "i0", "angle", "vectorize",
]


def order_statistic(np_fn, name, takes_q, doc):
    def compute(a, q, axis, out, overwrite_input, method, keepdims, weights):
        d, _ = data_of(a, name)
        out_dt = inexact_dtype(d.dtype)
        if out_dt in dtypes.COMPLEX:
            raise TypeError(f"{name}: not defined for complex inputs; take the real part "
                            f"first")
        acc = compute_dtype(out_dt)
        if (np_fn is np.median and axis is None and d.size and acc == dtypes.float32
                and d.dtype in sortkeys.NARROW_KEYED):
            # The middle elements from the bit patterns' counts (no float32 copy, no
            # partition), then NumPy's median of just them: the same mean of the same one
            # or two float32 values.  None with NaNs or both zeros (NumPy's path below).
            mid = sortkeys.order_values(d, sorted({(d.size - 1) // 2, d.size // 2}))
            if mid is not None:
                small = dtype_rules.cast(mid, acc).reshape(
                    (1,) * (d.ndim - 1) + (-1,) if d.ndim else ())
                return deliver(finish(np.median(small, keepdims=keepdims), out_dt), out, name)
        kw = {"axis": None if axis is None else axes(axis_argument(axis), d.ndim, name),
              "keepdims": keepdims}
        work = dtype_rules.cast(d, acc)
        # A buffer of weaknp's own cast: NumPy may partition it in place instead of
        # copying it again (the same selection on the same values).  The user's own
        # buffer is never overwritten (overwrite_input is accepted and ignored).
        kw["overwrite_input"] = work is not d
        if takes_q:
            kw["method"] = method
            if weights is not None:
                kw["weights"] = dtype_rules.cast(data_of(weights, name)[0], acc)
            qd = data_of(q, name)[0]
            args = (work, qd.astype(np.float64) if qd.dtype in dtypes.ML_DTYPES else qd)
        else:
            args = (work,)
        with np.errstate(invalid="ignore"):
            r = _nan_free(np_fn, d)(*args, **kw)
        return deliver(finish(r, out_dt), out, name)

    if takes_q:
        def function(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                     keepdims=False, *, weights=None, interpolation=None):
            if interpolation is not None:
                method = interpolation
            return compute(a, q, axis, out, overwrite_input, method, keepdims, weights)
    else:
        def function(a, axis=None, out=None, overwrite_input=False, keepdims=False):
            return compute(a, None, axis, out, overwrite_input, None, keepdims, None)

    return public(function, name, doc + "\n\nDtype: the inexact rule (``median(int8)`` is "
                  "float32); strong.  Every NumPy ``method=`` is supported.")


#: The nan-skipping order statistics and their plain forms (the same values without NaN).
_NAN_FREE = {np.nanmedian: np.median, np.nanpercentile: np.percentile,
             np.nanquantile: np.quantile}


def _nan_free(np_fn, d):
    """``np_fn``, or its plain form for a non-empty bool/integer ``d``: no NaN to skip, so
    no ``isnan`` pass and mask (an empty slice keeps the nan form's own answer)."""
    if d.size and (d.dtype in dtypes.INTEGER or d.dtype in dtypes.BOOL):
        return _NAN_FREE.get(np_fn, np_fn)
    return np_fn


median = order_statistic(np.median, "median", False, "Median along ``axis``.")


percentile = order_statistic(np.percentile, "percentile", True,
                         "The ``q``-th percentile (0..100) along ``axis``.")


quantile = order_statistic(np.quantile, "quantile", True,
                       "The ``q``-th quantile (0..1) along ``axis``.")


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """Weighted average along ``axis``.

    Dtype: the inexact rule applied to the join of ``a`` and ``weights``; strong.  With
    ``returned=True`` also the sum of the weights (same dtype).
    """
    if weights is None:
        d, _ = data_of(a, "average")
        out_dt = inexact_dtype(d.dtype)
        w = None
    else:
        (d, w), joined, _ = array_likes("average", [a, weights])
        out_dt = inexact_dtype(joined)
    acc = compute_dtype(out_dt)
    if w is None and axis is None and not returned and acc == dtypes.float32 and (
            d.dtype in dtypes.INTEGER or d.dtype in dtypes.BOOL) and \
            d.dtype not in dtypes.ML_DTYPES and d.size:
        # NumPy's mean of the float32 copy: its pairwise sum, over float32 blocks of the
        # integers in the same tree (``cast_sum``), divided as ``_mean`` does
        flat = narrow.flat_of(d)
        if flat is not None:
            s = cast_sum(flat)
            r = np.asarray(s.dtype.type(s / np.intp(flat.size)))
            return finish(r.reshape((1,) * d.ndim) if keepdims else r, out_dt)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.average(dtype_rules.cast(d, acc), axis=axis_argument(axis),
                       weights=None if w is None else dtype_rules.cast(w, acc), returned=returned,
                       keepdims=keepdims)
    if returned:
        return finish(r[0], out_dt), finish(np.broadcast_to(r[1], np.shape(r[0])), out_dt)
    return finish(r, out_dt)


def _cov_dtype(function, values, dtype):
    present = [v for v in values if v is not None]
    datas, joined, _ = array_likes(function, present)
    out_dt = resolve_dtype(dtype, function) or inexact_dtype(joined)
    work = compute_dtype(out_dt)
    return [x if _exact_in(x.dtype, work) else dtype_rules.cast(x, work) for x in datas], out_dt


def _exact_in(dt, work):
    """Whether NumPy's ``cov`` (which converts its input to float64 itself) may take an
    array of ``dt`` as it is: its float64 values are those of the ``work`` cast (bool and
    integers of up to 16 bits are exact in float32; every integer reaches float64 by the
    same cast), so weaknp's own cast would only be a second full-size copy."""
    return (dt in dtypes.BOOL or dt in dtypes.INTEGER) and dt not in dtypes.ML_DTYPES and (
        work == dtypes.float64 or dt.itemsize <= 2) and work in dtypes.REAL_FLOAT


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    """Covariance matrix.  Dtype: the inexact rule on the join of ``m`` and ``y``; strong."""
    datas, out_dt = _cov_dtype("cov", [m, y], dtype)
    fw = None if fweights is None else data_of(fweights, "cov")[0]
    # JAX differs: jnp.cov joins aweights into the result dtype (float32 data with float64
    # aweights gives float64); weaknp's dtype comes from m and y, the weights are cast to it.
    # Decision 59.
    aw = None if aweights is None else dtype_rules.cast(data_of(aweights, "cov")[0],
                                                        compute_dtype(out_dt))
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.cov(datas[0], datas[1] if len(datas) > 1 else None, rowvar, bias, ddof, fw, aw)
    return finish(r, out_dt)


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson correlation coefficients.  Dtype as ``cov``; strong."""
    datas, out_dt = _cov_dtype("corrcoef", [x, y], dtype)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.corrcoef(datas[0], datas[1] if len(datas) > 1 else None, rowvar)
    return finish(r, out_dt)


def gradient(f, *varargs, axis=None, edge_order=1):
    """The gradient by central differences.  Dtype: the inexact rule on ``f`` (and the
    spacings); weak only if everything is."""
    (df, *dv), out, weak = float_operands("gradient", [f, *varargs])
    r = np.gradient(df, *dv, axis=axis, edge_order=edge_order)
    if isinstance(r, (list, tuple)):
        return tuple(wrap(dtype_rules.cast(np.asarray(x), out), weak) for x in r)
    return wrap(dtype_rules.cast(np.asarray(r), out), weak)


def interp(x, xp, fp, left=None, right=None, period=None):
    """Piecewise-linear interpolation.  Dtype: the inexact rule on the join of ``x``,
    ``xp`` and ``fp`` (complex when ``fp`` is complex); strong unless all weak."""
    (dx, dxp, dfp), out, weak = float_operands("interp", [x, xp, fp])
    if out in dtypes.COMPLEX:  # complex fp: the abscissae stay real, as in NumPy and JAX
        real = np.dtype(dtypes.COMPLEX_TO_REAL[out])
        if any(data_of(v, "interp")[0].dtype in dtypes.COMPLEX for v in (x, xp)):
            raise TypeError("interp: x and xp must be real; only fp may be complex")
        dx, dxp = dtype_rules.cast(dx, real), dtype_rules.cast(dxp, real)
    lo = left._data if isinstance(left, Array) else left
    hi = right._data if isinstance(right, Array) else right
    r = np.interp(dx, dxp, dfp, lo, hi, period)
    return wrap(dtype_rules.cast(np.asarray(r), out), weak)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integral by the trapezoidal rule.  Dtype: the inexact rule on ``y`` (and ``x``)."""
    if x is None and type(dx) in (int, float):
        d, _ = data_of(y, "trapezoid")
        if (d.dtype in dtypes.INTEGER or d.dtype in dtypes.BOOL) and d.ndim and \
                d.dtype not in dtypes.ML_DTYPES:
            # np.trapezoid of the float cast, ``(dx * (y[1:] + y[:-1]) / 2.0).sum(axis)``,
            # with the cast inside the first loop and the rest in place: no float copy
            work = compute_dtype(inexact_dtype(d.dtype))
            slice1, slice2 = [slice(None)] * d.ndim, [slice(None)] * d.ndim
            slice1[axis], slice2[axis] = slice(1, None), slice(None, -1)
            t = np.add(d[tuple(slice1)], d[tuple(slice2)], dtype=work)
            np.multiply(t, dx, out=t)
            np.true_divide(t, 2.0, out=t)
            return wrap(np.asarray(t.sum(axis)))
    (dy, *rest), out, _ = float_operands("trapezoid", [y, x])
    r = np.trapezoid(dy, rest[0] if rest else None, dx=dx, axis=axis)
    return wrap(dtype_rules.cast(np.asarray(r), out))


def unwrap(p, discont=None, axis=-1, *, period=2 * np.pi):
    """Unwrap phase jumps larger than ``discont``.  Dtype: the inexact rule on ``p``."""
    # JAX differs: jnp.unwrap promotes integers with a weak float (int8 -> float64) and
    # drops the weak flag; weaknp applies the inexact rule (int8 -> float32) and keeps it.
    # Decision 58.
    d, w = data_of(p, "unwrap")
    if d.dtype in dtypes.COMPLEX:
        raise TypeError("unwrap: needs a real (phase) input, got "
                        f"{dtypes.dtype_name(d.dtype)}; pass angle(z) for complex values")
    if d.dtype in dtypes.INTEGER | dtypes.BOOL and (type(period) is int or (
            isinstance(period, (Array, np.ndarray, np.integer))
            and np.asarray(_raw(period)).dtype in dtypes.INTEGER)):
        # An integer phase with an integer period stays integer (NumPy's and JAX's rule:
        # the result is the join of p and period), e.g. unwrap([0, 1, 2, 3], period=4).
        (_, pr), joined, weak = array_likes("unwrap", [wrap(d, w), period])
        work = dtypes.int64 if joined in dtypes.SIGNED else dtypes.uint64
        r = np.unwrap(dtype_rules.cast(d, work), discont, axis, period=dtype_rules.cast(pr,
                                                                                        work)[()]
                      if pr.ndim == 0 else dtype_rules.cast(pr, work))
        return wrap(dtype_rules.cast(np.asarray(r), joined), weak)
    out = inexact_dtype(d.dtype)
    r = np.unwrap(dtype_rules.cast(d, compute_dtype(out)), discont, axis, period=period)
    return wrap(dtype_rules.cast(np.asarray(r), out), w)


def digitize(x, bins, right=False):
    """Indices of the bins each value of ``x`` falls in; indexing dtype."""
    (dx, db), _, _ = array_likes("digitize", [x, bins])
    # JAX differs: jnp.digitize gives int32 even with x64 (decision 25).
    return index_result(np.digitize(sortable(dx), sortable(db), right))


def extract(condition, arr):
    """Elements of ``arr`` (flattened) where ``condition`` is true; ``arr``'s dtype and flag."""
    c, _ = data_of(condition, "extract")
    d, w = data_of(arr, "extract")
    return wrap(np.extract(c, d), w)


def select(condlist, choicelist, default=0):
    """Elements from ``choicelist`` where the matching condition holds, else ``default``.

    Promotion: the lattice join of the choices and ``default`` (a Python scalar is weak:
    ``select(conds, [int8_array], 0)`` is int8)."""
    if len(condlist) != len(choicelist):
        raise ValueError("select: list of cases must be same length as list of conditions")
    conds = [data_of(c, "select")[0] for c in condlist]
    for c in conds:
        if c.dtype != dtypes.bool_:
            raise TypeError(f"select: conditions must be bool arrays, got "
                            f"{dtypes.dtype_name(c.dtype)}")
    datas, _, weak = array_likes("select", [*choicelist, default])
    return wrap(np.select(conds, datas[:-1], datas[-1]), weak)


def piecewise(x, condlist, funclist, *args, **kw):
    """Evaluate piecewise-defined functions of ``x``; the result has ``x``'s dtype and flag
    (values the functions return must fit it, as for ``x[i] = v``)."""
    d, w = data_of(x, "piecewise")
    # NumPy's rule for a single condition given without its list (0-d ``x`` included).
    if isinstance(condlist, (Array, np.ndarray)):
        c = _raw(condlist)
        single = c.ndim == 0 or (c.ndim == 1 and d.ndim != 0)
    else:
        single = np.isscalar(condlist) or (
            not isinstance(condlist[0], (list, tuple, np.ndarray, Array)) and d.ndim != 0)
    if single:
        condlist = [condlist]
    conds = [data_of(c, "piecewise")[0].astype(bool) for c in condlist]
    n = len(conds)
    if len(funclist) == n + 1:
        conds.append(~np.any(conds, axis=0) if conds else np.ones(d.shape, bool))
    elif len(funclist) != n:
        raise ValueError(f"piecewise: with {n} condition(s), funclist must have {n} or "
                         f"{n + 1} entries")
    # JAX differs: jnp.piecewise returns a strong array for a weak x and casts what the
    # functions return; NumPy casts too.  weaknp keeps x's flag and checks the values.
    # Decision 32.
    out = np.zeros_like(d)
    node = wrap(d, w)._node
    for cond, f in zip(conds, funclist):
        if not np.any(cond):
            continue
        if callable(f):
            v = f(wrap(d[cond], w), *args, **kw)
        else:
            v = f
        out[cond] = stored_value("piecewise", out, node, v, lists=True)
    return wrap(out, w)


def place(arr, mask, vals):
    """Set elements of ``arr`` where ``mask`` is true from ``vals`` (repeated) in place."""
    d, node = written_buffer("place", arr)
    np.place(d, data_of(mask, "place")[0], stored_value("place", d, node, vals, lists=True))


def sort_complex(a):
    """Sort by real part, then imaginary part, with the stable sort's order as ``wnp.sort``
    (decisions 77, 87, 90).  Dtype: complex64 for inputs up to float32 (and their integer
    equivalents), complex128 otherwise (JAX's rule)."""
    d, _ = data_of(a, "sort_complex")
    # NumPy differs: its dtypes are irregular (float32 -> complex128, int8 -> complex64).
    # Decision 46.
    if d.dtype in dtypes.COMPLEX:
        out = d.dtype
    elif d.dtype in (dtypes.float64, dtypes.int64, dtypes.uint64):
        out = dtypes.complex128
    else:
        out = dtypes.complex64
    if d.dtype in dtypes.COMPLEX or d.ndim == 0:
        # The cast's own buffer sorted in place (one complex array, not two), stably:
        # equal values of other bits (-0.0/0.0 parts, NaN payloads) keep their order, as
        # in wnp.sort (NumPy's complex timsort is as fast as its quicksort here).
        # NumPy differs: its sort_complex is unstable.  Decision 90.
        c = dtype_rules.cast(d, out)
        c = np.array(c) if np.may_share_memory(c, d) else c
        c.sort(kind="stable")
        return wrap(c)
    # A real input's imaginary parts are all zero: its order is its real values' order,
    # sorted as reals (as np.sort_complex does; a complex sort of 1e6 float64 values is
    # 1.6x a real one) with the stable sort's result (-0.0/0.0 and NaNs in their
    # original order, as wnp.sort), then cast.  Decision 87.
    k = sortable(d)
    s = sortkeys.sort_values(k, -1)
    return wrap(dtype_rules.cast(np.sort(k, kind="stable") if s is None else s, out))


rot90 = data_movement(np.rot90, "Rotate by 90 degrees in the plane of ``axes``.")
trim_zeros = data_movement(np.trim_zeros, "Trim leading and/or trailing zeros.")
delete = data_movement(np.delete, "A copy with the sub-arrays ``obj`` along ``axis`` removed.")


def copy(a, order="K", subok=False):
    """A copy of ``a`` (same dtype and weak flag)."""
    d, w = data_of(a, "copy")
    return wrap(np.array(d, order=order, copy=True), w)


def insert(arr, obj, values, axis=None):
    """Insert ``values`` before the indices ``obj`` along ``axis``.

    Promotion: the result has ``arr``'s dtype and weak flag; ``values`` must fit it
    (``TypeError`` for a float into an int array, ``OverflowError`` for an out-of-range
    Python int), as for ``x[i] = v``.
    """
    # NumPy differs: it casts values unsafely (1.5 into int8 is 1); so does JAX (decision 22).
    d, w = data_of(arr, "insert")
    v = stored_into("insert", d, w, values)
    return wrap(np.insert(d, _raw(obj), v, axis=axis), w)


def append(arr, values, axis=None):
    """``arr`` with ``values`` appended (flattened when ``axis`` is None).

    Promotion: the lattice join of ``arr`` and ``values`` (as ``jnp.append``).
    """
    datas, weak = join_arrays("append", [arr, values], None)
    return wrap(np.append(datas[0], datas[1], axis=axis), weak)


def _ordered(x: Array, order):
    if order in (None, "K", "A", "C") or (order == "F" and x.ndim < 2):
        return x
    if order == "F":
        return wrap(np.asfortranarray(x._data), x.weak_type)
    raise ValueError(f"order must be one of 'C', 'F', 'A', 'K', got {order!r}")


def asarray_chkfinite(a, dtype=None, order=None):
    """``asarray`` that raises ``ValueError`` when the input holds NaN or infinity."""
    x = _ordered(to_array(a, dtype, None, "asarray_chkfinite"), order)
    d = x._data
    if d.dtype in dtypes.FLOATING:
        check = dtype_rules.cast(d, native_dtype(d.dtype))
        if not np.isfinite(check).all():
            raise ValueError("asarray_chkfinite: array must not contain infs or NaNs")
    return x


def _inexact_of(values, dtype, function):
    """Result dtype of logspace/geomspace: ``dtype=``, else the inexact join of the ends."""
    dt = resolve_dtype(dtype, function)
    if dt is not None:
        return dt
    datas, joined, _ = array_likes(function, values)
    if joined in dtypes.FLOATING:
        return joined if any(isinstance(v, (Array, np.ndarray, np.generic)) for v in values) \
            else (default_dtype("complex") if joined in dtypes.COMPLEX else default_dtype("float"))
    return default_dtype("float")


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """Numbers spaced evenly on a log scale, ``base**start`` to ``base**stop``.

    Dtype: ``dtype=``, else the default float (complex if an end is complex); strong.
    """
    dt = _inexact_of([start, stop], dtype, "logspace")
    loop = dtypes.complex128 if dt in dtypes.COMPLEX else dtypes.float64
    r = np.logspace(_raw(start), _raw(stop), num, endpoint, _raw(base), dtype=loop, axis=axis)
    return wrap_created(r, dt, "logspace")


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """Numbers spaced evenly on a log scale, from ``start`` to ``stop``.

    Dtype: ``dtype=``, else the default float (complex if an end is complex); strong.
    """
    dt = _inexact_of([start, stop], dtype, "geomspace")
    loop = dtypes.complex128 if dt in dtypes.COMPLEX else dtypes.float64
    return wrap_created(np.geomspace(_raw(start), _raw(stop), num, endpoint, dtype=loop,
                                     axis=axis),
                 dt, "geomspace")


def _window(np_fn):
    name = np_fn.__name__

    @functools.wraps(np_fn)
    def function(M, *args):
        return wrap_created(np_fn(M, *args), default_dtype("float"), name)

    function.__module__ = "weaknp"
    function.__doc__ = (f"NumPy's {name} window of ``M`` points; the default float dtype "
                        f"(strong), as jax.numpy.")
    return function


bartlett, blackman, hamming, hanning, kaiser = (
    _window(f) for f in (np.bartlett, np.blackman, np.hamming, np.hanning, np.kaiser))


def iterable(y):
    """Whether ``iter(y)`` works (a 0-d array is not iterable)."""
    if isinstance(y, Array):
        return y.ndim > 0
    return bool(np.iterable(y))


def sinc(x, /):
    """Normalised sinc, ``sin(pi x) / (pi x)``, elementwise; inexact dtype, keeps the flag."""
    d, w = data_of(x, "sinc")
    dt = inexact_dtype(d.dtype)
    return wrap(dtype_rules.cast(np.sinc(computable(d, dt)), dt), w)


def i0(x):
    """Modified Bessel function of the first kind, order 0; real inputs, inexact dtype."""
    d, w = data_of(x, "i0")
    check_real("i0", d, w)
    dt = inexact_dtype(d.dtype)
    return wrap(dtype_rules.cast(np.i0(computable(d, dt)), dt), w)


def angle(z, deg=False):
    """Angle of the complex argument (real inputs: 0 or pi).

    Promotion: complex gives its real float; integers and bool use the inexact rule.
    """
    # JAX differs: angle of any integer is float64 there; weaknp uses the inexact rule.
    # Decision 24.
    d, w = data_of(z, "angle")
    dt = inexact_dtype(d.dtype)
    out = dtypes.COMPLEX_TO_REAL.get(dt, dt)
    if (d.dtype in dtypes.INTEGER or d.dtype in dtypes.BOOL) and dt not in dtypes.ML_DTYPES \
            and d.dtype not in dtypes.ML_DTYPES:
        # np.angle of a real array is arctan2(0, z) (then ``*= 180/pi``): the same loop
        # with NumPy casting the integers in its buffer, no float copy of the input
        a = np.arctan2(0, d, dtype=dt)
        if deg:
            a *= 180 / np.pi
        return wrap(a, w)
    return wrap(dtype_rules.cast(np.angle(computable(d, dt), deg=deg), out), w)


class vectorize:
    """Call a Python function on every element (NumPy's ``vectorize``; a loop, not fast).

    The inputs are weaknp arrays or array-likes; the output dtype is ``otypes[0]`` when
    given, else the dtype of the function's results as NumPy infers it (strong).
    """

    def __init__(self, pyfunc=np._NoValue, otypes=None, doc=None, excluded=None,
                 cache=False, signature=None):
        self._options = (otypes, doc, excluded, cache, signature)
        if pyfunc is np._NoValue:  # NumPy's decorator form: @vectorize(otypes=[float])
            self.pyfunc = None
            return
        self.pyfunc = pyfunc
        self.otypes = ([resolve_dtype(t, "vectorize") for t in otypes]
                       if otypes is not None and not isinstance(otypes, str) else otypes)
        self._np = np.vectorize(pyfunc, otypes=self.otypes, doc=doc, excluded=excluded,
                                cache=cache, signature=signature)
        self.__doc__ = doc or getattr(pyfunc, "__doc__", None)

    def __call__(self, *args, **kwargs):
        if self.pyfunc is None:  # the decorator form, applied to the function
            return vectorize(args[0], *self._options)
        args = [_raw(a) for a in args]
        kwargs = {k: _raw(v) for k, v in kwargs.items()}
        r = self._np(*args, **kwargs)
        if isinstance(r, tuple):
            return tuple(wrap_loaded(np.asarray(x), "vectorize") for x in r)
        return wrap_loaded(np.asarray(r), "vectorize")
