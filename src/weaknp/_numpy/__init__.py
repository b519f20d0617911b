"""NumPy's functions beyond the standard, in modules named like NumPy's own."""
