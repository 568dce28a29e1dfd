"""Every URL of the project against every kind of visitor, from one table of expectations.

The URLs come from the resolver itself (``django.urls.get_resolver``), so a new URL without a
line in ``EXPECTED`` fails ``test_every_url_has_an_expectation`` with its name. Each URL is
requested (GET, and POST where the visitor must be refused) as

- ``anon``: nobody logged in,
- ``desk``: the desk role of the tournament,
- ``other``: the director of ANOTHER tournament,
- ``director``: a director of the tournament,

with the path filled from a real tournament (slug, round 1, table 1, a real captain token, the
pk of a real result revision). Nothing may answer 500.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tournaments import services
from tournaments.models import ActionLog, ResultRevision, Tournament
from tournaments.services import Actor, events, hall_links

pytestmark = pytest.mark.django_db

ROLES = ("anon", "desk", "other", "director")

# Outcomes: SERVED = answered (< 500, not 401/403, not sent to a login page); LOGIN = 302 to
# the login page; ADMIN_LOGIN = 302 to the admin's login; 401/403/404 as numbers.
SERVED, LOGIN, ADMIN_LOGIN = "served", "login", "admin-login"

PUBLIC = {"anon": 200, "desk": 200, "other": 200, "director": 200}
PUBLIC_SERVED = dict.fromkeys(ROLES, SERVED)
DESK = {"anon": LOGIN, "desk": SERVED, "other": 403, "director": SERVED}
# POST-only desk actions: a GET is 405 for everyone; a POST is refused as for DESK
DESK_POST = {**DESK, "post_only": True}
DIRECTOR = {"anon": LOGIN, "desk": 403, "other": 403, "director": SERVED}
API_DIRECTOR = {"anon": 401, "desk": 403, "other": 403, "director": SERVED}
API_USER = {"anon": 401, "desk": SERVED, "other": SERVED, "director": SERVED}
USER = {"anon": LOGIN, "desk": SERVED, "other": SERVED, "director": SERVED}
CAPTAIN = dict.fromkeys(ROLES, 200)  # the token is the permission, for anyone holding it
ADMIN = dict.fromkeys(ROLES, ADMIN_LOGIN)  # none of these users is staff

EXPECTED: dict[str, dict[str, Any]] = {
    # spectators (a non-public tournament is a 404 for anon/other, see the second test)
    "public:home": PUBLIC, "public:tournament": PUBLIC, "public:standings": PUBLIC,
    "public:pairings": PUBLIC, "public:round": PUBLIC, "public:projector": PUBLIC,
    "public:seats": PUBLIC, "public:seats_live": PUBLIC,
    "public:cross_table": dict.fromkeys(ROLES, 404),  # a Swiss has no cross table
    "public:progress_table": PUBLIC,
    # a team tournament's pages (the table's tournament is no team tournament: 404)
    "public:team_matches": dict.fromkeys(ROLES, 404),
    "public:team_cross_table": dict.fromkeys(ROLES, 404),
    "public:team_players": dict.fromkeys(ROLES, 404),
    "public:statistics": PUBLIC, "public:prereg": PUBLIC_SERVED,
    "root": PUBLIC_SERVED, "favicon.ico": PUBLIC_SERVED,
    "after_login": USER, "api_token": USER,  # a redirect by role, to a page the account may open
    # captains
    "captain:table": CAPTAIN, "captain:qr": CAPTAIN, "api-captain": CAPTAIN,
    # the links that follow the evening: the code is the permission (the table's: a 302 to
    # the open round's captain page; the entrant's page; its confirmation, POST only)
    "links:table": PUBLIC_SERVED, "links:entrant": CAPTAIN,
    "links:answer": {**PUBLIC_SERVED, "post_only": True}, "links:cards": DIRECTOR,
    "links:lineup": dict.fromkeys(ROLES, 404),  # a team captain's line-up: no teams here
    "links:replace": {**DIRECTOR, "post_only": True},
    "captain:manifest": CAPTAIN, "captain:service_worker": PUBLIC,
    # the desk
    "desk:index": USER, "desk:tournament": DESK, "desk:players": DESK, "desk:scan": DESK_POST,
    "desk:pair_up": DESK_POST, "desk:prereg_open": DESK_POST, "desk:status": DESK_POST,
    "desk:marker": DESK_POST, "desk:slip": DESK, "desk:edit": DESK,
    "desk:entrant_list": DESK, "desk:row": DESK, "desk:delete": DESK_POST,
    "desk:undo_delete": DESK_POST, "director:table_entry": DIRECTOR,
    "desk:teams": DESK, "director:lineups": DIRECTOR, "director:export_team_trf": DIRECTOR,
    # online registration: the organiser's page at the desk (a person's data: the
    # director's), the announcement's settings, the public page and the personal link
    "desk:registrations": DESK, "desk:reg_fee": DESK_POST, "desk:reg_withdraw": DESK_POST,
    "desk:reg_statement": DESK_POST, "desk:reg_settle": DESK_POST,
    "desk:reg_checkin": DESK_POST, "desk:reg_close_checkin": DESK_POST,
    "desk:reg_remind": DESK_POST, "desk:reg_send_unsent": DESK_POST,
    "desk:reg_csv": DESK, "desk:reg_pdf": DESK,
    "desk:reg_export": DIRECTOR, "desk:reg_delete": {**DIRECTOR, "post_only": True},
    "desk:reg_delete_all": {**DIRECTOR, "post_only": True}, "desk:reg_move": DESK_POST,
    "director:announcement": DIRECTOR, "public:announcement": PUBLIC_SERVED,
    "online:mine": PUBLIC_SERVED, "online:withdraw": {**PUBLIC_SERVED, "post_only": True},
    # the director
    # the directors' home: anyone who directs some tournament (the desk user directs none)
    "director:home": {"anon": LOGIN, "desk": 403, "other": SERVED, "director": SERVED},
    # site-wide: any director (of any tournament) may import the lists the desks search
    "director:rating_lists": {"anon": LOGIN, "desk": 403, "other": SERVED, "director": SERVED},
    "director:rating_lists_table": {"anon": LOGIN, "desk": 403, "other": SERVED,
                                    "director": SERVED},
    "director:what_if": DIRECTOR, "director:statistics": DIRECTOR,
    "director:tournament": DIRECTOR, "director:export": DIRECTOR,
    "director:export_trf": DIRECTOR, "director:settings": DIRECTOR,
    "director:roles": DIRECTOR, "director:log": DIRECTOR, "director:seating": DIRECTOR,
    "director:draw": DIRECTOR, "director:undo": DIRECTOR, "director:round": DIRECTOR,
    # the live board of tables: directors only (its tiles open the result entry)
    "director:board": DIRECTOR, "director:board_live": DIRECTOR,
    "director:publish": DIRECTOR, "director:close": DIRECTOR, "director:reopen": DIRECTOR,
    "director:redraw": DIRECTOR, "director:quick_result": DIRECTOR,
    "director:round_choices": DIRECTOR, "director:swap_players": DIRECTOR,
    "director:swap_colours": DIRECTOR, "director:series_games": DIRECTOR,
    "director:result": DIRECTOR, "director:accept": DIRECTOR,
    "director:clear_result": DIRECTOR, "director:ratings": DIRECTOR,
    "director:dwz_age_group": DIRECTOR,
    "director:request_bye": DIRECTOR, "director:cancel_bye": DIRECTOR,
    "director:set_pairing": DIRECTOR, "director:forbid_pairing": DIRECTOR,
    "director:delete_pairing_rule": DIRECTOR, "director:withdraw": DIRECTOR,
    "director:comes_back": DIRECTOR, "director:undo_last": DIRECTOR,
    "director:undo_entry": DIRECTOR, "director:final": DIRECTOR,
    "director:prize_list": DIRECTOR, "director:federation_files": DIRECTOR,
    "director:federation_file": DIRECTOR,
    "reports:list": DIRECTOR, "reports:status": DIRECTOR, "reports:download": DIRECTOR,
    "reports:open": DIRECTOR,
    "reports:cross_table": DIRECTOR, "reports:progress_table": DIRECTOR,
    "reports:player_cards": DIRECTOR, "reports:category_standings": DIRECTOR,
    "reports:dwz": DIRECTOR, "reports:player_list": DIRECTOR,
    "reports:team_ratings": DIRECTOR,  # a team tournament's evaluation (here: no teams)
    # the team API: the table's tournament has no teams (404 once the director is let in);
    # the captain's line-up needs a team mark of the match (none here: 404 for anyone)
    "api-teams": {**API_DIRECTOR, "director": 404},
    "api-matches": {**API_DIRECTOR, "director": 404},
    "api-captain-lineup": dict.fromkeys(ROLES, 404),
    # the API
    "api-token": PUBLIC_SERVED, "api-schema": PUBLIC_SERVED, "api-docs": PUBLIC_SERVED,
    "api-tournaments": API_USER, "api-import": API_USER, "api-import-trf": API_USER,
    **{f"api-{n}": API_DIRECTOR for n in (
        "tournament", "document", "standings", "entrants", "entrant", "rounds", "cleanup",
        "draw", "undo-draw", "round", "publish", "close", "reopen", "result", "accept", "trf",
        "pairing-rules", "pairing-rule", "bye-requests", "game-result", "ranking",
        "crosstable", "progress", "cards", "dwz", "ratings", "log", "undo", "series-games",
        "registrations", "registration", "registration-withdraw", "registration-statement",
        "registration-checkin")},
    # events with sections (docs/sections.md): the public page, the directors' list (as
    # their home), the event page of a section's director, the event's one desk
    "events:public": PUBLIC, "events:projector": PUBLIC,
    "events:announcement": PUBLIC_SERVED,  # the event's announcement (docs/registration.md)
    "events:list": {"anon": LOGIN, "desk": 403, "other": SERVED, "director": SERVED},
    "events:director": DIRECTOR, "events:desk": DESK,
    # the event's dashboard, document and prize lists (its directors), the live board
    "events:dashboard": DIRECTOR, "events:export": DIRECTOR, "events:prizes": DIRECTOR,
    "events:prizes_pdf": DIRECTOR, "events:live": PUBLIC,
    "api-event": API_DIRECTOR, "api-event-document": API_DIRECTOR,
    "api-event-import": API_USER,
    # accounts and language
    "set_language": PUBLIC_SERVED, "switch_language": PUBLIC_SERVED,
    "login": PUBLIC, "logout": PUBLIC_SERVED,
    "password_change": USER, "password_change_done": USER,
    "password_reset": PUBLIC, "password_reset_done": PUBLIC,
    "password_reset_confirm": PUBLIC_SERVED, "password_reset_complete": PUBLIC,
    # Django's admin: only staff, and none of these users is staff
    "admin:login": PUBLIC_SERVED, "admin:logout": PUBLIC_SERVED,
    "admin:jsi18n": ADMIN, "admin:index": ADMIN, "admin:password_change": ADMIN,
    "admin:password_change_done": ADMIN, "admin:autocomplete": ADMIN,
    "admin:view_on_site": ADMIN, "admin:app_list": ADMIN,
    "admin/(?P<url>.*)$": ADMIN,  # the catch-all
    # (axes_*: django-axes' failed and successful logins, for staff to look at and reset)
    **{f"admin:{m}_{v}": ADMIN for m in ("auth_group", "auth_user", "authtoken_tokenproxy",
                                         "axes_accessattempt", "axes_accesslog",
                                         "axes_accessfailurelog")
       for v in ("changelist", "add", "history", "delete", "change")},
    **{f"admin/{m}/<path:object_id>/": ADMIN  # redirects to .../change/ for staff
       for m in ("auth/group", "auth/user", "authtoken/tokenproxy", "axes/accessattempt",
                 "axes/accesslog", "axes/accessfailurelog")},
    "admin:auth_user_password_change": ADMIN,
}


def patterns(items: list[Any] | None = None, prefix: str = "",
             ns: str | None = None) -> Iterator[tuple[str, str]]:
    """(key, route): key is ``namespace:name``, or the route of an unnamed pattern."""
    for p in get_resolver().url_patterns if items is None else items:
        if isinstance(p, URLResolver):
            inner = f"{ns}:{p.namespace}" if ns and p.namespace else (p.namespace or ns)
            yield from patterns(p.url_patterns, prefix + str(p.pattern), inner)
        elif isinstance(p, URLPattern):
            route = prefix + str(p.pattern)
            yield ((f"{ns}:" if ns else "") + p.name if p.name else route), route


def fill(route: str, values: dict[str, str]) -> str:
    path = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: values[m.group(1)], route)
    path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], path)
    return "/" + path.replace("^", "").replace("$", "")


@pytest.fixture
def world(make_tournament, director, desk_user, stranger):
    """A public chess tournament with round 1 open and one captain submission; the stranger
    directs a tournament of their own."""
    actor = Actor(director, director.username)
    t = make_tournament("chess", entrants=4, name="Sicht")
    services.draw_round(t, actor, seed="perm")
    rnd = services.publish_round(t, actor, 1)
    table = rnd.tables.order_by("number").first()
    services.captain_submit(table.token, {"score": "1-0"})
    code = hall_links.make_table_codes(t, actor, 1)[0].code
    link = t.entrants.order_by("start_number").first().link_code
    services.create_tournament(Actor(stranger, stranger.username), "Anderes", "chess",
                               "single")
    revision = ResultRevision.objects.filter(table=table).first()
    event = events.create_event(actor, "Sicht-Open")
    events.set_section(event, t, actor, "A")
    values = {"slug": t.slug, "number": "1", "table": str(table.number),
              "start_number": "1", "pk": str(revision.pk), "token": table.token,
              "rule": "1", "object_id": "1", "content_type_id": "1", "id": "1",
              "app_label": "auth", "url": "nothing-here/", "uidb64": "MQ",
              "code": code, "link": link, "language": "en", "entry": "1", "line": "1",
              "event": event.slug, "kind": "fide"}
    users = {"anon": None, "desk": desk_user, "other": stranger, "director": director}
    return t, values, users


def outcome(response: Any) -> str | int:
    code = response.status_code
    location = response.get("Location", "") if code in (301, 302) else ""
    if response.get("HX-Redirect", "").startswith("/accounts/login/"):
        return LOGIN
    if location.startswith("/accounts/login/"):
        return LOGIN
    if location.startswith("/admin/login/"):
        return ADMIN_LOGIN
    return code


def matches(got: str | int, want: str | int) -> bool:
    if want == SERVED:
        return isinstance(got, int) and got < 500 and got not in (401, 403)
    return got == want


def request(client: Any, method: str, path: str) -> str | int:
    try:
        response = getattr(client, method)(path)
    except Exception as exc:  # the test client re-raises what would be a 500
        return f"500 ({type(exc).__name__}: {exc})"
    return outcome(response)


def test_every_url_has_an_expectation():
    keys = [key for key, _route in patterns()]
    missing = [k for k in keys if k not in EXPECTED]
    assert not missing, ("URLs without a line in EXPECTED (test_permission_table.py): "
                         + ", ".join(missing))
    stale = sorted(set(EXPECTED) - set(keys))
    assert not stale, "lines in EXPECTED for URLs that no longer exist: " + ", ".join(stale)


@pytest.mark.parametrize("role", ROLES)
def test_permission_table(client, world, role, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "enabled": False}  # ~100 requests
    _t, values, users = world
    if users[role] is not None:
        client.force_login(users[role])
    failures = []
    logged = ActionLog.objects.count()
    for key, route in patterns():
        want = EXPECTED.get(key, {}).get(role)
        if want is None:
            continue  # reported by test_every_url_has_an_expectation
        path = fill(route, values)
        got = request(client, "get", path)
        if not matches(got, 405 if EXPECTED[key].get("post_only") else want):
            failures.append(f"GET {path} [{key}] as {role}: {got}, expected {want}")
        if want in (LOGIN, ADMIN_LOGIN, 401, 403):  # refused: a POST must be refused too
            got = request(client, "post", path)
            refused = got in (want, 403, 405) or (want == 401 and got == 401)
            if not refused:
                failures.append(f"POST {path} [{key}] as {role}: {got}, expected {want}")
    assert not failures, "\n".join(failures)
    assert ActionLog.objects.count() == logged  # refused POSTs (and GETs) changed nothing


PUBLIC_WITH_SLUG = [k for k, v in EXPECTED.items()
                    if v is PUBLIC and k.startswith("public:") and k != "public:home"]


@pytest.mark.parametrize("role", ROLES)
def test_non_public_tournament_is_hidden_from_strangers(client, world, role):
    t, values, users = world
    Tournament.objects.filter(pk=t.pk).update(public=False)
    if users[role] is not None:
        client.force_login(users[role])
    routes = dict(patterns())
    failures = []
    for key in [*PUBLIC_WITH_SLUG, "public:prereg"]:
        got = request(client, "get", fill(routes[key], values))
        want = 404 if role in ("anon", "other") else SERVED
        if not matches(got, want):
            failures.append(f"{key} as {role}: {got}, expected {want}")
    assert not failures, "\n".join(failures)
    home = client.get("/t/").content.decode()
    if role in ("anon", "other"):
        assert t.name not in home
