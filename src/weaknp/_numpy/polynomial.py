"""NumPy's one-variable polynomials (``numpy/lib/_polynomial_impl.py``): the ``poly*``
functions, ``roots`` and the ``poly1d`` class.

Dtypes and weak flags (as ``jax.numpy``)
----------------------------------------
* ``polyadd``, ``polysub``, ``polymul``, ``polyval`` take the lattice join of their
  operands and keep its weak flag, like ``@``.
* ``polyfit``, ``polyint``, ``polydiv`` apply the inexact rule to the join; ``polyder``
  keeps ``p``'s dtype and flag; ``roots`` gives complex unless every root is real
  (NumPy's rule, data dependent; JAX always returns complex).
* ``poly1d``'s coefficients are a weaknp array (highest power first) and every operation
  calls the functions above, so dtypes follow the lattice: a float32 polynomial evaluated
  at a Python float stays float32.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._fast.dispatch import wrap
from .._array.array import Array
from .._array.operands import data_of
from .._core.dtype_rules import compute_dtype
from .multiarray import float_operands, joined_product
from .._core.dtype_rules import inexact_dtype

__all__ = [
    "polyadd", "polysub", "polymul", "polyval", "poly", "polyder", "polyint", "polydiv",
    "polyfit", "roots", "poly1d",
]


polyadd = joined_product("polyadd", np.polyadd, "Sum of two polynomials (coefficient arrays).")
polysub = joined_product("polysub", np.polysub, "Difference of two polynomials.")
# JAX differs: jnp.polymul of integer coefficients is float (its convolution); weaknp keeps
# NumPy's exact integer product in the lattice join, as dot does (decision 58).
polymul = joined_product("polymul", np.polymul, "Product of two polynomials.")
# JAX differs: jnp.polyval and jnp.cross drop the weak flag of a weak join (e.g. int8 and a
# Python float); weaknp keeps the join's flag like every other joining function (decision 58).
polyval = joined_product("polyval", np.polyval, "Evaluate the polynomial ``p`` at ``x``.")


def poly(seq_of_zeros):
    """Coefficients of the polynomial with the given roots (or a matrix's characteristic
    polynomial).  Dtype: the inexact rule; complex only if the roots are not conjugate."""
    # JAX differs: jnp.poly keeps complex input complex; weaknp follows NumPy's data-dependent
    # rule (real coefficients when the roots come in conjugate pairs) for NumPy's values.
    # Decision 58.
    d, _ = data_of(seq_of_zeros, "poly")
    out = inexact_dtype(d.dtype)
    r = np.asarray(np.poly(dtype_rules.cast(d, compute_dtype(out))))
    if r.dtype.kind == "f" and out in dtypes.COMPLEX:
        out = dtypes.COMPLEX_TO_REAL[out]
    return wrap(dtype_rules.cast(r, out if r.dtype.kind != "c" or out in dtypes.COMPLEX else
                       dtypes.REAL_TO_COMPLEX.get(out, dtypes.complex128)))


def polyder(p, m=1):
    """The ``m``-th derivative of a polynomial; ``p``'s dtype and weak flag (a ``poly1d``
    of a ``poly1d``, as NumPy's)."""
    if isinstance(p, poly1d):
        return poly1d(polyder(p._coeffs, m))
    # JAX differs: jnp.polyder of integers is float and drops the weak flag; weaknp keeps
    # NumPy's exact integer derivative and the input's flag (decision 58).
    d, w = data_of(p, "polyder")
    return wrap(dtype_rules.cast(np.asarray(np.polyder(dtype_rules.cast(d,
                                                                        compute_dtype(d.dtype)), m)), d.dtype), w)


def polyint(p, m=1, k=None):
    """The ``m``-th antiderivative of a polynomial (a ``poly1d`` of a ``poly1d``, as
    NumPy's).  Dtype: the inexact rule on ``p``."""
    if isinstance(p, poly1d):
        return poly1d(polyint(p._coeffs, m, k))
    # JAX differs: jnp.polyint of bool is float64 (weaknp: the inexact rule, float32) and it
    # drops the weak flag (weaknp keeps it) (decision 58).
    d, w = data_of(p, "polyint")
    out = inexact_dtype(d.dtype)
    kk = k._data if isinstance(k, Array) else k
    return wrap(dtype_rules.cast(np.asarray(np.polyint(dtype_rules.cast(d, compute_dtype(out)),
                                                       m, kk)), out), w)


