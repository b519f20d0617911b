"""NumPy-compatible indexing, selection, in-place writing and set functions.

Dtypes and weak flags (as ``jax.numpy``)
----------------------------------------
* Index results (``argwhere``, ``flatnonzero``, ``argpartition``, ``lexsort``,
  ``digitize``, ``unravel_index``, ``ravel_multi_index``, ``tril_indices`` and friends,
  ``ix_``, ``unique``'s index outputs) have the indexing dtype (int64; int32 in x32
  modes), strong.
* Selections keep the dtype and weak flag of their data (``compress``, ``extract``,
  ``partition``, ``unique``'s values); ``choose``, ``select`` and ``piecewise`` take the
  lattice join of their choices (Python scalars weak).  Set functions
  (``union1d``, ``intersect1d``, ``setdiff1d``, ``setxor1d``) join their two inputs.
* In-place functions (``copyto``, ``put``, ``place``, ``putmask``, ``put_along_axis``,
  ``fill_diagonal``) write into a weaknp array with the rule of ``x[i] = v``: the value's
  join with the array must be the array's dtype (``TypeError`` otherwise), Python ints out
  of range raise ``OverflowError``.  NumPy casts (``same_kind`` or unsafe) instead.
* ``packbits``/``unpackbits`` give uint8; ``sort_complex`` complex (complex64 for
  float32 and smaller inputs, complex128 otherwise).
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes as D
from .._core.dtype_rules import native_dtype
from .._core import kernel as K
from .._array.array import Array
from .._fast.dispatch import wrap
from .._core.errors import a_dtype
from .._array.operands import array_likes, data_of, public
from .._array.operands import raw as _raw
from .._core.promotion import default_dtype, node_of
from .._array.stored import deliver
from .._array.stored import stored_value

__all__ = [
    "argwhere", "flatnonzero", "argpartition", "partition", "lexsort", "digitize",
    "unravel_index", "ravel_multi_index", "tril_indices", "triu_indices", "tril_indices_from",
    "triu_indices_from", "diag_indices", "diag_indices_from", "mask_indices", "ix_",
    "compress", "extract", "choose", "select", "piecewise", "copyto", "put", "place",
    "putmask", "put_along_axis", "fill_diagonal", "unique", "union1d", "intersect1d",
    "setdiff1d", "setxor1d", "packbits", "unpackbits", "sort_complex",
]


def _idx(r):
    """Index output(s) of NumPy as strong arrays of the indexing dtype."""
    if isinstance(r, (tuple, list)):
        return type(r)(_idx(x) for x in r)
    return wrap(np.asarray(r).astype(default_dtype("indexing"), copy=False))


def _sortable(d: np.ndarray) -> np.ndarray:
    """NumPy sorts ml_dtypes types through float32 (values convert exactly)."""
    return K.cast(d, native_dtype(d.dtype))


# ---------------------------------------------------------------------------------------
# Index results.

def argwhere(a):
    """Indices of the non-zero elements, one row per element; indexing dtype."""
    d, _ = data_of(a, "argwhere")
    return _idx(np.argwhere(_sortable(d)))


def flatnonzero(a):
    """Indices of the non-zero elements of the flattened array; indexing dtype."""
    d, _ = data_of(a, "flatnonzero")
    return _idx(np.flatnonzero(_sortable(d)))


def _check_select(function, kind, order):
    if kind != "introselect":
        raise ValueError(f"{function}: kind must be 'introselect' (NumPy's only selection "
                         f"algorithm), got {kind!r}")
    if order is not None:
        raise TypeError(f"{function}: order= partitions structured arrays, which weaknp does "
                        f"not have; partition the field's array instead")


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition ``a`` around the ``kth`` element(s); indexing dtype."""
    _check_select("argpartition", kind, order)
    d, _ = data_of(a, "argpartition")
    # JAX differs: jnp.argpartition gives int32 even with x64 (and refuses bool input).
    # Decision 25.
    return _idx(np.argpartition(_sortable(d), _raw(kth), axis, kind, order))


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A copy of ``a`` partitioned around the ``kth`` element(s); same dtype and flag."""
    _check_select("partition", kind, order)
    d, w = data_of(a, "partition")
    return wrap(K.cast(np.partition(_sortable(d), _raw(kth), axis, kind, order), d.dtype), w)


def lexsort(keys, axis=-1):
    """Indirect stable sort on several keys (the last key is the primary); indexing dtype."""
    if isinstance(keys, Array):
        keys = [keys[i] for i in range(keys.shape[0])]
    ks = [_sortable(data_of(k, "lexsort")[0]) for k in keys]
    return _idx(np.lexsort(ks, axis))


def digitize(x, bins, right=False):
    """Indices of the bins each value of ``x`` falls in; indexing dtype."""
    (dx, db), _, _ = array_likes("digitize", [x, bins])
    # JAX differs: jnp.digitize gives int32 even with x64 (decision 25).
    return _idx(np.digitize(_sortable(dx), _sortable(db), right))


def unravel_index(indices, shape, order="C"):
    """Convert flat indices into a tuple of coordinate arrays; indexing dtype."""
    d, _ = data_of(indices, "unravel_index")
    # JAX differs: it returns the input's dtype (int8 can overflow; weak for a Python int).
    # Decision 32.
    return _idx(np.unravel_index(d, _raw(shape), order))


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    """Convert a tuple of coordinate arrays into flat indices; indexing dtype."""
    idx = tuple(data_of(i, "ravel_multi_index")[0] for i in multi_index)
    # JAX differs: it returns the inputs' dtype (int8 can overflow) (decision 32).
    return _idx(np.ravel_multi_index(idx, _raw(dims), mode, order))


def tril_indices(n, k=0, m=None):
    """Indices of the lower triangle of an ``(n, m)`` array; indexing dtype."""
    return _idx(np.tril_indices(n, k, m))


def triu_indices(n, k=0, m=None):
    """Indices of the upper triangle of an ``(n, m)`` array; indexing dtype."""
    return _idx(np.triu_indices(n, k, m))


def tril_indices_from(arr, k=0):
    """Indices of the lower triangle of the 2-D ``arr``; indexing dtype."""
    return _idx(np.tril_indices_from(data_of(arr, "tril_indices_from")[0], k))


def triu_indices_from(arr, k=0):
    """Indices of the upper triangle of the 2-D ``arr``; indexing dtype."""
    return _idx(np.triu_indices_from(data_of(arr, "triu_indices_from")[0], k))


def diag_indices(n, ndim=2):
    """Indices of the main diagonal of an ``n``-sized ``ndim``-D array; indexing dtype."""
    return _idx(np.diag_indices(n, ndim))


def diag_indices_from(arr):
    """Indices of the main diagonal of ``arr``; indexing dtype."""
    return _idx(np.diag_indices_from(data_of(arr, "diag_indices_from")[0]))


def mask_indices(n, mask_func, k=0):
    """Indices where ``mask_func(ones((n, n)), k)`` is non-zero; indexing dtype.

    ``mask_func`` receives and returns weaknp arrays and is called as
    ``mask_func(a, k=k)`` (``wnp.triu``/``wnp.tril`` take ``k`` by keyword)."""
    m = mask_func(wrap(np.ones((n, n), dtype=D.int64)), k=k)
    return _idx(np.nonzero(data_of(m, "mask_indices")[0]))


def ix_(*args):
    """Open meshes for indexing with integer or boolean sequences.

    Non-bool input keeps its dtype and flag (data movement, as NumPy and ``jax.numpy``);
    bool input becomes the indices of its true elements (indexing dtype)."""
    datas = [data_of(a, "ix_") for a in args]
    out = np.ix_(*(_sortable(d) for d, _ in datas))
    return tuple(_idx(o) if d.dtype == D.bool_ else wrap(K.cast(o, d.dtype), w)
                 for o, (d, w) in zip(out, datas))


# ---------------------------------------------------------------------------------------
# Selection.

def compress(condition, a, axis=None, out=None):
    """Elements of ``a`` where ``condition`` is true along ``axis``; ``a``'s dtype and flag."""
    c, _ = data_of(condition, "compress")
    d, w = data_of(a, "compress")
    return deliver(wrap(np.compress(c.astype(bool), d, axis), w), out, "compress")


