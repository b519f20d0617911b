# C declarations for _dispatch.py, which Cython compiles in pure-Python mode (this file
# "augments" it: the .py stays plain Python and is also what the pure-Python build runs).
cimport cython
from cpython.complex cimport Py_complex, PyComplex_AsCComplex
from cpython.float cimport PyFloat_AS_DOUBLE
from cpython.long cimport PyLong_AsLongLongAndOverflow
from cpython.ref cimport PyObject
from cpython.object cimport PyTypeObject
from cpython.sequence cimport PySequence_Fast_GET_SIZE, PySequence_Fast_ITEMS
from weaknp._fast.npyc cimport (_import_array, weaknp_cell_ready, element_copy, element_at, npy_intp, PyArrayObject,
                           PyArray_SimpleNew, PyArray_BYTES, NPY_BOOL, NPY_INT64, NPY_FLOAT64,
                           NPY_COMPLEX128, ndarray)
from cpython.contextvars cimport get_value, PyContextVar_Set, PyContextVar_Reset
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

cdef extern from "Python.h":
    object PyMethod_New(object func, object self)

cdef bint _COMPILED
cdef type _ArrayType
cdef object _MODE_VAR
cdef object _sequence_operand
cdef object _reshape_general
cdef Py_ssize_t _N
cdef Py_ssize_t _OWN_MAX
cdef type _ndarray
cdef object _AOUT, _asarray
cdef dict PY_SCALAR_NODE

cdef class ArrayBase:
    cdef public object _data
    cdef public object _node
    cdef object __weakref__

cdef class OpCore

cdef class UfuncBase:
    cdef public OpCore _core
    cdef public int nin
    cdef void* _vectorcall     # CPython reads it at tp_vectorcall_offset (compiled build)

@cython.locals(core=OpCore)
cdef object plain_call(UfuncBase u, Py_ssize_t n, a, b)


# CPython's vectorcall protocol (PEP 590) for ufunc objects: ``wnp.exp(x)`` arrives here
# with its arguments in a C array -- no tuple, no keyword dict.
cdef extern from "Python.h":
    ctypedef object (*ternaryfunc)(object, object, object)   # a new reference, NULL: error
    ctypedef struct _VectorcallType "PyTypeObject":
        Py_ssize_t tp_vectorcall_offset
        unsigned long tp_flags
        ternaryfunc tp_call
    unsigned long Py_TPFLAGS_HAVE_VECTORCALL
    Py_ssize_t PyVectorcall_NARGS(size_t nargsf)
    void PyType_Modified(_VectorcallType* t)


cdef inline object _ufunc_vectorcall(object u, PyObject** args, size_t nargsf,
                                     PyObject* kwnames):
    """``UfuncBase.__call__`` for a vectorcall: positional operands go to ``plain_call``
    as ``__call__`` sends them; every other call is ``_call(args, kwargs)`` with the tuple
    and dict ``__call__`` would have received.  If ``__call__`` was replaced on the class
    after import (``weaknp.audit`` wraps it; CPython keeps the vectorcall flag), the call
    goes to the replacement, through the class's ``tp_call``."""
    cdef Py_ssize_t n = PyVectorcall_NARGS(nargsf)
    cdef Py_ssize_t i
    cdef ternaryfunc call = (<_VectorcallType*>(<PyObject*>u).ob_type).tp_call
    cdef bint own = call == (<_VectorcallType*>UfuncBase).tp_call
    if own and kwnames == NULL and (n == 1 or n == 2):
        r = plain_call(<UfuncBase>u, n, <object>args[0], <object>args[n - 1])
        if r is not NotImplemented:
            return r
    t = PyTuple_New(n)
    for i in range(n):
        Py_INCREF(<object>args[i])   # PyTuple_SET_ITEM steals it
        PyTuple_SET_ITEM(t, i, <object>args[i])
    kwargs = {}
    if kwnames != NULL:
        names = <tuple>kwnames
        for i in range(len(names)):
            kwargs[names[i]] = <object>args[n + i]
    if not own:
        return call(u, t, kwargs)
    return u._call(t, kwargs)


