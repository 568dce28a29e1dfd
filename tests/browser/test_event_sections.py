"""A two-section chess open through the pages, in German (issue 33, docs/sections.md).

The director creates the event and its sections A (Elo/DWZ from 1800) and B (up to 1799);
the event's one desk signs everybody up and the limits place them (a player typed into the
wrong section is refused at the field); each section draws and publishes its round; the
director defines section A's prize list with money (Hort system), finishes, and the end
page, the projector and the public event page show it. Every page is photographed at
1920×1080 and 390×844 (tests/artifacts/sections/) and checked with axe (WCAG 2.1 AA).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments import services
from tournaments.models import Event, Round
from tournaments.services import Actor

from .evening import HANDSET, PASSWORD, SCREEN, Shots, draw_and_publish, login

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

STRONG = [("Anna Berger", 2150), ("Bernd Krause", 2010), ("Clara Vogt", 1930),
          ("Dieter Lang", 1850)]
WEAK = [("Eva Schmid", 1720), ("Felix Roth", 1610), ("Gerda Haas", 1500), ("Hans Ott", 1390)]
WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]}


def axe_problems(page) -> list[str]:
    """Serious or critical WCAG 2.1 AA violations of the page (axe, when installed)."""
    try:
        import axe_playwright_python.sync_playwright as axe_sync
    except ImportError:  # pragma: no cover - a dev dependency
        return []
    script = (Path(axe_sync.__file__).parent / "axe.min.js").read_text()
    page.evaluate(script)
    result = page.evaluate("o => axe.run(document, o)", WCAG)
    return [f"{page.url}: {v['id']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def test_two_section_open_from_sign_up_to_prize_list(browser, live_server):
    base = live_server.url
    User = get_user_model()
    director = User.objects.create_user("direktor", password=PASSWORD)
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    shots = Shots("sections")
    problems: list[str] = []
    page = browser.new_context(locale="de-DE", **SCREEN).new_page()
    page.set_default_timeout(15000)
    login(page, base, "direktor")

    def look(name: str) -> None:
        shots(page, name)
        problems.extend(axe_problems(page))

    def look_both(where, name: str) -> None:
        """Photographed at both sizes and checked with axe at 1920 and at 390 px."""
        shots(where, name)
        before = where.viewport_size
        for size in (SCREEN["viewport"], HANDSET["viewport"]):
            where.set_viewport_size(size)
            problems.extend(axe_problems(where))
        where.set_viewport_size(before)

    # the event and its two sections
    page.goto(f"{base}/director/events/")
    look("events")
    page.fill("input[name=event-name]", "Sommer-Open Hof")
    page.fill("input[name=event-organiser]", "SK Hof")
    with page.expect_navigation():
        page.click("#new-event button[type=submit]")
    event = Event.objects.get(name="Sommer-Open Hof")
    for label, name, low, high in (("A", "Open A", "1800", ""), ("B", "Open B", "", "1799")):
        page.fill("input[name=new-label]", label)
        page.fill("input[name=new-name]", name)
        page.select_option("select[name=new-discipline]", "chess")
        page.fill("input[name=new-planned_rounds]", "1")
        page.fill("input[name=new-rating_min]", low)
        page.fill("input[name=new-rating_max]", high)
        with page.expect_navigation():
            page.click("#new-section button[type=submit]")
    a, b = event.sections.order_by("section_label")
    assert (a.section_label, b.section_label) == ("A", "B")
    assert "Gruppe A angelegt" in page.content() or "Gruppe B angelegt" in page.content()
    look("event-director")

    # one desk for both sections: the limits place everybody
    page.goto(f"{base}/desk/events/{event.slug}/")
    look("event-desk")
    for k, (name, rating) in enumerate(STRONG + WEAK):
        page.fill("input[name=s-name]", name)
        page.fill("input[name=s-club]", "SK Hof" if k % 2 else "SV Saale")
        page.fill("input[name=s-rating]", str(rating))
        page.fill("input[name=s-dwz]", str(rating))
        with page.expect_navigation():
            page.click("#event-signup button[type=submit]")
        assert "angemeldet" in page.locator(".messages").inner_text()
    assert sorted(a.entrants.values_list("name", flat=True)) == sorted(n for n, _r in STRONG)
    assert sorted(b.entrants.values_list("name", flat=True)) == sorted(n for n, _r in WEAK)
    # the wrong section by hand: refused at the field, nobody signed up
    page.fill("input[name=s-name]", "Ida Klein")
    page.fill("input[name=s-rating]", "1200")
    page.fill("input[name=s-dwz]", "1200")
    page.check(f"input[name=s-section][value='{a.pk}']")
    page.click("#event-signup button[type=submit]")
    page.wait_for_selector(".errorlist")
    assert "verlangt" in page.locator(".errorlist").first.inner_text()
    look("event-desk-refused")
    assert not a.entrants.filter(name="Ida Klein").exists()

    # each section draws and publishes its round on its own: A on its own pages, B from
    # the event's dashboard, which shows every section's state and its next step
    boss = Actor(director, "direktor")
    draw_and_publish(page, base, a.slug, 1)
    look("section-round")
    page.goto(f"{base}/director/events/{event.slug}/")
    with page.expect_navigation():
        page.click("#dashboard-link")
    look_both(page, "event-dashboard")
    assert "wartet auf 2 Ergebnis(se)" in page.locator(f"#section-{a.pk}").inner_text()
    for step in ("auslosen", "veröffentlichen"):
        button = page.locator(f"#section-{b.pk} button[type=submit]")
        assert step in button.inner_text()
        with page.expect_navigation():
            button.click()
    assert Round.objects.get(tournament=b, number=1).status == Round.Status.OPEN
    for t in (a, b):
        for table in Round.objects.get(tournament=t, number=1).tables.all():
            services.director_set_result(table, boss, {"score": "1-0"})
    page.reload()
    for t in (a, b):  # every result is in: both rounds are closed from the dashboard
        button = page.locator(f"#section-{t.pk} button[type=submit]")
        assert "abschließen" in button.inner_text()
        with page.expect_navigation():
            button.click()
    assert Round.objects.filter(tournament__in=(a, b), status=Round.Status.CLOSED).count() == 2
    look_both(page, "event-dashboard-closed")

    # the spectators' live board of the whole event: every section from one page
    fan = browser.new_context(locale="de-DE", **HANDSET).new_page()
    fan.goto(f"{base}/v/{event.slug}/live/")
    assert "Anna Berger" in fan.locator("#standings").inner_text()
    look_both(fan, "event-live-a")
    with fan.expect_navigation():
        fan.click("#section-nav >> text=B")
    assert "Eva Schmid" in fan.locator("#standings").inner_text()
    assert "Anna Berger" not in fan.locator("#standings").inner_text()
    look_both(fan, "event-live-b")

    # section A's prize list with money, by the Hort system: the two winners tie
    page.goto(f"{base}/director/{a.slug}/prize-list/")
    look("prize-list-empty")
    page.select_option("select[name=rules-ties]", "hort")
    for k, (place, money) in enumerate(((1, "200"), (2, "100"))):
        page.fill(f"input[name=prize-{k}-place]", str(place))
        page.fill(f"input[name=prize-{k}-money]", money)
    with page.expect_navigation():
        page.click("#prize-rows button[type=submit]")
    allocation = page.locator("#allocation").inner_text()
    # Hort: 200 and 100 tied: 100 + 75 = 175 and 50 + 75 = 125, 300 in all (German commas)
    assert "175,00" in allocation and "125,00" in allocation and "300,00" in allocation
    look("prize-list")

    # finish: the end page and the projector show the prize list
    page.goto(f"{base}/director/{a.slug}/final/")
    with page.expect_navigation():
        page.click("#finish-button")
    assert "175,00" in page.locator("#prize-money").inner_text()
    look("final")
    beamer = browser.new_context(locale="de-DE", **SCREEN).new_page()
    beamer.goto(f"{base}/t/{a.slug}/projector/?seconds=1&show=standings")
    beamer.wait_for_selector("#pj-prizes.current")  # the projector pages on to the prizes
    assert "175,00" in beamer.locator("#pj-prizes").inner_text()
    shots(beamer, "projector-prizes")

    # the federations' files of section A, read back with the independent reader
    from readers import trf26 as reader

    page.goto(f"{base}/director/{a.slug}/federation/")
    page.fill("input[name=h-city]", "Hof")
    page.fill("input[name=h-federation]", "GER")
    page.fill("input[name=h-start_date]", "01.06.2025")
    page.fill("input[name=h-end_date]", "01.06.2025")
    page.fill("input[name=h-chief_arbiter]", "Schulz, Eva")
    page.fill("textarea[name=h-round_dates]", "01.06.2025")
    with page.expect_navigation():
        page.click("#report-header button[type=submit]")
    look("federation-files")
    assert "Anna Berger" in page.locator("#check-fide").inner_text()  # no FIDE ID yet
    ranks = {row["name"]: row["rank"] for row in services.standings(a)["standings"]}
    ratings = dict(STRONG)
    for kind in ("fide", "dsb"):
        text = page.request.get(f"{base}/director/{a.slug}/federation/{kind}.trf").text()
        parsed = reader.parse(text)
        assert parsed.header["012"] == ["Open A"] and parsed.header["022"] == ["Hof"]
        assert parsed.round_dates[1].isoformat() == "2025-06-01"
        players = {p.name: p for p in parsed.players.values()}
        assert set(players) == set(ratings)
        for name, p in players.items():
            assert (p.rating, p.rank, len(p.rounds)) == (ratings[name], ranks[name], 1)
        assert sum(p.points for p in players.values()) == 2
        if kind == "dsb":
            assert {n.rating for n in parsed.national} == set(ratings.values())

    # the event's own prizes: the best club over both sections beside the sections' lists
    page.goto(f"{base}/director/events/{event.slug}/prizes/")
    page.fill("input[name=club-0-place]", "1")
    page.fill("input[name=club-0-money]", "50")
    with page.expect_navigation():
        page.click("#club-rows button[type=submit]")
    assert "Beste Vereine" in page.locator("#allocation").inner_text()
    assert "350,00" in page.locator("#event-paid").inner_text()  # 300 in A + 50 the club
    look_both(page, "event-prizes")

    # the public event page lists both sections with their standings
    phone = browser.new_context(locale="de-DE", **HANDSET).new_page()
    phone.goto(f"{base}/v/{event.slug}/")
    text = phone.locator("#sections").inner_text()
    assert "Open A" in text and "Open B" in text and "Rangliste" in text
    shots(phone, "public-event")
    problems.extend(axe_problems(phone))
    beamer.goto(f"{base}/v/{event.slug}/projector/?seconds=600")  # every section in turn
    assert beamer.locator(".pj-panel").count() == 2
    assert "Anna Berger" in beamer.locator("#projector").inner_text()
    shots(beamer, "event-projector")

    assert not shots.wide, f"pages scrolling sideways at 390 px: {shots.wide}"
    assert not problems, "\n".join(problems)
