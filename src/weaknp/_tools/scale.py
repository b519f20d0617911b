"""Helpers for running weaknp under Cubed and dask.array (the optional ``scale`` extra).

It uses the public section modules and imports Cubed, dask and Zarr only inside the
functions that need them, so ``import weaknp`` never pays for them.  The engines keep their
own metadata: Cubed asks weaknp's ``result_type`` for array-array promotion but rejects
dtypes outside the standard's 13 (bfloat16) in its own layer, and dask infers dtypes with
NumPy.  The helpers here compute the output dtype with weaknp (by running the chunk function
on empty weaknp arrays) and hand it to the engine, so metadata and chunks agree.
"""

from __future__ import annotations

from functools import partial, wraps

import numpy as np

from .._core import dtypes
from .._array.array import Array
from .._api.creation import empty
from .._api.data_types import astype, result_type
from .._fast.dispatch import wrap
from .._api.manipulation import concat
from .._api.statistical import sum as _sum

__all__ = ["register_zarr_dtypes", "use_with_cubed", "cubed_elemwise", "cubed_sum", "register_dask",
           "dask_meta", "dask_elemwise", "dask_sum"]

_ZARR_DTYPES: dict[str, type] = {}   # Zarr data types registered by this process
_DASK: list = []                      # non-empty once register_dask() ran
_CUBED: dict = {}                     # what use_with_cubed() replaced, once it ran


def _zarr_float_type(dt: np.dtype) -> type:
    """A Zarr data type class for one ml_dtypes float (named as ml_dtypes and zarr-extensions)."""
    from dataclasses import dataclass  # noqa: PLC0415 - optional dependency path

    from zarr.core.dtype.common import DataTypeValidationError  # noqa: PLC0415
    from zarr.core.dtype.npy.float import Float16  # noqa: PLC0415

    @dataclass(frozen=True, kw_only=True)
    class NarrowFloat(Float16):
        dtype_cls = type(dt)
        _zarr_v3_name = dt.name
        _zarr_v2_names = ()

        @classmethod
        def from_native_dtype(cls, dtype):
            # one-byte dtypes have no byte order ("|"), which Zarr's float base refuses
            if cls._check_native_dtype(dtype):
                return cls(endianness="little")
            raise DataTypeValidationError(f"Invalid data type: {dtype}. Expected {dt.name}")

        def to_native_dtype(self):
            return dt

        def _cast_scalar_unchecked(self, data):
            return dt.type(data)

        @property
        def item_size(self) -> int:
            return dt.itemsize

    NarrowFloat.__name__ = NarrowFloat.__qualname__ = dt.name.capitalize()
    NarrowFloat.__doc__ = f"Zarr data type for ml_dtypes' {dt.name} ({dt.itemsize} byte(s) " \
                          f"per element, little-endian on disk)."
    return NarrowFloat


#: The ml_dtypes floats Zarr learns (the names the zarr-extensions registry uses).
_ZARR_FLOATS = tuple(dt for dt in dtypes.ALL_DTYPES if dt in dtypes.ML_DTYPES
                     and dt in dtypes.REAL_FLOAT)


def register_zarr_dtypes() -> tuple[str, ...]:
    """Teach Zarr (3.1+) to store bfloat16 and the float8/float6/float4 types.

    Cubed stores every materialised array in Zarr, which knows NumPy's dtypes only.  This
    registers one Zarr data type per ml_dtypes float, named as in the zarr-extensions
    registry (``bfloat16``, ``float8_e4m3fn``, ...); call it once per process (worker
    processes of the ``processes`` executor too).  Idempotent; returns the names registered.
    (Sub-byte integers, ``int4`` etc., are not registered.)
    """
    if not _ZARR_DTYPES:
        from zarr.core.dtype import data_type_registry  # noqa: PLC0415

        for dt in _ZARR_FLOATS:
            cls = _zarr_float_type(dt)
            data_type_registry.register(dt.name, cls)
            _ZARR_DTYPES[dt.name] = cls
    return tuple(_ZARR_DTYPES)


# ---------------------------------------------------------------------------------------
# Cubed: the narrow floats as first-class dtypes

#: weaknp's real floats outside the standard's 13, in weaknp's order (float4 ... float16).
_NARROW_FLOATS = tuple(dt for dt in dtypes.ALL_DTYPES
                       if dt in dtypes.REAL_FLOAT and dt not in dtypes.STANDARD_DTYPES)
#: Cubed's dtype categories (names in ``cubed.array_api.dtypes``) the narrow floats join.
_CUBED_CATEGORIES = ("_all_dtypes", "_real_floating_dtypes", "_floating_dtypes",
                     "_real_numeric_dtypes", "_numeric_dtypes")
