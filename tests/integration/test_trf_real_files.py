"""Real TRF files through every import path: ``manage.py import_trf``, the director's
import form and the API's ``import-trf`` (tournaments.chess.trf.import_trf).

Each ends in a tournament or in a refusal that names the place (exit 2, the form's field
error, HTTP 400 under ``trf``), never a traceback. The readings themselves are tested
in ``tests/unit/test_trf_real_files.py``.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.trf import read, state_before_round
from tournaments.disciplines.chess.trf import (
    export_trf,
    import_trf,
    tournament_trf,
    trf_differences,
)
from tournaments.models import Bye, Tournament
from tournaments.services import Actor, ServiceError

from .helpers import client_for

pytestmark = pytest.mark.django_db
ACTOR = Actor(None, "test")


@pytest.fixture
def importer(may_create) -> Client:
    """The director, allowed to create tournaments (so to import them)."""
    c = Client()
    c.force_login(may_create)
    return c


def player(n: int, name: str, rating: int, points: str, rank: int, *cells: str) -> str:
    head = f"001 {n:>4}      {name}".ljust(48) + f"{rating:>4}"
    return f"{head:<80}{points:>4} {rank:>4}" + "".join(f"  {c}" for c in cells)


# A German open: the odd player out is paired against a "spielfrei" dummy that has no line
# (0000 - +), and a player who withdrew before round 1 has rank 0 and 0000 - - throughout.
SPIELFREI = "\n".join([
    "012 Offene Stadtmeisterschaft 2005",
    "022 Musterstadt",
    "XXR 5",
    "XXC white1",
    player(1, "Maier, Anna", 2210, "2.0", 1, "   4 w 1", "   3 b 1"),
    player(2, "Müller, Hans", 2150, "1.5", 2, "   5 b =", "   4 w 1"),
    player(3, "Schulz, Eva", 2080, "1.0", 4, "0000 - +", "   1 w 0"),
    player(4, "Huber, Karl", 1990, "0.0", 5, "   1 b 0", "   2 b 0"),
    player(5, "Wagner, Ida", 1900, "1.5", 3, "   2 w =", "0000 - +"),
    player(6, "Becker, Paul", 1850, "0.0", 0, "0000 - -", "0000 - -"),
]) + "\n"
RANKED = SPIELFREI.replace("0.0    0", "0.0    6")  # the same with a rank for the withdrawn


def ahead(text: str) -> tuple[str, int, int]:
    """The file with a 0000 - + in the round not paired yet, and where that cell is."""
    lines = text.splitlines()
    lines[7] += "  0000 - +"  # player 4, round 3
    return "\n".join(lines) + "\n", 8, 92 + 20 + 7


def test_0000_plus_and_minus_import_as_full_point_and_zero_byes(capsys, tmp_path):
    path = tmp_path / "open.trf"
    path.write_bytes(RANKED.encode("latin-1"))  # as the 2005 file: Latin-1
    call_command("import_trf", str(path), slug="spielfrei")
    assert capsys.readouterr().out.strip() == "spielfrei"
    t = Tournament.objects.get(slug="spielfrei")
    byes = {(b.round.number, b.entrant.start_number, b.kind)
            for b in Bye.objects.filter(round__tournament=t).select_related("round", "entrant")}
    assert byes == {(1, 3, "forfeit-win"), (2, 5, "forfeit-win"), (1, 6, "zero"), (2, 6, "zero")}
    exported = export_trf(t)
    assert "0000 - F" in exported and "0000 - +" not in exported
    assert trf_differences(read(RANKED), read(exported)) == []
    for r in (1, 2, 3):
        assert state_before_round(tournament_trf(t, r - 1), r).pairing_view() == \
            state_before_round(read(RANKED), r).pairing_view()


def test_rank_0_of_a_withdrawn_player_imports(tmp_path):
    path = tmp_path / "open.trf"
    path.write_bytes(SPIELFREI.encode("latin-1"))
    call_command("import_trf", str(path), slug="rang-null")
    t = Tournament.objects.get(slug="rang-null")
    assert t.entrants.count() == 6
    assert trf_differences(read(SPIELFREI), read(export_trf(t))) == []


def test_a_blank_cell_of_a_paired_round_imports_as_a_zero_bye():
    lines = SPIELFREI.splitlines()
    lines[9] = lines[9][:101]  # player 6: the line ends after round 1
    text = "\n".join(lines) + "\n"
    t = import_trf(text, ACTOR)
    assert Bye.objects.get(round__tournament=t, round__number=2, entrant__start_number=6).kind \
        == "zero"
    assert state_before_round(tournament_trf(t, 1), 2).pairing_view() == \
        state_before_round(read(text), 2).pairing_view()


def test_the_import_form_and_the_api_read_the_spielfrei_file(importer, director):
    r = importer.post(reverse("director:home"), {
        "action": "import",
        "import-document": SimpleUploadedFile("open.trf", SPIELFREI.encode("latin-1"))})
    assert r.status_code == 302, r.content
    api = client_for(director)
    r = api.post("/api/v1/tournaments/import-trf/", {"trf": SPIELFREI}, format="json")
    assert r.status_code == 201, r.content
    assert Tournament.objects.count() == 2


def test_a_full_point_bye_ahead_is_the_freilos_on_every_path(importer, director, tmp_path):
    """A ``+``/``F`` in the round not paired yet is the full-point bye (Freilos) the director
    gave for that round (issue 17): stored as such and written back as ``F``."""
    text, _line, _column = ahead(RANKED)
    path = tmp_path / "ahead.trf"
    path.write_text(text, encoding="utf-8")
    call_command("import_trf", str(path), slug="freilos")
    t = Tournament.objects.get(slug="freilos")
    assert list(t.bye_requests.values_list("entrant__start_number", "round_number", "kind")
                ) == [(4, 3, "full")]
    assert "0000 - F" in export_trf(t).splitlines()[7 + 1]

    r = importer.post(reverse("director:home"), {
        "action": "import", "import-document": SimpleUploadedFile("ahead.trf", text.encode())})
    assert r.status_code == 302, r.content
    r = client_for(director).post("/api/v1/tournaments/import-trf/", {"trf": text},
                                  format="json")
    assert r.status_code == 201, r.content
    assert Tournament.objects.count() == 3


def test_a_lichess_export_imports_and_comes_back():
    def line(n: int, user: str, rating: int, points: str, *cells: str) -> str:
        text = (f"001 {n:>4}      {user}".ljust(48) + f"{rating:>4}").ljust(80) + f"{points:>4}"
        for k, cell in enumerate(cells):
            text = text.ljust(91 + 10 * k) + cell
        return text
    text = "\n".join([
        "012 Lichess Swiss", "022 https://lichess.org/swiss/abcd1234", "032 Lichess",
        "092 Individual: Swiss-System", "XXR 4", "XXC black1",
        line(1, "magnus", 2900, "1.5", "   2 b 1", "       H"),
        line(2, "hikaru", 2850, "1.0", "   1 w 0", "   3 b 1"),
        line(3, "anish", 2750, "1.0", "       U", "   2 w 0"),
        line(4, "ding", 2700, "0.0", "       -", "       -", "0000   -"),
    ]) + "\n"
    t = import_trf(text, ACTOR)
    assert trf_differences(read(text), read(export_trf(t))) == []
    assert state_before_round(tournament_trf(t, 2), 3).pairing_view() == \
        state_before_round(read(text), 3).pairing_view()


def test_xxc_rank_keeps_its_initial_ranking_through_the_database():
    lines = [player(2, "Zwei", 1990, "1.0", 1, "   3 w 1"),  # the lines' order ranks
             player(1, "Eins", 2000, "1.0", 2, "   4 b 1"),
             player(3, "Drei", 1980, "0.0", 3, "   2 b 0"),
             player(4, "Vier", 1970, "0.0", 4, "   1 w 0")]
    text = "\n".join(["012 Rank", "XXR 3", "XXC rank white1", *lines]) + "\n"
    t = import_trf(text, ACTOR)
    exported = read(export_trf(t))
    assert exported.by_rank and exported.initial_order() == [2, 1, 3, 4]
    assert trf_differences(read(text), exported) == []
    assert state_before_round(tournament_trf(t, 1), 2).ranking == (2, 1, 3, 4)


# Any result code (and a blank opponent field) in any cell of the file: the import ends in a
# tournament or in a refusal that names line and column, never in another exception.
@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=st.integers(4, 9), round_=st.integers(1, 3),
       result=st.sampled_from(list("10=+-UHZFWDLuhzf Q")),
       blank_opponent=st.booleans())
def test_every_cell_imports_or_is_refused_with_its_place(db, line, round_, result,
                                                         blank_opponent):
    lines = RANKED.splitlines()
    column = 92 + 10 * (round_ - 1)
    text = lines[line].ljust(column + 7)
    cell = text[column - 1:column + 7]
    if blank_opponent and cell.startswith("0000"):
        cell = "    " + cell[4:]
    lines[line] = (text[:column - 1] + cell[:7] + result + text[column + 7:]).rstrip()
    try:
        with transaction.atomic():
            t = import_trf("\n".join(lines) + "\n", ACTOR)
            read(export_trf(t))
            transaction.set_rollback(True)
    except ServiceError as exc:
        assert "line " in str(exc), str(exc)
