"""``numpy.rec`` for weaknp: record arrays built by NumPy's own functions.

A record (structured) dtype is outside the lattice (decision 72): ``rec.fromarrays``,
``rec.fromrecords``, ``rec.array``... are NumPy's, and the result is a plain weaknp Array
of the structured dtype, whose fields (``r['age']``) are ordinary lattice-typed Arrays.
NumPy differs: its results are ``recarray``s, whose fields are also attributes
(``r.age``); a weaknp Array reads a field by index only (``r['age']``).  Decision 74.
"""

from __future__ import annotations

import numpy as np

from .._array.operands import numpy_rules

__all__ = ["fromarrays", "fromrecords", "fromstring", "fromfile", "array", "format_parser",
           "find_duplicate", "record"]

fromarrays = numpy_rules(np.rec.fromarrays, "fromarrays", "weaknp.rec")
fromrecords = numpy_rules(np.rec.fromrecords, "fromrecords", "weaknp.rec")
fromstring = numpy_rules(np.rec.fromstring, "fromstring", "weaknp.rec")
fromfile = numpy_rules(np.rec.fromfile, "fromfile", "weaknp.rec")
array = numpy_rules(np.rec.array, "array", "weaknp.rec")
find_duplicate = np.rec.find_duplicate
#: NumPy's helpers for record dtypes (they make dtypes, not arrays)
format_parser = np.rec.format_parser
record = np.record
