# C declarations for calls.py, which Cython compiles in pure-Python mode (this file
# "augments" it: the .py stays plain Python and is also what the pure build runs).  Every
# name cimported here that calls.py calls has a Python twin of the same name in calls.py
# (``if not cython.compiled:``) for the pure build.
cimport cython
from weaknp._fast.capi cimport PyMethod_New
from weaknp._fast.dispatch cimport ArrayBase, array_type, get_mode, wrap_node

cdef type _ndarray
cdef object _asarray, _AOUT
cdef dict PY_SCALAR_NODE
cdef Py_ssize_t _N, _BOOL_INDEX, _NSTRONG
cdef object _NOVALUE, _true_divide
cdef object _NO_PASS

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
