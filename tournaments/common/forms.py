"""Small helpers every form of the app uses (the pages' forms, a discipline's, the API's
parsers): a choice field to fill, a JSON reader's refusal in words."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _

from scoring.i18n import Message
from scoring.json_input import NOT_JSON, JsonInputError

from ..core_messages import say


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's choice field ``name``, to set its choices (``fields`` holds plain Fields)."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField), name
    return field


def json_error(exc: JsonInputError) -> str:
    """The reader's refusal as a form shows it, in the reader's language: with line and
    column, or with the place."""
    message = exc.message
    if isinstance(message, Message) and message.template == NOT_JSON:
        message = message.params["why"]  # type: ignore[assignment]  # the decoder's words
    if exc.line is not None:
        return (_("not valid JSON: %(msg)s (line %(line)s, column %(col)s)")
                % {"msg": say(message), "line": exc.line, "col": exc.column})
    if exc.place:
        return _("not valid JSON at %(place)s: %(msg)s") % {"place": exc.place,
                                                            "msg": say(message)}
    return _("not valid JSON: %(msg)s") % {"msg": say(message)}
