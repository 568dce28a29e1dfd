"""Turnierwart's scoring core: the ``turnier/1`` document and standings for every discipline.

Pure Python over plain data (no Django, no database), so the web app, the API,
reports and scripts all compute standings with the same code::

    from scoring import load, standings
    table = standings(load("tournament.json"), after_round=2)

One module per discipline (:mod:`scoring.chess`, :mod:`scoring.mucken`,
:mod:`scoring.pussi`, :mod:`scoring.boardgame`, :mod:`scoring.tabletop`,
:mod:`scoring.skat`, :mod:`scoring.doppelkopf`) behind :mod:`scoring.registry`.

German words of the card and board-game halls stay where they name the thing:

- *Bobbl*: in Mucken, one game to the target (21 points); a round is usually two Bobbl.
- *Brille*: a Bobbl won to zero; it counts like any other.
- *Tore*: a party's points in the Bobbl it lost ("goals"); *Gegentore*: the
  opponents' points in the Bobbl this party won.
- *Plus*, *Plus-Minus*: the Schafkopf ways of counting (own points; own minus
  opponents'), shown for comparison only.
- *Pussi*: a card game of two parties of two; *Serie*: one sitting of a set
  number of games with drawn partners (a round of the document).
- *Spielansage*: the bid of the declaring party; *Schwarz*: a game in which a
  party took no trick, penalised with twice the bid; *Prämie*: the premium for
  the first party to reach 500 points in a series.
- *Rutschsystem*: the shift system of round-robin tables (used by ``pairing``).
- *Fenster-Auslosung*: the window draw, seats drawn at registration among the table
  with the first free seat and the next k tables; *Bereinigung*: the cleanup that
  moves the fewest entrants so that the first tables are full (``pairing.window``).
- *Feinbuchholz*: the DSB's fine Buchholz, the sum of the opponents' Buchholz.
- *Spielliste*: a Skat or Doppelkopf table's list, one line per game; *Serie*: a Skat
  series (48 games at a table of four, 36 at three); *Seeger-Fabian*: the Skat tournament
  score (value + 50 for a won game, -2 × value - 50 for a lost one, 40 or 30 to the others);
  *eingepasst*: a Skat game everyone passed; *Verlustspielgeld*: the Preisskat fee per lost
  game.
- *Re*, *Kontra*: the Doppelkopf parties (Re holds the Kreuz-Damen); *Pflichtsolo*,
  *Lustsolo*: the compulsory and the voluntary solo; *Hochzeit*: the wedding (both
  Kreuz-Damen in one hand); *Sonderpunkte*: the special points (gegen die Alten, Doppelkopf,
  Fuchs gefangen, Karlchen).
"""

from __future__ import annotations

from .document import check, check_file, load, parse
from .model import DocumentError, Problem, Tournament
from .standings import standings

__all__ = ["DocumentError", "Problem", "Tournament", "check", "check_file", "load", "parse",
           "standings"]
