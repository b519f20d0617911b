"""Dtype and weak flag of NumPy's products, calculus-like functions, polynomials and the
NumPy-only names of ``linalg``/``fft`` against ``jax.numpy`` (x64), for a few input kinds.

``KNOWN_DEVIATIONS`` maps a case id to the reason weaknp deliberately differs (each is also
listed in ``notes/np_math.md``); a listed deviation that JAX no longer shows fails, so the
list cannot go stale.  Cases jax.numpy refuses (Python scalars as coefficient arrays, bool
kron, polyfit of integers, float16 LAPACK) are only checked for not crashing weaknp.
Skips cleanly without jax.
"""

import numpy as np
import pytest

import weaknp as wnp
from weaknp._fast.dispatch import wrap

jax = pytest.importorskip("jax")

VALUES = {"vec": [2, -3, 1], "mat": [[2, 1], [1, 3]]}


def _make(m, kind, shape="vec"):
    """Data of ``kind`` in namespace ``m``: a dtype name, ``weakf`` (a weak float64 array),
    ``pyint`` or ``pyfloat`` (a Python scalar)."""
    values = np.asarray(VALUES[shape])
    if kind == "pyint":
        return 2
    if kind == "pyfloat":
        return 0.5
    if kind == "weakf":
        data = values.astype(np.float64) + 0.25
        if m is wnp:
            return wrap(data, True)
        # the oracle's weak-array constructor (private; test-only)
        from jax._src.lax.lax import _convert_element_type

        return _convert_element_type(data, np.dtype("float64"), weak_type=True)
    if kind == "bool":
        values = values > 1
    return m.asarray(values.astype(kind))


BINARY = {
    "dot": lambda m, a, b: m.dot(a, b),
    "vdot": lambda m, a, b: m.vdot(a, b),
    "inner": lambda m, a, b: m.inner(a, b),
    "outer": lambda m, a, b: m.outer(a, b),
    "kron": lambda m, a, b: m.kron(a, b),
    "cross": lambda m, a, b: m.cross(a, b),
    "einsum": lambda m, a, b: m.einsum("i,i->i", a, b),
    "convolve": lambda m, a, b: m.convolve(a, b),
    "correlate": lambda m, a, b: m.correlate(a, b),
    "interp": lambda m, a, b: m.interp(a, m.asarray([-3.0, 0.0, 3.0]), b),
    "polyadd": lambda m, a, b: m.polyadd(a, b),
    "polysub": lambda m, a, b: m.polysub(a, b),
    "polymul": lambda m, a, b: m.polymul(a, b),
    "polyval": lambda m, a, b: m.polyval(a, b),
    "polydiv": lambda m, a, b: m.polydiv(a, b),
    "gradient": lambda m, a, b: m.gradient(a, b),
    "trapezoid": lambda m, a, b: m.trapezoid(a, b),
}
UNARY = {
    "trace": lambda m, a: m.trace(m.reshape(m.concat([a, a, a]), (3, 3))),
    "matvec": lambda m, a: m.matvec(m.reshape(m.concat([a, a, a]), (3, 3)), a),
    "vecmat": lambda m, a: m.vecmat(a, m.reshape(m.concat([a, a, a]), (3, 3))),
    "gradient": lambda m, a: m.gradient(a),
    "trapezoid": lambda m, a: m.trapezoid(a),
    "unwrap": lambda m, a: m.unwrap(a),
    "ediff1d": lambda m, a: m.ediff1d(a),
    "poly": lambda m, a: m.poly(a),
    "polyder": lambda m, a: m.polyder(a),
    "polyint": lambda m, a: m.polyint(a),
    "roots": lambda m, a: m.roots(a),
    "polyfit": lambda m, a: m.polyfit(a, a, 1),
    "einsum-sum": lambda m, a: m.einsum("i->", a),
}
MATRIX = {  # NumPy-only names of numpy.linalg / numpy.fft (besides the Array API's)
    "linalg.norm": lambda m, a: m.linalg.norm(a),
    "linalg.cond": lambda m, a: m.linalg.cond(a),
    "linalg.lstsq": lambda m, a: m.linalg.lstsq(a, a[:, 0]),
    "linalg.multi_dot": lambda m, a: m.linalg.multi_dot([a, a, a]),
    "linalg.tensorinv": lambda m, a: m.linalg.tensorinv(a, 1),
    "linalg.tensorsolve": lambda m, a: m.linalg.tensorsolve(a, a[0]),
    "linalg.matrix_power": lambda m, a: m.linalg.matrix_power(a, 3),
    "fft.fft2": lambda m, a: m.fft.fft2(a),
    "fft.ifft2": lambda m, a: m.fft.ifft2(a),
    "fft.rfft2": lambda m, a: m.fft.rfft2(a),
    "fft.irfft2": lambda m, a: m.fft.irfft2(a),
}

KINDS = ["int8", "float32", "bool", "weakf"]
PARTNERS = ["int8", "int64", "float32", "weakf", "pyint", "pyfloat"]
UNARY_KINDS = ["int8", "uint8", "int64", "bool", "float16", "float32", "complex64", "weakf"]
MATRIX_KINDS = ["int8", "float32", "complex64", "weakf"]

#: Functions NumPy lets take a Python scalar as the second operand.
SCALAR_OK = {"dot", "inner", "outer", "kron", "polyadd", "polysub", "polymul", "polyval",
             "gradient", "polydiv"}
