"""weaknp's coverage of NumPy as ``tools/coverage.py`` lists it: every public attribute of
``numpy.ndarray`` and ``numpy.ufunc`` exists on ``weaknp.Array`` and weaknp's ufuncs, or is
one the tool lists as left out on purpose."""

import importlib.util
import pathlib

import numpy as np

import weaknp as wnp

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_ndarray_and_ufunc_attribute_is_provided_or_listed():
    path = ROOT / "tools" / "coverage.py"
    spec = importlib.util.spec_from_file_location("weaknp_coverage_tool", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    public = [n for n in dir(np.ndarray) if not n.startswith("_")]
    removed = set(tool.NDARRAY_REMOVED) & set(public)     # NumPy < 2.4 still lists them
    assert [n for n in public if not hasattr(wnp.Array, n) and n not in removed] == []
    special = [n for n in dir(np.ndarray) if n.startswith("__") and n not in dir(object)]
    missing = {n for n in special if not hasattr(wnp.Array, n)}
    left_out = set(tool.ARRAY_LEFT_OUT) & set(special)   # those this Python's ndarray has
    assert missing == left_out, missing ^ left_out
    assert [n for n in dir(np.ufunc) if not n.startswith("_") and not hasattr(wnp.add, n)] == []
