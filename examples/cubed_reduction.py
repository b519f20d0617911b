"""A reduction larger than one chunk, run by Cubed with weaknp as its backend.

    python examples/cubed_reduction.py                 # 1e8 elements (about 400 MB of float32)
    python examples/cubed_reduction.py --size 100000   # quick

Data: ``x = (arange(n, dtype=int32) % 1000).astype(float32) * 0.001`` (the weak 0.001 keeps
float32), split into chunks.  Two reductions run through Cubed's local ``processes`` executor,
every chunk a weaknp array: ``sum(x)`` (float32) and the sum of ``x`` cast to bfloat16 (with
``weaknp.scale.cubed_sum``: Cubed's own ``sum`` accepts only the standard's 13 dtypes;
bfloat16 accumulates in float32 and is cast back once, as weaknp's in-memory sum does).
Then the same computation runs in memory with plain weaknp, and the exact value is printed.
Needs the ``scale`` extra (``pip install "weaknp[scale]"``).
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from typing import Any

# Cubed reads its backend when first imported.
os.environ.setdefault("CUBED_BACKEND_ARRAY_API_MODULE", "weaknp")
if os.environ["CUBED_BACKEND_ARRAY_API_MODULE"] != "weaknp":
    raise SystemExit("set CUBED_BACKEND_ARRAY_API_MODULE=weaknp (or leave it unset)")

import cubed  # noqa: E402
import cubed.array_api as xp  # noqa: E402
from cubed.runtime.types import Callback  # noqa: E402

import weaknp as wnp  # noqa: E402
import weaknp.scale  # noqa: E402


class PeakMemory(Callback):  # type: ignore[misc]  # (Cubed ships no type information)
    """Record Cubed's projected memory per task and the peak memory its tasks measured."""

    def on_compute_start(self, event: Any) -> None:
        self.projected = max((d["primitive_op"].projected_mem for _, d in event.dag.nodes(data=True)
                              if "primitive_op" in d), default=0)
        self.peak = 0
        self.tasks = 0

    def on_task_end(self, event: Any) -> None:
        self.tasks += 1
        if event.peak_measured_mem_end is not None:
            self.peak = max(self.peak, event.peak_measured_mem_end)

    def measured(self) -> str:
        if not self.peak:
            return "peak not measured by this executor"
        return f"peak measured {self.peak / 1e6:.0f} MB"


def exact_sum(n: int, bf16: bool) -> float:
    """The exact sum of the data (values rounded to float32/bfloat16 first), in float64."""
    import numpy as np  # noqa: PLC0415 - the oracle, independent of weaknp

    import ml_dtypes  # noqa: PLC0415
    period = (np.arange(1000, dtype=np.float32) * np.float32(0.001))
    if bf16:
        period = period.astype(ml_dtypes.bfloat16)
    period = period.astype(np.float64)
    full, rest = divmod(n, 1000)
    return float(period.sum() * full + period[:rest].sum())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=float, default=1e8, help="number of elements")
    parser.add_argument("--chunk", type=float, default=None,
                        help="elements per chunk (default: size / 20)")
    parser.add_argument("--allowed-mem", default="500MB", help="Cubed's memory bound per task")
    parser.add_argument("--executor", default="processes",
                        help="Cubed executor: processes (reports peak memory), threads or "
                             "single-threaded")
    parser.add_argument("--skip-in-memory", action="store_true")
    args = parser.parse_args(argv)
    n = int(args.size)
    chunk = int(args.chunk or max(n // 20, 1))
    weaknp.scale.register_zarr_dtypes()  # Zarr learns bfloat16

    with tempfile.TemporaryDirectory() as work_dir:
        spec = cubed.Spec(work_dir=work_dir, allowed_mem=args.allowed_mem)
        options = {"use_processes": "fork"} if args.executor == "processes" else None
        # forked workers inherit the bfloat16 Zarr registration (spawned ones would not)
        executor = cubed.runtime.create.create_executor(args.executor, options)
        k = xp.arange(n, dtype=xp.int32, chunks=chunk, spec=spec)
        x = xp.astype(k % 1000, xp.float32) * 0.001
        sums = {"float32": xp.sum(x),
                "bfloat16": weaknp.scale.cubed_sum(xp.astype(x, wnp.bfloat16))}
        print(f"n = {n:,} elements in {-(-n // chunk)} chunks of {chunk:,}; "
              f"backend: {cubed.backend_array_api.namespace.__name__}; "
              f"executor: {args.executor}; allowed_mem: {args.allowed_mem}")
        results = {}
        for name, s in sums.items():
            with PeakMemory() as mem:
                t0 = time.perf_counter()
                value = s.compute(executor=executor)
                dt = time.perf_counter() - t0
            results[name] = value
            print(f"cubed    {name:8}: {type(value).__name__} dtype={wnp.dtype(value.dtype)!s:8} "
                  f"value={float(value)!r:<14} ({dt:.1f} s, {mem.tasks} tasks, projected "
                  f"{mem.projected / 1e6:.0f} MB/task, {mem.measured()})")

    if not args.skip_in_memory:
        t0 = time.perf_counter()
        xm = wnp.astype(wnp.arange(n, dtype=wnp.int32) % 1000, wnp.float32) * 0.001
        mem_sums = {"float32": wnp.sum(xm), "bfloat16": wnp.sum(wnp.astype(xm, wnp.bfloat16))}
        dt = time.perf_counter() - t0
        del xm
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        for name, value in mem_sums.items():
            same = "same dtype" if value.dtype == results[name].dtype else "DTYPE DIFFERS"
            print(f"weaknp   {name:8}: {type(value).__name__} dtype={wnp.dtype(value.dtype)!s:8} "
                  f"value={float(value)!r:<14} ({same}; difference from cubed "
                  f"{float(value) - float(results[name]):+g})")
        print(f"in-memory weaknp: {dt:.1f} s, process peak RSS afterwards {peak / 1e6:.0f} MB")
    for name in sums:
        print(f"exact    {name:8}: {exact_sum(n, name == 'bfloat16')!r}")


if __name__ == "__main__":
    main()
