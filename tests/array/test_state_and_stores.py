"""Issue 11 (state, stores, creation) and issue 15 item 2: every reproduction of the issue
as a literal regression test.

- weak arrays stored anywhere behave like the Python scalars they hold (no wrap);
- NumPy scalars stored like the Python scalar they equal (``x[0] = np.float64(0.0)``);
- integer ``dtype=`` in creation never wraps;
- ``x[i]`` is an independent value; ``iter`` of a 0-d array raises at once;
- a failing in-place op / store changes nothing (byte-identical);
- one ``promotion_mode`` object shared by threads and asyncio tasks;
- ``wnp.real``/``wnp.imag`` copies, ``x.real``/``x.imag`` views; ``Lattice.join`` with a
  Python bool; ``partition(kind=)``;
- errors name the function (creation shapes, broadcasting, repeated axes, NaN into ints,
  ``from_dlpack``); degenerate means/variances give the standard's NaN without a warning.

Expected values are written literally.
"""

import asyncio
import threading

import numpy as np
import pytest
from support import same_array

import weaknp as wnp
from weaknp._core.config import get_mode
from weaknp._core.lattice import BUILTIN


def i8(values):
    return wnp.asarray(values, dtype=wnp.int8)


# ---------------------------------------------------------------------------------------
# Item 2 (store paths): a weak array is stored like the Python scalars it holds.

def _setitem(x, v):
    x[:] = v
    return x


def _fill(x, v):
    x.fill(v)
    return x


def _put(x, v):
    wnp.put(x, [0, 1], v)
    return x


def _copyto(x, v):
    wnp.copyto(x, v)
    return x


def _place(x, v):
    wnp.place(x, wnp.asarray([True, True]), v)
    return x


def _putmask(x, v):
    wnp.putmask(x, wnp.asarray([True, True]), v)
    return x


def _iadd(x, v):
    x += v
    return x


#: name -> (store into the int8 array [1, 2] (or build from it), takes n-d values)
STORES = {
    "x[:] = v": (_setitem, True),
    "x.fill(v)": (_fill, False),
    "put": (_put, True),
    "copyto": (_copyto, True),
    "place": (_place, True),
    "putmask": (_putmask, True),
    "x += v": (_iadd, True),
    "full": (lambda x, v: wnp.full(2, v, dtype=wnp.int8), False),
    "full_like": (lambda x, v: wnp.full_like(x, v), False),
    "stack": (lambda x, v: wnp.stack([x, v if v.ndim else wnp.full(2, v)]), True),
    "concat": (lambda x, v: wnp.concat([x, v if v.ndim else v[None]]), True),
    "insert": (lambda x, v: wnp.insert(x, 1, v), False),
}

def _weak_1_128():
    v = wnp.full(2, 128)
    v[0] = 1
    return v


WEAK_OUT_OF_RANGE = {
    "0-d 1000": lambda: wnp.asarray(1000),
    "n-d 1000": lambda: wnp.full(2, 1000),
    "0-d -129": lambda: wnp.asarray(-129),
    "n-d [1, 128]": _weak_1_128,
}
WEAK_CASES = [(store, value) for store, (_, nd) in STORES.items()
              for value in WEAK_OUT_OF_RANGE if nd or value.startswith("0-d")]


@pytest.mark.parametrize("store, value", WEAK_CASES, ids=str)
def test_weak_array_out_of_range_raises_everywhere(store, value):
    fn, _ = STORES[store]
    v = WEAK_OUT_OF_RANGE[value]()
    assert v.weak_type
    x = i8([1, 2])
    with pytest.raises(OverflowError, match=r"out of bounds for int8 \(range -128\.\.127\)"):
        fn(x, v)
    same_array(x, [1, 2], np.int8)


@pytest.mark.parametrize("store", list(STORES), ids=str)
def test_weak_array_in_range_is_stored(store):
    fn, _ = STORES[store]
    r = fn(i8([1, 2]), wnp.asarray(100))
    want = {"stack": [[1, 2], [100, 100]], "concat": [1, 2, 100], "insert": [1, 100, 2],
            "x += v": [101, 102]}.get(store, [100, 100])
    same_array(r, want, np.int8)
    assert not r.weak_type


def test_weak_array_literal_reproductions():
    x = i8([1, 2])
    with pytest.raises(OverflowError, match="__setitem__: weak int array value 1000"):
        x[:] = wnp.asarray(1000)
    with pytest.raises(OverflowError, match="full: weak int array value 1000"):
        wnp.full(2, wnp.asarray(1000), dtype=wnp.int8)
    with pytest.raises(OverflowError, match="full_like: weak int array value 1000"):
        wnp.full_like(x, wnp.asarray(1000))
    with pytest.raises(OverflowError, match="stack: weak int array value 1000"):
        wnp.stack([i8(1), wnp.asarray(1000)])
    with pytest.raises(OverflowError, match="concat: weak int array value 1000"):
        wnp.concat([x, wnp.full(1, 1000)])
    with pytest.raises(OverflowError, match="put: weak int array value 1000"):
        wnp.put(x, [0], wnp.asarray(1000))
    with pytest.raises(OverflowError, match="insert: weak int array value 1000"):
        wnp.insert(x, 1, wnp.asarray(1000))
    with pytest.raises(OverflowError, match="fill: weak int array value 1000"):
        x.fill(wnp.asarray(1000))
    with pytest.raises(OverflowError, match="weak int array value -1 is out of bounds for "
                                            "uint8"):
        wnp.asarray([1, 2], dtype=wnp.uint8)[:] = wnp.asarray(-1)
    with pytest.raises(OverflowError, match="implicit_cast: weak int array value 1000"):
        wnp.implicit_cast(x, wnp.asarray(1000))
    same_array(x, [1, 2], np.int8)


