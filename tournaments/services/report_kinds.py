"""What can be printed: one :class:`ReportKind` per kind of PDF, registered by its owner.

A kind says what it is called, whether it fits a tournament, whether it is about one
round (pairings) or may show an earlier state (standings after round 3), which layouts
it may be ordered with, and what its template gets. The common kinds are here; a
discipline brings its own (:meth:`~tournaments.disciplines.base.WebDiscipline.report_kinds`,
chess: cross table, progress table, player cards, DWZ evaluation, player list), so the
reports service and its pages know no discipline. A kind that can also be looked at as a
page before printing has a :class:`ReportPage`.

The kind's name is what ``Report.kind`` stores (free text: a new kind needs no migration).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import segno
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..common import report_words
from ..disciplines.registry import DISCIPLINES, of
from ..models import Report, Round, Tournament
from .finish import certificates_context, certificates_refusal
from .prize_list import prize_list
from .public import (
    categories_present,
    category_tables,
    round_byes,
    round_tables,
    standings_table,
)

if TYPE_CHECKING:
    from django.http import QueryDict

Context = dict[str, Any]
ORDER = gettext_lazy("Order")
LAYOUT_ERROR = gettext_lazy("choose a horizontal or vertical layout")


@dataclass(frozen=True)
class ReportPage:
    """A kind that is also a page (``/director/<slug>/reports/<path>/``) to look at before
    printing: how it is built from the query and which options the query may carry."""

    path: str
    heading: Any
    partial: str  # the template of the page's body (the PDF's template includes it too)
    build: Callable[[Tournament, int | None, QueryDict], Context]
    choices: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()  # GET options
    choice_label: Any = ORDER  # the label of the GET options
    layout_option: str = ""  # the GET option the PDF is ordered with as its ``layout``


@dataclass(frozen=True)
class ReportKind:
    """One kind of PDF. Subclass or instantiate; ``context`` fills what its template
    (``reports/<name>.html``) gets beyond the common context."""

    name: str
    label: Any
    context: Callable[[Report, Context], None]
    needs_round: bool = False  # about one round (pairings, score sheets)
    after_round: bool = False  # may show the state after an earlier round (standings)
    layouts: tuple[str, ...] = ()  # what it may be ordered with as ``layout``
    # The layouts by the tournament, where the discipline decides them (score sheets).
    layouts_of: Callable[[Tournament], tuple[str, ...]] | None = None
    layout_error: Any = LAYOUT_ERROR
    refusal: Callable[[Tournament], str | None] = field(default=lambda _t: None)
    page: ReportPage | None = None
    css: tuple[str, ...] = ()  # style sheets of its page and PDF beyond the common one

    def layouts_for(self, t: Tournament) -> tuple[str, ...]:
        return self.layouts_of(t) if self.layouts_of is not None else self.layouts

    def fits(self, t: Tournament) -> str | None:
        """Why the kind does not fit the tournament (translated), or None when it does."""
        return self.refusal(t)

    @property
    def template(self) -> str:
        return f"reports/{self.name}.html"


def qr_data_uri(url: str) -> str:
    """The table's captain link as an inline SVG QR code: no file, no network."""
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


def captain_url(base_url: str, token: str) -> str:
    return f"{base_url.rstrip('/')}/c/{token}/"


def _standings(report: Report, context: Context) -> None:
    context["table"] = standings_table(report.tournament, after_round=report.round_number)


