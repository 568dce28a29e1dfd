"""``manage.py backup`` and ``manage.py restore``: the whole state comes back, bad input exits 2.

The rich state below is an evening in the middle: an open round with a missing result,
submitted, confirmed and disputed results, a private and several finished tournaments,
users with roles, groups, permissions and API tokens, pre-registration codes, desk markers,
the window draw's seats, chess players with their FIDE facts, TRF header details, bye
requests and pairing rules. After backup, an emptied database and restore, every row and
every page is the same, and a second backup is the same bytes.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.core import serializers
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from tournaments import backup, services
from tournaments.disciplines.chess import services as chess_services
from tournaments.disciplines.chess.models import ByeRequest, PairingRule
from tournaments.disciplines.chess.trf import import_trf
from tournaments.models import (
    ActionLog,
    Entrant,
    Player,
    RegistrationSeat,
    Report,
    Result,
    ResultRevision,
    Role,
    Round,
    Table,
    Tournament,
)
from tournaments.services import Actor, prereg, registration, undo
from tournaments.services import markers as marking

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]

CASES = [
    ("mucken", "pair", 6, lambda table: {"bobbl": [[21, 7], [19, 21]]}),
    ("mucken", "single", 8, lambda table: {"bobbl": [[21, 7], [21, 19]]}),
    ("pussi", "single", 8, lambda table: {"games": [{"declarer": 1, "bid": 60,
                                                       "totals": [60, 40]}]}),
    ("boardgame", "single", 7, lambda table: {"points": {
        str(s.entrant.start_number): 10 * s.entrant.start_number for s in table.seats.all()}}),
    ("chess", "single", 6, lambda table: {"score": "1-0"}),
    ("tabletop", "single", 6, lambda table: {"missions": [[10, 4], [3, 3], [0, 2]]}),
]
MUCKEN_WIN = {"bobbl": [[21, 7], [19, 21]]}
MUCKEN_OTHER = {"bobbl": [[7, 21], [21, 19]]}
WINDOW = {"registration": {"window": 2, "random_up_to": 0, "sequential_from": None}}


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


@pytest.fixture
def every_discipline(make_tournament, actor):
    made = []
    for k, (discipline, kind, n, payload) in enumerate(CASES):
        t = make_tournament(discipline, kind, n, name=f"Backup {discipline} {kind} {k}")
        rnd = services.draw_round(t, actor)
        services.publish_round(t, actor, 1)
        for table in rnd.tables.all():
            services.director_set_result(table, actor, payload(table))
        t.refresh_from_db()
        made.append(t)
    return made


# ------------------------------------------------------------------------- the rich state


def trf_player(n, sex, title, name, rating, fed, fide_id, birth, points, rank, *cells):
    """A TRF-16 ``001`` line from its fields."""
    return (f"001 {n:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide_id:>11} "
            f"{birth:<10} {points:>4} {rank:>4}  " + "  ".join(cells))


CHESS_TRF = "\n".join([
    "012 Stadtmeisterschaft 2026",
    "022 Bad Homburg",
    "032 GER",
    "042 2026/03/14",
    "052 2026/03/15",
    "092 Swiss Dutch",
    "102 IA Erika Muster",
    "112 Max Beispiel",
    "122 90'/40 + 30' + 30\"",
    "XXR 5",
    trf_player(1, "m", "g", "Carlsen, Magnus", "2830", "NOR", "1503014", "1990/11/30", "2.0", 1,
               "   4 w 1", "   2 b 1"),
    trf_player(2, "w", "wg", "Muster, Erika", "2400", "GER", "4600000", "1985/04/02", "0.5", 4,
               "   5 w =", "   1 w 0"),
    trf_player(3, "", "", "Probe, Eva", "1800", "AUT", "", "1970", "0.0", 6,
               "   6 w 0", "   6 b 0"),
    trf_player(4, "m", "", "Beispiel, Max", "1700", "", "", "", "0.5", 5,
               "   1 b 0", "   5 w ="),
    trf_player(5, "m", "f", "Weiss, Jan", "2100", "GER", "4611111", "2001/07/07", "1.0", 3,
               "   2 b =", "   4 b ="),
    trf_player(6, "w", "", "Schwarz, Ida", "1950", "GER", "4622222", "2008/01/20", "2.0", 2,
               "   3 b 1", "   3 w 1"),
    "",
])


@pytest.fixture
def hall(make_tournament, director, desk_user, stranger, actor, django_user_model):
    """The evening in the middle; returns what the tests look at afterwards."""
    desk = Actor(desk_user, desk_user.username)
    chef = django_user_model.objects.create_superuser("chef", "chef@example.org", "geheim-2026")
    helper = django_user_model.objects.create_user("helfer", password="turnier-2026",
                                                   is_active=False, first_name="Hel")
    add = Permission.objects.get(codename="add_tournament", content_type__app_label="tournaments")
    leitung = Group.objects.create(name="Turnierleitung")
    leitung.permissions.set([add, Permission.objects.get(codename="view_player")])
    stranger.groups.add(leitung)
    helper.user_permissions.add(add)
    token = Token.objects.create(user=director)
    Token.objects.create(user=chef)

    # Mucken pairs: round 1 open; table 1 submitted, 2 confirmed, 3 disputed, 4 missing.
    muck = make_tournament("mucken", "pair", 8, name="Muckturnier Leupoldsgrün")
    services.update_tournament(muck, actor, planned_rounds=5)
    services.draw_round(muck, actor)
    services.publish_round(muck, actor, 1)
    tables = list(Table.objects.filter(round__tournament=muck).order_by("number"))
    one, other = "phone-of-team-one-0001", "phone-of-team-two-0002"
    services.captain_submit(tables[0].token, MUCKEN_WIN, device_id=one)
    services.captain_submit(tables[1].token, MUCKEN_WIN, device_id=one)
    services.captain_submit(tables[1].token, MUCKEN_WIN, device_id=other)
    services.captain_submit(tables[2].token, MUCKEN_WIN, device_id=one)
    services.captain_submit(tables[2].token, MUCKEN_OTHER, note="Tisch 3 sieht es anders",
                            device_id=other)
    # Table 4: the director's result, taken back from the log (the revision stays, undone).
    services.director_set_result(tables[3], actor, MUCKEN_WIN)
    undo.undo_entry(muck, actor, ActionLog.objects.filter(tournament=muck).latest("pk").pk)
    Report.objects.create(tournament=muck, kind=Report.Kind.STANDINGS, status="done",
                          file="reports/standings.pdf", created_by=director)

    # Private Pussi: round 1 closed, round 2 drawn in preview; an absent entrant.
    pussi = make_tournament("pussi", "single", 8, name="Pussi im Hinterzimmer")
    services.update_tournament(pussi, actor, public=False, planned_rounds=4)
    rnd = services.draw_round(pussi, actor)
    services.publish_round(pussi, actor, 1)
    for table in rnd.tables.all():
        services.director_set_result(table, actor, CASES[2][3](table))
    services.close_round(pussi, actor, 1)
    services.draw_round(pussi, actor)

    # Finished tournaments of the other disciplines, each with other planned rounds.
    finished = []
    for k, (discipline, kind, n, payload) in enumerate(CASES[3:]):
        t = make_tournament(discipline, kind, n, name=f"Fertig {discipline}")
        services.update_tournament(t, actor, planned_rounds=k + 1)
        rnd = services.draw_round(t, actor)
        services.publish_round(t, actor, 1)
        for table in rnd.tables.all():
            services.director_set_result(table, actor, payload(table))
        services.close_round(t, actor, 1)
        services.update_tournament(t, actor, status=Tournament.Status.FINISHED)
        finished.append(t)

    # Chess from TRF: header details, FIDE facts; then a late player with DWZ and birth
    # date, bye requests and pairing rules for round 3.
    chess = import_trf(CHESS_TRF, actor)
    services.grant_role(chess, actor, director, Role.Kind.DIRECTOR)
    services.register(chess, actor, [{"name": "Widmann, Jochen", "club": "SK Hof",
                                      "dwz": 1834, "birth_date": dt.date(1961, 4, 12)}])
    chess_services.request_bye(chess, actor, 3, 3, kind="zero")
    chess_services.forbid_pairing(chess, actor, 1, 6)
    chess_services.set_forced_pairing(chess, actor, 3, 2, 4, confirm_colour_clash=True)

    # The window draw with pre-registration: seats, codes, one checked in, one alone.
    window = make_tournament("mucken", "pair", 0, name="Preismucken mit Voranmeldung")
    services.update_tournament(window, actor, draw_options=WINDOW)
    for i in range(1, 5):
        services.register(window, desk, [{"name": f"Paar {i}a"}, {"name": f"Paar {i}b"}],
                          status="present")
    prereg.set_prereg_open(window, actor, True)
    codes = [prereg.preregister(window, [f"Vor {i}a", f"Vor {i}b"], club="SV Hof")[1]
             for i in range(1, 4)]
    prereg.check_in_code(window, desk, codes[0])
    services.register(window, desk, [{"name": "Allein Anna"}], alone=True, status="present")

    # Hand-set desk markers without the window draw.
    markers = make_tournament("mucken", "single", 3, name="Mucken Vorrunde")
    first, second = Entrant.objects.filter(tournament=markers).order_by("start_number")[:2]
    marking.set_marker(first, desk, "draw_missing", True)
    registration.set_status(second, desk, "registered")
    marking.set_marker(second, desk, "preregistered", True)

    LogEntry.objects.create(user=chef, content_type=ContentType.objects.get_for_model(Tournament),
                            object_id=str(muck.pk), object_repr=str(muck), action_flag=CHANGE,
                            change_message='[{"changed": {"fields": ["Name"]}}]')
    return {"muck": muck, "pussi": pussi, "finished": finished, "chess": chess,
            "window": window, "markers": markers, "codes": codes, "token": token.key,
            "chef": chef, "desk_user": desk_user}


# ------------------------------------------------------------------------------- helpers


def wipe() -> None:
    """Empty the database as a new one after migrate is (sessions stay: they are no rows of
    a backup, and the clients' logins must work again after the restore)."""
    for label in reversed((*backup.BACKED_UP, "tournaments.report")):
        apps.get_model(label)._base_manager.all().delete()
    assert backup.in_the_way() == []


def db_state() -> dict[str, list]:
    """Every row of every backed-up model and many-to-many link, read without the serializer."""
    state: dict[str, list] = {}
    for label in backup.BACKED_UP:
        model = apps.get_model(label)
        state[label] = list(model._base_manager.order_by("pk").values())
        for m2m in model._meta.many_to_many:
            through = m2m.remote_field.through
            cols = [f.attname for f in through._meta.concrete_fields if not f.primary_key]
            state[f"{label}.{m2m.name}"] = sorted(through._base_manager.values_list(*cols))
    return state


# Made anew for every rendering: the CSRF token, and the captain form's nonce against a
# double tap.
PER_RENDERING = re.compile(r'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": "'
                           r'|name="nonce" value=")[^"]+')


def clients(hall) -> dict[str, Client]:
    """Logged in before the state is taken (a login writes last_login)."""
    made = {"anonymous": Client(), "chef": Client(), "desk": Client(),
            "api": Client(HTTP_AUTHORIZATION=f"Token {hall['token']}")}
    made["chef"].force_login(hall["chef"])
    made["desk"].force_login(hall["desk_user"])
    return made


def pages(by: dict[str, Client]) -> dict[str, tuple[int, str]]:
    """The public pages, the director's and the desk's pages, the captains' pages and the API
    standings of every tournament: status and body (what each rendering makes anew masked)."""
    urls: list[tuple[str, str]] = [("anonymous", reverse("public:home")),
                                   ("chef", reverse("director:home"))]
    for t in Tournament.objects.order_by("slug"):
        s = [t.slug]
        urls += [("anonymous", reverse(f"public:{name}", args=s))
                 for name in ("tournament", "standings", "pairings", "projector", "cross_table",
                              "progress_table", "statistics", "prereg")]
        urls += [("chef", reverse(f"director:{name}", args=s))
                 for name in ("tournament", "log", "settings", "seating")]
        urls += [("desk", reverse("desk:tournament", args=s)),
                 ("api", reverse("api-standings", args=s)),
                 ("api", reverse("api-tournament", args=s))]
        for number in t.rounds.order_by("number").values_list("number", flat=True):
            urls += [("anonymous", reverse("public:round", args=[t.slug, number])),
                     ("chef", reverse("director:round", args=[t.slug, number]))]
        urls += [("captain", reverse("captain:table", args=[token])) for token in
                 Table.objects.filter(round__tournament=t).order_by("pk")
                 .values_list("token", flat=True)]
    by = {**by, "captain": Client()}  # a phone that has its device cookie from this walk only
    seen = {}
    for who, url in urls:
        response = by[who].get(url)
        body = response.content.decode()
        seen[f"{who} {url}"] = (response.status_code, PER_RENDERING.sub(r"\1…", body))
    return seen


def files_of(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def restore_fails(path: Path) -> str:
    """Restore must refuse with exit status 2 and store nothing; returns the message."""
    with pytest.raises(CommandError) as exc:
        call_command("restore", str(path))
    assert exc.value.returncode == 2
    assert backup.in_the_way() == []
    return str(exc.value)


def rewrite(root: Path, name: str, text: str | bytes) -> None:
    """Replace a file and make index.json agree, so the restore reads the content itself."""
    path = root / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    index = json.loads((root / "index.json").read_text())
    for entry in index["files"]:
        if entry["file"] == name:
            entry["bytes"] = path.stat().st_size
            entry["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
    (root / "index.json").write_text(json.dumps(index))


def data_lines(root: Path) -> list[dict]:
    return [json.loads(line) for line in (root / "data.jsonl").read_text().splitlines()]


def write_lines(root: Path, rows: list) -> None:
    rewrite(root, "data.jsonl", "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))


# ---------------------------------------------------------------------------- round trip


def test_every_model_is_backed_up_or_left_out_on_purpose():
    labels = {m._meta.label_lower for m in apps.get_models()
              if not m._meta.proxy and m._meta.managed}
    assert labels == set(backup.BACKED_UP) | set(backup.NOT_BACKED_UP)
    for label in backup.BACKED_UP:  # the restore knows the type of every field it reads
        model = apps.get_model(label)
        for field in [model._meta.pk, *backup.serialized_fields(model).values()]:
            problem = backup.type_problem(field, None if field.null else object(), {})
            assert "does not know" not in (problem or ""), (label, field.name)


def test_backup_restore_backup_gives_the_same_rows_pages_and_bytes(hall, tmp_path):
    by = clients(hall)
    before_pages = pages(by)
    before = db_state()
    assert sum(1 for _k, (status, _b) in before_pages.items() if status == 200) > 100
    call_command("backup", "--dir", str(tmp_path / "first"))
    first = files_of(tmp_path / "first")
    assert {"index.json", "data.jsonl"} <= set(first)
    assert oct((tmp_path / "first").stat().st_mode & 0o777) == "0o700"
    assert all(oct((tmp_path / "first" / n).stat().st_mode & 0o777) == "0o600" for n in first)

    wipe()
    call_command("restore", str(tmp_path / "first"))
    assert db_state() == before
    after_pages = pages(by)
    assert after_pages.keys() == before_pages.keys()
    for key, page in before_pages.items():
        assert after_pages[key] == page, key

    call_command("backup", "--dir", str(tmp_path / "second"))
    second = files_of(tmp_path / "second")
    assert second.keys() == first.keys()
    for name, content in first.items():
        if name == "index.json":  # the only difference: when each backup was written
            a, b = json.loads(content), json.loads(second[name])
            assert a.pop("created") and b.pop("created") and a == b
        else:
            assert second[name] == content, name


def test_what_the_turnier_1_restore_lost_comes_back(hall, tmp_path):
    """Finding 10 of the review, item by item, through the restored database."""
    muck, pussi, chess, window = hall["muck"], hall["pussi"], hall["chess"], hall["window"]
    tokens = sorted(Table.objects.values_list("token", flat=True))
    digests = sorted(Entrant.objects.exclude(code_digest="").values_list("code_digest",
                                                                           flat=True))
    log_entries = ActionLog.objects.count()
    call_command("backup", "--dir", str(tmp_path))
    wipe()
    call_command("restore", str(tmp_path))

    rnd = Round.objects.get(tournament__slug=muck.slug, number=1)
    assert rnd.status == Round.Status.OPEN
    assert Table.objects.filter(round=rnd, result__isnull=True).count() == 1
    assert sorted(Result.objects.filter(table__round=rnd).values_list("status", flat=True)) == [
        "confirmed", "disputed", "submitted"]
    assert ResultRevision.objects.filter(table__round=rnd).count() == 6
    assert ResultRevision.objects.filter(table__round=rnd, undone=True).count() == 1
    assert ResultRevision.objects.filter(table__round=rnd).exclude(reporter="").count() == 6
    assert ActionLog.objects.filter(undoes__isnull=False).count() == 1
    assert not Tournament.objects.get(slug=pussi.slug).public
    assert Round.objects.get(tournament__slug=pussi.slug, number=2).status == "preview"
    assert [t.status for t in Tournament.objects.filter(slug__in=[
        t.slug for t in hall["finished"]])] == ["finished"] * 3
    assert [t.planned_rounds for t in Tournament.objects.filter(
        slug__in=[t.slug for t in hall["finished"]]).order_by("planned_rounds")] == [1, 2, 3]
    assert Tournament.objects.get(slug=muck.slug).planned_rounds == 5
    assert sorted(Table.objects.values_list("token", flat=True)) == tokens
    assert set(get_user_model().objects.values_list("username", flat=True)) == {
        "direktor", "anmeldung", "fremd", "chef", "helfer"}
    assert get_user_model().objects.get(username="fremd").has_perm("tournaments.add_tournament")
    assert Role.objects.filter(tournament__slug=muck.slug).count() == 2
    assert Token.objects.get(user__username="direktor").key == hall["token"]
    assert ActionLog.objects.count() == log_entries > 40
    assert sorted(Entrant.objects.exclude(code_digest="").values_list("code_digest",
                                                                        flat=True)) == digests
    assert Entrant.objects.filter(preregistered=True).count() == 3
    assert Entrant.objects.filter(alone=True).count() == 1
    assert Entrant.objects.filter(draw_missing=True).count() == 1
    assert RegistrationSeat.objects.filter(tournament__slug=window.slug).count() == 5
    carlsen = Player.objects.get(name="Carlsen, Magnus")
    assert (carlsen.title, carlsen.federation, carlsen.fide_id, str(carlsen.birth_date)) == (
        "GM", "NOR", "1503014", "1990-11-30")
    assert Player.objects.get(name="Widmann, Jochen").dwz == 1834
    t = Tournament.objects.get(slug=chess.slug)
    assert t.details["city"] == "Bad Homburg" and t.details["chief_arbiter"]
    assert ByeRequest.objects.filter(tournament=t).count() == 1
    assert sorted(PairingRule.objects.filter(tournament=t).values_list("kind", flat=True)) == [
        "forbidden", "forced"]
    assert LogEntry.objects.count() == 1
    assert not Report.objects.exists()  # left out: the PDFs are not in the backup

    # The restored state works on: a pre-registration code checks in, a captain's link
    # takes a result, new rows get new ids.
    entrant, seat = prereg.check_in_code(Tournament.objects.get(slug=window.slug),
                                         Actor(None, "desk"), hall["codes"][1])
    assert entrant.status == "present" and seat is not None
    missing = Table.objects.get(round=rnd, result__isnull=True)
    assert services.captain_submit(missing.token, MUCKEN_WIN).status == "submitted"
    services.create_tournament(Actor(None, "test"), "Nach dem Restore", "boardgame")


def test_restore_empties_the_cache_of_a_lost_later_state(make_tournament, actor, client,
                                                         tmp_path):
    """A tournament comes back with its id, creation time and version; pages cached for the
    versions after the backup (lost with the old database) must not be shown for it."""
    t = make_tournament("boardgame", "single", 4, name="Cache")
    rnd = services.draw_round(t, actor)
    services.publish_round(t, actor, 1)
    call_command("backup", "--dir", str(tmp_path))
    for table in rnd.tables.all():
        services.director_set_result(table, actor, CASES[3][3](table))
    later = client.get(reverse("public:standings", args=[t.slug])).content
    wipe()
    call_command("restore", str(tmp_path))
    services.register(Tournament.objects.get(slug=t.slug), actor, [{"name": "Neu"}])
    page = client.get(reverse("public:standings", args=[t.slug])).content
    assert page != later and b"Neu" in page


def test_backup_keeps_the_turnier_1_documents_and_every_standing(every_discipline, tmp_path):
    before = {t.slug: (services.standings(t), services.export_document(t))
              for t in every_discipline}
    call_command("backup", "--dir", str(tmp_path))
    index = json.loads((tmp_path / "index.json").read_text())
    assert index["format"] == "turnier-backup/2"
    assert {e["slug"] for e in index["tournaments"]} == set(before)
    assert index["created"] and all(e["version"] >= 1 and e["name"] for e in index["tournaments"])
    assert not list(tmp_path.rglob("*.tmp")) and not list(tmp_path.rglob(".*"))
    for slug, (_standings, doc) in before.items():
        assert json.loads((tmp_path / "tournaments" / f"{slug}.json").read_text()) == doc

    wipe()
    call_command("restore", str(tmp_path))
    assert set(Tournament.objects.values_list("slug", flat=True)) == set(before)
    for slug, (standings, doc) in before.items():
        t = Tournament.objects.get(slug=slug)
        assert services.standings(t) == standings
        assert services.export_document(t) == doc


# ------------------------------------------------------------------------------ refusals


def test_restore_into_a_database_that_holds_data_refuses_and_changes_nothing(hall, tmp_path):
    call_command("backup", "--dir", str(tmp_path))
    before = db_state()
    with pytest.raises(CommandError) as exc:
        call_command("restore", str(tmp_path))
    assert exc.value.returncode == 2
    message = str(exc.value)
    assert "not empty" in message
    assert f"tournaments.tournament: {Tournament.objects.count()} row(s)" in message
    assert f"auth.user: {get_user_model().objects.count()} row(s)" in message
    assert db_state() == before

    wipe()
    get_user_model().objects.create_user("admin")  # one row is enough to be in the way
    with pytest.raises(CommandError) as exc:
        call_command("restore", str(tmp_path))
    assert exc.value.returncode == 2 and "auth.user: 1 row(s)" in str(exc.value)
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["admin"]
    assert not Tournament.objects.exists()


def test_login_records_of_the_new_database_are_not_in_the_way(every_discipline, tmp_path):
    """Someone tried to log in before the restore: those records are no data to keep."""
    from axes.models import AccessAttempt

    call_command("backup", "--dir", str(tmp_path))
    wipe()
    AccessAttempt.objects.create(username="direktor", ip_address="192.0.2.1",
                                 failures_since_start=1)
    call_command("restore", str(tmp_path))
    assert Tournament.objects.count() == len(every_discipline)


def test_restore_into_a_database_of_other_migrations_refuses(every_discipline, tmp_path):
    call_command("backup", "--dir", str(tmp_path))
    wipe()
    index = json.loads((tmp_path / "index.json").read_text())
    index["migrations"]["tournaments"].append("0099_future")
    dropped = index["migrations"]["auth"].pop()
    (tmp_path / "index.json").write_text(json.dumps(index))
    message = restore_fails(tmp_path)
    assert "tournaments: the database lacks 0099_future" in message
    assert f"auth: the backup was written before {dropped}" in message


def test_the_action_log_takes_rows_only_from_the_restore(every_discipline, tmp_path):
    """Restore inserts log rows with their ids; no save, raw or not, rewrites one."""
    call_command("backup", "--dir", str(tmp_path))
    wipe()
    call_command("restore", str(tmp_path))
    entry = ActionLog.objects.order_by("pk").first()
    entry.action = "rewritten"
    with pytest.raises(ValueError, match="append-only"):
        entry.save()
    fixture = serializers.serialize("json", [entry])
    with pytest.raises(ValueError, match="append-only"):  # what loaddata would do
        for row in serializers.deserialize("json", fixture):
            row.save()
    assert ActionLog.objects.get(pk=entry.pk).action != "rewritten"


def test_backup_into_an_unwritable_or_used_place_exits_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(CommandError) as exc:
        call_command("backup", "--dir", str(blocker / "sub"))
    assert exc.value.returncode == 2 and "cannot create" in str(exc.value)
    with pytest.raises(CommandError) as exc:
        call_command("backup", "--dir", str(tmp_path))
    assert exc.value.returncode == 2 and "not an empty directory" in str(exc.value)


@pytest.fixture
def small_backup(make_tournament, actor, tmp_path):
    """A backup of one played Mucken round, and an emptied database to restore it into."""
    t = make_tournament("mucken", "pair", 4, name="Klein")
    group = Group.objects.create(name="Turnierleitung")
    group.permissions.set(Permission.objects.filter(codename="add_tournament"))
    rnd = services.draw_round(t, actor)
    services.publish_round(t, actor, 1)
    for table in rnd.tables.all():
        services.director_set_result(table, actor, MUCKEN_WIN)
    root = tmp_path / "backup"
    call_command("backup", "--dir", str(root))
    wipe()
    return root


def _line_of(rows: list[dict], model: str) -> int:
    return next(k for k, r in enumerate(rows) if r["model"] == model)


def _set(model, field, value):
    def change(rows):
        rows[_line_of(rows, model)]["fields"][field] = value
        return rows
    return change


def _nested(depth):
    value = 1
    for _ in range(depth):
        value = [value]
    return value


HOSTILE_ROWS = [
    (_set("tournaments.tournament", "name", {"a": 1}), "field 'name': must be text"),
    (_set("tournaments.tournament", "name", "x" * 201), "at most 200 characters"),
    (_set("tournaments.tournament", "planned_rounds", -1), "field 'planned_rounds'"),
    (_set("tournaments.tournament", "planned_rounds", 10**12), "field 'planned_rounds'"),
    (_set("tournaments.tournament", "public", "yes"), "must be true or false"),
    (_set("tournaments.tournament", "status", "hacked"), "field 'status'"),
    (_set("tournaments.tournament", "created", "2026-01-01T10:00:00"), "offset from UTC"),
    (_set("tournaments.tournament", "created", "gestern"), "tournaments.tournament"),
    (_set("tournaments.tournament", "name", "a\x00b"), "NUL"),
    (_set("tournaments.tournament", "details", _nested(100)), "nested more than 64 levels"),
    (_set("tournaments.seat", "entrant", 999), "refers to tournaments.entrant 999"),
    (_set("tournaments.entrant", "players", [1, 1]), "names a row twice"),
    (_set("auth.group", "permissions", [["nope", "auth", "user"]]), "auth.group"),
    (lambda rows: [{**rows[0], "model": "x" * 100_000}, *rows[1:]],
     "… (100002 characters) is not a model a backup holds"),
    (lambda rows: [*rows, {"model": "auth.permission", "pk": 1, "fields": {}}],
     "'auth.permission' is not a model a backup holds"),
    (lambda rows: [*rows, {"model": "tournaments.player", "pk": 999, "fields": {}}],
     "out of order"),
    (lambda rows: [*rows[:-1], rows[-1], rows[-1]], "a second row with this pk"),
    (lambda rows: [rows[0], ["not", "a", "row"], *rows[1:]], "line 2: expected an object"),
    (lambda rows: [{**r, "fields": {k: v for k, v in r["fields"].items() if k != "name"}}
                   if r["model"] == "tournaments.tournament" else r for r in rows],
     "(missing name)"),
    (lambda rows: [{**r, "fields": {**r["fields"], "is_admin": True}}
                   if r["model"] == "auth.user" else r for r in rows], "(unknown is_admin)"),
    (lambda rows: [r for r in rows if r["model"] != "tournaments.actionlog"],
     "do not match index.json"),
]


@pytest.mark.parametrize(("change", "expected"), HOSTILE_ROWS)
def test_a_hostile_row_exits_2_with_its_line_and_stores_nothing(small_backup, change,
                                                                expected):
    write_lines(small_backup, change(data_lines(small_backup)))
    message = restore_fails(small_backup)
    assert expected in message
    assert "data.jsonl" in message or "index.json" in message


@pytest.mark.parametrize(("text", "expected"), [
    (b'{"model": "auth.user", "pk": NaN, "fields": {}}\n',
     "line 1: pk: NaN is not a JSON number"),
    (b'{"model": "auth.user", "pk": 1' + b"0" * 5000 + b', "fields": {}}\n',
     "line 1: pk: a number of 5001 digits is too long"),
    (b"[" * 100_000 + b"]" * 100_000 + b"\n", "line 1: nested more than 64 levels deep"),
    (b'{"model": "auth.user"\n', "line 1: not JSON: Expecting ',' delimiter"),
    (b'{"model": "auth.user", "pk": 1, "fields": {}}', "line 1: the file ends inside a row"),
    (b'{"model": "\xff"}\n', "line 1: not UTF-8 text"),
    (b'{"model": "auth.user", "pk": 1, "fields": {"username": "\\ud800"}}\n',
     "line 1: fields.username: a lone surrogate"),
    (b'{"model": "auth.user", "pk": 1, "fields": {"username": "a\\u0000b"}}\n',
     "line 1: a text holds a NUL character"),
])
def test_hostile_json_exits_2_with_its_line(small_backup, text, expected):
    rewrite(small_backup, "data.jsonl", text)
    message = restore_fails(small_backup)
    assert f"data.jsonl {expected}" in message


def test_a_damaged_or_foreign_backup_exits_2_with_the_place(small_backup):
    root = small_backup
    index_text = (root / "index.json").read_text()
    data = (root / "data.jsonl").read_bytes()
    doc = next((root / "tournaments").glob("*.json"))

    (root / "data.jsonl").write_bytes(data[: len(data) // 2])
    assert "data.jsonl: " in (m := restore_fails(root)) and "truncated or edited" in m
    (root / "data.jsonl").write_bytes(data.replace(b'"Klein"', b'"Kleim"'))
    assert "data.jsonl: its SHA-256 differs from index.json" in restore_fails(root)
    (root / "data.jsonl").write_bytes(data)
    doc.write_text(doc.read_text().replace("Klein", "Kleim"))
    assert f"{doc.name}: its SHA-256 differs" in restore_fails(root)
    doc.unlink()
    assert f"cannot read {doc}" in restore_fails(root)

    (root / "index.json").write_text(index_text[: len(index_text) // 2])
    assert "index.json: not JSON" in restore_fails(root)
    for marker, expected in [("turnier-backup/1", "import_tournament"),
                             ("turnier-backup/9", "format 'turnier-backup/9' is not")]:
        (root / "index.json").write_text(index_text.replace("turnier-backup/2", marker))
        assert expected in restore_fails(root)
    index = json.loads(index_text)
    index["files"][0]["file"] = "../../etc/passwd"
    (root / "index.json").write_text(json.dumps(index))
    assert "'../../etc/passwd' is not a file name of a backup" in restore_fails(root)
    (root / "index.json").write_text("[]")
    assert "not a backup index" in restore_fails(root)
    (root / "index.json").unlink()
    assert "cannot read" in restore_fails(root) and "unfinished" in restore_fails(root)
    assert "cannot read" in restore_fails(root / "nowhere")


def test_the_command_line_exits_2_without_a_traceback(small_backup, tmp_path):
    """Through manage.py itself: the exit status and the message, never a traceback."""
    data = (small_backup / "data.jsonl").read_bytes()
    (small_backup / "data.jsonl").write_bytes(data[:-20])
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}"}
    done = subprocess.run([sys.executable, "manage.py", "restore", str(small_backup)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "nothing was restored" in done.stderr and "data.jsonl" in done.stderr


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=30)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=8)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=st.integers(0, 10_000), field=st.integers(0, 50), value=JSON_VALUES)
def test_any_value_in_any_field_restores_or_exits_2(small_backup, line, field, value):
    """Whatever a row holds, the restore stores it whole or refuses with exit 2."""
    saved = small_backup.parent / "saved"
    if not saved.exists():
        saved.mkdir()
        for name in ("data.jsonl", "index.json"):
            (saved / name).write_bytes((small_backup / name).read_bytes())
    for name in ("data.jsonl", "index.json"):
        (small_backup / name).write_bytes((saved / name).read_bytes())
    rows = data_lines(small_backup)
    row = rows[line % len(rows)]
    names = sorted(row["fields"])
    if names:
        row["fields"][names[field % len(names)]] = value
    else:
        row["pk"] = value
    write_lines(small_backup, rows)
    try:
        call_command("restore", str(small_backup))
    except CommandError as exc:
        assert exc.returncode == 2
        assert backup.in_the_way() == []
    else:
        wipe()
    assert connection.in_atomic_block  # the test's own transaction is still usable
