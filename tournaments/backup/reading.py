"""Reading a backup from outside: strict JSON, the index, the files' checksums, the schema.

Everything here happens before a row reaches the database, and every refusal names
its place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scoring.json_input import MAX_DEPTH as INDEX_DEPTH
from scoring.json_input import JsonInputError, loads

from .layout import (
    BACKED_UP,
    DATA,
    DOC_NAME,
    FORMAT,
    INDEX,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_FILES,
    MAX_INDEX_BYTES,
    OLD_FORMAT,
    SCHEMA_APPS,
    SHA256,
    BackupError,
    migrations,
    sha256_of,
    shown,
)


def _nul_in(value: Any) -> bool:
    """Whether a text (key or value) holds a NUL character: PostgreSQL refuses it, SQLite
    would keep it, and the backup of that could not be restored on PostgreSQL."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and "\x00" in item:
            return True
    return False


def parse_json(data: bytes, place: str, max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:
    """JSON from the backup through the project's one bounded reader
    (:func:`scoring.json_input.loads`: size, depth, numbers, Unicode), and no NUL in a text."""
    try:
        value = loads(data, max_bytes=max_bytes, max_depth=max_depth)
    except JsonInputError as exc:
        raise BackupError(f"{place}: {exc}") from None
    if _nul_in(value):
        raise BackupError(f"{place}: a text holds a NUL character")
    return value


def read_index(root: Path) -> dict[str, Any]:
    path = root / INDEX
    try:
        size = path.stat().st_size
        if size > MAX_INDEX_BYTES:
            raise BackupError(f"{path}: {size} bytes, more than an index can be "
                              f"({MAX_INDEX_BYTES})")
        raw = path.read_bytes()
    except OSError as exc:
        raise BackupError(f"cannot read {path}: {exc.strerror or exc} "
                          "(a backup without index.json is unfinished)") from None
    index = parse_json(raw, str(path), MAX_INDEX_BYTES, INDEX_DEPTH)
    if not isinstance(index, dict):
        raise BackupError(f"{path}: not a backup index (an object is expected)")
    marker = index.get("format")
    if marker == OLD_FORMAT:
        raise BackupError(
            f"{path}: format {OLD_FORMAT!r} holds only the turnier/1 documents, not the "
            "whole state, and cannot be restored as a backup; import its documents one by "
            "one with `manage.py import_tournament FILE`")
    if marker != FORMAT:
        raise BackupError(f"{path}: format {shown(marker)} is not {FORMAT!r}")
    _check_index(index, str(path))
    return index


def _check_index(index: dict[str, Any], place: str) -> None:
    files = index.get("files")
    if not isinstance(files, list) or not 1 <= len(files) <= MAX_FILES:
        raise BackupError(f"{place}: 'files' must be a list of the backup's files")
    seen = set()
    for k, entry in enumerate(files):
        at = f"{place}: files[{k}]"
        if not isinstance(entry, dict) or set(entry) != {"file", "bytes", "sha256"}:
            raise BackupError(f"{at}: expected an object with file, bytes and sha256")
        name, size, digest = entry["file"], entry["bytes"], entry["sha256"]
        if not isinstance(name, str) or not (name == DATA or DOC_NAME.fullmatch(name)):
            raise BackupError(f"{at}: {shown(name)} is not a file name of a backup")
        if name in seen:
            raise BackupError(f"{at}: {name} is listed twice")
        seen.add(name)
        if (not isinstance(size, int) or isinstance(size, bool)
                or not 0 <= size <= MAX_FILE_BYTES):
            raise BackupError(f"{at}: bytes must be a whole number from 0 to {MAX_FILE_BYTES}")
        if not isinstance(digest, str) or not SHA256.fullmatch(digest):
            raise BackupError(f"{at}: sha256 must be 64 hexadecimal digits")
    if DATA not in seen:
        raise BackupError(f"{place}: {DATA} is not listed in 'files'")
    rows = index.get("rows")
    if (not isinstance(rows, dict) or set(rows) != set(BACKED_UP)
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                       for n in rows.values())):
        raise BackupError(f"{place}: 'rows' must count the rows of exactly these models: "
                          f"{', '.join(BACKED_UP)}")
    schema = index.get("migrations")
    if (not isinstance(schema, dict) or set(schema) != set(SCHEMA_APPS)
            or not all(isinstance(v, list) and all(isinstance(n, str) for n in v)
                       for v in schema.values())):
        raise BackupError(f"{place}: 'migrations' must list the migrations of "
                          f"{', '.join(SCHEMA_APPS)}")


def verify_files(root: Path, index: dict[str, Any]) -> None:
    """Every listed file is there, whole and unchanged."""
    for entry in index["files"]:
        path = root / entry["file"]
        try:
            size = path.stat().st_size
            if size != entry["bytes"]:
                raise BackupError(f"{path}: {size} bytes, index.json says {entry['bytes']} "
                                  "(truncated or edited)")
            if sha256_of(path) != entry["sha256"]:
                raise BackupError(f"{path}: its SHA-256 differs from index.json (edited or "
                                  "damaged)")
        except OSError as exc:
            raise BackupError(f"cannot read {path}: {exc.strerror or exc}") from None


def check_schema(index: dict[str, Any]) -> None:
    """The rows fit only the tables they came from: same migrations, or refuse."""
    here = migrations()
    problems = []
    for app in SCHEMA_APPS:
        want, have = set(index["migrations"][app]), set(here[app])
        if want - have:
            problems.append(f"{app}: the database lacks {', '.join(sorted(want - have))}")
        if have - want:
            problems.append(f"{app}: the backup was written before "
                            f"{', '.join(sorted(have - want))}")
    if problems:
        raise BackupError(
            "the backup was written with other migrations than this database has:\n  "
            + "\n  ".join(problems) + "\nmigrate a new database to the backup's migrations "
            "(`manage.py migrate APP MIGRATION`, see docs/backup.md), restore, then migrate")
