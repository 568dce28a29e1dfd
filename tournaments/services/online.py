"""Online registration: sign up on the announcement page, withdraw through the personal
link, fees settled at the desk, check-in by the mail's QR code, a person's data exported or
deleted (docs/registration.md).

Every write goes through :func:`~.base.change` (the tournament's lock, the log, the
version), so two people signing up for the last place never both get it: the count of
places is read under the lock.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _

from scoring import payments
from scoring.payments import Applicant

from ..common.text import check_single_line
from ..models import (
    Announcement,
    Entrant,
    MailRecord,
    Registration,
    RegistrationSeat,
    Tournament,
    UnmatchedPayment,
)
from . import announcement as announcements
from .base import Actor, ServiceError, change
from .prereg import check_in_code, looks_like_code, normal_code
from .registration import apply_status
from .registration_mail import queue
from .waiting import ONLINE, give_place, has_room, release

PUBLIC = Actor(None, ONLINE)
PLAYER = Actor(None, "player (personal link)")
MAX_REGISTRATIONS = 2_000
NAME_LENGTH = 120
EMAIL_LENGTH = 200
# Sign-ups one address may make per tournament (a family signs up its children with one
# address). Each sends a mail there, so without a bound anyone could have the club's
# mail server send hundreds of mails to one victim from a few client addresses (fourth
# review, finding 6); withdrawn ones count, or withdrawing and signing up again would mail
# on for ever.
MAX_PER_EMAIL = 6
LANGUAGES = ("de", "en")
TOKEN_RUN = re.compile(r"(?<![2-9A-X])([2-9A-X]{20})(?![2-9A-X])")


def closed_reason(t: Tournament, a: Announcement, today: date) -> str:
    """Why the announcement takes no sign-ups now; "" while it does."""
    if not a.open or a.pk is None:
        return _("Registration is not open.")
    if a.closes_on is not None and today > a.closes_on:
        return _("Registration closed on %(day)s.") % {"day": a.closes_on.isoformat()}
    if t.status != Tournament.Status.SETUP or t.rounds.exists():
        return _("The tournament has started; please sign up at the desk.")
    return ""


def _text(value: str, field: str, limit: int, required: bool = True) -> str:
    value = (value or "").strip()
    if required and not value:
        raise ServiceError(_("please fill this in"), field)
    if len(value) > limit:
        raise ServiceError(_("at most %(n)s characters") % {"n": limit}, field)
    check_single_line(value, field)
    return value


def register_online(t: Tournament, name: str, email: str, club: str = "", *,
                    youth: bool = False, member: bool = False, titled: bool = False,
                    language: str = "de", base: str = "",
                    today: date | None = None,
                    facts: dict[str, int | None] | None = None) -> Registration:
    """Sign up from the announcement page: a place while there is one, else the waiting
    list; the fee by the rules of the day; a payment reference; the confirmation mail.
    ``facts`` (rating, dwz, birth_year): what an event's section limits were checked on
    (:mod:`.event_registration`), kept with the registration and given to its entrant."""
    name = _text(name, "name", NAME_LENGTH)
    club = _text(club, "club", NAME_LENGTH, required=False)
    email = _text(email, "email", EMAIL_LENGTH)
    try:
        validate_email(email)
    except ValidationError:
        raise ServiceError(_("an e-mail address like name@example.org"), "email") from None
    if language not in LANGUAGES:
        language = "de"
    if facts is None and needs_event_form(t):
        raise ServiceError(_("This section has limits of rating or age: please register on "
                             "the event's announcement, which asks for them."))
    today = today or timezone.localdate()
    with change(t.pk, PUBLIC, "register_online") as c:
        a = announcements.of(c.tournament)
        reason = closed_reason(c.tournament, a, today)
        if reason:
            raise ServiceError(reason)
        mine = Registration.objects.filter(tournament=c.tournament)
        if mine.count() >= MAX_REGISTRATIONS:
            raise ServiceError(_("This tournament takes no more registrations."))
        if mine.filter(email__iexact=email).count() >= MAX_PER_EMAIL:
            raise ServiceError(_("This address has signed up %(n)s players already; please "
                                 "ask the organisers.") % {"n": MAX_PER_EMAIL}, "email")
        if mine.filter(name__iexact=name).exclude(
                place=Registration.Place.WITHDRAWN).exists() or Entrant.objects.filter(
                tournament=c.tournament, name__iexact=name).exists():
            raise ServiceError(_("%(name)s is already registered") % {"name": name}, "name")
        reference = payments.reference()
        while Registration.objects.filter(reference=reference).exists():
            reference = payments.reference()
        owed = payments.fee(announcements.rules(a),
                            Applicant(youth=youth, member=member, titled=titled), today)
        reg = Registration.objects.create(
            tournament=c.tournament, name=name, club=club, email=email, language=language,
            youth=youth, member=member, titled=titled, reference=reference, fee_cents=owed,
            fee_state=Registration.Fee.DUE if owed else Registration.Fee.WAIVED,
            place=Registration.Place.WAITING, **(facts or {}),
            number=(mine.aggregate(m=Max("number"))["m"] or 0) + 1)
        if has_room(c.tournament, a):
            give_place(c, reg)
        c.target = str(reg)
        c.wrote(f"registration:{reg.pk}")
        c.before = None
        c.after = {"name": name, "place": reg.place, "fee_cents": owed,
                   "reference": reference}
        queue(reg, "confirmation", base)
    return reg


def needs_event_form(t: Tournament) -> bool:
    """A section with limits takes registrations only through its event's announcement,
    which asks for the rating and birth year the limits are checked on
    (:mod:`.event_registration`)."""
    return t.event_id is not None and bool(t.section_limits)


def by_token(token: str) -> Registration | None:
    token = (token or "").strip().upper()
    if not TOKEN_RUN.fullmatch(token):
        return None
    return Registration.objects.select_related("tournament", "entrant").filter(
        token=token).first()


def link_withdraws(t: Tournament) -> bool:
    """Whether the personal link still withdraws: only before the first round is drawn.

    The link's QR code is shown openly at the check-in desk and the link sits in mails
    that get forwarded; once the tournament runs, whoever held it could take a player out
    of the next draws (fourth review, finding 5). Then only the desk and the director
    withdraw, as at any running tournament."""
    return t.status == Tournament.Status.SETUP and not t.rounds.exists()


def withdraw(reg: Registration, actor: Actor = PLAYER, base: str = "",
             moved_up: list[str] | None = None) -> Registration:
    """Withdraw a registration (the player through the link, or the desk); a place freed
    before the first round goes to the first waiting one, who is told by mail. Through the
    link (``actor`` :data:`PLAYER`) only while :func:`link_withdraws`. ``moved_up``, when
    given, receives who moved up, so the desk's message can name them."""
    with change(reg.tournament_id, actor, "withdraw_online") as c:
        if actor is PLAYER and not link_withdraws(c.tournament):
            raise ServiceError(_("The tournament has started: please tell the director "
                                 "that you withdraw."))
        r = Registration.objects.select_for_update().get(pk=reg.pk)
        if r.place == Registration.Place.WITHDRAWN:
            raise ServiceError(_("This registration is already withdrawn."))
        before = r.place
        if r.entrant is not None and r.entrant.status != Entrant.Status.WITHDRAWN:
            apply_status(c, r.entrant, Entrant.Status.WITHDRAWN, registration=False)
        skipped: list[str] = []
        moved = release(c, r, base, skipped)
        c.target = str(r)
        c.wrote(f"registration:{r.pk}")
        c.before, c.after = {"place": before}, {"place": r.place}
        if moved:
            c.after["moved_up"] = moved
            if moved_up is not None:
                moved_up.extend(moved)
        if skipped:
            c.after["still_waiting"] = skipped
    return r


