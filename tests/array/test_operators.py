"""Operators: forward, reflected, in-place, foreign types, Python scalars and overflow,
NumPy interop, conversions, indexing, pickling, the promotion mode switch."""

import asyncio
import copy
import os
import pickle
import subprocess
import sys
import threading

import numpy as np
import pytest
from support import same_array

import weaknp as wnp


def arr(values, dtype):
    return wnp.asarray(values, dtype=dtype)


# -- forward and reflected ---------------------------------------------------------------

@pytest.mark.parametrize("expr, values, dtype, weak", [
    ("x + 2", [3, 4], "int8", False),
    ("2 + x", [3, 4], "int8", False),
    ("x - 1", [0, 1], "int8", False),
    ("10 - x", [9, 8], "int8", False),
    ("x * 3", [3, 6], "int8", False),
    ("x / 2", [0.5, 1.0], "float32", False),
    ("2 / x", [2.0, 1.0], "float32", False),
    ("x // 2", [0, 1], "int8", False),
    ("7 // x", [7, 3], "int8", False),
    ("x % 2", [1, 0], "int8", False),
    ("x ** 2", [1, 4], "int8", False),
    ("2 ** x", [2, 4], "int8", False),
    ("x & 3", [1, 2], "int8", False),
    ("x | 4", [5, 6], "int8", False),
    ("x ^ 1", [0, 3], "int8", False),
    ("x << 1", [2, 4], "int8", False),
    ("x >> 1", [0, 1], "int8", False),
    ("1 << x", [2, 4], "int8", False),
    ("x + 1.5", [2.5, 3.5], "float64", True),
    ("1.5 + x", [2.5, 3.5], "float64", True),
    ("x * 1j", [1j, 2j], "complex128", True),
    ("-x", [-1, -2], "int8", False),
    ("+x", [1, 2], "int8", False),
    ("~x", [-2, -3], "int8", False),
    ("abs(-x)", [1, 2], "int8", False),
    ("x == 2", [False, True], "bool", False),
    ("x != 2", [True, False], "bool", False),
    ("x < 2", [True, False], "bool", False),
    ("x <= 1", [True, False], "bool", False),
    ("x > 1", [False, True], "bool", False),
    ("x >= 2", [False, True], "bool", False),
    ("2 > x", [True, False], "bool", False),
    ("x + True", [2, 3], "int8", False),
])
def test_int8_operators(expr, values, dtype, weak):
    x = arr([1, 2], "int8")
    same_array(eval(expr), values, dtype, weak)


def test_float16_and_bfloat16_stay_narrow():
    same_array(arr([1, 2], "float16") * 0.5, [0.5, 1.0], "float16")
    b = arr([1.5, 2.0], wnp.bfloat16)
    r = b + 1.5
    assert r.dtype == wnp.bfloat16 and not r.weak_type
    np.testing.assert_array_equal(np.asarray(r).astype(np.float32), [3.0, 3.5])


def test_array_array_join():
    same_array(arr([1], "int8") + arr([1], "uint8"), [2], "int16")
    same_array(arr([1], "int32") + arr([1], "float32"), [2], "float32")
    same_array(arr([1], "uint64") + arr([1], "int64"), [2], "float64", weak=True)
    same_array(arr([1], "bfloat16") + arr([1], "float16"), [2], "float32")


def test_matmul():
    a = arr([[1, 2], [3, 4]], "int8")
    same_array(a @ a, [[7, 10], [15, 22]], "int8")
    same_array(a @ arr([1.0, 1.0], "float32"), [3, 7], "float32")
    same_array(np.ones((2, 2), np.int16) @ a, [[4, 6], [4, 6]], "int16")
    with pytest.raises(TypeError):
        a @ 2


# -- in-place ----------------------------------------------------------------------------

def test_inplace_mutates_buffer():
    x = arr([1, 2], "int8")
    data = np.asarray(x)
    y = x
    x += 1
    assert x is y
    same_array(x, [2, 3], "int8")
    assert data[0] == 2  # the same buffer
    x *= arr([2, 2], "int8")
    same_array(x, [4, 6], "int8")


def test_inplace_refuses_dtype_change():
    x = arr([1, 2], "int8")
    with pytest.raises(TypeError, match=r"add \(in-place\).*float64.*int8"):
        x += 1.5
    with pytest.raises(TypeError, match="int16"):
        x += arr([1, 1], "int16")
    with pytest.raises(TypeError, match="float32"):
        x /= 2
    same_array(x, [1, 2], "int8")


