"""The notebook corpus as a test (issue 25, "How to judge it"): public NumPy tutorials
and exercises run cell by cell with NumPy and with weaknp, compared by value
(``corpus_run``).  The pass rate may not fall below the recorded one, and the failing
cells are exactly the expected-failures table (``corpus_expected``): a listed cell that
passes or an unlisted one that fails fails here.  After a change, ``python
tests/corpus/report.py --write-expected`` rewrites the table; review its diff."""

import re

import corpus_expected
import corpus_run
import pytest


@pytest.fixture(scope="module")
def results():
    return corpus_run.run_all()


def test_the_failing_cells_are_the_expected_ones(results):
    got = corpus_run.failures(results)
    expected = corpus_expected.EXPECTED_FAILURES
    newly_failing = {c: got[c] for c in got if c not in expected}
    now_passing = sorted(c for c in expected if c not in got)
    assert not newly_failing, f"cells failing that the table does not list: {newly_failing}"
    assert not now_passing, (f"listed cells that now pass (run report.py --write-expected): "
                             f"{now_passing}")


def test_the_pass_rate_holds(results):
    passed, counted, _ = corpus_run.rates(results)
    assert counted > 1600   # the corpus is read whole (a broken runner counts nothing)
    assert passed / counted >= corpus_expected.MIN_PASS_RATE - 1e-9


def test_every_expected_failure_is_named():
    for cell, cause in corpus_expected.EXPECTED_FAILURES.items():
        assert re.match(r"(dtypes|mapoly|stores|open): |decided\b|cascade of \S+:", cause), \
            (cell, cause)


def test_the_comparison_can_fail():
    import numpy as np

    import weaknp as wnp

    assert corpus_run.differ(np.arange(3.0), wnp.asarray([0.0, 1.0, 2.0])) is None
    assert corpus_run.differ(np.arange(3.0), wnp.asarray([0.0, 1.0, 2.5])) == "values differ"
    assert corpus_run.differ(np.arange(3.0), wnp.asarray([0.0, 1.0])).startswith("shape")
    assert corpus_run.differ(np.float32(1 / 3), wnp.asarray(1 / 3, dtype=wnp.float32)) is None
    assert corpus_run.printed_differ("[0 1 4]", "Array([0, 1, 4], dtype=int64)") is None
    assert corpus_run.printed_differ("(np.int64(1), 5)", "(Array(1, dtype=int64), 5)") is None
    assert corpus_run.printed_differ("[0 1 4]", "[0 1 5]") == "printed numbers differ"
    assert corpus_run.printed_differ("(array([], dtype=int64),)",
                                     "(Array([], shape=(0,), dtype=int64),)") is None


def test_a_failing_cell_is_reported_with_its_cause(monkeypatch):
    cells = [("demo:a:1", "x = np.ones(3, dtype=np.int8)"),
             ("demo:a:2", "x[0] = 2.5"),              # NumPy truncates; weaknp refuses
             ("demo:a:3", "y = x * 2"),
             ("demo:a:4", "z = np.frombuffer(b'ab', dtype=np.uint8)\nq = undefined_name")]
    monkeypatch.setattr(corpus_run, "cells", lambda source: cells)
    outs = {o.cell: o for o in corpus_run.run_source("demo")}
    assert outs["demo:a:1"].status == "pass" and outs["demo:a:3"].status == "pass"
    assert outs["demo:a:2"].status == "fail" and "storing Python float" in outs["demo:a:2"].cause
    assert outs["demo:a:4"].status == "numpy-error"
    assert corpus_run.cause_of(outs["demo:a:2"]).startswith("decided (70)")
