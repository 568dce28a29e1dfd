"""The data of Turnierwart.

Models are written only through ``tournaments.services`` (validate, one
transaction, action log, version bump). Rules that concurrency could break are
database constraints, not hopes: one start number and one name per
tournament, one seat per entrant and round, one result per table.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _

from .disciplines.base import WebDiscipline
from .disciplines.registry import DISCIPLINES as WEB_DISCIPLINES
from .disciplines.registry import choices as discipline_choices


def new_token() -> str:
    """An unguessable captain token (about 190 bits)."""
    return secrets.token_urlsafe(24)


class Player(models.Model):
    """A person, reusable across tournaments."""

    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    rating = models.PositiveIntegerField(_("Elo"), null=True, blank=True)
    dwz = models.PositiveIntegerField(_("DWZ"), null=True, blank=True)
    fide_id = models.CharField(_("FIDE ID"), max_length=20, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    # What TRF and rating reports carry: FIDE title, federation, sex "m"/"w", the DWZ index.
    title = models.CharField(_("title"), max_length=4, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True)
    dwz_index = models.PositiveSmallIntegerField(_("DWZ index"), null=True, blank=True)
    # A provisional DWZ (the seed's "1457-(3)"): too few rated games for a first DWZ yet;
    # dwz_index then holds the number of those games (scoring.ratings).
    dwz_provisional = models.BooleanField(_("provisional DWZ"), default=False)
    # The DSB's membership number (ZPS, "C0327-12") and person number (PKZ, digits).
    zps = models.CharField(_("ZPS"), max_length=10, blank=True)
    pkz = models.CharField(_("PKZ"), max_length=11, blank=True)
    categories = models.JSONField(_("categories"), default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        indexes = [models.Index(fields=["name"])]

    def __str__(self) -> str:
        return self.name


from .event_models import Event as Event  # noqa: E402  (events of sections: event_models.py)


class Tournament(models.Model):
    class Status(models.TextChoices):
        SETUP = "setup", _("setup")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    class EntrantKind(models.TextChoices):
        SINGLE = "single", _("single players")
        PAIR = "pair", _("fixed pairs")
        TEAM = "team", _("teams")

    slug = models.SlugField(unique=True, max_length=80)
    name = models.CharField(_("name"), max_length=200)
    discipline = models.CharField(_("discipline"), max_length=20, choices=discipline_choices)
    entrant_kind = models.CharField(_("entrants"), max_length=10, choices=EntrantKind.choices,
                                    default=EntrantKind.SINGLE)
    scoring = models.JSONField(_("scoring settings"), default=dict, blank=True)
    pairing = models.CharField(_("draw method"), max_length=30, blank=True)
    # Options of the draw: "double" (round robin twice), "avoid_same_club" (tabletop's Swiss
    # and Skat's card draws: members of one club apart as far as the draw allows), and
    # "registration" (the window draw at registration: window, random_up_to,
    # sequential_from, seed). Validated by services.seating.check_draw_options.
    draw_options = models.JSONField(_("draw options"), default=dict, blank=True)
    planned_rounds = models.PositiveSmallIntegerField(_("planned rounds"), default=3)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.SETUP)
    public = models.BooleanField(_("public"), default=True,
                                 help_text=_("Spectators may see standings and pairings."))
    # The public pre-registration page (views/prereg.py) takes sign-ups only while this is on.
    prereg_open = models.BooleanField(
        _("pre-registration open"), default=False,
        help_text=_("People may sign up on the public pre-registration page and get a "
                    "check-in code."))
    # Header facts a TRF file carries (city, federation, dates, arbiters, time control …),
    # kept so an imported tournament exports without loss.
    details = models.JSONField(_("details"), default=dict, blank=True)
    # The prize list of the end of the evening (services.finish): rows of
    # {"category": "" (overall) or a category, "place": 1.., "prize": text}.
    prizes = models.JSONField(_("prizes"), default=list, blank=True)
    # The prize list with money (services.prize_list): a prizes/1 document without standings
    # ({"settings", "categories", "prizes"}), allocated by scoring.prizes on the standings.
    prize_fund = models.JSONField(_("prize list with money"), default=dict, blank=True)
    # A section of an event (services.events): its label ("A", "U1800", "Blitz") and the
    # limits the desk checks: {"rating_min", "rating_max"} (the rating the tournament ranks
    # by, WebDiscipline.desk_rating), {"born_from", "born_to"} (birth years); no limit: open
    # to everybody's free choice.
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="sections")
    section_label = models.CharField(_("section"), max_length=40, blank=True)
    section_limits = models.JSONField(_("section limits"), default=dict, blank=True)
    version = models.PositiveIntegerField(default=1, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-created"]
        constraints = [models.UniqueConstraint(
            fields=["event", "section_label"], condition=Q(event__isnull=False),
            name="one_section_label_per_event")]

    @property
    def disc(self) -> WebDiscipline:
        """The discipline's web-side class: its words, settings, forms and capabilities
        (templates: ``{{ t.disc.table_word }}``, ``{% if t.disc.sheet_layouts %}``)."""
        return WEB_DISCIPLINES[self.discipline]

    def __str__(self) -> str:
        return self.name


class Role(models.Model):
    """What a user may do in a tournament (docs/design.md, Access)."""

    class Kind(models.TextChoices):
        DIRECTOR = "director", _("director")
        DESK = "desk", _("registration desk")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="tournament_roles")
    kind = models.CharField(max_length=10, choices=Kind.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "user", "kind"],
                                               name="one_role_kind_per_user")]


class Entrant(models.Model):
    """One player, or a fixed pair of players, in one tournament."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("registered")
        PRESENT = "present", _("present")
        ABSENT = "absent", _("absent")
        WITHDRAWN = "withdrawn", _("withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    start_number = models.PositiveIntegerField(_("start number"))
    name = models.CharField(_("name"), max_length=250)
    players = models.ManyToManyField(Player, related_name="entries", blank=True)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices,
                              default=Status.REGISTERED)
    rating = models.PositiveIntegerField(_("rating"), null=True, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    categories = models.JSONField(default=list, blank=True)
    joined_round = models.PositiveSmallIntegerField(default=1)
    # Withdrawn: the first round the entrant no longer plays (None = still playing).
    withdrawn_from_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # The desk's markers (Muckturnier's "Markierungen"), see services.markers.MARKERS:
    # came through pre-registration and is not here yet; a player of a fixed-pairs tournament
    # who came without a partner (an entrant of one player until paired up); no seat from the
    # draw yet (set by hand only without the window draw, which knows it by itself).
    preregistered = models.BooleanField(_("pre-registered"), default=False)
    alone = models.BooleanField(_("came alone"), default=False)
    draw_missing = models.BooleanField(_("draw missing"), default=False)
    # The keyed digest of the pre-registration code (services.prereg); never the code itself,
    # so a copy of the database checks nobody in.
    code_digest = models.CharField(max_length=64, blank=True, editable=False)
    arrived = models.DateTimeField(_("checked in at"), null=True, blank=True)
    # The entrant's personal link ``/e/<link_code>/`` (services.hall_links): where do I sit,
    # my results, my standing, confirming my table's result. Unguessable like a captain token.
    link_code = models.CharField(max_length=64, default=new_token, db_index=True,
                                 editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["start_number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "start_number"],
                                    name="unique_start_number"),
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_entrant_name"),
            models.UniqueConstraint(fields=["tournament", "code_digest"],
                                    condition=~Q(code_digest=""), name="unique_prereg_code"),
        ]

    def __str__(self) -> str:
        return f"{self.start_number}. {self.name}"

    @property
    def active(self) -> bool:
        """Plays (is drawn and seated); one who came alone plays only once paired up."""
        return self.status in (self.Status.REGISTERED, self.Status.PRESENT) and not self.alone


class Round(models.Model):
    class Status(models.TextChoices):
        PREVIEW = "preview", _("preview")
        OPEN = "open", _("published")
        CLOSED = "closed", _("closed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PREVIEW)
    extra = models.JSONField(default=dict, blank=True)  # e.g. tabletop mission kinds
    draw_method = models.CharField(max_length=30, blank=True)
    draw_seed = models.CharField(max_length=64, blank=True)
    draw_explanation = models.JSONField(default=list, blank=True)
    # Set when a result of an earlier round changed after this round was drawn: the
    # draw rests on an old result and the director may redraw it.
    stale = models.BooleanField(default=False)
    stale_reason = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="unique_round_number")]

    def __str__(self) -> str:
        return f"{self.tournament} – {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True, default=new_token)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"],
                                               name="unique_table_number")]

    def __str__(self) -> str:
        return f"{self.round} / {self.number}"


