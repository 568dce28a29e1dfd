"""PDF reports: ordering, rendering in (eager) Celery, failures, permissions, download."""

from __future__ import annotations

import html as html_text
import shutil
import subprocess
from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.urls import reverse
from django.utils import timezone

from tournaments import services, tasks
from tournaments.models import ActionLog, Report
from tournaments.services import ServiceError
from tournaments.services.public import standings_table
from tournaments.services.reports import report_context, request_report

pytestmark = pytest.mark.django_db

BASE = "http://halle.example/"


@pytest.fixture(autouse=True)
def _eager(eager_reports):
    """Every test here renders reports in-process (conftest's ``eager_reports``)."""


@pytest.fixture
def chess(make_tournament, boss):
    """Five chess players (so one gets a bye), round 1 published."""
    t = make_tournament("chess", entrants=5, name="Vereinsmeisterschaft")
    services.draw_round(t, boss, seed="bericht")
    services.publish_round(t, boss, 1)
    t.refresh_from_db()
    return t


def order(t, actor, kind, round_number=None, capture=None):
    with capture(execute=True):
        report = request_report(t, actor, kind, round_number, base_url=BASE)
    report.refresh_from_db()
    return report


def pdf_bytes(report):
    with report.file.open("rb") as fh:
        return fh.read()


@pytest.mark.parametrize("kind, round_number", [
    ("standings", None), ("standings", 1), ("pairings", 1), ("score_sheets", 1)])
def test_each_kind_renders_a_pdf(chess, boss, kind, round_number,
                                 django_capture_on_commit_callbacks):
    report = order(chess, boss, kind, round_number, django_capture_on_commit_callbacks)
    assert report.status == Report.Status.DONE, report.error
    assert report.progress == 100
    assert report.file.name == f"reports/{chess.slug}-{kind}-{report.pk}.pdf"
    data = pdf_bytes(report)
    assert data.startswith(b"%PDF")
    assert len(data) > 1000
    log = ActionLog.objects.filter(tournament=chess, action="request_report").first()
    assert log is not None and log.after == {"kind": kind, "round": round_number}


@pytest.mark.parametrize("discipline, kind, entrants", [
    ("mucken", "pair", 4), ("mucken", "single", 8), ("pussi", "single", 4),
    ("boardgame", "single", 7), ("tabletop", "single", 4), ("skat", "single", 7),
    ("doppelkopf", "single", 8), ("schafkopf", "single", 8), ("teamchess", "team", 4)])
def test_score_sheets_of_every_discipline(make_tournament, boss, discipline, kind, entrants,
                                          django_capture_on_commit_callbacks):
    t = make_tournament(discipline, entrant_kind=kind, entrants=entrants)
    services.draw_round(t, boss, seed="bogen")
    t.refresh_from_db()
    report = order(t, boss, "score_sheets", 1, django_capture_on_commit_callbacks)
    assert report.status == Report.Status.DONE, report.error
    assert pdf_bytes(report).startswith(b"%PDF")


def test_score_sheet_content(chess, boss, django_capture_on_commit_callbacks):
    """One sheet per table: table number, entrants, blank result fields, QR to /c/<token>/."""
    report = Report.objects.create(tournament=chess, kind="score_sheets", round_number=1)
    context = report_context(report, BASE)
    tables = context["tables"]
    assert len(tables) == 2
    for table in tables:
        assert table.url == f"http://halle.example/c/{table.token}/"
        assert table.qr.startswith("data:image/svg+xml")
    html = tasks.report_service.render_html(report, BASE)
    assert html.count('class="sheet"') == 2
    for table in tables:
        assert f"/c/{table.token}/" in html
        for seat in table.seats:
            assert seat.name in html
    assert "½ – ½" in html and "White" in html and "Black" in html
    assert "http://" not in html.replace("http://halle.example/c/", "")


