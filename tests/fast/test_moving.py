"""The compiled core's data-movement entry (``_fast.calls.Moving``): for every function
and method that has one, on arrays of several shapes, dtypes and weak flags and a spread
of simple arguments, the entry gives exactly what the function's Python body gives (dtype,
weak flag, shape, bytes, the ``.base`` record, or the exception type and message); the
common call takes the entry; hostile calls (no arguments, NumPy arrays, subclasses,
keywords, too many arguments, entries whose NumPy call misbehaves) go to the Python body."""

import inspect
import pickle

import numpy as np
import pytest

import weaknp as wnp
from weaknp._fast.calls import Moving

#: Every Moving of the namespaces (and ``Array.transpose``), by name.
MOVING = {**{name: getattr(wnp, name) for name in wnp.__all__
             if isinstance(getattr(wnp, name), Moving)},
          **{f"linalg.{name}": getattr(wnp.linalg, name) for name in wnp.linalg.__all__
             if isinstance(getattr(wnp.linalg, name), Moving)},
          "Array.transpose": wnp.Array.transpose}


def test_the_entries_exist():
    want = {"transpose", "ravel", "swapaxes", "diagonal", "squeeze", "permute_dims",
            "expand_dims", "flip", "moveaxis", "broadcast_to", "matrix_transpose", "fliplr",
            "flipud", "rot90", "rollaxis", "split", "array_split", "hsplit", "vsplit",
            "dsplit", "linalg.matrix_transpose", "Array.transpose"}
    assert want <= set(MOVING)
    assert all(isinstance(f, Moving) for f in MOVING.values())


def _arrays():
    yield wnp.asarray(np.float32(2.5))
    yield wnp.asarray(np.arange(3, dtype=np.int8))
    yield wnp.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
    yield wnp.full((1, 3), 1.5)   # weak
    yield wnp.asarray(np.arange(24, dtype=np.uint16).reshape(2, 1, 3, 4))
    yield wnp.asarray(np.ones((2, 2), bool))
    yield wnp.asarray(np.asarray([["a", "bc"], ["d", "e"]]))   # outside the lattice
    yield wnp.asarray(np.arange(12.0).reshape(3, 4))[:, ::2]   # a view of a view


ARGS = [(), (0,), (1,), (-1,), (2,), (5,), (-9,), (None,), ((1, 0),), ((0,),), ((),),
        ((0, 2, 1, 3),), ((0, 0),), ("F",), ("C",), ("x",), (0, 1), (1, 0), (-1, -2),
        (0, 0), (1, 2), (0, 1, 2), (2, 1, 0), (0, -1, 1), ((2, 3),), ((1, 3),),
        ((2, 1, 3),), (1, (0,)), ((0,), (1,))]


def _seen(f, *args):
    """Everything a call does: per Array its dtype, weak flag, shape, bytes and whether
    its ``base`` is the input; or the exception's type and message."""
    try:
        r = f(*args)
    except Exception as e:  # noqa: BLE001 - the exception is the outcome
        return ("raise", type(e).__name__, str(e))
    return _described(r, args[0])


def _described(r, x):
    if isinstance(r, (list, tuple)):
        return (type(r).__name__, tuple(_described(v, x) for v in r))
    if not isinstance(r, wnp.Array):
        return ("not an Array", type(r).__name__)
    d = r._data
    return (str(d.dtype), r.weak_type, d.shape, d.tobytes(), r.base is x,
            r.base is None, d.flags.writeable)


@pytest.mark.parametrize("name", sorted(MOVING))
def test_entry_equals_the_general_path(name):
    f = MOVING[name]
    general = f.general
    for x in _arrays():
        for args in ARGS:
            assert _seen(f, x, *args) == _seen(general, x, *args), (name, x.shape,
                                                                     x.dtype, args)


@pytest.mark.parametrize("name", ["transpose", "ravel", "squeeze", "split",
                                  "matrix_transpose", "Array.transpose", "diagonal"])
def test_the_common_call_takes_the_entry(name):
    f = MOVING[name]
    x = wnp.asarray(np.arange(6, dtype=np.int8).reshape(2, 3))
    args = (2,) if name == "split" else ()
    general = f.general

    def refused(*args, **kwargs):
        raise AssertionError("the general path was called")

    f.general = refused
    try:
        r = f(x, *args)
    finally:
        f.general = general
    assert _described(r, x) == _described(general(x, *args), x)


def test_methods_are_the_functions():
    x = wnp.asarray(np.arange(6, dtype=np.int8).reshape(2, 3).copy())
    assert _described(x.transpose(1, 0), x) == _described(wnp.Array.transpose(x, 1, 0), x)
    assert x.transpose(1, 0).base is x and x.ravel().base is x
    for name in ("ravel", "swapaxes", "squeeze", "diagonal"):
        assert getattr(wnp.Array, name) is MOVING[name]
    assert x.diagonal().base is None   # a copy, not NumPy's read-only view


