"""The ``ufunc`` class: weaknp's elementwise functions as NumPy-style universal functions.

``wnp.add``, ``wnp.exp``, ... are
instances of one class, :class:`ufunc`, built from rows of the op table (as ``jax.numpy``
makes ``jnp.add`` a ``jnp.ufunc``).  An instance has NumPy's call signature
(``add(x1, x2, /, out=None, *, where=True, casting='same_kind', order='K', dtype=None,
subok=True)``), NumPy's attributes (``nin``, ``nout``, ``nargs``, ``identity``, ``ntypes``,
``types``, ``signature``, ``__name__``, ``__doc__``) and methods (``reduce``,
``accumulate``, ``reduceat``, ``outer``, ``at``, ``resolve_dtypes``), all following the
lattice:

* a plain call ``add(x, 1)`` is the operator's own path: the dispatch core's entry for
  the op (``_fast.dispatch.binary``, which ``Array.__add__`` calls too), so a function call
  and an operator can never disagree;
* ``out=`` (positional too: ``cos(x, out1)``) follows the store rule of ``x[i] = v``: the
  result's join with ``out``'s dtype must be ``out``'s dtype, else ``TypeError`` naming
  both, checked before anything is written; ``casting='unsafe'`` casts explicitly;
* ``where=`` needs ``out=`` (NumPy leaves the other elements uninitialised);
* ``dtype=`` casts the array operands (with NumPy's ``casting=`` check) and the result
  must have that dtype;
* ``reduce``/``accumulate``/``reduceat`` of ``add``/``multiply`` follow ``sum``/``prod``
  (int8 -> int64); other ops keep the dtype they give for two operands of the input's
  dtype (``maximum``: int8, ``logical_and``: bool);
* ``outer`` is the call on ``a[..., None, ...]`` and ``b``; ``at`` writes in place with the
  store rule.

``numpy.add.reduce(weaknp_array)`` and every NumPy ufunc call with keywords reach the same
methods through ``Array.__array_ufunc__``.
"""

from __future__ import annotations

import inspect

import numpy as np

from .._core import dtype_rules
from .._core.dtypes import ALL_DTYPES, INTEGER, ML_DTYPES, OPERAND, bool_, dtype_name
from .._core import plans, scalars
from .._array.array import Array
from .._array.convert import to_ndarray
from .._fast.calls import UfuncBase, register_ufunc_type
from .._fast.dispatch import CORES, binary, operand, unary, unwrap_key, wrap, wrap_node
from .._core.errors import numpy_error
from .._core.lattice import STRONG_NODE
from .._core.promotion import join_nodes, resolve_dtype, sum_dtype
from .reduce import cumulative, reduction
from .._core.dtype_rules import compute_dtype
from .._array.stored import stored_value

__all__ = ["ufunc", "BY_NUMPY"]

_NO = object()  # "argument not given" (None is a valid value for several of them)
_NOVALUE = np._NoValue
_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")
_ORDERS = ("K", "A", "C", "F")
#: Binary ops whose reduce reads truth values (a bool result from any input dtype).
_LOGICAL = {"logical_and", "logical_or", "logical_xor"}
#: ufuncs whose reduce/accumulate is a function of the reduction core (``_api.reduce``)
_REDUCTION_CORE = {"add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min",
                   "logical_and": "all", "logical_or": "any"}
_CUMULATIVE_CORE = {"add": "cumsum", "multiply": "cumprod"}
#: NumPy ufunc -> weaknp ufunc (filled as ufuncs are built)
BY_NUMPY: dict = {}

P = inspect.Parameter
_TAIL = (
    P("out", P.POSITIONAL_OR_KEYWORD, default=None),
    P("where", P.KEYWORD_ONLY, default=True),
    P("casting", P.KEYWORD_ONLY, default="same_kind"),
    P("order", P.KEYWORD_ONLY, default="K"),
    P("dtype", P.KEYWORD_ONLY, default=None),
    P("subok", P.KEYWORD_ONLY, default=True),
    P("signature", P.KEYWORD_ONLY, default=None),
)
_SIGNATURES = {
    1: inspect.Signature([P("x", P.POSITIONAL_ONLY), *_TAIL]),
    2: inspect.Signature([P("x1", P.POSITIONAL_ONLY), P("x2", P.POSITIONAL_ONLY), *_TAIL]),
}
del P


