"""``weaknp.char``, ``weaknp.strings``, ``weaknp.rec`` and the date functions: NumPy's own
functions on weaknp arrays (decision 72); expected values from NumPy on the same input."""

from __future__ import annotations

import io

import numpy as np
import pytest

import weaknp as wnp

WORDS = ["Bonjour", "hello world", "  pad  ", "a-b-c"]


def check(got, want):
    assert isinstance(got, wnp.Array) and not got.weak_type
    want = np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.asarray(got).tobytes() == want.tobytes()


@pytest.mark.parametrize("module", ["char", "strings"])
@pytest.mark.parametrize("name, args", [
    ("upper", ()), ("lower", ()), ("capitalize", ()), ("title", ()), ("strip", ()),
    ("center", (15, "*")), ("ljust", (12,)), ("zfill", (9,)), ("replace", ("o", "0")),
    ("str_len", ()), ("find", ("o",)), ("count", ("l",)), ("startswith", ("h",)),
    ("isalpha", ()), ("multiply", (2,)), ("add", (np.asarray(WORDS),)),
])
def test_string_functions_are_numpy_s(module, name, args):
    got = getattr(getattr(wnp, module), name)(wnp.asarray(WORDS), *args)
    check(got, getattr(getattr(np, module), name)(np.asarray(WORDS), *args))


def test_char_split_names_its_limit():
    with pytest.raises(TypeError, match="split: NumPy's result holds Python objects"):
        wnp.char.split(wnp.asarray(WORDS))


def test_records():
    ages, names = wnp.asarray([31, 25], dtype=wnp.int16), wnp.asarray(["Ann", "Bo"])
    r = wnp.rec.fromarrays([ages, names], names="age,name")
    want = np.rec.fromarrays([np.asarray([31, 25], np.int16), np.asarray(["Ann", "Bo"])],
                             names="age,name").view(np.ndarray)
    assert r.dtype.names == want.dtype.names and r.tolist() == want.tolist()
    check(r["age"], want["age"])
    a = wnp.rec.array([(1, 2.5)], dtype=[("x", "i4"), ("y", "f8")])
    check(a["y"] * 2, np.asarray([5.0]))


def test_dates():
    check(wnp.busday_count("2025-01-01", "2025-02-01"),
          np.busday_count("2025-01-01", "2025-02-01"))
    days = wnp.arange("2025-01", "2025-03", dtype="datetime64[M]")
    check(wnp.datetime_as_string(days),
          np.datetime_as_string(np.arange("2025-01", "2025-03", dtype="datetime64[M]")))
    check(wnp.is_busday(wnp.asarray(["2025-01-04", "2025-01-06"], dtype="M8[D]")),
          np.is_busday(np.asarray(["2025-01-04", "2025-01-06"], dtype="M8[D]")))
    assert wnp.datetime64 is np.datetime64 and wnp.timedelta64 is np.timedelta64
    assert wnp.datetime64("today") == np.datetime64("today")


# -- I/O functions take the dtypes outside the lattice (issue 25) ------------------------

def test_frombuffer_fromiter_take_outside_dtypes():
    s = b"\x01\x02\x03\x04\x05hello world"
    check(wnp.frombuffer(s, dtype="S1", count=5, offset=6), np.asarray([b"e", b"l", b"l",
                                                                       b"o", b" "]))
    rows = wnp.fromiter(([i, i * i] for i in range(3)), dtype=np.dtype((int, 2)))
    check(rows, np.asarray([[0, 0], [1, 1], [2, 4]], dtype=np.int64))
    check(wnp.fromiter(iter(["ab", "c"]), dtype="U2"), np.asarray(["ab", "c"]))


def test_text_readers_take_record_dtypes(tmp_path):
    text = "1,1.3,abcde\n2,2.5,fghij\n"
    dt = "i8,f8,S5"
    got = wnp.genfromtxt(io.StringIO(text), dtype=dt, delimiter=",")
    want = np.genfromtxt(io.StringIO(text), dtype=dt, delimiter=",")
    check(got, want)
    assert got.tolist() == [(1, 1.3, b"abcde"), (2, 2.5, b"fghij")]
    check(got["f1"] * 2, np.asarray([2.6, 5.0]))           # a field is a lattice array
    people = {"names": ("gender", "age", "weight"), "formats": ("S1", "i4", "f4")}
    got = wnp.loadtxt(io.StringIO("M 21 72\nF 35 58"), dtype=people)
    check(got, np.loadtxt(io.StringIO("M 21 72\nF 35 58"), dtype=people))
    assert got.tolist() == [(b"M", 21, 72.0), (b"F", 35, 58.0)]
    rec = np.dtype([("time", [("min", np.int64), ("sec", np.int64)]), ("temp", float)])
    x = np.zeros((2,), dtype=rec)
    x[1] = ((10, 0), 20.5)
    path = tmp_path / "rec.bin"
    x.tofile(path)
    got = wnp.fromfile(path, dtype=rec)
    check(got, x)
    check(wnp.fromregex(io.StringIO("1 a\n22 bb\n"), r"(\d+) (\w+)", [("n", "i4"),
                                                                       ("s", "U2")]),
          np.asarray([(1, "a"), (22, "bb")], dtype=[("n", "i4"), ("s", "U2")]))
    check(wnp.fromregex(io.StringIO("1 a\n22 bb\n"), r"\d+ (\w+)", "U2"),
          np.asarray(["a", "bb"]))


def test_a_python_int_into_a_timedelta_of_a_multiple_unit():
    got = wnp.array(10, np.dtype("m8[25s]"))
    check(got, np.asarray(10).astype("m8[25s]"))
    check(got.astype("m8[s]"), np.asarray(250, dtype="m8[s]"))
    check(wnp.asarray([10, 3], dtype="m8[25s]").astype("m8[s]"),
          np.asarray([250, 75], dtype="m8[s]"))
    assert wnp.datetime_data(got.dtype) == ("s", 25)


def test_string_dtype_is_refused_with_the_fix():
    b = np.array(["hello world", "你好世界"], dtype=np.dtypes.StringDType())
    fix = r"variable-width StringDType is not supported .*astype\('U<n>'\)"
    for call in (lambda: wnp.asarray(b), lambda: wnp.dtype(np.dtypes.StringDType()),
                 lambda: wnp.asarray(["a"], dtype=np.dtypes.StringDType()),
                 lambda: wnp.strings.slice(b, -2)):
        with pytest.raises(TypeError, match=fix):
            call()
    got = wnp.strings.slice(wnp.asarray(b.astype("U11")), -2)
    check(got, np.asarray(["hello wor", "你好"], dtype="U11"))
    check(wnp.strings.slice(wnp.asarray(["hello", "world"]), 1, 5, 2),
          np.asarray(["el", "ol"], dtype="U5"))
