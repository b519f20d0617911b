"""Exits with the status given on its command line (sys.argv as for python SCRIPT)."""
import sys

import numpy as np

print(__name__, sys.argv[1:], np.__name__)
sys.exit(int(sys.argv[1]))
