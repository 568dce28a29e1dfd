"""nginx in front of gunicorn: the shipped config (deploy/nginx/turnierwart.conf), for real.

Debian's nginx runs from a temporary prefix on a free port (no privileges needed, no system
files touched) in front of the services tier's gunicorn; the shipped file is used as it
is, with only its ports and folders replaced. What is checked: the config passes
``nginx -t``; a spectators' block is answered from the cache within its second, revalidated
with its ETag afterwards, and a new result shows within the render interval; director pages,
a session, and the API with a token are never answered from the cache; static files under
content-hashed names come from nginx with a year's cache. nginx is started by bench/proxy.py,
the same code `bench/hall.py --proxy` measures through.
"""

from __future__ import annotations

import ast
import gzip
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client, override_settings
from django.utils import translation
from rest_framework.authtoken.models import Token

from bench.proxy import NGINX, Proxy, free_port, start_nginx, stop, wait_for_port
from tournaments import services
from tournaments.models import ResultRevision, Round
from tournaments.services import Actor
from tournaments.views.public import fragment_name, page_name
from tournaments.views.rendercache import entry_key, etag
from tournaments.views.warm import is_warm

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
# The app's defaults, as the stack runs them: a new result is in the blocks within 2 s
# (PUBLIC_RENDER_INTERVAL), rendered once per slot of 1 s (less PUBLIC_RENDER_TIME).
RENDER_INTERVAL = 2.0
RENDER_SLOT = 1.0


@pytest.fixture(scope="module")
def proxy(stack, tmp_path_factory):
    if not Path(NGINX).exists():
        pytest.skip("nginx is not installed (.ci/run installs Debian's package)")
    handle, process = start_nginx(tmp_path_factory.mktemp("nginx"),
                                  [stack.base_url.removeprefix("http://")],
                                  stack.env["STATIC_ROOT"])
    yield handle
    stop(process, signal.SIGQUIT)


@pytest.fixture
def director():
    return get_user_model().objects.create_user("direktor", password="x")


def open_round(director):
    """A public tournament with round 1 published. Its name, and so its addresses, are new
    in every test: nginx's cache outlives the tests' database, and an address cached by an
    earlier test would be answered from that copy while refreshed
    (``proxy_cache_background_update``)."""
    actor = Actor(director, "direktor")
    t = services.create_tournament(actor, f"Proxy chess {uuid.uuid4().hex[:8]}", "chess",
                                   "single")
    for i in range(6):
        services.register(t, actor, [{"name": f"Spieler {i}"}], status="present")
    services.draw_round(t, actor, seed="proxy")
    services.publish_round(t, actor, 1)
    return t, Round.objects.get(tournament=t, number=1)


def session_of(user, stack) -> str:
    """A session cookie for ``user`` that the stack's gunicorn (its own key) accepts."""
    with override_settings(SECRET_KEY=stack.env["SECRET_KEY"]):
        browser = Client()
        browser.force_login(user)
        return browser.cookies["sessionid"].value


def test_shipped_config_passes_nginx_t(proxy):
    run = subprocess.run([*proxy.command, "-t"], capture_output=True, text=True, timeout=30)
    assert run.returncode == 0, run.stderr
    assert "test is successful" in run.stderr


