"""Captain tokens: constant-time lookup, rate limits, and a token never reaches other data."""

from __future__ import annotations

import hmac
from typing import Any
from unittest import mock

import pytest
from django.urls import reverse

from tournaments import ratelimit, services
from tournaments.models import Result, ResultRevision, Round, Table
from tournaments.services import Actor, ServiceError

from .helpers import publish_first_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_tournaments(make_tournament, boss):
    """Two chess tournaments, round 1 drawn and published in each (2 tables each)."""
    out = []
    for name in ("Turnier A", "Turnier B"):
        t = make_tournament("chess", entrants=4, name=name)
        out.append((t, *publish_first_round(t, boss, "tokens")))
    return out


def page(table: Table) -> str:
    return reverse("captain:table", args=[table.token])


def api(table: Table | str) -> str:
    return reverse("api-captain", args=[table if isinstance(table, str) else table.token])


def names(table: Table) -> list[str]:
    return [s.entrant.name for s in table.seats.select_related("entrant")]


# --- constant-time lookup -----------------------------------------------------------------

def test_lookup_finds_the_table_and_compares_in_constant_time(two_tournaments):
    (_t, _r, tables), _b = two_tournaments
    table = tables[0]
    with mock.patch("tournaments.services.results.hmac.compare_digest",
                    wraps=hmac.compare_digest) as cmp:
        assert services.table_for_token(table.token).pk == table.pk
    assert cmp.called


@pytest.mark.parametrize("guess", ["", "x", "%", "_" * 32, "a" * 65, "ä" * 10])
def test_odd_tokens_are_not_valid(two_tournaments, guess):
    with pytest.raises(ServiceError):
        services.table_for_token(guess)


def test_prefix_or_case_variant_of_a_token_is_not_valid(two_tournaments):
    (_t, _r, tables), _b = two_tournaments
    token = tables[0].token
    for guess in (token[:8], token[:-1], token + "x", token.swapcase(), token[:8] + "%"):
        if guess == token:
            continue
        with pytest.raises(ServiceError):
            services.table_for_token(guess)


def test_tables_sharing_a_prefix_are_told_apart(two_tournaments):
    (_t, _r, tables), _b = two_tournaments
    Table.objects.filter(pk=tables[0].pk).update(token="samepref" + "A" * 24)
    Table.objects.filter(pk=tables[1].pk).update(token="samepref" + "B" * 24)
    assert services.table_for_token("samepref" + "B" * 24).pk == tables[1].pk
    assert services.table_for_token("samepref" + "A" * 24).pk == tables[0].pk
    with pytest.raises(ServiceError):
        services.table_for_token("samepref" + "C" * 24)


# --- a token reaches only its own table -------------------------------------------------------

def test_page_shows_only_its_table(phone, two_tournaments):
    (ta, _ra, tables_a), (tb, _rb, _tables_b) = two_tournaments
    html = phone.get(page(tables_a[0])).content.decode()
    assert ta.name in html and tb.name not in html
    for n in names(tables_a[0]):
        assert n in html
    for n in set(names(tables_a[1])) - set(names(tables_a[0])):
        assert n not in html
    assert f"/c/{tables_a[1].token}/" not in html


def test_api_shows_only_its_table(phone, two_tournaments):
    (ta, ra, tables_a), (tb, _rb, tables_b) = two_tournaments
    r = phone.get(api(tables_a[1]))
    data = r.json()
    assert data["tournament"] == ta.name
    assert data["round"] == ra.number and data["table"] == tables_a[1].number
    assert len(data["seats"]) == len(names(tables_a[1]))
    text = r.content.decode()
    assert tb.name not in text and tables_b[1].token not in text
    assert tables_a[0].token not in text


HIDDEN = {"table": "2", "number": "2", "round": "2", "table_id": "", "tournament": "",
          "slug": "turnier-b", "pk": ""}


def only_results_of(table: Table) -> None:
    assert list(Result.objects.values_list("table_id", flat=True)) == [table.pk]
    assert set(ResultRevision.objects.values_list("table_id", flat=True)) == {table.pk}


def test_page_post_with_foreign_hidden_fields_changes_only_its_table(phone, two_tournaments):
    (_ta, _ra, tables_a), (_tb, _rb, tables_b) = two_tournaments
    extra = dict(HIDDEN, table_id=str(tables_b[0].pk), pk=str(tables_a[1].pk),
                 tournament=str(tables_b[0].round.tournament_id))
    r = phone.post(page(tables_a[0]), {"score": "1-0", **extra})
    assert r.status_code == 302
    only_results_of(tables_a[0])


def test_api_post_with_foreign_fields_changes_only_its_table(phone, two_tournaments):
    (_ta, _ra, tables_a), (_tb, _rb, tables_b) = two_tournaments
    body: dict[str, Any] = {"score": "0-1", "table": tables_b[1].number, "round": 2,
                            "table_id": tables_b[0].pk, "tournament": "turnier-b"}
    r = phone.post(api(tables_a[0]), body, content_type="application/json")
    if r.status_code == 200:
        assert r.json()["table"] == tables_a[0].number
        only_results_of(tables_a[0])
    else:  # unknown keys refused: then nothing is written at all
        assert r.status_code == 400
        assert not Result.objects.exists()
    r = phone.post(api(tables_a[0]), {"score": "0-1"}, content_type="application/json")
    assert r.status_code == 200 and r.json()["table"] == tables_a[0].number
    only_results_of(tables_a[0])


