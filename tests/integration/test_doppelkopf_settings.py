"""Doppelkopf's settings that used to be JSON only (``specials``, ``solos``) as checkboxes on
the director's settings page, checked at the field in German and English; and the round's
time limit shown above the captain's list (shown, not enforced: docs/doppelkopf.md)."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from scoring.doppelkopf import SOLOS, SPECIALS
from tournaments import services
from tournaments.disciplines.doppelkopf.discipline import SPECIAL_WORDS
from tournaments.models import ActionLog, Result
from tournaments.services import Actor

from .helpers import captain_url, published_doppelkopf, seat_numbers

pytestmark = pytest.mark.django_db


def settings_url(t: Any) -> str:
    return reverse("director:settings", args=[t.slug])


def unchanged(page: Any) -> dict[str, Any]:
    """What the settings page's form sends when nothing is changed."""
    return {bf.name: ("on" if bf.value() is True else bf.value()) for bf in page.context["form"]
            if bf.value() not in (None, False) and not bf.field.disabled}


def test_the_checkboxes_offer_every_special_and_solo_of_the_core():
    assert tuple(SPECIAL_WORDS) == SPECIALS


def test_special_points_and_solos_are_ticked_on_the_settings_page(make_tournament,
                                                                  director_client):
    t = make_tournament("doppelkopf", entrants=8)
    page = director_client.get(settings_url(t), HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    assert "Gezählte Sonderpunkte" in text and "Gespielte Soli" in text
    assert "Fuchs gefangen" in text and "Damensolo" in text
    # the preset: every box ticked
    assert len(re.findall(r'name="specials" value="\w+"[^>]*checked', text)) == 4
    assert len(re.findall(r'name="solos" value="\w+"[^>]*checked', text)) == 7
    data = {**unchanged(page), "specials": ["fuchs", "doppelkopf"],
            "solos": ["jacks", "queens"]}
    r = director_client.post(settings_url(t), data)
    assert r.status_code == 302, r.content.decode()[:2000]
    t.refresh_from_db()
    # stored in the order of the choices, whatever order the boxes were sent in
    assert t.scoring["specials"] == ["doppelkopf", "fuchs"]
    assert t.scoring["solos"] == ["queens", "jacks"]
    page = director_client.get(settings_url(t))
    assert page.context["form"]["specials"].value() == ["doppelkopf", "fuchs"]
    # none ticked: no special points at all
    r = director_client.post(settings_url(t), {**unchanged(page), "specials": []})
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.scoring["specials"] == []


def test_the_captains_list_offers_only_the_solos_ticked(make_tournament, director_client,
                                                        director, client):
    t = make_tournament("doppelkopf", entrants=8)
    page = director_client.get(settings_url(t))
    director_client.post(settings_url(t), {**unchanged(page), "solos": ["queens", "jacks"]})
    boss = Actor(director, director.username)
    rnd = services.draw_round(t, boss, seed="doko")
    services.publish_round(t, boss, 1)
    table = rnd.tables.order_by("number")[0]
    text = client.get(captain_url(table)).content.decode()
    offered = set(re.findall(r'<option value="(\w+)"', text)) & set(SOLOS)
    assert offered == {"queens", "jacks"}


@pytest.mark.parametrize(("language", "words"), [
    ("de", "mindestens ein Solo ankreuzen"), ("en", "tick at least one solo")])
def test_no_solo_with_a_compulsory_solo_is_refused_at_the_field(make_tournament,
                                                                director_client, language,
                                                                words):
    t = make_tournament("doppelkopf", entrants=8)
    before = dict(t.scoring)
    page = director_client.get(settings_url(t), HTTP_ACCEPT_LANGUAGE=language)
    data = {k: v for k, v in unchanged(page).items() if k != "solos"}
    r = director_client.post(settings_url(t), data, HTTP_ACCEPT_LANGUAGE=language)
    assert r.status_code == 400
    assert words in r.context["form"].errors["solos"][0]
    t.refresh_from_db()
    assert t.scoring == before
    # without compulsory solos a tournament may play no solo at all
    r = director_client.post(settings_url(t), {**data, "compulsory_solos": "0"})
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.scoring["solos"] == [] and t.scoring["compulsory_solos"] == 0


@pytest.mark.parametrize(("language", "words"), [
    ("de", "gültige Auswahl"), ("en", "valid choice")])
def test_an_unknown_special_is_refused_at_the_field(make_tournament, director_client,
                                                    language, words):
    t = make_tournament("doppelkopf", entrants=8)
    page = director_client.get(settings_url(t))
    r = director_client.post(settings_url(t), {**unchanged(page), "specials": ["bock"]},
                             HTTP_ACCEPT_LANGUAGE=language)
    assert r.status_code == 400
    message = r.context["form"].errors["specials"][0]
    assert words in message and "bock" in message


def test_the_json_import_checks_specials_and_solos_by_their_key(make_tournament,
                                                                director_client):
    t = make_tournament("doppelkopf", entrants=8)
    before = dict(t.scoring)

    def refused(text: str) -> list[str]:
        r = director_client.post(settings_url(t), {"action": "import", "settings_json": text},
                                 HTTP_ACCEPT_LANGUAGE="de")
        assert r.status_code == 400
        return r.context["import_form"].errors["settings_json"]

    assert refused('{"specials": "alle"}')[0].startswith("specials: ")
    assert refused('{"specials": ["bock"]}')[0].startswith("specials: ")
    assert refused('{"solos": [], "compulsory_solos": 1}') == [
        "solos: mindestens ein Solo ankreuzen: jeder Spieler schuldet in jeder Runde ein "
        "Pflichtsolo (oder die Pflichtsoli auf 0 setzen)"]
    t.refresh_from_db()
    assert t.scoring == before
    r = director_client.post(settings_url(t), {"action": "import", "settings_json": json.dumps(
        {"specials": ["karlchen"], "solos": ["clubs"]})})
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.scoring["specials"] == ["karlchen"] and t.scoring["solos"] == ["clubs"]


def test_the_api_refuses_no_solo_with_a_compulsory_solo_at_the_key(make_tournament, director):
    t = make_tournament("doppelkopf", entrants=8)
    api = APIClient()
    api.force_authenticate(director)
    r = api.patch(f"/api/v1/tournaments/{t.slug}/",
                  {"scoring": {**t.scoring, "solos": []}}, format="json")
    assert r.status_code == 400 and "scoring.solos" in r.json(), r.content
    r = api.patch(f"/api/v1/tournaments/{t.slug}/",
                  {"scoring": {**t.scoring, "solos": [], "compulsory_solos": 0}}, format="json")
    assert r.status_code == 200, r.content


# ------------------------------------------------------------------------ the time limit


@pytest.fixture
def published(make_tournament, director):
    return published_doppelkopf(make_tournament, director, time_limit=90)


def test_the_captains_list_shows_the_time_limit_and_its_end(client, published):
    _t, _boss, table = published
    text = client.get(captain_url(table), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    box = re.search(r'<p class="dk-time".*?</p>', text, re.S)
    assert box, text[:3000]
    shown = box.group(0)
    assert "Zeitlimit: 90 Minuten pro Runde." in shown and "Ende um" in shown
    assert "data-ends=" in shown and "noch {m} Min." in shown
    assert "nur noch offene Pflichtsoli" in shown


def test_without_a_time_limit_the_list_shows_none(client, published):
    t, boss, table = published
    services.update_tournament(t, boss, scoring={**t.scoring, "time_limit": None})
    assert 'class="dk-time"' not in client.get(captain_url(table)).content.decode()


def test_a_list_sent_after_the_time_limit_is_still_taken(client, published):
    """The limit is not enforced by the clock: a captain who types the paper list after the
    time (or whose phone was offline) is not refused; the list's own rules still hold."""
    _t, _boss, table = published
    ActionLog.objects.filter(action="publish_round").update(
        created=timezone.now() - timedelta(hours=3))
    a, b, c, d = seat_numbers(table)
    post: dict[str, str] = {}
    for k, (kind, soloist, value) in enumerate((("queens", a, 1), ("jacks", b, -1),
                                                 ("hearts", c, 2), ("clubs", d, -2))):
        at = f"games[{k}]"
        post.update({f"{at}.kind": kind, f"{at}.re1": str(soloist), f"{at}.compulsory": "on"})
        post.update({f"{at}.score_{n}": str(3 * value if n == soloist else -value)
                     for n in (a, b, c, d)})
    r = client.post(captain_url(table), post)
    assert r.status_code == 302, r.content.decode()[:3000]
    assert Result.objects.filter(table=table).exists()


def test_the_directors_round_page_shows_the_time_limit_too(director_client, published):
    t, _boss, _table = published
    text = director_client.get(reverse("director:round", args=[t.slug, 1]),
                               HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="time-limit"' in text and "Time limit: 90 minutes per round." in text
    assert "Ends at" in text
