"""The promotion audit: ``python -m weaknp audit SCRIPT`` and ``with weaknp.audit()``.

The scripts in ``tests/scripts/audit/`` are plain NumPy scripts.  Expected reports are
written out literally; the NumPy dtypes in them are what NumPy 2 gives for those operands
(NEP 50), e.g. ``int32 * float32`` is float64.  The CLI runs in-process (``main(argv)``),
plus one subprocess smoke test.
"""

import builtins
import inspect
import json
import os
import pathlib
import subprocess
import sys

import numpy
import pytest

import weaknp as wnp
from weaknp._tools.cli import main
from weaknp._fast import calls as _calls, dispatch as _dispatch

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPTS = "tests/scripts/audit"


@pytest.fixture
def at_root(monkeypatch):
    """Paths in reports are relative to the working directory: run from the repo root."""
    monkeypatch.chdir(ROOT)


def audit_cli(capsys, *argv):
    status = main(["audit", *argv])
    out, err = capsys.readouterr()
    return status, out, err


MIXED_REPORT = """\
weaknp audit of tests/scripts/audit/mixed.py: where NumPy's dtype and the 'standard' lattice's differ
(weak: a Python scalar, or a weaknp array made from one; NumPy sees the first as NEP 50 does, the second as a strong array)

tests/scripts/audit/mixed.py:6: return counts * gain  [3 calls]
    int32 * float32     numpy float64  weaknp float32           x3  lattice loses precision

tests/scripts/audit/mixed.py:14: average = counts.mean()  [1 call]
    int32.mean()        numpy float64  weaknp float32           x1  lattice loses precision

tests/scripts/audit/mixed.py:16: scaled = image / 255  [1 call]
    uint8 / weak int    numpy float64  weaknp float32           x1  NumPy widens

tests/scripts/audit/mixed.py:17: ticks = np.arange(3) + np.ones(3, dtype=np.float16)  [1 call]
    int64 + float16     numpy float64  weaknp float16           x1  lattice loses precision

tests/scripts/audit/mixed.py:21: half += np.ones(3)  [1 call]
    float16 += float64  numpy float16  weaknp raises TypeError  x1  only weaknp raises

summary: 5 lines, 7 calls of 20 checked calls
  1 NumPy widens, the lattice does not (1 of them to 64 bits)
  5 the lattice gives up precision NumPy keeps (an operand's dtype does not fit the result, as in int64 + float16 -> float16)
  0 other
  1 raise in weaknp, not in NumPy
"""


def test_report_lists_each_disagreeing_line(capsys, at_root):
    status, out, err = audit_cli(capsys, f"{SCRIPTS}/mixed.py")
    assert status == 0
    # the script's own output, unchanged (and computed by weaknp: float32 stays float32)
    assert out == "float16 += float64 refused\nfloat32 float32 float32 float16 float32\n"
    assert err == MIXED_REPORT


def test_script_with_no_disagreement_gives_an_empty_report(capsys, at_root):
    status, out, err = audit_cli(capsys, f"{SCRIPTS}/clean.py")
    assert status == 0
    assert out == "float32 float32 6.9999\n"
    lines = err.splitlines()
    assert lines[0] == ("weaknp audit of tests/scripts/audit/clean.py: where NumPy's dtype "
                        "and the 'standard' lattice's differ")
    assert lines[1] == ""
    assert lines[2].startswith("summary: no disagreement in ")
    assert len(lines) == 3


def test_script_that_raises_keeps_its_traceback_and_status(capsys, at_root):
    status, out, err = audit_cli(capsys, f"{SCRIPTS}/raises.py")
    assert status == 1
    assert out == "before [0.0, 0.5, 1.0]\n"
    traceback, report = err.split("weaknp audit of ")
    assert traceback == (
        "Traceback (most recent call last):\n"
        '  File "tests/scripts/audit/raises.py", line 6, in <module>\n'
        '    raise ValueError("the script\'s own error")\n'
        "ValueError: the script's own error\n")
    assert "    int32 / weak int  numpy float64  weaknp float32  x1  lattice loses precision" \
        in report


