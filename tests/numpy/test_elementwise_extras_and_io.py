"""NumPy's extra elementwise functions, its spellings of the standard's, dtype utilities,
printing and file I/O (``weaknp._numpy.umath``, ``type_check``, ``arrayprint``, ``npyio``, ...).

Values come from NumPy run on inputs cast explicitly to the dtype weaknp computes in;
dtypes and weak flags are written literally.
"""

import io
import warnings

import ml_dtypes
import numpy as np
import pytest
from golden import INEXACT

import weaknp as wnp
from weaknp._core import ops as _ops

SAMPLES = {
    "bool": [True, False, True, False],
    "int8": [-7, 0, 5, 12],
    "uint8": [0, 3, 9, 200],
    "int64": [-(2**40), -6, 0, 15],
    "float16": [-1.5, -0.0, 0.5, np.nan],
    "float32": [-np.inf, -2.5, 0.0, 0.25],
    "float64": [-3.0, -0.0, 2.0, np.nan],
    "complex128": [1 + 1j, -2j, 0j, 3 - 1j],
}


def oracle_dtype(op, dtype):
    if op.rule == "inexact":
        return INEXACT.get(dtype, dtype)
    if op.rule == "numeric" and dtype == "bool":
        return "int32"
    return dtype


def _cases():
    for op in _ops.NUMPY_OPS:
        for dtype in SAMPLES:
            if np.dtype(dtype) in op.accepts:
                yield pytest.param(op, dtype, id=f"{op.name}-{dtype}")


@pytest.mark.parametrize("op, dtype", list(_cases()))
def test_numpy_ufunc_equals_numpy(op, dtype):
    xs = SAMPLES[dtype]
    args = [xs] if op.arity == 1 else [xs, xs[::-1]]
    if op.name in ("fmod",) and dtype in ("bool", "int8", "uint8", "int64"):
        args = [xs, [3, 2, 5, 7] if dtype != "bool" else [True] * 4]
    dt = oracle_dtype(op, dtype)
    want_args = [np.asarray(a, dtype=dt) for a in args]
    with np.errstate(all="ignore"):
        want = op.ufunc(*want_args)
        got = getattr(wnp, op.name)(*[wnp.asarray(a, dtype=getattr(wnp, dtype)) for a in args])
    got = np.asarray(got)
    if op.name == "float_power":  # NumPy computes in float64/complex128 only
        want = want.astype(dt)
    assert got.dtype == np.dtype(dt)
    np.testing.assert_array_equal(got, want)


# (function call, expected dtype, expected weak flag): literal.
I8 = wnp.asarray([1, 2], dtype=wnp.int8)
F32 = wnp.asarray([1.5, 2.5], dtype=wnp.float32)
BF16 = wnp.asarray([1.5, 2.5], dtype=wnp.bfloat16)
DTYPES = [
    ("cbrt(int8)", lambda: wnp.cbrt(I8), "float32", False),
    ("exp2(weak float)", lambda: wnp.exp2(1.0), "float64", True),
    ("fmax(int8, 3)", lambda: wnp.fmax(I8, 3), "int8", False),
    ("fmax(int8, 2.5)", lambda: wnp.fmax(I8, 2.5), "float64", True),
    ("fmod(float32, 2)", lambda: wnp.fmod(F32, 2), "float32", False),
    ("gcd(int8, 4)", lambda: wnp.gcd(I8, 4), "int8", False),
    ("heaviside(bfloat16, 0.5)", lambda: wnp.heaviside(BF16, 0.5), "bfloat16", False),
    ("logaddexp2(float32, int8)", lambda: wnp.logaddexp2(F32, I8), "float32", False),
    ("rint(int8)", lambda: wnp.rint(I8), "float32", False),
    ("float_power(float32, 2)", lambda: wnp.float_power(F32, 2), "float32", False),
    ("degrees(bfloat16)", lambda: wnp.degrees(BF16), "bfloat16", False),
    ("sinc(int8)", lambda: wnp.sinc(I8), "float32", False),
    ("sinc(weak float)", lambda: wnp.sinc(0.5), "float64", True),
    ("i0(float32)", lambda: wnp.i0(F32), "float32", False),
    ("angle(complex64)", lambda: wnp.angle(wnp.asarray([1j], dtype=wnp.complex64)),
     "float32", False),
    ("angle(int8)", lambda: wnp.angle(I8), "float32", False),
    ("bitwise_count(int8)", lambda: wnp.bitwise_count(I8), "uint8", False),
    ("ldexp(float32, int8)", lambda: wnp.ldexp(F32, I8), "float32", False),
    ("ldexp(weak float, int8)", lambda: wnp.ldexp(1.0, I8), "float64", False),
    ("ldexp(bfloat16, 3)", lambda: wnp.ldexp(BF16, 3), "bfloat16", False),
    ("nan_to_num(float32)", lambda: wnp.nan_to_num(F32), "float32", False),
    ("nan_to_num(weak float)", lambda: wnp.nan_to_num(wnp.asarray(1.0)), "float64", True),
    ("isneginf(float32)", lambda: wnp.isneginf(F32), "bool", False),
    ("isreal(weak float)", lambda: wnp.isreal(1.0), "bool", False),
    ("around(float32, 1)", lambda: wnp.around(F32, 1), "float32", False),
    ("round(weak float, 2)", lambda: wnp.round(2.567, 2), "float64", True),
    ("fix(int8)", lambda: wnp.fix(I8), "int8", False),
    ("power(int8, 2)", lambda: wnp.power(I8, 2), "int8", False),
    ("true_divide(int8, 2)", lambda: wnp.true_divide(I8, 2), "float32", False),
]


