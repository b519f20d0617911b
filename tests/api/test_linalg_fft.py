"""``weaknp.linalg`` and ``weaknp.fft``: every public name has literal dtype + weak-flag rows
and value checks.

Dtypes are written out literally (JAX's x64 rules: bool and 8/16/32-bit integers -> float32,
64-bit integers -> float64 where a float is needed; complex stays complex, real-valued results
of complex input are the matching real dtype; products keep the integer join).  Values are
compared with NumPy run on the same inputs cast *explicitly* to the dtype weaknp computes in
(the oracle never sees weaknp's promotion); decompositions whose factors are not unique (eig,
eigh, svd, qr) are checked by reconstruction.  ``test_every_public_name_is_covered`` fails
when a name of ``weaknp.linalg.__all__`` or ``weaknp.fft.__all__`` has no dtype row or no value
test, so the coverage cannot silently rot.
"""

import numpy as np
import pytest
from golden import INEXACT as INEXACT_RULE
from support import close_array

import weaknp as wnp
from weaknp._fast.dispatch import wrap

L, FFT = wnp.linalg, wnp.fft

SPD = [[4, 1, 0], [1, 3, 1], [0, 1, 2]]                 # symmetric positive definite
HPD = [[4, 1 - 1j, 0], [1 + 1j, 3, 1j], [0, -1j, 2]]    # Hermitian positive definite
GEN = [[2, -1, 0], [1, 3, 1], [0, 2, 1]]                # general real (det 3)
GEN_C = [[2, -1j, 0], [1, 3, 1 + 1j], [1j, 2, 1]]       # general complex
RECT = [[1, 2], [3, 4], [5, 7]]                         # 3x2, full column rank
VEC = [1, -2, 3]
SIG = [1, 2, 0, -1, 3, -2, 1, 0]                        # a signal that fits int8
SIG_C = [1 + 1j, 2, -1j, -1, 3 + 2j, -2, 1j, 0.5]
X3 = np.arange(24.0).reshape(2, 3, 4) - 7.5             # 3-D, no zeros
X3_ZEROS = np.where(np.arange(24).reshape(2, 3, 4) % 5 == 0, 0.0, X3)

#: The dtype NumPy must compute in for each input dtype (the inexact rule: golden.py).
COMPUTE = INEXACT_RULE
TOL = {"float32": {"rtol": 1e-5, "atol": 1e-5}, "complex64": {"rtol": 1e-5, "atol": 1e-5},
       "float64": {"rtol": 1e-12, "atol": 1e-12}, "complex128": {"rtol": 1e-12, "atol": 1e-12},
       "exact": {"rtol": 0, "atol": 0}}


def arr(values, dtype):
    """A strong weaknp array and the NumPy array with the same values and dtype."""
    n = np.asarray(values)
    n = (n != 0) if dtype == "bool" else n.astype(dtype)
    return wnp.asarray(n, dtype=getattr(wnp, dtype)), n


def m(dtype, values=SPD):
    """A strong weaknp array of ``values`` in ``dtype`` (no NumPy twin)."""
    return arr(values, dtype)[0]


def weak(values):
    """A weak float64 weaknp array of any values (the trusted constructor; test-only)."""
    return wrap(np.asarray(values, dtype=np.float64), True)


def stack(values, dtype):
    """A 2-stack ``[values, values + I]`` (batched input) and its NumPy twin."""
    n = np.asarray(values)
    return arr(np.stack([n, n + np.eye(n.shape[-1], dtype=n.dtype)]), dtype)


def signature(result):
    """``(dtype name, weak flag)``, or a tuple of them for tuple results."""
    if isinstance(result, tuple):
        return tuple(signature(r) for r in result)
    return str(result.dtype), result.weak_type


#: Names with at least one value test (filled by ``covers``; checked by the coverage test).
VALUE_COVERED: set[str] = set()


def covers(*names):
    """Mark a value test as covering the public ``names`` ("linalg.inv", "fft.fft", ...)."""
    VALUE_COVERED.update(names)
    return lambda test: test


# ---------------------------------------------------------------------------------------
# Dtype and weak flag: (name, case, build, expected dtype(s), expected weak flag)
# ---------------------------------------------------------------------------------------

def _row(name, case, build, dtype, weak_flag=False):
    return pytest.param(name, build, dtype, weak_flag, id=f"{name}-{case}")


#: Input dtype -> result dtype, one table per family of one-input functions.
INEXACT = {dt: INEXACT_RULE[dt] for dt in ("float32", "float64", "int8", "int32", "int64",
                                          "complex64", "complex128")}
REAL = {"float32": "float32", "float64": "float64", "int8": "float32", "int64": "float64",
        "bool": "float32", "complex64": "float32", "complex128": "float64"}
C2C = {"float32": "complex64", "float64": "complex128", "int8": "complex64",
       "int32": "complex64", "int64": "complex128", "bool": "complex64",
       "complex64": "complex64", "complex128": "complex128"}
R2C = {"float32": "complex64", "float64": "complex128", "int8": "complex64",
       "int32": "complex64", "int64": "complex128"}
C2R = {"complex64": "float32", "complex128": "float64", "float32": "float32",
       "float64": "float64", "int8": "float32", "int64": "float64"}
DATA = {"int8": "int8", "uint8": "uint8", "bool": "bool", "float32": "float32",
        "complex64": "complex64"}
#: Matrices for complex inputs of the linear-algebra families (Hermitian positive definite).
_COMPLEX_MATRIX = {"complex64": HPD, "complex128": HPD}


def _unary_rows(name, call, table, values, inputs=None, weak_out=("float64", False)):
    """One row per ``table`` entry (input dtype -> result dtype, strong) plus a weak float64
    input; ``inputs`` gives other values for some input dtypes."""
    inputs = inputs or {}
    rows = [_row(name, src, lambda src=src: call(m(src, inputs.get(src, values))), out)
            for src, out in table.items()]
    return rows + [_row(name, "weak", lambda: call(weak(values)), *weak_out)]


def _inexact_rows(name, call, values=SPD):
    """Rows of a function whose result has the input's inexact dtype (strong)."""
    return _unary_rows(name, call, INEXACT, values, _COMPLEX_MATRIX)


def _real_rows(name, call, values=SPD):
    """Rows of a function with a real-valued result (complex input -> the real dtype)."""
    return _unary_rows(name, call, REAL, values, {**_COMPLEX_MATRIX, "bool": np.eye(3)})


def _product_rows(name, call, a=SPD, b=SPD):
    """Rows of a product: the lattice join of both operands and the join's weak flag."""
    return [
        _row(name, "int8-int8", lambda: call(m("int8", a), m("int8", b)), "int8"),
        _row(name, "int8-uint8", lambda: call(m("int8", a), m("uint8", b)), "int16"),
        _row(name, "int32-int32", lambda: call(m("int32", a), m("int32", b)), "int32"),
        _row(name, "int8-float32", lambda: call(m("int8", a), m("float32", b)), "float32"),
        _row(name, "float32-float64", lambda: call(m("float32", a), m("float64", b)),
             "float64"),
        _row(name, "float32-complex64", lambda: call(m("float32", a), m("complex64", b)),
             "complex64"),
        _row(name, "float32-weak", lambda: call(m("float32", a), weak(b)), "float32"),
        _row(name, "int8-weak", lambda: call(m("int8", a), weak(b)), "float64", True),
        _row(name, "weak-weak", lambda: call(weak(a), weak(b)), "float64", True),
    ]


def _solver_rows(name, call):
    """Rows of a solver: the inexact rule on the join of both operands; strong."""
    return [
        _row(name, "float32", lambda: call(m("float32"), m("float32")), "float32"),
        _row(name, "float64", lambda: call(m("float64"), m("float64")), "float64"),
        _row(name, "int8", lambda: call(m("int8"), m("int8")), "float32"),
        _row(name, "int8-uint8", lambda: call(m("int8"), m("uint8")), "float32"),
        _row(name, "int64", lambda: call(m("int64"), m("int64")), "float64"),
        _row(name, "int8-float32", lambda: call(m("int8"), m("float32")), "float32"),
        _row(name, "float32-float64", lambda: call(m("float32"), m("float64")), "float64"),
        _row(name, "complex64", lambda: call(m("complex64", HPD), m("complex64", HPD)),
             "complex64"),
        _row(name, "float32-complex64", lambda: call(m("float32"), m("complex64", HPD)),
             "complex64"),
        _row(name, "weak", lambda: call(weak(SPD), weak(SPD)), "float64"),
    ]