# The binary-operator slots of a type (``_inherit_binary_slots``): their offsets in
# ``PyNumberMethods`` by field name, in the order of ``_dispatch._BINARY_SLOTS``.
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
    const Py_ssize_t* weaknp_binary_slot_offsets

cdef extern from "Python.h":
    ctypedef struct _NumberType "PyTypeObject":
        void* tp_as_number


cdef inline int _copy_binary_slot(type sub, type base, int slot) except -1:
    """``sub``'s binary-operator slot number ``slot`` (``_BINARY_SLOTS``) becomes ``base``'s."""
    cdef char* s = <char*>(<_NumberType*>sub).tp_as_number
    cdef char* b = <char*>(<_NumberType*>base).tp_as_number
    cdef Py_ssize_t offset = weaknp_binary_slot_offsets[slot]
    if s != NULL and b != NULL and 0 <= slot < 11:
        (<void**>(s + offset))[0] = (<void**>(b + offset))[0]
    return 0


cdef extern from "Python.h":
    ctypedef struct _SequenceMethods "PySequenceMethods":
        void* sq_inplace_concat
    ctypedef struct _SequenceType "PyTypeObject":
        _SequenceMethods* tp_as_sequence


cdef inline int _clear_inplace_concat(type t) except -1:
    cdef _SequenceMethods* sq = (<_SequenceType*>t).tp_as_sequence
    if sq != NULL:
        sq.sq_inplace_concat = NULL
    return 0


cdef inline int _type_modified(type t) except -1:
    PyType_Modified(<_VectorcallType*>t)
    return 0


cdef inline void _set_vectorcall(UfuncBase u) noexcept:
    u._vectorcall = <void*>_ufunc_vectorcall


cdef inline int _enable_vectorcall(type cls) except -1:
    """Give ``cls`` (``UfuncBase`` or a Python subclass keeping its ``__call__``) the
    vectorcall protocol: the offset of ``_vectorcall`` and the flag.  CPython 3.11 does not
    pass the flag on to Python subclasses; with ``__call__`` overridden nothing changes."""
    cdef _VectorcallType* t = <_VectorcallType*>cls
    cdef _VectorcallType* base = <_VectorcallType*>UfuncBase
    cdef UfuncBase probe = UfuncBase.__new__(UfuncBase)
    if t.tp_call != base.tp_call:
        return 0
    t.tp_vectorcall_offset = <Py_ssize_t>(<char*>&probe._vectorcall - <char*><PyObject*>probe)
    t.tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL
    PyType_Modified(t)
    return 0

cdef class Entry:
    cdef public object ufunc, out_node
    cdef public int code_aa, code_as, code_sa
    cdef public object arg_aa, arg_as, arg_sa
    cdef public object a_type, a_lo, a_hi, b_type, b_lo, b_hi
    cdef public object cast_to, general, own_sig
    cdef public bint own_direct, own_quiet

cdef class _Elements:
    cdef object _source, _node
    cdef Py_ssize_t _i
# The pure-Python build defines these two in _dispatch.py (the ContextVar's own ``get``,
# ``object.__new__``).
cdef inline object get_mode():
    return get_value(_MODE_VAR)

cdef extern from "Python.h":
    ctypedef object (*_newfunc)(PyTypeObject*, PyObject*, PyObject*)   # NULL: an error
    ctypedef struct _NewType "PyTypeObject":
        _newfunc tp_new

cdef tuple _NO_ARGS

cdef inline ArrayBase _new(type cls):
    # ArrayBase's own C constructor on ``cls`` (``_ArrayType``, a subclass of ArrayBase
    # with its layout, checked by ``set_array_type``), as the pure build's
    # ``object.__new__(cls)``: ``Array.__new__`` (the guard) is never called
    return <ArrayBase>(<_NewType*>ArrayBase).tp_new(<PyTypeObject*>cls, <PyObject*>_NO_ARGS,
                                                    NULL)

