"""Issue 32, the third security review: the findings still open (2, 3, 4, 7, 8, 9, 10, 11).

One section per finding, named after it; each test fails on the main branch before the fix
(1, 5 and 6 are in test_rating_list_attacks.py).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tournaments import ratelimit, services
from tournaments.models import ActionLog, Entrant, Result, ResultRevision, TableCode
from tournaments.services import Actor, hall_links, seating, undo

pytestmark = pytest.mark.django_db

WINDOW = {"registration": {"window": 2, "random_up_to": 0, "sequential_from": None}}


def payload(first: int = 17) -> dict:
    return {"bobbl": [[21, 11], [first, 21]]}


@pytest.fixture
def evening(make_tournament, boss, desk_user):
    """A Mucken evening of eight fixed pairs, round 1 open; (tournament, table 1, a, b)
    with a and b the pairs on the two sides of table 1."""
    t = make_tournament("mucken", "pair", name="Muckturnier Angriff")
    t = services.update_tournament(t, boss, draw_options=WINDOW)
    desk = Actor(desk_user, desk_user.username)
    for i in range(1, 9):
        services.register(t, desk, [{"name": f"Anna{i}"}, {"name": f"Bert{i}"}],
                          status="present")
    seating.apply_cleanup(t, boss)
    rnd = services.draw_round(t, boss, seed="angriff")
    services.publish_round(t, boss, 1)
    table = rnd.tables.get(number=1)
    seats = list(table.seats.select_related("entrant").order_by("side"))
    return t, table, seats[0].entrant, seats[1].entrant


def answer(client, entrant: Entrant, what: str = "confirm") -> str:
    result = Result.objects.filter(table__seats__entrant=entrant,
                                   table__round__status="open").first()
    r = client.post(reverse("links:answer", args=[entrant.link_code]),
                    {"answer": what, "version": result.version if result else ""})
    assert r.status_code == 302
    return re.search(r"said=(\w+)", r["Location"]).group(1)


def status(table) -> str:
    return Result.objects.get(table=table).status


# ------------------------------------------------------- finding 3: decided stays decided


def test_3_a_directors_decision_is_not_reopened(evening, boss, client):
    t, table, _a, b = evening
    services.captain_submit(table.token, payload(), device_id="phone-of-party-a-0001")
    services.captain_submit(table.token, payload(19), device_id="phone-of-party-b-0002")
    assert status(table) == "disputed"
    services.director_set_result(table, boss, payload())
    assert status(table) == "confirmed"

    # "No, this is wrong" on a personal link: on record in the log, the table stays decided.
    assert answer(client, b, "wrong") == "kept"
    assert status(table) == "confirmed"
    entry = ActionLog.objects.filter(tournament=t, action="entrant_dispute").latest("id")
    assert entry.after["kept"] is True and entry.writes == [] and entry.reads == []
    # Through the table card (the captain link): kept on record and shown, not reopened.
    late = services.captain_submit(table.token, payload(5), device_id="phone-of-party-b-0002")
    assert late.outcome == "kept" and late.status == "confirmed"
    assert "the director's result stands" in late.answer
    # A late offline report under a new key: the same.
    offline = services.captain_submit(table.token, payload(7),
                                      device_id="phone-of-someone-new-0003",
                                      key="late-offline-key-000001")
    assert offline.outcome == "kept" and status(table) == "confirmed"
    assert Result.objects.get(table=table).payload == payload()
    kept = ResultRevision.objects.filter(table=table, undone=False).order_by("id")
    assert [r.payload for r in kept][-2:] == [payload(5), payload(7)]  # on record
    # The round closes: no table is disputed.
    for other in t.rounds.get(number=1).tables.exclude(pk=table.pk):
        services.director_set_result(other, boss, payload())
    services.close_round(t, boss, 1)


def test_3_undoing_the_decision_is_not_blocked_by_an_objection(evening, boss, client):
    t, table, a, _b = evening
    services.captain_submit(table.token, payload(), device_id="phone-of-party-a-0001")
    services.director_set_result(table, boss, payload(19))
    assert answer(client, a, "wrong") == "kept"
    decision = ActionLog.objects.filter(tournament=t, action="set_result").latest("id")
    undo.undo_entry(t, boss, decision.pk)
    assert Result.objects.get(table=table).payload == payload()


def test_3_a_withdrawn_entrants_link_stops_reporting(evening, boss, client, desk_user):
    _t, table, _a, b = evening
    services.captain_submit(table.token, payload(), device_id="phone-of-party-a-0001")
    services.set_status(b, Actor(desk_user, desk_user.username), "withdrawn")
    assert answer(client, b, "wrong") == "withdrawn"
    assert answer(client, b) == "withdrawn"
    assert status(table) == "submitted"
    page = client.get(reverse("links:entrant", args=[b.link_code])).content.decode()
    assert 'id="wrong"' not in page


def test_3_the_director_replaces_a_table_card_and_a_personal_link(evening, boss,
                                                                  director_client):
    t, table, a, _b = evening
    hall_links.make_table_codes(t, boss, 4)
    card = TableCode.objects.get(tournament=t, number=1)
    old_card, old_token, old_link = card.code, table.token, a.link_code
    url = reverse("links:replace", args=[t.slug])
    r = director_client.post(url, {"what": "table", "number": "1"})
    assert r.status_code == 302
    page = director_client.get(r["Location"]).content.decode()
    assert 'id="replaced"' in page and "Table 1 has a new card code" in page
    card.refresh_from_db()
    table.refresh_from_db()
    assert card.code != old_card and table.token != old_token
    assert director_client.get(f"/tc/{old_card}/").status_code == 404
    assert director_client.get(f"/c/{old_token}/").status_code == 404
    assert director_client.get(f"/tc/{card.code}/")["Location"] == f"/c/{table.token}/"
    r = director_client.post(url, {"what": "entrant", "number": str(a.start_number)})
    assert r.status_code == 302
    a.refresh_from_db()
    assert a.link_code != old_link
    assert director_client.get(f"/e/{old_link}/").status_code == 404
    assert director_client.get(f"/e/{a.link_code}/").status_code == 200
    logged = ActionLog.objects.filter(tournament=t, action__in=[
        "rotate_table_code", "rotate_entrant_link"])
    assert logged.count() == 2
    assert not any(old_card in str(e.after) or card.code in str(e.after) for e in logged)
    # Bad input: the field's error on the page, no 500.
    r = director_client.post(url, {"what": "table", "number": "77"})
    assert r.status_code == 400 and "table 77 has no card yet" in r.content.decode()
    r = director_client.post(url, {"what": "entrant", "number": "x" * 40})
    assert r.status_code == 400 and 'id="replace-error"' in r.content.decode()


def test_3_only_the_director_replaces_links(evening, desk_client):
    t, _table, a, _b = evening
    r = desk_client.post(reverse("links:replace", args=[t.slug]),
                         {"what": "entrant", "number": str(a.start_number)})
    assert r.status_code in (302, 403, 404)
    old = a.link_code
    a.refresh_from_db()
    assert a.link_code == old


# ------------------------------------------- finding 10: two parties per entrant, not device


def test_10_a_party_cannot_confirm_its_own_phones_report_from_another_browser(evening,
                                                                            client):
    _t, table, a, b = evening
    # Party A's captain reports on one phone, then confirms with A's link in another browser.
    services.captain_submit(table.token, payload(), device_id="phone-of-party-a-0001")
    client.cookies["tw_device"] = "another-browser-0000002"
    assert answer(client, a) == "agreed"
    assert status(table) == "submitted"
    # A's partner is the same party: still not confirmed.
    assert answer(client, a) == "agreed"
    # Party B's link agrees: now two parties have said so.
    assert answer(client, b) == "confirmed"
    assert status(table) == "confirmed"


# ------------------------------------------- finding 2: one client cannot lock a table out


@pytest.fixture
def limits(settings):
    """The default rate limits; the clock stands still so that no window ends mid-test."""
    settings.RATE_LIMITS = {**ratelimit.DEFAULTS}
    with mock.patch("time.time", return_value=7_200.0):
        yield


def test_2_a_flood_on_a_table_card_does_not_lock_out_the_table(evening, boss, limits):
    _t, table, a, _b = evening
    card = hall_links.make_table_codes(evening[0], boss, 1)[0]
    attacker = Client(REMOTE_ADDR="203.0.113.66")
    answers = [attacker.head(f"/tc/{card.code}/").status_code for _ in range(125)]
    assert answers.count(429) == 5  # the attacker's own budget (120 a minute) is used up
    # Every other client still reaches the card, the captain page, the API, the personal link.
    phone = Client(REMOTE_ADDR="198.51.100.20")
    assert phone.get(f"/tc/{card.code}/").status_code == 302
    assert phone.get(f"/c/{table.token}/").status_code == 200
    assert phone.get(f"/api/v1/captain/{table.token}/").status_code == 200
    flood = [attacker.head(f"/e/{a.link_code}/").status_code for _ in range(125)]
    assert flood.count(429) == 5
    assert phone.get(f"/e/{a.link_code}/").status_code == 200


# --------------------------------- finding 4: every worker counts in the same store


WORKER = """
import json, django
django.setup()
from django.test import RequestFactory
from tournaments import ratelimit
rf = RequestFactory()
got = [ratelimit.failed_lookup(rf.get("/c/guess/", REMOTE_ADDR="203.0.113.9")) is None
       for _ in range(15)]
