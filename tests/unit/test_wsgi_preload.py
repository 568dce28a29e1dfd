"""gunicorn imports config/wsgi.py once in its master and forks the workers from it
(``preload_app``): whatever a request needs that is imported there is not imported again
by each worker on its first request, the hall's first poll, which every other phone waits
for behind the proxy (docs/load.md, "The cold start of a full hall")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_cache_backend_is_imported_before_the_fork_and_nothing_connects():
    """With Redis the backend module pulls in the ``redis`` package (160 ms of imports);
    the address given here has no server behind it: importing must not connect."""
    code = ("import sys, config.wsgi; "
            "print('redis' in sys.modules, 'config.cache' in sys.modules)")
    env = {**os.environ, "REDIS_URL": "redis://127.0.0.1:1/0",
           "DJANGO_SETTINGS_MODULE": "config.settings", "HTTPS": "0",
           "SECRET_KEY": "wsgi-preload-test-" + "k" * 40}
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["True", "True"], run.stdout
