"""NumPy's types on weaknp (issue 13, part 1): ndarray, the abstract scalar types, the
aliases, issubdtype/issubclass/isinstance, and can_cast/can_promote (part 5).

Oracles: NumPy's own issubdtype and can_cast for the dtypes NumPy files correctly; literal
rows for the ml_dtypes types, which NumPy files under ``generic`` only.
"""

import ml_dtypes
import numpy as np
import pytest

import weaknp as wnp
from weaknp._core import dtypes as D

ABSTRACT = ["generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact",
            "floating", "complexfloating"]
STANDARD = [np.dtype(t) for t in ("bool", "int8", "int16", "int32", "int64", "uint8",
                                  "uint16", "uint32", "uint64", "float16", "float32",
                                  "float64", "complex64", "complex128")]
#: ml_dtypes type -> the abstract types it belongs to (literal)
ML_KINDS = {
    "bfloat16": {"generic", "number", "inexact", "floating"},
    "float8_e4m3fn": {"generic", "number", "inexact", "floating"},
    "float4_e2m1fn": {"generic", "number", "inexact", "floating"},
    "int4": {"generic", "number", "integer", "signedinteger"},
    "int2": {"generic", "number", "integer", "signedinteger"},
    "uint4": {"generic", "number", "integer", "unsignedinteger"},
    "uint1": {"generic", "number", "integer", "unsignedinteger"},
}


def test_ndarray_is_array():
    assert wnp.ndarray is wnp.Array
    assert isinstance(wnp.asarray([1, 2]), wnp.ndarray)
    assert not isinstance(np.asarray([1, 2]), wnp.ndarray)


@pytest.mark.parametrize("dt", STANDARD, ids=str)
def test_issubdtype_matches_numpy_on_numpy_dtypes(dt):
    for name in ABSTRACT:
        want = np.issubdtype(dt, getattr(np, name))
        assert wnp.issubdtype(dt, getattr(wnp, name)) is want, name
        assert wnp.issubdtype(dt, getattr(np, name)) is want, name
        assert issubclass(dt.type, getattr(wnp, name)) is want, name
        assert isinstance(np.zeros((), dt)[()], getattr(wnp, name)) is want, name
        assert isinstance(wnp.asarray(np.zeros((), dt)), getattr(wnp, name)) is want, name


@pytest.mark.parametrize("name", sorted(ML_KINDS))
def test_issubdtype_knows_the_ml_dtypes(name):
    dt = np.dtype(getattr(ml_dtypes, name))
    got = {a for a in ABSTRACT if wnp.issubdtype(dt, getattr(wnp, a))}
    assert got == ML_KINDS[name]
    assert {a for a in ABSTRACT if wnp.issubdtype(dt, getattr(np, a))} == ML_KINDS[name]
    assert {a for a in ABSTRACT if issubclass(getattr(wnp, name), getattr(wnp, a))} \
        == ML_KINDS[name]
    assert {a for a in ABSTRACT if issubclass(getattr(ml_dtypes, name), getattr(wnp, a))} \
        == ML_KINDS[name]


def test_every_weaknp_dtype_has_exactly_one_leaf_kind():
    leaves = ["signedinteger", "unsignedinteger", "floating", "complexfloating"]
    for dt in D.ALL_DTYPES:
        n = sum(wnp.issubdtype(dt, getattr(wnp, k)) for k in leaves)
        assert n == (0 if dt == D.bool_ else 1), dt
        assert wnp.issubdtype(dt, wnp.generic)


def test_hierarchy_and_concrete_dtypes():
    assert wnp.issubdtype(wnp.floating, wnp.inexact)
    assert not wnp.issubdtype(wnp.inexact, wnp.floating)
    assert wnp.issubdtype(wnp.float32, wnp.float32) and not wnp.issubdtype(wnp.float32,
                                                                            wnp.float64)
    assert wnp.issubdtype("f8", float) and not wnp.issubdtype(wnp.float32, float)  # as NumPy
    assert wnp.issubdtype(wnp.int8, "signed integer")
    assert issubclass(wnp.floating, wnp.number) and issubclass(np.floating, wnp.inexact)
    assert wnp.bool_ is wnp.bool and not wnp.issubdtype(wnp.bool, wnp.number)
    assert not isinstance(wnp.asarray([1.0]), wnp.floating)   # n-d arrays are not scalars
    assert isinstance(wnp.asarray([1.0])[0], wnp.floating)    # 0-d arrays are
    assert isinstance(wnp.asarray([1.0], dtype=wnp.float32)[0], wnp.float32)
    assert not isinstance(1.0, wnp.floating)                   # as NumPy
    with pytest.raises(TypeError, match="cannot create weaknp.floating values"):
        wnp.floating(1.0)


ALIASES = ["byte", "ubyte", "short", "ushort", "intc", "uintc", "int_", "uint", "long",
           "ulong", "longlong", "ulonglong", "intp", "uintp", "half", "single", "double",
           "csingle", "cdouble", "bool_"]


@pytest.mark.parametrize("name", ALIASES)
def test_aliases_name_numpys_dtypes(name):
    assert np.dtype(getattr(wnp, name)) == np.dtype(getattr(np, name))
    assert wnp.asarray([1], dtype=getattr(wnp, name)).dtype == np.dtype(getattr(np, name))


def test_longdouble_is_refused_clearly():
    for name in ("longdouble", "clongdouble"):
        with pytest.raises(AttributeError, match="no extended-precision dtype.*use float64"):
            getattr(wnp, name)


