"""Which of the in-place build's requirements a Python lacks: ``python tools/build_requirements.py``.

Prints one pip requirement per line (nothing when all are there); tools/build_inplace.sh
installs what it prints.  The requirements are pyproject.toml's ``[build-system] requires``
(one list to keep), except that any setuptools does for the in-place build: pyproject's
lower bound is for the PEP 639 license metadata an install writes, which this build
does not.  Standard library only (it runs in the Python being checked).
"""

from __future__ import annotations

import importlib.metadata
import pathlib
import re
import sys

PYPROJECT = pathlib.Path(__file__).resolve().parents[1] / "pyproject.toml"
#: Lower bounds the in-place build does not need.
_UNBOUNDED = {"setuptools"}


def requirements(pyproject_text: str) -> list[str]:
    """The ``[build-system] requires`` list, as written."""
    section = pyproject_text.split("[build-system]", 1)[1].split("\n[", 1)[0]
    found = re.search(r"^requires\s*=\s*\[(.*?)\]", section, re.MULTILINE | re.DOTALL)
    return re.findall(r'"([^"]+)"', found.group(1))


def _release(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", version.split("+")[0])[:3])


def missing(reqs: list[str], version_of=importlib.metadata.version) -> list[str]:
    """The requirements (``name`` or ``name>=X``) not installed or installed too old."""
    out = []
    for req in reqs:
        name, _, low = (p.strip() for p in req.partition(">="))
        if name in _UNBOUNDED:
            req, low = name, ""
        try:
            have = version_of(name)
        except importlib.metadata.PackageNotFoundError:
            out.append(req)
            continue
        if low and _release(have) < _release(low):
            out.append(req)
    return out


if __name__ == "__main__":
    print("\n".join(missing(requirements(PYPROJECT.read_text()))))
    sys.exit(0)
