"""Write weaknp's type stubs (``src/weaknp/*.pyi``) from the runtime.

    PYTHONPATH=src python tools/gen_stubs.py

Every parameter list comes from ``inspect.signature`` of the runtime object, so the stubs
cannot drift from the code (``tests/typing/test_stubs_match.py`` fails until this script is
re-run); only the *types* are written by hand, in the tables below: a type per parameter
name (``PARAM``, with per-function exceptions in ``PARAM_OF``), a return type per function
(``RETURNS``; ``Array[Any]`` otherwise), the functions whose result keeps the dtype of their
first argument (``KEEP``) and the hand-written members of ``Array`` and the ufunc classes
(``ARRAY_HEAD``, ``UFUNC_HEAD``).  A parameter whose name is in no table takes the type of
its default (``bool``, ``SupportsIndex``, ``float``, ``str``), else ``object``.

Layout: one stub per public namespace (``weaknp``, ``linalg``, ``fft``, ``random``,
``testing``, ``emath``, ``exceptions``, ``scale``) plus ``typing.pyi``.  ``Array``, the
scalar types and the ufunc classes are declared in ``weaknp/__init__.pyi``, their public
home (their ``repr`` is ``weaknp.float32``, as NumPy declares ``ndarray`` in
``numpy/__init__.pyi``).  The private modules have no stubs: type checkers read their
``.py`` sources, which the wheel ships beside the compiled ``_fast`` modules.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
import types

import numpy

P = inspect.Parameter
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(os.path.dirname(HERE), "src", "weaknp")

#: the public namespaces with a stub of their own (``weaknp`` is ``__init__.pyi``)
MODULES = ("weaknp", "weaknp.linalg", "weaknp.fft", "weaknp.random", "weaknp.testing",
           "weaknp.emath", "weaknp.exceptions", "weaknp.scale", "weaknp.lib",
           "weaknp.lib.stride_tricks", "weaknp.lib.recfunctions")

# -- the hand-written tables --------------------------------------------------------------
_ARR = "ArrayLike"
_AXIS = "SupportsIndex | Sequence[SupportsIndex] | None"
_SHAPE = "SupportsIndex | Sequence[SupportsIndex]"
_INT = "SupportsIndex"

#: parameter name -> type (a ``None`` default adds ``| None``)
PARAM = {
    **dict.fromkeys(("a", "x", "b", "arr", "ary", "y", "x1", "x2", "a1", "a2", "ar1", "ar2",
                     "ar", "array", "A", "B", "v", "m", "obj", "object", "weights", "values",
                     "condition", "prototype", "actual", "desired", "xp", "fp", "fill_value",
                     "initial", "where", "indices", "choices", "mask", "test_elements",
                     "xi", "tol", "rcond", "q", "p", "bins", "d", "w", "c", "u", "z",
                     "arg1", "arg2", "element", "repeats", "shift", "reps", "kth", "ind",
                     "val", "vals", "prepend", "append", "to_end", "to_begin", "sample",
                     "fweights", "aweights", "beta", "dx", "discont", "period", "loc",
                     "scale", "low", "high", "mean", "cov", "alpha", "df", "dfnum", "dfden",
                     "nonc", "lam", "mu", "kappa", "sigma", "pvals", "ngood", "nbad",
                     "nsample", "X", "sorter", "M"), _ARR),
    **dict.fromkeys(("arrays", "arys", "tup", "operands", "xi_list",
                     "condlist", "choicelist"), "Sequence[ArrayLike] | ArrayLike"),
    "arrays_and_dtypes": "ArrayLike | DTypeLike",
    "args": "object", "kwargs": "object", "kwds": "object", "kw": "object",
    "varargs": "ArrayLike",
    "dtype": "DTypeLike", "type1": "DTypeLike | ArrayLike", "type2": "DTypeLike",
    "from_": "DTypeLike | ArrayLike", "to": "DTypeLike",
    "axis": _AXIS, "axes": "SupportsIndex | Sequence[SupportsIndex] | "
                           "Sequence[Sequence[SupportsIndex]]",
    "axis1": _INT, "axis2": _INT, "axisa": _INT, "axisb": _INT, "axisc": _INT,
    "source": _SHAPE, "destination": _SHAPE, "start": _ARR, "stop": _ARR, "step": _ARR,
    "num": _INT, "shape": _SHAPE, "newshape": _SHAPE, "new_shape": _SHAPE, "dims": _SHAPE,
    "s": "Sequence[SupportsIndex]", "size": "SupportsIndex | Sequence[SupportsIndex]",
    "keepdims": "bool", "out": "Array[Any] | tuple[Array[Any], ...]", "copy": "bool",
    "device": "Device", "order": "str", "casting": "str", "norm": "str", "mode": "str",
    "kind": "str", "method": "str", "side": "str", "UPLO": "str", "indexing": "str",
    "subscripts": "str", "err_msg": "str", "verbose": "bool", "stable": "bool",
    "descending": "bool", "ddof": "float", "correction": "float", "decimals": _INT,
    "N": _INT, "n": "SupportsIndex | ArrayLike", "k": _INT, "ord": "float | str",
    "like": "object", "subok": "bool", "equal_nan": "bool", "rtol": "float",
    "atol": "float", "func": "Callable[..., object]", "func1d": "Callable[..., object]",
    "function": "Callable[..., object]", "np_fn": "Callable[..., object]",
    "f": "Callable[..., object]", "mask_func": "Callable[..., object]",
    "indices_or_sections": "SupportsIndex | Sequence[SupportsIndex]",
    "fname": "str | os.PathLike[str] | IO[Any]", "file": "str | os.PathLike[str] | IO[Any]",
    "seed": "SupportsIndex | None", "return_weak_type_flag": "bool",
}

#: (function, parameter) -> type, where a name means something else than ``PARAM`` says
PARAM_OF = {
    ("eye", "M"): _INT, ("tri", "M"): _INT, ("eye", "N"): _INT,
    ("broadcast_shapes", "shapes"): _SHAPE,
    ("fromfunction", "function"): "Callable[..., object]",
    ("frombuffer", "buffer"): "bytes | bytearray | memoryview",
    ("fromstring", "string"): "str | bytes",
    ("concatenate", "arrays"): "Sequence[ArrayLike]", ("stack", "arrays"): "Sequence[ArrayLike]",
    ("promotion_mode.__init__", "mode"): "str | Lattice",
    ("gamma", "shape"): _ARR, ("standard_gamma", "shape"): _ARR,
}

#: weaknp classes whose methods return arrays (``Any`` is the other classes' default)
ARRAY_METHODS = frozenset(("Generator", "RandomState"))
#: ... except these
NOT_ARRAY_METHODS = {"bytes": "builtins.bytes", "bit_generator": "Any", "spawn": "Any",
                     "get_state": "Any", "set_state": "None", "seed": "None",
                     "shuffle": "None"}

_BOOL = "bool"
_TUPLE = "tuple[Array[Any], ...]"
_LIST = "list[Array[Any]]"
#: function (or ``module.function``) -> return type (``Array[Any]`` otherwise)
RETURNS = {
    **dict.fromkeys(("isdtype", "can_cast", "can_promote", "is_weakly_typed", "array_equal",
                     "array_equiv", "allclose", "isscalar", "iscomplexobj", "isrealobj",
                     "isfortran", "iterable", "may_share_memory", "shares_memory",
                     "issubdtype", "issubclass_"), _BOOL),
    **dict.fromkeys(("nonzero", "broadcast_arrays", "meshgrid", "ix_", "unravel_index",
                     "indices_tuple", "diag_indices", "diag_indices_from", "tril_indices",
                     "triu_indices", "tril_indices_from", "triu_indices_from", "mask_indices",
                     "atleast_1d", "atleast_2d", "atleast_3d", "split", "array_split",
                     "hsplit", "vsplit", "dsplit", "unstack", "histogram", "histogram2d",
                     "histogramdd", "gradient", "polyfit", "divmod", "frexp", "modf",
                     "nested_iters", "linalg.eig", "linalg.slogdet", "linalg.lstsq"), _TUPLE),
    "result_type": "np.dtype[Any]", "promote_types": "np.dtype[Any]",
    "min_scalar_type": "np.dtype[Any]", "common_type": "type[generic]",
    "ndim": "int", "size": "int", "shape": "tuple[int, ...]",
    "broadcast_shapes": "tuple[int, ...]",
    "array2string": "str", "array_repr": "str", "array_str": "str", "base_repr": "str",
    "binary_repr": "str", "format_float_positional": "str",
    "format_float_scientific": "str", "typename": "str", "mintypecode": "str",
    "get_printoptions": "dict[str, Any]", "printoptions": "AbstractContextManager[None]",
    "geterr": "dict[str, str]", "seterr": "dict[str, str]", "errstate": "np.errstate",
    "getbufsize": "int", "setbufsize": "int",
    "set_printoptions": "None", "copyto": "None", "place": "None", "put": "None",
    "put_along_axis": "None", "putmask": "None", "fill_diagonal": "None", "save": "None",
    "savez": "None", "savez_compressed": "None", "savetxt": "None", "info": "None",
    "show_config": "None",
    "load": "Any", "finfo": "finfo_object", "iinfo": "iinfo_object",
    "__array_namespace_info__": "Any",
    "unique_all": "tuple[Array[Any], Array[Any], Array[Any], Array[Any]]",
    "unique_counts": "tuple[Array[Any], Array[Any]]",
    "unique_inverse": "tuple[Array[Any], Array[Any]]",
    "einsum_path": "tuple[list[Any], str]", "ndenumerate": "Iterator[tuple[tuple[int, ...], Array[Any]]]",
    "linalg.eigh": "EighResult", "linalg.qr": "QRResult", "linalg.svd": "SVDResult",
    "linalg.slogdet": "SlogdetResult", "linalg.eig": "EigResult",
    "scale.array_namespace": "types.ModuleType",
    "random.default_rng": "Generator",
}
for _m in ("testing",):
    pass

#: functions whose result has the dtype of their first argument (``Array[_S]`` in,
#: ``Array[_S]`` out)
KEEP = frozenset((
    "asarray", "array", "asanyarray", "ascontiguousarray", "asfortranarray", "copy",
    "reshape", "transpose", "permute_dims", "matrix_transpose", "flip", "fliplr", "flipud",
    "rot90", "roll", "squeeze", "expand_dims", "moveaxis", "swapaxes", "broadcast_to",
    "ravel", "take", "take_along_axis", "tile", "repeat", "sort", "diagonal", "diag",
    "triu", "tril", "max", "min", "amax", "amin", "unique_values", "compress", "resize",
    "zeros_like", "ones_like", "empty_like", "full_like", "trim_zeros", "delete",
    "nanmax", "nanmin", "median", "partition", "atleast_1d_single", "pad", "flatten",
))

#: creation functions: the result's dtype when ``dtype=`` is not given
NO_DTYPE = {**dict.fromkeys(("zeros", "ones", "empty", "eye", "identity", "linspace",
                             "logspace", "geomspace", "tri"), "Array[float64]")}

# Abstract return types for Array methods (``None`` for the in-place ones).
METHOD_RETURNS = {
    "fill": "None", "put": "None", "sort": "None", "partition": "None", "setflags": "None",
    "dump": "None", "tofile": "None", "resize": "None", "setfield": "None",
    "tobytes": "bytes", "dumps": "bytes", "tolist": "Any", "item": "Any",
    "nonzero": _TUPLE, "to_device": "Array[_S_co]", "byteswap": "Array[_S_co]",
    "__array_namespace__": "types.ModuleType", "__array__": "np.ndarray[Any, Any]",
    "__dlpack__": "Any", "__dlpack_device__": "tuple[int, int]", "__repr__": "str",
    "__str__": "str", "__format__": "str", "__len__": "int", "__bool__": "bool",
    "__int__": "int", "__float__": "float", "__complex__": "complex", "__index__": "int",
    "__hash__": "int", "__contains__": "bool", "__copy__": "Array[_S_co]",
    "__deepcopy__": "Array[_S_co]", "__reduce__": "tuple[Any, ...]",
    "__round__": "Any", "__divmod__": "tuple[Array[Any], Array[Any]]",
    "__rdivmod__": "tuple[Array[Any], Array[Any]]", "__iter__": "Iterator[Array[_S_co]]",
    "__setitem__": "None", "__array_ufunc__": "Any", "__array_function__": "Any",
    "__getitem__": "Array[_S_co]",
}
METHOD_KEEP = frozenset(("reshape", "transpose", "copy", "flatten", "ravel", "squeeze",
                         "swapaxes", "take", "repeat", "max", "min", "diagonal", "compress",
                         "__pos__", "__neg__", "__abs__", "__invert__", "conj",
                         "conjugate", "round", "clip"))

#: operators: name -> (overload set) in ARRAY_OPERATORS below; comparisons give bool
_ARITH = ("add", "sub", "mul", "floordiv", "mod", "pow")
_BITS = ("and", "or", "xor", "lshift", "rshift")
_COMPARE = ("eq", "ne", "lt", "le", "gt", "ge")

# Members of ``Array`` written by hand (the operators' overloads, the properties); the
# test checks that each one exists at run time with these parameters.
ARRAY_HEAD = '''\
class Array(Generic[_S_co]):
    """An n-dimensional array: a NumPy buffer and a weak-type flag (``weaknp.Array``)."""

    __array_priority__: ClassVar[float]
    @property
    def dtype(self) -> np.dtype[Any]: ...
    @property
    def shape(self) -> tuple[int, ...]: ...
    @shape.setter
    def shape(self, shape: SupportsIndex | Sequence[SupportsIndex], /) -> None: ...
    @property
    def ndim(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def device(self) -> Device: ...
    @property
    def weak_type(self) -> bool: ...
    @property
    def T(self) -> Array[_S_co]: ...
    @property
    def mT(self) -> Array[_S_co]: ...
    @property
    def real(self) -> Array[Any]: ...
    @real.setter
    def real(self, value: ArrayLike, /) -> None: ...
    @property
    def imag(self) -> Array[Any]: ...
    @imag.setter
    def imag(self, value: ArrayLike, /) -> None: ...
    @property
    def flat(self) -> Any: ...
    @property
    def base(self) -> Array[Any] | None: ...
    @property
    def flags(self) -> Any: ...
    @property
    def strides(self) -> tuple[int, ...]: ...
    @property
    def itemsize(self) -> int: ...
    @property
    def nbytes(self) -> int: ...
    @property
    def data(self) -> memoryview: ...
    @property
    def ctypes(self) -> Any: ...
    @overload
    def astype(self, dtype: type[_S], order: str = ..., casting: str = ...,
               subok: bool = ..., copy: bool = ..., *, device: Device | None = ...
               ) -> Array[_S]: ...
    @overload
    def astype(self, dtype: DTypeLike, order: str = ..., casting: str = ...,
               subok: bool = ..., copy: bool = ..., *, device: Device | None = ...
               ) -> Array[Any]: ...
'''

#: the type of ``other`` and the result for each operator overload: the dtype is known
#: where the lattice keeps it without a table (a Python scalar of the array's kind or
#: below is weak, so it never changes a strong array's dtype; the same dtype on both sides)
_SELF_KEEPS = (
    ("Array[_I]", "bool | int", "Array[_I]"),
    ("Array[_F]", "bool | int | float", "Array[_F]"),
    ("Array[_C]", "bool | int | float | complex", "Array[_C]"),
    ("Array[_S]", "Array[_S]", "Array[_S]"),
)


def _operators():
    """The operators' stub lines (forward, reflected, in-place; comparisons)."""
    lines = []
    for op in _ARITH + ("truediv",) + _BITS:
        for fmt in ("__{}__", "__r{}__"):
            name = fmt.format(op)
            for self_t, other_t, ret in _SELF_KEEPS:
                if op == "truediv" and self_t == "Array[_I]":
                    continue
                if op in _BITS and self_t != "Array[_I]" and self_t != "Array[_S]":
                    continue
                lines += ["    @overload",
                          f"    def {name}(self: {self_t}, other: {other_t}, /) -> {ret}: ..."]
            extra = ", mod: None = ..., /" if op == "pow" else ", /"
            other = "other" if True else ""
            if op == "pow":
                lines += ["    @overload",
                          f"    def {name}(self, {other}: ArrayLike{extra}) -> Array[Any]: ..."]
            else:
                lines += ["    @overload",
                          f"    def {name}(self, {other}: ArrayLike, /) -> Array[Any]: ..."]
        # (the in-place form keeps the left operand's dtype, or raises: decision 6)
        lines.append(f"    def __i{op}__(self, other: ArrayLike, /"
                     f") -> Self: ...  # type: ignore[misc]")
    for op in _COMPARE:
        ignore = "  # type: ignore[override]" if op in ("eq", "ne") else ""
        lines.append(f"    def __{op}__(self, other: ArrayLike, /) -> Array[bool_]: ...{ignore}")
    for op in ("neg", "pos", "abs", "invert"):
        lines.append(f"    def __{op}__(self) -> Array[_S_co]: ...")
    lines += [
        "    def __matmul__(self, other: ArrayLike, /) -> Array[Any]: ...",
        "    def __rmatmul__(self, other: ArrayLike, /) -> Array[Any]: ...",
        "    def __imatmul__(self, other: ArrayLike, /) -> Self: ...",
        "    def __getitem__(self, key: Index, /) -> Array[_S_co]: ...",
        "    def __setitem__(self, key: Index, value: ArrayLike, /) -> None: ...",
    ]
    return lines


