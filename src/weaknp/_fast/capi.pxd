# CPython's C API as the compiled dispatch core uses it: type slots, vectorcall, bound
# methods, ContextVars.  Compiled build only: ``dispatch.pxd`` cimports these helpers, and
# ``dispatch.py`` defines a Python twin of each one it calls, under the same name, for the
# pure build (``if not cython.compiled:``).  Nothing here names a type of ``dispatch``:
# the caller passes its classes in.
from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.contextvars cimport get_value, PyContextVar_Set, PyContextVar_Reset

cdef extern from "Python.h":
    # the bound method ``x.sum`` (``dispatch.Method``); Python's ``types.MethodType``
    object PyMethod_New(object func, object self)


# -- a new instance by a base's own constructor --------------------------------------------
cdef extern from "Python.h":
    ctypedef object (*_newfunc)(PyTypeObject*, PyObject*, PyObject*)   # NULL: an error
    ctypedef struct _NewType "PyTypeObject":
        _newfunc tp_new


cdef inline object new_by_base(type base, type cls, tuple no_args):
    """A new, empty instance of ``cls`` made by ``base``'s C constructor (``tp_new``), as
    Python's ``object.__new__(cls)``: ``cls.__new__`` is never called.  ``cls`` must be a
    subclass of ``base`` with its layout (the caller checks once)."""
    return (<_NewType*>base).tp_new(<PyTypeObject*>cls, <PyObject*>no_args, NULL)


# -- ContextVars (the promotion mode, NumPy's error state) ---------------------------------
cdef inline object context_get(object var):
    """``var.get()``, read in C."""
    return get_value(var)


cdef inline object context_set(object var, object value):
    """``var.set(value)``: the token ``context_reset`` takes."""
    return PyContextVar_Set(var, value)


cdef inline int context_reset(object var, object token) except -1:
    """``var.reset(token)``."""
    return PyContextVar_Reset(var, token)


# -- vectorcall (PEP 590) for ufunc objects -------------------------------------------------
# ``wnp.exp(x)`` arrives with its arguments in a C array: no tuple, no keyword dict.
cdef extern from "Python.h":
    ctypedef object (*ternaryfunc)(object, object, object)   # a new reference, NULL: error
    ctypedef struct _VectorcallType "PyTypeObject":
        Py_ssize_t tp_vectorcall_offset
        unsigned long tp_flags
        ternaryfunc tp_call
    unsigned long Py_TPFLAGS_HAVE_VECTORCALL
    Py_ssize_t PyVectorcall_NARGS(size_t nargsf)
    void PyType_Modified(PyTypeObject* t)

#: ``dispatch.positional_call``: a ufunc called with 1 or 2 positional operands, or
#: NotImplemented for a call it does not take.
ctypedef object (*positional_fn)(object u, Py_ssize_t n, object a, object b)


cdef inline object vectorcall_ufunc(object u, PyObject** args, size_t nargsf,
                                    PyObject* kwnames, type base, positional_fn positional):
    """``base.__call__`` for a vectorcall: positional operands go to ``positional`` as
    ``__call__`` sends them; every other call is ``u._call(args, kwargs)`` with the tuple and
    dict ``__call__`` would have received.  If ``__call__`` was replaced on the class after
    import (CPython keeps the vectorcall flag), the call goes to the replacement, through
    the class's ``tp_call``."""
    cdef Py_ssize_t n = PyVectorcall_NARGS(nargsf)
    cdef ternaryfunc call = (<_VectorcallType*>(<PyObject*>u).ob_type).tp_call
    cdef bint own = call == (<_VectorcallType*>base).tp_call
    if own and kwnames == NULL and (n == 1 or n == 2):
        r = positional(u, n, <object>args[0], <object>args[n - 1])
        if r is not NotImplemented:
            return r
    t, kwargs = call_arguments(args, n, kwnames)
    if not own:
        return call(u, t, kwargs)
    return u._call(t, kwargs)


cdef inline tuple call_arguments(PyObject** args, Py_ssize_t n, PyObject* kwnames):
    """The ``(args, kwargs)`` a ``__call__`` receives for a vectorcall's ``n`` positional
    arguments and ``kwnames``."""
    cdef Py_ssize_t i
    t = PyTuple_New(n)
    for i in range(n):
        Py_INCREF(<object>args[i])   # PyTuple_SET_ITEM steals it
        PyTuple_SET_ITEM(t, i, <object>args[i])
    kwargs = {}
    if kwnames != NULL:
        names = <tuple>kwnames
        for i in range(len(names)):
            kwargs[names[i]] = <object>args[n + i]
    return t, kwargs


cdef inline int enable_vectorcall(type cls, type base, Py_ssize_t offset) except -1:
    """Give ``cls`` (``base`` or a Python subclass keeping its ``__call__``) the vectorcall
    protocol: the ``offset`` of the instances' function pointer, and the flag.  CPython
    3.11 does not pass the flag on to Python subclasses, and 3.12+ drops it when
    ``__call__`` is set; with ``__call__`` overridden nothing changes."""
    cdef _VectorcallType* t = <_VectorcallType*>cls
    if t.tp_call != (<_VectorcallType*>base).tp_call:
        return 0
    t.tp_vectorcall_offset = offset
    t.tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL
    PyType_Modified(<PyTypeObject*>cls)
    return 0


# -- binary-operator slots ------------------------------------------------------------------
# Their offsets in ``PyNumberMethods`` by field name, in the order of
# ``dispatch._BINARY_SLOTS``.
cdef extern from *:
    """
    static const Py_ssize_t weaknp_binary_slot_offsets[11] = {
        offsetof(PyNumberMethods, nb_add), offsetof(PyNumberMethods, nb_subtract),
        offsetof(PyNumberMethods, nb_multiply), offsetof(PyNumberMethods, nb_remainder),
        offsetof(PyNumberMethods, nb_lshift), offsetof(PyNumberMethods, nb_rshift),
        offsetof(PyNumberMethods, nb_and), offsetof(PyNumberMethods, nb_xor),
        offsetof(PyNumberMethods, nb_or), offsetof(PyNumberMethods, nb_floor_divide),
        offsetof(PyNumberMethods, nb_true_divide)};
    """
    const Py_ssize_t weaknp_binary_slot_offsets[11]

cdef extern from "Python.h":
    ctypedef struct _SequenceMethods "PySequenceMethods":
        void* sq_inplace_concat
    ctypedef struct _SlotType "PyTypeObject":
        void* tp_as_number
        _SequenceMethods* tp_as_sequence


cdef inline int copy_binary_slot(type sub, type base, int slot) except -1:
    """``sub``'s binary-operator slot number ``slot`` (``dispatch._BINARY_SLOTS``) becomes
    ``base``'s C function."""
    cdef char* s = <char*>(<_SlotType*>sub).tp_as_number
    cdef char* b = <char*>(<_SlotType*>base).tp_as_number
    if s != NULL and b != NULL and 0 <= slot < 11:
        (<void**>(s + weaknp_binary_slot_offsets[slot]))[0] = \
            (<void**>(b + weaknp_binary_slot_offsets[slot]))[0]
    return 0


cdef inline int clear_inplace_concat(type t) except -1:
    """No ``sq_inplace_concat`` on ``t`` (``+=`` then never falls back to it)."""
    cdef _SequenceMethods* sq = (<_SlotType*>t).tp_as_sequence
    if sq != NULL:
        sq.sq_inplace_concat = NULL
    return 0


cdef inline int type_modified(type t) except -1:
    """Tell CPython ``t``'s slots changed (its method caches)."""
    PyType_Modified(<PyTypeObject*>t)
    return 0
