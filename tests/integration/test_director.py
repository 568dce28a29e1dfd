"""The director's pages and management commands, through the web client and call_command.

Assertions look at the database, the services' standings and form errors, and at
language-independent page content (names, start numbers, seeds, tokens); the
clients ask for English so the few UI words checked do not depend on the .mo file.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command, execute_from_command_line
from django.test import Client
from django.urls import reverse

from tournaments import result_forms, services
from tournaments.models import (
    ActionLog,
    Result,
    ResultRevision,
    Role,
    Round,
    Tournament,
)
from tournaments.services import Actor
from tournaments.services.director import example_payload

from .helpers import pussi_totals, row_errors

pytestmark = pytest.mark.django_db

DISCIPLINE_KINDS = [("chess", "single"), ("mucken", "pair"), ("mucken", "single"),
                    ("pussi", "single"), ("boardgame", "single"), ("tabletop", "single"),
                    ("skat", "single"), ("doppelkopf", "single"), ("schafkopf", "single")]


@pytest.fixture(autouse=True)
def fresh_cache():
    """Standings are cached by tournament id and version; ids repeat between tests."""
    cache.clear()
    yield
    cache.clear()


def english(client: Client) -> Client:
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture
def dclient(director) -> Client:
    """The director, who may also create tournaments (permission given in the admin)."""
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    c = Client()
    c.force_login(director)
    return english(c)


def actor_of(user) -> Actor:
    return Actor(user, user.username)


def seats_of(table) -> list:
    return sorted(table.seats.select_related("entrant"), key=lambda s: (s.side or 0, s.position))


def round_url(t: Tournament, n: int) -> str:
    return reverse("director:round", args=[t.slug, n])


def post_result(client: Client, t: Tournament, n: int, table: int, payload: Any, note: str = "",
                entry: str | None = "json"):
    """The advanced option: the result as JSON (``entry=None``: a form from before the inputs)."""
    text = payload if isinstance(payload, str) else json.dumps(payload)
    data = {f"t{table}-payload": text, f"t{table}-note": note}
    if entry is not None:
        data["entry"] = entry
    return client.post(reverse("director:result", args=[t.slug, n, table]), data)


def post_inputs(client: Client, t: Tournament, n: int, table: int, inputs: dict[str, str],
                note: str = ""):
    """The discipline's inputs, as the captains have them."""
    return client.post(reverse("director:result", args=[t.slug, n, table]),
                       {"entry": "inputs", f"t{table}-note": note, **inputs})


def played_round(t: Tournament, user, payloads=None) -> Round:
    """Draw, publish, enter a result at every table (the example, or given ones) and close."""
    rnd = services.draw_round(t, actor_of(user), seed="fixed")
    services.publish_round(t, actor_of(user), rnd.number)
    for k, table in enumerate(rnd.tables.order_by("number")):
        payload = payloads[k] if payloads else example_payload(t, seats_of(table))
        services.director_set_result(table, actor_of(user), payload)
    services.close_round(t, actor_of(user), rnd.number)
    t.refresh_from_db()
    return rnd


# ----------------------------------------------------------------------------- create


@pytest.mark.parametrize(("discipline", "kind"), DISCIPLINE_KINDS)
def test_create_from_preset(dclient, director, discipline, kind):
    from tournaments.disciplines import DISCIPLINES

    r = dclient.post(reverse("director:home"), {
        "action": "create", "create-name": f"Vereinsturnier {discipline}",
        "create-discipline": discipline, "create-entrant_kind": kind,
        "create-planned_rounds": ""})
    t = Tournament.objects.get(name=f"Vereinsturnier {discipline}")
    assert r.status_code == 302
    assert r["Location"] == reverse("director:tournament", args=[t.slug])
    info = DISCIPLINES[discipline]
    assert (t.discipline, t.entrant_kind) == (discipline, kind)
    assert t.scoring == info.scoring
    assert t.planned_rounds == info.planned_rounds
    assert t.pairing == info.methods[0]
    assert Role.objects.filter(tournament=t, user=director, kind="director").exists()
    page = dclient.get(r["Location"])
    assert page.status_code == 200
    assert f"Vereinsturnier {discipline}" in page.content.decode()


def test_create_with_planned_rounds_and_listing(dclient, director, stranger):
    dclient.post(reverse("director:home"), {
        "action": "create", "create-name": "Blitz", "create-discipline": "chess",
        "create-entrant_kind": "single", "create-planned_rounds": "9"})
    assert Tournament.objects.get(name="Blitz").planned_rounds == 9
    services.create_tournament(actor_of(stranger), "Fremdes Turnier", "pussi")
    page = dclient.get(reverse("director:home")).content.decode()
    assert "Blitz" in page
    assert "Fremdes Turnier" not in page  # only the user's own tournaments
    admin = get_user_model().objects.create_superuser("chef", password="x" * 12)
    c = Client()
    c.force_login(admin)
    assert "Fremdes Turnier" in c.get(reverse("director:home")).content.decode()


def test_create_refuses_entrant_kind_not_valid_for_the_discipline(dclient):
    r = dclient.post(reverse("director:home"), {
        "action": "create", "create-name": "Paarschach", "create-discipline": "chess",
        "create-entrant_kind": "pair"})
    assert r.status_code == 400
    errors = r.context["create_form"].errors
    assert "entrant_kind" in errors and "chess is played by single" in errors["entrant_kind"][0]
    assert not Tournament.objects.filter(name="Paarschach").exists()
    r = dclient.post(reverse("director:home"), {
        "action": "create", "create-name": "  ", "create-discipline": "chess",
        "create-entrant_kind": "single"})
    assert r.status_code == 400 and "name" in r.context["create_form"].errors
    assert Tournament.objects.count() == 0


# ----------------------------------------------------------------------------- dashboard


