"""Schafkopf lists (docs/schafkopf.md): the published tariffs' own examples with their numbers
written out, the refusals at their field, the order of the deal, and properties
(hypothesis): in a plus/minus list every line sums to zero, and any payload is scored or
refused with its place."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from card_documents import one_table, spoil_and_score, the_refusal
from conftest import FIXTURES, ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import load, parse, standings
from scoring.schafkopf import LAUFENDE_MAX, TOUT_GAMES, Facts, Settings, game_value

FAST = settings(max_examples=80, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SEATS = [1, 2, 3, 4]

# The tournament point table of the notices (the module's default): Rufspiel 1, Schneider +1,
# Schwarz +1; Solo and Wenz 5 per opponent; Tout doubled without Schneider/Schwarz; Sie x4.
POINTS: dict[str, Any] = {}
# The Bayerischer Schafkopf-Verein's recommended money tariff (10 ct / 50 ct, its annex
# "Spieltarife"): Schneider and Schwarz 10 ct each, Bettel 30 ct, Ramsch 20 ct; in cents.
BSV_MONEY: dict[str, Any] = {
    "unit": "cent", "tariff": {"sauspiel": 10, "solo": 50, "wenz": 50, "bettel": 30,
                               "ramsch": 20},
    "schneider": 10, "schwarz": 10, "laufende": 10,
    "games": ["sauspiel", "solo", "wenz", "bettel", "ramsch"]}
# A Franconian notice (TSG Niederfüllbach): only the winners write ("nur Gute"); Rufspiel 5,
# Schneider 10, Schwarz 15, Schneider only in a Rufspiel; Solo 20, Herz-Solo 30; Laufende
# from 2 at 5 each, at most 4 counted; Tout doubles all; Geier allowed.
NIEDERFUELLBACH: dict[str, Any] = {
    "system": "winners_only", "tariff": {"sauspiel": 5, "solo": 20, "herz_solo": 30,
                                         "wenz": 20, "geier": 20},
    "schneider": 5, "schwarz": 5, "solo_schneider": False, "laufende": 5, "laufende_from": 2,
    "laufende_max": 4, "tout_counts_schneider": True,
    "games": ["sauspiel", "solo", "wenz", "geier"]}


def doc(lines: list[dict[str, Any]], /, seats: list[int] = SEATS,
        **scoring: Any) -> dict[str, Any]:
    return one_table("schafkopf", "Preisschafkopf", seats, lines, scoring)


def line_scores(line: dict[str, Any], **scoring: Any) -> list[int]:
    """Each player's points (players 1-4) from a list of this one line."""
    rows = standings(parse(doc([line], **scoring)))["standings"]
    points = {r["entrant"]: r["values"]["points"] for r in rows}
    return [points[e] for e in SEATS]


def sau(won: bool = True, **more: Any) -> dict[str, Any]:
    return {"game": "sauspiel", "player": 1, "partner": 3, "won": won, **more}


def solo(won: bool = True, game: str = "solo", **more: Any) -> dict[str, Any]:
    return {"game": game, "player": 2, "won": won, **more}


# --- the tournament point table (Donauries-Schafkopfcup 2019/2020, point 5) ---------------------

