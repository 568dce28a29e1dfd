"""The security review's findings, each replayed through the public entry point.

Finding 1: a director reached players of other tournaments through the API (their
birth date, FIDE ID and DWZ, and wrote to them without a trace in those tournaments).
Finding 3: any account created tournaments through the API, and one import or one
spectator's request could cost minutes of CPU.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import ActionLog, Player, Tournament
from tournaments.services import Actor

from .helpers import client_for

API = "/api/v1"
TRF = ("012 Blitz\n"
       "001    1 m    Alpha, Anna                       2100 GER     1234567 1990/01/01"
       "  1.0    1     2 w 1\n"
       "001    2 m    Beta, Bert                        2000 GER     7654321 1991/02/02"
       "  0.0    2     1 b 0\n")
DOCUMENT = {"format": "turnier/1", "name": "Importiert", "discipline": "chess",
            "entrants": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}], "rounds": []}


# ---------------------------------------------------------------- finding 3: who creates


def creates(c: APIClient) -> list[int]:
    """The three ways the API creates a tournament, each answer's status."""
    return [c.post(f"{API}/tournaments/", {"name": "Neu", "discipline": "chess"},
                   format="json").status_code,
            c.post(f"{API}/tournaments/import/", DOCUMENT, format="json").status_code,
            c.post(f"{API}/tournaments/import-trf/", {"trf": TRF}, format="json").status_code]


def test_an_account_without_the_right_creates_no_tournament_through_the_api(stranger):
    assert creates(client_for(stranger)) == [403, 403, 403]
    assert not Tournament.objects.exists()
    assert client_for(stranger).get(f"{API}/tournaments/").status_code == 200  # its list


def test_directing_a_tournament_is_not_the_right_to_create_one(make_tournament, stranger,
                                                                director, client):
    """A director can make anyone a director of their tournament; that gives no more."""
    t = make_tournament("chess")
    services.grant_role(t, Actor(director, "d"), stranger, "director")
    assert creates(client_for(stranger)) == [403, 403, 403]
    client.force_login(stranger)
    home = reverse("director:home")
    assert client.get(home).status_code == 200  # the own tournaments are reachable
    assert 'id="no-create"' in client.get(home).content.decode()
    r = client.post(home, {"action": "create", "create-name": "X",
                           "create-discipline": "chess", "create-entrant_kind": "single"})
    assert r.status_code == 403
    assert list(Tournament.objects.values_list("pk", flat=True)) == [t.pk]


@pytest.mark.parametrize("how", ["permission", "group", "superuser"])
def test_the_right_the_administrator_gives_opens_pages_and_api_alike(db, how, client):
    users = get_user_model().objects
    if how == "superuser":
        user = users.create_superuser("chef", password="x" * 12)
    else:
        user = users.create_user("orga", password="x" * 12)
        perm = Permission.objects.get(codename="add_tournament")
        if how == "group":
            group = Group.objects.create(name="Turnierleiter")
            group.permissions.add(perm)
            user.groups.add(group)
        else:
            user.user_permissions.add(perm)
    assert creates(client_for(user)) == [201, 201, 201]
    client.force_login(user)
    r = client.post(reverse("director:home"), {
        "action": "create", "create-name": "Über die Seite", "create-discipline": "chess",
        "create-entrant_kind": "single"})
    assert r.status_code == 302
    assert Tournament.objects.count() == 4


# ---------------------------------------------------------------- finding 1: other players


@pytest.fixture
def api(director) -> APIClient:
    """The director's token (the director of the fixture's tournaments, nothing else)."""
    return client_for(director)


SECRET = {"birth_date": datetime.date(1961, 4, 12), "fide_id": "4612345", "dwz": 1834}


@pytest.fixture
def private(stranger):
    """Somebody else's private tournament with one player whose facts are personal."""
    t = services.create_tournament(Actor(stranger, "fremd"), "Geschlossene Meisterschaft",
                                   "chess")
    services.update_tournament(t, Actor(stranger, "fremd"), public=False)
    victim = Player.objects.create(name="Geheim, Gerda", club="SK Hof", **SECRET)
    services.register(t, Actor(stranger, "fremd"), [victim])
    t.refresh_from_db()
    return t, victim


