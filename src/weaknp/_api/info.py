"""``__array_namespace_info__``: what this namespace supports (one CPU device, its dtypes)."""

from __future__ import annotations

from .._core import dtypes
from .._core.device import CPU, check_device
from .._core.promotion import default_dtype

__all__ = ["__array_namespace_info__"]

_KIND_SETS = {
    "bool": (dtypes.bool_,),
    "signed integer": (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64),
    "unsigned integer": (dtypes.uint8, dtypes.uint16, dtypes.uint32, dtypes.uint64),
    "real floating": (dtypes.float32, dtypes.float64),
    "complex floating": (dtypes.complex64, dtypes.complex128),
}
_KIND_SETS["integral"] = _KIND_SETS["signed integer"] + _KIND_SETS["unsigned integer"]
_KIND_SETS["numeric"] = (_KIND_SETS["integral"] + _KIND_SETS["real floating"]
                         + _KIND_SETS["complex floating"])


class _Info:
    """The namespace inspection object of the standard."""

    __slots__ = ()

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True,
                "max dimensions": 64}

    def default_device(self):
        return CPU

    def devices(self):
        return (CPU,)

    def default_dtypes(self, *, device=None):
        check_device(device, "default_dtypes")
        return {"real floating": default_dtype("float"), "complex floating":
                default_dtype("complex"), "integral": default_dtype("int"),
                "indexing": default_dtype("indexing")}

    def dtypes(self, *, device=None, kind=None):
        """The standard's dtypes (of ``kind``: a kind name or a tuple of them), by name."""
        check_device(device, "dtypes")
        if kind is None:
            chosen = (dtypes.bool_, *_KIND_SETS["numeric"])
        else:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            chosen = []
            for k in kinds:
                if k not in _KIND_SETS:
                    raise ValueError(f"dtypes: unknown kind {k!r}; use one of "
                                     f"{', '.join(map(repr, _KIND_SETS))}")
                chosen += [d for d in _KIND_SETS[k] if d not in chosen]
        return {dtypes.dtype_name(d): d for d in chosen}


def __array_namespace_info__():
    """Inspection utilities of the Array API standard."""
    return _Info()
