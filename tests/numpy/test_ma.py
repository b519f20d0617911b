"""weaknp.ma (issue 25): masks against NumPy's ``numpy.ma`` on the same data, data values
against NumPy (on inputs whose NumPy dtype is the lattice's), dtypes and weak flags literal.
"""

import copy

import ml_dtypes
import numpy as np
import pytest
from support import close_array, same_array

import weaknp as wnp

ma = wnp.ma


def same_masked(got, want, dtype=None, weak=False):
    """``got`` is a weaknp masked array with ``want``'s (a NumPy masked array's) mask and
    unmasked values, of ``dtype`` (default: want's) and weak flag ``weak``."""
    assert isinstance(got, ma.MaskedArray), type(got)
    assert np.array_equal(ma.getmaskarray(got), np.ma.getmaskarray(want))
    assert (got.mask is ma.nomask) == (np.ma.getmask(want) is np.ma.nomask)
    keep = ~np.ma.getmaskarray(want)
    dtype = np.dtype(want.dtype if dtype is None else dtype)
    assert got.dtype == dtype and got.weak_type is weak, (got.dtype, got.weak_type)
    close_array(np.asarray(got.data)[keep], np.asarray(want.data, dtype=dtype)[keep], 1e-6)


X = [1, 2, 3, 4]
MASK = [0, 1, 0, 1]


def pair(values=X, mask=MASK, dtype=np.int64):
    """A weaknp masked array and NumPy's with the same values, mask and dtype."""
    n = np.ma.array(np.asarray(values).astype(dtype), mask=mask)
    return ma.array(wnp.asarray(np.asarray(values).astype(dtype)), mask=mask), n


# -- construction, attributes and printing --------------------------------------------------

def test_the_issue_example_and_its_repr():
    x = ma.array([1, 2, 3, 4], mask=[0, 1, 0, 1])
    assert repr(x) == ("masked_array(data=[1, --, 3, --],\n"
                       "             mask=[False,  True, False,  True],\n"
                       "       fill_value=999999)")
    assert str(x) == "[1 -- 3 --]"
    assert x.dtype == wnp.int64 and not x.weak_type
    assert x.mask.tolist() == [False, True, False, True]
    assert x.fill_value == 999999
    same_array(x.data, np.array([1, 2, 3, 4]))


@pytest.mark.parametrize("dtype", [np.int8, np.float32, np.float16, np.uint16, np.bool_])
def test_repr_names_the_dtype_as_numpy(dtype):
    w, n = pair([1, 0, 1], [0, 1, 0], dtype)
    assert repr(w) == repr(n) and str(w) == str(n)


def test_repr_of_bfloat16_names_bfloat16():
    x = ma.array(wnp.asarray([1, 2, 3], dtype=wnp.bfloat16), mask=[0, 1, 0])
    assert "dtype=bfloat16" in repr(x) and "data=[1.0, --, 3.0]" in repr(x)
    assert x.sum().dtype == ml_dtypes.bfloat16


def test_unmasked_array_has_nomask_and_explicit_false_a_full_mask():
    assert ma.array([1, 2]).mask is ma.nomask and ma.getmask([1, 2]) is ma.nomask
    assert ma.array([1, 2], mask=False).mask.tolist() == [False, False]
    assert ma.getmaskarray(ma.array([1, 2])).tolist() == [False, False]
    assert ma.nomask is np.ma.nomask


def test_masked_in_a_list_and_the_masked_constant():
    x = ma.array([1, ma.masked, 3])
    assert ma.getmaskarray(x).tolist() == [False, True, False]
    assert repr(ma.masked) == "masked" and str(ma.masked) == "--"
    assert x[1] is ma.masked and not ma.masked


def test_fill_value_filled_compressed_count():
    w, n = pair(dtype=np.int8)
    assert w.fill_value == n.fill_value
    same_array(w.filled(), n.filled())
    same_array(w.filled(0), n.filled(0))
    same_array(ma.filled(w, 7), n.filled(7))
    same_array(w.compressed(), n.compressed())
    assert w.count() == n.count() == 2 and ma.count(w) == 2
    y = ma.array([[1, 2], [3, 4]], mask=[[0, 1], [1, 1]])
    same_array(y.count(axis=0), np.array([1, 0]))
    w.fill_value = -1
    same_array(w.filled(), np.array([1, -1, 3, -1], np.int8))
    assert ma.array([1.5], fill_value=0.5).fill_value == 0.5


