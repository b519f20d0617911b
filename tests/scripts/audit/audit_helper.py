"""A library module beside the script: it imports NumPy for itself and must keep it."""
import numpy as np


def load_counts():
    return np.arange(1, 5, dtype=np.int32) * np.float32(1.5)


def numpy_name():
    return np.__name__


def average(a):
    return np.mean(a)