def test_weak_float_beyond_range_is_inf_quietly_as_a_python_float():
    y = wnp.asarray([1, 2], dtype=wnp.float16)
    y[:] = wnp.asarray(1e6)          # as y[:] = 1e6: inf, no NumPy cast warning
    same_array(y, [np.inf, np.inf], np.float16)
    y[:] = wnp.full(2, -1e6)
    same_array(y, [-np.inf, -np.inf], np.float16)
    same_array(wnp.full(2, wnp.asarray(1e6), dtype=wnp.float16), [np.inf, np.inf], np.float16)


# ---------------------------------------------------------------------------------------
# Issue 15 item 2: NumPy scalars are stored like the Python scalar they equal.

def test_numpy_float64_into_float32_issue_15():
    x = wnp.asarray([1., 2.], dtype=wnp.float32)
    x[0] = np.float64(0.0)
    same_array(x, [0.0, 2.0], np.float32)
    result = wnp.asarray([0.5, 0.25, 0.75], dtype=wnp.float32)
    mask = wnp.asarray([True, False, True])
    result[mask] = np.float64(0.0)       # scikit-learn's precision_score
    same_array(result, [0.0, 0.25, 0.0], np.float32)


@pytest.mark.parametrize("dtype, value, want", [
    (wnp.float32, np.float64(0.1), [0.10000000149011612, 2.0]),   # rounded as astype
    (wnp.float32, np.array(0.5), [0.5, 2.0]),                      # a 0-d NumPy array
    (wnp.float32, np.float16(1.5), [1.5, 2.0]),
    (wnp.float32, np.int64(3), [3.0, 2.0]),
    (wnp.float32, np.float64(1e300), [np.inf, 2.0]),               # as the Python float
    (wnp.float16, np.float32(65504.0), [65504.0, 2.0]),
    (wnp.bfloat16, np.float32(1.1), [1.1015625, 2.0]),
    (wnp.int8, np.int64(5), [5, 2]),
    (wnp.int8, np.uint64(127), [127, 2]),
    (wnp.int8, np.bool_(True), [1, 2]),
    (wnp.uint8, np.int16(255), [255, 2]),
    (wnp.complex64, np.complex128(1 + 2j), [1 + 2j, 2 + 0j]),
    (wnp.complex64, np.float64(0.5), [0.5 + 0j, 2 + 0j]),
    # decision 70: across kinds, exact values are stored
    (wnp.int8, np.float64(1.0), [1, 2]),
    (wnp.float32, np.complex128(1), [1.0, 2.0]),
    (wnp.bool, np.int64(1), [True, True]),
])
def test_numpy_scalar_stores(dtype, value, want):
    x = wnp.asarray([1, 2], dtype=dtype)
    x[0] = value
    same_array(x, want, dtype)


@pytest.mark.parametrize("dtype, value, exc, match", [
    (wnp.int8, np.int64(1000), OverflowError,
     r"__setitem__: NumPy int64 value 1000 is out of bounds for int8 \(range -128\.\.127\)"),
    (wnp.uint8, np.int8(-1), OverflowError, "NumPy int8 value -1 is out of bounds for uint8"),
    # decision 70: across kinds only exact values are stored
    (wnp.int8, np.float64(1.5), TypeError, "storing NumPy float64 values into an int8 array"),
    (wnp.float32, np.complex128(1j), TypeError, "storing NumPy complex128 values into a "
                                                "float32 array"),
    (wnp.bool, np.int64(2), TypeError, "storing NumPy int64 values into a bool array"),
    (wnp.int8, np.array([0.0, 1.5]), TypeError, "storing NumPy float64 values into an int8"),
    (wnp.int8, np.float64(300.0), OverflowError,
     "NumPy float64 value 300.0 is out of bounds for int8"),
    (wnp.int8, wnp.asarray(np.nan), TypeError, "storing weak float64 values into an int8"),
    (wnp.int8, wnp.asarray([-np.inf], dtype=wnp.float32), OverflowError,
     "value -inf is out of bounds for int8"),
    (wnp.bool, wnp.asarray([0.5], dtype=wnp.float16), TypeError,
     "storing float16 values into a bool array"),
])
def test_numpy_scalar_stores_refused(dtype, value, exc, match):
    x = wnp.asarray([1, 2], dtype=dtype)
    before = x.tobytes()
    with pytest.raises(exc, match=match):
        x[:] = value
    assert x.tobytes() == before


def test_numpy_scalar_in_fill_full_put():
    x = wnp.asarray([1., 2.], dtype=wnp.float32)
    x.fill(np.float64(3.0))
    same_array(x, [3.0, 3.0], np.float32)
    same_array(wnp.full(2, np.float64(1.5), dtype=wnp.float32), [1.5, 1.5], np.float32)
    same_array(wnp.full_like(x, np.float64(2.5)), [2.5, 2.5], np.float32)
    wnp.put(x, [1], np.float64(4.0))
    same_array(x, [3.0, 4.0], np.float32)


# ---------------------------------------------------------------------------------------
# Item 5: integer dtype= in creation never wraps.

