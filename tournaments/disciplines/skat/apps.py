"""The Skat package as a Django app: its templates and static files are found as any app's."""

from ..registry import DisciplineApp


class SkatApp(DisciplineApp):
    default = True
    name = "tournaments.disciplines.skat"
    discipline = "tournaments.disciplines.skat.discipline.Skat"
