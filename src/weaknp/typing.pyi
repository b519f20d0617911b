# The static side of weaknp/typing.py (written by hand; tests/typing/test_stubs_match.py
# checks that the public names agree with the module's).
import types
from typing import Any, SupportsIndex, TypeAlias

import numpy as np
import numpy.typing as npt
from typing_extensions import TypeVar

from weaknp import Array, generic

__all__ = ["ArrayLike", "DTypeLike", "NDArray"]

ArrayLike: TypeAlias = Array[Any] | npt.ArrayLike
DTypeLike: TypeAlias = type[generic] | npt.DTypeLike

_S = TypeVar("_S", bound=generic)
NDArray: TypeAlias = Array[_S]

# An index: what x[...] takes (private: NumPy spells it out in ndarray.__getitem__).
_Key: TypeAlias = (SupportsIndex | slice | types.EllipsisType | None | Array[Any]
                   | np.ndarray[Any, Any] | list[Any])
Index: TypeAlias = _Key | tuple[_Key, ...]
