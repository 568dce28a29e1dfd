"""What spectators and papers show of a team tournament: each match's boards, and the cross
table of the teams (board points of each meeting, from the row team's side)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...models import Round, Tournament
from ...services.standings import standings
from ...services.teams import match_lines, roster
from .score import SHOWN, half, match_score

# A board's result from the second-named team's side.
MIRRORED = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2", "+-": "-+", "-+": "+-",
            "--": "--"}


def round_matches(t: Tournament, rnd: Round) -> list[dict[str, Any]]:
    """Each match of ``rnd``: both teams, the score and every board (players, colours,
    result), as the public page and the projector show it."""
    out = []
    for table in rnd.tables.prefetch_related("seats__entrant").order_by("number"):
        sides = {s.side: s.entrant for s in table.seats.all()}
        result = getattr(table, "result", None)
        payload = result.payload if result is not None else None
        score = match_score(payload) if payload is not None else None
        results = list(payload.get("boards") or []) if isinstance(payload, dict) else []
        boards = [{"line": line, "result": SHOWN.get(results[line.board - 1], "")
                   if line.board <= len(results) else ""}
                  for line in match_lines(table)]
        out.append({"number": table.number, "first": sides.get(1), "second": sides.get(2),
                    "score": f"{half(score[0])} : {half(score[1])}" if score else "",
                    "status": result.status if result is not None else "",
                    "boards": boards})
    return out


def initial_colour_note(t: Tournament) -> str:
    """The team Swiss's initial colour (C.04.6 4.1) once round 1 is drawn, as the matches
    page shows it ("White, drawn by lot"); empty for the other systems."""
    from django.utils.translation import gettext as _

    from .draw import initial_colour

    if not t.rounds.filter(number=1, draw_method="team_swiss").exists():
        return ""
    colour, how = initial_colour(t)
    word = _("White") if colour == "w" else _("Black")
    if how == "lot":
        return _("Initial colour (FIDE C.04.6 4.1): %(colour)s, drawn by lot before round 1.") \
            % {"colour": word}
    return _("Initial colour (FIDE C.04.6 4.1): %(colour)s, as set in the settings.") \
        % {"colour": word}


def cross_table(t: Tournament) -> dict[str, Any]:
    """The teams by rank; each cell the board points scored against the column's team (a
    double round robin's meetings side by side)."""
    rows = standings(t)["standings"]
    order = [r["entrant"] for r in rows]
    entrants = {e.start_number: e for e in t.entrants.all()}
    pk_number = {e.pk: e.start_number for e in entrants.values()}
    cells: dict[tuple[int, int], list[str]] = {}
    for rnd in t.rounds.exclude(status=Round.Status.PREVIEW).prefetch_related(
            "tables__seats", "tables__result").order_by("number"):
        for table in rnd.tables.all():
            sides = {s.side: pk_number[s.entrant_id] for s in table.seats.all()
                     if s.entrant_id in pk_number}
            result = getattr(table, "result", None)
            score = match_score(result.payload) if result is not None else None
            if score is None or 1 not in sides or 2 not in sides:
                continue
            a, b = sides[1], sides[2]
            cells.setdefault((a, b), []).append(half(score[0]))
            cells.setdefault((b, a), []).append(half(score[1]))
    values = {r["entrant"]: r["values"] for r in rows}
    return {
        "columns": list(range(1, len(order) + 1)),
        "rows": [{"rank": r["rank"], "team": entrants.get(r["entrant"]),
                  "mp": _number(values[r["entrant"]].get("mp")),
                  "gp": _number(values[r["entrant"]].get("gp")),
                  "cells": ["×" if other == r["entrant"] else " / ".join(
                      cells.get((r["entrant"], other), [])) for other in order]}
                 for r in rows],
    }


def _number(value: Any) -> str:
    if value is None:
        return ""
    return half(Fraction(str(value)))


def team_games(t: Tournament) -> tuple[list[tuple[Any, list[Any]]], list[Any]]:
    """Each team with its members in board order, and every match with a result as
    ``scoring.teams.Match``es whose players are member ids (from the line-ups)."""
    from scoring.teams import Game, Match

    ids: dict[tuple[int, int], int] = {}  # (entrant id, board-order place) -> member id
    teams = []
    for e in t.entrants.order_by("start_number"):
        members = roster(e)
        ids.update({(e.pk, m.position): m.pk for m in members})
        teams.append((e, members))
    matches = []
    for rnd in t.rounds.exclude(status=Round.Status.PREVIEW).order_by("number"):
        for table in rnd.tables.prefetch_related("seats").order_by("number"):
            result = getattr(table, "result", None)
            payload = result.payload if result is not None else None
            if match_score(payload) is None or not isinstance(payload, dict):
                continue
            sides = {s.side: s.entrant_id for s in table.seats.all()}
            games = tuple(
                Game(line.board, ids.get((sides[1], line.first_place or 0)),
                     ids.get((sides[2], line.second_place or 0)), outcome,
                     line.first_colour == "W")
                for line, outcome in zip(match_lines(table), payload["boards"], strict=False))
            matches.append(Match(rnd.number, sides[1], sides[2], games))
    return teams, matches


def player_table(t: Tournament) -> list[dict[str, Any]]:
    """Each team's players in board order with their games, points, boards played and FIDE
    performance (``scoring.teams.player_results`` over the line-ups of every match played).
    """
    from scoring.teams import player_results

    teams, matches = team_games(t)
    elo = {m.pk: m.player.rating for _e, members in teams for m in members if m.player.rating}
    results = player_results(matches, elo=elo)
    out = []
    for e, members in teams:
        rows = []
        for m in members:
            r = results.get(m.pk)
            rows.append({"place": m.position, "name": m.player.name, "elo": m.player.rating,
                         "substitute": m.substitute,
                         "points": half(r.points) if r else "", "games": r.games if r else 0,
                         "boards": ", ".join(str(b) for b in r.boards) if r else "",
                         "tpr": r.tpr if r and r.tpr is not None else ""})
        out.append({"team": e, "players": rows})
    return out
