#!/usr/bin/env bash
# Build the compiled core in place, for developers: src/weaknp/_fast/{dispatch,calls,lists}.*.so
# beside their sources, with the extensions setup.py declares (Cython directives, NumPy's headers).
# Run it after any change to src/weaknp/_fast/* (the .py files and their .pxd files; also after a
# merge that touched them): a stale .so gives false failures and false timings.  Unlike an install, a
# failed build fails here.  Needs Cython, NumPy and setuptools in that Python (and a C
# compiler): the ones missing (tools/build_requirements.py, from pyproject.toml's build
# requirements) are installed into that Python with pip first, saying so.
#   usage: tools/build_inplace.sh [python]     (default: $PYTHON, else python3)
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${1:-${PYTHON:-python3}}"
MISSING="$("$PY" tools/build_requirements.py)"
if [ -n "$MISSING" ]; then
  # shellcheck disable=SC2086 # one requirement per word
  echo "tools/build_inplace.sh: installing the build requirements $PY lacks:" $MISSING
  # shellcheck disable=SC2086
  "$PY" -m pip install $MISSING
fi
rm -f src/weaknp/_fast/*.c src/weaknp/_fast/*.so
"$PY" - <<'PYTHON'
import importlib.util

from setuptools import Distribution
from setuptools.command.build_ext import build_ext

spec = importlib.util.spec_from_file_location("weaknp_setup", "setup.py")
setup_py = importlib.util.module_from_spec(spec)
spec.loader.exec_module(setup_py)     # defines the extension; setup() runs only as __main__
extensions = setup_py._extensions()
if not extensions:
    raise SystemExit("tools/build_inplace.sh: no extension to build (see the warning above)")
dist = Distribution({"ext_modules": extensions, "package_dir": {"": "src"}})
cmd = build_ext(dist)                 # the plain command: errors are not swallowed
cmd.inplace, cmd.force = 1, 1
cmd.ensure_finalized()
cmd.run()
PYTHON
PYTHONPATH="$PWD/src" "$PY" -c "import sys, weaknp; sys.exit(0 if weaknp.__compiled__ else 'tools/build_inplace.sh: the core was not compiled')"
echo "tools/build_inplace.sh: built" src/weaknp/_fast/*.so
