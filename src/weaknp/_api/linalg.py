"""The Array API linear-algebra extension (``weaknp.linalg``), minus the four functions it
shares with the main namespace (``matmul``, ``matrix_transpose``, ``tensordot``,
``vecdot``: ``weaknp/linalg.py`` re-exports those from ``_linear_algebra``).

Dtype rules: decompositions, inverses, norms and solvers use the inexact rule on their input
(bool and 8/16/32-bit integers -> float32, 64-bit -> float64; float32 stays float32);
bfloat16/float16 are computed in float32 and cast back.  ``eig``/``eigvals`` are always
complex of the matching precision.  ``cross``, ``outer``, ``diagonal`` use the join of their
operands; ``trace`` follows ``sum``'s rule.  All results are strong except ``diagonal``,
``cross`` and ``outer``, which keep the join's weak flag (data movement / products).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._array.array import Array
from .._fast.dispatch import wrap
from .._array.operands import array_likes, data_of, raw
from .._core.dtype_rules import inexact_dtype, native_dtype
from .._core import narrow
from .._core.narrow import product_operand, rounded
from .._core.promotion import resolve_dtype, sum_dtype
from .._core.arguments import axes

__all__ = ["cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
           "matrix_norm", "matrix_power", "matrix_rank", "outer", "pinv", "qr", "slogdet",
           "solve", "svd", "svdvals", "trace", "vector_norm",
           "EighResult", "EigResult", "QRResult", "SlogdetResult", "SVDResult",
           "norm", "lstsq", "cond", "multi_dot", "tensorinv", "tensorsolve"]


class EighResult(NamedTuple):
    eigenvalues: Array
    eigenvectors: Array


class EigResult(NamedTuple):
    eigenvalues: Array
    eigenvectors: Array


class QRResult(NamedTuple):
    Q: Array
    R: Array


class SlogdetResult(NamedTuple):
    sign: Array
    logabsdet: Array


class SVDResult(NamedTuple):
    U: Array
    S: Array
    Vh: Array


def _inexact_dtypes(dt):
    """(compute dtype, result dtype) of the inexact rule for ``dt``: bfloat16, float16 and
    the other narrow floats are computed in float32 and cast back."""
    out = inexact_dtype(dt)
    return (dtypes.float32 if out in dtypes.REAL_FLOAT and out not in (dtypes.float32,
                                                                       dtypes.float64) else out), out


def _inexact(function, x, *, matrix=True):
    """(array in its compute dtype, result dtype)."""
    d, _ = data_of(x, function)
    if matrix and d.ndim < 2:
        raise ValueError(f"{function}: needs at least 2 dimensions, got {d.ndim}")
    comp, out = _inexact_dtypes(d.dtype)
    return dtype_rules.cast(d, comp), out


# JAX differs: its weak flags in jax.numpy.linalg follow no rule.  With a weak float64
# matrix W (jax 0.10.2, x64): cholesky, det, eig, eigvals, eigh, eigvalsh, qr, svd, svdvals,
# cond, tensorsolve and matrix_power(W, 3) are weak, but inv, pinv, slogdet, matrix_norm,
# vector_norm, norm, trace, tensorinv and matrix_power(W, 0 or -1) are strong; diagonal and
# cross are strong although matrix_transpose and outer are weak.  weaknp takes one rule:
# decompositions, inverses, solvers and norms aggregate like reductions and are strong (as
# every weaknp reduction); data movement and products keep the join's flag (decision 34).
def _out(r, dt, weak=False):
    return wrap(dtype_rules.cast(np.asarray(r), dt), weak)


def _real(dt):
    return dtypes.COMPLEX_TO_REAL.get(dt, dt)


def cholesky(x, /, *, upper=False):
    """Cholesky factor (lower by default).

    Examples
    --------
    >>> x = wnp.asarray([[4, 2], [2, 5]], dtype=wnp.int8)
    >>> wnp.linalg.cholesky(x)
    Array([[2., 0.],
           [1., 2.]], dtype=float32)
    >>> wnp.linalg.cholesky(x, upper=True)
    Array([[2., 1.],
           [0., 2.]], dtype=float32)
    """
    a, dt = _inexact("cholesky", x)
    r = np.linalg.cholesky(a, upper=upper)
    return _out(r, dt)


def cross(x1, x2, /, *, axis=-1):
    """Cross product of 3-vectors along ``axis``, in the joined dtype.

    Examples
    --------
    >>> x = wnp.asarray([1, 0, 0], dtype=wnp.int8)
    >>> wnp.linalg.cross(x, wnp.asarray([0, 1, 0], dtype=wnp.int8))
    Array([0, 0, 1], dtype=int8)
    >>> wnp.linalg.cross(x, wnp.asarray([0, 1, 0], dtype=wnp.uint8))
    Array([0, 0, 1], dtype=int16)
    """
    (a, b), dt, weak = array_likes("cross", [x1, x2])
    if a.shape[axis] != 3 or b.shape[axis] != 3:
        raise ValueError("cross: the vectors along axis must have 3 elements")
    c = native_dtype(dt)
    return _out(np.cross(dtype_rules.cast(a, c), dtype_rules.cast(b, c), axis=axis), dt, weak)


def det(a):
    """Determinant.

    Examples
    --------
    >>> wnp.linalg.det(wnp.asarray([[2, 1], [1, 3]], dtype=wnp.int8))
    Array(5., dtype=float32)
    >>> wnp.linalg.det(wnp.asarray([[2, 1], [1, 3]]))
    Array(5., dtype=float64)
    """
    a, dt = _inexact("det", a)
    return _out(np.linalg.det(a), dt)


def diagonal(x, /, *, offset=0):
    """The diagonal of the last two axes (keeps dtype and weak flag).

    Examples
    --------
    >>> x = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8)
    >>> wnp.linalg.diagonal(x)
    Array([1, 4], dtype=int8)
    >>> wnp.linalg.diagonal(x, offset=1)
    Array([2], dtype=int8)
    >>> wnp.linalg.diagonal(wnp.full((2, 2), 1.5))
    Array([1.5, 1.5], dtype=float64, weak_type=True)
    """
    d, w = data_of(x, "diagonal")
    # the method NumPy's function calls (no __array_function__ dispatch)
    return wrap(d.diagonal(offset, -2, -1).copy(), w)


def eig(a):
    """Eigenvalues and eigenvectors of general matrices; always complex.

    Examples
    --------
    >>> w, v = wnp.linalg.eig(wnp.asarray([[2, 1], [0, 3]], dtype=wnp.int8))
    >>> w
    Array([2.+0.j, 3.+0.j], dtype=complex64)
    >>> v.dtype
    dtype('complex64')
    """
    a, dt = _inexact("eig", a)
    cdt = dtypes.REAL_TO_COMPLEX.get(dt, dt if dt in dtypes.COMPLEX else dtypes.complex64)
    w, v = np.linalg.eig(a)
    return EigResult(_out(w, cdt), _out(v, cdt))


def eigvals(a):
    """Eigenvalues of general matrices; always complex.

    Examples
    --------
    >>> wnp.linalg.eigvals(wnp.asarray([[2, 1], [0, 3]], dtype=wnp.int8))
    Array([2.+0.j, 3.+0.j], dtype=complex64)
    >>> wnp.linalg.eigvals(wnp.asarray([[2.0, 1.0], [0.0, 3.0]]))
    Array([2.+0.j, 3.+0.j], dtype=complex128)
    """
    a, dt = _inexact("eigvals", a)
    cdt = dtypes.REAL_TO_COMPLEX.get(dt, dt if dt in dtypes.COMPLEX else dtypes.complex64)
    return _out(np.linalg.eigvals(a), cdt)


def eigh(a, UPLO="L"):
    """Eigen-decomposition of Hermitian matrices (real eigenvalues, ascending).

    Examples
    --------
    >>> w, v = wnp.linalg.eigh(wnp.asarray([[3, 0], [0, 1]], dtype=wnp.int8))
    >>> w
    Array([1., 3.], dtype=float32)
    >>> v.dtype
    dtype('float32')
    """
    a, dt = _inexact("eigh", a)
    w, v = np.linalg.eigh(a, UPLO)
    return EighResult(_out(w, _real(dt)), _out(v, dt))


def eigvalsh(a, UPLO="L"):
    """Eigenvalues of Hermitian matrices, ascending.

    Examples
    --------
    >>> wnp.linalg.eigvalsh(wnp.asarray([[3, 0], [0, 1]], dtype=wnp.int8))
    Array([1., 3.], dtype=float32)
    >>> wnp.linalg.eigvalsh(wnp.asarray([[3, 0], [0, 1]], dtype=wnp.complex64))
    Array([1., 3.], dtype=float32)
    """
    a, dt = _inexact("eigvalsh", a)
    return _out(np.linalg.eigvalsh(a, UPLO), _real(dt))


def inv(a):
    """Matrix inverse.

    Examples
    --------
    >>> wnp.linalg.inv(wnp.asarray([[2, 1], [1, 1]], dtype=wnp.int8))
    Array([[ 1., -1.],
           [-1.,  2.]], dtype=float32)
    >>> wnp.linalg.inv(wnp.asarray([[2, 0], [0, 4]]))
    Array([[0.5 , 0.  ],
           [0.  , 0.25]], dtype=float64)
    """
    a, dt = _inexact("inv", a)
    return _out(np.linalg.inv(a), dt)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Matrix norm over the last two axes (real result).

    Examples
    --------
    >>> wnp.linalg.matrix_norm(wnp.asarray([[3, 0], [0, 4]], dtype=wnp.int8))
    Array(5., dtype=float32)
    >>> wnp.linalg.matrix_norm(wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8), ord=1)
    Array(6., dtype=float32)
    >>> wnp.linalg.matrix_norm(wnp.asarray([[3, 0], [0, 4j]], dtype=wnp.complex64))
    Array(5., dtype=float32)
    """
    a, dt = _inexact("matrix_norm", x)
    r = np.linalg.norm(a, ord=ord, axis=(-2, -1), keepdims=keepdims)
    return _out(r, _real(dt))


