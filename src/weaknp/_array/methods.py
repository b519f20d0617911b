"""NumPy's ndarray methods and attributes beyond the Array API standard, as the mixin
``NumpyMethods`` that ``Array`` derives from; and ``x.flat`` (``FlatIter``).

A method that has a namespace function of the same name is that function with ``x``
first (``x.sum(axis)`` is ``weaknp.sum(x, axis)``, NumPy's method signature): one
signature, one body: ``x.sum`` is ``weaknp.sum`` bound to ``x``.  The function is looked up
in the public namespace the package hands down (``_array.interop.namespace``), on first use.
"""

from __future__ import annotations

import math
from types import GenericAlias
from typing import TYPE_CHECKING

import numpy as np

from .._core import dtypes
from .._fast.calls import Method, moving
from .._fast.dispatch import set_reshape_general, unwrap_key, wrap, wrap_node
from .interop import namespace
from .._core.lattice import OUTSIDE, STRONG_NODE, WEAK_NODES
from .._core.promotion import resolve_dtype
from .stored import stored_value

if TYPE_CHECKING:  # annotations only: Array is built on this layer
    from .array import Array

__all__ = ["NumpyMethods", "FlatIter"]

_ndarray = np.ndarray
_TYPE = type    # the builtin (view() has a parameter of that name)
_SUPPORTED = frozenset(dtypes.ALL_DTYPES)
#: How many views of views ``base`` follows back (a chain is as long as the user's code
#: made it; NumPy's own base is found in a step or two).
_MAX_BASE_CHAIN = 64


def _delegate(name: str):
    """``x.<name>(...)``: ``weaknp.<name>(x, ...)`` -- the method is the namespace function
    bound to ``x`` (``_fast.calls.Method``: no Python call on the way), as NumPy's methods
    are the functions with ``x`` first (one signature, one body; ``Array.<name>`` is the
    function itself)."""
    return Method(name, _namespace_function)


def _namespace_function(name: str):
    return getattr(namespace(), name)


def _itself(function):
    return function


def _transpose(self, *axes) -> Array:
    """``x.transpose()``, ``x.transpose(1, 0)`` or ``x.transpose((1, 0))``."""
    if len(axes) == 1 and not hasattr(axes[0], "__index__"):
        axes = axes[0]
    return namespace().permute_dims(self, axes or None)


_transpose.__name__ = _transpose.__qualname__ = "transpose"


def _reshape_on_first_use(a, shape, order, copy):
    """``x.reshape``'s general path until ``_api.manipulation`` is loaded (an Array unpickled
    before any namespace name was used): ``weaknp.reshape`` loads that section, which
    registers its own general path with the dispatch core in place of this one."""
    return namespace().reshape(a, shape, order, copy=copy)


set_reshape_general(_reshape_on_first_use)


