"""Function calls: ufunc objects called on operands, ``where`` and the reductions, ``x.<method>``.

Part of the compiled core (``dispatch``'s docstring): compiled by Cython in pure-Python mode
(``calls.pxd`` declares the C types), or run as it is in the pure build.  It cimports from
``dispatch`` (``ArrayBase``, ``OpCore``, ``binary``/``unary`` as C functions, the inline
``get_mode``, ``array_type`` and ``new_array``); the pure build imports the same names from
``dispatch`` and has a Python twin of each C helper (``if not cython.compiled:``).

``wnp.add(x, 2)`` with positional operands only is ``positional_call`` ->
``binary(x, 2, ADD)``, the operator's entry (compiled, CPython calls the ufunc object by
vectorcall, ``capi.vectorcall_ufunc``, with no argument tuple; in Python,
``UfuncBase.__call__``); with ``out=``, ``dtype=``, ``where=`` ... it is the ufunc's
general path.

``where`` and the reductions have a ``CallCore`` each, whose ``CallEntry`` per (mode,
operand node pair) or (mode, operand node) their own module builds from its general path's
decisions (``_api/searching._where_spec``, ``_api/reduce._spec``); ``where_call`` /
``reduce_call`` execute them and hand every other call to that general path.  The walk of
``x.sum()`` (``x`` an int8 Array):

1. ``Array.sum`` is a ``Method``: ``x.sum`` is ``weaknp.sum`` bound to ``x`` (C, no
   Python frame), so ``x.sum()`` is ``weaknp.sum(x)`` -- one signature, one body.
2. ``sum``'s body is ``reduce_call(SUM, x, None, None, None, False, NOVALUE, True)``.
3. No ``out=``/``initial=``/``where=``, a non-empty Array: ``SUM``'s list for the mode,
   indexed by ``int8``; first time only ``_api.reduce._spec`` fills it (the standard's sum
   rule: ``np.add.reduce``, ``dtype=int64``, result node ``int64``).
4. ``np.add.reduce(data, axis=None, dtype=int64, out=...)``; the result becomes a new
   Array at node ``int64`` (``new_array``).
"""

from __future__ import annotations

from types import MethodType

import numpy as np

try:
    import cython   # compiled: Cython reads ``cython.compiled`` as True at compile time
except ImportError:   # the pure build where Cython is not installed
    from . import nocython as cython

from .._core import dtype_rules
from .._core import entries
from .._core import scalars
from .._core.lattice import BUILTIN, OUTSIDE, STRONG_NODE, WEAK_NODES, Node
from .._core.promotion import PY_SCALAR_NODE
from .dispatch import set_observer as _set_core_observer

__all__ = ["UfuncBase", "register_ufunc_type", "set_observer", "observer", "CallEntry", "CallCore",
           "where_call", "reduce_call", "Method", "Moving", "moving", "moving_call", "as_array",
           "empty_call", "empty_like_call", "Quick", "quick", "quick_call", "QUICK_ASARRAY",
           "QUICK_ASANY", "QUICK_CONTIGUOUS", "QUICK_EMPTY", "QUICK_EMPTY_LIKE", "joined", "data_of", "set_array_like_reader",
           "COMPILED"]

#: Whether this module is the compiled extension (``weaknp.__compiled__``).
COMPILED = cython.compiled
_ndarray = np.ndarray
_asarray = np.asarray
_AOUT = entries.ARRAY_OUT
_N = len(Node)
_BOOL_INDEX = int(Node.bool)
#: Nodes below this index are strong (one per dtype); the weak nodes follow.
_NSTRONG = int(Node.weak_int)
_NOVALUE = np._NoValue
_empty = np.empty
_ascontiguousarray = np.ascontiguousarray
_dtype = np.dtype
#: The most bytes an array can hold (``_api.creation._check_size``).
_MAX_BYTES = np.iinfo(np.intp).max
_true_divide = np.true_divide
#: ``CallEntry``'s "no Python scalar passes" (``types, lo, hi``).
_NO_PASS = (frozenset(), 1, 0)
#: The public ``ufunc`` class (set by ``register_ufunc_type``).
_ufunc_type = None
#: The observer of ufunc calls (``set_observer``): None, or a function.
_observer = None
#: ``Moving``'s "any number of positional arguments" (NumPy's functions check their own).
_ANY = 1 << 30
#: The built-in lattices by mode name (``joined``; a mode is a name or a ``Lattice``).
_BUILTIN = BUILTIN
_OUTSIDE = OUTSIDE
#: An operand cast to the join (``joined``): ``_array.operands._joined``'s own reading.
_as_ndarray = scalars.as_ndarray
#: The most operands ``joined`` takes (more go the general path).
_JOIN_MAX = 64
_WEAK_NODES = WEAK_NODES
#: ``data_of``'s reader of anything but an Array (``_array.convert.to_ndarray``; set by
#: ``set_array_like_reader``, once, at import).
_read_array_like = None

