"""Every chess player fact where arbiters enter it: the desk's correction page."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tournaments.disciplines.chess import person_fields
from tournaments.models import ActionLog, Entrant

pytestmark = pytest.mark.django_db

FULL = {"name": "Weiß, Anna", "club": "SK Hof", "elo": "1712", "categories": "",
        "dwz": "1834-23", "birth_date": "12.03.1988", "sex": "w", "fide_id": "24600121",
        "federation": "ger", "title": "WFM", "zps": "c0327-12"}


@pytest.mark.parametrize(("typed", "dwz"), [
    ("1834-23", (1834, 23)), ("1834", (1834, None)), (" 1834 - 23 ", (1834, 23)),
    ("1834/5", (1834, 5)), ("", (None, None))])
def test_dwz_with_its_index_is_read_as_the_dsb_prints_it(typed, dwz):
    assert person_fields.parse_dwz(typed) == dwz


@pytest.mark.parametrize(("typed", "date"), [
    ("12.03.1988", datetime.date(1988, 3, 12)), ("1988-03-12", datetime.date(1988, 3, 12)),
    ("1.3.1988", datetime.date(1988, 3, 1)), ("1988", datetime.date(1988, 1, 1))])
def test_birth_dates_are_read_german_iso_or_as_a_year(typed, date):
    assert person_fields.parse_birth_date(typed) == date


@pytest.mark.parametrize(("typed", "date"), [
    ("12.03.88", datetime.date(1988, 3, 12)), ("5.7.15", datetime.date(2015, 7, 5)),
    ("01.01.00", datetime.date(2000, 1, 1))])
def test_seed_chess_birth_dates_with_two_digit_years(typed, date):
    # dd.mm.yy as the chess program took it: the latest such date not in the future
    assert person_fields.parse_birth_date(typed) == date


def test_seed_chess_a_two_digit_year_ahead_of_today_is_last_century():
    ahead = datetime.date.today() + datetime.timedelta(days=400)
    typed = f"{ahead.day}.{ahead.month}.{ahead.year % 100:02d}"
    assert person_fields.parse_birth_date(typed) == ahead.replace(year=ahead.year - 100)


def test_a_year_alone_keeps_the_known_date_of_that_year():
    known = datetime.date(1988, 3, 12)
    assert person_fields.parse_birth_date("1988", known) == known


def test_the_desk_enters_every_chess_fact_of_a_player(make_tournament, desk_client):
    t = make_tournament("chess", entrants=3)
    page = reverse("desk:edit", args=[t.slug, 2])

    response = desk_client.post(page, FULL)

    assert response.status_code == 302, response.content.decode()[:3000]
    person = Entrant.objects.get(tournament=t, start_number=2).players.get()
    assert (person.dwz, person.dwz_index, person.birth_date) == (
        1834, 23, datetime.date(1988, 3, 12))
    assert (person.sex, person.fide_id, person.federation, person.title, person.zps) == (
        "w", "24600121", "GER", "WFM", "C0327-12")
    shown = desk_client.get(page).content.decode()
    assert 'value="1834-23"' in shown and 'value="12.03.1988"' in shown
    entry = ActionLog.objects.filter(tournament=t, action="update_entrant").latest("id")
    assert "DWZ index – → 23" in entry.after["sentence"]["en"]
    assert "birth year – → 1988-03-12" in entry.after["sentence"]["en"]


@pytest.mark.parametrize(("field", "typed", "message"), [
    ("dwz", "1834-", "DWZ as 1834 or with its index as 1834-23."),
    ("dwz", "9999", "DWZ as 1834 or with its index as 1834-23."),
    ("birth_date", "31.02.1988", "There is no such day."),
    ("birth_date", "03/12/1988", "A date as 12.03.1988 or 1988-03-12, or only the year."),
    ("birth_date", "01.01.2999", "A date between 1900 and today."),
    ("fide_id", "12ab", "A FIDE ID is a number of at most 11 digits."),
    ("federation", "DE", "Three letters, e.g. GER or AUT."),
    ("zps", "C0327", "Club number, dash, member number, e.g. C0327-12."),
])
def test_a_wrong_chess_fact_is_refused_at_its_field_and_nothing_is_stored(
        make_tournament, desk_client, field, typed, message):
    t = make_tournament("chess", entrants=2)
    page = reverse("desk:edit", args=[t.slug, 1])

    response = desk_client.post(page, {**FULL, field: typed})

    assert response.status_code == 400
    html = response.content.decode()
    block = html[html.index(f'id="field-{field}"'):]
    assert message in block[:block.index("</div>")]
    person = Entrant.objects.get(tournament=t, start_number=1).players.get()
    assert person.dwz is None and person.zps == "" and person.name == "Spieler 1"


def test_the_chess_facts_read_in_german(make_tournament, desk_client):
    t = make_tournament("chess", entrants=1)
    html = desk_client.get(reverse("desk:edit", args=[t.slug, 1]),
                           HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for word in ("Geburtsdatum", "Geschlecht", "Föderation", "Titel", "ZPS",
                 "Mit Index nach einem Bindestrich"):
        assert word in html


def test_other_disciplines_keep_the_short_form(make_tournament, desk_client):
    t = make_tournament("boardgame", entrants=1)
    html = desk_client.get(reverse("desk:edit", args=[t.slug, 1])).content.decode()
    assert 'name="birth_year"' in html and 'name="zps"' not in html
