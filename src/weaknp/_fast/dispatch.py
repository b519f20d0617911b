"""The dispatch hot path: Array storage, operators, ufunc calls, indexing, iteration.

The compiled core is three modules, by concern: this one (``ArrayBase`` and its operators,
``binary``/``unary``/``inplace``, the entries and their caches), ``calls`` (function calls:
ufunc objects' positional calls, ``where`` and the reductions with entries of their own,
``Method``) and
``lists`` (reading nested lists).  Those two cimport what they share from this one
(``dispatch.pxd``: ``ArrayBase``, ``binary``/``unary``, the inline ``get_mode``,
``array_type`` and ``new_array``)
and never each other.

Each source runs in two builds.  ``setup.py`` compiles it with Cython (pure-Python
mode: its ``.pxd`` declares the C types, the file stays Python syntax) when a C
compiler is present; without one, or with ``WEAKNP_PURE_PYTHON=1``, Python runs the same
file.  ``cython.compiled`` says which (``COMPILED``; ``weaknp.__compiled__`` is True when
all three are); the test suite runs in both builds.

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
``entries.entry_spec``) and kept in the op's per-mode cache.  A missing entry calls into
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
4. First time only: the slot is empty, so ``OpCore.build`` asks ``entries.entry_spec``:
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

Function calls take entries too (``calls``): ``wnp.add(x, 2)`` with positional operands
only is ``binary(x, 2, ADD)``, the operator's entry; ``where`` and the reductions take
entries of their own.

Thread safety: the mode is read on every call; a cache slot is written whole (a list item,
a tuple), so a thread never sees half an entry, and two threads building the same entry
build equal ones.
"""

from __future__ import annotations

import numpy as np

try:
    import cython   # compiled: Cython reads ``cython.compiled`` as True at compile time
except ImportError:   # the pure build where Cython is not installed
    from . import nocython as cython

from .._core import entries
from .._core import kernel
from .._core import plans
from .._core import config as _config
from .._core.dtypes import is_outside, variable_width_refused
from .._core.lattice import OUTSIDE, STRONG_NODE, WEAK_NODE, Node, dtype_node
from .._core.ops import ALL_OPS
from .._core.promotion import PY_SCALAR_NODE, read_operand
from . import narrow as _narrow

__all__ = ["ArrayBase", "Entry", "OpCore", "binary", "unary", "inplace", "operand", "wrap",
           "wrap_node", "unwrap_key", "set_array_type", "set_observer", "observer", "iterate",
           "own_loop", "reshape_call", "set_reshape_general", "MAX_DEPTH", "too_deep",
           "COMPILED", "outside_node", "transposed", "matrix_transposed", "record_field"]

#: Whether this module is the compiled extension (``weaknp.__compiled__``).
COMPILED = cython.compiled
_ndarray = np.ndarray
_asarray = np.asarray
_AOUT = entries.ARRAY_OUT
_OWN_MAX = entries.OWN_LOOP_MAX_SIZE
#: Narrow floats with results of at least this many elements compute in float32 blocks.
_BLOCK_MIN = entries.BLOCK_MIN_SIZE
_blocked = _narrow.blocked
entries.set_blocked(_blocked)
_N = len(Node)
_NODE_MAPS = (STRONG_NODE, WEAK_NODE)
_reshape = np.ndarray.reshape
_NO_ARGS = ()   # the arguments of the core's constructor call (``_new``, compiled)
#: The public ``Array`` class (a subclass of ``ArrayBase`` defined in ``_array``); results
#: are made of this type.  Set once by ``set_array_type``.
_ArrayType = None
#: The promotion mode's ContextVar.  ``get_mode()`` reads it: compiled, the ``.pxd``'s inline
#: C call (``PyContextVar_Get``, no Python call); in the pure-Python build, its own method.
_MODE_VAR = _config.get_mode.__self__
#: NumPy's floating-point error state (a ContextVar) and its all-quiet value (``own_loop``).
_NP_ERRSTATE = entries.NP_ERRSTATE
_NP_QUIET = entries.NP_QUIET
#: The entries' call codes (``Entry``), defined once in the kernel.
CALL_GENERAL, CALL_DIRECT, CALL_DTYPE = plans.CALL_GENERAL, plans.CALL_DIRECT, plans.CALL_DTYPE
CALL_SIGNATURE, CALL_UNSAFE = plans.CALL_SIGNATURE, plans.CALL_UNSAFE
CALL_THEN_CAST, CALL_OWN_LOOP = plans.CALL_THEN_CAST, plans.CALL_OWN_LOOP

