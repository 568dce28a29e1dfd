"""What if: the standings under other scoring settings, beside the official ones.

Directors ask whether Pussi's weights or premium, or Mucken's Bobbl ranking,
decided a tournament. This answers without changing anything: the tournament's
``turnier/1`` document is exported, its ``scoring`` replaced by the settings from
the form, checked again by the scoring core (so a setting is refused with the
discipline's own message at its field, and results that do not fit the new
settings are reported rather than scored) and ranked with ``scoring.standings``.
Where a discipline reports values "for comparison only" (Mucken's Plus and
Plus-Minus, docs/rules.md) the field is also ranked by each of them.

Nothing is written, logged or versioned, and nothing goes into the shared
standings cache: its keys name the official state of a tournament. A what-if is
cheap enough to compute on each request (about 0.1 s for 240 Pussi players and
6 series, see tests/integration/test_whatif_stats.py).

Mucken offers no other target: the Bobbl were played to the official target, and
another would make the written Bobbl invalid rather than rank them differently.
Bobbl per round only changes what a bye is worth, and the rule for a Bobbl cut by
time only what such a Bobbl counts, so each is offered only when the tournament has
a bye that scores or a Bobbl cut by time.
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext as _

import scoring
from scoring.model import Problem, Problems
from scoring.ranking import Criterion, rank

from ..core_messages import problem_text, say
from ..disciplines import of
from ..disciplines.whatif import CHOICE, NUMBER, OFF, POINTS, WHOLE, Setting
from ..models import Tournament
from .base import ServiceError
from .documents import scoring_document
from .public import column, number
from .standings import standings

OFFICIAL, SETTINGS = "official", "settings"


# -- the form -------------------------------------------------------------------------------------

def _get(raw: Mapping[str, Any], path: list[str]) -> Any:
    value: Any = raw
    for part in path:
        value = value.get(part) if isinstance(value, Mapping) else None
    return value


def _set(raw: dict[str, Any], path: list[str], value: Any) -> None:
    for part in path[:-1]:
        inner = raw.get(part)
        raw[part] = dict(inner) if isinstance(inner, Mapping) else {}
        raw = raw[part]
    raw[path[-1]] = value


def _plain(x: float) -> int | float:
    """A form's float as scoring reads JSON: 2.0 is the whole number 2."""
    return int(x) if float(x).is_integer() else x


class NumberField(forms.FloatField):
    """A number with a decimal point or a decimal comma, whatever the page's language."""

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str) and "," in value and "." not in value:
            value = value.replace(",", ".")
        return super().to_python(value)


class PointsField(forms.CharField):
    """Numbers separated by commas, dashes or spaces ("5-3-2-1", "5, 3, 2, 1")."""

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value) or ""
        parts = [p for p in text.replace(";", ",").replace(",", " ").replace("-", " ").split()
                 if p]
        try:
            return [_plain(float(p)) for p in parts]
        except ValueError:
            raise forms.ValidationError(_("Enter numbers separated by commas."),
                                        code="invalid") from None


def _form_field(s: Setting) -> forms.Field:
    common = {"label": s.label, "help_text": s.help}
    if s.kind == NUMBER:
        return NumberField(localize=True, widget=forms.TextInput(
            attrs={"inputmode": "decimal", "size": 6}), **common)
    if s.kind == WHOLE:
        return forms.IntegerField(widget=forms.NumberInput(attrs={"step": 1}), **common)
    if s.kind == OFF:
        return forms.BooleanField(required=False, **common)
    if s.kind == CHOICE:
        return forms.ChoiceField(choices=s.choices, **common)
    return PointsField(**common)


def _initial(s: Setting, raw: Mapping[str, Any]) -> Any:
    value = _get(raw, s.path)
    if s.kind == OFF:
        return value == 0
    if s.kind == POINTS:
        return ", ".join(number(v) for v in value) if isinstance(value, list) else ""
    return value


