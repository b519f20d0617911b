"""Narrow floats elementwise: weaknp, NumPy/ml_dtypes' own loops and jax.numpy against NumPy's
float32 loop on the same data (issue 24, item 3: target <= 3x).

For each dtype (float16, bfloat16, float8_e4m3fn, float8_e5m2, float4_e2m1fn) and statement
(``a + b``, ``a * 2``, ``a + 1.5``, ``sqrt(a)``, ``a < b``, ``exp(a)``, ``log(a)``, ``sin(a)``,
``tanh(a)``, ``clip(a, .6, 1.5)``,
``round(a)``, the in-place ``a += b``, ``a *= 2``, ``a -= 0.5`` and ``a /= 3``, ``a`` restored
outside the clock before each run) at 1e6 elements (``--quick``: 2e5), prints the median of paired
ratios (each round times every side once, in turn, so machine noise hits all
alike): weaknp / NumPy float32, the narrow type's own loop / NumPy float32 (NumPy's float16
loop, ml_dtypes' loops), jax.numpy (CPU) / NumPy float32 when jax is installed, and
weaknp's peak traced memory relative to its output.

Run: ``python benchmarks/bench_narrow.py [--quick] [--simd native|avx2|portable] [--dtypes
float8_e4m3fn,...] [--ops 'a + b,a += b'] [--chunked]`` (``--chunked``: a column for the
one-byte types' chunked loop without the pair tables, in the same rounds)
(``WEAKNP_PURE_PYTHON=1`` measures the pure-Python build).  ``--simd avx2`` measures a CPU
with AVX2 and F16C but no AVX-512 (most client CPUs): the compiled core's loops at that level
(``narrow.use_simd(1)``, ``byte_simd(1)``) against a NumPy whose AVX-512 loops are off (the
script runs itself again with ``NPY_DISABLE_CPU_FEATURES`` set, ``AVX2_OFF`` below);
``--simd portable``: the compiled core's portable C (the fallback off x86, no F16C) against
a NumPy without AVX2 either.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import tracemalloc

#: NumPy's dispatch targets above AVX2 (NumPy 2.4's names: ``__cpu_dispatch__``), and with
#: AVX2's too: what ``--simd avx2`` / ``--simd portable`` turn off in NumPy
AVX2_OFF = "X86_V4 AVX512_ICL AVX512_SPR"
PORTABLE_OFF = "X86_V3 " + AVX2_OFF
#: --simd: (narrow.use_simd, narrow.byte_simd, F16C, NumPy's features turned off)
LEVELS = {"native": (3, 2, True, ""), "avx2": (1, 1, True, AVX2_OFF),
          "portable": (0, 0, False, PORTABLE_OFF)}


def _simd_level(argv) -> str:
    """The ``--simd`` level asked for; before NumPy is imported, the script runs itself
    again with NumPy's features above that level turned off (they are read at import)."""
    level = "native"
    for i, a in enumerate(argv):
        if a == "--simd" and i + 1 < len(argv):
            level = argv[i + 1]
        elif a.startswith("--simd="):
            level = a.split("=", 1)[1]
    off = LEVELS.get(level, LEVELS["native"])[3]
    if off and os.environ.get("NPY_DISABLE_CPU_FEATURES") != off:
        os.environ["NPY_DISABLE_CPU_FEATURES"] = off
        os.execv(sys.executable, [sys.executable, *sys.argv])
    return level


if __name__ == "__main__":
    _simd_level(sys.argv[1:])

import ml_dtypes  # noqa: E402 - after the re-run with NumPy's features set
import numpy as np  # noqa: E402

import weaknp as wnp  # noqa: E402

DTYPES = [np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16),
          np.dtype(ml_dtypes.float8_e4m3fn), np.dtype(ml_dtypes.float8_e5m2),
          np.dtype(ml_dtypes.float4_e2m1fn)]
#: (label, weaknp / NumPy statement on a and b; jax.numpy's on ja and jb)
STATEMENTS = [("a + b", "a + b", "ja + jb"), ("a * b", "a * b", "ja * jb"),
              ("a / b", "a / b", "ja / jb"), ("a * 2", "a * 2", "ja * 2"),
              ("a + 1.5", "a + 1.5", "ja + 1.5"),
              ("sqrt(a)", "m.sqrt(a)", "jnp.sqrt(ja)"), ("a < b", "a < b", "ja < jb"),
              ("exp(a)", "m.exp(a)", "jnp.exp(ja)"), ("log(a)", "m.log(a)", "jnp.log(ja)"),
              ("sin(a)", "m.sin(a)", "jnp.sin(ja)"), ("tanh(a)", "m.tanh(a)", "jnp.tanh(ja)"),
              ("clip(a, .6, 1.5)", "m.clip(a, .6, 1.5)", "jnp.clip(ja, .6, 1.5)"),
              ("round(a)", "m.round(a)", "jnp.round(ja)"),
              # in place (jax has none: its functional update is timed beside)
              ("a += b", "a += b", "ja.at[:].add(jb)"), ("a *= 2", "a *= 2", "ja.at[:].multiply(2)"),
              ("a -= 0.5", "a -= 0.5", "ja.at[:].add(-0.5)"),
              ("a /= 3", "a /= 3", "ja.at[:].divide(3)")]


def _jax():
    try:
        import jax
        jax.config.update("jax_platforms", "cpu")
        import jax.numpy as jnp
        return jax, jnp
    except Exception:  # noqa: BLE001 - jax absent or unusable: its column is left out
        return None, None