def test_dtype_is_a_class_for_isinstance():
    assert wnp.dtype("int8") == np.dtype("int8") and wnp.dtype(wnp.bfloat16) == D.bfloat16
    assert isinstance(np.dtype("f4"), wnp.dtype) and not isinstance("f4", wnp.dtype)
    assert isinstance(wnp.asarray([1]).dtype, wnp.dtype)


# -- can_cast: NumPy's question; can_promote: the lattice's ------------------------------

@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
def test_can_cast_is_numpys_answer(casting):
    for a in STANDARD:
        for b in STANDARD:
            assert wnp.can_cast(a, b, casting) == np.can_cast(a, b, casting), (a, b)
    assert wnp.can_cast("i8", "f4") is False and wnp.can_cast("i8", "f4", "same_kind")


def test_can_cast_ml_dtypes_and_arrays():
    assert wnp.can_cast(wnp.bfloat16, wnp.float32) and not wnp.can_cast(wnp.float32,
                                                                          wnp.bfloat16)
    assert wnp.can_cast(wnp.asarray([1], dtype=wnp.int8), wnp.int16)
    with pytest.raises(TypeError, match="a Python int has no dtype of its own"):
        wnp.can_cast(1, wnp.int8)


def test_can_promote_is_the_lattice():
    assert wnp.can_promote(wnp.int64, wnp.float16)        # int64 + float16 is float16
    assert not wnp.can_promote(wnp.float16, wnp.int64)
    assert wnp.can_promote(1, wnp.int8) and wnp.can_promote(1.5, wnp.bfloat16)
    assert not wnp.can_promote(wnp.int8, wnp.uint8)


# -- dtype questions about dtypes outside the lattice: NumPy's answers (decision 72) ------

OUTSIDE = ["S1", "S4", "U3", "M8[D]", "m8[s]", "m8[ms]", [("a", "i4"), ("b", "S2")]]


@pytest.mark.parametrize("kind", [np.bytes_, np.str_, np.character, np.flexible,
                                  np.datetime64, np.timedelta64, np.void, np.generic,
                                  np.number, np.integer, "S1", "U"])
def test_issubdtype_outside_the_lattice_is_numpys(kind):
    for dt in OUTSIDE + [np.int8, np.float64]:
        assert wnp.issubdtype(dt, kind) == np.issubdtype(dt, kind), (dt, kind)
    assert wnp.issubdtype("S1", wnp.bytes_) and wnp.issubdtype("S1", wnp.generic)
    assert not wnp.issubdtype("S1", wnp.number) and not wnp.issubdtype(wnp.bfloat16, np.str_)
    assert wnp.issubdtype(wnp.asarray(["a"]), np.character)


@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
def test_can_cast_outside_the_lattice_is_numpys(casting):
    for a in OUTSIDE + STANDARD:
        for b in OUTSIDE + STANDARD:
            assert wnp.can_cast(a, b, casting) == np.can_cast(a, b, casting), (a, b)
    assert wnp.can_cast("i4", "U4") is False and wnp.can_cast("i4", "U11") is True


def test_result_type_outside_the_lattice_is_numpys():
    pairs = [("S4", "S8"), ("U3", "U5"), ("m8[s]", "m8[ms]"), ("M8[D]", "m8[s]"),
             ("S4", wnp.int8), ("m8[s]", 1), ("U2", "S5")]
    for a, b in pairs:
        assert wnp.result_type(a, b) == np.result_type(a if a is not wnp.int8 else np.int8,
                                                       b if b is not wnp.int8 else np.int8)
    assert wnp.result_type(wnp.asarray(["ab"]), "U5") == np.dtype("U5")
    assert wnp.result_type("m8[s]", 1, return_weak_type_flag=True) == (np.dtype("m8[s]"),
                                                                        False)
    with pytest.raises(wnp.TypePromotionError, match="result_type: NumPy has no common dtype"):
        wnp.result_type("U3", "M8[D]")


def test_a_union_dtype_is_numpys_and_outside_the_lattice():
    spec = (np.int16, {"x": (np.int8, 0), "y": (np.int8, 1)})
    dt = wnp.dtype(spec)
    assert dt == np.dtype(spec) and dt.names == ("x", "y") and D.is_outside(dt)
    a = wnp.asarray(np.asarray([258, -1], dtype=np.int16).view(np.dtype(spec)))
    assert a.dtype == np.dtype(spec) and D.outside_kind(a.dtype) == "record"
    x = a["x"]
    assert x.dtype == np.int8 and x.tolist() == [2, -1] and a["y"].tolist() == [1, -1]


def test_typecodes_are_numpy_s_of_the_dtypes_weaknp_carries():
    # NumPy's groups less longdouble ('g', 'G') and object ('O') (decisions 19, 72)
    assert wnp.typecodes["All"] == "?bhilqnpBHILQNPefdFDSUVMm"
    assert wnp.typecodes["AllFloat"] == "efdFD"
    assert set(wnp.typecodes) == set(np.typecodes)
    codes = wnp.typecodes["All"]
    for row in codes:      # the user guide's basics.ufuncs casting table, over these codes
        assert wnp.zeros(1, dtype=row).dtype == np.zeros(1, dtype=row).dtype
        for col in codes:
            assert bool(wnp.can_cast(row, col)) == np.can_cast(row, col), (row, col)
