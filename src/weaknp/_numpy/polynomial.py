"""``poly1d``: NumPy's one-variable polynomial class, on weaknp arrays.

The coefficients are a weaknp
array (highest power first) and every operation calls weaknp's polynomial functions (``polyval``, ``polyadd``, ``polymul``, ``polydiv``,
``polyder``, ``polyint``, ``roots``, ``poly``), so dtypes follow the lattice: a float32
polynomial evaluated at a Python float stays float32.
"""

from __future__ import annotations

import numpy as np

from . import products as P
from .._array.array import Array
from .._fast.dispatch import wrap
from .._array.operands import data_of

__all__ = ["poly1d"]


class poly1d:
    """A one-variable polynomial (NumPy's ``poly1d``): ``poly1d([1, 2, 3])`` is
    ``x**2 + 2x + 3``; ``poly1d([1, 2], r=True)`` has roots 1 and 2.

    Examples
    --------
    >>> p = wnp.poly1d(wnp.asarray([1, 2, 3], dtype=wnp.float32))
    >>> p(0.5)
    Array(4.25, dtype=float32)
    >>> p.order, p.roots.dtype
    (2, dtype('complex64'))
    >>> (p * p).coeffs
    Array([ 1.,  4., 10., 12.,  9.], dtype=float32)
    >>> p.deriv().coeffs
    Array([2., 2.], dtype=float32)
    """

    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self._coeffs = c_or_r._coeffs
            self._variable = variable or c_or_r._variable
            return
        if r:
            c = P.poly(c_or_r)
        else:
            c = c_or_r if isinstance(c_or_r, Array) else wrap(*data_of(c_or_r, "poly1d"))
        if c.ndim > 1:
            raise ValueError("poly1d: the coefficients must be a 1-d array (or a scalar)")
        c = c.reshape(-1)
        d = c._data
        nonzero = np.flatnonzero(d != 0)
        start = nonzero[0] if nonzero.size else max(d.shape[0] - 1, 0)
        c = c[int(start):] if d.shape[0] else wrap(np.zeros(1, d.dtype), c.weak_type)
        self._coeffs = c
        self._variable = variable or "x"

    # -- NumPy's attributes ----------------------------------------------------------------
    @property
    def coeffs(self) -> Array:
        """The coefficients, highest power first."""
        return self._coeffs

    c = coef = coefficients = coeffs

    @property
    def order(self) -> int:
        """The degree."""
        return self._coeffs.shape[0] - 1

    o = order

    @property
    def roots(self) -> Array:
        """The roots (``weaknp.roots``)."""
        return P.roots(self._coeffs)

    r = roots

    @property
    def variable(self) -> str:
        """The name of the variable used when printing."""
        return self._variable

    def __array__(self, dtype=None, copy=None):
        return self._coeffs.__array__(dtype, copy)

    def __len__(self) -> int:
        return self.order

    def __repr__(self) -> str:
        body = repr(self._coeffs)[len("Array("):-1]
        return f"poly1d({body})"

    def __str__(self) -> str:
        return str(np.poly1d(np.asarray(self._coeffs._data, dtype=np.complex128
                                        if self._coeffs.dtype.kind == "c" else np.float64),
                             variable=self._variable))

    # -- evaluation and arithmetic ---------------------------------------------------------
    def __call__(self, val):
        if isinstance(val, poly1d):
            return poly1d(_compose(self, val))
        return P.polyval(self._coeffs, val)

    @staticmethod
    def _other(other):
        if isinstance(other, poly1d):
            return other._coeffs
        return other if isinstance(other, Array) or type(other) in (int, float, complex) \
            else wrap(*data_of(other, "poly1d"))

    def __add__(self, other):
        return poly1d(P.polyadd(self._coeffs, _as_coeffs(self._other(other))))

    __radd__ = __add__

    def __sub__(self, other):
        return poly1d(P.polysub(self._coeffs, _as_coeffs(self._other(other))))

    def __rsub__(self, other):
        return poly1d(P.polysub(_as_coeffs(self._other(other)), self._coeffs))

    def __mul__(self, other):
        if not isinstance(other, poly1d) and _is_scalar(other):
            return poly1d(self._coeffs * other)
        return poly1d(P.polymul(self._coeffs, _as_coeffs(self._other(other))))

    __rmul__ = __mul__

    def __neg__(self):
        return poly1d(-self._coeffs)

    def __pos__(self):
        return self

    def __pow__(self, n):
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError("poly1d: the power must be a non-negative integer")
        result = poly1d(self._coeffs[-1:] * 0 + 1)
        for _ in range(n):
            result = result * self
        return result

    def __truediv__(self, other):
        if not isinstance(other, poly1d) and _is_scalar(other):
            return poly1d(self._coeffs / other)
        q, r = P.polydiv(self._coeffs, _as_coeffs(self._other(other)))
        return poly1d(q), poly1d(r)

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        a, b = self._coeffs, other._coeffs
        return a.shape == b.shape and bool((a == b).all())

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __getitem__(self, power: int):
        """The coefficient of ``x**power`` (0 beyond the order)."""
        if power > self.order or power < 0:
            return wrap(np.zeros((), self._coeffs.dtype), self._coeffs.weak_type)
        return self._coeffs[self.order - power]

    def __iter__(self):
        return iter(self._coeffs)

    def deriv(self, m=1):
        """The ``m``-th derivative."""
        return poly1d(P.polyder(self._coeffs, m))

    def integ(self, m=1, k=0):
        """The ``m``-th antiderivative, with integration constant(s) ``k``."""
        return poly1d(P.polyint(self._coeffs, m, k))


def _is_scalar(v):
    return type(v) in (int, float, complex) or (isinstance(v, Array) and v.ndim == 0)


def _as_coeffs(v):
    """Coefficients of an operand: a Python scalar stays weak (``p + 1`` keeps p's dtype)."""
    if not isinstance(v, Array):
        v = wrap(*data_of(v, "poly1d"))
    return v.reshape(-1) if v.ndim == 0 else v


def _compose(p, q):
    """``p(q(x))`` by Horner's rule on polynomials."""
    result = poly1d(p._coeffs[:1])
    for c in p._coeffs[1:]:
        result = result * q + c
    return result._coeffs
