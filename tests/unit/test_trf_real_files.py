"""What real TRF files write, read as the FIDE-endorsed engines read it.

Each test is named after one rule and builds its file inline: acceleration over the
earlier rounds (``XXA`` and TRF-2026 ``250``), ``0000 - -`` in the round to pair,
``XXC rank`` (the lines' order), rank 0 and blank opponent fields, what stays refused, and
comparing two engine views by meaning. The files are pairing-engine input only; what the database
makes of them is in ``tests/integration/test_trf_real_files.py``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

from pairing import trf
from pairing.__main__ import main as pairing_cli
from pairing.dutch import pair
from pairing.dutch.model import entrants
from pairing.replay import load_engine, replay_rounds
from pairing.swiss import PLAYED


def player(n: int, *cells: str, points: str = "0.0", rank: int | str | None = None,
           rating: int | None = None, name: str | None = None) -> str:
    """A 001 line (TRF-16 columns): name from 15, rating 49-52, score 81-84, rank 86-89."""
    name = name or f"Test{n:04d} Player{n:04d}"
    head = f"001 {n:>4}      {name}".ljust(48) + f"{rating or 2100 - n:>4}"
    rank_text = "" if rank is None else str(rank)
    return f"{head:<80}{points:>4} {rank_text:>4}" + "".join(f"  {c}" for c in cells)


def tournament(*lines: str, rounds: int = 5, colour: str = "XXC white1") -> str:
    return "\n".join(["012 Real files", f"XXR {rounds}", colour, *lines]) + "\n"


def pairs_of(text: str, tmp_path: Path) -> tuple[set[tuple[int, int]], int | None]:
    """Pair the next round through ``python -m pairing --dutch FILE -p OUT``."""
    path, out = tmp_path / "in.trf", tmp_path / "out.txt"
    path.write_text(text, encoding="utf-8")
    assert pairing_cli(["--dutch", str(path), "-p", str(out)]) == 0
    result = trf.read_pairing(out.read_text())
    return set(result.pairs), result.bye


# --- acceleration: the floats of earlier rounds count on the accelerated scores -------------

# Players 1-3 had one virtual point in round 1: 1-2 stayed in their group, 3 floated down to
# meet 4 (as the scores were paired), 5-6 met at zero. Round 2 has no acceleration left.
ROUND_1 = [player(1, "   2 w 1", points="1.0"), player(2, "   1 b 0"),
           player(3, "   4 w 1", points="1.0"), player(4, "   3 b 0"),
           player(5, "   6 w 0"), player(6, "   5 b 1", points="1.0")]


@pytest.mark.parametrize("acceleration", [
    ["XXA    1  1.0", "XXA    2  1.0", "XXA    3  1.0"],
    ["250      1.0   1   1    1    3"],  # TRF-2026: points, rounds 1-1, players 1-3
], ids=["XXA", "250"])
def test_acceleration_floats_of_earlier_rounds_count_on_the_accelerated_scores(
        acceleration, tmp_path):
    # 3 floated down in round 1 (1 + 1 virtual point against 4's 0): among the three
    # leaders on 1 point he must not float down again, so 1 does (to 4, whose colour fits).
    # Judged on the real scores (all 0 in round 1) nobody floated, and 3 would go down again.
    pairs, bye = pairs_of(tournament(*ROUND_1, *acceleration), tmp_path)
    assert pairs == {(4, 1), (6, 3), (2, 5)} and bye is None


def test_acceleration_of_earlier_rounds_is_in_the_state():
    t = trf.read(tournament(*ROUND_1, "250      1.0   1   2    1    2", "XXA    3  0.5  0.0  1.0"))
    by = {p.number: p for p in trf.state_before_round(t, 3).players}
    assert by[1].accelerations == (1, 1) and by[1].acceleration == 0
    assert by[3].accelerations == (Fraction(1, 2), 0, 1) and by[3].acceleration == 1
    assert by[4].accelerations == () and by[4].acceleration_in(1) == 0


def as_250_lines(text: str) -> str:
    """The file's XXA lines rewritten as TRF-2026 250 lines (one per player and value)."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("XXA"):
            lines.append(line)
            continue
        number = int(line[4:8])
        for k, start in enumerate(range(9, len(line), 5), 1):
            value = line[start:start + 4].strip()
            if value and Fraction(value):
                lines.append(f"250      {value:>4} {k:>3} {k:>3} {number:>4} {number:>4}")
    return "\n".join(lines) + "\n"


