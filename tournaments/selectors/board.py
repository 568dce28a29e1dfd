"""The live board of tables: the open round's tables as tiles, those needing attention first.

What the director's board (``views.board``) and the projector's "still playing" line read.
Read-only, one query set for the tables (results and seats fetched with them) and one for
the round's publication time; nothing here depends on the clock, so a rendering stays
right for as long as the tournament's version does (the minutes since publication and the
time left are counted on the screen, ``static/js/board.js``), and the board's ETag can
name the version alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from ..models import Result, Round, Table, Tournament, seats_with_entrants
from ..services.seat_list import round_started, time_limit


class TileState(StrEnum):
    """A table's state on the board (``models.Result.Status`` plus "no result yet")."""

    DISPUTED = "disputed"
    PLAYING = "playing"  # no report yet: still playing, or the captain has not sent it
    ONE_REPORT = "submitted"  # counts, waiting for the other party (or the director)
    CONFIRMED = "confirmed"


# The board's order, and why: first what only the director can settle and what blocks
# closing the round (a disputed table counts as having no result), then the tables the
# round is waiting for (still playing: the last ones to watch, to hurry, to ask), then the
# tables with one report (their result counts already and does not hold up the round; a
# second report or nothing at all will do), and last the confirmed tables, which need
# nothing. Within a state by table number, so a tile does not jump about between polls.
ORDER = (TileState.DISPUTED, TileState.PLAYING, TileState.ONE_REPORT, TileState.CONFIRMED)

STATE_OF_RESULT = {Result.Status.DISPUTED: TileState.DISPUTED,
                   Result.Status.SUBMITTED: TileState.ONE_REPORT,
                   Result.Status.CONFIRMED: TileState.CONFIRMED}


@dataclass(frozen=True)
class Tile:
    number: int
    state: TileState
    names: tuple[str, ...]  # the entrants at the table, by side and seat


@dataclass
class Board:
    round: Round
    tiles: list[Tile]  # in ORDER
    started: datetime | None  # when the round was published
    limit: dict[str, Any] | None  # services.seat_list.time_limit
    counts: dict[str, int] = field(default_factory=dict)  # TileState value -> tables

    @property
    def count_list(self) -> list[tuple[str, int]]:
        """(state, tables) in :data:`ORDER`, for the board's head."""
        return [(s.value, self.counts.get(s.value, 0)) for s in ORDER]

    @property
    def playing(self) -> list[int]:
        """The numbers of the tables still playing, in table order."""
        return sorted(t.number for t in self.tiles if t.state == TileState.PLAYING)


def tile_state(result: Result | None) -> TileState:
    if result is None:
        return TileState.PLAYING
    return STATE_OF_RESULT.get(Result.Status(result.status), TileState.PLAYING)


def order_key(tile: Tile) -> tuple[int, int]:
    return ORDER.index(tile.state), tile.number


def open_round(t: Tournament) -> Round | None:
    """The published round that takes results (the latest open one), if any."""
    return t.rounds.filter(status=Round.Status.OPEN).order_by("-number").first()


def board_tiles(rnd: Round) -> list[Tile]:
    """The round's tables as tiles, in :data:`ORDER`."""
    tables = (Table.objects.filter(round=rnd).select_related("result")
              .prefetch_related(seats_with_entrants()))
    tiles = []
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda s: (s.side or 0, s.position))
        tiles.append(Tile(table.number, tile_state(getattr(table, "result", None)),
                          tuple(s.entrant.name for s in seats)))
    return sorted(tiles, key=order_key)


def board_get(t: Tournament) -> Board | None:
    """The board of the tournament's open round; None while no round is open."""
    rnd = open_round(t)
    if rnd is None:
        return None
    rnd.tournament = t
    tiles = board_tiles(rnd)
    counts = {s.value: sum(1 for tile in tiles if tile.state == s) for s in ORDER}
    return Board(rnd, tiles, round_started(rnd), time_limit(t, rnd), counts)


def still_playing(rnd: Round | None) -> list[int]:
    """The numbers of the open round's tables without any report (the projector's line)."""
    if rnd is None or rnd.status != Round.Status.OPEN:
        return []
    return list(Table.objects.filter(round=rnd, result__isnull=True)
                .order_by("number").values_list("number", flat=True))
