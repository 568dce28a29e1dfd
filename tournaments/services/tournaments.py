"""Creating a tournament from a discipline's preset and changing its settings."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scoring import registry as scoring_registry
from scoring.discipline import is_int
from scoring.model import Problems

from ..common.text import check_single_line
from ..core_messages import say
from ..disciplines import get, of
from ..disciplines.settings_spec import locked_settings
from ..models import Role, Tournament
from . import seating
from .base import Actor, Conflict, ServiceError, change, creation
from .warming import warm_after_commit


def check_scoring(discipline: str, scoring: Any) -> dict[str, Any]:
    """Validate scoring settings with the discipline's own rules; errors name the setting."""
    if not isinstance(scoring, dict):
        raise ServiceError(_("must be an object of settings"), "scoring")
    problems = Problems()
    scoring_registry.DISCIPLINES[discipline].parse_settings(scoring, problems, "scoring")
    # A setting the discipline does not know is only a warning in a document (older files
    # still load), but a director changing settings is refused: a typo is never ignored.
    if problems.items:
        errors: dict[str, list[str]] = {}
        for p in problems.items:
            errors.setdefault(p.place or "scoring", []).append(say(p.message))
        raise ServiceError(errors)
    return scoring


def check_fixed(tournament: Tournament, scoring: dict[str, Any]) -> None:
    """Refuse to change a setting the discipline fixes once round 1 is drawn (tabletop: the
    scoring system, for which each round's missions were drawn)."""
    info = of(tournament)
    fixed = locked_settings(info, tournament)
    for s in info.settings_fields:
        if s.key in fixed and s.value_in(scoring) != s.value_in(tournament.scoring or {}):
            raise Conflict(str(fixed[s.key]), f"scoring.{s.key}", code="fixed_after_draw")


# addresses the pages and the API use themselves (events: /director/events/, docs/sections.md)
RESERVED_SLUGS = {"import", "new", "neu", "events"}


def unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "turnier"
    if base in RESERVED_SLUGS:
        base = f"{base}-turnier"
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def desk_helpers(user: Any) -> list[Any]:
    """The creator's desk helpers: the accounts with the desk role in a tournament ``user``
    directs (docs/access.md, "The desk of a new tournament"), by name. The app knows no
    clubs of users; the people who worked the desk of one's earlier tournaments are the
    nearest thing to "my club's desk"."""
    if not getattr(user, "is_authenticated", False):
        return []
    directed = Role.objects.filter(user=user, kind=Role.Kind.DIRECTOR).values("tournament")
    ids = Role.objects.filter(kind=Role.Kind.DESK, tournament__in=directed).exclude(
        user=user).values("user")
    User = get_user_model()
    return list(User.objects.filter(pk__in=ids, is_active=True).order_by(User.USERNAME_FIELD))


def create_tournament(actor: Actor, name: str, discipline: str, entrant_kind: str = "single",
                      scoring: dict[str, Any] | None = None, planned_rounds: int | None = None,
                      pairing: str | None = None, slug: str | None = None,
                      draw_options: dict[str, Any] | None = None,
                      desk: Iterable[Any] = ()) -> Tournament:
    """A new tournament from the discipline's preset; the creator becomes its director.

    ``draw_options`` (checked as the settings check them) join the discipline's defaults:
    the draw at registration can be chosen at creation, as in the seed's program.
    ``desk``: accounts that get the desk role in the same step (the creation form offers
    :func:`desk_helpers`, all ticked), so the desk does not meet a 403 on the evening."""
    name = (name or "").strip()
    if not name:
        raise ServiceError(_("a tournament needs a name"), "name")
    check_single_line(name, "name")
    info = get(discipline)
    if info is None:
        raise ServiceError(_("unknown discipline %(d)s") % {"d": repr(discipline)}, "discipline")
    if entrant_kind not in info.entrant_kinds:
        raise ServiceError(_("%(d)s is played by %(kinds)s")
                           % {"d": discipline, "kinds": _(" or ").join(info.entrant_kinds)},
                           "entrant_kind")
    method = pairing or info.methods[0]
    if method not in info.methods:
        raise ServiceError(_("draw method must be one of %(methods)s")
                           % {"methods": ", ".join(info.methods)}, "pairing")
    settings = check_scoring(discipline, info.scoring_for_pairing(
        method, {**info.preset, **(scoring or {})}))
    mismatch = info.pairing_scoring_errors(method, settings)
    if mismatch:
        raise ServiceError(mismatch)
    rounds = planned_rounds if planned_rounds is not None else info.planned_rounds
    if not is_int(rounds) or not 1 <= rounds <= 99:
        raise ServiceError(_("must be a whole number from 1 to 99"), "planned_rounds")
    try:
        with creation(actor, "create_tournament") as c:
            t = c.tournament = Tournament.objects.create(
                slug=slug or unique_slug(name), name=name, discipline=discipline,
                entrant_kind=entrant_kind, scoring=settings, pairing=method,
                planned_rounds=rounds, created_by=actor.user,
                draw_options=dict(info.default_draw_options))
            if draw_options:
                t.draw_options = {**t.draw_options,
                                  **seating.check_draw_options(t, draw_options)}
                t.save(update_fields=["draw_options"])
            if actor.user is not None:
                Role.objects.create(tournament=t, user=actor.user, kind=Role.Kind.DIRECTOR)
            helpers = sorted({u.pk: u for u in desk if u != actor.user}.values(),
                             key=lambda u: u.get_username())
            Role.objects.bulk_create([Role(tournament=t, user=u, kind=Role.Kind.DESK)
                                      for u in helpers])
            c.target = t.slug
            c.after = {"name": name, "discipline": discipline, "scoring": settings,
                       **({"draw_options": t.draw_options} if t.draw_options else {})}
            if helpers:
                c.after["desk"] = [u.get_username() for u in helpers]
    except IntegrityError:
        raise Conflict(_("the address %(slug)s is taken") % {"slug": repr(slug)},
                       "slug") from None
    return t


