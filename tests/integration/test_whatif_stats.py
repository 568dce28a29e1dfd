"""What-if standings and the statistics pages: right numbers, nothing written, valid SVG, PDF."""

from __future__ import annotations

import random
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from typing import Any

import pytest
from django.core.cache import cache
from django.urls import reverse

import scoring
from tournaments import services
from tournaments.models import ActionLog, Report, Tournament
from tournaments.services.reports import kinds_for, request_report
from tournaments.services.standings import standings_key
from tournaments.services.statistics import bins, statistics
from tournaments.services.whatif import what_if

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"


# -- documents with real score sheets -------------------------------------------------------

def pussi_sheet(rng: random.Random, games: int = 8) -> list[dict[str, Any]]:
    """A score sheet that passes the checks of docs/rules.md (won, lost, Schwarz both ways)."""
    prev = [0, 0]
    out = []
    for _ in range(games):
        declarer = rng.choice((1, 2))
        d, o = declarer - 1, 2 - declarer
        bid = rng.choice((20, 30, 40, 50, 60, 80))
        totals = list(prev)
        roll = rng.random()
        won = roll < 0.6
        totals[d] += bid if won else (-bid if roll < 0.93 else -2 * bid)
        totals[o] += -2 * bid if won and rng.random() < 0.08 else rng.randint(20, 140)
        out.append({"declarer": declarer, "bid": bid, "totals": totals})
        prev = totals
    return out


def pussi_document(players: int, series: int, seed: str = "pussi") -> dict[str, Any]:
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    rounds = []
    for number in range(1, series + 1):
        rng.shuffle(ids)
        tables = []
        for k in range(0, players, 4):
            four = ids[k:k + 4]
            tables.append({"number": k // 4 + 1,
                           "seats": [{"entrant": e, "side": 1 if i < 2 else 2}
                                     for i, e in enumerate(four)],
                           "result": {"games": pussi_sheet(rng)}})
        rounds.append({"number": number, "tables": tables})
    names = ["Müller & Söhne <3>"] + [f"Spieler {i}" for i in range(2, players + 1)]
    return {"format": "turnier/1", "name": f"Pussi {players}", "discipline": "pussi",
            "scoring": {"weight_points": 1, "weight_difference": 0.2, "premium": 100,
                        "premium_at": 500, "games_per_series": 8},
            "entrants": [{"id": i, "name": names[i - 1]} for i in range(1, players + 1)],
            "rounds": rounds}


def mucken_bobbl(rng: random.Random) -> list[int]:
    loser = rng.randint(0, 20)
    winner = 21 if rng.random() < 0.8 else rng.randint(22, 26)  # above the target: capped
    return [winner, loser] if rng.random() < 0.5 else [loser, winner]


def mucken_document(pairs: int, rounds: int, seed: str = "mucken") -> dict[str, Any]:
    """Fixed pairs; with an odd number one pair has a bye (it scores) each round."""
    rng = random.Random(seed)
    ids = list(range(1, pairs + 1))
    out = []
    for number in range(1, rounds + 1):
        rng.shuffle(ids)
        playing, byes = (ids[:-1], ids[-1:]) if pairs % 2 else (ids, [])
        tables = [{"number": k // 2 + 1,
                   "seats": [{"entrant": playing[k], "side": 1},
                             {"entrant": playing[k + 1], "side": 2}],
                   "result": {"bobbl": [mucken_bobbl(rng), mucken_bobbl(rng)]}}
                  for k in range(0, len(playing), 2)]
        out.append({"number": number, "tables": tables,
                    "byes": [{"entrant": e, "kind": "bye"} for e in byes]})
    return {"format": "turnier/1", "name": "Mucken", "discipline": "mucken",
            "scoring": {"target": 21, "bobbl_per_round": 2},
            "entrants": [{"id": i, "name": f"Paar {i}", "players": [f"A{i}", f"B{i}"]}
                         for i in range(1, pairs + 1)],
            "rounds": out}


@pytest.fixture
def pussi(boss):
    return services.import_document(pussi_document(16, 3), boss)


@pytest.fixture
def mucken(boss):
    return services.import_document(mucken_document(9, 4), boss)


def shared_ranks(values: dict[int, Any]) -> dict[int, int]:
    """1 + the number of entrants with a higher value (ties share a rank)."""
    return {e: 1 + sum(1 for w in values.values() if w > v) for e, v in values.items()}


def as_float(text: str) -> float:
    return float(text.replace(",", "."))


# -- what if -------------------------------------------------------------------------------

