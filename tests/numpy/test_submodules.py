"""weaknp.testing, weaknp.lib.stride_tricks, weaknp.emath, weaknp.exceptions, poly1d,
ndenumerate/ndindex/nditer, errstate, and the ma/polynomial submodules (issue 13, part 4).

Values against NumPy on the same data; dtypes literal.
"""

import importlib

import numpy as np
import pytest

import weaknp as wnp


def test_testing_takes_weaknp_arrays():
    x = wnp.asarray([1.0, 2.0], dtype=wnp.float32)
    wnp.testing.assert_allclose(x, [1.0, 2.0])
    wnp.testing.assert_array_equal(x, x)
    wnp.testing.assert_equal({"a": [x, 1]}, {"a": [np.asarray([1.0, 2.0]), 1]})
    wnp.testing.assert_array_less(x, 3)
    with pytest.raises(AssertionError, match="Mismatched elements: 1 / 2"):
        wnp.testing.assert_array_equal(x, [1.0, 3.0])
    with pytest.raises(AssertionError):
        wnp.testing.assert_array_equal(x, np.asarray([1.0, 2.0]), strict=True)  # float32 vs 64
    assert wnp.testing.assert_raises is np.testing.assert_raises
    assert importlib.import_module("weaknp.testing").assert_allclose is \
        wnp.testing.assert_allclose


def test_stride_tricks():
    from weaknp.lib.stride_tricks import as_strided, sliding_window_view  # noqa: PLC0415
    a = np.arange(10, dtype=np.int8).reshape(2, 5)
    r = sliding_window_view(wnp.asarray(a), (2, 3))
    want = np.lib.stride_tricks.sliding_window_view(a, (2, 3))
    assert (str(r.dtype), r.shape, r.tolist()) == ("int8", want.shape, want.tolist())
    r = wnp.lib.stride_tricks.sliding_window_view(wnp.asarray(a), 3, axis=1)
    assert r.tolist() == np.lib.stride_tricks.sliding_window_view(a, 3, axis=1).tolist()
    w = wnp.lib.stride_tricks.sliding_window_view(wnp.asarray(2.5), ())
    assert w.weak_type
    x = wnp.asarray(np.arange(4, dtype=np.int16))
    r = as_strided(x, shape=(3, 2), strides=(2, 2))
    assert r.tolist() == [[0, 1], [1, 2], [2, 3]] and r.dtype == wnp.int16
    assert wnp.lib.scimath is wnp.emath


def test_as_strided_check_bounds():
    """NumPy 2.5's ``check_bounds=``, honoured with every NumPy: views within the memory of
    the array's base pass (a slice may reach back into it), others raise naming the
    function and the bytes outside."""
    from weaknp.lib.stride_tricks import as_strided  # noqa: PLC0415
    x = wnp.asarray(np.arange(4, dtype=np.int16))
    assert as_strided(x, (2,), (4,), check_bounds=True).tolist() == [0, 2]
    assert as_strided(x[2:], (3,), (-2,), check_bounds=True).tolist() == [2, 1, 0]
    assert as_strided(x, (5,), (2,)).shape == (5,)   # unchecked by default, as NumPy
    for shape, strides, where in [((5,), (2,), "2 bytes after"),
                                  ((2,), (-2,), "2 bytes before"),
                                  ((2, 3), (6, 2), "4 bytes after")]:
        with pytest.raises(ValueError) as info:
            as_strided(x, shape, strides, check_bounds=True)
        assert str(info.value) == (
            f"as_strided: shape {shape} with strides {strides} would access {where} the "
            f"array's memory; choose a shape and strides within it (or use "
            f"sliding_window_view)")


@pytest.mark.parametrize("name, arg, dtype", [
    ("sqrt", [4, -1], "int8"), ("sqrt", [4.0, 9.0], "float32"), ("log", [-1.0, 1.0], "float64"),
    ("log10", [10.0, -10.0], "float32"), ("log2", [-8, 8], "int64"),
    ("arccos", [2.0, 0.5], "float64"), ("arcsin", [2.0, 0.5], "float32"),
    ("arctanh", [0.5, 2.0], "float64")])
def test_emath_values_and_dtypes(name, arg, dtype):
    r = getattr(wnp.emath, name)(wnp.asarray(arg, dtype=dtype))
    want = getattr(np.emath, name)(np.asarray(arg, dtype=np.float64))
    expected = {"int8": "complex64", "float32": "complex64", "int64": "complex128",
                "float64": "complex128"}[dtype] if np.iscomplexobj(want) else \
        {"float32": "float32", "float64": "float64"}.get(dtype, "float32")
    assert str(r.dtype) == expected
    np.testing.assert_allclose(np.asarray(r), want, rtol=1e-6)


def test_emath_power_and_logn():
    r = wnp.emath.power(wnp.asarray([-2.0, 2.0]), 2)
    assert str(r.dtype) == "complex128"
    np.testing.assert_allclose(np.asarray(r), np.emath.power([-2.0, 2.0], 2))
    r = wnp.emath.logn(2, wnp.asarray([4.0, 8.0], dtype=wnp.float32))
    assert (str(r.dtype), r.tolist()) == ("float32", [2.0, 3.0])


