"""TRF through the database: import, export, the engine's view (tournaments.chess.trf).

The Dutch reference files (fixtures/dutch) must come back unchanged in
meaning, and the Dutch engine fed from the database must pair every round as the
file records it: that proves the converter both ways. ``tools/trf_roundtrip.py``
runs the round trip over every file.
"""

from __future__ import annotations

import gzip
from fractions import Fraction
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from pairing.dutch import pair
from pairing.swiss import SwissPairing
from pairing.trf import read, read_pairing, recorded_pairing, state_before_round
from tournaments import services
from tournaments.disciplines.chess.models import ByeRequest, PairingRule
from tournaments.disciplines.chess.trf import (
    entrant_for_number,
    export_trf,
    import_trf,
    initial_ranking,
    tournament_trf,
    trf_differences,
)
from tournaments.models import Round, Tournament
from tournaments.services import Actor, ServiceError

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
DUTCH = FIXTURES / "dutch"
SAMPLE = [f"t{k:04d}.trf" for k in range(1, 301, 12)]  # 25 files over the set (random order)
ACTOR = Actor(None, "test")


def fixture_text(name: str) -> str:
    path = DUTCH / name if name.startswith("t") else FIXTURES / "dutch-large" / name
    data = path.read_bytes()
    return (gzip.decompress(data) if name.endswith(".gz") else data).decode()


def in_start_numbers(t: Tournament, p: SwissPairing) -> SwissPairing:
    """The engine's pairing numbers as start numbers (= the file's numbers after import)."""
    start = {n: e.start_number for n, e in entrant_for_number(t).items()}
    return SwissPairing(tuple(sorted((start[w], start[b]) for w, b in p.pairs)),
                        None if p.bye is None else start[p.bye])


def sorted_pairing(p: SwissPairing) -> SwissPairing:
    return SwissPairing(tuple(sorted(p.pairs)), p.bye)


# --- round trip ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", [*SAMPLE, "t0092.trf", "t0118.trf", "p0100.trf.gz"])
def test_round_trip_keeps_everything(name):
    text = fixture_text(name)
    t = import_trf(text, ACTOR)
    assert trf_differences(read(text), read(export_trf(t))) == []


def player(n, sex, title, name, rating, fed, fide_id, birth, points, rank, *cells):
    """A TRF-16 ``001`` line from its fields."""
    return (f"001 {n:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide_id:>11} "
            f"{birth:<10} {points:>4} {rank:>4}  " + "  ".join(cells))


def test_round_trip_of_every_header_and_player_fact():
    text = "\n".join([
        "012 Stadtmeisterschaft 2026",
        "022 Bad Homburg",
        "032 GER",
        "042 2026/03/14",
        "052 2026/03/15",
        "062 4",
        "072 3",
        "092 Swiss Dutch",
        "102 IA Erika Muster",
        "112 Max Beispiel",
        "112 Eva Probe",
        "122 90'/40 + 30' + 30\"",
        "132" + " " * 88 + "26/03/14  26/03/14  26/03/15",
        "XXR 3",
        "XXC white1",
        "XXP 1 4",
        "XXA    2  1.0",
        "999 a line nobody knows",
        player(1, "m", "g", "Carlsen, Magnus", "2830", "NOR", "1503014", "1990/11/30", "2.0", 1,
               "   3 w 1", "   2 b 1"),
        player(2, "w", "wg", "Muster, Erika", "2400", "GER", "4600000", "1985/00/00", "0.5", 3,
               "   4 b =", "   1 w 0"),
        player(3, "", "", "Probe, Eva", "1800", "AUT", "", "1970", "0.0", 4,
               "   1 b 0", "0000 - Z", "0000 - H"),
        player(4, "m", "", "Beispiel, Max", "0", "", "", "", "1.5", 2, "   2 w =", "0000 - U"),
        "",
    ])
    t = import_trf(text, ACTOR)
    assert t.name == "Stadtmeisterschaft 2026" and t.planned_rounds == 3
    assert t.details["city"] == "Bad Homburg"
    assert t.details["deputy_arbiters"] == ["Max Beispiel", "Eva Probe"]
    assert t.details["round_dates"] == ["26/03/14", "26/03/14", "26/03/15"]
    carlsen = t.entrants.get(start_number=1).players.get()
    assert (carlsen.title, carlsen.sex, carlsen.federation, carlsen.fide_id, carlsen.rating,
            str(carlsen.birth_date)) == ("GM", "m", "NOR", "1503014", 2830, "1990-11-30")
    assert ByeRequest.objects.get(tournament=t).kind == "half"  # round 3 announced
    assert PairingRule.objects.filter(tournament=t, kind="forbidden").count() == 1
    assert trf_differences(read(text), read(export_trf(t))) == []


