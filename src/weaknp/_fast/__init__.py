"""The only compiled code: the dispatch hot path (Cython in pure-Python mode; the same source runs uncompiled)."""
