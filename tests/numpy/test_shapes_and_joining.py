"""NumPy-compatible shape, joining, splitting and creation functions
(``weaknp._numpy.shape_base``, ``fromnumeric``, ``function_base``, ...)."""

import numpy as np
import pytest
from harness import A, W, table_tests

import weaknp as wnp

M23 = [[1, 2, 3], [4, 5, 6]]
CASES = [
    ("ravel-int8", lambda m: m.ravel(A(m, M23, "int8")), "int8", False),
    ("ravel-weak", lambda m: m.ravel(W(m, 2.0)), "float64", True),
    ("transpose", lambda m: m.transpose(A(m, M23, "float32")), "float32", False),
    ("transpose-axes", lambda m: m.transpose(A(m, [M23], "uint8"), (2, 0, 1)), "uint8", False),
    ("swapaxes", lambda m: m.swapaxes(A(m, M23, "int16"), 0, 1), "int16", False),
    ("rollaxis", lambda m: m.rollaxis(A(m, [M23], "int8"), 2), "int8", False),
    ("rot90", lambda m: m.rot90(A(m, M23, "float16")), "float16", False),
    ("fliplr", lambda m: m.fliplr(A(m, M23, "int32")), "int32", False),
    ("flipud", lambda m: m.flipud(A(m, M23, "int32")), "int32", False),
    ("diagonal", lambda m: m.diagonal(A(m, M23, "float32"), 1), "float32", False),
    ("diag-build", lambda m: m.diag(A(m, [1, 2], "int8"), 1), "int8", False),
    ("diag-extract", lambda m: m.diag(A(m, M23, "int8")), "int8", False),
    ("diagflat", lambda m: m.diagflat(A(m, [1, 2], "uint16")), "uint16", False),
    ("atleast_1d-weak", lambda m: m.atleast_1d(W(m, 3)), "int64", True),
    ("atleast_2d", lambda m: m.atleast_2d(A(m, [1, 2], "int8")), "int8", False),
    ("atleast_3d-two", lambda m: m.atleast_3d(A(m, [1], "int8"), A(m, [2], "int8")),
     "int8", False),
    ("resize", lambda m: m.resize(A(m, [1, 2, 3], "int8"), (2, 4)), "int8", False),
    ("trim_zeros", lambda m: m.trim_zeros(A(m, [0, 1, 2, 0], "float32")), "float32", False),
    ("copy-weak", lambda m: m.copy(W(m, 1.5)), "float64", True),
    ("delete", lambda m: m.delete(A(m, [1, 2, 3], "int8"), 1), "int8", False),
    ("insert", lambda m: m.insert(A(m, [1, 2, 3], "int8"), 1, 100), "int8", False),
    ("pad-constant", lambda m: m.pad(A(m, [1, 2], "int8"), 2, constant_values=7),
     "int8", False),
    ("pad-reflect", lambda m: m.pad(A(m, [1, 2, 3], "float32"), (1, 2), mode="reflect"),
     "float32", False),
    ("pad-mean", lambda m: m.pad(A(m, [1.0, 2.0, 4.0], "float32"), 1, mode="mean"),
     "float32", False),
    ("concatenate-int8-uint8", lambda m: m.concatenate([A(m, [1], "int8"), A(m, [2], "uint8")]),
     "int16", False),
    ("concatenate-list", lambda m: m.concatenate([A(m, [1], "float16"), [2.0]]),
     "float64", False),
    ("concatenate-weak", lambda m: m.concatenate([A(m, [1], "float16"),
                                                  m.atleast_1d(W(m, 2.0))]), "float16", False),
    ("concatenate-axis-none", lambda m: m.concatenate([A(m, M23, "int8"), A(m, M23, "int8")],
                                                      axis=None), "int8", False),
    ("concatenate-dtype", lambda m: m.concatenate([A(m, [1], "int8"), A(m, [2], "int8")],
                                                  dtype=m.float32), "float32", False),
    ("hstack", lambda m: m.hstack([A(m, [1], "int8"), A(m, [2], "float16")]), "float16", False),
    ("vstack", lambda m: m.vstack([A(m, [1, 2], "int32"), A(m, [2, 3], "float32")]),
     "float32", False),
    ("dstack", lambda m: m.dstack([A(m, [1, 2], "uint8"), A(m, [2, 3], "uint8")]),
     "uint8", False),
    ("column_stack", lambda m: m.column_stack([A(m, [1, 2], "int8"), A(m, [2, 3], "int16")]),
     "int16", False),
    ("block", lambda m: m.block([[A(m, [[1]], "int8"), A(m, [[2]], "uint8")]]), "int16", False),
    ("append-scalar", lambda m: m.append(A(m, [1, 2], "int8"), 3), "int8", False),
    ("append-float", lambda m: m.append(A(m, [1, 2], "int8"), 2.5), "float64", True),
    ("split", lambda m: m.split(A(m, [1, 2, 3, 4], "int8"), 2), "int8", False),
    ("array_split", lambda m: m.array_split(A(m, [1, 2, 3], "float32"), 2), "float32", False),
    ("hsplit", lambda m: m.hsplit(A(m, [[1, 2], [3, 4]], "int8"), 2), "int8", False),
    ("vsplit", lambda m: m.vsplit(A(m, [[1, 2], [3, 4]], "int8"), 2), "int8", False),
    ("dsplit", lambda m: m.dsplit(A(m, [[[1, 2]]], "int8"), 2), "int8", False),
    ("asanyarray", lambda m: m.asanyarray([1, 2]), "int64", False),
    ("ascontiguousarray", lambda m: m.ascontiguousarray(A(m, M23, "int8").T), "int8", False),
    ("asfortranarray", lambda m: m.asfortranarray(A(m, M23, "int8")), "int8", False),
    ("asarray_chkfinite", lambda m: m.asarray_chkfinite([1.0, 2.0]), "float64", False),
    ("require", lambda m: m.require(A(m, M23, "int8"), requirements="F"), "int8", False),
    ("identity", lambda m: m.identity(3), "float64", False),
    ("identity-int8", lambda m: m.identity(2, dtype=m.int8), "int8", False),
    ("tri", lambda m: m.tri(3, 4, 1), "float64", False),
    ("logspace", lambda m: m.logspace(0, 2, 5), "float64", False),
    ("geomspace", lambda m: m.geomspace(1, 1000, 4), "float64", False),
    ("geomspace-float32", lambda m: m.geomspace(1, 8, 4, dtype=m.float32), "float32", False),
    ("vander", lambda m: m.vander(A(m, [1, 2, 3], "int32")), "int32", False),
    ("frombuffer", lambda m: m.frombuffer(b"\x01\x02", dtype=m.uint8), "uint8", False),
    ("fromiter", lambda m: m.fromiter(range(4), dtype=m.int16), "int16", False),
    ("fromstring", lambda m: m.fromstring("1 2 3", dtype=m.float32, sep=" "), "float32",
     False),
    ("bartlett", lambda m: m.bartlett(5), "float64", False),
    ("blackman", lambda m: m.blackman(5), "float64", False),
    ("hamming", lambda m: m.hamming(5), "float64", False),
    ("hanning", lambda m: m.hanning(5), "float64", False),
    ("kaiser", lambda m: m.kaiser(5, 14.0), "float64", False),
    ("indices", lambda m: m.indices((2, 3)), "int64", False),
    ("mgrid", lambda m: m.mgrid[0:3, 0:2], "int64", False),
    ("mgrid-float", lambda m: m.mgrid[0:1:5j], "float64", False),
    ("ogrid", lambda m: m.ogrid[0:3, 0:2], "int64", False),
    ("r_", lambda m: m.r_[A(m, [1, 2], "int8"), 3, 4], "int8", False),
    ("r_-slice", lambda m: m.r_[0:3, A(m, [5], "int64")], "int64", False),
    ("c_", lambda m: m.c_[A(m, [1, 2], "float32"), A(m, [3, 4], "float32")], "float32",
     False),
]
# id -> why jax.numpy differs (each one an entry of docs/decisions.md).
JAX_DEVIATIONS = {
    "concatenate-list": "jnp.concatenate refuses lists; NumPy scripts pass them, and weaknp "
                        "reads them as asarray does",
    "tri": "jnp.tri's default dtype is float32 even with x64; weaknp's tri(dtype=float) is "
           "the default float (float64), as NumPy's",
}


