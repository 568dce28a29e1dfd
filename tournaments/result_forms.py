"""Result forms: what a discipline's result form is made of, and the helpers each
discipline's form (``tournaments/disciplines/forms/<name>.py``) builds on.

Each discipline's :class:`ResultForm` says which inputs a table's result needs and how a
POST becomes the payload of docs/format.md; :func:`form_for` finds it through the
discipline's class (``WebDiscipline.result_form``). It does not know who enters the
result: the captain's page and the director's round page both render
:meth:`ResultForm.inputs_context`, and ``post_from_payload`` turns a stored payload back
into input values so the director can correct it. Input names are the error keys
(``bobbl[1].side2``, ``games[3].bid``, indices 0-based like the payload's), so an error
from parsing here or from the scoring check in ``services.check_payload``
(``games[3].totals``) lands at its input or row; what matches no row is shown above the form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext as _

from .models import Table
from .services import ServiceError

# Pussi rows: scoring.pussi.MAX_GAMES (the seed's 12 games are no limit, 100 rows a mistake).
# Inputs above LIMIT are "too large" here; the ranges of each discipline are checked by
# scoring (services.check_payload), so a number below LIMIT may still be refused there.
LIMIT = 10**9  # the bound keeps "1e999999" from becoming a huge int

ErrorDict = dict[str, list[str]]
Data = Mapping[str, Any]  # a POST (QueryDict) or input values built from a payload


# --- errors ----------------------------------------------------------------------------------

class Errors:
    """Field errors being placed: rows and inputs take theirs, :meth:`rest` gives the others."""

    def __init__(self, errors: Mapping[str, list[str]] | None = None) -> None:
        self.items: ErrorDict = {k: [str(m) for m in v] for k, v in (errors or {}).items()}
        self.taken: set[str] = set()

    def __bool__(self) -> bool:
        return bool(self.items)

    def has(self, key: str) -> bool:
        return key in self.items

    def under(self, prefix: str, labels: Mapping[str, str] | None = None) -> list[str]:
        """Messages for ``prefix`` and its sub-keys; an input's label is put before its own."""
        out: list[str] = []
        for key, messages in self.items.items():
            if key == prefix or key.startswith((prefix + ".", prefix + "[")):
                self.taken.add(key)
                label = (labels or {}).get(key)
                out.extend(f"{label}: {m}" if label else m for m in messages)
        return out

    def rest(self) -> list[str]:
        """What no row took; named by its key unless it is general."""
        out: list[str] = []
        for key, messages in self.items.items():
            if key in self.taken:
                continue
            general = key in ("__all__", "result", "token")
            out.extend(m if general else f"{key}: {m}" for m in messages)
        return out


def add_error(errors: ErrorDict, key: str, message: str) -> None:
    errors.setdefault(key, []).append(message)


# --- parsing inputs --------------------------------------------------------------------------

def clean(post: Data, key: str) -> str:
    return (post.get(key) or "").strip().replace("\u2212", "-").replace(" ", "")


def read_whole(post: Data, key: str, errors: ErrorDict) -> int | None:
    """A whole number, or an error at ``key`` (empty: required)."""
    raw = clean(post, key)
    if not raw:
        add_error(errors, key, _("required"))
        return None
    number = _decimal(raw)
    if number is not None and abs(number) >= LIMIT:
        add_error(errors, key, _("too large"))
        return None
    try:
        return int(raw)
    except ValueError:
        pass
    add_error(errors, key, _("not a number") if number is None else _("must be a whole number"))
    return None


def _decimal(raw: str) -> Decimal | None:
    try:
        d = Decimal(raw.replace(",", "."))
    except InvalidOperation:
        return None
    return d if d.is_finite() else None


