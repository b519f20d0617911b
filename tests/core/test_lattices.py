"""Lattices as objects: names and modes, custom lattices, validation (each error names the
culprit), x32 semantics and implicit_cast.

The built-in lattices' literal tables are checked in ``test_promotion_table.py`` (tables
from ``tests/golden.py``), their laws in ``tests/property/test_lattice_laws.py``, the SVG
drawing and the CLI in ``test_cli.py``.
"""

import warnings

import numpy as np
import pytest

import weaknp as wnp
from weaknp._core import config as _config
from weaknp._core.lattice import BUILTIN

# ---------------------------------------------------------------------------------------
# Names and modes.

def test_modes_and_builtin_names_agree():
    assert set(_config.MODES) == set(BUILTIN)
    for alias, target in _config.ALIASES.items():
        assert target in BUILTIN, alias
    assert _config.ALIASES["jax"] == "standard" and _config.ALIASES["jax-strict"] == "strict"
    for name, lat in BUILTIN.items():
        assert lat.name == name
        assert lat.__doc__ and len(lat.__doc__) > 20


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_builtin_lattices_pass_check(name):
    assert BUILTIN[name].check() is True


def test_promotion_mode_by_name_and_alias():
    x, y = wnp.ones(2, dtype=wnp.uint32), wnp.ones(2, dtype=wnp.int32)
    assert (x + y).dtype == np.int64
    for name in ("jax-x32", "x32"):
        with wnp.promotion_mode(name):
            assert (x + y).dtype == np.int32
    with wnp.promotion_mode("jax"):
        assert (x + y).dtype == np.int64
    with pytest.raises(ValueError, match="unknown promotion mode 'jax-x16'"):
        wnp.promotion_mode("jax-x16")


TOY = {"bool": ["i*"], "i*": ["uint8", "int8", "f*"], "uint8": ["uint16", "int16"],
       "uint16": ["uint32", "int32"], "uint32": ["uint64", "int64"], "int8": ["int16"],
       "int16": ["int32"], "int32": ["int64"], "f*": ["float16", "bfloat16", "c*"],
       "float16": ["float32"], "float32": ["float64", "complex64"],
       "float64": ["complex128"], "c*": ["complex64"], "complex64": ["complex128"]}


def test_custom_lattice_in_promotion_mode():
    lat = wnp.Lattice(TOY, name="no-mixing")
    assert lat.join("uint8", "int8") == (np.dtype("int16"), False)
    assert lat.join(np.int8, wnp.int16) == (np.dtype("int16"), False)
    assert lat.join("i*", "f*") == (np.dtype("float64"), True)
    assert lat.join(1, 2.0) == (np.dtype("float64"), True)
    assert lat.upper_bounds("uint32") == ("uint32", "uint64", "int64")
    x8 = wnp.ones(2, dtype=wnp.int8)
    with wnp.promotion_mode(lat):
        assert (x8 + wnp.ones(2, dtype=wnp.uint8)).dtype == np.int16
        assert (wnp.ones(2, dtype=wnp.float16) * 0.5).dtype == np.float16
        with pytest.raises(wnp.TypePromotionError) as info:
            x8 + 1.5
        assert "'no-mixing'" in str(info.value) and "int8" in str(info.value)
        assert "weak float" in str(info.value)
        assert wnp.result_type(wnp.uint16, wnp.int8) == np.int32
    # outside the block the default lattice is back
    assert (x8 + 1.5).dtype == np.float64


def test_rebuilt_lattices_share_one_mode():
    """A lattice rebuilt per call is the same promotion mode (the kernel caches per mode
    object: without this, each rebuild would add ~60 caches of 35x35 entries)."""
    from weaknp._core.config import get_mode  # noqa: PLC0415 - the mode object itself

    seen = set()
    x8 = wnp.ones(2, dtype=wnp.int8)
    for _ in range(5):
        with wnp.promotion_mode(wnp.Lattice(dict(TOY), name="no-mixing")):
            assert (x8 + wnp.ones(2, dtype=wnp.uint8)).dtype == np.int16
            seen.add(id(get_mode()))
    assert len(seen) == 1
    # different content (here only the name, which error messages show) is another mode
    with wnp.promotion_mode(wnp.Lattice(dict(TOY), name="other-name")):
        assert id(get_mode()) not in seen
        with pytest.raises(wnp.TypePromotionError, match="'other-name'"):
            x8 + 1.5
    with wnp.promotion_mode(wnp.Lattice(dict(TOY), name="no-mixing", defaults="x32")):
        assert id(get_mode()) not in seen
        assert wnp.asarray(1.0).dtype == np.float32


