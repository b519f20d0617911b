"""``weaknp.typing``: the types of weaknp's annotations (NumPy's ``numpy.typing``).

``ArrayLike`` (what the functions accept as arrays), ``DTypeLike`` (what ``dtype=`` accepts)
and ``NDArray`` (``NDArray[wnp.float32]`` is ``wnp.Array[wnp.float32]``), usable in
annotations evaluated at run time as well as by type checkers, which read ``typing.pyi``
beside this module; ``import weaknp as np`` code that writes
``np.typing.NDArray[np.float32]`` runs unchanged.
"""

import types
from typing import TypeVar, Union

import numpy.typing as npt

from ._api.scalar_types import generic
from ._array.array import Array

__all__ = ["ArrayLike", "DTypeLike", "NDArray"]

#: Anything weaknp's functions take as an array: weaknp arrays and NumPy's array-likes
#: (ndarrays, NumPy and Python scalars, nested sequences, objects with ``__array__``).
ArrayLike = Union[Array, npt.ArrayLike]
#: Anything ``dtype=`` takes: weaknp's scalar types (``wnp.float32``) and NumPy's spellings.
DTypeLike = Union[type[generic], npt.DTypeLike]

_S = TypeVar("_S", bound=generic)
#: ``NDArray[wnp.float32]``: a weaknp array of that dtype (``wnp.Array[wnp.float32]``).
NDArray = types.GenericAlias(Array, (_S,))