#: members of the Array stub written above (not generated from signatures)
HAND_MEMBERS = frozenset(
    ["dtype", "shape", "ndim", "size", "device", "weak_type", "T", "mT", "real", "imag",
     "flat", "base", "flags", "strides", "itemsize", "nbytes", "data", "ctypes", "astype",
     "__matmul__", "__rmatmul__", "__imatmul__", "__getitem__", "__setitem__",
     *(f"__{p}{op}__" for op in _ARITH + ("truediv",) + _BITS for p in ("", "r", "i")),
     *(f"__{op}__" for op in _COMPARE + ("neg", "pos", "abs", "invert"))])

UFUNC_HEAD = '''\
class ufunc:
    """A weaknp universal function (``weaknp.add``, ``weaknp.exp``...)."""

    __name__: str
    nin: int
    nout: int
    identity: Any
    @property
    def nargs(self) -> int: ...
    @property
    def signature(self) -> None: ...
    @property
    def types(self) -> list[str]: ...
    @property
    def ntypes(self) -> int: ...
'''

# the ufunc call's keyword tail (runtime: ``_SIGNATURES`` in ``_api/ufunc.py``)
_UFUNC_TAIL = ("out: Array[Any] | tuple[Array[Any], ...] | None = ..., *, "
               "where: ArrayLike = ..., casting: str = ..., order: str = ..., "
               "dtype: DTypeLike | None = ..., subok: bool = ..., signature: None = ...")
