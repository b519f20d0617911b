"""weaknp's API as mypy sees it, as NumPy tests its stubs (``numpy/typing/tests/data``).

One mypy run (``--strict``, its cache in a temporary directory) over
``data/reveal`` (``assert_type`` of what mypy infers), ``data/pass`` (ordinary code: no
error), ``data/fail`` (each line marked ``# E: <part of the message>`` must give that error,
no other line any), ``examples/`` and the Python examples of README.md and docs/ (no
error).  Skips without mypy (``pip install .[typing]``).
"""

import doctest
import os
import pathlib
import re
import sys

import pytest

import weaknp

api = pytest.importorskip("mypy.api")

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DATA = HERE / "data"
PKG_PARENT = pathlib.Path(weaknp.__file__).resolve().parents[1]
ERROR = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): error: (?P<message>.*)$")
EXPECTED = re.compile(r"#\s*E:\s*(?P<part>.*)$")


def _doc_examples(tmp):
    """README.md's and docs/'s ``>>>`` examples, one module per page."""
    out = []
    parser = doctest.DocTestParser()
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        examples = parser.get_examples(page.read_text())
        if not any("weaknp" in e.source for e in examples):
            continue
        path = tmp / ("doc_" + re.sub(r"\W", "_", str(page.relative_to(ROOT))) + ".py")
        path.write_text("".join(e.source for e in examples))
        out.append(path)
    return out


@pytest.fixture(scope="module")
def mypy_run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mypy")
    files = sorted(DATA.rglob("*.py")) + sorted((ROOT / "examples").glob("*.py"))
    docs = _doc_examples(tmp)
    config = tmp / "mypy.ini"
    lines = ["[mypy]", "strict = True", f"cache_dir = {tmp / 'cache'}",
             "[mypy-cubed.*]", "ignore_missing_imports = True"]
    if PKG_PARENT.name != "site-packages":   # a checkout (PYTHONPATH=src): its stubs
        lines.insert(1, f"mypy_path = {PKG_PARENT}")
    config.write_text("\n".join(lines) + "\n")
    stdout, stderr, status = api.run(
        ["--config-file", str(config), "--python-executable", sys.executable,
         "--no-error-summary", "--show-absolute-path", "--no-pretty",
         *map(str, files + docs)])
    assert status in (0, 1), stderr
    errors = {}
    for line in stdout.splitlines():
        m = ERROR.match(line)
        if m:
            key = (os.path.realpath(m["path"]), int(m["line"]))
            errors.setdefault(key, []).append(m["message"])
    return files, docs, errors


def _errors_in(errors, path):
    path = os.path.realpath(path)
    return {line: msgs for (p, line), msgs in errors.items() if p == path}


@pytest.mark.parametrize("kind", ["reveal", "pass"])
def test_clean(mypy_run, kind):
    files, _, errors = mypy_run
    found = {f.name: _errors_in(errors, f) for f in files if f.parent.name == kind}
    assert found and not any(found.values()), found


def test_fail(mypy_run):
    files, _, errors = mypy_run
    for f in (f for f in files if f.parent.name == "fail"):
        got = _errors_in(errors, f)
        for n, text in enumerate(f.read_text().splitlines(), 1):
            m = EXPECTED.search(text)
            msgs = got.pop(n, [])
            if m:
                assert any(m["part"].strip() in msg for msg in msgs), (f.name, n, text, msgs)
        assert not got, f"{f.name}: unexpected errors {got}"


def test_examples_strict(mypy_run):
    files, docs, errors = mypy_run
    found = {f.name: _errors_in(errors, f) for f in files if f.parent.name == "examples"}
    found.update({f.name: _errors_in(errors, f) for f in docs})
    assert not any(found.values()), {k: v for k, v in found.items() if v}
