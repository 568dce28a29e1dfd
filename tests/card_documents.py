"""Hypothesis strategies for Skat and Doppelkopf documents, shared by the property, discipline
and command-line tests.

The lists are written the way a table writes them: the deal goes round the table in the
seats' order, at a table of four the dealer sits out, each Doppelkopf player's first solo is
the compulsory one. Lists are short (at most 12 games) so that each example stays fast; the
series lengths are set to match some of them, so flags appear for the others.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume
from hypothesis import strategies as st

from scoring import DocumentError, parse, standings
from scoring.doppelkopf import KINDS, SOLOS, SPECIAL_MAX, Facts, re_result, scores_of
from scoring.skat import BASE, NULL, overbid_value, values_of

Draw = Callable[[st.SearchStrategy[Any]], Any]

SKAT_GAMES = (*BASE, *NULL)
LEVEL_NAMES = {1: None, 2: "90", 3: "60", 4: "30", 5: "schwarz"}


def _entrants(draw: Draw, lo: int, hi: int) -> list[dict[str, Any]]:
    ids = draw(st.lists(st.integers(1, 60), min_size=lo, max_size=hi, unique=True))
    return [{"id": e, "name": f"Entrant {e}"} for e in ids]


def _document(discipline: str, scoring: dict[str, Any], entrants: list[dict[str, Any]],
              rounds: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "turnier/1", "name": f"Property test ({discipline})",
            "discipline": discipline, "scoring": scoring, "entrants": entrants,
            "rounds": rounds}


def _tables(draw: Draw, ids: list[int], sizes: tuple[int, ...]) -> tuple[list[list[int]],
                                                                          list[int]]:
    """Seat a permutation of ``ids`` at tables of the allowed sizes; return tables and the rest."""
    order = draw(st.permutations(ids))
    tables: list[list[int]] = []
    i = 0
    while len(order) - i >= min(sizes) and (not tables or draw(st.integers(0, 4)) > 0):
        size = draw(st.sampled_from([s for s in sizes if s <= len(order) - i]))
        tables.append(list(order[i:i + size]))
        i += size
    return tables, list(order[i:])


# --- Skat ------------------------------------------------------------------------------------

@st.composite
def skat_line(draw: Draw, seats: list[int], k: int, ramsch: bool = False) -> dict[str, Any]:
    """Game ``k`` of a list at these seats: dealt by seat k mod n, declared by another player
    at a table of four; passed, won, lost, and now and then lost overbid."""
    n = len(seats)
    dealer = seats[k % n]
    line: dict[str, Any] = {"dealer": dealer}
    if n == 3 and draw(st.integers(0, 4)) == 0:
        del line["dealer"]  # at a table of three the dealer is optional
    kind = draw(st.sampled_from((*SKAT_GAMES, "passed", *(("ramsch",) if ramsch else ()))))
    if kind == "passed":
        return {**line, "game": "passed"}
    declarer = draw(st.sampled_from([e for e in seats if n == 3 or e != dealer]))
    won = draw(st.booleans())
    line.update(game=kind, declarer=declarer, won=won)
    if kind == "ramsch":
        line["value"] = 120 if won else draw(st.integers(1, 240))
        return line
    line["value"] = draw(st.sampled_from(values_of(kind)))
    if kind in BASE and not won and draw(st.integers(0, 3)) == 0:
        bids = sorted({v for g in SKAT_GAMES for v in values_of(g)})
        bid = draw(st.sampled_from(bids))
        line.update(bid=bid, value=overbid_value(kind, bid))
    return line


@st.composite
def skat_lists(draw: Draw, seats: list[int], max_games: int = 12) -> list[dict[str, Any]]:
    return [draw(skat_line(seats, k)) for k in range(draw(st.integers(1, max_games)))]


@st.composite
def skat_documents(draw: Draw) -> dict[str, Any]:
    """Series at tables of four and three; some lists are complete series, most are short."""
    entrants = _entrants(draw, 3, 12)
    ids = [e["id"] for e in entrants]
    scoring: dict[str, Any] = {"games_per_series": {"3": draw(st.sampled_from((3, 6, 36))),
                                                    "4": draw(st.sampled_from((4, 8, 48)))}}
    if draw(st.booleans()):
        scoring.update(loss_fee=0.5, loss_fee_higher=1, loss_fee_from=draw(st.integers(1, 4)))
    rounds = []
    for number in draw(st.lists(st.integers(1, 9), min_size=1, max_size=3, unique=True)):
        tables, rest = _tables(draw, ids, (3, 4))
        rounds.append({"number": number, "tables": [
            {"number": t, "seats": [{"entrant": e} for e in seats],
             "result": None if draw(st.integers(0, 9)) == 0
             else {"games": draw(skat_lists(seats))}}
            for t, seats in enumerate(tables, start=1)],
            "byes": [{"entrant": e, "kind": "zero"} for e in rest if draw(st.booleans())]})
    return _document("skat", scoring, entrants, rounds)


# --- Doppelkopf ------------------------------------------------------------------------------

@st.composite
def doko_facts(draw: Draw, solo: bool) -> dict[str, Any]:
    """Card points, announcements, Schwarz and (outside solos) special points of one game."""
    eyes = draw(st.integers(0, 240) | st.sampled_from((0, 90, 119, 120, 121, 150, 240)))
    out: dict[str, Any] = {"re_eyes": eyes}
    announce = {}
    for party in ("re", "kontra"):
        level = draw(st.integers(0, 5))
        if level:
            announce[party] = LEVEL_NAMES[level] or party
    if announce:
        out["announce"] = announce
    if eyes in (0, 240) and draw(st.booleans()):
        out["schwarz"] = "re" if eyes == 0 else "kontra"
    if not solo and draw(st.booleans()):
        specials: dict[str, dict[str, int]] = {"re": {}, "kontra": {}}
        for name, most in SPECIAL_MAX.items():
            total = draw(st.integers(0, most))
            mine = draw(st.integers(0, total))
            if mine:
                specials["re"][name] = mine
            if total - mine:
                specials["kontra"][name] = total - mine
        out["specials"] = specials
    return out


def written_scores(line: dict[str, Any], active: list[int]) -> dict[str, int]:
    """The scores a list would carry for a line with facts (what the TSR counting gives)."""
    re = line["re"]
    announce = line.get("announce", {})
    levels = {"re": 1, "kontra": 1, "90": 2, "60": 3, "30": 4, "schwarz": 5}
    specials = line.get("specials", {})
    facts = Facts(line["re_eyes"],
                  (levels.get(announce.get("re"), 0), levels.get(announce.get("kontra"), 0)),
                  line.get("schwarz"), (specials.get("re", {}), specials.get("kontra", {})))
    kind = line.get("kind", "normal")
    kontra = [e for e in active if e not in re]
    scores = scores_of(kind, re, kontra, re_result(kind, re, facts, frozenset(
        ("gegen_die_alten", "doppelkopf", "fuchs", "karlchen"))))
    return {str(e): v for e, v in scores.items()}


@st.composite
def doko_lists(draw: Draw, seats: list[int], max_games: int = 12) -> list[dict[str, Any]]:
    """A list at a table of four or five: kinds of every sort, each player's first solo the
    compulsory one, lines with card points, with card points and scores, or scores only."""
    n = len(seats)
    done = dict.fromkeys(seats, 0)
    lines = []
    for k in range(draw(st.integers(1, max_games))):
        dealer = seats[k % n]
        active = [e for e in seats if n == 4 or e != dealer]
        kind = draw(st.sampled_from(KINDS))
        solo = kind in SOLOS or kind == "silent_solo"
        if kind == "wedding":
            size = draw(st.sampled_from((1, 2)))
            solo = size == 1
        else:
            size = 1 if solo else 2
        re = draw(st.permutations(active))[:size]
        line: dict[str, Any] = {"kind": kind, "re": re}
        if n == 5 or draw(st.booleans()):
            line["dealer"] = dealer
        if kind in SOLOS:
            line["compulsory"] = done[re[0]] == 0
            done[re[0]] += 1
        mode = draw(st.sampled_from(("facts", "both", "scores")))
        if mode == "scores":
            result = draw(st.integers(-20, 20))
            scores = scores_of(kind, re, [e for e in active if e not in re], result)
            line["scores"] = {str(e): v for e, v in scores.items()}
        else:
            line.update(draw(doko_facts(solo)))
            if mode == "both":
                line["scores"] = written_scores(line, active)
        lines.append(line)
    return lines


@st.composite
def doppelkopf_documents(draw: Draw) -> dict[str, Any]:
    """Rounds at tables of four (and of five where the settings allow it)."""
    five = draw(st.booleans())
    entrants = _entrants(draw, 4, 12)
    ids = [e["id"] for e in entrants]
    scoring: dict[str, Any] = {"table_of_five": five,
                               "games_per_round": {"4": draw(st.sampled_from((4, 8, 24))),
                                                   "5": draw(st.sampled_from((5, 10, 30)))},
                               "missing_solo_penalty": draw(st.sampled_from((0, 0, 3)))}
    rounds = []
    for number in draw(st.lists(st.integers(1, 9), min_size=1, max_size=3, unique=True)):
        tables, rest = _tables(draw, ids, (4, 5) if five else (4,))
        rounds.append({"number": number, "tables": [
            {"number": t, "seats": [{"entrant": e} for e in seats],
             "result": None if draw(st.integers(0, 9)) == 0 else {
                 "games": draw(doko_lists(seats, max_games=min(
                     12, scoring["games_per_round"][str(len(seats))])))}}
            for t, seats in enumerate(tables, start=1)],
            "byes": [{"entrant": e, "kind": "zero"} for e in rest if draw(st.booleans())]})
    return _document("doppelkopf", scoring, entrants, rounds)


# --- anything at all -----------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)
"""Any JSON value, small."""

LINE_KEYS = ("game", "declarer", "dealer", "value", "won", "bid", "kind", "re", "re_eyes",
             "announce", "specials", "schwarz", "scores", "compulsory", "games", "player",
             "partner", "suit", "schneider", "laufende", "tout", "sie", "kontra", "eyes",
             "jungfrau", "offender", "points")


def one_table(discipline: str, name: str, seats: list[int], games: list[Any],
              scoring: dict[str, Any]) -> dict[str, Any]:
    """A document of one round at one table, ``seats`` playing the list ``games``."""
    return {"format": "turnier/1", "name": name, "discipline": discipline,
            "scoring": scoring,
            "entrants": [{"id": e, "name": f"Spieler {e}"} for e in seats],
            "rounds": [{"number": 1, "tables": [{"number": 1,
                                                 "seats": [{"entrant": e} for e in seats],
                                                 "result": {"games": games}}]}]}


def the_refusal(doc: dict[str, Any]) -> Any:
    """The one problem for which ``doc`` is refused."""
    with pytest.raises(DocumentError) as info:
        parse(doc)
    (problem,) = info.value.problems
    return problem


def spoil_and_score(data: st.DataObject, doc: dict[str, Any], games: list[Any]) -> None:
    """Put any JSON value in the one table's result, in place of a line, or in one field of
    a line: the core either scores the document or refuses it naming a place in that table;
    it never raises anything else."""
    table = doc["rounds"][0]["tables"][0]
    how = data.draw(st.sampled_from(("result", "line", "field")), label="how")
    if how == "result":
        table["result"] = data.draw(json_values, label="result")
    elif how == "line":
        k = data.draw(st.integers(0, len(games) - 1), label="k")
        games[k] = data.draw(json_values, label="line")
    else:
        k = data.draw(st.integers(0, len(games) - 1), label="k")
        games[k][data.draw(st.sampled_from(LINE_KEYS), label="key")] = data.draw(
            json_values, label="value")
    json.dumps(doc)  # still a JSON document
    try:
        tournament = parse(doc)
    except DocumentError as exc:
        assert exc.problems
        assert all(p.place.startswith("rounds[0].tables[0]") for p in exc.problems)
    else:
        standings(tournament)


def any_played_game(data: st.DataObject, doc: dict[str, Any]) -> tuple[str, list[Any], int]:
    """One game of a table that has a result: its place in the document
    (``rounds[r].tables[t].result.games[k]``), the table's list of games, and ``k``. A
    document without a result is no example (``assume``)."""
    played = [(r, t) for r, rnd in enumerate(doc["rounds"])
              for t, table in enumerate(rnd["tables"]) if table["result"] is not None]
    assume(played)
    r, t = data.draw(st.sampled_from(played), label="table")
    games = doc["rounds"][r]["tables"][t]["result"]["games"]
    k = data.draw(st.integers(0, len(games) - 1), label="game")
    return f"rounds[{r}].tables[{t}].result.games[{k}]", games, k
