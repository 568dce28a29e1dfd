"""The refusals every layer shares: a service, a discipline's hook, a form and the API all
speak of bad input with these, so none of them has to import the services to say no.

A :class:`ServiceError` names the field (or ``"__all__"``), carries a short, stable ``code``
a caller may branch on and the HTTP ``status`` a page or the API answers with. The
subclasses are the cases callers tell apart. Messages are translated where they are raised.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class ServiceError(Exception):
    """Bad input or a forbidden change; ``errors`` maps a field (or ``"__all__"``) to messages.

    ``code`` is a short, stable word a caller may branch on (never the message, which is
    translated); ``status`` the HTTP status a page or the API answers with. The subclasses
    below are the cases callers tell apart. Messages are translated where they are raised.
    """

    code = "invalid"
    status = 400

    def __init__(self, errors: dict[str, list[str]] | str, field: str = "__all__", *,
                 code: str | None = None) -> None:
        if isinstance(errors, str):
            errors = {field: [errors]}
        self.errors = errors
        if code is not None:
            self.code = code
        super().__init__("; ".join(f"{k}: {' '.join(v)}" if k != "__all__" else " ".join(v)
                                   for k, v in errors.items()))

    @property
    def messages(self) -> list[str]:
        """Every message, without the fields: for a page that shows them in one place."""
        return [str(m) for texts in self.errors.values() for m in texts]


class NotFound(ServiceError):
    """What the request names does not exist (no such round, entry, pairing rule)."""

    code, status = "not_found", 404


class Forbidden(ServiceError):
    """The actor may not do this."""

    code, status = "forbidden", 403


class Conflict(ServiceError):
    """The request is fine but the tournament's state refuses it now (already published,
    not closed yet, a name taken meanwhile)."""

    code, status = "conflict", 409


class StaleVersion(Conflict):
    """The change rests on a version that another change has replaced meanwhile."""

    code = "stale"


class RoundNotOpen(Conflict):
    """The round takes no results (not published yet, or closed)."""

    code = "round_not_open"


class InvalidToken(NotFound):
    """A captain's link that belongs to no table."""

    code = "invalid_token"


@dataclass(frozen=True)
class Actor:
    """Who does something: a user, or an anonymous table captain, with a label for the log."""

    user: Any = None
    label: str = "system"

    @classmethod
    def of(cls, user: Any) -> Actor:
        if user is not None and getattr(user, "is_authenticated", False):
            return cls(user, user.get_username())
        return cls(None, "anonymous")
