"""The type stubs (``src/weaknp/*.pyi``) against the runtime: the same public names in each
namespace, and for every public callable the same parameters (names, kinds, which have
defaults) as ``inspect.signature`` reports, ``Array``'s methods and the ufuncs included.

The stubs are parsed with ``ast`` (no type checker needed).  A name another change adds to
the namespace, or a parameter it adds, fails here until the stubs are regenerated with
``PYTHONPATH=src python tools/gen_stubs.py``.
"""

import ast
import importlib
import importlib.util
import inspect
import pathlib
import types

import pytest

import weaknp
from weaknp._api.scalar_types import ScalarMeta
from weaknp._api.ufunc import ufunc

PKG = pathlib.Path(weaknp.__file__).resolve().parent
REGENERATE = ("the stubs are out of date: regenerate them with "
              "`PYTHONPATH=src python tools/gen_stubs.py` (from the checkout's root)")
MODULES = ("weaknp", "weaknp.linalg", "weaknp.fft", "weaknp.random", "weaknp.testing",
           "weaknp.emath", "weaknp.exceptions", "weaknp.scale", "weaknp.lib",
           "weaknp.lib.stride_tricks", "weaknp.typing")
P = inspect.Parameter


def _stub(modname):
    parts = modname.split(".")[1:]
    path = PKG.joinpath(*parts, "__init__.pyi") if (PKG.joinpath(*parts).is_dir()) \
        else PKG.joinpath(*parts[:-1], parts[-1] + ".pyi")
    return ast.parse(path.read_text(), str(path))


def _stub_all(tree):
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__":
            return [ast.literal_eval(e) for e in node.value.elts]
    raise AssertionError("stub without __all__")


def _params(fn, skip_first=False):
    """(name, kind, has default) of a stub ``def``'s parameters."""
    a = fn.args
    positional = [*a.posonlyargs, *a.args]
    defaults = [False] * (len(positional) - len(a.defaults)) + [True] * len(a.defaults)
    out = [(p.arg, P.POSITIONAL_ONLY if i < len(a.posonlyargs) else P.POSITIONAL_OR_KEYWORD,
            d) for i, (p, d) in enumerate(zip(positional, defaults))]
    if a.vararg:
        out.append((a.vararg.arg, P.VAR_POSITIONAL, False))
    out += [(p.arg, P.KEYWORD_ONLY, d is not None) for p, d in zip(a.kwonlyargs,
                                                                  a.kw_defaults)]
    if a.kwarg:
        out.append((a.kwarg.arg, P.VAR_KEYWORD, False))
    return out[1:] if skip_first else out


def _runtime(obj, skip_first=False):
    ps = list(inspect.signature(obj).parameters.values())
    return [(p.name, p.kind, p.default is not P.empty) for p in ps][1 if skip_first else 0:]


def _defs(body):
    """name -> the stub's ``def`` nodes (every overload) in a module or class body."""
    out = {}
    for node in body:
        if isinstance(node, ast.FunctionDef):
            out.setdefault(node.name, []).append(node)
    return out


def _classes(tree):
    return {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}


@pytest.mark.parametrize("modname", MODULES)
def test_names(modname):
    mod = importlib.import_module(modname)
    stub = _stub_all(_stub(modname))
    missing = sorted(set(mod.__all__) - set(stub))
    extra = sorted(set(stub) - set(mod.__all__))
    assert not missing and not extra, (
        f"{modname}: names without a stub {missing}, stubs of no name {extra}; {REGENERATE}")


@pytest.mark.parametrize("modname", [m for m in MODULES if m != "weaknp.typing"])
def test_function_signatures(modname):
    mod = importlib.import_module(modname)
    tree = _stub(modname)
    defs = _defs(tree.body)
    wrong = []
    for name in mod.__all__:
        obj = getattr(mod, name)
        if not isinstance(obj, types.FunctionType):
            continue
        if name not in defs:   # re-exported from NumPy (``from numpy... import``)
            assert any(isinstance(n, ast.ImportFrom) and any(a.asname == name
                                                            for a in n.names)
                       for n in tree.body), f"{modname}.{name}: no stub; {REGENERATE}"
            continue
        want = _runtime(obj)
        for fn in defs[name]:
            if _params(fn) != want:
                wrong.append(f"{name}: stub {_params(fn)} != runtime {want}")
    assert not wrong, f"{modname}: {len(wrong)} signatures differ; {REGENERATE}\n" + \
        "\n".join(wrong)