@pytest.mark.parametrize(("line", "expected"), [
    (sau(), [1, -1, 1, -1]),                                   # Rufspiel je 1+ / je 1-
    (sau(schneider=True), [2, -2, 2, -2]),                     # Rufspiel Schneider je 2
    (sau(schwarz=True), [3, -3, 3, -3]),                       # Rufspiel Schwarz je 3
    (sau(False), [-1, 1, -1, 1]),                              # the players' party lost
    (solo(), [-5, 15, -5, -5]),                                # Solo gewonnen 15+ / je 5-
    (solo(False), [5, -15, 5, 5]),                             # Solo verloren je 5+ / 15-
    (solo(game="wenz"), [-5, 15, -5, -5]),                     # Wenz like a Solo
    (solo(schneider=True), [-6, 18, -6, -6]),                  # Schneider gewonnen 18+ / je 6-
    (solo(False, schneider=True), [6, -18, 6, 6]),             # Schneider verloren
    (solo(schwarz=True), [-7, 21, -7, -7]),                    # Schwarz gewonnen 21+ / je 7-
    (solo(False, game="wenz", schwarz=True), [7, -21, 7, 7]),  # Schwarz verloren
    (solo(tout=True), [-10, 30, -10, -10]),                    # Tout doppelt, no Schneider
    (solo(sie=True), [-20, 60, -20, -20]),                     # Sie vierfach
], ids=["ruf", "ruf-schneider", "ruf-schwarz", "ruf-lost", "solo", "solo-lost", "wenz",
        "solo-schneider", "solo-schneider-lost", "solo-schwarz", "wenz-schwarz-lost",
        "tout", "sie"])
def test_the_tournament_point_table(line, expected):
    assert line_scores(line) == expected


def test_tout_and_sie_counted_with_schwarz_as_the_self_notice_prints_them():
    # SELF Schafkopfturnier 2022: Wenz- oder Solo-Tout +42/-14, Solo-Sie +84/-28:
    # (5 + Schneider 1 + Schwarz 1) doubled, and four times
    assert line_scores(solo(tout=True), tout_counts_schneider=True) == [-14, 42, -14, -14]
    assert line_scores(solo(game="wenz", tout=True),
                       tout_counts_schneider=True) == [-14, 42, -14, -14]
    assert line_scores(solo(sie=True), tout_counts_schneider=True) == [-28, 84, -28, -28]


# --- the Bayerischer Schafkopf-Verein's money tariff (annex "Spieltarife") -----------------------

@pytest.mark.parametrize(("line", "expected"), [
    (sau(False), [-10, 10, -10, 10]),            # the two losers pay the two winners 10 each
    (sau(schneider=True), [20, -20, 20, -20]),   # Grundwert + 10 for Schneider = 20
    (sau(schwarz=True), [30, -30, 30, -30]),     # + 10 for Schneider + 10 for Schwarz = 30
    (solo(), [-50, 150, -50, -50]),              # 3 x 50 = 150 for the soloist
    (solo(schneider=True), [-60, 180, -60, -60]),  # 60 per opponent
    (solo(schwarz=True), [-70, 210, -70, -70]),  # 70 per opponent
    (solo(False, game="bettel"), [30, -90, 30, 30]),  # Bettel 30
], ids=["partner-lost", "partner-schneider", "partner-schwarz", "solo", "solo-schneider",
        "solo-schwarz", "bettel-lost"])
def test_the_bsv_money_tariff(line, expected):
    assert line_scores(line, **BSV_MONEY) == expected


def test_ramsch_by_the_bsv_tariff():
    # the lone loser pays each winner the Normaltarif 20 ct; a Jungfrau (no trick) gets 40
    ramsch = {"game": "ramsch", "player": 4, "won": False}
    assert line_scores(ramsch, **BSV_MONEY) == [20, 20, 20, -60]
    assert line_scores({**ramsch, "jungfrau": [1]}, **BSV_MONEY) == [40, 20, 20, -80]
    # a Durchmarsch counts as a Solo won Schwarz: 70 from each
    assert line_scores({**ramsch, "won": True}, **BSV_MONEY) == [-70, -70, -70, 210]


def test_laufende_from_three_and_from_two_in_a_wenz():
    # the BSV tariff with 10 ct per Laufender: three Laufende in a Sauspiel add 30, two in a
    # Sauspiel add nothing, two in a Wenz add 20 (a Wenz has four trumps only)
    assert line_scores(sau(laufende=3), **BSV_MONEY) == [40, -40, 40, -40]
    assert line_scores(sau(laufende=2), **BSV_MONEY) == [10, -10, 10, -10]
    assert line_scores(solo(game="wenz", laufende=2), **BSV_MONEY) == [-70, 210, -70, -70]