def test_250_lines_pair_an_accelerated_tournament_like_its_xxa_lines(tmp_path):
    text = (FIXTURES / "dutch-accel" / "a0004.trf").read_text()
    converted = as_250_lines(text)
    assert "XXA" not in converted and converted.count("\n250 ") > 30
    path = tmp_path / "a0004-250.trf"
    path.write_text(converted)
    outcomes = replay_rounds(path, load_engine())
    assert [o.mismatch for o in outcomes] == [None] * 5


# Baku acceleration (FIDE C.04.5.1): group A, the top half of the field rounded up to an even
# number, has 1 virtual point in the first half of the accelerated rounds and ½ in the rest;
# the accelerated rounds are the first half of the tournament (5 rounds: 1, 1, ½). With 8
# players, 1-4 are group A. 4 and 7 took a half-point bye in round 1, so group A's bracket
# was odd: 1-2 paired and 3 (1 virtual point) floated down to meet 5 (none).
BAKU = ["XXA    1  1.0  1.0  0.5", "XXA    2  1.0  1.0  0.5", "XXA    3  1.0  1.0  0.5",
        "XXA    4  1.0  1.0  0.5"]
BAKU_ROUND_1 = [player(1, "   2 w 1", points="1.0"), player(2, "   1 b 0"),
                player(3, "   5 w 1", points="1.0"), player(4, "0000 - H", "0000 - Z",
                                                          points="0.5"),
                player(5, "   3 b 0"), player(6, "   8 w 0"), player(7, "0000 - H", points="0.5"),
                player(8, "   6 b 1", points="1.0")]


def test_baku_acceleration_pairs_group_a_apart_and_floats_its_odd_player_down(tmp_path):
    lines = [player(n, *(["0000 - H"] if n in (4, 7) else [])) for n in range(1, 9)]
    pairs, bye = pairs_of(tournament(*lines, *BAKU), tmp_path)
    assert pairs == {(1, 2), (3, 5), (6, 8)} and bye is None


def test_baku_acceleration_the_group_b_player_who_met_group_a_upfloated_in_round_1(tmp_path):
    # Round 2, 4 absent, 7 players: 3-1 (group A's 2 points), 2-8 (1 point), and 7 (½, his
    # bye a downfloat) floats down to 5 and 6 (0), one of whom gets the PAB. 5 met 3 on
    # 0 + 0 against 0 + 1 point: an upfloat (Art. 1.4 on the scores as paired), so C15 keeps
    # him from upfloating again: 7-6 and the PAB to 5. Judged on the real scores (0 against
    # 0) nobody floated in round 1, and 7-5 with the PAB to 6 would be paired instead.
    text = tournament(*BAKU_ROUND_1, *BAKU)
    state = trf.state_before_round(trf.read(text), 2)
    floats = {e.number: e.floats[0] for e in entrants(state)}
    assert (floats[5], floats[7], floats[6], floats[8]) == ("U", "D", None, None)
    assert pairs_of(text, tmp_path) == ({(3, 1), (2, 8), (7, 6)}, 5)


def test_baku_acceleration_reference_round_2_after_a_float_across_the_groups():
    # a0017 (78 players, Baku over 3 rounds): in round 1, 40 (group A) met 41 (group B) at
    # 0 real points each; the reference engine paired round 2 taking 41's upfloat into account.
    t = trf.read_file(FIXTURES / "dutch-accel" / "a0017.trf")
    assert t.players[40].cell(1).opponent == 41
    assert (t.accelerations[40][1], t.accelerations.get(41, {}).get(1, 0)) == (1, 0)
    state = trf.state_before_round(t, 2)
    floats = {e.number: e.floats[0] for e in entrants(state)}
    assert (floats[40], floats[41]) == ("D", "U")
    games = [n for n, p in t.players.items() if n not in (40, 41) and p.cell(1)
             and p.cell(1).result in PLAYED]  # within a group: the same scores, no float
    assert len(games) > 60 and all(floats.get(n) is None for n in games)
    got = pair(state)
    assert (set(got.pairs), got.bye) == (set(trf.recorded_pairing(t, 2).pairs),
                                         trf.recorded_pairing(t, 2).bye)


