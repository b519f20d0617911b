"""array-api-extra's functions with ``xp=`` the namespace under test (and found from the
arrays): results stay namespace arrays, values as with NumPy."""

import numpy as np
import pytest
from eco import ARRAY, check, data, require, xp

xpx = require("array_api_extra")

CASES = [
    ("atleast_nd", lambda x, m: xpx.atleast_nd(x, ndim=3, xp=m)),
    ("cov", lambda x, m: xpx.cov(m.reshape(x, (4, 6)), xp=m)),
    ("pad", lambda x, m: xpx.pad(x, 2, constant_values=1.5, xp=m)),
    ("sinc", lambda x, m: xpx.sinc(x, xp=m)),
    ("kron", lambda x, m: xpx.kron(x[:3], x[3:6], xp=m)),
    ("create_diagonal", lambda x, m: xpx.create_diagonal(x[:4], xp=m)),
    ("expand_dims", lambda x, m: xpx.atleast_nd(x[None, :], ndim=2, xp=m)),
    ("setdiff1d", lambda x, m: xpx.setdiff1d(x, x[:5], assume_unique=True, xp=m)),
    ("isclose", lambda x, m: m.astype(xpx.isclose(x, x + 1e-9, xp=m), x.dtype)),
    ("one_hot", lambda x, m: xpx.one_hot(m.astype(x[:4] > 0, m.int64), 2, dtype=x.dtype, xp=m)),
    ("at set", lambda x, m: xpx.at(x, 0).set(2.5, copy=True)),
    ("at add", lambda x, m: xpx.at(x, slice(0, 3)).add(1.0, copy=True)),
    ("apply_where", lambda x, m: xpx.apply_where(x > 0, x, m.sqrt, fill_value=0.0, xp=m)),
    ("nan_to_num", lambda x, m: xpx.nan_to_num(x / x, fill_value=0.0, xp=m)),
]


@pytest.mark.filterwarnings("ignore:invalid value encountered in divide:RuntimeWarning")
@pytest.mark.parametrize("name, fn", CASES, ids=[n for n, _ in CASES])
def test_functions(name, fn, dtype):
    values = data(24, dtype)
    values[7] = 0.0
    expected = fn(values, np)
    got = fn(xp.asarray(values), xp)
    want = "float64" if name == "cov" else dtype   # cov computes in result_type(m, float64)
    check(got, np.asarray(expected).astype(want), want, rtol=1e-6, atol=1e-7)


def test_nunique_and_lazy_apply():
    x = xp.asarray([1.0, 2.0, 2.0, 5.0], dtype=xp.float32)
    assert int(xpx.nunique(x)) == 3
    doubled = xpx.lazy_apply(lambda a: a * 2, x, shape=(4,), dtype=xp.float32)
    assert isinstance(doubled, ARRAY)
    check(doubled, np.asarray([2.0, 4.0, 4.0, 10.0], dtype=np.float32), "float32")