def shows(body: bytes) -> bool:
    text = body.decode()
    return any(x in text for x in ("1961-04-12", "4612345", "1834"))


def state(t: Tournament, victim: Player) -> tuple:
    """What the other tournament shows: its version, its log, the person's facts."""
    victim.refresh_from_db()
    return (Tournament.objects.get(pk=t.pk).version, ActionLog.objects.filter(tournament=t).count(),
            victim.name, victim.dwz, victim.birth_date, victim.fide_id, victim.title,
            victim.federation)


def test_a_player_id_of_another_directors_tournament_is_refused(api, make_tournament,
                                                                  private):
    other, victim = private
    mine = make_tournament("chess", entrants=0)
    url = f"{API}/tournaments/{mine.slug}/entrants/"
    r = api.post(url, {"players": [victim.pk]}, format="json")
    assert r.status_code == 400 and "players" in r.json(), r.content
    assert not shows(r.content)
    missing = api.post(url, {"players": [victim.pk + 1000]}, format="json")
    assert missing.status_code == 400
    # the same words whether the id exists or not: the answer tells nothing
    assert (r.json()["players"][0].replace(str(victim.pk), "N")
            == missing.json()["players"][0].replace(str(victim.pk + 1000), "N"))
    assert not mine.entrants.exists()
    assert list(victim.entries.values_list("tournament_id", flat=True)) == [other.pk]


def test_a_name_and_club_of_another_directors_player_is_a_new_person(api, make_tournament,
                                                                     private):
    other, victim = private
    before = state(other, victim)
    mine = make_tournament("chess", entrants=0)
    r = api.post(f"{API}/tournaments/{mine.slug}/entrants/",
                 {"name": "Geheim, Gerda", "club": "SK Hof", "dwz": 1000,
                  "birth_date": "2000-01-01", "title": "GM"}, format="json")
    assert r.status_code == 201, r.content
    assert not shows(r.content)
    assert r.json()["players"][0]["id"] != victim.pk
    assert state(other, victim) == before


def test_the_desk_search_and_a_forged_pick_do_not_reach_other_players(
        make_tournament, desk_client, private):
    _other, victim = private
    mine = make_tournament("chess", entrants=0)
    html = desk_client.get(reverse("desk:players", args=[mine.slug]),
                           {"q": "geheim"}).content.decode()
    assert "Geheim" not in html
    desk_client.post(reverse("desk:tournament", args=[mine.slug]), {
        "p1_name": "Geheim, Gerda", "p1_id": str(victim.pk), "status": "present"})
    assert not mine.entrants.filter(players=victim).exists()


def test_pre_registration_does_not_reuse_another_tournaments_person(make_tournament,
                                                                    director, client, private):
    _other, victim = private
    open_ = make_tournament("chess", entrants=0)
    open_.prereg_open = True
    open_.save(update_fields=["prereg_open"])
    client.post(reverse("public:prereg", args=[open_.slug]),
                {"p1_name": "Geheim, Gerda", "club": "SK Hof"})
    e = open_.entrants.get()
    assert e.players.get().pk != victim.pk


def shared_player(a: Tournament, b: Tournament, who: Actor) -> Player:
    """One person entered in both tournaments (as a superuser's import or an old
    co-direction leaves them)."""
    person = Player.objects.create(name="Geteilt, Gustav", club="SK Hof", **SECRET)
    for t in (a, b):
        services.register(t, who, [person])
    return person


