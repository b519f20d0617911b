"""The Array API FFT extension (``weaknp.fft``) plus NumPy's 2-D helpers.

Dtype rules: complex transforms give complex of the input's precision (float32/complex64 ->
complex64, float64/complex128 -> complex128; integers and bool map through the inexact
rule first, bfloat16/float16 compute as float32); real-output transforms (``irfft*``,
``hfft``) give the matching real float.  NumPy's pocketfft computes single precision
natively, so nothing makes a trip to 64 bits.  Results are strong; ``fftshift`` and
``ifftshift`` move data and keep dtype and weak flag.
"""

from __future__ import annotations

import numpy as np

from .._core import dtype_rules
from .._core import dtypes
from .._core.device import check_device
from .._fast.dispatch import wrap
from .._array.operands import data_of
from .._core.dtype_rules import inexact_dtype
from .._core.promotion import default_dtype, resolve_dtype
from .._array.stored import deliver

__all__ = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
           "fftfreq", "rfftfreq", "fftshift", "ifftshift", "fft2", "ifft2", "rfft2", "irfft2"]

_NORMS = ("backward", "ortho", "forward")


def _prep(function, x, norm, *, real_input=False):
    norm = "backward" if norm is None else norm
    if norm not in _NORMS:
        raise ValueError(f"{function}: norm must be one of {_NORMS}, got {norm!r}")
    d, _ = data_of(x, function)
    dt = inexact_dtype(d.dtype)
    if dt in dtypes.REAL_FLOAT and dt not in (dtypes.float32, dtypes.float64):
        dt = dtypes.float32
    if real_input and dt in dtypes.COMPLEX:
        raise TypeError(f"{function}: needs a real input, got {dtypes.dtype_name(d.dtype)}")
    return dtype_rules.cast(d, dt), dt


def _check_s_axes(function, s, axes):
    # NumPy differs: it still accepts s= without axes= (deprecated since NumPy 2.0, with a
    # DeprecationWarning) and transforms the last len(s) axes; the standard disallows it.
    # Decision 35.
    if s is not None and axes is None:
        raise ValueError(
            f"{function}: s= needs axes= as well (the Array API standard requires both); "
            f"pass axes=tuple(range(-{len(s)}, 0)) to transform the last {len(s)} axes")


def _complex_of(dt):
    return dtypes.REAL_TO_COMPLEX.get(dt, dt)


def _real_of(dt):
    return dtypes.COMPLEX_TO_REAL.get(dt, dt)


def _named(function, name, examples):
    """``function`` as the public ``name``, its docstring ending in ``examples``."""
    function.__name__ = function.__qualname__ = name
    # Set explicitly (not a literal docstring), so it exists under python -OO too.
    function.__doc__ = f"NumPy-compatible ``{name}`` keeping single precision." + examples
    return function


def _c2c(name, np_fn, examples):
    def function(a, n=None, axis=-1, norm=None, out=None):
        y, dt = _prep(name, a, norm)
        r = dtype_rules.cast(np_fn(y, n=n, axis=axis, norm=norm), _complex_of(dt))
        return deliver(wrap(r), out, name)
    return _named(function, name, examples)


def _c2c_n(name, np_fn, examples):
    def function(a, s=None, axes=None, norm=None, out=None):
        _check_s_axes(name, s, axes)
        y, dt = _prep(name, a, norm)
        r = dtype_rules.cast(np_fn(y, s=s, axes=axes, norm=norm), _complex_of(dt))
        return deliver(wrap(r), out, name)
    return _named(function, name, examples)


fft = _c2c("fft", np.fft.fft, """

    Examples
    --------
    >>> wnp.fft.fft(wnp.asarray([1, 0, 0, 0], dtype=wnp.int8))
    Array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex64)
    >>> wnp.fft.fft(wnp.asarray([1, 2, 3, 4]))
    Array([10.+0.j, -2.+2.j, -2.+0.j, -2.-2.j], dtype=complex128)
    """)
ifft = _c2c("ifft", np.fft.ifft, """

    Examples
    --------
    >>> wnp.fft.ifft(wnp.asarray([4, 0, 0, 0], dtype=wnp.int8))
    Array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex64)
    >>> wnp.fft.ifft(wnp.asarray([2, 0], dtype=wnp.complex128))
    Array([1.+0.j, 1.+0.j], dtype=complex128)
    """)
