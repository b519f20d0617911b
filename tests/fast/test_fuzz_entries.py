"""Hostile arguments to every callable of the compiled core's modules: each call returns or
raises, and the interpreter never crashes (the brief: check every type and index).

The calls run in a child interpreter, so a crash is reported as this test's failure (with
the last call the child printed) instead of killing the test run. Registration hooks
(``set_*``, ``use_*``, ``register_*``), which replace the module's state by design, are
left out."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(r'''
    import random, sys, warnings
    import numpy as np, ml_dtypes
    import weaknp as wnp
    from weaknp._fast import narrow, calls, dispatch, lists
    warnings.simplefilter("ignore")
    rng = random.Random(int(sys.argv[1]))
    bf, f8, f4 = ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, ml_dtypes.float4_e2m1fn
    vals = [None, 0, -1, 1, 2, 3, 7, 16, 1024, 65536, -5, 2**31, 2**63, -2**70, 1.5,
            float("nan"), "x", b"y", (), [], [1, 2], (1, 2, 3), object(), True, False,
            np.float32, np.dtype("f4"), np.dtype(bf), np.dtype(f8), np.dtype("O"),
            np.add, np.sqrt, np.multiply, np.less,
            np.zeros(0, np.float32), np.ones(5, np.float32), np.zeros((3, 4), bf),
            np.ones(7, f8), np.ones(9, f4), np.ones(3, np.float16), np.zeros(3, object),
            np.ones(20000, bf), np.ones((40, 500), np.float16), np.ones(20000, f8)[::3],
            np.zeros((2, 3), np.float32)[:, ::2], np.zeros(4, np.intp), np.zeros(4, np.uint8),
            np.zeros((), np.float32), np.zeros((), bf), np.zeros(16, np.float32).view(np.uint8),
            np.zeros(3, ">f4"), np.ma.array([1.0]), np.matrix([[1.0]]),
            wnp.asarray([1.0, 2.0]), wnp.zeros((2, 2), dtype=wnp.bfloat16),
            wnp.ones(20000, dtype=wnp.float16),
            (np.dtype(bf), np.dtype(bf), 1, False), (np.dtype("f4"),) * 3 + (0, True)]
    skip = ("set_", "use_", "register_", "_set_", "_inherit")
    targets = []
    for mod in (narrow, calls, dispatch, lists):
        for name in sorted(dir(mod)):
            f = getattr(mod, name)
            if name.startswith("__") or name.startswith(skip) or isinstance(f, type):
                continue
            if callable(f) and type(f).__name__ in (
                    "builtin_function_or_method", "cython_function_or_method", "function"):
                targets.append((mod.__name__, name, f))

    # the compiled method descriptors of the view methods (``calls.Method``'s vectorcall)
    for name in ("ravel", "squeeze", "swapaxes", "transpose", "trace", "diagonal", "sum"):
        for cls in wnp.Array.__mro__:
            if type(cls.__dict__.get(name)) is calls.Method:
                targets.append(("Array", name, cls.__dict__[name]))
                break

    def arities(f):
        ok = []
        for k in range(8):
            try:
                f(*[None] * k)
            except TypeError as e:
                m = str(e)
                if "positional argument" in m or "takes" in m or "expected" in m and "argument" in m:
                    continue
            except BaseException:
                pass
            ok.append(k)
        return ok or list(range(8))

    table = [(m, n, f, arities(f)) for m, n, f in targets]
    for i in range(int(sys.argv[2])):
        m, n, f, ks = rng.choice(table)
        args = [rng.choice(vals) for _ in range(rng.choice(ks))]
        print(m, n, [type(a).__name__ + getattr(getattr(a, "dtype", None), "name", "")
                     for a in args], file=sys.stderr, flush=True)
        try:
            f(*args)
        except Exception:
            pass
    print("calls", int(sys.argv[2]), "targets", len(table))
''')


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hostile_calls_never_crash(seed, tmp_path):
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = dict(os.environ)
    r = subprocess.run([sys.executable, str(script), str(seed), "4000"], env=env,
                       capture_output=True, text=True, timeout=600)
    last = r.stderr.strip().splitlines()[-3:]
    assert r.returncode == 0, f"child exited {r.returncode}; last calls: {last}"
    assert "calls 4000" in r.stdout
