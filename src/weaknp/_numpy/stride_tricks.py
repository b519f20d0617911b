"""``weaknp.lib.stride_tricks``: views of an array's memory with other shapes and strides.

Both functions return views of the same memory, with the array's dtype and weak
flag (a view changes no value).  ``sliding_window_view`` is what xarray's rolling windows
call through ``xp.lib.stride_tricks``.
"""

from __future__ import annotations

import numpy as np

from .._fast.dispatch import wrap
from .._array.operands import data_of

__all__ = ["as_strided", "sliding_window_view"]


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """Every window of ``window_shape`` over ``x`` (along ``axis``), as a read-only view;
    the window dimensions come last.  Same dtype and weak flag as ``x``.

    Examples
    --------
    >>> from weaknp.lib.stride_tricks import sliding_window_view
    >>> sliding_window_view(wnp.arange(5, dtype=wnp.int8), 3)
    Array([[0, 1, 2],
           [1, 2, 3],
           [2, 3, 4]], dtype=int8)
    >>> sliding_window_view(wnp.arange(5, dtype=wnp.int8), 3).sum(axis=-1)
    Array([3, 6, 9], dtype=int64)
    """
    d, w = data_of(x, "sliding_window_view")
    return wrap(np.lib.stride_tricks.sliding_window_view(
        d, window_shape, axis, subok=False, writeable=writeable), w)


def as_strided(x, shape=None, strides=None, subok=False, writeable=True, *,
               check_bounds=None):
    """A view of ``x``'s memory with the given ``shape`` and ``strides`` (bytes), as
    NumPy's ``as_strided``: unchecked unless ``check_bounds`` is true (NumPy 2.5's
    keyword, honoured with any NumPy), when a view reaching outside the memory of ``x``'s
    base raises ``ValueError``.  Same dtype and weak flag as ``x``.

    Examples
    --------
    >>> from weaknp.lib.stride_tricks import as_strided
    >>> x = wnp.arange(4, dtype=wnp.int16)
    >>> as_strided(x, shape=(3, 2), strides=(2, 2))
    Array([[0, 1],
           [1, 2],
           [2, 3]], dtype=int16)
    >>> as_strided(x, shape=(5,), strides=(2,), check_bounds=True)
    Traceback (most recent call last):
      ...
    ValueError: as_strided: shape (5,) with strides (2,) would access 2 bytes after ...
    """
    d, w = data_of(x, "as_strided")
    view = np.lib.stride_tricks.as_strided(d, shape, strides, subok=False,
                                           writeable=writeable)
    if check_bounds:
        base = d
        while isinstance(base.base, np.ndarray):
            base = base.base
        low, high = np.lib.array_utils.byte_bounds(base)
        view_low, view_high = np.lib.array_utils.byte_bounds(view)
        where = (f"{low - view_low} bytes before" if view_low < low else
                 f"{view_high - high} bytes after" if view_high > high else None)
        if where is not None:
            raise ValueError(
                f"as_strided: shape {view.shape} with strides {view.strides} would access "
                f"{where} the array's memory; choose a shape and strides within it (or use "
                f"sliding_window_view)")
    return wrap(view, w)
