"""The director's settings page: the tournament's general settings, its discipline's scoring
settings as typed fields, the draw options, and the advanced JSON import.

The scoring fields come from the discipline's ``settings_fields``
(:mod:`tournaments.disciplines.settings_spec`): each entry becomes one field, checked at the
field with a message in the page's language; the JSON import binds the same form with the
document's values, so it is checked the same way and its errors name the key. Every change
goes through ``services.update_tournament`` (which validates again and logs).
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import registry as scoring_registry
from scoring.json_input import JsonInputError, loads

from ...common.draw_methods import method_choices
from ...common.forms import choice_field, json_error
from ...common.text import validate_single_line
from ...models import Tournament
from .. import of
from ..settings_spec import (
    CHOICE,
    FLAG,
    GROUPS,
    NAMES,
    NUMBER,
    ORDER,
    POINTS,
    WHOLE,
    Setting,
    locked_settings,
)
from .groups import GroupsSetting
from .setting_fields import (
    NamesSetting,
    NumberSetting,
    PointsSetting,
    local_number,
    number_text,
    plain_number,
)

REGISTRATION_FIELDS = ("registration_draw", "window", "random_up_to", "sequential_from")
SETTINGS_JSON_BYTES = 64 * 1024  # a settings object is a few hundred bytes


def initial_text(setting: Setting, value: Any) -> Any:
    """A stored value as the field shows it."""
    if setting.kind == POINTS:
        return ", ".join(number_text(v) for v in value) if isinstance(value, list | tuple) else ""
    if setting.kind in (WHOLE, NUMBER):
        return "" if value is None else local_number(value)
    if setting.kind == NAMES:
        return list(value) if isinstance(value, list | tuple | frozenset | set) else []
    return value


def scoring_fields(tournament: Tournament, scoring: dict[str, Any]) -> dict[str, forms.Field]:
    """The discipline's scoring settings as form fields, with the values of ``scoring``;
    a setting fixed by now is shown disabled, with the reason."""
    info = of(tournament)
    typed = info.settings(scoring)
    locked = locked_settings(info, tournament)
    fields: dict[str, forms.Field] = {}
    for s in info.settings_fields:
        value = s.value_in(scoring)
        help_text = locked.get(s.key) or s.help
        common: dict[str, Any] = {"label": s.label, "help_text": help_text,
                                  "disabled": s.key in locked}
        field: forms.Field
        if s.kind == ORDER:
            choices = [("", "–"), *info.setting_choices(s, typed)]
            current = list(value or ())
            for i in range(1, s.slots + 1):
                slot = forms.ChoiceField(
                    label=_("%(label)s: %(n)s.") % {"label": s.label, "n": i}, choices=choices,
                    required=False, initial=current[i - 1] if i <= len(current) else "",
                    disabled=s.key in locked)
                setattr(slot, "setting", s)  # noqa: B010
                fields[f"{s.slot_name}_{i}"] = slot
            continue
        if s.kind == CHOICE:  # a few choices in words: all of them readable at once
            field = forms.ChoiceField(choices=info.setting_choices(s, typed),
                                      widget=forms.RadioSelect, required=not s.optional,
                                      **common)
        elif s.kind == POINTS:
            field = PointsSetting(s, **common)
        elif s.kind == FLAG:
            field = forms.BooleanField(required=False, **common)
        elif s.kind == GROUPS:
            field = GroupsSetting(s, **common)
        elif s.kind == NAMES:
            field = NamesSetting(s, info.setting_choices(s, typed), **common)
        else:
            field = NumberSetting(s, **common)
        field.initial = initial_text(s, value)
        setattr(field, "setting", s)  # noqa: B010 (the field keeps its spec for the page)
        fields[s.name] = field
    return fields


def draw_option_fields() -> dict[str, forms.Field]:
    """The draw options' fields; the settings form shows those of its discipline."""
    return {
        "double": forms.BooleanField(
            label=_("Double round robin"), required=False,
            help_text=_("Everyone meets everyone twice, with colours reversed.")),
        "avoid_same_club": forms.BooleanField(
            label=_("Avoid games between players of the same club"), required=False,
            help_text=_("In every round, as far as the draw allows it (Swiss: as long as a "
                        "pairing without rematches allows it); the draw's explanation says "
                        "where it could not.")),
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


GENERAL = ("name", "planned_rounds", "pairing", "status", "public")


class SettingsForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200, validators=[validate_single_line])
    planned_rounds = forms.IntegerField(label=_("Planned rounds"), min_value=1, max_value=99)
    pairing = forms.ChoiceField(label=_("Draw method"))
    status = forms.ChoiceField(label=_("Status"), choices=Tournament.Status.choices)
    public = forms.BooleanField(label=_("Public"), required=False,
                                help_text=_("Spectators may see standings and pairings."))

    def __init__(self, tournament: Tournament, *args: Any,
                 imported: dict[str, Any] | None = None, **kwargs: Any) -> None:
        options = tournament.draw_options or {}
        reg = options.get("registration") or {}
        kwargs.setdefault("initial", {
            "name": tournament.name, "planned_rounds": tournament.planned_rounds,
            "pairing": tournament.pairing, "status": tournament.status,
            "public": tournament.public,
            "double": options.get("double", False),
            "avoid_same_club": options.get("avoid_same_club", False),
            "registration_draw": bool(reg), "window": reg.get("window", 4),
            "random_up_to": reg.get("random_up_to", 0),
            "sequential_from": reg.get("sequential_from")})
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        # The JSON import's settings: the base the fields' values are written into.
        self.imported = imported
        choice_field(self, "pairing").choices = method_choices(of(tournament))
        shown = scoring_fields(tournament, tournament.scoring or {})
        self.scoring_names = list(shown)
        self.fields.update(shown)
        allowed = of(tournament).options
        self.option_names: list[str] = []
        for name, field in draw_option_fields().items():
            option = "registration" if name in REGISTRATION_FIELDS else name
            if option in allowed:
                self.fields[name] = field
                self.option_names.append(name)
        self._say_rounds_as(of(tournament))

    def _say_rounds_as(self, disc: Any) -> None:
        """Labels and help that name rounds say what the discipline plays (Skat: series)."""
        word, words = disc.round_word_in_text, disc.rounds_word_in_text
        self.fields["planned_rounds"].label = _("Planned %(words)s") % {"words": words}
        if "avoid_same_club" in self.fields:
            self.fields["avoid_same_club"].help_text = _(
                "In every %(word)s, as far as the draw allows it (Swiss: as long as a pairing "
                "without rematches allows it); the draw's explanation says where it could "
                "not.") % {"word": word}
        if "registration_draw" in self.fields:
            self.fields["registration_draw"].help_text = _(
                "Each entrant gets a seat for %(word)s 1 when registered; close with the "
                "cleanup.") % {"word": word}

    # -- groups for the template ----------------------------------------------------------------

    def general_fields(self) -> list[forms.BoundField]:
        return [self[n] for n in GENERAL]

    def scoring_bound(self) -> list[forms.BoundField]:
        return [self[n] for n in self.scoring_names
                if self.fields[n].setting.kind != ORDER]  # type: ignore[attr-defined]

    def order_bound(self) -> list[forms.BoundField]:
        return [self[n] for n in self.scoring_names
                if self.fields[n].setting.kind == ORDER]  # type: ignore[attr-defined]

    def order_setting(self) -> Setting | None:
        bound = self.order_bound()
        return bound[0].field.setting if bound else None  # type: ignore[attr-defined]

    def option_bound(self) -> list[forms.BoundField]:
        return [self[n] for n in self.option_names]

    # -- checking ---------------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None
        info = of(self.tournament)
        for s in info.settings_fields:
            if s.kind != ORDER:
                continue
            seen: dict[str, int] = {}
            labels = dict(info.setting_choices(s, info.settings(self.tournament)))
            for i in range(1, s.slots + 1):
                name = f"{s.slot_name}_{i}"
                picked = data.get(name)
                if not picked:
                    continue
                if picked in seen:
                    self.add_error(name, _("%(name)s is listed twice: it is already number "
                                           "%(n)s") % {"name": labels.get(picked, picked),
                                                       "n": seen[picked]})
                else:
                    seen[picked] = i
        values = {s.key: data.get(s.name) for s in info.settings_fields if s.kind != ORDER}
        for key, message in {**info.settings_errors(values),
                             **info.tournament_settings_errors(self.tournament, values)}.items():
            name = key.replace(".", "_")
            if name in self.fields and name not in self.errors:
                self.add_error(name, message)
        return data

    def scoring(self) -> dict[str, Any]:
        """The scoring settings as the form says them: the stored (or imported) settings with
        every shown setting written in where its value differs from the stored one."""
        current = self.tournament.scoring or {}
        source = self.imported if self.imported is not None else current
        base: dict[str, Any] = json.loads(json.dumps(source))
        d = self.cleaned_data
        for s in of(self.tournament).settings_fields:
            if self.fields.get(s.name if s.kind != ORDER else f"{s.slot_name}_1",
                               forms.Field()).disabled:
                continue
            if s.kind == ORDER:
                value: Any = [d[f"{s.slot_name}_{i}"] for i in range(1, s.slots + 1)
                              if d.get(f"{s.slot_name}_{i}")]
            elif s.kind in (WHOLE, NUMBER):
                number = d.get(s.name)
                value = None if number is None else plain_number(number)
            elif s.kind == CHOICE and s.optional:  # none picked: the default
                value = d.get(s.name) or None
            else:
                value = d.get(s.name)
            stored = s.value_in(base)
            if _same(value, stored):
                continue
            if value is None and s.omit_empty:
                _remove(base, s.key)
            else:
                s.put(base, value)
        return base

    def changes(self) -> dict[str, Any]:
        """The settings that differ from the tournament's."""
        t = self.tournament
        wanted = {k: self.cleaned_data[k] for k in GENERAL}
        wanted["name"] = wanted["name"].strip()
        wanted["scoring"] = self.scoring()
        changed = {k: v for k, v in wanted.items() if getattr(t, k) != v}
        options = self.draw_options()
        current = {k: ({kk: vv for kk, vv in v.items() if kk != "seed"}
                       if k == "registration" and isinstance(v, dict) else v)
                   for k, v in (t.draw_options or {}).items()}
        if options != current:
            changed["draw_options"] = options
        return changed

    def draw_options(self) -> dict[str, Any]:
        """The draw options as the form says them (the recorded seed is kept by the service)."""
        d = self.cleaned_data
        options: dict[str, Any] = {k: d[k] for k in ("double", "avoid_same_club") if k in d}
        if d.get("registration_draw"):
            options["registration"] = {"window": d.get("window") if d.get("window") is not None
                                       else 4, "random_up_to": d.get("random_up_to") or 0,
                                       "sequential_from": d.get("sequential_from")}
        return options

    def aliases(self) -> dict[str, str]:
        """Where a service's error about a setting is shown (``scoring.target`` -> target)."""
        out = {"draw_options.double": "double", "draw_options.avoid_same_club": "avoid_same_club",
               "draw_options.registration": "registration_draw",
               "draw_options.registration.window": "window",
               "draw_options.registration.random_up_to": "random_up_to",
               "draw_options.registration.sequential_from": "sequential_from"}
        for s in of(self.tournament).settings_fields:
            if s.kind == ORDER:
                out.update({f"scoring.{s.key}[{i}]": f"{s.slot_name}_{i + 1}"
                            for i in range(s.slots)})
                out[f"scoring.{s.key}"] = f"{s.slot_name}_1"
            else:
                out[f"scoring.{s.key}"] = s.name
        return out


