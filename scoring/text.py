"""Text that must stay on one line: names, clubs, categories, a tournament's name.

A name ends up in formats made of lines, most of all the TRF, where a newline in a
player's name starts a new record: ``"Line\\n001    9 …"`` would write a forged player
line. So every input refuses control characters in such text (:func:`control_character`
finds the first one) and every writer of a line format replaces what slipped through
before (data written straight into the database) with a space (:func:`single_line`).

A control character here is any character of the Unicode categories Cc (C0 and C1
controls: newline, carriage return, tab, NEL …), Cf (format characters: bidirectional
overrides, zero-width spaces and joiners, the soft hyphen, the byte order mark), Cs (a
lone surrogate, which no database stores) and Zl/Zp (the line and paragraph separators
U+2028/U+2029). Nothing a person's name needs is among them.
"""

from __future__ import annotations

import unicodedata

from .i18n import N_, Message

CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})

_NAMES = {"\n": N_("a line break"), "\r": N_("a carriage return"), "\t": N_("a tab")}


def _controls(text: str) -> list[int]:
    """Indices of the control characters in ``text``. ``str.isprintable`` answers the usual
    case (a clean name) at C speed; only text that fails it is looked at character by
    character (it also fails for spaces other than U+0020, which are not controls)."""
    if text.isprintable():
        return []
    return [i for i, ch in enumerate(text) if unicodedata.category(ch) in CONTROL_CATEGORIES]


def control_character(text: str) -> tuple[int, str] | None:
    """The 0-based index and the character of the first control character in ``text``,
    or None when it is one clean line."""
    found = _controls(text)
    return (found[0], text[found[0]]) if found else None


def describe(ch: str) -> Message:
    """A control character as a message names it: ``a line break``, ``U+200E``."""
    return _NAMES.get(ch) or Message(f"U+{ord(ch):04X}")


def control_problem(text: str) -> Message | None:
    """Why ``text`` is not a single line, or None (English; the web side says it in the
    reader's language, :mod:`scoring.i18n`)."""
    found = control_character(text)
    if found is None:
        return None
    index, ch = found
    return N_("must be one line without control characters; found %(what)s at character "
              "%(n)s", what=describe(ch), n=index + 1)


def single_line(text: str) -> str:
    """``text`` with every control character replaced by a space (for writers of lines:
    the width stays the same, so fixed columns stay where they are)."""
    found = _controls(text)
    if not found:
        return text
    chars = list(text)
    for i in found:
        chars[i] = " "
    return "".join(chars)
