"""The dispatch core: Array storage, operators, indexing, iteration, scalar and list reading.

This one source runs in two builds.  ``setup.py`` compiles it with Cython (pure-Python
mode: ``dispatch.pxd`` declares the C types, this file stays Python syntax) when a C
compiler is present; without one, or with ``WEAKNP_PURE_PYTHON=1``, Python runs the same
file.  ``cython.compiled`` says which (``COMPILED``, ``weaknp.__compiled__``); the test
suite runs in both builds.

Two builds, one set of names.  The compiled build also calls C helpers: CPython's C API
(``capi.pxd``: the ContextVar read, the constructor, vectorcall, type slots) and NumPy's
(``npyc.pxd``: ``x[i]``, ``x[i, j]``, ``x[()]`` and iteration make their 0-d arrays in C;
a simple nest of Python scalars is stored into its array in C).  Each one this file calls
has a Python twin of the same name below (``if not cython.compiled:``, a block Cython
drops), with the results the C gives, so every name here exists in both builds.  Locals
assigned from a parameter (``arr = a``) are there for Cython: ``dispatch.pxd`` types
``arr`` as ``ArrayBase``, so ``arr._data`` is a C field read.

The core only *executes*.  It never derives promotion: every (op, mode, operand-node pair)
gets one ``Entry``, built once by the Python layers (lattice -> join -> plan -> entry in
``kernel.entry_spec``) and kept in the op's per-mode cache.  A missing entry calls into
Python to build it; an error (no join, a kind the op refuses) is raised there and never
cached.  ``x + 2``, ``2 + x``, ``wnp.add(x, 2)`` and ``np.add(x, 2)`` all take the same
entry through ``binary``.

The walk of ``x + 2`` (``x`` an int8 Array):

1. CPython calls ``ArrayBase.__add__`` (the ``nb_add`` slot, C in the compiled build),
   which is ``binary(x, 2, ADD)``.
   ``2 + x`` is ``x.__radd__(2)``, ``binary(x, 2, ADD, True)``, which swaps the operands.
2. Operand nodes: ``x._node`` is ``Node.int8``; ``type(2) is int`` gives the weak-int node.
3. ``get_mode()`` reads the ContextVar (per thread and task); ``ADD``'s cache for that mode
   is a list of ``N`` rows of ``N`` slots, indexed ``[int8][weak_int]``.
4. First time only: the slot is empty, so ``OpCore.build`` asks ``kernel.entry_spec``:
   ``lattice.table[int8][weak_int]`` is ``(int8, strong)``; ``plan_for(add, int8)`` checks
   the kind, applies the result rule and pins the loop ``(int8, int8) -> int8``.  The
   entry says how NumPy is called for each *plain form* (two arrays, or an array and a
   Python scalar the loop takes unchanged) (no keyword when
   ``resolve_dtypes`` confirmed NumPy's own choice is exactly that loop, else ``dtype=``
   or ``signature=``), the range in which a Python int passes unchanged (``-128..127``),
   the result node (``int8``), and a Python function, ``general``, for every other form.
5. ``2`` is an exact ``int`` inside ``-128..127``: the plain form.  (``1000`` goes to
   ``general``, which raises weaknp's ``OverflowError``, or for a comparison answers it:
   ``x < 1000`` is all True.  Weak arrays, bfloat16 computed in float32 and cast back,
   special-value fixes and checks also go through ``general``.)
6. ``np.add(x._data, 2)``: one ufunc call, the loop pinned, casts inside it (with
   ``out=...`` when the result is 0-d, so that NumPy returns an array, not a scalar).
7. A new ``Array`` (the registered subclass) gets ``_data`` = the result and ``_node`` =
   the entry's result node.  Unknown operand types return ``NotImplemented``.

Function calls take entries too.  ``wnp.add(x, 2)`` with positional operands only is
``positional_call`` -> ``binary(x, 2, ADD)``, the operator's entry (compiled, CPython
calls the ufunc object by vectorcall, ``capi.vectorcall_ufunc``, with no argument tuple;
in Python, ``UfuncBase.__call__``); with ``out=``, ``dtype=``, ``where=`` ... it is
the ufunc's general path.  ``where`` and the reductions
have a ``CallCore`` each, whose ``CallEntry`` per (mode, operand node pair) or (mode,
operand node) their own module builds from its general path's decisions
(``_searching._where_spec``, ``_reduce._spec``); ``where_call``/``reduce_call`` execute
them and hand every other call to that general path.  The walk of ``x.sum()`` (``x`` an
int8 Array):

1. ``Array.sum`` is a ``Method``: ``x.sum`` is ``weaknp.sum`` bound to ``x`` (C, no
   Python frame), so ``x.sum()`` is ``weaknp.sum(x)`` -- one signature, one body.
2. ``sum``'s body is ``reduce_call(SUM, x, None, None, None, False, NOVALUE, True)``.
3. No ``out=``/``initial=``/``where=``, a non-empty Array: ``SUM``'s list for the mode,
   indexed by ``int8``; first time only ``_reduce._spec`` fills it (the standard's sum
   rule: ``np.add.reduce``, ``dtype=int64``, result node ``int64``).
4. ``np.add.reduce(data, axis=None, dtype=int64, out=...)``; the result becomes a new
   Array at node ``int64`` here.

Thread safety: the mode is read on every call; a cache slot is written whole (a list item,
a tuple), so a thread never sees half an entry, and two threads building the same entry
build equal ones.
"""

from __future__ import annotations

import math
from types import MethodType

import numpy as np

try:
    import cython   # compiled: Cython reads ``cython.compiled`` as True at compile time
except ImportError:   # the pure build where Cython is not installed
    from . import nocython as cython

from .._core import kernel as K
from .._core import config as _config
from .._core.lattice import STRONG_NODE, WEAK_NODE, Node
from .._core.ops import ALL_OPS
from .._core.dtypes import INT_BOUNDS as _INT_BOUNDS
from .._core.dtypes import INTEGER as _INTEGER
from .._core.dtypes import dtype_name
from .._core.dtypes import wider_int_fix as _wider_int_fix
from .._core.promotion import PY_SCALAR_NODE, default_dtype, join_nodes, read_operand, scalar_node

__all__ = ["ArrayBase", "UfuncBase", "Entry", "OpCore", "binary", "unary", "inplace", "operand", "wrap",
           "wrap_node", "unwrap_key", "set_array_type", "refresh_slots", "leaf_summary",
           "read_list", "list_array", "explicit_int", "iterate", "CallEntry", "CallCore",
           "where_call", "reduce_call", "Method", "reshape_call", "set_reshape_general",
           "register_ufunc_type", "own_loop", "COMPILED"]