fftn = _c2c_n("fftn", np.fft.fftn, """

    Examples
    --------
    >>> wnp.fft.fftn(wnp.ones((2, 2), dtype=wnp.int16))
    Array([[4.+0.j, 0.+0.j],
           [0.+0.j, 0.+0.j]], dtype=complex64)
    >>> wnp.fft.fftn(wnp.ones((2, 2, 2), dtype=wnp.float32), s=(2,), axes=(0,)).shape
    (2, 2, 2)
    """)
ifftn = _c2c_n("ifftn", np.fft.ifftn, """

    Examples
    --------
    >>> wnp.fft.ifftn(wnp.asarray([[4, 0], [0, 0]], dtype=wnp.int8))
    Array([[1.+0.j, 1.+0.j],
           [1.+0.j, 1.+0.j]], dtype=complex64)
    """)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """FFT of a real input (the non-negative frequencies); complex of its precision.

    Examples
    --------
    >>> wnp.fft.rfft(wnp.asarray([1, 2, 3, 4], dtype=wnp.int8))
    Array([10.+0.j, -2.+2.j, -2.+0.j], dtype=complex64)
    >>> wnp.fft.rfft(wnp.asarray([1, 1, 1, 1]))
    Array([4.+0.j, 0.+0.j, 0.+0.j], dtype=complex128)
    """
    y, dt = _prep("rfft", a, norm, real_input=True)
    r = dtype_rules.cast(np.fft.rfft(y, n=n, axis=axis, norm=norm), _complex_of(dt))
    return deliver(wrap(r), out, "rfft")


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """Inverse of ``rfft``; the real float of the input's precision.

    Examples
    --------
    >>> wnp.fft.irfft(wnp.asarray([4, 0, 0], dtype=wnp.complex64))
    Array([1., 1., 1., 1.], dtype=float32)
    >>> x = wnp.asarray([1, 2, 3, 4], dtype=wnp.int8)
    >>> wnp.fft.irfft(wnp.fft.rfft(x))
    Array([1., 2., 3., 4.], dtype=float32)
    """
    y, dt = _prep("irfft", a, norm)
    r = dtype_rules.cast(np.fft.irfft(y, n=n, axis=axis, norm=norm), _real_of(dt))
    return deliver(wrap(r), out, "irfft")


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """N-D FFT of a real input.

    Examples
    --------
    >>> wnp.fft.rfftn(wnp.ones((2, 4), dtype=wnp.int8))
    Array([[8.+0.j, 0.+0.j, 0.+0.j],
           [0.+0.j, 0.+0.j, 0.+0.j]], dtype=complex64)
    """
    _check_s_axes("rfftn", s, axes)
    y, dt = _prep("rfftn", a, norm, real_input=True)
    r = dtype_rules.cast(np.fft.rfftn(y, s=s, axes=axes, norm=norm), _complex_of(dt))
    return deliver(wrap(r), out, "rfftn")


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """Inverse of ``rfftn``; real.

    Examples
    --------
    >>> wnp.fft.irfftn(wnp.asarray([[4, 0], [0, 0]], dtype=wnp.complex64))
    Array([[1., 1.],
           [1., 1.]], dtype=float32)
    >>> x = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8)
    >>> wnp.fft.irfftn(wnp.fft.rfftn(x))
    Array([[1., 2.],
           [3., 4.]], dtype=float32)
    """
    _check_s_axes("irfftn", s, axes)
    y, dt = _prep("irfftn", a, norm)
    r = dtype_rules.cast(np.fft.irfftn(y, s=s, axes=axes, norm=norm), _real_of(dt))
    return deliver(wrap(r), out, "irfftn")


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """FFT of a signal with Hermitian symmetry; real.

    Examples
    --------
    >>> wnp.fft.hfft(wnp.asarray([1, 0, 0], dtype=wnp.complex64))
    Array([1., 1., 1., 1.], dtype=float32)
    >>> wnp.fft.hfft(wnp.asarray([1, 0, 0]))
    Array([1., 1., 1., 1.], dtype=float64)
    """
    y, dt = _prep("hfft", a, norm)
    r = dtype_rules.cast(np.fft.hfft(y, n=n, axis=axis, norm=norm), _real_of(dt))
    return deliver(wrap(r), out, "hfft")


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """Inverse of ``hfft``: a real input, complex output.

    Examples
    --------
    >>> x = wnp.asarray([1, 2, 3, 4], dtype=wnp.int8)
    >>> wnp.fft.ihfft(x).dtype
    dtype('complex64')
    >>> wnp.fft.hfft(wnp.fft.ihfft(x), n=4)
    Array([1., 2., 3., 4.], dtype=float32)
    """
    y, dt = _prep("ihfft", a, norm, real_input=True)
    r = dtype_rules.cast(np.fft.ihfft(y, n=n, axis=axis, norm=norm), _complex_of(dt))
    return deliver(wrap(r), out, "ihfft")


