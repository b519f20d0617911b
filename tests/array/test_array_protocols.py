"""Array attributes and Python protocols (issue 13, part 3) and the bugs of part 5.

Values are compared with NumPy on the same data; dtypes are literal.
"""

import pickle
from collections import Counter

import numpy as np
import pytest

import weaknp as wnp


def test_zero_d_arrays_hash_by_value():
    y = wnp.asarray([1, 2, 2, 3], dtype=wnp.int8)
    d = {}
    for label in wnp.unique_values(y):
        d[label] = int(label) * 10
    assert d[2] == 20 and d[wnp.asarray(3)] == 30 and d[np.int64(1)] == 10
    assert Counter(y)[2] == 2 and len(set(y)) == 3
    assert hash(wnp.asarray(1.5, dtype=wnp.float32)) == hash(1.5)
    assert hash(wnp.asarray(2.0, dtype=wnp.bfloat16)) == hash(2)
    with pytest.raises(TypeError, match="unhashable type: 1-d Array"):
        hash(y)
    with pytest.raises(TypeError, match="unhashable"):
        {y: 1}


def test_contains_is_any_equal():
    x = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8)
    assert 3 in x and 5 not in x and 2.0 in x and 1000 not in x
    assert wnp.asarray([3, 4], dtype=wnp.int8) in x  # NumPy's rule: (x == v).any()


def test_format():
    x = wnp.asarray([[1.5, 2.25]], dtype=wnp.float32)
    assert f"{x[0, 0]:.3f}" == "1.500" and f"{x.sum():.2f}" == "3.75"
    assert f"{wnp.asarray(7, dtype=wnp.int8):04d}" == "0007"
    assert f"{wnp.asarray(1.5, dtype=wnp.bfloat16):.1f}" == "1.5"
    assert f"{x}" == str(np.asarray([[1.5, 2.25]], np.float32))
    with pytest.raises(TypeError, match="unsupported format string '.2f'"):
        f"{x:.2f}"


def test_round_divmod():
    assert round(wnp.asarray([2.5, 3.7])[1]) == 4 and type(round(wnp.asarray(2.5))) is int
    r = round(wnp.asarray(2.345, dtype=wnp.float32), 2)
    assert (str(r.dtype), float(r)) == ("float32", float(np.round(np.float32(2.345), 2)))
    with pytest.raises(TypeError, match="use wnp.round"):
        round(wnp.asarray([1.5]))
    a = np.asarray([7, -7], np.int8)
    q, r = divmod(wnp.asarray(a), 2)
    assert (str(q.dtype), q.tolist(), r.tolist()) == ("int8", [3, -4], [1, 1])
    q, r = divmod(7, wnp.asarray(a))
    assert (q.tolist(), r.tolist()) == (list(np.divmod(7, a)[0]), list(np.divmod(7, a)[1]))


def test_shape_setter_real_imag_setters():
    x = wnp.arange(6, dtype=wnp.int16)
    x.shape = (2, 3)
    assert x.shape == (2, 3) and x.dtype == wnp.int16
    y = x.T
    with pytest.raises(ValueError, match="cannot set the shape to \\(6,\\) without a copy"):
        y.shape = (6,)
    z = wnp.asarray([1 + 2j, 3 + 4j], dtype=wnp.complex64)
    z.real = 0
    z.imag = wnp.asarray([5.0, 6.0], dtype=wnp.float32)
    assert z.tolist() == [5j, 6j] and z.dtype == wnp.complex64
    z.imag = wnp.asarray([0.1, 2.0])     # within a kind a store rounds (decision 70)
    assert z.tolist() == [complex(0, np.float32(0.1)), 2j]
    with pytest.raises(TypeError, match="storing complex128 values into a float32 array"):
        z.imag = wnp.asarray([1.0, 2.5j])
    f = wnp.asarray([1.0, 2.0], dtype=wnp.float32)
    f.real = 3
    assert f.tolist() == [3.0, 3.0]
    with pytest.raises(TypeError, match="has no imaginary part to set"):
        f.imag = 1


def test_flat_read_and_write():
    a = np.arange(6, dtype=np.int8).reshape(2, 3)
    x = wnp.asarray(a.copy())
    assert x.flat[4].tolist() == a.flat[4] and x.flat[4].dtype == wnp.int8
    assert x.flat[[1, 5]].tolist() == a.flat[[1, 5]].tolist()
    assert [v.tolist() for v in x.flat] == list(a.flat) and len(x.flat) == 6
    x.flat[[0, 5]] = 9
    a.flat[[0, 5]] = 9
    assert x.tolist() == a.tolist()
    with pytest.raises(TypeError, match="flat: storing Python float"):
        x.flat[0] = 1.5
    x.flat = [1, 2]
    a.flat = [1, 2]
    assert x.tolist() == a.tolist() and np.asarray(x.flat).tolist() == list(a.flat)
    assert x.flat.base is x and x.flat.copy().shape == (6,)