def test_inplace_overflow_and_broadcast():
    x = arr([1, 2], "int8")
    with pytest.raises(OverflowError, match="1000.*int8"):
        x += 1000
    with pytest.raises(ValueError, match="broadcast"):
        x += arr([[1, 1], [1, 1]], "int8")


# -- foreign types -----------------------------------------------------------------------

@pytest.mark.parametrize("other", [object(), "a", None])
def test_foreign_operands_raise_type_error(other):
    x = arr([1, 2], "int8")
    with pytest.raises(TypeError):
        x + other
    with pytest.raises(TypeError):
        other + x
    if isinstance(other, str):   # a string operand: NumPy's rules, which have no loop
        with pytest.raises(TypeError, match="add: NumPy defines no add for int8 and string"):
            x.__add__(other)
    else:
        assert x.__add__(other) is NotImplemented


def test_list_operands_are_arrays_as_numpy_reads_them():
    x = arr([1, 2], "int8")
    r = x + [1, 2]  # a list is a strong int64 array (asarray's rule), as in NumPy
    assert r.dtype == wnp.int64 and r.tolist() == [2, 4]
    assert ([10, 20] - x).tolist() == [9, 18]
    assert (x == [1, 3]).tolist() == [True, False]
    assert (x < (2, 2)).tolist() == [True, False]


def test_numpy_operands_are_strong():
    x = arr([1, 2], "int8")
    same_array(x + np.int16(1), [2, 3], "int16")
    same_array(x + np.array([1, 1], np.int32), [2, 3], "int32")
    same_array(np.array([1, 1], np.int32) + x, [2, 3], "int32")   # ndarray + Array
    same_array(np.float16(1) * x, [1, 2], "float16")
    same_array(np.add(x, 1), [2, 3], "int8")                    # a NumPy ufunc on an Array
    same_array(np.array([1.0], np.float32) + arr([1], "int64"), [2], "float32")


# -- Python scalars that do not fit -----------------------------------------------------

def test_out_of_range_ints_raise():
    with pytest.raises(OverflowError, match=r"1000.*int8"):
        arr([1, 2], "int8") + 1000
    with pytest.raises(OverflowError, match=r"-1.*uint8"):
        arr([1, 2], "uint8") + -1
    with pytest.raises(OverflowError):
        wnp.maximum(arr([1, 2], "uint8"), -1)
    with pytest.raises(OverflowError):
        arr([1], "uint64") + 2**64


def test_comparisons_with_out_of_range_ints_are_right():
    x = arr([1, -2], "int8")
    same_array(x < 1000, [True, True], "bool")
    same_array(x > 1000, [False, False], "bool")
    same_array(x == 1000, [False, False], "bool")
    same_array(x != 1000, [True, True], "bool")
    same_array(x >= -1000, [True, True], "bool")
    same_array(1000 > x, [True, True], "bool")
    same_array(arr([255, 1], "uint8") == -1, [False, False], "bool")


def test_two_python_scalars_join_at_the_weak_nodes():
    """As jax.numpy (0.10.2, x64): divide(1, 2) is Array(0.5, dtype=float64, weak_type=True),
    add(1, 2) a weak int64, comparisons strong bool (JAX leaks a weak flag there)."""
    same_array(wnp.divide(1, 2), 0.5, "float64", weak=True)
    same_array(wnp.add(1, 2), 3, "int64", weak=True)
    same_array(wnp.multiply(2, 1.5), 3.0, "float64", weak=True)
    same_array(wnp.add(1, 1j), 1 + 1j, "complex128", weak=True)
    same_array(wnp.less(1, 2.0), True, "bool")
    with pytest.raises(OverflowError, match="int64"):
        wnp.add(2**63, 1)


def test_float_overflow_to_inf_without_warning():
    # pytest runs with filterwarnings=error: any leaked NumPy warning fails this test.
    same_array(arr([1, 2], "float16") + 1e6, [np.inf, np.inf], "float16")
    same_array(arr([1, 2], "float16") + 70000, [np.inf, np.inf], "float16")
    same_array(arr([1, 2], "float32") + 1e300, [np.inf, np.inf], "float32")


# -- repr, conversions, protocols --------------------------------------------------------

def test_repr_like_jax():
    assert repr(arr([1, 2], "int8")) == "Array([1, 2], dtype=int8)"
    assert repr(wnp.asarray(2.0)) == "Array(2., dtype=float64, weak_type=True)"
    assert repr(wnp.asarray(True)) == "Array(True, dtype=bool)"
    assert repr(arr([1.5], wnp.bfloat16)) == "Array([1.5], dtype=bfloat16)"