def set_fee(reg: Registration, actor: Actor, state: str, via: str = "",
            amount_cents: int | None = None) -> Registration:
    """The desk sets the fee's state: paid (by bank, cash or simply marked), waived,
    refunded, or due again."""
    if state not in Registration.Fee.values:
        raise ServiceError(_("unknown state"), "fee_state")
    if via not in Registration.Via.values:
        raise ServiceError(_("unknown way of paying"), "paid_via")
    if state == Registration.Fee.PAID and not via:
        via = Registration.Via.DESK
    with change(reg.tournament_id, actor, "set_fee") as c:
        r = Registration.objects.select_for_update().get(pk=reg.pk)
        before = {"fee_state": r.fee_state, "paid_via": r.paid_via,
                  "paid_cents": r.paid_cents}
        r.fee_state = state
        if state == Registration.Fee.PAID:
            r.paid_via = via
            r.paid_cents = r.fee_cents if amount_cents is None else amount_cents
            r.paid_at = r.paid_at or timezone.now()
        elif state == Registration.Fee.DUE:
            r.paid_via, r.paid_cents, r.paid_at = "", 0, None
        r.save(update_fields=["fee_state", "paid_via", "paid_cents", "paid_at"])
        if before["fee_state"] == r.fee_state and before["paid_via"] == r.paid_via:
            c.unchanged = True
            return r
        c.target = str(r)
        c.wrote(f"registration:{r.pk}")
        c.before = before
        c.after = {"fee_state": r.fee_state, "paid_via": r.paid_via,
                   "paid_cents": r.paid_cents}
    return r


