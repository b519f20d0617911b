"""Ordinary weaknp code that must type-check cleanly under ``mypy --strict``."""
import numpy as np

import weaknp as wnp
from weaknp.typing import ArrayLike, DTypeLike, NDArray


def normalise(v: ArrayLike, dtype: DTypeLike = wnp.float32) -> wnp.Array:
    a = wnp.asarray(v, dtype=dtype)
    return (a - a.mean()) / a.std()


def scale(x: NDArray[wnp.float32], factor: float) -> NDArray[wnp.float32]:
    return x * factor


def floating_only(x: wnp.Array[wnp.floating]) -> int:
    return x.ndim


x = wnp.asarray([1.0, 2.0, 3.0], dtype=wnp.float32)
y = scale(x, 2.0)
floating_only(y)                       # Array is covariant in its scalar type
z = normalise([1, 2, 3])
z += 1
x[0] = 5.0
x[1:] = wnp.zeros(2, dtype=wnp.float32)
n: np.ndarray = np.asarray(x)
total = float(wnp.sum(x, axis=0, keepdims=False))
m = wnp.matmul(wnp.eye(3), wnp.ones((3, 2)))
q, r = wnp.linalg.qr(m[:2, :2])
s = wnp.linalg.svd(m[:2, :2]).S
with wnp.errstate(divide="ignore"):
    w = 1.0 / x
for row in wnp.ones((2, 2)):
    row.sum()
u = wnp.unique_values(wnp.asarray([1, 1, 2]))
rng = wnp.random.default_rng(0)
wnp.testing.assert_allclose(x, x)
dt: wnp.dtype = x.dtype
b = wnp.all(x > 0) and bool(wnp.any(x == 2))
with wnp.promotion_mode("strict"):
    pass
