"""NumPy's products, calculus-like functions and polynomials: values against NumPy on
the same, explicitly cast inputs, literal dtypes/weak flags, and (the harness rows at the
end) dtypes against jax.numpy (x64)."""

import ml_dtypes
import numpy as np
import pytest
from harness import A, W, table_tests
from support import close_array, same_array

import weaknp as wnp
from weaknp._fast.dispatch import wrap

M = [[1, 2], [3, 4]]
V = [1, 2, 3]


def a(values, dtype):
    """A strong weaknp array and the NumPy array with the same values and dtype."""
    n = np.asarray(values).astype(dtype)
    return wnp.asarray(n), n


def weak(values):
    """A weak float64 weaknp array (a Python float broadcast) and its NumPy twin."""
    n = np.asarray(values, dtype=np.float64)
    return _weak_array(n), n


def _weak_array(n):
    return wrap(n.copy(), True)  # the trusted constructor: a weak array of any values


I8, N_I8 = a(M, "int8")
U8, N_U8 = a(M, "uint8")
F32, N_F32 = a(M, "float32")
F16V, N_F16V = a(V, "float16")
I8V, N_I8V = a(V, "int8")
I16V, N_I16V = a([3, 1, 2], "int16")
F32V, N_F32V = a(V, "float32")
BV, N_BV = a([True, False, True], "bool")
C64V, N_C64V = a([1 + 1j, 2, 3j], "complex64")
BF16, N_BF16 = a(M, ml_dtypes.bfloat16)
WV, N_WV = weak([0.5, 1.5, 2.5])
W2, N_W2 = weak([[0.5, 1.5], [2.5, 3.5]])
F = np.float32