def test_exit_status_argv_and_name_are_those_of_python_script(capsys, at_root):
    status, out, _ = audit_cli(capsys, f"{SCRIPTS}/exits.py", "3", "--flag")
    assert status == 3
    assert out == "__main__ ['3', '--flag'] weaknp\n"
    status, _, _ = audit_cli(capsys, f"{SCRIPTS}/exits.py", "0")
    assert status == 0


def test_libraries_the_script_imports_keep_numpy(capsys, at_root):
    real_import = builtins.__import__
    status, out, err = audit_cli(capsys, f"{SCRIPTS}/uses_library.py")
    assert status == 0
    assert out.splitlines() == [
        # the helper beside the script computed int32 * float32 with NumPy: float64
        "numpy numpy float64",
        # the script's own numpy is weaknp, numpy.linalg weaknp's linalg, numpy.typing
        # weaknp's (issue 26: npt.NDArray is weaknp.Array)
        "weaknp weaknp._api.linalg weaknp.typing",
        # ndarray + weaknp array (NumPy hands it to weaknp); norm of float32 stays float32
        "float64 float32",
        # the library's np.mean on a weaknp array: NumPy hands it to weaknp (NEP 18)
        "float32",
    ]
    # ... and the report shows it at the library's line; nothing else disagrees
    lines = err.splitlines()
    assert lines[2:6] == [
        "tests/scripts/audit/audit_helper.py:14: return np.mean(a)  [1 call]",
        "    numpy.mean(int32)  numpy float64  weaknp float32  x1  lattice loses precision",
        "",
        "summary: 1 line, 1 call of 5 checked calls"]
    assert builtins.__import__ is real_import
    assert sys.modules["numpy"] is numpy
    assert sys.modules.get("weaknp.typing") is not sys.modules.get("numpy.typing")


STRICT_REPORT = """\
weaknp audit of tests/scripts/audit/strict.py: calls the 'strict' lattice refuses
(weak: a Python scalar, or a weaknp array made from one; NumPy sees the first as NEP 50 does, the second as a strong array)

tests/scripts/audit/strict.py:6: z = x * 0.5  [1 call]
    int8 * weak float           numpy float64  strict: TypePromotionError  x1

tests/scripts/audit/strict.py:7: w = np.ones(4, dtype=np.float32) + np.ones(4, dtype=np.float64)  [1 call]
    float32 + float64           numpy float64  strict: TypePromotionError  x1

tests/scripts/audit/strict.py:8: c = np.concatenate([x, np.arange(4, dtype=np.uint8)])  [1 call]
    concatenate([int8, uint8])  numpy int16    strict: TypePromotionError  x1

summary: 3 lines, 3 calls of 8 checked calls
  3 refused by the 'strict' lattice (TypePromotionError)
"""


def test_strict_mode_reports_refusals_without_failing(capsys, at_root):
    status, out, err = audit_cli(capsys, "--mode", "strict", f"{SCRIPTS}/strict.py")
    assert status == 0
    assert out == "int8 float64 float64 int16\n"   # the run itself used the standard lattice
    assert err == STRICT_REPORT


def test_json_format_and_output_file(capsys, at_root, tmp_path):
    target = tmp_path / "report.json"
    status, out, err = audit_cli(capsys, "--format", "json", "--output", str(target),
                                 f"{SCRIPTS}/mixed.py")
    assert status == 0 and err == ""
    data = json.loads(target.read_text())
    first = data["findings"][0]
    assert {k: first[k] for k in ("file", "line", "source", "op", "operands", "numpy",
                                  "weaknp", "count", "kind")} == {
        "file": "tests/scripts/audit/mixed.py", "line": 6, "source": "return counts * gain",
        "op": "int32 * float32", "operands": ["int32", "float32"], "numpy": "float64",
        "weaknp": "float32", "count": 3, "kind": "precision"}
    assert [(f["line"], f["kind"]) for f in data["findings"]] == [
        (6, "precision"), (14, "precision"), (16, "widening"), (17, "precision"),
        (21, "raises")]
    s = data["summary"]
    assert (s["lines"], s["calls"], s["widening"], s["widening_to_64_bits"], s["precision"],
            s["raises"]) == (5, 7, 1, 1, 5, 1)
    status, out, _ = audit_cli(capsys, "--format", "json", "--output", "-",
                               f"{SCRIPTS}/clean.py")
    report = json.loads(out.split("\n", 1)[1])   # after the script's line of output
    assert report["findings"] == []


