"""The proxy's first request for a public block it holds no copy of (every other phone
waits for it in nginx) is answered with the kept rendering at once, and the new one is
made right after the answer (tournaments/views/rendercache.py, ``first_fetch``;
docs/load.md, "The cold start of a full hall"). Requests that name an ETag, and requests
not from the proxy, get the current rendering as before."""

from __future__ import annotations

import dataclasses

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.views import rendercache
from tournaments.views.public import fragment_name
from tournaments.views.rendercache import entry_key, etag

pytestmark = pytest.mark.django_db

FILL = {"HTTP_X_PROXY_CACHE_FILL": "1", "HTTP_HX_REQUEST": "true"}


@pytest.fixture
def changed(make_tournament, boss, settings):
    """A public tournament whose standings were rendered, then a late entrant came: the
    kept rendering is one version behind (every version renders at once: interval 0)."""
    settings.PUBLIC_RENDER_INTERVAL = 0
    t = make_tournament("chess", entrants=4)
    url = reverse("public:standings", args=[t.slug])
    cache.clear()

    def kept_tag():
        return etag(fragment_name(t, "standings", "page"),
                    cache.get(entry_key(fragment_name(t, "standings", "page"), "html")).version)

    Client().get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    before = kept_tag()
    services.register(t, boss, [{"name": "Nachzüglerin"}], status="present")
    t.refresh_from_db()
    return t, url, before, kept_tag


def test_the_proxys_first_request_gets_the_kept_rendering_and_the_new_one_follows(
        client, changed):
    t, url, before, kept_tag = changed
    first = client.get(url, HTTP_ACCEPT_LANGUAGE="en", **FILL)
    assert first.status_code == 200 and first["ETag"] == before  # says how old it is
    assert "Nachzüglerin" not in first.content.decode()
    # the test client, as a WSGI server, closes the answer: the rendering ran then
    assert kept_tag() == etag(fragment_name(t, "standings", "page"), t.version)
    # the proxy, asking again with the ETag of its copy when the slot ends, gets the new one
    again = client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=before, **FILL)
    assert again.status_code == 200 and "Nachzüglerin" in again.content.decode()
    assert again["ETag"] != before


def test_a_refresh_with_an_etag_waits_for_the_new_rendering(client, changed):
    _t, url, before, _kept = changed
    answer = client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=before, **FILL)
    assert answer.status_code == 200 and "Nachzüglerin" in answer.content.decode()


def test_a_request_not_from_the_proxy_gets_what_is_current(client, changed):
    _t, url, _before, _kept = changed
    answer = client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "Nachzüglerin" in answer.content.decode()


def test_a_rendering_older_than_the_bound_is_rendered_anew_first(client, changed):
    t, url, _before, _kept = changed
    name = fragment_name(t, "standings", "page")
    for coding in ("html", "gzip"):
        old = cache.get(entry_key(name, coding))
        cache.set(entry_key(name, coding), dataclasses.replace(
            old, made=old.made - rendercache.FIRST_FETCH_STALE_SECONDS - 1))
    answer = client.get(url, HTTP_ACCEPT_LANGUAGE="en", **FILL)
    assert answer.status_code == 200 and "Nachzüglerin" in answer.content.decode()


def test_the_rendering_after_the_answer_frees_the_block(client, changed, boss):
    """Its lock is given back: the next change renders again."""
    t, url, _before, kept_tag = changed
    client.get(url, HTTP_ACCEPT_LANGUAGE="en", **FILL)
    assert cache.get(f"public-lock:{fragment_name(t, 'standings', 'page')}") is None
    services.register(t, boss, [{"name": "Zweite Nachzüglerin"}], status="present")
    t.refresh_from_db()
    answer = client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")
    assert "Zweite Nachzüglerin" in answer.content.decode()
    assert kept_tag() == etag(fragment_name(t, "standings", "page"), t.version)
