"""Pussi's result form: the score sheet, game by game or as running totals."""

from __future__ import annotations

import re
from typing import Any, cast

from django.utils.translation import gettext as _

from scoring.pussi import (
    CARD_POINTS_BELOW,
    MAX_GAMES,
    OUTCOMES,
    Entry,
    Game,
    check_game,
    entry_of,
    entry_problem,
    entry_totals,
    premium_game,
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
    as_text,
    clean,
    list_at,
    make_input,
    posted_rows,
    raise_errors,
    read_whole,
    side_heads,
)
from ..registry import DISCIPLINES

DISCIPLINE = DISCIPLINES["pussi"]

# Two ways to write a sheet, one payload: "outcome" (game by game: declaring party, bid, how
# the declarer fared, what the other party made; the app keeps the running totals) and
# "totals" (both running totals, as written on paper). Either way the payload carries the
# totals, and services.check_payload checks them with scoring.pussi.check_game.

GAME_KEY = re.compile(r"^games\[(\d+)\]\.(declarer|bid|total1|total2|outcome|points|schwarz)$")
GAME_FIELDS = ("declarer", "bid", "total1", "total2")
OUTCOME_FIELDS = ("declarer", "bid", "outcome", "points", "schwarz")
MODE_FIELD = "pussi_mode"
MODES = ("outcome", "totals", "quick")
# "quick": the seed's entry in a hurry, no games: both final totals, who crossed the premium
# total first and in which game, and how many games were played (scoring.pussi.Quick).
QUICK_FIELDS = ("final.1", "final.2", "played", "premium.side", "premium.game")


def _games_per_series(table: Table) -> int:
    from .discipline import Pussi

    return cast(Pussi, DISCIPLINE).series_games(table.round.tournament, table.round)


def _premium_at(table: Table) -> int:
    return int(DISCIPLINE.settings(table.round.tournament).premium_at)


def _posted_games(post: Data, fields: tuple[str, ...] = GAME_FIELDS) -> list[int]:
    """Indices of game rows with anything written in ``fields``."""
    return posted_rows(post, GAME_KEY, fields)


def _pussi_mode(post: Data) -> str:
    """The mode the form was sent in; a form without the switch (an older page, a script)
    is read as totals unless only outcome fields are written."""
    mode = clean(post, MODE_FIELD)
    if mode in MODES:
        return mode
    if (clean(post, "final.1") or clean(post, "final.2")) and not _posted_games(
            post, (*GAME_FIELDS, *OUTCOME_FIELDS)):
        return "quick"
    outcome_only = ("outcome", "points", "schwarz")
    if _posted_games(post, outcome_only) and not _posted_games(post, ("total1", "total2")):
        return "outcome"
    return "totals"


def _declarer(post: Data, at: str, errors: ErrorDict) -> int | None:
    declarer = clean(post, f"{at}.declarer")
    if declarer in ("1", "2"):
        return int(declarer)
    add_error(errors, f"{at}.declarer", _("required") if not declarer else _("must be 1 or 2"))
    return None


def _bid(post: Data, at: str, errors: ErrorDict) -> int | None:
    bid = read_whole(post, f"{at}.bid", errors)
    if bid is not None and bid <= 0:
        add_error(errors, f"{at}.bid", _("must be a positive whole number"))
        return None
    return bid


def _schwarz_ticked(post: Data, key: str) -> bool:
    return clean(post, key).lower() in ("1", "on", "true")


def _entry(post: Data, at: str, declarer: int | None, bid: int | None,
           errors: ErrorDict) -> Entry | None:
    """One outcome row, checked on its own (it does not depend on the rows above)."""
    outcome = clean(post, f"{at}.outcome")
    if outcome not in OUTCOMES:
        add_error(errors, f"{at}.outcome", _("required") if not outcome
             else _("choose won, lost or lost Schwarz"))
    points: int | None = None
    if _schwarz_ticked(post, f"{at}.schwarz"):
        if clean(post, f"{at}.points"):
            add_error(errors, f"{at}.points", pussi_messages()["points_and_schwarz"])
            return None
    else:
        points = read_whole(post, f"{at}.points", errors)
        if points is None:
            return None
    if declarer is None or bid is None or outcome not in OUTCOMES:
        return None
    entry = Entry(declarer, bid, outcome, points)
    code = entry_problem(entry)
    if code:
        add_error(errors, f"{at}.points", _entry_message(code, bid))
        return None
    return entry


def _entry_message(code: str, bid: int | str) -> str:
    return (pussi_messages()[code].replace("{bid}", str(bid))
            .replace("{max}", str(CARD_POINTS_BELOW - 1)))


