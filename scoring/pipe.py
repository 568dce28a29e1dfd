"""Running a command line whose reader may go away (``python -m scoring … | head``)."""

import os
import sys
from collections.abc import Callable


def run_to_pipe(main: Callable[[], int]) -> int:
    """``main()``'s exit code; a reader that closed the pipe early is not our error and
    gives no traceback (stdout then goes to /dev/null so the flush at exit cannot fail)."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    return code
