"""The dispatch core's entries of function calls (``where``, the reductions): for every
strong dtype (pair) in every built-in mode, the entry gives exactly what the function's
general path gives (dtype, weak flag, shape, bytes, or the exception type), and the common
call does take the entry."""

import numpy as np
import pytest
from support import no_cast_warnings, outcome  # noqa: F401 - an autouse fixture

import weaknp as wnp
from weaknp._core import dtypes as D
from weaknp._api import reduce as _reduce
from weaknp._api import searching as _searching
from weaknp._fast import calls as _calls
from weaknp._core.config import MODES, get_mode
from weaknp._core.lattice import STRONG_NODE, Node

DTYPES = list(D.ALL_DTYPES)
N = len(Node)


def _array(values, dt):
    with np.errstate(all="ignore"):
        return wnp.asarray(np.asarray(values).astype(dt))


@pytest.mark.parametrize("mode", MODES)
def test_where_entries_equal_the_general_path(mode):
    c = wnp.asarray([True, False, True])
    xs = [_array([1, 0, 1], dt) for dt in DTYPES]
    ys = [_array([0, 1, 0], dt) for dt in DTYPES]
    with wnp.promotion_mode(mode):
        for x in xs:
            for y in ys:
                assert outcome(wnp.where, c, x, y) == outcome(_searching._where, c, x, y), (
                    mode, x.dtype, y.dtype)
        flat = _searching._WHERE.caches[get_mode()]
    i8, u8, f32 = STRONG_NODE[D.int8], STRONG_NODE[D.uint8], STRONG_NODE[D.float32]
    if mode == "standard":   # int8 with uint8 joins at int16: both operands are cast
        e = flat[i8 * N + u8]
        assert (e.cast_a, e.cast_b, e.out_node) == (D.int16, D.int16, Node.int16)
    e = flat[f32 * N + f32]
    assert (e.cast_a, e.cast_b, e.out_node) == (None, None, Node.float32)


SCALARS = [0, 1, -1, 300, -129, 70000, 2**63, 2**70, 1.5, -2.5e9, 1e300, float("nan"),
           float("inf"), True, 2j, wnp.asarray(3), wnp.asarray(1.5)]


@pytest.mark.parametrize("mode", ["standard", "strict", "jax-x32"])
def test_where_with_a_scalar_equals_the_general_path(mode):
    c = wnp.asarray([True, False])
    with wnp.promotion_mode(mode):
        for dt in DTYPES:
            x = _array([1, 0], dt)
            for s in SCALARS:
                for args in ((c, x, s), (c, s, x)):
                    assert outcome(wnp.where, *args) == outcome(_searching._where, *args), (
                        mode, dt, s)
        flat = _searching._WHERE.caches[get_mode()]
    e = flat[STRONG_NODE[D.int8] * N + Node.weak_int]   # int8 with a Python int: int8
    assert (e.b_types, e.b_lo, e.b_hi, e.out_node) == (frozenset({int}), -128, 127, Node.int8)


def test_where_outside_the_entries_takes_the_general_path():
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    c = wnp.asarray([True, False])
    assert wnp.where(c, x, 0).tolist() == [1, 0]                     # a Python scalar
    assert wnp.where(np.asarray([1, 0]), x, x).tolist() == [1, 2]     # an int condition
    assert wnp.where(c, wnp.asarray(7), x).weak_type is False         # weak with strong
    with pytest.raises(OverflowError):
        wnp.where(c, x, 300)
    with pytest.raises(ValueError, match="where"):                    # shapes: its message
        wnp.where(wnp.asarray([True, False, True]), x, x)
    assert wnp.where(wnp.asarray([0, 3]))[0].tolist() == [1]         # one argument: nonzero


FUNCTIONS = ["sum", "prod", "max", "min", "amax", "mean", "all", "any", "var", "nansum"]
CALLS = [(None, None, False), (0, None, False), (1, None, True), ((0, 1), None, False),
         (None, "float32", False), (0, wnp.int16, True), (None, "complex64", False)]


@pytest.mark.parametrize("mode", MODES)
def test_reduction_entries_equal_the_general_path(mode):
    arrays = [_array([[1, 0, 3], [2, 1, 1]], dt) for dt in DTYPES]
    with wnp.promotion_mode(mode):
        for function in FUNCTIONS:
            for x in arrays:
                for axis, dtype, keepdims in CALLS:
                    fast = outcome(_reduce.reduction, function, x, axis, dtype, None, keepdims)
                    slow = outcome(_reduce._reduction, function, x, axis, dtype, None,
                                   keepdims, _reduce.NOVALUE, True, {})
                    assert fast == slow, (mode, function, x.dtype, axis, dtype, keepdims)


