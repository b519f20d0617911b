"""``weaknp.polynomial.polynomial``: NumPy's ``numpy.polynomial.polynomial`` with weaknp arrays
(re-exports from ``_numpy.polyseries`` and ``_numpy.polyclasses``)."""

from .._numpy.polyclasses import Polynomial
from .._numpy.polyseries import FUNCTIONS as _FUNCTIONS

globals().update(_FUNCTIONS["polynomial"])
__all__ = [*_FUNCTIONS["polynomial"], "Polynomial"]