def test_lattice_join_error_names_lattice_and_pair():
    with pytest.raises(wnp.TypePromotionError) as info:
        BUILTIN["option-1"].join("int8", "uint64")
    msg = str(info.value)
    assert "'option-1'" in msg and "int8 and uint64" in msg
    with wnp.promotion_mode("option-3"), pytest.raises(wnp.TypePromotionError) as info:
        wnp.ones(2, dtype=wnp.uint64) + wnp.ones(2, dtype=wnp.float32)
    assert "'option-3'" in str(info.value) and "float32 and uint64" in str(info.value)


def test_table_method_of_custom_nodes():
    rows = BUILTIN["standard"].table(["int8", "uint8", "i*"], short=False)
    assert rows == [["", "int8", "uint8", "i*"], ["int8", "int8", "int16", "int8"],
                    ["uint8", "int16", "uint8", "uint8"], ["i*", "int8", "uint8", "i*"]]


# ---------------------------------------------------------------------------------------
# Invalid lattices: each error names the culprit.

def test_cycle_is_named():
    edges = dict(TOY, float64=["complex128", "float16"])
    with pytest.raises(wnp.LatticeError) as info:
        wnp.Lattice(edges, name="loop")
    msg = str(info.value)
    assert "Lattice 'loop'" in msg and "cycle" in msg
    assert "float16 -> float32 -> float64 -> float16" in msg


def test_two_least_upper_bounds_are_named():
    # uint8 and int8 both reach int16 and float16, which are unordered.
    edges = dict(TOY, uint8=["uint16", "int16", "float16"], int8=["int16", "float16"])
    with pytest.raises(wnp.LatticeError) as info:
        wnp.Lattice(edges, name="numpyish")
    msg = str(info.value)
    assert "Lattice 'numpyish'" in msg
    assert "uint8 and int8 have no unique least upper bound" in msg or \
        "int8 and uint8 have no unique least upper bound" in msg
    assert "candidates: float16, int16" in msg


def test_missing_dtype_node_is_named():
    edges = {k: [v for v in vs if v != "bfloat16"] for k, vs in TOY.items()}
    with pytest.raises(wnp.LatticeError, match="every dtype node must be present; "
                                               "missing: bfloat16;"):
        wnp.Lattice(edges, name="nobf")
    lat = wnp.Lattice(edges, name="isolated-bf", nodes=["bfloat16"])
    assert lat.join("bfloat16", "bfloat16") == (np.dtype("bfloat16"), False)
    with pytest.raises(wnp.TypePromotionError):
        lat.join("bfloat16", 1.0)


def test_unknown_node_spelling_is_named():
    with pytest.raises(wnp.LatticeError, match=r"'int7' is not a node"):
        wnp.Lattice(dict(TOY, int8=["int16", "int7"]))


def test_bad_defaults():
    with pytest.raises(wnp.LatticeError, match="defaults must be"):
        wnp.Lattice(TOY, defaults="x16")


def test_promotion_mode_rejects_non_lattice():
    with pytest.raises(TypeError, match="a name or a weaknp.Lattice"):
        wnp.promotion_mode({"int8": ["int16"]})


def test_check_finds_a_broken_table():
    lat = wnp.Lattice(TOY, name="tampered")
    i8, u8 = wnp._core.lattice.Node.int8, wnp._core.lattice.Node.uint8
    lat.node_join[i8][u8] = wnp._core.lattice.Node.int32  # not commutative any more
    with pytest.raises(wnp.LatticeError, match="not commutative for (int8, uint8|uint8, int8)"):
        lat.check()


# ---------------------------------------------------------------------------------------
# x32 semantics.