print(json.dumps(got))
"""


def test_4_workers_share_the_counts_without_redis(tmp_path):
    """Four processes (as four gunicorn workers, no Redis) guess 15 unknown tokens each from
    one address: 30 a minute are let through in all, not 30 per worker."""
    root = Path(__file__).resolve().parents[2]
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), "LANG": "C.UTF-8",
           "PYTHONPATH": str(root), "DJANGO_SETTINGS_MODULE": "config.settings",
           "DJANGO_DEBUG": "1", "SECRET_KEY_FILE": str(tmp_path / "key"),
           "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "REDIS_URL": "",
           "RATE_LIMIT_WINDOW": "3600"}
    migrate = subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=root,
                             env=env, capture_output=True, text=True, timeout=300)
    assert migrate.returncode == 0, migrate.stderr
    workers = [subprocess.Popen([sys.executable, "-c", WORKER], cwd=root, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for _ in range(4)]
    let_through = 0
    for w in workers:
        out, err = w.communicate(timeout=300)
        assert w.returncode == 0, err[-2000:]
        let_through += sum(json.loads(out.strip().splitlines()[-1]))
    assert let_through == 30


# ---------------------------------- finding 9: a random query is no new rendering or key


def test_9_an_unknown_query_neither_renders_anew_nor_makes_a_new_entry(
        client, make_tournament, monkeypatch):
    from tournaments.views import public

    t = make_tournament("chess", entrants=4)
    builds = []
    real = public.tournament_context
    monkeypatch.setattr(public, "tournament_context",
                        lambda *a, **kw: builds.append(1) or real(*a, **kw))
    url = reverse("public:tournament", args=[t.slug])
    first = client.get(url)
    pages = [client.get(f"{url}?x={k}&utm_source=y{k}") for k in range(5)]
    assert len(builds) == 1  # one rendering for all six
    assert all(p.status_code == 200 and p.content == first.content for p in pages)
    assert all(p["ETag"] == first["ETag"] and "public" in p["Cache-Control"] for p in pages)
    assert "x=3" not in pages[3].content.decode()  # nothing of the query in the page


def test_9_parameters_are_read_as_the_proxys_key_reads_them(rf):
    """Django and nginx's $arg_ must agree, or one query's answer is stored under another's
    key: first occurrence, name case-insensitive and not decoded."""
    from tournaments.views.rendercache import spectator_query

    for query, seen in [("category=S&category=J", "S"), ("CATEGORY=J", "J"),
                        ("cat%65gory=J", None), ("x=1&category=S%C3%BC", "Sü"),
                        ("category", None), (f"category={'a' * 500}", "a" * 200)]:
        request = rf.get("/t/x/", QUERY_STRING=query)
        spectator_query(request, ("category",))
        assert request.GET.get("category") == seen, query
        assert list(request.GET) == (["category"] if seen is not None else [])


def test_9_the_proxys_key_names_exactly_the_parameters_the_pages_read():
    import tournaments.urls  # noqa: F401  (every view, so every page's parameters)
    from config import urls  # noqa: F401
    from tournaments.views.rendercache import SPECTATOR_PARAMS

    conf = (Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "turnierwart.conf")
    key = re.search(r'proxy_cache_key "([^"]+)"', conf.read_text()).group(1)
    assert "$request_uri" not in key and "$args" not in key and "$uri" in key
    assert set(re.findall(r"\$arg_(\w+)", key)) == SPECTATOR_PARAMS


def test_9_a_made_up_category_is_not_carried_into_the_shared_page(client, make_tournament):
    t = make_tournament("chess", entrants=4)
    url = reverse("public:tournament", args=[t.slug])
    page = client.get(f"{url}?category=%3Cevil%3E").content.decode()
    assert "evil" not in page


# ------------------------------------------------ finding 7: API tokens end


def token_for(client, username: str, password: str) -> str:
    r = client.post("/api/v1/auth/token/", {"username": username, "password": password})
    assert r.status_code == 200, r.content
    return r.json()["token"]


def api_get(client, key: str):
    return client.get("/api/v1/tournaments/", HTTP_AUTHORIZATION=f"Token {key}")


def test_7_a_password_change_ends_the_api_token(client, director):
    key = token_for(client, "direktor", "turnier-2026")
    assert api_get(client, key).status_code == 200
    director.set_password("ganz-neu-2027")
    director.save()
    assert api_get(client, key).status_code == 401
    new = token_for(client, "direktor", "ganz-neu-2027")
    assert new != key and api_get(client, new).status_code == 200
    director.last_login = timezone.now()  # saving without a new password keeps the token
    director.save()
    assert api_get(client, new).status_code == 200


def test_7_the_password_change_page_ends_it_too(client, director):
    key = token_for(client, "direktor", "turnier-2026")
    client.force_login(director)
    r = client.post(reverse("password_change"), {
        "old_password": "turnier-2026", "new_password1": "Schach-matt-2027!",
        "new_password2": "Schach-matt-2027!"})
    assert r.status_code == 302
    assert api_get(Client(), key).status_code == 401


def test_7_a_user_deletes_their_own_token_on_a_page(client, director):
    key = token_for(client, "direktor", "turnier-2026")
    client.force_login(director)
    page = client.get(reverse("api_token"))
    assert page.status_code == 200 and 'id="revoke-token"' in page.content.decode()
    assert key not in page.content.decode()  # the key is never shown on a page
    assert f'href="{reverse("api_token")}"' in page.content.decode()  # in the header
    r = client.post(reverse("api_token"))
    assert r.status_code == 302
    page = client.get(r["Location"]).content.decode()
    assert 'id="token-revoked"' in page and 'id="no-token"' in page
    assert api_get(Client(), key).status_code == 401


def test_7_an_unused_token_expires(client, director, settings):
    settings.API_TOKEN_IDLE_DAYS = 30
    key = token_for(client, "direktor", "turnier-2026")
    later = timezone.now() + timedelta(days=20)
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert api_get(client, key).status_code == 200  # used: its idle time starts again
    with mock.patch("django.utils.timezone.now", return_value=later + timedelta(days=29)):
        assert api_get(client, key).status_code == 200
    much_later = later + timedelta(days=29 + 31)
    with mock.patch("django.utils.timezone.now", return_value=much_later):
        r = api_get(client, key)
        assert r.status_code == 401 and "expired" in r.json()["detail"]
        assert not Token.objects.filter(key=key).exists()
        new = token_for(client, "direktor", "turnier-2026")
        assert new != key and api_get(client, new).status_code == 200


# ------------------------------- finding 8: an old captain link shows no permanent card code


def test_8_a_closed_rounds_captain_page_leads_only_its_own_phone_on(evening, boss):
    t, table, _a, _b = evening
    card = hall_links.make_table_codes(t, boss, 4)[0]
    phone = Client()
    phone.cookies["tw_device"] = "the-tables-own-phone-01"
    phone.post(f"/c/{table.token}/", {"bobbl[0].side1": "21", "bobbl[0].side2": "11",
                                      "bobbl[1].side1": "17", "bobbl[1].side2": "21"})
    assert ResultRevision.objects.filter(table=table).exists()
    for tb in t.rounds.get(number=1).tables.all():
        services.director_set_result(tb, boss, payload())
    services.close_round(t, boss, 1)
    rnd2 = services.draw_round(t, boss, seed="zwei")
    services.publish_round(t, boss, 2)
    next_table = rnd2.tables.get(number=1)
    old_link = f"/c/{table.token}/"
    # Whoever holds the old link: no card code, no way on.
    stranger = Client().get(old_link).content.decode()
    assert card.code not in stranger and 'id="next-place"' not in stranger
    # The phone that reported at this table: on to the open round's captain link.
    own = phone.get(old_link).content.decode()
    assert card.code not in own
    assert f'href="/c/{next_table.token}/" id="next-place"' in own
    # Two rounds on, the old link leads nobody anywhere.
    for tb in rnd2.tables.all():
        services.director_set_result(tb, boss, payload())
    services.close_round(t, boss, 2)
    services.draw_round(t, boss, seed="drei")
    services.publish_round(t, boss, 3)
    later = phone.get(old_link).content.decode()
    assert 'id="next-place"' not in later and card.code not in later


# ---------------------------- finding 11: the worker keeps only a captain page, asked by it


SW_HARNESS = r"""
const fs = require("fs");
const code = fs.readFileSync(process.argv[2], "utf8");
const origin = "https://hall.example";
const fetched = [], stored = [], listeners = {};
const self = {
  location: new URL(origin + "/c/sw.js"),
  addEventListener: (name, fn) => { listeners[name] = fn; },
  skipWaiting: () => Promise.resolve(), clients: {claim: () => Promise.resolve()},
};
const cache = {match: () => Promise.resolve(undefined), addAll: () => Promise.resolve(),
               put: (req) => { stored.push(String(req)); return Promise.resolve(); }};
