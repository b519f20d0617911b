"""Dtypes outside the lattice (decision 72): records, strings, bytes, datetime64,
timedelta64 and void are carried with NumPy's own rules; the lattice governs every
numeric result.  Expected values come from NumPy itself on the same input."""

from __future__ import annotations

import datetime

import numpy as np
import pytest

import weaknp as wnp
from support import same_array

REC = [("name", "U10"), ("age", "i4"), ("weight", "f4")]


def people():
    n = np.array([("Alice", 31, 55.0), ("Bob", 25, 80.5), ("Cleo", 47, 60.25)], dtype=REC)
    return n, wnp.array([("Alice", 31, 55.0), ("Bob", 25, 80.5), ("Cleo", 47, 60.25)],
                        dtype=REC)


def same_outside(got, want):
    """An Array of NumPy's dtype, shape and bytes (``want`` is NumPy's answer)."""
    assert isinstance(got, wnp.Array) and not got.weak_type
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.asarray(got).tobytes() == np.asarray(want).tobytes()


@pytest.mark.parametrize("maker", ["zeros", "ones", "empty"])
@pytest.mark.parametrize("dt", [REC, "U5", "S3", "datetime64[D]", "timedelta64[s]", "V4"])
def test_creation_takes_outside_dtypes(maker, dt):
    got, want = getattr(wnp, maker)((2, 3), dtype=dt), getattr(np, maker)((2, 3), dtype=dt)
    assert got.dtype == want.dtype and got.shape == want.shape
    if maker != "empty":
        same_outside(got, want)


def test_asarray_full_like_and_astype():
    same_outside(wnp.asarray(["Bonjour", "Hello"]), np.asarray(["Bonjour", "Hello"]))
    same_outside(wnp.asarray(b"ab"), np.asarray(b"ab"))
    same_outside(wnp.full(2, "ab"), np.full(2, "ab"))
    same_outside(wnp.full(2, "2025-01-02", dtype="M8[D]"), np.full(2, "2025-01-02", dtype="M8[D]"))
    s = wnp.asarray(["pear", "apple"])
    same_outside(wnp.zeros_like(s), np.zeros_like(np.asarray(["pear", "apple"])))
    same_outside(s.astype("U2"), np.asarray(["pear", "apple"]).astype("U2"))
    same_outside(wnp.asarray([1, 22]).astype(str), np.asarray([1, 22]).astype(str))
    same_array(wnp.asarray(["1", "22"]).astype(wnp.int16), [1, 22], np.int16)
    same_outside(wnp.asarray(["2025-01-01"], dtype="datetime64[D]"),
                 np.asarray(["2025-01-01"], dtype="datetime64[D]"))


def test_object_stays_refused():
    with pytest.raises(TypeError, match="object"):
        wnp.zeros(2, dtype=object)
    with pytest.raises(ValueError):   # ragged: NumPy's object array is refused
        wnp.asarray([[1], [1, 2]])


def test_record_fields_are_lattice_arrays():
    n, r = people()
    age = r["age"]
    same_array(age, n["age"], np.int32)
    same_array(age + 1, n["age"] + 1, np.int32)          # the lattice: int32 + weak int
    same_array(r["weight"] * 2, n["weight"] * 2, np.float32)
    r["age"] = [1, 2, 3]
    n["age"] = [1, 2, 3]
    same_outside(r, n)
    r[0] = ("Zed", 9, 1.0)
    n[0] = ("Zed", 9, 1.0)
    same_outside(r, n)
    same_outside(r[1], np.asarray(n[1]))                 # a record element: 0-d, NumPy's bytes
    assert r.dtype.names == n.dtype.names


@pytest.mark.parametrize("key", [0, 1, -1, -3, np.int64(2), np.uint8(1)])
def test_a_record_element_takes_field_positions_as_numpy_void(key):
    n, r = people()
    want, field = n[1][key], n.dtype[int(key)]            # numpy.void's answer
    same_array(r[1][key], np.asarray(want, field), field)
    same_array(r[1][wnp.asarray(int(key))], np.asarray(want, field), field)
    void, element = n[1], r[1]
    void[key] = 7
    element[key] = 7
    same_array(element[key], np.asarray(void[key], field), field)
    same_array(element[n.dtype.names[key]], np.asarray(void[key], field), field)  # by name


