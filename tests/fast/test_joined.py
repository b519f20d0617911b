"""The compiled core's ``joined`` (the operands of a function joined on the lattice, when
every one is an Array or an ndarray): it gives what the general path
(``_array.operands._joined`` over ``operand``) gives -- the same dtype, weak flag, the
same payload objects where no cast is needed and the same cast values and exceptions
where one is -- for every pair of operand nodes in every mode; every other input (lists,
Python scalars, subclasses, dtypes outside the lattice, no join, hostile values) is None,
before anything is cast, and never crashes."""

import itertools
import warnings

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from support import same_array
from weaknp._array import operands as O
from weaknp._core import dtypes
from weaknp._core.config import MODES
from weaknp._fast.calls import joined
from weaknp._fast.dispatch import operand

# one array of every lattice dtype (values every dtype holds), and a weak array of each kind
_ARRAYS = [wnp.asarray(np.asarray([0, 1], dtype=dt)) for dt in dtypes.ALL_DTYPES]
_WEAK = [wnp.asarray(v) for v in (1, 1.0, 1j)]


def _general(values):
    """The general path's answer: ``(payloads, dtype, weak)`` or the exception."""
    try:
        return O._joined("f", [operand(v) for v in values])
    except Exception as e:  # noqa: BLE001 - the exception is the outcome
        return e


def _fast(values):
    """``joined``'s answer, or the exception it raised (a cast the general path makes)."""
    try:
        return joined("f", values)
    except Exception as e:  # noqa: BLE001 - the exception is the outcome
        return e


def _same(got, want):
    if isinstance(want, Exception):
        # no join: None (the general path raises); a failing cast: the same exception
        assert got is None or (type(got) is type(want) and str(got) == str(want)), (got, want)
        return
    assert got is not None, f"joined gave None where the general path gives {want[1:]}"
    assert not isinstance(got, Exception), got
    gd, gdt, gw = got
    wd, wdt, ww = want
    assert (gdt, gw) == (wdt, ww)
    assert len(gd) == len(wd)
    for g, w in zip(gd, wd):
        assert type(g) is np.ndarray and g.dtype == w.dtype and g.shape == w.shape
        assert g.tobytes() == w.tobytes()


@pytest.mark.parametrize("mode", MODES)
def test_pairs_agree_with_general_path(mode):
    with wnp.promotion_mode(mode), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for x, y in itertools.product(_ARRAYS + _WEAK, repeat=2):
            _same(_fast([x, y]), _general([x, y]))
            # an ndarray operand is the strong array of its dtype
            _same(_fast((x._data, y)), _general([x._data, y]))


def test_literal_joins():
    f32 = np.arange(3, dtype=np.float32)
    f64 = np.arange(3, dtype=np.float64)
    i8 = wnp.asarray(np.arange(3, dtype=np.int8))
    (a, b), dt, weak = joined("f", [wnp.asarray(f32), f64])
    assert dt == np.float64 and weak is False
    assert b is f64 and a.dtype == np.float64 and a.tolist() == [0.0, 1.0, 2.0]
    (a, b), dt, weak = joined("f", [i8, wnp.asarray(2.5)])
    assert dt == np.float64 and weak is True    # int8 with weak float: the weak float
    assert a.tolist() == [0.0, 1.0, 2.0] and b.tolist() == 2.5
    (a,), dt, weak = joined("f", (wnp.asarray(7),))
    assert dt == np.int64 and weak is True and a.tolist() == 7
    # three and more operands fold the join: int8, uint8, float16 -> float16
    ds, dt, weak = joined("f", [i8, np.arange(3, dtype=np.uint8), np.ones(1, np.float16)])
    assert dt == np.float16 and weak is False and [d.dtype for d in ds] == [np.float16] * 3
    # a weak array's cast is the Python scalar's: out of range raises as the general path
    with pytest.raises(OverflowError):
        joined("f", [i8, wnp.asarray(1000)])


def test_everything_else_is_none():
    x = wnp.asarray(np.arange(3, dtype=np.float32))
    n = np.arange(3, dtype=np.int16)

    class Sub(np.ndarray):
        pass

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        matrix = np.matrix([[1, 2]])
    hostile = [None, 1, 2.5, 1j, True, 10**400, "x", b"x", [1, 2], (1,), range(3), {},
               object(), n.astype(">i2"), n.view(Sub), matrix,
               np.ma.masked_array([1, 2]), np.asarray([object()], dtype=object),
               np.asarray(["a"]), np.asarray([1], dtype="datetime64[s]"), np.float32(1),
               np.int64(2), wnp.asarray(["a", "b"]), wnp.ma.masked_array([1, 2], mask=[0, 1])]
    for h in hostile:
        assert joined("f", [x, h]) is None, h
        assert joined("f", (h,)) is None, h
    for values in [None, 3, "ab", x, n, {0: x}, iter([x]), [], (), [x] * 65]:
        assert joined("f", values) is None, values
    # no join (float8 never promotes): None, the general path raises the message
    f8 = wnp.asarray(np.zeros(2, dtype=ml_dtypes.float8_e4m3fn))
    assert joined("f", [x, f8]) is None
    with pytest.raises(TypeError, match="^f: "):
        O.array_likes("f", [x, f8])
    # 0-d arrays and empty arrays are arrays like any other
    (a, b), dt, _ = joined("f", [wnp.asarray(np.float32(1)), np.zeros((0, 3), np.float64)])
    assert dt == np.float64 and a.shape == () and b.shape == (0, 3)


