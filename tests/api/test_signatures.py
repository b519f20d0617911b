"""Issue 12: every function takes NumPy's arguments, with one signature and one body.

Literal expectations (values and dtypes written out), plus the equivalence of the three
doors to each function: ``weaknp.<f>(x, ...)``, ``x.<f>(...)`` and ``numpy.<f>(x, ...)``
(NEP 18) give the same dtype, weak flag and values, or the same exception type.
"""

import inspect

import numpy as np
import pytest

import weaknp as wnp

A = wnp.asarray([[3, 1, 2], [6, 5, 4]], dtype=wnp.int8)


def dv(x):
    """(dtype name, weak flag, values) of a weaknp result."""
    assert isinstance(x, wnp.Array), type(x)
    return str(x.dtype), x.weak_type, x.tolist()


# -- positional arguments (issue 12, cause 2) ----------------------------------------------

POSITIONAL = [
    ("sum(a, 0)", lambda: wnp.sum(A, 0), ("int64", False, [9, 6, 6])),
    ("mean(a, 1)", lambda: wnp.mean(A, 1), ("float32", False, [2.0, 5.0])),
    ("max(a, 1)", lambda: wnp.max(A, 1), ("int8", False, [3, 6])),
    ("prod(a, 0, int16)", lambda: wnp.prod(A, 0, wnp.int16), ("int16", False, [18, 5, 8])),
    ("std(a, None, None, None, 1)", lambda: wnp.std(wnp.asarray([1.0, 3.0]), None, None, None,
                                                  1), ("float64", False, 2 ** 0.5)),
    ("stack([a, b], 1)", lambda: wnp.stack([A[0], A[1]], 1),
     ("int8", False, [[3, 6], [1, 5], [2, 4]])),
    ("flip(a, 0)", lambda: wnp.flip(A, 0), ("int8", False, [[6, 5, 4], [3, 1, 2]])),
    ("roll(a, 1, 0)", lambda: wnp.roll(A, 1, 0), ("int8", False, [[6, 5, 4], [3, 1, 2]])),
    ("sort(a, 0)", lambda: wnp.sort(A, 0), ("int8", False, [[3, 1, 2], [6, 5, 4]])),
    ("argsort(a, 1)", lambda: wnp.argsort(A, 1), ("int64", False, [[1, 2, 0], [2, 1, 0]])),
    ("take(a, i, 1)", lambda: wnp.take(A, [0, 2], 1), ("int8", False, [[3, 2], [6, 4]])),
    ("diff(a, 1, 0)", lambda: wnp.diff(A, 1, 0), ("int8", False, [[3, 4, 2]])),
    ("tril(a, -1)", lambda: wnp.tril(A, -1), ("int8", False, [[0, 0, 0], [6, 0, 0]])),
    ("concat([a, a], 1)", lambda: wnp.concat([A[:, :1], A[:, :1]], 1),
     ("int8", False, [[3, 3], [6, 6]])),
    ("zeros((2, 3), np.float32)", lambda: wnp.zeros((1, 2), np.float32),
     ("float32", False, [[0.0, 0.0]])),
    ("ones(3, 'int8')", lambda: wnp.ones(3, "int8"), ("int8", False, [1, 1, 1])),
    ("full(s, 7, np.int8)", lambda: wnp.full(2, 7, np.int8), ("int8", False, [7, 7])),
    ("arange(0, 1, .25, np.float32)", lambda: wnp.arange(0, 1, 0.25, np.float32),
     ("float32", False, [0.0, 0.25, 0.5, 0.75])),
    ("asarray(x, np.float32)", lambda: wnp.asarray([1, 2], np.float32),
     ("float32", False, [1.0, 2.0])),
    ("eye(2, 3, 1, 'int8')", lambda: wnp.eye(2, 3, 1, "int8"),
     ("int8", False, [[0, 1, 0], [0, 0, 1]])),
    ("linspace(0, 1, 3, True, False, np.float32)",
     lambda: wnp.linspace(0, 1, 3, True, False, np.float32), ("float32", False, [0, .5, 1])),
    ("searchsorted([1, 3, 5], 4)", lambda: wnp.searchsorted([1, 3, 5], 4),
     ("int64", False, 2)),
    ("isin([1, 2], [2], False, True)", lambda: wnp.isin([1, 2], [2], False, True),
     ("bool", False, [True, False])),
    ("expand_dims(a, 0).shape", lambda: wnp.expand_dims(A[0], 0),
     ("int8", False, [[3, 1, 2]])),
    ("repeat(a, 2, 0)", lambda: wnp.repeat(A[:, 0], 2, 0), ("int8", False, [3, 3, 6, 6])),
    ("clip(a, 2, 5)", lambda: wnp.clip(A[0], 2, 5), ("int8", False, [3, 2, 2])),
    ("tensordot(a, b, 1)", lambda: wnp.tensordot(A[0], A[1], 1), ("int8", False, 31)),
    ("moveaxis(a, 0, 1)", lambda: wnp.moveaxis(A[:, :1], 0, 1), ("int8", False, [[3, 6]])),
    ("fft.fft(x, 2)", lambda: wnp.fft.fft(wnp.asarray([1.0, 2.0, 3.0]), 2),
     ("complex128", False, [3 + 0j, -1 + 0j])),
    ("fft.fftfreq(4, 0.5)", lambda: wnp.fft.fftfreq(4, 0.5),
     ("float64", False, [0.0, 0.5, -1.0, -0.5])),
]


