"""Dtype and weak flag of NumPy's indexing, searching, set and index-trick functions
against ``jax.numpy`` (x64), for a few input kinds.

``KNOWN_DEVIATIONS`` maps a case id to the reason weaknp deliberately differs (each is
also listed in ``notes/np_index.md``); a deviation that JAX no longer shows fails the test
so the list cannot go stale.  Skips cleanly without jax.
"""

import pytest

import weaknp as wnp

jax = pytest.importorskip("jax")


def _data(m, kind):
    """A 1-D array of three elements of the given kind in namespace ``m``."""
    if kind == "weakf":
        return m.broadcast_to(m.asarray(1.0), (3,))
    if kind == "weaki":
        return m.broadcast_to(m.asarray(1), (3,))
    values = [True, False, True] if kind == "bool" else [2, 0, 1]
    return m.asarray(values, dtype=getattr(m, kind))


def _partner(m, kind):
    return {"int8": lambda: m.asarray([1], dtype=m.int8), "pyint": lambda: 1,
            "pyfloat": lambda: 0.5, "weakf": lambda: m.broadcast_to(m.asarray(0.5), (1,))
            }[kind]()


DATA_KINDS = ["int8", "float32", "bool", "weakf", "weaki"]
PARTNERS = ["int8", "pyint", "pyfloat", "weakf"]


def _cond(m):
    return m.asarray([True, False, True])


UNARY = {
    "argwhere": lambda m, x: m.argwhere(x),
    "flatnonzero": lambda m, x: m.flatnonzero(x),
    "nonzero": lambda m, x: m.nonzero(x),
    "argpartition": lambda m, x: m.argpartition(x, 1),
    "partition": lambda m, x: m.partition(x, 1),
    "lexsort": lambda m, x: m.lexsort((x,)),
    "digitize": lambda m, x: m.digitize(x, m.asarray([0.5, 1.5], dtype=m.float32)),
    "compress": lambda m, x: m.compress(_cond(m), x),
    "extract": lambda m, x: m.extract(_cond(m), x),
    "unique": lambda m, x: m.unique(x, return_index=True, return_inverse=True,
                                    return_counts=True),
    "sort_complex": lambda m, x: m.sort_complex(x),
    "piecewise": lambda m, x: m.piecewise(x, [_cond(m)], [lambda v: v, lambda v: v]),
    "ix_": lambda m, x: m.ix_(x),
    "packbits": lambda m, x: m.packbits(x),
}
PAIR = {
    "choose": lambda m, x, p: m.choose(m.asarray([0, 1, 0]), [x, p]),
    "select": lambda m, x, p: m.select([_cond(m)], [x], p),
    "union1d": lambda m, x, p: m.union1d(x, p),
    "intersect1d": lambda m, x, p: m.intersect1d(x, p),
    "setdiff1d": lambda m, x, p: m.setdiff1d(x, p),
    "setxor1d": lambda m, x, p: m.setxor1d(x, p),
    "r_": lambda m, x, p: m.r_[x, p],
}
NO_KIND = {
    "tril_indices": lambda m: m.tril_indices(3),
    "triu_indices": lambda m: m.triu_indices(3, 1, 4),
    "tril_indices_from": lambda m: m.tril_indices_from(m.zeros((2, 3), dtype=m.int8)),
    "triu_indices_from": lambda m: m.triu_indices_from(m.zeros((3, 3), dtype=m.float32)),
    "diag_indices": lambda m: m.diag_indices(3),
    "diag_indices_from": lambda m: m.diag_indices_from(m.zeros((2, 2), dtype=m.int8)),
    "mask_indices": lambda m: m.mask_indices(3, m.triu),
    "indices": lambda m: m.indices((2, 3)),
    "indices[sparse]": lambda m: m.indices((2, 3), sparse=True),
    "mgrid": lambda m: m.mgrid[0:2, 0:3],
    "mgrid[float]": lambda m: m.mgrid[0:1:3j],
    "ogrid": lambda m: m.ogrid[0:2, 0:3],
    "unravel_index[int8]": lambda m: m.unravel_index(m.asarray([1, 4], dtype=m.int8), (2, 3)),
    "unravel_index[pyint]": lambda m: m.unravel_index(4, (2, 3)),
    "unravel_index[int64]": lambda m: m.unravel_index(m.asarray([1, 4]), (2, 3)),
    "ravel_multi_index[int8]": lambda m: m.ravel_multi_index(
        (m.asarray([1], dtype=m.int8), m.asarray([2], dtype=m.int8)), (2, 3)),
    "ravel_multi_index[int64]": lambda m: m.ravel_multi_index(
        (m.asarray([1]), m.asarray([2])), (2, 3)),
    "r_[pyints]": lambda m: m.r_[1, 2, 3],
    "r_[slice]": lambda m: m.r_[0:3],
    "r_[float32-slice]": lambda m: m.r_[m.asarray([1.5], dtype=m.float32), 0:3],
    "c_[int8-uint8]": lambda m: m.c_[m.asarray([1], dtype=m.int8),
                                     m.asarray([2], dtype=m.uint8)],
    "unpackbits": lambda m: m.unpackbits(m.asarray([5], dtype=m.uint8)),
}