def _quick_payload(post: Data, table: Table) -> dict[str, Any]:
    """The quick entry's payload; the rules (premium needed above the premium total, its
    game within the games played) are checked by the scoring core, at these same keys."""
    errors: ErrorDict = {}
    final = [read_whole(post, "final.1", errors), read_whole(post, "final.2", errors)]
    played = read_whole(post, "played", errors) if clean(post, "played") else None
    side = clean(post, "premium.side")
    premium: dict[str, Any] | None = None
    if side in ("1", "2"):
        game = read_whole(post, "premium.game", errors)
        premium = {"side": int(side), "game": game}
    elif side:
        add_error(errors, "premium.side", _("must be 1 or 2"))
    elif clean(post, "premium.game"):
        add_error(errors, "premium.side", _("say which party crossed it in that game"))
    raise_errors(errors)
    payload: dict[str, Any] = {"final": final, "premium": premium}
    if played is not None:
        payload["played"] = played
    return payload


def pussi_payload(post: Data, table: Table) -> dict[str, Any]:
    mode = _pussi_mode(post)
    if mode == "quick":
        return _quick_payload(post, table)
    filled = _posted_games(post, OUTCOME_FIELDS if mode == "outcome" else GAME_FIELDS)
    if not filled:
        raise ServiceError({"games": [_("enter at least one game")]})
    if filled[-1] >= MAX_GAMES:
        raise ServiceError({"games": [_("at most %(n)d games") % {"n": MAX_GAMES}]})
    errors: ErrorDict = {}
    games = []
    prev: tuple[int, int] | None = (0, 0)
    for k in range(filled[-1] + 1):  # a blank row between written ones is an error, not a skip
        at = f"games[{k}]"
        declarer = _declarer(post, at, errors)
        bid = _bid(post, at, errors)
        if mode == "totals":
            totals: list[int | None] = [read_whole(post, f"{at}.total1", errors),
                                        read_whole(post, f"{at}.total2", errors)]
        else:
            entry = _entry(post, at, declarer, bid, errors)
            prev = entry_totals(prev, entry) if entry is not None and prev is not None else None
            totals = list(prev) if prev is not None else [None, None]
        games.append({"declarer": declarer, "bid": bid, "totals": totals})
    raise_errors(errors)
    return {"games": games}


def pussi_post(payload: Any, table: Table) -> dict[str, str]:
    """The totals inputs of a stored sheet (the outcome inputs follow from them when shown)."""
    out: dict[str, str] = {}
    if isinstance(payload, dict) and "final" in payload:
        final = payload.get("final")
        final = final if isinstance(final, list) and len(final) == 2 else ["", ""]
        raw = payload.get("premium")
        premium: dict[str, Any] = raw if isinstance(raw, dict) else {}
        return {MODE_FIELD: "quick", "final.1": as_text(final[0]), "final.2": as_text(final[1]),
                "played": as_text(payload.get("played")),
                "premium.side": as_text(premium.get("side")),
                "premium.game": as_text(premium.get("game"))}
    for k, game in enumerate(list_at(payload, "games")[:MAX_GAMES]):
        if not isinstance(game, dict):
            continue
        declarer = game.get("declarer")
        if isinstance(declarer, bool) or declarer not in (1, 2):
            declarer = ""
        totals = game.get("totals")
        totals = totals if isinstance(totals, list) and len(totals) == 2 else ["", ""]
        out.update({f"games[{k}].declarer": str(declarer),
                    f"games[{k}].bid": as_text(game.get("bid")),
                    f"games[{k}].total1": as_text(totals[0]),
                    f"games[{k}].total2": as_text(totals[1])})
    return out