class TableCode(models.Model):
    """A physical table's permanent code (``/tc/<code>/``), printed once and taped to it.

    It names a table *number* of a tournament, not a round's table: it always leads to the
    table of that number in the round that is open (services.hall_links).
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="table_codes")
    number = models.PositiveSmallIntegerField()
    code = models.CharField(max_length=64, unique=True, default=new_token)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="one_code_per_table_number")]

    def __str__(self) -> str:
        return f"{self.tournament} / {self.number}"


from .jobs import JobStatus  # noqa: E402


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="seats")
    side = models.PositiveSmallIntegerField(null=True, blank=True)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["side", "position"]
        constraints = [models.UniqueConstraint(fields=["round", "entrant"],
                                               name="one_seat_per_round"),
                       models.UniqueConstraint(fields=["table", "position"],
                                               name="one_entrant_per_seat")]


def seats_with_entrants(lookup: str = "seats") -> models.Prefetch:
    """Prefetch a table's seats with their entrants joined in (``prefetch_related(
    seats_with_entrants())`` instead of ``"seats__entrant"``).

    Django 5.2 prefetches a forward foreign key with one ``id = … OR id = …`` per object
    (ticket #36116's TupleIn), which SQLite refuses beyond 1,000 terms ("Expression tree is
    too large"): a round of more than 1,000 seats, as in an open's big section
    (docs/sections.md, bench/sections.py), failed. A join has no such limit."""
    return models.Prefetch(lookup, queryset=Seat.objects.select_related("entrant"))


class RegistrationSeat(models.Model):
    """A round-1 seat given at registration (Muckturnier's window draw).

    The database refuses a second entrant on the same seat, so two desks that
    register at the same moment can never be given one seat, whatever the
    application code does. ``draw_index`` says which draw of the recorded seed
    placed the entrant (the draw is replayable); ``moved`` marks seats changed
    by the cleanup. Round 1 is built from these seats.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="registration_seats")
    entrant = models.OneToOneField(Entrant, on_delete=models.CASCADE,
                                   related_name="registration_seat")
    table = models.PositiveSmallIntegerField()
    side = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(default=0)  # within the side
    draw_index = models.PositiveIntegerField()
    moved = models.BooleanField(default=False)

    class Meta:
        ordering = ["table", "side", "position"]
        constraints = [models.UniqueConstraint(fields=["tournament", "table", "side", "position"],
                                               name="one_entrant_per_registration_seat")]

    def __str__(self) -> str:
        return f"{self.entrant}: {self.table}/{self.side}/{self.position}"


class Bye(models.Model):
    class Kind(models.TextChoices):
        BYE = "bye", _("bye")
        HALF = "half", _("half-point bye")
        ZERO = "zero", _("zero-point bye")
        FORFEIT_WIN = "forfeit-win", _("win by forfeit")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="byes")
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.BYE)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "entrant"],
                                               name="one_bye_per_round")]