def test_pussi_without_difference_and_premium_is_the_sum_of_final_totals(director_client,
                                                                          boss):
    """weight_difference 0, no premium: each player's total is the sum of own final totals."""
    doc = pussi_document(16, 3)
    t = services.import_document(doc, boss)
    expected: dict[int, int] = defaultdict(int)
    for rnd in doc["rounds"]:
        for table in rnd["tables"]:
            final = table["result"]["games"][-1]["totals"]
            for seat in table["seats"]:
                expected[seat["entrant"]] += final[seat["side"] - 1]
    response = director_client.get(reverse("director:what_if", args=[t.slug]), {
        "weight_points": "1", "weight_difference": "0", "premium": "100",
        "no_premium": "on", "premium_at": "500"})
    assert response.status_code == 200
    w = response.context["w"]
    assert w.valid and w.changed
    [variant] = w.variants
    assert variant.key == "settings"
    assert [c.header for c in variant.columns][:1] == ["Total"]
    ranks = shared_ranks(expected)
    official = {r["entrant"]: r["rank"] for r in services.standings(t)["standings"]}
    assert len(w.lines) == 16
    for line in w.lines:
        cell = line.cells[0]
        assert as_float(cell.values[0]) == expected[line.entrant]  # total
        assert as_float(cell.values[2]) == 0  # difference
        assert cell.values[1] == cell.values[0]  # points are the whole total: no premium paid
        assert cell.rank == ranks[line.entrant]
        assert line.official.rank == official[line.entrant]
        assert cell.change == official[line.entrant] - ranks[line.entrant]
    html = response.content.decode()
    assert "Müller &amp; Söhne &lt;3&gt;" in html
    if any(line.cells[0].change > 0 for line in w.lines):
        assert "↑" in html
    if any(line.cells[0].change < 0 for line in w.lines):
        assert "↓" in html


def test_pussi_official_settings_give_the_official_standings(pussi):
    w = what_if(pussi)
    assert w.valid and not w.changed and not w.form.is_bound
    assert w.form["weight_difference"].value() == 0.2
    for line in w.lines:
        assert line.cells[0].rank == line.official.rank and line.cells[0].change == 0
        assert line.cells[0].values == line.official.values


def test_pussi_order_by_the_variant(director_client, pussi):
    response = director_client.get(reverse("director:what_if", args=[pussi.slug]), {
        "weight_points": "0", "weight_difference": "1", "premium": "0",
        "premium_at": "500", "order": "settings"})
    w = response.context["w"]
    assert response.status_code == 200 and w.order == "settings"
    assert [line.cells[0].rank for line in w.lines] == sorted(
        line.cells[0].rank for line in w.lines)


def test_mucken_plus_and_plus_minus_ranks_match_the_scoring_values(director_client, mucken):
    response = director_client.get(reverse("director:what_if", args=[mucken.slug]))
    assert response.status_code == 200
    w = response.context["w"]
    assert [v.key for v in w.variants] == ["plus", "plus_minus"]  # settings unchanged
    assert [c.key for c in w.official.columns] == ["bobbl", "tore", "gegentore"]
    rows = scoring.standings(services.scoring_tournament(mucken))["standings"]
    official = {r["entrant"]: r["rank"] for r in rows}
    for i, key in enumerate(("plus", "plus_minus")):
        values = {r["entrant"]: r["values"][key] for r in rows}
        ranks = shared_ranks(values)
        for line in w.lines:
            cell = line.cells[i]
            assert cell.rank == ranks[line.entrant], (key, line.entrant)
            assert int(cell.values[0].replace("−", "-")) == values[line.entrant]
            assert cell.change == official[line.entrant] - ranks[line.entrant]
            assert line.official.rank == official[line.entrant]
    html = response.content.decode()
    assert "by Plus" in html and "by Plus-Minus" in html
    assert 'name="bobbl_per_round"' in html  # byes score: what a bye is worth is a setting


def test_mucken_bobbl_for_a_bye(director_client, mucken):
    doc = services.export_document(mucken)
    byes: dict[int, int] = defaultdict(int)
    for rnd in doc["rounds"]:
        for b in rnd["byes"]:
            byes[b["entrant"]] += 1
    response = director_client.get(reverse("director:what_if", args=[mucken.slug]),
                                   {"bobbl_per_round": "3"})
    w = response.context["w"]
    assert response.status_code == 200 and w.changed
    assert [v.key for v in w.variants] == ["settings", "plus", "plus_minus"]
    for line in w.lines:
        official_bobbl = int(line.official.values[0])
        assert int(line.cells[0].values[0]) == official_bobbl + byes[line.entrant]