def matrix_power(a, n):
    """Raise a square matrix to the integer power ``n`` (negative: of the inverse).

    Examples
    --------
    >>> wnp.linalg.matrix_power(wnp.asarray([[1, 1], [0, 1]], dtype=wnp.int8), 3)
    Array([[1, 3],
           [0, 1]], dtype=int8)
    >>> wnp.linalg.matrix_power(wnp.asarray([[2, 0], [0, 4]], dtype=wnp.int8), -1)
    Array([[0.5 , 0.  ],
           [0.  , 0.25]], dtype=float32)
    """
    x = a
    d, _ = data_of(x, "matrix_power")
    if n < 0:
        a, dt = _inexact("matrix_power", x)
        return _out(np.linalg.matrix_power(a, n), dt)
    c = native_dtype(d.dtype)
    return _out(np.linalg.matrix_power(dtype_rules.cast(d, c), n), d.dtype)


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):  # noqa: N803 - NumPy
    """Rank (number of singular values above ``rtol * largest``); int64.

    Examples
    --------
    >>> wnp.linalg.matrix_rank(wnp.asarray([[1, 2], [2, 4]], dtype=wnp.int8))
    Array(1, dtype=int64)
    >>> wnp.linalg.matrix_rank(wnp.eye(3))
    Array(3, dtype=int64)
    """
    a, _ = _inexact("matrix_rank", A, matrix=False)
    if a.ndim < 2 or tol is not None or hermitian:  # NumPy's forms: 1-D, absolute tol
        r = np.linalg.matrix_rank(a, tol=raw(tol), hermitian=hermitian,
                                  rtol=raw(rtol))
    elif rtol is None:
        r = np.linalg.matrix_rank(a)
    else:
        s = np.linalg.svd(a, compute_uv=False)
        rt = data_of(rtol, "matrix_rank")[0] if isinstance(rtol, Array) else rtol
        tol = s.max(axis=-1, keepdims=True) * np.asarray(rt)[..., None]
        r = np.count_nonzero(s > tol, axis=-1)
    return wrap(np.asarray(r, dtype=dtypes.int64))