def test_public_block_is_micro_cached_revalidated_and_shows_a_new_result_in_time(proxy,
                                                                                director):
    t, rnd = open_round(director)
    url = f"/t/{t.slug}/standings/"
    # render slots are aligned to the clock: begin early in one, so the next requests fall
    # in the same slot
    time.sleep(RENDER_SLOT - time.time() % RENDER_SLOT + 0.05)
    status, first, body = proxy.get(url)
    assert status == 200 and first["X-Cache-Status"] == "MISS"
    # kept until the render slot ends: whole seconds left in it, and for nginx the instant
    assert re.fullmatch(r"public, max-age=[0-9]+, stale-while-revalidate=1",
                        first["Cache-Control"])
    assert int(first["Cache-Control"].split("max-age=")[1].split(",")[0]) <= RENDER_SLOT
    assert first["X-Accel-Expires"] is None  # read by nginx, not passed on to the phones
    status, second, again = proxy.get(url)
    assert status == 200 and second["X-Cache-Status"] == "HIT"
    assert again == body and second["ETag"] == first["ETag"]
    # the cache keeps the app's gzip: a phone taking gzip gets it, one that does not, plain
    status, zipped, raw = proxy.get(url, {"Accept-Encoding": "gzip"})
    assert zipped["X-Cache-Status"] == "HIT" and zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(raw) == body
    # a phone that has it: 304 from the cache, nothing reaches the app
    status, same, empty = proxy.get(url, {"If-None-Match": first["ETag"]})
    assert status == 304 and empty == b"" and same["X-Cache-Status"] == "HIT"
    # when the render slot ends, the request that finds the copy expired gets it at once
    # (STALE), and the proxy asks the app with the ETag beside it (a 304: no rendering) and
    # keeps the same body for the next slot
    deadline = time.monotonic() + RENDER_SLOT + 0.5
    while True:
        time.sleep(0.2)
        status, later, still = proxy.get(url)
        assert status == 200 and still == body
        if later["X-Cache-Status"] != "HIT" or time.monotonic() > deadline:
            break
    assert later["X-Cache-Status"] in ("STALE", "UPDATING"), later["X-Cache-Status"]
    time.sleep(0.2)
    status, refreshed, still = proxy.get(url)
    assert refreshed["X-Cache-Status"] == "HIT" and still == body
    assert refreshed["ETag"] == first["ETag"]

    table = rnd.tables.order_by("number").first()
    services.director_set_result(table, Actor(director, "direktor"), {"score": "1-0"})
    changed_at = time.monotonic()
    # the promised interval: the rest of the render slot (the proxy keeps its copy exactly
    # until then) and one rendering; and the moment nginx answers the stale copy while it asks
    limit = RENDER_INTERVAL + 0.5
    while True:
        status, fresh, new = proxy.get(url)
        if new != body:
            break
        assert time.monotonic() - changed_at < limit, "the new result did not show in time"
        time.sleep(0.1)
    print(f"new result through the proxy after {time.monotonic() - changed_at:.2f} s")
    assert status == 200 and fresh["ETag"] != first["ETag"]


def test_an_answer_in_the_last_second_of_its_slot_is_kept_until_the_slot_ends(proxy,
                                                                             director):
    """The app names the slot's end for nginx (X-Accel-Expires, read before Cache-Control);
    with max-age alone nginx would round it to 0 there and keep nothing."""
    t, _rnd = open_round(director)
    url = f"/t/{t.slug}/standings/"
    # rendered once beforehand (the proxy's cache passed by), so the timed answers are quick
    assert proxy.get(url, {"Cookie": "sessionid=none"})[1]["X-Cache-Status"] == "BYPASS"
    time.sleep(RENDER_SLOT - time.time() % RENDER_SLOT + 0.1)  # a slot's last second
    status, first, body = proxy.get(url)  # asked the app
    assert status == 200 and first["X-Cache-Status"] == "MISS"
    status, second, again = proxy.get(url)
    assert second["X-Cache-Status"] == "HIT" and again == body, second["X-Cache-Status"]
    time.sleep(RENDER_SLOT - time.time() % RENDER_SLOT + 0.1)  # the next slot
    status, later, _body = proxy.get(url)
    # expired: answered from the old copy while nginx asks the app beside it
    assert later["X-Cache-Status"] in ("STALE", "UPDATING"), later["X-Cache-Status"]


def test_a_published_round_is_rendered_by_the_worker_before_the_first_phone_asks(proxy,
                                                                                 director):
    """Publishing queues the warm-up (tournaments/views/warm.py) for the real worker: the
    first phone's request for the page, the one every other phone waits for in nginx
    (proxy_cache_lock), gets the worker's rendering instead of rendering it."""
    t, _rnd = open_round(director)
    t.refresh_from_db()
    deadline = time.monotonic() + 30
    while not is_warm(t):
        assert time.monotonic() < deadline, "the worker did not render the public pages"
        time.sleep(0.1)
    with translation.override("de"):
        name = page_name(t, None)
    kept = cache.get(entry_key(name, "gzip"))
    status, head, body = proxy.get(f"/t/{t.slug}/", {"Accept-Encoding": "gzip"})
    assert status == 200 and head["X-Cache-Status"] == "MISS"
    assert body == kept.body and head["ETag"] == etag(name, t.version)
    assert cache.get(entry_key(name, "gzip")).made == kept.made  # not rendered again


