"""The laws of promotion, checked exhaustively: every node, every pair and every triple, in
every built-in promotion mode.

The nodes are the 32 dtypes (strong) plus the weak nodes ``i*``, ``f*``, ``c*`` (Python
``1``, ``1.0``, ``1j``).  The join table of a mode is read once through the public
``result_type`` (35 x 35 calls); the laws the design rationale asks of it (JEP 9407:
existence of a unique least upper bound, commutativity, associativity; plus idempotence,
weak below strong of its kind, and "never drop a component": the kind never goes down)
are then checked over the whole table at once with NumPy indexing, every triple included.
The table stands for the behaviour because every ordered triple of ``result_type`` and
every pair of the ``+`` operator on real arrays is checked against it, and every triple
of array expressions ``(x + y) + z`` against ``x + (y + z)``.

``-`` (no join: ``TypePromotionError``) is an extra index ``ERR`` that absorbs everything.
"""

import itertools

import numpy as np
import pytest

import weaknp as wnp
from weaknp._core import config as _config
from weaknp._core import dtypes as D

MODES = list(_config.MODES)
DTYPES = list(D.ALL_DTYPES)
SCALARS = [1, 1.0, 1j]                     # the weak nodes i*, f*, c*
NODES = [*DTYPES, *SCALARS]
N = len(NODES)
ERR = N                                    # "raises": an absorbing extra node
WEAK = {"int": N - 3, "float": N - 2, "complex": N - 1}
KIND_RANK = {"bool": 0, "int": 1, "float": 2, "complex": 3}
#: The kind of every node (ERR: -1, never compared).
KIND = np.array([KIND_RANK[D.kind_of(dt)] for dt in DTYPES] + [1, 2, 3, -1])
_STRONG = {dt: i for i, dt in enumerate(DTYPES)}
_WEAK_OF = {dt: WEAK[D.kind_of(dt)] for dt in DTYPES if D.kind_of(dt) != "bool"}


def _index(result):
    """The node a ``(dtype, weak)`` result sits at."""
    dt, weak = result
    return _WEAK_OF[dt] if weak else _STRONG[dt]


def _join(*args):
    try:
        return _index(wnp.result_type(*args, return_weak_type_flag=True))
    except wnp.TypePromotionError:
        return ERR


def _array(n):
    """A strong zero array of a dtype, or a weak 0-d zero array for a weak node (made
    outside any mode, so jax-x32 sees real 64-bit arrays)."""
    return wnp.zeros(2, dtype=n) if isinstance(n, np.dtype) else wnp.asarray(n * 0)


ARRAYS = [_array(n) for n in NODES]
#: How result_type receives each node in each mode: a dtype, or a Python scalar for the
#: weak nodes.  In jax-x32 a 64-bit dtype asked for is truncated (as in JAX), so there
#: the strong nodes are arrays made outside the mode.
ARGS = {m: [*(ARRAYS[:len(DTYPES)] if m == "jax-x32" else DTYPES), *SCALARS] for m in MODES}


def _table(mode):
    j = np.full((N + 1, N + 1), ERR, dtype=np.intp)
    args = ARGS[mode]
    with wnp.promotion_mode(mode):
        for a, b in itertools.product(range(N), repeat=2):
            j[a, b] = _join(args[a], args[b])
    return j


_TABLES = {}


@pytest.fixture(params=MODES)
def mode(request):
    return request.param


@pytest.fixture
def J(mode):
    """The join table of ``mode``: ``J[a, b]`` is the node index of ``a v b`` (or ERR)."""
    if mode not in _TABLES:
        _TABLES[mode] = _table(mode)
    return _TABLES[mode]


def _names(*idx):
    return tuple("-" if i == ERR else D.NAMES.get(NODES[i], repr(NODES[i])) if i < len(DTYPES)
                 else ["i*", "f*", "c*"][i - len(DTYPES)] for i in idx)


def _first(mask, *tables):
    """A readable counterexample for an assertion message."""
    where = np.argwhere(mask)
    return [(_names(*w), *[_names(t[tuple(w)]) for t in tables]) for w in where[:5]]


def test_join_table_is_total_over_the_nodes(J):
    """Every cell is a node or ERR; ERR absorbs (its row and column are ERR)."""
    assert ((J >= 0) & (J <= ERR)).all()
    assert (J[ERR, :] == ERR).all() and (J[:, ERR] == ERR).all()


