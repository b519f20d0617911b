"""_linear_algebra (filled in by its owner)."""

__all__: list[str] = []
