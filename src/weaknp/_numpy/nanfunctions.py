"""NumPy's ``nan*`` functions (``numpy/lib/_nanfunctions_impl.py``): reductions that skip NaN.

Every reduction drops the weak flag, as in JAX.  The dtype rules are the Array API's
(shared with ``weaknp.sum``/``mean``/``max``, see ``weaknp._api.statistical``):

* ``nansum``/``nanprod``/``nancumsum``/``nancumprod``: bool and signed integers give the
  default int (int64), unsigned the default uint; ``dtype=`` is honoured.
* ``nanmean``/``nanvar``/``nanstd``/``nanmedian``/``nanpercentile``/``nanquantile``: the
  inexact rule (bool and 8/16/32-bit integers -> float32, 64-bit -> float64); variances of
  complex are real.
* ``nanmax``/``nanmin``: the input's dtype; ``nanargmax``/``nanargmin``: the default int.
* bfloat16, float16 and float8 accumulate in float32 and are cast back.
"""

from __future__ import annotations

import numpy as np

from .._array.operands import public
from .._api.reduce import NOVALUE, reduction
from .._api.searching import arg_reduction
from .._core.arguments import ddof_of
from .fromnumeric import cumulative_function, extreme_function
from .function_base import order_statistic

__all__ = [
    "nansum", "nanprod", "nancumsum", "nancumprod", "nanmean", "nanvar", "nanstd", "nanmax",
    "nanmin", "nanargmax", "nanargmin", "nanmedian", "nanpercentile", "nanquantile",
]


def _sum_like(name, doc):
    def function(a, axis=None, dtype=None, out=None, keepdims=False, initial=NOVALUE,
                 where=NOVALUE):
        return reduction(name, a, axis, dtype, out, keepdims, initial, where)

    return public(function, name, doc + "\n\nDtype: bool and signed ints give the default "
                  "int, unsigned the default uint (``dtype=`` honoured); strong.")


nansum = _sum_like("nansum", "Sum, treating NaN as zero.")
nanprod = _sum_like("nanprod", "Product, treating NaN as one.")


nancumsum = cumulative_function("nancumsum", "Cumulative sum along ``axis``, NaN counted as zero.")
nancumprod = cumulative_function("nancumprod",
                         "Cumulative product along ``axis``, NaN counted as one.")


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=NOVALUE):
    """Mean ignoring NaN.  Dtype: the inexact rule (``dtype=`` honoured); strong."""
    return reduction("nanmean", a, axis, dtype, out, keepdims, NOVALUE, where)


def _moment(name):
    def function(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
                 where=NOVALUE, mean=NOVALUE, correction=NOVALUE):
        return reduction(name, a, axis, dtype, out, keepdims, NOVALUE, where,
                         ddof=ddof_of(name, ddof, correction),
                         mean=mean)

    what = "Variance" if "var" in name else "Standard deviation"
    return public(function, name, f"{what} ignoring NaN.  Dtype: the inexact rule; complex "
                                  f"gives the real float; strong.")


nanvar = _moment("nanvar")
nanstd = _moment("nanstd")


nanmax = extreme_function("nanmax", "Largest element along ``axis``, ignoring NaN.")
nanmin = extreme_function("nanmin", "Smallest element along ``axis``, ignoring NaN.")


def _arg(np_fn, name):
    def function(a, axis=None, out=None, *, keepdims=False):
        return arg_reduction(name, np_fn, a, axis, out, keepdims)

    which = "largest" if "max" in name else "smallest"
    return public(function, name, f"Index of the {which} element ignoring NaN (ValueError "
                                  f"for an all-NaN slice); the indexing dtype, strong.")


nanargmax = _arg(np.nanargmax, "nanargmax")
nanargmin = _arg(np.nanargmin, "nanargmin")


nanmedian = order_statistic(np.nanmedian, "nanmedian", False,
                            "Median along ``axis``, ignoring NaN.")


nanpercentile = order_statistic(np.nanpercentile, "nanpercentile", True,
                            "The ``q``-th percentile (0..100) along ``axis``, ignoring NaN.")


nanquantile = order_statistic(np.nanquantile, "nanquantile", True,
                          "The ``q``-th quantile (0..1) along ``axis``, ignoring NaN.")