# id, weaknp call, NumPy oracle call, expected dtype, expected weak flag
CASES = [
    ("dot-int8", lambda: wnp.dot(I8, I8), lambda: np.dot(N_I8, N_I8), "int8", False),
    ("dot-int8-uint8", lambda: wnp.dot(I8, U8),
     lambda: np.dot(N_I8.astype("int16"), N_U8.astype("int16")), "int16", False),
    ("dot-f32-weak", lambda: wnp.dot(F32, W2), lambda: np.dot(N_F32, N_W2.astype(F)),
     "float32", False),
    ("dot-int8-pyint", lambda: wnp.dot(I8, 3), lambda: np.dot(N_I8, np.int8(3)), "int8",
     False),
    ("dot-weak-weak", lambda: wnp.dot(WV, WV), lambda: np.dot(N_WV, N_WV), "float64", True),
    ("dot-bf16", lambda: wnp.dot(BF16, BF16),
     lambda: np.dot(N_BF16.astype(F), N_BF16.astype(F)).astype(ml_dtypes.bfloat16),
     "bfloat16", False),
    ("vdot-c64", lambda: wnp.vdot(C64V, C64V), lambda: np.vdot(N_C64V, N_C64V), "complex64",
     False),
    ("vdot-int8-f16", lambda: wnp.vdot(I8V, F16V),
     lambda: np.vdot(N_I8V.astype("float16"), N_F16V), "float16", False),
    ("inner-int16-uint8", lambda: wnp.inner(I16V, a(V, "uint8")[0]),
     lambda: np.inner(N_I16V, np.asarray(V, "int16")), "int16", False),
    ("inner-bool", lambda: wnp.inner(BV, BV), lambda: np.inner(N_BV, N_BV), "bool", False),
    ("outer-f32-int8", lambda: wnp.outer(F32V, I8V), lambda: np.outer(N_F32V, N_I8V.astype(F)),
     "float32", False),
    ("outer-weak-int8", lambda: wnp.outer(WV, I8V),
     lambda: np.outer(N_WV, N_I8V.astype("float64")), "float64", True),
    ("kron-int8-uint8", lambda: wnp.kron(I8, U8),
     lambda: np.kron(N_I8.astype("int16"), N_U8.astype("int16")), "int16", False),
    ("cross-f32", lambda: wnp.cross(F32V, a([4, 5, 6], "float32")[0]),
     lambda: np.cross(N_F32V, np.asarray([4, 5, 6], F)), "float32", False),
    ("cross-int8", lambda: wnp.cross(I8V, I16V), lambda: np.cross(N_I8V.astype("int16"), N_I16V),
     "int16", False),
    ("einsum-matmul", lambda: wnp.einsum("ij,jk->ik", I8, F32),
     lambda: np.einsum("ij,jk->ik", N_I8.astype(F), N_F32), "float32", False),
    ("einsum-dot-optimize", lambda: wnp.einsum("i,i->", I8V, I16V, optimize=True),
     lambda: np.einsum("i,i->", N_I8V.astype("int16"), N_I16V), "int16", False),
    ("einsum-dtype", lambda: wnp.einsum("i->", I8V, dtype="float64"),
     lambda: np.einsum("i->", N_I8V.astype("float64")), "float64", False),
    ("einsum-weak", lambda: wnp.einsum("i,i->i", WV, WV),
     lambda: np.einsum("i,i->i", N_WV, N_WV), "float64", True),
    ("trace-int8", lambda: wnp.trace(I8), lambda: np.trace(N_I8.astype("int64")), "int64",
     False),
    ("trace-uint8", lambda: wnp.trace(U8), lambda: np.trace(N_U8.astype("uint64")), "uint64",
     False),
    ("trace-f32-offset", lambda: wnp.trace(F32, 1), lambda: np.trace(N_F32, 1), "float32",
     False),
    ("trace-weak", lambda: wnp.trace(W2), lambda: np.trace(N_W2), "float64", False),
    ("matvec-f32", lambda: wnp.matvec(F32, a([1, 2], "float32")[0]),
     lambda: np.matvec(N_F32, np.asarray([1, 2], F)), "float32", False),
    ("matvec-int8-list", lambda: wnp.matvec(I8, [2, 2]),
     lambda: np.matvec(N_I8.astype("int64"), np.asarray([2, 2], "int64")), "int64", False),
    ("vecmat-int32", lambda: wnp.vecmat(a([1, 2], "int32")[0], a(M, "int32")[0]),
     lambda: np.vecmat(np.asarray([1, 2], "int32"), np.asarray(M, "int32")), "int32", False),
    ("convolve-f32", lambda: wnp.convolve(F32V, a([0, 1], "float32")[0]),
     lambda: np.convolve(N_F32V, np.asarray([0, 1], F)), "float32", False),
    ("convolve-int8", lambda: wnp.convolve(I8V, I16V),
     lambda: np.convolve(N_I8V.astype(F), N_I16V.astype(F)), "float32", False),
    ("convolve-same", lambda: wnp.convolve(F32V, I8V, "same"),
     lambda: np.convolve(N_F32V, N_I8V.astype(F), "same"), "float32", False),
    ("correlate-int32", lambda: wnp.correlate(I8V, a([0, 1], "int32")[0], "full"),
     lambda: np.correlate(N_I8V.astype(F), np.asarray([0, 1], F), "full"), "float32", False),
    ("correlate-c64", lambda: wnp.correlate(C64V, C64V),
     lambda: np.correlate(N_C64V, N_C64V), "complex64", False),
    ("gradient-f32", lambda: wnp.gradient(a([1, 4, 9, 16], "float32")[0]),
     lambda: np.gradient(np.asarray([1, 4, 9, 16], F)), "float32", False),
    ("gradient-int8", lambda: wnp.gradient(a([1, 4, 9, 16], "int8")[0]),
     lambda: np.gradient(np.asarray([1, 4, 9, 16], F)), "float32", False),
    ("gradient-int64-spacing", lambda: wnp.gradient(a([1, 4, 9, 16], "int64")[0], 0.5),
     lambda: np.gradient(np.asarray([1, 4, 9, 16], "float64"), 0.5), "float64", True),
    ("gradient-weak", lambda: wnp.gradient(WV), lambda: np.gradient(N_WV), "float64", True),
    ("gradient-edge2", lambda: wnp.gradient(F32V, edge_order=2),
     lambda: np.gradient(N_F32V, edge_order=2), "float32", False),
    ("interp-f32", lambda: wnp.interp(a([0.5, 1.5], "float32")[0], F32V, a([0, 10, 20],
                                                                             "float32")[0]),
     lambda: np.interp(np.asarray([0.5, 1.5], F), N_F32V, np.asarray([0, 10, 20], F)),
     "float32", False),
    ("interp-int8", lambda: wnp.interp(I8V, I8V, I16V),
     lambda: np.interp(N_I8V.astype(F), N_I8V.astype(F), N_I16V.astype(F)), "float32", False),
    ("interp-pyfloat", lambda: wnp.interp(1.5, F32V, F32V),
     lambda: np.interp(F(1.5), N_F32V, N_F32V), "float32", False),
    ("interp-complex", lambda: wnp.interp(F32V, F32V, C64V),
     lambda: np.interp(N_F32V, N_F32V, N_C64V), "complex64", False),
    ("trapezoid-f32", lambda: wnp.trapezoid(F32V), lambda: np.trapezoid(N_F32V), "float32",
     False),
    ("trapezoid-int8-x", lambda: wnp.trapezoid(I8V, I16V),
     lambda: np.trapezoid(N_I8V.astype(F), N_I16V.astype(F)), "float32", False),
    ("trapezoid-weak", lambda: wnp.trapezoid(WV), lambda: np.trapezoid(N_WV), "float64",
     False),
    ("unwrap-f32", lambda: wnp.unwrap(a([0, 3, 6.5], "float32")[0]),
     lambda: np.unwrap(np.asarray([0, 3, 6.5], F)), "float32", False),
    ("unwrap-int8-period", lambda: wnp.unwrap(a([0, 5, 11], "int8")[0], period=4),
     lambda: np.unwrap(np.asarray([0, 5, 11], "int8"), period=4), "int8", False),
    ("unwrap-weak", lambda: wnp.unwrap(WV), lambda: np.unwrap(N_WV), "float64", True),
    ("ediff1d-int8", lambda: wnp.ediff1d(a([1, 4, 9], "int8")[0]),
     lambda: np.ediff1d(np.asarray([1, 4, 9], "int8")), "int8", False),
    ("ediff1d-ends", lambda: wnp.ediff1d(F32V, to_end=9, to_begin=[-1, -2]),
     lambda: np.ediff1d(N_F32V, to_end=np.asarray([9], F), to_begin=np.asarray([-1, -2], F)),
     "float32", False),
    ("ediff1d-weak", lambda: wnp.ediff1d(WV), lambda: np.ediff1d(N_WV), "float64", True),
    ("poly-int8", lambda: wnp.poly(I8V), lambda: np.poly(N_I8V.astype(F)), "float32", False),
    ("poly-f64-matrix", lambda: wnp.poly(a(M, "float64")[0]),
     lambda: np.poly(np.asarray(M, "float64")), "float64", False),
    ("poly-c64-conj", lambda: wnp.poly(a([1 + 1j, 1 - 1j], "complex64")[0]),
     lambda: np.poly(np.asarray([1 + 1j, 1 - 1j], "complex64")), "float32", False),
    ("poly-c64", lambda: wnp.poly(C64V), lambda: np.poly(N_C64V), "complex64", False),
    ("polyadd-int8-f32", lambda: wnp.polyadd(I8V, a([1, 2], "float32")[0]),
     lambda: np.polyadd(N_I8V.astype(F), np.asarray([1, 2], F)), "float32", False),
    ("polyadd-int8-pyint", lambda: wnp.polyadd(I8V, 5),
     lambda: np.polyadd(N_I8V, np.int8(5)), "int8", False),
    ("polysub-int8-int16", lambda: wnp.polysub(I8V, I16V),
     lambda: np.polysub(N_I8V.astype("int16"), N_I16V), "int16", False),
    ("polysub-weak", lambda: wnp.polysub(WV, 1.0), lambda: np.polysub(N_WV, 1.0), "float64",
     True),
    ("polymul-int8", lambda: wnp.polymul(I8V, I8V), lambda: np.polymul(N_I8V, N_I8V), "int8",
     False),
    ("polymul-f16-pyfloat", lambda: wnp.polymul(F16V, 0.5),
     lambda: np.polymul(N_F16V, np.float16(0.5)), "float16", False),
    ("polyval-f32", lambda: wnp.polyval(F32V, a([1, 2], "float32")[0]),
     lambda: np.polyval(N_F32V, np.asarray([1, 2], F)), "float32", False),
    ("polyval-int32-pyint", lambda: wnp.polyval(a(V, "int32")[0], 2),
     lambda: np.polyval(np.asarray(V, "int32"), np.int32(2)), "int32", False),
    ("polyval-int8-pyfloat", lambda: wnp.polyval(I8V, 0.5),
     lambda: np.polyval(N_I8V.astype("float64"), 0.5), "float64", True),
    ("polyder-f32", lambda: wnp.polyder(F32V), lambda: np.polyder(N_F32V), "float32", False),
    ("polyder-int8-m2", lambda: wnp.polyder(I8V, 2), lambda: np.polyder(N_I8V, 2), "int8",
     False),
    ("polyder-weak", lambda: wnp.polyder(WV), lambda: np.polyder(N_WV), "float64", True),
    ("polyint-f32", lambda: wnp.polyint(F32V), lambda: np.polyint(N_F32V), "float32", False),
    ("polyint-int8-k", lambda: wnp.polyint(I8V, 2, [1, 2]),
     lambda: np.polyint(N_I8V.astype(F), 2, [1, 2]), "float32", False),
    ("polyint-int64", lambda: wnp.polyint(a(V, "int64")[0]),
     lambda: np.polyint(np.asarray(V, "float64")), "float64", False),
    ("polyfit-f32", lambda: wnp.polyfit(F32V, a([2, 4, 7], "float32")[0], 1),
     lambda: np.polyfit(N_F32V.astype("float64"), np.asarray([2, 4, 7], "float64"), 1
                        ).astype(F), "float32", False),
    ("polyfit-int8", lambda: wnp.polyfit(I8V, I16V, 1),
     lambda: np.polyfit(N_I8V.astype("float64"), N_I16V.astype("float64"), 1).astype(F),
     "float32", False),
    ("polyfit-int64", lambda: wnp.polyfit(a(V, "int64")[0], a([2, 4, 7], "int64")[0], 1),
     lambda: np.polyfit(np.asarray(V, "float64"), np.asarray([2, 4, 7], "float64"), 1),
     "float64", False),
    ("roots-real-f32", lambda: wnp.roots(a([1, -3, 2], "float32")[0]),
     lambda: np.roots(np.asarray([1, -3, 2], "float64")).astype(F), "float32", False),
    ("roots-complex-f32", lambda: wnp.roots(F32V),
     lambda: np.roots(N_F32V.astype("float64")).astype("complex64"), "complex64", False),
    ("roots-complex-f16", lambda: wnp.roots(F16V),
     lambda: np.roots(N_F16V.astype("float64")).astype("complex64"), "complex64", False),
    ("roots-int64", lambda: wnp.roots(a(V, "int64")[0]),
     lambda: np.roots(np.asarray(V, "float64")), "complex128", False),
    ("roots-int8-real", lambda: wnp.roots(a([1, -3, 2], "int8")[0]),
     lambda: np.roots(np.asarray([1, -3, 2], "float64")).astype(F), "float32", False),
]
IDS = [c[0] for c in CASES]


