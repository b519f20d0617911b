"""weaknp's ``jax-x32`` lattice against JAX's default mode (``jax_enable_x64`` off).

JAX runs in a subprocess so its x64 flag cannot leak into the other tests (the ``jnp``
fixture turns x64 on for the session).  Operands are made the same way on both sides:
``zeros(2, dtype)`` for the 15 dtypes of JAX's table (a 64-bit request is truncated to
32 bits with a UserWarning on both sides) and Python scalars ``True``, ``1``, ``1.0``,
``1j``.  Every ordered pair is compared: result dtype and weak flag of ``+`` and ``*``
(JAX evaluated abstractly with ``jax.eval_shape``; Python scalars passed to it are
traced as weak values, exactly as in eager mode).
"""

import json
import os
import subprocess
import sys
import textwrap
import warnings

import pytest

import weaknp as wnp

DTYPES = ["bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
          "bfloat16", "float16", "float32", "float64", "complex64", "complex128"]
SCALARS = {"py:bool": True, "py:int": 1, "py:float": 1.0, "py:complex": 1j}
INPUTS = DTYPES + list(SCALARS)

JAX_SCRIPT = textwrap.dedent("""
    import json, sys, warnings
    import jax
    jax.config.update("jax_platforms", "cpu")
    import jax.numpy as jnp
    assert not jax.config.jax_enable_x64
    inputs = json.loads(sys.argv[1])
    scalars = {"py:bool": True, "py:int": 1, "py:float": 1.0, "py:complex": 1j}
    warnings.simplefilter("ignore")
    def make(name):
        return scalars[name] if name in scalars else jnp.zeros(2, dtype=name)
    out = {}
    for op in ("add", "multiply"):
        f = getattr(jnp, op)
        for a in inputs:
            for b in inputs:
                x, y = make(a), make(b)
                if a in scalars and b in scalars:
                    x = jnp.asarray(x)
                try:
                    r = jax.eval_shape(f, x, y)  # abstract evaluation: no compilation
                    out[f"{op} {a} {b}"] = [str(r.dtype), bool(r.weak_type)]
                except Exception as e:
                    out[f"{op} {a} {b}"] = ["raises", type(e).__name__]
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def jax_x32():
    pytest.importorskip("jax", reason="jax is the differential-test oracle (extra 'oracle')")
    proc = subprocess.run([sys.executable, "-c", JAX_SCRIPT, json.dumps(INPUTS)],
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "JAX_ENABLE_X64": "0", "JAX_PLATFORMS": "cpu"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def _weaknp(op, a, b):
    def make(name):
        return SCALARS[name] if name in SCALARS else wnp.zeros(2, dtype=name)
    x, y = make(a), make(b)
    if a in SCALARS and b in SCALARS:
        x = wnp.asarray(x)
    r = getattr(wnp, op)(x, y)
    return [str(r.dtype), bool(r.weak_type)]


def test_every_pair_agrees_with_jax_default_mode(jax_x32):
    assert len(jax_x32) == 2 * len(INPUTS) ** 2
    differ = []
    with wnp.promotion_mode("jax-x32"), warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Explicitly requested dtype", UserWarning)
        for key, want in jax_x32.items():
            op, a, b = key.split()
            got = _weaknp(op, a, b)
            if got != want:
                differ.append((key, "jax", want, "weaknp", got))
    assert not differ, differ[:10]


def test_oracle_really_is_x32(jax_x32):
    # The subprocess ran with 32-bit defaults: the cells that differ from x64 are there.
    assert jax_x32["add uint32 int32"] == ["int32", False]
    assert jax_x32["add py:int py:float"] == ["float32", True]
    assert jax_x32["add int64 int8"] == ["int32", False]
