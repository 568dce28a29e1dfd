"""The end of the evening: after the planned rounds, finishing, prizes and certificates.

Once every planned round is drawn and closed, the director is asked instead of being
handed another draw: an extra round needs an explicit confirmation
(:func:`check_extra_round`), and "finish" (:func:`finish_tournament`) locks the results
(no captain report, no correction, no draw, no undo while finished), sets the status
to finished and leads to the final standings with the prizes per category
(:func:`prize_groups`, from the prize list :func:`set_prizes` keeps) and the final PDFs:
the standings and one certificate (Urkunde) per prize place. The director may reopen
the tournament (:func:`reopen_tournament`); both steps are logged with their sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from ..common.text import check_single_line
from ..models import Round, Tournament
from .base import Actor, ServiceError, change
from .locks import ensure_not_finished, is_finished
from .public import categories_present, category_label, standings_table
from .round_check import blockers, blocking_sentence

MAX_PRIZES = 60
PRIZE_LENGTH = 120
CERTIFICATES = "certificates"


def _said(text: str, **values: Any) -> dict[str, str]:
    """A sentence in English and German, as the log keeps it."""
    out = {}
    for language in ("en", "de"):
        with translation.override(language):
            out[language] = _(text) % {k: str(v) for k, v in values.items()}
    return out


def planned_rounds_done(t: Tournament) -> bool:
    """Every planned round is drawn and the last one is closed."""
    last = t.rounds.order_by("-number").first()
    return (last is not None and last.number >= t.planned_rounds
            and last.status == Round.Status.CLOSED)


def check_extra_round(t: Tournament, confirmed: bool) -> None:
    """A round beyond the planned ones is drawn only when the director says so."""
    ensure_not_finished(t)
    last = t.rounds.order_by("-number").first()
    number = (last.number if last else 0) + 1
    if number > t.planned_rounds and not confirmed:
        raise ServiceError(_("all %(planned)s planned rounds are played. Round %(n)s would be "
                             "an extra round: tick the box to draw it anyway, or finish the "
                             "tournament.") % {"planned": t.planned_rounds, "n": number},
                           "__all__")


def finish_tournament(t: Tournament, actor: Actor) -> Tournament:
    """Lock the results and set the status to finished; the last round must be closed."""
    with change(t.pk, actor, "finish_tournament") as c:
        t = c.tournament
        if is_finished(t):
            raise ServiceError(_("the tournament is finished already"), "tournament")
        last = t.rounds.order_by("-number").first()
        if last is None:
            raise ServiceError(_("no round has been played yet"), "tournament")
        if last.status != Round.Status.CLOSED:
            found = blockers(last)
            reason = (blocking_sentence(found) if found and last.status == Round.Status.OPEN
                      else _("round %(n)s is not closed yet") % {"n": last.number})
            raise ServiceError(_("close round %(n)s first (%(reason)s)")
                               % {"n": last.number, "reason": reason}, "tournament")
        c.target = t.name
        c.wrote("tournament")
        c.reads.add(f"round:{last.number}")
        c.before = {"status": t.status}
        t.status = Tournament.Status.FINISHED
        t.save(update_fields=["status"])
        c.after = {"status": t.status, "rounds": last.number, "sentence": _said(
            gettext_noop("The tournament is finished after %(n)s rounds: results are locked."),
            n=last.number)}
    return t


def reopen_tournament(t: Tournament, actor: Actor) -> Tournament:
    """Take a finished tournament back to running (results may change again)."""
    with change(t.pk, actor, "reopen_tournament") as c:
        t = c.tournament
        if not is_finished(t):
            raise ServiceError(_("the tournament is not finished"), "tournament")
        c.target = t.name
        c.wrote("tournament")
        c.before = {"status": t.status}
        t.status = Tournament.Status.RUNNING
        t.save(update_fields=["status"])
        c.after = {"status": t.status, "sentence": _said(
            gettext_noop("The tournament is reopened: results may change again."))}
    return t


# ---------------------------------------------------------------- prizes


def check_prizes(t: Tournament, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The prize list, normalised: known categories, places from 1, a text, no place twice."""
    if not isinstance(rows, list) or len(rows) > MAX_PRIZES:
        raise ServiceError(_("at most %(n)s prizes") % {"n": MAX_PRIZES}, "prizes")
    known = set(categories_present(t))
    seen: set[tuple[str, int]] = set()
    out = []
    for k, row in enumerate(rows):
        where = f"prizes[{k}]"
        if not isinstance(row, dict):
            raise ServiceError(_("a prize has a category, a place and a text"), where)
        category = str(row.get("category") or "")
        place = row.get("place")
        prize = str(row.get("prize") or "").strip()
        if category and category not in known:
            raise ServiceError(_("no entrant has the category %(c)s") % {"c": category},
                               f"{where}.category")
        if not isinstance(place, int) or isinstance(place, bool) or not 1 <= place <= 999:
            raise ServiceError(_("a place from 1 to 999"), f"{where}.place")
        check_single_line(prize, f"{where}.prize")
        if not prize or len(prize) > PRIZE_LENGTH:
            raise ServiceError(_("a prize text of 1 to %(n)s characters") % {"n": PRIZE_LENGTH},
                               f"{where}.prize")
        if (category, place) in seen:
            raise ServiceError(_("place %(p)s has a prize already") % {"p": place},
                               f"{where}.place")
        seen.add((category, place))
        out.append({"category": category, "place": place, "prize": prize})
    order = {c: k for k, c in enumerate(["", *categories_present(t)])}
    return sorted(out, key=lambda r: (order.get(r["category"], 99), r["place"]))


