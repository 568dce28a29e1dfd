"""What an attack on a production-mode server (gunicorn, PostgreSQL, DEBUG off) still broke.

Each test is one finding, through the entry point it was found at:

1. A NUL in the desk's player search (``?q=%00``) was a 500: PostgreSQL refuses a NUL in
   a query. Text with a control character now finds nobody (no stored name holds one).
2. A rating list zipped with a password, or with a compression method Python cannot
   unpack, was a 500 on the upload page.
3. A rating list with a NUL byte (a UTF-16 file, a stray byte in a cell) crashed the import
   task at the database and left the list "running" for ever, the page polling it; a zip
   damaged after its first bytes did the same. Both now fail the import with the reason.
4. Names and clubs with control characters (a bidirectional override, a soft hyphen) went
   into the rating list and on to the desk, whose sign-up then refused the name it had
   offered. The list now refuses them with the line.
5. A setting with two decimals (chess points, Pussi's weights) given as 10**30 or 1e309
   on the settings page was a 500: ``Decimal.quantize`` cannot hold it. It is the
   field's range error now.
7. A ``turnier/1`` document's entrant status that is none of the four was stored as
   "present" without a word, and its categories had no bound (5,000 characters, any
   number of them). Both are refused at their place now, as the API's entrant refuses them.

The tests of findings 1 and 3 that name PostgreSQL fail before the fix only there
(``make test-services``); SQLite stores and searches a NUL.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.disciplines.chess.models import RatingList, RatingListEntry
from tournaments.disciplines.chess.rating_lists import readers, service
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db

DSB = (
    "ZPS,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,"
    "Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n"
    "C0327,0012,A,\"Müller,Hans\",M,D,1961,202601,1834,23,1901,FM,4612345,GER\n"
)


def upload(name: str, content: str | bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content.encode() if isinstance(content, str) else content)


@pytest.fixture
def importer(director, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"),
                                  Permission.objects.get(codename="add_ratinglist"))
    return director


# ------------------------------------------------------------- 1: a NUL in the desk's search

@pytest.mark.parametrize("query", ["\x00", "Mül\x00ler", "Hans \u202e"])
def test_a_control_character_in_the_desk_search_finds_nobody(make_tournament, desk_client,
                                                             query):
    t = make_tournament("chess", entrants=2)
    url = reverse("desk:players", args=[t.slug])
    for params in ({"q": query}, {"slot": "2", "p2_name": query}):
        response = desk_client.get(url, params)
        assert response.status_code == 200
        assert not response.context["players"]
    assert services.find_players(query, None, t) == []


def test_the_desk_search_still_finds_by_name(make_tournament, desk_client):
    t = make_tournament("chess", entrants=2)
    name = Player.objects.filter(entries__tournament=t).first().name
    response = desk_client.get(reverse("desk:players", args=[t.slug]), {"q": name})
    assert [p.name for p in response.context["players"]] == [name]


# ---------------------------------------------------- 2: zips the upload could not open

def zipped(data: bytes, *, method: int | None = None, encrypted: bool = False) -> bytes:
    """A zip of one list, its header patched to a method number or the encryption flag."""
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_STORED) as z:
        z.writestr("spieler.csv", data)
    raw = bytearray(packed.getvalue())
    central = raw.find(b"PK\x01\x02")
    if method is not None:
        raw[8:10] = raw[central + 10:central + 12] = method.to_bytes(2, "little")
    if encrypted:
        raw[6] |= 1
        raw[central + 8] |= 1
    return bytes(raw)


@pytest.mark.parametrize("archive", [
    pytest.param(zipped(DSB.encode(), encrypted=True), id="password"),
    pytest.param(zipped(DSB.encode(), method=99), id="unknown-method"),
])
def test_a_zip_that_cannot_be_unpacked_is_the_fields_error(client, importer, archive):
    client.force_login(importer)
    response = client.post(reverse("director:rating_lists"),
                           {"file": upload("spieler.zip", archive)})
    assert response.status_code == 400
    assert "cannot unpack" in " ".join(response.context["form"].errors["file"])
    assert not RatingList.objects.exists()


# ------------------------------------------ 3: a NUL or a damaged zip stopped the import

def imported(importer, capture, content: bytes, name: str = "spieler.csv") -> RatingList:
    with capture(execute=True):
        job = service.start_import(importer, upload(name, content))
    job.refresh_from_db()
    return job


def test_a_utf16_list_is_refused_at_the_upload(client, importer):
    client.force_login(importer)
    response = client.post(reverse("director:rating_lists"),
                           {"file": upload("spieler.csv", DSB.encode("utf-16"))})
    assert response.status_code == 400
    assert "UTF-16" in " ".join(response.context["form"].errors["file"])


def test_a_nul_byte_further_down_fails_the_import_with_its_line(
        importer, django_capture_on_commit_callbacks):
    """Past the bytes the upload looks at: the import fails and names the line (before,
    PostgreSQL's refusal ended the task and the list stayed "running")."""
    padding = "".join(f"C0327,{n:04},A,\"Spieler,Nr{n}\",M,D,1961,202601,1500,9,0,,0,GER\n"
                      for n in range(100, 200))
    content = (DSB + padding + "C0327,0014,A,\"Klein,E\x00va\",W,D,1961,202601,1500,3,0,,0,GER\n")
    job = imported(importer, django_capture_on_commit_callbacks, content.encode())
    assert job.status == "failed"
    assert job.error.startswith("line 103:") and "NUL" in job.error
    assert not RatingListEntry.objects.exists()


def test_a_zip_damaged_after_its_start_fails_the_import(importer,
                                                        django_capture_on_commit_callbacks):
    rows = "".join(f"C0327,{n:04},A,\"Spieler,Nr{n}\",M,D,1961,202601,1500,9,0,,0,GER\n"
                   for n in range(100, 300))
    archive = bytearray(zipped((DSB + rows).encode()))
    at = archive.find(b"Nr250")
    archive[at:at + 5] = b"Nr251"  # still a list, but the CRC no longer fits
    job = imported(importer, django_capture_on_commit_callbacks, bytes(archive), "spieler.zip")
    assert job.status == "failed" and "damaged" in job.error


# --------------------------------------------------------- 4: control characters in names

@pytest.mark.parametrize(("content", "needle"), [
    (DSB.replace("Müller,Hans", "Müller,Ha\u202ens"), "U+202E"),
    (DSB.replace("Müller,Hans", "Mül\u00adler,Hans"), "U+00AD"),
    (DSB.replace("Spielername", "Verein,Spielername").replace("\"Müller", "SK\u200bHof,\"Müller"),
     "U+200B"),
])
def test_a_name_or_club_with_a_control_character_is_refused_with_its_line(content, needle):
    with pytest.raises(readers.ListError) as err:
        list(readers.read_dsb_csv(io.StringIO(content)))
    assert err.value.line == 2 and needle in err.value.message


def test_an_xml_name_with_a_control_character_is_refused_with_its_element():
    xml = ("<playerslist><player><fideid>1</fideid><name>Giri,\u202e Anish</name>"
           "<rating>2750</rating></player></playerslist>").encode()
    with pytest.raises(readers.ListError) as err:
        list(readers.read_fide_xml(io.BytesIO(xml)))
    assert err.value.line == 1 and "U+202E" in err.value.message


# ------------------------------------------------- 5: huge numbers on the settings page

@pytest.mark.parametrize(("discipline", "kind", "field"), [
    ("chess", "single", "win"), ("chess", "single", "bye"),
    ("pussi", "single", "weight_points"), ("skat", "single", "loss_fee"),
])
@pytest.mark.parametrize("value", ["9" * 30, "1e309", "-1e400", "1E+27"])
def test_a_huge_decimal_setting_is_the_fields_range_error(director_client, make_tournament,
                                                          discipline, kind, field, value):
    t = make_tournament(discipline, kind)
    url = reverse("director:settings", args=[t.slug])
    page = director_client.get(url)
    data = {bf.name: bf.value() for bf in page.context["form"]
            if bf.value() not in (None, False) and not bf.field.disabled}
    before = dict(t.scoring)
    response = director_client.post(url, {**data, field: value})
    assert response.status_code == 400
    assert "must be a number from" in " ".join(response.context["form"].errors[field])
    t.refresh_from_db()
    assert t.scoring == before


def test_the_rating_list_refusals_are_german_on_a_german_page(client, importer, settings):
    settings.LANGUAGE_CODE = "de"
    client.force_login(importer)
    url = reverse("director:rating_lists")
    response = client.post(url, {"file": upload("spieler.csv", DSB.encode("utf-16"))},
                           HTTP_ACCEPT_LANGUAGE="de")
    assert "Die Datei enthält NUL-Bytes wie UTF-16-Text" in response.content.decode()
    response = client.post(url, {"file": upload("spieler.zip",
                                                zipped(DSB.encode(), encrypted=True))},
                           HTTP_ACCEPT_LANGUAGE="de")
    assert "die ZIP-Datei ist verschlüsselt" in response.content.decode()
    with translation.override("de"), pytest.raises(readers.ListError) as err:
        list(readers.read_dsb_csv(io.StringIO(DSB.replace("Hans", "Ha\u202ens"))))
    assert err.value.message == "der Name enthält das Steuerzeichen U+202E an Stelle 10"


# ------------------------------------- 7: a document's entrant status and categories

def document(**entrant: Any) -> dict[str, Any]:
    return {"format": "turnier/1", "name": "Import", "discipline": "chess",
            "entrants": [{"id": 1, "name": "Anna", **entrant}, {"id": 2, "name": "Bernd"}],
            "rounds": []}


@pytest.mark.parametrize(("entrant", "place", "words"), [
    ({"status": "zzz"}, "entrants[0].status", "must be one of registered, present"),
    ({"status": 7}, "entrants[0].status", "not '7'"),
    ({"categories": ["k" * 5000]}, "entrants[0].categories[0]", "at most 30 characters"),
    ({"categories": [f"c{n}" for n in range(1000)]}, "entrants[0].categories",
     "at most 20, not 1000"),
])
def test_an_imported_entrant_status_or_category_beyond_the_rules_is_refused(
        api, entrant, place, words):
    response = api.post("/api/v1/tournaments/import/", document(**entrant), format="json")
    assert response.status_code == 400
    assert words in " ".join(response.json()[place])
    assert not Tournament.objects.filter(name="Import").exists()


def test_an_imported_entrant_status_is_kept(api):
    response = api.post("/api/v1/tournaments/import/",
                        document(status="withdrawn", categories=["senior"]), format="json")
    assert response.status_code == 201
    anna = Tournament.objects.get(name="Import").entrants.get(start_number=1)
    assert (anna.status, anna.categories) == ("withdrawn", ["senior"])
