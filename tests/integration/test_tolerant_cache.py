"""A Redis that is away is a cache miss, and a report that cannot be queued fails clearly."""

import pytest
from django.core.cache.backends.redis import RedisCache

from config.cache import TolerantRedisCache

CLOSED = "redis://127.0.0.1:1/0"  # nothing listens on port 1


def test_an_unreachable_redis_reads_as_empty_and_drops_writes():
    cache = TolerantRedisCache(CLOSED, {"OPTIONS": {"socket_connect_timeout": 1}})
    assert cache.get("k", "default") == "default"
    assert cache.set("k", 1) is None and cache.add("k", 1) is False
    assert cache.incr("hits", 3) == 3  # the rate limit cannot count: it lets requests through
    assert cache.get_many(["a", "b"]) == {} and cache.delete("k") is False
    plain = RedisCache(CLOSED, {"OPTIONS": {"socket_connect_timeout": 1}})
    with pytest.raises(Exception):  # noqa: B017 - what the plain backend does instead
        plain.get("k")


@pytest.mark.django_db(transaction=True)
def test_a_report_that_cannot_be_queued_is_marked_failed(make_tournament, director, settings):
    from tournaments import services
    from tournaments.models import Report
    from tournaments.services import Actor
    from tournaments.services.reports import request_report

    settings.CELERY_TASK_ALWAYS_EAGER = False
    from config.celery import app

    def fresh_connections() -> None:  # earlier tests may have pooled a connection
        app._pool = None
        app.amqp._producer_pool = None

    app.conf.broker_url = CLOSED
    app.conf.broker_connection_retry_on_startup = False
    app.conf.broker_connection_max_retries = 0
    app.conf.task_always_eager = False
    fresh_connections()
    try:
        t = make_tournament("mucken", "pair", 4)
        services.draw_round(t, Actor(director, "direktor"), seed="x")
        report = request_report(t, Actor(director, "direktor"), "standings")
        report.refresh_from_db()
        assert report.status == Report.Status.FAILED
        assert "not reachable" in report.error
    finally:
        app.conf.broker_url = "memory://"
        app.conf.task_always_eager = True
        fresh_connections()