@pytest.mark.parametrize(("line", "column", "message"), [
    ("250      0.0   1   2    1    3", 10, "250: the game points must not be 0"),
    ("250 01.0  1.0   1   2    1    3", 5, "250: accelerated match points are not supported"),
    ("250      1.0   3   2    1    3", 15, "250: a range ends before it starts"),
    ("250      1.0   1   x    1    3", 19, "250: last round must be"),
])
def test_250_lines_the_engines_refuse_are_refused_with_line_and_column(line, column, message):
    with pytest.raises(trf.TrfError) as caught:
        trf.read(tournament(*ROUND_1, line))
    assert (caught.value.line, caught.value.column) == (10, column)
    assert message in str(caught.value)


# --- 0000 - - in the round to pair: not paired this round --------------------------------------


FIVE = [player(1, "   3 w 1", points="1.0"), player(2, "   4 b =", points="0.5"),
        player(3, "   1 b 0"), player(4, "   2 w =", points="0.5"),
        player(5, "0000 - U", points="1.0")]


@pytest.mark.parametrize("cell", ["0000 - -", "0000   -", "       -", "0000 -  "])
def test_0000_minus_in_the_round_to_pair_leaves_the_player_unpaired(cell, tmp_path):
    lines = [*FIVE[:4], player(5, "0000 - U", cell, points="1.0")]
    t = trf.read(tournament(*lines))
    assert t.next_round == 2 and t.players[5].cells[1].result == "Z"
    pairs, bye = pairs_of(tournament(*lines), tmp_path)
    assert len(pairs) == 2 and bye is None
    assert 5 not in {n for pair_ in pairs for n in pair_}


def test_0000_plus_in_the_round_to_pair_is_a_full_point_bye_there(tmp_path):
    lines = [*FIVE[:4], player(5, "0000 - U", "0000 - +", points="2.0")]
    t = trf.read(tournament(*lines))
    assert t.next_round == 2 and trf.state_before_round(t, 2).players[4].absent
    assert trf.write(t) == tournament(*lines)  # written back as it was spelt


def test_0000_plus_and_minus_of_earlier_rounds_are_full_point_and_zero_byes():
    lines = [player(1, "   2 w 1", "0000 - +", points="2.0"), player(2, "   1 b 0", "   3 w 1",
                                                                        points="1.0"),
             player(3, "0000 - -", "   2 b 0")]
    t = trf.read(tournament(*lines))
    assert t.players[1].cells[1] == trf.Cell(None, "-", "F")
    assert t.players[3].cells[0] == trf.Cell(None, "-", "Z")
    by = {p.number: p for p in trf.state_before_round(t, 3).players}
    assert by[1].points == 2 and by[3].points == 0
    assert not by[1].history[1].paired and not by[3].history[0].paired


def test_a_blank_cell_of_a_paired_round_means_not_paired_there(tmp_path):
    # 5 forfeited round 1 and left: his line ends there, round 2 was paired without him
    lines = [player(1, "   3 w 1", "   2 b 1", points="2.0"), player(2, "   4 b 1", "   1 w 0",
                                                                        points="1.0"),
             player(3, "   1 b 0", "   4 w =", points="0.5"), player(4, "   2 w 0", "   3 b =",
                                                                         points="0.5"),
             player(5, "0000 - -")]
    t = trf.read(tournament(*lines))
    assert trf.state_before_round(t, 2).players[4].absent
    assert trf.before_round(t, 2).players[5].cells == [trf.Cell(None, "-", "Z")] * 2
    assert not trf.state_before_round(t, 3).players[4].absent  # the round to pair: there
    pairs, bye = pairs_of(tournament(*lines), tmp_path)
    assert 5 in {n for p in pairs for n in p} | {bye}


# --- XXC rank: the order of the player lines gives the initial ranking ------------------------
# bbpPairings (fileformats/trf.cpp: the lines' order, the rank column never read) and JaVaFo
# (the "positional id") rank by the lines; the rank column holds whatever the export wrote.


RANKED = [player(2, rank=3), player(1, rank=1), player(3, rank=2), player(4, rank=4)]


def test_xxc_rank_ranks_the_players_in_the_order_of_their_lines(tmp_path):
    assert pairs_of(tournament(*RANKED), tmp_path) == ({(1, 3), (4, 2)}, None)
    ranked = tournament(*RANKED, colour="XXC rank white1")
    # 2's line comes first: 2-3 (his initial white) and 4-1 (1 ranks second: black)
    assert pairs_of(ranked, tmp_path) == ({(2, 3), (4, 1)}, None)
    assert trf.read(ranked).initial_order() == [2, 1, 3, 4]


