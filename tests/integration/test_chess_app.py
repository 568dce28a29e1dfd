"""Chess Swiss inside the app: the Dutch engine through the services and the director's pages.

The draw through the services must be the one ``python -m pairing --dutch`` makes on the
tournament's own TRF; requested byes, withdrawals, late entries, set and forbidden
pairings change who is paired; a corrected result makes later rounds stale; every refusal
names its field.
"""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from pairing.trf import read_pairing, write
from tournaments import services
from tournaments.core_messages import lines
from tournaments.disciplines.chess import draw as chess_draw
from tournaments.disciplines.chess import games as chess_games
from tournaments.disciplines.chess import services as chess_services
from tournaments.disciplines.chess import trf as trf_services
from tournaments.disciplines.chess.models import ByeRequest, PairingRule
from tournaments.models import Entrant, Round
from tournaments.services import Actor, ServiceError

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
SCORES = ["1-0", "0-1", "1/2-1/2"]


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


@pytest.fixture
def swiss(director, actor):
    """swiss(n) -> a chess Swiss of n present players rated 2400, 2380, … (start number order)."""

    def make(n: int = 15, rounds: int = 5, name: str = "Schnellschach"):
        t = services.create_tournament(actor, name, "chess", planned_rounds=rounds)
        for i in range(1, n + 1):
            services.register(t, actor, [{"name": f"Spieler {i:02d}"}], status="present",
                              rating=2400 - 20 * i)
        t.refresh_from_db()
        return t

    return make


def entrant(t, number: int) -> Entrant:
    return t.entrants.get(start_number=number)


def results(t, actor, number: int, rng: random.Random, forfeit_every: int = 0) -> None:
    """Publish round ``number``, enter a result at every board, close it."""
    rnd = t.rounds.get(number=number)
    if rnd.status == Round.Status.PREVIEW:
        services.publish_round(t, actor, number)
    for k, table in enumerate(rnd.tables.order_by("number"), 1):
        score = "+-" if forfeit_every and k % forfeit_every == 0 else rng.choice(SCORES)
        services.director_set_result(table, actor, {"score": score})
    services.close_round(t, actor, number)


def play(t, actor, number: int, rng: random.Random, **kw) -> Round:
    rnd = services.draw_round(t, actor, seed=f"abend-{number}")
    results(t, actor, number, rng, **kw)
    return rnd


def boards(rnd: Round) -> list[tuple[int, int]]:
    """(white, black) start numbers per board, in board order."""
    out = []
    for table in rnd.tables.order_by("number").prefetch_related("seats__entrant"):
        sides = {s.side: s.entrant.start_number for s in table.seats.all()}
        out.append((sides[1], sides[2]))
    return out


def byes(rnd: Round) -> dict[int, str]:
    return {b.entrant.start_number: b.kind for b in rnd.byes.select_related("entrant")}


def points(t) -> dict[int, Fraction]:
    t.refresh_from_db()  # the cached standings are keyed by the tournament's version
    return {row["entrant"]: Fraction(str(row["values"]["points"]))
            for row in services.standings(t)["standings"]}


def paired(rnd: Round) -> set[int]:
    return {n for pair in boards(rnd) for n in pair}