_UFUNC_CALL = {
    (1, 1): ["    def __call__(self, x: ArrayLike, /, " + _UFUNC_TAIL + ") -> Array[Any]: ..."],
    (2, 1): ["    def __call__(self, x1: ArrayLike, x2: ArrayLike, /, " + _UFUNC_TAIL
             + ") -> Array[Any]: ..."],
    (1, 2): ["    def __call__(self, x: ArrayLike, /, " + _UFUNC_TAIL
             + ") -> tuple[Array[Any], Array[Any]]: ..."],
    (2, 2): ["    def __call__(self, x1: ArrayLike, x2: ArrayLike, /, " + _UFUNC_TAIL
             + ") -> tuple[Array[Any], Array[Any]]: ..."],
}

UFUNC_METHOD_RETURNS = {"at": "None", "resolve_dtypes": "tuple[np.dtype[Any], ...]"}

HEADER = '''\
# Generated by tools/gen_stubs.py from the runtime's signatures: do not edit by hand;
# change the tables there and re-run ``PYTHONPATH=src python tools/gen_stubs.py``.
'''

IMPORTS = '''\
import builtins
import os
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import IO, Any, ClassVar, Generic, NamedTuple, SupportsIndex, overload

import numpy as np
from typing_extensions import Self, TypeVar

from weaknp.typing import ArrayLike, DTypeLike, Index
'''