def test_exceptions():
    assert wnp.exceptions.AxisError is np.exceptions.AxisError
    assert issubclass(wnp.exceptions.TypePromotionError, np.exceptions.DTypePromotionError)
    assert wnp.exceptions.TypePromotionError is wnp.TypePromotionError


def test_poly1d_against_numpy():
    c = [1.0, 2.0, 3.0]
    p, q = wnp.poly1d(wnp.asarray(c, dtype=wnp.float32)), np.poly1d(c)
    x32 = wnp.poly1d(wnp.asarray([1.0, 0.0], dtype=wnp.float32))
    assert (p.order, len(p), p.variable) == (q.order, len(q), q.variable)
    assert p(0.5).dtype == wnp.float32 and float(p(0.5)) == q(0.5)
    for got, want in [((p * p).coeffs, (q * q).coeffs), ((p + 1).coeffs, (q + 1).coeffs),
                      ((1 - p).coeffs, (1 - q).coeffs), ((p ** 2).coeffs, (q ** 2).coeffs),
                      (p.deriv().coeffs, q.deriv().coeffs), (p.integ().coeffs, q.integ().coeffs),
                      ((p / 2).coeffs, (q / 2).coeffs), (p(x32).coeffs,
                                                         q(np.poly1d([1.0, 0.0])).coeffs)]:
        assert got.dtype == wnp.float32
        np.testing.assert_allclose(np.asarray(got), want)
    np.testing.assert_allclose(np.sort_complex(np.asarray(p.roots)), np.sort_complex(q.roots),
                               rtol=1e-6)
    assert wnp.poly1d([1, 2], r=True).coeffs.tolist() == np.poly1d([1, 2], r=True).coeffs.tolist()
    assert p[1].tolist() == 2.0 and p[5].tolist() == 0.0 and p == wnp.poly1d(p)
    assert str(p) == str(q)


def test_ndenumerate_ndindex_nditer():
    a = np.asarray([[1, 2], [3, 4]], np.int8)
    got = [(i, v.tolist(), str(v.dtype)) for i, v in wnp.ndenumerate(wnp.asarray(a))]
    assert got == [(i, int(v), "int8") for i, v in np.ndenumerate(a)]
    assert list(wnp.ndindex(2, 3)) == list(np.ndindex(2, 3))
    x = wnp.asarray(a.copy())
    with wnp.nditer(x, op_flags=["readwrite"]) as it:
        for v in it:
            v[...] = 2 * v
    assert x.tolist() == (2 * a).tolist() and x.dtype == wnp.int8
    with pytest.raises(TypeError, match="storing Python float values into an int8"):
        with wnp.nditer(x, op_flags=["readwrite"]) as it:
            for v in it:
                v[...] = 0.5
    it = wnp.nditer([x, 1.5, None])
    assert [str(o.dtype) for o in it.operands] == ["int8", "float64", "float64"]
    it = wnp.nditer(x, flags=["multi_index"])
    assert [it.multi_index for _ in it] == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_errstate_is_honoured_by_weaknp_computations():
    for dt in ("float32", "float16", "bfloat16"):
        y = wnp.asarray([1.0, 0.0, -1.0], dtype=dt)
        with wnp.errstate(divide="raise"):
            with pytest.raises(FloatingPointError, match="divide by zero"):
                y / 0
        with wnp.errstate(invalid="raise"):
            with pytest.raises(FloatingPointError, match="invalid value"):
                wnp.sqrt(y)
        with wnp.errstate(all="ignore"):
            assert np.isnan(np.asarray(wnp.log(y), dtype=np.float32)[2])
    old = wnp.seterr(divide="raise")
    try:
        with pytest.raises(FloatingPointError):
            wnp.divide(wnp.asarray([1.0]), 0.0)
    finally:
        wnp.seterr(**old)


def test_ma_and_polynomial_are_submodules():
    assert wnp.ma is importlib.import_module("weaknp.ma")
    assert wnp.polynomial is importlib.import_module("weaknp.polynomial")
    assert "ma" in dir(wnp) and "polynomial" in dir(wnp)


def test_nditer_item_access_and_emath_negative_int_powers():
    a = wnp.asarray([1, 2, 3], dtype=wnp.int8)
    it = wnp.nditer([None, a], [], [["writeonly", "allocate"], ["readonly"]])
    while not it.finished:
        it[0] = it[1] * 2
        it.iternext()
    out = it.operands[0]
    assert (str(out.dtype), out.tolist()) == ("int8", [2, 4, 6])
    r = wnp.emath.power([2, 4], -2)
    assert (str(r.dtype), r.tolist()) == ("float64", np.emath.power([2, 4], -2).tolist())
    r = wnp.emath.power(wnp.asarray([2, 4], dtype=wnp.int8), -1)
    assert (str(r.dtype), r.tolist()) == ("float32", [0.5, 0.25])
