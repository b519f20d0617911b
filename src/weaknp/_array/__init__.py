"""The ``Array`` object: storage, methods, conversion of array-likes, the store rule,
operands of functions, NumPy interop.

``weaknp._array._reconstruct`` is the name pickles of weaknp arrays hold (it was a module
attribute before this package existed): resolved here on first use.
"""


def __getattr__(name):
    if name == "_reconstruct":
        from .array import _reconstruct  # noqa: PLC0415 - pickles name this module
        return _reconstruct
    raise AttributeError(f"module 'weaknp._array' has no attribute {name!r}")