class WhatIfForm(forms.Form):
    """The settings to try, prefilled with the official ones; read from GET."""

    def __init__(self, settings: tuple[Setting, ...], official: Mapping[str, Any],
                 data: Any = None) -> None:
        super().__init__(data)
        self.settings = settings
        for s in settings:
            self.fields[s.name] = _form_field(s)
            self.fields[s.name].initial = _initial(s, official)

    def scoring(self, official: Mapping[str, Any]) -> dict[str, Any]:
        """The official settings with the valid values of the form put in (after ``is_valid``)."""
        raw = deepcopy(dict(official))
        for s in sorted(self.settings, key=lambda s: s.kind == OFF):  # "off" wins
            value = self.cleaned_data.get(s.name)
            if s.kind == OFF:
                if value:
                    _set(raw, s.path, 0)
            elif value is not None:
                _set(raw, s.path, _plain(value) if s.kind == NUMBER else value)
        return raw

    def place_errors(self, problems: list[Problem]) -> None:
        """Put the scoring core's problems at the field of the setting they name.

        A field that already has an error (not a number at all) keeps only that one.
        """
        for p in problems:
            place = p.place.removeprefix("scoring").lstrip(".")
            target = next((s.name for s in self.settings if s.kind != OFF and place and (
                place == (s.key or s.name) or place.startswith((f"{s.key or s.name}.",
                                                                 f"{s.key or s.name}[")))),
                          None)
            if target is not None and target in self.errors:
                continue
            whole = target is not None or p.place in ("", "scoring")  # no place to name
            self.add_error(target, say(p.message) if whole else problem_text(p))


# -- the comparison -------------------------------------------------------------------------------

@dataclass
class Cell:
    rank: int
    change: int  # official rank minus this rank: > 0 is better than officially
    values: list[str]
    levels: list[str] = field(default_factory=list)  # the discipline's marks (value_level)

    @property
    def places(self) -> int:
        return abs(self.change)

    @property
    def marked(self) -> list[tuple[str, str]]:
        """(value, mark) pairs, the mark "" where the discipline gives none."""
        return [(v, self.levels[k] if k < len(self.levels) else "")
                for k, v in enumerate(self.values)]


@dataclass
class Variant:
    key: str
    label: str
    columns: list[Any]  # public.Column of the values shown
    moved: int = 0  # entrants whose rank differs from the official one
    leaders: list[str] = field(default_factory=list)


@dataclass
class Line:
    entrant: int
    name: str
    official: Cell
    cells: list[Cell]  # one per variant (after the official one)


@dataclass
class WhatIf:
    t: Tournament
    form: WhatIfForm
    official: Variant
    variants: list[Variant]
    lines: list[Line]
    changed: bool  # the settings differ from the official ones
    order: str
    flags: list[dict[str, str]] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.form.errors

    @property
    def orders(self) -> list[tuple[str, str]]:
        return [(OFFICIAL, _("official rank"))] + [(v.key, v.label) for v in self.variants]


def _ranked_by(rows: list[dict[str, Any]], key: str) -> dict[int, int]:
    """Rank by one value alone (higher is better), sharing a rank on equal values."""
    values = {r["entrant"]: {key: r["values"].get(key, 0)} for r in rows}
    return {e: position for position, e in rank(list(values), (Criterion(key),), values)}


def _cells(row: Mapping[str, Any] | None, keys: list[str]) -> list[str]:
    values = row["values"] if row else {}
    return [number(values.get(k)) for k in keys]


def _levels(t: Tournament, row: Mapping[str, Any] | None, keys: list[str]) -> list[str]:
    """The discipline's fixed marks of the shown values (Pussi: the seed's limits)."""
    values = row["values"] if row else {}
    disc = of(t)
    return [disc.value_level(k, values[k]) if values.get(k) is not None else ""
            for k in keys]


