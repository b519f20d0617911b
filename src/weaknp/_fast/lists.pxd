# C declarations for lists.py, which Cython compiles in pure-Python mode (this file
# "augments" it: the .py stays plain Python and is also what the pure build runs).  Every
# name cimported here that lists.py calls has a Python twin of the same name in lists.py
# (``if not cython.compiled:``) for the pure build.
cimport cython
from weaknp._fast.dispatch cimport ArrayBase, get_mode, new_array
from weaknp._fast.npyc cimport numpy_api_ready, nest_array

cdef object _ndarray, _generic, _asarray, _array
cdef frozenset _QUIET

@cython.locals(arr=ArrayBase, seen=int)
cdef int _walk(obj, list others, list bounds, function, int depth) except -1

@cython.locals(seen=int)
cpdef tuple leaf_summary(obj, function)

@cython.locals(kind=int)
cpdef read_list(obj, dtype, function, summary=*)

cdef _read_general(obj, dtype, function, summary)

@cython.locals(kind=int)
cpdef list_array(obj)

# The simple nest (``read_list``): walked here in Python syntax, filled in C (npyc.pxd).
cdef tuple _SIMPLE_DTYPES, _SIMPLE_NODES
cdef dict _SIMPLE_KINDS
cdef int _SIMPLE_MAX_NDIM
cdef long long _I64_MIN, _I64_MAX

@cython.locals(n=Py_ssize_t, t=type)
cdef tuple _simple_shape(obj)

@cython.locals(seen=int, kind=int, k=int, kinds=list)
cdef int _simple_kind(obj, tuple shape) except -2

@cython.locals(seen=int, last=Py_ssize_t, n=Py_ssize_t, s=int, v="long long")
cdef int _simple_walk(obj, Py_ssize_t depth, tuple shape) except -2