def test_getdata_is_masked_tolist_iteration():
    w, _ = pair()
    same_array(ma.getdata(w), np.array(X))
    assert ma.is_masked(w) and not ma.is_masked(ma.array([1, 2]))
    assert w.tolist() == [1, None, 3, None]
    items = list(w)
    assert items[1] is ma.masked and items[0].tolist() == 1 and len(w) == 4
    assert ma.isMaskedArray(w) and not ma.isMaskedArray(wnp.asarray([1]))


# -- indexing and assignment ----------------------------------------------------------------

def test_indexing_gives_masked_arrays_or_masked():
    w, n = pair()
    assert w[1] is ma.masked
    same_array(w[0], np.array(1))
    same_masked(w[1:], n[1:])
    same_masked(w[wnp.asarray([0, 1])], n[np.array([0, 1])])


def test_setting_masked_and_values():
    w, n = pair(dtype=np.int8)
    w[0] = ma.masked
    n[0] = np.ma.masked
    same_masked(w, n)
    w[1] = 5
    n[1] = 5
    same_masked(w, n)
    assert w.dtype == wnp.int8
    with pytest.raises(OverflowError):
        w[2] = 1000   # weaknp's store rule
    assert w.tolist() == [None, 5, 3, None]   # a refused store changes nothing
    v = ma.array([1, 2, 3])
    v[1] = ma.masked
    assert ma.getmaskarray(v).tolist() == [False, True, False]


def test_hard_mask_keeps_masked_values():
    w = ma.array([1, 2, 3], mask=[0, 1, 0], hard_mask=True)
    w[1] = 10
    assert w[1] is ma.masked and w.data.tolist() == [1, 2, 3]
    w.soften_mask()
    w[1] = 10
    assert w.tolist() == [1, 10, 3]
    assert w.harden_mask() is w and w.hardmask


# -- arithmetic and comparisons --------------------------------------------------------

def test_int8_plus_python_scalars_follows_the_lattice():
    w, n = pair([1, 2, 3], [0, 0, 1], np.int8)
    same_masked(w + 2, n + 2, np.int8)
    same_masked(2 + w, 2 + n, np.int8)
    r = w + 0.5
    same_masked(r, n + 0.5, np.float64, weak=True)
    with pytest.raises(OverflowError):
        w + 1000   # noqa: B018
    same_masked(w * np.int16(2), n * np.int16(2), np.int16)
    same_masked(w / 2, n / 2, np.float32)      # the inexact rule: int8 -> float32


def test_masks_combine_as_union():
    a, na = pair([1, 2, 3, 4], [0, 1, 0, 0])
    b, nb = pair([5, 6, 7, 8], [0, 0, 1, 0])
    for op in ["__add__", "__sub__", "__mul__", "__eq__", "__lt__", "__ge__", "__ne__"]:
        same_masked(getattr(a, op)(b), getattr(na, op)(nb),
                    dtype=np.bool_ if op in ("__eq__", "__lt__", "__ge__", "__ne__") else None)
    same_masked(a + wnp.asarray([1, 1, 1, 1]), na + np.array([1, 1, 1, 1]))
    same_masked(wnp.asarray([1, 1, 1, 1]) + a, np.array([1, 1, 1, 1]) + na)
    same_masked(np.array([1, 1, 1, 1]) + a, np.array([1, 1, 1, 1]) + na)
    same_masked(a + [1, 2, 3, 4], na + [1, 2, 3, 4])
    assert (a + ma.array([1, 2, 3, 4])).mask.tolist() == [False, True, False, False]


def test_data_under_the_mask_keeps_the_first_operand():
    w, n = pair([1, 2], [0, 1])
    assert (w + 10).data.tolist() == (n + 10).data.tolist() == [11, 2]