def test_dashboard_counts_and_links(dclient, director, desk_user, make_tournament):
    t = make_tournament("mucken", "pair", entrants=5)
    e = t.entrants.get(start_number=2)
    services.set_status(e, actor_of(desk_user), "absent")
    services.register(t, actor_of(desk_user), [{"name": "Spät"}, {"name": "Komm"}])
    r = dclient.get(reverse("director:tournament", args=[t.slug]))
    assert r.status_code == 200
    # registered, present, absent, withdrawn, total (labels are translated)
    assert [n for _, n in r.context["counts"]] == [1, 4, 1, 0, 6]
    html = r.content.decode()
    for link in (f"/desk/{t.slug}/", f"/t/{t.slug}/", f"/director/{t.slug}/reports/",
                 reverse("director:log", args=[t.slug]),
                 reverse("director:export", args=[t.slug]),
                 reverse("director:settings", args=[t.slug])):
        assert f'href="{link}"' in html


def test_export_download(dclient, make_tournament, director):
    t = make_tournament("chess", entrants=4)
    played_round(t, director)
    r = dclient.get(reverse("director:export", args=[t.slug]))
    assert r.status_code == 200
    assert "attachment" in r["Content-Disposition"] and t.slug in r["Content-Disposition"]
    doc = json.loads(r.content)
    assert doc == services.export_document(t)
    assert doc["format"] == "turnier/1" and len(doc["rounds"]) == 1


# ----------------------------------------------------------------------------- settings


def test_invalid_scoring_json_shows_the_field_error_and_changes_nothing(dclient,
                                                                        make_tournament):
    t = make_tournament("mucken", "pair", entrants=4)
    before = (t.name, t.scoring, t.planned_rounds, t.version)
    logged = ActionLog.objects.count()
    url = reverse("director:settings", args=[t.slug])
    form = {"name": "Neuer Name", "planned_rounds": "4", "pairing": "random_tables",
            "status": "setup", "public": "on", "target": "0", "bobbl_per_round": "2",
            "unfinished": "leader"}
    r = dclient.post(url, form)
    assert r.status_code == 400
    errors = r.context["form"].errors["target"]
    assert errors == ["must be a whole number from 1 to 100"]
    assert "must be a whole number from 1 to 100" in r.content.decode()
    # the advanced JSON import: checked the same way, errors name the key
    r = dclient.post(url, {"action": "import", "settings_json": '{"target": 0}'})
    assert r.status_code == 400
    assert r.context["import_form"].errors["settings_json"] == [
        "target: must be a whole number from 1 to 100"]
    r = dclient.post(url, {"action": "import", "settings_json": '{"target": 21,'})
    assert r.status_code == 400
    assert "JSON" in r.context["import_form"].errors["settings_json"][0]
    r = dclient.post(url, {"action": "import", "settings_json": "[1, 2]"})
    assert r.status_code == 400 and r.context["import_form"].errors["settings_json"]
    t.refresh_from_db()
    assert (t.name, t.scoring, t.planned_rounds, t.version) == before
    assert ActionLog.objects.count() == logged


def test_settings_saved_through_the_service(dclient, make_tournament):
    t = make_tournament("boardgame", entrants=8)
    r = dclient.post(reverse("director:settings", args=[t.slug]), {
        "name": "Qualifikation", "planned_rounds": "4", "pairing": "random_tables",
        "status": "setup", "placement_4": "6, 3, 2, 1", "placement_3": "6, 3, 1"})
    assert r.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.planned_rounds, t.pairing, t.public) == ("Qualifikation", 4,
                                                                "random_tables", False)
    assert t.scoring["placement"]["4"] == [6, 3, 2, 1]
    entry = ActionLog.objects.filter(tournament=t, action="update_tournament").get()
    assert entry.after["name"] == "Qualifikation"
    # a draw method the discipline does not have is refused at the field
    r = dclient.post(reverse("director:settings", args=[t.slug]), {
        "name": "Qualifikation", "planned_rounds": "4", "pairing": "score_order",
        "status": "setup", "placement_4": "6, 3, 2, 1", "placement_3": "6, 3, 1"})
    assert r.status_code == 400 and "pairing" in r.context["form"].errors


def test_roles_granted_by_username_and_removed(dclient, make_tournament, stranger, director):
    t = make_tournament("chess")
    url = reverse("director:roles", args=[t.slug])
    r = dclient.post(url, {"action": "grant", "username": "FREMD", "kind": "desk"})
    assert r.status_code == 302
    assert Role.objects.filter(tournament=t, user=stranger, kind="desk").exists()
    r = dclient.post(url, {"action": "grant", "username": "niemand", "kind": "desk"})
    assert r.status_code == 400 and "username" in r.context["role_form"].errors
    r = dclient.post(url, {"action": "grant", "username": "fremd", "kind": "director"})
    assert r.status_code == 302
    c = english(Client())
    c.force_login(stranger)
    assert c.get(reverse("director:tournament", args=[t.slug])).status_code == 200
    r = dclient.post(url, {"action": "revoke", "username": "fremd", "kind": "director"})
    assert r.status_code == 302
    assert c.get(reverse("director:tournament", args=[t.slug])).status_code == 403
    # the last director stays
    r = dclient.post(url, {"action": "revoke", "username": "direktor", "kind": "director"})
    assert r.status_code == 400 and "username" in r.context["role_form"].errors
    assert Role.objects.filter(tournament=t, user=director, kind="director").exists()


# ----------------------------------------------------------------------------- rounds


