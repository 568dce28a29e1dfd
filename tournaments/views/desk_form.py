"""The desk's sign-up form: one player or a fixed pair, each picked or typed, and its call
of the registration service (:func:`_register`). Split from :mod:`tournaments.views.desk`."""

from __future__ import annotations

import logging
from typing import Any

from django import forms
from django.db import DatabaseError
from django.http import HttpRequest
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .. import services
from ..common.text import validate_single_line
from ..models import Entrant, Player, Tournament
from ..services import ServiceError
from .desk_rows import FIELD_ORDER, _actor

log = logging.getLogger(__name__)


class SignUpForm(forms.Form):
    """One player, or the two players of a fixed pair; each picked from the database or new."""

    status = forms.ChoiceField(
        label=_("Status"), initial=Entrant.Status.PRESENT, widget=forms.RadioSelect,
        choices=[(Entrant.Status.PRESENT, _("present (checked in)")),
                 (Entrant.Status.REGISTERED, _("registered (pre-registration)"))])

    def __init__(self, *args: Any, pair: bool = False, rating: tuple[str, Any] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pair = pair
        # What the rating field is (WebDiscipline.desk_rating: chess asks for the DWZ or
        # the Elo its setting ranks by, and stores it as that).
        self.rating_kind, rating_label = rating or ("rating", _("Rating"))
        for n in (1, 2) if pair else (1,):
            self.fields[f"p{n}_name"] = forms.CharField(label=_("Name"), max_length=120,
                                                        required=n == 1,
                                                        validators=[validate_single_line])
            self.fields[f"p{n}_club"] = forms.CharField(label=_("Club"), max_length=120,
                                                        required=False,
                                                        validators=[validate_single_line])
            self.fields[f"p{n}_rating"] = forms.IntegerField(label=rating_label, min_value=0,
                                                             max_value=4000, required=False)
            # A known player's id, or "L" and the key of a listed person (the discipline's
            # published lists; chess: a player from the DWZ or FIDE list, who becomes a
            # person with every fact).
            self.fields[f"p{n}_id"] = forms.RegexField(regex=r"^L?\d{1,10}$", required=False,
                                                       widget=forms.HiddenInput)
        if pair:
            self.fields["team_name"] = forms.CharField(
                label=_("Pair name"), max_length=250, required=False,
                validators=[validate_single_line],
                help_text=_("Optional; otherwise both names."))
            self.fields["alone"] = forms.BooleanField(
                label=_("came alone (no partner yet)"), required=False,
                help_text=_("Signs up player 1 alone; pair up with another one later."))

    def clean(self) -> dict[str, Any]:
        """A pair needs its second player, unless the first one came alone."""
        cd = super().clean()
        assert cd is not None  # Django's clean() returns cleaned_data
        if self.pair and not self.errors.get("p2_name"):
            second = (cd.get("p2_name") or "").strip()
            if cd.get("alone") and second:
                self.add_error("alone", gettext("came alone, but player 2 is filled in: empty "
                                           "player 2 or untick this"))
            elif not cd.get("alone") and not second:
                self.add_error("p2_name", forms.Field.default_error_messages["required"])
        return cd

    @property
    def came_alone(self) -> bool:
        return bool(self.pair and getattr(self, "cleaned_data", {}).get("alone"))

    def slots(self) -> list[dict[str, Any]]:
        """The player blocks for the template, so one markup serves singles and pairs."""
        return [{"n": n, "label": gettext("Player %(n)s") % {"n": n} if self.pair else "",
                 "name": self[f"p{n}_name"], "club": self[f"p{n}_club"],
                 "rating": self[f"p{n}_rating"], "id": self[f"p{n}_id"]}
                for n in ((1, 2) if self.pair else (1,))]

    def player_spec(self, n: int) -> int | dict[str, Any]:
        """A picked player's id, or the typed person as a dict for ``services.register``.

        A picked id counts only while the name field still shows that player's name, so
        editing the name after picking signs up the typed person instead.
        """
        cd = self.cleaned_data
        name = cd[f"p{n}_name"].strip()
        pid = cd.get(f"p{n}_id") or ""
        if pid.isdecimal():
            player = Player.objects.filter(pk=pid).first()
            if player is not None and player.name.casefold() == name.casefold():
                return player.pk
        spec: dict[str, Any] = {"name": name}
        if cd.get(f"p{n}_club"):
            spec["club"] = cd[f"p{n}_club"].strip()
        if cd.get(f"p{n}_rating") is not None:
            spec[self.rating_kind] = cd[f"p{n}_rating"]
        return spec

    def listed_facts(self, t: Tournament, n: int) -> dict[str, Any] | None:
        """The facts of the listed person picked for player ``n`` while the name still
        shows (the discipline's lists: :meth:`WebDiscipline.listed_person`)."""
        pid = self.cleaned_data.get(f"p{n}_id") or ""
        if not pid.startswith("L"):
            return None
        return t.disc.listed_person(pid, self.cleaned_data[f"p{n}_name"])

    def add_service_errors(self, error: ServiceError) -> None:
        """Show the service's messages at the field they are about."""
        name_field = "team_name" if self.pair and not self.came_alone else "p1_name"
        where = {"name": name_field,
                 "players": None if self.pair and not self.came_alone else "p1_name",
                 "status": "status", "alone": "alone"}
        for field, msgs in error.errors.items():
            target = where.get(field)
            for msg in msgs:
                self.add_error(target if target in self.fields else None, msg)

    def focus(self) -> str:
        """The field that should have the keyboard focus after this form is shown."""
        for name in FIELD_ORDER:
            if name in self.errors:
                return name
        return "p1_name"


def _register(request: HttpRequest, tournament: Tournament, form: SignUpForm) -> Entrant | None:
    """Sign up from a valid form; on refusal put the reason into the form and return None."""
    cd = form.cleaned_data
    pair = form.pair and not form.came_alone
    players = [form.player_spec(n) for n in ((1, 2) if pair else (1,))]
    if pair:
        clubs = [c for c in (cd.get("p1_club", "").strip(), cd.get("p2_club", "").strip()) if c]
        club = clubs[0] if len(set(clubs)) == 1 else " / ".join(clubs)
        club = club if len(club) <= 120 else ""
        kwargs: dict[str, Any] = {"name": cd.get("team_name", "").strip(), "club": club}
    else:
        kwargs = {"club": cd["p1_club"].strip()}
        if form.rating_kind == "rating":  # else the person's DWZ (player_spec)
            kwargs["rating"] = cd["p1_rating"]
    listed = form.listed_facts(tournament, 1) if not pair else None
    try:
        if listed is not None:  # picked from a published list: the person with every fact
            return services.register_person(
                tournament, _actor(request), players, listed,
                status=cd["status"], preregistered=cd["status"] == Entrant.Status.REGISTERED,
                **kwargs)
        # The service owns its transaction: a refused sign-up leaves nothing behind (no
        # stray Player). "Registered" at the desk is a pre-registration (not here yet): the
        # seat comes with the check-in.
        return services.register(
            tournament, _actor(request), players, status=cd["status"],
            preregistered=cd["status"] == Entrant.Status.REGISTERED, alone=form.came_alone,
            **kwargs)
    except ServiceError as e:
        form.add_service_errors(e)
    except DatabaseError:
        log.warning("desk sign-up failed in the database", exc_info=True)
        form.add_error(None, gettext("The database was busy. Please submit again."))
    return None
