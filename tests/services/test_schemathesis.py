"""Schemathesis against ``/api/v1/schema/``: no operation answers with a server error.

Every operation of the OpenAPI schema gets a bounded number of generated requests
(``EXAMPLES`` each) with a director's token, sent to the WSGI application in-process
(``schemathesis.openapi.from_wsgi``), so it runs against the test database. Path
parameters named ``slug`` are sometimes the slug of a real tournament with a drawn,
open round, so the generated requests reach the code behind the lookups too.
"""

from __future__ import annotations

import os

import pytest

schemathesis = pytest.importorskip("schemathesis")

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.signals import request_finished, request_started  # noqa: E402
from django.db import close_old_connections  # noqa: E402
from hypothesis import HealthCheck, given  # noqa: E402
from hypothesis import settings as hypothesis_settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402

from config.wsgi import application  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.services import Actor  # noqa: E402

pytestmark = [pytest.mark.services, pytest.mark.django_db]

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "30"))


NUMBERS = ("start_number", "number", "table", "rule")


def run(operation, real_values: list[dict], headers: dict[str, str],
        failures: list[str]) -> None:
    @hypothesis_settings(max_examples=EXAMPLES, deadline=None, database=None,
                         derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(), real=st.sampled_from([None, *real_values]),
           small=st.integers(1, 3))
    def examples(case, real, small):
        if real is not None and case.path_parameters:
            for name in case.path_parameters:
                if name in real:
                    case.path_parameters[name] = real[name]
                elif name in NUMBERS:
                    case.path_parameters[name] = small
        response = case.call(headers=headers)
        if response.status_code >= 500:
            failures.append(f"{operation.method.upper()} {operation.path}: "
                            f"{case.path_parameters} {case.query} {case.body!r}: "
                            f"{response.status_code}")
            return
        try:
            case.validate_response(response, checks=[not_a_server_error])
        except (Exception, BaseExceptionGroup) as exc:  # schemathesis raises a FailureGroup
            failures.append(f"{operation.method.upper()} {operation.path}: "
                            f"{case.path_parameters} {case.query} {case.body!r}: "
                            f"{response.status_code} {str(exc)[:300]}")

    examples()


@pytest.fixture
def keep_the_test_connection():
    """Like Django's test client: requests must not close the test's (transaction's) connection."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


def test_no_operation_answers_with_a_server_error(settings, keep_the_test_connection):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "enabled": False}
    director = get_user_model().objects.create_user("direktor", password="turnier-2026")
    actor = Actor(director, director.username)
    t = services.create_tournament(actor, "Schema Turnier", "mucken", "pair")
    for i in range(1, 7):
        services.register(t, actor, [{"name": f"Spieler {i}a"}, {"name": f"Spieler {i}b"}],
                          status="present")
    services.draw_round(t, actor, seed="fixed")
    services.publish_round(t, actor, 1)
    chess = services.create_tournament(actor, "Schema Schach", "chess", "single")
    for i in range(1, 7):
        services.register(chess, actor, [{"name": f"Schach {i}"}], status="present")
    services.draw_round(chess, actor)
    services.publish_round(chess, actor, 1)
    captain = t.rounds.get(number=1).tables.first().token
    real_values = [{"slug": t.slug, "token": captain}, {"slug": chess.slug, "token": captain}]
    token = Token.objects.get_or_create(user=director)[0].key
    headers = {"Authorization": f"Token {token}"}
    schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application)
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        run(result.ok(), real_values, headers, failures)
        operations += 1
    print(f"schemathesis: {operations} operations, up to {EXAMPLES} examples each")
    assert operations > 10
    assert not failures, "\n".join(sorted(set(failures))[:40])
