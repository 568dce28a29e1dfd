"""The API's JSON parser: the bounded reader of :mod:`scoring.json_input`, never a 500.

DRF's own ``JSONParser`` hands the body to :func:`json.load`, so a body nested 5,000
deep raised ``RecursionError`` (500), ``"\\ud800"`` reached the database (500) and
``NaN`` became a float. This parser reads at most the view's ``max_body_bytes`` (20 MB by
default, the import form's limit; a captain's link takes far less) and answers every
refusal with 400 and the place (``JSON parse error - entrants[0].name: a lone surrogate
…``). It is the default parser (``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``) and every
view that names its parsers uses it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from scoring.json_input import MAX_BYTES, JsonInputError, loads


def body_limit(parser_context: dict[str, Any] | None) -> int:
    """The most bytes the view takes: its ``max_body_bytes``, else :data:`MAX_BYTES`."""
    view = (parser_context or {}).get("view")
    return int(getattr(view, "max_body_bytes", MAX_BYTES))


def read_body(stream: Any, parser_context: dict[str, Any] | None) -> bytes:
    """The body, refused (400) when it is longer than the view takes; never read further."""
    limit = body_limit(parser_context)
    raw = stream.read(limit + 1) if stream is not None else b""
    if len(raw) > limit:
        raise ParseError(_("The body is larger than %(n)s bytes.") % {"n": limit})
    return raw


class BoundedJSONParser(JSONParser):
    """``application/json`` through :func:`scoring.json_input.loads`."""

    def parse(self, stream: Any, media_type: str | None = None,
              parser_context: dict[str, Any] | None = None) -> Any:
        raw = read_body(stream, parser_context)
        try:
            return loads(raw, max_bytes=body_limit(parser_context))
        except JsonInputError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