def test_a_cash_desk_in_euros():
    rows = standings(parse(doc([sau(laufende=3), solo(schneider=True)], **BSV_MONEY)))
    cash = {r["entrant"]: r["values"]["cash"] for r in rows["standings"]}
    assert cash == {1: -0.2, 2: 1.4, 3: -0.2, 4: -1.0}  # 40 ct - 60 ct, -40 ct + 180 ct
    assert sum(cash.values()) == pytest.approx(0)


# --- only the winners write (TSG Niederfüllbach, §2, §5, §8, §9, §13, §14) ---------------------

def test_winners_only_lists_as_the_niederfuellbach_notice_writes_them():
    # §2: 5, 10 (Schneider), 15 (Schwarz), written for each winner, nothing for the losers
    assert line_scores(sau(), **NIEDERFUELLBACH) == [5, 0, 5, 0]
    assert line_scores(sau(schwarz=True), **NIEDERFUELLBACH) == [15, 0, 15, 0]
    assert line_scores(sau(False, schneider=True), **NIEDERFUELLBACH) == [0, 10, 0, 10]
    # §9: with 2 Laufende 10, 3: 15, 4: 20 more; more are not counted
    assert line_scores(sau(laufende=3), **NIEDERFUELLBACH) == [20, 0, 20, 0]
    assert line_scores(sau(laufende=6), **NIEDERFUELLBACH) == [25, 0, 25, 0]
    # §8: each Solo 20, each Herz-Solo 30; §13: Schneider counts only in a Rufspiel
    assert line_scores(solo(schneider=True), **NIEDERFUELLBACH) == [0, 20, 0, 0]
    assert line_scores(solo(suit="herz"), **NIEDERFUELLBACH) == [0, 30, 0, 0]
    # §8: a Tout doubles the points found: a Wenz-Tout with two Laufende (20 + 10) x 2
    assert line_scores(solo(game="wenz", tout=True, laufende=2),
                       **NIEDERFUELLBACH) == [0, 60, 0, 0]
    # a lost Solo: each of the three winners writes its value
    assert line_scores(solo(False, game="geier"), **NIEDERFUELLBACH) == [20, 0, 20, 20]


def test_kontra_and_re_double_where_the_tournament_allows_them():
    # Schafkopfordnung 4.2 (Stoß und Gegenstoß): each doubles the value
    assert line_scores(sau(kontra=1), kontra=True) == [2, -2, 2, -2]
    assert line_scores(solo(kontra=2), kontra=True) == [-20, 60, -20, -20]
    problem = the_refusal(doc([sau(kontra=1)]))
    assert problem.place == "rounds[0].tables[0].result.games[0].kontra"
    assert "Kontra is not allowed" in problem.message


def test_game_value_is_the_tariff_sum():
    s = Settings({4: 32, 5: 40}, {"sauspiel": 10, "solo": 50, "herz_solo": 50, "wenz": 50,
                                  "geier": 50, "farbwenz": 50, "farbgeier": 50,
                                  "bettel": 30, "ramsch": 20},
                 schneider=10, schwarz=10, laufende=10)
    assert game_value(Facts("sauspiel", True, laufende=4, schneider=True), s) == 60
    assert game_value(Facts("geier", False, laufende=2), s) == 70
    assert game_value(Facts("farbwenz", True, laufende=2), s) == 50  # Farbwenz: from 3


# --- the card points decide won and Schneider ---------------------------------------------------

@pytest.mark.parametrize(("eyes", "won", "schneider"), [
    (61, True, False), (60, False, False), (90, True, False), (91, True, True),
    (31, False, False), (30, False, True), (120, True, True), (0, False, True)])
