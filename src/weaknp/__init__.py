"""weaknp: a NumPy-backed, Array-API-compatible namespace with JAX's weak-type promotion.

``import weaknp as wnp``.  Re-exports only: every name is defined in exactly one module
below (see the README's architecture table).
"""

from . import (_constants, _creation, _data_types, _elementwise, _indexing, _info,
               _lattices_api, _linear_algebra, _manipulation, _numpy_compat, _searching,
               _sets, _sorting, _statistical, _utility)
from . import fft, linalg, random  # noqa: F401  (public submodules)
from ._array import Array
from ._config import promotion_mode
from ._constants import *  # noqa: F403
from ._creation import *  # noqa: F403
from ._data_types import *  # noqa: F403
from ._device import Device
from ._elementwise import *  # noqa: F403
from ._errors import LatticeError, TypePromotionError
from ._indexing import *  # noqa: F403
from ._info import *  # noqa: F403
from ._interop import _array_function, _numpy_fallback  # noqa: F401  (used by Array)
from ._lattices_api import *  # noqa: F403
from ._linear_algebra import *  # noqa: F403
from ._manipulation import *  # noqa: F403
from ._numpy_compat import *  # noqa: F403
from ._searching import *  # noqa: F403
from ._sets import *  # noqa: F403
from ._sorting import *  # noqa: F403
from ._statistical import *  # noqa: F403
from ._utility import *  # noqa: F403

__version__ = "0.1.0"
__array_api_version__ = "2025.12"
_SUPPORTED_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")

__all__ = [
    "Array", "Device", "LatticeError", "TypePromotionError", "promotion_mode",
    "fft", "linalg", "random",
    *_constants.__all__, *_creation.__all__, *_data_types.__all__, *_elementwise.__all__,
    *_indexing.__all__, *_info.__all__, *_lattices_api.__all__, *_linear_algebra.__all__,
    *_manipulation.__all__, *_numpy_compat.__all__, *_searching.__all__, *_sets.__all__,
    *_sorting.__all__, *_statistical.__all__, *_utility.__all__,
]


def __getattr__(name):
    # NumPy names weaknp does not provide yet: an AttributeError that says what to do.
    return _numpy_compat._missing_attribute(name)