def set_prizes(t: Tournament, actor: Actor, rows: list[dict[str, Any]]) -> Tournament:
    """Keep the prize list (allowed while finished: it changes no result)."""
    prizes = check_prizes(t, rows)
    with change(t.pk, actor, "set_prizes") as c:
        t = c.tournament
        if t.prizes == prizes:
            c.unchanged = True
            return t
        c.target = t.name
        c.wrote("tournament")
        c.before = {"prizes": t.prizes}
        t.prizes = prizes
        t.save(update_fields=["prizes"])
        c.after = {"prizes": prizes, "sentence": _said(
            gettext_noop("Prize list saved: %(n)s prizes."), n=len(prizes))}
    return t


@dataclass
class Winner:
    place: int
    name: str
    start_number: int | None
    points: str
    prize: str = ""


@dataclass
class PrizeGroup:
    category: str  # "" overall
    label: str
    points_label: str
    winners: list[Winner] = field(default_factory=list)


def prize_groups(t: Tournament) -> list[PrizeGroup]:
    """Who wins what: overall and per category, by the final standings.

    Without a prize list, the first three overall. A place the standings share (a tie)
    goes to every entrant on it; a place nobody reached (the one after a tie) stays with
    its prize and no name, and without a prize list it is left out.
    """
    rows = t.prizes or [{"category": "", "place": p, "prize": ""} for p in (1, 2, 3)]
    groups: list[PrizeGroup] = []
    for category in ["", *categories_present(t)]:
        wanted = [r for r in rows if r["category"] == category]
        if not wanted:
            continue
        table = standings_table(t, category=category or None)
        points_label = table.headers[0][1] if table.headers else ""
        group = PrizeGroup(category, category_label(category) if category else
                           str(gettext_lazy("Overall")), points_label)
        for r in wanted:
            found = [row for row in table.rows if row["rank"] == r["place"]]
            if not found and not t.prizes:
                continue  # "2 –" under two firsts says nothing when no prize waits
            places: list[dict[str, Any] | None] = list(found) or [None]  # None: nobody
            for row in places:
                group.winners.append(Winner(
                    r["place"], row["name"] if row else "",
                    row["entrant"] if row else None,
                    row["cells"][0] if row and row["cells"] else "", r["prize"]))
        groups.append(group)
    return groups


# ---------------------------------------------------------------- the certificates (PDF)


@dataclass(frozen=True)
class Certificate:
    """One certificate (Urkunde): a person, the place they won and with whom."""

    group: PrizeGroup
    winner: Winner
    name: str  # the person it is made out to
    partners: str = ""  # a fixed pair's other player ("" for a single player)


def certificates_of(t: Tournament, groups: list[PrizeGroup]) -> list[Certificate]:
    """One certificate per person who won a prize: each player of a fixed pair (Mucken)
    gets their own, naming the partner (issue 31: one per pair was one too few)."""
    players = {e.start_number: [p.name for p in e.players.all()]
               for e in t.entrants.prefetch_related("players")}
    out: list[Certificate] = []
    for g in groups:
        for w in g.winners:
            if not w.name:
                continue
            people = players.get(w.start_number or 0, [])
            if len(people) < 2:
                out.append(Certificate(g, w, w.name))
                continue
            out += [Certificate(g, w, person, " / ".join(p for p in people if p != person))
                    for person in people]
    return out


def certificates_context(report: Any, context: dict[str, Any]) -> None:
    """What the certificates' template gets: one certificate per person of each named prize
    winner."""
    context["groups"] = [g for g in prize_groups(report.tournament)]
    context["certificates"] = certificates_of(report.tournament, context["groups"])


def certificates_refusal(t: Tournament) -> str | None:
    """Certificates wait for a closed round (None: they may be printed)."""
    if not t.rounds.filter(status=Round.Status.CLOSED).exists():
        return _("certificates need a closed round")
    return None

