"""Values: each elementwise op equals NumPy run on inputs cast explicitly to the dtype
weaknp computes in (the oracle never sees weaknp's promotion), NaN-aware, signed zeros
exact; bfloat16 through float32 is bit-identical to ml_dtypes' own loops."""

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from weaknp import _ops

SAMPLES = {
    "bool": [True, False, True, False, True, True],
    "int8": [-128, -3, 0, 1, 7, 127],
    "uint8": [0, 1, 2, 3, 128, 255],
    "int32": [-(2**31), -5, 0, 1, 6, 2**31 - 1],
    "int64": [-(2**40), -5, 0, 1, 6, 2**40],
    "float16": [-np.inf, -1.5, -0.0, 0.0, 0.5, np.nan],
    "float32": [-np.inf, -2.5, -0.0, 0.0, 0.25, np.nan],
    "float64": [-np.inf, -2.5, -0.0, 0.0, 3.0, np.nan],
    "complex64": [1 + 1j, -0.0 + 2j, 0j, np.nan + 1j, 2 - 3j, np.inf + 0j],
    "complex128": [1 + 1j, -0.0 + 2j, 0j, np.nan + 1j, 2 - 3j, np.inf + 0j],
}
# What NumPy computes each op's promoted dtype in, for the oracle (written literally:
# the inexact rule maps small ints and bool to float32, 64-bit ints to float64).
INEXACT = {"bool": "float32", "int8": "float32", "uint8": "float32", "int32": "float32",
           "int64": "float64"}
SHIFT_COUNTS = [0, 1, 2, 3, 1, 0]


def oracle(op, dtype, xs):
    """NumPy on explicitly cast inputs: the dtype is decided here, not by NumPy."""
    if op.rule == "inexact":
        dt = INEXACT.get(dtype, dtype)
    elif op.rule == "numeric" and dtype == "bool":
        dt = "int32"
    elif op.rule == "logical":
        dt = "bool"
    else:
        dt = dtype
    args = [np.asarray(x, dtype=dt) for x in xs]
    if op.name in ("conj", "positive") and dt == "bool":
        return args[0].copy()  # NumPy has no bool loop; both are the identity
    with np.errstate(all="ignore"):
        return op.ufunc(*args)


def same(got, want):
    got = np.asarray(got)
    want = np.asarray(want)
    assert got.dtype == want.dtype or got.dtype == np.result_type(want.dtype), (got.dtype,
                                                                                 want.dtype)
    if got.dtype.kind in "fc":
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
        ok = ~np.isnan(got)
        np.testing.assert_array_equal(got[ok], want.astype(got.dtype)[ok])
        if got.dtype.kind == "f":
            np.testing.assert_array_equal(np.signbit(got[ok]), np.signbit(want[ok]))
    else:
        np.testing.assert_array_equal(got, want.astype(got.dtype))


def _cases():
    for op in _ops.OPS:
        if op.name in ("floor_divide", "sign", "expm1"):
            continue  # standard-mandated special cases: tested below
        for dtype in SAMPLES:
            if np.dtype(dtype) not in op.accepts:
                continue
            yield pytest.param(op, dtype, id=f"{op.name}-{dtype}")


@pytest.mark.parametrize("op, dtype", list(_cases()))
def test_op_equals_numpy(op, dtype):
    xs = SAMPLES[dtype]
    if op.arity == 1:
        args = [xs]
    elif op.name in ("bitwise_left_shift", "bitwise_right_shift"):
        args = [xs, SHIFT_COUNTS]
    elif op.name in ("pow",) and dtype not in ("float16", "float32", "float64",
                                                "complex64", "complex128"):
        args = [xs, [1, 2, 0, 1, 1, 0] if dtype != "bool" else [True, False] * 3]
    elif op.name == "remainder" and dtype not in ("float16", "float32", "float64"):
        args = [xs, [3, 2, 5, 7, 1, 3] if dtype != "bool" else [True] * 6]
    else:
        args = [xs, xs[::-1]]
    weak_args = [wnp.asarray(a, dtype=getattr(wnp, dtype)) for a in args]
    with np.errstate(all="ignore"):
        got = getattr(wnp, op.name)(*weak_args)
    same(got, oracle(op, dtype, args))


