"""Forms of the director's pages.

Forms only read and shape input; every change goes through a service, whose
:class:`~tournaments.services.ServiceError` is put back on the form with
:func:`apply_service_error`, so the message appears at the field it names.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from scoring.json_input import MAX_BYTES, JsonInputError, loads

from .common.draw_methods import METHOD_LABELS, method_choices  # noqa: F401
from .common.errors import ServiceError
from .common.forms import choice_field, json_error
from .common.text import validate_single_line
from .disciplines import DISCIPLINES, of
from .models import Role, Tournament

MAX_IMPORT_BYTES = MAX_BYTES  # 20 MB, as the API and the commands take






def kinds_help() -> str:
    """Which entrant kinds each discipline allows (the usual one first), for the create
    form's help text."""
    labels = dict(Tournament.EntrantKind.choices)
    kinds = "; ".join(f"{info.label}: {' / '.join(str(labels[k]) for k in info.entrant_kinds)}"
                      for info in DISCIPLINES.values())
    usual = _("The usual kind first.")  # outside an f-string, where makemessages finds it
    return f"{usual} {kinds}"


def pretty_json(value: Any, width: int = 64, indent: int = 0) -> str:
    """JSON for a textarea: compact where it fits, one item per line where it does not.

    A Bobbl list stays on one line; a Pussi sheet gets one game per line, so the
    director can read and correct it like the paper sheet. From the tenth level on
    everything stays compact (no payload the services accept nests that deep; one stored
    before they bounded the depth must not end the page in a RecursionError).
    """
    compact = json.dumps(value, ensure_ascii=False)
    if (len(compact) + indent <= width or not value or not isinstance(value, dict | list)
            or indent >= 20):
        return compact
    if isinstance(value, list) and not any(isinstance(v, dict | list) for v in value):
        return compact
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{json.dumps(k, ensure_ascii=False)}: {pretty_json(v, width, indent + 2)}"
                 for k, v in value.items()]
        opening, closing = "{", "}"
    else:
        items = [pretty_json(v, width, indent + 2) for v in value]
        opening, closing = "[", "]"
    lines = ",\n".join(pad + item for item in items)
    return f"{opening}\n{lines}\n{' ' * indent}{closing}"




def parse_json_field(form: forms.Form, field: str) -> Any:
    """Decode a JSON textarea with the bounded reader; a refusal becomes an error at the
    field (None returned)."""
    text = form.cleaned_data.get(field, "")
    try:
        return loads(text)
    except JsonInputError as exc:
        form.add_error(field, json_error(exc))
        return None


def apply_service_error(form: forms.Form, errors: ServiceError | dict[str, list[str]],
                        aliases: dict[str, str] | None = None,
                        default: str | None = None) -> None:
    """Put a service's errors on the form: at the named field, else at ``default``/the form.

    A place inside a field (``scoring.target``) goes to that field with its place
    in front, so the director sees which setting is wrong. ``aliases`` maps a
    service's field name to the form's (``result`` -> ``payload``).
    """
    aliases = aliases or {}
    if isinstance(errors, ServiceError):
        errors = errors.errors
    for place, messages in errors.items():
        head = place.split(".", 1)[0].split("[", 1)[0]
        target: str | None = aliases.get(place) or aliases.get(head) or head
        plain = place == target or place in aliases
        if place == "__all__":
            target, plain = None, True
        elif target not in form.fields:
            target, plain = default, False
        for message in messages:
            form.add_error(target, message if plain else f"{place}: {message}")


class CreateTournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200, validators=[validate_single_line])
    discipline = forms.ChoiceField(label=_("Discipline"))
    # Empty (the default): the discipline's usual kind, its first (Mucken: fixed pairs).
    entrant_kind = forms.ChoiceField(
        label=_("Entrants"), required=False,
        choices=[("", _("as usual for the discipline")), *Tournament.EntrantKind.choices])
    planned_rounds = forms.IntegerField(
        label=_("Planned rounds"), required=False, min_value=1, max_value=99,
        help_text=_("Leave empty for the discipline's usual number."))
    # The seed's Muckturnier program sets its draw at registration when the tournament is
    # created (or from the registration page): offered here too, for the card halls.
    registration_draw = forms.BooleanField(
        label=_("Draw seats at registration (window draw)"), required=False,
        help_text=_("Card halls (Mucken, Pussi): each entrant gets a round-1 seat when "
                    "signing up; more settings on the settings page."))
    window = forms.IntegerField(
        label=_("Window (tables after the first free one)"), required=False, min_value=0,
        max_value=10, initial=4,
        help_text=_("4 is what the Muckturnier program recommends (“+4”)."))

    # The desk of the new tournament (docs/access.md): the creator's desk helpers, ticked,
    # and anybody else by user name, so the desk does not meet a 403 on the evening.
    desk = forms.MultipleChoiceField(
        label=_("Desk"), required=False, widget=forms.CheckboxSelectMultiple,
        help_text=_("They get the desk role of the new tournament: who worked the desk of "
                    "your tournaments."))
    desk_more = forms.CharField(
        label=_("More desk users"), required=False, max_length=500,
        validators=[validate_single_line],
        help_text=_("User names, separated by commas; the settings' roles can add more later."))

    def __init__(self, *args: Any, helpers: list[Any] | None = None, **kwargs: Any) -> None:
        self.helpers = {str(u.pk): u for u in helpers or []}
        super().__init__(*args, **kwargs)
        choice_field(self, "discipline").choices = [(n, i.label) for n, i in DISCIPLINES.items()]
        self.fields["entrant_kind"].help_text = kinds_help()
        if self.helpers:
            desk = choice_field(self, "desk")
            desk.choices = [(pk, u.get_username()) for pk, u in self.helpers.items()]
            desk.initial = list(self.helpers)
        else:
            del self.fields["desk"]

    def clean_desk_more(self) -> list[Any]:
        """Each name an account (any case); an unknown one is named at the field."""
        User = get_user_model()
        found: list[Any] = []
        unknown: list[str] = []
        for name in (n.strip() for n in self.cleaned_data.get("desk_more", "").split(",")):
            if not name:
                continue
            user = User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": name}).first()
            if user is None:
                unknown.append(name)
            else:
                found.append(user)
        if unknown:
            raise forms.ValidationError(
                _("there is no user %(names)s: make the account in the admin (/admin/, Users) "
                  "first") % {"names": ", ".join(unknown)})
        return found

    def desk_users(self) -> list[Any]:
        """Everybody who gets the desk role: the ticked helpers and the named users."""
        ticked = [self.helpers[pk] for pk in self.cleaned_data.get("desk", [])
                  if pk in self.helpers]
        return ticked + list(self.cleaned_data.get("desk_more", []))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Django's clean() returns cleaned_data
        info = DISCIPLINES.get(data.get("discipline") or "")
        if not data.get("entrant_kind") and info is not None:
            data["entrant_kind"] = info.entrant_kinds[0]
        if data.get("registration_draw") and info is not None and (
                "registration" not in info.options):
            self.add_error("registration_draw", _("%(discipline)s draws no seats at "
                                                  "registration") % {"discipline": info.label})
        return data

    def seat_draw_disciplines(self) -> str:
        """The disciplines that draw seats at registration, space-separated: the page
        shows the window-draw fields only when one of them is chosen (static/js/create-form.js)."""
        return " ".join(n for n, i in DISCIPLINES.items() if "registration" in i.options)

    def draw_options(self) -> dict[str, Any] | None:
        """The draw options to create the tournament with (the window draw), or None."""
        d = self.cleaned_data
        if not d.get("registration_draw"):
            return None
        window = d.get("window")
        return {"registration": {"window": 4 if window is None else window,
                                 "random_up_to": 0, "sequential_from": None}}