def test_a_record_element_refuses_other_positions_and_keeps_numpy_s_errors():
    n, r = people()
    for key in (3, -4):
        with pytest.raises(IndexError):
            n[1][key]
        with pytest.raises(IndexError, match=r"__getitem__: index -?\d is out of range for "
                                             r"a record of 3 fields; use -3..2 or a field"):
            r[1][key]
        element = r[1]
        with pytest.raises(IndexError, match="__setitem__: index .* out of range"):
            element[key] = 1
        same_outside(element, np.asarray(n[1]))           # the failed store changed nothing
    for key in (slice(1, None), (0,), [0, 1]):            # numpy.void refuses these too
        with pytest.raises(IndexError):
            n[1][key]
        with pytest.raises(IndexError, match="__getitem__: too many indices"):
            r[1][key]
    with pytest.raises(IndexError, match="__getitem__: too many indices"):
        wnp.asarray(np.float32(1.5))[0]                  # not a record: as before


def test_records_and_void_compare_as_numpy_s_operators():
    # np.equal has no loop for records or void; NumPy's == compares records field by field
    # (promoting each field) and void by bytes (the user guide's basics.rec and
    # basics.types examples)
    a = np.array([(1, 1), (2, 2)], dtype=[("a", "i4"), ("b", "i4")])
    for b in (np.array([(1, 1), (2, 3)], dtype=[("a", "i4"), ("b", "i4")]),
              np.array([(1.0, 1), (2.5, 2)], dtype=[("a", "f4"), ("b", "i4")])):
        for x, y in ((wnp.asarray(a), wnp.asarray(b)), (wnp.asarray(a), b)):
            same_outside(x == y, np.array([True, False]))
            same_outside(x != y, np.array([False, True]))
    raw = [b"hello\0\0", b"world"]
    v = np.array(raw, dtype="S7").view("V7")
    w = wnp.asarray(v)
    same_outside(w[0] == np.void(raw[0]), np.array(True))
    same_outside(w == wnp.asarray(v[:1]), np.array([True, False]))
    # no answer in NumPy either: all False / all True, as before
    same_outside(wnp.asarray(["a", "b"]) == wnp.asarray([1, 2]), np.array([False, False]))
    same_outside(wnp.asarray(["a", "b"]) != wnp.asarray([1, 2]), np.array([True, True]))


def test_elements_print_as_numpy_s_scalars():
    # x[i] is weaknp's scalar (decision 45): str() as NumPy's element, for every outside kind
    n = np.array([b"hello\0\0", b"world"], dtype="S7")
    assert str(wnp.asarray(n)[0]) == str(n[0]) == "b'hello'"    # the user guide's basics.types
    for n in (np.array(["hi", "yo"]), np.array(["2020-01-01"], dtype="datetime64[D]"),
              np.array([3], dtype="timedelta64[s]"), np.array([(1, 2.5)], dtype="i4,f4"),
              n.view("V7")):
        assert str(wnp.asarray(n)[0]) == str(n[0])
    assert str(wnp.asarray(n)) == str(n)


def test_records_sort_by_order():
    n, r = people()
    for order in ("age", ["weight", "name"], "name"):
        same_outside(wnp.sort(r, order=order), np.sort(n, order=order, kind="stable"))
        same_array(wnp.argsort(r, order=order),
                   np.argsort(n, order=order, kind="stable"), np.int64)
    r.sort(order="age")
    n.sort(order="age", kind="stable")
    same_outside(r, n)
    with pytest.raises(ValueError, match="order= names fields"):
        wnp.sort(wnp.asarray([2, 1]), order="x")


def test_strings_follow_numpy():
    a = ["pear", "apple", "fig", "apple"]
    s, n = wnp.asarray(a), np.asarray(a)
    same_array(s == "apple", n == "apple", np.bool_)
    same_array(s < "b", n < "b", np.bool_)
    same_array(s == wnp.asarray(a[::-1]), n == np.asarray(a[::-1]), np.bool_)
    same_outside(s + s, n + n)
    with pytest.raises(TypeError):   # NumPy 2's operator too: numpy.strings.multiply does it
        s * 2
    same_outside(s[s > "b"], n[n > "b"])
    same_outside(wnp.sort(s), np.sort(n))
    same_array(wnp.argsort(s), np.argsort(n, kind="stable"), np.int64)
    same_outside(wnp.unique(s), np.unique(n))
    same_outside(wnp.concatenate([s, s[:1]]), np.concatenate([n, n[:1]]))
    same_outside(wnp.stack([s, s]), np.stack([n, n]))
    assert str(s) == str(n) and s.tolist() == n.tolist()
    assert repr(s) == "A" + repr(n)[1:]
    # numbers and strings: NumPy's answers (== all False; + has no loop)
    same_array(wnp.asarray([1, 2]) == "a", np.asarray([1, 2]) == "a", np.bool_)
    with pytest.raises(TypeError, match="add: NumPy defines no add for int64 and string"):
        wnp.asarray([1, 2]) + s[:2]
    with pytest.raises(wnp.TypePromotionError, match="concat: a string, record"):
        wnp.concatenate([s, wnp.asarray([1])])