#: Cubed's reductions of narrow floats that need float32 inside, as (cast the input to
#: float32, pass ``dtype=float32``): ``sum``/``prod`` pass ``dtype=`` to their chunk
#: functions; ``nansum``/``nanmean`` do not, and the scans are not checked, so their input is
#: cast; ``var``/``std`` take no ``dtype`` and mix a float64 mean into the chunks, which the
#: float8 types refuse (they never promote implicitly).
_CUBED_REDUCTIONS = {"sum": (False, True), "prod": (False, True), "nansum": (True, True),
                     "nanmean": (True, True), "cumulative_sum": (True, True),
                     "cumulative_prod": (True, True), "var": (True, False),
                     "std": (True, False)}
_REAL = dtypes.REAL_FLOAT | dtypes.INTEGER | dtypes.BOOL


def _rebind(old, new) -> None:
    """Replace ``old`` by ``new`` wherever a loaded Cubed module holds it (by identity)."""
    import sys  # noqa: PLC0415

    for name, module in list(sys.modules.items()):
        if module is None or not (name == "cubed" or name.startswith("cubed.")):
            continue
        for attr, value in list(vars(module).items()):
            if value is old:
                setattr(module, attr, new)


def _narrow(dt) -> bool:
    # Narrow floats accumulate in float32, as weaknp's in-memory sum does.
    return dt in dtypes.REAL_FLOAT and dt.itemsize < 4


def _accumulator(dt: np.dtype) -> np.dtype:
    return dtypes.float32 if _narrow(dt) else dt


def _float32_accumulation(original, cast_input: bool, pass_dtype: bool):
    """A Cubed reduction whose narrow floats accumulate in float32, rounded once."""
    from cubed.array_api import astype as cubed_astype  # noqa: PLC0415

    @wraps(original)
    def reduce(x, /, *, dtype=None, **kwargs):
        if dtype is None:
            out = x.dtype
        else:
            out = kwargs["dtype"] = dtypes.to_dtype(dtype, function=original.__name__)
        if not (_narrow(out) and x.dtype in _REAL):
            return original(x, **kwargs)
        if cast_input:
            x = cubed_astype(x, dtypes.float32)
        if pass_dtype:
            kwargs["dtype"] = dtypes.float32
        # float32 within every chunk and across chunks, one rounding to ``out`` at the end
        return cubed_astype(original(x, **kwargs), out)

    reduce.__wrapped__ = original
    return reduce


def use_with_cubed() -> tuple[str, ...]:
    """Make weaknp's narrow floats first-class in ``cubed.array_api`` (idempotent).

    Cubed (0.27) checks dtypes against fixed tuples of the standard's dtypes, so a bfloat16
    Cubed array is stored and cast but refused by every operator and function.  This local
    registration, until Cubed reads its categories from the backend (docs/scaling.md has the
    upstream-shaped change):

    - adds bfloat16, float16 and the float8/float6/float4 types to Cubed's floating,
      numeric and "all" categories, and their names to ``cubed`` and ``cubed.array_api``
      (``xp.bfloat16``);
    - makes ``sum``, ``prod``, ``nansum``, ``nanmean``, ``var``, ``std`` and the cumulative
      functions of narrow floats accumulate in float32 (or Cubed's float64) within and
      across chunks and round once at the end, as weaknp's in-memory ``sum`` does (Cubed's
      own would store every partial sum in bfloat16, and its ``var`` mixes a float64 mean
      into float8 chunks, which the lattice refuses);
    - registers the narrow floats with Zarr (``register_zarr_dtypes``).

    Cubed must have weaknp as its backend (``CUBED_BACKEND_ARRAY_API_MODULE=weaknp`` before
    the first ``import cubed``).  The lattice still decides every result dtype (Cubed asks
    weaknp's ``result_type``): ``bfloat16 + float16`` is float32, ``float8_e4m3fn +
    float16`` raises when the graph is built.  Returns the dtype names added.
    """
    import sys  # noqa: PLC0415

    import cubed  # noqa: PLC0415 - optional dependency
    import cubed.array_api as xp  # noqa: PLC0415
    from cubed.array_api import dtypes as cdt  # noqa: PLC0415

    backend = cubed.backend_array_api.namespace
    if backend is not sys.modules[__name__.split(".")[0]]:
        raise RuntimeError(f"use_with_cubed: Cubed's backend is {backend.__name__!r}, not "
                           f"weaknp; set CUBED_BACKEND_ARRAY_API_MODULE=weaknp before the "
                           f"first `import cubed`")
    register_zarr_dtypes()
    if not _CUBED:
        for name in _CUBED_CATEGORIES:
            old = getattr(cdt, name)
            new = old + tuple(dt for dt in _NARROW_FLOATS if dt not in old)
            for key, value in list(cdt._dtype_categories.items()):
                if value is old:
                    cdt._dtype_categories[key] = new
            _rebind(old, new)
        for name, (cast_input, pass_dtype) in _CUBED_REDUCTIONS.items():
            original = getattr(cubed, name)
            _rebind(original, _float32_accumulation(original, cast_input, pass_dtype))
        for dt in _NARROW_FLOATS:
            for module in (cubed, xp):
                setattr(module, dt.name, dt)
        _CUBED["names"] = tuple(dt.name for dt in _NARROW_FLOATS)
    return _CUBED["names"]