def test_mucken_pairs_draw_preview_publish_results_close_standings(dclient, make_tournament):
    t = make_tournament("mucken", "pair", entrants=6)
    r = dclient.post(reverse("director:draw", args=[t.slug]),
                     {"seed": "hallo-2026", "method": "random_tables"})
    assert r.status_code == 302 and r["Location"] == round_url(t, 1)
    rnd = t.rounds.get(number=1)
    assert rnd.status == Round.Status.PREVIEW and rnd.draw_seed == "hallo-2026"
    tables = list(rnd.tables.order_by("number"))
    assert len(tables) == 3

    page = dclient.get(round_url(t, 1))
    html = page.content.decode()
    assert page.status_code == 200 and "hallo-2026" in html
    for table in tables:
        for s in seats_of(table):
            assert f"<strong>{s.entrant.start_number}.</strong> {s.entrant.name}" in html
    assert reverse("director:publish", args=[t.slug, 1]) in html
    assert f"/c/{tables[0].token}/" not in html  # captains get links once published

    # no results while the round is a preview
    r = post_result(dclient, t, 1, 1, {"bobbl": [[21, 3], [21, 4]]})
    assert r.status_code == 400 and not Result.objects.exists()

    assert dclient.post(reverse("director:publish", args=[t.slug, 1])).status_code == 302
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.OPEN
    page = dclient.get(round_url(t, 1))
    html = page.content.decode()
    assert f'href="/c/{tables[0].token}/"' in html and f"/c/{tables[0].token}/qr.svg" in html
    form = page.context["tables"][0].form
    assert json.loads(form.initial["payload"]) == {"bobbl": [[21, 15], [18, 21]]}

    # a bad payload: the error is at the field and nothing is stored
    r = post_result(dclient, t, 1, 1, {"bobbl": [[21, 21], [21, 3]]})
    assert r.status_code == 400
    bound = next(tv.form for tv in r.context["tables"] if tv.table.number == 1)
    assert any("both sides reached 21" in e for e in bound.errors["payload"])
    r = post_result(dclient, t, 1, 1, "{not json")
    assert r.status_code == 400
    assert not Result.objects.exists()

    # side 1 wins both Bobbl everywhere; the losers score 10+k and 5+k
    expected_values = {}
    for k, table in enumerate(tables, start=1):
        payload = {"bobbl": [[21, 10 + k], [21, 5 + k]]}
        winner, loser = [s.entrant.start_number for s in seats_of(table)]
        expected_values[winner] = {"bobbl": 2, "tore": 0, "gegentore": 15 + 2 * k}
        expected_values[loser] = {"bobbl": 0, "tore": 15 + 2 * k, "gegentore": 0}
        if k == 1:
            # close is refused while tables have no result, and says which
            r = dclient.post(reverse("director:close", args=[t.slug, 1]), follow=True)
            assert ("tables without an agreed result: table 1 (no result yet), "
                    "table 2 (no result yet), table 3 (no result yet)") in r.content.decode()
            assert t.rounds.get(number=1).status == Round.Status.OPEN
        r = post_result(dclient, t, 1, table.number, payload, note="Zettel")
        assert r.status_code == 302 and r["Location"].endswith(f"#table-{table.number}")
        assert table.result.payload == payload
        assert table.result.status == Result.Status.CONFIRMED

    # a correction through the same form
    r = post_result(dclient, t, 1, 3, {"bobbl": [[21, 13], [21, 8]]})
    assert r.status_code == 302
    assert tables[2].revisions.count() == 2

    assert dclient.post(reverse("director:close", args=[t.slug, 1])).status_code == 302
    assert t.rounds.get(number=1).status == Round.Status.CLOSED
    t.refresh_from_db()
    rows = services.standings(t)["standings"]
    got = {row["entrant"]: {k: row["values"][k] for k in ("bobbl", "tore", "gegentore")}
           for row in rows}
    assert got == expected_values
    order = [row["entrant"] for row in rows]
    w = [seats_of(tb)[0].entrant.start_number for tb in tables]
    lo = [seats_of(tb)[1].entrant.start_number for tb in tables]
    assert order == [w[0], w[1], w[2], lo[2], lo[1], lo[0]]
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5, 6]

    # reopen the last round, close again; then the next draw is offered
    assert dclient.post(reverse("director:reopen", args=[t.slug, 1])).status_code == 302
    assert t.rounds.get(number=1).status == Round.Status.OPEN
    dclient.post(reverse("director:close", args=[t.slug, 1]))
    page = dclient.get(round_url(t, 1))
    assert page.context["draw_form"] is not None


def test_draw_refused_while_the_last_round_is_open(dclient, make_tournament, director):
    t = make_tournament("chess", entrants=4)
    rnd = services.draw_round(t, actor_of(director))
    r = dclient.post(reverse("director:draw", args=[t.slug]), {"method": "score_order"})
    assert r.status_code == 400
    assert "round 1 is not closed yet" in r.context["draw_form"].non_field_errors()[0]
    assert t.rounds.count() == 1
    page = dclient.get(round_url(t, rnd.number)).content.decode()
    assert "White" in page and "Black" in page


def test_undo_draw_only_while_no_result_is_in(dclient, make_tournament, director):
    t = make_tournament("tabletop", entrants=4)
    services.draw_round(t, actor_of(director))
    r = dclient.post(reverse("director:undo", args=[t.slug]))
    assert r.status_code == 302 and not t.rounds.exists()

    rnd = services.draw_round(t, actor_of(director), seed="zwei")
    services.publish_round(t, actor_of(director), rnd.number)
    table = rnd.tables.first()
    services.captain_submit(table.token, {"missions": [[10, 5], [3, 3], [2, 0]]})
    r = dclient.post(reverse("director:undo", args=[t.slug]), follow=True)
    assert "has results" in r.content.decode()
    assert t.rounds.filter(number=rnd.number).exists()
    assert Result.objects.filter(table=table).exists()


