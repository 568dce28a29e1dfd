"""The table captain's page: submit from a phone through the table's link, never anyone else's."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Result, ResultRevision, Round, Table
from tournaments.services import Actor

from .helpers import publish_first_round, pussi_totals, row_errors

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_round(make_tournament, boss):
    """open_round("chess", entrants=4) -> (tournament, round 1 published, its tables)."""

    def make(discipline: str, entrants: int, entrant_kind: str = "single",
             **kw: Any) -> tuple[Any, Round, list[Table]]:
        t = make_tournament(discipline, entrant_kind, entrants=entrants, **kw)
        return (t, *publish_first_round(t, boss, "captain-test"))

    return make


def url(table: Table) -> str:
    return reverse("captain:table", args=[table.token])


def start_numbers(table: Table, side: int | None = None) -> list[int]:
    seats = table.seats.select_related("entrant").order_by("side", "position")
    return [s.entrant.start_number for s in seats if side is None or s.side == side]


# --- a valid and a differing result per discipline, as form data and as payload -----------

def mucken_post(table: Table, variant: int = 0) -> tuple[dict[str, str], dict[str, Any]]:
    second = 17 if variant == 0 else 15
    post = {"bobbl[0].side1": "21", "bobbl[0].side2": "11",
            "bobbl[1].side1": str(second), "bobbl[1].side2": "21"}
    return post, {"bobbl": [[21, 11], [second, 21]]}


GAMES = [(1, 60, 60, 20), (2, 50, 80, 70), (1, 40, 40, 95)]


def pussi_post(table: Table, variant: int = 0) -> tuple[dict[str, str], dict[str, Any]]:
    games = list(GAMES)
    if variant:
        games[2] = (1, 40, 120, 95)  # party 1 won its game instead
    return pussi_totals(games)


def boardgame_post(table: Table, variant: int = 0) -> tuple[dict[str, str], dict[str, Any]]:
    numbers = start_numbers(table)
    points = {str(n): 100 - 10 * k - (5 if variant and k == 0 else 0)
              for k, n in enumerate(numbers)}
    return {f"points[{n}]": str(v) for n, v in points.items()}, {"points": points}


def tabletop_post(table: Table, variant: int = 0) -> tuple[dict[str, str], dict[str, Any]]:
    missions = [[12, 8], [12, 0], [4, 6 + variant]]
    post = {f"missions[{k}].side{s + 1}": str(m[s]) for k, m in enumerate(missions)
            for s in (0, 1)}
    return post, {"missions": missions}


def chess_post(table: Table, variant: int = 0) -> tuple[dict[str, str], dict[str, Any]]:
    score = "1-0" if variant == 0 else "1/2-1/2"
    return {"score": score}, {"score": score}


def skat_post(table: Table, variant: int = 0) -> tuple[dict[str, str], dict[str, Any]]:
    """Two lines of the list: a won Grand (96) and a lost hearts game (30, or 40)."""
    numbers = start_numbers(table)
    n = len(numbers)
    lines = [("grand", 96, "won"), ("hearts", 40 if variant else 30, "lost")]
    post: dict[str, str] = {}
    games = []
    for k, (game, value, outcome) in enumerate(lines):
        declarer = numbers[(k + 1) % n]
        post.update({f"games[{k}].game": game, f"games[{k}].declarer": str(declarer),
                     f"games[{k}].value": str(value), f"games[{k}].won": outcome})
        games.append({"game": game, "declarer": declarer, "dealer": numbers[k % n],
                      "value": value, "won": outcome == "won"})
    return post, {"games": games}


def doppelkopf_post(table: Table, variant: int = 0) -> tuple[dict[str, str], dict[str, Any]]:
    """Two lines: a normal game Re won by 2 (or 3) and a compulsory queens solo lost by 1."""
    a, b, c, d = start_numbers(table)
    value = 3 if variant else 2
    post = {"games[0].kind": "normal", "games[0].re1": str(a), "games[0].re2": str(c),
            **{f"games[0].score_{n}": str(value if n in (a, c) else -value) for n in (a, b, c, d)},
            "games[1].kind": "queens", "games[1].re1": str(b), "games[1].compulsory": "on",
            **{f"games[1].score_{n}": str(-3 if n == b else 1) for n in (a, b, c, d)}}
    games = [{"kind": "normal", "re": [a, c], "dealer": a,  # the seat order deals (TSR 3.3)
              "scores": {str(n): value if n in (a, c) else -value for n in (a, b, c, d)}},
             {"kind": "queens", "re": [b], "dealer": b, "compulsory": True,
              "scores": {str(n): -3 if n == b else 1 for n in (a, b, c, d)}}]
    return post, {"games": games}


def schafkopf_post(table: Table, variant: int = 0) -> tuple[dict[str, str], dict[str, Any]]:
    """Two lines of the list: a Sauspiel won with the partner, and a Wenz lost (or won)."""
    a, b, c, d = start_numbers(table)
    post = {"games[0].player": str(b), "games[0].game": "sauspiel",
            "games[0].partner": str(d), "games[0].won": "won",
            "games[1].player": str(c), "games[1].game": "wenz",
            "games[1].won": "won" if variant else "lost"}
    games = [{"dealer": a, "game": "sauspiel", "player": b, "partner": d, "won": True},
             {"dealer": b, "game": "wenz", "player": c, "won": bool(variant)}]
    return post, {"games": games}


DISCIPLINES = {
    "schafkopf": (schafkopf_post, {"entrants": 8}),
    "doppelkopf": (doppelkopf_post, {"entrants": 8}),
    "skat": (skat_post, {"entrants": 8}),
    "mucken": (mucken_post, {"entrants": 4, "entrant_kind": "pair"}),
    "pussi": (pussi_post, {"entrants": 8}),
    "boardgame": (boardgame_post, {"entrants": 8}),
    "tabletop": (tabletop_post, {"entrants": 4}),
    "chess": (chess_post, {"entrants": 4}),
}


@pytest.fixture(params=sorted(DISCIPLINES))
def discipline(request, open_round):
    """(tournament, tables, post builder) for each discipline, round 1 open."""
    build, kw = DISCIPLINES[request.param]
    t, _rnd, tables = open_round(request.param, **kw)
    assert len(tables) >= 2
    return t, tables, build


# --- submitting -----------------------------------------------------------------------------

def test_valid_submission_creates_result_and_revision(phone, discipline):
    _t, tables, build = discipline
    page = phone.get(url(tables[0]))
    assert page.status_code == 200
    assert 'id="result-form"' in page.content.decode()
    post, payload = build(tables[0])
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 302 and r.url.endswith("?sent=submitted")
    result = Result.objects.get(table=tables[0])
    assert result.payload == payload
    assert result.status == Result.Status.SUBMITTED
    revisions = list(ResultRevision.objects.filter(table=tables[0]))
    assert [rv.payload for rv in revisions] == [payload]
    assert revisions[0].source == "captain"
    done = phone.get(r.url)
    assert 'data-sent="submitted"' in done.content.decode()
    assert "Submitted" in done.content.decode()


@pytest.fixture
def other_phone():
    """The other party's phone: its own cookies, so its own device id."""
    from django.test import Client

    return Client(HTTP_ACCEPT_LANGUAGE="en")


