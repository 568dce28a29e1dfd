import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

try:
    from hypothesis import HealthCheck
    from hypothesis import settings as hypothesis_settings

    # Tests never depend on timing: a property test on a busy CI machine may take longer
    # per example than Hypothesis's default 200 ms deadline without being wrong.
    hypothesis_settings.register_profile(
        "turnierwart", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    hypothesis_settings.load_profile("turnierwart")
except ImportError:  # pragma: no cover - hypothesis is a dev dependency
    pass


def pytest_configure(config):
    """Fast password hashing in tests (the default hasher is slow by design), and more."""
    try:
        from django.conf import settings
    except ImportError:  # pragma: no cover
        return
    if settings.configured or "DJANGO_SETTINGS_MODULE" in __import__("os").environ:
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
        # Tests look at the spectators' pages right after each change; the render interval
        # (several results a second make one rendering) has its own tests in test_rendercache.
        settings.PUBLIC_RENDER_INTERVAL = 0


DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "client", "admin_client",
                     "django_user_model", "django_db_setup"}


def pytest_collection_modifyitems(config, items):
    """``TEST_DATABASE_ONLY=1`` (make test-services, the PostgreSQL run): leave out the
    tests of ``tests/unit`` that touch no database.

    They test the pure cores (``scoring/``, ``pairing/``) and the web side's plain code, which
    do not change with the database; ``make test`` ran them once, and running them again
    against PostgreSQL took about a third of CI's time for nothing new.
    """
    import os

    if not os.environ.get("TEST_DATABASE_ONLY"):
        return
    keep, drop = [], []
    for item in items:
        pure = (Path(str(item.fspath)).parent.name == "unit"
                and item.get_closest_marker("django_db") is None
                and not DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))
        (drop if pure else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