class Result(models.Model):
    """The current result of a table; every earlier version is a :class:`ResultRevision`."""

    class Status(models.TextChoices):
        SUBMITTED = "submitted", _("submitted")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="result")
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SUBMITTED)
    version = models.PositiveIntegerField(default=1)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.CheckConstraint(
            condition=Q(status__in=["submitted", "confirmed", "disputed"]),
            name="result_status_known")]


class ResultRevision(models.Model):
    """One submission or correction of a table's result; never deleted.

    ``reporter`` says who sent it, as an opaque key (``services.reporters``): a keyed hash
    of a captain's device id, the one anonymous device of the link, or the director. An
    undo (``services.undo``) only sets ``undone``: the revision stays on record but no
    longer counts as a report.
    """

    class Source(models.TextChoices):
        CAPTAIN = "captain", _("table captain")
        DIRECTOR = "director", _("director")
        IMPORT = "import", _("import")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="revisions")
    payload = models.JSONField()
    source = models.CharField(max_length=10, choices=Source.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    note = models.CharField(max_length=200, blank=True)
    reporter = models.CharField(max_length=80, blank=True)
    undone = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "id"]

    @property
    def payload_text(self) -> str:
        """The payload as JSON text, as the director's round page shows it."""
        return json.dumps(self.payload, ensure_ascii=False)