@pytest.mark.parametrize("call, want", [p[1:] for p in POSITIONAL],
                         ids=[p[0] for p in POSITIONAL])
def test_numpy_positional_arguments(call, want):
    got = dv(call())
    assert got[:2] == want[:2]
    np.testing.assert_allclose(np.asarray(got[2], dtype=complex), np.asarray(want[2]),
                               rtol=1e-6)


# -- array-likes (cause 1): a list is a strong array of its leaves' join, a Python scalar
# is weak ---------------------------------------------------------------------------------

ARRAY_LIKES = [
    ("sqrt([1, 4, 9])", lambda: wnp.sqrt([1, 4, 9]), ("float64", False, [1.0, 2.0, 3.0])),
    ("mean([1, 2, 3])", lambda: wnp.mean([1, 2, 3]), ("float64", False, 2.0)),
    ("sum([1, 2])", lambda: wnp.sum([1, 2]), ("int64", False, 3)),
    ("prod(a.shape)", lambda: wnp.prod(A.shape), ("int64", False, 6)),
    ("maximum(a, [0, 9, 0])", lambda: wnp.maximum(A[0], [0, 9, 0]),
     ("int64", False, [3, 9, 2])),
    ("sum(range(4))", lambda: wnp.sum(range(4)), ("int64", False, 6)),
    ("argmax((1, 5, 2))", lambda: wnp.argmax((1, 5, 2)), ("int64", False, 1)),
    ("sort([3.0, 1.0])", lambda: wnp.sort([3.0, 1.0]), ("float64", False, [1.0, 3.0])),
    ("reshape([1, 2, 3, 4], (2, 2))", lambda: wnp.reshape([1, 2, 3, 4], (2, 2)),
     ("int64", False, [[1, 2], [3, 4]])),
    ("concat([[1], [2.5]])", lambda: wnp.concat([[1], [2.5]]), ("float64", False, [1., 2.5])),
    ("where([1, 0], 1, 0)", lambda: wnp.where([1, 0], 1, 0), ("int64", True, [1, 0])),
    ("linalg.inv([[2.0, 0], [0, 4]])", lambda: wnp.linalg.inv([[2.0, 0], [0, 4]]),
     ("float64", False, [[0.5, 0.0], [0.0, 0.25]])),
    ("matmul([[1, 2]], [[3], [4]])", lambda: wnp.matmul([[1, 2]], [[3], [4]]),
     ("int64", False, [[11]])),
    ("abs(np.int8(-3))", lambda: wnp.abs(np.int8(-3)), ("int8", False, 3)),
    ("negative(2.5)", lambda: wnp.negative(2.5), ("float64", True, -2.5)),
    ("a + [1, 1, 1]", lambda: A[0] + [1, 1, 1], ("int64", False, [4, 2, 3])),
    ("a == (3, 0, 2)", lambda: A[0] == (3, 0, 2), ("bool", False, [True, False, True])),
]


@pytest.mark.parametrize("call, want", [p[1:] for p in ARRAY_LIKES],
                         ids=[p[0] for p in ARRAY_LIKES])
def test_array_likes_are_converted_as_asarray(call, want):
    assert dv(call()) == want


# -- NumPy keywords (cause 3) ---------------------------------------------------------------

