"""``makemessages`` that also collects the pure cores' messages.

``scoring`` and ``pairing`` know no Django; they mark the sentences a reader sees with
``N_`` (:mod:`scoring.i18n`), which xgettext learns here as one more keyword.
"""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
