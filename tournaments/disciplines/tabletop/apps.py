"""The Tabletop package as a Django app: its templates and static files are found as any app's."""

from ..registry import DisciplineApp


class TabletopApp(DisciplineApp):
    default = True
    name = "tournaments.disciplines.tabletop"
    discipline = "tournaments.disciplines.tabletop.discipline.Tabletop"
