"""NumPy-compatible functions beyond the Array API: misc (see the module's owner notes).

Layer 5b: may import the standard's section modules (layer 5) and anything below.
"""

from __future__ import annotations

__all__: list[str] = []