def _tol(dtype):
    return {"float16": 1e-2, "bfloat16": 1e-2, "float32": 1e-5, "complex64": 1e-5}.get(
        str(dtype), 1e-12)


@pytest.mark.parametrize("call, oracle, dtype, weak", [c[1:] for c in CASES], ids=IDS)
def test_dtype_and_weak_flag(call, oracle, dtype, weak):
    r = call()
    assert r.dtype == np.dtype(dtype)
    assert r._weak is weak


@pytest.mark.parametrize("call, oracle, dtype, weak", [c[1:] for c in CASES], ids=IDS)
def test_values_match_numpy(call, oracle, dtype, weak):
    got = np.asarray(call())
    want = np.asarray(oracle())
    assert got.shape == want.shape
    if got.dtype.kind in "biu":
        np.testing.assert_array_equal(got, want)
    else:
        tol = _tol(dtype)
        np.testing.assert_allclose(got.astype(np.complex128), want.astype(np.complex128),
                                   rtol=tol, atol=tol)


def test_gradient_of_2d_is_a_tuple_of_arrays():
    r = wnp.gradient(I8)
    want = np.gradient(N_I8.astype(F))
    assert isinstance(r, tuple) and len(r) == 2
    for got, w in zip(r, want, strict=True):
        assert got.dtype == np.float32 and got._weak is False
        np.testing.assert_allclose(np.asarray(got), w)