def test_pussi_sheet_has_game_rows(make_tournament, boss):
    t = make_tournament("pussi", entrants=4, scoring={"games_per_series": 10})
    services.draw_round(t, boss, seed="pussi")
    report = Report.objects.create(tournament=t, kind="score_sheets", round_number=1)
    html = tasks.report_service.render_html(report, BASE)
    assert "Declarer" in html and "Bid" in html
    assert html.count('<td class="blank">1 / 2</td>') == 10


def test_pairings_list_byes(chess, boss):
    report = Report.objects.create(tournament=chess, kind="pairings", round_number=1)
    html = tasks.report_service.render_html(report, BASE)
    bye = chess.rounds.get(number=1).byes.select_related("entrant").get()
    assert "Byes" in html and bye.entrant.name in html


def test_standings_report_has_the_page_columns(chess, boss):
    report = Report.objects.create(tournament=chess, kind="standings")
    html = tasks.report_service.render_html(report, BASE)
    for header in ("Pts", "BH-C1", "BH", "SB"):  # tiebreaks: FIDE C.07 abbreviations
        assert f'<th class="num">{header}</th>' in html
    assert all(e.name in html for e in chess.entrants.all())


def test_failing_render_marks_report_failed(chess, boss, monkeypatch,
                                            django_capture_on_commit_callbacks):
    def broken(html):
        raise RuntimeError("kein Papier im Drucker")

    monkeypatch.setattr(tasks.report_service, "write_pdf", broken)
    report = order(chess, boss, "standings", None, django_capture_on_commit_callbacks)
    assert report.status == Report.Status.FAILED
    assert "kein Papier im Drucker" in report.error
    assert not report.file


def test_finished_report_is_not_rendered_twice(chess, boss, monkeypatch,
                                               django_capture_on_commit_callbacks):
    report = order(chess, boss, "standings", None, django_capture_on_commit_callbacks)
    assert report.status == Report.Status.DONE
    monkeypatch.setattr(tasks.report_service, "write_pdf",
                        lambda html: pytest.fail("rendered again"))
    assert tasks.render_report.apply(args=[report.pk]).get() == "done"


def test_network_is_refused():
    with pytest.raises(ValueError, match="disallowed protocol"):
        tasks.report_service.offline_fetcher()("https://fonts.example/font.woff2")


def test_bad_orders_are_refused(chess, boss):
    with pytest.raises(ServiceError) as exc:
        request_report(chess, boss, "cross_table")
    assert "kind" in exc.value.errors
    with pytest.raises(ServiceError) as exc:
        request_report(chess, boss, "pairings")
    assert "round_number" in exc.value.errors
    with pytest.raises(ServiceError) as exc:
        request_report(chess, boss, "score_sheets", 7)
    assert "round_number" in exc.value.errors
    with pytest.raises(ServiceError) as exc:
        request_report(chess, boss, "pairings", "erste")
    assert "round_number" in exc.value.errors
    assert not Report.objects.exists()


def test_list_page_orders_and_shows_progress(client, director, chess,
                                             django_capture_on_commit_callbacks):
    client.force_login(director)
    url = reverse("reports:list", args=[chess.slug])
    assert url == f"/director/{chess.slug}/reports/"
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    for kind in ("standings", "pairings", "score_sheets"):
        assert f'name="kind" value="{kind}"' in html

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"kind": "score_sheets", "round_number": "1"})
    assert response.status_code == 302 and response["Location"] == url
    report = Report.objects.get()
    assert report.status == Report.Status.DONE
    download = reverse("reports:download", args=[chess.slug, report.pk])
    assert download == f"/director/{chess.slug}/reports/{report.pk}/download/"
    html = client.get(url).content.decode()
    assert download in html
    assert "hx-trigger" not in html  # nothing pending: no polling

    # a queued report shows a progress bar and the list polls itself
    queued = Report.objects.create(tournament=chess, kind="standings", progress=10,
                                   status=Report.Status.RUNNING)
    status = client.get(reverse("reports:status", args=[chess.slug]))
    assert status.status_code == 200
    fragment = status.content.decode()
    assert 'hx-trigger="every 2s"' in fragment
    assert '<progress max="100" value="10">' in fragment
    assert reverse("reports:download", args=[chess.slug, queued.pk]) not in fragment

    # one that has made no progress for a long time (lost worker) stops the polling
    Report.objects.filter(pk=queued.pk).update(created=timezone.now() - timedelta(hours=1))
    fragment = client.get(reverse("reports:status", args=[chess.slug])).content.decode()
    assert "hx-trigger" not in fragment
    assert "no progress" in fragment


