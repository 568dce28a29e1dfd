"""Rating lists: the DSB's DWZ list and FIDE's list imported, searched at the desk, signed up."""

from __future__ import annotations

import datetime
import io
import zipfile

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.disciplines.chess.models import RatingList, RatingListEntry
from tournaments.disciplines.chess.rating_lists import readers, service
from tournaments.models import Entrant

pytestmark = pytest.mark.django_db

DSB = (
    "ZPS,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,"
    "Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n"
    "C0327,0012,A,\"Müller,Hans\",M,D,1961,202601,1834,23,1901,FM,4612345,GER\n"
    "C0327,0013,A,\"Weiß,Anna\",W,D,2008,202510,1652,7,0,,0,GER\n"
    "B0101,1001,P,\"Maier,Jakob\",M,D,1990,202001,1500,40,0,,,\n"
    "B0101,1002,A,\"Mueller,Petra\",W,D,1975,202511,1711,55,1754,WFM,4699999,AUT\n"
)
FIDE_HEAD = ("ID Number      Name                                                         Fed Sex "
             "Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")


def fide_line(**cells: str) -> str:
    """A row as FIDE writes it: each value starts where its column's heading starts."""
    line = [" "] * len(FIDE_HEAD)
    for heading, value in cells.items():
        at = FIDE_HEAD.index(heading.replace("_", " ").replace("B day", "B-day"))
        line[at:at + len(value)] = value
    return "".join(line).rstrip()


FIDE_TXT = "\n".join([
    FIDE_HEAD,
    fide_line(ID_Number="4100018", Name="Carlsen, Magnus", Fed="NOR", Sex="M", Tit="GM",
              SRtng="2833", SGm="10", B_day="1990"),
    fide_line(ID_Number="24600121", Name="Keymer, Vincent", Fed="GER", Sex="M", Tit="GM",
              SRtng="2720", SGm="9", B_day="2004"),
]) + "\n"
FIDE_XML = (
    b"<?xml version='1.0' encoding='utf-8'?>\n<playerslist>"
    b"<player><fideid>24600121</fideid><name>Keymer, Vincent</name><country>GER</country>"
    b"<sex>M</sex><title>GM</title><rating>2720</rating><birthday>2004</birthday></player>"
    b"<player><fideid>1503014</fideid><name>Giri, Anish</name><country>NED</country>"
    b"<sex>M</sex><title>GM</title><rating>2750</rating><birthday>1994</birthday></player>"
    b"</playerslist>"
)


def upload(name: str, content: str | bytes) -> SimpleUploadedFile:
    data = content.encode("utf-8") if isinstance(content, str) else content
    return SimpleUploadedFile(name, data)


def test_the_dsb_list_is_read_with_zps_index_and_every_fact():
    rows = list(readers.read_dsb_csv(io.StringIO(DSB)))
    hans = rows[0]
    assert (hans.name, hans.zps, hans.sex, hans.birth_year) == ("Müller,Hans", "C0327-12",
                                                                "m", 1961)
    assert (hans.dwz, hans.dwz_index, hans.elo, hans.title, hans.fide_id, hans.federation) == (
        1834, 23, 1901, "FM", "4612345", "GER")
    assert rows[1].elo is None and rows[1].fide_id == "" and rows[1].sex == "w"


def test_the_dsb_list_is_read_with_semicolons_and_windows_1252():
    text = DSB.replace(",", ";").replace('"Müller;Hans"', '"Müller,Hans"')
    raw = text.encode("cp1252")
    rows = list(readers.rows(io.BytesIO(raw), "dsb_csv"))
    assert rows[0].name == "Müller,Hans" and rows[0].dwz == 1834


def test_fide_text_list_columns_come_from_its_header():
    rows = list(readers.read_fide_txt(io.StringIO(FIDE_TXT)))
    assert [(r.name, r.federation, r.title, r.elo, r.birth_year, r.fide_id) for r in rows] == [
        ("Carlsen, Magnus", "NOR", "GM", 2833, 1990, "4100018"),
        ("Keymer, Vincent", "GER", "GM", 2720, 2004, "24600121")]


