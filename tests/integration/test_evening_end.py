"""Issue 16: correcting an entrant everywhere at once, the end of the evening (finish,
prizes, certificates), closing a round that names its blocking tables, and the captain's
confirmation that shows what was stored."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import ActionLog, Entrant, Report, Result, Round, Tournament
from tournaments.services import Actor, ServiceError
from tournaments.services import finish as finish_services
from tournaments.services.entrant_edit import edit_entrant
from tournaments.services.reports import request_report

pytestmark = pytest.mark.django_db

MUCKEN_WIN = {"bobbl": [[21, 15], [21, 18]]}


def play(t: Tournament, actor: Actor, close: bool = True) -> Round:
    """Draw, publish, the director enters a result at every table, close."""
    rnd = services.draw_round(t, actor, seed=f"abend-{t.rounds.count() + 1}")
    services.publish_round(t, actor, rnd.number)
    for table in rnd.tables.order_by("number"):
        payload = {"score": "1-0"} if t.discipline == "chess" else MUCKEN_WIN
        services.director_set_result(table, actor, payload)
    if close:
        services.close_round(t, actor, rnd.number)
    return rnd


def pdf_text(report: Report) -> str:
    out = subprocess.run(["pdftotext", report.file.path, "-"], capture_output=True, check=True)
    return out.stdout.decode()


def order(t, actor, kind, capture):
    with capture(execute=True):
        report = request_report(t, actor, kind, None, base_url="http://halle.example/")
    report.refresh_from_db()
    assert report.status == Report.Status.DONE, report.error
    return report


# ---------------------------------------------------------------- correcting an entrant


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext is not installed")
def test_a_name_corrected_after_round_2_shows_everywhere(
        make_tournament, boss, desk_client, eager_reports, django_capture_on_commit_callbacks):
    t = make_tournament("chess", entrants=6, planned_rounds=3)
    play(t, boss)
    play(t, boss)
    page = reverse("desk:edit", args=[t.slug, 3])
    r = desk_client.get(page)
    assert r.status_code == 200 and 'value="Spieler 3"' in r.content.decode()
    r = desk_client.post(page, {"name": "Sophie Spielerin", "club": "SK Hof", "elo": "1712",
                                "dwz": "1650", "birth_date": "1988", "categories": "senior"})
    assert r.status_code == 302, r.content.decode()[:2000]
    e = Entrant.objects.get(tournament=t, start_number=3)
    assert (e.name, e.club, e.rating, e.categories) == ("Sophie Spielerin", "SK Hof", 1712,
                                                       ["senior"])
    person = e.players.get()
    assert person.dwz == 1650 and person.birth_date.year == 1988
    entry = ActionLog.objects.filter(tournament=t, action="update_entrant").latest("id")
    assert entry.after["sentence"]["en"].startswith("3. Sophie Spielerin corrected: name "
                                                    "Spieler 3 → Sophie Spielerin")
    assert "korrigiert" in entry.after["sentence"]["de"]
    # Every page, PDF and export shows it at once.
    assert "Sophie Spielerin" in desk_client.get(f"/t/{t.slug}/").content.decode()
    assert "Sophie Spielerin" in desk_client.get(f"/t/{t.slug}/projector/").content.decode()
    assert "Sophie Spielerin" in pdf_text(order(t, boss, "standings",
                                                django_capture_on_commit_callbacks))
    desk_client.force_login(t.created_by)
    trf = desk_client.get(reverse("director:export_trf", args=[t.slug])).content.decode()
    assert "Sophie Spielerin" in trf
    doc = desk_client.get(reverse("director:export", args=[t.slug])).json()
    assert "Sophie Spielerin" in str(doc)
    # The log shows the sentence.
    assert "Sophie Spielerin corrected" in desk_client.get(
        reverse("director:log", args=[t.slug])).content.decode()


def test_a_duplicate_name_is_refused_at_the_field(make_tournament, desk_client):
    t = make_tournament("chess", entrants=3)
    r = desk_client.post(reverse("desk:edit", args=[t.slug, 2]),
                         {"name": "spieler 1", "club": "", "elo": "", "categories": ""})
    assert r.status_code == 400
    assert "is already registered in this tournament" in r.content.decode()
    assert Entrant.objects.get(tournament=t, start_number=2).name == "Spieler 2"


def test_the_desk_row_links_to_the_correction(make_tournament, desk_client):
    t = make_tournament("chess", entrants=2)
    html = desk_client.get(reverse("desk:tournament", args=[t.slug])).content.decode()
    assert reverse("desk:edit", args=[t.slug, 2]) in html


def test_a_pair_partner_is_corrected_or_changed_before_results_only(make_tournament, boss,
                                                                     desk_user):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    desk = Actor(desk_user, "desk anmeldung")
    pair = Entrant.objects.get(tournament=t, start_number=1)
    # a typo in the partner's name: the pair's name follows
    edit_entrant(pair, desk, {}, pair_names=["Spieler 1a", "Spieler 1b-korr"])
    pair.refresh_from_db()
    assert pair.name == "Spieler 1a / Spieler 1b-korr"
    entry = ActionLog.objects.filter(tournament=t, action="update_pair").latest("id")
    assert "player 2 (partner) Spieler 1b → Spieler 1b-korr" in entry.after["sentence"]["en"]
    # a new partner before any result
    edit_entrant(pair, desk, {}, pair_names=["Spieler 1a", "Neue Partnerin"], new_partner=True)
    pair.refresh_from_db()
    assert pair.name == "Spieler 1a / Neue Partnerin"
    # a partner already entered elsewhere is a duplicate
    with pytest.raises(ServiceError) as err:
        edit_entrant(pair, desk, {}, pair_names=["Spieler 1a", "Spieler 2b"], new_partner=True)
    assert "player2" in err.value.errors and "already registered" in str(err.value)
    play(t, boss)
    with pytest.raises(ServiceError) as err:
        edit_entrant(pair, desk, {}, pair_names=["Spieler 1a", "Ganz Anders"],
                     new_partner=True)
    assert "has a result in round 1" in err.value.errors["player2"][0]
    # a typo may still be corrected after results
    edit_entrant(pair, desk, {}, pair_names=["Spieler 1a", "Neue Partnerin B."])
    pair.refresh_from_db()
    assert pair.name.endswith("Neue Partnerin B.")


def test_the_api_patch_goes_through_the_same_correction(make_tournament, director):
    from rest_framework.test import APIClient

    t = make_tournament("chess", entrants=2)
    api = APIClient()
    api.force_authenticate(director)
    r = api.patch(f"/api/v1/tournaments/{t.slug}/entrants/2/", {"name": "Zweite Korr"},
                  format="json")
    assert r.status_code == 200, r.content
    entry = ActionLog.objects.filter(tournament=t, action="update_entrant").latest("id")
    assert entry.after["sentence"]["en"] == "2. Zweite Korr corrected: name Spieler 2 → Zweite Korr"


# ---------------------------------------------------------------- closing a round


def test_closing_names_the_blocking_tables_in_one_message(make_tournament, boss,
                                                          director_client):
    t = make_tournament("chess", entrants=8)
    rnd = play(t, boss, close=False)
    table = rnd.tables.get(number=4)
    Result.objects.filter(table=table).delete()
    with pytest.raises(ServiceError) as err:
        services.close_round(t, boss, rnd.number)
    message = str(err.value)
    assert message == "boards without an agreed result: board 4 (no result yet)"  # chess words
    page = director_client.get(reverse("director:round", args=[t.slug, 1])).content.decode()
    assert "Boards without an agreed result: board 4 (no result yet)." in page
    r = director_client.post(reverse("director:close", args=[t.slug, 1]), follow=True)
    assert "board 4 (no result yet)" in r.content.decode()


# ---------------------------------------------------------------- the captain's echo


def test_the_captain_sees_what_was_stored_and_what_comes_next(make_tournament, boss, client):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    rnd = services.draw_round(t, boss, seed="echo")
    services.publish_round(t, boss, rnd.number)
    table = rnd.tables.order_by("number").first()
    page = reverse("captain:table", args=[table.token])
    client.get(page)  # the phone gets its device id
    r = client.post(page, {"nonce": "n1", "bobbl[0].side1": "21", "bobbl[0].side2": "15",
                           "bobbl[1].side1": "21", "bobbl[1].side2": "18"}, follow=True)
    html = r.content.decode()
    assert r.status_code == 200, html[:3000]
    assert 'id="stored"' in html and "21:15, 21:18" in html
    assert "What happens next" in html and "confirms it from their own phone" in html


# ---------------------------------------------------------------- the end of the evening


def test_after_the_planned_rounds_the_director_is_asked(make_tournament, boss,
                                                        director_client):
    t = make_tournament("mucken", entrant_kind="pair", entrants=8, planned_rounds=2)
    play(t, boss)
    play(t, boss)
    html = director_client.get(reverse("director:tournament", args=[t.slug])).content.decode()
    assert "All 2 planned rounds are played" in html and 'id="finish-button"' in html
    assert 'name="extra_round"' in html
    r = director_client.post(reverse("director:draw", args=[t.slug]), {"method": t.pairing or
                                                                      "random"})
    assert r.status_code == 400 and "would be an extra round" in r.content.decode()
    assert t.rounds.count() == 2


def test_finish_locks_results_and_reopen_unlocks(make_tournament, boss, director_client):
    t = make_tournament("chess", entrants=4, planned_rounds=1)
    rnd = play(t, boss)
    r = director_client.post(reverse("director:final", args=[t.slug]), {"action": "finish"})
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    entry = ActionLog.objects.filter(tournament=t, action="finish_tournament").get()
    assert "finished" in entry.after["sentence"]["en"]
    assert "beendet" in entry.after["sentence"]["de"]
    table = rnd.tables.first()
    with pytest.raises(ServiceError) as err:
        services.director_set_result(table, boss, {"score": "0-1"})
    assert "results are locked" in str(err.value)
    with pytest.raises(ServiceError):
        services.reopen_round(t, boss, 1)
    with pytest.raises(ServiceError):
        services.draw_round(t, boss)
    html = director_client.get(reverse("director:tournament", args=[t.slug])).content.decode()
    assert "The tournament is finished" in html and "Draw next round" not in html
    director_client.post(reverse("director:final", args=[t.slug]), {"action": "reopen"})
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING
    assert ActionLog.objects.filter(tournament=t, action="reopen_tournament").exists()
    # an entrant's correction made before finishing can still be undone afterwards
    assert not any(k.startswith("entrant") for k in entry.writes)
    services.reopen_round(t, boss, 1)


def test_finish_is_refused_while_a_round_is_open(make_tournament, boss):
    t = make_tournament("chess", entrants=4)
    rnd = play(t, boss, close=False)
    Result.objects.filter(table=rnd.tables.get(number=2)).delete()
    with pytest.raises(ServiceError) as err:
        finish_services.finish_tournament(t, boss)
    assert "close round 1 first" in str(err.value) and "board 2" in str(err.value)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext is not installed")
def test_prizes_per_category_and_certificates(make_tournament, boss, director_client,
                                              eager_reports,
                                              django_capture_on_commit_callbacks):
    t = make_tournament("chess", entrants=4, planned_rounds=1)
    edit_entrant(Entrant.objects.get(tournament=t, start_number=4), boss,
                 {"categories": ["senior"]})
    play(t, boss)
    page = reverse("director:final", args=[t.slug])
    r = director_client.post(page, {
        "action": "prizes", "prize-TOTAL_FORMS": "3", "prize-INITIAL_FORMS": "0",
        "prize-0-category": "", "prize-0-place": "1", "prize-0-prize": "Pokal",
        "prize-1-category": "senior", "prize-1-place": "1", "prize-1-prize": "Weinflasche",
        "prize-2-category": "", "prize-2-place": "", "prize-2-prize": ""})
    assert r.status_code == 302, r.content.decode()[:3000]
    t.refresh_from_db()
    assert t.prizes == [{"category": "", "place": 1, "prize": "Pokal"},
                        {"category": "senior", "place": 1, "prize": "Weinflasche"}]
    # a place given twice is refused at the row
    r = director_client.post(page, {
        "action": "prizes", "prize-TOTAL_FORMS": "2", "prize-INITIAL_FORMS": "0",
        "prize-0-category": "", "prize-0-place": "1", "prize-0-prize": "A",
        "prize-1-category": "", "prize-1-place": "1", "prize-1-prize": "B"})
    assert r.status_code == 400 and "place 1 has a prize already" in r.content.decode()
    groups = finish_services.prize_groups(t)
    assert [g.category for g in groups] == ["", "senior"]
    assert groups[1].winners[0].prize == "Weinflasche" and groups[1].winners[0].name
    finish_services.finish_tournament(t, boss)
    html = director_client.get(page).content.decode()
    assert "Pokal" in html and "Weinflasche" in html
    text = pdf_text(order(t, boss, "certificates", django_capture_on_commit_callbacks))
    assert "Pokal" in text and "Weinflasche" in text and groups[0].winners[0].name in text


def test_without_a_prize_list_a_place_after_a_tie_is_left_out(make_tournament, boss):
    """Two share place 1: the default list shows them and place 3, no empty place 2."""
    t = make_tournament("chess", entrants=4, planned_rounds=1)
    rnd = services.draw_round(t, boss, seed="gleichstand")
    services.publish_round(t, boss, rnd.number)
    for table in rnd.tables.order_by("number"):
        services.director_set_result(table, boss, {"score": "1-0"})
    services.close_round(t, boss, rnd.number)
    winners = finish_services.prize_groups(t)[0].winners
    places = [w.place for w in winners]
    assert places[:2] == [1, 1] and 2 not in places and set(places) == {1, 3}, places
    assert all(w.name for w in winners)
    # with a prize for place 2 the place stays, with its prize and no name
    t = finish_services.set_prizes(t, boss, [{"category": "", "place": 2, "prize": "Buch"}])
    (second,) = finish_services.prize_groups(t)[0].winners
    assert (second.place, second.name, second.prize) == (2, "", "Buch")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext is not installed")
def test_mucken_prints_a_certificate_per_player_that_fills_the_page(
        make_tournament, boss, eager_reports, django_capture_on_commit_callbacks):
    """Issue 31, item 19: one certificate per pair was one too few, and a third of the page
    stood empty under the signature."""
    t = make_tournament("mucken", entrant_kind="pair", entrants=6, planned_rounds=1)
    play(t, boss)
    winners = [w for w in finish_services.prize_groups(t)[0].winners if w.name]
    certificates = finish_services.certificates_of(t, finish_services.prize_groups(t))
    assert len(certificates) == 2 * len(winners)
    pair = Entrant.objects.get(tournament=t, start_number=winners[0].start_number)
    first, second = sorted(p.name for p in pair.players.all())
    assert [(c.name, c.partners) for c in certificates[:2]] == [(first, second), (second, first)]

    report = order(t, boss, "certificates", django_capture_on_commit_callbacks)
    out = subprocess.run(["pdftotext", "-bbox", report.file.path, "-"], capture_output=True,
                         check=True).stdout.decode()
    pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out, re.S)
    assert len(pages) == len(certificates)
    for (_w, height, words), c in zip(pages, certificates, strict=True):
        text = " ".join(re.findall(r">([^<]+)</word>", words))
        assert c.name.split()[0] in text and "with" in text
        # the signature line's words stand in the lowest fifth of the page
        sign = re.findall(r'yMin="([\d.]+)"[^>]*>director</word>', words)
        assert sign and float(sign[0]) > 0.8 * float(height), (sign, height)
