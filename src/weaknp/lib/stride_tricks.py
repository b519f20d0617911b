"""``numpy.lib.stride_tricks`` for weaknp arrays (``weaknp._numpy.stride_tricks``)."""

from .._numpy.stride_tricks import as_strided, sliding_window_view

__all__ = ["as_strided", "sliding_window_view"]