#: Cases NumPy refuses (weaknp must refuse them with a TypeError naming the function).
REFUSED = {"unwrap[complex64]", "ediff1d[bool]", "fft.rfft2[complex64]"}

CASES = {}
for _name, _f in BINARY.items():
    for _k in KINDS:
        for _p in PARTNERS:
            if _p.startswith("py") and _name not in SCALAR_OK:
                continue
            CASES[f"{_name}[{_k}-{_p}]"] = (
                lambda m, f=_f, k=_k, p=_p: f(m, _make(m, k), _make(m, p)))
for _name, _f in UNARY.items():
    for _k in UNARY_KINDS:
        CASES[f"{_name}[{_k}]"] = lambda m, f=_f, k=_k: f(m, _make(m, k))
for _name, _f in MATRIX.items():
    for _k in MATRIX_KINDS:
        CASES[f"{_name}[{_k}]"] = lambda m, f=_f, k=_k: f(m, _make(m, k, "mat"))

_STRONG = ("jax.numpy drops the weak flag here although every operand is weak; weaknp keeps "
           "the lattice join's flag (decision 10: one rule for every function)")
_POLYDIV = ("jax.numpy's polydiv gives a strong quotient and a weak remainder; weaknp gives "
            "both the join's flag")
_INT_POLY = ("jax.numpy computes integer polynomial products/derivatives in floats; weaknp "
             "keeps NumPy's exact integer result in the lattice join (as dot does)")
_UNWRAP = ("jax.numpy's unwrap promotes integers with a weak Python float (-> float64); weaknp "
           "uses the inexact rule like every function needing a float (int8 -> float32)")
_POLYINT_BOOL = ("jax.numpy's polyint promotes bool to float64; weaknp uses the inexact rule "
                 "(bool -> float32, as int8)")
_ROOTS = ("jax.numpy's roots is always complex; weaknp follows NumPy's rule (real when every "
          "root is real) so NumPy scripts can compare/sort the roots")
_POLY = ("jax.numpy's poly keeps complex input complex; weaknp follows NumPy (real when the "
         "roots come in conjugate pairs)")
_LINALG = ("weaknp's linalg functions all return strong results (like reductions); "
           "jax.numpy keeps a weak input's flag in some of them")

KNOWN_DEVIATIONS = {
    **{f"polyder[{k}]": _INT_POLY for k in ("int8", "uint8", "int64", "bool")},
    **{f"polymul[{k}-{p}]": _INT_POLY for k in ("int8", "bool") for p in ("int8", "int64")},
    **{f"unwrap[{k}]": _UNWRAP for k in ("int8", "uint8", "bool")},
    "polyint[bool]": _POLYINT_BOOL,
    "roots[int8]": _ROOTS, "roots[uint8]": _ROOTS, "roots[int64]": _ROOTS,
    "roots[float32]": _ROOTS, "roots[bool]": _ROOTS,
    "poly[complex64]": _POLY,
    **{f"cross[{k}-{p}]": _STRONG for k, p in (("int8", "weakf"), ("bool", "weakf"),
                                               ("weakf", "int8"), ("weakf", "int64"),
                                               ("weakf", "weakf"))},
    **{f"polyval[{k}-{p}]": _STRONG for k, p in (("int8", "weakf"), ("bool", "weakf"),
                                                 ("weakf", "int8"), ("weakf", "int64"),
                                                 ("weakf", "weakf"), ("int8", "pyfloat"),
                                                 ("bool", "pyfloat"), ("bool", "pyint"),
                                                 ("weakf", "pyint"), ("weakf", "pyfloat"))},
    **{f"polydiv[{k}-{p}]": _POLYDIV for k, p in (("int8", "weakf"), ("bool", "weakf"),
                                                  ("weakf", "int8"), ("weakf", "int64"),
                                                  ("weakf", "weakf"))},
    **{f"{f}[weakf]": _STRONG for f in ("unwrap", "polyder", "polyint")},
    **{f"linalg.{f}[weakf]": _LINALG for f in ("cond", "lstsq", "tensorsolve",
                                               "matrix_power")},
}


def _signature(r):
    if isinstance(r, (tuple, list)):
        return tuple(_signature(x) for x in r)
    if isinstance(r, (int, float, complex)):
        return type(r).__name__
    return str(r.dtype), bool(getattr(r, "weak_type", getattr(r, "_weak", False)))


def _jax_signature(build, jnp):
    """JAX's answer, found by tracing only (no compilation) where the function traces."""
    try:
        return _signature(jax.eval_shape(lambda: build(jnp)))
    except (jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError,
            jax.errors.TracerBoolConversionError, jax.errors.TracerIntegerConversionError):
        return _signature(build(jnp))  # data-dependent shapes (roots, polydiv...): run it


@pytest.mark.parametrize("case_id", list(CASES))
def test_dtype_and_weak_flag_match_jax(case_id, jnp):
    build = CASES[case_id]
    if case_id in REFUSED:
        with pytest.raises(TypeError, match=case_id.split("[")[0].split(".")[-1][:4]):
            build(wnp)
        return
    got = _signature(build(wnp))  # weaknp must accept everything NumPy accepts here
    try:
        want = _jax_signature(build, jnp)
    except (TypeError, ValueError, NotImplementedError, IndexError):
        return  # jax.numpy refuses (scalar coefficients, bool kron, polyfit of ints...)
    if case_id in KNOWN_DEVIATIONS:
        assert got != want, f"stale deviation {case_id}: both give {got}"
    else:
        assert got == want
