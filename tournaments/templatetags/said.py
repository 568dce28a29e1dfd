"""``{{ line|say }}``: a message of the pure cores in the reader's language."""

from __future__ import annotations

from django import template

from ..core_messages import say as say_message

register = template.Library()


@register.filter
def say(value: object) -> str:
    return say_message(value)
