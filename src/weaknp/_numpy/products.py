"""NumPy-compatible products, calculus-like functions and polynomials.

Dtypes and weak flags (as ``jax.numpy``)
----------------------------------------
* Products (``dot``, ``vdot``, ``inner``, ``outer``, ``kron``, ``cross``, ``einsum``,
  ``matvec``, ``vecmat``, ``polymul``,
  ``polyadd``, ``polysub``, ``polyval``) take the lattice join of their operands and keep
  its weak flag, like ``@``: ``dot(int8, int8)`` is int8 (and wraps, as in NumPy and JAX).
  ml_dtypes types compute in float32 and are cast back.
* ``trace`` follows ``sum``'s rule (``trace(int8)`` is int64), strong, as JAX.
* Functions that need a float (``convolve``, ``correlate``, ``gradient``, ``interp``,
  ``trapezoid``, ``unwrap``,
  ``polyfit``, ``polyint``, ``polyder`` of floats, ``polydiv``) apply the inexact rule to
  the join; ``roots`` gives complex unless every root is real (NumPy's rule, data
  dependent; JAX always returns complex).
"""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtypes as D
from .._core import kernel as K
from .._array.array import Array
from .._fast.dispatch import wrap
from .._core.lattice import STRONG_NODE
from .._array.operands import array_likes, data_of, public
from .._array.operands import raw as _raw
from .._core.dtype_rules import compute_dtype, inexact_dtype
from .._core.promotion import resolve_dtype, sum_dtype
from .._array.stored import deliver
from .._array.stored import stored_value

__all__ = [
    "dot", "vdot", "inner", "outer", "kron", "cross", "einsum", "einsum_path", "trace",
    "matvec", "vecmat", "convolve", "correlate", "gradient", "interp", "trapezoid", "unwrap",
    "ediff1d", "poly", "polyadd", "polyder", "polydiv", "polyfit", "polyint", "polymul",
    "polysub", "polyval", "roots",
]






def _joined(name, np_fn, doc):
    """An n-ary product: operands joined on the lattice, computed in that dtype."""

    @functools.wraps(np_fn)
    def function(*args, **kwargs):
        out = kwargs.pop("out", None)
        n = _ARITY[name]
        args = list(args)
        for pname in _PARAMS[name][len(args):n]:  # operands passed by keyword
            if pname in kwargs:
                args.append(kwargs.pop(pname))
        if len(args) < n:
            raise TypeError(f"{name}: expected {n} operands, got {len(args)}")
        datas, dt, weak = array_likes(name, args[:n])
        work = compute_dtype(dt)
        with np.errstate(over="ignore", invalid="ignore"):
            r = np_fn(*[K.cast(x, work) for x in datas], *args[n:], **kwargs)
        return deliver(wrap(K.cast(np.asarray(r), dt), weak), out, name)

    function.__module__ = "weaknp"
    function.__doc__ = doc + ("\n\nPromotion: the lattice join of the operands, weak only "
                              "when the join is (as for ``@``).")
    return function


_PARAMS = {"dot": ("a", "b"), "vdot": ("a", "b"), "inner": ("a", "b"), "outer": ("a", "b"),
           "kron": ("a", "b"), "cross": ("a", "b"), "matvec": ("x1", "x2"),
           "vecmat": ("x1", "x2"), "polyadd": ("a1", "a2"), "polysub": ("a1", "a2"),
           "polymul": ("a1", "a2"), "polyval": ("p", "x")}
_ARITY = {"dot": 2, "vdot": 2, "inner": 2, "outer": 2, "kron": 2, "cross": 2, "matvec": 2,
          "vecmat": 2, "convolve": 2, "correlate": 2, "polyadd": 2, "polysub": 2,
          "polymul": 2, "polyval": 2}

