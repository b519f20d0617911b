"""``weaknp.lib``: the parts of ``numpy.lib`` scripts reach for (``stride_tricks``,
``recfunctions``, ``scimath`` -- the same module as ``weaknp.emath``)."""

from .. import emath as scimath
from . import recfunctions, stride_tricks

__all__ = ["recfunctions", "scimath", "stride_tricks"]
