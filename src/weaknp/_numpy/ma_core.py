"""Masked arrays (NumPy's ``numpy/ma/core.py``): ``MaskedArray`` holds a weaknp Array for
its data and a NumPy bool array (or ``nomask``) for its mask; the masked ufuncs.

Dtypes and masks
----------------
The data is computed by weaknp's functions, so the lattice decides every dtype: an int8
masked array plus 2 is int8, plus 0.5 is a weak float, ``divide`` of int8 is float32.
Masks follow NumPy's rules (``numpy/ma/core.py``): a binary operation masks the union of
its operands' masks (``nomask`` when neither has one); ``divide``, ``floor_divide``,
``remainder`` and ``fmod`` also mask a zero divisor and every non-finite result; ``log``,
``sqrt``, ``arcsin`` ... mask their domain errors and non-finite results; ``power`` masks
non-finite results.  Under a mask the data keep the first operand's values where they can
(as NumPy).  A 0-d result is ``masked`` when masked, else a 0-d weaknp array (NumPy gives
a NumPy scalar).  Reductions fill the masked values with the operation's identity and mask
a slice that is masked throughout.
"""

from __future__ import annotations

import warnings

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._fast.dispatch import wrap
from .._array.array import Array
from .._array.convert import to_array
from .._array.interop import namespace
from .._array.operands import data_of
from .ma_methods import MaskedMethods, copied, native, nonfinite, nomask, parts, plain, union

__all__ = [
    "MaskedArray", "masked_array", "array", "asarray", "asanyarray", "masked", "nomask",
    "MaskType", "MaskError", "MAError", "getmask", "getmaskarray", "getdata", "is_masked",
    "isMaskedArray", "isMA", "isarray", "make_mask", "make_mask_none", "mask_or", "filled",
    "compressed", "count",
    "default_fill_value", "set_fill_value", "harden_mask", "soften_mask",
    "sum", "mean", "std", "var", "min", "max", "argmin", "argmax", "prod", "product",
    "cumsum", "cumprod", "any", "all", "ptp", "ravel", "reshape", "transpose", "squeeze",
    "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "remainder",
    "mod", "fmod", "power", "equal", "not_equal", "less", "less_equal", "greater",
    "greater_equal", "logical_and", "logical_or", "logical_xor", "bitwise_and",
    "bitwise_or", "bitwise_xor", "hypot", "arctan2", "maximum", "minimum",
    "sqrt", "log", "log2", "log10", "exp", "sin", "cos", "tan", "arcsin", "arccos", "arctan",
    "arcsinh", "arccosh", "arctanh", "sinh", "cosh", "tanh", "absolute", "abs", "fabs",
    "negative", "floor", "ceil", "around", "round", "round_", "logical_not", "conjugate",
    "angle", "where",
]

MaskType = np.bool_
MAError = np.ma.MAError
MaskError = np.ma.MaskError


def _ns():
    return namespace()


# -- masks ----------------------------------------------------------------------------------

def make_mask(m, copy=False, shrink=True, dtype=MaskType):
    """A bool mask from ``m`` (``nomask`` when ``shrink`` and nothing is masked); with a
    structured ``dtype``, a record mask of bool fields (NumPy's, decision 72)."""
    if m is nomask:
        return nomask
    if np.dtype(dtype).names is not None:
        return np.ma.make_mask(plain(m), copy=copy, shrink=shrink, dtype=dtype)
    r = np.array(plain(m), dtype=bool, copy=True if copy else None)
    return nomask if shrink and not r.any() else r


def make_mask_none(newshape, dtype=None):
    """A mask of ``newshape`` with nothing masked (of bool fields for a structured
    ``dtype``, as NumPy's)."""
    return np.ma.make_mask_none(newshape, dtype)


def mask_or(m1, m2, copy=False, shrink=True):
    """The union of two masks (``nomask`` when both are)."""
    if m1 is nomask and m2 is nomask:
        return nomask
    return make_mask(np.logical_or(m1, m2), shrink=shrink)


def getmask(a):
    """The mask of ``a`` (``nomask`` for an unmasked array or anything else)."""
    if isinstance(a, MaskedArray):
        return a._mask
    if isinstance(a, np.ma.MaskedArray):
        return np.ma.getmask(a)
    return nomask


