"""Hostile input: nothing crashes the interpreter, and both builds give the same outcome.

Every case runs in a fresh interpreter (``subprocess``), so a crash fails its test instead
of ending the run.  Each group of cases runs once per build -- the compiled core (when it
is installed) and the pure-Python one (``WEAKNP_PURE_PYTHON=1``) -- and each case's outcome
(an Array's dtype, weak flag, shape and bytes; another value's repr; or the exception's
type and message) is compared with a literal expectation and between the two builds.

The reproductions of issue 22 come first, each as reported; the rest extends them:
threads with modes, errors raised inside ``__index__``/``__float__``/``__array__``,
lying ``__len__``, gc in the middle, subclasses with ``__dict__`` and slots.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import weaknp as wnp

# The harness each group runs under: ``case(label, fn)`` prints one JSON line per case
# (flushed, so a crash shows the last case reached).
_HARNESS = '''
import gc, json, sys, threading, warnings
import numpy as np
import weaknp as wnp
warnings.simplefilter("error")

def _outcome(fn):
    try:
        r = fn()
    except BaseException as e:  # noqa: BLE001 - the exception is the outcome
        return ["raise", type(e).__name__, str(e)]
    if isinstance(r, wnp.Array):
        d = np.asarray(r)
        return ["array", str(r.dtype), bool(r.weak_type), list(d.shape), d.tobytes().hex()]
    return ["value", repr(r)]

def case(label, fn):
    print(json.dumps([label, _outcome(fn)]), flush=True)
'''


def _run(body: str, pure: bool) -> dict:
    env = dict(os.environ)
    env.pop("WEAKNP_PURE_PYTHON", None)
    if pure:
        env["WEAKNP_PURE_PYTHON"] = "1"
    code = _HARNESS + textwrap.dedent(body)
    p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                       text=True, timeout=300)
    lines = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("[")]
    reached = lines[-1][0] if lines else "(none)"
    assert p.returncode == 0, (
        f"{'pure' if pure else 'compiled'} build: exit code {p.returncode} after case "
        f"{reached!r}\n{p.stderr[-2000:]}")
    return {label: tuple(o[:2]) if o[0] == "raise" and len(o) > 2 and label.endswith("~")
            else tuple(o) for label, o in lines}


def _builds():
    """The builds to run: this process's own; the compiled run of the suite runs the pure
    build too, and compares (the pure run of the suite, ``WEAKNP_PURE_PYTHON=1``, has no
    compiled build to compare with, or has already been compared in the compiled run)."""
    return [True, False] if wnp.__compiled__ else [True]


def check(body: str, expected: dict) -> None:
    """Run ``body`` in each build; every case's outcome must equal ``expected[label]``: a
    tuple (``("raise", type, message fragment)`` matches a message containing the
    fragment), and the builds must agree exactly (labels ending in ``~`` compare the
    exception type only: their messages are Python's and Cython's own wording)."""
    results = {}
    for pure in _builds():
        results[pure] = got = _run(body, pure)
        assert set(got) == set(expected), (sorted(got), sorted(expected))
        for label, want in expected.items():
            o = got[label]
            if want[0] == "raise":
                assert o[:2] == want[:2] and (len(want) < 3 or want[2] in o[2]), (label, o)
            else:
                assert o == want, (label, o, want)
    if len(results) == 2:
        assert results[True] == results[False]


# ---------------------------------------------------------------------------------------
# Issue 22's reproductions.

def test_lists_that_contain_themselves_or_nest_1e5_deep_raise():
    body = '''
    x = wnp.arange(3)
    for name, L in (("self", None), ("deep", None)):
        if name == "self":
            L = [1]
            L.append(L)
        else:
            L = [1]
            for _ in range(100_000):
                L = [L]
        case(f"{name} asarray", lambda: wnp.asarray(L))
        case(f"{name} asarray int8", lambda: wnp.asarray(L, dtype=wnp.int8))
        case(f"{name} x + L", lambda: x + L)
        case(f"{name} add", lambda: wnp.add(x, L))
        case(f"{name} ==", lambda: x == L)
        def store():
            x[:] = L
        case(f"{name} store", store)
        case(f"{name} where", lambda: wnp.where(x > 0, x, L))
        case(f"{name} index", lambda: x[L])
        case(f"{name} [L]", lambda: wnp.asarray([[L]]))
    '''
    expected = {}
    for name in ("self", "deep"):
        for label, fn in (("asarray", "asarray"), ("asarray int8", "asarray"),
                          ("x + L", "add"), ("add", "add"), ("==", "equal"),
                          ("store", "__setitem__"), ("where", "where"),
                          ("index", "__getitem__"), ("[L]", "asarray")):
            expected[f"{name} {label}"] = (
                "raise", "ValueError", f"{fn}: the nested sequence is more than 64 levels deep")
    check(body, expected)


def test_iteration_survives_a_reshape_or_resize_in_place():
    body = '''
    def reshaped():
        x = wnp.arange(8.0)
        it = iter(x)
        first = next(it)
        np.asarray(x).shape = (2, 4)
        return [float(first)] + [e.tolist() for e in it]
    case("reshape", reshaped)
    def resized():
        x = wnp.arange(8.0)
        it = iter(x)
        np.asarray(x).resize((1,), refcheck=False)
        return [float(e) for e in it]
    case("resize", resized)
    def grown():
        x = wnp.arange(3.0)
        it = iter(x)
        np.asarray(x).resize((5,), refcheck=False)
        return [float(e) for e in it]
    case("grow", grown)
    def changed():
        x = wnp.arange(3.0)
        out = []
        for e in x:
            out.append(float(e))
            x[2] = 7.0
        return out
    case("changed", changed)
    '''
    check(body, {"reshape": ("value", "[0.0, [4.0, 5.0, 6.0, 7.0]]"),
                 "resize": ("value", "[0.0]"),
                 "grow": ("value", "[0.0, 1.0, 2.0, 0.0, 0.0]"),
                 "changed": ("value", "[0.0, 1.0, 7.0]")})


def test_in_place_operators_with_foreign_operands_raise():
    body = '''
    for name, v in (("None", None), ("str", "abc"), ("object", object()), ("dict", {})):
        def iadd(v=v):
            x = wnp.arange(3)
            x += v
            return x
        case(f"+= {name}", iadd)
        def imul(v=v):
            x = wnp.arange(3)
            x *= v
            return x
        case(f"*= {name}", imul)
    '''
    # a str is an operand outside the lattice (decision 72): NumPy has no int + str loop
    expected = {"+= str": ("raise", "TypeError", "add: NumPy defines no add for int64 and "
                                                 "string <U3"),
                "*= str": ("raise", "TypeError", "multiply: NumPy defines no multiply for "
                                                 "int64 and string <U3")}
    for name, t in (("None", "NoneType"), ("object", "object"), ("dict", "dict")):
        expected[f"+= {name}"] = ("raise", "TypeError",
                                  f"unsupported operand type(s) for +=: 'Array' and '{t}'")
        expected[f"*= {name}"] = ("raise", "TypeError",
                                  f"unsupported operand type(s) for *=: 'Array' and '{t}'")
    check(body, expected)


def test_elements_share_no_memory():
    body = '''
    def own(e):
        """The element's buffer is its own: no base (NumPy's allocation), or a base that
        is no array and exposes no buffer (the compiled build's storage of one element)."""
        base = np.asarray(e).base
        if base is None:
            return True
        try:
            memoryview(base)
        except TypeError:
            return not isinstance(base, np.ndarray) and not hasattr(base, "__array__")
        return False
    x = wnp.asarray([1.0, 2.0, 3.0])
    a, b = x[0], x[1]
    case("base", lambda: own(a) and own(b))
    def write():
        np.asarray(a)[...] = 9.0
        return [float(a), float(b), x.tolist()]
    case("write", write)
    els = list(x)
    case("iter base", lambda: [own(e) for e in els])
    m = wnp.asarray([[1, 2], [3, 4]], dtype=wnp.int16)
    case("2-d element base", lambda: own(m[1, 0]))
    '''
    check(body, {"base": ("value", "True"), "write": ("value", "[9.0, 2.0, [1.0, 2.0, 3.0]]"),
                 "iter base": ("value", "[True, True, True]"),
                 "2-d element base": ("value", "True")})


def test_replaced_new_and_assigned_del_and_bad_nodes():
    body = '''
    wnp.Array.__new__ = lambda cls, *a: 5
    x = wnp.arange(3)
    case("new replaced", lambda: x + 1)
    case("new replaced x[0]", lambda: x[0])
    case("new replaced iter", lambda: [e.tolist() for e in x])
    gone = []
    wnp.Array.__del__ = lambda self: gone.append(1)
    def dels():
        y = x + 1
        del y
        return len(gone)
    case("del runs", dels)
    del wnp.Array.__del__
    for name, v in (("huge", 10**6), ("negative", -1), ("str", "a"), ("none", None)):
        def bad(v=v):
            y = wnp.arange(3)
            y._node = v
            return y + 1
        case(f"node {name}~", bad)
    case("pow mod", lambda: pow(x, 2, 5))
    case("rpow mod", lambda: x.__rpow__(2, 5))
    '''
    check(body, {
        "new replaced": ("array", "int64", False, [3], "010000000000000002000000000000000300000000000000"),
        "new replaced x[0]": ("array", "int64", False, [], "0000000000000000"),
        "new replaced iter": ("value", "[0, 1, 2]"),
        "del runs": ("value", "1"),
        "node huge~": ("raise", "IndexError"),
        "node negative~": ("raise", "ValueError"),
        "node str~": ("raise", "TypeError"),
        "node none~": ("raise", "TypeError"),
        "pow mod": ("raise", "TypeError", "pow: the three-argument form pow(a, b, mod) is "
                                          "not supported (Array, int, int)"),
        "rpow mod": ("raise", "TypeError", "pow: the three-argument form"),
    })


def test_many_lattices_and_modes_from_four_threads():
    body = '''
    TOY = {"bool": ["i*"], "i*": ["uint8", "int8", "f*"], "uint8": ["uint16", "int16"],
           "uint16": ["uint32", "int32"], "uint32": ["uint64", "int64"], "int8": ["int16"],
           "int16": ["int32"], "int32": ["int64"], "f*": ["float16", "bfloat16", "c*"],
           "float16": ["float32"], "float32": ["float64", "complex64"],
           "float64": ["complex128"], "c*": ["complex64"], "complex64": ["complex128"]}
    lats = [wnp.Lattice(dict(TOY), name=f"toy{i}") for i in range(12)]
    modes = lats + ["standard", "x32", "strict"]
    want = {"standard": "int64", "x32": "int32", "strict": None}
    x = wnp.asarray([1, 2], dtype=wnp.uint32)
    y = wnp.asarray([1, 2], dtype=wnp.int32)
    f = wnp.asarray([1.0, 2.0], dtype=wnp.float32)
    errors = []
    def work(k):
        try:
            for i in range(1500):
                m = modes[(i * 7 + k) % len(modes)]
                with wnp.promotion_mode(m):
                    try:
                        dt = str((x + y).dtype)
                    except wnp.TypePromotionError:
                        dt = None
                    expect = "int64" if not isinstance(m, str) else want[m]
                    assert dt == expect, (m, dt)
                    (f * 2.5).sum()
                    wnp.where(x > 1, x, 3)
                    wnp.asarray([[1, 2], [3, 4]])
        except BaseException as e:  # noqa: BLE001
            errors.append(f"{type(e).__name__}: {e}")
    ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    case("threads", lambda: errors[:3])
    '''
    check(body, {"threads": ("value", "[]")})


# ---------------------------------------------------------------------------------------
# Beyond the reproductions: user objects that raise or lie, gc in the middle, subclasses.

def test_user_objects_that_raise_or_lie():
    body = '''
    class BadIndex:
        def __index__(self):
            raise ZeroDivisionError("from __index__")
    class BadFloat:
        def __float__(self):
            raise ZeroDivisionError("from __float__")
    class BadArray:
        def __array__(self, dtype=None, copy=None):
            raise ZeroDivisionError("from __array__")
    class LyingSeq:
        def __len__(self):
            return 5
        def __getitem__(self, i):
            if i >= 2:
                raise IndexError(i)
            return float(i)
    class LyingList(list):
        def __len__(self):
            return 100
    x = wnp.arange(4)
    case("index raises", lambda: x[BadIndex()])
    case("index raises in tuple", lambda: wnp.ones((2, 2))[0, BadIndex()])
    case("float raises in list~", lambda: wnp.asarray([1.0, BadFloat()]))
    case("float raises operand~", lambda: x + BadFloat())
    case("array raises", lambda: wnp.asarray(BadArray()))
    case("array raises operand", lambda: x + BadArray())
    case("array raises in list", lambda: wnp.asarray([BadArray()]))
    case("lying seq~", lambda: wnp.asarray(LyingSeq()))
    case("lying list", lambda: wnp.asarray(LyingList([1, 2])))
    case("lying list nested", lambda: wnp.asarray([LyingList([1, 2]), [3, 4]]))
    case("lying list operand", lambda: x[:2] + LyingList([1, 2]))
    '''
    check(body, {
        # NumPy reads a failing __index__ as "not an index" (its own IndexError)
        "index raises": ("raise", "IndexError", "only integers, slices"),
        "index raises in tuple": ("raise", "IndexError", "only integers, slices"),
        "float raises in list~": ("raise", "TypeError"),
        "float raises operand~": ("raise", "TypeError"),
        "array raises": ("raise", "ZeroDivisionError", "from __array__"),
        # operators do not read foreign objects through __array__ (NotImplemented)
        "array raises operand": ("raise", "TypeError", "unsupported operand type(s) for +"),
        "array raises in list": ("raise", "TypeError", "asarray: cannot convert an element of "
                                                       "type BadArray to an array element"),
        # NumPy's own reading of the sequence (it stops at the IndexError)
        "lying seq~": ("array", "float64", False, [2], "0000000000000000000000000000f03f"),
        "lying list": ("array", "int64", False, [2], "01000000000000000200000000000000"),
        "lying list nested": ("array", "int64", False, [2, 2],
                              "01000000000000000200000000000000"
                              "03000000000000000400000000000000"),
        "lying list operand": ("array", "int64", False, [2], "01000000000000000300000000000000"),
    })


def test_gc_in_the_middle_and_subclasses():
    body = '''
    calls = []
    def collect(phase, info):
        calls.append(phase)
    gc.callbacks.append(collect)
    gc.set_threshold(1, 1, 1)   # a collection at nearly every allocation
    x = wnp.arange(6.0)
    def churn():
        out = 0.0
        for _ in range(200):
            y = (x + 1) * 2.0
            out += float(y.sum()) + float(y[3]) + sum(float(e) for e in y)
            wnp.asarray([[1.5, 2], [3, 4]])
        return out
    case("gc churn", churn)
    gc.set_threshold(700, 10, 10)
    gc.callbacks.remove(collect)
    case("gc ran", lambda: len(calls) > 0)
    class WithDict(wnp.Array):
        pass
    class WithSlots(wnp.Array):
        __slots__ = ("extra",)
    for cls in (WithDict, WithSlots):
        case(f"{cls.__name__} new", lambda cls=cls: cls.__new__(cls))
        case(f"{cls.__name__} call", lambda cls=cls: cls([1, 2]))
    case("Array new", lambda: wnp.Array.__new__(wnp.Array))
    '''
    total = 0.0
    for _ in range(200):
        y = [(i + 1) * 2.0 for i in range(6)]
        total += sum(y) + y[3] + sum(y)
    check(body, {
        "gc churn": ("value", repr(total)),
        "gc ran": ("value", "True"),
        "WithDict new": ("raise", "TypeError", "Array cannot be constructed directly"),
        "WithDict call": ("raise", "TypeError", "Array cannot be constructed directly"),
        "WithSlots new": ("raise", "TypeError", "Array cannot be constructed directly"),
        "WithSlots call": ("raise", "TypeError", "Array cannot be constructed directly"),
        "Array new": ("raise", "TypeError", "Array cannot be constructed directly"),
    })


def test_pure_and_compiled_agree_on_a_corpus_of_ordinary_and_edge_calls():
    """Values, dtypes, weak flags, exception types *and messages* of a few hundred calls."""
    body = '''
    import itertools
    dts = ["bool", "int8", "uint8", "int32", "int64", "uint64", "float16", "bfloat16",
           "float32", "float64", "complex64", "float4_e2m1fn", "int4"]
    scalars = [0, 1, -1, 127, 128, -129, 2**63, -2**63 - 1, 2**64, 0.5, -0.0, 1e39,
               float("inf"), float("nan"), 1 + 2j, True]
    arrays = {}
    for name in dts:
        base = [1, 0] if name != "int4" else [1, -1]
        if name == "bool":
            base = [True, False]
        arrays[name] = wnp.asarray(base, dtype=getattr(wnp, name))
    arrays["weak"] = wnp.asarray(2.5)
    arrays["weak int"] = wnp.asarray(3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for (an, a), s in itertools.product(arrays.items(), scalars):
            for op in ("+", "*", "<", "==", "//", "**"):
                case(f"{an} {op} {s!r}", lambda: eval(f"a {op} s"))
                case(f"{s!r} {op} {an}", lambda: eval(f"s {op} a"))
        for (an, a), (bn, b) in itertools.product(arrays.items(), repeat=2):
            case(f"{an} + {bn}", lambda: a + b)
            case(f"{an} < {bn}", lambda: a < b)
        for an, a in arrays.items():
            for key in (0, -1, 2, -3, (0,), (), slice(None), [0, 0], [True, False], 2**70,
                        None, Ellipsis, 1.0):
                case(f"{an}[{key!r}]", lambda: a[key])
            case(f"iter {an}", lambda: [e for e in a][:1] if a.ndim else iter(a))
            case(f"sum {an}", lambda: a.sum())
            case(f"where {an}", lambda: wnp.where(a > 0, a, 2))
        for nest in ([1, 2.5], [[1, 2], [3]], [True, 2], [1, 2**64], [[1j]], [], [[]],
                     [1, [2]], (1, (2, 3)), [wnp.asarray(1.0), 2], [np.float32(1), 2],
                     [2**63 - 1, -2**63], [float("nan"), 1]):
            case(f"asarray {nest!r}", lambda: wnp.asarray(nest))
            case(f"asarray {nest!r} int8", lambda: wnp.asarray(nest, dtype=wnp.int8))
    '''
    results = {pure: _run(body, pure) for pure in _builds()}
    assert len(results[True]) > 2000
    if len(results) == 2:
        diff = [(k, results[True][k], results[False].get(k)) for k in results[True]
                if results[True][k] != results[False].get(k)]
        assert not diff, f"{len(diff)} cases differ (label, pure, compiled):\n" + "\n".join(
            map(repr, diff[:20]))


def test_elements_of_dtypes_outside_the_lattice_are_numpy_s():
    """The C element copy takes a dtype's template from its type number; for records,
    strings, bytes and dates that template is size 0 or unit-less (a record element read
    as V0, and a copy past a 0-byte buffer for items over 16 bytes): those elements take
    NumPy's path in both builds (decision 72).  Expected values: NumPy's own ``d[i]``."""
    body = '''
    rec = np.zeros(3, dtype=[("name", "U10"), ("age", "i4")])
    rec["age"] = [30, 20, 10]
    for label, d in (("record", rec), ("str", np.array(["a" * 40, "b"])),
                     ("bytes", np.array([b"xy" * 20, b"z"])),
                     ("date", np.array(["2025-01-02", "NaT"], dtype="M8[s]")),
                     ("delta", np.array([3, 4], dtype="m8[h]"))):
        x = wnp.asarray(d)
        case(label + " x[0]", lambda x=x: x[0])
        case(label + " x[1,]", lambda x=x: x[(1,)])
        case(label + " iter", lambda x=x: [e for e in x][-1])
    '''
    import numpy as np
    rec = np.zeros(3, dtype=[("name", "U10"), ("age", "i4")])
    rec["age"] = [30, 20, 10]
    expected = {}
    for label, d in (("record", rec), ("str", np.array(["a" * 40, "b"])),
                     ("bytes", np.array([b"xy" * 20, b"z"])),
                     ("date", np.array(["2025-01-02", "NaT"], dtype="M8[s]")),
                     ("delta", np.array([3, 4], dtype="m8[h]"))):
        for key, i in ((" x[0]", 0), (" x[1,]", 1), (" iter", len(d) - 1)):
            e = np.asarray(d[i])
            expected[label + key] = ("array", str(e.dtype), False, [], e.tobytes().hex())
    check(body, expected)