def pussi_messages() -> dict[str, str]:
    """The live check's messages (for captain.js) and the outcome form's own, worded like
    ``scoring.pussi.check_game``; ``{…}`` are filled in."""
    return {
        "declarer": _("declarer's total {total} does not follow from {prev} with bid {bid} "
                      "(won: {won}, lost: {lost}, lost Schwarz: {schwarz})"),
        "other": _("the other party's total {total} does not follow from {prev}: it can only "
                   "grow by its card points or fall by 2×{bid} to {schwarz} (played Schwarz)"),
        "incomplete": _("fill in party, bid and both totals"),
        "incomplete_outcome": _("fill in party, bid, the declarer's outcome and the other "
                                "party's card points (or “played Schwarz”)"),
        "declarer_value": _("the declaring party must be 1 or 2"),
        "bid_value": _("the bid must be a positive whole number"),
        "whole": _("the totals must be whole numbers"),
        "points_whole": _("the card points must be a whole number"),
        "points_range": _("card points must be from 0 to {max}: a party never makes 500 "
                          "in one game"),
        "points_and_schwarz": _("enter card points or tick “played Schwarz”, not both"),
        "schwarz_needs_won": _("the other party loses 2×{bid} for Schwarz only when the "
                               "declarer won; after a lost game it scores its card points (0)"),
        "points_of": _("Card points of {party}"),
        "other_points": _("Other party's card points"),
        "premium": _("Premium ({at}): {party}, reached in game {game}"),
        "no_premium": _("Premium ({at}): not reached yet"),
        "party1": DISCIPLINE.side_label(1),
        "party2": DISCIPLINE.side_label(2),
        "summary": _("Please correct the marked games before sending."),
        "quick_premium": _("a party ends at {total} or more: say who crossed {at} first and "
                           "in which game"),
        "quick_incomplete": _("fill in both final totals"),
    }


def _game_of(data: Data, at: str) -> Game | None:
    """A row's game from its totals inputs, or None if any part is missing or no number."""
    try:
        declarer, bid = int(clean(data, f"{at}.declarer")), int(clean(data, f"{at}.bid"))
        totals = (int(clean(data, f"{at}.total1")), int(clean(data, f"{at}.total2")))
    except ValueError:
        return None
    return Game(declarer, bid, totals) if declarer in (1, 2) and bid > 0 else None


def _entry_of_inputs(data: Data, at: str) -> Entry | None:
    """A row's outcome from its outcome inputs, or None if it is not a complete, real game."""
    errors: ErrorDict = {}
    declarer = clean(data, f"{at}.declarer")
    try:
        bid = int(clean(data, f"{at}.bid"))
    except ValueError:
        return None
    if declarer not in ("1", "2") or bid <= 0:
        return None
    return _entry(data, at, int(declarer), bid, errors)


def _outcome_inputs(data: Data) -> dict[str, str] | None:
    """The outcome inputs that show totals inputs, or None if some written row has no
    outcome form (it does not follow the rules, or shows a game the seed does not know)."""
    out: dict[str, str] = {}
    prev = (0, 0)
    for k in range(max(_posted_games(data), default=-1) + 1):
        at = f"games[{k}]"
        game = _game_of(data, at)
        entry = entry_of(prev, game) if game is not None else None
        if game is None or entry is None:
            return None
        out[f"{at}.outcome"] = entry.outcome
        out[f"{at}.points"] = "" if entry.points is None else str(entry.points)
        out[f"{at}.schwarz"] = "1" if entry.points is None else ""
        prev = game.totals
    return out


def _shown(data: Data | None) -> tuple[str, Data | None]:
    """The mode to show and the inputs to show in it. Inputs without the switch (a stored
    sheet shown for correction) are shown game by game when every row has an outcome form."""
    if data is None:
        return "outcome", None
    mode = clean(data, MODE_FIELD)
    if mode in MODES:
        return mode, data
    outcomes = _outcome_inputs(data)
    if outcomes is None:
        return "totals", data
    return "outcome", {**{k: data.get(k) for k in data}, **outcomes}


def _running(data: Data | None, mode: str, count: int) -> list[tuple[int, int] | None]:
    """The totals after each row as far as the rows above are complete and right."""
    out: list[tuple[int, int] | None] = []
    prev: tuple[int, int] | None = (0, 0)
    for k in range(count):
        at = f"games[{k}]"
        if data is None or prev is None:
            prev = None
        elif mode == "outcome":
            entry = _entry_of_inputs(data, at)
            prev = entry_totals(prev, entry) if entry is not None else None
        else:
            game = _game_of(data, at)
            prev = game.totals if game is not None and not check_game(prev, game) else None
        out.append(prev)
    return out


