"""``numpy.rec`` for weaknp: record arrays as weaknp Arrays of structured dtypes
(``weaknp._numpy.records``; records follow NumPy's rules, decision 72)."""

from ._numpy.records import (array, find_duplicate, format_parser, fromarrays,  # noqa: F401
                             fromfile, fromrecords, fromstring, record)
from ._numpy.records import __all__  # noqa: F401
