"""NumPy-compatible reductions and statistics: the ``nan*`` family, ``cumsum``/``cumprod``,
order statistics, ``average``, ``cov``/``corrcoef``, histograms and whole-array
comparisons.

Dtypes and weak flags
---------------------
Every reduction drops the weak flag, as in JAX.  The dtype rules are the Array API's
(shared with ``weaknp.sum``/``mean``/``max``, see ``weaknp._api.statistical``):

* ``nansum``/``nanprod``/``cumsum``/``cumprod``/``nancumsum``/``nancumprod``: bool and
  signed integers give the default int (int64), unsigned the default uint; ``dtype=``
  is honoured.  JAX differs: its ``cumsum``/``cumprod`` keep small integer dtypes (and
  wrap on overflow).
* ``nanmean``/``nanvar``/``nanstd``/``median``/``percentile``/``quantile``/``average``/
  ``cov``/``corrcoef`` (and their ``nan`` forms): the inexact rule (bool and
  8/16/32-bit integers -> float32, 64-bit -> float64); variances of complex are real.
* ``amax``/``amin``/``nanmax``/``nanmin``/``ptp``: the input's dtype.
* ``nanargmax``/``nanargmin``, ``bincount`` without weights and histogram counts: the
  default int (the indexing dtype).
* ``isclose``/``allclose``/``array_equal``/``array_equiv``: strong bool (0-d for the
  whole-array ones, as ``jax.numpy``; ``if wnp.allclose(a, b):`` works as with NumPy).
* bfloat16, float16 and float8 accumulate in float32 and are cast back.
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes as D
from .._core import kernel as K
from .._array.array import Array
from .._fast.dispatch import wrap
from .._array.operands import array_likes, public, data_of, own_ndarray
from .._core.dtype_rules import compute_dtype, inexact_dtype
from .._core.promotion import default_dtype, resolve_dtype, sum_dtype
from .._core.arguments import axes, ddof_of
from .._array.stored import deliver
from .._api.reduce import NOVALUE, cumulative, reduction
from .._api.searching import arg_reduction

__all__ = [
    "nansum", "nanprod", "nanmean", "nanvar", "nanstd", "nanmax", "nanmin", "nanargmax",
    "nanargmin", "nancumsum", "nancumprod", "cumsum", "cumprod", "amax", "amin", "ptp",
    "median", "nanmedian", "percentile", "nanpercentile", "quantile", "nanquantile",
    "average", "cov", "corrcoef", "bincount", "histogram", "histogram_bin_edges",
    "histogram2d", "histogramdd", "isclose", "allclose", "array_equal", "array_equiv",
]

def _axis(axis):
    if axis is None or isinstance(axis, int):
        return axis
    return tuple(axis)




def _finish(r, out_dt):
    return wrap(K.cast(np.asarray(r), out_dt))


def _sum_like(name, doc):
    def function(a, axis=None, dtype=None, out=None, keepdims=False, initial=NOVALUE,
                 where=NOVALUE):
        return reduction(name, a, axis, dtype, out, keepdims, initial, where)

    return public(function, name, doc + "\n\nDtype: bool and signed ints give the default "
                  "int, unsigned the default uint (``dtype=`` honoured); strong.")


nansum = _sum_like("nansum", "Sum, treating NaN as zero.")
nanprod = _sum_like("nanprod", "Product, treating NaN as one.")


def _cumulative(name, doc):
    def function(a, axis=None, dtype=None, out=None):
        return cumulative(name, a, axis, dtype, out)

    return public(function, name, doc + "\n\nFlattens when ``axis`` is None.  Dtype: the "
                  "``sum`` rule (``cumsum(int8)`` is int64); strong.")


cumsum = _cumulative("cumsum", "Cumulative sum along ``axis``.")
cumprod = _cumulative("cumprod", "Cumulative product along ``axis``.")
nancumsum = _cumulative("nancumsum", "Cumulative sum along ``axis``, NaN counted as zero.")
nancumprod = _cumulative("nancumprod",
                         "Cumulative product along ``axis``, NaN counted as one.")


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=NOVALUE):
    """Mean ignoring NaN.  Dtype: the inexact rule (``dtype=`` honoured); strong."""
    return reduction("nanmean", a, axis, dtype, out, keepdims, NOVALUE, where)


def _moment(name):
    def function(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
                 where=NOVALUE, mean=NOVALUE, correction=NOVALUE):
        return reduction(name, a, axis, dtype, out, keepdims, NOVALUE, where,
                         ddof=ddof_of(name, ddof, correction),
                         mean=mean)

    what = "Variance" if "var" in name else "Standard deviation"
    return public(function, name, f"{what} ignoring NaN.  Dtype: the inexact rule; complex "
                                  f"gives the real float; strong.")


nanvar = _moment("nanvar")
nanstd = _moment("nanstd")


def _extreme(name, doc):
    def function(a, axis=None, out=None, keepdims=False, initial=NOVALUE, where=NOVALUE):
        return reduction(name, a, axis, None, out, keepdims, initial, where)

    return public(function, name, doc + "\n\nDtype: the input's; strong.")


amax = _extreme("amax", "Largest element along ``axis`` (NaN propagates).")
amin = _extreme("amin", "Smallest element along ``axis`` (NaN propagates).")
nanmax = _extreme("nanmax", "Largest element along ``axis``, ignoring NaN.")
nanmin = _extreme("nanmin", "Smallest element along ``axis``, ignoring NaN.")


def _arg(np_fn, name):
    def function(a, axis=None, out=None, *, keepdims=False):
        return arg_reduction(name, np_fn, a, axis, out, keepdims)

    which = "largest" if "max" in name else "smallest"
    return public(function, name, f"Index of the {which} element ignoring NaN (ValueError "
                                  f"for an all-NaN slice); the indexing dtype, strong.")


nanargmax = _arg(np.nanargmax, "nanargmax")
nanargmin = _arg(np.nanargmin, "nanargmin")


def ptp(a, axis=None, out=None, keepdims=False):
    """Range (max - min) along ``axis``; the input's dtype (integers wrap, as NumPy/JAX)."""
    d, _ = data_of(a, "ptp")
    acc = compute_dtype(d.dtype)
    with np.errstate(over="ignore"):
        r = np.ptp(K.cast(d, acc), axis=_axis(axis), keepdims=keepdims)
    return deliver(_finish(r, d.dtype), out, "ptp")


