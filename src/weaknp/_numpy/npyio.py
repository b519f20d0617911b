"""NumPy's file I/O (``numpy/lib/_npyio_impl.py``): ``load``, ``save``, ``savez``,
``loadtxt``, ``savetxt``, ``genfromtxt``, ``fromregex``.

NumPy reads and writes the bytes; reading returns strong arrays of the dtype stored in the
file or requested; saving takes weaknp arrays.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core.promotion import resolve_dtype
from .._array.operands import raw as _raw
from .._array.operands import wrap_loaded

__all__ = [
    "load", "save", "savez", "savez_compressed", "savetxt", "loadtxt", "genfromtxt",
    "fromregex",
]


def _np_dtype(dtype, function):
    """``dtype=`` of a reading function: a lattice dtype or one outside it (records,
    strings, dates: decision 72), NumPy's own spellings (``'i8,f8,S5'``, a dict, a list)."""
    return resolve_dtype(dtype, function, outside=True)


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
    if isinstance(d, np.ndarray) and d.dtype in dtypes.ML_DTYPES:
        d = dtype_rules.cast(d, dtypes.float32)
    np.savetxt(fname, d, *args, **kwargs)


def loadtxt(fname, dtype=float, *args, **kwargs):
    """Load an array from a text file; ``dtype`` defaults to the default float (float64)."""
    return wrap_loaded(np.loadtxt(fname, _np_dtype(dtype, "loadtxt"), *args, **kwargs),
                        "loadtxt")


def genfromtxt(fname, dtype=float, *args, **kwargs):
    """Load an array from a text file with missing values handled (NumPy's genfromtxt)."""
    return wrap_loaded(np.genfromtxt(fname, _np_dtype(dtype, "genfromtxt"), *args, **kwargs),
                        "genfromtxt")


def fromregex(file, regexp, dtype, encoding=None):
    """Read an array from a text file with a regular expression.

    With a plain dtype (one group in ``regexp``) the result has that dtype; a structured
    dtype gives an array of records (decision 72).
    """
    dt = _np_dtype(dtype, "fromregex")
    structured = dt.names is not None
    if not structured:
        dt = np.dtype([("f0", dt)])
    r = np.fromregex(file, regexp, dt, encoding)
    if not structured:
        r = r["f0"]
    return wrap_loaded(np.ascontiguousarray(r), "fromregex")
