"""The series classes of ``numpy.polynomial`` (``Polynomial``, ``Chebyshev``, ``Legendre``,
``Hermite``, ``HermiteE``, ``Laguerre``) with weaknp coefficients whose dtype the lattice
decides.

Each instance holds NumPy's own series computed in float64 (complex128 for complex
coefficients) and the lattice dtype and weak flag of its coefficients.  Every operation
runs NumPy's method and rounds the result once into the inexact rule's dtype of the
lattice join of the operands (``Polynomial(float32 c) + 0.5`` is float32, ``p(float16 x)``
of a float32 ``p`` is float32, ``Polynomial(int8 c)`` is float32).  The domain and the
window map points; they do not join (NumPy keeps them float64).
"""

from __future__ import annotations

import numpy.polynomial as _npp

from .._core import dtype_rules
from .._core import dtypes
from .._fast.dispatch import wrap
from .._array.operands import data_of
from .._array.operands import raw as _raw
from .polyseries import constants, from_work, join_of, to_work, work_dtype

__all__ = ["Polynomial", "Chebyshev", "Legendre", "Hermite", "HermiteE", "Laguerre"]

#: dtypes NumPy's classes print as they are (ml_dtypes types print through float32).
_PRINTABLE = frozenset({dtypes.float16, dtypes.float32, dtypes.float64, dtypes.complex64,
                        dtypes.complex128})


def _binary(name):
    """An arithmetic method: NumPy's on the float64 series, the result in the join's dtype."""

    def method(self, other):
        try:
            value, node = self._operand(other, name)
        except TypeError:
            return NotImplemented
        dt, weak = join_of(f"{type(self).__name__}.{name}", [self._node, node])
        r = getattr(self._series, name)(value)
        return NotImplemented if r is NotImplemented else _result(r, dt, weak)

    method.__name__ = name
    return method


def _same_dtype(name):
    """A method whose result keeps the series' dtype (``deriv``, ``trim``, ``-p``, ``p**2``)."""

    def method(self, *args, **kwargs):
        return _result(getattr(self._series, name)(*map(_raw, args),
                                                   **{k: _raw(v) for k, v in kwargs.items()}),
                       *self._node)

    method.__name__ = name
    method.__doc__ = f"NumPy's ``{name}``; the result keeps the series' dtype."
    return method


def _passed(name):
    """A method whose answer is not a series nor an array (``degree``, ``mapparms``)."""

    def method(self, *args):
        return getattr(self._series, name)(*(a._series if isinstance(a, ABCPolyBase) else a
                                              for a in args))

    method.__name__ = name
    method.__doc__ = f"NumPy's ``{name}`` of the series."
    return method


