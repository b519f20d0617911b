# C declarations for calls.py, which Cython compiles in pure-Python mode (this file
# "augments" it: the .py stays plain Python and is also what the pure build runs).  Every
# name cimported here that calls.py calls has a Python twin of the same name in calls.py
# (``if not cython.compiled:``) for the pure build.
cimport cython
from cpython.object cimport PyObject, PyTypeObject
from weaknp._fast.capi cimport (PyMethod_New, positional_fn, vectorcall_ufunc,
                                enable_vectorcall, PyVectorcall_NARGS)
from weaknp._fast.dispatch cimport (ArrayBase, OpCore, array_type, binary, get_mode, unary,
                                    new_array)

cdef extern from "Python.h":
    # the call forwarded as it arrived (the arguments array and keyword names, no tuple)
    object PyObject_Vectorcall(object callable, PyObject** args, size_t nargsf,
                               PyObject* kwnames)
    # ``Method``'s type flag: CPython calls a method descriptor found on a class with the
    # instance first instead of calling ``__get__`` (``_PyObject_GetMethod``)
    ctypedef struct _FlagsType "PyTypeObject":
        unsigned long tp_flags
    unsigned long Py_TPFLAGS_METHOD_DESCRIPTOR
    void PyType_Modified(PyTypeObject* t)
    int Py_EnterRecursiveCall(const char* where) except -1
    void Py_LeaveRecursiveCall()

cdef type _ndarray
cdef object _asarray, _AOUT
cdef dict PY_SCALAR_NODE, STRONG_NODE
cdef Py_ssize_t _N, _BOOL_INDEX, _NSTRONG
cdef object _NOVALUE, _true_divide, _empty, _dtype, _MAX_BYTES, _ascontiguousarray
cdef object _NO_PASS
cdef object _BUILTIN, _OUTSIDE, _as_ndarray, _WEAK_NODES, _read_array_like
cdef Py_ssize_t _JOIN_MAX
cdef object _ufunc_type
cdef object _observer

cdef class UfuncBase:
    cdef public OpCore _core
    cdef public int nin
    cdef void* _vectorcall     # CPython reads it at tp_vectorcall_offset (compiled build)

@cython.locals(core=OpCore, array=type)
cdef object positional_call(UfuncBase u, Py_ssize_t n, a, b)

cdef class CallEntry:
    cdef public object fn, dtype, cast_a, cast_b, back, out_node
    cdef public bint mean
    cdef public frozenset a_types, b_types
    cdef public object a_lo, a_hi, b_lo, b_hi

cdef class CallCore:
    cdef public object name, spec, general, axes, caches, keyed, last
    cdef public Py_ssize_t size

@cython.locals(arr=ArrayBase, entry=CallEntry, an=Py_ssize_t, bn=Py_ssize_t,
               index=Py_ssize_t, sa=bint, sb=bint, flat=list, last=tuple, array=type)
cpdef where_call(CallCore core, c, x, y)

@cython.locals(arr=ArrayBase, entry=CallEntry, an=Py_ssize_t, n=Py_ssize_t,
               flat=list, last=tuple)
cpdef reduce_call(CallCore core, a, axis, dtype, out, keepdims, initial, where)

cdef class Method:
    cdef public object function, resolve, target
    cdef void* _vectorcall     # CPython reads it at tp_vectorcall_offset

cdef Py_ssize_t _ANY

cdef class Moving:
    cdef public object fn, general
    cdef public Py_ssize_t hi
    cdef public bint copy, tuples
    cdef dict __dict__
    cdef void* _vectorcall     # CPython reads it at tp_vectorcall_offset

@cython.locals(t=type, x=object)
cdef bint _simple(v, bint tuples)

@cython.locals(n=Py_ssize_t)
cpdef moving_call(Moving f, tuple args, dict kwargs)

@cython.locals(arr=ArrayBase, t=type, out=list, tuples=bint)
cdef object moving_positional(Moving f, Py_ssize_t n, a, b, c, e)

@cython.locals(obj=ArrayBase)
cdef object _moved_view(source, r, node)

cdef object _named(f, general)

cdef tuple _QUICK_MAX

cdef class Quick:
    cdef public Py_ssize_t kind
    cdef public object general, data
    cdef dict __dict__
    cdef void* _vectorcall     # CPython reads it at tp_vectorcall_offset

@cython.locals(n=Py_ssize_t)
cpdef quick_call(Quick f, tuple args, dict kwargs)

@cython.locals(t=type, kind=Py_ssize_t, r=object, arr=ArrayBase)
cdef object quick_positional(Quick f, Py_ssize_t n, a, b, c)

@cython.locals(t=type)
cpdef as_array(a)

@cython.locals(table=dict, seen=tuple, t=type, last=tuple)
cpdef empty_call(CallCore core, shape, dtype, order, device)

@cython.locals(arr=ArrayBase)
cpdef empty_like_call(general, prototype, dtype, order, subok, shape, device)

@cython.locals(arr=ArrayBase, t=type, array=type, n=Py_ssize_t, i=Py_ssize_t, nodes=list,
               datas=list)
cpdef joined(function, values)

@cython.locals(arr=ArrayBase)
cpdef data_of(x, function)

