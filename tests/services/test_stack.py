"""Through real gunicorn processes, a real Celery worker, PostgreSQL and Redis."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tournaments import services
from tournaments.models import Result, ResultRevision, Round
from tournaments.services import Actor

pytestmark = pytest.mark.django_db(transaction=True)


def call(stack, method, path, body=None, token=None, device=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(stack.url(path), data=data, method=method,
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Token {token}"} if token
                                             else {}),
                                          **({"X-Device-Id": device} if device else {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as err:
        raw = err.read()
        return err.code, (json.loads(raw) if raw.startswith((b"{", b"[")) else raw.decode())


@pytest.fixture
def director():
    return get_user_model().objects.create_user("direktor", password="x")


def open_round(director, discipline, kind, n):
    actor = Actor(director, "direktor")
    t = services.create_tournament(actor, f"Stack {discipline}", discipline, kind)
    for i in range(n):
        players = ([{"name": f"P{i}a"}, {"name": f"P{i}b"}] if kind == "pair"
                   else [{"name": f"P{i}"}])
        services.register(t, actor, players, status="present")
    services.draw_round(t, actor, seed="stack")
    services.publish_round(t, actor, 1)
    return t, Round.objects.get(tournament=t, number=1)


def test_two_concurrent_submissions_for_one_table_never_lose_either(stack, director):
    _t, rnd = open_round(director, "mucken", "pair", 40)
    tables = list(rnd.tables.all())
    agree = {"bobbl": [[21, 5], [21, 7]]}
    differ = {"bobbl": [[3, 21], [21, 7]]}
    jobs = []
    for k, table in enumerate(tables):
        second = agree if k % 2 else differ
        # the two captains of the table, each on their own phone
        jobs += [(table.token, agree, "phone-of-party-one"),
                 (table.token, second, "phone-of-party-two")]
    barrier = threading.Barrier(len(jobs))

    def submit(job):
        token, payload, device = job
        barrier.wait()
        return call(stack, "POST", f"/api/v1/captain/{token}/", payload, device=device)

    with ThreadPoolExecutor(len(jobs)) as pool:
        answers = list(pool.map(submit, jobs))
    assert all(status in (200, 201) for status, _ in answers), answers
    for k, table in enumerate(tables):
        revisions = ResultRevision.objects.filter(table=table)
        assert revisions.count() == 2, f"table {table.number} lost a submission"
        result = Result.objects.get(table=table)
        expected = Result.Status.CONFIRMED if k % 2 else Result.Status.DISPUTED
        assert result.status == expected, f"table {table.number}"


def test_bad_payloads_get_400_with_the_field_named(stack, director):
    _t, rnd = open_round(director, "pussi", "single", 4)
    table = rnd.tables.get()
    games = [{"declarer": 1, "bid": 60, "totals": [60, 20]},
             {"declarer": 2, "bid": 100, "totals": [80, 125]}]
    status, body = call(stack, "POST", f"/api/v1/captain/{table.token}/", {"games": games})
    assert status == 400 and "games[1].totals" in body, body
    status, body = call(stack, "POST", f"/api/v1/captain/{table.token}/", {"games": "x"})
    assert status == 400, body
    assert not ResultRevision.objects.filter(table=table).exists()


def test_a_captain_token_cannot_read_or_write_another_table(stack, director):
    _t, rnd = open_round(director, "chess", "single", 4)
    one, two = rnd.tables.all()
    status, body = call(stack, "GET", f"/api/v1/captain/{one.token}/")
    assert status == 200
    text = json.dumps(body)
    others = [s.entrant.name for s in two.seats.select_related("entrant")]
    assert all(name not in text for name in others)
    status, _ = call(stack, "POST", f"/api/v1/captain/{one.token}/", {"score": "1-0"})
    assert status in (200, 201)
    assert not Result.objects.filter(table=two).exists()
    assert call(stack, "GET", f"/api/v1/captain/{one.token}x/")[0] == 404
    assert call(stack, "POST", "/api/v1/captain/not-a-token/", {"score": "1-0"})[0] == 404


def test_standings_through_gunicorn_equal_the_services(stack, director):
    t, rnd = open_round(director, "mucken", "pair", 6)
    actor = Actor(director, "direktor")
    for table in rnd.tables.all():
        services.director_set_result(table, actor, {"bobbl": [[21, 11], [9, 21]]})
    token = Token.objects.create(user=director).key
    status, body = call(stack, "GET", f"/api/v1/tournaments/{t.slug}/standings/", token=token)
    t.refresh_from_db()
    assert status == 200 and body == services.standings(t)
    assert call(stack, "GET", f"/api/v1/tournaments/{t.slug}/standings/")[0] == 401


def test_a_pdf_is_rendered_by_the_real_celery_worker(stack, director, settings):
    """The report is queued in Redis and rendered by the worker process, not in-process."""
    from tournaments.models import Report
    from tournaments.services.reports import request_report

    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.MEDIA_ROOT = str(stack.media)
    t, _ = open_round(director, "mucken", "pair", 6)
    report = request_report(t, Actor(director, "direktor"), Report.Kind.SCORE_SHEETS,
                            round_number=1, base_url=stack.base_url)
    deadline = time.monotonic() + 90
    while True:
        report.refresh_from_db()
        if report.status in (Report.Status.DONE, Report.Status.FAILED):
            break
        assert time.monotonic() < deadline, f"report still {report.status} after 90 s"
        time.sleep(0.5)
    assert report.status == Report.Status.DONE, report.error
    assert (stack.media / report.file.name).read_bytes().startswith(b"%PDF")
    assert stack.processes["celery"].poll() is None


def test_static_files_carry_hashed_names_and_a_long_cache_through_gunicorn(stack):
    """After collectstatic a page links each file by content hash; that name is cached for
    years and served compressed, while a plain name is only cached briefly."""
    with urllib.request.urlopen(stack.url("/t/"), timeout=30) as resp:
        page = resp.read().decode()
    css = re.search(r'/static/css/turnierwart\.[0-9a-f]{12}\.css', page)
    assert css, "the public page links the hashed stylesheet"
    req = urllib.request.Request(stack.url(css.group(0)),
                                 headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        assert resp.headers["Content-Encoding"] == "gzip"
        cache = resp.headers["Cache-Control"]
    assert "immutable" in cache
    assert int(re.search(r"max-age=(\d+)", cache).group(1)) >= 365 * 24 * 3600
    with urllib.request.urlopen(stack.url("/static/css/turnierwart.css"), timeout=30) as resp:
        plain = int(re.search(r"max-age=(\d+)", resp.headers["Cache-Control"]).group(1))
    assert plain < 3600