def test_dispute_settled_by_accepting_a_revision(dclient, make_tournament, director):
    t = make_tournament("chess", entrants=4)
    rnd = services.draw_round(t, actor_of(director), seed="streit")
    services.publish_round(t, actor_of(director), rnd.number)
    table = rnd.tables.get(number=1)
    services.captain_submit(table.token, {"score": "1-0"}, device_id="phone-of-the-winner")
    services.captain_submit(table.token, {"score": "0-1"}, device_id="phone-of-the-loser")
    table.result.refresh_from_db()
    assert table.result.status == Result.Status.DISPUTED

    page = dclient.get(round_url(t, rnd.number))
    tv = page.context["tables"][0]
    assert tv.disputed and [r.payload for r in tv.revisions] == [{"score": "1-0"},
                                                                 {"score": "0-1"}]
    html = page.content.decode()
    revisions = list(ResultRevision.objects.filter(table=table))
    for rev in revisions:
        assert reverse("director:accept", args=[t.slug, rev.pk]) in html

    r = dclient.post(reverse("director:accept", args=[t.slug, revisions[1].pk]))
    assert r.status_code == 302
    result = Result.objects.get(table=table)
    assert result.payload == {"score": "0-1"} and result.status == Result.Status.CONFIRMED
    assert ResultRevision.objects.filter(table=table).count() == 3
    # a revision of another tournament is not found here
    other = make_tournament("chess", entrants=2, name="Anderes")
    o_rnd = services.draw_round(other, actor_of(director))
    services.publish_round(other, actor_of(director), o_rnd.number)
    o_table = o_rnd.tables.first()
    services.captain_submit(o_table.token, {"score": "1-0"})
    o_rev = ResultRevision.objects.get(table=o_table)
    r = dclient.post(reverse("director:accept", args=[t.slug, o_rev.pk]))
    assert r.status_code == 404


def test_action_log_newest_first_and_paginated(dclient, make_tournament, director):
    t = make_tournament("pussi", entrants=4)
    for k in range(60):
        services.update_tournament(t, actor_of(director), planned_rounds=1 + k % 9)
    r = dclient.get(reverse("director:log", args=[t.slug]))
    assert r.status_code == 200
    ids = [row["entry"].pk for row in r.context["rows"]]
    assert len(ids) == 50 and ids == sorted(ids, reverse=True)
    assert ids[0] == ActionLog.objects.filter(tournament=t).latest("id").pk
    r2 = dclient.get(reverse("director:log", args=[t.slug]), {"page": 2})
    older = [row["entry"].pk for row in r2.context["rows"]]
    assert older and max(older) < min(ids)
    assert 'data-action="update_tournament"' in r.content.decode()  # for scripts, not shown


# ----------------------------------------------------------------------------- result inputs


def open_round(t: Tournament, user, seed: str = "eingabe") -> tuple[Round, list]:
    rnd = services.draw_round(t, actor_of(user), seed=seed)
    services.publish_round(t, actor_of(user), rnd.number)
    return rnd, list(rnd.tables.order_by("number"))


def table_html(content: str, number: int) -> str:
    """The part of the round page that shows table ``number``."""
    m = re.search(rf'<article class="card" id="table-{number}">(.*?)</article>', content, re.S)
    assert m, f"table {number} not on the page"
    return m.group(1)


def inputs_html(content: str, number: int) -> str:
    """Table ``number``'s form with the discipline's inputs (not the JSON option)."""
    m = re.search(r'<form [^>]*data-result-form[^>]*>(.*?)</form>', table_html(content, number),
                  re.S)
    assert m, f"table {number} has no inputs form"
    return m.group(1)


def value_of(content: str, name: str) -> str | None:
    """The value an input named ``name`` shows (a select: its selected option; radio
    buttons: the checked one's)."""
    radios = re.findall(r'<input type="radio" name="' + re.escape(name)
                        + r'" value="([^"]*)"([^>]*)>', content)
    if radios:
        return next((v for v, rest in radios if " checked" in rest), "")
    m = re.search(r'<input [^>]*name="' + re.escape(name) + r'" value="([^"]*)"', content)
    if m:
        return m.group(1)
    m = re.search(r'<select name="' + re.escape(name) + r'"(.*?)</select>', content, re.S)
    if m:
        chosen = re.search(r'<option value="([^"]*)" selected>', m.group(1))
        return chosen.group(1) if chosen else ""
    return None


PUSSI_GAMES = [(1, 60, 60, 20), (2, 50, 80, 70), (1, 40, 40, 95)]


def entry_url(t: Tournament, number: int, table: int) -> str:
    """One table's result forms alone: what the round page fetches when a list is opened."""
    return reverse("director:table_entry", args=[t.slug, number, table])


def test_round_page_offers_the_captains_inputs_per_table(dclient, make_tournament, director):
    """A card game's list is long: the round page links each table's inputs and shows them
    when opened (fetched from the table's own address, or the page with ?table=<n>)."""
    t = make_tournament("pussi", entrants=8)
    _rnd, tables = open_round(t, director)
    r = dclient.get(round_url(t, 1))
    page = r.content.decode()
    assert r.status_code == 200
    assert "data-result-form" not in page  # no list rendered before it is opened
    parts = []
    for table in tables:
        link = table_html(page, table.number)
        assert f'data-open-entry="{entry_url(t, 1, table.number)}"' in link
        assert f'href="?table={table.number}#table-{table.number}"' in link
        r = dclient.get(entry_url(t, 1, table.number))
        assert r.status_code == 200
        parts.append(r.content.decode())
        content = f'<article class="card" id="table-{table.number}">{parts[-1]}</article>'
        masked = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
        assert masked.sub("", inputs_html(content, table.number)) == masked.sub("", inputs_html(
            dclient.get(round_url(t, 1) + f"?table={table.number}").content.decode(),
            table.number))
        part = inputs_html(content, table.number)
        assert 'name="entry" value="inputs"' in part
        assert 'name="games[7].total2"' in part and "games[__k__]" in part
        assert f'id="t{table.number}-pussi-messages"' in part
        # the JSON option stays, collapsed, posting to the same URL
        rest = table_html(content, table.number)
        assert re.search(r'<details class="json-entry">\s*<summary>Advanced: edit as JSON',
                         rest)
        assert 'name="entry" value="json"' in rest and f'name="t{table.number}-payload"' in rest
        action = reverse("director:result", args=[t.slug, 1, table.number])
        assert rest.count(f'action="{action}#table-{table.number}"') == 2
    assert "".join(parts).count("data-result-form") == len(tables)
    assert "js/captain.js" in page and "css/captain.css" in page and "js/list-entry.js" in page
    ids = Counter(re.findall(r'\sid="([^"]+)"', page + "".join(parts)))
    assert [i for i, n in ids.items() if n > 1] == []  # several lists open, no shared ids


