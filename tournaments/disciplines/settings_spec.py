"""The scoring settings a discipline shows as form fields, written as data.

Each discipline lists its settings once, on its :class:`~.base.WebDiscipline` class
(``settings_fields``), as :class:`Setting` entries: the key in ``Tournament.scoring``, what
kind of value it is, its label and help, its bounds or choices, and whether it is fixed
once round 1 is drawn. The settings page (``disciplines/forms/settings.py``) builds its
fields from them, the advanced JSON import is checked by the same fields, and the settings
service refuses a change of a fixed setting (``locked``). Adding a setting is one entry
here plus the scoring module's ``parse_settings`` (see docs/adding-a-discipline.md).

Importing this module stays light (no forms, no models): ``tournaments.models`` imports the
disciplines package.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# What a setting's value is; the form picks a field for each.
WHOLE = "whole"  # a whole number from minimum to maximum
NUMBER = "number"  # a number with up to two decimals (points, weights)
CHOICE = "choice"  # one of ``choices``: (stored value, words for people)
ORDER = "order"  # an ordered list of distinct choices (chess tie-breaks), ``slots`` pickers
POINTS = "points"  # a list of numbers, one per place ("5, 3, 2, 1"), exactly ``size`` long
FLAG = "flag"  # true or false (a checkbox); stored as a JSON boolean
GROUPS = "groups"  # named groups of ``size`` start numbers, one a line (Skat's teams)
NAMES = "names"  # some of ``choices`` (checkboxes); stored as a JSON list in choices' order

DRAWN = "drawn"  # ``locked``: fixed once round 1 is drawn


@dataclass(frozen=True)
class Setting:
    """One scoring setting as the settings page shows it.

    ``key`` is the place in ``Tournament.scoring``; a dotted key (``placement.4``) is a
    value inside a mapping. ``optional``: the setting may be empty, stored as ``null``
    (``empty`` says what empty means: "no limit"). ``default`` is what the scoring core
    reads when the key is missing.
    """

    key: str
    label: Any
    kind: str = WHOLE
    help: Any = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[tuple[str, Any], ...] = ()
    optional: bool = False
    empty: Any = ""
    omit_empty: bool = False  # optional: an empty field removes the key instead of null
    default: Any = None
    slots: int = 0  # ORDER: how many pickers
    slot_name: str = ""  # ORDER: the pickers' field names are slot_name_1, slot_name_2, …
    size: int = 0  # POINTS: how many numbers; GROUPS: the members of a group
    spare: int = 0  # GROUPS: how many substitutes a group may name after a "+"
    locked: str | None = None  # DRAWN: read-only once round 1 is drawn
    locked_reason: Any = ""

    @property
    def name(self) -> str:
        """The form field's name (``placement.4`` -> ``placement_4``)."""
        return self.key.replace(".", "_")

    def value_in(self, scoring: Mapping[str, Any]) -> Any:
        """The setting's stored value in a scoring dict (``default`` when missing)."""
        value: Any = scoring
        for part in self.key.split("."):
            if not isinstance(value, Mapping) or part not in value:
                return self.default
            value = value[part]
        return value

    def put(self, scoring: dict[str, Any], value: Any) -> None:
        """Store ``value`` in a scoring dict (a copy of any mapping on the way)."""
        *path, last = self.key.split(".")
        inner = scoring
        for part in path:
            child = inner.get(part)
            inner[part] = dict(child) if isinstance(child, Mapping) else {}
            inner = inner[part]
        inner[last] = value


def locked_settings(info: Any, tournament: Any) -> dict[str, Any]:
    """The settings of ``tournament`` that cannot change any more, with the reason: those
    marked ``locked=DRAWN`` once a round is drawn."""
    fields = [s for s in info.settings_fields if s.locked == DRAWN]
    if not fields or tournament.pk is None or not tournament.rounds.exists():
        return {}
    return {s.key: s.locked_reason for s in fields}


__all__ = ["CHOICE", "DRAWN", "FLAG", "GROUPS", "NAMES", "NUMBER", "ORDER", "POINTS", "WHOLE",
           "Setting", "locked_settings"]
