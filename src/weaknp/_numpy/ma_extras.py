"""Masked arrays (NumPy's ``numpy/ma/extras.py`` and the masking functions of its
``core.py``): masking by condition (``masked_where``, ``masked_greater`` ...), ``median``,
``average``, joining (``concatenate``, ``stack``), creation (``zeros``, ``masked_all``),
``apply_along_axis`` (``weaknp.ma``; see ``ma_core`` for the rules).

``median`` and ``average`` follow weaknp's dtype rules (the inexact rule: the median of
int8 values is float32); the masks follow NumPy's (a slice masked throughout is masked).
"""

from __future__ import annotations

import warnings

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core.arguments import axes
from .._fast.dispatch import wrap
from .._array.interop import namespace
from .ma_core import MaskedArray, _fill_array, _finish, asarray, filled, getdata, getmaskarray, \
    isMaskedArray, masked, masked_array
from .ma_methods import nomask, plain

__all__ = [
    "fix_invalid", "masked_where", "masked_equal", "masked_not_equal", "masked_greater",
    "masked_greater_equal", "masked_less", "masked_less_equal", "masked_inside",
    "masked_outside", "masked_values", "masked_invalid", "median", "average", "concatenate",
    "stack", "vstack", "hstack", "zeros", "ones", "empty", "zeros_like", "ones_like",
    "empty_like", "masked_all", "masked_all_like", "apply_along_axis", "arange",
]


def _ns():
    return namespace()


def fix_invalid(a, mask=nomask, copy=True, fill_value=None):
    """``a`` with its NaN and infinite entries masked and their data set to
    ``fill_value``."""
    x = MaskedArray(a, mask=mask, copy=copy)
    invalid = ~np.asarray(_ns().isfinite(x._data)._data)
    if invalid.any():
        x._mask = getmaskarray(x) | invalid
        np.copyto(x._data._data, _fill_array(fill_value, x.dtype), where=invalid)
    return x


# -- masking by condition -------------------------------------------------------------------

def masked_where(condition, a, copy=True):
    """``a`` masked where ``condition`` is true (with ``a``'s own mask kept)."""
    # a masked condition counts as true (NumPy's make_mask fills it with True)
    cond = np.asarray(plain(filled(condition, True) if isMaskedArray(condition)
                            else condition), bool)
    x = MaskedArray(a, copy=copy)
    if cond.shape != x.shape:
        raise IndexError(f"masked_where: the condition's shape {cond.shape} and the "
                         f"array's {x.shape} differ; pass a condition of the array's shape")
    x._mask = cond.copy() if x._mask is nomask else (x._mask | cond)
    return x


def _compare_mask(function, name):
    def masking(x, value, copy=True):
        x = asarray(x)
        with np.errstate(invalid="ignore"):
            cond = getattr(_ns(), function)(x._data, value)
        return masked_where(cond._data, x, copy)

    masking.__name__ = masking.__qualname__ = name
    masking.__doc__ = f"``x`` masked where ``x {function.replace('_', ' ')} value``."
    return masking


masked_greater = _compare_mask("greater", "masked_greater")
masked_greater_equal = _compare_mask("greater_equal", "masked_greater_equal")
masked_less = _compare_mask("less", "masked_less")
masked_less_equal = _compare_mask("less_equal", "masked_less_equal")
masked_not_equal = _compare_mask("not_equal", "masked_not_equal")
_masked_equal = _compare_mask("equal", "masked_equal")


def masked_equal(x, value, copy=True):
    """``x`` masked where it equals ``value`` (the fill value becomes ``value``)."""
    r = _masked_equal(x, value, copy)
    r.fill_value = value
    return r


def masked_inside(x, v1, v2, copy=True):
    """``x`` masked inside the closed interval ``[v1, v2]`` (in either order)."""
    v1, v2 = (v2, v1) if v2 < v1 else (v1, v2)
    x = asarray(x)
    return masked_where(((x._data >= v1) & (x._data <= v2))._data, x, copy)


