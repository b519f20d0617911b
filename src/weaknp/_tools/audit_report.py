"""The audit's findings: recording each disagreement by source line, and the report
(``print(report)``, ``report.as_dict()``, ``python -m weaknp audit``'s output).
"""

from __future__ import annotations

import linecache
import os
import threading
import warnings
from collections import Counter

import numpy as np

from .._core.config import validate_mode
from .._core.lattice import BUILTIN, DOC_NODES
from .audit_sites import (
    NumPyRaises, Skip, buffer_of, label_of, is_plain, signature_of, signature_label,
    strong_dtypes, to_numpy,
)

__all__ = ["Finding", "Report"]

_SEP = "\x1f"
thread_state = threading.local()      # .busy: the audit itself is computing (oracle, re-run)
LOCK = threading.Lock()


class Finding:
    """One kind of disagreement at one source line, with how often it happened.

    Attributes: ``file``, ``line``, ``source`` (the line's text), ``op`` (the operation as
    the report writes it, e.g. ``'int32 * float32'`` or ``'int32.mean()'``), ``operands``
    (their labels; ``weak`` marks Python scalars and weak arrays), ``numpy`` (NumPy's
    dtype), ``weaknp`` (weaknp's dtype, or ``'raises TypePromotionError'``), ``count``,
    ``kind`` (``'widening'``, ``'precision'``, ``'other'``, ``'raises'``, ``'refused'``)
    and ``message`` (the error of a refusal or raise, else None).
    """

    __slots__ = ("file", "line", "source", "op", "operands", "numpy", "weaknp", "count",
                 "kind", "wide64", "message")

    def __init__(self, file, line, source, op, operands, numpy, weaknp, count, kind,
                 wide64=False, message=None):
        self.file, self.line, self.source, self.op = file, line, source, op
        self.operands, self.numpy, self.weaknp, self.count = operands, numpy, weaknp, count
        self.kind, self.wide64, self.message = kind, wide64, message

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__}

    def __repr__(self):
        return (f"Finding({self.file}:{self.line}: {self.op} -> numpy {self.numpy}, "
                f"weaknp {self.weaknp}, x{self.count}, {self.kind})")


_KIND_TEXT = {
    "widening": "NumPy widens", "precision": "lattice loses precision",
    "other": "other", "raises": "only weaknp raises", "refused": "",
}


def _classify(strong, np_sig, w_sig):
    """``(kind, to 64 bits?)`` of a dtype disagreement."""
    if isinstance(np_sig, tuple) or isinstance(w_sig, tuple):
        pairs = [(a, b) for a, b in zip(np_sig, w_sig) if a != b] \
            if isinstance(np_sig, tuple) and isinstance(w_sig, tuple) else []
        if not pairs:
            return "other", False
        np_sig, w_sig = pairs[0]

    def fits(src, dst):
        try:
            return bool(np.can_cast(src, dst, "safe"))
        except TypeError:
            return False

    if any(not fits(s, w_sig) and fits(s, np_sig) for s in strong):
        return "precision", False
    if np_sig.itemsize > w_sig.itemsize and np_sig.kind == w_sig.kind or (
            np_sig.itemsize > w_sig.itemsize and fits(w_sig, np_sig)):
        return "widening", np_sig.itemsize * (2 if np_sig.kind != "c" else 1) >= 16
    return "other", False


def _display_path(path: str) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith(os.pardir) else rel


def _n(k: int, noun: str) -> str:
    return f"{k} {noun}{'' if k == 1 else 's'}"


