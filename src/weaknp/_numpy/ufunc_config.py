"""NumPy's floating-point error state (``numpy._core._ufunc_config``): ``errstate``,
``seterr``, ``geterr``, ...

weaknp computes with NumPy, so these are NumPy's own objects and settings.
"""

from __future__ import annotations

import numpy as np


__all__ = [
    "errstate", "geterr", "seterr", "geterrcall", "seterrcall", "getbufsize", "setbufsize",
]


errstate = np.errstate
geterr, seterr = np.geterr, np.seterr
geterrcall, seterrcall = np.geterrcall, np.seterrcall
getbufsize, setbufsize = np.getbufsize, np.setbufsize
