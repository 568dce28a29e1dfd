"""Pussi statistics (the seed's result sheet) against a recomputation from the raw games.

The tournament is generated (seeded), and the expected values are counted here game by
game from the score sheets as docs/rules.md words them, without calling scoring.pussi.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from scoring import parse
from scoring.pussi import Entry, Game, entry_of, entry_problem, entry_totals, premium_game
from scoring.pussi_stats import HIGH, LOW, SEED_BANDS, marks, pussi_stats

PLAYERS, SERIES, GAMES = 12, 3, 8
WEIGHT_POINTS, WEIGHT_DIFFERENCE, PREMIUM, PREMIUM_AT = Fraction(1), Fraction(1, 5), 100, 500


def random_sheet(rng: random.Random, games: int) -> list[dict[str, Any]]:
    """A sheet as a table writes it: the outcome of each game, the totals it gives."""
    totals = [0, 0]
    out = []
    for _ in range(games):
        declarer = rng.choice((1, 2))
        bid = rng.randrange(120, 260, 5)
        d, o = declarer - 1, 2 - declarer
        outcome = rng.choices(("won", "lost", "schwarz"), (6, 3, 1))[0]
        totals[d] += {"won": bid, "lost": -bid, "schwarz": -2 * bid}[outcome]
        if outcome == "won" and rng.random() < 0.15:
            totals[o] -= 2 * bid  # played Schwarz
        else:
            totals[o] += rng.randrange(0, 200, 5)
        out.append({"declarer": declarer, "bid": bid, "totals": list(totals)})
    return out


def generated_document(seed: int = 7) -> dict[str, Any]:
    rng = random.Random(seed)
    ids = list(range(1, PLAYERS + 1))
    rounds = []
    for number in range(1, SERIES + 1):
        rng.shuffle(ids)
        tables = []
        for t in range(PLAYERS // 4):
            four = ids[4 * t: 4 * t + 4]
            games = GAMES - 1 if (number, t) == (2, 1) else GAMES  # one short sheet
            result = None if (number, t) == (3, 2) else {"games": random_sheet(rng, games)}
            tables.append({"number": t + 1, "seats": [
                {"entrant": e, "side": 1 + k // 2} for k, e in enumerate(four)],
                "result": result})
        rounds.append({"number": number, "tables": tables})
    return {"format": "turnier/1", "name": "generiert", "discipline": "pussi",
            "scoring": {"weight_points": 1.0, "weight_difference": 0.2, "premium": PREMIUM,
                        "premium_at": PREMIUM_AT, "games_per_series": GAMES},
            "entrants": [{"id": i, "name": f"Spieler {i}"} for i in range(1, PLAYERS + 1)],
            "rounds": rounds}


def recount(doc: dict[str, Any]) -> tuple[dict[int, dict[str, Any]], dict[int, dict]]:
    """Every value of the result sheet, counted straight from the raw games."""
    keys = ("own_won", "own_lost", "opp_won", "opp_lost", "schwarz_won", "schwarz_lost",
            "own_schwarz_won", "opp_schwarz_won", "own_schwarz_lost", "opp_schwarz_lost",
            "premiums_won", "premiums_lost")
    players = {e["id"]: {**dict.fromkeys(keys, 0), "points": Fraction(0),
                         "difference": Fraction(0), "total": Fraction(0), "series": {}}
               for e in doc["entrants"]}
    series: dict[int, dict] = {}
    for rnd in doc["rounds"]:
        info = series[rnd["number"]] = {"games": 0, "won": 0, "lost": 0, "schwarz": 0,
                                        "results": {}, "points": {}, "difference": {}}
        for table in rnd["tables"]:
            if table["result"] is None:
                continue
            sides = {1: [s["entrant"] for s in table["seats"] if s["side"] == 1],
                     2: [s["entrant"] for s in table["seats"] if s["side"] == 2]}
            before = {1: 0, 2: 0}
            premium = None
            for g in table["result"]["games"]:
                info["games"] += 1
                declarer, bid = g["declarer"], g["bid"]
                other = 3 - declarer
                after = {1: g["totals"][0], 2: g["totals"][1]}
                change = {p: after[p] - before[p] for p in (1, 2)}
                declarer_won = change[declarer] == bid
                info["won" if declarer_won else "lost"] += 1
                for e in sides[declarer]:
                    players[e]["own_won" if declarer_won else "own_lost"] += 1
                for e in sides[other]:
                    players[e]["opp_lost" if declarer_won else "opp_won"] += 1
                if change[declarer] == -2 * bid:  # the declarer was played Schwarz
                    info["schwarz"] += 1
                    for e in sides[declarer]:
                        players[e]["schwarz_lost"] += 1
                        players[e]["own_schwarz_lost"] += 1
                    for e in sides[other]:
                        players[e]["schwarz_won"] += 1
                        players[e]["opp_schwarz_won"] += 1
                if change[other] == -2 * bid:  # the declarer played the other party Schwarz
                    info["schwarz"] += 1
                    for e in sides[other]:
                        players[e]["schwarz_lost"] += 1
                        players[e]["opp_schwarz_lost"] += 1
                    for e in sides[declarer]:
                        players[e]["schwarz_won"] += 1
                        players[e]["own_schwarz_won"] += 1
                if premium is None and (after[1] >= PREMIUM_AT or after[2] >= PREMIUM_AT):
                    if after[1] != after[2]:
                        premium = 1 if after[1] > after[2] else 2
                    elif change[1] != change[2]:
                        premium = 1 if change[1] > change[2] else 2
                    else:
                        premium = other
                before = after
            for p in (1, 2):
                points = WEIGHT_POINTS * before[p]
                difference = WEIGHT_DIFFERENCE * (before[p] - before[3 - p])
                result = points + difference + (PREMIUM if premium == p else 0)
                for e in sides[p]:
                    v = players[e]
                    v["points"] += points
                    v["difference"] += difference
                    v["total"] += result
                    v["premiums_won"] += premium == p
                    v["premiums_lost"] += premium == 3 - p
                    v["series"][rnd["number"]] = result
                    info["results"][e] = result
                    info["points"][e] = points
                    info["difference"][e] = difference
    return players, series


@pytest.fixture(scope="module")
def generated():
    doc = generated_document()
    return doc, pussi_stats(parse(doc)), *recount(doc)


def test_player_values_equal_the_recount(generated):
    _doc, stats, players, _series = generated
    assert len(stats.players) == PLAYERS
    for row in stats.players:
        want = players[row.entrant]
        for key in ("own_won", "own_lost", "opp_won", "opp_lost", "schwarz_won", "schwarz_lost",
                    "own_schwarz_won", "opp_schwarz_won", "own_schwarz_lost", "opp_schwarz_lost",
                    "premiums_won", "premiums_lost", "points", "difference", "total"):
            assert row.values[key] == want[key], (row.entrant, key)
        assert row.values["own_games"] == want["own_won"] + want["own_lost"]
        assert [c.value is None for c in row.series] == [
            n not in want["series"] for n in range(1, SERIES + 1)]
        for n, cell in enumerate(row.series, start=1):
            if n in want["series"]:
                assert cell.value == pytest.approx(float(want["series"][n]))
    assert any(p["schwarz_won"] for p in players.values())  # the sheets do have Schwarz games
    assert any(p["premiums_won"] for p in players.values())


def test_rank_order_and_shared_places(generated):
    _doc, stats, players, _series = generated
    totals = sorted((p["total"] for p in players.values()), reverse=True)
    for row in stats.players:
        assert row.rank == 1 + sum(t > players[row.entrant]["total"] for t in totals)
    assert [r.rank for r in stats.players] == sorted(r.rank for r in stats.players)


def test_series_extremes_and_counts(generated):
    _doc, stats, _players, series = generated
    assert [s.number for s in stats.series] == list(range(1, SERIES + 1))
    for row in stats.series:
        want = series[row.number]
        assert (row.games, row.declarer_won, row.declarer_lost, row.schwarz) == (
            want["games"], want["won"], want["lost"], want["schwarz"])
        for ex in row.extremes:
            values = want["results" if ex.key == "result" else ex.key]
            hi, lo = max(values.values()), min(values.values())
            assert ex.high == pytest.approx(float(hi)) and ex.low == pytest.approx(float(lo))
            assert [e for e, _name in ex.high_players] == sorted(
                e for e, v in values.items() if v == hi)
            assert [e for e, _name in ex.low_players] == sorted(
                e for e, v in values.items() if v == lo)
    assert stats.series[1].flagged == (2,)  # the short sheet of series 2, table 2
    assert stats.series[2].tables == PLAYERS // 4 - 1  # one table of series 3 has no result
    assert stats.totals["games"] == sum(s["games"] for s in series.values())


def test_best_and_worst_marks_are_the_extremes_with_ties(generated):
    _doc, stats, players, _series = generated
    better = {"own_won": max, "own_lost": min, "opp_won": max, "opp_lost": min,
              "schwarz_won": max, "schwarz_lost": min, "points": max, "difference": max,
              "total": max, "premiums_won": max, "premiums_lost": min}
    for key, pick in better.items():
        values = {e: v[key] for e, v in players.items()}
        if len(set(values.values())) == 1:
            continue
        best = pick(values.values())
        worst = (min if pick is max else max)(values.values())
        for row in stats.players:
            cell = next(c for c in row.cells if c.key == key)
            want = ("best" if values[row.entrant] == best
                    else "worst" if values[row.entrant] == worst else "")
            assert cell.mark == want, (key, row.entrant)


def test_marks_ties_bands_and_all_equal():
    assert marks({1: 5, 2: 5, 3: 1, 4: 3}, HIGH) == {1: "best", 2: "best", 3: "worst"}
    assert marks({1: 5, 2: 5, 3: 1, 4: 3}, LOW) == {1: "worst", 2: "worst", 3: "best"}
    assert marks({1: 2, 2: 2}, HIGH) == {}  # nobody stands out
    assert marks({1: 9, 2: 7, 3: 6, 4: 1}, HIGH, band=2) == {1: "best", 2: "best",
                                                            4: "worst"}
    assert marks({1: 3, 2: 2, 3: 1}, HIGH, band=2) == {}  # within the band of both ends
    assert marks({1: None, 2: 4, 3: 1}, HIGH) == {2: "best", 3: "worst"}


def test_seed_bands_mark_what_is_near_the_ends(generated):
    doc, _stats, players, _series = generated
    wide = pussi_stats(parse(doc), SEED_BANDS)
    values = {e: v["own_won"] for e, v in players.items()}
    hi, lo = max(values.values()), min(values.values())
    for row in wide.players:
        cell = next(c for c in row.cells if c.key == "own_won")
        near_best, near_worst = hi - values[row.entrant] <= 2, values[row.entrant] - lo <= 2
        want = "" if near_best == near_worst else "best" if near_best else "worst"
        assert cell.mark == want


def test_a_tournament_without_results_has_no_marks():
    doc = generated_document()
    for rnd in doc["rounds"]:
        for table in rnd["tables"]:
            table["result"] = None
    stats = pussi_stats(parse(doc))
    assert all(c.mark == "" and c.value in (0, 1) for r in stats.players for c in r.cells)
    assert all(s.extremes == () for s in stats.series)


# --- the outcome form of a game (what the captain types) -------------------------------------

@pytest.mark.parametrize(("entry", "totals"), [
    (Entry(1, 60, "won", 20), (160, 120)),
    (Entry(1, 60, "lost", 50), (40, 150)),
    (Entry(2, 60, "schwarz", 140), (240, -20)),
    (Entry(2, 80, "won", None), (-60, 180)),
])
def test_entry_totals_follow_the_sheet_and_read_back(entry, totals):
    prev = (100, 100)
    assert entry_problem(entry) is None
    assert entry_totals(prev, entry) == totals
    assert entry_of(prev, Game(entry.declarer, entry.bid, totals)) == entry


@pytest.mark.parametrize(("entry", "code"), [
    (Entry(1, 60, "lost", None), "schwarz_needs_won"),  # seed III b: the other scores 0
    (Entry(1, 60, "schwarz", None), "schwarz_needs_won"),  # both Schwarz: nobody took a trick
    (Entry(1, 60, "won", -5), "points_range"),
    (Entry(1, 60, "won", 500), "points_range"),  # seed III c: never 500 in one game
])
def test_entry_problems(entry, code):
    assert entry_problem(entry) == code


def test_totals_without_an_outcome_form():
    # the other party fell by 2×bid although the declarer lost: the rules' check passes it,
    # but it is no game the seed knows, so it has no outcome form
    assert entry_of((0, 0), Game(1, 60, (-60, -120))) is None
    assert entry_of((0, 0), Game(1, 60, (70, 20))) is None  # not even the rules' check


def test_premium_game_names_side_and_game():
    games = [Game(1, 300, (300, 10)), Game(2, 100, (300, 110)), Game(1, 250, (550, 120)),
             Game(2, 400, (560, 520))]
    assert premium_game(games, 500) == (0, 2)
    assert premium_game(games[:2], 500) is None


def test_seed_pussi_counts_per_series_and_player(generated):
    # The workbook shows per series, for each player, own and opponents' games won and lost
    # and the Schwarz games, marked with the same bands. Each series' counts must equal the
    # counts over all series of a tournament that played only that series.
    doc, _stats, _players, _series = generated
    stats = pussi_stats(parse(doc), seed=True)
    keys = ("own_won", "own_lost", "opp_won", "opp_lost", "schwarz_won", "schwarz_lost")
    for n in range(1, SERIES + 1):
        alone = pussi_stats(parse({**doc, "rounds": [doc["rounds"][n - 1]]}))
        want = {r.entrant: {k: r.values[k] for k in keys} for r in alone.players}
        played = {s["entrant"] for t in doc["rounds"][n - 1]["tables"] if t["result"]
                  for s in t["seats"]}
        got = {}
        for row in stats.players:
            sc = row.series_counts[n - 1]
            assert sc.number == n and not sc.quick
            assert bool(sc.cells) == (row.entrant in played), (n, row.entrant)
            if sc.cells:
                assert tuple(c.key for c in sc.cells) == keys
                got[row.entrant] = {c.key: c.value for c in sc.cells}
                assert got[row.entrant] == want[row.entrant], (n, row.entrant)
        for k in keys:  # marked against that series' players only, with the seed's bands
            seed_marks = marks({e: v[k] for e, v in got.items()},
                               HIGH if k in ("own_won", "opp_won", "schwarz_won") else LOW,
                               SEED_BANDS[k])
            for row in stats.players:
                for c in row.series_counts[n - 1].cells:
                    if c.key == k:
                        assert c.mark == seed_marks.get(row.entrant, ""), (n, k)
