"""Changing a drawn chess round by hand while it is a preview: swap two players, or the
colours of one board.

Arbiters do this when the engine could not know something (two brothers who must not
meet today, a player who must sit at the accessible board). The same checks as a set
pairing apply to every board the change touches: a rematch is refused, and a colour
that breaks the absolute colour criteria (three times the same colour, a difference
beyond two) needs the director's confirmation. Published rounds are not changed here:
undo the publication's draw or correct results instead. Every change is logged with the
boards before and after; drawing the round again starts from the engine's pairings.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from ...models import Entrant, Round, Seat, Table, Tournament
from ...services.base import Actor, ServiceError, change
from .games import BLACK, WHITE, colour_clash, games_over_the_board


@dataclass(frozen=True)
class Board:
    """One board of the preview: White's and Black's entrant."""

    number: int
    white: Entrant
    black: Entrant


def _preview(t: Tournament, number: int) -> Round:
    rnd = Round.objects.filter(tournament=t, number=number).first()
    if rnd is None:
        raise ServiceError(_("there is no round %(n)s") % {"n": number}, "round")
    if rnd.status != Round.Status.PREVIEW:
        raise ServiceError(_("Round %(n)s is published: its pairings are no longer changed "
                             "by hand.") % {"n": number}, "round", code="round_published")
    return rnd


def boards(rnd: Round) -> dict[int, Board]:
    """The preview's boards by number (tables of two players, side 1 = White)."""
    out: dict[int, Board] = {}
    for table in Table.objects.filter(round=rnd).prefetch_related("seats__entrant"):
        seats = sorted(table.seats.all(), key=lambda s: s.side or 0)
        if len(seats) == 2:
            out[table.number] = Board(table.number, seats[0].entrant, seats[1].entrant)
    return out


def _check(t: Tournament, rnd: Round, changed: list[Board], confirm: bool, field: str) -> list[str]:
    """Refuse a rematch on a changed board; return the colour clashes (refused unless
    confirmed)."""
    games = games_over_the_board(t)
    clashes: list[str] = []
    for b in changed:
        earlier_w = [g for g in games[b.white.pk] if g.round < rnd.number]
        earlier_b = [g for g in games[b.black.pk] if g.round < rnd.number]
        met = next((g for g in earlier_w if g.opponent == b.black.pk), None)
        if met is not None:
            raise ServiceError(_("%(a)s and %(b)s have already played each other (round %(n)s)")
                               % {"a": b.white.name, "b": b.black.name, "n": met.round}, field)
        clashes += colour_clash(b.white.name, [g.colour for g in earlier_w], WHITE)
        clashes += colour_clash(b.black.name, [g.colour for g in earlier_b], BLACK)
    if clashes and not confirm:
        raise ServiceError(_("colour clash: %(what)s. Confirm it to change the pairing anyway.")
                           % {"what": "; ".join(clashes)}, "confirm_colour_clash",
                           code="colour_clash")
    return clashes


def _seat(table: Table, rnd: Round, entrant: Entrant, side: int) -> None:
    Seat.objects.create(table=table, round=rnd, entrant=entrant, side=side, position=side - 1)


def _rewrite(rnd: Round, new: list[Board]) -> None:
    """Put the changed boards' players in their new places (seats made anew)."""
    tables = {t.number: t for t in Table.objects.filter(round=rnd,
                                                        number__in=[b.number for b in new])}
    Seat.objects.filter(table__in=tables.values()).delete()
    for b in new:
        _seat(tables[b.number], rnd, b.white, 1)
        _seat(tables[b.number], rnd, b.black, 2)


def _text(b: Board) -> str:
    return f"{b.number}: {b.white.start_number}-{b.black.start_number}"


def swap_colours(t: Tournament, actor: Actor, round_number: int, board: int,
                 confirm_colour_clash: bool = False) -> Board:
    """White becomes Black and Black White on one board of a preview."""
    with change(t.pk, actor, "edit_preview") as c:
        rnd = _preview(c.tournament, round_number)
        old = boards(rnd).get(board)
        if old is None:
            raise ServiceError(_("Round %(round)s has no board %(board)s.")
                               % {"round": round_number, "board": board}, "board")
        new = Board(board, old.black, old.white)
        clashes = _check(c.tournament, rnd, [new], confirm_colour_clash, "board")
        _rewrite(rnd, [new])
        c.target = f"round {round_number}, board {board}"
        c.wrote(*(f"entrant:{e.pk}" for e in (old.white, old.black)))
        c.before = {"boards": [_text(old)]}
        c.after = {"boards": [_text(new)], **({"colour_clash": clashes} if clashes else {})}
    return new


def swap_players(t: Tournament, actor: Actor, round_number: int, first: int, second: int,
                 confirm_colour_clash: bool = False) -> list[Board]:
    """Two players (by start number) exchange their places in a preview: board and colour."""
    with change(t.pk, actor, "edit_preview") as c:
        rnd = _preview(c.tournament, round_number)
        current = boards(rnd)
        where: dict[int, tuple[int, str]] = {}
        for b in current.values():
            where[b.white.start_number] = (b.number, "white")
            where[b.black.start_number] = (b.number, "black")
        for number, field in ((first, "first"), (second, "second")):
            if number not in where:
                raise ServiceError(_("No. %(n)s does not play a board in this round (a bye, "
                                     "absent, or no such start number).") % {"n": number},
                                   field)
        if first == second:
            raise ServiceError(_("Choose two different players."), "second")
        (board_a, colour_a), (board_b, colour_b) = where[first], where[second]
        a, b = current[board_a], current[board_b]
        player_a = a.white if colour_a == "white" else a.black
        player_b = b.white if colour_b == "white" else b.black

        def put(bd: Board, colour: str, player: Entrant) -> Board:
            return Board(bd.number, player, bd.black) if colour == "white" else Board(
                bd.number, bd.white, player)

        if board_a == board_b:  # the two play each other: they exchange colours
            new = [Board(a.number, a.black, a.white)]
        else:
            new = [put(a, colour_a, player_b), put(b, colour_b, player_a)]
        clashes = _check(c.tournament, rnd, new, confirm_colour_clash, "second")
        _rewrite(rnd, new)
        c.target = f"round {round_number}: {first} ⇄ {second}"
        c.wrote(f"entrant:{player_a.pk}", f"entrant:{player_b.pk}")
        c.before = {"boards": [_text(x) for x in ((a,) if board_a == board_b else (a, b))]}
        c.after = {"boards": [_text(x) for x in new],
                   **({"colour_clash": clashes} if clashes else {})}
    return new