def test_x_sum_takes_the_entry_of_its_node():
    x = wnp.asarray([1, 2, 3], dtype=wnp.int8)
    core = _reduce.CORES["sum"]
    with wnp.promotion_mode("jax-x32"):
        r = x.sum()
        e = core.caches["jax-x32"][Node.int8]
    assert (r.dtype, r.weak_type, r.item()) == (np.dtype("int32"), False, 6)
    assert (e.dtype, e.out_node) == (D.int32, Node.int32)
    # the weak array's entry is its dtype's; the result is strong
    assert wnp.asarray(2.5).sum().weak_type is False
    # empty arrays, out=, where= and initial= take the general path
    assert wnp.max(wnp.asarray([], dtype=wnp.int8), initial=3).item() == 3
    with pytest.raises(ValueError, match="max: the reduction of an empty array"):
        wnp.asarray([], dtype=wnp.int8).max()


def test_reshape_core_equals_the_general_path_and_keeps_numpys_signature():
    import inspect

    from weaknp._api import manipulation as _manipulation

    arrays = [wnp.arange(6, dtype=wnp.int8), wnp.asarray(np.ones((2, 3)) * 1.5).T,
              wnp.asarray(2.5), wnp.full(4, 1.5), wnp.asarray(np.arange(6.0))[::2]]
    shapes = [(2, 3), (3, -1), -1, 6, (1, -1), (), (4, -1), 2.5, (2, 2.0), None]
    for x in arrays:
        for s in shapes:
            slow = outcome(_manipulation._reshape, x, s, "C", None)
            assert outcome(wnp.reshape, x, s) == slow, (x, s)
            assert outcome(x.reshape, s) == slow, (x, s)
            if type(s) is tuple:
                assert outcome(x.reshape, *s) == slow, (x, s)
    r = arrays[0].reshape(2, 3)
    assert np.shares_memory(r._data, arrays[0]._data)       # a view, as NumPy's
    assert wnp.full(4, 1.5).reshape(2, 2).weak_type            # the operand's node
    assert str(inspect.signature(wnp.Array.reshape)) == "(self, /, *shape, order='C', copy=None)"
    try:                          # NumPy < 2.4's ndarray.reshape has no text signature
        numpys = inspect.signature(np.ndarray.reshape)
    except ValueError:
        numpys = None
    assert numpys in (None, inspect.signature(wnp.Array.reshape))


def test_reshape_of_an_array_unpickled_before_the_namespace_loaded():
    # x.reshape's general path lives in a section loaded on first use of a namespace name
    import os
    import pathlib
    import pickle
    import subprocess
    import sys

    src = str(pathlib.Path(wnp.__file__).resolve().parents[1])
    code = ("import pickle, sys\nx = pickle.loads(sys.stdin.buffer.read())\n"
            "print(x.reshape(2, 3).shape)\ntry:\n    x.reshape(4, -1)\n"
            "except ValueError as e:\n    print(str(e).split(';')[0])\n")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(wnp.arange(6)),
                         capture_output=True, check=True,
                         env={**os.environ, "PYTHONPATH": src}).stdout.decode().splitlines()
    assert out == ["(2, 3)", "reshape: cannot reshape array of size 6 into shape (4,newaxis)"]


# ---------------------------------------------------------------------------------------
# Calling a ufunc object: the compiled build's vectorcall and the ``__call__`` body.

_Py_TPFLAGS_HAVE_VECTORCALL = 1 << 11


_OUT = "a fresh float32 out= array"   # replaced per call: the two calls must not share it


def _call_forms():
    x = wnp.asarray([1, -2, 3], dtype=wnp.int8)
    f = wnp.asarray([0.5, 2.0, -1.0], dtype=wnp.float32)
    w = wnp.asarray(2.5)   # a weak float
    for name in ("add", "multiply", "less", "maximum", "exp", "negative", "sqrt"):
        u = getattr(wnp, name)
        two = u.nin == 2
        forms = [((x, 3), {}), ((f, w), {}), ((3, 2.5), {}), ((x, 300), {}), ((x, [1, 2, 3]), {}),
                 ((np.arange(3, dtype=np.int16), x), {}), ((x, x), {"dtype": wnp.int16}),
                 ((x, f), {"out": wnp.zeros(3, dtype=wnp.float64)}), ((x,), {}), ((), {}),
                 ((x, x, x, x), {}), ((x, x), {"bogus": 1}), ((x, "a"), {})] if two else [
                 ((x,), {}), ((f,), {}), ((w,), {}), ((2,), {}), ((2.5,), {}), (([1, 4],), {}),
                 ((np.arange(3.0),), {}), ((f,), {"out": wnp.zeros(3, dtype=wnp.float32)}),
                 ((f,), {"dtype": wnp.float64}), ((f, _OUT), {}), ((), {}), (("a",), {}),
                 ((f,), {"where": wnp.asarray([True, False, True]), "out": wnp.ones(3)})]
        for args, kwargs in forms:
            yield pytest.param(name, args, kwargs, id=f"{name}{len(args)}-{sorted(kwargs)}")