def test_a_tournament_made_public_is_rendered_by_the_worker(stack, director):
    """Making a tournament public queues the warm-up too; while hidden nothing is rendered."""
    actor = Actor(director, "direktor")
    t = services.create_tournament(actor, f"Hidden {uuid.uuid4().hex[:8]}", "mucken", "pair")
    t = services.update_tournament(t, actor, public=False)
    for i in range(4):  # no round published: nothing else queues a warm-up
        services.register(t, actor, [{"name": f"S{i}a"}, {"name": f"S{i}b"}], status="present")
    time.sleep(1)
    assert not is_warm(t)
    t = services.update_tournament(t, actor, public=True)
    deadline = time.monotonic() + 30
    while not is_warm(t):
        assert time.monotonic() < deadline, "the worker did not render the public pages"
        time.sleep(0.1)


def test_the_first_request_for_an_address_gets_the_kept_rendering_and_the_new_one_follows(
        proxy, director):
    """nginx's first request for an address it holds no copy of (every other phone waits
    for it) is answered with the kept rendering at once (rendercache.first_fetch); the new
    one is rendered after that answer and shows when the proxy's copy expires."""
    t, _rnd = open_round(director)
    t.refresh_from_db()
    deadline = time.monotonic() + 30
    while not is_warm(t):
        assert time.monotonic() < deadline, "the worker did not render the public pages"
        time.sleep(0.1)
    with translation.override("de"):
        kept = etag(fragment_name(t, "standings", "page"), t.version)
    services.register(t, Actor(director, "direktor"), [{"name": "Nachzüglerin"}],
                      status="present")
    changed_at = time.monotonic()
    status, first, body = proxy.get(f"/t/{t.slug}/standings/")
    assert status == 200 and first["X-Cache-Status"] == "MISS"
    assert first["ETag"] == kept and "Nachzüglerin".encode() not in body
    while "Nachzüglerin".encode() not in body:
        assert time.monotonic() - changed_at < RENDER_INTERVAL + 1.0, "the new one never came"
        time.sleep(0.1)
        status, _head, body = proxy.get(f"/t/{t.slug}/standings/")
    print(f"the new rendering through the proxy after {time.monotonic() - changed_at:.2f} s")


def test_staff_sessions_and_tokens_are_never_answered_from_the_cache(proxy, stack, director):
    t, _rnd = open_round(director)
    session = {"Cookie": f"sessionid={session_of(director, stack)}"}
    for _ in range(2):  # the director's page: not cached at all, and says so
        status, head, body = proxy.get(f"/director/{t.slug}/", session)
        assert status == 200 and b"Proxy chess" in body
        assert head["X-Cache-Status"] is None
        assert head["Cache-Control"] == "private, no-store"
    for _ in range(2):  # a public block seen with a session: passes the cache by
        status, head, _body = proxy.get(f"/t/{t.slug}/standings/", session)
        assert status == 200 and head["X-Cache-Status"] == "BYPASS"
    token = {"Authorization": f"Token {Token.objects.get_or_create(user=director)[0].key}"}
    for _ in range(2):
        status, head, body = proxy.get(f"/api/v1/tournaments/{t.slug}/", token)
        assert status == 200 and json.loads(body)["slug"] == t.slug
        assert head["X-Cache-Status"] is None
        assert head["Cache-Control"] == "private, no-store"
        status, head, _body = proxy.get(f"/t/{t.slug}/pairings/", token)
        assert status == 200 and head["X-Cache-Status"] == "BYPASS"
    # The spectators' whole page is the same for every anonymous visitor (no CSRF token):
    # kept a moment like the blocks; with a session it passes the cache by and stays private.
    for k in range(2):
        status, head, _body = proxy.get(f"/t/{t.slug}/")
        assert status == 200 and head["Cache-Control"].startswith("public")
        assert head["X-Cache-Status"] == "MISS" if k == 0 else head["X-Cache-Status"] in (
            "HIT", "EXPIRED", "REVALIDATED", "UPDATING", "STALE")
    status, head, _body = proxy.get(f"/t/{t.slug}/", session)
    assert status == 200 and head["X-Cache-Status"] == "BYPASS"
    assert head["Cache-Control"] == "private, no-store"


