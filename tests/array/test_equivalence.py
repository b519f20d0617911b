"""Every spelling of an elementwise op gives the same answer, exhaustively.

For every op-table row, every pair of operands drawn from {a strong array of each dtype
weaknp has, each weak node as a 0-d and as an n-d weak array, Python bool/int/float/
complex} and every built-in promotion mode:

    a OP b  ==  b.__rOP__(a)  ==  wnp.fn(a, b)  ==  np.fn(a, b) (NEP 13)  ==  in-place

agree on the dtype, the weak flag, the shape and the bytes of the values, or all raise
the same exception type.  A failing in-place operator leaves its left operand unchanged.
Unary ops likewise (operator == function == NumPy's function through NEP 13/18).

The oracle here is weaknp itself across its own paths: each path must agree with
``wnp.fn``.  Values are checked against independent oracles elsewhere
(``test_elementwise_values.py``, the literal regressions, the JAX differential tests).

Cases are generated cheaply and compared in one test per op (all modes inside it); a
failure lists every mismatching case.  Modes whose join table gives the same
``(dtype, weak)`` for an operand-node pair as a mode already checked are not re-run
for that pair: the computation depends on the mode only through that join.
"""

from __future__ import annotations

import operator
import warnings

import ml_dtypes  # noqa: F401 - the ml_dtypes types are among weaknp's dtypes
import numpy as np
import pytest
from support import cast_warnings_are_errors, no_cast_warnings, outcome  # noqa: F401

import weaknp as wnp
from weaknp._core import dtypes as D
from weaknp._core.lattice import BUILTIN
from weaknp._core.ops import ALL_OPS

MODES = tuple(BUILTIN)


def _strong_values(dt):
    """Two nonzero values every dtype holds (no division by zero, no FP warnings)."""
    if dt == D.bool_:
        return [True, True]
    if dt in D.INTEGER:
        lo, hi = D.INT_BOUNDS[dt]
        if hi >= 2:
            return [1, 2]
        return [hi, hi] if hi >= 1 else [lo, lo]
    if dt in D.COMPLEX:
        return [1 + 1j, 2 - 1j]
    return [1.0, 2.0]


def _weak(values):
    """A weak array (0-d for a scalar) of the default dtype of the values' kind."""
    x = wnp.asarray(values)
    return wnp.Array._new(np.asarray(x), True)


def _operands():
    ops = []
    for dt in D.ALL_DTYPES:
        data = np.asarray(_strong_values(dt)).astype(dt)
        ops.append((D.dtype_name(dt), wnp.Array._new(data, False)))
    ops += [
        ("weak int 0-d", _weak(3)), ("weak int n-d", _weak([3, -2])),
        ("weak float 0-d", _weak(1.5)), ("weak float n-d", _weak([1.5, -2.5])),
        ("weak complex 0-d", _weak(1 - 2j)), ("weak complex n-d", _weak([1 - 2j, 2 + 0j])),
        ("True", True), ("3", 3), ("-2", -2), ("1.5", 1.5), ("(1-2j)", 1 - 2j),
        # beyond the range of narrow dtypes: every path must raise or answer alike
        ("1000", 1000), ("1e300", 1e300), ("weak int 0-d 1000", _weak(1000)),
        ("weak float n-d [1e300, 1]", _weak([1e300, 1.0])),
    ]
    for label, v in ops:
        if isinstance(v, wnp.Array):
            v._data.setflags(write=False)  # no path may write into an operand
    return ops


OPERANDS = _operands()


def _node(v):
    if isinstance(v, wnp.Array):
        return v._node
    from weaknp._core.promotion import PY_SCALAR_NODE
    return PY_SCALAR_NODE[type(v)]


def _show(o):
    if o[0] != "ok":
        return " ".join(map(str, o))
    dt = D.to_dtype(o[1])
    vals = np.frombuffer(o[4], dtype=dt).reshape(o[3]) if o[4] else "[]"
    return f"{o[1]}{' weak' if o[2] else ''} {vals!r}".replace("\n", "")


# Operator spellings: stem -> (forward, reflected-method name, in-place).
_MIRROR = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}


def _binary_paths(op):
    fn = getattr(wnp, op.name)
    stem = op.stem
    paths = {}
    if stem is not None:
        if stem in _MIRROR:
            pyop = getattr(operator, stem)
            rname = f"__{_MIRROR[stem]}__"
            iop = None
        else:
            pyop = getattr(operator, {"and": "and_", "or": "or_", "truediv": "truediv",
                                      "floordiv": "floordiv", "pow": "pow"}.get(stem, stem))
            rname = f"__r{stem}__"
            iop = getattr(operator, "i" + stem)
        paths["operator"] = pyop
        paths["reflected"] = lambda a, b, _r=rname: getattr(b, _r)(a)
    else:
        iop = None
    paths["numpy"] = op.ufunc
    return fn, paths, iop


def _pairs():
    for label_a, a in OPERANDS:
        for label_b, b in OPERANDS:
            if isinstance(a, wnp.Array) or isinstance(b, wnp.Array):
                yield label_a, a, label_b, b