def getmaskarray(arr):
    """The mask of ``arr`` as a full bool array of its shape."""
    m = getmask(arr)
    shape = np.shape(arr) if not isinstance(arr, (MaskedArray, Array)) else arr.shape
    return np.zeros(shape, bool) if m is nomask else np.broadcast_to(m, shape)


def getdata(a, subok=True):
    """The data of ``a`` as a weaknp array (NumPy's array-likes converted)."""
    if isinstance(a, MaskedArray):
        return a._data
    if isinstance(a, np.ma.MaskedArray):
        return wrap(*data_of(a.data, "ma.getdata"))
    return a if isinstance(a, Array) else wrap(*data_of(a, "ma.getdata"))


def is_masked(x):
    """True when ``x`` has a masked value."""
    m = getmask(x)
    return bool(np.any(m)) if m is not nomask else False


def isMaskedArray(x):
    """True for a weaknp (or NumPy) masked array."""
    return isinstance(x, (MaskedArray, np.ma.MaskedArray))


isMA = isarray = isMaskedArray


def default_fill_value(obj):
    """NumPy's default fill value for ``obj``'s dtype (999999 for integers, 1e20 for
    floats, True for bool)."""
    if isinstance(obj, (np.dtype, type, str)):
        dt = np.dtype(obj)
    else:   # an array, or a value (1, 1.5, 'a': NumPy reads its array's dtype)
        dt = obj.dtype if hasattr(obj, "dtype") else np.asarray(obj).dtype
    if dt in dtypes.ML_DTYPES:
        return 999999 if dt in dtypes.INTEGER else 1e20
    return np.ma.default_fill_value(dt)


def _fill_array(value, dt):
    """``value`` as a 0-d ndarray of ``dt``, converted as NumPy's ``fill_value`` is."""
    value = plain(value)
    if dt in dtypes.ML_DTYPES:
        if value is None:   # NumPy keeps the default in 64 bits (float16 too)
            return np.asarray(default_fill_value(dt))
        with np.errstate(all="ignore"):
            return dtype_rules.cast(np.asarray(value, np.float64), dt)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return np.ma.core._check_fill_value(value, dt)


# -- the masked ufuncs ----------------------------------------------------------------------

def _finish(r, m, first=None):
    """The result ``r`` (a weaknp array) with mask ``m``: ``masked`` for a masked 0-d
    result; under the mask the data take ``first``'s values where they cast."""
    # NumPy differs: an unmasked 0-d result is a NumPy scalar there, a 0-d weaknp array
    # here, as everywhere in weaknp (decision 66).
    if r.ndim == 0:
        return masked if m is not nomask and bool(np.any(m)) else r
    if m is not nomask:
        m = np.array(np.broadcast_to(m, r.shape))
        d = r._data
        if first is not None and m.any() and d.flags.writeable and \
                not np.shares_memory(d, native(first) if isinstance(first, Array) else d[:0]):
            try:
                with np.errstate(all="ignore"):
                    np.copyto(d, plain(first), casting="same_kind", where=m)
            except (TypeError, ValueError):
                pass
    return MaskedArray._new(r, m)


def _binary(name, domained=False, invalid=False):
    """The masked ``name``: weaknp's function on the data, the union of the masks (and,
    ``domained``, a zero divisor and non-finite results; ``invalid``, non-finite results)."""

    def f(a, b):
        da, ma_ = parts(a)
        db, mb = parts(b)
        with np.errstate(all="ignore"):
            r = getattr(_ns(), name)(da, db)
        m = union(ma_, mb)
        bad = nonfinite(r) if domained or invalid else None
        if domained:
            with np.errstate(all="ignore"):
                zero = np.absolute(native(da)) * np.finfo(float).tiny >= \
                    np.absolute(native(db))
            bad = zero if bad is None else bad | zero
        if bad is not None and (domained or bad.any()):
            m = bad if m is nomask else m | bad
        return _finish(r, m, da)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Masked ``{name}``: weaknp's ``{name}`` on the data; the masks' union."
    return f


