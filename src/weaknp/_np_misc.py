"""NumPy-compatible functions beyond the Array API: NumPy's extra elementwise functions,
its spellings of the standard's ones, dtype utilities, printing and file I/O.

Layer 5b: may import the standard's section modules (layer 5) and anything below.

Dtypes and weak flags
---------------------
* NumPy's extra ufuncs (``cbrt``, ``exp2``, ``fmax``, ``fmod``, ``gcd``, ``heaviside``,
  ``logaddexp2``, ``rint``, ``spacing``, ...) are rows of weaknp's op table
  (``weaknp._ops.NUMPY_OPS``) and go through the same kernel as the standard's functions:
  their operands are joined on the lattice (Python scalars weak) and the result follows
  the row's rule (``inexact``: integers and bool map to float32, 64-bit ones to float64).
* NumPy's spellings of standard functions (``absolute``, ``arccos``, ``power``,
  ``true_divide``, ``left_shift``, ``bitwise_not``, ``mod``, ``conjugate``, ...) are the
  same function objects as the standard's (``wnp.power is wnp.pow``).
* Predicates (``isneginf``, ``isreal``, ...) return strong bool; ``frexp`` returns the
  inexact dtype of ``x`` and int32 (both strong, as JAX); ``modf``, ``sinc``, ``i0``,
  ``angle`` and ``nan_to_num`` keep the weak flag of their input.
* File I/O (``load``, ``loadtxt``, ``genfromtxt``, ``fromfile``, ``fromregex``) returns
  strong arrays of the dtype stored in the file or requested; saving takes weaknp arrays.
  Printing options are NumPy's (weaknp's repr prints through NumPy).
"""

from __future__ import annotations

import numpy as np

from . import _dtypes as D
from . import _elementwise as E
from . import _kernel as K
from ._array import Array
from ._convert import to_array
from ._operands import data_of
from ._operands import raw as _raw
from ._operands import raw as _to_np
from ._dispatch import wrap
from ._stored import stored_value
from ._lattice import STRONG_NODE
from ._ops import INEXACT_MAP, NUMPY_OPS
from ._promotion import resolve_dtype
from ._reduce import deliver
from ._ufunc import ufunc

_SUPPORTED = frozenset(D.ALL_DTYPES)

__all__ = [
    # NumPy's extra ufuncs (op-table rows)
    *(op.name for op in NUMPY_OPS),
    # NumPy's spellings of the standard's functions
    "absolute", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh",
    "bitwise_not", "invert", "conjugate", "left_shift", "right_shift", "mod", "power",
    "true_divide", "around", "fix",
    # hand-written elementwise functions
    "angle", "bitwise_count", "divmod", "frexp", "i0", "iscomplex", "isnat", "isneginf",
    "isposinf", "isreal", "ldexp", "modf", "nan_to_num", "real_if_close", "sinc",
    # dtype utilities
    "common_type", "min_scalar_type", "mintypecode",
    # memory
    "may_share_memory", "shares_memory",
    # printing
    "array2string", "array_repr", "array_str", "base_repr", "binary_repr",
    "format_float_positional", "format_float_scientific", "get_printoptions",
    "set_printoptions", "printoptions", "typename",
    # floating-point error handling and buffers
    "errstate", "geterr", "seterr", "geterrcall", "seterrcall", "getbufsize", "setbufsize",
    # file I/O
    "load", "save", "savez", "savez_compressed", "loadtxt", "savetxt", "genfromtxt",
    "fromfile", "fromregex",
    # functions of functions
    "vectorize", "frompyfunc",
]

# ---------------------------------------------------------------------------------------
# NumPy's extra ufuncs, generated from the op table like the standard's.

_GENERATED = {op.name: E.make_function(op) for op in NUMPY_OPS}
(cbrt, deg2rad, degrees, exp2, fabs, float_power, fmax, fmin, fmod, gcd, heaviside, lcm,
 logaddexp2, rad2deg, radians, rint, spacing) = (_GENERATED[op.name] for op in NUMPY_OPS)

# NumPy's spellings of the standard's functions: the same objects.
absolute = E.abs
arccos, arccosh, arcsin, arcsinh = E.acos, E.acosh, E.asin, E.asinh
arctan, arctan2, arctanh = E.atan, E.atan2, E.atanh
bitwise_not = invert = E.bitwise_invert
conjugate = E.conj
left_shift, right_shift = E.bitwise_left_shift, E.bitwise_right_shift
mod = E.remainder
power = E.pow
true_divide = E.divide
# JAX differs: jnp.fix was removed (use trunc); NumPy's fix is trunc (integers stay integers).
# Decision 56.
fix = E.trunc


