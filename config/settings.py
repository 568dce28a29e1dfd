"""Settings, all from the environment (django-environ) with safe defaults.

Embedded default (nothing set): SQLite, local-memory cache, Celery tasks run
in-process, a secret key made once into ``SECRET_KEY_FILE``. Production:
DATABASE_URL, REDIS_URL (cache and Celery broker), SECRET_KEY, ALLOWED_HOSTS,
DJANGO_DEBUG=0; HTTPS is assumed (secure cookies, HSTS, redirect to https) unless
``HTTPS=0`` says the site is served over plain HTTP on purpose (a hall's LAN), and
``TLS_PROXY=1`` trusts the proxy's ``X-Forwarded-Proto``. README: "Running it for real".
"""

import math
import re
import sys
from datetime import timedelta
from pathlib import Path

import environ
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.hall import BadPublicUrl, host_of, parse_public_url
from config.secret import PUBLISHED_KEYS, key_from_file, refuse

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()


def env_rate(name: str, default: str) -> str:
    """A django-ratelimit rate such as ``8/10m`` (count / [number] s, m, h or d)."""
    value = env.str(name, default=default).strip()
    if not re.fullmatch(r"\d+/\d*[smhd]", value):
        raise ImproperlyConfigured(f"{name} must be a rate like 8/10m or 30/m, not {value!r}")
    return value


def env_seconds(name: str, default: float, most: float = 3600) -> float:
    """A number of seconds from 0 to ``most``; anything else stops the start with its name
    (not a traceback from float(), nor a NaN or an infinity that every slot would share)."""
    raw = env.str(name, default=str(default)).strip()
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not 0 <= value <= most:
        refuse(f"{name} must be seconds from 0 to {most:g}, not {raw!r}")
    return value


DEBUG = env.bool("DJANGO_DEBUG", default=False)
# With DEBUG, Django's own debug pages for 404 and 500 instead of the site's (a developer at
# work); off by default, so `make run` shows what a hall sees (tournaments/views/errors.py).
DEBUG_ERROR_PAGES = env.bool("DJANGO_DEBUG_PAGES", default=False)
CSRF_FAILURE_VIEW = "tournaments.views.errors.csrf_failure"
# Never a key from the source: the environment's, or one made once and kept in a file
# (config/secret.py). Docker sets DJANGO_REQUIRE_SECRET_KEY=1: its web and worker
# containers must share one key, so they refuse to start without it.
SECRET_KEY_FILE = Path(env.str("SECRET_KEY_FILE", default=str(BASE_DIR / "secret_key")))
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG and env.bool("DJANGO_REQUIRE_SECRET_KEY", default=False):
        refuse("SECRET_KEY must be set (DJANGO_REQUIRE_SECRET_KEY=1)")
    SECRET_KEY = key_from_file(SECRET_KEY_FILE)
elif not DEBUG and SECRET_KEY in PUBLISHED_KEYS:
    refuse("SECRET_KEY is a key published in Turnierwart's source; set a random one "
           "(python -c 'import secrets; print(secrets.token_urlsafe(50))')")
# Where phones in the hall reach this server, e.g. http://192.168.1.20:8000: every absolute
# link that leaves the screen (QR codes, printed captain links, PDFs) is built from it
# (tournaments/links.py); without it, from the request's host. (`manage.py serve`, which
# `make run` starts, fills it in with this machine's LAN address when it listens beyond loopback.)
try:
    PUBLIC_URL = parse_public_url(env.str("PUBLIC_URL", default=""))
except BadPublicUrl as exc:
    raise ImproperlyConfigured(str(exc)) from None
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=[]) or [
    "localhost", "127.0.0.1", "[::1]", *([host_of(PUBLIC_URL)] if PUBLIC_URL else [])]
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[]) or (
    [PUBLIC_URL] if PUBLIC_URL else [])

# HTTPS: on by default in production. A hall laptop serving plain HTTP on the LAN sets
# HTTPS=0 on purpose; then cookies go over HTTP and nothing redirects (check --deploy
# says so). Behind a TLS-terminating proxy, TLS_PROXY=1 trusts its X-Forwarded-Proto;
# the proxy must set (overwrite) that header, or a client could claim https itself.
HTTPS = env.bool("HTTPS", default=not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000 if HTTPS else 0)
# Both widen HSTS beyond this host name (every subdomain; the browsers' built-in list),
# which only the owner of the domain can decide: off unless asked for.
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
if env.bool("TLS_PROXY", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

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
    "csp",
    "axes",  # failed logins (pages and API): AXES_* below
    "tournaments",
]
# The disciplines the site runs, one package (and Django app) each under
# tournaments/disciplines/: docs/adding-a-discipline.md. The order is the order of the
# discipline choices on the pages.
DISCIPLINES = ["chess", "mucken", "pussi", "boardgame", "tabletop", "skat", "doppelkopf",
               "schafkopf", "teamchess"]