def polydiv(u, v):
    """Quotient and remainder of polynomial division.  Dtype: the inexact rule on the
    join of ``u`` and ``v``."""
    # JAX differs: jnp.polydiv returns a strong quotient and a weak remainder for weak
    # input; weaknp gives both the join's flag (decision 58).
    (du, dv), out, weak = float_operands("polydiv", [u, v])
    q, r = np.polydiv(du, dv)
    return wrap(dtype_rules.cast(np.asarray(q), out), weak), wrap(dtype_rules.cast(np.asarray(r),
                                                                                   out), weak)


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares polynomial fit.  Dtype: the inexact rule on the join of ``x`` and
    ``y`` (``polyfit`` of float32 data is float32); strong."""
    (dx, dy), out, _ = float_operands("polyfit", [x, y])
    ww = None if w is None else data_of(w, "polyfit")[0].astype(np.float64)
    work = dtypes.complex128 if out in dtypes.COMPLEX else dtypes.float64  # NumPy fits complex y too
    if work == dtypes.float64 and rcond is None and dx.ndim == 1 and dx.size:
        # NumPy's fit of float32/float16 x is float64 from its first step (its Vandermonde
        # matrix), and so is y's where no weights multiply it in place; only its default
        # rcond reads x's dtype: given float64's, the fit is the same to the bit without
        # float64 copies of x and y (NumPy's own copies, x + 0.0, stay narrow).
        rcond = len(dx) * np.finfo(dtypes.float64).eps
        if ww is not None:
            dy = dy.astype(work)
    else:
        dx, dy = dx.astype(work), dy.astype(work)
    r = np.polyfit(dx, dy, deg, rcond, full, ww, cov)

    def conv(v):
        v = np.asarray(v)
        return wrap(dtype_rules.cast(v, out)) if v.dtype.kind in "fc" else wrap(v)

    if isinstance(r, tuple):
        return tuple(conv(v) for v in r)
    return conv(r)


def roots(p):
    """Roots of a polynomial.  Dtype: the inexact rule on ``p``, made complex when a root
    is complex (NumPy's data-dependent rule)."""
    # JAX differs: jnp.roots always returns complex; weaknp keeps NumPy's real result when
    # every root is real, so NumPy scripts can compare and sort the roots (decision 26).
    d, _ = data_of(p, "roots")
    out = inexact_dtype(d.dtype)
    r = np.roots(dtype_rules.cast(d,
                                  dtypes.float64 if out not in dtypes.COMPLEX else dtypes.complex128))
    if r.dtype.kind == "c" and out not in dtypes.COMPLEX:
        out = dtypes.REAL_TO_COMPLEX.get(out, dtypes.complex64)  # float16/bfloat16 -> complex64
    return wrap(dtype_rules.cast(r, out))


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
            c = poly(c_or_r)
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
        return roots(self._coeffs)

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
        return polyval(self._coeffs, val)

    @staticmethod
    def _other(other):
        if isinstance(other, poly1d):
            return other._coeffs
        return other if isinstance(other, Array) or type(other) in (int, float, complex) \
            else wrap(*data_of(other, "poly1d"))

    def __add__(self, other):
        return poly1d(polyadd(self._coeffs, _as_coeffs(self._other(other))))

    __radd__ = __add__

    def __sub__(self, other):
        return poly1d(polysub(self._coeffs, _as_coeffs(self._other(other))))

    def __rsub__(self, other):
        return poly1d(polysub(_as_coeffs(self._other(other)), self._coeffs))

    def __mul__(self, other):
        if not isinstance(other, poly1d) and _is_scalar(other):
            return poly1d(self._coeffs * other)
        return poly1d(polymul(self._coeffs, _as_coeffs(self._other(other))))

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
        q, r = polydiv(self._coeffs, _as_coeffs(self._other(other)))
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
        return poly1d(polyder(self._coeffs, m))

    def integ(self, m=1, k=0):
        """The ``m``-th antiderivative, with integration constant(s) ``k``."""
        return poly1d(polyint(self._coeffs, m, k))


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