@pytest.mark.parametrize("name, values", [
    ("log", [1.0, 0.0, -1.0, np.e]), ("sqrt", [4.0, -1.0, 0.0]),
    ("log10", [10.0, 0.0]), ("log2", [-2.0, 8.0]), ("arcsin", [0.5, 2.0]),
    ("arccos", [-3.0, 1.0]), ("arccosh", [0.5, 2.0]), ("arctanh", [1.0, 0.5]),
    ("exp", [0.0, 1.0]), ("sin", [0.0, 1.0]), ("absolute", [-1.0, 2.0]),
])
def test_domains_of_unary_functions_are_masked_as_numpy(name, values):
    w = getattr(ma, name)(ma.array(wnp.asarray(values)))
    n = getattr(np.ma, name)(np.ma.array(values))
    same_masked(w, n)


def test_domain_functions_keep_float32_and_mask_under_existing_masks():
    w = ma.sqrt(ma.array(wnp.asarray([4, -1, 9], dtype=wnp.float32), mask=[0, 0, 1]))
    n = np.ma.sqrt(np.ma.array(np.array([4, -1, 9], np.float32), mask=[0, 0, 1]))
    same_masked(w, n, np.float32)
    assert ma.log(ma.array([0.0])) is not ma.masked   # 1-d stays an array
    assert ma.log(ma.array(0.0)) is ma.masked


@pytest.mark.parametrize("op", ["__truediv__", "__floordiv__", "__mod__"])
def test_division_by_zero_is_masked(op):
    a, na = pair([1, 2, 3, 4], [1, 0, 0, 0], np.float64)
    b, nb = pair([1, 0, 2, 0], [0, 0, 0, 0], np.float64)
    with np.errstate(all="ignore"):   # NumPy's own ma warns for %
        want = getattr(na, op)(nb)
    same_masked(getattr(a, op)(b), want)
    same_masked(ma.divide(a, b), np.ma.divide(na, nb))


def test_integer_division_by_zero_is_masked_and_float32():
    a, na = pair([1, 2, 3], [0, 0, 0], np.int16)
    r = a / wnp.asarray([1, 0, 2], dtype=wnp.int16)
    assert r.dtype == wnp.float32
    assert ma.getmaskarray(r).tolist() == np.ma.getmaskarray(na / np.array([1, 0, 2])).tolist()


def test_power_masks_invalid_results():
    w = ma.array([-1.0, 4.0]) ** 0.5
    n = np.ma.array([-1.0, 4.0]) ** 0.5
    same_masked(w, n)
    assert (ma.array([1.0, 2.0]) ** 2).mask is ma.nomask


def test_in_place_operators_keep_dtype_and_masked_data():
    w, n = pair([1, 2, 3], [0, 1, 0], np.int8)
    w += 1
    n += 1
    same_masked(w, n, np.int8)
    assert w.data.tolist() == [2, 2, 4]   # the masked value is left alone, as NumPy does
    with pytest.raises(TypeError, match="in-place"):
        w += 0.5
    w *= ma.array(wnp.asarray([1, 1, 2], dtype=wnp.int8), mask=[0, 0, 1])
    assert ma.getmaskarray(w).tolist() == [False, True, True]


def test_numpy_ufuncs_on_masked_arrays():
    w = ma.array([4.0, -1.0], mask=[0, 0])
    same_masked(np.sqrt(w), np.ma.sqrt(np.ma.array([4.0, -1.0], mask=[0, 0])))
    same_masked(np.add(np.arange(2), ma.array([1, 2], mask=[1, 0])),
                np.add(np.arange(2), np.ma.array([1, 2], mask=[1, 0])))


def test_where_and_maximum():
    a, na = pair([1, 5, 3], [0, 0, 1])
    b, nb = pair([4, 2, 6], [1, 0, 0])
    same_masked(ma.where(wnp.asarray([True, False, True]), a, b),
                np.ma.where([True, False, True], na, nb))
    same_masked(ma.maximum(a, b), np.ma.maximum(na, nb))
    assert ma.maximum(a).tolist() == 5


# -- reductions -------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["sum", "prod", "min", "max", "mean", "std", "var", "any",
                                  "all"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_reductions_against_numpy(name, axis):
    values = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    mask = [[0, 1, 0], [1, 1, 1]]
    w = ma.array(wnp.asarray(values), mask=mask)
    n = np.ma.array(values, mask=mask)
    got, want = getattr(w, name)(axis=axis), getattr(n, name)(axis=axis)
    if want is np.ma.masked:
        assert got is ma.masked
    elif np.ndim(want) == 0:
        close_array(got, want, 1e-12)
    else:
        same_masked(got, want)
    fn = getattr(ma, name)(w, axis=axis)
    assert fn is got or type(fn) is type(got)


