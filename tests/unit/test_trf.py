"""TRF reading and writing, the state before a round, the recorded pairing, and the command line."""

import re
import subprocess
import sys
import types
from fractions import Fraction

import pytest
from conftest import FIXTURES, ROOT

from pairing import trf
from pairing.replay import difference, replay_rounds
from pairing.swiss import PointSystem, SwissPairing

DUTCH = FIXTURES / "dutch"
LARGE = FIXTURES / "dutch-large"
ALL = sorted(DUTCH.glob("*.trf"))


def player(n: int, *cells: str, points: str = "0.0", rating: int = 2000) -> str:
    """A 001 line with the TRF-16 columns: name from 15, rating 49-52, score 81-84, cells 92."""
    head = f"001 {n:>4}      Test{n:04d} Player{n:04d}".ljust(48) + f"{rating:>4}"
    return f"{head:<80}{points:>4} {n:>4}" + "".join(f"  {c}" for c in cells)


def tournament(*lines: str, rounds: int = 3) -> str:
    return "\n".join(["012 Test", f"XXR {rounds}", "XXC white1", *lines]) + "\n"


FOUR = [player(1, "   3 w 1", "   2 b =", points="1.5"),
        player(2, "   4 b +", "   1 w =", points="1.5"),
        player(3, "   1 b 0", "0000 - U", points="1.0"),
        player(4, "   2 w -", "0000 - H", "0000 - Z", points="0.5")]


def test_reads_the_player_lines_and_the_known_lines():
    t = trf.read(tournament(*FOUR))
    assert t.total_rounds == 3 and t.initial_colour == "w"
    assert list(t.players) == [1, 2, 3, 4]
    p1 = t.players[1]
    assert (p1.name, p1.rating, p1.points, p1.rank) == ("Test0001 Player0001", 2000,
                                                       Fraction(3, 2), 1)
    assert p1.cells == [trf.Cell(3, "w", "1"), trf.Cell(2, "b", "=")]
    assert t.players[4].cells[2] == trf.Cell(None, "-", "Z")
    assert t.rounds_paired == 2 and t.next_round == 3 and t.rounds_in_file == 3


def test_t0092_as_read():
    t = trf.read_file(DUTCH / "t0092.trf")
    assert (t.total_rounds, t.initial_colour, len(t.players)) == (4, "b", 7)
    assert t.points == PointSystem()
    assert t.players[4].cells[0] == trf.Cell(None, "-", "Z")
    assert t.players[7].cells[3] == trf.Cell(None, "-", "U")


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_crlf_and_cr_read_like_lf_and_write_lf(newline):
    text = tournament(*FOUR)
    t = trf.read(text.replace("\n", newline))
    assert t.players[4].cells == trf.read(text).players[4].cells
    assert trf.write(t) == text


def test_unknown_lines_are_kept_and_written_back():
    text = tournament("022 Hall of the club", *FOUR[:2], "ZZZ something new", "", *FOUR[2:])
    t = trf.read(text)
    assert "ZZZ something new" in t.lines
    assert trf.write(t) == text


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_every_fixture_round_trips_byte_for_byte(path):
    text = path.read_text(encoding="utf-8")
    t = trf.read(text)
    assert trf.write(t) == text
    # the scores in the file are the points of all rounds under the file's point system
    for p in t.players.values():
        assert trf.points_before(t, p, len(p.cells) + 1) == p.points, p.number


def test_the_large_files_are_read_from_gzip_and_the_next_round_is_6():
    t = trf.read_file(LARGE / "p0100.trf.gz")
    assert t.rounds_paired == 5 and t.rounds_in_file == 6 and t.next_round == 6
    state = trf.state_before_round(t, 6)
    assert sum(p.absent for p in state.players) == 7  # 4 H + 3 Z announced in round 6


# --- errors: line and column -----------------------------------------------------------------

def bad(lines: list[str], line: int, column: int | None, message: str) -> None:
    with pytest.raises(trf.TrfError) as caught:
        trf.read(tournament(*lines))
    e = caught.value
    assert (e.line, e.column) == (line, column), str(e)
    assert message in str(e)
    where = f"line {line}" + (f", column {column}" if column else "")
    assert str(e).startswith(where + ": ")