def test_mucken_rule_for_a_bobbl_cut_by_time(director_client, boss):
    doc = mucken_document(8, 2)
    table = doc["rounds"][1]["tables"][0]
    table["result"] = {"bobbl": [[21, 11], [15, 9]], "unfinished": 2}
    t = services.import_document(doc, boss)
    url = reverse("director:what_if", args=[t.slug])
    assert "unfinished" in what_if(t).form.fields
    for rule in ("void", "as_played"):
        response = director_client.get(url, {"unfinished": rule})
        w = response.context["w"]
        assert response.status_code == 200 and w.changed
        expected = scoring.standings(scoring.parse({**doc, "scoring": {
            **doc["scoring"], "unfinished": rule}}))["standings"]
        got = {line.entrant: (line.cells[0].rank, line.cells[0].values) for line in w.lines}
        assert got == {r["entrant"]: (r["rank"], [str(r["values"][k]) for k in (
            "bobbl", "tore", "gegentore")]) for r in expected}
    assert director_client.get(url, {"unfinished": "coin"}).status_code == 400


def test_mucken_without_byes_offers_no_setting(director_client, boss):
    t = services.import_document(mucken_document(8, 2), boss)
    w = what_if(t)
    assert list(w.form.fields) == []
    response = director_client.get(reverse("director:what_if", args=[t.slug]),
                                   {"bobbl_per_round": "7"})
    assert response.status_code == 200 and not response.context["w"].changed


@pytest.mark.parametrize(("params", "field", "message"), [
    ({"premium_at": "0"}, "premium_at", "must be a positive whole number, not 0"),
    ({"weight_points": "viel"}, "weight_points", "Enter a number."),
    ({"premium_at": "1.5"}, "premium_at", "Enter a whole number."),
])
def test_bad_pussi_settings_are_400_at_the_field(director_client, pussi, params, field,
                                                 message):
    full = {"weight_points": "1", "weight_difference": "0.2", "premium": "100",
            "premium_at": "500", **params}
    response = director_client.get(reverse("director:what_if", args=[pussi.slug]), full)
    assert response.status_code == 400
    w = response.context["w"]
    assert not w.valid and w.form.errors[field] == [message]
    assert w.variants == [] and len(w.lines) == 16  # the official standings are still shown
    html = response.content.decode()
    block = html.split(f'id="field-{field}"', 1)[1].split("</div>", 1)[0]
    assert "errorlist" in block and message in block


def test_every_bad_setting_is_named_at_once(director_client, pussi):
    response = director_client.get(reverse("director:what_if", args=[pussi.slug]), {
        "weight_points": "viel", "weight_difference": "0,5", "premium": "100",
        "premium_at": "0"})
    assert response.status_code == 400
    assert response.context["w"].form.errors == {
        "weight_points": ["Enter a number."],
        "premium_at": ["must be a positive whole number, not 0"]}


def test_a_decimal_comma_is_a_number(director_client, pussi):
    response = director_client.get(reverse("director:what_if", args=[pussi.slug]), {
        "weight_points": "1", "weight_difference": "0,5", "premium": "100",
        "premium_at": "500"})
    w = response.context["w"]
    assert response.status_code == 200 and w.changed
    assert w.form.cleaned_data["weight_difference"] == 0.5


def test_bad_settings_of_other_disciplines(director_client, mucken, make_tournament, boss):
    response = director_client.get(reverse("director:what_if", args=[mucken.slug]),
                                   {"bobbl_per_round": "-1"})
    assert response.status_code == 400
    assert response.context["w"].form.errors["bobbl_per_round"] == [
        "must be a positive whole number, not -1"]
    chess = make_tournament("chess", entrants=4)
    response = director_client.get(reverse("director:what_if", args=[chess.slug]),
                                   {"win": "0.5", "draw": "1", "loss": "0", "bye": "1"})
    assert response.status_code == 400
    assert response.context["w"].form.non_field_errors() == [
        "points must satisfy win > draw >= loss"]
    board = make_tournament("boardgame", entrants=7)
    response = director_client.get(reverse("director:what_if", args=[board.slug]),
                                   {"placement_4": "5, 3, 2", "placement_3": "5, 3, 1"})
    assert response.status_code == 400
    assert response.context["w"].form.errors["placement_4"] == [
        "must list one number per place of a table of 4"]


