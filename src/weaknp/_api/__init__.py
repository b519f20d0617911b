"""The Array API standard, one module per section of it, with the shared reduction and ufunc machinery."""
