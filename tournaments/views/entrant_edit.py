"""Correcting one entrant (desk and director): name, club, rating(s), birth year,
categories, and a pair's players. The work is :mod:`tournaments.services.entrant_edit`'s;
this view only turns the form into its call and its refusals into field errors."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from ..common.text import validate_single_line
from ..forms import apply_service_error
from ..models import Entrant, Tournament
from ..permissions import is_director
from ..services import Actor, ServiceError
from ..services.entrant_edit import edit_entrant, played
from .access import desk_view


def _players(e: Entrant) -> list[Any]:
    return [link.player for link in Entrant.players.through.objects.filter(
        entrant=e).select_related("player").order_by("id")]


class EntrantEditForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=250,
                           validators=[validate_single_line])
    club = forms.CharField(label=gettext_lazy("Club"), max_length=120, required=False,
                           validators=[validate_single_line])
    elo = forms.IntegerField(label=gettext_lazy("Rating"), min_value=0, max_value=9999,
                             required=False)
    categories = forms.CharField(
        label=gettext_lazy("Categories"), max_length=200, required=False,
        validators=[validate_single_line],
        help_text=gettext_lazy("Separated by commas, e.g. senior, youth"))

    def __init__(self, t: Tournament, e: Entrant, *args: Any, **kwargs: Any) -> None:
        people = _players(e)
        self.single = len(people) == 1
        self.pair = len(people) == 2
        # The facts the discipline asks of a person (chess: Elo, DWZ, FIDE id, title …).
        self.person_form = t.disc.person_form()
        person = people[0] if self.single else None
        initial = {"name": e.name, "club": e.club, "elo": e.rating,
                   "categories": ", ".join(e.categories or [])}
        self.person = person
        if person is not None:
            initial.update(self.person_form.initial(person) if self.person_form else {
                "birth_year": person.birth_date.year if person.birth_date else None})
        if self.pair:
            initial.update(player1=people[0].name, player2=people[1].name)
        kwargs["initial"] = initial
        super().__init__(*args, **kwargs)
        if t.disc.has_ratings:
            self.fields["elo"].label = gettext_lazy("Elo")
        if self.single and self.person_form:  # every fact the draw and the reports use
            self.person_form.add_fields(self)
        elif self.single:
            self.fields["birth_year"] = forms.IntegerField(
                label=gettext_lazy("Birth year"), min_value=1900, max_value=2100,
                required=False)
        if self.pair:
            # A pair named after its players ("A / B", the default) is corrected by its
            # players' names, the name following them: one place for each name, not the
            # combined name beside the two (issue 24 #21). A pair with a name of its own
            # keeps that field, called what it is.
            if e.name == " / ".join(p.name for p in people):
                del self.fields["name"]
            else:
                self.fields["name"].label = gettext_lazy("Name of the pair")
                self.fields["name"].help_text = gettext_lazy(
                    "The pair's own name in the standings; its players' names are below.")
            has_played = played(e) is not None
            self.fields["player1"] = forms.CharField(
                label=gettext_lazy("Player 1"), max_length=120,
                validators=[validate_single_line])
            self.fields["player2"] = forms.CharField(
                label=gettext_lazy("Player 2 (partner)"), max_length=120,
                validators=[validate_single_line])
            self.order_fields(["name", "player1", "player2"])  # the names first
            if has_played:  # a new partner would take over results (the service refuses)
                return
            self.fields["new_partner"] = forms.BooleanField(
                label=gettext_lazy("Player 2 is another person (partner changed)"),
                required=False, help_text=gettext_lazy(
                    "Leave unticked to correct how the name is written. A new partner is "
                    "possible only before the pair has a result."))
            self.fields["partner_club"] = forms.CharField(
                label=gettext_lazy("Club of the new partner"), max_length=120, required=False,
                validators=[validate_single_line])
            self.order_fields(["name", "player1", "player2", "new_partner", "partner_club"])

    def clean(self) -> dict[str, Any]:
        cd = super().clean()
        assert cd is not None  # Django's clean() returns cleaned_data
        if self.single and self.person_form:  # "1834-23", "12.03.1988" read, or refused
            self.person_facts = self.person_form.facts(cd, self.person)
        return cd

    def facts(self) -> dict[str, Any]:
        cd = self.cleaned_data
        out = {"name": cd["name"]} if "name" in self.fields else {}
        out.update(club=cd["club"], elo=cd["elo"],
                   categories=[c.strip() for c in cd["categories"].split(",") if c.strip()])
        if self.single and self.person_form:
            out.update(self.person_facts)
        if "birth_year" in self.fields:
            out["birth_year"] = cd["birth_year"]
        return out


def _warn_moved_numbers(request: HttpRequest, t: Tournament, before: dict[int, int]) -> None:
    """Say whose pairing number a correction moved (chess: a DWZ corrected after round 2
    moves a player from number 8 to 1; the next rounds pair by the new numbers)."""
    if not before:
        return
    after = t.disc.pairing_numbers(t)
    moved = [(pk, before[pk], after[pk]) for pk in before
             if pk in after and after[pk] != before[pk]]
    if not moved:
        return
    names = dict(t.entrants.filter(pk__in=[pk for pk, _a, _b in moved])
                 .values_list("pk", "name"))
    messages.warning(request, _(
        "The pairing numbers changed: %(moves)s. The next rounds are paired by the new "
        "numbers; rounds already drawn stay as they are.") % {"moves": ", ".join(
            _("%(name)s from %(old)s to %(new)s") % {"name": names.get(pk, pk), "old": old,
                                                     "new": new}
            for pk, old, new in sorted(moved, key=lambda m: m[2]))})


ALIASES = {"birth_date": "birth_year", "players": "player2", "name": "player1"}


@desk_view
@require_http_methods(["GET", "HEAD", "POST"])
def edit(request: HttpRequest, t: Tournament, start_number: int) -> HttpResponse:
    e = get_object_or_404(Entrant, tournament=t, start_number=start_number)
    status = 200
    if request.method == "POST":
        form = EntrantEditForm(t, e, request.POST)
        if form.is_valid():
            cd = form.cleaned_data
            numbers_before = t.disc.pairing_numbers(t)
            try:
                edit_entrant(e, Actor(request.user, f"desk {request.user.get_username()}"),
                             form.facts(),
                             pair_names=[cd["player1"], cd["player2"]] if form.pair else None,
                             new_partner=bool(cd.get("new_partner")),
                             partner_club=cd.get("partner_club") or "")
            except ServiceError as exc:
                apply_service_error(form, {k: [_(m) for m in v] for k, v in exc.errors.items()},
                                    aliases={k: v for k, v in ALIASES.items()
                                             if k not in form.fields})
            else:
                e.refresh_from_db()
                messages.success(request, _("%(entrant)s saved. Every page and PDF shows the "
                                            "change now.") % {"entrant": e})
                _warn_moved_numbers(request, t, numbers_before)
                return redirect(f"{request.path}")
        status = 400
    else:
        form = EntrantEditForm(t, e)
    return render(request, "desk/edit.html", {
        "t": t, "e": e, "form": form, "played": played(e),
        "director": is_director(request.user, t)}, status=status)