@pytest.mark.parametrize(("discipline", "params"), [
    ("chess", {"win": "3", "draw": "1", "loss": "0", "bye": "3"}),
    ("boardgame", {"placement_4": "4-3-2-1", "placement_3": "4, 3, 1"}),
    ("tabletop", {"system": "matrix20"}),
])
def test_other_disciplines(director_client, make_tournament, boss, discipline, params):
    t = make_tournament(discipline, entrants=8)
    rnd = services.draw_round(t, boss, seed="wasistwenn")
    services.publish_round(t, boss, 1)
    payloads = {"chess": {"score": "1-0"}, "tabletop": {"missions": [[12, 4], [3, 3], [0, 2]]}}
    for table in rnd.tables.all():
        payload = payloads.get(discipline) or {"points": {
            str(s.entrant.start_number): 10 * s.entrant.start_number for s in table.seats.all()}}
        services.director_set_result(table, boss, payload)
    t.refresh_from_db()
    response = director_client.get(reverse("director:what_if", args=[t.slug]), params)
    assert response.status_code == 200, response.context["w"].form.errors
    w = response.context["w"]
    assert w.valid and w.changed and [v.key for v in w.variants] == ["settings"]


def test_what_if_writes_nothing(director_client, pussi, mucken):
    """No log entry, no version bump, no changed settings, the shared cache untouched."""
    for t, queries in ((pussi, [{}, {"weight_difference": "0", "premium": "0",
                                      "weight_points": "2", "premium_at": "400"},
                                 {"premium_at": "-1", "weight_points": "1",
                                  "weight_difference": "1", "premium": "1"}]),
                       (mucken, [{}, {"bobbl_per_round": "5"}, {"bobbl_per_round": "x"}])):
        official = services.standings(t)
        before = (ActionLog.objects.count(), Tournament.objects.get(pk=t.pk).version,
                  Tournament.objects.get(pk=t.pk).scoring)
        for params in queries:
            response = director_client.get(reverse("director:what_if", args=[t.slug]), params)
            assert response.status_code in (200, 400)
        after = Tournament.objects.get(pk=t.pk)
        assert (ActionLog.objects.count(), after.version, after.scoring) == before
        assert cache.get(standings_key(after)) == official
        assert services.standings(after) == official


def test_what_if_needs_the_director(client, desk_client, pussi, stranger):
    url = reverse("director:what_if", args=[pussi.slug])
    assert client.get(url).status_code == 302 or desk_client.get(url).status_code == 403
    response = desk_client.get(url)
    assert response.status_code == 403
    client.force_login(stranger)
    assert client.get(url).status_code == 403


def test_what_if_for_240_pussi_players_in_6_series_is_quick(boss, capsys):
    t = services.import_document(pussi_document(240, 6, seed="gross"), boss)
    services.standings(t)  # the official standings are cached, as on a running evening
    params = {"weight_points": "1", "weight_difference": "0.5", "premium": "50",
              "premium_at": "450"}
    times = []
    for _ in range(3):
        start = time.perf_counter()
        w = what_if(t, params)
        times.append(time.perf_counter() - start)
    assert w.valid and len(w.lines) == 240
    with capsys.disabled():
        print(f"\nwhat-if 240 players x 6 series: best {min(times):.3f}s, "
              f"worst {max(times):.3f}s")
    assert min(times) < 2.0


# -- statistics -----------------------------------------------------------------------------

def test_rank_progression_equals_the_standings_after_each_round(pussi, mucken):
    for t in (pussi, mucken):
        stats = statistics(t)
        doc = services.scoring_tournament(t)
        assert stats.rounds == [r.number for r in doc.rounds]
        for i, r in enumerate(stats.rounds):
            after = {row["entrant"]: row["rank"]
                     for row in scoring.standings(doc, after_round=r)["standings"]}
            assert {line.entrant: line.ranks[i] for line in stats.progression.lines} == after
        final = [row["entrant"] for row in scoring.standings(doc)["standings"]]
        assert [line.entrant for line in stats.progression.lines] == final


