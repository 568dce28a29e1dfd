"""Selectors: what the API (and pages) read, and the rules that decide what a read means.

Services change data (through :func:`tournaments.services.base.change`); selectors only
read. Names follow ``<entity>_<action>`` (``entrant_list``, ``chess_game_get``). A selector
that refuses a question raises :class:`~tournaments.services.ServiceError` like a service,
so every caller answers it the same way (a field error on a page, a 400 in the API).
"""
