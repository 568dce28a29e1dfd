"""A 12er-matrix tabletop evening in browsers (issue 18): twelve players, two rounds.

Round 1 is Eternal War primary, as every new round. For round 2 the director sets a Maelstrom
primary on the round page right after the draw; the captains see it on their 390 px phones
and enter a 2-point lead in the primary at every table. The seed's table for a Maelstrom
primary needs a lead of 3, so each of those games is 3 : 3 in the primary and 6 : 6 in all,
where an Eternal War primary would have given 9 : 3; the standings follow.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.utils import translation

from scoring.tabletop import tournament_points
from tournaments import services
from tournaments.disciplines.tabletop.discipline import MISSION_KINDS
from tournaments.models import ActionLog, Result
from tournaments.services import Actor

from .test_walkthrough import PHONE, login

pytestmark = pytest.mark.django_db(transaction=True)

ROUND_1 = [[13, 5], [3, 5], [4, 2]]  # the seed's Tanja and Tom: 10 : 2
ROUND_2 = [[10, 8], [5, 5], [3, 3]]  # a 2-point lead in the primary, the rest even


def tp_by_player(t) -> dict[int, object]:
    t.refresh_from_db()  # the standings are cached by the tournament's version
    return {r["entrant"]: r["values"]["tp"] for r in services.standings(t)["standings"]}


def test_twelve_players_maelstrom_primary_in_round_2(browser, live_server, shot):
    base = live_server.url
    User = get_user_model()
    director = User.objects.create_user("direktor", password="turnier-2026")
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, "Tabletop-Abend", "tabletop", "single",
                                   scoring={"system": "matrix12"})
    for i in range(1, 13):
        services.register(t, boss, [{"name": f"Spieler {i:02d}"}], status="present")
    rnd = services.draw_round(t, boss, seed="zwoelfer-1")
    services.publish_round(t, boss, 1)
    for table in rnd.tables.all():
        services.director_set_result(table, boss, {"missions": ROUND_1})
    services.close_round(t, boss, 1)
    after_1 = tp_by_player(t)
    assert sorted(after_1.values()) == [2] * 6 + [10] * 6

    # The director draws round 2 and sets a Maelstrom primary on its preview page.
    dpage = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(dpage, base, "direktor")
    dpage.goto(f"{base}/director/{t.slug}/")
    dpage.click(f"form[action='/director/{t.slug}/rounds/draw/'] button[type=submit]")
    dpage.wait_for_url(re.compile(r"/rounds/2/"))
    choices = dpage.locator("#round-choices")
    assert choices.locator("select[name='missions.0']").input_value() == "eternal_war"
    choices.locator("select[name='missions.0']").select_option("maelstrom")
    choices.locator("select[name='missions.1']").select_option("eternal_war")
    choices.locator("#save-round-choices").click()
    dpage.wait_for_load_state()
    assert "Maelstrom" in dpage.locator("#round-note").inner_text()
    shot(dpage, "tabletop-01-director-missions")
    dpage.click(f"form[action='/director/{t.slug}/rounds/2/publish/'] button")
    dpage.wait_for_selector("a[href^='/c/']")
    assert t.rounds.get(number=2).extra == {
        "missions": ["maelstrom", "eternal_war", "tertiary"]}
    assert ActionLog.objects.filter(tournament=t, action="set_round_missions").count() == 1

    # The captains see the missions' kinds on their phones and enter a 2-point lead.
    round_2 = t.rounds.get(number=2)
    with translation.override("de"):  # the phones ask for German
        maelstrom, eternal_war = (str(MISSION_KINDS[k]) for k in ("maelstrom", "eternal_war"))
    for table in round_2.tables.order_by("number"):
        for captain in (1, 2):  # both players report from their phones: the result is agreed
            phone = browser.new_context(**PHONE, locale="de-DE").new_page()
            phone.goto(f"{base}/c/{table.token}/")
            note = phone.locator("#round-note").inner_text()
            assert f"Primär ({maelstrom})" in note and f"Sekundär ({eternal_war})" in note, note
            kinds = phone.locator("[data-mission-kind]").all_inner_texts()
            assert kinds[:2] == [maelstrom, eternal_war], kinds
            assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
            for k, (a, b) in enumerate(ROUND_2):
                phone.fill(f"input[name='missions[{k}].side1']", str(a))
                phone.fill(f"input[name='missions[{k}].side2']", str(b))
            if table.number == 1 and captain == 1:
                shot(phone, "tabletop-02-captain-maelstrom")
            with phone.expect_navigation():  # sent by fetch, then the answer page
                phone.click("#result-form button[type=submit]")
            phone.context.close()
        result = Result.objects.get(table=table)
        assert result.payload["missions"] == ROUND_2 and result.status == "confirmed"

    # The seed's table for this round's kinds: 3 : 3, 2 : 2, 1 : 1, where Eternal War
    # would have given the leader the primary's 6.
    kinds = ("maelstrom", "eternal_war", "tertiary")
    game = tournament_points("matrix12", [tuple(m) for m in ROUND_2], kinds)
    assert game == (6, 6)
    assert tournament_points("matrix12", [tuple(m) for m in ROUND_2],
                             ("eternal_war", "maelstrom", "tertiary")) == (9, 3)
    after_2 = tp_by_player(t)
    assert {n: after_2[n] - after_1[n] for n in after_2} == {n: 6 for n in after_2}

    spectator = browser.new_context(**PHONE).new_page()
    spectator.goto(f"{base}/t/{t.slug}/")
    spectator.wait_for_selector("#standings tbody tr")
    assert spectator.locator("#standings tbody tr").count() == 12
    shot(spectator, "tabletop-03-standings")
