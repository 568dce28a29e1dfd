"""The pieces a discipline's what-if is declared with (:mod:`tournaments.services.whatif`
builds the form and the standings from them). Plain dataclasses: a discipline module can
declare its spec without importing the service."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

NUMBER, WHOLE, OFF, CHOICE, POINTS = "number", "whole", "off", "choice", "points"


@dataclass(frozen=True)
class Setting:
    """One scoring setting the director may try another value for."""

    name: str  # the form field
    label: Any
    kind: str = NUMBER
    key: str = ""  # the scoring setting (dots for nested ones: "placement.4"); default: name
    help: Any = ""
    choices: tuple[tuple[str, Any], ...] = ()

    @property
    def path(self) -> list[str]:
        return (self.key or self.name).split(".")


@dataclass(frozen=True)
class Spec:
    """What a discipline's what-if offers."""

    settings: tuple[Setting, ...] = ()
    shown: tuple[str, ...] = ()  # values beside the official rank (default: the first value)
    rankings: tuple[tuple[str, Any], ...] = ()  # values also ranked on their own, with labels
    relevant: Callable[[Mapping[str, Any]], set[str]] | None = None  # settings that matter
