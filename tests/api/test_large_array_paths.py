"""The one-pass, no-copy routes of clip, round, bincount and zeros give NumPy's values."""

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from support import same_bits


@pytest.mark.parametrize("dt", ["float16", "float32", "float64"])
@pytest.mark.parametrize("lo,hi", [(0.0, 1.0), (-0.0, 1.0), (-1.0, 0.0), (-1.0, -0.0)])
def test_clip_keeps_x_bits_where_x_equals_a_bound_as_np_clip(dt, lo, hi):
    a = np.array([-0.0, 0.0, 0.5, -0.5, 2.0, -2.0, np.nan], dt)
    want = np.clip(a, np.array(lo, dt), np.array(hi, dt))
    got = wnp.clip(wnp.asarray(a), lo, hi)
    assert same_bits(got, want).all()
    assert np.signbit(np.asarray(got)).tolist() == np.signbit(want).tolist()


def test_clip_of_a_cast_operand_clips_that_temporary():
    a = np.array([-3, 0, 7, 12], np.int8)
    got = wnp.clip(a, 0.5, 9.5)     # int8 with weak floats: weak float64 (cast first)
    assert np.asarray(got).dtype == np.float64 and got.weak_type
    assert np.asarray(got).tolist() == [0.5, 0.5, 7.0, 9.5]
    bf = wnp.asarray(np.array([-2.0, 0.25, 3.0], ml_dtypes.bfloat16))
    assert np.asarray(wnp.clip(bf, 0, 1)).astype(np.float32).tolist() == [0.0, 0.25, 1.0]


def test_round_with_decimals_puts_back_only_overflowed_values():
    a = np.array([1.23456, 1.7e308, -1.7e308, np.inf, -np.inf, np.nan, 2.5e-3])
    got = np.asarray(wnp.round(a, 2))
    assert got[[0, 6]].tolist() == [1.23, 0.0]
    assert got[1:3].tolist() == [1.7e308, -1.7e308]    # no digits there: x unchanged
    assert np.isposinf(got[3]) and np.isneginf(got[4]) and np.isnan(got[5])
    assert np.asarray(wnp.round(np.array([1.25, 2.675]), 1)).tolist() == \
        np.round(np.array([1.25, 2.675]), 1).tolist()


@pytest.mark.parametrize("dt", ["bool", "int8", "uint16", "int32", "uint32", "int64",
                                "uint64"])
def test_bincount_reads_every_integer_dtype(dt):
    a = np.array([0, 1, 1, 3, 1], dt) if dt != "bool" else np.array([True, False, True])
    want = np.bincount(a.astype(np.int64))
    got = wnp.bincount(a)
    assert np.asarray(got).tolist() == want.tolist()
    w = np.linspace(0.5, 2.5, a.size)
    assert np.asarray(wnp.bincount(a, weights=w)).tolist() == \
        np.bincount(a.astype(np.int64), w).tolist()


@pytest.mark.parametrize("dt", ["float64", "int8", "bool", "complex64", "float16"])
def test_zeros_are_zero_bits(dt):
    got = np.asarray(wnp.zeros((3, 2), dtype=dt))
    assert got.dtype == dt and not got.view(np.uint8).any()
