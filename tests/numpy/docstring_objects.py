"""The NumPy objects that are not functions of the namespace whose docstring examples are run
(types, ufunc objects and methods, array attributes, protocols, submodules)."""

import numpy as np

from weaknp._core import ops as _ops

_UFUNCS = sorted({op.ufunc.__name__ for op in _ops.ALL_OPS if isinstance(op.ufunc, np.ufunc)}
                 | {"divmod", "frexp", "ldexp", "modf", "bitwise_count"})

#: name -> the NumPy object whose docstring is run
NAMES = {
    **{f"ufunc.{m}": getattr(np.ufunc, m) for m in
       ("reduce", "accumulate", "reduceat", "outer", "at", "nin", "nout", "nargs", "ntypes",
        "types", "identity", "signature", "resolve_dtypes")},
    **{f"{u}": getattr(np, u) for u in _UFUNCS},
    **{f"ndarray.{a}": getattr(np.ndarray, a) for a in
       ("flat", "base", "flags", "shape", "real", "imag", "data", "itemsize", "nbytes",
        "strides", "byteswap", "resize", "tofile", "dump", "dumps", "getfield", "setfield",
        "setflags", "view", "fill", "item", "tolist", "astype", "copy")},
    **{n: getattr(np, n) for n in
       ("issubdtype", "can_cast", "poly1d", "ndenumerate", "ndindex", "nditer", "errstate",
        "seterr", "geterr", "nan_to_num", "histogram_bin_edges", "unwrap",
        "format_float_positional", "format_float_scientific", "apply_over_axes",
        "frompyfunc", "isdtype", "result_type", "promote_types", "dtype")},
    **{f"emath.{n}": getattr(np.emath, n) for n in np.emath.__all__},
    "lib.stride_tricks.sliding_window_view": np.lib.stride_tricks.sliding_window_view,
    "lib.stride_tricks.as_strided": np.lib.stride_tricks.as_strided,
    **{f"testing.{n}": getattr(np.testing, n) for n in
       ("assert_allclose", "assert_almost_equal", "assert_approx_equal",
        "assert_array_almost_equal", "assert_array_equal", "assert_array_less",
        "assert_equal", "assert_array_max_ulp", "assert_array_almost_equal_nulp",
        "assert_string_equal")},
}
