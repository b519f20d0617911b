"""Running statistics of int16 sensor readings: cumulative sums into a buffer, positional
axes, one-argument where, clipping in place."""
import numpy as np


def main():
    readings = np.array([[12, 15, 11, 30, 14], [8, 9, 40, 10, 7], [20, 22, 21, 19, 60]],
                        np.int16)
    totals = np.empty(readings.shape, dtype=np.int64)
    np.cumsum(readings, 1, out=totals)
    steps = np.diff(readings, 1, 1)
    centred = readings - np.mean(readings, 1, keepdims=True)
    spikes = np.where(np.abs(centred) > 2 * np.std(readings, 1, keepdims=True))
    clipped = readings.copy()
    np.clip(clipped, 0, 25, out=clipped)
    first = np.take(readings, [0, -1], 1)
    shifted = np.roll(readings, 1, 0)
    peak = np.max(readings, 0)
    where_peak = np.argmax(readings, 1)
    return {"totals": totals, "steps": steps, "centred": centred, "rows": spikes[0],
            "cols": spikes[1], "clipped": clipped, "first": first, "shifted": shifted,
            "peak": peak, "where_peak": where_peak, "squeezed": np.squeeze(peak[None, :]),
            "col": readings[:, 0].T}
