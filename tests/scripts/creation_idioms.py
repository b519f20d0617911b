"""Building arrays the NumPy way: positional dtypes ('int8', np.float32), lists everywhere,
einsum in both its forms, triangles and flips of a small image."""
import numpy as np


def main():
    img = np.arange(16, dtype=np.uint8).reshape(4, 4)
    grid = np.zeros((2, 3), np.float32)
    grid += np.arange(0, 1.5, 0.5, np.float32)
    ones = np.ones(3, 'int8')
    sevens = np.full((2, 2), 7, np.int8)
    weights = np.asarray([0.25, 0.5, 0.25], np.float32)
    lower = np.tril(img, -1)
    flipped = np.flip(img, 0)
    stacked = np.stack([ones, ones * 2], 1)
    a = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)
    prod = np.einsum('ij,jk->ik', a, a)
    trace = np.einsum(a, [0, 0])
    outer = np.einsum(weights, [0], weights, [1], [0, 1])
    ramp = np.linspace(-1, 1, 5, dtype=np.float32)
    return {"grid": grid, "ones": ones, "sevens": sevens, "lower": lower,
            "flipped": flipped, "stacked": stacked, "prod": prod, "trace": trace,
            "outer": outer, "ramp": ramp, "total": np.sum(img, 0)}