#: Whether this module is the compiled extension (``weaknp.__compiled__``).
COMPILED = cython.compiled
_ndarray = np.ndarray
_generic = np.generic
_asarray = np.asarray
_array = np.array
#: Dtypes Python scalars land in without anything to overflow (``read_list``).
_QUIET = frozenset(np.dtype(t) for t in ("bool", "int64", "float64", "complex128"))
_AOUT = K.ARRAY_OUT
_OWN_MAX = K.OWN_LOOP_MAX_SIZE
_N = len(Node)
_NODE_MAPS = (STRONG_NODE, WEAK_NODE)
_BOOL_NODE = Node.bool
_INT_NODE = Node.weak_int
_FLOAT_NODE = Node.weak_float
_COMPLEX_NODE = Node.weak_complex
_BOOL_INDEX = int(Node.bool)
#: Nodes below this index are strong (one per dtype); the weak nodes follow.
_NSTRONG = int(Node.weak_int)
_NOVALUE = np._NoValue
_NO_ARGS = ()   # the arguments of the core's constructor call (``_new``, compiled)
_true_divide = np.true_divide
_reshape = np.ndarray.reshape
#: ``CallEntry``'s "no Python scalar passes" (``types, lo, hi``).
_NO_PASS = (frozenset(), 1, 0)
#: The public ``Array`` class (a subclass of ``ArrayBase`` defined in ``_array``); results
#: are made of this type.  Set once by ``set_array_type``.
_ArrayType = None
#: The promotion mode's ContextVar.  ``get_mode()`` reads it: compiled, the ``.pxd``'s inline
#: C call (``PyContextVar_Get``, no Python call); in the pure-Python build, its own method.
_MODE_VAR = _config.get_mode.__self__
#: NumPy's floating-point error state (a ContextVar) and its all-quiet value (``own_loop``).
_NP_ERRSTATE = K.NP_ERRSTATE
_NP_QUIET = K.NP_QUIET
#: The entries' call codes (``Entry``), defined once in the kernel.
CALL_GENERAL, CALL_DIRECT, CALL_DTYPE = K.CALL_GENERAL, K.CALL_DIRECT, K.CALL_DTYPE
CALL_SIGNATURE, CALL_UNSAFE = K.CALL_SIGNATURE, K.CALL_UNSAFE
CALL_THEN_CAST, CALL_OWN_LOOP = K.CALL_THEN_CAST, K.CALL_OWN_LOOP

if not cython.compiled:
    # -- the pure build's twins of the C helpers ------------------------------------------
    # The compiled build takes these names from dispatch.pxd (its glue), capi.pxd and
    # npyc.pxd; Cython drops this block.  Same names, same results.
    def numpy_ready():
        """Nothing to load: the pure build does not call NumPy's C API."""

    get_mode = _MODE_VAR.get                 # the promotion mode (compiled: read in C)
    _new = object.__new__                    # a new, empty instance of the class given
    PyMethod_New = MethodType                # a bound method (``Method``)

    def _quiet_errstate():
        return _NP_ERRSTATE.set(_NP_QUIET)

    def _reset_errstate(token):
        _NP_ERRSTATE.reset(token)

    def element_copy(d, key):
        """None: ``__getitem__`` takes NumPy's spelling (compiled: the 0-d copy in C)."""
        return None

    def element_at(d, i):
        """None: ``_Elements`` takes NumPy's spelling (compiled: the 0-d copy in C)."""
        return None

    def nest_array(obj, shape, kind):
        """The ndarray of simple nest ``obj`` in ``_SIMPLE_DTYPES[kind]``: NumPy's own
        choice for such leaves is the widest kind present (compiled: stored in C)."""
        data = _array(obj)
        dt = _SIMPLE_DTYPES[kind]
        return data if data.dtype == dt else _array(obj, dtype=dt)

    # A Python class's operators and ``__call__`` are its methods: no C slots to copy.
    def copy_binary_slot(sub, base, slot):
        pass

    def clear_inplace_concat(t):
        pass

    def type_modified(t):
        pass

    def _set_vectorcall(u):
        pass

    def _enable_vectorcall(cls):
        pass


numpy_ready()   # NumPy's C API table and the elements' storage type (compiled build)
#: ``(payload, node)`` of a list/tuple/range operand, else None (set by ``set_array_type``).
_sequence_operand = None
#: ``reshape``'s general path (set by ``set_reshape_general``).
_reshape_general = None
#: The public ``ufunc`` class (set by ``register_ufunc_type``).
_ufunc_type = None


def set_array_type(cls, sequence_operand) -> None:
    """Register the public ``Array`` class and the reader of list, tuple and range operands
    (``x + [1, 2]``; ``_array`` calls this once, at import)."""
    global _ArrayType, _sequence_operand
    if not (isinstance(cls, type) and issubclass(cls, ArrayBase) and
            cls.__basicsize__ == ArrayBase.__basicsize__):
        raise TypeError(f"set_array_type: {cls!r} is not a subclass of ArrayBase with its "
                        f"layout")
    _ArrayType = cls
    _sequence_operand = sequence_operand
    _inherit_binary_slots(cls, ArrayBase)


def refresh_slots() -> None:
    """Give ``Array`` the core's binary-operator C slots again, and ``weaknp.ufunc`` its
    vectorcall, e.g. after an operator or ``__call__`` was set on them and removed
    (``weaknp.audit`` does): CPython then chose generic slots, and since 3.12 it drops the
    vectorcall flag when ``__call__`` is set."""
    if _ArrayType is not None:
        _inherit_binary_slots(_ArrayType, ArrayBase)
    if _ufunc_type is not None:
        _enable_vectorcall(_ufunc_type)


#: The binary-operator slots of ``PyNumberMethods`` (numbered for ``copy_binary_slot`` in
#: ``capi.pxd``) -> the two methods CPython maps to each.
_BINARY_SLOTS = {0: ("__add__", "__radd__"), 1: ("__sub__", "__rsub__"),
                 2: ("__mul__", "__rmul__"), 3: ("__mod__", "__rmod__"),
                 4: ("__lshift__", "__rlshift__"), 5: ("__rshift__", "__rrshift__"),
                 6: ("__and__", "__rand__"), 7: ("__xor__", "__rxor__"),
                 8: ("__or__", "__ror__"), 9: ("__floordiv__", "__rfloordiv__"),
                 10: ("__truediv__", "__rtruediv__")}


def _inherit_binary_slots(sub, base) -> None:
    """Give the Python subclass ``sub`` the compiled base's binary-operator C slots
    (compiled build only).

    Cython exposes ``__add__``/``__radd__`` of a compiled class as methods, and CPython then
    gives a Python subclass a generic ``nb_add`` slot that looks the method up by name on
    every ``x + y`` (about 50 ns).  Where the subclass (or a class between it and ``base``)
    defines neither method of a slot, its slot becomes the base's own C function, copied
    through the C structs (``capi.pxd``).  Nothing to do in the pure build.
    """
    between = sub.__mro__[:sub.__mro__.index(base)]
    for slot, names in _BINARY_SLOTS.items():
        if not any(n in k.__dict__ for n in names for k in between):
            copy_binary_slot(sub, base, slot)
    # CPython also fills the subclass's ``sq_inplace_concat`` with the base's C
    # ``__iadd__`` (the two slots share a wrapper signature): ``x += None`` would fall back
    # to it after ``x + None`` failed and bind ``x`` to NotImplemented.  A Python class (the
    # pure build) has no such slot, and ``+=`` raises TypeError: cleared.
    clear_inplace_concat(sub)
    type_modified(sub)