def masked_outside(x, v1, v2, copy=True):
    """``x`` masked outside the closed interval ``[v1, v2]`` (in either order)."""
    v1, v2 = (v2, v1) if v2 < v1 else (v1, v2)
    x = asarray(x)
    return masked_where(((x._data < v1) | (x._data > v2))._data, x, copy)


def masked_values(x, value, rtol=1e-5, atol=1e-8, copy=True, shrink=True):
    """``x`` masked where it is close to ``value`` (equal for integers)."""
    x = asarray(x)
    if x.dtype in dtypes.FLOATING:
        cond = _ns().isclose(x._data, value, rtol=rtol, atol=atol)._data
    else:
        cond = (x._data == value)._data
    r = masked_where(cond, x, copy)
    r.fill_value = value
    if shrink:
        r.shrink_mask()
    return r


def masked_invalid(a, copy=True):
    """``a`` masked where it is NaN or infinite."""
    x = asarray(a)
    return masked_where(~np.asarray(_ns().isfinite(x._data)._data), x, copy)


# -- statistics -----------------------------------------------------------------------------

def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """The median of the unmasked values (along ``axis``); the inexact rule's dtype (as
    weaknp's ``median``); masked where a slice is masked throughout."""
    if out is not None:
        raise TypeError("ma.median: out= is not supported; assign the result instead")
    x = asarray(a)
    if x._mask is nomask:
        return _finish(_ns().median(x._data, axis=axis, keepdims=keepdims), nomask)
    dt = dtype_rules.inexact_dtype(x.dtype)
    d = x._data.astype(dt)._data.copy()
    d[x._mask] = np.nan
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        r = _ns().nanmedian(wrap(d, x.weak_type), axis=axis, keepdims=keepdims)
    return _finish(r, np.all(x._mask, axis=axis, keepdims=keepdims))


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """The (weighted) average of the unmasked values; with ``returned``, also the sum of
    the weights of the unmasked values.  Dtype: weaknp's ``divide`` of the weighted sum
    by the weights' sum (the lattice join, inexact)."""
    x = asarray(a)
    if weights is None:
        avg = x.mean(axis, keepdims=keepdims)
        if not returned:
            return avg
        n = x.count(axis, keepdims=keepdims)
        return avg, _finish(_ns().asarray(n, dtype=getattr(avg, "dtype", None)), nomask)
    w = plain(weights.filled(0) if isinstance(weights, MaskedArray) else weights)
    w = _ns().asarray(w)
    if w.shape != x.shape:
        w = _weights_along(w, x.shape, axis)
    keep = wrap(~getmaskarray(x)) if x._mask is not nomask else None
    ww = w * keep if keep is not None else w
    wsum = _ns().sum(ww, axis=axis, keepdims=keepdims)
    with np.errstate(all="ignore"):
        avg = _ns().sum(x.filled(0) * ww, axis=axis, keepdims=keepdims) / wsum
    m = nomask if x._mask is nomask else np.all(x._mask, axis=axis, keepdims=keepdims)
    avg = _finish(avg, m)
    return (avg, _finish(wsum, nomask)) if returned else avg


def _weights_along(w, shape, axis):
    """Weights of the shape of ``a`` along ``axis`` (an int or a tuple, in any order)
    broadcast to ``a``'s ``shape``, as NumPy's ``average`` lays them out."""
    if axis is None:
        raise TypeError("ma.average: weights of another shape than a need an axis; pass "
                        "axis=, or weights of a's shape")
    ax = axes(axis, len(shape), "ma.average")
    if w.shape != tuple(shape[a] for a in ax):
        raise ValueError(f"ma.average: weights of shape {w.shape} do not match a's shape "
                         f"{shape} along axis {axis}; pass weights of shape "
                         f"{tuple(shape[a] for a in ax)}")
    w = _ns().permute_dims(w, tuple(int(i) for i in np.argsort(ax)))
    w = w.reshape(tuple(s if i in ax else 1 for i, s in enumerate(shape)))
    return _ns().broadcast_to(w, shape)


# -- joining ----------------------------------------------------------------------------

