"""weaknp.polynomial (issue 25): the six series classes and the module functions of each
basis.  Values against ``numpy.polynomial`` on the same float64 inputs; dtypes and weak
flags literal (float32 and float16 inputs keep their dtype; weak Python floats do not
widen)."""

import numpy as np
import numpy.polynomial as P
import pytest
from support import close_array, same_array

import weaknp as wnp

W = wnp.polynomial
BASES = [("polynomial", "poly", "Polynomial"), ("chebyshev", "cheb", "Chebyshev"),
         ("legendre", "leg", "Legendre"), ("hermite", "herm", "Hermite"),
         ("hermite_e", "herme", "HermiteE"), ("laguerre", "lag", "Laguerre")]
C = [1.0, -2.0, 0.5, 3.0]
X = [0.0, 0.25, -0.5, 1.5]


def f32(v):
    return wnp.asarray(np.asarray(v, np.float32))


def oracle(v):
    """float64 input for NumPy: the float32 values widened exactly."""
    return np.asarray(v, np.float32).astype(np.float64)


# -- the classes ------------------------------------------------------------------------

def test_numpy_docstring_example_polynomial():
    p = W.Polynomial([-1, 2, 3])
    assert repr(p) == repr(P.Polynomial([-1, 2, 3]))
    assert str(p) == str(P.Polynomial([-1, 2, 3]))
    same_array(p.coef, np.array([-1.0, 2.0, 3.0]))
    same_array(p(2.0), np.array(15.0))
    same_array(p.roots(), P.Polynomial([-1, 2, 3]).roots())
    same_array(p.domain, np.array([-1.0, 1.0]))
    same_array(p.window, np.array([-1.0, 1.0]))
    assert p.symbol == "x" and p.degree() == 2 and len(p) == 3


def test_fit_example_from_numpy():
    x = np.linspace(-1, 1, 11)
    y = x**3 - x + 0.5
    got = W.Polynomial.fit(wnp.asarray(x), wnp.asarray(y), 3)
    want = P.Polynomial.fit(x, y, 3)
    close_array(got.coef, want.coef, 1e-12, 1e-12)
    close_array(got.convert().coef, want.convert().coef, 1e-12, 1e-12)
    same_array(got.domain, want.domain)
    assert got.dtype == wnp.float64
    g32 = W.Polynomial.fit(f32(x), f32(y), 3)
    assert g32.coef.dtype == wnp.float32 and not g32.coef.weak_type
    close_array(g32.coef, P.Polynomial.fit(oracle(x), oracle(y), 3).coef, 1e-6, 1e-6)
    full = W.Chebyshev.fit(f32(x), f32(y), 2, full=True)
    assert isinstance(full[0], W.Chebyshev) and full[1][0].dtype == wnp.float32