def read_number(post: Data, key: str, errors: ErrorDict) -> int | float | None:
    """A number (decimal comma or point), as int when whole so the payload stays tidy."""
    raw = clean(post, key)
    if not raw:
        add_error(errors, key, _("required"))
        return None
    d = _decimal(raw)
    if d is None:
        add_error(errors, key, _("not a number"))
        return None
    if abs(d) >= LIMIT:
        add_error(errors, key, _("too large"))
        return None
    return int(d) if d == d.to_integral_value() else float(d)


def read_seat(post: Data, key: str, numbers: Collection[int], errors: ErrorDict,
              required: bool = True) -> int | None:
    """A player of the table chosen in a select by start number (a card list's declarer,
    player or partner), or an error at ``key``; empty is None (an error if ``required``)."""
    raw = clean(post, key)
    if not raw:
        if required:
            add_error(errors, key, _("required"))
        return None
    number = int(raw) if raw.isdecimal() and len(raw) < 10 else None
    if number is None or number not in numbers:
        add_error(errors, key, _("choose a player of this table"))
        return None
    return number


def raise_errors(errors: ErrorDict) -> None:
    if errors:
        raise ServiceError(errors)


# --- payload back to inputs ------------------------------------------------------------------

def as_text(value: Any) -> str:
    """A payload number as its input shows it (``21``, ``2.5``); anything else stays empty."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def list_at(payload: Any, key: str) -> list[Any]:
    """``payload[key]`` if it is a list (a stored payload is checked, but be safe)."""
    value = payload.get(key) if isinstance(payload, dict) else None
    return value if isinstance(value, list) else []


def pair_inputs(payload: Any, key: str, name: str) -> dict[str, str]:
    """``[[a, b], …]`` as ``name[k].side1`` / ``name[k].side2``."""
    out: dict[str, str] = {}
    for k, pair in enumerate(list_at(payload, key)):
        if isinstance(pair, list) and len(pair) == 2:
            out[f"{name}[{k}].side1"] = as_text(pair[0])
            out[f"{name}[{k}].side2"] = as_text(pair[1])
    return out


# --- what templates get ----------------------------------------------------------------------

@dataclass
class Input:
    """One input box: its name is its error key."""

    name: str
    label: str
    value: str = ""
    invalid: bool = False
    kind: str = "whole"  # whole (>= 0), signed (may be negative), decimal

    @property
    def field(self) -> str:
        """The last part of the name (``total1``), for the live check in captain.js."""
        return self.name.rsplit(".", 1)[-1]

    @property
    def id(self) -> str:
        return "f-" + re.sub(r"[^A-Za-z0-9_]+", "-", self.name).strip("-")


@dataclass
class Row:
    key: str
    label: str
    inputs: list[Input] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


def make_input(name: str, label: str, data: Data | None, errors: Errors,
           kind: str = "whole") -> Input:
    value = (data.get(name) or "") if data is not None else ""
    return Input(name, label, value, errors.has(name), kind)


def make_row(key: str, label: str, inputs: list[Input], errors: Errors, **extra: Any) -> Row:
    labels = {i.name: i.label for i in inputs}
    return Row(key, label, inputs, errors.under(key, labels), dict(extra))


def seats_of(table: Table) -> list[Any]:
    return sorted(table.seats.select_related("entrant"),
                  key=lambda s: (s.side or 0, s.position, s.entrant.start_number))


def players_in_seat_order(table: Table) -> list[tuple[int, str]]:
    """(start number, name) of a card table's players in seat order: place 1 deals first."""
    return [(s.entrant.start_number, s.entrant.name) for s in seats_of(table)]


def posted_rows(post: Data, key: re.Pattern[str],
                fields: tuple[str, ...] | None = None) -> list[int]:
    """Indices of a list's rows with anything written: ``key`` matches a field's name with
    the row index as group 1 and the field as group 2; only ``fields`` count when given."""
    found = set()
    for name in post:
        m = key.match(name)
        if m and (fields is None or m.group(2) in fields) and clean(post, name):
            found.add(int(m.group(1)))
    return sorted(found)


