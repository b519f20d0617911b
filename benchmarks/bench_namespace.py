"""weaknp against NumPy on large arrays, for every public function and ``Array`` method.

The cases are generated from the namespace, not hand-picked: every callable of
``weaknp.__all__``, ``weaknp.linalg.__all__``, ``weaknp.fft.__all__`` and every public
``Array`` method is called with arguments built from its signature (each required
parameter's *kind* is read from its name: an array, an axis, a shape, an index array ...;
``OVERRIDES`` holds the short list of odd ones), on one 1e6-element array per dtype
(float64, float32, int32, bool; a 1000x1000 matrix for the 2-D functions), and NumPy's own
function of the same name is called with the same arguments as ndarrays.  Where weaknp's
result dtype differs from NumPy's (the lattice asks for another one), NumPy is given
weaknp's dtype (``dtype=`` where it takes one, so it converts in its loop as weaknp does;
else its inputs cast beforehand) so both do the same work; the
row says so.  Times are interleaved (weaknp, NumPy, NumPy, weaknp, ...), the ratio is the
median of the paired ratios; peak memory is tracemalloc's peak of one call (NumPy reports
its buffers to it).  Functions without a row are listed by name with the reason at the end.

``--narrow`` adds rows for float16 and bfloat16 against NumPy's float32 on the same data,
with NumPy's/ml_dtypes' own narrow loop and jax.numpy (CPU, where installed) beside.

Run: ``python benchmarks/bench_namespace.py [--quick] [--narrow] [--filter NAME,...]
[--dtypes float64,int32]``.  Target (issue 24): time <= 1.10x, peak memory <= 1.05x.
"""

from __future__ import annotations

import argparse
import warnings
import inspect
import math
import statistics
import sys
import time
import tracemalloc

import ml_dtypes
import numpy as np

import weaknp as wnp

DTYPES = ("float64", "float32", "int32", "bool")

#: Public callables that take no array to work on, or whose work is not array work.
SKIP = {
    **dict.fromkeys(["can_cast", "can_promote", "finfo", "iinfo", "isdtype", "result_type",
                     "promote_types", "issubdtype", "mintypecode", "typename",
                     "implicit_cast", "is_weakly_typed", "isscalar", "iterable",
                     "base_repr", "binary_repr", "min_scalar_type", "common_type",
                     "show_config", "broadcast_shapes",
                     "__array_namespace_info__", "seterr", "geterr", "seterrcall",
                     "geterrcall", "setbufsize", "getbufsize", "set_printoptions",
                     "get_printoptions", "printoptions",
                     "format_float_positional", "format_float_scientific",
                     "array_repr", "array_str", "array2string", "einsum_path",
                     "ndim", "shape", "size", "may_share_memory",
                     "shares_memory", "from_dlpack"],
                    "dtype, shape or printing utility: no array work to time"),
    **dict.fromkeys(["load", "save", "savez", "savez_compressed", "loadtxt", "savetxt",
                     "genfromtxt", "fromfile", "fromregex", "frombuffer", "fromstring",
                     "fromiter"], "file, buffer or iterator input: I/O, not array work"),
    **dict.fromkeys(["isnat", "busday_count", "busday_offset", "is_busday",
                     "datetime_as_string", "datetime_data"],
                    "datetime64/timedelta64 only (weaknp carries NumPy's dates, no lattice work)"),
    **dict.fromkeys(["frompyfunc", "fromfunction", "apply_along_axis",
                     "apply_over_axes", "piecewise", "mask_indices"],
                    "calls a Python function per element or slice: the user's code"),
}

