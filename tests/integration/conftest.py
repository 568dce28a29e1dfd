"""Fixtures for tests with a database: users with roles and tournaments of each discipline."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments import services
from tournaments.models import Role
from tournaments.services import Actor

from .helpers import client_for


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty cache (the database is rolled back between tests)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def english(settings):
    """Tests read English texts; the German default is tested on its own (test_i18n.py)."""
    from django.utils import translation

    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


@pytest.fixture
def director(db):
    return get_user_model().objects.create_user("direktor", password="turnier-2026")


@pytest.fixture
def desk_user(db):
    return get_user_model().objects.create_user("anmeldung", password="turnier-2026")


@pytest.fixture
def stranger(db):
    return get_user_model().objects.create_user("fremd", password="turnier-2026")


@pytest.fixture
def boss(director):
    """The director as the services' actor."""
    return Actor(director, director.username)


@pytest.fixture
def phone(client):
    """An anonymous phone with English UI text (the app is German by default)."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def may_create(director):
    """The director, whom the administrator let create tournaments (the imports need that
    right)."""
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return director


@pytest.fixture
def api(may_create):
    """The API with the token of the director who may create tournaments."""
    return client_for(may_create)


@pytest.fixture
def make_tournament(director, desk_user):
    """make_tournament("mucken", entrant_kind="pair", entrants=6) -> Tournament with a desk role."""

    def make(discipline, entrant_kind="single", entrants=0, name=None, **kw):
        t = services.create_tournament(Actor(director, director.username),
                                       name or f"Test {discipline}", discipline, entrant_kind,
                                       **kw)
        services.grant_role(t, Actor(director, director.username), desk_user, Role.Kind.DESK)
        per = 2 if entrant_kind == "pair" else 1
        for i in range(1, entrants + 1):
            players = [{"name": f"Spieler {i}{'ab'[k] if per == 2 else ''}"} for k in range(per)]
            services.register(t, Actor(desk_user, desk_user.username), players,
                              status="present")
        t.refresh_from_db()
        return t

    return make


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def desk_client(client, desk_user):
    client.force_login(desk_user)
    return client


@pytest.fixture
def eager_reports(settings, tmp_path):
    """Report tasks run in-process without re-raising (a failed render marks the report);
    PDFs land in a temporary media folder."""
    from celery import current_app

    settings.MEDIA_ROOT = tmp_path / "media"
    conf = current_app.conf
    saved = conf.task_always_eager, conf.task_eager_propagates
    conf.task_always_eager, conf.task_eager_propagates = True, False
    yield
    conf.task_always_eager, conf.task_eager_propagates = saved
