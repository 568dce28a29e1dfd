"""A desk mistake, a withdrawal and the list of a full hall (issue 24, desk items 2, 16, 27).

- An entry typed wrong can be deleted at the desk when it never played: it asks first, the
  deletion is logged and the message carries an Undo; an entrant with games is refused.
- Withdrawing asks first.
- An entrant who withdrew before playing is not ranked (standings, public page, projector,
  PDF, API) and is shown apart; the export keeps them.
- The rows offer only the markers the tournament has: no "draw missing" in chess, no
  "+ pre-registered" on a withdrawn row. Error lists keep their list role; rows have headers.
- The list is filtered and paged on the server, so neither the page nor a sign-up's answer
  grows with the hall.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services, tasks
from tournaments.models import ActionLog, Report
from tournaments.services import Actor, ServiceError, registration
from tournaments.services import markers as marking
from tournaments.services import undo as undoing

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def page(t) -> str:
    return reverse("desk:tournament", args=[t.slug])


def row_of(html: str, number: int) -> str:
    found = re.search(rf'<tr id="e{number}".*?</tr>', html, re.S)
    assert found, f"no row {number}"
    return found.group(0)


def rows_shown(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="e(\d+)"', html)]


@pytest.fixture
def desk(desk_user):
    return Actor(desk_user, desk_user.username)


# --- deleting an entry typed wrong ------------------------------------------------------------


def test_the_desk_deletes_an_entry_that_never_played_and_undoes_it(make_tournament,
                                                                    desk_client):
    t = make_tournament("chess", entrants=3)
    url = reverse("desk:delete", args=[t.slug, 2])
    assert "/entrants/2/delete/" in row_of(desk_client.get(page(t)).content.decode(), 2)
    # The first press asks: the row turns into the question; nothing is deleted.
    html = desk_client.post(url, {}, **HX).content.decode()
    assert html.lstrip().startswith('<tr id="e2"') and "desk-asking" in html
    assert 'name="confirmed" value="1"' in html and "Yes, delete" in html
    assert t.entrants.filter(start_number=2).exists()
    # "Yes": the row goes (nothing for it in the answer), the counts and the message come.
    html = desk_client.post(url, {"confirmed": "1"}, **HX).content.decode()
    assert not t.entrants.filter(start_number=2).exists()
    assert '<tr id="e2"' not in html and 'id="desk-counts" hx-swap-oob="true"' in html
    assert "Deleted: 2. Spieler 2" in html
    entry = ActionLog.objects.get(tournament=t, action="delete_entrant")
    assert entry.actor == "desk anmeldung" and entry.before["name"] == "Spieler 2"
    undo_url = reverse("desk:undo_delete", args=[t.slug, entry.pk])
    assert f'action="{undo_url}"' in html  # the message's Undo
    html = desk_client.post(undo_url, {}, **HX).content.decode()
    back = t.entrants.get(start_number=2)
    assert back.name == "Spieler 2" and back.status == "present"
    assert "Back again: 2. Spieler 2" in html and 'id="desk-list" hx-swap-oob="true"' in html
    assert ActionLog.objects.get(tournament=t, action="undo").undoes_id == entry.pk
    # The page without JavaScript: the question is the page with that row asking.
    html = desk_client.post(url).content.decode()
    assert "<html" in html and "desk-asking" in row_of(html, 2)
    r = desk_client.post(url, {"confirmed": "1"})
    assert r.status_code == 302 and not t.entrants.filter(start_number=2).exists()


def test_only_who_never_played_can_be_deleted(make_tournament, desk_client, desk, boss):
    t = make_tournament("chess", entrants=4)
    services.draw_round(t, boss, seed="spielt")
    late = services.register(t, desk, [{"name": "Nachzügler"}], status="present")
    html = desk_client.get(page(t)).content.decode()
    assert "desk-delete" not in row_of(html, 1)  # drawn into round 1
    assert "desk-delete" in row_of(html, late.start_number)
    html = desk_client.post(reverse("desk:delete", args=[t.slug, 1]), {"confirmed": "1"},
                            **HX).content.decode()
    assert "withdrawn, not deleted" in html and t.entrants.filter(start_number=1).exists()
    assert t.entrants.get(start_number=1).status == "present"  # not withdrawn either
    with pytest.raises(ServiceError):
        registration.delete_unplayed(t.entrants.get(start_number=1), desk)
    # The API's DeletePlayer still withdraws one who played (its documented rule).
    assert registration.delete_entrant(t.entrants.get(start_number=1), boss) == "withdrawn"


def test_the_desk_undoes_deletions_only(make_tournament, desk_client, desk):
    t = make_tournament("chess", entrants=2)
    services.set_status(t.entrants.get(start_number=1), desk, "absent")
    other = ActionLog.objects.filter(tournament=t, action="entrant_status").first()
    r = desk_client.post(reverse("desk:undo_delete", args=[t.slug, other.pk]), {}, **HX)
    assert "no deletion" in r.content.decode()
    assert t.entrants.get(start_number=1).status == "absent"
    with pytest.raises(ServiceError):
        undoing.undo_deletion(t, desk, other.pk)


def test_withdrawing_asks_first(make_tournament, desk_client):
    t = make_tournament("chess", entrants=2)
    url = reverse("desk:status", args=[t.slug, 1])
    html = desk_client.post(url, {"status": "withdrawn"}, **HX).content.decode()
    assert "Withdraw 1. Spieler 1 from the tournament?" in html and "Yes, withdraw" in html
    assert t.entrants.get(start_number=1).status == "present"
    assert not ActionLog.objects.filter(tournament=t, action="entrant_status").exists()
    cancel = re.search(r'hx-get="([^"]+/entrants/1/row/)"', html).group(1)
    back = desk_client.get(cancel, **HX).content.decode()
    assert back.lstrip().startswith('<tr id="e1"') and "desk-asking" not in back
    desk_client.post(url, {"status": "withdrawn", "confirmed": "1"}, **HX)
    assert t.entrants.get(start_number=1).status == "withdrawn"
    # Without JavaScript the same: first the page with the row asking.
    url2 = reverse("desk:status", args=[t.slug, 2])
    html = desk_client.post(url2, {"status": "withdrawn"}).content.decode()
    assert "<html" in html and "Yes, withdraw" in row_of(html, 2)
    assert t.entrants.get(start_number=2).status == "present"


# --- withdrawn before playing: not ranked, shown apart -----------------------------------------


def test_who_withdrew_before_playing_is_not_ranked_but_shown_apart(make_tournament, desk,
                                                                     boss, client, settings,
                                                                     eager_reports):
    t = make_tournament("chess", entrants=5, name="Vereinsabend")
    typo = t.entrants.get(start_number=3)
    services.set_status(typo, desk, "withdrawn")
    rnd = services.draw_round(t, boss, seed="rangliste")
    services.publish_round(t, boss, 1)
    for table in rnd.tables.all():
        services.director_set_result(table, boss, {"score": "0-1"})
    leaver = t.entrants.get(start_number=5)  # played round 1, then left
    services.set_status(leaver, desk, "withdrawn")
    ranked = [row["entrant"] for row in services.standings(t)["standings"]]
    assert sorted(ranked) == [1, 2, 4, 5]  # 3 is not ranked; 5 played, so it is
    # The export keeps everybody, with the status.
    exported = {e["id"]: e["status"] for e in services.export_document(t)["entrants"]}
    assert exported[3] == "withdrawn" and len(exported) == 5
    # The spectators' standings and the projector: 3 apart under the table, 5 marked.
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    for params in ({}, {"view": "projector"}):
        html = client.get(reverse("public:standings", args=[t.slug]), params).content.decode()
        table, _sep, after = html.partition("</table>")
        assert "Spieler 3" not in table and "Spieler 5" in table
        assert re.search(r"Spieler 5 <span[^>]*>\(5\)</span> <span class=\"badge withdrawn\">",
                         table)
        assert "Withdrew before playing (not ranked):" in after and "Spieler 3" in after
    # The PDF's standings list.
    report = Report.objects.create(tournament=t, kind="standings")
    html = tasks.report_service.render_html(report, "http://halle.example/")
    table, _sep, after = html.partition("</table>")
    assert "Spieler 3" not in table and "3. Spieler 3" in after
    # The API's standings rank the same four.
    api = Client()
    api.force_login(boss.user)
    rows = api.get(reverse("api-standings", args=[t.slug])).json()["standings"]
    assert sorted(r["entrant"] for r in rows) == [1, 2, 4, 5]


# --- the rows offer what the tournament has ----------------------------------------------------


def test_rows_offer_only_the_markers_the_tournament_has(make_tournament, desk_client, desk):
    chess = make_tournament("chess", entrants=2, name="Schach")
    html = desk_client.get(page(chess)).content.decode()
    assert "draw_missing" not in html and "draw missing" not in html  # no desk draw in chess
    with pytest.raises(ServiceError, match="not drawn at the desk"):
        marking.set_marker(chess.entrants.get(start_number=1), desk, "draw_missing", True)
    mucken = make_tournament("mucken", "pair", entrants=2, name="Mucken")
    services.set_status(mucken.entrants.get(start_number=1), desk, "withdrawn")
    services.set_status(mucken.entrants.get(start_number=2), desk, "registered")
    html = desk_client.get(page(mucken)).content.decode()
    withdrawn, registered = row_of(html, 1), row_of(html, 2)
    assert "+ pre-registered" not in withdrawn and "+ draw missing" not in withdrawn
    assert "+ pre-registered" in registered and "+ draw missing" in registered
    # Once round 1 is drawn "draw missing" means nothing any more: no toggle.
    services.set_status(mucken.entrants.get(start_number=1), desk, "present")
    services.set_status(mucken.entrants.get(start_number=2), desk, "present")
    services.draw_round(mucken, Actor(None, "t"), seed="m")
    assert "+ draw missing" not in desk_client.get(page(mucken)).content.decode()


def test_error_lists_keep_their_list_role_and_rows_have_headers(make_tournament, desk_client):
    t = make_tournament("chess", entrants=1)
    html = desk_client.post(page(t), {"p1_name": "Spieler 1", "status": "present"},
                            **HX).content.decode()
    assert '<div role="alert"><ul class="errorlist" id="id_p1_name-error">' in html
    assert not re.search(r'<ul[^>]*role="alert"', html)
    html = desk_client.get(page(t)).content.decode()
    assert re.search(r'<th scope="row" class="desk-who"><a class="desk-edit"[^>]*>Spieler 1</a>',
                     html)


# --- the list of a full hall -------------------------------------------------------------------


def many(t, desk, n: int, start: int = 1) -> None:
    for i in range(start, start + n):
        services.register(t, desk, [{"name": f"Gast {i:04d}", "club": f"Klub {i % 7}"}],
                          status="present")


def test_the_list_is_paged_and_searched_on_the_server(make_tournament, desk_client, desk):
    t = make_tournament("boardgame", name="Voller Saal")
    many(t, desk, 120)
    services.register(t, desk, [{"name": "Özlem Özdemir", "club": "Klub 1"}], status="present")
    html = desk_client.get(page(t)).content.decode()
    assert rows_shown(html) == list(range(121, 71, -1))  # the newest 50
    assert "1–50 of 121, newest first" in html and "page 1 of 3" in html
    html = desk_client.get(page(t), {"page": "3"}).content.decode()
    assert rows_shown(html) == list(range(21, 0, -1))
    assert desk_client.get(page(t), {"page": "99"}).status_code == 200  # the last page
    # The words are searched over the whole tournament, in any case of any letter.
    html = desk_client.get(reverse("desk:entrant_list", args=[t.slug]),
                           {"q": "gast 0007"}).content.decode()
    assert rows_shown(html) == [7] and "<html" not in html
    assert rows_shown(desk_client.get(page(t), {"q": "özdemir"}).content.decode()) == [121]
    # A number is a start number, or a part of a name ("Gast 0112", "Gast 0120").
    assert rows_shown(desk_client.get(page(t), {"q": "12"}).content.decode()) == [120, 112, 12]
    assert rows_shown(desk_client.get(page(t), {"q": "121"}).content.decode()) == [121]


def test_a_sign_up_answer_does_not_grow_with_the_hall(make_tournament, desk_client, desk):
    sizes = {}
    for n in (60, 240):
        t = make_tournament("boardgame", name=f"Saal {n}")
        many(t, desk, n)
        r = desk_client.post(page(t), {"p1_name": f"Neu {n}", "p1_club": "Klub 1",
                                       "status": "present"}, **HX)
        html = r.content.decode()
        assert rows_shown(html) == [n + 1] and 'id="desk-list"' not in html
        sizes[n] = len(html) - html.count(str(n)) * len(str(n))
        # A sign-up that the filter shown does not let in changes no row of the page.
        html = desk_client.post(page(t), {"p1_name": f"Anders {n}", "status": "present",
                                          "q": "gast"}, **HX).content.decode()
        assert rows_shown(html) == [] and "Registered:" in html
        # Nor one while an older page is shown.
        html = desk_client.post(page(t), {"p1_name": f"Später {n}", "status": "present",
                                          "page": "2"}, **HX).content.decode()
        assert rows_shown(html) == []
    assert abs(sizes[240] - sizes[60]) < 200, sizes
    assert sizes[240] < 12_000


def test_a_sign_up_brings_the_list_when_it_gains_a_column(make_tournament, desk_client):
    t = make_tournament("boardgame", entrants=2)  # no club, no rating: no such columns
    html = desk_client.get(page(t)).content.decode()
    assert ">Club</th>" not in html and ">Rating</th>" not in html
    html = desk_client.post(page(t), {"p1_name": "Mit Verein", "p1_club": "SV Hof",
                                      "status": "present"}, **HX).content.decode()
    assert 'id="desk-list" hx-swap-oob="true"' in html and ">Club</th>" in html
    assert rows_shown(html) == [3, 2, 1]