if not cython.compiled:
    # -- the pure build: the names the compiled build cimports (calls.pxd) ---------------
    # Cython drops this block.  Same names, same results.
    from .dispatch import array_type, binary, get_mode, unary
    from .dispatch import wrap_node as new_array   # (compiled: inline, dispatch.pxd)

    PyMethod_New = MethodType                # a bound method (``Method``)

    # A Python class's ``__call__`` is its method: no vectorcall to set.
    def _set_vectorcall(u):
        pass

    def _enable_vectorcall(cls):
        pass

    def _set_moving_vectorcall(f):
        pass

    def _set_method_vectorcall(f):
        pass

    def _enable_method_vectorcall(cls):
        pass

    def _enable_moving_vectorcall(cls):
        pass

    def _set_quick_vectorcall(f):
        pass

    def _enable_quick_vectorcall(cls):
        pass


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
    if _observer is not None:
        r = _observer("ufunc", u, a, b, n)
        if r is not None:
            return r
    core = u._core
    if core is None or n != u.nin:
        return NotImplemented
    array = array_type()
    if n == 2:
        if type(a) is array or type(b) is array:
            return binary(a, b, core)
        if type(a) in PY_SCALAR_NODE and type(b) in PY_SCALAR_NODE:
            return binary(a, b, core)
    elif type(a) is array or type(a) in PY_SCALAR_NODE:
        return unary(a, core)
    return NotImplemented


def set_observer(fn) -> None:
    """Hand every operator call and every positional ufunc call on Arrays to ``fn`` (None:
    to nobody; ``weaknp.audit`` sets one): ``dispatch.set_observer``'s protocol, and
    ``positional_call`` starts with ``r = fn("ufunc", u, a, b, n)`` (``b`` is ``a`` when
    ``n`` is 1)."""
    global _observer
    _observer = fn
    _set_core_observer(fn)


def observer():
    """The observer ``set_observer`` set (None: none)."""
    return _observer


def register_ufunc_type(cls) -> None:
    """Let CPython call instances of ``cls`` (a Python subclass of ``UfuncBase`` that keeps
    its ``__call__``) by vectorcall: compiled build only; a no-op in the pure-Python one."""
    global _ufunc_type
    _ufunc_type = cls
    _enable_vectorcall(cls)


# ---------------------------------------------------------------------------------------
# ``where`` and the reductions.  Their entries are built by the function's own module
# (``_api/searching``, ``_api/reduce``) from the decisions its general path takes; the core
# only executes them, and every call they do not cover goes to that general path.

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
            flat = entries.mode_cache(self.caches, mode, self.size)
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
    ``Array`` layer.

    Compiled, the type is a method descriptor (``Py_TPFLAGS_METHOD_DESCRIPTOR``, as
    Python functions are): ``x.sum()`` is the instance called by vectorcall with ``x``
    first, forwarded as it arrived to the function (no bound method made); ``x.sum`` alone
    is still ``__get__``'s bound method."""

    __slots__ = ("function", "resolve", "target")

    def __cinit__(self):
        _set_method_vectorcall(self)   # compiled: called by vectorcall (pure build: nothing)

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

    def __call__(self, *args, **kwargs):
        # ``Method`` is a method descriptor (compiled build): ``x.sum(...)`` calls it with
        # ``x`` first, as a function found on a class, without the bound method
        # ``__get__`` makes; that call is the target's with the same arguments
        f = self.target
        if f is None:
            f = self.target = self.resolve(self.function)
        return f(*args, **kwargs)