cdef object _NP_ERRSTATE, _NP_QUIET

cdef inline object _quiet_errstate():
    return PyContextVar_Set(_NP_ERRSTATE, _NP_QUIET)

cdef inline int _reset_errstate(token) except -1:
    return PyContextVar_Reset(_NP_ERRSTATE, token)

cpdef own_loop(ufunc, a, b, sig, bint direct, bint quiet, bint zd)

cdef class OpCore:
    cdef public object op, name, caches, last
    cdef public int arity

@cython.locals(arr=ArrayBase, obj=ArrayBase, e=Entry, an=Py_ssize_t, bn=Py_ssize_t,
               code=int, sa=bint, sb=bint, zd=bint, flat=list, last=tuple, nd=ndarray)
cpdef binary(a, b, OpCore core, bint swap=*)

@cython.locals(arr=ArrayBase, obj=ArrayBase, e=Entry, an=Py_ssize_t, sa=bint,
               flat=list, last=tuple, nd=ndarray)
cpdef unary(a, OpCore core)

@cython.locals(arr=ArrayBase)
cpdef inplace(OpCore core, x, other)

@cython.locals(arr=ArrayBase)
cpdef operand(value)

@cython.locals(obj=ArrayBase)
cpdef wrap_node(data, node)

@cython.locals(obj=ArrayBase)
cpdef wrap(data, weak=*)

@cython.locals(arr=ArrayBase, seen=int)
cdef int _walk(obj, list others, list bounds, function, int depth) except -1

@cython.locals(seen=int)
cpdef tuple leaf_summary(obj, function)

@cython.locals(kind=int)
cpdef read_list(obj, dtype, function, summary=*)

cdef _read_general(obj, dtype, function, summary)

@cython.locals(arr=ArrayBase, kind=int)
cpdef list_array(obj)

cdef Py_ssize_t _BOOL_INDEX, _NSTRONG
cdef object _NOVALUE, _true_divide, _reshape

cdef object _NO_PASS

cdef class CallEntry:
    cdef public object fn, dtype, cast_a, cast_b, back, out_node
    cdef public bint mean
    cdef public frozenset a_types, b_types
    cdef public object a_lo, a_hi, b_lo, b_hi

cdef class CallCore:
    cdef public object name, spec, general, axes, caches, keyed, last
    cdef public Py_ssize_t size

@cython.locals(arr=ArrayBase, obj=ArrayBase, entry=CallEntry, an=Py_ssize_t, bn=Py_ssize_t,
               index=Py_ssize_t, sa=bint, sb=bint, flat=list, last=tuple)
cpdef where_call(CallCore core, c, x, y)

@cython.locals(arr=ArrayBase, obj=ArrayBase, entry=CallEntry, an=Py_ssize_t, n=Py_ssize_t,
               flat=list, last=tuple)
cpdef reduce_call(CallCore core, a, axis, dtype, out, keepdims, initial, where)

cdef class Method:
    cdef public object function, resolve, target

@cython.locals(arr=ArrayBase, obj=ArrayBase)
cpdef reshape_call(a, shape, order, copy)

# The plain nest (see _dispatch.py): walked in Python syntax, filled here in C.
cdef tuple _PLAIN_DTYPES, _PLAIN_NODES
cdef dict _PLAIN_KINDS
cdef int _PLAIN_MAX_NDIM
cdef long long _I64_MIN, _I64_MAX

@cython.locals(n=Py_ssize_t, t=type)
cdef tuple _plain_shape(obj)

@cython.locals(seen=int, kind=int, k=int, kinds=list)
cdef int _plain_kind(obj, tuple shape) except -2

@cython.locals(seen=int, last=Py_ssize_t, n=Py_ssize_t, s=int, v="long long")
cdef int _plain_walk(obj, Py_ssize_t depth, tuple shape) except -2

