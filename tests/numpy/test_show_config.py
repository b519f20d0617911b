"""``wnp.show_config()``: weaknp's build (which dispatch core runs, versions, CPU features),
then NumPy's own; ``mode=`` as in NumPy.  Expected values come from NumPy, ml_dtypes and the
package metadata themselves, never from weaknp's report."""

import contextlib
import inspect
import io
import pathlib
import re
import warnings

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from weaknp._numpy import utils as _np_utility

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_signature_is_numpys():
    assert inspect.signature(wnp.show_config) == inspect.signature(np.show_config)
    assert "show_config" in wnp.__all__


def test_dicts_mode():
    config = wnp.show_config(mode="dicts")
    assert set(config) == {"weaknp", "numpy"}
    assert config["numpy"] == np.show_config(mode="dicts")
    ours = config["weaknp"]
    assert ours["version"] == "0.1.0"
    assert ours["core"] == ("compiled" if wnp.__compiled__ else "pure-Python")
    assert ours["numpy"] == np.__version__
    assert ours["ml_dtypes"] == ml_dtypes.__version__
    simd = np.show_config(mode="dicts")["SIMD Extensions"]
    # NumPy omits "found" when no dispatched target is enabled (NPY_DISABLE_CPU_FEATURES)
    assert ours["CPU features (NumPy)"] == [*simd["baseline"], *simd.get("found", [])]
    if wnp.__compiled__:
        assert re.fullmatch(r"3\.\d+\.\d+", ours["Cython"]), ours["Cython"]
        assert "why" not in ours
    else:
        # the test suite's pure build: WEAKNP_PURE_PYTHON beside a compiled core, or none
        assert "Cython" not in ours
        assert ours["why"] in (
            "the compiled core was not built when weaknp was installed",
            *(f"WEAKNP_PURE_PYTHON was set when weaknp was imported (the compiled core "
              f"{p.name} is installed)" for p in (pathlib.Path(wnp.__file__).parent /
                                                  "_fast").glob("dispatch.*")
              if p.suffix in (".so", ".pyd")))


def test_stdout_mode_prints_weaknps_part_then_numpys():
    with warnings.catch_warnings():
        # NumPy's own show_config warns "Install `pyyaml` for better output" without it
        warnings.filterwarnings("ignore", message="Install `pyyaml`", category=UserWarning)
        with contextlib.redirect_stdout(io.StringIO()) as ours:
            assert wnp.show_config() is None
        with contextlib.redirect_stdout(io.StringIO()) as numpys:
            np.show_config()
    text = ours.getvalue()
    head, tail = text.split("\nNumPy:\n")
    assert tail == numpys.getvalue()
    lines = head.splitlines()
    assert lines[0] == "weaknp:"
    assert lines[1].split() == ["version:", "0.1.0"]
    assert lines[2].split()[:2] == ["core:", "compiled" if wnp.__compiled__ else "pure-Python"]
    assert f"  numpy:" in head and np.__version__ in head
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.filterwarnings("ignore", message="Install `pyyaml`", category=UserWarning)
        assert wnp.show_config(mode="stdout") is None


def test_unknown_mode_raises_as_numpy_does():
    with pytest.raises(AttributeError):
        np.show_config(mode="yaml")
    with pytest.raises(AttributeError, match=r"^show_config: invalid mode 'yaml'; use one "
                                             r"of: stdout, dicts$"):
        wnp.show_config(mode="yaml")


def test_cython_version_is_read_from_the_module(tmp_path):
    module = tmp_path / "m.so"
    module.write_bytes(b"\x00\x01abc_cython_3_1_2.cython_function_or_method\x00")
    assert _np_utility._cython_version(str(module)) == "3.1.2"
    module.write_bytes(b"\x00no version here\x00")
    assert _np_utility._cython_version(str(module)) is None
    assert _np_utility._cython_version(str(tmp_path / "absent.so")) is None


def test_version_is_pyprojects():
    text = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'^version = "0\.1\.0"$', text, re.MULTILINE)
    assert wnp.__version__ == "0.1.0"
