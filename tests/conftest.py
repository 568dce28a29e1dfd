import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


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
