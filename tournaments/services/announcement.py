"""The announcement (Ausschreibung) of a tournament: its dates, fees and places, and whether
people may sign up online (docs/registration.md).

The fee rules are :class:`scoring.payments.FeeRules`; this module only keeps them with the
tournament. Raising the number of places moves waiting registrations up at once
(:func:`.waiting.fill_places`).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.utils.translation import gettext as _

from scoring import bank
from scoring.payments import FeeRules

from ..models import Announcement, Tournament
from .base import Actor, ServiceError, change
from .waiting import fill_places

MAX_CENTS = 100_000  # 1,000.00 €: an entry fee of a club's tournament, with room to spare
MAX_PLACES = 2_000
TEXT_FIELDS = {"venue": 200, "bank": 300, "text": 5000}
DATE_FIELDS = ("starts_on", "ends_on", "closes_on", "early_until", "late_from")
CENTS_FIELDS = ("base_cents", "reduced_cents", "early_cents", "late_extra_cents")
BOOL_FIELDS = ("open", "list_public", "show_minors", "titled_free")
BANK_FIELDS = ("iban", "bic")
FIELDS = (*TEXT_FIELDS, *BANK_FIELDS, *DATE_FIELDS, *CENTS_FIELDS, *BOOL_FIELDS, "capacity",
          "waiting_order")


def of(t: Tournament) -> Announcement:
    """The tournament's announcement; an unsaved one with the defaults if it has none."""
    found = Announcement.objects.filter(tournament=t).first()
    return found if found is not None else Announcement(tournament=t)


def rules(a: Announcement) -> FeeRules:
    return FeeRules(base_cents=a.base_cents, reduced_cents=a.reduced_cents,
                    titled_free=a.titled_free, early_until=a.early_until,
                    early_cents=a.early_cents, late_from=a.late_from,
                    late_extra_cents=a.late_extra_cents)


def _bank(name: str, value: Any) -> str:
    """An IBAN (ISO 13616 check digits) or a BIC, typed with spaces or not; empty is
    allowed (no transfer then). Stored compact, in upper case."""
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or len(value) > 60:
        raise ServiceError(_("at most %(n)s characters") % {"n": 60}, name)
    try:
        return bank.iban(value) if name == "iban" else bank.bic(value)
    except bank.BankError as e:
        if name == "bic":
            why = _("a BIC has 8 or 11 letters and digits, like COBADEFFXXX")
        elif e.kind == "check":
            why = _("this IBAN's check digits do not fit: a character is typed wrong")
        elif e.kind == "length":
            why = _("an IBAN of this country has another length")
        else:
            why = _("an IBAN like DE02 1203 0000 0000 2020 51 (country, check digits, "
                    "account)")
        raise ServiceError(why, name) from None


def _checked(name: str, value: Any) -> Any:
    if name in BANK_FIELDS:
        return _bank(name, value)
    if name in TEXT_FIELDS:
        value = (value or "").strip()
        if len(value) > TEXT_FIELDS[name]:
            raise ServiceError(_("at most %(n)s characters") % {"n": TEXT_FIELDS[name]}, name)
        if name != "text" and any(ch in value for ch in "\r\n\x00"):
            raise ServiceError(_("one line, please"), name)
        if "\x00" in value:
            raise ServiceError(_("one line, please"), name)
        return value
    if name in DATE_FIELDS:
        if value is not None and not isinstance(value, date):
            raise ServiceError(_("a date, or empty"), name)
        return value
    if name in CENTS_FIELDS or name == "capacity":
        top = MAX_PLACES if name == "capacity" else MAX_CENTS
        optional = name in ("reduced_cents", "early_cents", "capacity")
        if value is None and optional:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
            raise ServiceError(_("a whole number from 0 to %(n)s") % {"n": top}, name)
        return value
    if name in BOOL_FIELDS:
        if not isinstance(value, bool):
            raise ServiceError(_("true or false"), name)
        return value
    if name == "waiting_order":
        if value not in Announcement.WaitingOrder.values:
            raise ServiceError(_("unknown order"), name)
        return value
    raise ServiceError(_("unknown field"), name)


def save(t: Tournament, actor: Actor, base: str = "", **values: Any) -> Announcement:
    """The director saves the announcement (any of :data:`FIELDS`); logged with what
    changed. More places than before move the first waiting registrations up."""
    clean = {k: _checked(k, v) for k, v in values.items()}
    a0 = of(t)
    if clean.get("early_until") and not (clean.get("early_cents", a0.early_cents)
                                         is not None):
        raise ServiceError(_("give the early fee too"), "early_cents")
    with change(t.pk, actor, "save_announcement") as c:
        a, _created = Announcement.objects.select_for_update().get_or_create(
            tournament=c.tournament)
        before = {k: getattr(a, k) for k in clean}
        changed = {k: v for k, v in clean.items() if before[k] != v}
        if not changed:
            c.unchanged = True
            return a
        for k, v in changed.items():
            setattr(a, k, v)
        a.save()
        moved = fill_places(c, a, base)  # first: a place given writes its own entry words
        c.target = c.tournament.slug
        c.wrote("announcement")
        c.before = {k: _plain(before[k]) for k in changed}
        c.after = {k: _plain(v) for k, v in changed.items()}
        if moved:
            c.after["moved_up"] = moved
    return a


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date) else value