def test_changing_a_person_shared_with_a_tournament_one_does_not_direct_copies_it(
        api, make_tournament, private, stranger, director):
    other, _victim = private
    mine = make_tournament("chess", entrants=0)
    person = shared_player(mine, other, Actor(None, "system"))
    before = state(other, person)
    r = api.patch(f"{API}/tournaments/{mine.slug}/entrants/1/", {
        "name": "Umbenannt, Ute", "dwz": 900, "birth_date": "2001-01-01", "title": "GM",
        "federation": "AUT"}, format="json")
    assert r.status_code == 200, r.content
    assert r.json()["person"]["dwz"] == 900 and r.json()["person"]["title"] == "GM"
    assert state(other, person) == before  # nothing changed, nothing logged over there
    mine_person = mine.entrants.get().players.get()
    assert mine_person.pk != person.pk and mine_person.name == "Umbenannt, Ute"
    entry = ActionLog.objects.filter(tournament=mine, action="update_entrant").get()
    assert entry.after["own_copy_of_player"] is True
    trf = client_for(stranger).get(f"{API}/tournaments/{other.slug}/trf/").content.decode()
    assert "Geteilt, Gustav" in trf and "Umbenannt" not in trf


def test_changing_a_person_in_tournaments_one_directs_shows_and_is_logged_everywhere(
        api, make_tournament, director):
    a = make_tournament("chess", name="A", entrants=0)
    b = make_tournament("chess", name="B", entrants=0)
    person = shared_player(a, b, Actor(director, "d"))
    version_b = Tournament.objects.get(pk=b.pk).version
    r = api.patch(f"{API}/tournaments/{a.slug}/entrants/1/", {"dwz": 1901, "title": "FM"},
                  format="json")
    assert r.status_code == 200, r.content
    person.refresh_from_db()
    assert (person.dwz, person.title) == (1901, "FM")
    assert b.entrants.get().players.get() == person  # the same person, not a copy
    assert Tournament.objects.get(pk=b.pk).version == version_b + 1
    entry = ActionLog.objects.filter(tournament=b, action="update_player").get()
    assert {k: v for k, v in entry.after.items() if k != "sentence"} == {
        "dwz": 1901, "title": "FM", "changed_in": a.slug}
    assert entry.before == {"dwz": 1834, "title": ""} and entry.user == director
    assert ActionLog.objects.filter(tournament=a, action="update_entrant").count() == 1
    trf = api.get(f"{API}/tournaments/{b.slug}/trf/").content.decode()
    assert " f " in trf.splitlines()[-1][:20] or "f Geteilt" in trf


def test_facts_given_with_a_known_player_are_one_sign_up(api, make_tournament, director):
    """The AddPlayer mapping lives in a service: a refused fact leaves no entrant."""
    a = make_tournament("chess", name="A", entrants=1)
    b = make_tournament("chess", name="B", entrants=0)
    known = a.entrants.get().players.get()
    r = api.post(f"{API}/tournaments/{b.slug}/entrants/",
                 {"players": [known.pk], "federation": "DE"}, format="json")
    assert r.status_code == 400 and "federation" in r.json()
    assert not b.entrants.exists()
    r = api.post(f"{API}/tournaments/{b.slug}/entrants/",
                 {"players": [known.pk], "dwz": 1700}, format="json")
    assert r.status_code == 201 and r.json()["players"][0]["id"] == known.pk
    assert ActionLog.objects.filter(tournament=a, action="update_player").count() == 1


# ---------------------------------------------------------------- finding 3: what one import costs


def trf_of(players: int, rounds: int) -> str:
    """Players paired 1-2, 3-4 … in every round, white winning (an odd one out sits out)."""
    lines = ["012 Gross"]
    for n in range(1, players + 1):
        other = n + 1 if n % 2 else n - 1
        cells = ""
        if other <= players:
            cell = f"{other:>4} {'w' if n % 2 else 'b'} {'1' if n % 2 else '0'}"
            cells = "".join("  " + cell for _ in range(rounds))
        head = f"001 {n:>4}      {'Spieler ' + str(n):<33} 1500".ljust(80)
        lines.append(f"{head}{'':>4} {'':>4}{cells}".rstrip())
    return "\n".join(lines) + "\n"


