"""Sensor readings written for NumPy: int32 counts, float32 gains, an 8-bit image."""
import numpy as np


def calibrate(counts, gain):
    return counts * gain


counts = np.arange(1, 7, dtype=np.int32)
gain = np.linspace(0.5, 1.0, 6, dtype=np.float32)
total = 0.0
for _ in range(3):
    total = total + calibrate(counts, gain).sum()
average = counts.mean()
image = np.array([[0, 128], [255, 64]], dtype=np.uint8)
scaled = image / 255
ticks = np.arange(3) + np.ones(3, dtype=np.float16)
doubled = gain * 2.0
half = np.zeros(3, dtype=np.float16)
try:
    half += np.ones(3)
except TypeError:
    print("float16 += float64 refused")
print(total.dtype, average.dtype, scaled.dtype, ticks.dtype, doubled.dtype)