@pytest.mark.parametrize("call, dtype, weak", [d[1:] for d in DTYPES],
                         ids=[d[0] for d in DTYPES])
def test_dtype_and_weak_flag(call, dtype, weak):
    r = call()
    assert (str(r.dtype), r.weak_type) == (dtype, weak)


def test_tuple_results():
    m, e = wnp.frexp(wnp.asarray([8.0, 0.75], dtype=wnp.float32))
    assert (m.dtype, e.dtype) == (wnp.float32, wnp.int32)
    np.testing.assert_array_equal(np.asarray(m), [0.5, 0.75])
    np.testing.assert_array_equal(np.asarray(e), [4, 0])
    f, i = wnp.modf(wnp.asarray([2.5, -1.25], dtype=wnp.float16))
    assert f.dtype == i.dtype == wnp.float16
    np.testing.assert_array_equal(np.asarray(f), [0.5, -0.25])
    np.testing.assert_array_equal(np.asarray(i), [2.0, -1.0])
    q, r = wnp.divmod(wnp.asarray([7, -7], dtype=wnp.int8), 2)
    assert q.dtype == r.dtype == wnp.int8
    np.testing.assert_array_equal(np.asarray(q), [3, -4])
    np.testing.assert_array_equal(np.asarray(r), [1, 1])


def test_hand_written_values_equal_numpy():
    x = np.array([-1.5, 0.0, 0.5, 2.0], dtype=np.float32)
    w = wnp.asarray(x)
    np.testing.assert_array_equal(np.asarray(wnp.sinc(w)), np.sinc(x))
    np.testing.assert_array_equal(np.asarray(wnp.i0(w)), np.i0(x))
    np.testing.assert_array_equal(np.asarray(wnp.angle(wnp.asarray([1j, -1.0]), deg=True)),
                                  np.angle(np.array([1j, -1.0]), deg=True))
    np.testing.assert_array_equal(np.asarray(wnp.ldexp(w, wnp.asarray([1, 2, 3, 4]))),
                                  np.ldexp(x, np.array([1, 2, 3, 4], np.int32)))
    bad = np.array([np.nan, np.inf, -np.inf, 1.0], dtype=np.float32)
    np.testing.assert_array_equal(np.asarray(wnp.nan_to_num(wnp.asarray(bad), nan=-1.0)),
                                  np.nan_to_num(bad, nan=-1.0))
    np.testing.assert_array_equal(np.asarray(wnp.isposinf(wnp.asarray(bad))), np.isposinf(bad))
    np.testing.assert_array_equal(np.asarray(wnp.isneginf(wnp.asarray(bad))), np.isneginf(bad))
    c = np.array([1 + 0j, 1j, 2 + 1e-20j])
    np.testing.assert_array_equal(np.asarray(wnp.isreal(wnp.asarray(c))), np.isreal(c))
    np.testing.assert_array_equal(np.asarray(wnp.iscomplex(wnp.asarray(c))), np.iscomplex(c))
    ints = np.array([0, 7, -1, 127], dtype=np.int8)
    np.testing.assert_array_equal(np.asarray(wnp.bitwise_count(wnp.asarray(ints))),
                                  np.bitwise_count(ints))
    r = wnp.real_if_close(wnp.asarray([2.1 + 4e-14j, 5.2 + 3e-15j]), tol=1000)
    assert r.dtype == wnp.float64
    np.testing.assert_array_equal(np.asarray(r), [2.1, 5.2])
    assert wnp.real_if_close(wnp.asarray([2.1 + 4e-3j])).dtype == wnp.complex128


