"""The notebook corpus: public NumPy tutorials and exercises run cell by cell, once with
``np`` as NumPy and once with ``np`` as weaknp, compared by value (issue 25, "How to judge
it").

Each source (``cells_<source>.py``, made by ``corpus_extract.py``) is a list of cells;
cells of one document (a notebook, a chapter file) run in order in one namespace per
library, so later cells see earlier results, as in a notebook.  ``import numpy`` inside a
cell gives weaknp in the weaknp run (``from numpy.lib.stride_tricks import ...`` gives
weaknp's module where it has one, else NumPy's, whose functions reach weaknp through NEP
18).  A cell's outcome:

* ``skip``: it needs what this runner does not give (a plot window, a file, the network,
  IPython syntax) or is slow; the reason is in ``SKIP_RULES``/``SKIP``;
* ``numpy-error``: NumPy itself raises (not counted);
* ``pass``: weaknp runs it and every name the cell mentions, its displayed value (the
  last expression) and its printed output agree with NumPy's by value (``numpy.asarray``
  of both, shapes equal, close within the dtype's precision with NaN equal; dtypes may
  differ where the lattice says so; printed numbers compared loosely);
* ``fail``: weaknp raises, or a value differs; ``cause`` says which.  A cell that fails
  only because an earlier one did (a name that weaknp's run lacks) is marked ``cascade``.
  After a failing cell the names it bound are copied from NumPy's run (as weaknp arrays
  where weaknp carries the dtype), so one refusal does not fail the rest of a document.

Random draws are reproducible in both runs: NumPy's global generator is seeded before
each cell and ``default_rng()`` without a seed gets seed 0 (weaknp draws NumPy's bits).
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import importlib
import io
import re
import types
import warnings
from dataclasses import dataclass

import numpy

SOURCES = ("numpy_100", "pdsh", "sp_lectures", "numpy_guide", "numpy_tutorials")

#: (pattern over the cell's code, reason): cells this runner cannot run as their authors did.
SKIP_RULES = [
    (r"(?m)^\s*[%!]|\?\s*$|^\s*\w[\w.]*\?", "IPython syntax (magics, shell, help)"),
    (r"plt\.|matplotlib|pylab|seaborn|\.plot\(|imshow", "draws a plot"),
    (r"urlopen|urllib|requests\.|https?://", "needs the network"),
    (r"\bopen\(|np\.(load|save|savez|savetxt|loadtxt|genfromtxt|fromfile|memmap)\b|\.tofile\("
     r"|np\.DataSource|pd\.read_|\.to_csv\(|imread|misc\.face|datasets\.", "reads or writes files"),
    (r"\binput\(", "asks for input"),
    (r"\bhelp\(|np\.info\(|np\.lookfor|show_config|np\.__version__|numpy\.__version__",
     "prints the installation's own text"),
    (r"\btimeit\b|\btime\.time\(|perf_counter", "times the code"),
    (r"\bid\(|\.ctypes\b|__array_interface__\[|sys\.getsizeof|np\.may_share_memory|"
     r"np\.shares_memory|\.base\b|\.flags\b|\.strides\b", None),  # memory layout: run
]

#: Cells skipped by id, with the reason (slow ones: the corpus test runs in seconds).
SKIP = {
    "numpy_100:076": "slow: builds a large array of random windows",
    "numpy_guide:quickstart:029": "shows uninitialised memory (np.empty), different in any "
                                  "two runs",
    "numpy_guide:quickstart:149": "shows id(a), different in any two runs",
}

#: Documents skipped whole, with the reason: their cells work on a data set the corpus does
#: not hold (a download, or a data file of the tutorial's repository, which is not copied).
SKIP_DOCUMENTS = {
    "numpy_tutorials:tutorial-deep-learning-on-mnist": "needs the network (downloads MNIST)",
    "numpy_tutorials:tutorial-svd": "needs the network (scipy.datasets.face downloads it)",
    "numpy_tutorials:tutorial-x-ray-image-processing":
        "reads or writes files (the tutorial's X-ray images)",
    "numpy_tutorials:tutorial-air-quality-analysis":
        "reads or writes files (the tutorial's air-quality-data.csv)",
    "numpy_tutorials:tutorial-ma":
        "reads or writes files (the tutorial's who_covid_19_sit_rep_time_series.csv)",
    "numpy_tutorials:mooreslaw-tutorial": "reads or writes files (the tutorial's transistor_data.csv)",
}


@dataclass
class Outcome:
    cell: str
    status: str            # pass, fail, skip, numpy-error
    cause: str = ""
    cascade: bool = False  # a name that weaknp's run lacks because an earlier cell failed
    stale: bool = False    # mentions a name an earlier failing cell left different


def cells(source):
    return importlib.import_module(f"cells_{source}").CELLS


def _skip_reason(cell_id, code):
    if cell_id in SKIP:
        return SKIP[cell_id]
    if _document(cell_id) in SKIP_DOCUMENTS:
        return SKIP_DOCUMENTS[_document(cell_id)]
    code = re.sub(r"#.*", "", code)    # what comments say is not run
    for pattern, reason in SKIP_RULES:
        if reason and re.search(pattern, code):
            return reason
    return None


# -- the two libraries --------------------------------------------------------------------

def _weaknp_import(real_import, weaknp):
    """``__import__`` for the weaknp run: ``numpy`` is weaknp; ``numpy.x.y`` is weaknp's
    ``x.y`` where weaknp has it, else NumPy's."""
    def imp(name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and (name == "numpy" or name.startswith("numpy.")):
            if not fromlist or name == "numpy":
                return weaknp
            mod = weaknp
            for part in name.split(".")[1:]:
                mod = getattr(mod, part, None)
                if mod is None:
                    return real_import(name, globals, locals, fromlist, level)
            return mod
        return real_import(name, globals, locals, fromlist, level)
    return imp


def _namespaces():
    import weaknp

    wb = dict(vars(builtins))
    wb["__import__"] = _weaknp_import(builtins.__import__, weaknp)
    # ``np`` is bound from the start: a document's import may sit in a skipped cell
    return ({"__name__": "__corpus__", "__builtins__": builtins, "np": numpy},
            {"__name__": "__corpus__", "__builtins__": wb, "np": weaknp})


@contextlib.contextmanager
def _reproducible():
    """Seeded draws, and NumPy's global state (print options, ``seterr``, the legacy
    generator) as it was before: cells set them (``np.set_printoptions``, ``np.seterr``)."""
    real = numpy.random.default_rng

    def default_rng(seed=None):
        return real(0 if seed is None else seed)

    numpy.random.default_rng = default_rng
    state = numpy.random.get_state()
    try:
        with numpy.printoptions(), numpy.errstate():
            yield
    finally:
        numpy.random.default_rng = real
        numpy.random.set_state(state)


def _run(code, ns, seed):
    """``(displayed value, printed text, exception)`` of one cell in ``ns``."""
    tree = ast.parse(code)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    out = io.StringIO()
    numpy.random.seed(seed)
    value = None
    try:
        with contextlib.redirect_stdout(out), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(compile(tree, "<cell>", "exec"), ns)
            if last is not None:
                value = eval(compile(last, "<cell>", "eval"), ns)
    except Exception as e:   # the cell's own error, reported as its outcome
        return None, out.getvalue(), e
    return value, out.getvalue(), None


# -- comparing by value -------------------------------------------------------------------

_SKIPPED_TYPES = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, type,
                  types.MethodType, types.GeneratorType)
