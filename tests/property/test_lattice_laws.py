"""Lattice laws of weaknp's promotion, over every node (32 dtypes strong, plus i*, f*, c*).

Checked through the public ``result_type`` (on dtypes and Python scalars) and through real
arrays (strong arrays of every dtype, weak 0-d arrays), in both built-in modes.
"""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import weaknp as wnp
from weaknp import _dtypes as D

DTYPES = list(D.ALL_DTYPES)
SCALARS = [1, 1.0, 1j]          # the weak nodes i*, f*, c*
NODES = [*DTYPES, *SCALARS]
MODES = ["standard", "strict"]

node = st.sampled_from(NODES)
mode = st.sampled_from(MODES)


def as_arg(n):
    return n if not isinstance(n, np.dtype) else n


def join(*args):
    """(dtype, weak) or 'error'."""
    try:
        return wnp.result_type(*args, return_weak_type_flag=True)
    except wnp.TypePromotionError:
        return "error"


def as_array(n):
    if isinstance(n, np.dtype):
        return wnp.zeros(2, dtype=n)
    return wnp.asarray(n)  # a weak 0-d array


def array_join(a, b):
    try:
        r = as_array(a) + as_array(b) if _addable(a, b) else None
    except wnp.TypePromotionError:
        return "error"
    return None if r is None else (r.dtype, r.weak_type)


def _addable(a, b):
    return all(isinstance(n, np.dtype) and n in D.NUMERIC | D.BOOL or not isinstance(n, np.dtype)
               for n in (a, b))


@given(a=node, b=node, m=mode)
def test_commutative(a, b, m):
    with wnp.promotion_mode(m):
        assert join(a, b) == join(b, a)


@given(a=node, m=mode)
def test_idempotent(a, m):
    with wnp.promotion_mode(m):
        r = join(a, a)
        if isinstance(a, np.dtype):
            assert r == (a, False)
        else:
            assert r[1] is True


@given(a=node, b=node, c=node, m=mode)
def test_associative_and_order_independent(a, b, c, m):
    with wnp.promotion_mode(m):
        whole = join(a, b, c)
        for perm in itertools.permutations((a, b, c)):
            assert join(*perm) == whole
        ab = join(a, b)
        bc = join(b, c)
        left = "error" if ab == "error" else join(_back(ab), c)
        right = "error" if bc == "error" else join(a, _back(bc))
        assert left == right == whole


def _back(res):
    """A join result as an argument again: a dtype, or a weak 0-d array of that dtype."""
    dt, weak = res
    return wnp.zeros((), dtype=dt) if not weak else _weak_of(dt)


def _weak_of(dt):
    return {"int": wnp.asarray(1), "float": wnp.asarray(1.0),
            "complex": wnp.asarray(1j)}[D.kind_of(dt)]


@given(a=node, b=node, m=mode)
def test_join_is_an_upper_bound(a, b, m):
    with wnp.promotion_mode(m):
        r = join(a, b)
        if r == "error":
            return
        back = _back(r)
        assert join(a, back) == r
        assert join(b, back) == r


@pytest.mark.parametrize("m", MODES)
@pytest.mark.parametrize("dt", DTYPES, ids=str)
def test_weak_sits_below_strong_of_its_kind(m, dt):
    scalar = {"bool": None, "int": 1, "float": 1.0, "complex": 1j}[D.kind_of(dt)]
    if scalar is None:
        return
    with wnp.promotion_mode(m):
        assert join(dt, scalar) == (dt, False)


@given(a=node, b=node, m=mode)
def test_arrays_agree_with_result_type(a, b, m):
    with wnp.promotion_mode(m):
        assert array_join(a, b) in (None, join(a, b))


@given(a=node, b=node, c=node)
def test_array_expressions_are_associative(a, b, c):
    # (x + y) + z and x + (y + z) have the same dtype and flag, or both raise.
    def ev(f):
        try:
            r = f()
        except wnp.TypePromotionError:
            return "error"
        except TypeError:   # an op not defined for the dtype (e.g. bool - ...)
            return "type"
        return (r.dtype, r.weak_type)

    x, y, z = (as_array(n) for n in (a, b, c))
    left = ev(lambda: (x + y) + z)
    right = ev(lambda: x + (y + z))
    if "type" in (left, right):
        return
    assert left == right
