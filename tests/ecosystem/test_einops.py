"""einops on weaknp arrays: through ``einops.array_api`` (it calls only the standard's
functions) and through einops' own API (``einops.rearrange``/``reduce``/``repeat``/
``einsum``/``pack``), which finds weaknp's backend (``weaknp._tools.einops_backend``)."""

import numpy as np
import pytest
from eco import NAMESPACE, check, require, xp

ea = require("einops.array_api")
einops = require("einops")

X = np.arange(24, dtype=np.float32).reshape(2, 3, 4)

CASES = [
    ("rearrange", lambda m, x: m.rearrange(x, "a b c -> (a b) c")),
    ("transpose", lambda m, x: m.rearrange(x, "a b c -> c a b")),
    ("reduce sum", lambda m, x: m.reduce(x, "a b c -> a", "sum")),
    ("reduce mean", lambda m, x: m.reduce(x, "a b c -> b c", "mean")),
    ("reduce max pool", lambda m, x: m.reduce(x, "a b (c p) -> a b c", "max", p=2)),
    ("repeat", lambda m, x: m.repeat(x, "a b c -> a b c k", k=2)),
]

weaknp_only = pytest.mark.skipif(NAMESPACE != "weaknp",
                                 reason="einops' own API finds weaknp's backend only")


@pytest.mark.parametrize("name, fn", CASES, ids=[n for n, _ in CASES])
def test_einops(name, fn):
    expected = fn(einops, X)           # einops on NumPy arrays
    check(fn(ea, xp.asarray(X)), expected, "float32")


def test_pack_unpack():
    a, b = xp.asarray(X), xp.asarray(X[:, :1, :])
    packed, shapes = ea.pack([a, b], "a * c")
    assert packed.shape == (2, 4, 4)
    left, right = ea.unpack(packed, shapes, "a * c")
    check(left, X, "float32")
    check(right, X[:, :1, :], "float32")


@weaknp_only
@pytest.mark.parametrize("name, fn", CASES, ids=[n for n, _ in CASES])
def test_einops_own_api(name, fn):
    expected = fn(einops, X)
    check(fn(einops, xp.asarray(X)), expected, "float32")


@weaknp_only
@pytest.mark.parametrize("name, fn", CASES, ids=[n for n, _ in CASES])
def test_einops_own_api_keeps_bfloat16(name, fn):
    import ml_dtypes

    xb = X.astype(ml_dtypes.bfloat16)
    expected = fn(einops, xb.astype(np.float32)).astype(ml_dtypes.bfloat16)
    r = fn(einops, xp.asarray(xb))
    assert isinstance(r, xp.Array) and r.dtype == xp.bfloat16
    # the values are small integers and their sums/means: exact in bfloat16 here
    np.testing.assert_array_equal(np.asarray(r).astype(np.float32),
                                  expected.astype(np.float32))


@weaknp_only
def test_einops_own_api_einsum_pack_and_integer_sums():
    a = xp.asarray(X)
    r = einops.einsum(a, a, "a b c, a b c -> a")
    check(r, np.einsum("abc,abc->a", X, X), "float32")
    packed, shapes = einops.pack([a, a[:, :1, :]], "a * c")
    assert isinstance(packed, xp.Array) and packed.shape == (2, 4, 4)
    left, _ = einops.unpack(packed, shapes, "a * c")
    check(left, X, "float32")
    i8 = xp.asarray([[1, 2], [3, 4]], dtype=xp.int8)
    s = einops.reduce(i8, "a b -> a", "sum")      # the standard's sum: int64 (decision 5)
    assert s.dtype == xp.int64 and s.tolist() == [3, 7]
    m = einops.reduce(i8, "a b -> a", "max")
    assert m.dtype == xp.int8 and m.tolist() == [2, 4]
    with pytest.raises(NotImplementedError, match="non-floating"):   # as for NumPy arrays
        einops.reduce(i8, "a b -> a", "mean")
    assert einops.parse_shape(a, "a b c") == {"a": 2, "b": 3, "c": 4}
    assert type(einops.asnumpy(a)) is np.ndarray
