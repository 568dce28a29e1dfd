"""Reading a prize document (JSON) into :mod:`scoring.prizes`, every problem with its place.

The document (``docs/prizes.md`` has a full example)::

    {"format": "prizes/1",                      optional
     "settings": {"ties": "hort", ...},          optional; Rules' fields
     "categories": {"u1800": {"rating_below": 1800}, ...},
     "prizes": [{"name": "1st", "place": 1, "money": 20000}, ...],
     "standings": [{"id": 7, "name": "...", "rank": 1, "points": 6.5, ...}, ...]}

Everything from outside is bounded (:data:`LIMITS`): counts, text length, numbers. Text
must be one line (:func:`scoring.text.control_problem`). The reader collects every
problem (``prizes[2].money: must be a whole number from 0 to 10000000000``) instead of
stopping at the first, as ``python -m scoring validate`` does for documents.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any, cast

from .i18n import N_, Message
from .json_input import MAX_BYTES, JsonInputError, loads
from .model import Problems
from .prizes import (
    AGE_BY,
    TIES,
    UNCLAIMED,
    Allocation,
    Category,
    Player,
    Prize,
    Rules,
    check_prizes,
    money_text,
)
from .text import control_problem

FORMAT = "prizes/1"
LIMITS = {"players": 5000, "prizes": 500, "categories": 100, "groups": 20, "text": 200,
          "money": 10_000_000_000, "rank": 100_000, "id": 1_000_000_000, "rating": 4000,
          "points": 10_000, "age": 150, "unit": 100_000}
_POINTS = re.compile(r"-?\d{1,5}(\.\d{1,4})?")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class _Reader:
    def __init__(self) -> None:
        self.problems = Problems()

    def error(self, place: str, message: Message) -> None:
        self.problems.error(place, message)

    def whole(self, data: Mapping[str, Any], key: str, place: str, low: int, high: int,
              required: bool = False) -> int | None:
        value = data.get(key)
        if value is None:
            if required:
                self.error(f"{place}.{key}", N_("missing"))
            return None
        if type(value) is not int or not low <= value <= high:
            self.error(f"{place}.{key}", N_("must be a whole number from %(low)s to %(high)s",
                                            low=low, high=high))
            return None
        return value

    def text(self, data: Mapping[str, Any], key: str, place: str,
             required: bool = False) -> str | None:
        value = data.get(key)
        if value is None:
            if required:
                self.error(f"{place}.{key}", N_("missing"))
            return None
        if not isinstance(value, str) or (required and not value.strip()):
            self.error(f"{place}.{key}", N_("must be text"))
            return None
        if len(value) > LIMITS["text"]:
            self.error(f"{place}.{key}", N_("longer than %(n)s characters", n=LIMITS["text"]))
            return None
        problem = control_problem(value)
        if problem is not None:
            self.error(f"{place}.{key}", problem)
            return None
        return value.strip()

    def flag(self, data: Mapping[str, Any], key: str, place: str, default: bool) -> bool:
        value = data.get(key, default)
        if type(value) is not bool:
            self.error(f"{place}.{key}", N_("must be true or false"))
            return default
        return value

    def choice(self, data: Mapping[str, Any], key: str, place: str, options: tuple[str, ...],
               default: str) -> str:
        value = data.get(key, default)
        if value not in options:
            self.error(f"{place}.{key}", N_("must be one of %(options)s",
                                            options=", ".join(options)))
            return default
        return cast(str, value)

    def day(self, data: Mapping[str, Any], key: str, place: str) -> date | None:
        value = data.get(key)
        if value is None:
            return None
        if isinstance(value, str) and _DATE.fullmatch(value):
            try:
                return date.fromisoformat(value)
            except ValueError:
                pass
        self.error(f"{place}.{key}", N_("must be a date like 2025-06-30"))
        return None

    def items(self, data: Mapping[str, Any], key: str, limit: str,
              kind: type[list[Any]] | type[dict[str, Any]]) -> list[Any]:
        value: Any = data.get(key, kind())
        if not isinstance(value, kind):
            self.error(key, N_("must be a list") if kind is list else N_("must be an object"))
            return []
        if len(value) > LIMITS[limit]:
            self.error(key, N_("more than %(n)s entries", n=LIMITS[limit]))
            return []
        return list(value.items()) if isinstance(value, dict) else list(value)

    def settings(self, data: Any) -> Rules:
        if data is None:
            return Rules()
        if not isinstance(data, dict):
            self.error("settings", N_("must be an object"))
            return Rules()
        known = {"one_prize", "ties", "place_first", "unclaimed", "unit", "reference_date",
                 "age_by"}
        for key in data:
            if key not in known:
                self.error(f"settings.{_short(key)}", N_("unknown setting"))
        unit = self.whole(data, "unit", "settings", 1, LIMITS["unit"])
        return Rules(
            one_prize=self.flag(data, "one_prize", "settings", True),
            ties=cast(Any, self.choice(data, "ties", "settings", TIES, "tiebreak")),
            place_first=self.flag(data, "place_first", "settings", True),
            unclaimed=cast(Any, self.choice(data, "unclaimed", "settings", UNCLAIMED, "lapse")),
            unit=unit or 1,
            reference_date=self.day(data, "reference_date", "settings"),
            age_by=cast(Any, self.choice(data, "age_by", "settings", AGE_BY, "year")))

    def category(self, name: str, data: Any) -> Category | None:
        place = f"categories.{_short(name)}"
        if not isinstance(data, dict):
            self.error(place, N_("must be an object"))
            return None
        known = {"rating_below", "rating_at_least", "unrated", "age_under", "age_at_least",
                 "sex", "clubs", "group"}
        for key in data:
            if key not in known:
                self.error(f"{place}.{_short(key)}", N_("unknown condition"))
        sex = self.text(data, "sex", place)
        if sex not in (None, "m", "w"):
            self.error(f"{place}.sex", N_("must be m or w"))
            sex = None
        clubs = data.get("clubs", [])
        if not isinstance(clubs, list) or len(clubs) > LIMITS["groups"] or not all(
                isinstance(c, str) and len(c) <= LIMITS["text"] and control_problem(c) is None
                for c in clubs):
            self.error(f"{place}.clubs", N_("must be a list of at most %(n)s club names",
                                            n=LIMITS["groups"]))
            clubs = []
        return Category(
            name, rating_below=self.whole(data, "rating_below", place, 0, LIMITS["rating"]),
            rating_at_least=self.whole(data, "rating_at_least", place, 0, LIMITS["rating"]),
            unrated=self.flag(data, "unrated", place, False),
            age_under=self.whole(data, "age_under", place, 0, LIMITS["age"]),
            age_at_least=self.whole(data, "age_at_least", place, 0, LIMITS["age"]),
            sex=sex, clubs=frozenset(c.strip() for c in clubs),
            group=self.text(data, "group", place))

    def prize(self, k: int, data: Any) -> Prize | None:
        place = f"prizes[{k}]"
        if not isinstance(data, dict):
            self.error(place, N_("must be an object"))
            return None
        for key in data:
            if key not in {"name", "place", "money", "item", "worth", "category"}:
                self.error(f"{place}.{_short(key)}", N_("unknown field"))
        name = self.text(data, "name", place, required=True)
        rank = self.whole(data, "place", place, 1, LIMITS["rank"], required=True)
        money = self.whole(data, "money", place, 0, LIMITS["money"]) or 0
        item = self.text(data, "item", place) or ""
        worth = self.whole(data, "worth", place, 0, LIMITS["money"]) or 0
        category = self.text(data, "category", place)
        if name is None or rank is None:
            return None
        return Prize(name, rank, money, item, worth, category)

    def player(self, k: int, data: Any) -> Player | None:
        place = f"standings[{k}]"
        if not isinstance(data, dict):
            self.error(place, N_("must be an object"))
            return None
        for key in data:
            if key not in {"id", "name", "rank", "points", "rating", "birth_year",
                           "birth_date", "sex", "club", "groups"}:
                self.error(f"{place}.{_short(key)}", N_("unknown field"))
        ident = self.whole(data, "id", place, 1, LIMITS["id"], required=True)
        name = self.text(data, "name", place, required=True)
        rank = self.whole(data, "rank", place, 1, LIMITS["rank"], required=True)
        points = self.points(data.get("points"), f"{place}.points")
        sex = self.text(data, "sex", place) or ""
        if sex not in ("", "m", "w"):
            self.error(f"{place}.sex", N_("must be m or w"))
        groups = data.get("groups", [])
        if not isinstance(groups, list) or len(groups) > LIMITS["groups"] or not all(
                isinstance(g, str) and len(g) <= LIMITS["text"] and control_problem(g) is None
                for g in groups):
            self.error(f"{place}.groups", N_("must be a list of at most %(n)s names",
                                             n=LIMITS["groups"]))
            groups = []
        player = Player(
            ident or 0, name or "", rank or 0, points or Fraction(0),
            rating=self.whole(data, "rating", place, 0, LIMITS["rating"]),
            birth_year=self.whole(data, "birth_year", place, 1850, 2200),
            birth_date=self.day(data, "birth_date", place), sex=sex,
            club=self.text(data, "club", place) or "",
            groups=frozenset(g.strip() for g in groups))
        if ident is None or name is None or rank is None or points is None:
            return None
        return player

    def points(self, value: Any, place: str) -> Fraction | None:
        if value is None:
            self.error(place, N_("missing"))
            return None
        text = str(value) if type(value) in (int, float, str) else ""
        if not _POINTS.fullmatch(text) or abs(Fraction(text)) > LIMITS["points"]:
            self.error(place, N_("must be a number of points like 6.5"))
            return None
        return Fraction(text)


def _short(key: str) -> str:
    return key if len(key) <= 40 else key[:40] + "…"


PrizeInput = tuple[list[Player], list[Prize], dict[str, Category], Rules]


def read(data: Any) -> tuple[PrizeInput | None, Problems]:
    """The players, prizes, categories and rules of a decoded document, or None and every
    problem found."""
    r = _Reader()
    if not isinstance(data, dict):
        r.error("", N_("a prize document is a JSON object"))
        return None, r.problems
    for key in data:
        if key not in {"format", "settings", "categories", "prizes", "standings"}:
            r.error(_short(key), N_("unknown field"))
    if data.get("format", FORMAT) != FORMAT:
        r.error("format", N_("unknown format; this program reads %(format)s", format=FORMAT))
    rules = r.settings(data.get("settings"))
    categories: dict[str, Category] = {}
    for name, value in r.items(data, "categories", "categories", dict):
        if not name.strip() or len(name) > LIMITS["text"] or control_problem(name):
            r.error(f"categories.{_short(name)}", N_("a category needs a short one-line name"))
            continue
        category = r.category(name, value)
        if category is not None:
            categories[name] = category
    indexed = [(k, z) for k, v in enumerate(r.items(data, "prizes", "prizes", list))
               if (z := r.prize(k, v)) is not None]
    prizes = [z for _, z in indexed]
    if "standings" not in data:
        r.error("standings", N_("missing"))
    players: list[Player] = []
    seen: dict[int, int] = {}
    for k, value in enumerate(r.items(data, "standings", "players", list)):
        p = r.player(k, value)
        if p is None:
            continue
        if p.id in seen:
            r.error(f"standings[{k}].id", N_("id %(id)s is also standings[%(other)s]",
                                             id=p.id, other=seen[p.id]))
        seen[p.id] = k
        players.append(p)
    _check_order(r, players)
    for k, message in check_prizes(prizes, categories, rules):
        r.error(f"prizes[{indexed[k][0]}]", message)
    if r.problems.errors:
        return None, r.problems
    return (players, prizes, categories, rules), r.problems


def _check_order(r: _Reader, players: list[Player]) -> None:
    """Ranks must follow the points: a better rank never has fewer points."""
    index = {id(p): k for k, p in enumerate(players)}
    by_rank = sorted(players, key=lambda p: p.rank)
    for better, worse in pairwise(by_rank):
        if worse.points > better.points:
            r.error(f"standings[{index[id(worse)]}].points",
                    N_("rank %(rank)s has more points than rank %(better)s",
                       rank=worse.rank, better=better.rank))


def read_file(path: str | Path) -> tuple[PrizeInput | None, Problems]:
    """Read and check a prize document from disk (at most the JSON reader's bound)."""
    problems = Problems()
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        problems.error("", N_("cannot read %(path)s: %(why)s", path=str(path),
                              why=exc.strerror or str(exc)))
        return None, problems
    try:
        data = loads(raw)
    except JsonInputError as exc:
        problems.error(exc.place, exc.detail)
        return None, problems
    return read(data)


def as_json(players: list[Player], allocation: Allocation) -> dict[str, Any]:
    """The allocation as the command line prints it: awards in the order of the standings
    (money in cents and as text), then the prizes nobody received."""
    by_id = {p.id: p for p in players}
    return {
        "format": FORMAT,
        "awards": [{
            "id": a.player, "name": by_id[a.player].name, "rank": by_id[a.player].rank,
            "prize": a.prize.name if a.prize else None, "money": a.money,
            "money_text": money_text(a.money), "item": a.item,
            "shared_with": list(a.shared_with), "reason": a.reason,
        } for a in allocation.awards],
        "unawarded": [{"prize": z.name, "reason": why} for z, why in allocation.unawarded],
        "paid": allocation.paid, "paid_text": money_text(allocation.paid),
    }