# builtins the namespace shadows (weaknp.bool, weaknp.all, weaknp.round ...)
_SHADOWED = ("bool", "int", "float", "complex", "str", "object", "type", "bytes", "list",
             "tuple", "dict", "memoryview", "slice", "range")


def _fix_builtins(t, shadowed):
    """Spell the builtins a namespace redefines ``builtins.X`` in type ``t``."""
    import re
    for b in shadowed:
        t = re.sub(rf"(?<![\w.])(?<!= ){b}(?=[\[\] |,):\n])", f"builtins.{b}", t)
    return t


def _param_type(func, p):
    t = (PARAM_OF.get((func, p.name)) or PARAM_OF.get((func.rpartition(".")[2], p.name))
         or PARAM.get(p.name))
    if t is None:
        d = p.default
        if d is inspect.Parameter.empty or d is None:
            t = "object"
        elif isinstance(d, bool):
            t = "bool"
        elif isinstance(d, int):
            t = _INT
        elif isinstance(d, float):
            t = "float"
        elif isinstance(d, str):
            t = "str"
        else:
            t = "object"
    if p.default is None and t != "object" and "None" not in t:
        t += " | None"
    return t


def _params(func, sig, first=None, overrides=None):
    """The stub text of a parameter list (``first``: the ``self`` parameter's text)."""
    out = []
    star_done = False
    prev = None
    for i, p in enumerate(sig.parameters.values()):
        if first is not None and i == 0:
            out.append(first)
            prev = p.kind
            continue
        if prev == inspect.Parameter.POSITIONAL_ONLY and p.kind != prev:
            out.append("/")
        if p.kind == inspect.Parameter.KEYWORD_ONLY and not star_done:
            out.append("*")
            star_done = True
        t = (overrides or {}).get(p.name) or _param_type(func, p)
        default = "" if p.default is inspect.Parameter.empty else " = ..."
        if p.kind == inspect.Parameter.VAR_POSITIONAL:
            out.append(f"*{p.name}: {t}")
            star_done = True
        elif p.kind == inspect.Parameter.VAR_KEYWORD:
            out.append(f"**{p.name}: {t}")
        else:
            out.append(f"{p.name}: {t}{default}")
        prev = p.kind
    if prev == inspect.Parameter.POSITIONAL_ONLY:
        out.append("/")
    return ", ".join(out)


