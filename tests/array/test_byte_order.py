"""``wnp.ndarray(shape, dtype, buffer=...)`` and non-native byte orders (decision 96):
values against NumPy's on the same buffer; Arrays hold native byte order."""

import numpy as np
import pytest

import weaknp as wnp
from support import same_array


@pytest.mark.parametrize("dtype", [">i2", "<i2", "<u4", ">u4", ">f4", "<f8", ">c8", "i1"])
def test_ndarray_of_a_buffer_reads_numpy_s_values(dtype):
    buf = bytearray(range(1, 17))
    n = np.ndarray(shape=(16 // np.dtype(dtype).itemsize,), dtype=dtype, buffer=buf)
    got = wnp.ndarray(shape=n.shape, dtype=dtype, buffer=buf)
    same_array(got, n.astype(n.dtype.newbyteorder("=")))
    assert got.dtype.isnative


def test_ndarray_offset_strides_and_native_views_write_through():
    buf = bytearray(range(12))
    n = np.ndarray((2, 2), "<i2", buf, offset=2, strides=(4, 2))
    got = wnp.ndarray((2, 2), "<i2", buf, offset=2, strides=(4, 2))
    same_array(got, n.copy())
    got[0, 0] = 1000
    assert n[0, 0] == 1000                       # the same memory: written through


def test_ndarray_refusals_name_the_fix():
    with pytest.raises(TypeError, match=r"Array cannot be constructed directly; .*"
                                        r"weaknp.empty\(shape, dtype\)"):
        wnp.ndarray((2,))
    with pytest.raises(TypeError, match=r"ndarray: buffer is too small"):
        wnp.ndarray((3,), "i2", bytearray(4))


def test_non_native_data_is_read_into_native_values():
    n = np.array([1, -2, 300], dtype=">i4")
    same_array(wnp.asarray(n), [1, -2, 300], np.int32)
    same_array(wnp.asarray(np.array([1.5, -2.25], dtype=">f8")), [1.5, -2.25], np.float64)
    with pytest.raises(ValueError, match="asarray: the input's byte order .* copy=False"):
        wnp.asarray(n, copy=False)


@pytest.mark.parametrize("dtype", [">i2", ">u2", ">f4", ">c8"])
def test_view_to_a_non_native_order_gives_numpy_s_values(dtype):
    n = np.arange(1, 17, dtype=np.uint8).reshape(2, 8)
    want = n.view(dtype)
    got = wnp.asarray(n).view(dtype)
    same_array(got, want.astype(want.dtype.newbyteorder("=")))
    same_array(wnp.asarray(n).view(np.dtype(dtype).newbyteorder()), n.view(
        np.dtype(dtype).newbyteorder()))


def test_non_native_dtype_arguments_are_refused_with_the_native_name():
    for call in (lambda: wnp.zeros(2, dtype=">i2"), lambda: wnp.arange(3).astype(">f8")):
        with pytest.raises(TypeError, match=r"'>(i2|f8)' is a non-native byte order.*pass "
                                            r"(int16|float64) \(the same values\)"):
            call()