def test_corrupt_node_never_crashes():
    # ``_node`` is writable: a value no lattice has raises (as the general path's join),
    # or passes where the node is the same object as the other operand's; never a crash
    x = wnp.asarray(np.arange(3, dtype=np.float32))
    for bad in [None, -1, 10**6, 2**70, "float32", 1.5, object()]:
        y = wnp.asarray(np.arange(3, dtype=np.float64))
        y._node = bad
        try:
            joined("f", [x, y])
        except (TypeError, IndexError, KeyError, OverflowError):
            pass
        y._data = None
        assert joined("f", [x, y]) is None


def test_functions_through_joined_keep_results():
    """The functions on the fast path give NumPy's values in the lattice's dtype."""
    rng = np.random.default_rng(5)
    f32 = rng.random(7).astype(np.float32)
    f64 = rng.random(7)
    i8 = np.arange(-3, 4, dtype=np.int8)
    a32, a64, a8 = wnp.asarray(f32), wnp.asarray(f64), wnp.asarray(i8)
    same_array(wnp.inner(a32, a32), np.inner(f32, f32))
    same_array(wnp.inner(a32, a64), np.inner(f32.astype(np.float64), f64))
    same_array(wnp.vdot(a8, a8), np.vdot(i8, i8))
    same_array(wnp.inner(a8, 2), np.inner(i8, np.int8(2)))            # weak 2: int8
    same_array(wnp.polyadd(a32, a64[:3]), np.polyadd(f32.astype(np.float64), f64[:3]))
    same_array(wnp.polysub(f32, a32), np.polysub(f32, f32))
    m = rng.random((3, 3)).astype(np.float32)
    o = wnp.empty((3,), dtype=wnp.float32)
    r = wnp.dot(wnp.asarray(m), a32[:3], out=o)                      # out=: general branch
    assert r is o
    same_array(o, np.dot(m, f32[:3]))
    t1, t2 = f32[:6].reshape(2, 3), f32[1:].reshape(2, 3)
    same_array(wnp.cross(t1, t2, axis=1), np.cross(t1, t2, axis=1))
    with pytest.raises(TypeError, match="^inner: expected 2 operands, got 1"):
        wnp.inner(a32)
    same_array(wnp.convolve(a8, a8[:3]), np.convolve(i8.astype(np.float32),
                                                     i8[:3].astype(np.float32)))
    same_array(wnp.correlate(a32, a32[:3]), np.correlate(f32, f32[:3]))
    same_array(wnp.trace(wnp.asarray(m)), np.asarray(np.trace(m)))
    same_array(wnp.asarray(m).trace(1), np.asarray(np.trace(m, 1)))
    same_array(wnp.trace(wnp.asarray(i8[:4].reshape(2, 2))), np.asarray(-3, np.int64))
    h = m.astype(np.float16)
    same_array(wnp.trace(wnp.asarray(h)),
               np.asarray(np.trace(h.astype(np.float32))).astype(np.float16))
    # an overflowing float sum is inf, quietly (decision 15), as before
    big = np.full((2, 2), 3e38, np.float32)
    same_array(wnp.trace(big), np.asarray(np.inf, np.float32))
    same_array(wnp.inner(big[0], big[0]), np.asarray(np.inf, np.float32))


def test_small_functions_keep_results():
    c = np.ones((3, 2), order="C")
    f = np.asfortranarray(c)
    assert wnp.isfortran(wnp.asarray(f)) is True and wnp.isfortran(c) is False
    assert wnp.isfortran(np.ones(3)) is False
    r = wnp.unravel_index(wnp.asarray(np.array([5, 7], np.int8)), (3, 4))
    assert type(r) is tuple and len(r) == 2
    for got, want in zip(r, np.unravel_index([5, 7], (3, 4))):
        same_array(got, want.astype(np.int64))
    r = wnp.diag_indices(3)
    assert type(r) is tuple
    for got, want in zip(r, np.diag_indices(3)):
        same_array(got, want.astype(np.int64))
    same_array(wnp.ravel_multi_index((np.array([1, 2]), np.array([0, 3])), (3, 4)),
               np.array([4, 11], np.int64))


def test_data_of():
    """``data_of`` (compiled): an Array's own payload and flag; anything else is
    ``to_ndarray``'s reading, the same value or the same exception and message."""
    from weaknp._array.convert import to_ndarray
    from weaknp._fast.calls import data_of
    x = wnp.asarray(np.arange(3, dtype=np.int8))
    d, w = data_of(x, "f")
    assert d is x._data and w is False
    assert data_of(wnp.asarray(2.5), "f")[1] is True
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        matrix = np.matrix([[1, 2]])
    for v in [None, 1, 2.5, 10**400, "x", [1, 2], [[1], [2, 3]], (), object(), {}, matrix,
              np.asarray([object()], dtype=object), np.float32(1), np.arange(3)[::2],
              np.ma.masked_array([1, 2]), wnp.ma.masked_array([1, 2], mask=[0, 1])]:
        try:
            want = to_ndarray(v, None, None, "f")
        except Exception as e:  # noqa: BLE001 - the exception is the outcome
            with pytest.raises(type(e)) as got:
                data_of(v, "f")
            assert str(got.value) == str(e)
            continue
        got = data_of(v, "f")
        assert got[1] == want[1] and got[0].dtype == want[0].dtype
        assert got[0].tobytes() == want[0].tobytes()
