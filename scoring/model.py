"""Typed objects of a ``turnier/1`` document and the collector of problems.

Every check reports a :class:`Problem` with the place in the document where it
was found, so a director can go straight to the table that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or worth a look) at one place of the document."""

    place: str
    message: str
    hint: str = ""
    severity: str = "error"  # "error" refuses the document, "warning" only flags it

    def __str__(self) -> str:
        text = f"{self.place}: {self.message}" if self.place else self.message
        return f"{text} ({self.hint})" if self.hint else text

    def as_dict(self) -> dict[str, str]:
        return {"place": self.place, "message": self.message, "hint": self.hint,
                "severity": self.severity}


class Problems:
    """Collects problems while a document is read, so all of them are reported at once."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def error(self, place: str, message: str, hint: str = "") -> None:
        self.items.append(Problem(place, message, hint))

    def warning(self, place: str, message: str, hint: str = "") -> None:
        self.items.append(Problem(place, message, hint, "warning"))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "warning"]


class DocumentError(ValueError):
    """A document that cannot be evaluated; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True)
class Entrant:
    id: int
    name: str
    players: tuple[str, ...] = ()
    rating: int | None = None
    club: str | None = None
    categories: tuple[str, ...] = ()


@dataclass(frozen=True)
class Seat:
    entrant: int
    side: int | None = None


@dataclass(frozen=True)
class Table:
    number: int
    seats: tuple[Seat, ...]
    result: Any = None  # the discipline's payload object, None while unplayed
    place: str = ""  # where it stands in the document, for flags
    hint: str = ""

    def side(self, side: int) -> tuple[int, ...]:
        """Entrant ids seated on ``side``."""
        return tuple(s.entrant for s in self.seats if s.side == side)

    @property
    def entrants(self) -> tuple[int, ...]:
        return tuple(s.entrant for s in self.seats)


@dataclass(frozen=True)
class Bye:
    entrant: int
    kind: str


BYE_KINDS = ("bye", "half", "zero", "forfeit-win")


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    byes: tuple[Bye, ...] = ()
    extra: Any = None  # discipline-specific round data (e.g. tabletop mission kinds)


@dataclass(frozen=True)
class Tournament:
    name: str
    discipline: str
    settings: Any
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...]  # sorted by number
    warnings: tuple[Problem, ...] = field(default=())

    def rounds_until(self, after_round: int | None) -> tuple[Round, ...]:
        """The rounds that count for standings after round ``after_round`` (all if None)."""
        if after_round is None:
            return self.rounds
        return tuple(r for r in self.rounds if r.number <= after_round)