@pytest.mark.parametrize("make, match", [
    (lambda: wnp.linspace(0, 1000, 3, dtype=wnp.int8), "linspace: value 1000 is out of bounds"),
    (lambda: wnp.arange(0., 300., 100., dtype=wnp.int8), "arange: value 200 is out of bounds"),
    (lambda: wnp.arange(300, dtype=wnp.int8),
     r"arange: value 299 is out of bounds for int8 \(range -128\.\.127\)"),
    (lambda: wnp.arange(-1., 2., dtype=wnp.uint8), "arange: value -1 is out of bounds"),
    (lambda: wnp.logspace(0, 3, 4, dtype=wnp.int8), "logspace: value 1000 is out of bounds"),
    (lambda: wnp.geomspace(1, 1000, 4, dtype=wnp.int8), "geomspace: value 1000 is out of"),
    (lambda: wnp.indices((300,), dtype=wnp.int8), "indices: value 299 is out of bounds"),
    (lambda: wnp.fromfunction(lambda i: i, (300,), dtype=wnp.int8),
     "fromfunction: value 299 is out of bounds"),
    (lambda: wnp.full(2, 1000, dtype=wnp.int8), "full: Python int 1000 is out of bounds"),
    (lambda: wnp.asarray(300.0, dtype=wnp.int8), "asarray: Python float 300.0 is out of bounds"),
    (lambda: wnp.asarray([1.5, 300.0], dtype=wnp.int8), "Python float 300.0 is out of bounds"),
    (lambda: wnp.asarray(-2.7, dtype=wnp.uint8), "Python float -2.7 is out of bounds for uint8"),
    # an array converted by asarray(dtype=) too (astype() is the cast that wraps)
    (lambda: wnp.asarray(wnp.asarray(1000), dtype=wnp.int8), "asarray: value 1000 is out of"),
    (lambda: wnp.asarray(np.array([1.7, 300.0]), dtype=wnp.uint8),
     r"asarray: value 300 is out of bounds for uint8 \(range 0\.\.255\)"),
    (lambda: wnp.asarray(wnp.asarray([1, 200], dtype=wnp.int64), dtype=wnp.int8),
     "asarray: value 200 is out of bounds for int8"),
])
def test_creation_integer_dtype_overflow(make, match):
    with pytest.raises(OverflowError, match=match):
        make()


