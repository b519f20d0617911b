"""Sorting by the fastest exact route (``_core.sortkeys``) gives the stable sort's result
bit for bit: every value of each 8-bit float, large samples of the 16-bit ones, float32/64
with signed zeros and NaN payloads, 32-bit integers through packed keys.

Oracles: NumPy's own stable sort -- of the float16 array itself, of the ml_dtypes arrays
converted to float32 by ml_dtypes' cast (exact), of float32/float64/int32 themselves.
ml_dtypes' native sort agrees with the float32 oracle wherever it is defined (no NaN: its
comparison is not a strict weak order with NaN, so its sort of NaN-holding arrays is not
sorted at all).
"""

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from support import same_bits
from weaknp._core import dtypes
from weaknp._core import sortkeys
from weaknp._fast import narrow as fast_narrow

NARROW = [np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16), *dtypes.SMALL_FLOATS]


def _stable_order(keys, axis=-1, descending=False):
    """NumPy's stable argsort; descending keeps equal keys in their original order."""
    if not descending:
        return np.argsort(keys, axis=axis, kind="stable")
    n = keys.shape[axis]
    return n - 1 - np.flip(np.argsort(np.flip(keys, axis=axis), axis=axis, kind="stable"),
                           axis=axis)


def _oracle_keys(a):
    return a if a.dtype == np.float16 else a.astype(np.float32)


def _all_values(dt, rng):
    """Every value of an 8-bit (or narrower) float, each four times, shuffled; a sample of
    a 16-bit one with NaNs of both signs and payloads, infinities, zeros of both signs and
    subnormals."""
    bits = ml_dtypes.finfo(dt).bits if dt != np.float16 else 16
    if bits <= 8:
        pats = np.tile(np.arange(1 << bits, dtype=np.uint8), 4)
        rng.shuffle(pats)
        return pats.view(dt)
    pats = rng.integers(0, 1 << 16, 200_000).astype(np.uint16)
    special = np.array([0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x7C00, 0xFC00, 0x7E00,
                        0xFE00, 0x7C01, 0x7F80, 0xFF80, 0x7FC0, 0xFFC1, 0x0080, 0x007F],
                       np.uint16)
    pats[rng.integers(0, pats.size, 20_000)] = rng.choice(special, 20_000)
    return pats.view(dt)


@pytest.mark.parametrize("dt", NARROW, ids=str)
@pytest.mark.parametrize("descending", [False, True])
def test_narrow_sort_and_argsort_are_the_stable_sort(dt, descending):
    a = _all_values(dt, np.random.default_rng(5))
    want_idx = _stable_order(_oracle_keys(a), descending=descending)
    got_idx = np.asarray(wnp.argsort(a, descending=descending))
    assert np.array_equal(got_idx, want_idx)
    got = np.asarray(wnp.sort(a, descending=descending))
    assert got.dtype == dt
    assert got.view(f"u{dt.itemsize}").tobytes() == a[want_idx].view(f"u{dt.itemsize}").tobytes()


@pytest.mark.parametrize("dt", NARROW, ids=str)
@pytest.mark.parametrize("axis", [0, 1])
def test_narrow_sort_along_an_axis_and_in_place(dt, axis):
    a = np.resize(_all_values(dt, np.random.default_rng(6)), 1024).reshape(32, 32)
    for descending in (False, True):
        idx = _stable_order(_oracle_keys(a), axis=axis, descending=descending)
        want = np.take_along_axis(a, idx, axis=axis)
        assert np.array_equal(np.asarray(wnp.argsort(a, axis=axis, descending=descending)), idx)
        got = np.asarray(wnp.sort(a, axis=axis, descending=descending))
        assert got.tobytes() == want.tobytes()
    x = wnp.asarray(a.copy())
    x.sort(axis=axis)
    want = np.take_along_axis(a, _stable_order(_oracle_keys(a), axis=axis), axis=axis)
    assert np.asarray(x).tobytes() == want.tobytes()


@pytest.mark.parametrize("dt", [d for d in NARROW if d != np.float16], ids=str)
def test_the_float32_oracle_is_ml_dtypes_own_sort_where_that_is_defined(dt):
    a = _all_values(dt, np.random.default_rng(7))
    a = a[~np.isnan(a.astype(np.float32))]
    assert np.array_equal(np.argsort(a, kind="stable"), _stable_order(_oracle_keys(a)))


