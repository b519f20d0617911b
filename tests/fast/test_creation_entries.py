"""The compiled core's creation entries: ``as_array`` (``asarray`` of an Array or ndarray
with nothing to change), ``empty_call`` and ``empty_like_call``: each common call takes
the entry and gives what the general path gives (dtype, weak flag, shape, strides, the
same memory where asarray keeps it); every other call, hostile ones included, is the
general path's (same result or same exception type and message), in every mode."""

import warnings

import numpy as np
import pytest

import weaknp as wnp
from weaknp._api import creation as C
from weaknp._core.config import MODES
from weaknp._fast.calls import as_array, empty_call, empty_like_call


def _seen(f, *args, **kwargs):
    """dtype, weak flag, shape and strides of the result, or the exception and message
    (warnings recorded too)."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = f(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - the exception is the outcome
            return ("raise", type(e).__name__, str(e), [str(x.message) for x in w])
    d = r._data
    return (str(d.dtype), r.weak_type, d.shape, d.strides, [str(x.message) for x in w])


def test_as_array():
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    assert as_array(x) is x and wnp.asarray(x) is x
    n = np.arange(3, dtype=np.uint16)
    r = as_array(n)
    assert r._data is n and r.dtype == np.uint16 and not r.weak_type
    assert wnp.asarray(n)._data is n and wnp.asanyarray(n)._data is n
    for other in [n.astype(">u2"), n.view(np.recarray), np.asarray(["a"]), [1, 2], 3, 2.5,
                  None, "text", np.float32(1), wnp.ma.masked_array([1, 2], mask=[0, 1]),
                  np.asarray([object()], dtype=object), np.ma.masked_array([1, 2])]:
        assert as_array(other) is None, other


def test_asarray_of_arrays_unchanged():
    n = np.arange(6, dtype=np.float32).reshape(2, 3)
    for a in (n, n.T, n[:, ::2], wnp.asarray(n), wnp.full((2,), 1.5)):
        for f in (wnp.asarray, wnp.asanyarray, wnp.ascontiguousarray, wnp.asfortranarray,
                  wnp.require):
            r = f(a)
            want = np.asarray(a) if f in (wnp.asarray, wnp.asanyarray) else getattr(
                np, f.__name__)(np.asarray(a))
            assert r.dtype == want.dtype and r.shape == want.shape
            assert r._data.strides == want.strides, (f.__name__, a)
            assert r.weak_type == (isinstance(a, wnp.Array) and a.weak_type)
    with pytest.raises(TypeError, match="asarray"):
        wnp.asarray(np.asarray([object()], dtype=object))


SHAPES = [0, 3, (), (2, 3), (0, 4), [2, 3], -1, (2, -1), (2.0,), 2.0, True, (True, 2),
          np.int64(3), (np.int8(2),), "3", None, (2**40, 2**40), 2**70, (1,) * 40]
DTYPES = [None, wnp.float32, np.float32, np.dtype("int8"), "uint16", "f2", "bfloat16",
          bool, int, float, complex, wnp.int64, "int64", np.float64, "U3", "datetime64[s]",
          object, "nonsense", [("x", "i4")], np.dtype([("x", "i4")])]


@pytest.mark.parametrize("mode", MODES)
def test_empty_entry_equals_the_general_path(mode):
    with wnp.promotion_mode(mode):
        for shape in SHAPES:
            for dtype in DTYPES:
                for order, device in [("C", None), ("F", None), ("K", None), ("C", "cpu"),
                                      ("C", "gpu")]:
                    got = _seen(wnp.empty, shape, dtype, order, device=device)
                    want = _seen(C._empty, shape, dtype, order, device)
                    assert got == want, (shape, dtype, order, device)
                    if got[0] != "raise":
                        again = _seen(wnp.empty, shape, dtype, order, device=device)
                        assert again == want   # the second call: from the table


def test_empty_common_call_takes_the_entry():
    core = C._EMPTY
    general = core.general

    def refused(*args):
        raise AssertionError("the general path was called")

    core.general = refused
    try:
        for shape, dtype in [(3, None), ((2, 3), wnp.float32), ((), "int8"), (0, bool)]:
            r = wnp.empty(shape, dtype)
            assert r.shape == ((shape,) if type(shape) is int else shape)
    finally:
        core.general = general
    r = wnp.empty((2, 3), wnp.int16)
    assert (r.dtype, r.weak_type, r.shape) == (np.int16, False, (2, 3))
    assert wnp.empty(2).dtype == np.float64


def test_empty_of_a_mutated_spelling_is_read_again():
    spelling = [("x", "i4")]
    a = wnp.empty(2, spelling)
    spelling.append(("y", "f8"))
    b = wnp.empty(2, spelling)
    assert a.dtype.names == ("x",) and b.dtype.names == ("x", "y")


def test_empty_like_entry_equals_the_general_path():
    n = np.arange(6, dtype=np.int8).reshape(2, 3)
    protos = [wnp.asarray(n), wnp.asarray(n.T), wnp.full((2, 2), 1.5), wnp.asarray(2.5),
              wnp.asarray(np.asarray(["ab"])), n, [1, 2], 3, None, "x",
              wnp.ma.masked_array([1, 2], mask=[0, 1])]
    for p in protos:
        for kwargs in [{}, {"dtype": "int16"}, {"order": "C"}, {"order": "F"},
                       {"shape": (4,)}, {"device": "cpu"}, {"device": "gpu"},
                       {"subok": False}]:
            got = _seen(wnp.empty_like, p, **kwargs)
            args = {"dtype": None, "order": "K", "subok": True, "shape": None,
                    "device": None, **kwargs}
            want = _seen(C._empty_like, p, args["dtype"], args["order"], args["subok"],
                         args["shape"], args["device"])
            assert got == want, (p, kwargs)
    x = wnp.full((2, 3), 1.5)
    r = empty_like_call(lambda *a: "general", x, None, "K", True, None, None)
    assert (r.dtype, r.weak_type, r.shape, r._data.base) == (np.float64, True, (2, 3), None)
    assert empty_like_call(lambda *a: "general", x, None, "C", True, None, None) == "general"


def test_hostile_entry_arguments():
    with pytest.raises(TypeError):
        empty_call(None, 3, None, "C", None)   # not a CallCore: both builds refuse it
    assert empty_like_call(lambda *a: a[0], object(), None, "K", True, None, None) is not None
    with pytest.raises(TypeError):
        empty_call(wnp.transpose, 3, None, "C", None)


def test_hostile_moving_call_arguments():
    from weaknp._fast.calls import moving_call
    for f, args, kwargs in [(None, (), {}), (wnp.empty, (1,), {}), (wnp.transpose, None, {}),
                            (wnp.transpose, [wnp.asarray([1])], {})]:
        with pytest.raises(TypeError):
            moving_call(f, args, kwargs)
    x = wnp.asarray([[1, 2]])
    assert moving_call(wnp.transpose, (x,), {}).shape == (2, 1)
    assert moving_call(wnp.transpose, (x,), None).shape == (2, 1)   # None: no keywords
    with pytest.raises(TypeError):
        moving_call(wnp.transpose, (x, 1, 2, 3, 4), None)   # the general path's ** None


@pytest.mark.parametrize("core", [None, wnp.transpose, object()])
def test_where_and_reduce_entries_refuse_a_non_core(core):
    # compiled, a typed CallCore argument lets None through: the entries check it (it
    # crashed the interpreter); both builds refuse anything else with TypeError
    from weaknp._fast.calls import reduce_call, where_call
    x = wnp.asarray([1.0, 2.0])
    with pytest.raises(TypeError, match="CallCore"):
        where_call(core, x > 1, x, x)
    with pytest.raises(TypeError, match="CallCore"):
        reduce_call(core, x, None, None, None, False, None, True)
