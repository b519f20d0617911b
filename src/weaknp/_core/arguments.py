"""The checks of arguments many functions share: axes, and ddof/correction.

One body each, so every function words the same mistake the same way: a bad axis raises
NumPy's ``AxisError`` (a ``ValueError`` and an ``IndexError``), a repeated axis a
``ValueError``, disagreeing ``ddof``/``correction`` a ``ValueError``.
"""

from __future__ import annotations

import operator

import numpy as np

__all__ = ["axes", "one_axis", "ddof_of"]

#: NumPy's "argument not given" marker (``correction=`` ...).
_NOVALUE = np._NoValue


def axes(axis, ndim: int, function: str):
    """``axis`` as a tuple of non-negative ints (None stays None), checked as NumPy does:
    bools and non-integers are refused (``TypeError``), an axis out of range raises
    ``AxisError``, a repeated axis ``ValueError``.

    >>> from weaknp._core.arguments import axes
    >>> axes((-1, 0), 3, "sum")
    (2, 0)
    >>> axes(3, 3, "flip")
    Traceback (most recent call last):
        ...
    numpy.exceptions.AxisError: flip: axis 3 is out of bounds for an array of 3 dimensions; ...
    """
    if axis is None:
        return None
    t = axis if isinstance(axis, tuple) else (axis,)
    out = []
    for a in t:
        if isinstance(a, (bool, np.bool_)) or not hasattr(a, "__index__"):
            raise TypeError(f"{function}: axis must be an int or a tuple of ints, got "
                            f"{type(a).__name__} {a!r}")
        a = operator.index(a)
        if not -ndim <= a < ndim:
            raise np.exceptions.AxisError(
                f"{function}: axis {a} is out of bounds for an array of {ndim} dimensions; "
                f"pass an axis in {-ndim}..{ndim - 1}")
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{function}: axis {axis!r} names an axis twice; pass each axis once")
    return tuple(out)


def one_axis(axis, ndim: int, function: str):
    """``axis`` of a function taking a single axis (``argmax``, ``unstack``): a
    non-negative int, or None; a tuple of axes is refused (``TypeError``)."""
    ax = axes(axis, ndim, function)
    if ax is not None and len(ax) != 1:
        raise TypeError(f"{function}: axis must be one int, got {axis!r}")
    return None if ax is None else ax[0]


def ddof_of(function: str, ddof, correction):
    """The degrees-of-freedom correction of ``var``/``std`` and their NaN forms from
    NumPy's ``ddof`` and the standard's ``correction`` (the same parameter): either, or both
    when they agree.

    >>> from weaknp._core.arguments import ddof_of
    >>> ddof_of("var", 0, 1)
    1
    """
    if correction is _NOVALUE:
        return ddof
    if ddof != 0 and ddof != correction:
        raise ValueError(f"{function}: ddof={ddof!r} and correction={correction!r} disagree; "
                         f"pass only one of them (they are the same parameter)")
    return correction