def around(a, decimals=0, out=None):
    """Round to ``decimals`` decimals (NumPy's name for ``round``); same dtype and flag."""
    return E.round(a, decimals, out)


# ---------------------------------------------------------------------------------------
# Hand-written elementwise functions.

def _inexact(d: np.ndarray) -> np.dtype:
    return INEXACT_MAP.get(d.dtype, d.dtype)


def _compute(d: np.ndarray, dt: np.dtype) -> np.ndarray:
    """``d`` cast to ``dt``, or to float32 when ``dt`` is an ml_dtypes type (cast back later)."""
    return K.cast(d, D.float32 if dt in D.ML_DTYPES else dt)


def _real_only(function, d, weak):
    if d.dtype not in D.BOOL | D.INTEGER | D.REAL_FLOAT:
        what = "weak complex" if weak else D.dtype_name(d.dtype)
        raise TypeError(f"{function}: not defined for {what} inputs (real dtypes only); "
                        f"take the real part with wnp.real() first")


def sinc(x, /):
    """Normalised sinc, ``sin(pi x) / (pi x)``, elementwise; inexact dtype, keeps the flag."""
    d, w = data_of(x, "sinc")
    dt = _inexact(d)
    return wrap(K.cast(np.sinc(_compute(d, dt)), dt), w)


def i0(x):
    """Modified Bessel function of the first kind, order 0; real inputs, inexact dtype."""
    d, w = data_of(x, "i0")
    _real_only("i0", d, w)
    dt = _inexact(d)
    return wrap(K.cast(np.i0(_compute(d, dt)), dt), w)


def angle(z, deg=False):
    """Angle of the complex argument (real inputs: 0 or pi).

    Promotion: complex gives its real float; integers and bool use the inexact rule.
    """
    # JAX differs: angle of any integer is float64 there; weaknp uses the inexact rule.
    # Decision 24.
    d, w = data_of(z, "angle")
    dt = _inexact(d)
    out = D.COMPLEX_TO_REAL.get(dt, dt)
    return wrap(K.cast(np.angle(_compute(d, dt), deg=deg), out), w)


def _bitwise_count(x, /):
    """Number of 1 bits in ``|x|``, elementwise; integer or bool input, uint8 result."""
    d, w = data_of(x, "bitwise_count")
    if d.dtype not in D.BOOL | D.INTEGER:
        raise TypeError(f"bitwise_count: not defined for {D.dtype_name(d.dtype)} inputs "
                        f"(integer and bool only); cast explicitly with astype()")
    work = K.cast(d, D.int32 if d.dtype in D.ML_DTYPES | D.BOOL else d.dtype)
    return wrap(np.bitwise_count(work).astype(D.uint8, copy=False), False)


def _divmod(x1, x2, /):
    """``(floor_divide(x1, x2), remainder(x1, x2))``: both with the join's dtype and flag."""
    return E.floor_divide(x1, x2), E.remainder(x1, x2)


def _frexp(x, /):
    """Mantissa and exponent: ``x == m * 2**e``; ``(inexact dtype of x, int32)``, strong."""
    d, w = data_of(x, "frexp")
    _real_only("frexp", d, w)
    dt = _inexact(d)
    m, e = np.frexp(_compute(d, dt))
    return wrap(K.cast(m, dt), False), wrap(e.astype(D.int32, copy=False), False)


def _ldexp(x1, x2, /):
    """``x1 * 2**x2`` elementwise; ``x2`` must be integer. Dtype: inexact dtype of ``x1``.

    Promotion: the result is strong unless both inputs are weak (as JAX).
    """
    d1, w1 = data_of(x1, "ldexp")
    d2, w2 = data_of(x2, "ldexp")
    _real_only("ldexp", d1, w1)
    if d2.dtype not in D.BOOL | D.INTEGER:
        raise TypeError(f"ldexp: the exponent x2 must be an integer array, got "
                        f"{D.dtype_name(d2.dtype)}; cast it with astype('int32')")
    dt = _inexact(d1)
    # NumPy's ldexp loop takes an int32 exponent; wider ones saturate (2**31 overflows
    # every float anyway).
    e = np.clip(d2, -(2**31), 2**31 - 1).astype(D.int32) if d2.dtype.itemsize >= 4 \
        and d2.dtype not in D.ML_DTYPES else K.cast(d2, D.int32)
    r = np.ldexp(_compute(d1, dt), e)
    return wrap(K.cast(r, dt), w1 and w2)