_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|\bnan\b|\binf\b")
#: What only a repr says (``dtype=int64``, ``weak_type=True``): not compared.
_REPR_ONLY = re.compile(r",?\s*(?:(?:dtype|weak_type)=[\w.']+|shape=\([\d, ]*\))")


def _is_arrayish(x):
    import weaknp

    return isinstance(x, (numpy.ndarray, numpy.generic, bool, int, float, complex,
                          weaknp.Array))


def _rtol(a, b):
    kinds = {a.dtype, b.dtype}
    if any(d.itemsize <= 2 and d.kind in "fc" or "bfloat" in str(d) or "float8" in str(d)
           for d in kinds):
        return 1e-2
    if any(d == numpy.float32 or d == numpy.complex64 for d in kinds):
        return 1e-5
    return 1e-9


def differ(a, b, depth=0):
    """None when NumPy's ``a`` and weaknp's ``b`` agree by value, else a short reason."""
    if depth > 20:
        return None
    if isinstance(a, _SKIPPED_TYPES) or callable(a) and not _is_arrayish(a):
        return None
    if _is_arrayish(a) or _is_arrayish(b):
        try:
            x, y = numpy.asarray(a), numpy.asarray(b)
        except Exception as e:
            return f"not an array: {type(b).__name__} ({type(e).__name__})"
        if x.shape != y.shape:
            return f"shape {y.shape}, NumPy {x.shape}"
        if x.dtype.kind in "fcbiu" and y.dtype.kind in "fcbiu":
            try:
                xs, ys = x.astype(complex if "c" in x.dtype.kind + y.dtype.kind else float), \
                    y.astype(complex if "c" in x.dtype.kind + y.dtype.kind else float)
            except (TypeError, ValueError):
                return None
            rtol = _rtol(x, y)
            finite = numpy.abs(xs[numpy.isfinite(xs)])
            atol = rtol * float(finite.max()) if finite.size else 0.0   # rounding near 0
            if not numpy.allclose(xs, ys, rtol=rtol, atol=atol, equal_nan=True):
                return "values differ"
            return None
        if x.dtype.kind != y.dtype.kind and not {x.dtype.kind, y.dtype.kind} <= set("OUS"):
            return f"dtype kind {y.dtype.kind}, NumPy {x.dtype.kind}"
        try:
            eq = bool(numpy.all(x == y)) if x.dtype.kind != "V" else x.tobytes() == y.tobytes()
        except Exception:
            return None
        return None if eq else "values differ"
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            return f"length {len(b)}, NumPy {len(a)}"
        for u, v in zip(a, b):
            r = differ(u, v, depth + 1)
            if r:
                return r
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            return "dict keys differ"
        for k in a:
            r = differ(a[k], b[k], depth + 1)
            if r:
                return r
        return None
    if isinstance(a, str) and isinstance(b, str):
        return printed_differ(a, b)
    if isinstance(a, numpy.dtype) or isinstance(b, numpy.dtype):
        return None   # dtypes may differ where the lattice says so
    return None       # other objects: not compared