def test_second_agreeing_submission_confirms(phone, other_phone, discipline):
    _t, tables, build = discipline
    post, payload = build(tables[0])
    phone.get(url(tables[0]))
    phone.post(url(tables[0]), post)
    other_phone.get(url(tables[0]))
    r = other_phone.post(url(tables[0]), post)
    assert r.url.endswith("?sent=confirmed")
    result = Result.objects.get(table=tables[0])
    assert result.status == Result.Status.CONFIRMED and result.payload == payload
    assert ResultRevision.objects.filter(table=tables[0]).count() == 2
    assert "Confirmed" in other_phone.get(r.url).content.decode()


def test_differing_submission_disputes_and_keeps_both(phone, other_phone, discipline):
    _t, tables, build = discipline
    first, first_payload = build(tables[0])
    second, second_payload = build(tables[0], variant=1)
    assert first_payload != second_payload
    phone.get(url(tables[0]))
    phone.post(url(tables[0]), first)
    other_phone.get(url(tables[0]))
    r = other_phone.post(url(tables[0]), second)
    assert r.url.endswith("?sent=disputed")
    result = Result.objects.get(table=tables[0])
    assert result.status == Result.Status.DISPUTED
    assert result.payload == first_payload  # never overwritten silently
    assert [rv.payload for rv in ResultRevision.objects.filter(table=tables[0])] == [
        first_payload, second_payload]
    done = other_phone.get(r.url).content.decode()
    assert 'data-sent="disputed"' in done and "the director will decide" in done
    page = phone.get(url(tables[0])).content.decode()
    assert 'data-current="disputed"' in page


