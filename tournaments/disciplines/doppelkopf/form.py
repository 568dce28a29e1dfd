"""Doppelkopf's result form: the table's list as on paper, one line per game with the kind
of game, the Re party (the soloist alone in a solo), whether a solo is the player's
compulsory solo, the announcements of each party and every player's score.

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
from scoring.doppelkopf import LEVELS, SOLOS, Facts, is_solo, re_result, time_limit_for

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

LINE_KEY = re.compile(r"^games\[(\d+)\]\.(kind|re1|re2|compulsory|ann_re|ann_kontra|"
                      r"score_\d+)$")
# a row counts as written by anything but the compulsory-solo tick alone
WRITTEN = re.compile(r"^games\[(\d+)\]\.(kind|re1|re2|ann_re|ann_kontra|score_\d+)$")
RE_SAYS = ("re", "90", "60", "30", "schwarz")
KONTRA_SAYS = ("kontra", "90", "60", "30", "schwarz")
MAX_SCORE = 1000  # the scoring core's bound of a written score


@lru_cache(maxsize=256)
def possible_values(solo: bool, re_level: int, kontra_level: int,
                    specials: frozenset[str]) -> frozenset[int]:
    """Every score one Re player (a soloist: each opponent's loss) can get in a game of this
    kind with these announcements: every split of the 240 card points, either party black,
    and in a normal game or a wedding any special points each party could make (at most one
    Doppelkopf per 40 card points, two foxes, one Karlchen). Generous, so only the impossible
    is refused."""
    kind, re = ("queens", (1,)) if solo else ("normal", (1, 2))
    out: set[int] = set()
    none: tuple[dict[str, int], dict[str, int]] = ({}, {})
    for eyes in range(241):
        for black in (None, "re", "kontra"):
            if (black == "re" and eyes) or (black == "kontra" and eyes != 240):
                continue
            base = re_result(kind, re, Facts(eyes, (re_level, kontra_level), black, none),
                             specials)
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
    for k in range(filled[-1] + 1):  # a blank line between written ones is an error
        at = f"games[{k}]"
        dealer = numbers[k % size] if size == 5 else None
        active = [n for n in numbers if n != dealer]
        kind = clean(post, f"{at}.kind")
        if kind not in KIND_WORDS:
            add_error(errors, f"{at}.kind", _("required") if not kind else _("choose a game"))
            continue
        if kind in SOLOS and kind not in settings.solos:
            add_error(errors, f"{at}.kind", _("%(game)s is not played in this tournament")
                      % {"game": KIND_WORDS[kind]})
            continue
        re_party = _re_party(post, at, kind, active, dealer, names, errors)
        compulsory = is_ticked(post, f"{at}.compulsory")
        said = [clean(post, f"{at}.ann_re"), clean(post, f"{at}.ann_kontra")]
        for word, allowed, field in ((said[0], RE_SAYS, "ann_re"),
                                     (said[1], KONTRA_SAYS, "ann_kontra")):
            if word and word not in allowed:
                add_error(errors, f"{at}.{field}", _("choose an announcement"))
        scores = {n: _score(post, f"{at}.score_{n}", errors, names[n]) for n in active}
        if dealer is not None and clean(post, f"{at}.score_{dealer}"):
            add_error(errors, f"{at}.score_{dealer}", _(
                "%(name)s deals game %(n)s and sits it out at a table of five: no score")
                % {"name": names[dealer], "n": k + 1})
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
        if k >= limit and not (soloist is not None and compulsory):
            add_error(errors, f"{at}.kind", _(
                "the round has %(limit)s games; after them only owed compulsory solos are "
                "played") % {"limit": limit})
        kontra = [n for n in active if n not in re_party]
        if all(v is not None for v in scores.values()):
            why = _score_problem(kind, re_party, kontra, scores, said,  # type: ignore[arg-type]
                                 settings.specials, names)
            if why:
                add_error(errors, f"{at}.scores", why)
        line: dict[str, Any] = {"kind": kind, "re": re_party}
        if dealer is not None:
            line["dealer"] = dealer
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


def _re_party(post: Data, at: str, kind: str, active: list[int], dealer: int | None,
              names: dict[int, str], errors: ErrorDict) -> list[int] | None:
    """The Re players of a line (the soloist alone), or None after an error at ``re``."""
    picked = []
    for field in ("re1", "re2"):
        raw = clean(post, f"{at}.{field}")
        if raw:
            number = int(raw) if raw.isdigit() else None
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
                   names: dict[int, str]) -> str | None:
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
    levels = (LEVELS[said[0]] if said[0] else 0, LEVELS[said[1]] if said[1] else 0)
    possible = possible_values(solo, levels[0], levels[1], frozenset(specials))
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
    for k, line in enumerate(list_at(payload, "games")[:MAX_GAMES]):
        if not isinstance(line, dict):
            continue
        at = f"games[{k}]"
        kind = line.get("kind", "normal")
        out[f"{at}.kind"] = kind if isinstance(kind, str) else ""
        re_party: list[Any] = line["re"] if isinstance(line.get("re"), list) else []
        for field, number in zip(("re1", "re2"), re_party, strict=False):
            out[f"{at}.{field}"] = str(number) if isinstance(number, int) else ""
        if line.get("compulsory") is True:
            out[f"{at}.compulsory"] = "on"
        announce: dict[str, Any] = (line["announce"] if isinstance(line.get("announce"), dict)
                                    else {})
        for party, field in (("re", "ann_re"), ("kontra", "ann_kontra")):
            if isinstance(announce.get(party), str):
                out[f"{at}.{field}"] = announce[party]
        scores: dict[str, Any] = line["scores"] if isinstance(line.get("scores"), dict) else {}
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
    }


def _owed(players: list[tuple[int, str]], data: Data | None, rows: int,
          compulsory: int) -> list[str]:
    """Who still owes a compulsory solo after the lines in ``data``."""
    done = {n: 0 for n, _name in players}
    for k in range(rows):
        at = f"games[{k}]"
        if data is not None and is_ticked(data, f"{at}.compulsory"):
            who = clean(data, f"{at}.re1")
            if who.isdigit() and int(who) in done:
                done[int(who)] += 1
    return [name for n, name in players if done[n] < compulsory]


def doppelkopf_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    players = players_in_seat_order(table)
    size = len(players)
    settings = DISCIPLINE.settings(table.round.tournament)
    expected = settings.games_per_round.get(size, 24)
    posted = posted_rows(data, WRITTEN) if data is not None else []
    late = size * settings.compulsory_solos  # room for the owed solos after the round's games
    count = min(max(expected + late, posted[-1] + 1 if posted else 0), MAX_GAMES)
    kinds = [(key, str(word)) for key, word in KIND_WORDS.items()
             if key not in SOLOS or key in settings.solos]
    rows = []
    for k in range(count):
        key = f"games[{k}]"
        dealer = players[k % size] if players else (0, "")

        def value(name: str, key: str = key) -> str:
            return (data.get(f"{key}.{name}") or "") if data is not None else ""

        scores = [make_input(f"{key}.score_{n}", name, data, errors, kind="signed")
                  for n, name in players]
        labels = {f"{key}.kind": str(_("Game")), f"{key}.re1": str(_("Re")),
                  f"{key}.re2": str(_("Re")), f"{key}.compulsory": str(_("Compulsory solo")),
                  f"{key}.ann_re": str(_("Re announced")),
                  f"{key}.ann_kontra": str(_("Kontra announced")),
                  f"{key}.scores": str(_("Points"))}
        rows.append(Row(key, str(k + 1), scores, errors.under(key, labels), {
            "dealer": dealer[1], "dealer_number": dealer[0],
            "sits_out": dealer[0] if size == 5 else None,
            "kind": value("kind"), "re1": value("re1"), "re2": value("re2"),
            "compulsory": data is not None and is_ticked(data, f"{key}.compulsory"),
            "ann_re": value("ann_re"), "ann_kontra": value("ann_kontra"),
            "late": k >= expected,
            "ids": {f: Input(f"{key}.{f}", "").id
                    for f in ("kind", "re1", "re2", "compulsory", "ann_re", "ann_kontra")},
            "invalid": {f: errors.has(f"{key}.{f}")
                        for f in ("kind", "re1", "re2", "compulsory", "ann_re", "ann_kontra",
                                  "scores")}}))
    re_words = [(w, str(ANNOUNCE_WORDS[w])) for w in RE_SAYS]
    kontra_words = [(w, str(ANNOUNCE_WORDS[w])) for w in KONTRA_SAYS]
    return {"rows": rows, "players": players, "kinds": kinds, "size": size,
            "expected": expected, "compulsory": settings.compulsory_solos,
            "solo_kinds": [*SOLOS, "silent_solo"],
            "owed": _owed(players, data, count, settings.compulsory_solos),
            "re_words": re_words, "kontra_words": kontra_words,
            "check_messages": doppelkopf_messages(), "dealer_sits_out": size == 5,
            "time_limit": time_limit_for(settings, size),
            # shown with its end (publication + limit) and the minutes left, not enforced;
            # a table of five has its own (TSR 10: 125 minutes)
            "limit": time_limit(table.round.tournament, table.round, size=size),
            "limit_round": table.round}


FORM = ResultForm("captain/inputs/doppelkopf.html", doppelkopf_payload, doppelkopf_context,
                  doppelkopf_post, on_demand=True)