def _defs(qual, name, obj, indent="", first=None, returns=None):
    """The ``def`` lines (overloads included) of a public function."""
    sig = obj if isinstance(obj, inspect.Signature) else inspect.signature(obj)
    ret = returns or RETURNS.get(qual) or RETURNS.get(name) or "Array[Any]"
    params = list(sig.parameters)
    lines = []

    def add(over, r, overload):
        if overload:
            lines.append(f"{indent}@overload")
        lines.append(f"{indent}def {name}({_params(qual, sig, first, over)}) -> {r}: ...")

    arg0 = params[1 if first else 0] if len(params) > (1 if first else 0) else None
    keep = (name in KEEP and arg0 is not None and not first
            and sig.parameters[arg0].kind != inspect.Parameter.VAR_POSITIONAL)
    if "dtype" in sig.parameters and ret == "Array[Any]":
        has_default = sig.parameters["dtype"].default is not inspect.Parameter.empty
        if has_default:
            if keep:
                add({arg0: "Array[_S]", "dtype": "None"}, "Array[_S]", True)
            add({"dtype": "None"}, NO_DTYPE.get(name, "Array[Any]"), True)
        add({"dtype": "type[_S]"}, "Array[_S]", True)
        add({"dtype": "DTypeLike"}, "Array[Any]", True)
    elif keep and ret == "Array[Any]":
        add({arg0: "Array[_S]"}, "Array[_S]", True)
        add({}, ret, True)
    else:
        add({}, ret, False)
    return lines


