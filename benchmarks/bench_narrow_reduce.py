"""Narrow-float reductions, products and sort keys against NumPy's float32 on the same data.

For each row: weaknp on a narrow type (float16, bfloat16, the float8/6/4 types) against
NumPy's own call on the same values held as float32 (``x32.sum()``, ``x32 @ x32``),
measured interleaved (one weaknp call, one NumPy call, repeated) -- the median of the
paired ratios and its spread; beside it the peak traced memory of each side (tracemalloc:
the bytes the call allocates, in KB), and the same call on the narrow data by NumPy's/
ml_dtypes' own loops (``native``) and by jax.numpy on the CPU (``jax``), as ratios to the
same float32 baseline (each the median of a few calls; ``-`` where it would take seconds:
NumPy's scalar float16/float8 matmul).  The cumulative rows use zero-mean data (a float16
cumsum of values in [0, 1) overflows); ``prod`` uses values near 1.

Run: ``python benchmarks/bench_narrow_reduce.py [--quick] [--types float16,bfloat16]
[--filter sum,matmul]`` (``WEAKNP_PURE_PYTHON=1`` for the pure build; point
``PYTHONPATH`` at another checkout's ``src`` for "before").  Targets (issue 24): reductions
and sorting <= 2x, ``matmul`` (1000x1000) <= 1.5x; a reduction's peak memory a fixed block
(no full-size float32 copy).
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

import ml_dtypes
import numpy as np

import weaknp as wnp

QUICK_TYPES = ("float16", "bfloat16", "float8_e4m3fn")
ALL_TYPES = QUICK_TYPES + ("float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz",
                           "float8_e4m3b11fnuz", "float8_e3m4", "float8_e4m3",
                           "float6_e2m3fn", "float6_e3m2fn", "float4_e2m1fn")



def _over_axis(name, axis):
    """A case's call: ``m.<name>(x, axis=axis)`` for either namespace."""
    return lambda m, x: getattr(m, name)(x, axis=axis)

def paired(f, g, repeat):
    """Median of the ratios time(f) / time(g), measured alternately; and their spread."""
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
    return (statistics.median(ratios), min(ratios), max(ratios), statistics.median(tf),
            statistics.median(tg))