def token_in(text: str) -> str:
    """The registration token in what a scanner typed: the personal link's last part, or
    the token alone ("" when there is none)."""
    found = TOKEN_RUN.findall((text or "").upper())
    return found[-1] if found else ""


def check_in(t: Tournament, actor: Actor,
             text: str) -> tuple[Entrant, RegistrationSeat | None]:
    """The desk scans the QR code of the mail (the personal link), or types the payment
    reference (``TW-…``, shown on the registrations page and in the mail) or a
    pre-registration code: the entrant is checked in. Every code we show to people works;
    anything else is refused at the field ``code``, saying what to scan instead."""
    token = token_in(text)
    refs = [] if token else payments.references_in(text[:300])
    if not token and not refs:
        code = normal_code(text)
        if code and not looks_like_code(code):
            raise ServiceError(unknown_code(text), "code")
        return check_in_code(t, actor, text)
    with change(t.pk, actor, "checkin_link") as c:
        found = Registration.objects.filter(tournament=c.tournament)
        reg = (found.filter(token=token) if token else found.filter(
            reference=payments.reference(refs[-1][len(payments.PREFIX):-1]))
               ).select_related("entrant").first()
        if reg is None:
            raise ServiceError(unknown_code(text), "code")
        if reg.place != Registration.Place.PLACED or reg.entrant is None:
            raise ServiceError(_("%(name)s has no place (%(place)s)")
                               % {"name": reg.name, "place": reg.get_place_display()}, "code")
        e = reg.entrant
        if e.status == Entrant.Status.PRESENT:
            when = time_format(timezone.localtime(e.arrived), "H:i") if e.arrived else ""
            raise ServiceError(_("%(entrant)s is already checked in (%(time)s)")
                               % {"entrant": e, "time": when}, "code")
        seat = apply_status(c, e, Entrant.Status.PRESENT)
    return e, seat


def unknown_code(text: str) -> str:
    """The refusal of a code that names nobody, saying what the desk can scan instead."""
    return _("unknown code %(code)s: scan the QR code of the registration mail or the "
             "personal page, or type the payment reference (TW-…) or the pre-registration "
             "code") % {"code": text.strip()[:60]}


def close_check_in(t: Tournament, actor: Actor) -> int:
    """Before the first draw: everyone signed up ahead who has not come is marked absent,
    so only the checked-in players are drawn. Returns how many."""
    with change(t.pk, actor, "close_check_in") as c:
        if c.tournament.rounds.exists():
            raise ServiceError(_("The first round is drawn already."))
        missing = list(Entrant.objects.filter(tournament=c.tournament, preregistered=True,
                                              status=Entrant.Status.REGISTERED))
        if not missing:
            c.unchanged = True
            return 0
        for e in missing:
            e.status = Entrant.Status.ABSENT
            e.save(update_fields=["status"])
            c.wrote(f"entrant:{e.pk}")
        c.target = c.tournament.slug
        c.before = {"registered": [e.start_number for e in missing]}
        c.after = {"absent": [e.start_number for e in missing]}
    return len(missing)


def remind(t: Tournament, actor: Actor, base: str = "", today: date | None = None) -> int:
    """Queue a payment reminder for every placed registration whose fee is due; at most
    one per registration and day, however often the desk clicks."""
    day = (today or timezone.localdate()).isoformat()
    with change(t.pk, actor, "remind_fees") as c:
        due = Registration.objects.filter(tournament=c.tournament,
                                          place=Registration.Place.PLACED,
                                          fee_state=Registration.Fee.DUE)
        sent = [r.pk for r in due if queue(r, "reminder", base, occasion=day) is not None]
        if not sent:
            c.unchanged = True
            return 0
        c.target = c.tournament.slug
        c.after = {"reminders": len(sent)}
    return len(sent)


