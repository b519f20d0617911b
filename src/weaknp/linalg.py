"""``weaknp.linalg``: the Array API linear-algebra extension (re-exports from ``_linalg``)."""

from ._linalg import *  # noqa: F403
from ._linalg import __all__  # noqa: F401
