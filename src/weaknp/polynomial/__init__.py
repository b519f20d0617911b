"""``weaknp.polynomial``: NumPy's ``numpy.polynomial`` (the series classes and, in the
submodules, the module functions of each basis) with coefficients as weaknp arrays whose
dtype the lattice decides (re-exports; see ``weaknp._numpy.polyseries``)."""

from numpy.polynomial import set_default_printstyle

from . import chebyshev, hermite, hermite_e, laguerre, legendre, polynomial, polyutils
from .._numpy.polyclasses import Chebyshev, Hermite, HermiteE, Laguerre, Legendre, Polynomial

__all__ = ["set_default_printstyle", "polynomial", "Polynomial", "chebyshev", "Chebyshev",
           "legendre", "Legendre", "hermite", "Hermite", "hermite_e", "HermiteE", "laguerre",
           "Laguerre"]
