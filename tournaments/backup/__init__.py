"""The complete backup of Turnierwart (``manage.py backup``) and its restore (``restore``).

Why Django's serializers and not the ``turnier/1`` documents: a document carries the result
that counts, not the state of the evening (open rounds, submissions and disputes, table
links, users, the action log, pre-registration digests, FIDE facts …). The rows themselves,
written by Django's JSON Lines serializer with their primary keys, carry everything, and
Django's deserializer writes them back exactly. docs/backup.md says what a backup holds,
what it leaves out, and why.

A backup directory holds

* ``data.jsonl``: every row of :data:`BACKED_UP`, model by model in that order, each model
  ordered by primary key (so the same data always gives the same bytes). Rows made by
  ``migrate`` (content types, permissions) are named by their natural keys, never written.
* ``tournaments/<slug>.json``: each tournament as a ``turnier/1`` document, for people and
  other programs. The restore checks their checksums but reads only ``data.jsonl``.
* ``index.json``: the format marker :data:`FORMAT`, the database's migrations, the row
  counts, and the size and SHA-256 of every other file; written last, so a backup without
  it is unfinished.

The restore takes a file from outside: everything is checked before it reaches the database
(checksums, the shape and types of every row, references, the fields' own validators),
each refusal names its place (file, line, row), and nothing is stored unless all of it is.
"""

from .layout import (
    BACKED_UP,
    FORMAT,
    NATURAL,
    NOT_BACKED_UP,
    BackupError,
)
from .restoring import in_the_way, restore_backup, serialized_fields, type_problem
from .writing import write_backup

__all__ = ["BACKED_UP", "FORMAT", "NATURAL", "NOT_BACKED_UP", "BackupError", "in_the_way",
           "restore_backup", "serialized_fields", "type_problem", "write_backup"]
