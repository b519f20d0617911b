"""NumPy-only functions (beyond the Array API) with weaknp's promotion: the aggregator.

It re-exports the modules of ``_numpy`` (each named after NumPy's own home of its functions)
and words the error for NumPy names weaknp does not provide.  Each name is defined in exactly
one module (tests/unit/test_layering.py checks).
"""

from . import (
    multiarray, umath, numeric, fromnumeric, einsumfunc, arrayprint, ufunc_config, numerictypes,
    function_base, nanfunctions, histograms, twodim_base, shape_base, index_tricks, arraysetops,
    type_check, ufunclike, polynomial, npyio, utils, datetimes,
)
from .multiarray import *  # noqa: F403
from .umath import *  # noqa: F403
from .numeric import *  # noqa: F403
from .fromnumeric import *  # noqa: F403
from .einsumfunc import *  # noqa: F403
from .arrayprint import *  # noqa: F403
from .ufunc_config import *  # noqa: F403
from .numerictypes import *  # noqa: F403
from .function_base import *  # noqa: F403
from .nanfunctions import *  # noqa: F403
from .histograms import *  # noqa: F403
from .twodim_base import *  # noqa: F403
from .shape_base import *  # noqa: F403
from .index_tricks import *  # noqa: F403
from .arraysetops import *  # noqa: F403
from .type_check import *  # noqa: F403
from .ufunclike import *  # noqa: F403
from .polynomial import *  # noqa: F403
from .npyio import *  # noqa: F403
from .utils import *  # noqa: F403
from .datetimes import *  # noqa: F403

__all__: list[str] = list(dict.fromkeys(
    [*multiarray.__all__, *umath.__all__, *numeric.__all__, *fromnumeric.__all__,
     *einsumfunc.__all__, *arrayprint.__all__, *ufunc_config.__all__,
     *numerictypes.__all__, *function_base.__all__, *nanfunctions.__all__,
     *histograms.__all__, *twodim_base.__all__, *shape_base.__all__, *index_tricks.__all__,
     *arraysetops.__all__, *type_check.__all__, *ufunclike.__all__, *polynomial.__all__,
     *npyio.__all__, *utils.__all__, *datetimes.__all__]))


#: NumPy names weaknp deliberately leaves out, with what to do instead.
_INSTEAD = {
    **dict.fromkeys(("asmatrix", "bmat", "matrix"),
                    "weaknp has no matrix class; use 2-D arrays and the @ operator"),
    **dict.fromkeys(("nested_iters",),
                    "iterate over numpy.asarray(x) (weaknp arrays convert without a copy)"),
    "flatiter": "weaknp's flat iterator is x.flat (weaknp._array.methods.FlatIter)",
    **dict.fromkeys(("ctypeslib", "dtypes", "f2py"),
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