def test_mucken_result_entered_through_the_inputs(dclient, make_tournament, director):
    t = make_tournament("mucken", "pair", entrants=4)
    _rnd, tables = open_round(t, director)
    inputs = {"bobbl[0].side1": "21", "bobbl[0].side2": "11",
              "bobbl[1].side1": "17", "bobbl[1].side2": "21"}
    r = post_inputs(dclient, t, 1, 2, inputs, note="Zettel")
    assert r.status_code == 302 and r["Location"] == round_url(t, 1) + "#table-2"
    result = Result.objects.get(table=tables[1])
    assert result.payload == {"bobbl": [[21, 11], [17, 21]]}
    assert result.status == Result.Status.CONFIRMED
    revision = ResultRevision.objects.get(table=tables[1])
    assert (revision.source, revision.note) == ("director", "Zettel")
    assert not Result.objects.filter(table=tables[0]).exists()
    # the scoring check's message lands at its Bobbl, and nothing changes
    r = post_inputs(dclient, t, 1, 2, {**inputs, "bobbl[1].side1": "21"})
    assert r.status_code == 400
    part = inputs_html(r.content.decode(), 2)
    assert "both sides reached 21" in row_errors(part, "bobbl[1]")
    assert row_errors(part, "bobbl[0]") == ""
    assert value_of(part, "bobbl[1].side1") == "21"  # shown as sent
    result.refresh_from_db()
    assert result.payload == {"bobbl": [[21, 11], [17, 21]]} and result.version == 1


def test_pussi_result_entered_through_the_inputs(dclient, make_tournament, director):
    t = make_tournament("pussi", entrants=8, scoring={"games_per_series": 2})
    _rnd, tables = open_round(t, director)
    # three games, one more than the series (added by button)
    post, payload = pussi_totals(PUSSI_GAMES)
    r = post_inputs(dclient, t, 1, 1, {**post, "games[3].bid": " "})
    assert r.status_code == 302
    assert Result.objects.get(table=tables[0]).payload == payload
    # a correction the same way
    post["games[2].total2"] = "100"
    r = post_inputs(dclient, t, 1, 1, post)
    assert r.status_code == 302
    assert Result.objects.get(table=tables[0]).payload["games"][2]["totals"] == [40, 100]
    assert ResultRevision.objects.filter(table=tables[0]).count() == 2


def test_wrong_pussi_total_shown_at_its_game_row_and_nothing_saved(dclient, make_tournament,
                                                                   director):
    t = make_tournament("pussi", entrants=8)
    open_round(t, director)
    post, _payload = pussi_totals(PUSSI_GAMES)
    post["games[1].total2"] = "75"  # the declarer (party 2) gained 55 with a bid of 50
    logged = ActionLog.objects.count()
    r = post_inputs(dclient, t, 1, 2, post)
    assert r.status_code == 400
    content = r.content.decode()
    part = inputs_html(content, 2)
    at_row = row_errors(part, "games[1]")
    assert "75" in at_row and "does not follow" in at_row
    assert row_errors(part, "games[0]") == "" and row_errors(part, "games[2]") == ""
    assert re.search(r'class="cap-line cap-game has-error" data-row="games\[1\]"', part)
    assert value_of(part, "games[1].total2") == "75" and value_of(part, "games[1].declarer") == "2"
    assert 'data-error-for="games[1]"' not in table_html(content, 1)  # only the sent table
    assert not Result.objects.exists() and not ResultRevision.objects.exists()
    assert ActionLog.objects.count() == logged
    # what names no row is shown above the inputs
    r = post_inputs(dclient, t, 1, 2, {})
    assert r.status_code == 400
    general = re.search(r'<ul class="errorlist cap-general" data-error-for="__all__" '
                        r'role="alert">(.*?)</ul>', inputs_html(r.content.decode(), 2), re.S)
    assert general and "enter at least one game" in general.group(1)
    assert not Result.objects.exists()


def test_unparsable_input_shows_a_field_error(dclient, make_tournament, director):
    t = make_tournament("mucken", "pair", entrants=4)
    open_round(t, director)
    r = post_inputs(dclient, t, 1, 1, {"bobbl[0].side1": "zwanzig", "bobbl[0].side2": "3",
                                       "bobbl[1].side1": "21", "bobbl[1].side2": ""},
                    note="x" * 201)
    assert r.status_code == 400
    part = inputs_html(r.content.decode(), 1)
    assert "Party 1: not a number" in row_errors(part, "bobbl[0]")
    assert "Party 2: required" in row_errors(part, "bobbl[1]")
    assert re.search(r'<input id="t1-f-bobbl-0-side1" name="bobbl\[0\].side1" '
                     r'value="zwanzig"[^>]*aria-invalid="true"', part)
    assert 'id="t1-f-bobbl-0-side2" name="bobbl[0].side2" value="3"' in part
    tv = next(tv for tv in r.context["tables"] if tv.table.number == 1)
    assert tv.inputs.note.errors["note"]  # too long, at its field
    assert not Result.objects.exists()
    # no result while the round is a preview: said above the page (it has no result forms)
    t2 = make_tournament("mucken", "pair", entrants=4, name="Vorschau")
    services.draw_round(t2, actor_of(director))
    r = post_inputs(dclient, t2, 1, 1, {"bobbl[0].side1": "21", "bobbl[0].side2": "3",
                                        "bobbl[1].side1": "21", "bobbl[1].side2": "4"})
    assert r.status_code == 400 and not Result.objects.exists()
    assert "Publish the round before entering results." in r.content.decode()
    assert "data-result-form" not in r.content.decode()