def test_polydiv_returns_quotient_and_remainder():
    q, r = wnp.polydiv(a([1, -3, 2], "int8")[0], a([1, -1], "int8")[0])
    wq, wr = np.polydiv(np.asarray([1, -3, 2], F), np.asarray([1, -1], F))
    assert (q.dtype, r.dtype, q._weak, r._weak) == (np.float32, np.float32, False, False)
    np.testing.assert_allclose(np.asarray(q), wq)
    np.testing.assert_allclose(np.asarray(r), wr)


def test_polyfit_full_and_cov():
    x, y = a([0, 1, 2, 3], "float32")[0], a([1, 3, 2, 5], "float32")[0]
    coef, resid, rank, _sv, _rcond = wnp.polyfit(x, y, 1, full=True)
    want = np.polyfit(np.asarray([0, 1, 2, 3.0]), np.asarray([1, 3, 2, 5.0]), 1, full=True)
    assert coef.dtype == np.float32 and resid.dtype == np.float32
    np.testing.assert_allclose(np.asarray(coef), want[0], rtol=1e-6)
    assert int(rank) == want[2]
    _coef, cov = wnp.polyfit(x, y, 1, cov=True)
    assert cov.dtype == np.float32 and cov.shape == (2, 2)


def test_einsum_path_matches_numpy():
    path, text = wnp.einsum_path("ij,jk,kl->il", F32, F32, F32)
    want, _ = np.einsum_path("ij,jk,kl->il", N_F32, N_F32, N_F32)
    assert path == want and isinstance(text, str)


