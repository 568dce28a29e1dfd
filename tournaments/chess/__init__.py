"""Chess in the app: requested byes, withdrawals, set and forbidden pairings, the Dutch draw,
TRF files, cross and progress tables, player cards and the DWZ report, and their pages.

A subpackage of the ``tournaments`` app, not an app of its own: its models keep the
app label ``tournaments`` (see :mod:`.models`). This file imports nothing, so that
:mod:`tournaments.models` can import :mod:`.models` while it is being loaded.
"""
