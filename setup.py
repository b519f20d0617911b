"""Build weaknp's optional compiled dispatch core (``src/weaknp/_dispatch.py`` via Cython).

Everything else is declared in ``pyproject.toml``.  The extension is optional: without
Cython, a C compiler or Python's headers the build prints one warning and installs the
pure-Python package, which runs the same ``_dispatch.py`` source (``weaknp.__compiled__``
is then False).  ``WEAKNP_PURE_PYTHON=1`` at build time skips the compile.
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = os.path.join("src", "weaknp", "_dispatch.py")
_WARNING = ("weaknp: the compiled dispatch core was not built ({}); installing the "
            "pure-Python version (same results, slower small operations)")


def _warn(reason) -> None:
    print("\nWARNING: " + _WARNING.format(reason) + "\n", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """``build_ext`` that never fails the install: a failed compile is one warning."""

    def run(self):
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - no compiler, no headers: any error
            _warn(f"{type(e).__name__}: {e}")

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as e:  # noqa: BLE001
            _warn(f"{type(e).__name__}: {e}")


def _extensions():
    if os.environ.get("WEAKNP_PURE_PYTHON", "") not in ("", "0"):
        _warn("WEAKNP_PURE_PYTHON is set")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _warn("Cython is not installed")
        return []
    try:
        return cythonize([Extension("weaknp._dispatch", [SOURCE])], quiet=True,
                         compiler_directives={"language_level": 3, "binding": False,
                                              "auto_pickle": False,
                                              "boundscheck": False, "wraparound": False})
    except Exception as e:  # noqa: BLE001 - a Cython error must not fail the install
        _warn(f"Cython failed: {e}")
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