def test_reduction_dtypes_follow_weaknp():
    w, n = pair([1, 2, 3, 4], [0, 1, 0, 0], np.int8)
    same_array(w.sum(), np.array(8), np.int64)          # sum of int8: the default int
    same_array(w.mean(), np.array(8 / 3, np.float32))    # inexact rule: float32
    assert w.var().dtype == wnp.float32 and w.std().dtype == wnp.float32
    same_array(w.min(), np.array(1, np.int8))
    same_array(w.max(), np.array(4, np.int8))
    same_array(w.argmax(), np.array(n.argmax()))
    same_array(w.argmin(), np.array(n.argmin()))
    f = ma.array(wnp.asarray([1.0, 2.0, 4.0], dtype=wnp.float32), mask=[0, 0, 1])
    same_array(f.mean(), np.array(1.5, np.float32))
    same_array(ma.median(f), np.array(1.5, np.float32))


def test_cumsum_keeps_the_mask():
    w, n = pair()
    same_masked(w.cumsum(), n.cumsum())
    same_masked(w.cumprod(), n.cumprod())


def test_median_and_average_against_numpy():
    values = [[1.0, 7.0, 3.0, 4.0], [5.0, 6.0, 2.0, 8.0]]
    mask = [[0, 1, 0, 0], [1, 1, 1, 1]]
    w, n = ma.array(wnp.asarray(values), mask=mask), np.ma.array(values, mask=mask)
    close_array(ma.median(w), np.ma.median(n), 1e-12)
    same_masked(ma.median(w, axis=1), np.ma.median(n, axis=1))
    same_masked(ma.median(w, axis=0), np.ma.median(n, axis=0))
    close_array(ma.average(w), np.ma.average(n), 1e-12)
    wts = [1.0, 2.0, 3.0, 4.0]
    same_masked(ma.average(w, axis=1, weights=wts), np.ma.average(n, axis=1, weights=wts))
    avg, total = ma.average(w[0], weights=wnp.asarray(wts), returned=True)
    navg, ntotal = np.ma.average(n[0], weights=wts, returned=True)
    close_array(avg, navg, 1e-12)
    close_array(total, ntotal, 1e-12)


# -- masking functions ------------------------------------------------------------------

@pytest.mark.parametrize("name, args", [
    ("masked_equal", (2,)), ("masked_not_equal", (2,)), ("masked_greater", (2,)),
    ("masked_greater_equal", (2,)), ("masked_less", (3,)), ("masked_less_equal", (3,)),
    ("masked_inside", (3, 1)), ("masked_outside", (2, 3)),
])
def test_masking_by_condition_against_numpy(name, args):
    data = [1, 2, 3, 4, 2]
    w = getattr(ma, name)(wnp.asarray(data, dtype=wnp.int16), *args)
    n = getattr(np.ma, name)(np.array(data, np.int16), *args)
    same_masked(w, n, np.int16)
    assert w.fill_value == n.fill_value


def test_masked_where_values_invalid():
    same_masked(ma.masked_where(wnp.asarray([True, False, False]),
                                wnp.asarray([1.0, 2.0, 3.0], dtype=wnp.float32)),
                np.ma.masked_where([True, False, False], np.array([1, 2, 3], np.float32)))
    vals = [1.0, 1.1, 2.0, 1.1]
    same_masked(ma.masked_values(wnp.asarray(vals), 1.1), np.ma.masked_values(vals, 1.1))
    assert ma.masked_values(wnp.asarray(vals), 5.0).mask is ma.nomask   # shrunk
    bad = [1.0, np.nan, np.inf, -2.0]
    same_masked(ma.masked_invalid(wnp.asarray(bad)), np.ma.masked_invalid(np.array(bad)))
    f = ma.fix_invalid(wnp.asarray(bad), fill_value=0.0)
    assert f.data.tolist() == [1.0, 0.0, 0.0, -2.0]
    with pytest.raises(IndexError, match="masked_where: the condition's shape"):
        ma.masked_where([True], wnp.asarray([1, 2]))


# -- joining, creation ------------------------------------------------------------------

