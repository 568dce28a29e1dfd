"""``manage.py restore``: the rows of ``data.jsonl`` into an empty database, all or nothing.

Each row is checked before Django's deserializer writes it: its shape, its model (in the
file's order), the type of every value as the serializer writes it, every reference to a
row before it, and the fields' own validators. The deserializer saves raw (no model's
``save()`` runs) and here only ever inserts.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.apps import apps
from django.core.cache import cache
from django.core.exceptions import FieldDoesNotExist, ObjectDoesNotExist, ValidationError
from django.core.management.color import no_style
from django.core.serializers import base as serializers_base
from django.core.serializers import python as python_serializer
from django.db import DatabaseError, connection, models, transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone

from .layout import (
    BACKED_UP,
    DATA,
    MAX_LINE_BYTES,
    NATURAL,
    TRANSIENT,
    BackupError,
    cut,
    model_of,
    shown,
)
from .reading import check_schema, parse_json, read_index, verify_files

_INTS = {"AutoField", "BigAutoField", "SmallAutoField", "IntegerField", "BigIntegerField",
         "SmallIntegerField", "PositiveIntegerField", "PositiveSmallIntegerField",
         "PositiveBigIntegerField"}
_TEXTS = {"CharField", "TextField", "SlugField", "EmailField", "GenericIPAddressField",
          "FileField", "URLField"}
_TIMES = {"DateTimeField", "DateField", "TimeField"}
PORTABLE_RANGES = BaseDatabaseOperations.integer_field_ranges


def in_the_way() -> list[str]:
    """The rows that make this database not empty for a restore ("tournaments.entrant: 40")."""
    skip = set(NATURAL) | TRANSIENT
    found = []
    for model in apps.get_models():
        label = model._meta.label_lower
        if label in skip or model._meta.proxy or not model._meta.managed:
            continue
        count = model._base_manager.count()
        if count:
            found.append(f"{label}: {count} row(s)")
    return found


def serialized_fields(model: type[models.Model]) -> dict[str, Any]:
    """The fields the serializer writes for ``model``, by name (the pk is apart)."""
    fields = {f.name: f for f in model._meta.local_fields
              if _serialized(f) and not f.primary_key}
    fields.update({f.name: f for f in model._meta.many_to_many if _serialized(f)})
    return fields


def _serialized(field: Any) -> bool:
    """Whether Django's serializers write ``field`` (its ``serialize``, which django-stubs
    does not declare)."""
    return bool(field.serialize)


def type_problem(field: Any, value: Any, seen: dict[str, set[Any]]) -> str | None:
    """Why ``value`` is not what the serializer writes for ``field``, or None."""
    kind = field.get_internal_type()
    if value is None:
        return None if field.null else "may not be null"
    if kind in ("ForeignKey", "OneToOneField"):
        return _reference_problem(field.related_model, value, seen)
    if kind == "ManyToManyField":
        if not isinstance(value, list):
            return "must be a list"
        if len({json.dumps(v) for v in value}) != len(value):
            return "names a row twice"
        for v in value:
            problem = _reference_problem(field.related_model, v, seen)
            if problem:
                return problem
        return None
    if kind == "JSONField":
        return None
    if kind in _INTS:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else "must be a whole number"
    if kind == "BooleanField":
        return None if isinstance(value, bool) else "must be true or false"
    if kind in _TEXTS:
        return None if isinstance(value, str) else "must be text"
    if kind in _TIMES:
        return None if isinstance(value, str) else "must be a date or time as text"
    return f"is of a kind the restore does not know ({kind})"


def _reference_problem(model: type[models.Model], value: Any,
                       seen: dict[str, set[Any]]) -> str | None:
    label = model._meta.label_lower
    if label in NATURAL:
        ok = (isinstance(value, list) and 1 <= len(value) <= 3
              and all(isinstance(v, str) for v in value))
        return None if ok else f"must name a {label} by its natural key (a list of texts)"
    problem = type_problem(model._meta.pk, value, seen)
    if problem:
        return f"refers to a {label}, and its key {problem}"
    if label not in seen or value not in seen[label]:
        return f"refers to {label} {shown(value)}, which is not in the lines before"
    return None


def _check_row(obj: Any, place: str, order: int, seen: dict[str, set[Any]]) -> int:
    """The row's shape, model (in the file's order) and the type of every value; returns
    the model's place in :data:`BACKED_UP`."""
    if not isinstance(obj, dict) or set(obj) != {"model", "pk", "fields"}:
        raise BackupError(f"{place}: expected an object with model, pk and fields")
    label = obj["model"]
    if label not in BACKED_UP:
        raise BackupError(f"{place}: {shown(label)} is not a model a backup holds")
    position = BACKED_UP.index(label)
    if position < order:
        raise BackupError(f"{place}: a row of {label} after the rows of {BACKED_UP[order]} "
                          "(the rows are out of order)")
    model = model_of(label)
    where = f"{place} ({label} {shown(obj['pk'])})"
    problem = type_problem(model._meta.pk, obj["pk"], seen)
    if obj["pk"] is None or problem:
        raise BackupError(f"{where}: pk {problem or 'may not be null'}")
    if obj["pk"] in seen[label]:
        raise BackupError(f"{where}: a second row with this pk")
    fields = obj["fields"]
    expected = serialized_fields(model)
    if not isinstance(fields, dict) or set(fields) != set(expected):
        got = set(fields) if isinstance(fields, dict) else set()
        raise BackupError(
            f"{where}: fields must be exactly {', '.join(sorted(expected))}"
            + (f" (missing {', '.join(sorted(set(expected) - got))})" if set(expected) - got
               else "")
            + (f" (unknown {', '.join(sorted(got - set(expected)))})" if got - set(expected)
               else ""))
    for name, value in fields.items():
        problem = type_problem(expected[name], value, seen)
        if problem:
            raise BackupError(f"{where}, field {name!r}: {problem}")
    return position


