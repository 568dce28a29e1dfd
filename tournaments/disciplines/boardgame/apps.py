"""The Boardgame package as a Django app: its templates and static files are found as any app's."""

from ..registry import DisciplineApp


class BoardgameApp(DisciplineApp):
    default = True
    name = "tournaments.disciplines.boardgame"
    discipline = "tournaments.disciplines.boardgame.discipline.Boardgame"