_enable_method_vectorcall(Method)




def where_call(core, c, x, y):
    """``where(c, x, y)``: a bool Array condition with two strong Arrays, or a strong Array
    and a Python int or float inside the entry's range, take the entry of their node pair
    (one ``np.where`` call in the joined dtype); anything else, and any error, is
    ``core.general``'s."""
    if type(core) is not CallCore:   # compiled, None would pass the typed argument
        raise TypeError(f"where_call: expected a CallCore, got {type(core).__name__}")
    array = array_type()
    if type(c) is not array:
        return core.general(c, x, y)
    arr = c
    if arr._node != _BOOL_INDEX:
        return core.general(c, x, y)
    cd = arr._data
    # each operand: an Array's payload and node, or a Python int/float at its weak node
    if type(x) is array:
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
    if type(y) is array:
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
        a = dtype_rules.cast(a, entry.cast_a)
    if sb:
        if type(b) not in entry.b_types or not entry.b_lo <= b <= entry.b_hi:
            return core.general(c, x, y)
    elif bn >= _NSTRONG:
        return core.general(c, x, y)
    elif entry.cast_b is not None:
        b = dtype_rules.cast(b, entry.cast_b)
    try:
        r = entry.fn(cd, a, b)
    except ValueError:   # shapes that do not broadcast: the general path's message
        return core.general(c, x, y)
    if type(r) is not _ndarray:
        r = _asarray(r)
    return new_array(r, entry.out_node)


def reduce_call(core, a, axis, dtype, out, keepdims, initial, where):
    """A reduction of ``a``: a non-empty Array with no ``out=``, ``initial=`` or ``where=``
    takes the entry of its (strong) node, or of its node and ``dtype=`` -- one NumPy
    reduce call, the result wrapped here; anything else is ``core.general``'s."""
    if type(core) is not CallCore:   # compiled, None would pass the typed argument
        raise TypeError(f"reduce_call: expected a CallCore, got {type(core).__name__}")
    if type(a) is array_type() and out is None and initial is _NOVALUE and (
            where is True or where is _NOVALUE):
        arr = a
        d = arr._data
        if d.size:
            an = arr._node
            if an >= _NSTRONG:   # a weak array: the entry of its dtype's node
                an = STRONG_NODE.get(d.dtype, -1)
                if an < 0:   # outside the lattice (dates, strings): the general path says
                    return core.general(a, axis, dtype, out, keepdims, initial, where)
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
                    d = dtype_rules.cast(d, entry.cast_a)
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
                    r = dtype_rules.cast(r, entry.back)
                return new_array(r, entry.out_node)
    return core.general(a, axis, dtype, out, keepdims, initial, where)


# ---------------------------------------------------------------------------------------
# Data movement: NumPy's call on an Array's ndarray, the result at the Array's node.

class Moving:
    """A function that moves data (``transpose``, ``ravel``, ``squeeze``, ``split`` ...):
    ``general`` is its Python body; a call of an Array and at most three simple positional
    arguments (``None``, ``int``, ``str``, tuples of ints), no keywords, is ``fn`` on the
    Array's ndarray -- the ndarray method where NumPy's function is only ``_wrapfunc``
    around it, else NumPy's implementation without its ``__array_function__`` dispatch --
    wrapped here at the Array's node (``moving_positional``).  Compiled, the call arrives
    by vectorcall (no argument tuple), also as a bound method (``x.ravel()``).

    ``hi``: the most positional arguments after the array that NumPy's function takes
    (``ndarray.transpose(1, 0)`` takes more than ``numpy.transpose``); ``copy``: the
    result is copied (``diagonal``: a copy where NumPy gives a read-only view);
    ``tuples``: only None and tuples of ints are simple (``permute_dims`` refuses the
    int axis ``ndarray.transpose`` takes).  The
    instance carries the function's ``__name__``, ``__doc__``, ``__wrapped__``
    (``inspect`` reads its signature there) in its ``__dict__``.
    """

    __slots__ = ("fn", "general", "hi", "copy", "tuples", "__dict__")

    def __cinit__(self):
        _set_moving_vectorcall(self)   # compiled: called by vectorcall (pure build: nothing)

    def __init__(self, fn, general, hi=_ANY, copy=False, tuples=False):
        self.fn = fn
        self.general = general
        self.hi = hi
        self.copy = copy
        self.tuples = tuples

    def __call__(self, *args, **kwargs):
        return moving_call(self, args, kwargs)

    def __reduce__(self):
        # pickled by name, as a function is (``__module__`` and ``__qualname__``)
        return self.__qualname__

    def __repr__(self):
        return f"<function {self.__module__}.{self.__qualname__}>"