#: NumPy's stubs re-export these from elsewhere than their runtime module
_STUB_SOURCE = {"get_bit_generator": "numpy.random.mtrand",
                "set_bit_generator": "numpy.random.mtrand"}


def _public_source(obj, name):
    """``module`` that exports ``obj`` under ``name`` publicly (numpy's, unittest's)."""
    if name in _STUB_SOURCE:
        return _STUB_SOURCE[name]
    import warnings
    for m in ("numpy", "numpy.random", "numpy.testing", "numpy.exceptions",
              "numpy.linalg", "unittest", getattr(obj, "__module__", None)):
        with warnings.catch_warnings():   # getattr(numpy, "bytes"): a FutureWarning
            warnings.simplefilter("ignore")
            found = m and getattr(sys.modules.get(m) or importlib.import_module(m), name,
                                  None)
        if found is obj:
            return m
    return None


def _field_type(t):
    """A NamedTuple field's type from its (string) annotation; ``Array[Any]`` without one."""
    t = getattr(t, "__forward_arg__", None) or getattr(t, "__name__", t)
    return {None: "Array[Any]", "np.dtype": "np.dtype[Any]", "dtype": "np.dtype[Any]"}.get(
        t, t)


def _class_lines(cls, name, skip=()):
    """A weaknp class's stub: its ``__init__``/``__call__`` and public methods."""
    bases = [b for b in cls.__bases__ if b is not object]
    base_txt = ""
    if hasattr(cls, "_fields"):
        base_txt = "(NamedTuple)"
    elif bases:
        b = bases[0]
        src = _public_source(b, b.__name__)
        base_txt = (f"({src.replace('numpy', 'np', 1)}.{b.__name__})"
                    if src and not src.startswith("weaknp") else "")
    lines = [f"class {name}{base_txt}:"]
    if hasattr(cls, "_fields"):
        ann = getattr(cls, "__annotations__", {})
        lines += [f"    {f}: {_field_type(ann.get(f))}" for f in cls._fields]
        return lines
    body = []
    for attr, value in sorted(vars(cls).items()):
        if attr in skip or (attr.startswith("_") and attr not in ("__init__", "__call__",
                                                                  "__getitem__", "__iter__",
                                                                  "__enter__", "__exit__",
                                                                  "__next__", "__len__")):
            continue
        if isinstance(value, (types.FunctionType, staticmethod, classmethod)):
            fn = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
            ret = ("None" if attr == "__init__" else
                   NOT_ARRAY_METHODS.get(attr, "Array[Any]") if name in ARRAY_METHODS else "Any")
            if isinstance(value, staticmethod):
                body.append("    @staticmethod")
                body += _defs(f"{name}.{attr}", attr, fn, "    ", None, ret)
            else:
                first = "cls" if isinstance(value, classmethod) else "self"
                if isinstance(value, classmethod):
                    body.append("    @classmethod")
                body += _defs(f"{name}.{attr}", attr, fn, "    ", first, ret)
        elif isinstance(value, property):
            body += ["    @property", f"    def {attr}(self) -> Any: ..."]
    return lines + (body or ["    ..."])


