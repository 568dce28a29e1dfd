"""One check for names and other texts that must stay on one line, for every input.

The desk, the pre-registration page, the API, the director's forms and the imports all
refuse a name (club, category, a tournament's name) with a control character: a
newline in a name once wrote a forged player line into the TRF export. What counts as
a control character is :mod:`scoring.text`'s (the same check the ``turnier/1`` reader
makes); this module words the refusal for the app: :func:`check_single_line` raises a
:class:`ServiceError` at the field, :func:`validate_single_line` is the same check as a
Django/DRF field validator.

It also holds the order of names in lists people search by eye ("Wo sitze ich?"): German
collation by surname (:func:`surname_key`).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.text import control_character

from .errors import ServiceError

CHARACTER_NAMES = {"\n": gettext_lazy("a line break"), "\r": gettext_lazy("a carriage return"),
                   "\t": gettext_lazy("a tab")}


def text_problem(value: Any) -> str | None:
    """Why ``value`` is no single line of text (translated), or None; non-text is left to
    the caller's own type check."""
    if not isinstance(value, str):
        return None
    found = control_character(value)
    if found is None:
        return None
    index, ch = found
    what = CHARACTER_NAMES.get(ch) or f"U+{ord(ch):04X}"
    return (_("must be one line without control characters; found %(what)s at character "
              "%(n)s") % {"what": what, "n": index + 1})


def check_single_line(value: Any, field: str) -> None:
    """Refuse ``value`` at ``field`` when it is not a single line of text."""
    why = text_problem(value)
    if why:
        raise ServiceError(why, field)


def validate_single_line(value: Any) -> None:
    """The same check as a field validator (forms, serializers)."""
    why = text_problem(value)
    if why:
        raise ValidationError(why, code="control_character")


def german_key(text: str) -> str:
    """German list order (DIN 5007 variant 1): ä as a, ß as ss, case ignored."""
    folded = unicodedata.normalize("NFKD", text.casefold().replace("ß", "ss"))
    return "".join(c for c in folded if not unicodedata.combining(c))


NAME_SUFFIXES = frozenset({"jun.", "jun", "jr.", "jr", "sen.", "sen", "sr.", "sr"})


def surname_key(name: str) -> tuple[str, str, str]:
    """A person's name in the order a hall's list is read: surname first, in German order.

    "Hoffmann, Peter" (surname first, as rating lists write it) sorts by the part before the
    comma; "Peter Hoffmann" by its last word ("jun."/"sen." skipped); a single word by itself.
    The whole name follows, so that namesakes stay in a fixed order.
    """
    if "," in name:
        surname, _comma, given = name.partition(",")
    else:
        words = name.split()
        while len(words) > 1 and words[-1].casefold() in NAME_SUFFIXES:
            words.pop()
        surname, given = (words[-1], " ".join(words[:-1])) if words else ("", "")
    return german_key(surname.strip()), german_key(given.strip()), name
