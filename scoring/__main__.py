"""``python -m scoring``: the command line (scoring/cli.py)."""

import os
import sys

from .cli import main

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:
    # The reader went away (``python -m scoring standings doc.json | head``): not our error,
    # and no traceback. stdout goes to /dev/null so the flush at exit cannot fail again.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 0
sys.exit(code)
