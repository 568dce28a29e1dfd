"""Entry fees and who paid them: the fee a registration owes, its payment reference, and
the matching of a bank statement's transfers to the registrations (pure Python).

**Fees.** :class:`FeeRules` are a tournament's: a base fee, a reduced fee for youth and
for members of the organising club, titled players free (or not), an early fee until a
date and a late fee from a date. :func:`fee` applies them to one registration.

**References.** Each registration gets a payment reference like ``TW-7K3QM-4XP9``:
"TW", eight characters from an alphabet without look-alikes and a check character
(:func:`reference`). People type it into the transfer's remittance line, and banks break
that line, add spaces or lower-case it; :func:`references_in` finds it again in whatever
arrives, and the check character keeps a typo from paying somebody else's fee.

**Matching** (:func:`match`), in this order:

1. by reference: a credit whose remittance holds an open registration's reference pays
   it, if the amount covers the fee; a smaller amount is not a payment (listed for the
   desk as ``short``);
2. by name and amount: a credit without a known reference whose payer's name is the
   registration's (the words in any order, umlauts folded) and whose amount is the fee
   pays it when exactly one open registration fits (several: ``ambiguous``).

Each registration is paid at most once; a second transfer for it is listed
(``duplicate``). Debits and bookings not yet booked are never payments. What is not
matched comes back with its reason, for the desk to settle by hand.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from .camt import StatementLine

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWX"  # no 0/O, 1/I/L, no Y/Z (keyboard layouts)
PREFIX = "TW"
BODY = 8


# ---------------------------------------------------------------------------------- fees

@dataclass(frozen=True)
class FeeRules:
    """A tournament's entry fee, in cents. ``reduced_cents`` None: no reduced fee."""

    base_cents: int = 0
    reduced_cents: int | None = None  # youth and members of the organising club
    titled_free: bool = False
    early_until: date | None = None  # on or before this day …
    early_cents: int | None = None  # … the fee is this (reduced fees are not lowered)
    late_from: date | None = None  # on or after this day …
    late_extra_cents: int = 0  # … this is added


@dataclass(frozen=True)
class Applicant:
    """What the fee depends on."""

    youth: bool = False
    member: bool = False
    titled: bool = False


def fee(rules: FeeRules, who: Applicant, on: date) -> int:
    """The fee in cents for ``who`` registering ``on`` that day (never below zero).

    Titled players pay nothing when the rules say so; youth and members pay the reduced
    fee; everybody else the early fee until ``early_until``, else the base fee; from
    ``late_from`` on the late extra is added to whatever is owed.
    """
    if who.titled and rules.titled_free:
        return 0
    if (who.youth or who.member) and rules.reduced_cents is not None:
        owed = rules.reduced_cents
    elif rules.early_until is not None and rules.early_cents is not None \
            and on <= rules.early_until:
        owed = rules.early_cents
    else:
        owed = rules.base_cents
    if rules.late_from is not None and on >= rules.late_from:
        owed += rules.late_extra_cents
    return max(0, owed)


# ---------------------------------------------------------------------------- references

def _check(body: str) -> str:
    """A check character over ``body`` (weighted sum modulo the alphabet's 29, a prime:
    every single wrong character and every swap of two neighbours changes it)."""
    total = sum((i + 1) * ALPHABET.index(ch) for i, ch in enumerate(PREFIX + body))
    return ALPHABET[total % len(ALPHABET)]


def reference(body: str | None = None) -> str:
    """A new payment reference (random unless ``body`` is given): ``TW-7K3QM-4XP9``."""
    if body is None:
        body = "".join(secrets.choice(ALPHABET) for _ in range(BODY))
    if len(body) != BODY or any(ch not in ALPHABET for ch in body):
        raise ValueError(f"a reference's body is {BODY} characters of {ALPHABET}")
    return f"{PREFIX}-{body[:5]}-{body[5:]}{_check(body)}"


def normal(text: str) -> str:
    """A reference as compared: letters and digits only, upper case (``TW7K3QM4XP9``)."""
    return "".join(ch for ch in text if ch.isascii() and ch.isalnum()).upper()


