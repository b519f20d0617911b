"""``python -m weaknp``: the tour, ``table``, ``lattice`` (SVG), ``explain``, ``compare``.

Every command runs in-process through ``weaknp._tools.cli.main(argv)`` with stdout and stderr
captured; the tables it prints are checked against the literal golden tables
(``tests/golden.py``).  Two tests start a real process, because the process is what they
test: one smoke test of ``python -m weaknp`` (module entry, exit status, output) and the
quiet exit when the reader of a pipe leaves.  The ``audit`` command: ``test_audit.py``.
"""

import argparse
import os
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from golden import SHORT, TABLES

import weaknp
from weaknp._core import config as _config
from weaknp._tools.cli import _parser, main
from weaknp._core.lattice import BUILTIN

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
    table = out.split("## The promotion table")[1].split("\n", 1)[1].split("\n\n")[0]
    assert _cells(table) == TABLES["standard"]
    # then which dispatch core runs (pip hides the build's warning: the tour says it)
    last = out.strip().splitlines()[-1]
    if weaknp.__compiled__:
        assert last.startswith("weaknp 0.1.0 runs its compiled dispatch core (Cython 3.")
    else:
        assert last.startswith("weaknp 0.1.0 runs its pure-Python dispatch core (same "
                               "results, slower small operations): ")
        assert "For the compiled core: " in last
    assert last.endswith("wnp.show_config() prints the build.")


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
    assert err == ("weaknp table: unknown promotion mode 'nope'; use one of 'standard', "
                   "'strict', 'jax-x32', 'array-api', 'option-1', 'option-2', 'option-3', "
                   "'jax', 'jax-strict', 'x32', 'array_api'\n")  # the prefix once
    assert run(capsys, "table", "--format", "pdf") == (2, "", (
        "weaknp table: argument --format: invalid choice: 'pdf' (choose from 'text', "
        "'markdown', 'csv', 'html'); see 'python -m weaknp table --help'\n"))


#: Every error of the command line: (argv, the one line it prints on stderr).
ERRORS = [
    (["lattice", "--svg", "/nonexistent-dir/x.svg"],
     "weaknp lattice: --svg '/nonexistent-dir/x.svg': directory '/nonexistent-dir' does "
     "not exist; create it or choose another path"),
    (["audit", "--output", "/nonexistent-dir/f", "tests/scripts/kmeans.py"],
     "weaknp audit: --output '/nonexistent-dir/f': directory '/nonexistent-dir' does not "
     "exist; create it or choose another path"),
    (["audit", "--mode", "nope", "x.py"],
     "weaknp audit: unknown promotion mode 'nope'; use one of 'standard', 'strict', "
     "'jax-x32', 'array-api', 'option-1', 'option-2', 'option-3', 'jax', 'jax-strict', "
     "'x32', 'array_api'"),
    (["audit", "no-such-script.py"],
     "weaknp audit: can't open file 'no-such-script.py': no such file; check the "
     "script's path"),
    (["compare", "jax", "nope"],
     "weaknp compare: unknown lattice 'nope'; use one of 'standard', 'strict', 'jax-x32', "
     "'array-api', 'option-1', 'option-2', 'option-3', 'jax', 'jax-strict', 'x32', "
     "'array_api', 'numpy'"),
    (["explain", "int8", "foo"],
     "weaknp explain: 'foo' is not a dtype or a lattice node; use a dtype name ('int8', "
     "'np.int8', 'bfloat16'), a short name of the tables ('i1', 'bf') or a weak node "
     "('i*', 'f*', 'c*')"),
    (["explain", "int8"],
     "weaknp explain: the following arguments are required: B; see 'python -m weaknp "
     "explain --help'"),
    (["frob"],
     "weaknp: argument COMMAND: invalid choice: 'frob' (choose from 'table', 'lattice', "
     "'explain', 'compare', 'audit'); see 'python -m weaknp --help'"),
]


@pytest.mark.parametrize(("argv", "line"), ERRORS, ids=lambda v: " ".join(v)[:30])
def test_every_error_is_one_line_and_status_2(capsys, monkeypatch, argv, line):
    monkeypatch.chdir(ROOT)
    assert run(capsys, *argv) == (2, "", line + "\n")


