"""A NumPy script to audit, unchanged: ``python -m weaknp audit examples/promotion_audit.py``.

Sensor counts (int32) times per-channel gains (float32), an 8-bit image made from them,
and a half-precision ramp.
"""
import numpy as np

rng = np.random.default_rng(0)
counts = rng.integers(0, 1000, size=(100, 8), dtype=np.int32)
gain = np.linspace(0.5, 1.5, 8, dtype=np.float32)
baseline = counts.mean(axis=0)
for frame in counts:
    signal = frame * gain
image = (signal / signal.max() * 255).astype(np.uint8)
normalised = image / 255
ramp = np.arange(8) * np.float16(0.1)
print(signal.dtype, baseline.dtype, normalised.dtype, ramp.dtype)
