"""Dates and times for weaknp: NumPy's datetime64/timedelta64 types and business-day
functions.

datetime64 and timedelta64 are outside the lattice (decision 72): the scalar types are
NumPy's own (``wnp.datetime64('today')`` is NumPy's value, a strong operand of weaknp's
operators), and the functions are NumPy's on the arrays' buffers, with results as weaknp
Arrays (``busday_count`` int64, ``is_busday`` bool, ``datetime_as_string`` strings).
The string and void scalar types (``str_``, ``bytes_``, ``void``) are NumPy's too.
"""

from __future__ import annotations

import numpy as np

from .._array.operands import numpy_rules

__all__ = ["datetime64", "timedelta64", "busdaycalendar", "busday_count", "busday_offset",
           "is_busday", "datetime_as_string", "datetime_data", "str_", "bytes_", "void",
           "character", "flexible"]

datetime64 = np.datetime64
timedelta64 = np.timedelta64
busdaycalendar = np.busdaycalendar
str_ = np.str_
bytes_ = np.bytes_
void = np.void
character = np.character
flexible = np.flexible

busday_count = numpy_rules(np.busday_count, "busday_count", "weaknp")
busday_offset = numpy_rules(np.busday_offset, "busday_offset", "weaknp")
is_busday = numpy_rules(np.is_busday, "is_busday", "weaknp")
datetime_as_string = numpy_rules(np.datetime_as_string, "datetime_as_string", "weaknp")
datetime_data = np.datetime_data