def _modf(x, /):
    """Fractional and integral parts, both with the sign of ``x``; inexact dtype, keeps the flag."""
    d, w = data_of(x, "modf")
    _real_only("modf", d, w)
    dt = _inexact(d)
    f, i = np.modf(_compute(d, dt))
    return wrap(K.cast(f, dt), w), wrap(K.cast(i, dt), w)


# NumPy's ufuncs without an op-table row: weaknp ufunc objects around the functions above
# (NumPy's call signature: out=, where=, dtype=; no reduce/accumulate).
bitwise_count = ufunc(func=_bitwise_count, nin=1, nout=1, name="bitwise_count",
                      doc=_bitwise_count.__doc__)
divmod = ufunc(func=_divmod, nin=2, nout=2, name="divmod", doc=_divmod.__doc__)
frexp = ufunc(func=_frexp, nin=1, nout=2, name="frexp", doc=_frexp.__doc__)
ldexp = ufunc(func=_ldexp, nin=2, nout=1, name="ldexp", doc=_ldexp.__doc__)
modf = ufunc(func=_modf, nin=1, nout=2, name="modf", doc=_modf.__doc__)


def _real_predicate(function, x, np_fn):
    d, w = data_of(x, function)
    _real_only(function, d, w)
    if d.dtype in D.ML_DTYPES:
        d = K.cast(d, D.float32)
    return wrap(np.asarray(np_fn(d)), False)


def isneginf(x, out=None):
    """Whether ``x`` is negative infinity, elementwise (real inputs; strong bool)."""
    return deliver(_real_predicate("isneginf", x, np.isneginf), out, "isneginf")


def isposinf(x, out=None):
    """Whether ``x`` is positive infinity, elementwise (real inputs; strong bool)."""
    return deliver(_real_predicate("isposinf", x, np.isposinf), out, "isposinf")


def isreal(x):
    """Whether the imaginary part is zero, elementwise (strong bool)."""
    # JAX differs: isreal/iscomplex of a weak input give a weak bool there (decision 4).
    d, _ = data_of(x, "isreal")
    return wrap(np.asarray(np.imag(d) == 0) if d.dtype in D.COMPLEX else
                np.ones(d.shape, D.bool_), False)


def iscomplex(x):
    """Whether the imaginary part is non-zero, elementwise (strong bool)."""
    d, _ = data_of(x, "iscomplex")
    return wrap(np.asarray(np.imag(d) != 0) if d.dtype in D.COMPLEX else
                np.zeros(d.shape, D.bool_), False)


def _isnat(x, /):
    """NumPy's "is not-a-time": weaknp has no datetime dtypes, so this always raises."""
    d, _ = data_of(x, "isnat")
    raise TypeError(f"isnat: only defined for datetime64 and timedelta64 inputs, got "
                    f"{D.dtype_name(d.dtype)}; weaknp has no datetime dtypes (use NumPy "
                    f"for dates)")


isnat = ufunc(func=_isnat, nin=1, nout=1, name="isnat", doc=_isnat.__doc__)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """Replace NaN with ``nan`` and infinities with ``posinf``/``neginf`` (default: the
    dtype's largest/smallest finite value); dtype and weak flag of ``x``.

    The replacement values may be arrays (broadcast against ``x``); each is stored with
    the rule of ``x[i] = v`` into ``x``'s (real) dtype.

    Examples
    --------
    >>> x = wnp.asarray([wnp.nan, wnp.inf, 1.0], dtype=wnp.float32)
    >>> wnp.nan_to_num(x, nan=wnp.asarray([7, 8, 9], dtype=wnp.int8))
    Array([7.0000000e+00, 3.4028235e+38, 1.0000000e+00], dtype=float32)
    """
    # JAX differs: nan_to_num drops the weak flag of a weak float there (decision 24).
    d, w = data_of(x, "nan_to_num")
    if d.dtype in D.BOOL | D.INTEGER:
        return wrap(d.copy() if copy else d, w)
    part = D.COMPLEX_TO_REAL.get(d.dtype, d.dtype)
    slot = np.empty((), part)

    def value(v):
        if v is None:
            return None
        return np.asarray(stored_value("nan_to_num", slot, STRONG_NODE[part], v, lists=True))

    nan, posinf, neginf = value(nan), value(posinf), value(neginf)
    if d.dtype in D.ML_DTYPES:
        big = float(D.FLOAT_MAX[d.dtype])
        f32 = (lambda v, default: default if v is None else K.cast(v, D.float32))
        r = np.nan_to_num(K.cast(d, D.float32), nan=f32(nan, 0.0),
                          posinf=f32(posinf, big), neginf=f32(neginf, -big))
        return wrap(K.cast(np.asarray(r), d.dtype), w)
    r = np.asarray(np.nan_to_num(d, copy=True, nan=nan, posinf=posinf, neginf=neginf))
    if not copy and isinstance(x, Array):
        x._data[...] = r
        return x
    return wrap(r, w)


