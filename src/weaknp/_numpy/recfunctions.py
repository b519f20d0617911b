"""``weaknp.lib.recfunctions``: NumPy's functions on record (structured) arrays, for
weaknp arrays.

A record dtype is outside the lattice (decision 72): each function runs NumPy's own
``numpy.lib.recfunctions`` implementation on the arrays' buffers and gives its results
back as strong weaknp Arrays, with NumPy's signature.  Two places where a number's dtype
is decided follow the lattice instead (decision 95): ``structured_to_unstructured``
without ``dtype=`` gives the fields' join (``i4`` and ``f4`` fields: float32, where NumPy
promotes to float64), and ``apply_along_fields`` calls ``func`` on that weaknp Array (so
``np.mean`` reaches weaknp's ``mean``).  A masked result (``usemask=True``, NumPy's
default for ``append_fields``, ``drop_fields``, ``stack_arrays``, ``join_by``) comes back
as a plain Array when no entry is masked; with masked entries it is refused (weaknp's
masked arrays do not carry record masks), naming the fix.  The functions that take dtypes
(``get_names``, ``flatten_descr``, ...) are NumPy's own.
"""

from __future__ import annotations

import inspect

import numpy as np
import numpy.lib.recfunctions as _rf

from .._array.operands import numpy_rules, raw
from .._core.promotion import join_nodes, node_of
from .._core.lattice import OUTSIDE
from .._fast.dispatch import wrap

__all__ = ["append_fields", "apply_along_fields", "assign_fields_by_name", "drop_fields",
           "find_duplicates", "flatten_descr", "get_fieldstructure", "get_names",
           "get_names_flat", "join_by", "merge_arrays", "rec_append_fields",
           "rec_drop_fields", "rec_join", "recursive_fill_fields", "rename_fields",
           "repack_fields", "require_fields", "stack_arrays", "structured_to_unstructured",
           "unstructured_to_structured"]

_MODULE = "weaknp.lib.recfunctions"

#: NumPy's helpers that take and give dtypes (no arrays): NumPy's own functions.
flatten_descr = _rf.flatten_descr
get_fieldstructure = _rf.get_fieldstructure
get_names = _rf.get_names
get_names_flat = _rf.get_names_flat


def _any_masked(mask) -> bool:
    """Whether NumPy's mask (plain or of a record dtype, nested too) masks any entry."""
    if mask is np.ma.nomask:
        return False
    m = np.asarray(mask)
    if m.dtype.names:
        m = _rf.structured_to_unstructured(m)
    return bool(m.any())


def _over_numpy(name: str):
    """NumPy's ``recfunctions.<name>`` on weaknp arrays (``numpy_rules``), with NumPy's
    signature; a masked result without masked entries is its data, else refused."""
    np_function = getattr(_rf, name)

    def unmasked(*args, **kwargs):
        return _unmasked(np_function(*args, **kwargs))

    function = numpy_rules(unmasked, name, _MODULE)
    function.__signature__ = inspect.signature(np_function)
    return function


def _unmasked(r):
    """NumPy's result with a masked array in it (``find_duplicates(return_index=True)``
    gives a tuple) as its data, when no entry is masked."""
    if type(r) is tuple:
        return tuple(_unmasked(v) for v in r)
    if isinstance(r, np.ma.MaskedArray):
        if _any_masked(r.mask):
            # NumPy differs: it returns a numpy.ma.MaskedArray (decision 95).
            raise ValueError(
                "the result has masked (missing) entries, and weaknp's masked arrays do "
                "not carry masks of record dtypes; pass usemask=False (missing entries "
                "then hold the fill value), or call NumPy's function on numpy.asarray(x) "
                "for NumPy's masked array")
        r = r.data
    return r


