"""NumPy-only functions (beyond the Array API) with weaknp's promotion: the aggregator.

Layer 5b: the ``_np_*`` modules may import the standard's section modules (layer 5), never
the other way round.  This module re-exports them and words the error for NumPy names
weaknp does not provide.
"""

from . import _np_index, _np_math, _np_misc, _np_shape, _np_stats
from ._np_index import *  # noqa: F403
from ._np_math import *  # noqa: F403
from ._np_misc import *  # noqa: F403
from ._np_shape import *  # noqa: F403
from ._np_stats import *  # noqa: F403

__all__: list[str] = [*_np_index.__all__, *_np_math.__all__, *_np_misc.__all__,
                      *_np_shape.__all__, *_np_stats.__all__]


def _missing_attribute(name: str):
    raise AttributeError(f"module 'weaknp' has no attribute {name!r}")