def real_if_close(a, tol=100):
    """The real part if every imaginary part is within ``tol`` machine epsilons of zero
    (``tol`` > 1) or absolutely (``tol`` <= 1); otherwise ``a`` unchanged.

    Promotion: the result's dtype depends on the values, as in NumPy (JAX has no
    ``real_if_close``); the weak flag is kept.
    """
    d, w = data_of(a, "real_if_close")
    if d.dtype not in D.COMPLEX:
        return wrap(d, w)
    real_dt = D.COMPLEX_TO_REAL[d.dtype]
    limit = tol * float(np.finfo(real_dt).eps) if tol > 1 else tol
    if np.all(np.abs(d.imag) < limit):
        return wrap(np.ascontiguousarray(d.real), w)
    return wrap(d, w)


# ---------------------------------------------------------------------------------------
# Dtype utilities.

def _dtype_of(x, function):
    if isinstance(x, Array):
        return x.dtype
    dt = resolve_dtype(x, function) if not isinstance(x, (list, tuple, np.ndarray)) else None
    return dt if dt is not None else data_of(x, function)[0].dtype


def common_type(*arrays):
    """The inexact scalar type the arrays promote to (NumPy's rule: integers count as
    float64), returned as a weaknp dtype."""
    if not arrays:
        raise TypeError("common_type: at least one array is required")
    dts = [_dtype_of(a, "common_type") for a in arrays]
    for dt in dts:
        if dt not in D.NUMERIC:
            raise TypeError(f"common_type: can't get common type for non-numeric "
                            f"{D.dtype_name(dt)}")
    is_complex = any(dt in D.COMPLEX for dt in dts)
    size = max(dt.itemsize // (2 if dt in D.COMPLEX else 1) if dt in D.FLOATING else 8
               for dt in dts)
    if is_complex:
        return D.complex128 if size >= 8 else D.complex64
    return {2: D.float16, 4: D.float32}.get(size, D.float64) if size < 8 else D.float64


def mintypecode(typechars, typeset="GDFgdf", default="d"):
    """NumPy's ``mintypecode`` (character codes; weaknp adds nothing here)."""
    return np.mintypecode(typechars, typeset, default)


def min_scalar_type(a, /):
    """The smallest dtype that can hold ``a`` (NumPy's rule, for values weaknp supports)."""
    if isinstance(a, Array):
        a = a._data
    return np.min_scalar_type(a)


# ---------------------------------------------------------------------------------------
# Memory.

def may_share_memory(a, b, /, max_work=None):
    """Whether ``a`` and ``b`` might share memory (weaknp arrays are NumPy buffers)."""
    return np.may_share_memory(_raw(a), _raw(b), max_work=max_work)


def shares_memory(a, b, /, max_work=None):
    """Whether ``a`` and ``b`` share memory (exact, possibly slow)."""
    return np.shares_memory(_raw(a), _raw(b), max_work=max_work)


# ---------------------------------------------------------------------------------------
# Printing (weaknp prints through NumPy, so NumPy's print options apply).

def array2string(a, *args, **kwargs):
    """The string NumPy would print for the array's values."""
    return np.array2string(data_of(a, "array2string")[0], *args, **kwargs)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """``repr(arr)`` with the given print options."""
    if not isinstance(arr, Array):
        arr = to_array(arr, function="array_repr")
    with np.printoptions(**{k: v for k, v in (("linewidth", max_line_width),
                                               ("precision", precision),
                                               ("suppress", suppress_small)) if v is not None}):
        return repr(arr)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """``str(a)`` with the given print options."""
    return np.array_str(data_of(a, "array_str")[0] if isinstance(a, Array) else np.asarray(a),
                        max_line_width, precision, suppress_small)


