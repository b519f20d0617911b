"""Each module of weaknp imports only from lower layers; section modules not from each other;
no module below the public package reaches it through ``sys.modules`` or ``importlib``."""

import ast
import pathlib

import pytest

import weaknp

PKG = pathlib.Path(weaknp.__file__).parent

#: The layers, lowest first: a module imports only from lower layers, or from its own
#: subpackage's modules of a lower rank (``RANK``), so there is no import circle.  The
#: public modules (``__init__``, ``linalg``, ``fft``, ..., ``lib``) are the top layer.
LAYERS = ("_core", "_fast", "_array", "_api", "_numpy", "_tools", "public")

#: Every private module's rank inside its subpackage: it imports only modules of its own
#: subpackage with a lower rank.  Modules of one rank in ``_api`` and ``_numpy`` are
#: sections: they never import each other (a helper two of them need moves down).  A
#: module missing here fails ``test_every_module_has_a_layer``; a name here without a
#: module fails ``test_every_layer_names_a_module`` (so this list cannot go stale).
RANK = {
    "_core": {"dtypes": 0, "config": 0, "errors": 0, "device": 0, "arguments": 0,
              "lattice": 1,
              "dtype_rules": 1,   # result, inexact, compute, native dtypes; casts
              "promotion": 2, "ops": 2,
              "narrow": 2,        # narrow floats reduced through float32 in blocks
              "scalars": 3,       # Python scalars and weak arrays narrowed to a dtype
              "plans": 3,         # an op's loop per dtype, its NumPy call, value fixes
              "outside": 3,       # ops on strings, records, dates: NumPy's own rules
              "entries": 4,       # what the dispatch core executes
              "kernel": 5,        # in-place, matmul, clip
              "sortkeys": 1},     # the stable sort by the fastest exact route
    "_fast": {"nocython": 0, "narrow": 1,   # narrow floats in float32 blocks
              "dispatch": 2,
              "calls": 3, "lists": 3},   # cimport from dispatch, never from each other
    "_array": {"interop": 0,     # the public namespace handed down (bind / namespace)
               "stored": 1,      # the rule of stored values
               "convert": 2,     # conversion of array-likes
               "methods": 3,     # NumPy's ndarray methods (Array's mixin), x.flat
               "array": 4,
               "operands": 5},   # function arguments read, joined and cast to the join
    "_api": {"reduce": 0, "scalar_types": 0, "ufunc": 1,   # the shared machinery
             **dict.fromkeys(("creation", "data_types", "elementwise", "manipulation",
                              "searching", "sorting", "sets", "statistical", "utility",
                              "indexing", "linear_algebra", "info", "linalg", "fft",
                              "constants"), 2)},
    "_numpy": {"multiarray": 0,  # NumPy's C-level functions and the wrappers the others share
               **dict.fromkeys(("umath", "numeric", "fromnumeric", "einsumfunc", "arrayprint",
                                "ufunc_config", "numerictypes", "function_base", "histograms",
                                "twodim_base", "shape_base", "index_tricks", "arraysetops",
                                "type_check", "ufunclike", "polynomial", "npyio", "utils",
                                "scimath", "stride_tricks", "testing", "random",
                                "polyseries", "ma_methods", "char", "records", "datetimes",
                                "recfunctions"), 1),
               "nanfunctions": 2,  # on fromnumeric's and function_base's reductions, as NumPy's
               "polyclasses": 2,   # the series classes, on polyseries' dtype rule
               "ma_core": 2,       # MaskedArray (ma_methods is its mixin), the masked ufuncs
               "ma_extras": 3,     # masking by condition, median, joining, creation
               "namespace": 3},    # aggregates the NumPy-only functions
    "_tools": {"audit_sites": 0, "scale": 0, "einops_backend": 0,
               "audit_report": 1,   # findings and the report, on audit_sites' view of a call
               "audit": 2,          # the context manager: wraps the public boundary
               "audit_runner": 3,   # python -m weaknp audit SCRIPT
               "cli": 4},
}
#: Ranks at which modules are sections (no imports among them).
SECTIONS = {("_api", 2), ("_numpy", 1)}