def document_of(entrants: int, rounds: int) -> dict:
    return {"format": "turnier/1", "name": "Gross", "discipline": "chess",
            "entrants": [{"id": i, "name": f"E{i}"} for i in range(1, entrants + 1)],
            "rounds": [{"number": r, "tables": [], "byes": []} for r in range(1, rounds + 1)]}


@pytest.fixture
def creator(db):
    user = get_user_model().objects.create_user("orga", password="x" * 12)
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


@pytest.mark.parametrize(("players", "rounds", "where"), [
    (5_001, 1, "5,000 players"), (4, 31, "30 rounds"), (2, 1, "bytes"),
    (3_400, 30, "100,000")])
def test_an_oversized_trf_is_refused_by_api_page_and_command(creator, client, tmp_path,
                                                             players, rounds, where):
    from django.core.management import CommandError, call_command

    text = trf_of(players, rounds)
    if where == "bytes":  # a file padded with lines nobody reads
        text += ("### " + "x" * 76 + "\n") * (2 * 1024 * 1024 // 81 + 1)
    r = client_for(creator).post(f"{API}/tournaments/import-trf/", {"trf": text},
                                 format="json")
    assert r.status_code == 400 and "trf" in r.json(), r.content[:300]
    message = r.json()["trf"][0]
    assert "at most" in message and where.split()[-1] in message
    client.force_login(creator)
    page = client.post(reverse("director:home"), {"action": "import", "import-document":
                       SimpleUploadedFile("gross.trf", text.encode())})
    assert page.status_code == 400
    assert "at most" in " ".join(page.context["import_form"].errors["document"])
    path = tmp_path / "gross.trf"
    path.write_text(text)
    with pytest.raises(CommandError) as refused:
        call_command("import_trf", str(path))
    assert refused.value.returncode == 2 and "at most" in str(refused.value)
    assert not Tournament.objects.exists()


def test_the_biggest_allowed_trf_is_imported(creator):
    text = trf_of(60, 30)
    r = client_for(creator).post(f"{API}/tournaments/import-trf/", {"trf": text},
                                 format="json")
    assert r.status_code == 201, r.content[:300]


@pytest.mark.parametrize(("entrants", "rounds", "field"), [
    (5_001, 0, "entrants"), (2, 31, "rounds"), (4_000, 26, "rounds")])
def test_an_oversized_document_is_refused_by_api_page_and_command(creator, client, tmp_path,
                                                                  entrants, rounds, field):
    import json

    from django.core.management import CommandError, call_command

    doc = document_of(entrants, rounds)
    r = client_for(creator).post(f"{API}/tournaments/import/", doc, format="json")
    assert r.status_code == 400 and "at most" in r.json()[field][0], r.content[:300]
    client.force_login(creator)
    page = client.post(reverse("director:home"), {"action": "import", "import-document":
                       SimpleUploadedFile("gross.json", json.dumps(doc).encode())})
    assert page.status_code == 400
    assert "at most" in " ".join(page.context["import_form"].errors["document"])
    path = tmp_path / "gross.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(path))
    assert refused.value.returncode == 2 and "at most" in str(refused.value)
    assert not Tournament.objects.exists()


# ---------------------------------------------------------------- finding 3: what one page costs


@pytest.fixture
def played(make_tournament, director):
    """A public chess Swiss of 9 with three rounds played."""
    actor = Actor(director, "d")
    t = make_tournament("chess", entrants=9)
    for _ in range(3):
        rnd = services.draw_round(t, actor, seed="stat")
        services.publish_round(t, actor, rnd.number)
        for k, table in enumerate(rnd.tables.order_by("number")):
            services.director_set_result(table, actor, {"score": ("1-0", "0-1", "1/2-1/2")[k % 3]})
        services.close_round(t, actor, rnd.number)
    t.refresh_from_db()
    return t


def test_the_tournament_is_read_once_for_the_ranks_after_every_round(played, monkeypatch):
    import sys

    from tournaments.services.statistics import statistics

    standings_service = sys.modules["tournaments.services.standings"]  # not the function

    reads = []
    real = standings_service.scoring_tournament
    monkeypatch.setattr(standings_service, "scoring_tournament",
                        lambda t: reads.append(t.pk) or real(t))
    stats = statistics(played)
    assert stats.rounds == [1, 2, 3] and len(stats.progression.lines) == 9
    assert len(reads) == 1  # not once per round: that made the statistics quadratic


def test_a_spectator_choosing_entrants_costs_one_rendering_per_version(played, client,
                                                                      monkeypatch):
    from tournaments.views import stats as stats_views

    renders = []
    real = stats_views.statistics
    monkeypatch.setattr(stats_views, "statistics",
                        lambda *a, **k: renders.append(a[1:]) or real(*a, **k))
    url = reverse("public:statistics", args=[played.slug])
    assert client.get(url).status_code == 200
    for n in [*range(1, 10), 10, 99999, "x", -1]:
        assert client.get(url, {"entrant": n}).status_code == 200
    assert len(renders) == 1


@pytest.mark.parametrize("audience", ["public", "director"])
def test_a_chosen_entrant_reads_as_if_rendered_for_it(played, audience):
    """The chosen entrant marked in the version's one rendering is exactly the page
    rendered for that entrant: its line drawn last in black, its row marked."""
    from tournaments.services.statistics import mark_chosen
    from tournaments.views.stats import _charts_html

    plain = _charts_html(played, None, audience)
    names = dict(played.entrants.values_list("start_number", "name"))
    for n, name in names.items():
        marked = mark_chosen(plain, f"stats-{audience}", n, name)
        assert marked == _charts_html(played, n, audience), n
        assert f'<tr id="stats-{audience}-row-{n}" class="chosen">' in marked


def test_while_the_first_rendering_is_under_way_others_wait_without_computing(
        played, client, monkeypatch):
    from django.core.cache import cache
    from django.utils.translation import get_language

    from tournaments.views import stats as stats_views
    from tournaments.views.rendercache import block_name

    name = block_name(played, "statistics", "public", get_language())
    cache.add(f"public-lock:{name}", played.version, 60)  # another request is at it
    monkeypatch.setattr(stats_views, "statistics", lambda *a, **k: pytest.fail("computed"))
    r = client.get(reverse("public:statistics", args=[played.slug]))
    assert r.status_code == 200 and "being computed" in r.content.decode()


def test_undoing_a_correction_keeps_to_the_same_rule(api, make_tournament, private, director):
    """Undo puts back the copy's old facts; a person shown in several tournaments is not
    changed past their logs by an undo (a 400 under ``entry``, never a 500)."""
    other, _victim = private
    mine = make_tournament("chess", name="Mein", entrants=0)
    person = shared_player(mine, other, Actor(None, "system"))
    api.patch(f"{API}/tournaments/{mine.slug}/entrants/1/", {"dwz": 900}, format="json")
    copied = ActionLog.objects.get(tournament=mine, action="update_entrant")
    r = api.post(f"{API}/tournaments/{mine.slug}/log/undo/", {"entry": copied.pk},
                 format="json")
    assert r.status_code == 200, r.content
    assert mine.entrants.get().players.get().dwz == 1834  # the copy's old facts
    person.refresh_from_db()
    assert person.dwz == 1834

    a = make_tournament("chess", name="A", entrants=0)
    b = make_tournament("chess", name="B", entrants=0)
    both = shared_player(a, b, Actor(director, "d"))
    api.patch(f"{API}/tournaments/{a.slug}/entrants/1/", {"dwz": 1901}, format="json")
    shared = ActionLog.objects.get(tournament=a, action="update_entrant")
    r = api.post(f"{API}/tournaments/{a.slug}/log/undo/", {"entry": shared.pk},
                 format="json")
    assert r.status_code == 400 and "other tournaments" in r.json()["entry"][0]
    both.refresh_from_db()
    assert both.dwz == 1901