class ArrayBase:
    """The storage of an ``Array`` (its ndarray and lattice node) and its hot methods.

    ``_node`` is the lattice node: the dtype's node, or ``i*``/``f*``/``c*`` for a weak
    array.  Operators are one line each; every one goes through the op's entries.
    """

    __slots__ = ("_data", "_node", "__weakref__")

    # -- arithmetic (forward, reflected, in-place) ---------------------------------------
    def __add__(self, other): return binary(self, other, ADD)  # noqa: E704
    def __radd__(self, other): return binary(self, other, ADD, True)  # noqa: E704
    def __iadd__(self, other): return inplace(ADD, self, other)  # noqa: E704
    def __sub__(self, other): return binary(self, other, SUB)  # noqa: E704
    def __rsub__(self, other): return binary(self, other, SUB, True)  # noqa: E704
    def __isub__(self, other): return inplace(SUB, self, other)  # noqa: E704
    def __mul__(self, other): return binary(self, other, MUL)  # noqa: E704
    def __rmul__(self, other): return binary(self, other, MUL, True)  # noqa: E704
    def __imul__(self, other): return inplace(MUL, self, other)  # noqa: E704
    def __truediv__(self, other): return binary(self, other, DIV)  # noqa: E704
    def __rtruediv__(self, other): return binary(self, other, DIV, True)  # noqa: E704
    def __itruediv__(self, other): return inplace(DIV, self, other)  # noqa: E704
    def __floordiv__(self, other): return binary(self, other, FLOORDIV)  # noqa: E704
    def __rfloordiv__(self, other): return binary(self, other, FLOORDIV, True)  # noqa: E704
    def __ifloordiv__(self, other): return inplace(FLOORDIV, self, other)  # noqa: E704
    def __mod__(self, other): return binary(self, other, MOD)  # noqa: E704
    def __rmod__(self, other): return binary(self, other, MOD, True)  # noqa: E704
    def __imod__(self, other): return inplace(MOD, self, other)  # noqa: E704
    def __pow__(self, other, mod=None):
        if mod is not None:
            _no_modulus(self, other, mod)
        return binary(self, other, POW)

    def __rpow__(self, other, mod=None):
        if mod is not None:
            _no_modulus(other, self, mod)
        return binary(self, other, POW, True)

    def __ipow__(self, other): return inplace(POW, self, other)  # noqa: E704
    def __and__(self, other): return binary(self, other, AND)  # noqa: E704
    def __rand__(self, other): return binary(self, other, AND, True)  # noqa: E704
    def __iand__(self, other): return inplace(AND, self, other)  # noqa: E704
    def __or__(self, other): return binary(self, other, OR)  # noqa: E704
    def __ror__(self, other): return binary(self, other, OR, True)  # noqa: E704
    def __ior__(self, other): return inplace(OR, self, other)  # noqa: E704
    def __xor__(self, other): return binary(self, other, XOR)  # noqa: E704
    def __rxor__(self, other): return binary(self, other, XOR, True)  # noqa: E704
    def __ixor__(self, other): return inplace(XOR, self, other)  # noqa: E704
    def __lshift__(self, other): return binary(self, other, LSHIFT)  # noqa: E704
    def __rlshift__(self, other): return binary(self, other, LSHIFT, True)  # noqa: E704
    def __ilshift__(self, other): return inplace(LSHIFT, self, other)  # noqa: E704
    def __rshift__(self, other): return binary(self, other, RSHIFT)  # noqa: E704
    def __rrshift__(self, other): return binary(self, other, RSHIFT, True)  # noqa: E704
    def __irshift__(self, other): return inplace(RSHIFT, self, other)  # noqa: E704

    # -- comparisons (NumPy reflects them itself: ``2 < x`` is ``x > 2``) ----------------
    def __eq__(self, other): return binary(self, other, EQ)  # noqa: E704
    def __ne__(self, other): return binary(self, other, NE)  # noqa: E704
    def __lt__(self, other): return binary(self, other, LT)  # noqa: E704
    def __le__(self, other): return binary(self, other, LE)  # noqa: E704
    def __gt__(self, other): return binary(self, other, GT)  # noqa: E704
    def __ge__(self, other): return binary(self, other, GE)  # noqa: E704

    # -- unary ---------------------------------------------------------------------------
    def __neg__(self): return unary(self, NEG)  # noqa: E704
    def __pos__(self): return unary(self, POS)  # noqa: E704
    def __abs__(self): return unary(self, ABS)  # noqa: E704
    def __invert__(self): return unary(self, INVERT)  # noqa: E704

    # -- indexing and iteration ----------------------------------------------------------
    def __getitem__(self, key):
        d = self._data
        # x[i] of a 1-d array, x[i, j, ...] with one int per axis, x[()] of a 0-d array: the
        # element's 0-d copy made in C (npyc.element_copy), or None for any other key (and
        # always in the pure build), which then takes the NumPy spelling below.
        r = element_copy(d, key)
        if r is not None:
            obj: ArrayBase = _new(_ArrayType)
            obj._data = r
            obj._node = self._node
            return obj
        try:
            if type(key) is int:
                # NumPy differs only in the type: x[i] of a 1-D array is an independent 0-d
                # Array (NumPy: an independent scalar), never a view (a = x[0]; a += 5
                # leaves x unchanged).
                r = d[key]
            elif type(key) is slice:   # a view; unwrap_key leaves slices as they are
                r = d[key]
            elif type(key) is tuple and not key:   # x[()]: a 0-d array's value is a copy
                r = d[...] if d.ndim else d.copy()  # (NumPy's scalar); of an n-d array a view
            else:
                r = d[unwrap_key(key)]
        except IndexError as e:
            raise IndexError(f"__getitem__: {e}") from None
        if type(r) is not _ndarray:
            r = _asarray(r)   # a NumPy scalar (one element): an independent 0-d array
        obj: ArrayBase = _new(_ArrayType)
        obj._data = r
        obj._node = self._node
        return obj

    def __iter__(self):
        # Not a generator: a 0-d array must raise here, not at the first next(), so
        # ``numpy.iterable`` (and matplotlib, which asks it) sees a scalar.
        d = self._data
        if d.ndim == 0:
            raise TypeError("iteration over a 0-d array; use x.item() or x[()] for its value")
        return iterate(d, self._node)

    # -- NumPy's reshape method: weaknp.reshape with x first (one body, reshape_call) ----
    def reshape(self, /, *shape, order="C", copy=None):
        # the first line is NumPy's signature in CPython's text-signature form (``inspect``
        # reads it from a compiled method's docstring)
        "reshape($self, /, *shape, order='C', copy=None)\n--\n\n``x.reshape(2, 3)`` or " \
            "``x.reshape((2, 3))``: ``weaknp.reshape``."
        return reshape_call(self, shape[0] if len(shape) == 1 else shape, order, copy)


def _no_modulus(a, b, mod):
    """``pow(a, b, mod)``: NumPy has no three-argument power (TypeError there too)."""
    names = ", ".join(type(v).__name__ for v in (a, b, mod))
    raise TypeError(f"pow: the three-argument form pow(a, b, mod) is not supported "
                    f"({names}); compute (a ** b) % mod")


class UfuncBase:
    """The call of a weaknp ufunc (``weaknp.ufunc`` subclasses it): a positional call on an
    Array takes the op's entries (``binary``/``unary``, the operators' own path); any other
    call (``out=``, ``dtype=``, array-likes ...) goes to the subclass's ``_call``.

    Compiled, a call also arrives by CPython's vectorcall protocol (no argument tuple or
    keyword dict is built): ``capi.vectorcall_ufunc`` hands positional operands to the same
    ``positional_call`` and every other call to ``_call``.
    """

    __slots__ = ("_core", "nin")

    def __cinit__(self):
        _set_vectorcall(self)   # compiled: called by vectorcall (nothing in the pure build)

    def __call__(self, *args, **kwargs):
        if not kwargs:
            n = len(args)
            if n == 1 or n == 2:
                r = positional_call(self, n, args[0], args[n - 1])
                if r is not NotImplemented:
                    return r
        return self._call(args, kwargs)


def positional_call(u, n, a, b):
    """ufunc ``u`` called with ``n`` positional operands (``a``, and ``b`` when ``n`` is 2):
    Arrays and Python scalars are what ``_call`` would pass to ``binary``/``unary``
    unchanged, so they go there directly; ``NotImplemented`` for every other call."""
    core = u._core
    if core is None or n != u.nin:
        return NotImplemented
    if n == 2:
        if type(a) is _ArrayType or type(b) is _ArrayType:
            return binary(a, b, core)
        if type(a) in PY_SCALAR_NODE and type(b) in PY_SCALAR_NODE:
            return binary(a, b, core)
    elif type(a) is _ArrayType or type(a) in PY_SCALAR_NODE:
        return unary(a, core)
    return NotImplemented


def register_ufunc_type(cls) -> None:
    """Let CPython call instances of ``cls`` (a Python subclass of ``UfuncBase`` that keeps
    its ``__call__``) by vectorcall: compiled build only; a no-op in the pure-Python one."""
    global _ufunc_type
    _ufunc_type = cls
    _enable_vectorcall(cls)


