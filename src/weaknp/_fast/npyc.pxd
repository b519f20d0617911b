# NumPy's C API as the compiled dispatch core uses it: 0-d copies of one element and
# arrays filled from a simple nest of Python scalars, made without a Python-level call.
# Compiled build only: ``dispatch.pxd`` cimports these helpers, and ``dispatch.py`` defines
# a Python twin of each one, under the same name, for the pure build (``if not
# cython.compiled:``; NumPy's spelling, with the same results).  Every helper returns None
# where it does not apply (a key or an array it does not handle); the caller then takes the
# Python path, which also raises every error, so messages are written once.
from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_INCREF
from cpython.complex cimport Py_complex, PyComplex_AsCComplex
from cpython.float cimport PyFloat_AS_DOUBLE
from cpython.long cimport PyLong_AsLongLongAndOverflow
from cpython.sequence cimport PySequence_Fast_GET_SIZE, PySequence_Fast_ITEMS

cdef extern from "numpy/arrayobject.h":
    ctypedef Py_ssize_t npy_intp
    ctypedef struct PyArray_Descr:
        char byteorder
        int type_num
    ctypedef struct PyArrayObject:
        pass
    PyTypeObject PyArray_Type
    enum:
        NPY_ARRAY_WRITEABLE
        NPY_UINT8
        NPY_MAXDIMS
        NPY_BOOL
        NPY_INT64
        NPY_FLOAT64
        NPY_COMPLEX128
        NPY_OBJECT
        NPY_TIMEDELTA
    int _import_array() except -1
    object PyArray_SimpleNew(int, npy_intp*, int)   # C-contiguous, uninitialised
    # steals the reference to the descr
    object PyArray_NewFromDescr(PyTypeObject*, PyArray_Descr*, int, npy_intp*, npy_intp*,
                                void*, int, PyObject*)
    # steals the reference to the base
    int PyArray_SetBaseObject(PyArrayObject*, PyObject*) except -1
    PyArray_Descr* PyArray_DescrFromType(int)   # a new reference
    bint PyArray_CheckExact(object)
    char* PyArray_BYTES(PyArrayObject*)
    npy_intp* PyArray_DIMS(PyArrayObject*)
    npy_intp* PyArray_STRIDES(PyArrayObject*)
    int PyArray_NDIM(PyArrayObject*)
    ctypedef struct PyArrayObject_fields:
        pass
    # ``.ndim`` of a local declared ``ndarray`` is a C field read (the ``nd`` field that
    # PyArray_NDIM reads), after a type check: a wrong object raises TypeError, never crashes
    ctypedef class numpy.ndarray [object PyArrayObject_fields, check_size ignore]:
        cdef int ndim "nd"
    PyArray_Descr* PyArray_DESCR(PyArrayObject*)
    npy_intp PyArray_ITEMSIZE(PyArrayObject*)
    bint PyArray_ISNBO(char)
    bint PyDataType_REFCHK(PyArray_Descr*)

cdef extern from "Python.h":
    Py_ssize_t PyLong_AsSsize_t(object)   # -1 with OverflowError set for a huge int
    bint PyLong_CheckExact(object)
    void PyErr_Clear()


# An element's own storage: 0-d copies (``x[i]``, iteration) hold their bytes in a small
# object of their own (``.base``), allocated by Python's small-object allocator, instead of
# a NumPy data allocation (its memory-handler lookup and malloc).  The object holds that
# element's bytes and nothing else, shares them with nothing, and exposes no buffer, so
# nothing a user reaches through ``.base`` leads to other memory.
cdef extern from *:
    """
    typedef struct { PyObject_HEAD char data[16]; } weaknp_cell;
    static void weaknp_cell_dealloc(PyObject *o) { PyObject_Free(o); }
    static PyTypeObject weaknp_cell_type = {
        PyVarObject_HEAD_INIT(NULL, 0)
        "weaknp._element_storage", sizeof(weaknp_cell), 0, weaknp_cell_dealloc,
    };
    static int weaknp_cell_ready(void) {
        weaknp_cell_type.tp_flags = Py_TPFLAGS_DEFAULT;
        weaknp_cell_type.tp_doc = "The storage of one element of a weaknp array (its bytes only).";
        return PyType_Ready(&weaknp_cell_type);
    }
    /* A new 0-d ndarray of descr (its reference is stolen) holding the itemsize bytes at
       src, in a cell of its own (NumPy's allocation beyond 16 bytes); NULL: an error. */
    static PyObject *weaknp_copy0d(PyArray_Descr *descr, const char *src, npy_intp itemsize) {
        PyObject *r;
        weaknp_cell *c;
        if (itemsize > 16) {
            r = PyArray_NewFromDescr(&PyArray_Type, descr, 0, NULL, NULL, NULL, 0, NULL);
            if (r != NULL) memcpy(PyArray_BYTES((PyArrayObject *)r), src, itemsize);
            return r;
        }
        c = PyObject_New(weaknp_cell, &weaknp_cell_type);
        if (c == NULL) { Py_DECREF(descr); return NULL; }
        memcpy(c->data, src, itemsize);
        r = PyArray_NewFromDescr(&PyArray_Type, descr, 0, NULL, NULL, c->data,
                                 NPY_ARRAY_WRITEABLE, NULL);
        if (r == NULL) { Py_DECREF(c); return NULL; }
        if (PyArray_SetBaseObject((PyArrayObject *)r, (PyObject *)c) < 0) {  /* steals c */
            Py_DECREF(r);
            return NULL;
        }
        return r;
    }
    """
    int weaknp_cell_ready() except -1
    object _copy0d "weaknp_copy0d"(PyArray_Descr* descr, char* src, npy_intp itemsize)


