"""Which disciplines the site runs, and the one way to look one up.

Each discipline is a package under ``tournaments/disciplines/<name>/`` installed as a Django
app (``config/settings.py``, ``DISCIPLINES``) whose :class:`DisciplineApp` names its
:class:`~.base.WebDiscipline` class by its dotted path. The registry reads the installed
apps the first time it is asked, so nothing here imports a discipline package, and a
package is reached only through its class: ``of(tournament)``, ``get(name)``, ``all()``.

This module sits on the floor of the app (docs/design.md, "Layers"): the models build the
choices of ``Tournament.discipline`` from :func:`choices` (a callable, so a new discipline
needs no migration), the services and pages look disciplines up here. It imports nothing
of the models, services or views.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from django.apps import AppConfig, apps
from django.utils.module_loading import import_string

if TYPE_CHECKING:
    from .base import WebDiscipline

# Disciplines the scoring core knows that have no web package yet: the web app refuses a
# document of one with a clear message. tests/unit/test_disciplines.py checks that every
# discipline of scoring.registry is installed here or listed.
SCORING_ONLY: tuple[str, ...] = ()


class DisciplineApp(AppConfig):
    """The Django app of one discipline package: its models (if any), templates and
    static files are found as any app's; ``discipline`` is the dotted path of its class."""

    discipline: str = ""
    default = False  # not a candidate itself where a package's apps.py imports it
    default_auto_field = "django.db.models.BigAutoField"


class _Registry(Mapping[str, "WebDiscipline[Any]"]):
    """The installed disciplines by name, in the order of ``INSTALLED_APPS``; read on first
    use (after the apps are loaded). Tests may add a discipline for a while
    (:func:`registered`)."""

    def __init__(self) -> None:
        self._found: dict[str, WebDiscipline[Any]] | None = None
        self._extra: dict[str, WebDiscipline[Any]] = {}

    def _all(self) -> dict[str, WebDiscipline[Any]]:
        if self._found is None:
            found: dict[str, WebDiscipline[Any]] = {}
            for config in apps.get_app_configs():
                # By its attribute, not its class: a test that imports this module afresh
                # sees the apps' classes of the first import.
                path = getattr(config, "discipline", "")
                if path:
                    discipline = import_string(path)()
                    found[discipline.name] = discipline
            self._found = found
        return {**self._found, **self._extra} if self._extra else self._found

    def __getitem__(self, name: str) -> WebDiscipline[Any]:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"<disciplines {', '.join(self._all())}>"


DISCIPLINES = _Registry()


def get(name: Any) -> WebDiscipline[Any] | None:
    """The discipline of ``name``; None for one the site does not run."""
    return DISCIPLINES.get(name) if isinstance(name, str) else None


def of(tournament: Any) -> WebDiscipline[Any]:
    """The discipline of a tournament (KeyError for one the site does not run)."""
    return DISCIPLINES[tournament.discipline]


def choices() -> list[tuple[str, str]]:
    """The choices of ``Tournament.discipline``: a callable, so that the migrations keep a
    reference to it rather than the list (a new discipline needs no migration)."""
    return [(name, name) for name in DISCIPLINES]


@contextmanager
def registered(discipline: WebDiscipline[Any]) -> Iterator[WebDiscipline[Any]]:
    """Run a discipline that no app installs for the time of a ``with`` (tests)."""
    DISCIPLINES._extra[discipline.name] = discipline
    try:
        yield discipline
    finally:
        DISCIPLINES._extra.pop(discipline.name, None)