def _round(report: Report, context: Context) -> None:
    t = report.tournament
    assert report.round_number is not None  # a round's report names its round
    rnd = Round.objects.select_related("tournament").get(tournament=t,
                                                         number=report.round_number)
    disc = of(t)
    with_results = report.kind == Report.Kind.PAIRINGS and disc.pairings_with_results
    tables = round_tables(rnd, with_results=with_results)
    context.update(round=rnd, tables=tables, byes=disc.printed_byes(rnd, round_byes(rnd)),
                   table_word=disc.table_word, show_results=with_results,
                   round_note=disc.round_note(t, rnd))
    if report.kind == Report.Kind.SCORE_SHEETS:
        context["rows"] = disc.sheet_rows(t, rnd)
        context["settings"] = disc.settings(t)
        context["sheet_template"] = disc.score_sheet_template
        layouts = [value for value, _words in disc.sheet_layouts]
        chosen = (getattr(report, "options", None) or {}).get("layout")
        context["sheet_layout"] = chosen if chosen in layouts else next(iter(layouts), "")
        for table in tables:
            table.url = captain_url(context["base_url"], table.token)  # type: ignore[attr-defined]
            table.qr = qr_data_uri(table.url)  # type: ignore[attr-defined]


def _categories(report: Report, context: Context) -> None:
    context["tables"] = category_tables(report.tournament, report.round_number)


def _category_page(t: Tournament, after: int | None, params: QueryDict) -> Context:
    return {"tables": category_tables(t, after)}


def _statistics(report: Report, context: Context) -> None:
    from .statistics import statistics  # only this kind needs the charts

    context["stats"] = statistics(report.tournament, ident="stats-print")


def _has_categories(t: Tournament) -> str | None:
    return None if categories_present(t) else _("no entrant has a category")


def _prize_list(report: Report, context: Context) -> None:
    context["allocation"] = prize_list(report.tournament)


def _has_prize_list(t: Tournament) -> str | None:
    return None if (t.prize_fund or {}).get("prizes") else _("no prize list with money yet")


def _sheet_layouts(t: Tournament) -> tuple[str, ...]:
    """A discipline's own pad comes in layouts (Mucken: Bobbl as rows or as columns)."""
    return tuple(value for value, _words in of(t).sheet_layouts)


COMMON: tuple[ReportKind, ...] = (
    ReportKind(Report.Kind.STANDINGS, Report.Kind.STANDINGS.label, _standings,
               after_round=True),
    ReportKind(Report.Kind.PAIRINGS, Report.Kind.PAIRINGS.label, _round, needs_round=True),
    ReportKind(Report.Kind.SCORE_SHEETS, Report.Kind.SCORE_SHEETS.label, _round,
               needs_round=True, layouts_of=_sheet_layouts),
    ReportKind("category_standings", report_words.CATEGORY_STANDINGS, _categories,
               after_round=True, refusal=_has_categories,
               page=ReportPage("categories", gettext_lazy("Standings by category"),
                               "reports/_category_tables.html", _category_page)),
    ReportKind("statistics", report_words.STATISTICS, _statistics),
    ReportKind("certificates", report_words.CERTIFICATES, certificates_context,
               refusal=certificates_refusal),
    ReportKind("prize_list", gettext_lazy("prize list"), _prize_list, refusal=_has_prize_list),
    ReportKind("cash_sheet", gettext_lazy("cash-desk sheet of the prize money"), _prize_list,
               refusal=_has_prize_list),
)


def kinds() -> Mapping[str, ReportKind]:
    """Every kind the site can print: the common ones, then each discipline's own."""
    found = {k.name: k for k in COMMON}
    for web in DISCIPLINES.values():
        for kind in web.report_kinds():
            found.setdefault(kind.name, kind)
    return found


def kind_of(name: str) -> ReportKind | None:
    return kinds().get(name)


def own_kinds(t: Tournament) -> list[ReportKind]:
    """The common kinds and the tournament's discipline's, whether they fit now or not."""
    return [*COMMON, *of(t).report_kinds()]


def kinds_for(t: Tournament) -> list[ReportKind]:
    """The kinds this tournament can print now."""
    return [k for k in own_kinds(t) if k.fits(t) is None]


def page_kinds() -> list[ReportKind]:
    """The kinds that are pages too (their URLs are made from this list)."""
    return [k for k in kinds().values() if k.page is not None]
