"""NumPy's ``numpy.testing`` assertions, taking weaknp arrays (``weaknp._numpy.testing``)."""

from ._numpy.testing import *  # noqa: F403
from ._numpy.testing import __all__  # noqa: F401