# -- glue: the C helpers bound to this module's classes ------------------------------------
cdef inline object _ufunc_vectorcall(object u, PyObject** args, size_t nargsf,
                                     PyObject* kwnames):
    # ``UfuncBase.__call__`` by vectorcall (capi.vectorcall_ufunc)
    return vectorcall_ufunc(u, args, nargsf, kwnames, UfuncBase,
                            <positional_fn>positional_call)

cdef inline void _set_vectorcall(UfuncBase u) noexcept:
    u._vectorcall = <void*>_ufunc_vectorcall

cdef inline int _enable_vectorcall(type cls) except -1:
    cdef UfuncBase probe = UfuncBase.__new__(UfuncBase)
    return enable_vectorcall(cls, UfuncBase,
                             <char*>&probe._vectorcall - <char*><PyObject*>probe)


cdef inline object _method_vectorcall(object f, PyObject** args, size_t nargsf,
                                      PyObject* kwnames):
    # ``Method.__call__`` by vectorcall: ``x.sum(...)`` arrives with ``x`` in ``args[0]``,
    # forwarded as it arrived to the function (resolved on first use, as ``__get__``)
    # (a recursion check: a target that is the descriptor itself ends in RecursionError)
    cdef Method m = <Method>f
    target = m.target
    if target is None:
        target = m.target = m.resolve(m.function)
    Py_EnterRecursiveCall(" in a weaknp method call")
    try:
        return PyObject_Vectorcall(target, args, nargsf, kwnames)
    finally:
        Py_LeaveRecursiveCall()

cdef inline void _set_method_vectorcall(Method f) noexcept:
    f._vectorcall = <void*>_method_vectorcall

cdef inline int _enable_method_vectorcall(type cls) except -1:
    cdef Method probe = Method.__new__(Method)
    enable_vectorcall(cls, Method, <char*>&probe._vectorcall - <char*><PyObject*>probe)
    (<_FlagsType*>cls).tp_flags |= Py_TPFLAGS_METHOD_DESCRIPTOR
    PyType_Modified(<PyTypeObject*>cls)
    return 0


cdef inline object _moving_vectorcall(object f, PyObject** args, size_t nargsf,
                                      PyObject* kwnames):
    # ``Moving.__call__`` by vectorcall: positional calls without a tuple
    cdef Py_ssize_t n = PyVectorcall_NARGS(nargsf)
    if kwnames == NULL and 0 < n <= 4:
        r = moving_positional(<Moving>f, n, <object>args[0],
                              <object>args[1] if n > 1 else None,
                              <object>args[2] if n > 2 else None,
                              <object>args[3] if n > 3 else None)
        if r is not NotImplemented:
            return r
    return PyObject_Vectorcall((<Moving>f).general, args, nargsf, kwnames)   # as it came

cdef inline void _set_moving_vectorcall(Moving f) noexcept:
    f._vectorcall = <void*>_moving_vectorcall

cdef inline int _enable_moving_vectorcall(type cls) except -1:
    cdef Moving probe = Moving.__new__(Moving)
    return enable_vectorcall(cls, Moving,
                             <char*>&probe._vectorcall - <char*><PyObject*>probe)


cdef inline object _quick_vectorcall(object f, PyObject** args, size_t nargsf,
                                     PyObject* kwnames):
    # ``Quick.__call__`` by vectorcall: positional calls without a tuple
    cdef Py_ssize_t n = PyVectorcall_NARGS(nargsf)
    if kwnames == NULL and 0 < n <= 3:
        r = quick_positional(<Quick>f, n, <object>args[0],
                             <object>args[1] if n > 1 else None,
                             <object>args[2] if n > 2 else None)
        if r is not NotImplemented:
            return r
    elif kwnames != NULL and (<Quick>f).kind == 3 and 0 < n <= 3:
        r = _quick_empty_keywords(<Quick>f, args, n, <tuple>kwnames)
        if r is not NotImplemented:
            return r
    return PyObject_Vectorcall((<Quick>f).general, args, nargsf, kwnames)   # as it came

cdef inline object _quick_empty_keywords(Quick f, PyObject** args, Py_ssize_t n,
                                         tuple names):
    # ``empty(shape, dtype=...)`` (QUICK_EMPTY) read from the vectorcall's keyword names
    # with no dict: quick_call's binding of them (NotImplemented: a keyword empty's
    # signature refuses here, the general call raises its TypeError)
    cdef Py_ssize_t i
    dtype = <object>args[1] if n > 1 else None
    order = <object>args[2] if n > 2 else "C"
    device = None
    for i in range(len(names)):
        k = names[i]
        if k == "dtype" and n < 2:
            dtype = <object>args[n + i]
        elif k == "order" and n < 3:
            order = <object>args[n + i]
        elif k == "device":
            device = <object>args[n + i]
        elif k != "like":
            return NotImplemented
    return empty_call(f.data, <object>args[0], dtype, order, device)

cdef inline void _set_quick_vectorcall(Quick f) noexcept:
    f._vectorcall = <void*>_quick_vectorcall

cdef inline int _enable_quick_vectorcall(type cls) except -1:
    cdef Quick probe = Quick.__new__(Quick)
    return enable_vectorcall(cls, Quick,
                             <char*>&probe._vectorcall - <char*><PyObject*>probe)
