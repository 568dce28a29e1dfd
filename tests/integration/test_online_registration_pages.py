"""Online registration's pages: the announcement with its form (errors at the field, 400),
the personal page and withdrawing through it, the organiser's page with its statement
import (a bad file: the line, 400, nothing written), the CSV and the director's settings."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import Registration
from tournaments.services import announcement as announcements
from tournaments.services import online


@pytest.fixture
def t(make_tournament, boss):
    t = make_tournament("chess")
    announcements.save(t, boss, open=True, capacity=2, base_cents=2500, venue="Vereinsheim",
                       bank="SC Muster, DE02 1203 0000 0000 2020 51")
    return t


def url(t):
    return reverse("public:announcement", args=[t.slug])


def test_the_announcement_shows_fees_and_takes_a_registration(phone, t):
    page = phone.get(url(t)).content.decode()
    assert "Vereinsheim" in page and "25.00" in page and 'name="email"' in page
    response = phone.post(url(t), {"name": "Anna Schmidt", "email": "anna@example.org"})
    reg = Registration.objects.get()
    assert response.status_code == 302 and response["Location"].startswith(
        reverse("online:mine", args=[reg.token]))
    mine = phone.get(response["Location"]).content.decode()
    assert reg.reference in mine and "has a place" in mine and "<img" in mine
    assert reg.language == "en"


def test_bad_input_is_shown_at_the_field(phone, t):
    response = phone.post(url(t), {"name": "Anna", "email": "nope"})
    assert response.status_code == 400
    assert 'aria-invalid="true"' in response.content.decode()
    assert not Registration.objects.exists()


def test_minors_hidden_from_the_public_list_by_default(phone, t, boss):
    online.register_online(t, "Kind Klein", "k@example.org", youth=True)
    online.register_online(t, "Erwachsene Groß", "e@example.org")
    page = phone.get(url(t)).content.decode()
    assert "Erwachsene Groß" in page and "Kind Klein" not in page
    announcements.save(t, boss, list_public=False)
    assert "Erwachsene Groß" not in phone.get(url(t)).content.decode()


def test_withdraw_through_the_link_needs_the_tick(phone, t):
    reg = online.register_online(t, "Anna", "a@example.org")
    link = reverse("online:withdraw", args=[reg.token])
    phone.post(link, {})
    reg.refresh_from_db()
    assert reg.place == "placed"
    phone.post(link, {"confirm": "yes"})
    reg.refresh_from_db()
    assert reg.place == "withdrawn"
    assert phone.get(reverse("online:mine", args=["X" * 20])).status_code == 404


def test_a_closed_private_announcement_is_a_plain_404(phone, t, boss):
    type(t).objects.filter(pk=t.pk).update(public=False)
    announcements.save(t, boss, open=False)
    assert phone.get(url(t)).status_code == 404


def test_organiser_page_statement_and_csv(desk_client, t):
    reg = online.register_online(t, "Anna", "a@example.org")
    page = reverse("desk:registrations", args=[t.slug])
    assert desk_client.get(page).status_code == 200
    ns = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"
    bad = SimpleUploadedFile("s.xml", f'<Document xmlns="{ns}">\n<oops>'.encode(), "text/xml")
    response = desk_client.post(reverse("desk:reg_statement", args=[t.slug]),
                                {"statement": bad})
    assert response.status_code == 400 and "line 2: &lt;oops&gt; where" in response.content.decode()
    good = (f'<Document xmlns="{ns}"><BkToCstmrStmt><Stmt><Id>1</Id><Ntry><Amt Ccy="EUR">'
            f"25.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><NtryDtls><TxDtls>"
            f"<RmtInf><Ustrd>{reg.reference}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>"
            "</Stmt></BkToCstmrStmt></Document>").encode()
    response = desk_client.post(reverse("desk:reg_statement", args=[t.slug]),
                                {"statement": SimpleUploadedFile("s.xml", good)})
    assert response.status_code == 302
    reg.refresh_from_db()
    assert reg.fee_state == "paid" and reg.paid_via == "bank"
    csv = desk_client.get(reverse("desk:reg_csv", args=[t.slug])).content.decode("utf-8-sig")
    assert reg.reference in csv and "25.00" in csv
    # The form promises 20 MB: a 3 MB statement (over the 2.5 MB of an ordinary body) is
    # read, not refused by the body limit before the view.
    padded = good + b" " * (3 * 1024 * 1024)
    response = desk_client.post(reverse("desk:reg_statement", args=[t.slug]),
                                {"statement": SimpleUploadedFile("big.xml", padded)})
    assert response.status_code == 302


def test_check_in_by_the_scanned_link_at_the_desk(desk_client, t):
    reg = online.register_online(t, "Anna", "a@example.org")
    response = desk_client.post(reverse("desk:scan", args=[t.slug]),
                                {"code": f"http://hall/r/{reg.token}/"})
    assert response.status_code == 302
    reg.entrant.refresh_from_db()
    assert reg.entrant.status == "present"


def test_director_saves_the_announcement_and_bad_fees_stay_at_the_field(director_client, t):
    page = reverse("director:announcement", args=[t.slug])
    assert director_client.get(page).status_code == 200
    response = director_client.post(page, {"base": "-3", "waiting_order": "registration"})
    assert response.status_code == 400 and 'id="id_base_error"' in response.content.decode()
    response = director_client.post(page, {"base": "30.50", "waiting_order": "payment",
                                           "open": "on", "capacity": "3"})
    assert response.status_code == 302
    a = announcements.of(t)
    assert (a.base_cents, a.waiting_order, a.capacity) == (3050, "payment", 3)


def test_the_log_says_the_registrations_in_words(director_client, t, boss):
    regs = [online.register_online(t, f"P{i}", f"p{i}@example.org") for i in range(3)]
    online.set_fee(regs[0], boss, "paid", "cash")
    online.withdraw(regs[1])
    page = director_client.get(reverse("director:log", args=[t.slug]),
                               HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "von der Warteliste nachgerückt" in page and "bar an der Anmeldung" in page
    assert "moved_up" not in page and "fee_state" not in page


def test_the_tournament_page_links_the_open_announcement(phone, t, boss):
    page = reverse("public:tournament", args=[t.slug])
    assert 'id="announcement-link"' in phone.get(page).content.decode()
    announcements.save(t, boss, open=False)
    assert 'id="announcement-link"' not in phone.get(page).content.decode()


def test_dates_round_trip_through_the_german_settings_page(director_client, t):
    page = reverse("director:announcement", args=[t.slug])
    response = director_client.post(page, {"base": "30", "waiting_order": "registration",
                                           "starts_on": "2026-11-14", "open": "on"},
                                    HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302
    html = director_client.get(page, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'value="2026-11-14"' in html


def test_an_unknown_code_is_refused_at_the_check_in_field(desk_client, t):
    response = desk_client.post(reverse("desk:reg_checkin", args=[t.slug]),
                                {"code": "http://hall/r/" + "2" * 20 + "/"})
    html = response.content.decode()
    assert response.status_code == 400 and 'aria-invalid="true" aria-describedby="error"' in html
    assert "unknown code" in html
