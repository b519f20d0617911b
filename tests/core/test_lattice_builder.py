"""The generic lattice builder on toy graphs: good lattices, and each way one can be wrong."""

import pytest

from weaknp._core.errors import LatticeError
from weaknp._core.lattice import build_join, closure


def test_chain_and_diamond():
    ub, join = build_join("ABCD", {"A": "BC", "B": "D", "C": "D"})
    assert ub["A"] == frozenset("ABCD")
    assert join[("B", "C")] == "D"
    assert join[("A", "B")] == "B"
    assert join[("C", "C")] == "C"


def test_partial_lattice_has_missing_joins():
    _, join = build_join("ABC", {"A": "B"})
    assert join[("B", "C")] is None
    assert join[("A", "B")] == "B"


def test_cycle_is_named():
    with pytest.raises(LatticeError, match=r"cycle: A -> B -> C -> A"):
        closure("ABC", {"A": "B", "B": "C", "C": "A"})


def test_two_least_upper_bounds_name_pair_and_candidates():
    # A and B both go to C and D, which are unordered: no unique join of A and B.
    with pytest.raises(LatticeError) as info:
        build_join("ABCD", {"A": "CD", "B": "CD"})
    msg = str(info.value)
    assert "A and B have no unique least upper bound" in msg
    assert "candidates: C, D" in msg


def test_edge_to_missing_node_is_named():
    with pytest.raises(LatticeError, match=r"edge A -> Z names unknown node Z"):
        closure("AB", {"A": "BZ"})


def test_edge_from_missing_node_is_named():
    with pytest.raises(LatticeError, match=r"edge source Q is not a node"):
        closure("AB", {"Q": "A"})
