"""Narrow-float reductions and products against NumPy's float32 on the same data.

For each row: weaknp on float16 / bfloat16 / float8_e4m3fn data against NumPy's own call on
the same values held as float32 (``x32.sum()``, ``x32 @ x32``), measured interleaved (one
weaknp call, one NumPy call, repeated) -- the median of the paired ratios; beside it the
peak traced memory of each side (tracemalloc: the bytes the call allocates, in KB).
The cumulative rows use zero-mean data (a float16 cumsum of values in [0, 1) overflows,
and NumPy's float-to-half cast of inf is a slow path of its own).

Run: ``python benchmarks/bench_narrow_reduce.py [--quick]`` (``WEAKNP_PURE_PYTHON=1``
for the pure build; point ``PYTHONPATH`` at another checkout's ``src`` for "before").
Targets (issue 24): ``sum``-like <= 2x, ``matmul`` <= 1.5x, peak memory of a reduction
a fixed block (no full-size float32 copy).
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

import ml_dtypes
import numpy as np

import weaknp as wnp

DTYPES = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16),
          np.dtype(ml_dtypes.float8_e4m3fn))


def paired(f, g, repeat):
    """Median of the ratios time(f) / time(g), measured alternately."""
    ratios, tf, tg = [], [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        t1 = time.perf_counter()
        g()
        t2 = time.perf_counter()
        tf.append(t1 - t0)
        tg.append(t2 - t1)
        ratios.append((t1 - t0) / (t2 - t1))
    return statistics.median(ratios), statistics.median(tf), statistics.median(tg)


def peak_kb(f):
    tracemalloc.start()
    tracemalloc.reset_peak()
    f()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1024


def rows(quick):
    rng = np.random.default_rng(0)
    n = 10 ** 6
    unit = rng.random(n, dtype=np.float32)
    centred = (rng.standard_normal(n) * 0.01).astype(np.float32)
    for dt in DTYPES:
        for name, data in (("sum", unit), ("mean", unit), ("var", unit),
                           ("cumsum", centred)):
            x = data.astype(dt)
            x32 = x.astype(np.float32)
            a = wnp.asarray(x)
            yield (f"{name} 1e6", dt.name, getattr(wnp, name), a,
                   getattr(np, name), x32)
    sizes = (500,) if quick else (500, 1000)
    for k in sizes:
        for dt in DTYPES:
            m = rng.standard_normal((k, k)).astype(np.float32).astype(dt)
            m32 = m.astype(np.float32)
            a = wnp.asarray(m)
            yield (f"matmul {k}x{k}", dt.name, lambda v: wnp.matmul(v, v), a,
                   lambda v: np.matmul(v, v), m32)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, no 1000x1000")
    args = parser.parse_args()
    repeat = 7 if args.quick else 21
    print(f"weaknp {'compiled' if wnp.__compiled__ else 'pure'}, numpy {np.__version__}")
    print(f"{'call':<16}{'dtype':<15}{'ratio':>8}{'weaknp ms':>11}{'f32 ms':>9}"
          f"{'peak KB':>10}{'f32 KB':>9}")
    for label, dtname, wfn, a, nfn, a32 in rows(args.quick):
        reps = max(3, repeat // 3) if label.startswith("matmul") else repeat
        wfn(a)   # first call builds the entry
        ratio, tw, tn = paired(lambda: wfn(a), lambda: nfn(a32), reps)
        mw, mn = peak_kb(lambda: wfn(a)), peak_kb(lambda: nfn(a32))
        print(f"{label:<16}{dtname:<15}{ratio:>7.2f}x{tw * 1e3:>11.3f}{tn * 1e3:>9.3f}"
              f"{mw:>10.0f}{mn:>9.0f}")


if __name__ == "__main__":
    main()
