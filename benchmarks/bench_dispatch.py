"""Dispatch overhead of weaknp versus NumPy, measured side by side in one run.

Prints, for each small operation and shape, the time of weaknp and of raw NumPy computing
the same output dtype (the baseline spells the dtype out, e.g. ``np.add(x, 1, dtype=int8)``),
their ratio, the geometric mean, the worst binary op; then large mixed-dtype operations
(time ratio and peak memory relative to the output size); then ``import`` time; and the
same small-op table for array-api-strict and jax.numpy where installed.

Run: ``python benchmarks/bench_dispatch.py [--quick]``.  Targets (issue 2): small-op
geometric mean <= 1.5x, no binary op above 1.8x, large ops <= 1.05x with peak memory
<= 1.02x of the output, ``import weaknp`` <= 1.15x ``import numpy``.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import timeit
import tracemalloc

import ml_dtypes
import numpy as np

import weaknp as wnp

SHAPES = [(), (1,), (100,)]


def best(stmt, env, number, repeat):
    timer = timeit.Timer(stmt, globals=env)
    return min(timer.repeat(repeat=repeat, number=number)) / number


def small_cases(shape):
    """(name, weaknp stmt, numpy stmt, is_binary) with a shared namespace."""
    f32, f64, i8, i16, i32, u32 = (np.dtype(t) for t in
                                   ("float32", "float64", "int8", "int16", "int32", "uint32"))
    bf16, f16 = np.dtype(ml_dtypes.bfloat16), np.dtype(np.float16)
    n = {
        "x": np.ones(shape, f32), "y": np.ones(shape, f32), "i8": np.ones(shape, i8),
        "i16": np.ones(shape, i16), "u32": np.ones(shape, u32), "i32": np.ones(shape, i32),
        "bf": np.ones(shape, bf16), "h": np.ones(shape, f16),
    }
    env = {"np": np, "f32": f32, "f64": f64, "i8t": i8, "i64": np.dtype("int64"),
           "bf16": bf16}
    env.update({k: v for k, v in n.items()})
    env.update({"w" + k: wnp.asarray(v) for k, v in n.items()})
    idx = "[0]" if shape else "[()]"
    cases = [
        ("x+1", "wx + 1", "np.add(x, 1, dtype=f32)", True),
        ("x+1.5", "wx + 1.5", "np.add(x, 1.5, dtype=f32)", True),
        ("i32+1.5", "wi32 + 1.5", "np.add(i32, 1.5, dtype=f64)", True),
        ("x+y", "wx + wy", "np.add(x, y, dtype=f32)", True),
        ("i8+f32", "wi8 + wx", "np.add(i8, x, dtype=f32)", True),
        ("i16+u32", "wi16 + wu32", "np.add(i16, u32, dtype=i64)", True),
        ("bf16+f16", "wbf + wh", "np.add(bf, h, dtype=f32)", True),
        ("x*2+1", "wx * 2 + 1", "np.add(np.multiply(x, 2, dtype=f32), 1, dtype=f32)", True),
        ("x<y", "wx < wy", "np.less(x, y)", True),
        ("x[0]", "wx" + idx, "x" + (idx[:-1] + ", ...]" if shape else "[...]"), False),
    ]
    if hasattr(wnp, "sum"):
        cases.append(("x.sum()", "wnp.sum(wx)", "np.sum(x, dtype=f32)", False))
    env["wnp"] = wnp
    return cases, env


def run_small(quick):
    number, repeat = (300, 3) if quick else (3000, 7)
    rows = []
    for shape in SHAPES:
        cases, env = small_cases(shape)
        for name, w, b, binary in cases:
            # interleave: alternate weaknp and NumPy measurements, keep the best of each
            tw = tb = math.inf
            for _ in range(repeat):
                tw = min(tw, best(w, env, number, 1))
                tb = min(tb, best(b, env, number, 1))
            rows.append((name, shape, tw, tb, binary))
    print(f"{'op':10} {'shape':7} {'weaknp':>9} {'numpy':>9} {'ratio':>6}")
    for name, shape, tw, tb, _ in rows:
        print(f"{name:10} {str(shape):7} {tw*1e9:8.0f}n {tb*1e9:8.0f}n {tw/tb:6.2f}")
    ratios = [tw / tb for _, _, tw, tb, _ in rows]
    geo = math.exp(sum(map(math.log, ratios)) / len(ratios))
    worst = max((tw / tb, name, shape) for name, shape, tw, tb, b in rows if b)
    print(f"geometric mean {geo:.2f} (target <= 1.5): {'met' if geo <= 1.5 else 'NOT met'}")
    print(f"worst binary op {worst[1]} {worst[2]} {worst[0]:.2f} (target <= 1.8): "
          f"{'met' if worst[0] <= 1.8 else 'NOT met'}")
    return geo


def peak(fn):
    tracemalloc.start()
    tracemalloc.reset_peak()
    out = fn()
    _, p = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return p, out


def run_large(quick):
    sizes = [10**6] if quick else [10**6, 10**7]
    print(f"\n{'large op':12} {'n':>9} {'time ratio':>10} {'peak/out w':>11} {'peak/out np':>12}")
    worst_t = worst_m = 0.0
    for n in sizes:
        rng = np.random.default_rng(0)
        i8 = rng.integers(-100, 100, n).astype(np.int8)
        f32 = rng.standard_normal(n).astype(np.float32)
        i16 = rng.integers(-100, 100, n).astype(np.int16)
        u32 = rng.integers(0, 100, n).astype(np.uint32)
        bf = f32.astype(ml_dtypes.bfloat16)
        f16 = f32.astype(np.float16)
        cases = [
            ("i8+f32", (i8, f32), np.float32),
            ("i16+u32", (i16, u32), np.int64),
            ("bf16+f16", (bf, f16), np.float32),
        ]
        for name, (a, b), out in cases:
            wa, wb = wnp.asarray(a), wnp.asarray(b)
            # interleaved, best of many: both sides run the same NumPy loop, so any gap
            # beyond weaknp's constant dispatch cost is machine noise, which this damps
            tw = tb = math.inf
            for _ in range(5 if quick else 15):
                tw = min(tw, timeit.timeit(lambda: wa + wb, number=3) / 3)
                tb = min(tb, timeit.timeit(lambda: np.add(a, b, dtype=out), number=3) / 3)
            pw, rw = peak(lambda: wa + wb)
            pb, _ = peak(lambda: np.add(a, b, dtype=out))
            assert rw.dtype == out
            nbytes = n * np.dtype(out).itemsize
            worst_t, worst_m = max(worst_t, tw / tb), max(worst_m, pw / nbytes)
            print(f"{name:12} {n:9d} {tw/tb:10.3f} {pw/nbytes:11.3f} {pb/nbytes:12.3f}")
    print(f"large ops: time ratio <= 1.05 {'met' if worst_t <= 1.05 else 'NOT met'}, "
          f"peak memory <= 1.02x output {'met' if worst_m <= 1.02 else 'NOT met'}")


def run_import(quick):
    runs = 3 if quick else 25
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # measure with compiled bytecode, as installed
    code = "import time; t=time.perf_counter(); import {m}; print(time.perf_counter()-t)"
    for m in ("weaknp", "numpy"):              # warm up / compile
        subprocess.run([sys.executable, "-c", f"import {m}"], env=env, check=True)
    times = {"numpy": math.inf, "weaknp": math.inf, "numpy, ml_dtypes": math.inf}
    for _ in range(runs):                      # interleaved, best of each: damps machine noise
        for m in times:
            t = float(subprocess.run([sys.executable, "-c", code.format(m=m)], env=env,
                                     capture_output=True, text=True, check=True).stdout)
            times[m] = min(times[m], t)
    print(f"\nimport numpy + ml_dtypes alone: {times['numpy, ml_dtypes']*1e3:.0f} ms "
          f"({times['numpy, ml_dtypes'] / times['numpy']:.2f}x import numpy)")
    r = times["weaknp"] / times["numpy"]
    print(f"import numpy {times['numpy']*1e3:.0f} ms, import weaknp {times['weaknp']*1e3:.0f} ms "
          f"(includes numpy and ml_dtypes): ratio {r:.2f} (target <= 1.15): "
          f"{'met' if r <= 1.15 else 'NOT met'}")


def run_others(quick):
    number = 300 if quick else 2000
    others = []
    try:
        import array_api_strict as xs  # noqa: PLC0415 - optional comparison
        others.append(("array-api-strict", xs))
    except ImportError:
        print("\narray-api-strict not installed: skipped")
    try:
        import jax  # noqa: PLC0415 - optional comparison
        jax.config.update("jax_enable_x64", True)
        import jax.numpy as jnp  # noqa: PLC0415
        others.append(("jax.numpy", jnp))
    except ImportError:
        print("jax not installed: skipped")
    for label, xp in others:
        print(f"\n{label} vs NumPy (same statements, shape (100,))")
        x = np.ones(100, np.float32)
        env = {"xp": xp, "np": np, "x": x, "f32": np.dtype(np.float32)}
        env["a"] = xp.asarray(x)
        env["b"] = xp.asarray(x)
        env["w"] = wnp.asarray(x)
        sync = ".block_until_ready()" if label == "jax.numpy" else ""
        for name, expr, base in [("x+1", "{a} + 1", "np.add(x, 1, dtype=f32)"),
                                 ("x+y", "{a} + {b}", "np.add(x, x, dtype=f32)"),
                                 ("x<y", "{a} < {b}", "np.less(x, x)")]:
            t = best("(" + expr.format(a="a", b="b") + ")" + sync, env, number, 5)
            tw = best(expr.format(a="w", b="w"), env, number, 5)
            tb = best(base, env, number, 5)
            print(f"  {name:6} {label} {t/tb:6.2f}x   weaknp {tw/tb:5.2f}x")


_ADD, _LESS = np.add, np.less


class _Floor:
    """The least any pure-Python wrapper can do: one ufunc call, one new wrapper object.

    No promotion, no checks, no mode: it shows how much of weaknp's ratio is the price of a
    Python-level ``__add__``/``__lt__``/``__getitem__`` and an object per result, and how
    much is weaknp's own work.
    """
    __slots__ = ("_data", "_node")

    def __init__(self, data):
        self._data = data
        self._node = 0

    def __add__(self, other):
        obj = object.__new__(_Floor)
        obj._data = _ADD(self._data, other._data if type(other) is _Floor else other, out=...)
        obj._node = 0
        return obj

    def __lt__(self, other):
        obj = object.__new__(_Floor)
        obj._data = _LESS(self._data, other._data, out=...)
        obj._node = 0
        return obj

    def __getitem__(self, key):
        obj = object.__new__(_Floor)
        obj._data = self._data[key, ...]
        obj._node = 0
        return obj


def run_floor(quick):
    number, repeat = (300, 3) if quick else (3000, 7)
    x = np.ones(100, np.float32)
    env = {"np": np, "x": x, "y": x.copy(), "f32": x.dtype, "fx": _Floor(x),
           "fy": _Floor(x.copy()), "wx": wnp.asarray(x), "wy": wnp.asarray(x.copy())}
    print("\npure-Python floor (a wrapper doing only the ufunc call and one new object), "
          "shape (100,)")
    print(f"{'op':6} {'floor':>6} {'weaknp':>7}")
    for name, f, w, b in [("x+1", "fx + 1", "wx + 1", "np.add(x, 1, dtype=f32)"),
                          ("x+y", "fx + fy", "wx + wy", "np.add(x, y, dtype=f32)"),
                          ("x<y", "fx < fy", "wx < wy", "np.less(x, y)"),
                          ("x[0]", "fx[0]", "wx[0]", "x[0, ...]")]:
        tf = tw = tb = math.inf
        for _ in range(repeat):
            tf = min(tf, best(f, env, number, 1))
            tw = min(tw, best(w, env, number, 1))
            tb = min(tb, best(b, env, number, 1))
        print(f"{name:6} {tf/tb:6.2f} {tw/tb:7.2f}")


def run_calls(quick):
    """Function calls of weaknp's ufunc objects (``wnp.add(x, 1)``: NumPy's ufunc signature,
    then the operator's own path), beside the operator and NumPy's call, shape (100,)."""
    number, repeat = (300, 3) if quick else (3000, 7)
    x = np.ones(100, np.float32)
    env = {"np": np, "wnp": wnp, "x": x, "f32": x.dtype, "wx": wnp.asarray(x)}
    print("\nufunc calls, shape (100,)")
    print(f"{'call':16} {'weaknp':>8} {'numpy':>8} {'ratio':>6}")
    for w, b in [("wnp.add(wx, 1)", "np.add(x, 1, dtype=f32)"), ("wx + 1", "np.add(x, 1, dtype=f32)"),
                 ("wnp.add(wx, wx)", "np.add(x, x)"), ("wnp.exp(wx)", "np.exp(x)")]:
        tw = tb = math.inf
        for _ in range(repeat):
            tw = min(tw, best(w, env, number, 1))
            tb = min(tb, best(b, env, number, 1))
        print(f"{w:16} {tw*1e9:7.0f}n {tb*1e9:7.0f}n {tw/tb:6.2f}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--quick", action="store_true", help="fewer repeats (a smoke run)")
    args = p.parse_args()
    print(f"numpy {np.__version__}, weaknp {wnp.__version__}, {os.cpu_count()} CPUs\n")
    run_small(args.quick)
    run_floor(args.quick)
    run_calls(args.quick)
    run_large(args.quick)
    run_import(args.quick)
    run_others(args.quick)


if __name__ == "__main__":
    main()