def test_uncoloured_forfeits_crlf_and_board_order():
    text = "\r\n".join([
        "012 Forfeits", "XXR 2",
        player(1, "", "", "A", "2000", "", "", "", "2.0", 1, "   3 w 1", "   2 - +"),
        player(2, "", "", "B", "1900", "", "", "", "0.0", 4, "   4 b 0", "   1 - -"),
        player(3, "", "", "C", "1800", "", "", "", "0.5", 3, "   1 b 0", "   4 w ="),
        player(4, "", "", "D", "1700", "", "", "", "1.5", 2, "   2 w 1", "   3 b ="), ""])
    t = import_trf(text, ACTOR)
    second = Round.objects.get(tournament=t, number=2)
    assert second.extra == {"trf_uncoloured": [1]}
    boards = [[s.entrant.start_number for s in table.seats.order_by("side")]
              for table in second.tables.order_by("number")]
    assert boards == [[1, 2], [3, 4]]  # both boards: top score 1, sum 1; then the higher rank
    assert trf_differences(read(text), read(export_trf(t))) == []


def test_a_file_numbered_against_the_rule_keeps_its_numbers():
    text = fixture_text("t0092.trf").replace("Player0001               2674",
                                             "Player0001               1000")
    t = import_trf(text, ACTOR)
    assert t.details["pairing_numbers"] == "fixed"
    assert [e.start_number for e in initial_ranking(t)] == list(range(1, 8))
    assert trf_differences(read(text), read(export_trf(t))) == []


def test_imported_standings_agree_with_the_file():
    text = fixture_text("t0001.trf")  # 1 / ½ / 0 with ½ for the pairing-allocated bye
    t = import_trf(text, ACTOR)
    assert t.scoring["bye"] == 0.5
    rows = services.standings(t)["standings"]
    file_points = {n: p.points for n, p in read(text).players.items()}
    assert {r["entrant"]: Fraction(str(r["values"]["points"])) for r in rows} == file_points


# --- the engine fed from the database ------------------------------------------------------


@pytest.mark.parametrize("name", [*SAMPLE[::3], "t0013.trf", "p0100.trf.gz"])
def test_the_engine_sees_the_database_as_the_file(name):
    """Before every round (and the next one, if any) the engine's state equals the file's."""
    original = read(fixture_text(name))
    t = import_trf(fixture_text(name), ACTOR)
    last = original.rounds_paired + (original.rounds_paired < original.total_rounds)
    for r in range(1, last + 1):
        assert state_before_round(tournament_trf(t, r - 1), r) == \
            state_before_round(original, r), f"round {r}"


@pytest.mark.parametrize("name", ["t0092.trf", "t0118.trf", "t0001.trf", "t0013.trf",
                                  "t0035.trf"])
def test_dutch_engine_from_the_database_pairs_every_round_as_recorded(name):
    text = fixture_text(name)
    original = read(text)
    t = import_trf(text, ACTOR)
    for r in range(1, original.rounds_paired + 1):
        trf = tournament_trf(t, upto_round=r - 1)
        got = in_start_numbers(t, pair(state_before_round(trf, r)))
        assert got == sorted_pairing(recorded_pairing(original, r)), f"round {r}"


def test_dutch_engine_pairs_the_next_round_of_a_running_tournament():
    t = import_trf(fixture_text("p0100.trf.gz"), ACTOR)
    trf = tournament_trf(t)  # rounds 1-5, announced absences of round 6
    assert trf.next_round == 6
    expected = read_pairing((FIXTURES / "dutch-large" / "p0100.round6.txt").read_text())
    got = in_start_numbers(t, pair(state_before_round(trf, 6)))
    assert got == sorted_pairing(expected)


# --- a tournament made in the app ----------------------------------------------------------


def register(t, name, rating=None, dwz=None, title=""):
    e = services.register(t, ACTOR, [{"name": name, "rating": rating, "dwz": dwz}],
                          status="present")
    if title:
        p = e.players.get()
        p.title = title
        p.save()
    return e


