"""A team chess evening in browsers: 8 teams of 4, a team Swiss of 3 rounds.

The desk signs the teams up and lists their players in board order; the director draws,
sets a line-up and publishes; at every match both captains send the board results from
their own phones (one phone is offline in round 1 and sends when it is back); in round 2
one captain reports one board differently, the round page marks that board and the director
accepts the right report; spectators see the boards, the team standings and the cross
table; the match sheet is printed. Screens of every page at 1920x1080 and 390x844 go to
tests/artifacts/teamchess/.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tournaments.models import Report, Result, ResultRevision
from tournaments.services import Actor
from tournaments.services import teams as team_services

from .evening import Evening, Shots, staff
from .test_captain_offline import controlled

pytestmark = pytest.mark.django_db(transaction=True)

TEAMS = ["SK Anderssen", "SV Bogoljubow", "SC Capablanca", "SF Duras", "TSV Euwe",
         "SG Fischer", "SK Gligoric", "SV Hübner"]
RESULTS = ("1-0", "1/2-1/2", "0-1", "1-0")


def boards_of(number: int, index: int) -> list[str]:
    """Each match's results: varied by round and match, so standings differ."""
    shift = number + index
    return [RESULTS[(k + shift) % len(RESULTS)] for k in range(4)]


def fill(page, boards: list[str]) -> None:
    for k, value in enumerate(boards, start=1):
        page.check(f"#result-form input[name=board_{k}][value='{value}']", force=True)


def send(page) -> None:
    with page.expect_navigation():
        page.click("#result-form button[type=submit]")


def test_a_team_evening(browser, live_server):
    t = staff("Mannschafts-Schnellschach", "teamchess", "team", pairing="team_swiss",
              planned_rounds=3)
    shots = Shots("teamchess")
    evening = Evening(browser, live_server.url, t, shots)
    base, slug = live_server.url, t.slug
    evening.sign_up(TEAMS)

    # the desk lists the first team's players in the browser, the others through the service
    desk = evening.desk
    desk.click("#desk-teams")
    desk.wait_for_url(f"**/desk/{slug}/teams/")
    shots(desk, "desk-teams-empty")
    first = t.entrants.get(start_number=1)
    for k, (name, elo) in enumerate((("Adolf Anderssen", "2100"), ("Berta Brett", "2050"),
                                     ("Carl Caro", "1990"), ("Dora Damm", "1950"),
                                     ("Erich Ersatz", "1800"))):
        card = desk.locator("#team-1")
        card.locator("input[name=name]").fill(name)
        card.locator("input[name=rating]").fill(elo)
        if k == 4:
            card.locator("input[name=substitute]").check()
        with desk.expect_navigation():
            card.locator("form.team-add button").click()
    card = desk.locator("#team-1")
    card.locator("input[name=captain]").fill("Adolf Anderssen")
    with desk.expect_navigation():
        card.locator("form.team-captain button").click()
    boss = Actor(None, "setup")
    for e in t.entrants.exclude(pk=first.pk):
        for k in range(4):
            team_services.add_member(t, boss, e.pk, f"{e.name.split()[-1]} {k + 1}",
                                     rating=2000 - 20 * e.start_number - 10 * k)
    assert [m.player.name for m in team_services.roster(first)][:2] == ["Adolf Anderssen",
                                                                         "Berta Brett"]
    desk.reload()
    shots(desk, "desk-teams")

    phones = evening.phones
    for number in (1, 2, 3):
        links = evening.draw(number, look=number == 1)
        director = evening.director
        if number == 1:  # the director sets one line-up: the substitute on board 4
            director.click("#round-lineups")
            director.wait_for_url("**/rounds/1/lineups/")
            shots(director, "director-lineups")
            form = director.locator("#team-1")
            form.locator("select[name=board_4]").select_option("5")
            with director.expect_navigation():
                form.locator("button[type=submit]").click()
            assert "Erich Ersatz" in director.inner_text("#team-1")
        if number == 2:  # a captain sets his team's line-up on the team's own link
            match = t.rounds.get(number=2).tables.get(number=1)
            team = match.seats.get(side=2).entrant
            phone = phones[1]
            phone.goto(f"{base}/e/{team.link_code}/")
            phone.click("#team-lineup")
            phone.wait_for_selector("#save-lineup")
            for k in range(1, 5):
                phone.select_option(f"select[name=board_{k}]", str(k))
            with phone.expect_navigation():
                phone.click("#save-lineup")
            phone.wait_for_selector("#lineup-saved")
            shots(phone, "captain-lineup-saved")
            assert team_services.lineup_of(match.round, team, 4) == (1, 2, 3, 4)
        for index, link in enumerate(links):
            boards = boards_of(number, index)
            offline = number == 1 and index == 0
            disputed = number == 2 and index == 0
            # captain of the first-named team
            phones[0].goto(base + link)
            if number == 1 and index == 0:
                shots(phones[0], "captain-match-empty")
            fill(phones[0], boards)
            send(phones[0])
            # captain of the other team, on a phone of his own
            phone = phones[1]
            phone.goto(base + link)
            other = list(boards)
            if disputed:
                other[2] = "1-0" if boards[2] != "1-0" else "0-1"
            if offline:
                controlled(phone)
                phone.context.set_offline(True)
                fill(phone, other)
                phone.click("#result-form button[type=submit]")
                phone.wait_for_selector("[data-pending]:not([hidden])")
                shots(phone, "captain-offline-pending")
                phone.context.set_offline(False)
                phone.wait_for_selector("[data-sent]", timeout=20000)
                shots(phone, "captain-offline-sent")
            else:
                fill(phone, other)
                send(phone)
            if number == 1 and index == 0:
                shots(phone, "captain-match-confirmed")
        statuses = dict(Result.objects.filter(table__round__tournament=t,
                                              table__round__number=number)
                        .values_list("table__number", "status"))
        if number == 2:
            assert statuses.pop(1) == Result.Status.DISPUTED
            director.goto(f"{base}/director/{slug}/rounds/2/")
            differs = director.locator(".report-cells .differs dt")
            assert {differs.nth(i).inner_text() for i in range(differs.count())} == {"Brett 3"}
            shots(director, "director-dispute")
            right = ResultRevision.objects.filter(
                table__round__tournament=t, table__round__number=2, table__number=1,
                payload={"boards": boards_of(2, 0)}).first()
            assert right is not None
            with director.expect_navigation():
                director.click(f"form[action='/director/{slug}/revisions/{right.pk}/accept/'] "
                               "button")
            settled = Result.objects.get(table__round__tournament=t, table__round__number=2,
                                         table__number=1)
            assert settled.payload == {"boards": boards_of(2, 0)}
        assert set(statuses.values()) == {Result.Status.CONFIRMED}, statuses
        if number == 1:
            evening.watch("public-matches-round1", "matches/")
        evening.close(number, look=number == 1)
        evening.watch(f"public-round{number}-standings")

    # no two teams met twice in the Swiss
    pairs = [frozenset(s.entrant_id for s in table.seats.all())
             for rnd in t.rounds.all() for table in rnd.tables.all()]
    assert len(pairs) == len(set(pairs)) == 12
    evening.watch("public-matches", "matches/")
    evening.watch("public-team-cross-table", "team-cross-table/")
    evening.watch("public-team-players", "team-players/")
    standings = evening.spectator
    standings.goto(f"{base}/t/{slug}/")
    text = standings.inner_text("main")
    assert "MP" in text and "BP" in text  # German: Mannschafts- und Brettpunkte
    shots(standings, "public-standings-final")
    assert not shots.wide, f"pages scroll sideways on a phone: {shots.wide}"

    # the match sheet of round 3, printed
    director = evening.director
    director.goto(f"{base}/director/{slug}/reports/")
    form = director.locator("form.report-order:has(input[name=kind][value=score_sheets])")
    form.locator("select[name=round_number]").select_option("3")
    form.locator("button[type=submit]").click()
    report = Report.objects.filter(tournament=t, kind="score_sheets").latest("id")
    link = director.locator(f"a[href$='/reports/{report.pk}/download/']")
    link.wait_for(timeout=60000)
    with director.expect_download() as download:
        link.click()
    pdf = download.value.path()
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", str(pdf),
                        str(shots.dir / "match-sheet")], check=True)


