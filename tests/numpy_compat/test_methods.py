"""ndarray-style methods and attributes of ``weaknp.Array``: values against the same
method on the NumPy array holding the same data; dtypes and weak flags literal."""

import numpy as np
import pytest

import weaknp as wnp

DATA = [[3, 1, 2], [6, 5, 4]]


def pair(dtype="int8"):
    return wnp.asarray(DATA, dtype=getattr(wnp, dtype)), np.asarray(DATA, dtype=dtype)


# (method call on x, dtype, weak) - the same call runs on the NumPy array for values
METHODS = [
    ("reshape(3, 2)", lambda x: x.reshape(3, 2), "int8", False),
    ("reshape((6,))", lambda x: x.reshape((6,)), "int8", False),
    ("sum()", lambda x: x.sum(), "int64", False),
    ("sum(0)", lambda x: x.sum(0), "int64", False),
    ("sum(axis=1, keepdims=True)", lambda x: x.sum(axis=1, keepdims=True), "int64", False),
    ("prod(1)", lambda x: x.prod(1), "int64", False),
    ("mean()", lambda x: x.mean(), "float32", False),
    ("mean(0)", lambda x: x.mean(0), "float32", False),
    ("std(ddof=1)", lambda x: x.std(ddof=1), "float32", False),
    ("var(1)", lambda x: x.var(1), "float32", False),
    ("max(1)", lambda x: x.max(1), "int8", False),
    ("min()", lambda x: x.min(), "int8", False),
    ("ptp(0)", lambda x: x.ptp(0) if isinstance(x, wnp.Array) else np.ptp(x, 0), "int8",
     False),  # NumPy 2 removed ndarray.ptp; weaknp keeps it (= wnp.ptp)
    ("argmax()", lambda x: x.argmax(), "int64", False),
    ("argmin(1)", lambda x: x.argmin(1), "int64", False),
    ("cumsum()", lambda x: x.cumsum(), "int64", False),
    ("cumprod(1)", lambda x: x.cumprod(1), "int64", False),
    ("all()", lambda x: x.all(), "bool", False),
    ("any(0)", lambda x: x.any(0), "bool", False),
    ("clip(2, 5)", lambda x: x.clip(2, 5), "int8", False),
    ("round()", lambda x: x.round(), "int8", False),
    ("dot(x.T)", lambda x: x.dot(x.T), "int8", False),
    ("copy()", lambda x: x.copy(), "int8", False),
    ("flatten()", lambda x: x.flatten(), "int8", False),
    ("ravel()", lambda x: x.ravel(), "int8", False),
    ("squeeze()", lambda x: x[:1].squeeze(), "int8", False),
    ("transpose()", lambda x: x.transpose(), "int8", False),
    ("transpose(1, 0)", lambda x: x.transpose(1, 0), "int8", False),
    ("swapaxes(0, 1)", lambda x: x.swapaxes(0, 1), "int8", False),
    ("argsort()", lambda x: x.argsort(), "int64", False),
    ("nonzero()", lambda x: x.nonzero(), "int64", False),
    ("repeat(2)", lambda x: x.repeat(2), "int8", False),
    ("repeat(2, axis=0)", lambda x: x.repeat(2, axis=0), "int8", False),
    ("take([0, 4])", lambda x: x.take([0, 4]), "int8", False),
    ("take([1], axis=1)", lambda x: x.take([1], axis=1), "int8", False),
    ("trace()", lambda x: x.trace(), "int64", False),
    ("diagonal()", lambda x: x.diagonal(), "int8", False),
    ("compress([True, False])", lambda x: x.compress([True, False], axis=0), "int8", False),
    ("searchsorted(2)", lambda x: x[0].searchsorted(2), "int64", False),
    ("argpartition(1)", lambda x: x[0].argpartition(1), "int64", False),
    ("real", lambda x: x.real, "int8", False),
    ("imag", lambda x: x.imag, "int8", False),
    ("conj()", lambda x: x.conj(), "int8", False),
    ("conjugate()", lambda x: x.conjugate(), "int8", False),
    ("view()", lambda x: x.view(), "int8", False),
    ("view(uint8)", lambda x: x.view(np.uint8), "uint8", False),
]


@pytest.mark.parametrize("call, dtype, weak", [m[1:] for m in METHODS],
                         ids=[m[0] for m in METHODS])
def test_method(call, dtype, weak):
    x, a = pair()
    got, want = call(x), call(a)
    leaves = got if isinstance(got, tuple) else (got,)
    wants = want if isinstance(want, tuple) else (want,)
    for g, w in zip(leaves, wants):
        assert isinstance(g, wnp.Array)
        assert (str(g.dtype), g.weak_type) == (dtype, weak)
        np.testing.assert_allclose(np.asarray(g, dtype=np.float64),
                                   np.asarray(w, dtype=np.float64), rtol=1e-6)


def test_weak_flag_follows_the_function():
    w = wnp.asarray(2.0)
    assert w.reshape(1).weak_type and w.copy().weak_type and w.ravel().weak_type
    assert not w.sum().weak_type and not w.astype(wnp.float64).weak_type


def test_python_values_and_attributes():
    x, a = pair("float32")
    assert x.tolist() == a.tolist() and x[0, 1].item() == 1.0 and x.item(0) == 3.0
    assert (x.itemsize, x.nbytes, x.strides) == (4, 24, (12, 4))
    assert x.tobytes() == a.tobytes()
    with pytest.raises(AttributeError):
        x.strides = (4, 4)


def test_in_place_methods():
    x = wnp.asarray([3, 1, 2], dtype=wnp.int8)
    x.sort()
    np.testing.assert_array_equal(np.asarray(x), [1, 2, 3])
    x.fill(7)
    np.testing.assert_array_equal(np.asarray(x), [7, 7, 7])
    x.put([0], [1])
    np.testing.assert_array_equal(np.asarray(x), [1, 7, 7])
    y = wnp.asarray([5, 1, 4, 2], dtype=wnp.int16)
    y.partition(1)
    assert sorted(np.asarray(y)[:2].tolist()) == [1, 2]
    with pytest.raises(OverflowError):
        x.fill(1000)
    with pytest.raises(TypeError, match="storing Python float"):
        x.fill(1.5)


def test_method_errors():
    x, _ = pair()
    with pytest.raises(ValueError, match=r"sum: out= has shape \(2, 3\), the result has "
                                         r"shape \(\)"):
        x.sum(out=x)
    with pytest.raises(ValueError, match="view: float64 has item size 8, not 1"):
        x.view(np.float64)
