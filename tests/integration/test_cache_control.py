"""What a cache in front (nginx, a CDN) may keep: the spectators' blocks, briefly; nothing else."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tournaments import services
from tournaments.cachecontrol import CacheControlMiddleware
from tournaments.services import Actor
from tournaments.views.rendercache import shared_freshness

pytestmark = pytest.mark.django_db


def directives(response) -> dict[str, str]:
    out = {}
    for part in response["Cache-Control"].split(","):
        name, _, value = part.strip().partition("=")
        out[name.lower()] = value
    return out


def test_public_blocks_may_be_kept_for_a_moment_and_revalidated(client, make_tournament):
    t = make_tournament("chess", entrants=4)
    for name in ("public:standings", "public:pairings", "public:seats_live"):
        first = client.get(reverse(name, args=[t.slug]))
        cc = directives(first)
        assert "public" in cc and cc["max-age"] == "1", name
        assert int(cc["stale-while-revalidate"]) >= 1
        assert "private" not in cc and "no-store" not in cc and "no-cache" not in cc
        assert not first.cookies  # a shared cache never stores a response with a cookie
        again = client.get(reverse(name, args=[t.slug]), HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304 and directives(again)["max-age"] == "1"


@pytest.mark.parametrize("interval, render_time, now, max_age", [
    (2, 0, 1000.0, 2), (2, 0, 1000.3, 1), (2, 0, 1001.5, 1), (0, 1, 1000.3, 1),
    (5, 0, 1001.0, 4), (2, 1, 1000.0, 1), (10, 1, 999.0, 9), (10, 1, 1000.5, 7)])
def test_freshness_lasts_until_the_render_slot_ends(settings, interval, render_time, now,
                                                    max_age):
    """Whole seconds left in the slot (the interval less the rendering's time, aligned to the
    clock), rounded down but never 0 (a cache would store nothing); without an interval one
    second."""
    settings.PUBLIC_RENDER_INTERVAL = interval
    settings.PUBLIC_RENDER_TIME = render_time
    assert shared_freshness(now) == {"public": True, "max_age": max_age,
                                     "stale_while_revalidate": 1}


def test_block_of_a_tournament_not_yet_public_is_never_stored(client, make_tournament,
                                                               director):
    from tournaments import services

    t = make_tournament("chess", entrants=4)
    services.update_tournament(t, Actor(director, director.username), public=False)
    client.force_login(director)  # only its staff see it now
    response = client.get(reverse("public:standings", args=[t.slug]))
    assert response.status_code == 200
    cc = directives(response)
    assert "private" in cc and "no-store" in cc and "public" not in cc


@pytest.mark.parametrize("who", ["director", "desk"])
def test_staff_pages_are_private(client, make_tournament, director, desk_user, who):
    t = make_tournament("chess", entrants=4)
    client.force_login(director if who == "director" else desk_user)
    url = (reverse("director:tournament", args=[t.slug]) if who == "director"
           else reverse("desk:tournament", args=[t.slug]))
    response = client.get(url)
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"


def test_captain_page_and_api_with_token_are_private(client, make_tournament, director):
    from tournaments import services

    t = make_tournament("chess", entrants=4)
    boss = Actor(director, director.username)
    rnd = services.draw_round(t, boss, seed="cache")
    services.publish_round(t, boss, rnd.number)
    table = rnd.tables.order_by("number").first()
    captain = client.get(reverse("captain:table", args=[table.token]))
    assert captain.status_code == 200
    assert captain["Cache-Control"] == "private, no-store"
    key = Token.objects.get_or_create(user=director)[0].key
    api = client.get(reverse("api-tournament", args=[t.slug]), HTTP_AUTHORIZATION=f"Token {key}")
    assert api.status_code == 200
    assert api["Cache-Control"] == "private, no-store"


def test_whole_spectator_pages_are_shared_for_anonymous_visitors_and_carry_no_csrf_token(
        client, make_tournament):
    t = make_tournament("chess", entrants=4)
    services.draw_round(t, Actor(), seed="cache")
    services.publish_round(t, Actor(), 1)
    for url in (reverse("public:home"), reverse("public:tournament", args=[t.slug]),
                reverse("public:seats", args=[t.slug]), reverse("public:projector", args=[t.slug]),
                reverse("public:round", args=[t.slug, 1])):
        response = client.get(url)
        assert response.status_code == 200, url
        cc = directives(response)
        assert "public" in cc and "max-age" in cc and "private" not in cc, url
        assert not response.cookies, url  # no CSRF cookie, no session: the same for everyone
        assert b"csrfmiddlewaretoken" not in response.content
        assert b"X-CSRFToken" not in response.content


def test_the_same_pages_stay_private_for_staff(client, make_tournament, director):
    t = make_tournament("chess", entrants=4)
    client.force_login(director)
    response = client.get(reverse("public:tournament", args=[t.slug]))
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"


def test_the_language_switch_is_a_link_that_sets_the_cookie_and_goes_back(client, db):
    response = client.get(reverse("switch_language", args=["en"]), {"next": "/t/"})
    assert response.status_code == 302 and response["Location"] == "/t/"
    assert response.cookies["django_language"].value == "en"
    assert "public" not in response["Cache-Control"]
    page = client.get("/t/")
    assert page.status_code == 200 and b'lang="en"' in page.content


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "/" + "a" * 3000])
def test_the_language_switch_never_leaves_the_site(client, db, target):
    response = client.get(reverse("switch_language", args=["de"]), {"next": target})
    assert response.status_code == 302 and response["Location"] == "/"


def test_an_unknown_language_is_not_found(client, db):
    assert client.get(reverse("switch_language", args=["xx"])).status_code == 404


def test_errors_are_private(client, db):
    cc = directives(client.get("/t/gibt-es-nicht/"))  # the error pages say no-store themselves
    assert "no-store" in cc and "public" not in cc


def test_a_view_that_says_public_but_sets_a_cookie_becomes_private():
    def view(request):
        response = HttpResponse("x")
        response["Cache-Control"] = "public, max-age=60"
        response.set_cookie("sessionid", "abc")
        return response

    response = CacheControlMiddleware(view)(RequestFactory().get("/t/x/"))
    assert response["Cache-Control"] == "private, no-store"


def test_a_views_own_header_is_kept():
    def view(request):
        response = HttpResponse("x")
        response["Cache-Control"] = "private, max-age=3600"
        return response

    assert (CacheControlMiddleware(view)(RequestFactory().get("/c/x/qr/"))["Cache-Control"]
            == "private, max-age=3600")
