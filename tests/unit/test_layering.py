"""Each module of weaknp imports only from lower layers; section modules not from each other."""

import ast
import pathlib

import pytest

import weaknp

PKG = pathlib.Path(weaknp.__file__).parent

LAYER = {
    "_dtypes": 0, "_config": 0, "_errors": 0, "_device": 0,
    "_lattice": 1,
    "_promotion": 2, "_ops": 2,
    "_kernel": 3, "_linalg_core": 3,
    "_dispatch": 3.5,
    "_array": 4, "_reduce": 4.5, "_ufunc": 4.6, "_scalar_types": 4.5,
    "_creation": 5, "_data_types": 5, "_elementwise": 5, "_manipulation": 5, "_searching": 5,
    "_sorting": 5, "_sets": 5, "_statistical": 5, "_utility": 5, "_indexing": 5,
    "_linear_algebra": 5, "_info": 5, "_linalg": 5, "_fft": 5, "_constants": 5,
    "_interop": 5, "_random": 5, "_lattices_api": 5,
    "_numpy_compat": 5.7, "_scale": 5.5,
    "__init__": 6, "testing": 6, "emath": 6, "exceptions": 6, "linalg": 6, "fft": 6,
    "random": 6, "scale": 6, "__main__": 6, "_cli": 6, "_audit": 6,
}


def _layer(name):
    if name.startswith("_np_"):  # NumPy-compat modules, aggregated by _numpy_compat
        return 5.5
    return LAYER[name]


def _imports(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
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


MODULES = sorted(p for p in PKG.glob("*.py"))


def test_every_module_has_a_layer():
    missing = [p.stem for p in MODULES if p.stem not in LAYER and not p.stem.startswith("_np_")]
    assert not missing, f"give these modules a layer in this test: {missing}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_imports_point_down(path):
    me = _layer(path.stem)
    for target in _imports(path):
        them = _layer(target)
        if me == 5 and them == 5:
            pytest.fail(f"{path.stem} (layer 5) imports {target}: section modules must not "
                        f"import each other; move the shared helper down a layer")
        assert them < me or (me == 6 and them <= 6), (
            f"{path.stem} (layer {me}) imports {target} (layer {them})")