INSTALLED_APPS += [f"tournaments.disciplines.{name}" for name in DISCIPLINES]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "tournaments.cachecontrol.CacheControlMiddleware",  # private unless a view says public
    # Pages and the desk's answers gzipped (not PDFs; the live blocks come gzipped already).
    # After WhiteNoise (static files have their own .gz/.br) and before everything that
    # writes the body or Vary (docs/load.md, "Gzip for pages").
    "tournaments.middleware.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "tournaments.bodylimit.BodyLimitMiddleware",  # 413 before anything reads a large body
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # DEBUG (make run): the site's own 404/500 pages, not Django's debug pages
    "tournaments.views.errors.FriendlyErrorsMiddleware",
    "tournaments.middleware.DatabaseUnavailableMiddleware",  # 503, not 500, while the DB is away
    "tournaments.middleware.ServiceErrorMiddleware",  # an uncaught ServiceError: its status
    "axes.middleware.AxesMiddleware",  # a locked-out login page becomes the 429 page
]
# Axes' backend comes first: it refuses a locked-out login before any password is checked.
# Then, with DEBUG off, the demo's published password is refused (tournaments/demo_guard.py).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "tournaments.demo_guard.PublishedPasswordBackend",
    "django.contrib.auth.backends.ModelBackend",
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

DATABASES = {"default": env.db_url("DATABASE_URL",
                                   default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["CONN_MAX_AGE"] = 60
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several desks at once on the embedded default: wait for the write lock instead of failing.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
else:
    # After a database restart the first request on an old connection would fail.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "config.cache.TolerantRedisCache",
                          "LOCATION": REDIS_URL, "TIMEOUT": 3600,
                          "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}
    CELERY_BROKER_URL = REDIS_URL
    # A task whose worker died is handed out again after this many seconds (Redis keeps it
    # unacknowledged until then); longer than the longest report takes to render.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=600)}
    CELERY_RESULT_BACKEND = None
    # The services test tier runs most tests in-process and starts a real worker for the rest.
    CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_EAGER", default=False)
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                          "TIMEOUT": 3600}}
    CELERY_TASK_ALWAYS_EAGER = True  # the embedded default: tasks run in-process
    CELERY_BROKER_URL = "memory://"
# Mail (online registration, docs/registration.md): SMTP when EMAIL_HOST is set or in
# production (DJANGO_DEBUG=0); the console (the terminal of `make run`) while debugging.
EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=587)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=EMAIL_PORT == 587)
EMAIL_TIMEOUT = 20
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="turnierwart@localhost")
EMAIL_BACKEND = env.str("EMAIL_BACKEND", default=(
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG and "EMAIL_HOST" not in env.ENVIRON
    else "django.core.mail.backends.smtp.EmailBackend"))
# Registrants' personal data are deleted this many days after the tournament ended (GDPR
# Art. 5(1)(e), storage limitation; docs/registration.md), 1 to 3650. A failed registration
# mail is tried again MAIL_RETRY_SECONDS later, doubled each time, MAIL_RETRY_ATTEMPTS
# times in all. Both run in the housekeeping (tournaments/services/housekeeping.py): by
# Celery beat every HOUSEKEEPING_INTERVAL seconds with a worker; embedded (no worker),
# after a director's or the desk's page at most that often (HOUSEKEEPING_ON_REQUEST:
# "thread", "inline" or "off"), or `manage.py housekeeping` from cron.
REGISTRATION_RETENTION_DAYS = env.int("REGISTRATION_RETENTION_DAYS", default=30)
if not 1 <= REGISTRATION_RETENTION_DAYS <= 3650:
    sys.exit("REGISTRATION_RETENTION_DAYS must be a whole number from 1 to 3650")
MAIL_RETRY_SECONDS = env.int("MAIL_RETRY_SECONDS", default=60)
MAIL_RETRY_ATTEMPTS = env.int("MAIL_RETRY_ATTEMPTS", default=5)
if not (1 <= MAIL_RETRY_SECONDS <= 86_400 and 1 <= MAIL_RETRY_ATTEMPTS <= 20):
    sys.exit("MAIL_RETRY_SECONDS must be 1 to 86400, MAIL_RETRY_ATTEMPTS 1 to 20")
HOUSEKEEPING_INTERVAL = env.int("HOUSEKEEPING_INTERVAL", default=600)
if not 1 <= HOUSEKEEPING_INTERVAL <= 86_400:
    sys.exit("HOUSEKEEPING_INTERVAL must be a whole number of seconds from 1 to 86400")
HOUSEKEEPING_ON_REQUEST = env.str("HOUSEKEEPING_ON_REQUEST", default="thread")
if HOUSEKEEPING_ON_REQUEST not in ("thread", "inline", "off"):
    sys.exit("HOUSEKEEPING_ON_REQUEST must be thread, inline or off")
CELERY_BEAT_SCHEDULE = {"housekeeping": {"task": "tournaments.tasks.housekeeping",
                                         "schedule": float(HOUSEKEEPING_INTERVAL)}}