def _joined(function, arrays, axis, **kwargs):
    xs = [asarray(a) if not isinstance(a, MaskedArray) else a for a in arrays]
    d = getattr(_ns(), function)([x._data for x in xs], axis=axis, **kwargs)
    if all(x._mask is nomask for x in xs):
        return _finish(d, nomask)
    m = getattr(np, function if function != "concat" else "concatenate")(
        [getmaskarray(x) for x in xs], axis=axis)
    return _finish(d, m)


def concatenate(arrays, axis=0):
    """Join masked arrays along an axis (the lattice join of their dtypes; the masks
    joined alike)."""
    return _joined("concat", arrays, axis)


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Stack masked arrays along a new axis."""
    return _joined("stack", arrays, axis)


def vstack(tup):
    """Stack masked arrays vertically (rows)."""
    xs = [asarray(a) for a in tup]
    xs = [x.reshape(1, -1) if x.ndim == 1 else x for x in xs]
    return _joined("concat", xs, 0)


def hstack(tup):
    """Stack masked arrays horizontally (columns)."""
    xs = [asarray(a) for a in tup]
    return _joined("concat", xs, 0 if all(x.ndim == 1 for x in xs) else 1)


# -- creation -------------------------------------------------------------------------------

def _created(function):
    def create(*args, **kwargs):
        return masked_array(getattr(_ns(), function)(*args, **kwargs))

    create.__name__ = create.__qualname__ = function
    create.__doc__ = (f"weaknp's ``{function}`` as a masked array with nothing masked "
                      f"(``mask`` is ``nomask``).")
    return create


zeros, ones, empty = _created("zeros"), _created("ones"), _created("empty")
arange = _created("arange")


def _created_like(function):
    def create(a, *args, **kwargs):
        x = asarray(a)
        return MaskedArray._new(getattr(_ns(), function)(x._data, *args, **kwargs),
                                x._mask if x._mask is nomask else x._mask.copy())

    create.__name__ = create.__qualname__ = function
    create.__doc__ = f"weaknp's ``{function}`` of the data, with ``a``'s mask."
    return create


zeros_like, ones_like = _created_like("zeros_like"), _created_like("ones_like")
empty_like = _created_like("empty_like")


def masked_all(shape, dtype=float):
    """A masked array of ``shape`` with every entry masked."""
    d = _ns().empty(shape, dtype=dtype)
    return MaskedArray._new(d, np.ones(d.shape, bool))


def masked_all_like(arr):
    """A masked array like ``arr`` with every entry masked."""
    d = _ns().empty_like(plain(asarray(arr)._data))
    return MaskedArray._new(d, np.ones(d.shape, bool))


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """``func1d`` applied to the 1-D slices of ``arr`` along ``axis`` (each a masked
    array); the results stacked, as NumPy's ``numpy.ma.apply_along_axis``."""
    x = asarray(arr)
    axis = axis % x.ndim if x.ndim else 0
    moved = MaskedArray._new(_ns().moveaxis(x._data, axis, -1),
                             x._mask if x._mask is nomask else np.moveaxis(x._mask, axis, -1))
    outer = moved.shape[:-1]
    results = [func1d(moved[index], *args, **kwargs) for index in np.ndindex(*outer)]
    if not results:
        raise ValueError("ma.apply_along_axis: arr has no slice along the axis to apply "
                         "func1d to")
    parts = [r if isinstance(r, MaskedArray) else
             masked_array(0, mask=True) if r is masked else masked_array(r) for r in results]
    out = stack(parts, axis=0)
    out = out.reshape(*outer, *out.shape[1:])
    if out.ndim > len(outer):   # each result an array: its axes go where ``axis`` was
        out = MaskedArray._new(
            _ns().moveaxis(out._data, list(range(len(outer), out.ndim)),
                           list(range(axis, axis + out.ndim - len(outer)))),
            out._mask if out._mask is nomask else
            np.moveaxis(out._mask, list(range(len(outer), out.ndim)),
                        list(range(axis, axis + out.ndim - len(outer)))))
    return out
