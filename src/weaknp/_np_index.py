"""NumPy-compatible functions beyond the Array API: index (see the module's owner notes).

Layer 5b: may import the standard's section modules (layer 5) and anything below.

Empty on purpose: NumPy's indexing, searching, set and in-place functions live in
``_np_select`` and the index tricks (``mgrid``, ``r_``, ...) in ``_np_manip``; every name is
defined in exactly one module (see ``notes/np_index.md``).
"""

from __future__ import annotations

__all__: list[str] = []
