"""The one reader of JSON from outside: bounded in size, depth, numbers and text.

Python's :func:`json.loads` takes too much: a document nested 50,000 deep ends in a
``RecursionError``, a 5,000-digit number in a ``ValueError``, ``"\\ud800"`` gives a
string no database stores, and ``NaN``/``Infinity`` (not JSON at all) become floats no
sum survives. Every place that reads outside JSON (the API's parser, the import form,
the director's JSON fields, ``manage.py import_tournament``/``restore``, ``python -m
scoring``) calls :func:`loads`, which refuses each of these with
:class:`JsonInputError` naming the place: line and column for what the text itself gets
wrong, the JSON path (``entrants[3].name``) for a value that is read but refused.

The bounds, with why:

- :data:`MAX_BYTES`, 20 MB: the largest ``turnier/1`` document of a real tournament
  (500 entrants, 15 rounds of Pussi sheets) is a few MB.
- :data:`MAX_DEPTH`, 20 levels: a ``turnier/1`` document nests 9 deep
  (document, rounds, round, tables, table, result, games, game, totals).
- numbers: an integer Python refuses to read (more than 4,300 digits) and a float
  beyond the double's range are refused here; the disciplines bound the values.
- names: an object that names one key twice (``{"score": "1-0", "score": "0-1"}``) is
  refused with its path. :mod:`json` keeps the last silently, and RFC 8259 leaves it to the
  reader, so a document another tool reads with the first would mean something else here.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from .i18n import N_, Message

MAX_BYTES = 20 * 1024 * 1024
MAX_DEPTH = 20

_SURROGATE = re.compile("[\ud800-\udfff]")
# What may give a lone surrogate: an escape of one, or one in the text itself.
_MAYBE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
# A JSON string (with escapes) or one bracket: what a scan for the nesting needs to see.
_STRUCTURE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.S)


NOT_JSON = N_("not JSON: %(why)s")
"""The template of a refusal of the text itself; ``why`` is what :mod:`json` says."""

# What Python's JSON decoder says (json.decoder and the C scanner of Python 3.11 to 3.13),
# marked so a page can say it in German; anything else is said as it is.
_DECODER: dict[str, Message] = {text: text for text in (
    N_("Expecting value"), N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"), N_("Extra data"),
    N_("Unterminated string starting at"), N_("Invalid control character at"),
    N_("Invalid \\escape"), N_("Invalid \\uXXXX escape"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"))}


def _decoder_says(msg: str) -> Message:
    return _DECODER.get(msg) or Message(msg)


class JsonInputError(ValueError):
    """JSON we do not read: ``message`` (English, :mod:`scoring.i18n`) with the ``place``
    (a JSON path) or line/column."""

    def __init__(self, message: Message, place: str = "", line: int | None = None,
                 column: int | None = None) -> None:
        self.message = message
        self.place = place
        self.line = line
        self.column = column
        super().__init__(str(self))

    @property
    def detail(self) -> str:
        """The message with line and column where known, without the place."""
        if self.line is None:
            return self.message
        return f"{self.message} at line {self.line} column {self.column}"

    def __str__(self) -> str:
        return f"{self.place}: {self.detail}" if self.place else self.detail


class _Refused:
    """Put in place of a number the reader refuses; the walk reports it with its path."""

    __slots__ = ("why",)

    def __init__(self, why: Message) -> None:
        self.why = why


class _Twice(dict[str, Any]):
    """An object that named ``key`` twice (decoded as :mod:`json` does, the last one kept);
    the walk reports it with its path."""

    __slots__ = ("key",)

    def __init__(self, pairs: list[tuple[str, Any]], key: str) -> None:
        super().__init__(pairs)
        self.key = key


class _Hooks:
    """The decoder's hooks for numbers and objects; ``refused`` says whether the walk must
    look."""

    def __init__(self) -> None:
        self.refused = False

    def refuse(self, why: Message) -> _Refused:
        self.refused = True
        return _Refused(why)

    def object(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        value = dict(pairs)
        if len(value) == len(pairs):
            return value
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                break
            seen.add(key)
        self.refused = True
        return _Twice(pairs, key)

    def constant(self, name: str) -> _Refused:
        return self.refuse(N_("%(name)s is not a JSON number", name=name))

    def integer(self, text: str) -> int | _Refused:
        """Only used to find the number :func:`int` refused (Python reads at most
        ``sys.get_int_max_str_digits()`` digits; the first decoding ends in a ValueError)."""
        try:
            return int(text)
        except ValueError:
            return self.refuse(N_("a number of %(n)s digits is too long", n=len(text)))

    def float(self, text: str) -> float | _Refused:
        value = float(text)
        if not math.isfinite(value):
            return self.refuse(N_("the number %(value)s is too large", value=_cut(text)))
        return value


def loads(data: str | bytes, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Decode JSON text (``bytes`` must be UTF-8) within the bounds; raises
    :class:`JsonInputError`. ``max_bytes`` counts bytes of ``bytes`` and characters of
    ``str``."""
    if len(data) > max_bytes:
        raise JsonInputError(N_("larger than %(max)s (%(size)s)", max=_size(max_bytes),
                                size=_size(len(data))))
    if isinstance(data, bytes | bytearray):
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise JsonInputError(N_("not UTF-8 text (%(reason)s at byte %(at)s)",
                                    reason=exc.reason, at=exc.start)) from None
    else:
        text = data
    hooks = _Hooks()
    try:
        try:
            value = json.loads(text, parse_float=hooks.float, parse_constant=hooks.constant,
                               object_pairs_hook=hooks.object)
        except json.JSONDecodeError:
            raise
        except ValueError:  # an integer too long for int(): read again to find it
            value = json.loads(text, parse_int=hooks.integer, parse_float=hooks.float,
                               parse_constant=hooks.constant,
                               object_pairs_hook=hooks.object)
    except json.JSONDecodeError as exc:
        raise JsonInputError(N_(NOT_JSON, why=_decoder_says(exc.msg)), line=exc.lineno,
                             column=exc.colno) from None
    except RecursionError:
        line, column = _too_deep(text, max_depth)
        raise JsonInputError(_too_deep_message(max_depth), line=line, column=column) from None
    if hooks.refused or _MAYBE_SURROGATE.search(text) or _deeper(value, max_depth):
        _check(value, max_depth)  # finds what is wrong, with its path
    return value