if not cython.compiled:
    # -- the pure build's twins of the C helpers ------------------------------------------
    # The compiled build takes these names from dispatch.pxd (its glue), capi.pxd and
    # npyc.pxd; Cython drops this block.  Same names, same results.  (``calls`` and
    # ``lists`` import ``get_mode`` and ``array_type`` from here in the pure build.)
    def numpy_ready():
        """Nothing to load: the pure build does not call NumPy's C API."""

    get_mode = _MODE_VAR.get                 # the promotion mode (compiled: read in C)
    _new = object.__new__                    # a new, empty instance of the class given

    def array_type():
        """The registered ``Array`` class (compiled: read in C)."""
        return _ArrayType

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

    # A Python class's operators and ``__call__`` are its methods: no C slots to copy.
    def copy_binary_slot(sub, base, slot):
        pass

    def clear_inplace_concat(t):
        pass

    def type_modified(t):
        pass



numpy_ready()   # NumPy's C API table and the elements' storage type (compiled build)
#: ``(payload, node)`` of a list/tuple/range operand, else None (set by ``set_array_type``).
_sequence_operand = None
#: ``reshape``'s general path (set by ``set_reshape_general``).
_reshape_general = None


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


#: The observer (``set_observer``): None, or the function every operator call is handed to.
_observer = None


def set_observer(fn) -> None:
    """Hand every operator call to ``fn`` (None: to nobody; ``weaknp.audit`` sets one).

    ``binary``, ``unary`` and ``inplace`` then start with
    ``r = fn(where, core, a, b, flag)`` (``where`` is ``"binary"``, ``"unary"`` or
    ``"inplace"``; ``b`` is None for a unary op; ``flag`` is ``swap`` for a binary op): a
    result other than None is the call's result; None lets the call run.  ``fn`` re-enters
    the call to observe it, and answers None to that re-entry (its own flag says so).
    When no observer is set the test is one pointer comparison."""
    global _observer
    _observer = fn


