"""``weaknp.polynomial.laguerre``: NumPy's ``numpy.polynomial.laguerre`` with weaknp arrays
(re-exports from ``_numpy.polyseries`` and ``_numpy.polyclasses``)."""

from .._numpy.polyclasses import Laguerre
from .._numpy.polyseries import FUNCTIONS as _FUNCTIONS

globals().update(_FUNCTIONS["laguerre"])
__all__ = [*_FUNCTIONS["laguerre"], "Laguerre"]
