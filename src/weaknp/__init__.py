"""weaknp: a NumPy-backed, Array-API-compatible namespace with JAX's weak-type promotion.

``import weaknp as wnp``.  Re-exports only: every name is defined in exactly one module
below (see the README's architecture table).

The hot path (``_dispatch``) is compiled by Cython when the package is built with a C
compiler; ``__compiled__`` says whether it is, ``WEAKNP_PURE_PYTHON=1`` runs its Python
source instead.  The Array API namespace is imported eagerly.  The NumPy-compatible functions
(``_numpy_compat``) and the ``linalg``/``fft``/``random`` submodules load on first use
(module ``__getattr__``), which keeps ``import weaknp`` close to ``import numpy``.
"""

import importlib as _importlib
import sys as _sys

from . import _config

if _config.pure_python():
    # WEAKNP_PURE_PYTHON=1: run the dispatch core from its Python source even where the
    # compiled module sits beside it (the import system would prefer the compiled one).
    import importlib.util as _util
    import os as _os

    _spec = _util.spec_from_file_location(
        __name__ + "._dispatch", _os.path.join(_os.path.dirname(__file__), "_dispatch.py"))
    _sys.modules[_spec.name] = _util.module_from_spec(_spec)
    _spec.loader.exec_module(_sys.modules[_spec.name])
    del _util, _os, _spec

from . import _interop

# The lower layers call this namespace's functions by name (``x.sum()``, NEP 18,
# ``__array_namespace__``) through ``_interop.namespace()``: hand it down, once.
_interop.bind(_sys.modules[__name__])

from . import (_constants, _creation, _data_types, _dispatch, _elementwise, _indexing, _info,
               _linear_algebra, _manipulation, _searching, _sets, _sorting,
               _statistical, _utility)
from ._array import Array
from ._config import promotion_mode as promotion_mode
from ._constants import *  # noqa: F403
from ._creation import *  # noqa: F403
from ._data_types import *  # noqa: F403
from ._device import Device as Device
from ._elementwise import *  # noqa: F403
from ._errors import LatticeError as LatticeError
from ._errors import TypePromotionError as TypePromotionError
from ._indexing import *  # noqa: F403
from ._info import *  # noqa: F403
from ._linear_algebra import *  # noqa: F403
from ._manipulation import *  # noqa: F403
from ._searching import *  # noqa: F403
from ._sets import *  # noqa: F403
from ._sorting import *  # noqa: F403
from ._statistical import *  # noqa: F403
from ._utility import *  # noqa: F403

#: NumPy's name for the array class: ``isinstance(x, wnp.ndarray)`` (as ``jax.numpy.ndarray``
#: is ``jax.Array``).
ndarray = Array

__version__ = "0.1.0"
#: True when the dispatch core is the compiled extension, False when its Python source runs
#: (no C compiler at install time, or ``WEAKNP_PURE_PYTHON=1``); results are identical.
__compiled__ = not _dispatch.__file__.endswith(".py")
__array_api_version__ = "2025.12"
_SUPPORTED_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")

_SUBMODULES = ("fft", "linalg", "random", "testing", "lib", "emath", "exceptions")
_EAGER_ALL = [
    "Array", "ndarray", "Device", "LatticeError", "TypePromotionError", "audit",
    "promotion_mode",
    *_SUBMODULES,
    *_constants.__all__, *_creation.__all__, *_data_types.__all__, *_elementwise.__all__,
    *_indexing.__all__, *_info.__all__, *_linear_algebra.__all__,
    *_manipulation.__all__, *_searching.__all__, *_sets.__all__, *_sorting.__all__,
    *_statistical.__all__, *_utility.__all__,
]


def _load_numpy_compat():
    """Import the NumPy-compatible functions and bind them here (once)."""
    compat = _importlib.import_module("._numpy_compat", __name__)
    g = globals()
    for name in compat.__all__:
        g.setdefault(name, getattr(compat, name))
    g["__all__"] = [*_EAGER_ALL, *(n for n in compat.__all__ if n not in _EAGER_ALL)]
    return compat


def __getattr__(name):
    if name in _SUBMODULES:
        return _importlib.import_module(f".{name}", __name__)
    if name == "audit":  # the promotion audit (loaded on first use)
        audit = _importlib.import_module("._audit", __name__).audit
        globals()["audit"] = audit
        return audit
    if name.startswith("__") and name != "__all__":
        raise AttributeError(f"module 'weaknp' has no attribute {name!r}")
    g = globals()
    compat = g.get("_numpy_compat") or _load_numpy_compat()
    if name in g:
        return g[name]
    # NumPy names weaknp does not provide yet: an AttributeError that says what to do.
    return compat._missing_attribute(name)


def __dir__():
    if "_numpy_compat" not in globals():
        _load_numpy_compat()
    return sorted(set(globals()) | set(__all__) | set(_SUBMODULES))
