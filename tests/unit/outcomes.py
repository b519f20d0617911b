"""What a call does, for tests that compare spellings of one operation
(test_equivalence, test_weak_scalars): ``outcome`` and the check that casts weaknp makes
itself stay quiet.  A test module imports ``outcome``, ``cast_warnings_are_errors`` and the
autouse fixture ``no_cast_warnings``."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import weaknp as wnp
from weaknp._core import dtypes as D

CAST_WARNINGS: list = []


def _label(v):
    if isinstance(v, wnp.Array):
        return f"{'weak ' if v.weak_type else ''}{D.dtype_name(v.dtype)}{list(v.shape)}"
    return repr(v)


@pytest.fixture(autouse=True)
def no_cast_warnings():
    CAST_WARNINGS.clear()
    yield
    assert not CAST_WARNINGS, "casts weaknp made warned:\n" + "\n".join(CAST_WARNINGS[:20])


def cast_warnings_are_errors():
    """NumPy's warnings about the computation (1 / 0) are NumPy's; a warning about a cast
    is about a cast weaknp made itself, which must be quiet: an error here."""
    warnings.simplefilter("ignore", RuntimeWarning)
    warnings.filterwarnings("error", message=".*encountered in cast")
    warnings.filterwarnings("error", category=np.exceptions.ComplexWarning)


def outcome(f, *args):
    """What a call does: ``("ok", dtype, weak, shape, bytes)``, ``("raise", type)`` or
    ``("type", type, repr)`` for a result that is not an Array."""
    try:
        r = f(*args)
    except Warning as e:   # a cast warning (see cast_warnings_are_errors)
        CAST_WARNINGS.append(f"{getattr(f, '__name__', f)}{tuple(map(_label, args))}: {e}")
        return ("raise", type(e).__name__)
    except Exception as e:  # noqa: BLE001 - the exception type is the outcome
        return ("raise", type(e).__name__)
    if not isinstance(r, wnp.Array):
        return ("type", type(r).__name__, repr(r))
    d = r._data
    return ("ok", D.dtype_name(d.dtype), r.weak_type, d.shape, d.tobytes())