def _c2c_rows(name, call, values):
    """Rows of a complex-output transform: complex of the input's precision; strong."""
    return _unary_rows(name, call, C2C, values, weak_out=("complex128", False))


def _r2c_rows(name, call, values):
    """Rows of a real-input transform (rfft, ihfft...): complex of the input's precision."""
    return _unary_rows(name, call, R2C, values, weak_out=("complex128", False))


def _c2r_rows(name, call, values):
    """Rows of a real-output transform (irfft, hfft...): the matching real float."""
    return _unary_rows(name, call, C2R, values)


def _data_rows(name, call, values):
    """Rows of a data-movement function: the input's dtype and weak flag."""
    return _unary_rows(name, call, DATA, values, weak_out=("float64", True))


SIG2 = np.reshape(SIG[:6], (2, 3))

DTYPE_ROWS = [
    *_inexact_rows("linalg.cholesky", L.cholesky),
    _row("linalg.cholesky", "upper-float32", lambda: L.cholesky(m("float32"), upper=True),
         "float32"),
    *_inexact_rows("linalg.det", L.det),
    _row("linalg.det", "batched-int8", lambda: L.det(stack(SPD, "int8")[0]), "float32"),
    # weaknp's documented rule for half precision (JAX refuses float16 LAPACK): computed in
    # float32, cast back.
    _row("linalg.det", "float16", lambda: L.det(m("float16")), "float16"),
    *_inexact_rows("linalg.inv", L.inv),
    _row("linalg.inv", "bool", lambda: L.inv(m("bool", np.eye(3))), "float32"),
    _row("linalg.inv", "float16", lambda: L.inv(m("float16")), "float16"),
    *_inexact_rows("linalg.pinv", L.pinv),
    _row("linalg.pinv", "rect-int8", lambda: L.pinv(m("int8", RECT)), "float32"),
    *_inexact_rows("linalg.tensorinv", lambda x: L.tensorinv(x, ind=1)),
    *_real_rows("linalg.eigvalsh", L.eigvalsh),
    *_real_rows("linalg.svdvals", L.svdvals),
    *_real_rows("linalg.matrix_norm", L.matrix_norm),
    _row("linalg.matrix_norm", "nuc-complex64",
         lambda: L.matrix_norm(m("complex64", HPD), ord="nuc"), "float32"),
    *_real_rows("linalg.vector_norm", L.vector_norm),
    # Integers use the inexact rule (int8 -> float32).  JAX differs: its vector_norm gives
    # float64 for small integers (ord=2) and keeps the integer dtype for ord=inf.
    _row("linalg.vector_norm", "inf-int8", lambda: L.vector_norm(m("int8"), ord=np.inf),
         "float32"),
    _row("linalg.vector_norm", "axis-int32",
         lambda: L.vector_norm(m("int32"), axis=0, keepdims=True), "float32"),
    *_real_rows("linalg.norm", L.norm),
    *_real_rows("linalg.cond", L.cond),
    *_solver_rows("linalg.solve", L.solve),
    _row("linalg.solve", "vector-rhs-int8", lambda: L.solve(m("int8"), m("int8", VEC)),
         "float32"),
    *_solver_rows("linalg.tensorsolve", lambda a, b: L.tensorsolve(a, b[0])),
    # eig / eigvals: always complex of the matching precision
    _row("linalg.eig", "float32", lambda: L.eig(m("float32", GEN)), ("complex64",) * 2),
    _row("linalg.eig", "float64", lambda: L.eig(m("float64", GEN)), ("complex128",) * 2),
    _row("linalg.eig", "int8", lambda: L.eig(m("int8", GEN)), ("complex64",) * 2),
    _row("linalg.eig", "int64", lambda: L.eig(m("int64", GEN)), ("complex128",) * 2),
    _row("linalg.eig", "complex64", lambda: L.eig(m("complex64", GEN_C)), ("complex64",) * 2),
    _row("linalg.eig", "weak", lambda: L.eig(weak(GEN)), ("complex128",) * 2),
    _row("linalg.eigvals", "float32", lambda: L.eigvals(m("float32", GEN)), "complex64"),
    _row("linalg.eigvals", "float64", lambda: L.eigvals(m("float64", GEN)), "complex128"),
    _row("linalg.eigvals", "int8", lambda: L.eigvals(m("int8", GEN)), "complex64"),
    _row("linalg.eigvals", "int64", lambda: L.eigvals(m("int64", GEN)), "complex128"),
    _row("linalg.eigvals", "complex64", lambda: L.eigvals(m("complex64", GEN_C)),
         "complex64"),
    _row("linalg.eigvals", "weak", lambda: L.eigvals(weak(GEN)), "complex128"),
    # eigh: (real eigenvalues, eigenvectors in the input's inexact dtype)
    _row("linalg.eigh", "float32", lambda: L.eigh(m("float32")), ("float32", "float32")),
    _row("linalg.eigh", "float64", lambda: L.eigh(m("float64")), ("float64", "float64")),
    _row("linalg.eigh", "int8", lambda: L.eigh(m("int8")), ("float32", "float32")),
    _row("linalg.eigh", "complex64", lambda: L.eigh(m("complex64", HPD)),
         ("float32", "complex64")),
    _row("linalg.eigh", "complex128", lambda: L.eigh(m("complex128", HPD)),
         ("float64", "complex128")),
    _row("linalg.eigh", "batched-int32", lambda: L.eigh(stack(SPD, "int32")[0]),
         ("float32", "float32")),
    _row("linalg.eigh", "weak", lambda: L.eigh(weak(SPD)), ("float64", "float64")),
    # svd: (U, S, Vh), S real
    _row("linalg.svd", "float32", lambda: L.svd(m("float32", RECT)), ("float32",) * 3),
    _row("linalg.svd", "float64", lambda: L.svd(m("float64", RECT)), ("float64",) * 3),
    _row("linalg.svd", "int8", lambda: L.svd(m("int8", RECT)), ("float32",) * 3),
    _row("linalg.svd", "complex64", lambda: L.svd(m("complex64", HPD)),
         ("complex64", "float32", "complex64")),
    _row("linalg.svd", "weak", lambda: L.svd(weak(RECT)), ("float64",) * 3),
    # qr: (Q, R)
    _row("linalg.qr", "float32", lambda: L.qr(m("float32", RECT)), ("float32",) * 2),
    _row("linalg.qr", "float64", lambda: L.qr(m("float64", RECT)), ("float64",) * 2),
    _row("linalg.qr", "int8", lambda: L.qr(m("int8", RECT)), ("float32",) * 2),
    _row("linalg.qr", "int64-complete", lambda: L.qr(m("int64", RECT), mode="complete"),
         ("float64",) * 2),
    _row("linalg.qr", "complex64", lambda: L.qr(m("complex64", HPD)), ("complex64",) * 2),
    _row("linalg.qr", "weak", lambda: L.qr(weak(RECT)), ("float64",) * 2),
    # slogdet: (sign in the input's inexact dtype, real logabsdet)
    _row("linalg.slogdet", "float32", lambda: L.slogdet(m("float32")), ("float32",) * 2),
    _row("linalg.slogdet", "float64", lambda: L.slogdet(m("float64")), ("float64",) * 2),
    _row("linalg.slogdet", "int8", lambda: L.slogdet(m("int8")), ("float32",) * 2),
    _row("linalg.slogdet", "int64", lambda: L.slogdet(m("int64")), ("float64",) * 2),
    _row("linalg.slogdet", "complex64", lambda: L.slogdet(m("complex64", HPD)),
         ("complex64", "float32")),
    _row("linalg.slogdet", "weak", lambda: L.slogdet(weak(SPD)), ("float64",) * 2),
    # lstsq: (solution, residuals, rank (int64), singular values)
    _row("linalg.lstsq", "float32", lambda: L.lstsq(m("float32", RECT), m("float32", VEC)),
         ("float32", "float32", "int64", "float32")),
    _row("linalg.lstsq", "float64", lambda: L.lstsq(m("float64", RECT), m("float64", VEC)),
         ("float64", "float64", "int64", "float64")),
    _row("linalg.lstsq", "int8", lambda: L.lstsq(m("int8", RECT), m("int8", VEC)),
         ("float32", "float32", "int64", "float32")),
    _row("linalg.lstsq", "int8-float64", lambda: L.lstsq(m("int8", RECT), m("float64", VEC)),
         ("float64", "float64", "int64", "float64")),
    _row("linalg.lstsq", "complex64",
         lambda: L.lstsq(m("complex64", RECT), m("complex64", VEC)),
         ("complex64", "float32", "int64", "float32")),
    _row("linalg.lstsq", "weak", lambda: L.lstsq(weak(RECT), weak(VEC)),
         ("float64", "float64", "int64", "float64")),
    # matrix_rank: always the default integer
    *[_row("linalg.matrix_rank", dt, lambda dt=dt: L.matrix_rank(m(dt)), "int64")
      for dt in ("float32", "float64", "int8", "bool")],
    _row("linalg.matrix_rank", "complex64", lambda: L.matrix_rank(m("complex64", HPD)),
         "int64"),
    _row("linalg.matrix_rank", "weak", lambda: L.matrix_rank(weak(SPD)), "int64"),
    # matrix_power: n >= 0 keeps the dtype, n < 0 uses the inexact rule; strong
    _row("linalg.matrix_power", "int8-3", lambda: L.matrix_power(m("int8"), 3), "int8"),
    _row("linalg.matrix_power", "int8-0", lambda: L.matrix_power(m("int8"), 0), "int8"),
    _row("linalg.matrix_power", "int8-neg", lambda: L.matrix_power(m("int8"), -1), "float32"),
    _row("linalg.matrix_power", "int64-neg", lambda: L.matrix_power(m("int64"), -2),
         "float64"),
    _row("linalg.matrix_power", "bool-2", lambda: L.matrix_power(m("bool"), 2), "bool"),
    _row("linalg.matrix_power", "float32-2", lambda: L.matrix_power(m("float32"), 2),
         "float32"),
    _row("linalg.matrix_power", "complex64-neg",
         lambda: L.matrix_power(m("complex64", HPD), -1), "complex64"),
    _row("linalg.matrix_power", "weak-2", lambda: L.matrix_power(weak(SPD), 2), "float64"),
    # trace: the sum rule (signed/bool -> int64, unsigned -> uint64); strong
    _row("linalg.trace", "int8", lambda: L.trace(m("int8")), "int64"),
    _row("linalg.trace", "int32", lambda: L.trace(m("int32")), "int64"),
    _row("linalg.trace", "uint8", lambda: L.trace(m("uint8")), "uint64"),
    _row("linalg.trace", "bool", lambda: L.trace(m("bool")), "int64"),
    _row("linalg.trace", "float32", lambda: L.trace(m("float32")), "float32"),
    _row("linalg.trace", "complex64", lambda: L.trace(m("complex64", HPD)), "complex64"),
    _row("linalg.trace", "float32-dtype-float64",
         lambda: L.trace(m("float32"), dtype=wnp.float64), "float64"),
    _row("linalg.trace", "weak", lambda: L.trace(weak(SPD)), "float64"),
    # data movement: dtype and weak flag kept
    *_data_rows("linalg.diagonal", L.diagonal, SPD),
    *_data_rows("linalg.matrix_transpose", L.matrix_transpose, RECT),
    # products: the join (integers stay integer), the join's weak flag
    *_product_rows("linalg.matmul", L.matmul),
    _row("linalg.matmul", "vector-int8", lambda: L.matmul(m("int8", VEC), m("int8", VEC)),
         "int8"),
    *_product_rows("linalg.tensordot", lambda a, b: L.tensordot(a, b, axes=1)),
    *_product_rows("linalg.vecdot", L.vecdot),
    *_product_rows("linalg.outer", L.outer, VEC, VEC),
    *_product_rows("linalg.cross", L.cross, VEC, VEC),
    *_product_rows("linalg.multi_dot", lambda a, b: L.multi_dot([a, b, a])),
    # fft: complex-output transforms
    *_c2c_rows("fft.fft", FFT.fft, SIG),
    _row("fft.fft", "float16", lambda: FFT.fft(m("float16", SIG)), "complex64"),
    _row("fft.fft", "n-axis-int8", lambda: FFT.fft(m("int8", SIG2), n=5, axis=0),
         "complex64"),
    *_c2c_rows("fft.ifft", FFT.ifft, SIG),
    *_c2c_rows("fft.fftn", FFT.fftn, SIG2),
    *_c2c_rows("fft.ifftn", FFT.ifftn, SIG2),
    *_c2c_rows("fft.fft2", FFT.fft2, SIG2),
    *_c2c_rows("fft.ifft2", FFT.ifft2, SIG2),
    *_r2c_rows("fft.rfft", FFT.rfft, SIG),
    _row("fft.rfft", "n-float32", lambda: FFT.rfft(m("float32", SIG), n=5), "complex64"),
    *_r2c_rows("fft.ihfft", FFT.ihfft, SIG),
    *_r2c_rows("fft.rfftn", FFT.rfftn, SIG2),
    *_r2c_rows("fft.rfft2", FFT.rfft2, SIG2),
    *_c2r_rows("fft.irfft", FFT.irfft, SIG),
    _row("fft.irfft", "n-complex64", lambda: FFT.irfft(m("complex64", SIG), n=7),
         "float32"),
    *_c2r_rows("fft.hfft", FFT.hfft, SIG),
    *_c2r_rows("fft.irfftn", FFT.irfftn, SIG2),
    *_c2r_rows("fft.irfft2", FFT.irfft2, SIG2),
    *_data_rows("fft.fftshift", FFT.fftshift, SIG),
    *_data_rows("fft.ifftshift", FFT.ifftshift, SIG2),
    # sample frequencies: the default float unless dtype= says otherwise; strong
    _row("fft.fftfreq", "default", lambda: FFT.fftfreq(5), "float64"),
    _row("fft.fftfreq", "d", lambda: FFT.fftfreq(5, d=0.5), "float64"),
    _row("fft.fftfreq", "dtype-float32", lambda: FFT.fftfreq(5, dtype=wnp.float32),
         "float32"),
    _row("fft.fftfreq", "dtype-float64", lambda: FFT.fftfreq(4, dtype=wnp.float64),
         "float64"),
    _row("fft.rfftfreq", "default", lambda: FFT.rfftfreq(5), "float64"),
    _row("fft.rfftfreq", "d", lambda: FFT.rfftfreq(8, d=0.25), "float64"),
    _row("fft.rfftfreq", "dtype-float32", lambda: FFT.rfftfreq(8, dtype=wnp.float32),
         "float32"),
]
DTYPE_NAMES = {p.values[0] for p in DTYPE_ROWS}