def test_integer_products_wrap_as_numpy():
    big, nbig = a([100, 100], "int8")
    assert int(wnp.dot(big, big)) == int(np.dot(nbig, nbig))  # wraps in int8


def test_out_is_written_with_the_rule_of_setitem():
    o = np.empty((2, 2), "int8")
    assert wnp.dot(I8, I8, out=o) is o
    assert o.tolist() == np.dot(np.asarray(I8), np.asarray(I8)).tolist()
    o0 = np.empty((), "int8")     # the int64 trace, range-checked into int8 (decision 70)
    assert wnp.trace(I8, out=o0) is o0 and o0 == np.trace(np.asarray(I8))
    with pytest.raises(TypeError, match="trace: storing float64 values into an int8 array"):
        wnp.trace(I8 * 0.5, out=np.empty((), "int8"))


def test_out_of_range_python_int_raises():
    with pytest.raises(OverflowError):
        wnp.dot(I8, 1000)


def test_keyword_operands_follow_numpy_names():
    r = wnp.polyval(p=F32V, x=a([2], "float32")[0])
    np.testing.assert_allclose(np.asarray(r), np.polyval(N_F32V, np.asarray([2], F)))


def test_interp_refuses_complex_abscissae():
    with pytest.raises(TypeError, match="interp: x and xp must be real"):
        wnp.interp(C64V, F32V, F32V)