def test_cli_errors(capsys, at_root):
    assert main(["audit", f"{SCRIPTS}/missing.py"]) == 2
    assert "can't open file" in capsys.readouterr().err
    assert main(["audit", "--mode", "nope", f"{SCRIPTS}/clean.py"]) == 2
    assert "unknown promotion mode 'nope'" in capsys.readouterr().err


def test_subprocess_smoke(at_root):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])}
    r = subprocess.run([sys.executable, "-m", "weaknp", "audit", f"{SCRIPTS}/mixed.py"],
                       capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "float16 += float64 refused\nfloat32 float32 float32 float16 float32\n"
    assert r.stderr == MIXED_REPORT


# ---------------------------------------------------------------------------------------
# From Python.

def _here():
    return inspect.currentframe().f_back.f_lineno


def test_python_api_findings_and_text():
    with wnp.audit() as report:
        x = wnp.arange(4, dtype=wnp.int32)
        y = wnp.ones(4, dtype=wnp.float32)
        for _ in range(2):
            x * y; line = _here()  # noqa: B018, E702
        x + 1          # agrees: int32 + weak int is int32 in both
        numpy.mean(x); mean_line = _here()  # noqa: E702 - NEP 18 hands it to weaknp
        numpy.ones(2, dtype=numpy.float32) + x[:2]; ufunc_line = _here()  # noqa: E702
    f = report.findings
    assert [(g.file, g.line, g.op, g.operands, g.numpy, g.weaknp, g.count, g.kind)
            for g in f] == [
        (__file__, line, "int32 * float32", ("int32", "float32"), "float64", "float32", 2,
         "precision"),
        (__file__, mean_line, "numpy.mean(int32)", ("int32",), "float64", "float32", 1,
         "precision"),
        (__file__, ufunc_line, "numpy.add(float32, int32)", ("float32", "int32"), "float64",
         "float32", 1, "precision"),
    ]
    assert f[0].source == "x * y; line = _here()  # noqa: B018, E702"
    text = str(report)
    assert text.startswith("weaknp.audit: where NumPy's dtype and the 'standard' lattice's")
    assert "    int32 * float32            numpy float64  weaknp float32  x2" in text
    assert report.summary()["calls"] == 4


def test_weak_operands_and_stores():
    with wnp.audit() as report:
        s = wnp.sqrt(wnp.asarray(2.0))   # weak float64: NumPy sees a float64 array
        y = wnp.ones(3, dtype=wnp.float32) * s
        z = wnp.zeros(3, dtype=wnp.int32)
        with pytest.raises(TypeError):
            z[0] = 1.5                   # NumPy truncates into the int32 array
        with pytest.raises(TypeError):
            z += 1.5                     # NumPy refuses too ('same_kind'): no finding
        with pytest.raises(OverflowError):
            z[1] = 2 ** 40               # NumPy raises too: no finding
    assert y.dtype == wnp.float32
    got = {(g.op, g.numpy, g.weaknp, g.kind) for g in report.findings}
    assert got == {("float32 * weak float64", "float64", "float32", "widening"),
                   ("int32[...] = weak float", "int32", "raises TypeError", "raises")}


def test_refusal_audit_from_python_runs_in_the_standard_mode():
    with wnp.audit("strict") as report:
        r = wnp.asarray([1, 2], dtype=wnp.int8) + wnp.asarray([1, 2], dtype=wnp.int16)
        ok = wnp.asarray([1, 2], dtype=wnp.int8) + 1
    assert r.dtype == wnp.int16 and ok.dtype == wnp.int8
    assert [(g.op, g.numpy, g.weaknp, g.kind) for g in report.findings] == [
        ("int8 + int16", "int16", "raises TypePromotionError", "refused")]
    assert report.findings[0].message.startswith("add: no implicit dtype promotion between ")


def test_audit_restores_everything_and_costs_nothing_after():
    before_array = dict(vars(wnp.Array))
    before_add = wnp.Array.__add__   # the compiled core's, inherited (not in vars(Array))
    before_call = wnp.ufunc.__call__
    before_ns = {n: getattr(wnp, n) for n in dir(wnp)}
    before_linalg = dict(vars(wnp.linalg))
    real_import = builtins.__import__
    with pytest.raises(ZeroDivisionError), wnp.audit():
        # the operators and the ufunc call are observed through the core's hook: the
        # classes are not patched, the observer is set during the audit only
        assert wnp.Array.__add__ is before_add and "__add__" not in vars(wnp.Array)
        assert wnp.ufunc.__call__ is before_call and "__call__" not in vars(wnp.ufunc)
        assert _dispatch.observer() is not None and _calls.observer() is not None
        assert wnp.mean is not before_ns["mean"]
        with pytest.raises(RuntimeError, match="an audit is already running"):
            with wnp.audit():
                pass
        1 / 0   # noqa: B018 - an error inside the block
    assert dict(vars(wnp.Array)) == before_array
    assert wnp.Array.__add__ is before_add and wnp.ufunc.__call__ is before_call
    assert _dispatch.observer() is None and _calls.observer() is None
    assert all(getattr(wnp, n) is v for n, v in before_ns.items())
    assert dict(vars(wnp.linalg)) == before_linalg
    assert builtins.__import__ is real_import
    # a wrapper kept past the audit's end only calls through
    with wnp.audit():
        add = wnp.Array.__add__
    x = wnp.asarray([1], dtype=wnp.int8)
    assert add(x, 1).dtype == wnp.int8


def test_callbacks_are_audited_where_they_run_and_functions_are_not_rerun():
    calls = []

    def row_scale(row):
        calls.append(1)
        return row * wnp.ones(2, dtype=wnp.float32)

    line = row_scale.__code__.co_firstlineno + 2
    data = wnp.ones((3, 2), dtype=wnp.int32)
    wnp.apply_along_axis(row_scale, 1, data)
    unaudited = len(calls)
    calls.clear()
    with wnp.audit() as report:
        out = wnp.apply_along_axis(row_scale, 1, data)
    assert out.dtype == wnp.float32
    assert len(calls) == unaudited      # the audit never runs the callback itself
    f = report.findings
    assert [(g.line, g.op, g.numpy, g.weaknp) for g in f] == [
        (line, "int32 * float32", "float64", "float32")]
    assert f[0].count == len(calls)
    assert any("apply_along_axis" in k for k in report.unchecked)


def test_audit_in_another_total_lattice_runs_in_it():
    with wnp.audit("jax-x32") as report:
        r = wnp.arange(3)               # JAX without x64: int32; NumPy: int64
    assert r.dtype == wnp.int32
    assert [(g.op, g.numpy, g.weaknp, g.kind, g.wide64) for g in report.findings] == [
        ("arange(weak int)", "int64", "int32", "widening", True)]


def test_mode_names():
    assert wnp.audit("jax-strict").refusals and wnp.audit("array-api").refusals
    assert not wnp.audit("jax").refusals and not wnp.audit("jax-x32").refusals
    with pytest.raises(ValueError, match="audit: unknown promotion mode"):
        wnp.audit("nope")


# ---------------------------------------------------------------------------------------
# The NumPy guide's example report (docs/numpy-guide.md) is what the tool prints.

def test_docs_example_report_is_current(capsys, at_root):
    guide = (ROOT / "docs" / "numpy-guide.md").read_text()
    section = guide.split("<!-- BEGIN audit -->")[1].split("<!-- END audit -->")[0]
    block = section.split("$ python -m weaknp audit examples/promotion_audit.py\n")[1]
    block = block.split("```")[0]
    status, out, err = audit_cli(capsys, "examples/promotion_audit.py")
    assert status == 0
    assert block == out + err


def test_methods_inherited_from_a_compiled_base_are_wrapped_and_restored():
    """An ``Array`` whose operators come from a compiled base class (a C type here) gets
    its wrappers on the Python-level class, removed again at the end; a C type itself
    cannot take them and is listed as not audited."""
    class Child(int):
        pass

    a = wnp.audit()
    a._install_array(Child)
    assert vars(Child)["__add__"] is not int.__add__
    assert Child(2) + 3 == 5            # the wrapper calls through (no audit running)
    a._uninstall()
    assert "__add__" not in vars(Child) and Child.__add__ is int.__add__
    b = wnp.audit()
    b._install_array(int)
    assert "int.__add__" in b.not_wrapped
    b._uninstall()
    assert int.__add__ is vars(int)["__add__"]


def test_operands_shown_are_the_data_not_the_options():
    with wnp.audit() as report:
        x = wnp.ones((2, 3), dtype=wnp.int32)
        x.mean(0)
        x.dot(wnp.ones(3, dtype=wnp.float32))
        wnp.std(x, axis=0, keepdims=True)
        wnp.mean(x, axis=1, dtype=wnp.float16)     # agrees: the dtype is given
    assert [g.op for g in report.findings] == [
        "int32.mean()", "int32.dot(float32)", "std(int32)"]


UFUNC_CALLS_REPORT = """\
weaknp audit of tests/scripts/audit/ufunc_calls.py: where NumPy's dtype and the 'standard' lattice's differ

tests/scripts/audit/ufunc_calls.py:8: smooth = np.exp(pixels)  [2 calls]
    exp(int8)            numpy float16  weaknp float32  x2  other

tests/scripts/audit/ufunc_calls.py:9: total = np.add(counts, gain)  [1 call]
    add(int32, float32)  numpy float64  weaknp float32  x1  lattice loses precision

summary: 2 lines, 3 calls of 7 checked calls
  0 NumPy widens, the lattice does not (0 of them to 64 bits)
  1 the lattice gives up precision NumPy keeps (an operand's dtype does not fit the result, as in int64 + float16 -> float16)
  2 other
"""


def test_ufuncs_called_as_functions_are_checked(capsys, at_root):
    # The compiled build calls ufunc objects by vectorcall; the audit's wrapper of
    # ufunc.__call__ must see those calls too (it once did not: "1 checked call").
    status, out, err = audit_cli(capsys, f"{SCRIPTS}/ufunc_calls.py")
    assert status == 0
    assert out == "float32 float32 float32\n"
    assert err == UFUNC_CALLS_REPORT


def test_strict_audit_checks_calls_through_ufunc_objects(capsys, at_root):
    # np.add(int32, float32) once went "not checked: an argument is not plain data": the
    # ufunc object itself failed the plain-data test of the rerun in the strict lattice
    status, out, err = audit_cli(capsys, "--mode", "strict", f"{SCRIPTS}/ufunc_calls.py")
    assert status == 0 and out == "float32 float32 float32\n"
    assert err == """\
weaknp audit of tests/scripts/audit/ufunc_calls.py: calls the 'strict' lattice refuses

tests/scripts/audit/ufunc_calls.py:9: total = np.add(counts, gain)  [1 call]
    add(int32, float32)  numpy float64  strict: TypePromotionError  x1

summary: 1 line, 1 call of 7 checked calls
  1 refused by the 'strict' lattice (TypePromotionError)
"""
    assert "not checked" not in err