def _probe(value):
    """An empty weaknp array standing for ``value`` (an engine array: its dtype, strong)."""
    if isinstance(value, Array):
        return value  # a small in-memory operand is passed to every chunk call as it is
    if hasattr(value, "chunks") and hasattr(value, "dtype") and hasattr(value, "ndim"):
        return empty((0,) * value.ndim, dtype=value.dtype)
    return value  # Python scalars stay weak, NumPy scalars strong: as in the chunk call


def _probe_dtype(func, args, kwargs, function):
    try:
        out = func(*(_probe(a) for a in args), **kwargs)
    except (TypeError, ValueError, OverflowError) as e:
        # the error every chunk would raise, raised when the graph is built
        raise type(e)(f"{function}: {e}") from e
    if not isinstance(out, Array):
        raise TypeError(f"{function}: {getattr(func, '__name__', func)!r} returned "
                        f"{type(out).__name__}, not a weaknp Array; pass a weaknp function")
    return out


def cubed_elemwise(func, *args, **kwargs):
    """Apply a weaknp elementwise function to Cubed arrays (and Python scalars) blockwise.

    The output dtype is the one ``func`` gives on weaknp arrays of the inputs' dtypes, with
    Python scalars kept weak, so it works for dtypes Cubed's own functions reject
    (bfloat16) and for weak scalars Cubed's operators refuse (``int8_array + 1.5``).

    Promotion
    ---------
    Python scalars are weak: ``cubed_elemwise(wnp.add, x_int8, 1)`` is int8 and
    ``cubed_elemwise(wnp.add, x_int8, 1.5)`` is float64 (the weak float's default dtype;
    the weak flag itself is not stored by Zarr).
    """
    from cubed.core.ops import elemwise  # noqa: PLC0415 - optional dependency

    is_array = [hasattr(a, "chunks") and not isinstance(a, Array) for a in args]
    if not any(is_array):
        raise TypeError("cubed_elemwise: at least one argument must be a Cubed array")
    out = _probe_dtype(func, args, kwargs, "cubed_elemwise")
    fixed = tuple(None if arr else a for a, arr in zip(args, is_array))

    def block(*chunks):
        it = iter(chunks)
        return func(*(next(it) if arr else a for a, arr in zip(fixed, is_array)), **kwargs)

    return elemwise(block, *(a for a, arr in zip(args, is_array) if arr), dtype=out.dtype)


def _astype_block(a, *, out, **_):
    # the aggregate step also receives reduction's extra keyword arguments (dtype=)
    return astype(a, out)


def cubed_sum(x, /, *, axis=None, dtype=None, keepdims=False, split_every=None):
    """Sum of a Cubed array with weaknp's dtype rules, for any weaknp dtype (bfloat16 too).

    ``cubed.array_api.sum`` rejects dtypes outside the standard's 13.  This runs the same
    tree reduction with ``weaknp.sum`` on the chunks: narrow floats (bfloat16, float16)
    accumulate in float32 across chunks and are cast back once at the end, as weaknp's
    in-memory ``sum`` does; other dtypes follow ``weaknp.sum`` (int8 -> int64, ...).
    """
    from cubed.core import reduction  # noqa: PLC0415 - optional dependency

    out = _sum(empty((0,), dtype=x.dtype), dtype=dtype).dtype
    acc = _accumulator(out)
    return reduction(x, _sum, aggregate_func=partial(_astype_block, out=out), axis=axis,
                     intermediate_dtype=acc, dtype=out, keepdims=keepdims,
                     split_every=split_every, extra_func_kwargs={"dtype": acc})


# ---------------------------------------------------------------------------------------
# dask.array

def _dask_concat(arrays, axis=0):
    return concat(list(arrays), axis=axis)