def test_dates_follow_numpy():
    days = wnp.arange("2025-01", "2025-03", dtype="datetime64[D]")
    n = np.arange("2025-01", "2025-03", dtype="datetime64[D]")
    same_outside(days, n)
    same_outside(days - days[0], n - n[0])                       # timedelta64
    same_outside((days - days[0]) * 2, (n - n[0]) * 2)
    same_array((days[1:] - days[:-1]) / np.timedelta64(1, "h"),
               (n[1:] - n[:-1]) / np.timedelta64(1, "h"), np.float64)
    same_outside(days + np.timedelta64(1, "W"), n + np.timedelta64(1, "W"))
    same_array(days < np.datetime64("2025-01-10"), n < np.datetime64("2025-01-10"), np.bool_)
    same_array(days == datetime.date(2025, 1, 3), n == np.datetime64("2025-01-03"), np.bool_)
    same_outside(wnp.diff(days[:3]), np.diff(n[:3]))
    t = wnp.asarray(["NaT", "2025-01-01"], dtype="M8[D]")
    same_array(wnp.isnat(t), np.isnat(np.asarray(["NaT", "2025-01-01"], dtype="M8[D]")),
               np.bool_)
    d = days[:2]
    d += np.timedelta64(1, "D")                                  # in place: NumPy's rules
    same_outside(d, n[:2] + np.timedelta64(1, "D"))
    assert d.base is days


def test_views_base_and_item_sizes():
    z = wnp.zeros((5, 5))
    assert z.base is None and z[:3].base is z and z[:3][1:].base is z
    assert z.reshape(25).base is z and z.T.base is z and z[[0, 1]].base is None
    n = np.zeros((5, 5))
    assert wnp.shares_memory(z[:3], z) and not wnp.shares_memory(z[:3], z[3:])
    assert np.shares_memory(n[:3], n) and not np.shares_memory(n[:3], n[3:])
    v = wnp.zeros(4, dtype=wnp.int16).view(wnp.int32)
    same_array(v, np.zeros(4, dtype=np.int16).view(np.int32), np.int32)
    x = wnp.arange(6.0)
    x.shape = (2, 3)
    assert x.shape == (2, 3)
    same_array(wnp.array([range(3), range(3)]), np.array([range(3), range(3)]), np.int64)
    same_array(wnp.asarray(range(4)), np.asarray(range(4)), np.int64)


def test_truth_value_of_arrays_is_numpy_s():
    for data in ([1, 2], []):
        with pytest.raises(ValueError) as got:
            bool(wnp.asarray(data))
        with pytest.raises(ValueError) as want:
            bool(np.asarray(data))
        assert str(got.value) == str(want.value)
    assert bool(wnp.asarray([3])) is True


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean", "std", "var"])
def test_reductions_refuse_dates_with_the_outside_error(name):
    """Both paths (the dispatch core's and the general one with where=) say why."""
    t = wnp.asarray(np.array([1, 2], "m8[D]"))
    with pytest.raises(wnp.TypePromotionError, match=f"{name}: takes numeric arrays only"):
        getattr(wnp, name)(t)
    with pytest.raises(wnp.TypePromotionError, match=f"{name}: takes numeric arrays only"):
        getattr(wnp, name)(t, where=wnp.asarray([True, True]))


@pytest.mark.parametrize("name", ["isreal", "iscomplex"])
def test_isreal_of_strings_refuses(name):
    """NumPy's isreal docstring: it "does not work on string arrays" (a scalar False)."""
    with pytest.raises(wnp.TypePromotionError, match=f"{name}: takes numeric arrays only"):
        getattr(wnp, name)(wnp.asarray(np.array([2j, "a"], dtype="U")))
