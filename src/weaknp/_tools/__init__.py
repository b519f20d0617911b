"""The promotion audit, the command line and the Cubed/dask helpers."""
