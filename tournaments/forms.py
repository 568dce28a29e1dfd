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

from .disciplines import DISCIPLINES, of
from .models import Role, Tournament
from .services.base import ServiceError
from .services.text import validate_single_line

# Names of draw methods as the director reads them; unknown methods show their name.
METHOD_LABELS: dict[str, Any] = {
    "dutch": _("Swiss, FIDE Dutch system"),
    "score_order": _("by score, no rematches (Swiss)"),
    "round_robin": _("round robin (FIDE Berger tables)"),
    "round_robin_shift": _("round robin, shift system (Rutschsystem)"),
    "random_tables": _("random tables"),
    "standings_tables": _("tables by standings"),
    "rotation": _("new tables: no repeated opponents or partners"),
    "fixed_rotation": _("pair 1 stays, pair 2 moves on one table"),
    "pussi_partners": _("new partners each series"),
    "swiss_score": _("Swiss by tournament points, no rematches"),
    "registration": _("seats from the draw at registration"),
}

MAX_IMPORT_BYTES = MAX_BYTES  # 20 MB, as the API and the commands take


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's choice field ``name``, to set its choices (``fields`` holds plain Fields)."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField), name
    return field


def method_choices(discipline: str) -> list[tuple[str, Any]]:
    return [(m, METHOD_LABELS.get(m, m)) for m in DISCIPLINES[discipline].methods]


def kinds_help() -> str:
    """Which entrant kinds each discipline allows (the usual one first), for the create
    form's help text."""
    labels = dict(Tournament.EntrantKind.choices)
    kinds = "; ".join(f"{info.label}: {' / '.join(str(labels[k]) for k in info.entrant_kinds)}"
                      for info in DISCIPLINES.values())
    return f"{_('The usual kind first.')} {kinds}"


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


def json_error(exc: JsonInputError) -> str:
    """The reader's refusal as a form shows it: with line and column, or with the place."""
    if exc.line is not None:
        return (_("not valid JSON: %(msg)s (line %(line)s, column %(col)s)")
                % {"msg": exc.message.removeprefix("not JSON: "), "line": exc.line,
                   "col": exc.column})
    if exc.place:
        return _("not valid JSON at %(place)s: %(msg)s") % {"place": exc.place,
                                                            "msg": exc.message}
    return _("not valid JSON: %(msg)s") % {"msg": exc.message}


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "discipline").choices = [(n, i.label) for n, i in DISCIPLINES.items()]
        self.fields["entrant_kind"].help_text = kinds_help()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Django's clean() returns cleaned_data
        info = DISCIPLINES.get(data.get("discipline") or "")
        if not data.get("entrant_kind") and info is not None:
            data["entrant_kind"] = info.entrant_kinds[0]
        return data


class ImportForm(forms.Form):
    """A turnier/1 document (JSON) or a chess tournament as a TRF-16/TRF-26 file.

    ``cleaned_data["document"]`` is ``("json", data)`` or ``("trf", text)``: a file
    whose text is not JSON is read as TRF, whose reader names the line and column.
    """

    document = forms.FileField(label=_("turnier/1 document (JSON) or TRF file"))
    slug = forms.SlugField(label=_("Address (optional)"), required=False, max_length=80,
                           help_text=_("Leave empty to derive it from the name."))

    def clean_document(self) -> Any:
        from pairing.trf import decode

        f = self.cleaned_data["document"]
        if f.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(_("the file is larger than 20 MB"))
        raw = f.read(MAX_IMPORT_BYTES + 1)
        if not raw.lstrip().startswith((b"{", b"[")):
            return "trf", decode(raw)
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


class SettingsForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200, validators=[validate_single_line])
    planned_rounds = forms.IntegerField(label=_("Planned rounds"), min_value=1, max_value=99)
    pairing = forms.ChoiceField(label=_("Draw method"))
    status = forms.ChoiceField(label=_("Status"), choices=Tournament.Status.choices)
    public = forms.BooleanField(label=_("Public"), required=False,
                                help_text=_("Spectators may see standings and pairings."))
    scoring = forms.CharField(label=_("Scoring settings (JSON)"),
                              widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}))

    # Where a draw option's error is shown (services name the place in draw_options).
    ALIASES = {"draw_options.double": "double", "draw_options.avoid_same_club": "avoid_same_club",
               "draw_options.registration": "registration_draw",
               "draw_options.registration.window": "window",
               "draw_options.registration.random_up_to": "random_up_to",
               "draw_options.registration.sequential_from": "sequential_from",
               **{f"scoring.tiebreaks[{i}]": f"tiebreak_{i + 1}" for i in range(8)},
               "scoring.tiebreak_rules": "tiebreak_rules"}

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:
        options = tournament.draw_options or {}
        reg = options.get("registration") or {}
        kwargs.setdefault("initial", {
            "name": tournament.name, "planned_rounds": tournament.planned_rounds,
            "pairing": tournament.pairing, "status": tournament.status,
            "public": tournament.public, "scoring": pretty_json(tournament.scoring),
            "double": options.get("double", False),
            "avoid_same_club": options.get("avoid_same_club", False),
            "registration_draw": bool(reg), "window": reg.get("window", 4),
            "random_up_to": reg.get("random_up_to", 0),
            "sequential_from": reg.get("sequential_from")})
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        choice_field(self, "pairing").choices = method_choices(tournament.discipline)
        allowed = of(tournament).options
        for name, field in draw_option_fields().items():
            option = "registration" if name in REGISTRATION_FIELDS else name
            if option in allowed:
                self.fields[name] = field
        if of(tournament).has_tiebreak_picker:
            self.fields.update(tiebreak_fields(of(tournament).settings(tournament)))

    def picked_scoring(self, scoring: dict[str, Any]) -> dict[str, Any]:
        """The JSON settings with the tie-breaks as picked, where the pickers were changed."""
        if "tiebreak_rules" not in self.fields:
            return scoring
        d, current = self.cleaned_data, self.tournament.scoring or {}
        picked = [d[f"tiebreak_{i}"] for i in range(1, TIEBREAK_SLOTS + 1)
                  if d.get(f"tiebreak_{i}")]
        scoring = dict(scoring)
        if picked != list(current.get("tiebreaks", [])):
            scoring["tiebreaks"] = picked
        if d.get("tiebreak_rules") and d["tiebreak_rules"] != current.get("tiebreak_rules",
                                                                            "fide2023"):
            scoring["tiebreak_rules"] = d["tiebreak_rules"]
        return scoring

    def draw_options(self) -> dict[str, Any]:
        """The draw options as the form says them (the recorded seed is kept by the service)."""
        d = self.cleaned_data
        options: dict[str, Any] = {k: d[k] for k in ("double", "avoid_same_club") if k in d}
        if d.get("registration_draw"):
            options["registration"] = {"window": d.get("window") if d.get("window") is not None
                                       else 4, "random_up_to": d.get("random_up_to") or 0,
                                       "sequential_from": d.get("sequential_from")}
        return options

    def changes(self) -> dict[str, Any] | None:
        """The fields that differ from the tournament, or None if the scoring is not JSON."""
        scoring = parse_json_field(self, "scoring")
        if scoring is None and "scoring" in self.errors:
            return None
        if isinstance(scoring, dict):
            scoring = self.picked_scoring(scoring)
        wanted = {**{k: self.cleaned_data[k] for k in
                     ("name", "planned_rounds", "pairing", "status", "public")},
                  "scoring": scoring}
        wanted["name"] = wanted["name"].strip()
        changed = {k: v for k, v in wanted.items() if getattr(self.tournament, k) != v}
        options = self.draw_options()
        current = {k: ({kk: vv for kk, vv in v.items() if kk != "seed"}
                       if k == "registration" and isinstance(v, dict) else v)
                   for k, v in (self.tournament.draw_options or {}).items()}
        if options != current:
            changed["draw_options"] = options
        return changed