def _simple(v, tuples):
    """Whether an argument is one the fast path hands to ``fn`` as it is: ``None``, an exact
    ``int`` or ``str`` (unless ``tuples``), a tuple of exact ints (axes, shapes, counts).
    Anything else (Arrays, lists, NumPy scalars, bools) takes the general path, which
    converts it."""
    t = type(v)
    if v is None:
        return True
    if t is int or t is str:
        return not tuples
    if t is not tuple:
        return False
    for x in v:
        if type(x) is not int:
            return False
    return True


def moving_call(f, args, kwargs):
    """``f(*args, **kwargs)`` for a ``Moving`` ``f``: ``moving_positional``'s where it takes
    the call, else ``f.general``'s."""
    if type(f) is not Moving or type(args) is not tuple:   # compiled, None would pass
        raise TypeError(f"moving_call: expected a Moving and a tuple, got "
                        f"{type(f).__name__} and {type(args).__name__}")
    n = len(args)
    if not kwargs and 0 < n <= 4:
        r = moving_positional(f, n, args[0], args[1] if n > 1 else None,
                              args[2] if n > 2 else None, args[3] if n > 3 else None)
        if r is not NotImplemented:
            return r
    return f.general(*args, **kwargs)


def moving_positional(f, n, a, b, c, e):
    """``f(a, b, c, e)`` with ``n`` (1 to 4) positional arguments: an exact Array ``a``,
    simple arguments after it (at most ``f.hi``) is ``f.fn`` on its ndarray, its result
    (an ndarray, or a list or tuple of them) wrapped at the Array's node, a view recording
    the Array as its ``base`` (as ``operands.moved``); ``NotImplemented`` for anything
    else and on any error (``f.general`` then gives weaknp's own answer or message)."""
    if n - 1 > f.hi or type(a) is not array_type():
        return NotImplemented
    if n > 1:
        tuples = f.tuples
        if not (_simple(b, tuples) and (n < 3 or _simple(c, tuples))
                and (n < 4 or _simple(e, tuples))):
            return NotImplemented
    arr = a
    fn = f.fn
    try:
        if n == 1:
            r = fn(arr._data)
        elif n == 2:
            r = fn(arr._data, b)
        elif n == 3:
            r = fn(arr._data, b, c)
        else:
            r = fn(arr._data, b, c, e)
    except Exception:   # the general path raises weaknp's error (or NumPy's, as today)
        return NotImplemented
    t = type(r)
    if t is _ndarray:
        if f.copy:
            r = r.copy()
        return _moved_view(a, r, arr._node)
    if t is list or t is tuple:
        out = []
        for x in r:
            if type(x) is not _ndarray:
                return NotImplemented
            out.append(_moved_view(a, x, arr._node))
        return out if t is list else tuple(out)
    return NotImplemented   # a NumPy scalar ...: the general path's reading


def _moved_view(source, r, node):
    """``r`` at ``node``, recording ``source`` when ``r`` is a view (``x.T.base is x``)."""
    obj = new_array(r, node)
    if r.base is not None:
        obj._base = source
    return obj


_enable_moving_vectorcall(Moving)


def moving(fn, general, hi=_ANY, copy=False, tuples=False):
    """``general`` (a data-movement function, Python) as a ``Moving`` whose common call is
    ``fn`` on an Array's ndarray.  ``fn`` must give exactly what ``general`` gives wherever
    it succeeds on an exact Array and simple arguments (the ndarray method NumPy's
    function calls, or NumPy's implementation).  The result is named, documented and
    signed as ``general`` (its ``__wrapped__``)."""
    return _named(Moving(fn, general, hi, copy, tuples), general)