def extract(condition, arr):
    """Elements of ``arr`` (flattened) where ``condition`` is true; ``arr``'s dtype and flag."""
    c, _ = data_of(condition, "extract")
    d, w = data_of(arr, "extract")
    return wrap(np.extract(c, d), w)


def choose(a, choices, out=None, mode="raise"):
    """Build an array from ``choices`` by the index array ``a``.  Promotion: the lattice
    join of the choices."""
    ia, _ = data_of(a, "choose")
    if ia.dtype not in D.INTEGER | D.BOOL:
        raise TypeError(f"choose: the index array must hold integers, got "
                        f"{D.dtype_name(ia.dtype)}")
    datas, _, weak = array_likes("choose", list(choices))
    # JAX differs: jnp.choose drops the weak flag of a weak join (its select keeps it).
    # Decision 32.
    return deliver(wrap(np.choose(ia.astype(np.int64), datas, mode=mode), weak), out,
                   "choose")


def select(condlist, choicelist, default=0):
    """Elements from ``choicelist`` where the matching condition holds, else ``default``.

    Promotion: the lattice join of the choices and ``default`` (a Python scalar is weak:
    ``select(conds, [int8_array], 0)`` is int8)."""
    if len(condlist) != len(choicelist):
        raise ValueError("select: list of cases must be same length as list of conditions")
    conds = [data_of(c, "select")[0] for c in condlist]
    for c in conds:
        if c.dtype != D.bool_:
            raise TypeError(f"select: conditions must be bool arrays, got "
                            f"{D.dtype_name(c.dtype)}")
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