base_repr = np.base_repr
binary_repr = np.binary_repr
def _float_scalar(x, function):
    """A NumPy (or ml_dtypes) scalar of ``x``'s own dtype, so the digits printed are those
    of that dtype (a 0-d float32 array prints float32's shortest digits, not float64's)."""
    if isinstance(x, Array):
        if x.ndim != 0:
            raise TypeError(f"{function}: needs a scalar (a 0-d array), got shape {x.shape}")
        return x._data.reshape(())[()]
    return x


def format_float_positional(x, precision=None, unique=True, fractional=True, trim="k",
                            sign=False, pad_left=None, pad_right=None, min_digits=None):
    """NumPy's ``format_float_positional``; a 0-d weaknp array is printed with the digits
    of its own dtype.

    Examples
    --------
    >>> wnp.format_float_positional(wnp.float32(wnp.pi))
    '3.1415927'
    >>> wnp.format_float_positional(wnp.asarray(1.5, dtype=wnp.bfloat16) / 3)
    '0.5'
    """
    return np.format_float_positional(
        _float_scalar(x, "format_float_positional"), precision=precision, unique=unique,
        fractional=fractional, trim=trim, sign=sign, pad_left=pad_left, pad_right=pad_right,
        min_digits=min_digits)


def format_float_scientific(x, precision=None, unique=True, trim="k", sign=False,
                            pad_left=None, exp_digits=None, min_digits=None):
    """NumPy's ``format_float_scientific``; a 0-d weaknp array is printed with the digits
    of its own dtype.

    Examples
    --------
    >>> wnp.format_float_scientific(wnp.float32(wnp.pi))
    '3.1415927e+00'
    """
    return np.format_float_scientific(
        _float_scalar(x, "format_float_scientific"), precision=precision, unique=unique,
        trim=trim, sign=sign, pad_left=pad_left, exp_digits=exp_digits,
        min_digits=min_digits)
get_printoptions = np.get_printoptions
set_printoptions = np.set_printoptions
printoptions = np.printoptions


def typename(char):
    """NumPy's description of a dtype character code."""
    return np.typename(char)


# ---------------------------------------------------------------------------------------
# Floating-point error handling (weaknp computes with NumPy, so NumPy's settings apply).

errstate = np.errstate
geterr, seterr = np.geterr, np.seterr
geterrcall, seterrcall = np.geterrcall, np.seterrcall
getbufsize, setbufsize = np.getbufsize, np.setbufsize


# ---------------------------------------------------------------------------------------
# File I/O: NumPy reads and writes the bytes; weaknp checks the dtype and wraps.

def _wrap_loaded(obj, function):
    if isinstance(obj, np.ndarray):
        if obj.dtype not in _SUPPORTED:
            raise TypeError(f"{function}: the file holds dtype {obj.dtype}, which weaknp does "
                            f"not support; load it with numpy instead")
        return wrap(obj, False)
    return obj


def _np_dtype(dtype, function):
    return dtype if dtype is None or isinstance(dtype, list) else \
        resolve_dtype(dtype, function)


class _NpzFile:
    """``load`` of an ``.npz`` file: NumPy's NpzFile whose items are weaknp arrays."""

    def __init__(self, npz):
        self._npz = npz

    def __getitem__(self, key):
        return _wrap_loaded(self._npz[key], "load")

    def __iter__(self):
        return iter(self._npz)

    def __len__(self):
        return len(self._npz)

    def __contains__(self, key):
        return key in self._npz

    def keys(self):
        return self._npz.keys()

    @property
    def files(self):
        return self._npz.files

    def items(self):
        return [(k, self[k]) for k in self._npz.files]

    def close(self):
        self._npz.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *,
         max_header_size=10000):
    """Load an array (``.npy``) or arrays (``.npz``) saved by NumPy or weaknp; strong arrays."""
    obj = np.load(file, mmap_mode=mmap_mode, allow_pickle=allow_pickle,
                  fix_imports=fix_imports, encoding=encoding, max_header_size=max_header_size)
    if isinstance(obj, np.lib.npyio.NpzFile):
        return _NpzFile(obj)
    return _wrap_loaded(obj, "load")


def save(file, arr, allow_pickle=True, fix_imports=True):
    """Save one array to a ``.npy`` file (the weak flag is not stored: it loads strong)."""
    np.save(file, _to_np(arr), allow_pickle=allow_pickle)


def savez(file, *args, allow_pickle=True, **kwds):
    """Save several arrays into an uncompressed ``.npz`` file."""
    np.savez(file, *map(_to_np, args), allow_pickle=allow_pickle,
             **{k: _to_np(v) for k, v in kwds.items()})


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """Save several arrays into a compressed ``.npz`` file."""
    np.savez_compressed(file, *map(_to_np, args), allow_pickle=allow_pickle,
                        **{k: _to_np(v) for k, v in kwds.items()})