def _timer(stmt, env, block=None, reset=None, pairs=True):
    inplace = "=" in stmt
    code = compile(stmt, "<bench>", "exec" if inplace else "eval")

    def run():
        if reset is not None:
            reset()   # the in-place rows start from the same values each time
        if not pairs:
            _narrow().use_pairs(False)   # the "chunked" column: today's loop without them
        t = time.perf_counter()
        r = eval(code, env)  # noqa: S307 - the benchmark's own statements
        if block is not None:
            block(r)
        t = time.perf_counter() - t
        if not pairs:
            _narrow().use_pairs(True)
        return t
    return run


def _narrow():
    from weaknp._fast import narrow
    return narrow


def measure(n: int, rounds: int, dtypes=None, ops=None, chunked=False) -> list:
    rng = np.random.default_rng(0)
    jax, jnp = _jax()
    rows = []
    for dt in DTYPES if dtypes is None else [np.dtype(getattr(ml_dtypes, d, d)) for d in dtypes]:
        # values in [0.5, 2): no overflow, exp stays finite in every type
        base = (rng.random(n) * 1.5 + 0.5)
        a, b = base.astype(dt), rng.permutation(base).astype(dt)
        a32, b32 = a.astype(np.float32), b.astype(np.float32)
        wa, wb = wnp.asarray(a.copy()), wnp.asarray(b)
        ao, ao32 = a.copy(), a32.copy()   # a, a32 stay as made: the in-place rows' start
        envs = {"weaknp": {"a": wa, "b": wb, "m": wnp},
                "own": {"a": ao, "b": b, "m": np},
                "float32": {"a": ao32, "b": b32, "m": np}}
        if jax is not None:
            try:
                envs["jax"] = {"ja": jnp.asarray(a), "jb": jnp.asarray(b), "jnp": jnp}
            except Exception:  # noqa: BLE001 - a type jax's CPU backend lacks (float6)
                pass
        if chunked:
            envs["chunked"] = envs["weaknp"]
        # the buffers the in-place rows write into, restored from a, a32 before each run
        bufs = {"weaknp": (np.asarray(wa), a), "own": (ao, a), "float32": (ao32, a32)}
        bufs["chunked"] = bufs["weaknp"]
        for label, stmt, jstmt in STATEMENTS:
            if ops is not None and label not in ops:
                continue
            timers = {k: _timer(jstmt if k == "jax" else stmt, env,
                                (lambda r: r.block_until_ready()) if k == "jax" else None,
                                (lambda b=bufs[k]: np.copyto(*b)) if k in bufs else None,
                                k != "chunked")
                      for k, env in envs.items()}
            for k, t in list(timers.items()):
                try:
                    t()   # warm-up (jax compiles here)
                except Exception:  # noqa: BLE001 - a side without this op: left out
                    del timers[k]
            ratios = {k: [] for k in timers if k != "float32"}
            for _ in range(rounds):
                ref = timers["float32"]()
                for k in ratios:
                    ratios[k].append(timers[k]() / ref)
            env = envs["weaknp"]
            tracemalloc.start()
            if "=" in stmt:
                exec(stmt, env)  # noqa: S102 - the benchmark's own statements
                r = env["a"]
            else:
                r = eval(stmt, env)  # noqa: S307
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            np.copyto(*bufs["weaknp"])
            out_bytes = np.asarray(r).nbytes
            rows.append((str(dt), label, {k: statistics.median(v) for k, v in ratios.items()},
                         peak / out_bytes))
    return rows


def set_level(level: str) -> str:
    """The compiled core's loops set to ``level`` (``LEVELS``); a description of both
    sides' levels."""
    from weaknp._fast import narrow
    simd, byte, f16c, _ = LEVELS[level]
    narrow.use_f16c(f16c)
    narrow.byte_simd(byte)
    used = narrow.use_simd(simd)
    off = os.environ.get("NPY_DISABLE_CPU_FEATURES", "")
    return f"{level} (weaknp level {used}, NumPy without: {off or 'nothing'})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2e5 elements, fewer rounds")
    parser.add_argument("--simd", choices=sorted(LEVELS), default="native",
                        help="the SIMD level of both sides (avx2: no AVX-512; portable: no "
                             "AVX2, the compiled core's portable C)")
    parser.add_argument("--dtypes", help="comma-separated dtype names (default: all five)")
    parser.add_argument("--ops", help="comma-separated statements, e.g. 'a + b,a += b'")
    parser.add_argument("--chunked", action="store_true",
                        help="a column for the one-byte types' chunked loop without the pair "
                             "tables (narrow.use_pairs(False)), timed in the same rounds")
    args = parser.parse_args()
    n, rounds = (200_000, 7) if args.quick else (1_000_000, 21)
    simd = set_level(args.simd)
    rows = measure(n, rounds, args.dtypes.split(",") if args.dtypes else None,
                   [o.strip() for o in args.ops.split(",")] if args.ops else None,
                   args.chunked and wnp.__compiled__)
    build = "compiled" if wnp.__compiled__ else "pure"
    print(f"narrow floats elementwise, {n:.0e} elements, {build} build, SIMD {simd}: median "
          f"paired ratio to NumPy float32 on the same data (target weaknp <= 3x)")
    has_jax = any("jax" in r[2] for r in rows)
    has_chunked = any("chunked" in r[2] for r in rows)
    head = "| dtype | op | weaknp |" + (" chunked |" if has_chunked else "") + " own loop |" + \
        (" jax.numpy |" if has_jax else "") + " weaknp peak / output |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for dt, label, ratio, mem in rows:
        cells = [dt, f"`{label}`", f"{ratio['weaknp']:.2f}x"]
        if has_chunked:
            cells.append(f"{ratio['chunked']:.2f}x" if "chunked" in ratio else "-")
        cells.append(f"{ratio['own']:.2f}x" if "own" in ratio else "-")
        if has_jax:
            cells.append(f"{ratio['jax']:.2f}x" if "jax" in ratio else "-")
        cells.append(f"{mem:.3f}")
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