def test_commutative(J):
    bad = J != J.T
    assert not bad.any(), _first(bad, J, J.T)


def test_idempotent(J):
    assert (np.diag(J)[:N] == np.arange(N)).all(), _names(*np.diag(J)[:N])


def test_associative_over_every_triple(J):
    idx = np.arange(N + 1)
    left = J[J[:, :, None], idx[None, None, :]]     # (a v b) v c
    right = J[idx[:, None, None], J[None, :, :]]    # a v (b v c)
    bad = left != right
    assert not bad.any(), _first(bad, left, right)


def test_join_is_the_unique_least_upper_bound(J):
    """``a <= c`` iff ``a v c == c``.  Where ``a v b`` exists it is an upper bound of both
    and below every common upper bound; where it raises, a and b have no common upper
    bound (so ERR never hides a join)."""
    idx = np.arange(N)
    below = J[:N, :N] == idx[None, :]                 # below[a, c]: a <= c
    common = below[:, None, :] & below[None, :, :]    # common[a, b, c]: c bounds a and b
    jab = J[:N, :N]
    exists = jab != ERR
    assert (common.any(axis=2) == exists).all(), _first(common.any(axis=2) != exists, jab)
    a, b = np.nonzero(exists)
    j = jab[a, b]
    assert (below[a, j] & below[b, j]).all()          # an upper bound
    # least: every common upper bound c of a and b lies above j
    assert (~common[a, b] | below[j]).all()


def test_weak_sits_below_strong_of_its_kind(J):
    for i, dt in enumerate(DTYPES):
        kind = D.kind_of(dt)
        if kind != "bool":
            assert J[WEAK[kind], i] == i, _names(WEAK[kind], i, J[WEAK[kind], i])


def test_the_kind_never_goes_down(J):
    """Promotion never drops a component (JEP 9407, property 2): no complex to float, no
    float to int, no int to bool."""
    jab = J[:N, :N]
    ok = jab == ERR
    ok |= KIND[np.where(ok, 0, jab)] >= np.maximum(KIND[:N, None], KIND[None, :N])
    assert ok.all(), _first(~ok, jab)


def test_n_ary_result_type_is_the_fold(mode, J):
    """``result_type(a, b, c)`` for every ordered triple equals ``(a v b) v c``: with the
    table commutative and associative, every order of the arguments gives one answer."""
    bad = []
    args = ARGS[mode]
    fold = J[J[:N, :N, None], np.arange(N)[None, None, :]].tolist()
    with wnp.promotion_mode(mode):
        for a, b, c in itertools.product(range(N), repeat=3):
            got = _join(args[a], args[b], args[c])
            if got != fold[a][b][c]:
                bad.append(_names(a, b, c, got, fold[a][b][c]))
    assert not bad, bad[:5]


def _add(x, y):
    try:
        r = x + y
    except wnp.TypePromotionError:
        return ERR
    return _index((r.dtype, r.weak_type))


def test_operators_agree_with_the_table(mode, J):
    """``x + y`` on real arrays (strong n-d and weak 0-d) gives the table's node."""
    with wnp.promotion_mode(mode):
        got = np.array([[_add(x, y) for y in ARRAYS] for x in ARRAYS])
    bad = got != J[:N, :N]
    assert not bad.any(), _first(bad, got, J)


def test_array_expressions_are_associative(mode):
    """``(x + y) + z`` and ``x + (y + z)`` have the same dtype and weak flag, or both raise,
    for every triple of arrays."""
    arrays = ARRAYS
    with wnp.promotion_mode(mode):
        pair = {}
        for (i, x), (k, y) in itertools.product(enumerate(arrays), repeat=2):
            try:
                pair[i, k] = x + y
            except wnp.TypePromotionError:
                pair[i, k] = None
        bad = []
        for a, b, c in itertools.product(range(N), repeat=3):
            ab, bc = pair[a, b], pair[b, c]
            left = ERR if ab is None else _add(ab, arrays[c])
            right = ERR if bc is None else _add(arrays[a], bc)
            if left != right:
                bad.append(_names(a, b, c, left, right))
    assert not bad, bad[:5]
