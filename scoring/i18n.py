"""Messages of the pure cores that the web side can say in the reader's language.

``scoring`` and ``pairing`` know no Django and speak English. A sentence a reader of the
app may see (an error, a line of a draw's explanation) is made with :func:`N_`: it is the
English text (a ``str``, so the command lines, the tests and ``str(exc)`` see what they
always saw) and keeps its template and parameters, so the web side can translate the
template with gettext and fill in the parameters after translation. ``N_`` is also the
keyword under which ``makemessages`` collects the templates (``tools/translations.py``).

Entrants inside a message are :class:`Ref` (one) or :class:`Refs` (several): the core's
own number for them (a pairing number, an entrant id), which the web side replaces by the
start number the hall knows.
"""

from __future__ import annotations

from collections.abc import Mapping


class Ref(int):
    """An entrant named in a message by the core's own number for it."""


class Refs(tuple[int, ...]):
    """Several entrants named in a message; said as a comma-separated list."""

    def __str__(self) -> str:
        return ", ".join(str(x) for x in self)


class Message(str):
    """An English sentence that remembers its template and parameters."""

    template: str
    params: Mapping[str, object]

    def __new__(cls, template: str, params: Mapping[str, object] | None = None) -> Message:
        params = dict(params or {})
        self = super().__new__(cls, template % params if params else template)
        self.template = template
        self.params = params
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (Message, (self.template, dict(self.params)))


def N_(template: str, **params: object) -> Message:
    """The message ``template % params``, marked for translation."""
    return Message(template, params)


def join(parts: list[Message] | list[str], separator: str = "; ") -> Message:
    """Several messages said one after the other (each translated on its own)."""
    names = {f"p{i}": part for i, part in enumerate(parts)}
    return Message(separator.join(f"%({name})s" for name in names), names)
