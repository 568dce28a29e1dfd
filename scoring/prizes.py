"""Prize allocation of an open tournament: who receives which prize, how much, and why.

Pure and small on purpose: the final standings (each row's rank after tie-breaks, its
points and plain facts of the player) and the director's prize list go in, the
allocation comes out. The web app, the command line (``python -m scoring prizes``,
:mod:`scoring.prizes_input`) and the tests call the same :func:`allocate`.

The rules, each a field of :class:`Rules` with its default, are documented with their
sources in ``docs/prizes.md``:

- **One prize per player, the most valuable** (``one_prize``): prizes are handed out from
  the most valuable down; each goes to the best-placed eligible player who has none yet.
  So a player who could take 3rd place (100 €) or "best under 1800" (150 €) takes the
  latter and 3rd place passes to the next player.
- **Place before category at equal value** (``place_first``).
- **Ties** (``ties``): ``tiebreak`` pays each player the prize of the place the tie-break
  gives him; ``share`` pools the money of the prizes a tie group won (per prize list)
  and splits it equally; ``hort`` is Vlastimil Hort's system, half by tie-break and
  half shared: each tied player keeps half of his own prize and gets an equal share of
  the pooled other halves (2nd 200 € and 3rd 100 € tied: 100 + 75 = 175 € and
  50 + 75 = 125 €). Which prize a player receives is decided on the announced values;
  only the money is then shared. Items (trophies, books) are never split: they stay
  with the player the tie-break gives them to.
- **Unclaimed prizes** (``unclaimed``): a prize nobody eligible is left for lapses, or
  (``open``) goes to the best-placed player without a prize.
- **Rounding** (``unit``): shares are paid in multiples of ``unit`` cents; what rounding
  leaves over goes to the better-placed players first, so the money paid is exactly the
  money won: nothing is lost or invented.

Money is in whole cents (``int``) throughout; shares are computed exactly (fractions)
and only then rounded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Literal

from .i18n import N_, Message

TIES = ("tiebreak", "share", "hort")
UNCLAIMED = ("lapse", "open")
AGE_BY = ("year", "date")
Ties = Literal["tiebreak", "share", "hort"]


@dataclass(frozen=True)
class Player:
    """One row of the final standings: what the prize rules may ask of a player."""

    id: int
    name: str
    rank: int  # place after tie-breaks, 1 = first; equal ranks keep the order given
    points: Fraction  # players with equal points are tied (Hort, shared money)
    rating: int | None = None
    birth_year: int | None = None
    birth_date: date | None = None
    sex: str = ""  # "m", "w" or "" (unknown)
    club: str = ""
    groups: frozenset[str] = frozenset()  # any named group: "team", "schools", "members" …


@dataclass(frozen=True)
class Rules:
    """How prizes are handed out; each default is explained in ``docs/prizes.md``."""

    one_prize: bool = True
    ties: Ties = "tiebreak"
    place_first: bool = True
    unclaimed: Literal["lapse", "open"] = "lapse"
    unit: int = 1  # cents: 100 pays whole euros
    reference_date: date | None = None  # for age groups
    age_by: Literal["year", "date"] = "year"


@dataclass(frozen=True)
class Category:
    """Who may win a category's prizes: every condition that is set must hold."""

    name: str
    rating_below: int | None = None
    rating_at_least: int | None = None
    unrated: bool = False  # whether a player without rating passes the rating conditions
    age_under: int | None = None
    age_at_least: int | None = None
    sex: str | None = None  # "w" for the women's prizes
    clubs: frozenset[str] = frozenset()
    group: str | None = None

    @property
    def needs_age(self) -> bool:
        return self.age_under is not None or self.age_at_least is not None

    def admits(self, p: Player, rules: Rules) -> bool:
        if self.rating_below is not None or self.rating_at_least is not None:
            if p.rating is None:
                if not self.unrated:
                    return False
            elif ((self.rating_below is not None and p.rating >= self.rating_below)
                  or (self.rating_at_least is not None and p.rating < self.rating_at_least)):
                return False
        if self.needs_age:
            age = player_age(p, rules)
            if age is None:
                return False
            if ((self.age_under is not None and age >= self.age_under)
                    or (self.age_at_least is not None and age < self.age_at_least)):
                return False
        if self.sex is not None and p.sex != self.sex:
            return False
        if self.clubs and p.club not in self.clubs:
            return False
        return self.group is None or self.group in p.groups