def test_floor_divide_standard_special_cases():
    x = wnp.asarray([1.0, -1.0, 1.0, -1.0, 5.0, -5.0], dtype=wnp.float64)
    y = wnp.asarray([np.inf, np.inf, -np.inf, -np.inf, 2.0, 2.0], dtype=wnp.float64)
    r = np.asarray(wnp.floor_divide(x, y))
    # Standard: finite x1 // ±inf is ±0 with the sign of the quotient; NumPy follows
    # Python's divmod and returns -1.0 for 1 // -inf and -1 // inf.
    np.testing.assert_array_equal(r, [0.0, -0.0, -0.0, 0.0, 2.0, -3.0])
    np.testing.assert_array_equal(np.signbit(r), [False, True, True, False, False, True])


def test_sign_of_complex_zero_is_zero():
    r = np.asarray(wnp.sign(wnp.asarray([0j, -0j, 3 + 4j], dtype=wnp.complex128)))
    np.testing.assert_array_equal(r, [0j, 0j, 0.6 + 0.8j])


def test_complex_expm1_special_values():
    z = wnp.asarray([complex(np.inf, 0.0), complex(-np.inf, 0.0), 0j], dtype=wnp.complex128)
    with np.errstate(invalid="ignore"):
        r = np.asarray(wnp.expm1(z))
    assert r[0].real == np.inf
    assert r[1] == -1 + 0j
    assert r[2] == 0j
    z = wnp.asarray([complex(-0.0, 0.0), complex(-0.0, -0.0)], dtype=wnp.complex128)
    r = np.asarray(wnp.expm1(z))
    np.testing.assert_array_equal(np.signbit(r.real), [False, False])  # +0, not NumPy's -0
    np.testing.assert_array_equal(np.signbit(r.imag), [False, True])


@pytest.mark.parametrize("name, fn", [
    ("add", np.add), ("multiply", np.multiply), ("divide", np.divide),
    ("sqrt", np.sqrt), ("exp", np.exp), ("tanh", np.tanh),
])
def test_bfloat16_bit_identical_to_native_loops(name, fn):
    rng = np.random.default_rng(0)
    a = rng.standard_normal(4096).astype(ml_dtypes.bfloat16)
    b = (rng.standard_normal(4096) + 3).astype(ml_dtypes.bfloat16)
    if name == "sqrt":
        a = np.abs(a)
    args = (a, b) if name in ("add", "multiply", "divide") else (a,)
    with np.errstate(all="ignore"):
        native = fn(*args)               # ml_dtypes' own bfloat16 loop
    got = getattr(wnp, name)(*[wnp.asarray(x) for x in args])
    assert got.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(np.asarray(got).view(np.uint16), native.view(np.uint16))


def test_bfloat16_scalar_is_rounded_first():
    # JAX rounds the Python scalar to bfloat16 before adding (0.1 -> 0.10009765625).
    x = wnp.asarray([1.0], dtype=wnp.bfloat16)
    r = np.asarray(x + 0.1).astype(np.float32)
    want = (np.float32(1.0) + np.float32(ml_dtypes.bfloat16(0.1))).astype(ml_dtypes.bfloat16)
    assert r[0] == np.float32(want)


def test_sub_byte_integers_wrap_like_jax():
    x = wnp.asarray([7, -8], dtype=wnp.int4)
    r = x + wnp.asarray([1, -1], dtype=wnp.int4)
    assert r.dtype == wnp.int4
    np.testing.assert_array_equal(np.asarray(r).astype(np.int8), [-8, 7])
    with pytest.raises(OverflowError, match="int4"):
        x + 8