def test_inputs_prefilled_from_the_current_result(dclient, make_tournament, director):
    t = make_tournament("pussi", entrants=8)
    _rnd, tables = open_round(t, director)
    post, payload = pussi_totals(PUSSI_GAMES)
    services.captain_submit(tables[0].token, payload)
    content = dclient.get(round_url(t, 1) + "?table=1").content.decode()
    part = inputs_html(content, 1)
    for name, value in post.items():
        assert value_of(part, name) == value, name
    assert value_of(part, "games[3].bid") == ""  # the series' other rows stay empty
    assert "Correct result" in part and "data-misfit" not in part
    empty = inputs_html(dclient.get(round_url(t, 1) + "?table=2").content.decode(), 2)
    assert value_of(empty, "games[0].total1") == "" and value_of(empty, "games[0].declarer") == ""
    # sending the prefilled inputs unchanged confirms the captain's result
    r = post_inputs(dclient, t, 1, 1, post)
    assert r.status_code == 302
    result = Result.objects.get(table=tables[0])
    assert result.payload == payload and result.status == Result.Status.CONFIRMED


@pytest.mark.parametrize(("discipline", "kind"), DISCIPLINE_KINDS)
def test_every_discipline_prefills_its_inputs_with_the_result(dclient, make_tournament,
                                                              director, discipline, kind):
    t = make_tournament(discipline, kind, entrants=8 if discipline == "pussi" else 4)
    _rnd, tables = open_round(t, director)
    payload = example_payload(t, seats_of(tables[0]))
    services.director_set_result(tables[0], actor_of(director), payload)
    rform = result_forms.form_for(discipline)
    values = rform.post_from_payload(payload, tables[0])
    assert values and rform.payload_from_post(values, tables[0]) == payload
    r = dclient.get(round_url(t, 1) + "?table=1")  # a long list shows when opened
    part = inputs_html(r.content.decode(), 1)
    assert "data-misfit" not in part
    for name, value in values.items():
        if name == "score":
            assert f'name="score" value="{value}" checked' in part
        else:
            assert value_of(part, name) == value, name
    tv = r.context["tables"][0]
    assert not tv.inputs.json_open and not tv.inputs.errors


def test_result_that_does_not_fit_the_inputs_opens_the_json_option(dclient, make_tournament,
                                                                   director):
    t = make_tournament("mucken", "pair", entrants=4)
    _rnd, tables = open_round(t, director)
    services.director_set_result(tables[0], actor_of(director), {"bobbl": [[21, 3], [21, 4]]})
    # as if stored before the settings changed: a third Bobbl the inputs have no row for
    Result.objects.filter(table=tables[0]).update(payload={"bobbl": [[21, 3], [21, 4], [2, 21]]})
    content = dclient.get(round_url(t, 1)).content.decode()
    part = table_html(content, 1)
    assert "data-misfit" in part and '<details class="json-entry" open>' in part
    assert value_of(part, "bobbl[1].side2") == "4"
    assert "data-misfit" not in table_html(content, 2)


def test_json_option_keeps_working(dclient, make_tournament, director):
    t = make_tournament("mucken", "pair", entrants=4)
    _rnd, tables = open_round(t, director)
    r = post_result(dclient, t, 1, 1, {"bobbl": [[21, 21], [21, 3]]})
    assert r.status_code == 400
    tv = next(tv for tv in r.context["tables"] if tv.table.number == 1)
    assert any("both sides reached 21" in e for e in tv.form.errors["payload"])
    assert tv.inputs.json_open
    assert '<details class="json-entry" open>' in table_html(r.content.decode(), 1)
    # a form from before the inputs (no entry field) is still taken as JSON
    r = post_result(dclient, t, 1, 1, {"bobbl": [[21, 5], [21, 3]]}, entry=None)
    assert r.status_code == 302
    assert Result.objects.get(table=tables[0]).payload == {"bobbl": [[21, 5], [21, 3]]}
    # the entry field decides: JSON fields beside "inputs" are not read
    r = dclient.post(reverse("director:result", args=[t.slug, 1, 2]), {
        "entry": "inputs", "t2-payload": json.dumps({"bobbl": [[21, 5], [21, 3]]})})
    assert r.status_code == 400
    assert "Party 1: required" in row_errors(inputs_html(r.content.decode(), 2), "bobbl[0]")
    assert not Result.objects.filter(table=tables[1]).exists()


# ----------------------------------------------------------------------------- documents


def tournament_with_results(make_tournament, director, discipline, kind="single"):
    entrants = {"chess": 4, "mucken": 4, "pussi": 8, "boardgame": 7, "tabletop": 4,
                "skat": 7, "doppelkopf": 8, "schafkopf": 8}[discipline]
    t = make_tournament(discipline, kind, entrants=entrants, name=f"Original {discipline}")
    played_round(t, director)
    rnd = services.draw_round(t, actor_of(director), seed="zweite")
    services.publish_round(t, actor_of(director), rnd.number)
    first = rnd.tables.order_by("number").first()
    services.director_set_result(first, actor_of(director),
                                 example_payload(t, seats_of(first)))
    t.refresh_from_db()
    return t


@pytest.mark.parametrize(("discipline", "kind"), DISCIPLINE_KINDS)
def test_export_then_import_gives_the_same_standings(dclient, make_tournament, director,
                                                     discipline, kind):
    t = tournament_with_results(make_tournament, director, discipline, kind)
    before = services.standings(t)
    assert any(any(v for v in row["values"].values()) for row in before["standings"])
    doc = dclient.get(reverse("director:export", args=[t.slug])).content
    upload = SimpleUploadedFile("turnier.json", doc, content_type="application/json")
    r = dclient.post(reverse("director:home"), {"action": "import", "import-document": upload,
                                                "import-slug": f"kopie-{discipline}"})
    assert r.status_code == 302, r.context and r.context["import_form"].errors
    copy = Tournament.objects.get(slug=f"kopie-{discipline}")
    assert r["Location"] == reverse("director:tournament", args=[copy.slug])
    assert copy.discipline == discipline and copy.entrant_kind == kind
    assert services.standings(copy) == before
    assert is_director_of(director, copy)


def is_director_of(user, t) -> bool:
    return Role.objects.filter(tournament=t, user=user, kind="director").exists()


