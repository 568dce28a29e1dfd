"""The TRF-26 rating report (pairing.trf26) and the DSB file (pairing.trf_dsb), read back
field by field with the independent reader of tests/readers/trf26.py (written from FIDE's
specification, importing nothing of the project), and the real files of fixtures/dutch/.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st
from readers.trf26 import ReadError, parse

from pairing import trf, trf26, trf_dsb
from pairing.trf import Cell
from pairing.trf26 import NationalRecord, Report, ReportHeader, ReportPlayer
from pairing.trf_dsb import DsbFacts

DUTCH = sorted((FIXTURES / "dutch").glob("*.trf"))

HEADER = ReportHeader(
    name="Offene Stadtmeisterschaft 2025", city="Musterstadt", federation="GER",
    start=date(2025, 5, 2), end=date(2025, 5, 4), chief_arbiter="Weber, Klaus (4612345)",
    deputies=("Roth, Eva",), time_control="90 min/40 Züge + 30 min, 30 s/Zug",
    tournament_type="Swiss (Dutch)",
    round_dates=(date(2025, 5, 2), date(2025, 5, 3), date(2025, 5, 4)), rounds=3,
    initial_colour="W", scoring=(("W", Fraction(3)), ("D", Fraction(1))),
    pairing_controller="Turnierwart", type_code="FIDE_DUTCH_2026",
    tiebreaks=("PTS", "BH/C1", "BH", "SB"), time_code="40/5400+30:1800+30")


def players() -> tuple[ReportPlayer, ...]:
    return (
        ReportPlayer(1, "Berg, Anna", "w", "WFM", 2105, "GER", 24612345, date(1990, 3, 14),
                     points=Fraction(7), rank=1,
                     cells=(Cell(3, "w", "1"), Cell(2, "b", "="), Cell(None, "-", "U"))),
        ReportPlayer(2, "Claus, Bernd", "m", "", 1980, "AUT", 1600123, None, 1971,
                     Fraction(4), 2, (Cell(None, "-", "H"), Cell(1, "w", "="),
                                      Cell(3, "b", "+"))),
        ReportPlayer(3, "Dietz, Carla", "w", "", None, "GER", 24655555, date(2012, 1, 5),
                     points=Fraction(0), rank=3,
                     cells=(Cell(1, "b", "0"), Cell(None, "-", "Z"), Cell(2, "w", "-"))))


REPORT = Report(HEADER, players())


def test_the_report_reads_back_field_by_field():
    f = parse(trf26.write(REPORT))
    assert f.value("012") == HEADER.name and f.value("022") == "Musterstadt"
    assert f.value("032") == "GER" and f.value("042") == "2025/05/02"
    assert f.value("052") == "2025/05/04" and f.value("062") == "3" and f.value("072") == "2"
    assert f.value("092") == "Swiss (Dutch)" and f.value("102") == HEADER.chief_arbiter
    assert f.header["112"] == ["Roth, Eva"] and f.value("122") == HEADER.time_control
    assert f.round_dates == {1: date(2025, 5, 2), 2: date(2025, 5, 3), 3: date(2025, 5, 4)}
    assert f.value("142") == "3" and f.value("152") == "W"
    assert f.scoring == {"W": 3, "D": 1}
    assert f.value("182") == "Turnierwart" and f.value("192") == "FIDE_DUTCH_2026"
    assert f.value("212") == "PTS,BH/C1,BH,SB" and f.value("222") == "40/5400+30:1800+30"
    a, b, c = (f.players[n] for n in (1, 2, 3))
    assert (a.sex, a.title, a.name, a.rating, a.federation, a.ident, a.birth) == (
        "w", "WFM", "Berg, Anna", 2105, "GER", "24612345", "1990/03/14")
    assert (a.points, a.rank) == (7, 1)
    assert [(r.opponent, r.colour, r.result) for r in a.rounds] == [
        (3, "w", "1"), (2, "b", "="), (None, "-", "U")]
    assert (b.title, b.rating, b.federation, b.birth) == ("", 1980, "AUT", "1971")
    assert [(r.opponent, r.colour, r.result) for r in b.rounds] == [
        (None, "-", "H"), (1, "w", "="), (3, "b", "+")]
    assert c.rating is None and c.rounds[2].result == "-"


def test_every_line_ends_with_a_carriage_return_and_the_engines_reader_takes_it():
    text = trf26.write(REPORT)
    assert text.endswith("\r\n") and text.count("\r\n") == text.count("\n")
    assert sorted(trf.read(text).players) == [1, 2, 3]


def test_a_newline_in_a_name_cannot_forge_a_record():
    p = ReportPlayer(1, "Evil\n001    2 x", fide_id=1)
    f = parse(trf26.write(Report(ReportHeader("T"), (p,))))
    assert list(f.players) == [1] and f.players[1].name.startswith("Evil")


# --- the completeness check ------------------------------------------------------------------


def test_a_complete_report_has_no_required_gap():
    assert [g for g in trf26.check(REPORT) if g.required] == []


def test_the_check_names_each_player_and_header_gap():
    bare = Report(ReportHeader("Blitz"), (
        ReportPlayer(1, "Nobody", title="XY", cells=(Cell(None, "-", "U"),)),
        ReportPlayer(2, "Berg, Anna", "w", None, 2105, "GER", 24612345, date(1990, 3, 14),
                     rank=1)), title_event=True)
    gaps = {g.place: g for g in trf26.check(bare)}
    assert str(gaps["players[0].fide_id"].message) == "player 1 (Nobody) has no FIDE ID"
    assert "players[0].federation" in gaps and "players[0].birth" in gaps
    assert "is not a FIDE title" in gaps["players[0].title"].message
    assert gaps["players[1].title"].required  # a norm event needs every title
    assert not gaps["players[0].sex"].required and not gaps["players[0].name"].required
    assert "players[0].rank" in gaps and "players[1].rank" not in gaps
    for place in ("header.city", "header.federation", "header.start", "header.end",
                  "header.chief_arbiter", "header.round_dates[0]", "header.type_code",
                  "header.pairing_controller", "header.tiebreaks"):
        assert gaps[place].required, place
    before = {g.place for g in trf26.check(bare, "before_round_1")}
    assert "header.end" not in before and "players[0].rank" not in before
    assert "players[0].fide_id" in before


def test_messages_keep_template_and_player_reference():
    gap = trf26.check(Report(ReportHeader("T"), (ReportPlayer(7, "X, Y"),)))[-1]
    assert gap.message.template.startswith("player %(number)s") or gap.message.params


# --- the DSB file ----------------------------------------------------------------------------


FACTS = {1: DsbFacts(dwz=2080, zps="c0327-12"), 2: DsbFacts(), 3: DsbFacts(pkz="10234567")}


def test_the_dsb_file_reads_back_with_german_records():
    f = parse(trf_dsb.write(REPORT, FACTS))
    assert f.rank_methods == {"GER": "FIDON"}
    records = {r.number: r for r in f.national}
    assert set(records) == {1, 3} and all(r.kind == "GER" for r in records.values())
    assert (records[1].rating, records[1].ident) == (2080, "C0327-12")
    assert (records[3].rating, records[3].ident) == (None, "10234567")
    assert records[1].name == "" and records[1].birth == ""  # the same as in 001
    assert f.players[1].name == "Berg, Anna" and f.players[1].birth == "1990/03/14"
    assert [r.result for r in f.players[3].rounds] == ["0", "Z", "-"]  # forfeit marked
    assert set(f.round_dates) == {1, 2, 3}


def test_the_dsb_check():
    report = Report(ReportHeader("Vereinsturnier", round_dates=(date(2025, 1, 9),)), (
        ReportPlayer(1, "Berg, A.", federation="GER", birth_year=1990,
                     cells=(Cell(2, "-", "1"), Cell(2, "w", "1"))),
        ReportPlayer(2, "Claus, Bernd", federation="AUT", birth_date=date(1971, 2, 1),
                     cells=(Cell(1, "-", "0"), Cell(1, "b", "0"))),
        ReportPlayer(3, "Dietz, Carla", federation="GER")))
    facts = {1: DsbFacts(), 2: DsbFacts(), 3: DsbFacts(dwz=1500, zps="12345")}
    gaps = {g.place: g for g in trf_dsb.check(report, facts)}
    assert "full name" in gaps["players[0].name"].message
    assert "full birth date" in gaps["players[0].birth_date"].message  # a year is not enough
    assert "players[1].birth_date" not in gaps
    assert "FIDE ID" in gaps["players[1].fide_id"].message  # AUT without a German club
    assert "not a ZPS" in gaps["players[2].zps"].message
    assert "marked + or -" in gaps["players[0].cells[0]"].message
    assert "players[0].cells[1]" not in gaps
    for place in ("header.city", "header.start", "header.end", "header.tournament_type",
                  "header.time_control", "header.round_dates[1]"):
        assert gaps[place].required, place
    assert "header.round_dates[0]" not in gaps
    assert [g for g in trf_dsb.check(REPORT, FACTS) if g.required] == [
        g for g in trf_dsb.check(REPORT, FACTS) if g.place == "players[1].birth_date"]


# --- round trips of random reports -----------------------------------------------------------


names = st.text(st.characters(min_codepoint=32, max_codepoint=0x24F,
                              exclude_categories=("Cc", "Cf", "Cs", "Zl", "Zp")),
                min_size=1, max_size=33).map(str.strip).filter(bool)
days = st.dates(date(2000, 1, 1), date(2099, 12, 31))


@st.composite
def reports(draw):
    n = draw(st.integers(1, 8))
    rounds = draw(st.integers(0, 5))
    ps = []
    for k in range(1, n + 1):
        cells = tuple(draw(st.one_of(st.none(), st.builds(
            Cell, st.one_of(st.none(), st.integers(1, n)), st.sampled_from("wb-"),
            st.sampled_from(sorted("+-WDL1=0HFUZ"))))) for _ in range(rounds))
        while cells and cells[-1] is None:
            cells = cells[:-1]
        ps.append(ReportPlayer(
            k, draw(names), draw(st.sampled_from(["", "m", "w"])),
            draw(st.sampled_from(["", *trf26.TITLES])),
            draw(st.one_of(st.none(), st.integers(1000, 2900))),
            draw(st.sampled_from(["", "GER", "AUT", "FID"])),
            draw(st.one_of(st.none(), st.integers(1, 10**10))),
            draw(st.one_of(st.none(), st.dates(date(1920, 1, 1), date(2020, 12, 31)))),
            None, Fraction(draw(st.integers(0, 40)), 2), draw(st.one_of(st.none(),
                                                                        st.integers(1, 999))),
            cells,
            tuple(draw(st.lists(st.builds(
                NationalRecord, st.sampled_from(["GER", "AUT"]),
                st.one_of(st.none(), st.integers(800, 2800)),
                st.from_regex(r"[0-9A-Z]{5}-[0-9]{1,4}|[0-9]{1,11}", fullmatch=True)),
                max_size=1)))))
    header = ReportHeader(draw(names), draw(names), "GER", draw(days), draw(days),
                          round_dates=tuple(draw(st.one_of(st.none(), days))
                                            for _ in range(rounds)))
    return Report(header, tuple(ps))


@settings(max_examples=150)
@given(reports())
def test_random_reports_read_back_field_by_field(report):
    f = parse(trf26.write(report))
    h = report.header
    assert f.value("012") == h.name and f.value("022") == h.city
    assert f.value("042") == h.start.strftime("%Y/%m/%d")
    assert f.round_dates == {k: d for k, d in enumerate(h.round_dates, 1) if d}
    assert sorted(f.players) == [p.number for p in report.players]
    for p in report.players:
        r = f.players[p.number]
        assert (r.sex, r.title, r.name, r.rating, r.federation) == (
            p.sex, p.title, p.name[:33].strip(), p.rating, p.federation)
        assert r.ident == (str(p.fide_id)[:11] if p.fide_id else "")
        assert r.birth == (p.birth_date.strftime("%Y/%m/%d") if p.birth_date else "")
        assert (r.points, r.rank) == (p.points, p.rank)
        written = [(c.opponent, c.colour, c.result) if c else (None, "-", "Z")
                   for c in p.cells]
        assert [(x.opponent, x.colour, x.result) for x in r.rounds] == written
    national = sorted((r.number, r.kind, r.rating, r.ident) for r in f.national)
    assert national == sorted((p.number, n.federation, n.rating, n.number)
                              for p in report.players for n in p.national)


# --- the real files --------------------------------------------------------------------------


def _engine_view(path: Path) -> trf.Trf:
    return trf.read_file(path)


@pytest.mark.parametrize("path", DUTCH[::10], ids=lambda p: p.name)
def test_the_real_files_read_with_the_independent_reader(path):
    """Both readers agree on every player field and cell, and each score column is the
    sum of its round results under the file's own 162 record."""
    text = path.read_text(encoding="utf-8")
    f, engine = parse(text), _engine_view(path)
    assert sorted(f.players) == sorted(engine.players)
    for n, r in f.players.items():
        e = engine.players[n]
        assert (r.name, r.rating or 0, r.points, r.rank) == (e.name, e.rating, e.points, e.rank)
        cells = [(c.opponent, c.colour, c.result) if c else (None, "-", "Z") for c in e.cells]
        assert [(x.opponent, x.colour, x.result) for x in r.rounds] == cells
        assert r.points == sum((f.points_of(x.result) for x in r.rounds), Fraction(0))
        for k, x in enumerate(r.rounds, 1):
            if x.opponent is not None:  # the opponent's cell names this player back
                assert f.players[x.opponent].rounds[k - 1].opponent == n


