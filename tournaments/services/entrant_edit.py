"""Correcting an entrant at the desk or by the director: everything a volunteer can get wrong.

Name, club, rating(s), birth year and categories go through
``registration.update_entrant`` (the same service the API's PATCH uses), so a person
entered in other tournaments too is changed by the same rule, and the correction is
logged and can be undone. The players of a fixed pair (a name typed wrong, or a partner
who is somebody else) are this module's own change, ``update_pair``.

What would break something is refused with the reason at the field: a name another
entrant has, a new partner once the pair has played (their results would pass to a
person who did not play them), a partner who is entered already.

Every logged correction carries its sentence in English and German (``after.sentence``),
which the action log shows as it is.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from ..common.text import check_single_line
from ..models import Entrant, Player, ResultRevision, Seat
from . import players as people
from .base import Actor, ServiceError, change
from .entrant_words import sentence
from .limits import max_length
from .registration import update_entrant


def birth_date_for(person: Player | None, year: int | None) -> datetime.date | None:
    """The birth date a birth year means: the date kept while its year stays, else 1 January."""
    if year is None:
        return None
    today = datetime.date.today()
    if not isinstance(year, int) or isinstance(year, bool) or not 1900 <= year <= today.year:
        raise ServiceError(_("a year from 1900 to %(n)s, or empty") % {"n": today.year},
                           "birth_year")
    old = person.birth_date if person is not None else None
    return old if old is not None and old.year == year else datetime.date(year, 1, 1)


def played(entrant: Entrant) -> int | None:
    """The first round in which the entrant's table has a result, or None."""
    seats = Seat.objects.filter(entrant=entrant).values("table_id")
    first = (ResultRevision.objects.filter(table_id__in=seats, undone=False)
             .order_by("table__round__number").values_list("table__round__number", flat=True)
             .first())
    return first


def _players(e: Entrant) -> list[Player]:
    """The entrant's players in the order they were entered (the pair's name follows it)."""
    return [link.player for link in Entrant.players.through.objects.filter(
        entrant=e).select_related("player").order_by("id")]


def _pair_names(players: list[Player]) -> str:
    return " / ".join(p.name for p in players)


def update_pair(entrant: Entrant, actor: Actor, names: list[str], new_partner: bool = False,
                partner_club: str = "") -> Entrant:
    """Correct the names of a fixed pair's two players, or give the pair a new partner.

    A name typed wrong is corrected on the person (this entrant gets its own copy when the
    person is entered elsewhere too). ``new_partner``: the second player is somebody else
    (a new person); refused once the pair has a result. The pair's name follows the
    players' names while it was made of them. No change, no log.
    """
    e = Entrant.objects.get(pk=entrant.pk)
    current = _players(e)
    if len(current) != 2:
        raise ServiceError(_("only a fixed pair has two players"), "player2")
    clean = []
    for k, name in enumerate(names, start=1):
        name = (name or "").strip()
        field = f"player{k}"
        check_single_line(name, field)
        if not name:
            raise ServiceError(_("the name must not be empty"), field)
        if len(name) > max_length(Player, "name"):
            raise ServiceError(_("at most %(n)s characters")
                               % {"n": max_length(Player, "name")}, field)
        clean.append(name)
    check_single_line(partner_club, "partner_club")
    if [p.name for p in current] == clean and not new_partner:
        return e
    with change(e.tournament_id, actor, "update_pair") as c:
        e = Entrant.objects.get(pk=entrant.pk)
        current = _players(e)
        before = {"player1": current[0].name, "player2": current[1].name}
        if new_partner:
            first = played(e)
            if first is not None:
                raise ServiceError(
                    _("%(pair)s has a result in round %(n)s: a new partner would take over "
                      "results they did not play. Withdraw the pair and register the new "
                      "pair instead.") % {"pair": e, "n": first}, "player2")
            taken = Entrant.objects.filter(tournament_id=e.tournament_id,
                                           players__name__iexact=clean[1]).exclude(
                pk=e.pk).first()
            if taken is not None:
                raise ServiceError(_("already registered as %(number)s. %(name)s")
                                   % {"number": taken.start_number, "name": taken.name},
                                   "player2")
        old_name = _pair_names(current)
        renamed = []
        for k, (person, name) in enumerate(zip(current, clean, strict=True)):
            if k == 1 and new_partner:
                partner = Player.objects.create(name=name, club=partner_club.strip())
                e.players.remove(person)
                e.players.add(partner)
                current[1] = partner
                continue
            if person.name != name:
                if Entrant.objects.filter(players=person).exclude(pk=e.pk).exists():
                    person = people.copy_for(e, person)  # the other tournaments keep theirs
                    current[k] = person
                person.name = name
                person.save(update_fields=["name"])
                renamed.append(person.pk)
        if _players(e) != current:  # a copy of player 1 was linked last: keep the order
            e.players.remove(current[1])
            e.players.add(current[1])
        after = {"player1": current[0].name, "player2": current[1].name}
        if e.name == old_name:  # the pair's name was its players' names: it follows them
            new_name = _pair_names(current)
            if Entrant.objects.filter(tournament_id=e.tournament_id,
                                      name__iexact=new_name).exclude(pk=e.pk).exists():
                raise ServiceError(_("%(name)s is already registered in this tournament")
                                   % {"name": new_name}, "player2")
            before["name"], after["name"] = e.name, new_name
            e.name = new_name
            e.save(update_fields=["name"])
        c.target = str(e)
        c.wrote(f"entrant:{e.pk}", *(f"player:{p.pk}" for p in current))
        c.before = before
        c.after = {**after, "new_partner": new_partner,
                   "sentence": sentence(str(e), before, after)}
    return e


def edit_entrant(entrant: Entrant, actor: Actor, facts: dict[str, Any],
                 pair_names: list[str] | None = None, new_partner: bool = False,
                 partner_club: str = "") -> Entrant:
    """One form's corrections, all or nothing: the facts (``update_entrant``; a
    ``birth_year`` becomes the person's birth date) and, for a pair, its players."""
    facts = dict(facts)
    e = Entrant.objects.get(pk=entrant.pk)
    persons = list(e.players.all())
    if "birth_year" in facts:
        year = facts.pop("birth_year")
        if len(persons) == 1:
            facts["birth_date"] = birth_date_for(persons[0], year)
    with transaction.atomic():
        if facts:
            update_entrant(e, actor, **facts)
        if pair_names is not None:
            update_pair(e, actor, pair_names, new_partner=new_partner,
                        partner_club=partner_club)
    return Entrant.objects.get(pk=entrant.pk)
