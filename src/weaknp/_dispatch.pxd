# C declarations for _dispatch.py, which Cython compiles in pure-Python mode (this file
# "augments" it: the .py stays plain Python and is also what the pure-Python build runs).
cimport cython
from weaknp._npyc cimport _import_array, element_copy, view0d

cdef bint _COMPILED
cdef type _ArrayType
cdef object _sequence_operand
cdef Py_ssize_t _N
cdef Py_ssize_t _OWN_MAX

cdef class ArrayBase:
    cdef public object _data
    cdef public object _node
    cdef object __weakref__

cdef class UfuncBase:
    cdef public object _core, nin

cdef class Entry:
    cdef public object ufunc, out_node
    cdef public int code_aa, code_as, code_sa
    cdef public object arg_aa, arg_as, arg_sa
    cdef public object a_type, a_lo, a_hi, b_type, b_lo, b_hi
    cdef public object cast_to, general, own_sig

cdef class _Elements:
    cdef object _source, _copy, _node
    cdef Py_ssize_t _i, _n

cdef class OpCore:
    cdef public object op, name, caches, last
    cdef public int arity

@cython.locals(arr=ArrayBase, obj=ArrayBase, e=Entry, an=Py_ssize_t, bn=Py_ssize_t,
               code=int, sa=bint, sb=bint, flat=list, last=tuple)
cpdef binary(OpCore core, a, b)

@cython.locals(arr=ArrayBase, obj=ArrayBase, e=Entry, an=Py_ssize_t, sa=bint,
               flat=list, last=tuple)
cpdef unary(OpCore core, a)

@cython.locals(arr=ArrayBase)
cpdef inplace(OpCore core, x, other)

@cython.locals(arr=ArrayBase)
cpdef operand(value)

@cython.locals(obj=ArrayBase)
cpdef wrap_node(data, node)

@cython.locals(obj=ArrayBase)
cpdef wrap(data, weak=*)

@cython.locals(arr=ArrayBase, seen=int)
cdef int _walk(obj, list others, list bounds, function) except -1

@cython.locals(seen=int)
cpdef tuple leaf_summary(obj, function)

cpdef read_list(obj, dtype, function, summary=*)

@cython.locals(arr=ArrayBase)
cpdef list_array(obj)
