"""Scripts written for NumPy run unchanged with ``import weaknp as np``.

Each script in ``tests/scripts/`` starts with ``import numpy as np``.  The test runs it
twice: as written (the oracle) and with that one line replaced by ``import weaknp as np``.
Values must agree; float32 data must stay float32 end to end under weaknp.
"""

import pathlib

import numpy as np
import pytest

import weaknp as wnp

SCRIPTS = pathlib.Path(__file__).parents[1] / "scripts"


def run(name, module):
    source = (SCRIPTS / f"{name}.py").read_text()
    assert "import numpy as np\n" in source
    if module != "numpy":
        source = source.replace("import numpy as np\n", f"import {module} as np\n", 1)
    ns = {"__name__": f"script_{name}"}
    exec(compile(source, str(SCRIPTS / f"{name}.py"), "exec"), ns)  # noqa: S102
    return ns["main"]()


def dtype_of(v):
    return v.dtype if hasattr(v, "dtype") else type(v)


# Expected dtypes under weaknp, written literally.
EXPECTED = {
    "linear_regression": {"w": "float32", "theta": "float32", "r2": "float32",
                          "pred": "float32", "std": "float32"},
    # NumPy differs: its histogram edges and percentiles of uint8 data are float64; weaknp
    # (as JAX) maps uint8 to float32 with the inexact rule.
    "histogram_equalisation": {"img": "uint8", "out": "uint8", "counts": "int64",
                               "bins": "float32", "spread": "float32"},
    "heat_equation": {"u": "float32", "energy": "float32", "grad": "float32",
                      "peak": "float32", "where": "int64", "centre": "float32"},
    # NumPy differs: bfloat16 * 0.5 + 0.25 is float32 in NumPy (ml_dtypes' promotion);
    # weaknp keeps bfloat16, as JAX does.
    "mixed_precision": {"h": "bfloat16", "z": "bfloat16"},
    # Issue 12: NumPy's own idioms (positional axes, lists, out=, one-argument where).
    "kmeans": {"centres": "float64", "labels": "int64", "inertia": "float64",
               "counts": "int64", "order": "int64", "spread": "float64", "sorted": "float64"},
    # NumPy differs: int16 - mean(int16) is float64 there; the inexact rule gives float32.
    "running_stats": {"totals": "int64", "steps": "int16", "centred": "float32",
                      "rows": "int64", "cols": "int64", "clipped": "int16", "first": "int16",
                      "shifted": "int16", "peak": "int16", "where_peak": "int64",
                      "squeezed": "int16", "col": "int16"},
    "creation_idioms": {"grid": "float32", "ones": "int8", "sevens": "int8", "lower": "uint8",
                        "flipped": "uint8", "stacked": "int8", "prod": "float32",
                        "trace": "float32", "outer": "float32", "ramp": "float32",
                        "total": "uint64"},
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_script_runs_unchanged_with_weaknp(name):
    with np.errstate(all="ignore"):
        want = run(name, "numpy")
        got = run(name, "weaknp")
    assert set(got) == set(EXPECTED[name])
    for key, dt in EXPECTED[name].items():
        g = got[key]
        assert isinstance(g, wnp.Array), (key, type(g))
        assert str(g.dtype) == dt, (key, g.dtype)
        tol = 2e-2 if dt == "bfloat16" else 1e-4 if dt == "float32" else 1e-12
        np.testing.assert_allclose(np.asarray(g, dtype=np.float64),
                                   np.asarray(want[key], dtype=np.float64),
                                   rtol=tol, atol=tol, err_msg=key)


def test_numpy_itself_leaves_bfloat16_for_float32():
    """The oracle run shows the difference the mixed-precision script is about."""
    want = run("mixed_precision", "numpy")
    assert want["h"].dtype == np.float32
