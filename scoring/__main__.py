"""``python -m scoring``: the command line (scoring/cli.py)."""

import sys

from .cli import main
from .pipe import run_to_pipe

sys.exit(run_to_pipe(main))