# Kinds per function, lean: the JAX oracle compiles every call (the file stays < 10 s).
INDEX_KINDS = ["int8", "bool", "weakf"]
UNARY_KINDS = {name: DATA_KINDS if name in ("unique", "partition", "piecewise", "ix_",
                                            "sort_complex", "compress")
               else INDEX_KINDS for name in UNARY}
_JOIN_PAIRS = [(k, p) for k in ("int8", "float32", "bool", "weakf")
               for p in ("int8", "pyint", "pyfloat")] + [("weakf", "weakf")]
_SET_PAIRS = [("int8", "pyfloat"), ("weakf", "int8"), ("bool", "pyint"), ("float32", "int8"),
              ("weaki", "pyint")]
PAIR_KINDS = {name: _JOIN_PAIRS if name in ("choose", "select", "r_") else _SET_PAIRS
              for name in PAIR}


def _unary_case(f, k):
    return lambda m: f(m, _data(m, k))


def _pair_case(f, k, p):
    return lambda m: f(m, _data(m, k), _partner(m, p))


CASES = {}
for _name, _f in UNARY.items():
    for _k in UNARY_KINDS[_name]:
        CASES[f"{_name}[{_k}]"] = _unary_case(_f, _k)
for _name, _f in PAIR.items():
    for _k, _p in PAIR_KINDS[_name]:
        CASES[f"{_name}[{_k},{_p}]"] = _pair_case(_f, _k, _p)
for _name, _f in NO_KIND.items():
    CASES[_name] = _f

_INT32 = "jax.numpy returns int32 even with x64; weaknp returns the indexing dtype (int64) " \
         "like argsort and searchsorted"
_INPUT_DTYPE = "jax.numpy returns the index input's dtype (weak for a Python int; int8 can " \
               "overflow for larger shapes); weaknp returns the indexing dtype, int64 strong"
_CHOOSE_WEAK = "jax.numpy's choose drops the weak flag when every choice is weak; weaknp " \
               "keeps the lattice join's flag, as select, where and JAX's own select do"
_BOOL_SORT = "jax.numpy refuses to partition bool arrays; weaknp sorts them as NumPy does"
_INEXACT_LEAKS = "jax.numpy's unique/set functions give a strong result for a weak float " \
                 "operand in some paths; weaknp keeps the lattice join's flag"
_PIECEWISE_WEAK = "jax.numpy's piecewise returns a strong array for a weak x; weaknp " \
                  "keeps x's dtype and flag (the output is written into a copy of x)"
_BOOL_IX = "jax.numpy does not implement bool arguments to ix_; weaknp gives NumPy's " \
           "indices of the true elements (indexing dtype)"

KNOWN_DEVIATIONS = {
    "piecewise[weakf]": _PIECEWISE_WEAK,
    "piecewise[weaki]": _PIECEWISE_WEAK,
    **{f"argpartition[{k}]": _INT32 for k in INDEX_KINDS if k != "bool"},
    **{f"digitize[{k}]": _INT32 for k in INDEX_KINDS},
    # every choose whose join is weak (a weak array or Python scalar meets a weak or bool
    # choice, or a Python float meets an integer array)
    **{f"choose[{c}]": _CHOOSE_WEAK for c in (
        "int8,pyfloat", "bool,pyint", "bool,pyfloat", "weakf,int8", "weakf,pyint",
        "weakf,pyfloat", "weakf,weakf")},
    "argpartition[bool]": _BOOL_SORT,
    "partition[bool]": _BOOL_SORT,
    "ix_[bool]": _BOOL_IX,
    "unravel_index[int8]": _INPUT_DTYPE,
    "unravel_index[pyint]": _INPUT_DTYPE,
    "ravel_multi_index[int8]": _INPUT_DTYPE,
}


@pytest.fixture(scope="module")
def jnp_x64(jnp):
    return jnp


def _signature(r):
    leaves = list(r) if isinstance(r, (list, tuple)) else [r]
    return [(str(x.dtype), bool(getattr(x, "weak_type", False))) for x in leaves]


def _jax_signature(build, jnp):
    """JAX's dtypes and weak flags, by abstract evaluation where the output shape does not
    depend on the values (no compilation), else eagerly."""
    try:
        return _signature(jax.eval_shape(lambda: build(jnp)))
    except (jax.errors.ConcretizationTypeError, jax.errors.NonConcreteBooleanIndexError,
            jax.errors.TracerArrayConversionError, jax.errors.TracerIntegerConversionError,
            jax.errors.TracerBoolConversionError):
        return _signature(build(jnp))


@pytest.mark.parametrize("case_id", list(CASES))
def test_dtype_and_weak_flag_match_jax(case_id, jnp_x64):
    build = CASES[case_id]
    try:
        got = _signature(build(wnp))
    except (TypeError, ValueError) as e:
        # weaknp refuses: JAX must refuse too (e.g. packbits of floats)
        with pytest.raises((TypeError, ValueError, NotImplementedError)):
            build(jnp_x64)
        assert case_id.split("[")[0] in str(e), e
        return
    try:
        want = _jax_signature(build, jnp_x64)
    except (TypeError, ValueError, NotImplementedError) as e:
        assert case_id in KNOWN_DEVIATIONS, f"jax.numpy refuses: {e}"
        return
    if case_id in KNOWN_DEVIATIONS:
        assert got != want, f"stale deviation {case_id}: both give {got}"
    else:
        assert got == want
