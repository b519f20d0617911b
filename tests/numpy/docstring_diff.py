"""Run NumPy docstring examples with ``np`` bound to numpy and to weaknp; compare values.

A helper for ``test_numpy_docstrings.py`` (and anyone measuring other names): each
example is run in order in two namespaces; expressions are compared by value
(``support.numpy_match``, the comparator ``test_numpy_docstrings`` uses too), printed output as text,
and an exception on one side only is a difference.  Imports of ``numpy.<sub>`` become
imports of ``weaknp.<sub>`` on the weaknp side.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import os
import re
import tempfile
import warnings

import numpy as np
from support import numpy_match

import weaknp as wnp

_PARSER = doctest.DocTestParser()
_IMPORT = re.compile(r"^\s*(import numpy as np|import numpy)\s*$")


@contextlib.contextmanager
def scratch_directory():
    """Run a docstring's examples in a fresh temporary working directory, removed after.

    NumPy's examples write files by relative name (``np.savetxt('test.out', x)``,
    ``open('test.npy', 'wb')``): wherever the comparison is started from (pytest at the
    repository root, or this folder's scripts run by hand), they never land in the
    checkout.  ``tests/numpy/test_numpy_docstrings.py`` checks it.
    """
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="weaknp-docstring-") as scratch:
        os.chdir(scratch)
        try:
            yield scratch
        finally:
            os.chdir(here)


def weaknp_source(src: str) -> str:
    return re.sub(r"\b(from|import)\s+numpy\b", r"\1 weaknp", src)


def _run(src, ns):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            code = compile(src, "<example>", "eval")
        except SyntaxError:
            exec(compile(src, "<example>", "exec"), ns)  # noqa: S102 - NumPy's examples
            return None, out.getvalue()
        return eval(code, ns), out.getvalue()  # noqa: S307 - NumPy's examples


def compare_docstring(doc: str):
    """``(compared, first difference or None, skipped)`` for one docstring (its examples
    run in a scratch directory: ``scratch_directory``)."""
    with scratch_directory():
        return _compare_in_cwd(doc)


def _compare_in_cwd(doc: str):
    np_ns = {"np": np, "numpy": np}
    w_ns = {"np": wnp, "numpy": np}
    compared, skipped = 0, 0
    state = np.random.get_state()
    # NumPy's global state (error handling, print options, the legacy random stream) is
    # shared by both sides: each side gets its own copy, starting equal.
    err, opts = np.geterr(), np.get_printoptions()
    np.random.seed(0)
    start = np.random.get_state()
    sides = {id(np_ns): [dict(err), dict(opts), start], id(w_ns): [dict(err), dict(opts), start]}
    try:
        for ex in _PARSER.get_examples(doc or ""):
            if ex.options.get(doctest.SKIP) or _IMPORT.match(ex.source):
                skipped += 1
                continue
            if "matplotlib" in ex.source or "plt." in ex.source:
                return compared, None, skipped + 1
            errors = []
            results = []
            for ns, src in ((np_ns, ex.source), (w_ns, weaknp_source(ex.source))):
                side = sides[id(ns)]
                np.seterr(**side[0])
                np.set_printoptions(**side[1])
                np.random.set_state(side[2])
                try:
                    results.append(_run(src, ns))
                    errors.append(None)
                except Exception as e:  # noqa: BLE001 - both sides may raise
                    results.append((None, ""))
                    errors.append(e)
                side[:] = np.geterr(), np.get_printoptions(), np.random.get_state()
            compared += 1
            if errors[1] is not None and errors[0] is None:
                return compared, f"{ex.source.strip()!r}: weaknp raised " \
                                 f"{type(errors[1]).__name__}: {errors[1]}", skipped
            if errors[0] is not None:
                if errors[1] is None and ex.exc_msg:
                    return compared, f"{ex.source.strip()!r}: NumPy raised, weaknp did not", \
                        skipped
                continue
            (nv, nout), (wv, wout) = results
            if not ex.want and nv is None and not nout:
                continue
            if nout or wout:
                if nout.split() != wout.split():
                    return compared, f"{ex.source.strip()!r}: printed {wout!r}, NumPy " \
                                     f"{nout!r}", skipped
            elif (why := numpy_match(wv, nv)) is not None:
                return compared, f"{ex.source.strip()!r}: {why}", skipped
    finally:
        np.random.set_state(state)
        np.seterr(**err)
        np.set_printoptions(**opts)
    return compared, None, skipped
