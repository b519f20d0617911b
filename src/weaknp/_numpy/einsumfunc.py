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
    if not optimize and dt in narrow.NARROW and all(x.dtype == dt for x in datas):
        # einsum's float32 sums over the narrow input (no float32 copies): the same bits
        r = _narrow(operands[0], datas)
        if r is not None:
            return deliver(wrap(narrow.rounded(r, dt), weak), out, "einsum")
    with np.errstate(over="ignore", invalid="ignore"):
        # a narrow operand of the result's type widens by the compiled core's loops, and
        # the float32 result rounds back by them (the bits of the casts, not ml_dtypes' loops)
        r = np.einsum(*rebuild([narrow.in_work(x, work) for x in datas]), optimize=optimize)
    return deliver(wrap(narrow.rounded(np.asarray(r), dt), weak), out, "einsum")


def _narrow(spec, datas):
    """einsum's float32 result of the narrow ``datas`` (one dtype) computed over the
    narrow input, or None where einsum runs on float32 copies: two operands summing
    their products over the last axis (``narrow.vecdot``: "ij,ij->i", "i,i",
    "...i,...i->...", and one operand a vector broadcast over the other's rows,
    "ij,j->i"); one operand summing
    its leading axes (``narrow.einsum_sum``: "ij->j", "ijk->jk")."""
    if not isinstance(spec, str):
        return None
    spec = spec.replace(" ", "")
    c = spec[3:4]
    if len(datas) == 2 and c.isalpha() and spec == f"...{c},...{c}->...":
        return narrow.vecdot(*datas)   # the batch axes broadcast (or None)
    ins, res = _parsed(spec)
    if ins is None:
        return None
    if len(ins) == 2 and _is_vecdot(ins, res, datas):
        return narrow.vecdot(*datas)
    if (len(ins) == 1 and ins[0].endswith(res) and res and len(ins[0]) > len(res)
            and datas[0].ndim == len(ins[0])):
        return narrow.einsum_sum(datas[0], len(ins[0]) - len(res))
    return None


def _parsed(spec):
    """``(input subscripts, result subscripts)`` of an explicit or implicit ``spec`` of
    letters, each letter at most once per operand; ``(None, None)`` for others
    (ellipses, repeated letters: einsum's own loops); ``spec`` without spaces."""
    ins, arrow, res = spec.partition("->")
    parts = ins.split(",")
    if not all(p.isalpha() and len(set(p)) == len(p) for p in parts):
        return None, None
    if not arrow:   # implicit: the letters met once, in alphabetical order
        res = "".join(sorted(c for c in set(ins) if ins.count(c) == 1 and c.isalpha()))
    elif not (res == "" or (res.isalpha() and len(set(res)) == len(res))):
        return None, None
    return parts, res


def _is_vecdot(ins, res, datas) -> bool:
    """Whether the two operands' subscripts sum their products over the last axis, which
    the result drops: both of one shape ("ij,ij->i", "i,i->"), or one of them a vector of
    the other's last axis broadcast over its rows ("ij,j->i", "j,ij->i"): the loop of
    ``narrow.vecdot``."""
    full, vec = (ins[0], ins[1]) if len(ins[0]) >= len(ins[1]) else (ins[1], ins[0])
    a, b = (datas[0], datas[1]) if full is ins[0] else (datas[1], datas[0])
    if a.ndim != len(full) or b.ndim != len(vec) or res != full[:-1]:
        return False
    if vec == full:
        return a.shape == b.shape
    return vec == full[-1] and b.shape == a.shape[-1:]


def einsum_path(subscripts, *operands, optimize="greedy", einsum_call=False):
    """NumPy's contraction order for ``einsum`` (a list and a report string)."""
    raw = [x._data if isinstance(x, Array) else x for x in operands]
    return np.einsum_path(subscripts, *raw, optimize=optimize, einsum_call=einsum_call)