def _floats(dt, rng, n=50_000):
    """Ties everywhere: zeros of both signs, NaNs of both signs and several payloads."""
    vals = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, 2.5, -2.5], dt)
    a = rng.choice(vals, n)
    u = a.view(f"u{dt.itemsize}")
    nan = (np.array([0x7FC00001, 0xFFC00002, 0x7F800003], np.uint32) if dt == np.float32
           else np.array([0x7FF8000000000001, 0xFFF8000000000002], np.uint64))
    u[rng.integers(0, n, n // 10)] = rng.choice(nan, n // 10)
    return a


@pytest.mark.parametrize("dt", [np.dtype(np.float32), np.dtype(np.float64)], ids=str)
@pytest.mark.parametrize("descending", [False, True])
def test_float_sort_keeps_zeros_and_nans_in_their_order(dt, descending):
    rng = np.random.default_rng(8)
    for a in (_floats(dt, rng), _floats(dt, rng)[:999].reshape(27, 37)):
        for axis in range(a.ndim):
            idx = _stable_order(a, axis=axis, descending=descending)
            want = np.take_along_axis(a, idx, axis=axis)
            got = np.asarray(wnp.sort(a, axis=axis, descending=descending))
            assert got.tobytes() == want.tobytes()
            assert np.array_equal(np.asarray(wnp.argsort(a, axis=axis,
                                                         descending=descending)), idx)
    x = wnp.asarray(a.copy())
    x.sort()
    assert np.asarray(x).tobytes() == np.sort(a, kind="stable").tobytes()


@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_float_sort_without_ties_of_different_bits_sorts_in_place(dt):
    a = np.random.default_rng(9).random(10_000).astype(dt) - 0.5
    x = wnp.asarray(a.copy())
    buffer = np.asarray(x)
    x.sort()
    assert np.shares_memory(np.asarray(x), buffer)
    assert np.asarray(x).tobytes() == np.sort(a, kind="stable").tobytes()


@pytest.mark.parametrize("dt", ["int32", "uint32", "int8", "int64", "bool"])
@pytest.mark.parametrize("descending", [False, True])
def test_integer_argsort_is_stable(dt, descending):
    info = np.iinfo(dt) if dt != "bool" else None
    rng = np.random.default_rng(10)
    a = rng.integers(0, 4, 30_000).astype(dt)
    if info is not None:
        a[rng.integers(0, a.size, 300)] = info.min
        a[rng.integers(0, a.size, 300)] = info.max
    for b, axis in ((a, 0), (a.reshape(100, 300), 1), (a.reshape(100, 300), 0)):
        idx = _stable_order(b, axis=axis, descending=descending)
        assert np.array_equal(np.asarray(wnp.argsort(b, axis=axis, descending=descending)), idx)
        want = np.take_along_axis(b, idx, axis=axis)
        assert np.array_equal(np.asarray(wnp.sort(b, axis=axis, descending=descending)), want)


def _ties64(rng, n):
    """float64 data whose stable order is observable: runs of equal values, both zeros,
    NaNs of both signs and several payloads, infinities."""
    a = np.round(rng.standard_normal(n), 1)
    a[rng.integers(0, n, n // 20)] = 0.0
    a[rng.integers(0, n, n // 20)] = -0.0
    a[rng.integers(0, n, n // 50)] = np.inf
    u = a.view(np.uint64)
    nans = np.array([0x7FF8000000000001, 0xFFF8000000000002, 0x7FF0000000000003], np.uint64)
    u[rng.integers(0, n, n // 30)] = rng.choice(nans, n // 30)
    return a


@pytest.mark.parametrize("probe", [0, 4096])
@pytest.mark.parametrize("descending", [False, True])
def test_float64_argsort_repairs_numpys_default_to_the_stable_order(monkeypatch, probe,
                                                                    descending):
    """NumPy's default argsort, its runs of equal keys put back in position order, is the
    stable argsort (probe 0: the repair on every input, ties or not; blocks of the repair
    crossed by runs and rows)."""
    monkeypatch.setattr(sortkeys, "_PROBE", probe)
    monkeypatch.setattr(sortkeys, "_REPAIR_BLOCK", 1000)
    rng = np.random.default_rng(13)
    n = 40_000
    cases = [_ties64(rng, n), rng.random(n) - 0.5, np.zeros(n), np.full(n, -0.0),
             np.full(n, np.nan), np.where(rng.random(n) < 0.5, 0.0, -0.0),
             np.sort(_ties64(rng, n)), np.sort(_ties64(rng, n))[::-1].copy()]
    for a in cases:
        for b, axis in ((a, 0), (a.reshape(40, 1000), 1), (a.reshape(1000, 40), 1),
                        (a.reshape(200, 200), 0), (a.reshape(40, 1000), None),
                        (a.reshape(250, 160), 1),   # a last block of fewer rows
                        (np.asfortranarray(a.reshape(200, 200)), 1)):
            want = _stable_order(b.reshape(-1) if axis is None else b,
                                 axis=0 if axis is None else axis, descending=descending)
            got = wnp.argsort(b, axis=axis, descending=descending)
            assert np.array_equal(np.asarray(got), want)
            assert np.asarray(got).flags.c_contiguous
    a = _ties64(rng, n)
    assert (sortkeys.stable_argsort(a, 0, descending) is None) == (probe != 0)
    assert sortkeys.stable_argsort(rng.random(n), 0, descending) is not None


@pytest.mark.parametrize("dt", ["int64", "uint64"])
@pytest.mark.parametrize("descending", [False, True])
def test_64_bit_integers_of_32_bit_values_argsort_by_packed_keys(dt, descending):
    """int64/uint64 arrays holding int32/uint32 values sort by the packed 32-bit keys
    (the extremes of the 32-bit range included); one value beyond it: NumPy's stable
    argsort.  Both are the stable order."""
    rng = np.random.default_rng(14)
    lo, hi = (-(1 << 31), (1 << 31) - 1) if dt == "int64" else (0, (1 << 32) - 1)
    a = rng.integers(0, 50, 30_000).astype(dt)
    a[rng.integers(0, a.size, 300)] = lo
    a[rng.integers(0, a.size, 300)] = hi
    beyond = a.copy()
    beyond[17] = hi + 1
    for b, packed in ((a, True), (beyond, False)):
        assert (sortkeys.stable_argsort(b, 0, descending) is not None) == packed
        for c, axis in ((b, 0), (b.reshape(100, 300), 1), (b.reshape(100, 300), 0)):
            want = _stable_order(c, axis=axis, descending=descending)
            got = np.asarray(wnp.argsort(c, axis=axis, descending=descending))
            assert np.array_equal(got, want)


def test_kind_and_stable_are_honoured():
    a = np.array([3, 1, 2, 1, 3], np.int16)
    assert np.asarray(wnp.argsort(a, kind="stable")).tolist() == [1, 3, 2, 0, 4]
    assert np.asarray(wnp.argsort(a, stable=True)).tolist() == [1, 3, 2, 0, 4]
    # An unstable algorithm allowed: some order of the tied indices.
    for r in (wnp.argsort(a, kind="quicksort"), wnp.argsort(a, stable=False)):
        assert sorted(np.asarray(r).tolist()) == [0, 1, 2, 3, 4]
        assert a[np.asarray(r)].tolist() == [1, 1, 2, 3, 3]
    with pytest.raises(ValueError, match="argsort: kind='stable' and stable=True both given"):
        wnp.argsort(a, kind="stable", stable=True)
    with pytest.raises(ValueError, match="sort: kind='heapsort' and stable=False"):
        wnp.sort(a, kind="heapsort", stable=False)


def test_in_place_sort_of_a_flattened_nd_array_is_refused():
    x = wnp.asarray(np.arange(6.0).reshape(2, 3))
    with pytest.raises(ValueError, match=r"sort: x.sort\(axis=None\) of an n-d array"):
        x.sort(axis=None)
    y = wnp.asarray(np.array([3.0, 1.0, 2.0]))
    y.sort(axis=None)
    assert np.asarray(y).tolist() == [1.0, 2.0, 3.0]


@pytest.mark.parametrize("dt", NARROW, ids=str)
@pytest.mark.parametrize("side", ["left", "right"])
def test_narrow_searchsorted_is_the_float32_search(dt, side):
    rng = np.random.default_rng(11)
    v = _all_values(dt, rng)
    a = v[np.argsort(v.astype(np.float32), kind="stable")][::3]
    want = np.searchsorted(a.astype(np.float32), v.astype(np.float32), side=side)
    assert np.array_equal(np.asarray(wnp.searchsorted(a, v, side=side)), want)
    q = v[:20].reshape(4, 5)
    assert np.array_equal(np.asarray(wnp.searchsorted(a, q, side=side)),
                          want[:20].reshape(4, 5))
    assert int(wnp.searchsorted(a, v[7], side=side)) == want[7]
    perm = rng.permutation(a.size)
    unsorted, sorter = a[perm], np.argsort(perm)
    assert np.array_equal(np.asarray(wnp.searchsorted(unsorted, v, side=side,
                                                      sorter=sorter)), want)


@pytest.mark.parametrize("dt", NARROW, ids=str)
@pytest.mark.parametrize("side", ["left", "right"])
def test_narrow_searchsorted_of_few_keys_is_numpys_search_step_for_step(dt, side):
    """The probing search (no float32 copy of the array) gives NumPy's float32 indices
    on hostile input too: unsorted arrays (NumPy's search with its previous-key bounds),
    keys ascending/descending/shuffled with NaNs and both zeros, strided and reversed
    views, empty arrays and keys, 0-d keys."""
    rng = np.random.default_rng(21)
    v = _all_values(dt, rng)
    a = v[np.argsort(v.astype(np.float32), kind="stable")]
    keys = v[:1000].copy()
    with np.errstate(invalid="ignore"):   # NumPy's baseline casts flag signalling NaNs
        up = np.sort(keys.astype(np.float32)).astype(dt)
        down = np.sort(keys.astype(np.float32))[::-1].astype(dt)
    cases = [(a, keys), (a, up), (a, down),
             (v[:5000], keys),                   # unsorted: NumPy's indices all the same
             (a[::7], keys), (a[::-1], keys), (a[:0], keys), (a, keys[:0]),
             (a, keys[5]), (a[:1], keys), (v[::-3], keys[::2])]
    for arr, q in cases:
        want = np.searchsorted(arr.astype(np.float32), np.asarray(q).astype(np.float32),
                               side=side)
        got = wnp.searchsorted(arr, q, side=side)
        assert got.dtype == np.dtype(np.int64) and got.shape == np.shape(want)
        assert np.array_equal(np.asarray(got), want), (arr.strides, np.shape(q))
    zeros = np.array([0.0, -0.0, 0.0, -0.0], np.float32).astype(dt)
    for z in (0.0, -0.0):
        assert int(wnp.searchsorted(zeros, z, side=side)) == (0 if side == "left" else 4)


def test_narrow_searchsorted_keys_join_on_the_lattice():
    """A float32 key into a bfloat16 array searches in float32 (the lattice's join); a
    Python float is weak and becomes bfloat16 first (3.001 rounds to 3.0)."""
    a = np.array([1.0, 2.0, 3.0, 4.0], ml_dtypes.bfloat16)
    assert int(wnp.searchsorted(a, np.float32(3.001))) == 3
    assert int(wnp.searchsorted(a, 3.001)) == 2
    assert int(wnp.searchsorted(a, 3.001, side="right")) == 3
    with pytest.raises(ValueError, match="searchsorted: side must be"):
        wnp.searchsorted(a, 1.0, side="middle")


def test_narrow_searchsorted_hostile_arrays_raise_as_numpy():
    a = np.array([1.0, 2.0], ml_dtypes.bfloat16)
    with pytest.raises(ValueError):
        wnp.searchsorted(a.reshape(1, 2), 1.0)
    with pytest.raises(ValueError):
        wnp.searchsorted(a[0], 1.0)
    with pytest.raises(ValueError):      # a sorter of the wrong length: NumPy's error
        wnp.searchsorted(a, 1.0, sorter=np.array([0]))
    with pytest.raises(TypeError, match="narrow.searchsorted: needs"):
        fast_narrow.searchsorted(a, np.array([1.0]), "left")   # float64 keys


@pytest.mark.parametrize("dt", NARROW, ids=str)
def test_narrow_unique_is_the_float32_unique(dt):
    a = _all_values(dt, np.random.default_rng(12))
    vals, idx, inv, counts = np.unique(a.astype(np.float32), return_index=True,
                                       return_inverse=True, return_counts=True,
                                       equal_nan=False)   # the standard: NaNs distinct
    r = wnp.unique_all(a)
    assert same_bits(np.asarray(r.values).astype(np.float32), vals).all()
    assert np.array_equal(np.asarray(r.indices), idx)
    assert np.array_equal(np.asarray(r.inverse_indices), inv)
    assert np.array_equal(np.asarray(r.counts), counts)
    assert same_bits(np.asarray(wnp.unique_values(a)).astype(np.float32), vals).all()
    assert np.array_equal(np.asarray(wnp.unique_counts(a).counts), counts)
    assert np.array_equal(np.asarray(wnp.unique_inverse(a).inverse_indices), inv)


def _unique_cases(dt):
    """Ties of different bits (zeros of both signs, NaN payloads), 2-d, strided, reversed,
    empty, 0-d, one element."""
    a = _floats(np.dtype(dt), np.random.default_rng(13))
    b = np.random.default_rng(14).random(3000).astype(dt) - 0.5
    b[::7] = 0.0
    return [a, a[:1000].reshape(25, 40), a[::3], a[::-1], a[:999].reshape(27, 37)[:, ::-2],
            b, b[::-1], -b, a[:0], a[:0].reshape(0, 3), np.asarray(a[5]), a[:1],
            np.full(50, np.nan, dt)]


@pytest.mark.parametrize("dt", ["float32", "float64", np.float16, ml_dtypes.bfloat16,
                                ml_dtypes.float8_e4m3fn])
def test_unique_values_and_counts_are_numpy_stable_unique(dt):
    """The values NumPy's stable unique keeps (the first of each run of equal values, every
    NaN its own) and its counts, bit for bit; the narrow dtypes against the float32 unique
    of ml_dtypes' exact cast."""
    for a in _unique_cases(dt):
        keys = _oracle_keys(a) if a.dtype.itemsize <= 2 else a
        vals, first, counts = np.unique(keys, return_index=True, return_counts=True,
                                        equal_nan=False)
        want = a.reshape(-1)[first]   # the input's own elements: its bits
        got = np.asarray(wnp.unique_values(a))
        assert got.dtype == a.dtype
        assert got.tobytes() == want.tobytes()
        c = wnp.unique_counts(a)
        assert np.asarray(c.values).tobytes() == want.tobytes()
        assert np.asarray(c.counts).dtype == np.int64
        assert np.array_equal(np.asarray(c.counts), counts)
        assert same_bits(np.asarray(want, keys.dtype) if a.dtype.itemsize <= 2 else want,
                         vals).all()


@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_in_place_sort_finds_ties_of_different_bits_across_blocks(dt):
    """``x.sort()`` scans for a NaN or both zeros before sorting its own buffer with NumPy's
    default sort: one zero of each sign blocks apart, zeros of one sign only, a NaN in the
    last block; each gives the stable sort's bits (oracle: NumPy's stable sort)."""
    n = 5 * sortkeys.BLOCK + 17
    base = np.random.default_rng(15).random(n).astype(dt) + 1
    cases = {}
    a = base.copy()
    a[3], a[-3] = -0.0, 0.0
    cases["both zeros, blocks apart"] = (a, False)
    a = base.copy()
    a[::5] = -0.0
    cases["only -0.0"] = (a, True)
    a = base.copy()
    a[::5] = 0.0
    cases["only +0.0"] = (a, True)
    a = base.copy()
    a[-1] = -np.nan
    a[7] = np.nan
    cases["NaNs of both signs, last block"] = (a, False)
    for name, (a, in_place) in cases.items():
        x = wnp.asarray(a.copy())
        buffer = np.asarray(x)
        x.sort()
        assert np.asarray(x).tobytes() == np.sort(a, kind="stable").tobytes(), name
        assert np.asarray(wnp.sort(a)).tobytes() == np.sort(a, kind="stable").tobytes(), name
        assert sortkeys.equal_but_not_same(a) is not in_place, name
        if in_place:
            assert np.shares_memory(np.asarray(x), buffer), name


@pytest.mark.parametrize("dt", ["int32", "uint32", "int64", "uint64", "int16"])
def test_integer_unique_values_by_sort_or_hash_are_numpy_sorted_unique(dt):
    """Many distinct values take a sort (NumPy's hash unique is up to ~25x slower there),
    few take NumPy's hash unique: both give NumPy's sorted unique values."""
    from weaknp._api import sets
    info = np.iinfo(dt)
    rng = np.random.default_rng(16)
    many = rng.integers(info.min, info.max, 40_000, dtype=dt, endpoint=True)
    many[::1000] = info.min
    many[1::1000] = info.max
    few = rng.integers(0, 50, 40_000).astype(dt)
    for a, is_many in ((many, dt != "int16"), (few, False)):
        for b in (a, a[::-1], a.reshape(200, 200)[:, ::2], a.reshape(200, 200).T):
            assert sets._many_distinct(b) is (is_many and b.size > 4 * sets._SAMPLE)
            got = np.asarray(wnp.unique_values(b))
            assert got.dtype == b.dtype
            assert np.array_equal(got, np.unique(b))