def outer(x1, x2, /):
    """Outer product of two 1-D arrays, in the joined dtype.

    Examples
    --------
    >>> x = wnp.asarray([1, 2], dtype=wnp.int8)
    >>> wnp.linalg.outer(x, wnp.asarray([1, 2, 3], dtype=wnp.int8))
    Array([[1, 2, 3],
           [2, 4, 6]], dtype=int8)
    >>> wnp.linalg.outer(x, wnp.asarray([1, 2], dtype=wnp.uint8))
    Array([[1, 2],
           [2, 4]], dtype=int16)
    >>> wnp.linalg.outer(wnp.full(2, 2.0), wnp.full(2, 3))
    Array([[6., 6.],
           [6., 6.]], dtype=float64, weak_type=True)
    """
    (a, b), dt, weak = array_likes("outer", [x1, x2])
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError("outer: both inputs must be 1-D")
    a, b = dtype_rules.cast(a, dt), dtype_rules.cast(b, dt)
    if dt in narrow.NARROW:   # float32 products a block of rows at a time, rounded back
        return wrap(narrow.outer(a, b, dt), weak)
    return wrap(rounded(np.outer(product_operand(a, dt), product_operand(b, dt)), dt), weak)


def pinv(a, rcond=None, hermitian=False, *, rtol=None):
    """Moore-Penrose pseudo-inverse.

    Examples
    --------
    >>> wnp.linalg.pinv(wnp.asarray([[2, 0], [0, 4]], dtype=wnp.int8))
    Array([[0.5 , 0.  ],
           [0.  , 0.25]], dtype=float32)
    >>> wnp.linalg.pinv(wnp.asarray([[1, 0], [0, 0]], dtype=wnp.int8))
    Array([[1., 0.],
           [0., 0.]], dtype=float32)
    """
    a, dt = _inexact("pinv", a)
    if rtol is None:
        rtol = rcond  # NumPy's spelling
    if rtol is None:
        rtol = max(a.shape[-2:]) * np.finfo(_real(a.dtype)).eps
    if isinstance(rtol, Array):
        rtol = rtol._data
    return _out(np.linalg.pinv(a, rcond=rtol, hermitian=hermitian), dt)


