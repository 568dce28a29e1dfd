"""The Doppelkopf package as a Django app: its templates and static files are found as any app's."""

from ..registry import DisciplineApp


class DoppelkopfApp(DisciplineApp):
    default = True
    name = "tournaments.disciplines.doppelkopf"
    discipline = "tournaments.disciplines.doppelkopf.discipline.Doppelkopf"