def test_base_flags_data_and_more():
    x = wnp.arange(4, dtype=wnp.int32)
    assert wnp.asarray(np.zeros(3)).base is None  # owns its data
    v = x[1:]
    assert isinstance(v.base, wnp.Array) and np.shares_memory(np.asarray(v.base), np.asarray(x))
    assert x.flags.c_contiguous and x.flags["WRITEABLE"]
    x.setflags(write=False)
    with pytest.raises(ValueError):
        x[0] = 1
    assert bytes(x.data) == np.arange(4, dtype=np.int32).tobytes()
    with pytest.raises(ValueError, match="use x.view\\(uint16\\).data"):
        wnp.asarray([1.0], dtype=wnp.bfloat16).data
    b = wnp.asarray([1, 256], dtype=wnp.int16)
    assert b.byteswap().tolist() == np.asarray([1, 256], np.int16).byteswap().tolist()
    r = wnp.asarray([1, 2, 3], dtype=wnp.int8)
    r.resize(2, 3)
    assert r.tolist() == [[1, 2, 3], [0, 0, 0]] and r.dtype == wnp.int8
    w = wnp.asarray(1.5)
    assert pickle.loads(w.dumps()).weak_type
    assert r.getfield(wnp.int8).tolist() == r.tolist()
    assert x.ctypes.data == np.asarray(x).ctypes.data


def test_array_protocol_always_gives_an_ndarray():
    r = np.asarray(wnp.nan_to_num(np.inf))
    assert type(r) is np.ndarray and r[()] == np.finfo(np.float64).max
    assert type(wnp.asarray(2.5).__array__()) is np.ndarray


# -- part 5 bugs ----------------------------------------------------------------------

def test_histogram_bin_edges_auto_on_integers():
    arr = [0, 0, 0, 1, 2, 3, 3, 4, 5]
    want = np.histogram_bin_edges(np.asarray(arr), bins="auto", range=(0, 1))
    got = wnp.histogram_bin_edges(wnp.asarray(arr), bins="auto", range=(0, 1))
    assert got.tolist() == want.tolist() and got.dtype == wnp.float64
    c, e = wnp.histogram(wnp.asarray(arr, dtype=wnp.int8), bins="auto")
    nc, ne = np.histogram(np.asarray(arr), bins="auto")
    assert (c.tolist(), e.tolist(), str(e.dtype)) == (nc.tolist(), ne.tolist(), "float32")


def test_format_float_prints_the_dtypes_digits():
    assert wnp.format_float_positional(np.float32(np.pi)) == "3.1415927"
    assert wnp.format_float_positional(wnp.float32(np.pi)) == "3.1415927"
    assert wnp.format_float_scientific(wnp.asarray(np.pi, dtype=wnp.float16)) == \
        np.format_float_scientific(np.float16(np.pi))


def test_nan_to_num_with_array_values():
    x = wnp.asarray([np.nan, np.inf, 1.0], dtype=wnp.float32)
    r = wnp.nan_to_num(x, nan=wnp.asarray([7, 8, 9], dtype=wnp.int8))
    assert (str(r.dtype), r.tolist()) == (
        "float32", np.nan_to_num(np.asarray([np.nan, np.inf, 1.0], np.float32),
                                 nan=np.asarray([7.0, 8.0, 9.0], np.float32)).tolist())
    r = wnp.nan_to_num(x, nan=wnp.asarray([0.1]))   # rounded into float32 (decision 70)
    assert (str(r.dtype), r.tolist()[0]) == ("float32", float(np.float32(0.1)))
    with pytest.raises(TypeError, match="storing complex128 values into a float32 array"):
        wnp.nan_to_num(x, nan=wnp.asarray([1j]))


def test_apply_over_axes_with_numpys_sum():
    a = np.arange(24).reshape(2, 3, 4)
    r = wnp.apply_over_axes(np.sum, wnp.asarray(a), [0, 2])
    assert r.tolist() == np.apply_over_axes(np.sum, a, [0, 2]).tolist()


def test_unwrap_of_integers():
    r = wnp.unwrap([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], period=4)
    want = np.unwrap([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], period=4)
    assert (str(r.dtype), r.tolist()) == ("int64", want.tolist())
    r = wnp.unwrap(wnp.asarray([0, 5, 11], dtype=wnp.int8), period=4)
    assert (str(r.dtype), r.tolist()) == ("int8", np.unwrap(np.int8([0, 5, 11]), period=4).tolist())
    assert wnp.unwrap(wnp.asarray([0, 1, 10], dtype=wnp.int8)).dtype == wnp.float32
