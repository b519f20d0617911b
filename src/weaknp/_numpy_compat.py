"""NumPy-only functions (beyond the Array API) with weaknp's promotion (filled in by its owner).

Layer 5b: may import the standard's section modules (layer 5), never the other way round.
"""

__all__: list[str] = []


def _missing_attribute(name: str):
    raise AttributeError(f"module 'weaknp' has no attribute {name!r}")