#: Functions that work on a matrix (the 2-D argument kind).
MATRIX = {"matmul", "dot", "vdot", "tensordot", "trace", "diagonal", "tril", "triu",
          "matrix_transpose", "rot90", "fliplr", "flipud", "cov", "corrcoef", "swapaxes",
          "moveaxis", "rollaxis", "tril_indices_from", "triu_indices_from",
          "diag_indices_from", "fill_diagonal", "vecdot", "einsum", "transpose",
          "permute_dims", "vsplit", "hsplit", "column_stack", "dstack", "dsplit",
          "atleast_3d", "histogram2d", "trapezoid", "fft2", "ifft2", "rfft2", "irfft2",
          "fftn", "ifftn", "rfftn", "irfftn", "fftshift", "ifftshift", "nonzero",
          "argwhere", "flatnonzero", "block", "matvec", "vecmat",
          "diag_indices_from", "trace", "dot"}
#: Functions whose cost grows faster than their input: a side of 1000 (vectors of 1000
#: elements, square matrices 1000x1000 and their outer products).
SMALL = {"outer", "kron", "diag", "diagflat", "vander", "meshgrid", "ix_", "polymul",
         "polydiv", "polyadd", "polysub", "roots", "poly", "polyint", "polyder", "convolve",
         "correlate", "histogramdd", "eye", "identity", "tri", "tril_indices",
         "triu_indices", "diag_indices", "indices", "unravel_index", "ravel_multi_index",
         "bartlett", "blackman", "hamming", "hanning", "kaiser", "fftfreq", "rfftfreq",
         "cross", "lexsort"}


def _vector(ctx, n=None):
    return ctx["vec"] if n is None else ctx["vec"][:n]


#: Required parameters, by name: how to build the value from the context.
KINDS = {
    **dict.fromkeys(["x", "a", "x1", "m", "arr", "ary", "ar", "ar1", "a1", "A", "prototype",
                     "array", "object", "element", "filt", "y", "z", "f", "sample", "keys",
                     "seq_of_zeros", "u", "p", "v", "tup", "arrays"],
                    lambda ctx: ctx["arg"]),
    **dict.fromkeys(["x2", "b", "ar2", "a2", "test_elements"], lambda ctx: ctx["arg2"]),
    "axis": lambda ctx: 0, "source": lambda ctx: 0, "destination": lambda ctx: -1,
    "axis1": lambda ctx: 0, "axis2": lambda ctx: 1,
    "shape": lambda ctx: ctx["shape"], "new_shape": lambda ctx: ctx["shape"],
    "fill_value": lambda ctx: 1, "val": lambda ctx: 0, "values": lambda ctx: 0,
    "vals": lambda ctx: 0,
    "kth": lambda ctx: ctx["n"] // 2, "repeats": lambda ctx: 2, "shift": lambda ctx: 3,
    "reps": lambda ctx: 2, "indices_or_sections": lambda ctx: 4, "pad_width": lambda ctx: 2,
    "indices": lambda ctx: ctx["idx"], "ind": lambda ctx: ctx["idx"],
    "condition": lambda ctx: ctx["mask"], "mask": lambda ctx: ctx["mask"],
    "obj": lambda ctx: slice(0, None, 2), "dtype": lambda ctx: "float32",
    "start": lambda ctx: 0, "stop": lambda ctx: 1, "n": lambda ctx: ctx["side"],
    "N": lambda ctx: ctx["side"], "M": lambda ctx: ctx["side"], "beta": lambda ctx: 14.0,
    "deg": lambda ctx: 2, "dimensions": lambda ctx: (ctx["side"], ctx["side"]),
    "subscripts": lambda ctx: "ij,jk->ik", "operands": lambda ctx: ctx["arg"],
}

