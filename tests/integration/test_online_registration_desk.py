"""The desk's list and online registration agree (docs/registration.md): an entrant
withdrawn or deleted at the desk frees its registration's place, the first waiting one
moves up (logged, mailed); back from withdrawn, or an undo, gives the place back."""

from __future__ import annotations

import pytest
from django.core import mail

from tournaments.models import ActionLog, Entrant, Registration
from tournaments.services import ServiceError, online, register, set_status
from tournaments.services import announcement as announcements
from tournaments.services.registration import delete_unplayed
from tournaments.services.undo import undo_entry


@pytest.fixture
def t(make_tournament, boss):
    t = make_tournament("chess")
    announcements.save(t, boss, open=True, capacity=2, base_cents=1000)
    return t


def sign(t, n):
    return online.register_online(t, f"Player {n}", f"p{n}@example.org", language="en")


@pytest.fixture
def regs(t, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return [sign(t, i) for i in range(1, 4)]  # two places, one waiting


def fresh(*regs):
    return [Registration.objects.get(pk=r.pk) for r in regs]


def test_withdrawing_at_the_desk_moves_the_first_waiting_one_up(
        t, regs, boss, django_capture_on_commit_callbacks):
    first, _, third = regs
    assert third.place == "waiting"
    with django_capture_on_commit_callbacks(execute=True):
        set_status(first.entrant, boss, Entrant.Status.WITHDRAWN)
    first, third = fresh(first, third)
    assert first.place == "withdrawn" and third.place == "placed"
    assert third.entrant is not None and third.entrant.preregistered
    assert mail.outbox[-1].subject.startswith("You have a place")
    entry = ActionLog.objects.filter(action="entrant_status").order_by("pk").last()
    assert entry.target == str(first.entrant)  # the withdrawal's own words, not the move's
    assert entry.before["place"] == "placed" and entry.after["place"] == "withdrawn"
    assert entry.after["moved_up"] == [str(third)]
    # the place is theirs now: the withdrawal is not taken back over their head
    with pytest.raises(ServiceError, match="moved up"):
        undo_entry(t, boss, entry.pk)


def test_deleting_at_the_desk_frees_the_place(t, regs, boss):
    first, _, third = regs
    delete_unplayed(first.entrant, boss)
    first, third = fresh(first, third)
    assert first.entrant is None and first.place == "withdrawn"
    assert third.place == "placed"
    entry = ActionLog.objects.filter(action="delete_entrant").order_by("pk").last()
    assert entry.after["moved_up"] == [str(third)]


def test_coming_back_or_an_undo_gives_the_place_back_when_nobody_moved_up(t, regs, boss):
    first, second, third = regs
    online.withdraw(third)  # nobody waits any more
    set_status(first.entrant, boss, Entrant.Status.WITHDRAWN)
    assert fresh(first)[0].place == "withdrawn"
    set_status(first.entrant, boss, Entrant.Status.REGISTERED)
    assert fresh(first)[0].place == "placed"
    set_status(second.entrant, boss, Entrant.Status.WITHDRAWN)
    undo_entry(t, boss, ActionLog.objects.filter(action="entrant_status").order_by("pk").last().pk)
    assert fresh(second)[0].place == "placed"
    entrant = second.entrant
    entry = delete_unplayed(entrant, boss)
    assert fresh(second)[0].entrant is None
    undo_entry(t, boss, entry.pk)
    second = fresh(second)[0]
    assert second.place == "placed" and second.entrant.name == "Player 2"


def test_an_entrant_without_registration_is_withdrawn_as_before(t, regs, boss):
    e = register(t, boss, [{"name": "Walk In"}])
    set_status(e, boss, Entrant.Status.WITHDRAWN)
    entry = ActionLog.objects.filter(action="entrant_status").order_by("pk").last()
    assert "place" not in entry.before and "moved_up" not in entry.after
    assert [r.place for r in fresh(*regs)] == ["placed", "placed", "waiting"]


def test_the_desks_list_withdraws_and_deletes_through_the_same_way(
        t, regs, desk_client, django_capture_on_commit_callbacks):
    """The desk's row buttons (after their question) free the place as the services do."""
    from django.urls import reverse
    first, second, third = regs
    hx = {"HTTP_HX_REQUEST": "true"}
    with django_capture_on_commit_callbacks(execute=True):
        r = desk_client.post(reverse("desk:status", args=[t.slug, first.entrant.start_number]),
                             {"status": "withdrawn", "confirmed": "1"}, **hx)
    assert r.status_code == 200
    first, third = fresh(first, third)
    assert first.place == "withdrawn" and third.place == "placed"
    assert mail.outbox[-1].to == [third.email]
    r = desk_client.post(reverse("desk:delete", args=[t.slug, second.entrant.start_number]),
                         {"confirmed": "1"}, **hx)
    assert r.status_code == 200
    assert fresh(second)[0].place == "withdrawn"