def qr(a, mode="reduced"):
    """QR decomposition (``mode`` 'reduced' or 'complete').

    Examples
    --------
    >>> x = wnp.asarray([[1, 2], [3, 4], [5, 6]], dtype=wnp.int8)
    >>> q, r = wnp.linalg.qr(x)
    >>> q.shape, r.shape, r.dtype
    ((3, 2), (2, 2), dtype('float32'))
    >>> wnp.linalg.qr(x, mode="complete").Q.shape
    (3, 3)
    """
    if mode not in ("reduced", "complete", "r", "raw"):
        raise ValueError(f"qr: mode must be 'reduced', 'complete', 'r' or 'raw', got "
                         f"{mode!r}")
    a, dt = _inexact("qr", a)
    if mode == "r":  # NumPy's mode: R alone
        return _out(np.linalg.qr(a, mode="r"), dt)
    if mode == "raw":  # NumPy's mode: LAPACK's (h, tau)
        h, tau = np.linalg.qr(a, mode="raw")
        return _out(h, dt), _out(tau, dt)
    q, r = np.linalg.qr(a, mode=mode)
    return QRResult(_out(q, dt), _out(r, dt))


def slogdet(a):
    """Sign and log of the absolute value of the determinant.

    Examples
    --------
    >>> wnp.linalg.slogdet(wnp.asarray([[2, 0], [0, 3]], dtype=wnp.int8))
    SlogdetResult(sign=Array(1., dtype=float32), logabsdet=Array(1.79175..., dtype=float32))
    >>> wnp.linalg.slogdet(wnp.asarray([[0, 1], [1, 0]], dtype=wnp.int8))
    SlogdetResult(sign=Array(-1., dtype=float32), logabsdet=Array(0., dtype=float32))
    """
    a, dt = _inexact("slogdet", a)
    s, l = np.linalg.slogdet(a)
    return SlogdetResult(_out(s, dt), _out(l, _real(dt)))