def side_numbers(table: Table) -> dict[int, str]:
    """Start numbers per side, for column heads (``Partei 1 (3, 7)``)."""
    out: dict[int, list[str]] = {}
    for s in seats_of(table):
        out.setdefault(s.side or 0, []).append(str(s.entrant.start_number))
    return {side: ", ".join(nums) for side, nums in out.items()}


def side_heads(table: Table) -> list[str]:
    """Column heads for side 1 and 2 in the discipline's words (``Partei 1 (3, 7)``)."""
    from .disciplines import of

    disc, names = of(table.round.tournament), side_numbers(table)
    return [f"{disc.side_label(side)} ({names.get(side, '')})" for side in (1, 2)]


def side_rows(post: Data, key: str, rows: int, read: Any) -> dict[str, Any]:
    """``{key: [[side 1, side 2], ...]}`` from inputs ``key[k].side1``/``.side2``."""
    errors: ErrorDict = {}
    values = [[read(post, f"{key}[{k}].side{s}", errors) for s in (1, 2)] for k in range(rows)]
    raise_errors(errors)
    return {key: values}


def is_ticked(post: Data, key: str) -> bool:
    return clean(post, key).lower() in ("1", "on", "true")


# --- the form --------------------------------------------------------------------------------

Relocate = Callable[[str, str], str]


def _keep(key: str, message: str) -> str:
    return key


def by_number(source: str, pattern: str, target: str, shift: int) -> Relocate:
    """Move a scoring message like ``bobbl 2: …`` (at ``result``) to its row (``bobbl[1]``)."""
    rx = re.compile(pattern)

    def relocate(key: str, message: str) -> str:
        m = rx.search(message) if key == source else None
        return target.format(int(m.group(1)) + shift) if m else key

    return relocate


@dataclass(frozen=True)
class ResultForm:
    """How one discipline's result is entered.

    ``template`` renders the inputs from ``context(table, data, errors)``;
    ``payload_from_post`` builds the payload or raises :class:`ServiceError` with field errors;
    ``post_from_payload`` is its inverse: the input values that show a stored payload.
    ``on_demand``: see the attribute. The sides' names are the discipline's
    (``WebDiscipline.side_labels``).
    """

    template: str
    payload_from_post: Callable[[Data, Table], dict[str, Any]]
    context: Callable[[Table, Data | None, Errors], dict[str, Any]]
    post_from_payload: Callable[[Any, Table], dict[str, str]]
    relocate: Relocate = _keep
    on_demand: bool = False
    """A long list (the card games' lists, a line per game): the director's round page
    shows a table's inputs only when they are opened, so a round of many tables stays
    light; the captain's page always shows them."""

    def place_errors(self, errors: Mapping[str, list[str]]) -> Errors:
        """The service's errors, with messages that name a row moved to that row's key."""
        placed: ErrorDict = {}
        for key, messages in errors.items():
            for m in messages:
                add_error(placed, self.relocate(key, str(m)), str(m))
        return Errors(placed)

    def inputs_context(self, table: Table, data: Data | None = None,
                       errors: Errors | None = None, id_prefix: str = "") -> dict[str, Any]:
        """What ``captain/inputs/_form.html`` renders: the inputs, filled with ``data``, with
        each error at its row and the rest (``general_errors``) above them.

        ``id_prefix`` keeps element ids apart when several tables' forms share a page.
        """
        errors = errors if errors is not None else Errors()
        inputs = self.context(table, data, errors)
        return {**inputs, "form_template": self.template, "general_errors": errors.rest(),
                "id_prefix": id_prefix, "refused": bool(errors)}

    def fits(self, payload: Any, table: Table) -> bool:
        """Whether the inputs show ``payload`` whole: sending them unchanged gives it back."""
        try:
            return self.payload_from_post(self.post_from_payload(payload, table), table) == payload
        except ServiceError:
            return False


def form_for(discipline: str) -> ResultForm:
    """The result form of a discipline; KeyError for one without a form (a programming error)."""
    from .disciplines import DISCIPLINES

    return DISCIPLINES[discipline].result_form
