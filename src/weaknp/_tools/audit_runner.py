"""The runner behind ``python -m weaknp audit SCRIPT [ARGS...]``: the script runs as
``python SCRIPT`` would, inside an audit that gives its ``import numpy`` weaknp.
"""

from __future__ import annotations

import inspect
import json
import os
import runpy
import sys
import traceback

from .audit import audit

__all__ = ["run_script"]

#: the file of the audit's wrappers and import hook (left out of the script's traceback)
_WRAPPERS = inspect.getfile(audit)

def _exit_status(e: SystemExit) -> int:
    code = e.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _print_script_traceback(exc: BaseException, script: str):
    """The traceback as ``python SCRIPT`` prints it: the runner's frames and the audit's
    wrappers left out."""
    real = os.path.realpath(script)
    tb = exc.__traceback__
    t = tb
    while t is not None and os.path.realpath(t.tb_frame.f_code.co_filename) != real:
        t = t.tb_next
    te = traceback.TracebackException(type(exc), exc, t if t is not None else tb)
    seen = set()
    stack = [te]
    while stack:
        e = stack.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        e.stack = traceback.StackSummary.from_list(
            [f for f in e.stack if f.filename != _WRAPPERS])
        stack += [x for x in (e.__cause__, e.__context__) if x is not None]
    sys.stderr.write("".join(te.format()))


def run_script(script: str, args=(), *, mode="standard", fmt="text", output=None) -> int:
    """Run ``script`` as ``python SCRIPT ARGS`` would, with weaknp for its ``import numpy``,
    then write the audit report (to ``output``: a path, ``'-'`` for stdout, or None for
    stderr).  Returns the script's exit status."""
    if not os.path.isfile(script):
        print(f"weaknp audit: can't open file {script!r}: no such file; check the script's "
              f"path", file=sys.stderr)
        return 2
    report = audit(mode, _scripts=(script,))
    report.label = f"weaknp audit of {script}"
    saved_argv, saved_path = sys.argv, list(sys.path)
    sys.argv = [script, *args]
    # as ``python SCRIPT``: the script's directory is sys.path[0] (in place of the cwd)
    script_dir = os.path.dirname(os.path.abspath(script))
    if sys.path:
        sys.path[0] = script_dir
    else:
        sys.path.append(script_dir)
    status = 0
    try:
        with report:
            try:
                runpy.run_path(script, run_name="__main__")
            except SystemExit as e:
                status = _exit_status(e)
            except KeyboardInterrupt as e:
                _print_script_traceback(e, script)
                status = 130
            except BaseException as e:  # noqa: BLE001 - the script's error, as Python shows it
                _print_script_traceback(e, script)
                status = 1
    finally:
        sys.argv = saved_argv
        sys.path[:] = saved_path
    sys.stdout.flush()
    text = json.dumps(report.as_dict(), indent=1) if fmt == "json" else report.text()
    if output is None:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    elif output == "-":
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    else:
        try:
            with open(output, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        except OSError as exc:   # the command line checks the path first; this is a race
            print(f"weaknp audit: can't write the report to {output!r} ({exc.strerror}); "
                  f"choose another --output", file=sys.stderr)
            return 2
    return status
