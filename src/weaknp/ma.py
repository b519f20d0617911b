"""``weaknp.ma``: masked arrays whose data follow the lattice and whose masks follow
NumPy's rules (re-exports from ``_numpy.ma_core`` and ``_numpy.ma_extras``)."""

from ._numpy.ma_core import *  # noqa: F403
from ._numpy.ma_core import __all__ as _core_all
from ._numpy.ma_extras import *  # noqa: F403
from ._numpy.ma_extras import __all__ as _extras_all

__all__ = [*_core_all, *_extras_all]
