"""``numpy.strings`` for weaknp: NumPy's string functions on weaknp string arrays
(``weaknp._numpy.char``; strings follow NumPy's rules, decision 72)."""

from ._numpy.char import STRINGS as _STRINGS

globals().update(_STRINGS)
__all__ = list(_STRINGS)
