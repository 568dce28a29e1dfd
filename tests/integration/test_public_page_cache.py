"""The tournament's public page for anonymous visitors is rendered once per version and render
slot (tournaments.views.public.tournament), like its live blocks; staff and a browser with a
message waiting get it rendered for them (an arbitrary query is dropped: issue 32, finding 9,
tests/integration/test_security_round3.py)."""

from __future__ import annotations

import gzip

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.services import Actor

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_share_one_rendering_until_the_tournament_changes(
        client, make_tournament, director):
    t = make_tournament("chess", entrants=4)
    url = reverse("public:tournament", args=[t.slug])
    first = client.get(url)
    assert first.status_code == 200 and "public" in first["Cache-Control"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)
    assert again.content == first.content
    assert len(queries) == 1  # the tournament's five columns, nothing rendered again
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    zipped = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == first.content
    services.register(t, Actor(director, director.username), [{"name": "Nachzügler"}],
                      status="present")
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and "Nachzügler" in changed.content.decode()


def test_staff_get_their_own_page_never_the_shared_one(client, make_tournament, director):
    t = make_tournament("chess", entrants=4)
    url = reverse("public:tournament", args=[t.slug])
    shared = client.get(url).content.decode()
    client.force_login(director)
    own = client.get(url)
    assert "private" in own["Cache-Control"] and not own.has_header("ETag")
    assert own.content.decode() != shared  # the director's own links in the header
    assert reverse("director:home") in own.content.decode()


@pytest.mark.parametrize("extra", [{"HTTP_COOKIE": "messages=x"}])
def test_a_waiting_message_is_rendered_for_that_visitor(client, make_tournament, extra):
    t = make_tournament("chess", entrants=4)
    url = reverse("public:tournament", args=[t.slug])
    assert client.get(url).has_header("ETag")
    own = client.get(url, **extra)
    assert own.status_code == 200 and not own.has_header("ETag")


def version_of(tag: str) -> int:
    return int(tag.rstrip('"').rsplit(":", 1)[1])


def test_a_page_names_the_version_its_blocks_show(client, make_tournament, director, settings):
    """Within one render slot the standings block keeps its rendering; a page rendered after
    a sign-up in that slot holds that older block, and its ETag says so: the page is
    rendered again (with the newer block) once the slot is over, not kept as if current."""
    settings.PUBLIC_RENDER_INTERVAL = 3600  # the whole test is one slot
    t = make_tournament("chess", entrants=4)
    block = client.get(reverse("public:standings", args=[t.slug]), HTTP_HX_REQUEST="true")
    services.register(t, Actor(director, director.username), [{"name": "Nachzügler"}],
                      status="present")
    t.refresh_from_db()
    page = client.get(reverse("public:tournament", args=[t.slug]))
    assert version_of(block["ETag"]) == version_of(page["ETag"]) < t.version
    settings.PUBLIC_RENDER_INTERVAL = 0  # the slot is over
    newer = client.get(reverse("public:tournament", args=[t.slug]),
                       HTTP_IF_NONE_MATCH=page["ETag"])
    assert newer.status_code == 200 and version_of(newer["ETag"]) == t.version


def test_a_block_that_finds_a_newer_tournament_names_that_version(
        client, make_tournament, director, monkeypatch):
    """The poll reads the version; the rendering reads the tournament again and may find a
    result that came in between. Its ETag names what it shows, so the next poll gets a 304,
    not the same block again."""
    from tournaments.views import public

    t = make_tournament("chess", entrants=4)
    url = reverse("public:standings", args=[t.slug])
    boss = Actor(director, director.username)
    real_whole = public.whole

    def result_in_between(polled):
        services.register(t, boss, [{"name": "Dazwischen"}], status="present")
        return real_whole(polled)

    monkeypatch.setattr(public, "whole", result_in_between)
    first = client.get(url, HTTP_HX_REQUEST="true")
    monkeypatch.setattr(public, "whole", real_whole)
    t.refresh_from_db()
    assert "Dazwischen" in first.content.decode()
    assert version_of(first["ETag"]) == t.version
    assert client.get(url, HTTP_HX_REQUEST="true",
                      HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