def _bad_operand(name: str, x) -> TypeError:
    return TypeError(f"{name}: expected an array, a Python scalar or a (nested) list of "
                     f"numbers, got {type(x).__name__}; convert it with weaknp.asarray() "
                     f"first")


class ufunc(UfuncBase):
    """A weaknp universal function: an elementwise op of the lattice, with NumPy's
    ufunc interface (``__call__`` with ``out=``/``where=``/``dtype=``/``casting=``,
    ``reduce``, ``accumulate``, ``reduceat``, ``outer``, ``at``).

    ``wnp.add``, ``wnp.exp``, ``wnp.maximum``, ... are its instances; build new ones with
    ``weaknp.frompyfunc``.  Results follow weaknp's lattice, never NumPy's promotion.

    Examples
    --------
    >>> import weaknp as wnp
    >>> x = wnp.asarray([1, 2, 3], dtype=wnp.int8)
    >>> isinstance(wnp.add, wnp.ufunc), wnp.add.nin, wnp.add.nout, wnp.add.identity
    (True, 2, 1, 0)
    >>> wnp.add.reduce(x)              # sum's rule: int8 sums in int64
    Array(6, dtype=int64)
    >>> wnp.maximum.accumulate(x)
    Array([1, 2, 3], dtype=int8)
    >>> wnp.subtract.outer(x, x)[0]
    Array([ 0, -1, -2], dtype=int8)
    >>> out = wnp.zeros(3, dtype=wnp.int16)
    >>> wnp.add(x, 1, out)             # int8 fits an int16 out=
    Array([2, 3, 4], dtype=int16)
    >>> wnp.add.at(x, [0, 0], 10); x
    Array([21,  2,  3], dtype=int8)
    """

    __slots__ = ("_op", "_func", "nout", "identity", "__dict__")   # _core, nin: UfuncBase's

    def __init__(self, op=None, *, func=None, nin=None, nout=1, name=None, identity=None,
                 doc=None):
        """Private: weaknp builds its ufuncs from op-table rows (``op``) or, for
        ``frompyfunc`` and hand-written NumPy ufuncs, from a function (``func``)."""
        self._op = op
        self._func = func
        self._core = None
        if op is not None:
            self.nin, self.nout = op.arity, 1
            self.identity = op.ufunc.identity
            # the operator's own path: the dispatch core's entries for this op
            self._core = CORES[op.name]
            BY_NUMPY.setdefault(op.ufunc, self)
            name = op.name
        else:
            self.nin, self.nout, self.identity = nin, nout, identity
        self.__name__ = self.__qualname__ = name
        self.__module__ = "weaknp"
        self.__doc__ = doc
        self.__signature__ = _SIGNATURES.get(self.nin) or inspect.Signature(
            [inspect.Parameter(f"x{i + 1}", inspect.Parameter.POSITIONAL_ONLY)
             for i in range(self.nin)] + list(_TAIL))

    # -- attributes ----------------------------------------------------------------------
    @property
    def nargs(self) -> int:
        """Inputs plus outputs (NumPy's ``nargs``)."""
        return self.nin + self.nout

    @property
    def signature(self):
        """None: weaknp's ufuncs are elementwise (no generalized core dimensions)."""
        return None

    @property
    def types(self) -> list:
        """The loops, as NumPy's character codes: for each dtype with a code that the op
        accepts, ``inputs->output`` with the output weaknp gives for that input dtype."""
        if self._op is None:
            return []
        out = []
        for dt in ALL_DTYPES:
            if dt not in self._op.accepts or dt in ML_DTYPES:
                continue
            try:
                res = self.resolve_dtypes((dt,) * self.nin + (None,))[-1]
            except TypeError:
                continue
            out.append(dt.char * self.nin + "->" + res.char)
        return out

    @property
    def ntypes(self) -> int:
        """``len(types)``."""
        return len(self.types)

    def __repr__(self) -> str:
        return f"<weaknp.ufunc '{self.__name__}'>"

    def __reduce__(self):
        return self.__name__  # pickled by name: weaknp.<name>

    # -- calling -------------------------------------------------------------------------
    # __call__ is UfuncBase's (the dispatch core): a plain call on an Array runs the op's
    # entries, the operators' own path; everything else comes to _call.

    def _call(self, args, kwargs):
        """The general path: NumPy's full signature, array-likes, ``out=``..."""
        name = self.__name__
        nin, nout = self.nin, self.nout
        if len(args) < nin:
            raise TypeError(f"{name}: takes {nin} input argument(s), got {len(args)}")
        if len(args) > nin + nout:
            raise TypeError(f"{name}: takes at most {nin + nout} positional arguments "
                            f"({nin} input(s) and {nout} output(s)), got {len(args)}")
        inputs, outs = args[:nin], args[nin:]
        kw = dict(kwargs)
        out = kw.pop("out", _NO)
        if outs:
            if out is not _NO:
                raise TypeError(f"{name}: cannot specify out= both as a positional and a "
                                f"keyword argument")
            out = outs[0] if len(outs) == 1 and isinstance(outs[0], tuple) else outs
        where = kw.pop("where", True)
        casting = kw.pop("casting", "same_kind")
        order = kw.pop("order", "K")
        dtype = kw.pop("dtype", None)
        kw.pop("subok", True)  # weaknp has no array subclasses: both values mean the same
        signature = kw.pop("signature", None)
        if kw:
            raise TypeError(f"{name}: unexpected keyword argument {min(kw)!r}")
        if casting not in _CASTINGS:
            raise ValueError(f"{name}: casting must be one of {', '.join(map(repr, _CASTINGS))}, "
                             f"got {casting!r}")
        if order not in _ORDERS:
            raise ValueError(f"{name}: order must be 'K', 'A', 'C' or 'F', got {order!r}")
        if signature is not None:
            raise TypeError(f"{name}: signature= picks NumPy's inner loop, which weaknp "
                            f"chooses from the lattice; pass dtype= to compute in a given "
                            f"dtype, or cast the operands with astype()")
        outs = _out_tuple(out, nout, name)
        if where is not True and outs is None:
            raise TypeError(f"{name}: where= without out= leaves the masked-out elements "
                            f"undefined; pass out= (the array to write into) as well")
        mask = _mask(where, name)
        dt = resolve_dtype(dtype, name)
        result = self._compute(inputs, dt, casting)
        if order in ("C", "F"):
            leaves = result if isinstance(result, tuple) else (result,)
            for leaf in leaves:
                if not leaf._data.flags[order + "_CONTIGUOUS"]:
                    leaf._data = np.asarray(leaf._data, order=order)
        if outs is None:
            return result
        return _deliver(result, outs, mask, name, casting)

    def _compute(self, inputs, dt, casting):
        name = self.__name__
        if self._op is None:
            vals = [_array_like(x, name) for x in inputs]
            if dt is not None:
                vals = [_cast_operand(v, dt, casting, name) for v in vals]
            result = self._func(*vals)
        else:
            ops = []
            for x in inputs:
                o = operand(x)
                if o is None:   # array-likes (lists, ranges, __array__ objects): asarray's rule
                    if x is None or isinstance(x, (str, bytes)):
                        raise _bad_operand(name, x)
                    try:
                        d = to_ndarray(x, None, None, name)[0]
                    except TypeError:
                        raise _bad_operand(name, x) from None
                    o = (d, STRONG_NODE[d.dtype])
                ops.append(o)
            if dt is not None:
                if any(type(p) is np.ndarray for p, _ in ops):
                    ops = [_cast_payload(p, n, dt, casting, name) for p, n in ops]
                else:   # Python scalars only: nothing for them to adapt to but dt
                    ops = [_scalar_in(p, dt, casting, name) for p, _ in ops]
            args = [wrap_node(p, n) if type(p) is np.ndarray else p for p, n in ops]
            result = (unary(args[0], self._core) if self.nin == 1 else
                      binary(args[0], args[1], self._core))
        if dt is not None:
            first = result[0] if isinstance(result, tuple) else result
            if first.dtype != dt:
                raise TypeError(f"{name}: the result is {dtype_name(first.dtype)} although "
                                f"dtype={dtype_name(dt)} was asked for (an operand promotes "
                                f"it); cast the operands explicitly with astype() first")
        return result

    # -- methods -------------------------------------------------------------------------
    def _binary_only(self, method):
        if self.nin != 2 or self.nout != 1:
            raise ValueError(f"{self.__name__}.{method}: only supported for binary functions "
                             f"with one output ({self.__name__} takes {self.nin} input(s))")

    def _chained_dtype(self, x, dt, where):
        """The dtype ``reduce``/``accumulate`` of ``x`` computes and returns in."""
        name = self.__name__
        empty = x._data.reshape(-1)[:0]
        if dt is None:
            if name in ("add", "multiply"):  # the standard's sum/prod rule (int8 -> int64)
                # JAX differs: its add.accumulate and add.reduceat keep int8 (and wrap).
                # Decision 31.
                return sum_dtype(x.dtype)
            e = wrap(empty)
            dt = self(e, e).dtype
            if dt == bool_ and x.dtype != bool_ and name not in _LOGICAL:
                raise TypeError(f"{where}: {name} turns {dtype_name(x.dtype)} operands into "
                                f"bool, so its results cannot be chained; cast the array "
                                f"with astype(bool) first")
        if name not in ("add", "multiply") and self._op is not None:
            cast = wrap(dtype_rules.cast(empty, dt))
            got = self(cast, cast).dtype
            if got != dt:
                raise TypeError(f"{where}: {name} turns two {dtype_name(dt)} operands into "
                                f"{dtype_name(got)}, so its results cannot be chained; "
                                f"pass dtype= or cast the array with astype() first")
        return dt

    def _reduction(self, method, array, extra_args, axis, dtype, out, extra):
        where_name = f"{self.__name__}.{method}"
        self._binary_only(method)
        if self._op is None:
            raise TypeError(f"{where_name}: not available for a ufunc made by frompyfunc; "
                            f"loop in Python or use a weaknp ufunc")
        x = _as_array(array, where_name)
        dt = self._chained_dtype(x, resolve_dtype(dtype, where_name), where_name)
        work = compute_dtype(dt)
        initial = extra.pop("initial", _NOVALUE)
        if initial is not _NOVALUE and initial is not None:
            # the starting value is written into the result dtype: the rule of x[i] = v
            # JAX differs: it casts initial (sum(int8, initial=5.5) adds 5) (decision 31).
            zero = np.zeros((), dt)
            value = stored_value(where_name, zero, STRONG_NODE[dt], initial,
                                 role=OPERAND)
            extra["initial"] = dtype_rules.cast(np.asarray(value), work)[()]
        data = dtype_rules.cast(x._data, work)
        with np.errstate(over="ignore"):
            r = getattr(self._op.ufunc, method)(data, *extra_args, axis=axis, dtype=work,
                                                **extra)
        result = wrap(dtype_rules.cast(np.asarray(r), dt))
        outs = _out_tuple(_NO if out is None else out, 1, where_name)
        return result if outs is None else _deliver(result, outs, True, where_name, "same_kind")

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NOVALUE,
               where=True):
        """Reduce ``array`` along ``axis`` by applying the op repeatedly.

        ``add``/``multiply`` follow ``sum``/``prod`` (int8 -> int64); other ops keep the
        dtype they give for two operands of the input's dtype.  ``initial`` is stored like
        ``x[i] = v`` (no silent truncation).  The result is strong.

        Examples
        --------
        >>> wnp.multiply.reduce(wnp.asarray([2, 3, 4], dtype=wnp.int8))
        Array(24, dtype=int64)
        >>> wnp.maximum.reduce(wnp.asarray([[1, 5], [7, 2]], dtype=wnp.int8), axis=1)
        Array([5, 7], dtype=int8)
        """
        core = _REDUCTION_CORE.get(self.__name__) if self._op is not None else None
        if core is not None and (dtype is None or core not in ("all", "any")):
            # the reduction core of sum/prod/max/min/all/any: one body for both spellings
            return reduction(core, array, axis=axis, dtype=dtype, out=out, keepdims=keepdims,
                             initial=initial, where=where, name=f"{self.__name__}.reduce")
        extra = {"keepdims": keepdims, "initial": initial}
        if where is not True:
            extra["where"] = _mask(where, f"{self.__name__}.reduce")
        return self._reduction("reduce", array, (), axis, dtype, out, extra)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        """Running results of the op along ``axis`` (``add.accumulate`` is ``cumsum``).

        Examples
        --------
        >>> wnp.add.accumulate(wnp.asarray([1, 2, 3], dtype=wnp.uint8))
        Array([1, 3, 6], dtype=uint64)
        """
        core = _CUMULATIVE_CORE.get(self.__name__) if self._op is not None else None
        if core is not None:
            if axis is None:
                raise ValueError(f"{self.__name__}.accumulate: axis=None is not allowed (as "
                                 f"NumPy); pass an axis")
            return cumulative(core, array, axis=axis, dtype=dtype, out=out,
                              name=f"{self.__name__}.accumulate")
        return self._reduction("accumulate", array, (), axis, dtype, out, {})

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        """Reductions over the slices ``array[indices[i]:indices[i+1]]`` along ``axis``.

        Examples
        --------
        >>> wnp.add.reduceat(wnp.arange(8, dtype=wnp.int32), [0, 4, 1, 5])
        Array([ 6,  4, 10, 18], dtype=int64)
        """
        idx = indices._data if isinstance(indices, Array) else np.asarray(indices)
        return self._reduction("reduceat", array, (idx,), axis, dtype, out, {})

    def outer(self, A, B, /, **kwargs):
        """The op on every pair ``(a, b)``: result shape ``A.shape + B.shape``; takes the
        keywords of a call (``out=``, ``dtype=``, ...).

        Examples
        --------
        >>> wnp.multiply.outer(wnp.asarray([1, 2], dtype=wnp.int8), wnp.asarray([1, 2, 3]))
        Array([[1, 2, 3],
               [2, 4, 6]], dtype=int64)
        """
        name = f"{self.__name__}.outer"
        self._binary_only("outer")
        a, b = (x if isinstance(x, Array) or type(x) in (bool, int, float, complex)
                else _as_array(x, name) for x in (A, B))
        if isinstance(a, Array):
            b_ndim = b.ndim if isinstance(b, Array) else 0
            a = wrap(a._data.reshape(a.shape + (1,) * b_ndim), a.weak_type)
        return self(a, b, **kwargs)

    def at(self, a, indices, b=None, /):
        """In place: ``a[indices] = op(a[indices], b)``, repeated indices applied each time.

        The op must keep ``a``'s dtype and ``b`` is stored with the rule of ``x[i] = v``
        (a float into an int array is a ``TypeError``).

        Examples
        --------
        >>> a = wnp.asarray([1, 2, 3], dtype=wnp.int8)
        >>> wnp.add.at(a, [0, 0, 2], 1); a
        Array([3, 2, 4], dtype=int8)
        """
        name = f"{self.__name__}.at"
        if self.nout != 1 or self._op is None:
            raise TypeError(f"{name}: only supported for weaknp's one-output ufuncs")
        if (b is None) != (self.nin == 1):
            raise TypeError(f"{name}: {self.__name__} takes {self.nin} input(s): pass "
                            f"{'a and indices' if self.nin == 1 else 'a, indices and b'}")
        index = unwrap_key(indices)
        if isinstance(a, Array):
            data, node = a._data, a._node
        elif isinstance(a, np.ndarray) and a.dtype in STRONG_NODE:
            data, node = a, STRONG_NODE[a.dtype]
        else:
            raise TypeError(f"{name}: the first argument is written in place: pass a weaknp "
                            f"Array or a NumPy array, got {type(a).__name__}")
        dt = data.dtype
        empty = wrap(data.reshape(-1)[:0])
        got = (self(empty) if self.nin == 1 else self(empty, empty)).dtype
        if got != dt:
            raise TypeError(f"{name}: {self.__name__} turns {dtype_name(dt)} into "
                            f"{dtype_name(got)}, and at() writes in place; cast the array "
                            f"explicitly with astype() first")
        work = compute_dtype(dt)
        rest = ()
        if self.nin == 2:
            # an in-place operation, not a store: the join rule alone (decision 6)
            value = stored_value(name, data, node, b, lists=True, role=OPERAND)
            rest = (dtype_rules.cast(np.asarray(value), work),)
        if self._op.name == "pow" and dt in INTEGER:
            plans.check_pow(data, rest[0], name)   # int ** negative int: weaknp's ValueError
        try:
            if work == dt:
                self._op.ufunc.at(data, index, *rest)
            else:  # narrow floats: computed in float32 (as every weaknp op), written back
                tmp = dtype_rules.cast(data, work)
                self._op.ufunc.at(tmp, index, *rest)
                data[...] = dtype_rules.cast(tmp, dt)
        except (IndexError, ValueError) as e:
            raise numpy_error(name, e, "pass indices in -n..n-1 for an axis of size n and "
                              "values that broadcast to the selection") from None

    def resolve_dtypes(self, dtypes, *, signature=None, casting=None, reduction=False):
        """The dtypes weaknp computes in for operand dtypes ``dtypes`` (inputs, then
        ``None`` or a dtype per output): each input is given the joined dtype the op
        computes in, the output the dtype of the result.  The Python types ``int``,
        ``float``, ``complex`` stand for weak operands.

        Examples
        --------
        >>> wnp.add.resolve_dtypes((wnp.int8, wnp.uint8, None))
        (dtype('int16'), dtype('int16'), dtype('int16'))
        >>> wnp.sqrt.resolve_dtypes((wnp.int8, None))
        (dtype('int8'), dtype('float32'))
        """
        name = f"{self.__name__}.resolve_dtypes"
        if signature is not None or reduction:
            raise TypeError(f"{name}: signature= and reduction= are not supported")
        if len(dtypes) != self.nargs:
            raise TypeError(f"{name}: needs {self.nargs} dtypes ({self.nin} input(s) and "
                            f"{self.nout} output(s)), got {len(dtypes)}")
        ins = []
        for t in dtypes[:self.nin]:
            if t in (int, float, complex):
                ins.append(t(0))
            else:
                ins.append(wrap(np.empty((0,), resolve_dtype(t, name))))
        r = self(*ins)
        results = r if isinstance(r, tuple) else (r,)
        joined = join_nodes([operand(v)[1] for v in ins], name)[0] \
            if any(isinstance(v, Array) for v in ins) else results[0].dtype
        for t, res in zip(dtypes[self.nin:], results):
            if t is not None and resolve_dtype(t, name) != res.dtype:
                raise TypeError(f"{name}: the result is {dtype_name(res.dtype)}, not "
                                f"{dtype_name(resolve_dtype(t, name))}")
        return (joined,) * self.nin + tuple(res.dtype for res in results)


