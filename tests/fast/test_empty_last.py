"""``empty``'s compiled entry remembers the last dtype spelling per mode
(``CallCore.last``): the answer follows every change of spelling and of promotion mode,
and requests the general path must take (a spelling that is no dtype, an x32 mode's
64-bit request) still take it, between remembered ones."""

import warnings

import numpy as np
import pytest

import weaknp as wnp


def _seen(shape, dtype):
    r = wnp.empty(shape, dtype)
    return r.dtype, r.weak_type, r.shape


def test_spellings_alternate():
    want = {wnp.float32: np.float32, "int8": np.int8, None: np.float64,
            np.dtype("uint16"): np.uint16, wnp.bfloat16: wnp.bfloat16, bool: np.bool_}
    for _ in range(3):
        for spelling, dt in want.items():
            for k in range(2):   # the second call is the remembered one
                assert _seen((2, 3), spelling) == (np.dtype(dt), False, (2, 3))
                assert wnp.empty(4, dtype=spelling).dtype == np.dtype(dt)


def test_modes_alternate():
    for _ in range(2):
        assert wnp.empty(3).dtype == np.float64
        with wnp.promotion_mode("x32"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                got = wnp.empty(3).dtype
                got64 = wnp.empty(3, "int64").dtype
            assert got == np.float32 and got64 == np.int32
            with pytest.warns(UserWarning):
                wnp.empty(3, "int64")
            assert wnp.empty(3, "int8").dtype == np.int8
        assert wnp.empty(3).dtype == np.float64
        assert wnp.empty(3, "int64").dtype == np.int64


def test_refusals_between_remembered_spellings():
    for _ in range(2):
        assert wnp.empty(2, "float32").dtype == np.float32
        with pytest.raises(TypeError):
            wnp.empty(2, "no such dtype")
        with pytest.raises(ValueError):
            wnp.empty(-1, "float32")
        with pytest.raises(TypeError):
            wnp.empty(2.5, "float32")
        assert wnp.empty((0, 3), "float32").shape == (0, 3)
        assert wnp.empty(2, "float32").dtype == np.float32


def test_require_without_requirements():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    for x in (wnp.asarray(a), wnp.full((2, 3), 1.5), a, [[1, 2], [3, 4]]):
        for call in (lambda v: wnp.require(v), lambda v: wnp.require(v, None, None),
                     lambda v: wnp.require(v, requirements=[]), lambda v: wnp.require(v, None, "")):
            r = call(x)
            want = np.require(np.asarray(x))
            assert r.dtype == want.dtype and r.shape == want.shape
            assert np.array_equal(np.asarray(r), want)
            assert r.weak_type is (isinstance(x, wnp.Array) and x.weak_type)
            if not isinstance(x, list):
                assert np.shares_memory(np.asarray(r), np.asarray(x))
            if isinstance(x, wnp.Array):   # NumPy's require returns its input itself
                assert r is x
    r = wnp.require(wnp.asarray(a), None, "F")
    assert np.asarray(r).flags.f_contiguous and np.array_equal(np.asarray(r), a)
    with pytest.raises(ValueError):
        wnp.require(wnp.asarray(a), None, np.array([1, 2]))