def test_xxc_rank_keeps_the_rank_column_in_later_rounds():
    lines = [player(2, "   3 w 1", points="1.0", rank=1),
             player(1, "   4 b 1", points="1.0", rank=2),
             player(3, "   2 b 0", rank=3), player(4, "   1 w 0", rank=4)]
    t = trf.read(tournament(*lines, colour="XXC rank\nXXC white1"))
    assert trf.before_round(t, 2).players[1].rank == 2  # not recomputed from the scores
    state = trf.state_before_round(t, 2)
    assert state.ranking == (2, 1, 3, 4) and state.initial_colour == "w"
    assert set(pair(state).pairs) == {(1, 2), (3, 4)}


def test_xxc_rank_does_not_read_the_rank_column():
    lines = [player(3, rank=0), player(1, rank=2), player(4), player(2, rank=1)]
    assert trf.read(tournament(*lines, colour="XXC rank")).initial_order() == [3, 1, 4, 2]


LICHESS = FIXTURES / "dutch-lichess" / "xxc-rank-round5.trf"


def test_the_lichess_xxc_rank_round_pairs_as_the_reference():
    """A lichess-style export (issue 36): lines in the order of the pairing numbers (the
    ratings), the standings rank in the rank column, ``XXC rank white1``, round 5 to pair.
    Ranked by the rank column, as the engine did before, two boards came out swapped and
    one pair with the colours the other way round."""
    text = LICHESS.read_text()
    state = trf.state_before_round(trf.read(text), 5)
    expected = trf.read_pairing(LICHESS.with_name("xxc-rank-round5.round5.txt").read_text())
    got = pair(state)
    assert (set(got.pairs), got.bye) == (set(expected.pairs), expected.bye)
    # the lines are in number order, so XXC rank changes nothing: the plain file's pairing
    plain = trf.state_before_round(trf.read(text.replace("XXC rank white1", "XXC white1")), 5)
    assert set(pair(plain).pairs) == set(expected.pairs)
    by_column = sorted(state.players, key=lambda p: trf.read(text).players[p.number].rank or 0)
    old = pair(replace(state, ranking=tuple(p.number for p in by_column)))
    assert set(old.pairs) ^ set(expected.pairs) == {(1, 4), (11, 3), (6, 2),
                                                      (3, 4), (11, 1), (2, 6)}


# --- what real files write: rank 0, blank opponent fields --------------------------------------


def test_rank_0_of_withdrawn_players_is_read():
    lines = [player(1, "   2 w 1", points="1.0", rank=1), player(2, "   1 b 0", rank=2),
             player(3, "0000 - Z", rank=0)]  # withdrawn before round 1: rank 0 (2005 file)
    t = trf.read(tournament(*lines))
    assert t.players[3].rank == 0
    assert trf.write(t) == tournament(*lines)
    assert [p.number for p in trf.state_before_round(t, 2).players] == [1, 2, 3]


def lichess_line(n: int, user: str, rating: int, points: str, *cells: str) -> str:
    """A 001 line as lichess writes it: no 0000 and no colour for byes and absences."""
    line = f"001 {n:>4}      {user}".ljust(48) + f"{rating:>4}"
    line = line.ljust(80) + f"{points:>4}"
    for k, cell in enumerate(cells):
        line = line.ljust(91 + 10 * k) + cell
    return line


def test_blank_opponent_fields_of_a_lichess_export_are_read(tmp_path):
    # columns 90-99 of a bye: "         H" (lichess leaves out 0000 and the colour)
    lines = [lichess_line(1, "magnus", 2900, "1.5", "   2 w 1", "       H"),
             lichess_line(2, "hikaru", 2850, "1.0", "   1 b 0", "   3 w 1"),
             lichess_line(3, "anish", 2750, "1.0", "       U", "   2 b 0"),
             lichess_line(4, "ding", 2700, "0.0", "       -", "       -", "0000   -"),
             lichess_line(5, "alireza", 2650, "0.0", "       Z", "       Z")]
    text = tournament(*lines, colour="XXC black1")
    t = trf.read(text)
    assert [c.result for c in t.players[1].cells] == ["1", "H"]
    assert [c.result for c in t.players[4].cells] == ["Z", "Z", "Z"]
    assert t.players[3].cells[0] == trf.Cell(None, "-", "U")
    assert t.next_round == 3 and trf.write(t) == text
    pairs, bye = pairs_of(text, tmp_path)  # 4 announced absent: 1, 2, 3, 5 are paired
    assert {n for p in pairs for n in p} == {1, 2, 3, 5} and bye is None


