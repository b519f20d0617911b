"""``numpy.lib.stride_tricks`` for weaknp arrays (``weaknp._np_strides``)."""

from .._np_strides import as_strided, sliding_window_view

__all__ = ["as_strided", "sliding_window_view"]
