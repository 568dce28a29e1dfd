"""Small, clear modules: no Python file of the web app grows beyond 500 lines (issue 15).

A module that needs more does several jobs; split it by responsibility (as views/desk.py
and views/desk_rows.py, or the chess package) rather than raising the limit.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 500


def test_no_module_in_tournaments_is_over_500_lines():
    long = {str(p.relative_to(ROOT)): n for p in (ROOT / "tournaments").rglob("*.py")
            if "migrations" not in p.parts
            and (n := len(p.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert not long, long
