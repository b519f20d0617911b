"""``benchmarks/bench_namespace.py`` builds a row for every public function and method, or
names it with a reason: its argument building runs here (tiny arrays, one trial call, no
timing), so the generated benchmark cannot rot."""

import pytest

from support import script_module


@pytest.fixture(scope="module")
def bench():
    return script_module("benchmarks/bench_namespace.py")


@pytest.fixture(scope="module")
def planned(bench):
    return bench.cases_for(64, 64, bench.DTYPES)


def test_every_public_function_has_a_row_or_a_named_reason(bench, planned):
    cases, skipped = planned
    rows = {c[0] for c in cases}
    missing = [q for q, *_ in bench.targets() if q not in rows and q not in skipped]
    assert missing == []
    assert len(rows) > 400


def test_only_the_named_skip_lists_drop_a_function(bench, planned):
    """A function whose arguments stop building (or that starts raising) fails here instead
    of vanishing from the table."""
    _, skipped = planned
    named = (set(bench.SKIP.values()) | set(bench.METHOD_SKIP.values())
             | {"NumPy has no function of this name", "NumPy has no method of this name"})
    assert {k: v for k, v in skipped.items() if v not in named} == {}
    assert all(skipped.values())


def test_the_named_lists_name_only_what_exists(bench):
    functions = {q.rsplit(".", 1)[-1] for q, _, _, method in bench.targets() if not method}
    methods = {q.split(".", 1)[1] for q, _, _, method in bench.targets() if method}
    assert [k for k in bench.SKIP if k not in functions] == []
    assert [k for k in bench.METHOD_SKIP if k not in methods] == []
    assert [k for k in bench.OVERRIDES if k not in functions | methods] == []
    assert [k for k in bench.MATRIX | bench.SMALL if k not in functions | methods] == []


def test_each_row_does_the_same_work_on_both_sides(planned):
    """Where weaknp's result dtype differs from NumPy's, NumPy was given weaknp's dtype or
    the row says the dtypes differ."""
    cases, _ = planned
    notes = {c[4] for c in cases}
    assert all(n == "" or n.startswith(("NumPy given", "dtype ")) for n in notes)
    assert any(n.startswith("NumPy given") for n in notes)


def test_planning_leaves_the_shared_arguments_unchanged(bench):
    """The trial calls of functions writing into their first argument (``put``,
    ``putmask``, ``copyto`` ...) write into private copies: the rows after them measure the
    context's own data, not the zeros an earlier row wrote."""
    import numpy as np
    contexts = []
    real = bench.context

    def kept(*args, **kwargs):
        ctx = real(*args, **kwargs)
        contexts.append((ctx, {k: v.copy() for k, v in ctx.items()
                               if isinstance(v, np.ndarray)}))
        return ctx

    bench.context = kept
    try:
        bench.cases_for(64, 64, ("float32",), ",".join(sorted(bench.WRITES_FIRST)))
    finally:
        bench.context = real
    assert contexts
    for ctx, before in contexts:
        assert all(np.array_equal(ctx[k], v, equal_nan=True) for k, v in before.items())
