"""tools/build_inplace.sh installs the build requirements its Python lacks
(``tools/build_requirements.py`` decides which), so it works in the README's venv."""

import importlib.metadata
import pathlib
import subprocess
import sys

from support import script_module

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _module():
    return script_module("tools/build_requirements.py")


def test_requirements_are_pyprojects():
    assert _module().requirements((ROOT / "pyproject.toml").read_text()) == [
        "setuptools>=77", "Cython>=3.0", "numpy>=2"]


def test_missing_or_too_old_requirements_are_named():
    m = _module()
    reqs = ["setuptools>=77", "Cython>=3.0", "numpy>=2"]

    def readme_venv(name):   # `python -m venv` + `pip install .`: no Cython, no setuptools
        if name == "numpy":
            return "2.3.1"
        raise importlib.metadata.PackageNotFoundError(name)

    assert m.missing(reqs, readme_venv) == ["setuptools", "Cython>=3.0"]
    old = {"setuptools": "65.5.0", "Cython": "0.29.37", "numpy": "2.0.0rc1"}
    # any setuptools does in place; Cython 0.29 is too old
    assert m.missing(reqs, old.__getitem__) == ["Cython>=3.0"]
    new = {"setuptools": "80.1", "Cython": "3.1.2", "numpy": "2.4.0"}
    assert m.missing(reqs, new.__getitem__) == []


def test_the_script_runs_it_and_installs_with_pip():
    script = (ROOT / "tools" / "build_inplace.sh").read_text()
    assert 'MISSING="$("$PY" tools/build_requirements.py)"' in script
    assert '"$PY" -m pip install $MISSING' in script
    # run for real: the README's venv lacks Cython and setuptools (CI's test venv too);
    # NumPy, weaknp's dependency, is always there
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "build_requirements.py")],
                       capture_output=True, text=True, check=True, timeout=60)
    assert set(r.stdout.split()) <= {"Cython>=3.0", "setuptools"}, r.stdout
