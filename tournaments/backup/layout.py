"""What a backup is made of: its files, the models it holds and leaves out, its bounds.

Shared by :mod:`.writing` and :mod:`.restoring`; docs/backup.md explains the choices.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from django.apps import apps
from django.db import connection, models
from django.db.migrations.recorder import MigrationRecorder

FORMAT = "turnier-backup/2"
OLD_FORMAT = "turnier-backup/1"
INDEX = "index.json"
DATA = "data.jsonl"
DOCS = "tournaments"

# Every model whose rows a backup holds, in the order of data.jsonl: a row refers only to
# rows of models before it (or to the rows made by migrate, see NATURAL).
BACKED_UP: tuple[str, ...] = (
    "auth.group",
    "auth.user",
    "authtoken.token",
    "tournaments.apitokenuse",
    "admin.logentry",
    "tournaments.player",
    "tournaments.event",
    "tournaments.tournament",
    "tournaments.tablecode",
    "tournaments.role",
    "tournaments.entrant",
    "tournaments.team",
    "tournaments.teammember",
    "tournaments.round",
    "tournaments.lineup",
    "tournaments.table",
    "tournaments.byerequest",
    "tournaments.pairingrule",
    "tournaments.seat",
    "tournaments.registrationseat",
    "tournaments.bye",
    "tournaments.result",
    "tournaments.resultrevision",
    "tournaments.submissionkey",
    "tournaments.announcement",
    "tournaments.registration",
    "tournaments.unmatchedpayment",
    "tournaments.mailrecord",
    "tournaments.actionlog",
)
# Made by ``migrate`` in every database (ids differ between databases): referred to by
# natural key (``["add_tournament", "tournaments", "tournament"]``), never written.
NATURAL: tuple[str, ...] = ("contenttypes.contenttype", "auth.permission")
# Left out on purpose (docs/backup.md says why); a new model must join one of the lists
# (tests/integration/test_backup.py checks that every model does).
NOT_BACKED_UP: dict[str, str] = {
    "contenttypes.contenttype": "made by migrate; referred to by natural key",
    "auth.permission": "made by migrate; referred to by natural key",
    "sessions.session": "logins of the old database; everybody logs in again",
    "axes.accessattempt": "failed logins and lockouts (django-axes): a restored installation "
                          "locks nobody out",
    "axes.accessattemptexpiration": "when a lockout of axes.accessattempt ends",
    "axes.accessfailurelog": "django-axes' record of failed logins, kept with the old database",
    "axes.accesslog": "django-axes' record of logins, kept with the old database",
    "tournaments.report": "a rendered PDF and its progress; the files are not in the "
                          "backup, and the director renders them again",
    "tournaments.ratinglist": "an imported DWZ or FIDE list: published data, imported again "
                              "from the federation's file (a million rows would dwarf the "
                              "backup)",
    "tournaments.ratinglistentry": "the players of tournaments.ratinglist",
    "tournaments.ratecount": "the rate limits' counts of the last minutes: a restored "
                             "installation starts counting afresh",
}
# Rows a database gathers before anybody works in it (logins, failed attempts): they do not
# make it "not empty" for a restore.
TRANSIENT: frozenset[str] = frozenset(
    {"sessions.session", "axes.accessattempt", "axes.accessattemptexpiration",
     "axes.accessfailurelog", "axes.accesslog", "tournaments.ratinglist",
     "tournaments.ratinglistentry", "tournaments.ratecount"})
# Apps whose migrations decide the shape of the rows; a restore needs the same ones.
SCHEMA_APPS: tuple[str, ...] = ("contenttypes", "auth", "authtoken", "admin", "tournaments")

# Bounds for what comes from outside.
MAX_INDEX_BYTES = 16 * 1024 * 1024
MAX_FILE_BYTES = 4 * 1024 * 1024 * 1024
MAX_LINE_BYTES = 64 * 1024 * 1024  # one row (an action log entry may hold a whole round)
MAX_DEPTH = 64  # of a row: its JSON fields took 20 levels on the way in, plus the row's own
MAX_FILES = 100_000
DOC_NAME = re.compile(rf"{DOCS}/[A-Za-z0-9_-]{{1,80}}\.json")
SHA256 = re.compile(r"[0-9a-f]{64}")
CHUNK = 1024 * 1024


class BackupError(Exception):
    """A backup that cannot be written or restored; the message names the place."""


def cut(text: str, limit: int = 300) -> str:
    """A text for a message, cut short: a message must not carry a megabyte of a file."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def shown(value: object, limit: int = 60) -> str:
    """``repr`` of a value from outside, cut short."""
    return cut(repr(value), limit)


def model_of(label: str) -> type[models.Model]:
    return apps.get_model(label)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def migrations() -> dict[str, list[str]]:
    """The applied migrations of :data:`SCHEMA_APPS`, by app, sorted."""
    applied: dict[str, list[str]] = {app: [] for app in SCHEMA_APPS}
    for app, name in MigrationRecorder(connection).applied_migrations():
        if app in applied:
            applied[app].append(name)
    return {app: sorted(names) for app, names in applied.items()}
