"""MaskedArray's methods (its mixin ``MaskedMethods``): the operators, the reductions and
the shape methods, and the operand helpers the masked ufuncs share (``weaknp.ma``; see
``ma_core`` for the rules).

Reductions fill the masked values with the operation's identity (``sum`` 0, ``prod`` 1,
``min`` the dtype's largest value ...) and run weaknp's reduction, so its dtype rule applies;
``mean``, ``var`` and ``std`` run on the unmasked values (weaknp's ``where=``).  A slice
masked throughout is masked (a 0-d result is ``masked``).
"""

from __future__ import annotations

import operator
import warnings

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._array.array import Array
from .._array.interop import namespace

__all__ = []

nomask = np.ma.nomask   # NumPy's own object: ``getmask(x) is nomask`` holds for both


def _ns():
    return namespace()


def plain(v):
    """An ndarray for a weaknp array, anything else as it is."""
    return v._data if isinstance(v, Array) else v


def copied(m):
    return m if m is nomask else m.copy()


def parts(v):
    """``(data for weaknp's function, mask)`` of an operand; Python scalars, NumPy arrays and
    weaknp arrays are unmasked operands as they are (so a Python scalar stays weak)."""
    if isinstance(v, MaskedMethods):
        return v._data, v._mask
    if isinstance(v, np.ma.MaskedArray):
        return np.ma.getdata(v), np.ma.getmask(v)
    return v, nomask


def native(v):
    """An operand's values as an ndarray NumPy's own loops take (ml_dtypes widened)."""
    d = v._data if isinstance(v, Array) else np.asarray(v)
    return dtype_rules.cast(d, dtype_rules.native_dtype(d.dtype)) if d.dtype in \
        dtypes.ML_DTYPES else d


def union(m1, m2):
    if m1 is nomask:
        return m2 if m2 is nomask else np.asarray(m2)
    return m1 if m2 is nomask else np.logical_or(m1, m2)


def nonfinite(r):
    return ~np.isfinite(native(r)) if r.dtype in dtypes.FLOATING else None


# -- operators and reductions (MaskedArray's methods) ---------------------------------------

def _operator(name, reflected=False):
    def method(self, other):
        if not isinstance(other, self._operands):
            return NotImplemented
        f = self._ufunc(name)
        return f(other, self) if reflected else f(self, other)

    return method


def _inplace(name):
    iop = getattr(operator, f"i{name}")

    def method(self, other):
        do, mo = parts(other)
        snapshot = self._data._data.copy()
        with np.errstate(all="ignore"):
            iop(self._data, do)   # weaknp's in-place rule; a refused one changes nothing
            bad = None
            if name in ("truediv", "floordiv", "mod"):
                bad = np.broadcast_to(np.absolute(native(do)) == 0, self.shape)
        m = union(self._mask, nomask if mo is nomask else np.broadcast_to(mo, self.shape))
        m = union(m, bad) if bad is not None and bad.any() else m
        if m is not nomask:
            self._mask = np.array(np.broadcast_to(m, self.shape))
            np.copyto(self._data._data, snapshot, where=self._mask)
        return self

    return method


def _all_masked(m, axis, keepdims):
    return nomask if m is nomask else np.all(m, axis=axis, keepdims=keepdims)


def _extreme(dt, high):
    """The fill value that never wins a min (``high``) or max: NumPy's
    ``minimum_fill_value``/``maximum_fill_value``."""
    if dt in dtypes.ML_DTYPES:
        import ml_dtypes   # noqa: PLC0415 - ml_dtypes' own limits
        info = ml_dtypes.iinfo(dt) if dt in dtypes.INTEGER else ml_dtypes.finfo(dt)
        return info.max if high else info.min
    probe = np.empty(0, dt)
    return np.ma.minimum_fill_value(probe) if high else np.ma.maximum_fill_value(probe)


def _no_out(function, out):
    # NumPy differs: its reductions write into out=; weaknp's masked ones refuse it
    # (decision 66).
    if out is not None:
        raise TypeError(f"ma.{function}: out= is not supported; assign the result instead")


