"""The tournament as a ``turnier/1`` document (FORMAT.md): export, import, and scoring's view.

Entrant ids in the document are start numbers. A table's ``result`` is the
result that counts: null while it is not in, or while it is disputed.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

import scoring

from ..disciplines import DISCIPLINES
from ..models import (
    ActionLog,
    Bye,
    Entrant,
    Player,
    Result,
    ResultRevision,
    Round,
    Seat,
    Table,
    Tournament,
)
from .base import Actor, ServiceError
from .limits import storage_problems
from .tournaments import unique_slug

COUNTING = (Result.Status.SUBMITTED, Result.Status.CONFIRMED)


def export_document(t: Tournament) -> dict[str, Any]:
    entrants = list(t.entrants.prefetch_related("players"))
    number = {e.pk: e.start_number for e in entrants}
    doc: dict[str, Any] = {
        "format": "turnier/1", "name": t.name, "discipline": t.discipline,
        "scoring": t.scoring,
        "entrants": [{"id": e.start_number, "name": e.name,
                      "players": [p.name for p in e.players.all()], "rating": e.rating,
                      "club": e.club or None, "categories": e.categories,
                      "status": e.status} for e in entrants],
        "rounds": [],
    }
    rounds = t.rounds.prefetch_related("tables__seats", "tables__result", "byes")
    for r in rounds:
        tables = []
        for table in r.tables.all():
            res = getattr(table, "result", None)
            tables.append({
                "number": table.number,
                "seats": [{"entrant": number[s.entrant_id], **({"side": s.side}
                                                                if s.side is not None else {})}
                          for s in sorted(table.seats.all(), key=lambda s: (s.side or 0,
                                                                             s.position))],
                "result": res.payload if res is not None and res.status in COUNTING else None})
        doc["rounds"].append({"number": r.number, "tables": tables,
                              "byes": [{"entrant": number[b.entrant_id], "kind": b.kind}
                                       for b in r.byes.all()],
                              **r.extra})
    return doc


def scoring_tournament(t: Tournament) -> scoring.Tournament:
    """The tournament as the scoring core sees it (validated)."""
    try:
        return scoring.parse(export_document(t))
    except scoring.DocumentError as exc:  # the services keep this from happening
        raise ServiceError(str(exc)) from exc


def import_document(data: Any, actor: Actor, slug: str | None = None) -> Tournament:
    """Create a tournament from a document; it is checked by ``scoring`` first, all or nothing."""
    tournament, problems = scoring.check(data)
    if tournament is None:
        errors: dict[str, list[str]] = {}
        for p in problems.errors:
            errors.setdefault(p.place or "document", []).append(str(p))
        raise ServiceError(errors)
    limits = storage_problems(data)
    if limits:
        raise ServiceError(limits)
    info = DISCIPLINES[data["discipline"]]
    pair = any(len(e.get("players") or []) == 2 for e in data["entrants"])
    kind = "pair" if pair and "pair" in info.entrant_kinds else "single"
    with transaction.atomic():
        t = Tournament.objects.create(
            slug=slug or unique_slug(data["name"]), name=data["name"],
            discipline=data["discipline"], entrant_kind=kind, scoring=data.get("scoring", {}),
            pairing=info.methods[0], planned_rounds=max(len(data.get("rounds", [])),
                                                        info.planned_rounds),
            status=Tournament.Status.RUNNING if data.get("rounds") else Tournament.Status.SETUP,
            created_by=actor.user)
        if actor.user is not None:
            t.roles.create(user=actor.user, kind="director")
        by_id: dict[int, Entrant] = {}
        for raw in data["entrants"]:
            e = Entrant.objects.create(
                tournament=t, start_number=raw["id"], name=raw["name"],
                rating=raw.get("rating"), club=raw.get("club") or "",
                categories=raw.get("categories") or [],
                status=raw.get("status") if raw.get("status") in Entrant.Status.values
                else Entrant.Status.PRESENT)
            names = raw.get("players") or [raw["name"]]
            e.players.set([Player.objects.create(name=n, club=raw.get("club") or "",
                                                 rating=raw.get("rating") if len(names) == 1
                                                 else None) for n in names])
            by_id[raw["id"]] = e
        for raw_round in sorted(data.get("rounds", []), key=lambda r: r["number"]):
            extra = {k: v for k, v in raw_round.items() if k not in ("number", "tables", "byes")}
            r = Round.objects.create(tournament=t, number=raw_round["number"],
                                     status=Round.Status.CLOSED, extra=extra,
                                     draw_method="import")
            for k, raw_table in enumerate(raw_round.get("tables", []), start=1):
                table = Table.objects.create(round=r, number=raw_table.get("number", k))
                for pos, s in enumerate(raw_table["seats"]):
                    Seat.objects.create(table=table, round=r, entrant=by_id[s["entrant"]],
                                        side=s.get("side"), position=pos)
                if raw_table.get("result") is not None:
                    Result.objects.create(table=table, payload=raw_table["result"],
                                          status=Result.Status.CONFIRMED)
                    ResultRevision.objects.create(table=table, payload=raw_table["result"],
                                                  source="import", user=actor.user)
            for b in raw_round.get("byes", []):
                Bye.objects.create(round=r, entrant=by_id[b["entrant"]], kind=b.get("kind", "bye"))
        ActionLog.objects.create(tournament=t, user=actor.user, actor=actor.label,
                                 action="import_document", target=t.slug,
                                 after={"entrants": len(by_id), "rounds": len(data.get("rounds",
                                                                                        []))},
                                 version=t.version)
    return t