#: The odd ones: a function's whole argument list (positional, keywords), by name.
OVERRIDES = {
    # NumPy's C functions, which have no signature before NumPy 2.4: their two operands
    **dict.fromkeys(("dot", "inner", "vdot"), lambda ctx: ((ctx["arg"], ctx["arg2"]), {})),
    "arange": lambda ctx: ((ctx["n"],), {}),
    "linspace": lambda ctx: ((0, 1, ctx["n"]), {}),
    "logspace": lambda ctx: ((0, 1, ctx["n"]), {}),
    "geomspace": lambda ctx: ((1, 2, ctx["n"]), {}),
    "percentile": lambda ctx: ((ctx["arg"], 50), {}),
    "nanpercentile": lambda ctx: ((ctx["arg"], 50), {}),
    "quantile": lambda ctx: ((ctx["arg"], 0.5), {}),
    "nanquantile": lambda ctx: ((ctx["arg"], 0.5), {}),
    "searchsorted": lambda ctx: ((ctx["sorted"], ctx["arg2"]), {}),
    "digitize": lambda ctx: ((ctx["arg"], ctx["edges"]), {}),
    "interp": lambda ctx: ((ctx["arg"], ctx["edges"], ctx["edges"]), {}),
    "convolve": lambda ctx: ((ctx["arg"], ctx["arg"][:10]), {}),
    "correlate": lambda ctx: ((ctx["arg"], ctx["arg"][:10]), {}),
    "take": lambda ctx: ((ctx["arg"], ctx["idx"]), {}),
    "take_along_axis": lambda ctx: ((ctx["arg"], ctx["idx"]), {"axis": 0}),
    "put_along_axis": lambda ctx: ((ctx["arg"], ctx["idx"], 0), {"axis": 0}),
    "choose": lambda ctx: ((ctx["bits"], [ctx["arg"], ctx["arg2"]]), {}),
    "select": lambda ctx: (([ctx["mask"]], [ctx["arg"]]), {}),
    "compress": lambda ctx: ((ctx["mask"], ctx["arg"]), {}),
    "extract": lambda ctx: ((ctx["mask"], ctx["arg"]), {}),
    "place": lambda ctx: ((ctx["arg"], ctx["mask"], [0]), {}),
    "putmask": lambda ctx: ((ctx["arg"], ctx["mask"], 0), {}),
    "put": lambda ctx: ((ctx["arg"], ctx["idx"], 0), {}),
    "copyto": lambda ctx: ((ctx["arg"], ctx["arg2"]), {}),
    "where": lambda ctx: ((ctx["mask"], ctx["arg"], ctx["arg2"]), {}),
    "bincount": lambda ctx: ((ctx["idx"],), {}),
    "isin": lambda ctx: ((ctx["arg"], ctx["arg"][:100]), {}),
    "unravel_index": lambda ctx: ((ctx["idx"][:1000], (ctx["side"], ctx["side"])), {}),
    "ravel_multi_index": lambda ctx: (((ctx["idx"][:1000] % ctx["side"],
                                        ctx["idx"][:1000] % ctx["side"]),
                                       (ctx["side"], ctx["side"])), {}),
    "polyval": lambda ctx: ((ctx["arg"][:3], ctx["arg"]), {}),
    "polyfit": lambda ctx: ((ctx["arg"], ctx["arg2"], 2), {}),
    "histogram2d": lambda ctx: ((ctx["arg"].ravel(), ctx["arg2"].ravel()), {}),
    "histogramdd": lambda ctx: ((ctx["arg"].reshape(-1, 2),), {}),
    "einsum": lambda ctx: (("ij,jk->ik", ctx["arg"], ctx["arg2"]), {}),
    "tensordot": lambda ctx: ((ctx["arg"], ctx["arg2"]), {"axes": 1}),
    "matrix_power": lambda ctx: ((ctx["arg"], 3), {}),
    "tensorsolve": lambda ctx: ((ctx["arg"], ctx["arg"][0]), {}),
    "solve": lambda ctx: ((ctx["arg"], ctx["arg2"]), {}),
    "lstsq": lambda ctx: ((ctx["arg"], ctx["arg2"]), {}),
    "multi_dot": lambda ctx: (([ctx["arg"], ctx["arg2"], ctx["arg"]],), {}),
    "block": lambda ctx: (([[ctx["arg"], ctx["arg2"]]],), {}),
    "lexsort": lambda ctx: (([ctx["arg"], ctx["arg2"]],), {}),
    "full": lambda ctx: ((ctx["shape"], 1.5), {}),
    "full_like": lambda ctx: ((ctx["arg"], 1), {}),
    "astype": lambda ctx: ((ctx["arg"], "float32"), {}),
    "broadcast_to": lambda ctx: ((ctx["arg"], (2, *ctx["arg"].shape)), {}),
    "broadcast_arrays": lambda ctx: ((ctx["arg"], ctx["arg2"]), {}),
    "meshgrid": lambda ctx: ((ctx["arg"], ctx["arg2"]), {}),
    "ix_": lambda ctx: ((ctx["idx"], ctx["idx"]), {}),
    "delete": lambda ctx: ((ctx["arg"], slice(0, None, 2)), {}),
    "insert": lambda ctx: ((ctx["arg"], 2, 0), {}),
    "append": lambda ctx: ((ctx["arg"], ctx["arg2"]), {}),
    "resize": lambda ctx: ((ctx["arg"], ctx["shape"]), {}),
    "expand_dims": lambda ctx: ((ctx["arg"], 0), {}),
    "kaiser": lambda ctx: ((ctx["side"], 14.0), {}),
    "fill_diagonal": lambda ctx: ((ctx["arg"], 0), {}),
    "clip": lambda ctx: ((ctx["arg"], *ctx["bounds"]), {}),
    "round": lambda ctx: ((ctx["arg"], 2), {}),
    "around": lambda ctx: ((ctx["arg"], 2), {}),
    "reshape": lambda ctx: ((ctx["arg"], ctx["arg"].shape[::-1]), {}),
    "cross": lambda ctx: ((_triples(ctx["arg"]), _triples(ctx["arg2"])), {}),
    "dsplit": lambda ctx: ((ctx["arg"].reshape(-1, 2, 2), 2), {}),
    "cholesky": lambda ctx: ((ctx["spd"],), {}),
    "tensorinv": lambda ctx: ((ctx["arg"],), {"ind": 1}),
    "matvec": lambda ctx: ((ctx["arg"], ctx["arg2"][0]), {}),
    "vecmat": lambda ctx: ((ctx["arg2"][0], ctx["arg"]), {}),
    "unpackbits": lambda ctx: ((ctx["arg"].view(np.uint8),), {}),
    "swapaxes": lambda ctx: ((ctx["arg"], 0, -1), {}),
}


