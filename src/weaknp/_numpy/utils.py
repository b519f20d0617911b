"""The build report (NumPy's ``show_config``, beside ``numpy/lib/_utils_impl.py``'s
``show_runtime``): which dispatch core runs, and the versions weaknp was built with.
"""

from __future__ import annotations

import os
import platform
import re
import sys

import numpy as np

from .._core import config as _config
from .._fast import dispatch as _dispatch

__all__ = ["show_config"]


#: How to get the compiled dispatch core where the pure-Python one runs.
COMPILED_HOWTO = (
    "install a C compiler and Python's headers (Debian/Ubuntu: apt install build-essential "
    "python3-dev), then reinstall weaknp from its source, e.g. in its checkout: pip install "
    "--force-reinstall --no-deps --no-cache-dir -v . (-v shows the build's messages, which "
    "pip otherwise hides), or build it in place there: tools/build_inplace.sh PYTHON")


def _cython_version(path: str) -> str | None:
    """The Cython release the compiled core was built with: the name of Cython's shared
    ABI module (``_cython_3_1_2``) is written into every module it compiles."""
    try:
        with open(path, "rb") as fh:
            found = re.search(rb"_cython_(\d+)_(\d+)_(\d+)", fh.read())
    except OSError:
        return None
    return ".".join(p.decode() for p in found.groups()) if found else None


def build_info() -> dict:
    """weaknp's build: which dispatch core runs and why, and the versions around it."""
    path = _dispatch.__file__
    compiled = _dispatch.COMPILED
    info = {"version": _config.VERSION,
            "core": "compiled" if compiled else "pure-Python",
            "core module": path}
    if compiled:
        info["Cython"] = _cython_version(path) or "unknown"
    else:
        here = os.path.dirname(path)
        beside = [f for f in os.listdir(here) if f.startswith("dispatch.") and
                  f.endswith((".so", ".pyd"))]
        if beside:
            info["why"] = (f"{_config.PURE_PYTHON_ENV_VAR} was set when weaknp was imported "
                           f"(the compiled core {beside[0]} is installed)")
            info["compiled core"] = f"unset {_config.PURE_PYTHON_ENV_VAR}"
        else:
            info["why"] = "the compiled core was not built when weaknp was installed"
            info["compiled core"] = COMPILED_HOWTO
    import ml_dtypes  # noqa: PLC0415 - its version only; weaknp imports it anyway

    info["numpy"] = np.__version__
    info["ml_dtypes"] = ml_dtypes.__version__
    info["python"] = f"{platform.python_version()} ({platform.python_implementation()}, " \
                     f"{sys.executable})"
    simd = np.show_config(mode="dicts").get("SIMD Extensions", {})
    # NumPy's baseline (always used) and the dispatched targets this CPU has ("found")
    info["CPU features (NumPy)"] = [*simd.get("baseline", []), *simd.get("found", [])]
    return info


def show_config(mode="stdout"):
    """Print weaknp's build, then NumPy's (``numpy.show_config``).

    weaknp's part names the dispatch core that runs (compiled or pure-Python, and how to
    get the compiled one), the Cython release it was compiled with, the versions of
    weaknp, NumPy, ml_dtypes and Python, and the CPU features NumPy uses.

    Parameters
    ----------
    mode : {'stdout', 'dicts'}, optional
        As in NumPy: ``'stdout'`` prints and returns None; ``'dicts'`` returns
        ``{"weaknp": {...}, "numpy": numpy.show_config(mode="dicts")}``.

    Examples
    --------
    >>> import weaknp as wnp
    >>> config = wnp.show_config(mode="dicts")
    >>> config["weaknp"]["core"] in ("compiled", "pure-Python")
    True
    """
    if mode not in ("stdout", "dicts"):
        # As NumPy: an AttributeError (numpy.show_config(mode="x") raises one too).
        raise AttributeError(f"show_config: invalid mode {mode!r}; use one of: stdout, dicts")
    info = build_info()
    # NumPy differs: its dicts are its build's sections alone; weaknp's come first, beside
    # them, and its text precedes NumPy's (decision 60).
    if mode == "dicts":
        return {"weaknp": info, "numpy": np.show_config(mode="dicts")}
    width = max(len(k) for k in info)
    print("weaknp:")
    for key, value in info.items():
        text = ", ".join(value) if isinstance(value, list) else value
        print(f"  {key + ':':<{width + 1}} {text}")
    print()
    print("NumPy:")
    np.show_config()
    return None
