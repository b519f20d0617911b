"""Build weaknp's optional compiled core (``src/weaknp/_fast/*.py`` via Cython).

Everything else is declared in ``pyproject.toml``.  One extension per module of ``_fast``
with a ``.pxd`` of its declarations beside it (``dispatch``, ``calls``, ``lists``: the
modules ``_fast.MODULES`` lists), each with the C helpers it cimports, by concern
(``capi.pxd`` CPython's C API, ``npyc.pxd`` NumPy's, so NumPy's headers come from
``numpy.get_include()``).  The extensions are optional, and built all or none: without
Cython, NumPy, a C compiler or Python's headers the build prints one warning and installs
the pure-Python package, which runs the same ``_fast/*.py`` sources
(``weaknp.__compiled__`` is then False).  ``WEAKNP_PURE_PYTHON=1`` at build time skips the
compile.
"""

import glob
import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

FAST = os.path.join("src", "weaknp", "_fast")
#: The compiled modules: each ``.py`` of ``_fast`` with a ``.pxd`` beside it.
MODULES = sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(FAST, "*.pxd"))
                 if os.path.exists(p[:-4] + ".py"))
_WARNING = ("weaknp: the compiled core was not built ({}); installing the "
            "pure-Python version (same results, slower small operations)")


def _warn(reason) -> None:
    print("\nWARNING: " + _WARNING.format(reason) + "\n", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """``build_ext`` that never fails the install: a failed compile is one warning, and
    then no module is compiled (a compiled module beside an uncompiled one it cimports
    from would not import)."""

    def run(self):
        self._failed = False
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - no compiler, no headers: any error
            _warn(f"{type(e).__name__}: {e}")
            self._failed = True
        if self._failed:   # all or none
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as e:  # noqa: BLE001
            _warn(f"{type(e).__name__}: {e}")
            self._failed = True


#: Extra compiler flags (GCC and Clang) by module.  ``narrow``'s float32 loops: sqrt without
#: errno (the loop vectorises; nothing reads errno), and no contraction of a multiply and an
#: add into an FMA (each operation rounds once, as NumPy's float32 loop does).
_FLAGS = {"narrow": ["-fno-math-errno", "-ffp-contract=off"]}


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
    exts = [Extension(f"weaknp._fast.{name}", [os.path.join(FAST, name + ".py")],
                      include_dirs=[numpy.get_include()],
                      define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
                      extra_compile_args=_FLAGS.get(name, []) if os.name == "posix" else [])
            for name in MODULES]
    try:
        return cythonize(exts, quiet=True,
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
