"""``weaknp.testing``: NumPy's assertion helpers, taking weaknp arrays.

Each helper converts weaknp arrays (also inside lists, tuples and dicts) to
their NumPy buffers and calls ``numpy.testing``'s function of the same name, so the
comparisons, tolerances and messages are NumPy's own.  The dtypes compared are weaknp's
(``strict=True`` in ``assert_array_equal`` sees an int8 weaknp array as int8).  Helpers
that take no arrays (``assert_raises``, ``assert_warns``, ``suppress_warnings``, ...) are
NumPy's objects themselves.
"""

from __future__ import annotations

import functools

import numpy.testing as _npt

from .._array.array import Array

__all__ = [
    "assert_allclose", "assert_almost_equal", "assert_approx_equal", "assert_array_almost_equal",
    "assert_array_almost_equal_nulp", "assert_array_compare", "assert_array_equal",
    "assert_array_less", "assert_array_max_ulp", "assert_equal", "assert_string_equal",
    "print_assert_equal", "build_err_msg",
    # NumPy's own objects (no arrays involved)
    "assert_", "assert_raises", "assert_raises_regex", "assert_warns", "assert_no_warnings",
    "assert_no_gc_cycles", "suppress_warnings", "clear_and_catch_warnings", "SkipTest",
    "KnownFailureException", "IgnoreException", "TestCase", "tempdir", "temppath",
    "break_cycles", "IS_PYPY", "HAS_REFCOUNT",
]


def _plain(v):
    """``v`` with every weaknp array replaced by its ndarray (recursing into containers)."""
    if isinstance(v, Array):
        return v._data
    if isinstance(v, (list, tuple)) and any(isinstance(x, (Array, list, tuple, dict)) for x in v):
        return type(v)(_plain(x) for x in v) if type(v) in (list, tuple) else v
    if type(v) is dict:
        return {k: _plain(x) for k, x in v.items()}
    return v


def _taking_arrays(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        __tracebackhide__ = True  # pytest shows the caller's line
        return fn(*map(_plain, args), **{k: _plain(x) for k, x in kwargs.items()})
    return wrapper


assert_allclose = _taking_arrays(_npt.assert_allclose)
assert_almost_equal = _taking_arrays(_npt.assert_almost_equal)
assert_approx_equal = _taking_arrays(_npt.assert_approx_equal)
assert_array_almost_equal = _taking_arrays(_npt.assert_array_almost_equal)
assert_array_almost_equal_nulp = _taking_arrays(_npt.assert_array_almost_equal_nulp)
assert_array_compare = _taking_arrays(_npt.assert_array_compare)
assert_array_equal = _taking_arrays(_npt.assert_array_equal)
assert_array_less = _taking_arrays(_npt.assert_array_less)
assert_array_max_ulp = _taking_arrays(_npt.assert_array_max_ulp)
assert_equal = _taking_arrays(_npt.assert_equal)
assert_string_equal = _taking_arrays(_npt.assert_string_equal)
print_assert_equal = _taking_arrays(_npt.print_assert_equal)
build_err_msg = _taking_arrays(_npt.build_err_msg)

assert_ = _npt.assert_
assert_raises = _npt.assert_raises
assert_raises_regex = _npt.assert_raises_regex
assert_warns = _npt.assert_warns
assert_no_warnings = _npt.assert_no_warnings
assert_no_gc_cycles = _npt.assert_no_gc_cycles
suppress_warnings = _npt.suppress_warnings
clear_and_catch_warnings = _npt.clear_and_catch_warnings
SkipTest = _npt.SkipTest
KnownFailureException = _npt.KnownFailureException
IgnoreException = _npt.IgnoreException
TestCase = _npt.TestCase
tempdir = _npt.tempdir
temppath = _npt.temppath
break_cycles = _npt.break_cycles
IS_PYPY = _npt.IS_PYPY
HAS_REFCOUNT = _npt.HAS_REFCOUNT
