"""Dispatch overhead of weaknp versus NumPy, measured side by side in one run.

Prints, for each small operation and shape, the time of weaknp and of NumPy's own spelling
of the same work (``x + 1``, ``x[0]``, ``x.sum()``, ``np.asarray(list)``; the dtype is
forced only where NumPy's own result dtype differs from weaknp's, e.g.
``np.add(i8, x, dtype=float32)``), their ratio, the geometric mean and each target of
issue 14; then list conversion and iteration; bfloat16/float16 against float32; large
mixed-dtype operations (time ratio and peak memory relative to the output); ``import``
time; and array-api-strict and jax.numpy on the same statements.  Measurements alternate
between the two sides (interleaved) and keep the best of each.

Run: ``python benchmarks/bench_dispatch.py [--quick]`` (``WEAKNP_PURE_PYTHON=1`` measures
the pure-Python build).  Targets (issue 14): geometric mean <= 1.25x, no binary operator
above 1.4x, the common functions <= 1.3x, ``x[i]``/``x[i, j]``/``x[2:5]`` <= 2.5x,
iterating 1e4 elements <= 3x, ``asarray`` of lists <= 1.5x, bfloat16/float16 binary ops
<= 2x the float32 ones, large ops <= 1.05x with peak memory <= 1.02x the output,
``import weaknp`` <= 1.10x ``import numpy, ml_dtypes``.
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


def interleaved(stmts, env, number, repeat):
    """Best time of each statement, measured in turns (machine noise hits all alike)."""
    times = [math.inf] * len(stmts)
    for _ in range(repeat):
        for i, s in enumerate(stmts):
            times[i] = min(times[i], best(s, env, number, 1))
    return times


# (name, weaknp statement, NumPy statement, group); groups: "binary" operators, "op" other
# operators, "fn" the common functions, "index" indexing.
def small_cases(shape):
    f32, i8 = np.dtype("float32"), np.dtype("int8")
    n = {"x": np.ones(shape, f32), "y": np.full(shape, 2, f32), "i8": np.ones(shape, i8),
         "i16": np.ones(shape, np.int16), "u32": np.ones(shape, np.uint32),
         "c": np.zeros(shape, bool), "m": np.ones((3, 4), f32)}
    env = {"np": np, "wnp": wnp, "f32": f32, "i64": np.dtype("int64")}
    env.update(n)
    env.update({"w" + k: wnp.asarray(v) for k, v in n.items()})
    shp = "(2, -1)" if shape == (100,) else "(1, -1)" if shape else "(1,)"
    cases = [
        ("x+1", "wx + 1", "x + 1", "binary"),
        ("1+x", "1 + wx", "1 + x", "binary"),
        ("x*1.5", "wx * 1.5", "x * 1.5", "binary"),
        ("x+y", "wx + wy", "x + y", "binary"),
        ("x-y", "wx - wy", "x - y", "binary"),
        ("x*y", "wx * wy", "x * y", "binary"),
        ("x/y", "wx / wy", "x / y", "binary"),
        ("x<y", "wx < wy", "x < y", "binary"),
        ("x==y", "wx == wy", "x == y", "binary"),
        ("i8+f32", "wi8 + wx", "np.add(i8, x, dtype=f32)", "binary"),
        ("i16+u32", "wi16 + wu32", "np.add(i16, u32, dtype=i64)", "binary"),
        ("-x", "-wx", "-x", "op"),
        ("x*2+1", "wx * 2 + 1", "x * 2 + 1", "op"),
        ("add(x,1)", "wnp.add(wx, 1)", "np.add(x, 1)", "fn"),
        ("np.add(wx,1)", "np.add(wx, 1)", "np.add(x, 1)", "fn"),
        ("exp", "wnp.exp(wx)", "np.exp(x)", "fn"),
        ("where", "wnp.where(wc, wx, wy)", "np.where(c, x, y)", "fn"),
        ("sum", "wnp.sum(wx)", "np.sum(x)", "fn"),
        ("mean", "wnp.mean(wx)", "np.mean(x)", "fn"),
        ("x.sum()", "wx.sum()", "x.sum()", "fn"),
        ("reshape", f"wnp.reshape(wx, {shp})", f"np.reshape(x, {shp})", "fn"),
    ]
    if shape:
        cases += [("x[i]", "wx[0]", "x[0]", "index"), ("x[2:5]", "wx[2:5]", "x[2:5]", "index")]
    else:
        cases += [("x[()]", "wx[()]", "x[()]", "index")]
    cases += [("x[i,j]", "wm[1, 2]", "m[1, 2]", "index")]
    return cases, env


def _verdict(value, target):
    return f"{value:.2f} (target <= {target}): {'met' if value <= target else 'NOT met'}"


def run_small(quick):
    number, repeat = (300, 3) if quick else (2000, 7)
    rows = []
    for shape in SHAPES:
        cases, env = small_cases(shape)
        for name, w, b, group in cases:
            tw, tb = interleaved([w, b], env, number, repeat)
            rows.append((name, shape, tw, tb, group))
    print(f"{'op':13} {'shape':7} {'weaknp':>9} {'numpy':>9} {'ratio':>6}")
    seen = set()
    for name, shape, tw, tb, group in rows:
        if name in ("x[i,j]",) and name in seen:
            continue
        seen.add(name)
        print(f"{name:13} {str(shape):7} {tw*1e9:8.0f}n {tb*1e9:8.0f}n {tw/tb:6.2f}")
    ratio = {(name, shape): tw / tb for name, shape, tw, tb, _ in rows}
    ops_fns = [r for (name, shape), r in ratio.items()
               if name not in ("x[i]", "x[2:5]", "x[()]", "x[i,j]")]
    geo = math.exp(sum(map(math.log, ops_fns)) / len(ops_fns))
    worst_bin = max((tw / tb, name, shape) for name, shape, tw, tb, g in rows if g == "binary")
    fns = ("add(x,1)", "exp", "where", "sum", "mean", "x.sum()", "reshape")
    worst_fn = max((tw / tb, name, shape) for name, shape, tw, tb, _ in rows if name in fns)
    worst_ix = max((tw / tb, name, shape) for name, shape, tw, tb, g in rows if g == "index")
    print(f"geometric mean over operators and functions {_verdict(geo, 1.25)}")
    print(f"worst binary operator {worst_bin[1]} {worst_bin[2]} {_verdict(worst_bin[0], 1.4)}")
    print(f"worst common function {worst_fn[1]} {worst_fn[2]} {_verdict(worst_fn[0], 1.3)}")
    print(f"worst indexing {worst_ix[1]} {worst_ix[2]} {_verdict(worst_ix[0], 2.5)}")
    return geo


def run_lists(quick):
    number, repeat = (30, 3) if quick else (200, 5)
    big_f = [float(i) for i in range(10**6)]
    big_i = list(range(10**6))
    nested = [[float(i + j) for j in range(100)] for i in range(100)]
    env = {"np": np, "wnp": wnp, "l3f": [1.0, 2.0, 3.0], "l3i": [1, 2, 3], "big_f": big_f,
           "big_i": big_i, "nested": nested, "nest3": [[1, 2], [3, 4]],
           "a": np.ones(10**4, np.float32), "wa": wnp.asarray(np.ones(10**4, np.float32))}
    cases = [("asarray 3 floats", "l3f", number * 10), ("asarray 3 ints", "l3i", number * 10),
             ("asarray [[1,2],[3,4]]", "nest3", number * 10),
             ("asarray 100x100 floats", "nested", number),
             ("asarray 1e6 floats", "big_f", 1), ("asarray 1e6 ints", "big_i", 1)]
    print(f"\n{'conversion / iteration':26} {'weaknp':>10} {'numpy':>10} {'ratio':>6}")
    worst = 0.0
    for name, var, n in cases:
        tw, tb = interleaved([f"wnp.asarray({var})", f"np.asarray({var})"], env, n, repeat)
        worst = max(worst, tw / tb)
        print(f"{name:26} {tw*1e6:9.2f}u {tb*1e6:9.2f}u {tw/tb:6.2f}")
    print(f"worst asarray of lists {_verdict(worst, 1.5)}")
    tw, tb = interleaved(["for v in wa: pass", "for v in a: pass"], env, 3 if quick else 10,
                         repeat)
    print(f"{'iterate 1e4 elements':26} {tw*1e6:9.0f}u {tb*1e6:9.0f}u {tw/tb:6.2f}")
    print(f"iteration {_verdict(tw / tb, 3)}")


def run_narrow(quick):
    """bfloat16 and float16 binary ops against the same ops on float32 (all weaknp), with
    NumPy's own ratios for the same statements on ndarrays beside them (NumPy's float16
    loops and ml_dtypes' bfloat16 loops against NumPy's float32 loops)."""
    number, repeat = (300, 3) if quick else (2000, 7)
    x = np.ones(100, np.float32)
    env = {"wnp": wnp}
    for t, dt in (("f", np.float32), ("b", ml_dtypes.bfloat16), ("h", np.float16)):
        env[t] = wnp.asarray(x.astype(dt))
        env[t + "2"] = wnp.asarray(x.astype(dt))
        env["n" + t] = x.astype(dt)
        env["n" + t + "2"] = x.astype(dt)
    print("\nnarrow floats vs float32, shape (100,): weaknp's ratio (NumPy's own ratio)")
    worst = 0.0
    for name, stmt in (("a+b", "{0} + {0}2"), ("a*2", "{0} * 2"), ("a<b", "{0} < {0}2"),
                       ("a*1.5", "{0} * 1.5")):
        tf, tbf, th, nf, nbf, nh = interleaved(
            [stmt.format(t) for t in ("f", "b", "h", "nf", "nb", "nh")], env, number, repeat)
        worst = max(worst, tbf / tf, th / tf)
        print(f"  {name:7} bfloat16 {tbf/tf:5.2f}x ({nbf/nf:5.2f}x)  "
              f"float16 {th/tf:5.2f}x ({nh/nf:5.2f}x)  float32")
    print(f"worst narrow/float32 {_verdict(worst, 2)}")


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
    code = ("import sys; sys.path = [p for p in sys.path if p]; import time; "
            "t=time.perf_counter(); import {m}; print(time.perf_counter()-t)")
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
    r = times["weaknp"] / times["numpy, ml_dtypes"]
    print(f"import numpy {times['numpy']*1e3:.0f} ms, import weaknp {times['weaknp']*1e3:.0f} ms "
          f"(includes numpy and ml_dtypes): {r:.2f}x import numpy, ml_dtypes "
          f"(target <= 1.10): {'met' if r <= 1.10 else 'NOT met'}")


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
        for name, expr, base in [("x+1", "{a} + 1", "x + 1"), ("x+y", "{a} + {b}", "x + x"),
                                 ("x<y", "{a} < {b}", "x < x"), ("-x", "-{a}", "-x"),
                                 ("x[0]", "{a}[0]", "x[0]"),
                                 ("exp", "xp.exp({a})", "np.exp(x)"),
                                 ("sum", "xp.sum({a})", "np.sum(x)")]:
            env["wnp"] = wnp
            t, tw, tb = interleaved(["(" + expr.format(a="a", b="b") + ")" + sync,
                                     expr.format(a="w", b="w").replace("xp.", "wnp."), base],
                                    env, number, 5)
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
    build = "compiled" if wnp.__compiled__ else "pure Python"
    print(f"numpy {np.__version__}, weaknp {wnp.__version__} ({build} dispatch core), "
          f"{os.cpu_count()} CPUs\n")
    run_small(args.quick)
    run_lists(args.quick)
    run_narrow(args.quick)
    run_floor(args.quick)
    run_calls(args.quick)
    run_large(args.quick)
    run_import(args.quick)
    run_others(args.quick)


if __name__ == "__main__":
    main()
