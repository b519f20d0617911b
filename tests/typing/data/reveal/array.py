"""What mypy infers for weaknp's arrays, scalar types and functions (``assert_type``)."""
from typing import Any, assert_type

import weaknp as wnp
from weaknp.typing import NDArray

x = wnp.asarray([1.0, 2.0], dtype=wnp.float32)
assert_type(x, wnp.Array[wnp.float32])
assert_type(x, NDArray[wnp.float32])
assert_type(wnp.asarray(x), wnp.Array[wnp.float32])
assert_type(wnp.asarray([1, 2]), wnp.Array[Any])
assert_type(wnp.zeros(3), wnp.Array[wnp.float64])
assert_type(wnp.zeros((2, 3), dtype=wnp.int8), wnp.Array[wnp.int8])
assert_type(wnp.ones(3, wnp.bfloat16), wnp.Array[wnp.bfloat16])
assert_type(wnp.full(3, 7, dtype=wnp.uint4), wnp.Array[wnp.uint4])
assert_type(wnp.arange(5, dtype=wnp.int16), wnp.Array[wnp.int16])
assert_type(wnp.float32(1.5), wnp.Array[wnp.float32])
assert_type(x.astype(wnp.int8), wnp.Array[wnp.int8])
assert_type(wnp.astype(x, wnp.complex64), wnp.Array[wnp.complex64])
assert_type(x.astype("int8"), wnp.Array[Any])

# operators: a Python scalar (weak) keeps a strong array's dtype; so does the same dtype
assert_type(x + 1, wnp.Array[wnp.float32])
assert_type(2.5 * x, wnp.Array[wnp.float32])
assert_type(x / 2, wnp.Array[wnp.float32])
assert_type(x + x, wnp.Array[wnp.float32])
i = wnp.asarray([1, 2], dtype=wnp.int8)
assert_type(i + 2, wnp.Array[wnp.int8])
assert_type(i << 1, wnp.Array[wnp.int8])
assert_type(i + x, wnp.Array[Any])
assert_type(x < 1, wnp.Array[wnp.bool])
assert_type(-x, wnp.Array[wnp.float32])
assert_type(x[0], wnp.Array[wnp.float32])
assert_type(x.reshape(2, 1), wnp.Array[wnp.float32])
assert_type(x.T, wnp.Array[wnp.float32])
assert_type(wnp.reshape(x, (1, 2)), wnp.Array[wnp.float32])
assert_type(wnp.exp(x + 1).sum(), wnp.Array[Any])
assert_type(x.shape, tuple[int, ...])
assert_type(x.dtype == wnp.float32, bool)
assert_type(x.weak_type, bool)
assert_type(float(x[0]), float)

# ufuncs: objects with NumPy's ufunc interface
assert_type(wnp.add.nin, int)
assert_type(wnp.add(x, 1), wnp.Array[Any])
assert_type(wnp.add.reduce(x), wnp.Array[Any])
assert_type(wnp.divmod(i, 2), tuple[wnp.Array[Any], wnp.Array[Any]])
assert_type(wnp.add.at(i, [0], 1), None)

# other results
assert_type(wnp.isdtype(wnp.float32, "real floating"), bool)
assert_type(wnp.result_type(x, 1), wnp.dtype[Any])
assert_type(wnp.finfo(wnp.float32).eps, float)
assert_type(wnp.linalg.eigh(wnp.eye(2)).eigenvalues, wnp.Array[Any])
assert_type(wnp.fft.fft(x), wnp.Array[Any])
assert_type(wnp.pi, float)
