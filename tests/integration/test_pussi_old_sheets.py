"""Issue 18, item 4, stored data: a sheet accepted before the decision (the other party
fell by 2×bid after a lost game) is set to disputed by migration 0010, so the standings and
the statistics keep working and the director corrects that table."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from tournaments import services
from tournaments.models import Result
from tournaments.services import Actor

pytestmark = pytest.mark.django_db

OLD = {"games": [{"declarer": 1, "bid": 60, "totals": [-60, -120]}]}


def test_an_old_sheet_is_disputed_and_the_pages_keep_working(make_tournament, director,
                                                            client):
    t = make_tournament("pussi", "single", entrants=8)
    actor = Actor(director, director.username)
    services.draw_round(t, actor, seed="old-sheets")
    rnd = services.publish_round(t, actor, 1)
    table = rnd.tables.order_by("number").first()
    Result.objects.create(table=table, payload=OLD, status="confirmed")  # as stored before
    migration = importlib.import_module("tournaments.migrations.0010_pussi_losing_declarer")
    migration.dispute_old_sheets(apps, None)
    assert Result.objects.get(table=table).status == "disputed"
    client.force_login(director)
    assert client.get(reverse("director:statistics", args=[t.slug])).status_code == 200
    t.refresh_from_db()
    services.standings(t)  # no error: the disputed sheet does not count
