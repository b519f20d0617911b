"""``numpy.emath`` for weaknp: complex results outside the real domain (``weaknp._numpy.scimath``)."""

from ._numpy.scimath import (arccos, arcsin, arctanh, log, log2, log10, logn, power,  # noqa: F401
                        sqrt)
from ._numpy.scimath import __all__  # noqa: F401