class NumpyMethods:
    """NumPy's ndarray methods and attributes beyond the standard (``Array`` derives from
    this mixin; it holds no data of its own)."""

    __slots__ = ()

    # -- NumPy's ndarray methods (NumPy's method signatures; each calls the namespace
    # function of the same name, so dtypes and weak flags have one source of truth).
    @property
    def itemsize(self) -> int:
        """Bytes per element."""
        return self._data.itemsize

    @property
    def nbytes(self) -> int:
        """Bytes of all elements."""
        return self._data.nbytes

    @property
    def strides(self) -> tuple:
        """Bytes to step in each dimension (read-only)."""
        return self._data.strides

    @property
    def real(self) -> Array:
        """Real part: a view, as ``ndarray.real`` (writes change ``x``); ``weaknp.real(x)``
        is a new array.  Dtype and weak flag as ``weaknp.real``."""
        return wrap(self._data.real, self._node in WEAK_NODES)

    @property
    def imag(self) -> Array:
        """Imaginary part: a view of a complex array, as ``ndarray.imag`` (read-only zeros
        for a real array, as NumPy); ``weaknp.imag(x)`` is a new array.  Dtype and weak
        flag as ``weaknp.imag``."""
        return wrap(self._data.imag, self._node in WEAK_NODES)

    def conj(self) -> Array:
        """Complex conjugate (``weaknp.conj``)."""
        return namespace().conj(self)

    conjugate = conj

    # reshape is ArrayBase's (the dispatch core: weaknp.reshape's common call, in C)

    # ``x.transpose(...)``: NumPy's method on the ndarray in the compiled core, else
    # ``permute_dims`` (``_transpose``; ``_fast.calls.Moving``)
    transpose = Method(moving(_ndarray.transpose, _transpose), _itself)

    def compress(self, condition, axis=None, out=None) -> Array:
        """``weaknp.compress(condition, x, axis, out)``."""
        return namespace().compress(condition, self, axis, out)

    def copy(self, order="C") -> Array:
        """``weaknp.copy`` (NumPy's method defaults to C order)."""
        return namespace().copy(self, order)

    def flatten(self, order="C") -> Array:
        """A flattened copy (owning its data: ``base`` is None, as NumPy's)."""
        if order not in ("C", "F", "A", "K"):
            raise ValueError(f"flatten: order must be 'C', 'F', 'A' or 'K', got {order!r}")
        return wrap_node(self._data.flatten(order), self._node)

    def sort(self, axis=-1, kind=None, order=None, *, stable=None) -> None:
        """Sort in place (``weaknp.sort`` returns a sorted copy)."""
        namespace().sort.in_place(self, axis, kind, order, stable)

    def partition(self, kth, axis=-1, kind="introselect", order=None) -> None:
        """Partition in place (``weaknp.partition`` returns a copy)."""
        namespace().partition.in_place(self, kth, axis, kind, order)

    # NumPy's ndarray methods: one line each, the namespace function with ``x`` first.
    sum = _delegate("sum")
    prod = _delegate("prod")
    mean = _delegate("mean")
    var = _delegate("var")
    std = _delegate("std")
    max = _delegate("max")
    min = _delegate("min")
    ptp = _delegate("ptp")
    argmax = _delegate("argmax")
    argmin = _delegate("argmin")
    cumsum = _delegate("cumsum")
    cumprod = _delegate("cumprod")
    all = _delegate("all")
    any = _delegate("any")
    clip = _delegate("clip")
    round = _delegate("round")
    dot = _delegate("dot")
    ravel = _delegate("ravel")
    squeeze = _delegate("squeeze")
    swapaxes = _delegate("swapaxes")
    argsort = _delegate("argsort")
    nonzero = _delegate("nonzero")
    repeat = _delegate("repeat")
    take = _delegate("take")
    searchsorted = _delegate("searchsorted")
    trace = _delegate("trace")
    diagonal = _delegate("diagonal")
    choose = _delegate("choose")
    put = _delegate("put")
    argpartition = _delegate("argpartition")

    def tolist(self):
        """Nested Python lists of Python scalars (as ``ndarray.tolist``)."""
        return self._data.tolist()

    def item(self, *args):
        """One element as a Python scalar."""
        return self._data.item(*args)

    def tobytes(self, order="C") -> bytes:
        """The raw bytes of the data."""
        return self._data.tobytes(order=order)

    def fill(self, value) -> None:
        """Fill in place with a scalar (checked as for ``x[...] = value``)."""
        if self._node is OUTSIDE:   # strings, records, dates: NumPy's conversion
            self[...] = value
            return
        self._data[...] = stored_value("fill", self._data, self._node, value)

    def view(self, dtype=None, type=None) -> Array:  # noqa: A002 - NumPy's name
        """The same memory: ``x.view()`` shares it with the same dtype and weak flag;
        ``x.view(dtype)`` reinterprets the bytes as another dtype (strong), e.g. ``float32``
        bits as ``uint32``; to another item size the last axis grows or shrinks as in NumPy
        (``zeros(4, dtype=int16).view(int32)`` has shape (2,)).  Records, strings and dates
        are dtypes too.  ``type=`` (an ndarray subclass) is NumPy's and not taken, nor is
        one passed as the first argument (``x.view(C)``, as NumPy reads it)."""
        if isinstance(dtype, _TYPE) and issubclass(dtype, (np.ndarray, _TYPE(self))):
            dtype, type = None, dtype   # noqa: A001 - NumPy's own reading of view(C)
        if type is not None and type is not _TYPE(self):
            raise TypeError("view: type= (an ndarray subclass) is not supported; weaknp "
                            "views are Arrays")
        if dtype is None:
            r = wrap(self._data.view(), self._weak)
        elif dtypes.native_equivalent(dtype) is not None:
            # NumPy differs: a view to a non-native byte order is a copy of its values in
            # native order (decision 96), as asarray reads non-native data
            return self.view(dtypes.native_equivalent(dtype)).byteswap()
        else:
            dt = resolve_dtype(dtype, "view", outside=True)
            try:
                r = wrap(self._data.view(dt), False)
            except ValueError as e:
                raise ValueError(f"view: cannot view {dtypes.dtype_name(self._data.dtype)} of "
                                 f"shape {self._data.shape} as {dtypes.dtype_name(dt)} ({e}); "
                                 f"the last axis must be contiguous and its size in bytes a "
                                 f"multiple of {dt.itemsize}") from None
        r._base = self
        return r

    # -- NumPy's attributes and Python protocols (issue 13) ----------------------------
    __class_getitem__ = classmethod(GenericAlias)  # Array[...] in annotations, as ndarray

    def _set_part(self, part: str, value) -> None:
        d = self._data
        if d.dtype in dtypes.COMPLEX:
            target = d.real if part == "real" else d.imag
        elif part == "real":
            target = d
        else:
            raise TypeError(f"imag: a {dtypes.dtype_name(d.dtype)} array has no imaginary part to "
                            f"set; make it complex first with astype()")
        # The part is an array of the real dtype: the value is stored with x[i] = v's rule.
        target[...] = stored_value(part, target, STRONG_NODE[target.dtype], value, lists=True)

    real = real.setter(lambda self, value: self._set_part("real", value))
    imag = imag.setter(lambda self, value: self._set_part("imag", value))

    @property
    def flat(self) -> "FlatIter":
        """A flat (C-order) view for reading and writing: ``x.flat[3]``, ``x.flat[[1, 4]]
        = 0`` (stored with the rule of ``x[i] = v``), ``for v in x.flat``; assigning
        ``x.flat = v`` fills every element (repeating ``v`` as NumPy does)."""
        return FlatIter(self)

    @flat.setter
    def flat(self, value) -> None:
        self._data.flat = stored_value("flat", self._data, self._node, value, lists=True)

    @property
    def base(self):
        """The array whose memory this one uses, or None when it owns its data, as NumPy's
        ``base``: ``x[:3].base is x`` and ``x[:3][1:].base is x`` for an ``x`` that owns
        its data (the Arrays a view was made from are followed to the one whose data is
        NumPy's base); memory no weaknp array here owns comes back wrapped anew."""
        b = self._data.base
        if b is None:
            return None
        src = getattr(self, "_base", None)
        for _ in range(_MAX_BASE_CHAIN):
            if src is None:
                break
            if src._data is b:
                return src
            src = getattr(src, "_base", None)
        if isinstance(b, _ndarray) and (b.dtype in _SUPPORTED or dtypes.is_outside(b.dtype)):
            return wrap(b, False)
        return b

    @property
    def flags(self):
        """NumPy's flags of the data (``x.flags.writeable = False`` works)."""
        return self._data.flags

    def setflags(self, write=None, align=None, uic=None) -> None:
        """NumPy's ``setflags`` on the data."""
        self._data.setflags(write=write, align=align, uic=uic)

    @property
    def data(self) -> memoryview:
        """The buffer as a ``memoryview`` (NumPy's ``data``).  ml_dtypes types have no
        buffer format: view them as unsigned integers of the same size first."""
        try:
            return self._data.data
        except ValueError:
            raise ValueError(f"data: {dtypes.dtype_name(self._data.dtype)} has no buffer format; "
                             f"use x.view(uint{8 * self._data.itemsize}).data") from None

    @property
    def ctypes(self):
        """NumPy's ``ctypes`` interface of the data (pointer, shape, strides)."""
        return self._data.ctypes

    def byteswap(self, inplace=False) -> "Array":
        """Swap the bytes of each element (same dtype and weak flag)."""
        r = self._data.byteswap(inplace=inplace)
        return self if inplace else wrap_node(r, self._node)

    def resize(self, *new_shape, refcheck=True) -> None:
        """Change shape and size in place (NumPy's ``ndarray.resize``): elements are kept
        in C order and new ones are zero.  The array gets new memory; views of the old
        data keep seeing the old data."""
        if len(new_shape) == 1 and not hasattr(new_shape[0], "__index__"):
            new_shape = tuple(new_shape[0])
        shape = tuple(s.__index__() for s in new_shape)
        size = math.prod(shape)
        if min(shape, default=0) >= 0 and size == self._data.size:
            # The same size: one copy in its new shape (NumPy reshapes its own buffer,
            # which views of it then share).
            self._data = self._data.reshape(shape, copy=True)
            return
        flags = self._data.flags
        if refcheck and self._data.base is None and flags.c_contiguous and flags.writeable:
            # A new size: NumPy's own in-place resize (a realloc, the elements kept in C
            # order, new ones zero -- only in a writeable array) is the same result
            # without a copy; its reference check refuses where another array or view
            # holds the buffer.
            try:
                self._data.resize(shape)
                return
            except ValueError:
                pass
        new = np.zeros(shape, self._data.dtype)
        n = min(new.size, self._data.size)
        new.reshape(-1)[:n] = self._data.reshape(-1)[:n]
        self._data = new

    def tofile(self, fid, sep="", format="%s") -> None:  # noqa: A002 - NumPy's name
        """Write the data to a file (NumPy's ``tofile``; the weak flag is not stored)."""
        self._data.tofile(fid, sep=sep, format=format)

    def dumps(self) -> bytes:
        """A pickle of the array (dtype and weak flag kept)."""
        import pickle  # noqa: PLC0415 - rarely used
        return pickle.dumps(self, protocol=2)

    def dump(self, file) -> None:
        """Pickle the array to ``file`` (a path or a binary file object)."""
        import pickle  # noqa: PLC0415 - rarely used
        if isinstance(file, (str, bytes)) or hasattr(file, "__fspath__"):
            with open(file, "wb") as f:
                pickle.dump(self, f, protocol=2)
        else:
            pickle.dump(self, file, protocol=2)

    def getfield(self, dtype, offset=0):
        """A view of the bytes at ``offset`` of each element as ``dtype`` (NumPy's
        ``getfield``); strong."""
        dt = resolve_dtype(dtype, "getfield", outside=True)
        return wrap(self._data.getfield(dt, offset), False)

    def setfield(self, val, dtype, offset=0) -> None:
        """Write ``val`` into the bytes at ``offset`` of each element, read as ``dtype``
        (NumPy's ``setfield``; ``val`` is stored with the rule of ``x[i] = v`` for
        ``dtype``)."""
        dt = resolve_dtype(dtype, "setfield")
        view = self._data.getfield(dt, offset)
        view[...] = stored_value("setfield", view, STRONG_NODE[dt], val, lists=True)