def test_ufuncs():
    tree = _stub("weaknp")
    declared = {n.target.id: ast.unparse(n.annotation) for n in tree.body
                if isinstance(n, ast.AnnAssign)}
    classes = _classes(tree)
    wrong = []
    for name in weaknp.__all__:
        u = getattr(weaknp, name)
        if not isinstance(u, ufunc):
            continue
        want = f"_UFunc_Nin{u.nin}_Nout{u.nout}"
        if declared.get(name) != want:
            wrong.append(f"{name}: declared {declared.get(name)}, want {want}")
            continue
        call = _defs(classes[want].body)["__call__"]
        assert all(_params(fn, True) == _runtime(u) for fn in call), want
    methods = _defs(classes["ufunc"].body)
    for name in ("reduce", "accumulate", "reduceat", "outer", "at", "resolve_dtypes"):
        for fn in methods[name]:
            if _params(fn, True) != _runtime(getattr(ufunc, name), True):
                wrong.append(f"ufunc.{name}")
    assert not wrong, f"{wrong}; {REGENERATE}"


def _is_property(fn):
    return any(ast.unparse(d) == "property" or ast.unparse(d).endswith(".setter")
               for d in fn.decorator_list)


_OPERATORS = {p + op for op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow",
                                "matmul", "and", "or", "xor", "lshift", "rshift")
              for p in ("", "r", "i")} | {"eq", "ne", "lt", "le", "gt", "ge", "neg", "pos",
                                          "abs", "invert", "getitem", "setitem", "iter",
                                          "len", "bool", "int", "float", "complex", "index"}


def test_array_members():
    Array = weaknp.Array
    stub = _defs(_classes(_stub("weaknp"))["Array"].body)
    public = {n for n in dir(Array) if not n.startswith("_")}
    public |= {n for k in Array.__mro__[:-1] for n in vars(k)
               if n.startswith("__") and n[2:-2] in _OPERATORS}
    missing = sorted(public - set(stub))
    assert not missing, f"Array members without a stub {missing}; {REGENERATE}"
    wrong = []
    for name, fns in stub.items():
        assert hasattr(Array, name), f"Array.{name}: stubbed but not at run time"
        value = inspect.getattr_static(Array, name)
        if _is_property(fns[0]) or isinstance(value, property):
            assert isinstance(value, property) and _is_property(fns[0]), name
            continue
        try:
            want = _runtime(getattr(Array, name), True)
        except ValueError:   # a slot wrapper without a signature (the compiled build)
            continue
        # The protocols (operators, ``__setitem__`` ...) take ``(self, value, /)`` in the
        # compiled core and ``(self, other)`` in the pure build: their stubs follow NumPy's
        # (positional-only operands); that they exist is checked above and below.
        if name.startswith("__"):
            continue
        for fn in fns:
            if _params(fn, True) != want:
                wrong.append(f"Array.{name}: stub {_params(fn, True)} != runtime {want}")
    assert not wrong, "\n".join(wrong) + f"\n{REGENERATE}"


def test_scalar_types():
    """Each of weaknp's scalar types is a class of the stub, or an alias of one."""
    tree = _stub("weaknp")
    classes = _classes(tree)
    aliases = {n.targets[0].id: n.value.id for n in tree.body
               if isinstance(n, ast.Assign) and isinstance(n.value, ast.Name)}
    for name in weaknp.__all__:
        t = getattr(weaknp, name)
        if isinstance(t, ScalarMeta):
            stub_name = aliases.get(name, name)
            assert stub_name == t.__name__ and stub_name in classes, (name, REGENERATE)
            base = ast.unparse(classes[stub_name].bases[0]) if classes[stub_name].bases \
                else None
            if base is not None and t.__bases__[0] is not object:
                assert base == t.__bases__[0].__name__, (name, base)


def test_typing_at_run_time():
    """``weaknp.typing``'s aliases work in annotations evaluated at run time."""
    import weaknp as np

    def f(x: np.typing.NDArray[np.float32]) -> np.Array[np.int8]:
        return x.astype(np.int8)

    hints = f.__annotations__
    assert hints["x"] == np.Array[np.float32]
    assert hints["x"].__origin__ is np.Array and hints["x"].__args__ == (np.float32,)
    assert np.typing is importlib.import_module("weaknp.typing")
    assert isinstance(np.asarray([1.0]), hints["x"].__origin__)


def test_stubs_are_the_generators_output():
    """The committed stubs are what tools/gen_stubs.py writes now (its type tables
    included); checked from a checkout, where the generator is."""
    path = pathlib.Path(__file__).resolve().parents[2] / "tools" / "gen_stubs.py"
    if not path.exists():
        pytest.skip("not a checkout: tools/gen_stubs.py is absent")
    spec = importlib.util.spec_from_file_location("_gen_stubs", path)
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    stale = [m for m in gen.MODULES
             if pathlib.Path(gen.stub_path(m)).read_text() != gen.module_lines(m)]
    assert not stale, f"{stale}: {REGENERATE}"