def bad_document() -> dict[str, Any]:
    return {"format": "turnier/1", "name": "Kaputt", "discipline": "mucken",
            "scoring": {"target": 21},
            "entrants": [{"id": 1, "name": "A / B"}, {"id": 2, "name": "C / D"}],
            "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
                {"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}],
                "result": {"bobbl": [[21, 21], [21, 4]]}}], "byes": []}]}


def test_import_upload_lists_every_problem_with_its_place(dclient):
    doc = bad_document()
    doc["entrants"].append({"id": 2, "name": "Doppelt"})
    upload = SimpleUploadedFile("kaputt.json", json.dumps(doc).encode())
    r = dclient.post(reverse("director:home"), {"action": "import", "import-document": upload})
    assert r.status_code == 400
    errors = r.context["import_form"].errors["document"]
    assert any(e.startswith("rounds[0].tables[0].result") and "both sides reached 21" in e
               for e in errors)
    assert any(e.startswith("entrants[2]") for e in errors), errors
    assert "rounds[0].tables[0].result" in r.content.decode()
    assert not Tournament.objects.exists()
    r = dclient.post(reverse("director:home"), {
        "action": "import", "import-document": SimpleUploadedFile("x.json", b"{nope")})
    assert r.status_code == 400 and "JSON" in r.context["import_form"].errors["document"][0]


@pytest.mark.parametrize("discipline", ["doppelkopf"])
def test_import_upload_of_a_card_list_document(dclient, discipline):
    """A Doppelkopf document (a compulsory queens solo won with "Re", 180 card points:
    1 + below 90 + Re 2 = 4, the soloist +12) imports from the director's page since the web
    app has Doppelkopf pages (issue 21)."""
    line = {"re": [3], "kind": "queens", "compulsory": True, "re_eyes": 180,
            "announce": {"re": "re"}}
    doc = {"format": "turnier/1", "name": "Kartenabend", "discipline": discipline,
           "entrants": [{"id": i, "name": f"Spieler {i}"} for i in range(1, 5)],
           "rounds": [{"number": 1, "tables": [{"seats": [{"entrant": i} for i in range(1, 5)],
                                                "result": {"games": [line]}}]}]}
    upload = SimpleUploadedFile("karten.json", json.dumps(doc).encode())
    r = dclient.post(reverse("director:home"), {"action": "import", "import-document": upload})
    assert r.status_code == 302, r.context["import_form"].errors
    t = Tournament.objects.get(discipline=discipline)
    points = {r["entrant"]: r["values"]["points"] for r in services.standings(t)["standings"]}
    assert points == {1: -4, 2: -4, 3: 12, 4: -4}


def test_management_commands_round_trip(make_tournament, director, tmp_path):
    t = tournament_with_results(make_tournament, director, "boardgame")
    out = StringIO()
    call_command("export_tournament", t.slug, stdout=out)
    assert json.loads(out.getvalue()) == services.export_document(t)
    path = tmp_path / "brett.json"
    call_command("export_tournament", t.slug, "-o", str(path), stderr=StringIO())
    out = StringIO()
    call_command("import_tournament", str(path), "--slug", "brett-kopie", stdout=out)
    assert out.getvalue().strip() == "brett-kopie"
    copy = Tournament.objects.get(slug="brett-kopie")
    assert services.standings(copy) == services.standings(t)
    # without --slug a fresh address is derived from the name
    out = StringIO()
    call_command("import_tournament", str(path), stdout=out)
    slug = out.getvalue().strip()
    assert slug not in (t.slug, "brett-kopie") and Tournament.objects.filter(slug=slug).exists()
    # the taken address is refused with status 2
    with pytest.raises(CommandError) as exc:
        call_command("import_tournament", str(path), "--slug", "brett-kopie")
    assert exc.value.returncode == 2


