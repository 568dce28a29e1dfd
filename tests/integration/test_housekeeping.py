"""What is due by the clock (docs/registration.md): registrants' personal data deleted
REGISTRATION_RETENTION_DAYS after the tournament ended, and failed registration mails tried
again without a Celery worker, against a real SMTP server on the loopback."""

from __future__ import annotations

import json
import socket
import socketserver
import threading
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from tournaments import services
from tournaments.models import (
    ActionLog,
    Entrant,
    MailRecord,
    Registration,
    Tournament,
    UnmatchedPayment,
)
from tournaments.services import announcement as announcements
from tournaments.services import finish, housekeeping, online, retention

from .test_chess_conventions import finish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def t(make_tournament, boss):
    t = make_tournament("chess")
    announcements.save(t, boss, open=True, capacity=10, base_cents=3000)
    return t


def sign(t, n):
    return online.register_online(t, f"Player {n}", f"p{n}@example.org", language="en")


def finished(t, boss, days_ago):
    """Check everybody in, play a round, finish ``t`` and date the log entry ``days_ago``
    days back."""
    for e in Entrant.objects.filter(tournament=t):
        services.set_status(e, boss, "present")
    if Entrant.objects.filter(tournament=t).count() < 2:
        services.register(t, boss, [{"name": "Extra Spieler"}], status="present")
    services.draw_round(t, boss, seed="s1")
    finish_round(t, boss, 1)
    finish.finish_tournament(t, boss)
    entry = ActionLog.objects.filter(tournament=t, action="finish_tournament").latest("id")
    ActionLog.objects.filter(pk=entry.pk).update(
        created=timezone.now() - timedelta(days=days_ago))
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED


def test_data_go_after_the_retention_period_and_the_results_stay(t, boss, settings):
    settings.REGISTRATION_RETENTION_DAYS = 30
    regs = [sign(t, n) for n in range(3)]
    UnmatchedPayment.objects.create(tournament=t, reason="unknown", amount_cents=100,
                                    name="Jemand", remittance="x", line=1)
    entrants = set(Entrant.objects.filter(tournament=t).values_list("name", flat=True))
    finished(t, boss, days_ago=29)
    assert retention.purge_due() == {}  # day 29: not yet
    assert Registration.objects.filter(tournament=t).count() == 3
    ActionLog.objects.filter(tournament=t, action="finish_tournament").update(
        created=timezone.now() - timedelta(days=30))
    assert retention.purge_due() == {t.slug: 3}
    assert not Registration.objects.filter(tournament=t).exists()
    assert not MailRecord.objects.filter(registration__in=regs).exists()
    assert not UnmatchedPayment.objects.filter(tournament=t).exists()
    # the results and the names in the standings stay
    assert set(Entrant.objects.filter(tournament=t).values_list("name", flat=True)) == entrants
    entry = ActionLog.objects.get(tournament=t, action="purge_registrations")
    assert entry.actor == "automatic deletion" and entry.before["registrations"] == 3
    assert "example.org" not in json.dumps([entry.before, entry.after])
    assert retention.purge_due() == {}  # nothing twice, nothing logged twice
    assert ActionLog.objects.filter(action="purge_registrations").count() == 1


def test_a_running_tournament_is_never_purged(t, boss, settings):
    settings.REGISTRATION_RETENTION_DAYS = 1
    sign(t, 1)
    assert retention.purge_due(timezone.localdate() + timedelta(days=400)) == {}
    assert Registration.objects.filter(tournament=t).count() == 1


def test_the_management_command(t, boss, settings):
    settings.REGISTRATION_RETENTION_DAYS = 30
    sign(t, 1)
    finished(t, boss, days_ago=0)
    out = StringIO()
    call_command("housekeeping", "--today",
                 (timezone.localdate() + timedelta(days=30)).isoformat(), stdout=out)
    assert json.loads(out.getvalue())["purged"] == {t.slug: 1}
    assert not Registration.objects.filter(tournament=t).exists()
    from django.core.management.base import CommandError
    with pytest.raises(CommandError) as exc:
        call_command("housekeeping", "--today", "31.12.2026")
    assert exc.value.returncode == 2


def test_a_director_request_runs_it_without_a_worker(t, boss, settings, client, director):
    settings.REGISTRATION_RETENTION_DAYS = 30
    settings.HOUSEKEEPING_ON_REQUEST = "inline"
    settings.HOUSEKEEPING_INTERVAL = 600
    from django.core.cache import cache
    cache.delete(housekeeping.CACHE_KEY)
    sign(t, 1)
    finished(t, boss, days_ago=31)
    client.force_login(director)
    assert client.get("/director/").status_code == 200
    assert not Registration.objects.filter(tournament=t).exists()
    assert ActionLog.objects.filter(tournament=t, action="purge_registrations").count() == 1
    # within the interval a second request runs nothing
    sign_again = Registration.objects.count()
    assert housekeeping.kick() == "" and Registration.objects.count() == sign_again