def _array_lines(Array):
    lines = ARRAY_HEAD.rstrip("\n").split("\n") + _operators()
    for attr in sorted(_array_members(Array)):
        if attr in HAND_MEMBERS:
            continue
        value = inspect.getattr_static(Array, attr)
        if isinstance(value, property):
            lines += ["    @property", f"    def {attr}(self) -> Any: ..."]
            continue
        ret = METHOD_RETURNS.get(attr) or ("Array[_S_co]" if attr in METHOD_KEEP
                                           else "Array[Any]")
        sig = inspect.signature(getattr(Array, attr))
        if attr.startswith("__"):
            # protocols are called positionally; the compiled core's slots say so, the
            # pure build's methods do not: one stub for both (positional-only operands)
            sig = sig.replace(parameters=[
                p.replace(kind=P.POSITIONAL_ONLY) if p.kind == P.POSITIONAL_OR_KEYWORD else p
                for p in sig.parameters.values()])
        lines += _defs(f"Array.{attr}", attr, sig, "    ", "self", ret)
    return lines


def _array_members(Array):
    """The members of ``Array`` a stub declares: the public ones and the protocols."""
    names = set()
    for klass in Array.__mro__[:-1]:
        for attr in vars(klass):
            if not attr.startswith("_") or (attr.startswith("__") and attr.endswith("__")
                                            and attr not in _NOT_API):
                names.add(attr)
    return names


#: dunders of Array's classes that are no API to declare (object's, or the class machinery)
_NOT_API = frozenset(("__module__", "__doc__", "__slots__", "__dict__", "__weakref__",
                      "__new__", "__init__", "__qualname__", "__annotations__", "__reduce__",
                      "__firstlineno__", "__static_attributes__", "__pyx_vtable__",
                      "__reduce_cython__", "__setstate_cython__", "__class_getitem__",
                      "__array_priority__", "__init_subclass__", "__orig_bases__",
                      "__parameters__", "__deepcopy__", "__copy__", "__setstate__",
                      "__getstate__", "__annotate_func__", "__annotations_cache__"))


def _scalar_lines(wnp):
    """The scalar type hierarchy: abstract classes, then the concrete ones."""
    from weaknp._api import data_types, scalar_types
    lines = ["class _ScalarMeta(type):",
             "    dtype: np.dtype[Any]",
             ""]
    for name in ("generic", "number", "integer", "signedinteger", "unsignedinteger",
                 "inexact", "floating", "complexfloating"):
        cls = getattr(scalar_types, name)
        base = cls.__bases__[0]
        base_txt = "metaclass=_ScalarMeta" if base is object else base.__name__
        lines.append(f"class {name}({base_txt}): ...")
    for dt_name, cls in data_types._TYPES.items():
        # a scalar type builds a strong array (its metaclass's __call__): wnp.float32(1.5)
        # is an Array[float32]
        lines += [f"class {dt_name}({cls.__bases__[0].__name__}):",
                  f"    def __new__(cls, value: ArrayLike = ..., /) -> "
                  f"Array[{'bool_' if dt_name == 'bool' else dt_name}]: ..."
                  f"  # type: ignore[misc]"]
    return lines


def _ufunc_lines(wnp):
    from weaknp._api.ufunc import ufunc
    lines = UFUNC_HEAD.rstrip("\n").split("\n")
    for attr in ("reduce", "accumulate", "reduceat", "outer", "at", "resolve_dtypes"):
        lines += _defs(f"ufunc.{attr}", attr, getattr(ufunc, attr), "    ", "self",
                       UFUNC_METHOD_RETURNS.get(attr, "Array[Any]"))
    for (nin, nout), call in sorted(_UFUNC_CALL.items()):
        lines += ["", f"class _UFunc_Nin{nin}_Nout{nout}(ufunc):"] + call
    return lines


def _namespace():
    """weaknp's names, every one bound (``dir`` loads the lazy ones)."""
    wnp = importlib.import_module("weaknp")
    dir(wnp)
    return vars(wnp)