def with_line(index: int, text: str) -> list[str]:
    lines = list(FOUR)
    lines[index] = text
    return lines


def test_unknown_result_names_line_column_and_round():
    lines = with_line(0, player(1, "   3 w Q", "   2 b ="))
    with pytest.raises(trf.TrfError) as caught:
        trf.read(tournament(*lines))
    assert str(caught.value) == "line 4, column 99: round 1: unknown result 'Q'"


@pytest.mark.parametrize(("lines", "line", "column", "message"), [
    (with_line(0, player(1, "   3 w 1", "   2 x =")), 4, 107, "round 2: colour must be w, b or -"),
    (with_line(0, player(1, "  3x w 1", "   2 b =")), 4, 92, "round 1: opponent must be"),
    (with_line(0, player(1, "0000 w 1", "   2 b =")), 4, 92, "needs an opponent"),
    (with_line(0, player(1, "   3 - 1", "   2 b =")), 4, 97, "needs a colour"),
    (with_line(2, player(3, "   1 b 0", "   4 - U")), 6, 102, "a bye ('U') has no opponent"),
    (with_line(0, player(1, "   3 w1 ", "   2 b =")), 4, 98, "expected a blank"),
    (with_line(0, player(1, "   3 w 1", "   2 b =") + "x"), 4, 110, "must be blank between"),
    (with_line(1, player(1, "   4 b +")), 5, 5, "pairing number 1 is used twice (first on line 4)"),
    (with_line(0, "001 abcd" + player(1)[8:]), 4, 5, "pairing number must be"),
    (with_line(0, player(1, "   3 w 1", "   2 b =", points="x.5")), 4, 81, "score must be"),
    (with_line(0, player(1, "   3 w 1", "   2 b =", rating=0).replace("   0 ", "  2k ", 1)),
     4, 49, "rating must be a whole number"),
    (with_line(0, player(1, "   3 w 1", "   2 b =").replace(" 0.0    1", " 0.0   xy")),
     4, 86, "rank must be"),
    (with_line(0, player(1, "   5 w 1", "   2 b =")), 4, 92, "opponent 5 has no player line"),
    (with_line(0, player(1, "   4 w 1", "   2 b =")), 4, 92,
     "round 1: player 4 does not have 1 as opponent"),
    (with_line(0, player(1, "   3 b 1", "   2 b =")), 4, 97, "both 1 and 3 have colour 'b'"),
    (with_line(0, player(1, "   3 w +", "   2 b =")), 4, 99, "a game for one, a forfeit"),
    (with_line(0, player(1, "   1 w 1", "   2 b =")), 4, 92, "cannot meet himself"),
    ([*FOUR, "XXR nine"], 8, 4, "XXR: number of rounds must be a positive whole number"),
    ([*FOUR, "152 X"], 8, 5, "152: initial colour must be W or B"),
    ([*FOUR, "162  W 3.0    Q 1.0"], 8, 15, "162: unknown point code 'Q'"),
    ([*FOUR, "162  W 3,0"], 8, 7, "162: W must be a number"),
    ([*FOUR, "BBW  three"], 8, 5, "BBW must be a number"),
    ([*FOUR, "XXS W=3 D:1"], 8, 9, "XXS: expected CODE=VALUE"),
    ([*FOUR, "XXS W=3 WW=2"], 8, None, "different from win are not supported"),
    ([*FOUR, "XXA    1  1.0  x.5"], 8, 15, "XXA: points must be"),
    ([*FOUR, "XXP 1 9"], 8, 7, "XXP: player 9 has no player line"),
    ([*FOUR, "XXZ 1 two"], 8, 7, "XXZ: player must be"),
    ([*FOUR, "260 abc   3    1    2"], 8, 5, "260: first round must be"),
])
def test_malformed_files_are_refused_with_line_and_column(lines, line, column, message):
    bad(lines, line, column, message)


# --- the tournament as it stood before round r -------------------------------------------------

