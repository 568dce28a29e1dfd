"""Spectators' pages: what anonymous visitors see, the live standings fragment and its ETag."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.services import Actor
from tournaments.views import public as public_views

pytestmark = pytest.mark.django_db


def play(t, actor, payloads, close=True):
    """Draw, publish and (optionally) close the next round with one payload per table."""
    rnd = services.draw_round(t, actor, seed="test-seed")
    services.publish_round(t, actor, rnd.number)
    for table, payload in zip(rnd.tables.order_by("number"), payloads, strict=False):
        services.director_set_result(table, actor, payload)
    if close:
        services.close_round(t, actor, rnd.number)
    return rnd


def test_home_lists_public_tournaments_newest_first(client, make_tournament, boss):
    older = make_tournament("chess", name="Älteres Turnier")
    newer = make_tournament("mucken", entrant_kind="pair", name="Neueres Turnier")
    hidden = make_tournament("chess", name="Geheimes Turnier")
    services.update_tournament(hidden, boss, public=False)

    response = client.get("/t/")
    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("public:home") == "/t/"
    assert older.name in html and newer.name in html
    assert hidden.name not in html
    assert html.index(newer.name) < html.index(older.name)
    assert f'href="/t/{newer.slug}/"' in html


def test_start_page_says_what_turnierwart_is_and_where_staff_log_in(client, director):
    """A newcomer at / saw only "Turniere": now a sentence on what this is and a login link
    for the director and the desk (German and English); a logged-in account gets its pages."""
    for language, words in (("en", ("Turnierwart runs tournaments", "Staff")),
                            ("de", ("Turnierwart leitet Turniere", "Turnierleitung"))):
        html = client.get("/", HTTP_ACCEPT_LANGUAGE=language, follow=True).content.decode()
        intro = html[html.index('class="site-intro"'):]
        intro = intro[:intro.index("</section>")]
        assert all(word in intro for word in words), (language, intro)
        assert f'href="{reverse("login")}"' in intro
    client.force_login(director)
    intro = client.get("/t/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    intro = intro[intro.index('class="site-intro"'):]
    assert f'href="{reverse("after_login")}"' in intro[:intro.index("</section>")]


def test_tournament_page_for_anonymous(client, make_tournament, boss):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4, name="Muckturnier")
    rnd = play(t, boss, [{"bobbl": [[21, 11], [17, 21]]}, {"bobbl": [[21, 4], [21, 9]]}])

    url = reverse("public:tournament", args=[t.slug])
    assert url == f"/t/{t.slug}/"
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Muckturnier" in html
    # the discipline's values have readable column headers
    for key, header in (("bobbl", "Bobbl"), ("tore", "Goals"), ("gegentore", "Goals against")):
        assert f'data-value="{key}">{header}</th>' in html
    # the standings poll every 5 s as an htmx fragment
    assert f'hx-get="/t/{t.slug}/standings/"' in html
    assert 'hx-trigger="every 5s' in html and 'hx-swap="innerHTML"' in html
    # htmx is told not to swap on 304
    assert '{"code":"304","swap":false}' in html
    # the current round with table numbers, names and readable results
    assert "Round 1" in html
    seated = [s.entrant.name for s in rnd.seats.select_related("entrant")]
    assert all(name in html for name in seated)
    assert "Bobbl 2:0 (21:4, 21:9)" in html
    assert f'href="/t/{t.slug}/rounds/1/"' in html


def test_standings_values_match_the_scoring(client, make_tournament, boss):
    t = make_tournament("chess", entrants=4)
    play(t, boss, [{"score": "1-0"}, {"score": "1/2-1/2"}])
    html = client.get(reverse("public:standings", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    rows = services.standings(t)["standings"]
    winner = rows[0]
    assert winner["values"]["points"] == 1
    assert html.index(winner["name"]) < html.index(rows[-1]["name"])
    assert '<td class="num">0,5</td>' in html  # the drawn players' ½ point, German style
    assert 'data-value="points">Pkt.</th>' in html and 'data-value="buchholz">BH</th>' in html


def test_non_public_tournament_is_404_for_anonymous(client, make_tournament, boss, director):
    t = make_tournament("chess", entrants=4)
    play(t, boss, [{"score": "1-0"}, {"score": "0-1"}])
    services.update_tournament(t, boss, public=False)
    urls = [reverse("public:tournament", args=[t.slug]),
            reverse("public:standings", args=[t.slug]),
            reverse("public:pairings", args=[t.slug]),
            reverse("public:round", args=[t.slug, 1]),
            reverse("public:projector", args=[t.slug])]
    for url in urls:
        assert client.get(url).status_code == 404, url
    client.force_login(director)  # its director may look before it goes public
    assert client.get(urls[0]).status_code == 200


def test_unknown_tournament_is_404(client, db):
    assert client.get("/t/gibt-es-nicht/").status_code == 404


def test_standings_fragment_etag_and_304(client, make_tournament, boss):
    t = make_tournament("chess", entrants=4)
    rnd = play(t, boss, [{"score": "1-0"}, {"score": "0-1"}], close=False)
    url = reverse("public:standings", args=[t.slug])

    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith('W/"') and str(t.pk) in etag
    # shared caches may keep it for a moment (tests/integration/test_cache_control.py)
    assert "public" in first["Cache-Control"] and "max-age=1" in first["Cache-Control"]

    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag

    # a correction changes the version: the same ETag now gets new content
    table = rnd.tables.get(number=1)
    white, black = (s.entrant.name for s in table.seats.select_related("entrant")
                    .order_by("side"))
    services.director_set_result(table, boss, {"score": "0-1"})
    t.refresh_from_db()
    after = services.standings(t)["standings"]
    points = {r["name"]: r["values"]["points"] for r in after}
    assert points[black] == 1 and points[white] == 0
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert changed.content != first.content
    top = after[0]["name"]
    html = changed.content.decode()
    assert html.index(top) < html.index(after[-1]["name"])


def test_fragment_rendered_once_per_version(client, make_tournament, boss, monkeypatch):
    t = make_tournament("chess", entrants=4)
    calls = []
    real = public_views.render_to_string

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(public_views, "render_to_string", counting)
    url = reverse("public:standings", args=[t.slug])
    for _ in range(5):
        assert client.get(url).status_code == 200
    assert calls == ["public/_standings.html"]
    services.register(t, boss, [{"name": "Nachzügler"}], status="present")
    assert "Nachzügler" in client.get(url).content.decode()
    assert calls == ["public/_standings.html"] * 2


def test_fragment_etag_differs_by_language(client, make_tournament):
    t = make_tournament("chess", entrants=2)
    url = reverse("public:standings", args=[t.slug])
    de = client.get(url, HTTP_ACCEPT_LANGUAGE="de")["ETag"]
    en = client.get(url, HTTP_ACCEPT_LANGUAGE="en")["ETag"]
    assert de != en


def test_current_round_is_never_a_preview(client, make_tournament, boss):
    t = make_tournament("chess", entrants=4)
    page = reverse("public:tournament", args=[t.slug])
    pairings = reverse("public:pairings", args=[t.slug])

    services.draw_round(t, boss, seed="vorschau")  # round 1 as a preview only
    html = client.get(page).content.decode()
    assert "The first round has not been published yet." in html
    assert "Round 1" not in client.get(pairings).content.decode()
    assert client.get(reverse("public:round", args=[t.slug, 1])).status_code == 404

    services.publish_round(t, boss, 1)
    rnd1 = t.rounds.get(number=1)
    for table in rnd1.tables.all():
        services.director_set_result(table, boss, {"score": "1-0"})
    services.close_round(t, boss, 1)
    rnd2 = services.draw_round(t, boss, seed="vorschau-2")  # round 2: preview
    html = client.get(pairings).content.decode()
    assert "Round 1" in html and "Round 2" not in html
    assert "1 – 0" in html
    assert client.get(reverse("public:round", args=[t.slug, 2])).status_code == 404
    assert f"/t/{t.slug}/rounds/2/" not in client.get(page).content.decode()

    services.publish_round(t, boss, rnd2.number)
    html = client.get(pairings).content.decode()
    assert "Round 2" in html
    assert client.get(reverse("public:round", args=[t.slug, 2])).status_code == 200


def separators_starting_a_line(html: str) -> list[str]:
    """Every "·" that a browser may put at the start of a line: one not tied to what comes
    before it by a no-break space (``&nbsp;`` or U+00A0)."""
    text = re.sub(r"<[^>]+>", "", html)
    return [text[max(0, m.start() - 30):m.end() + 10]
            for m in re.finditer("·", text)
            if not (text[:m.start()].endswith("&nbsp;") or text[:m.start()].endswith("\u00a0"))]


def test_no_separator_can_begin_a_line_on_the_tabletop_page(client, make_tournament, boss):
    """At 390 px the Tabletop page's second line began with "·": a separator must end a
    line, never start one (the page's info line and the mission results)."""
    t = make_tournament("tabletop", entrants=4)
    play(t, boss, [{"missions": [[12, 8], [12, 0], [4, 6]]}] * 2, close=False)
    for language in ("de", "en"):
        for url in (reverse("public:tournament", args=[t.slug]),
                    reverse("public:round", args=[t.slug, 1]),
                    reverse("public:seats", args=[t.slug]), "/t/"):
            html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
            assert "·" in html, url
            assert separators_starting_a_line(html) == [], (language, url)


def test_round_page_shows_results_readably(client, make_tournament, boss):
    t = make_tournament("tabletop", entrants=2)
    play(t, boss, [{"missions": [[12, 8], [12, 0], [4, 6]]}])
    url = reverse("public:round", args=[t.slug, 1])
    assert url == f"/t/{t.slug}/rounds/1/"
    html = client.get(url).content.decode()
    assert "12:8\u00a0· 12:0\u00a0· 4:6 (Σ\u00a028:14)" in html
    assert "Spieler 1" in html and "Spieler 2" in html


@pytest.mark.parametrize("discipline, kind, payload, shown", [
    ("mucken", "single", {"bobbl": [[21, 11], [21, 17]]}, "Bobbl 2:0 (21:11, 21:17)"),
    ("pussi", "single", {"games": [{"declarer": 1, "bid": 60, "totals": [60, 20]}]},
     "60:20 after 1 game"),
    ("chess", "single", {"score": "1/2-1/2"}, "½ – ½"),
])
def test_results_per_discipline(client, make_tournament, boss, discipline, kind, payload,
                                shown):
    t = make_tournament(discipline, entrant_kind=kind, entrants=4 if discipline != "chess"
                        else 2)
    play(t, boss, [payload])
    html = client.get(reverse("public:round", args=[t.slug, 1])).content.decode()
    assert shown in html


def test_boardgame_result_lists_game_points(client, make_tournament, boss):
    t = make_tournament("boardgame", entrants=4)
    rnd = services.draw_round(t, boss, seed="brett")
    services.publish_round(t, boss, 1)
    table = rnd.tables.get()
    numbers = [s.entrant.start_number for s in table.seats.select_related("entrant")]
    points = {str(n): p for n, p in zip(numbers, (87, 65, 65, 40), strict=True)}
    services.director_set_result(table, boss, {"points": points})
    html = client.get(reverse("public:round", args=[t.slug, 1])).content.decode()
    first = t.entrants.get(start_number=numbers[0]).name
    assert f"{first} 87" in html


def test_disputed_result_is_not_shown_as_final(client, make_tournament, boss):
    t = make_tournament("chess", entrants=2)
    rnd = services.draw_round(t, boss, seed="streit")
    services.publish_round(t, boss, 1)
    table = rnd.tables.get()
    services.captain_submit(table.token, {"score": "1-0"}, device_id="phone-of-the-winner")
    services.captain_submit(table.token, {"score": "0-1"}, device_id="phone-of-the-loser")
    html = client.get(reverse("public:pairings", args=[t.slug])).content.decode()
    assert "under review" in html
    assert "1 – 0" not in html and "0 – 1" not in html


def test_projector(client, make_tournament, boss):
    t = make_tournament("pussi", entrants=4, name="Pussi-Abend")
    play(t, boss, [{"games": [{"declarer": 1, "bid": 60, "totals": [60, 20]}]}], close=False)
    url = reverse("public:projector", args=[t.slug])
    assert url == f"/t/{t.slug}/projector/"
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<body class="projector"' in html
    assert 'class="topbar"' not in html
    assert "Pussi-Abend" in html
    assert f'hx-get="/t/{t.slug}/standings/?view=projector"' in html
    assert f'hx-get="/t/{t.slug}/pairings/?view=projector"' in html
    assert "60:20 after 1 game" in html
    # only the ranking columns, large enough for the back of the hall
    assert html.count("data-value=") == public_views.PROJECTOR_COLUMNS
    projector_tag = client.get(reverse("public:standings", args=[t.slug]) + "?view=projector")
    page_tag = client.get(reverse("public:standings", args=[t.slug]))
    assert projector_tag["ETag"] != page_tag["ETag"]


def test_phone_layout_scrolls_wide_standings(client, make_tournament):
    t = make_tournament("pussi", entrants=4)
    html = client.get(reverse("public:tournament", args=[t.slug])).content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert '<div class="scroll">\n<table class="grid standings">' in html


def test_unreadable_standings_never_500(client, make_tournament, monkeypatch):
    t = make_tournament("chess", entrants=2)

    def broken(*args, **kwargs):
        raise services.ServiceError("rounds[0]: kaputt")

    monkeypatch.setattr(public_views, "standings_table", broken)
    response = client.get(reverse("public:tournament", args=[t.slug]))
    assert response.status_code == 200
    assert "The standings cannot be shown right now." in response.content.decode()


def test_chess_standings_show_the_chosen_tiebreaks_only(client, make_tournament, director):
    """The scoring core reports the common FIDE values for everybody; the page (and so the
    projector and the PDF, which share its table) shows points and the tie-breaks chosen."""
    from tournaments.services.public import standings_table

    boss = Actor(director, director.username)
    t = make_tournament("chess", entrants=4)
    services.update_tournament(t, boss, scoring={**t.scoring,
                                                 "tiebreaks": ["sonneborn_berger", "buchholz"]})
    services.draw_round(t, boss, seed="cols")
    services.publish_round(t, boss, 1)
    for table in t.rounds.get(number=1).tables.all():
        services.director_set_result(table, boss, {"score": "1-0"})
    t.refresh_from_db()
    assert [k for k, _h in standings_table(t).headers] == ["points", "sonneborn_berger",
                                                           "buchholz"]
    page = client.get(f"/t/{t.slug}/").content.decode()
    assert 'data-value="sonneborn_berger"' in page and 'data-value="median"' not in page


def test_a_live_block_opened_in_a_browser_tab_leads_to_its_whole_page(client, make_tournament):
    """A block alone has no title or language: a tab navigating to it gets the page instead,
    while the page's own polling (htmx) still gets the bare block."""
    t = make_tournament("chess", entrants=4)
    tab = {"HTTP_SEC_FETCH_MODE": "navigate"}
    standings = client.get(reverse("public:standings", args=[t.slug]), **tab)
    assert standings.status_code == 302
    assert standings["Location"] == f"/t/{t.slug}/#standings"
    pairings = client.get(reverse("public:pairings", args=[t.slug]), **tab)
    assert pairings["Location"] == f"/t/{t.slug}/#pairings"
    wall = client.get(reverse("public:seats_live", args=[t.slug]), **tab)
    assert wall["Location"] == f"/t/{t.slug}/seats/"
    beamer = client.get(reverse("public:standings", args=[t.slug]) + "?view=projector", **tab)
    assert beamer["Location"] == f"/t/{t.slug}/projector/"
    polled = client.get(reverse("public:standings", args=[t.slug]),
                        HTTP_HX_REQUEST="true", **tab)
    assert polled.status_code == 200 and b"<html" not in polled.content
