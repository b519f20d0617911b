"""``python -m weaknp``: the tour and the promotion table (see ``weaknp._cli``)."""

import sys

from ._cli import main

if __name__ == "__main__":
    sys.exit(main())