def test_nan_to_num_bfloat16_uses_its_own_range():
    r = wnp.nan_to_num(wnp.asarray([np.nan, np.inf, -np.inf], dtype=wnp.bfloat16))
    assert r.dtype == wnp.bfloat16
    big = float(ml_dtypes.finfo(ml_dtypes.bfloat16).max)
    np.testing.assert_array_equal(np.asarray(r).astype(np.float32), [0.0, big, -big])


def test_numpy_spellings_are_the_standard_functions():
    assert wnp.absolute is wnp.abs and wnp.arccos is wnp.acos and wnp.arctan2 is wnp.atan2
    assert wnp.power is wnp.pow and wnp.true_divide is wnp.divide and wnp.mod is wnp.remainder
    assert wnp.bitwise_not is wnp.bitwise_invert and wnp.invert is wnp.bitwise_invert
    assert wnp.left_shift is wnp.bitwise_left_shift and wnp.conjugate is wnp.conj


def test_numpy_ufuncs_on_weaknp_arrays_use_the_lattice():
    r = np.fmax(wnp.asarray([1, 5], dtype=wnp.int8), 3)
    assert isinstance(r, wnp.Array) and r.dtype == wnp.int8
    np.testing.assert_array_equal(np.asarray(r), [3, 5])
    r = np.heaviside(wnp.asarray([0.0, -1.0], dtype=wnp.float16), 0.5)
    assert isinstance(r, wnp.Array) and r.dtype == wnp.float16


def test_errors_name_the_function_and_the_fix():
    with pytest.raises(TypeError, match=r"cbrt: not defined for complex128"):
        wnp.cbrt(wnp.asarray([1j]))
    with pytest.raises(TypeError, match=r"ldexp: the exponent x2 must be an integer.*astype"):
        wnp.ldexp(F32, F32)
    with pytest.raises(TypeError, match=r"isnat: only defined for datetime64"):
        wnp.isnat(F32)
    with pytest.raises(TypeError, match=r"round: storing float32 values into an int8 array"):
        wnp.around(F32, 1, out=wnp.zeros(F32.shape, wnp.int8))
    with pytest.raises(OverflowError):
        wnp.gcd(I8, 1000)


def test_dtype_utilities():
    assert wnp.issubdtype(wnp.bfloat16, np.floating)
    assert wnp.issubdtype(wnp.float8_e4m3fn, np.inexact)
    assert not wnp.issubdtype(wnp.bfloat16, np.integer)
    assert wnp.issubdtype(wnp.int4, np.signedinteger)
    assert wnp.issubdtype(np.int8, np.integer)
    assert wnp.issubdtype("float32", "real floating")
    assert wnp.common_type(wnp.asarray([1], dtype=wnp.float32)) == wnp.float32
    assert wnp.common_type(wnp.asarray([1], dtype=wnp.int8)) == wnp.float64
    assert wnp.common_type(wnp.asarray([1], dtype=wnp.float16),
                           wnp.asarray([1j], dtype=wnp.complex64)) == wnp.complex64
    assert wnp.mintypecode(["d", "f"]) == "d"
    assert wnp.min_scalar_type(10) == np.uint8
    assert wnp.min_scalar_type(wnp.asarray(-1.5)) == np.float16