@pytest.mark.parametrize("name, build, dtype, weak_flag", DTYPE_ROWS)
def test_dtype_and_weak_flag(name, build, dtype, weak_flag):
    want = tuple((d, weak_flag) for d in dtype) if isinstance(dtype, tuple) else \
        (dtype, weak_flag)
    assert signature(build()) == want


def test_weak_helper_makes_weak_arrays():
    assert wnp.asarray(2.0).weak_type is True
    assert weak(SPD).weak_type is True and str(weak(SPD).dtype) == "float64"
    assert m("float32").weak_type is False


# ---------------------------------------------------------------------------------------
# Values against NumPy: (name, case, weaknp call, NumPy call, tolerance key)
# ---------------------------------------------------------------------------------------

MATRIX_DTYPES = ("float32", "float64", "int8", "complex64")


def _matrix_value_rows(dt):
    cplx = dt.startswith("complex")
    x, n = arr(HPD if cplx else SPD, dt)
    g, gn = arr(GEN_C if cplx else GEN, dt)
    r, rn = arr(RECT, dt)
    c, gc, rc = (v.astype(COMPUTE[dt]) for v in (n, gn, rn))
    tol = COMPUTE[dt]
    exact = "exact" if dt == "int8" else tol
    acc = "int64" if dt == "int8" else None
    rows = [
        ("linalg.cholesky", "lower", lambda: L.cholesky(x), lambda: np.linalg.cholesky(c)),
        ("linalg.cholesky", "upper", lambda: L.cholesky(x, upper=True),
         lambda: np.linalg.cholesky(c, upper=True)),
        ("linalg.det", "", lambda: L.det(g), lambda: np.linalg.det(gc)),
        ("linalg.inv", "", lambda: L.inv(g), lambda: np.linalg.inv(gc)),
        ("linalg.pinv", "square", lambda: L.pinv(g), lambda: np.linalg.pinv(gc)),
        ("linalg.pinv", "rect", lambda: L.pinv(r), lambda: np.linalg.pinv(rc)),
        ("linalg.eigvalsh", "", lambda: L.eigvalsh(x), lambda: np.linalg.eigvalsh(c)),
        ("linalg.eigvals", "", lambda: np.sort_complex(np.asarray(L.eigvals(g))),
         lambda: np.sort_complex(np.linalg.eigvals(gc))),
        ("linalg.svdvals", "", lambda: L.svdvals(r),
         lambda: np.linalg.svd(rc, compute_uv=False)),
        ("linalg.matrix_rank", "", lambda: L.matrix_rank(r), lambda: 2),
        ("linalg.matrix_norm", "fro", lambda: L.matrix_norm(g),
         lambda: np.linalg.norm(gc, "fro")),
        ("linalg.vector_norm", "", lambda: L.vector_norm(g), lambda: np.linalg.norm(gc)),
        ("linalg.norm", "", lambda: L.norm(g), lambda: np.linalg.norm(gc)),
        ("linalg.norm", "ord1-axis0", lambda: L.norm(g, 1, axis=0),
         lambda: np.linalg.norm(gc, 1, axis=0)),
        ("linalg.cond", "", lambda: L.cond(g), lambda: np.linalg.cond(gc)),
        ("linalg.cond", "fro", lambda: L.cond(g, "fro"), lambda: np.linalg.cond(gc, "fro")),
        ("linalg.tensorinv", "", lambda: L.tensorinv(g, ind=1),
         lambda: np.linalg.tensorinv(gc, ind=1)),
        ("linalg.solve", "matrix", lambda: L.solve(g, x), lambda: np.linalg.solve(gc, c)),
        ("linalg.tensorsolve", "", lambda: L.tensorsolve(g, x[0]),
         lambda: np.linalg.tensorsolve(gc, c[0])),
        ("linalg.matrix_power", "neg", lambda: L.matrix_power(g, -2),
         lambda: np.linalg.matrix_power(gc, -2)),
        # n >= 0 keeps the dtype: NumPy on the input dtype itself (SPD**3 fits int8)
        ("linalg.matrix_power", "3", lambda: L.matrix_power(x, 3),
         lambda: np.linalg.matrix_power(n, 3), exact),
        ("linalg.matrix_power", "0", lambda: L.matrix_power(x, 0),
         lambda: np.eye(3, dtype=n.dtype), exact),
        ("linalg.trace", "", lambda: L.trace(g), lambda: np.trace(gn, dtype=acc), exact),
        ("linalg.trace", "offset", lambda: L.trace(g, offset=1),
         lambda: np.trace(gn, offset=1, dtype=acc), exact),
        ("linalg.diagonal", "", lambda: L.diagonal(g), lambda: np.diagonal(gn), exact),
        ("linalg.diagonal", "offset-1", lambda: L.diagonal(g, offset=-1),
         lambda: np.diagonal(gn, offset=-1), exact),
        ("linalg.matrix_transpose", "", lambda: L.matrix_transpose(r), lambda: rn.T, exact),
    ]
    return [pytest.param(row[0], row[2], row[3], row[4] if len(row) > 4 else tol,
                         id=f"{row[0]}-{row[1]}-{dt}".replace("--", "-")) for row in rows]