def iterate(d, node):
    """The rows of ``d`` as Arrays at ``node``.

    Rows of an n-d array are views (as NumPy's).  The elements of a 1-d array are
    independent 0-d copies, as ``x[i]`` (NumPy gives independent scalars), read when each
    is reached: like NumPy's, the iteration sees changes made to ``d`` meanwhile, and
    ``d``'s shape is read at every step, so a resize in place ends it early instead of
    reading past the buffer.
    """
    if d.ndim == 1:
        # the same elements either way: a C iterator in the compiled build, a generator
        # (faster than a class) in the pure-Python one
        return _Elements(d, node) if cython.compiled else _elements(d, node)
    return _rows(d, node)


class _Elements:
    """``iterate`` of a 1-d array in the compiled build (``tp_iternext`` in C); ``_elements``
    is the same iterator for Python."""

    __slots__ = ("_source", "_i", "_node")

    def __init__(self, d, node):
        self._source = d
        self._node = node
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        # the element's 0-d copy made in C (npyc.element_at: 1-d and in range now), or
        # None for anything else, which takes _elements' spelling (the same results); the
        # fields are read directly (C fields: no local to type in a special method)
        r = element_at(self._source, self._i)
        if r is None:
            d = self._source
            if d.ndim == 0 or self._i >= d.shape[0]:
                raise StopIteration
            r = _asarray(d[self._i])
        obj: ArrayBase = _new(_ArrayType)
        obj._data = r
        obj._node = self._node
        self._i += 1
        return obj


def _elements(d, node):
    i = 0
    while d.ndim and i < d.shape[0]:   # the shape now: a resize ends the iteration
        # d[i]: of a 1-d d a NumPy scalar, made an independent 0-d array; a row view if d
        # was reshaped in place meanwhile (NumPy's own iteration reads d[i] each time too)
        obj: ArrayBase = _new(_ArrayType)
        obj._data = _asarray(d[i])
        obj._node = node
        i += 1
        yield obj


def _rows(d, node):
    for row in d:
        obj: ArrayBase = _new(_ArrayType)
        obj._data = row
        obj._node = node
        yield obj


def wrap_node(data, node):
    """Trusted construction from a kernel result: ``node`` is the result's lattice node."""
    obj = _new(_ArrayType)
    obj._data = data
    obj._node = node
    return obj


def wrap(data, weak=False):
    """Trusted construction: ``data`` is an ndarray of a supported dtype (a NumPy scalar,
    which NumPy functions return for 0-d results, becomes a 0-d ndarray: the operators read
    ``_data`` as an ndarray)."""
    if type(data) is not _ndarray and not isinstance(data, _ndarray):
        data = np.asarray(data)
    obj = _new(_ArrayType)
    obj._data = data
    obj._node = _NODE_MAPS[1 if weak else 0][data.dtype]
    return obj


# ---------------------------------------------------------------------------------------
# Operands.

def operand(value):
    """``(payload, node)`` for any operand weaknp accepts, or ``None`` for a foreign type."""
    t = type(value)
    if t is _ArrayType:
        arr = value
        return arr._data, arr._node
    node = PY_SCALAR_NODE.get(t)
    if node is not None:
        return value, node
    if isinstance(value, ArrayBase):
        arr = value
        return arr._data, arr._node
    return read_operand(value)


def unwrap_key(key, depth=0):
    """An index key with every ``Array`` replaced by its ndarray (recursing into tuples and
    lists, at most ``MAX_DEPTH`` levels)."""
    t = type(key)
    if t is _ArrayType:
        arr = key
        return arr._data
    if t is tuple:
        for k in key:
            if isinstance(k, ArrayBase):
                return tuple(unwrap_key(k, depth + 1) if isinstance(k, ArrayBase) else k
                             for k in key)
        return key
    if isinstance(key, ArrayBase):
        arr = key
        return arr._data
    if isinstance(key, list):
        if depth >= MAX_DEPTH:
            too_deep("__getitem__")
        return [unwrap_key(k, depth + 1) for k in key]
    return key


# ---------------------------------------------------------------------------------------
# Entries and the per-op caches.

class Entry:
    """How to run one op on one operand-node pair in one mode (``kernel.EntrySpec``).

    Call codes (``kernel.CALL_*``): ``CALL_GENERAL`` the form is not plain (``general``
    computes it); ``CALL_DIRECT`` no keyword, ``CALL_DTYPE`` ``dtype=arg``,
    ``CALL_SIGNATURE`` ``signature=arg``, ``CALL_UNSAFE`` ``signature=arg,
    casting="unsafe"``; each of those plus ``CALL_THEN_CAST``: the same call followed by a
    cast of the loop's output to ``cast_to`` (a narrow type such as bfloat16 computed in
    float32), or, for operands of at most ``kernel.OWN_LOOP_MAX_SIZE`` elements,
    ml_dtypes' own loop ``own_sig`` (``CALL_OWN_LOOP``: bit-identical, no casts).
    ``CALL_DIRECT`` is the common case ``binary`` tests first.  Forms: ``aa`` two arrays,
    ``as``/``sa`` an array and a Python scalar of exactly ``b_type``/``a_type`` inside its
    ``lo..hi``.
    """

    __slots__ = ("ufunc", "out_node", "code_aa", "arg_aa", "code_as", "arg_as", "code_sa",
                 "arg_sa", "a_type", "a_lo", "a_hi", "b_type", "b_lo", "b_hi", "cast_to",
                 "general", "own_sig", "own_direct", "own_quiet")

    def __init__(self, spec):
        # the call is followed by a cast, or may be ml_dtypes' own loop
        then = CALL_THEN_CAST if spec.own_sig is not None or spec.cast_to is not None else 0
        self.ufunc = spec.ufunc
        self.out_node = spec.out_node
        code, self.arg_aa = spec.call_aa
        self.code_aa = code + then if code != CALL_GENERAL else code
        code, self.arg_as = spec.call_as
        self.code_as = code + then if code != CALL_GENERAL else code
        code, self.arg_sa = spec.call_sa
        self.code_sa = code + then if code != CALL_GENERAL else code
        self.a_type, self.a_lo, self.a_hi = spec.a_pass
        self.b_type, self.b_lo, self.b_hi = spec.b_pass
        self.cast_to = spec.cast_to
        self.general = spec.general
        self.own_sig = spec.own_sig
        self.own_direct = spec.own_direct
        self.own_quiet = spec.own_quiet


class OpCore:
    """One elementwise op's entries: ``caches[mode]`` is a list of ``N`` rows of ``N``
    slots (``[an][bn]``) for a binary op, of ``N`` slots for a unary one, filled on first
    use."""

    __slots__ = ("op", "name", "arity", "caches", "last")

    def __init__(self, op):
        self.op = op
        self.name = op.name
        self.arity = op.arity
        self.caches = {}
        self.last = (None, None)   # (mode, its list): skips the dict for a repeated mode

    def table(self, mode):
        flat = self.caches.get(mode)
        if flat is None:
            flat = K.mode_cache(self.caches, mode, _N, _N if self.arity == 2 else 0)
        self.last = (mode, flat)
        return flat

    def build(self, mode, flat, an, bn):
        """Build (and cache) the entry for nodes ``an``, ``bn``; errors are raised."""
        e = Entry(K.entry_spec(self.op, mode, Node(an), Node(bn)))   # C ints when compiled
        if self.arity == 2:
            flat[an][bn] = e
        else:
            flat[an] = e
        return e


