"""A float32 pipeline on which NumPy and the lattice agree everywhere."""
import numpy as np

x = np.linspace(0, 1, 5, dtype=np.float32)
y = np.sin(x) * 2.0 + x
z = np.concatenate([y, x]).reshape(2, 5).sum(axis=0)
print(y.dtype, z.dtype, round(float(y.sum()), 4))
