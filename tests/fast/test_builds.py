"""Both builds are reachable the same way: ``weaknp._fast.dispatch`` (and each module of
``_fast.MODULES``) is the module in use, the compiled extension or (``WEAKNP_PURE_PYTHON=1``)
its Python source."""

import os
import subprocess
import sys


def _dispatch_file(pure: bool) -> str:
    env = dict(os.environ)
    env.pop("WEAKNP_PURE_PYTHON", None)
    if pure:
        env["WEAKNP_PURE_PYTHON"] = "1"
    code = ("import sys, weaknp\n"
            "for name in weaknp._fast.MODULES:\n"
            "    m = getattr(weaknp._fast, name)\n"
            "    assert m is sys.modules['weaknp._fast.' + name]\n"
            "    assert m.COMPILED is weaknp.__compiled__\n"
            "m = weaknp._fast.dispatch\n"
            "print(m.__file__, weaknp.__compiled__)")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    return out[0], out[1]


def test_the_pure_build_is_the_subpackage_attribute_too():
    path, compiled = _dispatch_file(pure=True)
    assert path.endswith(os.path.join("_fast", "dispatch.py")) and compiled == "False"


def test_the_default_build_is_the_subpackage_attribute():
    path, compiled = _dispatch_file(pure=False)
    assert os.path.basename(path).startswith("dispatch.")
    assert compiled == str(not path.endswith(".py"))