def test_initial_ranking_and_the_next_round(director):
    t = services.create_tournament(Actor(director, "direktor"), "Vereinsturnier", "chess",
                                   planned_rounds=5)
    anna = register(t, "Anna", 1900, 1850)
    bert = register(t, "Bert", 1900, 1900)
    carl = register(t, "Carl", 1900, 1900, title="FM")
    dora = register(t, "Dora")
    emil = register(t, "Emil", 2100)  # late entry, best rating: becomes number 1
    assert [e.name for e in initial_ranking(t)] == ["Emil", "Carl", "Bert", "Anna", "Dora"]
    number = {e.pk: n for n, e in entrant_for_number(t).items()}
    ByeRequest.objects.create(tournament=t, entrant=anna, round_number=1, kind="half")
    ByeRequest.objects.create(tournament=t, entrant=bert, round_number=3, kind="zero")
    dora.withdrawn_from_round = 1
    dora.save()
    PairingRule.objects.create(tournament=t, kind="forbidden", first=emil, second=carl)
    trf = tournament_trf(t, upto_round=0)
    assert trf.players[number[anna.pk]].cells[0].result == "H"
    assert trf.players[number[dora.pk]].cells[0].result == "Z"
    assert trf.players[number[emil.pk]].cells == []
    assert trf.total_rounds == 5 and trf.absences == {3: frozenset({number[bert.pk]})}
    state = state_before_round(trf, 1)
    assert {p.number for p in state.players if p.absent} == {number[anna.pk], number[dora.pk]}
    assert state.forbidden == frozenset({frozenset({1, 2})})
    assert [p.name for p in state.players] == ["Emil", "Carl", "Bert", "Anna", "Dora"]


def test_a_round_without_results_is_not_exported(director):
    t = import_trf(fixture_text("t0092.trf"), ACTOR)
    with pytest.raises(ServiceError, match="round 5"):
        tournament_trf(t, upto_round=5)
    table = Round.objects.get(tournament=t, number=3).tables.first()
    table.result.delete()
    assert tournament_trf(t).rounds_paired == 2  # the last round with every result in
    with pytest.raises(ServiceError, match="round 3"):
        tournament_trf(t, upto_round=3)


def test_only_chess_has_a_trf(make_tournament):
    with pytest.raises(ServiceError):
        export_trf(make_tournament("mucken", entrant_kind="pair", entrants=4))


# --- bad files -----------------------------------------------------------------------------


def broken(text: str, line: int, column: int, char: str) -> str:
    lines = text.split("\n")
    s = lines[line - 1].ljust(column)
    lines[line - 1] = s[:column - 1] + char + s[column:]
    return "\n".join(lines)


@pytest.mark.parametrize(("line", "column", "char", "where"), [
    (5, 99, "Q", "line 5, column 99"),  # unknown result
    (5, 99, "0", "line 5, column 99"),  # 1: both lost (a game for each, results do not fit)
    (5, 6, "x", "line 5, column 5"),  # pairing number
])
def test_a_bad_file_is_refused_with_line_and_column(line, column, char, where):
    text = broken(fixture_text("t0092.trf"), line, column, char)
    before = Tournament.objects.count()
    with pytest.raises(ServiceError) as info:
        import_trf(text, ACTOR)
    assert where in str(info.value)
    assert Tournament.objects.count() == before


def test_unsupported_points_are_refused_at_their_line():
    text = fixture_text("t0001.trf").replace("BBZ  0.0", "BBZ  0.5")
    with pytest.raises(ServiceError, match="line 10: points for a zero-point bye"):
        import_trf(text, ACTOR)


def test_a_bad_or_taken_address_is_refused():
    text = fixture_text("t0092.trf")
    with pytest.raises(ServiceError, match="not a valid address"):
        import_trf(text, ACTOR, slug="a b")
    import_trf(text, ACTOR, slug="t92", name="Mein Turnier")
    with pytest.raises(ServiceError, match="taken"):
        import_trf(text, ACTOR, slug="t92")
    assert Tournament.objects.get(slug="t92").name == "Mein Turnier"


def test_an_empty_file_is_refused():
    with pytest.raises(ServiceError, match="no player line"):
        import_trf("012 nothing\n", ACTOR)


# --- management commands -------------------------------------------------------------------


def test_commands_round_trip(tmp_path, capsys):
    call_command("import_trf", str(DUTCH / "t0092.trf"), slug="t92")
    assert capsys.readouterr().out.strip() == "t92"
    out = tmp_path / "t92.trf"
    call_command("export_trf", "t92", output=str(out))
    assert trf_differences(read(fixture_text("t0092.trf")), read(out.read_text())) == []
    call_command("export_trf", "t92")
    assert capsys.readouterr().out == out.read_text()


def test_commands_refuse_bad_input(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(broken(fixture_text("t0092.trf"), 5, 99, "Q"))
    with pytest.raises(CommandError, match="line 5, column 99"):
        call_command("import_trf", str(bad))
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_trf", str(tmp_path / "missing.trf"))
    with pytest.raises(CommandError, match="no tournament"):
        call_command("export_trf", "nowhere")
    call_command("import_trf", str(DUTCH / "t0092.trf"), slug="taken")
    with pytest.raises(CommandError, match="taken"):
        call_command("import_trf", str(DUTCH / "t0092.trf"), slug="taken")
