"""The minimal reproductions behind issue 15's ecosystem failures, written literally.

Each is what a library does to a weaknp array (named in the docstring); the library-level
tests in this folder call the libraries themselves.  These need no extra.
"""

import numpy as np
import pytest

import weaknp as wnp

ARRAY = type(wnp.asarray(0.0))


def test_0d_array_is_not_iterable():
    """matplotlib's ``set_ylim(0, wnp.max(x))`` and ``hist(x)`` ask ``np.iterable``."""
    with pytest.raises(TypeError):
        iter(wnp.asarray(1.0))
    assert np.iterable(wnp.asarray(1.0)) is False
    assert np.iterable(wnp.asarray([1.0])) is True
    assert list(wnp.asarray([1.0, 2.0])) == [wnp.asarray(1.0), wnp.asarray(2.0)]


def test_store_numpy_float64_scalar_into_float32():
    """scikit-learn's ``_prf_divide``: ``result[mask] = np.float64(0.0)``."""
    x = wnp.asarray([1.0, 2.0], dtype=wnp.float32)
    x[0] = np.float64(0.0)
    assert x.dtype == wnp.float32
    assert x.tolist() == [0.0, 2.0]
    y = wnp.asarray([0.5, 0.25, 4.0], dtype=wnp.float32)
    y[wnp.asarray([True, False, True])] = np.float64(1.0)
    assert y.dtype == wnp.float32
    assert y.tolist() == [1.0, 0.25, 1.0]


def test_numpy_where_with_float_condition():
    """``scipy.ndimage.distance_transform_edt``: ``np.where(float_array, 1, 0)``."""
    r = np.where(wnp.asarray([0.0, 2.0]), 1, 0)
    assert isinstance(r, ARRAY)
    assert r.tolist() == [0, 1]


def test_argmax_of_empty_stack_along_an_axis():
    """``Rotation.from_matrix`` of an empty stack (NumPy: shape ``(0,)``)."""
    for fn in (wnp.argmax, wnp.argmin):
        r = fn(wnp.zeros((0, 4)), axis=-1)
        assert r.shape == (0,)
        assert r.dtype == wnp.int64
    with pytest.raises(ValueError):
        wnp.argmax(wnp.zeros((4, 0)), axis=-1)   # NumPy refuses this one too


def test_format_spec_of_0d_array():
    """``scipy.signal.group_delay``'s warning text; ``assert_allclose(atol=<0-d>)``."""
    assert f"{wnp.asarray(1.5):.3f}" == "1.500"
    assert f"{wnp.asarray(2.5, dtype=wnp.float32):8.2f}" == "    2.50"
    assert f"{wnp.asarray(7, dtype=wnp.int8):03d}" == "007"
    np.testing.assert_allclose(np.array([1.0]), np.array([1.0005]), atol=wnp.asarray(1e-3))


def test_isclose_with_array_tolerances():
    """``assert_allclose(actual, desired, atol=<0-d weaknp array>)`` reaches weaknp's
    ``isclose`` through NEP 18 (it once handed the tolerance back to NumPy, recursing)."""
    a, b = np.array([1.0, 2.0]), np.array([1.0005, 2.1])
    for fn in (np.isclose, wnp.isclose):
        assert fn(a, b, atol=wnp.asarray(1e-3)).tolist() == [True, False]
        assert fn(a, b, rtol=0, atol=wnp.asarray([1e-3, 0.2])).tolist() == [True, True]
    assert bool(np.allclose(a[:1], b[:1], atol=wnp.asarray(1e-3)))
    assert not bool(wnp.allclose(a, b, rtol=wnp.asarray(1e-6), atol=0))


def test_diff_with_positional_n():
    """scikit-learn's ``roc_curve``: ``xp.diff(fps, 2)``."""
    x = wnp.asarray([1.0, 4.0, 9.0, 16.0], dtype=wnp.float32)
    r = wnp.diff(x, 2)
    assert r.dtype == wnp.float32
    assert r.tolist() == [2.0, 2.0]


def test_sliding_window_view():
    """xarray's ``DataArray.rolling(t=3).mean()``: ``xp.lib.stride_tricks``."""
    r = wnp.lib.stride_tricks.sliding_window_view(wnp.arange(5.0, dtype=wnp.float32), 3)
    assert isinstance(r, ARRAY)
    assert r.dtype == wnp.float32
    assert r.tolist() == [[0.0, 1.0, 2.0], [1.0, 2.0, 3.0], [2.0, 3.0, 4.0]]


def test_numpy_broadcast_arrays_with_python_scalars():
    """matplotlib's ``bar``: ``np.broadcast_arrays(x, height, 0.8, 0)``."""
    x, width = np.broadcast_arrays(wnp.asarray([1.0, 2.0, 3.0]), 0.8)
    assert x.tolist() == [1.0, 2.0, 3.0]
    assert width.tolist() == [0.8, 0.8, 0.8]


def test_flat_assignment():
    """scikit-learn's ``pairwise_distances_chunked`` (``silhouette_score``) zeroes the
    diagonal with ``D.flat[::n + 1] = 0``."""
    d = wnp.ones((3, 3), dtype=wnp.float32)
    d.flat[::4] = 0
    assert d.dtype == wnp.float32
    assert d.tolist() == [[0.0, 1.0, 1.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0]]


def test_numpy_full_and_copyto_into_a_numpy_array():
    """scikit-learn's ``DummyRegressor.predict``: ``np.full((n, 1), constant_, dtype=...)``
    with a weaknp ``constant_`` (NumPy's ``full`` makes an ndarray and calls
    ``np.copyto(ndarray, constant_)``, which NEP 18 hands to weaknp)."""
    constant = wnp.asarray([[0.25]], dtype=wnp.float32)
    r = np.full((3, 1), constant, dtype=np.float32)
    assert type(r) is np.ndarray
    assert r.dtype == np.float32
    assert r.tolist() == [[0.25], [0.25], [0.25]]
    dst = np.zeros(2, dtype=np.float32)
    np.copyto(dst, wnp.asarray([1.5, 2.5], dtype=wnp.float32))
    assert dst.tolist() == [1.5, 2.5]
    np.copyto(dst, wnp.asarray([0.1, 2.0], dtype=wnp.float64))   # rounds, as NumPy
    assert dst.tolist() == [float(np.float32(0.1)), 2.0]
    with pytest.raises(TypeError, match="copyto"):       # the store rule still holds
        np.copyto(dst, wnp.asarray([1.0, 2.0j]))
    assert dst.tolist() == [float(np.float32(0.1)), 2.0]
    with pytest.raises(TypeError, match="put: the array written into must be a weaknp"):
        np.put(np.zeros(3), [0], wnp.asarray(1.0))
