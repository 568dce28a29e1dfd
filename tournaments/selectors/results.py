"""A table's result with its history."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from ..models import Result, ResultRevision, Table
from ..services.base import ServiceError


@dataclass
class TableResult:
    """A table's current result (``status``, ``payload``, ``version`` None without one) and
    every revision, oldest first."""

    round: int
    table: int
    status: str | None
    payload: Any
    version: int | None
    revisions: list[ResultRevision]


def table_result_get(table: Table) -> TableResult:
    res = Result.objects.filter(table=table).first()
    revisions = ResultRevision.objects.filter(table=table).select_related("user")
    return TableResult(round=table.round.number, table=table.number,
                       status=res.status if res else None,
                       payload=res.payload if res else None,
                       version=res.version if res else None, revisions=list(revisions))


def revision_get(table: Table, revision_id: int) -> ResultRevision:
    """One of the table's revisions; any other id is refused under ``revision``."""
    revision = ResultRevision.objects.filter(pk=revision_id, table=table).first()
    if revision is None:
        raise ServiceError(_("not a revision of this table"), "revision")
    return revision
