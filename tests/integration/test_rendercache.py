"""Spectators' blocks: one render per version even when many phones ask at once.

The threads here are real and share the configured cache (local memory with
SQLite, Redis in the services tier); the render is slow on purpose so that the
requests overlap.
"""

from __future__ import annotations

import gzip
import threading
import time

import pytest
from django.core.cache import cache
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tournaments import services
from tournaments.services import Actor
from tournaments.views import rendercache
from tournaments.views.public import fragment_name
from tournaments.views.rendercache import etag, rendered


def slow_builder(calls: list[int], version: int, seconds: float = 0.3):
    def build() -> str:
        calls.append(version)
        if seconds:
            time.sleep(seconds)  # long enough for every thread to arrive meanwhile
        return f"<p>version {version}</p>"
    return build


def in_threads(n: int, work) -> list:
    results: list = [None] * n
    start = threading.Barrier(n)

    def run(i: int) -> None:
        start.wait()
        results[i] = work()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return results


@pytest.fixture
def name():
    key = f"test-block-{time.monotonic_ns()}"
    yield key
    cache.delete_many([f"public:{key}:html", f"public:{key}:gzip", f"public-lock:{key}"])


def test_many_polls_of_a_new_version_render_it_once(name):
    calls: list[int] = []
    rendered(name, 1, slow_builder(calls, 1, seconds=0))
    results = in_threads(8, lambda: rendered(name, 2, slow_builder(calls, 2)))
    assert calls == [1, 2]  # version 2 was rendered by one request only
    # the others got version 1 meanwhile (never nothing), or 2 if they came after
    assert {r.version for r in results} <= {1, 2} and 2 in {r.version for r in results}
    assert rendered(name, 2, slow_builder(calls, 2)).html == "<p>version 2</p>"
    assert calls == [1, 2]


def test_the_first_rendering_is_awaited_not_repeated(name):
    calls: list[int] = []
    results = in_threads(6, lambda: rendered(name, 1, slow_builder(calls, 1)))
    assert calls == [1]
    assert all(r.html == "<p>version 1</p>" for r in results)


def test_a_newer_rendering_serves_an_older_request(name):
    calls: list[int] = []
    rendered(name, 5, slow_builder(calls, 5, seconds=0))
    assert rendered(name, 4, slow_builder(calls, 4, seconds=0)).version == 5
    assert calls == [5]


def test_a_block_put_into_a_page_waits_for_the_rendering_under_way(name):
    """A poll gets the last rendering while another renders (its ETag says so); a whole page,
    kept for its slot under the new version, waits for the new block instead."""
    calls: list[int] = []
    rendered(name, 1, slow_builder(calls, 1, seconds=0))
    got: dict[str, object] = {}
    renderer = threading.Thread(
        target=lambda: got.setdefault("renderer", rendered(name, 2, slow_builder(calls, 2))))
    renderer.start()
    deadline = time.monotonic() + 5
    while cache.get(f"public-lock:{name}") is None and time.monotonic() < deadline:
        time.sleep(0.01)  # the renderer holds the lock for its 0.3 s
    poll = rendered(name, 2, slow_builder(calls, 2))
    page = rendered(name, 2, slow_builder(calls, 2), wait=True)
    renderer.join()
    assert poll.version == 1  # the poll did not wait
    assert page.version == 2 and page.html == "<p>version 2</p>"
    assert calls == [1, 2]  # and neither rendered it a second time


def test_a_cache_that_is_away_renders_here_without_waiting(name, monkeypatch):
    """Redis down: no entry and no lock can be had; render at once rather than wait 5 s."""
    monkeypatch.setattr(rendercache.cache, "get", lambda *a, **k: None)
    monkeypatch.setattr(rendercache.cache, "add", lambda *a, **k: False)
    naps: list[float] = []
    monkeypatch.setattr(rendercache.time, "sleep", naps.append)
    calls: list[int] = []
    assert rendered(name, 3, slow_builder(calls, 3, seconds=0)).html == "<p>version 3</p>"
    assert calls == [3] and naps == [rendercache.POLL_SECONDS]