append_fields = _over_numpy("append_fields")
assign_fields_by_name = _over_numpy("assign_fields_by_name")
drop_fields = _over_numpy("drop_fields")
_numpy_find_duplicates = _over_numpy("find_duplicates")
join_by = _over_numpy("join_by")
merge_arrays = _over_numpy("merge_arrays")
rec_append_fields = _over_numpy("rec_append_fields")
rec_drop_fields = _over_numpy("rec_drop_fields")
rec_join = _over_numpy("rec_join")
recursive_fill_fields = _over_numpy("recursive_fill_fields")
rename_fields = _over_numpy("rename_fields")
repack_fields = _over_numpy("repack_fields")
require_fields = _over_numpy("require_fields")
stack_arrays = _over_numpy("stack_arrays")
unstructured_to_structured = _over_numpy("unstructured_to_structured")
_numpy_structured_to_unstructured = _over_numpy("structured_to_unstructured")


def find_duplicates(a, key=None, ignoremask=True, return_index=False):
    """The records of ``a`` that occur more than once, sorted (on field ``key`` if given),
    and with ``return_index`` their indices (NumPy's ``find_duplicates``, which reads its
    input as a masked array: a weaknp Array is one with nothing masked).

    Examples
    --------
    >>> from weaknp.lib.recfunctions import find_duplicates
    >>> find_duplicates(wnp.array([(1,), (2,), (1,)], dtype=[('k', 'i4')]))
    Array([(1,), (1,)], dtype=[('k', '<i4')])
    """
    return _numpy_find_duplicates(np.ma.asarray(raw(a)), key, ignoremask, return_index)


def _leaf_dtypes(dt):
    """The dtypes of a record dtype's fields, nested records and subarrays flattened (the
    values ``structured_to_unstructured`` puts side by side)."""
    if dt.subdtype is not None:
        yield from _leaf_dtypes(dt.subdtype[0])
    elif dt.names:
        for name in dt.names:
            yield from _leaf_dtypes(dt.fields[name][0])
    else:
        yield dt


def structured_to_unstructured(arr, dtype=None, copy=False, casting="unsafe"):
    """The fields of a record array side by side along a new last axis (NumPy's
    ``structured_to_unstructured``).  Without ``dtype``, the result's dtype is the join of
    the fields' dtypes on the lattice (decision 95), NumPy's promotion where a field is
    outside it (strings, dates).

    Examples
    --------
    >>> from weaknp.lib.recfunctions import structured_to_unstructured
    >>> b = wnp.array([(1, 2.5), (3, 4.0)], dtype=[('x', 'i4'), ('y', 'f4')])
    >>> structured_to_unstructured(b)
    Array([[1. , 2.5],
           [3. , 4. ]], dtype=float32)
    """
    if dtype is None:
        dt = getattr(raw(arr), "dtype", None)
        if isinstance(dt, np.dtype) and dt.names:
            nodes = [node_of(d, False) for d in _leaf_dtypes(dt)]
            if OUTSIDE not in nodes:
                # NumPy differs: np.result_type of the fields, float64 (decision 95)
                dtype = join_nodes(nodes, "structured_to_unstructured")[0]
    return _numpy_structured_to_unstructured(arr, dtype, copy, casting)


def apply_along_fields(func, arr):
    """``func(structured_to_unstructured(arr), axis=-1)`` (NumPy's ``apply_along_fields``):
    the fields side by side as a weaknp Array of their join, reduced by ``func`` (NumPy's
    ``np.mean`` reaches weaknp's ``mean`` through NEP 18).

    Examples
    --------
    >>> from weaknp.lib.recfunctions import apply_along_fields
    >>> b = wnp.array([(1, 2.5), (3, 4.0)], dtype=[('x', 'i4'), ('y', 'f4')])
    >>> apply_along_fields(wnp.mean, b)
    Array([1.75, 3.5 ], dtype=float32)
    """
    if getattr(raw(arr), "dtype", np.dtype(float)).names is None:
        raise ValueError("apply_along_fields: arr must be a structured array; pass an array "
                         "of a record dtype")
    return func(structured_to_unstructured(arr), axis=-1)