class ABCPolyBase:
    """A series in one basis (NumPy's ``numpy.polynomial._polybase.ABCPolyBase``) with
    coefficients whose dtype the lattice decides (``weaknp._numpy.polyclasses``)."""

    _numpy_class = None   # NumPy's class of the same name
    __hash__ = None
    __array_ufunc__ = None   # ndarray + series hands over to the series' __radd__
    maxpower = 100

    def __init__(self, coef, domain=None, window=None, symbol="x"):
        name = type(self).__name__
        dt, weak = join_of(name, [coef])
        self._node = (dt, weak)
        self._series = self._numpy_class(to_work(coef, work_dtype(dt), name), _raw(domain),
                                         _raw(window), symbol)

    @classmethod
    def _of(cls, series, dt, weak):
        obj = object.__new__(_BY_NUMPY[type(series)])
        obj._series, obj._node = series, (dt, weak)
        return obj

    def _operand(self, other, function):
        """``(value NumPy's method takes, (dtype, weak))`` of an operand."""
        if isinstance(other, ABCPolyBase):
            return other._series, other._node
        if isinstance(other, _npp._polybase.ABCPolyBase):
            return other, (other.coef.dtype, False)
        d, w = data_of(other, f"{type(self).__name__}.{function}")
        return (other if type(other) in (int, float, complex) else
                to_work(d, work_dtype(d.dtype), function)), (d.dtype, w)

    # -- NumPy's attributes ----------------------------------------------------------------
    @property
    def coef(self):
        """The coefficients, lowest degree first (a weaknp array)."""
        return from_work(self._series.coef, *self._node)

    @property
    def domain(self):
        """The domain the points are mapped from (float64, as NumPy's)."""
        return wrap(self._series.domain)

    @property
    def window(self):
        """The window the domain is mapped to (float64, as NumPy's)."""
        return wrap(self._series.window)

    @property
    def symbol(self):
        return self._series.symbol

    @property
    def basis_name(self):
        return self._series.basis_name

    @property
    def dtype(self):
        """The coefficients' dtype (weaknp's addition: NumPy's classes have none)."""
        return self._node[0]

    # -- printing (NumPy's formats) -------------------------------------------------------
    def _printed(self):
        """NumPy's series with the coefficients in their own dtype, for printing."""
        dt = self._node[0]
        c = dtype_rules.cast(self._series.coef, dt if dt in _PRINTABLE else dtypes.float32)
        s = self._numpy_class(c, self._series.domain, self._series.window, self.symbol)
        return s

    def __repr__(self):
        coef = repr(self.coef._data)[6:-1]
        domain = repr(self._series.domain)[6:-1]
        window = repr(self._series.window)[6:-1]
        return (f"{type(self).__name__}({coef}, domain={domain}, window={window}, "
                f"symbol='{self.symbol}')")

    def __str__(self):
        return str(self._printed())

    def __format__(self, fmt_str):
        return format(self._printed(), fmt_str)

    def _repr_latex_(self):
        return self._printed()._repr_latex_()

    # -- evaluation and arithmetic ---------------------------------------------------------
    def __call__(self, arg):
        value, node = self._operand(arg, "__call__")
        dt, weak = join_of(f"{type(self).__name__}", [self._node, node])
        return _result(self._series(value), dt, weak)

    def __iter__(self):
        return iter(self.coef)

    def __len__(self):
        return len(self._series)

    __add__, __radd__ = _binary("__add__"), _binary("__radd__")
    __sub__, __rsub__ = _binary("__sub__"), _binary("__rsub__")
    __mul__, __rmul__ = _binary("__mul__"), _binary("__rmul__")
    __truediv__, __rtruediv__ = _binary("__truediv__"), _binary("__rtruediv__")
    __floordiv__, __rfloordiv__ = _binary("__floordiv__"), _binary("__rfloordiv__")
    __mod__, __rmod__ = _binary("__mod__"), _binary("__rmod__")
    __divmod__, __rdivmod__ = _binary("__divmod__"), _binary("__rdivmod__")

    __neg__, __pos__, __pow__ = _same_dtype("__neg__"), _same_dtype("__pos__"), \
        _same_dtype("__pow__")
    copy, cutdeg, trim = _same_dtype("copy"), _same_dtype("cutdeg"), _same_dtype("trim")
    truncate, deriv = _same_dtype("truncate"), _same_dtype("deriv")
    degree, mapparms = _passed("degree"), _passed("mapparms")
    has_samecoef, has_samedomain = _passed("has_samecoef"), _passed("has_samedomain")
    has_samewindow, has_sametype = _passed("has_samewindow"), _passed("has_sametype")

    def __eq__(self, other):
        if not isinstance(other, ABCPolyBase):
            return False
        return self._series == other._series

    def __ne__(self, other):
        return not self == other

    def integ(self, m=1, k=[], lbnd=None):  # noqa: B006 - NumPy's signature
        """The ``m``-th antiderivative; constants ``k`` and ``lbnd`` join the dtype."""
        dt, weak = join_of(f"{type(self).__name__}.integ",
                           [self._node, *constants(k), *constants(lbnd)])
        work = work_dtype(dt)
        k = to_work(k, work, "integ") if not isinstance(k, (list, tuple)) else k
        return _result(self._series.integ(m, k, to_work(lbnd, work, "integ")), dt, weak)

    def convert(self, domain=None, kind=None, window=None):
        """The series in another basis ``kind`` and/or domain; same dtype."""
        kind = kind._numpy_class if kind is not None else None
        return _result(self._series.convert(_raw(domain), kind, _raw(window)), *self._node)

    def roots(self):
        """The roots (complex only when a root is)."""
        return from_work(self._series.roots(), *self._node)

    def linspace(self, n=100, domain=None):
        """``(x, self(x))`` at ``n`` points of the domain, both in the series' dtype."""
        # NumPy differs: its points are float64 whatever the coefficients (decision 67).
        return from_work(self._series.linspace(n, _raw(domain)), *self._node)

    # -- constructors ----------------------------------------------------------------------
    @classmethod
    def fit(cls, x, y, deg, domain=None, rcond=None, full=False, w=None, window=None,
            symbol="x"):
        """Least-squares fit of the data; dtype: the inexact rule on the join of ``x``
        and ``y`` (``Polynomial.fit`` of float32 data is float32)."""
        dt, weak = join_of(f"{cls.__name__}.fit", [x, y])
        work = work_dtype(dt)
        ww = None if w is None else to_work(w, dtypes.float64, "fit")
        r = cls._numpy_class.fit(to_work(x, work, "fit"), to_work(y, work, "fit"), _raw(deg),
                                 _raw(domain), rcond, full, ww, _raw(window), symbol)
        return _result(r, dt, weak)

    @classmethod
    def fromroots(cls, roots, domain=[], window=None, symbol="x"):  # noqa: B006 - NumPy's
        """The series with the given roots; the inexact rule on the roots' dtype."""
        dt, weak = join_of(f"{cls.__name__}.fromroots", [roots])
        return _result(cls._numpy_class.fromroots(to_work(roots, work_dtype(dt), "fromroots"),
                                                  _raw(domain), _raw(window), symbol), dt, weak)

    @classmethod
    def identity(cls, domain=None, window=None, symbol="x"):
        """The identity series (the default float)."""
        return _result(cls._numpy_class.identity(_raw(domain), _raw(window), symbol),
                       *join_of(cls.__name__, []))

    @classmethod
    def basis(cls, deg, domain=None, window=None, symbol="x"):
        """The basis series of degree ``deg`` (the default float)."""
        return _result(cls._numpy_class.basis(deg, _raw(domain), _raw(window), symbol),
                       *join_of(cls.__name__, []))

    @classmethod
    def cast(cls, series, domain=None, window=None):
        """``series`` converted to this class; same dtype."""
        node = series._node if isinstance(series, ABCPolyBase) else join_of(cls.__name__, [])
        s = series._series if isinstance(series, ABCPolyBase) else series
        return _result(cls._numpy_class.cast(s, _raw(domain), _raw(window)), *node)


