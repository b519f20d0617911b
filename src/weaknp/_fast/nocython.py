"""``cython`` for the pure build where Cython is not installed: ``cython.compiled`` is False.

``dispatch`` imports Cython's own ``cython`` module when it is there (compiled, Cython reads
``cython.compiled`` as True at compile time; uncompiled, Cython's shadow module says
False) and this one otherwise.
"""

compiled = False
