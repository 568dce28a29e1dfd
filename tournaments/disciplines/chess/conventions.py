"""The conventions of the seed's chess program the draw follows: lots and fixed choices.

* **Player 1's colour in round 1** of a Swiss: from an imported file (``XXC white1`` /
  ``black1``, kept in ``details["initial_colour"]``), else as the setting
  ``first_colour`` fixes it, else drawn by lot with round 1's seed
  (:func:`pairing.lot.colour_by_lot`), so the TRF written later says the same.
* **Round-robin numbers**: start-number order, or (setting ``round_robin_numbers =
  "lot"``) drawn by lot with round 1's seed (:func:`pairing.lot.numbers_by_lot`).
"""

from __future__ import annotations

from pairing.lot import colour_by_lot, numbers_by_lot
from scoring.i18n import N_, Message

from ...models import Tournament

COLOUR_WORDS = {"w": "white", "b": "black"}


def _round_one_seed(t: Tournament, methods: tuple[str, ...]) -> str | None:
    first = t.rounds.filter(number=1).values_list("draw_method", "draw_seed").first()
    if first is None or first[0] not in methods:
        return None
    return first[1]


def first_colour(t: Tournament, seed: str | None = None) -> tuple[str, str] | None:
    """(``"w"``/``"b"``, how: ``file``, ``setting`` or ``lot``) for pairing number 1 in
    round 1; ``seed``: round 1's seed while it is being drawn. None: not known yet (a lot
    before round 1 is drawn, or round 1 not drawn by the Dutch system)."""
    given = (t.details or {}).get("initial_colour")
    if given in COLOUR_WORDS:
        return given, "file"
    setting = t.disc.settings(t).first_colour
    if setting in ("white", "black"):
        return setting[0], "setting"
    seed = seed if seed is not None else _round_one_seed(t, ("dutch",))
    return None if seed is None else (colour_by_lot(seed), "lot")


def first_colour_line(colour: str, how: str, seed: str) -> Message:
    """The draw's explanation of player 1's colour in round 1 (said in the reader's
    language, :mod:`tournaments.core_messages`)."""
    word = N_("White") if colour == "w" else N_("Black")
    if how == "lot":
        return N_("Colour of pairing number 1 in round 1 drawn by lot (seed %(seed)s): "
                  "%(colour)s", seed=seed, colour=word)
    if how == "setting":
        return N_("Colour of pairing number 1 in round 1 as set in the settings: %(colour)s",
                  colour=word)
    return N_("Colour of pairing number 1 in round 1 as the imported file says: %(colour)s",
              colour=word)


def round_robin_order(t: Tournament, start_numbers: list[int], seed: str | None = None
                      ) -> list[int] | None:
    """The start numbers in round-robin number order when the numbers are drawn by lot (with
    round 1's seed, or ``seed`` while round 1 is drawn); None: start-number order."""
    if t.disc.settings(t).round_robin_numbers != "lot":
        return None
    seed = seed if seed is not None else round_robin_seed(t)
    if seed is None:
        return None
    return numbers_by_lot(sorted(start_numbers), seed)


def round_robin_seed(t: Tournament) -> str | None:
    """The seed of round 1 of a round robin (its numbers were drawn with it)."""
    return _round_one_seed(t, ("round_robin", "round_robin_shift"))
