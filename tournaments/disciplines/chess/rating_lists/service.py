"""Importing a rating list in the background, and searching it from the desk.

The director uploads the DSB's DWZ list or FIDE's list (as published, also zipped); the
page answers at once and a task reads it (Celery; in-process under ``make run``), with
the progress on the page. Rows go in with ``bulk_create`` in batches (one INSERT of
thousands of rows each). The new list replaces the older list of the same kind only once
it is complete; a file that cannot be read is refused with its line, and the older list
stays.

Bounds: the upload is at most :data:`MAX_UPLOAD` bytes, a zipped list unpacks to at
most :data:`MAX_UNPACKED` bytes, a list has at most ``readers.MAX_ROWS`` rows of at most
``readers.MAX_LINE`` characters (each line read with that bound, never whole), FIDE's XML
only ``<player>`` elements of a few fields under its root. One import at a time: a new
upload waits until the running one is done, and a failed import's file is deleted, so the
uploads never fill the disk. A list without a single player replaces nothing.

Where the import runs: in a Celery worker where there is a broker; without one (the
embedded default, ``make run``) in a process of its own (``manage.py import_rating_list``,
:func:`spawn_import`) with bounded memory and CPU time, never inside a web worker.
"""

from __future__ import annotations

import datetime
import logging
import lzma
import os
import resource
import subprocess
import sys
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ....services.base import ServiceError
from . import readers
from .models import RatingList, RatingListEntry

log = logging.getLogger(__name__)

MAX_UPLOAD = 150 * 1024 * 1024  # FIDE's full list zipped is about 40 MB, as text 200 MB
MAX_UNPACKED = 1024 * 1024 * 1024
BATCH = 5_000
KIND_OF_FORMAT = {"dsb_csv": RatingList.Kind.DSB, "fide_txt": RatingList.Kind.FIDE,
                  "fide_xml": RatingList.Kind.FIDE}
TASK = "tournaments.disciplines.chess.tasks.import_rating_list"


