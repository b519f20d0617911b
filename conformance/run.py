"""Run the official array-api-tests suite against weaknp (or another library, to compare).

Usage::

    ARRAY_API_TESTS_DIR=/path/to/array-api-tests python conformance/run.py [--max-examples N]
        [--module weaknp|array_api_strict|numpy] [pytest args...]

The suite is not on PyPI and is not vendored here: clone data-apis/array-api-tests (with its
``array-api`` submodule: ``git submodule update --init``) and point ``ARRAY_API_TESTS_DIR``
at it.  Prints one summary line: ``passed N failed N skipped N xfailed N``.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
VALIDATED_COMMIT = "55fcc60"
API_VERSION = "2025.12"
SEED = 20261122


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--max-examples", type=int, default=100)
    p.add_argument("--module", default="weaknp")
    p.add_argument("--no-xfails", action="store_true", help="ignore conformance/xfails.txt")
    args, rest = p.parse_known_args()

    suite = os.environ.get("ARRAY_API_TESTS_DIR")
    if not suite or not (pathlib.Path(suite) / "array_api_tests").is_dir():
        print("conformance: set ARRAY_API_TESTS_DIR to a checkout of "
              "github.com/data-apis/array-api-tests (with `git submodule update --init` for its "
              "array-api submodule)", file=sys.stderr)
        return 2
    suite = pathlib.Path(suite)
    try:
        head = subprocess.run(["git", "-C", str(suite), "rev-parse", "--short=7", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        if head != VALIDATED_COMMIT:
            print(f"conformance: note: suite at {head}, validated with {VALIDATED_COMMIT}",
                  file=sys.stderr)
    except (OSError, subprocess.CalledProcessError):
        print("conformance: note: cannot read the suite's git commit", file=sys.stderr)

    env = dict(os.environ, ARRAY_API_TESTS_MODULE=args.module,
               ARRAY_API_TESTS_VERSION=API_VERSION)
    report = pathlib.Path(tempfile.mkdtemp()) / "report.json"
    cmd = [sys.executable, "-m", "pytest", "array_api_tests", "-q", "-p", "no:cacheprovider",
           f"--max-examples={args.max_examples}", f"--hypothesis-seed={SEED}",
           "--json-report", f"--json-report-file={report}", "-o", "filterwarnings=default",
           "--disable-warnings",
           # no 800 ms Hypothesis deadline: on a shared, loaded machine one slow example
           # failed a test now and then with the same seed (a timing fact, not a result)
           "--hypothesis-disable-deadline"]
    xfails = HERE / "xfails.txt"
    if args.module == "weaknp" and not args.no_xfails and xfails.exists():
        cmd.append(f"--xfails-file={xfails}")
    cmd += rest
    proc = subprocess.run(cmd, cwd=suite, env=env, capture_output=True, text=True)
    if not report.exists():
        sys.stdout.write(proc.stdout[-5000:])
        sys.stderr.write(proc.stderr[-5000:])
        return proc.returncode or 1
    summary = json.loads(report.read_text()).get("summary", {})
    counts = {k: summary.get(k, 0) for k in ("passed", "failed", "skipped", "xfailed")}
    counts["failed"] += summary.get("error", 0)
    if os.environ.get("CONFORMANCE_VERBOSE"):
        sys.stdout.write(proc.stdout)
    print(" ".join(f"{k} {v}" for k, v in counts.items()))
    return 0 if counts["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
