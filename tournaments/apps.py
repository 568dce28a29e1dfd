from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The tasks register with Celery here, so a service can find one by its name
        # (services.reports.render_task) without importing the task module; demo_guard
        # registers its check --deploy (accounts with the demo's published password);
        # api.tokens ends a user's API tokens when the password changes.
        from . import demo_guard, tasks  # noqa: F401
        from .api import tokens  # noqa: F401
