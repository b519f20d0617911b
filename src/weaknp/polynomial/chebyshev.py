"""``weaknp.polynomial.chebyshev``: NumPy's ``numpy.polynomial.chebyshev`` with weaknp arrays
(re-exports from ``_numpy.polyseries`` and ``_numpy.polyclasses``)."""

from .._numpy.polyclasses import Chebyshev
from .._numpy.polyseries import FUNCTIONS as _FUNCTIONS

globals().update(_FUNCTIONS["chebyshev"])
__all__ = [*_FUNCTIONS["chebyshev"], "Chebyshev"]