def test_constructor_is_guarded():
    with pytest.raises(TypeError, match="asarray"):
        wnp.Array([1, 2])


def test_scalar_conversions():
    assert bool(wnp.asarray(True)) is True
    assert int(arr(7, "int8")) == 7
    assert float(arr(1.5, "float32")) == 1.5
    assert complex(arr(1j, "complex64")) == 1j
    assert [10, 20, 30][arr(1, "int64")] == 20
    with pytest.raises(TypeError):
        [1][arr(0.0, "float32")]
    with pytest.raises(ValueError, match=r"more than one element is ambiguous. Use "
                                         r"a.any\(\) or a.all\(\)"):
        bool(arr([1, 2], "int8"))   # NumPy's error and wording
    with pytest.raises(ValueError, match="empty array is ambiguous"):
        bool(arr([], "int8"))
    with pytest.raises(TypeError):
        float(arr(1j, "complex64"))


def test_hash_disabled_and_len_iter():
    x = arr([[1, 2], [3, 4]], "int8")
    with pytest.raises(TypeError):
        hash(x)
    assert len(x) == 2
    rows = list(x)
    same_array(rows[1], [3, 4], "int8")
    with pytest.raises(TypeError):
        len(wnp.asarray(1))


def test_pickle_and_copy_keep_weak_flag():
    w = wnp.asarray(2.5)
    for clone in (pickle.loads(pickle.dumps(w)), copy.copy(w), copy.deepcopy(w)):
        same_array(clone, 2.5, "float64", weak=True)
    s = pickle.loads(pickle.dumps(arr([1, 2], wnp.bfloat16)))
    assert s.dtype == wnp.bfloat16 and not s.weak_type


def test_array_protocol_and_namespace():
    x = arr([1, 2], "int8")
    a = np.asarray(x)
    assert a.dtype == np.int8 and isinstance(a, np.ndarray)
    assert np.asarray(x, dtype=np.float32).dtype == np.float32
    assert x.__array_namespace__() is wnp
    assert x.__array_namespace__(api_version="2023.12") is wnp
    with pytest.raises(ValueError, match="api_version"):
        x.__array_namespace__(api_version="2020.01")


def test_attributes():
    x = arr([[1, 2, 3], [4, 5, 6]], "int16")
    assert x.shape == (2, 3) and x.ndim == 2 and x.size == 6
    assert x.device == wnp.asarray(1).device
    same_array(x.T, [[1, 4], [2, 5], [3, 6]], "int16")
    same_array(x.mT, [[1, 4], [2, 5], [3, 6]], "int16")


# -- indexing ----------------------------------------------------------------------------

def test_getitem_keeps_dtype_and_weak_flag():
    x = arr([[1, 2], [3, 4]], "int8")
    same_array(x[0], [1, 2], "int8")
    same_array(x[1, 0], 3, "int8")
    assert x[1, 0].shape == ()
    same_array(x[:, 1], [2, 4], "int8")
    same_array(x[x > 1], [2, 3, 4], "int8")
    same_array(x[arr([1, 0], "int64")], [[3, 4], [1, 2]], "int8")
    same_array(x[None, 0], [[1, 2]], "int8")
    w = wnp.full(3, 1.5)
    assert w[0].weak_type and w[1:].weak_type


def test_setitem_checks_scalars_like_operands():
    x = arr([1, 2, 3], "int8")
    x[0] = 9
    x[x == 2] = arr(7, "int8")
    x[arr([2], "int64")] = np.int8(5)
    same_array(x, [9, 7, 5], "int8")
    with pytest.raises(OverflowError, match="1000.*int8"):
        x[0] = 1000
    with pytest.raises(TypeError) as e:
        x[0] = 1.5
    assert str(e.value) == (
        "__setitem__: storing Python float values into an int8 array would change their "
        "dtype; convert them explicitly first, e.g. wnp.asarray(value).astype('int8')")
    x[0] = arr(1, "int16")   # within a kind: range-checked (decision 70)
    x[1] = arr(2.0, "float32")   # across kinds: exact
    same_array(x, [1, 2, 5], "int8")
    with pytest.raises(OverflowError, match=r"__setitem__: value 1000 is out of bounds for int8"):
        x[0] = arr(1000, "int16")
    with pytest.raises(TypeError, match=r"storing float32 values into an int8 array .* "
                                        r"e\.g\. value\.astype\('int8'\)$"):
        x[0] = arr(1.5, "float32")
    with pytest.raises(TypeError, match=r"into a uint8 array"):
        arr([1], "uint8")[0] = -1.5
    with pytest.raises(TypeError, match=r"list whose values join to float64 into an int8 "):
        x[:2] = [1, 2.5]