@pytest.mark.parametrize("make, match", [
    (lambda: wnp.asarray(float("nan"), dtype=wnp.int8),
     r"asarray: cannot convert Python float nan to int8 \(NaN and infinity"),
    (lambda: wnp.asarray([1.5, float("inf")], dtype=wnp.int8),
     "asarray: cannot convert Python float inf to int8"),
    (lambda: wnp.linspace(0, float("nan"), 3, dtype=wnp.int8),
     "linspace: the values include nan, which int8 cannot hold"),
    (lambda: wnp.arange(float("nan")), "arange: stop must be finite, got nan"),
    (lambda: wnp.arange(0, 1, float("inf")), "arange: step must be finite, got inf"),
    (lambda: wnp.asarray(np.array([1.0, np.nan]), dtype=wnp.int8),
     "asarray: the values include nan, which int8 cannot hold"),
])
def test_creation_non_finite_into_integers(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_creation_integer_dtype_in_range():
    same_array(wnp.linspace(0, 100, 3, dtype=wnp.int8), [0, 50, 100], np.int8)
    same_array(wnp.linspace(0, 1, 3, dtype=wnp.int8), [0, 0, 1], np.int8)
    same_array(wnp.arange(0., 300., 100., dtype=wnp.int16), [0, 100, 200], np.int16)
    same_array(wnp.arange(0.5, 3, dtype=wnp.int8), [0, 1, 2], np.int8)
    same_array(wnp.logspace(0, 2, 3, dtype=wnp.int8), [1, 10, 100], np.int8)
    same_array(wnp.asarray(2.7, dtype=wnp.int8), 2, np.int8)
    same_array(wnp.asarray([1.9, -1.9], dtype=wnp.int8), [1, -1], np.int8)
    same_array(wnp.indices((3,), dtype=wnp.int8), [[0, 1, 2]], np.int8)
    same_array(wnp.asarray(np.array([1.7, -2.5]), dtype=wnp.int8), [1, -2], np.int8)
    same_array(wnp.asarray(wnp.asarray(100), dtype=wnp.int8), 100, np.int8)
    same_array(wnp.asarray(wnp.asarray(1000)).astype(wnp.int8), -24, np.int8)   # astype wraps


# ---------------------------------------------------------------------------------------
# Item 6: x[i] with an all-integer index is an independent value.

def test_integer_index_is_independent():
    x = i8([1, 2])
    a = x[0]
    a += 5
    same_array(a, 6, np.int8)
    same_array(x, [1, 2], np.int8)
    b = x[-1]
    b[...] = 9
    same_array(x, [1, 2], np.int8)
    m = wnp.asarray([[1.5, 2.5], [3.5, 4.5]], dtype=wnp.float32)
    c = m[0, 1]
    c += 1
    same_array(m, [[1.5, 2.5], [3.5, 4.5]], np.float32)
    z = wnp.asarray(7, dtype=wnp.int16)
    v = z[()]
    v += 1
    same_array(z, 7, np.int16)
    for item in x:       # iteration gives the same independent values
        item += 100
    same_array(x, [1, 2], np.int8)


def test_integer_index_keeps_dtype_and_weak_flag_and_rows_stay_views():
    w = wnp.full(3, 2.5)
    assert w[0].weak_type and w[0].dtype == np.float64 and w[0].shape == ()
    assert not i8([1, 2])[0].weak_type
    m = i8([[1, 2], [3, 4]])
    row = m[0]           # a row is a view, as in NumPy
    row[0] = 9
    same_array(m, [[9, 2], [3, 4]], np.int8)


# ---------------------------------------------------------------------------------------
# Item 7: a failing operation changes nothing.

def _ipow(x, v):
    x **= v


def _iop(op):
    def f(x, v):
        if op == "+":
            x += v
        elif op == "-":
            x -= v
        elif op == "*":
            x *= v
        elif op == "<<":
            x <<= v
        elif op == "@":
            x @= v
    return f


def _set(key):
    def f(x, v):
        x[key] = v
    return f


FAILURES = {
    "x **= int8 [2, 2, -1]": (_ipow, lambda: i8([2, 2, -1]), ValueError),
    "x **= -1": (_ipow, lambda: -1, ValueError),
    "x **= [-1, 2, 2]": (_ipow, lambda: i8([-1, 2, 2]), ValueError),
    "x += 1.5": (_iop("+"), lambda: 1.5, TypeError),
    "x += int16 array": (_iop("+"), lambda: wnp.asarray([1, 1, 1], dtype=wnp.int16), TypeError),
    "x += wrong shape": (_iop("+"), lambda: i8([1, 2, 3, 4]), ValueError),
    "x += 1000": (_iop("+"), lambda: 1000, OverflowError),
    "x -= weak 0-d 1000": (_iop("-"), lambda: wnp.asarray(1000), OverflowError),
    "x *= weak n-d 1000": (_iop("*"), lambda: wnp.full(3, 1000), OverflowError),
    "x <<= 1.5": (_iop("<<"), lambda: 1.5, TypeError),
    "x @= (3, 2)": (_iop("@"), lambda: i8([[1, 2]] * 3), TypeError),
    "x @= float32": (_iop("@"), lambda: wnp.ones(3, dtype=wnp.float32), TypeError),
    "x[:] = 1000": (_set(slice(None)), lambda: 1000, OverflowError),
    "x[:] = 1.5": (_set(slice(None)), lambda: 1.5, TypeError),
    "x[:] = [1, 2]": (_set(slice(None)), lambda: [1, 2], ValueError),
    "x[[0, 5]] = 1": (_set([0, 5]), lambda: 1, IndexError),
    "x[[0, 1]] = [1, 1000]": (_set([0, 1]), lambda: [1, 1000], OverflowError),
    "x[:] = weak 1000": (_set(slice(None)), lambda: wnp.asarray(1000), OverflowError),
    "x[:] = np.int64(1000)": (_set(slice(None)), lambda: np.int64(1000), OverflowError),
    "x[bad mask] = 1": (_set(np.array([True, False])), lambda: 1, IndexError),
    "put(x, [0, 5], 9)": (lambda x, v: wnp.put(x, [0, 5], v), lambda: 9, IndexError),
    "put(x, [0, -4], 9)": (lambda x, v: wnp.put(x, [0, -4], v), lambda: 9, IndexError),
    "put(x, [0, 1], [1, 1000])": (lambda x, v: wnp.put(x, [0, 1], v), lambda: [1, 1000],
                                  OverflowError),
    "put(x, [0], 1.5)": (lambda x, v: wnp.put(x, [0], v), lambda: 1.5, TypeError),
    "x.put([0, 5], 9)": (lambda x, v: x.put([0, 5], v), lambda: 9, IndexError),
    "copyto(x, [1, 2])": (wnp.copyto, lambda: [1, 2], ValueError),
    "copyto(x, 1000)": (wnp.copyto, lambda: 1000, OverflowError),
    "copyto(x, 1.5)": (wnp.copyto, lambda: 1.5, TypeError),
    "copyto(where= wrong shape)": (lambda x, v: wnp.copyto(x, v, where=np.array([True, False])),
                                   lambda: 7, ValueError),
    "place(x, short mask, [1])": (lambda x, v: wnp.place(x, np.array([True, False]), v),
                                  lambda: [1], ValueError),
    "place(x, mask, [])": (lambda x, v: wnp.place(x, np.array([True] * 3), v), lambda: [],
                           ValueError),
    "place(x, mask, 1000)": (lambda x, v: wnp.place(x, np.array([True] * 3), v),
                             lambda: 1000, OverflowError),
    "putmask(x, short mask, 1)": (lambda x, v: wnp.putmask(x, np.array([True, False]), v),
                                  lambda: 1, ValueError),
    "x.fill(1000)": (lambda x, v: x.fill(v), lambda: 1000, OverflowError),
    "x.fill(1.5)": (lambda x, v: x.fill(v), lambda: 1.5, TypeError),
    "x.sort(kind='bogus')": (lambda x, v: x.sort(kind=v), lambda: "bogus", ValueError),
    "x.partition(1, kind='bogus')": (lambda x, v: x.partition(1, kind=v), lambda: "bogus",
                                     ValueError),
    "x.partition(5)": (lambda x, v: x.partition(v), lambda: 5, ValueError),
}


@pytest.mark.parametrize("case", list(FAILURES), ids=str)
def test_failing_operation_changes_nothing(case):
    fn, value, exc = FAILURES[case]
    x = i8([3, 1, 2])
    before = x.tobytes()
    with pytest.raises(exc):
        fn(x, value())
    assert x.tobytes() == before, x
    same_array(x, [3, 1, 2], np.int8)


def test_inplace_broadcast_error_is_named():
    x = wnp.ones(2)
    with pytest.raises(ValueError, match=r"add \(in-place\): operands could not be broadcast "
                                         r"together with shapes \(2,\) \(3,\); operand of "
                                         r"shape \(3,\) cannot be broadcast to the left "
                                         r"operand's shape \(2,\)"):
        x += wnp.ones(3)
    with pytest.raises(ValueError, match=r"multiply \(in-place\): operand of shape \(2, 2\)"):
        x *= wnp.ones((2, 2))
    same_array(x, [1.0, 1.0], np.float64)


def test_partial_write_reproductions():
    x = i8([2, 2, 2])
    with pytest.raises(ValueError, match="pow: an integer raised to a negative integer power"):
        x **= i8([2, 2, -1])
    same_array(x, [2, 2, 2], np.int8)
    x = i8([1, 2, 3])
    with pytest.raises(IndexError, match=r"put: index 5 is out of bounds for an array of "
                                         r"size 3; pass indices in \[-3, 3\)"):
        wnp.put(x, [0, 5], [9, 9])
    same_array(x, [1, 2, 3], np.int8)
    wnp.put(x, [0, 5], [9, 8], mode="clip")   # clip / wrap never raise
    same_array(x, [9, 2, 8], np.int8)


@pytest.mark.parametrize("idt", ["int64", ">i8", "int32", "int8", "uint8", "uint16"])
def test_put_index_check_in_every_index_dtype(idt):
    """put's one-pass check (every index below the size, read as unsigned) and its
    fallback (negative indices counted from the end; the first bad bound named) agree
    with NumPy's put on the indices NumPy accepts; nothing is written before a raise."""
    base = np.arange(200, dtype=np.int16)
    signed = np.dtype(idt).kind == "i"
    cases = [np.arange(0, 200, 7), np.array([199, 0, 5])]
    if signed:
        cases += [np.array([-200, -1, 3]), np.array([4, -17])]
    for ind in cases:
        ind = ind.astype(idt)
        x, want = wnp.asarray(base.copy()), base.copy()
        wnp.put(x, ind, -3)
        np.put(want, ind, -3)
        same_array(x, want, np.int16)
    bad = [(np.array([3, 200]), 200)] + ([(np.array([3, -201, 7]), -201)] if signed else [])
    if np.dtype(idt).itemsize == 1:
        bad = []   # int8/uint8 cannot hold 200
    for ind, named in bad:
        x = wnp.asarray(base.copy())
        with pytest.raises(IndexError, match=rf"put: index {named} is out of bounds for an "
                                             r"array of size 200"):
            wnp.put(x, ind.astype(idt), -3)
        same_array(x, base, np.int16)
    x = wnp.asarray(np.arange(100, dtype=np.int16))   # int8/uint8 indices past the end
    with pytest.raises(IndexError, match="put: index 120 is out of bounds"):
        wnp.put(x, np.array([1, 120], dtype=idt), 0)


# ---------------------------------------------------------------------------------------
# Item 8: iter(0-d) raises at once.

def test_iter_of_0d_raises_immediately():
    x = wnp.asarray(1.0)
    with pytest.raises(TypeError, match="iteration over a 0-d array"):
        iter(x)
    assert np.iterable(x) is False
    assert np.iterable(wnp.asarray([1.0])) is True
    assert [v.tolist() for v in wnp.asarray([1, 2], dtype=wnp.int8)] == [1, 2]
    assert [r.tolist() for r in i8([[1, 2], [3, 4]])] == [[1, 2], [3, 4]]


# ---------------------------------------------------------------------------------------
# Item 9: one promotion_mode object shared by threads and asyncio tasks.

MODES = ["strict", "jax-x32", "array-api", "standard"]


def test_shared_promotion_mode_across_threads():
    shared = {m: wnp.promotion_mode(m) for m in MODES}
    outer = wnp.promotion_mode("option-1")
    n = 8
    barrier = threading.Barrier(n)
    seen: dict = {}
    errors: list = []

    def worker(i):
        mode = MODES[i % len(MODES)]
        try:
            for _ in range(20):
                with shared[mode]:
                    barrier.wait()           # every thread is inside its block at once
                    inside = get_mode()
                    with outer:              # nested, the same object in every thread
                        nested = get_mode()
                    after_nested = get_mode()
                    barrier.wait()
                after = get_mode()
                seen.setdefault(i, set()).add((inside, nested, after_nested, after))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(repr(e))
            barrier.abort()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for i in range(n):
        mode = MODES[i % len(MODES)]
        assert seen[i] == {(mode, "option-1", mode, "standard")}
    assert get_mode() == "standard"


def test_shared_promotion_mode_across_asyncio_tasks():
    shared = {m: wnp.promotion_mode(m) for m in MODES}
    x = i8([1, 2])

    async def task(i):
        mode = MODES[i % len(MODES)]
        out = []
        for _ in range(10):
            with shared[mode]:
                await asyncio.sleep(0)       # the other tasks run inside their blocks
                out.append(get_mode())
                try:
                    out.append((x + 1.5).dtype.name)
                except wnp.TypePromotionError:
                    out.append("refused")
            await asyncio.sleep(0)
            out.append(get_mode())
        return mode, out

    async def main():
        return await asyncio.gather(*(task(i) for i in range(8)))

    for mode, out in asyncio.run(main()):
        dtype = {"strict": "refused", "array-api": "refused", "jax-x32": "float32",
                 "standard": "float64"}[mode]
        assert out == [mode, dtype, "standard"] * 10
    assert get_mode() == "standard"


def test_promotion_mode_decorator_and_nesting_same_object():
    strict = wnp.promotion_mode("strict")

    @strict
    def f():
        with strict:
            inner = get_mode()
        return inner, get_mode()

    assert f() == ("strict", "strict")
    assert get_mode() == "standard"


# ---------------------------------------------------------------------------------------
# Item 10 (rest): real/imag, Lattice.join with a Python bool, partition(kind=).

def test_real_imag_functions_return_new_writable_arrays():
    z = wnp.asarray([1 + 2j, 3 - 4j])
    im = wnp.imag(z)
    im[0] = 7
    re = wnp.real(z)
    re[1] = 9
    same_array(z, [1 + 2j, 3 - 4j], np.complex128)
    same_array(im, [7.0, -4.0], np.float64)
    same_array(re, [1.0, 9.0], np.float64)
    r = wnp.asarray([1.5, 2.5], dtype=wnp.float32)
    zeros = wnp.imag(r)
    zeros[0] = 1                        # writable, not NumPy's read-only zeros
    same_array(zeros, [1.0, 0.0], np.float32)
    same_r = wnp.real(r)
    same_r[0] = 5
    same_array(r, [1.5, 2.5], np.float32)


def test_real_imag_attributes_are_views_as_in_numpy():
    z = wnp.asarray([1 + 2j, 3 - 4j], dtype=wnp.complex64)
    z.real[0] = 10
    z.imag[1] = 0
    same_array(z, [10 + 2j, 3 + 0j], np.complex64)
    assert z.real.dtype == np.float32 and z.imag.dtype == np.float32
    r = i8([1, 2])
    r.real[0] = 5                        # a real array's .real is itself
    same_array(r, [5, 2], np.int8)
    with pytest.raises(ValueError, match="__setitem__: assignment destination is read-only"):
        r.imag[0] = 1                    # NumPy's read-only zeros
    w = wnp.asarray(1.5 + 2j)
    assert w.real.weak_type and w.imag.weak_type and w.real.dtype == np.float64


def test_lattice_join_with_python_bool():
    lat = BUILTIN["standard"]
    assert lat.join("int8", True) == (np.dtype("int8"), False)
    assert lat.join(True, False) == (np.dtype("bool"), False)
    assert lat.join(True, 1) == (np.dtype("int64"), True)
    assert lat.join(True, 1.5) == (np.dtype("float64"), True)
    assert lat.join("uint8", np.int8(1)) == (np.dtype("int16"), False)
    assert lat.join(np.bool_(True), "float16") == (np.dtype("float16"), False)
    with pytest.raises(wnp.TypePromotionError):
        BUILTIN["strict"].join("int8", True)


def test_partition_kind():
    x = i8([3, 1, 2])
    with pytest.raises(ValueError, match="partition: kind must be 'introselect'"):
        x.partition(1, kind="quicksort")
    with pytest.raises(ValueError, match="argpartition: kind must be 'introselect'"):
        x.argpartition(1, kind="heapsort")
    with pytest.raises(ValueError, match="partition: kind must be 'introselect'"):
        wnp.partition(x, 1, kind="bogus")
    with pytest.raises(TypeError, match="partition: order= partitions structured arrays"):
        x.partition(1, order="a")
    x.partition(1, kind="introselect")
    same_array(x, [1, 2, 3], np.int8)


# ---------------------------------------------------------------------------------------
# Item 11 (creation, broadcasting, axes, NaN into ints, from_dlpack): named errors.

@pytest.mark.parametrize("make, exc, match", [
    (lambda: wnp.zeros(2**62), ValueError,
     r"zeros: shape \(4611686018427387904,\) of float64 needs 4611686018427387904 elements"),
    (lambda: wnp.ones((2**40, 2**40), dtype=wnp.int8), ValueError, "ones: shape"),
    (lambda: wnp.empty(2**62, dtype=wnp.int16), ValueError, "empty: shape"),
    (lambda: wnp.full(2**62, 1.0), ValueError, "full: shape"),
    (lambda: wnp.zeros_like(wnp.ones(2), shape=(2**62,)), ValueError, "zeros_like: shape"),
    (lambda: wnp.eye(2**40), ValueError, "eye: shape"),
    (lambda: wnp.arange(1e20), ValueError, "arange: shape"),
    (lambda: wnp.zeros(-1), ValueError, r"zeros: negative dimensions are not allowed: \(-1,\)"),
    (lambda: wnp.eye(-1), ValueError, r"eye: negative dimensions are not allowed: \(-1, -1\)"),
    (lambda: wnp.eye(2, -3), ValueError, r"eye: negative dimensions are not allowed: \(2, -3\)"),
    (lambda: wnp.arange(float("nan")), ValueError, "arange: stop must be finite"),
    (lambda: wnp.broadcast_arrays(wnp.ones(2), wnp.ones(3)), ValueError,
     r"broadcast_arrays: shapes \(2,\), \(3,\) do not broadcast"),
    (lambda: wnp.sum(wnp.ones((2, 2)), axis=(0, 0)), ValueError,
     r"sum: axis \(0, 0\) names an axis twice"),
    (lambda: wnp.mean(wnp.ones((2, 2)), axis=(1, -1)), ValueError,
     r"mean: axis \(1, -1\) names an axis twice"),
    (lambda: wnp.var(wnp.ones((2, 2)), axis=(0, 0)), ValueError, "var: axis"),
    (lambda: wnp.asarray(float("nan"), dtype=wnp.int8), ValueError,
     "asarray: cannot convert Python float nan to int8"),
    (lambda: wnp.asarray(1 + 2j, dtype=wnp.float32), TypeError,
     r"asarray: cannot convert Python complex \(1\+2j\) to float32"),
    (lambda: wnp.from_dlpack([1, 2]), TypeError,
     "from_dlpack: a list does not export DLPack"),
    (lambda: i8([1, 2])[5], IndexError, "__getitem__: index 5 is out of bounds"),
])
def test_named_errors(make, exc, match):
    with pytest.raises(exc, match=match):
        make()


def test_asarray_nan_int8_message_is_not_python_int():
    with pytest.raises(ValueError) as e:
        wnp.asarray(float("nan"), dtype=wnp.int8)
    assert "Python int" not in str(e.value)


def test_degenerate_mean_and_variance_are_nan_without_a_warning():
    # pytest turns every warning into an error: none may be emitted here.
    assert np.isnan(wnp.mean(wnp.zeros(0)).tolist())
    m = wnp.mean(wnp.zeros((0, 3), dtype=wnp.float32), axis=0)
    assert m.dtype == np.float32 and m.shape == (3,) and np.isnan(m.tolist()).all()
    m = wnp.mean(wnp.zeros((2, 0)), axis=1, keepdims=True)
    assert m.shape == (2, 1) and np.isnan(m.tolist()).all()
    v = wnp.var(wnp.ones(1), correction=2)
    assert v.dtype == np.float64 and v.shape == () and np.isnan(v.tolist())
    s = wnp.std(wnp.ones((2, 3), dtype=wnp.int8), axis=1, correction=3)
    assert s.dtype == np.float32 and s.shape == (2,) and np.isnan(s.tolist()).all()
    c = wnp.mean(wnp.zeros(0, dtype=wnp.complex64))
    assert c.dtype == np.complex64 and np.isnan(c.tolist().real) and np.isnan(c.tolist().imag)
    assert np.isnan(np.mean(wnp.zeros(0)).tolist())          # NEP 18 path too
    same_array(wnp.var(wnp.asarray([1., 3.]), correction=1), 2.0, np.float64)   # N - c > 0


def test_broadcast_arrays_passes_non_numeric_arguments_through():
    """Deviation 51: None/strings ride along as NumPy arrays (matplotlib's bar); numeric
    arguments stay weaknp arrays with their dtype and flag."""
    a, b, c = np.broadcast_arrays(wnp.asarray([1.0, 2.0], dtype=wnp.float32), None, "x")
    assert type(a) is wnp.Array and a.dtype == np.float32 and not a.weak_type
    assert type(b) is np.ndarray and b.dtype == object and b.tolist() == [None, None]
    assert type(c) is np.ndarray and c.tolist() == ["x", "x"]
    with pytest.raises(ValueError, match=r"broadcast_arrays: shapes \(2,\), \(3,\)"):
        wnp.broadcast_arrays(wnp.ones(2), np.array(["a", "b", "c"]))


def test_numpy_arrays_stored_like_their_python_scalars():
    """Deviation 22: an n-d NumPy array of the same kind or below is read like the Python
    scalars it holds (xarray's ``da[0] = 0.0`` hands weaknp a broadcast float64 array)."""
    x = wnp.ones(3, dtype=wnp.float32)
    x[:] = np.array([0.5, 1e300, -2.0])
    assert str(x.dtype) == "float32" and x.tolist() == [0.5, float("inf"), -2.0]
    y = wnp.zeros(2, dtype=wnp.int8)
    y[:] = np.array([-128, 127], dtype=np.int64)
    assert y.tolist() == [-128, 127]
    with pytest.raises(OverflowError, match=r"__setitem__: NumPy int64 value 128 is out "
                                            r"of bounds for int8 \(range -128..127\)"):
        y[:] = np.array([1, 128])
    assert y.tolist() == [-128, 127]


# --- issue 25: the refined store rule (decision 70) -------------------------------------

def test_issue_25_store_examples():
    m = wnp.ones(5, dtype=bool)
    m[:2] = 0
    same_array(m, [False, False, True, True, True], bool)
    a = wnp.asarray([1, 2, 3])
    a[0] = 3.0
    same_array(a, [3, 2, 3], "int64")
    P = wnp.zeros((2, 2), wnp.float32)
    P[0] = wnp.ones(2)                   # a strong float64 Array into float32
    same_array(P, [[1, 1], [0, 0]], "float32")
    with pytest.raises(TypeError) as e:
        a[0] = 2.7
    assert str(e.value) == (
        "__setitem__: storing Python float values into an int64 array would change their "
        "dtype; convert them explicitly first, e.g. wnp.asarray(value).astype('int64')")
    with pytest.raises(OverflowError) as e:
        wnp.asarray([1, 2], dtype=wnp.int8)[0] = 300.0
    assert str(e.value) == (
        "__setitem__: Python float 300.0 is out of bounds for int8 (range -128..127); cast "
        "the array it is stored into with astype() to int16 (or wider) first")
    same_array(a, [3, 2, 3], "int64")     # nothing written


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_float64_values_round_into_narrower_floats(dtype):
    values = np.asarray([0.1, 1 / 3, 1e-5, -2.7])
    x = wnp.zeros(4, dtype=getattr(wnp, dtype))
    x[:] = wnp.asarray(values)
    same_array(x, values.astype(x.dtype), x.dtype)   # the oracle: NumPy/ml_dtypes' astype
    y = wnp.zeros(4, dtype=getattr(wnp, dtype))
    y[1] = wnp.asarray(values)[1]
    assert np.asarray(y)[1] == values.astype(x.dtype)[1]


def test_complex128_values_round_into_complex64():
    values = np.asarray([0.1 + 1 / 3 * 1j, 2.0])
    z = wnp.zeros(2, dtype=wnp.complex64)
    z[:] = wnp.asarray(values)
    same_array(z, values.astype(np.complex64), np.complex64)
    f = wnp.zeros(2, dtype=wnp.float32)
    f[:] = wnp.asarray([0.1 + 0j, 2 + 0j])   # a zero imaginary part, then rounded
    same_array(f, np.asarray([0.1, 2.0]).astype(np.float32), np.float32)
    with pytest.raises(TypeError, match="storing complex128 values into a float32 array"):
        f[:] = wnp.asarray([0.1 + 1e-300j, 2])


@pytest.mark.parametrize("store, want", [
    (lambda x: x.fill(2.0), [2, 2, 2]),
    (lambda x: wnp.put(x, [2], [7.0]), [1, 0, 7]),
    (lambda x: wnp.place(x, wnp.asarray([False, True, False]), [5.0]), [1, 5, 1]),
    (lambda x: wnp.putmask(x, wnp.asarray([True, False, True]), -1.0), [-1, 0, -1]),
    (lambda x: x.__setitem__(slice(None), [4.0, 5.0, 6.0]), [4, 5, 6]),
    (lambda x: x.__setitem__(wnp.asarray([True, False, False]), np.float32(9)), [9, 0, 1]),
], ids=["fill", "put", "place", "putmask", "list", "mask"])
def test_exact_floats_into_int8_by_every_store(store, want):
    x = wnp.asarray([1, 0, 1], dtype=wnp.int8)
    store(x)
    same_array(x, want, "int8")


def test_exact_floats_into_creation_and_insert():
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    same_array(wnp.full_like(x, 4.0), [4, 4], "int8")
    same_array(wnp.full(2, 1.0 + 0j, dtype=wnp.uint8), [1, 1], "uint8")
    same_array(wnp.insert(x, 1, 9.0), [1, 9, 2], "int8")
    same_array(wnp.insert(x, 1, np.asarray([7.0, 8.0])), [1, 7, 8, 2], "int8")
    with pytest.raises(TypeError, match="full_like: storing Python float values into an int8"):
        wnp.full_like(x, 4.5)
    with pytest.raises(OverflowError, match="insert: Python float -200.0 is out of bounds "
                                            "for int8"):
        wnp.insert(x, 1, -200.0)
    with pytest.raises(TypeError, match="storing Python float values into a bool array"):
        wnp.full(2, 0.5, dtype=bool)
    same_array(wnp.full(2, 0.0, dtype=bool), [False, False], bool)


def test_out_takes_exact_values_and_in_place_ops_keep_their_rule():
    o = wnp.zeros(2, dtype=wnp.int8)
    assert wnp.mean(wnp.asarray([[1, 3], [5, 7]]), 1, out=o) is o
    same_array(o, [2, 6], "int8")
    x = wnp.asarray([1, 2, 3])
    with pytest.raises(TypeError, match="in-place"):
        x += 1.0                           # decision 6: in-place operators keep the join rule
    with pytest.raises(TypeError, match="in-place"):
        x[0] += 1.0                        # += runs on x[0] before it is stored back
    with pytest.raises(TypeError, match="add.at: storing Python float values"):
        wnp.add.at(x, [0], 1.0)            # an in-place operation too
    same_array(x, [1, 2, 3], "int64")


@pytest.mark.parametrize("bad, exc", [
    (float("nan"), TypeError), (0.5, TypeError), (2.0, TypeError), (-1.0, TypeError),
    (1j, TypeError), (2, TypeError),
])
def test_bool_arrays_take_only_0_and_1(bad, exc):
    m = wnp.asarray([True, False])
    with pytest.raises(exc, match="into a bool array"):
        m[0] = bad
    same_array(m, [True, False], bool)
    m[0], m[1] = 0.0, 1 + 0j
    same_array(m, [False, True], bool)


def test_a_0d_integer_array_indexes_as_numpys_integer_scalar():
    """Decision 75: where NumPy returns an integer scalar weaknp returns a 0-d Array, and
    indexing with it gives what NumPy's scalar gives: a view, written through."""
    v = wnp.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    j = wnp.argmin(wnp.asarray([3, 1, 2]))
    col = v[:, j]
    col /= 2.0
    assert v.tolist() == [[1.0, 1.0, 3.0], [4.0, 2.5, 6.0]]    # NumPy: v[:, np.int64(1)]
    assert wnp.shares_memory(v[j], v) and v[j].tolist() == [4.0, 2.5, 6.0]
    v[j, wnp.asarray(0, dtype=wnp.uint8)] = 9.0
    assert v.tolist() == [[1.0, 1.0, 3.0], [9.0, 2.5, 6.0]]
    # a 0-d bool stays NumPy's advanced index (a new axis), as np.bool_ does
    assert v[wnp.asarray(True)].shape == (1, 2, 3)
