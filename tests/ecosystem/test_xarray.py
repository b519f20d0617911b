"""xarray with weaknp data: the data stays a weaknp array and keeps weaknp's dtypes.

The oracle is the same xarray code on NumPy data, with NumPy's result cast to the dtype
weaknp's promotion gives (written literally per case).
"""

import numpy as np
import pytest
from eco import ARRAY, NAMESPACE, check, data, require, xp

xr = require("xarray")

T = [10, 20, 30, 40, 50, 60]


def make(values):
    return xr.DataArray(values, dims=("t", "c"),
                        coords={"t": T, "c": ["a", "b", "c"], "g": ("t", [0, 1, 0, 1, 1, 0])})


OPS = [
    ("add 0.5", lambda d: d + 0.5),
    ("mul 2", lambda d: 2 * d),
    ("sub self", lambda d: d - d.isel(t=0)),
    ("sqrt abs", lambda d: np.sqrt(abs(d))),
    ("where", lambda d: d.where(d > 0, 0.0)),
    ("mean t", lambda d: d.mean("t")),
    ("sum c", lambda d: d.sum("c")),
    ("std t", lambda d: d.std("t")),
    ("max", lambda d: d.max()),
    ("cumsum t", lambda d: d.cumsum("t")),
    ("sel", lambda d: d.sel(t=30)),
    ("sel slice", lambda d: d.sel(t=slice(20, 40), c=["a", "c"])),
    ("isel", lambda d: d.isel(t=[0, 2], c=1)),
    ("concat", lambda d: xr.concat([d, d * 2], dim="t")),
    ("groupby mean", lambda d: d.groupby("g").mean()),
    ("groupby sub", lambda d: d.groupby("g") - d.groupby("g").mean()),
    ("rolling mean", lambda d: d.rolling(t=3).mean()),
    ("rolling sum center", lambda d: d.rolling(t=3, center=True).sum()),
    ("transpose", lambda d: d.T),
    ("diff", lambda d: d.diff("t")),
    ("shift", lambda d: d.shift(t=1, fill_value=0.0)),
    ("dataset", lambda d: xr.Dataset({"v": d, "w": d * 0.5})["w"]),
    ("rolling max min_periods", lambda d: d.rolling(t=2, min_periods=1).max()),
    ("cumulative sum", lambda d: d.cumulative("t").sum()),
    ("coarsen mean", lambda d: d.coarsen(t=2).mean()),
    ("weighted mean", lambda d: d.weighted(abs(d.isel(c=0))).mean("t")),
    ("dot", lambda d: xr.dot(d, d, dim="c")),
    ("quantile", lambda d: d.quantile(0.5, dim="t")),
    ("median", lambda d: d.median("t")),
    ("clip", lambda d: d.clip(-0.5, 0.5)),
    ("pad", lambda d: d.pad(t=1, constant_values=0.0)),
    ("roll", lambda d: d.roll(t=1)),
    ("fillna", lambda d: d.where(d > 0).fillna(0.25)),
    ("stack", lambda d: d.stack(z=("t", "c"))),
    ("sortby", lambda d: d.sortby("c", ascending=False)),
    ("reindex", lambda d: d.reindex(c=["a", "b", "z"])),
    ("loc set", lambda d: _set(d.copy(), {"c": "b"}, d.values.dtype.type(0.25))),
]


def _set(d, where, value):
    """``d.loc[where] = value``."""
    d.loc[where] = value
    return d


@pytest.mark.parametrize("name, op", OPS, ids=[n for n, _ in OPS])
def test_dataarray(name, op, dtype):
    values = data((6, 3), dtype)
    expected = op(make(values))
    got = op(make(xp.asarray(values)))
    assert isinstance(got.data, ARRAY), f"{name}: data became {type(got.data).__name__}"
    assert got.dims == expected.dims
    check(got.data, np.asarray(expected.values).astype(dtype), dtype,
          rtol=1e-5 if dtype == "float32" else 1e-12, atol=1e-6)


def test_float32_plus_half_stays_float32():
    d = make(xp.asarray(data((6, 3), "float32")))
    assert (d + 0.5).data.dtype == xp.float32
    assert (d * 2 + 1).data.dtype == xp.float32


def test_int32_plus_float32_is_float32():
    """The lattice join inside xarray's arithmetic: int32 + float32 -> float32 (NumPy:
    float64)."""
    i = make(xp.asarray(np.arange(18, dtype=np.int32).reshape(6, 3)))
    f = make(xp.asarray(data((6, 3), "float32")))
    got = i + f
    assert isinstance(got.data, ARRAY)
    check(got.data, (np.arange(18).reshape(6, 3) + data((6, 3), "float32")).astype(np.float32),
          "float32")


def test_repr_and_values():
    d = make(xp.asarray(data((6, 3), "float32")))
    assert "float32" in repr(d)
    assert isinstance(d.values, np.ndarray)
    assert d.values.dtype == np.float32


def test_integer_promotion_inside_xarray():
    i8 = xr.DataArray(xp.asarray([1, 2, 3], dtype=xp.int8), dims="t")
    u8 = xr.DataArray(xp.asarray([250, 2, 3], dtype=xp.uint8), dims="t")
    assert (i8 + 2).data.dtype == xp.int8
    total = i8 + u8
    assert isinstance(total.data, ARRAY)
    assert total.data.dtype == xp.int16
    assert np.asarray(total.data).tolist() == [251, 4, 6]


def test_polyfit():
    """``polyfit`` (lstsq with a float64 Vandermonde matrix from the coordinate: float64, as
    with NumPy data) calls ``xp.any(..., out=None)``."""
    values = data((6, 3), "float32")
    expected = make(values).polyfit("t", 1).polyfit_coefficients
    got = make(xp.asarray(values)).polyfit("t", 1).polyfit_coefficients
    assert isinstance(got.data, ARRAY)
    check(got.data, expected.values, "float64", rtol=1e-6, atol=1e-7)


def test_assign_into_float32():
    """xarray turns an assigned value into a NumPy array and broadcasts it
    (``Variable.set_dims``) before storing, so weaknp's ``__setitem__`` receives an n-d
    NumPy array: a Python float arrives as a float64 NumPy array, which weaknp reads like
    the Python floats it holds (decision 22), so the data stays float32."""
    d = make(xp.asarray(np.ones((6, 3), dtype=np.float32)))
    d[0] = 0.0
    d[:, 1] = 0.5
    d.loc[{"t": 60, "c": "c"}] = np.float32(2.0)
    assert isinstance(d.data, ARRAY)
    assert d.data.dtype == xp.float32
    expected = np.ones((6, 3), dtype=np.float32)
    expected[0] = 0.0
    expected[:, 1] = 0.5
    expected[5, 2] = 2.0
    np.testing.assert_array_equal(np.asarray(d.data), expected)
