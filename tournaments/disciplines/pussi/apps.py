"""The Pussi package as a Django app: its templates and static files are found as any app's."""

from ..registry import DisciplineApp


class PussiApp(DisciplineApp):
    default = True
    name = "tournaments.disciplines.pussi"
    discipline = "tournaments.disciplines.pussi.discipline.Pussi"
