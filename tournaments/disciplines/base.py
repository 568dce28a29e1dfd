"""The web side of one discipline: everything a page, a form, a report or a service needs
to know about it, so nothing outside this package asks "which discipline?".

A subclass of :class:`WebDiscipline` per package here, found by the registry; its scoring in
:mod:`scoring` under the same name. See docs/adding-a-discipline.md. Importing this stays
light: ``tournaments.models`` builds its choices from it (no models or services imported)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from pairing import Layout
from scoring import registry as scoring_registry
from scoring.discipline import Discipline
from scoring.model import Problems

from .cells import cell_text
from .round_hooks import RoundHooks
from .settings_spec import Setting
from .whatif import Spec
from .words import AT_THE_TABLE, OTHER_PARTY, SecondReport
from .words import POINTS_WORDS as POINTS_WORDS
from .words import RoundChoice as RoundChoice
from .words import Words as Words

if TYPE_CHECKING:
    from django.http import HttpRequest
    from django.urls import URLPattern, URLResolver

    from ..common.actions import Action
    from ..common.errors import Actor
    from ..models import Entrant, Round, Seat, Tournament
    from ..result_forms import ResultForm
    from ..services.report_kinds import ReportKind
    from .demo import Demo


SettingsT = TypeVar("SettingsT")


class WebDiscipline(RoundHooks, Generic[SettingsT]):
    """One discipline as the web app sees it. Subclasses set the class attributes;
    ``SettingsT`` is its scoring module's ``Settings`` (what :meth:`settings` returns)."""

    # -- what it is -------------------------------------------------------------------------
    name: str = ""  # the key in DISCIPLINES and in scoring.registry
    label: Any = ""  # its name for people, translated
    preset: Mapping[str, Any] = {}  # scoring settings a new tournament starts from
    entrant_kinds: tuple[str, ...] = ("single",)  # who enters: single players and/or pairs
    layouts: Mapping[str, Layout] = {}  # table layout per entrant kind
    methods: tuple[str, ...] = ()  # draw methods the director may pick; the first is the default
    planned_rounds: int = 3  # rounds a new tournament plans
    # Why the format fixes the number of rounds (board games: the qualifier has three); a
    # round beyond the planned ones is then refused until the director raises them.
    rounds_fixed: Any = None
    round_extra: Mapping[str, Any] = {}  # what each new round carries (tabletop: missions)
    options: tuple[str, ...] = ()  # draw options the director may set (services.seating)
    default_draw_options: Mapping[str, Any] = {}  # a new tournament's (Skat: clubs apart)

    # -- its words (one set, used on every page) ----------------------------------------------
    table_word: Any = _("Table")  # "Table 3" / "Board 3"
    tables_word: Any = _("Tables")  # the plural: "Tables" / "Boards"
    side_word: Any = _("Side")  # what one side of a table is: a party, a player, a colour
    side_labels: tuple[Any, Any] | None = None  # side 1 and side 2; None: no sides
    round_word: Any = _("Round")  # headings and chart axes
    round_word_in_text: Any = _("round")  # inside a sentence
    rounds_word: Any = _("Rounds")  # the plural, in headings ("Series" at Skat: "Serien")
    rounds_word_in_text: Any = _("rounds")  # the plural inside a sentence
    round_short: Any = _("R%(n)s")  # chart ticks
    round_results_title: Any = None  # the per-round distribution's title (None: generic)
    # Only the chess Swiss orders its boards by score; elsewhere the draw places the tables.
    pairings_note: Any = _("Pts: points before this round.")
    bye_labels: Mapping[str, Any] = {}  # byes in the discipline's own words
    round_choices_title: Any = _("Choices of this round")  # see round_choices
    # Whether the round's choices change its scoring (tabletop's mission kinds do, a board
    # game's title does not): results in are scored anew, later draws marked stale.
    round_choices_rescore: bool = True
    # The tables that keep a round open (services.round_check), inside a sentence.
    blocking_tables: Any = _("tables without an agreed result: %(tables)s")
    blocking_missing: Any = _("table %(n)s (no result yet)")  # one such table
    blocking_disputed: Any = _("table %(n)s (disputed)")  # one such table

    # What its own services log beyond the common actions (tournaments.common.actions), each
    # with its label and sentence.
    actions: Mapping[str, Action] = {}

    # -- what it can do -----------------------------------------------------------------------
    # The score sheet is the discipline's own pad, which names the parties itself, printed in
    # one of these layouts ((value, words); the first is the default); empty: the common
    # sheet with the entrants' names. ``sheet_css``: its style sheets (static paths).
    sheet_layouts: tuple[tuple[str, Any], ...] = ()
    sheet_css: tuple[str, ...] = ()  # style sheets of its pad (static paths)
    sheet_signatures = True  # the common signature lines under the sheet (False: its own)
    has_series_games = False  # a series (round) may set its own number of games
    pairings_with_results = False  # the printed pairing list has a result column
    has_tiebreak_picker = False  # the settings page picks and orders tie-breaks
    has_ratings = False  # players carry Elo and DWZ (the entrant form asks for them)
    has_quick_entry = False  # the round page takes "12 1" for board 12's result
    has_pairing_edit = False  # a preview's pairings can be changed by hand (swap, colours)
    has_teams = False  # the entrants are teams with a board order and line-ups (services.teams)
    side_team_sizes: tuple[int, int, int] | None = None  # side teams (min, max, substitutes)
    whatif: Spec = Spec()  # what the what-if page offers

    # -- its scoring settings as the settings page shows them (settings_spec.py) ----------------
    settings_fields: tuple[Setting, ...] = ()  # one Setting each (settings_spec.py)

    # -- lookups ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    @property
    def scoring(self) -> dict[str, Any]:
        """The preset as a fresh dict (the old name; a caller may change its copy)."""
        return dict(self.preset)

    @property
    def scoring_discipline(self) -> Discipline[SettingsT]:
        """The discipline of :mod:`scoring.registry` with this name."""
        return scoring_registry.DISCIPLINES[self.name]

    def settings(self, source: Tournament | Mapping[str, Any] | None) -> SettingsT:
        """The typed settings (the scoring module's ``Settings``) of a tournament (as
        :meth:`effective_scoring` gives them), or of a raw settings dict. An invalid setting
        reads as the scoring module's default, as the scoring core reads it."""
        raw = source if isinstance(source, Mapping) else self.effective_scoring(source)
        return self.scoring_discipline.parse_settings(raw, Problems(), "scoring")

    def setting_choices(self, setting: Setting, settings: Any) -> list[tuple[str, Any]]:
        """The choices of a CHOICE or ORDER setting, given the tournament's typed settings
        (chess names its tie-breaks by the rules version chosen)."""
        return list(setting.choices)

    def settings_errors(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Errors that only the settings together show (chess: win > draw >= loss), by the
        setting's key; ``values`` are the form's typed values by key."""
        return {}

    def tournament_settings_errors(self, t: Tournament, values: Mapping[str, Any]
                                   ) -> dict[str, Any]:
        """Errors that need the tournament itself to see (Skat: a team's start number that no
        entrant has), by the setting's key; ``values`` as for :meth:`settings_errors`."""
        return {}

    def effective_scoring(self, t: Tournament | None) -> dict[str, Any]:
        """The scoring settings a tournament is scored with (the document, the TRF, the
        standings): its own, completed by what its draw method implies."""
        return dict(getattr(t, "scoring", None) or {})

    def scoring_for_pairing(self, pairing: str, scoring: Mapping[str, Any]) -> dict[str, Any]:
        """``scoring`` fitted to the draw method (chess: a round robin's tie-breaks)."""
        return dict(scoring)

    def pairing_scoring_errors(self, pairing: str, scoring: Mapping[str, Any]) -> dict[str, Any]:
        """Settings unfit for the draw method, by place (chess: Buchholz in a round robin)."""
        return {}

    def locked_change(self, t: Tournament, fields: Mapping[str, Any]) -> tuple[str, str] | None:
        """(field, reason) when a settings change must wait until no round is drawn (a
        running tournament's mode); None: allowed. Asked only once a round exists."""
        return None

    def pairing_numbers(self, t: Tournament) -> dict[int, int]:
        """Entrant id -> the number it is paired by, where facts move it (chess: rating)."""
        return {}

    def value_level(self, key: str, value: Any) -> str:
        """A fixed mark of a value, "high", "low" or "" (Pussi: the seed's ±1000, ±200)."""
        return ""

    def seat_rating(self, t: Tournament, entrant: Entrant) -> str:
        """The rating a pairing list shows beside the name ("": none; players prefetched)."""
        return ""

    def start_order_at_first_draw(self, t: Tournament, method: str) -> list[int] | None:
        """Entrant ids in the start-number order round 1 gives (chess: by rating), or None."""
        return None

    def desk_rating(self, t: Tournament) -> tuple[str, Any]:
        """The desk's rating field: ``("rating"|"dwz", label)`` (chess: its rating setting)."""
        return "rating", _("Rating")

    def draw_methods(self, t: Tournament) -> tuple[str, ...]:
        """The methods a draw of ``t`` may use (chess: only those of the tournament's mode)."""
        return self.methods

    def draw_options_for(self, t: Tournament, number: int, seed: str, method: str,
                         competitors: Any) -> dict[str, Any]:
        """Options the discipline adds to a draw request (beyond the director's draw
        options): chess gives a round robin its numbers drawn by lot."""
        return {}

    def round_extra_for(self, t: Tournament) -> dict[str, Any]:
        """What a new round of the tournament carries (``Round.extra``)."""
        return dict(self.round_extra)

    def round_choices(self, t: Tournament, rnd: Round) -> list[RoundChoice]:
        """What the director chooses for a round, with the round's current values; none by
        default (tabletop's 12 matrix: the three missions' kinds)."""
        return []

    def clean_round_choices(self, t: Tournament, raw: Mapping[str, Any]
                            ) -> tuple[dict[str, Any], dict[str, list[str]]]:
        """A round's choices as sent (``{"missions": [...]}``): what goes into ``Round.extra``,
        and the problems by field (none: accepted)."""
        return {}, {"__all__": [gettext("there is nothing to choose for a round of this "
                                        "tournament")]}

    def planning_hint(self, t: Tournament) -> str:
        """Advice about the planned tournament shown on the dashboard and the settings page
        ("" for none): a hint from the seed's experience, never a refusal."""
        return ""

    def round_note(self, t: Tournament, rnd: Round) -> str:
        """One line about the round as its pages, the captains and the printed pairings show
        it ("" for nothing; tabletop's 12 matrix: the missions' kinds)."""
        return ""

    def time_limit(self, t: Tournament, size: int | None = None) -> int | None:
        """Minutes a round may last at a table of ``size`` (None: the usual one), shown, never
        enforced; None: no limit (by default the setting ``time_limit``)."""
        m = (t.scoring or {}).get("time_limit")
        return m if isinstance(m, int) and not isinstance(m, bool) and m > 0 else None

    def other_time_limits(self, t: Tournament) -> dict[int, int]:
        """Table sizes with a limit of their own, in minutes (Doppelkopf: 125 at five)."""
        return {}

    def layout(self, entrant_kind: str) -> Layout:
        """The layout of tables for an entrant kind (the first one for an unknown kind)."""
        return self.layouts.get(entrant_kind) or next(iter(self.layouts.values()))

    def layout_for(self, t: Tournament) -> Layout:
        """The layout a draw of the tournament seats by: its entrant kind's, unless the
        tournament's settings change it (Doppelkopf: tables of five where allowed)."""
        return self.layout(t.entrant_kind)

    @property
    def has_sides(self) -> bool:
        """Tables have two sides (side 1 and side 2), named by :attr:`side_labels`."""
        return self.side_labels is not None

    @property
    def second_report_words(self) -> SecondReport:
        """Whose phone confirms a captain's report (chess, tabletop: words of their own)."""
        return OTHER_PARTY if self.has_sides else AT_THE_TABLE

    def side_label(self, side: int | None) -> str:
        """What side 1 or 2 of a table is called ("" for no side)."""
        if side is None:
            return ""
        if self.side_labels is not None and side in (1, 2):
            return str(self.side_labels[side - 1])
        return gettext("Side %(n)s") % {"n": side}

    # The names of the values its scoring core reports, by value name (``Words``): the one
    # place the standings' column headers and titles come from, on the page, the projector
    # and the PDF. Values computed per round (Skat's ``series_3``) are named by the methods.
    column_words: Mapping[str, Words] = {"points": POINTS_WORDS}

    def column_header(self, t: Tournament, key: str) -> str | None:
        """A standings value's short header (None: not named; the page shows the key)."""
        words = self.column_words.get(key)
        return str(words.header) if words is not None else None

    def column_title(self, t: Tournament, key: str) -> str | None:
        """A standings value's long name (the legend and the header's tooltip)."""
        words = self.column_words.get(key)
        if words is None:
            return None
        return str(words.title if words.title is not None else words.header)

    # Standings values that are money (Skat: the loss fee): always shown with two decimals
    # in the locale's format (0,50 / 0.50), on the page, the projector and the PDF.
    money_columns: tuple[str, ...] = ()

    def standings_columns(self, t: Tournament, names: list[str]) -> list[str]:
        """Which of the values the scoring core reports are shown as standings columns (on
        the page, the projector and the PDF), in order: all of them unless the discipline
        lets the director choose."""
        return names

    def standings_totals(self, t: Tournament, rows: list[dict[str, Any]]) -> list[str]:
        """Lines under the standings summing a value over the field (Skat: the loss fees
        for the cash desk); ``rows`` are the scoring core's ranked rows. None by default."""
        return []

    def side_rankings(self, t: Tournament, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Rankings of groups of entrants beside the standings (Skat: teams and tandems),
        each ``{"title", "rows": [{"rank", "name", "members", "points", "won", "lost"}]}``;
        ``rows`` are the scoring core's ranked rows. None by default."""
        return []

    def statistics_extra(self, t: Tournament) -> dict[str, Any] | None:
        """A block of the discipline's own on the statistics page and in its PDF:
        ``{"template": …, …its context}`` (Skat: games, won and lost, best series per
        player); None for nothing."""
        return None

    def table_label(self, number: int) -> str:
        """A table by its number in the discipline's word ("Board 3")."""
        return f"{self.table_word} {number}"

    # -- the draws the app makes itself ---------------------------------------------------------

    # Draw methods of ``pairing.METHODS`` without a pure draw (``in_app``) that this
    # discipline draws with the database (chess: the Dutch system with the director's wishes).
    app_draws: tuple[str, ...] = ()

    def app_draw(self, t: Tournament, method: str, number: int, seed: str) -> tuple[Any, str]:
        """Round ``number`` drawn by ``method`` (one of :attr:`app_draws`): the
        ``pairing.Draw`` and the seed as recorded."""
        raise NotImplementedError(f"{self.name} draws no {method!r} itself")

    # -- registration: people, deleting and withdrawing entrants ---------------------------------

    def clean_person_field(self, field: str, value: Any) -> Any:
        """A person's fact (``title``, ``zps`` …) as stored, checked by this discipline's
        rules; raise ``ServiceError`` at ``field`` to refuse. Unchanged by default."""
        return value

    def person_form(self) -> Any:
        """How the entrant form asks for a single player's facts (an object with
        ``initial(person)``, ``add_fields(form)`` and ``facts(cleaned_data, person)``), or
        None for the birth year alone (chess: Elo, DWZ, FIDE id, title …)."""
        return None

    def listed_people(self, query: str, limit: int) -> list[Any]:
        """People of a published list matching ``query`` for the desk's picker (chess: the
        DWZ and FIDE rating lists), each with ``pk``, ``name`` and what the picker shows;
        none by default."""
        return []

    def listed_person(self, key: str, name: str) -> dict[str, Any] | None:
        """The facts of the listed person ``key`` (as :meth:`listed_people` gave it) while
        the desk's name field still shows ``name``, for ``register_person``; None when
        the key names nobody (or somebody else)."""
        return None

    def deletion_refusal(self, entrant: Entrant) -> str | None:
        """Why an entrant may not be deleted or withdrawn now (chess: a set pairing in a
        round to come), or None."""
        return None

    def withdraw_played(self, entrant: Entrant, actor: Actor) -> bool:
        """Withdraw an entrant who has played, the discipline's way (chess: from the next
        round, as the Dutch draw knows it); False to leave it to the status change."""
        return False

    def entrant_extras(self, entrant: Entrant) -> dict[str, Any]:
        """What a deletion takes away beyond the entrant's own rows (chess: requested byes
        and pairing rules), as the action log keeps it for an undo."""
        return {}

    def restore_entrant_extras(self, t: Tournament, entrant: Entrant, snapshot: Mapping[str, Any]
                               ) -> list[Any]:
        """Put back what :meth:`entrant_extras` kept, when a deletion is undone; returns
        what could not be put back (a rule whose other entrant is gone)."""
        return []

    def restore_withdrawal_extras(self, t: Tournament, entrant: Entrant, before: Mapping[str, Any]
                                  ) -> list[int]:
        """Put back what a withdrawal cancelled (chess: requested byes), when it is undone;
        returns the rounds given back."""
        return []

    # -- pages: its own URLs, panels and links ---------------------------------------------------

    def urls(self, audience: str) -> list[URLPattern | URLResolver]:
        """The discipline's own pages for ``audience`` (``"director"``, ``"public"``,
        ``"director_site"`` beside the director's home, ``"api"``), mounted in that audience's
        URL namespace; none by default."""
        return []

    def dashboard_panels(self, request: HttpRequest, t: Tournament, state: Any = None) -> list[str]:
        """Rendered panels of the director's tournament page (chess: the Swiss's wishes for
        the next round); ``state`` is what the discipline's own views pass back (forms with
        their errors)."""
        return []

    def page_links(self, t: Tournament, where: str) -> list[tuple[str, Any]]:
        """Links (URL, label) to the discipline's own pages on a generic page: ``"public"``
        (the tournament page: cross and progress tables), ``"export"`` (the director's
        downloads beside the JSON document: TRF), ``"finish"`` (the final page: new
        ratings)."""
        return []

    def site_links(self) -> list[tuple[str, Any, Any]]:
        """Links (URL, label, one sentence of help) on the director's home, for work beyond
        one tournament (chess: the rating lists)."""
        return []

    # A file format (other than the turnier/1 document) this discipline's tournaments are
    # imported from, in words for the import form (chess: "a TRF file"); "" for none.
    import_format: Any = ""

    def import_file(self, text: str, actor: Actor, slug: str | None) -> Any:
        """A tournament of this discipline from a file in :attr:`import_format` (the
        reader's refusal, a ``ServiceError``, names the line)."""
        raise NotImplementedError(f"{self.name} imports no files")

    def quick_entry(self) -> Any:
        """The round page's quick entry (chess "12 1", team chess "3 1 1 ½ 0"): a module with
        ``FIELD``, ``MAX_LENGTH``, the words ``PLACEHOLDER``, ``HELP``, ``MISSING``, ``ALL_DONE``,
        ``enter(rnd, actor, text)``, ``saved(t, rnd, entered)``; None without one."""
        return None

    # -- the result form, examples, reading a result -------------------------------------------

    @cached_property
    def result_form(self) -> ResultForm:
        """How a table's result is entered (``tournaments/disciplines/<name>/form.py``)."""
        form: ResultForm = import_module(
            f"{type(self).__module__.rpartition('.')[0]}.form").FORM
        return form

    def example(self, t: Tournament | None, seats: list[Seat]) -> dict[str, Any]:
        """A valid-looking result for the table, to show the director the payload's shape."""
        return {}

    def api_example(self) -> dict[str, Any]:
        """The result body the API's schema shows: a valid result of a table seated with
        the entrants 1, 2, … in seat order (tests/integration/test_api_schema.py posts it)."""
        return self.example(None, [])

    @cached_property
    def result_body(self) -> type[Any]:
        """The result body as a DRF serializer, for the API's schema
        (``tournaments/disciplines/<name>/body.py``): the scoring core checks the body."""
        body: type[Any] = import_module(
            f"{type(self).__module__.rpartition('.')[0]}.body").RESULT_BODY
        return body

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        """A result as one line a spectator reads; ``table`` is a public TableView."""
        return str(payload)

    def report_notice(self, t: Tournament, payload: Any, rnd: Round | None = None) -> str:
        """What the captain should check about a stored report that is valid but unusual
        (Pussi: fewer games than the series has); "" when there is nothing to say."""
        return ""

    # The parts of a result payload in the discipline's words ("bobbl" -> "Bobbl"): a report
    # reads as cells ("Bobbl 2: 21:18") and two reports are compared cell by cell.
    cell_words: Mapping[str, Any] = {}

    def result_cells(self, payload: Any) -> list[tuple[str, str]]:
        """A reported result as (label, value) cells in the discipline's words, in order:
        list items numbered from 1 ("Bobbl 2"), mapping items by their key ("No. 7")."""
        if not isinstance(payload, Mapping):
            return [("", cell_text(payload))]
        cells: list[tuple[str, str]] = []
        words = self.cell_words
        for key, value in payload.items():
            word = str(words.get(key, key))
            if isinstance(value, list) and value and all(
                    isinstance(v, list | dict) for v in value):
                cells += [(f"{word} {k}", cell_text(v, words))
                          for k, v in enumerate(value, start=1)]
            elif isinstance(value, Mapping):
                cells += [(f"{word} {k}", cell_text(v, words)) for k, v in value.items()]
            else:
                cells.append((word, cell_text(value, words)))
        return cells

    # -- reports ------------------------------------------------------------------------------

    @property
    def score_sheet_template(self) -> str:
        """Its printed score sheet (the package's ``templates/reports/sheets/<name>.html``)."""
        return f"reports/sheets/{self.name}.html"

    def sheet_rows(self, t: Tournament, rnd: Round) -> dict[str, Any]:
        """The blank rows of its score sheet (``rows`` in the sheet template)."""
        return {}

    def demo(self) -> Demo | None:
        """Its demo tournament for ``make run`` (the package's ``demo.py``), or None."""
        try:
            module = import_module(f"{type(self).__module__.rpartition('.')[0]}.demo")
        except ModuleNotFoundError:
            return None
        return getattr(module, "DEMO", None)

    def report_kinds(self) -> tuple[ReportKind, ...]:
        """The discipline's own kinds of report beyond the common ones (chess: cross table,
        progress table, player cards, DWZ evaluation, player list)."""
        return ()

    def printed_byes(self, rnd: Round, byes: list[Any]) -> list[Any]:
        """The byes of a round as the printed pairing list shows them, given the round's
        recorded ``byes`` (chess adds the requested byes the draw has not placed yet)."""
        return byes

