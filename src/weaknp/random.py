"""``weaknp.random``: random numbers as weaknp arrays (re-exports from ``_random``)."""

from ._numpy.random import *  # noqa: F403
from ._numpy.random import __all__  # noqa: F401