MATRIX_VALUE_ROWS = [p for dt in MATRIX_DTYPES for p in _matrix_value_rows(dt)]


@covers(*{p.values[0] for p in MATRIX_VALUE_ROWS})
@pytest.mark.parametrize("name, call, oracle, tol", MATRIX_VALUE_ROWS)
def test_matrix_function_values(name, call, oracle, tol):
    close_array(call(), oracle(), **TOL[tol])


@covers("linalg.inv", "linalg.det", "linalg.solve", "linalg.eigh", "linalg.svdvals",
        "linalg.eigvalsh", "linalg.slogdet", "linalg.cholesky", "linalg.pinv",
        "linalg.matrix_rank", "linalg.trace", "linalg.diagonal")
@pytest.mark.parametrize("dt", ["float32", "float64", "int8", "complex64"])
def test_batched_values(dt):
    x, n = stack(HPD if dt == "complex64" else SPD, dt)
    c, tol = n.astype(COMPUTE[dt]), COMPUTE[dt]
    assert x.shape == (2, 3, 3)
    close_array(L.inv(x), np.linalg.inv(c), **TOL[tol])
    close_array(L.det(x), np.linalg.det(c), **TOL[tol])
    close_array(L.svdvals(x), np.linalg.svd(c, compute_uv=False), **TOL[tol])
    close_array(L.eigvalsh(x), np.linalg.eigvalsh(c), **TOL[tol])
    close_array(L.cholesky(x), np.linalg.cholesky(c), **TOL[tol])
    close_array(L.pinv(x), np.linalg.pinv(c), **TOL[tol])
    close_array(L.matrix_rank(x), [3, 3], **TOL["exact"])
    close_array(L.diagonal(x), np.diagonal(n, axis1=-2, axis2=-1), **TOL["exact"])
    close_array(L.trace(x),
                np.trace(n, axis1=-2, axis2=-1, dtype="int64" if dt == "int8" else None),
                **TOL["exact" if dt == "int8" else tol])
    sign, logabsdet = L.slogdet(x)
    want = np.linalg.slogdet(c)
    close_array(sign, want.sign, **TOL[tol])
    close_array(logabsdet, want.logabsdet, **TOL[tol])
    # solve: a batched matrix right-hand side and a 1-D right-hand side (broadcast)
    b, bn = arr(VEC, dt)
    close_array(L.solve(x, x), np.linalg.solve(c, c), **TOL[tol])
    close_array(L.solve(x, b), np.linalg.solve(c, bn.astype(COMPUTE[dt])[:, None])[..., 0],
                **TOL[tol])
    close_array(np.asarray(x).astype(COMPUTE[dt]) @ np.asarray(L.solve(x, b))[..., None],
                np.broadcast_to(bn.astype(COMPUTE[dt])[:, None], (2, 3, 1)), **TOL[tol])
    # eigh: ascending eigenvalues equal NumPy's, and the pairs reconstruct the input
    w, v = L.eigh(x)
    close_array(w, np.linalg.eigvalsh(c), **TOL[tol])
    wn, vn = np.asarray(w), np.asarray(v)
    close_array(c @ vn, vn * wn[..., None, :], **TOL[tol])


@covers("linalg.solve")
def test_solve_mixed_dtypes_and_shapes():
    a, an = arr(SPD, "int8")
    b, bn = arr(VEC, "float32")
    y = L.solve(a, b)
    assert signature(y) == ("float32", False)
    close_array(y, np.linalg.solve(an.astype("float32"), bn), **TOL["float32"])
    close_array(an.astype("float32") @ np.asarray(y), bn, **TOL["float32"])
    b2, bn2 = arr(RECT, "float64")
    close_array(L.solve(m("float64"), b2), np.linalg.solve(np.asarray(SPD, float), bn2),
                **TOL["float64"])


# -- decompositions: reconstruction ----------------------------------------------------

def _square(dt):
    return arr(HPD if dt.startswith("complex") else SPD, dt)


@covers("linalg.eig")
@pytest.mark.parametrize("dt", MATRIX_DTYPES)
def test_eig_reconstructs(dt):
    x, n = arr(GEN_C if dt == "complex64" else GEN, dt)
    c, tol = n.astype(COMPUTE[dt]), {"float64": "complex128"}.get(COMPUTE[dt], "complex64")
    w, v = L.eig(x)
    wn, vn = np.asarray(w), np.asarray(v)
    close_array(c @ vn, vn * wn, **TOL[tol])
    close_array(np.linalg.norm(vn, axis=0), np.ones(3), **TOL[tol])
    close_array(np.sort_complex(wn), np.sort_complex(np.linalg.eigvals(c)), **TOL[tol])


