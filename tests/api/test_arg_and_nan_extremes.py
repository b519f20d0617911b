"""``argmax``/``argmin`` over the whole array (the method into a 0-d array of the
indexing dtype) and ``nanmax``/``nanmin``/``nanargmax``/``nanargmin`` of bool and
integers (NumPy's ``fmax``/``fmin`` reduction and ``argmax``/``argmin`` there): values
and dtypes are NumPy's, every mode's indexing dtype, errors weaknp's own words."""

import warnings

import numpy as np
import pytest

import weaknp as wnp
from weaknp._core.config import MODES

RNG = np.random.default_rng(7)
DATA = {
    "bool": RNG.random((5, 7)) > 0.6,
    "int8": RNG.integers(-128, 128, (5, 7), dtype=np.int8),
    "uint16": RNG.integers(0, 2**16, (5, 7), dtype=np.uint16),
    "int64": RNG.integers(-2**62, 2**62, (5, 7), dtype=np.int64),
    "float32": np.where(RNG.random((5, 7)) > 0.8, np.nan, RNG.random((5, 7))).astype(np.float32),
}
ALL_FALSE = np.zeros((3, 4), dtype=bool)
ARG = ["argmax", "argmin", "nanargmax", "nanargmin"]
EXT = ["nanmax", "nanmin"]
INDEXING = {"jax-x32": np.int32}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", sorted(DATA))
def test_arg_reductions_are_numpy_s(mode, kind):
    for n in (DATA[kind], DATA[kind][1], DATA[kind][::2, ::-3], ALL_FALSE, np.ones(1, bool)):
        if kind != "bool" and n.dtype == bool:
            continue
        with wnp.promotion_mode(mode):
            x = wnp.asarray(n)
            for name in ARG:
                if kind == "float32" and name.startswith("nan") and np.isnan(n).all():
                    continue
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", RuntimeWarning)
                    want = getattr(np, name)(n)
                    r = getattr(wnp, name)(x)
                    assert r.dtype == INDEXING.get(mode, np.int64) and not r.weak_type
                    assert r.shape == () and int(r) == int(want), (name, n)
                    for axis in (0, -1):
                        if n.ndim > 1:
                            got = getattr(wnp, name)(x, axis=axis)
                            assert got._data.tolist() == getattr(np, name)(n, axis=axis).tolist()
                    k = getattr(wnp, name)(x, keepdims=True)
                    assert k.shape == (1,) * n.ndim and int(k._data.ravel()[0]) == int(want)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", ["bool", "int8", "uint16", "int64"])
def test_nan_extremes_of_bool_and_integers_are_numpy_s(mode, kind):
    n = DATA[kind]
    with wnp.promotion_mode(mode):
        x = wnp.asarray(n)
        for name in EXT:
            for axis in (None, 0, 1, -1, (0, 1)):
                want = getattr(np, name)(n, axis=axis)
                r = getattr(wnp, name)(x, axis=axis)
                assert r.dtype == n.dtype and not r.weak_type
                assert r._data.tolist() == np.asarray(want).tolist(), (name, axis)
            assert getattr(wnp, name)(x, keepdims=True).shape == (1, 1)


@pytest.mark.parametrize("name", ARG + EXT)
def test_errors_name_the_function(name):
    f = getattr(wnp, name)
    with pytest.raises(ValueError, match=f"^{name}: "):
        f(wnp.asarray(np.zeros(0, bool)))
    with pytest.raises(Exception, match=name):
        f(wnp.asarray(DATA["bool"]), axis=5)


def test_known_values():
    x = wnp.asarray([False, True, True, False])
    assert int(wnp.argmax(x)) == 1 and int(wnp.argmin(x)) == 0
    assert int(wnp.nanargmax(x)) == 1 and int(wnp.nanargmin(x)) == 0
    assert bool(wnp.nanmax(x)) is True and bool(wnp.nanmin(x)) is False
    assert wnp.nanmax(x).dtype == np.bool_
    assert int(wnp.nanmax(wnp.asarray([3, -7, 5], dtype=wnp.int8))) == 5
    assert int(wnp.nanargmin(wnp.asarray([3, -7, 5], dtype=wnp.int8))) == 1
    with pytest.raises(ValueError, match="nanargmax: all-NaN slice"):
        wnp.nanargmax(wnp.asarray([np.nan, np.nan], dtype=wnp.float32))
