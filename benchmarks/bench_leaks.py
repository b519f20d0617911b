"""Memory growth of each operation kind over many repetitions (leak hunting), both builds.

For each kind of operation (operators, functions, indexing, iteration, list conversion,
stores, reductions, errors raised and caught, hostile inputs that raise), run it ``N``
times after a warm-up and print the growth of the process's resident memory and of
Python's traced allocations.  A leak of one object per call shows as ``N`` times its size
(1e5 x 16 bytes = 1.6 MB); NumPy's and Python's allocators keep some memory, so growth
under ~0.5 MB is noise.

Run: ``python benchmarks/bench_leaks.py [N]`` (default 100000; ``WEAKNP_PURE_PYTHON=1``
measures the pure-Python build).
"""

from __future__ import annotations

import gc
import sys
import tracemalloc

import numpy as np

import weaknp as wnp


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def cases():
    x = wnp.asarray(np.arange(100, dtype=np.float32))
    i8 = wnp.asarray(np.arange(10, dtype=np.int8))
    bf = x.astype(wnp.bfloat16)
    out = wnp.zeros_like(x)
    deep = [1]
    for _ in range(100):
        deep = [deep]
    loop = [1]
    loop.append(loop)

    def raises(f):
        def g():
            try:
                f()
            except Exception:  # noqa: BLE001 - the error path is what is measured
                pass
        return g

    def store():
        x[3] = 2.0

    def inplace():
        y = i8.copy()
        y += 1

    return {
        "x + 1": lambda: x + 1,
        "x + x": lambda: x + x,
        "x < 2.5": lambda: x < 2.5,
        "bfloat16 * 1.5": lambda: bf * 1.5,
        "wnp.exp(x)": lambda: wnp.exp(x),
        "wnp.add(x, 1, out=)": lambda: wnp.add(x, 1, out=out),
        "x.sum()": lambda: x.sum(),
        "wnp.where": lambda: wnp.where(x > 1, x, 0.5),
        "x[3]": lambda: x[3],
        "x[2:5]": lambda: x[2:5],
        "iterate 10": lambda: [e for e in x[:10]],
        "asarray(list)": lambda: wnp.asarray([1.0, 2.0, 3.0]),
        "asarray(nested)": lambda: wnp.asarray([[1, 2], [3, 4.5]]),
        "x[3] = 2.0": store,
        "i8 += 1": inplace,
        "i8 + 1000 (raises)": raises(lambda: i8 + 1000),
        "x + None (raises)": raises(lambda: x + None),
        "asarray(deep) (raises)": raises(lambda: wnp.asarray(deep)),
        "asarray(self-containing) (raises)": raises(lambda: wnp.asarray(loop)),
        "pow(x, 2, 5) (raises)": raises(lambda: pow(x, 2, 5)),
    }


def main(n: int) -> None:
    build = "compiled" if wnp.__compiled__ else "pure Python"
    print(f"weaknp {wnp.__version__} ({build} core), numpy {np.__version__}, {n} repetitions")
    print(f"{'operation':36} {'RSS growth':>12} {'traced growth':>14}")
    for name, f in cases().items():
        for _ in range(1000):   # warm-up: entries, caches, free lists
            f()
        gc.collect()
        tracemalloc.start()
        t0 = tracemalloc.get_traced_memory()[0]
        r0 = rss()
        for _ in range(n):
            f()
        gc.collect()
        r1 = rss()
        t1 = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        print(f"{name:36} {(r1 - r0) / 1e6:10.2f} MB {(t1 - t0) / 1e3:11.1f} kB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
