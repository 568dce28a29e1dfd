"""The WSGI application for gunicorn (config/gunicorn.py) and ``manage.py runserver``.

The URL configuration, and with it every view, form and serializer module, is imported here
rather than on the first request. gunicorn loads this module once in its master
(``preload_app``) and forks the workers from it, so they start with everything imported:
otherwise each worker spent about 1.3 s of CPU importing on its first request, while a
hall's phones sent their first polls all at once (docs/load.md).
"""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018 - imported for its side effect, see above