def test_token_of_one_table_changes_only_that_table(phone, discipline):
    _t, tables, build = discipline
    a, b = tables[0], tables[1]
    post, payload = build(a)
    phone.post(url(a), post)
    assert Result.objects.get(table=a).payload == payload
    assert not Result.objects.filter(table=b).exists()
    assert not ResultRevision.objects.filter(table=b).exists()


def test_page_shows_only_its_own_table(phone, discipline):
    t, tables, _build = discipline
    a, b = tables[0], tables[1]
    content = phone.get(url(a)).content.decode()
    mine = {s.entrant.name for s in a.seats.select_related("entrant")}
    others = {s.entrant.name for s in b.seats.select_related("entrant")}
    assert mine and others and not mine & others
    for name in mine:
        assert html.escape(name) in content
    for name in others:
        assert html.escape(name) not in content, name
    assert b.token not in content
    assert t.name in content


def test_resent_form_is_not_a_second_submission(phone, open_round):
    _t, _rnd, tables = open_round("chess", 4)
    post = {"score": "1-0", "nonce": "abc123"}
    first = phone.post(url(tables[0]), post)
    again = phone.post(url(tables[0]), post)  # a double tap, or back and send again
    assert first.url == again.url and again.url.endswith("?sent=submitted")
    assert ResultRevision.objects.filter(table=tables[0]).count() == 1
    assert Result.objects.get(table=tables[0]).status == Result.Status.SUBMITTED


# --- what each discipline's page shows ------------------------------------------------------

def test_chess_page_names_white_and_black_and_offers_forfeits(phone, open_round):
    _t, _rnd, tables = open_round("chess", 4)
    content = phone.get(url(tables[0])).content.decode()
    assert "White" in content and "Black" in content
    for value in ("1-0", "1/2-1/2", "0-1", "+-", "-+", "--"):
        assert f'name="score" value="{value}"' in content
    r = phone.post(url(tables[0]), {"score": "-+"})
    assert r.status_code == 302
    assert Result.objects.get(table=tables[0]).payload == {"score": "-+"}


def test_mucken_rows_follow_bobbl_per_round(phone, open_round):
    _t, _rnd, tables = open_round("mucken", 8, scoring={"bobbl_per_round": 3})
    content = phone.get(url(tables[0])).content.decode()
    assert content.count('inputmode="numeric"') == 6
    assert 'name="bobbl[2].side2"' in content and 'name="bobbl[3].side1"' not in content
    assert "Party 1" in content and "Party 2" in content
    # single players: two on each side
    assert len(start_numbers(tables[0], 1)) == 2 and len(start_numbers(tables[0], 2)) == 2


