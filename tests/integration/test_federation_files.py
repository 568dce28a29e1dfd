"""The federations' files from the director's page (issue 33): TRF-26 for FIDE and the DSB's
DWZ file, each checked before round 1 and before export, read back with the independent
reader of tests/readers/ (written from FIDE's specification, not from our writer)."""

from __future__ import annotations

import datetime

import pytest

from tournaments import services
from tournaments.disciplines.chess import federation
from tournaments.models import ActionLog, Player
from tournaments.services import ServiceError
from tournaments.services.registration import update_entrant

from .test_chess_conventions import finish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(boss):
    t = services.create_tournament(boss, "Open A", "chess", planned_rounds=2)
    people = [("Berg, Anna", 2100, "w", "4600001", "C0327-12"), ("Ohm, Bernd", 1900, "m",
              "4600002", ""), ("Neu, Carl", 1750, "m", "", ""), ("Fix, Dora", 1600, "w",
              "4600004", "C0327-15")]
    for name, rating, sex, fide_id, zps in people:
        e = services.register(t, boss, [{"name": name, "rating": rating, "dwz": rating}],
                              status="present", rating=rating)
        Player.objects.filter(entries=e).update(
            sex=sex, fide_id=fide_id, zps=zps, federation="GER",
            birth_date=datetime.date(1990, 5, 17))
    t.refresh_from_db()
    return t


HEADER = {"h-city": "Hof", "h-federation": "ger", "h-start_date": "01.06.2025",
          "h-end_date": "2025/06/02", "h-chief_arbiter": "Schulz, Eva",
          "h-time_control": "90+30", "h-tournament_type": "Swiss",
          "h-round_dates": "2025/06/01 02.06.2025"}


def test_check_before_round_1_names_the_player_without_fide_id(rated, director_client):
    page = director_client.get(f"/director/{rated.slug}/").content.decode()
    assert "federation-check" in page  # the dashboard's panel before round 1
    page = director_client.get(f"/director/{rated.slug}/federation/").content.decode()
    assert "Neu, Carl" in page and "has no FIDE ID" in page
    assert "city (022) is missing" in page


def test_header_facts_saved_and_refused(rated, director_client):
    url = f"/director/{rated.slug}/federation/"
    r = director_client.post(url, {**HEADER, "h-start_date": "gestern"})
    assert r.status_code == 400 and "a date as" in r.content.decode()
    r = director_client.post(url, HEADER)
    assert r.status_code == 302
    rated.refresh_from_db()
    assert rated.details["federation"] == "GER"
    assert rated.details["start_date"] == "2025/06/01"
    assert rated.details["round_dates"] == ["25/06/01", "25/06/02"]
    assert ActionLog.objects.filter(tournament=rated, action="set_report_header").exists()


def test_exports_read_back_field_by_field(rated, boss, director_client):
    from readers import trf26 as reader

    director_client.post(f"/director/{rated.slug}/federation/", HEADER)
    rated.refresh_from_db()
    for n in (1, 2):
        services.draw_round(rated, boss, seed=f"x{n}")
        finish_round(rated, boss, n)
    page = director_client.get(f"/director/{rated.slug}/federation/").content.decode()
    assert "round 1 has no date" not in page and "Neu, Carl" in page
    standing = {row["name"]: row["rank"] for row in services.standings(rated)["standings"]}
    for kind in ("fide", "dsb"):
        r = director_client.get(f"/director/{rated.slug}/federation/{kind}.trf")
        assert r.status_code == 200
        text = r.content.decode()
        assert "\r\n" in text
        parsed = reader.parse(text)
        assert parsed.header["012"] == ["Open A"] and parsed.header["022"] == ["Hof"]
        assert set(parsed.round_dates) == {1, 2}
        players = {p.name: p for p in parsed.players.values()}
        assert set(players) == {"Berg, Anna", "Ohm, Bernd", "Neu, Carl", "Fix, Dora"}
        anna = players["Berg, Anna"]
        assert (anna.ident, anna.federation, anna.rating, anna.sex) == (
            "4600001", "GER", 2100, "w")
        assert anna.birth == "1990/05/17" and len(anna.rounds) == 2
        assert all(p.rank == standing[p.name] for p in players.values())
        assert sum(p.points for p in players.values()) == 4  # two rounds of two decided games
    dsb = reader.parse(director_client.get(
        f"/director/{rated.slug}/federation/dsb.trf").content.decode())
    assert any(n.kind == "GER" and n.ident == "C0327-12" for n in dsb.national)


def test_the_pkz_is_carried_to_the_dwz_file_when_the_zps_is_unknown(rated, boss,
                                                                    director_client):
    """Bernd Ohm has no ZPS: his PKZ, entered at the desk, is his national number in the
    DSB file (columns 58-68 of his GER record), read back by the independent reader."""
    from readers import trf26 as reader

    bernd = rated.entrants.get(name="Ohm, Bernd")
    update_entrant(bernd, boss, pkz="10245678")
    with pytest.raises(ServiceError) as exc:
        update_entrant(bernd, boss, pkz="12-34")
    assert "pkz" in exc.value.errors
    director_client.post(f"/director/{rated.slug}/federation/", HEADER)
    services.draw_round(rated, boss, seed="pkz")
    finish_round(rated, boss, 1)
    dsb = reader.parse(director_client.get(
        f"/director/{rated.slug}/federation/dsb.trf").content.decode())
    number = {p.number: p.name for p in dsb.players.values()}
    national = {number[n.number]: n for n in dsb.national if n.kind == "GER"}
    assert national["Ohm, Bernd"].ident == "10245678" and national["Ohm, Bernd"].rating == 1900
    assert national["Berg, Anna"].ident == "C0327-12"  # a known ZPS still wins
    assert "Neu, Carl" in national and national["Neu, Carl"].ident == ""

def test_parse_day():
    assert federation.parse_day("01.06.2025") == datetime.date(2025, 6, 1)
    assert federation.parse_day("25/06/01") == datetime.date(2025, 6, 1)
    assert federation.parse_day("2025-13-01") is None
    assert federation.parse_day("x") is None