def _numel(x, **kwargs):
    # dask's mean/var count elements per chunk; the count is a strong array of ``dtype``.
    dtype = kwargs.get("dtype") or dtypes.float64
    axis = kwargs.get("axis")
    keepdims = kwargs.get("keepdims", False)
    shape = x.shape
    if axis is None:
        axis = tuple(range(len(shape)))
    elif isinstance(axis, int):
        axis = (axis,)
    axis = tuple(a % len(shape) for a in axis) if shape else ()
    n = 1
    for a in axis:
        n *= shape[a]
    if keepdims:
        res_shape = tuple(1 if i in axis else s for i, s in enumerate(shape))
    else:
        res_shape = tuple(s for i, s in enumerate(shape) if i not in axis)
    return wrap(np.full(res_shape, n, dtype=np.dtype(dtype)))


def register_dask() -> None:
    """Register weaknp's ``Array`` as a dask.array chunk type (idempotent).

    Uses dask's public registration hooks only (``register_chunk_type`` and the
    ``concatenate``/``numel`` dispatch tables), so computed dask arrays come back as weaknp
    arrays and dask's reductions count elements without NumPy's array constructors.
    """
    from dask.array.chunk_types import register_chunk_type  # noqa: PLC0415
    from dask.array.dispatch import concatenate_lookup, numel_lookup  # noqa: PLC0415

    if _DASK:
        return
    register_chunk_type(Array)
    concatenate_lookup.register(Array, _dask_concat)
    numel_lookup.register(Array, _numel)
    _DASK.append(Array)


def dask_meta(*arrays_and_dtypes, ndim: int | None = None) -> Array:
    """An empty weaknp array of ``result_type(*arrays_and_dtypes)``: a ``meta=`` for dask.

    dask infers output dtypes with NumPy (``int32 + float32`` -> float64); pass
    ``meta=wnp.scale.dask_meta(x, y)`` to ``dask.array.map_blocks``/``blockwise`` so the
    dask array's ``.dtype`` is the dtype weaknp's chunks have.  Dask arrays count by their
    ``.dtype`` (strong); Python scalars are weak.  ``ndim`` defaults to the largest ``ndim``
    among the arguments.
    """
    args = [empty((0,) * a.ndim, dtype=a.dtype) if hasattr(a, "chunks") else a
            for a in arrays_and_dtypes]
    if ndim is None:
        ndim = max((a.ndim for a in args if isinstance(a, Array)), default=0)
    return empty((0,) * ndim, dtype=result_type(*args))


def dask_elemwise(func, *args, **kwargs):
    """``dask.array.map_blocks(func, *args)`` with the output dtype weaknp gives.

    The meta is ``func`` applied to empty weaknp arrays of the inputs' dtypes (Python
    scalars weak), so ``.dtype`` of the result matches the computed chunks.
    """
    import dask.array as da  # noqa: PLC0415 - optional dependency

    meta = _probe_dtype(func, args, kwargs, "dask_elemwise")
    return da.map_blocks(func, *args, meta=meta, **kwargs)


def _dask_sum_chunk(a, axis=None, keepdims=False, *, acc, **_):
    return _sum(a, axis=axis, dtype=acc, keepdims=keepdims)


def _dask_sum_aggregate(a, axis=None, keepdims=False, *, acc, out, **_):
    return astype(_sum(a, axis=axis, dtype=acc, keepdims=keepdims), out)


def dask_sum(x, /, *, axis=None, dtype=None, keepdims=False, split_every=None):
    """Sum of a dask array of weaknp chunks with weaknp's dtype rule, metadata included.

    The tree reduction runs ``weaknp.sum`` on the chunks (narrow floats accumulate in
    float32 and are cast back once, as in memory); ``.dtype`` is weaknp's (``int8`` ->
    int64, ``bfloat16`` -> bfloat16), whatever NumPy would say.
    """
    import dask.array as da  # noqa: PLC0415 - optional dependency

    out = _sum(empty((0,), dtype=x.dtype), dtype=dtype).dtype
    acc = _accumulator(out)
    ndim = x.ndim
    axes = tuple(range(ndim)) if axis is None else (axis,) if isinstance(axis, int) else axis
    out_ndim = ndim if keepdims else ndim - len(set(a % ndim for a in axes))
    return da.reduction(x, partial(_dask_sum_chunk, acc=acc),
                        partial(_dask_sum_aggregate, acc=acc, out=out),
                        combine=partial(_dask_sum_chunk, acc=acc), axis=axis,
                        keepdims=keepdims, dtype=out, split_every=split_every,
                        meta=empty((0,) * out_ndim, dtype=out))
