"""An open from its announcement to round 1 (issue 37), through the pages: 30 players
register on the announcement page from a phone, the tournament of 28 places is full for the
last two, the bank statement (camt.053, written here from the ISO 20022 schema) marks 20
paid, two players withdraw through their personal link and the two waiting move up (mails
in the outbox: 30 confirmations, 2 "moved up"), the desk checks 12 in by the QR code's
link, closes the check-in, sees who paid but did not come, and round 1 is drawn with the
checked-in players only. axe checks each new page; screenshots at both sizes."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from tournaments.models import Entrant, Registration, Seat
from tournaments.services import Actor
from tournaments.services import announcement as announcements

from .evening import PHONE, SCREEN, login, staff
from .test_accessibility import AXE, WCAG

pytestmark = pytest.mark.django_db(transaction=True)
NS = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"


def camt053(regs: list[Registration]) -> bytes:
    """A statement of version .08: one credit per registration, paid by reference."""
    entries = "".join(
        f'<Ntry><Amt Ccy="EUR">{r.fee_cents / 100:.2f}</Amt><CdtDbtInd>CRDT</CdtDbtInd>'
        f"<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-0{1 + i % 5}</Dt></BookgDt>"
        f"<NtryDtls><TxDtls><Amt Ccy=\"EUR\">{r.fee_cents / 100:.2f}</Amt><RltdPties><Dbtr>"
        f"<Pty><Nm>{r.name}</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>Startgeld "
        f"{r.reference}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n"
        for i, r in enumerate(regs))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="{NS}"><BkToCstmrStmt>'
            f"<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-06T06:00:00</CreDtTm></GrpHdr><Stmt>"
            f"<Id>S1</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>\n"
            f"{entries}</Stmt></BkToCstmrStmt></Document>").encode()


def axe(page, found: list[str], what: str) -> None:
    result = page.evaluate("o => axe.run(document, o)", WCAG)
    found += [f"{what}: {v['id']} at {[n['target'] for n in v['nodes'][:3]]}"
              for v in result["violations"] if v["impact"] in ("serious", "critical")]


WIDE = """() => [...document.querySelectorAll('body *')].filter(
  e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(
  e => e.tagName + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right))"""


def no_sideways_scroll(page) -> bool:
    return page.evaluate("() => document.scrollingElement.scrollWidth <= window.innerWidth")


def test_from_announcement_to_round_one(browser, live_server, shot, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "enabled": False}  # one phone signs up all
    script = AXE.read_text()
    base = live_server.url
    t = staff("Herbstopen", "chess")
    announcements.save(t, Actor(None, "test"), open=True, capacity=28, base_cents=3000,
                       reduced_cents=1500, venue="Vereinsheim Musterstadt",
                       bank="SC Musterstadt, DE02 1203 0000 0000 2020 51", text="7 Runden.")
    violations: list[str] = []

    phone = browser.new_context(**PHONE, locale="de",
                                extra_http_headers={"Accept-Language": "de"})
    phone.add_init_script(script=script)
    page = phone.new_page()
    for i in range(1, 31):
        page.goto(f"{base}/t/{t.slug}/announcement/")
        if i == 1:
            axe(page, violations, "announcement")
            assert no_sideways_scroll(page)
            shot(page, "online-01-announcement-390")
        page.fill("#id_name", f"Spieler {i:02d}")
        page.fill("#id_email", f"spieler{i}@example.org")
        if i % 5 == 0:
            page.check("#id_youth")
        page.click("form button[type=submit].primary")
        page.wait_for_url(re.compile(r"/r/[2-9A-X]{20}/"))
    axe(page, violations, "personal page")
    assert no_sideways_scroll(page)
    shot(page, "online-02-waiting-390")
    assert "Warteliste" in page.content()
    regs = list(Registration.objects.filter(tournament=t).order_by("number"))
    assert [r.place for r in regs].count("placed") == 28
    assert [r.place for r in regs][28:] == ["waiting", "waiting"]
    assert len(mail.outbox) == 30 and all(m.subject.startswith("Anmeldung") for m in mail.outbox)

    desk = browser.new_context(**SCREEN, locale="en",
                               extra_http_headers={"Accept-Language": "en"})
    desk.add_init_script(script=script)
    dpage = desk.new_page()
    login(dpage, base, "anmeldung")
    dpage.goto(f"{base}/desk/{t.slug}/registrations/")
    dpage.set_input_files("#id_statement", files=[{
        "name": "november.xml", "mimeType": "text/xml", "buffer": camt053(regs[:20])}])
    dpage.click("#payments form button[type=submit]")
    dpage.wait_for_selector("#payments")
    assert dpage.locator("[data-state=paid]").inner_text() == "20"

    for r in regs[2:4]:  # two withdraw through their link
        page.goto(f"{base}/r/{r.token}/")
        page.check("#confirm")
        page.click("#withdraw button[type=submit]")
        page.wait_for_selector("text=zurückgezogen")
    assert [Registration.objects.get(pk=r.pk).place for r in regs[28:]] == ["placed"] * 2
    moved = [m for m in mail.outbox if m.subject.startswith("Sie haben einen Platz")]
    assert len(moved) == 2 and len(mail.outbox) == 32

    # Check-in: the desk's scanner types what the mail's QR code holds, the personal link.
    links = {m.to[0]: re.search(r"http\S+/r/[2-9A-X]{20}/", m.body).group(0)
             for m in mail.outbox if m.subject.startswith("Anmeldung")}
    here = [regs[i] for i in (0, 1, 4, 5, 6, 9, 12, 13, 20, 21, 28, 29)]
    for r in here:
        dpage.fill("#reg-code", links[r.email])
        dpage.press("#reg-code", "Enter")
        dpage.wait_for_selector(f".messages li:has-text('Checked in:'):has-text('{r.name}')")
    assert Entrant.objects.filter(tournament=t, status="present").count() == 12
    dpage.click("#checkin form.inline button")
    dpage.wait_for_selector("text=Check-in closed")
    absent = dpage.locator("#paid-absent li").all_inner_texts()
    expected = [f"{r.number}. {r.name}" for r in regs[:20] if r not in here
                and r not in regs[2:4]]  # paid, did not withdraw, did not come
    assert [a.split(" (")[0] for a in absent] == expected and len(expected) == 10
    axe(dpage, violations, "organiser page")
    shot(dpage, "online-03-desk-1920")
    narrow = desk.new_page()
    narrow.set_viewport_size({"width": 390, "height": 844})
    narrow.goto(f"{base}/desk/{t.slug}/registrations/")
    shot(narrow, "online-04-desk-390")
    assert no_sideways_scroll(narrow), narrow.evaluate(WIDE)

    director = browser.new_context(**SCREEN, locale="de")
    director.add_init_script(script=script)
    spage = director.new_page()
    login(spage, base, "direktor")
    spage.goto(f"{base}/director/{t.slug}/announcement/")
    axe(spage, violations, "announcement settings")
    shot(spage, "online-05-settings-1920")
    spage.goto(f"{base}/director/{t.slug}/")
    spage.click(f"form[action='/director/{t.slug}/rounds/draw/'] button[type=submit]")
    spage.wait_for_url(re.compile(r"/rounds/1/"))
    drawn = set(Seat.objects.filter(round__tournament=t, round__number=1)
                .values_list("entrant__name", flat=True))
    assert drawn == {r.name for r in here}
    dpage.goto(f"{base}/t/{t.slug}/announcement/")
    shot(dpage, "online-06-announcement-1920")
    dpage.goto(f"{base}/r/{regs[0].token}/")
    shot(dpage, "online-07-personal-1920")
    assert not violations, "\n".join(violations)


def test_one_registration_for_an_event_of_sections(browser, live_server, shot, settings):
    """An open of two sections with one announcement: the limits are checked on the server
    (a 2100 player choosing "U1600" is refused at the section field), the person lands in
    the section that admits him, each section has its own waiting list, and the desk moves
    a registration to the other section. German on the phone (390 px), English on the
    screen (1920 px), axe on every page."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Role
    from tournaments.services import events, grant_role, prize_list

    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "enabled": False}
    script = AXE.read_text()
    base = live_server.url
    a = staff("Sommer-Open A", "chess")
    boss = Actor(get_user_model().objects.get(username="direktor"), "direktor")
    event = events.create_event(boss, "Sommer-Open", organiser="SK Musterstadt")
    events.set_section(event, a, boss, "A", {"rating_min": 1500})
    b = events.create_section(event, boss, "U1600", "Sommer-Open U1600", "chess",
                              {"rating_max": 1599})
    grant_role(b, boss, get_user_model().objects.get(username="anmeldung"), Role.Kind.DESK)
    for t, cap, fee in ((a, 2, 3000), (b, 10, 2000)):
        announcements.save(t, boss, open=True, capacity=cap, base_cents=fee,
                           reduced_cents=fee // 2, venue="Vereinsheim Musterstadt",
                           bank="SC Musterstadt, DE02 1203 0000 0000 2020 51")
    prize_list.set_prize_fund(a, boss, {
        "categories": {"U1800": {"rating_below": 1800}},
        "prizes": [{"name": "1. Preis", "place": 1, "money": 30000},
                   {"name": "2. Preis", "place": 2, "money": 15000},
                   {"name": "Bester U1800", "place": 1, "money": 5000, "category": "U1800"}]})
    violations: list[str] = []
    url = f"{base}/v/{event.slug}/announcement/"

    phone = browser.new_context(**PHONE, locale="de",
                                extra_http_headers={"Accept-Language": "de"})
    phone.add_init_script(script=script)
    page = phone.new_page()
    page.goto(url)
    axe(page, violations, "event announcement 390")
    assert no_sideways_scroll(page), page.evaluate(WIDE)
    assert "1. Preis" in page.content() and "300,00" in page.content()
    shot(page, "online-08-event-announcement-390")

    def register(name: str, rating: int, section=None) -> None:
        page.goto(url)
        if section is not None:
            page.select_option("#id_section", str(section.pk))
        page.fill("#id_name", name)
        page.fill("#id_email", f"{name.split()[0].lower()}@example.org")
        for field in ("#id_rating", "#id_dwz"):  # the kind chess ranks by (its setting)
            if page.locator(field).count():
                page.fill(field, str(rating))
        page.click("form button[type=submit].primary")

    register("Anna Berg", 2100, section=b)  # the browser lets it through; the server not
    page.wait_for_selector("#id_section[aria-invalid=true]")
    assert "1599" in page.locator("#id_section-err").inner_text()
    axe(page, violations, "event announcement refused 390")
    shot(page, "online-09-event-refused-390")
    assert not Registration.objects.exists()
    page.select_option("#id_section", "")
    page.click("form button[type=submit].primary")
    page.wait_for_url(re.compile(r"/r/[2-9A-X]{20}/"))
    for name, rating in (("Bernd Claus", 1900), ("Cleo Dietz", 1800)):
        register(name, rating)
        page.wait_for_url(re.compile(r"/r/[2-9A-X]{20}/"))
    assert "Warteliste" in page.content()  # A has two places: Cleo waits
    register("Dora Engel", 1550, section=b)  # fits both: she chose U1600
    page.wait_for_url(re.compile(r"/r/[2-9A-X]{20}/"))
    places = {r.name: (r.tournament.section_label, r.place)
              for r in Registration.objects.select_related("tournament")}
    assert places == {"Anna Berg": ("A", "placed"), "Bernd Claus": ("A", "placed"),
                      "Cleo Dietz": ("A", "waiting"), "Dora Engel": ("U1600", "placed")}

    desk = browser.new_context(**SCREEN, locale="en",
                               extra_http_headers={"Accept-Language": "en"})
    desk.add_init_script(script=script)
    dpage = desk.new_page()
    dpage.goto(url)
    axe(dpage, violations, "event announcement 1920")
    assert "Place me by my rating and age" in dpage.content()
    shot(dpage, "online-10-event-announcement-1920")
    login(dpage, base, "anmeldung")
    # Anna withdraws at the desk of A: Cleo moves up; Dora moves from U1600 to A and waits
    dpage.goto(f"{base}/desk/{a.slug}/registrations/")
    dpage.click("#r1 form[action$='/withdraw/'] button")
    dpage.click("#r1 .reg-ask button[type=submit]")  # the desk asks first
    dpage.wait_for_selector(".messages li:has-text('Withdrawn: 1. Anna Berg')")
    dpage.goto(f"{base}/desk/{b.slug}/registrations/")
    dpage.select_option("#mv-1", str(a.pk))
    dpage.click("#r1 form[action$='/move/'] button")
    dpage.wait_for_selector(".messages li:has-text('Dora Engel moved to section A')")
    dora = Registration.objects.get(name="Dora Engel")
    assert (dora.tournament_id, dora.place) == (a.pk, "waiting")
    assert Registration.objects.get(name="Cleo Dietz").place == "placed"
    dpage.goto(f"{base}/desk/{a.slug}/registrations/")
    axe(dpage, violations, "registrations of A 1920")
    shot(dpage, "online-11-event-desk-1920")
    narrow = desk.new_page()  # the desk's list with "move" on a phone
    narrow.set_viewport_size({"width": 390, "height": 844})
    narrow.goto(f"{base}/desk/{b.slug}/registrations/")
    assert no_sideways_scroll(narrow), narrow.evaluate(WIDE)
    shot(narrow, "online-12-event-desk-390")
    dpage.goto(url)
    assert "0 places left" in dpage.content()
    # the other two: English on the phone, German on the screen
    en_phone = browser.new_context(**PHONE, locale="en",
                                   extra_http_headers={"Accept-Language": "en"})
    en_phone.add_init_script(script=script)
    epage = en_phone.new_page()
    epage.goto(url)
    axe(epage, violations, "event announcement 390 en")
    assert no_sideways_scroll(epage), epage.evaluate(WIDE)
    assert "Prize money in total" in epage.content()
    shot(epage, "online-13-event-announcement-390-en")
    de_screen = browser.new_context(**SCREEN, locale="de",
                                    extra_http_headers={"Accept-Language": "de"})
    de_screen.add_init_script(script=script)
    gpage = de_screen.new_page()
    gpage.goto(url)
    axe(gpage, violations, "event announcement 1920 de")
    assert "Preisgeld insgesamt" in gpage.content()
    shot(gpage, "online-14-event-announcement-1920-de")
    page.goto(f"{base}/t/{a.slug}/announcement/")  # the section's own, with its prizes
    axe(page, violations, "section announcement 390")
    assert "Bester U1800" in page.content() and no_sideways_scroll(page)
    shot(page, "online-15-section-announcement-390")
    page.click("text=alle Gruppen")
    page.wait_for_url(url)
    assert not violations, "\n".join(violations)


