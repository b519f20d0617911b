"""SciPy functions that declare array-API support, called with weaknp arrays
(``SCIPY_ARRAY_API=1``, set by ``tests/conftest.py`` before SciPy is imported).

The oracle is the same SciPy function on NumPy arrays; results must be arrays of the
namespace under test, with the input's dtype where SciPy keeps it.
"""

import warnings

import numpy as np
import pytest
from eco import ARRAY, check, data, require, xp

scipy = require("scipy")
from scipy import fft, ndimage, signal, spatial, special, stats
from scipy._lib import _array_api_override

if not _array_api_override.SCIPY_ARRAY_API:
    pytest.fail("SciPy was imported before SCIPY_ARRAY_API=1 was set (tests/conftest.py "
                "sets it; do not import SciPy in a plugin)", pytrace=False)

TOL = {"float32": 1e-5, "float64": 1e-12}


def run(fn, *arrays, tol=None, **kwargs):
    """``fn`` on NumPy arrays (expected) and on namespace arrays (checked); one result."""
    expected = fn(*arrays, **kwargs)
    got = fn(*(xp.asarray(a) if isinstance(a, np.ndarray) else a for a in arrays), **kwargs)
    return got, expected


ELEMENTWISE = [
    ("special.erf", special.erf), ("special.erfc", special.erfc),
    ("special.expit", special.expit), ("special.logit", lambda x: special.logit(1 / (1 + x * x))),
    ("special.gammaln", lambda x: special.gammaln(x * x + 0.5)),
    ("special.ndtr", special.ndtr), ("special.ndtri", lambda x: special.ndtri(1 / (1 + x * x))),
    ("special.xlogy", lambda x: special.xlogy(x, x * x + 1)),
    ("special.entr", lambda x: special.entr(x * x)),
    ("special.log_ndtr", special.log_ndtr), ("special.i0", special.i0),
]


@pytest.mark.parametrize("name, fn", ELEMENTWISE, ids=[n for n, _ in ELEMENTWISE])
def test_special(name, fn, dtype):
    got, expected = run(fn, data(20, dtype))
    check(got, expected, dtype, rtol=TOL[dtype] * 10)


