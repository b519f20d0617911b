"""NumPy-only functions (beyond the Array API) with weaknp's promotion: the aggregator.

This module re-exports the ``_numpy`` modules' functions and words the error for NumPy names
weaknp does not provide.  Each name is defined in exactly one module
(tests/unit/test_layering.py checks).
"""

from . import index_tricks as _np_iter
from . import nanfunctions as _np_reduce
from . import npyio as _np_io
from . import numerictypes as _np_types
from . import polynomial as _np_poly1d
from . import products as _np_products
from . import selection as _np_select
from . import shape_base as _np_manip
from . import ufunclike as _np_elementwise
from . import utils as _np_utility
from .numerictypes import *  # noqa: F403
from .index_tricks import *  # noqa: F403
from .polynomial import *  # noqa: F403
from .shape_base import *  # noqa: F403
from .ufunclike import *  # noqa: F403
from .npyio import *  # noqa: F403
from .utils import *  # noqa: F403
from .products import *  # noqa: F403
from .nanfunctions import *  # noqa: F403
from .selection import *  # noqa: F403

__all__: list[str] = list(dict.fromkeys(
    [*_np_types.__all__, *_np_iter.__all__, *_np_poly1d.__all__, *_np_manip.__all__,
     *_np_elementwise.__all__, *_np_io.__all__, *_np_utility.__all__, *_np_products.__all__,
     *_np_reduce.__all__, *_np_select.__all__]))


#: NumPy names weaknp deliberately leaves out, with what to do instead.
_INSTEAD = {
    **dict.fromkeys(("busday_count", "busday_offset", "is_busday", "datetime_as_string",
                     "datetime_data", "datetime64", "timedelta64", "busdaycalendar"),
                    "weaknp has no datetime dtypes; use NumPy for dates and times"),
    **dict.fromkeys(("asmatrix", "bmat", "matrix"),
                    "weaknp has no matrix class; use 2-D arrays and the @ operator"),
    **dict.fromkeys(("nested_iters",),
                    "iterate over numpy.asarray(x) (weaknp arrays convert without a copy)"),
    "flatiter": "weaknp's flat iterator is x.flat (weaknp._array.methods.FlatIter)",
    "ma": "weaknp has no masked arrays: keep a bool mask beside the data and use "
          "wnp.where(mask, x, fill) or the where= argument of reductions and ufuncs, or use "
          "numpy.ma on numpy.asarray(x) (NumPy's dtype rules then apply)",
    **dict.fromkeys(("char", "strings", "rec", "ctypeslib", "polynomial", "dtypes", "typing",
                     "f2py"),
                    "weaknp does not wrap this NumPy submodule; call numpy's on "
                    "numpy.asarray(x) and convert back with weaknp.asarray()"),
    **dict.fromkeys(("longdouble", "clongdouble", "float128", "complex256", "float96",
                     "complex192"),
                    "weaknp has no extended-precision dtype (its size is platform-dependent "
                    "and it has no place on the promotion lattice); use float64 (complex128)"),
    **dict.fromkeys(("get_include", "show_runtime", "test", "info"),
                    "call it on numpy itself: it is about NumPy's build, not about arrays"),
}


def _missing_attribute(name: str):
    """Raise the ``AttributeError`` for ``weaknp.<name>`` (a NumPy name or a typo)."""
    import numpy  # noqa: PLC0415 - only on the error path

    if name.startswith("__"):
        raise AttributeError(f"module 'weaknp' has no attribute {name!r}")
    if name in _INSTEAD:
        raise AttributeError(f"weaknp does not provide {name!r}: {_INSTEAD[name]}")
    if hasattr(numpy, name):
        raise AttributeError(
            f"weaknp does not provide numpy.{name} yet; call numpy.{name} on "
            f"numpy.asarray(x) and convert the result back with weaknp.asarray() (the "
            f"result's dtype is then NumPy's, not the lattice's), or open an issue")
    raise AttributeError(f"module 'weaknp' has no attribute {name!r}")
