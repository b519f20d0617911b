"""Issue 22, section 3 "Values and errors": literal regression tests (values, dtypes,
exception types and message fragments), independent of weaknp's own results."""

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp


# -- explicit casts keep NumPy's cast warnings; weaknp's own casts stay quiet -------------
def test_astype_warns_like_numpy_on_invalid_values():
    x = wnp.asarray([1e10, float("nan")])
    with pytest.warns(RuntimeWarning, match="invalid value encountered in cast"):
        r = x.astype(wnp.int8)
    assert r.dtype == np.int8 and r.shape == (2,)
    with pytest.warns(RuntimeWarning, match="invalid value encountered in cast"):
        wnp.astype(x, wnp.int8)
    with np.errstate(invalid="ignore"):   # the user's errstate governs, as in NumPy
        assert wnp.astype(x, wnp.int16).dtype == np.int16


def test_copyto_unsafe_and_numpy_asarray_dtype_warn_like_numpy():
    d = wnp.zeros(2, dtype=wnp.int8)
    with pytest.warns(RuntimeWarning, match="invalid value encountered in cast"):
        wnp.copyto(d, wnp.asarray([1e10, float("nan")]), casting="unsafe")
    with pytest.warns(RuntimeWarning, match="invalid value encountered in cast"):
        np.asarray(wnp.asarray([float("nan")]), dtype=np.int8)


def test_asarray_dtype_of_an_array_refuses_nan_into_int():
    with pytest.raises(ValueError, match="asarray: the values include nan, which int8 "
                                         "cannot hold"):
        wnp.asarray(wnp.asarray([1e10, float("nan")]), dtype=wnp.int8)


def test_astype_complex_to_real_stays_quiet():
    r = wnp.asarray([1 + 2j]).astype(wnp.float64)    # decision 56: no ComplexWarning
    assert r.tolist() == [1.0]


# -- float_power: quiet cast back, one rounding of a big Python int ------------------------
@pytest.mark.parametrize("dt, big", [(wnp.bfloat16, 3e38), (wnp.float32, 3e38),
                                     (wnp.float16, 6e4)])
def test_float_power_cast_back_is_quiet(dt, big):
    x = wnp.asarray([big], dtype=dt)
    for r in (wnp.float_power(x, 2), wnp.float_power(x, wnp.asarray([2], dtype=dt))):
        assert r.dtype == dt and r.tolist() == [float("inf")]


def test_python_int_beyond_2_53_rounds_once_into_float32():
    n = 9007199791611905                      # 2**53 + 2**29 + 1
    lo = np.float32(2 ** 53)
    hi = np.nextafter(lo, np.float32(np.inf))  # the float32 neighbours of n (NumPy's)
    assert int(lo) < n < int(hi) == 9007200328482816
    assert abs(n - int(hi)) < abs(n - int(lo))  # so n rounds up (float64 first: down)
    u8 = wnp.asarray([1], dtype=wnp.uint8)
    r = wnp.float_power(n, u8)
    assert r.dtype == np.float32 and r.tolist() == [9007200328482816.0]
    r = wnp.add(n, wnp.asarray([0], dtype=wnp.float32))
    assert r.dtype == np.float32 and r.tolist() == [9007200328482816.0]
    r = wnp.asarray([0], dtype=wnp.complex64) + n
    assert r.dtype == np.complex64 and r.tolist() == [9007200328482816 + 0j]


def test_python_int_beyond_2_53_rounds_once_into_bfloat16():
    n = 2 ** 60 + 2 ** 52 + 1                 # just above the midpoint of two bfloat16s
    lo = ml_dtypes.bfloat16(2.0 ** 60)
    hi = np.nextafter(np.array(lo), np.array(np.inf, dtype=ml_dtypes.bfloat16))
    assert int(hi) == 2 ** 60 + 2 ** 53 and abs(n - int(hi)) < abs(n - 2 ** 60)
    r = wnp.add(wnp.asarray([0], dtype=wnp.bfloat16), n)
    assert r.dtype == wnp.bfloat16 and r.tolist() == [1161928703861587968.0]