def printed_differ(a: str, b: str):
    """Printed text compared loosely: the same numbers (close), else the same words."""
    a, b = _REPR_ONLY.sub("", a), _REPR_ONLY.sub("", b)
    na, nb = _NUMBER.findall(a), _NUMBER.findall(b)
    if na or nb:
        if len(na) != len(nb):
            return "printed output differs"
        x = numpy.array([float(v) for v in na])
        y = numpy.array([float(v) for v in nb])
        return None if numpy.allclose(x, y, rtol=1e-3, atol=1e-6, equal_nan=True) else \
            "printed numbers differ"
    def norm(s):
        return re.sub(r"\s+|array|dtype=\w+|weak_type=\w+", "", s, flags=re.I)
    return None if norm(a) == norm(b) else "printed output differs"


def _names(code):
    """The top-level names a cell mentions (read, bound or mutated)."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Name) and node.id not in found:
            found.append(node.id)
    return found


def _resync(names, ns_np, ns_w):
    """After a failing cell: its names as NumPy's run left them, in weaknp's run."""
    import weaknp

    kept = set()
    for n in names:
        v = ns_np.get(n)
        if not (_is_arrayish(v) or isinstance(v, (list, tuple, dict, str))):
            if n in ns_np and not isinstance(v, _SKIPPED_TYPES):
                kept.add(n)
            continue   # objects (generators of random numbers, ...) stay each run's own
        if isinstance(v, numpy.ndarray):
            try:
                v = weaknp.asarray(v)
            except Exception:
                pass
        ns_w[n] = v
    return kept


# -- running a source ---------------------------------------------------------------------

def _document(cell_id):
    return cell_id.rsplit(":", 1)[0]


def run_source(source):
    outcomes = []
    doc = None
    stale = set()    # names a failing cell bound that its NumPy values could not replace
    with _reproducible():
        for i, (cell_id, code) in enumerate(cells(source)):
            if _document(cell_id) != doc:
                doc = _document(cell_id)
                ns_np, ns_w = _namespaces()
                stale = set()
            reason = _skip_reason(cell_id, code)
            if reason is None:
                try:
                    ast.parse(code)
                except SyntaxError:
                    reason = "IPython syntax (not Python)"
            if reason is not None:
                outcomes.append(Outcome(cell_id, "skip", reason))
                continue
            v_np, out_np, err_np = _run(code, ns_np, i)
            v_w, out_w, err_w = _run(code, ns_w, i)    # (run anyway: the states stay alike)
            if err_np is not None:
                outcomes.append(Outcome(cell_id, "numpy-error", type(err_np).__name__))
                continue
            names = _names(code)
            cause = None
            if err_w is not None:
                msg = str(err_w).splitlines()[0] if str(err_w) else ""
                cause = f"{type(err_w).__name__}: {msg}"
            else:
                for n in names:
                    if n in ns_np:
                        r = differ(ns_np[n], ns_w.get(n))
                        if r:
                            cause = f"{n}: {r}"
                            break
                if cause is None:
                    r = differ(v_np, v_w)
                    cause = f"displayed value: {r}" if r else None
                if cause is None:
                    r = printed_differ(out_np, out_w)
                    cause = r
            if cause is None:
                outcomes.append(Outcome(cell_id, "pass"))
            else:
                cascade = isinstance(err_w, NameError) and getattr(err_w, "name", None) in ns_np
                outcomes.append(Outcome(cell_id, "fail", cause, cascade,
                                        bool(stale.intersection(names))))
                stale.update(_resync(names, ns_np, ns_w))
    return outcomes


def run_all(sources=SOURCES):
    return {s: run_source(s) for s in sources}


# -- causes, rates, the expected-failures table -------------------------------------------

#: (pattern over a failure's cause, what it is): the failures by cause, named by the part of
#: issue 25 that owns them ("dtypes", "mapoly", "stores"), by a decided deviation, or
#: "open:" (a gap found and not fixed yet, with the issue that found it).
CAUSES = [
    (r"datetime64|timedelta|arange: start must be a real number, got str",
     "dtypes: datetime64/timedelta64"),
    (r"is not a dtype weaknp supports|numpy\.void\b",
     "dtypes: structured (record) dtypes and views to them"),
    (r"numpy\.(str_|bytes_)|element of type (str|bytes)", "dtypes: string arrays"),
    (r"element of type range", "dtypes: arrays from range objects"),
    (r"'ma'|masked", "mapoly: numpy.ma"),
    (r"'polynomial'|poly1d|Polynomial", "mapoly: numpy.polynomial"),
    (r"weaknp does not provide numpy\.core\b",
     "decided (76): numpy.core is NumPy's deprecated private alias (use wnp.rec, ...)"),
    (r"weaknp does not provide numpy\.recarray\b",
     "decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class"),
    (r"storing .* would change their dtype",
     "decided (70): a store of values that are not exact in the array's dtype "
     "(NumPy truncates)"),
    (r"has no attribute '__array_interface__'",
     "decided (73): no __array_interface__ on Array (np.asarray(x) has it)"),
    (r"does not provide numpy\.record\b",
     "decided (74): weaknp.rec gives plain Arrays of record dtypes, no recarray class"),
    (r"view: type= \(an ndarray subclass\)",
     "decided (76): an Array is not an ndarray subclass (x.view(an ndarray subclass) has no "
     "weaknp meaning)"),
    (r"variable-width StringDType", "decided (79): NumPy's variable-width StringDType is not "
                                     "carried (fixed-width U is)"),
]

_GUIDE = "numpy_guide:"
_FIELD_ATTRIBUTES = ("decided (74): weaknp.rec gives plain Arrays of record dtypes, no "
                     "recarray class (fields by r['name'], not r.name)")

#: Causes named cell by cell, where the error alone does not say.
CELL_CAUSES = {
    "numpy_100:068": "decided (76): an Array is not an ndarray subclass (pandas' groupby(key) "
                     "takes it for a function)",
    "numpy_100:063": "decided (76): an Array is not an ndarray subclass (x.view(an ndarray "
                     "subclass) has no weaknp meaning)",
    "numpy_100:085": "decided (76): an Array is not an ndarray subclass (x.view(an ndarray "
                     "subclass) has no weaknp meaning)",
    **dict.fromkeys([f"{_GUIDE}basics.rec:{n:03d}" for n in (91, 93, 94, 95, 104, 105)],
                    _FIELD_ATTRIBUTES),
    f"{_GUIDE}byteswapping:014": "decided (96): weaknp arrays hold native byte order (a "
                                 "non-native view is read into native values, so tobytes() "
                                 "gives native bytes)",
    f"{_GUIDE}basics.dispatch:002": "decided (31): weaknp's elementwise functions are "
                                    "weaknp.ufunc objects, not numpy.ufunc instances",
    f"{_GUIDE}basics.interoperability:044": "decided (45): 0-d arrays are weaknp's scalars "
                                            "(type(np.sum(x)) is Array, not numpy.int64)",
    f"{_GUIDE}basics.interoperability:050": "decided (94): weaknp's functions read a dask "
                                            "array as an array-like (computed), not through "
                                            "dask's __array_function__",
    f"{_GUIDE}basics.strings:015": "decided (79): NumPy's variable-width StringDType is not "
                                   "carried (fixed-width U is)",
    f"{_GUIDE}basics.strings:018": "decided (72): str and None in one list make an object "
                                   "array in NumPy; object stays refused",
    f"{_GUIDE}basics.types:019": "decided (45): a 0-d Array is weaknp's scalar but compares "
                                 "as an array (S arrays ignore trailing NULs; NumPy's "
                                 "bytes_ scalar compares as Python bytes)",
    f"{_GUIDE}basics.ufuncs:019": "decided (19, 72): weaknp.typecodes leaves out longdouble "
                                  "('g', 'G') and object ('O'), so the table is smaller",
}


def cause_of(outcome, earlier=None):
    """The named cause of a failing cell (``cascade of <cell>`` when it only fails because
    an earlier one did)."""
    cascade = f"cascade of {earlier}" if earlier else "cascade of an earlier failure"
    if outcome.cascade:
        return cascade
    if outcome.cell in CELL_CAUSES:
        return CELL_CAUSES[outcome.cell]
    for pattern, what in CAUSES:
        if re.search(pattern, outcome.cause):
            return what
    return cascade if outcome.stale else f"unclassified: {outcome.cause[:160]}"


def failures(results):
    """``{cell id: cause}`` of every failing cell, in corpus order."""
    found = {}
    for outs in results.values():
        last = None
        for o in outs:
            if o.status == "fail":
                found[o.cell] = cause_of(o, last)
                if not found[o.cell].startswith("cascade"):
                    last = o.cell
    return found


def rates(results):
    """``(passed, counted, failed only by cascade)`` over the cells NumPy runs."""
    passed = sum(o.status == "pass" for outs in results.values() for o in outs)
    failed = sum(o.status == "fail" for outs in results.values() for o in outs)
    cascades = sum(c.startswith("cascade") for c in failures(results).values())
    return passed, passed + failed, cascades


def write_expected(results, path):
    """Write ``corpus_expected.py``: today's failures (``{cell: cause}``) and pass rate."""
    passed, counted, _ = rates(results)
    table = failures(results)
    lines = ['"""The corpus\'s expected failures and pass rate, written by '
             '``python tests/corpus/report.py --write-expected``.',
             "",
             "Every entry is a cell id -> the named cause: a pending item of issue 25 with the "
             "part that",
             'owns it ("dtypes:", "mapoly:", "stores:"), a decided deviation ("decided"), a gap '
             'found and',
             'not fixed yet ("open:"), or a cascade of an earlier failing cell.  '
             "tests/corpus/test_corpus.py",
             "fails when a listed cell passes or an unlisted one fails: re-run the command "
             "after a change",
             'and review the diff."""',
             "",
             f"#: passed / counted cells (NumPy runs them) when written: {passed}/{counted}",
             f"MIN_PASS_RATE = {passed} / {counted}",
             "",
             "EXPECTED_FAILURES = {"]
    for cell, cause in table.items():
        lines.append(f"    {cell!r}: {cause!r},")
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
