"""No import cycles: every module of scoring/, pairing/ and tournaments/ imports on its own.

A cycle (``a`` imports ``b`` imports ``a``) often works by luck of which module comes first
and breaks with an ImportError ("partially initialized module") when another entry point
imports the other one first. So each module is imported first, in a fresh interpreter
state: one subprocess sets up Django once, then for each module forgets every project
module (but the app's models, which Django keeps registered) and imports that one alone.

The pure cores are also imported in a second subprocess without Django set up at all, and
must not pull Django in.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scoring", "pairing", "tournaments")

CHECK = r"""
import importlib, json, os, sys, traceback
names = json.loads(sys.argv[1])
if sys.argv[2] == "django":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django
    django.setup()
KEEP = {"tournaments", "tournaments.apps", "tournaments.models"}
PROJECT = ("scoring", "pairing", "tournaments")
failed = {}
for name in names:
    for loaded in [m for m in sys.modules if m.split(".")[0] in PROJECT and m not in KEEP]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ImportError:
        failed[name] = traceback.format_exc(limit=-3)
print(json.dumps({"failed": failed, "django": "django" in sys.modules}))
"""


def modules(*packages: str) -> list[str]:
    found = []
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts or parts[-1] == "__main__":  # __main__ runs the program
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found.append(".".join(parts))
    return found


def run(names: list[str], mode: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run([sys.executable, "-c", CHECK, json.dumps(names), mode], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_module_imports_alone() -> None:
    names = modules(*PACKAGES)
    assert "tournaments.services.reports" in names and "tournaments.tasks" in names
    result = run(names, "django")
    assert result["failed"] == {}, "\n".join(f"{k}:\n{v}" for k, v in result["failed"].items())


def test_the_pure_cores_import_alone_without_django() -> None:
    result = run(modules("scoring", "pairing"), "plain")
    assert result["failed"] == {}, "\n".join(f"{k}:\n{v}" for k, v in result["failed"].items())
    assert result["django"] is False, "scoring/ or pairing/ imports Django"


def test_the_check_sees_a_cycle(tmp_path: Path) -> None:
    """The check itself: two modules that import a name from each other fail it."""
    pkg = tmp_path / "cyc"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from cyc.b import B\nA = 1\n")
    (pkg / "b.py").write_text("from cyc.a import A\nB = 2\n")
    code = CHECK.replace('PROJECT = ("scoring", "pairing", "tournaments")', 'PROJECT = ("cyc",)')
    done = subprocess.run([sys.executable, "-c", code, json.dumps(["cyc.a"]), "plain"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    assert "cyc.a" in json.loads(done.stdout.strip().splitlines()[-1])["failed"]
