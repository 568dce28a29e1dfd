"""The web side of the draw registry: the app's own draws and the disciplines' methods
agree with ``pairing.METHODS``."""

from __future__ import annotations

import pairing
from tournaments.disciplines import DISCIPLINES
from tournaments.services import rounds


def test_app_draws_are_the_registry_entries_without_a_pure_draw():
    assert set(rounds.APP_DRAWS) == {m.name for m in pairing.METHODS.values() if m.in_app}
    assert rounds.RESULT_DEPENDENT == pairing.RESULT_DEPENDENT


def test_every_discipline_offers_methods_that_fit_it():
    for name, info in DISCIPLINES.items():
        for method in info.methods:
            assert name in pairing.METHODS[method].disciplines, (name, method)
        if "registration" in info.options:
            assert name in pairing.METHODS[pairing.REGISTRATION].disciplines, name
    offered = {m for info in DISCIPLINES.values() for m in info.methods} | {
        pairing.REGISTRATION}
    assert offered == set(pairing.METHODS)
