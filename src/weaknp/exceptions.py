"""NumPy's exceptions and warnings (``numpy.exceptions``), and weaknp's own.

weaknp raises NumPy's classes where NumPy would (``AxisError``, ``ComplexWarning``...);
``TypePromotionError`` (a ``DTypePromotionError``) says that two dtypes have no join on
the lattice and ``LatticeError`` that a user-defined lattice is malformed.
"""

from numpy.exceptions import (AxisError, ComplexWarning, DTypePromotionError,
                              ModuleDeprecationWarning, RankWarning, TooHardError,
                              VisibleDeprecationWarning)

from ._core.errors import LatticeError, TypePromotionError

__all__ = ["AxisError", "ComplexWarning", "DTypePromotionError", "ModuleDeprecationWarning",
           "RankWarning", "TooHardError", "VisibleDeprecationWarning", "LatticeError",
           "TypePromotionError"]
