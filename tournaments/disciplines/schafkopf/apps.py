"""The Schafkopf package as a Django app: its templates and static files are found as any app's."""

from ..registry import DisciplineApp


class SchafkopfApp(DisciplineApp):
    default = True
    name = "tournaments.disciplines.schafkopf"
    discipline = "tournaments.disciplines.schafkopf.discipline.Schafkopf"