test_dtype, test_values_equal_numpy, test_dtype_matches_jax = table_tests(
    CASES, JAX_DEVIATIONS)


def test_stored_values_are_checked_like_setitem():
    x = wnp.asarray([1, 2, 3], dtype=wnp.int8)
    with pytest.raises(OverflowError, match="1000"):
        wnp.insert(x, 1, 1000)
    with pytest.raises(TypeError, match=r"insert: storing Python float values into an int8"):
        wnp.insert(x, 1, 1.5)
    with pytest.raises(OverflowError):
        wnp.pad(x, 1, constant_values=300)


def test_python_valued_queries():
    x = wnp.asarray([[1, 2, 3], [4, 5, 6]], dtype=wnp.int8)
    assert (wnp.ndim(x), wnp.shape(x), wnp.size(x), wnp.size(x, 1)) == (2, (2, 3), 6, 3)
    assert wnp.ndim([[1], [2]]) == 2 and wnp.shape([1, 2]) == (2,)
    assert wnp.isscalar(1.5) and not wnp.isscalar(wnp.asarray(1.5))
    assert wnp.iterable(x) and not wnp.iterable(wnp.asarray(1)) and not wnp.iterable(3)
    assert wnp.iscomplexobj(wnp.asarray([1j])) and wnp.isrealobj(x)
    assert not wnp.isfortran(x) and wnp.isfortran(wnp.asfortranarray(x))