def test_import_command_refuses_a_bad_document_with_status_2(tmp_path, capsys, monkeypatch):
    # run_from_argv closes every connection when it ends; on PostgreSQL that would close the
    # test's own connection inside its transaction.
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    path = tmp_path / "kaputt.json"
    path.write_text(json.dumps(bad_document()), encoding="utf-8")
    with pytest.raises(CommandError) as exc:
        call_command("import_tournament", str(path))
    assert exc.value.returncode == 2
    assert "rounds[0].tables[0].result: bobbl 1: both sides reached 21" in str(exc.value)
    # as from the shell: exit status 2, the place on stderr, no traceback
    with pytest.raises(SystemExit) as exited:
        execute_from_command_line(["manage.py", "import_tournament", str(path)])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "rounds[0].tables[0].result: bobbl 1: both sides reached 21" in err
    assert "Traceback" not in err
    assert not Tournament.objects.exists()
    path.write_text("{kein json", encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        execute_from_command_line(["manage.py", "import_tournament", str(path)])
    assert exited.value.code == 2 and "not JSON" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:
        execute_from_command_line(["manage.py", "export_tournament", "gibt-es-nicht"])
    assert exited.value.code == 2


# ----------------------------------------------------------------------------- permissions


def director_urls(t: Tournament, revision_pk: int) -> list[tuple[str, str]]:
    slug = t.slug
    return [
        ("get", reverse("director:home")),
        ("post", reverse("director:home")),
        ("get", reverse("director:tournament", args=[slug])),
        ("get", reverse("director:export", args=[slug])),
        ("get", reverse("director:settings", args=[slug])),
        ("post", reverse("director:settings", args=[slug])),
        ("post", reverse("director:roles", args=[slug])),
        ("get", reverse("director:log", args=[slug])),
        ("post", reverse("director:draw", args=[slug])),
        ("post", reverse("director:undo", args=[slug])),
        ("get", reverse("director:round", args=[slug, 1])),
        ("post", reverse("director:publish", args=[slug, 1])),
        ("post", reverse("director:close", args=[slug, 1])),
        ("post", reverse("director:reopen", args=[slug, 1])),
        ("post", reverse("director:result", args=[slug, 1, 1])),
        ("post", reverse("director:accept", args=[slug, revision_pk])),
    ]


@pytest.fixture
def guarded(make_tournament, director):
    t = make_tournament("chess", entrants=4)
    rnd = services.draw_round(t, actor_of(director), seed="rechte")
    services.publish_round(t, actor_of(director), rnd.number)
    table = rnd.tables.get(number=1)
    services.captain_submit(table.token, {"score": "1-0"})
    return t, ResultRevision.objects.get(table=table).pk


def test_every_director_url_refuses_anonymous_desk_and_stranger(guarded, desk_user, stranger,
                                                                director):
    t, rev = guarded
    urls = director_urls(t, rev)
    assert {u for _, u in urls} >= {reverse(f"director:{n}", args=a) for n, a in (
        ("tournament", [t.slug]), ("round", [t.slug, 1]))}
    version = Tournament.objects.get(pk=t.pk).version
    anonymous = Client()
    desk = Client()
    desk.force_login(desk_user)
    other = Client()
    other.force_login(stranger)
    for method, url in urls:
        r = getattr(anonymous, method)(url)
        assert r.status_code == 302, (method, url)
        assert r["Location"].startswith(reverse("login") + "?next="), (method, url)
        for c in (desk, other):
            assert getattr(c, method)(url).status_code == 403, (method, url)
    t.refresh_from_db()
    assert t.version == version  # nothing changed
    boss = Client()
    boss.force_login(director)
    get_pages = {u for m, u in urls if m == "get"}
    for _, url in urls:  # the director gets in (POST-only pages refuse a GET)
        assert boss.get(url).status_code == (200 if url in get_pages else 405), url


def test_a_trf_file_imports_as_a_chess_tournament_and_exports_again(dclient):
    from pairing.trf import read
    from tournaments.disciplines.chess.trf import trf_differences

    text = (Path(__file__).resolve().parents[2] / "fixtures" / "dutch"
            / "t0001.trf").read_bytes()
    r = dclient.post(reverse("director:home"), {
        "action": "import", "import-document": SimpleUploadedFile("t0001.trf", text)})
    assert r.status_code == 302
    t = Tournament.objects.order_by("-id").first()
    assert t.discipline == "chess" and t.entrants.exists()
    page = dclient.get(reverse("director:tournament", args=[t.slug])).content.decode()
    assert reverse("director:export_trf", args=[t.slug]) in page
    out = dclient.get(reverse("director:export_trf", args=[t.slug]))
    assert out["Content-Disposition"].endswith('.trf"')
    assert trf_differences(read(text.decode("latin-1")), read(out.content.decode())) == []


def test_a_broken_trf_file_is_refused_at_its_line(dclient):
    bad = b"012 Test\n001    x      Spieler Eins\n"
    r = dclient.post(reverse("director:home"), {
        "action": "import", "import-document": SimpleUploadedFile("x.trf", bad)})
    assert r.status_code == 400
    errors = r.context["import_form"].errors["document"]
    assert any("line 2" in e for e in errors)


def test_director_picks_and_orders_the_chess_tiebreaks(dclient, make_tournament):
    t = make_tournament("chess")
    url = reverse("director:settings", args=[t.slug])
    page = dclient.get(url).content.decode()
    assert "BH-C1 – Buchholz cut 1" in page and "KS – Koya system" in page
    form = {"name": t.name, "planned_rounds": "7", "pairing": t.pairing, "status": "setup",
            "public": "on", "win": "1", "draw": "0.5", "loss": "0", "bye": "1",
            "system": "swiss", "tiebreak_rules": "fide2026",
            "tiebreak_1": "sonneborn_berger", "tiebreak_2": "progressive",
            "tiebreak_3": "direct_encounter", "seeding_rating": "elo_else_dwz",
            "first_colour": "lot", "round_robin_numbers": "registration"}
    r = dclient.post(url, {**form, "tiebreak_3": "sonneborn_berger"})
    assert r.status_code == 400
    assert "listed twice" in r.context["form"].errors["tiebreak_3"][0]
    assert dclient.post(url, form).status_code == 302
    t.refresh_from_db()
    assert t.scoring["tiebreaks"] == ["sonneborn_berger", "progressive", "direct_encounter"]
    assert t.scoring["tiebreak_rules"] == "fide2026"
    # The JSON still works for those who prefer it: the advanced import.
    scoring = {**t.scoring, "tiebreaks": ["wins"]}
    assert dclient.post(url, {"action": "import",
                              "settings_json": json.dumps(scoring)}).status_code == 302
    t.refresh_from_db()
    assert t.scoring["tiebreaks"] == ["wins"]


def test_a_dispute_reads_cell_by_cell_with_the_differing_bobbl_marked(dclient, make_tournament,
                                                                     director):
    """Two captains' reports in the discipline's words, not JSON: Bobbl 1 agrees, Bobbl 2
    differs and is marked so in both reports."""
    t = make_tournament("mucken", "pair", 4)
    rnd = services.draw_round(t, actor_of(director), seed="streit")
    services.publish_round(t, actor_of(director), rnd.number)
    table = rnd.tables.get(number=1)
    services.captain_submit(table.token, {"bobbl": [[21, 15], [21, 18]]},
                            device_id="phone-of-captain-a")
    services.captain_submit(table.token, {"bobbl": [[21, 15], [18, 21]]},
                            device_id="phone-of-captain-b")
    page = dclient.get(round_url(t, rnd.number))
    tv = page.context["tables"][0]
    assert [r.cells for r in tv.reports] == [
        [("Bobbl 1", "21:15", False), ("Bobbl 2", "21:18", True)],
        [("Bobbl 1", "21:15", False), ("Bobbl 2", "18:21", True)]]
    html = page.content.decode()
    assert html.count('class="differs"') == 2 and "<dt>Bobbl 2</dt>" in html
    # The correction form holds what both reports say and leaves the differing Bobbl empty.
    part = inputs_html(html, 1)
    assert (value_of(part, "bobbl[0].side1"), value_of(part, "bobbl[0].side2")) == ("21", "15")
    assert (value_of(part, "bobbl[1].side1"), value_of(part, "bobbl[1].side2")) == ("", "")