T0092_BEFORE_ROUND_3 = """\
012 Dutch fixture t0092
XXR 4
XXC black1
092 FIDE_DUTCH_2025
001    1      Test0001 Player0001               2674                             2.0    1     5 b 1     7 w 1
001    2      Test0002 Player0002               2658                             1.0    2     6 w 0     3 b 1
001    3      Test0003 Player0003               2571                             0.0    7     7 b 0     2 w 0
001    4      Test0004 Player0004               2551                             1.0    3  0000 - Z     6 b 1
001    5      Test0005 Player0005               2531                             1.0    4     1 w 0  0000 - U
001    6      Test0006 Player0006               2510                             1.0    5     2 b 1     4 w 0
001    7      Test0007 Player0007               2463                             1.0    6     3 w 1     1 b 0
"""  # noqa: E501 - TRF lines are fixed-width records


def test_t0092_before_round_3_keeps_rounds_1_and_2_and_rescores():
    """The reference set's own worked example of cutting a file before round 3."""
    t = trf.read_file(DUTCH / "t0092.trf")
    assert trf.write(trf.before_round(t, 3)) == T0092_BEFORE_ROUND_3


def test_t0092_state_before_round_3():
    t = trf.read_file(DUTCH / "t0092.trf")
    state = trf.state_before_round(t, 3)
    assert (state.round, state.total_rounds, state.initial_colour) == (3, 4, "b")
    assert [p.number for p in state.players] == [1, 2, 3, 4, 5, 6, 7]
    by = {p.number: p for p in state.players}
    assert {n: p.points for n, p in by.items()} == {1: 2, 2: 1, 3: 0, 4: 1, 5: 1, 6: 1, 7: 1}
    assert by[1].colours == ("b", "w") and by[1].opponents == {5, 7}
    assert by[4].colours == ("b",) and by[4].history[0].result == "Z"
    assert not by[4].history[0].paired
    assert by[5].colours == ("w",) and by[5].had_pab
    assert not any(p.absent for p in state.players)
    assert by[1].rating == 2674 and by[1].name == "Test0001 Player0001"
    assert all(len(p.history) == 2 for p in state.players)


def test_t0092_round_1_leaves_the_absent_player_out():
    state = trf.state_before_round(trf.read_file(DUTCH / "t0092.trf"), 1)
    assert [p.number for p in state.players if p.absent] == [4]
    assert all(p.points == 0 and p.history == () for p in state.players)


def test_t0092_recorded_pairing_of_round_3():
    t = trf.read_file(DUTCH / "t0092.trf")
    recorded = trf.recorded_pairing(t, 3)
    assert sorted(recorded.pairs) == [(2, 1), (4, 5), (7, 6)] and recorded.bye == 3
    assert trf.format_pairing(recorded) == "4\n2 1\n4 5\n7 6\n3 0\n"


def test_forfeits_are_paired_but_not_met_and_give_no_colour():
    t = trf.read(tournament(*FOUR))
    state = trf.state_before_round(t, 3)
    by = {p.number: p for p in state.players}
    assert by[2].opponents == {1} and by[2].colours == ("w",)
    assert by[4].opponents == frozenset() and by[4].colours == ()
    assert by[4].history[0].paired and by[4].points == Fraction(1, 2)  # forfeit loss, H bye
    assert by[4].absent  # Z announced in round 3
    assert by[3].had_pab and by[3].points == 1
    assert (4, 2) in trf.recorded_pairing(t, 1).pairs  # 4 had white, forfeited


def test_points_follow_the_point_system():
    lines = [*FOUR, "162  W 3.0    D 1.0"]
    state = trf.state_before_round(trf.read(tournament(*lines)), 3)
    by = {p.number: p.points for p in state.players}
    # 1: win + draw; 2: forfeit win + draw; 3: loss + PAB (a win); 4: forfeit loss + H (a draw)
    assert by == {1: 4, 2: 4, 3: 3, 4: 1}


def test_162_and_bb_lines_give_the_same_point_system():
    for path in ALL:
        text = path.read_text(encoding="utf-8")
        if "\n162 " not in text:
            continue
        only_162 = re.sub(r"(?m)^BB.*\n", "", text)
        only_bb = re.sub(r"(?m)^162 .*\n", "", text)
        assert trf.read(only_162).points == trf.read(only_bb).points == trf.read(text).points


