"""Team chess: teams meet in matches of B boards; match points, board points, team tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy

from pairing import Layout
from scoring.teamchess import MAX_BOARDS, MAX_MATCH_POINTS
from scoring.teamchess import TIEBREAKS as TEAM_TIEBREAKS
from scoring.teamchess import Settings as TeamChessSettings
from scoring.teams import RULES

from ..base import WebDiscipline, Words
from ..settings_spec import CHOICE, DRAWN, NUMBER, ORDER, WHOLE
from ..settings_spec import Setting as Field
from ..words import win_draw_loss_errors
from .score import SHOWN, half, match_score

if TYPE_CHECKING:
    from ...models import Entrant, Seat, Tournament

ROUND_ROBIN = ("round_robin", "scheveningen", "match_day")  # no dummies in the tie-breaks
FIRST_COLOURS = (("lot", gettext_lazy("drawn by lot with round 1's seed (FIDE C.04.6 4.1)")),
                 ("white", gettext_lazy("White")), ("black", gettext_lazy("Black")))
NAMED_FIRST = (("home", gettext_lazy("the home team (signed up first)")),
               ("guest", gettext_lazy("the guest team")))


def _points(key: str, label: Any, default: float) -> Field:
    return Field(key, label, NUMBER, minimum=0, maximum=MAX_MATCH_POINTS, default=default)


class TeamChess(WebDiscipline[TeamChessSettings]):
    name = "teamchess"
    label = gettext_lazy("Team chess")
    preset = {"boards": 4, "win": 2, "draw": 1, "loss": 0, "tiebreaks": ["gp", "berliner"]}
    entrant_kinds = ("team",)
    layouts = {"team": Layout(sides=2, per_side=1, bye_kind="bye")}
    methods = ("team_swiss", "round_robin", "scheveningen", "match_day")
    app_draws = ("team_swiss",)
    options = ("double",)
    planned_rounds = 5
    has_teams = True
    has_quick_entry = True  # the round page takes "3 1 1 ½ 0" for match 3's boards
    has_ratings = False

    table_word = gettext_lazy("Match")
    tables_word = gettext_lazy("Matches")
    side_word = gettext_lazy("Team")
    side_labels = (gettext_lazy("Team 1"), gettext_lazy("Team 2"))
    pairings_note = gettext_lazy("Pts: match points before this round. Team 1 has White on "
                                 "board 1.")
    blocking_tables = gettext_lazy("matches without an agreed result: %(tables)s")
    blocking_missing = gettext_lazy("match %(n)s (no result yet)")
    blocking_disputed = gettext_lazy("match %(n)s (disputed)")
    bye_labels = {"bye": gettext_lazy("pairing-allocated bye (a drawn match)"),
                  "half": gettext_lazy("half-point bye (a drawn match)"),
                  "zero": gettext_lazy("zero-point bye"),
                  "forfeit-win": gettext_lazy("won by forfeit")}
    cell_words = {"boards": gettext_lazy("Board")}
    column_words = {
        "mp": Words(gettext_lazy("MP"), gettext_lazy("Match points")),
        "gp": Words(gettext_lazy("BP"), gettext_lazy("Board points")),
        "de": Words(gettext_lazy("DE"), gettext_lazy("Direct encounter")),
        "bh": Words(gettext_lazy("Bh."), gettext_lazy("Buchholz (opponents' match points)")),
        "emmsb": Words(gettext_lazy("SB"), gettext_lazy("Sonneborn-Berger on match points")),
        "emgsb": Words(gettext_lazy("OSB"), gettext_lazy("Olympiad Sonneborn-Berger")),
        "egmsb": Words(gettext_lazy("EGMSB"), gettext_lazy(
            "Sonneborn-Berger: opponents' board points × match points")),
        "eggsb": Words(gettext_lazy("EGGSB"), gettext_lazy(
            "Sonneborn-Berger: opponents' board points × board points")),
        "bc": Words(gettext_lazy("BC"), gettext_lazy("Board count (lower is better)")),
        "tbr": Words(gettext_lazy("TBR"), gettext_lazy("Top board results")),
        "bbe": Words(gettext_lazy("BBE"), gettext_lazy("Bottom board elimination")),
        "berliner": Words(gettext_lazy("BW"), gettext_lazy("Berliner Wertung")),
        "won": Words(gettext_lazy("Won"), gettext_lazy("Matches won")),
    }

    settings_fields = (
        Field("boards", gettext_lazy("Boards per match"), WHOLE, minimum=1,
              maximum=MAX_BOARDS, default=4, locked=DRAWN,
              locked_reason=gettext_lazy("Fixed once round 1 is drawn: the line-ups and "
                                         "results have this many boards.")),
        _points("win", gettext_lazy("Match points for a won match"), 2),
        _points("draw", gettext_lazy("Match points for a drawn match"), 1),
        _points("loss", gettext_lazy("Match points for a lost match"), 0),
        Field("rules", gettext_lazy("Tie-break rules"), CHOICE, default="fide2023",
              choices=tuple((r, r.replace("fide", "FIDE ")) for r in RULES),
              help=gettext_lazy("How byes and forfeited matches count in the Buchholz and "
                                "Sonneborn-Berger (FIDE 2026: at most half the points).")),
        Field("tiebreaks", gettext_lazy("Tie-breaks after the match points, in order"), ORDER,
              slots=4, slot_name="tiebreak", default=("gp", "berliner"),
              choices=tuple((tb, tb) for tb in TEAM_TIEBREAKS),
              help=gettext_lazy("Equal match points are decided by the first, then the "
                                "second, and so on.")),
        Field("first_colour", gettext_lazy("Team Swiss: colour of team 1 on board 1 in "
                                           "round 1"), CHOICE,
              choices=FIRST_COLOURS, default="lot", locked=DRAWN,
              locked_reason=gettext_lazy("Fixed once round 1 is drawn: the later rounds' "
                                         "colours follow from it."),
              help=gettext_lazy("The initial colour: in round 1 each match's higher-ranked "
                                "team gets it on board 1 when its number is odd, the other "
                                "colour when even.")),
        Field("named_first", gettext_lazy("Match day: the team named first (White on "
                                          "board 1)"), CHOICE,
              choices=NAMED_FIRST, default="home", locked=DRAWN,
              locked_reason=gettext_lazy("Fixed once the match day is drawn.")),
    )

    def setting_choices(self, setting: Field, settings: Any) -> list[tuple[str, Any]]:
        """The tie-breaks by their names (column words)."""
        if setting.key != "tiebreaks":
            return list(setting.choices)
        return [(tb, f"{self.column_words[tb].header} – {self.column_words[tb].title}")
                for tb in TEAM_TIEBREAKS]

    def settings_errors(self, values: Any) -> dict[str, Any]:
        return win_draw_loss_errors(values)

    def effective_scoring(self, t: Tournament | None) -> dict[str, Any]:
        """A round robin counts a forfeited match's real opponent in the tie-breaks; a
        Swiss counts a dummy (scoring.teams)."""
        scoring = super().effective_scoring(t)
        scoring["swiss"] = getattr(t, "pairing", "") not in ROUND_ROBIN
        return scoring

    def start_order_at_first_draw(self, t: Tournament, method: str) -> list[int] | None:
        """A team Swiss numbers the teams by the initial order (Olympiad Pairing Rules 3.1:
        the average rating of the top boards) when round 1 is drawn; the start number is
        then the team pairing number. A round robin keeps the registration order."""
        if method in ROUND_ROBIN:
            return None
        from .draw import initial_order

        return [e.pk for e in initial_order(t)]

    def entrant_extras(self, entrant: Entrant) -> dict[str, Any]:
        """A deleted team's board order and captain, kept for the undo."""
        from ...services.teams import team_snapshot

        snapshot = team_snapshot(entrant)
        return {"team": snapshot} if snapshot else {}

    def restore_entrant_extras(self, t: Tournament, entrant: Entrant, snapshot: Any
                               ) -> list[Any]:
        from ...services.teams import restore_team

        return restore_team(entrant, (snapshot or {}).get("team"))

    def urls(self, audience: str) -> list[Any]:
        from .urls import URLS

        return list(URLS.get(audience, []))

    def page_links(self, t: Tournament, where: str) -> list[tuple[str, Any]]:
        if where == "export":
            from django.urls import reverse

            return [(reverse("director:export_team_trf", args=[t.slug]),
                     gettext_lazy("Export (TRF with team lines)"))]
        if where != "public":
            return []
        from .views import team_pages

        return list(team_pages(t))

    def projector_round(self, t: Tournament, rnd: Any) -> tuple[str, dict[str, Any]] | None:
        """Each match of the round with its boards (players, colours, results), a match a
        page row, so the projector pages match by match."""
        from .outputs import round_matches

        return "public/_team_matches_pj.html", {"matches": round_matches(t, rnd)}

    def draw_options_for(self, t: Tournament, number: int, seed: str, method: str,
                         competitors: Any) -> dict[str, Any]:
        """A match day names the guest first when the settings say so."""
        if method == "match_day" and self.settings(t).named_first == "guest":
            return {"guest_first": True}
        return {}

    def draw_log(self, t: Tournament, number: int, seed: str, method: str) -> dict[str, Any]:
        """A team Swiss's round 1 logs the initial colour and how it was chosen."""
        if method != "team_swiss" or number != 1:
            return {}
        from .draw import initial_colour

        colour, how = initial_colour(t, seed)
        return {"initial_colour": colour, "initial_colour_by": how}

    def app_draw(self, t: Tournament, method: str, number: int, seed: str) -> tuple[Any, str]:
        from .draw import team_swiss_draw

        return team_swiss_draw(t, number, seed), seed

    def listed_people(self, query: str, limit: int) -> list[Any]:
        """The chess rating lists (DWZ and FIDE) for the teams page's picker: the desk's
        picker, reached through the registry (a discipline never imports another)."""
        from ..registry import DISCIPLINES

        return list(DISCIPLINES["chess"].listed_people(query, limit))

    def listed_person(self, key: str, name: str) -> dict[str, Any] | None:
        from ..registry import DISCIPLINES

        return DISCIPLINES["chess"].listed_person(key, name)

    def quick_entry(self) -> Any:
        from . import quick_entry

        return quick_entry

    def report_kinds(self) -> tuple[Any, ...]:
        """The rating evaluation of the board games (a page and a PDF)."""
        from .reports import KINDS

        return KINDS

    def example(self, t: Tournament | None, seats: list[Seat]) -> dict[str, Any]:
        boards = self.settings(t).boards if t is not None else 4
        cycle = ("1-0", "1/2-1/2", "0-1", "1-0")
        return {"boards": [cycle[k % len(cycle)] for k in range(boards)]}

    def api_example(self) -> dict[str, Any]:
        return {"boards": ["1-0", "1/2-1/2", "0-1", "1-0"]}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        """The match score ("2½ : 1½"); the boards are on the matches page and in the cells."""
        score = match_score(payload)
        return f"{half(score[0])} : {half(score[1])}" if score is not None else ""

    def result_cells(self, payload: Any) -> list[tuple[str, str]]:
        """One cell per board ("Board 3: ½-½"), so two captains' reports are compared board
        by board."""
        boards = payload.get("boards") if isinstance(payload, dict) else None
        if not isinstance(boards, list):
            return super().result_cells(payload)
        word = str(self.cell_words["boards"])
        return [(f"{word} {k}", SHOWN.get(b, str(b))) for k, b in enumerate(boards, 1)]
