"""The web side's disciplines: one class each, in step with the scoring core.

Adding a discipline means a module in ``scoring/`` and one in ``tournaments/disciplines/``
(docs/adding-a-discipline.md); these tests say what is missing. Nothing outside
``tournaments/disciplines/`` asks a tournament which discipline it is.
"""

from __future__ import annotations

import json
import re
from importlib import import_module
from pathlib import Path

import pytest
from django.template.loader import get_template

from scoring import registry as scoring_registry
from scoring.model import Problems
from tournaments.disciplines import DISCIPLINES, SCORING_ONLY, WebDiscipline, get
from tournaments.result_forms import ResultForm

ROOT = Path(__file__).resolve().parents[2]
CHECK = re.compile(r"discipline (==|!=|in |not in )")

# Places that may ask by name: only the classes themselves. (The API's two TRF checks went
# to tournaments/selectors/ with the api split and ask the class too.)
ALLOWED = ("tournaments/disciplines/",)


def test_nothing_outside_the_package_asks_which_discipline():
    found = []
    for top in ("tournaments", "templates"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in (".py", ".html", ".txt", ".js") or not path.is_file():
                continue
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith(ALLOWED):
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if CHECK.search(line):
                    found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, "ask the discipline's class instead:\n" + "\n".join(found)


def test_every_scoring_discipline_has_a_web_class_or_is_scoring_only():
    web, scoring_names = set(DISCIPLINES), set(scoring_registry.DISCIPLINES)
    missing = scoring_names - web - set(SCORING_ONLY)
    assert not missing, (f"{sorted(missing)}: add tournaments/disciplines/<name>.py (or list "
                         "it in SCORING_ONLY)")
    assert not web - scoring_names, "a web discipline needs scoring/<name>.py in the registry"
    assert not web & set(SCORING_ONLY), "a discipline with a web class is not scoring-only"
    assert all(get(name) is None for name in SCORING_ONLY)


@pytest.mark.parametrize("name", sorted(DISCIPLINES))
def test_class_is_complete(name):
    d = DISCIPLINES[name]
    assert isinstance(d, WebDiscipline) and d.name == name
    assert type(d).__module__ == f"tournaments.disciplines.{name}.discipline"  # its package
    assert str(d.label) and str(d.table_word) and str(d.tables_word) and str(d.round_word)
    assert d.methods, "at least one draw method; the first is the default"
    assert set(d.entrant_kinds) <= {"single", "pair", "team"} and d.entrant_kinds
    for kind in d.entrant_kinds:
        layout = d.layout(kind)
        # Tables with two sides name them; tables without sides do not.
        assert (layout.sides == 2) == d.has_sides, kind
    if d.side_labels is not None:
        assert len(d.side_labels) == 2 and all(str(x) for x in d.side_labels)


@pytest.mark.parametrize("name", sorted(DISCIPLINES))
def test_settings_round_trip_through_the_scoring_settings(name):
    d = DISCIPLINES[name]
    problems = Problems()
    typed = d.scoring_discipline.parse_settings(dict(d.preset), problems, "scoring")
    assert not problems.items, [str(p) for p in problems.items]
    settings_class = import_module(f"scoring.{name}").Settings
    assert isinstance(typed, settings_class)
    # The preset survives storage as JSON and reads back the same.
    assert d.settings(json.loads(json.dumps(d.preset))) == typed
    assert set(d.preset) <= set(d.scoring_discipline.settings_keys)
    # What the what-if offers are settings the scoring core knows.
    for setting in d.whatif.settings:
        assert setting.path[0] in d.scoring_discipline.settings_keys, setting.name


@pytest.mark.parametrize("name", sorted(DISCIPLINES))
def test_forms_and_templates_exist(name):
    d = DISCIPLINES[name]
    assert (ROOT / "tournaments" / "disciplines" / name / "form.py").is_file()
    assert isinstance(d.result_form, ResultForm)
    get_template(d.result_form.template)
    get_template(d.score_sheet_template)


def test_late_imports_resolve():
    """The classes import services and the chess package when first asked (the package must
    stay light for tournaments.models); each such import still names a real thing."""
    import ast
    import importlib

    for path in sorted((ROOT / "tournaments" / "disciplines").rglob("*.py")):
        package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = importlib.import_module(f"{base}.{node.module}" if node.module
                                                 else base)
                for alias in node.names:
                    assert hasattr(module, alias.name) or importlib.util.find_spec(
                        f"{module.__name__}.{alias.name}"), (path.name, node.module, alias.name)
