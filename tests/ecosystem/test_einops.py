"""einops through ``einops.array_api`` (it calls only the standard's functions)."""

import numpy as np
import pytest
from eco import check, require, xp

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