def test_pussi_sheet_has_the_series_rows(phone, open_round):
    _t, _rnd, tables = open_round("pussi", 8, scoring={"games_per_series": 10})
    content = phone.get(url(tables[0])).content.decode()
    assert 'name="games[9].total2"' in content and 'name="games[10].bid"' not in content
    assert "games[__k__]" in content  # the row template for "add a game"
    assert 'id="pussi-messages"' in content


def test_pussi_more_games_than_the_series_are_accepted(phone, open_round):
    _t, _rnd, tables = open_round("pussi", 8, scoring={"games_per_series": 2})
    post, payload = pussi_post(tables[0])  # three games, as added with the button
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 302
    assert Result.objects.get(table=tables[0]).payload == payload
    # accepted as written, and the captain is told at once while the sheet is at hand
    notice = phone.get(r["Location"]).content.decode()
    assert "data-notice" in notice and "3" in notice.split("data-notice>")[1][:80]


def test_pussi_fewer_games_than_the_series_are_said_to_the_captain(phone, open_round):
    _t, _rnd, tables = open_round("pussi", 8, scoring={"games_per_series": 8})
    post, _payload = pussi_post(tables[0])  # three games of eight
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 302
    page = phone.get(r["Location"]).content.decode()
    assert "data-notice" in page
    text = page.split("data-notice>")[1].split("</p>")[0]
    assert "3" in text and "8" in text, text


def test_tabletop_matrix12_shows_the_round_missions(phone, open_round):
    _t, rnd, tables = open_round("tabletop", 4, scoring={"system": "matrix12"})
    assert rnd.extra["missions"] == ["eternal_war", "maelstrom", "tertiary"]
    content = phone.get(url(tables[0])).content.decode()
    kinds = re.findall(r"<small class=\"cap-kind\" data-mission-kind>([^<]+)</small>", content)
    assert kinds == ["Eternal War", "Maelstrom", "Tertiary"]


def test_boardgame_payload_uses_start_numbers(phone, open_round):
    _t, _rnd, tables = open_round("boardgame", 8)
    numbers = start_numbers(tables[1])
    post = {f"points[{n}]": f"{40 + n},5" if k == 0 else str(40 + n)
            for k, n in enumerate(numbers)}
    r = phone.post(url(tables[1]), post)
    assert r.status_code == 302
    points = Result.objects.get(table=tables[1]).payload["points"]
    assert set(points) == {str(n) for n in numbers}
    assert points[str(numbers[0])] == 40 + numbers[0] + 0.5


# --- refused input --------------------------------------------------------------------------

def test_wrong_pussi_total_is_refused_at_its_row(phone, open_round):
    _t, _rnd, tables = open_round("pussi", 8)
    post, _payload = pussi_post(tables[0])
    post["games[1].total2"] = "75"  # the declarer (party 2) gained 55 with a bid of 50
    post["games[1].total1"] = "80"
    post["games[1].declarer"] = "1"
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 400
    content = r.content.decode()
    at_row = row_errors(content, "games[1]")
    assert "does not follow from 60 with bid 50" in at_row
    assert row_errors(content, "games[0]") == ""
    assert 'value="75"' in content  # what they typed stays
    assert not Result.objects.filter(table=tables[0]).exists()
    assert not ResultRevision.objects.exists()


def test_invalid_number_is_a_field_error(phone, open_round):
    _t, _rnd, tables = open_round("mucken", 4, "pair")
    post, _payload = mucken_post(tables[0])
    post["bobbl[1].side2"] = "zwanzig"
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 400
    content = r.content.decode()
    assert "Party 2: not a number" in row_errors(content, "bobbl[1]")
    assert re.search(r'name="bobbl\[1\]\.side2" value="zwanzig"[^>]*aria-invalid="true"', content)
    assert not re.search(r'name="bobbl\[0\]\.side1"[^>]*aria-invalid', content)
    assert not ResultRevision.objects.exists()


