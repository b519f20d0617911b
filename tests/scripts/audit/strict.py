"""Promotions JAX's strict mode refuses, and ones it allows."""
import numpy as np

x = np.arange(4, dtype=np.int8)
y = x + 1
z = x * 0.5
w = np.ones(4, dtype=np.float32) + np.ones(4, dtype=np.float64)
c = np.concatenate([x, np.arange(4, dtype=np.uint8)])
print(y.dtype, z.dtype, w.dtype, c.dtype)
