"""_fft (filled in by its owner)."""

__all__: list[str] = []