def test_out_is_written_with_the_rule_of_setitem_and_returned():
    o = wnp.zeros(3, wnp.int64)
    assert wnp.sum(A, 0, out=o) is o and dv(o) == ("int64", False, [9, 6, 6])
    f = wnp.zeros(2)  # an int64 sum stored into float64: the join is float64, allowed
    assert A.sum(1, out=f) is f and f.tolist() == [6.0, 15.0]
    n = np.zeros(2, np.float32)  # a NumPy array as out, as NumPy allows
    assert wnp.mean(A, 1, out=n) is n and n.tolist() == [2.0, 5.0]
    o8 = wnp.zeros(3, wnp.int8)
    # within a kind a store is range-checked, not refused (decision 70)
    assert wnp.sum(A, 0, out=o8) is o8 and dv(o8) == ("int8", False, [9, 6, 6])
    with pytest.raises(OverflowError, match="sum: value 900 is out of bounds for int8"):
        wnp.sum(A.astype("int16") * 100, 0, out=o8)
    assert o8.tolist() == [9, 6, 6]  # nothing written
    with pytest.raises(TypeError, match="mean: storing float32 values into an int8 array"):
        wnp.mean(A, 0, out=o8)     # 3.0, 2.0, 2.0 would fit but mean(A, 0) has 1.5
    assert o8.tolist() == [9, 6, 6]
    with pytest.raises(ValueError, match=r"max: out= has shape \(2,\), the result has shape"):
        wnp.max(A, 0, out=wnp.zeros(2, wnp.int8))
    c = wnp.zeros((2, 3), wnp.int8)
    assert wnp.cumsum(A, 1, wnp.int8, c) is c and c.tolist() == [[3, 4, 6], [6, 11, 15]]
    t = wnp.zeros((2, 2), wnp.int8)
    assert wnp.take(A, [0, 1], 1, t) is t and t.tolist() == [[3, 1], [6, 5]]


def test_where_and_initial_on_reductions():
    m = [[True, False, True], [False, True, True]]
    assert dv(wnp.sum(A, where=m)) == ("int64", False, 14)
    assert dv(wnp.sum(A, initial=10)) == ("int64", False, 31)
    assert dv(wnp.max(A, 1, initial=5)) == ("int8", False, [5, 6])
    assert dv(wnp.min(wnp.asarray([], dtype=wnp.int8), initial=7)) == ("int8", False, 7)
    assert dv(wnp.mean(A, 0, where=m)) == ("float32", False, [3.0, 5.0, 3.0])
    assert dv(wnp.all(A > 2, 1, where=m)) == ("bool", False, [False, True])
    with pytest.raises(TypeError, match="sum: storing Python float values into an int64"):
        wnp.sum(A, initial=0.5)
    with pytest.raises(TypeError, match="sum: where= must be a bool array, got int64"):
        wnp.sum(A, where=[1, 0, 1])
    with pytest.raises(ValueError, match="max: the reduction of an empty array"):
        wnp.max(wnp.zeros((0, 2)))


def test_order_kind_and_numpy_keywords():
    assert wnp.zeros((2, 3), order="F")._data.flags.f_contiguous
    assert wnp.asarray(A, order="F")._data.flags.f_contiguous
    assert wnp.reshape(A, (3, 2), order="F").tolist() == [[3, 5], [6, 2], [1, 4]]
    assert wnp.ravel(A, "F").tolist() == [3, 6, 1, 5, 2, 4]
    assert A.copy("F")._data.flags.f_contiguous
    assert wnp.sort(A, kind="heapsort").tolist() == [[1, 2, 3], [4, 5, 6]]
    with pytest.raises(ValueError, match="sort: unknown sort kind 'fast'"):
        wnp.sort(A, kind="fast")
    with pytest.raises(ValueError, match="zeros: order must be 'C' or 'F', got 'Q'"):
        wnp.zeros(2, order="Q")
    r, step = wnp.linspace(0, 1, 5, retstep=True)
    assert step == 0.25 and r.tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert dv(wnp.linspace(start=0, stop=2, num=3)) == ("float64", False, [0.0, 1.0, 2.0])
    gx, gy = wnp.meshgrid([1, 2], [3, 4, 5], sparse=True)
    assert gx.shape == (1, 2) and gy.shape == (3, 1)
    assert dv(wnp.std(A, dtype=wnp.float64)) == ("float64", False, pytest.approx(1.7078251))
    assert dv(wnp.var(wnp.asarray([1.0, 3.0]), ddof=1)) == ("float64", False, 2.0)
    assert dv(wnp.var(wnp.asarray([1.0, 3.0]), correction=1)) == ("float64", False, 2.0)
    with pytest.raises(ValueError, match="var: ddof=1 and correction=0 disagree"):
        wnp.var(A, ddof=1, correction=0)
    assert dv(wnp.clip(A[0], a_min=2, a_max=2)) == ("int8", False, [2, 2, 2])