# NumPy-only names of numpy.linalg / numpy.fft (weaknp.linalg / weaknp.fft extras)
SQ, N_SQ = a([[2, 1], [1, 3]], "float32")
EXTRAS = [
    ("linalg.norm", lambda: wnp.linalg.norm(SQ), lambda: np.linalg.norm(N_SQ), "float32"),
    ("linalg.norm-fro-axis", lambda: wnp.linalg.norm(SQ, axis=1),
     lambda: np.linalg.norm(N_SQ, axis=1), "float32"),
    ("linalg.cond", lambda: wnp.linalg.cond(SQ), lambda: np.linalg.cond(N_SQ), "float32"),
    ("linalg.multi_dot", lambda: wnp.linalg.multi_dot([SQ, SQ, SQ]),
     lambda: np.linalg.multi_dot([N_SQ, N_SQ, N_SQ]), "float32"),
    ("linalg.tensorinv", lambda: wnp.linalg.tensorinv(SQ, 1),
     lambda: np.linalg.tensorinv(N_SQ, 1), "float32"),
    ("linalg.tensorsolve", lambda: wnp.linalg.tensorsolve(SQ, SQ[0]),
     lambda: np.linalg.tensorsolve(N_SQ, N_SQ[0]), "float32"),
    ("linalg.matrix_power-int8", lambda: wnp.linalg.matrix_power(I8, 3),
     lambda: np.linalg.matrix_power(N_I8, 3), "int8"),
    ("fft.fft2", lambda: wnp.fft.fft2(SQ), lambda: np.fft.fft2(N_SQ), "complex64"),
    ("fft.ifft2", lambda: wnp.fft.ifft2(SQ), lambda: np.fft.ifft2(N_SQ), "complex64"),
    ("fft.rfft2", lambda: wnp.fft.rfft2(SQ), lambda: np.fft.rfft2(N_SQ), "complex64"),
    ("fft.irfft2", lambda: wnp.fft.irfft2(wnp.fft.rfft2(SQ)), lambda: N_SQ, "float32"),
    ("fft.fft2-int8", lambda: wnp.fft.fft2(I8), lambda: np.fft.fft2(N_I8.astype(F)),
     "complex64"),
]


@pytest.mark.parametrize("call, oracle, dtype", [c[1:] for c in EXTRAS],
                         ids=[c[0] for c in EXTRAS])
def test_linalg_fft_extras(call, oracle, dtype):
    r = call()
    assert r.dtype == np.dtype(dtype) and r._weak is False
    want = np.asarray(oracle())
    np.testing.assert_allclose(np.asarray(r).astype(np.complex128),
                               want.astype(np.complex128), rtol=1e-5, atol=1e-5)


def test_lstsq_matches_numpy():
    b = a([1, 2], "float32")[0]
    x, _resid, rank, sv = wnp.linalg.lstsq(SQ, b)
    wx, _, wrank, wsv = np.linalg.lstsq(N_SQ, np.asarray([1, 2], F))
    assert x.dtype == np.float32 and sv.dtype == np.float32
    np.testing.assert_allclose(np.asarray(x), wx, rtol=1e-5)
    np.testing.assert_allclose(np.asarray(sv), wsv, rtol=1e-5)
    assert int(rank) == wrank


# ---------------------------------------------------------------------------------------
# Products, calculus-like functions and polynomials as harness rows (``harness.py``):
# literal dtype and weak flag, values against NumPy, dtype against jax.numpy (x64).