def _too_deep_message(max_depth: int) -> Message:
    return N_("nested more than %(n)s levels deep", n=max_depth)


def _size(n: int) -> Message:
    return (N_("%(n)s MB", n=f"{n / 1024 / 1024:.1f}") if n >= 1024 * 1024
            else N_("%(n)s bytes", n=n))


def _too_deep(text: str, max_depth: int) -> tuple[int | None, int | None]:
    """Line and column of the bracket that opens level ``max_depth + 1``."""
    depth = 0
    for m in _STRUCTURE.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > max_depth:
                start = m.start()
                line = text.count("\n", 0, start) + 1
                return line, start - (text.rfind("\n", 0, start) + 1) + 1
        elif ch in "]}":
            depth -= 1
    return None, None


def _deeper(value: Any, max_depth: int) -> bool:
    """Whether containers nest deeper than ``max_depth`` (the quick walk: containers only)."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > max_depth:
            return True
        for child in node.values() if type(node) is dict else node if type(node) is list else ():
            if type(child) is dict or type(child) is list:
                stack.append((child, depth + 1))
    return False


def _path(link: tuple[Any, Any] | None) -> str:
    parts: list[str] = []
    while link is not None:
        link, key = link
        parts.append(f"[{key}]" if isinstance(key, int) else f".{_short(str(key), 40)}")
    return _short("".join(reversed(parts)).lstrip("."))


def _check(value: Any, max_depth: int) -> None:
    """Walk the decoded value (without recursion): depth, lone surrogates, refused numbers,
    names given twice."""
    stack: list[tuple[Any, int, tuple[Any, Any] | None]] = [(value, 1, None)]
    while stack:
        node, depth, link = stack.pop()
        if isinstance(node, dict | list):
            if depth > max_depth:
                raise JsonInputError(_too_deep_message(max_depth), _path(link))
            if isinstance(node, _Twice):
                raise JsonInputError(N_('the name "%(key)s" appears twice in one object',
                                        key=_short(node.key, 40)), _path(link))
            items = node.items() if isinstance(node, dict) else enumerate(node)
            children = []
            for key, child in items:
                if isinstance(key, str) and _SURROGATE.search(key):
                    raise JsonInputError(_surrogate(key), _path(link))
                if isinstance(child, dict | list | str | _Refused):
                    children.append((child, depth + 1, (link, key)))
            stack.extend(reversed(children))
        elif isinstance(node, str):
            if _SURROGATE.search(node):
                raise JsonInputError(_surrogate(node), _path(link))
        elif isinstance(node, _Refused):
            raise JsonInputError(node.why, _path(link))


def _surrogate(text: str) -> Message:
    m = _SURROGATE.search(text)
    code = ord(m.group()) if m else 0
    return N_("a lone surrogate (\\u%(code)s) is not text", code=f"{code:04x}")


def _short(place: str, keep: int = 80) -> str:
    return place if len(place) <= keep else place[:keep] + "…"


def _cut(text: str) -> str:
    return _short(text, 30)
