"""Skat (ISkO/SkWO): tables of four (the dealer sits out each game) or three, a series of
48 or 36 games per table, one list line per game, scored by Seeger-Fabian."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from pairing import Layout
from scoring.cardlist import MAX_GAMES
from scoring.skat import GROUP_SIZES, GROUP_SUBSTITUTES
from scoring.skat import Settings as SkatSettings

from ..base import WebDiscipline, Words
from ..settings_spec import FLAG, GROUPS, NUMBER, WHOLE
from ..settings_spec import Setting as Field
from ..whatif import Spec

if TYPE_CHECKING:
    from ...models import Round, Seat, Tournament

SHEET_GAMES = 48  # the printed list has a row for every game of the longest series

GAME_WORDS: dict[str, Any] = {
    "clubs": gettext_lazy("Clubs"), "spades": gettext_lazy("Spades"),
    "hearts": gettext_lazy("Hearts"), "diamonds": gettext_lazy("Diamonds"),
    "grand": gettext_lazy("Grand"), "null": gettext_lazy("Null"),
    "null_hand": gettext_lazy("Null Hand"), "null_ouvert": gettext_lazy("Null ouvert"),
    "null_ouvert_hand": gettext_lazy("Null ouvert Hand"),
    "passed": gettext_lazy("passed (nobody played)"),
}
RAMSCH_WORD = gettext_lazy("Ramsch")  # short: the select is narrow on a phone

COLUMN_WORDS: dict[str, Words] = {
    "points": Words(gettext_lazy("Pts"),
                    gettext_lazy("Seeger-Fabian points")),
    "won": Words(gettext_lazy("Won"),
                 gettext_lazy("Games won as declarer")),
    "lost": Words(gettext_lazy("Lost"),
                  gettext_lazy("Games lost as declarer")),
    "games": Words(gettext_lazy("Games"),
                   gettext_lazy("Games on the player's lists")),
    "game_points": Words(gettext_lazy("Game value"),
                         gettext_lazy("Game value: the list's own points")),
    "opp_lost": Words(gettext_lazy("Opp. lost"),
                      gettext_lazy("Games the others at the table lost (30 or 40 points each)")),
    "loss_fee": Words(gettext_lazy("Loss fee"),
                      gettext_lazy("Loss fee for the cash desk")),
}


class Skat(WebDiscipline[SkatSettings]):
    name = "skat"
    label = gettext_lazy("Skat")
    column_words = COLUMN_WORDS
    preset = {"games_per_series": {"4": 48, "3": 36}, "loss_fee": 0}
    entrant_kinds = ("single",)
    # Tables of four; to fill up, up to three tables of three (so every field from 6 on sits).
    layouts = {"single": Layout(sides=0, table_size=4, max_short=3, bye_kind="zero")}
    methods = ("standings_tables", "random_tables")
    money_columns = ("loss_fee",)
    # A line of a list in a report or the log: its keys, and the games by their names.
    cell_words = {"games": gettext_lazy("Game"), "game": gettext_lazy("Game"),
                  "declarer": gettext_lazy("Soloist"), "dealer": gettext_lazy("Dealer"),
                  "value": gettext_lazy("Value"), "won": gettext_lazy("won"),
                  "bid": gettext_lazy("Overbid at"), **GAME_WORDS, "ramsch": RAMSCH_WORD}
    planned_rounds = 2
    # Members of one club at different tables, where the tournament's notice asks for it
    # (pairing.apart; docs/skat.md "Seating").
    options = ("avoid_same_club",)
    # Teams of four with up to four substitutes (the Preisskat's team ranking), signed up
    # at the desk's teams page (services.side_teams).
    side_team_sizes = (GROUP_SIZES["teams"], GROUP_SIZES["teams"], GROUP_SUBSTITUTES["teams"])
    # On for a new tournament: club events ask for it, and a team ranking is no ranking
    # when a team's members play at one table (docs/skat.md, Seating).
    default_draw_options = {"avoid_same_club": True}

    sheet_signatures = False  # every player signs the list (its sheet has a line each)
    sheet_css = ("css/skat-sheet.css",)  # the summary and the signatures kept together

    side_word = gettext_lazy("Player")
    side_labels = None  # everyone plays for themselves
    round_word = gettext_lazy("Series")
    round_word_in_text = gettext_lazy("series")
    rounds_word = pgettext_lazy("plural", "Series")
    rounds_word_in_text = pgettext_lazy("plural", "series")
    round_short = gettext_lazy("S%(n)s")
    round_results_title = gettext_lazy("Series results")
    pairings_note = gettext_lazy("Pts: points before this series. Series 1 is seated by lot, "
                                 "later series by the running score: the leaders at table 1; "
                                 "tables of three last.")

    whatif = Spec(settings=(), shown=("points", "won", "lost"))

    settings_fields = (
        Field("games_per_series.4", gettext_lazy("Games per series, table of 4"), WHOLE,
              minimum=1, maximum=MAX_GAMES, default=48,
              help=gettext_lazy("48 by the Skatwettspielordnung; fewer for a club evening.")),
        Field("games_per_series.3", gettext_lazy("Games per series, table of 3"), WHOLE,
              minimum=1, maximum=MAX_GAMES, default=36,
              help=gettext_lazy("36 by the Skatwettspielordnung.")),
        Field("loss_fee", gettext_lazy("Loss fee per lost game"), NUMBER, minimum=0,
              maximum=1000, default=0,
              help=gettext_lazy("What a declarer pays into the cash desk for a lost game; "
                                "0: no fee.")),
        Field("loss_fee_higher", gettext_lazy("Higher loss fee"), NUMBER, minimum=0,
              maximum=1000, optional=True, empty=gettext_lazy("no higher fee"),
              help=gettext_lazy("From the lost game set below on; leave empty for one fee.")),
        Field("loss_fee_from", gettext_lazy("Higher fee from lost game no."), WHOLE, minimum=1,
              maximum=MAX_GAMES, optional=True, empty=gettext_lazy("no higher fee"),
              help=gettext_lazy("Counted per list, e.g. 4: the fourth lost game of a series "
                                "costs the higher fee.")),
        Field("ramsch", gettext_lazy("Allow Ramsch (house rule)"), FLAG, default=False,
              help=gettext_lazy("Ramsch is no part of the Skatordnung: off, a game nobody "
                                "played is written as passed. On, a line may be a Ramsch: "
                                "the loser's card points, or 120 for a Durchmarsch.")),
        Field("teams", gettext_lazy("Teams (side ranking)"), GROUPS, size=4, optional=True,
              omit_empty=True, spare=GROUP_SUBSTITUTES["teams"],
              help=gettext_lazy("One team of four a line: its name, a colon, the members' "
                                "start numbers (Herz Dame: 3, 7, 12, 15), then up to four "
                                "substitutes after a plus sign (+ 21). The team ranking sums "
                                "their points series by series; a substitute counts in a "
                                "series a member did not play.")),
        Field("tandems", gettext_lazy("Tandems (side ranking)"), GROUPS, size=2, optional=True,
              omit_empty=True,
              help=gettext_lazy("One tandem of two a line: Kreuz Bube: 4, 9.")),
    )

    def teams(self, t: Tournament) -> tuple[Any, ...]:
        """The teams of the team ranking: the teams signed up at the desk's teams page
        (``Team`` rows, the team model of team chess; services.side_teams), else those of
        the settings' text field (tournaments set up before the teams page)."""
        from scoring.skat import Group

        from ...team_models import side_groups

        rows = side_groups(t.pk) if t.pk is not None else []
        if rows:
            return tuple(Group(name, members, spare) for _id, name, members, spare in rows)
        return tuple(self.settings(t).teams)

    def side_rankings(self, t: Tournament, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The team and the tandem ranking (Preisskat): each group's members' points, won
        and lost games summed, ranked like the players; none when no group is set."""
        from scoring.skat import side_ranking

        s = self.settings(t)
        values = {r["entrant"]: r["values"] for r in rows}
        names = {r["entrant"]: r["name"] for r in rows}
        out = []
        series = None
        team_groups = self.teams(t)
        if any(g.substitutes for g in team_groups):  # counted series by series
            from scoring.skat import series_tallies

            from ...services.documents import scoring_tournament

            series = series_tallies(scoring_tournament(t).rounds)

        def who(numbers: Any) -> str:
            return ", ".join(f"{names.get(m, '?')} ({m})" for m in numbers)

        for title, groups in ((gettext_lazy("Team ranking"), team_groups),
                              (gettext_lazy("Tandem ranking"), s.tandems)):
            if groups:
                ranked = side_ranking(values, groups, series)
                for r in ranked:
                    r["who"] = who(r["members"])
                    if r["substitutes"]:
                        r["who"] += "; " + _("substitutes: %(who)s") % {
                            "who": who(r["substitutes"])}
                    if r["stood_in"]:
                        r["who"] += " " + _("(stood in: %(numbers)s)") % {
                            "numbers": ", ".join(map(str, r["stood_in"]))}
                out.append({"title": str(title), "rows": ranked})
        return out

    def statistics_extra(self, t: Tournament) -> dict[str, Any] | None:
        """Per player: games on the lists, games declared, won and lost, and the best
        series (its number and points); and the field's won and lost games in all."""
        from ...services import standings

        rows = standings(t).get("standings", [])
        if not any(r["values"].get("games") for r in rows):
            return None
        players = []
        for r in rows:
            v = r["values"]
            series = [(int(k[7:]), v[k]) for k in v
                      if k.startswith("series_") and k[7:].isdecimal()]
            best = max(series, key=lambda s: (s[1], -s[0]), default=None)
            players.append({"rank": r["rank"], "entrant": r["entrant"], "name": r["name"],
                            "games": v.get("games", 0), "won": v.get("won", 0),
                            "lost": v.get("lost", 0),
                            "declared": int(v.get("won", 0)) + int(v.get("lost", 0)),
                            "best": best})
        return {"template": "stats/_skat.html", "players": players,
                "won": sum(int(p["won"]) for p in players),
                "lost": sum(int(p["lost"]) for p in players)}

    def draw_options_for(self, t: Tournament, number: int, seed: str, method: str,
                         competitors: Any) -> dict[str, Any]:
        """With members of one club kept apart, the members of one team of the team ranking
        are kept apart too: ``teams`` maps the competitors' ids to their team's name."""
        if not (t.draw_options or {}).get("avoid_same_club"):
            return {}
        team_of = {m: g.name for g in self.teams(t)
                   for m in (*g.members, *g.substitutes)}
        teams = {c.id: team_of[c.start_number] for c in competitors
                 if c.start_number in team_of}
        return {"teams": teams} if teams else {}

    def game_words(self, t: Tournament) -> dict[str, Any]:
        """The games a line of this tournament may name: Ramsch only where it is allowed."""
        if self.settings(t).ramsch:
            return {**GAME_WORDS, "ramsch": RAMSCH_WORD}
        return dict(GAME_WORDS)

    def settings_errors(self, values: Any) -> dict[str, Any]:
        higher, start = values.get("loss_fee_higher"), values.get("loss_fee_from")
        if (higher is None) != (start is None):
            return {"loss_fee_from": _("give the higher fee and from which lost game on it "
                                       "is due, or neither")}
        return {}

    def tournament_settings_errors(self, t: Tournament, values: Any) -> dict[str, Any]:
        """A team or tandem names entrants by start number: a number no entrant of the
        tournament has is refused at its field (the field itself refuses a player in two
        groups). Register the players first, then name the teams."""
        if t.pk is None:
            return {}
        numbers = set(t.entrants.values_list("start_number", flat=True))
        out: dict[str, Any] = {}
        for key in ("teams", "tandems"):
            for k, group in enumerate(values.get(key) or [], start=1):
                unknown = [m for m in (*group.get("members", []), *group.get("substitutes", []))
                           if m not in numbers]
                if unknown:
                    out[key] = _("line %(line)s: no. %(no)s is no entrant of this "
                                 "tournament") % {"line": k, "no": unknown[0]}
                    break
        return out

    def series_games(self, t: Tournament, size: int) -> int:
        return int(self.settings(t).games_per_series.get(size, 48 if size == 4 else 36))

    def column_header(self, t: Tournament, key: str) -> str | None:
        if key.startswith("series_") and key[7:].isdecimal():
            return str(self.round_short) % {"n": key[7:]}
        return super().column_header(t, key)

    def column_title(self, t: Tournament, key: str) -> str | None:
        if key.startswith("series_") and key[7:].isdecimal():
            return _("Series %(n)s") % {"n": key[7:]}
        return super().column_title(t, key)

    def standings_totals(self, t: Tournament, rows: list[dict[str, Any]]) -> list[str]:
        """The loss fees of the whole field, for the cash desk (nothing when no fee is set)."""
        from decimal import Decimal

        from ...common.numbers import money

        s = self.settings(t)
        if not s.loss_fee and not s.loss_fee_higher:
            return []
        total = sum((Decimal(str(r["values"].get("loss_fee") or 0)) for r in rows), Decimal(0))
        return [_("Loss fees in all: %(total)s (for the cash desk)") % {"total": money(total)}]

    def example(self, t: Tournament | None, seats: list[Seat]) -> dict[str, Any]:
        """Two lines: a won Grand with two, hand (96) and a lost hearts game (30)."""
        numbers = [s.entrant.start_number for s in seats] or [1, 2, 3, 4]
        n = len(numbers)
        games = []
        for k, (game, value, won) in enumerate((("grand", 96, True), ("hearts", 30, False))):
            dealer = numbers[k % n]
            line: dict[str, Any] = {"game": game, "declarer": numbers[(k + 1) % n],
                                    "value": value, "won": won}
            if n == 4:
                line["dealer"] = dealer
            games.append(line)
        return {"games": games}

    def report_notice(self, t: Tournament, payload: Any, rnd: Round | None = None) -> str:
        return ""

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        from scoring.skat import Game, tally

        games = payload.get("games") or []
        if not games:
            return "–"
        players = [s.start_number for s in table.seats]
        try:
            lines = [Game(g["game"], g.get("declarer"), int(g.get("value") or 0),
                          bool(g.get("won")), g.get("dealer")) for g in games]
            points = tally(lines, players).points
        except (KeyError, TypeError, ValueError):
            return ngettext("%(n)s game", "%(n)s games", len(games)) % {"n": len(games)}
        names = {s.start_number: s.name for s in table.seats}
        ordered = sorted(points.items(), key=lambda kv: -kv[1])
        text = ", ".join(f"{names.get(k, k)} {v}" for k, v in ordered)
        return text + " " + ngettext("(%(n)s game)", "(%(n)s games)", len(games)) % {
            "n": len(games)}

    def sheet_rows(self, t: Tournament, rnd: Round) -> dict[str, Any]:
        s = self.settings(t)
        most = max(s.games_per_series.values(), default=SHEET_GAMES)
        return {"games": range(1, min(max(most, 1), MAX_GAMES) + 1)}