dot = _joined("dot", np.dot, "Dot product (matrix product for 2-D operands).")
vdot = _joined("vdot", np.vdot, "Dot product of flattened operands (conjugating the first).")
inner = _joined("inner", np.inner, "Inner product over the last axes.")
outer = _joined("outer", np.outer, "Outer product of two flattened vectors.")
kron = _joined("kron", np.kron, "Kronecker product.")
cross = _joined("cross", np.cross, "Cross product of 2- or 3-element vectors.")
matvec = _joined("matvec", np.matvec, "Matrix-vector product over the last axes.")
vecmat = _joined("vecmat", np.vecmat, "Vector-matrix product over the last axes.")
polyadd = _joined("polyadd", np.polyadd, "Sum of two polynomials (coefficient arrays).")
polysub = _joined("polysub", np.polysub, "Difference of two polynomials.")
# JAX differs: jnp.polymul of integer coefficients is float (its convolution); weaknp keeps
# NumPy's exact integer product in the lattice join, as dot does (decision 58).
polymul = _joined("polymul", np.polymul, "Product of two polynomials.")
# JAX differs: jnp.polyval and jnp.cross drop the weak flag of a weak join (e.g. int8 and a
# Python float); weaknp keeps the join's flag like every other joining function (decision 58).
polyval = _joined("polyval", np.polyval, "Evaluate the polynomial ``p`` at ``x``.")


def _filtered(name, np_fn, doc):
    def function(a, v, mode="full" if name == "convolve" else "valid"):
        (da, dv), out, weak = _float_of(name, [a, v])
        return wrap(K.cast(np.asarray(np_fn(da, dv, mode)), out), weak)

    # NumPy differs: it convolves integers in their dtype; JAX and weaknp use the inexact
    # rule (convolve(int32, int32) is float32) (decision 24).
    return public(function, name,
                  doc + "\n\nDtype: the inexact rule on the join of ``a`` and ``v``.")


convolve = _filtered("convolve", np.convolve, "Discrete linear convolution of 1-D arrays.")
correlate = _filtered("correlate", np.correlate, "Cross-correlation of 1-D arrays.")


