"""Doppelkopf lists by the DDV's Turnierspielregeln (docs/doppelkopf.md): the worked examples
with their numbers written out, the refusals, compulsory solos, and properties (hypothesis):
every line sums to zero, and any payload is scored or refused with its place."""

from __future__ import annotations

from typing import Any

import pytest
from card_documents import (
    doko_lists,
    doppelkopf_documents,
    one_table,
    spoil_and_score,
    the_refusal,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import parse, standings

FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SEATS = [1, 2, 3, 4]


def doko_doc(games: list[dict[str, Any]], seats: list[int] = SEATS,
             **scoring: Any) -> dict[str, Any]:
    return one_table("doppelkopf", "Doko-Abend", seats, games,
                     {"compulsory_solos": 0, **scoring})


def line_scores(line: dict[str, Any], **scoring: Any) -> list[int]:
    """Each player's points from a list of this one line (players 1-4)."""
    rows = standings(parse(doko_doc([line], **scoring)))["standings"]
    points = {r["entrant"]: r["values"]["points"] for r in rows}
    return [points[e] for e in SEATS]


# --- the counting of the TSR (7.1, 7.2), worked examples ------------------------------------

def test_kontra_announced_and_won_with_160_scores_5():
    # gewonnen 1, Re unter 90 (80) 1, Kontra angesagt 2, gegen die Alten 1 = 5
    line = {"re": [1, 2], "re_eyes": 80, "announce": {"kontra": "kontra"}}
    assert line_scores(line) == [-5, -5, 5, 5]


def test_re_broke_its_keine_60_with_130_kontra_scores_7():
    # Re said Re, keine 90, keine 60 and made 130: Kontra has 110, so Re's keine 90 is
    # broken and Kontra wins. Gewonnen 1, Re angesagt 2, keine 90 abgesagt 1, keine 60
    # abgesagt 1, 90 against keine 60 reached 1, gegen die Alten 1 = 7
    line = {"re": [1, 2], "re_eyes": 130, "announce": {"re": "60"}}
    assert line_scores(line) == [-7, -7, 7, 7]


def test_both_said_keine_90_nobody_wins_and_re_scores_1_for_120_against_it():
    # Re: Re, keine 90; Kontra: Kontra, keine 90. Re 130, Kontra 110: both announcements
    # broken, no winner; only "120 against keine 90" counts, for Re: +1
    line = {"re": [1, 2], "re_eyes": 130, "announce": {"re": "90", "kontra": "90"}}
    assert line_scores(line) == [1, 1, -1, -1]


def test_both_said_keine_90_re_with_160_wins_9():
    # Re 160, Kontra 80 keeps Re's keine 90 and breaks Kontra's: Re wins. Gewonnen 1,
    # unter 90 1, Re 2, Kontra 2, keine 90 by Re 1, keine 90 by Kontra 1, 120 against
    # Kontra's keine 90 1 = 9
    line = {"re": [1, 2], "re_eyes": 160, "announce": {"re": "90", "kontra": "90"}}
    assert line_scores(line) == [9, 9, -9, -9]


@pytest.mark.parametrize(("re_eyes", "kontra_scores"), [
    (70, 12),   # Kontra 170 wins: 1 + unter 90 1 + Re 2 + Kontra 2 + three abgesagt 3
                # + 120 against keine 90 1 + 90 against keine 60 1 + gegen die Alten 1
    (100, 2),   # nobody wins: Kontra 140 reached 120 and 90 against Re's 90 and 60: 2
    (120, 1),   # nobody wins: Kontra 120 reached both (2), Re 120 against keine 90 (1)
    (135, 0),   # nobody wins: Kontra 105 reached 90 (1), Re 135 reached 120 (1)
])
def test_re_said_keine_60_kontra_keine_90(re_eyes, kontra_scores):
    line = {"re": [1, 2], "re_eyes": re_eyes, "announce": {"re": "60", "kontra": "90"}}
    assert line_scores(line) == [-kontra_scores, -kontra_scores, kontra_scores,
                                 kontra_scores]


def test_kontra_needs_121_when_only_kontra_was_announced():
    # Re 120 against a lone Kontra: Re wins with 120 (1 + Kontra angesagt 2 = 3)
    assert line_scores({"re": [1, 2], "re_eyes": 120, "announce": {"kontra": "kontra"}}) == [
        3, 3, -3, -3]
    # without announcements 120 is Kontra's: 1 + gegen die Alten 1
    assert line_scores({"re": [1, 2], "re_eyes": 120}) == [-2, -2, 2, 2]


def test_schwarz_needs_no_trick_not_only_no_card_points():
    # Kontra 0 card points: unter 90, 60, 30 = 4 with the win; schwarz (no trick) one more
    assert line_scores({"re": [1, 2], "re_eyes": 240}) == [4, 4, -4, -4]
    assert line_scores({"re": [1, 2], "re_eyes": 240, "schwarz": "kontra"}) == [5, 5, -5, -5]


def test_queens_solo_with_re_and_keine_90_won_with_185():
    # soloist 185, opponents 55: gewonnen 1, unter 90 1, unter 60 1, Re 2, keine 90 1 = 6;
    # the soloist scores three times: +18, each opponent -6
    line = {"re": [3], "kind": "queens", "re_eyes": 185, "announce": {"re": "90"}}
    assert line_scores(line) == [-6, -6, 18, -6]


def test_lost_solo_costs_the_soloist_three_times():
    # soloist 110: Kontra wins 1 + unter 120 is no level; Re angesagt 2 = 3; no gegen die
    # Alten in a solo: soloist -9, each opponent +3
    line = {"re": [2], "kind": "hearts", "re_eyes": 110, "announce": {"re": "re"}}
    assert line_scores(line) == [3, -9, 3, 3]


def test_normal_game_with_special_points():
    # Re 119, Kontra 121 wins: 1 + gegen die Alten 1; Kontra made a Doppelkopf (+1), Re
    # caught a Fuchs (+1) and took the last trick with Karlchen (+1): 1 + 1 + 1 - 2 = 1
    line = {"re": [1, 3], "re_eyes": 119,
            "specials": {"re": {"fuchs": 1, "karlchen": 1}, "kontra": {"doppelkopf": 1}}}
    assert line_scores(line) == [-1, 1, -1, 1]
    # special points are netted: Re wins (1) but Kontra has two Doppelkopf: Re -1
    line = {"re": [1, 3], "re_eyes": 150, "specials": {"kontra": {"doppelkopf": 2}}}
    assert line_scores(line) == [-1, 1, -1, 1]


def test_wedding_with_partner_is_a_normal_game_with_special_points():
    # the Hochzeiter 4 found 2 as partner: Re 140 wins 1, Fuchs caught by Re 1 = 2
    line = {"re": [4, 2], "kind": "wedding", "re_eyes": 140,
            "specials": {"re": {"fuchs": 1}}}
    assert line_scores(line) == [-2, 2, -2, 2]


def test_wedding_without_partner_is_a_solo():
    # no partner in the first three tricks: a trump solo of the Hochzeiter (TSR 4.4):
    # Re 150 wins 1 (Kontra 90 is not below 90): +3 for 4, -1 for each other
    line = {"re": [4], "kind": "wedding", "re_eyes": 150}
    assert line_scores(line) == [-1, -1, -1, 3]
    problem = the_refusal(doko_doc([{**line, "specials": {"re": {"fuchs": 1}}}]))
    assert "no special points in a solo" in problem.message


def test_special_points_follow_the_settings():
    line = {"re": [1, 2], "re_eyes": 100, "specials": {"re": {"karlchen": 1}}}
    # a club without Karlchen: refused on that line
    problem = the_refusal(doko_doc([line], specials=["gegen_die_alten", "doppelkopf", "fuchs"]))
    assert "does not count karlchen" in problem.message
    # a club without "gegen die Alten": Kontra wins 1 + unter ... Re 100: no level; = 1,
    # minus Re's Karlchen: 0
    assert line_scores(line, specials=["doppelkopf", "fuchs", "karlchen"]) == [0, 0, 0, 0]


def test_a_compulsory_solo_needs_a_solo_to_play():
    line = {"re": [1, 2], "scores": {"1": 1, "2": 1, "3": -1, "4": -1}}
    problem = the_refusal(doko_doc([line], compulsory_solos=1, solos=[]))
    assert problem.place == "scoring.solos"
    assert "lists no solo, but every player owes 1 compulsory solo(s)" in problem.message
    # without compulsory solos a club may play no solo at all
    assert line_scores(line, solos=[]) == [1, 1, -1, -1]


def test_scores_as_written_are_checked_against_the_counting():
    line = {"re": [1, 2], "re_eyes": 80, "announce": {"kontra": "kontra"},
            "scores": {"1": -5, "2": -5, "3": 5, "4": 5}}
    parse(doko_doc([line]))
    problem = the_refusal(doko_doc([{**line, "scores": {"1": -4, "2": -4, "3": 4, "4": 4}}]))
    assert problem.place == "rounds[0].tables[0].result.games[0].scores"
    assert "entrant 1 -5, entrant 2 -5, entrant 3 +5, entrant 4 +5" in problem.message


def test_a_line_of_scores_only_needs_their_shape():
    # a list copied from paper: who won and by how much, without card points
    assert line_scores({"re": [2, 4], "scores": {"1": -3, "2": 3, "3": -3, "4": 3}}) == [
        -3, 3, -3, 3]
    assert line_scores({"re": [1], "kind": "jacks",
                        "scores": {"1": -12, "2": 4, "3": 4, "4": 4}}) == [-12, 4, 4, 4]


# --- refusals ----------------------------------------------------------------------------------

def test_a_line_not_summing_to_zero_is_refused():
    problem = the_refusal(doko_doc([{"re": [1, 2], "scores": {"1": 3, "2": 3, "3": -3,
                                                             "4": -2}}]))
    assert problem.place == "rounds[0].tables[0].result.games[0].scores"
    assert problem.hint == "round 1, table 1, game 1"
    assert problem.message == "the scores do not sum to zero (+3 +3 -3 -2 = +1)"


def test_scores_that_sum_to_zero_but_split_a_party_are_refused():
    problem = the_refusal(doko_doc([{"re": [1, 2], "scores": {"1": 3, "2": 2, "3": -3,
                                                             "4": -2}}]))
    assert problem.message == "the players of one party score the same"


@pytest.mark.parametrize(("line", "place", "needle"), [
    ({"re": [1, 2]}, "games[0]", 'needs "re_eyes"'),
    ({"re": [1], "re_eyes": 130}, "games[0].re", "a normal game has 2 player(s) on Re"),
    ({"re": [1, 9], "re_eyes": 130}, "games[0].re", "must be a player of this table"),
    ({"re": [1, 1], "re_eyes": 130}, "games[0].re", "a normal game has 2"),
    ({"re": [1, 2], "re_eyes": 241}, "games[0].re_eyes", "0 to 240"),
    ({"re": [1, 2], "re_eyes": 130, "announce": {"re": "kontra"}}, "games[0].announce.re",
     "must be one of re, 90"),
    ({"re": [1, 2], "re_eyes": 130, "schwarz": "kontra"}, "games[0].schwarz", "took no trick"),
    ({"re": [1, 2], "re_eyes": 130, "specials": {"re": {"fuchs": 3}}}, "games[0].specials",
     "at most 2"),
    ({"re": [1, 2], "re_eyes": 130, "specials": {"re": {"dulle": 1}}},
     "games[0].specials.re", "counts of special points"),
    ({"re": [2], "kind": "armut", "re_eyes": 130}, "games[0].kind", "unknown game 'armut'"),
    ({"re": [2], "kind": "queens", "re_eyes": 130, "specials": {"kontra": {"doppelkopf": 1}}},
     "games[0].specials", "no special points in a solo"),
    ({"re": [1, 2], "re_eyes": 130, "compulsory": True}, "games[0].compulsory",
     "only a solo"),
])
def test_impossible_lines_are_refused_at_their_field(line, place, needle):
    problem = the_refusal(doko_doc([line]))
    assert problem.place == f"rounds[0].tables[0].result.{place}"
    assert needle in problem.message


def test_a_table_of_five_only_where_allowed_and_the_dealer_sits_out():
    seats = [1, 2, 3, 4, 5]
    line = {"re": [1, 2], "re_eyes": 150, "dealer": 5}
    problem = the_refusal(doko_doc([line], seats=seats))
    assert problem.place == "rounds[0].tables[0].seats"
    assert "tables of five are not allowed" in problem.message
    rows = standings(parse(doko_doc([line], seats=seats, table_of_five=True)))["standings"]
    got = {r["entrant"]: (r["values"]["points"], r["values"]["games"]) for r in rows}
    assert got == {1: (1, 1), 2: (1, 1), 3: (-1, 1), 4: (-1, 1), 5: (0, 0)}
    problem = the_refusal(doko_doc([{**line, "re": [5, 1]}], seats=seats, table_of_five=True))
    assert problem.place == "rounds[0].tables[0].result.games[0].re"
    problem = the_refusal(doko_doc([{"re": [1, 2], "re_eyes": 150}], seats=seats,
                               table_of_five=True))
    assert problem.place == "rounds[0].tables[0].result.games[0].dealer"


# --- compulsory solos (TSR 4.2, 4.3, 8.6) ------------------------------------------------------

def solo(player: int, compulsory: bool, eyes: int = 150) -> dict[str, Any]:
    return {"re": [player], "kind": "queens", "compulsory": compulsory, "re_eyes": eyes}


def test_owed_compulsory_solos_are_flagged_and_may_cost_points():
    games = [solo(1, True), solo(2, True)]
    out = standings(parse(doko_doc(games, compulsory_solos=1, missing_solo_penalty=5)))
    assert [f["message"] for f in out["flags"]] == [
        "2 games played, the round at a table of 4 is set to 24",
        "entrant 3 owes 1 compulsory solo(s); 5 points off for each",
        "entrant 4 owes 1 compulsory solo(s); 5 points off for each"]
    values = {r["entrant"]: r["values"] for r in out["standings"]}
    # solos: 1 and 2 each +3, others -1 per solo; 3 and 4 also lose 5 for the owed solo
    assert [values[e]["points"] for e in SEATS] == [3 - 1, 3 - 1, -2 - 5, -2 - 5]
    assert (values[3]["solos_missing"], values[1]["solos"], values[1]["solos_won"]) == (1, 1, 1)


def test_a_voluntary_solo_needs_the_own_compulsory_solo_first():
    problem = the_refusal(doko_doc([solo(1, False)], compulsory_solos=1))
    assert problem.place == "rounds[0].tables[0].result.games[0].compulsory"
    assert "before the own compulsory solo" in problem.message
    problem = the_refusal(doko_doc([solo(1, True), solo(1, True)], compulsory_solos=1))
    assert problem.place == "rounds[0].tables[0].result.games[1].compulsory"
    parse(doko_doc([solo(1, True), solo(1, False)], compulsory_solos=1))


def test_after_the_rounds_games_only_owed_solos_are_played():
    normal = {"re": [1, 2], "re_eyes": 130}
    games = [normal] * 4 + [solo(3, True)]
    parse(doko_doc(games, compulsory_solos=1, games_per_round={"4": 4}))
    problem = the_refusal(doko_doc([*games, normal], compulsory_solos=1,
                               games_per_round={"4": 4}))
    assert problem.place == "rounds[0].tables[0].result.games[5]"
    assert "only owed compulsory solos" in problem.message


def test_round_totals_are_in_the_standings():
    doc = doko_doc([{"re": [1, 2], "re_eyes": 150}])
    doc["rounds"].append({"number": 3, "tables": [{"number": 1, "seats": [
        {"entrant": e} for e in SEATS], "result": {"games": [{"re": [1, 3], "re_eyes": 20}]}}]})
    values = {r["entrant"]: r["values"] for r in standings(parse(doc))["standings"]}
    # round 3: Kontra wins 1 + unter 90, 60, 30 3 + gegen die Alten 1 = 5
    assert (values[1]["round_1"], values[1]["round_3"], values[1]["points"]) == (1, -5, -4)
    assert (values[4]["round_1"], values[4]["round_3"]) == (-1, 5)


# --- properties ------------------------------------------------------------------------------

@FAST
@given(data=st.data())
def test_every_line_sums_to_zero_and_a_soloist_scores_three_times(data):
    """Every line the module accepts, counted from card points or written, sums to zero over
    the players of the game, and a soloist scores three times what each opponent loses."""
    five = data.draw(st.booleans(), label="five")
    seats = [7, 17, 27, 37, 47][:5 if five else 4]
    games = data.draw(doko_lists(seats), label="games")
    result = parse(doko_doc(games, seats=seats, table_of_five=five, compulsory_solos=1))
    for g in result.rounds[0].tables[0].result.games:
        assert sum(g.scores.values()) == 0
        assert len(g.scores) == 4
        if len(g.re) == 1:
            (opponent,) = {g.scores[e] for e in g.kontra}
            assert g.scores[g.re[0]] == -3 * opponent


@FAST
@given(doc=doppelkopf_documents())
def test_generated_doppelkopf_documents_validate_and_balance(doc):
    rows = standings(parse(doc))["standings"]
    penalty = doc["scoring"]["missing_solo_penalty"]
    missing = sum(r["values"]["solos_missing"] for r in rows)
    assert sum(r["values"]["points"] for r in rows) == -penalty * missing


@FAST
@given(data=st.data())
def test_any_payload_is_scored_or_refused_with_its_place(data):
    games = data.draw(doko_lists(SEATS), label="games")
    doc = doko_doc(games, compulsory_solos=1)
    spoil_and_score(data, doc, games)


def test_worked_example_list_totals():
    # fixtures/scoring/doppelkopf-worked-example.json: the lines above at one table
    # (Kontra 5, Kontra 7, queens solo 18/-6, specials netted to 1, wedding 2, written 3):
    # Anke -5-7-6-1-2-3 = -24, Bernd -5-7-6+1+2+3 = -12, Carla 5+7+18-1-2-3 = 24,
    # Dieter 5+7-6+1+2+3 = 12
    from conftest import FIXTURES

    from scoring import load
    rows = standings(load(FIXTURES / "scoring" / "doppelkopf-worked-example.json"))
    assert [(r["rank"], r["name"], r["values"]["points"]) for r in rows["standings"]] == [
        (1, "Carla", 24), (2, "Dieter", 12), (3, "Bernd", -12), (4, "Anke", -24)]
    assert "flags" not in rows


@pytest.mark.parametrize(("field", "value", "place"), [
    ("schwarz", ["re"], "schwarz"),
    ("announce", {"re": "keine 90"}, "announce.re"),
    ("specials", {"re": {"fuchs": -1}}, "specials.re"),
])
def test_a_line_of_scores_only_still_checks_its_other_fields(field, value, place):
    """Announcements, Schwarz and special points written beside the scores are not counted
    without card points, but they are not ignored either: a wrong one is refused."""
    line = {"re": [2, 4], "scores": {"1": -3, "2": 3, "3": -3, "4": 3}, field: value}
    problem = the_refusal(doko_doc([line]))
    assert problem.place == f"rounds[0].tables[0].result.games[0].{place}"


def test_the_dealer_at_a_table_of_five_is_not_on_re():
    line = {"re": [5, 1], "re_eyes": 150, "dealer": 5}
    problem = the_refusal(doko_doc([line], seats=[1, 2, 3, 4, 5], table_of_five=True))
    assert problem.message == "entrant 5 deals this game and sits it out at a table of five"


# --- penalty points (TSR 9.3, 9.4) -------------------------------------------------------------

def test_penalty_points_are_a_line_of_the_list():
    # a minor breach (TSR 9.3): the offender -3, each other player +1; a serious one
    # (TSR 9.4): -12 and +4. The line is no game: not counted in games, won or lost
    game = {"re": [1, 2], "re_eyes": 150}
    minor = {"kind": "penalty", "offender": 3, "points": 1}
    serious = {"kind": "penalty", "offender": 1, "points": 4}
    out = standings(parse(doko_doc([game, minor, serious], games_per_round={"4": 1})))
    values = {r["entrant"]: r["values"] for r in out["standings"]}
    assert [values[e]["points"] for e in SEATS] == [1 + 1 - 12, 1 + 1 + 4, -1 - 3 + 4,
                                                   -1 + 1 + 4]
    assert [values[e]["penalties"] for e in SEATS] == [-11, 5, 1, 5]
    assert [values[e]["games"] for e in SEATS] == [1, 1, 1, 1]
    assert "flags" not in out


def test_penalty_points_at_a_table_of_five():
    seats = [1, 2, 3, 4, 5]
    # by default every other player at the table gets the points
    line = {"kind": "penalty", "offender": 5, "points": 1}
    rows = standings(parse(doko_doc([line], seats=seats, table_of_five=True)))["standings"]
    assert {r["entrant"]: r["values"]["points"] for r in rows} == {1: 1, 2: 1, 3: 1, 4: 1,
                                                                   5: -4}
    # written out, e.g. only the three others of the game: -3 and +1 each
    written = {"kind": "penalty", "offender": 2, "points": 1,
               "scores": {"1": 1, "2": -3, "3": 1, "4": 1}}
    rows = standings(parse(doko_doc([written], seats=seats, table_of_five=True)))["standings"]
    assert {r["entrant"]: r["values"]["points"] for r in rows} == {1: 1, 2: -3, 3: 1, 4: 1,
                                                                   5: 0}


@pytest.mark.parametrize(("line", "place", "needle"), [
    ({"kind": "penalty", "offender": 9, "points": 1}, "offender", "must be a player"),
    ({"kind": "penalty", "offender": 1}, "points", 'needs "points"'),
    ({"kind": "penalty", "offender": 1, "points": 0}, "points", "1 to 25"),
    ({"kind": "penalty", "offender": 1, "points": 1, "re": [1, 2]}, "re", "only kind"),
    ({"kind": "penalty", "offender": 1, "scores": {"1": -3, "2": 2, "3": 1}}, "scores",
     "the same points"),
    ({"kind": "penalty", "offender": 1, "scores": {"1": 3, "2": -1, "3": -1, "4": -1}},
     "scores", "loses what the others get"),
    ({"kind": "penalty", "offender": 1, "points": 4,
      "scores": {"1": -3, "2": 1, "3": 1, "4": 1}}, "scores", "(4 each)"),
    ({"re": [1, 2], "re_eyes": 150, "points": 1}, "points", "only a line of penalty"),
])
def test_impossible_penalty_lines_are_refused_at_their_field(line, place, needle):
    problem = the_refusal(doko_doc([line]))
    assert problem.place == f"rounds[0].tables[0].result.games[0].{place}"
    assert needle in problem.message


def test_penalty_lines_do_not_count_as_games_of_the_round():
    normal = {"re": [1, 2], "re_eyes": 130}
    penalty = {"kind": "penalty", "offender": 2, "points": 1}
    games = [normal, penalty, normal, penalty, normal]
    out = standings(parse(doko_doc(games, games_per_round={"4": 3})))
    assert "flags" not in out
    problem = the_refusal(doko_doc([*games, normal], games_per_round={"4": 3}))
    assert problem.place == "rounds[0].tables[0].result.games[5]"
    assert "game 4 comes after the round's 3 games" in problem.message


# --- the deal (TSR 3.3) and tables of five (TSR 10) ----------------------------------------------

def test_after_a_compulsory_solo_the_same_dealer_deals_again_at_a_table_of_five():
    seats = [1, 2, 3, 4, 5]
    five = {"seats": seats, "table_of_five": True, "compulsory_solos": 1}

    def normal(dealer: int) -> dict[str, Any]:
        re = [e for e in seats if e != dealer][:2]
        return {"re": re, "re_eyes": 130, "dealer": dealer}

    compulsory = {**solo(3, True), "dealer": 2}
    # dealer 2 deals the compulsory solo of 3 and deals again (and sits out again)
    games = [normal(1), compulsory, normal(2), normal(3)]
    parse(doko_doc(games, **five))
    # the deal passing on after a compulsory solo ("vorgeführt") is accepted too
    parse(doko_doc([normal(1), compulsory, normal(3)], **five))
    # after a normal game the same dealer may not deal again
    problem = the_refusal(doko_doc([normal(1), normal(1)], **five))
    assert problem.place == "rounds[0].tables[0].result.games[1].dealer"
    assert "after that game the deal passes on" in problem.message
    # nor skip a player in the turn
    problem = the_refusal(doko_doc([normal(1), normal(2), normal(3), normal(4), normal(5),
                                    normal(2)], **five))
    assert problem.place == "rounds[0].tables[0].result.games[5].dealer"
    assert "entrant 1 deals this game" in problem.message


def test_a_voluntary_solo_passes_the_deal_on():
    voluntary = {**solo(1, False), "dealer": 2}
    games = [{**solo(1, True), "dealer": 1}, voluntary, {**voluntary, "dealer": 2}]
    problem = the_refusal(doko_doc(games, compulsory_solos=1))
    assert problem.place == "rounds[0].tables[0].result.games[2].dealer"


def test_time_limits_per_table_size():
    from scoring.doppelkopf import time_limit_for
    s = parse(doko_doc([{"re": [1, 2], "re_eyes": 130}])).settings
    assert (time_limit_for(s, 4), time_limit_for(s, 5)) == (100, 125)
    s = parse(doko_doc([{"re": [1, 2], "re_eyes": 130}], time_limit=90,
                       time_limit_five=None)).settings
    assert (time_limit_for(s, 4), time_limit_for(s, 5)) == (90, None)
    problem = the_refusal(doko_doc([{"re": [1, 2], "re_eyes": 130}], time_limit_five=0))
    assert problem.place == "scoring.time_limit_five"


# --- a game nobody wins --------------------------------------------------------------------------

def test_nobody_wins_counts_what_was_reached_and_by_setting_also_the_levels():
    # Re said "keine 60", Kontra "keine 90", Re 170: Kontra's 70 break Re's keine 60, Re's
    # 170 break Kontra's keine 90: nobody wins. By default only what each reached against
    # the other's Absagen: Re 120 against keine 90 = +1, Kontra nothing (70 < 90).
    line = {"re": [1, 2], "re_eyes": 170, "announce": {"re": "60", "kontra": "90"}}
    assert line_scores(line) == [1, 1, -1, -1]
    # counting the levels as well: Kontra stayed below 90, one more for Re
    assert line_scores(line, no_winner="levels") == [2, 2, -2, -2]
    # a game with a winner is the same either way
    won = {"re": [1, 2], "re_eyes": 70, "announce": {"re": "60", "kontra": "90"}}
    assert line_scores(won) == line_scores(won, no_winner="levels") == [-12, -12, 12, 12]
    problem = the_refusal(doko_doc([line], no_winner="both"))
    assert problem.place == "scoring.no_winner"