def test_errors():
    with pytest.raises(ValueError, match="infs or NaNs"):
        wnp.asarray_chkfinite([1.0, float("nan")])
    o = wnp.asarray([0, 0], dtype=wnp.int8)
    assert wnp.concatenate([wnp.asarray([1, 2])], out=o) is o and o.tolist() == [1, 2]
    with pytest.raises(OverflowError, match="concat: value 200 is out of bounds for int8"):
        wnp.concatenate([wnp.asarray([1, 200])], out=o)
    with pytest.raises(TypeError, match="concat: storing float64 values into an int8 array"):
        wnp.concatenate([wnp.asarray([1, 2.5])], out=o)
    assert wnp.concatenate([[1], [2]], out=wnp.zeros(2)).tolist() == [1.0, 2.0]
    with pytest.raises(TypeError, match="ravel: the out= argument"):
        wnp.ravel(wnp.asarray([1]), out=1)


def test_functions_of_functions():
    x = wnp.asarray([[1, 2, 3], [4, 5, 6]], dtype=wnp.int8)
    r = wnp.apply_along_axis(lambda v: v * 2, 1, x)
    assert r.dtype == wnp.int8
    np.testing.assert_array_equal(np.asarray(r), [[2, 4, 6], [8, 10, 12]])
    r = wnp.apply_along_axis(lambda v: wnp.max(v), 0, x)
    np.testing.assert_array_equal(np.asarray(r), [4, 5, 6])
    r = wnp.apply_over_axes(lambda a, ax: wnp.sum(a, axis=ax), x, [0, 1])
    assert r.shape == (1, 1) and int(r[0, 0]) == 21
    f = wnp.fromfunction(lambda i, j: i + j, (2, 2), dtype=wnp.int8)
    assert f.dtype == wnp.int8
    np.testing.assert_array_equal(np.asarray(f), [[0, 1], [1, 2]])


# -- views made by functions record their base as x[None] does (issue 25) ---------------