cdef _plain_data(obj, tuple shape, int kind)


cdef inline object _plain_new(obj, tuple shape, int kind):
    """A new ndarray of ``shape`` in ``_PLAIN_DTYPES[kind]`` holding the leaves of plain nest
    ``obj`` (``_plain_walk`` checked it); None when the nest is no longer plain (another
    thread changed it since): the caller then takes the general path."""
    cdef npy_intp dims[32]
    cdef int i, nd = len(shape)
    cdef int typenum = (NPY_BOOL if kind == 0 else NPY_INT64 if kind == 1 else
                        NPY_FLOAT64 if kind == 2 else NPY_COMPLEX128)
    for i in range(nd):
        dims[i] = shape[i]
    data = PyArray_SimpleNew(nd, dims, typenum)
    if _plain_store(obj, 0, nd - 1, dims, kind, PyArray_BYTES(<PyArrayObject*>data)) == NULL:
        return None
    return data


cdef inline bint _int_leaf(object x, long long* out) noexcept:
    """An exact int within int64, or a bool, stored at ``out``; False for any other leaf."""
    cdef int overflow = 0
    if type(x) is int:
        out[0] = PyLong_AsLongLongAndOverflow(x, &overflow)
        return not overflow
    if type(x) is bool:
        out[0] = 1 if x is True else 0
        return True
    return False


cdef inline bint _real_leaf(object x, double* out) noexcept:
    """An exact float, or what ``_int_leaf`` takes, stored at ``out`` as a double."""
    cdef long long v
    if type(x) is float:
        out[0] = PyFloat_AS_DOUBLE(x)
        return True
    if not _int_leaf(x, &v):
        return False
    out[0] = <double>v
    return True


cdef inline char* _plain_store(obj, Py_ssize_t depth, Py_ssize_t last, npy_intp* dims,
                               int kind, char* p) noexcept:
    """``_plain_new``'s store of one level of the nest from ``p``: the end, or NULL when the nest
    is not plain (checked again: lengths, leaf types, ints within int64)."""
    cdef Py_ssize_t i, n
    cdef PyObject** items
    cdef Py_complex c
    cdef double* fp
    cdef long long* ip
    if type(obj) is not list and type(obj) is not tuple:
        return NULL
    n = PySequence_Fast_GET_SIZE(obj)
    if n != dims[depth]:
        return NULL
    items = PySequence_Fast_ITEMS(obj)
    if depth < last:
        for i in range(n):
            p = _plain_store(<object>items[i], depth + 1, last, dims, kind, p)
            if p == NULL:
                return NULL
        return p
    if kind == 2:                          # float64
        fp = <double*>p
        for i in range(n):
            if not _real_leaf(<object>items[i], &fp[i]):
                return NULL
        return p + n * 8
    if kind == 1:                          # int64
        ip = <long long*>p
        for i in range(n):
            if not _int_leaf(<object>items[i], &ip[i]):
                return NULL
        return p + n * 8
    if kind == 0:                          # bool
        for i in range(n):
            x = <object>items[i]
            if type(x) is not bool:
                return NULL
            p[i] = 1 if x is True else 0
        return p + n
    fp = <double*>p                        # complex128: (real, imag) pairs
    for i in range(n):
        x = <object>items[i]
        if type(x) is complex:
            c = PyComplex_AsCComplex(x)
            fp[2 * i] = c.real
            fp[2 * i + 1] = c.imag
        elif _real_leaf(x, &fp[2 * i]):
            fp[2 * i + 1] = 0.0
        else:
            return NULL
    return p + n * 16
cdef OpCore ADD, SUB, MUL, DIV, FLOORDIV, MOD, POW, AND, OR, XOR, LSHIFT, RSHIFT
cdef OpCore EQ, NE, LT, LE, GT, GE, NEG, POS, ABS, INVERT
