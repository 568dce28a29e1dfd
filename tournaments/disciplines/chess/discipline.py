"""Chess: one player against one, White and Black on a board; Swiss (Dutch) or round robin."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing import Layout
from scoring.chess import MAX_POINTS
from scoring.chess import Settings as ChessSettings

from ...common.actions import Action
from ..base import POINTS_WORDS, WebDiscipline, Words
from ..settings_spec import CHOICE, DRAWN, NUMBER, ORDER
from ..settings_spec import Setting as Field
from ..whatif import Setting, Spec
from ..words import OPPONENT, win_draw_loss_errors
from . import NAME

if TYPE_CHECKING:
    from django.http import HttpRequest

    from ...common.errors import Actor
    from ...models import Entrant, Round, Seat, Tournament

ROUND_ROBIN = ("round_robin", "round_robin_shift")
SCORES = {"1-0": "1 – 0", "0-1": "0 – 1", "1/2-1/2": "½ – ½",
          "+-": "+ – −", "-+": "− – +", "--": "− – −"}


TIEBREAK_SLOTS = 8
SWISS_TIEBREAKS = ("buchholz_cut1", "buchholz", "sonneborn_berger")
# FIDE C.07 for round robins: direct encounter, wins, Sonneborn-Berger, Koya.
ROUND_ROBIN_TIEBREAKS = ("direct_encounter", "wins", "sonneborn_berger", "koya")
# Tie-breaks by the opponents' scores: in a round robin everybody has the same opponents,
# so they only turn the ranking round (the seed's program refuses Buchholz there).
BUCHHOLZ_FAMILY = ("buchholz", "buchholz_cut1", "median", "fine_buchholz", "fore_buchholz",
                   "aob")
TIEBREAK_RULES = (("fide2023", gettext_lazy("FIDE C.07 as approved in 2023")),
                  ("fide2026", gettext_lazy("FIDE C.07 with the amendments in force from "
                                            "1 March 2026")))
SEEDING_RATINGS = (
    ("elo_else_dwz", gettext_lazy("Elo where a player has one, else DWZ (as Chaos)")),
    ("elo", gettext_lazy("Elo, then DWZ (every Elo player first)")),
    ("dwz", gettext_lazy("DWZ, then Elo")))
FIRST_COLOURS = (("lot", gettext_lazy("drawn by lot with round 1's seed")),
                 ("white", gettext_lazy("White")), ("black", gettext_lazy("Black")))
ROUND_ROBIN_NUMBERS = (("registration", gettext_lazy("in start-number order")),
                       ("lot", gettext_lazy("drawn by lot with round 1's seed")))
START_NUMBERS = (("rating", gettext_lazy("by rating, given when round 1 is drawn (the start "
                                         "list)")),
                 ("registration", gettext_lazy("in order of registration")))
SYSTEMS = (("swiss", gettext_lazy("Swiss system")),
           ("round_robin", gettext_lazy("round robin (a forfeit counts as a game played)")))


def _points(key: str, label: Any, default: Any, help: Any = "") -> Field:
    return Field(key, label, NUMBER, help=help, minimum=0, maximum=MAX_POINTS, default=default)


class Chess(WebDiscipline[ChessSettings]):
    name = NAME
    label = gettext_lazy("Chess")
    # A new tournament: round-robin numbers by lot (the seed's program and FIDE C.05); the
    # tie-breaks of a Swiss, which a round robin replaces by its own (scoring_for_pairing).
    preset = {"win": 1, "draw": 0.5, "loss": 0, "bye": 1, "system": "swiss",
              "tiebreaks": list(SWISS_TIEBREAKS), "round_robin_numbers": "lot"}
    entrant_kinds = ("single",)
    layouts = {"single": Layout(sides=2, per_side=1, bye_kind="bye")}
    methods = ("dutch", "round_robin", "round_robin_shift", "score_order")
    cell_words = {"score": gettext_lazy("Result")}
    column_words = {
        "points": POINTS_WORDS,
        "buchholz": Words(gettext_lazy("Bh."), gettext_lazy("Buchholz")),
        "buchholz_cut1": Words(gettext_lazy("Bh.-1"), gettext_lazy("Buchholz cut 1")),
        "median": Words(gettext_lazy("Med."), gettext_lazy("Median Buchholz")),
        "fine_buchholz": Words(gettext_lazy("FBh."), gettext_lazy("Fine Buchholz")),
        "sonneborn_berger": Words(gettext_lazy("SB"), gettext_lazy("Sonneborn-Berger")),
        "progressive": Words(gettext_lazy("Prog."), gettext_lazy("Progressive score")),
        "direct_encounter": Words(gettext_lazy("DE"), gettext_lazy("Direct encounter")),
        "wins": Words(gettext_lazy("Wins"), gettext_lazy("Number of wins")),
        "black_games": Words(gettext_lazy("Black"), gettext_lazy("Games played with black")),
        "aro": Words(gettext_lazy("ARO"), gettext_lazy("Average rating of opponents")),
        "sonneborn_berger_cut1": Words(gettext_lazy("SB-C1"),
                                       gettext_lazy("Sonneborn-Berger cut 1")),
        "fore_buchholz": Words(gettext_lazy("FB"), gettext_lazy("Fore Buchholz")),
        "aob": Words(gettext_lazy("AOB"), gettext_lazy("Average of opponents' Buchholz")),
        "progressive_cut1": Words(gettext_lazy("PS-C1"), gettext_lazy("Progressive score cut 1")),
        "won": Words(gettext_lazy("WON"), gettext_lazy("Games won over the board")),
        "black_wins": Words(gettext_lazy("BWG"), gettext_lazy("Games won with black")),
        "games_elected": Words(gettext_lazy("GE"), gettext_lazy("Games elected to play")),
        "aro_cut1": Words(gettext_lazy("ARO-C1"),
                          gettext_lazy("Average rating of opponents cut 1")),
        "aro_unrounded": Words(gettext_lazy("ARO"),
                               gettext_lazy("Average rating of opponents, unrounded")),
        "tpr": Words(gettext_lazy("TPR"), gettext_lazy("Tournament performance rating")),
        "apro": Words(gettext_lazy("APRO"),
                      gettext_lazy("Average performance rating of opponents")),
        "ptp": Words(gettext_lazy("PTP"), gettext_lazy("Perfect tournament performance")),
        "appo": Words(gettext_lazy("APPO"),
                      gettext_lazy("Average perfect performance of opponents")),
        "koya": Words(gettext_lazy("KS"), gettext_lazy("Koya system")),
    }
    planned_rounds = 7
    options = ("double",)

    table_word = gettext_lazy("Board")
    tables_word = gettext_lazy("Boards")
    side_word = gettext_lazy("Colour")
    side_labels = (gettext_lazy("White"), gettext_lazy("Black"))
    second_report_words = OPPONENT  # who confirms a report from another phone
    pairings_note = gettext_lazy("Pts: points before this round. Boards in order: the higher "
                                 "score first.")
    blocking_tables = gettext_lazy("boards without an agreed result: %(tables)s")
    blocking_missing = gettext_lazy("board %(n)s (no result yet)")
    blocking_disputed = gettext_lazy("board %(n)s (disputed)")
    bye_labels = {"bye": gettext_lazy("pairing-allocated bye"),
                  "half": gettext_lazy("half-point bye (requested)"),
                  "forfeit-win": gettext_lazy("full-point bye (given by the director)")}

    actions = {  # what chess's own services log (the common ones: tournaments.common.actions)
        "import_trf": Action(gettext_lazy("TRF imported"),
                      gettext_lazy("%(actor)s imported the tournament from a TRF file.")),
        "request_bye": Action(gettext_lazy("bye requested"),
                      gettext_lazy("%(actor)s entered a requested bye.")),
        "give_full_bye": Action(gettext_lazy("full-point bye given"),
                      gettext_lazy("%(actor)s gave a player the full-point bye.")),
        "dwz_age_group": Action(gettext_lazy("age group chosen"),
                      gettext_lazy("%(actor)s chose the age group of a player without a "
                                   "birth date for the DWZ evaluation.")),
        "update_ratings": Action(gettext_lazy("ratings written back"),
                      gettext_lazy("%(actor)s wrote the new DWZ and Elo to the players.")),
        "cancel_bye": Action(gettext_lazy("requested bye cancelled"),
                      gettext_lazy("%(actor)s cancelled a requested bye.")),
        "withdraw": Action(gettext_lazy("withdrawal"),
                      gettext_lazy("%(actor)s entered a withdrawal.")),
        "set_forced_pairing": Action(gettext_lazy("pairing set"),
                      gettext_lazy("%(actor)s set a pairing.")),
        "edit_preview": Action(gettext_lazy("pairing changed by hand"),
                      gettext_lazy("%(actor)s changed a pairing of the preview by hand.")),
        "forbid_pairing": Action(gettext_lazy("pairing forbidden"),
                      gettext_lazy("%(actor)s forbade a pairing.")),
        "delete_pairing_rule": Action(gettext_lazy("pairing rule deleted"),
                      gettext_lazy("%(actor)s deleted a pairing rule.")),
        "set_report_header": Action(gettext_lazy("rating report's header facts saved"),
                      gettext_lazy("%(actor)s saved the rating report's facts (place, dates…).")),
    }

    pairings_with_results = True
    has_tiebreak_picker = True
    has_ratings = True
    has_quick_entry = True
    has_pairing_edit = True
    whatif = Spec(
        settings=(Setting("win", gettext_lazy("Points for a win")),
                  Setting("draw", gettext_lazy("Points for a draw")),
                  Setting("loss", gettext_lazy("Points for a loss")),
                  Setting("bye", gettext_lazy("Points for a bye"))),
        shown=("points",))

    settings_fields = (
        _points("win", gettext_lazy("Points for a win"), 1),
        _points("draw", gettext_lazy("Points for a draw"), 0.5),
        _points("loss", gettext_lazy("Points for a loss"), 0),
        _points("bye", gettext_lazy("Points for a bye"), 1,
                gettext_lazy("A pairing-allocated bye; usually as much as a win. In a round "
                             "robin the free player gets no point.")),
        Field("system", gettext_lazy("Kind of tournament (for the tie-breaks)"), CHOICE,
              choices=SYSTEMS, default="swiss"),
        Field("tiebreak_rules", gettext_lazy("Tie-break rules"), CHOICE, choices=TIEBREAK_RULES,
              default="fide2023",
              help=gettext_lazy("How unplayed rounds count (byes, forfeits, withdrawals).")),
        Field("tiebreaks", gettext_lazy("Tie-breaks, in order"), ORDER, slots=TIEBREAK_SLOTS,
              slot_name="tiebreak", default=(),
              help=gettext_lazy("Equal points are decided by the first tie-break, then the "
                                "second, and so on. Each at most once.")),
        Field("seeding_rating", gettext_lazy("Rating for the initial ranking"), CHOICE,
              choices=SEEDING_RATINGS, default="elo_else_dwz",
              help=gettext_lazy("Who is ranked first before round 1 (the pairing numbers).")),
        Field("first_colour", gettext_lazy("Colour of player 1 in round 1"), CHOICE,
              choices=FIRST_COLOURS, default="lot", locked=DRAWN,
              locked_reason=gettext_lazy("Fixed once round 1 is drawn: the later rounds' "
                                         "colours follow from it.")),
        Field("start_numbers", gettext_lazy("Start numbers"), CHOICE, choices=START_NUMBERS,
              default="rating", locked=DRAWN, optional=True, omit_empty=True,
              locked_reason=gettext_lazy("Given when round 1 is drawn."),
              help=gettext_lazy("By rating: the draw of a Swiss round 1 numbers the players "
                                "in the order of the initial ranking, so start numbers are "
                                "the pairing numbers of the colour rules.")),
        Field("round_robin_numbers", gettext_lazy("Round-robin numbers"), CHOICE,
              choices=ROUND_ROBIN_NUMBERS, default="registration", locked=DRAWN,
              locked_reason=gettext_lazy("Fixed once round 1 is drawn: the schedule follows "
                                         "from the numbers.")),
    )

    def setting_choices(self, setting: Field, settings: Any) -> list[tuple[str, Any]]:
        """The tie-breaks with their official abbreviation in the rules version chosen."""
        if setting.key != "tiebreaks":
            return list(setting.choices)
        from scoring.chess import TIEBREAKS, abbreviation

        def title(name: str) -> str:
            words = self.column_words.get(name)
            return str(words.title or words.header) if words is not None else name

        return [(name, f"{abbreviation(name, settings.rules)} – {title(name)}")
                for name in TIEBREAKS]

    def settings_errors(self, values: Any) -> dict[str, Any]:
        return win_draw_loss_errors(values)

    def effective_scoring(self, t: Tournament | None) -> dict[str, Any]:
        """A round robin is scored as one (forfeits are games for tie-breaks), and the free
        player of an odd field gets no point (FIDE C.05, the Chaos seed): the ``bye`` setting
        is the pairing-allocated bye of a Swiss."""
        scoring = super().effective_scoring(t)
        if getattr(t, "pairing", "") in ROUND_ROBIN or scoring.get("system") == "round_robin":
            scoring.update(system="round_robin", bye=0)
        return scoring

    def mode(self, pairing: str, scoring: Any) -> str:
        """Swiss (Dutch or score order), or the round robin of its table system."""
        if pairing in ROUND_ROBIN:
            return pairing
        system = scoring.get("system") if isinstance(scoring, dict) else None
        return "round_robin" if system == "round_robin" else "swiss"

    def scoring_for_pairing(self, pairing: str, scoring: Any) -> dict[str, Any]:
        """A round robin takes the round-robin tie-breaks where the Swiss preset's stand (and
        a Swiss the Swiss preset's where the round-robin ones stand); chosen ones stay."""
        out = dict(scoring)
        tiebreaks = tuple(out.get("tiebreaks") or ())
        if pairing in ROUND_ROBIN and tiebreaks == SWISS_TIEBREAKS:
            out["tiebreaks"] = list(ROUND_ROBIN_TIEBREAKS)
        elif pairing not in ROUND_ROBIN and tiebreaks == ROUND_ROBIN_TIEBREAKS:
            out["tiebreaks"] = list(SWISS_TIEBREAKS)
        return out

    def pairing_scoring_errors(self, pairing: str, scoring: Any) -> dict[str, list[str]]:
        """No Buchholz tie-break in a round robin (everybody has the same opponents)."""
        if pairing not in ROUND_ROBIN and scoring.get("system") != "round_robin":
            return {}
        wrong = [tb for tb in scoring.get("tiebreaks") or () if tb in BUCHHOLZ_FAMILY]
        if not wrong:
            return {}
        from scoring.chess import abbreviation

        return {"scoring.tiebreaks": [_(
            "%(names)s: no tie-break of a round robin, where everybody has the same opponents "
            "(it would only turn the ranking round); use direct encounter, wins, "
            "Sonneborn-Berger or Koya") % {"names": ", ".join(
                abbreviation(tb, str(scoring.get("tiebreak_rules") or "fide2023"))
                for tb in wrong)}]}

    def locked_change(self, t: Tournament, fields: Any) -> tuple[str, str] | None:
        """The mode is fixed by the first draw (as in the seed's program): a Swiss turned
        round robin, or one round-robin table turned into another, pairs players again
        who already met."""
        pairing = fields.get("pairing", t.pairing)
        scoring = fields.get("scoring", t.scoring)
        old, new = self.mode(t.pairing, t.scoring or {}), self.mode(pairing, scoring)
        if old == new:
            return None  # first_colour, round_robin_numbers: locked=DRAWN above
        names = {"swiss": _("Swiss"), "round_robin": _("round robin"),
                 "round_robin_shift": _("round robin, shift system")}
        return ("pairing" if pairing != t.pairing else "scoring.system",
                _("the mode (%(old)s) is fixed once round 1 is drawn: switching to %(new)s "
                  "would pair players again who already met; undo every draw first")
                % {"old": names.get(old, old), "new": names.get(new, new)})

    def pairing_numbers(self, t: Tournament) -> dict[int, int]:
        """The pairing numbers (the initial ranking) once a round is drawn: a corrected
        rating moves them, and the next rounds pair by the new ones."""
        if not t.rounds.exists():
            return {}
        from .trf import number_for_entrant

        return number_for_entrant(t)

    def seat_rating(self, t: Tournament, entrant: Entrant) -> str:
        """The rating the tournament ranks by (setting ``seeding_rating``): Elo else DWZ, or
        DWZ else Elo; "" for an unrated player."""
        persons = list(entrant.players.all())
        person = persons[0] if len(persons) == 1 else None
        elo = entrant.rating if entrant.rating is not None else (
            person.rating if person is not None else None)
        dwz = person.dwz if person is not None else None
        details = t.details or {}  # the ratings the tournament was played with, if kept
        kept = ({**(details.get("ratings_before") or {}),
                 **(details.get("ratings_played") or {})}).get(str(entrant.start_number))
        if kept:
            elo, dwz = kept.get("rating", elo), kept.get("dwz", dwz)
        first, second = (dwz, elo) if self.settings(t).seeding_rating == "dwz" else (elo, dwz)
        value = first if first else second
        return str(value) if value else ""

    def start_order_at_first_draw(self, t: Tournament, method: str) -> list[int] | None:
        """The start list by rating (the initial ranking: rating, FIDE title, name) when
        round 1 of a Swiss is drawn, unless the setting ``start_numbers`` keeps registration
        order. A round robin's numbers are its own (``round_robin_numbers``)."""
        if method in ROUND_ROBIN or self.settings(t).start_numbers != "rating":
            return None
        from .trf import initial_ranking

        return [e.pk for e in initial_ranking(t)]

    def desk_rating(self, t: Tournament) -> tuple[str, Any]:
        """The desk's rating field is the rating the tournament ranks by: Elo when the
        setting ranks by Elo first, else DWZ (a German desk types a DWZ; stored as the
        person's DWZ, not as an Elo)."""
        if self.settings(t).seeding_rating == "elo":
            return "rating", gettext_lazy("Elo")
        return "dwz", gettext_lazy("DWZ")

    def draw_methods(self, t: Tournament) -> tuple[str, ...]:
        """The methods of the tournament's mode (its pairing setting): a round robin only its
        own table, a Swiss the Swiss methods. Another mode is chosen in the settings, before
        round 1 is drawn (:meth:`locked_change`)."""
        if t.pairing in ROUND_ROBIN:
            return (t.pairing,)
        return tuple(m for m in self.methods if m not in ROUND_ROBIN)

    def draw_options_for(self, t: Tournament, number: int, seed: str, method: str,
                         competitors: Any) -> dict[str, Any]:
        """A round robin whose numbers are drawn by lot (setting ``round_robin_numbers``):
        the entrant ids in number order, drawn with round 1's seed, and that seed."""
        from .conventions import round_robin_order, round_robin_seed

        if method not in ROUND_ROBIN:
            return {}
        first_seed = seed if number == 1 else round_robin_seed(t)
        order = round_robin_order(t, [c.start_number for c in competitors], first_seed)
        if order is None:
            return {}
        ids = {c.start_number: c.id for c in competitors}
        return {"numbers": tuple(ids[n] for n in order), "numbers_seed": first_seed}

    def standings_columns(self, t: Tournament, names: list[str]) -> list[str]:
        """Points and the tie-breaks the director chose, in their order: the scoring core
        also reports the common FIDE values for every player, but a hall reads the ones
        that decide the ranking (issue 16: 3 chosen, 10 shown)."""
        chosen = ["points", *self.settings(t).tiebreaks]
        shown = [k for k in chosen if k in names]
        return shown or names

    def column_header(self, t: Tournament, key: str) -> str | None:
        """FIDE C.07's abbreviation (BH, BH-C1, SB …) where the scoring core names one, in
        the tournament's rules version (GE became REP in 2026)."""
        from scoring import chess as scoring_chess

        if key not in scoring_chess.ABBREVIATIONS or key == "points":  # points keep "Pkt."
            return super().column_header(t, key)
        return str(scoring_chess.abbreviation(key, self.settings(t).rules))

    def example(self, t: Tournament | None, seats: list[Seat]) -> dict[str, Any]:
        return {"score": "1-0"}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        score = str(payload.get("score", ""))
        text = SCORES.get(score, score)
        if score in ("+-", "-+", "--"):
            text += " " + _("(forfeit)")
        return text

    def printed_byes(self, rnd: Round, byes: list[Any]) -> list[Any]:
        """The recorded byes and the requested byes the draw has not placed yet."""
        from .outputs import chess_byes

        return chess_byes(rnd, byes)

    def report_kinds(self) -> tuple[Any, ...]:
        from .reports import KINDS

        return KINDS

    # -- the Dutch draw with the director's wishes ------------------------------------------

    app_draws = ("dutch",)

    def app_draw(self, t: Tournament, method: str, number: int, seed: str) -> tuple[Any, str]:
        from .draw import dutch_draw

        return dutch_draw(t, number, seed), seed

    # -- people: FIDE titles, ZPS, the rating lists ------------------------------------------

    def clean_person_field(self, field: str, value: Any) -> Any:
        """A FIDE title as FIDE writes it; the DSB's ZPS membership number."""
        from ...common.errors import ServiceError
        from .person_fields import PKZ, ZPS
        from .trf.ranking import TITLE_ORDER, normal_title

        if field == "title" and value:
            value = normal_title(value)
            if value not in TITLE_ORDER:
                raise ServiceError(_("a FIDE title: %(titles)s")
                                   % {"titles": ", ".join(TITLE_ORDER)}, field)
        elif field == "zps" and value:
            value = value.upper()
            if not ZPS.match(value):
                raise ServiceError(_("club number, dash, member number, e.g. C0327-12"), field)
        elif field == "pkz" and value and not PKZ.match(value):
            raise ServiceError(_("the DSB's person number: at most 11 digits"), field)
        return value

    def person_form(self) -> Any:
        from . import person_fields

        return person_fields

    def listed_people(self, query: str, limit: int) -> list[Any]:
        from .rating_lists import service

        return service.search(query, limit=limit)

    def listed_person(self, key: str, name: str) -> dict[str, Any] | None:
        from .rating_lists import service

        return service.picked(key, name)

    # -- entrants: what chess keeps of them -------------------------------------------------

    def deletion_refusal(self, entrant: Entrant) -> str | None:
        from .entrants import deletion_refusal

        return deletion_refusal(entrant)

    def withdraw_played(self, entrant: Entrant, actor: Actor) -> bool:
        from .entrants import withdraw_played

        return withdraw_played(entrant, actor)

    def entrant_extras(self, entrant: Entrant) -> dict[str, Any]:
        from .entrants import extras

        return extras(entrant)

    def restore_entrant_extras(self, t: Tournament, entrant: Entrant, snapshot: Any) -> list[Any]:
        from .entrants import restore

        return restore(t, entrant, snapshot)

    def restore_withdrawal_extras(self, t: Tournament, entrant: Entrant, before: Any) -> list[int]:
        from .entrants import restore_withdrawal

        return restore_withdrawal(t, entrant, before)

    # -- pages ------------------------------------------------------------------------------

    def urls(self, audience: str) -> list[Any]:
        from .urls import URLS

        return URLS.get(audience, [])

    def dashboard_panels(self, request: HttpRequest, t: Tournament, state: Any = None) -> list[str]:
        from .pages import panels

        return panels(request, t, state)

    def page_links(self, t: Tournament, where: str) -> list[tuple[str, Any]]:
        from django.urls import reverse

        if where == "public":
            from .pages import chess_pages

            return chess_pages(t)
        if where == "export":
            return [(reverse("director:export_trf", args=[t.slug]), gettext_lazy("Export (TRF)")),
                    (reverse("director:federation_files", args=[t.slug]),
                     gettext_lazy("Files for FIDE and the DSB"))]
        if where == "finish":
            return [(reverse("director:ratings", args=[t.slug]),
                     gettext_lazy("Write the new DWZ and Elo to the players (after checking "
                                  "the list)")),
                    (reverse("director:federation_files", args=[t.slug]),
                     gettext_lazy("Rating reports for FIDE and the DSB (TRF-26, DWZ)"))]
        return []

    def site_links(self) -> list[tuple[str, Any, Any]]:
        from django.urls import reverse

        return [(reverse("director:rating_lists"), gettext_lazy("Rating lists"),
                 gettext_lazy("Chess: import the DSB's DWZ list or FIDE's list, and the desk "
                              "fills in every player's data from it."))]

    import_format = gettext_lazy("a chess tournament as a TRF file (Swiss Manager, the FIDE "
                                 "pairing engines)")

    def import_file(self, text: str, actor: Actor, slug: str | None) -> Any:
        from .trf import import_trf

        return import_trf(text, actor, slug=slug)

    def quick_entry(self) -> Any:
        from . import quick_entry

        return quick_entry
