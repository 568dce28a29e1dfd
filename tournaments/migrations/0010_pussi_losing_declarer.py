"""Pussi sheets stored before issue 18 item 4 (a losing declarer's opponents keep their
total, docs/cards.md): a sheet where the other party fell by 2×bid after a lost game no
longer passes the checks, and would stop the tournament's standings. Such a result is set
to *disputed* (it stops counting, the round page shows the table for correction) and the
tournament's version is bumped, so no cached standings rest on it. Nothing is rewritten:
which total was meant is the director's call. No schema change."""

from typing import Any

from django.db import migrations
from django.db.models import F


def falls_after_a_lost_game(payload: Any) -> bool:
    """Whether a stored sheet has a game in which the declarer lost and the other party
    fell by 2×bid (the reading the seed does not allow)."""
    games = payload.get("games") if isinstance(payload, dict) else None
    if not isinstance(games, list):
        return False
    prev = (0, 0)
    for g in games:
        try:
            d = int(g["declarer"]) - 1
            bid = int(g["bid"])
            totals = (int(g["totals"][0]), int(g["totals"][1]))
        except (KeyError, TypeError, ValueError, IndexError):
            return False
        if d not in (0, 1):
            return False
        if totals[d] - prev[d] != bid and totals[1 - d] - prev[1 - d] == -2 * bid:
            return True
        prev = totals
    return False


def dispute_old_sheets(apps: Any, schema_editor: Any) -> None:
    Result = apps.get_model("tournaments", "Result")
    Tournament = apps.get_model("tournaments", "Tournament")
    touched = set()
    for result in Result.objects.filter(table__round__tournament__discipline="pussi").exclude(
            status="disputed").select_related("table__round"):
        if falls_after_a_lost_game(result.payload):
            result.status = "disputed"
            result.save(update_fields=["status"])
            touched.add(result.table.round.tournament_id)
    if touched:
        Tournament.objects.filter(pk__in=touched).update(version=F("version") + 1)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0009_rating_lists"),
    ]

    operations = [
        migrations.RunPython(dispute_old_sheets, migrations.RunPython.noop),
    ]
