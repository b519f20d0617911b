"""``weaknp.linalg``: the Array API linear-algebra extension (re-exports).

``matmul``, ``matrix_transpose``, ``tensordot`` and ``vecdot`` are the main namespace's
functions (``_linear_algebra``); everything else comes from ``_linalg_extension`` (the extension beyond those four).
"""

from ._api.linalg import *  # noqa: F403
from ._api.linalg import __all__ as _linalg_all
from ._api.linear_algebra import matmul, matrix_transpose, tensordot, vecdot

__all__ = [*_linalg_all, "matmul", "matrix_transpose", "tensordot", "vecdot"]