def test_a_stale_block_carries_its_own_etag(client, make_tournament, director):
    """While another request renders the new version, phones get the last one under its ETag."""
    boss = Actor(director, director.username)
    t = make_tournament("chess", entrants=4)
    url = reverse("public:standings", args=[t.slug])
    first = client.get(url)
    old_tag = first["ETag"]
    services.register(t, boss, [{"name": "Nachzügler"}], status="present")
    t.refresh_from_db()
    name = fragment_name(t, "standings", "page")
    lock = f"public-lock:{name}"
    assert cache.add(lock, t.version, 30)  # someone else is rendering the new version
    try:
        stale = client.get(url)
        assert stale["ETag"] == old_tag and "Nachzügler" not in stale.content.decode()
        assert client.get(url, HTTP_IF_NONE_MATCH=old_tag).status_code == 304
    finally:
        cache.delete(lock)
    fresh = client.get(url, HTTP_IF_NONE_MATCH=old_tag)
    assert fresh.status_code == 200 and "Nachzügler" in fresh.content.decode()
    assert fresh["ETag"] != old_tag
    assert client.get(url, HTTP_IF_NONE_MATCH=fresh["ETag"]).status_code == 304


def test_gzip_is_made_once_and_is_the_same_block(client, make_tournament):
    t = make_tournament("chess", entrants=4)
    url = reverse("public:standings", args=[t.slug])
    plain = client.get(url)
    zipped = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain
    assert zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == plain.content
    assert len(zipped.content) < len(plain.content)
    for response in (plain, zipped):
        assert "Accept-Encoding" in response["Vary"]
    # one representation's ETag is good for the other (weak: same block, other coding)
    assert zipped["ETag"] == plain["ETag"] and plain["ETag"].startswith("W/")
    assert client.get(url, HTTP_ACCEPT_ENCODING="gzip",
                      HTTP_IF_NONE_MATCH=plain["ETag"]).status_code == 304
    entry = rendered(fragment_name(t, "standings", "page"), t.version, lambda: "unused")
    assert etag(fragment_name(t, "standings", "page"), entry.version) == plain["ETag"]
    zipped_entry = rendered(fragment_name(t, "standings", "page"), t.version, lambda: "unused",
                            "gzip")
    assert zipped_entry.body == zipped.content and zipped_entry.html == entry.html


def test_one_rendering_per_slot_while_results_pour_in(name, settings, monkeypatch):
    """With the default interval of 2 s and 1 s for a rendering, a block renders once a second."""
    settings.PUBLIC_RENDER_INTERVAL, settings.PUBLIC_RENDER_TIME = 2, 1
    now = [1000.0]
    monkeypatch.setattr(rendercache.time, "time", lambda: now[0])
    calls: list[int] = []
    rendered(name, 1, slow_builder(calls, 1, seconds=0))
    for version in (2, 3, 4):  # three results within the slot: still version 1
        now[0] += 0.3
        assert rendered(name, version, slow_builder(calls, version, seconds=0)).version == 1
    now[0] += 0.2  # 1.1 s after the rendering
    assert rendered(name, 4, slow_builder(calls, 4, seconds=0)).version == 4
    assert calls == [1, 4]
    now[0] += 60  # an unchanged tournament is never rendered again, however long it waits
    assert rendered(name, 4, slow_builder(calls, 4, seconds=0)).version == 4
    assert calls == [1, 4]


def test_renderings_follow_the_clocks_slots_the_same_on_every_node(name, settings,
                                                                   monkeypatch):
    """With slots of 2 s (an interval of 3 s, 1 s of it for the rendering) the slots are the
    even seconds: a rendering late in one slot does not hold back the next slot's, and two
    renderings never share a slot."""
    settings.PUBLIC_RENDER_INTERVAL, settings.PUBLIC_RENDER_TIME = 3, 1
    now = [1001.9]
    monkeypatch.setattr(rendercache.time, "time", lambda: now[0])
    calls: list[int] = []
    rendered(name, 1, slow_builder(calls, 1, seconds=0))
    now[0] = 1002.0  # a new slot, 0.1 s later
    assert rendered(name, 2, slow_builder(calls, 2, seconds=0)).version == 2
    now[0] = 1003.95  # the same slot: the version of 1002.0
    assert rendered(name, 3, slow_builder(calls, 3, seconds=0)).version == 2
    assert calls == [1, 2]


@pytest.mark.parametrize("interval, now, expires", [
    (3, 1000.3, "@1001"), (3, 1001.99, "@1001"), (3, 1002.0, "@1003"), (0, 1000.3, None),
    (2, 1000.3, "@1000"), (2, 1000.99, "@1000"), (2, 1001.0, "@1001"), (3.5, 1000.3, None)])