def module_lines(modname):
    """The stub text of one public namespace."""
    mod = importlib.import_module(modname)
    from weaknp._api.ufunc import ufunc
    from weaknp._fast.calls import Moving, Quick
    from weaknp._api.scalar_types import ScalarMeta
    names = list(mod.__all__)
    head, body, tail = [], [], []
    shadowed = tuple(b for b in _SHADOWED if b in names)
    if modname == "weaknp":
        body += ["_S = TypeVar(\"_S\", bound=generic)",
                 "_S_co = TypeVar(\"_S_co\", bound=generic, covariant=True, default=Any)",
                 "_I = TypeVar(\"_I\", bound=integer)",
                 "_F = TypeVar(\"_F\", bound=floating)",
                 "_C = TypeVar(\"_C\", bound=complexfloating)", ""]
        body += _scalar_lines(mod) + [""]
        body += _array_lines(mod.Array) + [""]
        body += _ufunc_lines(mod) + [""]
        from weaknp._api.data_types import finfo_object, iinfo_object
        tail += _class_lines(finfo_object, "finfo_object") + [""]
        tail += _class_lines(iinfo_object, "iinfo_object") + [""]
        body += ["__version__: str", "__compiled__: bool", "__array_api_version__: str", ""]
    else:
        head.append("from weaknp import Array as Array" if False else
                    "from weaknp import Array, Device, generic")
        head.append("from weaknp import _S")
    done = {"Array", "ufunc", "generic", "number", "integer", "signedinteger",
            "unsignedinteger", "inexact", "floating", "complexfloating"} \
        if modname == "weaknp" else set()
    for name in names:
        if name in done:
            continue
        obj = getattr(mod, name)
        qual = f"{modname.split('.', 1)[1]}.{name}" if "." in modname else name
        if modname != "weaknp" and not isinstance(obj, (bool, int, float, str)) and \
                obj is not None and _namespace().get(name) is obj:
            head.append(f"from weaknp import {name} as {name}")   # the namespace's own
        elif isinstance(obj, types.ModuleType):
            parent, _, last = obj.__name__.rpartition(".")
            head.append(f"from {parent} import {last} as {name}")
        elif isinstance(obj, ufunc):
            body.append(f"{name}: _UFunc_Nin{obj.nin}_Nout{obj.nout}")
        elif isinstance(obj, ScalarMeta):
            if obj.__name__ != name:
                body.append(f"{name} = {obj.__name__}")
            elif modname != "weaknp":
                head.append(f"from weaknp import {name} as {name}")
        elif obj is mod.__dict__.get("Array") or (modname == "weaknp" and obj is mod.Array):
            body.append(f"{name} = Array")
        elif isinstance(fn := (obj.general if isinstance(obj, (Moving, Quick)) else obj),
                        types.FunctionType) and not (
                (src := _public_source(fn, name)) and not src.startswith("weaknp")):
            # weaknp's own (or a wrapper of NumPy's; a Moving or Quick: its Python body's
            # signature)
            body += _defs(qual, name, fn)
        elif name == "dtype":
            # NumPy differs only in the class: wnp.dtype(x) returns a numpy.dtype, and
            # isinstance(d, wnp.dtype) holds for every numpy.dtype (see _api/data_types.py).
            body.append("dtype = np.dtype")
        elif (src := _public_source(obj, name)) and not src.startswith("weaknp"):
            head.append(f"from {src} import {name} as {name}")
        elif isinstance(obj, type) and obj.__module__.startswith("weaknp"):
            if modname != "weaknp" and getattr(importlib.import_module("weaknp"), name,
                                               None) is obj:
                head.append(f"from weaknp import {name} as {name}")
            else:
                tail += _class_lines(obj, name) + [""]
        elif isinstance(obj, (bool, int, float, str)) or obj is None:
            body.append(f"{name}: {type(obj).__name__ if obj is not None else 'None'}")
        elif isinstance(obj, dict) and all(isinstance(k, str) and isinstance(v, str)
                                           for k, v in obj.items()):
            body.append(f"{name}: dict[str, str]")   # typecodes
        elif type(obj).__module__.startswith("weaknp"):
            cname = type(obj).__name__
            if cname not in {ln.split("(")[0].split(":")[0][6:] for ln in tail
                             if ln.startswith("class ")}:
                tail += _class_lines(type(obj), cname) + [""]
            body.append(f"{name}: {cname}")
        else:
            raise SystemExit(f"gen_stubs: no rule for {modname}.{name} ({type(obj)}); add one")
    all_line = ["__all__ = ["] + [f"    {n!r}," for n in names] + ["]"]
    text = [HEADER, IMPORTS, *head, "", *all_line, "", *tail, *body, ""]
    return _fix_builtins("\n".join(text), shadowed) if shadowed else "\n".join(text)


def stub_path(modname):
    parts = modname.split(".")[1:]
    if parts == ["lib"]:
        parts = ["lib", "__init__"]
    return os.path.join(SRC, *(parts or ["__init__"])) + ".pyi"


def main():
    import weaknp
    for modname in MODULES:
        with open(stub_path(modname), "w") as f:
            f.write(module_lines(modname))
    print(f"gen_stubs: wrote {len(MODULES)} stubs under {SRC} "
          f"(weaknp {weaknp.__version__}, compiled={weaknp.__compiled__})")


if __name__ == "__main__":
    main()