def _order_stat(np_fn, name, takes_q, doc):
    def compute(a, q, axis, out, overwrite_input, method, keepdims, weights):
        d, _ = data_of(a, name)
        out_dt = inexact_dtype(d.dtype)
        if out_dt in D.COMPLEX:
            raise TypeError(f"{name}: not defined for complex inputs; take the real part "
                            f"first")
        acc = compute_dtype(out_dt)
        kw = {"axis": None if axis is None else axes(_axis(axis), d.ndim, name),
              "keepdims": keepdims}
        if takes_q:
            kw["method"] = method
            if weights is not None:
                kw["weights"] = K.cast(data_of(weights, name)[0], acc)
            qd = data_of(q, name)[0]
            args = (K.cast(d, acc), qd.astype(np.float64) if qd.dtype in D.ML_DTYPES else qd)
        else:
            args = (K.cast(d, acc),)
        with np.errstate(invalid="ignore"):
            r = np_fn(*args, **kw)
        return deliver(_finish(r, out_dt), out, name)

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


median = _order_stat(np.median, "median", False, "Median along ``axis``.")
nanmedian = _order_stat(np.nanmedian, "nanmedian", False, "Median along ``axis``, ignoring NaN.")
percentile = _order_stat(np.percentile, "percentile", True,
                         "The ``q``-th percentile (0..100) along ``axis``.")
nanpercentile = _order_stat(np.nanpercentile, "nanpercentile", True,
                            "The ``q``-th percentile (0..100) along ``axis``, ignoring NaN.")
quantile = _order_stat(np.quantile, "quantile", True,
                       "The ``q``-th quantile (0..1) along ``axis``.")
nanquantile = _order_stat(np.nanquantile, "nanquantile", True,
                          "The ``q``-th quantile (0..1) along ``axis``, ignoring NaN.")


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
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.average(K.cast(d, acc), axis=_axis(axis),
                       weights=None if w is None else K.cast(w, acc), returned=returned,
                       keepdims=keepdims)
    if returned:
        return _finish(r[0], out_dt), _finish(np.broadcast_to(r[1], np.shape(r[0])), out_dt)
    return _finish(r, out_dt)


