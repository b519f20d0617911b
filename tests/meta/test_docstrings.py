"""The examples in weaknp's docstrings run and print what they say (doctest).

Docstrings that weaknp copies from NumPy (``weaknp.random``'s wrappers, whose first line
says "NumPy's ``…``") carry NumPy's own examples, written for ``numpy``; they are left out.
"""

import doctest
import importlib
import pkgutil

import pytest

import weaknp

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# Every module (its own docstring and what it defines) ...
MODULES = sorted(m.name for m in pkgutil.walk_packages(weaknp.__path__, "weaknp.")
                 if m.name != "weaknp.__main__")
# ... and every public name, wherever it was made (generated functions, e.g. the
# elementwise family, are defined by a factory in one module and exported by another).
NAMESPACES = ["weaknp", "weaknp.linalg", "weaknp.fft"]


def _ours(test: doctest.DocTest) -> bool:
    return bool(test.examples) and not (test.docstring or "").lstrip().startswith("NumPy's ``")


def _module_tests(name):
    module = importlib.import_module(name)
    return [t for t in doctest.DocTestFinder().find(module, globs={"wnp": weaknp})
            if _ours(t)]


def _public_tests(namespace):
    module = importlib.import_module(namespace)
    finder = doctest.DocTestFinder(recurse=False)
    out = []
    for attr in module.__all__:
        obj = getattr(module, attr)
        # NumPy's own objects re-exported as they are (set_printoptions, errstate, …) keep
        # NumPy's examples; running them would also change NumPy's global state.
        if not str(getattr(obj, "__module__", "")).startswith("weaknp"):
            continue
        out += [t for t in finder.find(obj, f"{namespace}.{attr}", module=False,
                                       globs={"wnp": weaknp}) if _ours(t)]
    return out


def _run(tests, where):
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {where}"


@pytest.mark.parametrize("name", MODULES)
def test_module_docstring_examples_run(name):
    try:
        tests = _module_tests(name)
    except ModuleNotFoundError as e:   # weaknp._tools.einops_backend needs einops
        if e.name and not e.name.startswith("weaknp"):
            pytest.skip(f"{name} imports {e.name}, an optional extra not installed")
        raise
    _run(tests, name)


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_public_docstring_examples_run(namespace):
    _run(_public_tests(namespace), namespace)


def test_there_are_examples_to_run():
    """A guard: the tests above must have something to check (the count when written)."""
    n = sum(len(t.examples) for ns in NAMESPACES for t in _public_tests(ns))
    assert n >= 500, n


def test_import_without_docstrings():
    """``python -OO`` strips docstrings; weaknp builds some of its own and must not need them."""
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    r = subprocess.run([sys.executable, "-OO", "-c",
                        "import weaknp as wnp, weaknp.linalg, weaknp.fft, weaknp.random; "
                        "print(wnp.add(wnp.asarray([1], dtype=wnp.int8), 2).dtype)"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "int8"
