"""Skat's result form: the table's list, one line per game (declarer, game, value, won or
lost). The dealer of each line follows from the seat order (the deal goes round, ISkO 3.2),
so a captain never types it; at a table of four the dealer cannot be the declarer.

Every value is checked here, at its field and in the page's language, against the values a
Skat game can have (``scoring.skat.values_of``); ``services.check_payload`` checks the whole
list again with the scoring core.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.cardlist import MAX_GAMES
from scoring.skat import BIDS, NULL, RAMSCH_MAX, SUITS, overbid_value, values_of

from ...common.errors import ServiceError
from ...models import Table
from ...result_forms import (
    Data,
    ErrorDict,
    Errors,
    Input,
    ResultForm,
    Row,
    add_error,
    clean,
    list_at,
    players_in_seat_order,
    posted_rows,
    raise_errors,
    read_whole,
)
from ..registry import DISCIPLINES
from .discipline import GAME_WORDS

DISCIPLINE = DISCIPLINES["skat"]

LINE_KEY = re.compile(r"^games\[(\d+)\]\.(declarer|game|value|won|bid)$")
FIELDS = ("declarer", "game", "value", "won", "bid")
OUTCOMES = ("won", "lost")


def allowed_values(game: str) -> tuple[int, ...]:
    """The values the live check knows for a game (none for passed and Ramsch)."""
    return values_of(game) if game in GAME_WORDS and game != "passed" else ()


def value_message(game: str, value: int) -> str:
    """Why ``value`` is no value of ``game`` (the page's language)."""
    word = str(GAME_WORDS[game])
    if game in NULL:
        return _("%(game)s is worth %(worth)s, not %(value)s") % {
            "game": word, "worth": NULL[game], "value": value}
    usual = values_of(game)
    return _("a %(game)s game is worth %(first)s, %(second)s, … up to %(last)s "
             "(multiples of %(base)s), not %(value)s") % {
        "game": word, "first": usual[0], "second": usual[1], "last": usual[-1],
        "base": usual[0] // 2, "value": value}


def _value_problem(game: str, value: int, outcome: str, bid: int | None) -> str | None:
    """Why the line's value is wrong (the page's language), or None; a lost game the declarer
    overbid is charged the first multiple of the base value that reaches the bid (ISkO
    5.4.2), so with the bid written that value is right."""
    usual = allowed_values(game)
    if value in usual:
        if bid is not None and bid > value:
            if game in NULL:
                return _("%(game)s is worth %(value)s and cannot be played after a bid of "
                         "%(bid)s") % {"game": GAME_WORDS[game], "value": value, "bid": bid}
            return _("worth %(value)s, the game does not reach the bid %(bid)s: it is "
                     "overbid and lost, write the value %(charged)s") % {
                "value": value, "bid": bid, "charged": overbid_value(game, bid)}
        return None
    if (outcome == "lost" and bid is not None and game not in NULL
            and value == overbid_value(game, bid)):
        return None
    return value_message(game, value)


def _ramsch_problem(value: int, outcome: str) -> str | None:
    """Why a Ramsch line's value is wrong (the house rule of docs/skat.md), or None."""
    if outcome == "won" and value != 120:
        return _("a Ramsch won by the player is a Durchmarsch (all tricks), worth 120, not "
                 "%(value)s") % {"value": value}
    if not 0 < value <= RAMSCH_MAX:
        return _("a lost Ramsch costs its card points, 1 to %(max)s, not %(value)s") % {
            "max": RAMSCH_MAX, "value": value}
    return None


def _game_words(table: Table) -> dict[str, Any]:
    words: dict[str, Any] = DISCIPLINE.game_words(  # type: ignore[attr-defined]
        table.round.tournament)
    return words


def skat_payload(post: Data, table: Table) -> dict[str, Any]:
    words = _game_words(table)
    players = players_in_seat_order(table)
    numbers = [n for n, _name in players]
    names = dict(players)
    size = len(players)
    filled = posted_rows(post, LINE_KEY)
    if not filled:
        raise ServiceError({"games": [_("enter at least one game")]})
    if filled[-1] >= MAX_GAMES:
        raise ServiceError({"games": [_("at most %(n)d games") % {"n": MAX_GAMES}]})
    errors: ErrorDict = {}
    games: list[dict[str, Any]] = []
    for k in range(filled[-1] + 1):  # a blank line between written ones is an error
        at = f"games[{k}]"
        dealer = numbers[k % size] if numbers else None
        game = clean(post, f"{at}.game")
        if game == "ramsch" and game not in words:
            add_error(errors, f"{at}.game", _(
                "Ramsch is not allowed in this tournament (it is no part of the Skatordnung); "
                "write a game nobody played as passed"))
            continue
        if game not in words:
            add_error(errors, f"{at}.game", _("required") if not game else _("choose a game"))
            continue
        if game == "passed":
            for name in ("declarer", "value", "won", "bid"):
                if clean(post, f"{at}.{name}"):
                    add_error(errors, f"{at}.{name}",
                              _("a passed game has no declarer, value or outcome"))
            games.append({"game": "passed", "dealer": dealer})
            continue
        raw = clean(post, f"{at}.declarer")
        declarer = int(raw) if raw.isdecimal() and int(raw) in numbers else None
        if declarer is None:
            add_error(errors, f"{at}.declarer", _("required") if not raw
                      else _("choose a player of this table"))
        elif size == 4 and declarer == dealer:
            add_error(errors, f"{at}.declarer", _(
                "%(name)s deals game %(n)s and sits it out at a table of four; the declarer is "
                "one of the other three") % {"name": names[declarer], "n": k + 1})
        value = read_whole(post, f"{at}.value", errors)
        outcome = clean(post, f"{at}.won")
        if outcome not in OUTCOMES:
            add_error(errors, f"{at}.won", _("required") if not outcome
                      else _("choose won or lost"))
        bid = read_whole(post, f"{at}.bid", errors) if clean(post, f"{at}.bid") else None
        if game == "ramsch":
            if bid is not None:
                add_error(errors, f"{at}.bid", _("a Ramsch has no bid"))
            why = _ramsch_problem(value, outcome) if value is not None else None
            if why:
                add_error(errors, f"{at}.value", why)
            games.append({"game": game, "declarer": declarer, "dealer": dealer,
                          "value": value, "won": outcome == "won"})
            continue
        if bid is not None and bid not in BIDS:
            add_error(errors, f"{at}.bid", _("%(bid)s is no bid: bids are the values games "
                                             "can have (18, 20, 22, 23, 24, 27, 30 …)")
                      % {"bid": bid})
            bid = None
        why = _value_problem(game, value, outcome, bid) if value is not None else None
        if why:
            add_error(errors, f"{at}.value", why)
        line = {"game": game, "declarer": declarer, "dealer": dealer, "value": value,
                "won": outcome == "won"}
        if bid is not None:
            line["bid"] = bid
        games.append(line)
    raise_errors(errors)
    return {"games": games}


def skat_post(payload: Any, table: Table) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, line in enumerate(list_at(payload, "games")[:MAX_GAMES]):
        if not isinstance(line, dict):
            continue
        game = line.get("game")
        out[f"games[{k}].game"] = game if isinstance(game, str) else ""
        if game == "passed":
            continue
        declarer, value, won = line.get("declarer"), line.get("value"), line.get("won")
        out[f"games[{k}].declarer"] = str(declarer) if isinstance(declarer, int) else ""
        out[f"games[{k}].value"] = str(value) if isinstance(value, int) else ""
        out[f"games[{k}].won"] = ("won" if won else "lost") if isinstance(won, bool) else ""
        if isinstance(line.get("bid"), int):
            out[f"games[{k}].bid"] = str(line["bid"])
    return out


def skat_messages() -> dict[str, str]:
    """The live check's messages (skat.js reads them from the page)."""
    return {
        "value": _("a %(game)s game is worth %(first)s, %(second)s, … up to %(last)s "
                   "(multiples of %(base)s), not %(value)s"),
        "null": _("%(game)s is worth %(worth)s, not %(value)s"),
        "incomplete": _("incomplete: tap the declarer, the game and won or lost, and give "
                        "the value"),
        "won": _("won"), "lost": _("lost"), "open": _("Enter"),
    }


TILE_WORDS: dict[str, Any] = {"passed": gettext_lazy("Passed")}
"""Shorter words on a tile than in a report (``passed (nobody played)``)."""

MARKS = {"clubs": "\u2663", "spades": "\u2660", "hearts": "\u2665", "diamonds": "\u2666"}
"""The suits' signs on their tiles, beside the word (a sign alone is no name)."""

EXTRAS: tuple[tuple[str, Any], ...] = (
    ("hand", gettext_lazy("Hand")), ("schneider", gettext_lazy("Schneider")),
    ("schneider_announced", gettext_lazy("Schneider announced")),
    ("schwarz", gettext_lazy("Schwarz")),
    ("schwarz_announced", gettext_lazy("Schwarz announced")),
    ("ouvert", gettext_lazy("Ouvert")))
"""What raises a suit game's or a Grand's multiplier by one each besides the tops and the
game (ISkO 5.2; the value helper adds them up: base value × (tops + 1 + these))."""

TOPS = {"grand": 4, **dict.fromkeys(SUITS, 11)}
"""How many tops ("with or without") a game can have: the four jacks in a Grand, and the
eleven trumps from the jack of clubs down in a suit game (ISkO 5.2.2)."""


def skat_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    players = players_in_seat_order(table)
    size = len(players)
    expected = DISCIPLINE.series_games(table.round.tournament, size)  # type: ignore[attr-defined]
    posted = posted_rows(data, LINE_KEY) if data is not None else []
    count = max(expected, posted[-1] + 1 if posted else 0)
    words = _game_words(table)
    games = [(key, str(TILE_WORDS.get(key, word)), MARKS.get(key, "")) for key, word
             in words.items()]
    values = {key: list(allowed_values(key)) for key in words}
    rows = []
    labels_of = {"declarer": str(_("Soloist")), "game": str(_("Game")),
                 "won": str(_("Won or lost")), "value": str(_("Value")),
                 "bid": str(_("Overbid at"))}
    for k in range(count):
        key = f"games[{k}]"
        dealer = players[k % size] if players else (0, "")

        def value(name: str, key: str = key) -> str:
            return str(data.get(f"{key}.{name}") or "").strip() if data is not None else ""

        declarer, game, won = value("declarer"), value("game"), value("won")
        labels = {f"{key}.{name}": word for name, word in labels_of.items()}
        rows.append(Row(key, str(k + 1), [], errors.under(key, labels), {
            "dealer": dealer[1], "dealer_number": dealer[0],
            # at a table of four the dealer sits the game out: not a tile to tap
            "who": [(n, name, declarer == str(n)) for n, name in players
                    if size != 4 or n != dealer[0]],
            "games": [(g, word, mark, game == g) for g, word, mark in games],
            "won": won, "value": value("value"), "bid": value("bid"),
            "value_id": Input(f"{key}.value", "").id, "bid_id": Input(f"{key}.bid", "").id,
            "invalid": {name: errors.has(f"{key}.{name}") for name in labels_of}}))
    bases = {g: v[0] // 2 for g, v in values.items() if g in TOPS and v}
    return {"rows": rows, "players": players, "size": size,
            "expected": expected, "allowed": values, "check_messages": skat_messages(),
            "dealer_sits_out": size == 4,
            "helper": {"bases": bases, "tops": TOPS, "null": {g: NULL[g] for g in NULL
                                                                if g in words}},
            "tops": range(1, max(TOPS.values()) + 1),
            "extras": [(key, str(word)) for key, word in EXTRAS]}


FORM = ResultForm("captain/inputs/skat.html", skat_payload, skat_context, skat_post,
                  on_demand=True)