def test_fide_xml_list_is_read_element_by_element():
    rows = list(readers.read_fide_xml(io.BytesIO(FIDE_XML)))
    assert [(r.name, r.elo, r.federation) for r in rows] == [
        ("Keymer, Vincent", 2720, "GER"), ("Giri, Anish", 2750, "NED")]


def test_an_xml_list_with_entities_is_refused_not_expanded():
    bomb = (b"<?xml version='1.0'?><!DOCTYPE l [<!ENTITY a 'aaaaaaaaaa'>"
            b"<!ENTITY b '&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;'>]><playerslist><player>"
            b"<name>&b;</name><rating>1</rating></player></playerslist>")
    with pytest.raises(readers.ListError) as err:
        list(readers.read_fide_xml(io.BytesIO(bomb)))
    assert "DTDForbidden" in err.value.message


def test_a_bad_row_is_refused_with_its_line():
    bad = DSB + "C0327,0014,A,\"Klein,Eva\",W,D,19x1,202601,1500,3,0,,0,GER\n"
    with pytest.raises(readers.ListError) as err:
        list(readers.read_dsb_csv(io.StringIO(bad)))
    assert err.value.line == 6 and "19x1" in err.value.message


def test_names_are_searched_folded():
    assert readers.name_key("Müller,Hans-Jörg") == readers.name_key("mueller hans jorg")


@pytest.fixture
def importer(director, settings, tmp_path):
    """The organiser: may import the site's lists (and create tournaments)."""
    settings.MEDIA_ROOT = tmp_path / "media"
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"),
                                  Permission.objects.get(codename="add_ratinglist"))
    return director