def binary(a, b, core, swap=False):
    """``a OP b`` for the op of ``core`` (``b OP a`` when ``swap``, a reflected operator): an
    Array, or ``NotImplemented`` for a foreign type."""
    if swap:
        a, b = b, a
    # each operand: payload, node, and whether it is a Python scalar
    if type(a) is _ArrayType:
        arr = a
        an = arr._node
        a = arr._data
        sa = False
    else:
        node = PY_SCALAR_NODE.get(type(a))
        if node is None:
            o = operand(a)
            if o is None:
                o = _sequence_operand(a)
                if o is None:
                    return NotImplemented
            a, node = o
            sa = type(a) is not _ndarray
        else:
            sa = True
        an = node
    if type(b) is _ArrayType:
        arr = b
        bn = arr._node
        b = arr._data
        sb = False
    else:
        node = PY_SCALAR_NODE.get(type(b))
        if node is None:
            o = operand(b)
            if o is None:
                o = _sequence_operand(b)
                if o is None:
                    return NotImplemented
            b, node = o
            sb = type(b) is not _ndarray
        else:
            sb = True
        bn = node
    # the entry of this mode and node pair
    m = get_mode()
    last = core.last
    flat = last[1] if last[0] is m else core.table(m)
    e = flat[an][bn]
    if e is None:
        e = core.build(m, flat, an, bn)
    # A plain form is one ufunc call; anything else is the entry's general function.  The
    # call passes ``out=...`` only where the result is 0-d (NumPy would return a scalar):
    # the keyword costs 20-50 ns.  The common case, CALL_DIRECT (no keyword), is tested first.
    if sb:
        code = CALL_GENERAL
        zd = False
        if not sa and type(b) is e.b_type and e.b_lo <= b <= e.b_hi:
            code = e.code_as
            nd = a
            zd = nd.ndim == 0
    elif sa:
        code = CALL_GENERAL
        zd = False
        if type(a) is e.a_type and e.a_lo <= a <= e.a_hi:
            code = e.code_sa
            nd = b
            zd = nd.ndim == 0
    else:
        code = e.code_aa
        nd = a
        zd = nd.ndim == 0
        if zd:
            nd = b
            zd = nd.ndim == 0
    try:
        f = e.ufunc   # read first: Python's method-call opcode is slow on a slot attribute
        if code == CALL_DIRECT:
            if not zd:
                r = f(a, b)
            else:
                r = f(a, b, out=_AOUT)
                if type(r) is not _ndarray:
                    r = _asarray(r)
        elif code == CALL_GENERAL:
            r = e.general(a, b)
        else:
            arg = e.arg_as if sb else e.arg_sa if sa else e.arg_aa
            if code >= CALL_THEN_CAST:
                code -= CALL_THEN_CAST
                if e.own_sig is not None and (sa or a.size <= _OWN_MAX) and (
                        sb or b.size <= _OWN_MAX):
                    code = CALL_OWN_LOOP   # small bfloat16 operands: ml_dtypes' own loop
            if not zd:
                if code == CALL_DIRECT:
                    r = f(a, b)
                elif code == CALL_DTYPE:
                    r = f(a, b, dtype=arg)
                elif code == CALL_SIGNATURE:
                    r = f(a, b, signature=arg)
                elif code == CALL_UNSAFE:
                    r = f(a, b, signature=arg, casting="unsafe")
                else:
                    r = own_loop(f, a, b, e.own_sig, e.own_direct, e.own_quiet, False)
            else:
                if code == CALL_DIRECT:
                    r = f(a, b, out=_AOUT)
                elif code == CALL_DTYPE:
                    r = f(a, b, out=_AOUT, dtype=arg)
                elif code == CALL_SIGNATURE:
                    r = f(a, b, out=_AOUT, signature=arg)
                elif code == CALL_UNSAFE:
                    r = f(a, b, out=_AOUT, signature=arg, casting="unsafe")
                else:
                    r = own_loop(f, a, b, e.own_sig, e.own_direct, e.own_quiet, True)
                if type(r) is not _ndarray:
                    r = _asarray(r)
            if code != CALL_OWN_LOOP and e.cast_to is not None:   # a narrow type computed wider
                r = r.astype(e.cast_to)
    except ValueError:   # shapes that do not broadcast: weaknp's message naming the op
        K.shape_error(core.name, a, b)
        raise
    obj = _new(_ArrayType)
    obj._data = r
    obj._node = e.out_node
    return obj


def own_loop(ufunc, a, b, sig, direct, quiet, zd):
    """ml_dtypes' own loop ``sig`` on small operands (``kernel.own_loop_spec``: the same bits
    as the float32 loop, faster): a new ndarray, 0-d when ``zd``.  ``direct``: NumPy's own
    resolution picks that loop for two arrays of its dtype, which then need no
    ``signature=``.  ``quiet``: an ordered comparison, whose
    loop flags "invalid" on NaN where NumPy's float32 loop does not; it runs with NumPy's
    error state quiet (``kernel._ORDERED``).  The plain forms of ``binary`` and the
    entries' ``general`` (``kernel.set_own_loop``) both call it."""
    if direct and type(a) is _ndarray and type(b) is _ndarray:
        dt = sig[0]
        if a.dtype is dt and b.dtype is dt:
            sig = None
    token = _quiet_errstate() if quiet else None
    try:
        if sig is None:
            r = ufunc(a, b, out=_AOUT) if zd else ufunc(a, b)
        else:
            r = ufunc(a, b, out=_AOUT, signature=sig) if zd else ufunc(a, b, signature=sig)
    finally:
        if quiet:
            _reset_errstate(token)
    return r if type(r) is _ndarray else _asarray(r)


K.set_own_loop(own_loop)


def unary(a, core):
    """``OP a`` for the one-input op of ``core``: an Array, or ``NotImplemented``."""
    if type(a) is _ArrayType:
        arr = a
        an = arr._node
        a = arr._data
        sa = False
    else:
        node = PY_SCALAR_NODE.get(type(a))
        if node is None:
            o = operand(a)
            if o is None:
                return NotImplemented
            a, node = o
            sa = type(a) is not _ndarray
        else:
            sa = True
        an = node
    m = get_mode()
    last = core.last
    flat = last[1] if last[0] is m else core.table(m)
    e = flat[an]
    if e is None:
        e = core.build(m, flat, an, an)
    if sa or e.code_aa == CALL_GENERAL:
        r = e.general(a)
    else:
        f = e.ufunc   # read first: Python's method-call opcode is slow on a slot attribute
        nd = a
        if nd.ndim:   # not 0-d: no ``out=...`` (the keyword costs 20-50 ns)
            r = f(a)
        else:
            r = f(a, out=_AOUT)
            if type(r) is not _ndarray:
                r = _asarray(r)
    obj = _new(_ArrayType)
    obj._data = r
    obj._node = e.out_node
    return obj


def inplace(core, x, other):
    """``x OP= other`` into ``x``'s buffer (the kernel validates everything first)."""
    o = operand(other)
    if o is None:
        o = _sequence_operand(other)
        if o is None:
            return NotImplemented
    arr = x
    d = arr._data
    weak = K.inplace(core.op, d, arr._node, o[0], o[1])
    arr._node = _NODE_MAPS[1 if weak else 0][d.dtype]
    return x


# ---------------------------------------------------------------------------------------
# Function calls: ``where`` and the reductions.  Their entries are built by the function's
# own module (``_searching``, ``_reduce``) from the decisions its general path takes; the
# core only executes them, and every call they do not cover goes to that general path.

class CallEntry:
    """How to run one function on one operand node (pair) in one mode.

    ``fn`` is the NumPy function; ``dtype`` its ``dtype=`` argument (None: none);
    ``cast_a``/``cast_b`` the dtype each array operand is cast to first (None: as it is);
    ``back`` the dtype the result is cast to (None: as it is); ``out_node`` the result's
    node; ``mean`` whether the result is divided by the number of elements reduced;
    ``a_pass``/``b_pass`` the Python scalars at a weak node that reach ``fn`` unchanged
    (``(types, lo, hi)``: exactly one of ``types``, inside ``lo..hi``).
    """

    __slots__ = ("fn", "dtype", "cast_a", "cast_b", "back", "out_node", "mean", "a_types",
                 "a_lo", "a_hi", "b_types", "b_lo", "b_hi")

    def __init__(self, fn, dtype, cast_a, cast_b, back, out_node, mean, a_pass=_NO_PASS,
                 b_pass=_NO_PASS):
        self.fn = fn
        self.dtype = dtype
        self.cast_a = cast_a
        self.cast_b = cast_b
        self.back = back
        self.out_node = out_node
        self.mean = mean
        self.a_types, self.a_lo, self.a_hi = a_pass
        self.b_types, self.b_lo, self.b_hi = b_pass


