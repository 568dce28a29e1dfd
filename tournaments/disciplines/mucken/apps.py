"""The Mucken package as a Django app: its templates and static files are found as any app's."""

from ..registry import DisciplineApp


class MuckenApp(DisciplineApp):
    default = True
    name = "tournaments.disciplines.mucken"
    discipline = "tournaments.disciplines.mucken.discipline.Mucken"
