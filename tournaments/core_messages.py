"""The pure cores' messages (:mod:`scoring.i18n`) in the reader's language.

A message is stored as data (:func:`as_data`: its English template, its parameters, the
entrants in it by start number) and said when a page or an API answer is made
(:func:`say`), so a draw explained to a German director reads in English to an English one.
Plain strings (older rounds, lines without parameters) are translated as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.formats import number_format
from django.utils.translation import gettext

from scoring.i18n import Message, Ref, Refs

# An entrant as the core named it -> the number the hall knows (its start number).
Renumber = Callable[[int], object]


def as_data(value: object, renumber: Renumber | None = None) -> object:
    """``value`` as JSON: a message becomes ``{"msg": template, "params": {...}}``."""
    if isinstance(value, Message):
        if not value.params:
            return value.template
        return {"msg": value.template,
                "params": {k: _param(v, renumber) for k, v in value.params.items()}}
    return str(value) if isinstance(value, str) else value


def _param(value: object, renumber: Renumber | None) -> object:
    if isinstance(value, Message):
        data = as_data(value, renumber)
        return data if isinstance(data, dict) else {"msg": data, "params": {}}
    if isinstance(value, Ref):
        return renumber(int(value)) if renumber else int(value)
    if isinstance(value, Refs):
        return {"list": [renumber(int(v)) if renumber else int(v) for v in value]}
    if isinstance(value, (int, float, str)) or value is None:
        return value if not isinstance(value, str) else str(value)
    return str(value)


def say(data: object) -> str:
    """A stored message (or an exception or line from a core) in the active language."""
    if isinstance(data, BaseException):
        data = data.args[0] if len(data.args) == 1 else str(data)
    if isinstance(data, Message):
        data = as_data(data)
    if isinstance(data, Mapping) and "msg" in data:
        template = gettext(str(data["msg"])) if data["msg"] else ""
        params = data.get("params") or {}
        if not params:
            return template
        try:
            return template % {k: _said_param(v) for k, v in params.items()}
        except (KeyError, TypeError, ValueError):  # a translation that lost a parameter
            return str(data["msg"]) % {k: _said_param(v) for k, v in params.items()}
    if isinstance(data, Mapping) and "list" in data:
        return ", ".join(str(v) for v in data["list"])
    if isinstance(data, str):
        return gettext(data) if data else data
    return str(data)


def _said_param(value: object) -> object:
    if isinstance(value, Mapping):
        return say(value)
    if isinstance(value, float):  # 0.5 is 0,5 in German
        return number_format(value)
    return "" if value is None else value


def lines(values: list[object] | tuple[object, ...]) -> list[str]:
    """Several stored messages said (a round's draw explanation)."""
    return [say(v) for v in values]


def renumbered(line: str, renumber: Callable[[int], int]) -> str:
    """``line`` with the entrants in it named by ``renumber``'s numbers (a core's pairing
    numbers turned into entrant ids, say); other text unchanged."""
    if not isinstance(line, Message):
        return line

    def one(value: object) -> object:
        if isinstance(value, Message):
            return renumbered(value, renumber)
        if isinstance(value, Ref):
            return Ref(renumber(int(value)))
        if isinstance(value, Refs):
            return Refs(renumber(int(v)) for v in value)
        return value
    return Message(line.template, {k: one(v) for k, v in line.params.items()})


def stored_lines(values: tuple[str, ...] | list[str], start_numbers: Mapping[int, int]
                 ) -> list[object]:
    """A draw's explanation as a round keeps it: messages as data, the entrants in them
    (entrant ids) by start number."""
    return [as_data(v, lambda pk: start_numbers.get(pk, pk)) for v in values]


def problem_text(problem: object) -> str:
    """A problem of a document (:class:`scoring.model.Problem`) in the active language:
    its place, its message and its hint."""
    place = getattr(problem, "place", "")
    message = say(getattr(problem, "message", problem))
    hint = getattr(problem, "hint", "")
    text = f"{place}: {message}" if place else message
    return f"{text} ({say(hint)})" if hint else text