# -- NumPy's defaults where the standard leaves room (cause 4) ------------------------------

def test_numpy_defaults():
    assert [r.tolist() for r in wnp.where(A > 4)] == [[1, 1], [0, 1]]  # one argument
    assert wnp.squeeze(wnp.zeros((1, 2, 1))).shape == (2,)
    assert wnp.linspace(-10, 10).shape == (50,)
    assert A[0].T.tolist() == [3, 1, 2] and wnp.zeros((2, 3, 4)).T.shape == (4, 3, 2)
    assert dv(wnp.where(wnp.asarray([0.0, 2.5]), 1, 0)) == ("int64", True, [0, 1])
    assert dv(wnp.einsum(wnp.eye(3), [0, 0])) == ("float64", False, 3.0)  # operand lists
    assert dv(wnp.einsum(A, [0, 1], [1, 0])) == ("int8", False, [[3, 6], [1, 5], [2, 4]])
    assert dv(wnp.diff(A, 2)) == ("int8", False, [[3], [0]])
    assert wnp.take(A, 4).tolist() == 5  # NumPy: axis=None takes from the flattened array
    assert wnp.permute_dims(A).shape == (3, 2)
    assert wnp.sort(A, None).tolist() == [1, 2, 3, 4, 5, 6]
    assert wnp.result_type(3.0, -2) == np.dtype("float64")
    assert dv(wnp.full((2, 2), [1, 2])) == ("int64", False, [[1, 2], [1, 2]])
    x = wnp.asarray([1.0])
    assert wnp.asarray(x) is x and wnp.atleast_1d(x) is x


# -- issue 11 items of this issue ------------------------------------------------------------

def test_issue_11_items():
    with pytest.raises(TypeError, match="sum: axis must be an int or a tuple of ints, got "
                                        "bool True"):
        wnp.sum(A, axis=True)
    with pytest.raises(TypeError, match="axis must be an int"):
        A.sum(True)
    x = wnp.asarray([100, 100, 100], dtype=wnp.int8)
    assert dv(x.mean(dtype=wnp.int8)) == dv(wnp.mean(x, dtype=wnp.int8))
    assert dv(np.mean(x, dtype=np.int8)) == dv(wnp.mean(x, dtype=wnp.int8))
    r = wnp.argmax(wnp.zeros((0, 4)), axis=-1)
    assert (r.shape, str(r.dtype)) == ((0,), "int64")
    with pytest.raises(ValueError, match="argmax: attempt to get argmax of an empty sequence"):
        wnp.argmax(wnp.zeros((0, 4)), axis=0)
    with pytest.raises(ValueError, match="argmax"):
        wnp.argmax(wnp.zeros((0, 4)))
    # wnp.max(x, axis=5) and wnp.amax(x, axis=5) raise the same error (one core)
    errors = []
    for f in (lambda: wnp.max(A, axis=5), lambda: wnp.amax(A, axis=5), lambda: A.max(5),
              lambda: np.max(A, axis=5)):
        with pytest.raises(np.exceptions.AxisError) as e:
            f()
        errors.append(str(e.value).replace("amax", "max"))
    assert len(set(errors)) == 1


# -- one body: function, method and numpy.<f> agree --------------------------------------------

F = wnp.asarray([[1.5, -2.0, 0.25], [4.0, 0.5, -1.0]], dtype=wnp.float32)
DOORS = [
    ("sum", (1,), {}), ("sum", (), {"dtype": wnp.float64}), ("prod", (0,), {}),
    ("mean", (None, wnp.float64), {}), ("var", (1,), {"ddof": 1}), ("std", (0,), {}),
    ("max", (1,), {"keepdims": True}), ("min", (), {"initial": -5.0}),
    ("argmax", (1,), {}), ("argmin", (), {}), ("cumsum", (1,), {}), ("cumprod", (0,), {}),
    ("all", (0,), {}), ("any", (1,), {}), ("clip", (0, 1), {}), ("round", (1,), {}),
    ("ravel", (), {}), ("squeeze", (), {}), ("swapaxes", (0, 1), {}), ("argsort", (1,), {}),
    ("nonzero", (), {}), ("repeat", (2,), {"axis": 0}), ("take", ([0, 2],), {"axis": 1}),
    ("trace", (), {}), ("diagonal", (), {}), ("ptp", (1,), {}), ("searchsorted", (1.0,), {}),
]


