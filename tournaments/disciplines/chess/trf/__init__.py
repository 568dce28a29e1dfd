"""Chess tournaments as FIDE Tournament Report Files (TRF-16), both ways.

:func:`tournament_trf` gives the Dutch engine (and any FIDE-endorsed engine) the
tournament as :mod:`pairing.trf` reads a file; :func:`export_trf` writes it as
text; :func:`import_trf` creates a tournament from a file, all or nothing.

**Pairing numbers are the initial ranking** (:func:`initial_ranking`), not the
start numbers of the desk, which follow the order of registration. The ranking
depends only on the entrants' ratings and names, never on results, so it is the
same before and after every round. An entrant who signs up late is inserted by
rating and moves everybody below him down one number: each call numbers the
whole history anew, so the engine always sees a consistent file, but numbers
in a file written before the late entry no longer match.
:func:`entrant_for_number` translates the engine's numbers back.

**Rounds.** A round cell comes from the entrant's seat and the table's result
(side 1 is white), or from a bye (``bye`` U, ``half`` H, ``zero`` Z,
``forfeit-win`` F); neither means absent (Z), which also covers rounds before
``joined_round`` and from ``withdrawn_from_round`` on. The round after the last
one exported carries only what is known before it is paired: byes already
given in it (H/Z/F), bye requests (H/Z), and Z for a late entry not yet in,
a withdrawn or an absent entrant; :func:`pairing.trf.state_before_round` leaves
them all unpaired. Bye requests for later rounds are written as ``240`` lines.
An import stores a ``Z`` of a paired round as a ``zero`` bye (so the round can
be paired again from the database) and a ``Z``/``H`` of a later round as a
bye request. Cells are read as :mod:`pairing.trf` reads them: in a paired round
``0000 - +`` is ``F`` (stored as a ``forfeit-win`` bye), ``0000 - -`` and a blank
cell ``Z``. A file with ``XXC rank`` keeps its initial ranking as the list of
start numbers ``details["ranking"]`` and is written back with ``XXC rank``.

**Header facts** live in ``Tournament.details`` under the keys of
:data:`HEADER` (``city``, ``start_date`` … as the file's text), ``deputy_arbiters``
and ``round_dates`` (lists), ``initial_colour`` (``"w"``/``"b"``, written as
``XXC``; taken from the first round when the file does not say, as the engines
infer it), ``ranking`` (``XXC rank``), and ``trf_lines`` (lines we do not
interpret, written back verbatim).
The point system is ``Tournament.scoring`` (``win``/``draw``/``loss``/``bye``);
forbidden pairs are :class:`~tournaments.models.PairingRule` rows (``XXP``, or
``260`` for one round).

**What a round trip changes** (:func:`trf_differences` compares by meaning):
the order of the header lines; the score and rank columns are recomputed (rank:
score, then pairing number); a blank cell of a paired round comes back as ``Z``;
``XXZ`` and ``240`` announcements of later rounds come back as cells (next
round) or ``240`` lines; an ``XXP`` of three or more players as one line per
pair; ``152``/``142``/``XXS`` as ``XXC``/``XXR``/``162`` + ``BB?``; titles as
TRF letters (``GM`` -> ``g``); TRF-26 unrated results ``W``/``D``/``L`` as
``1``/``=``/``0``; forfeits without colours keep them only through
``Round.extra["trf_uncoloured"]``; byes written without opponent or in lower case
come back as ``0000 - F``/``Z``/``H``/``U``; a rank column of tie-break standings
comes back as score-then-number ranks; anything in columns 1-80 outside the known
fields is dropped. Refused: points other than 0 for zero-point byes and forfeit
losses, a half-point bye not worth a draw, a full-point bye announced ahead.
"""

from .compare import player_facts, trf_differences
from .ranking import (
    BYE_CODE,
    HEADER,
    LIST_HEADER,
    REBUILT,
    SCORE_CODES,
    TITLE_ORDER,
    TRF_TITLE,
    entrant_for_number,
    initial_ranking,
    normal_title,
    number_for_entrant,
    ranking_key,
)
from .reading import TrfImportError, import_trf
from .writing import export_trf, point_system, tournament_trf, trf_text

__all__ = [
    "BYE_CODE", "HEADER", "LIST_HEADER", "REBUILT", "SCORE_CODES", "TITLE_ORDER", "TRF_TITLE",
    "TrfImportError", "entrant_for_number", "export_trf", "import_trf", "initial_ranking",
    "normal_title", "number_for_entrant", "player_facts", "point_system", "ranking_key",
    "tournament_trf", "trf_differences", "trf_text",
]
