"""Values of the elementwise ops: each equals NumPy run on inputs cast explicitly to the
dtype weaknp computes in (the oracle never sees weaknp's promotion), NaN-aware, signed
zeros exact; bfloat16 through float32 is bit-identical to ml_dtypes' own loops.  The
second part runs every op on adversarial values (dtype limits, subnormals, inf, NaN,
negative shift counts, division by zero) for every pair of dtypes that join."""

from __future__ import annotations

import math
import warnings

import ml_dtypes
import numpy as np
import pytest
from golden import INEXACT
from support import same_array, same_bits

import weaknp as wnp
from weaknp._core import dtypes as D
from weaknp._core import ops as _ops
from weaknp._core.ops import ALL_OPS

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
# What NumPy computes each op's promoted dtype in, for the oracle: golden.INEXACT (the
# inexact rule maps small ints and bool to float32, 64-bit ints to float64).
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
    same_array(got, oracle(op, dtype, args))


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


# ---------------------------------------------------------------------------------------
# Adversarial values against cast inputs, every op-table row and every pair of dtypes that
# join (default mode): weaknp's result equals NumPy's ufunc applied to the inputs explicitly
# cast to the dtype weaknp computes in; ml_dtypes types against ml_dtypes' own loops where
# they have one (bit-exact). Compared bit for bit (-0.0 differs from 0.0), any two NaNs
# equal. The only deliberate differences are the standard's special cases weaknp implements
# and NumPy does not (``_standard`` below); one test per op lists every mismatch.

_FLOATS = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 1e-45, 5e-324, 65504.0, 3.4e38,
           1.7e308, -1.7e308, np.inf, -np.inf, np.nan]
_INTS = [0, 1, -1, 2, -2, 3, 7, -8, 127, -128, 255, 32767, -32768, 65535, 2 ** 31 - 1,
         -2 ** 31, 2 ** 32 - 1, 2 ** 63 - 1, -2 ** 63, 2 ** 64 - 1]


def _values(dt):
    """Adversarial values of ``dt`` (each exactly a value of the dtype), deduplicated."""
    if dt == D.bool_:
        return np.array([False, True])
    if dt in D.INTEGER:
        lo, hi = D.INT_BOUNDS[dt]
        vals = sorted({v for v in _INTS + [lo, hi] if lo <= v <= hi})
        return np.array(vals, dtype=object).astype(dt) if dt in D.ML_DTYPES else\
            np.array(vals, dtype=dt)
    real = D.COMPLEX_TO_REAL.get(dt, dt)
    info = ml_dtypes.finfo(real) if real in D.ML_DTYPES else np.finfo(real)
    cands = _FLOATS + [float(info.max), -float(info.max), float(info.smallest_subnormal),
                       float(info.tiny)]
    with np.errstate(all="ignore"):
        vals = np.array(cands, dtype=np.float64).astype(real)
    # dedupe by bits
    seen, out = set(), []
    for v in vals:
        key = v.tobytes()
        if key not in seen:
            seen.add(key)
            out.append(v)
    vals = np.array(out, dtype=real)
    if dt in D.COMPLEX:
        re = np.repeat(vals, 3)
        im = np.tile(np.array([0.0, -1.0, np.nan], dtype=real), len(vals))
        vals = (re.astype(dt) + 1j * im.astype(dt)).astype(dt)
    return vals


_INT1 = np.dtype(ml_dtypes.int1)


def _grid(da, db):
    a, b = _values(da), _values(db)
    if {da, db} == {D.bool_, _INT1}:
        # True is 1, which int1 cannot hold: it raises OverflowError (decision 52), so
        # only False meets int1 here (test_no_silent_wrong checks the True cases)
        a, b = (a[~a.astype(bool)], b) if da == D.bool_ else (a, b[~b.astype(bool)])
    return np.repeat(a, len(b)), np.tile(b, len(a))


def _compute_dtype(op, r_dtype, a_dt, b_dt):
    """The dtype the inputs are cast to: the result's, or the promoted one for bool results."""
    if b_dt is None and op.rule in ("real", "bool"):   # abs/real/imag, isnan/signbit
        return a_dt
    if r_dtype != D.bool_ or op.rule == "same":
        return r_dtype
    return np.dtype(wnp.result_type(a_dt, b_dt)) if b_dt is not None else a_dt


def _oracle(op, args, dt, out_dt):
    """NumPy's ufunc on inputs already of ``dt`` (ml_dtypes' loop, else float32 / the
    op's own wider loop), the result cast to ``out_dt``."""
    ufunc = op.ufunc if isinstance(op.ufunc, np.ufunc) else {
        "real": np.real, "imag": np.imag, "round": np.round}[op.name]
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            if _wide_oracle(op, dt):
                raise TypeError("the float32 loop is the oracle here")
            r = ufunc(*args)
            if isinstance(op.ufunc, np.ufunc) and r.dtype not in (out_dt, D.bool_) and\
                    dt in D.ML_DTYPES:
                raise TypeError("ml_dtypes promoted; use the float32 loop")
        except TypeError:
            wide = D.float32 if dt in D.REAL_FLOAT else D.int32
            r = ufunc(*(x.astype(wide) for x in args))
        return np.asarray(r).astype(out_dt)


