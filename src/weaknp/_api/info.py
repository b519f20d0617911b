"""``__array_namespace_info__``: what this namespace supports (one CPU device, its dtypes)."""

from __future__ import annotations

from .._core import dtypes as D
from .._core.device import CPU, check_device
from .._core.promotion import default_dtype

__all__ = ["__array_namespace_info__"]

_KIND_SETS = {
    "bool": (D.bool_,),
    "signed integer": (D.int8, D.int16, D.int32, D.int64),
    "unsigned integer": (D.uint8, D.uint16, D.uint32, D.uint64),
    "real floating": (D.float32, D.float64),
    "complex floating": (D.complex64, D.complex128),
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
            chosen = (D.bool_, *_KIND_SETS["numeric"])
        else:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            chosen = []
            for k in kinds:
                if k not in _KIND_SETS:
                    raise ValueError(f"dtypes: unknown kind {k!r}; use one of "
                                     f"{', '.join(map(repr, _KIND_SETS))}")
                chosen += [d for d in _KIND_SETS[k] if d not in chosen]
        return {D.dtype_name(d): d for d in chosen}


def __array_namespace_info__():
    """Inspection utilities of the Array API standard."""
    return _Info()