def solve(a, b):
    """Solve ``x1 @ y = x2`` for ``y`` (inexact rule on the join of both).

    Examples
    --------
    >>> a = wnp.asarray([[2, 0], [0, 4]], dtype=wnp.int8)
    >>> wnp.linalg.solve(a, wnp.asarray([1, 1], dtype=wnp.uint8))
    Array([0.5 , 0.25], dtype=float32)
    >>> wnp.linalg.solve(a, wnp.asarray([1, 1]))
    Array([0.5 , 0.25], dtype=float64)
    """
    (a, b), dt, _ = array_likes("solve", [a, b])
    comp, out = _inexact_dtypes(dt)
    a, b = dtype_rules.cast(a, comp), dtype_rules.cast(b, comp)
    if b.ndim == 1:
        r = np.linalg.solve(a, b[..., None])[..., 0] if a.ndim == 2 else \
            np.linalg.solve(a, np.broadcast_to(b, a.shape[:-1])[..., None])[..., 0]
    else:
        r = np.linalg.solve(a, b)
    return _out(r, out)


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition ``U, S, Vh``.

    Examples
    --------
    >>> x = wnp.asarray([[1, 2, 3], [4, 5, 6]], dtype=wnp.int8)
    >>> u, s, vh = wnp.linalg.svd(x, full_matrices=False)
    >>> u.shape, s.shape, vh.shape, s.dtype
    ((2, 2), (2,), (2, 3), dtype('float32'))
    >>> wnp.linalg.svd(wnp.asarray([[3, 0], [0, 4]], dtype=wnp.int8)).S
    Array([4., 3.], dtype=float32)
    """
    a, dt = _inexact("svd", a)
    if not compute_uv:  # NumPy's form: the singular values alone
        return _out(np.linalg.svd(a, compute_uv=False, hermitian=hermitian), _real(dt))
    u, s, vh = np.linalg.svd(a, full_matrices=full_matrices, hermitian=hermitian)
    return SVDResult(_out(u, dt), _out(s, _real(dt)), _out(vh, dt))


def svdvals(x, /):
    """Singular values, descending.

    Examples
    --------
    >>> wnp.linalg.svdvals(wnp.asarray([[3, 0], [0, 4]], dtype=wnp.int8))
    Array([4., 3.], dtype=float32)
    >>> wnp.linalg.svdvals(wnp.asarray([[3, 0], [0, 4j]], dtype=wnp.complex64))
    Array([4., 3.], dtype=float32)
    """
    a, dt = _inexact("svdvals", x)
    return _out(np.linalg.svd(a, compute_uv=False), _real(dt))


def trace(x, /, *, offset=0, dtype=None):
    """Sum of the diagonal of the last two axes; dtype rule as ``sum``; strong.

    Examples
    --------
    >>> wnp.linalg.trace(wnp.asarray([[100, 0], [0, 100]], dtype=wnp.int8))
    Array(200, dtype=int64)
    >>> wnp.linalg.trace(wnp.asarray([[1, 2], [3, 4]], dtype=wnp.uint8), offset=1)
    Array(2, dtype=uint64)
    >>> wnp.linalg.trace(wnp.full((2, 2), 1.5))
    Array(3., dtype=float64)
    """
    d, _ = data_of(x, "trace")
    if d.ndim < 2:
        raise ValueError("trace: needs at least 2 dimensions")
    out = resolve_dtype(dtype, "trace") or sum_dtype(d.dtype)
    acc = native_dtype(out)
    r = np.trace(d, offset=offset, axis1=-2, axis2=-1, dtype=acc)
    return _out(r, out)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Vector norm over ``axis`` (all axes when None); real result, inexact rule.

    Examples
    --------
    >>> wnp.linalg.vector_norm(wnp.asarray([3, 4], dtype=wnp.int8))
    Array(5., dtype=float32)
    >>> wnp.linalg.vector_norm(wnp.asarray([3, -4], dtype=wnp.int8), ord=1)
    Array(7., dtype=float32)
    >>> wnp.linalg.vector_norm(wnp.asarray([[3, 4], [6, 8]], dtype=wnp.int64), axis=1)
    Array([ 5., 10.], dtype=float64)
    >>> wnp.linalg.vector_norm(wnp.full(2, 3.0))
    Array(4.24264..., dtype=float64)
    """
    a, dt = _inexact("vector_norm", x, matrix=False)
    if axis is None:
        r = np.linalg.norm(a.reshape(-1), ord=ord)
        if keepdims:
            r = np.reshape(r, (1,) * a.ndim)
    else:
        ax = axes(axis, a.ndim, "vector_norm")
        if len(ax) == 1:
            r = np.linalg.norm(a, ord=ord, axis=ax[0], keepdims=keepdims)
        else:
            ax = tuple(i % a.ndim for i in ax)
            rest = [i for i in range(a.ndim) if i not in ax]
            moved = np.transpose(a, rest + list(ax))
            flat = moved.reshape(moved.shape[:len(rest)] + (-1,))
            r = np.linalg.norm(flat, ord=ord, axis=-1)
            if keepdims:
                shape = [1 if i in ax else a.shape[i] for i in range(a.ndim)]
                r = np.reshape(r, shape)
    return _out(r, _real(dt))


# -- NumPy's extras -------------------------------------------------------------------

def norm(x, ord=None, axis=None, keepdims=False):
    """Vector or matrix norm by ``axis`` (NumPy's ``linalg.norm``); real, inexact rule.

    Examples
    --------
    >>> wnp.linalg.norm(wnp.asarray([3, 4], dtype=wnp.int8))
    Array(5., dtype=float32)
    >>> wnp.linalg.norm(wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8), ord=1)
    Array(6., dtype=float32)
    >>> wnp.linalg.norm(wnp.asarray([[3, 4], [6, 8]], dtype=wnp.int8), axis=1)
    Array([ 5., 10.], dtype=float32)
    """
    a, dt = _inexact("norm", x, matrix=False)
    if axis is not None:
        axis = axes(axis, a.ndim, "norm")
        axis = axis[0] if len(axis) == 1 else axis
    return _out(np.linalg.norm(a, ord=ord, axis=axis, keepdims=keepdims), _real(dt))


