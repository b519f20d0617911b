"""weaknp's ufunc objects (issue 13, part 2): one class, NumPy's call signature and methods.

Expected dtypes are literal; values come from NumPy on explicitly cast inputs.
"""

import inspect
import pickle

import numpy as np
import pytest

import weaknp as wnp
from weaknp._core import ops as _ops

I8 = wnp.asarray([1, 2, 3], dtype=wnp.int8)
UFUNC_ROWS = [op for op in _ops.ALL_OPS if isinstance(op.ufunc, np.ufunc)]


@pytest.mark.parametrize("op", UFUNC_ROWS, ids=lambda op: op.name)
def test_every_ufunc_row_is_a_weaknp_ufunc(op):
    u = getattr(wnp, op.name)
    assert isinstance(u, wnp.ufunc) and type(u) is wnp.ufunc
    assert (u.nin, u.nout, u.nargs) == (op.ufunc.nin, op.ufunc.nout, op.ufunc.nin + 1)
    assert u.__name__ == op.name and u.signature is None
    assert op.summary in u.__doc__
    assert u.identity == op.ufunc.identity or (u.identity is None and op.ufunc.identity is None)
    params = list(inspect.signature(u).parameters)
    assert params[-6:] == ["where", "casting", "order", "dtype", "subok", "signature"]
    assert params[op.arity] == "out"


def test_functions_of_numpy_that_are_not_ufuncs_stay_functions():
    # NumPy's round/real/imag are plain functions too
    for name in ("round", "real", "imag", "clip"):
        assert not isinstance(getattr(wnp, name), wnp.ufunc)
    for name in ("divmod", "frexp", "ldexp", "modf", "bitwise_count"):
        u = getattr(wnp, name)
        assert isinstance(u, wnp.ufunc)
        assert (u.nin, u.nout) == (getattr(np, name).nin, getattr(np, name).nout)


def test_identity_repr_pickle_types():
    assert [wnp.add.identity, wnp.multiply.identity, wnp.logical_and.identity,
            wnp.maximum.identity] == [0, 1, True, None]
    assert repr(wnp.add) == "<weaknp.ufunc 'add'>"
    assert pickle.loads(pickle.dumps(wnp.add)) is wnp.add
    assert "bb->b" in wnp.add.types and "bb->f" in wnp.divide.types
    assert wnp.sqrt.types[:2] == ["?->f", "B->f"] and wnp.add.ntypes == len(wnp.add.types)
    assert wnp.add.resolve_dtypes((wnp.int8, wnp.uint8, None)) == (np.dtype("int16"),) * 3
    assert wnp.add.resolve_dtypes((wnp.int8, int, None)) == (np.dtype("int8"),) * 3
    assert wnp.sqrt.resolve_dtypes((wnp.int16, None)) == (np.dtype("int16"), np.dtype("float32"))


def test_plain_calls_agree_with_the_operators():
    x, y = wnp.asarray([1, 2], dtype=wnp.int8), wnp.asarray([3, 4], dtype=wnp.uint8)
    for u, r in [(wnp.add(x, y), x + y), (wnp.add(1, x), 1 + x), (wnp.add(x, 1.5), x + 1.5),
                 (wnp.divide(x, x), x / x), (wnp.less(x, 2), x < 2)]:
        assert (u.dtype, u.weak_type, u.tolist()) == (r.dtype, r.weak_type, r.tolist())
    r = wnp.divide(x, x)
    assert r.dtype == wnp.float32 and np.asarray(r).dtype == np.float32
    r = wnp.add(1, 2)
    assert (r.dtype, r.weak_type) == (np.dtype("int64"), True)


def test_array_likes_are_taken_as_asarray_takes_them():
    r = wnp.sqrt([1, 4, 9])
    assert (str(r.dtype), r.tolist()) == ("float64", [1.0, 2.0, 3.0])  # a strong int64 list
    r = wnp.maximum(I8, [0, 5, 1])
    assert (str(r.dtype), r.tolist()) == ("int64", [1, 5, 3])
    with pytest.raises(TypeError, match="add: NumPy defines no add for int8 and string"):
        wnp.add(I8, "a")   # a string is outside the lattice: NumPy has no such loop