@pytest.mark.parametrize(("cell", "column", "message"), [
    ("     w 1", 102, "round 2: a game ('1') needs an opponent"),
    ("       1", 102, "round 2: a game ('1') needs an opponent"),
    ("0000 w +", 107, "round 2: a forfeit ('+') without an opponent has no colour"),
    ("   3 w  ", 109, "round 2: unknown result ' '"),
    ("   3   1", 107, "round 2: a game ('1') needs a colour"),
    ("     w H", 107, "round 2: a bye ('H') has no colour"),
    ("   3 - U", 102, "round 2: a bye ('U') has no opponent"),
    ("0000 W H", 107, "round 2: colour must be w, b or -, not 'W'"),
])
def test_what_the_engines_refuse_is_still_refused_with_line_and_column(cell, column, message):
    lines = [player(1, "   2 w 1", cell, points="1.0"), player(2, "   1 b 0"),
             player(3, "0000 - U")]
    with pytest.raises(trf.TrfError) as caught:
        trf.read(tournament(*lines))
    assert (caught.value.line, caught.value.column) == (4, column), str(caught.value)
    assert message in str(caught.value)


def test_lower_case_codes_read_as_upper_case():
    lines = [player(1, "   2 w 1", "0000 - h", points="1.5"), player(2, "   1 b 0", "0000 - u",
                                                                        points="1.0")]
    t = trf.read(tournament(*lines))
    assert [c.result for c in t.players[1].cells] == ["1", "H"]
    assert t.players[2].cells[1] == trf.Cell(None, "-", "U")


def test_a_malformed_rank_is_still_refused_at_its_column():
    line = player(1, rank="x1")
    with pytest.raises(trf.TrfError, match=r"^line 4, column 86: rank must be a whole number"):
        trf.read(tournament(line))


# --- comparing engine views: what matters, not the spelling ----------------------------------


def test_the_pairing_view_ignores_how_bye_points_are_spelt():
    lines = [player(1, "   2 w 1", "0000 - H", points="1.5"), player(2, "   1 b 0", "0000 - F",
                                                                        points="1.0"),
             player(3, "0000 - U", "0000 - Z", points="1.0")]
    plain = trf.state_before_round(trf.read(tournament(*lines)), 3)
    xxs = trf.state_before_round(trf.read(tournament(*lines, "XXS HPB=0.5 FPB=1.0")), 3)
    assert plain != xxs  # the point systems are spelt differently ...
    assert plain.pairing_view() == xxs.pairing_view()  # ... and score every result the same
    half = trf.state_before_round(trf.read(tournament(*lines, "XXS HPB=0.0")), 3)
    assert half.pairing_view() != plain.pairing_view()  # a half-point bye worth 0 matters


def test_the_roundtrip_tool_compares_the_engine_views_by_meaning(tmp_path):
    # A chess-results style file: XXS spells out the bye points; the database writes 162/BB.
    lines = [player(1, "   2 w 1", "0000 - H", "   3 b 1", points="2.5", rank=1),
             player(2, "   1 b 0", "0000 - F", "0000 - U", points="2.0", rank=2),
             player(3, "0000 - U", "0000 - Z", "   1 w 0", points="1.0", rank=3)]
    path = tmp_path / "chess-results.trf"
    path.write_text(tournament(*lines, "XXS WW=1 BW=1 WD=0.5 BD=0.5 HPB=0.5 FPB=1.0 PAB=1.0",
                               rounds=4))
    out = subprocess.run([sys.executable, "tools/trf_roundtrip.py", "--states", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.search(r"^1/1 files round-trip", out.stdout, re.M)


def test_the_roundtrip_tool_answers_help_and_names_a_file_it_cannot_read(tmp_path):
    tool = [sys.executable, "tools/trf_roundtrip.py"]
    out = subprocess.run([*tool, "--help"], capture_output=True, text=True, cwd=ROOT,
                         timeout=60)
    assert out.returncode == 0 and "--states" in out.stdout, out.stderr
    broken = tmp_path / "broken.trf.gz"
    broken.write_bytes(b"not gzip")
    for missing in (tmp_path / "missing.trf", broken):
        out = subprocess.run([*tool, "--states", str(missing)], capture_output=True,
                             text=True, cwd=ROOT, timeout=60)
        assert out.returncode == 2 and f"{missing}: cannot read" in out.stderr, out.stderr
        assert "Traceback" not in out.stderr
