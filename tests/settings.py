"""The test suite's settings: production's (``config.settings``, DEBUG off), over plain HTTP.

Django's test client and live server speak ``http://`` as a hall laptop does, so the
suite runs with the documented switch ``HTTPS=0`` (no redirect to https, cookies
without ``Secure``); the HTTPS defaults themselves are tested in a subprocess
(tests/integration/test_security_deploy.py). A fixed key keeps the suite from
making a key file in the checkout. Subprocesses started by tests inherit both.
"""

import os

os.environ.setdefault("HTTPS", "0")
os.environ.setdefault("SECRET_KEY", "test-suite-only-" + "k3y" * 16)

from config.settings import *  # noqa: F403

# A collectstatic someone ran in the checkout must not change what the suite renders; the
# hashed names are tested through gunicorn in the services tier.
STATIC_HASHED = False
STORAGES = {**STORAGES, "staticfiles": {  # noqa: F405
    "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"}}

# A rating list's import runs in a process of its own in production and under make run; the
# suite's in-memory SQLite is seen by this process alone, so here it runs in the task.
RATING_LIST_IMPORT = "inline"

# Under pytest-xdist (make test runs ``-n 2``) each worker has a database of its own
# (pytest-django adds the worker's name) and, with Redis, a Redis database of its own: the
# tests clear the cache between them, which would otherwise empty the other worker's.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if _WORKER.startswith("gw") and REDIS_URL:  # noqa: F405
    import re as _re

    _db = int(_re.sub(r"\D", "", _WORKER) or 0)
    _base, _, _number = REDIS_URL.rpartition("/")  # noqa: F405
    if _base.startswith("redis") and _number.isdigit():
        REDIS_URL = f"{_base}/{(int(_number) - 1 - _db) % 16}"
        CACHES["default"]["LOCATION"] = REDIS_URL  # noqa: F405
        CELERY_BROKER_URL = REDIS_URL

# The embedded housekeeping (deleting old registrations, retrying mails) runs in a thread
# after a director's page; against the suite's in-memory SQLite that thread's reads would
# lock tables under the test's own writes. Its tests set it explicitly.
HOUSEKEEPING_ON_REQUEST = "off"