const caches = {open: () => Promise.resolve(cache), keys: () => Promise.resolve([])};
const fetch = (url) => { fetched.push(String(url)); return Promise.resolve(
  {ok: true, type: "basic", redirected: false, clone() { return this; }}); };
new Function("self", "caches", "fetch", "URL", code)(self, caches, fetch, URL);
const token = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
const cases = JSON.parse(process.argv[3]);
(async () => {
  const out = [];
  for (const [keep, from] of cases) {
    fetched.length = 0; stored.length = 0;
    let done = Promise.resolve();
    listeners.message({data: {keep: keep.replace("TOKEN", token)},
                       source: from === null ? null : {url: origin + from.replace("TOKEN", token)},
                       waitUntil: (p) => { done = p; }});
    await done;
    out.push([fetched.slice(), stored.slice()]);
  }
  console.log(JSON.stringify(out));
})();
"""


@pytest.mark.skipif(not shutil.which("node"), reason="node is not installed")
def test_11_the_worker_keeps_only_a_captain_page_that_asks_for_itself(client, tmp_path):
    worker = tmp_path / "sw.js"
    worker.write_bytes(client.get("/c/sw.js").content)
    harness = tmp_path / "harness.js"
    harness.write_text(SW_HARNESS)
    own = "/c/TOKEN/"
    cases = [
        [own, own],  # the captain page asks to keep itself: kept
        [own, "/c/TOKEN/?sent=confirmed"],  # the same page with its query: kept
        ["/c/../director/", "/c/../director/"],  # a director's page through a dot segment
        ["/c/%2e%2e/director/", own],
        ["/c/TOKEN/../../admin/", own],
        ["/c/TOKEN/?x=1", own],  # a query makes another entry
        ["/t/demo/", "/t/demo/"],  # not a captain page
        ["/c/e/personal-link-code/", own],  # the personal link's answer address
        [own, "/t/demo/"],  # another page asking on a captain page's behalf
        [own, None],  # no page at all
        ["//evil.example/c/TOKEN/", own],
    ]
    done = subprocess.run(["node", str(harness), str(worker), json.dumps(cases)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    page = "https://hall.example/c/AbCdEfGhIjKlMnOpQrStUvWxYz012345/"
    assert got[0] == [["/c/AbCdEfGhIjKlMnOpQrStUvWxYz012345/"], [page]]
    assert got[1] == got[0]
    assert all(g == [[], []] for g in got[2:]), got