def test_the_eyes_that_win_and_make_schneider(eyes, won, schneider):
    # the player wins with 61, makes the others Schneider with 91 (they are free with 30),
    # and is Schneider with 30 or fewer (free with 31)
    parse(doc([sau(won, eyes=eyes, schneider=schneider)]))
    problem = the_refusal(doc([sau(won, eyes=eyes, schneider=not schneider)]))
    assert problem.place == "rounds[0].tables[0].result.games[0].schneider"
    problem = the_refusal(doc([sau(not won, eyes=eyes, schneider=schneider)]))
    assert problem.place == "rounds[0].tables[0].result.games[0].won"


# --- impossible lines, refused at their field ---------------------------------------------------

@pytest.mark.parametrize(("line", "field", "needle"), [
    ({"game": "hochzeit", "player": 1, "won": True}, "game", "unknown game 'hochzeit'"),
    ({"game": "geier", "player": 1, "won": True}, "game", "does not play geier"),
    ({"game": "sauspiel", "player": 1, "won": True}, "partner", "needs the partner"),
    (sau(partner=1), "partner", "another player"),
    (sau(partner=9), "partner", "must be a player of this table"),
    (solo(partner=3), "partner", "only a Sauspiel has a partner"),
    (sau(player=7), "player", "must be a player of this table"),
    ({"game": "sauspiel", "player": 1, "partner": 3}, "won", "whether the player's party won"),
    (sau(won="ja"), "won", "true or false"),
    (sau(suit="herz"), "suit", "hearts are trumps"),
    (solo(game="wenz", suit="gras"), "suit", "has no suit"),
    (solo(game="wenz", laufende=5), "laufende", "at most 4 Laufende"),
    (sau(laufende=15), "laufende", "at most 14 Laufende"),
    (sau(laufende=False), "laufende", "at most 14 Laufende"),
    (solo(sie=True, laufende=4), "laufende", "8 Laufende"),
    (solo(False, sie=True), "won", "cannot be lost"),
    (sau(tout=True), "tout", "cannot be played Tout"),
    (solo(tout=True, sie=True), "sie", "a Tout or a Sie"),
    (solo(tout=True, schneider=True), "schneider", "not written for a Tout"),
    (solo(schwarz=True, schneider=False), "schneider", "also Schneider"),
    (sau(eyes=121), "eyes", "0 to 120"),
    (sau(eyes=120, schneider=True, schwarz=False), "eyes", None),
    (sau(eyes=100, schneider=True, schwarz=True), "schwarz", "no card points"),
    (solo(tout=True, eyes=110), "eyes", "every trick"),
    (sau(kontra=3), "kontra", "0, 1 (Kontra) or 2"),
    (sau(scores={"1": 2, "2": -2, "3": 2, "4": -2}), "scores", "entrant 1 +1"),
    (sau(scores={"1": 1, "2": -1}), "scores", "each player of the game"),
    (sau(jungfrau=[2]), "jungfrau", "only a Ramsch"),
    ({"game": "sauspiel", "player": 1, "partner": 3, "won": True, "value": 5}, "value",
     "unknown field"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_impossible_lines_are_refused_at_their_field(line, field, needle):
    if field == "eyes" and needle is None:  # 120 card points but not Schwarz: a trick of 0
        parse(doc([line]))
        return
    problem = the_refusal(doc([line]))
    assert problem.place == f"rounds[0].tables[0].result.games[0].{field}"
    assert problem.hint == "round 1, table 1, game 1"
    assert needle in problem.message


def test_a_ramsch_and_a_passed_game_only_where_the_tournament_plays_them():
    ramsch = {"game": "ramsch", "player": 1, "won": False}
    assert the_refusal(doc([ramsch])).place == "rounds[0].tables[0].result.games[0].game"
    problem = the_refusal(doc([{**ramsch, "jungfrau": [2, 3, 4]}], games=["ramsch"]))
    assert problem.place == "rounds[0].tables[0].result.games[0].jungfrau"
    problem = the_refusal(doc([{"game": "passed", "dealer": 1, "player": 2}],
                              games=["sauspiel", "passed"]))
    assert problem.place == "rounds[0].tables[0].result.games[0].player"


# --- tables of five, the deal ---------------------------------------------------------------

def test_a_table_of_five_only_where_allowed_and_the_dealer_sits_out():
    seats = [1, 2, 3, 4, 5]
    line = sau(dealer=5)
    problem = the_refusal(doc([line], seats=seats))
    assert problem.place == "rounds[0].tables[0].seats"
    rows = standings(parse(doc([line], seats=seats, table_of_five=True)))["standings"]
    got = {r["entrant"]: (r["values"]["points"], r["values"]["games"]) for r in rows}
    assert got == {1: (1, 1), 2: (-1, 1), 3: (1, 1), 4: (-1, 1), 5: (0, 0)}
    problem = the_refusal(doc([sau()], seats=seats, table_of_five=True))
    assert problem.place == "rounds[0].tables[0].result.games[0].dealer"
    problem = the_refusal(doc([sau(dealer=3)], seats=seats, table_of_five=True))
    assert problem.place == "rounds[0].tables[0].result.games[0].partner"
    assert problem.message == "entrant 3 deals this game and sits it out at a table of five"


def test_the_deal_goes_round_and_stays_after_a_passed_game():
    games = ["sauspiel", "passed"]
    order = [sau(dealer=d) for d in (1, 2, 3, 4, 1)]
    parse(doc(order))
    problem = the_refusal(doc([sau(dealer=1), sau(dealer=1)]))
    assert problem.place == "rounds[0].tables[0].result.games[1].dealer"
    problem = the_refusal(doc([sau(dealer=d) for d in (1, 2, 3, 4, 2)]))
    assert problem.place == "rounds[0].tables[0].result.games[4].dealer"
    passed = {"game": "passed", "dealer": 2}
    parse(doc([sau(dealer=1), passed, sau(dealer=2), sau(dealer=3)], games=games))
    problem = the_refusal(doc([sau(dealer=1), passed, sau(dealer=3)], games=games))
    assert problem.place == "rounds[0].tables[0].result.games[2].dealer"
    assert "passed in" in problem.message
    # a passed game is no game of the series
    rows = standings(parse(doc([passed, sau(dealer=2)], games=games,
                               games_per_series={"4": 1})))
    assert "flags" not in rows


def test_bad_settings_are_refused_at_their_key():
    for scoring, place in (({"system": "money"}, "scoring.system"),
                           ({"tariff": {"solo": -1}}, "scoring.tariff.solo"),
                           ({"tariff": {"hochzeit": 5}}, "scoring.tariff.hochzeit"),
                           ({"laufende_max": 0}, "scoring.laufende_max"),
                           ({"games": []}, "scoring.games"),
                           ({"kontra": "ja"}, "scoring.kontra")):
        assert the_refusal(doc([sau()], **scoring)).place == place


# --- the fixture through the command line ----------------------------------------------------

def test_the_fixture_through_the_command_line():
    path = FIXTURES / "scoring" / "schafkopf-tournament.json"
    run = subprocess.run([sys.executable, "-m", "scoring", "standings", str(path)],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    got = json.loads(run.stdout)
    expected = json.loads(path.with_name("schafkopf-tournament.expected.json").read_text())
    assert [(r["rank"], r["entrant"], r["values"]["points"]) for r in got["standings"]] == [
        (r["rank"], r["entrant"], r["values"]["points"]) for r in expected["standings"]]
    assert sum(r["values"]["points"] for r in got["standings"]) == 0
    assert standings(load(path)) == got


# --- properties ------------------------------------------------------------------------------

@st.composite
def schafkopf_line(draw: Any, seats: list[int], k: int) -> dict[str, Any]:
    """Game ``k`` at these seats, dealt in turn, of any kind the settings below allow."""
    n = len(seats)
    dealer = seats[k % n]
    active = [e for e in seats if n == 4 or e != dealer]
    game = draw(st.sampled_from(("sauspiel", "solo", "wenz", "geier", "farbwenz", "bettel",
                                 "ramsch")))
    order = draw(st.permutations(active))
    won = draw(st.booleans())
    line: dict[str, Any] = {"game": game, "player": order[0], "won": won, "dealer": dealer}
    if game == "sauspiel":
        line["partner"] = order[1]
    if game == "ramsch":
        if not won and draw(st.booleans()):
            line["jungfrau"] = [order[1]]
        return line
    if game == "bettel":
        return line
    if game in TOUT_GAMES and draw(st.integers(0, 4)) == 0:
        line["tout"] = True
    elif game == "solo" and won and draw(st.integers(0, 6)) == 0:
        line["sie"] = True
    else:
        line["schneider"] = draw(st.booleans())
        line["schwarz"] = line["schneider"] and draw(st.booleans())
    if not line.get("sie"):
        line["laufende"] = draw(st.integers(0, LAUFENDE_MAX[game]))
    line["kontra"] = draw(st.integers(0, 2))
    return line


@st.composite
def schafkopf_settings(draw: Any) -> dict[str, Any]:
    return {"tariff": {g: draw(st.integers(0, 60)) for g in ("sauspiel", "solo", "wenz",
                                                             "geier", "farbwenz", "bettel",
                                                             "ramsch")},
            "schneider": draw(st.integers(0, 20)), "schwarz": draw(st.integers(0, 20)),
            "laufende": draw(st.integers(0, 20)), "laufende_max": draw(st.none()
                                                                      | st.integers(1, 14)),
            "tout_counts_schneider": draw(st.booleans()), "kontra": True,
            "solo_schneider": draw(st.booleans()),
            "games": ["sauspiel", "solo", "wenz", "geier", "farbwenz", "bettel", "ramsch"]}


@FAST
@given(data=st.data())
def test_every_plus_minus_line_sums_to_zero(data):
    """In money and tournament points every loser pays every winner: the players' values of
    a game sum to zero, a soloist wins or pays three times what each opponent pays or wins,
    and Sauspiel partners score the same."""
    five = data.draw(st.booleans(), label="five")
    seats = [3, 13, 23, 33, 43][:5 if five else 4]
    games = [data.draw(schafkopf_line(seats, k), label=f"line {k}")
             for k in range(data.draw(st.integers(1, 10), label="games"))]
    scoring = data.draw(schafkopf_settings(), label="settings")
    result = parse(doc(games, seats=seats, table_of_five=five, **scoring))
    for g in result.rounds[0].tables[0].result.games:
        assert sum(g.scores.values()) == 0
        assert len(g.scores) == 4
        if g.partner is not None:
            assert g.scores[g.player] == g.scores[g.partner]
        elif g.game != "ramsch":
            (other,) = {v for e, v in g.scores.items() if e != g.player}
            assert g.scores[g.player] == -3 * other
    rows = standings(result)["standings"]
    assert sum(r["values"]["points"] for r in rows) == 0


@FAST
@given(data=st.data())
def test_winners_only_lists_never_take_points_away(data):
    games = [data.draw(schafkopf_line(SEATS, k), label=f"line {k}") for k in range(6)]
    scoring = {**data.draw(schafkopf_settings(), label="settings"), "system": "winners_only"}
    result = parse(doc(games, **scoring))
    for g in result.rounds[0].tables[0].result.games:
        assert all(v >= 0 for v in g.scores.values())


@FAST
@given(data=st.data())
def test_any_payload_is_scored_or_refused_with_its_place(data):
    games = [data.draw(schafkopf_line(SEATS, k), label=f"line {k}") for k in range(4)]
    scoring = data.draw(schafkopf_settings(), label="settings")
    spoil_and_score(data, doc(games, **scoring), games)
