"""Prints, computes, then fails with its own error."""
import numpy as np

x = np.arange(3, dtype=np.int32)
print("before", (x / 2).tolist())
raise ValueError("the script's own error")