def _unary(name, domain=None):
    """The masked ``name``: weaknp's function on the data; with a ``domain``, the values
    outside it and the non-finite results are masked too."""

    def f(a, *args, **kwargs):
        d, m = parts(a)
        with np.errstate(all="ignore"):
            r = getattr(_ns(), name)(d, *args, **kwargs)
            if domain is not None:
                bad = domain(native(d))
                inv = nonfinite(r)
                bad = bad if inv is None else bad | inv
                m = bad if m is nomask else m | bad
        return _finish(r, m, d)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Masked ``{name}``: weaknp's ``{name}`` on the data" + \
        ("; values outside its domain are masked." if domain else ".")
    return f


add, subtract, multiply = _binary("add"), _binary("subtract"), _binary("multiply")
divide = true_divide = _binary("divide", domained=True)
floor_divide = _binary("floor_divide", domained=True)
remainder = mod = _binary("remainder", domained=True)
fmod = _binary("fmod", domained=True)
power = _binary("power", invalid=True)
equal, not_equal = _binary("equal"), _binary("not_equal")
less, less_equal = _binary("less"), _binary("less_equal")
greater, greater_equal = _binary("greater"), _binary("greater_equal")
logical_and, logical_or = _binary("logical_and"), _binary("logical_or")
logical_xor, bitwise_and = _binary("logical_xor"), _binary("bitwise_and")
bitwise_or, bitwise_xor = _binary("bitwise_or"), _binary("bitwise_xor")
hypot, arctan2 = _binary("hypot"), _binary("arctan2")
_maximum, _minimum = _binary("maximum"), _binary("minimum")

exp, conjugate, sin, cos = _unary("exp"), _unary("conjugate"), _unary("sin"), _unary("cos")
arctan, arcsinh, sinh = _unary("arctan"), _unary("arcsinh"), _unary("sinh")
cosh, tanh, fabs = _unary("cosh"), _unary("tanh"), _unary("fabs")
absolute = abs = _unary("absolute")
negative, floor, ceil = _unary("negative"), _unary("floor"), _unary("ceil")
around = round = round_ = _unary("round")
logical_not, angle = _unary("logical_not"), _unary("angle")
sqrt = _unary("sqrt", lambda x: x < 0)
log = _unary("log", lambda x: x <= 0)
log2 = _unary("log2", lambda x: x <= 0)
log10 = _unary("log10", lambda x: x <= 0)
tan = _unary("tan", lambda x: np.absolute(np.cos(x)) < 1e-35)
arcsin = _unary("arcsin", lambda x: (x < -1.0) | (x > 1.0))
arccos = _unary("arccos", lambda x: (x < -1.0) | (x > 1.0))
arccosh = _unary("arccosh", lambda x: x < 1.0)
arctanh = _unary("arctanh", lambda x: (x < -1.0 + 1e-15) | (x > 1.0 - 1e-15))
_invert, _positive = _unary("bitwise_invert"), _unary("positive")


def maximum(a, b=None):
    """The elementwise maximum of ``a`` and ``b`` (masks' union); ``a``'s maximum when
    ``b`` is not given."""
    return _as_masked(a).max() if b is None else _maximum(a, b)


def minimum(a, b=None):
    """The elementwise minimum of ``a`` and ``b`` (masks' union); ``a``'s minimum when
    ``b`` is not given."""
    return _as_masked(a).min() if b is None else _minimum(a, b)


def where(condition, x=None, y=None):
    """``x`` where ``condition`` holds, else ``y`` (masked where the chosen value is, or
    the condition is); with ``condition`` only, the indices where it holds."""
    if x is None and y is None:
        return _ns().nonzero(filled(condition, False))
    c = np.asarray(plain(filled(condition, False)), bool)
    dx, mx = parts(x if x is not masked else MaskedArray(0, mask=True))
    dy, my = parts(y if y is not masked else MaskedArray(0, mask=True))
    r = _ns().where(c, dx, dy)
    m = np.where(c, getmaskarray(x) if mx is not nomask else False,
                 getmaskarray(y) if my is not nomask else False)
    m = m | getmaskarray(condition) if getmask(condition) is not nomask else m
    return _finish(r, m if m.any() else nomask)