def test_concatenate_and_stack():
    a, na = pair([1, 2], [0, 1], np.int8)
    b, nb = pair([3, 4], [0, 0], np.int16)
    same_masked(ma.concatenate([a, b]), np.ma.concatenate([na, nb]), np.int16)
    same_masked(ma.stack([a, a]), np.ma.stack([na, na]), np.int8)
    c = ma.concatenate([ma.array([1]), ma.array([2])])
    assert c.mask is ma.nomask


def test_creation():
    z = ma.zeros(3, dtype=wnp.float32)
    same_masked(z, np.ma.zeros(3, dtype=np.float32))
    same_masked(ma.ones((2, 2)), np.ma.ones((2, 2)))
    e = ma.empty(2)
    assert e.shape == (2,) and e.mask is ma.nomask
    m = ma.masked_all((2, 3), dtype=wnp.int8)
    assert m.dtype == wnp.int8 and ma.getmaskarray(m).all() and m.count() == 0
    assert ma.masked_all_like(m).shape == (2, 3)


def test_apply_along_axis():
    w = ma.array([[1, 2, 3], [4, 5, 6]], mask=[[0, 1, 0], [0, 0, 0]])
    r = ma.apply_along_axis(lambda v: v.sum(), 1, w)
    assert r.tolist() == [4, 15]
    r = ma.apply_along_axis(lambda v: v * 2, 0, w)
    assert r.tolist() == [[2, None, 6], [8, 10, 12]]


def test_shape_methods_move_the_mask():
    w, n = pair([[1, 2], [3, 4]], [[0, 1], [0, 0]])
    same_masked(w.T, n.T)
    same_masked(w.reshape(4), n.reshape(4))
    same_masked(w.ravel(), n.ravel())
    same_masked(w.copy(), n.copy())
    c = copy.deepcopy(w)
    c[0, 0] = 9
    assert w.tolist()[0][0] == 1
    same_masked(w.astype(wnp.float32), n.astype(np.float32))


# -- NumPy's functions and numpy.ma with weaknp arrays -----------------------------------

def test_numpy_functions_dispatch_to_weaknp_ma():
    w, n = pair()
    same_array(np.sum(w), np.array(4))
    same_masked(np.concatenate([w, w]), np.ma.concatenate([n, n]))


def test_numpy_ma_takes_weaknp_arrays_as_plain_data():
    """NumPy's own ``numpy.ma`` reads a weaknp array through ``__array__``: a NumPy masked
    array of the same dtype, with NumPy's rules from there on."""
    r = np.ma.array(wnp.asarray([1, 2], dtype=wnp.int8), mask=[0, 1])
    assert type(r) is np.ma.MaskedArray and r.dtype == np.int8
    assert np.ma.masked_where(wnp.asarray([True, False]), wnp.asarray([1.0, 2.0])).count() == 1


def test_indexing_with_a_masked_condition_uses_its_data_as_numpy():
    w, n = pair([1, 5, 3, 7], [0, 0, 1, 0])
    same_masked(w[w > 2], n[n > 2])
    w[w > 4] = 0
    n[n > 4] = 0
    same_masked(w, n)
    w.mask = [1, 0, 0, 0]
    n.mask = [1, 0, 0, 0]
    same_masked(w, n)


def test_a_flat_mask_of_the_data_size_is_reshaped():
    """NumPy's ``ma.median`` docstring: mask=[0]*6 + [1]*4 on a (2, 5) array."""
    x = wnp.ma.array(wnp.arange(10).reshape(2, 5), mask=[0] * 6 + [1] * 4)
    assert np.array_equal(wnp.ma.getmaskarray(x), [[0, 0, 0, 0, 0], [0, 1, 1, 1, 1]])
    with pytest.raises(ValueError):
        wnp.ma.array(wnp.arange(10).reshape(2, 5), mask=[0, 1, 0])


def test_masked_where_counts_a_masked_condition_as_true():
    """NumPy's ``ma.masked_where`` docstring: a == 3 is masked where a is."""
    a = wnp.ma.masked_where(np.arange(4) == 2, np.arange(4))
    b = wnp.ma.masked_where(np.arange(4) == 0, np.arange(4))
    r = wnp.ma.masked_where(a == 3, b)
    assert np.array_equal(wnp.ma.getmaskarray(r), [True, False, True, True])