def _mode_pairs():
    """(mode, pairs) with pairs de-duplicated across modes by their join."""
    seen = set()
    for mode in MODES:
        table = BUILTIN[mode].table
        todo = []
        for la, a, lb, b in _pairs():
            key = (la, lb, table[_node(a)][_node(b)])
            # every mode runs at least the pairs of equal operands (its own caches)
            if key not in seen or la == lb:
                seen.add(key)
                todo.append((la, a, lb, b))
        yield mode, todo


MODE_PAIRS = [(m, p) for m, p in _mode_pairs()]
BINARY = [op for op in ALL_OPS if op.arity == 2]
UNARY = [op for op in ALL_OPS if op.arity == 1]


def _check_binary(op):
    fn, paths, iop = _binary_paths(op)
    bad = []
    n = 0
    with warnings.catch_warnings():
        cast_warnings_are_errors()
        for mode, pairs in MODE_PAIRS:
            with wnp.promotion_mode(mode):
                for la, a, lb, b in pairs:
                    want = outcome(fn, a, b)
                    n += 1
                    for pname, p in paths.items():
                        if pname == "reflected" and not isinstance(b, wnp.Array):
                            continue
                        got = outcome(p, a, b)
                        n += 1
                        if got != want:
                            bad.append(f"[{mode}] {op.name}({la}, {lb}): {pname} gives "
                                       f"{_show(got)}, wnp.{op.name} {_show(want)}")
                    if iop is not None and isinstance(a, wnp.Array):
                        n += 1
                        bad += _check_inplace(op, iop, mode, la, a, lb, b, want)
    return n, bad


def _check_inplace(op, iop, mode, la, a, lb, b, want):
    c = wnp.Array._new(a._data.copy(), a.weak_type)
    before = c._data.tobytes()
    got = outcome(lambda: iop(c, b))
    where = f"[{mode}] {op.name}({la}, {lb}): in-place"
    fits = want[0] == "ok" and want[1] == D.dtype_name(a.dtype) and want[3] == a.shape
    if fits:
        if got != want:
            return [f"{where} gives {_show(got)}, wnp.{op.name} {_show(want)}"]
        return []
    if got[0] != "raise":
        return [f"{where} gives {_show(got)} although wnp.{op.name} gives {_show(want)}"]
    if want[0] == "raise" and got[1] != want[1] and got[1] not in ("TypeError", "ValueError"):
        return [f"{where} raises {got[1]}, wnp.{op.name} {want[1]}"]
    if c._data.tobytes() != before:
        return [f"{where} raised {got[1]} but changed its left operand"]
    return []


@pytest.mark.parametrize("op", BINARY, ids=lambda op: op.name)
def test_binary_spellings_agree(op):
    n, bad = _check_binary(op)
    assert n > 1000
    assert not bad, f"{len(bad)} of {n} cases differ:\n" + "\n".join(bad)


_UNARY_OPERATOR = {"neg": operator.neg, "pos": operator.pos, "abs": operator.abs,
                   "invert": operator.invert}


def _unary_numpy(op):
    if isinstance(op.ufunc, np.ufunc):
        return op.ufunc
    return {"real": np.real, "imag": np.imag, "round": np.round}[op.name]


@pytest.mark.parametrize("op", UNARY, ids=lambda op: op.name)
def test_unary_spellings_agree(op):
    fn = getattr(wnp, op.name)
    paths = {"numpy": _unary_numpy(op)}
    if op.stem is not None:
        paths["operator"] = _UNARY_OPERATOR[op.stem]
    bad = []
    n = 0
    with warnings.catch_warnings():
        cast_warnings_are_errors()
        for mode in MODES:
            with wnp.promotion_mode(mode):
                for label, a in OPERANDS:
                    want = outcome(fn, a)
                    n += 1
                    if not isinstance(a, wnp.Array):
                        # a Python scalar is its weak 0-d array
                        got = outcome(fn, _weak(a) if type(a) is not bool else
                                      wnp.asarray(a))
                        n += 1
                        if got != want:
                            bad.append(f"[{mode}] {op.name}({label}) gives {_show(want)}, "
                                       f"as a 0-d array {_show(got)}")
                        continue
                    for pname, p in paths.items():
                        got = outcome(p, a)
                        n += 1
                        if got != want:
                            bad.append(f"[{mode}] {op.name}({label}): {pname} gives "
                                       f"{_show(got)}, wnp.{op.name} {_show(want)}")
    assert n > 100
    assert not bad, f"{len(bad)} of {n} cases differ:\n" + "\n".join(bad)


def test_the_grid_covers_every_dtype_and_operand_kind():
    labels = [label for label, _ in OPERANDS]
    assert len(labels) == len(D.ALL_DTYPES) + 6 + 5 + 4
    assert {type(v) for _, v in OPERANDS} >= {wnp.Array, bool, int, float, complex}
    assert [m for m, _ in MODE_PAIRS] == list(MODES)
    assert all(pairs for _, pairs in MODE_PAIRS)