#: The masked function for each NumPy ufunc name (``np.sqrt(masked_array)``).
_UFUNCS = {f.__name__: f for f in (
    add, subtract, multiply, divide, floor_divide, remainder, fmod, power, equal, not_equal,
    less, less_equal, greater, greater_equal, logical_and, logical_or, logical_xor,
    bitwise_and, bitwise_or, bitwise_xor, hypot, arctan2, _maximum, _minimum, exp, conjugate,
    sin, cos, arctan, arcsinh, sinh, cosh, tanh, fabs, absolute, negative, floor, ceil,
    logical_not, sqrt, log, log2, log10, tan, arcsin, arccos, arccosh, arctanh)}
_UFUNCS.update(true_divide=divide, mod=remainder, invert=_invert, bitwise_not=_invert,
               positive=_positive, conj=conjugate, rint=around)


#: The functions that take a masked array's data, dropping the mask, as NumPy's do: the
#: explicit conversions to a plain array.
_CONVERSIONS = frozenset({"asarray", "array"})


def _mask_refusal(function):
    """The TypeError of ``function`` (weaknp's or ``numpy.<name>``) met by a weaknp masked
    array whose mask it would drop: it names ``weaknp.ma``'s function of that name."""
    # NumPy differs: np.concatenate, np.sum ... of a masked array drop its mask silently
    # (np.concatenate's documented behaviour); weaknp refuses or hands over (decision 80).
    name = function[len("numpy."):] if function.startswith("numpy.") else function
    name = "concatenate" if name == "concat" else name
    fix = f"call weaknp.ma.{name}, or" if _ma_function(name) is not None else \
        f"weaknp.ma has no {name}:"
    return TypeError(f"{function}: got a weaknp masked array, whose mask it would drop; "
                     f"{fix} pass x.filled(value) (or x.data) to drop the mask on purpose")


def _ma_function(name):
    """weaknp.ma's function of NumPy's function ``name`` (NEP 18), or None."""
    f = getattr(_ns().ma, name, None)
    return f if callable(f) and not isinstance(f, type) else None


# -- the masked array -----------------------------------------------------------------------

def _masked_in_list(data):
    """``(data with ma.masked replaced by 0, mask or None)`` for a (nested) list."""
    if not isinstance(data, (list, tuple)):
        return data, None
    found = []

    def walk(v):
        if v is masked:
            found.append(True)
            return 0, True
        if isinstance(v, (list, tuple)):
            pairs = [walk(e) for e in v]
            return [p[0] for p in pairs], [p[1] for p in pairs]
        return v, False

    values, mask = walk(data)
    return (values, mask) if found else (data, None)


