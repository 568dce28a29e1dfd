"""Shared parts of the game-list disciplines (Skat, Doppelkopf): one line per game at a table.

Both games are written on a list ("Spielliste") per table and series: every line names the
players by entrant id, so a list stays valid whatever order the document gives its seats.
These helpers read those ids, bound the list's length, and total the series per entrant.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, TypeVar

from .discipline import either, is_int, key_text, known_keys, show
from .i18n import N_, Message
from .model import Problems, Seat

G = TypeVar("G")

MAX_GAMES = 99
"""No list has more lines than this: a Skat series has 48 games, a Doppelkopf round 24 plus
owed solos; anything longer is a typing error, and the bound keeps documents small."""


def game_hint(hint: str, k: int) -> Message:
    """The hint of the list's line ``k`` (0-based): "round 1, table 2, game 3"."""
    return N_("%(where)s, game %(n)s", where=hint, n=k + 1)


def check_seat_count(seats: Sequence[Seat], sizes: Collection[int], what: str,
                     problems: Problems, at: str, hint: str) -> None:
    """Card tables have no sides, and only the table sizes the rules know."""
    if any(s.side is not None for s in seats):
        problems.error(f"{at}.seats", N_("%(what)s tables have no sides (omit side)",
                                         what=what), hint)
        return
    if len(seats) not in sizes:
        allowed = either(sorted(sizes))
        problems.error(f"{at}.seats", N_("a %(what)s table seats %(allowed)s players, found "
                                         "%(found)s", what=what, allowed=allowed,
                                         found=len(seats)), hint)


def game_lines(raw: Any, problems: Problems, at: str, hint: str) -> list[Any] | None:
    """The list's lines (``{"games": [...]}``), at most :data:`MAX_GAMES` of them."""
    games = raw.get("games") if isinstance(raw, Mapping) else None
    if not isinstance(games, list) or not games:
        problems.error(at, N_('needs "games": the list, one entry per game'), hint)
        return None
    if len(games) > MAX_GAMES:
        problems.error(f"{at}.games", N_("%(n)s games; a list has at most %(max)s",
                                         n=len(games), max=MAX_GAMES), hint)
        return None
    return games


def read_games(raw: Any, keys: Sequence[str],
               read_line: Callable[[Mapping[str, Any], str, str], G | None],
               problems: Problems, at: str, hint: str) -> list[G] | None:
    """Every line of the list (see :func:`game_lines`) that is an object with only ``keys``,
    read by ``read_line(line, place, hint)``; None if any line has an error."""
    lines = game_lines(raw, problems, at, hint)
    if lines is None:
        return None
    before = len(problems.errors)
    out: list[G] = []
    for k, line in enumerate(lines):
        place, line_hint = f"{at}.games[{k}]", game_hint(hint, k)
        if not isinstance(line, Mapping):
            problems.error(place, N_("must be an object"), line_hint)
        elif known_keys(line, keys, problems, place, line_hint, N_("a game")):
            game = read_line(line, place, line_hint)
            if game is not None:
                out.append(game)
    return None if len(problems.errors) > before else out


def dealer_of(line: Mapping[str, Any], players: Collection[int], sits_out: int,
              problems: Problems, at: str, hint: str) -> tuple[bool, int | None]:
    """The line's dealer, one of ``players``: at a table of ``sits_out`` players the dealer
    sits out each game and must be named, elsewhere the dealer may be left out (None).
    ``(False, None)`` after an error."""
    dealer = line.get("dealer")
    if dealer is None and len(players) == sits_out:
        problems.error(f"{at}.dealer", N_("at a table of %(n)s the dealer sits out each game "
                                          "and must be named", n=sits_out), hint)
        return False, None
    if dealer is None:
        return True, None
    dealer = entrant_at(dealer, players, N_("dealer"), problems, f"{at}.dealer", hint)
    return dealer is not None, dealer


