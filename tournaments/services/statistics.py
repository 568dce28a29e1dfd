"""Statistics of a tournament: how ranks moved round by round, and how the scores spread.

One builder for the director's page, the spectators' page and the PDF, so the
three never disagree. Ranks after each round come from the standings service
(``scoring.standings(doc, after_round=r)``, cached by the tournament's version
like every official standings), so the progression chart is exactly the
standings people saw after that round. Preview rounds are never shown: their
tables are not final. Nothing here writes.

The "main value" is the first ranking value of the discipline (chess points,
Mucken Bobbl, Pussi total, …): the one a histogram of the field makes sense for.
Per round we also count what each entrant gained at a table with a result (for
Pussi that is the series result of docs/rules.md), leaving out byes and sitting out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from django.core.cache import cache
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import charts
from ..disciplines import of
from ..models import Result, Round, Seat, Tournament
from .public import column, number
from .standings import standings, standings_after, version_key

COUNTING = (Result.Status.SUBMITTED, Result.Status.CONFIRMED)
TOP = 5  # leaders highlighted in the progression chart
MAX_BINS = 12  # bars of a histogram of a continuous value
MAX_DISCRETE = 24  # at most this many bars, one per value, for whole (or half) numbers

@dataclass
class ProgressLine:
    entrant: int  # start number
    name: str
    ranks: list[int]  # rank after each shown round


@dataclass
class Progression:
    rounds: list[int]
    lines: list[ProgressLine]  # in the order of the latest standings


@dataclass
class Bin:
    low: float
    high: float  # exclusive for ranges; equal to ``low`` for one value
    count: int
    label: str


@dataclass
class Distribution:
    title: str
    value_label: str
    bins: list[Bin]
    values: int  # how many values were counted
    continuous: bool  # ranges (edges on the axis) rather than single values
    edges: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.values


@dataclass
class Statistics:
    t: Tournament
    rounds: list[int]
    round_word: str
    main_key: str | None
    main_label: str
    progression: Progression
    progression_chart: str
    distributions: list[tuple[Distribution, str]]  # with its chart
    highlight: int | None  # the start number a reader chose
    top: list[int]
    extras: dict[str, Any] = field(default_factory=dict)  # per discipline (the Pussi sheet)
    ident: str = "stats"  # the prefix of the charts' and the table rows' ids


# -- the data -----------------------------------------------------------------------------------

def shown_rounds(t: Tournament) -> list[int]:
    """Rounds that count for the charts: every round that is not a preview."""
    return list(t.rounds.exclude(status=Round.Status.PREVIEW).order_by("number")
                .values_list("number", flat=True))


def rank_progression(t: Tournament, rounds: list[int]) -> Progression:
    """Each entrant's rank after each of ``rounds``, exactly as the standings after that round."""
    after = {r: rows.get("standings", [])
             for r, rows in standings_after(t, [*rounds, None]).items()}
    latest = after[rounds[-1]] if rounds else after[None]
    ranks: dict[int, list[int]] = {row["entrant"]: [] for row in latest}
    for r in rounds:
        for row in after[r]:
            ranks.setdefault(row["entrant"], []).append(row["rank"])
    return Progression(rounds, [ProgressLine(row["entrant"], row["name"], ranks[row["entrant"]])
                                for row in latest])


def main_key(t: Tournament) -> str | None:
    """The first ranking value of the standings (points, Bobbl, total …)."""
    rows = standings(t).get("standings", [])
    return next(iter(rows[0]["values"]), None) if rows else None


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        x = float(value)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


def round_results(t: Tournament, rounds: list[int], key: str) -> list[float]:
    """What each entrant gained in ``key`` at each table with a result (byes left out)."""
    played = set(Seat.objects.filter(round__tournament=t, round__number__in=rounds,
                                     table__result__status__in=COUNTING)
                 .values_list("round__number", "entrant__start_number"))
    out: list[float] = []
    before: dict[int, float] = {}
    after = standings_after(t, rounds)
    for r in rounds:
        now: dict[int, float] = {}
        for row in after[r].get("standings", []):
            x = _as_number(row["values"].get(key))
            if x is None:
                continue
            now[row["entrant"]] = x
            if (r, row["entrant"]) in played:
                out.append(x - before.get(row["entrant"], 0.0))
        before = now
    return out


