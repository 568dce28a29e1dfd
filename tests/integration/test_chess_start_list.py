"""Chess start numbers are the start list by rating (issue 24, item 13).

Start numbers followed the order of sign-up while the Dutch system pairs by the initial
ranking (rating, title, name), so the explanation's "the higher-ranked player has an odd
number" stood beside two even start numbers, and the pairing list showed no ratings. Now
the draw of a Swiss round 1 gives the start numbers in the order of the initial ranking
(setting ``start_numbers``; undoing the draw gives the old ones back), the explanation
says where pairing and start numbers still differ, and the pairing lists show the rating.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.core_messages import lines
from tournaments.models import Report
from tournaments.services import Actor
from tournaments.services.reports import render_html

pytestmark = pytest.mark.django_db

SIGN_UP = [("Dora", 1500), ("Bert", 2100), ("Carl", 1800), ("Anna", 2000), ("Emil", 1700),
           ("Fritz", 1600)]


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


def swiss(actor, **scoring):
    t = services.create_tournament(actor, "Open", "chess", planned_rounds=5,
                                   scoring=scoring or None)
    for name, elo in SIGN_UP:
        services.register(t, actor, [{"name": name}], status="present", rating=elo)
    t.refresh_from_db()
    return t


def numbers(t):
    return {e.name: e.start_number for e in t.entrants.all()}


def test_round_one_numbers_the_start_list_by_rating_and_undo_gives_the_old_back(actor):
    t = swiss(actor)
    assert numbers(t) == {"Dora": 1, "Bert": 2, "Carl": 3, "Anna": 4, "Emil": 5, "Fritz": 6}
    rnd = services.draw_round(t, actor, seed="s")
    assert numbers(t) == {"Bert": 1, "Anna": 2, "Carl": 3, "Emil": 4, "Fritz": 5, "Dora": 6}
    said = lines(rnd.draw_explanation)
    assert any("Start numbers given by the initial ranking" in line for line in said), said
    assert not any("differ from the start numbers" in line for line in said), said
    # The colour rule's odd number is the start number players see: 1 - 4, 5 - 2, 3 - 6.
    boards = [tuple(sorted(s.entrant.start_number for s in table.seats.all()))
              for table in rnd.tables.order_by("number")]
    assert boards == [(1, 4), (2, 5), (3, 6)]
    services.undo_draw(t, actor)
    assert numbers(t) == {"Dora": 1, "Bert": 2, "Carl": 3, "Anna": 4, "Emil": 5, "Fritz": 6}


def test_registration_order_is_a_setting_and_the_explanation_says_which_number_is_which(
        actor):
    t = swiss(actor, start_numbers="registration")
    rnd = services.draw_round(t, actor, seed="s")
    assert numbers(t)["Dora"] == 1
    said = lines(rnd.draw_explanation)
    assert any("differ from the start numbers: 1 = 2, 2 = 4" in line for line in said), said


def test_the_pairing_lists_show_the_ratings(actor, client):
    t = swiss(actor)
    services.draw_round(t, actor, seed="s")
    services.publish_round(t, actor, 1)
    html = render_html(Report.objects.create(tournament=t, kind="pairings", round_number=1))
    assert '<span class="rating">2100</span>' in html
    services.update_tournament(t, actor, public=True)
    page = client.get(reverse("public:round", args=[t.slug, 1])).content.decode()
    assert "(2100)" in page and "(1500)" in page


def test_undoing_the_draw_from_the_log_gives_the_old_numbers_back(actor):
    from tournaments.models import ActionLog
    from tournaments.services.undo import undo_entry

    t = swiss(actor)
    services.draw_round(t, actor, seed="s")
    entry = ActionLog.objects.filter(tournament=t, action="draw_round").latest("id")
    undo_entry(t, actor, entry.pk)
    assert numbers(t)["Dora"] == 1 and not t.rounds.exists()


def test_a_player_signed_up_after_the_round_one_draw_plays_it_after_undo_and_redraw(actor):
    """Issue 24: a sign-up after the draw of round 1 joined from round 2, and stayed out of
    round 1 when that draw was undone and drawn again."""
    t = swiss(actor)
    services.draw_round(t, actor, seed="s")
    late = services.register(t, actor, [{"name": "Greta"}], status="present", rating=1900)
    assert late.joined_round == 2
    services.undo_draw(t, actor)
    late.refresh_from_db()
    assert late.joined_round == 1
    rnd = services.draw_round(t, actor, seed="s2")
    seated = {s.entrant_id for table in rnd.tables.all() for s in table.seats.all()}
    assert late.pk in seated | {b.entrant_id for b in rnd.byes.all()}
    assert numbers(t)["Greta"] == 3  # and the start list ranks her by her rating (1900)


def test_a_rating_corrected_after_round_two_warns_that_pairing_numbers_moved(actor, director,
                                                                             client):
    """Issue 24: a DWZ edit after round 2 silently moved a player from pairing number 8 to
    1. The correction is taken (FIDE lets ratings be corrected), and the page says so."""
    from .test_chess_conventions import chess, finish_round

    t = chess(actor, 8)
    for n in (1, 2):
        services.draw_round(t, actor, seed=f"w{n}")
        finish_round(t, actor, n, "1/2-1/2")
    last = t.entrants.get(start_number=8)
    client.force_login(director)
    form = {"name": last.name, "club": "", "elo": "2500", "categories": "", "birth_date": "",
            "sex": "", "fide_id": "", "federation": "", "title": "", "zps": "", "dwz": ""}
    page = client.post(reverse("desk:edit", args=[t.slug, 8]), form, follow=True,
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The pairing numbers changed" in page
    assert f"{last.name} from 8 to 1" in page
