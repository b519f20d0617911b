"""The ecosystem tests run against weaknp and against array-api-strict: how many pass.

Usage: ``python tools/ecosystem_compare.py [--list] [pytest args...]``

Runs ``tests/ecosystem`` twice, once per namespace (``WEAKNP_ECOSYSTEM_NAMESPACE``), with
the same cases (the issue's weaknp-only minimal reproductions are left out of both), and
prints cases, failures per library and how many fail with both; ``--list`` names them.
Not part of CI (array-api-strict is in the ``bench`` extra).
"""

from __future__ import annotations

import collections
import os
import pathlib
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parents[1]
NAMESPACES = ["weaknp", "array_api_strict"]


def run(namespace: str, extra: list[str]) -> dict[str, bool]:
    """Case id -> passed, from one pytest run with ``namespace`` under test."""
    with tempfile.TemporaryDirectory() as tmp:
        report = pathlib.Path(tmp) / "report.xml"
        env = dict(os.environ, WEAKNP_ECOSYSTEM_NAMESPACE=namespace)
        subprocess.run([sys.executable, "-m", "pytest", "tests/ecosystem", "-q",
                        "-p", "no:cacheprovider", "--deselect",
                        "tests/ecosystem/test_library_idioms.py", f"--junitxml={report}",
                        *extra], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)
        cases = {}
        for case in ET.parse(report).getroot().iter("testcase"):
            if case.find("skipped") is not None:
                continue
            name = f"{case.get('classname')}::{case.get('name')}"
            cases[name] = case.find("failure") is None and case.find("error") is None
        return cases


def main(argv: list[str]) -> None:
    listing = "--list" in argv
    extra = [a for a in argv if a != "--list"]
    results = {ns: run(ns, extra) for ns in NAMESPACES}
    cases = sorted(set().union(*results.values()))
    by_library = collections.defaultdict(lambda: collections.Counter())
    for case in cases:
        library = case.split("::")[0].rsplit(".", 1)[-1].removeprefix("test_")
        counts = by_library[library]
        counts["cases"] += 1
        failed = {ns for ns in NAMESPACES if not results[ns].get(case, False)}
        for ns in failed:
            counts[ns] += 1
        if len(failed) == len(NAMESPACES):
            counts["both"] += 1
    header = f"{'library':<18}{'cases':>7}" + "".join(f"{ns + ' fails':>24}" for ns in NAMESPACES)
    print(header + f"{'both fail':>11}")
    total = collections.Counter()
    for library, counts in sorted(by_library.items()):
        total.update(counts)
        print(f"{library:<18}{counts['cases']:>7}"
              + "".join(f"{counts[ns]:>24}" for ns in NAMESPACES) + f"{counts['both']:>11}")
    print(f"{'total':<18}{total['cases']:>7}"
          + "".join(f"{total[ns]:>24}" for ns in NAMESPACES) + f"{total['both']:>11}")
    if listing:
        for case in cases:
            failed = [ns for ns in NAMESPACES if not results[ns].get(case, False)]
            if failed:
                print(f"{', '.join(failed):<28} {case}")


if __name__ == "__main__":
    main(sys.argv[1:])
