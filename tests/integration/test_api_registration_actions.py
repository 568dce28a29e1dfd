"""The API's registration actions (docs/registration.md, "Through the API"): withdraw,
the bank statement's import (camt.053, bounded, hostile XML refused, all or nothing) and
check-in by the personal link's token; 400 with the field, the organiser's permission."""

from __future__ import annotations

import pytest

from tournaments.models import ActionLog, Entrant, Registration, UnmatchedPayment
from tournaments.services import announcement as announcements
from tournaments.services import online

from .helpers import client_for

BASE = "/api/v1/tournaments/{slug}/registrations/"
NS = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"


@pytest.fixture
def t(make_tournament, boss):
    t = make_tournament("chess")
    announcements.save(t, boss, open=True, capacity=2, base_cents=1500)
    for n in (1, 2, 3):
        online.register_online(t, f"Player {n}", f"p{n}@example.org")
    return t


def statement(*entries: tuple[str, str, str]) -> bytes:
    body = "".join(
        f'<Ntry><Amt Ccy="EUR">{amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>'
        f"<BookgDt><Dt>2026-11-02</Dt></BookgDt><NtryDtls><TxDtls><RltdPties><Dbtr>"
        f"<Nm>{name}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>{text}</Ustrd></RmtInf></TxDtls>"
        f"</NtryDtls></Ntry>" for amount, name, text in entries)
    return (f'<Document xmlns="{NS}"><BkToCstmrStmt><Stmt><Id>1</Id>{body}'
            "</Stmt></BkToCstmrStmt></Document>").encode()


def test_withdraw_moves_the_first_waiting_up(t, api):
    r = api.post(BASE.format(slug=t.slug) + "1/withdraw/", format="json")
    assert r.status_code == 200, r.content
    assert r.json()["place"] == "withdrawn"
    assert Registration.objects.get(tournament=t, number=3).place == "placed"
    entry = ActionLog.objects.get(tournament=t, action="withdraw_online")
    assert entry.after["moved_up"] == ["3. Player 3"]
    again = api.post(BASE.format(slug=t.slug) + "1/withdraw/", format="json")
    assert again.status_code == 400
    bad = api.post(BASE.format(slug=t.slug) + "2/withdraw/", {"why": "ill"}, format="json")
    assert bad.status_code == 400 and "why" in bad.json()
    assert Registration.objects.get(tournament=t, number=2).place == "placed"
    assert api.post(BASE.format(slug=t.slug) + "99/withdraw/").status_code == 404


def test_a_statement_marks_paid_and_lists_the_rest(t, api):
    first, second = Registration.objects.filter(tournament=t).order_by("number")[:2]
    xml = statement(("15.00", "Player One", first.reference),
                    ("15.00", "Somebody", "Spende"), ("15.00", "Player 2", "Startgeld"))
    r = api.generic("POST", BASE.format(slug=t.slug) + "statement/?file_name=nov.xml", xml,
                    content_type="application/xml")
    assert r.status_code == 200, r.content
    body = r.json()
    assert (body["paid"], body["listed"]) == (2, 1)
    assert body["totals"]["paid"]["count"] == 2
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.fee_state == "paid" and first.paid_via == "bank"
    assert second.fee_state == "paid"  # by name and amount
    assert UnmatchedPayment.objects.get(tournament=t).file_name == "nov.xml"


@pytest.mark.parametrize("xml,words", [
    (b'<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaa">]><Document/>', "line 2"),
    (b'<?xml version="1.0"?>\n<!DOCTYPE d SYSTEM "file:///etc/passwd"><Document/>', "line"),
    (b"<Document><unclosed>", "line"),
    (statement(("15,00", "X", "Y")), "line"),
])
def test_a_hostile_or_malformed_statement_writes_nothing(t, api, xml, words):
    before = ActionLog.objects.count()
    r = api.generic("POST", BASE.format(slug=t.slug) + "statement/", xml,
                    content_type="application/xml")
    assert r.status_code == 400 and "statement" in r.json(), r.content
    assert words in " ".join(r.json()["statement"])
    assert not UnmatchedPayment.objects.exists()
    assert not Registration.objects.filter(fee_state="paid").exists()
    assert ActionLog.objects.count() == before


def test_a_statement_over_the_size_bound_is_refused(t, api, settings):
    huge = b"<Document>" + b" " * (20 * 1024 * 1024) + b"</Document>"
    r = api.generic("POST", BASE.format(slug=t.slug) + "statement/", huge,
                    content_type="application/xml")
    assert r.status_code == 413 and "20 MB" in r.json()["__all__"][0]
    assert not UnmatchedPayment.objects.exists()
    empty = api.generic("POST", BASE.format(slug=t.slug) + "statement/", b"",
                        content_type="application/xml")
    assert empty.status_code == 400 and "statement" in empty.json()
    as_json = api.post(BASE.format(slug=t.slug) + "statement/", {"x": 1}, format="json")
    assert as_json.status_code == 400 and "statement" in as_json.json()


def test_check_in_by_token(t, api):
    reg = Registration.objects.get(tournament=t, number=1)
    url = BASE.format(slug=t.slug) + "check-in/"
    r = api.post(url, {"code": f"https://x.example.org/r/{reg.token.lower()}/"},
                 format="json")
    assert r.status_code == 200, r.content
    assert r.json()["status"] == "present" and r.json()["name"] == "Player 1"
    assert Entrant.objects.get(pk=reg.entrant_id).status == "present"
    twice = api.post(url, {"code": reg.token}, format="json")
    assert twice.status_code == 400 and "code" in twice.json()
    waiting = Registration.objects.get(tournament=t, number=3)
    r = api.post(url, {"code": waiting.token}, format="json")
    assert r.status_code == 400 and "code" in r.json()
    for body, field in (({}, "code"), ({"code": "x" * 301}, "code"),
                        ({"code": "ABC", "more": 1}, "more"), ({"code": ["a"]}, "code")):
        r = api.post(url, body, format="json")
        assert r.status_code == 400 and field in r.json(), (body, r.content)


def test_only_the_organiser(t, desk_user, stranger):
    reg = Registration.objects.get(tournament=t, number=1)
    for user in (desk_user, stranger):
        c = client_for(user)
        assert c.post(BASE.format(slug=t.slug) + "1/withdraw/").status_code == 403
        assert c.post(BASE.format(slug=t.slug) + "check-in/", {"code": reg.token},
                      format="json").status_code == 403
        assert c.generic("POST", BASE.format(slug=t.slug) + "statement/", statement(),
                         content_type="application/xml").status_code == 403
    reg.refresh_from_db()
    assert reg.place == "placed" and reg.entrant.status != "present"


def test_the_schema_documents_them(api):
    schema = api.get("/api/v1/schema/?format=json").json()
    paths = schema["paths"]
    for tail in ("registrations/{number}/withdraw/", "registrations/statement/",
                 "registrations/check-in/"):
        path = "/api/v1/tournaments/{slug}/" + tail
        assert path in paths, sorted(paths)[:50]
        post = paths[path]["post"]
        assert "400" in post["responses"] and "403" in post["responses"]
    assert "application/xml" in paths["/api/v1/tournaments/{slug}/registrations/statement/"][
        "post"]["requestBody"]["content"]