# ---------------------------------------------------------------------------------------
# Writing into an existing array.

def _target(function, a, numpy_array=False):
    """The buffer written into and its node.  ``numpy_array``: a NumPy array is accepted too,
    as a strong value of its dtype (``copyto`` only: NumPy's ``full`` writes into its own
    array with ``np.copyto(ndarray, fill_value)``, which NEP 18 sends here when
    ``fill_value`` is an Array)."""
    if isinstance(a, Array):
        return a._data, a._node
    if numpy_array and isinstance(a, np.ndarray) and a.dtype in D.ALL_DTYPES:
        return a, node_of(a.dtype, False)
    raise TypeError(f"{function}: the array written into must be a weaknp Array, got "
                    f"{type(a).__name__}")


_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


def copyto(dst, src, casting="same_kind", where=True):
    """Copy ``src`` into ``dst`` (broadcasting), where ``where`` is true.

    Promotion: with ``casting='same_kind'`` (the default) ``src`` must fit ``dst``'s dtype
    by the rule of ``dst[...] = src`` (its join with ``dst`` is ``dst``'s dtype; Python
    scalars are weak, out-of-range ints raise ``OverflowError``); ``'no'``, ``'equiv'`` and
    ``'safe'`` also require NumPy's ``can_cast`` for a strong ``src``; ``'unsafe'`` is an
    explicit cast and converts as NumPy does.  ``dst`` may be a NumPy array (a strong value
    of its dtype, written in place), as when NumPy's ``full`` fills with an Array."""
    d, node = _target("copyto", dst, numpy_array=True)
    if casting not in _CASTINGS:
        raise ValueError(f"copyto: casting must be one of {', '.join(_CASTINGS)}, got "
                         f"{casting!r}")
    if casting == "unsafe":
        if type(src) is int:
            v = K.narrow_scalar(src, d.dtype, "copyto")
        else:
            v = K.explicit_cast(data_of(src, "copyto")[0], d.dtype)   # NumPy's warnings
    else:
        # NumPy differs: its 'same_kind' casts int16 into int8 (values wrap); weaknp
        # applies the in-place rule (the join must be dst's dtype), as x[...] = v does.
        # Decision 22.
        v = stored_value("copyto", d, node, src, lists=True)
        if casting != "same_kind":
            s, weak = data_of(src, "copyto")
            if not weak and not np.can_cast(s.dtype, d.dtype, casting):
                raise TypeError(
                    f"copyto: cannot copy {D.dtype_name(s.dtype)} into "
                    f"{a_dtype(D.dtype_name(d.dtype))} array under casting={casting!r}; pass a "
                    f"looser casting= or cast src with astype() first")
    np.copyto(d, v, casting="unsafe", where=_raw(where))


def put(a, ind, v, mode="raise"):
    """Set ``a.flat[ind] = v`` in place (values checked as for ``x[i] = v``)."""
    d, node = _target("put", a)
    v = stored_value("put", d, node, v, lists=True)
    ind = _raw(ind)
    if mode == "raise":
        # NumPy differs: its put writes the valid indices before an out-of-range one
        # raises; weaknp checks every index first, so a failing put changes nothing.
        # Decision 38.
        i = np.asarray(ind)
        if i.size and i.dtype.kind in "iu":
            n = d.size
            lo, hi = int(i.min()), int(i.max())
            if lo < -n or hi >= n:
                raise IndexError(f"put: index {lo if lo < -n else hi} is out of bounds for an "
                                 f"array of size {n}; pass indices in [-{n}, {n}) or "
                                 f"mode='wrap'/'clip'")
    np.put(d, ind, v, mode)


def place(arr, mask, vals):
    """Set elements of ``arr`` where ``mask`` is true from ``vals`` (repeated) in place."""
    d, node = _target("place", arr)
    np.place(d, data_of(mask, "place")[0], stored_value("place", d, node, vals, lists=True))


