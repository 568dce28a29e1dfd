"""The form fields for a chess player's facts, written the way arbiters write them.

The desk and the director correct a player on one page (``views/entrant_edit``); for
chess it asks for everything the draw, the tie-breaks and the rating reports use:

* **DWZ with its index** in one field, as the DSB's lists print it: ``1834-23`` (DWZ 1834,
  23 evaluations so far); ``1834`` alone keeps the index empty; ``1457-(3)`` is a
  provisional DWZ from 3 rated games (the seed's program writes it so, below the 5 games
  a first DWZ needs).
* **Birth date** as ``12.03.1988`` (or ``12.03.88``), ``1988-03-12`` or only the year ``1988`` (then
  1 January, or the date already known in that year). The DWZ formula needs the age.
* Sex, FIDE ID, federation, FIDE title and the DSB's ZPS membership number.

Each field refuses a bad value with a sentence at the field; the service
(``registration.update_entrant``) checks the same bounds again for the API.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.ratings import MIN_GAMES_FOR_RH, dwz_text

from ...common.text import validate_single_line
from .trf.ranking import TITLE_ORDER

DWZ = re.compile(r"^\s*(\d{1,4})\s*(?:[-–/]\s*(\d{1,3}))?\s*$")
PROVISIONAL_DWZ = re.compile(r"^\s*(\d{1,4})\s*[-–/]?\s*\(\s*(\d{1,3})\s*\)\s*$")
GERMAN_DATE = re.compile(r"^\s*(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})\s*$")
ISO_DATE = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$")
YEAR = re.compile(r"^\s*(\d{4})\s*$")
# ZPS: the club's five characters, a dash and the member number (C0327-12, 30004-1025).
ZPS = re.compile(r"^[0-9A-Za-z]{5}-\d{1,4}$")
PKZ = re.compile(r"^\d{1,11}$")  # the DSB's person number, digits (pairing.trf_dsb.PKZ)


def parse_dwz(text: str) -> tuple[int | None, int | None]:
    """``"1834-23"`` → (1834, 23); ``""`` → (None, None)."""
    dwz, index, _provisional = read_dwz(text)
    return dwz, index


def read_dwz(text: str) -> tuple[int | None, int | None, bool]:
    """``"1834-23"`` → (1834, 23, False); ``"1457-(3)"`` → (1457, 3, True), a provisional DWZ
    from 3 rated games (1 to 4: with 5 it is a first DWZ); ``""`` → (None, None, False)."""
    if not text.strip():
        return None, None, False
    if (match := PROVISIONAL_DWZ.match(text)) is not None:
        if int(match.group(1)) > 3500 or not 1 <= int(match.group(2)) < MIN_GAMES_FOR_RH:
            raise forms.ValidationError(_("A provisional DWZ rests on 1 to 4 games, "
                                          "e.g. 1457-(3)."))
        return int(match.group(1)), int(match.group(2)), True
    match = DWZ.match(text)
    if match is None or int(match.group(1)) > 3500:
        raise forms.ValidationError(_("DWZ as 1834 or with its index as 1834-23."))
    index = int(match.group(2)) if match.group(2) is not None else None
    return int(match.group(1)), index, False


def parse_birth_date(text: str, known: datetime.date | None = None) -> datetime.date | None:
    """A birth date from ``dd.mm.yyyy``, ``dd.mm.yy``, ``yyyy-mm-dd`` or a year alone.

    Two-digit years, as the seed's chess program took them (``12.03.88``), are the latest
    year with those digits that is not in the future: a birth date lies in the past."""
    if not text.strip():
        return None
    if (m := GERMAN_DATE.match(text)) is not None:
        day, month, year = (int(g) for g in m.groups())
        if len(m.group(3)) == 2:
            today = datetime.date.today()
            year += 2000 if (2000 + year, month, day) <= (
                today.year, today.month, today.day) else 1900
    elif (m := ISO_DATE.match(text)) is not None:
        year, month, day = (int(g) for g in m.groups())
    elif (m := YEAR.match(text)) is not None:
        year = int(m.group(1))
        if known is not None and known.year == year:
            return known
        month, day = 1, 1
    else:
        raise forms.ValidationError(_("A date as 12.03.1988 or 1988-03-12, or only the year."))
    try:
        date = datetime.date(year, month, day)
    except ValueError:
        raise forms.ValidationError(_("There is no such day.")) from None
    if not datetime.date(1900, 1, 1) <= date <= datetime.date.today():
        raise forms.ValidationError(_("A date between 1900 and today."))
    return date


def shown_dwz(dwz: int | None, index: int | None, provisional: bool = False) -> str:
    return "" if dwz is None else dwz_text(dwz, index, provisional)


def shown_date(date: datetime.date | None) -> str:
    return date.strftime("%d.%m.%Y") if date is not None else ""


def add_fields(form: forms.Form) -> None:
    """The chess facts of one player, appended to an entrant form."""
    form.fields["dwz"] = forms.CharField(
        label=gettext_lazy("DWZ"), max_length=12, required=False,
        help_text=gettext_lazy("With its index after a dash, e.g. 1834-23; a provisional "
                               "DWZ with its games in brackets, e.g. 1457-(3)."))
    form.fields["birth_date"] = forms.CharField(
        label=gettext_lazy("Birth date"), max_length=12, required=False,
        help_text=gettext_lazy("12.03.1988, 1988-03-12 or only the year."))
    form.fields["sex"] = forms.ChoiceField(
        label=gettext_lazy("Sex"), required=False,
        choices=[("", "–"), ("m", gettext_lazy("male")), ("w", gettext_lazy("female"))])
    form.fields["fide_id"] = forms.RegexField(
        label=gettext_lazy("FIDE ID"), regex=r"^\d{1,11}$", max_length=11, required=False,
        error_messages={"invalid": gettext_lazy("A FIDE ID is a number of at most 11 "
                                                "digits.")})
    form.fields["federation"] = forms.RegexField(
        label=gettext_lazy("Federation"), regex=r"^[A-Za-z]{3}$", max_length=3,
        required=False, help_text=gettext_lazy("Three letters, e.g. GER."),
        error_messages={"invalid": gettext_lazy("Three letters, e.g. GER or AUT.")})
    form.fields["title"] = forms.ChoiceField(
        label=gettext_lazy("Title"), required=False,
        choices=[("", "–"), *((t, t) for t in TITLE_ORDER)])
    form.fields["zps"] = forms.RegexField(
        label=gettext_lazy("ZPS"), regex=ZPS, max_length=10, required=False,
        validators=[validate_single_line],
        help_text=gettext_lazy("The DSB membership number: club and member, e.g. C0327-12."),
        error_messages={"invalid": gettext_lazy("Club number, dash, member number, "
                                                "e.g. C0327-12.")})
    form.fields["pkz"] = forms.RegexField(
        label=gettext_lazy("PKZ"), regex=PKZ, max_length=11, required=False,
        help_text=gettext_lazy("The DSB's person number, for a player without ZPS."),
        error_messages={"invalid": gettext_lazy("The PKZ is at most 11 digits.")})


def initial(person: Any) -> dict[str, Any]:
    """The fields' values for a person as stored."""
    return {"dwz": shown_dwz(person.dwz, person.dwz_index, person.dwz_provisional),
            "birth_date": shown_date(person.birth_date), "sex": person.sex,
            "fide_id": person.fide_id, "federation": person.federation,
            "title": person.title, "zps": person.zps, "pkz": person.pkz}


def facts(cleaned: dict[str, Any], person: Any) -> dict[str, Any]:
    """The cleaned fields as ``update_entrant`` takes them; a ValidationError names its field."""
    try:
        dwz, index, provisional = read_dwz(cleaned.get("dwz") or "")
    except forms.ValidationError as exc:
        raise forms.ValidationError({"dwz": exc.messages}) from None
    try:
        born = parse_birth_date(cleaned.get("birth_date") or "", person.birth_date)
    except forms.ValidationError as exc:
        raise forms.ValidationError({"birth_date": exc.messages}) from None
    return {"dwz": dwz, "dwz_index": index, "dwz_provisional": provisional, "birth_date": born,
            "sex": cleaned.get("sex") or "",
            "fide_id": cleaned.get("fide_id") or "",
            "federation": (cleaned.get("federation") or "").upper(),
            "title": cleaned.get("title") or "", "zps": (cleaned.get("zps") or "").upper(),
            "pkz": cleaned.get("pkz") or ""}