@pytest.mark.parametrize("path", DUTCH[::10], ids=lambda p: p.name)
def test_real_files_go_through_the_report_writer_unchanged(path):
    """Each file as a Report (what the engines' reader saw), written as TRF-26 and read
    back with the independent reader: the same players, scores, ranks and cells."""
    original = parse(path.read_text(encoding="utf-8"))
    engine = _engine_view(path)
    report = Report(ReportHeader(original.value("012") or "?"), tuple(
        ReportPlayer(n, p.name, rating=p.rating or None, points=p.points or Fraction(0),
                     rank=p.rank, cells=tuple(p.cells)) for n, p in engine.players.items()))
    again = parse(trf26.write(report))
    for n, r in original.players.items():
        a = again.players[n]
        assert (a.name, a.rating, a.points, a.rank) == (r.name, r.rating, r.points, r.rank)
        assert [(x.opponent, x.colour, x.result) for x in a.rounds] == [
            (x.opponent, x.colour, x.result) for x in r.rounds]


def test_the_independent_reader_refuses_what_the_specification_does_not_allow():
    line = "001    1 w WF Test, One" + " " * 25 + "2100"
    assert parse(line).players[1].title == "WF"
    with pytest.raises(ReadError, match="column 14"):
        parse("001    1 wWGMXTest, One")
    with pytest.raises(ReadError, match="round 1: result"):
        parse(f"{line:<91}   2 w Q")
    with pytest.raises(ReadError, match="YY/MM/DD"):
        parse(f"{'132':<91}2025-05-01")


def test_all_300_real_files_read_and_add_up():
    """Every file of fixtures/dutch/ (21,790 player lines): read without error, each
    score column the sum of its results under the file's 162, every game seen from
    both sides."""
    lines = 0
    for path in DUTCH:
        f = parse(path.read_text(encoding="utf-8"))
        for n, r in f.players.items():
            lines += 1
            assert r.points == sum((f.points_of(x.result) for x in r.rounds), Fraction(0)), (
                path.name, n)
            for k, x in enumerate(r.rounds):
                if x.opponent is not None:
                    assert f.players[x.opponent].rounds[k].opponent == n, (path.name, n, k)
    assert len(DUTCH) == 300 and lines == 21790
