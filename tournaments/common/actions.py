"""The table of actions every logged change names (:func:`~tournaments.services.base.change`
refuses one that is not listed), with its words: a short ``label`` ("%(round)s drawn") and a
``sentence`` that says who did it ("%(actor)s drew a %(round)s."), both translated (German and
English). The common actions are here; a discipline lists its own
(:attr:`~tournaments.disciplines.base.WebDiscipline.actions`, chess: requested byes, set
pairings …). :data:`ACTIONS` is all of them, read when first asked.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from ..disciplines.registry import DISCIPLINES


@dataclass(frozen=True)
class Action:
    label: Promise | str
    sentence: Promise | str  # with %(actor)s


COMMON: dict[str, Action] = {
    "create_tournament": Action(_("tournament created"), _("%(actor)s created the tournament.")),
    "update_tournament": Action(_("settings changed"), _("%(actor)s changed the settings.")),
    "import_document": Action(_("tournament imported"),
                              _("%(actor)s imported the tournament from a document.")),
    "grant_role": Action(_("role given"), _("%(actor)s gave a role.")),
    "revoke_role": Action(_("role removed"), _("%(actor)s removed a role.")),
    "register": Action(_("registered"), _("%(actor)s registered an entrant.")),
    "entrant_status": Action(_("status changed"), _("%(actor)s changed an entrant's status.")),
    "entrant_marker": Action(_("marker changed"), _("%(actor)s changed an entrant's marker.")),
    "update_entrant": Action(_("entrant corrected"), _("%(actor)s corrected an entrant.")),
    "delete_entrant": Action(_("entrant deleted"), _("%(actor)s deleted an entrant.")),
    "update_player": Action(_("the same person changed in another tournament"),
                            _("%(actor)s changed the same person in another tournament.")),
    "pair_up": Action(_("paired up"), _("%(actor)s paired up two players who came alone.")),
    "checkin_code": Action(_("checked in with a code"),
                           _("%(actor)s checked an entrant in with a code.")),
    "prereg_open": Action(_("pre-registration opened or closed"),
                          _("%(actor)s opened or closed the pre-registration.")),
    "preregister": Action(_("pre-registered"), _("%(actor)s pre-registered.")),
    "draw_round": Action(_("%(round)s drawn"), _("%(actor)s drew a %(round)s.")),
    "redraw_round": Action(_("%(round)s drawn again"), _("%(actor)s drew a %(round)s again.")),
    "publish_round": Action(_("%(round)s published"), _("%(actor)s published a %(round)s.")),
    "close_round": Action(_("%(round)s closed"), _("%(actor)s closed a %(round)s.")),
    "reopen_round": Action(_("%(round)s opened again"), _("%(actor)s opened a %(round)s again.")),
    "set_round_missions": Action(_("missions of a round set"),
                                 _("%(actor)s set the kinds of a round's missions; results "
                                   "already in count by them.")),
    "set_series_games": Action(_("games per series set"),
                               _("%(actor)s set the number of games of a series.")),
    "undo_draw": Action(_("draw undone"), _("%(actor)s undid a draw.")),
    "registration_cleanup": Action(_("draw at registration cleaned up"),
                                   _("%(actor)s cleaned up the draw at registration.")),
    "captain_submit": Action(_("result from the table captain"),
                             _("%(actor)s reported a result.")),
    "set_result": Action(_("result entered by the director"), _("%(actor)s entered a result.")),
    "clear_result": Action(_("result cleared"), _("%(actor)s cleared a result.")),
    "request_report": Action(_("report ordered"), _("%(actor)s ordered a report.")),
    "undo": Action(_("action undone"), _("%(actor)s undid an action.")),
    "table_codes": Action(_("table cards made"),
                          _("%(actor)s made permanent codes for the tables.")),
    "rotate_table_code": Action(_("table card replaced"),
                                _("%(actor)s replaced a table's card code and captain link.")),
    "rotate_entrant_link": Action(_("personal link replaced"),
                                  _("%(actor)s replaced an entrant's personal link.")),
    "entrant_dispute": Action(_("result disputed through a personal link"),
                              _("%(actor)s said a table's result is wrong.")),
    "update_pair": Action(_("players of a pair corrected"),
                          _("%(actor)s corrected the players of a pair.")),
    "finish_tournament": Action(_("tournament finished"),
                                _("%(actor)s finished the tournament.")),
    "reopen_tournament": Action(_("tournament reopened"),
                                _("%(actor)s reopened the tournament.")),
    "set_prizes": Action(_("prize list saved"), _("%(actor)s saved the prize list.")),
    "team_member_add": Action(_("player added to a team"),
                              _("%(actor)s added a player to a team's board order.")),
    "team_member_late": Action(_("late substitute added to a team"),
                               _("%(actor)s added a late substitute to a team's board "
                                 "order.")),
    "team_member_remove": Action(_("player taken off a team"),
                                 _("%(actor)s took a player off a team's board order.")),
    "team_captain": Action(_("team captain set"), _("%(actor)s set a team's captain.")),
    "set_lineup_deadline": Action(_("line-up deadline set"),
                                  _("%(actor)s set the line-up deadline of a round.")),
    "side_team_add": Action(_("team signed up"),
                            _("%(actor)s signed up a team for the team ranking.")),
    "side_team_remove": Action(_("team taken off"),
                               _("%(actor)s took a team off the team ranking.")),
    "set_lineup": Action(_("line-up set"),
                         _("%(actor)s set a team's line-up for a round.")),
    # Online registration (docs/registration.md)
    "save_announcement": Action(_("announcement saved"),
                                _("%(actor)s saved the announcement.")),
    "register_online": Action(_("registered online"), _("%(actor)s took a registration.")),
    "withdraw_online": Action(_("registration withdrawn"),
                              _("%(actor)s withdrew a registration.")),
    "set_fee": Action(_("entry fee settled"), _("%(actor)s changed the state of a fee.")),
    "import_statement": Action(_("bank statement imported"),
                               _("%(actor)s imported a bank statement.")),
    "settle_payment": Action(_("bank line settled"),
                             _("%(actor)s settled a line of a bank statement.")),
    "checkin_link": Action(_("checked in with the personal link"),
                           _("%(actor)s checked an entrant in with the code of the mail.")),
    "close_check_in": Action(_("check-in closed"),
                             _("%(actor)s closed the check-in: those not here are absent.")),
    "remind_fees": Action(_("payment reminders sent"),
                          _("%(actor)s sent payment reminders.")),
    "delete_registrations": Action(_("registration data deleted"),
                                   _("%(actor)s deleted the data of every registration.")),
    "move_registration": Action(_("registration moved to another section"),
                                _("%(actor)s moved a registration to another section of "
                                  "the event.")),
    "purge_registrations": Action(_("registration data deleted automatically"),
                                  _("%(actor)s deleted the registrations' personal data "
                                    "after the retention period.")),
    "delete_person": Action(_("a person's data deleted"),
                            _("%(actor)s deleted a person's registration data.")),
    "set_prize_fund": Action(_("prize list with money saved"),
                             _("%(actor)s saved the prize list with money.")),
    "create_event": Action(_("event created"), _("%(actor)s created an event.")),
    "set_event_prize_fund": Action(_("prize list of the event saved"),
                                   _("%(actor)s saved the prize list of the event.")),
    "set_section": Action(_("section of an event set"),
                          _("%(actor)s made the tournament a section of an event or changed "
                            "its limits.")),
    "move_section": Action(_("player moved to another section"),
                           _("%(actor)s moved a player to another section of the event.")),
}


class _Actions(Mapping[str, Action]):
    """The common actions and every installed discipline's own, by name."""

    def _all(self) -> dict[str, Action]:
        found = dict(COMMON)
        for web in DISCIPLINES.values():
            found.update(web.actions)
        return found

    def __getitem__(self, name: str) -> Action:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


ACTIONS = _Actions()


def label(action: str, round_word: str | None = None) -> str:
    """The action's short label in the current language (its name if it is not listed);
    ``round_word``: what the tournament calls a round ("series" at Skat), in the current
    language (the label of a round's action says it; default "round")."""
    found = ACTIONS.get(action)
    if not found:
        return action
    return with_round(str(found.label), round_word)


def with_round(text: str, round_word: str | None = None) -> str:
    """``text`` with its ``%(round)s`` said as ``round_word`` (default: "round")."""
    if "%(round)s" not in text:
        return text
    return text.replace("%(round)s", round_word if round_word is not None else str(_("round")))