class MaskedArray(MaskedMethods):
    """An array with a mask of invalid entries (NumPy's ``numpy.ma.MaskedArray``); the data
    is a weaknp array whose dtype the lattice decides.

    >>> x = wnp.ma.array([1, 2, 3, 4], mask=[0, 1, 0, 1])
    >>> x
    masked_array(data=[1, --, 3, --],
                 mask=[False,  True, False,  True],
           fill_value=999999)
    >>> x.sum(), (x * 2).filled(0).tolist()
    (Array(4, dtype=int64), [2, 0, 6, 0])
    """

    __hash__ = None
    __array_priority__ = 20

    def __init__(self, data=None, mask=nomask, dtype=None, copy=False, subok=True, ndmin=0,
                 fill_value=None, keep_mask=True, hard_mask=None, shrink=True, order=None):
        own_mask = nomask
        if isinstance(data, MaskedArray):
            own_mask, fill_value = data._mask, (data._fill if fill_value is None
                                                else fill_value)
            hard_mask = data._hard if hard_mask is None else hard_mask
            data = data._data
        elif isinstance(data, np.ma.MaskedArray):
            own_mask = np.ma.getmask(data)
            fill_value = data.fill_value if fill_value is None else fill_value
            data = np.ma.getdata(data)
        else:
            data, listed = _masked_in_list(data)
            if listed is not None:
                own_mask = np.asarray(listed, bool)
        d = to_array(data, dtype, None, "ma.array")
        if copy and (d is data or not isinstance(data, (list, tuple)) and
                     np.may_share_memory(d._data, np.asarray(data))):
            d = d.copy()    # a wrapper of data's buffer too (``fix_invalid(x)`` keeps x)
        if ndmin > d.ndim:
            d = d.reshape((1,) * (ndmin - d.ndim) + d.shape)
        self._data = d
        if not keep_mask:
            own_mask = nomask
        if mask is nomask:
            m = own_mask
        else:
            m = np.asarray(plain(mask), bool)
            # a mask of the data's size but another shape is reshaped, as NumPy's is
            m = m.reshape(d.shape) if m.size == d.size and m.shape != d.shape else \
                np.broadcast_to(m, d.shape)
            if own_mask is not nomask:
                m = m | own_mask
        if m is not nomask:
            m = np.array(np.broadcast_to(m, d.shape), bool)
        self._mask = m
        self._fill = None if fill_value is None else _fill_array(fill_value, d.dtype)
        self._hard = bool(hard_mask)

    @classmethod
    def _new(cls, data, mask, fill=None, hard=False):
        obj = object.__new__(cls)
        obj._data, obj._mask, obj._fill, obj._hard = data, mask, fill, hard
        return obj

    # -- what the mixin (MaskedMethods) calls ------------------------------------------
    @staticmethod
    def _ufunc(name):
        return _UFUNCS[name]

    @staticmethod
    def _result(r, m):
        return _finish(r, m) if isinstance(r, Array) else r

    def _like(self, d, m):
        return MaskedArray._new(d, m, self._fill, self._hard)

    @property
    def _operands(self):
        return _OPERANDS

    # -- attributes ------------------------------------------------------------------------
    @property
    def data(self):
        """The data, masked values included (a weaknp array)."""
        return self._data

    @property
    def mask(self):
        """The mask: a bool array, or ``nomask`` (False) when nothing was ever masked."""
        return self._mask

    @mask.setter
    def mask(self, value):
        if self._hard and self._mask is not nomask:
            self._mask |= np.broadcast_to(np.asarray(plain(value), bool), self.shape)
            return
        self._mask = np.array(np.broadcast_to(np.asarray(plain(value), bool), self.shape))

    @property
    def fill_value(self):
        """The value masked entries take in ``filled()`` (NumPy's default by dtype)."""
        if self._fill is None:
            self._fill = _fill_array(None, self.dtype)
        return self._fill[()]

    @fill_value.setter
    def fill_value(self, value):
        self._fill = _fill_array(value, self.dtype)

    def set_fill_value(self, value=None):
        self.fill_value = value

    @property
    def hardmask(self):
        return self._hard

    def harden_mask(self):
        """Masked values stay masked when assigned to."""
        self._hard = True
        return self

    def soften_mask(self):
        """Assigning to a masked value unmasks it (the default)."""
        self._hard = False
        return self

    def unshare_mask(self):
        if self._mask is not nomask:
            self._mask = self._mask.copy()
        return self

    def shrink_mask(self):
        if self._mask is not nomask and not self._mask.any():
            self._mask = nomask
        return self

    def _set_shape(self, shape):
        """``x.shape = (2, 2)``: data and mask take the shape in place (NumPy's rule: a
        shape that needs a copy raises), another object sharing the data keeps its own."""
        d = self._data.view()
        d.shape = shape
        self._data = d
        if self._mask is not nomask:
            self._mask = self._mask.reshape(d.shape)

    shape = property(lambda self: self._data.shape, _set_shape)
    ndim = property(lambda self: self._data.ndim)
    size = property(lambda self: self._data.size)
    dtype = property(lambda self: self._data.dtype)
    weak_type = property(lambda self: self._data.weak_type)
    T = property(lambda self: self.transpose())

    def __len__(self):
        return len(self._data)

    def __array__(self, dtype=None, copy=None):
        return self._data.__array__(dtype, copy)

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __bool__(self):
        return bool(self._data)   # NumPy's: the data's truth, the mask ignored

    # -- values ----------------------------------------------------------------------------
    def filled(self, fill_value=None):
        """The data with masked entries replaced by ``fill_value`` (a weaknp array)."""
        if self._mask is nomask or not self._mask.any():
            return self._data
        d = self._data._data.copy()
        fv = self._fill if fill_value is None and self._fill is not None else \
            _fill_array(fill_value, d.dtype)
        np.copyto(d, fv, where=self._mask, casting="unsafe")
        return wrap(d, self._data.weak_type)

    def compressed(self):
        """The unmasked values, flattened (a weaknp array)."""
        d = self._data._data.ravel()
        return wrap(d if self._mask is nomask else d[~self._mask.ravel()].copy(),
                    self._data.weak_type)

    def count(self, axis=None, keepdims=False):
        """The number of unmasked entries (along ``axis``)."""
        m = getmaskarray(self)
        r = np.sum(~m, axis=axis, keepdims=keepdims)
        return int(r) if np.ndim(r) == 0 and not keepdims else wrap(np.asarray(r, np.int64))

    def tolist(self, fill_value=None):
        """Nested lists, masked entries as None (or ``fill_value``)."""
        if fill_value is not None:
            return self.filled(fill_value).tolist()
        values = np.asarray(self._data._data, dtype=object)
        if self._mask is not nomask:
            values[self._mask] = None
        return values.tolist()

    def astype(self, dtype, copy=True):
        return MaskedArray._new(self._data.astype(dtype), copied(self._mask), None, self._hard)

    def copy(self, order="C"):
        return MaskedArray._new(self._data.copy(), copied(self._mask), self._fill, self._hard)

    def view(self, dtype=None, type=None):  # noqa: A002 - NumPy's name
        """A masked array on the same memory: ``x.view()`` shares data and mask,
        ``x.view(np.uint8)`` reinterprets the data's bytes (``Array.view``); with a mask
        the item size must stay (NumPy raises alike)."""
        if type is not None:
            raise TypeError("ma.MaskedArray.view: type= (an ndarray subclass) is not "
                            "supported; the view of a masked array is a masked array")
        d = self._data.view() if dtype is None else self._data.view(dtype)
        m = self._mask
        if m is not nomask:
            if d.shape != self.shape:
                raise ValueError(f"ma.MaskedArray.view: the mask cannot follow the data from "
                                 f"{self.dtype} to {d.dtype} (another item size); view "
                                 f"x.filled(...) or x.data instead")
            m = m.view()
        return MaskedArray._new(d, m, self._fill if dtype is None else None, self._hard)

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def ids(self):
        return id(self._data), id(self._mask)

    # -- indexing --------------------------------------------------------------------------
    def __getitem__(self, index):
        d = self._data[_plain_index(index)]
        m = self._mask if self._mask is nomask else self._mask[_plain_index(index)]
        if d.ndim == 0 and not isinstance(index, type(Ellipsis)):
            return masked if m is not nomask and bool(m) else d
        return MaskedArray._new(d, m if m is nomask else np.asarray(m), self._fill, self._hard)

    def __setitem__(self, index, value):
        idx = _plain_index(index)
        if value is masked:
            if self._mask is nomask:
                self._mask = np.zeros(self.shape, bool)
            self._mask[idx] = True
            return
        vmask = getmask(value)
        if isinstance(value, (MaskedArray, np.ma.MaskedArray)):
            value = getdata(value)
        hard = self._hard and self._mask is not nomask
        old = self._data._data[idx].copy() if hard else None
        self._data[idx] = value   # weaknp's store rule; a refused store changes nothing
        if hard:
            self._data._data[idx] = np.where(self._mask[idx], old, self._data._data[idx])
            return
        if self._mask is nomask:
            if vmask is nomask or not np.any(vmask):
                return
            self._mask = np.zeros(self.shape, bool)
        self._mask[idx] = vmask if vmask is not nomask else False

    # -- printing (NumPy's formats) ------------------------------------------------------
    def _numpy(self):
        d = self._data._data
        fill = None if self._fill is None else self._fill[()]
        if d.dtype in dtypes.ML_DTYPES:
            d = dtype_rules.cast(d, dtype_rules.native_dtype(d.dtype))
            fill = None
        return np.ma.MaskedArray(d, mask=self._mask, fill_value=fill)

    def __repr__(self):
        r = repr(self._numpy())
        dt = self.dtype
        if dt in dtypes.ML_DTYPES:
            r = r.replace(f"dtype={dtype_rules.native_dtype(dt)}", f"dtype={dt}")
        return r

    def __str__(self):
        return str(self._numpy())

    def __format__(self, spec):
        return format(self._numpy(), spec)

    # -- NumPy's functions on masked arrays ---------------------------------------------
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        f = _UFUNCS.get(ufunc.__name__)
        if method != "__call__" or f is None or kwargs:
            return NotImplemented
        return f(*inputs)

    def __array_function__(self, func, types, args, kwargs):
        f = _ma_function(func.__name__)
        if f is None:
            raise _mask_refusal(f"numpy.{func.__name__}")
        return f(*args, **kwargs)

    @staticmethod
    def _mask_refusal(function):
        """The error of weaknp's ``function`` reading this array as its data (the mask
        would be lost; ``_array.interop.refuse_masked``), None for the explicit
        conversions ``asarray``/``array``, which take the data as NumPy's do."""
        return None if function in _CONVERSIONS else _mask_refusal(function)


