"""``weaknp.random``: random numbers as weaknp arrays (re-exports from ``_random``)."""

from ._random import *  # noqa: F403
from ._random import __all__  # noqa: F401