def _validate(instance: models.Model, where: str) -> None:
    """The fields' own rules (lengths, number ranges, choices), as forms would check them;
    SQLite would otherwise store a name of any length or a negative round number. Numbers
    keep to the ranges every database has (SQLite's are wider than PostgreSQL's), so a
    restored backup can be restored anywhere."""
    for field in instance._meta.concrete_fields:
        if field.is_relation:
            continue
        value = getattr(instance, field.attname)
        low, high = PORTABLE_RANGES.get(field.get_internal_type(), (None, None))
        if (isinstance(value, int) and low is not None and high is not None
                and not low <= value <= high):
            raise BackupError(f"{where}, field {field.name!r}: must be from {low} to {high}, "
                              f"not {shown(value)}")
        try:
            field.run_validators(value)
            if field.choices and value not in field.empty_values:
                field.validate(value, instance)
        except ValidationError as exc:
            raise BackupError(f"{where}, field {field.name!r}: {' '.join(exc.messages)}"
                              ) from None
        if isinstance(value, dt.datetime) and timezone.is_naive(value):
            raise BackupError(f"{where}, field {field.name!r}: a time without its offset "
                              "from UTC")


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    with open(path, "rb") as f:
        number = 0
        while True:
            line = f.readline(MAX_LINE_BYTES + 1)
            if not line:
                return
            number += 1
            if len(line) > MAX_LINE_BYTES:
                raise BackupError(f"{path.name} line {number}: longer than {MAX_LINE_BYTES} "
                                  "bytes")
            if not line.endswith(b"\n"):
                raise BackupError(f"{path.name} line {number}: the file ends inside a row "
                                  "(truncated)")
            yield number, line


def _load(path: Path) -> Counter[str]:
    """Insert every row of ``data.jsonl``; refuses at the first bad one, naming its line."""
    seen: dict[str, set[Any]] = {label: set() for label in BACKED_UP}
    counts: Counter[str] = Counter()
    order = 0
    for number, line in _lines(path):
        place = f"{path.name} line {number}"
        obj = parse_json(line, place, MAX_LINE_BYTES)
        order = _check_row(obj, place, order, seen)
        where = f"{place} ({obj['model']} {shown(obj['pk'])})"
        try:
            (row,) = python_serializer.Deserializer([obj], using=connection.alias)
            _validate(row.object, where)
            # Raw like loaddata (no save() of the model runs), and only ever an insert:
            # a restore never changes a row that is there.
            row.save(using=connection.alias, force_insert=True)
        except serializers_base.DeserializationError as exc:
            raise BackupError(f"{where}: {cut(str(exc))}") from None
        except (DatabaseError, ValueError, TypeError, OverflowError, ValidationError,
                ObjectDoesNotExist, FieldDoesNotExist) as exc:
            raise BackupError(f"{where}: the database refused the row: "
                              f"{cut(str(exc))}") from None
        seen[obj["model"]].add(obj["pk"])
        counts[obj["model"]] += 1
    return counts


def _through(field: Any) -> type[models.Model]:
    """The table model behind a many-to-many field (a class once the apps are loaded)."""
    through = field.remote_field.through
    assert through is not None, field
    return through


def _finish(restored: list[type[models.Model]]) -> None:
    """The database's own check of every reference, then the id counters past the restored
    rows (PostgreSQL's sequences do not move on inserts with an id; SQLite's do)."""
    tables = [m._meta.db_table for m in restored]
    tables += [_through(f)._meta.db_table for m in restored for f in m._meta.many_to_many]
    try:
        connection.check_constraints(table_names=tables)
    except DatabaseError as exc:
        raise BackupError(f"the restored rows break a rule of the database: {exc}") from None
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), restored):
            cursor.execute(sql)


def restore_backup(root: Path) -> Counter[str]:
    """Restore the backup in ``root`` into this (empty) database, all or nothing.

    Returns the number of rows per model. Afterwards the cache is emptied: a tournament
    comes back with its id, creation time and version, so pages cached for a state after
    the backup (lost with the old database) would otherwise be shown for it.
    """
    index = read_index(root)
    verify_files(root, index)
    with transaction.atomic():
        check_schema(index)
        blocking = in_the_way()
        if blocking:
            raise BackupError(
                "the database is not empty; a restore writes only into an empty database "
                "(a new one after `manage.py migrate`). In the way:\n  "
                + "\n  ".join(blocking))
        counts = _load(root / DATA)
        wrong = [f"{label}: index.json says {index['rows'][label]}, {DATA} holds "
                 f"{counts[label]}" for label in BACKED_UP
                 if counts[label] != index["rows"][label]]
        if wrong:
            raise BackupError("the rows do not match index.json:\n  " + "\n  ".join(wrong))
        _finish([model_of(label) for label in BACKED_UP])
    cache.clear()
    return counts
