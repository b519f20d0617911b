"""Lloyd's k-means on a small 2-D point cloud, written as NumPy code usually is: lists
turned into arrays, positional axes, a preallocated output filled with out=."""
import numpy as np


def main():
    rng = np.random.default_rng(0)
    pts = np.concatenate([rng.normal(c, 0.3, size=(40, 2)) for c in ([0, 0], [3, 3], [0, 4])])
    centres = np.array([[0.5, 0.5], [2.5, 2.5], [0.5, 3.5]])
    labels = np.zeros(len(pts), dtype=np.int64)
    for _ in range(10):
        d = np.sum((pts[:, None, :] - centres[None, :, :]) ** 2, 2)
        labels = np.argmin(d, 1)
        for k in range(3):
            np.mean(pts[labels == k], 0, out=centres[k])
    inertia = np.sum(np.min(d, 1))
    counts = np.bincount(labels, minlength=3)
    order = np.argsort(centres[:, 0], 0)
    spread = np.std(pts, 0, ddof=1)
    return {"centres": centres, "labels": labels, "inertia": inertia, "counts": counts,
            "order": order, "spread": spread, "sorted": np.sort(centres, 0)}