def _triples(a):
    """``a``'s elements as rows of 3 (the vectors of ``cross``)."""
    flat = a.reshape(-1)
    return flat[:flat.size // 3 * 3].reshape(-1, 3)

#: Methods that change the array: each call works on a fresh copy (on both sides).
IN_PLACE = {"sort", "partition", "fill", "put", "resize", "setfield", "setflags", "byteswap"}
#: Functions that write into their first argument: each side writes into a private copy
#: made once, so the rows after them see the context's own data (not zeros they wrote).
WRITES_FIRST = {"put", "putmask", "place", "copyto", "fill_diagonal", "put_along_axis"}
#: Methods with no array work (or I/O).
METHOD_SKIP = {"ptp": "NumPy 2 removed ndarray.ptp (np.ptp, the same body, has a row)",
               "choose": "its receiver is the index array: the body of choose, which has a row",
               "dump": "writes a file", "dumps": "pickles", "tofile": "writes a file",
               "tolist": "builds Python objects", "item": "one element",
               "to_device": "no work on the CPU", "getfield": "structured views",
               "setfield": "structured views", "setflags": "flags", "tobytes": "a copy of bytes",
               "view": "a view", "fill": "in place, no result"}


def _side(n):
    return max(2, int(round(math.sqrt(n))))


def context(dtype, n, matrix, rng):
    """The arguments of one row, as ndarrays: the array (``n`` elements, or a matrix of
    ``side x side``), a second one, a mask, an index array, sorted edges."""
    side = _side(n)
    shape = (side, side) if matrix else (n,)
    vals = rng.random(shape) * 4 - 2 if matrix else rng.random(shape) * 4 - 2
    if dtype == "bool":
        arr, arr2 = vals > 0, rng.random(shape) > 0.5
    elif dtype.startswith("int"):
        arr = (vals * 100).astype(dtype)
        arr2 = (rng.random(shape) * 200 - 100).astype(dtype)
    else:
        arr, arr2 = vals.astype(dtype), (rng.random(shape) + 0.5).astype(dtype)
    size = arr.shape[0]
    spd = None
    if matrix:
        spd = vals @ vals.T + side * np.eye(side)
    bounds = ((False, True) if dtype == "bool" else (-50, 50) if dtype.startswith("int")
              else (0.1, 0.9))
    return {"spd": spd, "bounds": bounds, "arg": arr, "arg2": arr2, "n": n, "side": side,
            "shape": shape,
            "vec": arr.ravel(), "mask": rng.random(shape) > 0.5,
            "idx": rng.integers(0, size, shape[0]), "bits": (vals > 0).astype(np.intp),
            "sorted": np.sort(arr.ravel()), "edges": np.linspace(-2, 2, 100).astype(
                arr.dtype if arr.dtype.kind == "f" else np.float64)}


def _small_context(ctx):
    """The same arguments with arrays of ``side`` elements (vectors) for SMALL functions."""
    side = ctx["side"]
    out = dict(ctx)
    for k in ("arg", "arg2", "vec", "mask", "bits", "sorted"):
        a = ctx[k]
        out[k] = a.ravel()[:side] if a.ndim == 1 or k != "arg" else a
    out["arg"], out["arg2"] = ctx["arg"].ravel()[:side], ctx["arg2"].ravel()[:side]
    out["idx"] = ctx["idx"][:side] % side
    out["shape"] = (side,)
    return out


def targets():
    """``(qualified name, weaknp callable, NumPy callable or None, is_method)`` of every
    public function and method."""
    out = []
    for prefix, mod, npmod in (("", wnp, np), ("linalg.", wnp.linalg, np.linalg),
                               ("fft.", wnp.fft, np.fft)):
        for name in mod.__all__:
            f = getattr(mod, name)
            if callable(f) and not isinstance(f, type) and not name[0].isupper():
                out.append((prefix + name, f, getattr(npmod, name, None), False))
    for name in dir(wnp.Array):
        if not name.startswith("_") and callable(getattr(wnp.Array, name, None)):
            out.append(("Array." + name, name,
                        name if hasattr(np.ndarray, name) else None, True))
    return out


def required(f):
    """The names of ``f``'s required parameters (``None`` without a signature)."""
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return None
    return [p.name for p in sig.parameters.values() if p.default is p.empty
            and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def arguments(qual, f, ctx, method):
    """``(args, kwargs)`` of ``qual`` built from its signature and ``KINDS`` (NumPy
    ndarrays), or a string: the reason none could be built."""
    name = qual.rsplit(".", 1)[-1]
    if name in OVERRIDES:
        args, kwargs = OVERRIDES[name](ctx)
        if not method:
            return args, kwargs
        if args and args[0] is ctx["arg"]:
            return args[1:], kwargs   # the receiver is ctx["arg"]
    if method:
        f = getattr(wnp.Array, name)
    params = required(f)
    if params is None:
        # A ufunc: its operands.
        nin = getattr(f, "nin", None)
        if nin is None:
            return "no signature"
        return ((ctx["arg"], ctx["arg2"])[:nin], {})
    if method:
        params = params[1:]
    args = []
    for p in params:
        if p not in KINDS:
            return f"required parameter {p!r} has no argument kind"
        v = KINDS[p](ctx)
        args.append([v, ctx["arg2"]] if p in ("tup", "arrays") else v)
    return tuple(args), {}


def plan(n, matrix_n, dtypes_, name_filter=None, rng=None):
    """``(cases, skipped)``: each case ``(qual, dtype, weaknp call, NumPy call, note)``
    with its arguments built; ``skipped`` maps a name to the reason it has no row."""
    rng = rng or np.random.default_rng(0)
    ctxs = {(dt, m): context(dt, matrix_n if m else n, m, rng)
            for dt in dtypes_ for m in (False, True)}
    cases, skipped = [], {}
    for qual, f, npf, method in targets():
        name = qual.rsplit(".", 1)[-1]
        if name_filter and not any(f in qual for f in name_filter.split(",")):
            continue
        if method and name in METHOD_SKIP:
            skipped[qual] = METHOD_SKIP[name]
            continue
        if not method and name in SKIP:
            skipped[qual] = SKIP[name]
            continue
        if npf is None:
            skipped[qual] = f"NumPy has no {'method' if method else 'function'} of this name"
            continue
        reasons = []
        for dt in dtypes_:
            ctx = ctxs[(dt, name in MATRIX or qual.startswith("linalg."))]
            if name in SMALL:
                ctx = _small_context(ctx)
            built = arguments(qual, f, ctx, method)
            if isinstance(built, str):
                reasons.append(built)
                break
            case = make_case(qual, f, npf, method, built, ctx["arg"])
            if isinstance(case, str):
                reasons.append(f"{dt}: {case}")
            else:
                cases.append((qual, case))
        if not any(c[0] == qual for c in cases):
            skipped[qual] = "; ".join(dict.fromkeys(reasons)) or "no dtype works"
    return cases, skipped


def _weak_args(v):
    if isinstance(v, np.ndarray):
        return wnp.asarray(v)
    if isinstance(v, list):
        return [_weak_args(x) for x in v]
    if isinstance(v, tuple):
        return tuple(_weak_args(x) for x in v)
    return v


def _first_array(r):
    while isinstance(r, (tuple, list)) and r:
        r = r[0]
    return r


def _cast_args(v, dt):
    if isinstance(v, np.ndarray) and v.dtype.kind in "biuf" and v.dtype != dt:
        return v.astype(dt)
    if isinstance(v, (list, tuple)):
        return type(v)(_cast_args(x, dt) for x in v)
    return v


def make_case(qual, f, npf, method, built, receiver):
    """A row: two zero-argument calls doing the same work, or the reason there is none.
    Each call gets fresh arguments where it changes them (``IN_PLACE``)."""
    args, kwargs = built
    wargs = _weak_args(args)
    name = qual.rsplit(".", 1)[-1]

    def calls(nargs, extra=None):
        # extra: keywords for NumPy's side only (``dtype=`` weaknp's result dtype)
        nkw = {**kwargs, **extra} if extra else kwargs
        if method:
            xn, xw = receiver, wnp.asarray(receiver)
            if name in IN_PLACE:
                return (lambda: getattr(xw.copy(), name)(*wargs, **kwargs),
                        lambda: getattr(xn.copy(), name)(*nargs, **nkw))
            return (lambda: getattr(xw, name)(*wargs, **kwargs),
                    lambda: getattr(xn, name)(*nargs, **nkw))
        if name in WRITES_FIRST:
            wa = (wnp.asarray(args[0].copy()), *wargs[1:])
            na = (nargs[0].copy(), *nargs[1:])
            return lambda: f(*wa, **kwargs), lambda: npf(*na, **nkw)
        return lambda: f(*wargs, **kwargs), lambda: npf(*nargs, **nkw)

    return _checked(calls, args)


def _checked(calls, args):
    """``(weaknp call, NumPy call, note)`` after one trial call of each, NumPy given
    weaknp's result dtype where the two differ; or the reason there is no row."""
    note = ""
    wcall, ncall = calls(args)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            try:
                wr = wcall()
            except Exception as e:   # noqa: BLE001 - the reason is printed
                return f"weaknp raises {type(e).__name__}: {str(e)[:80]}"
            try:
                nr = ncall()
            except Exception as e:   # noqa: BLE001
                return f"NumPy raises {type(e).__name__}: {str(e)[:80]}"
            wa, na = _first_array(wr), _first_array(nr)
            wdt, ndt = getattr(wa, "dtype", None), getattr(na, "dtype", None)
            if wdt is not None and ndt is not None and wdt != ndt:
                # The lattice asks for another dtype: NumPy computes in weaknp's, told with
                # ``dtype=`` where it takes one (it then converts in its loop, as weaknp does)
                try:
                    wc, nc = calls(args, {"dtype": wdt})
                    nr = nc()
                except Exception:   # noqa: BLE001 - no dtype= there: cast the inputs below
                    nr = None
                if getattr(_first_array(nr), "dtype", None) == wdt:
                    return wc, nc, f"NumPy given dtype={wdt}"
            if wdt is not None and ndt is not None and wdt != ndt:
                cast = _cast_args(args, wdt)
                wcall, ncall = calls(cast)
                try:
                    nr = ncall()
                except Exception:   # noqa: BLE001
                    nr = None
                note = (f"NumPy given {wdt}" if getattr(_first_array(nr), "dtype", None)
                        == wdt else f"dtype {wdt} vs NumPy's {ndt}")
                if nr is None:
                    wcall, ncall = calls(args)
    return wcall, ncall, note


def time_pair(wcall, ncall, repeats, budget):
    """Median of the paired ratios weaknp/NumPy (interleaved, order alternating), and the
    median NumPy time of one call."""
    t0 = time.perf_counter()
    ncall()
    one = max(time.perf_counter() - t0, 1e-7)
    number = max(1, int(budget / one))
    ratios, nts = [], []
    for r in range(repeats):
        pair = {}
        for side in (("w", "n") if r % 2 == 0 else ("n", "w")):
            call = wcall if side == "w" else ncall
            t0 = time.perf_counter()
            for _ in range(number):
                call()
            pair[side] = (time.perf_counter() - t0) / number
        ratios.append(pair["w"] / pair["n"])
        nts.append(pair["n"])
    return statistics.median(ratios), statistics.median(nts)


def peak(call):
    """tracemalloc's peak (bytes) over one call."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def run(cases, repeats, budget, out=sys.stdout):
    rows = []
    print("| call | dtype | weaknp / NumPy | NumPy ms | peak MB weaknp | NumPy | note |",
          file=out)
    print("|---|---|---|---|---|---|---|", file=out)
    for qual, dt, wcall, ncall, note in cases:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with np.errstate(all="ignore"):
                ratio, nt = time_pair(wcall, ncall, repeats, budget)
                pw, pn = peak(wcall), peak(ncall)
        mem = pw / pn if pn > 65536 else None
        flag = " **" if ratio > 1.10 or (mem is not None and mem > 1.05) else ""
        print(f"| `{qual}` | {dt} | {ratio:.2f}{flag} | {nt * 1e3:.3g} | {pw / 1e6:.3g} | "
              f"{pn / 1e6:.3g} | {note} |", file=out, flush=True)
        rows.append((qual, dt, ratio, mem))
    return rows


def cases_for(n, matrix_n, dtypes_, name_filter=None):
    """Every row's calls, and the skip list (a name with no row in any dtype)."""
    all_cases, skipped = [], {}
    for dt in dtypes_:
        cases, skip = plan(n, matrix_n, (dt,), name_filter)
        all_cases += [(c[0], dt, *c[1]) for c in cases]
        for k, v in skip.items():
            skipped.setdefault(k, []).append(v)
    names = {c[0] for c in all_cases}
    return all_cases, {k: v[0] for k, v in skipped.items() if k not in names}


#: The narrow rows: float16/bfloat16 against NumPy's float32 on the same data.
NARROW = ("add", "multiply", "divide", "sqrt", "exp", "less", "sum", "mean", "var",
          "cumsum", "max", "argmax", "sort", "argsort", "unique", "searchsorted", "median",
          "matmul", "clip", "round")


def narrow_rows(n, matrix_n, repeats, budget, name_filter=None, out=sys.stdout):
    try:
        import jax
        jax.config.update("jax_platforms", "cpu")
        import jax.numpy as jnp
    except Exception:   # noqa: BLE001 - jax is optional
        jnp = None
    print("\n| narrow call | dtype | weaknp / NumPy float32 | NumPy's own narrow loop | "
          "jax.numpy |", file=out)
    print("|---|---|---|---|---|", file=out)
    for name in NARROW:
        if name_filter and not any(f in name for f in name_filter.split(",")):
            continue
        for dt in (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16)):
            m = name == "matmul"
            ctx = context("float32", matrix_n if m else n, m, np.random.default_rng(2))
            if name == "searchsorted":
                args = (ctx["sorted"], ctx["arg2"])
            elif name == "clip":
                args = (ctx["arg"], 0.1, 0.9)
            else:
                args = (ctx["arg"], ctx["arg2"])[:_arity(name)]
            narrow = tuple(a.astype(dt) for a in args if isinstance(a, np.ndarray))
            narrow += args[len(narrow):]
            wide = tuple(a.astype(np.float32) if isinstance(a, np.ndarray) else a
                         for a in narrow)
            wargs = _weak_args(narrow)
            f, npf = getattr(wnp, name), getattr(np, name)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                with np.errstate(all="ignore"):
                    r_w, _ = time_pair(lambda: f(*wargs), lambda: npf(*wide), repeats, budget)
                    try:
                        r_own, _ = time_pair(lambda: npf(*narrow), lambda: npf(*wide),
                                             max(3, repeats // 2), budget)
                        own = f"{r_own:.2f}"
                    except Exception as e:   # noqa: BLE001
                        own = f"raises {type(e).__name__}"
                    jx = "not installed"
                    if jnp is not None and hasattr(jnp, name):
                        try:
                            jargs = tuple(jnp.asarray(a) if isinstance(a, np.ndarray) else a
                                          for a in narrow)
                            jf = getattr(jnp, name)
                            r_j, _ = time_pair(lambda: jf(*jargs).block_until_ready(),
                                               lambda: npf(*wide), max(3, repeats // 2),
                                               budget)
                            jx = f"{r_j:.2f}"
                        except Exception as e:   # noqa: BLE001
                            jx = f"raises {type(e).__name__}"
            print(f"| `{name}` | {dt} | {r_w:.2f} | {own} | {jx} |", file=out, flush=True)


def _arity(name):
    f = getattr(wnp, name)
    nin = getattr(f, "nin", None)
    if nin is not None:
        return nin
    return 2 if name in ("matmul", "searchsorted") else 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="1e5 elements, fewer repeats")
    ap.add_argument("--narrow", action="store_true", help="float16/bfloat16 rows")
    ap.add_argument("--filter", default=None,
                    help="only names containing one of these (comma-separated)")
    ap.add_argument("--dtypes", default=",".join(DTYPES))
    opts = ap.parse_args(argv)
    n, matrix_n = (10**5, 300**2) if opts.quick else (10**6, 1000**2)
    repeats, budget = (3, 0.002) if opts.quick else (7, 0.01)
    dts = tuple(opts.dtypes.split(","))
    print(f"weaknp {wnp.__version__} (compiled: {wnp.__compiled__}), NumPy {np.__version__}, "
          f"{n:.0e} elements, matrices {_side(matrix_n)}x{_side(matrix_n)}\n")
    cases, skipped = cases_for(n, matrix_n, dts, opts.filter)
    rows = run(cases, repeats, budget)
    ratios = [r[2] for r in rows]
    if ratios:
        slow = sorted({r[0] for r in rows if r[2] > 1.10})
        heavy = sorted({r[0] for r in rows if r[3] is not None and r[3] > 1.05})
        gmean = math.exp(statistics.fmean(map(math.log, ratios)))
        print(f"\n{len(rows)} rows; geometric mean {gmean:.2f}; "
              f"{sum(r <= 1.10 for r in ratios)} within 1.10x time")
        print("above 1.10x time:", ", ".join(slow) or "none")
        print("above 1.05x peak memory:", ", ".join(heavy) or "none")
    if opts.narrow:
        narrow_rows(n, matrix_n, repeats, budget, opts.filter)
    print(f"\nNo row ({len(skipped)}):")
    for k in sorted(skipped):
        print(f"- `{k}`: {skipped[k]}")


if __name__ == "__main__":
    main()