def _freq(function, np_fn, n, d, dtype, device):
    check_device(device, function)
    dt = resolve_dtype(dtype, function) or default_dtype("float")
    if dt not in dtypes.REAL_FLOAT:
        raise TypeError(f"{function}: dtype must be a real floating dtype, got "
                        f"{dtypes.dtype_name(dt)}")
    return wrap(dtype_rules.cast(np_fn(n, d=d), dt))


def fftfreq(n, d=1.0, device=None, *, dtype=None):
    """Sample frequencies of ``fft`` (default float dtype).

    Examples
    --------
    >>> wnp.fft.fftfreq(4)
    Array([ 0.  ,  0.25, -0.5 , -0.25], dtype=float64)
    >>> wnp.fft.fftfreq(4, d=0.5, dtype=wnp.float32)
    Array([ 0. ,  0.5, -1. , -0.5], dtype=float32)
    """
    return _freq("fftfreq", np.fft.fftfreq, n, d, dtype, device)


def rfftfreq(n, d=1.0, device=None, *, dtype=None):
    """Sample frequencies of ``rfft`` (default float dtype).

    Examples
    --------
    >>> wnp.fft.rfftfreq(4)
    Array([0.  , 0.25, 0.5 ], dtype=float64)
    >>> wnp.fft.rfftfreq(4, d=0.5, dtype=wnp.float32)
    Array([0. , 0.5, 1. ], dtype=float32)
    """
    return _freq("rfftfreq", np.fft.rfftfreq, n, d, dtype, device)


def fftshift(x, axes=None):
    """Shift the zero frequency to the centre (keeps dtype and weak flag).

    Examples
    --------
    >>> wnp.fft.fftshift(wnp.asarray([0, 1, 2, -2, -1], dtype=wnp.int8))
    Array([-2, -1,  0,  1,  2], dtype=int8)
    >>> wnp.fft.fftshift(wnp.full(2, 1.5))
    Array([1.5, 1.5], dtype=float64, weak_type=True)
    """
    d, w = data_of(x, "fftshift")
    return wrap(np.fft.fftshift(d, axes=axes), w)


def ifftshift(x, axes=None):
    """Inverse of ``fftshift`` (keeps dtype and weak flag).

    Examples
    --------
    >>> wnp.fft.ifftshift(wnp.asarray([-2, -1, 0, 1, 2], dtype=wnp.int8))
    Array([ 0,  1,  2, -2, -1], dtype=int8)
    >>> wnp.fft.ifftshift(wnp.asarray([[1, 2], [3, 4]], dtype=wnp.uint8), axes=(0,))
    Array([[3, 4],
           [1, 2]], dtype=uint8)
    """
    d, w = data_of(x, "ifftshift")
    return wrap(np.fft.ifftshift(d, axes=axes), w)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """NumPy's 2-D FFT.

    Examples
    --------
    >>> wnp.fft.fft2(wnp.asarray([[1, 0], [0, 0]], dtype=wnp.int8))
    Array([[1.+0.j, 1.+0.j],
           [1.+0.j, 1.+0.j]], dtype=complex64)
    """
    return fftn(a, s, axes, norm, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """NumPy's inverse 2-D FFT.

    Examples
    --------
    >>> wnp.fft.ifft2(wnp.asarray([[4, 0], [0, 0]], dtype=wnp.int8))
    Array([[1.+0.j, 1.+0.j],
           [1.+0.j, 1.+0.j]], dtype=complex64)
    """
    return ifftn(a, s, axes, norm, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """NumPy's 2-D FFT of a real input.

    Examples
    --------
    >>> wnp.fft.rfft2(wnp.ones((2, 2), dtype=wnp.int8))
    Array([[4.+0.j, 0.+0.j],
           [0.+0.j, 0.+0.j]], dtype=complex64)
    """
    return rfftn(a, s, axes, norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """NumPy's inverse of ``rfft2``.

    Examples
    --------
    >>> wnp.fft.irfft2(wnp.asarray([[4, 0], [0, 0]], dtype=wnp.complex64))
    Array([[1., 1.],
           [1., 1.]], dtype=float32)
    >>> wnp.fft.irfft2(wnp.asarray([[4, 0], [0, 0]]))
    Array([[1., 1.],
           [1., 1.]], dtype=float64)
    """
    return irfftn(a, s, axes, norm, out)