def test_fix_invalid_copies_a_masked_array():
    x = wnp.ma.array([1., -1, np.nan, np.inf], mask=[1, 0, 0, 0])
    fixed = wnp.ma.fix_invalid(x)
    assert np.array_equal(np.asarray(fixed.data), [1.0, -1.0, 1e20, 1e20])
    assert np.array_equal(np.asarray(x.data), [1.0, -1.0, np.nan, np.inf], equal_nan=True)


def test_default_fill_value_of_a_value():
    assert wnp.ma.default_fill_value(1) == 999999
    assert wnp.ma.default_fill_value(1.5) == 1e20
    assert wnp.ma.default_fill_value(np.float32) == 1e20


# -- issue 25's pending docstring items (expected values: NumPy's on the same input) -----

def test_shape_setter_reshapes_data_and_mask_in_place():
    x = ma.array(wnp.asarray([4, 3, 2, 1], dtype=wnp.int8), mask=[1, 0, 0, 1])
    base = x.data
    x.shape = (2, 2)
    assert x.shape == (2, 2) and x.dtype == np.int8
    assert x.mask.tolist() == [[True, False], [False, True]]
    assert x.argmin(axis=0).tolist() == [1, 0]     # NumPy's np.ma.argmin(x, axis=0)
    assert base.shape == (4,)                       # the Array it was made from keeps its own
    with pytest.raises(ValueError):
        x.shape = (3,)


def test_view_shares_data_and_mask_and_reinterprets_bytes():
    x = ma.array(wnp.asarray([-1, 2, -3], dtype=wnp.int8), mask=[0, 1, 0])
    v = x.view(np.uint8)
    assert isinstance(v, ma.MaskedArray) and v.dtype == np.uint8
    assert np.asarray(v.data).tolist() == [255, 2, 253]
    assert v.mask.tolist() == [False, True, False]
    w = x.view()
    w[0] = 7
    assert int(x.data[0]) == 7 and w.dtype == np.int8
    with pytest.raises(ValueError, match="item size"):    # NumPy raises ValueError alike
        ma.array(wnp.asarray([1, 2, 3, 4], dtype=wnp.int8), mask=[0, 1, 0, 0]).view(np.int16)
    y = ma.array(wnp.asarray([1, 2], dtype=wnp.int16))
    assert np.asarray(y.view(np.int8).data).tolist() == [1, 0, 2, 0]


def test_ptp_view_as_uint8_as_numpy():
    y = ma.array(wnp.asarray([[-128, 127], [0, 1]], dtype=wnp.int8))
    r = y.ptp(axis=1).view(np.uint8)
    assert r.dtype == np.uint8 and np.asarray(r.data).tolist() == [255, 1]