# -- the promotion mode ------------------------------------------------------------------

def test_mode_context_manager_and_decorator():
    x, y = arr([1], "int8"), arr([1], "uint8")
    with wnp.promotion_mode("strict"):
        with pytest.raises(wnp.TypePromotionError, match="strict"):
            x + y
        same_array(x + 1, [2], "int8")
    same_array(x + y, [2], "int16")

    @wnp.promotion_mode("strict")
    def f():
        return x + y

    with pytest.raises(wnp.TypePromotionError):
        f()
    with pytest.raises(ValueError, match="unknown promotion mode"):
        wnp.promotion_mode("lax")


def test_mode_is_per_thread():
    x, y = arr([1], "int8"), arr([1], "uint8")
    seen = {}
    ready = threading.Event()
    done = threading.Event()

    def worker():
        with wnp.promotion_mode("strict"):
            ready.set()
            done.wait(5)
            try:
                x + y
                seen["strict"] = "no error"
            except wnp.TypePromotionError:
                seen["strict"] = "error"

    t = threading.Thread(target=worker)
    t.start()
    ready.wait(5)
    seen["main"] = (x + y).dtype  # the main thread stays in the standard mode
    done.set()
    t.join()
    assert seen == {"strict": "error", "main": np.dtype("int16")}


def test_mode_is_per_async_task():
    x, y = arr([1], "int8"), arr([1], "uint8")

    async def strict():
        with wnp.promotion_mode("strict"):
            await asyncio.sleep(0.01)
            try:
                x + y
                return "no error"
            except wnp.TypePromotionError:
                return "error"

    async def standard():
        await asyncio.sleep(0.005)
        return (x + y).dtype

    async def main():
        return await asyncio.gather(strict(), standard())

    assert asyncio.run(main()) == ["error", np.dtype("int16")]


def test_environment_default_is_validated():
    env = dict(os.environ, WEAKNP_PROMOTION="strict")
    out = subprocess.run([sys.executable, "-c",
                          "import weaknp as w; x=w.asarray([1], dtype=w.int8)\n"
                          "try:\n  x + w.asarray([1], dtype=w.uint8); print('no error')\n"
                          "except w.TypePromotionError: print('strict')"],
                         env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "strict"
    env["WEAKNP_PROMOTION"] = "bogus"
    bad = subprocess.run([sys.executable, "-c", "import weaknp"], env=env,
                         capture_output=True, text=True)
    assert bad.returncode != 0
    assert "WEAKNP_PROMOTION" in bad.stderr and "bogus" in bad.stderr


# -- how the fast paths spell the pinned loop ----------------------------------------------

@pytest.mark.parametrize("ufunc, operands, sig, unsafe, expected", [
    # NumPy's own resolution already gives the loop: no keyword at all
    (np.add, ("float32", int), ("float32",) * 3, False, (0, None)),
    (np.add, ("int16", "uint32"), ("int64",) * 3, False, (0, None)),
    (np.less, ("int32", float), ("float64", "float64", "bool"), False, (0, None)),
    # NumPy would widen (int32 + float32 is float64 there): dtype= pins the loop
    (np.add, ("int32", "float32"), ("float32",) * 3, False, (1, "float32")),
    (np.add, ("int8", "int8"), ("int16",) * 3, False, (1, "int16")),
    # only the full signature gives the loop (a bool output cannot pin float32 inputs)
    (np.less, ("float64", "float64"), ("float32", "float32", "bool"), False,
     (2, ("float32", "float32", "bool"))),
    (np.add, ("int64", "uint8"), ("uint8",) * 3, True, (3, ("uint8",) * 3)),
])
def test_call_code_picks_the_cheapest_confirmed_spelling(ufunc, operands, sig, unsafe,
                                                         expected):
    from weaknp._core import plans as K  # noqa: PLC0415 - the plans module's private helper

    def dt(x):
        return x if x in (int, float) else np.dtype(x)

    code, arg = K.call_code(ufunc, tuple(dt(o) for o in operands),
                            tuple(np.dtype(t) for t in sig), unsafe)
    want_code, want_arg = expected
    assert code == want_code
    if isinstance(want_arg, tuple):
        assert arg == tuple(np.dtype(t) for t in want_arg)
    else:
        assert arg == (None if want_arg is None else np.dtype(want_arg))