def pussi_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    heads = side_heads(table)
    expected = _games_per_series(table)
    premium_at = _premium_at(table)
    mode, data = _shown(data)
    count = expected
    if data is not None:
        posted = [k for k in _posted_games(data, (*GAME_FIELDS, *OUTCOME_FIELDS))
                  if k < MAX_GAMES]
        count = max(expected, posted[-1] + 1 if posted else 0)
    running = _running(data, mode, count)
    messages = pussi_messages()
    games = []
    for k, totals in enumerate(running):
        if totals is None:
            break
        games.append(Game(int(clean(data or {}, f"games[{k}].declarer")), 1, totals))
    premium = premium_game(games, premium_at) if games else None

    def game_row(k: int, totals: tuple[int, int] | None) -> Row:
        key = f"games[{k}]"

        def value(name: str) -> str:
            return (data.get(f"{key}.{name}") or "") if data is not None else ""

        inputs = [make_input(f"{key}.bid", str(_("Bid")), data, errors),
                  make_input(f"{key}.total1", DISCIPLINE.side_label(1), data, errors, "signed"),
                  make_input(f"{key}.total2", DISCIPLINE.side_label(2), data, errors, "signed"),
                  make_input(f"{key}.points", str(_("Card points")), data, errors)]
        labels = {i.name: i.label for i in inputs}
        labels[f"{key}.declarer"] = str(_("Declaring party"))
        labels[f"{key}.outcome"] = str(_("Declarer's outcome"))
        won = premium is not None and premium[1] == k
        other = {"1": DISCIPLINE.side_label(2),
                 "2": DISCIPLINE.side_label(1)}.get(value("declarer"))
        return Row(key, str(k + 1), inputs, errors.under(key, labels), {
            "other_label": (messages["points_of"].replace("{party}", other) if other
                            else messages["other_points"]),
            **_row_names(key), "declarer": value("declarer"),
            "declarer_invalid": errors.has(f"{key}.declarer"),
            "outcome": value("outcome"), "outcome_invalid": errors.has(f"{key}.outcome"),
            "schwarz": _schwarz_ticked(data, f"{key}.schwarz") if data is not None else False,
            "bid": inputs[0], "total1": inputs[1], "total2": inputs[2], "points": inputs[3],
            "shown": totals, "premium_side": premium[0] + 1 if won and premium else None})

    rows = [game_row(k, totals) for k, totals in enumerate(running)]
    template_row = Row("games[__k__]", "__n__", [], extra={
        **_row_names("games[__k__]"), "declarer": "", "outcome": "", "schwarz": False,
        "other_label": messages["other_points"],
        "bid": Input("games[__k__].bid", str(_("Bid"))),
        "total1": Input("games[__k__].total1", DISCIPLINE.side_label(1), kind="signed"),
        "total2": Input("games[__k__].total2", DISCIPLINE.side_label(2), kind="signed"),
        "points": Input("games[__k__].points", str(_("Card points")))})
    premium_text = (messages["premium"].replace("{party}", heads[premium[0]])
                    .replace("{game}", str(premium[1] + 1)) if premium is not None
                    else messages["no_premium"]).replace("{at}", str(premium_at))
    return {"rows": rows, "template_row": template_row, "heads": heads,
            "quick": _quick_rows(data, errors, heads, expected),
            "expected": expected, "max_games": MAX_GAMES, "mode": mode,
            "mode_field": MODE_FIELD, "premium_at": premium_at, "premium_text": premium_text,
            "card_points_below": CARD_POINTS_BELOW, "check_messages": messages,
            "side_word": DISCIPLINE.side_word}


def _quick_rows(data: Data | None, errors: Errors, heads: list[str], expected: int
                ) -> dict[str, Any]:
    """The quick entry's three lines: final totals, games played, the premium."""
    final = [make_input("final.1", heads[0], data, errors, "signed"),
             make_input("final.2", heads[1], data, errors, "signed")]
    played = make_input("played", str(_("Games played")), data, errors)
    if data is None or MODE_FIELD not in data:
        played.value = played.value or str(expected)
    game = make_input("premium.game", str(_("in game")), data, errors)
    side = (data.get("premium.side") or "") if data is not None else ""
    return {
        "final": Row("final", str(_("Final totals")), final,
                     errors.under("final", {i.name: i.label for i in final})),
        "played": Row("played", str(_("Games played")), [played], errors.under("played")),
        "premium": Row("premium", str(_("Premium")), [game], errors.under("premium", {
            "premium.game": game.label, "premium.side": str(_("Party"))}),
            {"side": side, "game": game, "side_invalid": errors.has("premium.side")}),
    }


def _row_names(key: str) -> dict[str, str]:
    """Names and element ids of a row's declarer select, outcome radios and Schwarz box."""
    return {"declarer_name": f"{key}.declarer", "declarer_id": Input(f"{key}.declarer", "").id,
            "outcome_name": f"{key}.outcome", "outcome_id": Input(f"{key}.outcome", "").id,
            "schwarz_name": f"{key}.schwarz", "schwarz_id": Input(f"{key}.schwarz", "").id}


FORM = ResultForm("captain/inputs/pussi.html", pussi_payload, pussi_context, pussi_post,
                  on_demand=True)