def _step(values: list[float]) -> Fraction | None:
    """1 or ½ if every value is a multiple of it (whole or half points), else None."""
    for step in (Fraction(1), Fraction(1, 2)):
        if all(abs(v / float(step) - round(v / float(step))) < 1e-9 for v in values):
            return step
    return None


def bins(values: list[float]) -> tuple[list[Bin], bool]:
    """Bars for a histogram: one per value when few, else round ranges [low, high)."""
    if not values:
        return [], False
    lo, hi = min(values), max(values)
    step = _step(values)
    if step is not None and (hi - lo) / float(step) + 1 <= MAX_DISCRETE:
        s = float(step)
        count = round((hi - lo) / s) + 1
        points = [lo + i * s for i in range(count)]
        counts = dict.fromkeys(points, 0)
        for v in values:
            counts[lo + round((v - lo) / s) * s] += 1
        return [Bin(p, p, counts[p], number(p)) for p in points], False
    width = charts.nice_step(hi - lo, MAX_BINS, (1, 2, 5) if step == 1 else (1, 2, 2.5, 5))
    start = math.floor(lo / width) * width
    n = max(1, math.floor((hi - start) / width) + 1)
    out = [Bin(start + i * width, start + (i + 1) * width, 0, "") for i in range(n)]
    for v in values:
        out[min(n - 1, int((v - start) // width))].count += 1
    for b in out:
        b.label = _("%(low)s to under %(high)s") % {"low": number(b.low), "high": number(b.high)}
    return out, True


def distribution(title: str, value_label: str, values: list[float]) -> Distribution:
    found, continuous = bins(values)
    edges = ([number(b.low) for b in found] + [number(found[-1].high)]
             if continuous and found else [])
    return Distribution(title, value_label, found, len(values), continuous, edges)


# -- the charts ---------------------------------------------------------------------------------

def progression_chart(p: Progression, round_word: str, round_short: str, in_text: str,
                      highlight: int | None, ident: str = "rank-progression") -> str:
    leaders = [line.entrant for line in p.lines[:TOP]]
    chosen = next((f"{line.entrant}" for line in p.lines if line.entrant == highlight), None)
    names = ", ".join(line.name for line in p.lines[:TOP])
    desc = ngettext(
        "Rank of %(n)s entrant after each %(round)s, rank 1 at the top.",
        "Rank of each of the %(n)s entrants after each %(round)s, rank 1 at the top; "
        "every entrant is a thin grey line.", len(p.lines)) % {
        "n": len(p.lines), "round": in_text}
    if names:
        desc += " " + _("Highlighted, the current top %(k)s: %(names)s.") % {
            "k": min(TOP, len(p.lines)), "names": names}
    note = chosen_note(next(line.name for line in p.lines if line.entrant == highlight)) \
        if chosen is not None else ""
    series = [charts.Series(f"{line.entrant}", f"{line.entrant} {line.name}", line.ranks,
                            line.name) for line in p.lines]
    return charts.rank_lines(
        series, [round_short % {"n": r} for r in p.rounds],
        title=_("Rank progression"), desc=desc, x_label=round_word, y_label=_("Rank"),
        highlight=[f"{e}" for e in leaders], chosen=chosen, chosen_note=note, ident=ident)


def chosen_note(name: str) -> str:
    """What the rank chart's description adds about the entrant a reader chose."""
    return _("Chosen: %(name)s.") % {"name": name}


def mark_chosen(html: str, ident: str, start_number: int, name: str) -> str:
    """The rendered statistics (``stats/_charts.html`` with ``ident``, nobody chosen) with
    ``start_number`` chosen: its line on top of the rank chart, its row of the table
    marked, the caption saying so. Text operations only, so the page of a large
    tournament is rendered once per version and each reader's choice costs next to
    nothing (:func:`tournaments.charts.choose`)."""
    chart_id = f' id="{ident}-ranks"'
    at = html.find(chart_id)
    start = html.rfind("<svg", 0, at)
    end = html.find("</svg>", at)
    if at < 0 or start < 0 or end < 0:
        return html
    end += len("</svg>")
    chart = charts.choose(html[start:end], str(start_number), chosen_note(name))
    html = html[:start] + chart + html[end:]
    row = f'<tr id="{ident}-row-{start_number}">'
    html = html.replace(row, f'<tr id="{ident}-row-{start_number}" class="chosen">', 1)
    return html.replace('<span class="chosen-note"></span>', '<span class="chosen-note"> '
                        + escape(_("In black: the entrant you chose.")) + "</span>", 1)


def distribution_chart(d: Distribution, ident: str) -> str:
    if d.continuous:
        desc = _("How many values fall into each range (from the lower bound to under the "
                 "upper bound); %(n)s values in all.") % {"n": d.values}
    else:
        desc = _("How many values there are of each size; %(n)s values in all.") % {
            "n": d.values}
    return charts.histogram([charts.Bar(b.label, b.count) for b in d.bins], title=d.title,
                            desc=desc, x_label=d.value_label, y_label=_("Count"),
                            edges=d.edges or None, ident=ident)


# -- extras of a discipline ---------------------------------------------------------------------

def template_exists(name: str) -> bool:
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return False
    return True



# -- everything for a page or a report ----------------------------------------------------------

FACTS_SECONDS = 3600  # bounds memory only: a new version has a new key


@dataclass
class Facts:
    """The numbers behind the charts, in no language: computed once per tournament version."""

    rounds: list[int]
    main_key: str | None
    progression: Progression
    current: list[float]  # the main value of every entrant now
    per_round: list[float]  # what each entrant gained at each table with a result


def facts(t: Tournament) -> Facts:
    """:class:`Facts` of this version of the tournament, from the cache when it has them.

    Ranking the field after every round is the expensive part of the statistics (the
    standings after round r look at every game up to r); it is done once per version,
    like the standings themselves, and the page, the director's page and the PDF all
    draw from it.
    """
    key = f"statistics:{version_key(t)}"
    found = cache.get(key)
    if found is None:
        rounds = shown_rounds(t)
        progression = rank_progression(t, rounds)
        main = main_key(t)
        current: list[float] = []
        per_round: list[float] = []
        if main:
            latest = standings(t).get("standings", [])
            current = [x for x in (_as_number(r["values"].get(main)) for r in latest)
                       if x is not None]
            per_round = round_results(t, rounds, main) if rounds else []
        found = Facts(rounds, main, progression, current, per_round)
        cache.set(key, found, FACTS_SECONDS)
    return found


def statistics(t: Tournament, highlight: int | None = None, ident: str = "stats") -> Statistics:
    """The charts and their numbers; ``highlight`` is a start number to draw in black."""
    f = facts(t)
    rounds, key, progression = f.rounds, f.main_key, f.progression
    label = column(t, key).title if key else ""
    disc = of(t)
    round_word = str(disc.round_word)
    round_short = str(disc.round_short)
    in_text = str(disc.round_word_in_text)
    numbers = {line.entrant for line in progression.lines}
    highlight = highlight if highlight in numbers else None
    distributions: list[tuple[Distribution, str]] = []
    if key:
        current = distribution(_("Distribution of %(value)s") % {"value": label}, label,
                               f.current)
        distributions.append((current, distribution_chart(current, f"{ident}-current")))
        if rounds:
            title = str(disc.round_results_title
                        or _("%(value)s per %(round)s") % {"value": label, "round": in_text})
            per_round = distribution(title, label, f.per_round)
            if not per_round.empty:
                distributions.append((per_round,
                                      distribution_chart(per_round, f"{ident}-per-round")))
    found = disc.statistics_extra(t)
    return Statistics(
        t=t, rounds=rounds, round_word=round_word, main_key=key, main_label=label,
        progression=progression,
        progression_chart=progression_chart(progression, round_word, round_short, in_text,
                                            highlight, f"{ident}-ranks") if rounds else "",
        distributions=distributions, highlight=highlight,
        top=[line.entrant for line in progression.lines[:TOP]],
        extras=found or {}, ident=ident)


def discipline_label(t: Tournament) -> str:
    return str(of(t).label)
