"""Bank account numbers as people type them: the IBAN (ISO 13616) with its check digits
and the BIC (ISO 9362), so a typo in the announcement's account never sends every entry
fee to nowhere (docs/registration.md, "Entry fees").

Pure: no Django. Each check returns the normal form (upper case, no spaces) or raises
:class:`ValueError` with a short English reason the caller translates by kind.
"""

from __future__ import annotations

import re

# Lengths per country (ISO 13616 registry, SWIFT's IBAN registry): the countries a club
# here meets; another country is checked by the check digits and the general form only.
LENGTHS = {
    "AT": 20, "BE": 16, "CH": 21, "CZ": 24, "DE": 22, "DK": 18, "ES": 24, "FI": 18,
    "FR": 27, "GB": 22, "IE": 22, "IT": 27, "LI": 21, "LU": 20, "NL": 18, "NO": 15,
    "PL": 28, "PT": 25, "SE": 24, "SI": 19, "SK": 24,
}
_IBAN = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}")
_BIC = re.compile(r"[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?")


class BankError(ValueError):
    """``kind``: "form" (not an IBAN's shape), "length" (wrong for its country),
    "check" (the check digits do not fit: a typo)."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


def compact(text: str) -> str:
    """Upper case, without the spaces (and dashes) people group the number with."""
    return re.sub(r"[\s-]+", "", text).upper()


def iban(text: str) -> str:
    """The IBAN in its electronic form, checked: the mod-97 rule of ISO 13616 (the
    country and check digits moved to the end, letters as 10..35, the number modulo 97
    is 1), which catches every single wrong character and most swaps."""
    value = compact(text)
    if len(value) > 34 or not _IBAN.fullmatch(value):
        raise BankError("form")
    if value[:2] in LENGTHS and len(value) != LENGTHS[value[:2]]:
        raise BankError("length")
    digits = "".join(str(int(ch, 36)) for ch in value[4:] + value[:4])
    if int(digits) % 97 != 1:
        raise BankError("check")
    return value


def bic(text: str) -> str:
    """The BIC (8 or 11 characters: bank, country, location, branch)."""
    value = compact(text)
    if not _BIC.fullmatch(value):
        raise BankError("form")
    return value


def grouped(value: str) -> str:
    """An IBAN as printed: groups of four ("DE02 1203 0000 0000 2020 51")."""
    return " ".join(value[i:i + 4] for i in range(0, len(value), 4))
