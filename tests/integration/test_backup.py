"""``manage.py backup`` and ``manage.py restore``: every tournament round-trips (turnier/1)."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments import services
from tournaments.models import Tournament
from tournaments.services import Actor

pytestmark = pytest.mark.django_db

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


def test_backup_then_restore_into_an_empty_database_keeps_every_standing(every_discipline,
                                                                         tmp_path):
    before = {t.slug: (services.standings(t), services.export_document(t))
              for t in every_discipline}
    call_command("backup", "--dir", str(tmp_path))
    index = json.loads((tmp_path / "index.json").read_text())
    assert {e["slug"] for e in index["tournaments"]} == set(before)
    assert index["created"] and all(e["version"] >= 1 and e["name"] for e in index["tournaments"])
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*"))
    for slug in before:
        assert json.loads((tmp_path / f"{slug}.json").read_text())["format"] == "turnier/1"

    Tournament.objects.all().delete()
    assert not Tournament.objects.exists()
    call_command("restore", str(tmp_path))
    assert set(Tournament.objects.values_list("slug", flat=True)) == set(before)
    for slug, (standings, doc) in before.items():
        t = Tournament.objects.get(slug=slug)
        assert services.standings(t) == standings
        assert services.export_document(t) == doc


def test_restore_refuses_existing_slugs_and_stores_nothing(every_discipline, tmp_path):
    call_command("backup", "--dir", str(tmp_path))
    keep = every_discipline[0]
    Tournament.objects.exclude(pk=keep.pk).delete()
    with pytest.raises(CommandError) as exc:
        call_command("restore", str(tmp_path))
    assert exc.value.returncode == 2
    assert f"the address {keep.slug!r} is taken" in str(exc.value)
    assert list(Tournament.objects.values_list("pk", flat=True)) == [keep.pk]


def test_restore_of_a_bad_backup_exits_2_and_stores_nothing(every_discipline, tmp_path):
    call_command("backup", "--dir", str(tmp_path))
    Tournament.objects.all().delete()
    victim = every_discipline[-1].slug
    doc = json.loads((tmp_path / f"{victim}.json").read_text())
    doc["rounds"][0]["tables"][0]["seats"][0]["entrant"] = 999
    (tmp_path / f"{victim}.json").write_text(json.dumps(doc))
    with pytest.raises(CommandError) as exc:
        call_command("restore", str(tmp_path))
    assert exc.value.returncode == 2 and victim in str(exc.value)
    assert not Tournament.objects.exists()
    with pytest.raises(CommandError) as exc:
        call_command("restore", str(tmp_path / "nowhere"))
    assert exc.value.returncode == 2 and "cannot read" in str(exc.value)


def test_backup_into_an_unwritable_place_exits_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(CommandError) as exc:
        call_command("backup", "--dir", str(blocker / "sub"))
    assert exc.value.returncode == 2 and "cannot create" in str(exc.value)
