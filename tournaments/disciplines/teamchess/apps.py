"""The team chess package as a Django app: its templates are found as any app's."""

from ..registry import DisciplineApp


class TeamChessApp(DisciplineApp):
    default = True
    name = "tournaments.disciplines.teamchess"
    discipline = "tournaments.disciplines.teamchess.discipline.TeamChess"