@pytest.mark.parametrize(("axis", "weights", "want"), [
    ((0, 1), [[1.0, 2.0], [3.0, 4.0]], 2.0),
    ((1, 0), [[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], 3.3333333333333335),
])
def test_average_weights_along_a_tuple_of_axes(axis, weights, want):
    a = wnp.asarray(np.arange(4.0).reshape(2, 2) if len(weights) == 2 else
                    np.arange(6.0).reshape(2, 3))
    r = ma.average(a, axis=axis, weights=weights)
    assert r.dtype == np.float64 and float(r) == pytest.approx(want, rel=1e-15)


def test_average_weights_along_two_of_three_axes_with_a_mask():
    a = ma.array(wnp.asarray(np.arange(6.0).reshape(2, 3)), mask=[[0, 1, 0], [0, 0, 1]])
    r = ma.average(a, axis=(1, 0), weights=np.arange(6.0).reshape(3, 2))
    assert float(r) == pytest.approx(2.875, rel=1e-15)
    b = wnp.asarray(np.arange(24.0).reshape(2, 3, 4))
    r = ma.average(b, axis=(0, 2), weights=np.arange(8.0).reshape(2, 4))
    close_array(np.asarray(r.data if isinstance(r, ma.MaskedArray) else r),
                np.array([11.285714285714286, 15.285714285714286, 19.285714285714285]), 1e-15)


def test_average_weights_of_a_wrong_shape_raise_as_numpy():
    a = wnp.asarray(np.arange(4.0).reshape(2, 2))
    with pytest.raises(TypeError, match="ma.average: .*axis"):
        ma.average(a, weights=[1.0, 2.0])
    with pytest.raises(ValueError, match=r"ma.average: .*\(2, 2\)"):
        ma.average(a, axis=(0, 1), weights=[1.0, 2.0])


def test_make_mask_with_a_structured_dtype():
    arr = wnp.array([(1, 0), (0, 1), (1, 0), (1, 0)],
                    dtype=[("man", np.int64), ("mouse", np.int64)])
    dt = np.dtype([("man", bool), ("mouse", bool)])
    m = ma.make_mask(arr, dtype=dt)
    assert m.dtype == dt
    assert m.tolist() == [(True, False), (False, True), (True, False), (True, False)]
    none = ma.make_mask_none((3,), dtype=[("foo", np.int32), ("bar", np.float64)])
    assert none.dtype == np.dtype([("foo", bool), ("bar", bool)])
    assert none.tolist() == [(False, False)] * 3
    assert ma.make_mask_none((2,)).dtype == np.bool_


# -- the namespace's functions on masked arrays (decision 80: no silently dropped mask) ---

def _m():
    return ma.array(wnp.asarray([1, 2, 3], dtype=wnp.int8), mask=[0, 1, 0])


@pytest.mark.parametrize("join", [
    lambda xs: wnp.concatenate(xs), lambda xs: wnp.concat(xs), lambda xs: np.concatenate(xs),
    lambda xs: ma.concatenate(xs)])
def test_concatenate_of_masked_arrays_keeps_the_masks(join):
    # expected: numpy.ma.concatenate's mask on the same input (np.concatenate drops it)
    r = join([_m(), wnp.asarray([4, 5], dtype=wnp.int8)])
    assert isinstance(r, ma.MaskedArray) and r.dtype == np.int8
    assert ma.getmaskarray(r).tolist() == [False, True, False, False, False]
    assert r.filled(0).tolist() == [1, 0, 3, 4, 5]


@pytest.mark.parametrize("join", [lambda xs: wnp.stack(xs), lambda xs: np.stack(xs)])
def test_stack_of_masked_arrays_keeps_the_masks(join):
    r = join([wnp.asarray([7, 8, 9], dtype=wnp.int8), _m()])
    assert isinstance(r, ma.MaskedArray) and r.shape == (2, 3)
    assert ma.getmaskarray(r).tolist() == [[False, False, False], [False, True, False]]


def test_concatenate_of_masked_arrays_refuses_out_and_dtype():
    with pytest.raises(TypeError, match=r"concat: .*weaknp.ma.concatenate.* no out= or dtype="):
        wnp.concatenate([_m(), _m()], dtype=wnp.float32)


@pytest.mark.parametrize(("call", "message"), [
    (lambda m: wnp.sum(m), r"^sum: .*mask.*; call weaknp.ma.sum, or pass x.filled"),
    (lambda m: wnp.mean(m), r"^mean: .*call weaknp.ma.mean"),
    (lambda m: wnp.where(wnp.asarray([True, False, True]), m, 0), r"^where: .*weaknp.ma.where"),
    (lambda m: wnp.hstack([m, m]), r"^hstack: .*weaknp.ma.hstack"),
    (lambda m: wnp.sort(m), r"^sort: .*weaknp.ma has no sort: pass x.filled"),
    (lambda m: np.sort(m), r"^numpy.sort: .*weaknp.ma has no sort"),
    (lambda m: np.diff(m), r"^numpy.diff: .*weaknp.ma has no diff"),
    (lambda m: wnp.add.reduce(m), r"^add.reduce: .*weaknp.ma has no add.reduce"),
])
def test_a_function_that_would_drop_the_mask_refuses(call, message):
    with pytest.raises(TypeError, match=message):
        call(_m())


def test_explicit_conversions_take_the_data_and_asanyarray_keeps_the_mask():
    m = _m()
    assert wnp.asarray(m).tolist() == [1, 2, 3] and wnp.array(m).dtype == np.int8
    assert np.asarray(m).tolist() == [1, 2, 3]
    assert wnp.asanyarray(m) is m
    assert wnp.sum(m.filled(0)).tolist() == 4 and int(ma.sum(m)) == 4