REGISTRATION_FIELDS = ("registration_draw", "window", "random_up_to", "sequential_from")
TIEBREAK_SLOTS = 8
TIEBREAK_RULES = [("fide2023", _("FIDE C.07 as approved in 2023")),
                  ("fide2026", _("FIDE C.07 with the amendments in force from 1 March 2026"))]


def tiebreak_fields(settings: Any) -> dict[str, forms.Field]:
    """Chess: pick and order the tie-breaks (official abbreviation and long name);
    ``settings`` are the tournament's typed settings (``scoring.chess.Settings``)."""
    from scoring.chess import TIEBREAKS, abbreviation

    from .services.public import COLUMN_TITLES

    rules = settings.rules
    choices = [("", "–")] + [(name, f"{abbreviation(name, rules)} – "
                                    f"{COLUMN_TITLES.get(name, name)}") for name in TIEBREAKS]
    current = list(settings.tiebreaks)
    fields: dict[str, forms.Field] = {
        "tiebreak_rules": forms.ChoiceField(
            label=_("Tie-break rules"), choices=TIEBREAK_RULES, initial=rules,
            help_text=_("How unplayed rounds count (byes, forfeits, withdrawals).")),
    }
    for i in range(1, TIEBREAK_SLOTS + 1):
        fields[f"tiebreak_{i}"] = forms.ChoiceField(
            label=_("Tie-break %(n)s") % {"n": i}, choices=choices, required=False,
            initial=current[i - 1] if i <= len(current) else "")
    return fields


def draw_option_fields() -> dict[str, forms.Field]:
    """The draw options' fields; the settings form shows those of its discipline."""
    return {
        "double": forms.BooleanField(
            label=_("Double round robin"), required=False,
            help_text=_("Everyone meets everyone twice, with colours reversed.")),
        "avoid_same_club": forms.BooleanField(
            label=_("Avoid games between players of the same club"), required=False,
            help_text=_("In every round, as long as a pairing without rematches allows it.")),
        "registration_draw": forms.BooleanField(
            label=_("Draw seats at registration (window draw)"), required=False,
            help_text=_("Each entrant gets a round-1 seat when registered; close with the "
                        "cleanup.")),
        "window": forms.IntegerField(
            label=_("Window (+ tables)"), min_value=0, max_value=10, required=False,
            help_text=_("Seats are drawn among the table with the first free seat and the "
                        "next tables; +4 is a good compromise.")),
        "random_up_to": forms.IntegerField(
            label=_("Completely random up to table"), min_value=0, required=False,
            help_text=_("0: none.")),
        "sequential_from": forms.IntegerField(
            label=_("Sequential from table"), min_value=1, required=False,
            help_text=_("Empty: never.")),
    }


class RoleForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    kind = forms.ChoiceField(label=_("Role"), choices=Role.Kind.choices,
                             initial=Role.Kind.DESK)

    def clean_username(self) -> Any:
        name = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(**{
            f"{get_user_model().USERNAME_FIELD}__iexact": name}).first()
        if user is None:
            raise forms.ValidationError(_("there is no user %(name)s") % {"name": name})
        return user


class DrawForm(forms.Form):
    seed = forms.CharField(label=_("Seed (optional)"), required=False, max_length=64,
                           help_text=_("Give the seed of an earlier draw to repeat it."))
    method = forms.ChoiceField(label=_("Draw method"))

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"method": tournament.pairing})
        super().__init__(*args, **kwargs)
        choice_field(self, "method").choices = method_choices(tournament.discipline)

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
            (n, _("round %(n)s") % {"n": n}) for n in numbers]]


__all__ = ["CreateTournamentForm", "DrawForm", "ImportForm", "ResultForm", "ResultNoteForm",
           "RoleForm", "SettingsForm", "UndoLastForm", "apply_service_error", "method_choices",
           "pretty_json"]
