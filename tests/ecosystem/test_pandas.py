"""pandas built from weaknp arrays: ``Series(x)`` and ``DataFrame({"a": x})`` keep the
values and weaknp's dtype (pandas stores its own NumPy copy)."""

import numpy as np
from eco import data, require, xp

pd = require("pandas")


def test_series(dtype):
    values = data(8, dtype)
    s = pd.Series(xp.asarray(values), index=list("abcdefgh"))
    assert s.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(s.to_numpy(), values)
    assert s["c"] == values[2]
    assert s.sum() == np.sum(values)
    assert s.describe()["max"] == values.max()


def test_dataframe(dtype):
    a = data(6, dtype)
    df = pd.DataFrame({"a": xp.asarray(a), "n": xp.arange(6, dtype=xp.int32)})
    assert df.dtypes.to_dict() == {"a": np.dtype(dtype), "n": np.dtype("int32")}
    np.testing.assert_array_equal(df["a"].to_numpy(), a)
    assert df.groupby(df["n"] % 2)["a"].sum().to_numpy().tolist() == \
        [a[0::2].sum(), a[1::2].sum()]


def test_dataframe_from_2d_and_back():
    m = xp.reshape(xp.arange(6, dtype=xp.float32), (3, 2))
    df = pd.DataFrame(m, columns=["x", "y"])
    assert df.dtypes.tolist() == [np.dtype("float32")] * 2
    back = xp.asarray(df.to_numpy())
    assert back.dtype == xp.float32
    np.testing.assert_array_equal(np.asarray(back), np.arange(6, dtype=np.float32).reshape(3, 2))


def test_categorical_via_numpy():
    """docs/ecosystem.md's advice: ``pd.Categorical`` iterates an array it does not recognise
    (weaknp's elements are 0-d arrays, which do not hash); ``np.asarray(x)`` first works."""
    x = xp.asarray([1, 2, 1], dtype=xp.int8)
    cat = pd.Categorical(np.asarray(x))
    assert cat.categories.tolist() == [1, 2]
    assert cat.codes.tolist() == [0, 1, 0]
