"""The tournament as a ``turnier/1`` document (docs/format.md): export, import, and scoring's view.

Entrant ids in the document are start numbers. A table's ``result`` is the
result that counts: null while it is not in, or while it is disputed.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

import scoring

from ..core_messages import problem_text
from ..disciplines import DISCIPLINES, get, of
from ..models import (
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
from .base import Actor, ServiceError, creation
from .limits import size_problems, storage_problems
from .tournaments import unique_slug

COUNTING = (Result.Status.SUBMITTED, Result.Status.CONFIRMED)


def export_document(t: Tournament) -> dict[str, Any]:
    """The document, from a handful of value queries (no model instances: with 500 entrants
    and 250 tables per round this is rebuilt for every new version the spectators see)."""
    players: dict[int, list[str]] = {}
    for entrant_id, name in (Entrant.players.through.objects
                             .filter(entrant__tournament=t)
                             .order_by("player__name", "player_id")
                             .values_list("entrant_id", "player__name")):
        players.setdefault(entrant_id, []).append(name)
    entrants = list(t.entrants.order_by("start_number").values_list(
        "pk", "start_number", "name", "rating", "club", "categories", "status"))
    number = {pk: start for pk, start, *_rest in entrants}
    doc: dict[str, Any] = {
        "format": "turnier/1", "name": t.name, "discipline": t.discipline,
        "scoring": of(t).effective_scoring(t),
        "entrants": [{"id": start, "name": name, "players": players.get(pk, []),
                      "rating": rating, "club": club or None, "categories": categories,
                      "status": status}
                     for pk, start, name, rating, club, categories, status in entrants],
        "rounds": [],
    }
    seats: dict[int, list[tuple[int, int, int, int | None]]] = {}
    for table_id, entrant_id, side, position in Seat.objects.filter(
            table__round__tournament=t).values_list("table_id", "entrant_id", "side",
                                                    "position"):
        seats.setdefault(table_id, []).append((side or 0, position, entrant_id, side))
    results = {table_id: payload for table_id, payload in Result.objects.filter(
        table__round__tournament=t, status__in=COUNTING).values_list("table_id", "payload")}
    tables: dict[int, list[tuple[int, int]]] = {}
    for round_id, table_id, table_number in Table.objects.filter(
            round__tournament=t).order_by("number").values_list("round_id", "pk", "number"):
        tables.setdefault(round_id, []).append((table_id, table_number))
    byes: dict[int, list[dict[str, Any]]] = {}
    for round_id, entrant_id, kind in Bye.objects.filter(round__tournament=t).order_by(
            "pk").values_list("round_id", "entrant_id", "kind"):
        byes.setdefault(round_id, []).append({"entrant": number[entrant_id], "kind": kind})
    # What a round carries when it has nothing stored (a tabletop round drawn under another
    # system before the 12 matrix was chosen: the tournament's default mission kinds).
    info = get(t.discipline)
    default_extra = info.round_extra_for(t) if info is not None else {}
    for round_id, round_number, extra in t.rounds.order_by("number").values_list(
            "pk", "number", "extra"):
        doc["rounds"].append({
            "number": round_number,
            "tables": [{
                "number": table_number,
                "seats": [{"entrant": number[entrant_id],
                           **({"side": side} if side is not None else {})}
                          for _key, _pos, entrant_id, side in sorted(seats.get(table_id, []))],
                "result": results.get(table_id)}
                for table_id, table_number in tables.get(round_id, [])],
            "byes": byes.get(round_id, []),
            **default_extra, **(extra or {})})
    return doc


def non_starters(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The entrants of a document who withdrew before playing: withdrawn, and in no round
    (no seat, no bye). They are not ranked (:func:`scoring_document`); the standings show
    them apart (``services.public.standings_table``)."""
    played = {seat["entrant"] for rnd in doc.get("rounds", []) for table in rnd["tables"]
              for seat in table["seats"]}
    played.update(bye["entrant"] for rnd in doc.get("rounds", []) for bye in rnd["byes"])
    return [e for e in doc["entrants"]
            if e.get("status") == Entrant.Status.WITHDRAWN and e["id"] not in played]


def scoring_document(t: Tournament) -> dict[str, Any]:
    """What the app gives the scoring core to rank: the exported document without the
    entrants who withdrew before playing (:func:`non_starters`). A desk mistake withdrawn,
    or somebody who left before round 1, is no "5th of 9 with 0 points" ahead of everybody
    who played and scored below zero. The export keeps them, with their status."""
    doc = export_document(t)
    gone = {e["id"] for e in non_starters(doc)}
    if gone:
        doc["entrants"] = [e for e in doc["entrants"] if e["id"] not in gone]
    return doc


def scoring_tournament(t: Tournament) -> scoring.Tournament:
    """The tournament as the scoring core sees it (validated): :func:`scoring_document`."""
    try:
        return scoring.parse(scoring_document(t))
    except scoring.DocumentError as exc:  # the services keep this from happening
        raise ServiceError("; ".join(problem_text(p) for p in exc.problems)) from exc


def import_document(data: Any, actor: Actor, slug: str | None = None) -> Tournament:
    """Create a tournament from a document; it is checked by ``scoring`` first, all or nothing.

    A document beyond the import limits (:func:`~.limits.size_problems`) is refused
    before it is checked, so a huge one costs no more than counting its lists."""
    too_big = size_problems(data)
    if too_big:
        raise ServiceError(too_big)
    tournament, problems = scoring.check(data)
    if tournament is None:
        errors: dict[str, list[str]] = {}
        for p in problems.errors:
            errors.setdefault(p.place or "document", []).append(problem_text(p))
        raise ServiceError(errors)
    if get(tournament.discipline) is None:
        # The scoring core knows more disciplines than the web app has forms and pages for.
        raise ServiceError({"discipline": [
            "discipline: " + _("%(discipline)s is not supported by the web app yet (it runs "
                               "%(known)s); python -m scoring computes its standings")
            % {"discipline": tournament.discipline, "known": ", ".join(DISCIPLINES)}]})
    limits = storage_problems(data)
    if limits:
        raise ServiceError(limits)
    info = DISCIPLINES[data["discipline"]]
    pair = any(len(e.get("players") or []) == 2 for e in data["entrants"])
    kind = "pair" if pair and "pair" in info.entrant_kinds else "single"
    with creation(actor, "import_document") as c:
        t = c.tournament = Tournament.objects.create(
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
        c.target = t.slug
        c.after = {"entrants": len(by_id), "rounds": len(data.get("rounds", []))}
    return t