def _named(f, general):
    """``f`` (a ``Moving`` or ``Quick``) named, documented and signed as ``general``."""
    for attr, value in general.__dict__.items():
        setattr(f, attr, value)
    for attr in ("__module__", "__name__", "__qualname__", "__doc__"):
        setattr(f, attr, getattr(general, attr))
    f.__wrapped__ = general
    return f


# ---------------------------------------------------------------------------------------
# ``asarray`` of an array, with nothing to change.

def as_array(a):
    """``asarray(a)`` with no other argument where it changes nothing: an exact Array is
    itself; an exact ndarray of a lattice dtype (native byte order) a strong Array on the
    same memory, as ``to_array`` makes it; None for anything else (the general path)."""
    t = type(a)
    if t is array_type():
        return a
    if t is _ndarray:
        node = STRONG_NODE.get(a.dtype)
        if node is not None:
            return new_array(a, node)
    return None


# ---------------------------------------------------------------------------------------
# ``empty`` and ``empty_like``: one ``np.empty`` where every argument is the common one.

def empty_call(core, shape, dtype, order, device):
    """``empty(shape, dtype, order, device=device)``: an int or a tuple of ints >= 0 that
    an array can hold, ``order='C'``, no device and a ``dtype`` spelling whose entry this
    mode holds is one ``np.empty``, the Array made here; anything else is ``core.general``'s.

    ``core.caches[mode]`` maps a spelling's id to ``(spelling, entry)`` (the entry holds
    the spelling, so the id stays its own; only immutable spellings: ``None``, types,
    strings, ``np.dtype``), and ``core.last`` is ``(mode, spelling, entry)`` of the last
    spelling kept there (read by identity: no id, no dict); ``core.spec(dtype)`` gives the entry, ``(np.dtype, node)``, or
    None where the general path must run (a dtype outside the lattice, a 64-bit request an
    x32 mode truncates with a warning, a spelling that is no dtype)."""
    if type(core) is not CallCore:   # compiled, None would pass the typed argument
        raise TypeError(f"empty_call: expected a CallCore, got {type(core).__name__}")
    if order == "C" and device is None:
        m = get_mode()
        last = core.last
        if len(last) == 3 and last[0] is m and last[1] is dtype:
            e = last[2]   # the spelling of the last call in this mode (a loop's own)
        else:
            table = core.caches.get(m)
            if table is None:
                table = core.caches[m] = {}
            seen = table.get(id(dtype))
            if seen is None or seen[0] is not dtype:
                seen = (dtype, core.spec(dtype))
                if len(table) < 256 and (dtype is None
                                         or isinstance(dtype, (type, str, _dtype))):
                    table[id(dtype)] = seen
            e = seen[1]
            if table.get(id(dtype)) is seen:   # immutable, kept: ``last`` may hold it too
                core.last = (m, dtype, e)
        if e is not None:
            t = type(shape)
            n = 1
            if t is int:
                n = shape
            elif t is tuple:
                for x in shape:
                    if type(x) is not int or x < 0:
                        n = -1
                        break
                    n *= x
            else:
                n = -1
            if n >= 0 and n * e[0].itemsize <= _MAX_BYTES:
                return new_array(_empty(shape, e[0]), e[1])
    return core.general(shape, dtype, order, device)


def empty_like_call(general, prototype, dtype, order, subok, shape, device):
    """``empty_like(prototype, ...)``: an exact Array with no other argument is one
    ``np.empty`` of its shape and dtype (C order, as the general path's ``order='K'``
    gives a new array), at its node; anything else is ``general``'s."""
    if type(prototype) is array_type() and dtype is None and order == "K" and (
            shape is None and device is None):
        arr = prototype
        d = arr._data
        return new_array(_empty(d.shape, d.dtype), arr._node)
    return general(prototype, dtype, order, subok, shape, device)


# ---------------------------------------------------------------------------------------
# Public functions whose common call is answered here: ``asarray``, ``empty`` ...