def _module_id(path):
    """``_core.dtypes`` for ``src/weaknp/_core/dtypes.py``; ``_array`` for its package's
    ``__init__``; ``__init__``, ``linalg``, ``lib.stride_tricks`` for public modules."""
    parts = list(path.relative_to(PKG).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


def _layer(module_id):
    """``(layer index, package, rank)`` of a module id."""
    first = module_id.split(".")[0]
    if first not in RANK:
        return (LAYERS.index("public"), "public", 0)
    rest = module_id[len(first) + 1:]
    # a subpackage's __init__ is its facade: above every module of it
    rank = RANK[first][rest] if rest else max(RANK[first].values()) + 1
    return (LAYERS.index(first), first, rank)


def _typing_only(tree):
    """Nodes under ``if TYPE_CHECKING:`` (annotations only: no import at run time)."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and \
                node.test.id == "TYPE_CHECKING":
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return skip


def _known(module_id):
    return module_id in IDS


def _imports(path, me=None):
    """The weaknp module ids ``path`` imports (``me``: its module id)."""
    me = me if me is not None else _module_id(path)
    parts = me.split(".") if me != "__init__" else []
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text())
    skip = _typing_only(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.level:
            base = parts if is_package else parts[:-1]
            base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
            mod = [*base, *(node.module.split(".") if node.module else [])]
            for a in node.names:
                sub = ".".join([*mod, a.name])
                yield sub if _known(sub) else (".".join(mod) or "__init__")
        elif isinstance(node, ast.ImportFrom) and node.module and \
                node.module.split(".")[0] == "weaknp":
            mod = node.module.split(".")[1:]
            for a in node.names:
                sub = ".".join([*mod, a.name])
                yield sub if _known(sub) else (".".join(mod) or "__init__")
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "weaknp":
                    yield ".".join(a.name.split(".")[1:]) or "__init__"


MODULES = sorted(PKG.rglob("*.py"))
IDS = {_module_id(p) for p in MODULES}


def test_every_module_has_a_layer():
    missing = [m for m in sorted(IDS) if m.split(".")[0] in RANK and
               m != m.split(".")[0] and m.split(".", 1)[1] not in RANK[m.split(".")[0]]]
    assert not missing, f"give these modules a rank in this test: {missing}"
    stray = [m for m in sorted(IDS) if m.startswith("_") and m.split(".")[0] not in RANK and
             m not in ("__init__", "__main__")]
    assert not stray, f"private modules belong in a layer's subpackage: {stray}"


def test_every_layer_names_a_module():
    stale = sorted(f"{pkg}.{name}" for pkg, names in RANK.items() for name in names
                   if f"{pkg}.{name}" not in IDS)
    assert not stale, f"these modules no longer exist; remove them from RANK: {stale}"


@pytest.mark.parametrize("path", MODULES, ids=_module_id)
def test_imports_point_down(path):
    me_id = _module_id(path)
    me = _layer(me_id)
    for target in _imports(path):
        them = _layer(target)
        if me[1] == "public":
            continue   # the public namespaces re-export from every layer
        if me[1] == "_tools" and target == "__init__":
            continue   # the tools drive the public namespace (which loads them lazily)
        if them[1] == me[1] and (me[1], me[2]) in SECTIONS and them[2] == me[2]:
            pytest.fail(f"{me_id} imports {target}: modules of one section layer must not "
                        f"import each other; move the shared helper down")
        assert them[0] < me[0] or (them[1] == me[1] and them[2] < me[2]), (
            f"{me_id} ({me[1]}, rank {me[2]}) imports {target} ({them[1]}, rank {them[2]})")


def test_the_layer_rule_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from .._api import creation\nfrom .kernel import x\n")
    assert list(_imports(bad, me="_core.dtypes")) == ["_api.creation", "_core.kernel"]
    assert _layer("_api.creation")[0] > _layer("_core.dtypes")[0]


def _reaches_modules(path):
    """Lines where ``path`` names ``sys.modules`` or ``importlib`` (a way around imports
    this test would not see)."""
    tree = ast.parse(path.read_text())
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "modules" and \
                isinstance(node.value, ast.Name) and node.value.id == "sys":
            hits.append(node.lineno)
        elif isinstance(node, ast.Import) and any(a.name.split(".")[0] == "importlib"
                                                  for a in node.names):
            hits.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("importlib"):
            hits.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "__import__":
            hits.append(node.lineno)
    return hits


@pytest.mark.parametrize("path", [p for p in MODULES if _layer(_module_id(p))[1] not in
                                  ("public", "_tools")], ids=_module_id)
def test_no_reach_around_the_imports(path):
    # The public namespace is handed down through _array.interop.namespace() instead.
    hits = _reaches_modules(path)
    assert not hits, (f"{_module_id(path)} uses sys.modules or importlib on lines {hits}: "
                      f"import from a lower layer, or call the public namespace through "
                      f"_array.interop.namespace()")


def test_the_reach_check_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import sys\nimport importlib\n\ndef f():\n    return sys.modules['weaknp']\n")
    assert _reaches_modules(bad) == [2, 5]


def test_typing_only_imports_are_not_counted(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .._array import A\n"
                 "from .kernel import k\n")
    assert list(_imports(p, me="_core.ops")) == ["_core.kernel"]


def test_the_namespace_the_methods_call_is_the_package():
    from weaknp._array import interop as _interop
    assert _interop.namespace() is weaknp


def test_every_op_row_is_bound_by_name_in_elementwise():
    """``_elementwise`` binds each op-table row by its name (``add = _FUNCTIONS["add"]``),
    never by position; every row of the op table is bound once."""
    from weaknp._core.ops import OPS
    tree = ast.parse((PKG / "_api" / "elementwise.py").read_text())
    bound = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript) and \
                isinstance(node.value.value, ast.Name) and node.value.value.id == "_FUNCTIONS":
            key = node.value.slice.value
            assert key not in bound, f"{key} is bound twice"
            bound[key] = node.targets[0].id
    assert set(bound) == {op.name for op in OPS}
    renamed = {k: v for k, v in bound.items() if k != v}
    assert renamed == {"round": "_round0"}   # round(a, decimals) is written by hand


def test_every_public_name_has_one_owner():
    """No name is defined in two of the modules the namespace star-imports: a second
    definition would silently shadow (or be shadowed by) the first."""
    import importlib

    from weaknp._numpy import namespace as _numpy_compat
    owners = {}
    sources = [f"_numpy.{n.module}" for n in
               ast.parse((PKG / "_numpy" / "namespace.py").read_text()).body
               if isinstance(n, ast.ImportFrom) and n.names[0].name == "*"]
    sources += [n.module for n in ast.parse((PKG / "__init__.py").read_text()).body
                if isinstance(n, ast.ImportFrom) and n.names[0].name == "*"]
    # the sections the namespace binds on first use
    sources += [f"_api.{s}" for s in weaknp._LAZY_SECTIONS]
    assert len(sources) > 15
    for name in sources:
        for public in importlib.import_module(f"weaknp.{name}").__all__:
            owners.setdefault(public, []).append(name)
    twice = {k: v for k, v in owners.items() if len(v) > 1}
    assert not twice, f"defined in more than one module: {twice}"
    assert _numpy_compat.__all__


def test_every_name_called_through_the_namespace_exists():
    """The names lower layers call through ``_interop.namespace()`` (``x.sum()`` is
    ``weaknp.sum(x)``) resolve at call time: each must be a public function."""
    called = set()
    for path in MODULES:
        if _layer(_module_id(path))[1] == "public":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Call) and \
                    isinstance(node.value.func, ast.Name) and node.value.func.id == "namespace":
                called.add(node.attr)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id == "_delegate":
                called.add(node.args[0].value)
    assert {"sum", "permute_dims", "astype", "ufunc"} <= called
    missing = sorted(n for n in called if not callable(getattr(weaknp, n, None)))
    assert not missing, f"called through the namespace but not public: {missing}"


@pytest.mark.parametrize("owner", ["Generator", "RandomState"])
def test_generated_random_methods_are_bound_to_their_own_name(owner):
    """``_random`` binds its generated draw methods by tuple position: each attribute must
    carry the NumPy method of its own name."""
    from weaknp._numpy import random as _random
    cls = getattr(_random, owner)
    names = [n for n in _random._COMMON if n in vars(cls)]
    assert len(names) == len(_random._COMMON)
    wrong = {n: vars(cls)[n].__name__ for n in names if vars(cls)[n].__name__ != n}
    assert not wrong
