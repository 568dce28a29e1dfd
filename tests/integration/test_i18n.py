"""German by default, English on request; the catalogue covers the pages."""

import pytest
from django.utils import translation

from tournaments import services
from tournaments.services import Actor, ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture
def german(settings):
    settings.LANGUAGE_CODE = "de"
    with translation.override("de"):
        yield


def test_pages_speak_german_by_default(client, make_tournament, german):
    t = make_tournament("mucken", "pair", 4)
    page = client.get(f"/t/{t.slug}/").content.decode()
    assert "Rangliste" in page and "Standings" not in page
    assert "Einloggen" in client.get("/accounts/login/").content.decode()


def test_english_on_request(client, make_tournament, german):
    t = make_tournament("mucken", "pair", 4)
    page = client.get(f"/t/{t.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Standings" in page


def test_service_messages_are_translated(make_tournament, director, german):
    t = make_tournament("mucken", "pair", 2)
    with pytest.raises(ServiceError) as info:
        services.register(t, Actor(director, "d"), [{"name": "Spieler 1a"},
                                                    {"name": "Spieler 1b"}])
    assert "schon angemeldet" in str(info.value)


def test_an_empty_list_says_so_in_german(client, make_tournament, german):
    """A page whose table has no rows shows the sentence instead, in the page's language."""
    t = make_tournament("mucken", "pair", 0)
    page = client.get(f"/t/{t.slug}/").content.decode()
    assert '<p class="muted">Noch keine Teilnehmer.</p>' in page
    assert '<table class="grid standings">' not in page