class CallCore:
    """One function's entries: ``caches[mode]`` is a flat list (``N*N`` slots for an operand
    pair, ``N`` for one operand; ``keyed`` holds those with a ``dtype=`` argument) filled
    on first use by ``spec``, which returns the ``CallEntry`` arguments or None (the
    general path); ``general`` is the function's full Python body; ``axes`` reads an
    ``axis=`` argument (reductions)."""

    __slots__ = ("name", "size", "spec", "general", "axes", "caches", "keyed", "last")

    def __init__(self, name, size, spec, general, axes=None):
        self.name = name
        self.size = size
        self.spec = spec
        self.general = general
        self.axes = axes
        self.caches = {}
        self.keyed = {}
        self.last = (None, None)   # (mode, its list): skips the dict for a repeated mode

    def table(self, mode):
        flat = self.caches.get(mode)
        if flat is None:
            flat = K.mode_cache(self.caches, mode, self.size)
        self.last = (mode, flat)
        return flat

    def build(self, flat, index, *args):
        """Build (and cache at ``flat[index]``) the entry of ``spec(*args)``; ``False`` when
        the general path computes those operands."""
        spec = self.spec(*args)
        e = False if spec is None else CallEntry(*spec)
        flat[index] = e
        return e


class Method:
    """``x.<name>``: the namespace function ``function`` bound to ``x`` (``x.sum`` is
    ``weaknp.sum`` with ``x`` first, as a Python method is its function with ``self``
    first: one signature, one body).  ``Array.<name>`` is that function itself.  It is
    looked up once, on first use, by ``resolve(function)``: the namespace sits above the
    ``Array`` layer."""

    __slots__ = ("function", "resolve", "target")

    def __init__(self, function, resolve):
        self.function = function
        self.resolve = resolve
        self.target = None

    def __get__(self, obj, cls):
        f = self.target
        if f is None:
            f = self.target = self.resolve(self.function)
        if obj is None:
            return f
        return PyMethod_New(f, obj)




def reshape_call(a, shape, order, copy):
    """``weaknp.reshape(a, shape, order, copy=copy)`` and ``a.reshape``: an Array with a tuple
    or int shape, ``order='C'`` and no ``copy=`` is one ``ndarray.reshape`` (a view where
    NumPy gives one), wrapped here at ``a``'s node; anything else, and any error, is the
    general path (``_manipulation``'s, registered with ``set_reshape_general``)."""
    if type(a) is _ArrayType and copy is None and order == "C":
        t = type(shape)
        if t is tuple or t is int:
            arr = a
            try:
                r = _reshape(arr._data, shape)
            except (ValueError, TypeError):   # the general path raises weaknp's error
                return _reshape_general(a, shape, order, copy)
            obj = _new(_ArrayType)
            obj._data = r
            obj._node = arr._node
            return obj
    return _reshape_general(a, shape, order, copy)


def set_reshape_general(function) -> None:
    """Register ``reshape``'s general path (``_manipulation`` calls this once, at import)."""
    global _reshape_general
    _reshape_general = function


def where_call(core, c, x, y):
    """``where(c, x, y)``: a bool Array condition with two strong Arrays, or a strong Array
    and a Python int or float inside the entry's range, take the entry of their node pair
    (one ``np.where`` call in the joined dtype); anything else, and any error, is
    ``core.general``'s."""
    if type(c) is not _ArrayType:
        return core.general(c, x, y)
    arr = c
    if arr._node != _BOOL_INDEX:
        return core.general(c, x, y)
    cd = arr._data
    # each operand: an Array's payload and node, or a Python int/float at its weak node
    if type(x) is _ArrayType:
        arr = x
        an = arr._node
        a = arr._data
        sa = False
    else:
        t = type(x)
        if t is not float and t is not int:
            return core.general(c, x, y)
        an = PY_SCALAR_NODE[t]
        a = x
        sa = True
    if type(y) is _ArrayType:
        arr = y
        bn = arr._node
        b = arr._data
        sb = False
    else:
        t = type(y)
        if sa or (t is not float and t is not int):
            return core.general(c, x, y)
        bn = PY_SCALAR_NODE[t]
        b = y
        sb = True
    m = get_mode()
    last = core.last
    flat = last[1] if last[0] is m else core.table(m)
    index = an * _N + bn
    e = flat[index]
    if e is None:
        e = core.build(flat, index, Node(an), Node(bn))
    if e is False:
        return core.general(c, x, y)
    entry = e
    if sa:
        if type(a) not in entry.a_types or not entry.a_lo <= a <= entry.a_hi:
            return core.general(c, x, y)
    elif an >= _NSTRONG:   # a weak Array: read like the scalars it holds (general)
        return core.general(c, x, y)
    elif entry.cast_a is not None:
        a = K.cast(a, entry.cast_a)
    if sb:
        if type(b) not in entry.b_types or not entry.b_lo <= b <= entry.b_hi:
            return core.general(c, x, y)
    elif bn >= _NSTRONG:
        return core.general(c, x, y)
    elif entry.cast_b is not None:
        b = K.cast(b, entry.cast_b)
    try:
        r = entry.fn(cd, a, b)
    except ValueError:   # shapes that do not broadcast: the general path's message
        return core.general(c, x, y)
    if type(r) is not _ndarray:
        r = _asarray(r)
    obj = _new(_ArrayType)
    obj._data = r
    obj._node = entry.out_node
    return obj


def reduce_call(core, a, axis, dtype, out, keepdims, initial, where):
    """A reduction of ``a``: a non-empty Array with no ``out=``, ``initial=`` or ``where=``
    takes the entry of its (strong) node, or of its node and ``dtype=`` -- one NumPy
    reduce call, the result wrapped here; anything else is ``core.general``'s."""
    if type(a) is _ArrayType and out is None and initial is _NOVALUE and (
            where is True or where is _NOVALUE):
        arr = a
        d = arr._data
        if d.size:
            an = arr._node
            if an >= _NSTRONG:   # a weak array: the entry of its dtype's node
                an = STRONG_NODE[d.dtype]
            m = get_mode()
            if dtype is None:
                last = core.last
                flat = last[1] if last[0] is m else core.table(m)
                e = flat[an]
                if e is None:
                    e = core.build(flat, an, Node(an), None)
            else:
                key = (m, an, dtype)
                try:
                    e = core.keyed.get(key)
                except TypeError:   # an unhashable dtype=: the general path says why
                    e = False
                else:
                    if e is None:
                        if len(core.keyed) > 1024:
                            core.keyed.clear()
                        e = core.spec(Node(an), dtype)
                        e = False if e is None else CallEntry(*e)
                        core.keyed[key] = e
            if e is not False:
                entry = e
                ax = None if axis is None else core.axes(axis, d.ndim, core.name)
                if entry.cast_a is not None:
                    d = K.cast(d, entry.cast_a)
                # out=ARRAY_OUT: a 0-d ndarray, not a NumPy scalar to convert back
                if keepdims:
                    r = entry.fn(d, axis=ax, dtype=entry.dtype, keepdims=True, out=_AOUT)
                else:
                    r = entry.fn(d, axis=ax, dtype=entry.dtype, out=_AOUT)
                if entry.mean:
                    if ax is None:
                        n = d.size
                    else:
                        n = 1
                        for i in ax:
                            n *= d.shape[i]
                    r = _true_divide(r, n, dtype=entry.dtype, out=_AOUT)
                if type(r) is not _ndarray:
                    r = _asarray(r)
                if entry.back is not None:
                    r = K.cast(r, entry.back)
                obj = _new(_ArrayType)
                obj._data = r
                obj._node = entry.out_node
                return obj
    return core.general(a, axis, dtype, out, keepdims, initial, where)


