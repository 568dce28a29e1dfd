"""A correction of an entrant as the log says it: "3. Anna Maier corrected: name Ana Maier →
Anna Maier", in English and German (the entry keeps both; the log page shows the reader's)."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# How a field is named in the sentence of the log.
FIELD_WORDS: dict[str, Any] = {
    "name": gettext_lazy("name"), "club": gettext_lazy("club"), "elo": gettext_lazy("rating"),
    "dwz": gettext_lazy("DWZ"), "birth_date": gettext_lazy("birth year"),
    "categories": gettext_lazy("categories"), "player1": gettext_lazy("player 1"),
    "player2": gettext_lazy("player 2 (partner)"), "fide_id": gettext_lazy("FIDE ID"),
    "title": gettext_lazy("title"), "federation": gettext_lazy("federation"),
    "sex": gettext_lazy("sex"), "dwz_index": gettext_lazy("DWZ index"),
    "zps": gettext_lazy("ZPS"), "pkz": gettext_lazy("PKZ"),
    "dwz_provisional": gettext_lazy("provisional DWZ"),
}


def _shown(field: str, value: Any) -> str:
    if value in (None, "", []):
        return "–"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if field == "birth_date":  # a year alone is stored as 1 January
        return str(value)[:4] if str(value)[4:] == "-01-01" else str(value)
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def sentence(entrant: str, before: dict[str, Any], after: dict[str, Any]) -> dict[str, str]:
    """"3. Anna Maier corrected: name Ana Maier → Anna Maier", in English and German."""
    out = {}
    for language in ("en", "de"):
        with translation.override(language):
            parts = [_("%(field)s %(old)s → %(new)s") % {
                "field": FIELD_WORDS.get(k, k), "old": _shown(k, before.get(k)),
                "new": _shown(k, v)} for k, v in after.items() if k in FIELD_WORDS]
            out[language] = _("%(entrant)s corrected: %(changes)s") % {
                "entrant": entrant, "changes": "; ".join(parts)}
    return out
