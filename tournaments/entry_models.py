"""Online registration: a tournament's announcement, its registrations with their fees, the
bank lines nobody could place, and the mails sent (docs/registration.md).

Models of the ``tournaments`` app (imported by :mod:`tournaments.models`); they name the
tournament and the entrant by their dotted names, so this module imports no other model.

A registration is one person who signed up on the announcement page. While it has a place
it has an :class:`~tournaments.models.Entrant` (pre-registered, so not seated until checked
in); on the waiting list it has none, so no draw can meet it. What it stores and for how
long is said in docs/registration.md ("Privacy").
"""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

TOKEN_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWX"  # as the check-in codes: no look-alikes, no Y/Z
TOKEN_LENGTH = 20  # about 97 bits


def new_registration_token() -> str:
    """The secret of a registration's personal link ``/r/<token>/`` and of its QR code."""
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))


class Announcement(models.Model):
    """The Ausschreibung of one tournament (or one section of an event): what, when, where,
    how much, how many, and whether people may sign up now."""

    class WaitingOrder(models.TextChoices):
        REGISTRATION = "registration", _("order of registration")
        PAYMENT = "payment", _("order of payment")

    tournament = models.OneToOneField("tournaments.Tournament", on_delete=models.CASCADE,
                                      related_name="announcement")
    open = models.BooleanField(_("registration open"), default=False)
    starts_on = models.DateField(_("first day"), null=True, blank=True)
    ends_on = models.DateField(_("last day"), null=True, blank=True)
    closes_on = models.DateField(_("registration until"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    text = models.TextField(_("announcement text"), max_length=5000, blank=True)
    capacity = models.PositiveIntegerField(_("places"), null=True, blank=True)
    waiting_order = models.CharField(_("waiting list order"), max_length=12,
                                     choices=WaitingOrder.choices,
                                     default=WaitingOrder.REGISTRATION)
    list_public = models.BooleanField(_("list of registered players public"), default=True)
    show_minors = models.BooleanField(_("show minors in the public list"), default=False)
    base_cents = models.PositiveIntegerField(_("entry fee"), default=0)
    reduced_cents = models.PositiveIntegerField(_("reduced fee (youth, members)"), null=True,
                                                blank=True)
    titled_free = models.BooleanField(_("titled players free"), default=False)
    early_until = models.DateField(_("early fee until"), null=True, blank=True)
    early_cents = models.PositiveIntegerField(_("early fee"), null=True, blank=True)
    late_from = models.DateField(_("late fee from"), null=True, blank=True)
    late_extra_cents = models.PositiveIntegerField(_("late surcharge"), default=0)
    bank = models.CharField(_("bank account for the fee"), max_length=300, blank=True)
    iban = models.CharField(_("IBAN"), max_length=34, blank=True)
    bic = models.CharField(_("BIC"), max_length=11, blank=True)

    def __str__(self) -> str:
        return f"announcement of {self.tournament_id}"

    @property
    def account(self) -> str:
        """The account as pages and mails show it: the recipient (``bank``, which held the
        whole account as free text before the IBAN had a field of its own), the IBAN
        checked and grouped in fours, the BIC."""
        from scoring.bank import grouped
        parts = [self.bank] if self.bank else []
        if self.iban:
            parts.append(f"IBAN {grouped(self.iban)}")
        if self.bic:
            parts.append(f"BIC {self.bic}")
        return ", ".join(parts)


class Registration(models.Model):
    """One person signed up online, with the fee owed and how it was settled."""

    class Place(models.TextChoices):
        PLACED = "placed", _("has a place")
        WAITING = "waiting", _("waiting list")
        WITHDRAWN = "withdrawn", _("withdrawn")

    class Fee(models.TextChoices):
        DUE = "due", _("due")
        PAID = "paid", _("paid")
        WAIVED = "waived", _("waived")
        REFUNDED = "refunded", _("refunded")

    class Via(models.TextChoices):
        NONE = "", _("not paid")
        BANK = "bank", _("bank transfer")
        CASH = "cash", _("cash at the desk")
        DESK = "desk", _("marked by the desk")

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="registrations")
    entrant = models.OneToOneField("tournaments.Entrant", null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="registration")
    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    email = models.EmailField(_("e-mail"), max_length=200)
    language = models.CharField(_("language"), max_length=5, default="de")
    youth = models.BooleanField(_("under 18"), default=False)
    member = models.BooleanField(_("member of the organising club"), default=False)
    titled = models.BooleanField(_("titled player"), default=False)
    # What a section's limits ask (docs/sections.md), given on an event's announcement:
    # the rating the section ranks by (``rating``, or ``dwz``) and the birth year.
    rating = models.PositiveSmallIntegerField(_("rating"), null=True, blank=True)
    dwz = models.PositiveSmallIntegerField(_("DWZ"), null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    place = models.CharField(_("place"), max_length=10, choices=Place.choices,
                             default=Place.PLACED)
    fee_state = models.CharField(_("fee"), max_length=10, choices=Fee.choices, default=Fee.DUE)
    fee_cents = models.PositiveIntegerField(_("fee owed"), default=0)
    paid_cents = models.PositiveIntegerField(_("amount paid"), default=0)
    paid_via = models.CharField(_("paid by"), max_length=5, choices=Via.choices, blank=True)
    paid_at = models.DateTimeField(_("paid at"), null=True, blank=True)
    reference = models.CharField(_("payment reference"), max_length=20, unique=True)
    token = models.CharField(max_length=40, unique=True, default=new_registration_token,
                             editable=False)
    number = models.PositiveIntegerField(_("registration number"))  # order of registration
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"],
                                    name="unique_registration_number"),
        ]

    def fee_label(self) -> str:
        """The fee's state as the desk's list, the payments list and the API's readers
        should see it: a due fee is "open" only with a place; waiting it is owed only once
        a place is given, withdrawn not at all (docs/registration.md, "Entry fees")."""
        if self.fee_state == self.Fee.DUE and self.place == self.Place.WAITING:
            return str(_("due once placed"))
        if self.fee_state == self.Fee.DUE and self.place == self.Place.WITHDRAWN:
            return str(_("not owed"))
        return str(self.get_fee_state_display())

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class UnmatchedPayment(models.Model):
    """A line of an imported statement that paid nobody's fee: for the desk to settle."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="unmatched_payments")
    reason = models.CharField(max_length=12)  # scoring.payments.Unmatched.reason
    booked_on = models.DateField(null=True, blank=True)
    amount_cents = models.BigIntegerField()
    name = models.CharField(max_length=140, blank=True)
    remittance = models.CharField(max_length=500, blank=True)
    line = models.PositiveIntegerField()
    file_name = models.CharField(max_length=200, blank=True)
    settled = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "line"]


class MailRecord(models.Model):
    """A mail, once: its ``key`` (kind, registration and occasion) is unique, so a retried
    task or a repeated click finds the record and sends nothing twice."""

    key = models.CharField(max_length=120, unique=True)
    kind = models.CharField(max_length=20)  # confirmation, reminder, moved_up
    base = models.CharField(max_length=200, blank=True)  # the site's address for the links
    registration = models.ForeignKey(Registration, null=True, on_delete=models.CASCADE,
                                     related_name="mails")
    to = models.CharField(max_length=200)
    subject = models.CharField(max_length=200, blank=True)  # as sent
    body = models.TextField(max_length=5000, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)
    # Failed sends so far and when the next try is due (without a worker the embedded
    # housekeeping retries, tournaments/housekeeping.py; a worker retries by Celery).
    attempts = models.PositiveSmallIntegerField(default=0)
    next_try = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created"]
