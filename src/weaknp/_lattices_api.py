"""Lattices as user objects: ``Lattice`` (re-exported) and ``implicit_cast``.

``Lattice`` itself lives in the lattice layer (the engine every operation reads); this
module adds what needs arrays: converting operands to their joined dtype.
"""

from __future__ import annotations

from . import _kernel as K
from ._dispatch import operand, wrap
from ._lattice import Lattice
from ._promotion import join_nodes

__all__ = ["Lattice", "implicit_cast"]


def implicit_cast(*args):
    """Convert arrays and scalars to their joined dtype on the current lattice.

    The helper MAX's design names ``implicit_cast`` (JAX has it internally as
    ``promote_args``): every operand comes back as an ``Array`` of the join's dtype.

    Parameters
    ----------
    *args : Array, ndarray, NumPy scalar or Python scalar
        At least one operand.

    Returns
    -------
    tuple of Array
        One array per operand, all of the same dtype.

    Notes
    -----
    Promotion: the weak flag of every result is the join's: ``implicit_cast(x_int8, 2)``
    gives two strong int8 arrays, ``implicit_cast(1, 2.0)`` two weak float64 0-d arrays.
    A Python int that does not fit raises ``OverflowError``; operands with no join raise
    ``TypePromotionError``.

    Examples
    --------
    >>> import weaknp as wnp
    >>> a, b = wnp.implicit_cast(wnp.asarray([1, 2], dtype=wnp.int8), 3)
    >>> b
    Array(3, dtype=int8)
    >>> [x.dtype.name for x in wnp.implicit_cast(wnp.asarray([1], dtype=wnp.uint8),
    ...                                          wnp.asarray([1], dtype=wnp.int8))]
    ['int16', 'int16']
    """
    if not args:
        raise TypeError("implicit_cast: give at least one array or scalar")
    ops = []
    for i, a in enumerate(args):
        o = operand(a)
        if o is None:
            raise TypeError(f"implicit_cast: argument {i} has unsupported type "
                            f"{type(a).__name__}; pass arrays or Python/NumPy scalars")
        ops.append(o)
    dt, weak = join_nodes([n for _, n in ops], "implicit_cast")
    return tuple(wrap(K.as_ndarray(payload, dt, "implicit_cast", n), weak) for payload, n in ops)