def test_memory_and_printing():
    x = wnp.asarray([1.0, 2.0])
    assert wnp.may_share_memory(x, x[1:]) and wnp.shares_memory(x, x[:1])
    assert not wnp.shares_memory(x, wnp.asarray([1.0]))
    assert wnp.array2string(wnp.asarray([1.5, 2.0])) == "[1.5 2. ]"
    assert wnp.array_repr(wnp.asarray([1, 2], dtype=wnp.int8)) == "Array([1, 2], dtype=int8)"
    assert wnp.array_str(wnp.asarray([1, 2])) == "[1 2]"
    assert wnp.binary_repr(5) == "101" and wnp.base_repr(255, 16) == "FF"
    with wnp.printoptions(precision=2):
        assert wnp.get_printoptions()["precision"] == 2
        assert repr(wnp.asarray([1.23456], dtype=wnp.float32)) == \
            "Array([1.23], dtype=float32)"
    with wnp.errstate(divide="ignore"):
        assert wnp.geterr()["divide"] == "ignore"
    # NumPy 2.5 deprecates typename; weaknp's is NumPy's and warns as it does
    with warnings.catch_warnings(record=True) as numpy_warns:
        warnings.simplefilter("always")
        want = np.typename("d")
    with warnings.catch_warnings(record=True) as weaknp_warns:
        warnings.simplefilter("always")
        assert wnp.typename("d") == want == "double precision"
    assert [w.category for w in weaknp_warns] == [w.category for w in numpy_warns]


def test_file_io_round_trips(tmp_path):
    x = wnp.asarray([[1.5, 2.0], [3.0, 4.5]], dtype=wnp.float32)
    wnp.save(tmp_path / "x.npy", x)
    y = wnp.load(tmp_path / "x.npy")
    assert isinstance(y, wnp.Array) and y.dtype == wnp.float32 and not y.weak_type
    np.testing.assert_array_equal(np.asarray(y), np.asarray(x))
    wnp.savez(tmp_path / "z.npz", a=x, b=wnp.asarray([1, 2], dtype=wnp.int8))
    with wnp.load(tmp_path / "z.npz") as z:
        assert sorted(z.files) == ["a", "b"] and z["b"].dtype == wnp.int8
    wnp.savez_compressed(tmp_path / "c.npz", x)
    assert wnp.load(tmp_path / "c.npz")["arr_0"].dtype == wnp.float32
    buf = io.StringIO()
    wnp.savetxt(buf, x)
    t = wnp.loadtxt(io.StringIO(buf.getvalue()))
    assert t.dtype == wnp.float64
    np.testing.assert_array_equal(np.asarray(t), np.asarray(x).astype(np.float64))
    g = wnp.genfromtxt(io.StringIO("1,2\n3,\n"), delimiter=",")
    np.testing.assert_array_equal(np.isnan(np.asarray(g)), [[False, False], [False, True]])
    np.asarray(x).tofile(tmp_path / "raw.bin")
    r = wnp.fromfile(tmp_path / "raw.bin", dtype=wnp.float32)
    assert r.dtype == wnp.float32 and r.shape == (4,)
    (tmp_path / "re.txt").write_text("1 2\n3 4\n")
    rr = wnp.fromregex(tmp_path / "re.txt", r"(\d+) ", wnp.int16)
    assert rr.dtype == wnp.int16 and np.asarray(rr).tolist() == [1, 3]
    want = np.fromregex(tmp_path / "re.txt", r"(\d+) (\d+)", [("a", np.int64), ("b", np.int64)])
    got = wnp.fromregex(tmp_path / "re.txt", r"(\d+) (\d+)", [("a", np.int64), ("b", np.int64)])
    assert got.dtype == want.dtype and got.tolist() == want.tolist()   # records (decision 72)
    assert got["b"].dtype == wnp.int64 and got["b"].tolist() == [2, 4]


def test_vectorize_and_frompyfunc():
    f = wnp.vectorize(lambda a, b: a + 2 * b)
    r = f(wnp.asarray([1, 2], dtype=wnp.int8), 3)
    assert isinstance(r, wnp.Array)
    np.testing.assert_array_equal(np.asarray(r), [7, 8])
    g = wnp.vectorize(lambda a: a / 2, otypes=[wnp.float32])
    assert g(wnp.asarray([1, 2])).dtype == wnp.float32
    h = wnp.frompyfunc(lambda a: a * 10, 1, 1)
    out = h(wnp.asarray([1, 2]))
    assert out.dtype == wnp.int64
    np.testing.assert_array_equal(np.asarray(out), [10, 20])