def test_the_proxy_keeps_a_public_answer_exactly_until_its_slot_ends(settings, interval, now,
                                                                     expires):
    """nginx counts an entry fresh while its expiry second is not past the current one, so
    the slot's last second is named; a slot that ends within a second cannot be named."""
    from django.http import HttpResponse

    settings.PUBLIC_RENDER_INTERVAL, settings.PUBLIC_RENDER_TIME = interval, 1
    response = rendercache.share(HttpResponse("x"), now)
    assert response.get("X-Accel-Expires") == expires
    assert "public" in response["Cache-Control"]
    if expires:  # nginx reads it first, so Cache-Control's rounded max-age does not count
        names = [name.lower() for name in response.headers]
        assert names.index("x-accel-expires") < names.index("cache-control")


def test_a_poll_within_the_interval_says_which_version_it_shows(client, make_tournament,
                                                                   director, settings,
                                                                   monkeypatch):
    settings.PUBLIC_RENDER_INTERVAL, settings.PUBLIC_RENDER_TIME = 2, 1  # slots of 1 s
    now = [5000.0]
    monkeypatch.setattr(rendercache.time, "time", lambda: now[0])
    boss = Actor(director, director.username)
    t = make_tournament("chess", entrants=4)
    url = reverse("public:standings", args=[t.slug])
    old_tag = client.get(url)["ETag"]
    services.register(t, boss, [{"name": "Nachzügler"}], status="present")
    now[0] += 0.5
    assert client.get(url, HTTP_IF_NONE_MATCH=old_tag).status_code == 304
    now[0] += 0.6
    fresh = client.get(url, HTTP_IF_NONE_MATCH=old_tag)
    assert fresh.status_code == 200 and "Nachzügler" in fresh.content.decode()


@given(interval=st.floats(0.01, 3600), render_time=st.floats(0, 7200))
def test_a_result_is_rendered_within_the_interval_when_its_rendering_takes_no_longer_than_set(
        interval, render_time):
    """A result entered just after a rendering began waits a whole slot for the next one and
    then for that rendering to finish: slot + rendering time must stay within the promised
    interval. The slot never falls under half the interval (a rendering time set too long
    would otherwise make the server render without pause)."""
    from django.test import override_settings

    with override_settings(PUBLIC_RENDER_INTERVAL=interval, PUBLIC_RENDER_TIME=render_time):
        slot = rendercache.render_slot()
    assert interval / 2 <= slot <= interval
    if render_time <= interval / 2:
        assert slot + render_time == pytest.approx(interval)


def test_without_an_interval_every_version_renders_at_once(settings):
    settings.PUBLIC_RENDER_INTERVAL, settings.PUBLIC_RENDER_TIME = 0, 1
    assert rendercache.render_slot() == 0 and rendercache.slot_end(1000.3) is None
    assert not rendercache.same_slot(1000.0, 1000.0)


@pytest.mark.parametrize(("took", "lock_seconds", "hold"), [
    (None, 5, 5), (0.0, 5, 1), (0.2, 5, 1), (0.5, 5, 2), (1.0, 5, 3), (4.0, 5, 5),
    (10.0, 60, 30), (None, 60, 60)])
def test_a_lock_lasts_three_times_the_blocks_last_rendering(took, lock_seconds, hold):
    """A node killed mid-render leaves its lock behind, and every node waits it out: for the
    standings (0.2 s) a second, not the 5 s a first rendering (no last one known) holds."""
    entry = None if took is None else rendercache.Rendered(1, 0.0, "x", took)
    assert rendercache.lock_hold(entry, lock_seconds) == hold


def test_a_rendering_records_how_long_it_took_and_the_next_lock_follows(name, settings,
                                                                       monkeypatch):
    settings.PUBLIC_RENDER_INTERVAL = 0
    calls: list[int] = []
    first = rendered(name, 1, slow_builder(calls, 1, seconds=0.05))
    assert 0.05 <= first.took < 1
    holds: list[int] = []
    real_hold = rendercache.lock_hold

    def hold(entry, lock_seconds):
        holds.append(real_hold(entry, lock_seconds))
        return holds[-1]

    monkeypatch.setattr(rendercache, "lock_hold", hold)
    rendered(name, 2, slow_builder(calls, 2, seconds=0))
    assert holds == [1] and calls == [1, 2]
