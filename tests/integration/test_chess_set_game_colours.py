"""A set game can leave the colours to the program (issue 24).

The seed's program gives a set game's colours by its rules unless told to keep them
(SETCOLORS); here the first named player always had White, so a director who only wanted
two players to meet gave one of them a third White. With "colours by the program" the
draw gives the colours by the colour rules (FIDE C.04.3 5.2), and says which rule.
"""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.core_messages import lines
from tournaments.disciplines.chess import services as chess_services
from tournaments.services import ServiceError

from .test_api import client_for
from .test_chess_app import actor, boards, entrant, play, swiss  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db
API = "/api/v1"


def test_the_colours_of_a_set_game_are_given_by_the_colour_rules(swiss, actor):  # noqa: F811
    import random

    t = swiss(8)
    rng = random.Random(9)
    chess_services.set_forced_pairing(t, actor, 1, entrant(t, 1), entrant(t, 5))
    play(t, actor, 1, rng)
    chess_services.set_forced_pairing(t, actor, 2, entrant(t, 1), entrant(t, 6))
    play(t, actor, 2, rng)
    # Player 1 had White twice: named first against an opponent he has not met, the set
    # game needs a confirmation; with the colours left to the program it needs none (for
    # an opponent who may have White), and the draw gives player 1 Black.
    met = {n for rnd in t.rounds.all() for pair in boards(rnd) if 1 in pair for n in pair}
    for other in range(2, 9):
        if other in met:
            continue
        with pytest.raises(ServiceError):
            chess_services.set_forced_pairing(t, actor, 3, entrant(t, 1), entrant(t, other))
        try:
            chess_services.set_forced_pairing(t, actor, 3, entrant(t, 1), entrant(t, other),
                                              by_program=True)
        except ServiceError:
            continue  # this one had White twice as well
        break
    else:
        pytest.fail("no opponent for player 1 could take White")
    rnd = services.draw_round(t, actor)
    assert (other, 1) in boards(rnd)
    said = lines(rnd.draw_explanation)
    assert any("colours by the colour rules" in line for line in said), said


def test_the_api_and_the_panel_take_the_choice(swiss, actor, director, client):  # noqa: F811
    from django.urls import reverse

    t = swiss(6)
    answer = client_for(director).post(
        f"{API}/tournaments/{t.slug}/pairing-rules/",
        {"kind": "forced", "round": 1, "white": 6, "black": 1, "colours": "program"},
        format="json")
    assert answer.status_code == 201, answer.content
    client.force_login(director)
    page = client.get(reverse("director:tournament", args=[t.slug])).content.decode()
    assert "colours by the program" in page
    assert 'name="forced-by_program"' in page or 'name="by_program"' in page