def test_known_values():
    x = wnp.asarray([[1, 2, 3]], dtype=wnp.int8)
    r = wnp.transpose(x)
    assert (r.dtype, r.shape, r.tolist(), r.base is x) == (np.int8, (3, 1), [[1], [2], [3]], True)
    r = wnp.ravel(wnp.full((2, 1), 1.5))
    assert (r.dtype, wnp.is_weakly_typed(r), r.tolist()) == (np.float64, True, [1.5, 1.5])
    parts = wnp.split(wnp.asarray([1, 2, 3, 4], dtype=wnp.uint8), 2)
    assert type(parts) is list and [p.tolist() for p in parts] == [[1, 2], [3, 4]]
    assert all(p.dtype == np.uint8 for p in parts)


def test_hostile_calls_take_the_general_path():
    x = wnp.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
    n = np.arange(6, dtype=np.float32).reshape(2, 3)
    cases = [
        (wnp.transpose,), (wnp.transpose, n), (wnp.transpose, n, (1, 0)),
        (wnp.transpose, [[1, 2]]), (wnp.transpose, 3), (wnp.transpose, None),
        (wnp.transpose, x, 1, 0), (wnp.transpose, x, (1, 0), None, None, None),
        (wnp.permute_dims, wnp.asarray([1, 2]), 0), (wnp.permute_dims, x, [1, 0]),
        (wnp.squeeze, x, True), (wnp.squeeze, x, np.int64(0)), (wnp.squeeze, x, [0]),
        (wnp.swapaxes, x, x, 1), (wnp.swapaxes, x, 0.0, 1), (wnp.swapaxes, x, "a", "b"),
        (wnp.split, x, [1]), (wnp.split, x, wnp.asarray([1])), (wnp.split, x, 4),
        (wnp.ravel, x, "Q"), (wnp.broadcast_to, x, (3, 2)), (wnp.broadcast_to, x, (-1,)),
        (wnp.expand_dims, x, (0, 0)), (wnp.flip, x, (0, 7)), (wnp.moveaxis, x, 0, 5),
        (wnp.Array.transpose, n), (wnp.Array.transpose, n, 1, 0),
        (wnp.Array.transpose, [[1, 2]]), (wnp.Array.transpose,),
        (wnp.diagonal, x, 0, 0, 0), (wnp.rot90, x, 1, (0, 0)),
        (wnp.transpose, x, (1, 0.5)), (wnp.transpose, x, (1, True)),
        (wnp.transpose, x, tuple(range(70))),
    ]
    for f, *args in cases:
        assert _seen(f, *args) == _seen(f.general, *args), (f.__name__, args)


def test_keywords_and_subclasses_take_the_general_path():
    x = wnp.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
    for f, kwargs in [(wnp.transpose, {"axes": (1, 0)}), (wnp.ravel, {"order": "F"}),
                      (wnp.squeeze, {"axis": 0}), (wnp.transpose, {"out": None}),
                      (wnp.ravel, {"out": x}), (wnp.diagonal, {"offset": 1})]:
        assert _seen(lambda a: f(a, **kwargs), x) == _seen(
            lambda a: f.general(a, **kwargs), x), (f.__name__, kwargs)
    m = wnp.ma.masked_array([[1, 2], [3, 4]], mask=[[0, 1], [0, 0]])
    for f in (wnp.transpose, wnp.ravel, wnp.squeeze):
        assert _seen(f, m) == _seen(f.general, m)


def test_a_misbehaving_numpy_call_takes_the_general_path():
    def general(a, *args):
        return "general"

    x = wnp.asarray([1, 2])
    for fn in (lambda d: 5, lambda d: np.float32(1), lambda d: [d, 3], lambda d: (d, None),
               lambda d: 1 / 0, lambda d, b: d, lambda d: "text"):
        f = Moving(fn, general)
        assert f(x) == "general"
    f = Moving(lambda d, *a: d, general, 1)
    assert f(x, 1, 2) == "general" and f(x, 1) .shape == (2,)
    assert Moving(lambda d: (d, d), general)(x)[1].base is None   # not views of x's data
    assert type(Moving(lambda d: (d, d[:1]), general)(x)) is tuple


def test_the_function_face():
    f = wnp.transpose
    assert inspect.signature(f) == inspect.signature(np.transpose)
    assert inspect.signature(wnp.squeeze) == inspect.signature(wnp.squeeze.general)
    assert f.__name__ == "transpose" and f.__module__ == "weaknp" and "Permute" in f.__doc__
    assert pickle.loads(pickle.dumps(f)) is f
    assert pickle.loads(pickle.dumps(wnp.squeeze)) is wnp.squeeze
    assert repr(f) == "<function weaknp.transpose>"
    assert np.transpose(wnp.asarray([[1, 2]], dtype=wnp.int8)).dtype == np.int8   # NEP 18