VIEWS = {
    "reshape": lambda m, x: m.reshape(x, (3, 2)),
    "reshape_F": lambda m, x: m.reshape(x, (3, 2), order="F"),
    "transpose": lambda m, x: m.transpose(x),
    "permute_dims": lambda m, x: m.permute_dims(x, (1, 0)),
    "matrix_transpose": lambda m, x: m.matrix_transpose(x),
    "swapaxes": lambda m, x: m.swapaxes(x, 0, 1),
    "moveaxis": lambda m, x: m.moveaxis(x, 0, 1),
    "rollaxis": lambda m, x: m.rollaxis(x, 1),
    "expand_dims": lambda m, x: m.expand_dims(x, 0),
    "squeeze": lambda m, x: m.squeeze(m.expand_dims(x, 0)),
    "squeeze_axis": lambda m, x: m.squeeze(m.expand_dims(x, 0), axis=0),
    "ravel": lambda m, x: m.ravel(x),
    "ravel_F": lambda m, x: m.ravel(x, order="F"),
    "atleast_1d": lambda m, x: m.atleast_1d(x),
    "atleast_2d_of_row": lambda m, x: m.atleast_2d(x[0]),
    "atleast_3d": lambda m, x: m.atleast_3d(x),
    "broadcast_to": lambda m, x: m.broadcast_to(x, (2, 2, 3)),
    "broadcast_arrays": lambda m, x: m.broadcast_arrays(x, m.zeros((2, 2, 3)))[0],
    "flip": lambda m, x: m.flip(x),
    "fliplr": lambda m, x: m.fliplr(x),
    "flipud": lambda m, x: m.flipud(x),
    "rot90": lambda m, x: m.rot90(x),
    "diag": lambda m, x: m.diag(x),
    "split": lambda m, x: m.split(x, 3, axis=1)[1],
    "unstack": lambda m, x: m.unstack(x, axis=1)[2],
    "x[None]": lambda m, x: x[None],
    "x.T": lambda m, x: x.T,
    "x.ravel": lambda m, x: x.ravel(),
    "x.reshape": lambda m, x: x.reshape(6),
    "x.transpose": lambda m, x: x.transpose(),
    "x.swapaxes": lambda m, x: x.swapaxes(0, 1),
    "x.flatten": lambda m, x: x.flatten(),
    "x.copy": lambda m, x: x.copy(),
    "asarray": lambda m, x: m.asarray(x),
}


def _based_on(r, x, y):
    """Which array ``r.base`` is: ``x`` (the input), ``y`` (what x is a view of), None."""
    return "x" if r.base is x else "y" if r.base is y and y is not None else \
        "none" if r.base is None else "other"


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_views_made_by_functions_have_numpys_base(name):
    make = VIEWS[name]
    x, xw = np.arange(6.0).reshape(2, 3).copy(), wnp.arange(6.0).reshape(2, 3).copy()
    got, want = make(wnp, xw), make(np, x)
    assert _based_on(got, xw, None) == _based_on(want, x, None)
    assert np.asarray(got).tolist() == want.tolist()
    # x a view of y: a view of x is based on y, in NumPy and here
    y, yw = np.arange(6.0), wnp.arange(6.0)
    x, xw = y.reshape(2, 3), yw.reshape(2, 3)
    got, want = make(wnp, xw), make(np, x)
    assert _based_on(got, xw, yw) == _based_on(want, x, y)


def test_atleast_nd_base_literally():
    x = wnp.arange(3.0)
    assert wnp.atleast_1d(x) is x and wnp.atleast_2d(x).base is x
    x = wnp.arange(12.0).reshape(4, 3)
    assert wnp.atleast_3d(x).base is x.base and x.base is not None
    assert wnp.atleast_3d(x).shape == (4, 3, 1)
    v = wnp.unstack(x)[1]
    v[0] = 100.0                      # a view, as NumPy's: writes reach x
    assert x[1, 0] == 100.0 and v.base is x.base
