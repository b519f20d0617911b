"""``Array``'s methods that are namespace functions (``_fast.calls.Method``): compiled, the
type is a method descriptor, so ``x.ravel()`` is the function called with ``x`` first
without a bound method; every spelling gives what the function gives (values, dtype,
weak flag, shared memory, errors), in both builds."""

import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

import weaknp as wnp
from weaknp._fast.calls import COMPILED, Method

from tests.support import same_array

_METHOD_DESCRIPTOR = 1 << 17   # CPython's Py_TPFLAGS_METHOD_DESCRIPTOR


def _descriptor(name):
    for cls in type(wnp.asarray([1.0])).__mro__:
        if name in cls.__dict__:
            return cls.__dict__[name]
    raise KeyError(name)


def test_the_flag_is_set_in_the_compiled_build_only():
    assert bool(Method.__flags__ & _METHOD_DESCRIPTOR) is COMPILED


CASES = [("ravel", (), {}), ("ravel", ("F",), {}), ("ravel", (), {"order": "F"}),
         ("squeeze", (), {}), ("squeeze", (0,), {}), ("squeeze", (), {"axis": 0}),
         ("swapaxes", (0, 2), {}), ("swapaxes", (-1, 0), {}),
         ("transpose", (), {}), ("transpose", (2, 0, 1), {}), ("transpose", ((1, 0, 2),), {}),
         ("trace", (), {}), ("trace", (1,), {}), ("trace", (0, 1, 2), {"dtype": "float64"}),
         ("sum", (), {}), ("sum", (1,), {"keepdims": True}), ("max", (), {"axis": 2}),
         ("diagonal", (), {}), ("cumsum", (0,), {})]


def _arrays():
    yield wnp.asarray(np.arange(12, dtype=np.float32).reshape(1, 3, 4))
    yield wnp.asarray(np.arange(12, dtype=np.int8).reshape(1, 4, 3))
    yield wnp.full((1, 2, 2), 1.5)   # weak


@pytest.mark.parametrize("name,args,kwargs", CASES, ids=str)
def test_method_is_the_function(name, args, kwargs):
    for x in _arrays():
        data = np.asarray(x)
        r_method = getattr(x, name)(*args, **kwargs)
        r_bound = getattr(x, name)
        r_desc = _descriptor(name)(x, *args, **kwargs)
        r_fn = getattr(wnp.Array, name)(x, *args, **kwargs)   # the function itself
        want = getattr(data, name)(*args, **kwargs)
        if name == "transpose" and not args:   # the function and the method agree
            want = data.transpose()
        for r in (r_method, r_bound(*args, **kwargs), r_desc):
            same_array(r, np.asarray(r_fn), weak=r_fn.weak_type)
            assert np.shares_memory(np.asarray(r), data) == np.shares_memory(
                np.asarray(r_fn), data)
        if name not in ("trace", "sum", "max", "cumsum"):   # NumPy's own values and dtype
            same_array(r_method, want, weak=x.weak_type)


def test_views_record_their_base():
    x = wnp.asarray(np.arange(6.0).reshape(2, 3).copy())
    assert x.ravel().base is x and x.transpose().base is x and x.swapaxes(0, 1).base is x
    x.ravel()[0] = 7.0
    assert float(x[0, 0]) == 7.0


@pytest.mark.parametrize("call", [
    lambda x: x.swapaxes(5, 0), lambda x: x.sum(foo=1), lambda x: x.squeeze(0),
    lambda x: x.transpose(0, 0), lambda x: x.ravel("Q"), lambda x: x.trace(None, None),
    lambda x: x.sum(axis=2**70), lambda x: x.ravel(order=None, extra=1)])
def test_errors_are_the_functions(call):
    x = wnp.asarray(np.arange(6.0).reshape(2, 3))
    with pytest.raises(Exception) as got:
        call(x)
    name = call.__code__.co_names[0]
    fn = getattr(wnp.Array, name)
    with pytest.raises(got.type) as want:
        call(type("X", (), {name: lambda self, *a, **k: fn(x, *a, **k)})())
    assert str(got.value) == str(want.value)


def test_descriptor_access_and_pickle():
    x = wnp.asarray(np.arange(3.0))
    assert wnp.Array.ravel is wnp.ravel and wnp.Array.sum is wnp.sum
    assert x.ravel.__self__ is x and x.ravel.__func__ is wnp.ravel
    assert pickle.loads(pickle.dumps(wnp.Array.ravel)) is wnp.ravel
    same_array(pickle.loads(pickle.dumps(x.sum))(), np.asarray(3.0))
    with pytest.raises(TypeError):
        _descriptor("sum")()   # no array: the function's own TypeError


def test_hostile_descriptors_raise_never_crash():
    code = (
        "from weaknp._fast.calls import Method\n"
        "import weaknp\n"
        "m = Method('f', None)\n"
        "class H:\n"
        "    pass\n"
        "H.loop = Method('loop', lambda name: H.loop)\n"
        "H.m = m\n"
        "H.none = Method('none', lambda name: None)\n"
        "for f in (lambda: H().m(), lambda: H().loop(), lambda: H().none(1, k=2),\n"
        "          lambda: m(1), lambda: Method(1, 2)(3)):\n"
        "    try:\n"
        "        f()\n"
        "    except (TypeError, RecursionError) as e:\n"
        "        print(type(e).__name__)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**os.environ}, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["TypeError", "RecursionError", "TypeError", "TypeError",
                                "TypeError"]