def what_if(t: Tournament, params: Mapping[str, Any] | None = None) -> WhatIf:
    """Official standings beside those under the settings in ``params`` (a GET QueryDict).

    With no setting in ``params`` the form shows the official settings. Invalid
    settings leave errors on ``result.form`` (``result.valid`` is False) and only
    the official standings; nothing raises for bad input.
    """
    params = params or {}
    spec = of(t).whatif
    doc = scoring_document(t)
    official_raw = {**of(t).preset, **(t.scoring or {})}
    relevant = spec.relevant(doc) if spec.relevant else None
    offered = tuple(s for s in spec.settings if relevant is None
                    or (s.key or s.name).split(".")[0] in relevant)
    bound = any(s.name in params for s in offered)
    form = WhatIfForm(offered, official_raw, params if bound else None)
    official_rows = standings(t).get("standings", [])
    first: dict[str, Any] = next(iter(official_rows), {})
    shown = list(spec.shown) or list(first.get("values", {}))[:1]
    columns = [column(t, k) for k in shown]
    official = Variant(OFFICIAL, _("Official"), columns)
    raw = official_raw
    if bound:
        form.is_valid()  # fields that are not even numbers get their errors here …
        raw = form.scoring(official_raw)  # … and the others are checked by the discipline
        problems = Problems()
        of(t).scoring_discipline.parse_settings(raw, problems, "scoring")
        form.place_errors(problems.errors)
    tried: scoring.Tournament | None = None
    if not form.errors:
        tried, problems = scoring.check({**doc, "scoring": raw})
        if tried is None:  # results that do not fit these settings: say where, score nothing
            form.place_errors(problems.errors)
    changed = bool(bound and tried is not None
                   and of(t).settings(raw) != of(t).settings(official_raw))
    variants: list[Variant] = []
    ranks: list[dict[int, int]] = []
    rows_by: list[dict[int, dict[str, Any]]] = []
    keys: list[list[str]] = []
    flags: list[dict[str, str]] = []
    if tried is not None:
        result = scoring.standings(tried)
        rows = result.get("standings", [])
        flags = result.get("flags", [])
        by_entrant = {r["entrant"]: r for r in rows}
        if changed or not spec.rankings:
            variants.append(Variant(SETTINGS, _("With these settings"), columns))
            ranks.append({r["entrant"]: r["rank"] for r in rows})
            rows_by.append(by_entrant)
            keys.append(shown)
        for key, label in spec.rankings:
            variants.append(Variant(key, str(label), [column(t, key)]))
            ranks.append(_ranked_by(rows, key))
            rows_by.append(by_entrant)
            keys.append([key])
    lines: list[Line] = []
    for row in official_rows:
        e = row["entrant"]
        cells = [Cell(ranks[i].get(e, 0), row["rank"] - ranks[i].get(e, row["rank"]),
                      _cells(rows_by[i].get(e), keys[i]),
                      _levels(t, rows_by[i].get(e), keys[i])) for i in range(len(variants))]
        lines.append(Line(e, row["name"], Cell(row["rank"], 0, _cells(row, shown),
                                               _levels(t, row, shown)), cells))
    for i, v in enumerate(variants):
        v.moved = sum(1 for line in lines if line.cells[i].change)
        v.leaders = [line.name for line in lines if line.cells[i].rank == 1]
    official.leaders = [line.name for line in lines if line.official.rank == 1]
    order = str(params.get("order") or OFFICIAL)
    index = next((i for i, v in enumerate(variants) if v.key == order), None)
    if index is None:
        order = OFFICIAL
    else:
        lines.sort(key=lambda line: (line.cells[index].rank, line.official.rank, line.entrant))
    return WhatIf(t, form, official, variants, lines, changed, order, flags)


def safe_what_if(t: Tournament, params: Mapping[str, Any] | None = None) -> WhatIf | None:
    """``what_if``, or None when the tournament's own document cannot be scored."""
    try:
        return what_if(t, params)
    except ServiceError:
        return None
