"""Every name of the Array API 2025.12 exists in weaknp, with the standard's signature.

The names and parameter kinds are written out literally from the standard's stubs
(``src/array_api_stubs/_2025_12``): (namespace, name, positional-only, positional-or-keyword,
*args, keyword-only).  weaknp's signatures are the superset of NumPy's and the
standard's, checked with the rule of the official suite's ``test_signatures.py``.
"""

import inspect

import pytest

import weaknp as wnp

SIGNATURES = [
    ("", "arange", ['start'], ['stop', 'step'], None, ['dtype', 'device']),
    ("", "asarray", ['obj'], [], None, ['dtype', 'device', 'copy']),
    ("", "empty", [], ['shape'], None, ['dtype', 'device']),
    ("", "empty_like", ['x'], [], None, ['dtype', 'device']),
    ("", "eye", ['n_rows', 'n_cols'], [], None, ['k', 'dtype', 'device']),
    ("", "from_dlpack", ['x'], [], None, ['device', 'copy']),
    ("", "full", [], ['shape', 'fill_value'], None, ['dtype', 'device']),
    ("", "full_like", ['x'], ['fill_value'], None, ['dtype', 'device']),
    ("", "linspace", ['start', 'stop'], ['num'], None, ['dtype', 'device', 'endpoint']),
    ("", "meshgrid", [], [], 'arrays', ['indexing']),
    ("", "ones", [], ['shape'], None, ['dtype', 'device']),
    ("", "ones_like", ['x'], [], None, ['dtype', 'device']),
    ("", "tril", ['x'], [], None, ['k']),
    ("", "triu", ['x'], [], None, ['k']),
    ("", "zeros", [], ['shape'], None, ['dtype', 'device']),
    ("", "zeros_like", ['x'], [], None, ['dtype', 'device']),
    ("", "astype", ['x', 'dtype'], [], None, ['copy', 'device']),
    ("", "can_cast", ['from_', 'to'], [], None, []),
    ("", "finfo", ['type'], [], None, []),
    ("", "iinfo", ['type'], [], None, []),
    ("", "isdtype", [], ['dtype', 'kind'], None, []),
    ("", "result_type", [], [], 'arrays_and_dtypes', []),
    ("", "abs", ['x'], [], None, []),
    ("", "acos", ['x'], [], None, []),
    ("", "acosh", ['x'], [], None, []),
    ("", "add", ['x1', 'x2'], [], None, []),
    ("", "asin", ['x'], [], None, []),
    ("", "asinh", ['x'], [], None, []),
    ("", "atan", ['x'], [], None, []),
    ("", "atan2", ['x1', 'x2'], [], None, []),
    ("", "atanh", ['x'], [], None, []),
    ("", "bitwise_and", ['x1', 'x2'], [], None, []),
    ("", "bitwise_left_shift", ['x1', 'x2'], [], None, []),
    ("", "bitwise_invert", ['x'], [], None, []),
    ("", "bitwise_or", ['x1', 'x2'], [], None, []),
    ("", "bitwise_right_shift", ['x1', 'x2'], [], None, []),
    ("", "bitwise_xor", ['x1', 'x2'], [], None, []),
    ("", "ceil", ['x'], [], None, []),
    ("", "clip", ['x'], ['min', 'max'], None, []),
    ("", "conj", ['x'], [], None, []),
    ("", "copysign", ['x1', 'x2'], [], None, []),
    ("", "cos", ['x'], [], None, []),
    ("", "cosh", ['x'], [], None, []),
    ("", "divide", ['x1', 'x2'], [], None, []),
    ("", "equal", ['x1', 'x2'], [], None, []),
    ("", "exp", ['x'], [], None, []),
    ("", "expm1", ['x'], [], None, []),
    ("", "floor", ['x'], [], None, []),
    ("", "floor_divide", ['x1', 'x2'], [], None, []),
    ("", "greater", ['x1', 'x2'], [], None, []),
    ("", "greater_equal", ['x1', 'x2'], [], None, []),
    ("", "hypot", ['x1', 'x2'], [], None, []),
    ("", "imag", ['x'], [], None, []),
    ("", "isfinite", ['x'], [], None, []),
    ("", "isinf", ['x'], [], None, []),
    ("", "isnan", ['x'], [], None, []),
    ("", "less", ['x1', 'x2'], [], None, []),
    ("", "less_equal", ['x1', 'x2'], [], None, []),
    ("", "log", ['x'], [], None, []),
    ("", "log1p", ['x'], [], None, []),
    ("", "log2", ['x'], [], None, []),
    ("", "log10", ['x'], [], None, []),
    ("", "logaddexp", ['x1', 'x2'], [], None, []),
    ("", "logical_and", ['x1', 'x2'], [], None, []),
    ("", "logical_not", ['x'], [], None, []),
    ("", "logical_or", ['x1', 'x2'], [], None, []),
    ("", "logical_xor", ['x1', 'x2'], [], None, []),
    ("", "maximum", ['x1', 'x2'], [], None, []),
    ("", "minimum", ['x1', 'x2'], [], None, []),
    ("", "multiply", ['x1', 'x2'], [], None, []),
    ("", "negative", ['x'], [], None, []),
    ("", "nextafter", ['x1', 'x2'], [], None, []),
    ("", "not_equal", ['x1', 'x2'], [], None, []),
    ("", "positive", ['x'], [], None, []),
    ("", "pow", ['x1', 'x2'], [], None, []),
    ("", "real", ['x'], [], None, []),
    ("", "reciprocal", ['x'], [], None, []),
    ("", "remainder", ['x1', 'x2'], [], None, []),
    ("", "round", ['x'], [], None, []),
    ("", "sign", ['x'], [], None, []),
    ("", "signbit", ['x'], [], None, []),
    ("", "sin", ['x'], [], None, []),
    ("", "sinh", ['x'], [], None, []),
    ("", "square", ['x'], [], None, []),
    ("", "sqrt", ['x'], [], None, []),
    ("", "subtract", ['x1', 'x2'], [], None, []),
    ("", "tan", ['x'], [], None, []),
    ("", "tanh", ['x'], [], None, []),
    ("", "trunc", ['x'], [], None, []),
    ("", "take", ['x', 'indices'], [], None, ['axis']),
    ("", "take_along_axis", ['x', 'indices'], [], None, ['axis']),
    ("", "matmul", ['x1', 'x2'], [], None, []),
    ("", "matrix_transpose", ['x'], [], None, []),
    ("", "tensordot", ['x1', 'x2'], [], None, ['axes']),
    ("", "vecdot", ['x1', 'x2'], [], None, ['axis']),
    ("", "broadcast_arrays", [], [], 'arrays', []),
    ("", "broadcast_shapes", [], [], 'shapes', []),
    ("", "broadcast_to", ['x'], ['shape'], None, []),
    ("", "concat", ['arrays'], [], None, ['axis']),
    ("", "expand_dims", ['x'], ['axis'], None, []),
    ("", "flip", ['x'], [], None, ['axis']),
    ("", "moveaxis", ['x', 'source', 'destination'], [], None, []),
    ("", "permute_dims", ['x'], ['axes'], None, []),
    ("", "repeat", ['x', 'repeats'], [], None, ['axis']),
    ("", "reshape", ['x'], ['shape'], None, ['copy']),
    ("", "roll", ['x'], ['shift'], None, ['axis']),
    ("", "squeeze", ['x'], ['axis'], None, []),
    ("", "stack", ['arrays'], [], None, ['axis']),
    ("", "tile", ['x', 'repetitions'], [], None, []),
    ("", "unstack", ['x'], [], None, ['axis']),
    ("", "argmax", ['x'], [], None, ['axis', 'keepdims']),
    ("", "argmin", ['x'], [], None, ['axis', 'keepdims']),
    ("", "count_nonzero", ['x'], [], None, ['axis', 'keepdims']),
    ("", "nonzero", ['x'], [], None, []),
    ("", "searchsorted", ['x1', 'x2'], [], None, ['side', 'sorter']),
    ("", "where", ['condition', 'x1', 'x2'], [], None, []),
    ("", "isin", ['x1', 'x2'], [], None, ['invert']),
    ("", "unique_all", ['x'], [], None, []),
    ("", "unique_counts", ['x'], [], None, []),
    ("", "unique_inverse", ['x'], [], None, []),
    ("", "unique_values", ['x'], [], None, []),
    ("", "argsort", ['x'], [], None, ['axis', 'descending', 'stable']),
    ("", "sort", ['x'], [], None, ['axis', 'descending', 'stable']),
    ("", "cumulative_prod", ['x'], [], None, ['axis', 'dtype', 'include_initial']),
    ("", "cumulative_sum", ['x'], [], None, ['axis', 'dtype', 'include_initial']),
    ("", "max", ['x'], [], None, ['axis', 'keepdims']),
    ("", "mean", ['x'], [], None, ['axis', 'keepdims']),
    ("", "min", ['x'], [], None, ['axis', 'keepdims']),
    ("", "prod", ['x'], [], None, ['axis', 'dtype', 'keepdims']),
    ("", "std", ['x'], [], None, ['axis', 'correction', 'keepdims']),
    ("", "sum", ['x'], [], None, ['axis', 'dtype', 'keepdims']),
    ("", "var", ['x'], [], None, ['axis', 'correction', 'keepdims']),
    ("", "all", ['x'], [], None, ['axis', 'keepdims']),
    ("", "any", ['x'], [], None, ['axis', 'keepdims']),
    ("", "diff", ['x'], [], None, ['axis', 'n', 'prepend', 'append']),
    ("linalg", "cholesky", ['x'], [], None, ['upper']),
    ("linalg", "cross", ['x1', 'x2'], [], None, ['axis']),
    ("linalg", "det", ['x'], [], None, []),
    ("linalg", "diagonal", ['x'], [], None, ['offset']),
    ("linalg", "eigh", ['x'], [], None, []),
    ("linalg", "eigvalsh", ['x'], [], None, []),
    ("linalg", "eig", ['x'], [], None, []),
    ("linalg", "eigvals", ['x'], [], None, []),
    ("linalg", "inv", ['x'], [], None, []),
    ("linalg", "matmul", ['x1', 'x2'], [], None, []),
    ("linalg", "matrix_norm", ['x'], [], None, ['keepdims', 'ord']),
    ("linalg", "matrix_power", ['x', 'n'], [], None, []),
    ("linalg", "matrix_rank", ['x'], [], None, ['rtol']),
    ("linalg", "matrix_transpose", ['x'], [], None, []),
    ("linalg", "outer", ['x1', 'x2'], [], None, []),
    ("linalg", "pinv", ['x'], [], None, ['rtol']),
    ("linalg", "qr", ['x'], [], None, ['mode']),
    ("linalg", "slogdet", ['x'], [], None, []),
    ("linalg", "solve", ['x1', 'x2'], [], None, []),
    ("linalg", "svd", ['x'], [], None, ['full_matrices']),
    ("linalg", "svdvals", ['x'], [], None, []),
    ("linalg", "tensordot", ['x1', 'x2'], [], None, ['axes']),
    ("linalg", "trace", ['x'], [], None, ['offset', 'dtype']),
    ("linalg", "vecdot", ['x1', 'x2'], [], None, ['axis']),
    ("linalg", "vector_norm", ['x'], [], None, ['axis', 'keepdims', 'ord']),
    ("fft", "fft", ['x'], [], None, ['n', 'axis', 'norm']),
    ("fft", "ifft", ['x'], [], None, ['n', 'axis', 'norm']),
    ("fft", "fftn", ['x'], [], None, ['s', 'axes', 'norm']),
    ("fft", "ifftn", ['x'], [], None, ['s', 'axes', 'norm']),
    ("fft", "rfft", ['x'], [], None, ['n', 'axis', 'norm']),
    ("fft", "irfft", ['x'], [], None, ['n', 'axis', 'norm']),
    ("fft", "rfftn", ['x'], [], None, ['s', 'axes', 'norm']),
    ("fft", "irfftn", ['x'], [], None, ['s', 'axes', 'norm']),
    ("fft", "hfft", ['x'], [], None, ['n', 'axis', 'norm']),
    ("fft", "ihfft", ['x'], [], None, ['n', 'axis', 'norm']),
    ("fft", "fftfreq", ['n'], [], None, ['d', 'dtype', 'device']),
    ("fft", "rfftfreq", ['n'], [], None, ['d', 'dtype', 'device']),
    ("fft", "fftshift", ['x'], [], None, ['axes']),
    ("fft", "ifftshift", ['x'], [], None, ['axes']),
]

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64", "complex64", "complex128"]
CONSTANTS = {"e": 2.718281828459045, "pi": 3.141592653589793, "newaxis": None}
INFO_METHODS = ["capabilities", "default_device", "default_dtypes", "devices", "dtypes"]
ARRAY_ATTRIBUTES = ["dtype", "device", "mT", "ndim", "shape", "size", "T", "__abs__",
                    "__add__", "__and__", "__array_namespace__", "__bool__", "__complex__",
                    "__dlpack__", "__dlpack_device__", "__eq__", "__float__", "__floordiv__",
                    "__ge__", "__getitem__", "__gt__", "__index__", "__int__", "__invert__",
                    "__le__", "__lshift__", "__lt__", "__matmul__", "__mod__", "__mul__",
                    "__ne__", "__neg__", "__or__", "__pos__", "__pow__", "__rshift__",
                    "__setitem__", "__sub__", "__truediv__", "__xor__", "to_device"]


