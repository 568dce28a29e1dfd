"""What a volunteer stumbled over in online registration with fees and a waiting list
(docs/registration.md): a waiting person is told so and asked for no money, withdrawing on
the desk's list asks first and says what happened, the open fees count only what is owed,
every code we show is taken at check-in, the bank account is checked, and a tournament's
own form asks the rating its discipline ranks by."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from tournaments.models import Registration
from tournaments.services import ServiceError, online
from tournaments.services import announcement as announcements

IBAN = "DE02 1203 0000 0000 2020 51"


@pytest.fixture
def t(make_tournament, boss):
    t = make_tournament("chess")
    announcements.save(t, boss, open=True, capacity=1, base_cents=2500,
                       bank="SC Muster", iban=IBAN)
    return t


def sign(t, n, **kw):
    return online.register_online(t, f"Player {n}", f"p{n}@example.org",
                                  **{"language": "en", **kw})


# ------------------------------------------------------------------ 1. the waiting list

def test_a_waiting_person_is_told_the_number_and_asked_for_no_money(
        phone, t, django_capture_on_commit_callbacks):
    sign(t, 1)
    with django_capture_on_commit_callbacks(execute=True):
        response = phone.post(reverse("public:announcement", args=[t.slug]),
                              {"name": "Wanda Wait", "email": "w@example.org"})
    reg = Registration.objects.get(name="Wanda Wait")
    assert reg.place == "waiting"
    page = phone.get(response["Location"]).content.decode()
    assert "waiting list, number 1" in page and "you are registered" not in page
    assert reg.reference not in page and "DE02" not in page  # no money asked
    assert "do not pay" in page
    assert "<img" not in page  # no check-in code without a place
    assert "My place goes to the waiting list" not in page
    assert "take my name off the waiting list" in page
    body = mail.outbox[-1].body
    assert "waiting list, number 1" in body and reg.reference not in body
    assert "do not pay" in body and "you are registered" not in body


def test_moved_up_the_page_shows_the_fee_and_the_code(phone, t):
    first, second = sign(t, 1), sign(t, 2)
    online.withdraw(first)
    second.refresh_from_db()
    page = phone.get(reverse("online:mine", args=[second.token])).content.decode()
    assert second.place == "placed" and second.reference in page and "<img" in page


# ------------------------------------------------------- 2. withdrawing asks, then says

def test_withdraw_on_the_list_asks_first_then_names_who(desk_client, t):
    reg = sign(t, 1)
    url = reverse("desk:reg_withdraw", args=[t.slug, reg.number])
    asked = desk_client.post(url, {})
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Withdraw Player 1?" in page and 'name="confirmed" value="1"' in page
    reg.refresh_from_db()
    assert reg.place == "placed"  # nothing happened yet
    done = desk_client.post(url, {"confirmed": "1"}, follow=True)
    reg.refresh_from_db()
    assert reg.place == "withdrawn"
    assert "Withdrawn: 1. Player 1" in done.content.decode()


# ------------------------------------------------------------------ 3. open fees owed

def test_open_fees_count_only_fees_owed(t, boss):
    first, waiting = sign(t, 1), sign(t, 2)
    totals = online.totals(t)
    assert (totals["due"]["count"], totals["due"]["cents"]) == (1, 2500)  # not the waiting
    online.withdraw(waiting)
    online.withdraw(Registration.objects.get(pk=first.pk), boss)
    totals = online.totals(t)
    assert (totals["due"]["count"], totals["due"]["cents"]) == (0, 0)


def test_the_desk_page_shows_no_open_fee_after_a_withdrawal(desk_client, t, boss):
    reg, waiting = sign(t, 1), sign(t, 2)
    page = desk_client.get(reverse("desk:registrations", args=[t.slug])).content.decode()
    assert f'<td data-fee="{waiting.number}">due once placed</td>' in page
    online.withdraw(waiting, boss)
    online.withdraw(reg, boss)
    page = desk_client.get(reverse("desk:registrations", args=[t.slug])).content.decode()
    assert '<strong data-state="due">0</strong>' in page
    assert f'<td data-fee="{reg.number}">not owed</td>' in page  # not "due" any more
    csv = desk_client.get(reverse("desk:reg_csv", args=[t.slug])).content.decode("utf-8-sig")
    assert ";not owed;" in csv.splitlines()[1]


# --------------------------------------------------------------- 4. every code we show

def test_check_in_takes_the_tw_reference_in_any_case(t, boss):
    reg = sign(t, 1)
    entrant, _seat = online.check_in(t, boss, reg.reference.lower().replace("-", " "))
    assert entrant.status == "present"
    with pytest.raises(ServiceError) as e:
        online.check_in(t, boss, reg.reference)
    assert "already checked in" in str(e.value)


def test_a_reference_of_a_waiting_one_is_refused_with_the_reason(t, boss):
    sign(t, 1)
    waiting = sign(t, 2)
    with pytest.raises(ServiceError) as e:
        online.check_in(t, boss, waiting.reference)
    assert "has no place" in str(e.value)


def test_an_unknown_code_says_what_to_scan(t, boss):
    with pytest.raises(ServiceError) as e:
        online.check_in(t, boss, "hello")
    assert "QR code" in str(e.value) and "TW-" in str(e.value)


# ------------------------------------------------------------------ 5. the bank account

@pytest.mark.parametrize("iban", ["DE02 1203 0000 0000 2020 52", "DE02", "XX00123"])
def test_a_wrong_iban_is_refused_at_its_field(director_client, t, iban):
    response = director_client.post(reverse("director:announcement", args=[t.slug]), {
        "base": "25", "waiting_order": "registration", "bank": "SC Muster", "iban": iban})
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="id_iban_error"' in page
    assert announcements.of(t).iban == IBAN.replace(" ", "")


def test_iban_with_spaces_and_a_bic_are_saved(director_client, t):
    response = director_client.post(reverse("director:announcement", args=[t.slug]), {
        "base": "25", "waiting_order": "registration", "bank": "SC Muster",
        "iban": "de89 3704 0044 0532 0130 00", "bic": "cobadeffxxx"})
    assert response.status_code == 302
    a = announcements.of(t)
    assert (a.iban, a.bic) == ("DE89370400440532013000", "COBADEFFXXX")


def test_a_wrong_bic_is_refused_at_its_field(director_client, t):
    response = director_client.post(reverse("director:announcement", args=[t.slug]), {
        "base": "25", "waiting_order": "registration", "iban": IBAN, "bic": "COBA1"})
    assert response.status_code == 400 and 'id="id_bic_error"' in response.content.decode()


def test_the_service_refuses_a_bad_iban_too(t, boss):
    with pytest.raises(ServiceError) as e:
        announcements.save(t, boss, iban="DE02120300000000202052")
    assert "check digits" in " ".join(e.value.errors["iban"])


def test_the_settings_explain_their_fields(director_client, t):
    page = director_client.get(reverse("director:announcement", args=[t.slug])).content
    assert page.decode().count('class="helptext') >= 8


# ------------------------------------------------------------------ 6. the rating field

def test_a_chess_open_asks_the_rating_it_ranks_by(phone, t):
    url = reverse("public:announcement", args=[t.slug])
    page = phone.get(url).content.decode()
    assert 'name="dwz"' in page  # chess ranks by DWZ unless its setting says Elo
    phone.post(url, {"name": "Rita Rated", "email": "r@example.org", "dwz": "1734"})
    reg = Registration.objects.get(name="Rita Rated")
    assert reg.dwz == 1734 and reg.entrant.players.get().dwz == 1734
    phone.post(url, {"name": "No Rating", "email": "n@example.org"})
    assert Registration.objects.get(name="No Rating").dwz is None
    bad = phone.post(url, {"name": "Bad Rating", "email": "b@example.org", "dwz": "99999"})
    assert bad.status_code == 400 and not Registration.objects.filter(name="Bad Rating")