class Report:
    """The recording of audited calls and the report of their disagreements (the
    base of :class:`weaknp.audit`, which installs the wrappers that feed it)."""

    def __init__(self, mode):
        self.mode = validate_mode(mode, source="audit")
        lattice = BUILTIN[self.mode] if isinstance(self.mode, str) else self.mode
        self.refusals = any(lattice.node_join[a][b] is None
                            for _, a in DOC_NODES for _, b in DOC_NODES)
        self.run_mode = "standard" if self.refusals else self.mode
        self.calls = 0          # calls recorded (made from outside weaknp)
        self.checked = 0        # ... whose result could be compared
        self.unchecked: Counter = Counter()   # "op: reason" -> count
        self.not_wrapped: list[str] = []
        self.label = "weaknp.audit"
        self._found: dict = {}  # key -> [count, extra]

    # -- recording ---------------------------------------------------------------------
    def _record(self, site, file, line, args, kwargs, result, exc):
        thread_state.busy = True
        try:
            self._record_call(site, file, line, args, kwargs, result, exc)
        except Exception as e:  # noqa: BLE001 - the audit must never break the script
            with LOCK:
                self.unchecked[f"{site.name}: audit error {type(e).__name__}: {e}"] += 1
        finally:
            thread_state.busy = False

    def _record_call(self, site, file, line, args, kwargs, result, exc):
        with LOCK:
            self.calls += 1
        if site.kind == "setitem":
            if exc is not None:
                self._record_store(file, line, args, exc)
            return
        if exc is not None:
            # weaknp raised: a finding when NumPy, run for real, does not.
            try:
                n = site.numpy_result(args, kwargs, real=True)
            except (Skip, NumPyRaises):
                return
            op, operands = site.describe(args, kwargs)
            self._add(file, line, op, operands, signature_label(n), f"raises {type(exc).__name__}",
                      "raises", False, f"{type(exc).__name__}: {exc}")
            return
        w = signature_of(result)
        if w is None:
            return
        if self.refusals:
            try:
                err = site.rerun(args, kwargs, self.mode)
            except Skip as e:
                self._skip(site, args, str(e))
                return
            with LOCK:
                self.checked += 1
            if err is None:
                return
            op, operands = site.describe(args, kwargs)
            try:
                n = signature_label(site.numpy_result(args, kwargs))
            except Skip:
                n = "?"
            except NumPyRaises as e:
                n = f"raises {e}"
            self._add(file, line, op, operands, n, "raises TypePromotionError", "refused",
                      False, str(err))
            return
        try:
            n = site.numpy_result(args, kwargs)
        except Skip as e:
            self._skip(site, args, str(e))
            return
        except NumPyRaises as e:
            with LOCK:
                self.checked += 1
            op, operands = site.describe(args, kwargs)
            self._add(file, line, op, operands, f"raises {e}", signature_label(w, result),
                      "other", False, None)
            return
        with LOCK:
            self.checked += 1
        if n == w:
            return
        op, operands = site.describe(args, kwargs)
        kind, wide64 = _classify(strong_dtypes(operands), n, w)
        self._add(file, line, op, operands, signature_label(n), signature_label(w, result), kind,
                  wide64, None)

    def _record_store(self, file, line, args, exc):
        """``x[key] = value`` raised in weaknp: a finding when NumPy stores it."""
        x, key, value = args
        if not (is_plain(key) and is_plain(value)):
            return
        target = np.array(buffer_of(x))
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                target[to_numpy(key)] = to_numpy(value)
            except Exception:  # noqa: BLE001 - NumPy refuses too: no disagreement
                return
        op = f"{label_of(x)}[...] = {label_of(value) or type(value).__name__}"
        self._add(file, line, op, (x, value), signature_label(target.dtype),
                  f"raises {type(exc).__name__}", "raises", False,
                  f"{type(exc).__name__}: {exc}")

    def _skip(self, site, args, reason):
        with LOCK:
            self.unchecked[f"{site.short(args)}: {reason}"] += 1

    def _add(self, file, line, op, operands, n, w, kind, wide64, message):
        key = _SEP.join((file, str(line), op, n, w))
        with LOCK:
            entry = self._found.get(key)
            if entry is None:
                labels = tuple(label_of(v) or type(v).__name__ for v in operands)
                self._found[key] = [1, (file, line, op, labels, n, w, kind, wide64, message)]
            else:
                entry[0] += 1

    # -- the report --------------------------------------------------------------------
    @property
    def findings(self) -> list:
        """The disagreements, grouped by line (most frequent line first), then by count."""
        with LOCK:
            items = [(c, e) for c, e in self._found.values()]
        by_line: dict = {}
        for count, (file, line, op, labels, n, w, kind, wide64, message) in items:
            f = Finding(file, line, linecache.getline(file, line).strip(), op, labels, n, w,
                        count, kind, wide64, message)
            by_line.setdefault((file, line), []).append(f)
        groups = sorted(by_line.items(),
                        key=lambda kv: (-sum(f.count for f in kv[1]), kv[0]))
        return [f for _, fs in groups for f in sorted(fs, key=lambda f: (-f.count, f.op))]

    def summary(self) -> dict:
        fs = self.findings
        calls = sum(f.count for f in fs)
        kinds = Counter()
        for f in fs:
            kinds[f.kind] += f.count
        return {
            "mode": self.mode if isinstance(self.mode, str) else self.mode.name,
            "lines": len({(f.file, f.line) for f in fs}), "calls": calls,
            "widening": kinds["widening"],
            "widening_to_64_bits": sum(f.count for f in fs if f.kind == "widening" and f.wide64),
            "precision": kinds["precision"], "other": kinds["other"],
            "raises": kinds["raises"], "refused": kinds["refused"],
            "audited_calls": self.calls, "checked_calls": self.checked,
            "unchecked_calls": sum(self.unchecked.values()),
        }

    def as_dict(self) -> dict:
        """The report as JSON-ready data (``--format json``)."""
        return {"report": self.label, "summary": self.summary(),
                "findings": [{**f.as_dict(), "file": _display_path(f.file)}
                             for f in self.findings],
                "unchecked": dict(self.unchecked.most_common()),
                "not_wrapped": list(self.not_wrapped)}

    def __str__(self) -> str:
        return self.text()

    def __repr__(self):
        s = self.summary()
        return f"<weaknp.audit mode={s['mode']!r}: {s['lines']} lines, {s['calls']} calls>"

    def text(self) -> str:
        """The report as ``python -m weaknp audit`` prints it."""
        fs = self.findings
        s = self.summary()
        mode = s["mode"]
        what = (f"calls the {mode!r} lattice refuses" if self.refusals else
                f"where NumPy's dtype and the {mode!r} lattice's differ")
        out = [f"{self.label}: {what}"]
        if any("weak" in lab for f in fs for lab in f.operands):
            out.append("(weak: a Python scalar, or a weaknp array made from one; NumPy sees "
                       "the first as NEP 50 does, the second as a strong array)")
        lines: dict = {}
        for f in fs:
            lines.setdefault((f.file, f.line), []).append(f)
        rows = []
        for (file, line), group in lines.items():
            total = sum(f.count for f in group)
            rows.append(f"{_display_path(file)}:{line}: {group[0].source}  "
                        f"[{_n(total, 'call')}]")
            for f in group:
                w = (f"{mode}: {f.weaknp[len('raises '):]}" if f.kind == "refused"
                     else f"weaknp {f.weaknp}")
                rows.append((f.op, f"numpy {f.numpy}", w, f"x{f.count}", _KIND_TEXT[f.kind]))
        cells = [r for r in rows if isinstance(r, tuple)]
        widths = [max((len(c[i]) for c in cells), default=0) for i in range(4)]
        for r in rows:
            if isinstance(r, str):
                out += ["", r]
            else:
                out.append(("    " + "  ".join(c.ljust(widths[i]) if i < 4 else c
                                               for i, c in enumerate(r))).rstrip())
        out.append("")
        checked = f"of {_n(s['checked_calls'], 'checked call')}"
        if not fs:
            out.append(f"summary: no disagreement in {_n(s['checked_calls'], 'checked call')}")
        elif self.refusals:
            out.append(f"summary: {_n(s['lines'], 'line')}, {_n(s['calls'], 'call')} {checked}")
            out.append(f"  {s['refused']} refused by the {mode!r} lattice (TypePromotionError)")
        else:
            out.append(f"summary: {_n(s['lines'], 'line')}, {_n(s['calls'], 'call')} {checked}")
            out.append(f"  {s['widening']} NumPy widens, the lattice does not "
                       f"({s['widening_to_64_bits']} of them to 64 bits)")
            out.append(f"  {s['precision']} the lattice gives up precision NumPy keeps (an "
                       f"operand's dtype does not fit the result, as in int64 + float16 -> "
                       f"float16)")
            out.append(f"  {s['other']} other")
        if fs and s["raises"]:
            out.append(f"  {s['raises']} raise in weaknp, not in NumPy")
        if self.unchecked:
            top = ", ".join(f"{k} (x{v})" for k, v in self.unchecked.most_common(3))
            out.append(f"not checked: {_n(s['unchecked_calls'], 'call')}: {top}")
        if self.not_wrapped:
            out.append("not audited (cannot be wrapped): " + ", ".join(self.not_wrapped))
        return "\n".join(out)
