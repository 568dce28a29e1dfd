"""Settings, all from the environment with safe defaults.

Embedded default (nothing set): SQLite, local-memory cache, Celery tasks run
in-process. Production: DATABASE_URL, REDIS_URL (cache and Celery broker),
SECRET_KEY, ALLOWED_HOSTS, DJANGO_DEBUG=0.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.hall import BadPublicUrl, host_of, parse_public_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, "1" if default else "0").lower() in ("1", "true", "yes", "on")


DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and os.environ.get("DJANGO_REQUIRE_SECRET_KEY") == "1":
        raise RuntimeError("SECRET_KEY must be set")
    SECRET_KEY = "insecure-development-key-set-SECRET_KEY-in-production"
# Where phones in the hall reach this server, e.g. http://192.168.1.20:8000: every absolute
# link that leaves the screen (QR codes, printed captain links, PDFs) is built from it
# (tournaments/links.py); without it, from the request's host. (`manage.py serve`, which
# `make run` starts, fills it in with this machine's LAN address when it listens beyond loopback.)
try:
    PUBLIC_URL = parse_public_url(os.environ.get("PUBLIC_URL", ""))
except BadPublicUrl as exc:
    raise ImproperlyConfigured(str(exc)) from None
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h] or [
    "localhost", "127.0.0.1", "[::1]", *([host_of(PUBLIC_URL)] if PUBLIC_URL else [])]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o] or (
    [PUBLIC_URL] if PUBLIC_URL else [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tournaments.middleware.DatabaseUnavailableMiddleware",  # 503, not 500, while the DB is away
]

ROOT_URLCONF = "config.urls"
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "DIRS": [BASE_DIR / "templates"],
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request",
        "django.template.context_processors.i18n",
        "django.contrib.auth.context_processors.auth",
        "django.contrib.messages.context_processors.messages",
    ]},
}]
WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {"default": dj_database_url.parse(
    os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"), conn_max_age=60)}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several desks at once on the embedded default: wait for the write lock instead of failing.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
else:
    # After a database restart the first request on an old connection would fail.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "config.cache.TolerantRedisCache",
                          "LOCATION": REDIS_URL, "TIMEOUT": 3600,
                          "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}
    CELERY_BROKER_URL = REDIS_URL
    # A task whose worker died is handed out again after this many seconds (Redis keeps it
    # unacknowledged until then); longer than the longest report takes to render.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "600"))}
    CELERY_RESULT_BACKEND = None
    # The services test tier runs most tests in-process and starts a real worker for the rest.
    CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_EAGER", False)
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                          "TIMEOUT": 3600}}
    CELERY_TASK_ALWAYS_EAGER = True  # the embedded default: tasks run in-process
    CELERY_BROKER_URL = "memory://"
# Spectators' blocks are rendered at most once per this many seconds while results pour in
# (tournaments/views/rendercache.py); 0 renders every new version at once.
PUBLIC_RENDER_INTERVAL = float(os.environ.get("PUBLIC_RENDER_INTERVAL", "2"))
# Rate limits of the captains' links, per link (captain) and per client IP (unknown tokens), per
# minute (tournaments/ratelimit.py).
# X-Forwarded-For is used only with RATE_LIMIT_TRUSTED_PROXIES = number of proxies in front.
RATE_LIMITS = {
    "enabled": env_bool("RATE_LIMITS_ENABLED", True),
    "window": int(os.environ.get("RATE_LIMIT_WINDOW", "60")),
    "captain": int(os.environ.get("RATE_LIMIT_CAPTAIN", "120")),
    "captain_unknown": int(os.environ.get("RATE_LIMIT_CAPTAIN_UNKNOWN", "30")),
    "trusted_proxies": int(os.environ.get("RATE_LIMIT_TRUSTED_PROXIES", "0")),
}

CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_EAGER_PROPAGATES = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "director:home"
LOGOUT_REDIRECT_URL = "public:home"

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
                    if not DEBUG else "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # Bounded size, depth, numbers and text: a bad body is a 400, never a 500.
    "DEFAULT_PARSER_CLASSES": ["tournaments.api.parsers.BoundedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "tournaments.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Turnierwart API",
    "DESCRIPTION": "Tournaments, entrants, rounds, tables, results, standings and the turnier/1 "
                   "document. Authenticate with a director's token: `Authorization: Token <key>`.",
    "VERSION": "1",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "EntrantStatusEnum": "tournaments.models.Entrant.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        "ResultStatusEnum": "tournaments.models.Result.Status",
        "ReportStatusEnum": "tournaments.models.Report.Status",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Static files are served by the app itself (WhiteNoise), also straight from the source
# folders, so gunicorn serves them with or without collectstatic.
WHITENOISE_USE_FINDERS = True
