"""The captain's page on bad hall Wi-Fi, in a real browser with Playwright's offline mode.

(a) loaded once, offline, sent, closed, opened again from the service worker, online: the
    server has the result once and the phone shows it;
(b) the request reaches the server but its answer is lost: the phone sends again by itself,
    still one revision;
(c) the round is closed while the phone was offline: the phone says its result was not sent.
Screenshots of each state at 390x844 go to tests/artifacts/ (and SHOTS if set).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.models import Result, ResultRevision, SubmissionKey
from tournaments.services import Actor

from .evening import PHONE, read_when_free

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("CAPTAIN_SHOTS")  # a folder for the screens, besides tests/artifacts


# the nonce of the page copy the service worker keeps (each page from the server has its own)
KEPT_NONCE = """async () => {
  for (const k of await caches.keys()) {
    const hit = await (await caches.open(k)).match(location.origin + location.pathname);
    if (hit) return (/name="nonce" value="([^"]+)"/.exec(await hit.text()) || [])[1];
  }
  return null;
}"""


def chess_round():
    director = get_user_model().objects.create_user("direktor", password="turnier-2026")
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, "Offline-Open", "chess", "single")
    for i in range(1, 5):
        services.register(t, boss, [{"name": f"Spieler {i}"}], status="present")
    services.draw_round(t, boss, seed="offline")
    rnd = services.publish_round(t, boss, 1)
    return t, boss, rnd, list(rnd.tables.order_by("number"))


def snap(page, shot, name: str) -> None:
    shot(page, f"captain-offline-{name}")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def watch(page, errors: list[str]) -> None:
    page.on("pageerror", lambda e: errors.append(str(e)))


def controlled(page) -> None:
    """Wait until the service worker runs this page (it asks to be kept then)."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller"
                           " || navigator.serviceWorker.ready.then(() => true)")
    page.evaluate("() => navigator.serviceWorker.ready")
    page.wait_for_function(
        "async () => { for (const k of await caches.keys()) { const c = await caches.open(k);"
        " if (await c.match(location.origin + location.pathname)) return true; } return false; }")


def test_sent_offline_then_reopened_from_the_worker_then_online(browser, live_server, shot):
    _, _, _, tables = chess_round()
    table = tables[0]
    url = f"{live_server.url}/c/{table.token}/"
    context = browser.new_context(**PHONE, locale="en-GB")
    errors: list[str] = []
    page = context.new_page()
    watch(page, errors)
    page.goto(url)
    controlled(page)
    snap(page, shot, "1-form")

    context.set_offline(True)
    page.check("input[name=score][value='1-0']", force=True)
    page.click("button.cap-submit")
    page.wait_for_selector("[data-pending]:not([hidden])")
    assert "Saved on this phone, not yet sent" in page.inner_text("#cap-offline")
    snap(page, shot, "2-saved-on-phone")
    assert not Result.objects.filter(table=table).exists()
    # the service worker keeps the page with its next nonce (it replaces the copy it holds:
    # wait for the new one rather than read it at one instant)
    page.wait_for_function(
        f"async () => {{ const n = await ({KEPT_NONCE})(); "
        "return n && n !== document.querySelector('input[name=nonce]').value; }")
    kept = page.evaluate(KEPT_NONCE)
    assert kept and kept != page.get_attribute("input[name=nonce]", "value")
    page.close()

    again = context.new_page()  # opened again from the home screen, still no network
    watch(again, errors)
    again.goto(url)
    again.wait_for_selector("[data-pending]:not([hidden])")
    assert again.get_attribute("input[name=nonce]", "value") == kept  # the worker's copy
    snap(again, shot, "3-reopened-offline")

    context.set_offline(False)
    again.wait_for_selector("[data-sent]", timeout=15000)
    assert ResultRevision.objects.filter(table=table).count() == 1
    assert SubmissionKey.objects.filter(table=table).count() == 1
    assert Result.objects.get(table=table).payload == {"score": "1-0"}
    assert again.get_attribute("[data-sent]", "data-sent") == "submitted"
    assert "1 – 0" in again.inner_text("[data-stored]")
    assert again.locator("[data-pending]").is_hidden()
    snap(again, shot, "4-sent")
    assert errors == []


