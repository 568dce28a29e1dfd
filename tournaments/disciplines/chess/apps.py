"""The Chess package as a Django app: its templates and static files are found as any app's."""

from ..registry import DisciplineApp


class ChessApp(DisciplineApp):
    default = True
    name = "tournaments.disciplines.chess"
    discipline = "tournaments.disciplines.chess.discipline.Chess"

    def ready(self) -> None:
        # Its task registers with Celery here, so the rating lists find it by its name.
        from . import tasks  # noqa: F401
