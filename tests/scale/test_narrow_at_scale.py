"""examples/narrow_at_scale.py at 1 GiB of bfloat16 (logical): out of core, checked.

The example runs each engine in a fresh process, generates ``(512, 2**20)`` bfloat16 values
lazily, reduces them to row sums, writes them to Zarr and checks every row against a float64
reference computed chunk-wise with NumPy and ml_dtypes (within one bfloat16 rounding).  Here
Cubed's ``allowed_mem`` is 128 MB, an eighth of the logical array.
"""

import importlib.util
import os
import pathlib
import re
import subprocess
import sys

import pytest


def _installed(name):
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False


if not all(_installed(m) for m in ("cubed", "dask", "zarr")):
    pytest.skip("needs the optional 'scale' extra (cubed, dask, zarr)",
                allow_module_level=True)

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "narrow_at_scale.py"


@pytest.mark.parametrize("run", ["cubed:weaknp", "dask:weaknp"])
def test_one_gib_of_bfloat16_out_of_core(run, tmp_path):
    env = dict(os.environ)
    if env.get("PYTHONPATH"):   # an uninstalled checkout must reach the same weaknp
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p)
                                            for p in env["PYTHONPATH"].split(os.pathsep))
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--gib", "1", "--chunk-rows", "4", "--allowed-mem",
         "128MB", "--run", run, "--work-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "(512, 1,048,576) = 536,870,912 elements, 1.0 GiB as bfloat16" in out.stdout
    row = re.search(rf"^{run} +(\w+) +([\d.]+) +(\d+) +(\d*) +([\d.]+) bfloat16 ulp", out.stdout,
                    re.M)
    assert row, out.stdout
    dtype, _seconds, _rss, projected, ulps = row.groups()
    assert dtype == "bfloat16"
    assert float(ulps) <= 1.0
    if run.startswith("cubed"):
        assert 0 < int(projected) * 2 ** 20 <= 128e6   # Cubed's plan fits allowed_mem