def totals(t: Tournament) -> dict[str, Any]:
    """Counts and sums per fee state (cents), places and waiting, for the organiser.

    "Due" (the desk's "offen") counts only fees owed: those with a place. A waiting
    registration owes nothing until it moves up, and a withdrawn one nothing at all."""
    regs = list(Registration.objects.filter(tournament=t))
    out: dict[str, Any] = {s: {"count": 0, "cents": 0} for s in Registration.Fee.values}
    for r in regs:
        if r.fee_state == Registration.Fee.DUE and r.place != Registration.Place.PLACED:
            continue
        out[r.fee_state]["count"] += 1
        out[r.fee_state]["cents"] += r.paid_cents if r.fee_state in (
            Registration.Fee.PAID, Registration.Fee.REFUNDED) else r.fee_cents
    out["placed"] = sum(r.place == Registration.Place.PLACED for r in regs)
    out["waiting"] = sum(r.place == Registration.Place.WAITING for r in regs)
    return out


def paid_absent(t: Tournament) -> list[Registration]:
    """Paid, had a place, and not checked in: the desk's list at the first draw."""
    return list(Registration.objects.filter(
        tournament=t, place=Registration.Place.PLACED, fee_state=Registration.Fee.PAID,
        entrant__isnull=False).filter(~Q(entrant__status=Entrant.Status.PRESENT))
        .select_related("entrant"))


# ---------------------------------------------------------------------------- privacy

def person_data(reg: Registration) -> dict[str, Any]:
    """Everything stored of the person of a registration (the organiser's export)."""
    return {
        "tournament": reg.tournament.name, "number": reg.number, "name": reg.name,
        "club": reg.club, "email": reg.email, "language": reg.language, "youth": reg.youth,
        "member": reg.member, "titled": reg.titled, "rating": reg.rating, "dwz": reg.dwz,
        "birth_year": reg.birth_year, "place": reg.place,
        "fee_state": reg.fee_state, "fee_cents": reg.fee_cents,
        "paid_cents": reg.paid_cents, "paid_via": reg.paid_via,
        "paid_at": reg.paid_at.isoformat() if reg.paid_at else None,
        "reference": reg.reference, "registered": reg.created.isoformat(),
        "entrant": str(reg.entrant) if reg.entrant else None,
        "mails": [{"kind": m.kind, "to": m.to, "sent": m.sent_at.isoformat()
                   if m.sent_at else None} for m in reg.mails.all()],
    }


def delete_person(reg: Registration, actor: Actor) -> None:
    """Delete a registration and its mails; its entrant too while no round was drawn
    (afterwards the entrant's games stay, under its name). The log keeps the number and
    name of the registration, never the e-mail address."""
    from .registration import never_played
    with change(reg.tournament_id, actor, "delete_person") as c:
        r = Registration.objects.select_for_update().get(pk=reg.pk)
        e = r.entrant
        c.target = str(r)
        c.wrote(f"registration:{r.pk}")
        c.before = {"name": r.name, "number": r.number}
        r.mails.all().delete()
        MailRecord.objects.filter(registration=r).delete()
        r.delete()
        if e is not None and e.pk in never_played([e]):
            from .seating import release_seat
            release_seat(e)
            c.wrote(f"entrant:{e.pk}")
            c.before["entrant"] = str(e)
            e.delete()


def delete_all(t: Tournament, actor: Actor) -> int:
    """After the tournament (finished): every registration's personal data goes, with its
    mails and the statement's lines; the entrants and their games stay. Returns how many."""
    with change(t.pk, actor, "delete_registrations") as c:
        if c.tournament.status != Tournament.Status.FINISHED:
            raise ServiceError(_("Only a finished tournament's registrations are deleted "
                                 "all at once; delete single ones meanwhile."))
        regs = Registration.objects.filter(tournament=c.tournament)
        n = regs.count()
        MailRecord.objects.filter(registration__tournament=c.tournament).delete()
        regs.delete()
        UnmatchedPayment.objects.filter(tournament=c.tournament).delete()
        if not n:
            c.unchanged = True
            return 0
        c.target = c.tournament.slug
        c.wrote("registration:*")
        c.before = {"registrations": n}
    return n