@pytest.mark.parametrize("module, prefix, cls", BASES)
def test_float32_series_stay_float32(module, prefix, cls):
    K, NK = getattr(W, cls), getattr(P, cls)
    p, n = K(f32(C)), NK(oracle(C))
    assert p.dtype == wnp.float32
    for got, want in [(p(f32(X)), n(oracle(X))), (p(0.5), n(0.5)),
                      (p.deriv().coef, n.deriv().coef), (p.integ(k=1.0).coef, n.integ(k=1.0).coef),
                      ((p + 0.5).coef, (n + 0.5).coef), ((p * p).coef, (n * n).coef),
                      ((2.0 * p).coef, (2.0 * n).coef), ((p - p).coef, (n - n).coef),
                      ((p // K(f32([1.0, 1.0]))).coef, (n // NK([1.0, 1.0])).coef),
                      ((p % K(f32([1.0, 1.0]))).coef, (n % NK([1.0, 1.0])).coef),
                      ((p**2).coef, (n**2).coef), ((-p).coef, (-n).coef),
                      (p.linspace(5)[1], n.linspace(5)[1])]:
        assert got.dtype == wnp.float32 and not got.weak_type, (cls, got.dtype)
        close_array(got, want, 2e-6, 1e-5)
    r = p.roots()
    assert r.dtype == (wnp.complex64 if np.iscomplexobj(n.roots()) else wnp.float32)
    close_array(np.sort_complex(np.asarray(r)), np.sort_complex(n.roots()), 1e-4, 1e-4)


def test_lattice_decides_the_join():
    p16 = W.Polynomial(wnp.asarray([1, 2], dtype=wnp.float16))
    assert p16(0.5).dtype == wnp.float16               # weak Python float: no widening
    assert p16(f32([0.5])).dtype == wnp.float32        # float16 with float32
    assert (p16 + W.Polynomial(f32([1.0]))).dtype == wnp.float32
    assert W.Polynomial(wnp.asarray([1, 2], dtype=wnp.int8)).dtype == wnp.float32
    assert W.Polynomial([1, 2]).dtype == wnp.float64   # a list: int64 -> float64
    assert W.Polynomial(2.5).coef.weak_type
    assert W.Polynomial([1j, 2]).dtype == wnp.complex128
    q = W.Polynomial(f32([1.0, 1.0]))
    assert q(np.float64(2.0)).dtype == wnp.float64     # NumPy scalars are strong


def test_repr_and_str_of_float32_match_numpy():
    p, n = W.Legendre(f32([0.1, 2, 3])), P.Legendre(np.asarray([0.1, 2, 3], np.float32))
    assert repr(p) == repr(n) and str(p) == str(n) and format(p, "ascii") == format(n, "ascii")
    assert p._repr_latex_() == n._repr_latex_()


def test_class_constructors_and_conversion():
    r = W.Polynomial.fromroots(f32([1.0, 2.0]))
    same_array(r.coef, np.array([2.0, -3.0, 1.0], np.float32))
    same_array(W.Chebyshev.basis(2).coef, P.Chebyshev.basis(2).coef)
    same_array(W.Hermite.identity().coef, P.Hermite.identity().coef)
    c = W.Chebyshev(f32(C))
    conv = c.convert(kind=W.Polynomial)
    assert isinstance(conv, W.Polynomial) and conv.dtype == wnp.float32
    close_array(conv.coef, P.Chebyshev(oracle(C)).convert(kind=P.Polynomial).coef, 1e-6)
    cast = W.Polynomial.cast(c)
    assert isinstance(cast, W.Polynomial) and cast.dtype == wnp.float32
    assert c == W.Chebyshev(f32(C)) and c != W.Chebyshev([1.0])
    assert c.has_samecoef(W.Chebyshev(f32(C))) and c.has_sametype(W.Chebyshev([1.0]))
    assert c.mapparms() == P.Chebyshev(C).mapparms()
    same_array(c.trim().coef, np.asarray(C, np.float32))
    same_array(c.truncate(2).coef, np.asarray(C[:2], np.float32))
    with pytest.raises(TypeError):
        c + W.Polynomial([1.0])      # NumPy refuses mixing bases


def test_ndarray_operands_hand_over_to_the_series():
    p = W.Polynomial(f32([1.0, 2.0]))
    r = np.arange(2.0) + p
    assert isinstance(r, W.Polynomial)
    close_array(r.coef, [1.0, 3.0], 0)
    assert r.dtype == wnp.float64


# -- the module functions ---------------------------------------------------------------

@pytest.mark.parametrize("module, prefix, cls", BASES)
def test_module_functions_against_numpy(module, prefix, cls):
    wm, nm = getattr(W, module), getattr(P, module)

    def fn(name):
        return getattr(wm, prefix + name), getattr(nm, prefix + name)

    c, nc = f32(C), oracle(C)
    x, nx = f32(X), oracle(X)
    calls = [("val", (x, c), (nx, nc)), ("der", (c,), (nc,)), ("int", (c,), (nc,)),
             ("add", (c, c), (nc, nc)), ("sub", (c, f32([1.0])), (nc, [1.0])),
             ("mul", (c, c), (nc, nc)), ("pow", (c, 2), (nc, 2)), ("mulx", (c,), (nc,)),
             ("vander", (x, 3), (nx, 3)), ("line", (f32(1.0), f32(2.0)), (1.0, 2.0)),
             ("fromroots", (f32([1.0, -1.0, 0.5]),), (oracle([1.0, -1.0, 0.5]),)),
             ("fit", (x, f32([1.0, 2.0, 3.0, 0.0]), 2), (nx, oracle([1.0, 2.0, 3.0, 0.0]), 2)),
             ("trim", (f32([1.0, 2.0, 0.0]),), ([1.0, 2.0, 0.0],)),
             ("companion", (c,), (nc,)), ("val2d", (x, x, f32([[1.0, 2.0], [3.0, 4.0]])),
                                          (nx, nx, [[1.0, 2.0], [3.0, 4.0]]))]
    for name, wargs, nargs in calls:
        w, n = fn(name)
        got, want = w(*wargs), n(*nargs)
        assert got.dtype == wnp.float32 and not got.weak_type, (prefix + name, got.dtype)
        close_array(got, want, 2e-6, 1e-5)
    q, r = fn("div")[0](c, f32([1.0, 1.0]))
    nq, nr = fn("div")[1](nc, [1.0, 1.0])
    assert q.dtype == r.dtype == wnp.float32
    close_array(q, nq, 1e-6)
    close_array(r, nr, 1e-6, 1e-6)
    roots = fn("roots")[0](c)
    close_array(np.sort_complex(np.asarray(roots)), np.sort_complex(fn("roots")[1](nc)),
                1e-4, 1e-4)
    same_array(getattr(wm, prefix + "domain"), getattr(nm, prefix + "domain"))
    x2, w2 = getattr(wm, prefix + "gauss")(3) if hasattr(wm, prefix + "gauss") else (None, None)
    if x2 is not None:
        same_array(x2, getattr(nm, prefix + "gauss")(3)[0])


def test_weak_scalars_do_not_widen_and_lists_are_strong():
    pv = W.polynomial.polyval
    same_array(pv(0.5, f32([1.0, 2.0])), np.array(2.0, np.float32))
    same_array(pv(0.5, 2.0), np.array(2.0), weak=True)
    same_array(pv(2, [1, 2, 3]), np.array(17.0))          # NumPy's float64 for int lists
    same_array(pv(f32(0.5), [1.0, 2.0]), np.array(2.0))    # a list is a strong float64
    same_array(W.polynomial.polyline(1, 2), np.array([1.0, 2.0]), weak=True)
    same_array(W.polynomial.polyint(f32([1.0]), k=[2.0]), np.array([2.0, 1.0], np.float32))
    same_array(W.polynomial.polyint(f32([1.0]), k=[2.0], lbnd=1.0),
               P.polynomial.polyint([1.0], k=[2.0], lbnd=1.0).astype(np.float32))
    same_array(W.polynomial.polyder(wnp.asarray([1, 2, 3], dtype=wnp.int16)),
               np.array([2.0, 6.0], np.float32))


def test_fit_with_weights_and_full():
    x = np.linspace(0, 1, 6)
    y = 1 + 2 * x
    w = np.linspace(1, 2, 6)
    got = W.polynomial.polyfit(wnp.asarray(x), wnp.asarray(y), 1, w=wnp.asarray(w), full=True)
    want = P.polynomial.polyfit(x, y, 1, w=w, full=True)
    close_array(got[0], want[0], 1e-12)
    assert got[1][1] == want[1][1]   # the rank, as NumPy gives it


def test_chebinterpolate_and_points():
    got = W.chebyshev.chebinterpolate(wnp.cos, 4)
    close_array(got, P.chebyshev.chebinterpolate(np.cos, 4), 1e-12, 1e-14)
    same_array(W.chebyshev.chebpts1(3), P.chebyshev.chebpts1(3))
    same_array(W.chebyshev.cheb2poly(f32([1.0, 2.0, 3.0])),
               P.chebyshev.cheb2poly([1.0, 2.0, 3.0]).astype(np.float32))


def test_errors_name_the_function():
    with pytest.raises(TypeError, match="polyval"):
        W.polynomial.polyval(1.0)
    assert W.polynomial.polyval.__module__ == "weaknp.polynomial"
    assert sorted(W.chebyshev.__all__) == sorted(P.chebyshev.__all__)
    assert sorted(W.__all__) == sorted(P.__all__)


# -- polyutils (expected values: NumPy's numpy.polynomial.polyutils on the same input) ----

PU = wnp.polynomial.polyutils


def test_polyutils_trimcoef_values_and_dtypes():
    r = PU.trimcoef((0, 0, 3, 0, 5, 0, 0))
    same_array(r, np.array([0.0, 0.0, 3.0, 0.0, 5.0]))   # a tuple is strong, as asarray's
    same_array(PU.trimcoef((0, 0, 1e-3, 0, 1e-5, 0, 0), 1e-3), np.array([0.0]))
    r = PU.trimcoef((3e-4, 1e-3 * (1 - 1j), 5e-4, 2e-5 * (1 + 1j)), 1e-3)
    close_array(r, np.array([0.0003 + 0j, 0.001 - 0.001j]), 1e-15)
    r = PU.trimcoef(f32([1.0, 2.0, 0.0]))
    same_array(r, np.array([1.0, 2.0], np.float32))


def test_polyutils_trimseq_as_series_getdomain_mapparms_mapdomain():
    assert PU.trimseq([1, 0, 0]) == [1]
    same_array(PU.trimseq(f32([1.0, 0.0, 0.0])), np.array([1.0], np.float32))
    s = PU.as_series([[1, 2], [3.0]])
    same_array(s[0], np.array([1.0, 2.0]))
    same_array(s[1], np.array([3.0]))
    s = PU.as_series([f32([1.0, 2.0]), f32([0.0])])
    same_array(s[0], np.array([1.0, 2.0], np.float32))
    same_array(PU.getdomain([1, 10, 3, -1]), np.array([-1.0, 10.0]))
    same_array(PU.getdomain([1 + 1j, 1 - 1j, 0, 2]), np.array([0 - 1j, 2 + 1j]))
    assert [float(v) for v in PU.mapparms((-1, 1), (-1, 3))] == [1.0, 2.0]
    same_array(PU.mapdomain(f32([1.0, 2.0, 3.0]), [-1, 1], [0, 4]),
               np.array([4.0, 6.0, 8.0], np.float32))


@pytest.mark.parametrize(("module", "prefix", "cls"), BASES)
def test_each_basis_trim_function(module, prefix, cls):
    trim = getattr(getattr(W, module), prefix + "trim")
    same_array(trim(f32([1.0, 2.0, 1e-4, 0.0]), 1e-3), np.array([1.0, 2.0], np.float32))
