"""``numpy.char`` for weaknp: NumPy's string functions on weaknp string arrays
(``weaknp._numpy.char``; strings follow NumPy's rules, decision 72)."""

from ._numpy.char import CHAR as _CHAR

globals().update(_CHAR)
__all__ = list(_CHAR)
