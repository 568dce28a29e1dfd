"""Round robins have round-robin tie-breaks (issue 24).

A new chess tournament ranked ties by Buchholz even as a round robin, where everybody has
the same opponents and Buchholz only turns the ranking round; the seed's program refuses
it there. A round robin now starts with FIDE C.07's round-robin tie-breaks (direct
encounter, wins, Sonneborn-Berger, Koya), and a Buchholz tie-break is refused in it.
"""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.services import Actor, ServiceError

from .test_api import client_for

pytestmark = pytest.mark.django_db
API = "/api/v1"
ROUND_ROBIN = ["direct_encounter", "wins", "sonneborn_berger", "koya"]


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


def test_a_new_round_robin_has_round_robin_tiebreaks(actor):
    t = services.create_tournament(actor, "Rundenturnier", "chess", pairing="round_robin")
    assert t.scoring["tiebreaks"] == ROUND_ROBIN
    swiss = services.create_tournament(actor, "Open", "chess")
    assert swiss.scoring["tiebreaks"] == ["buchholz_cut1", "buchholz", "sonneborn_berger"]
    # Choosing the mode before round 1 brings its tie-breaks, and back.
    services.update_tournament(swiss, actor, pairing="round_robin_shift")
    swiss.refresh_from_db()
    assert swiss.scoring["tiebreaks"] == ROUND_ROBIN
    services.update_tournament(swiss, actor, pairing="dutch")
    swiss.refresh_from_db()
    assert swiss.scoring["tiebreaks"][0] == "buchholz_cut1"


def test_buchholz_is_refused_in_a_round_robin(actor, director):
    t = services.create_tournament(actor, "Rundenturnier", "chess", pairing="round_robin")
    with pytest.raises(ServiceError) as refused:
        services.update_tournament(
            t, actor, scoring={**t.scoring, "tiebreaks": ["sonneborn_berger", "buchholz"]})
    assert "BH" in refused.value.errors["scoring.tiebreaks"][0]
    answer = client_for(director).patch(
        f"{API}/tournaments/{t.slug}/", {"scoring": {**t.scoring, "tiebreaks": ["median"]}},
        format="json")
    assert answer.status_code == 400
    assert "scoring.tiebreaks" in str(answer.json())
    with pytest.raises(ServiceError):
        services.create_tournament(actor, "RR", "chess", pairing="round_robin",
                                   scoring={"tiebreaks": ["buchholz"]})
