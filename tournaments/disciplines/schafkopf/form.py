"""Schafkopf's result form: the table's list, one line per game as a table writes it (the
player, the game, the partner of a Sauspiel, won or lost, Schneider or Schwarz; the
Laufende, Tout or Sie, Kontra and the Jungfrauen of a Ramsch only where the tournament's
tariff has them). The points are not typed: they follow from the tariff, and the page shows
them under each line with every player's running total, for the table to compare with its
paper list.

The dealer of each line follows from the seat order (the deal goes round, place 1 deals
first) and stays after a game everyone passed, which is dealt again; at a table of five the
dealer sits the game out. Every line is checked here, at its field and in the page's
language; ``services.check_payload`` checks the whole list again with the scoring core.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.html import escape, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring.cardlist import MAX_GAMES
from scoring.schafkopf import LAUFENDE_MAX, SHORT, TOUT_GAMES, durchmarsch_value
from scoring.schafkopf import Settings as SchafkopfSettings

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
    is_ticked,
    list_at,
    make_input,
    players_in_seat_order,
    posted_rows,
    raise_errors,
    read_seat,
    read_whole,
)
from ..registry import DISCIPLINES
from .discipline import GAME_WORDS, HERZ_SOLO, PASSED_SHORT

DISCIPLINE = DISCIPLINES["schafkopf"]

LINE_KEY = re.compile(r"^games\[(\d+)\]\.(game|player|partner|won|level|laufende|extra|"
                      r"kontra|jungfrau_\d+)$")
OUTCOMES = ("won", "lost")
LEVELS = ("schneider", "schwarz")
NO_LEVELS = frozenset({"bettel", "ramsch"})  # no Schneider, no Laufende
FIELDS = ("game", "player", "partner", "won", "level", "laufende", "extra", "kontra")


def _settings(table: Table) -> SchafkopfSettings:
    settings: SchafkopfSettings = DISCIPLINE.settings(table.round.tournament)
    return settings


def game_choices(s: SchafkopfSettings) -> dict[str, str]:
    """The games a line may name, in the list's order: the tournament's games, and the
    Herz-Solo beside the Solo where the tariff pays it differently (a line of it is a Solo
    with the suit Herz)."""
    out: dict[str, str] = {}
    for key, word in GAME_WORDS.items():
        if key in s.games:
            out[key] = str(PASSED_SHORT if key == "passed" else word)
            if key == "solo" and s.tariff["herz_solo"] != s.tariff["solo"]:
                out["herz_solo"] = str(HERZ_SOLO)
    return out


def extras(s: SchafkopfSettings) -> list[tuple[str, str]]:
    """Tout and Sie, where the tournament plays them."""
    return ([("tout", str(_("Tout")))] if s.tout and s.games & TOUT_GAMES else []) + (
        [("sie", str(_("Sie")))] if s.sie and "solo" in s.games else [])


def _dealer_turns(post: Data | None, rows: int) -> list[int]:
    """The turn of the deal at each line: it moves on after every game but one everyone
    passed, which the same dealer deals again."""
    turns, turn = [], 0
    for k in range(rows):
        turns.append(turn)
        if post is None or clean(post, f"games[{k}].game") != "passed":
            turn += 1
    return turns


def schafkopf_payload(post: Data, table: Table) -> dict[str, Any]:
    s = _settings(table)
    players = players_in_seat_order(table)
    numbers = [n for n, _name in players]
    names = dict(players)
    size = len(players)
    offered = game_choices(s)
    tout_sie = dict(extras(s))
    filled = posted_rows(post, LINE_KEY)
    if not filled:
        raise ServiceError({"games": [_("enter at least one game")]})
    if filled[-1] >= MAX_GAMES:
        raise ServiceError({"games": [_("at most %(n)d games") % {"n": MAX_GAMES}]})
    errors: ErrorDict = {}
    games: list[dict[str, Any]] = []
    turns = _dealer_turns(post, filled[-1] + 1)
    for k in range(filled[-1] + 1):  # a blank line between written ones is an error
        at = f"games[{k}]"
        dealer = numbers[turns[k] % size] if numbers else 0
        out = dealer if size == 5 else None  # sits the game out
        choice = clean(post, f"{at}.game")
        if choice not in offered:
            add_error(errors, f"{at}.game", _("required") if not choice else _(
                "choose a game this tournament plays"))
            continue
        if choice == "passed":
            for name in FIELDS[1:]:
                if clean(post, f"{at}.{name}"):
                    add_error(errors, f"{at}.{name}", _(
                        "a game everyone passed has no player: it is dealt again"))
            games.append({"dealer": dealer, "game": "passed"})
            continue
        game = "solo" if choice == "herz_solo" else choice
        line: dict[str, Any] = {"dealer": dealer, "game": game}

        def seat(field: str, required: bool = True, k: int = k, out: int | None = out
                 ) -> int | None:
            number = read_seat(post, f"games[{k}].{field}", numbers, errors, required)
            if number is not None and number == out:
                add_error(errors, f"games[{k}].{field}", _(
                    "%(name)s deals game %(n)s and sits it out at a table of five")
                    % {"name": names[number], "n": k + 1})
                return None
            return number

        player = seat("player")
        partner = seat("partner", required=game == "sauspiel")
        if partner is not None:
            if game != "sauspiel":
                add_error(errors, f"{at}.partner", _(
                    "only a Sauspiel has a partner; in a %(game)s one plays against the "
                    "others") % {"game": offered[choice]})
            elif partner == player:
                add_error(errors, f"{at}.partner", _(
                    "the partner is another player than the one who called the Sau"))
        line["player"] = player
        if game == "sauspiel":
            line["partner"] = partner
        if choice == "herz_solo":
            line["suit"] = "herz"
        outcome = clean(post, f"{at}.won")
        if outcome not in OUTCOMES:
            add_error(errors, f"{at}.won", _("required") if not outcome
                      else _("choose won or lost"))
        line["won"] = outcome == "won"
        extra = clean(post, f"{at}.extra") if tout_sie else ""
        if extra and extra not in tout_sie:
            add_error(errors, f"{at}.extra", _("choose Tout or Sie"))
            extra = ""
        elif extra == "tout" and game not in TOUT_GAMES:
            add_error(errors, f"{at}.extra", _("a %(game)s cannot be played Tout") % {
                "game": offered[choice]})
        elif extra == "sie" and game != "solo":
            add_error(errors, f"{at}.extra", _("a Sie is a Solo (all Ober and Unter in one "
                                               "hand)"))
        elif extra == "sie" and outcome == "lost":
            add_error(errors, f"{at}.won", _("a Sie (all Ober and Unter) cannot be lost"))
        level = clean(post, f"{at}.level")
        if level and level not in LEVELS:
            add_error(errors, f"{at}.level", _("choose Schneider or Schwarz"))
        elif level and (game in NO_LEVELS or extra):
            add_error(errors, f"{at}.level", _(
                "no Schneider or Schwarz is written for a %(game)s (a Tout is won only "
                "Schwarz, a Bettel and a Ramsch have none)") % {
                "game": str(tout_sie[extra]) if extra else offered[choice]})
        elif level:
            line["schneider"] = True
            if level == "schwarz":
                line["schwarz"] = True
        if s.laufende and clean(post, f"{at}.laufende"):
            laufende = read_whole(post, f"{at}.laufende", errors)
            most = LAUFENDE_MAX.get(game, 0)
            if laufende is not None and not 0 <= laufende <= most:
                add_error(errors, f"{at}.laufende", _(
                    "a %(game)s has at most %(most)s Laufende, not %(value)s") % {
                    "game": offered[choice], "most": most, "value": laufende} if most
                    else _("a %(game)s has no Laufende") % {"game": offered[choice]})
            elif laufende:
                line["laufende"] = laufende
        if extra:
            line[extra] = True
        if s.kontra:
            kontra = clean(post, f"{at}.kontra")
            if kontra and kontra not in ("1", "2"):
                add_error(errors, f"{at}.kontra", _("choose Kontra or Kontra and Re"))
            elif kontra and game == "ramsch":
                add_error(errors, f"{at}.kontra", _("there is no Kontra in a Ramsch"))
            elif kontra:
                line["kontra"] = int(kontra)
        if "ramsch" in s.games:
            ticked = [n for n in numbers if is_ticked(post, f"{at}.jungfrau_{n}")]
            if ticked and (game != "ramsch" or outcome != "lost"):
                add_error(errors, f"{at}.jungfrau", _(
                    "only a Ramsch that one player lost has Jungfrauen"))
            elif ticked and (player in ticked or out in ticked):
                add_error(errors, f"{at}.jungfrau", _(
                    "a Jungfrau is one of the other players of the game, who took no trick"))
            elif ticked:
                line["jungfrau"] = ticked
        games.append(line)
    raise_errors(errors)
    return {"games": games}


def schafkopf_post(payload: Any, table: Table) -> dict[str, str]:
    s = _settings(table)
    herz = "herz_solo" in game_choices(s)
    out: dict[str, str] = {}
    for k, line in enumerate(list_at(payload, "games")[:MAX_GAMES]):
        if not isinstance(line, dict):
            continue
        at = f"games[{k}]"
        game = line.get("game")
        if herz and game == "solo" and line.get("suit") == "herz":
            game = "herz_solo"
        out[f"{at}.game"] = game if isinstance(game, str) else ""
        if game == "passed":
            continue
        for field in ("player", "partner"):
            if isinstance(line.get(field), int):
                out[f"{at}.{field}"] = str(line[field])
        if isinstance(line.get("won"), bool):
            out[f"{at}.won"] = "won" if line["won"] else "lost"
        level = "schwarz" if line.get("schwarz") is True else (
            "schneider" if line.get("schneider") is True else "")
        if level:
            out[f"{at}.level"] = level
        if isinstance(line.get("laufende"), int) and line["laufende"]:
            out[f"{at}.laufende"] = str(line["laufende"])
        for extra in ("tout", "sie"):
            if line.get(extra) is True:
                out[f"{at}.extra"] = extra
        if isinstance(line.get("kontra"), int) and line["kontra"]:
            out[f"{at}.kontra"] = str(line["kontra"])
        for n in line.get("jungfrau") or []:
            if isinstance(n, int):
                out[f"{at}.jungfrau_{n}"] = "on"
    return out


def schafkopf_messages() -> dict[str, str]:
    """The live check's messages (schafkopf.js reads them from the page)."""
    return {
        "sits_out": _("%(name)s deals game %(n)s and sits it out at a table of five"),
        "partner": _("a Sauspiel needs the partner (who held the called Sau)"),
        "partner_self": _("the partner is another player than the one who called the Sau"),
        "laufende": _("a %(game)s has at most %(most)s Laufende, not %(value)s"),
        "sie_lost": _("a Sie (all Ober and Unter) cannot be lost"),
        "dealer": _("Dealer"),
        "sits_out_short": _("sits out"),
        "totals": _("After %(n)s of %(of)s games:"),
    }