REDUCTIONS = [
    ("special.logsumexp", lambda x: special.logsumexp(x, axis=0)),
    ("special.softmax", lambda x: special.softmax(x, axis=1)),
    ("special.log_softmax", lambda x: special.log_softmax(x, axis=1)),
    ("stats.zscore", lambda x: stats.zscore(x, axis=0)),
    ("stats.skew", lambda x: stats.skew(x, axis=0)),
    ("stats.kurtosis", lambda x: stats.kurtosis(x, axis=0)),
    ("stats.moment", lambda x: stats.moment(x, order=3, axis=0)),
    ("stats.variation", lambda x: stats.variation(x, axis=0)),
    ("stats.gmean", lambda x: stats.gmean(x * x + 1, axis=0)),
    ("stats.hmean", lambda x: stats.hmean(x * x + 1, axis=0)),
    ("stats.sem", lambda x: stats.sem(x, axis=0)),
    ("stats.trim_mean", lambda x: stats.trim_mean(x, 0.1, axis=0)),
    ("fft.fft", lambda x: fft.fft(x, axis=0)),
    ("fft.rfft", lambda x: fft.rfft(x, axis=0)),
    ("fft.irfft", lambda x: fft.irfft(fft.rfft(x, axis=0), n=x.shape[0], axis=0)),
    ("fft.dct", lambda x: fft.dct(x, axis=0)),
    ("fft.fftshift", fft.fftshift),
    ("signal.convolve", lambda x: signal.convolve(x, x[:3], mode="same")),
    ("signal.fftconvolve", lambda x: signal.fftconvolve(x, x[:3], mode="full")),
    ("signal.correlate", lambda x: signal.correlate(x, x[:3], mode="valid")),
    ("signal.detrend", lambda x: signal.detrend(x, axis=0)),
    ("signal.hilbert", signal.hilbert),
    ("signal.medfilt", lambda x: signal.medfilt(x, 3)),
    ("signal.resample", lambda x: signal.resample(x, 15)),
    ("signal.resample_poly", lambda x: signal.resample_poly(x, 2, 3)),
    ("signal.savgol_filter", lambda x: signal.savgol_filter(x, 5, 2)),
    ("signal.oaconvolve", lambda x: signal.oaconvolve(x, x[:4])),
    ("signal.lfilter", lambda x: signal.lfilter(x[:2] * 0 + 1, x[:2] * 0 + 1.5, x)),
    ("ndimage.gaussian_filter", lambda x: ndimage.gaussian_filter(x, 1.0)),
    ("ndimage.uniform_filter", lambda x: ndimage.uniform_filter(x, 3)),
    ("ndimage.median_filter", lambda x: ndimage.median_filter(x, 3)),
    ("ndimage.sobel", lambda x: ndimage.sobel(x, axis=0)),
    ("ndimage.zoom", lambda x: ndimage.zoom(x, 2, order=1)),
    ("ndimage.shift", lambda x: ndimage.shift(x, 0.5, order=1)),
    ("ndimage.maximum_filter", lambda x: ndimage.maximum_filter(x, 3)),
    ("ndimage.laplace", ndimage.laplace),
    ("ndimage.rotate", lambda x: ndimage.rotate(x, 30, order=1)),
    ("ndimage.percentile_filter", lambda x: ndimage.percentile_filter(x, 50, 3)),
    ("ndimage.gaussian_gradient_magnitude",
     lambda x: ndimage.gaussian_gradient_magnitude(x, 1.0)),
    ("stats.entropy", lambda x: stats.entropy(x * x, axis=0)),
    ("stats.pmean", lambda x: stats.pmean(x * x + 1, 2.0, axis=0)),
    ("stats.circmean", lambda x: stats.circmean(x, axis=0)),
    ("stats.iqr", lambda x: stats.iqr(x, axis=0)),
    ("stats.directional_stats", lambda x: stats.directional_stats(x).mean_direction),
    ("special.logsumexp b", lambda x: special.logsumexp(x, axis=1, b=x * x)),
    ("fft.fftn", fft.fftn),
    ("fft.idct", lambda x: fft.idct(x, axis=0)),
    ("fft.dst", lambda x: fft.dst(x, axis=0)),
    ("fft.hfft", lambda x: fft.hfft(x, axis=0)),
]


@pytest.mark.parametrize("name, fn", REDUCTIONS, ids=[n for n, _ in REDUCTIONS])
def test_array_functions(name, fn, dtype):
    x = data(24, dtype) if name.startswith("signal.") else data((24, 3), dtype)
    got, expected = run(fn, x)
    kind = {"c": {"float32": "complex64", "float64": "complex128"}[dtype]}
    want = kind["c"] if np.asarray(expected).dtype.kind == "c" else dtype
    check(got, np.asarray(expected).astype(want), want, rtol=TOL[dtype] * 100,
          atol=TOL[dtype] * 10)


@pytest.mark.parametrize("window", ["hann", "hamming", "blackman", ("kaiser", 4.0)])
def test_windows(window):
    """Windows made with ``xp=``: the namespace's default float (float64)."""
    check(signal.get_window(window, 16, xp=xp), signal.get_window(window, 16), "float64")


def test_stats_tests(dtype):
    """Hypothesis tests return result objects whose fields are namespace arrays."""
    a, b = data(30, dtype, seed=1), data(30, dtype, seed=2) + 0.3
    for fn in (stats.ttest_ind, stats.pearsonr, stats.ttest_rel, stats.bartlett,
               lambda a, b: stats.ttest_1samp(a, 0.0), lambda a, b: stats.skewtest(a),
               lambda a, b: stats.jarque_bera(a)):
        res, expected = run(fn, a, b)
        for field in ("statistic", "pvalue"):
            check(getattr(res, field), getattr(expected, field), dtype, rtol=TOL[dtype] * 100)


def test_distance_transform_edt():
    """Issue 15 item 3: ``np.where`` with a float condition inside SciPy."""
    image = np.zeros((5, 6))
    image[1:4, 1:5] = 1.0
    got, expected = run(ndimage.distance_transform_edt, image)
    check(got, expected, "float64")
    assert float(np.asarray(got)[2, 2]) == 2.0