class ImportForm(forms.Form):
    """A turnier/1 document (JSON) or a file in a discipline's own format (chess: TRF).

    ``cleaned_data["document"]`` is ``("json", data)`` or ``("file", text)``: a file
    whose text is not JSON goes to the disciplines that import files, whose reader names
    the line and column.
    """

    document = forms.FileField(label=_("turnier/1 document (JSON) or another tournament file"))
    slug = forms.SlugField(label=_("Address (optional)"), required=False, max_length=80,
                           help_text=_("Leave empty to derive it from the name."))

    def clean_document(self) -> Any:
        from pairing.trf import decode

        f = self.cleaned_data["document"]
        if f.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(_("the file is larger than 20 MB"))
        raw = f.read(MAX_IMPORT_BYTES + 1)
        if not raw.lstrip().startswith((b"{", b"[")):
            return "file", decode(raw)
        try:
            return "json", loads(raw)
        except JsonInputError as exc:
            if exc.message.startswith("not UTF-8"):
                raise forms.ValidationError(_("the file is not UTF-8 text")) from None
            raise forms.ValidationError(json_error(exc)) from None

    def clean_slug(self) -> str:
        slug = self.cleaned_data.get("slug") or ""
        if slug and Tournament.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("this address is taken"))
        return slug


class RoleForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    kind = forms.ChoiceField(label=_("Role"), choices=Role.Kind.choices,
                             initial=Role.Kind.DESK)

    def clean_username(self) -> Any:
        name = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(**{
            f"{get_user_model().USERNAME_FIELD}__iexact": name}).first()
        if user is None:
            raise forms.ValidationError(
                _("there is no user %(name)s: make the account in the admin (/admin/, "
                  "Users), then give it the role here") % {"name": name})
        return user


class DrawForm(forms.Form):
    seed = forms.CharField(label=_("Seed (optional)"), required=False, max_length=64,
                           help_text=_("Give the seed of an earlier draw to repeat it."))
    method = forms.ChoiceField(label=_("Draw method"), help_text=_(
        "Chosen already: the method of the tournament's settings. Keep it unless the "
        "arbiter decides otherwise."))

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"method": tournament.pairing})
        super().__init__(*args, **kwargs)
        # Only the methods of the tournament's mode (chess: a Swiss never draws a round from
        # the Berger table, a round robin never by the Dutch system).
        choice_field(self, "method").choices = method_choices(
            tournament.disc, tournament.disc.draw_methods(tournament))

    def clean_seed(self) -> str:
        return self.cleaned_data["seed"].strip()


class ResultNoteForm(forms.Form):
    """The note beside a result entered with the discipline's inputs (which are not fields
    of this form: ``result_forms`` reads them from the POST)."""

    note = forms.CharField(label=_("Note"), required=False, max_length=200)


class ResultForm(ResultNoteForm):
    """A result as JSON (the director's advanced option)."""

    payload = forms.CharField(label=_("Result (JSON)"),
                              widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}))
    field_order = ["payload", "note"]

    def payload_value(self) -> Any:
        return parse_json_field(self, "payload")


class UndoLastForm(forms.Form):
    """The log page's "undo the last N actions", of one round or of all."""

    last = forms.IntegerField(label=_("Number of actions"), min_value=1, max_value=50,
                              initial=1)
    round = forms.TypedChoiceField(label=_("Of"), required=False, coerce=int,
                                   empty_value=None)

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        numbers = tournament.rounds.order_by("number").values_list("number", flat=True)
        choice_field(self, "round").choices = [("", _("all actions")), *[
            (n, _("%(word)s %(n)s") % {"word": of(tournament).round_word_in_text, "n": n})
            for n in numbers]]


__all__ = ["CreateTournamentForm", "DrawForm", "ImportForm", "ResultForm", "ResultNoteForm",
           "RoleForm", "UndoLastForm", "apply_service_error", "method_choices",
           "pretty_json"]
