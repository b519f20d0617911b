"""Build weaknp's optional compiled dispatch core (``src/weaknp/_fast/dispatch.py`` via Cython).

Everything else is declared in ``pyproject.toml``.  One extension: ``dispatch.py`` with its
declarations (``dispatch.pxd``) and the C helpers it cimports, by concern (``capi.pxd``
CPython's C API, ``npyc.pxd`` NumPy's, so NumPy's headers come from ``numpy.get_include()``).  The
extension is optional: without Cython, NumPy, a C compiler or Python's headers the build
prints one warning and installs the pure-Python package, which runs the same
``_fast/dispatch.py`` source (``weaknp.__compiled__`` is then False).  ``WEAKNP_PURE_PYTHON=1``
at build time skips the compile.
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = os.path.join("src", "weaknp", "_fast", "dispatch.py")
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
        import numpy  # NumPy's C headers (a build requirement in pyproject.toml)
    except ImportError:
        _warn("NumPy is not installed at build time (its C headers are needed)")
        return []
    # NPY_NO_DEPRECATED_API: the core uses no API NumPy deprecated after 1.7 (and the
    # build then prints no deprecation warning).
    ext = Extension("weaknp._fast.dispatch", [SOURCE], include_dirs=[numpy.get_include()],
                    define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")])
    try:
        return cythonize([ext], quiet=True,
                         compiler_directives={"language_level": 3, "binding": False,
                                              "auto_pickle": False,
                                              # Python's indexing, checked: an index
                                              # read from a user-writable field
                                              # (``x._node``) never reads past a list
                                              "boundscheck": True, "wraparound": True})
    except Exception as e:  # noqa: BLE001 - a Cython error must not fail the install
        _warn(f"Cython failed: {e}")
        return []


if __name__ == "__main__":   # pip's backend runs this file as __main__; tools/build_inplace.sh
    setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})  # imports it
