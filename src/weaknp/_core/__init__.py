"""The rules, in pure Python and without ``Array``: dtypes, modes, messages, the lattice, promotion, the op table, the kernel's decisions."""
