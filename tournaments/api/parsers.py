"""The API's JSON parser: the bounded reader of :mod:`scoring.json_input`, never a 500.

DRF's own ``JSONParser`` hands the body to :func:`json.load`, so a body nested 5,000
deep raised ``RecursionError`` (500), ``"\\ud800"`` reached the database (500) and
``NaN`` became a float. This parser reads at most the view's ``max_body_bytes`` (20 MB by
default, the import form's limit; a captain's link takes far less) and answers every
refusal with 400 and the place, in the reader's language (``JSON parse error - not valid
JSON at entrants[0].name: a lone surrogate …``). It is the default parser
(``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``) and every view that names its parsers uses it.
A TRF file comes as text (:class:`PlainTextParser`) and goes out as text
(:class:`PlainTextRenderer`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser, JSONParser
from rest_framework.renderers import BaseRenderer

from scoring.json_input import MAX_BYTES, JsonInputError, loads

from ..forms import json_error
from ..services import ServiceError


def body_limit(parser_context: Mapping[str, Any] | None) -> int:
    """The most bytes the view takes: its ``max_body_bytes``, else :data:`MAX_BYTES`."""
    view = (parser_context or {}).get("view")
    return int(getattr(view, "max_body_bytes", MAX_BYTES))


def read_body(stream: Any, parser_context: Mapping[str, Any] | None) -> bytes:
    """The body, refused (400) when it is longer than the view takes; never read further."""
    limit = body_limit(parser_context)
    raw = stream.read(limit + 1) if stream is not None else b""
    if len(raw) > limit:
        raise ParseError(_("The body is larger than %(n)s bytes.") % {"n": limit})
    return raw


class BoundedJSONParser(JSONParser):
    """``application/json`` through :func:`scoring.json_input.loads`."""

    def parse(self, stream: Any, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        raw = read_body(stream, parser_context)
        try:
            return loads(raw, max_bytes=body_limit(parser_context))
        except JsonInputError as exc:
            raise ParseError(_("JSON parse error - %(error)s") % {"error": json_error(exc)}
                             ) from None


class PlainTextParser(BaseParser):
    """A text body (a TRF file) as it is, decoded; no longer than the view allows (413)."""

    media_type = "text/plain"

    def parse(self, stream: Any, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:  # str; see below
        # The text as it is: DRF hands request.data on as the parser returns it (its stubs
        # expect a mapping, hence Any).
        charset = (parser_context or {}).get("encoding") or "utf-8"
        try:
            return read_body(stream, parser_context).decode(charset)
        except (UnicodeDecodeError, LookupError):  # LookupError: a charset Python does not know
            raise ServiceError(_("the file is not %(charset)s text") % {"charset": charset},
                               "trf") from None


class XmlBodyParser(BaseParser):
    """An XML body (a bank statement, camt.053) as bytes, no longer than the view allows;
    the reader behind the view refuses what is not a statement, with the line."""

    media_type = "application/xml"

    def parse(self, stream: Any, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:  # bytes
        return read_body(stream, parser_context)


class TextXmlBodyParser(XmlBodyParser):
    media_type = "text/xml"


class PlainTextRenderer(BaseRenderer):
    """Lets a client ask for text/plain; an error then comes as the JSON text it would be."""

    media_type = "text/plain"
    format = "txt"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: Mapping[str, Any] | None = None) -> bytes:
        text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        return text.encode(self.charset)
