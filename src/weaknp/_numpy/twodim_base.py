"""NumPy's two-dimensional functions (``numpy/lib/_twodim_base_impl.py``): diagonals,
flips, triangles, ``vander`` and ``histogram2d``.

Dtypes and weak flags (as ``jax.numpy``)
----------------------------------------
* Data movement keeps the dtype and weak flag (``fliplr``, ``flipud``, ``diag``,
  ``diagflat``); ``vander`` computes in the dtype of ``x`` and keeps its flag.
* ``tril_indices`` and friends give the indexing dtype; ``tri`` the default float
  (``dtype=`` honoured), strong.
* ``histogram2d``: edges of the inexact dtype, float counts (NumPy's), strong.
"""

from __future__ import annotations

import operator

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core.promotion import default_dtype, sum_dtype
from .._fast.dispatch import wrap
from .._array.operands import array_likes, data_of
from .._api.creation import diagonal_offset
from .._core.dtype_rules import compute_dtype
from .multiarray import (
    data_movement, finish, float_dtype, index_result, inexact_dtype, wrap_created,
)

__all__ = [
    "fliplr", "flipud", "diag", "diagflat", "tri", "vander", "tril_indices", "triu_indices",
    "tril_indices_from", "triu_indices_from", "mask_indices", "histogram2d",
]


fliplr = data_movement(np.fliplr, "Reverse the order of columns (axis 1).")
flipud = data_movement(np.flipud, "Reverse the order of rows (axis 0).")
diag = data_movement(np.diag, "Extract a diagonal, or build a 2-D array with ``v`` on it.")
diagflat = data_movement(np.diagflat, "A 2-D array with the flattened input on diagonal ``k``.")


def tri(N, M=None, k=0, dtype=float, *, like=None):
    """Ones at and below diagonal ``k`` (``dtype=float`` means the default float)."""
    dt = float_dtype(dtype, "tri")
    k = diagonal_offset(k, operator.index(N) + (N if M is None else operator.index(M)), "tri")
    return wrap_created(np.tri(N, M, k), dt, "tri")


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of ``x``; dtype and weak flag of ``x`` (products in it)."""
    d, w = data_of(x, "vander")
    work = dtype_rules.cast(d, dtypes.float32) if d.dtype in dtypes.ML_DTYPES else d
    n = work.size if N is None else N
    if (work.ndim == 1 and type(n) is int and n > 0 and work.size * n > _VANDER_BLOCK
            and np.promote_types(work.dtype, int) != d.dtype and d.dtype not in dtypes.COMPLEX):
        # NumPy computes in a wider dtype (float64 for float32 x): rows are independent,
        # so blocks of rows are computed and cast back, no whole wider temporary (real
        # dtypes only: their powers raise no flag but the ignored overflow, where a
        # complex one's "invalid" would be reported once per block)
        r = np.empty((work.size, n), d.dtype)
        step = max(1, _VANDER_BLOCK // n)
        with np.errstate(over="ignore"):
            for i in range(0, work.size, step):
                r[i:i + step] = dtype_rules.cast(np.vander(work[i:i + step], n, increasing),
                                                 d.dtype)
        return wrap(r, w)
    with np.errstate(over="ignore"):
        r = np.vander(work, N, increasing)
    return wrap(dtype_rules.cast(r, d.dtype), w)


#: Elements of the wider dtype per block of ``vander``'s rows (1 MB of float64).
_VANDER_BLOCK = 1 << 17


def tril_indices(n, k=0, m=None):
    """Indices of the lower triangle of an ``(n, m)`` array; indexing dtype."""
    return index_result(np.tril_indices(n, k, m))


def triu_indices(n, k=0, m=None):
    """Indices of the upper triangle of an ``(n, m)`` array; indexing dtype."""
    return index_result(np.triu_indices(n, k, m))


def tril_indices_from(arr, k=0):
    """Indices of the lower triangle of the 2-D ``arr``; indexing dtype."""
    return index_result(np.tril_indices_from(data_of(arr, "tril_indices_from")[0], k))


def triu_indices_from(arr, k=0):
    """Indices of the upper triangle of the 2-D ``arr``; indexing dtype."""
    return index_result(np.triu_indices_from(data_of(arr, "triu_indices_from")[0], k))


def mask_indices(n, mask_func, k=0):
    """Indices where ``mask_func(ones((n, n)), k)`` is non-zero; indexing dtype.

    ``mask_func`` receives and returns weaknp arrays and is called as
    ``mask_func(a, k=k)`` (``wnp.triu``/``wnp.tril`` take ``k`` by keyword)."""
    m = mask_func(wrap(np.ones((n, n), dtype=dtypes.int64)), k=k)
    return index_result(np.nonzero(data_of(m, "mask_indices")[0]))


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """2-D histogram: ``(counts, x_edges, y_edges)``; dtypes as ``histogram``."""
    (dx, dy), joined, _ = array_likes("histogram2d", [x, y])
    edge_dt = inexact_dtype(joined)
    acc = compute_dtype(edge_dt)
    w = None if weights is None else data_of(weights, "histogram2d")[0]
    h, ex, ey = np.histogram2d(dtype_rules.cast(dx, acc), dtype_rules.cast(dy, acc), bins, range,
                               density,
                               None if w is None else dtype_rules.cast(w, dtypes.float64))
    count_dt = edge_dt if density else (w.dtype if w is not None and w.dtype in dtypes.FLOATING
                                        else default_dtype("float") if w is None
                                        else sum_dtype(w.dtype))
    # NumPy differs: histogram2d/histogramdd return float64 counts; so does weaknp (the
    # default float), unlike histogram's integer counts (decision 33).
    return finish(h, count_dt), finish(ex, edge_dt), finish(ey, edge_dt)