EDITABLE = ("name", "scoring", "planned_rounds", "pairing", "public", "status", "draw_options")


def update_tournament(tournament: Tournament, actor: Actor, **fields: Any) -> Tournament:
    """Change settings; scoring settings are validated by the discipline."""
    unknown = set(fields) - set(EDITABLE)
    if unknown:
        raise ServiceError(_("cannot change %(fields)s") % {"fields": ", ".join(sorted(unknown))})
    info = of(tournament)
    if "scoring" in fields:
        check_scoring(tournament.discipline, fields["scoring"])
        check_fixed(tournament, fields["scoring"])
    if "name" in fields and not str(fields["name"]).strip():
        raise ServiceError(_("a tournament needs a name"), "name")
    if "name" in fields:
        check_single_line(fields["name"], "name")
    if "pairing" in fields and fields["pairing"] not in info.methods:
        raise ServiceError(_("draw method must be one of %(methods)s")
                           % {"methods": ", ".join(info.methods)}, "pairing")
    if "pairing" in fields and fields["pairing"] != tournament.pairing:
        # Another draw method may bring its own settings (chess: a round robin's tie-breaks).
        adjusted = info.scoring_for_pairing(fields["pairing"],
                                            fields.get("scoring", tournament.scoring or {}))
        if adjusted != fields.get("scoring", tournament.scoring or {}):
            fields["scoring"] = adjusted

    if "planned_rounds" in fields:
        pr = fields["planned_rounds"]
        if not is_int(pr) or not 1 <= pr <= 99:
            raise ServiceError(_("must be a whole number from 1 to 99"), "planned_rounds")
    if "status" in fields and fields["status"] not in Tournament.Status.values:
        raise ServiceError(_("unknown status"), "status")
    if "draw_options" in fields:
        fields["draw_options"] = seating.check_draw_options(tournament,
                                                            fields["draw_options"])
    with change(tournament.pk, actor, "update_tournament") as c:
        t = c.tournament
        locked = info.locked_change(t, fields) if t.rounds.exists() else None
        if locked is not None:
            raise Conflict(locked[1], locked[0])
        if "pairing" in fields or "scoring" in fields:
            mismatch = info.pairing_scoring_errors(fields.get("pairing", t.pairing),
                                                   fields.get("scoring", t.scoring or {}))
            if mismatch:
                raise ServiceError(mismatch)
        c.target = t.slug
        c.wrote("settings")
        c.before = {k: getattr(t, k) for k in fields}
        if "draw_options" in fields:
            _keep_registration_seed(t, fields["draw_options"])
        for k, v in fields.items():
            setattr(t, k, v)
        t.save(update_fields=list(fields))
        c.after = {k: getattr(t, k) for k in fields}
        if seating.drawing_at_registration(t):
            seated = seating.seat_all(t)
            if seated:
                c.after["seated"] = seated
                c.wrote("entrant:*")
    if fields.get("public") is True:  # the hall may open its pages now: render them first
        warm_after_commit(t.pk)
    t.refresh_from_db()
    return t


def _keep_registration_seed(t: Tournament, options: dict[str, Any]) -> None:
    """Changing the window keeps the recorded seed: seats drawn so far stay replayable."""
    old = (t.draw_options or {}).get("registration") or {}
    new = options.get("registration")
    if new is not None and old.get("seed") and not new.get("seed"):
        new["seed"] = old["seed"]


def grant_role(tournament: Tournament, actor: Actor, user: Any, kind: str) -> None:
    with change(tournament.pk, actor, "grant_role") as c:
        _role, created = Role.objects.get_or_create(tournament=c.tournament, user=user,
                                                    kind=kind)
        c.target = user.get_username()
        c.wrote("roles")
        c.before = {"role": None if created else kind}
        c.after = {"role": kind}