def test_audit_checks_the_output_path_before_running_the_script(capsys, tmp_path):
    script = tmp_path / "s.py"
    script.write_text("print('ran')\n")
    status, out, err = run(capsys, "audit", "--output", str(tmp_path), str(script))
    assert (status, out) == (2, "")  # the script did not run
    assert err == (f"weaknp audit: --output {str(tmp_path)!r} is a directory; give a file "
                   f"name\n")


def test_lattice_without_svg_prints_its_edges(capsys):
    assert stdout(capsys, "lattice", "--lattice", "jax") == """\
lattice 'standard': each node -> the nodes it may promote to (* weak; names as in the \
tables: i1 is int8, i8 int64, bf bfloat16)
  b1  -> i*
  u1  -> i2, u2
  u2  -> i4, u4
  u4  -> i8, u8
  u8  -> f*
  i1  -> i2
  i2  -> i4
  i4  -> i8
  i8  -> f*
  bf  -> f4
  f2  -> f4
  f4  -> f8, c8
  f8  -> c16
  c8  -> c16
  c16 -> (none)
  i*  -> u1, i1
  f*  -> bf, f2, c*
  c*  -> c8
  (--all adds the float8/float6/float4 and sub-byte int types)
(draw it: python -m weaknp lattice --lattice jax --svg FILE)
"""
    out = stdout(capsys, "lattice", "--all").splitlines()
    # the islands by their dtype names (int4, not i4: i4 is int32); they never promote
    assert "  i*                 -> u1, i1, int1, int2, int4, uint1, uint2, uint4" in out
    assert "  int4               -> (none)" in out
    assert len(out) == 1 + 35 + 1


def test_explain_accepts_the_spellings_it_suggests(capsys):
    spellings = ["int8", "np.int8", "numpy.int8", "wnp.int8", "weaknp.int8", "i1"]
    outs = {stdout(capsys, "explain", s, "uint64") for s in spellings}
    assert len(outs) == 1
    assert "join: f* " in outs.pop()
    # i8 is int64, as in the tables (kind + bytes)
    assert "join: int64 " in stdout(capsys, "explain", "np.int8", "i8")
    assert "join: bfloat16 " in stdout(capsys, "explain", "ml_dtypes.bfloat16", "i*")


def test_compare_a_table_with_itself(capsys):
    assert stdout(capsys, "compare", "jax", "standard") == (
        "jax vs standard: cells of the 18 documented nodes (* weak, - raises)\n"
        "0 of 171 unordered pairs differ (the same table)\n"
        "jax: associative (a lattice): 0 of 5832 triples differ\n")
    out = stdout(capsys, "compare", "numpy", "numpy").splitlines()
    assert out[:2] == ["numpy vs numpy: cells of the 18 documented nodes (* weak, - raises)",
                       "0 of 171 unordered pairs differ (the same table)"]
    assert "pair" not in out[2]                      # no empty table
    assert sum(ln.startswith("numpy: ") for ln in out) == 1   # the block once
    assert len(out) == 3 + 5


@pytest.mark.parametrize("command", ["table", "lattice", "explain", "compare", "audit"])
def test_every_subcommand_and_option_has_a_help_text(capsys, command):
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    text = capsys.readouterr().out
    description = text.split("\n\n")[1]
    assert description.strip() and not description.lstrip().startswith(
        ("positional", "options"))
    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert sub.choices[command].description
    for action in sub.choices[command]._actions:
        assert action.help, (command, action.dest)
    assert {c.dest: c.help for c in sub._choices_actions}[command]


def test_svg_labels_use_the_tables_short_names(capsys, tmp_path):
    path = tmp_path / "l.svg"
    stdout(capsys, "lattice", "--all", "--svg", str(path))
    labels = {g.get("data-node"): g.find(SVG + "text").text
              for g in ET.parse(path).getroot().iter(SVG + "g")}
    assert labels["int8"] == "i1" and labels["int64"] == "i8" and labels["uint64"] == "u8"
    assert labels["bfloat16"] == "bf" and labels["complex128"] == "c16"
    assert labels["int4"] == "int4" and labels["uint2"] == "uint2"   # no clash with i4, u2
    assert labels["float8_e4m3fn"] == "float8_e4m3fn" and labels["f*"] == "f*"


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
