"""``weaknp.polynomial.hermite_e``: NumPy's ``numpy.polynomial.hermite_e`` with weaknp arrays
(re-exports from ``_numpy.polyseries`` and ``_numpy.polyclasses``)."""

from .._numpy.polyclasses import HermiteE
from .._numpy.polyseries import FUNCTIONS as _FUNCTIONS

globals().update(_FUNCTIONS["hermite_e"])
__all__ = [*_FUNCTIONS["hermite_e"], "HermiteE"]