register_ufunc_type(ufunc)   # compiled: instances are called by vectorcall


# ---------------------------------------------------------------------------------------
# Helpers

def _as_array(x, name):
    if isinstance(x, Array):
        return x
    d, weak = to_ndarray(x, None, None, name)
    return wrap(d, weak)


def _array_like(x, name):
    """An operand for a function-backed ufunc: Arrays and Python scalars as they are."""
    if isinstance(x, Array) or type(x) in (bool, int, float, complex):
        return x
    return _as_array(x, name)


def _check_cast(src, dt, casting, name):
    if casting != "unsafe" and not np.can_cast(src, dt, casting):
        raise TypeError(f"{name}: cannot cast the {dtype_name(src)} operand to "
                        f"dtype={dtype_name(dt)} with casting={casting!r} (NumPy's rule); "
                        f"pass casting='unsafe' or cast it with astype() first")


def _cast_payload(payload, node, dt, casting, name):
    """``dtype=``: an array operand cast to ``dt`` (a Python scalar stays weak)."""
    if type(payload) is not np.ndarray:
        return payload, node
    _check_cast(payload.dtype, dt, casting, name)
    return dtype_rules.cast(payload, dt), STRONG_NODE[dt]


#: The dtype NumPy's casting check reads for a Python scalar of each type.
_SCALAR_DTYPES = {bool: np.dtype(bool), int: np.dtype(np.int64), float: np.dtype(np.float64),
                  complex: np.dtype(np.complex128)}


