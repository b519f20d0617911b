"""NumPy-only functions (beyond the Array API) with weaknp's promotion: the aggregator.

Layer 5.7: the ``_np_*`` modules may import the standard's section modules (layer 5), never
the other way round.  This module re-exports them and words the error for NumPy names
weaknp does not provide.  Each name is defined in exactly one module
(tests/unit/test_layering.py checks).
"""

from . import (_np_elementwise, _np_io, _np_iter, _np_manip, _np_poly1d, _np_products,
               _np_reduce, _np_select, _np_types, _np_utility)
from ._np_types import *  # noqa: F403
from ._np_iter import *  # noqa: F403
from ._np_poly1d import *  # noqa: F403
from ._np_manip import *  # noqa: F403
from ._np_elementwise import *  # noqa: F403
from ._np_io import *  # noqa: F403
from ._np_utility import *  # noqa: F403
from ._np_products import *  # noqa: F403
from ._np_reduce import *  # noqa: F403
from ._np_select import *  # noqa: F403

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
    "flatiter": "weaknp's flat iterator is x.flat (weaknp._methods.FlatIter)",
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