def tariff(s: SchafkopfSettings) -> dict[str, Any]:
    """What the live computation of a line needs (schafkopf.js repeats
    ``scoring.schafkopf.game_value`` and ``scores_of``)."""
    return {"tariff": dict(s.tariff), "schneider": s.schneider, "schwarz": s.schwarz,
            "solo_schneider": s.solo_schneider, "laufende": s.laufende,
            "laufende_from": s.laufende_from, "laufende_from_short": s.laufende_from_short,
            "laufende_max": s.laufende_max, "tout_factor": s.tout_factor,
            "sie_factor": s.sie_factor, "tout_counts_schneider": s.tout_counts_schneider,
            "system": s.system, "durchmarsch": durchmarsch_value(s), "short": sorted(SHORT),
            "most": dict(LAUFENDE_MAX), "tout_games": sorted(TOUT_GAMES),
            "games": {key: str(word) for key, word in GAME_WORDS.items()}}


class Options:
    """A select's options after its empty one, built once per list and marked selected per
    line here rather than by loops in the template: a list has up to 40 lines of six
    selects each, and the page must answer fast (house rules: under 300 ms)."""

    def __init__(self, choices: list[tuple[str, str]]) -> None:
        self.values = {value for value, _words in choices}
        self.html = "".join(f'<option value="{escape(value)}">{escape(words)}</option>'
                            for value, words in choices)

    def marked(self, selected: str) -> SafeString:
        if selected not in self.values:
            return mark_safe(self.html)  # every value and word escaped above
        value = f'value="{escape(selected)}">'
        return mark_safe(self.html.replace(value, value[:-1] + " selected>", 1))