_FNUZ = {np.dtype(getattr(ml_dtypes, n)) for n in
         ("float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e4m3b11fnuz")}
_E8M0 = np.dtype(ml_dtypes.float8_e8m0fnu)
#: Types with no NaN (a NaN result has no value to compare) or no zero.
_NO_NAN = {np.dtype(getattr(ml_dtypes, n)) for n in
           ("float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn")} | {_E8M0}


def _wide_oracle(op, dt):
    """Where ml_dtypes' own loop is not the oracle, NumPy's float32 loop on the cast values:
    ``sign(-0.0)`` is +0 in NumPy's float loops (ml_dtypes' bfloat16 loop keeps -0);
    ``copysign(0, -1)`` in the fnuz types (no -0) is 0 (ml_dtypes sets the sign bit,
    which is their NaN); float8_e8m0fnu's loops flush 2**-127 to zero."""
    return dt in D.ML_DTYPES and (op.name == "sign" or (
        dt == _E8M0 and op.name not in ("nextafter", "spacing")) or (
        op.name == "copysign" and dt in _FNUZ))


def _unrepresentable(op, args, dt):
    """Positions whose exact result the narrow type cannot hold (NaN in a type without NaN,
    zero or negatives in float8_e8m0fnu): the value there is the type's, not the op's."""
    if dt not in _NO_NAN or not isinstance(op.ufunc, np.ufunc):
        return None
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = np.asarray(op.ufunc(*(x.astype(np.float32) for x in args)))
        if r.dtype == D.bool_:
            return None
        r = r.astype(np.float64)
        bad = np.isnan(r)
        if dt == _E8M0:
            bad |= r <= 0
        return bad.ravel()


def _standard(op, args, dt, want):
    """The standard's special cases weaknp implements where NumPy's value differs."""
    if op.name == "floor_divide" and dt in D.REAL_FLOAT:
        a, b = (x.astype(np.float64) for x in args)
        with np.errstate(all="ignore"):
            one_inf = (np.isinf(a) ^ np.isinf(b)) & ~np.isnan(a) & ~np.isnan(b)
            fixed = np.floor(a / b).astype(dt)
        want = np.where(one_inf, fixed, want)
    return want


def _case(op, a_dt, b_dt):
    """Mismatches (list of str) and the number of values checked for one dtype pair."""
    if b_dt is None:
        a = _values(a_dt)
        args_w = (wnp.asarray(a, dtype=a_dt),)
    else:
        a, b = _grid(a_dt, b_dt)
        args_w = (wnp.asarray(a, dtype=a_dt), wnp.asarray(b, dtype=b_dt))
    fn = getattr(wnp, op.name)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")   # NumPy's own warnings (1/0) are not the subject
        try:
            r = fn(*args_w)
        except (TypeError, ValueError) as e:  # no join, kind not accepted, int ** -1
            if op.name == "pow" and "negative integer power" in str(e):
                return _case_pow_nonnegative(op, a_dt, b_dt)
            return [], 0
    out_dt = r.dtype
    dt = _compute_dtype(op, out_dt, a_dt, b_dt)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cast_args = [x._data.astype(dt) for x in args_w]
    if op.rule == "logical":   # operands are read as truth values (cast to bool)
        dt = D.bool_
        cast_args = [x._data.astype(bool) for x in args_w]
    want = _oracle(op, cast_args, dt, out_dt)
    want = _standard(op, cast_args, dt, want)
    ok = same_bits(r._data, want)
    skip = _unrepresentable(op, cast_args, dt)
    if skip is not None:
        ok = ok | skip
    bad = []
    if not ok.all():
        for i in np.flatnonzero(~ok)[:3]:
            ins = ", ".join(repr(x._data.ravel()[i]) for x in args_w)
            bad.append(f"{op.name}({ins}) [{', '.join(D.dtype_name(d) for d in (a_dt, b_dt) if d is not None)}]"
                       f": weaknp {r._data.ravel()[i]!r}, NumPy on {D.dtype_name(dt)} "
                       f"{np.asarray(want).ravel()[i]!r}")
        bad.append(f"  ({int((~ok).sum())} of {ok.size} values differ)")
    return bad, ok.size