# ---------------------------------------------------------------------------------------
# Reading nested lists: one walk finds the leaves' join and the Python ints' range.

#: The deepest nest read (NumPy's limit on dimensions, ``NPY_MAXDIMS``): every walk of a
#: user's nest stops there, so a list that contains itself, or one nested 1e5 deep, is a
#: ValueError in both builds -- never the C stack's end in the compiled one.
MAX_DEPTH = 64


def too_deep(function):
    raise ValueError(f"{function}: the nested sequence is more than {MAX_DEPTH} levels deep "
                     f"(NumPy's limit on dimensions), or contains itself; pass a nest of at "
                     f"most {MAX_DEPTH} levels")


def leaf_summary(obj, function):
    """``(join, int_min, int_max, has_arrays, inexact, one_kind)`` of a nested list/tuple's
    leaves.

    ``join`` is ``(dtype, weak)`` of every leaf's node, or ``None`` for no leaves;
    ``int_min``/``int_max`` bound the exact Python ints met (``None`` without any);
    ``has_arrays`` says whether an Array leaf must be unwrapped before NumPy reads it;
    ``inexact`` whether a Python float or complex leaf occurs; ``one_kind`` whether every
    leaf is a Python scalar of one kind (bool, int, float or complex).
    """
    others = []                            # nodes of any other leaf (arrays, NumPy scalars)
    bounds = [None, None]
    seen = _walk(obj, others, bounds, function, 1)
    inexact = (seen & (_SEEN_FLOAT | _SEEN_COMPLEX)) != 0
    has_arrays = (seen & _HAS_ARRAYS) != 0
    if others:
        nodes = [n for k, n in enumerate(_SCALAR_NODES) if seen & (1 << k)]
        nodes.extend(others)
        return (join_nodes(nodes, function), bounds[0], bounds[1], has_arrays, inexact, False)
    # only Python scalars: their join depends on the mode and on which kinds occur
    key = (get_mode(), seen & 15)
    join = _SCALAR_JOINS.get(key)
    if join is None:
        nodes = [n for k, n in enumerate(_SCALAR_NODES) if seen & (1 << k)]
        join = join_nodes(nodes, function) if nodes else False
        if len(_SCALAR_JOINS) > 512:   # modes given as many Lattice objects
            _SCALAR_JOINS.clear()
        _SCALAR_JOINS[key] = join
    return ((join if join is not False else None), bounds[0], bounds[1], has_arrays, inexact,
            seen == 1 or seen == 2 or seen == 4 or seen == 8)


_SCALAR_NODES = (_BOOL_NODE, _INT_NODE, _FLOAT_NODE, _COMPLEX_NODE)
#: ``_walk``'s bits: which Python scalar kinds occur (in ``_SCALAR_NODES`` order), and
#: whether an Array leaf must be unwrapped.
_SEEN_BOOL, _SEEN_INT, _SEEN_FLOAT, _SEEN_COMPLEX, _HAS_ARRAYS = 1, 2, 4, 8, 16
#: (mode, bits of the Python scalar kinds seen) -> the join of those Python scalars' nodes, or
#: False for no leaves.  A failed join raises and is not kept.
_SCALAR_JOINS: dict = {}


def read_list(obj, dtype, function, summary=None):
    """A nested list/tuple as an ndarray of ``dtype``, or (``dtype`` None) of the join of
    its leaves (lists are never weak, as in JAX).  Into an integer dtype nothing wraps: a
    Python int out of range raises ``OverflowError``; float leaves truncate toward zero
    (as ``astype``), NaN/inf and complex raise (``explicit_int``).  ``summary`` is
    ``leaf_summary``'s if known."""
    if dtype is None and summary is None:
        shape = _simple_shape(obj)
        kind = _simple_kind(obj, shape) if shape is not None else -1
        if kind >= 0:
            data = nest_array(obj, shape, kind)
            if data is not None:
                return data
    return _read_general(obj, dtype, function, summary)


def _read_general(obj, dtype, function, summary):
    """``read_list`` of any nest (``leaf_summary`` walks it unless ``summary`` is given)."""
    if summary is None:
        summary = leaf_summary(obj, function)
    join, lo, hi, has_arrays, inexact, one_kind = summary
    dt = dtype
    if dt is None:
        dt = join[0] if join is not None else default_dtype("float")
    if dt in _INTEGER:
        if inexact:
            _check_python_ints(obj, dt, function, 1)
        elif lo is not None:
            lo_b, hi_b = _INT_BOUNDS[dt]
            if lo < lo_b or hi > hi_b:
                explicit_int(lo if lo < lo_b else hi, dt, function)   # raises
    try:
        if dtype is None and not has_arrays and dt in _QUIET:
            # Python scalars into their own default dtype: nothing to overflow or warn.
            # Scalars of one kind: NumPy's own choice is that dtype (ints range-checked
            # above), and reading without dtype= is faster; anything else is cast.
            if one_kind:
                r = _array(obj)
                if r.dtype is dt:
                    return r
            return _array(obj, dtype=dt)
        with np.errstate(all="ignore"):
            return _array(_deep_unwrap(obj, 1) if has_arrays else obj, dtype=dt)
    except OverflowError as e:
        raise OverflowError(f"{function}: {e}; pass a dtype= that holds the values") from None
    except ValueError as e:
        raise ValueError(f"{function}: cannot build an array from the nested sequence "
                         f"({e}); every level must have the same length") from None
    except TypeError as e:   # a complex leaf into a real dtype
        raise TypeError(f"{function}: the nested sequence has a value "
                        f"{dtype_name(dt)} cannot hold ({e}); pass a complex dtype= "
                        f"or take .real explicitly") from None


def list_array(obj):
    """``asarray(obj)`` of a list or tuple given alone (the common call): a strong Array of
    its leaves' join (``read_list``), built here so the compiled build makes no Python
    call on the way."""
    shape = _simple_shape(obj)
    kind = _simple_kind(obj, shape) if shape is not None else -1
    data = nest_array(obj, shape, kind) if kind >= 0 else None
    arr = _new(_ArrayType)
    if data is None:
        data = _read_general(obj, None, "asarray", None)
        arr._node = STRONG_NODE[data.dtype]   # lists are never weak (JAX)
    else:
        arr._node = _SIMPLE_NODES[kind]
    arr._data = data
    return arr


# The simple nest, the common case on a short typed path: a rectangular nest of lists and
# tuples whose leaves are exact Python bools, ints within int64, floats or complexes.  When
# the current mode's join of its leaf kinds is the widest of them in bool, int64, float64,
# complex128 (``_simple_kind`` checks, once per mode and mix of kinds), that is NumPy's own
# choice and nothing can overflow or need a warning: ``nest_array`` makes the array (the
# compiled build with NumPy's C API, storing the leaves in C: ``npyc.pxd``; the pure build
# lets NumPy read the nest).  Every other nest takes ``_read_general``, and so does the
# first simple nest of each mix of kinds in each mode (it finds the join, which
# ``_SCALAR_JOINS`` then holds; a mix with no join raises there every time).

#: The simple kinds (``_simple_walk``'s bits 1, 2, 4, 8) -> their dtype and strong node.
_SIMPLE_DTYPES = tuple(np.dtype(t) for t in ("bool", "int64", "float64", "complex128"))
_SIMPLE_NODES = tuple(STRONG_NODE[dt] for dt in _SIMPLE_DTYPES)
#: mode -> ``_simple_walk`` bits -> index in ``_SIMPLE_DTYPES`` of the join; -1 when the join
#: is not the widest kind present (a mode whose join is another dtype), -2 not known yet.
_SIMPLE_KINDS: dict = {}
_SIMPLE_MAX_NDIM = 32
_I64_MIN, _I64_MAX = _INT_BOUNDS[np.dtype(np.int64)]   # not literals: C would read
                                                      # -9223372036854775808 as unsigned