def test_a_list_is_imported_in_the_background_and_replaces_the_older_one(
        importer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = service.start_import(importer, upload("spieler.csv", DSB))
    first.refresh_from_db()
    assert (first.status, first.rows, first.percent) == ("done", 4, 100)
    assert RatingListEntry.objects.filter(rating_list=first).count() == 4
    with django_capture_on_commit_callbacks(execute=True):
        second = service.start_import(importer, upload("spieler.csv", DSB.splitlines()[0]
                                                       + "\n" + DSB.splitlines()[1] + "\n"))
    assert not RatingList.objects.filter(pk=first.pk).exists()
    assert list(RatingListEntry.objects.values_list("name", flat=True)) == ["Müller,Hans"]
    second.refresh_from_db()
    assert second.status == "done" and not second.upload


def test_a_zipped_fide_list_is_imported(importer, django_capture_on_commit_callbacks):
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as z:
        z.writestr("players_list_foa.txt", FIDE_TXT)
    with django_capture_on_commit_callbacks(execute=True):
        job = service.start_import(importer, upload("players_list.zip", packed.getvalue()))
    job.refresh_from_db()
    assert (job.kind, job.file_format, job.status, job.rows) == ("fide", "fide_txt", "done", 2)


def test_a_list_that_breaks_midway_fails_with_its_line_and_the_old_list_stays(
        importer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        good = service.start_import(importer, upload("spieler.csv", DSB))
    with django_capture_on_commit_callbacks(execute=True):
        bad = service.start_import(importer, upload("spieler.csv", DSB + "x,1,A,,M\n"))
    bad.refresh_from_db()
    assert bad.status == "failed" and bad.error.startswith("line 6:")
    assert RatingListEntry.objects.filter(rating_list=good).count() == 4
    assert not RatingListEntry.objects.filter(rating_list=bad).exists()


def test_the_page_refuses_a_file_that_is_no_rating_list(client, importer):
    client.force_login(importer)
    response = client.post(reverse("director:rating_lists"),
                           {"file": upload("notes.txt", "hello\nworld\n")})
    assert response.status_code == 400
    assert "neither the DSB" in response.content.decode()
    assert not RatingList.objects.exists()


def test_the_page_is_for_directors_only(client, stranger):
    client.force_login(stranger)
    assert client.get(reverse("director:rating_lists")).status_code == 403


def test_the_page_uploads_and_shows_the_import(client, importer,
                                               django_capture_on_commit_callbacks):
    client.force_login(importer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("director:rating_lists"),
                               {"file": upload("spieler.csv", DSB)})
        queued = client.get(reverse("director:rating_lists")).content.decode()
    assert response.status_code == 302
    assert 'data-status="queued"' in queued and 'hx-trigger="every 2s"' in queued
    page = client.get(reverse("director:rating_lists_table")).content.decode()
    assert "spieler.csv" in page and 'data-status="done"' in page
    assert "every 2s" not in page


@pytest.fixture
def dwz_list(importer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        service.start_import(importer, upload("spieler.csv", DSB))


def test_the_desk_suggests_players_of_the_list_by_parts_of_their_names(
        make_tournament, desk_client, dwz_list):
    t = make_tournament("chess")
    html = desk_client.get(reverse("desk:players", args=[t.slug]), {"q": "mül"}).content.decode()
    assert "Müller,Hans" in html and "Mueller,Petra" in html and "DWZ list" in html
    html = desk_client.get(reverse("desk:players", args=[t.slug]),
                           {"q": "hans mül"}).content.decode()
    assert "Müller,Hans" in html and "Petra" not in html
    other = make_tournament("mucken", entrant_kind="pair", name="Mucken")
    html = desk_client.get(reverse("desk:players", args=[other.slug]),
                           {"q": "mül"}).content.decode()
    assert "Müller,Hans" not in html


def test_signing_up_a_player_picked_from_the_list_fills_every_fact(
        make_tournament, desk_client, dwz_list):
    t = make_tournament("chess")
    entry = RatingListEntry.objects.get(name="Müller,Hans")
    response = desk_client.post(reverse("desk:tournament", args=[t.slug]), {
        "p1_name": "Müller,Hans", "p1_club": "", "p1_rating": "1901", "p1_id": f"L{entry.pk}",
        "status": "present"})
    assert response.status_code in (200, 302)
    person = Entrant.objects.get(tournament=t, name="Müller,Hans").players.get()
    assert (person.dwz, person.dwz_index, person.rating, person.zps, person.title) == (
        1834, 23, 1901, "C0327-12", "FM")
    assert (person.birth_date, person.sex, person.fide_id, person.federation) == (
        datetime.date(1961, 1, 1), "m", "4612345", "GER")


def test_a_list_pick_whose_name_was_then_changed_signs_up_the_typed_person(
        make_tournament, desk_client, dwz_list):
    t = make_tournament("chess")
    entry = RatingListEntry.objects.get(name="Müller,Hans")
    desk_client.post(reverse("desk:tournament", args=[t.slug]), {
        "p1_name": "Müller,Hanna", "p1_id": f"L{entry.pk}", "status": "present"})
    person = Entrant.objects.get(tournament=t, name="Müller,Hanna").players.get()
    assert person.dwz is None and person.zps == ""


@pytest.mark.parametrize(("reader", "text", "says"), [
    (readers.read_fide_txt, "", "the file is empty"),
    (readers.read_dsb_csv, "", "the file is empty"),
    (readers.read_fide_txt, "Name Elo\nA 1\n", "this is not a FIDE list"),
    (readers.read_dsb_csv, "a,b\n1,2\n", "this is not a DWZ list"),
    (readers.read_dsb_csv, "Spielername,DWZ\n" + "x" * 2100 + "\n", "longer than 2000"),
])
def test_a_file_that_is_no_list_is_refused_on_its_first_lines(reader, text, says):
    with pytest.raises(readers.ListError) as err:
        list(reader(io.StringIO(text)))
    assert says in err.value.message and err.value.line in (1, 2)
