"""Prizes across the sections of an event (scoring/prizes_event.py, docs/prizes.md):
worked cases and properties that hold for random sections and prize lists."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.prizes import Category, Player, Prize, Rules
from scoring.prizes_event import (
    EventRules,
    PrizeList,
    allocate_event,
    club_standings,
    event_standings,
)

JUNIOR = {"junior": Category("junior", age_under=18)}
REF = Rules(reference_date=__import__("datetime").date(2026, 1, 1))


def p(ident, rank, points, **facts):
    return Player(ident, f"P{ident}", rank, Fraction(points), **facts)


def test_a_section_winner_is_left_out_of_the_event_list_by_default():
    a = [p(1, 1, 7, birth_year=2010), p(2, 2, 6)]
    b = [p(3, 1, 8, birth_year=2011), p(4, 2, 5, birth_year=2012)]
    sections = [PrizeList("A", a, [Prize("A 1st", 1, 30000)], {}),
                PrizeList("B", b, [Prize("B 1st", 1, 10000)], {})]
    event = PrizeList("event", event_standings([a, b]),
                      [Prize("best junior", 1, 5000, category="junior")], JUNIOR, REF)
    result = allocate_event(sections, event)
    assert [k for k, _ in result.lists] == ["A", "B", "event"]
    # P1 (A's winner, a junior) and P3 (B's winner) have their section prizes: P4 is
    # the best junior left.
    assert [(x.player, x.money) for x in result.of("event").awards] == [(4, 5000)]
    assert result.paid == 45000


def test_event_first_gives_the_event_prize_before_the_sections():
    a = [p(1, 1, 7, birth_year=2010), p(2, 2, 6)]
    sections = [PrizeList("A", a, [Prize("A 1st", 1, 3000)], {})]
    event = PrizeList("event", event_standings([a]),
                      [Prize("best junior", 1, 5000, category="junior")], JUNIOR, REF)
    result = allocate_event(sections, event, rules=EventRules(order="event_first"))
    assert [k for k, _ in result.lists] == ["event", "A"]
    assert [x.player for x in result.of("event").awards] == [1]
    assert [x.player for x in result.of("A").awards] == [2]  # 1st place passes on


def test_without_one_prize_a_person_may_win_in_every_list():
    a = [p(1, 1, 7, birth_year=2010)]
    event = PrizeList("event", event_standings([a]),
                      [Prize("best junior", 1, 5000, category="junior")], JUNIOR, REF)
    result = allocate_event([PrizeList("A", a, [Prize("A 1st", 1, 3000)], {})], event,
                            rules=EventRules(one_prize=False))
    assert result.paid == 8000


def test_the_same_person_in_two_sections_gets_one_prize():
    rapid = [p(1, 1, 6), p(2, 2, 5)]
    blitz = [p(1, 1, 9), p(3, 2, 8)]
    result = allocate_event([PrizeList("Rapid", rapid, [Prize("1st", 1, 100)], {}),
                             PrizeList("Blitz", blitz, [Prize("1st", 1, 100)], {})])
    assert [x.player for _, a in result.lists for x in a.awards] == [1, 3]


def test_event_standings_rank_by_section_or_by_points():
    a = [p(1, 1, 5), p(2, 2, 4)]
    b = [p(3, 1, 7), p(1, 2, 3)]  # person 1 plays in both: once, at his better place
    assert [(x.id, x.rank) for x in event_standings([a, b])] == [(1, 1), (2, 2), (3, 3)]
    assert [x.id for x in event_standings([a, b], "points")] == [3, 1, 2]


def test_sections_ranking_never_shares_across_sections():
    a = [p(1, 1, 4)]
    b = [p(2, 1, 4)]  # equal points in two sections: no tie
    event = PrizeList("event", event_standings([a, b]),
                      [Prize("1st", 1, 100), Prize("2nd", 2, 50)], {}, Rules(ties="share"))
    result = allocate_event([], event)
    assert [(x.player, x.money) for x in result.of("event").awards] == [(1, 100), (2, 50)]
    shared = allocate_event([], event, rules=EventRules(rank="points"))
    assert [x.money for x in shared.of("event").awards] == [75, 75]


def test_club_standings_count_the_best_players_over_all_sections():
    a = [p(1, 1, 6, club="SK Nord"), p(2, 2, 5, club="SV Süd"), p(3, 3, 4, club="SK Nord")]
    b = [p(4, 1, 7, club="SV Süd"), p(5, 2, 1, club="SK Nord"), p(6, 3, 6)]
    clubs = club_standings([a, b], team_size=2)
    assert [(c.name, c.points) for c in clubs] == [("SV Süd", 12), ("SK Nord", 10)]
    result = allocate_event([PrizeList("A", a, [Prize("1st", 1, 100)], {})],
                            clubs=PrizeList("clubs", clubs, [Prize("best club", 1, 200)], {}))
    # The club prize goes to the club: its best player keeps his own prize too.
    assert [(x.player, x.money) for x in result.of("clubs").awards] == [(1, 200)]
    assert result.paid == 300
    with pytest.raises(ValueError):
        club_standings([a], team_size=0)


@st.composite
def events(draw):
    """Two or three sections of up to 8 players (a few persons in two sections), each with
    place prizes, an event list with a junior category, random rules."""
    n_sections = draw(st.integers(1, 3))
    sections, ident = [], 0
    pool: list[Player] = []
    for i in range(n_sections):
        n = draw(st.integers(1, 8))
        level, players = 20, []
        for rank in range(1, n + 1):
            level -= draw(st.sampled_from([0, 0, 1, 2]))
            if pool and draw(st.integers(0, 5)) == 0:  # a person who plays two sections
                other = pool.pop()
                players.append(Player(other.id, other.name, rank, Fraction(level, 2),
                                      birth_year=other.birth_year, club=other.club))
                continue
            ident += 1
            players.append(Player(ident, f"P{ident}", rank, Fraction(level, 2),
                                  birth_year=draw(st.sampled_from([None, 1980, 2010])),
                                  club=draw(st.sampled_from(["", "SK Nord", "SV Süd"]))))
        pool = [q for q in players if q.id not in {x.id for s in sections for x in s.players}]
        money = sorted(draw(st.lists(st.integers(0, 30000), max_size=4)), reverse=True)
        rules = Rules(ties=draw(st.sampled_from(["tiebreak", "share", "hort"])),
                      unit=draw(st.sampled_from([1, 100])))
        sections.append(PrizeList(chr(65 + i), players,
                                  [Prize(f"{k}", k, m) for k, m in enumerate(money, 1)], {},
                                  rules))
    erules = EventRules(order=draw(st.sampled_from(["sections_first", "event_first"])),
                        rank=draw(st.sampled_from(["sections", "points"])),
                        team_size=draw(st.integers(1, 4)))
    standings = event_standings([s.players for s in sections], erules.rank)
    values = sorted(draw(st.lists(st.integers(0, 20000), max_size=3)), reverse=True)
    prizes = [Prize(f"junior {k}", k, m, category="junior") for k, m in enumerate(values, 1)]
    prizes += [Prize("event 1st", 1, draw(st.integers(0, 20000)))]
    event = PrizeList("event", standings, prizes, JUNIOR,
                      Rules(reference_date=REF.reference_date,
                            ties=draw(st.sampled_from(["tiebreak", "share", "hort"]))))
    clubs = PrizeList("clubs", club_standings([s.players for s in sections],
                                              erules.team_size),
                      [Prize("club 1st", 1, draw(st.integers(0, 10000)))], {})
    return sections, event, clubs, erules


@settings(max_examples=300, deadline=None)
@given(events())
def test_money_is_conserved_over_every_list(e):
    sections, event, clubs, erules = e
    result = allocate_event(sections, event, clubs, erules)
    offered = sum(z.money for lst in (*sections, event, clubs) for z in lst.prizes)
    lapsed = sum(z.money for _, a in result.lists for z, _why in a.unawarded)
    assert result.paid + lapsed == offered
    assert all(x.money >= 0 for _, a in result.lists for x in a.awards)


@settings(max_examples=300, deadline=None)
@given(events())
def test_nobody_gets_two_prizes_over_the_sections_and_the_event(e):
    sections, event, clubs, erules = e
    result = allocate_event(sections, event, clubs, erules)
    persons = Counter(x.player for k, a in result.lists if k != "clubs" for x in a.awards)
    assert all(c == 1 for c in persons.values()), persons