def test_the_team_pages_pass_axe(browser, live_server):
    """WCAG 2.1 A and AA (axe-core, serious and critical) on every team page, on a phone in
    German and on a desktop in English."""
    from tournaments import services

    from .evening import PHONE, SCREEN, login
    from .test_accessibility import AXE, WCAG

    t = staff("Mannschaftspokal", "teamchess", "team", pairing="round_robin")
    boss = Actor(None, "setup")
    for name in TEAMS[:4]:
        services.register(t, boss, [{"name": name}], status="present")
    for e in t.entrants.all():
        for k in range(5):
            team_services.add_member(t, boss, e.pk, f"{e.name.split()[-1]} {k + 1}",
                                     rating=1900 - 10 * k, substitute=k == 4)
    rnd = services.draw_round(t, boss, seed="axe")
    services.publish_round(t, boss, 1)
    for index, table in enumerate(rnd.tables.order_by("number")):
        services.director_set_result(table, boss, {"boards": boards_of(1, index)})
    services.close_round(t, boss, 1)
    services.draw_round(t, boss, seed="axe2")
    rnd2 = services.publish_round(t, boss, 2)
    table = rnd2.tables.order_by("number").first()
    services.captain_submit(table.token, {"boards": boards_of(2, 0)}, device_id="a" * 20)
    e = t.entrants.get(start_number=1)
    slug = t.slug
    public = [f"/t/{slug}/", f"/t/{slug}/matches/", f"/t/{slug}/team-cross-table/",
              f"/t/{slug}/team-players/", f"/c/{table.token}/", f"/e/{e.link_code}/",
              f"/e/{e.link_code}/lineup/"]
    desk = [f"/desk/{slug}/teams/"]
    director = [f"/director/{slug}/rounds/2/lineups/", f"/director/{slug}/rounds/2/",
                f"/director/{slug}/settings/", f"/director/{slug}/"]
    script = AXE.read_text()
    found: list[str] = []
    for size, lang in ((PHONE, "de"), (SCREEN, "en")):
        for who, paths in (("", public), ("anmeldung", desk), ("direktor", director)):
            context = browser.new_context(**size, locale=lang,
                                          extra_http_headers={"Accept-Language": lang})
            context.add_init_script(script=script)
            page = context.new_page()
            page.clock.install()
            if who:
                login(page, live_server.url, who)
            for path in paths:
                response = page.goto(live_server.url + path)
                assert response is not None and response.status == 200, path
                result = page.evaluate("o => axe.run(document, o)", WCAG)
                found += [f"{lang} {path}: {v['id']} at {[n['target'] for n in v['nodes'][:3]]}"
                          for v in result["violations"] if v["impact"] in ("serious",
                                                                            "critical")]
            context.close()
    assert not found, "\n".join(found)
