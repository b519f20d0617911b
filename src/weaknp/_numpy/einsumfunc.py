"""NumPy's Einstein summation (``numpy._core.einsumfunc``): ``einsum`` and ``einsum_path``.

``einsum`` takes the lattice join of its operands and keeps its weak flag, like ``@``
(``dtype=`` gives a strong result of that dtype); ml_dtypes types compute in float32.
"""

from __future__ import annotations

import numpy as np

from .._core import narrow
from .._core.promotion import resolve_dtype
from .._fast.dispatch import wrap
from .._array.array import Array
from .._array.operands import array_likes
from .._core.dtype_rules import compute_dtype
from .._array.stored import deliver

__all__ = ["einsum", "einsum_path"]


def einsum(*operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    """Einstein summation: ``einsum('ij,jk->ik', a, b)`` or NumPy's operand-list form
    ``einsum(a, [0, 1], b, [1, 2], [0, 2])``.  Promotion: the lattice join of the
    operands (``dtype=`` gives a strong result of that dtype); ``optimize=`` passes
    through to NumPy."""
    if not operands:
        raise TypeError("einsum: pass the subscripts and the operands")
    if isinstance(operands[0], str):
        spec, arrays = operands[:1], list(operands[1:])
        rebuild = lambda xs: [*spec, *xs]  # noqa: E731
    else:  # operand-list form: arrays at even places, their sublists after each
        arrays = list(operands[0::2][:len(operands) // 2])
        subs = list(operands[1::2])
        tail = [operands[-1]] if len(operands) % 2 else []

        def rebuild(xs):
            return [v for pair in zip(xs, subs) for v in pair] + tail
    datas, dt, weak = array_likes("einsum", arrays)
    target = resolve_dtype(dtype, "einsum")
    if target is not None:
        dt, weak = target, False
    work = compute_dtype(dt)
    if len(datas) == 2 and not optimize and dt in narrow.NARROW and _is_vecdot(
            operands[0], datas) and datas[0].dtype == dt == datas[1].dtype:
        # einsum's float32 sums over the narrow input (no float32 copies): the same bits
        r = narrow.vecdot(*datas)
        if r is not None:
            return deliver(wrap(narrow.rounded(r, dt), weak), out, "einsum")
    with np.errstate(over="ignore", invalid="ignore"):
        # a narrow operand of the result's type widens by the compiled core's loops, and
        # the float32 result rounds back by them (the bits of the casts, not ml_dtypes' loops)
        r = np.einsum(*rebuild([narrow.in_work(x, work) for x in datas]), optimize=optimize)
    return deliver(wrap(narrow.rounded(np.asarray(r), dt), weak), out, "einsum")


def _is_vecdot(spec, datas) -> bool:
    """Whether ``spec`` sums the products of two operands of one shape over their last
    axis ("ij,ij->i", "i,i->"; "...i,...i->..." broadcasting the rest): the loop of
    ``narrow.vecdot``."""
    if not isinstance(spec, str) or "->" not in spec:
        return False
    ins, res = spec.replace(" ", "").split("->")
    parts = ins.split(",")
    if len(parts) != 2 or parts[0] != parts[1] or not parts[0]:
        return False
    sub = parts[0]
    if sub.startswith("..."):
        return res == "..." and len(sub) == 4 and sub[3].isalpha()
    return (sub.isalpha() and len(set(sub)) == len(sub) and res == sub[:-1]
            and datas[0].shape == datas[1].shape and datas[0].ndim == len(sub))


def einsum_path(subscripts, *operands, optimize="greedy", einsum_call=False):
    """NumPy's contraction order for ``einsum`` (a list and a report string)."""
    raw = [x._data if isinstance(x, Array) else x for x in operands]
    return np.einsum_path(subscripts, *raw, optimize=optimize, einsum_call=einsum_call)