def test_positional_and_keyword_out():
    out = wnp.zeros(3, dtype=wnp.float32)
    r = wnp.cos(I8, out)
    assert r is out and out.tolist() == np.cos(np.asarray([1, 2, 3], np.float32)).tolist()
    out16 = wnp.zeros(3, dtype=wnp.int16)
    assert wnp.add(I8, 1, out16) is out16 and out16.tolist() == [2, 3, 4]  # int8 fits int16
    assert wnp.add(I8, 1, out=(out16,)) is out16
    nd = np.zeros(3, np.int8)
    assert wnp.multiply(I8, 2, out=nd) is nd and nd.tolist() == [2, 4, 6]
    with pytest.raises(TypeError, match="both as a positional and a keyword"):
        wnp.add(I8, 1, out16, out=out16)
    with pytest.raises(TypeError, match="at most 3 positional arguments"):
        wnp.add(I8, 1, out16, out16)


def test_out_follows_the_store_rule_and_writes_nothing_on_error():
    out = wnp.asarray([7, 7, 7], dtype=wnp.int8)
    with pytest.raises(TypeError, match="storing weak float64 values into an int8 array"):
        wnp.add(I8, 1.5, out=out)
    with pytest.raises(TypeError, match="storing float32 values into an int8 array"):
        wnp.sqrt(I8, out)
    with pytest.raises(ValueError, match=r"shape \(3,\) does not fit out= of shape \(2,\)"):
        wnp.add(I8, 1, out=wnp.zeros(2, dtype=wnp.int8))
    assert out.tolist() == [7, 7, 7]
    # casting='unsafe' is an explicit cast, as NumPy's
    wnp.add(I8, 1.5, out=out, casting="unsafe")
    assert out.tolist() == [2, 3, 4]
    with pytest.raises(TypeError, match="cannot write the int8 result into out= of dtype "
                                        "int16 with casting='no'"):
        wnp.add(I8, 1, out=wnp.zeros(3, dtype=wnp.int16), casting="no")


def test_out_is_a_store_and_keeps_its_weak_flag():
    # one rule for ufuncs and functions: out= is out[...] = result (the lead's follow-up)
    w = wnp.asarray(2.5)
    wnp.add(w, 1.0, out=w)
    assert (float(w), w.weak_type) == (3.5, True)
    wnp.add(w, np.float64(1), out=w)
    assert (float(w), w.weak_type) == (4.5, True)
    s = wnp.asarray(np.float64(0.0))
    wnp.add(wnp.asarray(1.0), 1.0, out=s)
    assert (float(s), s.weak_type) == (2.0, False)
    r = wnp.full(2, 0.0)
    wnp.sum(wnp.ones((2, 2)), axis=0, out=r)
    assert (r.tolist(), r.weak_type) == ([2.0, 2.0], True)


def test_where_needs_out_and_masks_the_write():
    out = wnp.asarray([0, 0, 0], dtype=wnp.int8)
    r = wnp.add(I8, 10, out=out, where=wnp.asarray([True, False, True]))
    assert r is out and out.tolist() == [11, 0, 13]
    with pytest.raises(TypeError, match="where= without out="):
        wnp.add(I8, 1, where=[True, False, True])
    with pytest.raises(TypeError, match="where= must be a bool array, got int64"):
        wnp.add(I8, 1, out=out, where=[1, 0, 1])


def test_dtype_casting_order_subok_signature():
    r = wnp.add(I8, 1, dtype=wnp.float32)
    assert (str(r.dtype), r.tolist()) == ("float32", [2.0, 3.0, 4.0])
    with pytest.raises(TypeError, match=r"cannot cast the float64 operand to dtype=int16 "
                                        r"with casting='same_kind'"):
        wnp.add(wnp.asarray([1.5]), 1, dtype=wnp.int16)
    r = wnp.add(wnp.asarray([1.5]), 1, dtype=wnp.int16, casting="unsafe")
    assert (str(r.dtype), r.tolist()) == ("int16", [2])
    with pytest.raises(TypeError, match="the result is float64 although dtype=int16"):
        wnp.add(I8, 1.5, dtype=wnp.int16)
    f = wnp.asarray(np.ones((3, 2)))
    assert wnp.negative(f.T, order="C").flags.c_contiguous
    assert wnp.negative(f, order="F").flags.f_contiguous
    assert wnp.add(I8, 1, subok=False).tolist() == [2, 3, 4]
    with pytest.raises(TypeError, match="signature= picks NumPy's inner loop"):
        wnp.add(I8, 1, signature="bb->b")
    with pytest.raises(ValueError, match="casting must be one of"):
        wnp.add(I8, 1, casting="sometimes")
    with pytest.raises(TypeError, match="unexpected keyword argument 'axis'"):
        wnp.add(I8, 1, axis=0)