def is_reference(text: str) -> bool:
    code = normal(text)
    return (len(code) == len(PREFIX) + BODY + 1 and code.startswith(PREFIX)
            and all(ch in ALPHABET for ch in code[len(PREFIX):])
            and _check(code[len(PREFIX):-1]) == code[-1])


_CANDIDATE = re.compile(r"T[\W_]*W(?:[\W_]*[2-9A-HJKMNP-X]){" + str(BODY + 1) + "}",
                        re.IGNORECASE)


def references_in(text: str) -> list[str]:
    """The valid references in a remittance line, normalised, in order, each once."""
    found: list[str] = []
    upper = text.upper()
    for start in range(len(upper)):
        if upper[start] != "T":
            continue
        m = _CANDIDATE.match(upper, start)
        if m is not None and is_reference(m.group(0)) and normal(m.group(0)) not in found:
            found.append(normal(m.group(0)))
    return found


# ------------------------------------------------------------------------------ matching

def name_key(name: str) -> tuple[str, ...]:
    """A person's name as compared: lower case, umlauts and accents folded, the words sorted
    ("Müller, Hans" and "HANS MUELLER" meet)."""
    text = name.casefold().replace("ß", "ss")
    for long, short in (("ae", "a"), ("oe", "o"), ("ue", "u")):
        text = text.replace(long, short)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return tuple(sorted(re.sub(r"[^0-9a-z]+", " ", text).split()))


@dataclass(frozen=True)
class Due:
    """An open registration as the matcher sees it: its key, reference, name and fee."""

    key: int
    reference: str
    name: str
    amount_cents: int


@dataclass(frozen=True)
class Match:
    line: StatementLine
    key: int
    how: str  # "reference" or "name"


@dataclass(frozen=True)
class Unmatched:
    line: StatementLine
    reason: str  # "debit", "not_booked", "currency", "short", "duplicate", "ambiguous", "unknown"
    key: int | None = None  # the registration it seemed to be for (short, duplicate)


@dataclass(frozen=True)
class Matching:
    matches: tuple[Match, ...]
    unmatched: tuple[Unmatched, ...]


def match(lines: Iterable[StatementLine], open_dues: Sequence[Due],
          paid: Iterable[str] = (), currency: str = "EUR") -> Matching:
    """Which transfers pay which open registrations (module docstring); ``paid``: the
    references already paid, so a second transfer for them is a duplicate."""
    by_ref = {normal(d.reference): d for d in open_dues}
    already = {normal(r) for r in paid}
    taken: set[int] = set()
    matches: list[Match] = []
    unmatched: list[Unmatched] = []
    later: list[StatementLine] = []
    for line in lines:
        if not line.credit:
            unmatched.append(Unmatched(line, "debit"))
            continue
        if not line.booked:
            unmatched.append(Unmatched(line, "not_booked"))
            continue
        if line.currency != currency:
            unmatched.append(Unmatched(line, "currency"))
            continue
        refs = references_in(line.remittance)
        due = next((by_ref[r] for r in refs if r in by_ref), None)
        if due is None:
            if any(r in already for r in refs):
                unmatched.append(Unmatched(line, "duplicate"))
            else:
                later.append(line)
            continue
        if due.key in taken:
            unmatched.append(Unmatched(line, "duplicate", due.key))
        elif line.amount_cents < due.amount_cents:
            unmatched.append(Unmatched(line, "short", due.key))
        else:
            taken.add(due.key)
            matches.append(Match(line, due.key, "reference"))
    for line in later:
        key = name_key(line.name)
        fits = [d for d in open_dues if d.key not in taken and key
                and name_key(d.name) == key and d.amount_cents == line.amount_cents]
        if len(fits) == 1:
            taken.add(fits[0].key)
            matches.append(Match(line, fits[0].key, "name"))
        else:
            unmatched.append(Unmatched(line, "ambiguous" if fits else "unknown"))
    unmatched.sort(key=lambda u: u.line.line)
    return Matching(tuple(matches), tuple(unmatched))
