"""The demo of ``make run`` shows online registration (docs/registration.md): an open
announcement with fees, ten places taken, a waiting list, fees paid, waived and due."""

from __future__ import annotations

import io

import pytest
from django.core import mail
from django.urls import reverse

from tournaments.management.commands.load_demo import REGISTRATION_SLUG, Command
from tournaments.models import MailRecord, Registration, Tournament


@pytest.fixture
def demo(boss, desk_user, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        Command(stdout=io.StringIO()).load_registration(boss, desk_user)
    return Tournament.objects.get(slug=REGISTRATION_SLUG)


def test_the_demo_has_places_a_waiting_list_and_every_fee_state(demo, boss, desk_user):
    regs = Registration.objects.filter(tournament=demo)
    assert regs.filter(place="placed").count() == 10
    assert regs.filter(place="waiting").count() == 3
    fees = {s: regs.filter(fee_state=s).count() for s in ("paid", "waived", "due")}
    assert fees == {"paid": 5, "waived": 1, "due": 7}
    assert set(regs.filter(fee_state="paid").values_list("paid_via", flat=True)) == {
        "bank", "cash", "desk"}
    assert demo.announcement.open and demo.announcement.capacity == 10
    # every confirmation left, to memory (the addresses are example.org)
    assert MailRecord.objects.filter(registration__tournament=demo,
                                     sent_at__isnull=False).count() == 13
    assert len(mail.outbox) == 13
    Command(stdout=io.StringIO()).load_registration(boss, desk_user)  # left as it is
    assert Registration.objects.filter(tournament=demo).count() == 13


def test_the_demo_pages_show_the_registrations(demo, client, desk_user):
    page = client.get(reverse("public:announcement", args=[demo.slug]))
    placed = Registration.objects.filter(tournament=demo, place="placed", youth=False).first()
    assert page.status_code == 200 and placed.name in page.content.decode()
    client.force_login(desk_user)
    desk = client.get(reverse("desk:registrations", args=[demo.slug])).content.decode()
    waiting = Registration.objects.filter(tournament=demo, place="waiting").first()
    assert waiting.name in desk and waiting.reference in desk


@pytest.mark.django_db(transaction=True)  # each sign-up commits: its mail is queued then
def test_the_demo_mails_never_leave_through_a_worker(boss, desk_user):
    """With a worker (tasks not run in-process) the demo's mails are still sent here, into
    memory: a worker's SMTP settings never see the example.org addresses."""
    from celery import current_app
    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    try:
        Command(stdout=io.StringIO()).load_registration(boss, desk_user)
        assert current_app.conf.task_always_eager is False  # given back
    finally:
        current_app.conf.task_always_eager = eager
    assert len(mail.outbox) == 13