def savetxt(fname, X, *args, **kwargs):
    """Save an array to a text file (NumPy's formatting)."""
    d = _to_np(X)
    if isinstance(d, np.ndarray) and d.dtype in D.ML_DTYPES:
        d = K.cast(d, D.float32)
    np.savetxt(fname, d, *args, **kwargs)


def loadtxt(fname, dtype=float, *args, **kwargs):
    """Load an array from a text file; ``dtype`` defaults to the default float (float64)."""
    return _wrap_loaded(np.loadtxt(fname, _np_dtype(dtype, "loadtxt"), *args, **kwargs),
                        "loadtxt")


def genfromtxt(fname, dtype=float, *args, **kwargs):
    """Load an array from a text file with missing values handled (NumPy's genfromtxt)."""
    return _wrap_loaded(np.genfromtxt(fname, _np_dtype(dtype, "genfromtxt"), *args, **kwargs),
                        "genfromtxt")


def fromfile(file, dtype=float, count=-1, sep="", offset=0):
    """Read an array from a raw binary or text file."""
    return _wrap_loaded(np.fromfile(file, resolve_dtype(dtype, "fromfile"), count, sep,
                                    offset), "fromfile")


def fromregex(file, regexp, dtype, encoding=None):
    """Read an array from a text file with a regular expression.

    With a plain dtype (one group in ``regexp``) the result is a weaknp array; a structured
    dtype raises, since weaknp has no record arrays (use NumPy's ``fromregex``).
    """
    structured = isinstance(dtype, list) or (isinstance(dtype, np.dtype) and dtype.names)
    dt = dtype if structured else np.dtype([("f0", resolve_dtype(dtype, "fromregex"))])
    r = np.fromregex(file, regexp, dt, encoding)
    if not structured:
        r = r["f0"]
    return _wrap_loaded(np.ascontiguousarray(r), "fromregex")


# ---------------------------------------------------------------------------------------
# Functions of functions.

class vectorize:
    """Call a Python function on every element (NumPy's ``vectorize``; a loop, not fast).

    The inputs are weaknp arrays or array-likes; the output dtype is ``otypes[0]`` when
    given, else the dtype of the function's results as NumPy infers it (strong).
    """

    def __init__(self, pyfunc=np._NoValue, otypes=None, doc=None, excluded=None,
                 cache=False, signature=None):
        self._options = (otypes, doc, excluded, cache, signature)
        if pyfunc is np._NoValue:  # NumPy's decorator form: @vectorize(otypes=[float])
            self.pyfunc = None
            return
        self.pyfunc = pyfunc
        self.otypes = ([resolve_dtype(t, "vectorize") for t in otypes]
                       if otypes is not None and not isinstance(otypes, str) else otypes)
        self._np = np.vectorize(pyfunc, otypes=self.otypes, doc=doc, excluded=excluded,
                                cache=cache, signature=signature)
        self.__doc__ = doc or getattr(pyfunc, "__doc__", None)

    def __call__(self, *args, **kwargs):
        if self.pyfunc is None:  # the decorator form, applied to the function
            return vectorize(args[0], *self._options)
        args = [_to_np(a) for a in args]
        kwargs = {k: _to_np(v) for k, v in kwargs.items()}
        r = self._np(*args, **kwargs)
        if isinstance(r, tuple):
            return tuple(_wrap_loaded(np.asarray(x), "vectorize") for x in r)
        return _wrap_loaded(np.asarray(r), "vectorize")


def frompyfunc(func, /, nin, nout, *, identity=None):
    """A :class:`weaknp.ufunc` calling ``func`` on each element (NumPy returns object
    arrays; weaknp converts the results with ``asarray``'s rules, so they must be
    numbers).  It takes NumPy's call keywords (``out=``, ``where=``); ``reduce`` and the
    other methods are not available."""
    np_fn = np.frompyfunc(func, nin, nout, identity=identity)

    def call(*args):
        r = np_fn(*[_to_np(a) for a in args])
        conv = (lambda v: to_array(v.tolist() if isinstance(v, np.ndarray) else v,
                                   function="frompyfunc"))
        return tuple(conv(v) for v in r) if nout > 1 else conv(r)

    return ufunc(func=call, nin=nin, nout=nout, identity=identity,
                 name=getattr(func, "__name__", "frompyfunc"),
                 doc=getattr(func, "__doc__", None))
