"""NumPy's ``numpy.testing`` assertions, taking weaknp arrays (``weaknp._np_testing``)."""

from ._np_testing import *  # noqa: F403
from ._np_testing import __all__  # noqa: F401