#: ``Quick.kind``: which common call the instance answers (``quick_positional``, which
#: reads them as the literals, C constants).
QUICK_ASARRAY = 0      # asarray(a): as_array, a list or tuple by ``data[0]`` (list_array)
QUICK_ASANY = 1        # asanyarray(a): as_array
QUICK_CONTIGUOUS = 2   # ascontiguousarray(a): an Array NumPy returns as it is
QUICK_EMPTY = 3        # empty(shape[, dtype[, order]]): empty_call on ``data`` (a CallCore)
QUICK_EMPTY_LIKE = 4   # empty_like(prototype): empty_like_call, ``data`` its general path
#: The most positional arguments each kind's common call takes.
_QUICK_MAX = (1, 1, 1, 3, 1)


class Quick:
    """A public function whose common call (positional arguments only, few of them) is
    answered by the compiled core without a Python frame (``asarray(x)``, ``empty(shape,
    dtype)`` ...): ``kind`` says which (``QUICK_*``), ``data`` what that path needs;
    every other call, and every common call the path does not finish, is ``general``'s
    (the Python function: its signature, body and errors).  Compiled, the call arrives by
    vectorcall (no argument tuple).  The instance carries the function's ``__name__``,
    ``__doc__``, ``__wrapped__`` (``inspect`` reads its signature there) in its
    ``__dict__``, as ``Moving``."""

    __slots__ = ("kind", "general", "data", "__dict__")

    def __cinit__(self):
        _set_quick_vectorcall(self)   # compiled: called by vectorcall (pure build: nothing)

    def __init__(self, kind, general, data=None):
        if type(kind) is not int or not 0 <= kind < len(_QUICK_MAX):
            raise ValueError(f"Quick: kind must be one of the QUICK_* ints, got {kind!r}")
        self.kind = kind
        self.general = general
        self.data = data

    def __call__(self, *args, **kwargs):
        return quick_call(self, args, kwargs)

    def __reduce__(self):
        # pickled by name, as a function is (``__module__`` and ``__qualname__``)
        return self.__qualname__

    def __repr__(self):
        return f"<function {self.__module__}.{self.__qualname__}>"


def quick_call(f, args, kwargs):
    """``f(*args, **kwargs)`` for a ``Quick`` ``f``: ``quick_positional``'s answer where it
    gives one, else ``f.general``'s."""
    if type(f) is not Quick or type(args) is not tuple:   # compiled, None would pass
        raise TypeError(f"quick_call: expected a Quick and a tuple, got "
                        f"{type(f).__name__} and {type(args).__name__}")
    n = len(args)
    if not kwargs and 0 < n <= 3:
        r = quick_positional(f, n, args[0], args[1] if n > 1 else None,
                             args[2] if n > 2 else None)
        if r is not NotImplemented:
            return r
    elif f.kind == 3 and 0 < n <= 3 and type(kwargs) is dict:   # QUICK_EMPTY
        # ``empty(shape, dtype=...)``: empty's body is ``empty_call`` of its parameters,
        # bound here where no keyword repeats a positional one or is not empty's
        for k in kwargs:
            if not (k == "device" or k == "like" or (k == "dtype" and n < 2)
                    or (k == "order" and n < 3)):
                return f.general(*args, **kwargs)
        return empty_call(f.data, args[0], kwargs.get("dtype", args[1] if n > 1 else None),
                          kwargs.get("order", args[2] if n > 2 else "C"),
                          kwargs.get("device"))
    return f.general(*args, **kwargs)


