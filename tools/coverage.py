"""How much of NumPy's (and jax.numpy's) main namespace weaknp provides.

Usage: ``python tools/coverage.py [--missing]``

Counts the public, non-class callables of ``numpy`` (and of ``jax.numpy`` when jax is
installed) and how many of them ``weaknp`` provides under the same name; ``--missing`` lists
the ones it does not.  Submodules (``linalg``, ``fft``, ``random``) are counted separately.
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
