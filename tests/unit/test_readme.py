"""The README's examples run and print what it says (doctest over the Markdown file), and
the promotion tables printed in the docs equal the golden tables (``tests/golden.py``)."""

import doctest
import pathlib
import re

from golden import TABLES

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


def _markdown_tables(text):
    """Each run of ``|``-lines in ``text`` as ``{(row, column): cell}``."""
    tables, current = [], []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            current.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif current:
            header = current[0][1:]
            tables.append({(row[0], col): cell for row in current[2:]
                           for col, cell in zip(header, row[1:])})
            current = []
    return tables


def test_docs_tables_equal_golden():
    """The ``<!-- BEGIN table -->`` block (in the README or a page of ``docs/``) prints the
    standard and the strict table, cell for cell."""
    pages = [README, *sorted((ROOT / "docs").glob("*.md"))]
    blocks = [m.group(1) for p in pages for m in
              re.finditer(r"<!-- BEGIN table -->(.*?)<!-- END table -->", p.read_text(), re.DOTALL)]
    assert len(blocks) == 1, "exactly one page holds the promotion-table block"
    assert _markdown_tables(blocks[0]) == [TABLES["standard"], TABLES["strict"]]
