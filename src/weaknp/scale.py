"""``weaknp.scale``: run weaknp under Cubed and dask.array (needs the ``scale`` extra).

``import weaknp.scale`` costs nothing extra: Cubed, dask and Zarr are imported by the
functions that use them.  See docs/scaling.md.
"""

from ._tools.scale import *  # noqa: F403
from ._tools.scale import __all__  # noqa: F401
