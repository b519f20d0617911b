"""The constants of the Array API standard (Python floats and ``None``, as the standard says)."""

import math

__all__ = ["e", "inf", "nan", "newaxis", "pi"]

e = math.e
inf = math.inf
nan = math.nan
pi = math.pi
newaxis = None
