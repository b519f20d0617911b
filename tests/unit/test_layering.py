"""Each module of weaknp imports only from lower layers; section modules not from each other;
no module below the public package reaches it through ``sys.modules`` or ``importlib``."""

import ast
import pathlib

import pytest

import weaknp

PKG = pathlib.Path(weaknp.__file__).parent

#: Every module of the package and its layer.  A module missing here fails
#: ``test_every_module_has_a_layer``; a name here without a module fails
#: ``test_every_layer_names_a_module`` (so this list cannot go stale).
LAYER = {
    "_dtypes": 0, "_config": 0, "_errors": 0, "_device": 0,
    "_lattice": 1,
    "_promotion": 2, "_ops": 2,
    "_kernel": 3,
    "_dispatch": 3.5,
    "_interop": 3.6,     # the public namespace handed down (bind / namespace), NEP 18
    "_stored": 3.7,      # the rule of stored values
    "_convert": 3.8,     # conversion of array-likes
    "_methods": 3.9,     # NumPy's ndarray methods (Array's mixin), x.flat
    "_array": 4,
    "_operands": 4.1,    # function arguments read, joined and cast to the join
    "_reduce": 4.5, "_scalar_types": 4.5, "_ufunc": 4.6,
    "_creation": 5, "_data_types": 5, "_elementwise": 5, "_manipulation": 5, "_searching": 5,
    "_sorting": 5, "_sets": 5, "_statistical": 5, "_utility": 5, "_indexing": 5,
    "_linear_algebra": 5, "_info": 5, "_linalg_extension": 5, "_fft": 5, "_constants": 5,
    "_random": 5,
    # NumPy-compatible modules (5.5 may import the sections, never each other)
    "_np_emath": 5.5, "_np_iter": 5.5, "_np_manip": 5.5, "_np_elementwise": 5.5,
    "_np_io": 5.5, "_np_utility": 5.5, "_np_products": 5.5,
    "_np_reduce": 5.5, "_np_select": 5.5, "_np_strides": 5.5, "_np_testing": 5.5,
    "_np_types": 5.5, "_scale": 5.5,
    "_np_poly1d": 5.6,   # the polynomial class, on _np_products' functions
    "_numpy_compat": 5.7,
    "__init__": 6, "testing": 6, "emath": 6, "exceptions": 6, "linalg": 6, "fft": 6,
    "random": 6, "scale": 6, "__main__": 6, "_cli": 6, "_audit": 6,
}


def _layer(name):
    return LAYER[name]


def _typing_only(tree):
    """Nodes under ``if TYPE_CHECKING:`` (annotations only: no import at run time)."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and \
                node.test.id == "TYPE_CHECKING":
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return skip


def _imports(path):
    tree = ast.parse(path.read_text())
    skip = _typing_only(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                yield node.module.split(".")[0]
            else:
                yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and \
                node.module.startswith("weaknp"):
            parts = node.module.split(".")
            yield parts[1] if len(parts) > 1 else "__init__"
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("weaknp"):
                    parts = a.name.split(".")
                    yield parts[1] if len(parts) > 1 else "__init__"


MODULES = sorted(PKG.glob("*.py"))


def test_every_module_has_a_layer():
    missing = [p.stem for p in MODULES if p.stem not in LAYER]
    assert not missing, f"give these modules a layer in this test: {missing}"


def test_every_layer_names_a_module():
    stems = {p.stem for p in MODULES}
    stale = sorted(name for name in LAYER if name not in stems)
    assert not stale, f"these modules no longer exist; remove them from LAYER: {stale}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_imports_point_down(path):
    me = _layer(path.stem)
    for target in _imports(path):
        them = _layer(target)
        if me == them and me in (5, 5.5):
            pytest.fail(f"{path.stem} (layer {me}) imports {target}: modules of one section "
                        f"layer must not import each other; move the shared helper down")
        assert them < me or (me == 6 and them <= 6), (
            f"{path.stem} (layer {me}) imports {target} (layer {them})")


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


@pytest.mark.parametrize("path", [p for p in MODULES if LAYER.get(p.stem, 6) < 6],
                         ids=lambda p: p.stem)
def test_no_reach_around_the_imports(path):
    # The public namespace is handed down through _interop.namespace() instead.
    hits = _reaches_modules(path)
    assert not hits, (f"{path.stem} (layer {LAYER[path.stem]}) uses sys.modules or importlib "
                      f"on lines {hits}: import from a lower layer, or call the public "
                      f"namespace through _interop.namespace()")


def test_the_reach_check_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import sys\nimport importlib\n\ndef f():\n    return sys.modules['weaknp']\n")
    assert _reaches_modules(bad) == [2, 5]


def test_typing_only_imports_are_not_counted(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ._array import A\n"
                 "from ._kernel import k\n")
    assert list(_imports(p)) == ["_kernel"]


def test_the_namespace_the_methods_call_is_the_package():
    from weaknp import _interop
    assert _interop.namespace() is weaknp


def test_every_op_row_is_bound_by_name_in_elementwise():
    """``_elementwise`` binds each op-table row by its name (``add = _FUNCTIONS["add"]``),
    never by position; every row of the op table is bound once."""
    from weaknp._ops import OPS
    tree = ast.parse((PKG / "_elementwise.py").read_text())
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

    from weaknp import _numpy_compat
    owners = {}
    sources = [n.module for n in ast.parse((PKG / "_numpy_compat.py").read_text()).body
               if isinstance(n, ast.ImportFrom) and n.names[0].name == "*"]
    sources += [n.module for n in ast.parse((PKG / "__init__.py").read_text()).body
                if isinstance(n, ast.ImportFrom) and n.names[0].name == "*"]
    sources += weaknp._LAZY_SECTIONS   # the sections the namespace binds on first use
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
        if LAYER[path.stem] >= 6:
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
    from weaknp import _random
    cls = getattr(_random, owner)
    names = [n for n in _random._COMMON if n in vars(cls)]
    assert len(names) == len(_random._COMMON)
    wrong = {n: vars(cls)[n].__name__ for n in names if vars(cls)[n].__name__ != n}
    assert not wrong
