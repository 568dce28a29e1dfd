"""The WSGI application for gunicorn (config/gunicorn.py) and ``manage.py runserver``.

The URL configuration, and with it every view, form and serializer module, is imported here
rather than on the first request. gunicorn loads this module once in its master
(``preload_app``) and forks the workers from it, so they start with everything imported:
otherwise each worker spent about 1.3 s of CPU importing on its first request, while a
hall's phones sent their first polls all at once (docs/load.md).

For the same reason the templates the hall's phones ask for first (the spectators' pages and
blocks, the captains' pages) are compiled here too: Django's cached template loader keeps
them, and each worker would otherwise compile them on its first poll (the standings block:
143 ms the first time, 15 ms after, for 500 pairs).

And the cache's backend module is imported here (with Redis: the ``redis`` package, 160 ms of
imports), not made: Django makes the backend on a request's first use of the cache, in that
thread, and connects later still, so nothing is shared across the fork. Otherwise every
worker imported it on its first request — the first poll of the hall's phones, which every
other phone waits for behind the proxy (docs/load.md, "The cold start of a full hall").
"""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils.module_loading import import_string

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018 - imported for its side effect, see above
for _folder in ("public", "captain"):
    for _path in sorted((settings.BASE_DIR / "templates" / _folder).glob("*.html")):
        get_template(f"{_folder}/{_path.name}")
import_string(settings.CACHES["default"]["BACKEND"])