def putmask(a, mask, values):
    """Set ``a[mask] = values`` in place, ``values`` repeated to ``a``'s size."""
    d, node = _target("putmask", a)
    np.putmask(d, data_of(mask, "putmask")[0],
               stored_value("putmask", d, node, values, lists=True))


def put_along_axis(arr, indices, values, axis):
    """Write ``values`` at ``indices`` along ``axis`` in place (values checked)."""
    d, node = _target("put_along_axis", arr)
    np.put_along_axis(d, data_of(indices, "put_along_axis")[0],
                      stored_value("put_along_axis", d, node, values, lists=True), axis)


def fill_diagonal(a, val, wrap=False):  # noqa: A002 - NumPy's parameter name
    """Fill the main diagonal of ``a`` in place (value checked as for ``x[i] = v``)."""
    d, node = _target("fill_diagonal", a)
    np.fill_diagonal(d, stored_value("fill_diagonal", d, node, val, lists=True), wrap)


# ---------------------------------------------------------------------------------------
# Sets.

def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):  # noqa: A002 - NumPy's parameter name
    """NumPy's ``unique``: sorted unique values, optionally with first indices, inverse
    and counts (indexing dtype).  Values keep ``ar``'s dtype and weak flag."""
    d, w = data_of(ar, "unique")
    work = _sortable(d)
    r = np.unique(work, return_index, return_inverse, return_counts, axis,
                  equal_nan=equal_nan, sorted=sorted)
    if not isinstance(r, tuple):
        return wrap(K.cast(r, d.dtype), w)
    return (wrap(K.cast(r[0], d.dtype), w), *(_idx(x) for x in r[1:]))


def _set_op(np_fn, name, doc):
    def function(ar1, ar2, *args, **kwargs):
        (a, b), dt, weak = array_likes(name, [ar1, ar2])
        r = np_fn(_sortable(a), _sortable(b), *args, **kwargs)
        if isinstance(r, tuple):
            return (wrap(K.cast(r[0], dt), weak), *(_idx(x) for x in r[1:]))
        return wrap(K.cast(r, dt), weak)

    return public(function, name, doc + "\n\nPromotion: the lattice join of the two inputs.")


union1d = _set_op(np.union1d, "union1d", "Sorted union of two arrays.")
intersect1d = _set_op(np.intersect1d, "intersect1d",
                      "Sorted intersection of two arrays (optionally with indices).")


def setdiff1d(ar1, ar2, assume_unique=False):
    """Sorted unique values of ``ar1`` not in ``ar2``.

    Promotion: ``ar1``'s dtype and weak flag (the values all come from ``ar1``; as NumPy
    and ``jax.numpy``); ``ar2`` is compared by value."""
    a, w = data_of(ar1, "setdiff1d")
    b, _ = data_of(ar2, "setdiff1d")
    return wrap(K.cast(np.setdiff1d(_sortable(a), _sortable(b), assume_unique), a.dtype), w)


setxor1d = _set_op(np.setxor1d, "setxor1d", "Sorted values in exactly one of the inputs.")


# ---------------------------------------------------------------------------------------
# Bits and complex sorting.

def packbits(a, /, axis=None, bitorder="big"):
    """Pack the elements of a bool/integer array into bits of a uint8 array."""
    d, _ = data_of(a, "packbits")
    if d.dtype not in D.INTEGER | D.BOOL:
        raise TypeError(f"packbits: expected bool or integer input, got "
                        f"{D.dtype_name(d.dtype)}")
    return wrap(np.packbits(_sortable(d), axis=axis, bitorder=bitorder))


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    """Unpack a uint8 array into its bits (uint8)."""
    d, _ = data_of(a, "unpackbits")
    if d.dtype != D.uint8:
        raise TypeError(f"unpackbits: expected uint8 input, got {D.dtype_name(d.dtype)}; "
                        f"cast with astype('uint8')")
    return wrap(np.unpackbits(d, axis=axis, count=count, bitorder=bitorder))


def sort_complex(a):
    """Sort by real part, then imaginary part.  Dtype: complex64 for inputs up to float32
    (and their integer equivalents), complex128 otherwise (JAX's rule)."""
    d, _ = data_of(a, "sort_complex")
    # NumPy differs: its dtypes are irregular (float32 -> complex128, int8 -> complex64).
    # Decision 46.
    if d.dtype in D.COMPLEX:
        out = d.dtype
    elif d.dtype in (D.float64, D.int64, D.uint64):
        out = D.complex128
    else:
        out = D.complex64
    return wrap(np.sort_complex(K.cast(_sortable(d), out)))
