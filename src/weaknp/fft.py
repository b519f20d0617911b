"""``weaknp.fft``: the Array API FFT extension (re-exports from ``_fft``)."""

from ._fft import *  # noqa: F403
from ._fft import __all__  # noqa: F401
