"""The TRF's codes and the initial ranking: pairing number k is position k of it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ....models import Entrant, Player, Result, Tournament

# FIDE C.04.2: among equal ratings, titles rank in this order, then names.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
TRF_TITLE = {"GM": "g", "IM": "i", "WGM": "wg", "FM": "f", "WIM": "wi", "CM": "c",
             "WFM": "wf", "WCM": "wc"}
LONG_TITLE = {v: k for k, v in TRF_TITLE.items()}

# Header lines kept as text in Tournament.details (012 is the tournament's name).
HEADER = {"022": "city", "032": "federation", "042": "start_date", "052": "end_date",
          "082": "teams", "092": "tournament_type", "102": "chief_arbiter",
          "122": "time_control"}
LIST_HEADER = {"112": "deputy_arbiters"}
# Lines rebuilt from the database on export instead of being kept verbatim.
REBUILT = {"012", "062", "072", "132", "XXR", "142", "XXC", "152", "162", "BBW", "BBD", "BBL",
           "BBZ", "BBF", "BBU", "XXS", "XXP", "XXZ", *HEADER, *LIST_HEADER}

# Result payload -> (white's code, black's code), and back.
SCORE_CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="),
               "+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-")}
CODES_SCORE = {codes: score for score, codes in SCORE_CODES.items()}
BYE_CODE = {"bye": "U", "half": "H", "zero": "Z", "forfeit-win": "F"}
REQUEST_CODE = {"half": "H", "zero": "Z", "full": "F"}
COUNTING = (Result.Status.SUBMITTED, Result.Status.CONFIRMED)
MAX_ROUNDS = 99

# --- ranking -----------------------------------------------------------------------------


def _player(e: Entrant) -> Player | None:
    players = list(e.players.all())  # prefetched by the callers
    return players[0] if players else None


def _elo(e: Entrant, p: Player | None) -> int:
    if e.rating is not None:
        return e.rating
    return (p.rating if p is not None else None) or 0


def normal_title(text: str) -> str:
    """``g``/``GM``/``gm`` -> ``GM``; unknown titles stay as written."""
    text = (text or "").strip()
    if text.lower() in LONG_TITLE:
        return LONG_TITLE[text.lower()]
    return text.upper() if text.upper() in TITLE_ORDER else text


def ranking_key(e: Entrant, rating: str = "elo_else_dwz") -> tuple[Any, ...]:
    """The rating (``rating``: the chess setting ``seeding_rating``, higher first), FIDE
    title (GM … WCM, then none), name, start number.

    ``elo_else_dwz`` (the Chaos seed's rule): each player's Elo where he has one, else his
    DWZ, so DWZ 1900 ranks above Elo 1800; among equal values Elo, then DWZ decide.
    ``elo``: Elo, then DWZ (every Elo player above every DWZ-only player); ``dwz``: DWZ,
    then Elo.
    """
    p = _player(e)
    title = normal_title(p.title if p else "")
    title_rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    elo, dwz = _elo(e, p), (p.dwz if p else None) or 0
    first = {"elo": (elo, dwz), "dwz": (dwz, elo)}.get(rating, (elo or dwz, elo, dwz))
    return (*(-x for x in first), title_rank, ((p.name if p else "") or e.name).casefold(),
            e.start_number)


def initial_ranking(t: Tournament, entrants: Iterable[Entrant] | None = None) -> list[Entrant]:
    """Every entrant in the order of the initial ranking: position k is pairing number k.

    As FIDE C.04.2 (and the Chaos seed) rank a Swiss: rating highest first (Elo else
    DWZ per player, or as the setting ``seeding_rating`` says), then FIDE title (GM,
    IM, WGM, FM, WIM, CM, WFM, WCM, none), then name; the start number only separates
    complete ties. Unrated players come last.
    Results never move anybody. An imported file whose numbering does not follow
    this rule keeps its own (``details["pairing_numbers"] == "fixed"``: by start
    number, which the import set to the file's pairing numbers).
    """
    if entrants is None:
        entrants = t.entrants.prefetch_related("players")
    if (t.details or {}).get("pairing_numbers") == "fixed":
        return sorted(entrants, key=lambda e: e.start_number)
    rating = t.disc.settings(t).seeding_rating
    return sorted(entrants, key=lambda e: ranking_key(e, rating))


def entrant_for_number(t: Tournament) -> dict[int, Entrant]:
    """Pairing number (as in :func:`tournament_trf`) -> entrant, to read the engine's answer."""
    return dict(enumerate(initial_ranking(t), 1))


def number_for_entrant(t: Tournament) -> dict[int, int]:
    """Entrant id -> pairing number."""
    return {e.pk: k for k, e in entrant_for_number(t).items()}

