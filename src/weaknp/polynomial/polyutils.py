"""``weaknp.polynomial.polyutils``: NumPy's ``numpy.polynomial.polyutils`` (``trimcoef``,
``trimseq``, ``as_series``, ``getdomain``, ``mapdomain``, ``mapparms``) with weaknp arrays
(re-exports from ``_numpy.polyseries``)."""

from .._numpy.polyseries import FUNCTIONS as _FUNCTIONS

globals().update(_FUNCTIONS["polyutils"])
__all__ = [*_FUNCTIONS["polyutils"]]