@covers("linalg.eig")
def test_eig_of_rotation_is_complex():
    w, v = L.eig(m("float32", [[0, -1], [1, 0]]))
    assert signature((w, v)) == (("complex64", False),) * 2
    close_array(np.sort_complex(np.asarray(w)), [-1j, 1j], **TOL["complex64"])


@covers("linalg.eigh")
@pytest.mark.parametrize("dt", MATRIX_DTYPES)
def test_eigh_reconstructs(dt):
    x, n = _square(dt)
    c, tol = n.astype(COMPUTE[dt]), COMPUTE[dt]
    w, v = L.eigh(x)
    wn, vn = np.asarray(w), np.asarray(v)
    assert np.all(np.diff(wn) > 0)  # ascending
    close_array(w, np.linalg.eigvalsh(c), **TOL[tol])
    close_array(c @ vn, vn * wn, **TOL[tol])
    close_array(vn.conj().T @ vn, np.eye(3), **TOL[tol])


@covers("linalg.svd", "linalg.svdvals")
@pytest.mark.parametrize("dt", MATRIX_DTYPES)
def test_svd_reconstructs(dt):
    x, n = arr(np.asarray(RECT) * (1 + 1j) if dt == "complex64" else RECT, dt)
    c, tol = n.astype(COMPUTE[dt]), COMPUTE[dt]
    u, s, vh = L.svd(x, full_matrices=False)
    assert (u.shape, s.shape, vh.shape) == ((3, 2), (2,), (2, 2))
    un, sn, vhn = (np.asarray(t) for t in (u, s, vh))
    close_array(un * sn @ vhn, c, **TOL[tol])
    close_array(s, np.linalg.svd(c, compute_uv=False), **TOL[tol])
    close_array(L.svdvals(x), np.linalg.svd(c, compute_uv=False), **TOL[tol])
    assert np.all(np.diff(sn) < 0)  # descending
    u, s, vh = L.svd(x)  # full_matrices=True (the default)
    assert (u.shape, s.shape, vh.shape) == ((3, 3), (2,), (2, 2))
    un = np.asarray(u)
    close_array(un[:, :2] * sn @ vhn, c, **TOL[tol])
    close_array(un.conj().T @ un, np.eye(3), **TOL[tol])


@covers("linalg.qr")
@pytest.mark.parametrize("dt", MATRIX_DTYPES)
@pytest.mark.parametrize("mode, q_shape, r_shape", [("reduced", (3, 2), (2, 2)),
                                                    ("complete", (3, 3), (3, 2))])
def test_qr_reconstructs(dt, mode, q_shape, r_shape):
    x, n = arr(np.asarray(RECT) * (1 - 1j) if dt == "complex64" else RECT, dt)
    c, tol = n.astype(COMPUTE[dt]), COMPUTE[dt]
    q, r = L.qr(x, mode=mode)
    qn, rn = np.asarray(q), np.asarray(r)
    assert (qn.shape, rn.shape) == (q_shape, r_shape)
    close_array(qn @ rn, c, **TOL[tol])
    close_array(qn.conj().T @ qn, np.eye(q_shape[1]), **TOL[tol])
    np.testing.assert_array_equal(np.triu(rn), rn)


@covers("linalg.qr")
def test_qr_default_mode_is_reduced():
    q, r = L.qr(m("float64", RECT))
    assert (q.shape, r.shape) == ((3, 2), (2, 2))


@covers("linalg.slogdet")
@pytest.mark.parametrize("dt", MATRIX_DTYPES)
def test_slogdet_values(dt):
    x, n = arr(GEN_C if dt == "complex64" else GEN, dt)
    c, tol = n.astype(COMPUTE[dt]), COMPUTE[dt]
    sign, logabsdet = L.slogdet(x)
    want = np.linalg.slogdet(c)
    close_array(sign, want.sign, **TOL[tol])
    close_array(logabsdet, want.logabsdet, **TOL[tol])
    close_array(np.asarray(sign) * np.exp(np.asarray(logabsdet)), np.linalg.det(c), **TOL[tol])


@covers("linalg.slogdet", "linalg.det")
def test_slogdet_of_negative_and_singular_matrices():
    sign, logabsdet = L.slogdet(m("float64", -np.asarray(SPD)))
    close_array(sign, -1.0, **TOL["float64"])
    close_array(logabsdet, np.log(18.0), **TOL["float64"])  # det(SPD) = 18, det(-SPD) = -18
    sign, logabsdet = L.slogdet(m("float64", [[1, 2], [2, 4]]))
    assert float(sign) == 0.0 and float(logabsdet) == -np.inf
    assert float(L.det(m("float64", [[1, 2], [2, 4]]))) == 0.0


# -- norms ----------------------------------------------------------------------------

def _vector_norm_oracle(x, ord, axis, keepdims):
    """The vector norm from its definition (NumPy's own treats 2 axes as a matrix)."""
    a = np.abs(x)
    if ord == np.inf:
        return a.max(axis=axis, keepdims=keepdims)
    if ord == -np.inf:
        return a.min(axis=axis, keepdims=keepdims)
    if ord == 0:
        return np.count_nonzero(a, axis=axis, keepdims=keepdims).astype(a.dtype)
    return np.sum(a ** ord, axis=axis, keepdims=keepdims) ** (1.0 / ord)


@covers("linalg.vector_norm")
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 1), (0, 2), (-1, -3), (0, 1, 2)])
@pytest.mark.parametrize("ord", [2, 1, 3, 0.5, 0, np.inf, -np.inf, -1])
def test_vector_norm_ord_axis_keepdims(ord, axis, keepdims):
    data = X3 if ord == -1 else X3_ZEROS  # no zeros for negative orders
    got = L.vector_norm(wnp.asarray(data), ord=ord, axis=axis, keepdims=keepdims)
    assert signature(got) == ("float64", False)
    close_array(got, _vector_norm_oracle(data, ord, axis, keepdims), **TOL["float64"])


@covers("linalg.vector_norm")
@pytest.mark.parametrize("dt", ["float32", "int8", "complex64"])
@pytest.mark.parametrize("ord", [2, 1, np.inf])
def test_vector_norm_dtypes(dt, ord):
    values = np.asarray(SIG) * (1 + 2j) if dt == "complex64" else SIG
    x, n = arr(values, dt)
    c = n.astype(COMPUTE[dt])
    want = _vector_norm_oracle(c, ord, None, False)
    close_array(L.vector_norm(x, ord=ord), want.astype(np.float32), **TOL["float32"])


@covers("linalg.matrix_norm")
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("ord", ["fro", "nuc", 2, -2, 1, -1, np.inf, -np.inf])
@pytest.mark.parametrize("dt", ["float32", "float64", "int8", "complex64"])
def test_matrix_norm_ord_keepdims(dt, ord, keepdims):
    x, n = stack(GEN_C if dt == "complex64" else GEN, dt)
    c = n.astype(COMPUTE[dt])
    got = L.matrix_norm(x, ord=ord, keepdims=keepdims)
    close_array(got, np.linalg.norm(c, ord=ord, axis=(-2, -1), keepdims=keepdims),
                **TOL[COMPUTE[dt].replace("complex64", "float32")])


@covers("linalg.norm")
@pytest.mark.parametrize("ord, axis, keepdims", [
    (None, None, False), (None, None, True), (2, 1, False), (np.inf, 0, True),
    ("nuc", (1, 2), False), ("fro", (0, 2), True), (1, (2, 0), False), (-2, (1, 2), True),
])
def test_norm_numpy_signature(ord, axis, keepdims):
    got = L.norm(wnp.asarray(X3), ord, axis, keepdims)
    assert signature(got) == ("float64", False)
    close_array(got, np.linalg.norm(X3, ord, axis, keepdims), **TOL["float64"])


@covers("linalg.cond")
@pytest.mark.parametrize("p", [None, 2, -2, 1, -1, np.inf, -np.inf, "fro", "nuc"])
def test_cond_p(p):
    close_array(L.cond(m("float64", GEN), p), np.linalg.cond(np.asarray(GEN, float), p),
                **TOL["float64"])


# -- rank, pseudo-inverse, least squares, tensor solvers ---------------------------------

NEARLY_RANK_1 = [[1, 2], [2, 4], [3, 6.0001]]


