"""``manage.py backup``: the whole state into a new directory, from one snapshot.

Rows go through Django's JSON Lines serializer, model by model in the order of
:data:`~.layout.BACKED_UP`, each by primary key, so the same data always gives the
same bytes; every file is written to a temporary name and renamed into place, and
``index.json`` comes last.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, cast

from django.core.serializers.json import DjangoJSONEncoder
from django.core.serializers.jsonl import Serializer as JSONLSerializer
from django.db import connection, models, transaction
from django.utils import timezone

from .layout import (
    BACKED_UP,
    DATA,
    DOCS,
    FORMAT,
    INDEX,
    NATURAL,
    BackupError,
    migrations,
    model_of,
    sha256_of,
)


class _Encoder(DjangoJSONEncoder):
    """Django's encoder, but with whole microseconds: it cuts times to milliseconds, and a
    restored row must be the row that was saved (orderings and cache keys use the times)."""

    def default(self, o: Any) -> Any:
        if isinstance(o, dt.datetime | dt.time):
            return o.isoformat()
        return super().default(o)


class _Serializer(JSONLSerializer):
    """Django's JSON Lines serializer with natural keys only for the rows made by migrate.

    Users and groups are in the backup under their own primary keys; naming them by
    natural key would cost a lookup per reference on restore and change nothing.
    """

    def _natural(self, field: Any) -> None:
        self.use_natural_foreign_keys = field.related_model._meta.label_lower in NATURAL

    def handle_fk_field(self, obj: Any, field: Any) -> None:
        self._natural(field)
        super().handle_fk_field(obj, field)

    def handle_m2m_field(self, obj: Any, field: Any) -> None:
        self._natural(field)
        super().handle_m2m_field(obj, field)


def _natural_order(model: type[models.Model]) -> tuple[str, ...]:
    """Rows named by natural key are listed in natural-key order, the same in every database."""
    if model._meta.label_lower == "auth.permission":
        return ("content_type__app_label", "content_type__model", "codename")
    return ("pk",)


def _target(field: Any) -> type[models.Model]:
    """The model a relation field points to (a class once the apps are loaded)."""
    target = field.related_model
    assert isinstance(target, type) and issubclass(target, models.Model), field
    return target


def _rows(model: type[models.Model]) -> Iterator[models.Model]:
    """Every row, by primary key; many-to-many lists in a fixed order too."""
    qs = model._base_manager.order_by("pk")
    related = [f.name for f in model._meta.concrete_fields
               if f.is_relation and _target(f)._meta.label_lower in NATURAL]
    if related:
        qs = qs.select_related(*related)
    for m2m in model._meta.many_to_many:
        target = _target(m2m)
        inner = target._base_manager.order_by(*_natural_order(target))
        if target._meta.label_lower == "auth.permission":
            inner = inner.select_related("content_type")
        qs = qs.prefetch_related(models.Prefetch(m2m.name, queryset=inner))
    return qs.iterator(chunk_size=2000)


def write_atomically(path: Path, write: Callable[[IO[str]], None]) -> None:
    """Write through a temporary file in the same directory and rename it into place, so a
    crash never leaves a half-written file under the real name."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_json(path: Path, data: Any) -> None:
    def dump(f: IO[str]) -> None:
        json.dump(data, f, ensure_ascii=False, indent=2)
        f.write("\n")

    write_atomically(path, dump)


@contextmanager
def snapshot() -> Iterator[None]:
    """One consistent view of the database for the whole backup, even while desks write.

    PostgreSQL: a read-only REPEATABLE READ transaction (one snapshot, no locks). SQLite:
    one transaction; writers wait for it (the backup of a club's database takes a moment).
    """
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


def _prepare(target: Path) -> None:
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise BackupError(f"{target} exists and is not an empty directory; "
                          "give a new directory for the backup")
    try:
        target.mkdir(mode=0o700, parents=True, exist_ok=True)
        (target / DOCS).mkdir(mode=0o700)
    except OSError as exc:
        raise BackupError(f"cannot create {target}: {exc.strerror or exc}") from None


def write_backup(target: Path, now: dt.datetime | None = None) -> dict[str, Any]:
    """Write the whole state into the new (or empty) directory ``target``; returns the index."""
    from tournaments.models import Tournament
    from tournaments.services import export_document

    _prepare(target)
    now = now or timezone.now()
    rows: dict[str, int] = {}
    tournaments: list[dict[str, Any]] = []
    serializer = _Serializer()
    try:
        with snapshot():
            def data(f: IO[str]) -> None:
                for label in BACKED_UP:
                    model = model_of(label)
                    counted = _Counting(f)
                    serializer.serialize(_rows(model), stream=cast(IO[str], counted),
                                         cls=_Encoder)
                    rows[label] = counted.lines

            write_atomically(target / DATA, data)
            for t in Tournament.objects.order_by("slug"):
                name = f"{DOCS}/{t.slug}.json"
                write_json(target / name, export_document(t))
                tournaments.append({"slug": t.slug, "name": t.name, "discipline": t.discipline,
                                    "status": t.status, "version": t.version, "file": name})
            schema = migrations()
        files = [DATA, *(e["file"] for e in tournaments)]
        index = {
            "format": FORMAT,
            "created": now.astimezone(dt.UTC).isoformat(timespec="seconds"),
            "migrations": schema,
            "rows": rows,
            "files": [{"file": name, "bytes": (target / name).stat().st_size,
                       "sha256": sha256_of(target / name)} for name in files],
            "tournaments": tournaments,
        }
        write_json(target / INDEX, index)
    except OSError as exc:
        raise BackupError(f"cannot write the backup in {target}: {exc.strerror or exc}"
                          ) from None
    return index


class _Counting:
    """A text stream that counts the lines written through it (one row per line)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream, self.lines = stream, 0

    def write(self, text: str) -> int:
        self.lines += text.count("\n")
        return self.stream.write(text)
