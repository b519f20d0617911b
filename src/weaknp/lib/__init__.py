"""``weaknp.lib``: the parts of ``numpy.lib`` scripts reach for (``stride_tricks``,
``scimath`` -- the same module as ``weaknp.emath``)."""

from .. import emath as scimath
from . import stride_tricks

__all__ = ["scimath", "stride_tricks"]