@covers("linalg.matrix_rank", "linalg.pinv")
def test_matrix_rank_and_pinv_rtol():
    x = m("float64", NEARLY_RANK_1)
    assert int(L.matrix_rank(x)) == 2
    assert int(L.matrix_rank(x, rtol=1e-3)) == 1
    assert int(L.matrix_rank(m("float64", np.zeros((3, 3))))) == 0
    both = m("float64", [NEARLY_RANK_1, NEARLY_RANK_1])
    close_array(L.matrix_rank(both, rtol=wnp.asarray([1e-3, 1e-9])), [1, 2], **TOL["exact"])
    n = np.asarray(NEARLY_RANK_1)
    close_array(L.pinv(x), np.linalg.pinv(n), **TOL["float64"])
    close_array(L.pinv(x, rtol=1e-3), np.linalg.pinv(n, rtol=1e-3), **TOL["float64"])
    p = np.asarray(L.pinv(m("float32", RECT)))
    close_array(p @ np.asarray(RECT, np.float32), np.eye(2), **TOL["float32"])  # a left inverse


@covers("linalg.lstsq")
@pytest.mark.parametrize("dt", MATRIX_DTYPES)
def test_lstsq_values(dt):
    a, an = arr(RECT, dt)
    b, bn = arr(VEC, dt)
    cdt = COMPUTE[dt]
    sol, residuals, rank, sv = L.lstsq(a, b)
    want = np.linalg.lstsq(an.astype(cdt), bn.astype(cdt))
    close_array(sol, want[0], **TOL[cdt])
    close_array(residuals, want[1], **TOL[cdt.replace("complex64", "float32")])
    assert int(rank) == want[2] == 2
    close_array(sv, want[3], **TOL[cdt.replace("complex64", "float32")])


@covers("linalg.multi_dot")
@pytest.mark.parametrize("dt", ["float32", "float64", "int32", "complex64"])
def test_multi_dot_values(dt):
    (r, rn), (s, sn), (v, vn) = arr(RECT, dt), arr(SPD, dt), arr([1, -1], dt)
    tol = "exact" if dt == "int32" else COMPUTE[dt]
    close_array(L.multi_dot([L.matrix_transpose(r), s, r]), rn.T @ sn @ rn, **TOL[tol])
    close_array(L.multi_dot([r, v]), rn @ vn, **TOL[tol])
    close_array(L.multi_dot([v, L.matrix_transpose(r), s, r, v]), vn @ rn.T @ sn @ rn @ vn,
                **TOL[tol])


T_A = (np.eye(6) * 3 + 0.5).reshape(2, 3, 6)


@covers("linalg.tensorinv", "linalg.tensorsolve")
@pytest.mark.parametrize("dt", ["float32", "float64", "int8"])
def test_tensorinv_tensorsolve(dt):
    a, an = arr(np.rint(T_A * 2), dt)  # integral values: the int8 case is the same tensor
    c, tol = an.astype(COMPUTE[dt]), COMPUTE[dt]
    inv = L.tensorinv(a, ind=2)
    assert inv.shape == (6, 2, 3)
    close_array(inv, np.linalg.tensorinv(c, ind=2), **TOL[tol])
    close_array(np.tensordot(np.asarray(inv), c, axes=2), np.eye(6), **TOL[tol])
    close_array(np.tensordot(c, np.asarray(inv), axes=1).reshape(6, 6), np.eye(6), **TOL[tol])
    b, bn = arr(np.arange(6).reshape(2, 3), dt)
    x = L.tensorsolve(a, b)
    close_array(x, np.linalg.tensorsolve(c, bn.astype(COMPUTE[dt])), **TOL[tol])
    close_array(np.tensordot(c, np.asarray(x), axes=1), bn, **TOL[tol])
    swapped = np.moveaxis(c, -1, 0)  # (6, 2, 3): solve over the first axis
    close_array(L.tensorsolve(wnp.asarray(swapped), b, axes=(0,)),
                np.linalg.tensorsolve(swapped, bn.astype(COMPUTE[dt]), axes=(0,)), **TOL[tol])


# -- products ---------------------------------------------------------------------------

PRODUCT_DTYPES = ("float32", "float64", "int32", "complex64")


@covers("linalg.matmul", "linalg.tensordot", "linalg.vecdot", "linalg.outer", "linalg.cross",
        "linalg.matrix_transpose")
@pytest.mark.parametrize("dt", PRODUCT_DTYPES)
def test_product_values(dt):
    tol = "exact" if dt == "int32" else dt
    cplx = dt == "complex64"
    (a, an), (g, gn) = arr(HPD if cplx else SPD, dt), arr(GEN_C if cplx else GEN, dt)
    (v, vn), (x, xn) = arr(VEC, dt), arr(X3.astype(int) if dt == "int32" else X3, dt)
    close_array(L.matmul(a, g), an @ gn, **TOL[tol])
    close_array(L.matmul(a, v), an @ vn, **TOL[tol])
    close_array(L.matmul(v, v), vn @ vn, **TOL[tol])
    close_array(L.matmul(x, L.matrix_transpose(x)), xn @ np.swapaxes(xn, -1, -2), **TOL[tol])
    close_array(L.tensordot(a, g), np.tensordot(an, gn), **TOL[tol])
    close_array(L.tensordot(a, g, axes=1), np.tensordot(an, gn, axes=1), **TOL[tol])
    close_array(L.tensordot(v, v, axes=0), np.multiply.outer(vn, vn), **TOL[tol])
    close_array(L.tensordot(x, x, axes=([1, 2], [1, 2])), np.tensordot(xn, xn, ([1, 2], [1, 2])),
                **TOL[tol])
    close_array(L.vecdot(a, g), np.sum(an.conj() * gn, axis=-1), **TOL[tol])
    close_array(L.vecdot(a, g, axis=0), np.sum(an.conj() * gn, axis=0), **TOL[tol])
    close_array(L.vecdot(a, v), np.sum(an.conj() * vn, axis=-1), **TOL[tol])  # broadcast
    close_array(L.outer(v, L.diagonal(g)), np.outer(vn, np.diagonal(gn)), **TOL[tol])
    close_array(L.cross(v, L.diagonal(g)), np.cross(vn, np.diagonal(gn)), **TOL[tol])
    close_array(L.cross(a, g, axis=0), np.cross(an, gn, axis=0), **TOL[tol])
    close_array(L.cross(a, v), np.cross(an, vn), **TOL[tol])  # broadcast


@covers("linalg.vecdot")
def test_vecdot_conjugates_the_first_operand():
    x1 = m("complex64", [1 + 2j, 3 - 1j])
    x2 = m("complex64", [2 - 1j, 1j])
    close_array(L.vecdot(x1, x2), (1 - 2j) * (2 - 1j) + (3 + 1j) * 1j, **TOL["complex64"])


@covers("linalg.matmul", "linalg.cross", "linalg.outer")
def test_integer_products_wrap_like_jax():
    i8 = m("int8", [[100]])
    close_array(L.matmul(i8, m("int8", [[2]])), np.asarray([[-56]], np.int8), **TOL["exact"])
    close_array(L.outer(m("int8", [100]), m("int8", [3])), np.asarray([[44]], np.int8),
                **TOL["exact"])
    close_array(L.cross(m("int8", [1, 0, 0]), m("int8", [0, 1, 0])), [0, 0, 1], **TOL["exact"])
    close_array(L.trace(m("int8", [[100, 0], [0, 100]])), 200,
                **TOL["exact"])  # trace widens (sum rule)


# ---------------------------------------------------------------------------------------
# fft values
# ---------------------------------------------------------------------------------------

NORMS = ("backward", "ortho", "forward")
ONE_D = {  # name: (weaknp function, NumPy function, real input only?)
    "fft": (FFT.fft, np.fft.fft, False),
    "ifft": (FFT.ifft, np.fft.ifft, False),
    "rfft": (FFT.rfft, np.fft.rfft, True),
    "irfft": (FFT.irfft, np.fft.irfft, False),
    "hfft": (FFT.hfft, np.fft.hfft, False),
    "ihfft": (FFT.ihfft, np.fft.ihfft, True),
}
ND = {
    "fftn": (FFT.fftn, np.fft.fftn, False),
    "ifftn": (FFT.ifftn, np.fft.ifftn, False),
    "rfftn": (FFT.rfftn, np.fft.rfftn, True),
    "irfftn": (FFT.irfftn, np.fft.irfftn, False),
}
TWO_D = {
    "fft2": (FFT.fft2, np.fft.fft2, False),
    "ifft2": (FFT.ifft2, np.fft.ifft2, False),
    "rfft2": (FFT.rfft2, np.fft.rfft2, True),
    "irfft2": (FFT.irfft2, np.fft.irfft2, False),
}


