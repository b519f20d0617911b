"""``weaknp.polynomial.hermite``: NumPy's ``numpy.polynomial.hermite`` with weaknp arrays
(re-exports from ``_numpy.polyseries`` and ``_numpy.polyclasses``)."""

from .._numpy.polyclasses import Hermite
from .._numpy.polyseries import FUNCTIONS as _FUNCTIONS

globals().update(_FUNCTIONS["hermite"])
__all__ = [*_FUNCTIONS["hermite"], "Hermite"]