class FlatIter:
    """``x.flat``: a flat, C-order view of an Array for reading and writing (NumPy's
    ``flatiter``).  Elements come back as 0-d arrays with the array's dtype and weak flag;
    writes follow the rule of ``x[i] = v``."""

    __slots__ = ("_array",)

    def __init__(self, array: Array):
        self._array = array

    @property
    def base(self) -> Array:
        """The array being iterated."""
        return self._array

    def __len__(self) -> int:
        return self._array._data.size

    def __iter__(self):
        a = self._array
        flat = a._data.reshape(-1)
        node = a._node
        for i in range(flat.shape[0]):
            yield wrap_node(flat[i, ...], node)

    def __getitem__(self, key):
        a = self._array
        r = a._data.flat[unwrap_key(key)]
        return wrap_node(r if type(r) is _ndarray else np.asarray(r), a._node)

    def __setitem__(self, key, value) -> None:
        a = self._array
        a._data.flat[unwrap_key(key)] = stored_value("flat", a._data, a._node, value,
                                                      lists=True)

    def __array__(self, dtype=None, copy=None):
        r = self._array._data.reshape(-1)
        if dtype is not None:
            r = r.astype(dtype)
        return r.copy() if copy else r

    def copy(self) -> Array:
        """A flattened copy."""
        return wrap_node(self._array._data.flatten(), self._array._node)

    def __repr__(self) -> str:
        return f"<weaknp flat iterator over a {self._array.shape} array>"