cdef inline int numpy_ready() except -1:
    """Load NumPy's C API table and ready the elements' storage type (once, at import)."""
    _import_array()
    return weaknp_cell_ready()


cdef inline int numpy_api_ready() except -1:
    """Load NumPy's C API table (once per extension module, at import: ``lists``)."""
    _import_array()
    return 0


cdef inline bint _offset(PyArrayObject* d, object i, int axis, npy_intp* off):
    """Add the byte offset of integer index ``i`` along ``axis`` of ``d`` to ``off``; False
    (nothing added, no error set) if ``i`` is not an exact int inside ``-n..n-1``."""
    cdef npy_intp n, k
    if not PyLong_CheckExact(i):
        return False
    k = PyLong_AsSsize_t(i)
    if k == -1 and i != -1:   # too large for a C index: NumPy's error, from the Python path
        PyErr_Clear()
        return False
    n = PyArray_DIMS(d)[axis]
    if k < 0:
        k += n
    if k < 0 or k >= n:
        return False
    off[0] += k * PyArray_STRIDES(d)[axis]
    return True


cdef inline bint _not_numeric(PyArray_Descr* descr):
    """Object, string, bytes, void/record, datetime64 and timedelta64 (type numbers
    NPY_OBJECT..NPY_TIMEDELTA): the element's descriptor is not ``PyArray_DescrFromType``
    of its type number (that is a size-0 or unit-less template), so these take NumPy's
    own path (the dtypes outside the lattice, decision 72)."""
    return NPY_OBJECT <= descr.type_num <= NPY_TIMEDELTA


cdef inline object element_copy(object d, object key):
    """``d[key]`` as an independent 0-d ndarray where NumPy would give a scalar, or None.

    Handles an exact ``int`` key on a 1-d array, a tuple of one exact ``int`` per axis, and
    ``()`` on a 0-d array.  The dtype is what ``numpy.asarray(d[key])`` gives: the canonical
    (native) dtype of the element type; a non-native source returns None.  ``()`` on a 0-d
    array copies it with its own dtype, as ``d.copy()``.
    """
    cdef npy_intp off = 0
    cdef int nd, k
    cdef PyArray_Descr* descr
    cdef PyArrayObject* a
    if not PyArray_CheckExact(d):
        return None
    a = <PyArrayObject*>d
    descr = PyArray_DESCR(a)
    if PyDataType_REFCHK(descr) or _not_numeric(descr):
        return None
    nd = PyArray_NDIM(a)
    if type(key) is tuple:
        if len(<tuple>key) != nd:
            return None
        if nd == 0:
            Py_INCREF(<object>descr)
            return _copy0d(descr, PyArray_BYTES(a), PyArray_ITEMSIZE(a))
        for k in range(nd):
            if not _offset(a, (<tuple>key)[k], k, &off):
                return None
    elif nd != 1 or not _offset(a, key, 0, &off):
        return None
    if not PyArray_ISNBO(descr.byteorder):
        return None
    return _copy0d(PyArray_DescrFromType(descr.type_num), PyArray_BYTES(a) + off,
                   PyArray_ITEMSIZE(a))


cdef inline object element_at(object d, npy_intp i):
    """``d[i]`` of a 1-d ndarray as an independent 0-d ndarray, as ``element_copy`` gives it,
    or None when ``d`` is not 1-d *now*, ``i`` is outside ``0..len(d)-1`` *now* (the shape
    is read at each call: a resize in place cannot make it read past the buffer), or
    ``element_copy`` would not handle it."""
    cdef PyArrayObject* a
    cdef PyArray_Descr* descr
    if not PyArray_CheckExact(d):
        return None
    a = <PyArrayObject*>d
    if PyArray_NDIM(a) != 1 or i < 0 or i >= PyArray_DIMS(a)[0]:
        return None
    descr = PyArray_DESCR(a)
    if PyDataType_REFCHK(descr) or _not_numeric(descr) or not PyArray_ISNBO(descr.byteorder):
        return None
    return _copy0d(PyArray_DescrFromType(descr.type_num),
                   PyArray_BYTES(a) + i * PyArray_STRIDES(a)[0], PyArray_ITEMSIZE(a))


# -- a simple nest, filled in C ---------------------------------------------------------------
# A simple nest (``lists.read_list``): a rectangular nest of lists and tuples whose leaves
# are exact Python bools, ints within int64, floats or complexes, read into the widest of
# those kinds present.  ``kind``: 0 bool, 1 int64, 2 float64, 3 complex128.

cdef inline object nest_array(object obj, tuple shape, int kind):
    """A new ndarray of ``shape`` (at most 32 dimensions) and ``kind`` holding the leaves of
    simple nest ``obj`` (``lists._simple_walk`` checked it); None when the nest is no
    longer simple (another thread changed it since): the caller then takes the general
    path."""
    cdef npy_intp dims[32]
    cdef int i, nd = len(shape)
    cdef int typenum = (NPY_BOOL if kind == 0 else NPY_INT64 if kind == 1 else
                        NPY_FLOAT64 if kind == 2 else NPY_COMPLEX128)
    if nd < 1 or nd > 32:
        return None
    for i in range(nd):
        dims[i] = shape[i]
    data = PyArray_SimpleNew(nd, dims, typenum)
    if _nest_store(obj, 0, nd - 1, dims, kind, PyArray_BYTES(<PyArrayObject*>data)) == NULL:
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


cdef inline char* _nest_store(obj, Py_ssize_t depth, Py_ssize_t last, npy_intp* dims,
                              int kind, char* p) noexcept:
    """``nest_array``'s store of one level of the nest from ``p``: the end, or NULL when the
    nest is not simple (checked again: lengths, leaf types, ints within int64)."""
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
            p = _nest_store(<object>items[i], depth + 1, last, dims, kind, p)
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