def test_the_base_url_comes_from_the_request(client, director, chess, monkeypatch,
                                             django_capture_on_commit_callbacks):
    seen = {}

    def fake_delay(report_id, base_url="", language=None):
        seen.update(report=report_id, base_url=base_url, language=language)

    monkeypatch.setattr(tasks.render_report, "delay", fake_delay)
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("reports:list", args=[chess.slug]),
                    {"kind": "pairings", "round_number": "1"}, HTTP_HOST="localhost:8000")
    assert seen["base_url"] == "http://localhost:8000"
    assert seen["report"] == Report.objects.get().pk
    assert Report.objects.get().status == Report.Status.QUEUED  # nothing ran yet


def test_bad_order_shows_the_field_error(client, director, chess):
    client.force_login(director)
    response = client.post(reverse("reports:list", args=[chess.slug]),
                           {"kind": "pairings", "round_number": "9"})
    assert response.status_code == 400
    assert "there is no round 9" in response.content.decode()
    assert not Report.objects.exists()


def test_permissions(client, desk_user, stranger, chess, boss,
                     django_capture_on_commit_callbacks):
    report = order(chess, boss, "standings", None, django_capture_on_commit_callbacks)
    urls = [reverse("reports:list", args=[chess.slug]),
            reverse("reports:status", args=[chess.slug]),
            reverse("reports:download", args=[chess.slug, report.pk])]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login"))
    anonymous_post = client.post(urls[0], {"kind": "standings"})
    assert anonymous_post.status_code == 302
    for user in (desk_user, stranger):
        client.force_login(user)
        for url in urls:
            assert client.get(url).status_code == 403, (user, url)
        assert client.post(urls[0], {"kind": "standings"}).status_code == 403
    assert Report.objects.count() == 1


def test_download_serves_pdf(client, director, chess, boss,
                             django_capture_on_commit_callbacks):
    report = order(chess, boss, "pairings", 1, django_capture_on_commit_callbacks)
    client.force_login(director)
    response = client.get(reverse("reports:download", args=[chess.slug, report.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert f'filename="{chess.slug}-pairings-r1.pdf"' in response["Content-Disposition"]
    assert b"".join(response.streaming_content).startswith(b"%PDF")


def test_download_of_unfinished_or_foreign_report_is_404(client, director, chess,
                                                         make_tournament):
    client.force_login(director)
    waiting = Report.objects.create(tournament=chess, kind="standings")
    assert client.get(reverse("reports:download",
                              args=[chess.slug, waiting.pk])).status_code == 404
    other = make_tournament("chess", name="Anderes Turnier")
    assert client.get(reverse("reports:download",
                              args=[other.slug, waiting.pk])).status_code == 404


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
def test_first_page_renders_to_an_image(chess, boss, tmp_path,
                                        django_capture_on_commit_callbacks):
    from PIL import Image

    report = order(chess, boss, "score_sheets", 1, django_capture_on_commit_callbacks)
    pdf = tmp_path / "sheets.pdf"
    pdf.write_bytes(pdf_bytes(report))
    subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "page")], check=True, timeout=60)
    png = next(tmp_path.glob("page*.png"))
    with Image.open(png) as img:
        gray = img.convert("L")
        width, height = gray.size
        assert height > width  # A4 portrait
        dark = sum(gray.histogram()[:128])
    assert dark > width * height * 0.01  # text and the QR code, not a blank page


