"""examples/cubed_reduction.py runs (small size) and Cubed agrees with in-memory weaknp."""

import importlib.util
import os
import pathlib
import re
import subprocess
import sys

import pytest

# find_spec, not import: importing Cubed here would fix its backend for this process
def _installed(name):
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False


if not _installed("cubed"):
    pytest.skip("Cubed is in the optional 'scale' extra (pip install '.[scale]')",
                allow_module_level=True)

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "cubed_reduction.py"


@pytest.mark.parametrize("executor", ["single-threaded", "processes"])
def test_example_small(executor, tmp_path):
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--size", "20000", "--chunk", "3000",
         "--executor", executor, "--allowed-mem", "100MB"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={"CUBED_BACKEND_ARRAY_API_MODULE": "weaknp", "PATH": "", "HOME": str(tmp_path),
             # an uninstalled checkout (PYTHONPATH=src) must reach the same weaknp
             **({"PYTHONPATH": os.pathsep.join(os.path.abspath(p) for p in
                   os.environ["PYTHONPATH"].split(os.pathsep))}
                if os.environ.get("PYTHONPATH") else {})})
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "in 7 chunks of 3,000; backend: weaknp" in text
    rows = {(who, name): (dtype, float(value)) for who, name, dtype, value in re.findall(
        r"^(cubed|weaknp|exact) +(float32|bfloat16) *: (?:Array dtype=(\w+) +value=)?"
        r"([-\d.e+]+)", text, re.M)}
    assert {k: v[0] for k, v in rows.items() if k[0] != "exact"} == {
        ("cubed", "float32"): "float32", ("cubed", "bfloat16"): "bfloat16",
        ("weaknp", "float32"): "float32", ("weaknp", "bfloat16"): "bfloat16"}
    # 20000 elements: (k % 1000) * 0.001 summed 20 times over = 20 * 499.5
    assert rows["exact", "float32"][1] == pytest.approx(9990.0, abs=0.01)
    assert rows["cubed", "float32"][1] == pytest.approx(9990.0, rel=1e-6)
    assert rows["cubed", "bfloat16"][1] == rows["weaknp", "bfloat16"][1]
    assert "DTYPE DIFFERS" not in text