# --------------------------------------------------------------------------- mail retry


class Sink(socketserver.ThreadingTCPServer):
    """A real SMTP server on the loopback that keeps what it receives."""

    allow_reuse_address = True
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), SmtpHandler)
        self.received: list[str] = []


class SmtpHandler(socketserver.StreamRequestHandler):
    def reply(self, line: str) -> None:
        self.wfile.write((line + "\r\n").encode())

    def handle(self) -> None:
        self.reply("220 sink ESMTP")
        while True:
            line = self.rfile.readline().decode("latin-1").rstrip("\r\n")
            verb = line[:4].upper()
            if not line and self.rfile.closed:
                return
            if verb in ("EHLO", "HELO"):
                self.reply("250 sink")
            elif verb in ("MAIL", "RCPT", "RSET", "NOOP"):
                self.reply("250 OK")
            elif verb == "DATA":
                self.reply("354 go ahead")
                body = []
                while (data := self.rfile.readline().decode("utf-8", "replace")) not in (
                        ".\r\n", ""):
                    body.append(data)
                self.server.received.append("".join(body))  # type: ignore[attr-defined]
                self.reply("250 queued")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("502 no")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5
    settings.MAIL_RETRY_SECONDS = 60
    settings.MAIL_RETRY_ATTEMPTS = 3
    return settings


def test_a_failed_mail_is_retried_later_without_a_worker(t, smtp,
                                                         django_capture_on_commit_callbacks):
    port = free_port()
    smtp.EMAIL_PORT = port  # nothing listens yet: the mail server is away
    with django_capture_on_commit_callbacks(execute=True):
        reg = sign(t, 1)
    record = MailRecord.objects.get(registration=reg)
    assert record.sent_at is None and record.attempts == 1
    assert record.next_try is not None
    assert 55 <= (record.next_try - timezone.now()).total_seconds() <= 61
    assert housekeeping.retry_mails() == (0, 0)  # not due yet: the backoff holds
    # due, still away: the second try fails and waits twice as long
    MailRecord.objects.filter(pk=record.pk).update(next_try=timezone.now())
    assert housekeeping.retry_mails() == (0, 1)
    record.refresh_from_db()
    assert record.attempts == 2 and 115 <= (record.next_try
                                            - timezone.now()).total_seconds() <= 121
    # the server is back: the next due run sends it, once
    sink = Sink()
    smtp.EMAIL_PORT = sink.server_address[1]
    threading.Thread(target=sink.serve_forever, daemon=True).start()
    try:
        MailRecord.objects.filter(pk=record.pk).update(next_try=timezone.now())
        assert housekeeping.retry_mails() == (1, 0)
        assert housekeeping.retry_mails() == (0, 0)
    finally:
        sink.shutdown()
        sink.server_close()
    record.refresh_from_db()
    assert record.sent_at is not None and not record.error
    assert len(sink.received) == 1 and "Registration for" in sink.received[0]


def test_retries_are_bounded(t, smtp, django_capture_on_commit_callbacks):
    smtp.EMAIL_PORT = free_port()
    with django_capture_on_commit_callbacks(execute=True):
        reg = sign(t, 1)
    record = MailRecord.objects.get(registration=reg)
    for _ in range(5):
        MailRecord.objects.filter(pk=record.pk, next_try__isnull=False).update(
            next_try=timezone.now())
        housekeeping.retry_mails()
    record.refresh_from_db()
    assert record.attempts == 3 and record.next_try is None and record.sent_at is None
    assert "Error" in record.error or "refused" in record.error.lower()


@pytest.mark.django_db(transaction=True)
def test_the_default_runs_in_a_thread_after_the_page(make_tournament, boss, settings, client,
                                                     director):
    """Embedded default: the housekeeping runs in a thread of its own, so the director's
    page never waits for it; what it deletes is committed and logged."""
    settings.REGISTRATION_RETENTION_DAYS = 30
    settings.HOUSEKEEPING_ON_REQUEST = "thread"
    t = make_tournament("chess")
    announcements.save(t, boss, open=True)
    sign(t, 1)
    finished(t, boss, days_ago=40)
    client.force_login(director)
    assert client.get("/director/").status_code == 200
    thread = housekeeping.last_thread
    assert thread is not None and thread.name == "housekeeping"
    thread.join(timeout=30)
    assert not Registration.objects.filter(tournament=t).exists()
    assert ActionLog.objects.filter(tournament=t, action="purge_registrations").count() == 1