class MaskedMethods:
    """MaskedArray's operators, reductions and shape methods (its mixin).  The class
    provides ``_ufunc(name)`` (its masked ufuncs), ``_result(r, m)`` (an array and its mask
    as a masked array, or ``masked``), ``_like(d, m)`` and ``_operands``."""

    __add__, __radd__ = _operator("add"), _operator("add", True)
    __sub__, __rsub__ = _operator("subtract"), _operator("subtract", True)
    __mul__, __rmul__ = _operator("multiply"), _operator("multiply", True)
    __truediv__, __rtruediv__ = _operator("divide"), _operator("divide", True)
    __floordiv__, __rfloordiv__ = _operator("floor_divide"), _operator("floor_divide", True)
    __mod__, __rmod__ = _operator("remainder"), _operator("remainder", True)
    __pow__, __rpow__ = _operator("power"), _operator("power", True)
    __and__, __rand__ = _operator("bitwise_and"), _operator("bitwise_and", True)
    __or__, __ror__ = _operator("bitwise_or"), _operator("bitwise_or", True)
    __xor__, __rxor__ = _operator("bitwise_xor"), _operator("bitwise_xor", True)
    __eq__, __ne__ = _operator("equal"), _operator("not_equal")
    __lt__, __le__ = _operator("less"), _operator("less_equal")
    __gt__, __ge__ = _operator("greater"), _operator("greater_equal")
    __iadd__, __isub__, __imul__ = _inplace("add"), _inplace("sub"), _inplace("mul")
    __itruediv__, __ifloordiv__ = _inplace("truediv"), _inplace("floordiv")
    __imod__, __ipow__ = _inplace("mod"), _inplace("pow")

    def __neg__(self):
        return self._ufunc('negative')(self)

    def __pos__(self):
        return self._ufunc('positive')(self)

    def __abs__(self):
        return self._ufunc('absolute')(self)

    def __invert__(self):
        return self._ufunc('invert')(self)

    def _fill_reduce(self, function, fill, axis, keepdims, **kwargs):
        r = getattr(_ns(), function)(self.filled(fill), axis=axis, keepdims=keepdims, **kwargs)
        return self._result(r, _all_masked(self._mask, axis, keepdims))

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        """The sum of the unmasked values (weaknp's ``sum`` dtype); masked where a slice is
        masked throughout."""
        _no_out("sum", out)
        return self._fill_reduce("sum", 0, axis, keepdims, dtype=dtype)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False):
        """The product of the unmasked values."""
        _no_out("prod", out)
        return self._fill_reduce("prod", 1, axis, keepdims, dtype=dtype)

    product = prod

    def any(self, axis=None, out=None, keepdims=False):
        _no_out("any", out)
        return self._fill_reduce("any", False, axis, keepdims)

    def all(self, axis=None, out=None, keepdims=False):
        _no_out("all", out)
        return self._fill_reduce("all", True, axis, keepdims)

    def min(self, axis=None, out=None, fill_value=None, keepdims=False):
        """The smallest unmasked value."""
        _no_out("min", out)
        fill = _extreme(self.dtype, True) if fill_value is None else fill_value
        return self._fill_reduce("min", fill, axis, keepdims)

    def max(self, axis=None, out=None, fill_value=None, keepdims=False):
        """The largest unmasked value."""
        _no_out("max", out)
        fill = _extreme(self.dtype, False) if fill_value is None else fill_value
        return self._fill_reduce("max", fill, axis, keepdims)

    def ptp(self, axis=None, out=None, fill_value=None, keepdims=False):
        """The range (max - min) of the unmasked values."""
        return self.max(axis, out, fill_value, keepdims) - \
            self.min(axis, out, fill_value, keepdims)

    def argmin(self, axis=None, fill_value=None, out=None, *, keepdims=False):
        """The index of the smallest unmasked value."""
        _no_out("argmin", out)
        fill = _extreme(self.dtype, True) if fill_value is None else fill_value
        return _ns().argmin(self.filled(fill), axis, keepdims=keepdims)

    def argmax(self, axis=None, fill_value=None, out=None, *, keepdims=False):
        """The index of the largest unmasked value."""
        _no_out("argmax", out)
        fill = _extreme(self.dtype, False) if fill_value is None else fill_value
        return _ns().argmax(self.filled(fill), axis, keepdims=keepdims)

    def _where_reduce(self, function, axis, keepdims, ddof=None, **kwargs):
        """``function`` of weaknp on the unmasked values (its ``where=``)."""
        if ddof is not None:
            kwargs["ddof"] = ddof
        if self._mask is nomask:
            return self._result(getattr(_ns(), function)(self._data, axis=axis,
                                                         keepdims=keepdims, **kwargs), nomask)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore", RuntimeWarning)
            r = getattr(_ns(), function)(self._data, axis=axis, keepdims=keepdims,
                                         where=~self._mask, **kwargs)
        n = np.sum(~self._mask, axis=axis, keepdims=keepdims)
        return self._result(r, n <= (ddof or 0))

    def mean(self, axis=None, dtype=None, out=None, keepdims=False):
        """The mean of the unmasked values (weaknp's ``mean`` dtype: the inexact rule)."""
        _no_out("mean", out)
        return self._where_reduce("mean", axis, keepdims, dtype=dtype)

    def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        """The variance of the unmasked values."""
        _no_out("var", out)
        return self._where_reduce("var", axis, keepdims, ddof, dtype=dtype)

    def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        """The standard deviation of the unmasked values."""
        _no_out("std", out)
        return self._where_reduce("std", axis, keepdims, ddof, dtype=dtype)

    def _accumulate(self, function, fill, axis, dtype):
        r = getattr(_ns(), function)(self.filled(fill), axis=axis, dtype=dtype)
        m = self._mask
        if m is not nomask and axis is None:
            m = m.ravel()
        return self._result(r, copied(m))

    def cumsum(self, axis=None, dtype=None, out=None):
        """Cumulative sums, masked values counting as 0 (and staying masked)."""
        _no_out("cumsum", out)
        return self._accumulate("cumsum", 0, axis, dtype)

    def cumprod(self, axis=None, dtype=None, out=None):
        """Cumulative products, masked values counting as 1 (and staying masked)."""
        _no_out("cumprod", out)
        return self._accumulate("cumprod", 1, axis, dtype)

    # -- shape (the data and the mask moved alike) ---------------------------------------
    def _moved(self, name, *args, **kwargs):
        d = getattr(self._data, name)(*args, **kwargs)
        m = self._mask if self._mask is nomask else \
            getattr(self._mask, name)(*map(plain, args), **kwargs)
        return self._like(d, m)

    def reshape(self, *shape, order="C"):
        return self._moved("reshape", *shape, order=order)

    def ravel(self, order="C"):
        return self._moved("ravel", order=order)

    def flatten(self, order="C"):
        return self._moved("flatten", order=order)

    def transpose(self, *axes):
        return self._moved("transpose", *axes)

    def squeeze(self, axis=None):
        return self._moved("squeeze", axis)

    def swapaxes(self, axis1, axis2):
        return self._moved("swapaxes", axis1, axis2)

    def repeat(self, repeats, axis=None):
        return self._moved("repeat", repeats, axis)

    def take(self, indices, axis=None):
        return self._moved("take", indices, axis)