def _tol_of(np_result, dt):
    """Tolerance key from the precision weaknp computes in (float32/complex64: single)."""
    single = COMPUTE[dt] in ("float32", "complex64")
    return ("complex64" if single else "complex128") if np.iscomplexobj(np_result) else \
        ("float32" if single else "float64")


@covers(*(f"fft.{name}" for name in ONE_D))
@pytest.mark.parametrize("n", [None, 5, 11])
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("dt", ["float32", "float64"])
@pytest.mark.parametrize("name", list(ONE_D))
def test_1d_transform_norm_and_n(name, dt, norm, n):
    fn, np_fn, _ = ONE_D[name]
    x, xn = arr(SIG, dt)
    want = np_fn(xn, n=n, norm=norm)
    close_array(fn(x, n=n, norm=norm), want, **TOL[_tol_of(want, dt)])


def _name_dtype_pairs(table, dtypes):
    """(name, dtype) pairs, without complex inputs for real-input transforms (refused: see
    test_errors)."""
    return [(name, dt) for name, (_, _, real_only) in table.items() for dt in dtypes
            if not (real_only and dt.startswith("complex"))]


@covers(*(f"fft.{name}" for name in ONE_D))
@pytest.mark.parametrize("name, dt",
                         _name_dtype_pairs(ONE_D, ["int8", "int64", "complex64", "complex128"]))
def test_1d_transform_dtypes(name, dt):
    fn, np_fn, _ = ONE_D[name]
    x, xn = arr(SIG_C if dt.startswith("complex") else SIG, dt)
    want = np_fn(xn.astype(COMPUTE[dt]))
    close_array(fn(x), want, **TOL[_tol_of(want, dt)])


@covers(*(f"fft.{name}" for name in ONE_D))
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("name", list(ONE_D))
def test_1d_transform_axis(name, axis):
    fn, np_fn, _ = ONE_D[name]
    want = np_fn(X3, n=6, axis=axis)
    close_array(fn(wnp.asarray(X3), n=6, axis=axis), want, **TOL[_tol_of(want, "float64")])
    want = np_fn(X3, axis=axis)
    close_array(fn(wnp.asarray(X3), axis=axis), want, **TOL[_tol_of(want, "float64")])


SHAPES_AXES = [(None, None), (None, (0,)), ((5,), (1,)), ((2, 6), (0, 2)), ((3, 3), (-1, 0)),
               (None, (2, 0, 1))]


@covers(*(f"fft.{name}" for name in ND))
@pytest.mark.parametrize("s, axes", SHAPES_AXES)
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("dt", ["float32", "float64"])
@pytest.mark.parametrize("name", list(ND))
def test_nd_transform(name, dt, norm, s, axes):
    fn, np_fn, _ = ND[name]
    x, xn = arr(X3, dt)
    want = np_fn(xn, s=s, axes=axes, norm=norm)
    close_array(fn(x, s=s, axes=axes, norm=norm), want, **TOL[_tol_of(want, dt)])


@covers(*(f"fft.{name}" for name in ND), *(f"fft.{name}" for name in TWO_D))
@pytest.mark.parametrize("name, dt", _name_dtype_pairs({**ND, **TWO_D}, ["int8", "complex64"]))
def test_nd_transform_dtypes(name, dt):
    fn, np_fn, _ = {**ND, **TWO_D}[name]
    x, xn = arr(X3 * (1 + 1j) if dt == "complex64" else np.rint(X3), dt)
    want = np_fn(xn.astype(COMPUTE[dt]))
    close_array(fn(x), want, **TOL[_tol_of(want, dt)])


@covers(*(f"fft.{name}" for name in TWO_D))
@pytest.mark.parametrize("s, axes", [(None, (-2, -1)), ((2, 5), (0, 1)), ((4, 4), (-1, 0))])
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("dt", ["float32", "float64"])
@pytest.mark.parametrize("name", list(TWO_D))
def test_2d_transform(name, dt, norm, s, axes):
    fn, np_fn, _ = TWO_D[name]
    x, xn = arr(X3, dt)
    want = np_fn(xn, s=s, axes=axes, norm=norm)
    close_array(fn(x, s=s, axes=axes, norm=norm), want, **TOL[_tol_of(want, dt)])
    if s is None:  # NumPy's positional form and default axes
        close_array(fn(x, None, axes, norm), want, **TOL[_tol_of(want, dt)])
        if norm == "backward":
            close_array(fn(x), want, **TOL[_tol_of(want, dt)])


@covers("fft.fft", "fft.ifft", "fft.rfft", "fft.irfft", "fft.hfft", "fft.ihfft", "fft.fftn",
        "fft.ifftn", "fft.rfftn", "fft.irfftn", "fft.fft2", "fft.ifft2", "fft.rfft2",
        "fft.irfft2")
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_round_trips(dt, norm):
    tol = COMPUTE[dt]
    odd = np.asarray(SIG[:7])  # odd length: irfft/hfft need n= to get it back
    x, xn = arr(odd, dt)
    ctol = {"float32": "complex64", "float64": "complex128"}[dt]
    close_array(FFT.ifft(FFT.fft(x, norm=norm), norm=norm), xn.astype(complex), **TOL[ctol])
    close_array(FFT.irfft(FFT.rfft(x, norm=norm), n=7, norm=norm), xn, **TOL[tol])
    close_array(FFT.hfft(FFT.ihfft(x, norm=norm), n=7, norm=norm), xn, **TOL[tol])
    y, yn = arr(X3, dt)
    close_array(FFT.irfftn(FFT.rfftn(y, norm=norm), s=(2, 3, 4), axes=(0, 1, 2), norm=norm), yn,
                **TOL[tol])
    close_array(np.real(np.asarray(FFT.ifftn(FFT.fftn(y, norm=norm), norm=norm))), yn, **TOL[tol])
    close_array(FFT.irfft2(FFT.rfft2(y, norm=norm), s=(3, 4), norm=norm), yn, **TOL[tol])
    close_array(np.real(np.asarray(FFT.ifft2(FFT.fft2(y, norm=norm), norm=norm))), yn, **TOL[tol])


@covers("fft.fft")
def test_fft_known_values():
    close_array(FFT.fft(m("float32", [1, 0, 0, 0])), np.ones(4), **TOL["complex64"])
    close_array(FFT.fft(m("float64", [1, 1, 1, 1])), [4, 0, 0, 0], **TOL["complex128"])
    close_array(FFT.fft(m("int8", [0, 1, 0, 0])), [1, -1j, -1, 1j], **TOL["complex64"])
    close_array(FFT.fft(m("float64", [1, 2]), norm="ortho"), np.asarray([3, -1]) / np.sqrt(2),
                **TOL["complex128"])
    close_array(FFT.fft(m("float64", [1, 2]), norm="forward"), [1.5, -0.5], **TOL["complex128"])


@covers("fft.fftfreq", "fft.rfftfreq")
@pytest.mark.parametrize("n", [1, 4, 5, 8])
@pytest.mark.parametrize("d", [1.0, 0.5, 0.1])
def test_sample_frequencies(n, d):
    close_array(FFT.fftfreq(n, d=d), np.fft.fftfreq(n, d=d), **TOL["float64"])
    close_array(FFT.rfftfreq(n, d=d), np.fft.rfftfreq(n, d=d), **TOL["float64"])
    close_array(FFT.fftfreq(n, d=d, dtype=wnp.float32), np.fft.fftfreq(n, d=d).astype(np.float32),
                **TOL["float32"])
    close_array(FFT.rfftfreq(n, d=d, dtype=wnp.float32),
                np.fft.rfftfreq(n, d=d).astype(np.float32), **TOL["float32"])