M_table = [[1, 2], [3, 4]]
CASES_table = [
    ("dot-int8", lambda m: m.dot(A(m, M_table, "int8"), A(m, M_table, "int8")), "int8", False),
    ("dot-mixed", lambda m: m.dot(A(m, M_table, "int8"), A(m, [1, 2], "float32")), "float32", False),
    ("dot-weak", lambda m: m.dot(A(m, [1.0, 2.0], "float16"), W(m, 2.0)), "float16", False),
    ("dot-bf16", lambda m: m.dot(A(m, M_table, "bfloat16"), A(m, M_table, "bfloat16")), "bfloat16",
     False),
    ("vdot", lambda m: m.vdot(A(m, [1j, 2], "complex64"), A(m, [1, 1j], "complex64")),
     "complex64", False),
    ("inner", lambda m: m.inner(A(m, [1, 2], "int16"), A(m, [3, 4], "uint8")), "int16", False),
    ("outer", lambda m: m.outer(A(m, [1, 2], "float32"), A(m, [3, 4], "int8")), "float32",
     False),
    ("kron", lambda m: m.kron(A(m, M_table, "int8"), A(m, M_table, "uint8")), "int16", False),
    ("cross", lambda m: m.cross(A(m, [1, 2, 3], "float32"), A(m, [4, 5, 6], "float32")),
     "float32", False),
    ("einsum", lambda m: m.einsum("ij,jk->ik", A(m, M_table, "float32"), A(m, M_table, "float32")),
     "float32", False),
    ("einsum-mixed", lambda m: m.einsum("i,i->", A(m, [1, 2], "int8"), A(m, [1, 2], "int16")),
     "int16", False),
    ("trace", lambda m: m.trace(A(m, M_table, "int8")), "int64", False),
    ("trace-f32", lambda m: m.trace(A(m, M_table, "float32"), 1), "float32", False),
    ("matvec", lambda m: m.matvec(A(m, M_table, "float32"), A(m, [1, 2], "float32")), "float32",
     False),
    ("vecmat", lambda m: m.vecmat(A(m, [1, 2], "int32"), A(m, M_table, "int32")), "int32", False),
    ("convolve", lambda m: m.convolve(A(m, [1, 2, 3], "float32"), A(m, [0, 1], "float32")),
     "float32", False),
    ("correlate", lambda m: m.correlate(A(m, [1, 2, 3], "int32"), A(m, [0, 1], "int32"),
                                        "full"), "float32", False),
    ("gradient", lambda m: m.gradient(A(m, [1, 4, 9, 16], "float32")), "float32", False),
    ("gradient-int", lambda m: m.gradient(A(m, [1, 4, 9, 16], "int8")), "float32", False),
    ("gradient-2d", lambda m: m.gradient(A(m, M_table, "float32")), "float32", False),
    ("interp", lambda m: m.interp(A(m, [0.5, 1.5], "float32"), A(m, [0, 1, 2], "float32"),
                                  A(m, [0, 10, 20], "float32")), "float32", False),
    ("trapezoid", lambda m: m.trapezoid(A(m, [1, 2, 3], "float32")), "float32", False),
    ("trapezoid-x", lambda m: m.trapezoid(A(m, [1, 2, 3], "float32"),
                                          A(m, [0, 1, 3], "float32")), "float32", False),
    ("unwrap", lambda m: m.unwrap(A(m, [0, 3, 6.5], "float32")), "float32", False),
    ("ediff1d", lambda m: m.ediff1d(A(m, [1, 4, 9], "int8")), "int8", False),
    ("polyval", lambda m: m.polyval(A(m, [1, 2, 3], "float32"), A(m, [1, 2], "float32")),
     "float32", False),
    ("polyval-int", lambda m: m.polyval(A(m, [1, 2, 3], "int32"), 2), "int32", False),
    ("polyadd", lambda m: m.polyadd(A(m, [1, 2], "float32"), A(m, [1, 2, 3], "float32")),
     "float32", False),
    ("polysub", lambda m: m.polysub(A(m, [1, 2], "int32"), A(m, [1, 2, 3], "int32")),
     "int32", False),
    ("polymul", lambda m: m.polymul(A(m, [1, 2], "float32"), A(m, [1, 3], "float32")),
     "float32", False),
    ("polyder", lambda m: m.polyder(A(m, [1, 2, 3], "float32")), "float32", False),
    ("polyint", lambda m: m.polyint(A(m, [3, 2, 1], "float32")), "float32", False),
    ("polydiv", lambda m: m.polydiv(A(m, [1, 3, 2], "float32"), A(m, [1, 1], "float32")),
     "float32", False),
    ("polyfit", lambda m: m.polyfit(A(m, [0, 1, 2, 3], "float32"),
                                    A(m, [1, 3, 5, 7.5], "float32"), 1), "float32", False),
    ("poly", lambda m: m.poly(A(m, [1, 2], "float32")), "float32", False),
    ("roots-real", lambda m: m.roots(A(m, [1, -3, 2], "float64")), "float64", False),
    ("roots-complex", lambda m: m.roots(A(m, [1, 0, 1], "float64")), "complex128", False),
]
JAX_DEVIATIONS = {
    "roots-real": "jnp.roots always returns complex; weaknp keeps NumPy's rule (real when "
                  "every root is real)",
}


