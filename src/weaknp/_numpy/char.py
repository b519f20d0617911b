"""``numpy.char`` and ``numpy.strings`` for weaknp: NumPy's string functions on string arrays.

Strings are outside the lattice (decision 72): each function is NumPy's own, called on the
arrays' buffers (``numpy_rules``); string results come back as weaknp Arrays, numeric ones
(``str_len``, ``find``, ``count``) and bool ones (``startswith``) as lattice-typed strong
Arrays.  ``numpy.char.chararray`` (a NumPy subclass) is not provided: string Arrays are
plain Arrays.
"""

from __future__ import annotations

import numpy as np

from .._array.operands import numpy_rules

__all__ = ["CHAR", "STRINGS"]


def _functions(module, public_name: str) -> dict:
    """Every function of NumPy's ``module`` (its ``__all__``, classes left out), wrapped."""
    out = {}
    for name in module.__all__:
        f = getattr(module, name)
        if callable(f) and not isinstance(f, type):
            out[name] = numpy_rules(f, name, public_name)
    return out


#: ``weaknp.char``'s names and ``weaknp.strings``'s
CHAR = _functions(np.char, "weaknp.char")
STRINGS = _functions(np.strings, "weaknp.strings")