def _scalar_in(value, dt, casting, name):
    """``dtype=`` when every operand is a Python scalar: each becomes a strong ``dt`` array,
    as NumPy computes ``np.power(100, 9, dtype=np.int32)`` in int32 (after its casting
    check; an int out of ``dt``'s range raises ``OverflowError``, as in NumPy)."""
    _check_cast(_SCALAR_DTYPES.get(type(value), np.dtype(np.float64)), dt, casting, name)
    if casting == "unsafe":
        return dtype_rules.cast(np.asarray(value), dt), STRONG_NODE[dt]
    return scalars.as_ndarray(value, dt, name), STRONG_NODE[dt]


def _cast_operand(v, dt, casting, name):
    if not isinstance(v, Array):
        return v
    _check_cast(v.dtype, dt, casting, name)
    return wrap(dtype_rules.cast(v._data, dt))


def _out_tuple(out, nout, name):
    """``out=`` as a tuple of ``nout`` entries, or None when no output array is given."""
    if out is _NO or out is None:
        return None
    outs = out if isinstance(out, tuple) else (out,)
    if len(outs) != nout:
        raise ValueError(f"{name}: {nout} output(s) but {len(outs)} out= array(s)")
    if all(o is None for o in outs):
        return None
    for o in outs:
        if o is not None and not isinstance(o, (Array, np.ndarray)):
            raise TypeError(f"{name}: out= must be a weaknp Array or a NumPy array, got "
                            f"{type(o).__name__}")
    return outs


