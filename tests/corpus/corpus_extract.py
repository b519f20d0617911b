"""Rebuild the corpus's cell files from the upstream sources (a maintenance tool, not a
test): ``python tests/corpus/corpus_extract.py MIRRORS [SOURCE ...]`` (all sources
without a SOURCE) where ``MIRRORS`` holds git
checkouts (or bare repositories) named ``owner+name/repo`` of

* ``rougier/numpy-100`` (MIT): the answers of ``source/exercises100.ktx``, one cell each;
* ``jakevdp/PythonDataScienceHandbook`` (code MIT; the text, CC-BY-NC-ND, is not copied):
  the code cells of chapter 2's notebooks (``notebooks/02.*.ipynb``);
* ``scipy-lectures/scientific-python-lectures`` (CC-BY 4.0): the ``{code-cell}`` blocks of
  the NumPy chapter (``intro/numpy/*.md``);
* ``numpy/numpy`` (BSD-3): the doctest examples of the user guide
  (``doc/source/user/*.rst`` but the C-API chapters ``c-info.*`` and the installation
  pages), one cell per example (a ``>>>`` statement with its ``...`` lines, read by
  :class:`doctest.DocTestParser`), one document per file;
* ``numpy/numpy-tutorials`` (BSD-3): the ``{code-cell}`` blocks of the tutorials
  (``content/*.md``); the runner skips the documents that need a download.

Each source becomes ``cells_<source>.py``: its attribution and a ``CELLS`` list of
``(cell id, code)`` in reading order, the code unchanged.  The licences sit in
``licenses/``.
"""

from __future__ import annotations

import doctest
import json
import pprint
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def _show(repo: Path, path: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "show", f"HEAD:{path}"], check=True,
                          capture_output=True, text=True).stdout


def _files(repo: Path, pattern: str) -> list[str]:
    names = subprocess.run(["git", "-C", str(repo), "ls-tree", "-r", "--name-only", "HEAD"],
                           check=True, capture_output=True, text=True).stdout.split()
    return sorted(n for n in names if re.fullmatch(pattern, n))


def _commit(repo: Path) -> str:
    return subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()


def numpy_100(repo: Path):
    text = _show(repo, "source/exercises100.ktx")
    cells = []
    for m in re.finditer(r"^< a(\d+)\n(.*?)(?=^< [qha]\d+\n|\Z)", text, re.S | re.M):
        cells.append((f"numpy_100:{int(m.group(1)):03d}", m.group(2).strip("\n")))
    return cells


def pdsh(repo: Path):
    cells = []
    for path in _files(repo, r"notebooks/02\.\d\d-.*\.ipynb"):
        chapter = re.match(r"notebooks/(02\.\d\d)", path).group(1)
        nb = json.loads(_show(repo, path))
        n = 0
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            n += 1
            cells.append((f"pdsh:{chapter}:{n:02d}", "".join(cell["source"]).strip("\n")))
    return cells


def _code_cells(repo: Path, source: str, pattern: str):
    """The ``{code-cell}`` blocks of the MyST markdown files matching ``pattern`` (their
    ``:option:`` lines left out), one document per file."""
    cells = []
    for path in _files(repo, pattern):
        name = Path(path).stem
        text = _show(repo, path)
        n = 0
        for m in re.finditer(r"^```\{code-cell\}[^\n]*\n(.*?)^```", text, re.S | re.M):
            body = [ln for ln in m.group(1).splitlines() if not re.match(r":\w+:", ln)]
            n += 1
            cells.append((f"{source}:{name}:{n:03d}", "\n".join(body).strip("\n")))
    return cells


def scipy_lectures(repo: Path):
    return _code_cells(repo, "sp_lectures", r"intro/numpy/[a-z_]+\.md")


def numpy_tutorials(repo: Path):
    return _code_cells(repo, "numpy_tutorials", r"content/[\w-]+\.md")


#: User-guide pages left out: C-API chapters (their examples build extension modules) and
#: the installation and troubleshooting pages.
_GUIDE_LEFT_OUT = r"c-info\..*|install|troubleshooting-.*"


def numpy_guide(repo: Path):
    cells = []
    parser = doctest.DocTestParser()
    for path in _files(repo, r"doc/source/user/[\w.-]+\.rst"):
        name = Path(path).stem
        if re.fullmatch(_GUIDE_LEFT_OUT, name):
            continue
        for n, example in enumerate(parser.get_examples(_show(repo, path)), 1):
            cells.append((f"numpy_guide:{name}:{n:03d}", example.source.strip("\n")))
    return cells


SOURCES = {
    "numpy_100": ("rougier+numpy-100", numpy_100,
                  "Nicolas P. Rougier, 100 NumPy exercises, https://github.com/rougier/numpy-100",
                  "MIT", "numpy-100-LICENSE.txt", "LICENSE.txt"),
    "pdsh": ("jakevdp+PythonDataScienceHandbook", pdsh,
             "Jake VanderPlas, Python Data Science Handbook, chapter 2 (code cells only), "
             "https://github.com/jakevdp/PythonDataScienceHandbook",
             "MIT (code; the text is CC-BY-NC-ND and is not copied)",
             "PythonDataScienceHandbook-LICENSE-CODE.txt", "LICENSE-CODE"),
    "sp_lectures": ("scipy-lectures+scientific-python-lectures", scipy_lectures,
                    "Scientific Python Lectures, the NumPy chapter (intro/numpy), "
                    "https://github.com/scipy-lectures/scientific-python-lectures",
                    "CC-BY 4.0", "scientific-python-lectures-LICENSE.md", "LICENSE.md"),
    "numpy_guide": ("numpy+numpy", numpy_guide,
                    "NumPy developers, the NumPy user guide (doc/source/user, doctest examples), "
                    "https://github.com/numpy/numpy",
                    "BSD-3-Clause", "numpy-LICENSE.txt", "LICENSE.txt"),
    "numpy_tutorials": ("numpy+numpy-tutorials", numpy_tutorials,
                        "NumPy developers, NumPy tutorials (content/*.md, code cells), "
                        "https://github.com/numpy/numpy-tutorials",
                        "BSD-3-Clause", "numpy-tutorials-LICENSE.txt", "LICENSE.txt"),
}


def main(mirrors: Path, only=()) -> None:
    for source, (folder, extract, credit, licence, licence_file, upstream) in SOURCES.items():
        if only and source not in only:
            continue
        repo = mirrors / folder / "repo"
        if not repo.exists():
            repo = mirrors / folder
        cells = extract(repo)
        (HERE / "licenses" / licence_file).write_text(_show(repo, upstream))
        body = (f'"""{source}: {credit}.\n\nLicence: {licence}; see licenses/{licence_file}.\n'
                f"Extracted by corpus_extract.py from commit {_commit(repo)}; the code of each "
                f'cell is unchanged.\n"""\n\n'
                f"CELLS = {pprint.pformat(cells, width=100, sort_dicts=False)}\n")
        (HERE / f"cells_{source}.py").write_text(body)
        print(f"{source}: {len(cells)} cells")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror"), sys.argv[2:])