def _plain_index(index):
    """An index NumPy takes: weaknp arrays as ndarrays, masked arrays as their data (as
    NumPy indexes with a masked array's data)."""
    if isinstance(index, tuple):
        return tuple(_plain_index(i) for i in index)
    if isinstance(index, MaskedArray):
        return index._data._data
    return plain(index)


class MaskedConstant(MaskedArray):
    """``ma.masked``: the single masked value (a weak int 0, masked)."""

    # NumPy differs: its masked constant holds a float64 0.0; a weak int leaves the dtype
    # of what it meets alone (int8 + ma.masked is int8) (decision 66).

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            obj = object.__new__(cls)
            obj._data, obj._mask, obj._fill, obj._hard = wrap(np.asarray(0), True), \
                np.ones((), bool), None, False
            cls._instance = obj
        return cls._instance

    def __init__(self):
        pass

    def __repr__(self):
        return "masked"

    def __str__(self):
        return "--"

    def __format__(self, spec):
        return format("--", spec.replace("d", "").replace("f", "").replace("g", ""))

    def __setitem__(self, index, value):
        raise MaskError("ma.masked: the masked constant cannot be assigned to")

    def __bool__(self):
        return False

    def copy(self, order="C"):
        return self


masked = MaskedConstant()
masked_array = MaskedArray