def _simple_shape(obj):
    """The shape of nest ``obj`` if it is simple: the lengths down the first elements (None
    for an empty level or more than ``_SIMPLE_MAX_NDIM`` levels)."""
    n = len(obj)
    if n == 0:
        return None
    shape = (n,)
    x = obj[0]
    t = type(x)
    while t is list or t is tuple:
        n = len(x)
        if n == 0 or len(shape) == _SIMPLE_MAX_NDIM:
            return None
        shape += (n,)
        x = x[0]
        t = type(x)
    return shape


def _simple_kind(obj, shape):
    """Index in ``_SIMPLE_DTYPES`` of the join of the leaves of ``obj``, a nest of ``shape``
    (``_simple_shape``), or -1 when it is not simple or the join is not known yet."""
    seen = _simple_walk(obj, 0, shape)
    if seen <= 0:
        return -1
    mode = get_mode()
    kinds = _SIMPLE_KINDS.get(mode)
    if kinds is None:
        kinds = [-2] * 16
        if len(_SIMPLE_KINDS) > 64:   # modes given as many Lattice objects
            _SIMPLE_KINDS.clear()
        _SIMPLE_KINDS[mode] = kinds
    kind = kinds[seen]
    if kind == -2:
        join = _SCALAR_JOINS.get((mode, seen))
        if not join:   # the general path finds it (or raises) and keeps it there
            return -1
        kind = -1
        for k in range(4):
            if join[0] == _SIMPLE_DTYPES[k] and seen < (2 << k):
                kind = k
        kinds[seen] = kind
    return kind


def _simple_walk(obj, depth, shape):
    """The kinds of simple nest ``obj``'s leaves (bits: bool 1, int 2, float 4, complex 8),
    or -1 when it is not simple (ragged, another leaf type, an int beyond int64)."""
    seen = 0
    last = len(shape) - 1
    if depth < last:
        n = shape[depth + 1]
        for item in obj:
            t = type(item)
            if (t is not list and t is not tuple) or len(item) != n:
                return -1
            s = _simple_walk(item, depth + 1, shape)
            if s < 0:
                return -1
            seen |= s
        return seen
    try:
        for item in obj:
            t = type(item)
            if t is float:
                seen |= 4
            elif t is int:
                v = item   # compiled: a C long long (OverflowError beyond int64)
                if v < _I64_MIN or v > _I64_MAX:   # the pure build's check
                    return -1
                seen |= 2
            elif t is bool:
                seen |= 1
            elif t is complex:
                seen |= 8
            else:
                return -1
    except OverflowError:
        return -1
    return seen


def explicit_int(value, dt: np.dtype, function: str) -> int:
    """A Python int or float leaf converted to integer ``dt`` by an explicit ``dtype=``:
    floats truncate toward zero (as ``astype``); nothing wraps."""
    t = type(value)
    if t is complex:
        raise TypeError(f"{function}: cannot convert Python complex {value} to "
                        f"{dtype_name(dt)}; take .real first or pass a complex dtype=")
    if t is float:
        if not math.isfinite(value):
            raise ValueError(f"{function}: cannot convert Python float {value} to "
                             f"{dtype_name(dt)} (NaN and infinity have no integer value); "
                             f"pass a float dtype=")
        v = math.trunc(value)
    else:
        v = value
    lo, hi = _INT_BOUNDS[dt]
    if not lo <= v <= hi:
        raise OverflowError(f"{function}: Python {t.__name__} {value} is out of bounds for "
                            f"{dtype_name(dt)} (range {lo}..{hi}); {_wider_int_fix(dt, v)}")
    return v


def _check_python_ints(obj, dt: np.dtype, function: str, depth: int):
    """Check every Python int/float/complex leaf against integer ``dt`` (``_explicit_int``):
    no silent wrap, no NaN turned into garbage."""
    for item in obj:
        t = type(item)
        if t is int or t is float or t is complex:
            explicit_int(item, dt, function)
        elif t is list or t is tuple:
            if depth >= MAX_DEPTH:
                too_deep(function)
            _check_python_ints(item, dt, function, depth + 1)


def _deep_unwrap(obj, depth):
    if isinstance(obj, ArrayBase):
        arr = obj
        return arr._data
    if isinstance(obj, (list, tuple)) and any(
            isinstance(x, (ArrayBase, list, tuple)) for x in obj):
        if depth >= MAX_DEPTH:
            too_deep("asarray")
        return [_deep_unwrap(x, depth + 1) for x in obj]
    return obj


def _walk(obj, others, bounds, function, depth):
    """Which leaf kinds ``obj`` (a level ``depth`` deep) holds (``_SEEN_*`` bits,
    ``_HAS_ARRAYS``); the nodes of other leaves go to ``others``, the least and greatest
    Python int to ``bounds``.  Nests deeper than ``MAX_DEPTH`` raise (``too_deep``)."""
    seen = 0
    lo = bounds[0]
    hi = bounds[1]
    for item in obj:
        t = type(item)
        if t is float:
            seen |= 4
        elif t is int:
            seen |= 2
            if lo is None:
                lo = hi = item
            elif item < lo:
                lo = item
            elif item > hi:
                hi = item
        elif t is list or t is tuple:
            bounds[0] = lo
            bounds[1] = hi
            if depth >= MAX_DEPTH:
                too_deep(function)
            seen |= _walk(item, others, bounds, function, depth + 1)
            lo = bounds[0]
            hi = bounds[1]
        elif t is bool:
            seen |= 1
        elif t is complex:
            seen |= 8
        elif isinstance(item, ArrayBase):
            arr = item
            others.append(STRONG_NODE[arr._data.dtype])   # lists are never weak (JAX)
            seen |= 16
        elif isinstance(item, (_ndarray, _generic)):
            dt = _asarray(item).dtype
            node = STRONG_NODE.get(dt)
            if node is None:
                raise TypeError(f"{function}: unsupported element dtype {dt}")
            others.append(node)
        elif isinstance(item, (list, tuple)):
            bounds[0] = lo
            bounds[1] = hi
            if depth >= MAX_DEPTH:
                too_deep(function)
            seen |= _walk(item, others, bounds, function, depth + 1)
            lo = bounds[0]
            hi = bounds[1]
        else:
            node = scalar_node(item)
            if node is None:
                raise TypeError(f"{function}: cannot convert an element of type "
                                f"{t.__name__} to an array element; pass numbers, "
                                f"nested lists of numbers, or arrays")
            others.append(node)
    bounds[0] = lo
    bounds[1] = hi
    return seen


# The ops with an operator (one core each; the namespace functions use the same cores).
CORES = {op.name: OpCore(op) for op in ALL_OPS}
ADD, SUB, MUL, DIV = CORES["add"], CORES["subtract"], CORES["multiply"], CORES["divide"]
FLOORDIV, MOD, POW = CORES["floor_divide"], CORES["remainder"], CORES["pow"]
AND, OR, XOR = CORES["bitwise_and"], CORES["bitwise_or"], CORES["bitwise_xor"]
LSHIFT, RSHIFT = CORES["bitwise_left_shift"], CORES["bitwise_right_shift"]
EQ, NE, LT, LE = CORES["equal"], CORES["not_equal"], CORES["less"], CORES["less_equal"]
GT, GE = CORES["greater"], CORES["greater_equal"]
NEG, POS, ABS, INVERT = CORES["negative"], CORES["positive"], CORES["abs"], CORES["bitwise_invert"]

