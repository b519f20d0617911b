"""A weak array behaves exactly like the Python scalar it holds.

For every binary op-table function, every strong dtype and adversarial Python numbers
(in and out of each dtype's range, beyond float32/float64, inf, NaN, -0.0):
``fn(x, s)``, ``fn(x, asarray(s))`` (a weak 0-d array) and ``fn(x, w)`` with ``w`` a weak
n-d array full of ``s`` give the same outcome -- the same exception type, or the same
dtype, weak flag and bytes (the n-d result equal to the 0-d one broadcast); the same with
the scalar first.  Likewise ``where``, ``clip``, ``searchsorted`` and the in-place
operators.  (weaknp's rule, decision 40 in docs/decisions.md: a weak n-d array is
checked element by element like the Python scalars it holds -- never wrapped.)
"""

from __future__ import annotations

import operator
import warnings

import numpy as np
import pytest
from support import cast_warnings_are_errors, no_cast_warnings, outcome  # noqa: F401

import weaknp as wnp
from weaknp._core import dtypes as D
from weaknp._core.ops import ALL_OPS

SCALARS = [0, 1, -1, 127, 128, -129, 255, 256, -32769, 65536, 2 ** 31, -2 ** 31 - 1,
           2 ** 63 - 1, -2 ** 63, 0.5, -0.0, 1e10, 1e39, -1e300, float("inf"), float("nan"),
           1 + 1j, 1e300 - 1e39j]


def _strong(dt):
    vals = [1, 0] if dt != D.bool_ else [True, False]
    if dt in D.INTEGER and D.INT_BOUNDS[dt][1] < 1:
        vals = [-1, 0]
    return wnp.Array._new(np.asarray(vals).astype(dt), False)


def _weak_nd(s):
    w = wnp.asarray(s)
    return wnp.Array._new(np.full((2,), w._data[()], dtype=w.dtype), True)


def _as_nd(o, shape=(2,)):
    """The outcome a 0-d-broadcast result would have at ``shape``."""
    if o[0] != "ok" or o[3] == shape:
        return o
    dt = D.to_dtype(o[1])
    one = np.frombuffer(o[4], dtype=dt).reshape(o[3])
    return ("ok", o[1], o[2], shape, np.broadcast_to(one, shape).tobytes())


def _shown(o):
    """An outcome in full for a failure message: the result's bytes in hex."""
    return o[:4] + (o[4].hex(" "),) if o[0] == "ok" else o


def _compare(label, fn, args_scalar, args_0d, args_nd, bad):
    want = outcome(fn, *args_scalar)
    got0 = outcome(fn, *args_0d)
    gotn = outcome(fn, *args_nd)
    if got0 != want:
        bad.append(f"{label}: weak 0-d array {_shown(got0)} vs Python scalar {_shown(want)}")
    if gotn != _as_nd(want):
        bad.append(f"{label}: weak n-d array {_shown(gotn)} vs Python scalar "
                   f"{_shown(_as_nd(want))}")


@pytest.mark.parametrize("op", [op for op in ALL_OPS if op.arity == 2], ids=lambda o: o.name)
def test_weak_arrays_are_their_python_scalars(op):
    fn = getattr(wnp, op.name)
    bad = []
    n = 0
    with warnings.catch_warnings():
        cast_warnings_are_errors()
        for dt in D.ALL_DTYPES:
            x = _strong(dt)
            for s in SCALARS:
                if op.name in ("fmax", "fmin") and s == 0:
                    # NumPy's loops return either zero of fmax(-0.0, 0.0), depending on
                    # the memory layout (scalar or array operand): not weaknp's choice
                    continue
                w0, wn = wnp.asarray(s), _weak_nd(s)
                label = f"{op.name}({D.dtype_name(dt)}, {s!r})"
                _compare(label, fn, (x, s), (x, w0), (x, wn), bad)
                _compare(f"{op.name}({s!r}, {D.dtype_name(dt)})", fn, (s, x), (w0, x), (wn, x),
                         bad)
                n += 6
    assert n > 1000
    assert not bad, f"{len(bad)} of {n} cases differ:\n" + "\n".join(bad)


def test_where_clip_searchsorted_and_in_place_take_weak_arrays_as_scalars():
    bad = []
    cond = wnp.asarray([True, False])
    with warnings.catch_warnings():
        cast_warnings_are_errors()
        for dt in D.ALL_DTYPES:
            x = _strong(dt)
            for s in SCALARS:
                w0, wn = wnp.asarray(s), _weak_nd(s)
                name = D.dtype_name(dt)
                _compare(f"where(c, {name}, {s!r})", wnp.where, (cond, x, s), (cond, x, w0),
                         (cond, x, wn), bad)
                _compare(f"clip({name}, {s!r})", lambda a, b: wnp.clip(a, b, None),
                         (x, s), (x, w0), (x, wn), bad)
                _compare(f"clip({name}, max={s!r})", lambda a, b: wnp.clip(a, None, b),
                         (x, s), (x, w0), (x, wn), bad)
                if x.dtype not in D.COMPLEX:
                    srt = wnp.sort(x)
                    _compare(f"searchsorted({name}, {s!r})", wnp.searchsorted,
                             (srt, s), (srt, w0), (srt, wn), bad)
                for iop in (operator.iadd, operator.imul, operator.isub):
                    def run(b, _iop=iop, _x=x):
                        y = wnp.Array._new(_x._data.copy(), False)
                        before = y._data.tobytes()
                        try:
                            return _iop(y, b)
                        except Exception:
                            assert y._data.tobytes() == before, "a failed in-place op wrote"
                            raise
                    _compare(f"{iop.__name__}({name}, {s!r})", run, (s,), (w0,), (wn,), bad)
    assert not bad, f"{len(bad)} cases differ:\n" + "\n".join(bad)
