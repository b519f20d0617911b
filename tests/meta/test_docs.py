"""README.md and docs/ against the code: their examples run (doctest over the Markdown),
the README stays a front page (<= 150 lines, the two commands CI runs, an architecture
table naming exactly the modules that exist, in the layers the layering test enforces),
links and repository paths resolve, every "decision N" cited anywhere names an entry of
docs/decisions.md, and each `$ python -m weaknp ...` transcript is what the command prints.

Other pages are checked where their subject is tested: the promotion tables in
test_promotion_table.py (against tests/golden.py), the audit report in test_audit.py,
the lattice drawing in test_cli.py."""

import doctest
import importlib.util
import pathlib
import re

import pytest

from weaknp._tools.cli import main

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]
PKG = ROOT / "src" / "weaknp"


def _name(page):
    return str(page.relative_to(ROOT))


def _section(text, begin, end):
    return text.split(f"<!-- BEGIN {begin} -->")[1].split(f"<!-- END {end} -->")[0]


# ---------------------------------------------------------------------------------------
# Examples

@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_examples_run(page):
    result = doctest.testfile(str(page), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
    assert (result.attempted > 0) == (">>> " in page.read_text())


def test_pages_with_examples():
    # The pages whose examples are doctested; a page losing its examples fails here.
    with_examples = {_name(p) for p in PAGES if ">>> " in p.read_text()}
    assert with_examples >= {"README.md", "docs/promotion-tables.md", "docs/lattices.md",
                             "docs/numpy-guide.md"}


# ---------------------------------------------------------------------------------------
# The README: a front page

def test_readme_is_short():
    assert len(README.read_text().splitlines()) <= 150


def _steps(command):
    """A shell command as its steps, normalised for comparison with .ci/run (which reuses
    one venv, calls python3 and silences pip)."""
    steps = []
    for step in re.split(r"&&|\n", command):
        step = step.split("#")[0].replace("--quiet", "").replace(">/dev/null", "")
        step = step.replace("> /dev/null", "")
        step = re.sub(r"^python3 ", "python ", " ".join(step.split()))
        if step:
            steps.append(step)
    return steps


def test_readme_two_commands_are_what_ci_runs():
    text = README.read_text()
    section = text.split("## Two commands")[1].split("\n## ")[0]
    commands = re.findall(r"```bash\n(.*?)\n```", section, re.DOTALL)
    assert len(commands) == 2
    install_run, install_test = commands
    assert install_run.endswith(".venv/bin/python -m weaknp")
    assert '.venv/bin/pip install ".[test' in install_test and "-m pytest" in install_test
    ci = _steps((ROOT / ".ci" / "run").read_text())
    for command in commands:
        for step in _steps(command):
            assert step in ci, f".ci/run does not run the README's step {step!r}"


def test_ci_pins_the_oldest_declared_versions():
    # .ci/run's second environment tests the lower bounds pyproject.toml declares: the
    # constraints file pins exactly those, and .ci/run installs with it.
    import tomllib  # noqa: PLC0415

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    lower = dict(re.fullmatch(r"([\w-]+)>=([\d.]+)", d).groups() for d in declared)
    oldest = ROOT / ".ci" / "oldest.txt"
    pins = dict(ln.split("==") for ln in oldest.read_text().splitlines()
                if ln and not ln.startswith("#"))
    assert pins == lower, (pins, lower)
    ci = _steps((ROOT / ".ci" / "run").read_text())
    assert '.venv-oldest/bin/pip install ".[test]" -c .ci/oldest.txt' in ci
    for build in ("", "WEAKNP_PURE_PYTHON=1 "):
        assert f"{build}.venv-oldest/bin/python -m pytest -n 2 $layers" in ci


def test_ci_layers_are_the_test_folders_of_the_layers():
    # .ci/run's oldest-versions and SIMD jobs run ``$layers``: one test folder per private
    # layer of src/weaknp (tests/core for _core, ...) and the meta-tests, all of them.
    text = (ROOT / ".ci" / "run").read_text()
    named = re.search(r'^layers="([^"]*)"$', text, re.MULTILINE).group(1).split()
    private = [name for name in _layering().LAYERS if name != "public"]
    assert named == [f"tests/{name.lstrip('_')}" for name in private] + ["tests/meta"]
    assert all((ROOT / folder).is_dir() for folder in named)
    assert 'NPY_DISABLE_CPU_FEATURES="$simd" .venv/bin/python -m pytest -n 2 $layers' in text


def _layering():
    spec = importlib.util.spec_from_file_location(
        "layering_rules", pathlib.Path(__file__).with_name("test_layering.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _architecture_rows():
    table = _section(README.read_text(), "architecture", "architecture")
    rows = [[c.strip() for c in ln.strip().strip("|").split("|")]
            for ln in table.splitlines() if ln.startswith("|")]
    assert rows[0] == ["layer", "folder", "owns"]
    return [(int(layer), re.findall(r"`([^`]+)`", folders)) for layer, folders, _ in rows[2:]]


def test_architecture_table_is_the_enforced_layers():
    """One row per layer of tests/meta/test_layering.py, in its order; each private folder
    exists, and every private folder is listed."""
    layers = _layering().LAYERS
    rows = _architecture_rows()
    assert [layer for layer, _ in rows] == list(range(len(layers)))
    for (layer, names), name in zip(rows, layers):
        if name != "public":
            assert names == [f"{name}/"], (layer, names)
            assert (PKG / name / "__init__.py").exists(), name
        else:
            assert "__init__" in names and "lib/" in names
    folders = {p.parent.name for p in PKG.glob("_*/__init__.py")}
    assert folders == {n for n in layers if n != "public"}


# ---------------------------------------------------------------------------------------
# Links and paths

LINK = re.compile(r"\]\(([^)\s]+)\)")
REPO_PATH = re.compile(r"`((?:src|tests|tools|benchmarks|examples|conformance|docs)"
                       r"/[\w./-]*\w)`")


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_links_and_paths_exist(page):
    text = page.read_text()
    missing = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        if not (page.parent / target.split("#")[0]).exists():
            missing.append(target)
    for path in REPO_PATH.findall(text):
        if not (ROOT / path).exists():
            missing.append(path)
    assert not missing


# ---------------------------------------------------------------------------------------
# Decisions and deviations: numbered, and every citation names an entry

def _decision_numbers():
    text = _section((DOCS / "decisions.md").read_text(), "deviations", "deviations")
    return [int(n) for n in re.findall(r"^(\d+)\. ", text, re.MULTILINE)]


def test_decisions_are_numbered_in_order():
    numbers = _decision_numbers()
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(numbers) >= 57


CITATION = re.compile(r"\b(?:decisions?|deviations?)\s+(\d+)\b", re.IGNORECASE)
STALE = re.compile(r"README(?:'s)?\s+(?:\d|decision|deviation|\"Decisions)", re.IGNORECASE)


def _sources():
    for folder in ("src", "tests", "docs", "benchmarks", "tools", "examples"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in {".py", ".pxd", ".md"}:
                yield path
    yield README


def test_every_cited_decision_exists():
    last = len(_decision_numbers())
    dangling = [f"{p.relative_to(ROOT)}: decision {n}" for p in _sources()
                for n in CITATION.findall(p.read_text()) if not 1 <= int(n) <= last]
    assert not dangling


def test_decisions_are_cited_from_docs_not_the_readme():
    # The list moved to docs/decisions.md; a citation of the README's number would send
    # readers to a page that no longer has the list.
    stale = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in _sources()
             for m in STALE.finditer(p.read_text())]
    assert not stale


# ---------------------------------------------------------------------------------------
# Measured pages stay tables of measurements

def test_performance_table():
    text = (DOCS / "performance.md").read_text()
    assert "| case | compiled | pure Python |" in text
    assert re.search(r"^\| geometric mean.*\| \d\.\d+ \| \d\.\d+ \|$", text, re.MULTILINE)


def _results(text, pattern):
    return {m.group(1): tuple(int(n) for n in m.groups()[1:])
            for m in re.finditer(pattern, text, re.MULTILINE)}


def test_conformance_numbers_are_the_recorded_ones():
    page = _results((DOCS / "conformance.md").read_text(),
                    r"^\| (\S+)[^|]*\| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$")
    recorded = _results(_section((ROOT / "conformance" / "README.md").read_text(),
                                 "results", "results"),
                        r"^\| (\S+) [^|]*\| `passed (\d+) failed (\d+) skipped (\d+) "
                        r"xfailed (\d+)` \|$")
    assert set(page) == {"weaknp", "array_api_strict", "numpy"}
    assert {name: page[name] for name in page} == {name: recorded[name] for name in page}


# ---------------------------------------------------------------------------------------
# Command-line transcripts: each `$ python -m weaknp ...` block is what the command prints
# ("..." elides lines, as in a doctest). The audit's report is checked in test_audit.py,
# which runs the example script.

def _transcripts():
    for page in PAGES:
        for command, output in re.findall(r"```\n\$ python -m weaknp ([^\n]*)\n(.*?)```",
                                          page.read_text(), re.DOTALL):
            if not command.startswith("audit "):
                yield pytest.param(command.split(), output, id=f"{_name(page)}: {command}")


@pytest.mark.parametrize("argv, expected", list(_transcripts()))
def test_cli_transcripts(argv, expected, capsys):
    assert main(argv) == 0
    got = capsys.readouterr().out
    checker = doctest.OutputChecker()
    assert checker.check_output(expected, got, doctest.ELLIPSIS), got


# ---------------------------------------------------------------------------------------
# Every deviation marked in the code cites its entry of docs/decisions.md

MARK = re.compile(r"#\s*(?:NumPy|JAX) differs:")


def _marked_comments():
    """Each ``# NumPy differs:`` / ``# JAX differs:`` comment in src/ with the comment lines
    that continue it, as ``(where, text)``."""
    for path in sorted(PKG.rglob("*.py")):
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            if MARK.search(line):
                block = [line]
                for more in lines[i + 1:]:
                    if not more.strip().startswith("#") or MARK.search(more):
                        break
                    block.append(more)
                yield f"{path.relative_to(ROOT)}:{i + 1}", " ".join(block)


def test_every_marked_deviation_cites_its_entry():
    last = len(_decision_numbers())
    comments = list(_marked_comments())
    assert len(comments) >= 77
    uncited = [where for where, text in comments
               if not any(1 <= int(n) <= last for n in
                          re.findall(r"\bdecision (\d+)", text, re.IGNORECASE))]
    assert not uncited, ("cite the entry of docs/decisions.md each of these deviations is "
                         "(add '(decision N)' to the comment; a new deviation gets a new "
                         f"entry): {uncited}")


def test_license_is_bsd_3_clause_and_ships():
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("BSD 3-Clause License\n\nCopyright (c) 2026, The weaknp developers\n")
    assert "3. Neither the name of the copyright holder nor the names of its" in text
    assert 'license = "BSD-3-Clause"' in (ROOT / "pyproject.toml").read_text()
    # PEP 639: setuptools puts it in the sdist and in the wheel's .dist-info/licenses/
    assert 'license-files = ["LICENSE"]' in (ROOT / "pyproject.toml").read_text()


def test_files_examples_write_are_neither_tracked_nor_unignored():
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert "/test.npy" in ignored and "/test.out" in ignored