def test_x32_defaults():
    with wnp.promotion_mode("jax-x32"):
        one = wnp.asarray(1.0)
        assert (str(one.dtype), one.weak_type) == ("float32", True)
        assert str(wnp.asarray(1).dtype) == "int32"
        assert str(wnp.asarray(1j).dtype) == "complex64"
        assert str(wnp.arange(3).dtype) == "int32"
        assert str(wnp.zeros(2).dtype) == "float32"
        assert str(wnp.asarray([1, 2]).dtype) == "int32"
        assert str(wnp.asarray([1.0]).dtype) == "float32"
        assert str(wnp.ones(2, dtype=int).dtype) == "int32"  # Python type: no warning
        assert str((wnp.ones(2, dtype=wnp.int8) + 1.5).dtype) == "float32"
        with pytest.raises(OverflowError, match="2147483648"):
            wnp.asarray(2**31)


@pytest.mark.parametrize("func, wide, narrow", [
    ("zeros", "int64", "int32"), ("ones", "float64", "float32"),
    ("zeros", "complex128", "complex64"), ("arange", "uint64", "uint32"),
])
def test_x32_explicit_64bit_request_warns_and_truncates(func, wide, narrow):
    msg = (f"Explicitly requested dtype {wide} requested in {func} is not available, and "
           f"will be truncated to dtype {narrow}")
    with wnp.promotion_mode("jax-x32"):
        with pytest.warns(UserWarning, match=msg) as rec:
            r = getattr(wnp, func)(3, dtype=wide)
        assert str(r.dtype) == narrow
    assert rec[0].filename == __file__  # the warning points at the caller


def test_x32_queries_and_numpy_inputs_do_not_truncate():
    with wnp.promotion_mode("jax-x32"):
        assert wnp.isdtype(wnp.int64, "integral")
        assert wnp.iinfo(wnp.int64).max == 2**63 - 1
        # JAX differs: NumPy 64-bit arrays are kept 64-bit (JAX reads them as 32-bit).
        big = wnp.asarray(np.arange(3, dtype=np.int64))
        assert str(big.dtype) == "int64" and str((big + 1).dtype) == "int64"
        assert str((big + wnp.ones(3, dtype=wnp.int8)).dtype) == "int64"


def test_x64_never_truncates():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert str(wnp.zeros(2, dtype="int64").dtype) == "int64"


# ---------------------------------------------------------------------------------------
# implicit_cast.

def test_implicit_cast():
    x = wnp.asarray([1, 2], dtype=wnp.int8)
    a, b = wnp.implicit_cast(x, 3)
    assert (str(a.dtype), a.weak_type, str(b.dtype), b.weak_type) == ("int8", False, "int8",
                                                                        False)
    assert b.shape == () and int(b) == 3
    u, i = wnp.implicit_cast(wnp.asarray([200], dtype=wnp.uint8), np.int8(-1))
    assert (str(u.dtype), str(i.dtype)) == ("int16", "int16")
    assert (int(u[0]), int(i)) == (200, -1)
    p, q = wnp.implicit_cast(1, 2.5)
    assert (str(p.dtype), p.weak_type, float(p), float(q)) == ("float64", True, 1.0, 2.5)
    (only,) = wnp.implicit_cast(wnp.asarray(1.0, dtype=wnp.float16))
    assert str(only.dtype) == "float16"
    with pytest.raises(OverflowError):
        wnp.implicit_cast(x, 1000)
    with pytest.raises(wnp.TypePromotionError):
        wnp.implicit_cast(wnp.asarray([1.0], dtype=wnp.float8_e4m3fn), x, 1.0j)
    with pytest.raises(TypeError, match="implicit_cast: argument 1"):
        wnp.implicit_cast(x, "3")
    with pytest.raises(TypeError, match="at least one"):
        wnp.implicit_cast()
    with wnp.promotion_mode("jax-x32"):
        (w,) = wnp.implicit_cast(1.0)
        assert (str(w.dtype), w.weak_type) == ("float32", True)


def test_x32_index_results_are_int32():
    """JAX with x64 off: argmax/argsort/nonzero give int32 (literal, from jax 0.10.2)."""
    import weaknp as wnp_  # noqa: PLC0415
    with wnp_.promotion_mode("jax-x32"):
        x = wnp_.asarray([3, 1, 2])
        assert wnp_.argmax(x).dtype == wnp_.int32
        assert wnp_.argsort(x).dtype == wnp_.int32
        assert wnp_.nonzero(x)[0].dtype == wnp_.int32
        assert wnp_.__array_namespace_info__().default_dtypes()["indexing"] == wnp_.int32
    assert wnp_.argmax(wnp_.asarray([3, 1])).dtype == wnp_.int64