def player_age(p: Player, rules: Rules) -> int | None:
    """The age a category counts, or None when the player's birth is unknown.

    ``year`` (the FIDE and DSB age groups): the age reached in the reference year,
    ``reference year - birth year``, so "under 18" means born in that year minus 17 or
    later. ``date``: the exact age on the reference date (needs the full birth date).
    """
    ref = rules.reference_date
    if ref is None:
        return None
    if rules.age_by == "date":
        b = p.birth_date
        if b is None:
            return None
        return ref.year - b.year - ((ref.month, ref.day) < (b.month, b.day))
    year = p.birth_year if p.birth_year is not None else (
        p.birth_date.year if p.birth_date is not None else None)
    return None if year is None else ref.year - year


@dataclass(frozen=True)
class Prize:
    """One prize of the list: place ``place`` of the whole field (``category`` None) or
    of one category. ``money`` in cents, ``item`` a non-money prize, ``worth`` (cents)
    how an item ranks against money prizes."""

    name: str
    place: int
    money: int = 0
    item: str = ""
    worth: int = 0
    category: str | None = None

    @property
    def value(self) -> int:
        return self.money + self.worth


@dataclass(frozen=True)
class Award:
    """What one player receives: the prize won by the standings (``prize``; None for a
    tied player who only shares a pool), the money paid and the item, with the reason."""

    player: int
    prize: Prize | None
    money: int
    item: str
    reason: Message
    shared_with: tuple[int, ...] = ()  # the other players of the pool, by id


@dataclass(frozen=True)
class Allocation:
    awards: tuple[Award, ...]  # in the order of the standings
    unawarded: tuple[tuple[Prize, Message], ...] = ()

    @property
    def paid(self) -> int:
        return sum(a.money for a in self.awards)


class PrizeError(ValueError):
    """A prize list that cannot be allocated (the reader reports these with places)."""