@pytest.mark.parametrize("name, args, dt", [
    ("power", (100, 9), np.int32),           # the user guide's basics.types: wraps in int32
    ("power", (100, 100), np.float64),
    ("add", (1, 2), np.float16),
    ("add", (True, 2), np.int8),
    ("sqrt", (4,), np.float32),
    ("multiply", (3, 4.5), np.float32),
])
def test_dtype_of_python_scalars_only_computes_in_it(name, args, dt):
    # no array operand for the weak scalars to adapt to: they take dtype=, as in NumPy
    r = getattr(wnp, name)(*args, dtype=dt)
    want = getattr(np, name)(*args, dtype=dt)
    assert r.dtype == dt and not r.weak_type
    assert np.asarray(r).tobytes() == np.asarray(want).tobytes()


def test_dtype_of_python_scalars_only_checks_them():
    with pytest.raises(OverflowError, match="add: Python int 300 is out of bounds for int8"):
        wnp.add(300, 1, dtype=wnp.int8)
    with pytest.raises(TypeError, match="cannot cast the float64 operand to dtype=int32"):
        wnp.add(1.5, 1, dtype=wnp.int32)
    with pytest.raises(TypeError, match="cannot cast the complex128 operand to dtype=float64"):
        wnp.add(1j, 2, dtype=wnp.float64)
    r = wnp.add(1.5, 1, dtype=wnp.int32, casting="unsafe")
    assert (str(r.dtype), r.tolist()) == ("int32", 2)


def test_reduce_accumulate_reduceat_follow_sum_and_the_op():
    a = np.asarray([[1, 2, 3], [4, 5, 6]], np.int8)
    x = wnp.asarray(a)
    cases = [
        (wnp.add.reduce(x), np.add.reduce(a.astype(np.int64)), "int64"),
        (wnp.add.reduce(x, axis=1), np.add.reduce(a.astype(np.int64), axis=1), "int64"),
        (wnp.multiply.reduce(x, axis=None), np.multiply.reduce(a.astype(np.int64), axis=None),
         "int64"),
        (wnp.maximum.reduce(x, axis=1, keepdims=True), np.maximum.reduce(a, 1, keepdims=True),
         "int8"),
        (wnp.add.accumulate(x, axis=1), np.add.accumulate(a.astype(np.int64), axis=1), "int64"),
        (wnp.minimum.accumulate(x), np.minimum.accumulate(a), "int8"),
        (wnp.add.reduceat(x[0], [0, 2]), np.add.reduceat(a[0].astype(np.int64), [0, 2]),
         "int64"),
        (wnp.logical_and.reduce(x), np.logical_and.reduce(a), "bool"),
        (wnp.add.reduce(x, initial=10, where=wnp.asarray([True, False, True])),
         np.add.reduce(a.astype(np.int64), initial=10, where=[True, False, True]), "int64"),
    ]
    for got, want, dtype in cases:
        assert str(got.dtype) == dtype and not got.weak_type
        np.testing.assert_array_equal(np.asarray(got), want)
    bf = wnp.asarray([1.0, 3.0, 2.0], dtype=wnp.bfloat16)
    assert wnp.maximum.accumulate(bf).dtype == wnp.bfloat16
    with pytest.raises(TypeError, match="add.reduce: storing Python float"):
        wnp.add.reduce(x, initial=1.5)
    with pytest.raises(TypeError, match="equal turns int8 operands into bool"):
        wnp.equal.reduce(x)
    with pytest.raises(ValueError, match="sqrt.reduce: only supported for binary"):
        wnp.sqrt.reduce(x)
    out = wnp.zeros(3, dtype=wnp.int64)
    assert wnp.add.reduce(x, out=out) is out and out.tolist() == [5, 7, 9]


