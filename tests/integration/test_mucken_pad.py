"""Mucken against the clock in the app: the pad-like inputs with "cut by time", the standings
that follow the tournament's rule, and the printed score pad (vertical and horizontal)."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import segno
from django.urls import reverse

from tournaments import services
from tournaments.models import ActionLog, Report, Result, Round, Table
from tournaments.result_forms import form_for
from tournaments.services import Actor, ServiceError
from tournaments.services.reports import request_report

from .helpers import captain_url as url
from .helpers import publish_first_round, row_errors

pytestmark = pytest.mark.django_db

BASE = "http://halle.example/"
CUT = {"bobbl[0].side1": "21", "bobbl[0].side2": "11",
       "bobbl[1].side1": "15", "bobbl[1].side2": "9", "bobbl[1].cut": "1"}


@pytest.fixture
def mucken_round(make_tournament, boss):
    """mucken_round(time_limit=45, unfinished="void") -> (tournament, round 1 open, tables)."""

    def make(entrants: int = 4, entrant_kind: str = "pair",
             **scoring: Any) -> tuple[Any, Round, list[Table]]:
        t = make_tournament("mucken", entrant_kind, entrants=entrants,
                            scoring={"target": 21, "bobbl_per_round": 2, **scoring})
        return (t, *publish_first_round(t, boss, "uhr"))

    return make


def sides(table: Table) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for s in table.seats.select_related("entrant"):
        out.setdefault(s.side, []).append(s.entrant.start_number)
    return out


def values(t: Any) -> dict[int, dict[str, Any]]:
    return {r["entrant"]: r["values"] for r in services.standings(t)["standings"]}


# --- the inputs ------------------------------------------------------------------------------

def test_page_shows_the_time_limit_and_a_cut_box_per_row(phone, mucken_round):
    _t, _rnd, tables = mucken_round(time_limit=45)
    content = phone.get(url(tables[0])).content.decode()
    assert "Time limit: 45 minutes per round." in content
    assert "the party ahead wins it" in content  # the default rule, explained
    assert 'name="bobbl[0].cut"' in content and 'name="bobbl[1].cut"' in content
    assert 'data-mucken data-target="21" data-rule="leader"' in content
    assert 'id="mucken-messages"' in content
    assert "css/mucken.css" in content


def test_without_a_time_limit_there_is_no_cut_box(phone, mucken_round):
    _t, _rnd, tables = mucken_round()
    content = phone.get(url(tables[0])).content.decode()
    assert "Time limit" not in content and 'name="bobbl[0].cut"' not in content


@pytest.mark.parametrize("rule", ["void", "as_played"])
def test_page_explains_the_rule(phone, mucken_round, rule):
    _t, _rnd, tables = mucken_round(time_limit=30, unfinished=rule)
    content = html.unescape(phone.get(url(tables[0])).content.decode())
    assert {"void": "that Bobbl counts for nobody",
            "as_played": "both parties' points in it count as Tore"}[rule] in content


@pytest.mark.parametrize(("rule", "expected"), [
    ("leader", ({"bobbl": 2, "tore": 0, "gegentore": 20}, {"bobbl": 0, "tore": 20,
                                                           "gegentore": 0})),
    ("void", ({"bobbl": 1, "tore": 0, "gegentore": 11}, {"bobbl": 0, "tore": 11,
                                                         "gegentore": 0})),
    ("as_played", ({"bobbl": 1, "tore": 15, "gegentore": 11}, {"bobbl": 0, "tore": 20,
                                                               "gegentore": 0})),
])
def test_captain_cut_by_time_and_standings_follow_the_rule(phone, mucken_round, rule,
                                                           expected):
    t, _rnd, tables = mucken_round(time_limit=45, unfinished=rule)
    r = phone.post(url(tables[0]), CUT)
    assert r.status_code == 302, row_errors(r.content.decode(), "bobbl[1]")
    result = Result.objects.get(table=tables[0])
    assert result.payload == {"bobbl": [[21, 11], [15, 9]], "unfinished": 2}
    one, two = sides(tables[0])[1][0], sides(tables[0])[2][0]
    got = values(t)
    assert {k: got[one][k] for k in ("bobbl", "tore", "gegentore")} == expected[0]
    assert {k: got[two][k] for k in ("bobbl", "tore", "gegentore")} == expected[1]


def test_time_ran_out_in_the_first_bobbl(phone, mucken_round):
    t, _rnd, tables = mucken_round(time_limit=45)
    r = phone.post(url(tables[0]), {"bobbl[0].side1": "7", "bobbl[0].side2": "13",
                                    "bobbl[0].cut": "1", "bobbl[1].side1": "",
                                    "bobbl[1].side2": ""})
    assert r.status_code == 302
    assert Result.objects.get(table=tables[0]).payload == {"bobbl": [[7, 13]], "unfinished": 1}
    two = sides(tables[0])[2][0]
    assert values(t)[two]["bobbl"] == 1 and values(t)[two]["gegentore"] == 7


def test_without_the_box_the_result_is_as_before(phone, mucken_round):
    _t, _rnd, tables = mucken_round(time_limit=45)
    post = {k: v for k, v in CUT.items() if k != "bobbl[1].cut"} | {"bobbl[1].side2": "21"}
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 302
    assert Result.objects.get(table=tables[0]).payload == {"bobbl": [[21, 11], [15, 21]]}


def test_a_finished_bobbl_cannot_be_cut(phone, mucken_round):
    _t, _rnd, tables = mucken_round(time_limit=45)
    r = phone.post(url(tables[0]), {**CUT, "bobbl[1].side1": "21"})
    assert r.status_code == 400
    content = r.content.decode()
    assert "cut by time, but side 1 reached 21" in row_errors(content, "bobbl[1]")
    assert row_errors(content, "bobbl[0]") == ""
    assert re.search(r'name="bobbl\[1\]\.cut" value="1"[^>]*checked', content)  # as sent
    assert not Result.objects.exists()


def test_nothing_follows_the_cut_bobbl(phone, mucken_round):
    _t, _rnd, tables = mucken_round(time_limit=45)
    r = phone.post(url(tables[0]), {**CUT, "bobbl[0].cut": "1", "bobbl[1].cut": ""})
    assert r.status_code == 400
    assert "Bobbl 1 was cut by time, so no Bobbl follows it" in html.unescape(
        row_errors(r.content.decode(), "bobbl[1]"))
    r = phone.post(url(tables[0]), {**CUT, "bobbl[0].cut": "1"})
    assert "only the last Bobbl written can be cut by time" in row_errors(
        r.content.decode(), "bobbl[0]")
    assert not Result.objects.exists()


def test_an_unmarked_unfinished_bobbl_points_at_the_box(phone, mucken_round):
    _t, _rnd, tables = mucken_round(time_limit=45)
    post = {k: v for k, v in CUT.items() if k != "bobbl[1].cut"}
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 400
    assert "neither side reached 21" in row_errors(r.content.decode(), "bobbl[1]")


def test_director_sees_and_corrects_a_cut_result(director_client, mucken_round, boss):
    t, _rnd, tables = mucken_round(time_limit=45, unfinished="as_played")
    services.director_set_result(tables[0], boss, {"bobbl": [[21, 11], [15, 9]],
                                                   "unfinished": 2})
    page = director_client.get(reverse("director:round", args=[t.slug, 1])).content.decode()
    assert re.search(r'name="bobbl\[1\]\.cut" value="1"[^>]*checked', page)
    assert "data-misfit" not in page  # the inputs show the stored result whole
    rform = form_for("mucken")
    payload = {"bobbl": [[21, 11], [15, 9]], "unfinished": 2}
    assert rform.post_from_payload(payload, tables[0])["bobbl[1].cut"] == "1"
    assert rform.fits(payload, tables[0]) and rform.fits({"bobbl": [[4, 6]], "unfinished": 1},
                                                         tables[0])
    r = director_client.post(reverse("director:result", args=[t.slug, 1, tables[0].number]),
                             {"entry": "inputs", **CUT, "bobbl[1].side2": "12"})
    assert r.status_code == 302
    assert Result.objects.get(table=tables[0]).payload == {"bobbl": [[21, 11], [15, 12]],
                                                           "unfinished": 2}


def test_live_check_messages_are_on_the_page(phone, mucken_round):
    _t, _rnd, tables = mucken_round(time_limit=45)
    content = phone.get(url(tables[0])).content.decode()
    m = re.search(r'<script id="mucken-messages" type="application/json">(.*?)</script>',
                  content, re.S)
    assert m
    messages = json.loads(m.group(1))
    assert {"both", "neither", "neither_cut", "cut_finished", "one_cut", "after_cut",
            "cut_leader", "summary"} <= set(messages)
    assert "{target}" in messages["neither"]


# --- the printed pad -------------------------------------------------------------------------

@pytest.fixture
def eager(eager_reports):
    """Reports render in-process (conftest's ``eager_reports``)."""


def order_pad(t: Any, actor: Actor, layout: str | None, capture: Any) -> Report:
    with capture(execute=True):
        report = request_report(t, actor, "score_sheets", 1, base_url=BASE, layout=layout)
    report.refresh_from_db()
    assert report.status == Report.Status.DONE, report.error
    return report


def pdf_text(pdf: Path, page: int) -> str:
    out = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    return " ".join(out.split())


def page_size(pdf: Path, page: int) -> tuple[float, float]:
    out = subprocess.run(["pdfinfo", "-f", str(page), "-l", str(page), str(pdf)],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    m = re.search(rf"Page\s+{page} size:\s+([\d.]+) x ([\d.]+)", out)
    assert m, out
    return float(m.group(1)), float(m.group(2))


def find_qr(png: Path, url: str) -> bool:
    """Whether the page shows the QR code of ``url``, module for module.

    Finds the top edge of the finder pattern in the upper left corner of a code (a dark run of
    7 modules), takes the module size from it and compares every module with segno's.
    """
    from PIL import Image

    matrix = [list(row) for row in segno.make(url, error="m").matrix]
    n = len(matrix)
    with Image.open(png) as img:
        gray = img.convert("L").point(lambda v: 0 if v < 128 else 255)
        width, height = gray.size
        pixels = gray.load()
        data = gray.tobytes()
    for y in range(1, height):
        row = data[y * width:(y + 1) * width]
        for run in re.finditer(rb"\x00{21,400}", row):
            x, length = run.start(), run.end() - run.start()
            if pixels[x, y - 1] == 0 or (x > 0 and pixels[x - 1, y] == 0):
                continue  # not the top left corner of a dark area
            m = length / 7
            if x + n * m > width or y + n * m > height:
                continue
            wrong = sum((pixels[int(x + (j + .5) * m), int(y + (i + .5) * m)] == 0)
                        != bool(matrix[i][j]) for i in range(n) for j in range(n))
            if wrong <= n * n * 0.02:
                return True
    return False


@pytest.mark.skipif(shutil.which("pdftoppm") is None or shutil.which("pdftotext") is None,
                    reason="poppler-utils are not installed")
@pytest.mark.parametrize(("layout", "landscape"), [("vertical", False), ("horizontal", True),
                                                   (None, False)])
def test_pad_pdf_has_the_qr_names_target_and_time(eager, mucken_round, boss, tmp_path, layout,
                                                  landscape, django_capture_on_commit_callbacks):
    t, _rnd, tables = mucken_round(entrants=8, entrant_kind="single", time_limit=40)
    report = order_pad(t, boss, layout, django_capture_on_commit_callbacks)
    pdf = tmp_path / "pad.pdf"
    with report.file.open("rb") as fh:
        pdf.write_bytes(fh.read())
    for page, table in enumerate(tables, start=1):
        text = pdf_text(pdf, page)
        assert f"Table {table.number}" in text and "Round 1" in text
        for seat in table.seats.select_related("entrant"):
            assert seat.entrant.name in text, (layout, seat.entrant.name, text)
        assert "Bobbl to 21 points" in text and "Time limit: 40 minutes per round." in text
        assert "cut by time" in text
        width, height = page_size(pdf, page)
        assert (width > height) == landscape
        subprocess.run(["pdftoppm", "-png", "-r", "300", "-f", str(page), "-l", str(page),
                        str(pdf), str(tmp_path / f"p{page}")], check=True, timeout=120)
        png = next(tmp_path.glob(f"p{page}*.png"))
        assert find_qr(png, f"{BASE}c/{table.token}/"), (layout, page)
        if page == 1:  # the second table's code is not on the first table's pad
            assert not find_qr(png, f"{BASE}c/{tables[1].token}/")


def test_pad_html_of_both_layouts(eager, mucken_round, boss):
    from tournaments import tasks

    t, _rnd, tables = mucken_round(time_limit=40, bobbl_per_round=3)
    report = Report.objects.create(tournament=t, kind="score_sheets", round_number=1)
    report.options = {"layout": "horizontal"}  # as the task sets it
    wide = tasks.report_service.render_html(report, BASE)
    report.options = {}
    tall = tasks.report_service.render_html(report, BASE)
    assert 'class="sheet pad pad-horizontal"' in wide and 'pad-grid horizontal' in wide
    assert 'class="sheet pad pad-vertical"' in tall and 'pad-grid vertical' in tall
    for page in (wide, tall):
        assert page.count('class="sheet pad') == len(tables)
        assert 'href="css/mucken-pad.css"' in page
        assert page.count('class="final"') == len(tables) * 2 * 4  # 3 Bobbl and a spare
        for table in tables:
            assert f"/c/{table.token}/" in page


def test_no_time_limit_on_the_pad(eager, mucken_round, boss):
    from tournaments import tasks

    t, _rnd, _tables = mucken_round()
    report = Report.objects.create(tournament=t, kind="score_sheets", round_number=1)
    page = tasks.report_service.render_html(report, BASE)
    assert "No time limit." in page and "cut by time" not in page


def test_layout_is_a_report_option(director_client, mucken_round, boss, eager,
                                   django_capture_on_commit_callbacks):
    t, _rnd, _tables = mucken_round(time_limit=40)
    with pytest.raises(ServiceError) as exc:
        request_report(t, boss, "score_sheets", 1, layout="diagonal")
    assert "layout" in exc.value.errors
    with pytest.raises(ServiceError) as exc:
        request_report(t, boss, "standings", None, layout="horizontal")
    assert "layout" in exc.value.errors
    page = director_client.get(reverse("reports:list", args=[t.slug])).content.decode()
    assert 'name="layout"' in page and 'value="horizontal"' in page
    with django_capture_on_commit_callbacks(execute=True):
        r = director_client.post(reverse("reports:list", args=[t.slug]),
                                 {"kind": "score_sheets", "round_number": "1",
                                  "layout": "horizontal"})
    assert r.status_code == 302
    report = Report.objects.get()
    assert report.status == Report.Status.DONE, report.error
    log = ActionLog.objects.get(tournament=t, action="request_report")
    assert log.after == {"kind": "score_sheets", "round": 1, "layout": "horizontal"}


@pytest.mark.parametrize("layout", ["vertical", "horizontal"])
def test_pad_pdf_stays_small_and_quick(eager, mucken_round, boss, layout,
                                       django_capture_on_commit_callbacks):
    """Dotted tally lines drew every dot as a circle of four curves: 250 KB and about 230 ms of
    WeasyPrint per pad (10.6 s for an evening's pads, issue 31 item 10). Dashed lines are one
    stroke each; a pad now takes about 10 KB."""
    t, _rnd, tables = mucken_round(entrants=8, time_limit=40)
    report = order_pad(t, boss, layout, django_capture_on_commit_callbacks)
    size = report.file.size
    assert size < 30_000 * len(tables), (layout, size, len(tables))
