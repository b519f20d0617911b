"""``numpy.lib.recfunctions`` for weaknp arrays (``weaknp._numpy.recfunctions``)."""

from .._numpy.recfunctions import (
    append_fields, apply_along_fields, assign_fields_by_name, drop_fields, find_duplicates,
    flatten_descr, get_fieldstructure, get_names, get_names_flat, join_by, merge_arrays,
    rec_append_fields, rec_drop_fields, rec_join, recursive_fill_fields, rename_fields,
    repack_fields, require_fields, stack_arrays, structured_to_unstructured,
    unstructured_to_structured)

__all__ = ["append_fields", "apply_along_fields", "assign_fields_by_name", "drop_fields",
           "find_duplicates", "flatten_descr", "get_fieldstructure", "get_names",
           "get_names_flat", "join_by", "merge_arrays", "rec_append_fields",
           "rec_drop_fields", "rec_join", "recursive_fill_fields", "rename_fields",
           "repack_fields", "require_fields", "stack_arrays", "structured_to_unstructured",
           "unstructured_to_structured"]
