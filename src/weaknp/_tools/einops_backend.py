"""einops' backend for weaknp arrays: ``einops.rearrange``/``reduce``/``repeat``/``einsum``
(and ``pack``/``unpack``, ``parse_shape``) on weaknp arrays run weaknp's own functions, so
the lattice holds there too (bfloat16 stays bfloat16, ``reduce(int8, 'sum')`` is the
standard's int64).

einops finds a tensor's backend among the subclasses of its ``AbstractBackend`` whose
``framework_name`` is a module in ``sys.modules`` (``einops._backends.get_backend``); a
subclass defined outside einops is picked up the same way, which is how its maintainer
says a framework adds one (einops issue #120).  This module defines that subclass; the
public package imports it once, when einops is installed (``weaknp.__init__``,
``_register_einops``), so the import order of the two packages does not matter.
"""

from __future__ import annotations

import numpy as np
from einops import _backends

from .._array.array import Array
from .._array.interop import namespace

__all__ = ["WeaknpBackend"]


class WeaknpBackend(_backends.NumpyBackend):
    """einops' NumPy backend with weaknp as the array namespace (``arange``, ``stack``,
    ``tile``, ``concatenate``, ``expand_dims``, ``einsum``; reshapes, transposes and
    reductions are the Array's own methods)."""

    framework_name = "weaknp"

    def __init__(self):
        self.onp = np
        self.np = namespace()

    def is_appropriate_type(self, tensor):
        return isinstance(tensor, Array)

    def from_numpy(self, x):
        return self.np.asarray(x)

    def to_numpy(self, x):
        return self.onp.asarray(x)

    def is_float_type(self, x):
        # einops computes means of floating tensors only (NumPy's backend lists the names)
        return self.np.isdtype(x.dtype, "real floating")