def quick_positional(f, n, a, b, c):
    """``f(a, b, c)`` with ``n`` (1 to 3) positional arguments by ``f.kind``'s common path;
    ``NotImplemented`` where that path does not apply (the caller then calls
    ``f.general``, which gives weaknp's answer or error)."""
    kind = f.kind
    if n < 1 or kind < 0 or kind >= len(_QUICK_MAX) or n > _QUICK_MAX[kind]:
        return NotImplemented
    if kind == 3:   # QUICK_EMPTY
        return empty_call(f.data, a, b, "C" if n < 3 else c, None)
    if kind == 4:   # QUICK_EMPTY_LIKE
        return empty_like_call(f.data, a, None, "K", True, None, None)
    t = type(a)
    if kind == 0 and (t is list or t is tuple):   # QUICK_ASARRAY
        # the common call, a list and nothing else: to_array's list path without the
        # checks that cannot fail (``lists.list_array``); a nest it does not read
        # (strings, dates, ranges: decision 72) is asarray's conversion (``data[1]``)
        try:
            return f.data[0](a)
        except TypeError:
            return f.data[1](a, None, None, None, None)
    r = as_array(a)
    if r is None:
        return NotImplemented
    if kind == 2:   # QUICK_CONTIGUOUS
        # NumPy returns a C-contiguous array of at least one dimension as it is
        if t is not array_type():
            return NotImplemented
        arr = r
        if _ascontiguousarray(arr._data) is not arr._data:
            return NotImplemented
    return r


_enable_quick_vectorcall(Quick)


def quick(kind, general, data=None):
    """``general`` (a public function, Python) as a ``Quick`` of ``kind``, named,
    documented and signed as ``general`` (its ``__wrapped__``)."""
    return _named(Quick(kind, general, data), general)


# ---------------------------------------------------------------------------------------
# The operands of a function joined on the lattice (``_array.operands.array_likes``,
# ``promote``), when every one is an array.

def joined(function, values):
    """``(ndarrays cast to the join, dtype, weak)`` of ``values`` (a list or tuple of 1 to
    ``_JOIN_MAX`` operands), as ``_array.operands._joined`` gives it, when each is an exact
    Array of a lattice node or an exact ndarray of a lattice dtype and their join exists
    in the current mode: the nodes read from the Arrays (an ndarray's is its dtype's
    strong node), the join by the lattice's table, and an operand not already of the
    joined dtype cast as ``_joined`` casts it (``scalars.as_ndarray``, its errors
    included).  None for anything else, before anything is cast: the caller's general
    path (lists, Python scalars, subclasses, dtypes outside the lattice, no join, ...)."""
    t = type(values)
    if t is not list and t is not tuple:
        return None
    n = len(values)
    if n == 0 or n > _JOIN_MAX:
        return None
    array = array_type()
    nodes = []
    datas = []
    for v in values:
        t = type(v)
        if t is array:
            arr = v
            d = arr._data
            node = arr._node
            if node is _OUTSIDE or type(d) is not _ndarray:
                return None
        elif t is _ndarray:
            d = v
            node = STRONG_NODE.get(d.dtype)
            if node is None:
                return None
        else:
            return None
        nodes.append(node)
        datas.append(d)
    m = get_mode()
    lattice = _BUILTIN[m] if type(m) is str else m
    acc = nodes[0]
    for i in range(1, n):
        b = nodes[i]
        if b is not acc:
            j = lattice.node_join[acc][b]
            if j is None:
                return None
            acc = j
    res = lattice.table[acc][acc]   # the join is idempotent: acc's own (dtype, weak)
    if type(res) is not tuple or len(res) != 2:
        return None
    dt = res[0]
    for i in range(n):
        d = datas[i]
        if d.dtype != dt:
            datas[i] = _as_ndarray(d, dt, function, nodes[i])
    return datas, dt, res[1]


def set_array_like_reader(fn) -> None:
    """Register ``data_of``'s reader of array-likes that are not Arrays
    (``fn(x, None, None, function)`` -> ``(ndarray, weak)``; ``_array`` calls this once)."""
    global _read_array_like
    _read_array_like = fn


def data_of(x, function):
    """``(ndarray, weak)`` of an array argument: an ``Array``'s own (no Python frame in the
    compiled build), or anything NumPy takes as an array, read by ``_array.convert``'s
    ``to_ndarray`` (``asarray``'s reading: a NumPy array or scalar and a nested list are
    strong, a Python scalar is weak)."""
    if type(x) is array_type():
        arr = x
        return arr._data, arr._node in _WEAK_NODES
    # JAX differs: most jax.numpy functions refuse lists and tuples (docs/decisions.md,
    # decision 21).
    return _read_array_like(x, None, None, function)
