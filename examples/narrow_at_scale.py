"""A bfloat16 computation larger than memory, through Cubed and dask, checked and measured.

    python examples/narrow_at_scale.py                   # 10 GiB of bfloat16 (logical), all runs
    python examples/narrow_at_scale.py --gib 1           # the size tests/scale runs
    python examples/narrow_at_scale.py --gib 1 --run cubed:weaknp

The array is ``x[i, j] = bfloat16(sin(0.001 * j) * (1 + 0.125 * (i % 8)))`` of shape
``(rows, 2**20)``, generated lazily from ``arange`` (nothing is read from disk), in chunks of
``--chunk-rows`` rows.  The pipeline: ``y = x * 2 + 1`` (bfloat16: the weak scalars keep it),
``r = sum(y, axis=1)`` (bfloat16, accumulated in float32 within and across chunks, rounded
once), ``r`` written to Zarr as bfloat16 (weaknp's Zarr data type), read back with plain Zarr,
and ``total = sum(r)``.  Only the reduced rows are written: the point is the out-of-core
pipeline, and a 10 GiB Zarr write would measure the disk (shared, in /tmp) rather than the
engines; Cubed itself stores its intermediates in Zarr.

Each run is a fresh process (Cubed picks its backend at import; peak RSS is per process):
``cubed:weaknp`` (weaknp backend, bfloat16), ``cubed:numpy`` (NumPy backend, float32 chunks),
``dask:weaknp`` (weaknp chunks, bfloat16), ``dask:numpy`` (NumPy float32 chunks).  The
bfloat16 rows are checked against a float64 reference computed chunk-wise with NumPy and
ml_dtypes only: every row within one bfloat16 rounding (``|r - ref| <= ulp(ref)``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from typing import Any

COLS = 2 ** 20
RUNS = ("cubed:weaknp", "cubed:numpy", "dask:weaknp", "dask:numpy")


def _rows(gib: float) -> int:
    return int(gib * 2 ** 30 / 2 / COLS)   # bfloat16: two bytes per element


def build_cubed(rows: int, chunk_rows: int, narrow: bool, spec: Any) -> Any:
    """The pipeline as a Cubed graph: returns the row sums ``r`` (lazy)."""
    import cubed.array_api as xp

    j = xp.astype(xp.arange(COLS, chunks=COLS, spec=spec), xp.float32)
    i = xp.astype(xp.arange(rows, chunks=chunk_rows, spec=spec) % 8, xp.float32)
    s = xp.expand_dims(xp.sin(j * 0.001), axis=0)             # (1, COLS) float32
    w = xp.expand_dims(1 + 0.125 * i, axis=1)                  # (rows, 1) float32
    x = s * w
    if narrow:
        x = xp.astype(x, xp.bfloat16)
    y = x * 2 + 1
    return xp.sum(y, axis=1)


def build_dask(rows: int, chunk_rows: int, narrow: bool) -> Any:
    """The same pipeline as a dask graph (weaknp chunks when ``narrow``)."""
    import dask.array as da

    j = da.arange(COLS, chunks=COLS, dtype="float32")
    i = (da.arange(rows, chunks=chunk_rows) % 8).astype("float32")
    if narrow:
        import weaknp as wnp
        import weaknp.scale

        weaknp.scale.register_dask()
        meta = wnp.empty((0,), dtype=wnp.float32)
        j, i = (a.map_blocks(wnp.asarray, meta=meta) for a in (j, i))
    s = da.sin(j * 0.001)[None, :]
    w = (1 + 0.125 * i)[:, None]
    x = s * w
    if not narrow:
        return (x * 2 + 1).sum(axis=1)
    x = weaknp.scale.dask_elemwise(wnp.astype, x, wnp.bfloat16)
    y = x * 2 + 1
    return weaknp.scale.dask_sum(y, axis=1)


def reference(rows: int, chunk_rows: int, narrow: bool) -> Any:
    """Row sums in float64 from NumPy and ml_dtypes only, one chunk of rows at a time."""
    import ml_dtypes
    import numpy as np

    s = np.sin(np.arange(COLS, dtype=np.float32) * np.float32(0.001))
    out = np.empty(rows, np.float64)
    for r0 in range(0, rows, chunk_rows):
        idx = np.arange(r0, min(rows, r0 + chunk_rows))
        w = np.float32(1) + np.float32(0.125) * (idx % 8).astype(np.float32)
        x = s[None, :] * w[:, None]
        if narrow:   # the bfloat16 elementwise step, each result correctly rounded
            x = x.astype(ml_dtypes.bfloat16).astype(np.float64)
            y = (x * 2 + 1).astype(ml_dtypes.bfloat16).astype(np.float64)
        else:
            y = (x * np.float32(2) + np.float32(1)).astype(np.float64)
        out[idx] = y.sum(axis=1)
    return out


def one(run: str, gib: float, chunk_rows: int, allowed_mem: str, work_dir: str) -> dict[str, Any]:
    """One engine and chunk type in this process; returns the measurements as a dict."""
    import numpy as np
    import zarr

    engine, kind = run.split(":")
    narrow = kind == "weaknp"
    rows = _rows(gib)
    path = os.path.join(work_dir, f"{engine}-{kind}.zarr")
    projected = None
    t0 = time.perf_counter()
    if narrow:
        import weaknp.scale

        weaknp.scale.register_zarr_dtypes()
    if engine == "cubed":
        import cubed

        if narrow:
            weaknp.scale.use_with_cubed()
        class Projected(cubed.Callback):  # type: ignore[misc]  # Cubed has no type information
            """The most memory Cubed's plan projects for one task (bytes)."""

            peak = 0

            def on_compute_start(self, event: Any) -> None:
                self.peak = max((d["primitive_op"].projected_mem
                                 for _, d in event.dag.nodes(data=True)
                                 if "primitive_op" in d), default=0)

        spec = cubed.Spec(work_dir=work_dir, allowed_mem=allowed_mem)
        r = build_cubed(rows, chunk_rows, narrow, spec)
        dtype = str(r.dtype)
        peak = Projected()
        cubed.to_zarr(r, path, executor=cubed.runtime.create.create_executor("threads"),
                      callbacks=[peak])
        projected = peak.peak
    else:
        import dask

        r = build_dask(rows, chunk_rows, narrow)
        dtype = str(r.dtype)
        with dask.config.set(scheduler="threads"):
            r.map_blocks(np.asarray, meta=np.empty((0,), r.dtype)).to_zarr(path)
    elapsed = time.perf_counter() - t0
    back = np.asarray(zarr.open_array(path, mode="r")[:])
    total = float(np.sum(back.astype(np.float64)))
    result = {"run": run, "rows": rows, "dtype": dtype, "stored": str(back.dtype),
              "seconds": round(elapsed, 2), "total": total,
              "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
              "projected_mb": None if projected is None else round(projected / 2 ** 20)}
    ref = reference(rows, chunk_rows, narrow)
    err = np.abs(back.astype(np.float64) - ref)
    if narrow:
        import ml_dtypes

        ulp = np.spacing(np.abs(ref).astype(ml_dtypes.bfloat16)).astype(np.float64)
        result["max_err_ulps"] = float(np.max(err / ulp))
    else:
        result["max_rel_err"] = float(np.max(err / np.abs(ref)))
    return result


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--gib", type=float, default=10.0, help="logical bfloat16 size in GiB")
    p.add_argument("--chunk-rows", type=int, default=16, help="rows (of 2**20) per chunk")
    p.add_argument("--allowed-mem", default="500MB", help="Cubed's allowed_mem")
    p.add_argument("--run", action="append", choices=RUNS, help="default: all four")
    p.add_argument("--work-dir", default=None, help="for Zarr (default: a temporary dir)")
    p.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    runs = args.run or list(RUNS)
    with tempfile.TemporaryDirectory(dir=args.work_dir) as work_dir:
        if args.one:
            print(json.dumps(one(runs[0], args.gib, args.chunk_rows, args.allowed_mem,
                                 work_dir)))
            return 0
        rows = _rows(args.gib)
        print(f"x: ({rows:,}, {COLS:,}) = {rows * COLS:,} elements, "
              f"{rows * COLS * 2 / 2 ** 30:.1f} GiB as bfloat16, "
              f"{rows * COLS * 4 / 2 ** 30:.1f} GiB as float32; chunks of {args.chunk_rows} "
              f"rows; Cubed allowed_mem {args.allowed_mem}")
        print(f"{'run':14} {'dtype':9} {'time s':>7} {'peak RSS MB':>11} "
              f"{'proj. MB/task':>13}  error vs float64 reference")
        failed = 0
        for run in runs:
            engine, kind = run.split(":")
            env = dict(os.environ, CUBED_BACKEND_ARRAY_API_MODULE=kind)
            cmd = [sys.executable, __file__, "--one", "--run", run, "--gib", str(args.gib),
                   "--chunk-rows", str(args.chunk_rows), "--allowed-mem", args.allowed_mem,
                   "--work-dir", work_dir]
            done = subprocess.run(cmd, capture_output=True, text=True, env=env)
            if done.returncode:
                print(f"{run:14} FAILED\n{done.stderr}")
                failed += 1
                continue
            res = json.loads(done.stdout.strip().splitlines()[-1])
            err = (f"{res['max_err_ulps']:.2f} bfloat16 ulp (max over rows)"
                   if "max_err_ulps" in res else f"{res['max_rel_err']:.1e} relative")
            task = "" if res["projected_mb"] is None else res["projected_mb"]
            print(f"{run:14} {res['dtype']:9} {res['seconds']:7.1f} {res['peak_rss_mb']:11} "
                  f"{task:>13}  {err}; total {res['total']:.6g}")
            if "max_err_ulps" in res and (res["max_err_ulps"] > 1 or res["dtype"] != "bfloat16"
                                          or res["stored"] != "bfloat16"):
                print(f"{run:14} CHECK FAILED: {res}")
                failed += 1
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
