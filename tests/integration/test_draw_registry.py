"""The web side of the draw registry: the app's own draws and the disciplines' methods
agree with ``pairing.METHODS``."""

from __future__ import annotations

import pairing
from tournaments.disciplines import DISCIPLINES
from tournaments.services import rounds


def test_app_draws_are_the_registry_entries_without_a_pure_draw():
    own = {m for info in DISCIPLINES.values() for m in info.app_draws}
    assert set(rounds.APP_DRAWS) | own == {m.name for m in pairing.METHODS.values() if m.in_app}
    assert not set(rounds.APP_DRAWS) & own
    assert rounds.RESULT_DEPENDENT == pairing.RESULT_DEPENDENT


def test_every_discipline_offers_methods_that_fit_it():
    for name, info in DISCIPLINES.items():
        for layout in info.layouts.values():
            for method in info.methods:
                assert pairing.METHODS[method].fits(layout), (name, method, layout)
            if "registration" in info.options:
                assert pairing.METHODS[pairing.REGISTRATION].fits(layout), (name, layout)
    offered = {m for info in DISCIPLINES.values() for m in info.methods} | {
        pairing.REGISTRATION}
    assert offered == set(pairing.METHODS)