def test_token_of_a_closed_round_is_refused(phone, two_tournaments, director):
    (ta, _ra, tables_a), _b = two_tournaments
    actor = Actor(director, director.username)
    phone.post(page(tables_a[0]), {"score": "1-0"})
    phone.post(page(tables_a[1]), {"score": "1-0"})
    services.close_round(ta, actor, 1)
    assert Round.objects.get(tournament=ta, number=1).status == Round.Status.CLOSED
    before = Result.objects.count(), ResultRevision.objects.count()
    r = phone.post(page(tables_a[0]), {"score": "0-1"})
    assert r.status_code == 410
    assert 'id="result-form"' not in r.content.decode()
    r = phone.post(api(tables_a[0]), {"score": "0-1"}, content_type="application/json")
    assert r.status_code == 409
    with pytest.raises(ServiceError):
        services.captain_submit(tables_a[0].token, {"score": "0-1"})
    assert (Result.objects.count(), ResultRevision.objects.count()) == before


# --- rate limits ----------------------------------------------------------------------------

@pytest.fixture
def limits(settings):
    """Set the rate limits; the clock stands still, so no window ends during a test."""
    def set_(**kw: Any) -> None:
        settings.RATE_LIMITS = {**ratelimit.DEFAULTS, **kw}
    with mock.patch("time.time", return_value=6000.0):
        yield set_


def test_rate_limit_is_on_by_default():
    from django.conf import settings

    assert ratelimit.config()["enabled"] is True
    assert settings.RATE_LIMITS["enabled"] is True


def test_unknown_tokens_are_limited_per_ip(phone, two_tournaments, limits):
    limits(captain_unknown=5, captain=100)
    (_t, _r, tables), _b = two_tournaments
    for k in range(5):
        assert phone.get(f"/c/guess{k:027d}/").status_code == 404
    r = phone.get("/c/guess-once-more/")
    assert r.status_code == 429
    assert 1 <= int(r["Retry-After"]) <= 61
    assert "Too many requests" in r.content.decode()
    assert r["Content-Type"].startswith("text/html")
    r = phone.get(api("guess-via-api"))
    assert r.status_code == 429 and "Retry-After" in r
    assert "Too many requests" in r.json()["detail"]
    # A real token from the same IP is still served (finding 11: one guessing phone behind a
    # hall's NAT address must not stop every table's result entry; this used to be 429).
    assert phone.get(page(tables[0])).status_code == 200
    assert phone.get(reverse("captain:qr", args=[tables[0].token])).status_code == 200
    assert phone.get(api(tables[0])).status_code == 200
    # another IP guesses on its own budget
    assert phone.get("/c/guess-elsewhere/", REMOTE_ADDR="10.0.0.7").status_code == 404


def test_api_unknown_tokens_count_too(phone, two_tournaments, limits):
    limits(captain_unknown=3, captain=100)
    for k in range(3):
        assert phone.get(api(f"nope{k}")).status_code == 404
    r = phone.post(api("nope"), {"score": "1-0"}, content_type="application/json")
    assert r.status_code == 429 and int(r["Retry-After"]) >= 1


def test_limit_per_link_not_per_address(phone, two_tournaments, limits):
    """A hall behind one NAT address: each table's link has its own budget."""
    limits(captain=4, captain_unknown=100)
    (_t, _r, tables), _b = two_tournaments
    for _ in range(4):
        assert phone.get(page(tables[0])).status_code == 200
    assert phone.get(page(tables[0])).status_code == 429
    assert phone.post(page(tables[0]), {"score": "1-0"}).status_code == 429
    # The same link from another address has its own budget (issue 32, finding 2: one
    # client used to use up a link's budget for everybody).
    assert phone.get(page(tables[0]), REMOTE_ADDR="10.0.0.7").status_code == 200
    assert not Result.objects.exists()
    # the next table, from the same address, is not affected
    assert phone.get(page(tables[1])).status_code == 200
    assert phone.post(api(tables[1]), {"score": "1-0"},
                      content_type="application/json").status_code == 200


def test_limit_window_ends(phone, two_tournaments, limits):
    """Retry-After says when the link's window ends, and then the link works again.

    (django-ratelimit staggers the windows per key, so Retry-After is at most the window,
    no longer the full 60 s at the start of a minute.)
    """
    limits(captain=2, window=60)
    (_t, _r, tables), _b = two_tournaments
    assert phone.get(page(tables[0])).status_code == 200  # at 6000.0 (the limits fixture)
    assert phone.get(page(tables[0])).status_code == 200
    r = phone.get(page(tables[0]))
    assert r.status_code == 429
    retry = int(r["Retry-After"])
    assert 1 <= retry <= 60
    with mock.patch("time.time", return_value=6000.0 + retry - 1):
        assert phone.get(page(tables[0])).status_code == 429
    with mock.patch("time.time", return_value=6000.0 + retry):
        assert phone.get(page(tables[0])).status_code == 200


def test_disabled_limits(phone, two_tournaments, limits):
    limits(enabled=False, captain=1, captain_unknown=1)
    for _ in range(5):
        assert phone.get("/c/unknown-token/").status_code == 404


def test_german_message(client, two_tournaments, limits, settings):
    from django.utils import translation

    limits(captain=0)
    settings.LANGUAGE_CODE = "de"
    (_t, _r, tables), _b = two_tournaments
    with translation.override("de"):
        r = client.get(page(tables[0]), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 429
    assert "Zu viele Anfragen" in r.content.decode()


def test_forwarded_for_only_behind_trusted_proxies(rf, limits):
    req = rf.get("/c/x/", REMOTE_ADDR="10.0.0.1",
                 HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9")
    limits()
    assert ratelimit.client_ip(req) == "10.0.0.1"
    limits(trusted_proxies=1)
    assert ratelimit.client_ip(req) == "203.0.113.9"
    limits(trusted_proxies=2)
    assert ratelimit.client_ip(req) == "6.6.6.6"
    limits(trusted_proxies=3)  # fewer entries than proxies: the header is not believed
    assert ratelimit.client_ip(req) == "10.0.0.1"
