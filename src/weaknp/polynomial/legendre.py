"""``weaknp.polynomial.legendre``: NumPy's ``numpy.polynomial.legendre`` with weaknp arrays
(re-exports from ``_numpy.polyseries`` and ``_numpy.polyclasses``)."""

from .._numpy.polyclasses import Legendre
from .._numpy.polyseries import FUNCTIONS as _FUNCTIONS

globals().update(_FUNCTIONS["legendre"])
__all__ = [*_FUNCTIONS["legendre"], "Legendre"]
