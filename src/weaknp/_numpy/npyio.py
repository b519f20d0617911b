"""NumPy's printing, floating-point error state and file I/O for weaknp arrays.

File I/O (``load``, ``loadtxt``, ``genfromtxt``, ``fromfile``, ``fromregex``) returns
strong arrays of the dtype stored in the file or requested; saving takes weaknp arrays.
Printing options and error state are NumPy's (weaknp prints and computes through NumPy).
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes as D
from .._core import kernel as K
from .._array.array import Array
from .._array.convert import to_array
from .._array.operands import data_of, wrap_loaded
from .._array.operands import raw as _raw
from .._core.promotion import resolve_dtype


__all__ = [
    # printing
    "array2string", "array_repr", "array_str", "base_repr", "binary_repr",
    "format_float_positional", "format_float_scientific", "get_printoptions",
    "set_printoptions", "printoptions",
    # floating-point error handling and buffers
    "errstate", "geterr", "seterr", "geterrcall", "seterrcall", "getbufsize", "setbufsize",
    # file I/O
    "load", "save", "savez", "savez_compressed", "loadtxt", "savetxt", "genfromtxt",
    "fromfile", "fromregex",
]

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


# ---------------------------------------------------------------------------------------
# Floating-point error handling (weaknp computes with NumPy, so NumPy's settings apply).

errstate = np.errstate
geterr, seterr = np.geterr, np.seterr
geterrcall, seterrcall = np.geterrcall, np.seterrcall
getbufsize, setbufsize = np.getbufsize, np.setbufsize


# ---------------------------------------------------------------------------------------
# File I/O: NumPy reads and writes the bytes; weaknp checks the dtype and wraps.

def _np_dtype(dtype, function):
    return dtype if dtype is None or isinstance(dtype, list) else \
        resolve_dtype(dtype, function)


class _NpzFile:
    """``load`` of an ``.npz`` file: NumPy's NpzFile whose items are weaknp arrays."""

    def __init__(self, npz):
        self._npz = npz

    def __getitem__(self, key):
        return wrap_loaded(self._npz[key], "load")

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
    return wrap_loaded(obj, "load")


def save(file, arr, allow_pickle=True, fix_imports=True):
    """Save one array to a ``.npy`` file (the weak flag is not stored: it loads strong)."""
    np.save(file, _raw(arr), allow_pickle=allow_pickle)


def savez(file, *args, allow_pickle=True, **kwds):
    """Save several arrays into an uncompressed ``.npz`` file."""
    np.savez(file, *map(_raw, args), allow_pickle=allow_pickle,
             **{k: _raw(v) for k, v in kwds.items()})


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """Save several arrays into a compressed ``.npz`` file."""
    np.savez_compressed(file, *map(_raw, args), allow_pickle=allow_pickle,
                        **{k: _raw(v) for k, v in kwds.items()})


def savetxt(fname, X, *args, **kwargs):
    """Save an array to a text file (NumPy's formatting)."""
    d = _raw(X)
    if isinstance(d, np.ndarray) and d.dtype in D.ML_DTYPES:
        d = K.cast(d, D.float32)
    np.savetxt(fname, d, *args, **kwargs)


def loadtxt(fname, dtype=float, *args, **kwargs):
    """Load an array from a text file; ``dtype`` defaults to the default float (float64)."""
    return wrap_loaded(np.loadtxt(fname, _np_dtype(dtype, "loadtxt"), *args, **kwargs),
                        "loadtxt")


def genfromtxt(fname, dtype=float, *args, **kwargs):
    """Load an array from a text file with missing values handled (NumPy's genfromtxt)."""
    return wrap_loaded(np.genfromtxt(fname, _np_dtype(dtype, "genfromtxt"), *args, **kwargs),
                        "genfromtxt")


def fromfile(file, dtype=float, count=-1, sep="", offset=0):
    """Read an array from a raw binary or text file."""
    return wrap_loaded(np.fromfile(file, resolve_dtype(dtype, "fromfile"), count, sep,
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
    return wrap_loaded(np.ascontiguousarray(r), "fromregex")