@covers("fft.fftfreq", "fft.rfftfreq")
def test_sample_frequencies_literal():
    close_array(FFT.fftfreq(4), [0, 0.25, -0.5, -0.25], **TOL["exact"])
    close_array(FFT.fftfreq(5, d=0.5), [0, 0.4, 0.8, -0.8, -0.4], **TOL["float64"])
    close_array(FFT.rfftfreq(5), [0, 0.2, 0.4], **TOL["float64"])
    close_array(FFT.rfftfreq(4, d=0.25, device="cpu"), [0, 1, 2], **TOL["exact"])


@covers("fft.fftshift", "fft.ifftshift")
@pytest.mark.parametrize("axes", [None, 0, -1, (0, 2), (2, 1, 0)])
@pytest.mark.parametrize("dt", ["int8", "float32", "complex64"])
def test_shifts(dt, axes):
    x, xn = arr(np.rint(X3) if dt == "int8" else X3, dt)
    close_array(FFT.fftshift(x, axes=axes), np.fft.fftshift(xn, axes=axes), **TOL["exact"])
    close_array(FFT.ifftshift(x, axes=axes), np.fft.ifftshift(xn, axes=axes), **TOL["exact"])
    close_array(FFT.ifftshift(FFT.fftshift(x, axes=axes), axes=axes), xn, **TOL["exact"])


@covers("fft.fftshift", "fft.ifftshift")
def test_shifts_literal():
    close_array(FFT.fftshift(m("int8", [0, 1, 2, -2, -1])), [-2, -1, 0, 1, 2], **TOL["exact"])
    close_array(FFT.ifftshift(m("int8", [-2, -1, 0, 1, 2])), [0, 1, 2, -2, -1], **TOL["exact"])
    close_array(FFT.fftshift(FFT.fftfreq(4)), [-0.5, -0.25, 0, 0.25], **TOL["exact"])
    w = FFT.fftshift(weak([0.0, 1.0, 2.0, 3.0]))
    assert signature(w) == ("float64", True)
    close_array(w, [2, 3, 0, 1], **TOL["exact"])


# ---------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------

LinAlgError = np.linalg.LinAlgError


def v3():
    return m("float32", VEC)


def singular():
    return m("float32", [[1, 2], [2, 4]])


ERRORS = [
    ("inv-1d", lambda: L.inv(v3()), ValueError, "inv: needs at least 2 dimensions"),
    ("inv-singular", lambda: L.inv(singular()), LinAlgError, "Singular"),
    ("cholesky-not-pd", lambda: L.cholesky(m("float32", [[1, 2], [2, 1]])), LinAlgError,
     "positive definite"),
    ("cholesky-1d", lambda: L.cholesky(v3()), ValueError, "cholesky"),
    ("solve-singular", lambda: L.solve(singular(), m("float32", [1, 2])), LinAlgError,
     "Singular"),
    ("solve-python-scalar", lambda: L.solve(m("float32"), 2.0), ValueError, "solve"),
    ("det-not-square", lambda: L.det(m("float32", RECT)), LinAlgError, "square"),
    ("eigvalsh-not-square", lambda: L.eigvalsh(m("float32", RECT)), LinAlgError, "square"),
    ("slogdet-1d", lambda: L.slogdet(v3()), ValueError, "slogdet"),
    ("svd-1d", lambda: L.svd(v3()), ValueError, "svd"),
    ("matrix_norm-1d", lambda: L.matrix_norm(v3()), ValueError, "matrix_norm"),
    ("qr-mode", lambda: L.qr(m("float32"), mode="bogus"), ValueError, "mode"),
    ("cross-length", lambda: L.cross(m("float32", [1, 2]), m("float32", [3, 4])), ValueError,
     "3 elements"),
    ("outer-2d", lambda: L.outer(m("float32"), v3()), ValueError, "1-D"),
    ("vecdot-sizes", lambda: L.vecdot(v3(), m("float32", [1, 2])), ValueError, "vecdot"),
    ("matmul-python-scalar", lambda: L.matmul(m("float32"), 2), ValueError, "matmul"),
    ("tensordot-python-scalar", lambda: L.tensordot(m("float32"), 2.0), ValueError,
     "tensordot"),
    ("matrix_transpose-1d", lambda: L.matrix_transpose(v3()), ValueError, "matrix_transpose"),
    ("trace-1d", lambda: L.trace(v3()), ValueError, "trace"),
    ("matrix_power-not-square", lambda: L.matrix_power(m("float32", RECT), 2), LinAlgError,
     "square"),
    ("lstsq-shapes", lambda: L.lstsq(m("float32", RECT), m("float32", [1, 2])), LinAlgError,
     "Incompatible"),
    ("multi_dot-one-array", lambda: L.multi_dot([m("float32")]), ValueError, "two arrays"),
    ("fft-norm", lambda: FFT.fft(v3(), norm="bogus"), ValueError, "norm"),
    ("ifftn-norm", lambda: FFT.ifftn(v3(), norm="bogus"), ValueError, "norm"),
    ("rfft-complex", lambda: FFT.rfft(m("complex64", SIG_C)), TypeError, "real input"),
    ("rfftn-complex", lambda: FFT.rfftn(m("complex64", SIG_C)), TypeError, "real input"),
    ("rfft2-complex", lambda: FFT.rfft2(m("complex64", HPD)), TypeError, "real input"),
    ("ihfft-complex", lambda: FFT.ihfft(m("complex64", SIG_C)), TypeError, "real input"),
    ("fftfreq-int-dtype", lambda: FFT.fftfreq(4, dtype=wnp.int32), TypeError,
     "real floating"),
    ("rfftfreq-complex-dtype", lambda: FFT.rfftfreq(4, dtype=wnp.complex64), TypeError,
     "real floating"),
    ("fftfreq-device", lambda: FFT.fftfreq(4, device="gpu"), ValueError, "device"),
    # the standard requires axes= with s= (NumPy only deprecates it, with a warning)
    *[(f"{name}-s-without-axes", lambda name=name: getattr(FFT, name)(m("float32", GEN), s=(2, 2)),
       ValueError, rf"{name}: s= needs axes= as well .* axes=tuple\(range\(-2, 0\)\)")
      for name in ("fftn", "ifftn", "rfftn", "irfftn")],
]


@pytest.mark.parametrize("call, exc, match", [e[1:] for e in ERRORS],
                         ids=[e[0] for e in ERRORS])
def test_errors(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


# ---------------------------------------------------------------------------------------
# Named-tuple results and coverage
# ---------------------------------------------------------------------------------------

RESULT_TYPES = [
    ("EighResult", lambda: L.eigh(m("float64")), ("eigenvalues", "eigenvectors")),
    ("EigResult", lambda: L.eig(m("float64", GEN)), ("eigenvalues", "eigenvectors")),
    ("QRResult", lambda: L.qr(m("float64", RECT)), ("Q", "R")),
    ("SlogdetResult", lambda: L.slogdet(m("float64")), ("sign", "logabsdet")),
    ("SVDResult", lambda: L.svd(m("float64", RECT)), ("U", "S", "Vh")),
]


@pytest.mark.parametrize("name, build, fields", RESULT_TYPES, ids=[r[0] for r in RESULT_TYPES])
def test_named_tuple_results(name, build, fields):
    cls = getattr(L, name)
    result = build()
    assert type(result) is cls
    assert cls._fields == fields
    for i, field in enumerate(fields):
        assert getattr(result, field) is result[i]


def test_array_api_products_are_the_main_namespace_functions():
    for name in ("matmul", "matrix_transpose", "tensordot", "vecdot"):
        assert getattr(L, name) is getattr(wnp, name)


def test_every_public_name_is_covered():
    public = {f"linalg.{n}" for n in L.__all__} | {f"fft.{n}" for n in FFT.__all__}
    classes = {f"linalg.{n}" for n in L.__all__ if isinstance(getattr(L, n), type)}
    functions = public - classes
    assert len(L.__all__) == len(set(L.__all__)) and len(FFT.__all__) == len(set(FFT.__all__))
    assert not functions - DTYPE_NAMES, f"no dtype/weak-flag row: {functions - DTYPE_NAMES}"
    assert not functions - VALUE_COVERED, f"no value test: {functions - VALUE_COVERED}"
    assert classes == {f"linalg.{r[0]}" for r in RESULT_TYPES}, "a result type has no row"
    stale = (DTYPE_NAMES | VALUE_COVERED) - functions
    assert not stale, f"rows for names not in __all__: {stale}"
