"""The set-up the benches that drive the whole app share (bench/sections.py,
bench/big_tournament.py): a throw-away SQLite database in a temporary folder, a
local-memory cache, the render interval and rate limits off, the test client allowed, the
migrations run; and :func:`timed`, which prints what a step cost.

CPU seconds are this process's: the test client, the app and SQLite all run here, so other
load on the machine hardly changes them; wall seconds are printed beside them.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def start_app() -> str:
    """Set Django up on a fresh SQLite database in a temporary folder; returns the folder."""
    folder = tempfile.mkdtemp(prefix="tw-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    settings.ALLOWED_HOSTS = ["*"]
    settings.PUBLIC_RENDER_INTERVAL = 0
    settings.RATE_LIMITS = {**getattr(settings, "RATE_LIMITS", {}), "enabled": False}
    setup_test_environment()
    call_command("migrate", verbosity=0)
    return folder


def timed(label: str, fn: Callable[[], Any], width: int = 46) -> tuple[Any, float, float]:
    """Run ``fn``, print its CPU and wall seconds; returns (its result, cpu, wall)."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{label:<{width}} {cpu:8.2f} s CPU {wall:8.2f} s wall", flush=True)
    return out, cpu, wall
