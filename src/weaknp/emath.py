"""``numpy.emath`` for weaknp: complex results outside the real domain (``weaknp._np_emath``)."""

from ._np_emath import (arccos, arcsin, arctanh, log, log2, log10, logn, power,  # noqa: F401
                        sqrt)
from ._np_emath import __all__  # noqa: F401
