"""Online registration's services (docs/registration.md): places and the waiting list,
fees by the rules of the day, the bank statement, mails sent once, check-in by the mail's
link, closing the check-in, a person's data exported and deleted."""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path

import pytest
from django.core import mail

from tournaments.models import ActionLog, Entrant, MailRecord, Registration, UnmatchedPayment
from tournaments.registration_mails import deliver
from tournaments.services import ServiceError, online, payment_import
from tournaments.services import announcement as announcements

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "payments"
NS = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"


@pytest.fixture
def t(make_tournament, boss):
    t = make_tournament("chess")
    announcements.save(t, boss, open=True, capacity=3, base_cents=3000, reduced_cents=1500,
                       titled_free=True)
    return t


def sign(t, n, **kw):
    return online.register_online(t, f"Player {n}", f"p{n}@example.org",
                                  **{"language": "en", **kw})


def statement(*entries: tuple[str, str, str]) -> io.BytesIO:
    body = "".join(
        f'<Ntry><Amt Ccy="EUR">{amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>'
        f"<BookgDt><Dt>2026-11-02</Dt></BookgDt><NtryDtls><TxDtls><RltdPties><Dbtr>"
        f"<Nm>{name}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>{text}</Ustrd></RmtInf></TxDtls>"
        f"</NtryDtls></Ntry>" for amount, name, text in entries)
    return io.BytesIO(f'<Document xmlns="{NS}"><BkToCstmrStmt><Stmt><Id>1</Id>{body}'
                      "</Stmt></BkToCstmrStmt></Document>".encode())


