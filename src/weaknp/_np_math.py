"""NumPy-compatible math beyond the Array API: a placeholder; the functions live in
``_np_products``.

Layer 5b.  NumPy's products (``dot``, ``einsum``, ``kron``...), calculus-like functions
(``gradient``, ``interp``, ``trapezoid``, ``unwrap``...) and polynomials (``poly*``,
``roots``) were delivered in ``_np_products`` before this module existed; defining them
twice would let two copies drift, so this module adds nothing (``notes/np_math.md``).
"""

from __future__ import annotations

__all__: list[str] = []