def einsum(*operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    """Einstein summation: ``einsum('ij,jk->ik', a, b)`` or NumPy's operand-list form
    ``einsum(a, [0, 1], b, [1, 2], [0, 2])``.  Promotion: the lattice join of the
    operands (``dtype=`` gives a strong result of that dtype); ``optimize=`` passes
    through to NumPy."""
    if not operands:
        raise TypeError("einsum: pass the subscripts and the operands")
    if isinstance(operands[0], str):
        spec, arrays = operands[:1], list(operands[1:])
        rebuild = lambda xs: [*spec, *xs]  # noqa: E731
    else:  # operand-list form: arrays at even places, their sublists after each
        arrays = list(operands[0::2][:len(operands) // 2])
        subs = list(operands[1::2])
        tail = [operands[-1]] if len(operands) % 2 else []

        def rebuild(xs):
            return [v for pair in zip(xs, subs) for v in pair] + tail
    datas, dt, weak = array_likes("einsum", arrays)
    target = resolve_dtype(dtype, "einsum")
    if target is not None:
        dt, weak = target, False
    work = compute_dtype(dt)
    with np.errstate(over="ignore", invalid="ignore"):
        r = np.einsum(*rebuild([K.cast(x, work) for x in datas]), optimize=optimize)
    return deliver(wrap(K.cast(np.asarray(r), dt), weak), out, "einsum")


def einsum_path(subscripts, *operands, optimize="greedy", einsum_call=False):
    """NumPy's contraction order for ``einsum`` (a list and a report string)."""
    raw = [x._data if isinstance(x, Array) else x for x in operands]
    return np.einsum_path(subscripts, *raw, optimize=optimize, einsum_call=einsum_call)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sum along a diagonal.  Dtype: the ``sum`` rule (``trace(int8)`` is int64,
    ``dtype=`` honoured), as ``jnp.trace``; the weak flag is dropped (a reduction)."""
    d, _ = data_of(a, "trace")
    dt = resolve_dtype(dtype, "trace") or sum_dtype(d.dtype)
    with np.errstate(over="ignore"):
        r = np.trace(K.cast(d, compute_dtype(dt)), offset, axis1, axis2)
    return deliver(wrap(K.cast(np.asarray(r), dt)), out, "trace")


def _float_of(name, values):
    present = [v for v in values if v is not None]
    datas, dt, weak = array_likes(name, present)
    out = inexact_dtype(dt)
    return [K.cast(x, compute_dtype(out)) for x in datas], out, weak


def gradient(f, *varargs, axis=None, edge_order=1):
    """The gradient by central differences.  Dtype: the inexact rule on ``f`` (and the
    spacings); weak only if everything is."""
    (df, *dv), out, weak = _float_of("gradient", [f, *varargs])
    r = np.gradient(df, *dv, axis=axis, edge_order=edge_order)
    if isinstance(r, (list, tuple)):
        return tuple(wrap(K.cast(np.asarray(x), out), weak) for x in r)
    return wrap(K.cast(np.asarray(r), out), weak)


def interp(x, xp, fp, left=None, right=None, period=None):
    """Piecewise-linear interpolation.  Dtype: the inexact rule on the join of ``x``,
    ``xp`` and ``fp`` (complex when ``fp`` is complex); strong unless all weak."""
    (dx, dxp, dfp), out, weak = _float_of("interp", [x, xp, fp])
    if out in D.COMPLEX:  # complex fp: the abscissae stay real, as in NumPy and JAX
        real = np.dtype(D.COMPLEX_TO_REAL[out])
        if any(data_of(v, "interp")[0].dtype in D.COMPLEX for v in (x, xp)):
            raise TypeError("interp: x and xp must be real; only fp may be complex")
        dx, dxp = K.cast(dx, real), K.cast(dxp, real)
    lo = left._data if isinstance(left, Array) else left
    hi = right._data if isinstance(right, Array) else right
    r = np.interp(dx, dxp, dfp, lo, hi, period)
    return wrap(K.cast(np.asarray(r), out), weak)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integral by the trapezoidal rule.  Dtype: the inexact rule on ``y`` (and ``x``)."""
    (dy, *rest), out, _ = _float_of("trapezoid", [y, x])
    r = np.trapezoid(dy, rest[0] if rest else None, dx=dx, axis=axis)
    return wrap(K.cast(np.asarray(r), out))


def unwrap(p, discont=None, axis=-1, *, period=2 * np.pi):
    """Unwrap phase jumps larger than ``discont``.  Dtype: the inexact rule on ``p``."""
    # JAX differs: jnp.unwrap promotes integers with a weak float (int8 -> float64) and
    # drops the weak flag; weaknp applies the inexact rule (int8 -> float32) and keeps it.
    # Decision 58.
    d, w = data_of(p, "unwrap")
    if d.dtype in D.COMPLEX:
        raise TypeError("unwrap: needs a real (phase) input, got "
                        f"{D.dtype_name(d.dtype)}; pass angle(z) for complex values")
    if d.dtype in D.INTEGER | D.BOOL and (type(period) is int or (
            isinstance(period, (Array, np.ndarray, np.integer))
            and np.asarray(_raw(period)).dtype in D.INTEGER)):
        # An integer phase with an integer period stays integer (NumPy's and JAX's rule:
        # the result is the join of p and period), e.g. unwrap([0, 1, 2, 3], period=4).
        (_, pr), joined, weak = array_likes("unwrap", [wrap(d, w), period])
        work = D.int64 if joined in D.SIGNED else D.uint64
        r = np.unwrap(K.cast(d, work), discont, axis, period=K.cast(pr, work)[()]
                      if pr.ndim == 0 else K.cast(pr, work))
        return wrap(K.cast(np.asarray(r), joined), weak)
    out = inexact_dtype(d.dtype)
    r = np.unwrap(K.cast(d, compute_dtype(out)), discont, axis, period=period)
    return wrap(K.cast(np.asarray(r), out), w)


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences between consecutive elements of the flattened array; its dtype.

    ``to_end``/``to_begin`` values are stored into that dtype by the rule of
    ``x[i] = v`` (a Python int out of range raises ``OverflowError``)."""
    d, w = data_of(ary, "ediff1d")
    if d.dtype in D.BOOL:
        raise TypeError("ediff1d: bool arrays have no differences (NumPy refuses them too); "
                        "cast to an integer dtype first")
    work = compute_dtype(d.dtype)

    slot = np.empty((), d.dtype)
    node = STRONG_NODE[d.dtype]

    def extra(v):
        # NumPy and JAX differ: they cast the values (to_end=1000 wraps to -24 in int8).
        return None if v is None else K.cast(np.asarray(
            stored_value("ediff1d", slot, node, v, lists=True)), work)

    with np.errstate(over="ignore"):
        r = np.ediff1d(K.cast(d, work), extra(to_end), extra(to_begin))
    return wrap(K.cast(r, d.dtype), w)


def poly(seq_of_zeros):
    """Coefficients of the polynomial with the given roots (or a matrix's characteristic
    polynomial).  Dtype: the inexact rule; complex only if the roots are not conjugate."""
    # JAX differs: jnp.poly keeps complex input complex; weaknp follows NumPy's data-dependent
    # rule (real coefficients when the roots come in conjugate pairs) for NumPy's values.
    # Decision 58.
    d, _ = data_of(seq_of_zeros, "poly")
    out = inexact_dtype(d.dtype)
    r = np.asarray(np.poly(K.cast(d, compute_dtype(out))))
    if r.dtype.kind == "f" and out in D.COMPLEX:
        out = D.COMPLEX_TO_REAL[out]
    return wrap(K.cast(r, out if r.dtype.kind != "c" or out in D.COMPLEX else
                       D.REAL_TO_COMPLEX.get(out, D.complex128)))


def polyder(p, m=1):
    """The ``m``-th derivative of a polynomial; ``p``'s dtype and weak flag."""
    # JAX differs: jnp.polyder of integers is float and drops the weak flag; weaknp keeps
    # NumPy's exact integer derivative and the input's flag (decision 58).
    d, w = data_of(p, "polyder")
    return wrap(K.cast(np.asarray(np.polyder(K.cast(d, compute_dtype(d.dtype)), m)), d.dtype), w)


def polyint(p, m=1, k=None):
    """The ``m``-th antiderivative of a polynomial.  Dtype: the inexact rule on ``p``."""
    # JAX differs: jnp.polyint of bool is float64 (weaknp: the inexact rule, float32) and it
    # drops the weak flag (weaknp keeps it) (decision 58).
    d, w = data_of(p, "polyint")
    out = inexact_dtype(d.dtype)
    kk = k._data if isinstance(k, Array) else k
    return wrap(K.cast(np.asarray(np.polyint(K.cast(d, compute_dtype(out)), m, kk)), out), w)


def polydiv(u, v):
    """Quotient and remainder of polynomial division.  Dtype: the inexact rule on the
    join of ``u`` and ``v``."""
    # JAX differs: jnp.polydiv returns a strong quotient and a weak remainder for weak
    # input; weaknp gives both the join's flag (decision 58).
    (du, dv), out, weak = _float_of("polydiv", [u, v])
    q, r = np.polydiv(du, dv)
    return wrap(K.cast(np.asarray(q), out), weak), wrap(K.cast(np.asarray(r), out), weak)


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares polynomial fit.  Dtype: the inexact rule on the join of ``x`` and
    ``y`` (``polyfit`` of float32 data is float32); strong."""
    (dx, dy), out, _ = _float_of("polyfit", [x, y])
    ww = None if w is None else data_of(w, "polyfit")[0].astype(np.float64)
    work = D.complex128 if out in D.COMPLEX else D.float64  # NumPy fits complex y too
    r = np.polyfit(dx.astype(work), dy.astype(work), deg, rcond, full, ww, cov)

    def conv(v):
        v = np.asarray(v)
        return wrap(K.cast(v, out)) if v.dtype.kind in "fc" else wrap(v)

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
    r = np.roots(K.cast(d, D.float64 if out not in D.COMPLEX else D.complex128))
    if r.dtype.kind == "c" and out not in D.COMPLEX:
        out = D.REAL_TO_COMPLEX.get(out, D.complex64)  # float16/bfloat16 -> complex64
    return wrap(K.cast(r, out))
