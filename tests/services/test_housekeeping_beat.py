"""The services tier's housekeeping: Celery beat queues it in Redis, the real worker runs
it, and a finished tournament's registrants' data are deleted after the retention period
(docs/registration.md, "Privacy")."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tournaments import services
from tournaments.models import ActionLog, Entrant, Registration
from tournaments.services import Actor, finish, online
from tournaments.services import announcement as announcements

from .conftest import BIN, ROOT

pytestmark = pytest.mark.django_db(transaction=True)


def finished_with_registrations(actor: Actor, days_ago: int):
    t = services.create_tournament(actor, "Beat Open", "chess")
    announcements.save(t, actor, open=True)
    for n in range(2):
        online.register_online(t, f"Spieler {n}", f"s{n}@example.org")
    for e in Entrant.objects.filter(tournament=t):
        services.set_status(e, actor, "present")
    services.draw_round(t, actor, seed="beat")
    services.publish_round(t, actor, 1)
    rnd = t.rounds.get(number=1)
    for table in rnd.tables.all():
        services.director_set_result(table, actor, {"score": "1-0"})
    services.close_round(t, actor, 1)
    finish.finish_tournament(t, actor)
    ActionLog.objects.filter(tournament=t, action="finish_tournament").update(
        created=timezone.now() - timedelta(days=days_ago))
    return t


def test_beat_queues_the_housekeeping_and_the_worker_deletes(stack, tmp_path):
    user = get_user_model().objects.create_user("beat-direktor", password="x")
    actor = Actor(user, "beat-direktor")
    t = finished_with_registrations(actor, days_ago=31)
    assert Registration.objects.filter(tournament=t).count() == 2
    env = {**stack.env, "HOUSEKEEPING_INTERVAL": "1", "REGISTRATION_RETENTION_DAYS": "30"}
    with open(tmp_path / "beat.log", "w") as log:
        beat = subprocess.Popen(
            [str(BIN / "celery"), "-A", "config", "beat", "--loglevel=info",
             "--schedule", str(tmp_path / "schedule")], cwd=ROOT, env=env,
            start_new_session=True, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while Registration.objects.filter(tournament=t).exists():
            assert beat.poll() is None, (tmp_path / "beat.log").read_text()[-2000:]
            assert time.monotonic() < deadline, "registrations still there after 90 s"
            time.sleep(0.5)
    finally:
        os.killpg(beat.pid, signal.SIGTERM)
        beat.wait(timeout=15)
    assert "tournaments.tasks.housekeeping" in (tmp_path / "beat.log").read_text()
    entry = ActionLog.objects.get(tournament=t, action="purge_registrations")
    assert entry.actor == "automatic deletion" and entry.before["registrations"] == 2
    assert Entrant.objects.filter(tournament=t).count() == 2  # the results stay