def test_hashed_static_files_come_from_nginx_for_a_year(proxy, stack):
    static = Path(stack.env["STATIC_ROOT"])
    paths = json.loads((static / "staticfiles.json").read_text())["paths"]
    name = next(h for p, h in paths.items() if p.endswith(".css"))
    status, head, body = proxy.get(f"/static/{name}", {"Accept-Encoding": "gzip"})
    assert status == 200
    # nginx's own header (WhiteNoise would say "max-age=315360000, public, immutable")
    assert head["Cache-Control"] == "public, max-age=31536000, immutable"
    if (static / f"{name}.gz").exists():
        assert head["Content-Encoding"] == "gzip"
        body = gzip.decompress(body)
    assert body == (static / name).read_bytes()
    plain = next(p for p in paths if p.endswith(".css"))
    status, head, _body = proxy.get(f"/static/{plain}")
    assert status == 200 and head["Cache-Control"] == "public, max-age=300"


@pytest.fixture(scope="module")
def two_nodes(stack, tmp_path_factory):
    """A second gunicorn (same PostgreSQL, same Redis) and an nginx in front of both."""
    if not Path(NGINX).exists():
        pytest.skip("nginx is not installed (.ci/run installs Debian's package)")
    logs = tmp_path_factory.mktemp("second-node")
    port = free_port()
    command = [str(Path(sys.executable).parent / "gunicorn"), "-c", "config/gunicorn.py",
               "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2"]
    with open(logs / "gunicorn.log", "w") as log:
        second = subprocess.Popen(command, cwd=ROOT, env=stack.env, start_new_session=True,
                                  stdout=log, stderr=subprocess.STDOUT)
    wait_for_port(port, second, logs / "gunicorn.log")
    handle, nginx = start_nginx(tmp_path_factory.mktemp("nginx-two"),
                                [stack.base_url.removeprefix("http://"), f"127.0.0.1:{port}"],
                                stack.env["STATIC_ROOT"])
    yield handle, f"127.0.0.1:{port}", second
    stop(nginx, signal.SIGQUIT)
    stop(second)


def post(proxy: Proxy, path: str, body: dict, device: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=30)
    try:
        conn.request("POST", path, body=json.dumps(body),
                     headers={"Content-Type": "application/json", "X-Device-Id": device})
        response = conn.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0
    finally:
        conn.close()


def direct(address: str, path: str) -> tuple[str, bytes]:
    conn = http.client.HTTPConnection(*address.split(":"), timeout=30)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.headers["ETag"], response.read()
    finally:
        conn.close()


def test_two_web_nodes_agree_and_one_killed_loses_no_accepted_submission(two_nodes, stack,
                                                                         director):
    proxy, second_address, second = two_nodes
    actor = Actor(director, "direktor")
    t = services.create_tournament(actor, "Two nodes", "mucken", "pair")
    for i in range(40):
        services.register(t, actor, [{"name": f"P{i}a"}, {"name": f"P{i}b"}], status="present")
    services.draw_round(t, actor, seed="two-nodes")
    services.publish_round(t, actor, 1)
    tables = list(Round.objects.get(tournament=t, number=1).tables.order_by("number"))
    agree = {"bobbl": [[21, 5], [21, 7]]}
    phones = ("phone-of-party-one", "phone-of-party-two")  # the two captains of each table
    jobs = [(table, device) for table in tables for device in phones]
    half = len(jobs) // 2
    in_flight = 8

    def submit(job) -> int:
        table, device = job
        return post(proxy, f"/api/v1/captain/{table.token}/", agree, device)

    with ThreadPoolExecutor(in_flight) as pool:
        before = list(pool.map(submit, jobs[:half]))
        assert all(s in (200, 201) for s in before), before
        # both nodes show the same block: the rendering is shared through Redis
        time.sleep(RENDER_SLOT + 0.2)
        block = f"/t/{t.slug}/standings/"
        first = direct(stack.base_url.removeprefix("http://"), block)
        assert direct(second_address, block) == first
        # the second node dies (SIGKILL, master and workers) while captains keep submitting
        later = [pool.submit(submit, job) for job in jobs[half:]]
        time.sleep(0.05)
        os.killpg(second.pid, signal.SIGKILL)
        after = [f.result() for f in later]
    answers = before + after
    failed = [s for s in after if s not in (200, 201)]
    print(f"two nodes, one killed: {len(answers)} submissions, {len(failed)} failed "
          f"({sorted(set(failed))})")
    assert len(failed) <= in_flight  # only what was in flight on the killed node
    for k, table in enumerate(tables):
        accepted = sum(s in (200, 201) for s in answers[2 * k:2 * k + 2])
        saved = ResultRevision.objects.filter(table=table).count()
        assert accepted <= saved <= 2, f"table {table.number} lost an accepted submission"
    # the survivor answers everything now, and the new results show through the proxy
    for table in tables[:5]:
        status, _head, _body = proxy.get(f"/api/v1/captain/{table.token}/")
        assert status == 200
    deadline = time.monotonic() + RENDER_INTERVAL + 3.5
    while True:
        status, head, _body = proxy.get(f"/t/{t.slug}/standings/")
        if status == 200 and head["ETag"] != first[0]:
            break
        assert time.monotonic() < deadline, "the standings did not move on the survivor"
        time.sleep(0.2)


