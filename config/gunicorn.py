"""gunicorn settings of the production topology (docker-compose, bench/hall.py, services tests).

gthread: a hall of phones keeps hundreds of idle keep-alive connections open between their
polls every 5 s; with threads those wait in the worker's poller instead of each holding a
worker, as sync workers would. Measured in bench/hall.py (docs/load.md).
Overrides: WEB_WORKERS, WEB_THREADS, WEB_BIND.
"""

import os

bind = os.environ.get("WEB_BIND", "0.0.0.0:8000")
worker_class = "gthread"
workers = int(os.environ.get("WEB_WORKERS", "4"))
threads = int(os.environ.get("WEB_THREADS", "4"))
keepalive = 10  # seconds: longer than the phones' 5 s between polls, so they reuse it
timeout = 60  # a PDF is rendered by the Celery worker, never in a request
# Load the app (config/wsgi.py imports every view) once in the master and fork the workers
# from it: they start warm and share the imported code's memory. Nothing connects at import
# time (database and Redis connections open on first use, in the worker).
preload_app = True
