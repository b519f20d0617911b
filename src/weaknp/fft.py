"""``weaknp.fft``: the Array API FFT extension (re-exports from ``_fft``)."""

from ._api.fft import *  # noqa: F403
from ._api.fft import __all__  # noqa: F401
