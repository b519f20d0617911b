"""Behaviour knobs (the promotion mode) held in a ContextVar, thread- and async-safe.

``promotion_mode(mode)`` is both a context manager and a decorator.  The process-wide
default comes from the ``WEAKNP_PROMOTION`` environment variable, validated at import.
The value stored is either a mode name or a lattice object; resolving it to a join table
is the lattice layer's job (this layer knows only which names exist).
"""

from __future__ import annotations

import contextvars
import functools
import os
import weakref

__all__ = ["MODES", "ENV_VAR", "PURE_PYTHON_ENV_VAR", "VERSION", "promotion_mode",
           "get_mode", "validate_mode", "pure_python"]

#: weaknp's version (``weaknp.__version__``; the same as pyproject.toml's, a test checks).
#: Here, at the bottom, so that ``show_config`` and the command line can name it.
VERSION = "0.1.0"

#: Built-in promotion modes (the lattice layer defines one lattice per name; a test checks
#: both lists agree).  ``standard`` is JAX's x64 lattice; ``strict`` is JAX's
#: ``jax_numpy_dtype_promotion='strict'``; ``jax-x32`` JAX's default x64-off mode;
#: ``array-api`` only the standard's promotions; ``option-1``..``option-3`` the JAX design
#: notebook's partial lattices.  Aliases map to the same lattices.
MODES = ("standard", "strict", "jax-x32", "array-api", "option-1", "option-2", "option-3")
ALIASES = {"jax": "standard", "jax-strict": "strict", "x32": "jax-x32", "array_api": "array-api"}
ENV_VAR = "WEAKNP_PROMOTION"
#: Set to 1 to run the dispatch core's Python source instead of its compiled build.
PURE_PYTHON_ENV_VAR = "WEAKNP_PURE_PYTHON"


def pure_python() -> bool:
    """True when ``WEAKNP_PURE_PYTHON`` asks for the pure-Python dispatch core."""
    return os.environ.get(PURE_PYTHON_ENV_VAR, "") not in ("", "0")


#: Lattices by content; weak, so a lattice no cache or caller holds any more is freed (the
#: kernel keeps caches for a few lattice modes only: ``_core.entries.MAX_LATTICE_CACHES``).
_INTERNED: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


def validate_mode(mode, *, source: str = "promotion_mode"):
    """Return the canonical mode (a name, or a lattice object); raise a clear error otherwise."""
    if isinstance(mode, str):
        name = ALIASES.get(mode, mode)
        if name in MODES:
            return name
        known = ", ".join(repr(m) for m in (*MODES, *ALIASES))
        raise ValueError(f"{source}: unknown promotion mode {mode!r}; use one of {known}")
    if getattr(mode, "_is_weaknp_lattice", False):
        # The kernel keeps its per-operation caches per mode object; lattices equal in
        # content share one object, so `with promotion_mode(Lattice(...))` in a loop does
        # not add a set of caches per iteration.
        return _INTERNED.setdefault(mode._cache_key, mode)
    raise TypeError(f"{source}: a promotion mode is a name or a weaknp.Lattice, "
                    f"got {type(mode).__name__}")


def _initial_mode():
    raw = os.environ.get(ENV_VAR)
    if raw is None or raw == "":
        return "standard"
    return validate_mode(raw, source=f"environment variable {ENV_VAR}")


_MODE: contextvars.ContextVar = contextvars.ContextVar(
    "weaknp_promotion_mode", default=_initial_mode())
#: The current mode (a name or a lattice object); one C call on the hot path.
get_mode = _MODE.get
#: The modes ``promotion_mode.__exit__`` restores, per thread and task: a linked stack
#: ``(outer, previous mode)``, ``None`` when empty.
_SAVED: contextvars.ContextVar = contextvars.ContextVar("weaknp_saved_modes", default=None)


class promotion_mode:
    """Set the promotion mode for a ``with`` block or a decorated function.

    Parameters
    ----------
    mode : str or weaknp.Lattice
        ``"standard"``/``"jax"`` (JAX's default lattice, x64), ``"strict"`` (only weak
        values promote), ``"jax-x32"``, ``"array-api"``, ``"option-1"``..``"option-3"``,
        or a ``weaknp.Lattice``.  The setting is per thread and per asyncio task (a
        ``ContextVar``); one ``promotion_mode`` object may be shared by any number of
        threads and tasks, and nested: each ``with`` restores what its own thread or task
        had before.

    Examples
    --------
    >>> import weaknp as wnp
    >>> x = wnp.asarray([1, 2], dtype=wnp.int8)
    >>> with wnp.promotion_mode("strict"):
    ...     (x + 1).dtype
    dtype('int8')
    """

    # The object holds no state of its own: the modes to restore live in a ContextVar,
    # so one promotion_mode object may be shared by threads and asyncio tasks (and nested)
    # and each ``with`` restores what its own thread or task had.  (ContextVar tokens
    # would tie the object to the context that entered it.)
    __slots__ = ("mode",)

    def __init__(self, mode):
        self.mode = validate_mode(mode)

    def __enter__(self):
        _SAVED.set((_SAVED.get(), _MODE.get()))
        _MODE.set(self.mode)
        return self

    def __exit__(self, *exc):
        outer, previous = _SAVED.get()
        _SAVED.set(outer)
        _MODE.set(previous)
        return False

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        return wrapper

    def __repr__(self):
        return f"promotion_mode({self.mode!r})"
