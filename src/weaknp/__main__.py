"""``python -m weaknp``: the tour, the promotion table, the audit (see ``weaknp._tools.cli``)."""

import os
import sys

from ._tools.cli import main


def run() -> int:
    try:
        return main()
    except BrokenPipeError:
        # `python -m weaknp table | head`: the reader left; stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(run())
