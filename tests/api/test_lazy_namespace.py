"""``import weaknp`` loads ``Array``, its core and the creation functions; every other section
binds on first use of a name (module ``__getattr__``, PEP 562).  Each check runs in a fresh
interpreter, where nothing was loaded yet: the first use by any door (attribute, NEP 18,
an ``Array`` method, ``import *``, ``hasattr``, ``dir``, unpickling) must find the name.
"""

import importlib
import os
import pathlib
import pickle
import subprocess
import sys

import weaknp as wnp

SRC = str(pathlib.Path(wnp.__file__).resolve().parents[1])


def fresh(code: str, *args: str) -> list[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [SRC, *filter(None, [os.environ.get("PYTHONPATH")])])}
    r = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True,
                       text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    return r.stdout.split("\n")[:-1]


def test_first_use_through_numpy_methods_and_attributes():
    out = fresh("""
import sys
import numpy as np
import weaknp as w
print(sorted(m for m in sys.modules if m.startswith("weaknp.")
             and m[len("weaknp._api."):] in w._LAZY_SECTIONS or m == "weaknp._numpy.namespace"))
r = np.sum(w.asarray([1, 2]))                 # NEP 18, before weaknp.sum was ever looked up
print(type(r).__name__, r.dtype, r.tolist(), r.weak_type)
print(w.asarray([1.5, 2.5]).mean().tolist())  # an Array method
print(np.nanmean(w.asarray([1.0, float("nan")])).tolist())   # a NumPy-compatible function
print(w.float32(1.5).dtype, hasattr(w, "uint8"), hasattr(w, "no_such_name"))
""")
    assert out == ["[]", "Array int64 3 False", "2.0", "1.0", "float32 True False"]


def test_first_use_through_import_star_and_dir():
    out = fresh("""
from weaknp import *
import weaknp
names = set(weaknp.__all__)   # (import * bound weaknp's all, any, sum ... over the builtins)
print(len(names) == len(weaknp.__all__), names - {"audit"} <= set(globals()))
print(names <= set(dir(weaknp)), "unique_values" in names, "nanmean" in names)
""")
    assert out == ["True True", "True True True"]


def test_first_use_through_unpickling():
    objs = [wnp.float32, wnp.add, wnp.sum, wnp.asarray([1, 2], dtype=wnp.int8),
            wnp.asarray(2.5)]
    out = fresh("""
import pickle, sys
import weaknp as w
a, b, c, d, e = pickle.loads(bytes.fromhex(sys.argv[1]))
print(a is w.float32, b is w.add, c is w.sum)
print(d.dtype, d.tolist(), d.weak_type, e.dtype, e.tolist(), e.weak_type)
""", pickle.dumps(objs).hex())
    assert out == ["True True True", "int8 [1, 2] False float64 2.5 True"]


def test_every_lazily_loaded_name_is_in_all():
    sections = [importlib.import_module(f"weaknp._api.{s}") for s in wnp._LAZY_SECTIONS]
    names = [n for s in sections for n in s.__all__]
    assert len(names) == len(set(names))
    assert set(names) <= set(wnp.__all__)
    assert all(getattr(wnp, n) is getattr(s, n) for s in sections for n in s.__all__)
