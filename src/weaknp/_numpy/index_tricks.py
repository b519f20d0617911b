"""NumPy's iteration helpers for weaknp arrays: ``ndindex``, ``ndenumerate``, ``nditer``.

Elements come back as 0-d weaknp arrays with the array's dtype and weak flag
(weaknp's scalars, as iteration over an Array gives).  ``nditer`` runs NumPy's iterator on
the arrays' buffers: the 0-d arrays it yields are views, so ``x[...] = v`` writes through
(with the rule of ``x[i] = v``), and an output operand it allocates (``None``) gets the
lattice join of the inputs' dtypes, not NumPy's.
"""

from __future__ import annotations

import numpy as np

from .._array.array import Array
from .._fast.dispatch import wrap, wrap_node
from .._core.lattice import STRONG_NODE
from .._array.operands import data_of
from .._core.promotion import join_nodes, resolve_dtype
from .._array.stored import stored_value

__all__ = ["ndenumerate", "ndindex", "nditer"]

#: NumPy's ``ndindex`` takes no arrays: the object itself (tuples of Python ints).
ndindex = np.ndindex


class ndenumerate:
    """``(index, value)`` pairs over an array in C order; ``value`` is a 0-d array with the
    array's dtype and weak flag.

    Examples
    --------
    >>> for i, v in wnp.ndenumerate(wnp.asarray([[1, 2]], dtype=wnp.int8)):
    ...     print(i, repr(v))
    (0, 0) Array(1, dtype=int8)
    (0, 1) Array(2, dtype=int8)
    """

    def __init__(self, arr):
        if isinstance(arr, Array):
            self._data, self._node = arr._data, arr._node
        else:
            d, w = data_of(arr, "ndenumerate")
            a = wrap(d, w)
            self._data, self._node = a._data, a._node

    def __iter__(self):
        d, node = self._data, self._node
        for index in np.ndindex(d.shape):
            yield index, wrap_node(d[index + (...,)], node)


class nditer:
    """NumPy's ``nditer`` over weaknp arrays (same arguments); yields 0-d weaknp arrays
    (one per operand: a tuple when there are several).

    Examples
    --------
    >>> a = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int8)
    >>> with wnp.nditer(a, op_flags=["readwrite"]) as it:
    ...     for x in it:
    ...         x[...] = 2 * x
    >>> a
    Array([[2, 4],
           [6, 8]], dtype=int8)
    >>> it = wnp.nditer([a, 1.5, None])
    >>> [str(x.dtype) for x in it.operands]
    ['int8', 'float64', 'float64']
    """

    def __init__(self, op, flags=None, op_flags=None, op_dtypes=None, order="K",
                 casting="safe", op_axes=None, itershape=None, buffersize=0):
        single = not isinstance(op, (list, tuple))
        ops = [op] if single else list(op)
        datas, nodes = [], []
        for x in ops:
            if x is None:
                datas.append(None)
                nodes.append(None)
                continue
            a = x if isinstance(x, Array) else wrap(*data_of(x, "nditer"))
            datas.append(a._data)
            nodes.append(a._node)
        if op_dtypes is None and any(d is None for d in datas):
            # NumPy differs: it allocates outputs with its own promotion of the inputs.
            # Decision 48.
            known = [n for n in nodes if n is not None]
            joined = join_nodes(known, "nditer")[0] if known else None
            op_dtypes = [None if d is not None else joined for d in datas]
        elif op_dtypes is not None:
            op_dtypes = [None if t is None else resolve_dtype(t, "nditer")
                         for t in (op_dtypes if isinstance(op_dtypes, (list, tuple))
                                   else [op_dtypes] * len(datas))]
        self._single = single
        self._nodes = nodes
        self._dtypes = [None if d is None else d.dtype for d in datas]
        self._it = np.nditer(datas[0] if single else datas, flags, op_flags,
                             op_dtypes[0] if single and op_dtypes else op_dtypes, order,
                             casting, op_axes, itershape, buffersize)

    def _wrap(self, values):
        if self._single or not isinstance(values, tuple):
            return self._wrap_one(values, 0)
        return tuple(self._wrap_one(v, i) for i, v in enumerate(values))

    def _wrap_one(self, v, i):
        """Operand ``i``'s value: its weak flag kept while its dtype is unchanged."""
        v = v if type(v) is np.ndarray else np.asarray(v)
        if self._nodes[i] is not None and v.dtype == self._dtypes[i]:
            return wrap_node(v, self._nodes[i])
        return wrap(v, False)

    def __iter__(self):
        return self

    def __next__(self):
        return self._wrap(next(self._it))

    def __enter__(self):
        self._it.__enter__()
        return self

    def __exit__(self, *exc):
        return self._it.__exit__(*exc)

    def close(self):
        self._it.close()

    def iternext(self) -> bool:
        return self._it.iternext()

    def reset(self):
        self._it.reset()

    @property
    def value(self):
        return self._wrap(self._it.value)

    @property
    def operands(self):
        return tuple(self._wrap_one(o, i) for i, o in enumerate(self._it.operands))

    def __len__(self):
        return len(self._it)

    def __getitem__(self, i):
        """The current value of operand ``i`` (or a tuple for a slice)."""
        r = self._it[i]
        if isinstance(i, slice):
            return tuple(self._wrap_one(v, j) for v, j in
                         zip(r, range(*i.indices(len(self._nodes)))))
        return self._wrap_one(r, i % len(self._nodes))

    def __setitem__(self, i, value):
        """Write operand ``i``'s current value (stored with the rule of ``x[i] = v``)."""
        target = self._it[i]
        node = self._nodes[i]
        if node is None or target.dtype != self._dtypes[i]:
            node = STRONG_NODE[target.dtype]
        self._it[i] = stored_value("nditer", target, node, value, lists=True)

    def __getattr__(self, name):
        # multi_index, index, iterindex, finished, shape, ndim, nop, itersize, ...: NumPy's
        return getattr(self._it, name)