def lstsq(a, b, rcond=None):
    """Least-squares solution (NumPy's ``lstsq``): solution, residuals, rank, singular values.

    Examples
    --------
    >>> a = wnp.asarray([[1, 0], [0, 1], [0, 0]], dtype=wnp.int8)
    >>> x, residuals, rank, sv = wnp.linalg.lstsq(a, wnp.asarray([1, 2, 3], dtype=wnp.int8))
    >>> x, residuals, rank
    (Array([1., 2.], dtype=float32), Array([9.], dtype=float32), Array(2, dtype=int64))
    """
    (p, q), dt, _ = array_likes("lstsq", [a, b])
    comp, out = _inexact_dtypes(dt)
    sol, res, rank, sv = np.linalg.lstsq(dtype_rules.cast(p, comp), dtype_rules.cast(q, comp),
                                         rcond=rcond)
    return (_out(sol, out), _out(res, _real(out)), wrap(np.asarray(rank, dtype=dtypes.int64)),
            _out(sv, _real(out)))


def cond(x, p=None):
    """Condition number (NumPy's ``linalg.cond``).

    Examples
    --------
    >>> wnp.linalg.cond(wnp.asarray([[1, 0], [0, 2]], dtype=wnp.int8))
    Array(2., dtype=float32)
    >>> wnp.linalg.cond(wnp.asarray([[1, 0], [0, 4]]), 1)
    Array(4., dtype=float64)
    """
    a, dt = _inexact("cond", x)
    return _out(np.linalg.cond(a, p), _real(dt))


def multi_dot(arrays):
    """Chained matrix product in the join of all dtypes.

    Examples
    --------
    >>> a = wnp.asarray([[1, 2]], dtype=wnp.int8)
    >>> b = wnp.asarray([[1], [1]], dtype=wnp.int8)
    >>> wnp.linalg.multi_dot([a, b, wnp.asarray([[2]], dtype=wnp.int8)])
    Array([[6]], dtype=int8)
    >>> wnp.linalg.multi_dot([a, wnp.asarray([[1], [1]], dtype=wnp.uint8)])
    Array([[3]], dtype=int16)
    """
    datas, dt, weak = array_likes("multi_dot", list(arrays))
    c = native_dtype(dt)
    return _out(np.linalg.multi_dot([dtype_rules.cast(d, c) for d in datas]), dt, weak)


def tensorinv(a, ind=2):
    """The inverse of an N-d array for ``tensordot`` (NumPy's ``linalg.tensorinv``;
    inexact rule).

    Examples
    --------
    >>> wnp.linalg.tensorinv(wnp.asarray([[2, 0], [0, 4]], dtype=wnp.int8), ind=1)
    Array([[0.5 , 0.  ],
           [0.  , 0.25]], dtype=float32)
    >>> t = wnp.reshape(wnp.eye(4, dtype=wnp.int16), (2, 2, 4))
    >>> wnp.linalg.tensorinv(t).shape
    (4, 2, 2)
    """
    d, dt = _inexact("tensorinv", a, matrix=False)
    return _out(np.linalg.tensorinv(d, ind), dt)


def tensorsolve(a, b, axes=None):
    """Solve ``tensordot(a, x, b.ndim) == b`` for ``x`` (NumPy's ``linalg.tensorsolve``;
    inexact rule on the join of ``a`` and ``b``).

    Examples
    --------
    >>> a = wnp.asarray([[2, 0], [0, 4]], dtype=wnp.int8)
    >>> wnp.linalg.tensorsolve(a, wnp.asarray([2, 2], dtype=wnp.int8))
    Array([1. , 0.5], dtype=float32)
    >>> wnp.linalg.tensorsolve(a, wnp.asarray([2, 2]))
    Array([1. , 0.5], dtype=float64)
    """
    (p, q), dt, _ = array_likes("tensorsolve", [a, b])
    comp, out = _inexact_dtypes(dt)
    return _out(np.linalg.tensorsolve(dtype_rules.cast(p, comp), dtype_rules.cast(q, comp),
                                      axes), out)