@pytest.mark.parametrize("name, says", [
    ("asmatrix", "no matrix class; use 2-D arrays"),
    ("nested_iters", "iterate over numpy.asarray"),
    ("ctypeslib", "does not wrap this NumPy submodule"),
])
def test_unprovided_numpy_names_say_what_to_do(name, says):
    with pytest.raises(AttributeError, match=says):
        getattr(wnp, name)
    assert not hasattr(wnp, name)


def test_typos_get_the_plain_attribute_error():
    with pytest.raises(AttributeError, match="module 'weaknp' has no attribute 'arrray'"):
        wnp.arrray  # noqa: B018


ALIASES = {"absolute": "abs", "arccos": "acos", "arccosh": "acosh", "arcsin": "asin",
           "arcsinh": "asinh", "arctan": "atan", "arctan2": "atan2", "arctanh": "atanh",
           "bitwise_not": "bitwise_invert", "invert": "bitwise_invert", "conjugate": "conj",
           "left_shift": "bitwise_left_shift", "right_shift": "bitwise_right_shift",
           "mod": "remainder", "power": "pow", "true_divide": "divide", "fix": "trunc"}


@pytest.mark.parametrize("numpy_name, standard_name", sorted(ALIASES.items()))
def test_every_numpy_spelling_is_the_standard_function(numpy_name, standard_name):
    assert getattr(wnp, numpy_name) is getattr(wnp, standard_name)
    x = np.asarray([0.25, 0.5], dtype=np.float32)
    if numpy_name in ("bitwise_not", "invert", "left_shift", "right_shift"):
        x = np.asarray([1, 2], dtype=np.int8)
    args = (x, x) if numpy_name in ("arctan2", "left_shift", "right_shift", "mod", "power",
                                    "true_divide") else (x,)
    if numpy_name in ("arccosh",):
        args = (x + 1,)
    got = getattr(wnp, numpy_name)(*[wnp.asarray(a) for a in args])
    with warnings.catch_warnings():
        # NumPy 2.5 deprecates fix (for trunc); weaknp keeps it as the standard's trunc
        warnings.simplefilter("ignore", DeprecationWarning)
        want = getattr(np, numpy_name)(*args)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(np.asarray(got), want)


def test_numpy_state_functions_pass_through():
    assert wnp.format_float_positional(np.float32(0.1)) == "0.1"
    assert wnp.format_float_scientific(1234.5, precision=2) == "1.23e+03"
    old = wnp.seterr(over="ignore")
    try:
        assert wnp.geterr()["over"] == "ignore"
    finally:
        wnp.seterr(**old)
    assert wnp.geterrcall() is None and wnp.seterrcall(None) is None
    size = wnp.getbufsize()
    assert wnp.setbufsize(size) == size
    opts = wnp.get_printoptions()
    wnp.set_printoptions(precision=3)
    try:
        assert wnp.get_printoptions()["precision"] == 3
    finally:
        wnp.set_printoptions(**opts)


def test_row_stack_is_vstack():
    r = wnp.row_stack([wnp.asarray([1], dtype=wnp.int8), wnp.asarray([2], dtype=wnp.uint8)])
    assert r.dtype == wnp.int16 and r.shape == (2, 1)


def test_coverage_of_numpys_main_namespace():
    """At least 350 of NumPy's public non-class callables exist in weaknp (literal bar)."""
    names = [n for n in dir(np) if not n.startswith("_") and callable(getattr(np, n))
             and not isinstance(getattr(np, n), type)]
    provided = [n for n in names if hasattr(wnp, n)]
    assert len(provided) >= 350, sorted(set(names) - set(provided))
    random_names = [n for n in dir(np.random) if not n.startswith("_")
                    and callable(getattr(np.random, n))
                    and not isinstance(getattr(np.random, n), type)]
    assert all(hasattr(wnp.random, n) for n in random_names)


def test_bitwise_count_of_bool_counts_truth_not_bytes():
    # bools whose bytes are not 0/1 (a uint8 view) count 1 each, as NumPy's loop does
    b = np.array([0, 1, 2, 3, 255], np.uint8).view(bool)
    r = wnp.bitwise_count(wnp.asarray(b))
    assert r.dtype == wnp.uint8 and not r.weak_type
    assert np.asarray(r).tolist() == [0, 1, 1, 1, 1]
