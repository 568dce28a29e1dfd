"""A published round's public pages are rendered before the first phone asks
(tournaments/views/warm.py): what the worker renders is exactly what a visitor would have
got, in every language, and the visitor's request then renders nothing (docs/load.md, "The
cold start of a full hall"). The worker itself doing it after a publication is tested
through the real stack: tests/services/test_proxy.py."""

from __future__ import annotations

import gzip

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.services.warming import warm_after_commit
from tournaments.views.public import page_name
from tournaments.views.rendercache import entry_key
from tournaments.views.warm import PARTS, is_warm, names, warm_public

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _label in settings.LANGUAGES]


@pytest.fixture
def published(make_tournament, boss):
    t = make_tournament("mucken", entrant_kind="pair", entrants=8)
    services.draw_round(t, boss, seed="warm")
    services.publish_round(t, boss, 1)
    t.refresh_from_db()
    return t


def visit(client, url: str, language: str, **headers) -> bytes:
    """What an anonymous phone in ``language`` gets, unpacked."""
    answer = client.get(url, HTTP_ACCEPT_LANGUAGE=language, HTTP_ACCEPT_ENCODING="gzip",
                        **headers)
    assert answer.status_code == 200
    return gzip.decompress(answer.content)


def urls(t) -> dict[str, tuple[str, dict]]:
    fragment = {"HTTP_HX_REQUEST": "true"}
    return {"page": (reverse("public:tournament", args=[t.slug]), {}),
            **{part: (reverse(f"public:{part}", args=[t.slug]), fragment) for part in PARTS}}


def test_the_warm_up_renders_what_each_visitor_would_get_in_every_language(client, published):
    cache.clear()
    rendered_by_visits = {(lang, what): visit(client, url, lang, **headers)
                          for lang in LANGUAGES for what, (url, headers) in urls(published).items()}
    cache.clear()
    assert not is_warm(published)
    assert warm_public(published.pk) == len(LANGUAGES) * (len(PARTS) + 1)
    assert is_warm(published)
    for (lang, what), body in rendered_by_visits.items():
        url, headers = urls(published)[what]
        assert visit(client, url, lang, **headers) == body, (lang, what)
    german = rendered_by_visits[("de", "page")].decode()
    english = rendered_by_visits[("en", "page")].decode()
    assert '<html lang="de">' in german and "Rangliste" in german
    assert '<html lang="en">' in english and "Standings" in english


def test_after_the_warm_up_the_first_visitor_renders_nothing(client, published):
    cache.clear()
    warm_public(published.pk)
    with translation.override("de"):
        kept = cache.get(entry_key(page_name(published, None), "gzip"))
    url = reverse("public:tournament", args=[published.slug])
    with CaptureQueriesContext(connection) as queries:
        body = visit(client, url, "de")
    assert len(queries) == 1  # the poll's read of the tournament: no rendering
    assert body == gzip.decompress(kept.body)
    assert warm_public(published.pk) == 0  # kept and current: nothing rendered again


def test_a_change_after_the_warm_up_is_rendered_for_the_next_visitor(client, published, boss):
    cache.clear()
    warm_public(published.pk)
    services.register(published, boss, [{"name": "Nachzügler A"}, {"name": "Nachzügler B"}],
                      status="present")
    published.refresh_from_db()
    assert not is_warm(published)
    url = reverse("public:tournament", args=[published.slug])
    assert "Nachzügler A" in visit(client, url, "de").decode()


def test_a_tournament_spectators_may_not_see_is_not_rendered(make_tournament, boss):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    services.update_tournament(t, boss, public=False)
    cache.clear()
    assert warm_public(t.pk) == 0
    assert all(cache.get(entry_key(name, "html")) is None for _lang, name in names(t))
    assert warm_public(10**9) == 0  # gone


def test_without_a_worker_a_publication_queues_no_warm_up(
        published, django_capture_on_commit_callbacks):
    """Tasks run in the request without a worker (make run, these tests): the director's
    publication must not wait for renderings there."""
    assert settings.CELERY_TASK_ALWAYS_EAGER
    with django_capture_on_commit_callbacks() as callbacks:
        warm_after_commit(published.pk)
    assert callbacks == []
