"""One table of actions (tournaments.log_labels.ACTIONS): every action a service logs has
its label and sentence there, and the log page says each as a sentence in German and
English, never as a raw action name. Nothing writes the log by hand outside change()."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.log_labels import ACTIONS, sentence
from tournaments.models import ActionLog
from tournaments.services import Actor, change
from tournaments.views.director import LOG_PAGE_SIZE

ROOT = Path(__file__).resolve().parents[2]
CALL = re.compile(r"\b(?:change|creation|change_all)\(")


def logged_actions() -> dict[str, str]:
    """Every action name given to change()/creation()/change_all() in tournaments/ -> where."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "tournaments").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in CALL.finditer(text):
            depth, i = 1, m.end()
            while depth and i < len(text):
                depth += {"(": 1, ")": -1}.get(text[i], 0)
                i += 1
            for name in re.findall(r'"([a-z_]+)"', text[m.end():i]):
                line = text.count("\n", 0, m.start()) + 1
                found.setdefault(name, f"{path.relative_to(ROOT)}:{line}")
    return found


def test_every_logged_action_is_in_the_table():
    found = logged_actions()
    assert {"draw_round", "create_tournament", "import_document", "update_player",
            "update_entrant"} <= set(found)
    missing = {name: where for name, where in found.items() if name not in ACTIONS}
    assert not missing, f"actions without a label in log_labels.ACTIONS: {missing}"
    assert not set(ACTIONS) - set(found), "entries for actions nothing logs"


def test_nothing_writes_the_log_by_hand():
    for path in sorted((ROOT / "tournaments").rglob("*.py")):
        if path.relative_to(ROOT).as_posix() == "tournaments/services/base.py" or (
                "migrations" in path.parts):
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"ActionLog\.objects\.(bulk_)?create|[=(\[]\s*ActionLog\(", text), path


def test_change_refuses_an_action_without_words(make_tournament, director):
    t = make_tournament("chess")
    with (pytest.raises(ValueError, match="has no entry in the table of actions"),
          change(t.pk, Actor(director, "d"), "teleport")):
        pass


def test_creating_and_importing_are_logged_through_change(make_tournament, director):
    t = make_tournament("chess")
    first = ActionLog.objects.filter(tournament=t).order_by("id").first()
    assert (first.action, first.actor, first.target) == ("create_tournament", "direktor", t.slug)
    assert first.version == 1


class Text(HTMLParser):
    """The visible text of a page (no tags, no attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_log_says_every_action_as_a_sentence(client, director, make_tournament, language):
    t = make_tournament("chess")
    ActionLog.objects.bulk_create([
        ActionLog(tournament=t, actor="Anna", action=name, target="", version=t.version)
        for name in ACTIONS])
    client.force_login(director)
    parser = Text()
    pages = -(-ActionLog.objects.filter(tournament=t).count() // LOG_PAGE_SIZE)
    for number in range(1, pages + 1):  # the catalogue outgrows one page of the log
        parser.feed(client.get(reverse("director:log", args=[t.slug]), {"page": number},
                               HTTP_ACCEPT_LANGUAGE=language).content.decode())
    text = " ".join(" ".join(parser.parts).split())
    with translation.override(language):
        for name in ACTIONS:
            entry = ActionLog(actor="Anna", action=name, target="")
            said = sentence(entry)
            assert said.startswith("Anna ") and said.endswith("."), said
            assert said in text, (name, said)
            assert str(ACTIONS[name].label) in text
    raw = [name for name in ACTIONS if "_" in name and re.search(rf"\b{name}\b", text)]
    assert not raw, f"raw action names on the log page: {raw}"
    if language == "de":
        assert "Anna hat eine Runde ausgelost." in text
    else:
        assert "Anna drew a round." in text


def test_german_and_english_differ_for_every_sentence():
    for name, action in ACTIONS.items():
        with translation.override("en"):
            en = (str(action.label), str(action.sentence))
        with translation.override("de"):
            de = (str(action.label), str(action.sentence))
        assert en[0] != de[0] and en[1] != de[1], (name, en, de)
        assert "%(actor)s" in de[1], name
