"""The window draw at registration, the cleanup and the study (pairing/window*.py).

The draw must stay inside the window and gap-free before it, honour "random up to" and
"sequential from", and replay from the seed. The cleanup is checked against exhaustive
search over every assignment of small cases; the study's command line for its JSON,
determinism and exit 2 on bad arguments, and the seed's +4 figures as we find them.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import permutations

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import window_study
from pairing.window import (
    Seat,
    WindowSettings,
    cleanup,
    draw_for_registrations,
    first_free,
    next_seat,
    registration_rng,
    table_seats,
    window_tables,
)


def seats_of(tables, per_side: int) -> list[Seat]:
    return [s for t in tables for s in table_seats(t, per_side)]


# ---- seats and settings ----------------------------------------------------------------------

def test_seats_order_by_table_side_position():
    assert sorted([Seat(2, 1, 0), Seat(1, 2, 1), Seat(1, 2, 0), Seat(1, 1, 1)]) == [
        Seat(1, 1, 1), Seat(1, 2, 0), Seat(1, 2, 1), Seat(2, 1, 0)]


@pytest.mark.parametrize("args", [(0, 1, 0), (1, 3, 0), (1, 0, 0), (1, 1, -1)])
def test_a_seat_outside_any_table_is_refused(args):
    with pytest.raises(ValueError):
        Seat(*args)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"window": -1}, "window must be 0..10"),
    ({"window": 11}, "window must be 0..10"),
    ({"per_side": 0}, "per_side"),
    ({"random_up_to": -1}, "random_up_to"),
    ({"sequential_from": 0}, "sequential_from"),
])
def test_bad_settings_say_what_is_wrong(kwargs, message):
    with pytest.raises(ValueError, match=message):
        WindowSettings(**kwargs)


# ---- the window draw -------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(per_side=st.sampled_from([1, 2]), window=st.integers(0, 5),
       count=st.integers(0, 40), seed=st.text(max_size=8))
def test_every_draw_is_in_the_window_and_gap_free_before_it(per_side, window, count, seed):
    config = WindowSettings(per_side=per_side, window=window)
    seats = draw_for_registrations(count, config, seed)
    assert len(set(seats)) == count  # no seat given twice
    taken: set[Seat] = set()
    for seat in seats:
        first = first_free(taken, per_side).table
        assert seat not in taken and seat.position < per_side
        assert first <= seat.table <= first + window
        taken.add(seat)
        first = first_free(taken, per_side).table
        assert set(seats_of(range(1, first), per_side)) <= taken  # full before the window
        assert max(s.table for s in taken) <= first + window  # nothing beyond it


def test_the_draw_is_uniform_over_the_free_seats_of_the_window():
    config = WindowSettings(per_side=1, window=2)
    taken = {Seat(1, 1), Seat(2, 2)}
    counts = {s: 0 for s in seats_of(range(1, 4), 1) if s not in taken}
    for i in range(2000):
        counts[next_seat(taken, config, random.Random(i))] += 1
    assert all(400 < c < 600 for c in counts.values()), counts  # 4 seats, 500 expected


def test_window_zero_fills_table_by_table():
    seats = draw_for_registrations(12, WindowSettings(per_side=2, window=0), "z")
    assert [s.table for s in seats] == [1] * 4 + [2] * 4 + [3] * 4


def test_random_up_to_draws_from_all_those_tables_first():
    config = WindowSettings(window=1, random_up_to=5)
    assert window_tables(1, config) == range(1, 6)
    assert window_tables(5, config) == range(5, 7)  # the window is longer from here
    assert window_tables(6, config) == range(6, 8)
    firsts = {next_seat(set(), config, random.Random(i)).table for i in range(300)}
    assert firsts == {1, 2, 3, 4, 5}


def test_sequential_from_gives_the_first_free_seat_and_bounds_the_random_range():
    config = WindowSettings(window=4, random_up_to=8, sequential_from=5)
    assert window_tables(1, config) == range(1, 5)
    assert window_tables(4, config) == range(4, 5)
    assert window_tables(5, config) is None
    taken = set(seats_of(range(1, 5), 1)) | {Seat(6, 1)}
    assert {next_seat(taken, config, random.Random(i)) for i in range(50)} == {Seat(5, 1)}
    draws = draw_for_registrations(40, config, "s")
    assert all(s.table <= 4 for s in draws[:8])
    assert draws[8:] == seats_of(range(5, 21), 1)


def test_sequential_from_table_one_is_plain_sequential_seating():
    config = WindowSettings(per_side=2, sequential_from=1)
    assert draw_for_registrations(8, config, "q") == seats_of(range(1, 3), 2)


def test_each_registration_replays_from_the_seed_and_its_number():
    config = WindowSettings(per_side=2, window=3)
    seats = draw_for_registrations(30, config, "turnierwart")
    assert seats == draw_for_registrations(30, config, "turnierwart")
    assert seats != draw_for_registrations(30, config, "other")
    for i, seat in enumerate(seats):
        assert next_seat(seats[:i], config, registration_rng("turnierwart", i)) == seat


def test_a_taken_seat_outside_the_layout_is_refused():
    with pytest.raises(ValueError, match="outside the layout"):
        next_seat({Seat(1, 1, 1)}, WindowSettings(per_side=1), random.Random(0))


# ---- the cleanup -----------------------------------------------------------------------------

def test_cleanup_moves_the_entrants_beyond_the_last_table_keeping_roles():
    assignment = {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(2, 1), 4: Seat(3, 2), 5: Seat(4, 1),
                  6: Seat(3, 1)}
    result = cleanup(assignment, per_side=1)
    assert result.tables == 3
    assert [(m.entrant, m.to_seat, m.keeps_role) for m in result.moves] == [
        (5, Seat(2, 2), False)]
    assert sorted(result.final.values()) == seats_of(range(1, 4), 1)
    assert result.final[4] == Seat(3, 2) and result.role_changes == 1


def test_cleanup_matches_the_same_side_first():
    assignment = {"a": Seat(1, 1), "b": Seat(2, 2), "c": Seat(3, 1), "d": Seat(3, 2)}
    moves = cleanup(assignment, per_side=1).moves
    assert [(m.entrant, m.to_seat, m.keeps_role) for m in moves] == [
        ("c", Seat(2, 1), True), ("d", Seat(1, 2), True)]


@pytest.mark.parametrize(("n", "per_side", "message"), [
    (21, 1, "21 entrants do not fill tables of 2: 1 missing for 11 full tables, "
            "or 1 too many for 10"),
    (11, 2, "1 missing for 3 full tables, or 3 too many for 2"),
    (3, 2, "1 missing for 1 full tables$"),
])
def test_cleanup_says_how_many_entrants_are_missing_or_too_many(n, per_side, message):
    seats = seats_of(range(1, 20), per_side)[:n]
    with pytest.raises(ValueError, match=message):
        cleanup(dict(enumerate(seats)), per_side)


def test_cleanup_refuses_a_seat_twice_or_outside_the_layout():
    with pytest.raises(ValueError, match="both on"):
        cleanup({1: Seat(1, 1), 2: Seat(1, 1)}, 1)
    with pytest.raises(ValueError, match="outside the layout"):
        cleanup({1: Seat(1, 1), 2: Seat(1, 2, 1)}, 1)


def test_cleanup_of_nobody_is_empty():
    result = cleanup({}, 2)
    assert (result.moves, result.final, result.tables) == ([], {}, 0)


def brute_force(assignment: dict[int, Seat], per_side: int) -> tuple[int, int]:
    """The best (moves, roles changed) over every way to seat everybody on tables 1..T."""
    entrants = list(assignment)
    targets = seats_of(range(1, len(entrants) // (2 * per_side) + 1), per_side)
    big = len(entrants) + 1  # one move outweighs all role changes: lexicographic order
    cost = [[big * (t != assignment[e]) + (t.side != assignment[e].side) for t in targets]
            for e in entrants]
    best = min(sum(row[j] for row, j in zip(cost, perm, strict=True))
               for perm in permutations(range(len(targets))))
    return divmod(best, big)


@st.composite
def assignments(draw):
    per_side = draw(st.sampled_from([1, 2]))
    size = 2 * per_side
    n = size * draw(st.integers(0, 8 // size))
    pool = seats_of(range(1, 5), per_side)
    seats = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))
    ids = draw(st.permutations(range(100, 100 + n)))
    return dict(zip(ids, seats, strict=True)), per_side


@settings(max_examples=80, deadline=None)
@given(case=assignments())
def test_cleanup_is_optimal_against_exhaustive_search(case):
    assignment, per_side = case
    result = cleanup(assignment, per_side)
    assert (len(result.moves), result.role_changes) == brute_force(assignment, per_side)
    assert sorted(result.final.values()) == seats_of(range(1, result.tables + 1), per_side)
    moved = {m.entrant for m in result.moves}
    for e, seat in assignment.items():
        assert (e in moved) == (seat.table > result.tables)
        assert result.final[e] == seat or e in moved
    for m in result.moves:
        assert m.keeps_role == (m.from_seat.side == m.to_seat.side)
        assert m.from_seat == assignment[m.entrant] and result.final[m.entrant] == m.to_seat
    assert cleanup(assignment, per_side) == result  # deterministic


# ---- the study -------------------------------------------------------------------------------

def run_study(capsys, *args: str) -> tuple[int, str, str]:
    code = window_study.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_study_prints_the_figures_per_window(capsys):
    code, out, _ = run_study(capsys, "--entrants", "12", "--seats-per-table", "2",
                             "--windows", "0,2-3", "--runs", "7", "--seed", "S")
    assert code == 0
    doc = json.loads(out)
    assert {k: doc[k] for k in ("entrants", "seats_per_table", "seed")} == {
        "entrants": 12, "seats_per_table": 2, "seed": "S"}
    assert [w["window"] for w in doc["windows"]] == [0, 2, 3]
    for w in doc["windows"]:
        assert set(w) == {"window", "runs", "mean", "median", "q1", "q3", "min", "max"}
        assert w["runs"] == 7 and w["min"] <= w["q1"] <= w["median"] <= w["q3"] <= w["max"]
    assert doc["windows"][0] | {"window": 0} == {"window": 0, "runs": 7, "mean": 0,
                                                 "median": 0, "q1": 0, "q3": 0, "min": 0,
                                                 "max": 0}
    assert run_study(capsys, "--entrants", "12", "--windows", "0,2-3", "--runs", "7",
                     "--seed", "S")[1] == out  # same arguments, same output


def test_a_windows_figures_do_not_depend_on_the_other_windows(capsys):
    alone = json.loads(run_study(capsys, "--windows", "3", "--runs", "20")[1])
    among = json.loads(run_study(capsys, "--windows", "1-5", "--runs", "20")[1])
    assert alone["windows"][0] == among["windows"][2]


def test_quartiles_are_the_inclusive_method():
    assert window_study.summary([0, 1, 1, 2, 5]) == {
        "mean": 1.8, "median": 1, "q1": 1, "q3": 2, "min": 0, "max": 5}
    assert window_study.summary([0, 1, 2, 3])["q1"] == 0.75
    assert window_study.summary([4])["median"] == 4


@pytest.mark.parametrize("args", [
    ["--windows", "3-1"], ["--windows", "a"], ["--windows", "11"], ["--windows", "1,-2"],
    ["--runs", "0"], ["--runs", "x"], ["--seats-per-table", "3"], ["--entrants", "21"],
    ["--entrants", "2", "--seats-per-table", "4"],
    ["--entrants", "20,40", "--seats-per-table", "2,4,2"], ["--frob"],
])
def test_bad_arguments_exit_2_with_a_reason(capsys, args):
    code, out, err = run_study(capsys, *args)
    assert code == 2 and not out
    assert "error: " in err and "Traceback" not in err


def test_bad_arguments_from_the_shell_give_no_traceback():
    out = subprocess.run([sys.executable, "-m", "pairing.window_study", "--runs", "-1"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2
    assert out.stderr.splitlines()[-1] == "error: --runs must be 1 or more, not -1"


def test_both_configurations_make_two_panels_of_one_plot(capsys, tmp_path):
    svg = tmp_path / "plot.svg"
    code, out, _ = run_study(capsys, "--entrants", "20,40", "--seats-per-table", "2,4",
                             "--windows", "1-2", "--runs", "5", "--svg", str(svg))
    assert code == 0
    assert [s["seats_per_table"] for s in json.loads(out)["studies"]] == [2, 4]
    root = ET.parse(svg).getroot()
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts.count("window (+k tables)") == 2
    assert texts.count("moves needed at cleanup") == 2
    assert "fixed pairs: 20 entrants, 10 tables" in texts
    assert "single players: 40 entrants, 10 tables" in texts


@pytest.mark.parametrize(("entrants", "seats", "median", "mean"), [
    (20, 2, 2, 1.62),  # the seed: median 2, mean a bit below 2
    (40, 4, 3, 2.63),  # the seed: median 2, mean a bit above 2 (see docs/window-study.md)
])
def test_the_seed_configurations_at_plus_four(entrants, seats, median, mean):
    row = window_study.study(entrants, seats, [4], 100, "turnierwart")["windows"][0]
    assert (row["median"], row["mean"]) == (median, mean)


def test_seed_mucken_default_window_is_plus_four():
    # The Muckturnier program's recommendation: a window of the first table with a free
    # seat and the 4 after it, no fully random tables, no strictly sequential ones.
    default = WindowSettings()
    assert (default.window, default.random_up_to, default.sequential_from) == (4, 0, None)
    from tournaments.services.seating import REGISTRATION_DEFAULTS  # the app's default too

    assert REGISTRATION_DEFAULTS == {"window": 4, "random_up_to": 0, "sequential_from": None}
