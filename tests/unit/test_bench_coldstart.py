"""The hall bench's cold-start section (bench/coldstart.py), which docs/load.md's "The cold
start of a full hall" rests on: what reached gunicorn when, and every rendering."""

from __future__ import annotations

from datetime import UTC, datetime

from bench.coldstart import by_cache_status, per_second, reached_gunicorn, renderings

START = datetime(2026, 12, 7, 12, 5, 0, tzinfo=UTC).timestamp()


def test_gunicorns_access_log_is_split_at_the_first_seconds(tmp_path):
    (tmp_path / "access.log").write_text(
        "GET /t/x/standings/ 200 2390 [07/Dec/2026:13:05:02 +0100]\n"
        "GET /t/x/ 200 3159 [07/Dec/2026:13:05:03 +0100]\n"
        "GET /t/x/standings/ 304 9 [07/Dec/2026:13:05:40 +0100]\n"
        "GET /c/token/ 200 30 [07/Dec/2026:13:05:41 +0100]\n"
        "GET /t/ 200 133 [07/Dec/2026:13:04:50 +0100]\n")  # before the evening: left out
    lines = reached_gunicorn(tmp_path / "access.log", START, 15)
    rows = {line.split()[0]: line.split()[1:] for line in lines[1:]}
    assert rows["standings"][:4] == ["1", "2390", "2390", "2390"] and rows["standings"][4] == "1"
    assert rows["page"][:2] == ["1", "3159"] and rows["page"][4] == "0"
    assert rows["captain"][0] == "0" and rows["captain"][4] == "1"
    assert "other" not in rows


def test_renderings_are_counted_before_in_and_after_the_first_seconds(tmp_path):
    (tmp_path / "access.log").write_text("")
    (tmp_path / "gunicorn.log").write_text(
        f"rendered 1-aa version 507 in 133.3 ms at {START + 1:.3f}\n"
        f"rendered 1-bb version 507 in 290.8 ms at {START + 2:.3f}\n"
        f"rendered 1-aa version 520 in 80.0 ms at {START + 30:.3f}\n")
    (tmp_path / "celery.log").write_text(
        f"rendered 1-aa version 506 in 120.0 ms at {START - 5:.3f}\n"
        "warmed the public pages of x (version 506): 1 renderings in 121 ms\n")
    lines = renderings(tmp_path, START, 15)
    assert any("celery" in line and "before the evening" in line and " 1 renderings" in line
               for line in lines)
    assert any("gunicorn" in line and "first 15 s" in line and " 2 renderings of  2" in line
               for line in lines)
    assert any("gunicorn" in line and "after that" in line and " 1 renderings" in line
               for line in lines)
    assert any("warmed the public pages" in line for line in lines)


def test_the_phones_slow_answers_are_told_apart_by_nginxs_cache_status():
    answers = [("standings", 100.2, 0.9, "MISS"), ("standings", 100.6, 0.6, "HIT"),
               ("standings", 100.7, 0.002, "HIT"), ("page", 101.5, 0.05, "UPDATING"),
               ("standings", 120.0, 0.3, "STALE")]
    second = per_second(answers, 100.0, 15)
    assert "MISS 1" in second[1] and "HIT 1" in second[1] and second[1].split()[2] == "3"
    status = {tuple(line.split()[:2]): line.split()[2:] for line in
              by_cache_status(answers, 100.0, 15)[1:]}
    assert status[("standings", "HIT")][0] == "2" and status[("standings", "HIT")][-1] == "2"
    assert status[("standings", "STALE")][-1] == "0"  # after the first 15 s
