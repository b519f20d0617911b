"""The only compiled code: the dispatch hot path, function-call entries, list reading.

Each module with a ``.pxd`` beside it is compiled by Cython in pure-Python mode (the same
source runs uncompiled: the pure build).  ``MODULES`` lists them in dependency order (the
order ``WEAKNP_PURE_PYTHON=1`` loads their sources in, ``weaknp/__init__.py``): ``narrow``
(narrow floats in float32 blocks), ``dispatch``, then ``lists`` and ``calls``, which
cimport from it and never from each other.
"""

MODULES = ("narrow", "dispatch", "lists", "calls")
