"""NumPy's ufuncs called as functions: the audit sees each call, however CPython makes it."""
import numpy as np

pixels = np.asarray([1, 2, 3], dtype=np.int8)
counts = np.asarray([4, 5, 6], dtype=np.int32)
gain = np.asarray([0.5, 1.5, 2.5], dtype=np.float32)
for _ in range(2):
    smooth = np.exp(pixels)
total = np.add(counts, gain)
same = np.multiply(gain, gain)
print(smooth.dtype, total.dtype, same.dtype)
