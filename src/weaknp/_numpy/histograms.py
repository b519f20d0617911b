"""NumPy's histograms (``numpy/lib/_histograms_impl.py``): ``histogram``,
``histogram_bin_edges``, ``histogramdd``.

Edges have the inexact dtype of the data; counts the default int (with ``weights``: the
weights' dtype by ``bincount``'s rule; with ``density=True``: the edges' dtype); strong.
``histogram2d`` is NumPy's ``twodim_base``'s (``weaknp._numpy.twodim_base``).
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core import scalars
from .._core.promotion import default_dtype, sum_dtype
from .._array.array import Array
from .._array.operands import array_likes, data_of
from .._core.dtype_rules import compute_dtype
from .multiarray import finish
from .._core.dtype_rules import inexact_dtype

__all__ = ["histogram_bin_edges", "histogram", "histogramdd"]


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
            raise OverflowError(f"{function}: range end {scalars.short_int(v)} is too large for "
                                f"float64 edges; pass a smaller range") from None
    return tuple(ends)


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002 - NumPy's name
    """The bin edges ``histogram`` would use; the inexact dtype of ``a``; strong."""
    d, _ = data_of(a, "histogram_bin_edges")
    out_dt = _hist_float(d)
    b = bins._data if hasattr(bins, "_data") else bins
    # NumPy's own data (not cast first): its bin estimators treat integer data specially
    data = dtype_rules.cast(d,
                            compute_dtype(out_dt)) if d.dtype in dtypes.ML_DTYPES | dtypes.BOOL else d
    return finish(np.histogram_bin_edges(data, b, _hist_range(range, "histogram_bin_edges")),
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
    data = dtype_rules.cast(d, acc) if d.dtype in dtypes.ML_DTYPES | dtypes.BOOL else d
    counts, edges = np.histogram(data, b, _hist_range(range, "histogram"), density=density,
                                 weights=None if w is None else dtype_rules.cast(
                                     w, dtypes.float64 if w.dtype not in dtypes.COMPLEX else w.dtype))
    if density:
        count_dt = edge_dt
    elif w is not None:
        # JAX differs: jnp.histogram counts in the inexact join of ``a`` and the weights
        # (float32 for float32 data with float16 or int8 weights) and gives float counts
        # without weights; weaknp keeps NumPy's integer counts and the weights' own dtype.
        # Decision 33.
        count_dt = w.dtype if w.dtype in dtypes.FLOATING else sum_dtype(w.dtype)
    else:
        count_dt = default_dtype("indexing")
    return finish(counts, count_dt), finish(edges, edge_dt)


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
    h, edges = np.histogramdd(dtype_rules.cast(d, compute_dtype(edge_dt)), bins, range, density,
                              None if w is None else dtype_rules.cast(w, dtypes.float64))
    count_dt = edge_dt if density else (w.dtype if w is not None and w.dtype in dtypes.FLOATING
                                        else default_dtype("float") if w is None
                                        else sum_dtype(w.dtype))
    return finish(h, count_dt), [finish(e, edge_dt) for e in edges]
