"""``_fast.calls.Quick``: ``asarray``, ``asanyarray``, ``ascontiguousarray``, ``empty`` and
``empty_like`` as compiled callables (no Python frame on their common call) and ``x.T`` /
``x.mT`` as the compiled core's properties.  Each gives what its Python body
(``__wrapped__``) gives -- the same result, or the same exception type and message -- on
ordinary and hostile calls, with the function's face (name, signature, pickling, NEP 18)
unchanged; expected values are NumPy's."""

import inspect
import pickle

import numpy as np
import pytest

import weaknp as wnp
from weaknp._api import creation as C
from weaknp._fast.dispatch import matrix_transposed, transposed
from weaknp._fast.calls import (QUICK_ASANY, QUICK_ASARRAY, QUICK_CONTIGUOUS, QUICK_EMPTY,
                                QUICK_EMPTY_LIKE, Quick, quick, quick_call)

QUICKS = {"asarray": QUICK_ASARRAY, "asanyarray": QUICK_ASANY,
          "ascontiguousarray": QUICK_CONTIGUOUS, "empty": QUICK_EMPTY,
          "empty_like": QUICK_EMPTY_LIKE}


def _seen(f, *args, **kwargs):
    """The result's dtype, weak flag, shape, strides and memory, or the exception's type
    and message."""
    try:
        r = f(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - the exception is the outcome
        return ("raise", type(e).__name__, str(e))
    d = r._data
    return (str(d.dtype), r.weak_type, d.shape, d.strides, type(r).__name__)


@pytest.mark.parametrize("name", sorted(QUICKS))
def test_the_function_face(name):
    f = getattr(wnp, name)
    assert type(f) is Quick and f.kind == QUICKS[name]
    g = f.__wrapped__
    assert inspect.signature(f) == inspect.signature(g)
    assert (f.__name__, f.__qualname__, f.__module__, f.__doc__) == (
        g.__name__, g.__qualname__, g.__module__, g.__doc__)
    assert f.__name__ == name and f.__doc__
    assert pickle.loads(pickle.dumps(f)) is f
    assert repr(f) == f"<function {f.__module__}.{f.__qualname__}>"


def test_signatures_are_numpy_s_where_they_were():
    assert list(inspect.signature(wnp.asarray).parameters) == [
        "a", "dtype", "order", "device", "copy", "like"]
    assert str(inspect.signature(wnp.empty)) == \
        "(shape, dtype=None, order='C', *, device=None, like=None)"
    assert list(inspect.signature(wnp.empty_like).parameters) == [
        "prototype", "dtype", "order", "subok", "shape", "device"]


def test_nep18_and_methods():
    x = wnp.asarray([[1, 2, 3]], dtype=wnp.int8)
    assert type(np.asarray(x)) is np.ndarray and np.asarray(x).dtype == np.int8
    assert np.empty_like(x).dtype == np.int8 and type(np.empty_like(x)) is wnp.Array
    assert type(np.ascontiguousarray(x)) is np.ndarray   # a NumPy builtin: not dispatched


def test_common_calls_give_numpy_s_answers():
    n = np.arange(6, dtype=np.float32).reshape(2, 3)
    x = wnp.asarray(n)
    assert x._data is n and x.dtype == np.float32 and not x.weak_type
    assert wnp.asarray(x) is x and wnp.asanyarray(x) is x and wnp.ascontiguousarray(x) is x
    t = wnp.ascontiguousarray(x.T)   # a copy, as NumPy's
    assert t._data.flags.c_contiguous and t._data.tolist() == [[0, 3], [1, 4], [2, 5]]
    s = wnp.asarray(2.5)
    assert s.weak_type and wnp.ascontiguousarray(s).shape == (1,)   # NumPy: at least 1-D
    assert wnp.asarray([1, 2]).dtype == np.int64 and wnp.asarray((1.5,)).dtype == np.float64
    assert wnp.asarray([["a", "bc"]]).dtype == np.dtype("<U2")   # the general conversion
    e = wnp.empty((2, 3), wnp.int16)
    assert (e.dtype, e.shape, e.weak_type) == (np.int16, (2, 3), False)
    assert wnp.empty(4, dtype=wnp.uint8, order="F").dtype == np.uint8
    assert wnp.empty((2, 2), None, "F")._data.flags.f_contiguous
    assert wnp.empty(3, device="cpu").dtype == np.float64
    el = wnp.empty_like(wnp.full((2, 2), 1.5))
    assert (el.dtype, el.shape, el.weak_type) == (np.float64, (2, 2), True)


HOSTILE = [None, 3, 2**70, -1, "x", b"x", 1.5, object(), [1, [2]], [[1], [2, 3]], (),
           np.asarray([object()], dtype=object), np.asarray(3), np.int8(5), np.ma.masked_array([1]),
           np.arange(3).view(np.recarray), np.arange(3, dtype=">i4"), wnp.asarray(1.5)[()],
           np.datetime64("2020"), (2**40, 2**40), (-1,), (1,) * 40, [2**70], {"a": 1}]


@pytest.mark.parametrize("name", sorted(QUICKS))
@pytest.mark.parametrize("i", range(len(HOSTILE)))
def test_hostile_positional_calls_are_the_python_body_s(name, i):
    f = getattr(wnp, name)
    v = HOSTILE[i]
    assert _seen(f, v) == _seen(f.__wrapped__, v)
    for extra in [(None,), (None, "C"), (None, None, None), (v,), (wnp.float32, v)]:
        assert _seen(f, v, *extra) == _seen(f.__wrapped__, v, *extra), extra


@pytest.mark.parametrize("name", sorted(QUICKS))
def test_keywords_and_many_arguments_are_the_python_body_s(name):
    f = getattr(wnp, name)
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    first = (3,) if name == "empty" else (x,)
    for args, kwargs in [((), {}), (first, {"dtype": wnp.int16}), (first, {"bogus": 1}),
                         (first, {"order": "F"}), (first, {"device": "gpu"}),
                         (first, {"like": x}), (first + (None,), {"dtype": wnp.int8}),
                         (first + (None, "C"), {"order": "C"}), (first * 7, {}),
                         ((), {"a": x}), ((), {"shape": 3}), ((), {"prototype": x}),
                         (first, {"copy": "yes"}), (first, {"dtype": "no such dtype"})]:
        assert _seen(f, *args, **kwargs) == _seen(f.__wrapped__, *args, **kwargs), (
            args, kwargs)


def test_subclasses_and_zero_d():
    class Sub(wnp.Array):
        pass

    m = wnp.ma.masked_array([1, 2], mask=[0, 1])
    assert type(wnp.asanyarray(m)) is type(m)
    assert type(wnp.asarray(m)) is wnp.Array
    z = wnp.asarray(np.float32(2))
    assert wnp.asarray(z) is z and wnp.ascontiguousarray(z).shape == (1,)
    assert wnp.empty(()).shape == () and wnp.empty_like(z).shape == ()
    assert issubclass(Sub, wnp.Array)


def test_quick_call_refuses_what_it_cannot_read():
    for f, args, kwargs in [(None, (), {}), (wnp.transpose, (1,), {}), (wnp.asarray, None, {}),
                            (wnp.asarray, [1], {})]:
        with pytest.raises(TypeError):
            quick_call(f, args, kwargs)
    x = wnp.asarray([1])
    assert quick_call(wnp.asarray, (x,), {}) is x
    assert quick_call(wnp.asarray, (x,), None) is x   # None: no keywords
    assert quick_call(wnp.empty, (2,), {"dtype": wnp.int8}).dtype == np.int8
    with pytest.raises(TypeError):
        quick_call(wnp.empty, (2,), {"dtype": wnp.int8, "bogus": 1})
    with pytest.raises(ValueError, match="kind"):
        Quick(99, len)
    with pytest.raises((ValueError, TypeError)):
        Quick("0", len)
    with pytest.raises(TypeError):
        Quick(0)
    q = Quick(QUICK_EMPTY, lambda *a, **k: ("general", a, k), None)   # no CallCore
    with pytest.raises(TypeError):
        q(3)
    assert q(3, foo=1) == ("general", (3,), {"foo": 1})
    r = quick(QUICK_ASANY, C.asarray.__wrapped__)
    assert r(x) is x and r([1, 2]).dtype == np.int64


@pytest.mark.parametrize("shape", [(2, 3), (4,), (), (2, 3, 4), (0, 2)])
def test_transposes_are_numpy_s_views(shape):
    strong = np.arange(int(np.prod(shape)), dtype=np.int16).reshape(shape)
    for n, x in [(strong, wnp.asarray(strong)), (np.full(shape, 3), wnp.full(shape, 3))]:
        assert x.weak_type == (n is not strong)
        t = x.T
        assert t._data.shape == n.T.shape and t._data.strides == x._data.T.strides
        assert t.weak_type == x.weak_type and t._base is x and t.dtype == x.dtype
        assert np.array_equal(np.asarray(t), n.T)
        if len(shape) < 2:
            with pytest.raises(ValueError, match=f"mT: needs at least 2 dimensions, got "
                                                 f"{len(shape)}"):
                x.mT
        else:
            m = x.mT
            assert np.array_equal(np.asarray(m), np.swapaxes(n, -1, -2))
            assert m._base is x and m.weak_type == x.weak_type
    assert isinstance(wnp.Array.T, property) and wnp.Array.T.__doc__ and wnp.Array.mT.__doc__
    for f, name in [(transposed, "T"), (matrix_transposed, "mT")]:
        for hostile in [None, 3, np.ones((2, 2)), object()]:
            with pytest.raises(TypeError, match=f"^{name}: expected a weaknp Array"):
                f(hostile)
