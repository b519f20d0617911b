"""einsum of narrow floats over the narrow input, bit for bit as NumPy's float32 einsum of
the operands widened to float32 and rounded back.

Covered routes: the sum of products over the last axis (``narrow.vecdot``: "ij,ij->i",
"i,i", "...i,...i->...", and a vector broadcast over the rows, "ij,j->i", "j,ij->i",
implicit "ij,j"), and one operand summing its leading axes (``narrow.einsum_sum``:
"ij->j", "ijk->jk", "ijk->k").  The other subscripts, layouts and ``optimize=`` keep
einsum on float32 copies; they are checked here too.  Oracle: NumPy only
(``astype(float32)``, ``np.einsum``, ``astype`` back); NaN, inf, both zeros, subnormals,
float32 overflow in the data; every narrow float type; every conversion level.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from weaknp._core import dtypes
from test_narrow_products import _data   # NaN, inf, both zeros, subnormals, max

F32 = np.dtype(np.float32)
TYPES = [np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16), *dtypes.SMALL_FLOATS]
IDS = [d.name for d in TYPES]


def _oracle(spec, xs, dt, **kw):
    with np.errstate(all="ignore"):
        return np.asarray(np.einsum(spec, *[x.astype(F32) for x in xs], **kw)).astype(dt)


def _same(got, want):
    got = np.asarray(got)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.tobytes() == want.tobytes(), np.flatnonzero(
        got.reshape(-1).view(np.uint8 if got.itemsize == 1 else np.uint16)
        != want.reshape(-1).view(np.uint8 if want.itemsize == 1 else np.uint16))[:5]


CASES = [
    ("ij->j", [(300, 200)]), ("ij->j", [(5, 2)]), ("ij->j", [(2000, 3)]),
    ("ij->j", [(1, 7)]), ("ij->j", [(9, 1)]), ("ijk->jk", [(40, 4, 5)]),
    ("ijk->k", [(30, 4, 5)]), ("ij->i", [(30, 20)]), ("ij->", [(30, 20)]),
    ("ij,j->i", [(300, 200), (200,)]), ("j,ij->i", [(200,), (300, 200)]),
    ("ij,j", [(30, 37), (37,)]), ("ij,j->i", [(1, 9000), (9000,)]),
    ("ij,ij->i", [(30, 20), (30, 20)]), ("i,i", [(20011,), (20011,)]),
    ("i,i->", [(37,), (37,)]), ("...i,...i->...", [(30, 20), (20,)]),
    ("ij,jk->ik", [(20, 30), (30, 10)]), ("ij,jk", [(7, 5), (5, 3)]),
    ("ij,ji->i", [(6, 6), (6, 6)]), ("ii->i", [(5, 5)]),
]


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_einsum_is_float32_einsum_rounded(dt, conversions):
    for k, (spec, shapes) in enumerate(CASES):
        xs = [_data(dt, s, 10 * k + i) for i, s in enumerate(shapes)]
        _same(wnp.einsum(spec, *xs), _oracle(spec, xs, dt))


@pytest.mark.parametrize("dt", [np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16),
                                np.dtype(ml_dtypes.float8_e5m2)], ids=str)
def test_einsum_of_hostile_layouts_and_values(dt, conversions):
    """Non-contiguous, Fortran-ordered, reversed, empty and all-NaN/all-(-0.0) operands,
    NaN payloads of both signs, columns of one NaN, float32 overflow."""
    a = _data(dt, (64, 48), 1)
    v = _data(dt, (48,), 2)
    with np.errstate(all="ignore"):
        big = np.full((40, 6), float(ml_dtypes.finfo(dt).max), F32).astype(dt)
        negz = np.full((4, 3), -0.0, F32).astype(dt)
    nan = a.copy()
    if np.isnan(np.array(np.nan, F32).astype(dt)):
        bits = nan.view(np.uint8 if dt.itemsize == 1 else np.uint16)
        qnan = np.array(np.nan, F32).astype(dt).view(bits.dtype)
        bits[3, 5] = qnan | 1 if dt.itemsize == 2 else qnan
        bits[7, 5] = qnan ^ (0x8000 if dt.itemsize == 2 else 0x80)
        bits[:, 9] = qnan
    cases = [("ij->j", [a[::2]]), ("ij->j", [a[:, ::-1]]), ("ij->j", [np.asfortranarray(a)]),
             ("ij->j", [a[:0]]), ("ij->j", [a[:, :0]]), ("ij->j", [big]), ("ij->j", [negz]),
             ("ij->j", [nan]), ("ijk->k", [nan.reshape(8, 8, 48)]),
             ("ij,j->i", [a[::3], v]), ("ij,j->i", [a[:, ::2], v[::2]]),
             ("ij,j->i", [nan, v]), ("ij,j->i", [big, big[0]]), ("ij,j->i", [a[:0], v]),
             ("j,ij->i", [v, np.asfortranarray(a)])]
    for spec, xs in cases:
        _same(wnp.einsum(spec, *xs), _oracle(spec, xs, dt))
    for spec, xs in cases[:3]:   # optimize= keeps NumPy's path (its own bits)
        _same(wnp.einsum(spec, *xs, optimize=True), _oracle(spec, xs, dt, optimize=True))


def test_einsum_of_narrow_keeps_dtype_weak_flag_and_out():
    a = _data(np.dtype(ml_dtypes.bfloat16), (10, 4), 3)
    r = wnp.einsum("ij->j", wnp.asarray(a))
    assert r.dtype == a.dtype and not r.weak_type
    out = wnp.zeros(4, dtype=ml_dtypes.bfloat16)
    assert wnp.einsum("ij->j", a, out=out) is out
    _same(out, _oracle("ij->j", [a], a.dtype))
    r = wnp.einsum("ij,j->i", a, a[0].astype(np.float32))   # mixed: float32 result
    assert r.dtype == F32
    with np.errstate(all="ignore"):
        want = np.einsum("ij,j->i", a.astype(F32), a[0].astype(F32))
    assert np.asarray(r).tobytes() == want.tobytes()


@pytest.mark.parametrize("dt", TYPES, ids=IDS)
def test_dot_of_one_vector_with_itself_is_sdot_of_its_widening(dt, conversions):
    """``dot(x, x)`` widens ``x`` once; the bits are NumPy's float32 ``dot`` of the
    widened vector (and of two separate copies) rounded back."""
    x = _data(dt, (100_003,), 4)
    with np.errstate(all="ignore"):
        want = np.asarray(np.dot(x.astype(F32), x.astype(F32))).astype(dt)
    y = _data(dt, (100_003,), 5)
    with np.errstate(all="ignore"):   # the data overflow float32 (NumPy's warning)
        for f in (wnp.dot, wnp.inner, wnp.vdot, wnp.matmul):
            _same(f(x, x), want)
        _same(wnp.asarray(x) @ wnp.asarray(x), want)
        _same(wnp.dot(x[:1000], x[:1000]), np.asarray(
            np.dot(x[:1000].astype(F32), x[:1000].astype(F32))).astype(dt))
        want = np.asarray(np.dot(x.astype(F32), y.astype(F32))).astype(dt)
        _same(wnp.dot(x, y), want)