@pytest.mark.parametrize("name, args, kwargs", DOORS,
                         ids=[f"{d[0]}{d[1]}{d[2] or ''}" for d in DOORS])
def test_function_method_and_numpy_are_one_body(name, args, kwargs):
    x = F.reshape(-1) if name == "searchsorted" else F
    if name == "searchsorted":
        x = wnp.sort(x)
    results = [getattr(wnp, name)(x, *args, **kwargs), getattr(x, name)(*args, **kwargs),
               getattr(np, name)(x, *args, **kwargs)]
    flat = [r if isinstance(r, tuple) else (r,) for r in results]
    first = [dv(r) for r in flat[0]]
    for other in flat[1:]:
        assert [dv(r) for r in other] == first


def test_array_methods_are_the_namespace_functions():
    # x.sum is weaknp.sum bound to x (one signature, one body), as a Python method is
    # its function bound to self
    for name in ("sum", "mean", "max", "argmax", "cumsum", "all", "clip", "take", "trace"):
        assert getattr(wnp.Array, name) is getattr(wnp, name), name
        assert getattr(F, name).__func__ is getattr(wnp, name), name
        assert getattr(F, name).__self__ is F, name


def test_array_function_is_a_lookup_and_a_call():
    from weaknp._array import interop as _interop

    src = inspect.getsource(_interop._array_function)
    assert "target(*args, **kwargs)" in src and "bind" not in src
    assert not hasattr(_interop, "_Plan") and not hasattr(_interop, "_RENAMES")


# -- the reduction core's planned common path equals its general path ------------------------

CORE_DTYPES = ["bool", "int8", "uint16", "int64", "float16", "bfloat16", "float32",
               "complex64", "int4"]
CORE_FUNCTIONS = ["sum", "prod", "max", "min", "amax", "all", "any", "mean"]


@pytest.mark.parametrize("function", CORE_FUNCTIONS)
@pytest.mark.parametrize("dt", CORE_DTYPES)
def test_planned_path_equals_general_path(function, dt):
    from weaknp._api import reduce as _reduce

    x = wnp.asarray([[1, 0, 3], [2, 1, 1]]).astype(dt)
    for axis, dtype in ((None, None), (0, None), (1, None), (None, "float32")):
        if dtype is not None and function in ("max", "min", "amax", "all", "any"):
            continue
        args = (function, x, axis, dtype, None, False)
        if dtype is not None and dt.startswith("complex"):
            for path in (lambda: _reduce.reduction(*args),
                         lambda: _reduce._reduction(*args, _reduce.NOVALUE, True, {})):
                with pytest.raises(TypeError, match="would drop the imaginary part"):
                    path()
            continue
        fast = _reduce.reduction(*args)
        slow = _reduce._reduction(*args, _reduce.NOVALUE, True, {})
        assert dv(fast) == dv(slow), (function, dt, axis, dtype)


def test_ufunc_reduce_and_accumulate_use_the_reduction_core():
    # np.add.reduce is sum with NumPy's axis=0 default; errors name the NumPy call
    assert dv(np.add.reduce(A)) == dv(wnp.sum(A, 0)) == ("int64", False, [9, 6, 6])
    assert dv(np.maximum.reduce(A, axis=1)) == dv(wnp.max(A, 1))
    assert dv(np.logical_or.reduce(A > 4, axis=None)) == ("bool", False, True)
    assert dv(np.add.accumulate(A, axis=1)) == dv(wnp.cumsum(A, 1))
    o = wnp.zeros(2, wnp.int8)
    assert np.minimum.reduce(A, axis=1, out=o) is o and o.tolist() == [1, 4]
    with pytest.raises(TypeError, match="add.reduce: storing Python float"):
        np.add.reduce(A, initial=0.5)


def test_broadcast_arrays_passes_non_numeric_arguments_as_numpy_does():
    a, h = wnp.broadcast_arrays(wnp.asarray([1, 2], dtype=wnp.int8), None)  # matplotlib's bar
    assert dv(a) == ("int8", False, [1, 2])
    assert type(h) is np.ndarray and h.dtype == object and h.tolist() == [None, None]
    with pytest.raises(ValueError, match="broadcast_arrays: shapes"):
        wnp.broadcast_arrays(wnp.zeros(2), wnp.zeros(3))