def observer():
    """The observer ``set_observer`` set (None: none)."""
    return _observer


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
    array.  ``_base`` is the Array a view was made from (``x[:3]``, ``x.reshape``; unset
    otherwise), which ``x.base`` follows.  Operators are one line each; every one goes
    through the op's entries.
    """

    __slots__ = ("_data", "_node", "_base", "__weakref__")

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
            # the slow path only: a record element (0-d, record dtype) takes field positions
            name = record_field(d, key, "__getitem__")
            if name is None:
                raise IndexError(f"__getitem__: {e}") from None
            r = d[name]
        if type(r) is not _ndarray:
            r = _asarray(r)   # a NumPy scalar (one element): an independent 0-d array
        obj: ArrayBase = _new(_ArrayType)
        obj._data = r
        obj._node = self._node
        if self._node is OUTSIDE:   # a record's field (rec['age']) has its own dtype's node
            obj._node = dtype_node(r.dtype)
        if r.base is not None:   # a view: x[:3].base is x
            obj._base = self
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


def transposed(x):
    """``x.T`` (``Array.T``'s getter, C in the compiled build: no Python frame): the axes
    reversed, a view at ``x``'s node whose ``base`` is ``x``."""
    # NumPy's rule: the axes reversed, for any number of dimensions (a 1-D array is
    # itself); the standard defines T for 2-D arrays only.
    if not isinstance(x, ArrayBase):   # compiled, a foreign object would pass the cast
        raise TypeError(f"T: expected a weaknp Array, got {type(x).__name__}")
    arr: ArrayBase = x
    obj: ArrayBase = _new(_ArrayType)
    obj._data = arr._data.T
    obj._node = arr._node
    obj._base = x
    return obj


def matrix_transposed(x):
    """``x.mT`` (``Array.mT``'s getter, as ``transposed``): the last two axes swapped."""
    if not isinstance(x, ArrayBase):
        raise TypeError(f"mT: expected a weaknp Array, got {type(x).__name__}")
    arr: ArrayBase = x
    d = arr._data
    if d.ndim < 2:
        raise ValueError(f"mT: needs at least 2 dimensions, got {d.ndim}")
    obj: ArrayBase = _new(_ArrayType)
    obj._data = d.swapaxes(-1, -2)
    obj._node = arr._node
    obj._base = x
    return obj


def _no_modulus(a, b, mod):
    """``pow(a, b, mod)``: NumPy has no three-argument power (TypeError there too)."""
    names = ", ".join(type(v).__name__ for v in (a, b, mod))
    raise TypeError(f"pow: the three-argument form pow(a, b, mod) is not supported "
                    f"({names}); compute (a ** b) % mod")


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
    n = _NODE_MAPS[1 if weak else 0].get(data.dtype)
    obj._node = n if n is not None else outside_node(data.dtype)
    return obj


def outside_node(dt):
    """``OUTSIDE`` for a dtype outside the lattice (a string, record, date or void array:
    NumPy's rules, decision 72); ``TypeError`` for any other dtype (``object``)."""
    if is_outside(dt):
        return OUTSIDE
    if dt.kind == "T":
        raise variable_width_refused("weaknp")
    raise TypeError(f"weaknp: dtype {dt} is not supported (object arrays hold Python "
                    f"objects, not numbers, strings, dates or records); use a numeric, str "
                    f"or structured dtype")


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


def record_field(d, key, function: str):
    """The name of the field ``key`` selects by position when ``d`` is a record element (a
    0-d array of a record dtype) and ``key`` an integer, as ``numpy.void`` takes ``r[0]``,
    ``r[-1]``; None for any other array or key.  Out of range: ``IndexError``."""
    names = d.dtype.names
    if d.ndim != 0 or names is None:
        return None
    k = unwrap_key(key)
    if type(k) is bool or not isinstance(k, (int, np.integer)):
        return None
    n = len(names)
    if not -n <= k < n:
        raise IndexError(f"{function}: index {int(k)} is out of range for a record of {n} "
                         f"fields; use -{n}..{n - 1} or a field name ({names[0]!r})")
    return names[k]


def unwrap_key(key, depth=0):
    """An index key with every ``Array`` replaced by its ndarray (recursing into tuples and
    lists, at most ``MAX_DEPTH`` levels), and a 0-d integer Array by its Python int.

    NumPy differs: a 0-d integer ndarray is an advanced index there (``v[:, np.array(1)]``
    is a copy).  weaknp's 0-d integer Arrays stand where NumPy returns integer scalars
    (``argmin``, ``x[i]``; decision 45), and NumPy's integer scalars index as integers, so
    ``v[:, wnp.argmin(w)]`` is the view NumPy code expects (decision 75)."""
    t = type(key)
    if t is _ArrayType or (t is not tuple and isinstance(key, ArrayBase)):
        arr = key
        d = arr._data
        if d.ndim == 0 and (d.dtype.kind == "i" or d.dtype.kind == "u"):
            return int(d)
        return d
    if t is tuple:
        for k in key:
            if isinstance(k, ArrayBase):
                return tuple(unwrap_key(k, depth + 1) if isinstance(k, ArrayBase) else k
                             for k in key)
        return key
    if isinstance(key, list):
        if depth >= MAX_DEPTH:
            too_deep("__getitem__")
        return [unwrap_key(k, depth + 1) for k in key]
    return key


# ---------------------------------------------------------------------------------------
# Entries and the per-op caches.

class Entry:
    """How to run one op on one operand-node pair in one mode (``entries.EntrySpec``).

    Call codes (``plans.CALL_*``): ``CALL_GENERAL`` the form is not plain (``general``
    computes it); ``CALL_DIRECT`` no keyword, ``CALL_DTYPE`` ``dtype=arg``,
    ``CALL_SIGNATURE`` ``signature=arg``, ``CALL_UNSAFE`` ``signature=arg,
    casting="unsafe"``; each of those plus ``CALL_THEN_CAST``: the same call followed by a
    cast of the loop's output to ``cast_to`` (a narrow type such as bfloat16 computed in
    float32), or, for operands of at most ``entries.OWN_LOOP_MAX_SIZE`` elements,
    ml_dtypes' own loop ``own_sig`` (``CALL_OWN_LOOP``: bit-identical, no casts); for
    results of at least ``entries.BLOCK_MIN_SIZE`` elements of a narrow float type with a
    ``block`` spec, NumPy's float32 loop in blocks (``narrow.blocked``; float16's plain
    forms carry ``CALL_THEN_CAST`` for this alone, with no cast).
    ``CALL_DIRECT`` is the common case ``binary`` tests first.  Forms: ``aa`` two arrays,
    ``as``/``sa`` an array and a Python scalar of exactly ``b_type``/``a_type`` inside its
    ``lo..hi``.
    """

    __slots__ = ("ufunc", "out_node", "code_aa", "arg_aa", "code_as", "arg_as", "code_sa",
                 "arg_sa", "a_type", "a_lo", "a_hi", "b_type", "b_lo", "b_hi", "cast_to",
                 "general", "own_sig", "own_direct", "own_quiet", "block")

    def __init__(self, spec):
        # the call is followed by a cast, or may be ml_dtypes' own loop
        # (or may compute in float32 blocks)
        then = CALL_THEN_CAST if (spec.own_sig is not None or spec.cast_to is not None or
                                  spec.block is not None) else 0
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
        self.block = spec.block


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
            flat = entries.mode_cache(self.caches, mode, _N, _N if self.arity == 2 else 0)
        self.last = (mode, flat)
        return flat

    def build(self, mode, flat, an, bn):
        """Build (and cache) the entry for nodes ``an``, ``bn``; errors are raised."""
        e = Entry(entries.entry_spec(self.op, mode, Node(an), Node(bn)))   # C ints when compiled
        if self.arity == 2:
            flat[an][bn] = e
        else:
            flat[an] = e
        return e


def _no_core(name):
    """The compiled entries' refusal of a call that did not come from an operator (the
    typed ``core`` None, or ``inplace``'s target not an array): a TypeError, never a read
    through None."""
    raise TypeError(f"dispatch.{name}: needs an OpCore and weaknp arrays (it serves the "
                    f"operators; call the operator or the weaknp function instead)")


def binary(a, b, core, swap=False):
    """``a OP b`` for the op of ``core`` (``b OP a`` when ``swap``, a reflected operator): an
    Array, or ``NotImplemented`` for a foreign type."""
    if core is None:
        _no_core("binary")
    if _observer is not None:
        r = _observer("binary", core, a, b, swap)
        if r is not None:
            return r
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
                o = _sequence_operand(a, core.name)
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
                o = _sequence_operand(b, core.name)
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
            r = None
            blocks = False
            if code >= CALL_THEN_CAST:
                code -= CALL_THEN_CAST
                if e.own_sig is not None and (sa or a.size <= _OWN_MAX) and (
                        sb or b.size <= _OWN_MAX):
                    code = CALL_OWN_LOOP   # small bfloat16 operands: ml_dtypes' own loop
                elif e.block is not None and not zd and nd.size >= _BLOCK_MIN:
                    r = _blocked(f, a, b, e.block)   # large narrow floats: float32 blocks
                    blocks = r is not None
            if blocks:
                pass
            elif not zd:
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
            if code != CALL_OWN_LOOP and e.cast_to is not None and not blocks:
                r = r.astype(e.cast_to)   # a narrow type computed wider
    except ValueError:   # shapes that do not broadcast: weaknp's message naming the op
        plans.shape_error(core.name, a, b)
        raise
    obj = _new(_ArrayType)
    obj._data = r
    obj._node = e.out_node
    if e.out_node is None:   # an operand outside the lattice: NumPy's result dtype's node
        obj._node = dtype_node(r.dtype)
    return obj


def own_loop(ufunc, a, b, sig, direct, quiet, zd):
    """ml_dtypes' own loop ``sig`` on small operands (``entries.own_loop_spec``: the same bits
    as the float32 loop, faster): a new ndarray, 0-d when ``zd``.  ``direct``: NumPy's own
    resolution picks that loop for two arrays of its dtype, which then need no
    ``signature=``.  ``quiet``: an ordered comparison, whose
    loop flags "invalid" on NaN where NumPy's float32 loop does not; it runs with NumPy's
    error state quiet (``entries._ORDERED``).  The plain forms of ``binary`` and the
    entries' ``general`` (``entries.set_own_loop``) both call it."""
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


entries.set_own_loop(own_loop)


def unary(a, core):
    """``OP a`` for the one-input op of ``core``: an Array, or ``NotImplemented``."""
    if core is None:
        _no_core("unary")
    if _observer is not None:
        r = _observer("unary", core, a, None, False)
        if r is not None:
            return r
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
    elif e.block is not None and a.size >= _BLOCK_MIN and a.ndim:
        r = _blocked(e.ufunc, a, None, e.block)   # large narrow floats: float32 blocks
        if r is None:
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
    if e.out_node is None:   # outside the lattice: the node of NumPy's result dtype
        obj._node = dtype_node(r.dtype)
    return obj


def inplace(core, x, other):
    """``x OP= other`` into ``x``'s buffer (the kernel validates everything first)."""
    if core is None or not isinstance(x, ArrayBase):
        _no_core("inplace")
    if _observer is not None:
        r = _observer("inplace", core, x, other, False)
        if r is not None:
            return r
    o = operand(other)
    if o is None:
        o = _sequence_operand(other, core.name)
        if o is None:
            return NotImplemented
    arr = x
    d = arr._data
    weak = kernel.inplace(core.op, d, arr._node, o[0], o[1])
    arr._node = _NODE_MAPS[1 if weak else 0].get(d.dtype, OUTSIDE)
    return x




def reshape_call(a, shape, order, copy):
    """``weaknp.reshape(a, shape, order, copy=copy)`` and ``a.reshape``: an Array with a tuple
    or int shape, ``order='C'`` and no ``copy=`` is one ``ndarray.reshape`` (a view where
    NumPy gives one), wrapped here at ``a``'s node; anything else, and any error, is the
    general path (``_api.manipulation``'s, registered with ``set_reshape_general``)."""
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
            if r.base is not None:   # a view: x.reshape(...).base is x
                obj._base = a
            return obj
    return _reshape_general(a, shape, order, copy)


def set_reshape_general(function) -> None:
    """Register ``reshape``'s general path (``_api.manipulation`` calls this once, at import)."""
    global _reshape_general
    _reshape_general = function


# ---------------------------------------------------------------------------------------
# Nests: every walk of a user's nested lists (here, ``lists``) stops at one depth.

#: The deepest nest read (NumPy's limit on dimensions, ``NPY_MAXDIMS``): every walk of a
#: user's nest stops there, so a list that contains itself, or one nested 1e5 deep, is a
#: ValueError in both builds -- never the C stack's end in the compiled one.
MAX_DEPTH = 64


def too_deep(function):
    raise ValueError(f"{function}: the nested sequence is more than {MAX_DEPTH} levels deep "
                     f"(NumPy's limit on dimensions), or contains itself; pass a nest of at "
                     f"most {MAX_DEPTH} levels")




# The ops with an operator (one core each; the namespace functions use the same cores).
CORES = {op.name: OpCore(op) for op in ALL_OPS}
ADD, SUB, MUL, DIV = CORES["add"], CORES["subtract"], CORES["multiply"], CORES["divide"]
FLOORDIV, MOD, POW = CORES["floor_divide"], CORES["remainder"], CORES["pow"]
AND, OR, XOR = CORES["bitwise_and"], CORES["bitwise_or"], CORES["bitwise_xor"]
LSHIFT, RSHIFT = CORES["bitwise_left_shift"], CORES["bitwise_right_shift"]
EQ, NE, LT, LE = CORES["equal"], CORES["not_equal"], CORES["less"], CORES["less_equal"]
GT, GE = CORES["greater"], CORES["greater_equal"]
NEG, POS, ABS, INVERT = CORES["negative"], CORES["positive"], CORES["abs"], CORES["bitwise_invert"]

