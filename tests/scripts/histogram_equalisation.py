"""Histogram equalisation of an 8-bit image through a lookup table."""
import numpy as np


def main():
    yy, xx = np.mgrid[0:64, 0:64]
    img = ((np.sin(xx / 7.0) * np.cos(yy / 5.0) + 1.0) * 60.0).astype(np.uint8)
    hist, bins = np.histogram(img.ravel(), bins=256, range=(0, 256))
    cdf = hist.cumsum()
    cdf_m = (cdf - cdf.min()) * 255 / (cdf.max() - cdf.min())
    lut = np.clip(np.round(cdf_m), 0, 255).astype(np.uint8)
    out = lut[img]
    counts = np.bincount(out.ravel(), minlength=256)
    return {"img": img, "out": out, "counts": counts, "bins": bins,
            "spread": np.percentile(out, [5, 50, 95])}