class SubmissionKey(models.Model):
    """A captain's submission key, stored once per table with what the submission did.

    A phone on bad Wi-Fi may send the same report many times (it kept it while offline,
    or the answer was lost on the way back); each copy carries the key the phone made for
    it, and every copy after the first gets the first one's outcome without a new
    revision (``services.results.captain_submit``).
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)
    outcome = models.CharField(max_length=12)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "key"],
                                               name="one_submission_per_key")]


class ActionLog(models.Model):
    """Append-only record of every change: who, what, before, after.

    ``writes`` and ``reads`` name what the change wrote and what it rested on, as keys
    ("table:12", "entrant:5", "round:3", "entrant:*" for every entrant): an undo
    (``services.undo``) is refused while a later entry touches what the undone one wrote.
    An undo is a new entry whose ``undoes`` points at the entry it takes back; no entry is
    ever edited.
    """

    tournament = models.ForeignKey(Tournament, null=True, on_delete=models.CASCADE,
                                   related_name="log")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    actor = models.CharField(max_length=120)  # "direktor", "captain of table 3", "desk anna"
    action = models.CharField(max_length=60)
    target = models.CharField(max_length=200, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    writes = models.JSONField(default=list, blank=True)
    reads = models.JSONField(default=list, blank=True)
    undoes = models.OneToOneField("self", null=True, blank=True, on_delete=models.CASCADE,
                                  related_name="undone_by")
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("the action log is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("the action log is append-only")


@receiver(pre_save, sender=ActionLog)
def raw_saves_only_add(sender: type[ActionLog], instance: ActionLog, raw: bool,
                       **kwargs: object) -> None:
    """A raw save (``loaddata``, the deserializer of ``manage.py restore``) skips
    :meth:`ActionLog.save`; it may add a row with its id, never rewrite a stored one."""
    if raw and instance.pk is not None and sender._base_manager.filter(pk=instance.pk).exists():
        raise ValueError("the action log is append-only")


class Report(models.Model):
    """A PDF the director asked for, rendered by a Celery task."""

    class Kind(models.TextChoices):
        STANDINGS = "standings", _("standings")
        PAIRINGS = "pairings", _("pairings / table list")
        SCORE_SHEETS = "score_sheets", _("score sheets with QR codes")

    Status = JobStatus

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="reports")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    file = models.FileField(upload_to="reports/", blank=True)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")

    # What was ordered with it (score sheets: layout), set by the task for the templates;
    # no column: the order carries it to the task.
    options: dict[str, Any]

    class Meta:
        ordering = ["-created"]


# Re-exported: online registration (entry_models.py, docs/registration.md), rate limits'
# counts and API tokens' last use (guard_models.py), teams (team_models.py, docs/teams.md).
from .entry_models import Announcement, MailRecord, Registration, UnmatchedPayment  # noqa: E402,F401,I001
from .guard_models import ApiTokenUse as ApiTokenUse, RateCount as RateCount  # noqa: E402
from .team_models import Lineup as Lineup, Team as Team, TeamMember as TeamMember  # noqa: E402
