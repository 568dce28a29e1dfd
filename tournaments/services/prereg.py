"""Pre-registration with check-in codes: sign up from home, show the code at the desk.

When the director opens pre-registration, the public page takes names (a pair, a
single player, or in a fixed-pairs tournament one player who comes alone) and
creates an entrant that is registered and marked pre-registered, with a short code
and its QR code. At the hall the desk scans the code (a USB scanner types it and
Enter): the entrant is checked in, the marker goes, and with the window draw the
seat is drawn in the same step.

The code is ten characters from an alphabet without look-alikes (0/O, 1/I/L) and
without Y and Z, which a scanner set to an American keyboard swaps on a German one;
the dash between the halves is only for reading and is ignored (it may arrive as
"ß"). About 48 random bits from :mod:`secrets`: not sequential, not guessable. Only
a keyed digest (HMAC with the site's secret key and the tournament) is stored, the
lookup goes by that digest and the final comparison is constant-time, so neither
the timing of a wrong code nor a copy of the database gives a code away.
"""

from __future__ import annotations

import hmac
import secrets

from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.formats import time_format
from django.utils.translation import gettext as _

from ..common.text import check_single_line
from ..models import Entrant, RegistrationSeat, Tournament
from .base import Actor, ServiceError, change
from .registration import apply_status
from .signing import sign_up

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWX"
CODE_LENGTH = 10
PUBLIC_ACTOR = Actor(None, "pre-registration")
# Pending pre-registrations per tournament: a bound, so a script cannot fill the hall.
MAX_PENDING = 500
NAME_LENGTH = 120


def new_code() -> str:
    """A fresh code as shown to people: ``K7QM4-XP2AB`` (always a digit and a letter)."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if any(ch.isdigit() for ch in code) and any(ch.isalpha() for ch in code):
            return f"{code[:5]}-{code[5:]}"


def normal_code(text: str) -> str:
    """What was typed or scanned, without dashes, spaces and case; "" when empty."""
    return "".join(ch for ch in text or "" if ch.isascii() and ch.isalnum()).upper()


def looks_like_code(code: str) -> bool:
    return len(code) == CODE_LENGTH and all(ch in ALPHABET for ch in code)


def digest(tournament_id: int, code: str) -> str:
    """The stored form of a (normalised) code: an HMAC keyed with the site's secret."""
    return salted_hmac("turnierwart.prereg", f"{tournament_id}:{normal_code(code)}",
                       algorithm="sha256").hexdigest()


def closed_reason(t: Tournament) -> str:
    """Why the public page takes no sign-ups now; "" while it does."""
    if not t.prereg_open:
        return _("Pre-registration is not open for this tournament.")
    if t.status != Tournament.Status.SETUP or t.rounds.exists():
        return _("The tournament has started; please sign up at the desk.")
    return ""


def set_prereg_open(tournament: Tournament, actor: Actor, open_: bool) -> Tournament:
    """The director opens or closes the public pre-registration page; no change, no log."""
    if tournament.prereg_open == bool(open_):
        return tournament
    with change(tournament.pk, actor, "prereg_open") as c:
        t = c.tournament
        c.target = t.slug
        c.wrote("settings")
        c.before, c.after = {"prereg_open": t.prereg_open}, {"prereg_open": bool(open_)}
        t.prereg_open = bool(open_)
        t.save(update_fields=["prereg_open"])
    tournament.refresh_from_db()
    return tournament


def preregister(tournament: Tournament, names: list[str], club: str = "") -> tuple[Entrant, str]:
    """Sign up from the public page; returns the entrant and its code (shown once).

    ``names``: the two players of a pair, one single player, or in a fixed-pairs
    tournament one player who comes alone. Errors name the field (``p1_name``,
    ``p2_name``, ``club``) so the page shows them there.
    """
    names = [(n or "").strip() for n in names]
    while names and not names[-1]:
        names.pop()
    club = (club or "").strip()
    if not names or not names[0]:
        raise ServiceError(_("please give a name"), "p1_name")
    for i, n in enumerate(names, start=1):
        if not n:
            raise ServiceError(_("please give a name"), f"p{i}_name")
        if len(n) > NAME_LENGTH:
            raise ServiceError(_("at most %(n)s characters") % {"n": NAME_LENGTH}, f"p{i}_name")
        check_single_line(n, f"p{i}_name")
    if len(club) > NAME_LENGTH:
        raise ServiceError(_("at most %(n)s characters") % {"n": NAME_LENGTH}, "club")
    check_single_line(club, "club")
    pair = tournament.entrant_kind == Tournament.EntrantKind.PAIR
    if len(names) > (2 if pair else 1):
        raise ServiceError(_("one name only: everyone signs up on their own"), "p2_name")
    with change(tournament.pk, PUBLIC_ACTOR, "preregister") as c:
        t = c.tournament
        reason = closed_reason(t)
        if reason:
            raise ServiceError(reason)
        if Entrant.objects.filter(tournament=t, preregistered=True).count() >= MAX_PENDING:
            raise ServiceError(_("Pre-registration is full; please sign up at the desk."))
        code = new_code()
        while Entrant.objects.filter(tournament=t, code_digest=digest(t.pk, code)).exists():
            code = new_code()  # under the tournament's lock: no one takes it meanwhile
        try:
            entrant = sign_up(c, [{"name": n, "club": club} for n in names], club=club,
                              status=Entrant.Status.REGISTERED, preregistered=True,
                              alone=pair and len(names) == 1, actor=PUBLIC_ACTOR)
        except ServiceError as e:  # the desk's field names, said as the page's fields
            where = {"name": "p1_name", "players": "p1_name", "club": "club"}
            raise type(e)({where.get(k, "__all__"): v for k, v in e.errors.items()},
                          code=e.code) from None
        entrant.code_digest = digest(t.pk, code)
        entrant.save(update_fields=["code_digest"])
    return entrant, code


def check_in_code(tournament: Tournament, actor: Actor,
                  text: str) -> tuple[Entrant, RegistrationSeat | None]:
    """Check in the entrant of a scanned or typed code; with the window draw, seat them.

    Unknown, malformed and already used codes are refused at the field ``code``.
    Returns the entrant and the seat drawn now (None without the window draw, or for
    one who came alone: the pair gets the seat).
    """
    code = normal_code(text)
    if not code:
        raise ServiceError(_("scan or type a code"), "code")
    if not looks_like_code(code):
        raise ServiceError(_("unknown code %(code)s") % {"code": text.strip()[:40]}, "code")
    wanted = digest(tournament.pk, code)
    with change(tournament.pk, actor, "checkin_code") as c:
        e = Entrant.objects.filter(tournament=c.tournament, code_digest=wanted).first()
        if e is None or not hmac.compare_digest(e.code_digest, wanted):
            raise ServiceError(_("unknown code %(code)s") % {"code": text.strip()[:40]},
                               "code")
        if not e.preregistered:
            if e.arrived:
                raise ServiceError(_("code already used: %(entrant)s checked in at %(time)s")
                                   % {"entrant": e,
                                      "time": time_format(timezone.localtime(e.arrived),
                                                          "H:i")}, "code")
            raise ServiceError(_("code already used: %(entrant)s is no longer "
                                 "pre-registered") % {"entrant": e}, "code")
        seat = apply_status(c, e, Entrant.Status.PRESENT)
    return e, seat
