"""Chess outputs: cross table, progress table, player cards, category standings, DWZ report.

The tournaments are built as documents (exact pairings, byes and forfeits) and
imported, so every cell can be stated by hand.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.urls import reverse

from pairing.roundrobin import berger
from scoring.ratings import elo_change
from tournaments import services
from tournaments.disciplines.chess import outputs as co
from tournaments.disciplines.chess.models import ByeRequest
from tournaments.models import Player, Report
from tournaments.services.public import category_tables, standings_table
from tournaments.services.reports import render_html, request_report

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _eager(eager_reports):
    """Every test here renders reports in-process (conftest's ``eager_reports``)."""


def table(number, white, black, score):
    return {"number": number, "seats": [{"entrant": white, "side": 1},
                                        {"entrant": black, "side": 2}],
            "result": None if score is None else {"score": score}}


def document(name, entrants, rounds, scoring=None):
    return {"format": "turnier/1", "name": name, "discipline": "chess",
            "scoring": scoring or {}, "entrants": entrants, "rounds": rounds}


# -- round robin: 6 players, 5 rounds by the Berger table --------------------------------------

# Results from the lower start number's view.
RR_RESULTS = {(1, 2): "1", (1, 3): "½", (1, 4): "1", (1, 5): "0", (1, 6): "1",
              (2, 3): "1", (2, 4): "½", (2, 5): "1", (2, 6): "0",
              (3, 4): "1", (3, 5): "½", (3, 6): "½",
              (4, 5): "1", (4, 6): "0", (5, 6): "½"}


def rr_score(white, black):
    low, high = sorted((white, black))
    mine = RR_RESULTS[(low, high)]
    if mine == "½":
        return "1/2-1/2"
    low_wins = mine == "1"
    return "1-0" if low_wins == (white == low) else "0-1"


@pytest.fixture
def round_robin(boss):
    entrants = [{"id": n, "name": f"Spieler {n}", "club": "SK Musterstadt" if n % 2 else None,
                 "rating": 2000 - 10 * n} for n in range(1, 7)]
    rounds = [{"number": r, "tables": [table(k, w, b, rr_score(w, b))
                                       for k, (w, b) in enumerate(games, start=1)]}
              for r, games in enumerate(berger(6), start=1)]
    doc = document("Vereinsmeisterschaft", entrants, rounds,
                   {"system": "round_robin", "tiebreaks": ["sonneborn_berger"]})
    return services.import_document(doc, boss)


def test_cross_table_cell_by_cell(round_robin):
    cross = co.cross_table(round_robin)
    assert cross.order == "number" and cross.positions == [1, 2, 3, 4, 5, 6]
    assert [r.line.name for r in cross.rows] == [f"Spieler {n}" for n in range(1, 7)]
    assert [r.cells for r in cross.rows] == [
        ["×", "1", "½", "1", "0", "1"],
        ["0", "×", "1", "½", "1", "0"],
        ["½", "0", "×", "1", "½", "½"],
        ["0", "½", "0", "×", "1", "0"],
        ["1", "0", "½", "0", "×", "½"],
        ["0", "1", "½", "1", "½", "×"],
    ]
    assert [r.points for r in cross.rows] == ["3½", "2½", "2½", "1½", "2", "3"]
    assert [c.key for c in cross.columns] == ["sonneborn_berger"]
    assert cross.columns[0].header == "SB" and cross.columns[0].title == "Sonneborn-Berger"
    assert [r.values for r in cross.rows] == [["8.25"], ["5.25"], ["5.75"], ["3.25"],
                                              ["6.25"], ["6.25"]]
    # ranks: 3½; 3; then 2½ twice, split by SB (5.75 before 5.25); 2; 1½
    assert [r.line.rank for r in cross.rows] == [1, 4, 3, 6, 5, 2]


def test_cross_table_by_rank_and_on_paper(round_robin):
    cross = co.cross_table(round_robin, order="rank")
    assert [r.line.number for r in cross.rows] == [1, 6, 3, 2, 5, 4]
    assert cross.positions == [1, 2, 3, 4, 5, 6]
    assert cross.rows[1].cells == ["0", "×", "½", "1", "½", "1"]  # 6 against 1, 6, 3, 2, 5, 4
    report = Report.objects.create(tournament=round_robin, kind="cross_table")
    html = render_html(report)
    assert html.count('<td class="cell self"') == 6
    assert '<th class="num" scope="col" title="Sonneborn-Berger">SB</th>' in html
    assert "SB = Sonneborn-Berger" in html  # paper has no tooltips: a legend instead


def test_cross_table_after_a_round(round_robin):
    cross = co.cross_table(round_robin, after_round=1)
    games = {frozenset(g) for g in berger(6)[0]}
    for row in cross.rows:
        for col, cell in zip(cross.rows, row.cells, strict=True):
            pair = frozenset((row.line.number, col.line.number))
            assert (cell not in ("", "×")) == (pair in games), (pair, cell)
    assert cross.rounds == [1]


def test_player_cards_of_a_round_robin_name_the_scheduled_opponents(round_robin):
    cards = co.player_cards(round_robin)
    assert [len(c.rows) for c in cards] == [5] * 6 and all(c.remaining == 0 for c in cards)


def test_cross_table_is_only_for_round_robins(make_tournament, boss):
    swiss = make_tournament("chess", entrants=4)
    with pytest.raises(services.ServiceError) as exc:
        request_report(swiss, boss, "cross_table")
    assert "kind" in exc.value.errors


# -- Swiss: 8 players, 3 rounds, a forfeit, an absence, byes ------------------------------------

SWISS_ROUNDS = [
    {"number": 1, "tables": [table(1, 1, 5, "1-0"), table(2, 6, 2, "0-1"),
                             table(3, 3, 7, "1/2-1/2"), table(4, 8, 4, "+-")]},
    {"number": 2, "tables": [table(1, 2, 1, "1/2-1/2"), table(2, 5, 3, "0-1"),
                             table(3, 8, 6, "1-0")],
     "byes": [{"entrant": 7, "kind": "bye"}]},  # 4 is absent
    {"number": 3, "tables": [table(1, 3, 8, "1/2-1/2"), table(2, 1, 7, "1-0"),
                             table(3, 2, 4, "1-0")],
     "byes": [{"entrant": 5, "kind": "bye"}, {"entrant": 6, "kind": "half"}]},
]
CATEGORIES = {1: ["senior"], 3: ["women"], 4: ["youth-b"], 6: ["senior", "women"],
              8: ["youth-b", "women"]}


@pytest.fixture
def swiss(boss):
    entrants = [{"id": n, "name": f"Spieler {n}", "rating": 2100 - 20 * n,
                 "categories": CATEGORIES.get(n, [])} for n in range(1, 9)]
    scoring = {"tiebreaks": ["buchholz_cut1", "buchholz", "sonneborn_berger"]}
    return services.import_document(document("Open", entrants, SWISS_ROUNDS, scoring), boss)


def cell_text(cell):
    """opponent (number), colour, result / running score, as on paper."""
    return (f"{cell.opponent or cell.short}{cell.colour}{cell.symbol}"
            f"/{cell.running_text}")


def test_progress_table_cell_by_cell(swiss):
    progress = co.progress_table(swiss, opponent_by="number")
    rows = {line.number: line for line in progress.rows}
    assert progress.rounds == [1, 2, 3]
    assert {n: [cell_text(c) for c in rows[n].cells] for n in rows} == {
        1: ["5w1/1", "2b½/1½", "7w1/2½"],
        2: ["6b1/1", "1w½/1½", "4w1/2½"],
        3: ["7w½/½", "5b1/1½", "8w½/2"],
        4: ["8b−/0", "abs.−/0", "2b0/0"],
        5: ["1b0/0", "3w0/0", "PAB+/1"],
        6: ["2w0/0", "8b0/0", "HPB½/½"],
        7: ["3b½/½", "PAB+/1½", "1b0/1½"],
        8: ["4w+/1", "6w1/2", "3b½/2½"],
    }
    kinds = {n: [c.kind for c in rows[n].cells] for n in (4, 5, 6, 7, 8)}
    assert kinds == {4: ["forfeit", "absent", "game"], 5: ["game", "game", "bye"],
                     6: ["game", "game", "half"], 7: ["game", "bye", "game"],
                     8: ["forfeit", "game", "game"]}
    # sorted by the current rank; opponents' ranks are those of the standings
    standings = services.standings(swiss)["standings"]
    rank = {r["entrant"]: r["rank"] for r in standings}
    assert [line.number for line in progress.rows] == [r["entrant"] for r in standings]
    assert [line.rank for line in progress.rows] == [r["rank"] for r in standings]
    for line in progress.rows:
        for c in line.cells:
            assert c.opponent_rank == (rank[c.opponent] if c.opponent else None)
    assert [line.shown[0] for line in progress.rows][:3] == ["2½"] * 3
    assert [c.header for c in progress.columns] == ["Pts", "BH-C1", "BH", "SB"]


def test_progress_table_by_rank_on_paper(swiss):
    report = Report.objects.create(tournament=swiss, kind="progress_table", round_number=2)
    html = render_html(report)
    assert "Progress table" in html and "after round 2" in html
    progress = co.progress_table(swiss, after_round=2)
    assert progress.rounds == [1, 2]
    first = progress.rows[0]
    opp = first.cells[0]
    assert (f'<span class="opp">{opp.opponent_rank}</span><span class="colour">{opp.colour}'
            f'</span><span class="res">{opp.symbol}</span>') in html


def test_player_cards_have_the_remaining_rounds_empty(swiss):
    cards = co.player_cards(swiss)
    assert [c.line.number for c in cards] == list(range(1, 9))
    assert swiss.planned_rounds == 7
    for card in cards:
        assert [r.round for r in card.rows] == list(range(1, 8))
        assert card.remaining == 4
        assert all(r.cell is None and r.opponent is None for r in card.rows[3:])
    seven = cards[6]
    assert [(r.cell.opponent, r.cell.colour, r.cell.symbol, r.cell.running_text)
            for r in seven.rows[:3]] == [(3, "b", "½", "½"), (None, "", "+", "1½"),
                                         (1, "b", "0", "1½")]
    assert seven.rows[1].cell.note == "bye"
    html = render_html(Report.objects.create(tournament=swiss, kind="player_cards"))
    assert html.count('class="player-card"') == 8
    assert html.count('<tr class="todo">') == 8 * 4
    assert html.count('<tr class="done">') == 8 * 3


def test_chess_pairings_show_boards_results_and_byes(swiss):
    ByeRequest.objects.create(tournament=swiss, entrant=swiss.entrants.get(start_number=4),
                              round_number=2, kind="zero")
    ByeRequest.objects.create(tournament=swiss, entrant=swiss.entrants.get(start_number=2),
                              round_number=2, kind="half")  # 2 was paired anyway: not a bye
    html = render_html(Report.objects.create(tournament=swiss, kind="pairings", round_number=2))
    for text in ('<th class="num">Board</th>', "<th>White</th>", "<th>Black</th>",
                 '<th class="result">Result</th>', "½ – ½", "0 – 1", "1 – 0"):
        assert text in html, text
    assert "Spieler 7</td><td>pairing-allocated bye" in html
    assert "Spieler 4</td><td>zero-point bye (requested)" in html
    assert "Spieler 2</td>" not in html
    html = render_html(Report.objects.create(tournament=swiss, kind="pairings", round_number=3))
    assert "Spieler 6</td><td>half-point bye (requested)" in html
    assert "Spieler 5</td><td>pairing-allocated bye" in html
    html = render_html(Report.objects.create(tournament=swiss, kind="pairings", round_number=1))
    assert "+ – − (forfeit)" in html


# -- categories and headers ---------------------------------------------------------------------

def test_category_standings_list_only_their_members(swiss):
    tables = category_tables(swiss)
    assert [t.category for t in tables] == ["senior", "women", "youth-b"]
    assert [t.category_label for t in tables] == ["Seniors", "Women", "Youth B (U16)"]
    overall = [r["entrant"] for r in services.standings(swiss)["standings"]]
    for t in tables:
        members = [n for n, cats in CATEGORIES.items() if t.category in cats]
        assert sorted(r["entrant"] for r in t.rows) == members
        assert [r["entrant"] for r in t.rows] == [n for n in overall if n in members]
        assert [r["rank"] for r in t.rows] == list(range(1, len(members) + 1))
    html = render_html(Report.objects.create(tournament=swiss, kind="category_standings"))
    assert "<h2>Seniors</h2>" in html and "<h2>Youth B (U16)</h2>" in html
    assert "<h2>Juniors</h2>" not in html


def test_category_standings_need_categories(make_tournament, boss):
    t = make_tournament("chess", entrants=4)
    with pytest.raises(services.ServiceError) as exc:
        request_report(t, boss, "category_standings")
    assert "kind" in exc.value.errors


def test_standings_headers_are_official_abbreviations_with_long_names(swiss, client):
    table = standings_table(swiss)
    by_key = {c.key: c for c in table.columns}
    assert by_key["buchholz_cut1"].header == "BH-C1"
    assert by_key["buchholz_cut1"].title == "Buchholz cut 1"
    assert by_key["points"].header == "Pts"
    html = client.get(reverse("public:standings", args=[swiss.slug])).content.decode()
    assert '<th class="num" scope="col" title="Buchholz" data-value="buchholz">BH</th>' in html


def test_public_category_selector(client, swiss):
    url = reverse("public:tournament", args=[swiss.slug])
    html = client.get(url).content.decode()
    assert '<a href="?category=senior">Seniors</a>' in html
    assert '<a href="?category=youth-b">Youth B (U16)</a>' in html
    assert "Juniors" not in html
    page = client.get(url, {"category": "women"}).content.decode()
    assert f'hx-get="/t/{swiss.slug}/standings/?category=women"' in page
    fragment = client.get(reverse("public:standings", args=[swiss.slug]),
                          {"category": "women"})
    text = fragment.content.decode()
    assert "Spieler 3" in text and "Spieler 6" in text and "Spieler 8" in text
    assert "Spieler 1 " not in text and "Spieler 2" not in text
    everyone = client.get(reverse("public:standings", args=[swiss.slug]))
    assert fragment["ETag"] != everyone["ETag"]
    unknown = client.get(reverse("public:standings", args=[swiss.slug]), {"category": "x"})
    assert unknown["ETag"] == everyone["ETag"]  # anything unknown is the whole field


# -- public pages --------------------------------------------------------------------------------

def test_public_chess_pages(client, swiss, round_robin):
    progress = client.get(reverse("public:progress_table", args=[swiss.slug]))
    assert progress.status_code == 200
    assert "Progress table" in progress.content.decode()
    by_number = client.get(reverse("public:progress_table", args=[swiss.slug]), {"by": "number"})
    assert '<span class="opp">5</span><span class="colour">w</span>' in by_number.content.decode()
    assert client.get(reverse("public:cross_table", args=[swiss.slug])).status_code == 404
    cross = client.get(reverse("public:cross_table", args=[round_robin.slug]))
    assert cross.status_code == 200 and cross.content.decode().count("cell self") == 6
    home = client.get(reverse("public:tournament", args=[round_robin.slug])).content.decode()
    assert f'href="/t/{round_robin.slug}/cross-table/"' in home


def test_public_pages_404_for_non_public_tournaments(client, swiss, round_robin, boss,
                                                     director):
    services.update_tournament(swiss, boss, public=False)
    services.update_tournament(round_robin, boss, public=False)
    urls = [reverse("public:progress_table", args=[swiss.slug]),
            reverse("public:cross_table", args=[round_robin.slug]),
            reverse("public:tournament", args=[swiss.slug]) + "?category=women",
            reverse("public:standings", args=[swiss.slug]) + "?category=women"]
    for url in urls:
        assert client.get(url).status_code == 404, url
    client.force_login(director)  # its staff may look before it goes public
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_public_chess_pages_are_only_for_chess(client, make_tournament):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    assert client.get(reverse("public:progress_table", args=[t.slug])).status_code == 404
    assert client.get(reverse("public:cross_table", args=[t.slug])).status_code == 404


# -- DWZ -----------------------------------------------------------------------------------------

# The worked example: Ro 2253, adult, index > 5, 3 of 9 → We 4.637, E 30, Rn 2219.
OPPONENTS = [2216, 2234, 2245, 2247, 2270, 2231, 2278, 2118, 2337]


@pytest.fixture
def dwz_tournament(boss):
    """Player 1 plays exactly the example's games; a forfeit and a bye must not count.

    The tournament gives 3 points per win: the DWZ counts 1 / ½ / 0 regardless.
    """
    entrants = [{"id": 1, "name": "Beispiel, Bernd"}] + [
        {"id": k + 2, "name": f"Gegner {k + 1}"} for k in range(len(OPPONENTS))]
    rounds = []
    for k in range(len(OPPONENTS)):
        white, black = (1, k + 2) if k % 2 == 0 else (k + 2, 1)
        won = k < 3
        score = "1-0" if won == (white == 1) else "0-1"
        rounds.append({"number": k + 1, "tables": [table(1, white, black, score)]})
    rounds.append({"number": 10, "tables": [table(1, 1, 2, "+-")]})  # forfeit: not rated
    rounds.append({"number": 11, "tables": [table(1, 3, 4, "1/2-1/2")],
                   "byes": [{"entrant": 1, "kind": "bye"}]})
    t = services.import_document(document("DWZ-Turnier", entrants, rounds,
                                          {"win": 3, "draw": 1, "loss": 0, "bye": 3}), boss)
    for e in t.entrants.prefetch_related("players"):
        player = e.players.get()
        if e.start_number == 1:
            player.dwz, player.dwz_index, player.rating = 2253, 6, 2300
            player.birth_date = datetime.date(1980, 5, 17)
        else:
            player.dwz = OPPONENTS[e.start_number - 2]
            player.rating = OPPONENTS[e.start_number - 2] + 50
        player.save()
    return t


def test_dwz_report_reproduces_the_worked_example(dwz_tournament):
    report = co.dwz_report(dwz_tournament)
    line = next(x for x in report.lines if x.line.number == 1)
    dwz = line.dwz
    assert (dwz.ro, dwz.w, dwz.n, dwz.e, dwz.rn) == (2253, Fraction(3), 9, 30, 2219)
    assert round(dwz.we, 3) == 4.637
    assert dwz.index == 7 and line.ro_text == "2253-6" and line.rn_text == "2219-7"
    assert line.w_text == "3" and line.we_text == "4.637"
    assert line.age is not None and line.age > 25
    # Elo: the same nine games against the opponents' FIDE ratings; K 20 (adult, < 2400)
    assert report.with_elo and line.elo is not None
    expected = elo_change(2300, 20, [(r + 50, Fraction(1 if k < 3 else 0))
                                     for k, r in enumerate(OPPONENTS)])
    assert (line.elo.k, line.elo.games, line.elo.change) == (20, 9, expected.change)
    html = render_html(Report.objects.create(tournament=dwz_tournament, kind="dwz"))
    assert "2253-6" in html and "2219-7" in html and "4.637" in html


def test_dwz_counts_unrated_opponents_as_none(dwz_tournament):
    Player.objects.filter(entries__start_number__in=[3, 4],
                          entries__tournament=dwz_tournament).update(dwz=None)
    line = next(x for x in co.dwz_report(dwz_tournament).lines if x.line.number == 1)
    assert line.dwz.n == 7 and line.dwz.w == Fraction(1)  # the wins against 2 and 3 are out


# -- every new kind renders a PDF, and the director's pages ------------------------------------

def order(t, actor, kind, capture, round_number=None):
    with capture(execute=True):
        report = request_report(t, actor, kind, round_number, base_url="http://halle.example/")
    report.refresh_from_db()
    return report


@pytest.mark.parametrize("fixture, kind, round_number", [
    ("round_robin", "cross_table", None), ("round_robin", "cross_table", 2),
    ("round_robin", "player_cards", None), ("swiss", "progress_table", None),
    ("swiss", "player_cards", None), ("swiss", "category_standings", 2),
    ("dwz_tournament", "dwz", None), ("swiss", "pairings", 2)])
def test_each_new_kind_renders_a_pdf(request, boss, fixture, kind, round_number,
                                     django_capture_on_commit_callbacks):
    t = request.getfixturevalue(fixture)
    report = order(t, boss, kind, django_capture_on_commit_callbacks, round_number)
    assert report.status == Report.Status.DONE, report.error
    with report.file.open("rb") as fh:
        data = fh.read()
    assert data.startswith(b"%PDF") and len(data) > 1000
    assert report.round_number == round_number


def test_director_pages(client, director, swiss, round_robin, stranger):
    client.force_login(director)
    listing = client.get(reverse("reports:list", args=[swiss.slug])).content.decode()
    for kind in ("progress_table", "player_cards", "category_standings", "dwz"):
        assert f'name="kind" value="{kind}"' in listing
    assert 'value="cross_table"' not in listing
    for name in ("progress_table", "player_cards", "category_standings", "dwz"):
        response = client.get(reverse(f"reports:{name}", args=[swiss.slug]), {"round": "2"})
        assert response.status_code == 200, name
    assert client.get(reverse("reports:cross_table", args=[swiss.slug])).status_code == 404
    page = client.get(reverse("reports:cross_table", args=[round_robin.slug]),
                      {"order": "rank", "round": "3"}).content.decode()
    assert 'name="kind" value="cross_table"' in page and 'name="round_number" value="3"' in page
    client.force_login(stranger)
    assert client.get(reverse("reports:dwz", args=[swiss.slug])).status_code == 403