def alone(f, repeat=3):
    """Median time of ``f`` (None when it refuses the type: NumPy's einsum of ml_dtypes)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        try:
            f()
        except (TypeError, ValueError):
            return None
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _ratio(t, base, width):
    return f"{t / base:{width}.2f}" if t is not None else " " * (width - 3) + "n/a"


def peak_kb(f):
    tracemalloc.start()
    tracemalloc.reset_peak()
    f()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1024


def _jax():
    try:
        import jax
        jax.config.update("jax_platforms", "cpu")
        import jax.numpy as jnp
    except Exception:  # noqa: BLE001 - jax is optional here
        return None
    return jnp


def _on_jax(jnp, v):
    """``v`` as a jax array, or None (no jax; a type XLA refuses: float6)."""
    try:
        return jnp.asarray(v) if jnp is not None else None
    except Exception:  # noqa: BLE001 - jax's error for a type it lacks
        return None


def rows(types, quick):
    """(label, dtype, weaknp call, NumPy float32 call, native call or None, jax call or
    None, slow native) for each measured case."""
    jnp = _jax()
    rng = np.random.default_rng(0)
    n = 10 ** 6
    unit = rng.random(n, dtype=np.float32)
    centred = (rng.standard_normal(n) * 0.01).astype(np.float32)
    near_one = (1 + rng.standard_normal(n) * 1e-3).astype(np.float32)
    k = 500 if quick else 1000
    square = rng.standard_normal((k, k)).astype(np.float32)
    grid = rng.random((1000, 1000), dtype=np.float32)
    for dt in types:
        dt = np.dtype(getattr(ml_dtypes, dt, dt))
        with np.errstate(all="ignore"):
            data = {"unit": unit.astype(dt), "centred": centred.astype(dt),
                    "near_one": near_one.astype(dt), "square": square.astype(dt),
                    "grid": grid.astype(dt), "near_grid": near_one.reshape(1000, 1000).astype(dt),
                    "centred_grid": centred.reshape(1000, 1000).astype(dt),
                    "unit_nan": np.where(unit < 0.1, np.float32(np.nan), unit).astype(dt)}
        arrays = {key: (wnp.asarray(v), v.astype(np.float32), v, _on_jax(jnp, v))
                  for key, v in data.items()}
        cases = [
            ("sum 1e6", "unit", lambda m, x: m.sum(x)),
            ("mean 1e6", "unit", lambda m, x: m.mean(x)),
            ("var 1e6", "unit", lambda m, x: m.var(x)),
            ("std 1e6", "unit", lambda m, x: m.std(x)),
            ("nansum 1e6", "unit", lambda m, x: m.nansum(x)),
            ("prod 1e6", "near_one", lambda m, x: m.prod(x)),
            ("cumsum 1e6", "centred", lambda m, x: m.cumsum(x)),
        ] + [(f"{name} axis={ax}", data_key, _over_axis(name, ax)) for name, data_key in (
            ("sum", "grid"), ("mean", "grid"), ("var", "grid"), ("std", "grid"),
            ("nansum", "grid"), ("nanmean", "grid"), ("nanvar", "grid"), ("nanstd", "grid"),
            ("nanprod", "near_grid"), ("prod", "near_grid"), ("cumsum", "centred_grid"))
            for ax in (0, 1)] + [
            ("nanmean 1e6", "unit", lambda m, x: m.nanmean(x)),
            ("nanvar 1e6", "unit", lambda m, x: m.nanvar(x)),
            ("nanstd 1e6", "unit", lambda m, x: m.nanstd(x)),
            ("nanvar 1e6 NaN", "unit_nan", lambda m, x: m.nanvar(x)),
            (f"matmul {k}", "square", lambda m, x: m.matmul(x, x)),
            (f"dot {k}", "square", lambda m, x: m.dot(x, x)),
            (f"tensordot {k}", "square", lambda m, x: m.tensordot(x, x, axes=1)),
            (f"einsum {k}", "square", lambda m, x: m.einsum("ij,jk->ik", x, x)),
            (f"vecdot {k}", "square", lambda m, x: m.vecdot(x, x)),
            ("vecdot 1e6", "unit", lambda m, x: m.vecdot(x, x)),
            ("einsum i,i", "unit", lambda m, x: m.einsum("i,i->", x, x)),
            ("dot 1e6", "unit", lambda m, x: m.dot(x, x)),
            ("outer 1000", "unit", lambda m, x: m.outer(x[:1000], x[:1000])),
            ("kron 30", "unit", lambda m, x: m.kron(x[:900].reshape(30, 30),
                                                    x[900:1800].reshape(30, 30))),
            ("sort 1e6", "unit", lambda m, x: m.sort(x)),
            ("argsort 1e6", "unit", lambda m, x: m.argsort(x)),
            ("median 1e6", "unit", lambda m, x: m.median(x)),
            ("percentile 1e6", "unit", lambda m, x: m.percentile(x, 30)),
            ("quantile 1e6", "unit", lambda m, x: m.quantile(x, 0.3)),
            ("unique 1e6", "unit", lambda m, x: m.unique(x)),
        ]
        for label, key, call in cases:
            a, a32, native, ja = arrays[key]
            slow = label.split()[0] in ("matmul", "dot", "tensordot", "einsum") and (
                dt.itemsize == 1 or dt == np.float16)
            yield (label, dt.name, lambda c=call, a=a: c(wnp, a),
                   lambda c=call, a32=a32: c(np, a32),
                   None if slow else (lambda c=call, v=native: c(np, v)),
                   None if ja is None else
                   (lambda c=call, v=ja: c(jnp, v).block_until_ready()))
        s, s32 = wnp.sort(arrays["unit"][0]), np.sort(arrays["unit"][1])
        q, q32 = arrays["unit"][0][:1000], arrays["unit"][1][:1000]
        yield ("searchsorted", dt.name, lambda s=s, q=q: wnp.searchsorted(s, q),
               lambda: np.searchsorted(s32, q32), None, None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="three types, fewer repeats, 500x500 products")
    parser.add_argument("--types", help="comma-separated narrow type names")
    parser.add_argument("--filter", help="comma-separated row names (sum, matmul ...)")
    args = parser.parse_args()
    types = args.types.split(",") if args.types else QUICK_TYPES if args.quick else ALL_TYPES
    keep = set(args.filter.split(",")) if args.filter else None
    repeat = 5 if args.quick else 11
    print(f"weaknp {'compiled' if wnp.__compiled__ else 'pure'}, numpy {np.__version__}, "
          f"ml_dtypes {ml_dtypes.__version__}")
    print(f"{'call':<16}{'dtype':<20}{'ratio':>7}{'spread':>13}{'weaknp ms':>11}"
          f"{'f32 ms':>9}{'peak KB':>9}{'f32 KB':>8}{'native':>8}{'jax':>7}")
    for label, dtname, wfn, nfn, native, jfn in rows(types, args.quick):
        if keep is not None and label.split()[0] not in keep:
            continue
        with np.errstate(all="ignore"):
            wfn()   # the first call builds the entry
            reps = max(3, repeat // 3) if label.split()[0] in (
                "matmul", "dot", "tensordot", "einsum") else repeat
            ratio, lo, hi, tw, tn = paired(wfn, nfn, reps)
            mw, mn = peak_kb(wfn), peak_kb(nfn)
            nat = _ratio(alone(native), tn, 7) if native is not None else "      -"
            if jfn is not None:
                jfn()   # compile
                jx = _ratio(alone(jfn), tn, 6)
            else:
                jx = "     -"
        print(f"{label:<16}{dtname:<20}{ratio:>6.2f}x{f'[{lo:.2f}-{hi:.2f}]':>13}"
              f"{tw * 1e3:>11.3f}{tn * 1e3:>9.3f}{mw:>9.0f}{mn:>8.0f}{nat:>8} {jx:>7}",
              flush=True)


if __name__ == "__main__":
    main()