# Spectators' blocks show a new result at most this many seconds after it was entered, and are
# rendered at most once per this interval less PUBLIC_RENDER_TIME (the time set aside for a
# rendering itself; tournaments/views/rendercache.py); 0 renders every new version at once.
PUBLIC_RENDER_INTERVAL = env_seconds("PUBLIC_RENDER_INTERVAL", 2.0)
PUBLIC_RENDER_TIME = env_seconds("PUBLIC_RENDER_TIME", 1.0)
# Rate limits (tournaments/ratelimit.py, counted in the database, which every worker and
# host shares, with or without Redis): the captains' links per link and client address
# (captain) and unknown tokens per client address, per window; pre-registration per address
# and per tournament.
# X-Forwarded-For is used only with RATE_LIMIT_TRUSTED_PROXIES = number of proxies in front.
RATE_LIMITS = {
    "enabled": env.bool("RATE_LIMITS_ENABLED", default=True),
    "window": env.int("RATE_LIMIT_WINDOW", default=60),
    "captain": env.int("RATE_LIMIT_CAPTAIN", default=120),
    "captain_unknown": env.int("RATE_LIMIT_CAPTAIN_UNKNOWN", default=30),
    "prereg": env_rate("RATE_LIMIT_PREREG", "8/10m"),
    "prereg_tournament": env_rate("RATE_LIMIT_PREREG_TOURNAMENT", "30/m"),
    "trusted_proxies": env.int("RATE_LIMIT_TRUSTED_PROXIES", default=0),
}
# django-ratelimit is used as a library (django_ratelimit.core), not as an app: its system
# check refuses the local-memory cache, which is right for the embedded default (one process).
RATELIMIT_IP_META_KEY = "tournaments.ratelimit.client_ip"  # the one client-address rule
RATELIMIT_FAIL_OPEN = True  # a cache that is away must not stop result entry in a hall

# Failed logins (django-axes, database handler: the attempts show in the admin): after
# LOGIN_FAILURE_LIMIT failures for one username from one address, that username is locked
# for that address for LOGIN_COOLOFF_MINUTES (each further failure starts it again). Per
# combination, so that neither a stranger can lock a director out everywhere nor one phone
# lock every login behind a hall's NAT address. `manage.py axes_reset` lifts all lockouts.
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("LOGIN_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "tournaments.ratelimit.client_ip"  # the same rule as above
AXES_LOCKOUT_CALLABLE = "tournaments.ratelimit.login_locked_response"

# Where a rating list is imported without a Celery worker (docs/ratings.md): "process", a
# process of its own (never a web worker); "inline" only for the test suite's in-memory
# database, which another process cannot see.
RATING_LIST_IMPORT = env.str("RATING_LIST_IMPORT", default="process")
if RATING_LIST_IMPORT not in ("process", "inline"):
    sys.exit("RATING_LIST_IMPORT must be process or inline")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_EAGER_PROPAGATES = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "after_login"  # by role: director, desk or spectators
LOGOUT_REDIRECT_URL = "public:home"

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("TIME_ZONE", default="Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(BASE_DIR / "media")))
# Once ``collectstatic`` has run (the Docker image, the services tier) pages name each
# static file by its content (app.3f2a9c.css): WhiteNoise then serves it compressed and
# cacheable for ten years, and a new release is a new name. Without it (make run, the
# test suite, a checkout served straight from its folders) the plain names stay.
_COLLECTING = sys.argv[1:2] == ["collectstatic"]
STATIC_HASHED = not DEBUG and (_COLLECTING or (STATIC_ROOT / "staticfiles.json").is_file())
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.staticstorage.HashedStaticStorage"
                    if STATIC_HASHED else "whitenoise.storage.CompressedStaticFilesStorage"
                    if not DEBUG else "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# An API token unused for this many days is refused and deleted; a password change ends
# the user's tokens at once (tournaments/api/tokens.py).
API_TOKEN_IDLE_DAYS = env.int("API_TOKEN_IDLE_DAYS", default=30)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # DRF's tokens, expiring after API_TOKEN_IDLE_DAYS unused (tournaments/api/tokens.py)
        "tournaments.api.tokens.ExpiringTokenAuthentication",
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
        "ChessScoreEnum": "scoring.chess.SCORES",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
    # A line per rendering of a spectators' block or page, and per warm-up of them, at
    # INFO: bench/hall.py counts them (RENDER_LOG_LEVEL=INFO); otherwise as LOG_LEVEL.
    "loggers": {name: {"level": env.str("RENDER_LOG_LEVEL",
                                        default=env.str("LOG_LEVEL", default="WARNING"))}
                for name in ("tournaments.views.rendercache", "tournaments.views.warm")},
}

# Static files are served by the app itself (WhiteNoise), also straight from the source
# folders, so gunicorn serves them with or without collectstatic.
WHITENOISE_USE_FINDERS = True

# Content-Security-Policy (django-csp): only this site's own files run or style a page.
# No inline <script>/<style>, no style="" and no eval (htmx is told so by the meta tag in
# templates/base.html); QR codes are data: images. PDFs (weasyprint) are not web pages.
# How a page stays within it: docs/security.md.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# Request bodies: at most DATA_UPLOAD_MAX_MEMORY_SIZE (Django's 2.5 MB) unless a view
# allows more (the imports: tournaments/bodylimit.py); larger ones get 413 unread.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=2_621_440)
