"""How much of NumPy's (and jax.numpy's) main namespace weaknp provides.

Usage: ``python tools/coverage.py [--missing]``

Counts the public, non-class callables of ``numpy`` (and of ``jax.numpy`` when jax is
installed) and how many of them ``weaknp`` provides under the same name; ``--missing`` lists
the ones it does not.  Submodules (``linalg``, ``fft``, ``random``) are counted separately,
and so are the attributes of ``numpy.ndarray`` and ``numpy.ufunc`` that weaknp's ``Array``
and ufunc objects provide (the ones left out are listed with their reason).
"""

from __future__ import annotations

import argparse
import importlib
import sys


def public_callables(module) -> list[str]:
    """Public names of ``module`` bound to callables that are not classes."""
    out = []
    for name in dir(module):
        if name.startswith("_"):
            continue
        try:
            obj = getattr(module, name)
        except AttributeError:
            continue
        if callable(obj) and not isinstance(obj, type):
            out.append(name)
    return sorted(out)


def provided(module, names) -> list[str]:
    have = []
    for n in names:
        try:
            getattr(module, n)
        except AttributeError:
            continue
        have.append(n)
    return have


def report(label, reference, ours, show_missing) -> tuple[int, int]:
    names = public_callables(reference)
    have = provided(ours, names)
    missing = sorted(set(names) - set(have))
    print(f"{label:<24} {len(have):>4} / {len(names):<4} ({100 * len(have) / len(names):.0f}%)")
    if show_missing and missing:
        print("    missing: " + ", ".join(missing))
    return len(have), len(names)


#: Special attributes of ``numpy.ndarray`` weaknp's ``Array`` leaves out, with the reason.
ARRAY_LEFT_OUT = {
    "__array_finalize__": "a hook for ndarray subclasses; Array is not one",
    "__array_wrap__": "a hook for ndarray subclasses; Array is not one",
    "__array_priority__": "superseded by __array_ufunc__/__array_function__, which Array has",
    "__array_interface__": "NumPy reads Array through __array__ and the buffer of .data",
    "__array_struct__": "NumPy reads Array through __array__ and the buffer of .data",
    "__delitem__": "array elements cannot be deleted (NumPy raises too); Python's default "
                   "TypeError says so",
    "__setstate__": "Array pickles through __reduce__ (dtype and weak flag kept)",
    "__buffer__": "Python 3.12's buffer protocol (PEP 688): NumPy would then read an Array "
                  "through a memoryview (np.asarray(x) 2.2x slower) instead of __array__; "
                  "memoryview(x.data) gives the memory",
}

#: Public ``ndarray`` names that NumPy 2.0-2.3 still list but only as stubs raising
#: AttributeError (removed in NumPy 2.0; gone from ``dir`` in 2.4): nothing to provide.
NDARRAY_REMOVED = {
    "itemset": "removed in NumPy 2.0 (a stub that raises); use x[index] = value",
    "newbyteorder": "removed in NumPy 2.0 (a stub that raises); use x.view(...)",
}


def attribute_report(show_missing) -> None:
    """NumPy's ``ndarray`` and ``ufunc`` attributes that weaknp's ``Array`` and ufuncs have:
    every public one, and the special (dunder) ones except those listed with a reason."""
    import numpy as np

    import weaknp as wnp
    public = [n for n in dir(np.ndarray) if not n.startswith("_")]
    special = [n for n in dir(np.ndarray) if n.startswith("__") and n not in dir(object)]
    for label, names, left_out in (("ndarray public", public, NDARRAY_REMOVED),
                                   ("ndarray special", special, ARRAY_LEFT_OUT)):
        have = [n for n in names if hasattr(wnp.Array, n)]
        missing = sorted(set(names) - set(have))
        unexplained = [n for n in missing if n not in left_out]
        print(f"{label:<24} {len(have):>4} / {len(names):<4} "
              f"({len(missing) - len(unexplained)} left out with a reason, "
              f"{len(unexplained)} missing)")
        if show_missing:
            for n in missing:
                print(f"    {n}: {left_out.get(n, 'MISSING')}")
    ufunc_names = [n for n in dir(np.ufunc) if not n.startswith("_")] + ["__call__", "__name__",
                                                                        "__doc__"]
    have = [n for n in ufunc_names if hasattr(wnp.add, n)]
    print(f"{'numpy.ufunc attributes':<24} {len(have):>4} / {len(ufunc_names):<4} "
          f"(on every weaknp ufunc, e.g. weaknp.add)")
    if show_missing and len(have) < len(ufunc_names):
        print("    missing: " + ", ".join(sorted(set(ufunc_names) - set(have))))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--missing", action="store_true", help="list the names weaknp lacks")
    args = p.parse_args(argv)
    import numpy as np

    import weaknp as wnp
    print(f"weaknp {wnp.__version__} against numpy {np.__version__}")
    for sub in ("", ".linalg", ".fft", ".random"):
        ref = importlib.import_module("numpy" + sub)
        ours = importlib.import_module("weaknp" + sub)
        report("numpy" + sub, ref, ours, args.missing)
    attribute_report(args.missing)
    try:
        import jax
        import jax.numpy  # noqa: F401  (fails early when jax is broken)
    except ImportError:
        print("jax.numpy: not installed (pip install jax) - skipped")
        return 0
    print(f"against jax {jax.__version__}")
    for sub in ("", ".linalg", ".fft"):
        ref = importlib.import_module("jax.numpy" + sub)
        ours = importlib.import_module("weaknp" + sub)
        report("jax.numpy" + sub, ref, ours, args.missing)
    return 0


if __name__ == "__main__":
    sys.exit(main())
