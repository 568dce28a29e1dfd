"""``{% scrolltable rows "grid …" empty=_("…") %}…{% endscrolltable %}``: a table that may be
wider than a phone, or the sentence that stands in for it when there is nothing to list.

Between the tags go the table's ``<thead>`` and ``<tbody>``. When ``rows`` has anything in it,
the tag puts them into ``<table class="…">`` inside the region that scrolls sideways
(``div.scroll``; static/js/scroll.js makes an overflowing one reachable by keyboard and names
it for screen readers); otherwise it writes ``<p class="muted">`` with the ``empty`` text
(``empty_class`` gives the paragraph other classes).
"""

from __future__ import annotations

from django import template
from django.template.base import FilterExpression, NodeList, Parser, Token
from django.template.context import Context
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


class ScrollTableNode(template.Node):
    def __init__(self, rows: FilterExpression, table_class: FilterExpression,
                 options: dict[str, FilterExpression], body: NodeList) -> None:
        self.rows = rows
        self.table_class = table_class
        self.options = options
        self.body = body

    def render(self, context: Context) -> SafeString:
        if not self.rows.resolve(context):
            empty = self.options.get("empty")
            classes = self.options.get("empty_class")
            return format_html('<p class="{}">{}</p>',
                               classes.resolve(context) if classes else "muted",
                               empty.resolve(context) if empty else "")
        return format_html('<div class="scroll">\n<table class="{}">{}</table>\n</div>',
                           self.table_class.resolve(context),
                           mark_safe(self.body.render(context)))


@register.tag
def scrolltable(parser: Parser, token: Token) -> ScrollTableNode:
    bits = token.split_contents()
    if len(bits) < 3:
        raise template.TemplateSyntaxError(
            f"{bits[0]} takes the rows and the table's class, then empty=… (empty_class=…)")
    options = template.base.token_kwargs(bits[3:], parser)
    unknown = set(options) - {"empty", "empty_class"}
    if unknown or len(options) != len(bits) - 3:
        raise template.TemplateSyntaxError(f"{bits[0]}: unknown options {bits[3:]}")
    body = parser.parse(("endscrolltable",))
    parser.delete_first_token()
    return ScrollTableNode(parser.compile_filter(bits[1]), parser.compile_filter(bits[2]),
                           options, body)
