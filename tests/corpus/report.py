"""Run the notebook corpus and print its pass rate by source, the failures by cause and
the skipped cells with their reasons:

    PYTHONPATH=src python tests/corpus/report.py [--write-expected] [--cells]

``--write-expected`` rewrites ``corpus_expected.py`` (the test's expected-failures table
and pass rate) from this run; ``--cells`` also lists every failing cell with its error.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import corpus_run  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write-expected", action="store_true")
    parser.add_argument("--cells", action="store_true")
    args = parser.parse_args(argv)
    results = corpus_run.run_all()
    print(f"{'source':<14}{'pass':>6}{'fail':>6}{'rate':>8}{'skip':>6}{'numpy-error':>13}")
    for source, outs in results.items():
        n = collections.Counter(o.status for o in outs)
        counted = n["pass"] + n["fail"]
        print(f"{source:<14}{n['pass']:>6}{n['fail']:>6}{n['pass'] / counted:>8.1%}"
              f"{n['skip']:>6}{n['numpy-error']:>13}")
    passed, counted, cascades = corpus_run.rates(results)
    print(f"{'all':<14}{passed:>6}{counted - passed:>6}{passed / counted:>8.1%}   "
          f"({passed / (counted - cascades):.1%} leaving out {cascades} cascades)")
    table = corpus_run.failures(results)
    print("\nfailures by cause:")
    by_cause = collections.Counter(c if not c.startswith("cascade") else "cascade"
                                   for c in table.values())
    for cause, k in by_cause.most_common():
        print(f"  {k:>3}  {cause}")
    skips = collections.Counter(o.cause for outs in results.values() for o in outs
                                if o.status == "skip")
    print("\nskipped cells by reason:")
    for reason, k in skips.most_common():
        print(f"  {k:>3}  {reason}")
    if args.cells:
        print("\nfailing cells:")
        for outs in results.values():
            for o in outs:
                if o.status == "fail":
                    print(f"  {o.cell:<40} {o.cause[:110]}")
    if args.write_expected:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus_expected.py")
        corpus_run.write_expected(results, path)
        print(f"\nwrote {path}")


if __name__ == "__main__":
    main()