def money_text(cents: int) -> str:
    """``17500`` -> ``175.00`` (no currency: the page adds it)."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def check_prizes(prizes: Sequence[Prize], categories: Mapping[str, Category],
                 rules: Rules) -> list[tuple[int, Message]]:
    """What makes a prize list unallocatable, by prize index: an unknown category, a
    place given twice in one list, a later place worth more than an earlier one, an age
    group without reference date."""
    problems: list[tuple[int, Message]] = []
    seen: dict[tuple[str | None, int], int] = {}
    for k, z in enumerate(prizes):
        if z.category is not None and z.category not in categories:
            problems.append((k, N_("unknown category %(name)s", name=z.category)))
            continue
        if (z.category, z.place) in seen:
            problems.append((k, N_("place %(place)s of this list is also prize %(other)s",
                                   place=z.place, other=seen[z.category, z.place] + 1)))
        seen[z.category, z.place] = k
        if (z.category is not None and categories[z.category].needs_age
                and rules.reference_date is None):
            problems.append((k, N_("an age group needs settings.reference_date")))
    for (lst, place), k in seen.items():
        for (other_lst, other_place), j in seen.items():
            if (lst == other_lst and other_place > place
                    and prizes[j].value > prizes[k].value):
                problems.append((j, N_("place %(place)s is worth more than place %(better)s "
                                       "of the same list", place=other_place, better=place)))
    return problems


def allocate(players: Sequence[Player], prizes: Sequence[Prize],
             categories: Mapping[str, Category], rules: Rules = Rules()) -> Allocation:
    """Allocate ``prizes`` to the standings ``players`` under ``rules``.

    Raises :class:`PrizeError` for a list :func:`check_prizes` refuses.
    """
    problems = check_prizes(prizes, categories, rules)
    if problems:
        raise PrizeError("; ".join(f"prize {k + 1}: {m}" for k, m in problems))
    order = sorted(players, key=lambda p: p.rank)  # stable: equal ranks keep their order
    held: dict[int, list[int]] = {}  # player id -> prize indices won
    opened: set[int] = set()  # prizes given outside their category (unclaimed: open)
    unawarded: list[tuple[Prize, Message]] = []
    for k in _by_value(prizes, rules):
        z = prizes[k]
        p = next((q for q in order if _free(q, z, held, prizes, rules)
                  and _eligible(z, q, categories, rules)), None)
        if p is None and rules.unclaimed == "open":
            p = next((q for q in order if _free(q, z, held, prizes, rules)), None)
            opened.add(k)
        if p is None:
            unawarded.append((z, N_("%(prize)s: nobody eligible was left", prize=z.name)))
            continue
        held.setdefault(p.id, []).append(k)
    return Allocation(tuple(_pay(order, prizes, held, opened, categories, rules)),
                      tuple(unawarded))


def _by_value(prizes: Sequence[Prize], rules: Rules) -> list[int]:
    """Prize indices from the most valuable down; at equal value place prizes first (or
    category prizes first, ``place_first=False``), then the lower place, then the list."""
    def key(k: int) -> tuple[int, int, int, int]:
        z = prizes[k]
        kind = 0 if (z.category is None) == rules.place_first else 1
        return (-z.value, kind, z.place, k)
    return sorted(range(len(prizes)), key=key)


def _eligible(z: Prize, p: Player, categories: Mapping[str, Category], rules: Rules) -> bool:
    return z.category is None or categories[z.category].admits(p, rules)


def _free(p: Player, z: Prize, held: Mapping[int, list[int]], prizes: Sequence[Prize],
          rules: Rules) -> bool:
    """Whether ``p`` may still take ``z``: he has no prize (one prize per player), or no
    prize of ``z``'s list (several prizes allowed)."""
    mine = held.get(p.id, [])
    if rules.one_prize:
        return not mine
    return all(prizes[j].category != z.category for j in mine)


def _tie_groups(order: Sequence[Player]) -> list[list[Player]]:
    groups: list[list[Player]] = []
    for p in order:
        if groups and groups[-1][0].points == p.points:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


@dataclass
class _Pool:
    """The money of one prize list won inside one tie group, and who shares it."""

    lst: str | None
    holders: list[tuple[Player, int]]  # (player, prize index), best-placed first
    joined: list[Player] = field(default_factory=list)  # tied players without a prize

    @property
    def members(self) -> list[Player]:
        return [p for p, _ in self.holders] + self.joined


def _pay(order: Sequence[Player], prizes: Sequence[Prize], held: Mapping[int, list[int]],
         opened: set[int], categories: Mapping[str, Category], rules: Rules) -> list[Award]:
    """One award per prize won (the money shared within tie groups unless ``tiebreak``),
    plus one for each tied player who only shares a pool; in the order of the standings."""
    shares: dict[tuple[int, int], tuple[int, Message, tuple[int, ...]]] = {}  # (id, prize)
    extra: dict[int, list[Award]] = {}  # tied players without a prize of their own
    if rules.ties != "tiebreak":
        for group in _tie_groups(order):
            if len(group) > 1:
                _share_group(group, prizes, held, opened, categories, rules, shares, extra)
    awards: list[Award] = []
    for p in order:
        for k in sorted(held.get(p.id, []), key=lambda j: -prizes[j].value):
            z = prizes[k]
            if (p.id, k) in shares:
                money, reason, others = shares[p.id, k]
            else:
                money, others = z.money, ()
                reason = (N_("%(prize)s: nobody eligible was left; given to the best-placed "
                             "player without a prize", prize=z.name) if k in opened
                          else N_("%(prize)s: the best-placed eligible player without a "
                                  "prize of this list", prize=z.name))
            awards.append(Award(p.id, z, money, z.item, reason, others))
        awards += extra.get(p.id, [])
    return awards