# Module-level state written at run time (``NAME[...] = ``, ``NAME.append(...)``, ``global``,
# ``@lru_cache``) lives in one process only: with several web nodes each would hold its own.
# Each one found must be here, with why that is harmless (docs/scaling.md, "In-process state").
IN_PROCESS = {
    # rendered desk rows keyed by everything a row shows: a node can only miss, never be stale
    ("tournaments/views/desk_rows.py", "_ROWS"),
    # the point values a Doppelkopf game can have, a pure function of the game's kind and
    # announcements: every node computes the same
    ("tournaments/disciplines/doppelkopf/form.py", "@lru_cache(maxsize=256) possible_values"),
    # the names of the query parameters the spectators' views read, filled at import by every
    # process alike (the same code names the same parameters): nginx's cache key lists them
    ("tournaments/views/rendercache.py", "SPECTATOR_PARAMS"),
    # the embedded housekeeping's last thread, kept so a test can wait for it; whether it
    # runs is decided by cache.add (Redis when there are several nodes), not by this handle
    ("tournaments/services/housekeeping.py", "last_thread"),
}
MUTATORS = {"append", "extend", "update", "setdefault", "pop", "popitem", "move_to_end", "add",
            "clear", "insert", "remove", "discard"}


def written_module_state(path: Path) -> set[str]:
    """Names of ``path``'s module-level variables that its functions change or cache in."""
    tree = ast.parse(path.read_text())
    names = {t.id for node in tree.body if isinstance(node, ast.Assign | ast.AnnAssign)
             for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
             if isinstance(t, ast.Name)}
    found = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for decorator in fn.decorator_list:
            text = ast.unparse(decorator)
            if re.search(r"\b(lru_cache|cache)\b", text):
                found.add(f"@{text} {fn.name}")
        for node in ast.walk(fn):
            if isinstance(node, ast.Global):
                found.update(node.names)
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr in MUTATORS and isinstance(node.func.value, ast.Name)
                  and node.func.value.id in names):
                found.add(node.func.value.id)
            elif isinstance(node, ast.Assign | ast.AugAssign | ast.Delete):
                targets = node.target if isinstance(node, ast.AugAssign) else node.targets
                for t in targets if isinstance(targets, list) else [targets]:
                    if (isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name)
                            and t.value.id in names):
                        found.add(t.value.id)
    return found


def test_every_in_process_state_is_known_and_everything_shared_is_in_the_cache():
    found = {(str(path.relative_to(ROOT)), name)
             for package in ("tournaments", "config", "scoring", "pairing")
             for path in sorted((ROOT / package).rglob("*.py")) if "migrations" not in path.parts
             for name in written_module_state(path)}
    assert found == IN_PROCESS
    # with REDIS_URL the one cache (render locks and renderings, standings, rate limits,
    # statistics) is Redis, shared by every node; sessions and login failures are PostgreSQL
    from django.conf import settings as django_settings

    assert django_settings.CACHES["default"]["BACKEND"] == "config.cache.TolerantRedisCache"
    assert django_settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"
    assert django_settings.AXES_HANDLER == "axes.handlers.database.AxesDatabaseHandler"
