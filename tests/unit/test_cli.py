"""``python -m weaknp``: the tour, ``table``, ``lattice`` (SVG), ``explain``, ``compare``.

Every command runs in-process through ``weaknp._cli.main(argv)`` with stdout and stderr
captured; the tables it prints are checked against the literal golden tables
(``tests/golden.py``).  Two tests start a real process, because the process is what they
test: one smoke test of ``python -m weaknp`` (module entry, exit status, output) and the
quiet exit when the reader of a pipe leaves.  The ``audit`` command: ``test_audit.py``.
"""

import os
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from golden import SHORT, TABLES

from weaknp import _config
from weaknp._cli import main
from weaknp._lattice import BUILTIN

ROOT = pathlib.Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def run(capsys, *argv):
    """``python -m weaknp ARGV`` in-process: (exit status, stdout, stderr)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def stdout(capsys, *argv):
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, ""), err
    return out


def _cells(text):
    """The cells of a table printed as text: ``{(row, column): cell}``."""
    lines = [ln.split() for ln in text.strip().splitlines()]
    return {(row[0], col): cell for row in lines[1:] for col, cell in zip(lines[0], row[1:])}


@pytest.mark.parametrize("mode", sorted(TABLES))
def test_table_equals_golden(capsys, mode):
    lines = stdout(capsys, "table", "--mode", mode).strip().splitlines()
    assert lines[0].split() == SHORT
    assert _cells("\n".join(lines)) == TABLES[mode]


def test_table_formats(capsys):
    md = stdout(capsys, "table", "--lattice", "option-1", "--format", "markdown").splitlines()
    assert md[0] == "|  | " + " | ".join(SHORT) + " |"
    assert md[7].startswith("| i1 | i1 | i2 | i4 | i8 | - |")
    csv = stdout(capsys, "table", "--mode", "array-api", "--format", "csv").splitlines()
    assert csv[1] == "b1,b1" + ",-" * 17
    html = stdout(capsys, "table", "--format", "html")
    root = ET.fromstring(html.split("<p>")[0])
    cells = {}
    for tr in root.iter("tr"):
        tds = list(tr)
        for col, td in zip(SHORT, tds[1:]):
            cells[(tds[0].text, col)] = (td.text, td.get("class"))
    assert cells[("i4", "f4")] == ("f4", "d")  # NumPy says float64
    assert cells[("i1", "i2")] == ("i2", None)  # NumPy agrees
    assert cells[("i1", "i*")] == ("i1", None)  # NEP 50 agrees
    assert cells[("b1", "i*")] == ("i*", "d")  # NumPy: int64 array


def test_tour(capsys):
    out = stdout(capsys)
    assert "Array([3, 4], dtype=int8)" in out
    assert "dtype=float16" in out
    assert "Array([2.5, 3.5], dtype=float64, weak_type=True)" in out
    assert "bfloat16" in out
    assert "OverflowError: add: Python int 1000 is out of bounds for int8" in out
    table = out.split("## The promotion table")[1].split("\n", 1)[1]
    assert _cells(table) == TABLES["standard"]


@pytest.mark.parametrize("name", ["jax", "option-3", "array-api"])
def test_svg_parses_and_has_every_node_and_edge(capsys, name, tmp_path):
    path = tmp_path / "l.svg"
    assert stdout(capsys, "lattice", "--lattice", name, "--svg", str(path)) == f"wrote {path}\n"
    root = ET.parse(path).getroot()
    nodes = {g.get("data-node"): g.get("data-weak") for g in root.iter(SVG + "g")}
    expected_nodes = {"bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32",
                      "int64", "bfloat16", "float16", "float32", "float64", "complex64",
                      "complex128", "i*", "f*", "c*"}
    assert set(nodes) == expected_nodes
    assert {n for n, w in nodes.items() if w == "true"} == {"i*", "f*", "c*"}
    edges = {(e.get("data-from"), e.get("data-to")) for e in root.iter(SVG + "path")
             if e.get("class") == "edge"}
    lat = BUILTIN[_config.ALIASES.get(name, name)]
    want = {(a, b) for a, b in lat.edge_labels() if a in expected_nodes and b in expected_nodes}
    assert edges == want
    if name == "jax":  # the notebook's final picture, spot-checked literally
        assert {("uint64", "f*"), ("int64", "f*"), ("bfloat16", "float32"),
                ("uint32", "int64"), ("bool", "i*"), ("c*", "complex64")} <= edges
        assert len(edges) == 24


def test_svg_all_includes_ml_dtypes(capsys, tmp_path):
    path = tmp_path / "all.svg"
    stdout(capsys, "lattice", "--all", "--svg", str(path))
    root = ET.parse(path).getroot()
    nodes = {g.get("data-node") for g in root.iter(SVG + "g")}
    assert {"float8_e4m3fn", "int4", "uint2", "float4_e2m1fn"} <= nodes
    assert len(nodes) == 35


def test_docs_svg_is_current(capsys):
    committed = (ROOT / "docs" / "lattice-jax.svg").read_text()
    assert stdout(capsys, "lattice", "--lattice", "jax", "--svg", "-") == committed
    assert "](lattice-jax.svg)" in (ROOT / "docs" / "lattices.md").read_text()


def test_explain(capsys):
    out = stdout(capsys, "explain", "int8", "uint64")
    assert "join: f*" in out and "dtype float64, weak" in out
    assert "int8 -> int16 -> int32 -> int64 -> f*" in out
    assert "uint64 -> f*" in out
    out = stdout(capsys, "explain", "int8", "uint64", "--lattice", "option-1")
    assert "have no join in lattice 'option-1'" in out


def test_compare(capsys):
    out = stdout(capsys, "compare", "jax", "jax-x32")
    assert "3 of 171 unordered pairs differ" in out
    assert "u4 i1" in out.replace("  ", " ") or "i1 u4" in out.replace("  ", " ")
    out = stdout(capsys, "compare", "jax", "numpy")
    lines = out.splitlines()
    assert any(ln.split()[:4] == ["i4", "f4", "f4", "f8"] for ln in lines if ln.strip())
    assert "jax: associative (a lattice): 0 of 5832 triples differ" in out
    numpy_line = next(ln for ln in lines if ln.startswith("numpy: "))
    assert int(numpy_line.split()[1]) > 12  # "dozens" of non-associative triples
    # the notebook's own example: (i1 + u1) + f2 = f4 in NumPy, i1 + (u1 + f2) = f2
    triples = stdout(capsys, "compare", "numpy", "array-api")
    assert "triples are non-associative" in triples


def test_rejects_unknown_lattice(capsys):
    status, out, err = run(capsys, "table", "--lattice", "nope")
    assert (status, out) == (2, "")
    assert err.startswith("python -m weaknp: ") and "unknown promotion mode 'nope'" in err
    with pytest.raises(SystemExit) as info:  # argparse's own usage error
        main(["table", "--format", "pdf"])
    assert info.value.code == 2
    assert "invalid choice: 'pdf'" in capsys.readouterr().err


def test_console_script_entry_point():
    """The ``weaknp`` console script names ``weaknp.__main__:run``, which must exist."""
    from weaknp import __main__ as entry
    assert 'weaknp = "weaknp.__main__:run"' in (ROOT / "pyproject.toml").read_text()
    assert callable(entry.run)


# ---------------------------------------------------------------------------------------
# The process itself.

def _env():
    return {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])}


def test_python_m_weaknp_smoke():
    """The one end-to-end run of ``python -m weaknp``: the module entry point, its exit
    status and output (the in-process tests above check the content)."""
    r = subprocess.run([sys.executable, "-m", "weaknp", "table", "--mode", "strict"],
                       check=False, capture_output=True, text=True, env=_env(),
                       timeout=120)
    assert (r.returncode, r.stderr) == (0, "")
    assert _cells(r.stdout) == TABLES["strict"]


def test_stops_quietly_when_the_reader_leaves():
    """``python -m weaknp table | head -1``: no BrokenPipeError traceback, exit status 0."""
    p = subprocess.Popen([sys.executable, "-m", "weaknp", "table", "--format", "html"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env())
    p.stdout.close()          # the reader is gone before the first write
    with p.stderr:
        err = p.stderr.read().decode()
    assert p.wait(timeout=60) == 0, err
    assert "Traceback" not in err, err
