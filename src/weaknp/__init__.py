"""weaknp: a NumPy-backed, Array-API-compatible namespace with JAX's weak-type promotion.

``import weaknp as wnp``.  Re-exports only: every name is defined in exactly one module
below (see the README's architecture table).

The hot path (``_fast``) is compiled by Cython when the package is built with a C
compiler; ``__compiled__`` says whether it is, ``WEAKNP_PURE_PYTHON=1`` runs its Python
source instead.  ``import weaknp`` loads ``Array`` and its core; the sections of the
namespace (``_LAZY_SECTIONS``), then the NumPy-compatible functions
(``_numpy_compat``), and the ``linalg``/``fft``/``random``/... submodules load on first use
of a name they define (module ``__getattr__``, PEP 562; ``dir()``, ``__all__`` and
``import *`` load everything), which keeps ``import weaknp`` close to ``import numpy``.
NumPy's functions reach weaknp's through ``getattr`` on this module (NEP 18), so they find
them on first call too.
"""

import importlib as _importlib
import importlib.util as _importlib_util
import sys as _sys

from ._core import config as _config

from . import _fast

if _config.pure_python():
    # WEAKNP_PURE_PYTHON=1: run the compiled core's modules from their Python sources even
    # where the compiled ones sit beside them (the import system would prefer those), in
    # dependency order, each bound on its package (as an import would bind it).
    import importlib.util as _util
    import os as _os

    for _name in _fast.MODULES:
        _spec = _util.spec_from_file_location(
            f"{__name__}._fast.{_name}",
            _os.path.join(_os.path.dirname(__file__), "_fast", _name + ".py"))
        _module = _sys.modules[_spec.name] = _util.module_from_spec(_spec)
        setattr(_fast, _name, _module)
        _spec.loader.exec_module(_module)
    del _util, _os, _spec, _name, _module   # (_fast stays: it is the subpackage attribute)

from ._array import interop as _interop

# The lower layers call this namespace's functions by name (``x.sum()``, NEP 18,
# ``__array_namespace__``) through ``_interop.namespace()``: hand it down, once.
_interop.bind(_sys.modules[__name__])

from ._fast import dispatch as _dispatch
from ._array.array import Array
from ._core.config import promotion_mode as promotion_mode
from ._core.device import Device as Device
from ._core.errors import LatticeError as LatticeError
from ._core.errors import TypePromotionError as TypePromotionError

#: NumPy's name for the array class: ``isinstance(x, wnp.ndarray)`` (as ``jax.numpy.ndarray``
#: is ``jax.Array``).
ndarray = Array

__version__ = _config.VERSION
#: True when the dispatch core is the compiled extension, False when its Python source runs
#: (no C compiler at install time, or ``WEAKNP_PURE_PYTHON=1``); results are identical.
__compiled__ = all(_importlib.import_module(f"{__name__}._fast.{_name}").COMPILED
                   for _name in _fast.MODULES)
__array_api_version__ = "2025.12"
_SUPPORTED_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")

_SUBMODULES = ("fft", "linalg", "random", "testing", "lib", "emath", "exceptions", "ma",
               "polynomial", "typing", "char", "strings", "rec")
#: The sections of the namespace bound on first use of any name (module ``__getattr__``,
#: PEP 562): each module's ``__all__`` is bound here, in this order, as ``import *`` would.
_LAZY_SECTIONS = ("constants", "creation", "data_types", "elementwise", "indexing", "info",
                  "linear_algebra", "manipulation", "searching", "sets", "sorting",
                  "statistical", "utility")
_EAGER_ALL = ["Array", "ndarray", "Device", "LatticeError", "TypePromotionError", "audit",
              "promotion_mode", *_SUBMODULES]
_sections_bound = False   # set once a missing name made _bind_sections run


def _bind_sections():
    """Import the lazily loaded sections and bind their names here (once)."""
    global _sections_bound
    g = globals()
    for section in _LAZY_SECTIONS:
        module = _importlib.import_module(f"._api.{section}", __name__)
        for name in module.__all__:
            g[name] = getattr(module, name)
    _sections_bound = True
    _register_einops()


def _register_einops():
    """Define weaknp's einops backend when einops is installed (``_tools.einops_backend``):
    on the first use of a name, as every weaknp array einops could meet comes from one,
    so ``import weaknp`` itself does not import einops."""
    if "einops" in _sys.modules or _importlib_util.find_spec("einops") is not None:
        try:
            _importlib.import_module("._tools.einops_backend", __name__)
        except ImportError:   # an einops too old or broken: einops itself will say so
            pass


def _load_numpy_compat():
    """Import the NumPy-compatible functions and bind them here, then ``__all__`` (once)."""
    if not _sections_bound:
        _bind_sections()
    compat = _importlib.import_module("._numpy.namespace", __name__)
    g = globals()
    for name in compat.__all__:
        g.setdefault(name, getattr(compat, name))
    sections = [n for s in _LAZY_SECTIONS
                for n in _sys.modules[f"{__name__}._api.{s}"].__all__]
    known = {*_EAGER_ALL, *sections}
    g["__all__"] = [*_EAGER_ALL, *sections, *(n for n in compat.__all__ if n not in known)]


def __getattr__(name):
    if name in _SUBMODULES:
        return _importlib.import_module(f".{name}", __name__)
    if name == "audit":  # the promotion audit (loaded on first use)
        audit = _importlib.import_module("._tools.audit", __name__).audit
        globals()["audit"] = audit
        return audit
    if name.startswith("__") and name != "__all__":
        raise AttributeError(f"module 'weaknp' has no attribute {name!r}")
    g = globals()
    if not _sections_bound:
        _bind_sections()
        if name in g:
            return g[name]
    if "__all__" not in g:   # set once the NumPy-compatible names are bound
        _load_numpy_compat()
        if name in g:
            return g[name]
    # NumPy names weaknp does not provide yet: an AttributeError that says what to do.
    return _sys.modules[f"{__name__}._numpy.namespace"]._missing_attribute(name)


def __dir__():
    if "__all__" not in globals():
        _load_numpy_compat()
    g = globals()
    return sorted(set(g) | set(g["__all__"]) | set(_SUBMODULES))