def array(data, dtype=None, copy=False, order=None, mask=nomask, fill_value=None,
          keep_mask=True, hard_mask=False, shrink=True, subok=True, ndmin=0):
    """A masked array (NumPy's ``numpy.ma.array``)."""
    return MaskedArray(data, mask, dtype, copy, subok, ndmin, fill_value, keep_mask,
                       hard_mask, shrink, order)


def asarray(a, dtype=None, order=None):
    """``a`` as a masked array (the same object when it is one of this dtype)."""
    if isinstance(a, MaskedArray) and (dtype is None or a.dtype == dtype):
        return a
    return MaskedArray(a, dtype=dtype, keep_mask=True)


asanyarray = asarray


def _as_masked(a):
    return a if isinstance(a, MaskedArray) else MaskedArray(a)


def filled(a, fill_value=None):
    """``a``'s data with masked entries replaced by ``fill_value``."""
    return _as_masked(a).filled(fill_value)


def compressed(x):
    """The unmasked values of ``x``, flattened."""
    return _as_masked(x).compressed()


def count(self, axis=None, keepdims=False):
    """The number of unmasked entries of ``a`` (along ``axis``)."""
    return _as_masked(self).count(axis, keepdims)


def set_fill_value(a, fill_value):
    if isinstance(a, MaskedArray):
        a.fill_value = fill_value


def harden_mask(a):
    return a.harden_mask()


def soften_mask(a):
    return a.soften_mask()



#: The operands MaskedArray's operators take (anything else: NotImplemented).
_OPERANDS = (MaskedArray, np.ma.MaskedArray, Array, np.ndarray, np.generic, bool, int, float,
             complex, list, tuple)




def _frommethod(name):
    def function(a, *args, **kwargs):
        return getattr(_as_masked(a), name)(*args, **kwargs)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"``ma.{name}(a, ...)`` is ``ma.asarray(a).{name}(...)``."
    return function


sum, mean, std, var = _frommethod("sum"), _frommethod("mean"), _frommethod("std"), \
    _frommethod("var")
min, max, ptp = _frommethod("min"), _frommethod("max"), _frommethod("ptp")
argmin, argmax = _frommethod("argmin"), _frommethod("argmax")
prod = product = _frommethod("prod")
cumsum, cumprod = _frommethod("cumsum"), _frommethod("cumprod")
any, all = _frommethod("any"), _frommethod("all")
ravel, reshape, squeeze = _frommethod("ravel"), _frommethod("reshape"), _frommethod("squeeze")
transpose = _frommethod("transpose")