def _namespace(ns):
    return {"": wnp, "linalg": wnp.linalg, "fft": wnp.fft}[ns]


@pytest.mark.parametrize("ns, name, posonly, normal, var, kwonly", SIGNATURES,
                         ids=[f"{s[0] or 'wnp'}.{s[1]}" for s in SIGNATURES])
def test_signature(ns, name, posonly, normal, var, kwonly):
    """The rule of array-api-tests' ``test_signatures.py`` (decision 21: one
    signature, the superset of NumPy's and the standard's, in NumPy's order): the standard's
    positional-only parameters exist at their positions (any name, any kind); its
    positional-or-keyword ones have its name and that kind at their positions; its
    keyword-only ones exist by name, keyword-only or positional-or-keyword."""
    fn = getattr(_namespace(ns), name)
    params = list(inspect.signature(fn).parameters.values())
    kinds = inspect.Parameter
    positional = [p for p in params if p.kind in (kinds.POSITIONAL_ONLY,
                                                  kinds.POSITIONAL_OR_KEYWORD)]
    if var is None:
        assert len(positional) >= len(posonly) + len(normal), (name, params)
        for p, want in zip(positional[len(posonly):], normal):
            assert (p.name, p.kind) == (want, kinds.POSITIONAL_OR_KEYWORD), (name, p, want)
    else:
        assert params[0].kind is kinds.VAR_POSITIONAL, (name, params)
    # every parameter beyond the standard's positional ones has a default
    required = [p.name for p in params[len(posonly) + len(normal):]
                if p.default is p.empty and p.kind not in (kinds.VAR_POSITIONAL,
                                                           kinds.VAR_KEYWORD)]
    assert not required, (name, required)
    by_name = {p.name: p.kind for p in params}
    for k in kwonly:
        assert by_name.get(k) in (kinds.KEYWORD_ONLY, kinds.POSITIONAL_OR_KEYWORD), (name, k)


def test_dtypes_and_constants():
    for name in DTYPES:
        assert getattr(wnp, name) == __import__("numpy").dtype(name)
    for name, value in CONSTANTS.items():
        assert getattr(wnp, name) == value
    assert wnp.inf == float("inf") and wnp.nan != wnp.nan
    assert wnp.__array_api_version__ == "2025.12"


def test_info_and_array_object():
    info = wnp.__array_namespace_info__()
    for m in INFO_METHODS:
        assert callable(getattr(info, m))
    assert info.devices() == (info.default_device(),)
    assert info.default_dtypes()["indexing"] == wnp.int64
    x = wnp.asarray([[1]])
    for a in ARRAY_ATTRIBUTES:
        assert hasattr(x, a), a


def test_array_api_compat_recognises_weaknp():
    compat = pytest.importorskip("array_api_compat")
    x = wnp.asarray([1, 2])
    assert compat.array_namespace(x) is wnp
    assert compat.is_array_api_obj(x)
