"""The dispatch core (``weaknp._dispatch``): which build runs, the two builds agree, one entry
per (op, mode, node pair), thread safety of the caches, and the list reader's walk."""

import os
import pathlib
import subprocess
import sys
import threading

import numpy as np
import pytest

import weaknp as wnp
from weaknp import _dispatch
from weaknp._lattice import Node

SRC = str(pathlib.Path(wnp.__file__).resolve().parents[1])


def test_compiled_flag_names_the_module_in_use():
    pure = os.environ.get("WEAKNP_PURE_PYTHON", "") not in ("", "0")
    assert wnp.__compiled__ is (not _dispatch.__file__.endswith(".py"))
    if pure:
        assert wnp.__compiled__ is False


# A digest of results over every binary op of the operator table, a grid of operands and
# the built-in modes: dtype, weak flag and values, or the exception type.  The pure-Python
# build (a subprocess) must print exactly what this process computes.
_DIGEST = r"""
import numpy as np, weaknp as wnp
ops = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "pow",
       "bitwise_and", "bitwise_left_shift", "equal", "less", "maximum", "atan2"]
vals = [wnp.asarray([3, 1], dtype=d) for d in ("int8", "uint8", "int64", "float16",
        "float32", "bfloat16", "complex64", "bool")]
vals += [wnp.asarray(7), wnp.asarray(2.5), 5, -1, 300, 1.5, 1e300, 2j, True, 2**70]
out = []
for mode in ("standard", "strict", "jax-x32"):
    with wnp.promotion_mode(mode):
        for name in ops:
            f = getattr(wnp, name)
            for a in vals:
                for b in vals:
                    try:
                        with np.errstate(all="ignore"):
                            r = f(a, b)
                        out.append(f"{r.dtype}{r.weak_type}{r._data.tobytes().hex()}")
                    except Exception as e:
                        out.append(type(e).__name__)
                for a in vals[:8]:
                    try:
                        with np.errstate(all="ignore"):
                            r = -a
                        out.append(f"{r.dtype}{r.weak_type}{r._data.tobytes().hex()}")
                    except Exception as e:
                        out.append(type(e).__name__)
import hashlib
print(wnp.__compiled__, len(out), hashlib.sha256("|".join(out).encode()).hexdigest())
"""


def _digest(pure: bool) -> list:
    env = {**os.environ, "PYTHONPATH": SRC, "WEAKNP_PURE_PYTHON": "1" if pure else "0"}
    out = subprocess.run([sys.executable, "-c", _DIGEST], env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    return out


def test_pure_python_build_gives_the_same_results():
    pure = _digest(pure=True)
    here = _digest(pure=False)
    assert pure[0] == "False"
    assert int(pure[1]) > 3000
    assert pure[1:] == here[1:]


def test_one_entry_per_mode_and_node_pair_and_errors_are_not_cached():
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    core = _dispatch.CORES["add"]
    with wnp.promotion_mode("strict"):
        with pytest.raises(wnp.TypePromotionError):
            x + 1.5
        flat = core.caches["strict"]
        assert flat[Node.int8][Node.weak_float] is None
        y = x + 2
    e = flat[Node.int8][Node.weak_int]
    assert e is not None and e.out_node is Node.int8
    # the operator, the reflected operator, the function and NumPy's ufunc share it
    with wnp.promotion_mode("strict"):
        for r in (2 + x, wnp.add(x, 2), np.add(x, 2)):
            assert r.dtype == np.int8 and not r.weak_type
            assert flat[Node.int8][Node.weak_int] is e
    assert y.tolist() == [3, 4]


def test_modes_are_read_per_call_in_threads():
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    errors = []

    def work(mode, expect):
        try:
            with wnp.promotion_mode(mode):
                for _ in range(300):
                    try:
                        r = (x + 1.5).dtype
                    except wnp.TypePromotionError:
                        r = "error"
                    assert r == expect, (mode, r)
        except AssertionError as e:
            errors.append(e)

    threads = [threading.Thread(target=work, args=m) for m in
               [("standard", np.float64), ("strict", "error")] * 4]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_leaf_summary_finds_the_join_and_the_int_range():
    assert _dispatch.leaf_summary([1, [2, -300], (5,)], "f") == (
        (np.dtype("int64"), True), -300, 5, False, False, True)
    assert _dispatch.leaf_summary([[1.5, 2], [True, 3j]], "f") == (
        (np.dtype("complex128"), True), 2, 2, False, True, False)
    assert _dispatch.leaf_summary([(0.5,), [2.5]], "f") == (
        (np.dtype("float64"), True), None, None, False, True, True)
    a = wnp.asarray([1], dtype=wnp.int8)
    assert _dispatch.leaf_summary([a, 2], "f") == (
        (np.dtype("int8"), False), 2, 2, True, False, False)
    assert _dispatch.leaf_summary([], "f") == (None, None, None, False, False, False)
    with pytest.raises(TypeError, match="f: cannot convert an element of type str"):
        _dispatch.leaf_summary([1, "a"], "f")


def test_lists_check_python_ints_against_the_dtype():
    with pytest.raises(OverflowError, match=r"asarray: Python int 300 is out of bounds for "
                                            r"int8 \(range -128..127\)"):
        wnp.asarray([[1, 300], [-5, 2]], dtype=wnp.int8)
    with pytest.raises(OverflowError, match="Python int -129 is out of bounds"):
        wnp.asarray([-129, 5], dtype=wnp.int8)
    assert wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8).tolist() == [[1, 2], [3, 4]]


def test_iteration_gives_independent_elements_and_rows():
    x = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int16)
    rows = list(x)
    assert [r.tolist() for r in rows] == [[1, 2], [3, 4]]
    elems = list(rows[0])
    assert [type(e) for e in elems] == [wnp.Array, wnp.Array]
    assert elems[0].shape == () and elems[0].dtype == np.int16
    elems[0] += 5
    assert x[0, 0].tolist() == 1
    w = _dispatch.wrap(np.array([1.5, 2.5]), True)   # weak stays weak
    assert all(e.weak_type for e in w)
    with pytest.raises(TypeError, match="iteration over a 0-d array"):
        iter(wnp.asarray(1))