def _case_pow_nonnegative(op, a_dt, b_dt):
    """Integer pow with the negative exponents left out (they raise ValueError)."""
    a, b = _grid(a_dt, b_dt)
    dt = np.dtype(wnp.result_type(a_dt, b_dt))
    dt = D.int32 if dt == D.bool_ else dt
    keep = b.astype(dt).astype(np.float64) >= 0   # as the exponent is in the result dtype
    a, b = a[keep], b[keep]
    r = wnp.pow(wnp.asarray(a, dtype=a_dt), wnp.asarray(b, dtype=b_dt))
    assert r.dtype == dt
    with np.errstate(all="ignore"):
        want = _oracle(op, [a.astype(dt), b.astype(dt)], dt, dt)
    ok = same_bits(r._data, want)
    if ok.all():
        return [], ok.size
    return [f"pow [{a_dt}, {b_dt}]: {int((~ok).sum())} values differ"], ok.size


DTYPES = D.ALL_DTYPES


@pytest.mark.parametrize("op", [op for op in ALL_OPS if op.arity == 2], ids=lambda o: o.name)
def test_binary_values_equal_numpy_on_cast_inputs(op):
    bad, n = [], 0
    for a_dt in DTYPES:
        for b_dt in DTYPES:
            b, k = _case(op, a_dt, b_dt)
            bad += b
            n += k
    assert n > 1000
    assert not bad, f"{op.name}: mismatches ({n} values checked):\n" + "\n".join(bad)


# The standard's special cases for complex sign/expm1/tanh (weaknp's fix-ups) differ from
# NumPy by design; their real-dtype values are checked here, their complex values by the
# literal tests of those fix-ups.
_COMPLEX_FIXED = {"sign", "expm1", "tanh"}


@pytest.mark.parametrize("op", [op for op in ALL_OPS if op.arity == 1], ids=lambda o: o.name)
def test_unary_values_equal_numpy_on_cast_inputs(op):
    bad, n = [], 0
    for dt in DTYPES:
        if op.name in _COMPLEX_FIXED and dt in D.COMPLEX:
            continue
        b, k = _case(op, dt, None)
        bad += b
        n += k
    assert n > 20
    assert not bad, f"{op.name}: mismatches ({n} values checked):\n" + "\n".join(bad)


# Decision 55: a NaN converted into a type without NaN (float4_e2m1fn, float6_*) is +0,
# whatever the NaN's sign bit.  ml_dtypes 0.6 keeps the sign (the x86 default NaN of
# 0 / 0 and sqrt(-1) is negative, np.nan positive), so without the rule results would
# depend on the CPU's code path and on the ml_dtypes release.
_NAN_POS = float("nan")
_NAN_NEG = -float("nan")


@pytest.mark.parametrize("name", ["float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn"])
def test_nan_into_nan_less_types_is_positive_zero(name):
    dt = getattr(wnp, name)
    zero_bits = np.zeros(1, dtype=np.uint8).tobytes()
    one = np.asarray([1.0]).astype(getattr(ml_dtypes, name)).tobytes()
    assert math.copysign(1.0, _NAN_NEG) == -1.0   # the test's own premise
    cases = {
        "astype(+nan)": lambda: wnp.asarray([_NAN_POS]).astype(dt),
        "astype(-nan)": lambda: wnp.asarray([_NAN_NEG]).astype(dt),
        "asarray(dtype=)": lambda: wnp.asarray([_NAN_NEG, _NAN_POS], dtype=dt)[:1],
        "x * nan": lambda: wnp.asarray([1.0], dtype=dt) * _NAN_POS,
        "x * -nan": lambda: wnp.asarray([1.0], dtype=dt) * _NAN_NEG,
        "x * weak nan": lambda: wnp.asarray([1.0], dtype=dt) * wnp.asarray(_NAN_NEG),
        "x / 0 * 0": lambda: (wnp.asarray([0.0], dtype=dt) * 0.0) / wnp.asarray([0.0], dtype=dt),
        "sqrt(-1)": lambda: wnp.sqrt(wnp.asarray([-1.0], dtype=dt)),
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for label, f in cases.items():
            r = f()
            assert r.dtype == dt, label
            assert r._data.tobytes() == zero_bits, (label, r._data.view(np.uint8))
        # the NaN operand of fmax/fmin is +0 in the type, in every spelling (NumPy's loops
        # return either zero of fmax(0, -0), depending on the memory layout)
        x = wnp.asarray([1.0, 0.0], dtype=dt)
        want = {wnp.fmax: one + zero_bits, wnp.fmin: zero_bits + zero_bits}
        for s in (_NAN_POS, _NAN_NEG, wnp.asarray(_NAN_NEG), wnp.full(2, _NAN_NEG)):
            for fn in (wnp.fmax, wnp.fmin):
                assert fn(x, s)._data.tobytes() == want[fn], (fn.__name__, s)
                assert fn(s, x)._data.tobytes() == want[fn], (fn.__name__, s)