def _cov_dtype(function, values, dtype):
    present = [v for v in values if v is not None]
    datas, joined, _ = array_likes(function, present)
    out_dt = resolve_dtype(dtype, function) or inexact_dtype(joined)
    return [K.cast(x, compute_dtype(out_dt)) for x in datas], out_dt


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    """Covariance matrix.  Dtype: the inexact rule on the join of ``m`` and ``y``; strong."""
    datas, out_dt = _cov_dtype("cov", [m, y], dtype)
    fw = None if fweights is None else data_of(fweights, "cov")[0]
    # JAX differs: jnp.cov joins aweights into the result dtype (float32 data with float64
    # aweights gives float64); weaknp's dtype comes from m and y, the weights are cast to it.
    # Decision 59.
    aw = None if aweights is None else K.cast(data_of(aweights, "cov")[0], compute_dtype(out_dt))
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.cov(datas[0], datas[1] if len(datas) > 1 else None, rowvar, bias, ddof, fw, aw)
    return _finish(r, out_dt)


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson correlation coefficients.  Dtype as ``cov``; strong."""
    datas, out_dt = _cov_dtype("corrcoef", [x, y], dtype)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.corrcoef(datas[0], datas[1] if len(datas) > 1 else None, rowvar)
    return _finish(r, out_dt)


def bincount(x, /, weights=None, minlength=0):
    """Occurrences of each non-negative integer in ``x``.

    Dtype: the default int without ``weights``; with weights, float and complex weights
    keep their dtype (as ``jnp.bincount``), integer and bool weights follow the ``sum``
    rule (int64 / uint64); strong.
    """
    d, _ = data_of(x, "bincount")
    if d.dtype not in D.INTEGER | D.BOOL:
        raise TypeError(f"bincount: x must hold integers, got {D.dtype_name(d.dtype)}; "
                        f"cast with astype('int64')")
    if weights is None:
        return _finish(np.bincount(d.astype(np.int64), minlength=minlength),
                       default_dtype("indexing"))
    w, _ = data_of(weights, "bincount")
    # JAX differs: jnp.bincount keeps int8/uint8 weights (and wraps) and refuses bool ones;
    # weaknp sums integer weights with the Array API's sum rule, as nansum does (decision 59).
    out_dt = w.dtype if w.dtype in D.FLOATING else sum_dtype(w.dtype)
    acc = D.complex128 if out_dt in D.COMPLEX else D.float64
    if out_dt in D.COMPLEX:
        r = (np.bincount(d.astype(np.int64), w.real.astype(np.float64), minlength)
             + 1j * np.bincount(d.astype(np.int64), w.imag.astype(np.float64), minlength))
    else:
        r = np.bincount(d.astype(np.int64), K.cast(w, acc), minlength)
    return _finish(r, out_dt)


def _hist_float(d):
    return inexact_dtype(d.dtype)


def _hist_range(rng, function: str):
    """``range=`` as two Python floats (or None): real numbers only, a complex end or a
    non-scalar raises weaknp's ``TypeError`` (a weak ``asarray(1j)`` end made NumPy bin
    silently into ``[0, 0]``)."""
    if rng is None:
        return None
    try:
        lo, hi = rng
    except (TypeError, ValueError):
        raise TypeError(f"{function}: range must be a pair (lower, upper) of real numbers, "
                        f"got {rng!r}") from None
    ends = []
    for v in (lo, hi):
        v = v._data if hasattr(v, "_data") else v
        if isinstance(v, np.ndarray):
            v = v.item() if v.ndim == 0 else v
        if isinstance(v, np.generic):
            v = v.item()
        if type(v) not in (int, float, bool):
            raise TypeError(f"{function}: range ends must be real numbers, got "
                            f"{type(v).__name__} {v!r}; pass two ints or floats")
        try:
            ends.append(float(v))
        except OverflowError:
            raise OverflowError(f"{function}: range end {K.short_int(v)} is too large for "
                                f"float64 edges; pass a smaller range") from None
    return tuple(ends)


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002 - NumPy's name
    """The bin edges ``histogram`` would use; the inexact dtype of ``a``; strong."""
    d, _ = data_of(a, "histogram_bin_edges")
    out_dt = _hist_float(d)
    b = bins._data if hasattr(bins, "_data") else bins
    # NumPy's own data (not cast first): its bin estimators treat integer data specially
    data = K.cast(d, compute_dtype(out_dt)) if d.dtype in D.ML_DTYPES | D.BOOL else d
    return _finish(np.histogram_bin_edges(data, b, _hist_range(range, "histogram_bin_edges")),
                   out_dt)


def histogram(a, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """Histogram of ``a``: ``(counts, bin_edges)``.

    Dtypes: counts are the default int (with ``weights``: the weights' dtype rule of
    ``bincount``; with ``density=True``: the inexact dtype of ``a``); edges the inexact
    dtype of ``a``; strong.
    """
    d, _ = data_of(a, "histogram")
    edge_dt = _hist_float(d)
    acc = compute_dtype(edge_dt)
    b = bins._data if hasattr(bins, "_data") else bins
    w = None if weights is None else data_of(weights, "histogram")[0]
    data = K.cast(d, acc) if d.dtype in D.ML_DTYPES | D.BOOL else d
    counts, edges = np.histogram(data, b, _hist_range(range, "histogram"), density=density,
                                 weights=None if w is None else K.cast(
                                     w, D.float64 if w.dtype not in D.COMPLEX else w.dtype))
    if density:
        count_dt = edge_dt
    elif w is not None:
        # JAX differs: jnp.histogram counts in the inexact join of ``a`` and the weights
        # (float32 for float32 data with float16 or int8 weights) and gives float counts
        # without weights; weaknp keeps NumPy's integer counts and the weights' own dtype.
        # Decision 33.
        count_dt = w.dtype if w.dtype in D.FLOATING else sum_dtype(w.dtype)
    else:
        count_dt = default_dtype("indexing")
    return _finish(counts, count_dt), _finish(edges, edge_dt)


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """2-D histogram: ``(counts, x_edges, y_edges)``; dtypes as ``histogram``."""
    (dx, dy), joined, _ = array_likes("histogram2d", [x, y])
    edge_dt = inexact_dtype(joined)
    acc = compute_dtype(edge_dt)
    w = None if weights is None else data_of(weights, "histogram2d")[0]
    h, ex, ey = np.histogram2d(K.cast(dx, acc), K.cast(dy, acc), bins, range, density,
                               None if w is None else K.cast(w, D.float64))
    count_dt = edge_dt if density else (w.dtype if w is not None and w.dtype in D.FLOATING
                                        else default_dtype("float") if w is None
                                        else sum_dtype(w.dtype))
    # NumPy differs: histogram2d/histogramdd return float64 counts; so does weaknp (the
    # default float), unlike histogram's integer counts (decision 33).
    return _finish(h, count_dt), _finish(ex, edge_dt), _finish(ey, edge_dt)


def histogramdd(sample, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """N-D histogram: ``(counts, [edges per dimension])``; dtypes as ``histogram2d``.

    ``sample`` is an ``(N, D)`` array or, as in NumPy, a sequence of ``D`` coordinate
    arrays of length ``N`` (joined on the lattice)."""
    if isinstance(sample, (list, tuple)) and sample and all(
            isinstance(c, Array) or getattr(c, "ndim", 0) == 1 for c in sample):
        cols, _, _ = array_likes("histogramdd", list(sample))
        d = np.stack(cols, axis=-1)
    else:
        d, _ = data_of(sample, "histogramdd")
    edge_dt = inexact_dtype(d.dtype)
    w = None if weights is None else data_of(weights, "histogramdd")[0]
    h, edges = np.histogramdd(K.cast(d, compute_dtype(edge_dt)), bins, range, density,
                              None if w is None else K.cast(w, D.float64))
    count_dt = edge_dt if density else (w.dtype if w is not None and w.dtype in D.FLOATING
                                        else default_dtype("float") if w is None
                                        else sum_dtype(w.dtype))
    return _finish(h, count_dt), [_finish(e, edge_dt) for e in edges]


def _compared(function, a, b):
    try:
        (da, db), joined, _ = array_likes(function, [a, b])
    except OverflowError:
        # A Python int (or weak int array) beyond the joined integer dtype: these are
        # questions about values, answered as ``==`` is (docs/decisions.md, decision 40),
        # so each side keeps its own dtype and NumPy compares them exactly (closeness in
        # float64).
        return own_ndarray(a, function), own_ndarray(b, function)
    if joined in D.ML_DTYPES:
        da, db = K.cast(da, D.float32), K.cast(db, D.float32)
    return da, db


def _tolerance(t):
    """``rtol``/``atol`` for NumPy's loop: a weaknp array's values (handing NumPy the
    ``Array`` itself would dispatch back here through NEP 18, forever)."""
    return t._data if isinstance(t, Array) else t


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Elementwise ``|a - b| <= atol + rtol * |b|``, compared in the join of ``a`` and
    ``b`` (Python scalars weak); strong bool.  ``rtol``/``atol`` may be arrays."""
    da, db = _compared("isclose", a, b)
    return wrap(np.asarray(np.isclose(da, db, _tolerance(rtol), _tolerance(atol),
                                      equal_nan)))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether every element is close (``isclose``); a 0-d strong bool array."""
    da, db = _compared("allclose", a, b)
    return wrap(np.asarray(np.allclose(da, db, _tolerance(rtol), _tolerance(atol),
                                       equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    """Same shape and equal elements (compared in the join); a 0-d strong bool array."""
    d1, d2 = _compared("array_equal", a1, a2)
    return wrap(np.asarray(np.array_equal(d1, d2, equal_nan=equal_nan)))


def array_equiv(a1, a2):
    """Broadcast-compatible and equal elements; a 0-d strong bool array."""
    d1, d2 = _compared("array_equiv", a1, a2)
    return wrap(np.asarray(np.array_equiv(d1, d2)))
