"""``numpy.lib.recfunctions`` for weaknp arrays (``weaknp._numpy.recfunctions``)."""

from .._numpy.recfunctions import *  # noqa: F403
from .._numpy.recfunctions import __all__  # noqa: F401
