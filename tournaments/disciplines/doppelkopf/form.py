"""Doppelkopf's result form: the table's list as on paper, one line per game with the kind
of game, the Re party (the soloist alone in a solo), whether a solo is the player's
compulsory solo, the announcements of each party and every player's score; or a line of
penalty points (TSR 9.3, 9.4): the offender and the points each other player gets.

The dealer of each line follows from the seat order and the lines above (TSR 3.3): the
deal passes on after each game, but after a compulsory solo the same player deals again
unless the line says the solo was "vorgeführt"; a line of penalty points has no dealer and
does not move the deal. Every game line carries its ``dealer``; at a table of five the
dealer sits out and scores nothing.

Each line is checked here, at its fields and in the page's language: the scores sum to zero
over the table (a soloist scores three times what each opponent loses), partners score the
same, the Re party's score is one a game of that kind with those announcements can have
(``possible_values``), the solos are allowed in the tournament, and the compulsory solos are
played as the rules order (the first solo of a player is the compulsory one; after the
round's games only owed compulsory solos). ``services.check_payload`` checks the whole list
again with the scoring core.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _

from scoring.cardlist import MAX_GAMES
from scoring.doppelkopf import (
    LEVELS,
    MAX_PENALTY,
    PENALTY,
    SOLOS,
    Facts,
    is_solo,
    re_result,
    time_limit_for,
)

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
)
from ...services.seat_list import time_limit
from ..registry import DISCIPLINES
from .discipline import ANNOUNCE_WORDS, KIND_WORDS

DISCIPLINE = DISCIPLINES["doppelkopf"]

LINE_KEY = re.compile(r"^games\[(\d+)\]\.(kind|re1|re2|compulsory|forced|ann_re|ann_kontra|"
                      r"offender|points|score_\d+)$")
# a row counts as written by anything but the compulsory-solo ticks alone
WRITTEN = re.compile(r"^games\[(\d+)\]\.(kind|re1|re2|ann_re|ann_kontra|offender|points|"
                     r"score_\d+)$")
PENALTY_POINTS = (1, 4)  # TSR 9.3: a minor breach, +1 to each other player; 9.4: +4
SPARE_ROWS = 3  # room for lines of penalty points
RE_SAYS = ("re", "90", "60", "30", "schwarz")
KONTRA_SAYS = ("kontra", "90", "60", "30", "schwarz")
MAX_SCORE = 1000  # the scoring core's bound of a written score


@lru_cache(maxsize=256)
def possible_values(solo: bool, re_level: int, kontra_level: int,
                    specials: frozenset[str], levels: bool = False) -> frozenset[int]:
    """Every score one Re player (a soloist: each opponent's loss) can get in a game of this
    kind with these announcements: every split of the 240 card points, either party black,
    and in a normal game or a wedding any special points each party could make (at most one
    Doppelkopf per 40 card points, two foxes, one Karlchen). Generous, so only the impossible
    is refused. ``levels``: a game nobody wins counts the levels too (the setting
    ``no_winner``)."""
    kind, re = ("queens", (1,)) if solo else ("normal", (1, 2))
    out: set[int] = set()
    none: tuple[dict[str, int], dict[str, int]] = ({}, {})
    for eyes in range(241):
        for black in (None, "re", "kontra"):
            if (black == "re" and eyes) or (black == "kontra" and eyes != 240):
                continue
            base = re_result(kind, re, Facts(eyes, (re_level, kontra_level), black, none),
                             specials, levels)
            if solo:
                out.add(base)
                continue
            most_re = _specials_at_most(eyes, specials)
            most_kontra = _specials_at_most(240 - eyes, specials)
            out.update(base + a - b for a in range(most_re + 1) for b in range(most_kontra + 1))
    return frozenset(out)


def _specials_at_most(eyes: int, specials: frozenset[str]) -> int:
    return ((min(6, eyes // 40) if "doppelkopf" in specials else 0)
            + (2 if "fuchs" in specials else 0) + (1 if "karlchen" in specials else 0))


def spans(values: frozenset[int]) -> str:
    """``-9 to -3, 3 to 12``: sorted values as runs, for a message."""
    runs: list[list[int]] = []
    for v in sorted(values):
        if runs and v == runs[-1][1] + 1:
            runs[-1][1] = v
        else:
            runs.append([v, v])
    return ", ".join(f"{a:+d}" if a == b else _("%(a)s to %(b)s") % {"a": f"{a:+d}",
                                                                      "b": f"{b:+d}"}
                     for a, b in runs)


def _score(post: Data, key: str, errors: ErrorDict, name: str) -> int | None:
    raw = clean(post, key)
    if not raw:
        add_error(errors, key, _("%(name)s: required") % {"name": name})
        return None
    try:
        value = int(raw)
    except ValueError:
        add_error(errors, key, _("%(name)s: a whole number such as 3 or -3") % {"name": name})
        return None
    if abs(value) > MAX_SCORE:
        add_error(errors, key, _("%(name)s: at most %(n)s points") % {"name": name,
                                                                       "n": MAX_SCORE})
        return None
    return value


def deal_of(data: Data | None, rows: int, numbers: list[int]) -> list[int | None]:
    """The dealer of each line (TSR 3.3): the deal passes on after a game; after a
    compulsory solo the same player deals again, unless the line is ticked "vorgeführt";
    a line of penalty points has none and does not move the deal."""
    out: list[int | None] = []
    turn = 0
    for k in range(rows):
        at = f"games[{k}]"
        kind = clean(data, f"{at}.kind") if data is not None else ""
        if kind == PENALTY or not numbers:
            out.append(None)
            continue
        out.append(numbers[turn % len(numbers)])
        again = (data is not None and kind in SOLOS and is_ticked(data, f"{at}.compulsory")
                 and not is_ticked(data, f"{at}.forced"))
        turn += 0 if again else 1
    return out


def doppelkopf_payload(post: Data, table: Table) -> dict[str, Any]:
    players = players_in_seat_order(table)
    numbers = [n for n, _name in players]
    names = dict(players)
    size = len(players)
    settings = DISCIPLINE.settings(table.round.tournament)
    limit = settings.games_per_round.get(size, 24)
    filled = posted_rows(post, WRITTEN)
    if not filled:
        raise ServiceError({"games": [_("enter at least one game")]})
    if filled[-1] >= MAX_GAMES:
        raise ServiceError({"games": [_("at most %(n)d games") % {"n": MAX_GAMES}]})
    errors: ErrorDict = {}
    games: list[dict[str, Any]] = []
    solos_done = dict.fromkeys(numbers, 0)
    dealers = deal_of(post, filled[-1] + 1, numbers)
    played = 0  # games so far, lines of penalty points not counted
    for k in range(filled[-1] + 1):  # a blank line between written ones is an error
        at = f"games[{k}]"
        kind = clean(post, f"{at}.kind")
        if kind == PENALTY:
            fine = _penalty(post, at, numbers, names, errors)
            if fine is not None:
                games.append(fine)
            continue
        dealer = dealers[k]
        sits_out = dealer if size == 5 else None
        active = [n for n in numbers if n != sits_out]
        if kind not in KIND_WORDS:
            add_error(errors, f"{at}.kind", _("required") if not kind else _("choose a game"))
            continue
        if kind in SOLOS and kind not in settings.solos:
            add_error(errors, f"{at}.kind", _("%(game)s is not played in this tournament")
                      % {"game": KIND_WORDS[kind]})
            continue
        for field in ("offender", "points"):
            if clean(post, f"{at}.{field}"):
                add_error(errors, f"{at}.{field}", _("only a line of penalty points has an "
                                                     "offender and penalty points"))
        re_party = _re_party(post, at, kind, active, sits_out, names, errors)
        compulsory = is_ticked(post, f"{at}.compulsory")
        said = [clean(post, f"{at}.ann_re"), clean(post, f"{at}.ann_kontra")]
        for k_said, (allowed, field) in enumerate(((RE_SAYS, "ann_re"),
                                                   (KONTRA_SAYS, "ann_kontra"))):
            if said[k_said] and said[k_said] not in allowed:
                add_error(errors, f"{at}.{field}", _("choose an announcement"))
                said[k_said] = ""  # refused at its field; the points are not checked by it
        scores = {n: _score(post, f"{at}.score_{n}", errors, names[n]) for n in active}
        if sits_out is not None and clean(post, f"{at}.score_{sits_out}"):
            add_error(errors, f"{at}.score_{sits_out}", _(
                "%(name)s deals game %(n)s and sits it out at a table of five: no score")
                % {"name": names[sits_out], "n": k + 1})
        played += 1
        if re_party is None:
            continue
        soloist = re_party[0] if kind in SOLOS else None
        if compulsory and kind not in SOLOS:
            add_error(errors, f"{at}.compulsory", _(
                "only an announced solo is a compulsory solo (not a wedding or a silent solo)"))
        elif soloist is not None:
            if compulsory and solos_done[soloist] >= settings.compulsory_solos:
                add_error(errors, f"{at}.compulsory", _(
                    "%(name)s owes no more compulsory solos this round; this solo is a "
                    "voluntary one") % {"name": names[soloist]})
            elif not compulsory and solos_done[soloist] < settings.compulsory_solos:
                add_error(errors, f"{at}.compulsory", _(
                    "%(name)s has not played the compulsory solo yet: a player's first solo "
                    "is the compulsory one") % {"name": names[soloist]})
            solos_done[soloist] += int(compulsory)
        if played > limit and not (soloist is not None and compulsory):
            add_error(errors, f"{at}.kind", _(
                "the round has %(limit)s games; after them only owed compulsory solos are "
                "played") % {"limit": limit})
        kontra = [n for n in active if n not in re_party]
        if all(v is not None for v in scores.values()):
            why = _score_problem(kind, re_party, kontra, scores, said,  # type: ignore[arg-type]
                                 settings.specials, names, settings.no_winner == "levels")
            if why:
                add_error(errors, f"{at}.scores", why)
        line: dict[str, Any] = {"kind": kind, "re": re_party, "dealer": dealer}
        if compulsory:
            line["compulsory"] = True
        announce = {party: word for party, word in zip(("re", "kontra"), said, strict=True)
                    if word}
        if announce:
            line["announce"] = announce
        line["scores"] = {str(n): v for n, v in scores.items()}
        games.append(line)
    raise_errors(errors)
    return {"games": games}


def _penalty(post: Data, at: str, numbers: list[int], names: dict[int, str],
             errors: ErrorDict) -> dict[str, Any] | None:
    """A line of penalty points: the offender and what each other player gets (TSR 9.3: 1,
    9.4: 4); the players' points as written where the captain wrote them."""
    for field in ("re1", "re2", "ann_re", "ann_kontra", "compulsory"):
        if clean(post, f"{at}.{field}"):
            add_error(errors, f"{at}.{field}", _(
                "a line of penalty points has no Re party, announcements or solo"))
    raw = clean(post, f"{at}.offender")
    offender = int(raw) if raw.isdecimal() and int(raw) in numbers else None
    if offender is None:
        add_error(errors, f"{at}.offender", _("required") if not raw
                  else _("choose a player of this table"))
    raw = clean(post, f"{at}.points")
    points = int(raw) if raw.isdecimal() and 1 <= int(raw) <= MAX_PENALTY else None
    if points is None:
        add_error(errors, f"{at}.points", _("required") if not raw else _(
            "1 (a minor breach) or 4 (a serious one) for each other player"))
    written = {n: _score(post, f"{at}.score_{n}", errors, names[n]) for n in numbers
               if clean(post, f"{at}.score_{n}")}
    if offender is None or points is None:
        return None
    line: dict[str, Any] = {"kind": PENALTY, "offender": offender, "points": points}
    if written and all(v is not None for v in written.values()):
        others = len(numbers) - 1
        default = {n: (-points * others if n == offender else points) for n in numbers}
        if written != default:
            line["scores"] = {str(n): v for n, v in written.items()}
    return line


def _re_party(post: Data, at: str, kind: str, active: list[int], dealer: int | None,
              names: dict[int, str], errors: ErrorDict) -> list[int] | None:
    """The Re players of a line (the soloist alone), or None after an error at ``re``."""
    picked = []
    for field in ("re1", "re2"):
        raw = clean(post, f"{at}.{field}")
        if raw:
            number = int(raw) if raw.isdecimal() else None
            if number is not None and number == dealer:
                add_error(errors, f"{at}.{field}", _(
                    "%(name)s deals this game and sits it out at a table of five")
                    % {"name": names[number]})
                return None
            if number not in active:
                add_error(errors, f"{at}.{field}", _("choose a player of this table"))
                return None
            picked.append(number)
    solo = kind in SOLOS or kind == "silent_solo"
    if not picked:
        add_error(errors, f"{at}.re1", _("required"))
        return None
    if len(picked) == 2 and picked[0] == picked[1]:
        add_error(errors, f"{at}.re2", _("the same player twice"))
        return None
    if solo and len(picked) != 1:
        add_error(errors, f"{at}.re2", _("a solo has one player on Re: the soloist alone"))
        return None
    if kind == "normal" and len(picked) != 2:
        add_error(errors, f"{at}.re2", _("a normal game has two players on Re (the two "
                                         "Kreuz-Damen)"))
        return None
    return picked


def _score_problem(kind: str, re_party: list[int], kontra: list[int], scores: dict[int, int],
                   said: list[str], specials: frozenset[str],
                   names: dict[int, str], levels: bool = False) -> str | None:
    """Why the line's scores cannot be (the page's language), or None."""
    total = sum(scores.values())
    if total:
        terms = " ".join(f"{v:+d}" for v in scores.values())
        return _("the scores do not sum to zero: %(terms)s = %(total)s") % {
            "terms": terms, "total": f"{total:+d}"}
    if len({scores[n] for n in re_party}) != 1 or len({scores[n] for n in kontra}) != 1:
        return _("the players of one party score the same")
    solo = is_solo(kind, re_party)
    value = -scores[kontra[0]]  # what each Re player (or the soloist per opponent) scores
    said_levels = (LEVELS[said[0]] if said[0] else 0, LEVELS[said[1]] if said[1] else 0)
    possible = possible_values(solo, said_levels[0], said_levels[1], frozenset(specials),
                               levels)
    if value not in possible:
        word = KIND_WORDS[kind] if not (kind == "wedding" and solo) else _(
            "A wedding without partner")
        who = names[re_party[0]] if solo else _("Re")
        shown = f"{value:+d}" if not solo else f"{3 * value:+d}"
        allowed = spans(possible if not solo else frozenset(3 * v for v in possible))
        return _("%(game)s with these announcements: %(who)s can score %(allowed)s, not "
                 "%(value)s") % {"game": word, "who": who, "allowed": allowed, "value": shown}
    return None


def doppelkopf_post(payload: Any, table: Table) -> dict[str, str]:
    out: dict[str, str] = {}
    lines = list_at(payload, "games")[:MAX_GAMES]
    for k, line in enumerate(lines):
        if not isinstance(line, dict):
            continue
        at = f"games[{k}]"
        kind = line.get("kind", "normal")
        out[f"{at}.kind"] = kind if isinstance(kind, str) else ""
        scores: dict[str, Any] = line["scores"] if isinstance(line.get("scores"), dict) else {}
        if kind == PENALTY:
            for field in ("offender", "points"):
                if isinstance(line.get(field), int) and not isinstance(line[field], bool):
                    out[f"{at}.{field}"] = str(line[field])
        re_party: list[Any] = line["re"] if isinstance(line.get("re"), list) else []
        for field, number in zip(("re1", "re2"), re_party, strict=False):
            out[f"{at}.{field}"] = str(number) if isinstance(number, int) else ""
        if line.get("compulsory") is True:
            out[f"{at}.compulsory"] = "on"
            after = next((g for g in lines[k + 1:] if isinstance(g, dict)
                          and g.get("kind") != PENALTY), None)
            if (after is not None and isinstance(line.get("dealer"), int)
                    and isinstance(after.get("dealer"), int)
                    and after["dealer"] != line["dealer"]):
                out[f"{at}.forced"] = "on"  # "vorgeführt": the deal passed on
        announce: dict[str, Any] = (line["announce"] if isinstance(line.get("announce"), dict)
                                    else {})
        for party, field in (("re", "ann_re"), ("kontra", "ann_kontra")):
            if isinstance(announce.get(party), str):
                out[f"{at}.{field}"] = announce[party]
        for key, value in scores.items():
            if isinstance(value, int) and not isinstance(value, bool):
                out[f"{at}.score_{key}"] = str(value)
    return out


def doppelkopf_messages() -> dict[str, str]:
    """The live check's messages (doppelkopf.js reads them from the page)."""
    return {
        "sum": _("the scores do not sum to zero: %(terms)s = %(total)s"),
        "party": _("the players of one party score the same"),
        "owed": _("Compulsory solo still owed: %(names)s"),
        "none_owed": _("Every player has played the compulsory solo."),
        "dealer": _("Dealer: %(name)s"),
        "no_dealer": _("Penalty points: the deal does not move"),
    }


def _owed(players: list[tuple[int, str]], data: Data | None, rows: int,
          compulsory: int) -> list[str]:
    """Who still owes a compulsory solo after the lines in ``data``."""
    done = {n: 0 for n, _name in players}
    for k in range(rows):
        at = f"games[{k}]"
        if data is not None and is_ticked(data, f"{at}.compulsory"):
            who = clean(data, f"{at}.re1")
            if who.isdecimal() and int(who) in done:
                done[int(who)] += 1
    return [name for n, name in players if done[n] < compulsory]


FIELDS = ("kind", "re1", "re2", "compulsory", "forced", "ann_re", "ann_kontra", "offender",
          "points")


def doppelkopf_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    players = players_in_seat_order(table)
    numbers = [n for n, _name in players]
    names = dict(players)
    size = len(players)
    settings = DISCIPLINE.settings(table.round.tournament)
    expected = settings.games_per_round.get(size, 24)
    posted = posted_rows(data, WRITTEN) if data is not None else []
    late = size * settings.compulsory_solos  # room for the owed solos after the round's games
    count = min(max(expected + late + SPARE_ROWS, posted[-1] + 1 if posted else 0), MAX_GAMES)
    kinds = [(key, str(word)) for key, word in KIND_WORDS.items()
             if key not in SOLOS or key in settings.solos]
    kinds.append((PENALTY, str(_("Penalty points"))))
    dealers = deal_of(data, count, numbers)
    labels = {"kind": str(_("Game")), "re1": str(_("Re")), "re2": str(_("Re")),
              "compulsory": str(_("Compulsory solo")), "forced": str(_("Compulsory solo")),
              "ann_re": str(_("Re announced")), "ann_kontra": str(_("Kontra announced")),
              "scores": str(_("Points")), "offender": str(_("Offender")),
              "points": str(_("Penalty points"))}
    rows = []
    for k in range(count):
        key = f"games[{k}]"
        dealer = dealers[k]
        sits_out = dealer if size == 5 else None

        def value(name: str, key: str = key) -> str:
            return (data.get(f"{key}.{name}") or "") if data is not None else ""

        kind = value("kind")
        scores = [make_input(f"{key}.score_{n}", name, data, errors, kind="signed")
                  for n, name in players]
        rows.append(Row(key, str(k + 1), scores, errors.under(key, {
            f"{key}.{name}": word for name, word in labels.items()}), {
            "dealer": names.get(dealer, "") if dealer is not None else "",
            "dealer_number": dealer or "", "penalty": kind == PENALTY,
            "sits_out": sits_out if kind != PENALTY else None,
            "off": f"score_{sits_out}" if sits_out is not None and kind != PENALTY else "",
            "kind": kind, "re1": value("re1"), "re2": value("re2"),
            "offender": value("offender"), "points": value("points"),
            "compulsory": data is not None and is_ticked(data, f"{key}.compulsory"),
            "forced": data is not None and is_ticked(data, f"{key}.forced"),
            "ann_re": value("ann_re"), "ann_kontra": value("ann_kontra"),
            "late": k >= expected,
            "ids": {f: Input(f"{key}.{f}", "").id for f in FIELDS},
            "invalid": {f: errors.has(f"{key}.{f}") for f in (*FIELDS, "scores")}}))
    re_words = [(w, str(ANNOUNCE_WORDS[w])) for w in RE_SAYS]
    kontra_words = [(w, str(ANNOUNCE_WORDS[w])) for w in KONTRA_SAYS]
    others = size - 1
    penalties = [(1, _("minor breach (TSR 9.3): +1 for each other player, %(off)s for the "
                       "offender") % {"off": f"\u2212{others}"}),
                 (4, _("serious breach (TSR 9.4): +4 for each other player, %(off)s for the "
                       "offender") % {"off": f"\u2212{4 * others}"})]
    return {"rows": rows, "players": players, "kinds": kinds, "size": size,
            "expected": expected, "compulsory": settings.compulsory_solos,
            "solo_kinds": [*SOLOS, "silent_solo"],
            "owed": _owed(players, data, count, settings.compulsory_solos),
            "re_words": re_words, "kontra_words": kontra_words, "penalties": penalties,
            "check_messages": doppelkopf_messages(), "dealer_sits_out": size == 5,
            "time_limit": time_limit_for(settings, size),
            # shown with its end (publication + limit) and the minutes left, not enforced;
            # a table of five has its own (TSR 10: 125 minutes)
            "limit": time_limit(table.round.tournament, table.round, size=size),
            "limit_round": table.round}


FORM = ResultForm("captain/inputs/doppelkopf.html", doppelkopf_payload, doppelkopf_context,
                  doppelkopf_post, on_demand=True)