def _same(value: Any, stored: Any) -> bool:
    """The form's value is the stored one (a stored tuple default reads as a list)."""
    return bool(value == (list(stored) if isinstance(stored, tuple) else stored))


def _remove(scoring: dict[str, Any], key: str) -> None:
    *path, last = key.split(".")
    inner: Any = scoring
    for part in path:
        inner = inner.get(part) if isinstance(inner, dict) else None
    if isinstance(inner, dict):
        inner.pop(last, None)


# ----------------------------------------------------------------------------- the JSON import


class SettingsImportForm(forms.Form):
    """Scoring settings pasted as JSON (the advanced way); checked by the settings form."""

    settings_json = forms.CharField(
        label=_("Scoring settings as JSON"), max_length=SETTINGS_JSON_BYTES,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "class": "code"}),
        help_text=_("Settings you leave out keep their current value."))


def export_settings(t: Tournament) -> str:
    """The scoring settings as the download gives them."""
    return json.dumps(t.scoring or {}, ensure_ascii=False, indent=2)


def import_settings(t: Tournament, form: SettingsImportForm) -> SettingsForm | None:
    """The settings form bound with the pasted settings (over the tournament's other
    settings), or None with the errors put on ``form``: each names the key."""
    try:
        raw = loads(form.cleaned_data["settings_json"])
    except JsonInputError as exc:
        form.add_error("settings_json", json_error(exc))
        return None
    if not isinstance(raw, dict):
        form.add_error("settings_json", _("must be an object of settings, e.g. %(example)s")
                       % {"example": json.dumps(of(t).preset, ensure_ascii=False)})
        return None
    info = of(t)
    known = scoring_registry.DISCIPLINES[info.name].settings_keys
    unknown = [k for k in raw if k not in known]
    for key in unknown:
        form.add_error("settings_json", _("%(key)s: not a setting of this discipline (known: "
                                          "%(known)s)") % {"key": key,
                                                           "known": ", ".join(known)})
    raw = {k: v for k, v in raw.items() if k in known}
    current = t.scoring or {}
    settings = SettingsForm(t)
    data: dict[str, Any] = {n: settings.initial.get(n) for n in (*GENERAL, *settings.option_names)}
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    for s in info.settings_fields:
        value = s.value_in(raw) if _present(raw, s.key) else s.value_in(current)
        if s.kind == ORDER:
            picked = value if isinstance(value, list) else [value]
            if len(picked) > s.slots:
                form.add_error("settings_json", _("%(key)s: at most %(n)s") % {
                    "key": s.key, "n": s.slots})
                return None
            for i, v in enumerate(picked, start=1):
                data[f"{s.slot_name}_{i}"] = v if isinstance(v, str) else json.dumps(v)
        elif s.kind == POINTS:
            data[s.name] = (initial_text(s, value) if isinstance(value, list)
                            else json.dumps(value))
        elif s.kind == NAMES:  # a list is the ticks; anything else is refused at the field
            data[s.name] = ([v if isinstance(v, str) else json.dumps(v) for v in value]
                            if isinstance(value, list) else json.dumps(value))
        elif isinstance(value, bool | list | dict):
            data[s.name] = json.dumps(value)
        elif value is None:
            data[s.name] = ""
        else:
            data[s.name] = number_text(value) if s.kind in (WHOLE, NUMBER) else value
    bound = SettingsForm(t, data, imported={**current, **raw})
    if not bound.is_valid():
        move_errors(bound, form)
    return None if unknown or form.errors else bound


def _present(raw: dict[str, Any], key: str) -> bool:
    inner: Any = raw
    for part in key.split("."):
        if not isinstance(inner, dict) or part not in inner:
            return False
        inner = inner[part]
    return True


def move_errors(settings: SettingsForm, form: SettingsImportForm) -> None:
    """The settings form's errors on the import field, each with its setting's key."""
    keys = {}
    for name, field in settings.fields.items():
        s = getattr(field, "setting", None)
        if s is not None:
            keys[name] = s.key
    for name, errors in settings.errors.items():
        key = keys.get(name, name if name != "__all__" else "")
        for message in errors:
            form.add_error("settings_json", f"{key}: {message}" if key else message)


__all__ = ["SettingsForm", "SettingsImportForm", "export_settings", "import_settings",
           "move_errors", "scoring_fields"]