def test_empty_and_fractional_inputs_are_field_errors(phone, open_round):
    _t, _rnd, tables = open_round("pussi", 8)
    post, _payload = pussi_post(tables[0])
    del post["games[1].bid"]
    post["games[2].total1"] = "40.5"
    r = phone.post(url(tables[0]), post)
    content = r.content.decode()
    assert "Bid: required" in row_errors(content, "games[1]")
    assert "Party 1: must be a whole number" in row_errors(content, "games[2]")
    assert not ResultRevision.objects.exists()


def test_scoring_error_lands_at_its_bobbl(phone, open_round):
    _t, _rnd, tables = open_round("mucken", 4, "pair")
    post, _payload = mucken_post(tables[0])
    post["bobbl[1].side2"] = "20"  # neither side reached 21
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 400
    assert "neither side reached 21" in row_errors(r.content.decode(), "bobbl[1]")
    assert not ResultRevision.objects.exists()


def test_chess_without_a_choice(phone, open_round):
    _t, _rnd, tables = open_round("chess", 4)
    r = phone.post(url(tables[0]), {"score": ""})
    assert r.status_code == 400
    assert "choose a result" in row_errors(r.content.decode(), "score")
    r = phone.post(url(tables[0]), {"score": "2-0"})
    assert "not a chess result" in row_errors(r.content.decode(), "score")
    assert not ResultRevision.objects.exists()


# --- links that do not work now ------------------------------------------------------------

def test_preview_round_is_refused(phone, make_tournament, director):
    t = make_tournament("chess", entrants=4)
    rnd = services.draw_round(t, Actor(director, director.username), seed="x")
    table = rnd.tables.first()
    page = phone.get(url(table))
    assert page.status_code == 403
    content = page.content.decode()
    assert "cannot be submitted now" in content and 'id="result-form"' not in content
    post = phone.post(url(table), {"score": "1-0"})
    assert post.status_code == 403
    assert not ResultRevision.objects.exists()


def test_closed_round_is_refused(phone, open_round, director):
    t, _rnd, tables = open_round("chess", 4)
    actor = Actor(director, director.username)
    for table in tables:
        services.director_set_result(table, actor, {"score": "1-0"})
    services.close_round(t, actor, 1)
    page = phone.get(url(tables[0]))
    assert page.status_code == 410
    assert 'data-round-status="closed"' in page.content.decode()
    assert 'id="result-form"' not in page.content.decode()
    post = phone.post(url(tables[0]), {"score": "0-1"})
    assert post.status_code == 410
    assert Result.objects.get(table=tables[0]).payload == {"score": "1-0"}
    assert ResultRevision.objects.filter(source="captain").count() == 0


def test_unknown_token_is_a_friendly_404(phone, open_round):
    open_round("chess", 4)
    for r in (phone.get("/c/not-a-token/"), phone.post("/c/not-a-token/", {"score": "1-0"})):
        assert r.status_code == 404
        assert "Unknown table link" in r.content.decode()
    assert not ResultRevision.objects.exists()
    assert phone.get("/c/not-a-token/qr.svg").status_code == 404


# --- the QR code ------------------------------------------------------------------------------

def test_qr_code_is_an_svg_of_the_absolute_link(phone, open_round):
    _t, _rnd, tables = open_round("chess", 4)
    r = phone.get(reverse("captain:qr", args=[tables[0].token]))
    assert r.status_code == 200
    assert r["Content-Type"] == "image/svg+xml"
    body = r.content.decode()
    assert "<svg" in body
    assert f"http://testserver/c/{tables[0].token}/" in body


def test_absurd_numbers_are_refused_not_computed(phone, open_round):
    _t, _rnd, tables = open_round("tabletop", 4)
    post, _payload = tabletop_post(tables[0])
    post["missions[0].side1"] = "1e999999"
    post["missions[1].side2"] = "NaN"
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 400
    content = r.content.decode()
    assert "Player 1: too large" in row_errors(content, "missions[0]")
    assert "Player 2: not a number" in row_errors(content, "missions[1]")
    assert not ResultRevision.objects.exists()