def refused(field: str, call, *args, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as info:
        call(*args, **kwargs)
    assert field in info.value.errors, info.value.errors
    return info.value


# ----------------------------------------------------------------------------- the engine


def command_line_pairing(t, number: int, tmp_path: Path):
    """Round ``number`` as ``python -m pairing --dutch`` pairs the exported TRF."""
    src = tmp_path / f"before-{number}.trf"
    out = tmp_path / f"round-{number}.txt"
    src.write_text(write(trf_services.tournament_trf(t, upto_round=number - 1)),
                   encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pairing", "--dutch", str(src), "-p", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return read_pairing(out.read_text(encoding="utf-8"))


def test_dutch_draw_equals_the_command_line_on_the_exported_trf(swiss, actor, tmp_path):
    t = swiss(15, rounds=3)
    assert t.pairing == "dutch"
    rng = random.Random(7)
    chess_services.request_bye(t, actor, entrant(t, 4), 3, "half")
    chess_services.withdraw(t, actor, entrant(t, 9), 3)  # announced: plays rounds 1 and 2
    chess_services.forbid_pairing(t, actor, entrant(t, 2), entrant(t, 10))
    for number in (1, 2, 3):
        if number == 2:  # a late entry, rated highest: every pairing number moves
            services.register(t, actor, [{"name": "Spät"}], status="present", rating=2450)
        expected = command_line_pairing(t, number, tmp_path)
        rnd = services.draw_round(t, actor, seed=f"abend-{number}")
        assert rnd.draw_method == "dutch"
        pn = trf_services.number_for_entrant(t)
        got = set()
        for table in rnd.tables.prefetch_related("seats"):
            sides = {s.side: pn[s.entrant_id] for s in table.seats.all()}
            got.add((sides[1], sides[2]))
        assert got == set(expected.pairs)
        pab = [pn[b.entrant_id] for b in rnd.byes.all() if b.kind == "bye"]
        assert pab == ([expected.bye] if expected.bye else [])
        assert rnd.draw_explanation  # the engine's reasons are kept for the preview
        results(t, actor, number, rng, forfeit_every=5 if number == 2 else 0)
    assert byes(t.rounds.get(number=3)).get(4) == "half"
    assert 9 in paired(t.rounds.get(number=2)) and 9 not in paired(t.rounds.get(number=3))
    assert 16 in paired(t.rounds.get(number=2)) or byes(t.rounds.get(number=2)).get(16)


def test_boards_in_fide_order_higher_score_first(swiss, actor):
    t = swiss(12, rounds=4)
    rng = random.Random(3)
    play(t, actor, 1, rng)
    play(t, actor, 2, rng)
    rnd = services.draw_round(t, actor, seed="x")
    score = points(t)
    keys = []
    for w, b in boards(rnd):
        top = max(score[w], score[b])
        keys.append((-top, -(score[w] + score[b])))
    assert keys == sorted(keys)


def test_board_order_higher_score_then_sum_then_rank():
    points = {1: Fraction(2), 2: Fraction(1), 3: Fraction(2), 4: Fraction(2), 5: Fraction(3),
              6: Fraction(0), 7: Fraction(1, 2), 8: Fraction(1, 2)}
    pairs = [(8, 7), (2, 1), (4, 3), (6, 5)]
    # 5 (3) first; then 4-3 (2, sum 4) before 2-1 (2, sum 3); then 8-7.
    assert chess_draw._board_order(pairs, points) == [(6, 5), (4, 3), (2, 1), (8, 7)]
    same = {1: Fraction(1), 2: Fraction(1), 3: Fraction(1), 4: Fraction(1)}
    assert chess_draw._board_order([(4, 2), (3, 1)], same) == [(3, 1), (4, 2)]


def test_colour_clash_is_the_absolute_colour_criteria():
    clash = chess_games.colour_clash
    assert clash("A", ["w", "b", "w"], "w") == []  # difference +2 is allowed
    assert clash("A", [], "w") == [] and clash("A", ["w"], "w") == []
    assert clash("A", ["b", "w", "w"], "w") == ["A would get white for the third time in a row"]
    assert clash("A", ["w", "b", "w", "w", "b", "w"], "w") == [
        "A would have played 3 more games with white than with black"]
    assert len(clash("B", ["w", "b", "b"], "b")) == 1  # three in a row, difference -2
    assert len(clash("B", ["b", "b"], "b")) == 2  # three in a row and difference -3


# ----------------------------------------------------------------------------- byes, withdrawals


def test_half_point_bye_on_request_scores_half_and_is_not_paired(swiss, actor):
    t = swiss(10)
    rng = random.Random(1)
    play(t, actor, 1, rng)
    before = points(t)[3]
    request = chess_services.request_bye(t, actor, entrant(t, 3), 2, "half")
    assert request.kind == ByeRequest.Kind.HALF
    rnd = services.draw_round(t, actor)
    assert 3 not in paired(rnd)
    assert byes(rnd)[3] == "half"
    assert any("Spieler 03" in line for line in lines(rnd.draw_explanation))
    results(t, actor, 2, rng)
    assert points(t)[3] == before + Fraction(1, 2)
    assert t.log.filter(action="request_bye").exists()


def test_zero_point_bye_scores_nothing(swiss, actor):
    t = swiss(10)
    rng = random.Random(2)
    play(t, actor, 1, rng)
    before = points(t)[5]
    chess_services.request_bye(t, actor, 5, 2, "zero")  # a start number does as well
    rnd = services.draw_round(t, actor)
    assert 5 not in paired(rnd) and byes(rnd)[5] == "zero"
    results(t, actor, 2, rng)
    assert points(t)[5] == before


def test_cancelled_bye_is_paired_again(swiss, actor):
    t = swiss(8)
    chess_services.request_bye(t, actor, entrant(t, 2), 1, "half")
    chess_services.cancel_bye(t, actor, entrant(t, 2), 1)
    rnd = services.draw_round(t, actor)
    assert 2 in paired(rnd) and not byes(rnd)
    refused("entrant", chess_services.cancel_bye, t, actor, entrant(t, 2), 1)


def test_withdrawn_player_is_not_paired_from_that_round_and_may_come_back(swiss, actor):
    t = swiss(9)
    rng = random.Random(4)
    chess_services.withdraw(t, actor, entrant(t, 6), 3)  # announced ahead: still plays round 2
    play(t, actor, 1, rng)
    assert 6 in paired(play(t, actor, 2, rng))
    e = entrant(t, 6)
    assert e.status == Entrant.Status.PRESENT and e.withdrawn_from_round == 3
    rnd3 = play(t, actor, 3, rng)
    assert 6 not in paired(rnd3) and 6 not in byes(rnd3)
    e.refresh_from_db()
    assert e.status == Entrant.Status.WITHDRAWN  # from the round it was announced for
    chess_services.withdraw(t, actor, entrant(t, 6), None)  # comes back
    e.refresh_from_db()
    assert e.status == Entrant.Status.PRESENT and e.withdrawn_from_round is None
    rnd4 = services.draw_round(t, actor)
    assert 6 in paired(rnd4) or byes(rnd4).get(6) == "bye"
    refused("entrant", chess_services.withdraw, t, actor, entrant(t, 6), None)  # not withdrawn


def test_withdrawal_from_the_next_round_is_at_once(swiss, actor):
    t = swiss(7)
    play(t, actor, 1, random.Random(15))
    e = chess_services.withdraw(t, actor, entrant(t, 7), 2)
    assert e.status == Entrant.Status.WITHDRAWN and e.withdrawn_from_round == 2
    refused("from_round", chess_services.withdraw, t, actor, entrant(t, 7), 1)  # drawn already
    rnd = services.draw_round(t, actor)
    assert 7 not in paired(rnd) and not byes(rnd)  # six left: no bye either


def test_withdrawal_at_the_desk_counts_from_the_next_round(swiss, actor):
    t = swiss(6)
    play(t, actor, 1, random.Random(5))
    e = services.set_status(entrant(t, 2), actor, Entrant.Status.WITHDRAWN)
    assert e.withdrawn_from_round == 2
    assert 2 not in paired(services.draw_round(t, actor))
    e = services.set_status(e, actor, Entrant.Status.PRESENT)
    assert e.withdrawn_from_round is None


def test_withdrawal_cancels_later_requested_byes(swiss, actor):
    t = swiss(6)
    chess_services.request_bye(t, actor, entrant(t, 1), 3, "half")
    chess_services.withdraw(t, actor, entrant(t, 1), 2)
    assert not ByeRequest.objects.filter(tournament=t).exists()
    assert t.log.filter(action="withdraw").first().after["byes_cancelled"] == [3]


def test_late_entry_is_paired_from_its_joined_round(swiss, actor):
    t = swiss(9)
    rng = random.Random(6)
    play(t, actor, 1, rng)
    late = services.register(t, actor, [{"name": "Nachzügler"}], status="present",
                             rating=2500)  # top rated: the highest pairing number moves
    assert late.joined_round == 2
    rnd2 = play(t, actor, 2, rng)
    assert late.start_number in paired(rnd2) or byes(rnd2).get(late.start_number) == "bye"
    pn = trf_services.number_for_entrant(t)[late.pk]
    trf = trf_services.tournament_trf(t)
    assert trf.players[pn].cells[0].result == "Z"  # round 1 missed: absent, 0 points
    document = services.export_document(t)
    first = document["rounds"][0]
    assert all(late.start_number not in [s["entrant"] for s in tb["seats"]]
               for tb in first["tables"])


def test_late_entry_cannot_ask_for_a_bye_before_joining(swiss, actor):
    t = swiss(6)
    services.draw_round(t, actor)
    late = services.register(t, actor, [{"name": "Spät"}], status="present")
    assert late.joined_round == 2
    error = refused("round_number", chess_services.request_bye, t, actor, late, 1, "half")
    assert "already drawn" in str(error)


# ----------------------------------------------------------------------------- pairing rules


def test_forced_pairing_is_respected_and_the_engine_pairs_the_rest(swiss, actor):
    t = swiss(10)
    rule = chess_services.set_forced_pairing(t, actor, 1, entrant(t, 10), entrant(t, 1))
    assert rule.kind == PairingRule.Kind.FORCED and not rule.colour_clash_confirmed
    rnd = services.draw_round(t, actor)
    assert (10, 1) in boards(rnd)
    assert len(paired(rnd)) == 10 and not byes(rnd)
    assert any("Spieler 10" in line and "Spieler 01" in line
               for line in lines(rnd.draw_explanation))


def test_forced_pairing_refuses_a_rematch(swiss, actor):
    t = swiss(8)
    rnd = play(t, actor, 1, random.Random(8))
    white, black = boards(rnd)[0]
    error = refused("black", chess_services.set_forced_pairing, t, actor, 2, entrant(t, black),
                    entrant(t, white))
    assert "already played" in str(error)


def test_forced_pairing_colour_clash_needs_confirmation(swiss, actor):
    t = swiss(8)
    rng = random.Random(9)
    chess_services.set_forced_pairing(t, actor, 1, entrant(t, 1), entrant(t, 5))
    play(t, actor, 1, rng)
    # white twice: fine
    chess_services.set_forced_pairing(t, actor, 2, entrant(t, 1), entrant(t, 6))
    play(t, actor, 2, rng)
    error = refused("confirm_colour_clash", chess_services.set_forced_pairing, t, actor, 3,
                    entrant(t, 1), entrant(t, 7))
    assert "third time in a row" in str(error)
    assert not PairingRule.objects.filter(round_number=3).exists()
    rule = chess_services.set_forced_pairing(t, actor, 3, entrant(t, 1), entrant(t, 7),
                                       confirm_colour_clash=True)
    assert rule.colour_clash_confirmed
    assert "colour_clash" in t.log.filter(action="set_forced_pairing").first().after
    assert (1, 7) in boards(services.draw_round(t, actor))


def test_forced_pairing_refusals_name_their_field(swiss, actor):
    t = swiss(8)
    chess_services.request_bye(t, actor, entrant(t, 3), 1, "half")
    chess_services.set_forced_pairing(t, actor, 1, entrant(t, 1), entrant(t, 2))
    refused("black", chess_services.set_forced_pairing, t, actor, 1, entrant(t, 4), entrant(t, 4))
    refused("white", chess_services.set_forced_pairing, t, actor, 1, entrant(t, 1), entrant(t, 5))
    refused("black", chess_services.set_forced_pairing, t, actor, 1, entrant(t, 5), entrant(t, 2))
    refused("black", chess_services.set_forced_pairing, t, actor, 1, entrant(t, 5), entrant(t, 3))
    refused("round_number", chess_services.set_forced_pairing, t, actor, 0, entrant(t, 5),
            entrant(t, 6))
    refused("round_number", chess_services.set_forced_pairing, t, actor, 99, entrant(t, 5),
            entrant(t, 6))
    refused("white", chess_services.set_forced_pairing, t, actor, 1, 999, entrant(t, 6))
    refused("entrant", chess_services.request_bye, t, actor, entrant(t, 1), 1, "half")
    refused("kind", chess_services.request_bye, t, actor, entrant(t, 5), 1, "quarter")
    refused("entrant", chess_services.request_bye, t, actor, entrant(t, 3), 1, "zero")
    chess_services.forbid_pairing(t, actor, entrant(t, 5), entrant(t, 6))
    refused("black", chess_services.set_forced_pairing, t, actor, 1, entrant(t, 6), entrant(t, 5))
    refused("b", chess_services.forbid_pairing, t, actor, entrant(t, 6), entrant(t, 5))
    refused("b", chess_services.forbid_pairing, t, actor, entrant(t, 6), entrant(t, 6))
    refused("b", chess_services.forbid_pairing, t, actor, entrant(t, 2), entrant(t, 1))
    refused("rule", chess_services.delete_pairing_rule, t, actor, 10 ** 6)
    refused("from_round", chess_services.withdraw, t, actor, entrant(t, 7), 0)
    refused("entrant", chess_services.withdraw, t, actor, entrant(t, 1), 1)  # has a set game
    other = services.create_tournament(actor, "Anderes", "chess")
    refused("entrant", chess_services.request_bye, other, actor, entrant(t, 5), 1, "half")
    mucken = services.create_tournament(actor, "Mucken", "mucken", "pair")
    with pytest.raises(ServiceError):
        chess_services.request_bye(mucken, actor, 1, 1, "half")


def test_forbidden_pair_is_never_paired(swiss, actor):
    t = swiss(16, rounds=4)
    # Round 1 pairs pairing number 1 with 9 (top half against bottom half): forbid it.
    chess_services.forbid_pairing(t, actor, entrant(t, 1), entrant(t, 9))
    rng = random.Random(11)
    for number in (1, 2, 3, 4):
        rnd = play(t, actor, number, rng)
        assert (1, 9) not in boards(rnd) and (9, 1) not in boards(rnd)
    rule = PairingRule.objects.get(kind=PairingRule.Kind.FORBIDDEN)
    chess_services.delete_pairing_rule(t, actor, rule.pk)
    assert not PairingRule.objects.exists()


def test_set_pairing_of_a_drawn_round_cannot_be_deleted(swiss, actor):
    t = swiss(6)
    rule = chess_services.set_forced_pairing(t, actor, 1, entrant(t, 1), entrant(t, 4))
    services.draw_round(t, actor)
    refused("rule", chess_services.delete_pairing_rule, t, actor, rule.pk)


# ----------------------------------------------------------------------------- corrections


def test_corrected_result_makes_the_later_round_stale_and_redraw_clears_it(swiss, actor):
    t = swiss(10)
    rng = random.Random(12)
    play(t, actor, 1, rng)
    play(t, actor, 2, rng)
    rnd3 = services.draw_round(t, actor, seed="dritte")
    table = t.rounds.get(number=2).tables.get(number=3)
    current = table.result.payload["score"]
    services.director_set_result(table, actor, {"score": "0-1" if current != "0-1" else "1-0"})
    rnd3.refresh_from_db()
    assert rnd3.stale
    assert rnd3.stale_reason == "drawn before the result of table 3 in round 2 changed"
    assert t.rounds.get(number=2).stale is False
    services.director_set_result(table, actor, {"score": "1/2-1/2"})  # the same table again
    first = t.rounds.get(number=1).tables.get(number=1)
    services.director_set_result(first, actor, {"score": "--"})
    rnd3.refresh_from_db()
    assert rnd3.stale_reason == ("drawn before the result of table 3 in round 2 changed; "
                                 "drawn before the result of table 1 in round 1 changed")
    assert t.rounds.get(number=2).stale  # played already: it keeps the warning
    refused("round", services.redraw_round, t, actor, 2)  # only the last round
    again = services.redraw_round(t, actor, 3)
    assert not again.stale and again.stale_reason == ""
    assert again.draw_seed == "dritte" and again.status == Round.Status.PREVIEW
    entry = t.log.filter(action="redraw_round").first()
    assert entry.before["stale_reason"] and entry.after["seed"] == "dritte"


def test_same_result_again_changes_nothing(swiss, actor):
    t = swiss(6)
    rng = random.Random(13)
    play(t, actor, 1, rng)
    rnd2 = services.draw_round(t, actor)
    table = t.rounds.get(number=1).tables.get(number=1)
    services.director_set_result(table, actor, dict(table.result.payload))
    rnd2.refresh_from_db()
    assert not rnd2.stale


def test_redraw_refused_once_results_are_in(swiss, actor):
    t = swiss(6)
    rng = random.Random(14)
    play(t, actor, 1, rng)
    rnd2 = services.draw_round(t, actor)
    services.publish_round(t, actor, 2)
    services.director_set_result(rnd2.tables.first(), actor, {"score": "1-0"})
    error = refused("round", services.redraw_round, t, actor, 2)
    assert "has results" in str(error)


def test_redraw_takes_the_corrected_result_into_account(swiss, actor, tmp_path):
    t = swiss(6, rounds=3)
    services.draw_round(t, actor, seed="r1")
    services.publish_round(t, actor, 1)
    r1 = t.rounds.get(number=1)
    for table in r1.tables.all():
        services.director_set_result(table, actor, {"score": "1-0"})
    services.close_round(t, actor, 1)
    services.draw_round(t, actor, seed="r2")
    for table in r1.tables.all():  # the whites lost after all
        services.director_set_result(table, actor, {"score": "0-1"})
    score = points(t)
    w, b = boards(t.rounds.get(number=2))[0]
    assert score[w] == score[b] == 0  # board 1 was drawn for the old winners
    expected = command_line_pairing(t, 2, tmp_path)
    fresh = services.redraw_round(t, actor, 2)
    w, b = boards(fresh)[0]
    assert score[w] == score[b] == 1
    pn = trf_services.number_for_entrant(t)
    got = {(pn[entrant(t, w).pk], pn[entrant(t, b).pk]) for w, b in boards(fresh)}
    assert got == set(expected.pairs)


# ----------------------------------------------------------------------------- the director's pages


@pytest.fixture
def dclient(director_client):
    return director_client


def test_tournament_page_shows_the_next_round_panel(dclient, swiss, actor):
    t = swiss(6)
    chess_services.request_bye(t, actor, entrant(t, 2), 1, "zero")
    chess_services.forbid_pairing(t, actor, entrant(t, 3), entrant(t, 4))
    page = dclient.get(f"/director/{t.slug}/").content.decode()
    assert 'id="next-round"' in page and "Requested byes" in page
    assert "2. Spieler 02" in page and "zero-point bye" in page
    assert "3. Spieler 03 – 4. Spieler 04" in page
    # the clash confirmation stays hidden until a set pairing clashes
    assert '<input type="hidden" name="forced-confirm_colour_clash"' in page
    assert 'type="checkbox" name="forced-confirm_colour_clash"' not in page


def test_bye_requested_and_cancelled_through_the_page(dclient, swiss):
    t = swiss(6)
    e = entrant(t, 5)
    r = dclient.post(f"/director/{t.slug}/swiss/byes/",
                     {"bye-entrant": e.pk, "bye-round_number": 1, "bye-kind": "half"})
    assert r.status_code == 302 and r.url.endswith("#next-round")
    bye = ByeRequest.objects.get(entrant=e)
    r = dclient.post(f"/director/{t.slug}/swiss/byes/{bye.pk}/cancel/")
    assert r.status_code == 302 and not ByeRequest.objects.exists()


def test_refused_bye_shows_the_error_at_the_field(dclient, swiss, actor):
    t = swiss(6)
    services.draw_round(t, actor)
    r = dclient.post(f"/director/{t.slug}/swiss/byes/",
                     {"bye-entrant": entrant(t, 5).pk, "bye-round_number": 1, "bye-kind": "half"})
    assert r.status_code == 400
    page = r.content.decode()
    form = page[page.index('id="bye-form"'):page.index('id="set-pairings"')]
    assert "has-error" in form and "already drawn" in form
    assert not ByeRequest.objects.exists()


def test_colour_clash_asks_for_the_checkbox_then_sets_the_game(dclient, swiss, actor):
    t = swiss(8)
    rng = random.Random(21)
    chess_services.set_forced_pairing(t, actor, 1, entrant(t, 2), entrant(t, 6))
    play(t, actor, 1, rng)
    chess_services.set_forced_pairing(t, actor, 2, entrant(t, 2), entrant(t, 7))
    play(t, actor, 2, rng)
    data = {"forced-round_number": 3, "forced-white": entrant(t, 2).pk,
            "forced-black": entrant(t, 8).pk}
    r = dclient.post(f"/director/{t.slug}/swiss/pairings/set/", data)
    assert r.status_code == 400
    page = r.content.decode()
    form = page[page.index('id="forced-form"'):page.index('id="forbidden-pairings"')]
    assert 'type="checkbox" name="forced-confirm_colour_clash"' in form
    assert "third time in a row" in form
    r = dclient.post(f"/director/{t.slug}/swiss/pairings/set/",
                     {**data, "forced-confirm_colour_clash": "on"})
    assert r.status_code == 302
    assert PairingRule.objects.get(round_number=3).colour_clash_confirmed


def test_withdraw_and_come_back_through_the_page(dclient, swiss):
    t = swiss(6)
    e = entrant(t, 4)
    r = dclient.post(f"/director/{t.slug}/swiss/withdraw/",
                     {"withdraw-entrant": e.pk, "withdraw-from_round": 1})
    assert r.status_code == 302
    e.refresh_from_db()
    assert e.status == Entrant.Status.WITHDRAWN and e.withdrawn_from_round == 1
    r = dclient.post(f"/director/{t.slug}/swiss/entrants/4/back/")
    e.refresh_from_db()
    assert e.status == Entrant.Status.PRESENT and e.withdrawn_from_round is None
    r = dclient.post(f"/director/{t.slug}/swiss/withdraw/",
                     {"withdraw-entrant": e.pk, "withdraw-from_round": ""})
    assert r.status_code == 400 and "This field is required." in r.content.decode()


def test_forbid_and_delete_through_the_page(dclient, swiss):
    t = swiss(6)
    r = dclient.post(f"/director/{t.slug}/swiss/pairings/forbid/",
                     {"forbid-a": entrant(t, 1).pk, "forbid-b": entrant(t, 1).pk})
    assert r.status_code == 400 and "choose two different players" in r.content.decode()
    dclient.post(f"/director/{t.slug}/swiss/pairings/forbid/",
                 {"forbid-a": entrant(t, 1).pk, "forbid-b": entrant(t, 2).pk})
    rule = PairingRule.objects.get()
    dclient.post(f"/director/{t.slug}/swiss/pairings/{rule.pk}/delete/")
    assert not PairingRule.objects.exists()


def test_round_page_lists_boards_with_colours_and_the_explanation(dclient, swiss, actor):
    t = swiss(7)
    services.draw_round(t, actor)
    page = dclient.get(f"/director/{t.slug}/rounds/1/").content.decode()
    pairings = page[page.index('id="pairings"'):]
    assert "<th class=\"name\">White</th>" in pairings and "<th>Black</th>" in pairings
    assert 'id="board-3"' in pairings and 'id="board-4"' not in pairings
    assert 'id="draw-explanation"' in page and "Pairing-allocated bye" in page
    assert "Swiss, FIDE Dutch system" in page


def test_stale_round_warns_and_redraws_from_the_page(dclient, swiss, actor):
    t = swiss(6)
    rng = random.Random(22)
    play(t, actor, 1, rng)
    services.draw_round(t, actor, seed="zwei")
    table = t.rounds.get(number=1).tables.get(number=2)
    score = table.result.payload["score"]
    r = dclient.post(f"/director/{t.slug}/rounds/1/tables/2/result/",
                     {"entry": "json", "t2-payload": '{"score": "%s"}'
                      % ("1-0" if score != "1-0" else "0-1"), "t2-note": ""})
    assert r.status_code == 302
    page = dclient.get(f"/director/{t.slug}/rounds/2/").content.decode()
    assert 'id="stale"' in page and "table 2 in round 1 changed" in page
    assert f'action="/director/{t.slug}/rounds/2/redraw/"' in page
    r = dclient.post(f"/director/{t.slug}/rounds/2/redraw/")
    assert r.status_code == 302
    page = dclient.get(f"/director/{t.slug}/rounds/2/").content.decode()
    assert 'id="stale"' not in page
    assert t.log.filter(action="redraw_round").exists()


def test_stale_round_with_results_offers_no_redraw(dclient, swiss, actor):
    t = swiss(6)
    rng = random.Random(23)
    play(t, actor, 1, rng)
    play(t, actor, 2, rng)
    table = t.rounds.get(number=1).tables.get(number=1)
    score = table.result.payload["score"]
    services.director_set_result(table, actor, {"score": "1-0" if score != "1-0" else "0-1"})
    page = dclient.get(f"/director/{t.slug}/rounds/2/").content.decode()
    assert 'id="stale"' in page and "/redraw/" not in page
    assert dclient.post(f"/director/{t.slug}/rounds/2/redraw/").status_code == 302
    assert t.rounds.get(number=2).stale  # refused: results are in


def test_marked_absent_keeps_an_announced_withdrawal(swiss, actor):
    t = swiss(6)
    chess_services.withdraw(t, actor, entrant(t, 3), 4)
    e = services.set_status(entrant(t, 3), actor, Entrant.Status.ABSENT)
    assert e.withdrawn_from_round == 4
    assert 3 not in paired(services.draw_round(t, actor))  # absent tonight: not paired
    assert 3 not in byes(t.rounds.get(number=1))  # and no bye: 0 points


def test_set_pairing_checked_again_when_its_round_is_drawn(dclient, swiss, actor):
    t = swiss(8)
    rng = random.Random(24)
    chess_services.set_forced_pairing(t, actor, 1, entrant(t, 1), entrant(t, 5))
    play(t, actor, 1, rng)
    # white twice: fine
    chess_services.set_forced_pairing(t, actor, 3, entrant(t, 1), entrant(t, 7))
    chess_services.set_forced_pairing(t, actor, 2, entrant(t, 1), entrant(t, 6))  # ... until this
    play(t, actor, 2, rng)
    r = dclient.post(f"/director/{t.slug}/rounds/draw/", {"method": "dutch", "seed": ""})
    assert r.status_code == 400
    page = r.content.decode()
    assert "colour clash" in page and "third time in a row" in page
    assert not t.rounds.filter(number=3).exists()


def test_undoing_the_draw_before_a_withdrawal_keeps_the_player_in_it(swiss, actor):
    """Withdrawn from round 3, then round 2's draw is undone: the player still plays round 2,
    in the app's draw and in the TRF the engines would see."""
    from pairing.trf import state_before_round
    from tournaments.disciplines.chess.trf import number_for_entrant, tournament_trf

    t = swiss(7)
    play(t, actor, 1, random.Random(3))
    services.draw_round(t, actor, seed="zwei")
    e = chess_services.withdraw(t, actor, entrant(t, 7), 3)
    assert e.status == Entrant.Status.WITHDRAWN and e.withdrawn_from_round == 3
    services.undo_draw(t, actor)
    state = state_before_round(tournament_trf(t, upto_round=1), 2)
    seven = number_for_entrant(t)[e.pk]
    assert not next(p for p in state.players if p.number == seven).absent
    assert 7 in paired(services.draw_round(t, actor, seed="zwei"))
