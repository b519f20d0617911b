"""weaknp: a NumPy-backed, Array-API-compatible namespace with JAX's weak-type promotion.

``import weaknp as wnp``.  Re-exports only: every name is defined in one module below.
"""

from . import _constants, _creation, _data_types, _elementwise
from ._array import Array
from ._config import promotion_mode
from ._constants import *  # noqa: F403
from ._creation import *  # noqa: F403
from ._data_types import *  # noqa: F403
from ._device import Device
from ._elementwise import *  # noqa: F403
from ._errors import LatticeError, TypePromotionError
from ._interop import _numpy_fallback  # noqa: F401  (used by Array.__array_ufunc__)

__version__ = "0.1.0"
__array_api_version__ = "2025.12"
_SUPPORTED_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")

__all__ = [
    "Array", "Device", "LatticeError", "TypePromotionError", "promotion_mode",
    *_constants.__all__, *_creation.__all__, *_data_types.__all__, *_elementwise.__all__,
]