def test_ordering_with_open_goes_straight_to_the_pdf(client, director, chess,
                                                     django_capture_on_commit_callbacks):
    """The final page's "Print final standings" (``open=1``) opens the PDF itself, not the
    report list with a second click (issue 31, item 10)."""
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("reports:list", args=[chess.slug]),
                               {"kind": "standings", "open": "1"})
    report = Report.objects.get()
    opened = reverse("reports:open", args=[chess.slug, report.pk])
    assert response.status_code == 302 and response["Location"] == opened
    pdf = client.get(opened)
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf["Content-Disposition"].startswith("inline")  # shown, to print it
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")


def test_open_waits_for_a_report_and_redirects_when_it_is_done(client, director, chess):
    client.force_login(director)
    report = Report.objects.create(tournament=chess, kind="standings", progress=10,
                                   status=Report.Status.RUNNING)
    opened = reverse("reports:open", args=[chess.slug, report.pk])
    page = client.get(opened)
    html = page.content.decode()
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    assert f'hx-get="{opened}"' in html and 'hx-trigger="every 1s"' in html
    assert '<progress max="100" value="10" aria-label="Progress">' in html
    report.file.save("r.pdf", ContentFile(b"%PDF-1.7 done"), save=False)
    Report.objects.filter(pk=report.pk).update(status=Report.Status.DONE, file=report.file.name,
                                               progress=100)
    poll = client.get(opened, HTTP_HX_REQUEST="true")
    assert poll.status_code == 200 and poll["HX-Redirect"] == opened


def test_open_of_a_failed_or_foreign_report(client, director, chess, make_tournament):
    client.force_login(director)
    failed = Report.objects.create(tournament=chess, kind="standings",
                                   status=Report.Status.FAILED, error="Kaputt")
    html = client.get(reverse("reports:open", args=[chess.slug, failed.pk])).content.decode()
    assert "Kaputt" in html and "hx-trigger" not in html
    assert reverse("reports:list", args=[chess.slug]) in html
    other = make_tournament("chess", name="Anderes Turnier")
    assert client.get(reverse("reports:open", args=[other.slug, failed.pk])).status_code == 404


def test_a_column_of_fractions_shares_its_decimal_places():
    """Shares were printed "0,8" beside "0,82" (issue 31, item 19)."""
    from fractions import Fraction

    from django.utils import translation

    from tournaments.common.numbers import column_numbers

    with translation.override("de"):
        assert column_numbers([Fraction(4, 5), Fraction(41, 50), 1, None, Fraction(1, 3)]) == [
            "0,80", "0,82", "1", "", "0,33"]
        assert column_numbers([2.5, 3, 0.5]) == ["2,5", "3", "0,5"]  # chess stays as written
        assert column_numbers([7, 12]) == ["7", "12"]
    with translation.override("en"):
        assert column_numbers([0.8, 0.825]) == ["0.80", "0.82"]


@pytest.mark.parametrize(("discipline", "entrants", "titles"), [
    ("boardgame", 8, ["Pts = Placement points at each table",
                      "Share = Own game points ÷ the table's total, summed",
                      "Game pts = Game points, summed"]),
    ("tabletop", 4, ["TP = Tournament points",
                     "Secondary = Own minus opponents' mission points, summed",
                     "Mission pts = Mission points, own, summed"]),
])
def test_the_standings_legend_names_every_column(make_tournament, boss, discipline, entrants,
                                                 titles):
    t = make_tournament(discipline, entrants=entrants)
    services.draw_round(t, boss, seed="legende")
    rnd = services.publish_round(t, boss, 1)
    for table in rnd.tables.all():
        seats = list(table.seats.select_related("entrant").order_by("side", "position"))
        services.director_set_result(table, boss, t.disc.example(t, seats))
    report = Report.objects.create(tournament=t, kind="standings")
    html = tasks.report_service.render_html(report, BASE)
    legend = html[html.index('class="legend'):]
    legend = html_text.unescape(" ".join(legend[:legend.index("</p>")].split()))
    for title in titles:
        assert title in legend, (title, legend)
    columns = [h for _k, h in standings_table(t).headers]
    assert legend.count(" = ") == len(columns), (columns, legend)