def test_weak_int_arrays_beyond_2_53_round_once_into_narrow_floats():
    # 2**53 + 2**45 + 1: float64 rounds it to the bfloat16 midpoint 2**53 + 2**45 (a tie,
    # which bfloat16 then rounds down to 2**53); rounded once it is 2**53 + 2**46
    n = 2 ** 53 + 2 ** 45 + 1
    hi = np.nextafter(np.array(ml_dtypes.bfloat16(2.0 ** 53)),
                      np.array(np.inf, dtype=ml_dtypes.bfloat16))
    assert int(hi) == 2 ** 53 + 2 ** 46 == 9077567998918656
    z = wnp.zeros(2, dtype=wnp.bfloat16)
    for label, v in (("Python int", n), ("weak 0-d", wnp.asarray(n)),
                     ("weak n-d", wnp.full(2, n)), ("in place", None)):
        if v is None:
            r = wnp.zeros(2, dtype=wnp.bfloat16)
            r += wnp.full(2, n)
        else:
            r = z + v
        assert r.dtype == wnp.bfloat16, label
        assert r.tolist() == [9077567998918656.0] * 2, label


# -- errors name the function -----------------------------------------------------------
def test_eye_and_linspace_name_themselves_for_a_float_count():
    with pytest.raises(TypeError, match=r"^eye: k must be an integer, got float 1.5"):
        wnp.eye(3, k=1.5)
    with pytest.raises(TypeError, match=r"^linspace: num must be an integer, got float 2.5"):
        wnp.linspace(0, 1, 2.5)


# -- __index__: only 0-d integer arrays (NumPy 2) ---------------------------------------
def test_index_accepts_only_0d_integer_arrays():
    assert [10, 20, 30][wnp.asarray(1)] == 20
    assert [10, 20, 30][wnp.asarray(2, dtype=wnp.uint8)] == 30
    msg = "only integer scalar arrays can be converted to a scalar index"
    with pytest.raises(TypeError, match=msg):
        [10, 20, 30][wnp.asarray([1])]
    with pytest.raises(TypeError, match=msg):
        [10, 20, 30][wnp.asarray(True)]
    with pytest.raises(TypeError, match=msg):
        [10, 20, 30][wnp.asarray(1.0)]
    for bad in (np.array([1]), np.array(True)):   # the oracle
        with pytest.raises(TypeError, match=msg):
            [10, 20, 30][bad]


# -- bytes -------------------------------------------------------------------------------
def test_asarray_of_bytes_and_str_is_numpy_s():
    for v in (b"ab", "ab"):   # string arrays outside the lattice (decision 72)
        r, want = wnp.asarray(v), np.asarray(v)
        assert r.dtype == want.dtype and r.shape == () and r.tolist() == want.tolist()
    r = wnp.asarray(bytearray(b"ab"))             # a buffer, as NumPy reads it
    assert r.dtype == np.uint8 and r.tolist() == [97, 98]
    assert np.asarray(bytearray(b"ab")).tolist() == [97, 98]


# -- broadcast errors keep NumPy's phrase --------------------------------------------------
def test_broadcast_errors_keep_numpys_phrase():
    with pytest.raises(ValueError, match=r"^add: operands could not be broadcast together "
                                         r"with shapes \(2,\) \(3,\); make the sizes"):
        wnp.ones(2) + wnp.ones(3)
    with pytest.raises(ValueError, match=r"^add \(in-place\): operands could not be "
                                         r"broadcast together with shapes \(2,\) \(3,\)"):
        x = wnp.ones(2)
        x += wnp.ones(3)
    with pytest.raises(ValueError, match="objects cannot be broadcast to a single shape"):
        wnp.broadcast_arrays(wnp.ones(2), wnp.ones(3))


# -- foreign ufuncs: matched by identity, run on the buffers --------------------------------
def test_foreign_ufunc_runs_with_its_own_rules_and_gives_a_strong_array():
    special = pytest.importorskip("scipy.special")
    x = wnp.asarray([0.5], dtype=wnp.float32)
    r = special.erf(x)
    assert type(r) is wnp.Array and r.dtype == np.float32 and not r.weak_type
    assert r.tolist() == special.erf(np.array([0.5], dtype=np.float32)).tolist()
    r = special.erf(wnp.asarray([1, 2], dtype=wnp.int8))   # SciPy's loop: float64
    assert r.dtype == np.float64 and not r.weak_type
    # scipy.special.cbrt is not numpy.cbrt: SciPy's own loop (float32 here, NumPy's cbrt
    # via weaknp would give float32 too, but from a weak float64 input SciPy gives float64)
    r = special.cbrt(wnp.asarray(8.0))
    assert r.dtype == np.float64 and not r.weak_type and r.tolist() == 2.0


