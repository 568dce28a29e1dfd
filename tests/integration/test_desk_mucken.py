"""Muckturnier's registration at the desk: markers, pre-registration codes, pairing up, slips."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import ActionLog, Entrant, RegistrationSeat
from tournaments.services import Actor, ServiceError, prereg, seating
from tournaments.services import markers as marking

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
WINDOW = {"registration": {"window": 2, "random_up_to": 0, "sequential_from": None}}
CODE = re.compile(r"\b[2-9A-HJKMNP-X]{5}-[2-9A-HJKMNP-X]{5}\b")


@pytest.fixture
def desk(desk_user):
    return Actor(desk_user, desk_user.username)


@pytest.fixture
def mucken(make_tournament):
    return make_tournament("mucken", "pair", name="Muckturnier Leupoldsgrün")


@pytest.fixture
def windowed(mucken, boss):
    return services.update_tournament(mucken, boss, draw_options=WINDOW)


def page(t) -> str:
    return reverse("desk:tournament", args=[t.slug])


def prereg_url(t) -> str:
    return reverse("public:prereg", args=[t.slug])


def entrant(t, number: int) -> Entrant:
    return Entrant.objects.get(tournament=t, start_number=number)


def mark_counts(html: str) -> dict[str, int]:
    """The counts in the marker filter buttons."""
    part = html.split('id="desk-marks"')[1].split("</div>")[0]
    return {m: int(n) for m, n in re.findall(r'data-mark="(\w+)".*?<strong>(\d+)</strong>', part)}


def visible_rows(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="e(\d+)"[^>]*?(?<!hidden)>', html)
            if not re.search(rf'<tr id="e{n}"[^>]* hidden', html)]


def open_prereg(t, boss) -> None:
    prereg.set_prereg_open(t, boss, True)


def public_sign_up(client: Client, t, *names: str, club: str = "") -> tuple[Entrant, str]:
    """Sign up on the public page and read the code from the page shown after the redirect."""
    data = {"p1_name": names[0], "club": club}
    if len(names) > 1:
        data["p2_name"] = names[1]
    r = client.post(prereg_url(t), data)
    assert r.status_code == 302 and r["Location"].endswith("?done=1"), r.content.decode()[:2000]
    html = client.get(r["Location"]).content.decode()
    code = CODE.search(html).group(0)
    return Entrant.objects.filter(tournament=t).order_by("-id").first(), code


# --- markers ----------------------------------------------------------------------------------


def test_markers_are_set_shown_counted_and_filtered(mucken, desk_client):
    r = desk_client.post(page(mucken), {"p1_name": "Fritz", "p2_name": "Hans",
                                        "status": "present"}, **HX)
    assert r.status_code == 200
    desk_client.post(page(mucken), {"p1_name": "Berta", "p2_name": "Else",
                                    "status": "registered"}, **HX)
    r = desk_client.post(page(mucken), {"p1_name": "Karl", "alone": "on", "status": "present"},
                         **HX)
    assert "came alone" in r.content.decode()
    fritz, berta, karl = (entrant(mucken, n) for n in (1, 2, 3))
    assert (fritz.preregistered, fritz.alone, fritz.arrived is not None) == (False, False, True)
    assert (berta.preregistered, berta.arrived) == (True, None)
    assert karl.alone and karl.players.count() == 1 and not karl.active
    # Without the window draw "draw missing" is the desk's to set (a paper draw, say).
    r = desk_client.post(reverse("desk:marker", args=[mucken.slug, 1]),
                         {"marker": "draw_missing", "on": "1"}, **HX)
    html = r.content.decode()
    assert html.lstrip().startswith('<tr id="e1"') and 'data-mark="draw_missing"' in html
    assert 'id="desk-marks" hx-swap-oob="true"' in html
    assert entrant(mucken, 1).draw_missing
    entry = ActionLog.objects.filter(tournament=mucken, action="entrant_marker").get()
    assert entry.before == {"draw_missing": False} and entry.after == {"draw_missing": True}
    html = desk_client.get(page(mucken)).content.decode()
    assert mark_counts(html) == {"preregistered": 1, "alone": 1, "draw_missing": 1}
    assert html.count('class="badge desk-mark mark-') == 3
    # The filter buttons (server side for the page without JavaScript).
    assert visible_rows(desk_client.get(page(mucken), {"mark": "alone"}).content.decode()) == [3]
    assert visible_rows(desk_client.get(page(mucken),
                                        {"mark": "preregistered"}).content.decode()) == [2]
    assert visible_rows(desk_client.get(page(mucken), {"mark": "draw_missing",
                                                       "show": "present"}).content.decode()) == [1]
    assert visible_rows(desk_client.get(page(mucken), {"mark": "nonsense"}).content.decode()) == [
        3, 2, 1]  # newest first
    pressed = desk_client.get(page(mucken), {"mark": "alone"}).content.decode()
    assert re.search(r'value="" data-mark="alone"[^>]*aria-pressed="true"', pressed)
    # Checking in takes the pre-registered marker off; clearing a marker is logged too.
    desk_client.post(reverse("desk:status", args=[mucken.slug, 2]), {"status": "present"}, **HX)
    assert not entrant(mucken, 2).preregistered and entrant(mucken, 2).arrived is not None
    desk_client.post(reverse("desk:marker", args=[mucken.slug, 1]),
                     {"marker": "draw_missing", "on": "0"}, **HX)
    html = desk_client.get(page(mucken)).content.decode()
    assert mark_counts(html) == {"preregistered": 0, "alone": 1, "draw_missing": 0}


def test_markers_the_desk_cannot_set_are_refused_at_the_row(windowed, desk_client, desk):
    services.register(windowed, desk, [{"name": "A"}, {"name": "B"}], status="present")
    late = services.register(windowed, desk, [{"name": "C"}, {"name": "D"}],
                             preregistered=True)
    single = services.register(windowed, desk, [{"name": "E"}], status="present", alone=True)
    # With the window draw the seats say who has none: the pre-registered pair, not the
    # player who came alone (who plays only once paired up).
    marks = marking.markers(windowed)
    assert marks[late.pk] == ["preregistered", "draw_missing"]
    assert marks[single.pk] == ["alone"]
    assert not RegistrationSeat.objects.filter(entrant__in=[late, single]).exists()
    r = desk_client.post(reverse("desk:marker", args=[windowed.slug, 1]),
                         {"marker": "draw_missing", "on": "1"}, **HX)
    assert "errorlist" in r.content.decode() and "seats show" in r.content.decode()
    r = desk_client.post(reverse("desk:marker", args=[windowed.slug, 3]),
                         {"marker": "alone", "on": "0"}, **HX)
    assert "errorlist" in r.content.decode()
    assert entrant(windowed, 3).alone
    with pytest.raises(ServiceError) as info:
        marking.set_marker(entrant(windowed, 1), desk, "preregistered", True)
    assert "marker" in info.value.errors  # checked in already
    # Taking "pre-registered" off by hand: the pair may sit now and gets its seat.
    marking.set_marker(late, desk, "preregistered", False)
    assert RegistrationSeat.objects.filter(entrant=late).exists()
    assert ActionLog.objects.filter(tournament=windowed, action="entrant_marker").count() == 1


def test_came_alone_only_in_fixed_pairs_and_not_with_a_second_player(mucken, make_tournament,
                                                                     desk_client, desk):
    r = desk_client.post(page(mucken), {"p1_name": "Karl", "p2_name": "Monika", "alone": "on",
                                        "status": "present"}, **HX)
    html = r.content.decode()
    assert "errorlist" in html and html.index("errorlist") > html.index('name="alone"')
    assert not Entrant.objects.filter(tournament=mucken).exists()
    singles = make_tournament("mucken", "single")
    assert 'name="alone"' not in desk_client.get(page(singles)).content.decode()
    with pytest.raises(ServiceError) as info:
        services.register(singles, desk, [{"name": "Karl"}], alone=True)
    assert "alone" in info.value.errors


# --- pre-registration and the scan ------------------------------------------------------------


def test_prereg_page_is_closed_until_the_director_opens_it(mucken, client, desk_client,
                                                           director):
    assert client.get(prereg_url(mucken)).status_code == 404
    assert client.post(prereg_url(mucken), {"p1_name": "X", "p2_name": "Y"}).status_code == 404
    # The desk sees the switch only as a director; the desk role may not flip it.
    assert "Open pre-registration" not in desk_client.get(page(mucken)).content.decode()
    assert desk_client.post(reverse("desk:prereg_open", args=[mucken.slug]),
                            {"open": "1"}).status_code == 403
    boss = Client()
    boss.force_login(director)
    assert "Open pre-registration" in boss.get(page(mucken)).content.decode()
    r = boss.post(reverse("desk:prereg_open", args=[mucken.slug]), {"open": "1"})
    assert r.status_code == 302
    mucken.refresh_from_db()
    assert mucken.prereg_open
    assert ActionLog.objects.filter(tournament=mucken, action="prereg_open").get().after == {
        "prereg_open": True}
    html = client.get(prereg_url(mucken)).content.decode()
    assert 'name="p1_name"' in html and 'name="p2_name"' in html
    assert prereg_url(mucken) in desk_client.get(page(mucken)).content.decode()


def test_prereg_page_creates_a_pre_registered_entrant_with_a_code(mucken, boss, client):
    open_prereg(mucken, boss)
    e, code = public_sign_up(client, mucken, "Sabine", "Uschi", club="JU Leupoldsgrün")
    assert (e.start_number, e.name, e.status) == (1, "Sabine / Uschi", "registered")
    assert e.preregistered and not e.alone and e.club == "JU Leupoldsgrün"
    # Only a keyed digest is stored, never the code itself.
    assert e.code_digest == prereg.digest(mucken.pk, code) and code not in e.code_digest
    assert normal(code) not in str(Entrant.objects.filter(pk=e.pk).values().get())
    html = client.get(prereg_url(mucken) + "?done=1").content.decode()
    assert code in html and 'src="data:image/svg+xml' in html
    entry = ActionLog.objects.filter(tournament=mucken, action="preregister").get()
    assert entry.actor == "pre-registration" and entry.after["preregistered"] is True
    assert code not in str(entry.after)
    # One name in a fixed-pairs tournament: comes alone.
    other = Client()
    alone, code2 = public_sign_up(other, mucken, "Heidi")
    assert alone.alone and alone.preregistered and code2 != code
    # Another browser has no code to show; a filled-in hidden field is a script.
    assert CODE.search(Client().get(prereg_url(mucken) + "?done=1").content.decode()) is None
    r = Client().post(prereg_url(mucken), {"p1_name": "Bot", "p2_name": "Net",
                                           "website": "http://spam"})
    assert r.status_code == 400 and not Entrant.objects.filter(name__startswith="Bot").exists()
    # Errors at the field: a name taken, an empty name.
    r = Client().post(prereg_url(mucken), {"p1_name": "Sabine", "p2_name": "Uschi"})
    html = r.content.decode()
    assert r.status_code == 400 and "already registered" in html
    assert html.index("already registered") > html.index('id="id_p1_name"')
    r = Client().post(prereg_url(mucken), {"p1_name": "", "p2_name": "Horst"})
    assert r.status_code == 400 and "errorlist" in r.content.decode()


def normal(code: str) -> str:
    return code.replace("-", "")


def test_prereg_closes_when_the_tournament_starts(make_tournament, boss, client):
    t = make_tournament("mucken", "pair", entrants=4)
    open_prereg(t, boss)
    assert client.get(prereg_url(t)).status_code == 200
    services.draw_round(t, boss)
    r = client.get(prereg_url(t))
    assert r.status_code == 404 and "desk" in r.content.decode()
    with pytest.raises(ServiceError):
        prereg.preregister(t, ["Late", "Comer"])


def test_scanning_the_code_checks_in_and_seats_in_one_step(windowed, boss, client, desk_client):
    open_prereg(windowed, boss)
    e, code = public_sign_up(client, windowed, "Fritz", "Hans")
    assert not RegistrationSeat.objects.filter(entrant=e).exists()  # not here yet: no seat
    html = desk_client.get(page(windowed)).content.decode()
    assert 'id="desk-code"' in html and mark_counts(html)["draw_missing"] == 1
    # A scanner on the wrong keyboard layout: lower case, "ß" for the dash.
    r = desk_client.post(reverse("desk:scan", args=[windowed.slug]),
                         {"code": code.lower().replace("-", "ß")}, **HX)
    html = r.content.decode()
    e.refresh_from_db()
    assert e.status == "present" and not e.preregistered and e.arrived is not None
    seat = RegistrationSeat.objects.get(entrant=e)
    label = seating.seat_label(seat.table, seat.side, seat.position, 1)
    assert "Checked in: 1. Fritz / Hans" in html and label in html
    assert reverse("desk:slip", args=[windowed.slug, 1]) in html and 'accesskey="p"' in html
    assert 'id="desk-list" hx-swap-oob="true"' in html and 'id="desk-counts"' in html
    assert mark_counts(html) == {"preregistered": 0, "alone": 0, "draw_missing": 0}
    entry = ActionLog.objects.filter(tournament=windowed, action="checkin_code").get()
    # before: everything the check-in changed, so an undo can put it back
    assert entry.before == {"status": "registered", "preregistered": True, "arrived": None}
    assert entry.after["status"] == "present" and entry.after["seat"] == label
    assert entry.actor == "desk anmeldung"


def test_unknown_or_used_codes_are_refused_at_the_field(windowed, boss, client, desk_client):
    open_prereg(windowed, boss)
    e, code = public_sign_up(client, windowed, "Karl", "Monika")
    url = reverse("desk:scan", args=[windowed.slug])
    version = type(windowed).objects.get(pk=windowed.pk).version
    for wrong in ("", "   ", "HELLO", "22222-22222", prereg.new_code(), "x" * 500):
        r = desk_client.post(url, {"code": wrong}, **HX)
        html = r.content.decode()
        assert r.status_code == 200 and 'id="desk-scan-error"' in html, wrong
        assert html.index("desk-scan-error") > html.index('id="desk-code"')
        assert 'aria-invalid="true"' in html and 'id="desk-list"' not in html
    assert type(windowed).objects.get(pk=windowed.pk).version == version  # nothing written
    e.refresh_from_db()
    assert e.preregistered and e.status == "registered"
    # Another tournament's code is unknown here.
    other = services.create_tournament(boss, "Anderes Turnier", "mucken", "pair")
    open_prereg(other, boss)
    _x, foreign = public_sign_up(Client(), other, "Erwin", "Franz")
    assert "unknown code" in desk_client.post(url, {"code": foreign}, **HX).content.decode()
    desk_client.post(url, {"code": code}, **HX)
    html = desk_client.post(url, {"code": code}, **HX).content.decode()
    assert "already used" in html and "1. Karl / Monika" in html
    assert ActionLog.objects.filter(tournament=windowed, action="checkin_code").count() == 1
    # The page without JavaScript: the whole page, the message at the field.
    r = desk_client.post(url, {"code": "nonsense"})
    html = r.content.decode()
    assert r.status_code == 400 and "<html" in html
    assert html.index("desk-scan-error") > html.index('id="desk-code"')


def test_codes_are_random_and_read_forgivingly():
    codes = {prereg.new_code() for _ in range(300)}
    assert len(codes) == 300
    assert all(CODE.fullmatch(c) and any(ch.isdigit() for ch in c) for c in codes)
    assert not set("01OILYZ") & set("".join(codes))
    assert prereg.normal_code(" k7qm4ßxp2ab\n") == "K7QM4XP2AB"
    assert prereg.digest(1, "K7QM4-XP2AB") == prereg.digest(1, "k7qm4xp2ab")
    assert prereg.digest(1, "K7QM4-XP2AB") != prereg.digest(2, "K7QM4-XP2AB")


# --- pairing up --------------------------------------------------------------------------------


def test_pairing_up_two_players_who_came_alone(windowed, desk_client, desk, boss, client):
    services.register(windowed, desk, [{"name": "Anna"}, {"name": "Bernd"}], status="present")
    first = services.register(windowed, desk, [{"name": "Heidi", "club": "SV Hof"}],
                              status="present", alone=True)
    open_prereg(windowed, boss)
    waiting, code = public_sign_up(client, windowed, "Horst")  # comes alone, not here yet
    third = services.register(windowed, desk, [{"name": "Erwin"}], status="present",
                              alone=True)
    assert not RegistrationSeat.objects.filter(entrant__in=[first, waiting, third]).exists()
    # Only those who are here are paired: Heidi with Erwin first ...
    assert [(a.name, b.name) for a, b in marking.pair_suggestions(windowed)] == [
        ("Heidi", "Erwin")]
    # ... until Horst arrives: scanning his code checks him in, but gives no seat.
    r = desk_client.post(reverse("desk:scan", args=[windowed.slug]), {"code": code}, **HX)
    assert "came alone" in r.content.decode()
    assert not RegistrationSeat.objects.filter(entrant=waiting).exists()
    html = desk_client.get(page(windowed)).content.decode()
    panel = html.split('id="desk-alone"')[1].split("</section>")[0]
    assert "Heidi" in panel and "Horst" in panel and "Erwin" in panel
    assert panel.index("Heidi") < panel.index("Erwin") < panel.index("Horst")  # arrival order
    assert "3. Horst waits for a partner" in panel
    # Heidi and Horst know each other: the desk chooses them instead of the suggestion.
    log_before = ActionLog.objects.filter(tournament=windowed).count()
    r = desk_client.post(reverse("desk:pair_up", args=[windowed.slug]),
                         {"first": first.start_number, "second": waiting.start_number}, **HX)
    html = r.content.decode()
    assert r.status_code == 200 and "Paired up: 2. Heidi / Horst" in html
    pair = entrant(windowed, 2)
    assert pair.name == "Heidi / Horst" and pair.status == "present" and pair.active
    assert sorted(p.name for p in pair.players.all()) == ["Heidi", "Horst"]
    assert not pair.alone and not pair.preregistered and pair.club == "SV Hof"
    assert not Entrant.objects.filter(pk__in=[first.pk, waiting.pk]).exists()
    assert Entrant.objects.filter(tournament=windowed, alone=True).get() == third
    seat = RegistrationSeat.objects.get(entrant=pair)
    assert seating.seat_label(seat.table, seat.side, seat.position, 1) in html
    assert reverse("desk:slip", args=[windowed.slug, 2]) in html
    entry = ActionLog.objects.filter(tournament=windowed, action="pair_up").get()
    assert ActionLog.objects.filter(tournament=windowed).count() == log_before + 1
    assert [s["name"] for s in entry.before["singles"]] == ["Heidi", "Horst"]
    assert [s["start_number"] for s in entry.before["singles"]] == [2, 3]
    assert entry.after["start_number"] == 2 and entry.after["seat"]["table"] == seat.table
    # Earlier log entries of the singles stay (the log is append-only).
    assert ActionLog.objects.filter(tournament=windowed, action="register",
                                    target="2. Heidi").exists()


def test_pairing_up_is_refused_clearly(mucken, desk_client, desk):
    services.register(mucken, desk, [{"name": "Anna"}, {"name": "Bernd"}], status="present")
    a = services.register(mucken, desk, [{"name": "Carla"}], status="present", alone=True)
    b = services.register(mucken, desk, [{"name": "Dieter"}], alone=True, preregistered=True)
    url = reverse("desk:pair_up", args=[mucken.slug])
    for data, words in [({"first": 2, "second": 2}, "two different"),
                        ({"first": 2, "second": 1}, "not a player who came alone"),
                        ({"first": 2, "second": 3}, "not checked in"),
                        ({"first": 2, "second": "x"}, "choose two"),
                        ({"first": 2, "second": 99}, "not a player who came alone")]:
        html = desk_client.post(url, data, **HX).content.decode()
        assert words in html and 'role="alert"' in html, data
    assert Entrant.objects.filter(pk__in=[a.pk, b.pk], alone=True).count() == 2
    assert not ActionLog.objects.filter(tournament=mucken, action="pair_up").exists()
    # Without htmx: a redirect with the message.
    r = desk_client.post(url, {"first": 2, "second": 3})
    assert r.status_code == 302 and r["Location"].endswith("#desk-alone")


def test_players_who_came_alone_are_never_drawn(make_tournament, desk, boss):
    t = make_tournament("mucken", "pair", entrants=4)
    solo = services.register(t, desk, [{"name": "Solo"}], status="present", alone=True)
    with pytest.raises(services.ServiceError, match="wait for a partner"):
        services.draw_round(t, boss)
    services.set_status(solo, desk, Entrant.Status.WITHDRAWN)  # went home after all
    rnd = services.draw_round(t, boss)
    assert Entrant.objects.get(tournament=t, name="Solo").seats.count() == 0
    assert sum(tb.seats.count() for tb in rnd.tables.all()) == 4


# --- the seat slip ----------------------------------------------------------------------------


def test_seat_slip_shows_the_seat(windowed, desk_client, desk):
    r = desk_client.post(page(windowed), {"p1_name": "Fritz", "p2_name": "Hans",
                                          "team_name": "Die Schafkopfer", "status": "present"},
                         **HX)
    slip = reverse("desk:slip", args=[windowed.slug, 1])
    assert slip in r.content.decode()  # in the success message ...
    html = desk_client.get(page(windowed)).content.decode()
    assert slip + "?print=1" in html  # ... and in the row
    seat = RegistrationSeat.objects.get(entrant__start_number=1, tournament=windowed)
    r = desk_client.get(slip + "?print=1")
    html = r.content.decode()
    assert r.status_code == 200
    assert f"Table {seat.table} · Pair {seat.side}" in html
    assert "Muckturnier Leupoldsgrün" in html and "Die Schafkopfer" in html
    assert "Fritz" in html and "Hans" in html and ">1</strong>" in html
    assert "data-autoprint" in html and "autofocus" in html
    e = entrant(windowed, 1)
    from django.utils import timezone
    assert timezone.localtime(e.arrived).strftime("%H:%M") in html
    # Without a seat the slip still carries the personal link, and says the seat is to come.
    services.register(windowed, desk, [{"name": "C"}, {"name": "D"}], preregistered=True)
    r = desk_client.get(reverse("desk:slip", args=[windowed.slug, 2]))
    assert r.status_code == 200 and "No seat" in r.content.decode()
    assert 'id="slip-link"' in r.content.decode()
    assert desk_client.get(reverse("desk:slip", args=[windowed.slug, 9])).status_code == 404


def test_single_players_slip_names_the_seat_pussi(make_tournament, boss, desk, desk_client,
                                                  client):
    t = make_tournament("pussi", "single")
    services.update_tournament(t, boss, draw_options=WINDOW)
    open_prereg(t, boss)
    assert 'name="p2_name"' not in client.get(prereg_url(t)).content.decode()
    e, code = public_sign_up(client, t, "Uschi")
    assert not e.alone and e.preregistered
    desk_client.post(reverse("desk:scan", args=[t.slug]), {"code": code}, **HX)
    seat = RegistrationSeat.objects.get(entrant=e)
    html = desk_client.get(reverse("desk:slip", args=[t.slug, e.start_number])).content.decode()
    assert f"Seat {(seat.side - 1) * 2 + seat.position + 1}" in html
    page_html = desk_client.get(page(t)).content.decode()
    assert 'data-mark="alone"' not in page_html  # no "came alone" among single players


# --- who may --------------------------------------------------------------------------------


def test_non_desk_users_get_403(windowed, client, stranger, desk, boss):
    services.register(windowed, desk, [{"name": "A"}, {"name": "B"}], status="present")
    client.force_login(stranger)
    s = windowed.slug
    assert client.post(reverse("desk:scan", args=[s]), {"code": "x"}).status_code == 403
    assert client.post(reverse("desk:pair_up", args=[s]),
                       {"first": 1, "second": 2}).status_code == 403
    assert client.post(reverse("desk:marker", args=[s, 1]),
                       {"marker": "preregistered", "on": "1"}).status_code == 403
    assert client.get(reverse("desk:slip", args=[s, 1])).status_code == 403
    assert client.post(reverse("desk:prereg_open", args=[s]), {"open": "1"}).status_code == 403
    assert not entrant(windowed, 1).preregistered
    anonymous = Client()
    r = anonymous.get(reverse("desk:slip", args=[s, 1]))
    assert r.status_code == 302 and r["Location"].startswith(reverse("login"))


def test_a_round_is_not_drawn_while_someone_waits_for_a_partner(make_tournament, director,
                                                                 desk_user):
    from tournaments.services import Actor, ServiceError

    t = make_tournament("mucken", "pair", 4)
    desk = Actor(desk_user, desk_user.username)
    services.register(t, desk, [{"name": "Allein"}], status="present", alone=True)
    with pytest.raises(ServiceError, match="wait for a partner"):
        services.draw_round(t, Actor(director, director.username))


def test_cleanup_is_refused_while_someone_who_came_alone_waits(windowed, desk, boss,
                                                                 director_client):
    for k in range(4):
        services.register(windowed, desk, [{"name": f"A{k}"}, {"name": f"B{k}"}],
                          status="present")
    solo = services.register(windowed, desk, [{"name": "Resi"}], status="present", alone=True)
    # Neither offered nor applied: the plan names who waits, applying it is refused.
    plan = seating.cleanup_plan(windowed)
    assert "Resi" in plan.error and "wait for a partner" in plan.error and not plan.moves
    with pytest.raises(ServiceError, match="Resi"):
        seating.apply_cleanup(windowed, boss)
    assert not ActionLog.objects.filter(action="registration_cleanup").exists()
    url = reverse("director:seating", args=[windowed.slug])
    html = director_client.get(url).content.decode()
    section = html.split('id="cleanup"')[1].split("</section>")[0]
    assert "Resi" in section and "Announce and apply the moves" not in section
    r = director_client.post(url, follow=True)
    assert "Resi" in r.content.decode()
    assert not ActionLog.objects.filter(action="registration_cleanup").exists()
    # Once she has gone home, the cleanup is offered again.
    services.set_status(solo, desk, Entrant.Status.WITHDRAWN)
    assert not seating.cleanup_plan(windowed).error
