"""The file for the DSB's rating officers (DWZ): a TRF-26 report with German national
records, and the check of what the DSB's Wertungsordnung asks a tournament's papers to hold.

Which file the rating officers accept (sources in ``docs/federation-files.md``): the files
of the programs they use (Swiss-Chess's ``.SWT`` and its "DEWIS" export, Swiss-Manager's
files), or the results "in Textform" as a progress table; none of these formats is
published by the DSB or the programs' makers. The Wertungsordnung (6.1) asks for results
"in einer für den Wertungsreferenten geeigneten Form (z.B. Kreuztabelle, Liste mit
Gegnernummer- und Ergebnisfolge)". The most complete public format that holds everything it
asks for is FIDE's TRF-26: full names, full birth dates, every round's date, forfeits as
``+``/``-``, and national rating records that carry the DWZ and the DSB number. So the DSB
file is :func:`pairing.trf26.write` of the report with one ``GER`` record per player the DSB
knows (:func:`dsb_report`), and :func:`check` names every gap the rating officer would
send back.

The ``GER`` record: DWZ in columns 49-52, the national number in 58-68: the ZPS
membership (``C0327-12``: club, dash, member number) when known, else the PKZ (the DSB's
person number, digits only), so a reader tells them apart by the dash.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from scoring.i18n import N_

from .trf26 import Gap, NationalRecord, Report, ReportPlayer, Stage, named
from .trf26 import write as write_trf26

FEDERATION = "GER"
ZPS = re.compile(r"[0-9A-Za-z]{5}-\d{1,4}")
PKZ = re.compile(r"\d{1,11}")
PLAYED = frozenset("10=")


@dataclass(frozen=True)
class DsbFacts:
    """What the DSB knows of a player: DWZ, ZPS membership, PKZ."""

    dwz: int | None = None
    zps: str = ""  # "C0327-12"
    pkz: str = ""

    @property
    def listed(self) -> bool:
        """In the DSB's database: a DWZ, or a membership or person number to find him by."""
        return bool(self.dwz or self.zps or self.pkz)


def national_record(facts: DsbFacts) -> NationalRecord:
    return NationalRecord(FEDERATION, rating=facts.dwz, number=facts.zps.upper() or facts.pkz)


def dsb_report(report: Report, facts: Mapping[int, DsbFacts]) -> Report:
    """The report with a ``GER`` record for every player the DSB knows (by starting rank)."""
    players = tuple(
        replace(p, national=(*[n for n in p.national if n.federation != FEDERATION],
                             national_record(facts[p.number])))
        if p.number in facts and facts[p.number].listed else p
        for p in report.players)
    return replace(report, players=players)


def write(report: Report, facts: Mapping[int, DsbFacts]) -> str:
    """The DSB file: TRF-26 text with the ``GER`` records (and the ``172`` record they
    need)."""
    return write_trf26(dsb_report(report, facts))


def _full_name(name: str) -> bool:
    """``Lastname, Firstname``, neither part abbreviated (no ``M.``, no single letter)."""
    last, _, first = name.partition(",")
    parts = [last.strip(), first.strip()]
    return all(len(x) >= 2 and not any(w.endswith(".") or len(w) == 1 for w in x.split())
               for x in parts)


def check(report: Report, facts: Mapping[int, DsbFacts],
          stage: Stage = "export") -> list[Gap]:
    """What the DSB's rating officer needs and the report lacks.

    Wertungsordnung 6.1 and the rating officers' rules: name, place, start and end date,
    mode and time control of the tournament; every round's date; full names (no
    abbreviations); the full birth date of every player not listed with the DSB; ZPS or
    PKZ to find listed players; the FIDE ID of foreign players without a German club;
    forfeits marked ``+``/``-`` (a game without colours is not a played game).
    """
    h = report.header
    gaps: list[Gap] = []
    for key, value, message in (
            ("name", h.name, N_("the tournament's name is missing")),
            ("city", h.city, N_("the place where the tournament was played is missing")),
            ("start", h.start, N_("the tournament's start date is missing")),
            ("tournament_type", h.tournament_type or h.type_code,
             N_("the tournament's mode (Swiss, round robin …) is missing")),
            ("time_control", h.time_control or h.time_code,
             N_("the time control is missing"))):
        if not value:
            gaps.append(Gap(f"header.{key}", message))
    if stage == "export":
        if not h.end:
            gaps.append(Gap("header.end", N_("the tournament's end date is missing")))
        rounds = max((len(p.cells) for p in report.players), default=0)
        for k in range(max(rounds, h.rounds or 0)):
            if k >= len(h.round_dates) or h.round_dates[k] is None:
                gaps.append(Gap(f"header.round_dates[{k}]",
                                N_("round %(n)s has no date", n=k + 1)))
    for k, p in enumerate(report.players):
        gaps += _player_gaps(k, p, facts.get(p.number, DsbFacts()), stage)
    return gaps


def _player_gaps(k: int, p: ReportPlayer, f: DsbFacts, stage: Stage) -> list[Gap]:
    place, who = f"players[{k}]", named(p)
    gaps: list[Gap] = []
    if not _full_name(p.name):
        gaps.append(Gap(f"{place}.name", N_(
            "player %(number)s (%(name)s): the full name is needed, as Lastname, Firstname "
            "without abbreviations", **who)))
    if f.zps and not ZPS.fullmatch(f.zps):
        gaps.append(Gap(f"{place}.zps", N_("player %(number)s (%(name)s): %(value)s is not a "
                                           "ZPS membership like C0327-12", value=f.zps,
                                           **who)))
    if f.pkz and not PKZ.fullmatch(f.pkz):
        gaps.append(Gap(f"{place}.pkz", N_("player %(number)s (%(name)s): %(value)s is not a "
                                           "PKZ (digits)", value=f.pkz, **who)))
    german = p.federation in ("", FEDERATION)
    if not f.listed and p.birth_date is None:
        gaps.append(Gap(f"{place}.birth_date", N_(
            "player %(number)s (%(name)s) is not listed with the DSB (no DWZ, ZPS or PKZ): "
            "the full birth date is needed", **who)))
    if not f.zps and not german and not p.fide_id:
        gaps.append(Gap(f"{place}.fide_id", N_(
            "player %(number)s (%(name)s) plays for %(federation)s without a German club: "
            "the FIDE ID is needed", federation=p.federation, **who)))
    if f.listed and not f.zps and not f.pkz and german:
        gaps.append(Gap(f"{place}.zps", N_(
            "player %(number)s (%(name)s) has a DWZ but no ZPS or PKZ to find him by",
            **who), False))
    if stage == "export":
        for r, c in enumerate(p.cells, 1):
            if c is not None and c.opponent is not None and c.result in PLAYED \
                    and c.colour not in ("w", "b"):
                gaps.append(Gap(f"{place}.cells[{r - 1}]", N_(
                    "player %(number)s (%(name)s), round %(round)s: a game without colours; "
                    "a game not played must be marked + or -", round=r, **who)))
    return gaps