def schafkopf_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    s = _settings(table)
    players = players_in_seat_order(table)
    size = len(players)
    seat_choices = [(str(n), f"{n}. {name}") for n, name in players]
    choices = {name: Options(c) for name, c in (
        ("game", list(game_choices(s).items())), ("player", seat_choices),
        ("partner", seat_choices), ("won", [("won", str(_("won"))), ("lost", str(_("lost")))]),
        ("level", [("schneider", str(_("Schneider"))), ("schwarz", str(_("Schwarz")))]),
        ("extra", extras(s)),
        ("kontra", [("1", str(_("Kontra"))), ("2", str(_("Kontra and Re")))]))}
    expected = s.games_per_series.get(size, 32)
    spare = 4 if "passed" in s.games else 0  # room for games dealt again
    posted = posted_rows(data, LINE_KEY) if data is not None else []
    count = min(max(expected + spare, posted[-1] + 1 if posted else 0), MAX_GAMES)
    turns = _dealer_turns(data, count)
    labels_of = {"game": _("Game"), "player": _("Player"), "partner": _("Partner"),
                 "won": _("Won or lost"), "level": _("Schneider"), "laufende": _("Laufende"),
                 "extra": _("Tout or Sie"), "kontra": _("Kontra"), "jungfrau": _("Jungfrau")}
    rows = []
    for k in range(count):
        key = f"games[{k}]"
        dealer = players[turns[k] % size] if players else (0, "")

        def value(name: str, key: str = key) -> str:
            return (data.get(f"{key}.{name}") or "") if data is not None else ""

        laufende = make_input(f"{key}.laufende", str(_("Laufende")), data, errors)
        labels = {f"{key}.{f}": str(word) for f, word in labels_of.items()}
        rows.append(Row(key, str(k + 1), [laufende], errors.under(key, labels), {
            "dealer": dealer[1], "dealer_number": dealer[0],
            "options": {f: c.marked(value(f)) for f, c in choices.items()},
            "jungfrau": [(n, name, data is not None and is_ticked(data, f"{key}.jungfrau_{n}"))
                         for n, name in players],
            "ids": {f: Input(f"{key}.{f}", "").id for f in FIELDS},
            "invalid": {f: errors.has(f"{key}.{f}") for f in (*FIELDS, "jungfrau")},
            "laufende_input": laufende}))
    return {"rows": rows, "players": players, "size": size, "expected": expected,
            "games": list(game_choices(s).items()), "extras": extras(s),
            "laufende": s.laufende > 0, "kontra": s.kontra, "ramsch": "ramsch" in s.games,
            "tariff": tariff(s), "check_messages": schafkopf_messages(),
            "score_cells": format_html_join("", (
                '<span class="sf-score" data-score="{}"><span class="sf-name">{}</span> '
                '<span class="sf-pts" data-points></span> <span class="sf-sum" data-sum></span>'
                '</span>'), players),
            "dealer_sits_out": size == 5}


def _relocate(key: str, message: str) -> str:
    """The scoring core's keys of a line at the form's fields: Schneider and Schwarz at the
    one select, Tout and Sie at the other."""
    m = re.match(r"^(games\[\d+\])\.(schneider|schwarz|tout|sie|suit|scores|dealer)$", key)
    if not m:
        return key
    field = {"schneider": "level", "schwarz": "level", "tout": "extra", "sie": "extra",
             "suit": "game", "dealer": "game", "scores": "game"}[m.group(2)]
    return f"{m.group(1)}.{field}"


FORM = ResultForm("captain/inputs/schafkopf.html", schafkopf_payload, schafkopf_context,
                  schafkopf_post, relocate=_relocate)