def _mask(where, name):
    if where is True:
        return True
    m = where._data if isinstance(where, Array) else np.asarray(where)
    if m.dtype != bool_:
        raise TypeError(f"{name}: where= must be a bool array, got {dtype_name(m.dtype)}; "
                        f"compare it (e.g. x > 0) or cast with astype(bool)")
    return m


def _deliver(result, outs, mask, name, casting):
    """Write ``result`` into ``outs`` with the store rule; every check before any write."""
    leaves = result if isinstance(result, tuple) else (result,)
    if len(outs) != len(leaves):
        raise ValueError(f"{name}: {len(leaves)} result(s) but {len(outs)} out= array(s)")
    writes = []
    for r, o in zip(leaves, outs):
        if o is None:
            continue
        target, node = (o._data, o._node) if isinstance(o, Array) else \
            (o, STRONG_NODE.get(o.dtype))
        if node is None:
            raise TypeError(f"{name}: out= has dtype {o.dtype}, which weaknp does not support")
        data = r._data
        try:
            fits = np.broadcast_shapes(data.shape, target.shape) == target.shape
        except ValueError:
            fits = False
        if not fits:
            raise ValueError(f"{name}: a result of shape {data.shape} does not fit out= of "
                             f"shape {target.shape}")
        if mask is not True:
            try:
                np.broadcast_shapes(mask.shape, target.shape)
            except ValueError:
                raise ValueError(f"{name}: where= of shape {mask.shape} does not broadcast "
                                 f"to out= of shape {target.shape}") from None
        if casting == "unsafe":
            value = dtype_rules.cast(data, target.dtype)
        else:
            if casting != "same_kind" and not np.can_cast(data.dtype, target.dtype, casting):
                raise TypeError(f"{name}: cannot write the {dtype_name(data.dtype)} result "
                                f"into out= of dtype {dtype_name(target.dtype)} with "
                                f"casting={casting!r}")
            # NumPy differs: it casts into out= with casting='same_kind' whatever the join;
            # weaknp applies the rule of x[i] = v, downward across kinds refused as
            # 'same_kind' says (decision 31).  Decision 70.
            value = stored_value(name, target, node, r, across=False)
        writes.append((target, value, o, r._node))
    for target, value, _o, _rnode in writes:
        # out= is a store, like out[...] = result: out keeps its dtype and its own weak
        # flag (one rule with the functions' out=, _reduce.deliver)
        if mask is True:
            target[...] = value
        else:
            np.copyto(target, value, where=mask)
    done = tuple(r if o is None else o for r, o in zip(leaves, outs))
    return done if isinstance(result, tuple) else done[0]