@pytest.mark.parametrize(("lines", "system"), [
    (["162  W 3.0    D 1.0"], PointSystem(win=Fraction(3), draw=Fraction(1), pab=Fraction(3))),
    (["BBW  3.0", "BBD  1.0"], PointSystem(win=Fraction(3), draw=Fraction(1), pab=Fraction(3))),
    (["162  W 3.0    D 1.0    P 1.0"], PointSystem(win=Fraction(3), draw=Fraction(1))),
    (["BBU  1.0", "BBW  3.0", "BBD  1.0"], PointSystem(win=Fraction(3), draw=Fraction(1))),
    (["162  P 0.5"], PointSystem(pab=Fraction(1, 2))),
    (["XXS W=3 D=1"], PointSystem(win=Fraction(3), draw=Fraction(1))),  # JaVaFo: PAB stays 1
    (["XXS PAB=3 D=1 W=3"], PointSystem(win=Fraction(3), draw=Fraction(1), pab=Fraction(3))),
    (["XXS HPB=0 ZPB=0 FL=0"], PointSystem(half_bye=Fraction(0))),
    ([], PointSystem()),
])
def test_point_system_lines(lines, system):
    assert trf.read(tournament(*FOUR, *lines)).points == system


def test_xxp_and_260_forbid_pairs():
    lines = [*FOUR, "XXP 1 2 3", "260   3   3    2    4"]
    t = trf.read(tournament(*lines, rounds=4))
    pairs = {frozenset(p) for p in ([1, 2], [1, 3], [2, 3])}
    assert trf.state_before_round(t, 2).forbidden == pairs
    assert trf.state_before_round(t, 3).forbidden == pairs | {frozenset((2, 4))}
    assert trf.state_before_round(t, 4).forbidden == pairs


def test_260_applies_only_in_its_rounds():
    t = trf.read(tournament(*FOUR, "260   3   3    2    4", rounds=4))
    assert trf.state_before_round(t, 2).forbidden == frozenset()
    assert trf.state_before_round(t, 3).forbidden == {frozenset((2, 4))}
    assert trf.state_before_round(t, 4).forbidden == frozenset()


def test_xxz_and_240_announce_absences():
    lines = [*FOUR[:3], player(4, "   2 w -", "0000 - H", points="0.5"), "XXZ 1", "240 H   4    2"]
    t = trf.read(tournament(*lines, rounds=4))
    assert t.next_round == 3
    assert [p.number for p in trf.state_before_round(t, 3).players if p.absent] == [1]
    assert [p.number for p in trf.state_before_round(t, 4).players if p.absent] == [2]
    assert [p.number for p in trf.state_before_round(t, 2).players if p.absent] == [4]


def test_xxa_and_250_give_the_acceleration_of_the_round():
    lines = [*FOUR, "XXA    1  1.0  0.5", "250      1.0   1   2    3    4"]
    t = trf.read(tournament(*lines))
    acc = {p.number: p.acceleration for p in trf.state_before_round(t, 2).players}
    assert acc == {1: Fraction(1, 2), 2: 0, 3: 1, 4: 1}
    assert all(p.acceleration == 0 for p in trf.state_before_round(t, 3).players)


def test_initial_colour_from_152_or_inferred_counting_only_players_present():
    lines = [player(1, "0000 - Z", "   2 w 1"), player(2, "   3 b 1", "   1 b 0"),
             player(3, "   2 w 0", "0000 - U")]
    text = tournament(*lines).replace("XXC white1\n", "")
    # player 1 was absent from round 1, so player 2 was the top player and got black
    assert trf.state_before_round(trf.read(text), 3).initial_colour == "b"
    assert trf.read(text + "152 W\n").initial_colour == "w"
    t0092 = (DUTCH / "t0092.trf").read_text().replace("XXC black1\n", "")
    assert trf.state_before_round(trf.read(t0092), 1).initial_colour == "b"


def test_engine_output_format_round_trips():
    text = (LARGE / "p0100.round6.txt").read_text()
    pairing = trf.read_pairing(text)
    assert len(pairing.pairs) == 46 and pairing.bye is not None
    assert trf.format_pairing(pairing) == text
    with pytest.raises(trf.TrfError, match="3 pairs announced, 2 given"):
        trf.read_pairing("3\n1 2\n3 0\n")


