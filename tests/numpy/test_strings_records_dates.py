"""``weaknp.char``, ``weaknp.strings``, ``weaknp.rec`` and the date functions: NumPy's own
functions on weaknp arrays (decision 72); expected values from NumPy on the same input."""

from __future__ import annotations

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