def test_places_then_waiting_list_and_a_withdrawal_moves_the_first_up(
        t, boss, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        regs = [sign(t, i) for i in range(1, 6)]
    assert [r.place for r in regs] == ["placed"] * 3 + ["waiting"] * 2
    assert Entrant.objects.filter(tournament=t).count() == 3  # waiting ones are not drawn
    assert all(e.preregistered for e in Entrant.objects.filter(tournament=t))
    assert len(mail.outbox) == 5 and "waiting list" in mail.outbox[3].body
    with django_capture_on_commit_callbacks(execute=True):
        online.withdraw(regs[1])
    regs[3].refresh_from_db()
    assert regs[3].place == "placed" and regs[3].entrant is not None
    assert mail.outbox[-1].subject.startswith("You have a place")
    entry = ActionLog.objects.filter(action="withdraw_online").last()
    assert entry.after["moved_up"] == [str(regs[3])]
    with pytest.raises(ServiceError):
        online.withdraw(regs[1])


def test_waiting_in_order_of_payment(t, boss):
    announcements.save(t, boss, waiting_order="payment")
    regs = [sign(t, i) for i in range(1, 6)]
    online.set_fee(regs[4], boss, "paid", "cash")
    online.withdraw(regs[0])
    regs[4].refresh_from_db()
    regs[3].refresh_from_db()
    assert (regs[4].place, regs[3].place) == ("placed", "waiting")


def test_more_places_move_up_at_once(t, boss):
    regs = [sign(t, i) for i in range(1, 6)]
    announcements.save(t, boss, capacity=4)
    assert [Registration.objects.get(pk=r.pk).place for r in regs][3:] == ["placed", "waiting"]


def test_fees_by_category_and_day(t, boss):
    announcements.save(t, boss, early_until=date(2026, 10, 31), early_cents=2500)
    assert online.register_online(t, "A", "a@example.org", today=date(2026, 10, 1)).fee_cents \
        == 2500
    assert online.register_online(t, "B", "b@example.org", youth=True).fee_cents == 1500
    titled = online.register_online(t, "C", "c@example.org", titled=True)
    assert (titled.fee_cents, titled.fee_state) == (0, "waived")


@pytest.mark.parametrize(("field", "kw"), [
    ("email", {"email": "not-an-address"}), ("name", {"name": ""}),
    ("name", {"name": "x" * 121}), ("club", {"club": "a\nb"}),
])
def test_bad_input_names_the_field(t, field, kw):
    args = {"name": "Anna", "email": "a@example.org", **kw}
    with pytest.raises(ServiceError) as info:
        online.register_online(t, args.pop("name"), args.pop("email"), **args)
    assert field in info.value.errors
    assert not Registration.objects.exists()


def test_closed_announcement_and_the_same_name_twice_are_refused(t, boss):
    sign(t, 1)
    with pytest.raises(ServiceError, match="already registered"):
        online.register_online(t, "player 1", "x@example.org")
    announcements.save(t, boss, open=False)
    with pytest.raises(ServiceError, match="not open"):
        sign(t, 2)


def test_statement_marks_paid_and_lists_the_rest_for_the_desk(t, boss):
    a, b, c = sign(t, 1), sign(t, 2), sign(t, 3)
    paid, listed = payment_import.import_statement(t, boss, statement(
        ("30.00", "Somebody", f"Startgeld {a.reference}"),
        ("30.00", "PLAYER 2", "Startgeld"),
        ("10.00", "Player 3", c.reference),
        ("30.00", "Unknown Person", "Spende")), "nov.xml")
    assert (paid, listed) == (2, 2)
    assert [Registration.objects.get(pk=r.pk).fee_state for r in (a, b, c)] == [
        "paid", "paid", "due"]
    assert sorted(UnmatchedPayment.objects.values_list("reason", flat=True)) == [
        "short", "unknown"]
    again = payment_import.import_statement(t, boss, statement(
        ("30.00", "Somebody", f"Startgeld {a.reference}")), "nov.xml")
    assert again == (0, 1) and UnmatchedPayment.objects.filter(reason="duplicate").exists()
    line = UnmatchedPayment.objects.get(reason="short")
    payment_import.settle_line(t, boss, line.pk, registration=c.number)
    assert Registration.objects.get(pk=c.pk).fee_state == "paid"


def test_a_malformed_statement_writes_nothing(t, boss):
    sign(t, 1)
    version = type(t).objects.get(pk=t.pk).version
    bad = statement(("30.00", "X", "y")).getvalue().replace(b"</Stmt>", b"</Stm>")
    with pytest.raises(ServiceError) as info:
        payment_import.import_statement(t, boss, io.BytesIO(bad))
    assert "line 1" in info.value.errors["statement"][0]
    assert type(t).objects.get(pk=t.pk).version == version
    assert not UnmatchedPayment.objects.exists()


def test_a_mail_is_sent_once_however_often_the_task_runs(t, boss,
                                                         django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        reg = sign(t, 1)
    record = MailRecord.objects.get(registration=reg, kind="confirmation")
    assert record.sent_at is not None and len(mail.outbox) == 1
    assert deliver(record.pk) is False and len(mail.outbox) == 1
    assert reg.reference in mail.outbox[0].body and f"/r/{reg.token}/" in mail.outbox[0].body
    with django_capture_on_commit_callbacks(execute=True):
        assert online.remind(t, boss) == 1
        assert online.remind(t, boss) == 0
    assert len(mail.outbox) == 2 and "not received" in mail.outbox[1].body


def test_mail_in_the_players_language(t, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        online.register_online(t, "Anna", "a@example.org", language="de")
    assert mail.outbox[0].subject.startswith("Anmeldung")


def test_check_in_by_the_link_and_close_check_in(t, boss):
    a, b = sign(t, 1), sign(t, 2)
    online.set_fee(b, boss, "paid", "bank")
    e, _seat = online.check_in(t, boss, f"https://example.org/r/{a.token}/")
    assert e.status == "present" and not e.preregistered
    with pytest.raises(ServiceError, match="already checked in"):
        online.check_in(t, boss, a.token.lower())
    assert [r.pk for r in online.paid_absent(t)] == [b.pk]
    assert online.close_check_in(t, boss) == 1
    assert Entrant.objects.get(pk=b.entrant_id).status == "absent"


def test_a_waiting_registration_cannot_check_in(t, boss):
    regs = [sign(t, i) for i in range(1, 5)]
    with pytest.raises(ServiceError, match="no place") as info:
        online.check_in(t, boss, regs[3].token)
    assert "code" in info.value.errors


def test_totals_per_state(t, boss):
    regs = [sign(t, i) for i in range(1, 5)]
    online.set_fee(regs[0], boss, "paid", "cash")
    online.set_fee(regs[1], boss, "waived")
    tot = online.totals(t)
    assert tot["paid"] == {"count": 1, "cents": 3000}
    # due: the third, with a place; the fourth waits and owes nothing until it moves up
    assert tot["due"] == {"count": 1, "cents": 3000}
    assert (tot["placed"], tot["waiting"]) == (3, 1)


def test_a_persons_data_exported_and_deleted(t, boss, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        reg = sign(t, 1)
    data = online.person_data(reg)
    assert data["email"] == "p1@example.org" and data["mails"][0]["kind"] == "confirmation"
    online.delete_person(reg, boss)
    assert not Registration.objects.exists() and not MailRecord.objects.exists()
    assert not Entrant.objects.filter(tournament=t).exists()
    assert "p1@example.org" not in str(ActionLog.objects.filter(action="delete_person").values())


def test_all_registration_data_deleted_once_finished(t, boss):
    sign(t, 1)
    with pytest.raises(ServiceError, match="finished"):
        online.delete_all(t, boss)
    type(t).objects.filter(pk=t.pk).update(status="finished")
    assert online.delete_all(t, boss) == 1
    assert not Registration.objects.exists()
    assert Entrant.objects.filter(tournament=t).count() == 1  # the entrant stays


def test_a_waiting_one_whose_name_the_desk_took_keeps_waiting_and_the_next_moves_up(t, boss):
    from tournaments import services
    regs = [sign(t, i) for i in range(1, 6)]
    services.register(t, boss, [{"name": "Player 4"}])  # the desk, meanwhile, by hand
    online.withdraw(regs[0])
    assert [Registration.objects.get(pk=r.pk).place for r in regs[3:]] == ["waiting",
                                                                          "placed"]
    entry = ActionLog.objects.filter(action="withdraw_online").last()
    assert entry.after["still_waiting"] == [str(regs[3])]
    with pytest.raises(ServiceError, match="already registered"):
        online.register_online(t, "player 4", "z@example.org")


def test_a_failed_send_is_tried_again_and_then_sent_once(t, settings):
    reg = sign(t, 1)
    record = MailRecord.objects.get(registration=reg)
    settings.EMAIL_BACKEND = "tests.integration.test_online_registration.Broken"
    with pytest.raises(OSError):
        deliver(record.pk)
    record.refresh_from_db()
    assert record.sent_at is None and "OSError" in record.error and not mail.outbox
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert deliver(record.pk) is True and deliver(record.pk) is False
    assert len(mail.outbox) == 1


class Broken:
    """A mail backend whose server is away."""

    def __init__(self, **kwargs):
        pass

    def send_messages(self, messages):
        raise OSError("connection refused")


def test_unsent_mails_are_sent_again_once(t, settings, django_capture_on_commit_callbacks):
    from tournaments.services import registration_mail
    settings.EMAIL_BACKEND = "tests.integration.test_online_registration.Broken"
    with django_capture_on_commit_callbacks(execute=True):
        sign(t, 1)
    assert MailRecord.objects.get().sent_at is None and not mail.outbox
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with django_capture_on_commit_callbacks(execute=True):
        assert registration_mail.send_unsent(t.pk) == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert registration_mail.send_unsent(t.pk) == 0
    assert len(mail.outbox) == 1
