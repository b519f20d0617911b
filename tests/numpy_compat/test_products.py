"""NumPy-compatible products, calculus-like functions and polynomials (``_np_products``)."""

import numpy as np
import pytest
from harness import A, W, table_tests

import weaknp as wnp

M = [[1, 2], [3, 4]]
CASES = [
    ("dot-int8", lambda m: m.dot(A(m, M, "int8"), A(m, M, "int8")), "int8", False),
    ("dot-mixed", lambda m: m.dot(A(m, M, "int8"), A(m, [1, 2], "float32")), "float32", False),
    ("dot-weak", lambda m: m.dot(A(m, [1.0, 2.0], "float16"), W(m, 2.0)), "float16", False),
    ("dot-bf16", lambda m: m.dot(A(m, M, "bfloat16"), A(m, M, "bfloat16")), "bfloat16",
     False),
    ("vdot", lambda m: m.vdot(A(m, [1j, 2], "complex64"), A(m, [1, 1j], "complex64")),
     "complex64", False),
    ("inner", lambda m: m.inner(A(m, [1, 2], "int16"), A(m, [3, 4], "uint8")), "int16", False),
    ("outer", lambda m: m.outer(A(m, [1, 2], "float32"), A(m, [3, 4], "int8")), "float32",
     False),
    ("kron", lambda m: m.kron(A(m, M, "int8"), A(m, M, "uint8")), "int16", False),
    ("cross", lambda m: m.cross(A(m, [1, 2, 3], "float32"), A(m, [4, 5, 6], "float32")),
     "float32", False),
    ("einsum", lambda m: m.einsum("ij,jk->ik", A(m, M, "float32"), A(m, M, "float32")),
     "float32", False),
    ("einsum-mixed", lambda m: m.einsum("i,i->", A(m, [1, 2], "int8"), A(m, [1, 2], "int16")),
     "int16", False),
    ("trace", lambda m: m.trace(A(m, M, "int8")), "int64", False),
    ("trace-f32", lambda m: m.trace(A(m, M, "float32"), 1), "float32", False),
    ("matvec", lambda m: m.matvec(A(m, M, "float32"), A(m, [1, 2], "float32")), "float32",
     False),
    ("vecmat", lambda m: m.vecmat(A(m, [1, 2], "int32"), A(m, M, "int32")), "int32", False),
    ("convolve", lambda m: m.convolve(A(m, [1, 2, 3], "float32"), A(m, [0, 1], "float32")),
     "float32", False),
    ("correlate", lambda m: m.correlate(A(m, [1, 2, 3], "int32"), A(m, [0, 1], "int32"),
                                        "full"), "float32", False),
    ("gradient", lambda m: m.gradient(A(m, [1, 4, 9, 16], "float32")), "float32", False),
    ("gradient-int", lambda m: m.gradient(A(m, [1, 4, 9, 16], "int8")), "float32", False),
    ("gradient-2d", lambda m: m.gradient(A(m, M, "float32")), "float32", False),
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
    CASES, JAX_DEVIATIONS, skip_values={"dot-bf16"})


def test_bfloat16_dot_computes_in_float32():
    got = np.asarray(wnp.dot(A(wnp, M, "bfloat16"), A(wnp, M, "bfloat16"))).astype(np.float32)
    np.testing.assert_array_equal(got, [[7, 10], [15, 22]])


def test_einsum_path_and_errors():
    a = wnp.asarray([[1.0, 2.0], [3.0, 4.0]])
    path, report = wnp.einsum_path("ij,jk->ik", a, a)
    assert path[0] == "einsum_path" and "Complete contraction" in report
    o = wnp.zeros((2, 2))
    assert wnp.dot(a, a, out=o) is o and o.tolist() == [[7.0, 10.0], [15.0, 22.0]]
    with pytest.raises(TypeError, match="dot: storing float64 values into an int8 array"):
        wnp.dot(a, a, out=wnp.zeros((2, 2), wnp.int8))
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
    assert wnp.linalg.tensorinv(wnp.asarray(np.eye(2, dtype=np.int8)), ind=1).dtype == \
        wnp.float32