def test_what_a_volunteer_stumbled_over(browser, live_server, shot, settings):
    """A full open of one place, through the pages at 390 and 1920 px in German and
    English: the second person is told the waiting number, shown no fee to pay and no
    check-in code; the desk's "Withdraw" asks first and then names who went and who moved
    up; the TW reference checks in; the settings refuse a wrong IBAN at its field and
    explain their fields; the form asks the DWZ. axe on every page."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "enabled": False}
    script = AXE.read_text()
    base = live_server.url
    t = staff("Winteropen", "chess")
    announcements.save(t, Actor(None, "test"), open=True, capacity=1, base_cents=2000,
                       bank="SC Musterstadt", iban="DE02120300000000202051")
    violations: list[str] = []
    for lang, size, n in (("de", PHONE, 1), ("en", SCREEN, 2), ("de", SCREEN, 3),
                          ("en", PHONE, 4), ("de", PHONE, 5)):
        ctx = browser.new_context(**size, locale=lang,
                                  extra_http_headers={"Accept-Language": lang})
        ctx.add_init_script(script=script)
        page = ctx.new_page()
        width = size["viewport"]["width"]
        page.goto(f"{base}/t/{t.slug}/announcement/")
        assert page.locator("#id_dwz").count() == 1
        axe(page, violations, f"announcement {lang} {width}")
        assert no_sideways_scroll(page), page.evaluate(WIDE)
        shot(page, f"reg2-announcement-{lang}-{width}")
        page.fill("#id_name", f"Person {n}")
        page.fill("#id_email", f"person{n}@example.org")
        page.fill("#id_dwz", str(1500 + n))
        page.click("form button[type=submit].primary")
        page.wait_for_url(re.compile(r"/r/[2-9A-X]{20}/"))
        if n > 1:  # the tournament is full: the waiting list, said plainly
            text = page.locator("main").inner_text()
            assert (f"Warteliste, Nummer {n - 1}" if lang == "de"
                    else f"waiting list, number {n - 1}") in text
            assert page.locator("img").count() == 0 and "TW-" not in text
            axe(page, violations, f"waiting page {lang} {width}")
            assert no_sideways_scroll(page), page.evaluate(WIDE)
            shot(page, f"reg2-waiting-{lang}-{width}")
    assert Registration.objects.get(number=1).dwz == 1501

    for lang, size in (("en", SCREEN), ("de", PHONE), ("de", SCREEN), ("en", PHONE)):
        desk = browser.new_context(**size, locale=lang,
                                   extra_http_headers={"Accept-Language": lang})
        desk.add_init_script(script=script)
        dpage = desk.new_page()
        width = size["viewport"]["width"]
        login(dpage, base, "anmeldung")
        dpage.goto(f"{base}/desk/{t.slug}/registrations/")
        first = Registration.objects.filter(place="placed").order_by("number").first()
        dpage.click(f"#r{first.number} form[action$='/withdraw/'] button")
        dpage.wait_for_selector(f"#ask-{first.number}")
        assert Registration.objects.get(pk=first.pk).place == "placed"  # asked, not done
        axe(dpage, violations, f"desk asking {lang} {width}")
        assert no_sideways_scroll(dpage), dpage.evaluate(WIDE)
        shot(dpage, f"reg2-desk-asking-{lang}-{width}")
        dpage.click(f"#r{first.number} .reg-ask button[type=submit]")
        dpage.wait_for_selector(".messages li")
        said = dpage.locator(".messages li").inner_text()
        assert first.name in said and ("nachgerückt" if lang == "de" else "moved up") in said
        assert dpage.locator("[data-state=due]").inner_text() == "1"  # the one moved up
        shot(dpage, f"reg2-desk-withdrawn-{lang}-{width}")
        placed = Registration.objects.get(place="placed")
        dpage.fill("#reg-code", placed.reference)
        dpage.press("#reg-code", "Enter")
        dpage.wait_for_selector(f".messages li:has-text('{placed.name}')")
        assert Entrant.objects.get(pk=placed.entrant_id).status == "present"
        Entrant.objects.filter(pk=placed.entrant_id).update(status="registered", arrived=None)

    for lang, size in (("en", PHONE), ("de", SCREEN), ("en", SCREEN), ("de", PHONE)):
        director = browser.new_context(**size, locale=lang,
                                       extra_http_headers={"Accept-Language": lang})
        director.add_init_script(script=script)
        spage = director.new_page()
        width = size["viewport"]["width"]
        login(spage, base, "direktor")
        spage.goto(f"{base}/director/{t.slug}/announcement/")
        assert spage.locator("#id_iban").input_value() == "DE02 1203 0000 0000 2020 51"
        spage.fill("#id_iban", "DE02 1203 0000 0000 2020 52")
        spage.press("#id_iban", "Enter")  # sends the form, as a tap on "Save" does
        spage.wait_for_selector("#id_iban_error")
        assert spage.locator("#id_iban").get_attribute("aria-invalid") == "true"
        axe(spage, violations, f"settings {lang} {width}")
        assert no_sideways_scroll(spage), spage.evaluate(WIDE)
        shot(spage, f"reg2-settings-{lang}-{width}")
    assert not violations, "\n".join(violations)