def test_rank_chart_is_valid_svg_with_one_line_per_entrant(boss):
    t = services.import_document(pussi_document(120, 4, seed="viele"), boss)
    stats = statistics(t, highlight=17)
    root = ET.fromstring(str(stats.progression_chart))
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    ident = root.get("id")
    assert root.get("aria-labelledby") == f"{ident}-title {ident}-desc"
    assert root.find(f"{SVG}title").text == "Rank progression"
    assert "120 entrants" in root.find(f"{SVG}desc").text
    lines = root.findall(f".//{SVG}polyline")
    assert len(lines) == 120
    assert {int(p.get("data-entrant")) for p in lines} == set(range(1, 121))
    for p in lines:
        assert len(p.get("points").split()) == 4  # one point per series
    highlighted = [p for p in lines if p.get("class") == "highlight"]
    assert {int(p.get("data-entrant")) for p in highlighted} == {*stats.top, 17}
    assert lines[-1].get("data-entrant") == "17"  # the chosen line is drawn on top
    texts = [el.text or "" for el in root.iter(f"{SVG}text")]
    assert "Rank" in texts and "Series" in texts
    for _, chart in stats.distributions:
        hist = ET.fromstring(str(chart))
        assert hist.find(f"{SVG}title").text and hist.find(f"{SVG}desc").text
        assert hist.findall(f".//{SVG}rect")
    # the escaped name survives as text
    first = next(p for p in lines if p.get("data-entrant") == "1")
    assert first.find(f"{SVG}title").text == "1 Müller & Söhne <3>"


def test_histograms_count_every_value():
    found, continuous = bins([2, 2, 3, 0, 4])
    assert not continuous and [(b.label, b.count) for b in found] == [
        ("0", 1), ("1", 0), ("2", 2), ("3", 1), ("4", 1)]
    found, continuous = bins([0.5, 1, 1.5, 1])
    assert [b.count for b in found] == [1, 2, 1]
    values = [random.Random(k).uniform(-150, 2400) for k in range(300)]
    found, continuous = bins(values)
    assert continuous and sum(b.count for b in found) == 300 and len(found) <= 14
    assert found[0].low <= min(values) and found[-1].high > max(values)


def test_statistics_pages(client, director, pussi, boss):
    director_url = reverse("director:statistics", args=[pussi.slug])
    public_url = reverse("public:statistics", args=[pussi.slug])
    assert public_url == f"/t/{pussi.slug}/statistics/"
    response = client.get(public_url, {"entrant": "3"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<svg") == 3  # ranks, totals, series results
    assert "<details>" in html and "Rank progression as a table" in html
    assert "Series results" in html
    assert 'name="kind" value="statistics"' not in html  # spectators print nothing
    assert client.get(director_url).status_code == 302  # the director's page needs a login
    client.force_login(director)
    html = client.get(director_url).content.decode()
    assert 'name="kind" value="statistics"' in html and "<svg" in html
    assert client.get(public_url, {"entrant": "nobody"}).status_code == 200


def test_public_statistics_are_404_unless_public(client, pussi, boss, director):
    url = reverse("public:statistics", args=[pussi.slug])
    services.update_tournament(pussi, boss, public=False)
    assert client.get(url).status_code == 404
    client.force_login(director)  # its director may look before it goes public
    assert client.get(url).status_code == 200


def test_statistics_before_the_first_round(client, make_tournament):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    response = client.get(reverse("public:statistics", args=[t.slug]))
    assert response.status_code == 200
    assert "No round has been played yet" in response.content.decode()


def test_statistics_pdf_renders(eager_reports, pussi, mucken, boss,
                                django_capture_on_commit_callbacks):
    for t in (pussi, mucken):
        assert "statistics" in kinds_for(t)
        with django_capture_on_commit_callbacks(execute=True):
            report = request_report(t, boss, "statistics", base_url="http://halle.example/")
        report.refresh_from_db()
        assert report.status == Report.Status.DONE, report.error
        with report.file.open("rb") as fh:
            assert fh.read().startswith(b"%PDF")


@pytest.mark.parametrize(("discipline", "kind", "entrants"), [
    ("chess", "single", 0), ("mucken", "pair", 4), ("mucken", "single", 8),
    ("pussi", "single", 8), ("boardgame", "single", 7), ("tabletop", "single", 3),
    ("skat", "single", 7), ("doppelkopf", "single", 8), ("schafkopf", "single", 8)])
def test_pages_of_a_tournament_without_results(director_client, make_tournament, boss,
                                               discipline, kind, entrants):
    """Nothing played yet (a drawn round, or no entrants at all): pages, never a 500."""
    t = make_tournament(discipline, entrant_kind=kind, entrants=entrants)
    if entrants:
        services.draw_round(t, boss, seed="leer")
        services.publish_round(t, boss, 1)
    for url in (reverse("director:what_if", args=[t.slug]),
                reverse("director:statistics", args=[t.slug]),
                reverse("public:statistics", args=[t.slug])):
        assert director_client.get(url).status_code == 200, url
