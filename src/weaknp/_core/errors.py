"""Exceptions weaknp raises and the helpers that word their messages.

Why a ``DTypePromotionError`` subclass: code written against NumPy already catches
``numpy.exceptions.DTypePromotionError`` (itself a ``TypeError``) for "these dtypes do not
combine"; JAX raises a ``ValueError`` subclass instead.  We keep NumPy's exception hierarchy
so ``except TypeError`` keeps working, and say what to do in every message.
"""

from __future__ import annotations

from numpy.exceptions import DTypePromotionError

__all__ = ["TypePromotionError", "LatticeError", "promotion_message", "describe", "a_dtype",
           "unsupported_argument", "numpy_error"]


class TypePromotionError(DTypePromotionError):
    """No implicit promotion exists between the given dtypes in the current promotion mode."""


class LatticeError(ValueError):
    """A promotion lattice is malformed (cycle, ambiguous join, unknown node)."""


def a_dtype(dtype_name: str) -> str:
    """``an int8`` / ``a uint8`` / ``a float32``: the dtype name with its article."""
    return f"an {dtype_name}" if dtype_name.startswith("int") else f"a {dtype_name}"


def describe(dtype_name: str, weak: bool) -> str:
    """``int8`` or ``weak float`` style wording for messages."""
    if weak:
        kind = ("complex" if dtype_name.startswith("complex") else
                "float" if "float" in dtype_name else "int")
        return f"weak {kind}"
    return dtype_name


def promotion_message(function: str, described: list[str], mode: str, *,
                      island: str | None = None) -> str:
    """The message for a pair (or set) of operands that have no join."""
    operands = " and ".join(sorted(set(described)))
    msg = (f"{function}: no implicit dtype promotion between {operands} "
           f"in promotion mode {mode!r}")
    if island is not None:
        msg += (f"; {island} never promote implicitly, to avoid unintended loss of range or "
                f"precision: cast explicitly with astype(), e.g. x.astype('float32')")
    else:
        msg += "; cast explicitly with astype() to the dtype you want"
        if mode != "standard":
            msg += " or use wnp.promotion_mode('standard')"
    return msg


def unsupported_argument(function: str, name: str, fix: str = "") -> TypeError:
    """The error for a NumPy keyword weaknp does not implement (``out=``, ``where=``, ...).

    ``raise unsupported_argument("cumsum", "out", "assign the result instead")``.
    """
    msg = f"{function}: the {name}= argument is not supported by weaknp"
    if fix:
        msg += f"; {fix}"
    return TypeError(msg)


def numpy_error(function: str, exc: Exception, fix: str) -> Exception:
    """NumPy's exception ``exc`` in weaknp's words: the same type (``AxisError`` stays an
    ``AxisError``), the function's name first and what to do last."""
    text = str(exc).strip().rstrip(".")
    if text.startswith(f"{function}: "):
        text = text[len(function) + 2:]
    return type(exc)(f"{function}: {text}; {fix}")