def test_rotation_from_matrix_empty_stack():
    """Issue 15 item 4: ``argmax`` of an empty stack along an axis (NumPy: shape (0,))."""
    rot = spatial.transform.Rotation.from_matrix(xp.zeros((0, 3, 3)))
    assert rot.as_quat().shape == (0, 4)
    assert isinstance(rot.as_quat(), ARRAY)


def test_rotation_round_trip(dtype):
    quats = data((4, 4), "float64")
    quats /= np.linalg.norm(quats, axis=1, keepdims=True)
    expected = spatial.transform.Rotation.from_quat(quats).as_matrix()
    got = spatial.transform.Rotation.from_quat(xp.asarray(quats)).as_matrix()
    check(got, expected, "float64", rtol=1e-12, atol=1e-14)


def test_group_delay_warning_text():
    """Issue 15 item 5: SciPy formats 0-d arrays into its warning text (``f"{w:.3f}"``)."""
    b, a, w = np.array([1.0, 0.0]), np.array([1.0, -1.0]), np.array([0.0, 0.5, 1.25])

    def messages(*args):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            _, gd = signal.group_delay(args[:2], w=args[2])
        return [str(c.message) for c in caught if c.category is UserWarning], gd

    expected, expected_gd = messages(b, a, w)
    assert expected == ["The group delay is singular at frequencies [0.000], setting to 0"]
    got, gd = messages(xp.asarray(b), xp.asarray(a), xp.asarray(w))
    assert got == expected
    check(gd, expected_gd, "float64")


def test_function_without_array_api_support_returns_numpy():
    """The boundary docs/ecosystem.md names: ``cdist`` declares no array-API support, so SciPy
    converts to NumPy and returns a NumPy array (same values)."""
    a = data((5, 3), "float64")
    got = spatial.distance.cdist(xp.asarray(a), xp.asarray(a[:2]))
    assert type(got) is np.ndarray
    np.testing.assert_allclose(got, spatial.distance.cdist(a, a[:2]))


@pytest.mark.parametrize("name, fn", [
    ("Rotation.from_euler", lambda r, x: r.from_euler("xyz", x).as_quat()),
    ("Rotation.apply", lambda r, x: r.from_rotvec(x).apply(x[::-1])),
    ("Rotation.mean", lambda r, x: r.from_rotvec(x).mean().as_rotvec()),
    ("Rotation mul", lambda r, x: (r.from_rotvec(x) * r.from_rotvec(x[::-1])).as_mrp()),
    ("Rotation.magnitude", lambda r, x: r.from_rotvec(x).magnitude()),
    ("Rotation.as_euler", lambda r, x: r.from_rotvec(x).as_euler("zyx")),
], ids=lambda v: v if isinstance(v, str) else "")
def test_rotation(name, fn, dtype):
    """``Rotation`` keeps float32 input float32 (on NumPy input it always computes in
    float64)."""
    x = data((4, 3), dtype) * 0.5
    expected = fn(spatial.transform.Rotation, x)
    check(fn(spatial.transform.Rotation, xp.asarray(x)), np.asarray(expected).astype(dtype),
          dtype, rtol=TOL[dtype] * 100, atol=TOL[dtype] * 10)


def test_special_python_float_parameter_becomes_float64():
    """SciPy 1.17's fallback for non-NumPy namespaces converts every argument with
    ``np.asarray``, so a Python-float parameter is a strong float64 there before weaknp sees
    it: ``chdtr(3.0, float32)`` is float64 (NumPy's own call keeps float32); SciPy 1.18
    keeps the Python float weak, and the result float32.  Giving the parameter the data's
    dtype keeps float32 in both."""
    v = data(10, "float32") ** 2
    assert special.chdtr(3.0, v).dtype == np.float32               # NumPy input
    widened = tuple(int(p) for p in scipy.__version__.split(".")[:2]) < (1, 18)
    check(special.chdtr(3.0, xp.asarray(v)), special.chdtr(3.0, v),
          "float64" if widened else "float32", rtol=1e-6)
    check(special.chdtr(xp.asarray(3.0, dtype=xp.float32), xp.asarray(v)),
          special.chdtr(np.float32(3.0), v), "float32")