def test_answer_lost_on_the_way_back_is_sent_again_and_stored_once(browser, live_server,
                                                                   shot):
    _, _, _, tables = chess_round()
    table = tables[1]
    url = f"{live_server.url}/c/{table.token}/"
    # page.route sees no request a service worker handles: this phone runs without one
    context = browser.new_context(**PHONE, locale="en-GB", service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    watch(page, errors)
    posts: list[int] = []

    def drop_first_answer(route, request):
        if request.method != "POST":
            route.continue_()
            return
        posts.append(1)
        if len(posts) == 1:
            answer = route.fetch(max_redirects=0)  # reaches the server, which stores it
            assert answer.status == 302
            route.abort("connectionreset")  # ... but the phone never hears back
            return
        route.continue_()

    page.route(f"**/c/{table.token}/", drop_first_answer)
    page.goto(url)
    page.check("input[name=score][value='0-1']", force=True)
    page.click("button.cap-submit")
    page.wait_for_selector("[data-pending]:not([hidden])")
    snap(page, shot, "5-answer-lost")
    # stored already
    assert read_when_free(ResultRevision.objects.filter(table=table).count) == 1
    page.wait_for_selector("[data-sent]", timeout=20000)  # tried again by itself
    assert len(posts) == 2
    assert ResultRevision.objects.filter(table=table).count() == 1
    assert Result.objects.get(table=table).payload == {"score": "0-1"}
    assert "0 – 1" in page.inner_text("[data-stored]")
    assert errors == []


def test_round_closed_while_offline_says_the_result_was_not_sent(browser, live_server, shot):
    t, boss, rnd, tables = chess_round()
    table = tables[0]
    url = f"{live_server.url}/c/{table.token}/"
    context = browser.new_context(**PHONE, locale="de-DE")
    page = context.new_page()
    errors: list[str] = []
    watch(page, errors)
    page.goto(url)
    controlled(page)
    context.set_offline(True)
    page.check("input[name=score][value='1/2-1/2']", force=True)
    page.click("button.cap-submit")
    page.wait_for_selector("[data-pending]:not([hidden])")
    assert "auf diesem handy gespeichert, noch nicht gesendet" in \
        page.inner_text("#cap-offline").lower()
    snap(page, shot, "6-saved-de")

    for tb in tables:  # meanwhile the director enters every table and closes the round
        services.director_set_result(tb, boss, {"score": "1-0"})
    services.close_round(t, boss, rnd.number)

    context.set_offline(False)
    page.wait_for_selector("[data-unsent]", timeout=15000)
    assert "nicht gesendet" in page.inner_text("[data-unsent]")
    assert ResultRevision.objects.filter(table=table, source="captain").count() == 0
    assert Result.objects.get(table=table).payload == {"score": "1-0"}
    snap(page, shot, "7-round-closed")
    page.reload()  # the kept entry is gone: nothing is sent again
    assert page.locator("[data-pending]").count() == 0 or page.locator(
        "[data-pending]").is_hidden()
    assert errors == []


def test_other_party_reported_otherwise_while_offline_ends_disputed(browser, live_server):
    _, _, _, tables = chess_round()
    table = tables[1]
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    watch(page, errors)
    page.goto(f"{live_server.url}/c/{table.token}/")
    controlled(page)
    context.set_offline(True)
    page.check("input[name=score][value='1-0']", force=True)
    page.click("button.cap-submit")
    page.wait_for_selector("[data-pending]:not([hidden])")
    services.captain_submit(table.token, {"score": "0-1"}, device_id="the-other-phone-1234")
    context.set_offline(False)
    page.wait_for_selector("[data-sent]", timeout=15000)
    assert page.get_attribute("[data-sent]", "data-state") == "disputed"
    assert "1 – 0" in page.inner_text("[data-stored]")  # what this phone reported, kept
    assert Result.objects.get(table=table).status == "disputed"
    assert ResultRevision.objects.filter(table=table).count() == 2
    assert errors == []


STATES = """() => {
  const box = document.getElementById("cap-offline");
  const log = () => {
    const shown = s => !box.hidden && !box.querySelector(s).hidden;
    if (shown("[data-sending]")) console.log("state: sending");
    if (shown("[data-pending]")) console.log("state: pending");
  };
  new MutationObserver(log).observe(box, {attributes: true, subtree: true});
}"""


def test_an_online_send_says_sending_never_saved_on_the_phone(browser, live_server, shot):
    """Issue 31 #7: a normal send on a slow but working network says "Wird gesendet" until
    its answer, never the offline text ("auf diesem Handy gespeichert ... sobald das Netz
    wieder da ist"); that text is for a phone that is offline."""
    import time

    _, _, _, tables = chess_round()
    table = tables[0]
    context = browser.new_context(**PHONE, locale="de-DE", service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    watch(page, errors)
    states: list[str] = []
    page.on("console", lambda m: states.append(m.text) if m.text.startswith("state:") else None)

    def slow_answer(route, request):
        if request.method == "POST":
            time.sleep(1.5)  # the hall's Wi-Fi on a busy evening: 1.5 s to the answer
        route.continue_()

    page.route(f"**/c/{table.token}/", slow_answer)
    page.goto(f"{live_server.url}/c/{table.token}/")
    page.evaluate(STATES)
    page.check("input[name=score][value='1-0']", force=True)
    page.click("button.cap-submit")
    page.wait_for_selector("[data-sent]", timeout=15000)
    assert "state: sending" in states, states
    assert "state: pending" not in states, states
    assert Result.objects.get(table=table).payload == {"score": "1-0"}
    assert errors == []


def test_sending_says_wird_gesendet_and_offline_says_saved(browser, live_server, shot):
    _, _, _, tables = chess_round()
    table = tables[1]
    context = browser.new_context(**PHONE, locale="de-DE", service_workers="block")
    page = context.new_page()
    page.route(f"**/c/{table.token}/", lambda route, request: None if request.method == "POST"
               else route.continue_())  # the answer never comes
    page.goto(f"{live_server.url}/c/{table.token}/")
    page.check("input[name=score][value='0-1']", force=True)
    page.click("button.cap-submit")
    page.wait_for_selector("[data-sending]:not([hidden])")
    assert "Wird gesendet" in page.inner_text("#cap-offline")
    assert page.locator("[data-pending]").is_hidden()
    snap(page, shot, "8-sending-de")
    # no answer within a few seconds: then it says what is true, kept on this phone
    page.wait_for_selector("[data-pending]:not([hidden])", timeout=10000)
    assert page.locator("[data-sending]").is_hidden()
