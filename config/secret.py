"""The site's secret key when the environment gives none: made once, kept in a file.

A club laptop runs Turnierwart without anybody setting ``SECRET_KEY``; a key written
in the source would be known to everybody who read it (sessions and signed cookies
could be forged, pre-registration digests recomputed). So the first start writes a
random key into ``SECRET_KEY_FILE`` (readable by its owner only) and every later start,
and every other process of the same installation, reads that file.

Several gunicorn workers import the settings at the same moment. Each writes its own
candidate into a private temporary file and *links* it to the final name: the link
either appears complete or fails because another worker's is already there, and then
that one is read. So all processes agree on one key and nobody ever reads half a file.

Any problem ends the process with one line on stderr instead of a traceback, and with
gunicorn's "worker failed to boot" status (3), so gunicorn's master stops instead of
restarting the workers forever.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from pathlib import Path
from typing import NoReturn

from django.core.management.utils import get_random_secret_key

MIN_LENGTH = 50  # Django's own deploy check (security.W009) wants at least this many
BOOT_ERROR = 3  # gunicorn's WORKER_BOOT_ERROR: the master gives up instead of respawning

# Keys that were published in Turnierwart's source or docs: never accepted in production.
PUBLISHED_KEYS = frozenset({"insecure-development-key-set-SECRET_KEY-in-production"})


def refuse(message: str) -> NoReturn:
    """End the process with one line on stderr (settings are read before logging is set up)."""
    sys.stderr.write(f"Turnierwart: {message}\n")
    sys.stderr.flush()
    raise SystemExit(BOOT_ERROR)


def _read(path: Path) -> str:
    key = path.read_text(encoding="utf-8").strip()
    if len(key) < MIN_LENGTH:
        refuse(f"the secret key in {path} is shorter than {MIN_LENGTH} characters; "
               "delete the file to have a new one made, or set SECRET_KEY")
    return key


def key_from_file(path: Path) -> str:
    """The key kept in ``path``; made (mode 0600, atomically) if the file does not exist."""
    try:
        if path.exists():
            return _read(path)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        candidate = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(get_random_secret_key() + "\n")
                f.flush()
                os.fsync(f.fileno())
            # atomic: the complete file appears, or another process's was there first
            with contextlib.suppress(FileExistsError):
                os.link(candidate, path)
        finally:
            candidate.unlink(missing_ok=True)
        return _read(path)
    except OSError as exc:
        refuse(f"SECRET_KEY is not set and the key file {path} cannot be used "
               f"({exc.strerror or exc}); set SECRET_KEY, or SECRET_KEY_FILE to a writable "
               "place outside the web root")
