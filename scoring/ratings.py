"""Rating calculations for one player and one tournament: DWZ (DSB) and FIDE Elo.

Pure functions over plain numbers so that the web app, the CLI and the tests share one
implementation; no Django. The formulas, sources and worked examples are in
``docs/ratings.md``.

DWZ, per the DSB Wertungsordnung (sections 3.3–3.6, Anhang 1.1–1.2):

- ``P(D) = ½(1 + erf(D/400))`` per game (normal distribution, σ = 200·√2),
  ``D = own rating − opponent's``; ``We = ΣP``.
- ``Rn = Ro + 800·(W − We)/(E + n)``, rounded; ``E = E0·fB + SBr`` with
  ``E0 = (Ro/1000)^4 + J`` (J = 5 up to 20 years, 10 for 21–25, 15 older),
  ``fB = Ro/2000`` clamped to [0.5, 1] for players up to 20 with ``W ≥ We`` (else 1),
  ``SBr = e^((1300 − Ro)/150) − 1`` for ``Ro < 1300`` and ``W < We`` (else 0).
  E is rounded, at least 5; with ``SBr = 0`` at most ``5·index`` (index ≤ 5) or 30;
  with ``SBr > 0`` at most 150.
- ``Rh`` (Turnierleistung) is the rating at which ``We = W``. WO 3.6 gives it only to
  players with at least 5 games against rated opponents; at 0 % or 100 % no finite
  rating satisfies ``We = W`` and the WO's own iteration (Anhang 1.1) cannot converge,
  so we report none (``rh is None``).
- First rating (Erst-DWZ, WO 3.4): at least 5 rated opponents and neither 0 % nor 100 %;
  the Erst-DWZ is the fixed point of the Gesamtiteration (Anhang 1.1), which for a
  single player against rated opponents is exactly ``Rh``; its index is 1. Games
  against other first-rating players of the same tournament (2. Zusatzstufe,
  simultaneous iteration) need the whole tournament and are not done here: pass only
  games against opponents who have a DWZ, plus the player's stored Restpartien.
- Provisional DWZ (the seed's program, Chaos: "1457-(5)"): a player without DWZ who
  has rated games but too few for a first rating gets the rating his games are worth
  (the same fixed point ``We = W``), written ``rating-(games)``. It is not a DWZ for his
  opponents (the WO keeps such games as Restpartien, 3.4.2); in his next tournament
  its games count towards the 5, as that many games against the provisional rating
  scored ½ each (they have exactly that performance), until a first rating is reached.

FIDE Elo, per the FIDE Rating Regulations (Handbook B.02, in force from 1 March 2024,
with the 400-point amendment in force from 1 October 2025): ``ΔR = score − PD(D)`` per
game with ``PD`` from table 8.1.2 (``scoring.fide_tables``) and ``D`` capped at 400 for
players rated below 2650 (uncapped from 2650); change ``= K·ΣΔR``, rounded.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.fide_tables import pd_exact

NOTE_FIRST = "first rating"
NOTE_NO_GAMES = "no rated games"
NOTE_TOO_FEW = "no first rating: fewer than 5 rated games"
NOTE_EXTREME = "no first rating: 0 % or 100 % score"
NOTE_PROVISIONAL = "provisional rating: fewer than 5 rated games"

#: WO 3.4.1.1 / 3.6: rated games needed for a first rating and for a performance Rh.
MIN_GAMES_FOR_RH = 5

#: B.02 8.3.1 (amended 1 October 2025): from this rating on the 400-point rule is off.
FIDE_UNCAPPED_FROM = 2650
FIDE_MAX_DIFFERENCE = 400


def _round_half_up(x: float | Fraction) -> int:
    """Round halves up (``round`` rounds halves to even, which no rating rule does)."""
    return math.floor(x + Fraction(1, 2)) if isinstance(x, Fraction) else math.floor(x + 0.5)


# --------------------------------------------------------------------------- DWZ


def dwz_probability(d: float) -> float:
    """DWZ expected score ``P(D)`` of a player rated ``d`` above the opponent (WO 3.3.1)."""
    return 0.5 * (1.0 + math.erf(d / 400.0))


def dwz_expected(rating: float, opponents: Sequence[int]) -> float:
    """``We = ΣP(D)`` of a player with ``rating`` against the given opponents (WO 3.3.2)."""
    return sum(dwz_probability(rating - opp) for opp in opponents)


def dwz_performance(opponents: Sequence[int], w: Fraction) -> int | None:
    """``Rh``: the rating at which ``We = W``, rounded; None at 0 % or 100 % (no solution).

    ``We`` is strictly increasing in the rating, so bisection is exact to well below the
    rounding step. The minimum-game rule of WO 3.6 is the caller's business
    (``dwz_evaluation`` applies it).
    """
    n = len(opponents)
    if n == 0 or w <= 0 or w >= n:
        return None
    target = float(w)
    # erf saturates ~2400 points away, so this bracket always holds the root.
    low, high = min(opponents) - 4000.0, max(opponents) + 4000.0
    for _ in range(100):
        mid = (low + high) / 2
        if dwz_expected(mid, opponents) < target:
            low = mid
        else:
            high = mid
    return _round_half_up((low + high) / 2)


def _age_constant(age: int | None) -> int:
    """J of Anhang 1.2: youth up to 20, juniors 21–25, everyone else (and unknown) 15."""
    if age is not None and age <= 20:
        return 5
    if age is not None and age <= 25:
        return 10
    return 15


def dwz_development_coefficient(
    ro: int, index: int | None, age: int | None, w: Fraction, we: float
) -> int:
    """E of Anhang 1.2, rounded and capped. ``index`` None (foreign rating) counts as 1."""
    e0 = (ro / 1000) ** 4 + _age_constant(age)
    youth = age is not None and age <= 20
    fb = min(1.0, max(0.5, ro / 2000)) if youth and w >= we else 1.0
    sbr = math.exp((1300 - ro) / 150) - 1 if ro < 1300 and w < we else 0.0
    e = max(5, _round_half_up(e0 * fb + sbr))
    if sbr > 0:
        return min(e, 150)
    idx = 1 if index is None else max(1, index)
    return min(e, 5 * idx if idx <= 5 else 30)


@dataclass(frozen=True)
class DwzResult:
    """One player's DWZ evaluation of one tournament.

    ``ro``: rating before (None: unrated). ``index``: the DWZ index *after* this
    evaluation (old index + 1 when rated games were played, 1 for a first rating, else
    unchanged; None while the player has no DWZ). ``w``/``n``: points and number of games
    against rated opponents. ``we``/``e``: expected score and development coefficient
    (None without ``ro`` or games). ``rh``: performance (None below 5 rated games or at
    0 %/100 %). ``rn``: rating after (None while unrated). ``note``: why a value is
    missing or special, "" for an ordinary evaluation. ``provisional``: ``rn`` is a
    provisional DWZ and ``index`` the number of rated games it rests on ("1457-(3)").
    """

    ro: int | None
    index: int | None
    w: Fraction
    n: int
    we: float | None
    e: int | None
    rh: int | None
    rn: int | None
    note: str
    provisional: bool = False


def dwz_text(rating: int | None, index: int | None, provisional: bool = False) -> str:
    """A DWZ as the DSB and the seed write it: ``1834-23`` (rating, index), ``1457-(3)``
    (provisional, from 3 rated games), ``1834`` without index, ``–`` without rating."""
    if rating is None:
        return "–"
    if provisional:
        return f"{rating}-({index if index is not None else 0})"
    return f"{rating}-{index}" if index is not None else str(rating)


def _without_dwz(
    previous: int | None, earlier: int, opponents: list[int], w: Fraction, rh: int | None,
) -> DwzResult:
    """A player without DWZ: a first rating, a provisional one, or none (see the module).

    ``previous``/``earlier``: a provisional DWZ brought in and the games it rests on (None
    and 0 without one); ``opponents``/``w``: this tournament's rated games.
    """
    n = len(opponents)
    if n == 0:
        if previous is None:
            return DwzResult(None, None, w, 0, None, None, None, None, NOTE_NO_GAMES)
        return DwzResult(previous, earlier, w, 0, None, None, None, previous, NOTE_NO_GAMES,
                         provisional=True)
    every = opponents + [previous] * earlier if previous is not None else opponents
    total = n + (earlier if previous is not None else 0)
    value = dwz_performance(every, w + Fraction(total - n, 2))
    if value is None:  # 0 % or 100 % with nothing brought in
        note = NOTE_EXTREME if n >= MIN_GAMES_FOR_RH else NOTE_TOO_FEW
        return DwzResult(None, None, w, n, None, None, rh, None, note)
    if total >= MIN_GAMES_FOR_RH:
        return DwzResult(previous, 1, w, n, None, None, rh, value, NOTE_FIRST)
    return DwzResult(previous, total, w, n, None, None, rh, value, NOTE_PROVISIONAL,
                     provisional=True)


def dwz_evaluation(
    ro: int | None,
    index: int | None,
    age: int | None,
    games: Sequence[tuple[int | None, Fraction]],
    provisional: bool = False,
) -> DwzResult:
    """Evaluate one player's tournament for the DWZ.

    ``games``: (opponent's DWZ, or None when unrated; points scored 0/½/1). Games against
    unrated opponents do not count (WO 3.3.2 needs the opponent's rating); forfeits must
    not be passed at all. ``age`` is the age reached in the year the tournament ends
    (None: adult, over 25). ``provisional``: ``ro`` is a provisional DWZ resting on
    ``index`` rated games (written ``ro-(index)``).
    """
    rated = [(opp, Fraction(score)) for opp, score in games if opp is not None]
    for _, score in rated:
        if not 0 <= score <= 1:
            raise ValueError(f"points per game must be between 0 and 1, got {score}")
    opponents = [opp for opp, _ in rated]
    w = sum((score for _, score in rated), Fraction(0))
    n = len(rated)
    rh = dwz_performance(opponents, w) if n >= MIN_GAMES_FOR_RH else None

    if ro is None or provisional:
        return _without_dwz(ro, max(0, index or 0) if ro is not None else 0, opponents, w, rh)

    if n == 0:
        return DwzResult(ro, index, w, 0, None, None, None, ro, NOTE_NO_GAMES)
    we = dwz_expected(ro, opponents)
    e = dwz_development_coefficient(ro, index, age, w, we)
    rn = _round_half_up(ro + 800 * (float(w) - we) / (e + n))
    new_index = 1 if index is None else index + 1
    return DwzResult(ro, new_index, w, n, we, e, rh, rn, "")


# --------------------------------------------------------------------------- FIDE Elo


def k_factor(
    rating: int,
    games_before: int,
    age: int | None,
    ever_2400: bool,
    games_in_period: int | None = None,
) -> int:
    """FIDE development coefficient K (B.02 section 8.3, standard chess; as since July 2014).

    40 for a player with fewer than 30 rated games so far, and for players under 18
    (``age`` at the start of the event; None: adult) while their rating is below 2300;
    10 once the published rating has reached 2400 (``ever_2400``, or ``rating ≥ 2400``)
    for good; else 20. With ``games_in_period``, K is lowered so that ``K·n ≤ 700``
    (the largest whole number that fits), as B.02 asks for heavy rating periods.
    """
    if games_before < 30 or (age is not None and age < 18 and rating < 2300):
        k = 40
    elif ever_2400 or rating >= 2400:
        k = 10
    else:
        k = 20
    if games_in_period:
        k = min(k, 700 // games_in_period)
    return k


def fide_expected(rating: int, opponent: int) -> Fraction:
    """``PD`` of table 8.1.2 for one game, with the 400-point rule as in force since 2025-10-01."""
    d = rating - opponent
    if rating < FIDE_UNCAPPED_FROM:
        d = max(-FIDE_MAX_DIFFERENCE, min(FIDE_MAX_DIFFERENCE, d))
    higher, lower = pd_exact(d)
    return higher if d >= 0 else lower


@dataclass(frozen=True)
class EloResult:
    """One player's FIDE rating change: ``change = K·(score − expected)``, rounded."""

    rating: int
    k: int
    games: int
    score: Fraction
    expected: float
    change: int
    new: int


def elo_change(rating: int, k: int, games: Sequence[tuple[int, Fraction]]) -> EloResult:
    """FIDE rating change of a rated player (B.02 8.3): ``K·Σ(score − PD)``.

    ``games``: (opponent's FIDE rating, points 0/½/1); games against unrated opponents
    must be left out by the caller. Sums are exact (table values are hundredths), so the
    rounding of K·ΣΔR is not disturbed by binary floating point; 0.5 rounds up.
    """
    score = sum((Fraction(s) for _, s in games), Fraction(0))
    expected = sum((fide_expected(rating, opp) for opp, _ in games), Fraction(0))
    change = _round_half_up(k * (score - expected))
    return EloResult(rating, k, len(games), score, float(expected), change, rating + change)
