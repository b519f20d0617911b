# C declarations for dispatch.py, which Cython compiles in pure-Python mode (this file
# "augments" it: the .py stays plain Python and is also what the pure build runs).
# calls.pxd and lists.pxd cimport from here: ArrayBase, OpCore, binary, unary and the
# inline get_mode, array_type and new_array (Cython shares this module's C globals those
# read with those modules).
#
# Declarations only, apart from the short "glue" functions at the end, which bind the C
# helpers of capi.pxd (CPython) and npyc.pxd (NumPy) to this module's own classes and
# globals.  Every name cimported or defined here that dispatch.py calls has a Python twin
# of the same name in dispatch.py (``if not cython.compiled:``) for the pure build.
cimport cython
from weaknp._fast.capi cimport (new_by_base, context_get, context_set, context_reset,
                                copy_binary_slot, clear_inplace_concat, type_modified)
from weaknp._fast.npyc cimport numpy_ready, element_copy, element_at, ndarray

cdef type _ArrayType
cdef object _MODE_VAR
cdef object _sequence_operand
cdef object _observer
cdef object _reshape_general, _reshape
cdef Py_ssize_t _N
cdef Py_ssize_t _OWN_MAX, _BLOCK_MIN
cdef object _blocked
cdef type _ndarray
cdef object _AOUT, _asarray
cdef dict PY_SCALAR_NODE
#: The entries' call codes (``Entry``; defined once, in ``_core/kernel.py``).
cdef int CALL_GENERAL, CALL_DIRECT, CALL_DTYPE, CALL_SIGNATURE, CALL_UNSAFE
cdef int CALL_THEN_CAST, CALL_OWN_LOOP

cdef class ArrayBase:
    cdef public object _data
    cdef public object _node
    cdef public object _base
    cdef object __weakref__

cdef class OpCore

cdef class Entry:
    cdef public object ufunc, out_node
    cdef public int code_aa, code_as, code_sa
    cdef public object arg_aa, arg_as, arg_sa
    cdef public object a_type, a_lo, a_hi, b_type, b_lo, b_hi
    cdef public object cast_to, general, own_sig, block
    cdef public bint own_direct, own_quiet

cdef class _Elements:
    cdef object _source, _node
    cdef Py_ssize_t _i

cpdef own_loop(ufunc, a, b, sig, bint direct, bint quiet, bint zd)

cdef class OpCore:
    cdef public object op, name, caches, last
    cdef public int arity

@cython.locals(arr=ArrayBase, obj=ArrayBase, e=Entry, an=Py_ssize_t, bn=Py_ssize_t,
               code=int, sa=bint, sb=bint, zd=bint, blocks=bint, flat=list, last=tuple, nd=ndarray)
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

@cython.locals(arr=ArrayBase, obj=ArrayBase)
cpdef reshape_call(a, shape, order, copy)

cdef OpCore ADD, SUB, MUL, DIV, FLOORDIV, MOD, POW, AND, OR, XOR, LSHIFT, RSHIFT
cdef OpCore EQ, NE, LT, LE, GT, GE, NEG, POS, ABS, INVERT


# -- glue: the C helpers bound to this module's classes and globals -------------------------
cdef tuple _NO_ARGS
cdef object _NP_ERRSTATE, _NP_QUIET

cdef inline object get_mode():
    # the promotion mode: its ContextVar read in C
    return context_get(_MODE_VAR)

cdef inline type array_type():
    # the registered Array class (``set_array_type``)
    return _ArrayType

cdef inline ArrayBase _new(type cls):
    # ArrayBase's own C constructor on ``cls`` (``_ArrayType``, a subclass of ArrayBase
    # with its layout, checked by ``set_array_type``): ``Array.__new__`` (the guard) is
    # never called
    return <ArrayBase>new_by_base(ArrayBase, cls, _NO_ARGS)

cdef inline ArrayBase new_array(data, node):
    # ``wrap_node`` inlined into calls and lists (a call into this module from theirs
    # costs about 20 ns; this costs none)
    cdef ArrayBase obj = _new(_ArrayType)
    obj._data = data
    obj._node = node
    return obj

cdef inline object _quiet_errstate():
    return context_set(_NP_ERRSTATE, _NP_QUIET)

cdef inline int _reset_errstate(token) except -1:
    return context_reset(_NP_ERRSTATE, token)
