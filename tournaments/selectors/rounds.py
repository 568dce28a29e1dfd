"""Rounds and tables of a tournament."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet

from ..models import Result, Round, Table, Tournament, seats_with_entrants


def round_list_with_progress(t: Tournament) -> QuerySet[Round]:
    """The rounds with ``table_count`` and ``result_count`` (results that are not disputed)."""
    return Round.objects.filter(tournament=t).annotate(
        table_count=Count("tables", distinct=True),
        result_count=Count("tables__result", distinct=True,
                           filter=~Q(tables__result__status=Result.Status.DISPUTED)))


def round_list_full(t: Tournament) -> QuerySet[Round]:
    """The rounds with tables, seats, results and byes fetched for the round's output."""
    return Round.objects.prefetch_related(seats_with_entrants("tables__seats"), "tables__result",
                                          "byes__entrant").filter(tournament=t)


def round_last(t: Tournament) -> Round | None:
    """The round drawn last, or None."""
    return Round.objects.filter(tournament=t).order_by("-number").first()


def table_list(t: Tournament) -> QuerySet[Table]:
    """Every table of the tournament, with its round."""
    return Table.objects.select_related("round__tournament").filter(round__tournament=t)
