"""NumPy's index tricks (``numpy/lib/_index_tricks_impl.py``): ``ndindex``,
``ndenumerate``, ``mgrid``/``ogrid``, ``r_``/``c_``, ``ix_``, the diagonal indices and
``fill_diagonal``.

Elements of ``ndenumerate`` come back as 0-d weaknp arrays with the array's dtype and weak
flag (weaknp's scalars, as iteration over an Array gives).  Index results have the indexing
dtype, grids the mode's default dtypes, strong.  ``fill_diagonal`` writes with the rule of
``x[i] = v``.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core.promotion import default_dtype
from .._fast.dispatch import wrap, wrap_node
from .._array.array import Array
from .._array.operands import array_likes, data_of
from .._array.stored import stored_value
from .multiarray import index_result, sortable, written_buffer

__all__ = [
    "diag_indices", "diag_indices_from", "ix_", "fill_diagonal", "mgrid", "ogrid", "r_",
    "c_", "s_", "index_exp", "ndindex", "ndenumerate",
]


def diag_indices(n, ndim=2):
    """Indices of the main diagonal of an ``n``-sized ``ndim``-D array; indexing dtype."""
    return index_result(np.diag_indices(n, ndim))


def diag_indices_from(arr):
    """Indices of the main diagonal of ``arr``; indexing dtype."""
    return index_result(np.diag_indices_from(data_of(arr, "diag_indices_from")[0]))


def ix_(*args):
    """Open meshes for indexing with integer or boolean sequences.

    Non-bool input keeps its dtype and flag (data movement, as NumPy and ``jax.numpy``);
    bool input becomes the indices of its true elements (indexing dtype)."""
    datas = [data_of(a, "ix_") for a in args]
    out = np.ix_(*(sortable(d) for d, _ in datas))
    return tuple(index_result(o) if d.dtype == dtypes.bool_ else wrap(dtype_rules.cast(o,
                                                                                       d.dtype), w)
                 for o, (d, w) in zip(out, datas))


def fill_diagonal(a, val, wrap=False):  # noqa: A002 - NumPy's parameter name
    """Fill the main diagonal of ``a`` in place (value checked as for ``x[i] = v``)."""
    d, node = written_buffer("fill_diagonal", a)
    np.fill_diagonal(d, stored_value("fill_diagonal", d, node, val, lists=True), wrap)


class _Grid:
    """``mgrid``/``ogrid``: NumPy's index tricks, with the mode's default dtypes."""

    def __init__(self, np_grid, name):
        self._np = np_grid
        self._name = name

    def __getitem__(self, key):
        r = self._np[key]
        if isinstance(r, (list, tuple)):
            return type(r)(self._fix(g) for g in r)
        return self._fix(r)

    def _fix(self, g):
        g = np.asarray(g)
        kind = "complex" if g.dtype.kind == "c" else "float" if g.dtype.kind == "f" else "int"
        return wrap(dtype_rules.cast(g, default_dtype(kind)))

    def __repr__(self):
        return f"weaknp.{self._name}"


mgrid = _Grid(np.mgrid, "mgrid")
ogrid = _Grid(np.ogrid, "ogrid")


class _Concatenator:
    """``r_``/``c_``: NumPy's concatenation tricks; the pieces are joined on the lattice
    (Python scalars weak, slices are strong ranges of the default dtype)."""

    def __init__(self, np_conc, name):
        self._np = np_conc
        self._name = name

    def __getitem__(self, key):
        items = key if isinstance(key, tuple) else (key,)
        pieces, where = [], []
        for i, item in enumerate(items):
            if isinstance(item, str):
                continue
            if isinstance(item, slice):
                r = np.r_[item]
                kind = "float" if r.dtype.kind == "f" else "int"
                pieces.append(wrap(dtype_rules.cast(r, default_dtype(kind))))
            else:
                pieces.append(item)
            where.append(i)
        if not pieces:
            return wrap(np.asarray(self._np[key]))
        datas, dt, weak = array_likes(self._name, pieces)
        new = list(items)
        for i, d in zip(where, datas):
            new[i] = d
        r = np.asarray(self._np[tuple(new)])  # 'r'/'c' directives give np.matrix
        return wrap(dtype_rules.cast(np.asarray(r), dt) if r.dtype != dt else r, weak)

    def __len__(self):
        return 0

    def __repr__(self):
        return f"weaknp.{self._name}"


r_ = _Concatenator(np.r_, "r_")
c_ = _Concatenator(np.c_, "c_")
s_ = np.s_
index_exp = np.index_exp


#: NumPy's ``ndindex`` takes no arrays: the object itself (tuples of Python ints).
ndindex = np.ndindex


class ndenumerate:
    """``(index, value)`` pairs over an array in C order; ``value`` is a 0-d array with the
    array's dtype and weak flag.

    Examples
    --------
    >>> for i, v in wnp.ndenumerate(wnp.asarray([[1, 2]], dtype=wnp.int8)):
    ...     print(i, repr(v))
    (0, 0) Array(1, dtype=int8)
    (0, 1) Array(2, dtype=int8)
    """

    def __init__(self, arr):
        if isinstance(arr, Array):
            self._data, self._node = arr._data, arr._node
        else:
            d, w = data_of(arr, "ndenumerate")
            a = wrap(d, w)
            self._data, self._node = a._data, a._node

    def __iter__(self):
        d, node = self._data, self._node
        for index in np.ndindex(d.shape):
            yield index, wrap_node(d[index + (...,)], node)
