"""What chess keeps of an entrant beyond the entrant itself, for the generic registration:
requested byes and pairing rules go with a deleted entrant and come back with an undo; a
set pairing in a round to come stops a deletion; a player who has played withdraws from the
next round, as the Dutch draw knows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Max, Q
from django.utils.translation import gettext as _

from ...models import Entrant, Round, Tournament
from ...services.base import Actor
from .models import ByeRequest, PairingRule
from .services import next_round_number, withdraw


def deletion_refusal(e: Entrant) -> str | None:
    """A set pairing of the entrant in a round to come: its opponent needs the director."""
    last = Round.objects.filter(tournament_id=e.tournament_id).aggregate(
        m=Max("number"))["m"] or 0
    forced = PairingRule.objects.filter(Q(first=e) | Q(second=e), kind=PairingRule.Kind.FORCED,
                                        round_number__gt=last).first()
    if forced is None:
        return None
    return (_("%(name)s has a set pairing in round %(n)s; delete it first")
            % {"name": e.name, "n": forced.round_number})


def withdraw_played(e: Entrant, actor: Actor) -> bool:
    """Withdraw from the first round not drawn yet (requested byes of later rounds go)."""
    withdraw(e.tournament, actor, e, next_round_number(e.tournament))
    return True


def extras(e: Entrant) -> dict[str, Any]:
    """The entrant's requested byes and pairing rules, as the log keeps them."""
    rules = [{"kind": r.kind, "round_number": r.round_number, "first": r.first_id,
              "second": r.second_id, "colour_clash_confirmed": r.colour_clash_confirmed,
              "note": r.note}
             for r in PairingRule.objects.filter(Q(first=e) | Q(second=e)).order_by("pk")]
    byes = [{"round_number": b.round_number, "kind": b.kind}
            for b in ByeRequest.objects.filter(entrant=e).order_by("round_number")]
    return {"bye_requests": byes, "pairing_rules": rules}


def restore(t: Tournament, e: Entrant, snapshot: Mapping[str, Any]) -> list[Any]:
    """Requested byes and pairing rules back; a rule whose other entrant is gone is not."""
    ByeRequest.objects.bulk_create([ByeRequest(tournament=t, entrant=e, **b)
                                    for b in snapshot.get("bye_requests", [])])
    skipped = []
    for rule in snapshot.get("pairing_rules", []):
        ends = [e.pk if x == snapshot["id"] else x for x in (rule["first"], rule["second"])]
        if Entrant.objects.filter(tournament=t, pk__in=ends).count() != 2:
            skipped.append(rule)
            continue
        PairingRule.objects.create(tournament=t, kind=rule["kind"],
                                   round_number=rule["round_number"], first_id=ends[0],
                                   second_id=ends[1],
                                   colour_clash_confirmed=rule["colour_clash_confirmed"],
                                   note=rule["note"])
    return skipped


def restore_withdrawal(t: Tournament, e: Entrant, before: Mapping[str, Any]) -> list[int]:
    """The requested byes a withdrawal cancelled, back; returns their rounds."""
    for bye in before.get("bye_requests", []):
        ByeRequest.objects.get_or_create(tournament=t, entrant=e,
                                         round_number=bye["round_number"],
                                         defaults={"kind": bye["kind"]})
    return [b["round_number"] for b in before.get("bye_requests", [])]