class Counted:
    """A byte stream that counts what was read (the progress) and stops at a bound."""

    def __init__(self, raw: IO[bytes], limit: int) -> None:
        self.raw, self.limit, self.count = raw, limit, 0

    def _seen(self, data: bytes) -> bytes:
        self.count += len(data)
        if self.count > self.limit:
            raise readers.ListError(0, _("the unpacked file is larger than %(mb)s MB")
                                    % {"mb": self.limit // (1024 * 1024)})
        return data

    def read(self, size: int = -1) -> bytes:
        return self._seen(self.raw.read(size))

    def readline(self, size: int = -1) -> bytes:
        return self._seen(self.raw.readline(size))

    def __iter__(self) -> Iterator[bytes]:
        while line := self.readline():
            yield line


@contextmanager
def opened(stream: IO[bytes]) -> Iterator[tuple[IO[bytes], int]]:
    """The list inside ``stream`` (unpacked when it is a zip) and its size in bytes."""
    head = stream.read(4)
    stream.seek(0)
    if head != b"PK\x03\x04":
        stream.seek(0, 2)
        size = stream.tell()
        stream.seek(0)
        yield stream, size
        return
    try:
        archive = zipfile.ZipFile(stream)
        members = [m for m in archive.infolist() if not m.is_dir()]
    except zipfile.BadZipFile:
        raise readers.ListError(1, _("the zip file is damaged")) from None
    if len(members) != 1:
        raise readers.ListError(1, _("the zip file must hold exactly one list, not %(n)s files")
                                % {"n": len(members)})
    try:
        inner = archive.open(members[0])
    except (RuntimeError, NotImplementedError):  # a password, a method zipfile cannot unpack
        raise readers.ListError(1, _("the zip file is encrypted or packed in a way this "
                                     "program cannot unpack; zip it again without a "
                                     "password")) from None
    with inner:
        yield inner, members[0].file_size


def file_format(stream: IO[bytes]) -> str:
    """The format of an uploaded list (zipped or not), or a ServiceError at the file."""
    try:
        with opened(stream) as (inner, _size):
            head = inner.read(4096)
    except readers.ListError as exc:
        raise ServiceError(exc.message, "file") from None
    finally:
        stream.seek(0)
    found = readers.detect(head)
    if found != "fide_xml" and b"\x00" in head:  # "Unicode text" (UTF-16) as Excel saves it
        raise ServiceError(_("The file holds NUL bytes, as UTF-16 text does: save the list as "
                             "UTF-8 or Windows-1252 text."), "file")
    if found is None:
        raise ServiceError(_("This is neither the DSB's DWZ list (CSV) nor FIDE's list (TXT "
                             "or XML)."), "file")
    return found


PENDING = (RatingList.Status.QUEUED, RatingList.Status.RUNNING)


def start_import(user: Any, upload: UploadedFile) -> RatingList:
    """Keep the uploaded list and queue its import; the page shows the progress."""
    if upload.size is None or upload.size > MAX_UPLOAD:
        raise ServiceError(_("The file is larger than %(mb)s MB.")
                           % {"mb": MAX_UPLOAD // (1024 * 1024)}, "file")
    if RatingList.objects.filter(status__in=PENDING).exists():
        raise ServiceError(_("A list is being imported: upload the next one when it is done."),
                           "file")
    kind = file_format(upload)
    name = (upload.name or "list")[-200:]
    with transaction.atomic():
        entry = RatingList.objects.create(kind=KIND_OF_FORMAT[kind], file_format=kind,
                                          file_name=name, size=upload.size, created_by=user)
        entry.upload.save(f"{entry.pk}-{kind}", upload, save=True)
        transaction.on_commit(lambda: _enqueue(entry.pk))
    return entry


def _enqueue(list_id: int) -> None:
    from celery import current_app  # the task by its name: tasks import services, not back

    try:
        if settings.RATING_LIST_IMPORT == "process" and settings.CELERY_TASK_ALWAYS_EAGER:
            spawn_import(list_id)  # no worker: a process of its own, not this web worker
        else:
            current_app.tasks[TASK].delay(list_id)
    except Exception as exc:  # the broker is away: say so on the page, keep nothing half
        log.warning("rating list %s not queued: %s", list_id, exc)
        mark_failed(list_id, _("The import queue is not reachable; upload the list again in a "
                           "moment."))


# The import's own process (the embedded default): memory and CPU time it may take.
PROCESS_MEMORY = 1536 * 1024 * 1024
PROCESS_SECONDS = 1800


def _limits() -> None:  # pragma: no cover - runs in the child before it starts
    resource.setrlimit(resource.RLIMIT_AS, (PROCESS_MEMORY, PROCESS_MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (PROCESS_SECONDS, PROCESS_SECONDS + 10))
    os.nice(10)  # the phones come first


def spawn_import(list_id: int) -> subprocess.Popen[bytes]:
    """Start ``manage.py import_rating_list <id>`` in a process of its own, detached from the
    web worker, with bounded memory and CPU time; the page follows its progress."""
    manage = Path(settings.BASE_DIR) / "manage.py"
    return subprocess.Popen(  # our own command, with a number
        [sys.executable, str(manage), "import_rating_list", str(int(list_id))],
        cwd=settings.BASE_DIR, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True, preexec_fn=_limits)


def mark_failed(list_id: int, message: str) -> None:
    """The import failed: its rows and its file go (the older list stays), the reason shows."""
    RatingListEntry.objects.filter(rating_list_id=list_id).delete()
    RatingList.objects.filter(pk=list_id).update(status=RatingList.Status.FAILED,
                                                 error=message[:2000],
                                                 finished=timezone.now())
    job = RatingList.objects.filter(pk=list_id).first()
    if job is not None and job.upload:
        job.upload.storage.delete(job.upload.name)
        RatingList.objects.filter(pk=list_id).update(upload="")


def _entry(list_id: int, row: readers.ListRow) -> RatingListEntry:
    return RatingListEntry(
        rating_list_id=list_id, key=readers.name_key(row.name)[:120], name=row.name,
        club=row.club[:120], zps=row.zps, sex=row.sex, birth_year=row.birth_year, dwz=row.dwz,
        dwz_index=row.dwz_index, elo=row.elo, title=row.title, fide_id=row.fide_id,
        federation=row.federation)


COLUMNS = ("rating_list_id", "key", "name", "club", "zps", "sex", "birth_year", "dwz",
           "dwz_index", "elo", "title", "fide_id", "federation")


def _write(batch: list[RatingListEntry]) -> None:
    """Store a batch: PostgreSQL's COPY (several times faster), elsewhere one INSERT."""
    if not batch:
        return
    if connection.vendor != "postgresql":
        RatingListEntry.objects.bulk_create(batch)
        return
    table = connection.ops.quote_name(RatingListEntry._meta.db_table)
    with connection.cursor() as cursor:
        raw = cursor.cursor  # psycopg's own cursor: COPY ... FROM STDIN
        with raw.copy(f"COPY {table} ({', '.join(COLUMNS)}) FROM STDIN") as copy:
            for e in batch:
                copy.write_row([getattr(e, c) for c in COLUMNS])


def _starts_with(prefix: str) -> Q:
    """``key`` starts with ``prefix``, as the database's index can answer it: PostgreSQL's
    LIKE 'x%' uses its pattern index; SQLite's LIKE uses none, but a range does."""
    if connection.vendor != "sqlite":
        return Q(key__startswith=prefix)
    return Q(key__gte=prefix, key__lt=prefix[:-1] + chr(ord(prefix[-1]) + 1))


def run_import(list_id: int) -> str:
    """Read the list into the database (the task's work); safe to run again."""
    job = RatingList.objects.filter(pk=list_id).first()
    if job is None or job.status in (RatingList.Status.DONE, RatingList.Status.FAILED):
        return "nothing to do"
    RatingListEntry.objects.filter(rating_list_id=list_id).delete()  # a task run twice
    RatingList.objects.filter(pk=list_id).update(status=RatingList.Status.RUNNING, rows=0)
    count = 0
    try:
        with job.upload.open("rb") as raw, opened(raw) as (inner, size):
            RatingList.objects.filter(pk=list_id).update(size=size or job.size)
            counted = Counted(inner, MAX_UNPACKED)
            batch: list[RatingListEntry] = []
            for row in readers.rows(counted, job.file_format):  # type: ignore[arg-type]
                batch.append(_entry(list_id, row))
                if len(batch) >= BATCH:
                    _write(batch)
                    count += len(batch)
                    batch = []
                    RatingList.objects.filter(pk=list_id).update(rows=count,
                                                                 bytes_read=counted.count)
            _write(batch)
            count += len(batch)
        if count == 0:
            raise readers.ListError(0, _("the list holds no player"))
    except readers.ListError as exc:
        where = _("line %(n)s: ") % {"n": exc.line} if exc.line else ""
        mark_failed(list_id, where + exc.message)
        return "failed"
    except (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, OSError) as exc:
        # a zip damaged after its first bytes (its CRC, a cut-off download): the upload's
        # check read only the start, so this shows only now
        mark_failed(list_id, _("the zip file is damaged (%(why)s)") % {"why": exc})
        return "failed"
    with transaction.atomic():
        older = RatingList.objects.filter(kind=job.kind).exclude(pk=list_id)
        RatingListEntry.objects.filter(rating_list__in=older).delete()
        older.delete()
        RatingList.objects.filter(pk=list_id).update(
            status=RatingList.Status.DONE, rows=count, bytes_read=size or job.size,
            finished=timezone.now())
    if job.upload:  # the rows are in; the file is not needed any more
        job.upload.storage.delete(job.upload.name)
        RatingList.objects.filter(pk=list_id).update(upload="")
    return "done"


def search(query: str, limit: int = 8) -> list[RatingListEntry]:
    """Players of the finished lists whose name starts with what was typed.

    "mül ha" finds "Müller,Hans" (surname first, as the lists write it) and "hans mül"
    too: the first word, or the second, is the start of the name; the others must start
    a later word. Both are "starts with" lookups on the indexed folded name.
    """
    words = readers.name_key(query or "").split()[:4]
    if not words or len(words[0]) < 2:
        return []
    found: list[RatingListEntry] = []
    orders = [words] + ([[words[1], words[0], *words[2:]]] if len(words) > 1 else [])
    for first, *rest in orders:
        cond = _starts_with(first)
        for w in rest:
            cond &= Q(key__contains=f" {w}")
        # By the name index alone (in name order); a list still being read, or one that
        # failed, may hold the same names: more are fetched and those are left out here.
        # PostgreSQL answers LIKE 'x%' from its pattern index only without ORDER BY (the
        # ordered index follows the database's collation); SQLite's range is both.
        candidates = RatingListEntry.objects.filter(cond).select_related("rating_list")
        if connection.vendor != "sqlite":
            candidates = candidates.order_by()
        for e in sorted(candidates[:limit * 3], key=lambda e: e.key):
            if e.rating_list.status == RatingList.Status.DONE and all(
                    f.pk != e.pk for f in found):
                found.append(e)
    return found[:limit]


def facts(entry: RatingListEntry) -> dict[str, Any]:
    """A list entry as the person facts a sign-up gives (``update_entrant``'s fields)."""
    from ..trf.ranking import TITLE_ORDER

    born = datetime.date(entry.birth_year, 1, 1) if entry.birth_year else None
    federation = entry.federation if entry.federation.isalpha() and len(
        entry.federation) == 3 else ""
    out = {"dwz": entry.dwz, "dwz_index": entry.dwz_index, "birth_date": born,
           "sex": entry.sex, "fide_id": entry.fide_id if entry.fide_id.isdecimal() else "",
           "federation": federation, "zps": entry.zps,
           "title": entry.title if entry.title in TITLE_ORDER else ""}
    if entry.elo:  # the list's Elo, whatever the desk's rating field asks for
        out["elo"] = entry.elo
    return out


def picked(key: str, name: str) -> dict[str, Any] | None:
    """The facts of the list entry the desk picked (its key is ``L`` and the entry's id)
    while its name field still shows the entry's name; None otherwise."""
    if not key.startswith("L") or not key[1:].isdecimal():
        return None
    entry = RatingListEntry.objects.filter(pk=key[1:]).first()
    if entry is None or entry.name.casefold() != name.strip().casefold():
        return None
    return facts(entry)