def _result(r, dt, weak):
    """NumPy's answer with weaknp series and arrays of ``dt``."""
    if isinstance(r, _npp._polybase.ABCPolyBase):
        return ABCPolyBase._of(r, dt, weak)
    if isinstance(r, (list, tuple)):
        return type(r)(_result(v, dt, weak) for v in r)
    return from_work(r, dt, weak)


class Polynomial(ABCPolyBase):
    """A power series (NumPy's ``numpy.polynomial.Polynomial``), coefficients lowest
    degree first.

    >>> p = wnp.polynomial.Polynomial([-1, 2, 3])
    >>> p
    Polynomial([-1.,  2.,  3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')
    >>> p(0.5)
    Array(0.75, dtype=float64)
    >>> q = wnp.polynomial.Polynomial(wnp.asarray([-1, 2, 3], dtype=wnp.float32))
    >>> q(wnp.asarray([0.5, 1.0], dtype=wnp.float32)), q(0.5).dtype
    (Array([0.75, 4.  ], dtype=float32), dtype('float32'))
    """

    _numpy_class = _npp.Polynomial


class Chebyshev(ABCPolyBase):
    """A Chebyshev series (NumPy's ``numpy.polynomial.Chebyshev``)."""

    _numpy_class = _npp.Chebyshev


class Legendre(ABCPolyBase):
    """A Legendre series (NumPy's ``numpy.polynomial.Legendre``)."""

    _numpy_class = _npp.Legendre


class Hermite(ABCPolyBase):
    """A physicists' Hermite series (NumPy's ``numpy.polynomial.Hermite``)."""

    _numpy_class = _npp.Hermite


class HermiteE(ABCPolyBase):
    """A probabilists' Hermite series (NumPy's ``numpy.polynomial.HermiteE``)."""

    _numpy_class = _npp.HermiteE


class Laguerre(ABCPolyBase):
    """A Laguerre series (NumPy's ``numpy.polynomial.Laguerre``)."""

    _numpy_class = _npp.Laguerre


_BY_NUMPY = {c._numpy_class: c for c in (Polynomial, Chebyshev, Legendre, Hermite, HermiteE,
                                         Laguerre)}