def entrant_at(value: Any, allowed: Collection[int], role: str, problems: Problems,
               place: str, hint: str) -> int | None:
    """An entrant id that must be one of ``allowed`` (e.g. the players seated at the table)."""
    if not is_int(value) or value not in allowed:
        seated = ", ".join(str(e) for e in sorted(allowed))
        problems.error(place, N_("the %(role)s must be a player of this table (entrant "
                                 "%(seated)s), not %(value)s", role=role, seated=seated,
                                 value=show(value)), hint)
        return None
    return value


def per_table_setting(raw: Any, default: Mapping[int, int], sizes: Collection[int],
                      low: int, high: int, problems: Problems, at: str) -> dict[int, int]:
    """A whole number per table size, e.g. ``{"3": 36, "4": 48}``; missing sizes keep the
    default."""
    out = dict(default)
    if raw is None:
        return out
    if not isinstance(raw, Mapping):
        problems.error(at, N_("must map a table size to a whole number, e.g. %(example)s",
                              example=", ".join(f'"{k}": {v}'
                                                for k, v in sorted(default.items()))))
        return out
    for key, value in raw.items():
        size = int(key) if isinstance(key, str) and key in {str(n) for n in sizes} else None
        if size is None:
            problems.error(f"{at}.{key_text(key)}", N_(
                "unknown table size (known: %(known)s)",
                known=", ".join(str(s) for s in sorted(sizes))))
        elif not is_int(value) or not low <= value <= high:
            problems.error(f"{at}.{key}", N_("must be a whole number from %(low)s to %(high)s, "
                                             "not %(value)s", low=low, high=high,
                                             value=show(value)))
        else:
            out[size] = value
    return out


def series_key(prefix: str, number: int) -> str:
    """The standings value of one series (round) of an entrant: ``series_2``, ``round_3``."""
    return f"{prefix}_{number}"


REPEAT_NO, REPEAT_MAY, REPEAT_MUST = "no", "may", "must"
"""After a game the deal passes on (``no``), may stay with the dealer (``may``: a Doppelkopf
compulsory solo, TSR 3.3, unless it was "vorgeführt"), or stays (``must``: a Schafkopf game
everyone passed, dealt again by the same dealer)."""


def deal_order_problem(dealers: Sequence[int | None], repeats: Sequence[str], n: int
                       ) -> tuple[int, Message] | None:
    """Where the dealers named on a list break the order of the deal, and why, or None.

    The deal goes round the ``n`` players of the table; a game whose ``repeats`` entry is
    ``may`` or ``must`` lets (or makes) the same dealer deal the next game. The check does not
    rely on the document's seat order: each of the first ``n`` turns of the deal has its own
    dealer, and turn t has the dealer of turn t - n. A list with a line that names no dealer
    is not checked (at a table where the dealer sits out, every line names one).
    """
    if any(d is None for d in dealers):
        return None
    turns: list[int] = []
    for k, dealer in enumerate(dealers):
        assert dealer is not None
        if k and dealer == dealers[k - 1]:
            if repeats[k - 1] == REPEAT_NO:
                return k, N_("entrant %(entrant)s also dealt game %(game)s; after that game the "
                             "deal passes on", entrant=dealer, game=k)
            continue
        if k and repeats[k - 1] == REPEAT_MUST:
            return k, N_("game %(game)s was passed in, so entrant %(entrant)s deals again",
                         game=k, entrant=dealers[k - 1])
        t = len(turns)
        if t < n and dealer in turns:
            return k, N_("entrant %(entrant)s already had a turn to deal in this round of the "
                         "table; the deal goes round the %(n)s players in turn",
                         entrant=dealer, n=n)
        if t >= n and turns[t - n] != dealer:
            return k, N_("the deal goes round the %(n)s players in turn: entrant %(entrant)s "
                         "deals this game, as %(n)s turns before", n=n, entrant=turns[t - n])
        turns.append(dealer)
    return None