def test_numpy_ufuncs_are_matched_by_identity():
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    r = np.exp2(x)                                  # NumPy's own: weaknp's exp2
    assert r.dtype == np.float32 and r.tolist() == [2.0, 4.0]
    assert np.add(x, 1).dtype == np.int8


def test_foreign_ufunc_with_an_unsupported_result_names_the_ufunc():
    f = np.frompyfunc(lambda a: a + 1, 1, 1)
    with pytest.raises(TypeError, match=r"^ufunc '<lambda> \(vectorized\)' \(not a NumPy "
                                        r"ufunc\): its result has dtype object.*"
                                        r"numpy.asarray\(x\) first"):
        f(wnp.asarray([1.0]))
    with pytest.raises(TypeError, match=r"ufunc '<lambda> \(vectorized\)' \(not a NumPy "
                                        r"ufunc\): weaknp does not let a foreign ufunc write"):
        f(np.ones(1), out=wnp.zeros(1))


# -- complex comparisons beyond complex64's range -------------------------------------------
def _c64(*z):
    return wnp.asarray(np.array(z, dtype=np.complex64))


@pytest.mark.parametrize("other", [3.5e38, "weak 0-d", "weak n-d"])
def test_complex64_ordered_comparisons_beyond_range_agree(other):
    v = {"weak 0-d": wnp.asarray(3.5e38), "weak n-d": wnp.full(2, 3.5e38)}.get(other, other)
    x = _c64(complex(np.inf, 0), 1 + 0j)
    assert (x > v).tolist() == [True, False]
    assert (x <= v).tolist() == [False, True]
    assert wnp.less(_c64(complex(-np.inf, 0), 0j), -v).tolist() == [True, False]
    n = _c64(complex(0, np.nan), complex(np.nan, 0))
    assert wnp.less(n, v).tolist() == [False, False]
    assert wnp.greater_equal(n, -v).tolist() == [False, False]
    assert wnp.not_equal(n, v).tolist() == [True, True]


def test_complex64_nan_part_against_a_huge_int():
    n = _c64(complex(0, np.nan), complex(np.nan, 1), 1 + 0j, complex(np.inf, 0))
    assert wnp.less(n, 2 ** 1100).tolist() == [False, False, True, False]
    assert wnp.greater(2 ** 1100, n).tolist() == [False, False, True, False]
    assert wnp.greater(n, -2 ** 1100).tolist() == [False, False, True, True]
    assert wnp.equal(n, 2 ** 1100).tolist() == [False, False, False, False]
    assert wnp.not_equal(n, 2 ** 1100).tolist() == [True, True, True, True]
    # a complex number with a part beyond complex64's range, exact in complex128
    assert (_c64(complex(np.inf, 0)) > complex(3.5e38, 0)).tolist() == [True]
    assert (_c64(1 + 0j) < complex(1, 3.5e38)).tolist() == [True]


# -- DLPack of bfloat16 ---------------------------------------------------------------------
def test_from_dlpack_of_a_weaknp_bfloat16_array_round_trips():
    x = wnp.asarray([1.5, -2.0], dtype=wnp.bfloat16)
    y = wnp.from_dlpack(x)
    assert y.dtype == wnp.bfloat16 and y.tolist() == [1.5, -2.0] and not y.weak_type
    assert np.shares_memory(np.asarray(x), np.asarray(y))
    z = wnp.from_dlpack(x, copy=True)
    assert z.tolist() == [1.5, -2.0] and not np.shares_memory(np.asarray(x), np.asarray(z))


def test_from_dlpack_of_a_jax_bfloat16_array():
    jnp = pytest.importorskip("jax.numpy")
    j = jnp.asarray([1.5, 3.0], dtype=jnp.bfloat16)
    r = wnp.from_dlpack(j)
    assert r.dtype == wnp.bfloat16 and r.tolist() == [1.5, 3.0]
    with pytest.raises(BufferError, match="from_dlpack: NumPy cannot import a bfloat16"):
        wnp.from_dlpack(j, copy=False)