def test_outer_and_at():
    r = wnp.subtract.outer(I8, wnp.asarray([1, 2], dtype=wnp.int8))
    assert (str(r.dtype), r.tolist()) == ("int8", [[0, -1], [1, 0], [2, 1]])
    r = wnp.multiply.outer(I8, 1.5)
    assert (str(r.dtype), r.weak_type, r.shape) == ("float64", True, (3,))
    r = wnp.add.outer([1, 2], [10, 20, 30])
    assert r.tolist() == np.add.outer([1, 2], [10, 20, 30]).tolist()
    x = wnp.asarray([1, 2, 3], dtype=wnp.int8)
    assert wnp.add.at(x, [0, 0, 2], 1) is None and x.tolist() == [3, 2, 4]
    wnp.negative.at(x, [1])
    assert x.tolist() == [3, -2, 4]
    with pytest.raises(TypeError, match="add.at: storing Python float values into an int8"):
        wnp.add.at(x, [0], 1.5)
    with pytest.raises(TypeError, match="divide turns int8 into float32"):
        wnp.divide.at(x, [0], 2)
    assert x.tolist() == [3, -2, 4]


def test_numpy_ufunc_methods_on_weaknp_arrays_run_the_weaknp_ufunc():
    r = np.add.reduce(I8)
    assert (type(r), str(r.dtype), int(r)) == (wnp.Array, "int64", 6)
    out = wnp.zeros(3, dtype=wnp.int16)
    assert np.add(I8, 1, out=out) is out and out.tolist() == [2, 3, 4]
    r = np.cos(I8, dtype=np.float64)
    assert (str(r.dtype), r.tolist()) == ("float64", np.cos([1.0, 2.0, 3.0]).tolist())


def test_frompyfunc_is_a_ufunc():
    f = wnp.frompyfunc(lambda a, b: a * 10 + b, 2, 1)
    assert isinstance(f, wnp.ufunc) and (f.nin, f.nout) == (2, 1)
    assert f(wnp.asarray([1, 2]), 3).tolist() == [13, 23]
    with pytest.raises(TypeError, match="not available for a ufunc made by frompyfunc"):
        f.reduce(wnp.asarray([1, 2]))


def test_reduce_and_sum_are_one_body():
    x = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.uint8)
    for u, f in [(wnp.add, wnp.sum), (wnp.multiply, wnp.prod), (wnp.maximum, wnp.max),
                 (wnp.minimum, wnp.min), (wnp.logical_and, wnp.all), (wnp.logical_or, wnp.any)]:
        for axis in (0, 1, None):
            a, b = u.reduce(x, axis=axis), f(x, axis=axis)
            assert (a.dtype, a.tolist()) == (b.dtype, b.tolist()), (u, axis)
    assert wnp.add.accumulate(x, axis=1).tolist() == wnp.cumsum(x, axis=1).tolist()
    with pytest.raises(ValueError, match="maximum.reduce: the reduction of an empty array"):
        wnp.maximum.reduce(wnp.asarray([], dtype=wnp.int8))
    with pytest.raises(ValueError, match="add.accumulate: axis=None is not allowed"):
        wnp.add.accumulate(x, axis=None)


def test_multi_output_ufuncs_take_outs_positionally_or_as_a_tuple():
    x = wnp.asarray([7, -7], dtype=wnp.int16)
    q, r = wnp.zeros(2, dtype=wnp.int16), wnp.zeros(2, dtype=wnp.int16)
    assert wnp.divmod(x, 2, q, r) == (q, r)
    assert (q.tolist(), r.tolist()) == ([3, -4], [1, 1])
    wnp.divmod(x, 3, (q, r))
    assert (q.tolist(), r.tolist()) == ([2, -3], [1, 2])
    wnp.divmod(x, 4, out=(q, None))
    assert q.tolist() == [1, -2]
    params = list(inspect.signature(wnp.divmod).parameters)
    assert params[:3] == ["x1", "x2", "out"]
    with pytest.raises(OverflowError, match="divmod: value -350 is out of bounds for int8"):
        wnp.divmod(x * 100, 2, wnp.zeros(2, dtype=wnp.int8), r)   # -700 // 2 does not fit
    assert r.tolist() == [1, 2]  # nothing written when one output is refused
    with pytest.raises(TypeError, match="storing int16 values into a bool array"):
        wnp.divmod(x, 2, wnp.zeros(2, dtype=bool), r)   # same_kind: never across kinds
    assert r.tolist() == [1, 2]  # nothing written when one output is refused