test_dtype, test_values_equal_numpy, test_dtype_matches_jax = table_tests(
    CASES_table, JAX_DEVIATIONS, skip_values={"dot-bf16"})


def test_bfloat16_dot_computes_in_float32():
    got = np.asarray(wnp.dot(A(wnp, M_table, "bfloat16"), A(wnp, M_table, "bfloat16"))).astype(np.float32)
    np.testing.assert_array_equal(got, [[7, 10], [15, 22]])


def test_einsum_path_and_errors():
    a = wnp.asarray([[1.0, 2.0], [3.0, 4.0]])
    path, report = wnp.einsum_path("ij,jk->ik", a, a)
    assert path[0] == "einsum_path" and "Complete contraction" in report
    o = wnp.zeros((2, 2))
    assert wnp.dot(a, a, out=o) is o and o.tolist() == [[7.0, 10.0], [15.0, 22.0]]
    o8 = wnp.zeros((2, 2), wnp.int8)    # exact values across kinds (decision 70)
    assert wnp.dot(a, a, out=o8) is o8 and o8.tolist() == [[7, 10], [15, 22]]
    with pytest.raises(TypeError, match="dot: storing float64 values into an int8 array"):
        wnp.dot(a, a / 4, out=wnp.zeros((2, 2), wnp.int8))
    with pytest.raises(OverflowError):
        wnp.dot(wnp.asarray([1, 2], dtype=wnp.int8), 1000)


def test_tensorinv_and_tensorsolve():
    a = np.eye(4, dtype=np.float32).reshape(4, 2, 2) * 2
    inv = wnp.linalg.tensorinv(wnp.asarray(a), ind=1)
    assert inv.dtype == wnp.float32
    np.testing.assert_allclose(np.asarray(inv), np.linalg.tensorinv(a, ind=1))
    b = np.ones(4, dtype=np.float32)
    x = wnp.linalg.tensorsolve(wnp.asarray(a), wnp.asarray(b))
    assert x.dtype == wnp.float32
    np.testing.assert_allclose(np.asarray(x), np.linalg.tensorsolve(a, b))
    assert wnp.linalg.tensorinv(wnp.asarray(np.eye(2, dtype=np.int8)), ind=1).dtype ==\
        wnp.float32


def test_polyder_and_polyint_of_a_poly1d_are_poly1d():
    # expected: NumPy's np.polyder/np.polyint of np.poly1d on the same coefficients
    p = wnp.poly1d([1.0, 1.0, 1.0, 1.0])
    d = wnp.polyder(p)
    assert isinstance(d, wnp.poly1d)
    same_array(d.coeffs, np.array([3.0, 2.0, 1.0]))
    assert float(d(2.0)) == 17.0
    same_array(wnp.polyder(p, 2).coeffs, np.array([6.0, 2.0]))
    i = wnp.polyint(wnp.poly1d([3.0, 2.0, 1.0]))
    assert isinstance(i, wnp.poly1d)
    same_array(i.coeffs, np.array([1.0, 1.0, 1.0, 0.0]))
    close_array(wnp.polyint(wnp.poly1d([1.0, 1.0]), 2, [1, 2]).coeffs,
                np.array([1 / 6, 0.5, 1.0, 2.0]), 1e-15)
    assert wnp.polyder(wnp.polyint(p)) == p