def test_difference_lists_only_what_differs():
    a = SwissPairing(((2, 1), (4, 5), (7, 6)), 3)
    assert difference(a, SwissPairing(((7, 6), (2, 1), (4, 5)), 3)) is None
    assert difference(a, SwissPairing(((1, 2), (4, 5), (7, 6)), 3)) == "expected 2-1; got 1-2"
    assert difference(a, SwissPairing(((2, 1), (4, 3), (7, 6)), 5)) == \
        "expected 4-5 bye 3; got 4-3 bye 5"


# --- replay and command line with a stand-in engine ---------------------------------------------

def oracle(path, wrong_round=None):
    """An engine that answers the recorded round (wrong colours in one round)."""
    t = trf.read_file(path)

    def pair(state):
        recorded = trf.recorded_pairing(t, state.round)
        if state.round == wrong_round:
            return SwissPairing(tuple((b, w) for w, b in recorded.pairs), recorded.bye,
                                ("bracket 1: colours swapped",))
        return recorded
    return pair


def test_replay_reports_each_round_and_engine_errors():
    path = DUTCH / "t0092.trf"
    assert [o.mismatch for o in replay_rounds(path, oracle(path))] == [None] * 4
    outcomes = replay_rounds(path, oracle(path, wrong_round=2))
    assert [o.round for o in outcomes if o.mismatch] == [2]

    def broken(state):
        raise RuntimeError("no matching")
    assert all(o.mismatch == "engine error: RuntimeError: no matching"
               for o in replay_rounds(path, broken))


@pytest.fixture
def engine(monkeypatch):
    """Install a stand-in pairing.dutch for the command line."""
    def install(pair):
        module = types.ModuleType("pairing.dutch")
        module.pair = pair
        monkeypatch.setitem(sys.modules, "pairing.dutch", module)
    return install


def test_cli_pairs_the_next_round(engine, tmp_path, capsys):
    from pairing.__main__ import main
    text = (DUTCH / "t0092.trf").read_text()
    path = tmp_path / "t.trf"
    path.write_text("\n".join(line[:111] for line in text.splitlines()) + "\n")  # rounds 1-2
    asked = []
    engine(lambda state: asked.append(state) or SwissPairing(((2, 1), (4, 5), (7, 6)), 3))
    assert main(["--dutch", str(path), "-p", str(tmp_path / "out.txt")]) == 0
    assert (tmp_path / "out.txt").read_text() == "4\n2 1\n4 5\n7 6\n3 0\n"
    assert asked[0].round == 3 and asked[0].total_rounds == 4
    assert main(["--dutch", str(path), "-p", "--explain"]) == 0
    out = capsys.readouterr()
    assert out.out == "4\n2 1\n4 5\n7 6\n3 0\n" and "no explanation" in out.err


def test_cli_check_lists_the_rounds_that_differ(engine, capsys):
    from pairing.__main__ import main
    path = DUTCH / "t0092.trf"
    engine(oracle(path))
    assert main(["--dutch", str(path), "-c"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "4/4 rounds as recorded"
    engine(oracle(path, wrong_round=3))
    assert main(["--dutch", str(path), "-c", "--explain"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("round 3: expected ") and out[1] == "bracket 1: colours swapped"
    assert out[-1] == "3/4 rounds as recorded"


def test_cli_says_the_engine_is_missing(monkeypatch, capsys):
    from pairing.__main__ import main
    monkeypatch.setitem(sys.modules, "pairing.dutch", None)
    assert main(["--dutch", str(DUTCH / "t0092.trf"), "-p"]) == 2
    assert "Dutch pairing engine is missing" in capsys.readouterr().err


def test_cli_refuses_a_malformed_file_without_traceback(tmp_path):
    path = tmp_path / "bad.trf"
    path.write_text(tournament(*with_line(0, player(1, "   3 w Q", "   2 b ="))))
    out = subprocess.run([sys.executable, "-m", "pairing", "--dutch", str(path), "-p"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2
    assert out.stderr.strip() == f"{path}: line 4, column 99: round 1: unknown result 'Q'"
    assert "Traceback" not in out.stderr and out.stdout == ""