def _share_group(group: list[Player], prizes: Sequence[Prize], held: Mapping[int, list[int]],
                 opened: set[int], categories: Mapping[str, Category], rules: Rules,
                 shares: dict[tuple[int, int], tuple[int, Message, tuple[int, ...]]],
                 extra: dict[int, list[Award]]) -> None:
    """Pool the money each prize list paid inside one tie group and share it out.

    A category prize nobody eligible was left for and that went to the best-placed player
    without a prize (``unclaimed="open"``) is shared as a prize of the open list: its holder
    was never in the category's race, so pooling it with the category's own winners would pay
    a better-placed tied player less than a worse-placed one."""
    pools: dict[str | None, _Pool] = {}
    for p in group:
        for k in held.get(p.id, []):
            if prizes[k].money > 0:
                lst = None if k in opened else prizes[k].category
                pools.setdefault(lst, _Pool(lst, [])).holders.append((p, k))
    for p in group:  # tied players the prizes ran out for share in with them
        mine = held.get(p.id, [])
        lists = [pool for pool in pools.values()
                 if (not mine if rules.one_prize
                     else all(prizes[j].category != pool.lst for j in mine))
                 and (pool.lst is None or categories[pool.lst].admits(p, rules))]
        if rules.one_prize and lists:  # one pool only: the one that pays most a head
            best = max(lists, key=lambda pool: (Fraction(
                sum(prizes[k].money for _, k in pool.holders), len(pool.members) + 1),
                pool.lst is None))
            lists = [best]
        for pool in lists:
            pool.joined.append(p)
    points = group[0].points
    for pool in pools.values():
        members = pool.members
        if len(members) < 2:
            continue
        own = [prizes[k].money for _, k in pool.holders] + [0] * len(pool.joined)
        total = sum(own)
        amounts = _split(own, rules)
        ids = tuple(p.id for p in members)
        facts = {"pool": money_text(total), "n": len(members), "points": _points_text(points)}
        for i, p in enumerate(members):
            others = tuple(x for x in ids if x != p.id)
            if i < len(pool.holders):
                k = pool.holders[i][1]
                shares[p.id, k] = (amounts[i], _shared(rules, prizes[k].name, own[i], facts),
                                   others)
            else:
                extra.setdefault(p.id, []).append(Award(
                    p.id, None, amounts[i], "", _shared(rules, None, 0, facts), others))


def _shared(rules: Rules, prize: str | None, own: int, facts: dict[str, object]) -> Message:
    """Why a tied player receives his share: of the prize he won, or only of the pool."""
    if rules.ties == "hort":
        if prize is None:
            return N_("Hort system: an equal share of the other halves of %(pool)s won by "
                      "%(n)s players tied on %(points)s points", **facts)
        return N_("%(prize)s: Hort system: half of %(own)s by tie-break, plus an equal share "
                  "of the other halves of %(pool)s won by %(n)s players tied on %(points)s "
                  "points", prize=prize, own=money_text(own), **facts)
    if prize is None:
        return N_("%(n)s players tied on %(points)s points share %(pool)s equally", **facts)
    return N_("%(prize)s: %(n)s players tied on %(points)s points share %(pool)s equally",
              prize=prize, **facts)


def _points_text(points: Fraction) -> str:
    return str(points.numerator) if points.denominator == 1 else f"{float(points):g}"


def _split(own: Sequence[int], rules: Rules) -> list[int]:
    """The amounts of a pool's members (best-placed first), in multiples of ``unit``.

    Exact first: ``share`` gives everyone ``total / n``, ``hort`` gives ``own / 2 +
    total / 2n``. Each is rounded down to the unit; the units this leaves over go one
    each to the best-placed, and what is less than a unit is split cent by cent the same
    way: the sum is the pool to the cent, and within the pool a better-placed player never
    gets less than a worse-placed one.
    """
    total, n, unit = sum(own), len(own), rules.unit
    if rules.ties == "hort":
        exact = [Fraction(x, 2) + Fraction(total, 2 * n) for x in own]
    else:
        exact = [Fraction(total, n)] * n
    paid = [int(x // unit) * unit for x in exact]
    left = total - sum(paid)
    for i in range(min(n, left // unit)):
        paid[i] += unit
        left -= unit
    each, first = divmod(left, n)
    return [x + each + (i < first) for i, x in enumerate(paid)]