def _outcome_of(call):
    r = outcome(call)
    if r[0] == "ok":
        return r
    try:
        call()
    except Exception as e:  # noqa: BLE001 - the message is part of the outcome
        return r + (str(e),)
    return r


@pytest.mark.parametrize("name, args, kwargs", list(_call_forms()))
def test_a_ufunc_call_equals_its_call_method(name, args, kwargs):
    # ``u(...)`` is CPython's vectorcall of the compiled build (its C entry); calling the
    # type's ``__call__`` goes through ``tp_call``: the Python-level body.  Same outcome,
    # message included, and an ``out=`` filled the same way.
    u = getattr(wnp, name)

    def fresh():   # the arguments with their own out= arrays
        a = [wnp.zeros(3, dtype=wnp.float32) if v is _OUT else v for v in args]
        k = {n: (wnp.asarray(v, copy=True) if n == "out" else v) for n, v in kwargs.items()}
        return a, k

    with np.errstate(all="ignore"):
        (a1, k1), (a2, k2) = fresh(), fresh()
        by_vectorcall = _outcome_of(lambda: u(*a1, **k1))
        by_tp_call = _outcome_of(lambda: type(u).__call__(u, *a2, **k2))
    assert by_vectorcall == by_tp_call
    outs = [(v1, v2) for v1, v2 in zip(a1 + list(k1.values()), a2 + list(k2.values()))
            if isinstance(v1, wnp.Array)]
    for v1, v2 in outs:   # an out= filled the same way, operands left the same
        assert outcome(lambda: v1) == outcome(lambda: v2)


def test_ufunc_objects_are_called_by_vectorcall_in_the_compiled_build():
    flags = type(wnp.add).__flags__
    assert bool(flags & _Py_TPFLAGS_HAVE_VECTORCALL) is wnp.__compiled__

    class Mine(wnp.ufunc):   # overriding __call__ keeps Python's call
        def __call__(self, *args, **kwargs):
            return "mine"

    assert not Mine.__flags__ & _Py_TPFLAGS_HAVE_VECTORCALL
    m = Mine.__new__(Mine)
    assert m(1) == "mine"


def test_a_replaced_ufunc_call_method_is_honoured_and_restored(monkeypatch):
    """Replacing ``weaknp.ufunc.__call__`` after import (as ``weaknp.audit`` does) reaches
    every call, the vectorcall ones included; removing it restores the core's call."""
    x = wnp.asarray([1.0, 2.0], dtype=wnp.float32)
    seen = []
    original = wnp.ufunc.__call__

    def spy(self, *args, **kwargs):
        seen.append((self.__name__, len(args), sorted(kwargs)))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(wnp.ufunc, "__call__", spy)
    assert wnp.exp(x).dtype == wnp.float32
    wnp.add(x, 1)
    wnp.add(x, 1, dtype=wnp.float64)
    assert seen == [("exp", 1, []), ("add", 2, []), ("add", 2, ["dtype"])]
    monkeypatch.undo()
    assert wnp.exp(x).dtype == wnp.float32 and len(seen) == 3
    # CPython 3.12+ drops the vectorcall flag when __call__ is set: registering the class
    # again gives it back once __call__ is the core's (weaknp.audit no longer patches it)
    _calls.register_ufunc_type(wnp.ufunc)
    assert bool(type(wnp.exp).__flags__ & _Py_TPFLAGS_HAVE_VECTORCALL) is wnp.__compiled__


def test_the_observer_sees_operators_and_positional_ufunc_calls():
    """``calls.set_observer``: ``binary``/``unary``/``inplace``/``positional_call`` hand the
    call to the observer; its non-None answer is the result, None lets the call run."""
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    seen = []

    def observer(where, core, a, b, flag):
        seen.append((where, getattr(core, "name", None) or core.__name__, flag))
        return "observed" if where == "unary" else None

    _calls.set_observer(observer)
    try:
        assert _calls.observer() is observer
        y = x + 1
        z = 1 - x
        w = -x
        x *= 2
        v = wnp.add(x, x)   # the ufunc's call, then the core's binary it runs
    finally:
        _calls.set_observer(None)
    assert seen == [("binary", "add", False), ("binary", "subtract", True),
                    ("unary", "negative", False), ("inplace", "multiply", False),
                    ("ufunc", "add", 2), ("binary", "add", False)]
    assert w == "observed"
    assert y.dtype == z.dtype == v.dtype == wnp.int8
    assert np.asarray(y).tolist() == [2, 3] and np.asarray(z).tolist() == [0, -1]
    assert np.asarray(v).tolist() == [4, 8]
    assert _calls.observer() is None
    assert np.asarray(-x).tolist() == [-2, -4]
