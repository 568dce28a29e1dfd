"""Hostile rating-list uploads end at once (issue 25, findings 1, 5 and 6).

A 1 MB zip of one 1,000 MB line had a web worker read the whole line before its length was
checked; a 100 KB zip of 26 million empty XML elements kept a request busy for minutes and
then replaced the site's FIDE list with an empty one. Now every line is read with its bound,
FIDE's XML may hold only <player> elements of a few fields under its root, a list without a
player replaces nothing, a failed import's file is deleted, one import runs at a time, and
only the organiser may replace the site's lists. Each test counts the bytes the reader took:
the refusal comes after kilobytes, whatever the file's size.
"""

from __future__ import annotations

import io
import zipfile

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.disciplines.chess.models import RatingList, RatingListEntry
from tournaments.disciplines.chess.rating_lists import readers, service

pytestmark = pytest.mark.django_db
DSB_HEAD = "ZPS,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n"  # noqa: E501
DSB_ROW = 'C0327,0012,A,"Müller,Hans",M,D,1961,202545,1834,23,1901,,4600000,GER\n'
FIDE_XML_ONE = (b"<playerslist><player><fideid>4600000</fideid><name>Muster, Max</name>"
                b"<country>GER</country><sex>M</sex><title></title><rating>1901</rating>"
                b"<birthday>1961</birthday></player></playerslist>")


class Counting(io.BytesIO):
    """A byte stream that counts what a reader took from it."""

    taken = 0

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        self.taken += len(data)
        return data

    def readline(self, size: int | None = -1) -> bytes:
        data = super().readline(size)
        self.taken += len(data)
        return data


def test_an_endless_line_is_refused_after_its_bound_not_read_whole():
    stream = Counting(DSB_HEAD.encode() + b"C0327," + b"x" * 20_000_000 + b"\n")
    with pytest.raises(readers.ListError) as err:
        list(readers.rows(stream, "dsb_csv"))
    assert err.value.line == 2 and "longer than" in err.value.message
    assert stream.taken < 3 * readers.MAX_LINE_BYTES


def test_millions_of_other_elements_are_refused_at_the_first():
    body = b"<playerslist>" + b"<x/>" * 2_000_000 + b"</playerslist>"
    stream = Counting(body)
    with pytest.raises(readers.ListError) as err:
        list(readers.rows(stream, "fide_xml"))
    assert "<x>" in err.value.message
    assert stream.taken < 200_000  # the parser's first chunks, not 8 MB


def test_a_deep_tree_and_a_player_of_endless_fields_are_refused():
    deep = b"<playerslist><player><name><b><c>x</c></b></name></player></playerslist>"
    with pytest.raises(readers.ListError, match="nested deeper"):
        list(readers.rows(io.BytesIO(deep), "fide_xml"))
    wide = b"<playerslist><player>" + b"<f/>" * 10_000 + b"</player></playerslist>"
    with pytest.raises(readers.ListError, match="more than 40 fields"):
        list(readers.rows(io.BytesIO(wide), "fide_xml"))


def test_a_fide_xml_list_still_reads():
    rows = list(readers.rows(io.BytesIO(FIDE_XML_ONE), "fide_xml"))
    assert [(r.name, r.elo, r.fide_id) for r in rows] == [("Muster, Max", 1901, "4600000")]


@pytest.fixture
def organiser(director, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    director.user_permissions.add(Permission.objects.get(codename="add_ratinglist"))
    return director


def _zip(name: str, data: bytes) -> SimpleUploadedFile:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(name, data)
    return SimpleUploadedFile("list.zip", packed.getvalue())


def test_a_list_without_a_player_replaces_nothing(organiser,
                                                  django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        good = service.start_import(organiser, _zip("players.xml", FIDE_XML_ONE))
    with django_capture_on_commit_callbacks(execute=True):
        empty = service.start_import(organiser, _zip("players.xml",
                                                     b"<playerslist></playerslist>"))
    empty.refresh_from_db()
    assert empty.status == "failed" and "no player" in empty.error
    assert RatingListEntry.objects.filter(rating_list=good).count() == 1
    assert RatingList.objects.get(pk=good.pk).status == "done"


def test_a_failed_import_leaves_no_file(organiser, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        bad = service.start_import(organiser, _zip("spieler.csv", (
            DSB_HEAD + "C0327," + "x" * 50_000 + "\n").encode()))
    bad.refresh_from_db()
    assert bad.status == "failed" and not bad.upload
    folder = service.settings.MEDIA_ROOT / "rating-lists"
    assert not folder.exists() or not any(folder.iterdir())


def test_one_import_at_a_time(organiser):
    first = service.start_import(organiser, _zip("spieler.csv", (DSB_HEAD + DSB_ROW).encode()))
    assert first.status == "queued"  # its commit has not run: still waiting
    with pytest.raises(service.ServiceError, match="being imported"):
        service.start_import(organiser, _zip("spieler.csv", (DSB_HEAD + DSB_ROW).encode()))


def test_only_the_organiser_replaces_the_sites_lists(client, make_tournament, director):
    make_tournament("chess")  # a director of a tournament, without the organiser's permission
    client.force_login(director)
    assert client.get(reverse("director:rating_lists")).status_code == 200
    response = client.post(reverse("director:rating_lists"),
                           {"file": SimpleUploadedFile("x.csv", (DSB_HEAD + DSB_ROW).encode())})
    assert response.status_code == 403
    assert not RatingList.objects.exists()


# -- where the import runs: a process of its own under make run (no Celery worker) -----------

PROCESS_RUN = r"""
import io, json, os, time, zipfile
import django
django.setup()
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from tournaments.disciplines.chess.rating_lists import service
from tournaments.disciplines.chess.models import RatingList
user = get_user_model().objects.create_superuser("orga", password="x-Y-z-123456")
packed = io.BytesIO()
with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("spieler.csv", os.environ["LIST"])
spawned = []
real = service.spawn_import
service.spawn_import = lambda i: spawned.append(real(i))
with transaction.atomic():
    job = service.start_import(user, SimpleUploadedFile("list.zip", packed.getvalue()))
for _ in range(600):
    job.refresh_from_db()
    if job.status in ("done", "failed"):
        break
    time.sleep(0.1)
spawned[0].wait(30)
print(json.dumps({"status": job.status, "rows": job.rows, "pid": spawned[0].pid,
                  "me": os.getpid(), "code": spawned[0].returncode}))
"""


def test_without_a_worker_the_import_runs_in_a_process_of_its_own(tmp_path):
    """The embedded default (SQLite, tasks in-process): the web process starts
    ``manage.py import_rating_list`` and goes on; the list is read there."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), "LANG": "C.UTF-8",
           "PYTHONPATH": str(root), "DJANGO_SETTINGS_MODULE": "config.settings",
           "DJANGO_DEBUG": "1", "SECRET_KEY_FILE": str(tmp_path / "key"),
           "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
           "MEDIA_ROOT": str(tmp_path / "media"), "LIST": DSB_HEAD + DSB_ROW}
    migrate = subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=root, env=env,
                             capture_output=True, text=True, timeout=300)
    assert migrate.returncode == 0, migrate.stderr
    done = subprocess.run([sys.executable, "-c", PROCESS_RUN], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["status"] == "done" and found["rows"] == 1
    assert found["pid"] != found["me"] and found["code"] == 0
